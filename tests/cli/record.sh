#!/bin/sh
# SPDX-License-Identifier: MIT
# record.sh - game records: malformed records are refused with the line
# number and the reason (and nothing is loaded), rule options and start
# positions in the header take effect, and save -> load -> save is the
# identity, and records as other systems write them (byte-order mark,
# CRLF, invalid UTF-8 refused) go through the library's one reader.
#   usage: record.sh MANA-CLI
set -u
CLI=$1
NAME=record.sh
. "$(dirname "$0")/lib.sh"

# bad NAME EXPECTED: `replay` must refuse $tmp/NAME with status 1 and print
# EXPECTED (which starts with the file name and line number).
bad() {
    "$CLI" replay "$tmp/$1" >"$tmp/out" 2>&1
    expect_status $? 1 "$1 refused"
    expect_grep "$tmp/out" "mana-cli replay: $tmp/$1:$2" "$1"
    expect_no_grep "$tmp/out" "final:" "$1 half-loaded"
}

: >"$tmp/empty.mana"
bad empty.mana "1:1: no Rules header: not a Mana game record"

printf 'Hello\n' >"$tmp/nohead.mana"
bad nohead.mana "1:1: expected a header line 'Key: value'"

# A header the library does not own is a tag (as in PGN): kept, not refused.
printf 'Rules: jactalea\nColour: red\n\nO1\n' >"$tmp/tag.mana"
"$CLI" replay "$tmp/tag.mana" >"$tmp/out" 2>&1
expect_status $? 0 "a tag is read"
expect_grep "$tmp/out" "moves: 1, all legal" "a tag is read"

printf 'Rules: jactalea\nWhite: a\nWhite: b\n\n' >"$tmp/twice.mana"
bad twice.mana "3:1: header White given twice (first on line 2)"

printf 'Rules: chess\n\n' >"$tmp/rules.mana"
bad rules.mana "1:8: Rules: unknown rules 'chess' (expected jactalea or cosmoludo)"

printf 'Rules: jactalea\nBlocked: sometimes\n\n' >"$tmp/option.mana"
bad option.mana "2:10: Blocked: bad value 'sometimes' (expected pass|draw|loss)"

printf 'Rules: jactalea\nRepetition: 1\n\n' >"$tmp/rep.mana"
bad rep.mana "2:13: Repetition: bad value '1' (expected 0|2..1000000)"

printf 'Rules: jactalea\nResult: win\n\n' >"$tmp/result.mana"
bad result.mana "2:9: Result: 'win' is not 1-0, 0-1, 1/2-1/2 or *"

printf 'Rules: jactalea\nMFN: rrdrrr/6/6/6/6/RRRDR b - 0\n\n' >"$tmp/mfn.mana"
bad mfn.mana "2:6: MFN: board: rank 1 has 5 files, not 6"

# The fifth move places Black's Damyo a second time.
printf 'Rules: jactalea\nWhite: x\n\nO0 D@a6 R@a5\nR@b5 D@b6\n' >"$tmp/illegal.mana"
bad illegal.mana "5:6: move 5 'D@b6': illegal move: Black's Damyo is already placed"

printf 'Rules: jactalea\n\nO0 Q9\n' >"$tmp/garbage.mana"
bad garbage.mana "3:4: move 2 'Q9': unreadable text: "

# b2xa2 takes the Damyo (see play.sh): nothing may follow.
printf 'Rules: jactalea\nMFN: 6/6/6/2R3/dR4/4D1 w 2 0\n\nb2xa2\na1-a2\n' >"$tmp/over.mana"
bad over.mana "5:1: move 2 'a1-a2': the game is already over (1-0)"

printf 'Rules: jactalea\nResult: 1-0\n\nO0 D@a6\n' >"$tmp/mismatch.mana"
bad mismatch.mana "2:9: Result says 1-0 but the moves end with result *"

printf 'Rules: jactalea\n\nO0 D@a6\0 R@a5\n' >"$tmp/nul.mana"
bad nul.mana "3:8: NUL byte in the record"

long=$(awk 'BEGIN { while (i++ < 10000) printf "x"; print "" }')
printf 'Rules: jactalea\n\nO1\n%s\n' "$long" >"$tmp/long.mana"
bad long.mana "4:1: move 2 'xxxxxxxxxxxxxxxxxxxx...': not move notation"

# Records as other systems save them: the byte-order mark of a Windows
# editor, CRLF line ends, white space at line ends; the reader is the
# library's, so replay takes them as they are.
printf '\357\273\277Rules: jactalea\n\nO2\n' >"$tmp/bom.mana"
"$CLI" replay "$tmp/bom.mana" >"$tmp/out" 2>&1
expect_status $? 0 "a record with a byte-order mark"
expect_grep "$tmp/out" "moves: 1, all legal" "a record with a byte-order mark"
printf '\357\273\277Rules: jactalea \r\nBlocked: draw\t\r\nMFN: 5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0\r\n\r\n' \
    >"$tmp/crlf.mana"
"$CLI" replay "$tmp/crlf.mana" >"$tmp/out" 2>&1
expect_status $? 0 "a CRLF record"
expect_grep "$tmp/out" "result: 1/2-1/2 (drawn)" "the CRLF record's option header applies"
printf 'Rules: jactalea\n\nO2 \377\n' >"$tmp/utf8.mana"
bad utf8.mana "3:4: invalid UTF-8 (byte 0xff)"

"$CLI" replay "$tmp/missing.mana" >"$tmp/out" 2>&1
expect_status $? 1 "missing file"
expect_grep "$tmp/out" "missing.mana: No such file or directory" "missing file"

# Comments and move numbers are allowed; the header's options apply.  The
# position is from perft.txt: White to move, Mana 1, and White has no legal
# move at all (its count is 1 under blocked = pass, 0 under draw), so under
# Blocked: draw it is drawn at once.
cat >"$tmp/draw.mana" <<'REC'
# a blocked position
Rules: jactalea
Blocked: draw
MFN: 5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0
Result: 1/2-1/2

REC
"$CLI" replay "$tmp/draw.mana" >"$tmp/out" 2>&1
expect_status $? 0 "option header"
expect_grep "$tmp/out" "result: 1/2-1/2 (drawn)" "Blocked: draw applied"
expect_grep "$tmp/out" "end: drawn, White to move and blocked" "the end reason"
sed '/^Blocked/d' "$tmp/draw.mana" >"$tmp/pass.mana"
bad pass.mana "4:9: Result says 1/2-1/2 but the moves end with result *"
printf 'Rules: jactalea\nMFN: 5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0\n\n1. pass\n' >"$tmp/pass2.mana"
"$CLI" replay "$tmp/pass2.mana" >"$tmp/out" 2>&1
expect_status $? 0 "pass and a move number"
expect_grep "$tmp/out" "final: 5d/6/1r4/rRr3/RRRr2/DRr3 b 1 0" "pass keeps the Mana"

# Several games in one file: each is checked and summed up, and an error in
# a later game names its line in the file.
printf 'Rules: jactalea\nRound: 1\n\nO1\n\n# next\nRules: jactalea\nMFN: 6/6/6/2R3/dR4/4D1 w 2 0\n\nb2xa2\n' \
    >"$tmp/two.mana"
"$CLI" replay --quiet "$tmp/two.mana" >"$tmp/out" 2>&1
expect_status $? 0 "two games"
expect_grep "$tmp/out" "game 2" "the second game"
expect_grep "$tmp/out" "end: White won, Black's Damyo captured" "the second game's end"
printf 'Rules: jactalea\n\nQ9\n' >>"$tmp/two.mana"
"$CLI" replay --quiet "$tmp/two.mana" >"$tmp/out" 2>&1
expect_status $? 1 "a bad third game"
expect_grep "$tmp/out" "mana-cli replay: $tmp/two.mana:13:1: move 1 'Q9'" "the third game's error"

# A game ended off the board: the declared Result and the Termination tag
# are what replay reports (the moves alone leave the game unfinished).
printf 'Rules: jactalea\nTermination: White resigned\nResult: 0-1\n\nO0 D@a6 R@a5\n' >"$tmp/resign.mana"
"$CLI" replay --quiet "$tmp/resign.mana" >"$tmp/out" 2>&1
expect_status $? 0 "a resigned game"
expect_grep "$tmp/out" "result: 0-1 (Black won, declared)" "the declared Result"
expect_grep "$tmp/out" "termination: White resigned" "the Termination tag"

# A game from a position: the record starts with an MFN header and replays.
printf 'b2xa2\n' | "$CLI" play --white human --black ab --no-color \
    --mfn '6/6/6/2R3/dR4/4D1 w 2 0' --save "$tmp/from-mfn.mana" >"$tmp/out" 2>&1
expect_grep "$tmp/from-mfn.mana" "MFN: 6/6/6/2R3/dR4/4D1 w 2 0" "MFN header"
expect_grep "$tmp/from-mfn.mana" "Result: 1-0" "Result header"
"$CLI" replay "$tmp/from-mfn.mana" >"$tmp/out" 2>&1
expect_status $? 0 "replay from an MFN"
expect_grep "$tmp/out" "final: 6/6/6/2R3/R5/4D1 b 2 0" "same final position"

# Save -> load -> save: the same record (the date aside), with the rule
# options that differ from the preset in the header.
"$CLI" play --white random --black random --seed 9 --blocked draw --ply-limit 50 \
    --rules cosmoludo --no-color --save "$tmp/a.mana" >"$tmp/out" 2>&1
expect_status $? 0 "random game"
expect_grep "$tmp/a.mana" "Rules: cosmoludo" "Rules header"
expect_grep "$tmp/a.mana" "Blocked: draw" "option header"
expect_grep "$tmp/a.mana" "PlyLimit: 50" "ply limit header"
expect_no_grep "$tmp/a.mana" "Orientation:" "preset values are not written"
printf 'quit\n' | "$CLI" play --white random --black random --no-color \
    --load "$tmp/a.mana" --save "$tmp/b.mana" >"$tmp/out" 2>&1
expect_status $? 0 "load and save again"
{ printf '\357\273\277'; sed 's/$/\r/' "$tmp/a.mana"; } >"$tmp/a-crlf.mana"
"$CLI" replay --quiet "$tmp/a.mana" >"$tmp/lf.out" 2>&1
"$CLI" replay --quiet "$tmp/a-crlf.mana" >"$tmp/crlf.out" 2>&1
expect_status $? 0 "the saved game with a BOM and CRLF replays"
checks=$((checks + 1))
cmp -s "$tmp/lf.out" "$tmp/crlf.out" || fail "the BOM/CRLF copy replays differently"
grep -v '^Date:' "$tmp/a.mana" >"$tmp/a.nodate"
grep -v '^Date:' "$tmp/b.mana" >"$tmp/b.nodate"
checks=$((checks + 1))
cmp -s "$tmp/a.nodate" "$tmp/b.nodate" || fail "save -> load -> save changed the record"
finish
