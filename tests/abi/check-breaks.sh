#!/bin/sh
# SPDX-License-Identifier: MIT
# check-breaks.sh - tools/abi.sh (make abi-check) made to fail.  In a copy
# of the sources, one change at a time, each built and checked:
#   1. the copy as it is passes (against abi/ for libmana, against a
#      baseline dumped from the copy itself for libmana-bots, so that the
#      check holds before and after its first stored release);
#   2. a function added since the last release (RELEASE, the newest
#      abi/libmana-*.abi) without a node of its own, so in the released
#      node MANA_0 by the mana_* pattern: fails, naming it and MANA_0;
#      and 0.2.0's map (MANA_0 only) in place of today's: fails, naming
#      mana_binding and MANA_0 (new in a released node before 0.3.0,
#      moved out of MANA_0.3 after);
#   3. mana_action_transform no longer exported (MANA_API dropped from its
#      declaration and definition): fails, abidiff reporting 1 removed
#      function, that one;
#   4. the same with MANA_VERSION_MAJOR raised to 1 (soname libmana.so.1):
#      passes as a new ABI;
#   5. a field added in the middle of the public struct mana_record_headers,
#      and one in mana_bot_limits with mana_bot_clear no longer exported
#      (MANA_API dropped from its declaration):
#      both fail, abidiff naming the changed struct (mana_record_headers
#      grows; the int fills padding of mana_bot_limits, whose members
#      move) and, for the bots, the removed function.
#
#   usage: tests/abi/check-breaks.sh SOURCE_ROOT ABI_DIR
set -u
ME=check-breaks
# shellcheck source=SCRIPTDIR/../pkg/lib.sh
. "$(dirname "$0")/../pkg/lib.sh"
[ $# = 2 ] || die "usage: $0 SOURCE_ROOT ABI_DIR"
root=$1
t=$tmp/tree
mkdir -p "$t"
(cd "$root" && cp -R Makefile mk include common libmana bots tools tests mana.pc.in mana-bots.pc.in "$t"/) ||
    die "cannot copy the sources of $root"
cp -R "$root/$2" "$t/abi" || die "no $2 in $root"
rm -rf "$t/build"
MAKE=${MAKE:-make}

# build TARGET...: the copy's libmana.so (and libmana-bots.so with "bots").
build() {
    v=$(sh "$t/tools/version.sh")
    lib=build/libmana.so.$v bots=build/libmana-bots.so.$v
    if [ "${1:-}" = bots ]; then set -- "$lib" "$bots"; else set -- "$lib"; fi
    $MAKE -C "$t" -s -j2 "$@" >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log" >&2; die "the build failed"; }
}
# check LIB ABI_DIR: tools/abi.sh's status, its output in $tmp/out.
check() {
    (cd "$t" && sh tools/abi.sh check "$1" "$2" include) >"$tmp/out" 2>&1
}
# expect_fail STEP PATTERN...: the last check failed and said each PATTERN.
expect_fail() {
    step=$1
    shift
    if [ "$st" = 0 ]; then
        bad "$step: abi-check passed"
        sed 's/^/    /' "$tmp/out" >&2
        return
    fi
    for p in "$@"; do
        grep -q -- "$p" "$tmp/out" || { bad "$step: failed without saying '$p':" && sed 's/^/    /' "$tmp/out" >&2; }
    done
}
edit() { # FILE SED-SCRIPT: edits and checks that the file changed
    cp "$t/$1" "$tmp/orig" && sed "$2" "$tmp/orig" >"$t/$1"
    ! cmp -s "$tmp/orig" "$t/$1" || die "the edit $2 left $1 unchanged"
}
restore() { # FILE...: the copy's files back as in the source (newer mtime)
    for f in "$@"; do cp "$root/$f" "$t/$f"; done
}

# 1. As it is.
build bots
v=$(sh "$t/tools/version.sh")
(cd "$t" && sh tools/abi.sh dump "$bots" "$tmp/bots-abi" include "$v") >/dev/null ||
    die "abidw failed on the copy's $bots"
check "$lib" abi && st=0 || st=$?
[ "$st" = 0 ] || { bad "1: the unchanged copy fails abi-check:"; cat "$tmp/out" >&2; }
check "$bots" "$tmp/bots-abi" && st=0 || st=$?
[ "$st" = 0 ] || { bad "1: the unchanged bots fail against their own ABI:"; cat "$tmp/out" >&2; }

# 2. New functions in a released node.
release=$(ls "$t"/abi/libmana-[0-9]*.abi | sort -V | tail -n 1)
release=${release##*/libmana-}
release=${release%.abi}
printf '%s\n' '/* SPDX-License-Identifier: MIT */' '#include "mana.h"' \
    'MANA_API int mana_abi_probe(void);' 'int mana_abi_probe(void) { return 1; }' >"$t/libmana/abi_probe.c"
build
check "$lib" abi && st=0 || st=$?
expect_fail "2 (a function added in MANA_0)" "mana_abi_probe is new since $release but in its version node MANA_0"
rm -f "$t/libmana/abi_probe.c"
cp "$t/tests/abi/libmana-0.2.0.map" "$t/libmana/libmana.map"
build
check "$lib" abi && st=0 || st=$?
expect_fail "2 (0.2.0's map)" "mana_binding .*version node MANA_0"
restore libmana/libmana.map

# 3. An export removed.
edit include/mana_ml.h 's/^MANA_API int mana_action_transform(/int mana_action_transform(/'
edit libmana/action.c 's/^MANA_API int mana_action_transform(/int mana_action_transform(/'
build
check "$lib" abi && st=0 || st=$?
expect_fail "3 (mana_action_transform removed)" "1 Removed" "\[D\] 'function int mana_action_transform(int, int)'"

# 4. The same break with a new major number.
edit include/mana.h 's/^#define MANA_VERSION_MAJOR 0$/#define MANA_VERSION_MAJOR 1/'
build
check "$lib" abi && st=0 || st=$?
if [ "$st" != 0 ] || ! grep -q "soname libmana.so.1, $release had libmana.so.0: a new ABI" "$tmp/out"; then
    bad "4 (major number 1): abi-check did not pass as a new ABI (status $st):"
    sed 's/^/    /' "$tmp/out" >&2
fi
restore include/mana.h include/mana_ml.h libmana/action.c

# 5. Public structs changed; a bots function removed.
edit include/mana.h 's/^    int tag_count; \/\*/    int flags;\n&/'
edit include/mana_bot.h '/^typedef struct mana_bot_limits {$/a\
    int reserved;'
# (The bots' definitions take their visibility from the header.)
edit include/mana_bot.h 's/^MANA_API void mana_bot_clear(/void mana_bot_clear(/'
build bots
check "$lib" abi && st=0 || st=$?
expect_fail "5 (mana_record_headers grown)" "1 Changed" "type size changed" "struct mana_record_headers"
check "$bots" "$tmp/bots-abi" && st=0 || st=$?
expect_fail "5 (mana_bot_limits grown, mana_bot_clear removed)" "1 Removed" \
    "'function void mana_bot_clear(mana_bot\*)'" "struct mana_bot_limits" "1 data member insertion"

finish "check-abi-breaks: abi-check fails on a new function in a released node, a removed export and grown public structs (libmana and libmana-bots), and passes the removal with a new major number"
