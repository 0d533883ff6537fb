//! Internal score scale and the conversions around it.
//!
//! Scores are centipawns from the side to move's point of view. Wins and
//! losses by rule (mate, a captured king, a repetition that loses) are
//! `MATE - ply` / `-MATE + ply`, so a nearer win scores higher and a later loss
//! scores higher than an earlier one. The transposition table stores mate
//! scores relative to the node (not the root), see [`to_tt`] / [`from_tt`].

use super::Score;
use crate::geometry::Color;
use crate::rules::Outcome;

/// Deepest ply the search ever reaches (recursion guard, stack arrays).
pub(crate) const MAX_PLY: usize = 128;
/// Larger than any score.
pub(crate) const INF: i32 = 32_000;
/// The score of winning at the root itself.
pub(crate) const MATE: i32 = 31_000;
/// Scores at or beyond this (in absolute value) are wins or losses by rule.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Static evaluations are clamped inside this so they never look like mates.
pub(crate) const EVAL_LIMIT: i32 = MATE_BOUND - 1;

/// Side to move wins at `ply`.
#[inline]
pub(crate) const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Side to move wins at `ply` by a repetition seen on the search path only
/// (Fugue's F14 loss for the repeater): a path-dependent result, so not a mate
/// score (see `Worker::repetition`), yet above every clamped evaluation but
/// the last `MAX_PLY` centipawns below [`EVAL_LIMIT`], which no evaluation
/// comes near. Nearer wins still score higher.
#[inline]
pub(crate) const fn repetition_win(ply: usize) -> i32 {
    EVAL_LIMIT - ply as i32
}

/// Side to move loses at `ply`.
#[inline]
pub(crate) const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub(crate) const fn is_decisive(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// A result by rule, not an evaluation: a mate, or a [`repetition_win`] (or
/// its loss) found on the search path. Arithmetic meant for evaluations
/// (blending a score towards a bound) must leave these alone.
#[inline]
pub(crate) const fn is_by_rule(score: i32) -> bool {
    score > EVAL_LIMIT - MAX_PLY as i32 || score < -(EVAL_LIMIT - MAX_PLY as i32)
}

/// A cut-off's `score` pulled towards `beta`: their average weighted
/// `weight` to 1, rounded towards zero. Left as it is when either is a
/// result by rule (a mate's distance is not an amount to average).
#[inline]
pub(crate) const fn blend_towards(score: i32, beta: i32, weight: i32) -> i32 {
    if is_by_rule(score) || is_by_rule(beta) {
        score
    } else {
        (score * weight + beta) / (weight + 1)
    }
}

/// The score of a finished game at `ply`, for the side to move `stm`; a
/// draw scores `draw` (0, or the contempt of [`draw_score`]).
#[inline]
pub(crate) fn outcome_score(outcome: Outcome, stm: Color, ply: usize, draw: i32) -> i32 {
    match outcome.winner() {
        None => draw,
        Some(w) if w == stm => mate_in(ply),
        Some(_) => mated_in(ply),
    }
}

/// A draw at `ply` for its side to move, when a draw is worth `-contempt`
/// to the side to move at the root: plies of the root's side are even (a
/// null move is a ply too, so the parity always names the side).
#[inline]
pub(crate) const fn draw_score(ply: usize, contempt: i32) -> i32 {
    if ply.is_multiple_of(2) {
        -contempt
    } else {
        contempt
    }
}

/// Root-relative score -> node-relative, for storing in the table.
#[inline]
pub(crate) const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Node-relative (from the table) -> root-relative.
#[inline]
pub(crate) const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The public form: centipawns, or mate in full moves.
pub(crate) fn to_api(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_convert_to_full_moves() {
        // Mating on our first move: the mated child is at ply 1.
        assert_eq!(to_api(mate_in(1)), Score::Mate(1));
        assert_eq!(to_api(mate_in(3)), Score::Mate(2));
        assert_eq!(to_api(mate_in(5)), Score::Mate(3));
        assert_eq!(to_api(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_api(mated_in(4)), Score::Mate(-2));
        assert_eq!(to_api(57), Score::Cp(57));
    }

    #[test]
    fn results_by_rule_are_told_from_evaluations() {
        for ply in [0, 1, MAX_PLY - 1] {
            assert!(is_by_rule(mate_in(ply)) && is_by_rule(mated_in(ply)));
            assert!(is_by_rule(repetition_win(ply)) && is_by_rule(-repetition_win(ply)));
        }
        for e in [0, 604, -604, EVAL_LIMIT - MAX_PLY as i32] {
            assert!(!is_by_rule(e) && !is_by_rule(-e));
        }
    }

    #[test]
    fn table_adjustment_round_trips() {
        for s in [mate_in(7), mated_in(9), 0, 123, -456] {
            assert_eq!(from_tt(to_tt(s, 5), 5), s);
        }
        // A mate found 3 plies below a node at ply 4 is "mate in 3 plies" there.
        assert_eq!(to_tt(mate_in(7), 4), mate_in(3));
    }

    /// A blend is the weighted average, rounded towards zero; a result by
    /// rule on either side leaves the score as it is.
    #[test]
    fn blends_move_evaluations_only() {
        assert_eq!(blend_towards(300, 100, 1), 200);
        assert_eq!(blend_towards(300, 100, 3), 250);
        assert_eq!(blend_towards(-101, -200, 1), -150);
        assert_eq!(blend_towards(mate_in(5), 100, 1), mate_in(5));
        assert_eq!(blend_towards(300, mate_in(9), 1), 300);
    }
}
