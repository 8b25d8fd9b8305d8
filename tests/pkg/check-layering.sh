#!/bin/sh
# SPDX-License-Identifier: MIT
# check-layering.sh - the files of one folder call only files above them
# in the data-flow order that the folder's map gives, so no two files call
# each other, directly or around a circle.  Read from the objects
# themselves (nm: the global functions and data each defines and the ones
# it uses), not from the sources.
#
# A map is a header comment with one line a file, in order, each
# ` *   name.c   what it holds`; a line ` *   @other.h` takes the map of
# other.h (in the same folder) at that place, and ` *   @sub/other.h` the
# map of a subfolder's header, whose files are named sub/name.c.  Every object of the folder
# must be in the map.  For libmana/, the generated reach table
# (reach_table.o) stands for tables.h, at the top of the map, the POPCNT
# twin of leaves2.c for leaves2.c, and only the mana_* names are read.
#
#   usage: tests/pkg/check-layering.sh [OBJDIR [MAP [PATTERN]]]
#   defaults: build/libmana libmana/game.h '^mana_'
#   e.g.      tests/pkg/check-layering.sh build/bots bots/bots.h .
set -eu

objdir=${1:-build/libmana}
map=${2:-libmana/game.h}
pattern=${3:-^mana_}
NM=${NM:-nm}
export LC_ALL=C
ME=check-layering
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
srcdir=$(dirname "$map")

# map_lines FILE [PREFIX]: the "name.c" entries of FILE's map, splicing
# @includes; a file of a subfolder is named by its path from the top
# folder (PREFIX: FILE's folder below it, "engine/" for engine/engine.h).
map_lines() {
    sed -n 's/^ \*   \([a-z_0-9]*\.c\) .*/\1/p; s/^ \*   \([a-z_0-9]*\.c\)$/\1/p; s/^ \*   @\([a-z_0-9/]*\.h\).*/@\1/p' "$1" |
        while read -r entry; do
            case $entry in
            @*/*) sub=${entry#@} && map_lines "$srcdir/${2:-}$sub" "${2:-}${sub%/*}/" ;;
            @*) map_lines "$srcdir/${2:-}${entry#@}" "${2:-}" ;;
            *) echo "${2:-}${entry%.c}" ;;
            esac
        done
}
map_lines "$map" | awk '{ print $1, NR }' >"$tmp/order"
[ -s "$tmp/order" ] || die "no file map in $map"
dups=$(awk '{ print $1 }' "$tmp/order" | sort | uniq -d)
[ -z "$dups" ] || die "listed twice in the map of $map: $dups"

: >"$tmp/defs.raw"
: >"$tmp/uses.raw"
for o in $(find "$objdir" -name '*.o' | sort); do
    case $o in *.pic.o | */reach_table.o) continue ;; esac
    f=${o#"$objdir"/} && f=${f%.o}
    [ "$f" = leaves2_popcnt ] && f=leaves2
    [ -f "$srcdir/$f.c" ] || continue # a stale object of a deleted file
    grep -q "^$f " "$tmp/order" || die "$f.c is not in the map of $map"
    "$NM" "$o" | awk -v f="$f" -v pat="$pattern" -v defs="$tmp/defs.raw" \
        '$2 ~ /^[TRDBCVW]$/ && $3 ~ pat { print $3, f >> defs }
         $1 == "U" && $2 ~ pat { print f, $2 }' >>"$tmp/uses.raw"
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
