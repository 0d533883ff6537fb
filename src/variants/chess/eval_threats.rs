//! Chess evaluation terms about what attacks what, passed pawns against the
//! kings, and the mop-up of a lone king: the features `menagerie tune` weighs
//! beside the older terms of `eval.rs` (issue #17, item 4). Each term is a
//! coefficient times a weight of the layout in `eval.rs`, from the side's
//! view (positive = good for the side that owns the term).
//!
//! End-game scaling (drawish material such as opposite bishops) is
//! multiplicative, not linear: it is in `eval_scale.rs`.

use super::eval::{
    BLOCKADE, FILE_A, HANGING, MOPUP_EDGE, MOPUP_KINGS, PASSER_OWN_KING, PASSER_THEIR_KING,
    PUSH_THREAT, THREAT_MINOR, THREAT_PAWN,
};
use super::{Chess, Kind};
use crate::geometry::Color;
use crate::rules::weights::Accumulate;

/// What one side attacks, gathered while `side_terms` counts its mobility.
#[derive(Clone, Copy, Default)]
pub(super) struct Attacks {
    /// Squares its pawns attack.
    pub pawns: u64,
    /// Squares its knights and bishops attack.
    pub minors: u64,
    /// Squares any of its pieces (king and pawns included) attacks.
    pub all: u64,
}

/// The squares the pawns `bb` of `color` attack.
#[inline(always)]
pub(super) fn pawn_attacks(color: Color, bb: u64) -> u64 {
    if color == Color::White {
        ((bb << 7) & !(FILE_A << 7)) | ((bb << 9) & !FILE_A)
    } else {
        ((bb >> 9) & !(FILE_A << 7)) | ((bb >> 7) & !FILE_A)
    }
}

/// King steps between two squares (Chebyshev distance).
#[inline(always)]
pub(super) fn distance(a: usize, b: usize) -> i32 {
    let df = (a % 8) as i32 - (b % 8) as i32;
    let dr = (a / 8) as i32 - (b / 8) as i32;
    df.abs().max(dr.abs())
}

/// Files plus ranks from the four centre squares: 0 on d4, 6 in a corner.
#[inline(always)]
fn centre_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    (3 - f).max(f - 4) + (3 - r).max(r - 4)
}

/// Material in pawn units (1, 3, 3, 5, 9): the mop-up's gate and the
/// end-game scale's (`eval_scale.rs`), fixed so the gates do not move with
/// the tuned weights.
pub(super) fn units(pos: &Chess, color: Color) -> i32 {
    [1, 3, 3, 5, 9]
        .iter()
        .zip([
            Kind::Pawn,
            Kind::Knight,
            Kind::Bishop,
            Kind::Rook,
            Kind::Queen,
        ])
        .map(|(v, k)| v * pos.pieces(color, k).count_ones() as i32)
        .sum()
}

impl Chess {
    /// Threats of `us` (whose attacks are `ours`) against `them` (`theirs`):
    /// - `THREAT_PAWN`: their pieces (not pawns or king) our pawns attack. A
    ///   pawn attack wins a piece or forces it away, whatever defends it.
    /// - `THREAT_MINOR`: their rooks and queens our knights and bishops
    ///   attack: a gain of material or of time.
    /// - `HANGING` (pawn, minor, rook, queen): their men we attack that
    ///   nothing of theirs defends: material a move from being lost.
    /// - `PUSH_THREAT`: their pieces a pawn push to a safe square would
    ///   attack (a threat to make a threat; the search sees the push late).
    #[inline(always)]
    pub(super) fn threat_terms<A: Accumulate>(
        &self,
        us: Color,
        sign: i32,
        ours: &Attacks,
        theirs: &Attacks,
        acc: &mut A,
    ) {
        let them = us.flip();
        let their_men = self.colors[them.index()] & !self.pieces(them, Kind::King);
        let their_pieces = their_men & !self.pieces(them, Kind::Pawn);
        let heavies = self.pieces(them, Kind::Rook) | self.pieces(them, Kind::Queen);
        acc.pair(
            THREAT_PAWN,
            sign * (ours.pawns & their_pieces).count_ones() as i32,
        );
        acc.pair(
            THREAT_MINOR,
            sign * (ours.minors & heavies).count_ones() as i32,
        );
        let hanging = their_men & ours.all & !theirs.all;
        if hanging != 0 {
            let minors = self.pieces(them, Kind::Knight) | self.pieces(them, Kind::Bishop);
            let classes = [
                self.pieces(them, Kind::Pawn),
                minors,
                self.pieces(them, Kind::Rook),
                self.pieces(them, Kind::Queen),
            ];
            for (i, class) in classes.into_iter().enumerate() {
                acc.pair(
                    HANGING + 2 * i,
                    sign * (hanging & class).count_ones() as i32,
                );
            }
        }
        let pawns = self.pieces(us, Kind::Pawn);
        let pushed = if us == Color::White {
            pawns << 8
        } else {
            pawns >> 8
        } & !self.occupied();
        let safe = pushed & !theirs.pawns & (ours.all | !theirs.all);
        acc.pair(
            PUSH_THREAT,
            sign * (pawn_attacks(us, safe) & their_pieces).count_ones() as i32,
        );
    }

    /// The kings against `us`'s passed pawn on `sq` (relative rank
    /// `rel_rank`):
    /// - `PASSER_OWN_KING`, `PASSER_THEIR_KING`: each king's distance to the
    ///   promotion square, times the pawn's advance beyond its third rank
    ///   (1 to 4): an advanced passer is won or lost by the kings' race,
    ///   above all in the end game (its own king's weight should be
    ///   negative, the enemy's positive).
    /// - `BLOCKADE`: an enemy piece on the square in front, which stops the
    ///   pawn cold.
    #[inline(always)]
    pub(super) fn passer_terms<A: Accumulate>(
        &self,
        us: Color,
        sq: usize,
        rel_rank: usize,
        sign: i32,
        acc: &mut A,
    ) {
        let (promo, stop) = if us == Color::White {
            (56 + sq % 8, sq + 8)
        } else {
            (sq % 8, sq - 8)
        };
        if rel_rank >= 3 {
            let scale = sign * (rel_rank as i32 - 2);
            let own = distance(self.king_square(us), promo);
            let their = distance(self.king_square(us.flip()), promo);
            acc.pair(PASSER_OWN_KING, scale * own);
            acc.pair(PASSER_THEIR_KING, scale * their);
        }
        if self.colors[us.flip().index()] & (1 << stop) != 0 {
            acc.pair(BLOCKADE, sign);
        }
    }

    /// Mop-up: when one side leads by four pawn units or more and the other
    /// has no pawns, the win needs the lone king driven to the edge and the
    /// strong king brought close. `MOPUP_EDGE`: the weak king's distance from
    /// the centre (0 to 6); `MOPUP_KINGS`: 7 minus the kings' distance. Not
    /// where no mate can be forced (two knights against a bare king). The
    /// gate is part of the coefficient (0 outside it, signed by the strong
    /// side), so the term stays linear. Flat: it applies in end games only.
    #[inline(always)]
    pub(super) fn mop_up<A: Accumulate>(&self, acc: &mut A) {
        let lead = units(self, Color::White) - units(self, Color::Black);
        let (strong, sign) = match lead {
            4.. => (Color::White, 1),
            ..=-4 => (Color::Black, -1),
            _ => return,
        };
        let weak = strong.flip();
        if self.pieces(weak, Kind::Pawn) != 0 || self.cannot_force_mate(strong) {
            return;
        }
        let (wk, sk) = (self.king_square(weak), self.king_square(strong));
        acc.flat(MOPUP_EDGE, sign * centre_distance(wk));
        acc.flat(MOPUP_KINGS, sign * (7 - distance(wk, sk)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::eval::COUNT;
    use super::*;
    use crate::rules::weights::{coefficient, Trace};
    use crate::rules::{Position, Tunable};

    fn trace(fen: &str) -> Trace {
        Chess::from_fen(fen).unwrap().trace()
    }

    /// The mid-game coefficient of pair `i` (the end game's is the same).
    fn pair_coef(t: &Trace, i: usize) -> i32 {
        let (mg, _, _) = coefficient(t, i);
        let (_, eg, _) = coefficient(t, i + 1);
        assert_eq!(mg, eg, "pair {i}");
        mg
    }

    fn flat_coef(t: &Trace, i: usize) -> i32 {
        coefficient(t, i).2
    }

    use crate::variants::chess::eval::tests::mirror;

    /// Checks `coef(trace)` is `want` for `fen` and `-want` mirrored.
    fn check(fen: &str, coef: impl Fn(&Trace) -> i32, want: i32) {
        assert_eq!(coef(&trace(fen)), want, "{fen}");
        let m = mirror(fen);
        assert_eq!(coef(&trace(&m)), -want, "{m}");
    }

    /// The mop-up is set by hand and kept out of the tuner's reach (self-play
    /// data holds almost no lone kings): it must push the weak king to the
    /// edge and bring the strong king closer.
    #[test]
    fn mop_up_weights_are_fixed_and_drive_the_kings() {
        assert_eq!(Chess::WEIGHTS.len(), COUNT);
        for i in [MOPUP_EDGE, MOPUP_KINGS] {
            assert!(Chess::is_fixed(i), "weight {i} is tuned");
            assert!(Chess::WEIGHTS[i] > 0, "weight {i}");
        }
    }

    #[test]
    fn pawn_and_minor_threats() {
        // The e4 pawn forks the knights d5 and f5; the d4 knight hits the
        // e6 rook.
        let fen = "4k3/8/4r3/3n1n2/3NP3/8/8/4K3 w - - 0 1";
        check(fen, |t| pair_coef(t, THREAT_PAWN), 2);
        check(fen, |t| pair_coef(t, THREAT_MINOR), 1);
    }

    #[test]
    fn hanging_pieces_by_kind() {
        // The a1 rook attacks the a6 pawn and the d1 rook the d5 queen, and
        // nothing black defends either (the c6 knight blocks the queen's
        // way to a6).
        let fen = "7k/8/p1n5/3q4/8/8/8/R2RK3 w - - 0 1";
        check(fen, |t| pair_coef(t, HANGING), 1);
        check(fen, |t| pair_coef(t, HANGING + 6), 1);
        // The c6 knight is neither attacked nor undefended.
        check(fen, |t| pair_coef(t, HANGING + 2), 0);
    }

    #[test]
    fn safe_push_threats() {
        // d4-d5 would attack the c6 knight and the e6 rook; nothing black
        // attacks d5.
        let fen = "4k3/8/2n1r3/8/3P4/8/8/4K3 w - - 0 1";
        check(fen, |t| pair_coef(t, PUSH_THREAT), 2);
        // With a black pawn on e6 guarding d5, the push is not safe.
        let guarded = "4k3/8/2n1p3/8/3P4/8/8/4K3 w - - 0 1";
        check(guarded, |t| pair_coef(t, PUSH_THREAT), 0);
    }

    #[test]
    fn passers_against_the_kings() {
        // White passer on b6 (relative rank 5, scale 3); promotion on b8.
        // The white king on e1 is 7 steps away, the black one on d8 2.
        let fen = "3k4/8/1P6/8/8/8/8/4K3 w - - 0 1";
        check(fen, |t| pair_coef(t, PASSER_OWN_KING), 3 * 7);
        check(fen, |t| pair_coef(t, PASSER_THEIR_KING), 3 * 2);
        check(fen, |t| pair_coef(t, BLOCKADE), 0);
        // A black knight on b7 blockades it.
        let blocked = "3k4/1n6/1P6/8/8/8/8/4K3 w - - 0 1";
        check(blocked, |t| pair_coef(t, BLOCKADE), 1);
    }

    #[test]
    fn mop_up_of_a_lone_king() {
        // King and rook against a king on h8: the weak king is 6 from the
        // centre, the kings are 2 apart.
        let fen = "7k/8/5K2/8/8/8/8/R7 w - - 0 1";
        check(fen, |t| flat_coef(t, MOPUP_EDGE), 6);
        check(fen, |t| flat_coef(t, MOPUP_KINGS), 5);
        // A black pawn shuts the gate; so does a small lead.
        let pawn = "7k/7p/5K2/8/8/8/8/R7 w - - 0 1";
        check(pawn, |t| flat_coef(t, MOPUP_EDGE), 0);
        let close = "7k/8/5K2/8/8/8/8/B7 w - - 0 1";
        check(close, |t| flat_coef(t, MOPUP_KINGS), 0);
    }
}
