//! The protocol loops (XBoard/CECP v2 in [`xboard`], UCI in [`uci`]) and the
//! façade they drive, in [`session`]: [`Session`], an object-safe view of one
//! game of one variant. [`Engine<P>`] implements it for every
//! `P: Position + Evaluate`; [`make_session`] picks `P` by name through the
//! registry, once. Everything
//! XBoard needs is derived in [`xboard::moves`] from the moves' effects
//! ([`crate::rules::Position::effects`]); the little per-variant XBoard data there is (piece
//! tables, native names) is XBoard's own, in [`xboard::profile`].
//!
//! Threads: stdin is read on its own thread ([`spawn_reader`]); a search runs on
//! a worker thread that owns the session (`Box<dyn Session>`) and hands it back
//! with the result, so `stop`, `?`, `isready`, `.` and `ping` are answered
//! while it thinks.

pub mod session;
pub mod uci;
pub mod xboard;

pub use session::{
    default_variant, make_session, resolve_variant, variant_names, Engine, GoResult, MoveEffects,
    MoveView, PlayError, Player, PositionError, Session, Shape, DEFAULT_HASH_MB, MAX_HASH_MB,
    MAX_MULTIPV, MAX_THREADS,
};

use crate::search::{Info, Limits, Score};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

/// A command's argument as an error message shows it: `(nothing given)` when
/// there is none, so no message ends in an empty detail.
pub(crate) fn shown(arg: &str) -> &str {
    if arg.trim().is_empty() {
        "(nothing given)"
    } else {
        arg
    }
}

/// What the loops wait for: a line of input, or a finished search.
pub enum Event {
    Line(String),
    Eof,
    Done(Box<dyn Session>, GoResult),
}

/// The lines of `input` without their `\n` or `\r\n`, decoded lossily: a
/// line that is not valid UTF-8 becomes text with U+FFFD in it (a command the
/// loops reject), not the end of input. `BufRead::lines` fails on such a line,
/// which used to make the engine quit on one stray byte (issue 10).
pub fn lossy_lines<R: BufRead>(mut input: R) -> impl Iterator<Item = String> {
    let mut buf = Vec::new();
    std::iter::from_fn(move || loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => return None,
            Ok(_) => {
                if buf.last() == Some(&b'\n') {
                    buf.pop();
                    if buf.last() == Some(&b'\r') {
                        buf.pop();
                    }
                }
                return Some(String::from_utf8_lossy(&buf).into_owned());
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    })
}

/// Reads stdin lines on their own thread into `tx`.
pub fn spawn_reader(input: Box<dyn BufRead + Send>, tx: Sender<Event>) {
    std::thread::spawn(move || {
        for l in lossy_lines(input) {
            if tx.send(Event::Line(l)).is_err() {
                return;
            }
        }
        let _ = tx.send(Event::Eof);
    });
}

/// Writes one protocol line to stdout and flushes (never to stderr: XBoard
/// would read that as protocol).
pub fn emit(line: &str) {
    let out = std::io::stdout();
    let mut lock = out.lock();
    let _ = writeln!(lock, "{line}");
    let _ = lock.flush();
}

/// Which protocol to speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Xboard,
    Uci,
}

/// `menagerie baseline`: the UCI loop on stdin/stdout with the one-ply
/// player ([`Player::OnePly`]) answering `go`.
pub fn run_baseline(seed: u64) {
    let (tx, rx) = channel();
    spawn_reader(
        Box::new(std::io::BufReader::new(std::io::stdin())),
        tx.clone(),
    );
    uci::Uci::new(tx, rx, Vec::new())
        .with_player(Player::OnePly { seed })
        .run();
}

/// Runs the engine loop on stdin/stdout. `forced` skips the detection by the
/// first command (`xboard` or `uci`).
pub fn run(forced: Option<Protocol>, tuning: bool) {
    // Panic messages go to stdout as `#` comments: XBoard merges stderr into
    // the protocol stream and would act on their words.
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string().replace('\n', " ");
        emit(&format!("# internal error: {msg}"));
    }));
    let (tx, rx) = channel();
    spawn_reader(
        Box::new(std::io::BufReader::new(std::io::stdin())),
        tx.clone(),
    );
    run_with(forced, tuning, tx, rx);
}

fn run_with(forced: Option<Protocol>, tuning: bool, tx: Sender<Event>, rx: Receiver<Event>) {
    let mut pending = Vec::new();
    let protocol = match forced {
        Some(p) => p,
        None => loop {
            match rx.recv() {
                Ok(Event::Line(l)) => match l.split_whitespace().next() {
                    Some("uci") => {
                        pending.push(l);
                        break Protocol::Uci;
                    }
                    Some("xboard") => break Protocol::Xboard,
                    Some("quit") => return,
                    Some(other) => emit(&format!(
                        "Error (unknown command; start with 'xboard' or 'uci'): {other}"
                    )),
                    None => {}
                },
                _ => return,
            }
        },
    };
    match protocol {
        Protocol::Xboard => xboard::Xboard::new(tx, rx, pending).run(),
        Protocol::Uci => uci::Uci::new(tx, rx, pending).with_tuning(tuning).run(),
    }
}

/// Prints a perft divide's counts per root move (None: it was stopped).
pub type PerftReport = Box<dyn FnOnce(Option<Vec<(String, u64)>>) + Send>;

/// Runs a perft divide on a worker thread, so `stop` (UCI) or `?` (XBoard)
/// can end it and `isready`/`ping` are answered meanwhile. `report` prints the
/// counts (None: stopped); the session comes back in an `Event::Done` with no
/// move, which the loops know not to announce.
pub fn spawn_perft(
    session: Box<dyn Session>,
    depth: u32,
    stop: Arc<AtomicBool>,
    tx: Sender<Event>,
    report: PerftReport,
) {
    std::thread::spawn(move || {
        let counts = session.perft_divide(depth, &stop);
        report(counts);
        let none = GoResult {
            best: None,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        };
        let _ = tx.send(Event::Done(session, none));
    });
}

/// Runs `session.go` on a worker thread; the session comes back in `Event::Done`.
pub fn spawn_search(
    mut session: Box<dyn Session>,
    limits: Limits,
    stop: Arc<AtomicBool>,
    tx: Sender<Event>,
    mut info: Box<dyn FnMut(&Info) + Send>,
) {
    std::thread::spawn(move || {
        // A panicking search must not leave the loop waiting forever: fall back
        // to the first legal move and say so on a `#` line.
        let go = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            session.go(&limits, stop, &mut *info)
        }));
        let r = go.unwrap_or_else(|_| {
            emit("# internal error: the search failed; playing the first legal move");
            GoResult {
                best: session.legal_moves().first().map(|m| m.text.clone()),
                ponder: None,
                score: Score::Cp(0),
                depth: 0,
                nodes: 0,
            }
        });
        let _ = tx.send(Event::Done(session, r));
    });
}
