//! The README's runnable examples work from a fresh clone. Blocks fenced as
//! ```` ```sh readme-test ```` hold commands that need no GUI and finish in
//! seconds; this test copies the repository's tracked files into a temporary
//! directory (a clone without `target/`), puts the built binary where
//! `cargo build --release` would, and runs each line there with `sh`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The marked blocks' command lines, in order (`\` continuations joined).
fn runnable_examples(readme: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut inside = false;
    let mut pending = String::new();
    for line in readme.lines() {
        let t = line.trim();
        if !inside {
            inside = t == "```sh readme-test";
            continue;
        }
        if t == "```" {
            inside = false;
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match t.strip_suffix('\\') {
            Some(head) => pending.push_str(head),
            None => {
                pending.push_str(t);
                lines.push(std::mem::take(&mut pending));
            }
        }
    }
    lines
}

/// A copy of the repository's tracked files (what a clone has) in a new
/// temporary directory, with the test's binary as target/release/menagerie.
fn fresh_clone() -> PathBuf {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("menagerie-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(repo)
        .output()
        .expect("git ls-files");
    assert!(listed.status.success());
    for name in listed.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = Path::new(std::str::from_utf8(name).unwrap());
        let from = repo.join(name);
        if !from.is_file() {
            continue; // deleted in the work tree
        }
        let to = dir.join(name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&from, &to).unwrap();
    }
    let bin = dir.join("target/release/menagerie");
    std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_menagerie"), &bin).unwrap();
    dir
}

#[test]
fn the_readmes_runnable_examples_succeed_from_a_fresh_clone() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let examples = runnable_examples(&readme);
    assert!(examples.len() >= 4, "marked examples: {examples:?}");
    let dir = fresh_clone();
    for cmd in &examples {
        let out = Command::new("sh")
            .args(["-c", cmd])
            .current_dir(&dir)
            .env("HOME", &dir)
            .env_remove("XDG_CONFIG_HOME")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run sh");
        assert!(
            out.status.success(),
            "README example failed: {cmd}\nstdout: {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn continuation_lines_are_joined_and_other_blocks_ignored() {
    let text = "```sh\nxboard -fcp x\n```\n```sh readme-test\n# note\na \\\n  b\nc\n```\n";
    assert_eq!(
        runnable_examples(text),
        vec!["a b".to_string(), "c".to_string()]
    );
}
