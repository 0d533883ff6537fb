#!/bin/sh
# A UCI test double that completes the handshake but never answers `go`.
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name hang"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
