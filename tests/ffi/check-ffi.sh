#!/bin/sh
# SPDX-License-Identifier: MIT
# check-ffi.sh - libmana's C ABI from three scripting languages: the
# examples in examples/ffi/ (LuaJIT's FFI, Ruby's Fiddle, Node.js through
# koffi) each load LIBMANA by its absolute path, play the seeded random
# game of examples/c/play_game, count perft 4 of the README's position and
# show one refused illegal move.  Their whole output must be what the C side
# says: play_game SEED's output, `mana-cli perft 4 MFN`'s count and the
# detail `mana-cli play` gives for the same move.  An example whose
# interpreter is missing is skipped, saying so (a failure with --require).
# koffi is installed with npm into NODE_DIR from examples/ffi/node/package.json
# when it is missing there.
#
#   usage: check-ffi.sh [--require] LIBMANA PLAY_GAME MANA-CLI NODE_DIR
set -u
ME=check-ffi
# shellcheck source=SCRIPTDIR/../pkg/lib.sh
. "$(dirname "$0")/../pkg/lib.sh"
require=0
if [ "${1:-}" = --require ]; then
    require=1
    shift
fi
[ $# -eq 4 ] || { echo "usage: check-ffi.sh [--require] LIBMANA PLAY_GAME MANA-CLI NODE_DIR" >&2; exit 2; }
lib=$1 play_game=$2 cli=$3 node_dir=$4
case $lib in
/*) ;;
*) echo "check-ffi: LIBMANA must be an absolute path, not '$lib'" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/../.." && pwd)
# The README's perft position: Black to move, Mana 3, no Black piece on a
# 3-mark square, so any piece may move; c6 has 1 mark, so c6-c4 is refused.
MFN='2d3/6/2R1r1/1r4/3D2/6 b 3 3'
# 4294967297 = 2^32 + 1 needs more than 32 bits; 2^53 and 2^53 + 1 are the
# first seeds a double cannot tell apart (a script that reads the seed as a
# float plays 2^53's game for both); 2^64 - 1 is the largest uint64_t.
SEEDS='1 7 4294967297 9007199254740992 9007199254740993 18446744073709551615'
# Not seeds: negative, 2^64 (one too many), not decimal.  play_game and every
# example refuse each with exit status 2, nothing on stdout and one line on
# stderr that names the range.
BAD_SEEDS='-1 18446744073709551616 12x 0x10 +5'
BAD_MESSAGE='SEED must be an integer 0..18446744073709551615'
skipped=0

skip() {
    echo "check-ffi: skipped: $*"
    skipped=$((skipped + 1))
    [ $require -eq 0 ] || bad "FAIL: $* (--require)"
}

# ---- what the C side says -------------------------------------------------
perft=$("$cli" perft --rules cosmoludo 4 "$MFN" | tail -n 1)
detail=$(printf 'c6-c4\nquit\n' | "$cli" play --rules cosmoludo --white human --black human --no-color \
    --mfn "$MFN" 2>&1 | sed -n 's/.*illegal move c6-c4: //p')
if [ -z "$perft" ] || [ -z "$detail" ]; then
    die "no perft count or no detail from $cli"
fi
for s in $SEEDS; do
    "$play_game" "$s" >"$tmp/want.$s" || die "$play_game $s failed"
    printf 'perft(4) = %s\nrefused c6-c4: MANA_EILLEGAL (illegal move): %s\n' "$perft" "$detail" >>"$tmp/want.$s"
done

# refused NAME COMMAND...: COMMAND BAD fails as it should for every BAD seed
# (prints "FAIL: ..." and returns 1 if not).
refused() {
    rname=$1
    shift
    rfailed=0
    for s in $BAD_SEEDS; do
        MANA_LIBRARY=$lib "$@" "$s" >"$tmp/got" 2>"$tmp/err"
        rc=$?
        if [ $rc -ne 2 ] || [ -s "$tmp/got" ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
            ! grep -q "$BAD_MESSAGE, not '$s'" "$tmp/err"; then
            bad "FAIL: $rname, seed '$s': exit status $rc (not 2), or not the one line '... $BAD_MESSAGE, not '$s''"
            sed 's/^/    | /' "$tmp/got" "$tmp/err" | head -n 20 >&2
            rfailed=1
        fi
    done
    return $rfailed
}
refused play_game "$play_game" || die "$play_game does not refuse bad seeds"

# run NAME COMMAND...: COMMAND SEED for every seed, output compared with
# the C side's.
run() {
    name=$1
    shift
    failed=0
    for s in $SEEDS; do
        MANA_LIBRARY=$lib "$@" "$s" >"$tmp/got" 2>"$tmp/err"
        rc=$?
        if [ $rc -ne 0 ] || [ -s "$tmp/err" ]; then
            bad "FAIL: $name, seed $s: exit status $rc"
            sed 's/^/    | /' "$tmp/err" >&2
            failed=1
        elif ! cmp -s "$tmp/got" "$tmp/want.$s"; then
            bad "FAIL: $name, seed $s: not the C side's game, perft or detail"
            diff "$tmp/want.$s" "$tmp/got" | head -n 20 | sed 's/^/    | /' >&2
            failed=1
        fi
    done
    refused "$name" "$@" || failed=1
    [ $failed -eq 0 ] && echo "check-ffi: $name: seeds $SEEDS played as play_game plays them, seeds $BAD_SEEDS refused, perft(4) = $perft, c6-c4 refused as in C"
}

# ---- LuaJIT ------------------------------------------------------------------
if command -v luajit >/dev/null 2>&1; then
    run "luajit ($(luajit -v | cut -d' ' -f2))" luajit "$root/examples/ffi/luajit/random_game.lua"
else
    skip "luajit not installed (Debian package luajit)"
fi

# ---- Ruby --------------------------------------------------------------------
if ! command -v ruby >/dev/null 2>&1; then
    skip "ruby not installed (Debian package ruby)"
elif ! ruby -e 'require "fiddle"' >/dev/null 2>&1; then
    skip "ruby has no fiddle (Debian package ruby)"
else
    run "ruby $(ruby -e 'print RUBY_VERSION') (fiddle)" ruby -W2 "$root/examples/ffi/ruby/random_game.rb"
fi

# ---- Node.js through koffi -------------------------------------------------
pkg=$root/examples/ffi/node/package.json
if ! command -v node >/dev/null 2>&1; then
    skip "node not installed (Debian package nodejs)"
else
    if ! cmp -s "$pkg" "$node_dir/package.json" || [ ! -f "$node_dir/node_modules/koffi/package.json" ]; then
        if command -v npm >/dev/null 2>&1; then
            echo "check-ffi: installing koffi into $node_dir with npm"
            mkdir -p "$node_dir" && cp "$pkg" "$node_dir/package.json" &&
                (cd "$node_dir" && npm install --no-audit --no-fund --loglevel=error >"$tmp/npm" 2>&1) ||
                sed 's/^/    | /' "$tmp/npm"
        fi
    fi
    if [ -f "$node_dir/node_modules/koffi/package.json" ]; then
        run "node $(node --version) (koffi)" env NODE_PATH="$node_dir/node_modules" node \
            "$root/examples/ffi/node/random_game.js"
    else
        skip "koffi not installed (npm install --prefix $node_dir koffi)"
    fi
fi

finish "check-ffi: $((3 - skipped)) of 3 examples run, $skipped skipped"
