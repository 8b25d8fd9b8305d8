#!/bin/sh
# SPDX-License-Identifier: MIT
# check-exports.sh - a shared library exports exactly the names listed in
# its exports file, and that list is exactly the MANA_API declarations of
# its headers (jansson's test/suites/api/check-exports, made three-way):
# libmana.so, tests/exports.txt and include/mana.h with mana_ml.h;
# libmana-bots.so, tests/exports-bots.txt and include/mana_bot.h.
#
#   usage: tests/pkg/check-exports.sh [LIBRARY [EXPORTS [HEADER...]]]
#   defaults: ./libmana.so tests/exports.txt include/mana.h include/mana_ml.h
set -eu

lib=${1:-./libmana.so}
list=${2:-tests/exports.txt}
if [ $# -gt 2 ]; then
    shift 2
else
    set -- include/mana.h include/mana_ml.h
fi
NM=${NM:-nm}

for f in "$lib" "$list" "$@"; do
    if [ ! -e "$f" ]; then
        echo "check-exports: $f: no such file" >&2
        exit 1
    fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

export LC_ALL=C

grep -v '^#' "$list" | sed '/^$/d' >"$tmp/list"
if ! sort -c "$tmp/list" 2>/dev/null || [ -n "$(uniq -d "$tmp/list")" ]; then
    echo "check-exports: $list is not sorted (LC_ALL=C) or has duplicates" >&2
    exit 1
fi

# Every defined dynamic symbol, with the version suffix (@@MANA_0) removed.
# The only absolute (A) symbols a version script adds are its version nodes
# (MANA_0, MANA_BOTS_0, ...); anything else counts as an export.
"$NM" -D --defined-only "$lib" >"$tmp/nm"
awk '{ name = $NF; sub(/@.*/, "", name);
       if ($(NF-1) == "A" && name ~ /^MANA_([A-Z]+_)?[0-9_]+$/) next;
       print name }' "$tmp/nm" | sort -u >"$tmp/nm.names"

# Every function declared MANA_API in the headers.
sed -n 's/^MANA_API [^(]*[ *]\(mana_[a-z0-9_]*\)(.*/\1/p' "$@" | sort -u >"$tmp/hdr"

status=0
if ! diff -u "$tmp/list" "$tmp/nm.names" >"$tmp/d1"; then
    echo "check-exports: $lib exports differ from $list (- listed, + exported):" >&2
    cat "$tmp/d1" >&2
    status=1
fi
if ! diff -u "$tmp/list" "$tmp/hdr" >"$tmp/d2"; then
    echo "check-exports: MANA_API declarations in $* differ from $list (- listed, + declared):" >&2
    cat "$tmp/d2" >&2
    status=1
fi
# Each export must be a function (T; or i, a GNU indirect function, chosen
# when the library is loaded), not data.
awk '{ name = $NF; sub(/@.*/, "", name);
       if (name ~ /^mana_/ && $(NF-1) != "T" && $(NF-1) != "i") print name " has type " $(NF-1) }' \
    "$tmp/nm" >"$tmp/types"
if [ -s "$tmp/types" ]; then
    echo "check-exports: exported names that are not functions:" >&2
    cat "$tmp/types" >&2
    status=1
fi
if [ "$status" = 0 ]; then
    echo "check-exports: $(wc -l <"$tmp/list") names, $lib matches $list and $*"
fi
exit "$status"
