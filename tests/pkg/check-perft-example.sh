#!/bin/sh
# SPDX-License-Identifier: MIT
# check-perft-example.sh - examples/c/perft takes DEPTH [MFN] as
# `mana-cli perft` does, prints perft(1)..perft(DEPTH) with the values of
# tests/data/perft.txt, and refuses a bad depth (or the old MFN-first order)
# with its usage and exit status 2.   usage: check-perft-example.sh PERFT
set -u
perft=$1
failures=0
fail() {
    echo "check-perft-example: $*" >&2
    failures=$((failures + 1))
}
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM

# no arguments: the start position to depth 3 (perft.txt: 16 66 421)
"$perft" >"$out" || fail "'perft' failed"
[ "$(grep -c '^perft(' "$out")" = 3 ] && grep -qx 'perft(3) = 421' "$out" ||
    fail "'perft': not perft(1..3) ending in 421"
# DEPTH alone: the start position (perft.txt: D2 66)
"$perft" 2 >"$out" || fail "'perft 2' failed"
grep -qx 'perft(2) = 66' "$out" && ! grep -q '^perft(3)' "$out" || fail "'perft 2': not 66 at depth 2"
# DEPTH MFN (perft.txt: D4 391309, the README's mana-cli perft example)
"$perft" 4 '2d3/6/2R1r1/1r4/3D2/6 b 3 3' >"$out" || fail "'perft 4 MFN' failed"
grep -qx 'perft(4) = 391309' "$out" || fail "'perft 4 2d3/6/2R1r1/1r4/3D2/6 b 3 3': not 391309"
# depth 0 counts the position itself
"$perft" 0 >"$out" || fail "'perft 0' failed"
grep -qx 'perft(0) = 1' "$out" || fail "'perft 0': not 1"
# refused: the MFN first, a depth out of range or with trailing text, too many arguments
for args in "'rrdrrr/6/6/6/6/RRRDRR b - 0' 3" "65" "-1" "3x" "''" "3 'rrdrrr/6/6/6/6/RRRDRR b - 0' extra"; do
    eval "\"\$perft\" $args" >/dev/null 2>"$out"
    rc=$?
    [ "$rc" = 2 ] || fail "'perft $args': exit status $rc, expected 2"
    grep -q '^usage: perft \[DEPTH \[MFN\]\]' "$out" || fail "'perft $args': no usage on stderr"
done
[ "$failures" -eq 0 ] && echo "check-perft-example: examples/c/perft DEPTH [MFN] checked"
