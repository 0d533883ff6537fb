//! The quiet position behind a position: the leaf of the principal variation
//! of a quiescence search. Tuning fits the static evaluation, which is only
//! meant to be right where nothing hangs; a position taken from a game may
//! have a capture pending, so the tuner evaluates the position the captures
//! settle into instead.
//!
//! This is the engine's quiescence (stand pat, noisy moves only, every move
//! in check or under a royal threat, delta and SEE pruning) without the
//! table, the history or a clock, so the answer depends on the position
//! alone and is the same on every run.
//!
//! Its delta margin is the default table's ([`Params::DEFAULT`]), not the
//! variant's: a variant whose margins are scaled to its evaluation's units
//! (`Evaluate::EVAL_SCALE_PCT`) would otherwise resolve positions differently
//! each time the scale changed, and a weight file would depend on the search's
//! margins as well as on its data and command. With the fixed margin, the
//! command in a weight file's header makes that file again on any build with
//! the same evaluation features and the same compiled weights to start from.

use super::score::{is_decisive, outcome_score, INF, MAX_PLY};
use super::worker::static_eval;
use super::Params;
use crate::rules::{Evaluate, GenKind, MoveList};

/// Nodes one resolution may visit; past it the position counts as not
/// resolvable (a capture storm), which callers skip.
const NODE_BUDGET: u64 = 20_000;

/// What [`quiet_leaf`] found.
#[derive(Clone, Debug)]
pub struct QuietLeaf<P> {
    /// The position at the end of the principal variation (`pos` itself when
    /// standing pat is best).
    pub leaf: P,
    /// The quiescence score, from the side to move at the root.
    pub score: i32,
    /// How many plies the principal variation has.
    pub plies: usize,
}

/// The quiet position the captures from `pos` lead to, or `None` when the
/// game is decided on the way (a mate or a capture of a royal piece: no
/// evaluation to fit there) or the search exceeds its node budget.
pub fn quiet_leaf<P: Evaluate>(pos: &P) -> Option<QuietLeaf<P>> {
    quiet_leaf_with_delta(pos, Params::DEFAULT.delta_margin)
}

/// [`quiet_leaf`] with the delta margin `delta`.
fn quiet_leaf_with_delta<P: Evaluate>(pos: &P, delta: i32) -> Option<QuietLeaf<P>> {
    let mut nodes = 0;
    let mut pv = Vec::new();
    let score = search(pos, -INF, INF, 0, delta, &mut nodes, &mut pv)?;
    if is_decisive(score) {
        return None;
    }
    let mut leaf = pos.clone();
    for &m in &pv {
        leaf = leaf.play(m);
    }
    Some(QuietLeaf {
        leaf,
        score,
        plies: pv.len(),
    })
}

/// Fail-soft quiescence with a principal variation; `None` past the budget.
fn search<P: Evaluate>(
    pos: &P,
    mut alpha: i32,
    beta: i32,
    ply: usize,
    delta: i32,
    nodes: &mut u64,
    pv: &mut Vec<P::Move>,
) -> Option<i32> {
    pv.clear();
    *nodes += 1;
    if *nodes > NODE_BUDGET {
        return None;
    }
    if let Some(o) = pos.static_outcome() {
        return Some(outcome_score(o, pos.side_to_move(), ply, 0));
    }
    if ply >= MAX_PLY - 2 {
        return Some(static_eval(pos));
    }
    let in_check = (P::HAS_CHECK && pos.in_check()) || (P::ROYAL_THREATS && pos.royal_threatened());
    let mut best = -INF;
    if !in_check {
        best = static_eval(pos);
        if best >= beta {
            return Some(best);
        }
        alpha = alpha.max(best);
    }
    let mut list = MoveList::new();
    let kind = if in_check {
        GenKind::All
    } else {
        GenKind::Noisy
    };
    pos.generate(kind, &mut list);
    if in_check && list.is_empty() {
        return Some(outcome_score(
            pos.no_move_outcome(),
            pos.side_to_move(),
            ply,
            0,
        ));
    }
    // Best gains first; the sort is stable, so ties keep generation order.
    list.sort_by_key(|&m| -pos.capture_gain(m));
    let stand_pat = best;
    let mut child_pv = Vec::new();
    for &m in &list {
        if !in_check {
            if stand_pat + pos.exchange(m).gain + delta <= alpha {
                continue;
            }
            if !pos.see_ge(m, 0) {
                continue;
            }
        }
        let s = -search(
            &pos.play(m),
            -beta,
            -alpha,
            ply + 1,
            delta,
            nodes,
            &mut child_pv,
        )?;
        if s > best {
            best = s;
            if s > alpha {
                alpha = s;
                pv.clear();
                pv.push(m);
                pv.extend_from_slice(&child_pv);
                if s >= beta {
                    break;
                }
            }
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random_games::random_positions;
    use crate::rules::Position;
    use crate::variants::chess::Chess;
    use crate::variants::fugue::Fugue;

    #[test]
    fn a_hanging_queen_is_taken_and_a_quiet_position_stays() {
        // White's rook takes the undefended queen on d5: the leaf is after it.
        let pos = Chess::from_fen("7k/8/8/3q4/8/8/8/3R2K1 w - - 0 1").unwrap();
        let q = quiet_leaf(&pos).unwrap();
        assert_eq!(q.plies, 1);
        assert_eq!(
            q.leaf.to_fen(),
            pos.play(pos.parse_move("d1d5").unwrap()).to_fen()
        );
        assert!(q.score > 500, "{}", q.score);
        let start = Chess::startpos();
        let q = quiet_leaf(&start).unwrap();
        assert_eq!((q.plies, q.score), (0, start.evaluate()));
    }

    #[test]
    fn a_mate_on_the_board_is_not_resolved() {
        // Black is checkmated: nothing to fit.
        let mated = Chess::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert!(quiet_leaf(&mated).is_none());
    }

    /// The resolution ignores the variant's scaled margins: in Fugue (margins
    /// scaled up) it agrees with the default table's delta margin on every
    /// position, and the scaled margin would resolve some positions
    /// differently — so this test fails if `quiet_leaf` followed the scale.
    #[test]
    fn the_delta_margin_is_the_default_tables_not_the_variants() {
        let scaled = crate::search::Searcher::<Fugue>::variant_params().delta_margin;
        assert_ne!(scaled, Params::DEFAULT.delta_margin);
        let key = |q: Option<QuietLeaf<Fugue>>| q.map(|q| (q.leaf.to_fen(), q.score));
        let mut differ = 0;
        for pos in random_positions::<Fugue>(20) {
            let fixed = key(quiet_leaf_with_delta(&pos, Params::DEFAULT.delta_margin));
            assert_eq!(key(quiet_leaf(&pos)), fixed, "{}", pos.to_fen());
            if key(quiet_leaf_with_delta(&pos, scaled)) != fixed {
                differ += 1;
            }
        }
        assert!(differ > 0, "no position tells the two margins apart");
    }
}
