#!/bin/sh
# SPDX-License-Identifier: MIT
# check.sh - the tuning pipeline works end to end (make check-tune):
#   1. tune.py --selftest recovers the weights of a known logistic model;
#   2. mana-cli match writes records, `features` reads every one and prints
#      a CSV whose lines have the header's number of fields;
#   3. tune.py fits those positions and writes a weight table of as many
#      entries as there are features.
#   usage: tools/tune/check.sh MANA_CLI FEATURES
set -eu
cli=$1
features=$2
py=/usr/bin/python3
[ -x "$py" ] || py=python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$py" tools/tune/tune.py --selftest

"$cli" match --white ab --black ab --nodes 1500 --games 24 --seed 5 --setup random \
    --records "$tmp/games" >/dev/null 2>&1
"$features" "$tmp"/games/*.mana >"$tmp/pos.csv" 2>"$tmp/err"
grep -q "from 24 records" "$tmp/err" || { echo "check-tune: features: $(cat "$tmp/err")"; exit 1; }
fields=$(head -n 1 "$tmp/pos.csv" | tr ',' '\n' | wc -l)
lines=$(($(wc -l <"$tmp/pos.csv") - 1))
bad=$(awk -F, -v n="$fields" 'NR > 1 && NF != n' "$tmp/pos.csv" | wc -l)
[ "$lines" -gt 50 ] && [ "$bad" = 0 ] || { echo "check-tune: $lines positions, $bad malformed"; exit 1; }

"$py" tools/tune/tune.py "$tmp/pos.csv" >"$tmp/w.c" 2>/dev/null
entries=$(grep -c '^    -*[0-9][0-9]*, */\*' "$tmp/w.c")
[ "$entries" = $((fields - 1)) ] || { echo "check-tune: $entries weights for $((fields - 1)) features"; exit 1; }
echo "check-tune: selftest, $lines positions of 24 games, $entries weights fitted: ok"
