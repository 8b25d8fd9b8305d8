#!/bin/sh
# SPDX-License-Identifier: MIT
# match_start.sh - a player of `mana-cli match` that cannot start even once
# (no such program, or one that exits without the handshake) stops the
# match with an error naming it and exit status 1, instead of losing every
# game; an engine that started once and fails later loses that game and
# the match goes on.
#   usage: match_start.sh MANA-CLI
set -u
CLI=$1
NAME=match_start.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out
faulty="sh $(dirname "$0")/engines/faulty.sh"

for engine in /nonexistent-engine true "echo hello"; do
    "$CLI" match --white ab --black "cmd:$engine" --games 4 --depth 1 --quiet >"$o" 2>&1
    expect_status $? 1 "cmd:$engine never starts"
    name=$(basename "${engine%% *}")
    expect_grep "$o" "mana-cli match: player $name (cmd: $engine) never started: start-up failed: " \
        "cmd:$engine named"
    expect_no_grep "$o" "W-D-L" "cmd:$engine: no result"
done
# An engine that closes its input and then exits: the runner's first write
# fails (EPIPE) before the process has ended; the message still names
# the exit, the same as when the read meets the end of the output first.
"$CLI" match --white ab --black "cmd:sh -c 'exec 0<&-; sleep 0.2; exit 5'" --name shut --games 1 --depth 1 \
    --quiet >"$o" 2>&1
expect_grep "$o" "player shut (cmd: sh -c 'exec 0<&-; sleep 0.2; exit 5') never started: start-up failed: engine crashed (exit status 5)" \
    "a refused write described by the exit"
# the player named as given with --name, White or Black
"$CLI" match --white "cmd:/nonexistent-engine" --name ghost --black ab --games 2 --depth 1 >"$o" 2>&1
expect_status $? 1 "White never starts"
expect_grep "$o" "player ghost (cmd: /nonexistent-engine) never started" "--name used"

# Started once (crashing at its first go), then unable to start: each game
# lost, the match completes.
once="sh -c 'if [ -e $tmp/once ]; then exit 5; fi; : >$tmp/once; exec $faulty crash'"
"$CLI" match --white ab --black "cmd:$once" --name flaky --games 4 --depth 1 --quiet >"$o" 2>&1
expect_status $? 0 "an engine that started once: the match completes"
expect_grep "$o" "W-D-L 4-0-0 score 100.0%" "it loses every game"
expect_eq "$(grep -c 'flaky: engine crashed (exit status 3)' "$o")" 1 "game 1: the crash"
expect_eq "$(grep -c 'flaky: start-up failed: engine crashed (exit status 5)' "$o")" 3 "games 2-4: start-up failures"
finish
