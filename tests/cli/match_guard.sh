#!/bin/sh
# SPDX-License-Identifier: MIT
# match_guard.sh - what `mana-cli match` never loses or misreports (issue
# 23): a rerun into a used directory is refused and touches nothing; the
# SPRT at its edges stays finite or is refused, and its JSON is JSON;
# cmd: lines run as /bin/sh -c runs them; the games written after an SPRT
# decision are marked, the same with --jobs 1 and 4; the runner's own
# faults (no file descriptors, a file size limit, /dev/full) stop the
# match and score no game; a lost terminal (SIGHUP) keeps the journal and
# --resume ends as the uninterrupted match.
#   usage: match_guard.sh MANA-CLI
set -u
CLI=$1
NAME=match_guard.sh
. "$(dirname "$0")/lib.sh"
o=$tmp/out
case $CLI in /*) ;; *) CLI=$(pwd)/$CLI ;; esac
sums() { (cd "$1" && find . -type f | sort | xargs md5sum); }
# json_ok FILE: JSON that Python's strict reader takes (no NaN, no Infinity)
json_ok() {
    /usr/bin/python3 -c '
import json, sys
def bad(c): raise ValueError("not JSON: " + c)
json.load(open(sys.argv[1]), parse_constant=bad)' "$1"
}

# ---- 1. a rerun never wipes a match ------------------------------------------
a="--white ab --black random --depth 1 --games 6 --quiet"
"$CLI" match $a --records "$tmp/RR" >"$o" 2>&1
expect_status $? 0 "the first match"
before=$(sums "$tmp/RR")
"$CLI" match $a --records "$tmp/RR" >"$o" 2>&1
expect_status $? 1 "the same match again without --resume"
expect_grep "$o" "match-journal.txt holds 6 games of this same match; not touched: add --resume to continue it, or give a fresh --records directory" \
    "refused, naming --resume and a fresh directory"
expect_eq "$(sums "$tmp/RR")" "$before" "nothing in RR touched"
"$CLI" match --white random --black random --games 2 --quiet --records "$tmp/RR" >"$o" 2>&1
expect_status $? 1 "another match into RR"
expect_grep "$o" "was written by a match with other settings: the players differ" "another match: why"
expect_grep "$o" "give this match a fresh --records directory (or --journal file), or --resume that one" \
    "another match: what to do"
expect_eq "$(sums "$tmp/RR")" "$before" "nothing in RR touched by another match"
"$CLI" match $a --records "$tmp/RR" --resume >"$o" 2>&1
expect_status $? 0 "the first match resumed: still there"
expect_eq "$(grep -c '^game ' "$tmp/RR/match-journal.txt")" 6 "its 6 games kept"
# a journal copied through a Windows tool (CRLF line ends) resumes: its
# settings line and its first 3 games are read, the other 3 played
"$CLI" match $a --journal "$tmp/crlf" >"$o" 2>&1
head -n 4 "$tmp/crlf" | sed 's/$/\r/' >"$tmp/crlf2"
"$CLI" match $a --journal "$tmp/crlf2" --resume >"$o" 2>&1
expect_status $? 0 "a CRLF journal resumed"
expect_eq "$(grep -c '^game ' "$tmp/crlf2")" 6 "its 3 games kept, the other 3 played"
expect_grep "$o" "W-D-L 6-0-0" "the 6 games scored"
# a game journaled twice: the same line again (a game replayed after a cut
# line) is read once; another result for it is refused, naming the line
head -n 4 "$tmp/crlf" >"$tmp/dup" && sed -n 4p "$tmp/crlf" >>"$tmp/dup"
"$CLI" match $a --journal "$tmp/dup" --resume >"$o" 2>&1
expect_status $? 0 "a game's line repeated"
expect_grep "$o" "W-D-L 6-0-0" "the repeated game counted once"
head -n 4 "$tmp/crlf" >"$tmp/dup2" && sed -n 4p "$tmp/crlf" | sed 's/ status [23] / status 4 /' >>"$tmp/dup2"
dup_sum=$(cksum <"$tmp/dup2")
"$CLI" match $a --journal "$tmp/dup2" --resume >"$o" 2>&1
expect_status $? 1 "a game journaled with two results"
expect_grep "$o" "--resume: $tmp/dup2 line 5: game 3 is journaled twice with different results; not touched" "why"
expect_eq "$(cksum <"$tmp/dup2")" "$dup_sum" "the journal untouched"
# --pairs with an odd number of games: the last pair is the last game
# alone (the Dask driver's last block); a pair beyond it is refused
"$CLI" match $a --games 5 --pairs 3-3 --journal "$tmp/odd" >"$o" 2>&1
expect_status $? 0 "--games 5 --pairs 3-3"
expect_eq "$(grep -c '^game ' "$tmp/odd")" 1 "one game played"
expect_eq "$(grep -c '^game 5 ' "$tmp/odd")" 1 "game 5"
"$CLI" match $a --games 5 --pairs 3-4 --journal "$tmp/odd2" >"$o" 2>&1
expect_status $? 2 "--games 5 --pairs 3-4"
expect_grep "$o" "--pairs goes beyond the match's last pair" "pair 4 of 5 games refused"
# a directory of records without a journal, and a journal file given alone
mkdir "$tmp/other" && echo x >"$tmp/other/game-001.mana"
"$CLI" match $a --records "$tmp/other" >"$o" 2>&1
expect_status $? 1 "a records directory that holds files"
expect_grep "$o" "--records $tmp/other is not empty (1 entries); not touched: --resume continues the match written there, or give a fresh directory" \
    "a used directory refused"
expect_eq "$(cat "$tmp/other/game-001.mana")" x "its file untouched"
echo "my notes" >"$tmp/notes"
"$CLI" match $a --journal "$tmp/notes" >"$o" 2>&1
expect_status $? 1 "--journal naming a file that is no journal"
expect_grep "$o" "$tmp/notes exists and is not a match journal; not touched" "why"
expect_eq "$(cat "$tmp/notes")" "my notes" "the file untouched"
"$CLI" match $a --json "$tmp/notes" >"$o" 2>&1
expect_status $? 1 "--json naming a file that exists"
expect_grep "$o" "--json $tmp/notes exists; not replaced" "the JSON is not replaced"
# the journal, the JSON and the records are distinct files: a --json or a
# --journal that names another of them (by any spelling) is refused before
# the first game, and the journal's games stay
"$CLI" match $a --resume --journal "$tmp/RR/match-journal.txt" --json "$tmp/RR/../RR/match-journal.txt" >"$o" 2>&1
expect_status $? 1 "--json naming the journal"
expect_grep "$o" "--json $tmp/RR/../RR/match-journal.txt is the journal; not touched" "why"
expect_eq "$(sums "$tmp/RR")" "$before" "nothing in RR touched by a --json naming its journal"
"$CLI" match $a --from-journal "$tmp/RR/match-journal.txt" --json "$tmp/RR/match-journal.txt" >"$o" 2>&1
expect_status $? 1 "--json naming the --from-journal file"
expect_eq "$(sums "$tmp/RR")" "$before" "nothing in RR touched by a --json naming the --from-journal file"
(cd "$tmp" && "$CLI" match $a --journal fresh.journal --json "$tmp/fresh.journal") >"$o" 2>&1
expect_status $? 1 "--json naming the --journal in another spelling"
[ ! -e "$tmp/fresh.journal" ] && checks=$((checks + 1)) || fail "the refused run wrote $tmp/fresh.journal"
"$CLI" match $a --records "$tmp/RJ" --journal "$tmp/RJ/game-001.mana" >"$o" 2>&1
expect_status $? 1 "--journal naming a record of --records"
expect_grep "$o" "--journal $tmp/RJ/game-001.mana is a name of the game records of --records $tmp/RJ; not touched" "why"
expect_eq "$(ls -A "$tmp/RJ" | wc -l | tr -d ' ')" 0 "no game played into RJ"
# two runs at once: the second --resume of a running match is refused
"$CLI" match --white ab --black random --depth 3 --games 400 --quiet --journal "$tmp/busy" >/dev/null 2>&1 &
pid=$!
k=0
while [ ! -s "$tmp/busy" ] && [ $k -lt 200 ]; do sleep 0.05; k=$((k + 1)); done
"$CLI" match --white ab --black random --depth 3 --games 400 --quiet --journal "$tmp/busy" --resume >"$o" 2>&1
expect_status $? 1 "a --resume while the match runs"
expect_grep "$o" "--resume: $tmp/busy is in use by another run of the match; not touched" "why"
kill -HUP $pid
wait $pid 2>/dev/null
expect_status $? 129 "the runner dies of SIGHUP (a lost terminal)"
n=$(grep -c '^game ' "$tmp/busy")
"$CLI" match --white ab --black random --depth 3 --games 400 --quiet --journal "$tmp/busy" --resume --pairs 1-3 \
    >"$o" 2>&1
expect_status $? 0 "after SIGHUP the journal resumes"
[ "$(grep -c '^game ' "$tmp/busy")" -ge "$n" ] && checks=$((checks + 1)) || fail "games lost by SIGHUP"

# ---- 2. the SPRT at its edges ----------------------------------------------------
for s in "elo0=-1500 elo1=-500 model=normalized" "elo0=500 elo1=1500" "elo0=100 elo1=300 model=normalized" \
    "elo0=0 elo1=20000"; do
    rm -f "$tmp/s.json"
    "$CLI" match --white random --black ab --depth 1 --games 400 --sprt "$s" --quiet --json "$tmp/s.json" >"$o" 2>&1
    expect_status $? 0 "SPRT $s"
    expect_no_grep "$o" "nan" "SPRT $s: no NaN"
    expect_grep "$o" "accepted after" "SPRT $s: decided"
    json_ok "$tmp/s.json" && checks=$((checks + 1)) || fail "SPRT $s: the JSON is not JSON"
done
rm -f "$tmp/s.json"
"$CLI" match --white random --black random --games 20 --sprt "elo0=100 elo1=300 model=normalized" --quiet \
    --json "$tmp/s.json" >"$o" 2>&1
expect_no_grep "$o" "nan" "random against random, normalized: no NaN"
json_ok "$tmp/s.json" && checks=$((checks + 1)) || fail "random against random: the JSON is not JSON"
"$CLI" match --white random --black ab --sprt "elo0=0 elo1=200000" >"$o" 2>&1
expect_status $? 2 "a bound with no valid distribution"
expect_grep "$o" "elo1=200000: an expected score of 1 to double precision (no distribution of results has it)" "why"

# ---- 4. cmd: as /bin/sh -c runs it ------------------------------------------------
mkdir "$tmp/eng"
for c in "cd $tmp/eng && $CLI engine" "VAR=1 $CLI engine" "umask 022; $CLI engine" "true; $CLI engine"; do
    "$CLI" match --white ab --black "cmd:$c" --name eng --games 2 --depth 1 --quiet >"$o" 2>&1
    expect_status $? 0 "cmd:$c"
    expect_no_grep "$o" "games lost by a fault" "cmd:$c plays"
    expect_grep "$o" "W-D-L" "cmd:$c: a result"
done
# a command of two processes is killed and reaped whole: no zombie
faulty="sh $(cd "$(dirname "$0")" && pwd)/engines/faulty.sh"
"$CLI" match --white ab --black "cmd:cd $tmp/eng && $faulty illegal $tmp/eng" --games 2 --depth 1 --quiet >"$o" 2>&1
expect_eq "$(grep -c "illegal move 'D@c3'" "$o")" 2 "the engine behind cd played (and lost)"
sleep 0.2
n=0
for p in $(cat "$tmp/eng/pids"); do kill -0 "$p" 2>/dev/null && n=$((n + 1)); done
expect_eq "$n" 0 "no engine process left, not even a zombie"

# ---- 5. what was counted: the same with --jobs 1 and 4 ----------------------------
s="--white ab --black random --depth 1 --games 100 --sprt elo0=0,elo1=300 --quiet"
"$CLI" match $s --jobs 1 --records "$tmp/j1" --json "$tmp/j1.json" >"$tmp/o1" 2>&1
"$CLI" match $s --jobs 4 --records "$tmp/j4" --json "$tmp/j4.json" >"$tmp/o4" 2>&1
expect_eq "$(tail -n 2 "$tmp/o4")" "$(tail -n 2 "$tmp/o1")" "the SPRT and W-D-L of --jobs 4 = --jobs 1"
expect_eq "$(ls "$tmp/j4" | grep -c '^game-')" 12 "--jobs 4: the 12 counted records in the directory"
expect_eq "$(ls "$tmp/j1" | grep -c '^game-')" 12 "--jobs 1: the same 12"
for f in "$tmp"/j1/game-*.mana; do
    checks=$((checks + 1))
    cmp -s "$f" "$tmp/j4/$(basename "$f")" || fail "$(basename "$f") differs between --jobs 1 and 4"
done
[ ! -d "$tmp/j4/pending" ] && checks=$((checks + 1)) || fail "pending/ left behind"
/usr/bin/python3 -c '
import json, os, sys
for d in sys.argv[1:]:
    j = json.load(open(d + ".json"))
    counted = [g["game"] for g in j["games"] if g["counted"]]
    late = [g["game"] for g in j["games"] if not g["counted"]]
    assert counted == list(range(1, 13)), counted
    assert j["games_counted"] == 12 and j["games_played"] == 12 + len(late), j
    assert sorted(os.listdir(d + "/uncounted")) == ["game-%03d.mana" % g for g in late] if late else True
    assert j["sprt"]["games"] == 12 and j["pairings"][0]["wins"] == 12
' "$tmp/j1" "$tmp/j4" && checks=$((checks + 1)) || fail "the JSON marks what counted"
expect_grep "$tmp/j4/match-journal.txt" "decision H1 pairs 6 games 12 (later games are not counted)" "the journal marks it"

# ---- the runner's own faults stop the match and score no game --------------------
# no file descriptors for a second engine's pipes
(ulimit -n 9 && exec "$CLI" match --white "cmd:$CLI engine" --black "cmd:$CLI engine" --games 2 --depth 1 \
    --journal "$tmp/fd.journal" --quiet) >"$o" 2>&1
expect_status $? 1 "no pipe: the match stops"
expect_grep "$o" "runner fault: cannot start" "said as the runner's fault"
expect_eq "$(grep -c '^game ' "$tmp/fd.journal")" 0 "no game scored"
# a full disk: a file size limit of 1 KB under the records
(ulimit -f 2 && exec "$CLI" match --white ab --black random --depth 1 --games 40 --records "$tmp/full" --quiet) \
    >"$o" 2>&1
expect_status $? 1 "a full disk: the match stops"
expect_grep "$o" "runner fault: cannot write" "said as the runner's fault"
expect_grep "$o" "is not scored; the match stops (the same command with --resume continues it" "the game not scored"
expect_no_grep "$o" "W-D-L" "no result from a match that could not write"
n=$(grep -c '^game ' "$tmp/full/match-journal.txt")
expect_eq "$(ls "$tmp/full" | grep -c '^game-')" "$n" "every journaled game has its record"
"$CLI" match --white ab --black random --depth 1 --games 40 --records "$tmp/full" --resume --quiet >"$o" 2>&1
expect_status $? 0 "space again: --resume completes it"
expect_eq "$(ls "$tmp/full" | grep -c '^game-')" 40 "all 40 records"
# A journal whose last line a file size limit cut short (in a game's
# line, before its newline): --resume removes the fragment and plays
# the game again, so the journal is the whole match's and a second
# --resume, or --from-journal, reads it as finished (the fragment, ended
# by a newline, once read as a game with a cut reason and refused).
CUT="match --white ab --black mcts --depth 2 --iterations 300 --games 20 --ply-limit 40 -q"
(ulimit -f 1 && exec "$CLI" $CUT --journal "$tmp/cut.txt") >"$o" 2>&1
expect_eq "$(tail -c 1 "$tmp/cut.txt" | od -An -tx1 | grep -c '0a')" 0 "the journal's last line cut short (no newline at its end)"
expect_eq "$(tail -n 1 "$tmp/cut.txt" | cut -c1-5)" "game " "the cut line is a game's"
"$CLI" $CUT --journal "$tmp/cut.txt" --resume >"$o" 2>&1
expect_status $? 0 "--resume after a cut line completes the match"
"$CLI" $CUT --journal "$tmp/cut.txt" --resume >"$o" 2>&1
expect_status $? 0 "a second --resume plays nothing and reports"
"$CLI" $CUT --from-journal "$tmp/cut.txt" >"$o" 2>&1
expect_status $? 0 "--from-journal reads the resumed journal"
"$CLI" $CUT --journal "$tmp/whole.txt" >"$tmp/whole.out" 2>&1
expect_eq "$(grep '^game ' "$tmp/cut.txt" | sort | md5sum)" "$(grep '^game ' "$tmp/whole.txt" | sort | md5sum)" \
    "the resumed journal's games are the uninterrupted match's"
"$CLI" match --white ab --black random --depth 1 --games 2 --quiet --json /dev/full >"$o" 2>&1
expect_status $? 1 "--json /dev/full"
expect_grep "$o" "runner fault: --json /dev/full: No space left on device (not written)" "said"
finish
