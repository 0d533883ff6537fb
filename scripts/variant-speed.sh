#!/usr/bin/env bash
# Perft speed of every variant against chess, single thread, same run:
# the cases run in turn, round after round (so drift of the VM's speed hits
# all of them alike), and each case's median nodes per second is printed with
# its ratio to chess's median.
#
#   scripts/variant-speed.sh [rounds]      (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
cargo build --release -q
me=target/release/menagerie
cases=("chess 6" "chess 5 --fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R_w_KQkq_-_0_1"
       "trubix 7" "fugue 5" "trebuqi 5" "trebuqi2 5" "trebuqi3 5" "bandit 6")
declare -A nps
for _ in $(seq "$rounds"); do
  for c in "${cases[@]}"; do
    read -r v d rest <<<"$c"
    args=("$v" "$d")
    if [ -n "${rest:-}" ]; then fen=${rest#--fen }; args+=(--fen "${fen//_/ }"); fi
    line=$("$me" perft "${args[@]}" 2>&1 >/dev/null | grep -o '[0-9]* nodes/s')
    nps[$c]+="${line%% *} "
  done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
base=$(echo "${nps[${cases[0]}]}" | median)
for c in "${cases[@]}"; do
  m=$(echo "${nps[$c]}" | median)
  label=${c%% --fen*}; [ "$c" != "$label" ] && label="$label kiwipete"
  awk -v l="$label" -v m="$m" -v b="$base" 'BEGIN {printf "%-22s %7.1f Mnps  %.2f x chess start d6\n", l, m/1e6, m/b}'
done
