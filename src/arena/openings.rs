//! Openings: a position plus moves played from it. Files hold one per line:
//! `FEN`, `FEN moves m1 m2 ...` or `startpos moves m1 m2 ...` (`#` comments).
//! `startpos` openings need no `setboard`, so engines without it (Fairy-Max)
//! can play them. Random openings are a seeded number of random legal plies
//! from the start, avoiding lines where the game is already over.

use super::rng::Rng;
use crate::rules::{game_outcome, play_line, Evaluate, GenKind, MoveList, Position};
use crate::search::{Limits, Score, Searcher};
use std::sync::{atomic::AtomicBool, Arc};

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

    pub fn check<P: Position>(&self) -> Result<(), String> {
        let start: P = self.start()?;
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        let (pos, history) =
            play_line(&start, &moves).map_err(|e| format!("opening {self:?}: {e}"))?;
        if let Some(o) = game_outcome(&pos, &history) {
            return Err(format!("opening {self:?} ends the game ({})", o.reason()));
        }
        Ok(())
    }
}

/// `count` openings of `plies` random legal plies from the start (seeded).
pub fn random<P: Position>(count: usize, plies: usize, seed: u64) -> Vec<Opening> {
    let mut rng = Rng::new(seed ^ 0x6f70_656e_696e_6773);
    (0..count)
        .map(|_| loop {
            if let Some((moves, _, _)) = random_line::<P>(plies, &mut rng) {
                break Opening { fen: None, moves };
            }
        })
        .collect()
}

/// `count` random openings that a fixed-depth search calls balanced: each is
/// `plies` random legal plies from the start (seeded, as [`random`]), kept only
/// if a one-thread search of `depth` plies scores it within `max_cp`
/// centipawns of equality. Returns each kept opening with that score (side to
/// move's view). Deterministic: the same arguments give the same lines on
/// every machine (the one-thread fixed-depth search is, see `bench`). Gives up
/// after `count * 50` candidates, returning what it has.
pub fn balanced<P: Position + Evaluate>(
    count: usize,
    plies: usize,
    seed: u64,
    depth: u32,
    max_cp: i32,
) -> Vec<(Opening, i32)> {
    let mut rng = Rng::new(seed ^ 0x6f70_656e_696e_6773);
    let mut searcher = Searcher::<P>::new(16, 1);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for _ in 0..count * 50 {
        if out.len() == count {
            break;
        }
        let Some((moves, pos, history)) = random_line::<P>(plies, &mut rng) else {
            continue;
        };
        // Transpositions give the same game twice: keep one.
        if !seen.insert(pos.hash()) {
            continue;
        }
        searcher.clear();
        let stop = Arc::new(AtomicBool::new(false));
        let r = searcher.search(&pos, &history, &limits, stop, &mut |_| {});
        if let Score::Cp(cp) = r.score {
            if cp.abs() <= max_cp {
                out.push((Opening { fen: None, moves }, cp));
            }
        }
    }
    out
}

/// `plies` random legal moves from the start that do not end the game: the
/// moves, the position they reach and its history of hashes.
fn random_line<P: Position>(plies: usize, rng: &mut Rng) -> Option<(Vec<String>, P, Vec<u64>)> {
    let mut pos = P::startpos();
    let mut history = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            return None;
        }
        let m = list[rng.below(list.len())];
        moves.push(pos.format_move(m));
        history.push(pos.hash());
        pos = pos.play(m);
        if game_outcome(&pos, &history).is_some() {
            return None;
        }
    }
    Some((moves, pos, history))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;

    /// The balanced generator: deterministic, every line legal and within
    /// the bound it was asked for, and a bound of 0 cp keeps fewer lines
    /// than a generous one.
    #[test]
    fn balanced_openings_are_deterministic_and_within_bounds() {
        let a = balanced::<Chess>(4, 4, 9, 3, 80);
        assert_eq!(a, balanced::<Chess>(4, 4, 9, 3, 80));
        assert_eq!(a.len(), 4);
        for (o, cp) in &a {
            assert_eq!(o.moves.len(), 4);
            assert!(o.check::<Chess>().is_ok());
            assert!(cp.abs() <= 80);
        }
        let generous = balanced::<Chess>(30, 4, 9, 2, 10_000).len();
        let strict = balanced::<Chess>(30, 4, 9, 2, 0).len();
        assert_eq!(generous, 30);
        assert!(strict < generous, "{strict} of 30 scored exactly 0");
    }

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

    #[test]
    fn random_openings_are_deterministic_and_legal() {
        let a = random::<Chess>(5, 8, 42);
        assert_eq!(a, random::<Chess>(5, 8, 42));
        assert_ne!(a, random::<Chess>(5, 8, 43));
        for o in &a {
            assert_eq!(o.moves.len(), 8);
            o.check::<Chess>().unwrap();
        }
    }
}
