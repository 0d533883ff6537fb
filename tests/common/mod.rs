//! What several command-line test crates share: running the binary.

use std::process::Command;

/// Runs `menagerie` with `args`: exit code (-1 when killed), standard output
/// and standard error.
pub fn menagerie(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(args)
        .output()
        .expect("run menagerie");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
