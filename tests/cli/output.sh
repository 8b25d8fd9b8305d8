#!/bin/sh
# SPDX-License-Identifier: MIT
# output.sh - what mana-cli prints reads right: "plies" (never "plys"),
# one version form for --version and the engine's id name; the engine's
# totals line after stop gives the real time searched and the depth reached.
#   usage: output.sh MANA-CLI
set -u
CLI=$1
NAME=output.sh
. "$(dirname "$0")/lib.sh"

# ab (depth 4) against random, seed 1: ab announces wins in 5 and 3 plies,
# then in 1 ply (singular)
"$CLI" play --white ab --black random --depth 4 --seed 1 --no-color >"$tmp/out" 2>&1
expect_status $? 0 "ab against random"
expect_grep "$tmp/out" "wins in 5 plies," "plural: plies"
expect_grep "$tmp/out" "wins in 1 ply," "singular: ply"
expect_no_grep "$tmp/out" "plys" "never plys"

# --version and the engine's id name: the same words
"$CLI" --version >"$tmp/version" 2>&1
expect_status $? 0 "--version"
printf 'mana\nquit\n' | "$CLI" engine >"$tmp/engine" 2>&1
expect_eq "$(sed -n 's/^id name //p' "$tmp/engine")" "$(cat "$tmp/version")" "--version is the engine's id name"
case $(cat "$tmp/version") in
"mana-cli "[0-9]*.[0-9]*.[0-9]*" (libmana "[0-9]*.[0-9]*.[0-9]*")") ;;
*) fail "--version: '$(cat "$tmp/version")' is not 'mana-cli X.Y.Z (libmana X.Y.Z)'" ;;
esac

# go infinite, stop 1 s later: the totals line's time is the time since go
# (at least 900 ms: stop came 1 s after go was sent; the setup search ends
# in a few ms and then waits), its depth the one reached (1 or more), for
# a setup search (startpos) and a search of play (mate in 3 of engine.sh).
# go is sent a second after the handshake: the engine's start (its hash
# table's pages touched, some 0.1 s on a loaded machine) is over by then.
for pos in startpos 'mfn 6/6/3R2/2r3/1R4/d3D1 w 2 0'; do
    (printf 'mana\n'; sleep 1; printf 'position %s\ngo infinite\n' "$pos"; sleep 1; printf 'stop\nquit\n') |
        "$CLI" engine >"$tmp/engine" 2>&1
    totals=$(grep '^info depth' "$tmp/engine" | tail -n 1)
    set -- $totals
    [ "${3:-0}" -ge 1 ] 2>/dev/null && checks=$((checks + 1)) || fail "$pos: depth reached in '$totals'"
    t=$(echo "$totals" | sed -n 's/.* time \([0-9]*\).*/\1/p')
    [ "${t:-0}" -ge 900 ] && checks=$((checks + 1)) || fail "$pos: time since go in '$totals'"
done
finish
