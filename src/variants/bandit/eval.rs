//! Bandit Chess evaluation: material, piece-square terms (centralisation and
//! advancement, and a learned correction per cell, tuned with its average
//! held at zero by `tune --hold-mean` so that it says which cells are
//! better, not what a piece is worth), mobility, king safety, outlaw and
//! trickster raids on the enemy king, and the distance of pawns and
//! sergeants to promotion. Every number is a weight in [`WEIGHTS`]
//! (`weights.rs`, written by `menagerie tune`), laid out below; material
//! and the cell corrections are tapered by phase.
//!
//! Piece values (centipawns), and why:
//! - Pawn 100: the unit. Berolina-plus, one step only: slow, but it captures
//!   forward and sideways and may take tricksters.
//! - Knight 290, bishop 320, rook 460: chess values trimmed for the narrow
//!   7-file board, where rooks have fewer files and long diagonals are short.
//! - Chancellor 780: rook + knight; the knight part also lets it take
//!   tricksters (B4). Slightly under rook + knight + a pawn, as in Capablanca
//!   chess practice.
//! - Sergeant 150: a pawn that moves and captures straight and diagonally
//!   forward (never backward) and promotes like a pawn (B3); worth more than a
//!   pawn but far less than a minor piece.
//! - Trickster 260: archbishop mobility but it never captures, so its worth
//!   is tricks (turning an enemy chancellor into a knight is worth hundreds)
//!   and safety: only pawns, knights and chancellors can take it (B4). Roughly
//!   a minor piece.
//! - Outlaw 180: it cannot capture alone; its capture costs one of its own
//!   agents (B7). But it is poison: whatever takes it is removed (B8), and it
//!   threatens kings without giving check (B9), so it is worth about two
//!   pawns.
//! - King 0: kings are never traded; a side without one has lost (B11).

use super::attacks::{NO_VICTIMS, TABLES, W};
use super::{
    color_of, kind_of, Bandit, BanditMove, Kind, CHANCELLOR, EMPTY, KING, KNIGHT, OUTLAW,
    OUTLAW_CAPTURE, PAWN, SERGEANT, TRICK, TRICKSTER,
};
use crate::geometry::Color;
use crate::rules::weights::{
    cell_table, folded_cell, side_total, trace_of, Accumulate, CellSum, Group, Trace,
};
use crate::rules::zobrist::structure_key;
use crate::rules::{Evaluate, Exchange, MoveKey, Position, Tunable, ROYAL_VALUE};
use once_cell::sync::Lazy;

// The weights live in `weights.rs` beside this file (written by `menagerie
// tune`); `#[path]` keeps the board's `mod.rs` out of it.
#[path = "weights.rs"]
mod weights;
pub use weights::WEIGHTS;

// The layout of [`WEIGHTS`] (centipawns). Per kind, in [`Kind`] order: king,
// chancellor, rook, bishop, knight, sergeant, trickster, outlaw, pawn.
crate::weight_layout! {
    // Material, middle/end-game pairs (tapered: pawns and sergeants promote,
    // and the narrow board empties fast).
    MATERIAL: 18,
    // Per step of centrality (0 at the edge, up to 3 in the middle).
    CENTRE: 9,
    // Per cell an agent reaches (pseudo-legal, own agents excluded).
    MOBILITY: 9,
    // Pawn and sergeant bonus per rank advanced from their start.
    ADVANCE: 1,
    // Per own agent on a cell next to a king.
    SHELTER: 1,
    // Penalty per enemy piece (not pawn) within two cells of a king.
    KING_DANGER: 1,
    // For the side to move.
    TEMPO: 1,
    // Raids on the enemy king (`raider_terms`): our outlaws that can slide
    // to a cell one or two steps straight from it; our outlaws that can take
    // it now, [the king's side to move, our side to move]; our tricksters
    // that can land next to it (straight).
    OUTLAW_REACH: 1,
    OUTLAW_THREAT: 2,
    TRICK_REACH: 1,
    // Pawns and sergeants 1, 2 or 3 rows from promotion: pairs, pawns first.
    PROMOTION: 12,
    // Cell corrections, per kind: a pair for each of the 36 cells of the
    // board folded onto its left half (files a-d, row by row from the
    // owner's first), added to the shape terms above. Learned from data (a
    // centralisation step cannot say that a chancellor is better on b2 than
    // on c1); folded so that each weight learns from both wings (the start
    // position is the same from either side only turned half round, so
    // neither wing is a king's side).
    PST_KING: 72,
    PST_CHANCELLOR: 72,
    PST_ROOK: 72,
    PST_BISHOP: 72,
    PST_KNIGHT: 72,
    PST_SERGEANT: 72,
    PST_TRICKSTER: 72,
    PST_OUTLAW: 72,
    PST_PAWN: 72,
    // Phase weight per kind (fixed): the start position sums to `PHASE_MAX`.
    PHASE: 9,
}
const _: () = assert!(WEIGHTS.len() == COUNT);

/// The phase of the start position.
pub const PHASE_MAX: i32 = 30;

/// Material value of a piece kind (middle game; for ordering captures).
pub const fn value(kind: usize) -> i32 {
    WEIGHTS[MATERIAL + 2 * kind]
}

/// The weight pair of [`PST_KING`]'s layout for a `kind` of colour `C` on
/// `sq`: the row counted from its owner's side, the file folded onto the
/// left half (a-d), 4 cells a row.
const fn pst_index<const C: usize>(kind: usize, sq: usize) -> usize {
    PST_KING + 72 * kind + 2 * folded_cell(sq, W, 9, C == 0)
}

/// The terms of colour `C`'s `kind` on `sq` that read nothing else:
/// centralisation, the learned cell correction, and a pawn's or sergeant's
/// advance and distance to promotion. Summed once into [`CELL_SUMS`].
#[inline(always)]
fn cell_terms<A: Accumulate, const C: usize>(kind: usize, sq: usize, acc: &mut A) {
    let sign = 1 - 2 * C as i32;
    acc.flat(CENTRE + kind, sign * centrality(sq));
    acc.pair(pst_index::<C>(kind, sq), sign);
    if kind == PAWN || kind == SERGEANT {
        let row = (sq / W) as i32;
        let advance = if C == 0 { row - 1 } else { 7 - row };
        acc.flat(ADVANCE, sign * advance.max(0));
        // Rows to go: 8 - row for White, row for Black.
        let to_go = (if C == 0 { 8 - row } else { row }) as usize;
        if (1..=3).contains(&to_go) {
            let first = if kind == PAWN { 0 } else { 6 };
            acc.pair(PROMOTION + first + 2 * (to_go - 1), sign);
        }
    }
}

/// [`cell_terms`] with the compiled weights, `[colour][kind][cell]`: what
/// the search adds per piece (a trace runs the terms themselves).
static CELL_SUMS: Lazy<[[[CellSum; 63]; 9]; 2]> = Lazy::new(|| {
    cell_table(&WEIGHTS, |color, kind, sq, sum| match color {
        0 => cell_terms::<_, 0>(kind, sq, sum),
        _ => cell_terms::<_, 1>(kind, sq, sum),
    })
});

/// 0 at the edge, up to 3 on e5's neighbourhood (d5 is the centre of 7×9).
fn centrality(sq: usize) -> i32 {
    let f = (sq % W) as i32;
    let r = (sq / W) as i32;
    f.min(6 - f).min(r.min(8 - r)).min(3)
}

impl Bandit {
    /// Cells the agent on `sq` reaches, ignoring whose they are (for mobility).
    #[inline(always)]
    fn reach(&self, sq: usize, kind: usize, color: Color, occ: u64) -> u64 {
        let t = &*TABLES;
        match kind {
            k if k == CHANCELLOR => t.rook(sq, occ) | t.knight[sq],
            k if k == Kind::Rook as usize => t.rook(sq, occ),
            k if k == Kind::Bishop as usize => t.bishop(sq, occ),
            k if k == KNIGHT => t.knight[sq],
            k if k == TRICKSTER => (t.bishop(sq, occ) | t.knight[sq]) & !occ,
            k if k == OUTLAW => t.outlaw_slides(sq, occ),
            k if k == SERGEANT => t.sergeant[color.index()][sq],
            _ => 0,
        }
    }
}

impl Bandit {
    /// What a trick's type changes are worth to the mover (B5).
    fn trick_gain(&self, m: BanditMove) -> i32 {
        let (changes, n) = m.changes();
        changes[..n]
            .iter()
            .map(|&(sq, model)| {
                value(kind_of(self.mailbox[sq])) - value(kind_of(self.mailbox[model]))
            })
            .sum()
    }
}

impl Bandit {
    /// The evaluation's terms from White's side into `acc` (the tempo too:
    /// plus for White to move, minus for Black); returns the phase.
    /// Material and phase come from piece counts, once per kind; the rest
    /// per piece, one colour at a time so the sign is a constant.
    #[inline(always)]
    fn terms<A: Accumulate>(&self, acc: &mut A) -> i32 {
        let mut phase = 0;
        for kind in 0..9 {
            let on = self.kinds[kind];
            let white = (on & self.colors[0]).count_ones() as i32;
            let black = (on & self.colors[1]).count_ones() as i32;
            phase += WEIGHTS[PHASE + kind] * (white + black);
            acc.pair(MATERIAL + 2 * kind, white - black);
        }
        self.side_terms::<A, 0>(acc);
        self.side_terms::<A, 1>(acc);
        acc.flat(
            TEMPO,
            if self.side_to_move() == Color::White {
                1
            } else {
                -1
            },
        );
        phase.min(PHASE_MAX)
    }

    /// Centralisation, advance, mobility and king safety of colour `C`'s agents.
    #[inline(always)]
    fn side_terms<A: Accumulate, const C: usize>(&self, acc: &mut A) {
        let t = &*TABLES;
        let occ = self.occupied();
        let color = Color::ALL[C];
        let sign = 1 - 2 * C as i32;
        let own = self.colors[C];
        let cell_sums = &*CELL_SUMS;
        let mut pieces = own;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let kind = kind_of(self.mailbox[sq]);
            acc.cell(&cell_sums[C][kind][sq], |acc| {
                cell_terms::<A, C>(kind, sq, acc)
            });
            let cells = self.reach(sq, kind, color, occ);
            acc.flat(MOBILITY + kind, sign * (cells & !own).count_ones() as i32);
            if kind == OUTLAW || kind == TRICKSTER {
                self.raider_terms::<A, C>(sq, kind, cells, acc);
            }
            if kind == KING {
                let ring = t.king[sq];
                acc.flat(SHELTER, sign * (ring & own).count_ones() as i32);
                let mut zone = ring;
                let mut rest = ring;
                while rest != 0 {
                    zone |= t.king[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                let enemy_pieces = self.colors[1 - C] & !self.kinds[PAWN];
                acc.flat(
                    KING_DANGER,
                    -sign * (zone & enemy_pieces).count_ones() as i32,
                );
            }
        }
    }
}

impl Bandit {
    /// The outlaw or trickster of colour `C` on `sq`, reaching the empty
    /// `cells`, against the enemy king(s):
    /// - `OUTLAW_REACH`: 1 if it can slide to a cell one or two steps
    ///   straight from an enemy king (where both steps are on the board):
    ///   from there it threatens to take the king with one of its own
    ///   agents (B7), a threat that is not check (B9) and ends the game
    ///   (B11).
    /// - `OUTLAW_THREAT`: 1 if it can take an enemy king now, counted at
    ///   `[0]` when the king's side is to move (it must answer) and `[1]`
    ///   when the outlaw's side is (the game is won).
    /// - `TRICK_REACH`: 1 for a trickster that can land straight next to an
    ///   enemy king: a trick there may turn the king into the piece beyond
    ///   it, or that piece into a second king (B5, B10).
    #[inline(always)]
    fn raider_terms<A: Accumulate, const C: usize>(
        &self,
        sq: usize,
        kind: usize,
        cells: u64,
        acc: &mut A,
    ) {
        let t = &*TABLES;
        let sign = 1 - 2 * C as i32;
        let kings = self.colors[1 - C] & self.kinds[KING];
        let mut near = 0;
        let mut rest = kings;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            near |= if kind == OUTLAW {
                t.outlaw_victims[k].iter().fold(0, |a, &v| a | v) & !NO_VICTIMS
            } else {
                t.orth_pairs[k]
            };
        }
        let reaches = sign * i32::from(cells & near != 0);
        if kind == TRICKSTER {
            acc.flat(TRICK_REACH, reaches);
            return;
        }
        acc.flat(OUTLAW_REACH, reaches);
        let mover = if C == 0 { Color::White } else { Color::Black };
        if super::movegen::outlaw_takes_king(self, mover, sq, kings) {
            let ours_to_move = self.side_to_move().index() == C;
            acc.flat(OUTLAW_THREAT + usize::from(ours_to_move), sign);
        }
    }
}

impl Tunable for Bandit {
    const GROUPS: &'static [Group] = GROUPS;
    const WEIGHTS: &'static [i32] = &WEIGHTS;
    const PHASE_MAX: i32 = PHASE_MAX;
    const WEIGHTS_FILE: &'static str = "src/variants/bandit/weights.rs";

    /// The king's material (a side without one has lost), the cells where
    /// no pawn or sergeant stands (its own first row, never reached going
    /// forward, and its last, where it promotes) and the phase counts.
    fn is_fixed(i: usize) -> bool {
        let nowhere = |kind: usize, row: usize| {
            let start = pst_index::<0>(kind, row * W);
            (start..start + 8).contains(&i)
        };
        i == MATERIAL + 2 * KING
            || i == MATERIAL + 2 * KING + 1
            || [PAWN, SERGEANT]
                .iter()
                .any(|&k| nowhere(k, 0) || nowhere(k, 8))
            || (PHASE..COUNT).contains(&i)
    }

    fn trace(&self) -> Trace {
        trace_of(|t| self.terms(t))
    }
}

impl Evaluate for Bandit {
    const PIECE_KINDS: usize = 9;
    const ROYAL_THREATS: bool = true;
    /// The tuned evaluation's K is under half of chess's (a score of 200
    /// means about what 100 means in chess): the search's margins doubled,
    /// +20.9 ± 43.1 in 100 games, in
    /// line with the clear gains in Fugue and Trebuqi (docs/strength.md,
    /// "Search margins in the evaluation's units").
    const EVAL_SCALE_PCT: i32 = 200;
    /// The null move at every zero-window node, not only at expected cut
    /// nodes: at cut nodes only it lost here, −33.1 ± 32.6 over 200 games
    /// at 2 s + 0.02 s, where chess gained (docs/strength.md, "The null
    /// move at cut nodes only").
    const SEARCH_PARAMS: &'static [(&'static str, i32)] = &[("nmp_cut_only", 0)];

    fn royal_threatened(&self) -> bool {
        super::movegen::outlaw_threatens_king(self)
    }

    fn evaluate(&self) -> i32 {
        side_total(&WEIGHTS, PHASE_MAX, self.side_to_move(), |sum| {
            self.terms(sum)
        })
    }

    fn capture_gain(&self, m: BanditMove) -> i32 {
        let (from, to) = (m.from(), m.to());
        let mover = kind_of(self.mailbox[from]);
        let mut gain = 0;
        match m.kind() {
            OUTLAW_CAPTURE => {
                let them = self.stm.flip().index();
                for sq in [(from + to) / 2, to] {
                    let p = self.mailbox[sq];
                    let v = value(kind_of(p)).max(if kind_of(p) == KING { 2000 } else { 0 });
                    gain += if color_of(p) == them { v } else { -v };
                    if kind_of(p) == OUTLAW {
                        gain -= value(OUTLAW); // the capturer is destroyed (B8)
                    }
                }
            }
            TRICK => gain = self.trick_gain(m),
            _ => {
                let victim = self.mailbox[to];
                if victim != EMPTY {
                    gain += value(kind_of(victim)) - value(mover) / 10;
                    if kind_of(victim) == OUTLAW {
                        gain -= value(mover); // B8
                    }
                }
                if let Some(k) = m.promotion() {
                    gain += value(k as usize) - value(mover);
                }
            }
        }
        gain
    }

    fn move_key(&self, m: BanditMove) -> MoveKey {
        MoveKey {
            piece: kind_of(self.mailbox[m.from()]) as u8,
            to: m.to() as u8,
        }
    }

    /// An outlaw's capture takes the two pieces it passes and lands on (an
    /// own piece counts against); whoever captures an outlaw is destroyed
    /// with it (B8), leaving nothing exposed; a trick changes types.
    fn exchange(&self, m: BanditMove) -> Exchange {
        let (from, to) = (m.from(), m.to());
        let us = self.stm.index();
        let worth = |kind: usize| {
            if kind == KING {
                ROYAL_VALUE
            } else {
                value(kind)
            }
        };
        let mut mover = worth(kind_of(self.mailbox[from]));
        let mut gain = 0;
        let mut destroyed = false;
        match m.kind() {
            OUTLAW_CAPTURE => {
                for sq in [(from + to) / 2, to] {
                    let p = self.mailbox[sq];
                    if p == EMPTY {
                        continue;
                    }
                    let v = worth(kind_of(p));
                    gain += if color_of(p) == us { -v } else { v };
                    destroyed |= kind_of(p) == OUTLAW;
                }
            }
            TRICK => gain = self.trick_gain(m),
            _ => {
                let victim = self.mailbox[to];
                if victim != EMPTY {
                    gain += worth(kind_of(victim));
                    destroyed = kind_of(victim) == OUTLAW;
                }
                if let Some(k) = m.promotion() {
                    gain += value(k as usize) - value(kind_of(self.mailbox[from]));
                    mover = value(k as usize);
                }
            }
        }
        if destroyed {
            gain -= mover;
        }
        Exchange {
            gain,
            exposed: (!destroyed).then_some((to, mover)),
        }
    }

    fn removes_from(&self, m: BanditMove, cell: usize) -> bool {
        let (from, to) = (m.from(), m.to());
        self.mailbox[cell] != EMPTY
            && match m.kind() {
                OUTLAW_CAPTURE => cell == to || cell == (from + to) / 2,
                TRICK => false,
                _ => cell == to,
            }
    }

    /// The pawns and sergeants of both sides, the structure the evaluation
    /// misjudges the same way move after move (the search's correction
    /// history).
    fn correction_key(&self) -> Option<u64> {
        let side = |c| self.pieces(c, Kind::Pawn) | self.pieces(c, Kind::Sergeant);
        Some(structure_key(
            side(Color::White).into(),
            side(Color::Black).into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// B7, B9: the black outlaw on d5 can take the white king on d4 together
    /// with its own knight on d3 (one agent of each colour), so White, to
    /// move, is threatened though not in check; without the knight it cannot.
    #[test]
    fn royal_threat_is_an_outlaw_capture_of_the_king() {
        let threatened = Bandit::from_fen("6k/7/7/7/3o3/3K3/3n3/7/7 w - - 0 1").unwrap();
        assert!(threatened.royal_threatened());
        assert!(!threatened.in_check());
        let safe = Bandit::from_fen("6k/7/7/7/3o3/3K3/7/7/7 w - - 0 1").unwrap();
        assert!(!safe.royal_threatened());
    }

    #[test]
    fn trace_equals_evaluation() {
        crate::rules::weights::check_trace::<Bandit>(40, 120);
    }

    /// The flat coefficient of weight `i` (pairs: the middle game's).
    fn coef(fen: &str, i: usize) -> i32 {
        let t = Bandit::from_fen(fen).unwrap().trace();
        let (mg, _, flat) = crate::rules::weights::coefficient(&t, i);
        mg + flat
    }

    /// The same position with colours swapped (ranks reversed).
    fn mirror(fen: &str) -> String {
        let (board, side) = crate::rules::fen::colours_swapped(fen, false);
        format!("{board} {side} - - 0 1")
    }

    /// `coef(fen, i)` is `want`, and `-want` with colours swapped.
    fn check(fen: &str, i: usize, want: i32) {
        assert_eq!(coef(fen, i), want, "{fen} #{i}");
        let m = mirror(fen);
        assert_eq!(coef(&m, i), -want, "{m} #{i}");
    }

    /// The black outlaw on d5 can take the white king on d4 with its knight
    /// on d3, White to move; and it can slide to c4, next to the king.
    #[test]
    fn outlaw_threat_and_reach() {
        let fen = "6k/7/7/7/3o3/3K3/3n3/7/7 w - - 0 1";
        check(fen, OUTLAW_THREAT, -1);
        check(fen, OUTLAW_THREAT + 1, 0);
        check(fen, OUTLAW_REACH, -1);
        let black_to_move = "6k/7/7/7/3o3/3K3/3n3/7/7 b - - 0 1";
        check(black_to_move, OUTLAW_THREAT, 0);
        check(black_to_move, OUTLAW_THREAT + 1, -1);
        // Without the knight no capture, but the reach stays.
        let safe = "6k/7/7/7/3o3/3K3/7/7/7 w - - 0 1";
        check(safe, OUTLAW_THREAT, 0);
        check(safe, OUTLAW_REACH, -1);
        // An outlaw far away (a9, its diagonal blocked at b8) reaches nothing.
        let far = "o5k/1n5/7/7/7/3K3/7/7/7 w - - 0 1";
        check(far, OUTLAW_REACH, 0);
    }

    /// The black trickster on f3 can leap to e1, next to the white king d1.
    #[test]
    fn trickster_reach() {
        check("6k/7/7/7/7/7/5t1/7/3K3 w - - 0 1", TRICK_REACH, -1);
        check("6k/7/7/7/7/t6/7/7/3K3 w - - 0 1", TRICK_REACH, 0);
    }

    /// A chancellor on b2 and one on f2 read the same cell pair (the board
    /// folded onto its left half), a black one on b8 reads it too (from its
    /// own side), with the opposite sign; each kind has its own.
    #[test]
    fn cell_pairs_fold_the_wings_and_mirror_the_colours() {
        let b2 = pst_index::<0>(CHANCELLOR, W + 1);
        assert_eq!(pst_index::<0>(CHANCELLOR, W + 5), b2);
        assert_eq!(pst_index::<1>(CHANCELLOR, 7 * W + 1), b2);
        assert_ne!(pst_index::<0>(Kind::Rook as usize, W + 1), b2);
        assert_ne!(pst_index::<0>(CHANCELLOR, W + 2), b2);
        assert_eq!(coef("3k3/7/7/7/7/7/7/1C3C1/3K3 w - - 0 1", b2), 2);
        check("3k3/1c5/7/7/7/7/7/7/3K3 w - - 0 1", b2, -1);
        assert_eq!(coef("3k3/1c5/7/7/7/7/7/1C5/3K3 w - - 0 1", b2), 0);
        // Every pair lies inside the nine tables; the d-file is its own.
        for kind in 0..9 {
            for sq in 0..63 {
                assert!((PST_KING..PHASE).contains(&pst_index::<0>(kind, sq)));
                assert!((PST_KING..PHASE).contains(&pst_index::<1>(kind, sq)));
            }
        }
        assert_ne!(pst_index::<0>(KING, 3), pst_index::<0>(KING, 2));
    }

    /// White pawn a8 one row from promotion, sergeant g7 two; black pawn a3
    /// two rows from its last rank.
    #[test]
    fn promotion_distance() {
        let fen = "3k3/P6/6S/7/7/7/p6/7/3K3 w - - 0 1";
        check(fen, PROMOTION, 1);
        check(fen, PROMOTION + 2, -1);
        check(fen, PROMOTION + 4, 0);
        check(fen, PROMOTION + 6 + 2, 1);
    }
}
