#!/bin/sh
# SPDX-License-Identifier: MIT
# match_long.sh - the longer checks of `mana-cli match`, run by `make ci`
# (make match-long), about 20 s on 2 shared cores:
#   1. a gauntlet of ab against mcts and an external engine (a second
#      `mana-cli engine` process) under a real clock, 5 s + 0.05 s a move
#      each: every game ends by the rules (no one loses on time, no fault);
#   2. an SPRT (elo0=0 elo1=5 alpha=beta=0.05, as fishtest) of ab against an
#      external engine set to the random bot: it accepts H1 before its game
#      cap, and prints how long that took.
#   usage: match_long.sh MANA-CLI
set -u
CLI=$1
NAME=match_long.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out

t0=$(date +%s)
nice "$CLI" match --tournament gauntlet --player ab --player mcts \
    --player "cmd:$CLI engine" --name engine-ab --opt Bot=ab \
    --games 4 --tc 5+0.05 --setup random --jobs 2 --quiet --json "$tmp/g.json" >"$o" 2>&1
expect_status $? 0 "gauntlet under a clock"
expect_grep "$o" "gauntlet: 3 players, 2 pairings of 4 games" "gauntlet header"
expect_grep "$o" "5+0.05 s" "the time control shown"
expect_no_grep "$o" "games lost by a fault" "no fault, no loss on time"
expect_eq "$(grep -c ' vs .*: W-D-L ' "$o")" 2 "ab against each of the others"
/usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["games"]) == 8, len(d["games"])
assert not any(g["fault"] for g in d["games"]), d["games"]
' "$tmp/g.json" && checks=$((checks + 1)) || fail "gauntlet JSON: 8 games, no fault"
echo "match_long.sh: gauntlet with a clock: $(($(date +%s) - t0)) s"

t0=$(date +%s)
nice "$CLI" match --white ab --black "cmd:$CLI engine" --name random-engine --opt Bot=random \
    --nodes 2000 --games 2000 --sprt 'elo0=0 elo1=5 alpha=0.05 beta=0.05' --setup random \
    --jobs 2 --quiet --json "$tmp/s.json" >"$o" 2>&1
expect_status $? 0 "SPRT"
expect_grep "$o" "H1 accepted after " "the SPRT decides for ab"
secs=$(($(date +%s) - t0))
echo "match_long.sh: SPRT ab vs random engine: $(sed -n 's/.*\(H1 accepted after [0-9]* games\).*/\1/p' "$o") in $secs s"
finish
