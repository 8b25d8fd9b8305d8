#!/bin/sh
# SPDX-License-Identifier: MIT
# match.sh - `mana-cli match`: the summary lines, colours alternating,
# records that replay, results that do not depend on --jobs, paired
# setups, the ply limit in the header, usage errors.
#   usage: match.sh MANA-CLI
set -u
CLI=$1
NAME=match.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out

"$CLI" match --white ab --black random --games 6 --depth 2 --seed 3 --jobs 2 \
    --records "$tmp/r2" >"$o" 2>"$tmp/err"
expect_status $? 0 "match"
last=$(tail -n 1 "$o")
echo "$last" | grep -Eq '^W-D-L [0-9]+-[0-9]+-[0-9]+ score [0-9]+\.[0-9]%$' ||
    fail "last line '$last' is not 'W-D-L w-d-l score p%'"
set -- $(echo "$last" | sed 's/^W-D-L \([0-9]*\)-\([0-9]*\)-\([0-9]*\) .*/\1 \2 \3/')
expect_eq "$(($1 + $2 + $3))" 6 "wins + draws + losses = games"
expect_grep "$o" "Elo difference " "Elo line"
expect_grep "$o" "(95% interval " "Elo interval"
expect_grep "$o" "ab total              6" "table total row"
expect_eq "$(ls "$tmp/r2" | wc -l | tr -d ' ')" 6 "one record per game"
expect_grep "$tmp/r2/game-001.mana" "White: ab" "game 1: first bot White"
expect_grep "$tmp/r2/game-002.mana" "White: random" "game 2: colours swapped"
expect_grep "$tmp/r2/game-001.mana" "PlyLimit: 400" "default ply limit recorded"
for f in "$tmp"/r2/*.mana; do
    "$CLI" replay --quiet "$f" >"$tmp/replay" 2>&1
    expect_status $? 0 "replay $(basename "$f")"
    expect_grep "$tmp/replay" "result: $(sed -n 's/^Result: //p' "$f") " "$(basename "$f") result"
done

# The same match on one thread: the same games (depth limits are
# deterministic and every game has its own seeds).
"$CLI" match --white ab --black random --games 6 --depth 2 --seed 3 --jobs 1 \
    --records "$tmp/r1" >"$tmp/out1" 2>&1
expect_eq "$(tail -n 1 "$tmp/out1")" "$last" "--jobs 1 and --jobs 2 agree"
for f in "$tmp"/r1/*.mana; do
    checks=$((checks + 1))
    grep -v '^Date:' "$f" >"$tmp/a"
    grep -v '^Date:' "$tmp/r2/$(basename "$f")" >"$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" || fail "$(basename "$f") differs between --jobs 1 and 2"
done

# Paired random setups: games 1 and 2 start from the same placements; a
# ply limit of 6 is recorded and ends long games drawn.
"$CLI" match --white random --black random --games 4 --setup random --ply-limit 6 \
    --records "$tmp/rs" >"$o" 2>&1
expect_status $? 0 "random setups"
expect_grep "$o" "paired random setups" "setup mode shown"
expect_eq "$(sed -n 8,9p "$tmp/rs/game-001.mana")" "$(sed -n 8,9p "$tmp/rs/game-002.mana")" \
    "a pair shares its setup"
expect_grep "$tmp/rs/game-003.mana" "PlyLimit: 6" "ply limit header"

for args in "--white ab" "--white ab --black chess" "--white ab --black random --jobs 0" \
    "--white ab --black random --games x" "--white ab --black random extra"; do
    "$CLI" match $args >"$o" 2>&1
    expect_status $? 2 "usage error: $args"
    expect_grep "$o" "usage: mana-cli match" "usage shown: $args"
done
finish
