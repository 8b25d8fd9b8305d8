#!/bin/sh
# SPDX-License-Identifier: MIT
#
# icount.sh - instruction counts of the workloads of tests/perf/icount.c
# (callgrind, only inside icount_measured) and the `ab` bot's nodes per
# second, for this tree and, with --ref COMMIT, for that commit too, in one
# run: a markdown table on stdout (BENCHMARKS.md, "Play, undo and copy").
#
#   tools/icount.sh [--ref COMMIT] [--ab-runs N] [--ab-depth D] [--rate-runs N]
#
# Rates: each workload run natively --rate-runs times (5), CPU seconds of
# the workload alone, the two builds alternating; the median.  The copy
# workload's rate includes its loop (mana_hash and the loop itself).
# The tree (and the commit, exported with `git archive` to a temporary
# directory) is built with `make all` and its default flags; icount.c is
# compiled against each tree's mana.h and libmana.a (with -DICOUNT_CLONE
# where mana.h has no mana_copy).  The ab rates are medians of N runs,
# the two libraries alternating, `go depth D` (9) on the three start
# positions of perft.txt through
# `mana-cli engine` (nodes and milliseconds from its last info line);
# the ab instruction count is one `go depth 7` under callgrind, and, for
# each of the two positions of BENCHMARKS.md "The search: instructions a
# node", one `go nodes 100000` (the whole session's instructions over the
# nodes the engine reports, what a user of the engine pays a node; and the
# same less a session that searches nothing, the search alone: the start-up clears the
# 16 MiB table, which callgrind counts as one instruction a byte).
# Needs valgrind, cc, make, git.
set -eu

ref=
ab_runs=3
rate_runs=5
ab_depth=9
AB_ICOUNT_DEPTH=7
# the three start positions of perft.txt (spaces as _)
AB_POSITIONS="rrdrrr/6/6/6/6/RRRDRR_b_-_0 rrrdrr/6/6/6/6/RRRDRR_b_-_3 6/rdrrrr/6/6/RRRRDR/6_b_-_2"
# the positions of the node-limited count (the two of BENCHMARKS.md, "The
# search: instructions a node")
AB_NODE_POSITIONS="1r2d1/2Rr2/r4R/2R3/6/1r1DR1_b_1_0 3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2_w_1_3"
AB_NODES=100000
while [ $# -gt 0 ]; do
    case $1 in
    --ref) ref=$2; shift 2 ;;
    --ab-runs) ab_runs=$2; shift 2 ;;
    --ab-depth) ab_depth=$2; shift 2 ;;
    --rate-runs) rate_runs=$2; shift 2 ;;
    -h | --help) sed -n '3,24p' "$0"; exit 0 ;;
    *) echo "icount.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/icount.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
CC=${CC:-cc}
WORKLOADS="full playouts bulk copy"

# build DIR NAME: builds the tree in DIR and its icount program as $tmp/NAME.
build() {
    make -C "$1" -j2 all >/dev/null
    lib=$1/build/libmana.a
    [ -f "$lib" ] || lib=$1/libmana.a
    cli=$1/build/mana-cli
    [ -x "$cli" ] || cli=$1/examples/mana-cli
    flags=
    grep -q 'mana_copy(' "$1/include/mana.h" || flags=-DICOUNT_CLONE
    echo "$flags" >"$tmp/$2.flags"
    # shellcheck disable=SC2086
    $CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 $flags -I"$1/include" -I"$top/bots" -o "$tmp/$2" "$top/tests/perf/icount.c" "$lib"
    ln -s "$cli" "$tmp/$2-cli"
}

# count NAME WORKLOAD: prints "instructions units".  The copy workload
# counts the library's calls alone (mana_copy, or mana_clone + mana_free),
# the others all of icount_measured.
count() {
    fns=icount_measured
    if [ "$2" = copy ]; then
        fns=mana_copy
        grep -q ICOUNT_CLONE "$tmp/$1.flags" && fns="mana_clone mana_free"
    fi
    # shellcheck disable=SC2086
    units=$(valgrind --tool=callgrind $(printf -- '--toggle-collect=%s ' $fns) \
        --callgrind-out-file="$tmp/cg.out" "$tmp/$1" "$2" 2>/dev/null)
    ir=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$tmp/cg.out")
    echo "$ir $units"
}

# ab_run NAME: one engine session over the three positions; nodes/s.
ab_run() {
    : >"$tmp/ab.log"
    {
        printf 'mana\nsetoption name Bot value ab\n'
        for mfn in $AB_POSITIONS; do
            n=$(grep -c '^bestmove' "$tmp/ab.log" || true)
            printf 'newgame\nposition mfn %s\ngo depth %s\n' "$(echo "$mfn" | tr _ ' ')" "$ab_depth"
            while [ "$(grep -c '^bestmove' "$tmp/ab.log" || true)" = "$n" ]; do sleep 0.1; done
        done
        echo quit
    } | "$tmp/$1-cli" engine >"$tmp/ab.log" 2>&1
    awk '/^info depth/ { for (i = 1; i < NF; i++) { if ($i == "nodes") n = $(i + 1); if ($i == "time") t = $(i + 1) } }
         /^bestmove/ { nodes += n; ms += t }
         END { printf "%.0f\n", ms ? nodes / (ms / 1000) : 0 }' "$tmp/ab.log"
}

# ab_icount NAME MFN GO: prints "instructions nodes" of one ab search (GO,
# e.g. "go depth 7", on the position MFN, spaces as _) under callgrind: the
# whole engine session, start-up included (ab_startup).  ab is the
# engine's default bot: no setoption, which would make a second one.
ab_icount() {
    printf 'mana\nposition mfn %s\n%s\n' "$(echo "$2" | tr _ ' ')" "$3" >"$tmp/ab.in"
    # stdin stays open until the answer: the search runs in its own thread
    { cat "$tmp/ab.in"; while ! grep -q '^bestmove' "$tmp/abi.log" 2>/dev/null; do sleep 0.5; done; echo quit; } |
        valgrind --tool=callgrind --callgrind-out-file="$tmp/abcg.out" "$tmp/$1-cli" engine >"$tmp/abi.log" 2>/dev/null
    ir=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$tmp/abcg.out")
    nodes=$(awk '/^info depth/ { for (i = 1; i < NF; i++) if ($i == "nodes") n = $(i + 1) } END { print n }' "$tmp/abi.log")
    rm -f "$tmp/abi.log"
    echo "$ir $nodes"
}

# ab_startup NAME: prints the instructions of an engine session that
# searches nothing (handshake, isready, quit) under callgrind.
ab_startup() {
    printf 'mana\nisready\nquit\n' |
        valgrind --tool=callgrind --callgrind-out-file="$tmp/abcg0.out" "$tmp/$1-cli" engine >/dev/null 2>&1
    sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$tmp/abcg0.out"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

names=now
build "$top" now
if [ -n "$ref" ]; then
    mkdir "$tmp/ref.src"
    git -C "$top" archive "$ref" | tar -xf - -C "$tmp/ref.src"
    build "$tmp/ref.src" ref
    names="ref now"
fi

for n in $names; do
    for w in $WORKLOADS; do
        count "$n" "$w" >"$tmp/$n.$w"
    done
    : >"$tmp/$n.ab"
    ab_startup "$n" >"$tmp/$n.ab0"
    ab_icount "$n" "$(echo "$AB_POSITIONS" | cut -d' ' -f1)" "go depth $AB_ICOUNT_DEPTH" >"$tmp/$n.abi"
    i=1
    for mfn in $AB_NODE_POSITIONS; do
        ab_icount "$n" "$mfn" "go nodes $AB_NODES" >"$tmp/$n.abn$i"
        i=$((i + 1))
    done
done
# rates: each workload natively, CPU seconds, the builds alternating
for w in $WORKLOADS; do
    i=0
    while [ $i -lt "$rate_runs" ]; do
        for n in $names; do
            "$tmp/$n" "$w" --time | awk '{ printf "%.6g\n", $1 / $2 }' >>"$tmp/$n.$w.rate"
        done
        i=$((i + 1))
    done
done
i=0
while [ $i -lt "$ab_runs" ]; do
    for n in $names; do ab_run "$n" >>"$tmp/$n.ab"; done
    i=$((i + 1))
done

label() {
    case $1 in
    full) echo "full perft through the API, depth 4, 5 positions|node" ;;
    playouts) echo "random playouts, 2000 games (setup included)|ply" ;;
    bulk) echo "bulk perft (mana_perft), 5 positions|leaf" ;;
    copy) echo "copy of a game with no history (mana_copy; before: mana_clone + mana_free)|copy" ;;
    esac
}

rate() { median <"$tmp/$1.$2.rate"; }
if [ -n "$ref" ]; then
    echo "| workload | unit | units | before ($ref): instructions per unit | after | ratio | before: units/s | after: units/s | ratio |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
else
    echo "| workload | unit | units | instructions per unit | units/s |"
    echo "|---|---|---:|---:|---:|"
fi
# si(r): a rate in M or G units a second, three significant digits.
AWK_SI='function si(r) { return r >= 1e9 ? sprintf("%.3g G", r / 1e9) : sprintf("%.3g M", r / 1e6) } '
for w in $WORKLOADS; do
    set -- $(cat "$tmp/now.$w")
    now_ir=$1 units=$2
    l=$(label "$w")
    if [ -n "$ref" ]; then
        set -- $(cat "$tmp/ref.$w")
        awk -v l="$l" -v u="$units" -v a="$1" -v au="$2" -v b="$now_ir" -v ra="$(rate ref "$w")" \
            -v rb="$(rate now "$w")" "$AWK_SI"'BEGIN {
            split(l, p, "|"); x = a / au; y = b / u
            printf "| %s | %s | %d | %.1f | %.1f | %.2fx | %s | %s | %.2fx |\n", p[1], p[2], u, x, y, x / y,
                si(ra), si(rb), rb / ra }'
    else
        awk -v l="$l" -v u="$units" -v b="$now_ir" -v rb="$(rate now "$w")" "$AWK_SI"'BEGIN {
            split(l, p, "|"); printf "| %s | %s | %d | %.1f | %s |\n", p[1], p[2], u, b / u, si(rb) }'
    fi
done
for n in $names; do
    set -- $(cat "$tmp/$n.abi") "$(cat "$tmp/$n.ab0")"
    awk -v n="$n" -v ir="$1" -v nodes="$2" -v s="$3" -v d="$AB_ICOUNT_DEPTH" 'BEGIN {
        printf "%s ab: %d nodes at depth %d, %.0f instructions per node (engine start-up included), %.0f for the search alone (start-up %.1f M)\n",
            n, nodes, d, ir / nodes, (ir - s) / nodes, s / 1e6 }'
done
for n in $names; do
    i=1
    for mfn in $AB_NODE_POSITIONS; do
        set -- $(cat "$tmp/$n.abn$i") "$(cat "$tmp/$n.ab0")"
        awk -v n="$n" -v ir="$1" -v nodes="$2" -v s="$3" -v mfn="$(echo "$mfn" | tr _ ' ')" 'BEGIN {
            printf "%s ab: go nodes %d on %s: %.0f instructions per node (engine start-up included), %.0f for the search alone\n",
                n, nodes, mfn, ir / nodes, (ir - s) / nodes }'
        i=$((i + 1))
    done
done
for n in $names; do
    printf '%s ab nodes/s (median of %s runs, depth %s, 3 positions): %s\n' "$n" "$ab_runs" "$ab_depth" \
        "$(median <"$tmp/$n.ab")"
done
