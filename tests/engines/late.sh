#!/bin/sh
# A UCI test double: the baseline player (`$1 baseline`, $1 being menagerie)
# with every `bestmove` held back 2 s: a legal move that comes after its
# clock has run out, but long before the runner would call it a hang.
"$1" baseline | while IFS= read -r line; do
  case "$line" in bestmove*) sleep 2 ;; esac
  printf '%s\n' "$line"
done
