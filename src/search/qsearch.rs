//! Quiescence search: at the horizon, only the moves the variant calls noisy
//! (captures of every kind, promotions) are searched, so the static evaluation
//! is only trusted in quiet positions. The side to move may "stand pat" on the
//! evaluation (it need not capture), except in check in variants with check,
//! where every legal move is searched and having none is the game's end.
//! Where the table holds a bound that says the evaluation is wrong (a lower
//! bound above it, an upper bound below it), the bound is stood on instead
//! (`qs_tt_stand_pat`): a search has already looked further than the
//! evaluation can.
//!
//! Out of check, a capture that loses material by exchange (SEE below zero)
//! is not searched, nor one whose gain cannot lift the stand-pat score to
//! alpha even with a margin (delta pruning).
//!
//! With `qs_fail_high_blend`, a cut-off's score is pulled towards beta
//! (halfway on a stand pat, a quarter of the way after a move): how far a
//! quiet-looking position's evaluation is above beta says little.

use super::ordering::{exchange_known, pick, score_moves, Context, Scores};
use super::score::{
    blend_towards, from_tt, is_by_rule, outcome_score, to_tt, INF, MATE_BOUND, MAX_PLY,
};
use super::tt::Bound;
use super::worker::{static_eval, Worker};
use crate::rules::{Evaluate, GameMove, GenKind, MoveList};

impl<P: Evaluate> Worker<'_, P> {
    pub(super) fn qsearch<const PV: bool>(
        &mut self,
        pos: &P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = pos.static_outcome() {
            return outcome_score(o, pos.side_to_move(), ply, self.draw(ply));
        }
        if ply >= MAX_PLY - 2 {
            return static_eval(pos);
        }

        // The table: any stored depth is at least quiescence depth.
        let hash = pos.hash();
        let hit = self.sh.tt.probe(hash);
        if let Some(h) = hit {
            if !PV {
                let s = from_tt(h.score, ply);
                match h.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let hash_move = hit.and_then(|h| h.game_move());

        // A king that can be taken next move (in check, or threatened by a
        // capture that is not check) must be defended: no standing pat.
        let in_check =
            (P::HAS_CHECK && pos.in_check()) || (P::ROYAL_THREATS && pos.royal_threatened());
        let mut best = -INF;
        let mut eval = None;
        if !in_check {
            // Stand pat, on the evaluation the table kept if it has one,
            // corrected by the correction history (the table keeps it raw).
            let raw = hit.and_then(|h| h.eval).unwrap_or_else(|| static_eval(pos));
            eval = Some(raw);
            best = self.corrected_eval(pos, pos.correction_key(), None, raw);
            if self.sh.params.p.qs_tt_stand_pat != 0 {
                best = hit
                    .and_then(|h| h.corrects(best, ply))
                    .filter(|&s| !is_by_rule(s))
                    .unwrap_or(best);
            }
            if best >= beta {
                if self.sh.params.p.qs_fail_high_blend != 0 {
                    return blend_towards(best, beta, 1);
                }
                return best;
            }
            alpha = alpha.max(best);
        }

        let mut list = MoveList::new();
        pos.generate(
            if in_check {
                GenKind::All
            } else {
                GenKind::Noisy
            },
            &mut list,
        );
        if in_check && list.is_empty() {
            return outcome_score(
                pos.no_move_outcome(),
                pos.side_to_move(),
                ply,
                self.draw(ply),
            );
        }
        let mut scores = Scores::new();
        let ctx = Context::hash_only(hash_move);
        score_moves(pos, &list, &ctx, &self.data.hist, &mut scores);
        let stand_pat = best;

        let old_alpha = alpha;
        let mut best_move = None;
        for i in 0..list.len() {
            let m = pick(&mut list, &mut scores, i);
            if !in_check && best > -MATE_BOUND {
                // Ordering has asked SEE already (all but the hash move),
                // and losing captures come last: the first ends the loop.
                let wins = exchange_known(scores[i]);
                if wins == Some(false) {
                    break;
                }
                if stand_pat + pos.exchange(m).gain + self.sh.params.p.delta_margin <= alpha {
                    continue;
                }
                if !wins.unwrap_or_else(|| pos.see_ge(m, 0)) {
                    continue;
                }
            }
            let child = pos.play(m);
            self.sh.tt.prefetch(child.hash());
            let s = -self.qsearch::<PV>(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }

        // A cut-off by a move (a capture, or an evasion in check): three
        // quarters of its margin over beta kept.
        if self.sh.params.p.qs_fail_high_blend != 0 && best >= beta {
            best = blend_towards(best, beta, 3);
        }
        let bound = Bound::of(best, old_alpha, beta);
        let mv = best_move.map_or(0, |m: P::Move| m.pack());
        let tt_pv = PV || hit.is_some_and(|h| h.pv);
        self.sh
            .tt
            .store(hash, mv, to_tt(best, ply), 0, bound, eval, tt_pv);
        best
    }
}
