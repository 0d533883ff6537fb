//! The protocol half of the fuzz tests: the real binary's XBoard and UCI
//! loops fed random and malformed command streams, and the regressions those
//! streams once found.

use super::generator::{mutated, random_text, walk, Rng, NUMBERS};
use menagerie::protocol::xboard::moves as xforms;
use menagerie::rules::{Evaluate, GenKind, MoveList, Position};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

pub const READ_TIMEOUT: Duration = Duration::from_secs(60);

pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: std::thread::JoinHandle<String>,
    log: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
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
            let mut r = BufReader::new(out);
            let mut buf = Vec::new();
            while matches!(r.read_until(b'\n', &mut buf), Ok(n) if n > 0) {
                let l = String::from_utf8_lossy(&buf).trim_end().to_string();
                buf.clear();
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        let stderr = std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = err.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        });
        Engine {
            child,
            stdin,
            lines,
            stderr,
            log: Vec::new(),
        }
    }

    fn send_bytes(&mut self, line: &[u8]) {
        self.log
            .push(format!("> {}", String::from_utf8_lossy(line)));
        self.stdin.write_all(line).expect("engine stdin open");
        self.stdin.write_all(b"\n").expect("engine stdin open");
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    fn transcript(&self) -> String {
        let n = self.log.len();
        self.log[n.saturating_sub(300)..].join("\n")
    }

    /// Lines up to and including the first that satisfies `pred`.
    fn until(&mut self, seed: u64, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = match self.lines.recv_timeout(READ_TIMEOUT) {
                Ok(l) => l,
                Err(e) => {
                    let status = self.child.try_wait();
                    panic!(
                        "seed {seed:#x}: engine silent or gone ({e:?}, status {status:?}); transcript tail:\n{}",
                        self.transcript()
                    )
                }
            };
            self.log.push(format!("< {l}"));
            assert!(
                !l.contains("internal error") && !l.contains("panicked"),
                "seed {seed:#x}: {l}; transcript tail:\n{}",
                self.transcript()
            );
            let done = pred(&l);
            got.push(l);
            if done {
                return got;
            }
        }
    }

    /// Closes stdin, waits for the exit, and checks stderr for panics.
    fn finish(mut self, seed: u64) {
        self.send("quit");
        drop(self.stdin);
        let deadline = Instant::now() + READ_TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "seed {seed:#x}: exit status {status}");
                break;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("seed {seed:#x}: engine did not quit");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let err = self.stderr.join().unwrap();
        assert!(
            !err.contains("panicked"),
            "seed {seed:#x}: stderr:\n{err}\ntranscript tail:\n{}",
            self.log[self.log.len().saturating_sub(300)..].join("\n")
        );
    }
}

pub const XBOARD_COMMANDS: &[&str] = &[
    "new",
    "variant",
    "force",
    "go",
    "playother",
    "usermove",
    "setboard",
    "undo",
    "remove",
    "level",
    "st",
    "sd",
    "time",
    "otim",
    "analyze",
    "exit",
    ".",
    "?",
    "memory",
    "cores",
    "result",
    "option",
    "lift",
    "put",
    "hover",
    "perft",
    "d",
    "ping",
    "post",
    "nopost",
    "hard",
    "easy",
    "protover",
    "draw",
    "hint",
    "bk",
    "computer",
    "name",
    "rating",
    "random",
    "accepted",
    "rejected",
    "white",
    "black",
    "edit",
    "#",
    "xyzzy",
    "",
];

// No `isready`: its `readyok` would be taken for the answer to ours.
pub const UCI_COMMANDS: &[&str] = &[
    "uci",
    "ucinewgame",
    "setoption",
    "position",
    "go",
    "stop",
    "ponderhit",
    "d",
    "debug",
    "register",
    "xyzzy",
    "",
];

pub const OPTION_NAMES: &[&str] = &[
    "Hash",
    "Threads",
    "UCI_Variant",
    "Move Overhead",
    "Clear Hash",
    "Rank numbering",
    "Ponder",
    "MultiPV",
    "hash",
    "Nonsense",
];

/// An argument: numbers, words, FENs (real and broken) and moves (legal and not).
pub fn random_arg(rng: &mut Rng, fens: &[String], moves: &[String]) -> String {
    match rng.below(9) {
        0 => rng.pick(NUMBERS).to_string(),
        1 => rng.pick(VARIANTS).to_string(),
        2 => rng.pick(fens).clone(),
        3 => {
            let f = rng.pick(fens).clone();
            mutated(rng, &f)
        }
        4 => rng.pick(moves).clone(),
        5 => {
            let m = rng.pick(moves).clone();
            mutated(rng, &m)
        }
        6 => random_text(rng, 20),
        7 => format!("{} {}", rng.pick(NUMBERS), rng.pick(NUMBERS)),
        _ => rng.pick(OPTION_NAMES).to_string(),
    }
}

pub fn xboard_garbage(rng: &mut Rng, fens: &[String], moves: &[String]) -> Vec<u8> {
    let cmd = *rng.pick(XBOARD_COMMANDS);
    let line = match cmd {
        "level" => format!(
            "level {} {} {}",
            rng.pick(NUMBERS),
            rng.pick(&["0:01", "1", "5:00", "0:00", "x", "-1"]),
            rng.pick(NUMBERS)
        ),
        // Keep searches short: a garbage `go` must not think for minutes.
        "st" => format!("st {}", rng.pick(&["0", "1", "-1", "x", "0.01", "99999"])),
        "sd" => format!("sd {}", rng.pick(&["1", "2", "0", "-3", "999", "x"])),
        "time" | "otim" => format!("{cmd} {}", rng.pick(&["1", "100", "0", "-5", "x", ""])),
        "option" => format!(
            "option {}={}",
            rng.pick(OPTION_NAMES),
            random_arg(rng, fens, moves)
        ),
        // Sizes the engine refuses or can have at once: a fuzz run must not
        // allocate gigabytes (`an_impossible_size_is_refused_not_aborted` in
        // src/search/tt.rs covers the sizes a machine cannot give).
        "memory" | "cores" => format!(
            "{cmd} {}",
            rng.pick(&[
                "0",
                "1",
                "2",
                "-1",
                "x",
                "16",
                "65537",
                "99999999999999999999999"
            ])
        ),
        _ => format!("{cmd} {}", random_arg(rng, fens, moves)),
    };
    finish_line(rng, line)
}

pub fn uci_garbage(rng: &mut Rng, fens: &[String], moves: &[String]) -> Vec<u8> {
    let cmd = *rng.pick(UCI_COMMANDS);
    let line = match cmd {
        "setoption" => {
            let mut s = String::from("setoption");
            if !rng.chance(6) {
                s += " name ";
                s += *rng.pick(OPTION_NAMES);
            }
            if !rng.chance(6) {
                s += " value ";
                s += &random_arg(rng, fens, moves);
            }
            s
        }
        "position" => {
            let mut s = String::from("position ");
            s += *rng.pick(&["startpos", "fen", "", "moves", "fen startpos"]);
            if s.ends_with("fen") {
                s += " ";
                s += &random_arg(rng, fens, moves);
            }
            if !rng.chance(3) {
                s += " moves";
                for _ in 0..rng.below(6) {
                    s += " ";
                    s += &random_arg(rng, fens, moves);
                }
            }
            s
        }
        "go" => {
            let mut s = String::from("go");
            for _ in 0..rng.below(4) {
                s += " ";
                s += *rng.pick(&[
                    "depth",
                    "nodes",
                    "movetime",
                    "wtime",
                    "btime",
                    "winc",
                    "binc",
                    "movestogo",
                    "infinite",
                    "ponder",
                    "mate",
                    "searchmoves",
                    "perft",
                ]);
                s += " ";
                // Deep values too: `go perft N` runs on the worker thread like
                // a search, so `stop` (sent after some `go` lines, see
                // `uci_session`) or the next command ends it.
                s += *rng.pick(&["1", "2", "0", "-1", "x", "3", "8", "10", "4294967296", ""]);
            }
            // A garbage `go infinite`, a huge movetime or a deep perft is
            // stopped by `stop` or the next command: the search is bounded.
            s
        }
        _ => format!("{cmd} {}", random_arg(rng, fens, moves)),
    };
    finish_line(rng, line)
}

/// Sometimes corrupts the line's bytes (invalid UTF-8, control bytes, CR).
pub fn finish_line(rng: &mut Rng, line: String) -> Vec<u8> {
    let mut bytes = line.into_bytes();
    match rng.below(12) {
        0 => bytes.insert(rng.below(bytes.len() + 1), 0xFF),
        1 => bytes.push(b'\r'),
        2 => bytes.insert(0, b' '),
        3 => bytes = bytes.iter().map(|b| b.to_ascii_uppercase()).collect(),
        4 => bytes.push(b'\t'),
        _ => {}
    }
    bytes
}

pub struct Material {
    fens: Vec<String>,
    moves: Vec<String>,
}

impl VariantVisitor for Material {
    type Output = Material;
    fn visit<P: Position + Evaluate>(self) -> Material {
        let mut rng = Rng::new(7);
        let mut fens = self.fens;
        let mut moves = self.moves;
        for pos in walk::<P>(&mut rng, 40).iter().step_by(8) {
            fens.push(pos.to_fen());
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            for &m in list.iter().take(6) {
                moves.push(pos.format_move(m));
                moves.push(xforms::move_text(pos, m));
            }
        }
        Material { fens, moves }
    }
}

pub fn material() -> Material {
    let mut m = Material {
        fens: Vec::new(),
        moves: Vec::new(),
    };
    for &name in VARIANTS {
        m = dispatch(name, m).unwrap();
    }
    m
}

/// Whether the position `fen_after` follows a legal move from the start.
pub struct FollowsLegalMove(String);

impl VariantVisitor for FollowsLegalMove {
    type Output = bool;
    fn visit<P: Position + Evaluate>(self) -> bool {
        let pos = P::startpos();
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        list.iter().any(|&m| pos.play(m).to_fen() == self.0)
    }
}

/// Whether `text` is a legal move in the start position (our notation).
pub struct LegalAtStart(String);

impl VariantVisitor for LegalAtStart {
    type Output = bool;
    fn visit<P: Position + Evaluate>(self) -> bool {
        P::startpos().parse_move(&self.0).is_ok()
    }
}

pub fn xboard_session(seed: u64, lines: usize, mat: &Material) {
    let mut rng = Rng::new(seed);
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until(seed, |l| l == "feature done=1");
    for i in 0..lines {
        let line = xboard_garbage(&mut rng, &mat.fens, &mat.moves);
        e.send_bytes(&line);
        if i % 25 == 24 {
            // Ids no garbage `ping` uses, so the answer is ours.
            e.send(&format!("ping {}", 7_000_000 + i));
            let pong = format!("pong {}", 7_000_000 + i);
            e.until(seed, |l| l == pong);
        }
    }
    // Back to a known state, then a short search in a random variant.
    let variant = *rng.pick(VARIANTS);
    for l in [
        "exit",
        "force",
        "option Rank numbering=1-11 (XBoard default)",
        "new",
        &format!("variant {variant}"),
        "sd 2",
        "ping 7100000",
    ] {
        e.send(l);
    }
    e.until(seed, |l| l == "pong 7100000");
    e.send("go");
    e.until(seed, |l| l.starts_with("move ") && !l.ends_with(','));
    e.send("d");
    e.send("ping 7100001");
    let out = e.until(seed, |l| l == "pong 7100001");
    let fen = out
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("# ").filter(|f| f.contains('/')))
        .unwrap_or_else(|| panic!("seed {seed:#x}: no FEN from d: {out:?}"))
        .to_string();
    assert!(
        dispatch(variant, FollowsLegalMove(fen.clone())).unwrap(),
        "seed {seed:#x}: {variant}: {fen} does not follow a legal move; transcript tail:\n{}",
        e.transcript()
    );
    e.finish(seed);
}

pub fn uci_session(seed: u64, lines: usize, mat: &Material) {
    let mut rng = Rng::new(seed);
    let mut e = Engine::start();
    e.send("uci");
    e.until(seed, |l| l == "uciok");
    for i in 0..lines {
        let line = uci_garbage(&mut rng, &mat.fens, &mat.moves);
        e.send_bytes(&line);
        // `stop` right after a search or perft starts, now and then, and
        // for certain every 50 lines during a deep perft (were `stop`
        // broken, the next command, which waits for the worker, would hang).
        if line.starts_with(b"go") && rng.chance(2) {
            e.send("stop");
        }
        if i % 50 == 10 {
            e.send("go perft 10");
            e.send("stop");
        }
        if i % 25 == 24 {
            e.send("isready");
            e.until(seed, |l| l == "readyok");
        }
    }
    let variant = *rng.pick(VARIANTS);
    for l in [
        "stop".to_string(),
        format!("setoption name UCI_Variant value {variant}"),
        "ucinewgame".to_string(),
        "position startpos".to_string(),
        "isready".to_string(),
    ] {
        e.send(&l);
    }
    e.until(seed, |l| l == "readyok");
    e.send("go depth 2");
    let out = e.until(seed, |l| l.starts_with("bestmove "));
    let best = out.last().unwrap()["bestmove ".len()..]
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string();
    assert!(
        dispatch(variant, LegalAtStart(best.clone())).unwrap(),
        "seed {seed:#x}: {variant}: bestmove {best} is not legal; transcript tail:\n{}",
        e.transcript()
    );
    e.finish(seed);
}

#[test]
pub fn fuzz_xboard_loop() {
    let mat = material();
    for seed in 1..=4 {
        xboard_session(seed, 150, &mat);
    }
}

#[test]
pub fn fuzz_uci_loop() {
    let mat = material();
    for seed in 1..=4 {
        uci_session(seed, 150, &mat);
    }
}

// ---------------------------------------------------------------- regressions

/// Issue 10: a line that is not UTF-8 used to end the input (the reader used
/// `BufRead::lines`), so the engine quit on one stray byte.
#[test]
fn invalid_utf8_is_one_bad_line_not_the_end_of_input() {
    use menagerie::protocol::lossy_lines;
    let input: &[u8] = b"a\xffb\r\nping 1\n\nlast";
    let got: Vec<String> = lossy_lines(input).collect();
    assert_eq!(got, ["a\u{FFFD}b", "ping 1", "", "last"]);

    for uci in [false, true] {
        let mut e = Engine::start();
        e.send(if uci { "uci" } else { "xboard" });
        e.send_bytes(b"usermove e2\xffe4");
        e.send_bytes(b"\xfe\xff");
        if uci {
            e.send("isready");
            e.until(0, |l| l == "readyok");
        } else {
            e.send("ping 7");
            e.until(0, |l| l == "pong 7");
        }
        e.finish(0);
    }
}

/// Issue 10 soak: switching variants built the new session's table while the
/// old one was alive, so the peak memory was twice the Hash setting.
#[cfg(target_os = "linux")]
#[test]
fn switching_variants_keeps_one_hash_table() {
    let hwm_mib = |pid: u32| -> u64 {
        let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let line = s.lines().find(|l| l.starts_with("VmHWM")).unwrap();
        line.split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<u64>()
            .unwrap()
            / 1024
    };
    for uci in [true, false] {
        let mut e = Engine::start();
        if uci {
            e.send("uci");
            e.send("setoption name Hash value 256");
            for v in VARIANTS {
                e.send(&format!("setoption name UCI_Variant value {v}"));
            }
            e.send("isready");
            e.until(0, |l| l == "readyok");
        } else {
            e.send("xboard");
            e.send("memory 256");
            for v in VARIANTS {
                e.send(&format!("variant {v}"));
            }
            e.send("ping 1");
            e.until(0, |l| l == "pong 1");
        }
        let peak = hwm_mib(e.child.id());
        assert!(
            peak < 256 + 64,
            "peak {peak} MiB with Hash 256 (uci: {uci})"
        );
        e.finish(0);
    }
}
