#!/bin/sh
# SPDX-License-Identifier: MIT
# smp_speedup.sh - the nodes `ab` visits in a fixed move time on 1 and 2
# threads (Lazy SMP, the Threads option), position by position, through
# `mana-cli engine`: Threads 1 and Threads 2 alternate on each position
# so that a change of the machine's load falls on both.  Prints one line a
# position and the ratio of the totals; BENCHMARKS.md ("Lazy SMP") keeps
# the figures (a position whose search ends early, a forced result
# found, counts what it searched).  Timing only: no test runs it.
#   usage: tools/smp_speedup.sh [MANA-CLI] [MOVETIME-MS] [THREADS]
set -u
CLI=${1:-build/mana-cli}
MS=${2:-1000}
T=${3:-2}
POSITIONS='rrdrrr/6/6/6/6/RRRDRR b - 0
1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0
3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2 w 1 3
5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0
4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0
2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2'

# nodes THREADS MFN: the nodes of the search's totals line, of a `go
# infinite` stopped after MS ms (a movetime search may end early: it
# starts no iteration it would not finish).
nodes() {
    { printf 'mana\nsetoption name Threads value %s\nposition mfn %s\ngo infinite\n' "$1" "$2"; sleep "$(awk -v m="$MS" 'BEGIN { print m / 1000 }')"; echo stop; } |
        "$CLI" engine | awk '/^info depth .* nodes / && !/ pv / { for (i = 1; i < NF; i++) if ($i == "nodes") n = $(i + 1) }
                            END { print n + 0 }'
}

echo "load: $(uptime | sed 's/.*load average: //')"
total1=0
totalT=0
echo "$POSITIONS" | {
    while read -r mfn; do
        n1=$(nodes 1 "$mfn")
        nT=$(nodes "$T" "$mfn")
        total1=$((total1 + n1))
        totalT=$((totalT + nT))
        awk -v a="$n1" -v b="$nT" -v m="$mfn" 'BEGIN { printf "%-40s %10d %10d  %.2fx\n", m, a, b, b / a }'
    done
    awk -v a="$total1" -v b="$totalT" -v t="$T" 'BEGIN { printf "total: Threads 1 %d, Threads %d %d nodes: %.2fx\n", a, t, b, b / a }'
}
echo "load: $(uptime | sed 's/.*load average: //')"
