//! An engine as a child process. A reader thread turns the engine's stdout
//! into a channel of lines, so every wait has a deadline: a silent engine is
//! a hang, a closed pipe a crash.

use super::client::Failure;
use crate::arena::config::{resolve_command, EngineSpec};
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

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
