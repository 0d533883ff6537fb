//! `bench`: a fixed set of positions per variant, each searched to a fixed
//! depth by one thread with a fixed table after `clear()`. The total node
//! count is the search's signature (`Bench: N` in commit messages): any
//! functional change to search, evaluation or move generation moves it, and
//! the same build gives the same number on every machine.
//!
//! The positions need no per-variant data: the start position, then positions
//! reached by deterministic random playouts (a fixed-seed xorshift choosing
//! among the legal moves), so a variant added to the registry is benched
//! without touching this file.

use crate::rules::{Evaluate, GenKind, MoveList, Position};
use crate::search::{Limits, Searcher};
use std::sync::{atomic::AtomicBool, Arc};
use std::time::{Duration, Instant};

/// Default search depth of `menagerie bench`.
pub const DEFAULT_DEPTH: u32 = 9;
/// Table size of the bench (MiB): fixed, as the node count depends on it.
pub const HASH_MB: usize = 16;
/// Playout lengths (plies) of the positions after the start position.
const PLAYOUT_PLIES: [u32; 7] = [7, 10, 15, 20, 25, 31, 40];

/// xorshift64: small, fast and the same everywhere.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// The bench positions of `P`: the start position and one playout per
/// entry of `PLAYOUT_PLIES`. A playout that would end the game stops one ply
/// short, so every position has a legal move.
pub fn positions<P: Position>() -> Vec<P> {
    let start = P::startpos();
    let mut out = vec![start.clone()];
    for (i, &plies) in PLAYOUT_PLIES.iter().enumerate() {
        let mut rng =
            XorShift(0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut pos = start.clone();
        for _ in 0..plies {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            let next = pos.play(list[(rng.next() % list.len() as u64) as usize]);
            let mut replies = MoveList::new();
            next.generate(GenKind::All, &mut replies);
            if replies.is_empty() || next.static_outcome().is_some() {
                break;
            }
            pos = next;
        }
        out.push(pos);
    }
    out
}

/// One bench position's result.
pub struct BenchLine {
    pub fen: String,
    pub nodes: u64,
    pub time: Duration,
}

/// Searches every bench position of `P` to `depth` with `threads` threads
/// (the signature is the one-thread count); `report` sees each line.
pub fn bench<P: Position + Evaluate>(
    depth: u32,
    threads: usize,
    report: &mut dyn FnMut(&BenchLine),
) -> (u64, Duration) {
    let mut searcher = Searcher::<P>::new(HASH_MB, threads);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut total = 0;
    let mut time = Duration::ZERO;
    for pos in positions::<P>() {
        searcher.clear();
        let start = Instant::now();
        let r = searcher.search(
            &pos,
            &[],
            &limits,
            Arc::new(AtomicBool::new(false)),
            &mut |_| {},
        );
        let line = BenchLine {
            fen: pos.to_fen(),
            nodes: r.nodes,
            time: start.elapsed(),
        };
        report(&line);
        total += line.nodes;
        time += line.time;
    }
    (total, time)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;

    #[test]
    fn positions_are_distinct_and_playable() {
        let ps = positions::<Chess>();
        assert_eq!(ps.len(), 1 + PLAYOUT_PLIES.len());
        let fens: std::collections::HashSet<String> = ps.iter().map(|p| p.to_fen()).collect();
        assert_eq!(fens.len(), ps.len());
        assert_eq!(positions::<Chess>()[3].to_fen(), ps[3].to_fen());
    }
}
