//! ProbCut: at a zero-window node deep enough, a noisy move that wins enough
//! by exchange is tried first against a raised bound, `beta + margin`. If
//! quiescence and then a search `depth - 4` plies deep both say the move
//! beats that bound, a full-depth search would almost surely beat `beta`,
//! so the node cuts without one. The shallow search is what makes it cheap;
//! the margin is what makes it safe (a shallow score that far above beta
//! rarely turns out below it deeper down).
//!
//! Only noisy moves are tried: they are few, ordering already knows which
//! win by exchange, and a capture that clears the margin by exchange alone
//! is the kind of move a shallow search judges well.

use super::history::Key;
use super::ordering::{exchange_known, pick, Scores};
use super::score::{from_tt, is_decisive, to_tt};
use super::tt::{Bound, Hit};
use super::worker::Worker;
use crate::rules::{Evaluate, GameMove, MoveList};

/// What ProbCut needs of the node besides the position.
pub(super) struct Node<M> {
    pub beta: i32,
    pub depth: i32,
    pub ply: usize,
    pub cut_node: bool,
    pub improving: bool,
    /// The corrected static evaluation (the node is out of check, so it
    /// has one).
    pub eval: i32,
    /// The evaluation as the variant gives it, for the table.
    pub raw_eval: i32,
    pub hit: Option<Hit>,
    pub hash_move: Option<M>,
}

impl<P: Evaluate> Worker<'_, P> {
    /// ProbCut at a zero-window node out of check (the caller checks those):
    /// `Some(score)` when a noisy move proves the node fails high, `Some(0)`
    /// when the search was stopped meanwhile (the node's result then means
    /// nothing, as everywhere once stopped). The moves
    /// are picked from `list` in the order of `scores` (the node's ordering),
    /// good noisy moves only, so the node's own loop is not disturbed: it
    /// picks by score again from the first index.
    pub(super) fn probcut(
        &mut self,
        pos: &P,
        list: &mut MoveList<P::Move>,
        scores: &mut Scores,
        node: Node<P::Move>,
    ) -> Option<i32> {
        let prm = &self.sh.params.p;
        let margin = prm.probcut_margin - i32::from(node.improving) * prm.probcut_margin / 4;
        let pc_beta = node.beta + margin;
        if node.depth < prm.probcut_min_depth || is_decisive(node.beta) || is_decisive(pc_beta) {
            return None;
        }
        // A table entry deep enough that says the node stays below the raised
        // bound: ProbCut would only confirm it.
        if let Some(h) = node.hit {
            let s = from_tt(h.score, node.ply);
            if h.depth >= node.depth - 3 && h.bound != Bound::Lower && s < pc_beta {
                return None;
            }
        }
        let hash = pos.hash();
        let space = self.data.hist.space();
        for i in 0..list.len() {
            let m = pick(list, scores, i);
            let is_hash = Some(m) == node.hash_move;
            if !pos.is_noisy(m) {
                if is_hash {
                    continue;
                }
                // Quiet moves and losing noisy moves come after the good noisy ones.
                break;
            }
            if !is_hash && exchange_known(scores[i]) != Some(true) {
                break;
            }
            if !pos.see_ge(m, pc_beta - node.eval) {
                continue;
            }
            let child = pos.play(m);
            self.sh.tt.prefetch(child.hash());
            self.stack[node.ply].key = Some(space.index(pos.move_key(m)) as Key);
            self.stack[node.ply].noisy = true;
            self.stack[node.ply + 1].doubles = self.stack[node.ply].doubles;
            self.path.push(hash);
            let mut s = -self.qsearch::<false>(&child, -pc_beta, -pc_beta + 1, node.ply + 1);
            if s >= pc_beta && !self.stopped {
                s = -self.alphabeta::<false>(
                    &child,
                    -pc_beta,
                    -pc_beta + 1,
                    node.depth - 4,
                    node.ply + 1,
                    !node.cut_node,
                );
            }
            self.path.pop();
            if self.stopped {
                return Some(0);
            }
            if s >= pc_beta {
                self.sh.tt.store(
                    hash,
                    m.pack(),
                    to_tt(s, node.ply),
                    node.depth - 3,
                    Bound::Lower,
                    Some(node.raw_eval),
                    node.hit.is_some_and(|h| h.pv),
                );
                return Some(s);
            }
        }
        None
    }
}
