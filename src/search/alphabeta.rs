//! One search thread: iterative deepening with aspiration windows around a
//! negamax alpha-beta with principal-variation search. The node function
//! reads as numbered steps; `PV` (a const parameter) tells principal-variation
//! nodes (full window) from the zero-window nodes that only prove a bound.

use super::ordering::{is_killer_score, pick, score_moves, History, Killers, Scores};
use super::params::PARAMS;
use super::score::{
    from_tt, is_decisive, mate_in, mated_in, outcome_score, to_tt, EVAL_LIMIT, INF, MATE_BOUND,
    MAX_PLY,
};
use super::tt::{Bound, Table};
use crate::rules::{Evaluate, GameMove, GenKind, MoveList, Position, Repetition};
use arrayvec::ArrayVec;
use once_cell::sync::Lazy;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// What a thread keeps between searches (cleared by `Searcher::clear`).
pub(crate) struct ThreadData<M> {
    pub history: History,
    pub killers: Killers<M>,
}

impl<M: GameMove> ThreadData<M> {
    pub fn new() -> Self {
        ThreadData {
            history: History::new(),
            killers: Killers::new(),
        }
    }

    pub fn clear(&mut self) {
        self.history.clear();
        self.killers.clear();
    }
}

/// What all threads of one search share: the table and atomics, nothing else.
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a> {
    pub tt: &'a Table,
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// Set by the controlling thread when the search as a whole is over.
    pub halt: &'a AtomicBool,
    /// Nodes of all threads (each flushes its count every few hundred nodes).
    pub nodes: &'a AtomicU64,
    /// The root moves to search (`GameMove::pack` codes; empty: all).
    pub root_moves: &'a [u32],
    /// The deepest iteration any worker has completed: helpers skip depths
    /// already done, and the first worker to complete the depth limit ends
    /// the search.
    pub completed: &'a AtomicU32,
}

/// A finished iteration (or a new best root move found during a deep one),
/// as the main thread reports it.
pub(crate) struct Iteration<M> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<M>,
    /// Nodes of all threads when the iteration ended.
    pub nodes: u64,
}

/// What a thread answers when it stops.
#[derive(Clone, Copy)]
pub(crate) struct Outcome<M> {
    pub best: M,
    pub ponder: Option<M>,
    pub score: i32,
    pub depth: u32,
}

/// Who a worker is: its number (0 = main) and the limits only the main
/// worker enforces.
pub(crate) struct Role {
    pub id: usize,
    pub node_limit: Option<u64>,
    pub deadline: Option<Instant>,
}

/// Late-move reductions by depth and move number.
static LMR: Lazy<[[i32; 64]; 64]> = Lazy::new(|| {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in row.iter_mut().enumerate().skip(1) {
            let x = PARAMS.lmr_base + (d as f64).ln() * (n as f64).ln() / PARAMS.lmr_divisor;
            *r = x as i32;
        }
    }
    t
});

/// The static evaluation, kept clear of the mate range.
#[inline]
pub(crate) fn static_eval<P: Evaluate>(pos: &P) -> i32 {
    pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

pub(crate) struct Worker<'a, P: Position> {
    pub(super) sh: Shared<'a>,
    pub(super) data: &'a mut ThreadData<P::Move>,
    /// Thread 0 is the main thread; helpers vary their depths.
    id: usize,
    /// Only the main thread enforces a node limit.
    node_limit: Option<u64>,
    /// The hard time limit, checked by the main thread as a safety net: the
    /// controlling thread owns the clock but sleeps between polls and, on a
    /// loaded machine, may wake late.
    deadline: Option<Instant>,
    pub(super) nodes: u64,
    unflushed: u64,
    pub(super) stopped: bool,
    /// A helper's current iteration was completed by another thread: unwind
    /// it (with `stopped`) and go deeper.
    abandoned: bool,
    /// Hashes of the game before the root, then of every node on the current path.
    path: Vec<u64>,
    /// Index of the root in `path`: a repeat at or above it happened in the tree.
    root_index: usize,
    /// No repetition is looked for below this index (the path crossed a null move).
    null_floor: usize,
    /// Triangular principal-variation table.
    pub(super) pv: Vec<ArrayVec<P::Move, MAX_PLY>>,
    pub(super) seldepth: usize,
    root_depth: i32,
    /// The best root move so far and its score (updated inside an iteration
    /// whenever a fully searched root move raises alpha).
    root_best: (P::Move, i32),
    /// Where progress goes (the main thread's channel; a no-op for helpers).
    report: Box<dyn FnMut(Iteration<P::Move>) + 'a>,
}

impl<'a, P: Evaluate> Worker<'a, P> {
    pub fn new(
        sh: Shared<'a>,
        data: &'a mut ThreadData<P::Move>,
        role: Role,
        history: &[u64],
        fallback: (P::Move, i32),
        report: Box<dyn FnMut(Iteration<P::Move>) + 'a>,
    ) -> Self {
        let Role {
            id,
            node_limit,
            deadline,
        } = role;
        let mut path = Vec::with_capacity(history.len() + MAX_PLY + 2);
        path.extend_from_slice(history);
        Worker {
            sh,
            data,
            id,
            node_limit,
            deadline,
            nodes: 0,
            unflushed: 0,
            stopped: false,
            abandoned: false,
            root_index: path.len(),
            path,
            null_floor: 0,
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            seldepth: 0,
            root_depth: 0,
            root_best: fallback,
            report,
        }
    }

    /// Adds this thread's uncounted nodes to the shared counter.
    pub fn flush(&mut self) {
        self.sh.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }

    /// Counts a node; true when the search must unwind.
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        self.unflushed += 1;
        if let Some(limit) = self.node_limit {
            if self.sh.nodes.load(Relaxed) + self.unflushed >= limit {
                self.sh.halt.store(true, Relaxed);
                self.stopped = true;
            }
        }
        if self.unflushed >= PARAMS.check_interval {
            self.flush();
            if self.sh.stop.load(Relaxed) || self.sh.halt.load(Relaxed) {
                self.stopped = true;
            } else if self.id != 0 && self.sh.completed.load(Relaxed) >= self.root_depth as u32 {
                self.stopped = true;
                self.abandoned = true;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.sh.halt.store(true, Relaxed);
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Iterative deepening up to `max_depth`; `report` gets every completed
    /// iteration (the main thread forwards them to the caller).
    pub fn iterate(&mut self, pos: &P, max_depth: u32) -> Outcome<P::Move> {
        let mut score = 0;
        let mut completed = 0;
        let mut next = 1;
        while next <= max_depth {
            // Lazy SMP: helpers work ahead of what the threads have completed
            // (odd ones two plies ahead, even ones one), so the threads spread
            // over two depths and fill the table for each other; a helper
            // abandons an iteration some other thread has completed (`tick`).
            let mut depth = next;
            if self.id != 0 {
                let done = self.sh.completed.load(Relaxed);
                depth = depth.max(done + 1 + (self.id as u32 & 1)).min(max_depth);
                if depth <= done {
                    break;
                }
            }
            next = depth + 1;
            let depth = depth as i32;
            self.root_depth = depth;
            self.seldepth = 0;
            let mut delta = PARAMS.aspiration_window;
            let (mut alpha, mut beta) =
                if depth >= PARAMS.aspiration_min_depth && !is_decisive(score) {
                    ((score - delta).max(-INF), (score + delta).min(INF))
                } else {
                    (-INF, INF)
                };
            loop {
                let s = self.alphabeta::<true>(pos, alpha, beta, depth, 0, false);
                if self.stopped {
                    break;
                }
                if s <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (s - delta).max(-INF);
                } else if s >= beta {
                    beta = (s + delta).min(INF);
                } else {
                    score = s;
                    break;
                }
                delta += delta;
            }
            if self.stopped {
                if self.abandoned && !self.sh.halt.load(Relaxed) && !self.sh.stop.load(Relaxed) {
                    // Another thread finished this depth: go on from there.
                    self.stopped = false;
                    self.abandoned = false;
                    continue;
                }
                break;
            }
            completed = depth as u32;
            self.sh.completed.fetch_max(completed, Relaxed);
            if completed == max_depth {
                // Whoever gets there first answers for all (see `smp::run`).
                self.sh.halt.store(true, Relaxed);
            }
            self.send_report(score);
        }
        self.flush();
        let (best, score) = self.root_best;
        let ponder = match self.pv[0].as_slice() {
            [first, second, ..] if *first == best => Some(*second),
            _ => None,
        };
        Outcome {
            best,
            ponder,
            score,
            depth: completed,
        }
    }

    fn send_report(&mut self, score: i32) {
        self.flush();
        let it = Iteration {
            depth: self.root_depth as u32,
            seldepth: self.seldepth as u32,
            score,
            pv: self.pv[0].to_vec(),
            nodes: self.sh.nodes.load(Relaxed),
        };
        (self.report)(it);
    }

    /// Repetition inside the tree, with the variant's meaning: `Some(score)`
    /// when the position recurs on the search path, or for the third time
    /// counting the game. A draw scores 0. Under `MoverLoses` the side that
    /// just moved made the position recur, so the side to move wins; a
    /// twofold inside the tree is scored the same way (the player who repeats
    /// first is also the one who would make the third occurrence if the cycle
    /// went on, and the alternative it has is what the search should find).
    fn repetition(&self, pos: &P, ply: usize) -> Option<i32> {
        let len = self.path.len();
        let window = pos.halfmove_clock() as usize;
        let lowest = len.saturating_sub(window).max(self.null_floor);
        if len < 2 || len - 2 < lowest {
            return None;
        }
        let key = pos.hash();
        let mut count = 0;
        let mut in_tree = false;
        let mut i = len - 2;
        loop {
            if self.path[i] == key {
                count += 1;
                in_tree |= i >= self.root_index;
            }
            if i < lowest + 2 {
                break;
            }
            i -= 2;
        }
        (in_tree || count >= 2).then(|| match P::REPETITION {
            Repetition::Draw => 0,
            Repetition::MoverLoses => mate_in(ply),
        })
    }

    /// Negamax alpha-beta; returns the score of `pos` from the side to move's view.
    pub(super) fn alphabeta<const PV: bool>(
        &mut self,
        pos: &P,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        after_null: bool,
    ) -> i32 {
        let root = ply == 0;
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

        // Step 3. Games over by rule inside the tree, in `game_outcome`'s order
        // (the root is searched whatever it is: the caller wants a move).
        if !root {
            if let Some(o) = pos.static_outcome() {
                return outcome_score(o, pos.side_to_move(), ply);
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
                        outcome_score(pos.no_move_outcome(), pos.side_to_move(), ply)
                    } else {
                        0
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

        // Step 4. Transposition table: a deep enough bound ends zero-window nodes.
        let hash = pos.hash();
        let hit = self.sh.tt.probe(hash);
        let hash_move = hit
            .filter(|h| h.mv != 0)
            .and_then(|h| P::Move::unpack(h.mv));
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

        // Step 5. Static evaluation (meaningless in check: every move is forced).
        let in_check = P::HAS_CHECK && pos.in_check();
        let eval = if in_check { -INF } else { static_eval(pos) };

        // Step 6. Reverse futility: far above beta near the horizon, trust it.
        if !PV
            && !in_check
            && depth <= PARAMS.rfp_max_depth
            && !is_decisive(beta)
            && eval - PARAMS.rfp_margin * depth >= beta
        {
            return eval;
        }

        // Step 7. Generate; no legal move ends the game by the variant's rule.
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        if root && !self.sh.root_moves.is_empty() {
            // The caller checked that at least one of them is legal here.
            list.retain(|m| self.sh.root_moves.contains(&m.pack()));
        }
        if list.is_empty() {
            let s = outcome_score(pos.no_move_outcome(), pos.side_to_move(), ply);
            return if root { s.clamp(alpha, beta) } else { s };
        }

        // Step 8. Null move: if passing still beats beta, a real move will too.
        // Only where the variant allows it (zugzwang-prone games switch it off),
        // never twice in a row, never in check. The search cannot tell pawns
        // from pieces in a generic game, so the usual "has non-pawn material"
        // guard (zugzwang lives where the mover has little to do) becomes:
        // the mover has at least `nmp_min_moves` legal moves, and the static
        // eval is already at least beta. A mate score proved after a pass is
        // not trusted (beta is returned), and deep cut-offs are verified by a
        // reduced normal search from the same node.
        if P::NULL_MOVE
            && !PV
            && !in_check
            && !after_null
            && depth >= PARAMS.nmp_min_depth
            && eval >= beta
            && !is_decisive(beta)
            && list.len() >= PARAMS.nmp_min_moves
        {
            let r = PARAMS.nmp_base + depth / PARAMS.nmp_divisor;
            let child = pos.play_null();
            self.path.push(hash);
            let floor = std::mem::replace(&mut self.null_floor, self.path.len());
            let s =
                -self.alphabeta::<false>(&child, -beta, -beta + 1, depth - 1 - r, ply + 1, true);
            self.null_floor = floor;
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if s >= beta {
                let s = if is_decisive(s) { beta } else { s };
                if depth < PARAMS.nmp_verify_depth {
                    return s;
                }
                // `after_null` keeps the verification itself from passing.
                let v = self.alphabeta::<false>(pos, beta - 1, beta, depth - r, ply, true);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return s;
                }
            }
        }

        // Step 9. Internal iterative reduction: with no hash move this node was
        // not searched before and is less likely to matter.
        if hash_move.is_none() && depth >= PARAMS.iir_min_depth {
            depth -= 1;
        }

        // Step 10. Order: hash move (only if in the legal list), noisy moves
        // by gain, killers, history.
        let mut scores = Scores::new();
        let killers = self.data.killers.get(ply);
        score_moves(
            pos,
            &list,
            hash_move,
            killers,
            &self.data.history,
            &mut scores,
        );

        // Step 11. The move loop.
        let old_alpha = alpha;
        let mut best = -INF;
        let mut best_move: Option<P::Move> = None;
        let mut searched = 0usize;
        let mut quiets: ArrayVec<P::Move, 64> = ArrayVec::new();
        let side = pos.side_to_move();
        self.path.push(hash);
        for i in 0..list.len() {
            let m = pick(&mut list, &mut scores, i);
            let order_score = scores[i];
            let quiet = !pos.is_noisy(m);
            let child = pos.play(m);
            let gives_check = P::HAS_CHECK && child.in_check();

            // Step 11a. Prune late quiet moves near the horizon once a move has
            // a score that is not a loss.
            if !root && !in_check && quiet && !gives_check && best > -MATE_BOUND {
                if depth <= PARAMS.lmp_max_depth
                    && searched >= PARAMS.lmp_base + (depth * depth) as usize
                {
                    continue;
                }
                if depth <= PARAMS.futility_max_depth
                    && eval + PARAMS.futility_margin * depth <= alpha
                {
                    continue;
                }
            }

            // Step 11b. Check extension (bounded so perpetual checks end).
            let ext = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + ext;
            searched += 1;

            // Step 11c. PVS: the first move with the full window, the others
            // with a zero window (reduced when late and quiet), re-searched
            // when they surprise.
            let mut s;
            if searched == 1 {
                s = -self.alphabeta::<PV>(&child, -beta, -alpha, new_depth, ply + 1, false);
            } else {
                let mut r = 0;
                if !root
                    && depth >= PARAMS.lmr_min_depth
                    && searched > PARAMS.lmr_min_moves
                    && quiet
                    && !in_check
                    && !gives_check
                {
                    r = LMR[(depth as usize).min(63)][searched.min(63)];
                    r -= i32::from(PV);
                    r -= i32::from(is_killer_score(order_score));
                    r -= self.data.history.get(side, m) / 4096;
                    r = r.clamp(0, new_depth - 1);
                }
                s = -self.alphabeta::<false>(
                    &child,
                    -alpha - 1,
                    -alpha,
                    new_depth - r,
                    ply + 1,
                    false,
                );
                if s > alpha && r > 0 {
                    s = -self.alphabeta::<false>(
                        &child,
                        -alpha - 1,
                        -alpha,
                        new_depth,
                        ply + 1,
                        false,
                    );
                }
                if PV && s > alpha && s < beta {
                    s = -self.alphabeta::<true>(&child, -beta, -alpha, new_depth, ply + 1, false);
                }
            }
            if self.stopped {
                self.path.pop();
                return 0;
            }

            // Step 11d. Keep the best; a score above alpha is a new PV.
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
                    if root {
                        let changed = self.root_best.0 != m;
                        self.root_best = (m, s);
                        // A new best move in a long iteration is news worth
                        // sending (an exact score: inside the window).
                        if changed && depth >= PARAMS.report_min_depth && s < beta {
                            self.send_report(s);
                        }
                    }
                    if s >= beta {
                        break;
                    }
                }
            }
            if quiet && quiets.len() < quiets.capacity() {
                quiets.push(m);
            }
        }
        self.path.pop();

        // Step 12. A quiet move that cut off teaches killers and history; the
        // quiet moves tried before it are punished.
        if best >= beta {
            if let Some(m) = best_move {
                if !pos.is_noisy(m) {
                    let bonus = (16 * depth * depth).min(1200);
                    self.data.killers.add(ply, m);
                    self.data.history.update(side, m, bonus);
                    for &q in &quiets {
                        self.data.history.update(side, q, -bonus);
                    }
                }
            }
        }

        // Step 13. Store the result.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let mv = best_move.map_or(0, |m| m.pack());
        self.sh.tt.store(hash, mv, to_tt(best, ply), depth, bound);
        best
    }
}
