#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - runs the mana-cli shell tests (play, records, engine, match) and
# lints the manual page.  (match_guard.sh and match_long.sh, the longer
# match checks, run in make ci's match-long.)   usage: tests/cli/run.sh MANA-CLI [MANPAGE]
set -u
cli=$1
man=${2:-}
dir=$(dirname "$0")
status=0
for t in core play record options output engine engine_session match match_options match_report match_start readme usage doc_records ab_tree; do
    sh "$dir/$t.sh" "$cli" || status=1
done
sh "$dir/ab_tree.sh" "$cli" "$dir/../data/ab_tree_learned.txt" || status=1 # the default evaluation's trees
if [ -n "$man" ]; then
    # mandoc looks .Xr up among the installed manuals, which this tree is
    # not; the pages referred to must exist in the tree instead.
    if command -v mandoc >/dev/null 2>&1; then
        lint=$(mandoc -Tlint -Wstyle "$man" 2>&1 | grep -v 'referenced manual not found')
        if [ -z "$lint" ]; then
            echo "mandoc -Tlint -Wstyle $man: clean"
        else
            echo "mandoc -Tlint -Wstyle $man:" >&2
            echo "$lint" >&2
            status=1
        fi
        mandir=$(dirname "$(dirname "$man")")
        for xr in $(sed -n 's/^\.Xr \([a-z_]*\) \([0-9]\).*/\1.\2/p' "$man"); do
            [ -f "$mandir/man${xr##*.}/$xr" ] || {
                echo "$man: .Xr ${xr%.*}(${xr##*.}): no such page in $mandir" >&2
                status=1
            }
        done
    else
        echo "mandoc not installed: $man not linted"
    fi
fi
exit $status
