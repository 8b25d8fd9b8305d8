#!/bin/sh
# SPDX-License-Identifier: MIT
# output.sh - what mana-cli prints reads right: "plies" (never "plys"),
# one version form for --version and the engine's id name.
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
finish
