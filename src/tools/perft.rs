//! Perft: counts the leaf nodes of the legal move tree, the standard check of a
//! move generator. The last ply is bulk-counted ([`Position::count_moves`]).
//! `--threads N` splits the work two plies deep across a rayon pool of N
//! threads, so even a root with few moves keeps every thread busy.

use crate::rules::{GenKind, MoveList, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Leaf count of the legal move tree of `pos` to `depth` plies.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_moves() as u64;
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list.iter().map(|&m| perft(&pos.play(m), depth - 1)).sum()
}

/// [`perft`] that gives up (None) once `stop` is set. The flag is read at
/// every node three or more plies above the leaves, so a stop takes effect
/// within one depth-2 subtree (a few thousand nodes).
pub fn perft_until<P: Position>(pos: &P, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut total = 0;
    for &m in &list {
        total += perft_until(&pos.play(m), depth - 1, stop)?;
    }
    Some(total)
}

/// Per-root-move counts (generation order) on one thread, or None if `stop`
/// was set before they were all counted (the protocols' stoppable perft).
pub fn divide_until<P: Position>(
    pos: &P,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(P::Move, u64)>> {
    let mut roots = MoveList::new();
    pos.generate(GenKind::All, &mut roots);
    roots
        .iter()
        .map(|&m| Some((m, perft_until(&pos.play(m), depth.max(1) - 1, stop)?)))
        .collect()
}

/// Per-root-move counts (in generation order) using `threads` threads.
pub fn divide<P: Position>(pos: &P, depth: u32, threads: usize) -> Vec<(P::Move, u64)> {
    assert!(depth >= 1);
    if threads <= 1 {
        return divide_until(pos, depth, &AtomicBool::new(false)).expect("never stopped");
    }
    let mut roots = MoveList::new();
    pos.generate(GenKind::All, &mut roots);
    // Work items: (root index, position two plies down or one if depth is small).
    let mut items: Vec<(usize, P)> = Vec::new();
    for (i, &m) in roots.iter().enumerate() {
        let child = pos.play(m);
        if depth >= 3 {
            let mut replies = MoveList::new();
            child.generate(GenKind::All, &mut replies);
            items.extend(replies.iter().map(|&r| (i, child.play(r))));
        } else {
            items.push((i, child));
        }
    }
    let rest = if depth >= 3 { depth - 2 } else { depth - 1 };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a rayon pool");
    let counts: Vec<(usize, u64)> = pool.install(|| {
        items
            .par_iter()
            .map(|(i, p)| (*i, perft(p, rest)))
            .collect()
    });
    let mut totals = vec![0u64; roots.len()];
    for (i, n) in counts {
        totals[i] += n;
    }
    roots.iter().copied().zip(totals).collect()
}

/// Leaf count using `threads` threads.
pub fn perft_threads<P: Position>(pos: &P, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(pos, depth);
    }
    divide(pos, depth, threads).iter().map(|&(_, n)| n).sum()
}

/// How far a [`divide_reporting`] run has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Root moves whose subtrees are fully counted.
    pub roots_done: usize,
    /// Root moves in all.
    pub roots: usize,
    /// Leaves counted so far (the finished root moves' subtrees).
    pub nodes: u64,
}

/// Per-root-move counts, root move by root move, calling `report` after each
/// one (for a progress display) and giving up once `stop` is set (Ctrl-C).
/// With `threads` > 1 each root move's subtree is split across a rayon pool.
/// Returns the counts of the root moves finished, in generation order; fewer
/// than the root has if it was stopped.
pub fn divide_reporting<P: Position>(
    pos: &P,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    report: &mut dyn FnMut(Progress),
) -> Vec<(P::Move, u64)> {
    assert!(depth >= 1);
    let mut roots = MoveList::new();
    pos.generate(GenKind::All, &mut roots);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .expect("a rayon pool");
    let mut counts = Vec::with_capacity(roots.len());
    let mut nodes = 0;
    for &m in &roots {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let child = pos.play(m);
        let count = if threads > 1 && depth >= 3 {
            let mut replies = MoveList::new();
            child.generate(GenKind::All, &mut replies);
            pool.install(|| {
                replies
                    .par_iter()
                    .map(|&r| perft_until(&child.play(r), depth - 2, stop))
                    .sum::<Option<u64>>()
            })
        } else {
            perft_until(&child, depth - 1, stop)
        };
        // A subtree cut short by `stop` is not counted (None): the total stays
        // exact for the root moves it covers.
        let Some(count) = count else {
            break;
        };
        nodes += count;
        counts.push((m, count));
        report(Progress {
            roots_done: counts.len(),
            roots: roots.len(),
            nodes,
        });
    }
    counts
}
