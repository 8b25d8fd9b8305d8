#!/bin/sh
# SPDX-License-Identifier: MIT
# core.sh - the first subcommands: perft (counts from tests/data/perft.txt,
# --divide, --threads, exit codes), show (board, --svg, bad MFN) and
# selfplay (a whole game, the same for the same seed).
#   usage: core.sh MANA-CLI
set -u
CLI=$1
NAME=core.sh
. "$(dirname "$0")/lib.sh"

# perft: the last line is the leaf count (values from tests/data/perft.txt).
expect_eq "$("$CLI" perft 4 "2d3/6/2R1r1/1r4/3D2/6 b 3 3" | tail -n 1)" 391309 "perft 4"
expect_eq "$("$CLI" perft 3 2d3/6/2R1r1/1r4/3D2/6 b 3 3 | tail -n 1)" 17239 "perft, MFN as four words"
expect_eq "$("$CLI" perft 4 | tail -n 1)" 2293 "perft from the default position"
expect_eq "$("$CLI" perft --threads 2 4 "r4r/3R2/3r1r/1d2Dr/RR4/4R1 w 3 1" | tail -n 1)" 21288 "perft --threads 2"
expect_eq "$("$CLI" perft --blocked draw 1 "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0" | tail -n 1)" 0 "blocked = draw"
expect_eq "$("$CLI" perft --blocked pass 1 "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0" | tail -n 1)" 1 "blocked = pass"
expect_eq "$("$CLI" perft 0 | tail -n 1)" 1 "perft 0"

# --divide: one "move count" line per root move (16 at depth 1 from the
# default position), summing to the total on the last line (66 at depth 2).
"$CLI" perft --divide 2 >"$tmp/divide"
expect_status $? 0 "perft --divide"
expect_eq "$(sed '$d' "$tmp/divide" | wc -l | tr -d ' ')" 16 "divide lines"
expect_eq "$(sed '$d' "$tmp/divide" | awk '{s += $2} END {print s}')" 66 "divide sum"
expect_eq "$(tail -n 1 "$tmp/divide")" 66 "divide total"

# Usage errors exit 2; an invalid MFN exits 1 with the library's reason.
for args in "perft" "perft x" "perft 65" "perft -1" "perft --rules chess 1" \
    "perft --blocked maybe 1" "perft --bogus 1" "show" "show --bogus" "selfplay extra" \
    "selfplay --seed -3" "nosuchcommand"; do
    # shellcheck disable=SC2086
    "$CLI" $args >"$tmp/out" 2>&1
    expect_status $? 2 "mana-cli $args"
    expect_grep "$tmp/out" "usage:" "mana-cli $args prints a usage"
done
"$CLI" perft " 1" >/dev/null 2>&1
expect_status $? 2 "perft with a space before DEPTH"
"$CLI" perft 1 "rrdrrr/6/6/6/6/RRRDRR x - 0" >"$tmp/out" 2>&1
expect_status $? 1 "perft, bad side"
expect_grep "$tmp/out" "side: expected 'w' or 'b'" "perft names the MFN field"
"$CLI" show "rrdrrr/6/6/6/6/RRRDRR b - 0 " >"$tmp/out" 2>&1
expect_status $? 1 "show, trailing space"
expect_grep "$tmp/out" "extra text after the orientation field" "show explains"

# show: ranks 6 to 1 with each square's piece and marks (orientation 0:
# rank 6 reads 2 2 3 1 2 2, rank 1 reads 1 3 2 2 1 3).
"$CLI" show "rrdrrr/6/6/6/6/RRRDRR b - 0" >"$tmp/show"
expect_status $? 0 "show"
expect_grep "$tmp/show" "6  r2  r2  d3  r1  r2  r2  6" "rank 6"
expect_grep "$tmp/show" "1  R1  R3  R2  D2  R1  R3  1" "rank 1"
expect_grep "$tmp/show" "Black to move; no Mana yet" "side and Mana"
# The Mana line says when the Mana binds nothing.  Orientation 0 (ranks
# 4-1: 3 1 2 2 3 1 / 2 3 1 3 1 2 / 2 1 3 1 3 2 / 1 3 2 2 1 3): White's
# pieces c3, b2, e1 stand on 1-mark squares, so under Mana 2 none is
# bound; any piece may move, and three Ronins are off the board.
"$CLI" show "6/3r2/6/2R3/1R4/d3D1 w 2 0" >"$tmp/show" 2>&1
expect_grep "$tmp/show" "White to move; Mana 2, but no White piece on a 2-mark square (*) can move: any piece may move, or a Ronin re-enter" "Mana binding nothing"
# The Ronin on d4 (2 marks) is bound and can move: the plain line.
"$CLI" show "6/3r2/3R2/2r3/1R4/d3D1 w 2 0" >"$tmp/show" 2>&1
expect_grep "$tmp/show" "White to move; Mana 2: White must move a piece on a 2-mark square (*)" "Mana binding d4"
# The board marks with '*' the squares the Mana binds: the 2-mark squares
# (rank 4 of orientation 0 reads 3 1 2 2 3 1: c4 and d4, the Ronin on d4).
expect_grep "$tmp/show" "4  .3  .1  .2* R2* .3  .1  4" "rank 4: c4 and d4 bound"
expect_grep "$tmp/show" "1  d1  .3  .2* .2* D1  .3  1" "rank 1: c1 and d1 bound"
"$CLI" show --svg "$tmp/p.svg" "2d3/6/2R1r1/1r4/3D2/6 b 3 3" >/dev/null
expect_status $? 0 "show --svg"
expect_grep "$tmp/p.svg" '<svg xmlns="http://www.w3.org/2000/svg"' "an SVG file"
# Five pieces (d c6, R c4, r e4, r b3, D d2), each a disc; the two Damyos
# also get a gold ring.
expect_eq "$(grep -c '<circle.*stroke="#111"' "$tmp/p.svg")" 5 "five pieces drawn"
expect_eq "$(grep -c '<circle.*stroke="#d4a017"' "$tmp/p.svg")" 2 "two Damyo rings"

# selfplay: a whole game to a result; the same seed gives the same game.
"$CLI" selfplay --seed 7 >"$tmp/a"
expect_status $? 0 "selfplay"
"$CLI" selfplay --seed 7 >"$tmp/b"
expect_eq "$(cmp -s "$tmp/a" "$tmp/b" && echo same)" same "selfplay is deterministic"
expect_grep "$tmp/a" "result: " "selfplay ends with a result"
"$CLI" selfplay --rules cosmoludo --seed 3 --ply-limit 10 >"$tmp/c"
expect_status $? 0 "selfplay cosmoludo"
expect_grep "$tmp/c" "ply 1: Black plays" "Black moves first"
# the counts are counted nouns: 1 ply, 2 plies (13 setup moves before)
"$CLI" selfplay --seed 3 --ply-limit 1 -q >"$tmp/d"
expect_eq "$(tail -n 1 "$tmp/d")" "result: drawn after 1 ply of play (14 moves with the setup)" "selfplay: 1 ply"
"$CLI" selfplay --seed 3 --ply-limit 2 -q >"$tmp/d"
expect_eq "$(tail -n 1 "$tmp/d")" "result: drawn after 2 plies of play (15 moves with the setup)" "selfplay: 2 plies"
finish
