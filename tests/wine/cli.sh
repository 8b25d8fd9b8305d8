#!/bin/sh
# SPDX-License-Identifier: MIT
# cli.sh - mana-cli.exe under Wine against the Linux build's mana-cli: every
# subcommand (show, perft, play, replay, selfplay, engine, match with
# built-in engines and with an external one, which is mana-cli.exe engine
# itself, started by CreateProcess and spoken to through pipes), run in
# two fresh directories, one natively and one under Wine.  The exit status,
# stdout, stderr and the files written are compared byte for byte: the
# Windows build writes LF line ends, as on Linux (cli/platform.h), so no
# \r is stripped.  Only what measures time is masked: the seconds of a
# match's summary line and of its JSON.  Input lines end in CRLF where
# marked.  Then the journal (docs/match.md): a second run on it without
# --resume is refused, a run holding its lock keeps a --resume out, and a
# match killed half-way and resumed ends as the uninterrupted one.
#   usage: cli.sh LINUX-MANA-CLI WINDOWS-MANA-CLI.EXE [WINE]
# Run by make check-wine (mk/windows.mk).
set -u
LCLI=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
WEXE=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
WINE=${3:-wine}
export WINEDEBUG=-all
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/in"
cp "$WEXE" "$tmp/in/mana-cli.exe"
pass=0
fail=0
cmps=0 # of them, byte-for-byte comparisons of Linux's and Wine's output
IN3='6/6/3R2/2r3/1R4/d3D1 w 2 0'

ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "cli.sh: FAIL: $1"
}

# What measures time (a match's seconds and ETA, a search's nps and
# time), and an external engine's command (the Linux and the Windows
# mana-cli by their paths; in a journal, the hash of the players'
# settings, when ext is 1): the bytes that differ by machine.
ext=0
mask() {
    sed -e 's/ games in [0-9.]* s,/ games in T s,/' -e 's/"seconds": [0-9.]*/"seconds": T/' \
        -e 's/ETA [0-9]* s/ETA T s/' -e 's/ nps [0-9]*//' -e 's/ time [0-9]*//' -e 's/ [0-9]* ms\]/ T ms]/' \
        -e 's/(cmd: [^)]*)/(cmd: ENGINE)/' -e "$([ $ext = 1 ] && echo 's/players=\([0-9]*\):[0-9a-f]*/players=\1:H/')" "$1"
}

# run NAME STDIN-FILE ARGS...: the Linux and the Windows mana-cli in
# $tmp/lin/NAME and $tmp/win/NAME (each its own copy of $tmp/in); status,
# stdout, stderr and every file compared.
run() {
    both "$@"
    compare "$1"
}

# both NAME STDIN-FILE ARGS...: the two runs of run, not compared.
both() {
    name=$1 input=$2
    shift 2
    for side in lin win; do
        d=$tmp/$side/$name
        rm -rf "$d" && mkdir -p "$d" && cp -R "$tmp/in/." "$d"
    done
    (cd "$tmp/lin/$name" && rm -f mana-cli.exe && "$LCLI" "$@" <"$input" >../$name.out 2>../$name.err; echo $? >../$name.rc)
    (cd "$tmp/win/$name" && "$WINE" ./mana-cli.exe "$@" <"$input" >../$name.out 2>../$name.err; echo $? >../$name.rc)
    rm -f "$tmp/win/$name/mana-cli.exe"
}

# same A B: equal but for the masked seconds.
same() {
    cmps=$((cmps + 1))
    [ -f "$1" ] && [ -f "$2" ] && mask "$1" >"$tmp/a" && mask "$2" >"$tmp/b" && cmp -s "$tmp/a" "$tmp/b"
}

compare() {
    for f in rc out err; do
        if same "$tmp/lin/$1.$f" "$tmp/win/$1.$f"; then
            ok
        else
            bad "$1: $f differs"
            diff "$tmp/a" "$tmp/b" | head -n 10
        fi
    done
    for f in $(cd "$tmp/lin/$1" && find . -type f | sort); do
        same "$tmp/lin/$1/$f" "$tmp/win/$1/$f" && ok || bad "$1: file $f differs or is missing under Wine"
    done
    n_lin=$(cd "$tmp/lin/$1" && find . -type f | wc -l)
    n_win=$(cd "$tmp/win/$1" && find . -type f | wc -l)
    [ "$n_lin" = "$n_win" ] && ok || bad "$1: $n_lin files on Linux, $n_win under Wine"
}

none=/dev/null
crlf() { printf '%s\r\n' "$@"; }
lf() { printf '%s\n' "$@"; }

# ---- show, perft, selfplay ----
run show $none show "1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2"
run show-bad $none show "1r1r2/R1dR2/1r4 b 3"
run perft $none perft 5
run perft-mfn $none perft --divide 3 "$IN3"
run selfplay $none selfplay --seed 5
run selfplay-cosmo $none selfplay --seed 18446744073709551615 -r cosmoludo -q
run usage $none frobnicate

# ---- play: bots, humans typing CRLF lines, a record saved ----
run play-bots $none play --white ab --black mcts --depth 2 --iterations 300 --seed 3 --no-color --save game.txt
crlf 'd4-d6' 'c3-c2' 'moves' 'mfn' 'undo' 'mfn' 'hello' 'quit' >"$tmp/play.in"
run play-crlf "$tmp/play.in" play --white human --black human --no-color --mfn "$IN3" --seed 1 --save g.txt
lf 'd4-d6' 'c3-c2' 'moves' 'mfn' 'undo' 'mfn' 'hello' 'quit' >"$tmp/play-lf.in"
run play-lf "$tmp/play-lf.in" play --white human --black human --no-color --mfn "$IN3" --seed 1 --save g.txt
same "$tmp/win/play-crlf.out" "$tmp/win/play-lf.out" && ok || bad "play: CRLF and LF input answered differently under Wine"

# ---- replay: the record play wrote, as a file and CRLF on stdin ----
cp "$tmp/lin/play-bots/game.txt" "$tmp/in/game.txt"
run replay $none replay --no-color game.txt
run replay-svg $none replay -q --svg pos.svg game.txt
sed 's/$/\r/' "$tmp/in/game.txt" >"$tmp/game-crlf.txt"
run replay-crlf "$tmp/game-crlf.txt" replay -q -
run replay-missing $none replay no-such-file.txt

# ---- engine: the protocol on stdin, CRLF lines too ----
crlf mana isready "position mfn $IN3" 'go depth 4' 'go nodes 20000' 'position startpos' 'go depth 2' \
    'setoption name Bot value mcts' 'setoption name Seed value 7' 'position startpos moves O2 D@a6' \
    'go iterations 300' 'position mfn bad' 'fly' quit >"$tmp/engine.in"
run engine-crlf "$tmp/engine.in" engine
lf mana isready "position mfn $IN3" 'go depth 4' 'go nodes 20000' 'position startpos' 'go depth 2' \
    'setoption name Bot value mcts' 'setoption name Seed value 7' 'position startpos moves O2 D@a6' \
    'go iterations 300' 'position mfn bad' 'fly' quit >"$tmp/engine-lf.in"
run engine-lf "$tmp/engine-lf.in" engine
same "$tmp/win/engine-crlf.out" "$tmp/win/engine-lf.out" && ok || bad "engine: CRLF and LF input answered differently under Wine"

# ---- match: built-in engines, then mana-cli engine as an external one ----
run match-builtin $none match --white ab --black mcts --depth 2 --iterations 200 --games 4 \
    --records recs --json m.json
run match-robin $none match --player ab --player random --player mcts --iterations 100 --depth 1 --games 2 \
    --setup random -q --json r.json
# The external engine is this platform's own mana-cli: its command differs
# by side, its --name does not.
run_ext() {
    name=$1
    shift
    for side in lin win; do
        d=$tmp/$side/$name
        rm -rf "$d" && mkdir -p "$d" && cp -R "$tmp/in/." "$d"
    done
    (cd "$tmp/lin/$name" && rm -f mana-cli.exe && "$LCLI" match --white ab --depth 2 \
        --black "cmd:$LCLI engine" --name eng "$@" </dev/null >../$name.out 2>../$name.err; echo $? >../$name.rc)
    (cd "$tmp/win/$name" && "$WINE" ./mana-cli.exe match --white ab --depth 2 \
        --black "cmd:mana-cli.exe engine" --name eng "$@" </dev/null >../$name.out 2>../$name.err; echo $? >../$name.rc)
    rm -f "$tmp/win/$name/mana-cli.exe"
    ext=1
    compare "$name"
    ext=0
}
run_ext match-external --games 4 --records recs --json e.json
run_ext match-external-opts --games 2 --opt Bot=mcts --iterations 200 --setup random -q
# Two engines at once (the runner's jobs), each its own process and pipes:
# the results, not the order of the progress lines.
run_ext match-external-jobs --games 4 --jobs 2 -q
# On the clock the moves depend on time: the games are not compared, only
# that they were played, with no fault.
(cd "$tmp/in" && "$WINE" ./mana-cli.exe match --white ab --black "cmd:mana-cli.exe engine" \
    --games 2 --tc 40/6+0.1 -q >../tc.out 2>&1; echo $? >../tc.rc)
[ "$(cat "$tmp/tc.rc")" = 0 ] && grep -q '^ab vs mana-cli.exe: 2 games in' "$tmp/tc.out" &&
    ! grep -q 'fault' "$tmp/tc.out" && ok || bad "match on the clock with an external engine under Wine: $(cat "$tmp/tc.out")"
# A command that cannot start: on POSIX the shell says so and exits 127;
# Windows has no shell: CreateProcess fails, a fault of the runner.
both match-missing-engine $none match --white ab --black "cmd:no-such-engine-here" --games 1 --depth 1 -q
grep -q "^mana-cli match: player no-such-engine-here: runner fault: cannot start 'no-such-engine-here' (CreateProcess: No such file or directory); the match stops$" \
    "$tmp/win/match-missing-engine.err" && ok || bad "match: a missing engine under Wine: $(cat "$tmp/win/match-missing-engine.err")"
grep -q "never started: start-up failed: engine crashed (exit status 127)$" "$tmp/lin/match-missing-engine.err" &&
    ok || bad "match: a missing engine on Linux: $(cat "$tmp/lin/match-missing-engine.err")"

# ---- Ctrl-C (SIGINT; under Wine a Ctrl-C event, SetConsoleCtrlHandler) ----
# play: waiting at the prompt on a pipe that stays open, it stops at once,
# saves the record and exits 130 (128 + SIGINT) on both.
interrupt_play() { # SIDE CLI...
    d=$tmp/$1/int-play
    shift
    rm -rf "$d" && mkdir -p "$d" && cp "$tmp/in/mana-cli.exe" "$d/" && cd "$d" || exit 1
    mkfifo in
    sleep 60 >in &
    holder=$!
    t0=$(date +%s)
    "$@" play --white human --black human --no-color --seed 1 --save g.txt <in >../int-play.out 2>../int-play.err &
    pid=$!
    k=0
    while [ $k -lt 600 ] && ! grep -q 'orientation' ../int-play.out 2>/dev/null; do
        sleep 0.1
        k=$((k + 1))
    done
    kill -INT $pid
    wait $pid
    echo $? >../int-play.rc
    echo $(($(date +%s) - t0)) >../int-play.secs
    kill $holder 2>/dev/null
    rm -f in mana-cli.exe
    cd "$tmp" || exit 1
}
interrupt_play lin "$LCLI"
interrupt_play win "$WINE" ./mana-cli.exe
compare int-play
[ "$(cat "$tmp/win/int-play.secs")" -lt 40 ] && ok || bad "play under Wine did not stop at Ctrl-C ($(cat "$tmp/win/int-play.secs") s)"
[ "$(cat "$tmp/win/int-play.rc")" = 130 ] && ok || bad "play under Wine: exit status $(cat "$tmp/win/int-play.rc") after Ctrl-C, not 130"

# ---- the journal (docs/match.md) ----
# A finished match's journal: a second run without --resume is refused.
cp -R "$tmp/lin/match-builtin/recs" "$tmp/in/recs"
run journal-refuse $none match --white ab --black mcts --depth 2 --iterations 200 --games 4 \
    --records recs --json m.json
rm -rf "$tmp/in/recs"

# A run that holds the journal's lock keeps a --resume out; killed
# (SIGKILL: nothing of it runs after), it is resumed to the end, which is
# the uninterrupted match's.
JM="match --white ab --black ab --depth 3 --games 60 --records recs --json j.json -q"
lock_and_resume() { # SIDE CLI...
    d=$tmp/$1/journal
    shift
    rm -rf "$d" && mkdir -p "$d" && cp "$tmp/in/mana-cli.exe" "$d/" && cd "$d" || exit 1
    "$@" $JM >first.out 2>first.err </dev/null &
    pid=$!
    k=0
    while [ $k -lt 600 ] && ! grep -q '^game ' recs/match-journal.txt 2>/dev/null; do
        sleep 0.1
        k=$((k + 1))
    done
    "$@" $JM --resume >second.out 2>&1 </dev/null
    echo $? >second.rc
    kill -KILL $pid 2>/dev/null
    wait $pid 2>/dev/null
    grep -c '^game ' recs/match-journal.txt >killed.games
    "$@" $JM --resume >resumed.out 2>resumed.err </dev/null
    echo $? >resumed.rc
    cd "$tmp" || exit 1
}
lock_and_resume lin "$LCLI"
lock_and_resume win "$WINE" ./mana-cli.exe
mkdir -p "$tmp/whole" && (cd "$tmp/whole" && "$LCLI" $JM >out 2>&1)
for side in lin win; do
    d=$tmp/$side/journal
    grep -q 'is in use by another run of the match; not touched' "$d/second.out" && [ "$(cat "$d/second.rc")" = 1 ] &&
        ok || bad "journal ($side): a --resume beside a running match was not refused: $(cat "$d/second.out")"
    [ "$(cat "$d/resumed.rc")" = 0 ] && ok || bad "journal ($side): the resumed match failed: $(cat "$d/resumed.err")"
    echo "cli.sh: journal ($side): killed after $(cat "$d/killed.games") of 60 games, then resumed"
    for f in recs/match-journal.txt j.json; do
        grep -v -e '"seconds"' -e '^settings' "$tmp/whole/$f" | sort >"$tmp/a"
        grep -v -e '"seconds"' -e '^settings' "$d/$f" | sort >"$tmp/b"
        cmp -s "$tmp/a" "$tmp/b" && ok || bad "journal ($side): $f after the resume is not the uninterrupted match's"
    done
done

# A match with an external engine stopped by Ctrl-C: the engines are
# killed, the runner says how to go on and ends as by the signal (on
# POSIX SIGINT, 130 to the shell; on Windows STATUS_CONTROL_C_EXIT,
# 0xC000013A, which Wine reports as 58); --resume finishes it, game for
# game the uninterrupted match.
IM="--white ab --depth 3 --name eng --games 20 --records recs -q"
interrupt_match() { # SIDE ENGINE CLI...
    d=$tmp/$1/int-match
    eng=$2
    shift 2
    rm -rf "$d" && mkdir -p "$d" && cp "$tmp/in/mana-cli.exe" "$d/" && cd "$d" || exit 1
    "$@" match $IM --black "cmd:$eng engine" >first.out 2>first.err </dev/null &
    pid=$!
    k=0
    while [ $k -lt 600 ] && ! grep -q '^game ' recs/match-journal.txt 2>/dev/null; do
        sleep 0.1
        k=$((k + 1))
    done
    kill -INT $pid
    wait $pid
    echo $? >first.rc
    grep -c '^game ' recs/match-journal.txt >killed.games
    "$@" match $IM --black "cmd:$eng engine" --resume >resumed.out 2>resumed.err </dev/null
    echo $? >resumed.rc
    cd "$tmp" || exit 1
}
interrupt_match lin "$LCLI" "$LCLI"
interrupt_match win mana-cli.exe "$WINE" ./mana-cli.exe
mkdir -p "$tmp/whole-ext" && (cd "$tmp/whole-ext" && "$LCLI" match $IM --black "cmd:$LCLI engine" >out 2>&1)
for side in lin:130 win:58; do
    d=$tmp/${side%:*}/int-match
    echo "cli.sh: Ctrl-C (${side%:*}): after $(cat "$d/killed.games") of 20 games, exit status $(cat "$d/first.rc")"
    [ "$(cat "$d/first.rc")" = "${side#*:}" ] && ok || bad "match Ctrl-C (${side%:*}): exit status $(cat "$d/first.rc")"
    grep -q 'mana-cli match: interrupted; the same command with --resume continues the match from recs/match-journal.txt$' \
        "$d/first.err" && ok || bad "match Ctrl-C (${side%:*}): no word of --resume: $(cat "$d/first.err")"
    [ "$(cat "$d/resumed.rc")" = 0 ] && ok || bad "match Ctrl-C (${side%:*}): the resume failed: $(cat "$d/resumed.err")"
    grep '^game ' "$tmp/whole-ext/recs/match-journal.txt" | sort >"$tmp/a"
    grep '^game ' "$d/recs/match-journal.txt" | sort >"$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" && ok || bad "match Ctrl-C (${side%:*}): the resumed games are not the uninterrupted match's"
done

echo "cli.sh: $pass checks ($cmps comparisons of outputs and files), $fail failed"
[ "$fail" = 0 ]
