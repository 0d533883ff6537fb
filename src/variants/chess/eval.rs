//! Chess evaluation: tapered (middlegame / endgame) material, piece-square
//! terms, mobility, pawn structure, rooks on files, the bishop pair and king
//! safety; threats, passers against the kings and the mop-up of a lone king
//! are in `eval_threats.rs`, the end-game scaling of drawish material in
//! `eval_scale.rs`. Every number is a weight in [`WEIGHTS`] (`weights.rs`, written by
//! `menagerie tune`), laid out below; the piece-square tables are not typed
//! in but summed at start-up from a few shape weights there (centralisation,
//! advance, back-rank shelter) and a learned correction per cell (the board
//! folded onto the queen side), tuned with its average held at zero
//! (`tune --hold-mean`) so that it says which cells are better, not what a
//! piece is worth.
//!
//! Values, in centipawns, and why:
//! - pawn 90 / 120: the unit; pawns gain value as the board empties (they
//!   promote);
//! - knight 330 / 300 and bishop 340 / 320: about three pawns; knights lose a
//!   little in open endgames, bishops slightly ahead of knights (and the pair
//!   earns a bonus on top);
//! - rook 480 / 540: five pawns, stronger in the endgame when files open;
//! - queen 980 / 1000: about a rook and a bishop plus a pawn.

use super::attacks::TABLES;
use super::eval_threats::{pawn_attacks, Attacks};
use super::{Chess, ChessMove, Kind, EMPTY};
use crate::geometry::Color;
use crate::rules::weights::{folded_cell, Accumulate, Group, Sum, Trace};
use crate::rules::zobrist::structure_key;
use crate::rules::{Evaluate, Exchange, MoveKey, Position, Tunable};
use once_cell::sync::Lazy;

// The weights live in `weights.rs` beside this file (written by `menagerie
// tune`); `#[path]` keeps the board's `mod.rs` out of it.
#[path = "weights.rs"]
mod weights;
pub use weights::WEIGHTS;

/// A middlegame and an endgame value.
#[derive(Clone, Copy)]
pub struct Pair(pub i32, pub i32);

// The layout of [`WEIGHTS`] (centipawns). Scores are middle/end-game pairs
// (two weights: mg, eg); per-kind groups run in FEN order p n b r q k. Terms
// that counted only in the middle game before the weights became data have
// an end-game weight of 0.
crate::weight_layout! {
    MATERIAL: 12,
    // Per step of centralisation (0 at the edge, 3 in the centre).
    CENTRE: 12,
    // Pawn bonus by relative rank (0..7).
    PAWN_RANK: 16,
    // For d/e pawns on the fourth and fifth ranks (they fight for the centre).
    CENTRE_PAWN: 2,
    // For the king on its first rank, and more on a corner file there.
    KING_HOME: 2,
    KING_CORNER: 2,
    // Rook on the seventh rank.
    SEVENTH: 2,
    // Piece-square corrections, per kind: a pair for each of the 32 cells of
    // the board folded onto its queen side (files a-d, rank by rank from the
    // owner's first), added to the shape terms above. Learned from data (the
    // shape terms alone cannot say that a knight on c3 is better than one on
    // d2); folded so that each weight learns from both wings' positions
    // (the wings differ little: a king castles to either).
    PST_PAWN: 64,
    PST_KNIGHT: 64,
    PST_BISHOP: 64,
    PST_ROOK: 64,
    PST_QUEEN: 64,
    PST_KING: 64,
    // Per reachable square beyond `MOBILITY_BASE`, for n b r q.
    MOBILITY: 12,
    BISHOP_PAIR: 2,
    // Passed pawn by relative rank.
    PASSED: 16,
    DOUBLED: 2,
    ISOLATED: 2,
    ROOK_OPEN: 2,
    ROOK_SEMI_OPEN: 2,
    // Per own pawn in the three squares in front of the king.
    SHIELD: 2,
    // For the side to move (not tapered).
    TEMPO: 1,
    // Threats (`eval_threats.rs`): their pieces our pawns attack; their
    // rooks and queens our minors attack.
    THREAT_PAWN: 2,
    THREAT_MINOR: 2,
    // Their attacked, undefended men, per kind: pawn, minor, rook, queen.
    HANGING: 8,
    // Their pieces a safe pawn push would attack.
    PUSH_THREAT: 2,
    // Each king's distance to a passer's promotion square, times the
    // passer's advance beyond its third rank; an enemy piece in front of it.
    PASSER_OWN_KING: 2,
    PASSER_THEIR_KING: 2,
    BLOCKADE: 2,
    // Mop-up of a pawnless side four units behind (flat): the weak king's
    // distance from the centre, and the kings' closeness. Fixed, set by hand:
    // self-play hardly holds such positions (datagen adjudicates a game once
    // a side is 1000 cp ahead), so the tuner cannot learn them.
    MOPUP_EDGE: 1,
    MOPUP_KINGS: 1,
    // Fixed (a count, not a score): the mobility that scores zero, per kind.
    MOBILITY_BASE: 6,
    // Fixed (inputs of a non-linear term): king danger units per attacked
    // king-zone square by attacker kind; the middle-game bonus is
    // units^2 / divisor, capped.
    KING_ATTACK: 6,
    KING_DANGER_DIVISOR: 1,
    KING_DANGER_CAP: 1,
    // Fixed: phase weight per kind; the start position sums to `PHASE_MAX`.
    PHASE: 6,
    // Fixed, set by hand: end-game scales out of `SCALE_FULL` (64) for
    // drawish material (`eval_scale.rs`). Not linear, so the tuner cannot
    // fit them, and its data (adjudicated at 1000 cp) holds few such endings.
    SCALE_NO_WIN: 1,
    SCALE_PAWNLESS_SMALL_LEAD: 1,
    SCALE_OPPOSITE_BISHOPS: 1,
    SCALE_OPPOSITE_BISHOPS_PIECES: 1,
}
const _: () = assert!(WEIGHTS.len() == COUNT);

const PHASE_MAX: i32 = 24;
pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Material value of a piece kind (middlegame; for ordering captures).
pub const fn value(kind: usize) -> i32 {
    WEIGHTS[MATERIAL + 2 * kind]
}

/// 0 at the edge, 3 in the centre.
fn centrality(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    f.min(7 - f).min(r.min(7 - r))
}

/// The piece-square terms of a `kind` on `sq` (from its owner's side, so a
/// black piece passes `sq ^ 56`), material included.
#[inline(always)]
fn square_terms<A: Accumulate>(kind: usize, sq: usize, sign: i32, acc: &mut A) {
    let (file, rank) = (sq % 8, sq / 8);
    acc.pair(MATERIAL + 2 * kind, sign);
    acc.pair(CENTRE + 2 * kind, sign * centrality(sq));
    if kind == Kind::Pawn as usize {
        acc.pair(PAWN_RANK + 2 * rank, sign);
        if (file == 3 || file == 4) && (3..=4).contains(&rank) {
            acc.pair(CENTRE_PAWN, sign);
        }
    }
    if kind == Kind::King as usize && rank == 0 {
        acc.pair(KING_HOME, sign);
        if file <= 2 || file >= 6 {
            acc.pair(KING_CORNER, sign);
        }
    }
    if rank == 6 && kind == Kind::Rook as usize {
        acc.pair(SEVENTH, sign);
    }
    acc.pair(pst_index(kind, sq), sign);
}

/// The weight pair of [`PST_PAWN`]'s layout for a `kind` on `sq` (from its
/// owner's side): the file folded onto the queen side, 4 cells a rank.
const fn pst_index(kind: usize, sq: usize) -> usize {
    PST_PAWN + 64 * kind + 2 * folded_cell(sq, 8, 8, true)
}

/// Piece-square tables from White's side, `[kind][sq]`, material included:
/// [`square_terms`] summed once with the compiled weights.
static PST: Lazy<[[Pair; 64]; 6]> = Lazy::new(|| {
    let mut t = [[Pair(0, 0); 64]; 6];
    for (kind, table) in t.iter_mut().enumerate() {
        for (sq, e) in table.iter_mut().enumerate() {
            let mut sum = Sum::new(&WEIGHTS);
            square_terms(kind, sq, 1, &mut sum);
            *e = Pair(sum.mg, sum.eg);
        }
    }
    t
});

/// The squares in front of the pawns of `color` on the same file (to the end).
#[inline]
fn front_span(color: Color, bb: u64) -> u64 {
    if color == Color::White {
        let mut x = bb << 8;
        x |= x << 8;
        x |= x << 16;
        x |= x << 32;
        x
    } else {
        let mut x = bb >> 8;
        x |= x >> 8;
        x |= x >> 16;
        x |= x >> 32;
        x
    }
}

/// The files left and right of the files that hold a square of `bb`.
#[inline]
fn adjacent_files(bb: u64) -> u64 {
    let mut files = bb;
    files |= files << 8;
    files |= files << 16;
    files |= files << 32;
    files |= files >> 8;
    files |= files >> 16;
    files |= files >> 32;
    ((files << 1) & !FILE_A) | ((files >> 1) & !(FILE_A << 7))
}

impl Chess {
    /// Everything except material/PST and threats, for one side (`sign` 1
    /// for White, -1 for Black), into `acc`; returns what the side attacks.
    #[inline(always)]
    fn side_terms<A: Accumulate>(&self, us: Color, sign: i32, acc: &mut A) -> Attacks {
        let w = &WEIGHTS;
        let t = &*TABLES;
        let them = us.flip();
        let occ = self.occupied();
        let own = self.colors[us.index()];
        let our_pawns = self.pieces(us, Kind::Pawn);
        let their_pawns = self.pieces(them, Kind::Pawn);

        // Squares their pawns attack are poor targets for our pieces.
        let pawn_guard = pawn_attacks(them, their_pawns);
        let mut attacks = Attacks {
            pawns: pawn_attacks(us, our_pawns),
            ..Attacks::default()
        };
        let their_king = self.king_square(them);
        let zone = t.king[their_king] | (1 << their_king);

        let mut danger = 0;
        let mut attackers = 0;
        for kind in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
            let k = kind as usize;
            for sq in bits(self.pieces(us, kind)) {
                let att = match kind {
                    Kind::Knight => t.knight[sq],
                    Kind::Bishop => t.bishop(sq, occ),
                    Kind::Rook => t.rook(sq, occ),
                    _ => t.bishop(sq, occ) | t.rook(sq, occ),
                };
                attacks.all |= att;
                if k <= Kind::Bishop as usize {
                    attacks.minors |= att;
                }
                let mob = (att & !own & !pawn_guard).count_ones() as i32 - w[MOBILITY_BASE + k];
                acc.pair(MOBILITY + 2 * k, sign * mob);
                let hits = (att & zone).count_ones() as i32;
                if hits > 0 {
                    attackers += 1;
                    danger += hits * w[KING_ATTACK + k];
                }
                if kind == Kind::Rook {
                    let file = FILE_A << (sq % 8);
                    if file & (our_pawns | their_pawns) == 0 {
                        acc.pair(ROOK_OPEN, sign);
                    } else if file & our_pawns == 0 {
                        acc.pair(ROOK_SEMI_OPEN, sign);
                    }
                }
            }
        }
        // King attack: one attacker is rarely dangerous; it grows
        // quadratically (not linear in any weight: the trace's rest).
        if attackers >= 2 && self.pieces(us, Kind::Queen) != 0 {
            let bonus = (danger * danger / w[KING_DANGER_DIVISOR]).min(w[KING_DANGER_CAP]);
            acc.rest_mg(sign * bonus);
        }

        if self.pieces(us, Kind::Bishop).count_ones() >= 2 {
            acc.pair(BISHOP_PAIR, sign);
        }

        // Pawn structure.
        for sq in bits(our_pawns) {
            let file = FILE_A << (sq % 8);
            let rel_rank = if us == Color::White {
                sq / 8
            } else {
                7 - sq / 8
            };
            let ahead = front_span(us, 1 << sq);
            let blockers = (ahead | (adjacent_files(1 << sq) & ahead_rows(us, sq))) & their_pawns;
            if blockers == 0 {
                acc.pair(PASSED + 2 * rel_rank, sign);
                self.passer_terms(us, sq, rel_rank, sign, acc);
            }
            if ahead & our_pawns != 0 {
                acc.pair(DOUBLED, sign);
            }
            if adjacent_files(file) & our_pawns == 0 {
                acc.pair(ISOLATED, sign);
            }
        }

        // King shelter: own pawns right in front of the king.
        let ksq = self.king_square(us);
        let front = if us == Color::White {
            t.king[ksq] & !(0xFF << (ksq / 8 * 8)) & (u64::MAX << (ksq / 8 * 8))
        } else {
            t.king[ksq] & ((1u64 << (ksq / 8 * 8)) - 1)
        };
        acc.pair(SHIELD, sign * (front & our_pawns).count_ones() as i32);
        attacks.all |= attacks.pawns | t.king[ksq];
        attacks
    }

    /// The terms the piece-square tables do not hold, for both sides, and
    /// the tempo (plus for White to move, minus for Black).
    #[inline(always)]
    fn dynamic_terms<A: Accumulate>(&self, acc: &mut A) {
        let white = self.side_terms(Color::White, 1, acc);
        let black = self.side_terms(Color::Black, -1, acc);
        self.threat_terms(Color::White, 1, &white, &black, acc);
        self.threat_terms(Color::Black, -1, &black, &white, acc);
        self.mop_up(acc);
        let tempo = if self.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        acc.flat(TEMPO, tempo);
    }
}

/// Rows strictly ahead of `sq` for `color`.
fn ahead_rows(color: Color, sq: usize) -> u64 {
    let rank = sq / 8;
    if color == Color::White {
        if rank >= 7 {
            0
        } else {
            u64::MAX << ((rank + 1) * 8)
        }
    } else {
        (1u64 << (rank * 8)) - 1
    }
}

/// The set squares of `bb`.
fn bits(mut bb: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (bb != 0).then(|| {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            sq
        })
    })
}

impl Tunable for Chess {
    const GROUPS: &'static [Group] = GROUPS;
    const WEIGHTS: &'static [i32] = &WEIGHTS;
    const PHASE_MAX: i32 = PHASE_MAX;
    const WEIGHTS_FILE: &'static str = "src/variants/chess/weights.rs";

    /// The king's material (never traded), the pawn ranks, passers and
    /// pawn cells where no pawn stands (first and last rank), the mop-up
    /// (absent from self-play data), the inputs of the king danger and the
    /// phase, and the end-game scales (factors, not scores).
    fn is_fixed(i: usize) -> bool {
        let king = MATERIAL + 2 * Kind::King as usize;
        let nowhere = |g: usize| (g..g + 2).contains(&i) || (g + 14..g + 16).contains(&i);
        let pawn_row = |rank: usize| {
            let start = pst_index(Kind::Pawn as usize, rank * 8);
            (start..start + 8).contains(&i)
        };
        (king..king + 2).contains(&i)
            || nowhere(PAWN_RANK)
            || nowhere(PASSED)
            || pawn_row(0)
            || pawn_row(7)
            || (MOPUP_EDGE..=MOPUP_KINGS).contains(&i)
            || (MOBILITY_BASE..COUNT).contains(&i)
    }

    fn trace(&self) -> Trace {
        let mut t = Trace::default();
        let mut phase = 0;
        for sq in bits(self.occupied()) {
            let piece = self.mailbox[sq];
            let kind = piece as usize % 6;
            phase += WEIGHTS[PHASE + kind];
            if piece < 6 {
                square_terms(kind, sq, 1, &mut t);
            } else {
                square_terms(kind, sq ^ 56, -1, &mut t);
            }
        }
        self.dynamic_terms(&mut t);
        t.phase = phase.min(PHASE_MAX);
        t.eg_scales = [self.eg_scale(Color::White), self.eg_scale(Color::Black)];
        t
    }
}

impl Evaluate for Chess {
    const PIECE_KINDS: usize = 6;

    fn evaluate(&self) -> i32 {
        let pst = &*PST;
        let mut sum = Sum::new(&WEIGHTS);
        let mut phase = 0;
        for sq in bits(self.occupied()) {
            let piece = self.mailbox[sq];
            let kind = piece as usize % 6;
            phase += WEIGHTS[PHASE + kind];
            if piece < 6 {
                let e = pst[kind][sq];
                sum.mg += e.0;
                sum.eg += e.1;
            } else {
                let e = pst[kind][sq ^ 56];
                sum.mg -= e.0;
                sum.eg -= e.1;
            }
        }
        self.dynamic_terms(&mut sum);
        // The side the end-game sum favours, as `Trace::white_eval` picks it.
        let strong = if sum.eg > 0 {
            Color::White
        } else {
            Color::Black
        };
        let score = sum.total_scaled(phase.min(PHASE_MAX), PHASE_MAX, self.eg_scale(strong));
        if self.side_to_move() == Color::White {
            score
        } else {
            -score
        }
    }

    fn capture_gain(&self, m: ChessMove) -> i32 {
        let victim = self.mailbox[m.to()];
        let attacker = self.mailbox[m.from()] as usize % 6;
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

    fn move_key(&self, m: ChessMove) -> MoveKey {
        MoveKey {
            piece: self.mailbox[m.from()] % 6,
            to: m.to() as u8,
        }
    }

    /// A king stands on its target only where no capture can reach it (the
    /// generator is legal), so its worth there never counts.
    fn exchange(&self, m: ChessMove) -> Exchange {
        let victim = self.mailbox[m.to()];
        let mut gain = if victim != EMPTY {
            value(victim as usize % 6)
        } else if self.is_noisy(m) && m.promotion().is_none() {
            value(Kind::Pawn as usize) // en passant
        } else {
            0
        };
        let mut mover = value(self.mailbox[m.from()] as usize % 6);
        if let Some(k) = m.promotion() {
            gain += value(k as usize) - value(Kind::Pawn as usize);
            mover = value(k as usize);
        }
        Exchange {
            gain,
            exposed: Some((m.to(), mover)),
        }
    }

    fn removes_from(&self, m: ChessMove, cell: usize) -> bool {
        m.to() == cell && self.mailbox[cell] != EMPTY
    }

    /// A move that lands on an occupied cell is a capture by a piece that
    /// attacks it (pushes, castling and en passant land on empty cells), so
    /// no attacker means no such move; pins are left to the generator.
    fn may_remove_from(&self, cell: usize) -> bool {
        self.attackers(cell, self.occupied(), self.side_to_move()) != 0
    }

    /// The pawns of both sides: the structure an evaluation misjudges the
    /// same way move after move (blocked chains, bad bishops, passers that
    /// run or do not).
    fn correction_key(&self) -> Option<u64> {
        let white = self.pieces(Color::White, Kind::Pawn);
        let black = self.pieces(Color::Black, Kind::Pawn);
        Some(structure_key(white.into(), black.into()))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The same position with colours swapped (board mirrored), a FEN with
    /// no castling or en passant: shared by the chess evaluation's tests.
    pub(crate) fn mirror(fen: &str) -> String {
        let (board, side) = crate::rules::fen::colours_swapped(fen, false);
        format!("{board} {side} - - 0 1")
    }

    #[test]
    fn the_correction_key_is_the_pawns_of_both_sides() {
        let key = |fen: &str| Chess::from_fen(fen).unwrap().correction_key().unwrap();
        let start = Chess::from_fen(Chess::START_FEN).unwrap();
        let base = start.correction_key().unwrap();
        // Pieces other than pawns and the side to move do not count.
        let knight = start.play(start.parse_move("g1f3").unwrap());
        assert_eq!(knight.correction_key(), Some(base));
        // Any pawn move does, and so does whose pawn stands where.
        let pawn = start.play(start.parse_move("a2a3").unwrap());
        assert_ne!(pawn.correction_key(), Some(base));
        let w = key("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let b = key("4k3/p7/8/8/8/8/8/4K3 w - - 0 1");
        let b_low = key("4k3/8/8/8/8/8/p7/4K3 w - - 0 1");
        assert!(w != b && w != b_low && b != b_low);
        // The search indexes by the low bits: far-apart pawns reach them.
        let h = key("4k3/8/8/8/8/8/7P/4K3 w - - 0 1");
        assert_ne!(h & 0x3FFF, w & 0x3FFF);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1",
            "6k1/5ppp/8/8/8/8/1r3PPP/R5K1 w - - 0 1",
        ] {
            let a = Chess::from_fen(fen).unwrap().evaluate();
            let b = Chess::from_fen(&mirror(fen)).unwrap().evaluate();
            assert_eq!(a, b, "{fen}");
        }
    }

    #[test]
    fn start_position_is_about_level_and_material_counts() {
        let start = Chess::startpos().evaluate();
        assert!((0..=40).contains(&start), "{start}");
        let queen_up = Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap()
            .evaluate();
        assert!(queen_up > 800, "{queen_up}");
    }

    #[test]
    fn passed_pawns_and_structure_matter() {
        let eval = |fen: &str| Chess::from_fen(fen).unwrap().evaluate();
        // Same material; b5 is passed (and h7 barely) against c7 stopping b5.
        let passed = eval("4k3/7p/8/1P6/8/8/8/4K3 w - - 0 1");
        let stopped = eval("4k3/2p5/8/1P6/8/8/8/4K3 w - - 0 1");
        assert!(passed > stopped + 20, "{passed} {stopped}");
        // Doubled isolated a-pawns against a healthy pair.
        let doubled = eval("4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1");
        let healthy = eval("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        assert!(healthy > doubled + 20, "{healthy} {doubled}");
    }

    /// A knight on c3 and one on f3 read the same piece-square pair (the
    /// board folded onto the queen side), a black one on c6 reads it too
    /// (from its own side), with the opposite sign; each kind has its own.
    #[test]
    fn piece_square_pairs_fold_the_wings_and_mirror_the_colours() {
        let coefficient = |fen: &str, i: usize| {
            let t = Chess::from_fen(fen).unwrap().trace();
            t.mg.iter()
                .filter(|e| e.0 as usize == i)
                .map(|e| e.1)
                .sum::<i32>()
        };
        let c3 = pst_index(Kind::Knight as usize, 2 * 8 + 2);
        assert_eq!(pst_index(Kind::Knight as usize, 2 * 8 + 5), c3);
        assert_ne!(pst_index(Kind::Bishop as usize, 2 * 8 + 2), c3);
        assert_ne!(pst_index(Kind::Knight as usize, 2 * 8 + 3), c3);
        assert_eq!(coefficient("4k3/8/8/8/8/2N2N2/8/4K3 w - - 0 1", c3), 2);
        assert_eq!(coefficient("4k3/8/2n5/8/8/2N5/8/4K3 w - - 0 1", c3), 0);
        assert_eq!(coefficient("4k3/8/2n5/8/8/8/8/4K3 w - - 0 1", c3), -1);
        // Every pair lies inside the six tables.
        for kind in 0..6 {
            for sq in 0..64 {
                assert!((PST_PAWN..MOBILITY).contains(&pst_index(kind, sq)));
            }
        }
    }

    #[test]
    fn trace_equals_evaluation() {
        crate::rules::weights::check_trace::<Chess>(40, 160);
    }
}
