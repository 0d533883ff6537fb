//! The shipped `engines.ini`: every engine and preset the README names is
//! there (`menagerie-xboard` with CECP and its rank option), and the
//! `selfplay` preset's `openings = openings/{variant}.txt` reaches the
//! variant's own file end to end. (A match with `menagerie-xboard` is not
//! played here: the runner gives an XBoard engine 2 s for its first
//! `feature` line, which a loaded machine can miss.)

mod common;
#[path = "common/matches.rs"]
mod matches;

use matches::{run_match, scratch_dir};
use menagerie::arena::config::{Config, Protocol};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `--preset NAME` the README shows.
fn readme_presets() -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut names: Vec<String> = readme
        .split("--preset ")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn shipped_ini_has_every_engine_and_preset_the_readme_names() {
    let c = Config::load(&root().join("engines.ini")).unwrap();
    // The README's "Shipped:" list.
    for name in [
        "menagerie",
        "menagerie-2t",
        "menagerie-xboard",
        "baseline",
        "fairymax",
        "stockfish",
    ] {
        assert!(c.engine(name).is_some(), "engines.ini has no [{name}]");
    }
    let xboard = c.engine("menagerie-xboard").unwrap();
    assert_eq!(xboard.protocol, Protocol::Xboard);
    assert_eq!(
        xboard.options,
        vec![(
            "Rank numbering".to_string(),
            "0-10 (XBoard -rankOffset 1)".to_string()
        )]
    );
    let presets = readme_presets();
    assert!(presets.len() >= 3, "{presets:?}");
    for name in presets
        .iter()
        .map(String::as_str)
        .chain(["chess-fairymax", "threads"])
    {
        let preset = c
            .preset(name)
            .unwrap_or_else(|| panic!("the README's preset {name} is not in engines.ini"));
        let engines = preset.get("engines").unwrap_or_else(|| panic!("{name}"));
        for engine in engines.split_whitespace() {
            assert!(c.engine(engine).is_some(), "[match {name}] names {engine}");
        }
    }
}

/// The shipped `engines.ini` in a scratch directory with its
/// `target/release/menagerie` commands pointed at the binary under test, and
/// an `openings/` folder holding only `fugue.txt` with one line.
fn scratch_copy(tag: &str, fugue_opening: &str) -> PathBuf {
    let dir = scratch_dir("shipped", tag);
    std::fs::create_dir_all(dir.join("openings")).unwrap();
    let ini = std::fs::read_to_string(root().join("engines.ini")).unwrap();
    assert!(ini.contains("command = target/release/menagerie\n"));
    let ini = ini.replace(
        "command = target/release/menagerie\n",
        &format!("command = {}\n", env!("CARGO_BIN_EXE_menagerie")),
    );
    std::fs::write(dir.join("engines.ini"), ini).unwrap();
    std::fs::write(dir.join("openings/fugue.txt"), format!("{fugue_opening}\n")).unwrap();
    dir
}

/// `[match selfplay]` (`openings = openings/{variant}.txt`) with
/// `--variant fugue` plays both games from the one line of the scratch
/// directory's `openings/fugue.txt`: the substitution happened, relative to
/// the ini file.
#[test]
fn selfplay_preset_reads_the_variants_openings_file() {
    // The Fugue start position after 1. c3 c6 (a FEN no other file holds).
    let fen = "wlqksaui/pp1ppppp/2p5/8/8/2P5/PP1PPPPP/IUASKQLW w 0 2";
    let dir = scratch_copy("selfplay", fen);
    let pgn = dir.join("selfplay.pgn");
    let (code, out, err) = run_match(
        &dir,
        &[
            "--preset",
            "selfplay",
            "--variant",
            "fugue",
            "--games",
            "2",
            "--tc",
            "st=0.02",
            "--time-margin",
            "3000",
            "--max-plies",
            "8",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("Score of menagerie-2t vs menagerie: "),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches(&format!("[FEN \"{fen}\"]")).count(),
        2,
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
