#!/bin/sh
# SPDX-License-Identifier: MIT
# options.sh - mana-cli's one option layer: every subcommand answers
# --help, a shared option means the same everywhere (-s is --seed, never
# --svg), a bad value is refused naming the option and its valid values,
# errors start "mana-cli SUBCOMMAND: ", and the play loop's behaviour
# (one "game over", a bot's setup shown once, Ctrl-C still saves, --load
# with conflicting options refused); perft --divide as jocly-match reads it.
#   usage: options.sh MANA-CLI
set -u
CLI=$1
NAME=options.sh
. "$(dirname "$0")/lib.sh"

for cmd in perft show selfplay play replay; do
    "$CLI" "$cmd" --help >"$tmp/out" 2>&1
    expect_status $? 0 "$cmd --help"
    expect_grep "$tmp/out" "usage: mana-cli $cmd" "$cmd --help"
    expect_grep "$tmp/out" "-h, --help" "$cmd --help lists --help"
done

# refused (lib.sh): status 2, "mana-cli CMD: --OPTION: bad value 'V' (expected ...)"
refused "selfplay --rules chess" "mana-cli selfplay: --rules: bad value 'chess' (expected jactalea|cosmoludo)" \
    selfplay --rules chess
refused "perft --blocked" "mana-cli perft: --blocked: bad value 'maybe' (expected pass|draw|loss)" \
    perft --blocked maybe 1
refused "play --ply-limit" "mana-cli play: --ply-limit: bad value '-3' (expected 0..1000000000)" \
    play --ply-limit -3
refused "selfplay --repetition" "mana-cli selfplay: --repetition: bad value '1' (expected 0|2..1000000)" \
    selfplay --repetition 1
refused "play --depth" "mana-cli play: --depth: bad value '61' (expected 1..60)" play --depth 61
refused "play --white" "mana-cli play: --white: bad value 'chess' (expected human|random|ab|mcts)" \
    play --white chess
refused "show: -s is not --svg" "mana-cli show: unknown option '-s'" show -s x.svg 6/6/6/6/6/6 b 1 0
refused "unknown option" "mana-cli replay: unknown option '--colour'" replay --colour x
refused "missing value" "mana-cli selfplay: --seed needs a value" selfplay --seed
refused "perft DEPTH" "mana-cli perft: DEPTH: bad value '65' (expected 0..64)" perft 65

# a negative number is an operand, not an option: its bad value is named
# like any other (getopt alone reads "-1" as the unknown option -1)
refused "perft -1" "mana-cli perft: DEPTH: bad value '-1' (expected 0..64)" perft -1
refused "perft -1 --divide" "mana-cli perft: DEPTH: bad value '-1' (expected 0..64)" perft -1 --divide
refused "perft --divide -12" "mana-cli perft: DEPTH: bad value '-12' (expected 0..64)" perft --divide -12
refused "perft -1x" "mana-cli perft: DEPTH: bad value '-1x' (expected 0..64)" perft -1x
refused "perft -- -1" "mana-cli perft: DEPTH: bad value '-1' (expected 0..64)" perft -- -1
refused "an option's negative value" "mana-cli perft: --threads: bad value '-2' (expected 1..64)" \
    perft --threads -2 1
refused "a digit after an option letter" "mana-cli replay: unknown option '-1'" replay -q1 x.mana
refused "a letter after an option letter" "mana-cli replay: unknown option '-z'" replay -qz x.mana
# an MFN given as four words with a negative Mana: the library's reason
"$CLI" show 6/6/6/6/6/d5 w -1 0 >"$tmp/out" 2>&1
expect_status $? 1 "show with Mana -1"
expect_grep "$tmp/out" "mana-cli show: MFN: mana:" "show names the MFN's Mana field"
# operands keep their order around options: DEPTH 1, then the four words
# of the MFN with --blocked draw between them (White is blocked: 0 leaves)
"$CLI" perft 1 5d/6/1r4/rRr3/RRRr2/DRr3 --blocked draw w 1 0 >"$tmp/out" 2>&1
expect_status $? 0 "perft with options between operands"
expect_eq "$(tail -n 1 "$tmp/out")" 0 "the blocked White's draw counts no leaf"

# -s is --seed wherever it exists: the same game twice, another with -s 2
"$CLI" selfplay -s 5 --ply-limit 30 >"$tmp/a" 2>&1
"$CLI" selfplay --seed 5 --ply-limit 30 >"$tmp/b" 2>&1
"$CLI" selfplay -s 6 --ply-limit 30 >"$tmp/c" 2>&1
checks=$((checks + 2))
cmp -s "$tmp/a" "$tmp/b" || fail "-s 5 and --seed 5 differ"
cmp -s "$tmp/a" "$tmp/c" && fail "-s 6 plays the game of -s 5"
expect_grep "$tmp/a" "plies of play" "plies, not plys"
# the rule options are libmana's: selfplay takes --blocked too, and -r
"$CLI" selfplay -r cosmoludo --blocked draw --ply-limit 12 --seed 3 >"$tmp/out" 2>&1
expect_status $? 0 "selfplay with rule options"
expect_grep "$tmp/out" "cosmoludo rules" "-r is --rules"
expect_grep "$tmp/out" "result: drawn after 12 plies" "the ply limit applied"

# one error prefix for the library's errors too
"$CLI" show 'rrdrrr/6/6/6/6/RRRDR b - 0' >"$tmp/out" 2>&1
expect_status $? 1 "show of a bad MFN"
expect_grep "$tmp/out" "mana-cli show: MFN: board: rank 1 has 5 files, not 6" "show's error prefix"

# perft --divide, as jocly-match reads it: one "move count" line per legal
# move (16 from the perft.txt start at depth 1), the total last
mfn='rrdrrr/6/6/6/6/RRRDRR b - 0'
"$CLI" perft --rules jactalea --blocked pass --divide 1 "$mfn" >"$tmp/out" 2>&1
expect_status $? 0 "perft --divide"
expect_eq "$(wc -l <"$tmp/out" | tr -d ' ')" 17 "16 moves and the total"
expect_eq "$(tail -n 1 "$tmp/out")" 16 "the total last"
expect_eq "$(head -n 16 "$tmp/out" | awk 'NF == 2 && $2 == 1' | wc -l | tr -d ' ')" 16 "move count lines"

# a game between bots: "game over" once
"$CLI" play --white random --black random --seed 4 --ply-limit 40 --no-color >"$tmp/out" 2>&1
expect_status $? 0 "random game"
expect_eq "$(grep -c 'game over' "$tmp/out")" 1 "game over printed once"

# a bot's setup shows one board, not one a placement: the human (White)
# sees the empty board and the board after Black's seven setup moves
printf 'quit\n' | "$CLI" play --white human --black random --seed 3 --no-color >"$tmp/out" 2>&1
expect_eq "$(sed -n '1,/White, place a piece>/p' "$tmp/out" | grep -c '(piece or')" 2 "boards before the first prompt"
expect_eq "$(grep -c 'Black (random) plays' "$tmp/out")" 7 "each setup move still named"

# Ctrl-C during play --save: the record is written.  stdin stays open
# (a sleep writes nothing) until play has ended, then a watcher stops the
# sleep: the shell's wait waits for the whole pipeline.
(sleep 30 &
    echo $! >"$tmp/int.sleeper"
    wait) | "$CLI" play --white human --black random --seed 3 --no-color --save "$tmp/int.mana" \
    >"$tmp/out" 2>&1 &
job=$!
k=0
while ! grep -q "type 'help'" "$tmp/out" 2>/dev/null && [ $k -lt 200 ]; do sleep 0.05; k=$((k + 1)); done
pid=$(pgrep -n -f "save $tmp/int.mana" || true)
[ -n "$pid" ] && kill -INT "$pid"
(while [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    kill "$(cat "$tmp/int.sleeper")" 2>/dev/null) &
wait $job 2>/dev/null
expect_grep "$tmp/int.mana" "Rules: jactalea" "Ctrl-C saved the record"
expect_grep "$tmp/int.mana" "Result: *" "the saved game is unfinished"
expect_grep "$tmp/out" "interrupted" "Ctrl-C said so"

# play --load with a conflicting --rules or rule option says so
"$CLI" replay "$tmp/int.mana" >/dev/null 2>&1
expect_status $? 0 "the interrupted record replays"
printf 'quit\n' | "$CLI" play --rules cosmoludo --load "$tmp/int.mana" >"$tmp/out" 2>&1
expect_status $? 2 "--load with another --rules"
expect_grep "$tmp/out" "mana-cli play: --rules cosmoludo conflicts with $tmp/int.mana, which says Rules: jactalea" \
    "--rules conflict named"
printf 'quit\n' | "$CLI" play --blocked draw --load "$tmp/int.mana" >"$tmp/out" 2>&1
expect_status $? 2 "--load with another --blocked"
expect_grep "$tmp/out" "the Blocked option draw conflicts with $tmp/int.mana, which plays with Blocked: pass" \
    "rule option conflict named"
printf 'quit\n' | "$CLI" play --rules jactalea --blocked pass --load "$tmp/int.mana" >"$tmp/out" 2>&1
expect_status $? 0 "--load with agreeing options"
finish
