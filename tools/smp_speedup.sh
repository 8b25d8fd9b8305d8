#!/bin/sh
# SPDX-License-Identifier: MIT
# smp_speedup.sh - the nodes `ab` visits in the same time on 1 and on N
# threads (Lazy SMP, the Threads option), position by position, through
# `mana-cli engine`: a `go infinite` stopped after MS ms (a movetime
# search may end early: it starts no iteration it would not finish; a
# position whose search ends early, a forced result found, counts what it
# searched).  Threads 1 and Threads N alternate on each position so that a
# change of the machine's load falls on both.  Prints, a position: the
# nodes of each, their ratio, and the CPUs the N threads obtained (CPU
# time over wall time, from /usr/bin/time); then the ratio of the totals
# and the nodes per CPU second of N threads against 1 thread's (1.0: no
# work lost to sharing).  BENCHMARKS.md ("Lazy SMP") keeps the figures.
# Timing only: no test runs it.  BOT=mcts measures the mcts bot instead
# (root parallelism): its playouts (`iterations`) are counted for nodes.
# With FILE (tests/data/bot_positions.txt, say), the positions are its
# lines' MFNs (a line: MFN, or a preset then the MFN; '#' comments), each
# searched under the default rules; a node count varies by some 10% from
# run to run on one position, so many positions give a steadier ratio.
#   usage: [BOT=ab|mcts] tools/smp_speedup.sh [MANA-CLI] [MS] [N] [FILE]
set -u
CLI=${1:-build/mana-cli}
MS=${2:-1000}
T=${3:-2}
FILE=${4:-}
BOT=${BOT:-ab}
COUNT=nodes
[ "$BOT" = mcts ] && COUNT=iterations
POSITIONS='rrdrrr/6/6/6/6/RRRDRR b - 0
1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0
3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2 w 1 3
5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0
4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0
2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2'
if [ -n "$FILE" ]; then
    POSITIONS=$(awk '!/^#/ && NF { print (NF == 4 ? $0 : $2 " " $3 " " $4 " " $5) }' "$FILE")
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run THREADS MFN: "NODES CPU-SECONDS" of one search.
run() {
    { printf 'mana\nsetoption name Bot value %s\nsetoption name Threads value %s\nposition mfn %s\ngo infinite\n' "$BOT" "$1" "$2"
      sleep "$(awk -v m="$MS" 'BEGIN { print m / 1000 }')"; echo stop; } |
        /usr/bin/time -f '%U %S' -o "$tmp/cpu" "$CLI" engine >"$tmp/out"
    n=$(awk -v c="$COUNT" '/^info depth .* nodes / && !/ pv / { for (i = 1; i < NF; i++) if ($i == c) n = $(i + 1) }
             END { print n + 0 }' "$tmp/out")
    echo "$n $(awk '{ print $1 + $2 }' "$tmp/cpu")"
}

echo "load: $(uptime | sed 's/.*load average: //')"
echo "$POSITIONS" | {
    t1=0 tT=0 c1=0 cT=0
    while read -r mfn; do
        set -- $(run 1 "$mfn") $(run "$T" "$mfn")
        t1=$((t1 + $1)) tT=$((tT + $3))
        c1=$(awk -v a="$c1" -v b="$2" 'BEGIN { print a + b }')
        cT=$(awk -v a="$cT" -v b="$4" 'BEGIN { print a + b }')
        awk -v a="$1" -v b="$3" -v c="$4" -v ms="$MS" -v m="$mfn" \
            'BEGIN { printf "%-40s %10d %10d  %.2fx  %.2f CPUs\n", m, a, b, b / a, c * 1000 / ms }'
    done
    awk -v a="$t1" -v b="$tT" -v ca="$c1" -v cb="$cT" -v t="$T" \
        'BEGIN { printf "total: Threads 1 %d, Threads %d %d nodes: %.2fx; nodes per CPU second %.2f of 1 thread'"'"'s\n",
                 a, t, b, b / a, (b / cb) / (a / ca) }'
}
echo "load: $(uptime | sed 's/.*load average: //')"
