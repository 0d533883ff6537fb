//! What a new user meets first, through the real binary: the piece key and the
//! rules summary of `menagerie show`, the hint printed when the engine is
//! started by hand, where `menagerie match` looks for `engines.ini`, perft's
//! progress and depth range, and error messages that say what was wrong.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

fn run(args: &[&str]) -> (i32, String, String) {
    common::menagerie(args)
}

/// Runs the binary with `input` on standard input (a pipe, as a GUI gives it).
fn run_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start menagerie");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("menagerie ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn show_prints_a_key_line_for_every_piece_letter() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("chess", &[("K", "King"), ("P", "Pawn"), ("N", "Knight")]),
        (
            "trubix",
            &[("W", "Woozan"), ("F", "Fleurbic"), ("Q", "Queen")],
        ),
        (
            "fugue",
            &[
                ("I", "Immobilizer"),
                ("U", "Pushme-Pullyu"),
                ("A", "Archer"),
                ("S", "Shield"),
                ("L", "Long Leaper"),
                ("W", "Swapper"),
            ],
        ),
        (
            "trebuqi2",
            &[("G", "General"), ("V", "Vicbaba"), ("T", "Trebuchet")],
        ),
        (
            "bandit",
            &[("T", "Trickster"), ("O", "Outlaw"), ("S", "Sergeant")],
        ),
    ];
    for (variant, pieces) in cases {
        let (code, out, _) = run(&["show", variant]);
        assert_eq!(code, 0, "{variant}");
        assert!(out.contains("Pieces (White upper case"), "{variant}: {out}");
        for (letter, name) in *pieces {
            let lower = letter.to_lowercase();
            let line = out
                .lines()
                .find(|l| l.starts_with(&format!("  {letter} {lower}  ")))
                .unwrap_or_else(|| panic!("{variant}: no key line for {letter}:\n{out}"));
            assert!(line.contains(name), "{variant}: {line}");
            assert!(line.len() > 40, "{variant}: says how it moves: {line}");
        }
    }
}

#[test]
fn show_rules_prints_the_summary_of_the_rules_document() {
    let (code, out, _) = run(&["show", "fugue", "--rules"]);
    assert_eq!(code, 0);
    let doc = std::fs::read_to_string("docs/rules/fugue.md").unwrap();
    let summary_start = doc.find("## In short\n").unwrap() + "## In short\n".len();
    let first_line = doc[summary_start..].trim_start().lines().next().unwrap();
    assert!(out.starts_with(first_line), "{out}");
    for word in ["Mike Nelson", "Immobilizer", "F14", "h1h2x"] {
        assert!(out.contains(word), "{word} missing from:\n{out}");
    }
    assert!(out.contains("FEN: wlqksaui/"), "the diagram follows");
    for (variant, words) in [
        ("trebuqi", &["trebuqi2", "trebuqi3", "Charles Gilman"][..]),
        ("trebuqi3", &["checkmate either enemy General"][..]),
        ("trubix", &["David Short", "Woozan"][..]),
        ("bandit", &["Patrik Hedman", "Trickster"][..]),
        ("chess", &["FIDE", "en passant"][..]),
    ] {
        let (code, out, _) = run(&["show", variant, "--rules"]);
        assert_eq!(code, 0, "{variant}");
        for w in words {
            assert!(out.contains(w), "{variant}: {w} missing");
        }
    }
}

/// The rules documents carry every ruling the code cites, and nothing in the
/// repository points outside it.
#[test]
fn every_cited_ruling_is_in_its_rules_document() {
    for (doc, prefix, last) in [
        ("trubix", 'T', 12),
        ("trebuqi", 'Q', 9),
        ("fugue", 'F', 15),
        ("bandit", 'B', 14),
    ] {
        let text = std::fs::read_to_string(format!("docs/rules/{doc}.md")).unwrap();
        for n in 1..=last {
            let id = format!("{prefix}{n}");
            let found = text
                .match_indices(&id)
                .any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()));
            assert!(found, "docs/rules/{doc}.md lacks {id}");
        }
    }
}

/// Started by a GUI (standard input a pipe) the engine says nothing on
/// standard error; started on a terminal it prints one line saying what to
/// type. The terminal is made with util-linux `script` where it exists.
#[test]
fn the_engine_loop_hints_only_on_a_terminal() {
    let (code, out, err) = run_with_input(&[], "uci\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("uciok"));
    assert!(err.is_empty(), "a GUI sees nothing on stderr: {err}");
    if !std::path::Path::new("/usr/bin/script").exists() {
        eprintln!("no /usr/bin/script: terminal half skipped");
        return;
    }
    // `script` runs the engine on a terminal of its own and types our input there.
    let typed = Command::new("/usr/bin/script")
        .args(["-qec", BIN, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"quit\n")?;
            child.wait_with_output()
        })
        .expect("run script");
    let shown = String::from_utf8_lossy(&typed.stdout);
    assert!(
        shown.contains("type `uci` or `xboard`") && shown.contains("--help"),
        "{shown}"
    );
}

/// `perft --help` and the depth error name the same range.
#[test]
fn perft_help_and_error_agree_on_the_depth_range() {
    let (code, out, _) = run(&["perft", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("1 to 20"), "{out}");
    let (code, _, err) = run(&["perft", "chess", "21"]);
    assert_eq!(code, 2);
    assert!(err.contains("1 to 20"), "{err}");
}

/// On a terminal a long perft rewrites a progress line (root moves done,
/// nodes so far, elapsed), and Ctrl-C typed there stops it with the partial
/// count. The perft is deep enough (chess 7: seconds) that the line shows on
/// any machine; the test types Ctrl-C once it has seen the line, so it takes
/// no fixed time (a perft 6 once finished inside the line's first quarter
/// second on a fast machine, and the test failed).
#[test]
fn a_long_perft_on_a_terminal_shows_progress() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    if !std::path::Path::new("/usr/bin/script").exists() {
        eprintln!("no /usr/bin/script: skipped");
        return;
    }
    let mut child = Command::new("/usr/bin/script")
        .args(["-qec", &format!("{BIN} perft chess 7"), "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run script");
    let mut terminal = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = terminal.read(&mut buf) {
            if tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = String::new();
    let deadline = Instant::now() + Duration::from_secs(300);
    while !shown.contains(" of 20 root moves, ") && Instant::now() < deadline {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(bytes) => shown.push_str(&String::from_utf8_lossy(&bytes)),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(_) => break, // the perft ended without showing the line
        }
    }
    // Ctrl-C as typed on the terminal (the pseudo-terminal sends SIGINT).
    let _ = child.stdin.take().unwrap().write_all(b"\x03");
    let status = child.wait().expect("wait for script");
    reader.join().unwrap();
    shown.extend(
        rx.try_iter()
            .map(|b| String::from_utf8_lossy(&b).into_owned()),
    );
    assert!(
        shown.contains(" of 20 root moves, ") && shown.contains(" nodes, "),
        "{shown}"
    );
    assert_eq!(status.code(), Some(130), "{shown}");
    assert!(
        shown.contains("Partial count: ") && shown.contains(" of 20 root moves)"),
        "{shown}"
    );
    // Not on a terminal (a pipe), a quick perft prints only its time line.
    let (code, _, err) = run(&["perft", "chess", "5"]);
    assert_eq!(code, 0);
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Ctrl-C (SIGINT) stops a perft cleanly: exit status 130 and the exact count
/// of the root moves finished, said to be partial.
#[test]
fn ctrl_c_stops_a_perft_with_the_partial_count() {
    let child = Command::new(BIN)
        .args(["perft", "chess", "8", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start perft");
    std::thread::sleep(std::time::Duration::from_millis(2500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let started = std::time::Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(started.elapsed().as_secs() < 60, "stopped promptly");
    assert_eq!(out.status.code(), Some(130));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap_or("");
    assert!(
        last.starts_with("Partial count: ") && last.contains(" of 20 root moves)"),
        "{stdout}"
    );
    // The partial count is the sum of the root moves printed.
    let listed: u64 = stdout
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| m.len() == 4)
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    assert!(last.starts_with(&format!("Partial count: {listed} nodes")));
}

/// `menagerie match` without `--config`: the current directory's engines.ini,
/// else the repository the binary was built in, else the user's config
/// directory; when none exists the error names each place and `--config`.
#[test]
fn match_finds_engines_ini_beside_the_repository_or_in_the_config_dir() {
    let tmp = std::env::temp_dir().join(format!("menagerie-locate-{}", std::process::id()));
    let (bin_dir, home, cfg) = (tmp.join("bin"), tmp.join("home"), tmp.join("cfg"));
    for d in [&bin_dir, &home, &cfg] {
        std::fs::create_dir_all(d).unwrap();
    }
    let in_tmp = |bin: &str, xdg: &std::path::Path| {
        let out = Command::new(bin)
            .args(["match", "nosuch", "baseline"])
            .current_dir(&tmp)
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", xdg)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // The built binary, run elsewhere, finds the repository's file.
    let repo_ini = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engines.ini");
    let (code, err) = in_tmp(BIN, &cfg);
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!("no engine [nosuch] in {}", repo_ini.display())),
        "{err}"
    );
    // A copy outside any repository, no file anywhere: every place is named.
    let copy = bin_dir.join("menagerie");
    std::fs::copy(BIN, &copy).unwrap();
    let copy = copy.to_str().unwrap();
    let (code, err) = in_tmp(copy, &cfg);
    assert_eq!(code, Some(2));
    let cfg_ini = cfg.join("menagerie").join("engines.ini");
    for place in [
        tmp.join("engines.ini").display().to_string(),
        format!("a repository above {copy}"),
        cfg_ini.display().to_string(),
        "--config".to_string(),
    ] {
        assert!(err.contains(&place), "{place} not in: {err}");
    }
    // XDG_CONFIG_HOME empty: ~/.config is used.
    let (_, err) = in_tmp(copy, std::path::Path::new(""));
    assert!(
        err.contains(
            &home
                .join(".config/menagerie/engines.ini")
                .display()
                .to_string()
        ),
        "{err}"
    );
    // The user's config directory.
    std::fs::create_dir_all(cfg_ini.parent().unwrap()).unwrap();
    std::fs::write(&cfg_ini, "[x]\ncommand = /bin/true\n").unwrap();
    let (_, err) = in_tmp(copy, &cfg);
    assert!(
        err.contains(&format!("no engine [nosuch] in {}", cfg_ini.display())),
        "{err}"
    );
    // The current directory wins over both.
    std::fs::write(tmp.join("engines.ini"), "[y]\ncommand = /bin/true\n").unwrap();
    let (_, err) = in_tmp(BIN, &cfg);
    assert!(
        err.contains("no engine [nosuch] in ./engines.ini")
            || err.contains(&tmp.join("engines.ini").display().to_string()),
        "{err}"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Every error the protocol loops give names what was wrong: nothing is left
/// empty after the colon, even for a command given without its arguments.
#[test]
fn no_protocol_error_has_an_empty_detail() {
    let uci = "uci\nsetoption\nsetoption name\nsetoption name UCI_Variant value\nposition\n\
               position fen\ngo depth\ngo perft\nisready\nquit\n";
    let xboard = "xboard\nprotover 2\nvariant\nlevel\nst\nsd\ntime\notim\nmemory\ncores\n\
                  usermove\nsetboard\noption\nlift\nput\nperft\nundo\nremove\nping 1\nquit\n";
    for script in [uci, xboard] {
        let (_, out, _) = run_with_input(&[], script);
        let errors: Vec<&str> = out
            .lines()
            .filter(|l| l.contains("Error (") || l.starts_with("Illegal move ("))
            .collect();
        assert!(errors.len() >= 6, "{out}");
        for line in errors {
            let detail = line.split_once("): ").map(|(_, d)| d).unwrap_or("");
            let words: Vec<&str> = detail.split_whitespace().collect();
            assert!(!words.is_empty(), "empty detail: {line:?}");
            assert!(
                !line.ends_with(' '),
                "detail ends in nothing after the command: {line:?}"
            );
        }
    }
}
