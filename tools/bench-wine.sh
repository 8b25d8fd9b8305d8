#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/bench-wine.sh LINUX-CLI WINDOWS-CLI [RUNS]
#
# The Windows build under Wine against the Linux build, on the same
# machine in one run: RUNS (9) alternating runs of each, the medians and
# their ratio (Wine / Linux; above 1 is slower under Wine).
#   - ab: `go nodes 2000000` on one thread, the engine's own `time`
#     (the search alone, without Wine's start);
#   - mcts: `go iterations 200000`, the same (its playout rate);
#   - perft 8 (bulk counting) from the README's position, wall time of
#     the whole command, Wine's start included; then `--version`'s wall
#     time, which is the start alone on each side.
# Used by `make bench-wine`; the figures go in BENCHMARKS.md.
set -eu
lin=$1 win=$2 runs=${3:-9}
POS="1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0"
README="1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2"
export WINEDEBUG=-all
run() { # run linux|wine ARGS...: the command on that side
    side=$1; shift
    if [ "$side" = linux ]; then "$lin" "$@"; else (cd "$(dirname "$win")" && wine "./$(basename "$win")" "$@"); fi
}
# search_ms SIDE GO BOT: the engine's time of its last info line, in ms.
search_ms() {
    printf '%s\n' mana "setoption name Bot value $3" "position mfn $POS" "$2" | run "$1" engine |
        tr -d '\r' | grep '^info .* time ' | tail -n 1 | sed 's/.* time \([0-9]*\).*/\1/'
}
perft_ms() {
    s=$(date +%s%N); run "$1" perft --threads 1 8 "$README" >/dev/null; e=$(date +%s%N)
    echo $(((e - s) / 1000000))
}
version_ms() {
    s=$(date +%s%N); run "$1" --version >/dev/null; e=$(date +%s%N)
    echo $(((e - s) / 1000000))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() { # measure NAME COMMAND...: RUNS alternating runs, medians, ratio
    name=$1; shift
    : >"$tmp/linux"; : >"$tmp/wine"
    i=0
    while [ $i -lt "$runs" ]; do
        "$@" linux >>"$tmp/linux"; "$@" wine >>"$tmp/wine"; i=$((i + 1))
    done
    l=$(median <"$tmp/linux") w=$(median <"$tmp/wine")
    awk -v n="$name" -v l="$l" -v w="$w" -v r="$runs" \
        'BEGIN { printf "bench-wine: %-28s Linux %6d ms, Wine %6d ms: %.3fx (medians of %d)\n", n, l, w, w / (l > 0 ? l : 1), r }'
}
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
# Wine's server kept for a minute after its last program, so that no run
# pays for starting it again (it otherwise exits 3 s after the last one).
wineserver -p60 2>/dev/null || true
ab() { search_ms "$1" 'go nodes 2000000' ab; }
mcts() { search_ms "$1" 'go iterations 200000' mcts; }
measure "ab, go nodes 2000000" ab
measure "mcts, go iterations 200000" mcts
measure "perft 8 (with Wine's start)" perft_ms
measure "--version (the start alone)" version_ms
