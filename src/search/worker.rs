//! One search thread: its state, and iterative deepening with aspiration
//! windows around the node function (`alphabeta.rs`).

use super::correction::{Correction, MovePair};
use super::history::{Histories, Key, KeySpace, PrevKeys};
use super::params::Tuned;
use super::score::{draw_score, is_decisive, mate_in, repetition_win, EVAL_LIMIT, INF, MAX_PLY};
use super::tt::Table;
use crate::rules::{Evaluate, GameMove, Position, Repetition};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// What a thread keeps between searches (cleared by `Searcher::clear`).
pub(crate) struct ThreadData<M> {
    pub hist: Histories<M>,
    pub correction: Correction,
}

impl<M: GameMove> ThreadData<M> {
    pub fn new(space: KeySpace) -> Self {
        ThreadData {
            hist: Histories::new(space),
            correction: Correction::new(space),
        }
    }

    pub fn clear(&mut self) {
        self.hist.clear();
        self.correction.clear();
    }
}

/// What the search remembers of each ply of the current path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<M> {
    /// The static evaluation at this ply (`NO_EVAL` in check).
    pub eval: i32,
    /// The key of the move played from this ply (`None`: a null move, or
    /// none yet), for the continuation history of the plies below.
    pub key: Option<Key>,
    /// The move a singular-extension search leaves out at this ply.
    pub excluded: Option<M>,
    /// Double extensions on the path down to this ply.
    pub doubles: u8,
    /// Whether the move played from this ply was noisy (a capture or a
    /// promotion: the fail-low bonus teaches only quiet moves).
    pub noisy: bool,
    /// Cut-offs so far among the children of the node one ply above (each
    /// child that fails high counts itself here).
    pub cutoffs: u8,
    /// The late-move reduction the node one ply above gave the move that
    /// led here (0 when unreduced): read once by the node, for the
    /// hindsight depth adjustment.
    pub reduction: i32,
}

/// The evaluation of a ply in check: none.
pub(crate) const NO_EVAL: i32 = -INF;

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
    /// The search parameters (one table per variant, changeable between searches).
    pub params: &'a Tuned,
    /// The deepest iteration any worker has completed: workers skip depths
    /// already done, and the first worker to complete the depth limit ends
    /// the search.
    pub completed: &'a AtomicU32,
    /// How many workers are searching each depth (indexed by depth).
    pub searching: &'a [AtomicU32],
    /// The most workers one depth takes (half the threads, at least one):
    /// the threads spread over two neighbouring depths.
    pub per_depth: u32,
    /// The score of that deepest completed iteration: a worker that skips
    /// to a deeper depth centres its aspiration window on it rather than on
    /// its own older score.
    pub score: &'a AtomicI32,
    /// How many lines the main worker searches per depth (`Limits::multipv`,
    /// at least 1); helpers always search one.
    pub multipv: usize,
}

/// A finished iteration (or a new best root move found during a deep one),
/// as the main thread reports it.
pub(crate) struct Iteration<M> {
    /// False for a new best move found inside an iteration.
    pub complete: bool,
    /// The share (0 to 1) of this iteration's nodes (of the main thread)
    /// spent on the best root move.
    pub best_share: f64,
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<M>,
    /// Which line of the depth (1 = best; see `Limits::multipv`).
    pub multipv: u32,
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

/// The lowest depth from `first` to `max_depth` that fewer than `per_depth`
/// workers are searching (`searching`, indexed by depth), or `max_depth`
/// itself when all are taken (a worker with nothing left to claim helps with
/// the last depth rather than end the search early), counted as searched by
/// one more from now on (the caller gives it back when its iteration ends);
/// `None` when `first` is past `max_depth`.
fn claim_depth(searching: &[AtomicU32], per_depth: u32, first: u32, max_depth: u32) -> Option<u32> {
    if first > max_depth {
        return None;
    }
    let free = (first..=max_depth).find(|&depth| {
        searching[depth as usize]
            .fetch_update(Relaxed, Relaxed, |n| (n < per_depth).then_some(n + 1))
            .is_ok()
    });
    Some(free.unwrap_or_else(|| {
        searching[max_depth as usize].fetch_add(1, Relaxed);
        max_depth
    }))
}

/// The older Lazy SMP rule (`smp_spread` 0), for helper `id` whose next
/// depth is `next` when `done` is the deepest completed one: one ply past
/// `done` for even helpers, two for odd ones (never below `next`, never
/// past `max_depth`); `None` when every depth up to `max_depth` is done.
fn staggered_depth(id: usize, next: u32, done: u32, max_depth: u32) -> Option<u32> {
    let depth = next.max(done + 1 + (id as u32 & 1)).min(max_depth);
    (depth > done).then_some(depth)
}

/// The static evaluation, kept clear of the mate range.
#[inline]
pub(crate) fn static_eval<P: Evaluate>(pos: &P) -> i32 {
    pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// `eval` faded by the half-move `clock` with `n` = `Params::clock_fade`:
/// whole with the fade off (0) or without a move-count rule, else scaled by
/// `(n - clock) / n`, the clock counted at most to `n`.
#[inline]
fn faded(eval: i32, clock: u32, move_rule: Option<u32>, n: i32) -> i32 {
    if n == 0 || move_rule.is_none() {
        return eval;
    }
    let left = n - (clock as i32).min(n);
    eval * left / n
}

pub(crate) struct Worker<'a, P: Position> {
    pub(super) sh: Shared<'a>,
    pub(super) data: &'a mut ThreadData<P::Move>,
    /// Thread 0 is the main thread: it alone reports a new best move inside
    /// an iteration and owes the MultiPV lines.
    pub(super) id: usize,
    /// Only the main thread enforces a node limit.
    node_limit: Option<u64>,
    /// The hard time limit, checked by the main thread as a safety net: the
    /// controlling thread owns the clock but sleeps between polls and, on a
    /// loaded machine, may wake late.
    deadline: Option<Instant>,
    pub(super) nodes: u64,
    unflushed: u64,
    pub(super) stopped: bool,
    /// The current iteration was completed by another thread: unwind it
    /// (with `stopped`) and go deeper.
    abandoned: bool,
    /// Whether this worker gives up a depth another completes: all but the
    /// main worker under MultiPV, which owes its lines at every depth.
    may_abandon: bool,
    /// Hashes of the game before the root, then of every node on the current path.
    pub(super) path: Vec<u64>,
    /// Index of the root in `path`: a repeat at or above it happened in the tree.
    root_index: usize,
    /// No repetition is looked for below this index (the path crossed a null move).
    pub(super) null_floor: usize,
    /// Triangular principal-variation table.
    pub(super) pv: Vec<ArrayVec<P::Move, MAX_PLY>>,
    pub(super) seldepth: usize,
    pub(super) root_depth: i32,
    /// One frame per ply of the current path (two spare at the end).
    pub(super) stack: Vec<Frame<P::Move>>,
    /// The best root move so far and its score (updated inside an iteration
    /// whenever a fully searched root move raises alpha).
    pub(super) root_best: (P::Move, i32),
    /// The reply expected to [`Worker::root_best`]'s move: the second move of
    /// its line when it became best (`None` if that line stopped at it). Kept
    /// apart from the root's line, which an iteration stopped early empties.
    pub(super) root_reply: Option<P::Move>,
    /// Nodes this thread spent below the best root move in the current
    /// iteration (time management reads its share).
    pub(super) best_move_nodes: u64,
    /// This thread's node count when the current iteration started.
    iteration_start_nodes: u64,
    /// Root moves left out of the current search (MultiPV: the first moves
    /// of the better lines of this depth). Empty in an ordinary search, so
    /// the root behaves exactly as without MultiPV.
    pub(super) excluded_roots: Vec<P::Move>,
    /// The lines of the last depth under MultiPV (score, moves), best first.
    lines: Vec<(i32, Vec<P::Move>)>,
    /// Where progress goes (the controlling thread's channel).
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
            may_abandon: id != 0 || (sh.multipv <= 1 && sh.params.p.smp_spread != 0),
            root_index: path.len(),
            path,
            null_floor: 0,
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            seldepth: 0,
            root_depth: 0,
            stack: vec![
                Frame {
                    eval: NO_EVAL,
                    key: None,
                    excluded: None,
                    doubles: 0,
                    noisy: false,
                    cutoffs: 0,
                    reduction: 0,
                };
                MAX_PLY + 4
            ],
            root_best: fallback,
            root_reply: None,
            best_move_nodes: 0,
            iteration_start_nodes: 0,
            excluded_roots: Vec::new(),
            lines: Vec::new(),
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
        if self.unflushed >= self.sh.params.p.check_interval as u64 {
            self.flush();
            if self.sh.stop.load(Relaxed) || self.sh.halt.load(Relaxed) {
                self.stopped = true;
            } else if self.may_abandon && self.sh.completed.load(Relaxed) >= self.root_depth as u32
            {
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
        // MultiPV (main worker only): as many lines as there are root moves to
        // search, at most; each line's last score centres its next window.
        let lines_wanted = if self.id == 0 && self.sh.multipv > 1 {
            let mut roots = crate::rules::MoveList::new();
            pos.generate(crate::rules::GenKind::All, &mut roots);
            if !self.sh.root_moves.is_empty() {
                roots.retain(|m| self.sh.root_moves.contains(&m.pack()));
            }
            self.sh.multipv.min(roots.len()).max(1)
        } else {
            1
        };
        let mut line_scores: Vec<i32> = Vec::new();
        while next <= max_depth {
            // Lazy SMP: each worker starts the lowest depth past the deepest
            // completed one that has fewer than `per_depth` workers on it, so
            // the threads spread over two neighbouring depths and fill the
            // table for each other, and gives up a depth another worker
            // completes (`tick`). With one thread this is plain iterative
            // deepening. The main worker under MultiPV goes depth by depth,
            // and so does it under the older rule (`smp_spread` 0, where
            // helpers start one or two plies ahead: `staggered_depth`).
            let done = self.sh.completed.load(Relaxed);
            let older = self.sh.params.p.smp_spread == 0;
            let depth = if !self.may_abandon {
                next
            } else if older {
                match staggered_depth(self.id, next, done, max_depth) {
                    Some(depth) => depth,
                    None => break,
                }
            } else {
                match claim_depth(
                    self.sh.searching,
                    self.sh.per_depth,
                    next.max(done + 1),
                    max_depth,
                ) {
                    Some(depth) => depth,
                    None => break,
                }
            };
            if !self.may_abandon || older {
                // `claim_depth` counts its own; the others are counted here.
                self.sh.searching[depth as usize].fetch_add(1, Relaxed);
            }
            // Behind the others, start from their score; under the older
            // rule the main worker keeps its own.
            if done > completed && (self.may_abandon || !older) {
                score = self.sh.score.load(Relaxed);
            }
            next = depth + 1;
            let depth = depth as i32;
            self.root_depth = depth;
            self.seldepth = 0;
            self.iteration_start_nodes = self.nodes;
            self.best_move_nodes = 0;
            let s = self.aspiration(pos, depth, score);
            self.sh.searching[depth as usize].fetch_sub(1, Relaxed);
            if !self.stopped {
                score = s;
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
            if lines_wanted > 1 {
                score = self.more_lines(pos, depth, score, lines_wanted, &mut line_scores);
            }
            completed = depth as u32;
            let deepest = self.sh.completed.fetch_max(completed, Relaxed) < completed;
            if deepest {
                self.sh.score.store(score, Relaxed);
            }
            // The deepest completed iteration is reported by whichever worker
            // completed it (time management reads it), before a depth limit
            // ends the search; under MultiPV only the main worker's lines.
            let answers = self.id == 0 || self.sh.multipv <= 1;
            if lines_wanted > 1 {
                self.report_lines();
            } else if deepest && answers {
                self.send_report(score, true);
            }
            if completed == max_depth && answers {
                // Whoever gets there first answers for all (see `smp::run`);
                // under MultiPV only the main worker, which owes the lines.
                self.sh.halt.store(true, Relaxed);
            }
            if lines_wanted > 1 && self.stopped {
                break;
            }
        }
        self.flush();
        let (best, score) = self.root_best;
        Outcome {
            best,
            ponder: self.root_reply,
            score,
            depth: completed,
        }
    }

    /// One search of the root at `depth` with aspiration windows around
    /// `guess`, widened until the score falls inside; the caller checks
    /// `stopped` before trusting the score.
    fn aspiration(&mut self, pos: &P, depth: i32, guess: i32) -> i32 {
        let mut delta = self.sh.params.p.aspiration_window;
        let (mut alpha, mut beta) =
            if depth >= self.sh.params.p.aspiration_min_depth && !is_decisive(guess) {
                ((guess - delta).max(-INF), (guess + delta).min(INF))
            } else {
                (-INF, INF)
            };
        loop {
            let s = self.alphabeta::<true>(pos, alpha, beta, depth, 0, false);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INF);
            } else if s >= beta {
                beta = (s + delta).min(INF);
            } else {
                return s;
            }
            delta += delta;
        }
    }

    /// MultiPV: after the best line of `depth` (score `first`, in `pv[0]`),
    /// searches line k with the first moves of lines 1..k left out of the
    /// root, until `wanted` lines or a stop. The lines, sorted by score (a
    /// later line can score higher through search instability), are kept
    /// in `lines` for the report; `pv[0]` and the best root move are the top
    /// line's. Returns the top score. `scores` holds the previous depth's
    /// line scores (aspiration guesses) on entry.
    fn more_lines(
        &mut self,
        pos: &P,
        depth: i32,
        first: i32,
        wanted: usize,
        scores: &mut Vec<i32>,
    ) -> i32 {
        let mut lines: Vec<(i32, Vec<P::Move>)> = vec![(first, self.pv[0].to_vec())];
        self.excluded_roots.clear();
        while lines.len() < wanted {
            let Some(&head) = lines.last().and_then(|l| l.1.first()) else {
                break;
            };
            self.excluded_roots.push(head);
            let guess = scores.get(lines.len()).copied().unwrap_or(first);
            let s = self.aspiration(pos, depth, guess);
            if self.stopped || self.pv[0].is_empty() {
                break;
            }
            lines.push((s, self.pv[0].to_vec()));
        }
        self.excluded_roots.clear();
        lines.sort_by_key(|l| std::cmp::Reverse(l.0));
        scores.clear();
        scores.extend(lines.iter().map(|l| l.0));
        let top = lines[0].0;
        self.root_best = (lines[0].1[0], top);
        self.root_reply = lines[0].1.get(1).copied();
        self.pv[0].clear();
        self.pv[0].extend(lines[0].1.iter().copied());
        self.lines = lines;
        top
    }

    /// Sends the lines `more_lines` kept, best first; only the first counts
    /// as the completed iteration (time management reads that one).
    fn report_lines(&mut self) {
        let lines = std::mem::take(&mut self.lines);
        for (k, (score, pv)) in lines.into_iter().enumerate() {
            self.send_line(score, k == 0, pv, k as u32 + 1);
        }
    }

    pub(super) fn send_report(&mut self, score: i32, complete: bool) {
        let pv = self.pv[0].to_vec();
        self.send_line(score, complete, pv, 1);
    }

    fn send_line(&mut self, score: i32, complete: bool, pv: Vec<P::Move>, multipv: u32) {
        self.flush();
        let spent = self.nodes.saturating_sub(self.iteration_start_nodes).max(1);
        let it = Iteration {
            complete,
            best_share: (self.best_move_nodes as f64 / spent as f64).min(1.0),
            depth: self.root_depth as u32,
            seldepth: self.seldepth as u32,
            score,
            pv,
            multipv,
            nodes: self.sh.nodes.load(Relaxed),
        };
        (self.report)(it);
    }

    /// The static evaluation `raw` of `pos` as the search uses it: plus
    /// what the correction history learned of the structure `key`
    /// (`pos.correction_key()`, passed in so a node asks once) and of the
    /// move pair `moves` ([`Worker::move_pair`]), kept clear of the mate
    /// range.
    #[inline]
    pub(super) fn corrected_eval(
        &self,
        pos: &P,
        key: Option<u64>,
        moves: Option<MovePair>,
        raw: i32,
    ) -> i32 {
        let side = pos.side_to_move();
        let raw = faded(
            raw,
            pos.halfmove_clock(),
            P::MOVE_RULE,
            self.sh.params.p.clock_fade,
        );
        let e = self.data.correction.corrected(side, key, moves, raw);
        e.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The two moves that led to the main-search node at `ply`, for the
    /// continuation correction: `None` when it is off
    /// (`cont_correction_max` 0), near the root, or after a null move.
    /// (Quiescence does not record its moves on the stack, so it asks with
    /// `None`.)
    #[inline]
    pub(super) fn move_pair(&self, ply: usize) -> Option<MovePair> {
        if self.sh.params.p.cont_correction_max == 0 {
            return None;
        }
        let [one, two, _] = self.prev_keys(ply);
        Some((two?, one?))
    }

    /// The keys of the moves one, two and four plies above `ply` (`None`
    /// above the root and after a null move; four plies only with
    /// `cont_history_4`).
    #[inline]
    pub(super) fn prev_keys(&self, ply: usize) -> PrevKeys {
        let back = |n: usize| ply.checked_sub(n).and_then(|p| self.stack[p].key);
        let four = if self.sh.params.p.cont_history_4 != 0 {
            back(4)
        } else {
            None
        };
        [back(1), back(2), four]
    }

    /// What a draw at `ply` scores for its side to move: `-contempt` for
    /// the root's side (a positive contempt makes the engine play on where a
    /// draw is available, for variants where most games would end drawn).
    #[inline]
    pub(super) fn draw(&self, ply: usize) -> i32 {
        draw_score(ply, self.sh.params.p.contempt)
    }

    /// Repetition inside the tree, with the variant's meaning: `Some(score)`
    /// when the position recurs on the search path, or for the third time
    /// counting the game. A draw scores [`Worker::draw`]. Under `MoverLoses` the side that
    /// just moved made the position recur, so the side to move wins; a
    /// twofold inside the tree is scored the same way (the player who repeats
    /// first is also the one who would make the third occurrence if the cycle
    /// went on, and the alternative it has is what the search should find).
    ///
    /// That win is a mate score only when the two earlier occurrences are in
    /// the game before the root: then every path to this position ends the
    /// game here, in this search and in later ones. One found on the search
    /// path holds on this path only, so it is [`repetition_win`]: above any
    /// evaluation, below any mate, and so never stored in the table as a
    /// proven result that other paths would trust.
    pub(super) fn repetition(&self, pos: &P, ply: usize) -> Option<i32> {
        let len = self.path.len();
        let window = pos.halfmove_clock() as usize;
        let lowest = len.saturating_sub(window).max(self.null_floor);
        if len < 2 || len - 2 < lowest {
            return None;
        }
        let key = pos.hash();
        let mut count = 0;
        let mut in_tree = false;
        let mut in_game = 0;
        let mut i = len - 2;
        loop {
            if self.path[i] == key {
                count += 1;
                in_tree |= i >= self.root_index;
                in_game += usize::from(i < self.root_index);
            }
            if i < lowest + 2 {
                break;
            }
            i -= 2;
        }
        (in_tree || count >= 2).then(|| match P::REPETITION {
            Repetition::Draw => self.draw(ply),
            Repetition::MoverLoses if in_game >= 2 => mate_in(ply),
            Repetition::MoverLoses => repetition_win(ply),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(searching: &[AtomicU32]) -> Vec<u32> {
        searching[..8].iter().map(|n| n.load(Relaxed)).collect()
    }

    /// One worker a depth (two threads): each takes the lowest free depth
    /// past the first it may start; a depth given back is taken again; with
    /// every depth up to the limit taken, the limit is shared; past the
    /// limit there is nothing to search.
    #[test]
    fn one_worker_a_depth_spreads_over_neighbouring_depths() {
        let searching: Vec<AtomicU32> = (0..8).map(|_| AtomicU32::new(0)).collect();
        assert_eq!(claim_depth(&searching, 1, 1, 6), Some(1));
        assert_eq!(claim_depth(&searching, 1, 1, 6), Some(2));
        assert_eq!(counts(&searching), [0, 1, 1, 0, 0, 0, 0, 0]);
        searching[1].fetch_sub(1, Relaxed);
        assert_eq!(claim_depth(&searching, 1, 2, 6), Some(3));
        assert_eq!(claim_depth(&searching, 1, 1, 6), Some(1));
        assert_eq!(claim_depth(&searching, 1, 5, 6), Some(5));
        assert_eq!(claim_depth(&searching, 1, 5, 6), Some(6));
        assert_eq!(claim_depth(&searching, 1, 5, 6), Some(6));
        assert_eq!(counts(&searching), [0, 1, 1, 1, 0, 1, 2, 0]);
        assert_eq!(claim_depth(&searching, 1, 7, 6), None);
        assert_eq!(counts(&searching), [0, 1, 1, 1, 0, 1, 2, 0]);
    }

    /// Half the threads a depth (here two of four): the threads fill one
    /// depth, then the next.
    #[test]
    fn two_workers_a_depth_fill_a_depth_before_the_next() {
        let searching: Vec<AtomicU32> = (0..8).map(|_| AtomicU32::new(0)).collect();
        let claims: Vec<_> = (0..4).map(|_| claim_depth(&searching, 2, 3, 9)).collect();
        assert_eq!(claims, [Some(3), Some(3), Some(4), Some(4)]);
    }

    /// The older rule: even helpers one ply past the deepest completed
    /// depth, odd ones two, never back below their own next depth nor past
    /// the limit; nothing once the limit is completed.
    #[test]
    fn staggered_helpers_work_one_or_two_plies_ahead() {
        assert_eq!(staggered_depth(2, 1, 3, 20), Some(4));
        assert_eq!(staggered_depth(1, 1, 3, 20), Some(5));
        assert_eq!(staggered_depth(1, 9, 3, 20), Some(9));
        assert_eq!(staggered_depth(1, 6, 5, 6), Some(6));
        assert_eq!(staggered_depth(2, 7, 6, 6), None);
    }

    /// The fade: whole when off or without a move-count rule, else scaled
    /// by the plies left of `n` (halved halfway, gone at `n` and past it),
    /// the same for either sign.
    #[test]
    fn the_evaluation_fades_with_the_clock_only_when_asked() {
        let (off, on) = (0, 200);
        assert_eq!(faded(300, 90, Some(100), off), 300);
        assert_eq!(faded(300, 90, None, on), 300);
        assert_eq!(faded(300, 0, Some(100), on), 300);
        assert_eq!(faded(300, 100, Some(100), on), 150);
        assert_eq!(faded(-300, 100, Some(100), on), -150);
        assert_eq!(faded(300, 250, Some(100), on), 0);
    }
}
