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

# ---- statistics without spread ---------------------------------------------------
# ab against ab at depth 1, random setups of seed 2: each pair is split 1-1
# (pairs 0 0 2 0 0), so the variance is zero and there is no interval.
"$CLI" match --white ab --black ab --games 4 --depth 1 --setup random --seed 2 --json "$tmp/s.json" \
    >"$o" 2>"$tmp/progress"
expect_status $? 0 "ab against ab"
expect_grep "$o" "pairs LL 0, LD+DL 0, LW+DD+WL 2, DW+WD 0, WW 0" "both pairs in one cell"
expect_grep "$o" "Elo difference +0.0 (95% interval n/a: every pair scored the same (zero variance); pentanomial model of 2 game pairs) LOS n/a" \
    "no interval from zero variance"
expect_grep "$o" "paired random setups" "setups named"
/usr/bin/python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["pairings"][0]; assert p["elo95"] is None and p["los"] is None, p' \
    "$tmp/s.json" && checks=$((checks + 1)) || fail "JSON: elo95 and los null without an interval"
# progress (not a terminal: a line each game of 4): no Elo before a pair,
# no interval from one pair, never -0
# (the ETA is the machine's speed, a count of seconds: 1 s under the
# sanitizers on a loaded machine, so only its form is checked)
expect_eq "$(sed -n 1p "$tmp/progress" | sed 's/ ETA [0-9][0-9]* s$/ ETA N s/')" "games 1/4  ab +0 =0 -1  Elo n/a  ETA N s" \
    "no Elo before a pair"
expect_grep "$tmp/progress" "games 2/4  ab +1 =0 -1  Elo +0 +- n/a" "one pair: Elo, no interval"
expect_no_grep "$tmp/progress" "-0 " "never -0 in progress"
# one pair: fewer than 2 pairs
"$CLI" match --white ab --black ab --games 2 --depth 1 --setup random --seed 2 >"$o" 2>&1
expect_grep "$o" "(95% interval n/a: fewer than 2 pairs; pentanomial model of 1 game pair) LOS n/a" "one pair"
expect_no_grep "$o" "-0.0" "never -0.0"
# the openings file named in words in the header
printf '6/6/3R2/2r3/1R4/d3D1 w 2 0\n' >"$tmp/openings"
"$CLI" match --white ab --black random --games 2 --depth 1 --openings "$tmp/openings" --quiet >"$o" 2>&1
expect_grep "$o" "seed 1, paired openings from the file, fixed limits" "openings named in the header"
# ---- an SPRT undecided: after how many games, or at the cap -----------------------
# A 10-game match's journal cut after its settings and first 4 games (as an
# interrupted match leaves it), read back: 4 of 10 played, the cap not
# reached; the whole match: at the cap.
sargs="--white ab --black ab --depth 1 --setup random --seed 2 --games 10 --sprt elo0=0,elo1=20"
"$CLI" match $sargs --journal "$tmp/s10" --quiet >"$o" 2>&1
expect_status $? 0 "a 10-game SPRT"
expect_grep "$o" "no decision (game cap 10 reached)" "an SPRT at its cap says so"
head -5 "$tmp/s10" >"$tmp/s4"
"$CLI" match $sargs --from-journal "$tmp/s4" >"$o" 2>&1
expect_grep "$o" "no decision after 4 of 10 games" "an SPRT cut short names the games played"
finish
