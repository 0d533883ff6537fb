#!/usr/bin/env bash
# Real-GUI test: XBoard (under xvfb-run, -noGUI) runs menagerie as both engines
# for one short game of every variant the engine announces in `feature
# variants` (XBoard's native names included, so chess is played both as
# `normal` and as the engine-defined `chess`). Fails if a game did not finish
# normally: no result, a loss on time (XBoard runs with -autoflag, so an
# engine that overruns its clock loses instead of playing on), an
# illegal-move claim or forfeit, a false claim, a crash, a hung GUI (every run
# is under `timeout -k`), or an engine that complained (an `Error (...)`,
# `Illegal move` or `tellusererror` line in XBoard's debug log).
# A variant whose own ranks start at 0 (Trubix) is played twice: with XBoard's
# default numbering (1-11) and with `-rankOffset 1` plus the engine option
# "Rank numbering=0-10". Variants the engine marks "legality: off" run -xlegal.
#
# Usage: scripts/xboard-match.sh [VARIANT...]
#   env MENAGERIE   engine binary (default: target/release/menagerie, built if missing)
#       TC          XBoard -tc per game (default 0:10)
#       OUT         directory for PGNs and debug logs (default: a temporary one)
#       GAME_SECONDS  wall-clock limit per game (default: both clocks + 60 s)
#       PONDER      when "1", XBoard runs with -ponder (both engines think on
#                   the opponent's time) instead of -xponder, and a game in
#                   which neither engine pondered (no `# ponder` line in the
#                   debug log) fails
#       CI          when "true", a missing xboard or xvfb-run fails the run
# Without xboard or xvfb-run it skips (exit 0, saying so), except under CI=true,
# where the check must run: then it fails (exit 1).
# (no pipefail: `grep -q` may close a pipe early, which is not a failure)
set -u
cd "$(dirname "$0")/.."

XBOARD=$(command -v xboard || true)
[ -z "$XBOARD" ] && [ -x /usr/games/xboard ] && XBOARD=/usr/games/xboard
if [ -z "$XBOARD" ] && command -v dpkg >/dev/null; then
    XBOARD=$(dpkg -L xboard 2>/dev/null | grep -m1 '/xboard$' || true)
fi
if [ -z "$XBOARD" ] || [ ! -x "$XBOARD" ] || ! command -v xvfb-run >/dev/null; then
    if [ "${CI:-}" = true ]; then
        echo "xboard-match: FAIL (CI=true, but xboard or xvfb-run is not installed)"
        exit 1
    fi
    echo "xboard-match: SKIP (xboard or xvfb-run not installed; CI=true would fail here)"
    exit 0
fi

ENGINE=${MENAGERIE:-target/release/menagerie}
if [ ! -x "$ENGINE" ]; then
    cargo build --release --quiet || exit 1
fi
ENGINE=$(cd "$(dirname "$ENGINE")" && pwd)/$(basename "$ENGINE")
TC=${TC:-0:10}
# A game cannot outlast both clocks; a stalled GUI is killed after that + 60 s.
case $TC in
*:*) tc_secs=$((10#${TC%%:*} * 60 + 10#${TC##*:})) ;;
*) tc_secs=$((10#$TC * 60)) ;;
esac
LIMIT=${GAME_SECONDS:-$((2 * tc_secs + 60))}
PONDER_FLAG=-xponder
[ "${PONDER:-}" = 1 ] && PONDER_FLAG=-ponder
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"

ask() { printf 'xboard\nprotover 2\n%s\nquit\n' "$1" | timeout 10 "$ENGINE"; }

if [ $# -gt 0 ]; then
    NAMES="$*"
else
    NAMES=$(ask "" | sed -n 's/.*variants="\([^"]*\)".*/\1/p' | tr ',' ' ')
fi
[ -z "$NAMES" ] && { echo "xboard-match: the engine announced no variants"; exit 1; }

# With -autoflag a move that comes late loses. The engine keeps this much of
# its clock in hand (its "Move Overhead"), so a loaded machine's delays do not
# flag it; an engine that ignores its clock still does.
SAFETY="Move Overhead=1000"

fail=0
# play VARIANT LABEL [XBOARD OPTIONS...]: one game; prints ok/FAIL.
play() {
    local v=$1 label=$2
    shift 2
    local pgn="$OUT/$label.pgn" dbg="$OUT/$label.debug" home
    home=$(mktemp -d)
    rm -f "$pgn" "$dbg"
    local start
    start=$(date +%s)
    HOME=$home timeout -k 5 "$LIMIT" xvfb-run -a -s "-screen 0 1280x1024x24" \
        "$XBOARD" -noGUI -fcp "$ENGINE" -scp "$ENGINE" -fd "$home" -sd "$home" \
        -variant "$v" "$@" -mg 1 -matchPause 100 -tc "$TC" -inc 0 \
        -sgf "$pgn" -debug -nameOfDebugFile "$dbg" -saveSettingsOnExit false \
        -popupExitMessage false -autoflag "$PONDER_FLAG" -soundProgram "" \
        -adjudicateDrawMoves 120 >"$OUT/$label.out" 2>&1
    local rc=$?
    local secs=$(($(date +%s) - start))
    local result moves ending bad=""
    result=$(grep -m1 '^\[Result ' "$pgn" 2>/dev/null | sed 's/\[Result "\(.*\)"\]/\1/')
    moves=$(grep -v '^\[' "$pgn" 2>/dev/null | grep -o '[0-9]\+\. ' | tail -1)
    ending=$(grep -v '^\[' "$pgn" 2>/dev/null | tr '\n' ' ' |
        grep -o '{[^}]*} *\(1-0\|0-1\|1/2-1/2\|\*\) *$' || true)
    [ $rc -ne 0 ] && bad="xboard exit status $rc"
    if [ -z "$result" ] || [ "$result" = "*" ]; then
        bad="${bad:+$bad; }no result in $pgn"
    fi
    if grep -qiE 'on time|illegal|forfeit|false .* claim|crash|abort|not send setup|unknown variant|not supported' <<<"$ending"; then
        bad="${bad:+$bad; }abnormal ending $ending"
    fi
    # A flag that falls before the first move leaves no PGN: XBoard's own log says.
    if grep -q 'GameEnds([0-9]*, [A-Za-z]* wins on time' "$dbg" 2>/dev/null; then
        bad="${bad:+$bad; }loss on time (see $dbg)"
    fi
    if grep -E '^[0-9]+ <(first|second)' "$dbg" 2>/dev/null |
        grep -qE 'Error \(|Illegal move|tellusererror|internal error'; then
        bad="${bad:+$bad; }engine complained (see $dbg)"
    fi
    if [ "$PONDER_FLAG" = -ponder ] && ! grep -qE '^[0-9]+ <(first|second) *: # ponder ' "$dbg" 2>/dev/null; then
        bad="${bad:+$bad; }no engine pondered (see $dbg)"
    fi
    if [ -n "$bad" ]; then
        echo "xboard-match: $label FAIL ($bad) [${secs}s, logs in $OUT]"
        fail=1
    else
        echo "xboard-match: $label ok: $result $ending after ${moves:-0}moves [${secs}s]"
    fi
    rm -rf "$home"
}

for v in $NAMES; do
    # The engine says whether XBoard can referee the variant itself, and
    # whether its own rank numbers start at 0 (then both XBoard set-ups run).
    hints=$(ask "variant $v")
    legal=$(sed -n 's/^# xboard legality: //p' <<<"$hints")
    opts=()
    [ "$legal" = "on" ] || opts+=(-xlegal)
    play "$v" "$v" "${opts[@]}" -firstOptions "$SAFETY" -secondOptions "$SAFETY"
    if grep -q '^# board: .*own ranks from 0' <<<"$hints"; then
        o="$SAFETY,Rank numbering=0-10 (XBoard -rankOffset 1)"
        play "$v" "$v-rankOffset1" "${opts[@]}" -rankOffset 1 \
            -firstOptions "$o" -secondOptions "$o"
    fi
done
exit $fail
