#!/bin/sh
# SPDX-License-Identifier: MIT
# examples/c/bot_game with its default seed shows a real game: the 13
# setup plies (the orientation and twelve placements), then 30 plies of
# play or more, to a result.
#   check-bot-game.sh BUILD/examples/c/bot_game
set -u
out=$("$1") || { echo "check-bot-game: $1 failed" >&2; exit 1; }
plies=$(printf '%s\n' "$out" | grep -c ' plays ')
play=$((plies - 13))
if [ "$play" -lt 30 ]; then
    echo "check-bot-game: the default seed plays $play plies after the setup, fewer than 30" >&2
    exit 1
fi
printf '%s\n' "$out" | tail -n 1 | grep -Eq '^result: (White won|Black won|drawn) after [0-9]+ moves$' ||
    { echo "check-bot-game: no result line" >&2; exit 1; }
echo "check-bot-game: the default seed plays $play plies after the setup"
