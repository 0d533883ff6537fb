#!/usr/bin/env bash
# Lazy SMP time to depth (issue 7): every bench position searched to a fixed
# depth with 1 and with 2 threads (alternating, REPEATS times each, so load
# drifts hit both alike); per position the median time of each, the ratio
# t(1 thread) / t(2 threads), then the median of the ratios over all positions.
#
# A spec `variant[:depth][@file]` searches the positions of an openings-form
# file (`bench --positions`) instead of the eight built-in ones: with eight,
# the median moves by 0.2 between runs of one build; with a hundred it is
# steadier. The geometric mean of the ratios is printed too.
#
#   scripts/smp-ttd.sh [depth] [repeats] [variant[:depth][@file]...]   (default 12 3 chess)
#   scripts/smp-ttd.sh 17 3 chess trubix:15 fugue:12 trebuqi:10 bandit:14
#   scripts/smp-ttd.sh 16 3 chess@openings/chess.txt
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-12}
repeats=${2:-3}
shift $(( $# > 2 ? 2 : $# ))
variants=${*:-chess}
cargo build --release -q
bin=target/release/menagerie
out=$(mktemp)
for spec in $variants; do
  file=
  case $spec in *@*) file=${spec#*@}; spec=${spec%%@*} ;; esac
  v=${spec%%:*}
  d=$depth
  [ "$spec" != "$v" ] && d=${spec#*:}
  for r in $(seq "$repeats"); do
    for t in 1 2; do
      "$bin" bench "$v" --depth "$d" --threads "$t" ${file:+--positions "$file"} |
        awk -v t="$t" '$4 == "nodes" { print $1 "-" $2, t, $5 }' >> "$out"
    done
  done
done
awk '
  { key = $1; t = $2; times[key, t] = times[key, t] " " $3; keys[key] = 1 }
  function median(list,   n, a, i, j, x) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    n = 0
    for (k in keys) {
      t1 = median(times[k, 1]); t2 = median(times[k, 2])
      r = t2 > 0 ? t1 / t2 : 0
      printf "%-12s %8.3f s %8.3f s  ratio %.2f\n", k, t1, t2, r
      ratios[++n] = r; s1 += t1; s2 += t2
      if (r > 0) { logsum += log(r); nlog++ }
    }
    list = ""; for (i = 1; i <= n; i++) list = list " " ratios[i]
    printf "total        %8.3f s %8.3f s  ratio %.2f\n", s1, s2, s1 / s2
    printf "median time-to-depth ratio (1 thread / 2 threads) over %d positions: %.2f\n", n, median(list)
    printf "geometric mean of the ratios: %.2f\n", nlog ? exp(logsum / nlog) : 0
  }' "$out" | sort
rm -f "$out"
