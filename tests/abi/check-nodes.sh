#!/bin/sh
# SPDX-License-Identifier: MIT
# check-nodes.sh - the version nodes at work in the dynamic loader.
#   NEW_DIR  the build's libmana.so.0 (version nodes MANA_0 and MANA_0.3)
#   OLD_DIR  a libmana.so.0 linked with 0.2.0's version script
#            (tests/abi/libmana-0.2.0.map: MANA_0 only), which the loader
#            treats as 0.2.0's library
#   NEWER    tests/abi/newer.c, built against NEW_DIR (uses MANA_0.3)
#   OLDER    tests/abi/older.c, built against OLD_DIR (uses MANA_0 only)
# The newer program runs with the new library and refuses to start with
# the old one, naming the missing node; the older program runs with both.
#
#   usage: tests/abi/check-nodes.sh NEW_DIR OLD_DIR NEWER OLDER VERSION
set -u
ME=check-nodes
# shellcheck source=SCRIPTDIR/../pkg/lib.sh
. "$(dirname "$0")/../pkg/lib.sh"
[ $# = 5 ] || die "usage: $0 NEW_DIR OLD_DIR NEWER OLDER VERSION"
new=$1 old=$2 newer=$3 older=$4 version=$5

# The program records which node each call needs.
objdump -T "$newer" | grep -q '(MANA_0\.3) *mana_result_text$' ||
    bad "$newer does not bind mana_result_text in MANA_0.3"

# Setup of a new game: no Mana binds (0); MANA_WHITE_WON is "1-0"; "0-1"
# parses as MANA_BLACK_WON (1).
out=$(LD_LIBRARY_PATH=$new "$newer" 2>&1)
[ "$out" = "$version 0 1-0 1" ] || bad "$newer with $new: '$out', not '$version 0 1-0 1'"

if out=$(LD_LIBRARY_PATH=$old "$newer" 2>&1); then
    bad "$newer started with $old's libmana.so.0 (MANA_0 only): '$out'"
else
    case $out in
    *"version \`MANA_0.3' not found"*) ;;
    *) bad "$newer with $old failed without naming the node: '$out'" ;;
    esac
fi

# Jactalea begins with the choice of the board's orientation: O0..O3,
# four legal moves (docs/rules.md, "Setup").
for d in "$old" "$new"; do
    out=$(LD_LIBRARY_PATH=$d "$older" 2>&1)
    [ "$out" = "$version 4" ] || bad "$older with $d: '$out', not '$version 4'"
done
finish "check-nodes: a program using MANA_0.3 runs with libmana.so.0 $version and is refused by 0.2.0's (\"version \`MANA_0.3' not found\"); one built against 0.2.0's runs with both"
