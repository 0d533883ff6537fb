#!/bin/sh
# A CECP test double: a normal v2 handshake, then every `go` is answered with
# a draw claim while the game goes on (a false claim).
while read -r cmd rest; do
  case "$cmd" in
    protover)
      echo 'feature myname="falseclaim" usermove=1 ping=1 setboard=1 done=0'
      echo 'feature variants="normal" done=1' ;;
    ping) echo "pong $rest" ;;
    go) echo "1/2-1/2 {claims a draw}" ;;
    quit) exit 0 ;;
  esac
done
