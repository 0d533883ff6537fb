#!/usr/bin/env bash
# Real-GUI test: XBoard (under xvfb-run, -noGUI) runs menagerie as both engines
# for one short game of every variant the engine announces in `feature
# variants` (XBoard's native names included, so chess is played both as
# `normal` and as the engine-defined `chess`). Fails if a game did not finish
# normally: no result, an illegal-move claim or forfeit, a false claim, an
# engine error, a crash or a hung GUI (every run is under `timeout -k`).
#
# Usage: scripts/xboard-match.sh [VARIANT...]
#   env MENAGERIE   engine binary (default: target/release/menagerie, built if missing)
#       TC          XBoard -tc per game (default 0:10)
#       RANK_OFFSET 1 = start XBoard with -rankOffset 1 and set the engine's
#                   "Rank numbering" option to 0-10 (Trubix's own numbering)
#       OUT         directory for PGNs and debug logs (default: a temporary one)
# Skips (exit 0 with a message) when xboard or xvfb-run is not installed.
set -uo pipefail
cd "$(dirname "$0")/.."

XBOARD=$(command -v xboard || true)
[ -z "$XBOARD" ] && [ -x /usr/games/xboard ] && XBOARD=/usr/games/xboard
if [ -z "$XBOARD" ] && command -v dpkg >/dev/null; then
    XBOARD=$(dpkg -L xboard 2>/dev/null | grep -m1 '/xboard$' || true)
fi
if [ -z "$XBOARD" ] || [ ! -x "$XBOARD" ] || ! command -v xvfb-run >/dev/null; then
    echo "xboard-match: SKIP (xboard or xvfb-run not installed)"
    exit 0
fi

ENGINE=${MENAGERIE:-target/release/menagerie}
if [ ! -x "$ENGINE" ]; then
    cargo build --release --quiet || exit 1
fi
ENGINE=$(cd "$(dirname "$ENGINE")" && pwd)/$(basename "$ENGINE")
TC=${TC:-0:10}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"

ask() { printf 'xboard\nprotover 2\n%s\nquit\n' "$1" | timeout 10 "$ENGINE"; }

if [ $# -gt 0 ]; then
    NAMES="$*"
else
    NAMES=$(ask "" | sed -n 's/.*variants="\([^"]*\)".*/\1/p' | tr ',' ' ')
fi
[ -z "$NAMES" ] && { echo "xboard-match: the engine announced no variants"; exit 1; }

fail=0
for v in $NAMES; do
    # The engine says whether XBoard can referee the variant itself.
    legal=$(ask "variant $v" | sed -n 's/^# xboard legality: //p')
    opts=()
    [ "$legal" = "on" ] || opts+=(-xlegal)
    if [ "${RANK_OFFSET:-0}" = 1 ]; then
        o="Rank numbering=0-10 (XBoard -rankOffset 1)"
        opts+=(-rankOffset 1 -firstOptions "$o" -secondOptions "$o")
    fi
    pgn="$OUT/$v.pgn"
    dbg="$OUT/$v.debug"
    home=$(mktemp -d)
    rm -f "$pgn" "$dbg"
    start=$(date +%s)
    HOME=$home timeout -k 5 180 xvfb-run -a -s "-screen 0 1280x1024x24" \
        "$XBOARD" -noGUI -fcp "$ENGINE" -scp "$ENGINE" -fd "$home" -sd "$home" \
        -variant "$v" "${opts[@]}" -mg 1 -matchPause 100 -tc "$TC" -inc 0 \
        -sgf "$pgn" -debug -nameOfDebugFile "$dbg" -saveSettingsOnExit false \
        -popupExitMessage false -xponder -soundProgram "" \
        -adjudicateDrawMoves 120 >"$OUT/$v.out" 2>&1
    rc=$?
    secs=$(($(date +%s) - start))
    result=$(grep -m1 '^\[Result ' "$pgn" 2>/dev/null | sed 's/\[Result "\(.*\)"\]/\1/')
    moves=$(grep -v '^\[' "$pgn" 2>/dev/null | grep -o '[0-9]\+\. ' | tail -1)
    ending=$(grep -v '^\[' "$pgn" 2>/dev/null | tr '\n' ' ' | grep -o '{[^}]*} *\(1-0\|0-1\|1/2-1/2\|\*\) *$' || true)
    bad=""
    [ $rc -ne 0 ] && bad="xboard exit status $rc"
    [ -z "$result" ] || [ "$result" = "*" ] && bad="${bad:+$bad; }no result in $pgn"
    if grep -qiE 'illegal|forfeit|false .* claim|crash|abort|not send setup|unknown variant|not supported' <<<"$ending"; then
        bad="${bad:+$bad; }abnormal ending $ending"
    fi
    if grep -E '^[0-9]+ <(first|second)' "$dbg" 2>/dev/null | grep -qE 'Illegal move|tellusererror|internal error'; then
        bad="${bad:+$bad; }engine complained (see $dbg)"
    fi
    if [ -n "$bad" ]; then
        echo "xboard-match: $v FAIL ($bad) [${secs}s, logs in $OUT]"
        fail=1
    else
        echo "xboard-match: $v ok: $result $ending after ${moves:-0}moves [${secs}s]"
    fi
    rm -rf "$home"
done
exit $fail
