//! Transcript tests of the built binary in both protocols: every command and
//! every bad-input case. The engine runs as a child process; `Proc::sync`
//! sends `ping N` (XBoard) or `isready` (UCI) and collects the output up to
//! the answer, so most checks compare whole reply lists. Searches are tiny
//! (`sd 2`, `go depth 2`) or stopped by hand; the only time bound is a
//! generous read timeout that turns a hang into a failure with the transcript.
//! Files: this one (the child process helper, protocol choice), `xboard.rs`,
//! `uci.rs`.

mod uci;
mod xboard;

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
