//! Time management: turns [`Limits`] into a soft limit (no new iteration is
//! worth starting after it) and a hard limit (abort the search), both measured
//! from the moment `search` was called.
//!
//! With a clock the budget for one move is `time / moves_to_go + 3/4 inc`
//! (moves_to_go is the parameter `time_moves_to_go`, 25, when the GUI gives
//! none); the soft limit is `time_soft_pct` (80%) of it (and
//! `time_ponder_pct`, 100%, of that when the engine ponders), the hard limit
//! `time_hard_factor` (three) budgets but never more than 40% of what is left
//! after the move overhead, so the clock can never run out: each move takes at
//! most 40% of the remainder, and the increment refills it. With 1 s + 10 ms
//! the first move's budget is about 47 ms and it takes at most 140 ms; even if
//! every move used its whole hard limit plus the whole overhead, the remainder
//! would shrink towards the overhead geometrically and never reach zero.
//! `movetime` uses the given time minus the overhead for both limits. The
//! caller polls the hard limit at least every few milliseconds.
//!
//! A ponder search ([`Limits::ponder`]) has no deadline until its hit; from
//! then on the limits count from the hit ([`Timer`]).

use super::{Limits, Params};
use std::time::{Duration, Instant};

/// At most this share (in percent) of the remaining time on one move: not a
/// parameter, since it is what keeps the clock from running out.
const MAX_SHARE: u32 = 40;
/// With a single legal move, spend this fraction of the soft limit.
const FORCED_DIVISOR: u32 = 8;

/// The soft limit as the search goes: the base from [`deadlines`], scaled
/// after every completed iteration by what the search says about the move
/// (the factors are the parameters `time_new_best_pct`,
/// `time_stable_min_pct`, `time_fall_pct` and `time_share_pct`; the
/// defaults are given here).
/// - Stability: a best move that has not changed for several iterations
///   needs less time (down to 0.55× after six), a new one more (1.5×).
/// - Score drop: a score falling from one iteration to the next means trouble
///   the search has just seen (up to 1.8× for a 100 cp drop or more).
/// - Node share: when the best move took most of the iteration's nodes, the
///   alternatives were refuted fast and the choice is clear (0.7× at 100%);
///   a small share means close alternatives (up to 1.3×).
///
/// The hard limit is not touched, so the scaled soft limit can never make the
/// engine lose on time.
#[derive(Clone, Debug)]
pub(crate) struct SoftLimit {
    adaptive: bool,
    base: Option<Duration>,
    best: u32,
    stable: u32,
    score: Option<i32>,
    scale: f64,
    new_best: f64,
    stable_min: f64,
    fall: f64,
    share: f64,
}

impl SoftLimit {
    /// `adaptive` false (a fixed time per move) keeps the scale at 1; `p`
    /// gives the factors.
    pub fn new(base: Option<Duration>, adaptive: bool, p: &Params) -> Self {
        let pct = |v: i32| f64::from(v) / 100.0;
        SoftLimit {
            adaptive,
            base,
            best: 0,
            stable: 0,
            score: None,
            scale: 1.0,
            new_best: pct(p.time_new_best_pct),
            stable_min: pct(p.time_stable_min_pct),
            fall: pct(p.time_fall_pct),
            share: pct(p.time_share_pct),
        }
    }

    /// Records a completed iteration: its best move (`GameMove::pack`), score
    /// and the share of nodes the best move took.
    pub fn iteration_done(&mut self, best: u32, score: i32, best_share: f64) {
        if best == self.best {
            self.stable += 1;
        } else {
            self.best = best;
            self.stable = 0;
        }
        let stability = match self.stable {
            0 => self.new_best,
            s => (1.25 - 0.12 * s as f64).max(self.stable_min),
        };
        let drop = self.score.map_or(0, |prev| (prev - score).clamp(0, 100));
        let falling = 1.0 + self.fall * drop as f64 / 100.0;
        let share = 1.0 + self.share / 2.0 - self.share * best_share.clamp(0.0, 1.0);
        self.score = Some(score);
        if self.adaptive {
            self.scale = (stability * falling * share).clamp(0.4, 2.5);
        }
    }

    /// Whether no new iteration should start at `elapsed`.
    pub fn reached(&self, elapsed: Duration) -> bool {
        self.base.is_some_and(|b| elapsed >= b.mul_f64(self.scale))
    }
}

/// The clock of one search, as its controlling thread keeps it: when the
/// limits started to count (the search's start, or a ponder search's hit),
/// the deadlines measured from then, and the soft limit as the iterations
/// scale it.
pub(crate) struct Timer<'a> {
    limits: &'a Limits,
    root_count: usize,
    p: &'a Params,
    /// When the limits started to count; `None` while pondering.
    since: Option<Instant>,
    deadlines: Deadlines,
    soft: SoftLimit,
}

impl<'a> Timer<'a> {
    /// The clock of a search of a root with `root_count` legal moves that
    /// started at `start`.
    pub fn new(limits: &'a Limits, root_count: usize, p: &'a Params, start: Instant) -> Self {
        let pondering = limits.ponder.is_some();
        let d = if pondering {
            Deadlines::default()
        } else {
            deadlines(limits, root_count, p)
        };
        Timer {
            limits,
            root_count,
            p,
            since: (!pondering).then_some(start),
            deadlines: d,
            soft: SoftLimit::new(d.soft, limits.movetime.is_none(), p),
        }
    }

    /// The deadlines as they stand (none while pondering).
    pub fn deadlines(&self) -> Deadlines {
        self.deadlines
    }

    /// Whether the search still waits for its ponder hit.
    pub fn pondering(&self) -> bool {
        self.since.is_none()
    }

    /// Time on the clock: since the start, or since the hit.
    fn elapsed(&self) -> Duration {
        self.since.map_or(Duration::ZERO, |s| s.elapsed())
    }

    /// Looks at the ponder switch (on its hit the limits start to count,
    /// with the clock given with the hit) and the hard limit: whether the
    /// search must stop now.
    pub fn poll(&mut self) -> bool {
        if self.since.is_none() {
            let Some(ponder) = self.limits.ponder.as_ref().filter(|p| p.is_hit()) else {
                return false;
            };
            self.since = Some(Instant::now());
            let mut timed = self.limits.clone();
            timed.ponder = None;
            if let Some(clock) = ponder.clock() {
                timed.clock = Some(clock);
            }
            self.deadlines = deadlines(&timed, self.root_count, self.p);
            self.soft.base = self.deadlines.soft;
        }
        self.deadlines.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// How long the controlling thread may wait before it polls again, at
    /// most `poll`.
    pub fn wait(&self, poll: Duration) -> Duration {
        self.deadlines
            .hard
            .map_or(poll, |h| h.saturating_sub(self.elapsed()).min(poll))
    }

    /// Records a completed iteration ([`SoftLimit::iteration_done`]):
    /// whether no new one should start.
    pub fn iteration_done(&mut self, best: u32, score: i32, best_share: f64) -> bool {
        self.soft.iteration_done(best, score, best_share);
        !self.pondering() && self.soft.reached(self.elapsed())
    }

    /// Whether a search whose workers have answered (they ran out of depth)
    /// must still hold its answer back: until the hit while pondering, and
    /// until stopped when told to search until stopped.
    pub fn holds_answer(&mut self) -> bool {
        self.poll();
        let l = self.limits;
        let until_stopped = l.infinite
            || (l.depth.is_none()
                && l.nodes.is_none()
                && l.movetime.is_none()
                && l.clock.is_none());
        self.pondering() || until_stopped
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Deadlines {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// The deadlines for a search of a root with `root_moves` legal moves, with
/// the time parameters of `p`.
pub(crate) fn deadlines(limits: &Limits, root_moves: usize, p: &Params) -> Deadlines {
    if limits.infinite {
        return Deadlines::default();
    }
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(limits.move_overhead);
        return Deadlines {
            soft: Some(t),
            hard: Some(t),
        };
    }
    let Some(clock) = limits.clock else {
        return Deadlines::default();
    };
    let avail = clock.time.saturating_sub(limits.move_overhead);
    let mtg = clock
        .moves_to_go
        .map_or(p.time_moves_to_go.max(1) as u32, |m| m.clamp(1, 50));
    let budget = avail / mtg + clock.inc * 3 / 4;
    let hard = (budget * p.time_hard_factor.max(1) as u32).min(avail * MAX_SHARE / 100);
    let ponder_pct = if limits.ponder_enabled {
        p.time_ponder_pct.max(100) as u32
    } else {
        100
    };
    let mut soft = (budget * p.time_soft_pct.max(0) as u32 / 100 * ponder_pct / 100).min(hard);
    if root_moves == 1 {
        soft /= FORCED_DIVISOR;
    }
    Deadlines {
        soft: Some(soft),
        hard: Some(hard),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Clock;
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(time: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: ms(time),
                inc: ms(inc),
                moves_to_go: mtg,
            }),
            move_overhead: ms(10),
            ..Limits::default()
        }
    }

    /// The shipped time parameters and every corner of their ranges.
    fn time_params() -> Vec<Params> {
        let mut all = vec![Params::DEFAULT];
        for mtg in [5, 60] {
            for soft in [20, 200] {
                for hard in [1, 6] {
                    let mut p = Params::DEFAULT;
                    p.set("time_moves_to_go", mtg).unwrap();
                    p.set("time_soft_pct", soft).unwrap();
                    p.set("time_hard_factor", hard).unwrap();
                    all.push(p);
                }
            }
        }
        all
    }

    #[test]
    fn never_more_than_forty_percent_of_what_is_left() {
        for p in time_params() {
            for time in [0, 1, 5, 20, 60, 100, 1000, 60_000] {
                for inc in [0, 10, 100, 1000] {
                    for mtg in [None, Some(1), Some(2), Some(40)] {
                        let d = deadlines(&clock(time, inc, mtg), 20, &p);
                        let avail = ms(time).saturating_sub(ms(10));
                        assert!(
                            d.hard.unwrap() <= avail * 2 / 5,
                            "{time} {inc} {mtg:?} {p:?}"
                        );
                        assert!(d.soft.unwrap() <= d.hard.unwrap());
                    }
                }
            }
        }
    }

    #[test]
    fn one_second_plus_ten_ms_never_runs_out() {
        // Simulate a whole game where every move uses the full hard limit.
        for p in time_params() {
            let mut left = ms(1000);
            for _ in 0..500 {
                let d = deadlines(&clock(left.as_millis() as u64, 10, None), 30, &p);
                let used = d.hard.unwrap() + ms(10); // plus the overhead we allowed for
                assert!(used <= left);
                left = left - used + ms(10);
            }
            assert!(left >= ms(10));
        }
    }

    #[test]
    fn the_time_parameters_set_the_limits() {
        // 60 s left, no increment: a budget of 60 s / 25 = 2.4 s as shipped.
        let limits = clock(60_010, 0, None);
        let shipped = deadlines(&limits, 20, &Params::DEFAULT);
        assert_eq!(shipped.soft, Some(ms(1920)));
        assert_eq!(shipped.hard, Some(ms(7200)));
        let mut p = Params::DEFAULT;
        p.set("time_moves_to_go", 20).unwrap();
        p.set("time_soft_pct", 60).unwrap();
        p.set("time_hard_factor", 2).unwrap();
        let d = deadlines(&limits, 20, &p);
        assert_eq!(d.soft, Some(ms(1800)));
        assert_eq!(d.hard, Some(ms(6000)));
        // A `movestogo` from the GUI wins over the parameter.
        let given = deadlines(&clock(60_010, 0, Some(30)), 20, &p);
        assert_eq!(given.soft, Some(ms(1200)));
    }

    #[test]
    fn time_ponder_pct_scales_the_soft_limit_of_an_engine_that_ponders() {
        // The same 2.4 s budget as above: 1.92 s soft, and with
        // `time_ponder_pct` 125, 125% of that (2.4 s) when pondering; the
        // hard limit does not move.
        let mut limits = clock(60_010, 0, None);
        let mut p = Params::DEFAULT;
        p.set("time_ponder_pct", 125).unwrap();
        assert_eq!(deadlines(&limits, 20, &p).soft, Some(ms(1920)));
        limits.ponder_enabled = true;
        let d = deadlines(&limits, 20, &p);
        assert_eq!(d.soft, Some(ms(2400)));
        assert_eq!(d.hard, Some(ms(7200)));
        p.set("time_ponder_pct", 100).unwrap();
        assert_eq!(deadlines(&limits, 20, &p).soft, Some(ms(1920)));
        // Never past the hard limit: 200% of 200% of one budget is four
        // budgets, more than the hard limit's one.
        p.set("time_soft_pct", 200).unwrap();
        p.set("time_ponder_pct", 200).unwrap();
        p.set("time_hard_factor", 1).unwrap();
        let d = deadlines(&limits, 20, &p);
        assert_eq!(d.soft, d.hard);
        // A fixed time per move is not scaled.
        let fixed = Limits {
            movetime: Some(ms(1000)),
            ponder_enabled: true,
            ..Limits::default()
        };
        assert_eq!(deadlines(&fixed, 20, &p).soft, Some(ms(1000)));
    }

    #[test]
    fn soft_limit_shrinks_with_a_stable_move_and_grows_when_the_score_falls() {
        let base = Some(ms(1000));
        let mut stable = SoftLimit::new(base, true, &Params::DEFAULT);
        for _ in 0..8 {
            stable.iteration_done(7, 30, 0.9);
        }
        assert!(stable.reached(ms(600)) && !stable.reached(ms(300)));
        let mut falling = SoftLimit::new(base, true, &Params::DEFAULT);
        falling.iteration_done(7, 100, 0.5);
        falling.iteration_done(9, -20, 0.5);
        assert!(!falling.reached(ms(2000)) && falling.reached(ms(2500)));
        assert!(!SoftLimit::new(None, true, &Params::DEFAULT).reached(ms(1_000_000)));
        let mut fixed = SoftLimit::new(base, false, &Params::DEFAULT);
        fixed.iteration_done(7, 100, 0.5);
        fixed.iteration_done(9, -20, 0.5);
        assert!(fixed.reached(ms(1000)) && !fixed.reached(ms(999)));
    }

    /// The soft limit, in ms from a 1 s base, after `iterations` (best move,
    /// score, the best move's node share) with the parameters `p`.
    fn limit_after(p: &Params, iterations: &[(u32, i32, f64)]) -> u64 {
        let mut soft = SoftLimit::new(Some(ms(1000)), true, p);
        for &(best, score, share) in iterations {
            soft.iteration_done(best, score, share);
        }
        let limit = (1..5000).find(|&t| soft.reached(ms(t)));
        limit.expect("a limit below five bases")
    }

    #[test]
    fn the_scaling_parameters_set_the_factors() {
        let mut p = Params::DEFAULT;
        p.set("time_new_best_pct", 100).unwrap();
        p.set("time_fall_pct", 0).unwrap();
        p.set("time_share_pct", 0).unwrap();
        p.set("time_stable_min_pct", 100).unwrap();
        // A new best move whose score fell by 120 cp with a small node share:
        // with these factors nothing moves the limit.
        let falling_new_best = [(7, 100, 0.5), (9, -20, 0.1)];
        assert_eq!(limit_after(&p, &falling_new_best), 1000);
        // A long-stable move stops at the floor (100%), not below it.
        assert_eq!(limit_after(&p, &[(7, 30, 0.9); 8]), 1000);
        // Each factor alone: a new best at 200%; a full fall at +100%; no
        // share at 1 + 1.2/2 = 1.6 with time_share_pct 120.
        p.set("time_new_best_pct", 200).unwrap();
        assert_eq!(limit_after(&p, &[(7, 30, 0.5)]), 2000);
        p.set("time_new_best_pct", 100).unwrap();
        p.set("time_fall_pct", 100).unwrap();
        assert_eq!(limit_after(&p, &falling_new_best), 2000);
        p.set("time_fall_pct", 0).unwrap();
        p.set("time_share_pct", 120).unwrap();
        assert_eq!(limit_after(&p, &[(7, 30, 0.0)]), 1600);
    }

    #[test]
    fn movetime_infinite_and_none() {
        let l = Limits {
            movetime: Some(ms(500)),
            move_overhead: ms(20),
            ..Limits::default()
        };
        assert_eq!(deadlines(&l, 10, &Params::DEFAULT).hard, Some(ms(480)));
        let inf = Limits {
            infinite: true,
            ..clock(1000, 0, None)
        };
        assert_eq!(deadlines(&inf, 10, &Params::DEFAULT), Deadlines::default());
        assert_eq!(
            deadlines(&Limits::default(), 10, &Params::DEFAULT),
            Deadlines::default()
        );
    }

    #[test]
    fn a_ponder_search_is_timed_from_its_hit() {
        let p = Params::DEFAULT;
        let switch = std::sync::Arc::new(super::super::Ponder::default());
        let l = Limits {
            ponder: Some(switch.clone()),
            ..clock(10_000, 100, None)
        };
        let timed = deadlines(&clock(10_000, 100, None), 20, &p);
        // Two seconds ago: past the hard limit of 10 s + 0.1 s (1.4 s).
        let start = Instant::now() - ms(2_000);
        let mut t = Timer::new(&l, 20, &p, start);
        // Before the hit: no deadline, though the search began long ago,
        // no soft limit, and a search out of depth holds its answer.
        assert_eq!(t.deadlines(), Deadlines::default());
        assert!(!t.poll());
        assert!(!t.iteration_done(1, 0, 0.5));
        assert!(t.holds_answer());
        assert!(t.pondering());
        // The hit: the limits' deadlines, counted from now.
        switch.hit(None);
        assert!(!t.poll(), "the time spent pondering is not on the clock");
        assert!(!t.pondering());
        assert_eq!(t.deadlines(), timed);
        assert!(!t.holds_answer());
        // A clock given with the hit replaces the limits' clock.
        let switch = std::sync::Arc::new(super::super::Ponder::default());
        let l = Limits {
            ponder: Some(switch.clone()),
            ..clock(10_000, 100, None)
        };
        let mut t = Timer::new(&l, 20, &p, start);
        let short = clock(1_000, 10, None).clock;
        switch.hit(short);
        t.poll();
        assert_eq!(t.deadlines(), deadlines(&clock(1_000, 10, None), 20, &p));
        // An infinite ponder search still holds its answer after the hit.
        let switch = std::sync::Arc::new(super::super::Ponder::default());
        let l = Limits {
            ponder: Some(switch.clone()),
            infinite: true,
            ..Limits::default()
        };
        let mut t = Timer::new(&l, 20, &p, start);
        switch.hit(None);
        assert!(!t.poll());
        assert!(t.holds_answer());
    }

    #[test]
    fn a_search_without_ponder_is_timed_from_its_start() {
        let p = Params::DEFAULT;
        let l = clock(10_000, 100, None);
        let mut t = Timer::new(&l, 20, &p, Instant::now() - ms(2_000));
        assert_eq!(t.deadlines(), deadlines(&l, 20, &p));
        assert!(t.poll(), "two seconds are past the hard limit (1.4 s)");
        assert!(t.iteration_done(1, 0, 0.5));
        assert!(!t.holds_answer());
    }
}
