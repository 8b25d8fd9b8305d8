#!/bin/sh
# SPDX-License-Identifier: MIT
# readme.sh - the engine-protocol example of docs/cli.md is what
# `mana-cli engine` answers to its `>` lines, word for word but for the
# times and rates (time, nps), which vary from run to run, and the search's
# figures short of a mate (score cp, nodes, the pv of a cp score), which
# change with the evaluation: the example is regenerated then, but a tuning
# does not fail here.
#   usage: readme.sh MANA-CLI [DOC]
set -u
CLI=$1
readme=${2:-$(dirname "$0")/../../docs/cli.md}
NAME=readme.sh
. "$(dirname "$0")/lib.sh"

# the first fenced block that starts with "> mana"
sed -n '/^> mana$/,/^```$/p' "$readme" | sed '/^```$/d' >"$tmp/example"
sed -n 's/^> //p' "$tmp/example" >"$tmp/input"
expect_eq "$(head -n 1 "$tmp/input")" "mana" "the example found in $readme"
vary() { sed -e 's/ time [0-9]*/ time T/' -e 's/ nps [0-9]*/ nps X/' -e 's/ nodes [0-9]*/ nodes N/' -e '/score cp/s/ pv .*/ pv P/' -e 's/ cp -*[0-9]*/ cp C/'; }
sed -n 's/^< //p' "$tmp/example" | vary >"$tmp/want"
"$CLI" engine <"$tmp/input" 2>&1 | vary >"$tmp/got"
checks=$((checks + 1))
if ! cmp -s "$tmp/want" "$tmp/got"; then
    fail "the engine example of $readme is not the engine's output:"
    diff "$tmp/want" "$tmp/got" | sed 's/^/    | /' >&2
fi
finish
