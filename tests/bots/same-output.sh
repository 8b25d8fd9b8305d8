#!/bin/sh
# SPDX-License-Identifier: MIT
# same-output.sh - what the bots answer, seeded and with fixed limits, in
# a form to compare across changes that must not alter a single move:
#   same-output.sh CLI DIR        writes the answers of CLI into DIR
#   same-output.sh CLI DIR REF    ... and compares them with those in REF
# The answers: a seeded match of ab against mcts with its records, seeded
# self-play games, seeded `play` games of a bot against random, the engine's `go depth` and `go nodes` on one thread for
# ab and mcts, and the mate reports on the positions of botreports.c and
# matecheck.c.  Wall-clock figures (time, nps, the date, a match's
# seconds) are cut, since they vary from run to run.
set -eu
cli=$1 dir=$2 ref=${3:-}
rm -rf "$dir"
mkdir -p "$dir"

# The clock words of the engine's info lines and the match's summary.
unclock() {
    sed -e 's/ nps [0-9]*//' -e 's/ time [0-9]*//' -e 's/ in [0-9.]* s,/,/' -e 's/, [0-9]* ms\]/]/' -e '/^Date: /d'
}

"$cli" match --white ab --black mcts --nodes 2000 --games 6 --seed 7 --jobs 1 \
    --records "$dir/match" -q | unclock >"$dir/match.txt"
"$cli" match --white ab --black ab --depth 3 --games 2 --seed 11 --jobs 1 \
    --records "$dir/match-depth" -q | unclock >"$dir/match-depth.txt"
for f in "$dir"/match*/*.mana; do
    unclock <"$f" >"$f.cut" && mv "$f.cut" "$f"
done
rm -f "$dir"/match*/match-journal.txt

for s in 1 2 3 42; do
    "$cli" selfplay --seed $s -q >"$dir/selfplay-$s.txt"
done
"$cli" play --white random --black ab --depth 2 --seed 5 -q </dev/null | unclock >"$dir/play-random-ab.txt"
"$cli" play --white mcts --black random --nodes 300 --seed 5 -q </dev/null | unclock >"$dir/play-mcts-random.txt"

# Positions: a forced capture in 3 (d4xc3), a start, a setup, a middle game
# (botreports.c), and the solver-labelled wins of matecheck.c.
positions='6/6/3R2/2r3/1R4/d3D1 w 2 0
r2r2/2dr2/r3r1/4R1/D5/R2R1R w 1 3
3R1d/2r3/DR3R/R2rR1/r1r3/6 w 3 1
1d2r1/3R2/1R1r2/6/3RR1/1rR1D1 b 1 1
2d3/1r4/2r3/D3RR/1RrR2/1r1R2 b 3 3
r3d1/2r3/1rrr1R/3R2/6/DR1R1R b 2 2'
# One engine session a bot, each `go` waited for before the next line is
# sent: a `quit` or a `position` read while it searches would stop it.
engine_session() { # bot out
    fifo=$dir/.in
    rm -f "$fifo" && mkfifo "$fifo" && : >"$2.raw"
    "$cli" engine <"$fifo" >>"$2.raw" &
    pid=$!
    exec 3>"$fifo"
    said=0
    send() { printf '%s\n' "$@" >&3; }
    go() {
        send "$1"
        said=$((said + 1))
        while [ "$(grep -c '^bestmove' "$2.raw" || true)" -lt $said ]; do sleep 0.02; done
    }
    send mana "setoption name Bot value $1" 'setoption name Threads value 1' 'position startpos'
    go 'go depth 3' "$2"
    send 'position startpos moves O2 D@a6'
    go 'go nodes 3000' "$2"
    echo "$positions" | while IFS= read -r p; do
        send "position mfn $p"
        go 'go depth 6' "$2"
        send "position mfn $p"
        go 'go nodes 4000' "$2"
    done
    send quit
    exec 3>&-
    wait $pid
    unclock <"$2.raw" >"$2" && rm -f "$2.raw" "$fifo"
}
for bot in ab mcts; do
    engine_session $bot "$dir/engine-$bot.txt"
done

if [ -n "$ref" ]; then
    if diff -r "$ref" "$dir"; then
        echo "same-output: the same answers as $ref ($(find "$dir" -type f | wc -l) files)"
    else
        echo "same-output: the answers differ from $ref" >&2
        exit 1
    fi
fi
