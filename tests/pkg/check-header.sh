#!/bin/sh
# SPDX-License-Identifier: MIT
# check-header.sh - a public header (include/mana.h, include/mana_ml.h) compiles on its own, with nothing before
# it, as C99, C11 and C++ (gcc, clang, g++, clang++ where installed) with
# -Wall -Wextra -Wpedantic -Werror; is guarded against double inclusion;
# and its macros expand to valid code (libbsd's test/headers-system.sh).
# C++ means C++11 and later: the enum built from MANA_ERROR_LIST ends in a
# comma, which C99 and C++11 allow and C++98 -Wpedantic refuses.
#
#   usage: tests/pkg/check-header.sh [HEADER]      default: include/mana.h
#   Give the installed header to test an installed copy.
set -eu
ME=check-header
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"

hdr=${1:-include/mana.h}
[ -f "$hdr" ] || die "$hdr: no such file"
case $hdr in
/*) ;;
*) hdr=$(pwd)/$hdr ;;
esac

# 1. The header alone.
printf '#include "%s"\n' "$hdr" >"$tmp/alone.c"

# 2. Twice, then every macro and type used once, so a broken macro shows.
cat >"$tmp/use.c" <<EOC
#include "$hdr"
#include "$hdr"
int mana_header_use(void);
int mana_header_use(void)
{
    mana_move m = MANA_MOVE_MAKE(MANA_MOVE_STEP, 7, 20);
    mana_game *g = (mana_game *)0;
    enum mana_error e = MANA_ESTATE;
    char mfn[MANA_MFN_MAX + 1];
    char mv[MANA_MOVE_TEXT_MAX + 1];
    mfn[0] = mv[0] = 0;
    (void)g;
    (void)e;
    return MANA_MOVE_FROM(m) + MANA_MOVE_TO(m) + MANA_MOVE_KIND(m) +
           (int)(m == MANA_MOVE_NONE) + MANA_MAX_MOVES + MANA_OPTION_COUNT +
           MANA_VERSION_NUMBER + MANA_VERSION_MAJOR + MANA_VERSION_MINOR +
           MANA_VERSION_PATCH + (int)sizeof MANA_VERSION_STRING + mfn[0] + mv[0];
}
EOC

flags='-Wall -Wextra -Wpedantic -Werror -fsyntax-only'
ran=0
try() { # compiler standard-flag language file
    if ! command -v "$1" >/dev/null 2>&1; then
        return 0
    fi
    ran=$((ran + 1))
    if ! "$1" $2 $flags -x "$3" "$4" 2>"$tmp/err"; then
        bad "FAIL $1 $2 $(basename "$4")"
        cat "$tmp/err" >&2
    fi
}

for cc in gcc clang; do
    for std in -std=c99 -std=c11; do
        for f in alone use; do
            try $cc $std c "$tmp/$f.c"
        done
    done
done
for cxx in g++ clang++; do
    for std in -std=c++11 -std=c++17; do
        for f in alone use; do
            try $cxx $std c++ "$tmp/$f.c"
        done
    done
done

[ "$ran" != 0 ] || die "no compiler found (gcc, clang, g++, clang++)"
[ "$fail" = 0 ] || die "$fail of $ran compilations of $hdr failed"
finish "check-header: $hdr compiles alone in $ran configurations (C99, C11, C++)"
