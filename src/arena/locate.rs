//! Where `menagerie match` finds `engines.ini` when no `--config` is given, so
//! the command works outside the repository root: the current directory,
//! else the repository the binary was built in (walking up from the
//! executable to a directory holding `Cargo.toml` and `engines.ini`), else
//! the user's configuration directory. The error names every place looked at.

use std::path::{Path, PathBuf};

/// The file name looked for.
pub const FILE: &str = "engines.ini";

/// The places to look, in order, as (description for the error, path).
/// `exe` is the running binary; `config_home` is `$XDG_CONFIG_HOME`, else
/// `$HOME/.config` (None if neither is set).
pub fn candidates(cwd: &Path, exe: Option<&Path>, config_home: Option<&Path>) -> Vec<PathBuf> {
    let mut places = vec![cwd.join(FILE)];
    if let Some(exe) = exe {
        // The repository root is the first directory above the binary with
        // a Cargo.toml (target/release/menagerie → the checkout).
        if let Some(root) = exe
            .ancestors()
            .skip(1)
            .find(|d| d.join("Cargo.toml").is_file() && d.join(FILE).is_file())
        {
            places.push(root.join(FILE));
        }
    }
    if let Some(home) = config_home {
        places.push(home.join("menagerie").join(FILE));
    }
    places
}

/// `$XDG_CONFIG_HOME` if set and not empty, else `$HOME/.config`.
pub fn config_home() -> Option<PathBuf> {
    let non_empty = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    non_empty("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| non_empty("HOME").map(|h| PathBuf::from(h).join(".config")))
}

/// The first existing `engines.ini` of [`candidates`] for this process, or an
/// error that names each place looked at and `--config`.
pub fn find() -> Result<PathBuf, String> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let exe = std::env::current_exe().ok();
    let home = config_home();
    let places = candidates(&cwd, exe.as_deref(), home.as_deref());
    if let Some(found) = places.iter().find(|p| p.is_file()) {
        return Ok(found.clone());
    }
    let mut looked: Vec<String> = vec![format!("{} (current directory)", places[0].display())];
    match &exe {
        Some(exe) => looked.push(format!(
            "a repository above {} (no directory there holds Cargo.toml and {FILE})",
            exe.display()
        )),
        None => looked.push("the binary's repository (its path is unknown)".to_string()),
    }
    match &home {
        Some(h) => looked.push(h.join("menagerie").join(FILE).display().to_string()),
        None => looked
            .push("the user's config directory (neither XDG_CONFIG_HOME nor HOME is set)".into()),
    }
    Err(format!(
        "no {FILE} found; looked in {}; give one with --config FILE",
        looked.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_of_a_built_binary_is_a_candidate() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        let exe = repo.join("target/release/menagerie");
        let places = candidates(Path::new("/nowhere"), Some(&exe), Some(Path::new("/cfg")));
        assert_eq!(
            places,
            vec![
                PathBuf::from("/nowhere/engines.ini"),
                repo.join("engines.ini"),
                PathBuf::from("/cfg/menagerie/engines.ini"),
            ]
        );
        let elsewhere = candidates(Path::new("/a"), Some(Path::new("/usr/bin/menagerie")), None);
        assert_eq!(elsewhere, vec![PathBuf::from("/a/engines.ini")]);
    }
}
