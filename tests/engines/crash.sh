#!/bin/sh
# A UCI test double that completes the handshake, then dies when asked to move.
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name crash"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) exit 3 ;;
    quit) exit 0 ;;
  esac
done
