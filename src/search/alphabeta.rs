//! The node function: a negamax alpha-beta with principal-variation search,
//! read as numbered steps. `PV` (a const parameter) tells principal-variation
//! nodes (full window) from the zero-window nodes that only prove a bound;
//! `cut_node` marks zero-window nodes expected to fail high (reduced more).

use super::history::{structure_bucket, Key};
use super::ordering::{is_refutation_score, pick, score_moves, Context, Scores};
use super::probcut;
use super::score::{
    blend_towards, from_tt, is_decisive, mate_in, mated_in, outcome_score, to_tt, INF, MATE_BOUND,
    MAX_PLY,
};
use super::tt::{Bound, Hit};
use super::worker::{static_eval, Worker, NO_EVAL};
use crate::rules::{Evaluate, GameMove, GenKind, MoveList};
use arrayvec::ArrayVec;

impl<P: Evaluate> Worker<'_, P> {
    /// Negamax alpha-beta; returns the score of `pos` from the side to move's view.
    pub(super) fn alphabeta<const PV: bool>(
        &mut self,
        pos: &P,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let root = ply == 0;
        let params = self.sh.params;
        let prm = &params.p;
        self.pv[ply].clear();

        // Step 1. Horizon: resolve captures (and check evasions) in quiescence.
        if depth <= 0 {
            return self.qsearch::<PV>(pos, alpha, beta, ply);
        }

        // Step 2. Count the node; unwind if the search is over.
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let excluded = self.stack[ply].excluded;

        // Step 3. Games over by rule inside the tree, in `game_outcome`'s order
        // (the root is searched whatever it is: the caller wants a move).
        if !root {
            if let Some(o) = pos.static_outcome() {
                return outcome_score(o, pos.side_to_move(), ply, self.draw(ply));
            }
            if let Some(s) = self.repetition(pos, ply) {
                return s;
            }
            // The move-count rule, unless there is no legal move (a mate on
            // the last ply still wins). Checked before the table: its scores
            // do not know the clock.
            if let Some(limit) = P::MOVE_RULE {
                if pos.halfmove_clock() >= limit {
                    let mut list = MoveList::new();
                    pos.generate(GenKind::All, &mut list);
                    return if list.is_empty() {
                        outcome_score(
                            pos.no_move_outcome(),
                            pos.side_to_move(),
                            ply,
                            self.draw(ply),
                        )
                    } else {
                        self.draw(ply)
                    };
                }
            }
            if ply >= MAX_PLY - 2 {
                return static_eval(pos);
            }
            // Mate-distance pruning: nothing here beats a win at this ply.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        // Step 4. Transposition table: a deep enough bound ends zero-window
        // nodes (not inside a singular search, which asks another question).
        let hash = pos.hash();
        let hit = if excluded.is_none() {
            self.sh.tt.probe(hash)
        } else {
            None
        };
        let hash_move = hit.and_then(|h| h.game_move());
        // On a principal variation now or in an earlier search: such nodes
        // are reduced less, and the table passes the mark on.
        let tt_pv = PV || hit.is_some_and(|h| h.pv);
        if let Some(h) = hit {
            if !PV && h.depth >= depth {
                let s = from_tt(h.score, ply);
                match h.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        // Step 5. Static evaluation (meaningless in check: every move is
        // forced), and whether it improved on our previous turn.
        let in_check =
            (P::HAS_CHECK && pos.in_check()) || (P::ROYAL_THREATS && pos.royal_threatened());
        // The table keeps the evaluation as the variant gives it; the
        // correction history's lesson is added afresh (`correction`).
        let side = pos.side_to_move();
        let correction_key = pos.correction_key();
        let move_pair = self.move_pair(ply);
        let raw_eval = match hit {
            _ if in_check => NO_EVAL,
            Some(Hit { eval: Some(e), .. }) => e,
            _ => static_eval(pos),
        };
        let corrected_eval = if in_check {
            NO_EVAL
        } else {
            self.corrected_eval(pos, correction_key, move_pair, raw_eval)
        };
        self.stack[ply].eval = corrected_eval;
        // A table bound on the right side is a better guess than the eval.
        let eval = hit
            .filter(|_| !in_check)
            .and_then(|h| h.corrects(corrected_eval, ply))
            .filter(|&s| !is_decisive(s))
            .unwrap_or(corrected_eval);
        let improving = !in_check
            && match (ply.checked_sub(2), ply.checked_sub(4)) {
                (Some(p2), _) if self.stack[p2].eval != NO_EVAL => {
                    corrected_eval > self.stack[p2].eval
                }
                (_, Some(p4)) if self.stack[p4].eval != NO_EVAL => {
                    corrected_eval > self.stack[p4].eval
                }
                _ => true,
            };
        self.data.hist.clear_killers(ply + 2);

        // Step 5a. The opponent's quiet move judged by what it changed in the
        // two static evaluations (`eval_diff_history_mul`).
        if prm.eval_diff_history_mul > 0 && !in_check && excluded.is_none() && ply > 0 {
            let parent = &self.stack[ply - 1];
            let quiet_key = parent.key.filter(|_| !parent.noisy);
            if let Some(key) = quiet_key.filter(|_| parent.eval != NO_EVAL) {
                let max = prm.history_bonus_max;
                let sum = corrected_eval + parent.eval;
                let bonus = (-prm.eval_diff_history_mul * sum / 10).clamp(-max, max);
                self.data.hist.update_main(side.flip(), key, bonus);
            }
        }

        // Step 5b. Hindsight: the parent's reduction judged by how the two
        // static evaluations came out.
        let prior_reduction = std::mem::take(&mut self.stack[ply].reduction);
        if prm.hindsight_margin > 0
            && !in_check
            && excluded.is_none()
            && ply > 0
            && self.stack[ply - 1].eval != NO_EVAL
        {
            let sum = corrected_eval + self.stack[ply - 1].eval;
            if prior_reduction >= 3 && sum <= 0 {
                depth += 1;
            } else if prior_reduction >= 1 && depth >= 2 && sum > prm.hindsight_margin {
                depth -= 1;
            }
        }

        // Step 6. Reverse futility: far above beta near the horizon, trust it.
        if !PV
            && !in_check
            && excluded.is_none()
            && depth <= prm.rfp_max_depth
            && !is_decisive(beta)
            && !is_decisive(eval)
            && eval - prm.rfp_margin * (depth - i32::from(improving)) >= beta
        {
            return if prm.rfp_blend != 0 {
                blend_towards(eval, beta, 1)
            } else {
                eval
            };
        }

        // Step 7. Generate; no legal move ends the game by the variant's rule.
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        if root && !self.sh.root_moves.is_empty() {
            // The caller checked that at least one of them is legal here.
            list.retain(|m| self.sh.root_moves.contains(&m.pack()));
        }
        if root && !self.excluded_roots.is_empty() {
            // MultiPV: the better lines' first moves are not searched again.
            let left_out = &self.excluded_roots;
            list.retain(|m| !left_out.contains(m));
        }
        if list.is_empty() {
            let s = outcome_score(
                pos.no_move_outcome(),
                pos.side_to_move(),
                ply,
                self.draw(ply),
            );
            return if root { s.clamp(alpha, beta) } else { s };
        }

        // Step 8. Null move: if passing still beats beta, a real move will too.
        // Only where the variant allows it (zugzwang-prone games switch it off),
        // never twice in a row, never in check. The search cannot tell pawns
        // from pieces in a generic game, so the usual "has non-pawn material"
        // guard (zugzwang lives where the mover has little to do) becomes:
        // the mover has at least `nmp_min_moves` legal moves, and the static
        // eval is already at least beta. The further the eval is above beta,
        // the more the reply is reduced. A mate score proved after a pass is
        // not trusted (beta is returned), and deep cut-offs are verified by a
        // reduced normal search from the same node. With `nmp_cut_only` (on
        // unless a variant's table turns it off) only nodes expected to fail
        // high pass.
        let after_null = ply > 0 && self.stack[ply - 1].key.is_none();
        if P::NULL_MOVE
            && !PV
            && !in_check
            && !after_null
            && (cut_node || prm.nmp_cut_only == 0)
            && excluded.is_none()
            && depth >= prm.nmp_min_depth
            && eval >= beta
            && corrected_eval >= beta
            && !is_decisive(beta)
            && list.len() >= prm.nmp_min_moves as usize
        {
            let r = prm.nmp_base
                + depth / prm.nmp_divisor
                + ((eval - beta) / prm.nmp_eval_divisor).min(prm.nmp_eval_max);
            let child = pos.play_null();
            self.sh.tt.prefetch(child.hash());
            self.stack[ply].key = None;
            self.path.push(hash);
            let floor = std::mem::replace(&mut self.null_floor, self.path.len());
            let s = -self.alphabeta::<false>(
                &child,
                -beta,
                -beta + 1,
                depth - 1 - r,
                ply + 1,
                !cut_node,
            );
            self.null_floor = floor;
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if s >= beta {
                let s = if is_decisive(s) { beta } else { s };
                if depth < prm.nmp_verify_depth {
                    return s;
                }
                // The verification searches this node again with a null move
                // marked as the last move, so it cannot pass itself.
                let v = self.verify_null(pos, beta, depth - r, ply);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return s;
                }
            }
        }

        // Step 9. Order (see `ordering`).
        let prev = self.prev_keys(ply);
        let structure = correction_key
            .filter(|_| prm.structure_history_pct > 0)
            .map(|k| (structure_bucket(k), prm.structure_history_pct));
        let ctx = Context {
            hash_move,
            killers: self.data.hist.killers(ply),
            counter: self.data.hist.counter(side, prev[0]),
            prev,
            low_ply: (ply < prm.low_ply_history as usize).then_some(ply),
            structure,
        };
        let mut scores = Scores::new();
        score_moves(pos, &list, &ctx, &self.data.hist, &mut scores);
        let space = self.data.hist.space();
        let tt_noisy = hash_move.is_some_and(|m| pos.is_noisy(m));

        // Step 10. ProbCut (see `probcut`): a good capture whose shallow
        // search beats beta by a margin cuts the node.
        if !PV && !in_check && excluded.is_none() {
            let node = probcut::Node {
                beta,
                depth,
                ply,
                cut_node,
                improving,
                eval: corrected_eval,
                raw_eval,
                hit,
                hash_move,
            };
            // (A stopped search returns 0 from here, as from the move loop.)
            if let Some(s) = self.probcut(pos, &mut list, &mut scores, node) {
                return s;
            }
        }

        // Step 11. Internal iterative reduction: with no hash move this node was
        // not searched before and is less likely to matter.
        if hash_move.is_none() && depth >= prm.iir_min_depth {
            depth -= 1;
        }

        // Step 12. The move loop.
        let old_alpha = alpha;
        let mut best = -INF;
        let mut best_move: Option<P::Move> = None;
        let mut searched = 0usize;
        let mut skip_quiets = false;
        let mut quiets: ArrayVec<(P::Move, Key), 64> = ArrayVec::new();
        let mut noisies: ArrayVec<(P::Move, Key), 32> = ArrayVec::new();
        let lmp_limit = ((prm.lmp_base + depth * depth) / (2 - i32::from(improving))) as usize;
        // The children's cut-offs, counted afresh (see `lmr_cutoffs`).
        self.stack[ply + 1].cutoffs = 0;
        for i in 0..list.len() {
            let m = pick(&mut list, &mut scores, i);
            if Some(m) == excluded {
                continue;
            }
            let order_score = scores[i];
            let quiet = !pos.is_noisy(m);
            let key = space.index(pos.move_key(m)) as Key;
            let hist = if quiet {
                self.data.hist.quiet_score(side, prev, key)
            } else {
                0
            };

            // Step 12a. Prune near the horizon once a move has a score that
            // is not a loss: late quiet moves, quiet moves that cannot reach
            // alpha or have a bad history, noisy moves that lose by exchange
            // or cannot reach alpha even with what they win.
            // Moves that give check are never pruned (they may mate).
            let reduced_depth = (depth - 1 - params.lmr(depth, searched + 1)).max(0);
            let may_prune = !root && !in_check && best > -MATE_BOUND;
            if may_prune && quiet && skip_quiets && !P::HAS_CHECK {
                continue;
            }
            if may_prune
                && !quiet
                && depth <= prm.see_noisy_max_depth
                && !pos.see_ge(m, -prm.see_noisy_margin * depth)
            {
                continue;
            }
            let child = pos.play(m);
            self.sh.tt.prefetch(child.hash());
            let gives_check = P::HAS_CHECK && child.in_check();
            if may_prune
                && !quiet
                && !gives_check
                && depth <= prm.noisy_futility_max_depth
                && eval
                    + pos.exchange(m).gain
                    + prm.noisy_futility_base
                    + prm.noisy_futility_margin * depth
                    <= alpha
            {
                continue;
            }
            if may_prune && quiet && !gives_check {
                if skip_quiets {
                    continue;
                }
                if depth <= prm.lmp_max_depth && searched >= lmp_limit {
                    skip_quiets = true;
                    continue;
                }
                if reduced_depth <= prm.history_prune_max_depth
                    && hist < -prm.history_prune_margin * depth
                {
                    continue;
                }
                if reduced_depth <= prm.futility_max_depth
                    && eval + prm.futility_base + prm.futility_margin * reduced_depth <= alpha
                {
                    continue;
                }
            }

            // Step 12b. Extensions. Singular: when the hash move's score is
            // far above every alternative's (the node searched without it
            // fails low), the hash move is extended (twice when far below); if
            // even the alternatives beat beta, the node cuts (multi-cut); if
            // the hash move's score alone beats beta, it is searched shallower
            // (and at an expected cut node by `singular_cut_reduction`, off).
            // Otherwise a move that gives check is extended by
            // `check_extension` (bounded so perpetual checks end).
            let mut ext = 0;
            if !root
                && Some(m) == hash_move
                && excluded.is_none()
                && depth >= prm.singular_min_depth
                && (ply as i32) < 2 * self.root_depth
            {
                if let Some(h) = hit {
                    let tt_score = from_tt(h.score, ply);
                    if h.depth >= depth - prm.singular_tt_depth_margin
                        && h.bound != Bound::Upper
                        && !is_decisive(tt_score)
                    {
                        let singular_beta = tt_score - prm.singular_beta_margin * depth / 8;
                        self.stack[ply].excluded = Some(m);
                        let s = self.alphabeta::<false>(
                            pos,
                            singular_beta - 1,
                            singular_beta,
                            (depth - 1) / 2,
                            ply,
                            cut_node,
                        );
                        self.stack[ply].excluded = None;
                        if self.stopped {
                            return 0;
                        }
                        if s < singular_beta {
                            ext = 1;
                            if !PV
                                && s < singular_beta - prm.singular_double_margin
                                && self.stack[ply].doubles < prm.singular_max_doubles as u8
                            {
                                ext = 2;
                            }
                        } else if singular_beta >= beta {
                            return singular_beta;
                        } else if tt_score >= beta {
                            ext = -1;
                        } else if cut_node {
                            ext = -prm.singular_cut_reduction;
                        }
                    }
                }
            }
            if ext == 0 && gives_check && (ply as i32) < 2 * self.root_depth {
                ext = prm.check_extension;
            }
            let new_depth = depth - 1 + ext;
            self.stack[ply + 1].doubles = self.stack[ply].doubles + u8::from(ext == 2);
            self.stack[ply].key = Some(key);
            self.stack[ply].noisy = !quiet;
            searched += 1;

            // Step 12c. PVS: the first move with the full window, the others
            // with a zero window (reduced when late), re-searched when they
            // surprise.
            self.path.push(hash);
            let nodes_before = self.nodes;
            let mut s;
            if searched == 1 {
                s = -self.alphabeta::<PV>(
                    &child,
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    !PV && !cut_node,
                );
            } else {
                let mut r = 0;
                if !root
                    && depth >= prm.lmr_min_depth
                    && searched > prm.lmr_min_moves as usize + usize::from(PV)
                {
                    r = params.lmr(depth, searched);
                    if quiet {
                        r += i32::from(!improving);
                        r += i32::from(cut_node);
                        r += prm.lmr_tt_noisy * i32::from(tt_noisy);
                        r -= i32::from(is_refutation_score(order_score));
                        r -= hist / prm.lmr_history_divisor;
                    } else {
                        // Late noisy moves are the exchanges that lose.
                        r = r / 2 + i32::from(cut_node);
                    }
                    if prm.lmr_cutoffs > 0
                        && i32::from(self.stack[ply + 1].cutoffs) >= prm.lmr_cutoffs
                    {
                        r += 1;
                    }
                    r -= i32::from(PV);
                    r -= prm.lmr_tt_pv * i32::from(tt_pv && !PV);
                    r -= i32::from(gives_check);
                    r -= i32::from(in_check);
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                self.stack[ply + 1].reduction = r;
                s = -self.alphabeta::<false>(
                    &child,
                    -alpha - 1,
                    -alpha,
                    new_depth - r,
                    ply + 1,
                    true,
                );
                self.stack[ply + 1].reduction = 0;
                if s > alpha && r > 0 {
                    s = -self.alphabeta::<false>(
                        &child,
                        -alpha - 1,
                        -alpha,
                        new_depth,
                        ply + 1,
                        !cut_node,
                    );
                }
                if PV && s > alpha && s < beta {
                    s = -self.alphabeta::<true>(&child, -beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.path.pop();
            if self.stopped {
                return 0;
            }

            // Step 12d. Keep the best; a score above alpha is a new PV.
            if s > best {
                best = s;
                if s > alpha {
                    best_move = Some(m);
                    alpha = s;
                    if PV {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(m);
                        line.extend(tail[0].iter().copied().take(MAX_PLY - 1));
                    }
                    if root && self.excluded_roots.is_empty() {
                        let changed = self.root_best.0 != m;
                        self.root_best = (m, s);
                        self.root_reply = self.pv[0].get(1).copied();
                        self.best_move_nodes = self.nodes - nodes_before;
                        // A new best move in a long iteration is news worth
                        // sending (an exact score: inside the window).
                        if changed && self.id == 0 && depth >= prm.report_min_depth && s < beta {
                            self.send_report(s, false);
                        }
                    }
                    if s >= beta {
                        break;
                    }
                    // A score to beat: the other moves are searched
                    // shallower (`alpha_raise_reduction`). Only principal-
                    // variation nodes get here: at a zero window a raised
                    // alpha is a cut-off.
                    if depth > 2 && depth < 12 && !root && !is_decisive(s) {
                        depth = (depth - prm.alpha_raise_reduction).max(1);
                    }
                }
            }
            if quiet {
                if quiets.len() < quiets.capacity() {
                    quiets.push((m, key));
                }
            } else if noisies.len() < noisies.capacity() {
                noisies.push((m, key));
            }
        }

        // Every move was left out by a singular search (or pruned): no bound
        // is known from here.
        if searched == 0 && excluded.is_some() {
            return alpha;
        }

        // Step 13. A move that cut off teaches the histories; the moves tried
        // before it are punished (a cut-off by a noisy move still punishes
        // the noisy moves before it). A node where every move failed low
        // teaches the opponent's histories that its quiet move here was good.
        if best >= beta && excluded.is_none() {
            self.stack[ply].cutoffs = self.stack[ply].cutoffs.saturating_add(1);
        }
        if best <= old_alpha && prm.fail_low_bonus_pct > 0 && excluded.is_none() && !root {
            let parent = &self.stack[ply - 1];
            if let (Some(key), false) = (parent.key, parent.noisy) {
                let bonus = params.history_bonus(depth) * prm.fail_low_bonus_pct / 100;
                let prev = self.prev_keys(ply - 1);
                self.data.hist.update_quiet(side.flip(), prev, key, bonus);
            }
        }
        if best >= beta {
            if let Some(m) = best_move {
                let bonus = params.history_bonus(depth);
                let key = space.index(pos.move_key(m)) as Key;
                let hist = &mut self.data.hist;
                if !pos.is_noisy(m) {
                    hist.add_killer(ply, m);
                    hist.set_counter(side, prev[0], m);
                    hist.update_quiet(side, prev, key, bonus);
                    for &(_, q) in &quiets {
                        hist.update_quiet(side, prev, q, -bonus);
                    }
                    if ply < prm.low_ply_history as usize {
                        hist.update_low_ply(ply, key, bonus);
                        for &(_, q) in &quiets {
                            hist.update_low_ply(ply, q, -bonus);
                        }
                    }
                    if let Some((b, _)) = structure {
                        hist.update_structure(b, side, key, bonus);
                        for &(_, q) in &quiets {
                            hist.update_structure(b, side, q, -bonus);
                        }
                    }
                } else {
                    hist.update_capture(side, key, bonus);
                }
                for &(_, c) in &noisies {
                    hist.update_capture(side, c, -bonus);
                }
            }
        }

        // A cut-off's margin over beta shrinks with the depth that proved it.
        if prm.fail_high_blend != 0 && !root && best >= beta {
            best = blend_towards(best, beta, depth);
        }

        // Step 14. Store the result (not from a singular search: its score
        // leaves a move out).
        // Nor from a MultiPV line's root, which leaves the best moves out.
        if excluded.is_none() && (!root || self.excluded_roots.is_empty()) {
            let bound = Bound::of(best, old_alpha, beta);
            // The correction history learns the evaluation's error where the
            // score says something of it: out of check, not a mate, not won
            // by a capture (the static evaluation does not see those), and a
            // bound on the side that shows the error.
            if correction_key.is_some() || move_pair.is_some() {
                let error = best - corrected_eval;
                let shows_error = match bound {
                    Bound::Lower => error > 0,
                    Bound::Upper => error < 0,
                    Bound::Exact => true,
                };
                if shows_error
                    && !in_check
                    && !is_decisive(best)
                    && best_move.is_none_or(|m| !pos.is_noisy(m))
                {
                    let keys = (correction_key, move_pair);
                    let limits = (prm.correction_max, prm.cont_correction_max);
                    self.data
                        .correction
                        .update(side, keys, error, depth, limits);
                }
            }
            let mv = best_move.map_or(0, |m| m.pack());
            let eval = (raw_eval != NO_EVAL).then_some(raw_eval);
            self.sh
                .tt
                .store(hash, mv, to_tt(best, ply), depth, bound, eval, tt_pv);
        }
        best
    }

    /// The null-move verification: this node searched normally to `depth`
    /// with a zero window at `beta`, marked as following a null move so it
    /// does not pass again.
    fn verify_null(&mut self, pos: &P, beta: i32, depth: i32, ply: usize) -> i32 {
        if ply == 0 {
            return beta;
        }
        let saved = self.stack[ply - 1].key.take();
        let v = self.alphabeta::<false>(pos, beta - 1, beta, depth, ply, false);
        self.stack[ply - 1].key = saved;
        v
    }
}
