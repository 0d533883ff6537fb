#!/bin/sh
# A CECP test double: a normal v2 handshake; it opens 1. e4 when it has White,
# and answers every move it is sent with `Illegal move` (refusing legal moves).
while read -r cmd rest; do
  case "$cmd" in
    protover)
      echo 'feature myname="refuse" usermove=1 ping=1 setboard=1 done=0'
      echo 'feature variants="normal" done=1' ;;
    ping) echo "pong $rest" ;;
    usermove) echo "Illegal move: $rest" ;;
    go) echo "move e2e4" ;;
    quit) exit 0 ;;
  esac
done
