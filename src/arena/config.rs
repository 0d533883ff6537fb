//! `engines.ini`: engine definitions and named match presets.
//!
//! ```text
//! # comment
//! [menagerie]                 ; an engine: the section name is the engine's name
//! command = target/release/menagerie
//! args = --flag value         ; split on whitespace
//! protocol = uci              ; uci | xboard
//! options = Threads=2, Hash=64   ; name=value pairs, comma-separated (repeatable)
//! dir = .                     ; working directory
//! tc = 5+0.05                 ; this engine's own clock (time odds); else the match's
//! ponder = true               ; think on the opponent's time (default false)
//!
//! [match quick]               ; a preset: defaults for `menagerie match --preset quick`
//! engines = menagerie baseline
//! variant = chess
//! tc = 10+0.1
//! ```
//! Relative `command` paths (those containing `/`) and `dir` are taken from the
//! directory of the ini file, so the shipped file works from anywhere.

use super::tc::TimeControl;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
}

/// One engine as the match runner starts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub protocol: Protocol,
    pub options: Vec<(String, String)>,
    pub dir: Option<PathBuf>,
    /// The engine's own time control, for time-odds matches; `None` plays on
    /// the match's.
    pub tc: Option<TimeControl>,
    /// Whether the engine thinks on its opponent's time: UCI `go ponder` on
    /// the reply it predicts, CECP `hard`. Off by default, so an engine's
    /// strength in a match is its strength on its own clock alone.
    pub ponder: bool,
}

impl EngineSpec {
    /// The clock this engine plays on when the match's is `default`.
    pub fn time_control(&self, default: TimeControl) -> TimeControl {
        self.tc.unwrap_or(default)
    }
}

/// A named set of `match` defaults (`key = value` as on the command line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    pub name: String,
    pub values: Vec<(String, String)>,
}

impl Preset {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub engines: Vec<EngineSpec>,
    pub presets: Vec<Preset>,
}

/// Preset keys we know (the `match` options without dashes).
pub const PRESET_KEYS: &[&str] = &[
    "engines",
    "variant",
    "tc",
    "games",
    "concurrency",
    "openings",
    "random-plies",
    "seed",
    "pgn",
    "sprt",
    "max-plies",
    "draw-adjudication",
    "resign-adjudication",
];

enum Section {
    None,
    Engine(EngineSpec),
    Preset(Preset),
}

impl Config {
    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let base = path.parent().unwrap_or(Path::new("."));
        Config::parse(&text, base).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Parses ini text; relative paths are resolved against `base`.
    pub fn parse(text: &str, base: &Path) -> Result<Config, String> {
        let mut cfg = Config::default();
        let mut cur = Section::None;
        for (i, raw) in text.lines().enumerate() {
            let err = |m: String| format!("line {}: {m}", i + 1);
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
                continue;
            }
            if let Some(head) = line.strip_prefix('[') {
                let head = head
                    .strip_suffix(']')
                    .ok_or_else(|| err("section header without ']'".into()))?
                    .trim();
                cfg.close(std::mem::replace(&mut cur, Section::None), base)
                    .map_err(err)?;
                cur = match head.split_once(char::is_whitespace) {
                    Some(("match", name)) => Section::Preset(Preset {
                        name: name.trim().to_string(),
                        values: Vec::new(),
                    }),
                    _ if head.is_empty() || head.contains(char::is_whitespace) => {
                        return Err(err(format!("bad section name '{head}'")))
                    }
                    _ => Section::Engine(EngineSpec {
                        name: head.to_string(),
                        command: String::new(),
                        args: Vec::new(),
                        protocol: Protocol::Uci,
                        options: Vec::new(),
                        dir: None,
                        tc: None,
                        ponder: false,
                    }),
                };
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| err(format!("expected 'key = value', got '{line}'")))?;
            let (key, value) = (key.trim(), value.trim());
            match &mut cur {
                Section::None => return Err(err("a key before any [section]".into())),
                Section::Preset(p) => {
                    if !PRESET_KEYS.contains(&key) {
                        return Err(err(format!("unknown match key '{key}'")));
                    }
                    p.values.push((key.to_string(), value.to_string()));
                }
                Section::Engine(e) => match key {
                    "command" => e.command = value.to_string(),
                    "args" => e.args = value.split_whitespace().map(String::from).collect(),
                    "dir" => e.dir = Some(base.join(value)),
                    "tc" => e.tc = Some(TimeControl::parse(value).map_err(err)?),
                    "ponder" => {
                        e.ponder = match value {
                            "true" => true,
                            "false" => false,
                            _ => {
                                return Err(err(format!(
                                    "ponder must be true or false, not '{value}'"
                                )))
                            }
                        }
                    }
                    "protocol" => {
                        e.protocol = match value {
                            "uci" => Protocol::Uci,
                            "xboard" | "cecp" => Protocol::Xboard,
                            _ => {
                                return Err(err(format!(
                                    "protocol must be uci or xboard, not '{value}'"
                                )))
                            }
                        }
                    }
                    "options" | "option" => {
                        for pair in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                            let (n, v) = pair
                                .split_once('=')
                                .ok_or_else(|| err(format!("option '{pair}' is not name=value")))?;
                            e.options.push((n.trim().to_string(), v.trim().to_string()));
                        }
                    }
                    _ => return Err(err(format!("unknown engine key '{key}'"))),
                },
            }
        }
        cfg.close(cur, base)?;
        Ok(cfg)
    }

    fn close(&mut self, section: Section, base: &Path) -> Result<(), String> {
        match section {
            Section::None => {}
            Section::Preset(p) => self.presets.push(p),
            Section::Engine(mut e) => {
                if e.command.is_empty() {
                    return Err(format!("engine [{}] has no command", e.name));
                }
                if e.command.contains('/') && Path::new(&e.command).is_relative() {
                    e.command = base.join(&e.command).to_string_lossy().into_owned();
                }
                if self.engine(&e.name).is_some() {
                    return Err(format!("engine [{}] defined twice", e.name));
                }
                self.engines.push(e);
            }
        }
        Ok(())
    }

    pub fn engine(&self, name: &str) -> Option<&EngineSpec> {
        self.engines.iter().find(|e| e.name == name)
    }

    pub fn preset(&self, name: &str) -> Option<&Preset> {
        self.presets.iter().find(|p| p.name == name)
    }
}

/// The executable `command` names: a path (checked to exist) or a name looked
/// up on `PATH`. The error says plainly that the program is missing.
pub fn resolve_command(spec: &EngineSpec) -> Result<PathBuf, String> {
    let missing = || {
        format!(
            "engine '{}': command '{}' not found (is it installed / built?)",
            spec.name, spec.command
        )
    };
    if spec.command.contains('/') {
        let p = PathBuf::from(&spec.command);
        return if p.is_file() { Ok(p) } else { Err(missing()) };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(&spec.command))
        .find(|p| p.is_file())
        .ok_or_else(missing)
}

#[cfg(test)]
mod tests {
    use super::*;

    const INI: &str = "
# engines
[alpha]
command = bin/alpha
args = --x  1
protocol = xboard
options = Threads=2, Skill Level = 3
option = Hash=16
dir = work
tc = 40/60+1
ponder = true

[beta]
command = beta
[match quick]
engines = alpha beta
tc = 10+0.1
";

    #[test]
    fn parses_engines_and_presets() {
        let c = Config::parse(INI, Path::new("/top")).unwrap();
        let a = c.engine("alpha").unwrap();
        assert_eq!(a.command, "/top/bin/alpha");
        assert_eq!(a.args, vec!["--x", "1"]);
        assert_eq!(a.protocol, Protocol::Xboard);
        assert_eq!(
            a.options,
            vec![
                ("Threads".to_string(), "2".to_string()),
                ("Skill Level".to_string(), "3".to_string()),
                ("Hash".to_string(), "16".to_string())
            ]
        );
        assert_eq!(a.dir, Some(PathBuf::from("/top/work")));
        assert!(a.ponder);
        let ten = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(a.time_control(ten).to_string(), "40/60+1");
        let b = c.engine("beta").unwrap();
        assert_eq!((b.command.as_str(), b.protocol), ("beta", Protocol::Uci));
        assert_eq!((b.tc, b.time_control(ten)), (None, ten));
        assert!(!b.ponder, "pondering is off unless asked for");
        let p = c.preset("quick").unwrap();
        assert_eq!(p.get("tc"), Some("10+0.1"));
        assert_eq!(p.get("engines"), Some("alpha beta"));
        assert_eq!(p.get("games"), None);
    }

    #[test]
    fn rejects_bad_input_with_line_numbers() {
        let bad = [
            ("command = x", "line 1"),
            ("[a]\nprotocol = telnet\ncommand=x", "line 2"),
            ("[a]\nfoo = 1", "line 2"),
            ("[a]\nargs = 1", "no command"),
            ("[a\ncommand=x", "line 1"),
            ("[a]\ncommand=x\n[a]\ncommand=y", "twice"),
            ("[match m]\ncolour = red", "line 2"),
            ("[a]\njust text", "line 2"),
            ("[a]\ncommand=x\noptions = Threads", "line 3"),
            ("[a]\ncommand=x\ntc = 0+0", "line 3: time control '0+0'"),
            (
                "[a]\ncommand=x\nponder = maybe",
                "line 3: ponder must be true or false, not 'maybe'",
            ),
            ("[a]\ncommand=x\nponder = TRUE", "line 3: ponder must be"),
        ];
        for (text, want) in bad {
            let e = Config::parse(text, Path::new(".")).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn ponder_is_true_or_false_and_the_last_one_counts() {
        let ponder = |text: &str| {
            Config::parse(&format!("[a]\ncommand = x\n{text}"), Path::new("."))
                .unwrap()
                .engines[0]
                .ponder
        };
        assert!(!ponder(""));
        assert!(ponder("ponder = true"));
        assert!(!ponder("ponder = false"));
        assert!(!ponder("ponder=true\nponder = false"));
    }

    #[test]
    fn missing_command_is_a_clear_error() {
        let mut spec = Config::parse("[x]\ncommand = /no/such/engine", Path::new("."))
            .unwrap()
            .engines
            .remove(0);
        assert!(resolve_command(&spec).unwrap_err().contains("not found"));
        spec.command = "no-such-engine-here".into();
        assert!(resolve_command(&spec).unwrap_err().contains("not found"));
        spec.command = "sh".into();
        assert!(resolve_command(&spec).is_ok());
    }

    #[test]
    fn shipped_engines_ini_parses() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines.ini");
        let c = Config::load(&path).unwrap();
        for name in [
            "menagerie",
            "menagerie-2t",
            "baseline",
            "fairymax",
            "stockfish",
        ] {
            assert!(c.engine(name).is_some(), "{name}");
        }
        assert_eq!(
            c.engine("menagerie-2t").unwrap().options,
            vec![("Threads".to_string(), "2".to_string())]
        );
    }
}
