//! Trubix evaluation: material, centralisation, woozan advance and mobility.
//! A starting point for the search; every number is in [`PARAMS`].
//!
//! # Piece values
//! The board has 41 cells, so reach is what separates the pieces. Averaged
//! over every cell of the empty board (see the test `empty_board_reach`):
//! queen 12.5 cells, fleurbic 10.9, king 6.0, knight 3.9. The woozan's own
//! reach is small (two straight steps, four diagonal captures).
//!
//! - **Woozan 100** (the unit). Like a pawn it is slow and blocks, but it never
//!   gets stuck for good (it also steps and captures backwards, T2) and it
//!   promotes, optionally, close to home: rank 9 is only seven steps away.
//! - **Knight 250.** The seed calls it the weakest piece: on a board five files
//!   wide and with holes, a knight averages under four targets, fewer than a
//!   king, and is often confined; so well below the chess 320.
//! - **Fleurbic 450.** Sixteen leaps, reaching ~11 cells on average and
//!   nearly the whole neighbourhood of its square; it cannot be blocked, so in
//!   the crowded opening it is the most mobile piece (the seed: "stronger than
//!   a woozan"). It is short-range, so below two knights plus a woozan.
//! - **Queen 850.** Barely more reach than a fleurbic on the empty board, but
//!   it attacks from afar, pins, and is the only piece that can check from a
//!   distance; the seed calls it "extremely powerful" yet "vulnerable to
//!   weaker pieces", so less than two fleurbics.
//! - King 0 (it cannot be traded).

use super::tables::TABLES;
use super::{Trubix, TrubixMove, EMPTY, F, N, Q, W};
use crate::geometry::Color;
use crate::rules::{Evaluate, Position};

/// Evaluation parameters (centipawns).
pub struct Params {
    /// Woozan, knight, fleurbic, queen, king.
    pub material: [i32; 5],
    /// Bonus per step of centrality (0 at the rim, up to 3 in the middle).
    pub centre: [i32; 5],
    /// Per cell a piece attacks or may move to (pseudo-legal, own pieces excluded).
    pub mobility: [i32; 5],
    /// Woozan bonus per rank advanced beyond its second rank (up to rank 8 / 2).
    pub woozan_advance: i32,
}

pub const PARAMS: Params = Params {
    material: [100, 250, 450, 850, 0],
    centre: [4, 8, 6, 2, -6],
    mobility: [0, 4, 3, 2, 0],
    woozan_advance: 6,
};

/// Material value of a piece kind (for ordering captures).
pub const fn value(kind: usize) -> i32 {
    PARAMS.material[kind]
}

/// Distance from the rim of the 41-cell shape: the number of king steps from
/// the cell to the nearest hole or box edge, capped at 3.
fn centrality(sq: usize) -> i32 {
    const TABLE: [i8; 55] = {
        // rows 0..=10, files a..=e; holes are -1 (never read).
        [
            -1, -1, 0, -1, -1, //
            0, 0, 0, 0, 0, //
            0, 1, 1, 1, 0, //
            0, 1, 1, 1, 0, //
            -1, 1, 2, 1, -1, //
            -1, 1, 2, 1, -1, //
            -1, 1, 2, 1, -1, //
            0, 1, 1, 1, 0, //
            0, 1, 1, 1, 0, //
            0, 0, 0, 0, 0, //
            -1, -1, 0, -1, -1, //
        ]
    };
    TABLE[sq].max(0) as i32
}

impl Evaluate for Trubix {
    fn evaluate(&self) -> i32 {
        let t = &*TABLES;
        let occ = self.occupied();
        let mut score = 0;
        for sq in 0..55 {
            let p = self.board[sq];
            if p == EMPTY {
                continue;
            }
            let kind = p as usize % 5;
            let color = if p < 5 { Color::White } else { Color::Black };
            let own = self.colors[color.index()];
            let mut v = PARAMS.material[kind] + PARAMS.centre[kind] * centrality(sq);
            let reach = match kind {
                W => {
                    let row = (sq / 5) as i32;
                    let advance = if color == Color::White {
                        row - 2
                    } else {
                        8 - row
                    };
                    v += PARAMS.woozan_advance * advance.clamp(0, 6);
                    0
                }
                N => t.knight[sq],
                F => t.fleurbic[sq],
                Q => t.queen(sq, occ),
                _ => 0,
            };
            v += PARAMS.mobility[kind] * (reach & !own).count_ones() as i32;
            score += if color == Color::White { v } else { -v };
        }
        if self.side_to_move() == Color::White {
            score
        } else {
            -score
        }
    }

    fn capture_gain(&self, m: TrubixMove) -> i32 {
        let victim = self.board[m.to()];
        let attacker = self.board[m.from()] as usize % 5;
        let mut gain = if victim != EMPTY {
            value(victim as usize % 5) - value(attacker) / 10
        } else {
            0
        };
        if let Some(k) = m.promotion() {
            gain += value(k as usize) - value(W);
        }
        gain
    }
}
