//! Transcript tests of the built binary in both protocols: every command and
//! every bad-input case. The engine runs as a child process; `Proc::sync`
//! sends `ping N` (XBoard) or `isready` (UCI) and collects the output up to
//! the answer, so most checks compare whole reply lists. Searches are tiny
//! (`sd 2`, `go depth 2`) or stopped by hand; the only time bound is a
//! generous read timeout that turns a hang into a failure with the transcript.

use menagerie::protocol::make_session;
use menagerie::variants::VARIANTS;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const READ_TIMEOUT: Duration = Duration::from_secs(30);

struct Proc {
    child: Child,
    /// `None` once the input is closed.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
    log: Vec<String>,
    pings: u32,
}

impl Proc {
    fn start(args: &[&str]) -> Proc {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let mut err = child.stderr.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(out).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        let stderr = Some(std::thread::spawn(move || {
            let mut s = String::new();
            let _ = err.read_to_string(&mut s);
            s
        }));
        Proc {
            child,
            stdin: Some(stdin),
            lines,
            stderr,
            log: Vec::new(),
            pings: 0,
        }
    }

    fn xboard() -> Proc {
        let mut p = Proc::start(&[]);
        p.send("xboard");
        p.send("protover 2");
        p.until(|l| l == "feature done=1");
        p
    }

    fn uci() -> Proc {
        let mut p = Proc::start(&[]);
        p.send("uci");
        p.until(|l| l == "uciok");
        p
    }

    fn send(&mut self, line: &str) {
        self.log.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("engine stdin open");
        writeln!(stdin, "{line}").expect("engine stdin open");
        stdin.flush().unwrap();
    }

    fn transcript(&self) -> String {
        self.log.join("\n")
    }

    fn recv(&mut self) -> String {
        match self.lines.recv_timeout(READ_TIMEOUT) {
            Ok(l) => {
                self.log.push(format!("< {l}"));
                l
            }
            Err(RecvTimeoutError::Timeout) => {
                panic!("no output in time; transcript:\n{}", self.transcript())
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic!("engine output closed; transcript:\n{}", self.transcript())
            }
        }
    }

    /// Lines up to and including the first that satisfies `pred`.
    fn until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self.recv();
            let done = pred(&l);
            got.push(l);
            if done {
                return got;
            }
        }
    }

    /// XBoard: `ping N`, and the lines before `pong N`.
    fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"));
        let mut got = self.until(|l| l == format!("pong {n}"));
        got.pop();
        got
    }

    /// UCI: `isready`, and the lines before `readyok`.
    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        let mut got = self.until(|l| l == "readyok");
        got.pop();
        got
    }

    /// XBoard: the FEN from the `d` command.
    fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.sync();
        lines
            .last()
            .expect("d prints lines")
            .trim_start_matches("# ")
            .to_string()
    }

    /// UCI: the FEN from the `d` command.
    fn uci_fen(&mut self) -> String {
        self.send("d");
        let lines = self.ready();
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Fen: "))
            .expect("d prints the FEN")
            .to_string()
    }

    /// Sends `quit`, checks the exit and that nothing went to stderr.
    fn quit(mut self) {
        self.send("quit");
        self.expect_exit();
    }

    /// Closes the engine's standard input (end of input, as when the GUI
    /// dies), then checks the exit as [`Proc::quit`] does.
    fn close_input_and_expect_exit(mut self) {
        drop(self.stdin.take());
        self.log.push("> (end of input)".into());
        self.expect_exit();
    }

    /// Waits (at most [`READ_TIMEOUT`]) for a successful exit with nothing on
    /// standard error.
    fn expect_exit(&mut self) {
        let mut waited = Duration::ZERO;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                break;
            }
            assert!(
                waited < READ_TIMEOUT,
                "engine did not quit; transcript:\n{}",
                self.transcript()
            );
            std::thread::sleep(Duration::from_millis(10));
            waited += Duration::from_millis(10);
        }
        let err = self.stderr.take().unwrap().join().unwrap();
        assert_eq!(err, "", "nothing may go to stderr");
    }
}

fn is_coord_move(m: &str) -> bool {
    let b = m.as_bytes();
    (4..=5).contains(&b.len())
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

// ---------------------------------------------------------------- XBoard

#[test]
fn xboard_handshake_announces_features_in_order() {
    let mut p = Proc::start(&[]);
    p.send("xboard");
    p.send("protover 2");
    let f = p.until(|l| l == "feature done=1");
    assert_eq!(f[0], "feature done=0", "done=0 comes first");
    let all = f.join(" ");
    let variants = all
        .split("variants=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a variants feature");
    let listed: Vec<&str> = variants.split(',').collect();
    for v in VARIANTS {
        assert!(listed.contains(v), "{v} missing from {variants}");
    }
    assert!(listed.contains(&"normal"), "chess is also XBoard's normal");
    for feat in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "memory=1",
        "smp=1",
        "analyze=1",
        "colors=0",
        "reuse=1",
        "highlight=1",
        "myname=\"menagerie",
        "option=\"Rank numbering -combo *1-11 (XBoard default) /// 0-10 (XBoard -rankOffset 1)\"",
        "option=\"Move Overhead -spin",
        "option=\"Only moves XBoard can show -check 1\"",
        "option=\"Clear Hash -button\"",
    ] {
        assert!(all.contains(feat), "missing {feat} in {all}");
    }
    // XBoard's replies to the features are accepted silently.
    for l in [
        "accepted done",
        "rejected nps",
        "new",
        "random",
        "computer",
        "name someone",
        "rating 2000 2100",
        "ics -",
        "hard",
        "easy",
        "draw",
        "hint",
        "bk",
        "# a comment",
        "",
    ] {
        p.send(l);
    }
    assert_eq!(p.sync(), Vec::<String>::new());
    p.quit();
}

#[test]
fn xboard_variant_sends_setup_before_pong() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("variant chess");
    assert_eq!(
        p.sync(),
        vec![
            "# xboard legality: on".to_string(),
            "# board: 8x8, own ranks from 1".to_string(),
            format!("setup (PNBRQKpnbrqk) 8x8+0_normal {START}"),
        ]
    );
    // XBoard's native name needs no setup.
    p.send("variant normal");
    assert_eq!(
        p.sync(),
        vec!["# xboard legality: on", "# board: 8x8, own ranks from 1"]
    );
    // Every variant: a setup with its start FEN (or none), before the pong.
    for &v in VARIANTS {
        let s = make_session(v, 1, 1).unwrap();
        p.send(&format!("variant {v}"));
        let got = p.sync();
        match s.xboard_setup() {
            Some(data) => {
                let want = format!("setup {data} {}", s.start_fen());
                let table = data.split(')').next().unwrap();
                assert!(!table.contains(' '), "no spaces in the piece table: {data}");
                assert!(got.contains(&want), "{v}: {got:?}");
            }
            None => assert!(!got.iter().any(|l| l.starts_with("setup")), "{got:?}"),
        }
        assert_eq!(p.fen(), s.fen());
    }
    p.send("variant nosuch");
    assert_eq!(p.sync(), vec!["Error (unsupported variant): nosuch"]);
    p.send("variant");
    assert_eq!(p.sync(), vec!["Error (unsupported variant): "]);
    p.quit();
}

#[test]
fn xboard_force_usermove_undo_remove_and_bad_moves() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    p.send("usermove e2e4");
    p.send("usermove e7e5");
    assert_eq!(p.sync(), Vec::<String>::new());
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(p.fen(), after);
    // Illegal and malformed moves leave the game unchanged.
    for (mv, reason) in [
        ("e2e4", "not a legal move here"),
        ("e1e3", "not a legal move here"),
        ("zz9", "not a legal move here"),
        ("e2", "not a legal move here"),
        ("", "cannot parse"),
        ("e2e4!!", "cannot parse"),
    ] {
        p.send(&format!("usermove {mv}"));
        assert_eq!(p.sync(), vec![format!("Illegal move ({reason}): {mv}")]);
        assert_eq!(p.fen(), after);
    }
    p.send("undo");
    assert_eq!(p.sync(), Vec::<String>::new());
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    p.send("usermove e7e5");
    p.send("remove");
    assert_eq!(p.sync(), Vec::<String>::new());
    assert_eq!(p.fen(), START);
    p.send("undo");
    assert_eq!(p.sync(), vec!["Error (no move to take back): undo"]);
    p.send("usermove e2e4");
    p.send("remove");
    assert_eq!(p.sync(), vec!["Error (no move to take back): remove"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // A bare move is not a command (usermove=1).
    p.send("e7e5");
    assert_eq!(p.sync(), vec!["Error (unknown command): e7e5"]);
    p.send("frobnicate now");
    assert_eq!(p.sync(), vec!["Error (unknown command): frobnicate"]);
    p.quit();
}

#[test]
fn xboard_setboard_good_and_bad() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    p.send(&format!("setboard {fen}"));
    assert_eq!(p.sync(), Vec::<String>::new());
    assert_eq!(p.fen(), fen);
    for bad in [
        "",
        "garbage",
        "4k3/8/8/8/8/8/8/4K2R x K - 0 1",
        "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1",
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 extra",
        "4k3/9/8/8/8/8/8/4K2R w K - 0 1",
    ] {
        p.send(&format!("setboard {bad}"));
        let got = p.sync();
        assert_eq!(got.len(), 1, "{bad}: {got:?}");
        assert!(
            got[0].starts_with("tellusererror Illegal position: "),
            "{got:?}"
        );
        assert_eq!(p.fen(), fen, "the old position stays after {bad}");
    }
    // XBoard rewrites the fields after the side to move with chess meanings;
    // the start board with mangled fields is the start position.
    p.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w XYZ a9 0 1");
    assert!(p.sync().is_empty());
    assert_eq!(p.fen(), START);
    p.send("setboard 4k3/8/8/8/8/8/8/4K2R w XYZ a9 0 1");
    assert_eq!(p.sync().len(), 1, "only the start board gets that leniency");
    assert_eq!(p.fen(), START);
    p.quit();
}

#[test]
fn xboard_go_plays_a_move_and_playother_answers_moves() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("sd 2");
    p.send("level 40 5 0");
    p.send("time 30000");
    p.send("otim 30000");
    p.send("go");
    let got = p.until(|l| l.starts_with("move "));
    let mv = got
        .last()
        .unwrap()
        .strip_prefix("move ")
        .unwrap()
        .to_string();
    assert!(is_coord_move(&mv), "{mv}");
    assert!(p.sync().is_empty());
    // The engine's move is on the board: Black to move, one ply played.
    assert!(p.fen().contains(" b "));
    // Now the user plays Black; the engine answers as White.
    p.send("usermove e7e5");
    let got = p.until(|l| l.starts_with("move "));
    assert!(is_coord_move(
        got.last().unwrap().strip_prefix("move ").unwrap()
    ));
    assert!(p.fen().contains(" b "));
    // playother: the engine takes the side not to move.
    p.send("force");
    p.send(&format!("setboard {START}"));
    p.send("playother");
    assert!(p.sync().is_empty(), "White (the user) is to move");
    p.send("usermove d2d4");
    let got = p.until(|l| l.starts_with("move "));
    assert!(is_coord_move(
        got.last().unwrap().strip_prefix("move ").unwrap()
    ));
    p.send("st 1");
    p.send("sd 1");
    p.send("usermove c2c4");
    p.until(|l| l.starts_with("move "));
    p.quit();
}

#[test]
fn xboard_thinking_output_follows_post_and_nopost() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    p.send("post");
    p.send("sd 2");
    p.send("go");
    let got = p.until(|l| l.starts_with("move "));
    let thinking: Vec<&String> = got.iter().filter(|l| !l.starts_with("move")).collect();
    assert!(!thinking.is_empty(), "{got:?}");
    for l in thinking {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert!(f.len() >= 5, "ply score time nodes pv: {l}");
        for n in &f[..4] {
            assert!(n.parse::<i64>().is_ok(), "{l}");
        }
        assert!(is_coord_move(f[4]), "{l}");
    }
    p.send("nopost");
    p.send("usermove e7e5");
    let got = p.until(|l| l.starts_with("move "));
    assert_eq!(got.len(), 1, "no thinking output after nopost: {got:?}");
    p.quit();
}

#[test]
fn xboard_move_now_and_ping_while_thinking() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("st 1000");
    p.send("go");
    // Answered at once while the engine thinks (a 1000 s search).
    p.send("ping 77");
    p.until(|l| l == "pong 77");
    p.send("time 1000");
    p.send("otim 1000");
    p.send("?");
    let got = p.until(|l| l.starts_with("move "));
    assert!(is_coord_move(
        got.last().unwrap().strip_prefix("move ").unwrap()
    ));
    // `force` during a search stops it without a move.
    p.send("usermove e7e5");
    p.send("force");
    assert!(p.sync().is_empty());
    assert!(p.fen().contains(" w "), "no move was played after force");
    p.quit();
}

#[test]
fn xboard_analyze_mode() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    p.send("analyze");
    // Thinking lines arrive without `post`.
    p.until(|l| l.starts_with("1 "));
    p.send(".");
    p.until(|l| l.starts_with("stat01: "));
    p.send("usermove e2e4");
    p.until(|l| l.starts_with("1 "));
    p.send("undo");
    p.until(|l| l.starts_with("1 "));
    p.send(&format!("setboard {START}"));
    p.send("exit");
    let got = p.sync();
    assert!(!got.iter().any(|l| l.starts_with("move")), "{got:?}");
    assert_eq!(p.fen(), START);
    // After exit, `.` is ignored.
    p.send(".");
    let got = p.sync();
    assert!(!got.iter().any(|l| l.starts_with("stat01")), "{got:?}");
    p.quit();
}

#[test]
fn xboard_claims_results() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    // The engine mates.
    p.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    p.send("sd 2");
    p.send("go");
    let got = p.until(|l| l.contains('{'));
    assert_eq!(
        got[got.len() - 2..],
        ["move a1a8".to_string(), "1-0 {White mates}".to_string()]
    );
    // The user mates: the engine (playing White) claims.
    p.send("force");
    p.send("setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    p.send("playother");
    p.send("usermove d8h4");
    assert_eq!(p.sync(), vec!["0-1 {Black mates}"]);
    p.send("usermove a2a3");
    assert_eq!(p.sync(), vec!["Illegal move (game is over): a2a3"]);
    // Stalemate, claimed when the engine is asked to move.
    p.send("force");
    p.send("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    p.send("go");
    assert_eq!(p.sync(), vec!["1/2-1/2 {Stalemate}"]);
    // Threefold repetition.
    p.send("new");
    p.send("force");
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        p.send(&format!("usermove {m}"));
    }
    p.send("go");
    assert_eq!(p.sync(), vec!["1/2-1/2 {Threefold repetition}"]);
    // A GUI may play on after a claimable draw: the rules still allow moves.
    p.send("force");
    p.send("usermove e2e4");
    assert!(p.sync().is_empty());
    // After `result` the engine does not think even on its turn.
    p.send("new");
    p.send("result 1/2-1/2 {agreed}");
    p.send("usermove e2e4");
    let got = p.sync();
    assert!(!got.iter().any(|l| l.starts_with("move")), "{got:?}");
    p.quit();
}

#[test]
fn xboard_lift_put_highlight_and_choice() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    p.send("lift e2");
    assert_eq!(p.sync(), vec!["highlight 8/8/8/8/4Y3/4Y3/8/8"]);
    p.send("lift g1");
    assert_eq!(p.sync(), vec!["highlight 8/8/8/8/8/5Y1Y/8/8"]);
    p.send("put f3");
    p.send("hover f3");
    assert!(p.sync().is_empty());
    // Nothing to move: every square refused.
    p.send("lift e4");
    assert_eq!(p.sync(), vec!["highlight 8/8/8/8/8/8/8/8"]);
    // Captures are red, including en passant.
    p.send("setboard 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    p.send("lift e5");
    assert_eq!(p.sync(), vec!["highlight 8/8/3RY3/8/8/8/8/8"]);
    // Hovering over the en-passant target also marks the victim (d5).
    p.send("hover d6");
    assert_eq!(p.sync(), vec!["highlight 8/8/3RY3/3g4/8/8/8/8"]);
    p.send("hover e6");
    assert!(p.sync().is_empty(), "no victims off a quiet target");
    // Promotions are magenta; `put` on them answers a `choice`.
    p.send("setboard 1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    p.send("lift a7");
    assert_eq!(p.sync(), vec!["highlight MM6/8/8/8/8/8/8/8"]);
    p.send("put a8");
    let got = p.sync();
    assert_eq!(got.len(), 1);
    let mut letters: Vec<char> = got[0].strip_prefix("choice ").unwrap().chars().collect();
    letters.sort_unstable();
    assert_eq!(letters, ['B', 'N', 'Q', 'R']);
    p.send("lift z9");
    assert_eq!(p.sync(), vec!["Error (bad square): lift z9"]);
    p.send("put a88");
    assert_eq!(p.sync(), vec!["Error (bad square): put a88"]);
    p.quit();
}

#[test]
fn xboard_settings_and_options() {
    let mut p = Proc::xboard();
    for ok in [
        "level 40 5 0",
        "level 0 0:30 2.5",
        "st 5",
        "sd 4",
        "time 500",
        "otim 700",
        "memory 32",
        "cores 2",
        "option Rank numbering=0-10 (XBoard -rankOffset 1)",
        "option Rank numbering=1-11 (XBoard default)",
        "option Move Overhead=100",
        "option Only moves XBoard can show=0",
        "option Only moves XBoard can show=1",
        "option Clear Hash",
    ] {
        p.send(ok);
        assert_eq!(p.sync(), Vec::<String>::new(), "{ok}");
    }
    for (bad, reply) in [
        ("level 40", "Error (bad level): level 40"),
        ("level x 5 0", "Error (bad level): level x 5 0"),
        ("st -1", "Error (bad number): st -1"),
        ("st 0", "Error (bad number): st 0"),
        ("sd zero", "Error (bad number): sd zero"),
        ("time soon", "Error (bad number): time soon"),
        ("otim", "Error (bad number): otim "),
        ("memory 0", "Error (bad number): memory 0"),
        ("cores many", "Error (bad number): cores many"),
        ("option Nosuch=1", "Error (unknown option): option Nosuch=1"),
        (
            "option Rank numbering=2-12",
            "Error (unknown option): option Rank numbering=2-12",
        ),
        (
            "option Move Overhead=-5",
            "Error (bad option value): option Move Overhead=-5",
        ),
        (
            "option Only moves XBoard can show=yes",
            "Error (unknown option): option Only moves XBoard can show=yes",
        ),
        ("perft 0", "Error (bad depth): perft 0"),
    ] {
        p.send(bad);
        assert_eq!(p.sync(), vec![reply.to_string()], "{bad}");
    }
    // perft (a `#` comment for XBoard) and the rank numbering, which leaves
    // boards numbered from 1 (chess) alone.
    p.send("option Rank numbering=0-10 (XBoard -rankOffset 1)");
    p.send("perft 2");
    let got = p.until(|l| l.starts_with("# Nodes searched"));
    assert_eq!(got.len(), 21);
    assert_eq!(got[20], "# Nodes searched: 400");
    assert!(got.contains(&"# e2e4: 20".to_string()));
    // A long perft runs on the worker thread: ping is answered, `?` stops it.
    p.send("perft 8");
    p.send("ping 7");
    p.until(|l| l == "pong 7");
    p.send("?");
    p.until(|l| l == "# perft stopped");
    assert_eq!(p.sync(), Vec::<String>::new());
    p.quit();
}

#[test]
fn xboard_eof_and_quit_during_search_end_cleanly() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("st 1000");
    p.send("go");
    p.send("ping 1");
    p.until(|l| l == "pong 1");
    p.quit();
    // End of input in the middle of a 1000-second search also ends the
    // engine, at once and with success.
    let mut p = Proc::xboard();
    p.send("new");
    p.send("st 1000");
    p.send("go");
    p.send("ping 1");
    p.until(|l| l == "pong 1");
    p.close_input_and_expect_exit();
}

#[test]
fn first_command_picks_the_protocol() {
    let mut p = Proc::start(&[]);
    p.send("hello");
    p.until(|l| l == "Error (unknown command; start with 'xboard' or 'uci'): hello");
    p.send("uci");
    p.until(|l| l == "uciok");
    p.quit();
    let mut p = Proc::start(&["--protocol", "xboard"]);
    p.send("protover 2");
    p.until(|l| l == "feature done=1");
    p.quit();
    let mut p = Proc::start(&["--protocol", "uci"]);
    p.send("isready");
    p.until(|l| l == "readyok");
    p.quit();
}

// ---------------------------------------------------------------- UCI

#[test]
fn uci_handshake_lists_options() {
    let mut p = Proc::start(&[]);
    p.send("uci");
    let got = p.until(|l| l == "uciok");
    assert!(got[0].starts_with("id name menagerie"));
    assert!(got[1].starts_with("id author"));
    let combo = got
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant combo");
    for v in VARIANTS {
        assert!(combo.contains(&format!(" var {v}")), "{combo}");
    }
    for o in [
        "option name Threads type spin default 1 min 1 max",
        "option name Hash type spin default",
        "option name Move Overhead type spin default",
        "option name Clear Hash type button",
    ] {
        assert!(got.iter().any(|l| l.starts_with(o)), "{o}");
    }
    assert!(p.ready().is_empty());
    p.quit();
}

#[test]
fn uci_setoption_good_and_bad() {
    let mut p = Proc::uci();
    for &v in VARIANTS {
        p.send(&format!("setoption name UCI_Variant value {v}"));
        let got = p.ready();
        let s = make_session(v, 1, 1).unwrap();
        assert_eq!(got.len(), 1);
        assert!(got[0].starts_with(&format!("info string variant {v} files ")));
        assert!(got[0].ends_with(&format!("startpos {}", s.start_fen())));
        assert_eq!(p.uci_fen(), s.fen());
    }
    p.send("setoption name UCI_Variant value chess");
    p.ready();
    for ok in [
        "setoption name Threads value 2",
        "setoption name Hash value 8",
        "setoption name Move Overhead value 50",
        "setoption name Clear Hash",
        "setoption name hash value 4",
    ] {
        p.send(ok);
        assert!(p.ready().is_empty(), "{ok}");
    }
    for (bad, reply) in [
        (
            "setoption name UCI_Variant value nosuch",
            "info string Error (unknown variant): nosuch",
        ),
        (
            "setoption name Threads value 0",
            "info string Error (bad option value): name Threads value 0",
        ),
        (
            "setoption name Hash value lots",
            "info string Error (bad option value): name Hash value lots",
        ),
        (
            "setoption name Move Overhead value -1",
            "info string Error (bad option value): name Move Overhead value -1",
        ),
        (
            "setoption name Nosuch value 1",
            "info string Error (unknown option): Nosuch",
        ),
        ("setoption", "info string Error (bad setoption): "),
    ] {
        p.send(bad);
        assert_eq!(p.ready(), vec![reply.to_string()], "{bad}");
    }
    p.quit();
}

#[test]
fn uci_position_good_and_bad() {
    let mut p = Proc::uci();
    p.send("position startpos moves e2e4 e7e5");
    assert!(p.ready().is_empty());
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(p.uci_fen(), after);
    for (bad, reply) in [
        (
            "position startpos moves e2e4 e2e4",
            "info string Error (illegal position): move 2 of the list: illegal move 'e2e4'",
        ),
        (
            "position startpos moves e2e4 ??",
            "info string Error (illegal position): move 2 of the list: cannot parse move '??'",
        ),
        (
            "position fen 8/8/8/8/8/8/8/4K3 w - - 0 1",
            "info string Error (illegal position): Black has 0 royal pieces, expected exactly 1 king",
        ),
        ("position", "info string Error (bad position): "),
        ("position fen", "info string Error (bad position): fen"),
        (
            "position startpos e2e4",
            "info string Error (bad position): startpos e2e4",
        ),
    ] {
        p.send(bad);
        assert_eq!(p.ready(), vec![reply.to_string()], "{bad}");
        assert_eq!(p.uci_fen(), after, "unchanged after {bad}");
    }
    p.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1");
    p.ready();
    assert_eq!(p.uci_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    p.send("ucinewgame");
    p.ready();
    assert_eq!(p.uci_fen(), START);
    p.send("frobnicate");
    assert_eq!(
        p.ready(),
        vec!["info string Error (unknown command): frobnicate"]
    );
    p.quit();
}

fn bestmove(lines: &[String]) -> String {
    lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn uci_go_with_every_limit() {
    let mut p = Proc::uci();
    p.send("position startpos");
    p.send("go depth 2");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(is_coord_move(&bestmove(&got)));
    let info = got
        .iter()
        .find(|l| l.starts_with("info depth"))
        .expect("info lines");
    for field in [
        " seldepth ",
        " score cp ",
        " nodes ",
        " nps ",
        " time ",
        " hashfull ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} in {info}");
    }
    for go in [
        "go nodes 300",
        "go movetime 50",
        "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
        "go wtime 500 btime 500",
        "go depth 1 searchmoves e2e4 d2d4",
        "go mate 1 depth 1",
    ] {
        p.send(go);
        let got = p.until(|l| l.starts_with("bestmove"));
        assert!(is_coord_move(&bestmove(&got)), "{go}");
    }
    // searchmoves restricts the root: the mate a1a8 is not among them.
    p.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    p.send("go depth 4 searchmoves g1f1 g1h1");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(
        ["g1f1", "g1h1"].contains(&bestmove(&got).as_str()),
        "{got:?}"
    );
    p.send("go depth 2 searchmoves a1a8 e2e4");
    assert_eq!(
        p.ready(),
        vec!["info string Error (illegal move in searchmoves): e2e4"]
    );
    // A mate in one is found and scored as such.
    p.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    p.send("go mate 1");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert_eq!(bestmove(&got), "a1a8");
    assert!(got.iter().any(|l| l.contains("score mate 1 ")), "{got:?}");
    // infinite: isready answered during the search, stop ends it.
    p.send("position startpos");
    p.send("go infinite");
    p.send("isready");
    p.until(|l| l == "readyok");
    p.send("stop");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(is_coord_move(&bestmove(&got)));
    // ponder + ponderhit, and a new position during a search (bestmove first).
    p.send("go ponder");
    p.send("ponderhit");
    p.until(|l| l.starts_with("bestmove"));
    p.send("go infinite");
    p.send("position startpos moves e2e4");
    p.until(|l| l.starts_with("bestmove"));
    assert_eq!(
        p.uci_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // Mated side: no move.
    p.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8");
    p.send("go depth 1");
    assert_eq!(
        p.until(|l| l.starts_with("bestmove")),
        vec!["bestmove 0000"]
    );
    // Bad parameters: an error and no search.
    for bad in [
        "go depth",
        "go depth x",
        "go wtime",
        "go nodes -1",
        "go fly",
    ] {
        p.send(bad);
        let got = p.ready();
        assert_eq!(got.len(), 1, "{bad}: {got:?}");
        assert!(got[0].starts_with("info string Error (bad go parameter): "));
    }
    p.send("stop");
    assert!(p.ready().is_empty(), "stop when idle does nothing");
    p.quit();
}

#[test]
fn uci_go_perft_divides() {
    let mut p = Proc::uci();
    p.send("position startpos");
    p.send("go perft 2");
    let got = p.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(got.len(), 22);
    assert_eq!(got[20], "");
    assert_eq!(got[21], "Nodes searched: 400");
    assert!(got.contains(&"g1f3: 20".to_string()));
    p.send("go perft 0");
    assert_eq!(
        p.ready(),
        vec!["info string Error (bad go parameter): perft 0"]
    );
    // A long perft runs on the worker thread: isready is answered, stop ends it.
    p.send("go perft 8");
    p.send("isready");
    p.until(|l| l == "readyok");
    p.send("stop");
    p.until(|l| l == "info string perft stopped");
    assert!(p.ready().is_empty());
    p.quit();
}

#[test]
fn uci_quit_during_search_and_eof() {
    let mut p = Proc::uci();
    p.send("go infinite");
    p.send("isready");
    p.until(|l| l == "readyok");
    p.quit();
    // End of input also ends the engine.
    let mut p = Proc::uci();
    p.send("go infinite");
    p.close_input_and_expect_exit();
}
