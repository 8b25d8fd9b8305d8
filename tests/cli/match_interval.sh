#!/bin/sh
# SPDX-License-Identifier: MIT
# match_interval.sh - the Elo interval `mana-cli match` reports is the 95%
# interval itself, on the LOS's side of 0, in the text and in the JSON.
#   usage: match_interval.sh MANA-CLI
set -u
CLI=$1
NAME=match_interval.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out

# ab against mcts at 300 nodes, random setups of seed 2 (deterministic:
# node limits, one thread): W-D-L 5-0-11, pairs LL 3 and LW+DD+WL 5.  With
# fishtest's empty cells of 1e-3, the pair scores' mean is 0.312633 a game
# and its standard error 0.085610; the score's interval 0.312633 -+
# 1.959964 x 0.085610 = [0.144840, 0.480426] is, through
# -400 log10(1/s - 1), the Elo interval [-308.5, -13.6] about -136.9.
# Fishtest's +- is half its width, 147.4, and -136.9 -+ 147.4 =
# [-284.3, +10.6], which the report used to write as the bounds: an
# interval over 0 beside a LOS of 1.4%.
"$CLI" match --white ab --black mcts --games 16 --nodes 300 --setup random --seed 2 --json "$tmp/s.json" \
    --quiet >"$o" 2>&1
expect_status $? 0 "ab against mcts"
expect_grep "$o" "pairs LL 3, LD+DL 0, LW+DD+WL 5, DW+WD 0, WW 0" "the pairs"
expect_grep "$o" "Elo difference -136.9 (95% interval -308.5 .. -13.6, pentanomial model of 8 game pairs) LOS 1.4%" \
    "the interval's own bounds, below 0 as the LOS says"
/usr/bin/python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))["pairings"][0]
assert abs(p["elo_lower"] - -308.465) < 0.01 and abs(p["elo_upper"] - -13.608) < 0.01, p
assert abs(p["elo95"] - 147.428) < 0.01 and abs(p["los"] - 0.014313) < 1e-5, p' "$tmp/s.json" &&
    checks=$((checks + 1)) || fail "JSON: elo_lower and elo_upper, the interval's bounds"
finish
