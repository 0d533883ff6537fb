//! Fuzz-style tests with a seeded generator (issue 10): bad input must be
//! rejected with an error, never a panic, and never wedge the engine.
//!
//! - FEN parsing of every variant (`from_fen` and `protocol::xboard::moves::from_fen`): random
//!   strings and mutations of real FENs (truncation, character substitution,
//!   insertion and deletion, digit changes, huge numbers, field shuffles,
//!   dropped and repeated fields). An accepted FEN must round-trip, hash
//!   consistently, and survive move generation, `play`, the outcome and the
//!   evaluation.
//! - Move parsing of every variant (`parse_move`, `protocol::xboard::moves::parse`): random
//!   strings and mutations of legal-move texts; an accepted text must name a
//!   legal move.
//! - The XBoard and UCI loops of the real binary fed random and malformed
//!   command streams (including invalid UTF-8): afterwards the engine answers
//!   `ping`/`isready` and plays a legal move, and nothing panics (stderr has no
//!   "panicked", stdout no "internal error").
//!
//! Why seeded generators rather than cargo-fuzz: cargo-fuzz needs a nightly
//! toolchain and the `cargo-fuzz` tool, and a coverage-guided run wants far
//! more CPU than the test suite may take; a seeded generator is reproducible
//! (a failure prints its seed and input) and runs inside `cargo test`.
//! `fuzz_long` (ignored) runs the same generators for `FUZZ_SECONDS`
//! (default 60) from `FUZZ_SEED`; see `scripts/fuzz.sh`.

use menagerie::protocol::xboard::moves as xforms;
use menagerie::rules::{game_outcome, Evaluate, GenKind, MoveList, Position};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};
use std::io::{BufRead, BufReader, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------- generator

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        self.0 = s;
        s
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// Characters FENs, moves and commands are made of, and a few that they are not.
const ALPHABET: &[char] = &[
    'K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', 'A', 'C', 'E', 'H', 'M', 'O', 'W',
    'X', 'Y', 'Z', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'l', 'm', 'o', 's', 't', 'w', 'x',
    'y', 'z', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '/', ' ', '-', '*', '+', '~', '[',
    ']', '(', ')', ',', '.', ':', ';', '=', '@', '#', '\'', '"', '\t', 'é', '♚', '\u{0}', '\u{7f}',
];

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "9",
    "10",
    "11",
    "12",
    "13",
    "99",
    "255",
    "256",
    "-1",
    "65535",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
    "007",
    "1.5",
    "",
];

fn random_text(rng: &mut Rng, max_len: usize) -> String {
    let len = rng.below(max_len + 1);
    (0..len).map(|_| *rng.pick(ALPHABET)).collect()
}

/// One random change to `text`.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = rng.below(chars.len() + 1);
    match rng.below(10) {
        0 => chars.truncate(at),
        1 if at < chars.len() => chars[at] = *rng.pick(ALPHABET),
        2 => chars.insert(at, *rng.pick(ALPHABET)),
        3 if at < chars.len() => {
            chars.remove(at);
        }
        4 => {
            // Change a digit run into another number.
            let digits: Vec<usize> = (0..chars.len())
                .filter(|&i| chars[i].is_ascii_digit())
                .collect();
            if let Some(&i) = digits.get(rng.below(digits.len())) {
                let n: Vec<char> = rng.pick(NUMBERS).chars().collect();
                chars.splice(i..=i, n);
            }
        }
        5 | 6 => {
            // Shuffle, drop or repeat whitespace-separated fields.
            let s: String = chars.iter().collect();
            let mut fields: Vec<&str> = s.split(' ').collect();
            let n = fields.len();
            match rng.below(3) {
                0 => fields.swap(rng.below(n), rng.below(n)),
                1 if n > 1 => {
                    fields.remove(rng.below(n));
                }
                _ => {
                    let f = fields[rng.below(n)];
                    fields.insert(rng.below(n + 1), f);
                }
            }
            return fields.join(" ");
        }
        7 => {
            // Shuffle the ranks of the board field.
            let s: String = chars.iter().collect();
            let (board, rest) = s.split_once(' ').unwrap_or((&s, ""));
            let mut ranks: Vec<&str> = board.split('/').collect();
            let n = ranks.len();
            ranks.swap(rng.below(n), rng.below(n));
            if rng.chance(3) {
                ranks.remove(rng.below(n));
            }
            return format!("{} {rest}", ranks.join("/"));
        }
        8 => {
            let extra = random_text(rng, 6);
            chars.splice(at..at, extra.chars());
        }
        _ if at < chars.len() => {
            let to = (at + rng.below(8)).min(chars.len());
            chars.drain(at..to);
        }
        _ => {}
    }
    chars.into_iter().collect()
}

fn mutated(rng: &mut Rng, text: &str) -> String {
    let mut s = text.to_string();
    for _ in 0..1 + rng.below(3) {
        s = mutate(rng, &s);
    }
    s
}

/// Positions met along a seeded random game from the start position.
fn walk<P: Position>(rng: &mut Rng, plies: usize) -> Vec<P> {
    let mut pos = P::startpos();
    let mut history = Vec::new();
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        if game_outcome(&pos, &history).is_some() {
            break;
        }
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            break;
        }
        history.push(pos.hash());
        pos = pos.play(*rng.pick(&list));
        out.push(pos.clone());
    }
    out
}

/// Runs `f`, turning a panic into a failure that names the input and seed.
fn no_panic<T>(what: &str, seed: u64, input: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("{what} panicked (seed {seed:#x}) on {input:?}: {msg}")
        }
    }
}

// ---------------------------------------------------------------- FEN

/// Everything an accepted position must survive.
fn exercise<P: Position + Evaluate>(pos: &P, input: &str) {
    let fen = pos.to_fen();
    let back = P::from_fen(&fen).unwrap_or_else(|e| {
        panic!(
            "{}: {input:?} accepted as {fen}, which is rejected: {e}",
            P::NAME
        )
    });
    assert_eq!(back.to_fen(), fen, "{}: round trip of {input:?}", P::NAME);
    assert_eq!(
        back.hash(),
        pos.hash(),
        "{}: hash after round trip of {input:?}",
        P::NAME
    );
    assert_eq!(
        pos.hash(),
        pos.recompute_hash(),
        "{}: hash of {input:?}",
        P::NAME
    );
    let _ = pos.evaluate();
    let _ = pos.in_check();
    let _ = game_outcome(pos, &[]);
    let _ = pos.diagram();
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut noisy = MoveList::new();
    pos.generate(GenKind::Noisy, &mut noisy);
    for &m in &list {
        let text = pos.format_move(m);
        assert_eq!(pos.parse_move(&text), Ok(m), "{}: {text} at {fen}", P::NAME);
        let _ = xforms::move_text(pos, m);
        let _ = pos.capture_gain(m);
        let next = pos.play(m);
        assert_eq!(
            next.hash(),
            next.recompute_hash(),
            "{}: {text} at {fen}",
            P::NAME
        );
        let _ = game_outcome(&next, &[pos.hash()]);
        let _ = next.to_fen();
    }
    if !pos.in_check() {
        let _ = pos.play_null().to_fen();
    }
}

struct FenFuzz {
    seed: u64,
    cases: usize,
}

impl VariantVisitor for FenFuzz {
    type Output = (usize, usize);
    fn visit<P: Position + Evaluate>(self) -> (usize, usize) {
        let mut rng = Rng::new(self.seed);
        let mut seeds: Vec<String> = walk::<P>(&mut rng, 120)
            .iter()
            .map(|p| p.to_fen())
            .collect();
        seeds.push(P::startpos().to_fen());
        let mut accepted = 0;
        for i in 0..self.cases {
            let input = if rng.chance(10) {
                random_text(&mut rng, 80)
            } else {
                let base = rng.pick(&seeds).clone();
                mutated(&mut rng, &base)
            };
            let xboard = i % 2 == 1;
            let parsed = no_panic(&format!("{} from_fen", P::NAME), self.seed, &input, || {
                if xboard {
                    xforms::from_fen::<P>(&input)
                } else {
                    P::from_fen(&input)
                }
            });
            if let Ok(pos) = parsed {
                accepted += 1;
                no_panic(
                    &format!("{} accepted FEN", P::NAME),
                    self.seed,
                    &input,
                    || exercise(&pos, &input),
                );
            } else if let Err(e) = parsed {
                let _ = e.to_string();
            }
        }
        (self.cases, accepted)
    }
}

fn fuzz_fens(seed: u64, cases: usize) {
    for &name in VARIANTS {
        let (n, ok) = dispatch(name, FenFuzz { seed, cases }).unwrap();
        eprintln!("{name}: {n} FENs, {ok} accepted");
    }
}

#[test]
fn fuzz_fen_parsing_every_variant() {
    fuzz_fens(0xF3A1, 3000);
}

// ---------------------------------------------------------------- moves

struct MoveFuzz {
    seed: u64,
    cases: usize,
}

impl VariantVisitor for MoveFuzz {
    type Output = usize;
    fn visit<P: Position + Evaluate>(self) -> usize {
        let mut rng = Rng::new(self.seed);
        let positions = walk::<P>(&mut rng, 150);
        let mut accepted = 0;
        for _ in 0..self.cases {
            let pos = rng.pick(&positions);
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            let input = if list.is_empty() || rng.chance(5) {
                random_text(&mut rng, 12)
            } else {
                let m = *rng.pick(&list);
                let text = if rng.chance(2) {
                    pos.format_move(m)
                } else {
                    xforms::move_text(pos, m)
                };
                mutated(&mut rng, &text)
            };
            for xboard in [false, true] {
                let r = no_panic(
                    &format!("{} parse_move", P::NAME),
                    self.seed,
                    &input,
                    || {
                        if xboard {
                            xforms::parse(pos, &input)
                        } else {
                            pos.parse_move(&input)
                        }
                    },
                );
                match r {
                    Ok(m) => {
                        accepted += 1;
                        assert!(
                            list.contains(&m),
                            "{}: {input:?} parsed to an illegal move at {}",
                            P::NAME,
                            pos.to_fen()
                        );
                    }
                    Err(e) => {
                        let _ = e.to_string();
                    }
                }
            }
        }
        accepted
    }
}

fn fuzz_moves(seed: u64, cases: usize) {
    for &name in VARIANTS {
        let ok = dispatch(name, MoveFuzz { seed, cases }).unwrap();
        eprintln!("{name}: {cases} move texts, {ok} parses accepted");
    }
}

#[test]
fn fuzz_move_parsing_every_variant() {
    fuzz_moves(0x30FE, 3000);
}

// ---------------------------------------------------------------- protocols

const READ_TIMEOUT: Duration = Duration::from_secs(60);

struct Engine {
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

const XBOARD_COMMANDS: &[&str] = &[
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
const UCI_COMMANDS: &[&str] = &[
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

const OPTION_NAMES: &[&str] = &[
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
fn random_arg(rng: &mut Rng, fens: &[String], moves: &[String]) -> String {
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

fn xboard_garbage(rng: &mut Rng, fens: &[String], moves: &[String]) -> Vec<u8> {
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

fn uci_garbage(rng: &mut Rng, fens: &[String], moves: &[String]) -> Vec<u8> {
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
                // Not above 3: `go perft N` runs on the loop's thread and
                // cannot be stopped, so a deep one blocks the engine for hours
                // (a known limit, see the README's troubleshooting section).
                s += *rng.pick(&["1", "2", "0", "-1", "x", "3", "4294967296", ""]);
            }
            // A garbage `go infinite` would be stopped by the next command; a
            // huge movetime as well. Either way the search is bounded.
            s
        }
        _ => format!("{cmd} {}", random_arg(rng, fens, moves)),
    };
    finish_line(rng, line)
}

/// Sometimes corrupts the line's bytes (invalid UTF-8, control bytes, CR).
fn finish_line(rng: &mut Rng, line: String) -> Vec<u8> {
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

struct Material {
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

fn material() -> Material {
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
struct FollowsLegalMove(String);

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
struct LegalAtStart(String);

impl VariantVisitor for LegalAtStart {
    type Output = bool;
    fn visit<P: Position + Evaluate>(self) -> bool {
        P::startpos().parse_move(&self.0).is_ok()
    }
}

fn xboard_session(seed: u64, lines: usize, mat: &Material) {
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

fn uci_session(seed: u64, lines: usize, mat: &Material) {
    let mut rng = Rng::new(seed);
    let mut e = Engine::start();
    e.send("uci");
    e.until(seed, |l| l == "uciok");
    for i in 0..lines {
        let line = uci_garbage(&mut rng, &mat.fens, &mat.moves);
        e.send_bytes(&line);
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
fn fuzz_xboard_loop() {
    let mat = material();
    for seed in 1..=4 {
        xboard_session(seed, 150, &mat);
    }
}

#[test]
fn fuzz_uci_loop() {
    let mat = material();
    for seed in 1..=4 {
        uci_session(seed, 150, &mat);
    }
}

// ---------------------------------------------------------------- long run

/// `FUZZ_SECONDS=600 FUZZ_SEED=42 cargo test --release --test fuzz -- --ignored`
#[test]
#[ignore]
fn fuzz_long() {
    let secs: u64 = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let mut seed: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(1)
        });
    let end = Instant::now() + Duration::from_secs(secs);
    let mat = material();
    let mut rounds = 0;
    while Instant::now() < end {
        eprintln!("round {rounds}, seed {seed}");
        fuzz_fens(seed, 2000);
        fuzz_moves(seed, 2000);
        xboard_session(seed, 300, &mat);
        uci_session(seed, 300, &mat);
        seed = seed.wrapping_add(1);
        rounds += 1;
    }
    eprintln!("{rounds} rounds without a failure");
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
