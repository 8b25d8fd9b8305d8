#!/bin/sh
# SPDX-License-Identifier: MIT
# match.sh - `mana-cli match`: the summary lines, colours alternating,
# records that replay, results that do not depend on --jobs, paired
# setups, the ply limit in the header, usage errors.
#   usage: match.sh MANA-CLI
set -u
CLI=$1
NAME=match.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out

"$CLI" match --white ab --black random --games 6 --depth 2 --seed 3 --jobs 2 \
    --records "$tmp/r2" >"$o" 2>"$tmp/err"
expect_status $? 0 "match"
last=$(tail -n 1 "$o")
echo "$last" | grep -Eq '^W-D-L [0-9]+-[0-9]+-[0-9]+ score [0-9]+\.[0-9]% \(ab.s view\)$' ||
    fail "last line '$last' is not 'W-D-L w-d-l score p%'"
set -- $(echo "$last" | sed 's/^W-D-L \([0-9]*\)-\([0-9]*\)-\([0-9]*\) .*/\1 \2 \3/')
expect_eq "$(($1 + $2 + $3))" 6 "wins + draws + losses = games"
expect_grep "$o" "Elo difference " "Elo line"
expect_grep "$o" "(95% interval " "Elo interval"
expect_grep "$o" "pentanomial model of 3 game pairs" "Elo from the 3 pairs"
expect_grep "$o" "ab total              6" "table total row"
expect_eq "$(ls "$tmp/r2"/game-*.mana | wc -l | tr -d ' ')" 6 "one record per game"
expect_eq "$(grep -c '^game ' "$tmp/r2/match-journal.txt")" 6 "one journal line per game"
expect_grep "$tmp/r2/game-001.mana" "White: ab" "game 1: first bot White"
expect_grep "$tmp/r2/game-002.mana" "White: random" "game 2: colours swapped"
expect_grep "$tmp/r2/game-001.mana" "PlyLimit: 400" "default ply limit recorded"
expect_grep "$tmp/r2/game-002.mana" "Round: 2" "the game's number as Round"
# Games the rules decided carry no Termination tag: their Result is the
# moves' own, so a record cut short (at a line end, or anywhere) is refused,
# not read as an unfinished game with a trusted Result.
for f in "$tmp"/r2/*.mana; do
    checks=$((checks + 1))
    ! grep -q '^Termination:' "$f" || fail "$(basename "$f"): Termination tag on a game the rules decided"
done
res2=$(sed -n 's/^Result: //p' "$tmp/r2/game-002.mana")
head -n "$(($(grep -n '^$' "$tmp/r2/game-002.mana" | head -n 1 | cut -d: -f1) + 2))" \
    "$tmp/r2/game-002.mana" >"$tmp/cut.mana"
"$CLI" replay --quiet "$tmp/cut.mana" >"$tmp/replay" 2>&1
expect_status $? 1 "a match record cut after its setup lines is refused"
expect_grep "$tmp/replay" "Result says $res2 but the moves end with result *" "the cut record: why"
head -c 140 "$tmp/r2/game-002.mana" >"$tmp/cut.mana"
"$CLI" replay --quiet "$tmp/cut.mana" >"$tmp/replay" 2>&1
expect_status $? 1 "a match record cut at byte 140 is refused"
for f in "$tmp"/r2/*.mana; do
    "$CLI" replay --quiet "$f" >"$tmp/replay" 2>&1
    expect_status $? 0 "replay $(basename "$f")"
    expect_grep "$tmp/replay" "result: $(sed -n 's/^Result: //p' "$f") " "$(basename "$f") result"
done

# Player names are UTF-8: kept as they are in records and JSON; bytes that
# are not UTF-8 and control characters (here NEL, U+0085) are written as
# '?' in a record, with a warning, and as U+FFFD / \u0085 in JSON.
"$CLI" match --white random --name "Jérôme" --black random --name "Zoë $(printf 'x\302\205\377')" \
    --games 2 --quiet --records "$tmp/u" --json "$tmp/u.json" >"$o" 2>&1
expect_status $? 0 "match with non-ASCII names"
expect_grep "$tmp/u/game-001.mana" "White: Jérôme" "UTF-8 name in the record"
expect_grep "$tmp/u/game-001.mana" "Black: Zoë x??" "bad bytes of a name as '?' in the record"
expect_grep "$o" "Black tag: invalid UTF-8 or control characters written as '?': Zoë x??" "the warning"
expect_grep "$tmp/u.json" '"white": "Jérôme"' "UTF-8 name in JSON"
expect_grep "$tmp/u.json" '"black": "Zoë x\u0085\ufffd"' "bad bytes of a name escaped in JSON"
"$CLI" replay --quiet "$tmp/u/game-002.mana" >"$tmp/replay" 2>&1
expect_grep "$tmp/replay" "White: Zoë x??; Black: Jérôme" "the record with the names replays"
/usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$tmp/u.json" ||
    fail "the JSON with non-ASCII names does not load"

# The same match on one thread: the same games (depth limits are
# deterministic and every game has its own seeds).
"$CLI" match --white ab --black random --games 6 --depth 2 --seed 3 --jobs 1 \
    --records "$tmp/r1" >"$tmp/out1" 2>&1
expect_eq "$(tail -n 1 "$tmp/out1")" "$last" "--jobs 1 and --jobs 2 agree"
for f in "$tmp"/r1/*.mana; do
    checks=$((checks + 1))
    grep -v '^Date:' "$f" >"$tmp/a"
    grep -v '^Date:' "$tmp/r2/$(basename "$f")" >"$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" || fail "$(basename "$f") differs between --jobs 1 and 2"
done

# Paired random setups: games 1 and 2 start from the same placements; a
# ply limit of 6 is recorded and ends long games drawn.
"$CLI" match --white random --black random --games 4 --setup random --ply-limit 6 \
    --records "$tmp/rs" >"$o" 2>&1
expect_status $? 0 "random setups"
expect_grep "$o" "paired random setups" "setup mode shown"
setup_lines() { sed -n '/^$/,$p' "$1" | sed -n 2,3p; } # the two setup lines after the headers
expect_eq "$(setup_lines "$tmp/rs/game-001.mana")" "$(setup_lines "$tmp/rs/game-002.mana")" \
    "a pair shares its setup"
expect_grep "$tmp/rs/game-003.mana" "PlyLimit: 6" "ply limit header"

# ---- faults are results: crash, hang, illegal move, garbage -----------------------
# Each faulty engine (tests/cli/engines/faulty.sh) loses all its games, with
# the reason; the match completes; the engine is restarted each game; no
# process is left behind.
faulty="sh $(dirname "$0")/engines/faulty.sh"
# alive DIR: how many of the engines started with DIR still run
alive() {
    n=0
    for pid in $(cat "$1/pids" 2>/dev/null); do
        kill -0 "$pid" 2>/dev/null && n=$((n + 1))
    done
    echo $n
}
for mode in crash hang illegal garbage nul; do
    "$CLI" match --white ab --black "cmd:$faulty $mode $tmp" --name "faulty-$mode" --games 2 --depth 1 \
        --setup random --timeout 300 --quiet --records "$tmp/f-$mode" >"$o" 2>&1
    expect_status $? 0 "match against a $mode engine completes"
    expect_grep "$o" "W-D-L 2-0-0 score 100.0%" "the $mode engine loses both games"
    case $mode in
    crash) why="engine crashed (exit status 3)" ;;
    hang) why="no move in 300 ms (hung or lost on time)" ;;
    illegal) why="illegal move 'D@c3': a Damyo never returns to play" ;;
    garbage) why="garbage instead of bestmove: 'I am not an engine'" ;;
    nul) why="garbage instead of bestmove: '(a line with a NUL byte)'" ;;
    esac
    expect_eq "$(grep -c "faulty-$mode: $why" "$o")" 2 "$mode: the reason, once per game"
    expect_grep "$tmp/f-$mode/game-002.mana" "Termination: faulty-$mode: $why" "$mode: reason in the record"
    expect_grep "$tmp/f-$mode/game-002.mana" "Result: 0-1" "$mode: verdict in the record"
    "$CLI" replay --quiet "$tmp/f-$mode/game-001.mana" >"$tmp/replay" 2>&1
    expect_status $? 0 "$mode: the record replays"
    "$CLI" replay --quiet "$tmp/f-$mode/game-002.mana" >"$tmp/replay" 2>&1
    expect_grep "$tmp/replay" "result: 0-1 (Black won, declared)" "$mode: replay shows the declared Result"
    expect_grep "$tmp/replay" "termination: faulty-$mode: $why" "$mode: replay shows the Termination"
done
sleep 0.2
expect_eq "$(wc -l <"$tmp/pids" | tr -d ' ')" 10 "each faulty engine started for each game"
expect_eq "$(alive "$tmp")" 0 "no faulty engine left running"

# A protocol line may be of any length (docs/engine-protocol.md, Transport):
# an engine that writes an info string of 32,768 bytes before each bestmove
# (beyond the runner's 8 KiB read buffer) plays its games as the plain
# engine does, and loses none by a fault.
cat >"$tmp/verbose.sh" <<'EOF'
long=x
while [ ${#long} -lt 20000 ]; do long=$long$long; done
"$1" engine | while IFS= read -r line; do
    case $line in bestmove*) printf 'info string %s\n' "$long" ;; esac
    printf '%s\n' "$line"
done
EOF
"$CLI" match --white "cmd:$CLI engine" --name eng --black random --games 4 --depth 1 --setup random \
    --quiet >"$tmp/plain" 2>&1
"$CLI" match --white "cmd:sh $tmp/verbose.sh $CLI" --name eng --black random --games 4 --depth 1 --setup random \
    --quiet >"$o" 2>&1
expect_status $? 0 "match against an engine writing long info lines"
expect_no_grep "$o" "lost by a fault" "a long info line is no fault"
expect_eq "$(tail -n 1 "$o")" "$(tail -n 1 "$tmp/plain")" "long info lines: the W-D-L of the plain engine"

# Under a clock the runner waits for a move as long as the clock (plus the
# 100 ms margin) and no longer: 0.3 s, so 400 ms.
"$CLI" match --white ab --black "cmd:$faulty hang $tmp" --name slow --games 2 --tc 0.3 --setup random \
    --quiet >"$o" 2>&1
expect_eq "$(grep -c 'slow: no move in 400 ms (hung or lost on time)' "$o")" 2 "lost on time under --tc 0.3"

# An interrupted runner (SIGTERM) kills its engines before it dies.
mkdir "$tmp/sig"
"$CLI" match --white ab --black "cmd:$faulty hang $tmp/sig" --games 2 --timeout 20000 \
    --setup random --quiet >"$o" 2>&1 &
pid=$!
k=0
while [ ! -s "$tmp/sig/pids" ] && [ $k -lt 200 ]; do
    sleep 0.05
    k=$((k + 1))
done
kill -TERM $pid
wait $pid 2>/dev/null
expect_status $? 143 "the runner dies of SIGTERM"
sleep 0.2
expect_eq "$(alive "$tmp/sig")" 0 "its engine died with it"

# ---- resume: an interrupted match ends with the result of an uninterrupted one ----
# The same 16 games twice: once whole; once killed (SIGKILL) after some games
# are in the journal, then resumed.  Depth and playout limits make the games
# the same (about 2 s each way).
# The interrupted one runs on one thread, the whole one on two: the games
# do not depend on that either.
args="--white ab --black mcts --games 16 --depth 4 --iterations 3000 --setup random --seed 5"
"$CLI" match $args --jobs 2 --journal "$tmp/whole.journal" --quiet >"$tmp/whole" 2>&1
expect_status $? 0 "uninterrupted match"
"$CLI" match $args --jobs 1 --journal "$tmp/cut.journal" --quiet >/dev/null 2>&1 &
pid=$!
k=0
while [ "$(cat "$tmp/cut.journal" 2>/dev/null | grep -c '^game ')" -lt 3 ] && [ $k -lt 1000 ]; do
    sleep 0.02
    k=$((k + 1))
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
before=$(grep -c '^game ' "$tmp/cut.journal")
[ "$before" -ge 3 ] && [ "$before" -lt 16 ] && checks=$((checks + 1)) ||
    fail "the kill came after $before games: not an interruption"
"$CLI" match $args --jobs 2 --journal "$tmp/cut.journal" --resume --quiet >"$tmp/resumed" 2>&1
expect_status $? 0 "resumed match"
expect_eq "$(tail -n 1 "$tmp/resumed")" "$(tail -n 1 "$tmp/whole")" "resumed W-D-L = uninterrupted"
expect_eq "$(grep -c '^game ' "$tmp/cut.journal")" 16 "every game once in the journal ($before before the resume)"
expect_eq "$(grep '^game ' "$tmp/cut.journal" | sort | md5sum)" "$(grep '^game ' "$tmp/whole.journal" | sort | md5sum)" \
    "the same games, game for game"
"$CLI" match --white ab --black random --games 16 --journal "$tmp/cut.journal" --resume >"$o" 2>&1
expect_status $? 1 "resume with other settings refused"
expect_grep "$o" "written by a match with other settings" "why the resume is refused"

# ---- several players: a round robin and a gauntlet; JSON --------------------------
"$CLI" match --player ab --player random --player mcts --opt iterations=200 --games 2 --depth 1 \
    --setup random --quiet --json "$tmp/rr.json" >"$o" 2>&1
expect_status $? 0 "round robin"
expect_grep "$o" "round robin: 3 players, 3 pairings of 2 games" "round robin header"
expect_eq "$(grep -Ec '^ +[123] (ab|random|mcts) +4 ' "$o")" 3 "standings: every player, 4 games each"
expect_eq "$(grep -c ' vs .*: W-D-L ' "$o")" 3 "a line per pairing"
expect_grep "$o" "6 games in " "six games"
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["games"])==6 and len(d["pairings"])==3, d' "$tmp/rr.json" &&
    checks=$((checks + 1)) || fail "round robin JSON"
"$CLI" match --tournament gauntlet --player ab --player random --player random --games 2 --depth 1 \
    --setup random --quiet >"$o" 2>&1
expect_grep "$o" "gauntlet: 3 players, 2 pairings of 2 games" "gauntlet: the first player against each other"
expect_grep "$o" "ab vs random-3: " "a second random is named random-3"

# ---- the bots' options: --opt Threads=2 (any case), Hash, MultiPV ------------------
# Threads 2 plays and MultiPV 3 plays (its moves are its line 1's; the
# lines are tested through the engine and botsearch).
"$CLI" match --white ab --opt threads=2 --opt Hash=1 --black ab --opt nodes=3000 --games 2 --nodes 3000 \
    --setup random --quiet >"$o" 2>&1
expect_status $? 0 "--opt Threads=2 and Hash=1 for a built-in bot"
expect_grep "$o" "2 games in " "the Threads 2 games played"
"$CLI" match --white ab --opt MultiPV=3 --black random --games 2 --depth 3 --setup random --quiet >"$o" 2>&1
expect_status $? 0 "--opt MultiPV=3"
"$CLI" match --white ab --opt Threads=0 --black random >"$o" 2>&1
expect_status $? 2 "--opt Threads=0 refused"
expect_grep "$o" "mana-cli match: --opt: Threads: bad value '0' (expected 1..256)" "the bot's own reason"
"$CLI" match --white ab --opt Seed=3 --black random >"$o" 2>&1
expect_status $? 2 "--opt Seed refused: the runner seeds each game"

# ---- openings from a file: pairs share the line ----------------------------------
printf '%s\n' '# two openings' "O2 D@a6 R@b6 R@c6 R@d6 R@e6 R@f6 D@a1 R@b1 R@c1 R@d1 R@e1 R@f1" \
    '6/6/3R2/2r3/1R4/d3D1 w 2 0' >"$tmp/openings"
"$CLI" match --white ab --black random --games 4 --depth 1 --openings "$tmp/openings" \
    --records "$tmp/op" --quiet >"$o" 2>&1
expect_status $? 0 "openings file"
expect_eq "$(setup_lines "$tmp/op/game-001.mana" | sed -n 1p)" "O2 D@a6 R@b6 R@c6 R@d6 R@e6 R@f6" \
    "pair 1 from line 1"
expect_grep "$tmp/op/game-003.mana" "MFN: 6/6/3R2/2r3/1R4/d3D1 w 2 0" "pair 2 from line 2"
printf 'O2 D@a1\n' >"$tmp/bad-openings"
"$CLI" match --white ab --black random --openings "$tmp/bad-openings" >"$o" 2>&1
expect_status $? 1 "an illegal opening is refused"
expect_grep "$o" "bad-openings:1: opening 'O2 D@a1': D@a1: a1 is outside Black's setup area (ranks 5-6)" \
    "the opening named, its line and why"

for args in "--white ab" "--white ab --black chess" "--white ab --black random --jobs 0" \
    "--white ab --black random --games x" "--white ab --black random extra" \
    "--white ab --black random --player mcts" "--player ab --player random --player mcts --sprt elo0=0,elo1=5" \
    "--white ab --black random --sprt elo0=5,elo1=0" "--white ab --black random --tc 0" \
    "--white ab --black random --resume" "--white ab --opt depth=3 --black random --opt warp=1"; do
    "$CLI" match $args >"$o" 2>&1
    expect_status $? 2 "usage error: $args"
    expect_grep "$o" "usage: mana-cli match" "usage shown: $args"
done
finish
