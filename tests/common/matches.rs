//! What the `menagerie match` test crates share: a fresh scratch directory
//! per test, and a match run on the `engines.ini` written into it. (Its own
//! module, not `common`, so crates that run no match do not carry it unused.)

use std::path::{Path, PathBuf};

/// An empty directory `menagerie-<kind>-<pid>-<tag>` under the system's
/// temporary directory (emptied first if an earlier run left it).
pub fn scratch_dir(kind: &str, tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-{kind}-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `menagerie match --config <dir>/engines.ini ARGS...`: exit code, standard
/// output and standard error.
pub fn run_match(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let config = dir.join("engines.ini");
    let config = config.to_str().expect("a UTF-8 temporary path");
    crate::common::menagerie(&[&["match", "--config", config], args].concat())
}
