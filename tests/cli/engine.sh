#!/bin/sh
# SPDX-License-Identifier: MIT
# engine.sh - `mana-cli engine` driven through a pipe: handshake, options,
# positions, searches with each limit, stop while thinking, errors, quit.
#   usage: engine.sh MANA-CLI
set -u
CLI=$1
NAME=engine.sh
. "$(dirname "$0")/lib.sh"

# The positions of play.sh and botcheck.c: IN1 has one capture of the
# Damyo (b2xa2), IN3 a forced capture in 3 plies starting with d4xc3.
IN1='6/6/6/2R3/dR4/4D1 w 2 0'
IN3='6/6/3R2/2r3/1R4/d3D1 w 2 0'
o=$tmp/out

printf '%s\n' mana isready "position mfn $IN1" 'go depth 2' "position mfn $IN3" \
    'go depth 4' 'position startpos' 'go depth 2' 'position startpos moves O2 D@a6' \
    'go nodes 5000' 'setoption name Bot value mcts' "position mfn $IN3" 'go iterations 400' \
    'position startpos' quit isready | "$CLI" engine >"$o" 2>&1
expect_status $? 0 "engine session"
expect_eq "$(head -n 1 "$o" | cut -c1-17)" "id name mana-cli " "first line"
expect_grep "$o" "option name Rules type combo default jactalea var jactalea var cosmoludo" "Rules option"
expect_grep "$o" "option name Blocked type combo default pass var pass var draw var loss" "Blocked option"
expect_grep "$o" "option name Reentry type combo default any var any var mana-mark" "Reentry option"
expect_grep "$o" "option name ReentryWhenBlocked type check default true" "ReentryWhenBlocked option"
expect_grep "$o" "option name PlyLimit type spin default 0 min 0 max 1000000000" "PlyLimit option"
expect_grep "$o" "option name Bot type combo default ab var ab var mcts var random" "Bot option"
expect_eq "$(grep -n manaok "$o" | cut -d: -f1)" "$(($(grep -c '^option name' "$o") + 3))" "manaok after the options"
expect_grep "$o" "readyok" "isready"
expect_grep "$o" "info depth 1 seldepth 1 multipv 1 score mate 1 nodes 1 nps " "mate in 1 reported, one ply deep"
expect_grep "$o" "info depth 1 seldepth 1 nodes 1 nps " "its totals: one ply deep"
sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$o" >"$tmp/best"
expect_eq "$(sed -n 1p "$tmp/best")" "b2xa2" "capture in 1"
expect_eq "$(sed -n 2p "$tmp/best")" "d4xc3" "forced capture in 3"
expect_grep "$o" "score mate 3 nodes" "mate in 3 reported"
case $(sed -n 3p "$tmp/best") in O[0-3]) ;; *) fail "startpos: '$(sed -n 3p "$tmp/best")' is not an orientation" ;; esac
case $(sed -n 4p "$tmp/best") in [DR]@[a-f][56]) ;; *) fail "placement: '$(sed -n 4p "$tmp/best")'" ;; esac
expect_eq "$(sed -n 5p "$tmp/best")" "d4xc3" "mcts finds the forced line too"
# mcts proves d4xc3 won before any playout (its root's mate search: mate in
# 3 plies, d4xc3, any reply, the capture, as ab's line above): a tree of
# the root and its 8 children, no walk down it (depth 0); its line is the
# whole mate, the Damyo's capture last.
grep -Eq '^info depth 0 seldepth 0 multipv 1 score mate 3 wr 100 nodes 9 nps [0-9]+ time [0-9]+ iterations 0 pv d4xc3 a1-(a2 b2xa2|b1 b2xb1)$' "$o" &&
    checks=$((checks + 1)) || fail "mcts info line: d4xc3 proven won"
expect_eq "$(wc -l <"$tmp/best" | tr -d ' ')" 5 "one bestmove per go"
# (mcts's line of the mate goes on to the capture: a reply to ponder on)
expect_eq "$(tail -n 1 "$o")" "bestmove d4xc3 ponder a1-b1" "nothing after quit"

# A proven loss is told the same way by both bots: after d4xc3 Black loses
# its Damyo in 2 plies (a Damyo move, then b2 takes it), `score mate -2`
# with that whole line (mcts once said `score cp -2000`, ab's line stopped
# before the capture).
printf '%s\n' mana "position mfn $IN3 moves d4xc3" 'go nodes 2000' 'setoption name Bot value mcts' \
    "position mfn $IN3 moves d4xc3" 'go nodes 2000' | "$CLI" engine >"$o" 2>&1
expect_eq "$(grep -Ec ' score mate -2 .* pv a1-(a2 b2xa2|b1 b2xb1)$' "$o")" 3 "mate -2 with its line: ab's two iterations, mcts"
expect_no_grep "$o" "score cp" "no centi-Ronin score for a proven loss"

# A mate found beyond the completed depth is searched on for a nearer one.
# tests/data/tactics.txt line 142: White forces the capture in 11 plies at
# the least, and f1-e1 is the one move after which Black loses within 10
# (the solver's labels).  Depth 10 reaches a mate in 13 through f1-f2 (the
# threat extension); depth 11 finds the mate in 11.  ab once stopped at
# the first mate score and played f1-f2, a win only in 13.
printf '%s\n' mana 'position mfn r2r2/2dr2/r3r1/4R1/D5/R2R1R w 1 3' 'go depth 12' |
    "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info depth 10 seldepth 12 multipv 1 score mate 13 " "depth 10: a mate in 13 first"
grep -q '^info depth 11 seldepth 12 multipv 1 score mate 11 .* pv f1-e1 ' "$o" &&
    checks=$((checks + 1)) || fail "depth 11: the mate in 11 through f1-e1"
expect_eq "$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$o")" "f1-e1" "the nearest forced capture played"
expect_no_grep "$o" "info depth 12 seldepth" "no depth 12: a mate in 11 within depth 11 ends the search"

# The bot's placement is legal: play it and look at the position.
bm=$(sed -n 4p "$tmp/best")
printf '%s\n' "position startpos moves O2 D@a6 $bm" show | "$CLI" engine >"$o" 2>&1
expect_no_grep "$o" "error" "bestmove $bm accepted"
expect_grep "$o" "info string setup, Black to move" "setup continues"

# Rule options: cosmoludo places on the back rank; Blocked draw ends the
# perft.txt position where White has no move at once (bestmove none).
printf '%s\n' 'setoption name Rules value cosmoludo' 'position startpos' 'go depth 1' \
    'setoption name Rules value jactalea' 'setoption name Blocked value draw' \
    'position mfn 5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0' 'show' 'go' \
    'setoption name Blocked value pass' 'position mfn 5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0' 'go depth 1' |
    "$CLI" engine >"$o" 2>&1
sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$o" >"$tmp/best"
case $(sed -n 1p "$tmp/best") in [DR]@[a-f]6) ;; *) fail "cosmoludo: '$(sed -n 1p "$tmp/best")' is not on rank 6" ;; esac
expect_grep "$o" "info string status drawn" "Blocked draw"
expect_eq "$(sed -n 2p "$tmp/best")" "(none)" "no move in a finished game"
expect_eq "$(sed -n 3p "$tmp/best")" "pass" "under blocked = pass the only move is pass"

# Errors are reported as info string lines and leave the position alone.
printf '%s\n' "position mfn $IN1" 'position mfn rrdrrr/6/6/6/6/RRRDR b - 0' \
    'position startpos moves O2 Z9' 'position startpos moves O2 D@a1' 'position' \
    'setoption name Blocked value sometimes' 'setoption name Colour value red' \
    'setoption name Bot value deep-thought' 'go depth x' 'go warp 9' 'fly' \
    'go depth 1' | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info string error: position mfn: " "bad MFN"
expect_grep "$o" "info string error: position: move 'Z9': unreadable text" "unreadable move"
expect_grep "$o" "info string error: position: move 'D@a1': illegal move: a1 is outside Black's setup area" "illegal move"
expect_grep "$o" "info string error: position: expected startpos or mfn" "bare position"
expect_grep "$o" "info string error: setoption: Blocked: bad value 'sometimes'" "bad option value"
expect_grep "$o" "info string error: setoption: unknown option 'Colour'" "unknown option"
expect_grep "$o" "info string error: setoption: Bot: expected ab, mcts or random" "unknown bot"
expect_grep "$o" "info string error: go: 'depth' needs a positive number" "bad limit value"
expect_grep "$o" "info string error: go: unknown limit 'warp'" "unknown limit"
expect_grep "$o" "info string error: unknown command 'fly'" "unknown command"
# A refused position leaves none: the `go` after it (and the bad `go`s)
# answer with an error and `bestmove (none)`, never a move of IN1.
expect_grep "$o" "info string error: no position (the last position command was refused)" "go after a refused position"
expect_eq "$(sed -n 's/^bestmove //p' "$o" | tr '\n' ' ')" "(none) (none) (none) " "every go answered, none with a move"
# A NUL byte in a line: the words after it are not dropped unseen. A
# position holding one is refused (no position: the go after it is not a
# search of `startpos moves O0`); any other such line is ignored, with an
# error each.
printf 'position startpos moves O0\000 R@a5\ngo depth 1\nisr\000eady\nmoves\n' | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info string error: position: NUL byte in the line" "NUL in a position"
expect_eq "$(sed -n 's/^bestmove //p' "$o")" "(none)" "no search after a position with a NUL"
expect_grep "$o" "info string error: NUL byte in a command line (the line is ignored)" "NUL in another line"
expect_no_grep "$o" "unknown command 'isr'" "the line is not read up to its NUL"
expect_grep "$o" "info string error: no position (the last position command was refused)" "moves after it: no position"
# Other bytes that are not printable ASCII, quoted back in an error line,
# come out as '?' (fuzz_engine found \377 and \002 echoed raw): every
# answer is a line of ASCII.
printf 'setoption name Bot value mct\377\002 x\nfoo\033[2J\n' | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info string error: setoption: Bot: one word expected after 'value', got 'mct?? x'" "a control byte quoted as ?"
expect_grep "$o" "info string error: unknown command 'foo?[2J'" "an escape quoted as ?"
expect_eq "$(LC_ALL=C tr -d '\n -~' <"$o" | wc -c)" "0" "nothing but printable ASCII"

# setoption: one word after value; the words of Rules and Bot in any case,
# as the rule options'; a depth beyond 2^64 is as large as any (capped).
printf '%s\n' 'setoption name Blocked value draw extra' 'setoption name Rules value COSMOLUDO' \
    'setoption name Bot value Random' 'position startpos' 'go depth 99999999999999999999' | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info string error: setoption: Blocked: one word expected after 'value', got 'draw extra'" "value of two words"
expect_no_grep "$o" "error: setoption: Rules" "COSMOLUDO accepted"
expect_no_grep "$o" "error: setoption: Bot" "Random accepted"
expect_no_grep "$o" "error: go" "a depth beyond 2^64 accepted"
case $(sed -n 's/^bestmove //p' "$o") in [DR]@[a-f]6) ;; *) fail "cosmoludo in capitals: '$(sed -n 's/^bestmove //p' "$o")' not on rank 6" ;; esac
# The limit named in a refusal: counts must be positive, clocks may be 0.
printf '%s\n' 'go iterations 0' 'go winc x' | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info string error: go: 'iterations' needs a positive number" "iterations 0 refused"
expect_grep "$o" "info string error: go: 'winc' needs a number" "a clock needs a number"

# A line of 20,000 words is read whole: the error names its first bad move
# (a line cut into pieces would go unnoticed).
awk 'BEGIN { printf "position startpos moves O1"; for (i = 0; i < 10000; i++) printf " D@a6 R@b6"; print "" }' |
    "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info string error: position: move 'D@a6': illegal move: a6 is occupied" "long line"

# While a search runs the engine still reads: `isready` is answered during
# an infinite search, and `stop` ends it with a bestmove.
printf '%s\n' 'setoption name Bot value mcts' "position mfn $IN3" 'go infinite' isready stop \
    isready | "$CLI" engine >"$o" 2>&1
expect_eq "$(grep -v '^info ' "$o" | sed 's/^bestmove [a-f][1-6][-x][a-f][1-6]\( ponder .*\)\{0,1\}$/bestmove/' | tr '\n' ' ')" \
    "readyok bestmove readyok " "readyok while thinking, then bestmove on stop"

# `quit` ends a running search at once (its bestmove is still written).
printf '%s\n' "position mfn $IN3" 'go infinite' quit isready | "$CLI" engine >"$o" 2>&1
expect_status $? 0 "quit while thinking"
expect_eq "$(grep -c . "$o")" "$(($(grep -c '^info ' "$o") + 1))" "only info lines and the bestmove"
expect_grep "$o" "bestmove " "bestmove after quit"

# At end of input a running search finishes and reports.
printf '%s\n' "position mfn $IN3" 'go depth 5' | "$CLI" engine >"$o" 2>&1
expect_eq "$(tail -n 1 "$o")" "bestmove d4xc3 ponder a1-b1" "search finished at end of input, the pv's reply suggested for pondering"

# Search state is bound to the rules.  In this position White has three
# Ronins in reserve; under Reentry mana-mark they re-enter only on a square
# of the Mana's count, and ab at depth 5 plays f2-f5 under the default
# rules but d1-e2 under mana-mark.  A search under the default rules, then
# one under mana-mark, answers as a fresh engine told mana-mark first does
# (the hash table of the first search, keyed by the position alone, is
# not reused under other rules).
RE=3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2
# (With the linear evaluation: the learned one plays f2-f5 under both.)
printf '%s\n' 'setoption name Eval value linear' "position mfn $RE w 1 3" 'go depth 5' 'setoption name Reentry value mana-mark' \
    "position mfn $RE w 1 3" 'go depth 5' | "$CLI" engine >"$o" 2>&1
printf '%s\n' 'setoption name Eval value linear' 'setoption name Reentry value mana-mark' "position mfn $RE w 1 3" 'go depth 5' |
    "$CLI" engine >"$tmp/fresh" 2>&1
expect_eq "$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$o" | tr '\n' ' ')" "f2-f5 d1-e2 " "Reentry any, then mana-mark"
expect_eq "$(grep -v '^info string\|^info depth [0-9]* seldepth [0-9]* nodes' "$o" | sed 's/ nps [0-9]* time [0-9]*//' |
    sed -n '/^bestmove f2-f5/,$p' | sed 1d)" \
    "$(grep -v '^info string\|^info depth [0-9]* seldepth [0-9]* nodes' "$tmp/fresh" | sed 's/ nps [0-9]* time [0-9]*//')" \
    "the search under mana-mark after one under any: the lines and move of a fresh engine"
# Hash: the bots' table size, advertised and set
printf '%s\n' mana 'setoption name Hash value 1' "position mfn $RE w 1 3" 'go depth 5' 'setoption name Hash value 0' |
    "$CLI" engine >"$o" 2>&1
expect_grep "$o" "option name Hash type spin default 16 min 1 max 65536" "Hash advertised"
expect_grep "$o" "bestmove f2-f5" "a search with a 1 MiB table"
expect_grep "$o" "info string error: setoption: Hash: bad value '0' (expected 1..65536)" "Hash 0 refused"

# Eval: advertised as a combo, learned the default; linear accepted, and
# learned (the word or 1, in any case) as the default does: at depth 5
# the default scores cp 108, linear cp 80 (engine.sh's earlier runs);
# a bad value refused
printf '%s\n' mana "position mfn $RE w 1 3" 'go depth 5' 'setoption name Eval value linear' \
    "position mfn $RE w 1 3" 'go depth 5' 'setoption name eval value LEARNED' "position mfn $RE w 1 3" 'go depth 5' \
    'setoption name Eval value 1' 'setoption name Eval value best' | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "option name Eval type combo default learned var linear var learned" "Eval advertised"
grep '^info depth 5 .*score' "$o" | sed 's/.* score \([^ ]* [^ ]*\) .*/\1/' >"$tmp/evals"
expect_eq "$(sed -n 1p "$tmp/evals")" "$(sed -n 3p "$tmp/evals")" "Eval learned: the default's score again"
expect_eq "$(sed -n 2p "$tmp/evals")" "cp 80" "Eval linear: its own score"
expect_grep "$o" "info string error: setoption: Eval: bad value 'best' (expected linear, learned, 0 or 1)" "Eval best refused"
expect_eq "$(grep -c 'error' "$o")" 1 "Eval linear, LEARNED and 1 accepted"

# MultiPV 3: the last iteration (depth 5) reports lines 1, 2, 3 with
# distinct first moves, scores not rising; bestmove is line 1's move.
MP='1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0'
printf '%s\n' mana 'setoption name MultiPV value 3' "position mfn $MP" 'go depth 5' |
    "$CLI" engine >"$o" 2>&1
expect_grep "$o" "option name Threads type spin default 1 min 1 max 256" "Threads advertised"
expect_grep "$o" "option name MultiPV type spin default 1 min 1 max 16" "MultiPV advertised"
grep '^info depth 5 .* multipv ' "$o" | sed 's/.* multipv \([0-9]*\) score cp \(-*[0-9]*\) .* pv \([^ ]*\).*/\1 \2 \3/' >"$tmp/lines"
expect_eq "$(cut -d' ' -f1 "$tmp/lines" | tr '\n' ' ')" "1 2 3 " "three multipv lines at depth 5"
expect_eq "$(cut -d' ' -f3 "$tmp/lines" | sort -u | wc -l | tr -d ' ')" 3 "their moves are distinct"
expect_eq "$(cut -d' ' -f2 "$tmp/lines" | sort -n -r | tr '\n' ' ')" "$(cut -d' ' -f2 "$tmp/lines" | tr '\n' ' ')" \
    "ordered by score"
expect_eq "$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$o")" "$(sed -n '1s/.* //p' "$tmp/lines")" "bestmove is line 1's"
# go searchmoves A B with A, B the moves of lines 2 and 3 (not the best):
# the answer is one of them; A alone gives A; a word that is no legal
# move is refused.
A=$(sed -n '2s/.* //p' "$tmp/lines")
B=$(sed -n '3s/.* //p' "$tmp/lines")
printf '%s\n' mana "position mfn $MP" "go depth 5 searchmoves $A $B" "go searchmoves $A depth 4" \
    'go searchmoves zz' 'go depth 2 searchmoves' | "$CLI" engine >"$o" 2>&1
sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$o" >"$tmp/best"
case $(sed -n 1p "$tmp/best") in "$A" | "$B") checks=$((checks + 1)) ;; *) fail "searchmoves $A $B: $(sed -n 1p "$tmp/best")" ;; esac
expect_eq "$(sed -n 2p "$tmp/best")" "$A" "searchmoves $A"
expect_grep "$o" "info string error: go searchmoves: 'zz' is not a legal move here" "an illegal searchmove refused"
expect_grep "$o" "info string error: go searchmoves: expected one move or more" "searchmoves without moves refused"
expect_eq "$(sed -n 3,4p "$tmp/best" | tr '\n' ' ')" "(none) (none) " "no search after a refused go"
# Threads 2 with a node limit: a legal move; the totals count both
# threads' nodes, which the limit holds: 100000 and at most 4 batches of
# 64 beyond it.
printf '%s\n' mana 'setoption name Threads value 2' "position mfn $MP" 'go nodes 100000' 'setoption name Threads value 0' |
    "$CLI" engine >"$o" 2>&1
bm=$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$o")
n=$(sed -n 's/^info depth [0-9]* seldepth [0-9]* nodes \([0-9]*\) .*/\1/p' "$o")
[ -n "$n" ] && [ "$n" -ge 100000 ] && [ "$n" -le 100256 ] && checks=$((checks + 1)) || fail "Threads 2, go nodes 100000: $n nodes"
expect_grep "$o" "info string error: setoption: Threads: bad value '0' (expected 1..256)" "Threads 0 refused"
printf '%s\n' "position mfn $MP moves $bm" show | "$CLI" engine >"$o" 2>&1
expect_no_grep "$o" "error" "Threads 2: bestmove $bm legal"
# mcts on 2 threads (root parallelism): the playouts of both threads
# make the iteration limit, exactly, in the last report and the totals.
printf '%s\n' mana 'setoption name Bot value mcts' 'setoption name Threads value 2' "position mfn $MP" \
    'go iterations 3000' | "$CLI" engine >"$o" 2>&1
bm=$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$o")
expect_eq "$(sed -n 's/^info depth .* iterations \([0-9]*\).*/\1/p' "$o" | tail -2 | tr '\n' ' ')" "3000 3000 " \
    "mcts Threads 2, go iterations 3000: the last report's and the totals' playouts"
printf '%s\n' "position mfn $MP moves $bm" show | "$CLI" engine >"$o" 2>&1
expect_no_grep "$o" "error" "mcts Threads 2: bestmove $bm legal"

# Refusals in the handshake's terms: an unknown name lists every option
# advertised (Rules, Bot and Seed too); a check option takes true or false
# (and on/off, 1/0), in any case.
printf '%s\n' 'setoption name Nope value 1' 'setoption name DamyoOnDouble value maybe' \
    'setoption name ReentryWhenBlocked value 2' 'setoption name DamyoOnDouble value TRUE' \
    'setoption name damyoondouble value off' 'setoption name ReentryWhenBlocked value 1' | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info string error: setoption: unknown option 'Nope' (Rules, Orientation, SetupArea, DamyoOnDouble, Reentry, ReentryWhenBlocked, Blocked, Repetition, PlyLimit, Bot, Seed, Hash, Threads, MultiPV, Eval)" \
    "unknown option: every advertised name listed"
expect_grep "$o" "info string error: setoption: DamyoOnDouble: bad value 'maybe' (expected true or false)" "check option refused"
expect_grep "$o" "info string error: setoption: ReentryWhenBlocked: bad value '2' (expected true or false)" "check option refused"
expect_eq "$(grep -c 'error' "$o")" 3 "TRUE, off and 1 accepted for check options"

# go in a finished game searches nothing: the status and reason lines and
# bestmove (none), no totals line (also for go infinite, after stop),
# and no time budget under clocks.
printf '%s\n' 'position mfn 6/6/6/6/6/d5 w 1 0' 'go depth 3' 'go infinite' stop 'go wtime 1000 btime 1000' | "$CLI" engine >"$o" 2>&1
expect_eq "$(tr '\n' '|' <"$o")" \
    "info string status Black won|info string reason Black won, White's Damyo captured|bestmove (none)|info string status Black won|info string reason Black won, White's Damyo captured|bestmove (none)|info string status Black won|info string reason Black won, White's Damyo captured|bestmove (none)|" \
    "finished game: status, reason, bestmove (none)"

# depth N in setup: the moves before the last placement sample random
# completions searched 2 plies whatever N; the last placement (White's
# sixth piece, the setup of the record of docs/record-format.md less R@f1)
# searches each start position to N plies.  The totals' depth is the
# deepest line (as seldepth), 3 at the start: 2 plies and a threat extension.
SETUP11='O0 R@e5 D@a5 R@f5 R@c6 R@a6 R@f6 D@b1 R@a2 R@e2 R@c2 R@c1'
printf '%s\n' 'position startpos' 'go depth 4' "position startpos moves $SETUP11" 'go depth 4' | "$CLI" engine >"$o" 2>&1
totals() { grep '^info depth' "$o" | sed -n "${1}p"; }
expect_eq "$(totals 1 | sed 's/ nodes .*//')" "info depth 3 seldepth 3" "go depth 4 in setup: 2 plies, seldepth 3"
d=$(totals 2 | sed -n 's/^info depth \([0-9]*\) seldepth \1 .*/\1/p')
checks=$((checks + 1))
[ -n "$d" ] && [ "$d" -ge 4 ] || fail "go depth 4 for the last placement: '$(totals 2)' is not 4 plies deep or more"

# ---- setoption Seed: the bot reseeded and its tables cleared, as a fresh one ---------
# A first search fills the hash table (and, for mcts, draws from the
# generator); after Seed 5 the same search again gives the lines of a
# fresh engine's with Seed 5, node counts included (a table left full
# would cut the node count of ab's second search at a fixed depth).
# quit is sent a second after go: quit during a search stops it.
P2='mfn 1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0'
for bot in ab mcts; do
    lim="depth 4" && [ $bot = ab ] || lim="nodes 2000"
    { printf 'mana\nsetoption name Bot value %s\nposition %s\ngo %s\n' "$bot" "$P2" "$lim"; sleep 1
      printf 'setoption name Seed value 5\nposition %s\ngo %s\n' "$P2" "$lim"; sleep 1; printf 'quit\n'; } | "$CLI" engine 2>&1 | grep -E '^(info depth|bestmove)' | sed '1,/^bestmove/d' | sed 's/ nps [0-9]* time [0-9]*//' >"$tmp/reseeded"
    { printf 'mana\nsetoption name Bot value %s\nsetoption name Seed value 5\nposition %s\ngo %s\n' "$bot" "$P2" "$lim"; sleep 1
      printf 'quit\n'; } | "$CLI" engine 2>&1 | grep -E '^(info depth|bestmove)' | sed 's/ nps [0-9]* time [0-9]*//' >"$tmp/fresh"
    expect_eq "$(cat "$tmp/reseeded")" "$(cat "$tmp/fresh")" "$bot: Seed after a search answers as a fresh bot with that seed"
    [ -s "$tmp/fresh" ] && checks=$((checks + 1)) || fail "$bot: no answer to compare"
done

"$CLI" engine extra </dev/null >"$o" 2>&1
expect_status $? 2 "engine takes no arguments"
finish
