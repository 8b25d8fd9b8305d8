#!/bin/sh
# SPDX-License-Identifier: MIT
# engine_session.sh - the timing rules and queries of the engine protocol
# (docs/engine-protocol.md), in scripted sessions: a writer feeds commands
# with pauses and takes snapshots of what the engine has answered so far.
# No assertion depends on the machine being fast: "has not answered after
# 300 ms" holds however slow it is, and waits for an answer poll for up to
# 20 s before failing.
#   usage: engine_session.sh MANA-CLI
set -u
CLI=$1
NAME=engine_session.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out

IN1='6/6/6/2R3/dR4/4D1 w 2 0'      # b2xa2 takes the Damyo
TWO='6/6/6/6/6/dD4 b - 0'          # Black's a1xb1 takes the Damyo at once
OVER='6/6/6/6/6/d5 w 1 0'          # White's Damyo is gone: Black won
BLOCKED='5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0' # White has no move (play.sh)

snap() { cp "$o" "$tmp/$1"; }
# wait_for PATTERN: until $o has a line matching the extended regex (20 s).
wait_for() {
    k=0
    while ! grep -Eq -- "$1" "$o" && [ $k -lt 200 ]; do
        sleep 0.1
        k=$((k + 1))
    done
}
count() { grep -Ec -- "$2" "$1"; }

# ---- go infinite answers only after stop, whatever the position or bot ----
# One block per case: position, go infinite, 300 ms, snapshot, stop, then
# isready (answered after the bestmove, since stop waits for it).
infinite_case() { # name bot position-command
    echo "setoption name Bot value $2"
    echo "$3"
    echo 'go infinite'
    sleep 0.3
    snap "inf-$1"
    echo stop
    echo isready
    wait_for "^readyok"
    : >"$o.mark"
}
{
    infinite_case two ab "position mfn $TWO"
    infinite_case over ab "position mfn $OVER"
    infinite_case start-ab ab 'position startpos'
    infinite_case start-mcts mcts 'position startpos'
    infinite_case capture-mcts mcts "position mfn $IN1"
    infinite_case random random "position mfn $IN1"
    infinite_case random-setup random 'position startpos'
    echo quit
} | "$CLI" engine >"$o" 2>&1
n=0
for c in two over start-ab start-mcts capture-mcts random random-setup; do
    n=$((n + 1))
    expect_eq "$(count "$tmp/inf-$c" '^bestmove')" "$((n - 1))" "go infinite ($c) silent for 300 ms"
done
expect_eq "$(count "$o" '^bestmove')" 7 "each infinite search answered once after stop"
expect_eq "$(grep -E '^(bestmove|readyok)' "$o" | sed 's/ .*//' | uniq -c | awk '{print $1}' | sort -u)" 1 \
    "bestmove, readyok, bestmove, ...: each answer before the isready sent after stop"
expect_eq "$(sed -n 's/^bestmove //p' "$o" | sed -n 1,2p | tr '\n' ' ')" "a1xb1 (none) " \
    "the Damyo capture, then (none) for a finished game"
expect_grep "$o" "info string status Black won" "finished game: status before (none)"
# OVER: White's Damyo is not on the board, so Black won by its capture;
# the reason is the library's sentence (mana_end_text), as show's board.
expect_grep "$o" "info string reason Black won, White's Damyo captured" "finished game: reason"
expect_eq "$(sed -n 's/^bestmove //p' "$o" | sed -n 5p)" "b2xa2" "mcts takes the Damyo when stopped"

# isready is answered at once during a search, which goes on.
{
    echo "position mfn $IN1"
    echo 'go infinite'
    echo isready
    sleep 0.3
    snap ready
    echo stop
    echo quit
} | "$CLI" engine >"$o" 2>&1
expect_eq "$(grep -Ec '^(readyok|bestmove)' "$tmp/ready")" 1 "readyok during the search, no bestmove yet"
expect_grep "$tmp/ready" "readyok" "readyok during the search"

# ---- movetime bounds the search; the first limit reached ends it ---------------
# In setup a placement; in play go depth 2 with a movetime of 100 s answers
# once depth 2 is searched (the wait_for gives up after 20 s), at depth 2.
{
    echo 'position startpos moves O2 D@a6'
    echo 'go movetime 1500'
    wait_for '^bestmove'
    echo 'position mfn rrdrrr/6/6/6/6/RRRDRR b - 0'
    echo 'go depth 2 movetime 100000'
    wait_for '^bestmove [a-f][1-6]-'
    snap firstlimit
    echo quit
} | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "bestmove R@" "go movetime 1500 in setup: a placement"
expect_eq "$(count "$tmp/firstlimit" '^bestmove [a-f][1-6]-')" 1 "go depth 2 movetime 100000: answered at depth 2, not at the movetime"
expect_grep "$tmp/firstlimit" "info depth 2 seldepth 2 nodes" "go depth 2 movetime 100000: the totals at depth 2"

# ---- clocks: the budget, worked out by hand from eng_time_budget ---------------
# btime 100000: margin min(50 + 5000, 1000) = 1000, usable 99000, 30 moves
# to go: soft 3300, hard 3 x 3300 = 9900.  binc 1000 adds 3/4 of it: 4050,
# 12150.  movestogo 1: the whole usable 99000 both.  btime 200: margin 60,
# usable 140, soft 4, hard 12.  btime 40: margin 52 leaves less than a
# quarter, so a quarter (10) is usable: soft 1 (the floor), hard 1.
{
    echo 'position startpos'
    echo 'go wtime 100000 btime 100000 nodes 1'
    echo 'go wtime 100000 btime 100000 winc 1000 binc 1000 nodes 1'
    echo 'go wtime 5 btime 100000 movestogo 1 nodes 1'
    echo 'go wtime 100000 btime 200'
    echo 'go wtime 100000 btime 40'
    echo "position mfn $IN1"
    echo 'go btime 10 wtime 100000 winc 0 binc 0 nodes 1'
    echo quit
} | "$CLI" engine >"$o" 2>&1
expect_eq "$(sed -n 's/^info string time budget //p' "$o" | tr '\n' ',')" \
    "soft 3300 hard 9900,soft 4050 hard 12150,soft 99000 hard 99000,soft 4 hard 12,soft 1 hard 1,soft 3300 hard 9900," \
    "time budgets (the side to move's clock: Black in setup, White in IN1)"
expect_eq "$(count "$o" '^bestmove [^(]')" 6 "a move for every clock search"

# The answer comes well inside the clock: the writer times go -> bestmove.
{
    echo 'setoption name Bot value ab'
    echo 'position startpos moves O2 D@a6 R@b6 R@c6 R@d6 R@e6 R@f6 D@a1 R@b1 R@c1 R@d1 R@e1 R@f1'
    t0=$(date +%s%N)
    echo 'go wtime 10000 btime 10000'
    wait_for '^bestmove'
    t1=$(date +%s%N)
    echo "elapsed $(((t1 - t0) / 1000000))" >"$tmp/elapsed"
    echo quit
} | "$CLI" engine >"$o" 2>&1
ms=$(sed -n 's/^elapsed //p' "$tmp/elapsed")
[ "$ms" -lt 10000 ] && checks=$((checks + 1)) || fail "clock 10000 ms: answered after $ms ms"

# ---- ponder: silent until ponderhit; then the budget runs from ponderhit --------
{
    echo "position mfn $IN1"
    echo 'go ponder wtime 100000 btime 100000'
    sleep 0.3
    snap ponder
    echo ponderhit
    wait_for '^bestmove'
    echo 'go ponder depth 2'
    sleep 0.3
    snap ponder2
    echo stop
    echo quit
} | "$CLI" engine >"$o" 2>&1
expect_eq "$(count "$tmp/ponder" '^bestmove')" 0 "go ponder: no answer before ponderhit"
expect_eq "$(count "$tmp/ponder2" '^bestmove')" 1 "go ponder depth 2: still silent after its search"
expect_eq "$(sed -n 's/^bestmove //p' "$o" | tr '\n' ' ')" "b2xa2 b2xa2 " "ponderhit answers, stop answers"

# ---- go ponder with no limit: the default limits, answered at ponderhit ---------
# (the start position after d6-d5: no forced end, so only the default node
# limit of ab, 100000 nodes, ends the search; before, it ran until stop)
{
    echo 'position mfn rrdrrr/6/6/6/6/RRRDRR b - 0 moves d6-d5'
    echo 'go ponder'
    sleep 0.3
    snap ponder3
    echo ponderhit
    wait_for '^bestmove'
    snap ponder4
    echo quit
} | "$CLI" engine >"$o" 2>&1
expect_eq "$(count "$tmp/ponder3" '^bestmove')" 0 "go ponder alone: silent before ponderhit"
expect_eq "$(count "$tmp/ponder4" '^bestmove')" 1 "go ponder alone: answered after ponderhit, without stop"
nodes=$(grep '^info depth' "$tmp/ponder4" | tail -n 1 | sed -n 's/.* nodes \([0-9]*\) .*/\1/p')
[ "${nodes:-0}" -gt 0 ] && [ "${nodes:-0}" -le 100000 ] && checks=$((checks + 1)) ||
    fail "go ponder alone: the search ran $nodes nodes, not ab's default 100000 at most"

# ---- the totals line, nps, a readable mcts score ---------------------------------
# (a middle game where no capture of a Damyo is forced soon, so that mcts
# runs all its playouts)
printf '%s\n' "position mfn $IN1" 'go depth 3' 'setoption name Bot value mcts' \
    'position mfn r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1' 'go iterations 2000' | "$CLI" engine >"$o" 2>&1
expect_eq "$(grep -Ec '^info depth [0-9]+ seldepth [0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+' "$o")" 2 \
    "a totals line per search"
expect_eq "$(grep '^info ' "$o" | grep -v '^info string' | grep -vc ' nps ')" 0 "every info line has nps"
expect_grep "$o" "iterations 2000 pv" "mcts progress"
grep -Eq '^info depth [0-9]+ seldepth [0-9]+ multipv 1 score cp -?[0-9]+ wr [0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ iterations 2000 pv ' "$o" &&
    checks=$((checks + 1)) || fail "mcts score as 'score cp C wr P'"

# ---- errors always answered; refused position; uci ----------------------------------
printf '%s\n' 'go depth 0' 'go movetime' 'go searchmoves b2xa2' "position mfn $IN1 moves a1-a2" \
    'go depth 1' 'show' 'uci' quit | "$CLI" engine >"$o" 2>&1
expect_eq "$(count "$o" '^bestmove \(none\)$')" 4 "a bestmove (none) for every refused go"
expect_grep "$o" "info string error: go searchmoves: 'b2xa2' is not a legal move here" \
    "a searchmove not legal at the start of setup"
expect_grep "$o" "info string error: position: move 'a1-a2'" "bad move refused"
expect_eq "$(grep -c 'no position (the last position command was refused)' "$o")" 2 \
    "go and show after the refused position"
expect_eq "$(grep -c 'Mana protocol, not UCI' "$o")" 1 "uci: one line naming the handshake"

# ---- queries: status (and why the game ended), legal moves ----------------------------
printf '%s\n' 'status' 'moves' "position mfn $IN1" 'moves' 'setoption name Blocked value draw' \
    "position mfn $BLOCKED" status moves quit | "$CLI" engine >"$o" 2>&1
expect_eq "$(sed -n 's/^info string moves//p' "$o" | sed -n 1p)" " O0 O1 O2 O3" "moves at the start: the orientations"
"$CLI" perft --divide 1 "$IN1" | sed '$d' | cut -d' ' -f1 | sort >"$tmp/perft"
sed -n 's/^info string moves //p' "$o" | sed -n 2p | tr ' ' '\n' | sort >"$tmp/moves"
expect_eq "$(cmp -s "$tmp/perft" "$tmp/moves" && echo same)" same "moves = perft --divide 1 of IN1"
expect_eq "$(wc -l <"$tmp/moves" | tr -d ' ')" 43 "IN1 has 43 legal moves"
expect_eq "$(sed -n 's/^info string status //p' "$o" | tr '\n' ',')" "setup,drawn," "status lines"
# BLOCKED under Blocked draw: White, to move, has no move, so it is drawn.
expect_grep "$o" "info string reason drawn, White to move and blocked" "reason of the blocked draw"
expect_eq "$(sed -n 's/^info string moves//p' "$o" | sed -n 3p)" "" "no legal move in a finished game"

# Why a draw: the fifth move below brings back the position after the first
# (board, White to move, same Mana: the captured Ronin is back in reserve),
# its second occurrence; three plies reach PlyLimit 3.
LONE='d5/6/6/6/6/5D w - 0'
printf '%s\n' 'setoption name Repetition value 2' "position mfn $LONE moves f1-e1 R@b1 e1-f1 b1-e1" \
    status "position mfn $LONE moves f1-e1 R@b1 e1-f1 b1-e1 f1xe1" status \
    'setoption name Repetition value 0' 'setoption name PlyLimit value 3' \
    "position mfn $LONE moves f1-e1 R@b1 e1-f1" status | "$CLI" engine >"$o" 2>&1
expect_eq "$(sed -n 's/^info string \(status\|reason\) //p' "$o" | tr '\n' ',')" \
    "playing,drawn,drawn by repetition,drawn,drawn at the ply limit," "status and reason of repetition and ply limit"

# ---- option order does not matter; Repetition's range ------------------------------------
printf '%s\n' 'setoption name Blocked value draw' 'setoption name Rules value cosmoludo' \
    'setoption name Rules value jactalea' "position mfn $BLOCKED" status \
    'setoption name Repetition value 1' 'setoption name Repetition value 0' \
    'setoption name Repetition value 1000000' 'setoption name Repetition value 1000001' \
    mana quit | "$CLI" engine >"$o" 2>&1
expect_grep "$o" "info string status drawn" "Blocked draw survives a later Rules"
expect_eq "$(grep -c 'info string error' "$o")" 1 "Repetition 0, 1, 1000000 accepted; 1000001 refused"
expect_grep "$o" "info string error: setoption: Repetition: bad value '1000001' (expected 0..1000000)" \
    "the refusal names the advertised range"
expect_grep "$o" "option name Repetition type spin default 0 min 0 max 1000000" "Repetition range advertised"
finish
