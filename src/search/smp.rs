//! Lazy SMP: every worker runs its own iterative deepening on the same root;
//! they share nothing but the transposition table and a few atomics (the stop
//! flags and the node counter), and help each other through the table.
//!
//! All workers run on scoped threads with a large stack (deep recursion with
//! move lists on the stack). The calling thread does no searching: it owns the
//! clock (soft limit after each iteration, hard limit by polling), forwards
//! the workers' iterations to the `info` callback, and ends the search.

use super::params::Tuned;
use super::score::{to_api, MAX_PLY};
use super::time::Timer;
use super::tt::Table;
use super::worker::{Iteration, Outcome, Role, Shared, ThreadData, Worker};
use super::{Info, Limits};
use crate::rules::{Evaluate, GameMove, Position};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Stack of each search thread.
const STACK_BYTES: usize = 64 << 20;
/// Below this hard limit only the main worker runs.
const TINY_BUDGET: Duration = Duration::from_millis(50);
/// The longest the controlling thread sleeps between two looks at the clock.
const POLL: Duration = Duration::from_millis(5);

enum Msg<M> {
    Iter(Iteration<M>),
    Done(Outcome<M>),
}

/// Everything one search needs besides the threads' own data.
pub(crate) struct Job<'a, P: Position> {
    pub pos: &'a P,
    pub history: &'a [u64],
    pub limits: &'a Limits,
    /// The root's legal moves (the time limits depend on it).
    pub root_count: usize,
    pub fallback: (P::Move, i32),
    pub start: Instant,
    /// The root moves to search (empty: all).
    pub root_moves: &'a [u32],
    /// The search parameters of this searcher.
    pub params: &'a Tuned,
}

/// Runs the workers and returns the main worker's outcome and the node count.
pub(crate) fn run<P: Evaluate>(
    job: Job<'_, P>,
    tt: &Table,
    threads: &mut [ThreadData<P::Move>],
    stop: &AtomicBool,
    info: &mut dyn FnMut(&Info),
) -> (Outcome<P::Move>, u64) {
    let halt = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let completed = AtomicU32::new(0);
    let best_score = AtomicI32::new(0);
    let searching: Vec<AtomicU32> = (0..MAX_PLY).map(|_| AtomicU32::new(0)).collect();
    let mut timer = Timer::new(job.limits, job.root_count, &job.params.p, job.start);
    // Helpers cannot pay for their start-up on a tiny budget.
    let tiny = timer.deadlines().hard.is_some_and(|h| h < TINY_BUDGET);
    let workers = if tiny { 1 } else { threads.len() };
    let sh = Shared {
        tt,
        stop,
        halt: &halt,
        nodes: &nodes,
        root_moves: job.root_moves,
        params: job.params,
        completed: &completed,
        searching: &searching,
        per_depth: (workers as u32).div_ceil(2),
        score: &best_score,
        multipv: job.limits.multipv.max(1),
    };
    let max_depth = job
        .limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 2)
        .clamp(1, MAX_PLY as u32 - 2);
    let limits = job.limits;

    let outcome = std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel::<Msg<P::Move>>();
        let mut handles = Vec::new();
        for (id, data) in threads.iter_mut().take(workers).enumerate() {
            // Every worker reports its iterations; only the main worker's
            // answer ends the wait (see below for a main worker that panics).
            let tx = tx.clone();
            let pos = job.pos.clone();
            let history = job.history;
            let fallback = job.fallback;
            let node_limit = if id == 0 { limits.nodes } else { None };
            let deadline = match (id, timer.deadlines().hard) {
                (0, Some(h)) => Some(job.start + h),
                _ => None,
            };
            let h = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(s, move || {
                    let done = (id == 0).then(|| tx.clone());
                    let report = Box::new(move |it: Iteration<P::Move>| {
                        let _ = tx.send(Msg::Iter(it));
                    });
                    let role = Role {
                        id,
                        node_limit,
                        deadline,
                    };
                    let mut w = Worker::new(sh, data, role, history, fallback, report);
                    let out = w.iterate(&pos, max_depth);
                    drop(w);
                    if let Some(tx) = &done {
                        let _ = tx.send(Msg::Done(out));
                    }
                    out
                })
                .expect("spawn a search thread");
            handles.push(h);
        }
        drop(tx);

        let mut shown = Shown {
            deepest: 0,
            send: |it: &Iteration<P::Move>, time| {
                info(&Info {
                    depth: it.depth,
                    seldepth: it.seldepth.max(it.depth),
                    score: to_api(it.score),
                    nodes: it.nodes,
                    time,
                    hashfull: tt.hashfull(),
                    pv: format_line(job.pos, &it.pv),
                    multipv: it.multipv,
                })
            },
        };
        let mut result = None;
        while result.is_none() {
            if timer.poll() {
                halt.store(true, Relaxed);
            }
            let wait = timer.wait(POLL);
            match rx.recv_timeout(wait.max(Duration::from_micros(200))) {
                Ok(Msg::Iter(it)) => {
                    // Only a completed iteration may end the search at the
                    // soft limit: a new best move inside one is a reason to
                    // go on, not to stop.
                    if shown.forward(&it, job.start.elapsed()) && it.complete {
                        let best = it.pv.first().map_or(0, |m| m.pack());
                        if timer.iteration_done(best, it.score, it.best_share) {
                            halt.store(true, Relaxed);
                        }
                    }
                }
                Ok(Msg::Done(out)) => result = Some(out),
                // A main worker that ended without answering panicked: stop
                // the helpers, and the join below passes the panic on.
                Err(mpsc::RecvTimeoutError::Timeout) if handles[0].is_finished() => {
                    while let Ok(msg) = rx.try_recv() {
                        if let Msg::Done(out) = msg {
                            result = Some(out);
                        }
                    }
                    if result.is_none() {
                        halt.store(true, Relaxed);
                        break;
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        if result.is_some() {
            // "Search until stopped", and pondering before its hit: the
            // answer waits even when the search ran out of depth first.
            while !stop.load(Relaxed) && timer.holds_answer() {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        halt.store(true, Relaxed);
        let mut outcomes = Vec::with_capacity(handles.len());
        for h in handles {
            match h.join() {
                Ok(out) => outcomes.push(out),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        // Iterations sent while the main worker was answering: with every
        // worker joined, the deepest one is surely in the channel.
        while let Ok(msg) = rx.try_recv() {
            if let Msg::Iter(it) = msg {
                shown.forward(&it, job.start.elapsed());
            }
        }
        let mut answer: Outcome<P::Move> = result.expect("the main search thread answers");
        for out in outcomes {
            // A helper that completed a deeper iteration than the main
            // worker (the threads work on different depths) answers
            // instead: with a depth limit it is what ended the search.
            if out.depth > answer.depth {
                answer = out;
            }
        }
        answer
    });
    (outcome, nodes.load(Relaxed))
}

/// What the front end has been shown: iterations reach it in order of depth.
/// The workers report from different depths, so a report can arrive after a
/// deeper one; it is old news and is dropped: an iteration shallower than the
/// deepest completed one shown, and a new best move inside an iteration that
/// another worker has already completed (the main worker finds one before it
/// notices that it has to give its depth up). The further lines of a MultiPV
/// iteration, sent after its first, are kept.
struct Shown<F> {
    /// The deepest completed iteration shown (0: none yet).
    deepest: u32,
    send: F,
}

impl<F> Shown<F> {
    /// Shows `it` unless it is old news; whether it was shown.
    fn forward<M>(&mut self, it: &Iteration<M>, time: Duration) -> bool
    where
        F: FnMut(&Iteration<M>, Duration),
    {
        // MultiPV's lines after the first come with the completed iteration
        // (`complete` false: they do not end it), at its depth; a new best
        // move inside an iteration is always line 1.
        let inside_completed = !it.complete && it.multipv == 1 && it.depth == self.deepest;
        let stale = it.depth < self.deepest || inside_completed;
        if stale {
            return false;
        }
        if it.complete {
            self.deepest = it.depth;
        }
        (self.send)(it, time);
        true
    }
}

/// The moves of `line` in notation, as far as they are legal from `pos`.
pub(crate) fn format_line<P: Position>(pos: &P, line: &[P::Move]) -> Vec<String> {
    let mut cur = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !cur.is_legal(m) {
            break;
        }
        out.push(cur.format_move(m));
        cur = cur.play(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iteration(depth: u32, complete: bool, multipv: u32) -> Iteration<u32> {
        Iteration {
            complete,
            best_share: 0.5,
            depth,
            seldepth: depth,
            score: 0,
            pv: vec![depth],
            multipv,
            nodes: 0,
        }
    }

    #[test]
    fn reports_older_than_the_deepest_completed_iteration_are_dropped() {
        let mut sent = Vec::new();
        let mut shown = Shown {
            deepest: 0,
            send: |it: &Iteration<u32>, _| sent.push((it.depth, it.complete)),
        };
        // (depth, complete, MultiPV line, shown)
        let reports = [
            (1, true, 1, true),
            (2, false, 1, true),  // a new best move inside depth 2
            (3, true, 1, true),   // a helper completed depth 3
            (2, false, 1, false), // the main worker, still on depth 2
            (2, true, 1, false),
            (3, false, 1, false), // inside a depth already completed
            (3, false, 2, true),  // MultiPV's second line of depth 3
            (2, false, 2, false),
            (4, false, 1, true),
            (4, true, 1, true),
        ];
        for (depth, complete, line, expected) in reports {
            let it = iteration(depth, complete, line);
            assert_eq!(
                shown.forward(&it, Duration::ZERO),
                expected,
                "{depth} {complete} {line}"
            );
        }
        let expected: Vec<_> = reports.iter().filter(|r| r.3).map(|r| (r.0, r.1)).collect();
        assert_eq!(sent, expected);
    }
}
