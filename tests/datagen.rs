//! `menagerie datagen` from the command line: the lines it writes, that a
//! seed fixes them byte for byte, that shards add up to the whole run, and
//! that bad input writes nothing. Tiny node limits keep it to seconds.

mod common;

use menagerie::rules::{Evaluate, Position};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};
use std::path::PathBuf;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    common::menagerie(&[&["datagen"], args].concat())
}

/// A fresh directory of this test's own.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-datagen-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sorted_lines(text: &str) -> Vec<&str> {
    let mut v: Vec<&str> = text.lines().collect();
    v.sort_unstable();
    v
}

/// Checks one output line against the rules of a variant: the FEN reads
/// back to itself, the side to move is neither in check nor has its king
/// capturable, the score is a centipawn integer (no mate) and the result
/// one of the three.
struct CheckLine<'a>(&'a str);

impl VariantVisitor for CheckLine<'_> {
    type Output = Result<(), String>;
    fn visit<P: Position + Evaluate>(self) -> Result<(), String> {
        let line = self.0;
        let fields: Vec<&str> = line.split(" | ").collect();
        let [fen, score, result] = fields[..] else {
            return Err(format!("not `FEN | score | result`: {line}"));
        };
        let pos = P::from_fen(fen).map_err(|e| format!("{line}: {e}"))?;
        if pos.to_fen() != fen {
            return Err(format!("{line}: FEN does not read back"));
        }
        if pos.in_check() || pos.royal_threatened() {
            return Err(format!("{line}: side to move in check"));
        }
        let cp: i32 = score.parse().map_err(|_| format!("{line}: bad score"))?;
        // Mate scores are 30,000 and more; evaluations stay far below.
        if cp.abs() >= 20_000 {
            return Err(format!("{line}: a mate score"));
        }
        if !["1.0", "0.5", "0.0"].contains(&result) {
            return Err(format!("{line}: bad result"));
        }
        Ok(())
    }
}

#[test]
fn every_variant_writes_lines_that_parse() {
    let mut total = 0;
    for &v in VARIANTS {
        let (code, out, err) = run(&[v, "--games", "2", "--nodes", "300", "--seed", "5"]);
        assert_eq!(code, 0, "{v}: {err}");
        assert!(err.contains(&format!("datagen {v}: 2 games")), "{v}: {err}");
        for line in out.lines() {
            dispatch(v, CheckLine(line)).unwrap().unwrap();
        }
        total += out.lines().count();
        // One game's lines share its result.
        let results: std::collections::HashSet<&str> =
            out.lines().filter_map(|l| l.rsplit(" | ").next()).collect();
        assert!(results.len() <= 2, "{v}: {results:?}");
    }
    assert!(total > 100, "only {total} positions");
}

/// Same seed, same bytes (also with more threads); another seed, other
/// games; appending to a file keeps what was there.
#[test]
fn a_seed_fixes_the_output_and_files_are_appended_to() {
    let dir = scratch("seed");
    let file = dir.join("data.txt");
    let f = file.to_str().unwrap();
    let args = ["chess", "--games", "3", "--nodes", "300", "--seed", "11"];
    let (code, first, _) = run(&args);
    assert_eq!(code, 0);
    assert!(first.lines().count() > 10);
    let (_, again, _) = run(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(first, again);
    let (_, other, _) = run(&["chess", "--games", "3", "--nodes", "300", "--seed", "12"]);
    assert_ne!(first, other);
    for _ in 0..2 {
        let (code, out, err) = run(&[&args[..], &["--out", f]].concat());
        assert_eq!(code, 0, "{err}");
        assert!(out.is_empty());
    }
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written, format!("{first}{first}"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Shards 0/2 and 1/2 appended to one file hold the whole run's lines, and
/// an openings file is followed.
#[test]
fn shards_add_up_to_the_whole_run() {
    let dir = scratch("shards");
    let file = dir.join("shards.txt");
    let f = file.to_str().unwrap();
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/openings/trubix.txt");
    let args = [
        "trubix",
        "--games",
        "5",
        "--nodes",
        "300",
        "--openings",
        openings,
    ];
    let (code, whole, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(whole.lines().count() > 10);
    for shard in ["1/2", "0/2"] {
        let (code, _, err) = run(&[&args[..], &["--shard", shard, "--out", f]].concat());
        assert_eq!(code, 0, "{err}");
    }
    let merged = std::fs::read_to_string(&file).unwrap();
    assert_eq!(sorted_lines(&whole), sorted_lines(&merged));
    let (_, one, _) = run(&[&args[..], &["--shard", "1/2"]].concat());
    assert!(!one.is_empty() && one.len() < whole.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each bad input: exit status 2, one `error:` line naming the problem,
/// nothing on standard output and no output file.
#[test]
fn bad_input_exits_2_and_writes_nothing() {
    let dir = scratch("bad");
    let out = dir.join("never.txt");
    let o = out.to_str().unwrap();
    let missing = dir.join("missing.txt");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# no openings\n").unwrap();
    let illegal = dir.join("illegal.txt");
    std::fs::write(&illegal, "startpos moves e2e4\nstartpos moves e2e5\n").unwrap();
    let (m, e, i) = (
        missing.to_str().unwrap(),
        empty.to_str().unwrap(),
        illegal.to_str().unwrap(),
    );
    let cases: [(&[&str], &str); 10] = [
        (
            &["nosuch", "--games", "1", "--nodes", "9"],
            "unknown variant 'nosuch'",
        ),
        (
            &["chess", "--games", "0", "--nodes", "9"],
            "bad --games '0'",
        ),
        (
            &["chess", "--games", "x", "--nodes", "9"],
            "bad --games 'x'",
        ),
        (
            &["chess", "--games", "1", "--nodes", "-5"],
            "bad --nodes '-5'",
        ),
        (
            &["chess", "--games", "1", "--nodes", "9", "--threads", "0"],
            "bad --threads '0'",
        ),
        (
            &["chess", "--games", "1", "--nodes", "9", "--shard", "2/2"],
            "bad --shard '2/2'",
        ),
        (
            &["chess", "--games", "1", "--nodes", "9", "--shard", "1-2"],
            "bad --shard '1-2'",
        ),
        (
            &["chess", "--games", "1", "--nodes", "9", "--openings", m],
            "cannot read openings file",
        ),
        (
            &["chess", "--games", "1", "--nodes", "9", "--openings", e],
            "holds no opening",
        ),
        (
            &["chess", "--games", "1", "--nodes", "9", "--openings", i],
            "opening 2:",
        ),
    ];
    for (args, expected) in cases {
        let (code, stdout, stderr) = run(&[args, &["--out", o]].concat());
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!out.exists(), "{args:?} created the output file");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One time-out that arrives as two SIGINTs a moment apart (GNU `timeout`
/// signals the command and then its process group) stops the run cleanly:
/// the finished games are kept whole and the summary is written, with exit
/// status 130. Before `tools::interrupt` the second signal, when it was not
/// merged with the first by the kernel, ended the program at once without
/// its summary (2 of 5 double kills by hand here), so the test makes six runs.
#[cfg(unix)]
#[test]
fn two_interrupts_close_together_are_one_clean_stop() {
    use std::time::{Duration, Instant};
    let dir = scratch("interrupt");
    for run in 0..6 {
        let file = dir.join(format!("data{run}.txt"));
        let child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .args(["datagen", "chess", "--games", "100000", "--nodes", "200"])
            .args(["--seed", "5", "--out", file.to_str().unwrap()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run menagerie");
        // The handler is in place once a game has been written.
        let deadline = Instant::now() + Duration::from_secs(120);
        while std::fs::metadata(&file).map_or(0, |m| m.len()) == 0 {
            assert!(Instant::now() < deadline, "no game finished in 120 s");
            std::thread::sleep(Duration::from_millis(20));
        }
        // Two signals back to back from one shell, as `timeout` sends them; the
        // second may find the process gone already, which is a clean stop too.
        let _ = Command::new("sh")
            .args(["-c", "kill -INT $0; kill -INT $0 2>/dev/null"])
            .arg(child.id().to_string())
            .status();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "run {run}: {err}");
        assert!(
            err.contains("datagen chess: ") && err.contains("; stopped"),
            "run {run}: no summary: {err}"
        );
        let written = std::fs::read_to_string(&file).unwrap();
        assert!(written.ends_with('\n'));
        for line in written.lines() {
            assert_eq!(line.split(" | ").count(), 3, "{line}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
