//! What the search test crates share (`tests/search.rs`,
//! `tests/search_params.rs`): a stop flag that is never raised, and a
//! search to a fixed depth that keeps its progress reports.

use menagerie::rules::{Evaluate, Position};
use menagerie::search::{Info, Limits, SearchResult, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub fn no_stop() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

/// Searches `pos` (no game history) to `depth`: the result and every report.
pub fn to_depth<P: Position + Evaluate>(
    s: &mut Searcher<P>,
    pos: &P,
    depth: u32,
) -> (SearchResult<P::Move>, Vec<Info>) {
    let mut infos = Vec::new();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(pos, &[], &limits, no_stop(), &mut |i| infos.push(i.clone()));
    (r, infos)
}
