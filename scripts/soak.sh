#!/usr/bin/env bash
# Soak test (issue 10): `menagerie match` between menagerie (1 thread) and
# menagerie-2t (2 threads) in every variant at a fast time control, then a
# report of crashes, illegal moves and time losses (PGN terminations and the
# summaries' Endings lines) and of the engines' peak memory (VmHWM, sampled
# from /proc by a wrapper around each engine process) against the Hash setting.
#
#   scripts/soak.sh [games per variant] [tc] [hash MiB]   (default 4, 1+0.01, 64)
#   VARIANTS="chess bandit" scripts/soak.sh 100            (a subset)
#   CONCURRENCY=2 scripts/soak.sh 143                      (two games at a time)
#
# Issue 10's goal: zero crashes, illegal moves and time losses over 1,000
# games, and peak memory within Hash + 64 MiB.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-4}
tc=${2:-1+0.01}
hash=${3:-64}
variants=${VARIANTS:-chess trubix fugue trebuqi trebuqi2 trebuqi3 bandit}
concurrency=${CONCURRENCY:-1}
cargo build --release -q
bin=$(pwd)/target/release/menagerie
dir=$(mktemp -d /tmp/soak.XXXXXX)

# The wrapper runs the engine with the wrapper's stdin and stdout and records
# the process's VmHWM (kB) in mem.log when it ends.
cat > "$dir/wrap.sh" <<WRAP
#!/usr/bin/env bash
"$bin" "\$@" <&0 &
pid=\$!
trap 'kill \$pid 2>/dev/null' TERM INT
peak=0
while kill -0 \$pid 2>/dev/null; do
  h=\$(awk '/^VmHWM/ {print \$2}' /proc/\$pid/status 2>/dev/null || true)
  if [ -n "\$h" ] && [ "\$h" -gt "\$peak" ]; then peak=\$h; fi
  sleep 0.1
done
wait \$pid; rc=\$?
echo "\$peak \$rc" >> "$dir/mem.log"
exit \$rc
WRAP
chmod +x "$dir/wrap.sh"
cat > "$dir/engines.ini" <<INI
[menagerie]
command = $dir/wrap.sh
protocol = uci
options = Hash=$hash

[menagerie-2t]
command = $dir/wrap.sh
protocol = uci
options = Threads=2, Hash=$hash
INI

echo "soak: $games games per variant, tc $tc, Hash $hash MiB, concurrency $concurrency, logs in $dir"
for v in $variants; do
  "$bin" match menagerie menagerie-2t --config "$dir/engines.ini" --variant "$v" \
    --games "$games" --tc "$tc" --random-plies 6 --seed 1 --pgn "$dir/$v.pgn" \
    --concurrency "$concurrency" \
    > "$dir/$v.out" 2>&1 || echo "$v: match exited with status $?"
  echo "$v: $(grep -h '^Endings' "$dir/$v.out" || echo 'no summary')"
done

pgns=("$dir"/*.pgn)
count() { cat "${pgns[@]}" 2>/dev/null | grep -ci "$1" || true; }
echo "games: $(count '^\[Result ')"
echo "time forfeits: $(count 'Termination "time forfeit"')"
echo "rules infractions (illegal moves, false claims): $(count 'Termination "rules infraction"')"
echo "abandoned (crashes, hangs): $(count 'Termination "abandoned"')"
echo "comments naming a crash or an illegal move: $(cat "${pgns[@]}" 2>/dev/null | grep -Eci '\{[^}]*(crash|illegal|exited|hang)' || true)"
if [ -s "$dir/mem.log" ]; then
  sort -n "$dir/mem.log" | awk -v hash="$hash" '
    { n++; if ($1 > max) max = $1; if ($2 != 0) bad++ }
    END {
      limit = (hash + 64) * 1024
      printf "engine processes: %d, non-zero exits: %d\n", n, bad
      printf "peak memory (VmHWM): %.1f MiB; Hash %d MiB; limit Hash + 64 = %d MiB: %s\n",
        max / 1024, hash, hash + 64, (max <= limit ? "within" : "EXCEEDED")
    }'
fi
