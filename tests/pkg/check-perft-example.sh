#!/bin/sh
# SPDX-License-Identifier: MIT
# check-perft-example.sh - examples/c/perft takes DEPTH [MFN] as
# `mana-cli perft` does, prints perft(1)..perft(DEPTH) with the values of
# tests/data/perft.txt, and refuses a bad depth (or the old MFN-first order)
# with its usage and exit status 2.   usage: check-perft-example.sh PERFT
set -u
ME=check-perft-example
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
perft=$1
out=$tmp/out

# no arguments: the start position to depth 3 (perft.txt: 16 66 421)
"$perft" >"$out" || bad "'perft' failed"
[ "$(grep -c '^perft(' "$out")" = 3 ] && grep -qx 'perft(3) = 421' "$out" ||
    bad "'perft': not perft(1..3) ending in 421"
# DEPTH alone: the start position (perft.txt: D2 66)
"$perft" 2 >"$out" || bad "'perft 2' failed"
grep -qx 'perft(2) = 66' "$out" && ! grep -q '^perft(3)' "$out" || bad "'perft 2': not 66 at depth 2"
# DEPTH MFN (perft.txt: D4 391309, the README's mana-cli perft example)
"$perft" 4 '2d3/6/2R1r1/1r4/3D2/6 b 3 3' >"$out" || bad "'perft 4 MFN' failed"
grep -qx 'perft(4) = 391309' "$out" || bad "'perft 4 2d3/6/2R1r1/1r4/3D2/6 b 3 3': not 391309"
# depth 0 counts the position itself
"$perft" 0 >"$out" || bad "'perft 0' failed"
grep -qx 'perft(0) = 1' "$out" || bad "'perft 0': not 1"
# refused: the MFN first, a depth out of range or with trailing text, too many arguments
for args in "'rrdrrr/6/6/6/6/RRRDRR b - 0' 3" "65" "-1" "3x" "''" "3 'rrdrrr/6/6/6/6/RRRDRR b - 0' extra"; do
    eval "\"\$perft\" $args" >/dev/null 2>"$out"
    rc=$?
    [ "$rc" = 2 ] || bad "'perft $args': exit status $rc, expected 2"
    grep -q '^usage: perft \[DEPTH \[MFN\]\]' "$out" || bad "'perft $args': no usage on stderr"
done
finish "check-perft-example: examples/c/perft DEPTH [MFN] checked"
