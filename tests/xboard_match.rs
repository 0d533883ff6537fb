//! `scripts/xboard-match.sh` catches what a real GUI game can hide: each case
//! runs the script on one chess game (`normal`) with both engines replaced by
//! `tests/engines/xboard-faulty.sh`, our engine behind a filter that injects
//! one fault, and asserts the script fails with the matching reason. A
//! fault-free run through the same double must pass, so the failures are the
//! faults' and not the double's.
//!
//! Needs XBoard and xvfb-run. Without them the test says so and checks
//! nothing, except under `CI=true`, where it fails: CI installs them.

use std::path::Path;
use std::process::Command;

fn installed(program: &str) -> bool {
    Path::new("/usr/games").join(program).exists()
        || Command::new("sh")
            .args(["-c", &format!("command -v {program}")])
            .output()
            .is_ok_and(|o| o.status.success())
}

/// Whether the GUI is here; in CI its absence is a failure, not a skip.
fn xboard_available() -> bool {
    if installed("xboard") && installed("xvfb-run") {
        return true;
    }
    assert_ne!(
        std::env::var("CI").as_deref(),
        Ok("true"),
        "CI=true but xboard or xvfb-run is not installed"
    );
    eprintln!("SKIPPED: xboard or xvfb-run is not installed (CI=true makes this a failure)");
    false
}

/// Runs the script for one `normal` game with the given fault and time
/// control; returns its exit status and standard output.
fn run_script(fault: &str, tc: &str, game_seconds: u32) -> (i32, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out_dir = std::env::temp_dir().join(format!(
        "menagerie-xboard-match-{}-{fault}",
        std::process::id()
    ));
    let out = Command::new(root.join("scripts/xboard-match.sh"))
        .arg("normal")
        .env("MENAGERIE", root.join("tests/engines/xboard-faulty.sh"))
        .env("MENAGERIE_BIN", env!("CARGO_BIN_EXE_menagerie"))
        .env("MENAGERIE_FAULT", fault)
        .env("TC", tc)
        .env("GAME_SECONDS", game_seconds.to_string())
        .env("OUT", &out_dir)
        .output()
        .expect("run scripts/xboard-match.sh");
    let _ = std::fs::remove_dir_all(&out_dir);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn xboard_match_fails_on_time_losses_engine_errors_and_unfinished_games() {
    if !xboard_available() {
        return;
    }
    // The double without a fault: a normal game, the script passes.
    let (code, out) = run_script("none", "0:05", 90);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("normal ok: "), "{out}");

    // Moves held back 3 s against a 2 s clock: XBoard (-autoflag) calls the
    // flag, and the script reports the loss on time.
    let (code, out) = run_script("slow", "0:02", 60);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("normal FAIL") && out.contains("on time"),
        "{out}"
    );

    // An `Error (...)` line from the engine fails the game even though it ends.
    let (code, out) = run_script("error", "0:05", 90);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("engine complained"), "{out}");

    // Moves that never come, with a one-minute clock: the game is stopped
    // after 10 s with no result.
    let (code, out) = run_script("silent", "1:00", 10);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no result"), "{out}");
}
