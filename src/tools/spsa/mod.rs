//! `menagerie spsa`: tunes search parameters by self-play, inside the
//! process (issue #16 item 6 made every constant of the search a parameter
//! so that this could be done without a rebuild).
//!
//! Simultaneous perturbation stochastic approximation, with the gain
//! schedules the chess testing frameworks use: at pair `k` (1-based) of `N`,
//! each tuned parameter is perturbed by `±c_k` (`c_k = c_end · (N/k)^0.101`,
//! the signs drawn at random), the table with `+` plays the table with `-`
//! one pair of games (one opening, colours swapped), and each parameter moves
//! by `a_k / c_k · result · sign`, where `result` is the `+` table's wins
//! minus losses over the pair and `a_k = r_end · c_end² · ((A + N) / (A + k))^0.602`
//! with `A = N / 10`. Parameters stay inside their ranges; the tables
//! played are the values rounded.
//!
//! The games are fixed-node searches, so a run is a pure function of its
//! settings and seed: pairs are played in batches of [`BATCH`] (or
//! `threads`, if more), all from the values at the start of their batch,
//! shared out to the threads as they come free and applied in order. Up to
//! [`BATCH`] threads give the same values, on any machine.
//! Fixed nodes also mean a parameter's cost in time is not seen: a change
//! that makes nodes dearer must still be measured by a timed match.

pub mod cli;
pub mod game;

use crate::rules::{Evaluate, Position};
use crate::search::Params;
use crate::tools::datagen::Start;
use crate::tools::rng::Rng;
use game::Seats;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

/// The exponent of the step size's decay.
pub const ALPHA: f64 = 0.602;
/// The exponent of the perturbation's decay.
pub const GAMMA: f64 = 0.101;
/// The step size's offset `A`, as a share of the run's pairs.
pub const A_SHARE: f64 = 0.1;
/// Pairs played from the same values (more when there are more threads):
/// enough to keep two threads busy while the slower pairs finish.
pub const BATCH: usize = 16;

/// One parameter to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub name: &'static str,
    pub lo: i32,
    pub hi: i32,
    /// The value the run starts from.
    pub start: f64,
    /// The perturbation at the end of the run (`c_end`).
    pub c_end: f64,
}

impl Spec {
    /// The parameter `name` of `Params`, starting at `start`, perturbed by
    /// `c_end` at the end (default: a tenth of `start`, at least 1). The
    /// clock's parameters (`time_*`) are refused: a fixed-node game never
    /// reads them, so a run would only measure noise.
    pub fn new(name: &str, start: f64, c_end: Option<f64>) -> Result<Spec, String> {
        let &(name, lo, hi) = Params::RANGES
            .iter()
            .find(|r| r.0 == name)
            .ok_or_else(|| format!("no search parameter {name}"))?;
        if name.starts_with("time_") {
            return Err(format!(
                "{name} sets the clock's limits, which fixed-node games never read: \
                 measure it with `menagerie match` instead"
            ));
        }
        if !(f64::from(lo)..=f64::from(hi)).contains(&start) {
            return Err(format!("{name} must start in {lo}..={hi}"));
        }
        let c_end = c_end.unwrap_or((start.abs() / 10.0).max(1.0));
        if !(c_end.is_finite() && c_end > 0.0) {
            return Err(format!(
                "{name}: the perturbation must be a positive number"
            ));
        }
        Ok(Spec {
            name,
            lo,
            hi,
            start,
            c_end,
        })
    }

    /// The value played for the tuned value `v`: rounded, within range.
    pub fn played(&self, v: f64) -> i32 {
        (v.round() as i32).clamp(self.lo, self.hi)
    }
}

/// What a run does besides the parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Game pairs of the whole run (`N`).
    pub pairs: u64,
    /// Nodes a move.
    pub nodes: u64,
    /// Threads, each playing one pair at a time.
    pub threads: usize,
    pub seed: u64,
    /// `a_end / c_end²`: the end's step size relative to its perturbation.
    pub r_end: f64,
}

/// The gains at pair `k` (1-based) of a run of `n` pairs: (`a_k`, `c_k`).
pub fn gains(spec: &Spec, k: u64, n: u64, r_end: f64) -> (f64, f64) {
    let (k, n) = (k as f64, n as f64);
    let big_a = A_SHARE * n;
    let c = spec.c_end * (n / k).powf(GAMMA);
    let a = r_end * spec.c_end * spec.c_end * ((big_a + n) / (big_a + k)).powf(ALPHA);
    (a, c)
}

/// `base` with the tuned parameters at `values`, rounded and kept in range.
pub fn table(base: &Params, specs: &[Spec], values: &[f64]) -> Params {
    let mut p = *base;
    for (s, &v) in specs.iter().zip(values) {
        p.set(s.name, s.played(v))
            .expect("a spec names a parameter and stays in range");
    }
    p
}

/// One pair to play: the two tables and the opening (an index of the starts).
#[derive(Clone, Debug)]
pub struct Trial {
    pub plus: Params,
    pub minus: Params,
    pub opening: usize,
}

/// Where a run is.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The tuned parameters' values (unrounded).
    pub values: Vec<f64>,
    /// Pairs played.
    pub pairs: u64,
    /// The `+` tables' pair results: how many pairs scored -2, -1, 0, 1, 2.
    pub results: [u64; 5],
    /// Whether `stop` ended the run early.
    pub stopped: bool,
}

/// The SPSA loop, given a way to play a batch of pairs (`play` returns one
/// result per trial, -2 to 2, or `None` if it was stopped; the batch is then
/// not applied). `report` sees the state after every batch. The openings
/// are drawn from `0..openings`.
pub fn optimise(
    base: &Params,
    specs: &[Spec],
    settings: &Settings,
    openings: usize,
    play: &mut dyn FnMut(&[Trial]) -> Option<Vec<i32>>,
    report: &mut dyn FnMut(&State),
) -> State {
    let mut rng = Rng::new(settings.seed);
    let mut state = State {
        values: specs.iter().map(|s| s.start).collect(),
        pairs: 0,
        results: [0; 5],
        stopped: false,
    };
    let n = settings.pairs;
    while state.pairs < n {
        let batch = (n - state.pairs).min(BATCH.max(settings.threads) as u64);
        // Each pair's signs and gains, drawn in order from the seed.
        let mut steps = Vec::new();
        let mut trials = Vec::new();
        for j in 0..batch {
            let k = state.pairs + j + 1;
            let signs: Vec<f64> = specs
                .iter()
                .map(|_| if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 })
                .collect();
            let g: Vec<(f64, f64)> = specs
                .iter()
                .map(|s| gains(s, k, n, settings.r_end))
                .collect();
            let shifted = |dir: f64| -> Vec<f64> {
                (0..specs.len())
                    .map(|i| state.values[i] + dir * g[i].1 * signs[i])
                    .collect()
            };
            trials.push(Trial {
                plus: table(base, specs, &shifted(1.0)),
                minus: table(base, specs, &shifted(-1.0)),
                opening: rng.below(openings.max(1)),
            });
            steps.push((signs, g));
        }
        let Some(results) = play(&trials) else {
            state.stopped = true;
            break;
        };
        for ((signs, g), r) in steps.iter().zip(&results) {
            for (i, s) in specs.iter().enumerate() {
                let (a, c) = g[i];
                let v = state.values[i] + a / c * f64::from(*r) * signs[i];
                state.values[i] = v.clamp(f64::from(s.lo), f64::from(s.hi));
            }
            state.results[(r + 2).clamp(0, 4) as usize] += 1;
            state.pairs += 1;
        }
        report(&state);
    }
    state
}

/// A whole run for the variant `P`: `specs` tuned from the variant's own
/// table, pairs played from `starts` (which must not be empty) on
/// `settings.threads` threads, until done or `stop`.
pub fn run<P: Position + Evaluate>(
    specs: &[Spec],
    settings: &Settings,
    starts: &[Start<P>],
    stop: &AtomicBool,
    report: &mut dyn FnMut(&State),
) -> State {
    let base = crate::search::Searcher::<P>::variant_params();
    let mut seats: Vec<Seats<P>> = (0..settings.threads.max(1))
        .map(|_| Seats::default())
        .collect();
    let nodes = settings.nodes;
    let mut play = |trials: &[Trial]| -> Option<Vec<i32>> {
        // Each thread takes the next pair as it comes free.
        let next = AtomicUsize::new(0);
        let mut results = vec![None; trials.len()];
        std::thread::scope(|s| {
            let handles: Vec<_> = seats
                .iter_mut()
                .map(|seat| {
                    let next = &next;
                    s.spawn(move || {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Relaxed);
                            let Some(t) = trials.get(i) else {
                                return mine;
                            };
                            let start = &starts[t.opening];
                            mine.push((i, seat.play_pair(start, &t.plus, &t.minus, nodes, stop)));
                        }
                    })
                })
                .collect();
            for h in handles {
                let mine = h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                for (i, r) in mine {
                    results[i] = r;
                }
            }
        });
        if stop.load(Relaxed) {
            return None;
        }
        results.into_iter().collect()
    };
    optimise(&base, specs, settings, starts.len(), &mut play, report)
}

#[cfg(test)]
mod tests;
