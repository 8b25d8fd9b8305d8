#!/bin/sh
# SPDX-License-Identifier: MIT
# check.sh - the exact solver (tools/strength/solve.c) on positions whose
# answers are worked out by hand, plus its table-free mode agreeing with its
# table on real setups, and its errors; then ab (mana-cli engine) against
# the solver: the forced wins it reports are the solver's (make check-solve).
#   usage: tools/strength/check.sh SOLVE MANA_CLI
# Mark counts of orientation 0 (docs/rules.md), rank 6 first, files a-f:
#   6: 2 2 3 1 2 2   5: 1 3 1 3 1 3   4: 3 1 2 2 3 1
#   3: 2 3 1 3 1 2   2: 2 1 3 1 3 2   1: 1 3 2 2 1 3
set -u
solve=$1
cli=$2
fails=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# expect NAME PATTERN OUTPUT: OUTPUT holds a line matching PATTERN (grep -E).
expect() {
    checks=$((checks + 1))
    if ! printf '%s\n' "$3" | grep -Eq "$2"; then
        echo "check-solve: $1: no line matching '$2' in:"
        printf '%s\n' "$3" | sed 's/^/    /'
        fails=$((fails + 1))
    fi
}

# One ply (setup seed 1002 of tools/jocly-match): Black to move, no Mana
# yet, so any piece may move.  The Ronin on d5 (3 marks) steps d4, d3 (both
# empty) and lands on d2, White's Damyo: d5xd2 wins at once.
one='1002 mfn drrr2/2rr2/6/6/3DR1/R1RR1R b - 0'
expect one-ply '^1002 drrr2/2rr2/6/6/3DR1/R1RR1R b - 0: wins in 1 plies: d5xd2 ' "$(echo "$one" | "$solve" --depth 1)"

# Three plies (seed 1009): d1r1r1/3rrr/6/6/RR1R2/RD2R1 b - 0.
# - No win in 1: White's Damyo is on b1, six steps or more from every Black
#   piece, and a piece moves at most 3.
# - e5 (1 mark) to e4 (3 marks) binds White to its pieces on 3 marks: only
#   the Damyo (b1); of the others a2 has 2 marks, b2, d2, a1, e1 one.  From
#   b1 the Damyo's 3 steps must start b1-c1 (a1, b2 are its own Ronins),
#   then c1-d1 leads nowhere (d2, e1 are its own) and c1-c2 only to c3
#   (b2, d2 its own): b1-c3 is White's only legal move.
# - c3 has 1 mark; no Black piece stands on 1 mark (a6 2, c6 3, e6 2, d5 3,
#   f5 3, e4 3), so any Black piece may move: e4-d4-d3-c3 takes the Damyo.
three='1009 mfn d1r1r1/3rrr/6/6/RR1R2/RD2R1 b - 0'
expect three-ply ': wins in 3 plies: e5-e4 b1-c3 e4xc3 ' "$(echo "$three" | "$solve" --depth 3)"
expect three-not-one ': no win within 1 plies ' "$(echo "$three" | "$solve" --depth 1)"
expect three-no-tt ': wins in 3 plies: e5-e4 b1-c3 e4xc3 ' "$(echo "$three" | "$solve" --depth 9 --no-tt)"

# The same position given as setup moves from the empty board (the input
# jocly_match.js --setups prints), and the last line's counts.
moves='1009 moves O0 D@a6 R@e5 R@d5 R@f5 R@e6 R@c6 D@b1 R@b2 R@a1 R@e1 R@a2 R@d2'
out=$(printf '# a comment\n\n%s\n%s\n' "$moves" "$one" | "$solve" --depth 5)
expect moves-input '^1009 d1r1r1/3rrr/6/6/RR1R2/RD2R1 b - 0: wins in 3 plies' "$out"
expect last-line '^2 positions, 2 won by the side to move within 5 plies$' "$out"

# The other questions, on the same 3-ply win (t3 below).
# - --loses: after e5-e4, b1-c3 is White's only move (above) and e4xc3
#   takes the Damyo on c3: White loses in 2 plies, that line its proof.
#   Black, to move, plays e5-e4 and wins: no loss within 4 plies.
# - After e5-e4 b1-c3 e4xc3 the game is over, Black has won (0-1): no
#   position in play, counted apart.
# - --every-ply along `mfn ... moves e5-e4 b1-c3`: labels :0 (Black wins in
#   3), :1 (White, lost, has no win within 3), :2 (Black takes at once).
#   The same from a record that starts at the MFN.
# - --each-move after e5-e4 b1-c3: 27 legal Black moves (mana-cli perft 1);
#   no Black piece stands on c3's 1 mark, so any may move, and e4, d5 and
#   c6 (3 marks each) take the Damyo (e4-d4-d3-c3, d5-d4-d3-c3,
#   c6-c5-c4-c3): three finished games, 24 positions in play.
t3='d1r1r1/3rrr/6/6/RR1R2/RD2R1 b - 0'
expect loses ': loses in 2 plies: b1-c3 e4xc3 ' "$(echo "a mfn $t3 moves e5-e4" | "$solve" --loses --depth 4)"
expect no-loss ': no loss within 4 plies ' "$(echo "a mfn $t3" | "$solve" --loses --depth 4)"
out=$(echo "a mfn $t3 moves e5-e4 b1-c3 e4xc3" | "$solve")
expect game-over '^a d1r1r1/3r1r/6/2r3/RR1R2/R3R1 w 1 0: game over: 0-1$' "$out"
expect game-over-count '^0 positions, 0 won by the side to move within 9 plies, 1 finished games$' "$out"
out=$(echo "a mfn $t3 moves e5-e4 b1-c3" | "$solve" --every-ply --depth 3)
expect every-ply-0 "^a:0 $t3: wins in 3 plies: e5-e4 b1-c3 e4xc3 " "$out"
expect every-ply-1 '^a:1 d1r1r1/3r1r/4r1/6/RR1R2/RD2R1 w 3 0: no win within 3 plies ' "$out"
expect every-ply-2 '^a:2 .*: wins in 1 plies: e4xc3 ' "$out"
printf 'Rules: jactalea\nMFN: %s\n\ne5-e4 b1-c3\n' "$t3" >"$tmp/r.mana"
expect record '^r d1r1r1/3r1r/4r1/2D3/RR1R2/R3R1 b 1 0: wins in 1 plies: e4xc3 ' "$(echo "r record $tmp/r.mana" | "$solve" --depth 1)"
expect record-every-ply "^r:1 .*: no win within 3 plies" "$(echo "r record $tmp/r.mana" | "$solve" --every-ply --depth 3)"
out=$(echo "a mfn $t3 moves e5-e4 b1-c3" | "$solve" --each-move --depth 1)
expect each-move '^a/e4xc3 d1r1r1/3r1r/6/2r3/RR1R2/R3R1 w 1 0: game over: 0-1$' "$out"
expect each-move '^a/d5xc3 .*: game over: 0-1$' "$out"
expect each-move '^a/c6xc3 .*: game over: 0-1$' "$out"
expect each-move-count '^24 positions, [0-9]+ won by the side to move within 1 plies, 3 finished games$' "$out"
# --each-move at a setup's last placement (seed 1009's setup without
# White's last Ronin, R@d2): White's two setup ranks hold 12 squares, 5
# taken (b1, b2, a1, e1, a2), so 7 placements, each giving a start
# position; R@d2 gives t3, won by Black in 3 plies.  One placement earlier
# no move ends the setup: refused.
last='1009 moves O0 D@a6 R@e5 R@d5 R@f5 R@e6 R@c6 D@b1 R@b2 R@a1 R@e1 R@a2'
out=$(echo "$last" | "$solve" --each-move --depth 3)
expect each-move-setup "^1009/R@d2 $t3: wins in 3 plies: e5-e4 b1-c3 e4xc3 " "$out"
expect each-move-setup-count '^7 positions, [0-9]+ won by the side to move within 3 plies$' "$out"
out=$(echo "${last% R@a2}" | "$solve" --each-move --depth 3 2>&1)
expect each-move-early 'solve: line 1: not a position in play nor the last placement of a setup' "$out"
printf 'Rules: jactalea\nBlocked: draw\nMFN: %s\n\ne5-e4\n' "$t3" >"$tmp/draw.mana"
out=$(echo "r record $tmp/draw.mana" | "$solve" 2>&1)
expect record-rules "solve: line 1: $tmp/draw.mana: its rules are not the solver's" "$out"
expect record-rules-ok ': no win within 9 plies' "$(echo "r record $tmp/draw.mana" | "$solve" --option blocked=draw)"
expect record-missing "solve: line 1: cannot open $tmp/none" "$(echo "r record $tmp/none" | "$solve" 2>&1)"

# Real setups (seeds 1021, 1041, 1000 of jocly_match.js --setups), under
# Jocly's rules (blocked = draw): the table-free search gives the same
# answers and lines as the search with the table.
cat >"$tmp/setups" <<'EOF'
1021 mfn drr3/1rr2r/6/6/1RR2R/RD2R1 b - 0
1041 mfn drr1rr/5r/6/6/RRDR2/2RR2 b - 0
1000 mfn dr1rr1/r2r2/6/6/1RRR2/R1DR2 b - 0
EOF
with=$("$solve" --depth 7 --option blocked=draw "$tmp/setups" | sed 's/ (.*nodes)$//')
without=$("$solve" --depth 7 --option blocked=draw --no-tt "$tmp/setups" | sed 's/ (.*nodes)$//')
checks=$((checks + 1))
[ "$with" = "$without" ] || { echo "check-solve: table and no table differ:"; echo "$with"; echo "$without"; fails=$((fails + 1)); }
expect setup-1041 '^1041 .*: wins in 5 plies: ' "$with"
expect setup-1021 '^1021 .*: wins in 7 plies: ' "$with"
expect setup-1000 '^1000 .*: no win within 7 plies$' "$with"

# Errors: a clear message and a non-zero exit, the other lines still solved.
out=$(printf 'x mfn not-an-mfn\n1002 mfn drrr2/2rr2/6/6/3DR1/R1RR1R b - 0\ny\n' | "$solve" --depth 1 2>&1)
rc=$?
expect bad-mfn 'solve: line 1: unreadable text' "$out"
expect bad-line 'solve: line 3: expected LABEL mfn MFN \[moves MOVE...\], LABEL moves MOVE... or LABEL record FILE' "$out"
expect bad-still-solves '^1 positions, 1 won' "$out"
checks=$((checks + 1))
[ "$rc" = 1 ] || { echo "check-solve: bad input: exit $rc, not 1"; fails=$((fails + 1)); }
out=$(echo "$one" | "$solve" --option blocked=maybe 2>&1)
expect bad-option "solve: --option: Blocked: bad value 'maybe'" "$out"
out=$(echo "$one" | "$solve" --depth 40 2>&1)
expect bad-depth 'solve: --depth wants 1..31: 40' "$out"
out=$(echo 'z moves O0 D@a6' | "$solve" 2>&1)
expect in-setup 'solve: line 1: not a position in play' "$out"

# ab's verdict at depth 7 (`score mate P`: the mover wins in P plies) is
# the solver's on the three real setups and on the 3-ply win.
pos=$(printf '%s\n' "$three" && cat "$tmp/setups")
want=$(printf '%s\n' "$pos" | "$solve" --depth 7 --option blocked=draw |
    sed -n 's/.*: wins in \([0-9]*\) plies.*/mate \1/p; s/.*: no win within.*/no mate/p')
got=$(printf '%s\n' "$pos" | while read -r label kind mfn; do
    printf 'mana\nsetoption name Blocked value draw\nposition mfn %s\ngo depth 7\n' "$mfn" |
        "$cli" engine | grep ' score ' | tail -n 1 | sed -n 's/.* score \(mate [0-9]*\).*/\1/p; s/.* score cp .*/no mate/p'
done)
checks=$((checks + 1))
[ "$want" = "$(printf 'mate 3\nmate 7\nmate 5\nno mate')" ] && [ "$got" = "$want" ] ||
    { echo "check-solve: ab at depth 7 says"; echo "$got"; echo "the solver says"; echo "$want"; fails=$((fails + 1)); }

# ab's last placement (White's sixth piece) avoids a forced loss when it
# can.  After these eleven placements (seed 1021's Black, a game of ab
# against Jocly), R@a1, R@b2, R@c1 and R@d2 let Black take the Damyo in 5
# plies (the solver's lines), R@c2, R@e1 and R@e2 lose in no fewer than 11.
pre='O0 D@a6 R@f5 R@b6 R@c5 R@b5 R@c6 D@f1 R@f2 R@b1 R@a2 R@d1'
out=$(for sq in a1 b2 c1 d2 c2 e1 e2; do echo "$sq moves $pre R@$sq"; done |
    "$solve" --depth 11 --option blocked=draw | sed 's/ (.*nodes)$//')
expect last-lost '^a1 .*: wins in 5 plies: c5-d5 ' "$out"
expect last-lost '^b2 .*: wins in 5 plies: ' "$out"
expect last-lost '^c1 .*: wins in 5 plies: c5-d5 b1-d2 a6-a4 f1-e3 d5xe3$' "$out"
expect last-lost '^d2 .*: wins in 5 plies: ' "$out"
expect last-safe '^c2 .*: no win within 11 plies$' "$out"
expect last-safe '^e1 .*: no win within 11 plies$' "$out"
expect last-safe '^e2 .*: no win within 11 plies$' "$out"
for lim in 'nodes 20000' 'depth 5'; do
    got=$(printf 'mana\nsetoption name Blocked value draw\nposition startpos moves %s\ngo %s\n' "$pre" "$lim" |
        "$cli" engine | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
    expect "ab-last-placement ($lim)" '^R@(c2|e1|e2)$' "$got"
done

echo "check-solve: $checks checks, $fails failed"
[ "$fails" = 0 ]
