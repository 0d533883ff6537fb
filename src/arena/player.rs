//! An engine as a child process, and the protocol-neutral [`Client`] the game
//! loop talks to ([`super::uci`], [`super::xboard`]).
//!
//! A reader thread turns the engine's stdout into a channel of lines, so every
//! wait has a deadline: a silent engine is a hang, a closed pipe a crash.

use super::config::{resolve_command, EngineSpec, Protocol};
use super::tc::Clock;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Time an engine gets to start up or to answer `isready`/`ping`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// Why an engine could not go on; each loses the game with this reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process could not start, or its handshake failed.
    Startup(String),
    /// Its pipe closed (the process died).
    Crash,
    /// No answer before the deadline.
    Hang,
    /// It broke the protocol (refused a legal move, said something unusable).
    Protocol(String),
}

/// What an engine answered to "your move".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move in its notation (multi-leg CECP moves joined as `a,b`).
    Move(String),
    Resign,
    /// A result claim instead of a move (CECP `1-0 {...}` and the like).
    Claim(String),
}

/// An answer with the last score the engine reported (centipawns, its own
/// point of view; mates as ±(100000 − moves)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub answer: Answer,
    pub score: Option<i32>,
}

/// How a game starts, as the engines are told.
pub struct GameSetup<'a> {
    pub variant: &'a str,
    pub fen: &'a str,
    pub is_startpos: bool,
    pub clock: &'a Clock,
}

/// One request for a move.
pub struct Turn<'a> {
    /// Every move since `GameSetup::fen`, in our notation.
    pub moves: &'a [String],
    pub white_to_move: bool,
    pub own: &'a Clock,
    pub opp: &'a Clock,
    /// Give up waiting after this long.
    pub wait: Duration,
}

/// The protocol-neutral face of an engine.
pub trait Client: Send {
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure>;
    fn play(&mut self, turn: &Turn) -> Result<Reply, Failure>;
}

/// Starts `spec` and completes its handshake for `variant`.
pub fn start(spec: &EngineSpec, variant: &str, debug: bool) -> Result<Box<dyn Client>, Failure> {
    let p = Process::spawn(spec, debug).map_err(Failure::Startup)?;
    Ok(match spec.protocol {
        Protocol::Uci => Box::new(super::uci::Uci::start(p, spec, variant)?),
        Protocol::Xboard => Box::new(super::xboard::Xboard::start(p, spec, variant)?),
    })
}

/// A running engine process with a line channel on its stdout.
pub struct Process {
    pub name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    debug: bool,
}

impl Process {
    pub fn spawn(spec: &EngineSpec, debug: bool) -> Result<Process, String> {
        let exe = resolve_command(spec)?;
        let mut cmd = Command::new(exe);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("engine '{}': cannot start: {e}", spec.name))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in crate::protocol::lossy_lines(BufReader::new(stdout)) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            name: spec.name.clone(),
            stdin: child.stdin.take(),
            child,
            lines: rx,
            debug,
        })
    }

    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        if self.debug {
            eprintln!("{} < {line}", self.name);
        }
        let stdin = self.stdin.as_mut().ok_or(Failure::Crash)?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|_| Failure::Crash)
    }

    /// The next line, waiting until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if self.debug {
                    eprintln!("{} > {line}", self.name);
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Hang),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Crash),
        }
    }
}

impl Drop for Process {
    /// Asks politely (`quit` was sent by the client), then kills after 300 ms.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let end = Instant::now() + Duration::from_millis(300);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
