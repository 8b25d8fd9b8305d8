#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/cross/cli-answers.sh REFERENCE-CLI RUNNER:CLI...
#
# mana-cli's own answers on other CPUs: each CLI (a cross build, run by
# RUNNER, the emulator: qemu-aarch64 ...) prints byte for byte what
# REFERENCE-CLI (the x86-64 build) prints for perft, seeded selfplay games
# (64-bit seeds included) and ab's `go nodes 20000` and mcts's
# `go iterations 2000` with one thread.  Only the engine's clock readings
# (`time N`, `nps N`) are masked.  Exit 1 on any difference.
set -u
ref=$1; shift
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
MFN3="2d3/6/2R1r1/1r4/3D2/6 b 3 3"
README="1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2"

# answers RUNNER CLI: every answer, one after the other, into stdout.
answers() {
    run=$1; shift
    $run "$@" perft 4 "$MFN3"
    $run "$@" perft --divide 3 "$README"
    for s in 1 9007199254740993 18446744073709551615; do
        $run "$@" selfplay --seed $s -q
        $run "$@" selfplay --rules cosmoludo --seed $s
    done
    printf '%s\n' mana "position mfn $MFN3" 'go nodes 20000' "position mfn $README" 'go nodes 20000' \
        'setoption name Bot value mcts' 'setoption name Seed value 5' 'position startpos' 'go iterations 2000' |
        $run "$@" engine
}
mask() { sed 's/ nps [0-9]*//; s/ time [0-9]*//'; }

answers "" "$ref" 2>&1 | mask >"$tmp/ref"
status=0
for r in "$@"; do
    runner=${r%%:*} cli=${r#*:}
    answers "$runner" "$cli" 2>&1 | mask >"$tmp/out"
    if cmp -s "$tmp/ref" "$tmp/out"; then
        echo "cli-answers: $runner $cli: x86-64's perft, selfplay and go answers ($(wc -l <"$tmp/ref") lines)"
    else
        echo "cli-answers: $runner $cli answers otherwise than $ref:"
        diff "$tmp/ref" "$tmp/out" | head -n 40
        status=1
    fi
done
exit $status
