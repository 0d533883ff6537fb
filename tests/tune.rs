//! `menagerie tune` from the outside: two runs write the same file byte for
//! byte, and every bad input is one `error:` line, exit status 2 and no file.

use menagerie::rules::Tunable;
use menagerie::tools::tune::synthetic;
use menagerie::variants::trubix::Trubix;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-tune-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tune(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .arg("tune")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A scratch folder holding `data.txt`: `count` synthetic Trubix positions
/// labelled by the compiled weights.
fn trubix_data(tag: &str, count: usize, seed: u64) -> (PathBuf, PathBuf) {
    let dir = scratch(tag);
    let data = dir.join("data.txt");
    let text = synthetic::<Trubix>(count, seed, <Trubix as Tunable>::WEIGHTS, 0.005);
    std::fs::write(&data, text).unwrap();
    (dir, data)
}

#[test]
fn two_runs_write_the_same_weights_file() {
    let (dir, data) = trubix_data("twice", 300, 3);
    let (a, b) = (dir.join("a.rs"), dir.join("b.rs"));
    for out in [&a, &b] {
        let args = [
            "trubix",
            "--data",
            s(&data),
            "--epochs",
            "4",
            "--batch",
            "64",
            "--lr",
            "4",
        ];
        let (code, stdout, stderr) = tune(&[&args[..], &["--out", s(out)]].concat());
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(stdout.matches("held-out loss").count(), 5, "{stdout}");
    }
    let first = std::fs::read_to_string(&a).unwrap();
    assert_eq!(first, std::fs::read_to_string(&b).unwrap());
    // The header names the command and the data (lines and hash); the body
    // is the variant's layout.
    assert!(
        first.contains("Made by `menagerie tune trubix --data "),
        "{first}"
    );
    assert!(first.contains("(300 lines, FNV-1a "), "{first}");
    let layout = <Trubix as Tunable>::WEIGHTS.len();
    assert!(
        first.contains(&format!("pub const WEIGHTS: [i32; {layout}] = [")),
        "{first}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_one_error_line_exit_2_and_no_file() {
    let (dir, good) = trubix_data("bad", 20, 5);
    let malformed = dir.join("malformed.txt");
    let fen = "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1";
    std::fs::write(&malformed, format!("{fen} | 10 | 1.0\n{fen} | 10\n")).unwrap();
    let bad_fen = dir.join("badfen.txt");
    std::fs::write(
        &bad_fen,
        format!("{fen} | 10 | 0.5\n# note\nk7/8 w | 0 | 0.5\n"),
    )
    .unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing here\n\n").unwrap();
    let binary = dir.join("binary.txt");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let missing = dir.join("missing.txt");
    let out = dir.join("out.rs");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["trubix", "--data", s(&missing)],
            "missing.txt: cannot read",
        ),
        (
            vec!["trubix", "--data", s(&good), s(&malformed)],
            "malformed.txt:2: expected",
        ),
        (
            vec!["trubix", "--data", s(&bad_fen)],
            "badfen.txt:3: bad FEN",
        ),
        (vec!["trubix", "--data", s(&empty)], "0 usable position"),
        (
            vec!["trubix", "--data", s(&binary)],
            "binary.txt: not UTF-8",
        ),
        (
            vec!["nosuch", "--data", s(&good)],
            "unknown variant 'nosuch'",
        ),
        (
            vec!["trubix", "--data", s(&good), "--lambda", "2"],
            "--lambda",
        ),
        (vec!["trubix", "--data", s(&good), "--k", "0"], "--k"),
        (vec!["trubix", "--data", s(&good), "--k", "NaN"], "--k"),
        (
            vec!["trubix", "--data", s(&good), "--lr-end", "0"],
            "--lr-end",
        ),
        (
            vec!["trubix", "--data", s(&good), "--lr-end", "inf"],
            "--lr-end",
        ),
        (
            vec!["trubix", "--data", s(&good), "--freeze", "MATERIAL,QUEENS"],
            "no weight group \"QUEENS\"",
        ),
    ];
    for (args, want) in cases {
        let (code, stdout, stderr) = tune(&[&args[..], &["--out", s(&out)]].concat());
        assert_eq!(code, 2, "{args:?}: {stdout} {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(want),
            "{args:?}: {stderr}"
        );
        assert!(!out.exists(), "{args:?} wrote a file");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--k` holds K at the value given (the run reports it and the header's
/// command names it, so the file can be made again); so are `--lr-end` and
/// `--freeze`, and the frozen material row is the compiled one.
#[test]
fn a_given_k_is_kept_and_named_in_the_header() {
    let (dir, data) = trubix_data("fixed-k", 200, 4);
    let out = dir.join("w.rs");
    let args = [
        "trubix",
        "--data",
        s(&data),
        "--epochs",
        "2",
        "--k",
        "0.0042",
        "--lr-end",
        "0.25",
        "--freeze",
        "MATERIAL",
    ];
    let (code, stdout, stderr) = tune(&[&args[..], &["--out", s(&out)]].concat());
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("K 0.004200, held-out loss"), "{stdout}");
    let file = std::fs::read_to_string(&out).unwrap();
    assert!(
        file.contains(" --lr 1 --lr-end 0.25 --batch 16384 --k 0.0042 --freeze MATERIAL`"),
        "{file}"
    );
    assert!(file.contains("K = 0.004200;"), "{file}");
    let material_row = |text: &str| {
        let at = text.find("// MATERIAL\n").expect("a MATERIAL row");
        text[at..].lines().nth(1).unwrap().trim().to_string()
    };
    let compiled = std::fs::read_to_string("src/variants/trubix/weights.rs").unwrap();
    assert_eq!(material_row(&file), material_row(&compiled));
    // The same run without the freeze, at a step that moves the material.
    let thawed = dir.join("thawed.rs");
    let (code, _, stderr) = tune(&[&args[..9], &["--lr", "30", "--out", s(&thawed)]].concat());
    assert_eq!(code, 0, "{stderr}");
    let thawed = std::fs::read_to_string(&thawed).unwrap();
    assert_ne!(material_row(&thawed), material_row(&compiled));
    let _ = std::fs::remove_dir_all(&dir);
}
