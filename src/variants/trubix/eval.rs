//! Trubix evaluation: material, centralisation, woozan advance and mobility,
//! king safety (attacks on the king's zone, shelter, free cells), woozans'
//! distance to promotion and the capture clock (T11). Every number is a
//! weight in [`WEIGHTS`] (`weights.rs`, written by `menagerie tune`), laid
//! out below; material and the woozan and shelter terms are tapered by phase.
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

use super::tables::{bit, TABLES};
use super::{Trubix, TrubixMove, EMPTY, F, K, N, Q, W};
use crate::geometry::Color;
use crate::rules::weights::{
    cell_table, folded_cell, side_total, trace_of, Accumulate, CellSum, Group, Trace,
};
use crate::rules::zobrist::structure_key;
use crate::rules::{Evaluate, Exchange, MoveKey, Position, Tunable};
use once_cell::sync::Lazy;

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
    // Per cell of the enemy king's zone (its cell and neighbours) a piece
    // attacks, per attacking kind: woozan, knight, fleurbic, queen
    // (`Trubix::king_safety`).
    KING_ATTACKS: 4,
    // Pairs: per own woozan, then per other own piece, next to its king.
    KING_SHELTER: 4,
    // The king has 0, 1 or 2 free cells (empty or enemy, not attacked).
    KING_FREE: 3,
    // Pairs: per woozan 1 (or 0), 2 or 3 ranks from its promotion rank.
    WOOZAN_PROMOTION: 6,
    // Pair: per woozan whose forward steps are all occupied.
    WOOZAN_BLOCKED: 2,
    // Pair: per woozan that can move onto the queen's cell (c10 / c0) now.
    WOOZAN_QUEEN: 2,
    // The material balance's sign times the capture clock, whole and its
    // last 30 plies (T11).
    MOVE_CLOCK: 2,
    // Cell corrections, per kind: a pair for each cell of the board folded
    // onto its left half (files a-c, a with e and b with d; row by row from
    // the owner's side, 3 a row, holes included and held at 0), added to
    // the shape terms above. Learned from data (one centrality step per
    // ring cannot say which cells of a ring are better); folded so that each
    // weight learns from both wings (the rules and the start position are
    // their own mirror image left to right).
    PST_WOOZAN: 66,
    PST_KNIGHT: 66,
    PST_FLEURBIC: 66,
    PST_QUEEN: 66,
    PST_KING: 66,
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
    centrality_table(sq).max(0) as i32
}

/// [`centrality`]'s table: -1 on the holes.
const fn centrality_table(sq: usize) -> i8 {
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
    TABLE[sq]
}

/// The weight pair of [`PST_WOOZAN`]'s layout for a `kind` of colour `C` on
/// `sq`: the row counted from its owner's side, the file folded onto a-c.
const fn pst_index<const C: usize>(kind: usize, sq: usize) -> usize {
    PST_WOOZAN + 66 * kind + 2 * folded_cell(sq, 5, 11, C == 0)
}

/// The terms of colour `C`'s `kind` on `sq` that read nothing else:
/// centralisation, the learned cell correction, and a woozan's advance and
/// distance to promotion. Summed once into [`CELL_SUMS`].
#[inline(always)]
fn cell_terms<A: Accumulate, const C: usize>(kind: usize, sq: usize, acc: &mut A) {
    let sign = 1 - 2 * C as i32;
    acc.flat(CENTRE + kind, sign * centrality(sq));
    acc.pair(pst_index::<C>(kind, sq), sign);
    if kind == W {
        let row = (sq / 5) as i32;
        let advance = if C == 0 { row - 2 } else { 8 - row };
        acc.flat(WOOZAN_ADVANCE, sign * advance.clamp(0, 6));
        let to_go = if C == 0 { 9 - row } else { row - 1 };
        if to_go <= 3 {
            acc.pair(WOOZAN_PROMOTION + 2 * (to_go.max(1) as usize - 1), sign);
        }
    }
}

/// [`cell_terms`] with the compiled weights, `[colour][kind][cell]` (holes
/// included, never read): what the search adds per piece (a trace runs the
/// terms themselves).
static CELL_SUMS: Lazy<[[[CellSum; 55]; 5]; 2]> = Lazy::new(|| {
    cell_table(&WEIGHTS, |color, kind, sq, sum| match color {
        0 => cell_terms::<_, 0>(kind, sq, sum),
        _ => cell_terms::<_, 1>(kind, sq, sum),
    })
});

/// The cell a woozan promotes to a queen on (T7), per colour: c10, c0.
const QUEEN_CELL: [usize; 2] = [52, 2];
/// The woozan cells one move from the queen's cell: b9 c9 d9 / b1 c1 d1.
const BEFORE_QUEEN: [u64; 2] = [0b111 << 46, 0b111 << 6];
/// The cell straight before the queen's cell (a woozan there cannot capture
/// onto it, it only steps): c9 / c1.
const STRAIGHT_BEFORE_QUEEN: [usize; 2] = [47, 7];

impl Trubix {
    /// The evaluation's terms from White's side into `acc`; returns the
    /// phase. Material and phase come from piece counts, once per kind; the
    /// rest per piece, one colour at a time so the sign is a constant.
    #[inline(always)]
    fn terms<A: Accumulate>(&self, acc: &mut A) -> i32 {
        let mut phase = 0;
        let mut material = 0;
        for kind in 0..5 {
            let on = self.kinds[kind];
            let white = (on & self.colors[0]).count_ones() as i32;
            let black = (on & self.colors[1]).count_ones() as i32;
            phase += WEIGHTS[PHASE + kind] * (white + black);
            material +=
                (WEIGHTS[MATERIAL + 2 * kind] + WEIGHTS[MATERIAL + 2 * kind + 1]) * (white - black);
            acc.pair(MATERIAL + 2 * kind, white - black);
        }
        let white_attacks = self.side_terms::<A, 0>(acc);
        let black_attacks = self.side_terms::<A, 1>(acc);
        self.king_safety::<A, 0>(acc, black_attacks);
        self.king_safety::<A, 1>(acc, white_attacks);
        self.move_clock(acc, material);
        phase.min(PHASE_MAX)
    }

    /// Centralisation, woozan advance and promotion, mobility and attacks on
    /// the enemy king's zone of colour `C`'s pieces; returns every cell they
    /// attack (for the enemy king's free cells).
    ///
    /// `KING_ATTACKS[kind]`: per piece, the cells of the enemy king's zone
    /// (its cell and its neighbours) it attacks. Checkmate is the only win
    /// (T8) and the king has at most eight cells, a few of them holes, on a
    /// board five files wide: pieces that bear on them are the attack.
    ///
    /// Woozans (promotion is seven steps away and optional, T7; the piece it
    /// makes counts most once the board empties, so these are pairs):
    /// - `WOOZAN_PROMOTION[b]`: per woozan `b + 1` ranks from its promotion
    ///   rank (rank 9 / 1; bucket 0 also holds woozans that stayed on rank 9
    ///   or 10, which may step back and promote again).
    /// - `WOOZAN_BLOCKED`: per woozan whose forward steps (straight, X, Z:
    ///   T2, T4, T5) are all occupied: it has to capture to advance.
    /// - `WOOZAN_QUEEN`: per woozan that can move onto the queen's cell (c10
    ///   for White, c0 for Black) at once: from c9 when it is empty, from b9 /
    ///   d9 when it is empty (T5's Z step) or holds an enemy other than the
    ///   king (a capture). Only there does it become a queen (T7).
    #[inline(always)]
    fn side_terms<A: Accumulate, const C: usize>(&self, acc: &mut A) -> u64 {
        let t = &*TABLES;
        let occ = self.occupied();
        let sign = 1 - 2 * C as i32;
        let own = self.colors[C];
        let enemy_king = self.king_square(Color::ALL[1 - C]);
        let zone = t.king[enemy_king] | bit(enemy_king);
        let cell_sums = &*CELL_SUMS;
        let mut attacks = 0;
        let mut pieces = own;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let kind = self.mailbox[sq] as usize % 5;
            acc.cell(&cell_sums[C][kind][sq], |acc| {
                cell_terms::<A, C>(kind, sq, acc)
            });
            let (reach, hits) = match kind {
                W => {
                    self.woozan_terms::<A, C>(acc, sq, occ);
                    (0, t.woozan_capture[sq])
                }
                N => (t.knight[sq], t.knight[sq]),
                F => (t.fleurbic[sq], t.fleurbic[sq]),
                Q => {
                    let q = t.queen(sq, occ);
                    (q, q)
                }
                _ => (0, t.king[sq]),
            };
            acc.flat(MOBILITY + kind, sign * (reach & !own).count_ones() as i32);
            attacks |= hits;
            let on_zone = hits & zone;
            if on_zone != 0 && kind != K {
                acc.flat(KING_ATTACKS + kind, sign * on_zone.count_ones() as i32);
            }
        }
        attacks
    }

    /// The terms of colour `C`'s woozan on `sq` that read the board: blocked,
    /// and able to reach the queen's cell (see [`Trubix::side_terms`]; its
    /// advance and promotion distance depend on the cell alone and are in
    /// [`cell_terms`]).
    #[inline(always)]
    fn woozan_terms<A: Accumulate, const C: usize>(&self, acc: &mut A, sq: usize, occ: u64) {
        let sign = 1 - 2 * C as i32;
        let row = sq / 5;
        // The rows ahead of the woozan's.
        let ahead = if C == 0 {
            !0u64 << ((row + 1) * 5)
        } else {
            (1u64 << (row * 5)) - 1
        };
        let forward = TABLES.woozan_quiet[C][sq] & ahead;
        if forward != 0 && forward & !occ == 0 {
            acc.pair(WOOZAN_BLOCKED, sign);
        }
        if bit(sq) & BEFORE_QUEEN[C] != 0 {
            let there = self.mailbox[QUEEN_CELL[C]];
            let open = there == EMPTY
                || (sq != STRAIGHT_BEFORE_QUEEN[C]
                    && there as usize / 5 != C
                    && there as usize % 5 != K);
            if open {
                acc.pair(WOOZAN_QUEEN, sign);
            }
        }
    }

    /// Colour `C`'s king shelter and free cells, `enemy_attacks` being every
    /// cell the other side attacks. Checkmate is the only win (T8), and the
    /// king stands at a narrow end of the board with at most five
    /// neighbours; what matters is what stands next to it and where it can
    /// still go:
    /// - `KING_SHELTER`: pairs, per own woozan (index 0) and per other own
    ///   piece (index 2) next to the king: they block lines and keep attackers
    ///   off, more in the middle game.
    /// - `KING_FREE[n]`: the king has exactly `n` (0, 1 or 2) free cells:
    ///   neighbours not held by its own pieces and not attacked (queen lines
    ///   through the king's own cell are not followed). Few free cells make
    ///   mates, so the weights should fall from `n = 2` to `n = 0`.
    #[inline(always)]
    fn king_safety<A: Accumulate, const C: usize>(&self, acc: &mut A, enemy_attacks: u64) {
        let sign = 1 - 2 * C as i32;
        let own = self.colors[C];
        let ksq = self.king_square(Color::ALL[C]);
        let ring = TABLES.king[ksq];
        let woozans = ring & own & self.kinds[W];
        acc.pair(KING_SHELTER, sign * woozans.count_ones() as i32);
        let others = ring & own & !self.kinds[W];
        acc.pair(KING_SHELTER + 2, sign * others.count_ones() as i32);
        let free = (ring & !own & !enemy_attacks).count_ones() as usize;
        if free < 3 {
            acc.flat(KING_FREE + free, sign);
        }
    }

    /// `MOVE_CLOCK`: T11 draws after 100 plies without a capture, and only a
    /// capture resets the clock (woozan moves do not). An advantage that
    /// cannot force a capture in time is worth less as the clock runs out:
    /// the coefficients are the sign of the material balance (compiled
    /// weights, middle plus end game) times the clock (0 to 100, index 0)
    /// and times its part beyond 70 (0 to 30, index 1). A negative weight
    /// shrinks whichever side's material lead; both are linear in the weight.
    #[inline(always)]
    fn move_clock<A: Accumulate>(&self, acc: &mut A, material: i32) {
        let clock = (self.halfmove as i32).min(100);
        let lead = material.signum();
        acc.flat(MOVE_CLOCK, lead * clock);
        acc.flat(MOVE_CLOCK + 1, lead * (clock - 70).max(0));
    }
}

impl Tunable for Trubix {
    const GROUPS: &'static [Group] = GROUPS;
    const WEIGHTS: &'static [i32] = &WEIGHTS;
    const PHASE_MAX: i32 = PHASE_MAX;
    const WEIGHTS_FILE: &'static str = "src/variants/trubix/weights.rs";

    /// The king's material (it cannot be traded), the cell pairs of the
    /// holes (a0, b0, a4-a6, a10, b10 folded) and the phase counts.
    fn is_fixed(i: usize) -> bool {
        let hole = (0..55).any(|sq| {
            centrality_table(sq) < 0
                && (0..5).any(|kind| {
                    let p = pst_index::<0>(kind, sq);
                    i == p || i == p + 1
                })
        });
        i == MATERIAL + 2 * K || i == MATERIAL + 2 * K + 1 || hole || (PHASE..COUNT).contains(&i)
    }

    fn trace(&self) -> Trace {
        trace_of(|t| self.terms(t))
    }
}

impl Evaluate for Trubix {
    const PIECE_KINDS: usize = 5;
    /// The evaluation's K is a quarter of chess's (0.000987 against 0.003724),
    /// so the search's margins are tripled, as Fugue's are. At 5 s + 0.05 s
    /// near-equal engines draw nearly every Trubix game and showed nothing
    /// either way; at 0.625 s + 6.25 ms, where more time still counts, tripled
    /// margins won +6.9 ± 6.7 head to head (400 games) and turned −8.7 ± 11.2
    /// against 30a47e2's search into +10.4 ± 10.6 (docs/strength.md, "What
    /// more time is worth in Trubix").
    const EVAL_SCALE_PCT: i32 = 300;

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

    /// A move that lands on an occupied cell is a capture by a piece that
    /// attacks it, so no attacker means no such move; pins are left to the
    /// generator.
    fn may_remove_from(&self, cell: usize) -> bool {
        self.attackers(cell, self.occupied(), self.side_to_move()) != 0
    }

    /// The woozans of both sides, the structure the evaluation misjudges the
    /// same way move after move (the search's correction history).
    fn correction_key(&self) -> Option<u64> {
        let white = self.pieces(Color::White, W);
        let black = self.pieces(Color::Black, W);
        Some(structure_key(white.into(), black.into()))
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

    /// The same position turned upside down with the colours swapped (the
    /// rules are symmetric that way: T4, T5 and T7 mirror each other).
    fn flipped(fen: &str) -> Trubix {
        let (board, side) = crate::rules::fen::colours_swapped(fen, false);
        let f: Vec<&str> = fen.split(' ').collect();
        Trubix::from_fen(&format!("{board} {side} - {} {}", f[3], f[4])).unwrap()
    }

    /// The coefficients of `expect` in the position and their opposites in
    /// the flipped one; the other weights of `range` have none.
    fn check(fen: &str, range: std::ops::Range<usize>, expect: &[(usize, (i32, i32, i32))]) {
        let pos = Trubix::from_fen(fen).unwrap();
        crate::rules::weights::check_coefficients(&pos, &flipped(fen), range, expect);
    }

    /// White: knight b7 hits c9, queen d7 hits b9 and d9 of the black king's
    /// zone; woozan b1 and fleurbic d1 shelter the king on c0, whose one free
    /// cell is c1. The black king on c10 has none.
    #[test]
    fn king_attacks_shelter_and_free_cells() {
        check(
            "**k**/5/5/1N1Q1/*3*/*3*/*3*/5/5/1W1F1/**K** w - 0 1",
            KING_ATTACKS..KING_FREE + 3,
            &[
                (KING_ATTACKS + N, (0, 0, 1)),
                (KING_ATTACKS + Q, (0, 0, 2)),
                (KING_SHELTER, (1, 0, 0)),
                (KING_SHELTER + 1, (0, 1, 0)),
                (KING_SHELTER + 2, (1, 0, 0)),
                (KING_SHELTER + 3, (0, 1, 0)),
                (KING_FREE, (0, 0, -1)),
                (KING_FREE + 1, (0, 0, 1)),
            ],
        );
    }

    /// White woozans: c8 (one rank to go, blocked by c9), c9 and d9 (on the
    /// rank: bucket 0; blocked, c10 being taken), a7 (two ranks), b6
    /// (three). d9 can capture the knight on c10 and become a queen; c9
    /// cannot step there.
    #[test]
    fn woozan_promotion_terms() {
        check(
            "**n**/2WWk/2W2/W4/*W2*/*3*/*3*/5/5/5/**K** w - 0 1",
            WOOZAN_PROMOTION..WOOZAN_QUEEN + 2,
            &[
                (WOOZAN_PROMOTION, (3, 0, 0)),
                (WOOZAN_PROMOTION + 1, (0, 3, 0)),
                (WOOZAN_PROMOTION + 2, (1, 0, 0)),
                (WOOZAN_PROMOTION + 3, (0, 1, 0)),
                (WOOZAN_PROMOTION + 4, (1, 0, 0)),
                (WOOZAN_PROMOTION + 5, (0, 1, 0)),
                (WOOZAN_BLOCKED, (3, 0, 0)),
                (WOOZAN_BLOCKED + 1, (0, 3, 0)),
                (WOOZAN_QUEEN, (1, 0, 0)),
                (WOOZAN_QUEEN + 1, (0, 1, 0)),
            ],
        );
        // With c10 empty, c9 steps there too; the d9 woozan's Z step as well.
        check(
            "**1**/2WWk/5/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1",
            WOOZAN_QUEEN..WOOZAN_QUEEN + 2,
            &[(WOOZAN_QUEEN, (2, 0, 0)), (WOOZAN_QUEEN + 1, (0, 2, 0))],
        );
    }

    /// A queen up, 85 plies after the last capture (T11): the clock, and
    /// its 15 plies past 70, with the lead's sign; nothing on a level board.
    #[test]
    fn move_clock_follows_the_material_lead() {
        let up = "**k**/5/5/5/*3*/*3*/*3*/5/5/Q4/**K**";
        for side in ["w", "b"] {
            check(
                &format!("{up} {side} - 85 60"),
                MOVE_CLOCK..MOVE_CLOCK + 2,
                &[(MOVE_CLOCK, (0, 0, 85)), (MOVE_CLOCK + 1, (0, 0, 15))],
            );
        }
        check(
            &format!("{up} w - 40 60"),
            MOVE_CLOCK..MOVE_CLOCK + 2,
            &[(MOVE_CLOCK, (0, 0, 40))],
        );
        check(
            "**k**/5/5/5/*3*/*3*/*3*/5/5/5/**K** w - 85 60",
            MOVE_CLOCK..MOVE_CLOCK + 2,
            &[],
        );
    }

    /// Knights on b2 and d2 read one cell pair (the files folded), which a
    /// black knight on b8 or d8 reads negated (`check` flips the board);
    /// kinds and the c-file apart; holes fixed; every pair inside the tables.
    #[test]
    fn cell_pairs_fold_the_wings_and_mirror_the_colours() {
        let b2 = pst_index::<0>(N, 2 * 5 + 1);
        assert_eq!(pst_index::<0>(N, 2 * 5 + 3), b2);
        assert_eq!(pst_index::<1>(N, 8 * 5 + 1), b2);
        assert_ne!(pst_index::<0>(N, 2 * 5 + 2), b2);
        assert_ne!(pst_index::<0>(F, 2 * 5 + 1), b2);
        check(
            "**k**/5/5/5/*3*/*3*/*3*/5/1N1N1/5/**K** w - 0 1",
            PST_KNIGHT..PST_FLEURBIC,
            &[(b2, (2, 0, 0)), (b2 + 1, (0, 2, 0))],
        );
        check(
            "**k**/5/1n3/5/*3*/*3*/*3*/5/1N3/5/**K** w - 0 1",
            PST_KNIGHT..PST_FLEURBIC,
            &[],
        );
        for kind in 0..5 {
            for sq in 0..55 {
                assert!((PST_WOOZAN..PHASE).contains(&pst_index::<0>(kind, sq)));
                assert!((PST_WOOZAN..PHASE).contains(&pst_index::<1>(kind, sq)));
            }
        }
        // a0 and a5 are holes, c0 and b5 are cells.
        assert!(Trubix::is_fixed(pst_index::<0>(Q, 0)));
        assert!(Trubix::is_fixed(pst_index::<0>(W, 25) + 1));
        assert!(!Trubix::is_fixed(pst_index::<0>(K, 2)));
        assert!(!Trubix::is_fixed(pst_index::<0>(W, 26) + 1));
    }

    #[test]
    fn trace_equals_evaluation() {
        crate::rules::weights::check_trace::<Trubix>(40, 120);
    }
}
