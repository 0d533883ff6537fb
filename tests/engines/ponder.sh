#!/bin/sh
# A UCI test double for pondering. Usage: ponder.sh LOG [no-option].
# Every command it receives is appended to LOG. It advertises a Ponder
# option unless given `no-option`.
#
# From the start position it plays Scholar's mate, whichever side it has:
# 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#, its move chosen by the number of
# moves in the last `position`. Each `bestmove` names a predicted reply
# (`ponder`), by the same count:
#   after 1. e4     e7e5  right
#   after 1... e5   f1c4  right
#   after 2. Bc4    g8f6  wrong (Black plays Nc6)
#   after 2... Nc6  d1h5  right
#   after 3. Qh5    e8g8  illegal (castling through its own pieces)
#   after 3... Nf6  h5f7  right (and mate: the game ends while it ponders)
#   after 4. Qxf7#  none
# `go ponder` is answered only after `ponderhit` (with the move for the
# pondered position) or `stop`. A stopped search answers `bestmove a1a1`, a
# move no position allows, so a client that took it for the answer to its
# next `go` would lose the game by an illegal move.
set -f # commands are split into words below, never globbed
log=$1
ponder_option=yes
[ "$2" = no-option ] && ponder_option=
: >>"$log"

# The n-th word (0-based) of the remaining arguments; nothing past the end.
nth() {
  n=$1
  shift
  [ "$n" -lt $# ] || return 0
  shift "$n"
  printf '%s' "$1"
}

line="e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7"
guess="e7e5 f1c4 g8f6 d1h5 e8g8 h5f7 -"
plies=0

answer() {
  mv=$(nth "$plies" $line)
  p=$(nth "$plies" $guess)
  echo "info depth 1 score cp 0"
  if [ -n "$p" ] && [ "$p" != - ]; then
    echo "bestmove $mv ponder $p"
  else
    echo "bestmove $mv"
  fi
}

pondering=
while IFS= read -r input; do
  printf '%s\n' "$input" >>"$log"
  set -- $input
  cmd=$1
  case "$cmd" in
    uci)
      echo "id name ponder"
      [ -n "$ponder_option" ] && echo "option name Ponder type check default false"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    position)
      plies=0 counting=
      for w in "$@"; do
        [ -n "$counting" ] && plies=$((plies + 1))
        [ "$w" = moves ] && counting=1
      done ;;
    go)
      if [ "$2" = ponder ]; then pondering=1; else answer; fi ;;
    ponderhit)
      [ -n "$pondering" ] && answer
      pondering= ;;
    stop)
      [ -n "$pondering" ] && echo "bestmove a1a1"
      pondering= ;;
    quit) exit 0 ;;
  esac
done
