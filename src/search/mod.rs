//! PLACEHOLDER search with the fixed API of `SEARCH_API.md`: a plain iterative
//! deepening alpha-beta over `generate`/`play`/`evaluate`. It exists so the
//! protocol layer can be written and tested; the real search replaces this
//! whole folder at merge. No variant names here.

use crate::rules::{game_outcome, Evaluate, GenKind, MoveList, Outcome, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Time left for the side to move, as the GUI reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: Duration,
    pub inc: Duration,
    pub moves_to_go: Option<u32>,
}

/// What bounds one search. All `None`/false = search until stopped.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    pub infinite: bool,
    pub move_overhead: Duration,
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (>0: side to move mates, <0: gets mated).
    Mate(i32),
}

/// One progress report, sent after each completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<String>,
}

/// The answer of one search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// A search engine for one variant (placeholder: no table, one thread).
pub struct Searcher<P: Position + Evaluate> {
    _hash_mb: usize,
    _threads: usize,
    _marker: std::marker::PhantomData<fn() -> P>,
}

const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_DEPTH: u32 = 64;

struct Ctx<'a> {
    stop: &'a AtomicBool,
    nodes: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    aborted: bool,
    history: Vec<u64>,
}

impl Ctx<'_> {
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || (self.nodes & 255 == 0
                && (self.stop.load(Ordering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }
}

fn outcome_score<P: Position>(pos: &P, o: Outcome, ply: i32) -> i32 {
    match o.winner() {
        None => 0,
        Some(w) if w == pos.side_to_move() => MATE - ply,
        Some(_) => -MATE + ply,
    }
}

fn alphabeta<P: Position + Evaluate>(
    ctx: &mut Ctx,
    pos: &P,
    depth: u32,
    ply: i32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    ctx.nodes += 1;
    if ply > 0 {
        if let Some(o) = game_outcome(pos, &ctx.history) {
            return outcome_score(pos, o, ply);
        }
    }
    if ctx.should_stop() || depth == 0 {
        return pos.evaluate();
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    ctx.history.push(pos.hash());
    let mut best = -INF;
    for &m in &list {
        let s = -alphabeta(ctx, &pos.play(m), depth - 1, ply + 1, -beta, -alpha);
        if ctx.aborted {
            break;
        }
        best = best.max(s);
        alpha = alpha.max(s);
        if alpha >= beta {
            break;
        }
    }
    ctx.history.pop();
    best
}

fn to_score(s: i32) -> Score {
    if s.abs() >= MATE - 1000 {
        let plies = MATE - s.abs();
        let moves = (plies + 1) / 2;
        Score::Mate(if s > 0 { moves } else { -moves })
    } else {
        Score::Cp(s)
    }
}

impl<P: Position + Evaluate> Searcher<P> {
    pub fn new(hash_mb: usize, threads: usize) -> Self {
        Searcher {
            _hash_mb: hash_mb,
            _threads: threads,
            _marker: std::marker::PhantomData,
        }
    }

    pub fn set_hash(&mut self, hash_mb: usize) {
        self._hash_mb = hash_mb;
    }

    pub fn set_threads(&mut self, threads: usize) {
        self._threads = threads;
    }

    pub fn clear(&mut self) {}

    /// Searches `pos`; see `SEARCH_API.md`.
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        stop: Arc<AtomicBool>,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult<P::Move> {
        let start = Instant::now();
        let budget = if limits.infinite {
            None
        } else if let Some(t) = limits.movetime {
            Some(t.saturating_sub(limits.move_overhead))
        } else {
            limits.clock.map(|c| {
                let togo = c.moves_to_go.unwrap_or(30).clamp(1, 30);
                (c.time / togo + c.inc * 3 / 4)
                    .min(c.time / 2)
                    .saturating_sub(limits.move_overhead)
            })
        };
        let mut ctx = Ctx {
            stop: &stop,
            nodes: 0,
            node_limit: limits.nodes,
            deadline: budget.map(|b| start + b.max(Duration::from_millis(1))),
            aborted: false,
            history: history.to_vec(),
        };
        let mut roots = MoveList::new();
        pos.generate(GenKind::All, &mut roots);
        let mut result = SearchResult {
            best: roots.first().copied(),
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        };
        if roots.is_empty() {
            return result;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        ctx.history.push(pos.hash());
        for depth in 1..=max_depth {
            let mut alpha = -INF;
            let mut best = None;
            // Search the previous best first so a cut-short iteration still helps.
            let mut order: Vec<P::Move> = roots.to_vec();
            if let Some(b) = result.best {
                if let Some(i) = order.iter().position(|&m| m == b) {
                    order.swap(0, i);
                }
            }
            for &m in &order {
                let s = -alphabeta(&mut ctx, &pos.play(m), depth - 1, 1, -INF, -alpha);
                if ctx.aborted {
                    break;
                }
                if s > alpha {
                    alpha = s;
                    best = Some(m);
                }
            }
            if ctx.aborted && depth > 1 {
                break;
            }
            if let Some(b) = best {
                result.best = Some(b);
                result.score = to_score(alpha);
                result.depth = depth;
            }
            result.nodes = ctx.nodes;
            info(&Info {
                depth,
                seldepth: depth,
                score: result.score,
                nodes: ctx.nodes,
                time: start.elapsed(),
                hashfull: 0,
                pv: result.best.iter().map(|&m| pos.format_move(m)).collect(),
            });
            if ctx.aborted || matches!(result.score, Score::Mate(_)) && !limits.infinite {
                break;
            }
        }
        // An infinite search waits for `stop` even when it has finished.
        while limits.infinite && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        result.nodes = ctx.nodes;
        result
    }
}
