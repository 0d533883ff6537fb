//! The search, generic over the variant contract ([`Position`] + [`Evaluate`]):
//! iterative deepening over a negamax alpha-beta with PVS, aspiration windows,
//! quiescence over noisy moves, a lockless shared transposition table and
//! Lazy SMP. No variant is named here; a variant steers the search only
//! through its trait constants (`HAS_CHECK`, `NULL_MOVE`, `REPETITION`,
//! `MOVE_RULE`) and methods.
//!
//! The files, one concern each: [`alphabeta`](self) (the node, numbered steps,
//! and iterative deepening), `qsearch`, `ordering`, `tt`, `smp` (threads and
//! the controlling loop), `time`, `score` (mate encoding), `params` (every
//! tunable number).
//!
//! The public API is [`Searcher`], [`Limits`] (with [`Ponder`]), [`Info`] and
//! [`SearchResult`]; the search never prints.

mod alphabeta;
mod correction;
mod history;
pub mod one_ply;
mod ordering;
mod params;
mod probcut;
pub use params::{Params, EVAL_UNIT_PARAMS};
mod qsearch;
mod quiet;
mod score;
mod smp;
mod time;
mod tt;
mod worker;

use crate::rules::{Evaluate, GameMove, GenKind, MoveList, Position};
use history::KeySpace;
use ordering::{pick, score_moves, Context, Scores};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use worker::{static_eval, ThreadData};

pub use quiet::{quiet_leaf, QuietLeaf};

/// Time left for the side to move, as the GUI reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Remaining on the mover's clock.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// What bounds one search. All `None`/false = search until stopped.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Use exactly this long (UCI movetime, XBoard st).
    pub movetime: Option<Duration>,
    /// Let time management decide.
    pub clock: Option<Clock>,
    /// Ignore clock/movetime until stopped (analyze, go infinite).
    pub infinite: bool,
    /// Subtract from every time budget (GUI/OS latency).
    pub move_overhead: Duration,
    /// Search only these root moves (`GameMove::pack` codes; UCI
    /// `searchmoves`, or the moves XBoard can draw). Empty, or naming no legal
    /// move: every legal move.
    pub root_moves: Vec<u32>,
    /// How many principal variations to report (UCI/XBoard `MultiPV`): line
    /// `k` is searched with the `k - 1` better root moves left out. 0 and 1
    /// both mean one line, the ordinary search.
    pub multipv: usize,
    /// Pondering: the search runs as if told to go on until stopped, and the
    /// time limits above start to count only when [`Ponder::hit`] is called
    /// (the opponent played the move pondered on); from then on it is the
    /// search they describe, on the same tree.
    pub ponder: Option<Arc<Ponder>>,
    /// The engine thinks on the opponent's time in this game (the UCI option
    /// `Ponder`, CECP `hard`). Part of its thinking is then done while the
    /// opponent's clock runs, so it can afford to spend more of its own: the
    /// soft limit is scaled by the parameter `time_ponder_pct`.
    pub ponder_enabled: bool,
}

/// The switch that turns a ponder search into the engine's search for its
/// move ([`Limits::ponder`]). Hitting it keeps the running search, so the
/// depth pondering reached is not searched again; the limits count from the
/// hit.
#[derive(Debug, Default)]
pub struct Ponder {
    hit: AtomicBool,
    /// The clock as it stands at the hit, when the front end learnt it only
    /// then (CECP sends `time` just before the move); `None`: the limits'.
    clock: Mutex<Option<Clock>>,
}

impl Ponder {
    /// The opponent played the move pondered on: the limits count from now,
    /// with `clock` instead of the limits' clock if given.
    pub fn hit(&self, clock: Option<Clock>) {
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = clock;
        self.hit.store(true, Ordering::Release);
    }

    /// Whether [`Ponder::hit`] was called.
    pub fn is_hit(&self) -> bool {
        self.hit.load(Ordering::Acquire)
    }

    /// The clock given with the hit.
    fn clock(&self) -> Option<Clock> {
        *self.clock.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (full moves, >0: side to move mates, <0: gets mated).
    Mate(i32),
}

/// One progress report, sent after each completed iteration (and on a new best
/// move: when the best root move changes inside an iteration of depth 8 or more,
/// with that iteration's depth and the new move's exact score).
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    /// Permille of the table in use.
    pub hashfull: u32,
    /// Moves in the variant's notation (`format_move`).
    pub pv: Vec<String>,
    /// Which line this is (1 = the best; more than 1 only under
    /// [`Limits::multipv`]): a depth's lines are reported in order.
    pub multipv: u32,
}

/// The answer of one search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// `None` only if the position has no legal move.
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// A search engine for one variant: owns the shared transposition table and
/// the settings; `search` is blocking and runs `threads` Lazy-SMP workers.
pub struct Searcher<P: Position + Evaluate> {
    tt: tt::Table,
    threads: Vec<ThreadData<P::Move>>,
    /// The variant's search parameters (its overrides of the defaults, then
    /// any set at run time).
    params: params::Tuned,
    _variant: PhantomData<fn() -> P>,
}

impl<P: Position + Evaluate> Searcher<P> {
    pub fn new(hash_mb: usize, threads: usize) -> Self {
        let mut s = Searcher {
            tt: tt::Table::new(hash_mb),
            threads: Vec::new(),
            params: params::Tuned::new(Self::variant_params()),
            _variant: PhantomData,
        };
        s.set_threads(threads);
        s
    }

    /// Resizes and clears the table; if `hash_mb` MiB cannot be allocated,
    /// keeps the old table and says so.
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), String> {
        // Free the old table first so its memory counts towards the new one.
        self.tt = tt::Table::new(1);
        match tt::Table::try_new(hash_mb) {
            Some(t) => {
                self.tt = t;
                Ok(())
            }
            None => Err(format!("cannot allocate {hash_mb} MiB for the hash table")),
        }
    }

    /// The defaults, scaled to the variant's evaluation units
    /// (`Evaluate::EVAL_SCALE_PCT`), with its overrides
    /// (`Evaluate::SEARCH_PARAMS`). A scale or override the table refuses is
    /// a bug the test `every_variant_overrides_known_parameters` catches; here
    /// the defaults stand in.
    pub fn variant_params() -> Params {
        Params::for_variant(P::EVAL_SCALE_PCT, P::SEARCH_PARAMS).unwrap_or(Params::DEFAULT)
    }

    /// The current search parameters.
    pub fn params(&self) -> Params {
        self.params.p
    }

    /// Sets one search parameter by name (a tuner's UCI option); Err if the
    /// name is unknown or the value out of range, and nothing changes.
    pub fn set_param(&mut self, name: &str, value: i32) -> Result<(), String> {
        let mut p = self.params.p;
        p.set(name, value)?;
        self.set_params(p);
        Ok(())
    }

    /// Replaces the whole table (e.g. the defaults, for a tool that must
    /// not follow a variant's tuning).
    pub fn set_params(&mut self, p: Params) {
        self.params = params::Tuned::new(p);
    }

    /// At least one thread.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads
            .resize_with(threads.max(1), || ThreadData::new(KeySpace::of::<P>()));
    }

    /// New game: clears the table, history and killers.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.threads.iter_mut().for_each(ThreadData::clear);
    }

    /// Searches `pos`; `history` = hashes of every earlier position of the game
    /// (oldest first, `pos` excluded) for repetition. Returns when a limit is
    /// reached or `stop` becomes true (set by another thread). `info` is called
    /// from the calling thread only.
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        stop: Arc<AtomicBool>,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult<P::Move> {
        let start = Instant::now();
        self.tt.new_search();
        self.threads.iter_mut().for_each(|t| t.hist.clear_low_ply());

        // A root with no legal move: the game is over, there is nothing to search.
        let mut roots = MoveList::new();
        pos.generate(GenKind::All, &mut roots);
        let root_moves: &[u32] = if roots.iter().any(|m| limits.root_moves.contains(&m.pack())) {
            roots.retain(|m| limits.root_moves.contains(&m.pack()));
            &limits.root_moves
        } else {
            &[]
        };
        if roots.is_empty() {
            let outcome = pos
                .static_outcome()
                .unwrap_or_else(|| pos.no_move_outcome());
            return SearchResult {
                best: None,
                ponder: None,
                score: score::to_api(score::outcome_score(outcome, pos.side_to_move(), 0, 0)),
                depth: 0,
                nodes: 0,
            };
        }

        // The answer if the search is stopped before its first iteration ends:
        // the move ordering's favourite (hash move, else the best capture).
        let hash_move = self
            .tt
            .probe(pos.hash())
            .and_then(|h| h.game_move::<P::Move>())
            .filter(|m| root_moves.is_empty() || root_moves.contains(&m.pack()));
        let mut scores = Scores::new();
        let ctx = Context::hash_only(hash_move);
        score_moves(pos, &roots, &ctx, &self.threads[0].hist, &mut scores);
        let fallback = (pick(&mut roots, &mut scores, 0), static_eval(pos));

        let job = smp::Job {
            pos,
            history,
            limits,
            root_count: roots.len(),
            root_moves,
            params: &self.params,
            fallback,
            start,
        };
        let (out, nodes) = smp::run(job, &self.tt, &mut self.threads, &stop, info);
        // The reply to ponder on: the best line's second move, else the
        // table's move after the best move (a line can end at the root when
        // the iteration that found the move was stopped, or at a table hit).
        let ponder = out.ponder.or_else(|| {
            let next = pos.play(out.best);
            self.tt
                .probe(next.hash())
                .and_then(|h| h.game_move())
                .filter(|&m| next.is_legal(m))
        });
        SearchResult {
            best: Some(out.best),
            ponder,
            score: score::to_api(out.score),
            depth: out.depth,
            nodes,
        }
    }
}

/// Compile-time check: a `Searcher` of any variant can move between threads.
#[allow(dead_code)]
fn searcher_is_send<P: Position + Evaluate>() {
    fn assert_send<T: Send>() {}
    assert_send::<Searcher<P>>();
}
