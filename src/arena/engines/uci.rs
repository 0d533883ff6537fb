//! The UCI side of the runner: `uci`/`uciok`, options (`UCI_Variant` when the
//! variant is not chess, `Ponder` when the engine ponders), `ucinewgame`,
//! `position ... moves ...`, `go` with the runner's clocks, `bestmove`.
//!
//! Pondering (`ponder = true`): after `bestmove X ponder Y` the game loop asks
//! [`Client::ponder`], and the engine gets the game with Y played and
//! `go ponder`. On its next turn a guess that came true is a `ponderhit`
//! (the search goes on, now on its own clock); a wrong one is a `stop`, its
//! answer dropped, and then the usual `position` and `go`.

use super::client::{Answer, Client, Failure, GameSetup, Reply, Turn, HANDSHAKE};
use super::process::Process;
use crate::arena::config::EngineSpec;
use crate::arena::tc::TimeControl;
use crate::variants::is_orthodox;
use std::time::{Duration, Instant};

pub struct Uci {
    p: Process,
    /// `position startpos` or `position fen ...`: the game's start.
    position: String,
    /// The engine ponders (`ponder = true`; it has a Ponder option, set).
    ponder: bool,
    /// While it thinks on its opponent's time: the line it thinks on, every
    /// move of the game then the predicted reply.
    pondering: Option<Vec<String>>,
}

/// Whether an `option name ...` line of the `uci` answer declares `name`
/// (names are case-insensitive in UCI; the name ends where ` type ` starts).
fn declares_option(line: &str, name: &str) -> bool {
    line.strip_prefix("option name ")
        .and_then(|rest| rest.split(" type ").next())
        .is_some_and(|n| n.trim().eq_ignore_ascii_case(name))
}

impl Uci {
    pub fn start(mut p: Process, spec: &EngineSpec, variant: &str) -> Result<Uci, Failure> {
        let startup = |m: String| Failure::Startup(format!("engine '{}': {m}", spec.name));
        p.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        let mut variant_option = None;
        let mut has_ponder = false;
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
            has_ponder |= declares_option(line, "Ponder");
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
        // An engine told to ponder that cannot would play on its own clock
        // alone: say so rather than run a match that is not what was asked.
        if spec.ponder && !has_ponder {
            return Err(Failure::Startup(format!(
                "engine '{}' has no Ponder option (ponder = true needs one)",
                spec.name
            )));
        }
        for (name, value) in &spec.options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        if spec.ponder {
            p.send("setoption name Ponder value true")?;
        }
        if !is_orthodox(variant) {
            p.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        let mut uci = Uci {
            p,
            position: String::new(),
            ponder: spec.ponder,
            pondering: None,
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

    /// `position ...` with `moves` played from the game's start.
    fn position_command(&self, moves: &[String]) -> String {
        let mut pos = self.position.clone();
        if !moves.is_empty() {
            pos.push_str(" moves ");
            pos.push_str(&moves.join(" "));
        }
        pos
    }

    /// Ends a ponder search, if one runs: `stop`, then its `bestmove` read
    /// and dropped (it answers a position that did not come, or a game that
    /// is over), so the next `bestmove` read is the answer to the next `go`.
    fn stop_pondering(&mut self) -> Result<(), Failure> {
        if self.pondering.take().is_none() {
            return Ok(());
        }
        self.p.send("stop")?;
        let deadline = Instant::now() + HANDSHAKE;
        while bestmove(&self.p.recv(deadline)?).is_none() {}
        Ok(())
    }

    /// Reads until `bestmove`, keeping the last score of the `info` lines.
    fn answer(&mut self, deadline: Instant) -> Result<Reply, Failure> {
        let mut score = None;
        loop {
            let line = self.p.recv(deadline)?;
            let line = line.trim();
            if line.starts_with("info ") {
                score = info_score(line).or(score);
            } else if let Some((mv, ponder)) = bestmove(line) {
                return Ok(Reply {
                    answer: Answer::Move(mv.to_string()),
                    score,
                    ponder: ponder.filter(|_| self.ponder).map(String::from),
                });
            }
        }
    }
}

/// The move and the predicted reply of a `bestmove X [ponder Y]` line.
fn bestmove(line: &str) -> Option<(&str, Option<&str>)> {
    let mut words = line.split_whitespace();
    if words.next() != Some("bestmove") {
        return None;
    }
    let mv = words.next().unwrap_or("");
    let ponder = match (words.next(), words.next()) {
        (Some("ponder"), Some(p)) => Some(p),
        _ => None,
    };
    Some((mv, ponder))
}

/// The limits of a `go` for the engine of `turn`: `wtime`, `btime`, `winc`,
/// `binc` (and `movestogo`) from its clock and its opponent's, or
/// `movetime`. The same for `go ponder`, whose position has it to move too.
fn go_limits(turn: &Turn) -> String {
    let ms = |d: Duration| d.as_millis();
    match turn.own.tc {
        TimeControl::MoveTime(d) => format!("movetime {}", ms(d)),
        TimeControl::Clock { .. } => {
            let (w, b) = if turn.white_to_move {
                (turn.own, turn.opp)
            } else {
                (turn.opp, turn.own)
            };
            // Each side's own increment: in a time-odds game they differ.
            let mut s = format!(
                "wtime {} btime {} winc {} binc {}",
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
        self.stop_pondering()?;
        self.position = if setup.is_startpos {
            "position startpos".into()
        } else {
            format!("position fen {}", setup.fen)
        };
        self.p.send("ucinewgame")?;
        self.sync()
    }

    fn play(&mut self, turn: &Turn) -> Result<Reply, Failure> {
        if self.pondering.as_deref() == Some(turn.moves) {
            // The guess came true: the ponder search becomes the search.
            self.pondering = None;
            self.p.send("ponderhit")?;
            return self.answer(Instant::now() + turn.wait);
        }
        self.stop_pondering()?;
        self.p.send(&self.position_command(turn.moves))?;
        self.p.send(&format!("go {}", go_limits(turn)))?;
        self.answer(Instant::now() + turn.wait)
    }

    fn ponder(&mut self, turn: &Turn, predicted: &str) -> Result<(), Failure> {
        if !self.ponder {
            return Ok(());
        }
        self.stop_pondering()?;
        let mut line = turn.moves.to_vec();
        line.push(predicted.to_string());
        self.p.send(&self.position_command(&line))?;
        self.p.send(&format!("go ponder {}", go_limits(turn)))?;
        self.pondering = Some(line);
        Ok(())
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

    #[test]
    fn bestmove_lines() {
        use super::bestmove;
        assert_eq!(bestmove("bestmove e2e4"), Some(("e2e4", None)));
        assert_eq!(
            bestmove("bestmove e2e4 ponder e7e5"),
            Some(("e2e4", Some("e7e5")))
        );
        assert_eq!(bestmove("bestmove e2e4 ponder"), Some(("e2e4", None)));
        assert_eq!(bestmove("bestmove"), Some(("", None)));
        assert_eq!(bestmove("info string bestmove e2e4"), None);
        assert_eq!(bestmove("bestmoves e2e4"), None);
    }

    #[test]
    fn ponder_option_lines() {
        use super::declares_option;
        let line = "option name Ponder type check default false";
        assert!(declares_option(line, "Ponder"));
        assert!(declares_option("option name ponder type check", "Ponder"));
        assert!(!declares_option(
            "option name Ponder Level type spin",
            "Ponder"
        ));
        assert!(!declares_option("id name Ponder type check", "Ponder"));
    }
}
