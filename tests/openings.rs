//! The shipped opening files are what their headers say: every non-chess
//! `openings/<variant>.txt` names the `menagerie openings` command that wrote
//! it, and running that command again writes the file byte for byte.
//!
//! The regeneration searches every candidate line to depth 7 and takes about
//! two minutes in release (Trebuqi's three files most of it), so it is
//! ignored in the test command and run by `.ci/run`:
//! `cargo test --release --test openings -- --ignored`.

use menagerie::variants::VARIANTS;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The arguments after `menagerie` in the file's "written by" header line.
fn header_command(text: &str) -> Option<Vec<String>> {
    let start = text.find("`menagerie openings ")? + "`menagerie ".len();
    let end = start + text[start..].find('`')?;
    Some(
        text[start..end]
            .split_whitespace()
            .map(String::from)
            .collect(),
    )
}

fn shipped(variant: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("openings/{variant}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every variant but chess (whose file is a hand-picked book) has a file
/// written by the command, for that variant.
#[test]
fn every_generated_openings_file_names_its_command() {
    for &variant in VARIANTS.iter().filter(|&&v| v != "chess") {
        let args = header_command(&shipped(variant))
            .unwrap_or_else(|| panic!("openings/{variant}.txt does not name its command"));
        assert_eq!(args[..2], ["openings", variant], "{args:?}");
        assert!(args.contains(&"--seed".to_string()), "{args:?}");
    }
}

#[test]
#[ignore = "about two minutes in release; run by .ci/run"]
fn shipped_openings_regenerate_byte_for_byte() {
    // All files at once: the commands are single-threaded.
    let runs: Vec<(&str, Child)> = VARIANTS
        .iter()
        .filter(|&&v| v != "chess")
        .map(|&variant| {
            let args = header_command(&shipped(variant)).unwrap();
            let child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
                .args(&args)
                .stdout(Stdio::piped())
                .spawn()
                .expect("run menagerie openings");
            (variant, child)
        })
        .collect();
    assert_eq!(runs.len(), VARIANTS.len() - 1);
    for (variant, child) in runs {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{variant}: {}", out.status);
        let written = String::from_utf8(out.stdout).unwrap();
        assert!(
            written == shipped(variant),
            "openings/{variant}.txt is not what its header's command writes now;\n\
             rewrite it with that command (the README's openings paragraph)"
        );
    }
}
