#!/bin/sh
# SPDX-License-Identifier: MIT
# match_report.sh - what `mana-cli match` tells its user: a refused
# --resume names the setting that differs and both values.
#   usage: match_report.sh MANA-CLI
set -u
CLI=$1
NAME=match_report.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out

# ---- --resume with other settings: which one, both values ----------------------
args="--white ab --black random --depth 1 --journal $tmp/j --quiet"
"$CLI" match $args --games 4 >"$o" 2>&1
expect_status $? 0 "the match to resume"
"$CLI" match $args --games 6 --resume >"$o" 2>&1
expect_status $? 1 "--resume after changing --games"
expect_grep "$o" "mana-cli match: --resume: $tmp/j was written by a match with other settings: games: 4 in the journal, 6 now" \
    "--games named with both values"
"$CLI" match $args --games 4 --blocked draw --resume >"$o" 2>&1
expect_status $? 1 "--resume after adding --blocked"
expect_grep "$o" "other settings: Blocked: the rules' default in the journal, draw now" "a rule option named"
"$CLI" match $args --games 4 --seed 9 --resume >"$o" 2>&1
expect_grep "$o" "other settings: seed: 1 in the journal, 9 now" "the seed named"
"$CLI" match --white ab --black mcts --depth 1 --journal "$tmp/j" --quiet --games 4 --resume >"$o" 2>&1
expect_grep "$o" "other settings: the players differ" "other players"
"$CLI" match $args --games 4 --jobs 2 --resume >"$o" 2>&1
expect_status $? 0 "--jobs may differ"
finish
