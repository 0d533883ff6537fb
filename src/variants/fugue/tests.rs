//! Fugue unit tests: FEN handling, one or more hand-checked move lists per
//! ruling (F1–F15), outcomes, packing and notation. Perft lives in
//! `tests/perft.rs` with the data in `tests/data/perft/fugue.epd`.

use super::*;
use crate::rules::{GenKind, MoveList, Position};
use crate::tools::perft::perft;

/// Every legal move, formatted and sorted.
fn moves(p: &Fugue) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

/// A hand-written list, sorted for comparison.
fn list(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn start_position() {
    let p = Fugue::startpos();
    assert_eq!(p.to_fen(), Fugue::START_FEN);
    // Only pawn steps: a2 and h2 have two, the six others three.
    assert_eq!(
        moves(&p),
        list(
            "a2a3 a2b3 b2a3 b2b3 b2c3 c2b3 c2c3 c2d3 d2c3 d2d3 d2e3 e2d3 e2e3 e2f3 \
             f2e3 f2f3 f2g3 g2f3 g2g3 g2h3 h2g3 h2h3"
        )
    );
    assert_eq!(perft(&p, 2), 484);
    assert_eq!(perft(&p, 3), 17_428);
}
