#!/bin/sh
# SPDX-License-Identifier: MIT
# play.sh - the `mana-cli play` loop driven from a scripted stdin: illegal
# input answered with the library's reason, commands (moves, hint, undo,
# auto, save, save-svg, mfn, quit), end of input, a 10,000-character line,
# bot against bot with --save, --load.   usage: play.sh MANA-CLI
set -u
CLI=$1
NAME=play.sh
. "$(dirname "$0")/lib.sh"

# Positions (orientation 0; the marks are drawn in tests/bots/botcheck.c):
# IN3: White R d4 (2 marks), R b2 (1), D e1 (1); Black d a1, r c3 (1).
#      White to move, bound to 2: only d4 may move (docs/rules.md "The Mana").
# IN1: Black d a2, White R b2, R c3, D e1; White to move, Mana 2, and no
#      White piece on a 2-mark square: b2xa2 takes the Damyo.
IN3='6/6/3R2/2r3/1R4/d3D1 w 2 0'
IN1='6/6/6/2R3/dR4/4D1 w 2 0'

# 1. Illegal and unreadable input gets the reason and the prompt back;
# a 10,000-character line and end of input do not crash.
long=$(awk 'BEGIN { while (i++ < 10000) printf "a"; print "" }')
printf '%s\n' 'e1-e2' 'b2-b3' 'c3-c4' 'a3-a4' 'b2-d4' 'd4-a1' 'R@a3' 'pass' 'O2' \
    'hello' "$long" '' 'xyzzy plugh' | "$CLI" play --white human --black human --no-color \
    --mfn "$IN3" >"$tmp/out" 2>"$tmp/err"
expect_status $? 0 "illegal input"
o=$tmp/out
expect_grep "$o" "illegal move e1-e2: the Mana binds you to a piece on a square with 2 marks; e1 has 1" "bound by the Mana"
expect_grep "$o" "illegal move b2-b3: the Mana binds you" "bound by the Mana (b2)"
expect_grep "$o" "illegal move c3-c4: c3 holds Black's piece" "enemy piece"
expect_grep "$o" "illegal move a3-a4: " "empty square"
expect_grep "$o" "illegal move b2-d4: d4 holds your own piece" "own piece on the target"
expect_grep "$o" "illegal move d4-a1: a piece on d4 moves exactly 2 steps" "step count"
expect_grep "$o" "illegal move R@a3: the Mana binds you to a piece on a square with 2 marks that can move; re-entry is only for when none can" "re-entry refused"
expect_grep "$o" "illegal move pass: pass is legal only when no other move is" "pass refused"
expect_grep "$o" "not a move or a command: 'hello' is not move notation" "unreadable"
expect_grep "$o" "not a move or a command: 'aaaaaaaaaaaaaaaa" "10,000-character line"
expect_grep "$o" "'xyzzy' is not a move or a command" "two words"
expect_grep "$o" "end of input" "EOF"
expect_eq "$(grep -o 'White to move (Mana 2)> ' "$o" | wc -l | tr -d ' ')" 14 "a prompt after each of 13 lines"

expect_grep "$o" "illegal move a3-a4: no piece on a3" "no piece there"

# 1b. The same position bound to 1 (e1 and b2 have 1 mark): counts in the
# singular, from the library's detail.
printf '%s\n' 'd4-d6' 'R@a3' 'b2-b4' | "$CLI" play --white human --black human --no-color \
    --mfn '6/6/3R2/2r3/1R4/d3D1 w 1 0' >"$o" 2>&1
expect_grep "$o" "illegal move d4-d6: the Mana binds you to a piece on a square with 1 mark; d4 has 2" "1 mark"
expect_grep "$o" "illegal move R@a3: the Mana binds you to a piece on a square with 1 mark that can move;" \
    "1 mark, re-entry"
expect_grep "$o" "illegal move b2-b4: a piece on b2 moves exactly 1 step; b4 is not 1 step away by any path" \
    "1 step"

# 2. A path blocked by a piece: with a Black Ronin on d5, d4 cannot reach
# d6 (two steps in a line have one path only, through d5).
printf '%s\n' 'd4-d6' | "$CLI" play --white human --black human --no-color \
    --mfn '6/3r2/3R2/2r3/1R4/d3D1 w 2 0' >"$o" 2>&1
expect_grep "$o" "illegal move d4-d6: every 2-step path from d4 to d6 is blocked" "path blocked"

# 3. Moves, mfn and undo between two humans: each undo takes back one move
# (the previous player is human too), down to the start and no further.
printf '%s\n' 'd4-d6' 'c3-c2' 'moves' 'mfn' 'undo' 'mfn' 'undo' 'mfn' 'undo' 'quit' 'mfn' |
    "$CLI" play --white human --black human --no-color --mfn "$IN3" >"$o" 2>"$tmp/err"
expect_status $? 0 "undo, human against human"
expect_grep "$o" "last move: White d4-d6 (move 1); the Mana stands on d6, a 1-mark square" "last move and Mana origin"
expect_grep "$o" "last move: Black c3-c2 (move 2); the Mana stands on c2, a 3-mark square" "Black's move"
# After d4-d6 and c3-c2 (3 marks) White is bound to 3 and has no piece on
# a 3-mark square (d6, b2 and e1 have 1 mark), so any piece may move by its
# own marks or a Ronin re-enter: d6 to d5 c6 e6 (3), b2 to b1 a2 c2 b3 (4,
# c2 a capture), e1 to d1 f1 e2 (3), and a re-entry on each of the 31
# empty squares: 41 moves.
expect_grep "$o" "41 legal moves:" "move count under the exception"
expect_grep "$o" "  Ronin on b2 (1 mark): b2-b1 b2-a2 b2xc2 b2-b3" "moves grouped by piece"
expect_grep "$o" "  Damyo on e1 (1 mark): e1-d1 e1-f1 e1-e2" "the Damyo's moves"
expect_grep "$o" "  re-enter a Ronin: R@b1 R@c1 R@d1 R@f1 R@a2 " "re-entries listed"
expect_grep "$o" "3R2/6/6/6/1Rr3/d3D1 w 3 0" "position after two moves"
expect_grep "$o" "3R2/6/6/2r3/1R4/d3D1 b 1 0" "after one undo"
expect_grep "$o" "took back 1 move" "undo one move"
expect_grep "$o" "$IN3" "back at the start"
expect_grep "$o" "nothing to undo" "undo at the start"
expect_no_grep "$o" "end of input" "quit stops before the input ends"

# 4. Against a bot, undo goes back to the human's previous turn (two moves),
# and hint gives the bot's choice: in IN1 the only capture of the Damyo.
printf '%s\n' 'hint' 'd1-d2' 'c3-c4' 'undo' 'mfn' 'quit' |
    "$CLI" play --white human --black ab --depth 2 --seed 4 --no-color --mfn "$IN1" >"$o" 2>&1
expect_grep "$o" "hint (ab): b2xa2" "hint"
expect_grep "$o" "illegal move d1-d2: no piece on d1" "illegal against a bot"
expect_grep "$o" "Black (ab) plays " "the bot answers"
expect_grep "$o" "took back 2 moves" "undo to the human's turn"
expect_grep "$o" "$IN1" "undo restored the start"

# hint starts afresh each time: four hints in one position give one move
# (they gave a1-a2, b2-b3, d2-e2, b2-b3 when the hint bot kept its tables
# and generator from one hint to the next).
printf '%s\n' hint hint hint hint quit |
    "$CLI" play -q --seed 5 --no-color --mfn "2r3/rd1r1r/r5/2R3/1RDR2/R4R w 1 0" >"$o" 2>&1
expect_eq "$(grep -o 'hint (ab): [a-f0-9x@-]*' "$o" | sort -u | wc -l | tr -d ' ')" 1 "the same hint four times"
expect_eq "$(grep -c 'hint (ab): ' "$o")" 4 "four hints given"

# A bot's thinking names the side whose view its score is.
printf '%s\n' quit | "$CLI" play --white ab --black ab --depth 3 --seed 2 --no-color --ply-limit 2 \
    --mfn "2r3/rd1r1r/r5/2R3/1RDR2/R4R w 1 0" >"$o" 2>&1
expect_eq "$(grep -cE 'score [-+][0-9]+ for White,' "$o")" 1 "White's score named as White's"
expect_eq "$(grep -cE 'score [-+][0-9]+ for Black,' "$o")" 1 "Black's score named as Black's"

# The bot (Black) made the first seven setup moves: the human has no
# earlier turn, so undo takes nothing back.
printf '%s\n' 'undo' 'quit' | "$CLI" play --seed 3 --depth 1 --no-color >"$o" 2>&1
expect_grep "$o" "White, place a piece> nothing to undo" "undo before the human's first turn"
expect_eq "$(grep -c 'Black (ab) plays' "$o")" 7 "the bot's setup moves stay"

# 5. Playing the win ends the game, with the result and the final MFN.
printf '%s\n' 'b2xa2' | "$CLI" play --white human --black ab --depth 2 --no-color \
    --mfn "$IN1" >"$o" 2>&1
expect_status $? 0 "won game"
expect_grep "$o" "game over: White won (1-0)" "result"
expect_grep "$o" "final: 6/6/6/2R3/R5/4D1 b 2 0" "final position (Black to move without Damyo; a2 has 2 marks)"

# 6a. The board during the setup says what each side has still to place
# (no reserve before play), then the reserves once play starts.
printf '%s\n' O0 D@c6 R@a6 R@b6 R@d6 R@e6 R@f6 D@c1 R@a1 auto quit |
    "$CLI" play --white human --black human --seed 11 --no-color >"$o" 2>&1
expect_status $? 0 "setup board session"
grep '^to place: \|^reserve: ' "$o" >"$tmp/left"
cat >"$tmp/left.want" <<'EOF2'
to place: White the Damyo and 5 Ronins, Black the Damyo and 5 Ronins
to place: White the Damyo and 5 Ronins, Black the Damyo and 5 Ronins
to place: White the Damyo and 5 Ronins, Black 5 Ronins
to place: White the Damyo and 5 Ronins, Black 4 Ronins
to place: White the Damyo and 5 Ronins, Black 3 Ronins
to place: White the Damyo and 5 Ronins, Black 2 Ronins
to place: White the Damyo and 5 Ronins, Black 1 Ronin
to place: White the Damyo and 5 Ronins, Black nothing
to place: White 5 Ronins, Black nothing
to place: White 4 Ronins, Black nothing
reserve: White 0, Black 0
EOF2
expect_eq "$(cmp -s "$tmp/left" "$tmp/left.want" && echo same || diff "$tmp/left.want" "$tmp/left")" same \
    "what is left to place, move by move, then the reserves"

# 6b. Against a bot, auto places the human's pieces only: the bot then
# places its six by its own search (they are not drawn at random).
printf '%s\n' O0 auto quit | "$CLI" play --white ab --black human --depth 2 --seed 11 --no-color >"$o" 2>&1
expect_status $? 0 "auto against a bot"
expect_grep "$o" "Black's setup completed at random" "auto: the human's (Black's) placements"
expect_eq "$(grep -c '^White (ab) plays [DR]@' "$o")" 6 "the bot places its own six pieces"
expect_eq "$(grep -c 'setup completed at random' "$o")" 1 "auto once, for the human's side"

# 6. Setup at the prompt: orientation, a placement, auto, save, save-svg;
# the record then replays to the position `mfn` printed.
# auto places the pieces of the side to move only: Black's five Ronins,
# then (typed again) White's six.
printf '%s\n' 'D@a1' 'O2' 'D@c1' 'D@c6' 'auto' 'auto' 'mfn' "save $tmp/setup.mana" \
    "save-svg $tmp/setup.svg" 'save' 'quit' |
    "$CLI" play --white human --black human --seed 11 --no-color >"$o" 2>&1
expect_status $? 0 "setup session"
expect_grep "$o" "illegal move D@a1: Black must first choose the orientation (O0..O3)" "orientation first"
expect_grep "$o" "illegal move D@c1: c1 is outside Black's setup area (ranks 5-6)" "setup area"
expect_grep "$o" "Black's setup completed at random" "auto: Black's placements"
expect_grep "$o" "White's setup completed at random" "auto again: White's placements"
expect_eq "$(grep -c 'setup completed at random' "$o")" 2 "auto twice, a side each time"
expect_grep "$o" "saved the game record to $tmp/setup.mana" "save"
expect_grep "$o" "drew the position in $tmp/setup.svg" "save-svg"
expect_grep "$o" "usage: save FILE" "save without a file"
mfn=$(grep -o '[1-6rRdD/]* b - 2' "$o" | head -n 1)
expect_grep "$tmp/setup.mana" "O2 D@c6" "record starts with the setup moves"
"$CLI" replay "$tmp/setup.mana" >"$tmp/replay" 2>&1
expect_status $? 0 "replay of the saved setup"
expect_grep "$tmp/replay" "final: $mfn" "replay gives the position mfn printed"
expect_grep "$tmp/setup.svg" '<svg xmlns="http://www.w3.org/2000/svg"' "SVG file"
# twelve pieces (a circle each) and a gold ring on each Damyo; 36 squares
# with their marks: 12 of each count, so 12 + 24 + 36 = 72 strokes
expect_eq "$(grep -c '<circle' "$tmp/setup.svg")" 14 "pieces drawn"
expect_eq "$(grep -c '<line' "$tmp/setup.svg")" 72 "marks drawn"
if command -v python3 >/dev/null 2>&1; then
    checks=$((checks + 1))
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' \
        "$tmp/setup.svg" || fail "the SVG is not well-formed XML"
fi

# 7. Bot against bot with --save: the record replays to the same final
# position; --load continues it (here: already finished, so it just ends).
"$CLI" play --white ab --black mcts --depth 3 --iterations 300 --seed 5 --no-color \
    --save "$tmp/bots.mana" >"$o" 2>&1
expect_status $? 0 "bot against bot"
final=$(sed -n 's/^final: //p' "$o")
[ -n "$final" ] || fail "bot game printed no final position"
"$CLI" replay "$tmp/bots.mana" >"$tmp/replay" 2>&1
expect_status $? 0 "replay of the bot game"
expect_grep "$tmp/replay" "final: $final" "replay round trip"
expect_grep "$tmp/bots.mana" "White: ab" "White header"
expect_grep "$tmp/bots.mana" "Black: mcts" "Black header"

# 8. --load continues a saved game: the headers and the first 16 moves of
# the bot game (12 placements, 4 moves), loaded, must stand where replay
# says.
awk 'head { print; if ($0 == "") head = 0; next }
     { for (i = 1; i <= NF && n < 16; i++) { printf "%s ", $i; n++ } }
     BEGIN { head = 1 } END { print "" }' \
    "$tmp/bots.mana" | sed 's/^Result: .*/Result: */' >"$tmp/part.mana"
"$CLI" replay "$tmp/part.mana" >"$tmp/replay" 2>&1
expect_status $? 0 "replay of a part game"
part=$(sed -n 's/^final: //p' "$tmp/replay")
printf '%s\n' 'mfn' 'quit' | "$CLI" play --white human --black human --no-color \
    --load "$tmp/part.mana" >"$o" 2>&1
expect_status $? 0 "--load"
expect_grep "$o" "$part" "--load continues at the saved position"

# 9. A bad record is refused before anything is shown; bad options are
# usage errors (status 2).
printf 'Rules: jactalea\n\nO2 D@a1\n' >"$tmp/bad.mana"
"$CLI" play --load "$tmp/bad.mana" </dev/null >"$o" 2>&1
expect_status $? 1 "--load of a bad record"
expect_grep "$o" "bad.mana:3:4: move 2 'D@a1': illegal move: a1 is outside Black's setup area" "line, column and reason"
expect_no_grep "$o" "a   b   c" "nothing shown for a bad record"
"$CLI" play --white alien </dev/null >"$o" 2>&1
expect_status $? 2 "unknown player"
"$CLI" play --mfn 'rrdrrr/6/6/6/6/RRRDR b - 0' </dev/null >"$o" 2>&1
expect_status $? 1 "bad MFN"
# 10. --save never replaces another file, keeps the old one when a write
# fails, and a lost terminal (SIGHUP) still saves the record.
echo "my notes" >"$tmp/notes.mana"
"$CLI" play --white random --black random --seed 1 --save "$tmp/notes.mana" >"$o" 2>&1
expect_status $? 1 "--save onto a file that exists"
expect_grep "$o" "mana-cli play: --save $tmp/notes.mana exists; not replaced: give a new name" "why"
expect_eq "$(cat "$tmp/notes.mana")" "my notes" "the file untouched"
"$CLI" play --load "$tmp/bots.mana" --save "$tmp/bots.mana" </dev/null >"$o" 2>&1
expect_status $? 0 "--load F --save F: the same game saved back"
cp "$tmp/bots.mana" "$tmp/keep.mana"
# no file may grow (ulimit -f 0, as a full disk); the output goes through a pipe
{ (ulimit -f 0 && exec "$CLI" play --load "$tmp/bots.mana" --save "$tmp/bots.mana" </dev/null) 2>&1
    echo $? >"$tmp/rc"; } | cat >"$o"
expect_status "$(cat "$tmp/rc")" 1 "a save that the disk refuses"
expect_grep "$o" "could not write the record (File too large)" "why"
cmp -s "$tmp/bots.mana" "$tmp/keep.mana" && checks=$((checks + 1)) || fail "the old record lost by a failed save"
[ -z "$(ls "$tmp" | grep '\.tmp$')" ] && checks=$((checks + 1)) || fail "a temporary file left"
printf '%s\n' 'save '"$tmp/notes.mana" 'quit' | "$CLI" play --white human --black human >"$o" 2>&1
expect_grep "$o" "could not save: $tmp/notes.mana exists and is not this game's record; not replaced" \
    "the prompt's save does not replace another file"
(sleep 30 &
    echo $! >"$tmp/sleeper"
    wait) | "$CLI" play --white human --black ab --seed 3 --save "$tmp/hup.mana" >"$o" 2>&1 &
pid=$!
k=0
while ! grep -q "type 'help'" "$o" 2>/dev/null && [ $k -lt 200 ]; do sleep 0.05; k=$((k + 1)); done
kill -HUP $pid
# The shell's wait waits for the whole pipeline: a watcher stops the
# writer, which holds stdin open, once play has ended.
(while kill -0 $pid 2>/dev/null; do sleep 0.05; done; kill "$(cat "$tmp/sleeper")" 2>/dev/null) &
wait $pid
expect_status $? 129 "play ends on SIGHUP as a shell reports it"
"$CLI" replay --quiet "$tmp/hup.mana" >"$tmp/replay" 2>&1
expect_status $? 0 "the record saved on SIGHUP replays"
finish
