#!/usr/bin/env bash
# Single-thread chess perft speed: menagerie against Stockfish (Debian package
# `stockfish`), same positions, same run, median of N runs each, as a ratio of
# nodes per second. Wall time of the whole process for both engines (start-up
# included for both: Stockfish loads its network, menagerie builds its magics).
#
#   scripts/compare-perft.sh [runs]      (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
sf=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$sf" ] || { echo "stockfish not installed (apt-get install stockfish)"; exit 1; }
cargo build --release -q
me=target/release/menagerie

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

bench() { # label, depth, fen-or-empty
  local label=$1 depth=$2 fen=$3 t0 t1 mine=() theirs=() nodes_me nodes_sf
  for _ in $(seq "$runs"); do
    t0=$(now)
    if [ -n "$fen" ]; then out=$($me perft chess "$depth" --fen "$fen" 2>/dev/null); else out=$($me perft chess "$depth" 2>/dev/null); fi
    t1=$(now); mine+=($(( (t1 - t0) / 1000 )))
    nodes_me=$(echo "$out" | awk '/Nodes searched/ {print $3}')
    pos=${fen:+fen $fen}; pos=${pos:-startpos}
    t0=$(now)
    out=$(printf 'position %s\ngo perft %s\nquit\n' "$pos" "$depth" | "$sf" 2>/dev/null)
    t1=$(now); theirs+=($(( (t1 - t0) / 1000 )))
    nodes_sf=$(echo "$out" | awk '/Nodes searched/ {print $3}')
  done
  local m s
  m=$(printf '%s\n' "${mine[@]}" | median)
  s=$(printf '%s\n' "${theirs[@]}" | median)
  [ "$nodes_me" = "$nodes_sf" ] || { echo "$label: node counts differ: $nodes_me vs $nodes_sf"; exit 1; }
  awk -v l="$label" -v n="$nodes_me" -v m="$m" -v s="$s" 'BEGIN {
    printf "%-12s nodes %d  menagerie %.3f s (%.1f Mnps)  stockfish %.3f s (%.1f Mnps)  ratio %.2f\n",
      l, n, m/1e6, n/m, s/1e6, n/s, s/m }'
}

bench "start d6" 6 ""
bench "kiwipete d5" 5 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
