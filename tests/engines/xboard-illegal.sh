#!/bin/sh
# A CECP test double: a normal v2 handshake (usermove=1, ping=1, setboard=1),
# then every `go` is answered with a move no variant allows.
while read -r cmd rest; do
  case "$cmd" in
    protover)
      echo 'feature myname="xillegal" usermove=1 ping=1 setboard=1 done=0'
      echo 'feature variants="normal,trubix,trebuqi,fugue,bandit" done=1' ;;
    ping) echo "pong $rest" ;;
    go) echo "1 -20 3 100 a1a1"; echo "move a1a1" ;;
    quit) exit 0 ;;
  esac
done
