#!/bin/sh
# SPDX-License-Identifier: MIT
# check-exports.sh - a shared library exports exactly the names listed in
# its exports file, and that list is exactly the MANA_API declarations of
# its headers (jansson's test/suites/api/check-exports, made three-way):
# libmana.so, tests/exports.txt and include/mana.h with mana_ml.h;
# libmana-bots.so, tests/exports-bots.txt and include/mana_bot.h.
# A static archive (LIBRARY ending in .a: libmana.a, libmana-bots.a) is
# held to the same list: its global definitions (nm -g) are exactly the
# listed names, besides those of the reserved prefixes, mana__ (the
# library's internal helpers) and __ (the toolchain's, such as a
# sanitizer's ODR indicators).
#
#   usage: tests/pkg/check-exports.sh [LIBRARY [EXPORTS [HEADER...]]]
#   defaults: ./libmana.so tests/exports.txt include/mana.h include/mana_ml.h
set -eu
ME=check-exports
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"

lib=${1:-./libmana.so}
list=${2:-tests/exports.txt}
if [ $# -gt 2 ]; then
    shift 2
else
    set -- include/mana.h include/mana_ml.h
fi
NM=${NM:-nm}

for f in "$lib" "$list" "$@"; do
    [ -e "$f" ] || die "$f: no such file"
done

export LC_ALL=C

grep -v '^#' "$list" | sed '/^$/d' >"$tmp/list"
if ! sort -c "$tmp/list" 2>/dev/null || [ -n "$(uniq -d "$tmp/list")" ]; then
    die "$list is not sorted (LC_ALL=C) or has duplicates"
fi

# Every defined dynamic symbol, with the version suffix (@@MANA_0) removed.
# The only absolute (A) symbols a version script adds are its version nodes
# (MANA_0, MANA_0.3, MANA_BOTS_0, ...); anything else counts as an export.  Of an
# archive: every global definition but the reserved ones (nm prints
# "value type name", and a line "member.o:" before each member's).
case $lib in
*.a) "$NM" -g --defined-only "$lib" | awk 'NF == 3 && $3 !~ /^(mana__|__)/' >"$tmp/nm" ;;
*) "$NM" -D --defined-only "$lib" >"$tmp/nm" ;;
esac
awk '{ name = $NF; sub(/@.*/, "", name);
       if ($(NF-1) == "A" && name ~ /^MANA_([A-Z]+_)?[0-9_.]+$/) next;
       print name }' "$tmp/nm" | sort -u >"$tmp/nm.names"

# Every function declared MANA_API in the headers.
sed -n 's/^MANA_API [^(]*[ *]\(mana_[a-z0-9_]*\)(.*/\1/p' "$@" | sort -u >"$tmp/hdr"

if ! diff -u "$tmp/list" "$tmp/nm.names" >"$tmp/d1"; then
    bad "$lib exports differ from $list (- listed, + exported):"
    cat "$tmp/d1" >&2
fi
if ! diff -u "$tmp/list" "$tmp/hdr" >"$tmp/d2"; then
    bad "MANA_API declarations in $* differ from $list (- listed, + declared):"
    cat "$tmp/d2" >&2
fi
# Each export must be a function (T; or i, a GNU indirect function, chosen
# when the library is loaded), not data.
awk '{ name = $NF; sub(/@.*/, "", name);
       if (name ~ /^mana_/ && $(NF-1) != "T" && $(NF-1) != "i") print name " has type " $(NF-1) }' \
    "$tmp/nm" >"$tmp/types"
if [ -s "$tmp/types" ]; then
    bad "exported names that are not functions:"
    cat "$tmp/types" >&2
fi
finish "check-exports: $(wc -l <"$tmp/list") names, $lib matches $list and $*"
