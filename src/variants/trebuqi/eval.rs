//! Trebuqi evaluation: material, piece-square terms (centre, Point advance and
//! the Rivers), mobility, and General safety (guards and lines here; confined
//! Generals, Cannon screens, attacks on the Generals and their neighbours in
//! `eval_safety.rs`, which says why they matter). Every number is a weight in
//! `weights.rs` (`weights2.rs`, `weights3.rs` for victory rules 2 and 3; written
//! by `menagerie tune`), laid out below; material is tapered by phase.
//!
//! Piece values, in Points (100), and why on this board:
//! - **Point 100.** Like the Xiang Qi soldier it only goes forward, one cell; it
//!   has two forward directions (so it is never simply blocked by one piece),
//!   but it never promotes. Once in the middle it is one River nearer; beyond
//!   its far River it also steps sideways, roughly doubling its reach among the
//!   enemy Generals, as a crossed soldier does (`point_middle`, `point_beyond`).
//! - **Trebuchet 200.** The Elephant analogue: exactly three cells, blockable on
//!   both cells between, bound to one cell in nine (the seed: it reaches 2 cells
//!   on the back rank, 3 on rank 4, 4 on rank 7) and never past its far River.
//!   At most six targets and no way into the enemy area: a defender, worth about
//!   two Points, like the Elephant.
//! - **Vicbaba 420.** The Knight analogue: six unblockable diagonal steps plus six
//!   two-cell orthogonal steps blockable at the midpoint, and unbound. Twelve
//!   targets in the open against the Xiang Qi Horse's eight (all blockable), on a
//!   board of the same size: a little more than a Horse (~400).
//! - **Cannon 450.** Quiet moves of a Rook, captures over exactly one screen, on
//!   six lines instead of four: more lines means more screens, so it stays
//!   dangerous longer than the Xiang Qi Cannon; it still needs screens, so its
//!   mobility term (quiet moves) carries part of its value.
//! - **Rook 900.** Six lines, up to 30 cells from the centre of an empty board
//!   (a chess rook has 14): the strongest piece, about two Cannons, as in Xiang Qi.
//! - **General.** Under rule 1 both are royal and never captured: no material
//!   value. Under rule 2 losing one makes the other royal and lets the enemy
//!   mate it: worth a Rook or so. Under rule 3 losing one also means the game
//!   can no longer be won, only drawn: worth more.

use super::tables::{bit, BOX, GENERAL_ZONE, TABLES};
use super::{Kind, Trebuqi, TrebuqiMove, EMPTY};
use crate::geometry::Color;
use crate::rules::weights::{cell_table, side_total, trace_of, Accumulate, CellSum, Group, Trace};
use crate::rules::zobrist::structure_key;
use crate::rules::{Evaluate, Exchange, MoveKey, Position, Tunable};
use once_cell::sync::Lazy;
use safety::cannon_control;

// The weights live beside this file, one file per victory rule (the General's
// worth, and what the rest is worth around it, differ by rule): written by
// `menagerie tune trebuqi|trebuqi2|trebuqi3`; `#[path]` keeps the board's
// `mod.rs` out of it.
#[path = "weights.rs"]
mod weights1;
#[path = "weights2.rs"]
mod weights2;
#[path = "weights3.rs"]
mod weights3;
// The General safety terms that read both sides' attacks.
#[path = "eval_safety.rs"]
mod safety;

// The layout of the weights (centipawns: a Point is 100). Per kind, in
// [`Kind`] order: Point, Trebuchet, Vicbaba, Cannon, Rook, General.
crate::weight_layout! {
    // Material, middle/end-game pairs (tapered: Points gain as the board
    // empties). The General's: nothing under rule 1 (both royal, never
    // captured); under rule 2 losing one lets the enemy mate the other;
    // under rule 3 it also means the game can no longer be won.
    MATERIAL: 12,
    // Per cell a piece could move to (quiet moves or captures). The
    // General's: the cells of its own area around it not held by its own
    // pieces (a side with no legal move loses, Q7).
    MOBILITY: 6,
    // Per step of centralisation (0 at the edge, 5 on f6).
    CENTRE: 6,
    // Point: per rank past its start rank.
    POINT_ADVANCE: 1,
    // Point: once across its near River (in the middle ranks 5-7).
    POINT_MIDDLE: 1,
    // Point: beyond its far River, where it also steps sideways.
    POINT_BEYOND: 1,
    // Rook, Cannon or Vicbaba in the enemy's own area, near its Generals.
    RAIDER: 1,
    // Per own piece orthogonally next to an own General (its guard).
    GENERAL_GUARD: 1,
    // Per enemy Rook or Cannon on an orthogonal line from an own General.
    GENERAL_LINE_THREAT: 1,
    // General confined (`eval_safety.rs`): a General with 0, 1 free cells.
    GENERAL_BOXED: 2,
    // Enemy Cannons on a General's line behind 0, 1 (attacking), 2 screens.
    CANNON_SCREENS: 3,
    // Attacks on the enemy Generals' cells and neighbours, by Point,
    // Vicbaba, Cannon, Rook.
    ZONE_ATTACKS: 4,
    // A General attacked: its side to move, the enemy to move; undefended.
    GENERAL_ATTACKED: 3,
    // For the side to move.
    TEMPO: 1,
    // Cell corrections, per kind: a pair for each of the 48 cells of the
    // hexagon folded onto its left half ([`HALF_CELL`], from the owner's
    // side), added to the shape terms above. Learned from data (a step of
    // centralisation cannot say that a Vicbaba is better on one cell of a
    // ring than on another); folded so that each weight learns from both
    // wings (the start position is its own mirror image left to right).
    PST_POINT: 96,
    PST_TREBUCHET: 96,
    PST_VICBABA: 96,
    PST_CANNON: 96,
    PST_ROOK: 96,
    PST_GENERAL: 96,
    // Phase weight per kind (fixed): the start position sums to `PHASE_MAX`.
    PHASE: 6,
}

/// The phase of the start position.
pub const PHASE_MAX: i32 = 36;

/// The weights of victory rule `RULE`.
pub const fn weights<const RULE: u8>() -> &'static [i32; COUNT] {
    match RULE {
        2 => &weights2::WEIGHTS,
        3 => &weights3::WEIGHTS,
        _ => &weights1::WEIGHTS,
    }
}

/// Material value of a piece kind under victory rule `RULE` (middle game).
pub const fn value<const RULE: u8>(kind: usize) -> i32 {
    weights::<RULE>()[MATERIAL + 2 * kind]
}

/// Each cell of the box's index in the hexagon folded onto its left half,
/// row by row from rank 1 (3, 4, 4, 5, 5, 6, 5, 5, 4, 4 and 3 cells: 48);
/// `u8::MAX` off the hexagon. The mirror that folds it, (file, row) ↔
/// (row + 5 − file, row), keeps every row (so both Rivers and both areas)
/// and takes the start position to itself.
const HALF_CELL: [u8; BOX] = {
    let mut t = [u8::MAX; BOX];
    let (mut row, mut first) = (0usize, 0);
    while row < 11 {
        let lo = row.saturating_sub(5);
        let hi = if row < 5 { row + 5 } else { 10 };
        let mut file = lo;
        while file <= hi {
            let mirror = row + 5 - file;
            let left = if file < mirror { file } else { mirror };
            t[row * 11 + file] = (first + left - lo) as u8;
            file += 1;
        }
        first += (row + 5) / 2 - lo + 1;
        row += 1;
    }
    t
};

/// The weight pair of [`PST_POINT`]'s layout for a `kind` of colour `C` on
/// `sq`: Black's cells seen from its side (ruling Q2's map, (file, row) ↔
/// (file + 5 − row, 10 − row)), then folded ([`HALF_CELL`]).
const fn pst_index<const C: usize>(kind: usize, sq: usize) -> usize {
    let own = if C == 0 {
        sq
    } else {
        let (file, row) = (sq % 11, sq / 11);
        (10 - row) * 11 + file + 5 - row
    };
    PST_POINT + 96 * kind + 2 * HALF_CELL[own] as usize
}

/// The terms of colour `C`'s `kind` on `sq` that read nothing else:
/// centralisation, the learned cell correction and a Point's advance (ranks
/// past its start rank, 4 for White and 8 for Black; in the middle; beyond
/// its far River). Summed once per victory rule into [`CELL_SUMS`].
#[inline(always)]
fn cell_terms<A: Accumulate, const C: usize>(kind: usize, sq: usize, acc: &mut A) {
    let sign = 1 - 2 * C as i32;
    acc.flat(CENTRE + kind, sign * centrality(sq));
    acc.pair(pst_index::<C>(kind, sq), sign);
    if kind == Kind::Point as usize {
        let row = (sq / 11) as i32;
        let advance = if C == 0 { row - 3 } else { 7 - row };
        acc.flat(POINT_ADVANCE, sign * advance);
        if advance >= 4 {
            acc.flat(POINT_BEYOND, sign);
        } else if advance >= 1 {
            acc.flat(POINT_MIDDLE, sign);
        }
    }
}

/// A start-up table of [`cell_terms`], `[colour][kind][cell]`.
type CellSums = [[[CellSum; BOX]; 6]; 2];

/// [`cell_terms`] with victory rule `RULE`'s compiled weights (0 off the
/// hexagon).
fn cell_sums<const RULE: u8>() -> CellSums {
    cell_table(weights::<RULE>(), |color, kind, sq, sum| {
        match (color, HALF_CELL[sq]) {
            (_, u8::MAX) => {}
            (0, _) => cell_terms::<_, 0>(kind, sq, sum),
            _ => cell_terms::<_, 1>(kind, sq, sum),
        }
    })
}

/// What the search adds per piece, one table per victory rule (a trace runs
/// the terms themselves); indexed by [`rule_index`].
static CELL_SUMS: [Lazy<CellSums>; 3] = [
    Lazy::new(cell_sums::<1>),
    Lazy::new(cell_sums::<2>),
    Lazy::new(cell_sums::<3>),
];

/// Where victory rule `RULE` sits in [`CELL_SUMS`] (as in [`weights`]:
/// anything but 2 and 3 is rule 1).
const fn rule_index(rule: u8) -> usize {
    match rule {
        2 => 1,
        3 => 2,
        _ => 0,
    }
}

/// Hexagon distance from the centre f6 (file 5, row 5), turned into 5 − distance.
fn centrality(sq: usize) -> i32 {
    let dx = (sq % 11) as i32 - 5;
    let dy = (sq / 11) as i32 - 5;
    // Steps are (1,0), (0,1), (1,1) and their reverses.
    let dist = if (dx >= 0) == (dy >= 0) {
        dx.abs().max(dy.abs())
    } else {
        dx.abs() + dy.abs()
    };
    5 - dist
}

impl<const RULE: u8> Trebuqi<RULE> {
    /// The evaluation's terms from White's side into `acc` (the tempo too:
    /// plus for White to move, minus for Black); returns the phase.
    /// Material and phase come from piece counts, once per kind; the rest
    /// per piece, one colour at a time so the sign is a constant; then the
    /// General safety of each side, which reads both sides' attacks.
    #[inline(always)]
    fn terms<A: Accumulate>(&self, acc: &mut A) -> i32 {
        let w = weights::<RULE>();
        let mut phase = 0;
        for kind in 0..6 {
            let on = self.kinds[kind];
            let white = (on & self.colors[0]).count_ones() as i32;
            let black = (on & self.colors[1]).count_ones() as i32;
            phase += w[PHASE + kind] * (white + black);
            acc.pair(MATERIAL + 2 * kind, white - black);
        }
        let zones = [self.general_zone::<0>(), self.general_zone::<1>()];
        let white = self.side_terms::<A, 0>(acc, zones[1]);
        let black = self.side_terms::<A, 1>(acc, zones[0]);
        self.general_safety::<A, 0>(acc, black, white);
        self.general_safety::<A, 1>(acc, white, black);
        acc.flat(TEMPO, if self.stm == Color::White { 1 } else { -1 });
        phase.min(PHASE_MAX)
    }

    /// Centralisation, Point advance, mobility, raiders, General guards and
    /// lines, and attacks on the enemy Generals' zone `enemy_zone` of colour
    /// `C`; returns every cell `C` attacks (see [`Trebuqi::general_safety`]).
    #[inline(always)]
    fn side_terms<A: Accumulate, const C: usize>(&self, acc: &mut A, enemy_zone: u128) -> u128 {
        let t = &**TABLES;
        let occ = self.occupied();
        let sign = 1 - 2 * C as i32;
        let own = self.colors[C];
        let enemy = self.colors[C ^ 1];
        let enemy_heavy =
            enemy & (self.kinds[Kind::Rook as usize] | self.kinds[Kind::Cannon as usize]);
        let enemy_area = GENERAL_ZONE[C ^ 1];
        let cell_sums = &*CELL_SUMS[rule_index(RULE)];
        let mut attacked = 0;
        // Attacks on `enemy_zone` by Points, Vicbabas, Cannons and Rooks
        // (Trebuchets and Generals never get there: each stays on its own
        // side of a River).
        let zone = |attacks: u128| (attacks & enemy_zone).count_ones() as i32;
        let mut zone_hits = [0i32; 4];
        let mut pieces = own;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let kind = self.mailbox[sq] as usize % 6;
            acc.cell(&cell_sums[C][kind][sq], |acc| {
                cell_terms::<A, C>(kind, sq, acc)
            });
            // `reach`: the mobility; `attacks`: the cells it could capture
            // on, were an enemy there (own pieces included: it defends them).
            let (reach, attacks) = match kind {
                0 => {
                    let a = t.point[C][sq];
                    zone_hits[0] += zone(a);
                    (0, a)
                }
                1 => {
                    let r = t.trebuchet(C, sq, occ);
                    (r, r)
                }
                2 => {
                    let r = t.vicbaba(sq, occ);
                    zone_hits[1] += zone(r);
                    (r, r)
                }
                3 => {
                    let control = cannon_control(t, sq, occ);
                    zone_hits[2] += zone(control);
                    (t.rook(sq, occ) & !occ | control & enemy, control)
                }
                4 => {
                    let r = t.rook(sq, occ);
                    zone_hits[3] += zone(r);
                    (r, r)
                }
                _ => {
                    // General safety: guards around it, heavy enemies on its lines.
                    let guards = (t.orth1[sq] & own).count_ones() as i32;
                    acc.flat(GENERAL_GUARD, sign * guards);
                    let mut threats = 0;
                    for d in 0..6 {
                        threats += (t.ray[sq][d] & enemy_heavy).count_ones() as i32;
                    }
                    acc.flat(GENERAL_LINE_THREAT, -sign * threats);
                    let r = t.general[C][sq];
                    (r, r)
                }
            };
            acc.flat(MOBILITY + kind, sign * (reach & !own).count_ones() as i32);
            if (2..=4).contains(&kind) && enemy_area & bit(sq) != 0 {
                acc.flat(RAIDER, sign);
            }
            attacked |= attacks;
        }
        for (i, &n) in zone_hits.iter().enumerate() {
            acc.flat(ZONE_ATTACKS + i, sign * n);
        }
        attacked
    }
}

impl<const RULE: u8> Tunable for Trebuqi<RULE> {
    const GROUPS: &'static [Group] = GROUPS;
    const WEIGHTS: &'static [i32] = weights::<RULE>();
    const PHASE_MAX: i32 = PHASE_MAX;
    const WEIGHTS_FILE: &'static str = match RULE {
        2 => "src/variants/trebuqi/weights2.rs",
        3 => "src/variants/trebuqi/weights3.rs",
        _ => "src/variants/trebuqi/weights.rs",
    };

    /// The General's material under rule 1 (royal, never captured), the
    /// cells where a kind never stands (a Point behind its start rank, a
    /// General outside its own area, a Trebuchet beyond its far River: the
    /// rows are the owner's) and the phase counts.
    fn is_fixed(i: usize) -> bool {
        let general = MATERIAL + 2 * Kind::General as usize;
        let nowhere = |kind: Kind, rows: std::ops::RangeInclusive<usize>| {
            (0..BOX).any(|sq| {
                HALF_CELL[sq] != u8::MAX
                    && rows.contains(&(sq / 11))
                    && (i == pst_index::<0>(kind as usize, sq)
                        || i == pst_index::<0>(kind as usize, sq) + 1)
            })
        };
        (RULE <= 1 && (i == general || i == general + 1))
            || (PST_POINT..PHASE).contains(&i)
                && (nowhere(Kind::Point, 0..=2)
                    || nowhere(Kind::General, 4..=10)
                    || nowhere(Kind::Trebuchet, 7..=10))
            || (PHASE..COUNT).contains(&i)
    }

    fn trace(&self) -> Trace {
        trace_of(|t| self.terms(t))
    }
}

impl<const RULE: u8> Evaluate for Trebuqi<RULE> {
    const PIECE_KINDS: usize = 6;
    /// Rules 1 and 2: the tuned pieces count up to twice the hand-set ones
    /// (a Rook 1,113/2,183 against 900), K is a third of chess's, and the
    /// search's margins doubled won in games (docs/strength.md, "Search
    /// margins in the evaluation's units"). Rule 3's games are drawn too
    /// often to measure it, so it keeps chess's margins.
    const EVAL_SCALE_PCT: i32 = if RULE == 3 { 100 } else { 200 };
    /// No ProbCut: in rule 1 it lost, −27.9 ± 53.8 over 100 games
    /// (docs/strength.md, "ProbCut"). Not significant, but leaning the
    /// wrong way where chess's gain is small; rules 2 and 3 share the pieces
    /// and follow rule 1 (rule 3's games are drawn too often to measure).
    /// Nor the table's principal-variation mark in LMR, nor more reduction
    /// of quiet moves behind a noisy hash move: in rule 1 the two together
    /// lost, −52.5 ± 49.9 over 100 games (docs/strength.md, "Reductions
    /// that read the table"); rules 2 and 3 follow it.
    const SEARCH_PARAMS: &'static [(&'static str, i32)] = &[
        ("probcut_min_depth", 64),
        ("lmr_tt_pv", 0),
        ("lmr_tt_noisy", 0),
    ];

    fn evaluate(&self) -> i32 {
        side_total(weights::<RULE>(), PHASE_MAX, self.side_to_move(), |sum| {
            self.terms(sum)
        })
    }

    fn capture_gain(&self, m: TrebuqiMove) -> i32 {
        let victim = self.mailbox[m.to()];
        if victim == EMPTY {
            return 0;
        }
        let attacker = self.mailbox[m.from()] as usize % 6;
        value::<RULE>(victim as usize % 6) - value::<RULE>(attacker) / 10
    }

    fn move_key(&self, m: TrebuqiMove) -> MoveKey {
        MoveKey {
            piece: self.mailbox[m.from()] % 6,
            to: m.to() as u8,
        }
    }

    /// Displacement captures only (cannons and trebuchets land on their
    /// victim); a General is worth its rule's value (see [`value`]).
    fn exchange(&self, m: TrebuqiMove) -> Exchange {
        let victim = self.mailbox[m.to()];
        let gain = if victim != EMPTY {
            value::<RULE>(victim as usize % 6)
        } else {
            0
        };
        Exchange {
            gain,
            exposed: Some((m.to(), value::<RULE>(self.mailbox[m.from()] as usize % 6))),
        }
    }

    fn removes_from(&self, m: TrebuqiMove, cell: usize) -> bool {
        m.to() == cell && self.mailbox[cell] != EMPTY
    }

    /// Every piece captures the way it moves (the Cannon over a screen), so
    /// a capture on `cell` needs an attacker: the General-safety test
    /// (`Trebuqi::attacked`) plus the two kinds it leaves out, a General
    /// one step away inside its area and a Trebuchet three cells away.
    fn may_remove_from(&self, cell: usize) -> bool {
        let by = self.side_to_move();
        let occ = self.occupied();
        if self.attacked(cell, occ, by) {
            return true;
        }
        let t = &**TABLES;
        let c = by.index();
        let generals = self.pieces(by, Kind::General);
        if t.orth1[cell] & generals != 0 && bit(cell) & GENERAL_ZONE[c] != 0 {
            return true;
        }
        let mut trebuchets = self.pieces(by, Kind::Trebuchet);
        while trebuchets != 0 {
            let sq = trebuchets.trailing_zeros() as usize;
            trebuchets &= trebuchets - 1;
            if t.trebuchet(c, sq, occ) & bit(cell) != 0 {
                return true;
            }
        }
        false
    }

    /// The Points of both sides, the structure the evaluation misjudges the
    /// same way move after move (the search's correction history).
    fn correction_key(&self) -> Option<u64> {
        let white = self.pieces(Color::White, Kind::Point);
        let black = self.pieces(Color::Black, Kind::Point);
        Some(structure_key(white, black))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn start_position_is_balanced_and_centrality_is_hexagonal() {
        // The start is symmetric: only the tempo of the side to move is left.
        for (e, tempo) in [
            (
                super::super::Trebuqi1::startpos().evaluate(),
                weights::<1>()[TEMPO],
            ),
            (
                super::super::Trebuqi2::startpos().evaluate(),
                weights::<2>()[TEMPO],
            ),
            (
                super::super::Trebuqi3::startpos().evaluate(),
                weights::<3>()[TEMPO],
            ),
        ] {
            assert_eq!(e, tempo);
        }
        let sq = |s: &str| {
            crate::geometry::Square::<crate::geometry::Hex91>::parse(s)
                .unwrap()
                .index()
        };
        assert_eq!(centrality(sq("f6")), 5);
        for edge in ["a1", "f1", "a6", "k6", "f11", "k11", "c3"] {
            let expect = if edge == "c3" { 2 } else { 0 };
            assert_eq!(centrality(sq(edge)), expect, "{edge}");
        }
    }

    #[test]
    fn material_counts() {
        // White is a Rook up: the score says so from both sides.
        let w = super::super::Trebuqi1::from_fen(
            "*****1tggtr/****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****/RTGGTR***** w - - 0 1",
        )
        .unwrap();
        assert!(w.evaluate() > 700, "{}", w.evaluate());
        let b = super::super::Trebuqi1::from_fen(
            "*****1tggtr/****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****/RTGGTR***** b - - 0 1",
        )
        .unwrap();
        assert!(b.evaluate() < -700);
        // A General is never captured under rule 1 (it is royal), so its
        // material is fixed at 0; under rules 2 and 3 losing one costs.
        assert!(value::<1>(5) == 0 && value::<2>(5) > 0 && value::<3>(5) > 0);
    }

    /// The fold: 48 cells, each the left one of a mirror pair or on the
    /// middle line; the start position is its own mirror image; a Rook on a1
    /// and one on f1 read the same pair, Black's on f11 and k11 too (from
    /// its side) with the opposite sign; kinds and cells apart; the cells a
    /// kind never reaches held fixed.
    #[test]
    fn cell_pairs_fold_the_wings_and_mirror_the_colours() {
        use crate::geometry::{Hex91, Square};
        use crate::rules::weights::coefficient;
        type Sq = Square<Hex91>;
        let sq = |s: &str| Sq::parse(s).unwrap().index();
        let cells: Vec<usize> = Sq::all().map(|s| s.index()).collect();
        assert_eq!(cells.len(), 91);
        let mut uses = [0; 48];
        for &c in &cells {
            let (file, row) = (c % 11, c / 11);
            let mirror = row * 11 + row + 5 - file;
            assert_eq!(
                HALF_CELL[c],
                HALF_CELL[mirror],
                "{}",
                Sq::from_index(c).unwrap()
            );
            uses[HALF_CELL[c] as usize] += 1;
        }
        assert_eq!(HALF_CELL.iter().filter(|&&h| h != u8::MAX).count(), 91);
        assert_eq!(uses.iter().filter(|&&u| u == 1).count(), 5);
        assert!(uses.iter().all(|&u| u == 1 || u == 2));
        let start = super::super::Trebuqi1::startpos();
        for &c in &cells {
            let (file, row) = (c % 11, c / 11);
            let mirror = Sq::from_index(row * 11 + row + 5 - file).unwrap();
            assert_eq!(
                start.piece_char(Sq::from_index(c).unwrap()),
                start.piece_char(mirror)
            );
        }
        let rook = Kind::Rook as usize;
        let a1 = pst_index::<0>(rook, sq("a1"));
        assert_eq!(pst_index::<0>(rook, sq("f1")), a1);
        assert_eq!(pst_index::<1>(rook, sq("f11")), a1);
        assert_eq!(pst_index::<1>(rook, sq("k11")), a1);
        assert_ne!(pst_index::<0>(rook, sq("b1")), a1);
        assert_ne!(pst_index::<0>(Kind::Cannon as usize, sq("a1")), a1);
        let coef = |fen: &str| {
            let t = super::super::Trebuqi2::from_fen(fen).unwrap().trace();
            coefficient(&t, a1).0
        };
        let back = "****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****";
        assert_eq!(
            coef(&format!("*****rtggt1/{back}/RTGGTR***** w - - 0 1")),
            1
        );
        assert_eq!(
            coef(&format!("*****rtggt1/{back}/RTGGT1***** w - - 0 1")),
            0
        );
        assert_eq!(
            coef(&format!("*****1tggt1/{back}/RTGGTR***** b - - 0 1")),
            2
        );
        for kind in 0..6 {
            for &c in &cells {
                assert!((PST_POINT..PHASE).contains(&pst_index::<0>(kind, c)));
                assert!((PST_POINT..PHASE).contains(&pst_index::<1>(kind, c)));
            }
        }
        type T = super::super::Trebuqi1;
        let fixed =
            |kind: Kind, cell: &str| T::is_fixed(pst_index::<0>(kind as usize, sq(cell)) + 1);
        assert!(fixed(Kind::Point, "c3") && !fixed(Kind::Point, "d4"));
        assert!(fixed(Kind::General, "f5") && !fixed(Kind::General, "d4"));
        assert!(fixed(Kind::Trebuchet, "h8") && !fixed(Kind::Trebuchet, "g7"));
        assert!(!fixed(Kind::Rook, "h8"));
    }

    #[test]
    fn trace_equals_evaluation() {
        use crate::rules::weights::check_trace;
        check_trace::<super::super::Trebuqi1>(20, 120);
        check_trace::<super::super::Trebuqi2>(20, 120);
        check_trace::<super::super::Trebuqi3>(20, 120);
    }
}
