#!/bin/sh
# SPDX-License-Identifier: MIT
# ab_tree.sh - the `ab` bot's search tree at a fixed depth stays the same:
# for each position of a table, `mana-cli engine` searches `go depth D`
# (a fresh engine, default seed) and the best move, score, node count,
# selective depth and principal variation of its last completed
# iteration must be the table's, which the engine of commit cb02a62
# produced (before the evaluation was made cheaper: a faster evaluation
# or move ordering must give the same features, hence the same tree),
# with the linear evaluation (Eval linear; the default is the learned one).
#   usage: ab_tree.sh MANA-CLI [TABLE]        check (default table:
#                                             tests/data/ab_tree.txt)
#          ab_tree.sh MANA-CLI TABLE --write  print TABLE with this
#                                             engine's results
# A table line: OPTIONS | MFN | DEPTH | RESULT, OPTIONS `-` or
# NAME=VALUE,...  (setoption), RESULT as ab_tree_result prints it.
# tests/data/ab_tree_deep.txt holds the same positions at depths of about
# a second each (not run by make check: sh tests/cli/ab_tree.sh CLI
# tests/data/ab_tree_deep.txt); tests/data/ab_tree_learned.txt (run by make
# check) and ab_tree_learned_deep.txt hold them with Eval=learned.
set -u
CLI=$1
dir=$(dirname "$0")
table=${2:-$dir/../data/ab_tree.txt}
write=${3:-}
NAME=ab_tree.sh
. "$dir/lib.sh"

# ab_tree_result OPTIONS MFN DEPTH: "bestmove B score cp S nodes N
# seldepth L pv P..." of the last iteration of go depth DEPTH.
ab_tree_result() {
    {
        echo mana
        echo 'setoption name Eval value linear' # the trees of the linear evaluation
        if [ "$1" != - ]; then
            echo "$1" | tr ',' '\n' | sed 's/^\(.*\)=\(.*\)$/setoption name \1 value \2/'
        fi
        printf 'position mfn %s\ngo depth %s\n' "$2" "$3"
    } | "$CLI" engine >"$tmp/log" 2>&1
    best=$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$tmp/log")
    awk -v best="$best" '/^info depth .* score / { line = $0 }
        END {
            n = split(line, w, " "); s = ""; pv = ""
            for (i = 1; i <= n; i++) {
                if (w[i] == "score") s = s " score " w[i + 1] " " w[i + 2]
                if (w[i] == "nodes" || w[i] == "seldepth") s = s " " w[i] " " w[i + 1]
                if (w[i] == "pv") { for (j = i + 1; j <= n; j++) pv = pv " " w[j]; break }
            }
            printf "bestmove %s%s pv%s\n", best, s, pv }' "$tmp/log"
}

# trim TEXT: TEXT without its leading and trailing spaces.
trim() {
    printf '%s\n' "$1" | sed 's/^ *//; s/ *$//'
}

set -f
while IFS= read -r line; do
    case $line in '#'* | '') [ -z "$write" ] || echo "$line"; continue ;; esac
    IFS='|'
    # shellcheck disable=SC2086
    set -- $line
    unset IFS
    opts=$(trim "$1") mfn=$(trim "$2") depth=$(trim "$3") want=$(trim "${4:-}")
    got=$(ab_tree_result "$opts" "$mfn" "$depth")
    if [ -n "$write" ]; then
        echo "$opts | $mfn | $depth | $got"
    else
        expect_eq "$got" "$want" "$mfn ($opts) go depth $depth"
    fi
done <"$table"
[ -n "$write" ] || finish
