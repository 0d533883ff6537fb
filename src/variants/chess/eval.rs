//! Chess evaluation: material plus piece-square terms. A starting point for
//! the search; every number is in [`PARAMS`] so it can be tuned in one place.

use super::{Chess, ChessMove, Kind, EMPTY};
use crate::geometry::Color;
use crate::rules::{Evaluate, Position};

/// Evaluation parameters (centipawns).
pub struct Params {
    /// Pawn, knight, bishop, rook, queen, king.
    pub material: [i32; 6],
    /// Bonus per square a piece's centralisation earns (distance-to-centre based).
    pub centre: [i32; 6],
    /// Pawn advance bonus per rank.
    pub pawn_advance: i32,
}

pub const PARAMS: Params = Params {
    material: [100, 320, 330, 500, 900, 0],
    centre: [0, 6, 4, 1, 2, -4],
    pawn_advance: 6,
};

/// Material value of a piece kind (for ordering captures).
pub const fn value(kind: usize) -> i32 {
    PARAMS.material[kind]
}

/// 0 at the edge, 3 in the centre.
fn centrality(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = f.min(7 - f);
    let dr = r.min(7 - r);
    df.min(dr)
}

impl Evaluate for Chess {
    fn evaluate(&self) -> i32 {
        let mut score = 0;
        for sq in 0..64 {
            let p = self.board[sq];
            if p == EMPTY {
                continue;
            }
            let kind = p as usize % 6;
            let color = if p < 6 { Color::White } else { Color::Black };
            let mut v = PARAMS.material[kind] + PARAMS.centre[kind] * centrality(sq);
            if kind == Kind::Pawn as usize {
                let advance = if color == Color::White {
                    sq / 8 - 1
                } else {
                    6 - sq / 8
                };
                v += PARAMS.pawn_advance * advance as i32;
            }
            score += if color == Color::White { v } else { -v };
        }
        if self.side_to_move() == Color::White {
            score
        } else {
            -score
        }
    }

    fn capture_gain(&self, m: ChessMove) -> i32 {
        let victim = self.board[m.to()];
        let attacker = self.board[m.from()] as usize % 6;
        let mut gain = if victim != EMPTY {
            value(victim as usize % 6) - value(attacker) / 10
        } else if self.is_noisy(m) {
            value(Kind::Pawn as usize) // en passant
        } else {
            0
        };
        if let Some(k) = m.promotion() {
            gain += value(k as usize) - value(Kind::Pawn as usize);
        }
        gain
    }
}
