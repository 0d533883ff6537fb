#!/usr/bin/env bash
# Builds a measuring engine: today's tree (rules, evaluations, weights,
# protocols) whose UCI and XBoard sessions search with the search of 30a47e2,
# the commit before the search-strength issue. Played against today's engine it
# measures the search alone with the same evaluation on both sides
# (docs/strength.md, "The search alone, today's evaluation on both sides").
#
#   scripts/old-search-build.sh [dir]   (default: ${TMPDIR:-/tmp}/menagerie-old-search)
#
# The build lands in <dir>/target/release/menagerie; the scratch tree is a git
# worktree of HEAD (remove it with `git worktree remove --force <dir>`). The old
# search's nine files are copied whole as a second module; it calls only what
# the contract had at 30a47e2 (generation, play, null move, check, noisy moves,
# outcomes, evaluate, capture gain), all still in today's contract. Three seams
# are adapted: the public types (Clock, Limits, Info, Score, SearchResult,
# Params) are today's, its progress reports say `multipv 1`, and the session's
# parameter options read today's table and refuse to set anything. `bench` and
# the tools (datagen, tune, spsa, the web board) still use today's search.
set -euo pipefail
cd "$(dirname "$0")/.."
old=30a47e2
dir=${1:-${TMPDIR:-/tmp}/menagerie-old-search}
[ -e "$dir" ] && { echo "error: $dir exists; remove it or name another directory" >&2; exit 2; }
git worktree add --detach "$dir" HEAD
cd "$dir"

mkdir src/oldsearch
for f in alphabeta mod ordering params qsearch score smp time tt; do
  git show "$old:src/search/$f.rs" > "src/oldsearch/$f.rs"
done

# Each edit must apply exactly; a tree that has moved on fails here, not later.
edit() { # file, perl substitution, text that must then be present
  perl -0pi -e "$2" "$1"
  grep -qF -- "$3" "$1" || { echo "error: the edit of $1 did not apply ($3)" >&2; exit 1; }
}
edit src/oldsearch/mod.rs \
  's{/// Time left for the side to move.*?(?=/// A search engine for one variant)}{pub use crate::search::{Clock, Info, Limits, Params, Score, SearchResult};\n\n}s' \
  'pub use crate::search::{Clock'
edit src/oldsearch/mod.rs 's{use std::time::\{Duration, Instant\};}{use std::time::Instant;}' \
  'use std::time::Instant;'
edit src/oldsearch/mod.rs 's{(    /// At least one thread\.)}{    /// The session reads today\x27s table (the old search has its own, fixed).
    pub fn params(&self) -> Params {
        crate::search::Searcher::<P>::variant_params()
    }

    /// The old search takes no parameter at run time.
    pub fn set_param(&mut self, name: &str, _value: i32) -> Result<(), String> {
        Err(format!("the old search has no parameter {name}"))
    }

$1}' 'pub fn set_param'
edit src/oldsearch/smp.rs 's{(\n( *)pv: format_line\(job\.pos, &it\.pv\),)}{$1\n$2multipv: 1,}' \
  'multipv: 1,'
edit src/lib.rs 's{\npub mod search;}{\npub mod oldsearch;\npub mod search;}' 'pub mod oldsearch;'
edit src/protocol/session.rs \
  's{use crate::search::\{one_ply, Info, Limits, Params, Score, Searcher\};}{use crate::oldsearch::Searcher;\nuse crate::search::{one_ply, Info, Limits, Params, Score};}' \
  'use crate::oldsearch::Searcher;'

cargo build --release
echo "built: $dir/target/release/menagerie (30a47e2's search, today's evaluation)"
