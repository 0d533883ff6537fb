//! `menagerie match` with engines that ponder (`ponder = true` in
//! engines.ini): the commands a scripted UCI engine receives over whole
//! games (`go ponder` on each legal guess, `ponderhit` when it came true,
//! `stop` and a fresh `go` when it did not), the start-up and config errors,
//! CECP's `hard` with the engine left out of force mode, and real engines
//! pondering through whole games.

mod common;
#[path = "common/matches.rs"]
mod matches;

use matches::{run_match, scratch_dir};
use std::path::{Path, PathBuf};

/// A scratch directory with an engines.ini of pondering engines; the
/// scripted doubles log what they receive to `<name>.log` in it.
fn scratch(tag: &str) -> PathBuf {
    let dir = scratch_dir("ponder", tag);
    let bin = env!("CARGO_BIN_EXE_menagerie");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/ponder.sh");
    let (script, d) = (script.display(), dir.display());
    let ini = format!(
        "[ponderer]\ncommand = {script}\nargs = {d}/ponderer.log\nponder = true\n\n\
         [scripted]\ncommand = {script}\nargs = {d}/scripted.log\n\n\
         [no-option]\ncommand = {script}\nargs = {d}/no-option.log no-option\nponder = true\n\n\
         [baseline]\ncommand = {bin}\nargs = baseline\n\n\
         [xponder]\ncommand = {bin}\nprotocol = xboard\nponder = true\n\n\
         [searcher]\ncommand = {bin}\noptions = Threads=1, Hash=8\n\n\
         [searcher-ponder]\ncommand = {bin}\noptions = Threads=1, Hash=8\nponder = true\n\n\
         [stockfish-ponder]\ncommand = /usr/games/stockfish\n\
         options = Threads=1, Hash=16\nponder = true\n"
    );
    std::fs::write(dir.join("engines.ini"), ini).unwrap();
    dir
}

/// The commands a scripted engine received, one list per process (each
/// starts with `uci`), with the clock values of `go` lines as `_`: they
/// depend on how long each move took.
fn sessions(log: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(log).unwrap();
    let mut out: Vec<Vec<String>> = Vec::new();
    for line in text.lines() {
        if line == "uci" {
            out.push(Vec::new());
        }
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"go") {
            for i in 1..words.len() {
                if ["wtime", "btime"].contains(&words[i - 1]) {
                    words[i] = "_";
                }
            }
        }
        out.last_mut().expect("uci first").push(words.join(" "));
    }
    out
}

/// The value after `key` in a `go` line.
fn go_value(line: &str, key: &str) -> u64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == key).unwrap();
    words[at + 1].parse().unwrap()
}

/// No game lost by a fault: the summary's Endings line names none.
fn assert_clean_endings(out: &str) {
    let endings = out.lines().find(|l| l.starts_with("Endings:")).unwrap();
    for bad in [
        "illegal", "crash", "hang", "flag", "protocol", "claim", "startup",
    ] {
        assert!(!endings.contains(bad), "{bad}: {out}");
    }
}

/// The scripted engine plays Scholar's mate with both colours against a copy
/// that does not ponder (it offers guesses too, which must go unused). Its
/// log shows, game by game: Ponder set at start-up, `go ponder` on the game
/// with each legal guess played, with the clocks as they stand after its
/// move (as White, its own clock charged and Black's still full) and
/// `movestogo` counting its next move; `ponderhit` for a right guess, `stop`
/// then the usual `position` and `go` for a wrong one (the stopped search's
/// `bestmove a1a1` dropped, or the game would end by an illegal move); no
/// pondering on an illegal guess or none; and both games mated normally.
#[test]
fn a_uci_engine_ponders_on_each_legal_guess() {
    let dir = scratch("uci");
    let pgn = dir.join("games.pgn");
    let (code, out, err) = run_match(
        &dir,
        &[
            "ponderer",
            "scripted",
            "--games",
            "2",
            "--tc",
            "40/60",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("Score of ponderer vs scripted: 1 - 1 - 0"),
        "{out}"
    );
    assert_clean_endings(&out);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Termination \"normal\"]").count(),
        2,
        "{text}"
    );
    assert_eq!(text.matches("[Result \"1-0\"]").count(), 2, "{text}");

    let setup = [
        "uci",
        "setoption name Ponder value true",
        "isready",
        "ucinewgame",
        "isready",
    ];
    let go = |n: u32| format!("go wtime _ btime _ winc 0 binc 0 movestogo {n}");
    let go_ponder = |n: u32| format!("go ponder wtime _ btime _ winc 0 binc 0 movestogo {n}");
    let pos = |moves: &str| match moves {
        "" => "position startpos".to_string(),
        _ => format!("position startpos moves {moves}"),
    };
    let white = [
        pos(""),
        go(40),
        // 1. e4, guessing e5: right.
        pos("e2e4 e7e5"),
        go_ponder(39),
        "ponderhit".into(),
        // 2. Bc4, guessing Nf6: wrong (Nc6).
        pos("e2e4 e7e5 f1c4 g8f6"),
        go_ponder(38),
        "stop".into(),
        pos("e2e4 e7e5 f1c4 b8c6"),
        go(38),
        // 3. Qh5, guessing an illegal castling: no pondering.
        pos("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6"),
        go(37),
        // 4. Qxf7#, no guess.
        "quit".into(),
    ];
    let black = [
        pos("e2e4"),
        go(40),
        // 1... e5, guessing Bc4: right.
        pos("e2e4 e7e5 f1c4"),
        go_ponder(39),
        "ponderhit".into(),
        // 2... Nc6, guessing Qh5: right.
        pos("e2e4 e7e5 f1c4 b8c6 d1h5"),
        go_ponder(38),
        "ponderhit".into(),
        // 3... Nf6, guessing Qxf7#: right, and the game ends as it ponders.
        pos("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7"),
        go_ponder(37),
        "quit".into(),
    ];
    let expected: Vec<Vec<String>> = [
        // The start-up check before the match (the same handshake, no move).
        vec!["quit".to_string()],
        white.to_vec(),
        black.to_vec(),
    ]
    .into_iter()
    .map(|game| setup.iter().map(|s| s.to_string()).chain(game).collect())
    .collect();
    let log = dir.join("ponderer.log");
    assert_eq!(sessions(&log), expected);

    // The clocks of the first `go ponder`: White's own, after its move, as
    // wtime (White is to move after the guess); Black's untouched.
    let text = std::fs::read_to_string(&log).unwrap();
    let first = text.lines().find(|l| l.starts_with("go ponder")).unwrap();
    assert!(go_value(first, "wtime") < 60_000, "{first}");
    assert_eq!(go_value(first, "btime"), 60_000, "{first}");

    // The engine without `ponder = true` was never told to ponder.
    let other = std::fs::read_to_string(dir.join("scripted.log")).unwrap();
    for word in ["Ponder", "ponder", "stop"] {
        assert!(!other.contains(word), "{word}: {other}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ponder_without_a_ponder_option_fails_start_up() {
    let dir = scratch("no-option");
    let (code, out, err) = run_match(&dir, &["no-option", "scripted"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("engine 'no-option' has no Ponder option"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_ponder_value_other_than_true_or_false_is_a_config_error() {
    let dir = scratch("bad-value");
    let ini = dir.join("bad.ini");
    std::fs::write(
        &ini,
        "[a]\ncommand = sh\nponder = maybe\n\n[b]\ncommand = sh\n",
    )
    .unwrap();
    let (code, out, err) =
        common::menagerie(&["match", "--config", ini.to_str().unwrap(), "a", "b"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("line 3: ponder must be true or false, not 'maybe'"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Our engine over CECP with `ponder = true` gets `hard`, never `easy`, and
/// is not put back in force mode after its moves: `force` only as each game
/// is set up, and `go` only for its first move of each game (the opponent's
/// moves are its cue after that). Both games finish without a fault.
#[test]
fn an_xboard_engine_that_ponders_stays_out_of_force_mode() {
    let dir = scratch("xboard");
    let (code, out, err) = run_match(
        &dir,
        &[
            "xponder",
            "baseline",
            "--games",
            "2",
            "--tc",
            "5+0.05",
            "--time-margin",
            "3000",
            "--max-plies",
            "16",
            "--debug",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("] 2 games"), "{out}");
    assert_clean_endings(&out);
    let sent = |line: &str| {
        err.lines()
            .filter(|l| *l == format!("xponder < {line}"))
            .count()
    };
    // Three set-ups: the start-up check and two games.
    assert_eq!(sent("hard"), 3, "{err}");
    assert_eq!(sent("easy"), 0, "{err}");
    assert_eq!(sent("force"), 3, "{err}");
    assert_eq!(sent("go"), 2, "{err}");
    assert!(
        err.lines()
            .filter(|l| l.starts_with("xponder < usermove "))
            .count()
            >= 8,
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Our engine pondering over UCI through a short chess game pair against
/// itself not pondering: `go ponder` is sent, and no game is lost by a hang,
/// a protocol error or on time.
#[test]
fn menagerie_ponders_through_a_game() {
    real_engine_ponders("searcher-ponder");
}

/// The same with Stockfish (Debian's package) when it is installed: required
/// under `CI=true` (which installs it), skipped with a note elsewhere.
#[test]
fn stockfish_ponders_through_a_game() {
    let path = "/usr/games/stockfish";
    if !Path::new(path).exists() {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI=true but {path} is not installed"
        );
        eprintln!("SKIPPED: {path} is not installed (CI=true makes this a failure)");
        return;
    }
    real_engine_ponders("stockfish-ponder");
}

fn real_engine_ponders(engine: &str) {
    let dir = scratch(engine);
    let (code, out, err) = run_match(
        &dir,
        &[
            engine,
            "searcher",
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--time-margin",
            "1000",
            "--max-plies",
            "40",
            "--debug",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("] 2 games"), "{out}");
    assert_clean_endings(&out);
    assert!(err.contains(&format!("{engine} < go ponder ")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
