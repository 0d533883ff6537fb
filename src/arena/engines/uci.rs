//! The UCI side of the runner: `uci`/`uciok`, options (`UCI_Variant` when the
//! variant is not chess), `ucinewgame`, `position ... moves ...`, `go` with the
//! runner's clocks, `bestmove`.

use super::client::{Answer, Client, Failure, GameSetup, Reply, Turn, HANDSHAKE};
use super::process::Process;
use crate::arena::config::EngineSpec;
use crate::arena::tc::TimeControl;
use crate::variants::is_orthodox;
use std::time::Instant;

pub struct Uci {
    p: Process,
    position: String,
}

impl Uci {
    pub fn start(mut p: Process, spec: &EngineSpec, variant: &str) -> Result<Uci, Failure> {
        let startup = |m: String| Failure::Startup(format!("engine '{}': {m}", spec.name));
        p.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        let mut variant_option = None;
        loop {
            let line = p.recv(deadline).map_err(|f| match f {
                Failure::Hang => startup("no 'uciok' within 10 s".into()),
                Failure::Crash => startup("exited during the UCI handshake".into()),
                f => f,
            })?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("option name UCI_Variant ") {
                variant_option = Some(rest.to_string());
            }
        }
        if !is_orthodox(variant) {
            match &variant_option {
                None => {
                    return Err(startup(format!(
                        "no UCI_Variant option, cannot play {variant}"
                    )))
                }
                Some(o)
                    if o.contains(" var ")
                        && !o.split(" var ").skip(1).any(|v| v.trim() == variant) =>
                {
                    return Err(startup(format!("UCI_Variant does not offer {variant}")))
                }
                Some(_) => {}
            }
        }
        for (name, value) in &spec.options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        if !is_orthodox(variant) {
            p.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        let mut uci = Uci {
            p,
            position: String::new(),
        };
        uci.sync()?;
        Ok(uci)
    }

    fn sync(&mut self) -> Result<(), Failure> {
        self.p.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE;
        while self.p.recv(deadline)?.trim() != "readyok" {}
        Ok(())
    }
}

/// The score of an `info` line, if it carries one.
fn info_score(line: &str) -> Option<i32> {
    let mut it = line.split_whitespace();
    while let Some(tok) = it.next() {
        if tok == "score" {
            return match (it.next(), it.next().and_then(|v| v.parse::<i32>().ok())) {
                (Some("cp"), Some(v)) => Some(v),
                (Some("mate"), Some(m)) if m > 0 => Some(100_000 - m),
                (Some("mate"), Some(m)) => Some(-100_000 - m),
                _ => None,
            };
        }
    }
    None
}

impl Client for Uci {
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        self.position = if setup.is_startpos {
            "position startpos".into()
        } else {
            format!("position fen {}", setup.fen)
        };
        self.p.send("ucinewgame")?;
        self.sync()
    }

    fn play(&mut self, turn: &Turn) -> Result<Reply, Failure> {
        let mut pos = self.position.clone();
        if !turn.moves.is_empty() {
            pos.push_str(" moves ");
            pos.push_str(&turn.moves.join(" "));
        }
        self.p.send(&pos)?;
        let ms = |d: std::time::Duration| d.as_millis();
        let go = match turn.own.tc {
            TimeControl::MoveTime(d) => format!("go movetime {}", ms(d)),
            TimeControl::Clock { .. } => {
                let (w, b) = if turn.white_to_move {
                    (turn.own, turn.opp)
                } else {
                    (turn.opp, turn.own)
                };
                // Each side's own increment: in a time-odds game they differ.
                let mut s = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    ms(w.left),
                    ms(b.left),
                    ms(w.increment()),
                    ms(b.increment())
                );
                if let Some(n) = turn.own.moves_to_go() {
                    s.push_str(&format!(" movestogo {n}"));
                }
                s
            }
        };
        self.p.send(&go)?;
        let deadline = Instant::now() + turn.wait;
        let mut score = None;
        loop {
            let line = self.p.recv(deadline)?;
            let line = line.trim();
            if line.starts_with("info ") {
                score = info_score(line).or(score);
            } else if let Some(rest) = line.strip_prefix("bestmove") {
                let mv = rest.split_whitespace().next().unwrap_or("");
                return Ok(Reply {
                    answer: Answer::Move(mv.to_string()),
                    score,
                });
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.p.send("quit");
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn info_scores() {
        use super::info_score;
        assert_eq!(
            info_score("info depth 3 score cp -35 nodes 1 pv e2e4"),
            Some(-35)
        );
        assert_eq!(
            info_score("info depth 9 score mate 3 pv a1a8"),
            Some(99_997)
        );
        assert_eq!(info_score("info depth 9 score mate -2"), Some(-99_998));
        assert_eq!(info_score("info string hello"), None);
    }
}
