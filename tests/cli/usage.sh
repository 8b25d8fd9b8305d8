#!/bin/sh
# SPDX-License-Identifier: MIT
# usage.sh - what a user meets around the work: output paths checked
# before any game is played, options that exclude each other refused,
# error messages in the one documented form ("mana-cli SUBCOMMAND: ..."),
# the seed of every game printed, -q where the output is loud.
#   usage: usage.sh MANA-CLI
set -u
CLI=$1
NAME=usage.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out
e=$tmp/err

# ---- the top-level help names --version and SUBCOMMAND --help ----
"$CLI" --help >"$o" 2>"$e"
expect_status $? 0 "mana-cli --help"
expect_grep "$o" "  mana-cli --version" "--help lists --version"
expect_grep "$o" "  mana-cli SUBCOMMAND --help   (its options)" "--help lists SUBCOMMAND --help"

# ---- output paths are checked before the first game ----
# A --json or --save that cannot be written fails at once (exit 1): no
# game is played (no header, no move on stdout), the error on stderr with
# the subcommand's prefix.
"$CLI" match --white ab --black random --games 2 --json "$tmp/no/such/dir/x.json" >"$o" 2>"$e"
expect_status $? 1 "match --json into a missing directory"
expect_eq "$(cat "$e")" "mana-cli match: --json $tmp/no/such/dir/x.json: No such file or directory" \
    "match --json: the error, at once"
expect_eq "$(wc -c <"$o" | tr -d ' ')" 0 "match --json: no game played"
"$CLI" match --white random --black random --games 2 --json "$tmp" >"$o" 2>"$e"
expect_status $? 1 "match --json naming a directory"
expect_grep "$e" "mana-cli match: --json $tmp: Is a directory" "match --json DIR"
"$CLI" play --white random --black random --seed 1 --save "$tmp/no/such/dir/x.mana" >"$o" 2>"$e"
expect_status $? 1 "play --save into a missing directory"
expect_eq "$(cat "$e")" "mana-cli play: --save $tmp/no/such/dir/x.mana: No such file or directory" \
    "play --save: the error, at once"
expect_no_grep "$o" "plays" "play --save: no move played"

# ---- options that exclude each other ----
# --openings and --setup both say where the setups come from: refused in
# either order, not the last one silently winning
printf 'rrdrrr/6/6/6/6/RRRDRR b - 0\n' >"$tmp/openings"
refused "--openings then --setup random" \
    "mana-cli match: --setup random and --openings exclude each other (both say where setups come from)" \
    match --white random --black random --openings "$tmp/openings" --setup random
refused "--setup random then --openings" \
    "mana-cli match: --setup random and --openings exclude each other (both say where setups come from)" \
    match --white random --black random --setup random --openings "$tmp/openings"
refused "--setup bots with --openings" \
    "mana-cli match: --setup bots and --openings exclude each other (both say where setups come from)" \
    match --white random --black random --setup bots --openings "$tmp/openings"

# ---- the seed of every game ----
# Bot against bot prints the seed as a human game does: without --seed
# one from the clock, which --seed then repeats move for move.
"$CLI" play --white ab --black mcts --depth 2 --iterations 200 --no-color >"$o" 2>"$e"
expect_status $? 0 "ab against mcts"
seed=$(sed -n 's/^mana-cli play: ab (White) against mcts (Black), seed \([0-9]*\)$/\1/p' "$o")
[ -n "$seed" ] && checks=$((checks + 1)) || fail "bot against bot: no seed line in $(head -n 1 "$o")"
"$CLI" play --white ab --black mcts --depth 2 --iterations 200 --no-color --seed "${seed:-0}" >"$tmp/again" 2>&1
expect_eq "$(grep ' plays ' "$tmp/again")" "$(grep ' plays ' "$o")" "the printed seed repeats the game"

# ---- the limits the match header shows are the ones that apply ----
# Under --tc a bot plays on the clock, not by its default node count; its
# own --opt limits other than time still apply; without clocks the
# match's fixed limits.
"$CLI" match --white ab --black mcts --games 2 --tc 0.5 -q --ply-limit 1 >"$o" 2>&1
expect_grep "$o" "match: ab (on the clock) (first) against mcts (on the clock), 2 games," "header under --tc"
expect_no_grep "$o" "100000 nodes" "no default limit under --tc"
"$CLI" match --white ab --opt depth=3 --opt time=500 --black random --games 2 --tc 0.5 -q --ply-limit 1 >"$o" 2>&1
expect_grep "$o" "match: ab (depth 3, on the clock) (first) against random," "own depth and the clock"
"$CLI" match --white ab --black mcts --games 2 --depth 2 --iterations 100 -q --ply-limit 1 >"$o" 2>&1
expect_grep "$o" "match: ab (depth 2) (first) against mcts (100 playouts)," "fixed limits"

# ---- an openings file's errors: FILE:LINE and the library's reason ----
# line 4 (after a comment, a blank line and a good opening) is not notation
printf '# c\n\nO2 D@a6\nbad\n' >"$tmp/op1"
"$CLI" match --white random --black random --openings "$tmp/op1" >"$o" 2>&1
expect_status $? 1 "a bad line in the openings"
expect_eq "$(cat "$o")" \
    "mana-cli match: $tmp/op1:4: opening 'bad': 'bad' is not move notation (b2-c4, b2xc4, D@c6, R@c3, O2, pass)" \
    "the line number and why"
# a second Damyo placement: the move that fails and the rules' reason
printf 'O2 D@a6 D@b6\n' >"$tmp/op2"
"$CLI" match --white random --black random --openings "$tmp/op2" >"$o" 2>&1
expect_eq "$(cat "$o")" "mana-cli match: $tmp/op2:1: opening 'O2 D@a6 D@b6': D@b6: Black's Damyo is already placed" \
    "the failing move and the library's reason"
# an MFN without pieces: MFN's own reason; a finished game: said so
printf 'O2\r\n6/6/6/6/6/6 w - 0\r\n' >"$tmp/op3"
"$CLI" match --white random --black random --openings "$tmp/op3" >"$o" 2>&1
expect_eq "$(cat "$o")" \
    "mana-cli match: $tmp/op3:2: opening '6/6/6/6/6/6 w - 0': MFN: board: Black, who just moved, has no Damyo" \
    "a bad MFN, CRLF line ends"
printf '2d3/6/6/6/6/6 w 2 0\n' >"$tmp/op4"
"$CLI" match --white random --black random --openings "$tmp/op4" >"$o" 2>&1
expect_grep "$o" "mana-cli match: $tmp/op4:1: opening '2d3/6/6/6/6/6 w 2 0': the game is over (Black won, White's Damyo captured)" \
    "a finished position"

# ---- an interrupted match says how to go on ----
# SIGINT after the first game is in the journal: exit 130, and one line
# on stderr naming --resume and the journal; without a journal, no hint.
interrupt() { # interrupt ARGS...: a long match, SIGINT once its header is out
    rm -f "$o"
    "$CLI" match --white ab --black random --games 1000 --depth 2 -q "$@" >"$o" 2>"$e" &
    pid=$!
    k=0
    while [ ! -s "$o" ] && [ $k -lt 500 ]; do # the header comes after the signals are taken
        sleep 0.01
        k=$((k + 1))
    done
    kill -INT $pid
    k=0
    while kill -0 $pid 2>/dev/null && [ $k -lt 300 ]; do
        sleep 0.01
        k=$((k + 1))
    done
    kill -KILL $pid 2>/dev/null # not a test that hangs when the interruption fails
    wait $pid
}
interrupt --records "$tmp/int"
expect_status $? 130 "match interrupted by SIGINT"
expect_eq "$(cat "$e")" \
    "mana-cli match: interrupted; the same command with --resume continues the match from $tmp/int/match-journal.txt" \
    "the hint to resume"
interrupt --journal "$tmp/j.txt"
expect_status $? 130 "a match with --journal interrupted"
expect_grep "$e" "with --resume continues the match from $tmp/j.txt" "the hint names --journal's file"
interrupt
expect_status $? 130 "match without a journal interrupted"
expect_eq "$(cat "$e")" "" "no hint without a journal"

# ---- --name: one message a condition ----
long=$(printf '%064d' 0)
refused "--name of 64 bytes" "mana-cli match: --name: the name is longer than 63 bytes" \
    match --player ab --name "$long" --player random
refused "--name empty" "mana-cli match: --name: the name is empty" match --player ab --name '' --player random
refused "--name before any player" \
    "mana-cli match: --name: comes after the --player (or --white, --black) it names" \
    match --name x --player ab --player random
"$CLI" match --player ab --name "$(printf '%063d' 0)" --player random --games 2 --depth 1 -q >"$o" 2>&1
expect_status $? 0 "--name of 63 bytes"
expect_grep "$o" "$(printf '%063d' 0) vs random:" "--name of 63 bytes kept whole"

# ---- error messages start with 'mana-cli SUBCOMMAND: ' ----
"$CLI" play --white random --black random --mfn bad >"$o" 2>&1
expect_status $? 1 "play --mfn bad"
expect_eq "$(cat "$o")" "mana-cli play: --mfn: MFN: board: bad character 'b' in rank 6 (expected D R d r or 1-6)" \
    "play --mfn: the documented prefix"

# ---- an odd number of games: the unpaired game is named, not hidden ----
# One game, ab (depth 1) against random, won by ab: W-D-L 1-0-0 counts it;
# there is no pair, so Elo and LOS have nothing to count and the report
# says that 1 game was left out of them (the JSON too).
"$CLI" match --white ab --black random --games 1 --depth 1 --json "$tmp/odd.json" >"$o" 2>&1
expect_status $? 0 "a match of 1 game"
expect_grep "$o" "match: ab (depth 1) (first) against random, 1 game, " "1 game, singular"
expect_grep "$o" "ab vs random: 1 game in " "1 game, singular, in the summary"
expect_grep "$o" "W-D-L 1-0-0 score 100.0%" "the game counted in W-D-L"
expect_grep "$o" "pentanomial model of 0 game pairs" "no pair"
expect_grep "$o" "note: Elo and LOS count complete pairs only; 1 unpaired game is left out (W-D-L and score count it)" \
    "the unpaired game named"
expect_grep "$tmp/odd.json" '"pentanomial": [0, 0, 0, 0, 0], "unpaired_games": 1,' "unpaired_games in the JSON"
"$CLI" match --white ab --black random --games 2 --depth 1 >"$o" 2>&1
expect_no_grep "$o" "unpaired" "no note when every game has its pair"
# a round robin of 1 game a pairing, in the singular
"$CLI" match --player ab --player random --player random --depth 1 --games 1 -q >"$o" 2>&1
expect_grep "$o" "round robin: 3 players, 3 pairings of 1 game, " "1 game a pairing, singular"
expect_grep "$o" "3 games in " "the total, plural"
# a tournament of 3 games a pairing: one unpaired game each
"$CLI" match --player ab --player random --player mcts --depth 1 --iterations 50 --games 3 -q >"$o" 2>&1
expect_eq "$(grep -c ' (1 unpaired game left out of Elo and LOS)$' "$o")" 3 "each pairing's unpaired game named"

# ---- -q, --quiet: no board, as replay's ----
# selfplay and play (bot against bot) print the same moves and result
# with and without -q, and with -q no board (the line under each board
# says "(piece or '.', then the square's marks)").
board="(piece or '.'"
"$CLI" selfplay --seed 3 --no-color >"$tmp/loud" 2>&1
"$CLI" selfplay --seed 3 -q >"$o" 2>&1
expect_status $? 0 "selfplay -q"
expect_no_grep "$o" "$board" "selfplay -q: no board"
expect_eq "$(grep -E '^(ply|result)' "$o")" "$(grep -E '^(ply|result)' "$tmp/loud")" "selfplay -q: the same moves and result"
expect_grep "$o" "result: " "selfplay -q: the result"
"$CLI" selfplay --seed 3 --quiet >"$tmp/long" 2>&1
expect_eq "$(cat "$tmp/long")" "$(cat "$o")" "selfplay --quiet is -q"
"$CLI" play --white ab --black random --depth 1 --seed 1 --no-color >"$tmp/loud" 2>&1
"$CLI" play --white ab --black random --depth 1 --seed 1 -q >"$o" 2>&1
expect_status $? 0 "play -q"
expect_no_grep "$o" "$board" "play -q: no board"
expect_eq "$(grep -E ' plays |^final: ' "$o")" "$(grep -E ' plays |^final: ' "$tmp/loud")" \
    "play -q: the same moves and final position"
# a human asks for the board with `board`, -q or not
printf 'board\nquit\n' | "$CLI" play --white human --black random --seed 1 --quiet --no-color >"$o" 2>&1
expect_eq "$(grep -cF "$board" "$o")" 1 "play --quiet: the board only when asked"
for cmd in selfplay play; do
    "$CLI" $cmd --help >"$o" 2>&1
    expect_grep "$o" "-q, --quiet            no board" "$cmd --help lists -q"
done
finish
