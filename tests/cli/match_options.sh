#!/bin/sh
# SPDX-License-Identifier: MIT
# match_options.sh - `mana-cli match` and `mana-cli engine` on the shared
# option layer (options.c): -r/--rules, -s/--seed, -q/--quiet, the rule
# options with libmana's words, one error format naming the option and its
# values, an unknown option named; engine --help.
#   usage: match_options.sh MANA-CLI
set -u
CLI=$1
NAME=match_options.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out

# refused (lib.sh): status 2, the error line, the usage
refused "match --blocked" "mana-cli match: --blocked: bad value 'maybe' (expected pass|draw|loss)" \
    match --white ab --black random --blocked maybe
refused "match -r" "mana-cli match: -r: bad value 'chess' (expected jactalea|cosmoludo)" \
    match --white ab --black random -r chess
refused "match --repetition" "mana-cli match: --repetition: bad value '1' (expected 0|2..1000000)" \
    match --white ab --black random --repetition 1
refused "match --reentry" "mana-cli match: --reentry: bad value 'x' (expected any|mana-mark)" \
    match --white ab --black random --reentry x
refused "match --depth" "mana-cli match: --depth: bad value '61' (expected 1..60)" \
    match --white ab --black random --depth 61
refused "match --games" "mana-cli match: --games: bad value 'x' (expected 1..1000000)" \
    match --white ab --black random --games x
refused "match unknown option" "mana-cli match: unknown option '--colour'" \
    match --white ab --black random --colour x
refused "match --seed without a value" "mana-cli match: --seed needs a value" \
    match --white ab --black random --seed
# a time control is kept to the millisecond, the clocks' unit: a finer
# fraction is refused rather than rounded away, and the header shows the
# one given in its shortest exact form
refused "match --tc finer than a millisecond" \
    "mana-cli match: --tc: bad value '10+0.0001' (expected [MOVES/]SECONDS[+INCREMENT] to the millisecond" \
    match --white random --black random --tc 10+0.0001
"$CLI" match --white random --black random --games 2 --tc 40/1234.567+0.001 -q --records "$tmp/tc" \
    --json "$tmp/tc.json" >"$o" 2>&1
expect_status $? 0 "match --tc 40/1234.567+0.001"
expect_grep "$o" ", 40/1234.567+0.001 s, " "the time control shown exactly"
# ... and in the same form in each record (cutechess-cli's TimeControl
# tag) and in the JSON; with fixed limits, no tag and null
expect_grep "$tmp/tc/game-002.mana" "TimeControl: 40/1234.567+0.001" "the time control recorded"
expect_grep "$tmp/tc.json" '"time_control": "40/1234.567+0.001",' "the time control in the JSON"
"$CLI" match --white random --black random --games 2 -q --records "$tmp/fixed" --json "$tmp/fixed.json" >"$o" 2>&1
expect_no_grep "$tmp/fixed/game-001.mana" "TimeControl" "no time control recorded under fixed limits"
expect_grep "$tmp/fixed.json" '"time_control": null,' "no time control in the JSON under fixed limits"

for cmd in match engine; do
    "$CLI" $cmd --help </dev/null >"$o" 2>&1
    expect_status $? 0 "$cmd --help"
    expect_grep "$o" "usage: mana-cli $cmd" "$cmd --help: usage"
    expect_grep "$o" "-h, --help" "$cmd --help lists --help"
done
expect_grep "$o" "engine protocol" "engine --help says what it speaks"
"$CLI" match --help >"$o" 2>&1
expect_grep "$o" "-s, --seed N" "match --help: the shared -s"
expect_grep "$o" "--reentry-when-blocked" "match --help: every rule option"

# -r, -s, -q are --rules, --seed, --quiet: the same games either way
args="--white ab --black random --games 2 --depth 1 --setup random"
"$CLI" match $args -r cosmoludo -s 7 -q --records "$tmp/short" >"$tmp/a" 2>&1
expect_status $? 0 "match -r -s -q"
"$CLI" match $args --rules cosmoludo --seed 7 --quiet --records "$tmp/long" >"$tmp/b" 2>&1
expect_grep "$tmp/a" "rules cosmoludo, ply limit 400, seed 7" "-r and -s in the header"
expect_eq "$(grep -v ' games in ' "$tmp/a")" "$(grep -v ' games in ' "$tmp/b")" "short and long options agree"
for f in game-001.mana game-002.mana; do
    expect_eq "$(grep -v '^Date:' "$tmp/short/$f")" "$(grep -v '^Date:' "$tmp/long/$f")" "$f the same"
done
expect_grep "$tmp/short/game-001.mana" "Rules: cosmoludo" "-r recorded"

# every rule option of the library reaches the games: Reentry and the ply
# limit in the records
"$CLI" match $args --reentry mana-mark --ply-limit 9 --quiet --records "$tmp/ro" >"$o" 2>&1
expect_status $? 0 "match with rule options"
expect_grep "$tmp/ro/game-001.mana" "Reentry: mana-mark" "--reentry recorded"
expect_grep "$tmp/ro/game-001.mana" "PlyLimit: 9" "--ply-limit recorded"
finish
