#!/bin/sh
# A CECP test double for scripts/xboard-match.sh: the real engine
# ($MENAGERIE_BIN) with each line it writes passed on by a shell loop (no
# buffering) that injects the fault named by $MENAGERIE_FAULT:
#   none    nothing changed (proves the double alone does not fail a game)
#   slow    from its third move on, each move is held back 3 s (give the game
#           a shorter clock: the engine loses on time after some moves)
#   error   an `Error (...)` line before the first move
#   silent  from its third move on, moves are dropped (give the game a long
#           clock and a short GAME_SECONDS: XBoard is stopped with no result)
fault=${MENAGERIE_FAULT:-none}
"$MENAGERIE_BIN" | {
    injected= moves=0
    while IFS= read -r line; do
        case "$line" in "move "*) moves=$((moves + 1)) ;; esac
        case "$fault:$line" in
        "slow:move "*) [ $moves -ge 3 ] && sleep 3 ;;
        "silent:move "*) [ $moves -ge 3 ] && continue ;;
        "error:move "*)
            [ -z "$injected" ] && echo "Error (injected by the test double): go"
            injected=1
            ;;
        esac
        printf '%s\n' "$line"
    done
}
