//! Openings: a position plus moves played from it. Files hold one per line:
//! `FEN`, `FEN moves m1 m2 ...` or `startpos moves m1 m2 ...` (`#` comments).
//! `startpos` openings need no `setboard`, so engines without it (Fairy-Max)
//! can play them. Random openings come from the generator in
//! [`crate::tools::openings`].

use crate::rules::{game_outcome, play_line, Position};

/// One opening: `fen` is `None` for the variant's start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// Parses an openings file's text (no rules involved yet).
pub fn parse(text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (head, moves) = match line.split_once(" moves") {
            Some((h, m)) => (h.trim(), m.split_whitespace().map(String::from).collect()),
            None => (line, Vec::new()),
        };
        let fen = match head {
            "startpos" => None,
            "" => return Err(format!("line {}: no position", i + 1)),
            fen => Some(fen.to_string()),
        };
        out.push(Opening { fen, moves });
    }
    if out.is_empty() {
        return Err("the openings file holds no opening".into());
    }
    Ok(out)
}

/// An opening checked against the rules: the start position, the moves in our
/// notation, and whether play can still go on.
impl Opening {
    pub fn start<P: Position>(&self) -> Result<P, String> {
        match &self.fen {
            None => Ok(P::startpos()),
            Some(f) => P::from_fen(f).map_err(|e| format!("bad FEN '{f}': {e}")),
        }
    }

    /// The position after the opening's moves, with the hashes of the
    /// positions before it (for repetitions).
    pub fn play<P: Position>(&self) -> Result<(P, Vec<u64>), String> {
        let start: P = self.start()?;
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        play_line(&start, &moves).map_err(|e| format!("opening {self:?}: {e}"))
    }

    pub fn check<P: Position>(&self) -> Result<(), String> {
        let (pos, history) = self.play::<P>()?;
        if let Some(o) = game_outcome(&pos, &history) {
            return Err(format!("opening {self:?} ends the game ({})", o.reason()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;

    #[test]
    fn parses_the_three_forms() {
        let ops = parse("# c\nstartpos moves e2e4 e7e5\n\n8/8/8/8/8/8/8/K1k5 w - - 0 1\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves c7c5 # sicilian\n").unwrap();
        assert_eq!(ops.len(), 3);
        assert_eq!(ops[0].fen, None);
        assert_eq!(ops[0].moves, vec!["e2e4", "e7e5"]);
        assert!(ops[1].moves.is_empty());
        assert_eq!(ops[2].moves, vec!["c7c5"]);
        assert!(parse("# nothing\n").is_err());
        assert!(ops[0].check::<Chess>().is_ok());
        assert!(ops[2].check::<Chess>().is_ok());
        let bad = parse("startpos moves e2e5").unwrap();
        assert!(bad[0].check::<Chess>().is_err());
        let mate = parse("startpos moves f2f3 e7e5 g2g4 d8h4").unwrap();
        assert!(mate[0]
            .check::<Chess>()
            .unwrap_err()
            .contains("ends the game"));
    }
}
