//! Trubix evaluation: material, centralisation, woozan advance and mobility.
//! Every number is a weight in [`WEIGHTS`] (`weights.rs`, written by
//! `menagerie tune`), laid out below; material is tapered by phase.
//!
//! # Piece values
//! The board has 41 cells, so reach is what separates the pieces. Averaged
//! over every cell of the empty board (the test `empty_board_reach`): queen
//! 15.2 cells, fleurbic 9.9, king 5.9, knight 4.3. The woozan moves to at most
//! two cells straight and captures on four diagonals.
//!
//! - **Woozan 100** (the unit). Like a pawn it is slow and blocks, but it never
//!   gets stuck for good (it also steps and captures backwards, T2) and it
//!   promotes, optionally, close to home: rank 9 is only seven steps away.
//! - **Knight 250.** The seed calls it the weakest piece: on a board five files
//!   wide and with holes it averages barely four targets, fewer than a king,
//!   so well below the chess 320.
//! - **Fleurbic 450.** Sixteen leaps reaching ~10 cells, nearly the whole
//!   neighbourhood of its square, and it cannot be blocked: in the crowded
//!   opening it is the most mobile piece (the seed: "stronger than a
//!   woozan"). Short range keeps it below two knights plus a woozan.
//! - **Queen 900.** Half again the fleurbic's reach on an open board, attacks
//!   from afar, pins, and is the only piece that checks from a distance; in
//!   the crowded opening it is boxed in ("very vulnerable to attack by weaker
//!   pieces", says the seed), so two fleurbics are worth as much.
//! - King 0 (it cannot be traded).

use super::tables::TABLES;
use super::{Trubix, TrubixMove, EMPTY, F, K, N, Q, W};
use crate::rules::weights::{side_total, trace_of, Accumulate, Group, Trace};
use crate::rules::{Evaluate, Exchange, MoveKey, Position, Tunable};

// The weights live in `weights.rs` beside this file (written by `menagerie
// tune`); `#[path]` keeps the board's `mod.rs` out of it.
#[path = "weights.rs"]
mod weights;
pub use weights::WEIGHTS;

// The layout of [`WEIGHTS`] (centipawns). Per kind: woozan, knight,
// fleurbic, queen, king.
crate::weight_layout! {
    // Material, middle/end-game pairs: promotion changes the game as pieces
    // leave (a woozan nearer the far side counts more), so it is tapered.
    MATERIAL: 10,
    // Per step of centrality (0 at the rim, up to 3 in the middle).
    CENTRE: 5,
    // Per cell a piece attacks or may move to (pseudo-legal, own pieces excluded).
    MOBILITY: 5,
    // Woozan bonus per rank advanced beyond its second rank (up to rank 8 / 2).
    WOOZAN_ADVANCE: 1,
    // Phase weight per kind (fixed): the start position sums to `PHASE_MAX`.
    PHASE: 5,
}
const _: () = assert!(WEIGHTS.len() == COUNT);

/// The phase of the start position (4 fleurbics, 2 knights, a queen a side).
pub const PHASE_MAX: i32 = 28;

/// Material value of a piece kind (middle game; for ordering captures).
pub const fn value(kind: usize) -> i32 {
    WEIGHTS[MATERIAL + 2 * kind]
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

impl Trubix {
    /// The evaluation's terms from White's side into `acc`; returns the
    /// phase. Material and phase come from piece counts, once per kind; the
    /// rest per piece, one colour at a time so the sign is a constant.
    #[inline(always)]
    fn terms<A: Accumulate>(&self, acc: &mut A) -> i32 {
        let mut phase = 0;
        for kind in 0..5 {
            let on = self.kinds[kind];
            let white = (on & self.colors[0]).count_ones() as i32;
            let black = (on & self.colors[1]).count_ones() as i32;
            phase += WEIGHTS[PHASE + kind] * (white + black);
            acc.pair(MATERIAL + 2 * kind, white - black);
        }
        self.side_terms::<A, 0>(acc);
        self.side_terms::<A, 1>(acc);
        phase.min(PHASE_MAX)
    }

    /// Centralisation, woozan advance and mobility of colour `C`'s pieces.
    #[inline(always)]
    fn side_terms<A: Accumulate, const C: usize>(&self, acc: &mut A) {
        let t = &*TABLES;
        let occ = self.occupied();
        let sign = 1 - 2 * C as i32;
        let own = self.colors[C];
        let mut pieces = own;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let kind = self.mailbox[sq] as usize % 5;
            acc.flat(CENTRE + kind, sign * centrality(sq));
            let reach = match kind {
                W => {
                    let row = (sq / 5) as i32;
                    let advance = if C == 0 { row - 2 } else { 8 - row };
                    acc.flat(WOOZAN_ADVANCE, sign * advance.clamp(0, 6));
                    0
                }
                N => t.knight[sq],
                F => t.fleurbic[sq],
                Q => t.queen(sq, occ),
                _ => 0,
            };
            acc.flat(MOBILITY + kind, sign * (reach & !own).count_ones() as i32);
        }
    }
}

impl Tunable for Trubix {
    const GROUPS: &'static [Group] = GROUPS;
    const WEIGHTS: &'static [i32] = &WEIGHTS;
    const PHASE_MAX: i32 = PHASE_MAX;
    const WEIGHTS_FILE: &'static str = "src/variants/trubix/weights.rs";

    fn is_fixed(i: usize) -> bool {
        i == MATERIAL + 2 * K || i == MATERIAL + 2 * K + 1 || (PHASE..COUNT).contains(&i)
    }

    fn trace(&self) -> Trace {
        trace_of(|t| self.terms(t))
    }
}

impl Evaluate for Trubix {
    const PIECE_KINDS: usize = 5;

    fn evaluate(&self) -> i32 {
        side_total(&WEIGHTS, PHASE_MAX, self.side_to_move(), |sum| {
            self.terms(sum)
        })
    }

    fn capture_gain(&self, m: TrubixMove) -> i32 {
        let victim = self.mailbox[m.to()];
        let attacker = self.mailbox[m.from()] as usize % 5;
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

    fn move_key(&self, m: TrubixMove) -> MoveKey {
        MoveKey {
            piece: self.mailbox[m.from()] % 5,
            to: m.to() as u8,
        }
    }

    /// Displacement captures only; a king's worth on its target never counts
    /// (the generator is legal, so nothing can take it there).
    fn exchange(&self, m: TrubixMove) -> Exchange {
        let victim = self.mailbox[m.to()];
        let mut gain = if victim != EMPTY {
            value(victim as usize % 5)
        } else {
            0
        };
        let mut mover = value(self.mailbox[m.from()] as usize % 5);
        if let Some(k) = m.promotion() {
            gain += value(k as usize) - value(W);
            mover = value(k as usize);
        }
        Exchange {
            gain,
            exposed: Some((m.to(), mover)),
        }
    }

    fn removes_from(&self, m: TrubixMove, cell: usize) -> bool {
        m.to() == cell && self.mailbox[cell] != EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Square, TrubixBoard};

    /// The average reach quoted in the module doc, in tenths of a cell.
    #[test]
    fn empty_board_reach() {
        let t = &*TABLES;
        let cells: Vec<usize> = Square::<TrubixBoard>::all().map(|s| s.index()).collect();
        let avg = |f: &dyn Fn(usize) -> u64| {
            let total: u32 = cells.iter().map(|&s| f(s).count_ones()).sum();
            (total * 10 + cells.len() as u32 / 2) / cells.len() as u32
        };
        assert_eq!(avg(&|s| t.queen(s, 0)), 152);
        assert_eq!(avg(&|s| t.fleurbic[s]), 99);
        assert_eq!(avg(&|s| t.king[s]), 59);
        assert_eq!(avg(&|s| t.knight[s]), 43);
    }

    #[test]
    fn symmetric_and_from_the_mover_s_side() {
        let start = Trubix::startpos();
        assert_eq!(start.evaluate(), 0);
        let black_to_move = Trubix::from_fen(&start.to_fen().replace(" w ", " b ")).unwrap();
        assert_eq!(black_to_move.evaluate(), 0);
        // White without its queen: worse for White, better for Black.
        let fen = "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FN1NF/**K**";
        let w = Trubix::from_fen(&format!("{fen} w - 0 1")).unwrap();
        let b = Trubix::from_fen(&format!("{fen} b - 0 1")).unwrap();
        assert!(w.evaluate() < -500 && b.evaluate() > 500);
        assert_eq!(w.evaluate(), -b.evaluate());
    }

    #[test]
    fn capture_gain_orders_victims() {
        let p = Trubix::from_fen("**k**/5/5/5/*3*/*3*/*q1f*/2W2/5/5/**K** w - 0 1").unwrap();
        let take_q = p.parse_move("c3b4").unwrap();
        let take_f = p.parse_move("c3d4").unwrap();
        assert!(p.capture_gain(take_q) > p.capture_gain(take_f));
        assert_eq!(p.capture_gain(p.parse_move("c3c4").unwrap()), 0);
    }

    #[test]
    fn trace_equals_evaluation() {
        crate::rules::weights::check_trace::<Trubix>(40, 120);
    }
}
