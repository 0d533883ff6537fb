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
//!
//! `--positions FILE` searches the positions of an openings-form file
//! instead: not a signature (another set), but a steadier measure of Lazy
//! SMP than eight odd positions (`scripts/smp-ttd.sh variant@FILE`).

use crate::arena::openings::{self, Opening};
use crate::outln;
use crate::rules::{game_outcome, Evaluate, GenKind, MoveList, Position};
use crate::search::{Limits, Searcher};
use crate::variants::{dispatch, VariantVisitor, VARIANTS};
use std::path::Path;
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

/// A bench position with the hashes of the game before it (for repetitions).
pub type BenchPosition<P> = (P, Vec<u64>);

/// The built-in positions of `P`, none with a game before it.
pub fn builtin<P: Position>() -> Vec<BenchPosition<P>> {
    positions::<P>()
        .into_iter()
        .map(|p| (p, Vec::new()))
        .collect()
}

/// The positions an openings file names (`bench --positions`): each
/// opening's moves played from its start. An opening whose moves are illegal
/// or that ends the game is an error naming it: a bench of other positions
/// than the user asked for would measure something else.
pub fn from_openings<P: Position>(list: &[Opening]) -> Result<Vec<BenchPosition<P>>, String> {
    list.iter()
        .enumerate()
        .map(|(i, o)| {
            let (pos, history) = o
                .play::<P>()
                .map_err(|e| format!("position {}: {e}", i + 1))?;
            if let Some(end) = game_outcome(&pos, &history) {
                return Err(format!(
                    "position {}: the game is over ({})",
                    i + 1,
                    end.reason()
                ));
            }
            Ok((pos, history))
        })
        .collect()
}

/// One bench position's result.
pub struct BenchLine {
    pub fen: String,
    pub nodes: u64,
    pub time: Duration,
}

/// Searches every position of `set` (usually [`builtin`]) to `depth` with
/// `threads` threads (the signature is the one-thread count of the built-in
/// set); `report` sees each line.
pub fn bench<P: Position + Evaluate>(
    set: &[BenchPosition<P>],
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
    for (pos, history) in set {
        searcher.clear();
        let start = Instant::now();
        let r = searcher.search(
            pos,
            history,
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

/// `menagerie bench`: the positions of `variant` (every variant when
/// `None`), or of the file `positions`, searched to `depth`, one line each,
/// then the total `<N> nodes <M> nps`.
pub fn run(
    variant: Option<&str>,
    depth: u32,
    threads: usize,
    positions: Option<&Path>,
) -> Result<(), String> {
    if !(1..=64).contains(&depth) {
        return Err("--depth takes a number from 1 to 64".into());
    }
    if !(1..=256).contains(&threads) {
        return Err("--threads takes a number from 1 to 256".into());
    }
    let file = match positions {
        None => None,
        Some(path) => {
            if variant.is_none() {
                return Err("--positions needs a variant".into());
            }
            let name = path.display().to_string();
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read positions file {name}: {e}"))?;
            let list = openings::parse(&text).map_err(|e| format!("positions file {name}: {e}"))?;
            Some((name, list))
        }
    };
    let names: Vec<&str> = variant.map_or_else(|| VARIANTS.to_vec(), |v| vec![v]);
    let (mut nodes, mut time) = (0, Duration::ZERO);
    for name in names {
        let cmd = BenchCmd {
            depth,
            threads,
            file: file
                .as_ref()
                .map(|(name, list)| (name.as_str(), list.as_slice())),
        };
        let (n, t) = dispatch(name, cmd).map_err(|e| e.to_string())??;
        nodes += n;
        time += t;
    }
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    outln!("{nodes} nodes {nps} nps");
    Ok(())
}

struct BenchCmd<'a> {
    depth: u32,
    threads: usize,
    /// The positions file's name and openings.
    file: Option<(&'a str, &'a [Opening])>,
}

impl VariantVisitor for BenchCmd<'_> {
    type Output = Result<(u64, Duration), String>;
    fn visit<P: Position + Evaluate>(self) -> Self::Output {
        let set = match self.file {
            None => builtin::<P>(),
            Some((name, list)) => {
                from_openings::<P>(list).map_err(|e| format!("positions file {name}: {e}"))?
            }
        };
        let mut i = 0;
        Ok(bench::<P>(&set, self.depth, self.threads, &mut |line| {
            i += 1;
            outln!(
                "{} {i:>2} {:>10} nodes {:>9.3} s  {}",
                P::NAME,
                line.nodes,
                line.time.as_secs_f64(),
                line.fen
            );
        }))
    }
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
