//! The CECP (XBoard) side of the runner.
//!
//! Handshake: `xboard`, `protover 2`, every `feature` answered with
//! `accepted`, waiting for `done=1` (2 s for engines that send no features,
//! 10 s after `done=0`). A game: `new`, `variant V` (not for chess, which CECP
//! calls `normal`), `force`, `setboard FEN` for other start positions,
//! `level`/`st`, `post`, `easy`, then `ping`/`pong`. Moves reach the engine in
//! force mode (`usermove X` if it asked for `usermove=1`); on its turn it gets
//! `time`/`otim` (centiseconds) and `go`, and after its `move` we send `force`
//! again, so the engine only ever thinks when asked.
//!
//! An engine that ponders (`ponder = true`) gets `hard` instead of `easy`, and
//! no `force` after its move: CECP engines ponder on their own, but only out
//! of force mode. It is then still playing its side, so on its next turn it
//! gets `time`/`otim` and the opponent's move, which starts its search (no
//! `go`). Its output while pondering (thinking lines) is read with the answer.

use super::client::{Answer, Client, Failure, GameSetup, Reply, Turn, HANDSHAKE};
use super::process::Process;
use crate::arena::config::EngineSpec;
use crate::arena::tc::TimeControl;
use crate::variants::is_orthodox;
use std::time::{Duration, Instant};

pub struct Xboard {
    p: Process,
    features: Vec<(String, String)>,
    /// Moves of the current game the engine already knows.
    told: usize,
    pings: u32,
    /// `hard` rather than `easy`, and left out of force mode after a move.
    ponder: bool,
    /// Out of force mode after its move (pondering): it plays its side and
    /// answers the opponent's move when it arrives.
    playing: bool,
}

/// The `key=value` pairs of a `feature` line (values may be double-quoted).
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line.trim_start();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, tail) = match after.strip_prefix('"') {
            Some(q) => match q.find('"') {
                Some(end) => (&q[..end], &q[end + 1..]),
                None => (q, ""),
            },
            None => {
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                (&after[..end], &after[end..])
            }
        };
        out.push((key, value.to_string()));
        rest = tail.trim_start();
    }
    out
}

impl Xboard {
    pub fn start(mut p: Process, spec: &EngineSpec, variant: &str) -> Result<Xboard, Failure> {
        let startup = |m: String| Failure::Startup(format!("engine '{}': {m}", spec.name));
        p.send("xboard")?;
        p.send("protover 2")?;
        let begin = Instant::now();
        let mut deadline = begin + Duration::from_secs(2);
        let mut features = Vec::new();
        loop {
            let line = match p.recv(deadline) {
                Ok(l) => l,
                Err(Failure::Hang) => break, // protocol 1, or done=1 never came
                Err(Failure::Crash) => return Err(startup("exited during the handshake".into())),
                Err(f) => return Err(f),
            };
            let Some(rest) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            let mut done = false;
            for (k, v) in parse_features(rest) {
                p.send(&format!("accepted {k}"))?;
                if k == "done" {
                    if v == "1" {
                        done = true;
                    } else {
                        deadline = begin + HANDSHAKE;
                    }
                }
                features.push((k, v));
            }
            if done {
                break;
            }
        }
        let mut x = Xboard {
            p,
            features,
            told: 0,
            pings: 0,
            ponder: spec.ponder,
            playing: false,
        };
        if !is_orthodox(variant) {
            let list = x.feature("variants").unwrap_or("");
            if !list.split(',').any(|v| v.trim() == variant) {
                return Err(startup(format!(
                    "does not list variant {variant} in feature variants"
                )));
            }
        }
        for (name, value) in &spec.options {
            x.p.send(&format!("option {name}={value}"))?;
        }
        Ok(x)
    }

    fn feature(&self, key: &str) -> Option<&str> {
        self.features
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub fn has_setboard(&self) -> bool {
        self.feature("setboard") == Some("1")
    }

    fn send_move(&mut self, m: &str) -> Result<(), Failure> {
        if self.feature("usermove") == Some("1") {
            self.p.send(&format!("usermove {m}"))
        } else {
            self.p.send(m)
        }
    }

    /// Edit-mode lines go out as they are; the dummy move as a move.
    fn send_line_or_move(&mut self, line: &str) -> Result<(), Failure> {
        if line == "a2a3" {
            self.send_move(line)
        } else {
            self.p.send(line)
        }
    }

    fn sync(&mut self) -> Result<(), Failure> {
        if self.feature("ping") != Some("1") {
            return Ok(());
        }
        self.pings += 1;
        let want = format!("pong {}", self.pings);
        self.p.send(&format!("ping {}", self.pings))?;
        let deadline = Instant::now() + HANDSHAKE;
        while self.p.recv(deadline)?.trim() != want {}
        Ok(())
    }
}

/// The CECP v1 `edit` sequence for engines with `setboard=0` (Fairy-Max):
/// `edit`, `#` (clear), White's pieces as `Pa2`, `c`, Black's, `.`. Edit mode
/// cannot set the side to move, so for Black to move the spec's trick is used
/// first: the dummy move `a2a3` from the start position (chess only, which is
/// where such engines live). Castling rights follow from unmoved kings and
/// rooks; the en-passant square and move counters are lost.
pub fn edit_commands(fen: &str) -> Result<Vec<String>, Failure> {
    let bad = || Failure::Protocol(format!("cannot express FEN '{fen}' as edit commands"));
    let mut fields = fen.split_whitespace();
    let board = fields.next().ok_or_else(bad)?;
    let rows: Vec<&str> = board.split('/').collect();
    let mut pieces = [Vec::new(), Vec::new()];
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i;
        let (mut file, mut run) = (0u32, 0u32);
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d;
                continue;
            }
            file += std::mem::take(&mut run);
            if ch != '*' {
                let name = char::from_u32('a' as u32 + file).ok_or_else(bad)?;
                let side = usize::from(ch.is_ascii_lowercase());
                pieces[side].push(format!("{}{name}{rank}", ch.to_ascii_uppercase()));
            }
            file += 1;
        }
    }
    let mut out = Vec::new();
    if fields.next() == Some("b") {
        out.push("a2a3".to_string());
    }
    out.extend(["edit", "#"].map(String::from));
    out.append(&mut pieces[0]);
    out.push("c".into());
    out.append(&mut pieces[1]);
    out.push(".".into());
    Ok(out)
}

/// The score of a CECP thinking line `ply score time nodes pv...`.
fn thinking_score(line: &str) -> Option<i32> {
    let mut it = line.split_whitespace();
    let ply = it.next()?.trim_end_matches(['.', '&']);
    ply.parse::<u32>().ok()?;
    let score = it.next()?.parse::<i32>().ok()?;
    it.next()?.parse::<i64>().ok()?;
    Some(score)
}

fn level(tc: TimeControl) -> String {
    match tc {
        TimeControl::MoveTime(d) => format!("st {}", d.as_secs_f64().ceil().max(1.0) as u64),
        TimeControl::Clock { moves, base, inc } => {
            let secs = base.as_secs_f64().ceil() as u64;
            let inc = format!("{:.3}", inc.as_secs_f64());
            let inc = inc.trim_end_matches('0').trim_end_matches('.');
            format!(
                "level {} {}:{:02} {}",
                moves.unwrap_or(0),
                secs / 60,
                secs % 60,
                inc
            )
        }
    }
}

impl Client for Xboard {
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        self.p.send("new")?;
        if !is_orthodox(setup.variant) {
            self.p.send(&format!("variant {}", setup.variant))?;
        }
        self.p.send("force")?;
        if !setup.is_startpos {
            if self.has_setboard() {
                self.p.send(&format!("setboard {}", setup.fen))?;
            } else {
                for line in edit_commands(setup.fen)? {
                    self.send_line_or_move(&line)?;
                }
            }
        }
        self.p.send(&level(setup.clock.tc))?;
        self.p.send("post")?;
        self.p.send(if self.ponder { "hard" } else { "easy" })?;
        self.told = 0;
        self.playing = false;
        self.sync()
    }

    fn play(&mut self, turn: &Turn) -> Result<Reply, Failure> {
        let cs = |d: Duration| d.as_millis() / 10;
        let clocks = [
            format!("time {}", cs(turn.own.left)),
            format!("otim {}", cs(turn.opp.left)),
        ];
        if self.playing && turn.moves.len() == self.told + 1 {
            // Still playing its side: the opponent's move is the cue to
            // move, and the clocks must come before it.
            for line in &clocks {
                self.p.send(line)?;
            }
            self.send_move(&turn.moves[self.told])?;
        } else {
            if std::mem::take(&mut self.playing) {
                self.p.send("force")?;
            }
            for i in self.told..turn.moves.len() {
                let m = turn.moves[i].clone();
                self.send_move(&m)?;
            }
            for line in &clocks {
                self.p.send(line)?;
            }
            self.p.send("go")?;
        }
        self.told = turn.moves.len();
        let deadline = Instant::now() + turn.wait;
        let mut score = None;
        let mut legs = String::new();
        let answer = loop {
            let line = self.p.recv(deadline)?;
            let line = line.trim();
            if let Some(m) = line.strip_prefix("move ") {
                legs.push_str(m.trim());
                if !legs.ends_with(',') {
                    break Answer::Move(legs);
                }
            } else if line == "resign" || line.starts_with("resign ") {
                break Answer::Resign;
            } else if ["1-0", "0-1", "1/2-1/2"]
                .iter()
                .any(|r| line.starts_with(r))
            {
                break Answer::Claim(line.to_string());
            } else if line.starts_with("Illegal move") {
                return Err(Failure::Protocol(format!("refused a legal move: {line}")));
            } else if let Some(s) = thinking_score(line) {
                score = Some(s);
            }
        };
        if matches!(answer, Answer::Move(_)) {
            self.told += 1;
        }
        if self.ponder && matches!(answer, Answer::Move(_)) {
            self.playing = true;
        } else {
            self.p.send("force")?;
        }
        Ok(Reply {
            answer,
            score,
            ponder: None,
        })
    }
}

impl Drop for Xboard {
    fn drop(&mut self) {
        let _ = self.p.send("quit");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_with_quotes() {
        let f = parse_features(
            r#"myname="Fairy-Max 5.0b" setboard=0 ping=1 variants="normal,fairy" done=0"#,
        );
        let want = [
            ("myname", "Fairy-Max 5.0b"),
            ("setboard", "0"),
            ("ping", "1"),
            ("variants", "normal,fairy"),
            ("done", "0"),
        ];
        assert_eq!(f.len(), want.len());
        for ((k, v), (wk, wv)) in f.iter().zip(want) {
            assert_eq!((k.as_str(), v.as_str()), (wk, wv));
        }
    }

    #[test]
    fn thinking_lines_and_levels() {
        assert_eq!(thinking_score("9 -35 120 39060 c7c5 g1f3"), Some(-35));
        assert_eq!(thinking_score("10& 12 5 100 e2e4"), Some(12));
        assert_eq!(thinking_score("move e2e4"), None);
        assert_eq!(thinking_score("# 16+16 pieces"), None);
        let tc = |s| level(TimeControl::parse(s).unwrap());
        assert_eq!(tc("40/60"), "level 40 1:00 0");
        assert_eq!(tc("10+0.1"), "level 0 0:10 0.1");
        assert_eq!(tc("st=0.5"), "st 1");
    }

    #[test]
    fn edit_sequence_for_setboard_less_engines() {
        let e = edit_commands("4k3/8/8/8/8/8/3P4/4K2R b K - 0 1").unwrap();
        assert_eq!(
            e,
            ["a2a3", "edit", "#", "Pd2", "Ke1", "Rh1", "c", "Ke8", "."]
        );
        let e = edit_commands("r6k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(e, ["edit", "#", "Ka1", "c", "Ra8", "Kh8", "."]);
    }
}
