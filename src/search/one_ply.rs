//! The one-ply material player behind `menagerie baseline`: the yardstick
//! opponent ("90% against a one-ply material-only player") and the cheap
//! opponent that lets the match runner be tested in every variant without
//! the full engine.
//!
//! It takes a move that ends the game in its favour if there is one, avoids
//! moves that lose on the spot, and otherwise plays the move with the largest
//! `capture_gain`, breaking ties with a seeded generator mixed with the
//! position hash, so games vary by position yet replay exactly. It is a
//! player, not a protocol: the ordinary UCI loop serves it through a
//! [`Session`](crate::protocol::Session) whose player is `OnePly`.

use crate::rules::zobrist::splitmix64;
use crate::rules::{game_outcome, Evaluate, GenKind, MoveList, Position};

/// The one-ply choice in `pos`; `history` holds the hashes of the earlier
/// positions of the game (for repetition). `None` without a legal move.
pub fn choose<P: Position + Evaluate>(pos: &P, history: &[u64], seed: u64) -> Option<P::Move> {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let me = pos.side_to_move();
    let mut hist = history.to_vec();
    hist.push(pos.hash());
    let key = |m: P::Move| {
        let class = match game_outcome(&pos.play(m), &hist) {
            Some(o) if o.winner() == Some(me) => 2,
            Some(o) if o.winner() == Some(me.flip()) => 0,
            _ => 1,
        };
        (class, pos.capture_gain(m))
    };
    let keyed: Vec<_> = list.iter().map(|&m| (key(m), m)).collect();
    let best = keyed.iter().map(|k| k.0).max()?;
    let ties: Vec<P::Move> = keyed.iter().filter(|k| k.0 == best).map(|k| k.1).collect();
    let mut state = seed ^ pos.hash();
    Some(ties[(splitmix64(&mut state) % ties.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;

    fn pick(fen: Option<&str>, moves: &[&str], seed: u64) -> String {
        let mut pos = fen.map_or_else(Chess::startpos, |f| Chess::from_fen(f).unwrap());
        let mut history = Vec::new();
        for t in moves {
            let m = pos.parse_move(t).unwrap();
            history.push(pos.hash());
            pos = pos.play(m);
        }
        pos.format_move(choose(&pos, &history, seed).unwrap())
    }

    #[test]
    fn takes_the_queen_and_mates() {
        // Rd1 can take the queen on d8 or the knight on h1: it takes the queen.
        assert_eq!(
            pick(Some("3qk3/8/8/8/8/8/8/3RK2n w - - 0 1"), &[], 1),
            "d1d8"
        );
        // Fool's mate available: Qh4# is the win, preferred over any capture.
        assert_eq!(pick(None, &["f2f3", "e7e5", "g2g4"], 5), "d8h4");
        // The seed picks among equals, and the same seed picks the same move.
        let a = pick(None, &["e2e4"], 3);
        assert_eq!(a, pick(None, &["e2e4"], 3));
        let varied = (0..20).map(|s| pick(None, &["e2e4"], s));
        assert!(varied.collect::<std::collections::HashSet<_>>().len() > 1);
    }
}
