#!/bin/sh
# SPDX-License-Identifier: MIT
# check-layering.sh - the library's files call only files above them in
# the data-flow order that libmana/game.h's map gives, so no two files
# call each other, directly or around a circle.  Read from the objects
# themselves (nm: the mana_* functions and data each defines and the ones
# it uses), not from the sources.  The generated reach table
# (reach_table.o) stands for tables.h, at the top of the map, and the
# POPCNT twin of leaves2.c for leaves2.c.
#
#   usage: tests/pkg/check-layering.sh [OBJDIR [MAP]]
#   defaults: build/libmana libmana/game.h
set -eu

objdir=${1:-build/libmana}
map=${2:-libmana/game.h}
NM=${NM:-nm}
export LC_ALL=C
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The order: "file.c" names of the map, one a line, numbered.
sed -n 's/^ \*   \([a-z_0-9]*\)\.c .*/\1/p' "$map" | awk '{ print $1, NR }' >"$tmp/order"
[ -s "$tmp/order" ] || { echo "check-layering: no file map in $map" >&2; exit 1; }

for o in "$objdir"/*.o; do
    case $o in *.pic.o | */reach_table.o) continue ;; esac
    f=$(basename "$o" .o)
    [ "$f" = leaves2_popcnt ] && f=leaves2
    [ -f "$(dirname "$map")/$f.c" ] || continue # a stale object of a deleted file
    grep -q "^$f " "$tmp/order" || { echo "check-layering: $f.c is not in the map of $map" >&2; exit 1; }
    "$NM" "$o" | awk -v f="$f" '$2 ~ /^[TRDB]$/ && $3 ~ /^mana_/ { print $3, f >> "'"$tmp"'/defs.raw" }
                                $1 == "U" && $2 ~ /^mana_/ { print f, $2 }' >>"$tmp/uses.raw"
done
sort -u "$tmp/defs.raw" >"$tmp/defs"
sort -k2 "$tmp/uses.raw" | join -1 2 -2 1 - "$tmp/defs" | awk '{ print $2, $3, $1 }' | sort -u >"$tmp/edges"

# Each edge user -> definer must go up the map: order(definer) < order(user).
awk 'NR == FNR { pos[$1] = $2; next }
     $1 != $2 && pos[$2] > pos[$1] { print "  " $1 ".c calls " $3 " of " $2 ".c, below it in the map"; bad = 1 }
     END { exit bad }' "$tmp/order" "$tmp/edges" >"$tmp/bad" || {
    echo "check-layering: calls against the data-flow order of $map:" >&2
    cat "$tmp/bad" >&2
    exit 1
}
echo "check-layering: $(wc -l <"$tmp/order" | tr -d ' ') files, $(awk '$1 != $2' "$tmp/edges" | wc -l | tr -d ' ') calls between them, all up the map of $map"
