#!/bin/sh
# SPDX-License-Identifier: MIT
# check.sh - the tuning pipeline works end to end (make check-tune):
#   1. tune.py --selftest recovers the weights of a known logistic model;
#   2. mana-cli match writes records, `features` reads every one and prints
#      a CSV whose lines have the header's number of fields;
#   3. tune.py fits those positions and writes a weight table of as many
#      entries as there are features;
#   4. `features --learn` prints the learned evaluation's inputs of the
#      same positions, and learncheck finds that the C code scores them as
#      tools/learn/learn.py does with the table of bots/ab_learned.c, with
#      SSE2 and in plain C (LEARNCHECK_PLAIN).
#   usage: tools/tune/check.sh MANA_CLI FEATURES LEARNCHECK LEARNCHECK_PLAIN
set -eu
cli=$1
features=$2
learncheck=$3
learncheck_plain=$4
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

"$features" --learn "$tmp"/games/*.mana >"$tmp/in.csv" 2>/dev/null
inputs=$(($(wc -l <"$tmp/in.csv") - 1))
[ "$inputs" = "$lines" ] || { echo "check-tune: features --learn: $inputs positions, not $lines"; exit 1; }
"$py" tools/learn/learn.py vectors "$tmp/in.csv" bots/ab_learned.c >"$tmp/vec.txt"
for lc in "$learncheck" "$learncheck_plain"; do
    "$lc" "$tmp/vec.txt" >"$tmp/lc" 2>&1 || { echo "check-tune: $lc:"; cat "$tmp/lc"; exit 1; }
done
echo "check-tune: selftest, $lines positions of 24 games, $entries weights fitted, the learned table's scores agree: ok"
