#!/usr/bin/env bash
# Perft thread scaling: `--threads 2` against one thread, same position, runs
# alternated round after round; prints each run's ratio and the median ratio
# of nodes per second (the figure issue #2 asks for: at least 1.8x).
#
#   scripts/perft-threads.sh [rounds] [variant depth ...]   (default: 7 chess 7)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}; shift || true
[ $# -ge 2 ] || set -- chess 7
cargo build --release -q
me=target/release/menagerie
nps() { "$me" perft "$@" 2>&1 >/dev/null | grep -o '[0-9]* nodes/s' | cut -d' ' -f1; }
while [ $# -ge 2 ]; do
  v=$1 d=$2; shift 2
  ratios=()
  for _ in $(seq "$rounds"); do
    one=$(nps "$v" "$d" --threads 1); two=$(nps "$v" "$d" --threads 2)
    ratios+=("$(awk -v a="$one" -v b="$two" 'BEGIN {printf "%.3f", b/a}')")
  done
  med=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$v d$d: 2 threads / 1 thread = ${ratios[*]}  median $med"
done
