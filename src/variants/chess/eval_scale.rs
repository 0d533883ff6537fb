//! Chess end-game scaling: a factor out of [`SCALE_FULL`] on the end-game
//! part of the tapered score, for endings where the material says one side
//! is ahead but the game is a draw or nearly so (issue #17, item 4). No sum
//! of linear terms can say "this lead is worth little here", so the factor
//! multiplies: `eval = (mg·phase + eg·scale/SCALE_FULL·(PHASE_MAX − phase))
//! / PHASE_MAX + flat`.
//!
//! The cases look only at material and at the bishops' square colours
//! (popcounts of the bitboards the position keeps: the check runs at every
//! leaf), and only at the side the end-game sum favours (the strong side):
//! what the weaker side may hope for is a draw, which scaling brings nearer.
//! It is deliberately no endgame table: a few exact, common cases, each
//! scale a fixed weight set by hand (see `is_fixed` in `eval.rs`).

use super::eval::{
    SCALE_NO_WIN, SCALE_OPPOSITE_BISHOPS, SCALE_OPPOSITE_BISHOPS_PIECES, SCALE_PAWNLESS_SMALL_LEAD,
    WEIGHTS,
};
use super::eval_threats::units;
use super::{Chess, Kind};
use crate::geometry::Color;
use crate::rules::weights::SCALE_FULL;

/// The light squares: b1, a2, … (a1 is dark).
const LIGHT_SQUARES: u64 = 0x55AA_55AA_55AA_55AA;

/// A minor piece in [`units`]: the most a pawnless side may lead by and
/// still be scaled down.
const MINOR: i32 = 3;

impl Chess {
    /// The end-game scale, out of [`SCALE_FULL`], when the end-game sum
    /// favours `strong`. The cases, first match wins:
    /// - `SCALE_NO_WIN` (0): `strong` has no pawns and at most a minor piece
    ///   (KB v K, KN v K, or a bare king): no mate can be forced, whatever
    ///   the other side has. Also two knights against a bare king: a mate
    ///   exists but cannot be forced.
    /// - `SCALE_PAWNLESS_SMALL_LEAD` (12): `strong` has no pawns and leads by
    ///   at most a minor piece in non-pawn material (KR v KB, KR v KN,
    ///   KRB v KR, KRN v KR, KQ v KRB, KQ v KRN, KR v KR …): the extra piece
    ///   cannot promote anything, and these endings are mostly drawn, the
    ///   few wins needing long exact play. Not KR v K or KQ v K (a rook or
    ///   more ahead): those are wins, and the mop-up drives them.
    /// - `SCALE_OPPOSITE_BISHOPS` (24): one bishop each, on squares of
    ///   opposite colours, and nothing else but pawns: the defending bishop
    ///   holds a diagonal the attacking one can never contest, so one extra
    ///   pawn, often two, does not win.
    /// - `SCALE_OPPOSITE_BISHOPS_PIECES` (48): the same bishops with other
    ///   pieces too: still drawish (the defender's bishop covers what the
    ///   attacker's cannot), but the other pieces can make a lead tell.
    /// - Otherwise [`SCALE_FULL`]: no change.
    #[inline(always)]
    pub(super) fn eg_scale(&self, strong: Color) -> i32 {
        if self.pieces(strong, Kind::Pawn) == 0 {
            if self.cannot_force_mate(strong) {
                return WEIGHTS[SCALE_NO_WIN];
            }
            if self.pieces_units(strong) - self.pieces_units(strong.flip()) <= MINOR {
                return WEIGHTS[SCALE_PAWNLESS_SMALL_LEAD];
            }
        }
        let (white, black) = (
            self.pieces(Color::White, Kind::Bishop),
            self.pieces(Color::Black, Kind::Bishop),
        );
        let one_each = white.count_ones() == 1 && black.count_ones() == 1;
        if one_each && (white & LIGHT_SQUARES == 0) != (black & LIGHT_SQUARES == 0) {
            let kings_pawns_bishops =
                self.kinds[Kind::King as usize] | self.kinds[Kind::Pawn as usize] | white | black;
            return if self.occupied() == kings_pawns_bishops {
                WEIGHTS[SCALE_OPPOSITE_BISHOPS]
            } else {
                WEIGHTS[SCALE_OPPOSITE_BISHOPS_PIECES]
            };
        }
        SCALE_FULL
    }

    /// Whether `strong` cannot force mate: no pawns and at most a minor
    /// piece, or two knights against a bare king. The mop-up (which drives
    /// the weak king to a mate) stays off there too.
    #[inline(always)]
    pub(super) fn cannot_force_mate(&self, strong: Color) -> bool {
        if self.pieces(strong, Kind::Pawn) != 0 {
            return false;
        }
        let ours = self.pieces_units(strong);
        let weak = strong.flip();
        let two_knights = ours == 2 * MINOR && self.pieces(strong, Kind::Knight).count_ones() == 2;
        ours <= MINOR || (two_knights && self.colors[weak.index()] == self.pieces(weak, Kind::King))
    }

    /// Non-pawn material in pawn units.
    #[inline(always)]
    fn pieces_units(&self, color: Color) -> i32 {
        units(self, color) - self.pieces(color, Kind::Pawn).count_ones() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Evaluate, Position, Tunable};

    fn pos(fen: &str) -> Chess {
        Chess::from_fen(fen).unwrap()
    }

    use crate::variants::chess::eval::tests::mirror;

    /// The scale for the side the end-game sum favours, checked to be the
    /// same with the colours swapped (and the evaluation the same from the
    /// mover's side), and the trace to give the scaled evaluation exactly.
    fn scale(fen: &str) -> i32 {
        let (p, m) = (pos(fen), pos(&mirror(fen)));
        let w = <Chess as Tunable>::WEIGHTS;
        let (s, ms) = (p.trace().eg_scale(w), m.trace().eg_scale(w));
        assert_eq!(s, ms, "{fen}");
        assert_eq!(p.evaluate(), m.evaluate(), "{fen}");
        let white = p.trace().white_eval(w, Chess::PHASE_MAX);
        assert_eq!(white, p.evaluate(), "{fen} (White to move)");
        assert_eq!(
            -m.trace().white_eval(w, Chess::PHASE_MAX),
            m.evaluate(),
            "{fen}"
        );
        s
    }

    /// White's evaluation (White to move in every FEN here).
    fn eval(fen: &str) -> i32 {
        pos(fen).evaluate()
    }

    #[test]
    fn scales_are_fixed_weights_in_range() {
        for i in [
            SCALE_NO_WIN,
            SCALE_PAWNLESS_SMALL_LEAD,
            SCALE_OPPOSITE_BISHOPS,
            SCALE_OPPOSITE_BISHOPS_PIECES,
        ] {
            assert!(Chess::is_fixed(i), "weight {i} is tuned");
            assert!((0..SCALE_FULL).contains(&WEIGHTS[i]), "weight {i}");
        }
    }

    /// A lone minor piece cannot mate, nor can two knights a bare king: a
    /// piece (two) ahead, and still about level. What remains is what the
    /// scale does not touch: the middle-game share (1/24 of the middle-game
    /// score per minor piece on the board) and the tempo (12), about 35 for
    /// one minor and 95–105 for two (by the tuned material), against 380 and
    /// 730 unscaled.
    #[test]
    fn minor_pieces_alone_are_draws() {
        for (fen, most) in [
            ("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1", 40),
            ("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1", 40),
            ("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1", 120),
        ] {
            assert_eq!(scale(fen), 0, "{fen}");
            let e = eval(fen);
            assert!((0..=most).contains(&e), "{fen}: {e}");
            // Without the tempo (Black to move), closer still.
            let b = -pos(&fen.replace(" w ", " b ")).evaluate();
            assert!(
                (0..=most - 20).contains(&b),
                "{fen}: {b} with Black to move"
            );
        }
        // Two knights and no mop-up: the lone king's place counts only by
        // the unscaled middle-game share of its square terms.
        let cornered = eval("7k/8/8/8/8/2NN4/8/4K3 w - - 0 1");
        let central = eval("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1");
        assert!((cornered - central).abs() < 20, "{cornered} {central}");
        // The same knight with a pawn beside it is a piece and a pawn up.
        let e = eval("8/8/4k3/8/8/2N5/P7/4K3 w - - 0 1");
        assert!(e > 300, "{e}");
    }

    /// Pawnless, a minor piece ahead (or less): scaled well down, to what
    /// the middle-game share leaves (a few 24ths of the lead and of the
    /// square terms) and a little.
    #[test]
    fn pawnless_small_leads_are_scaled() {
        for (fen, most) in [
            ("8/8/4k3/8/2b5/8/8/R3K3 w - - 0 1", 100),
            ("8/8/4k3/8/2n5/8/8/R3K3 w - - 0 1", 100),
            ("8/4r3/4k3/8/8/2B5/8/R3K3 w - - 0 1", 225),
            ("8/2b1r3/4k3/8/8/8/8/Q3K3 w - - 0 1", 250),
        ] {
            assert_eq!(scale(fen), WEIGHTS[SCALE_PAWNLESS_SMALL_LEAD], "{fen}");
            let e = eval(fen);
            assert!((0..=most).contains(&e), "{fen}: {e}");
        }
    }

    /// Rook or queen against a bare king, and two minors that can mate
    /// (bishop and knight, the bishop pair), are wins: not scaled, so the
    /// mop-up still drives the mate.
    #[test]
    fn winning_material_is_not_scaled() {
        for fen in [
            "8/8/4k3/8/8/8/8/R3K3 w - - 0 1",
            "8/8/4k3/8/8/8/8/Q3K3 w - - 0 1",
            "8/8/4k3/8/8/2BN4/8/4K3 w - - 0 1",
            "8/8/4k3/8/8/2BB4/8/4K3 w - - 0 1",
            "8/4r3/4k3/8/8/8/8/Q3K3 w - - 0 1",
        ] {
            assert_eq!(scale(fen), SCALE_FULL, "{fen}");
        }
        assert!(eval("8/8/4k3/8/8/8/8/R3K3 w - - 0 1") > 500);
    }

    /// A bishop and three pawns each, one pawn more for White: with
    /// bishops on opposite colours (c1 dark, c8 light) the lead is scaled,
    /// and is worth less than with bishops of one colour (d8 dark).
    #[test]
    fn opposite_bishops_scale_the_lead() {
        let opposite = "2b1k3/5ppp/8/8/8/8/4PPPP/2B1K3 w - - 0 1";
        let same = "3bk3/5ppp/8/8/8/8/4PPPP/2B1K3 w - - 0 1";
        assert_eq!(scale(opposite), WEIGHTS[SCALE_OPPOSITE_BISHOPS]);
        assert_eq!(scale(same), SCALE_FULL);
        let (o, s) = (eval(opposite), eval(same));
        assert!(0 < o && o < s, "{o} {s}");
        // With rooks on as well, the reduction is milder.
        let rooks = "r1b1k3/5ppp/8/8/8/8/4PPPP/R1B1K3 w - - 0 1";
        assert_eq!(scale(rooks), WEIGHTS[SCALE_OPPOSITE_BISHOPS_PIECES]);
    }
}
