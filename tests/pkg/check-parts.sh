#!/bin/sh
# SPDX-License-Identifier: MIT
# check-parts.sh - the tiers of the tests are written in one place:
#   - no fragment of mk/ (--mk DIR) sets or adds to CHECK_PARTS,
#     CHECK_C_PARTS, CI_STEPS or CHECK_STEPS: the top Makefile lists them
#     literally;
#   - `make help`'s output (--help FILE) has a line for each part of
#     `make check` and each step of `make ci` (--ci 'STEPS');
#   - tests/README.md's table of the parts of `make check` (the rows between
#     the lines <!-- check-parts:begin --> and <!-- check-parts:end -->,
#     first column) names exactly the parts the Makefile runs, in the same
#     order, each once.
#
#   usage: tests/pkg/check-parts.sh [--mk DIR] [--help FILE --ci 'STEP...']
#              TABLE.md PART...
#   (make check-parts passes mk, make help's output, $(CI_STEPS) and
#   $(CHECK_PARTS); make -s print-check-parts prints the parts)
set -eu
ME=check-parts
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"

mkdir= help= ci=
while [ $# -gt 0 ]; do
    case $1 in
    --mk) mkdir=$2; shift 2 ;;
    --help) help=$2; shift 2 ;;
    --ci) ci=$2; shift 2 ;;
    *) break ;;
    esac
done
readme=$1
shift

# the lists in one place
if [ -n "$mkdir" ]; then
    if grep -nE '^[[:space:]]*(override[[:space:]]+)?(CHECK_PARTS|CHECK_C_PARTS|CI_STEPS|CHECK_STEPS)[[:space:]]*(\+|:|::|\?|!)?=' \
        "$mkdir"/*.mk >"$tmp/fragments.txt"; then
        echo "check-parts: the tiers are written only in the top Makefile; these fragments set or add to them:" >&2
        cat "$tmp/fragments.txt" >&2
        echo "check-parts: (move the part or step into the Makefile's CHECK_PARTS or CI_STEPS)" >&2
        exit 1
    fi
fi

# make help names every part and step
if [ -n "$help" ]; then
    for p in "$@" $ci; do
        grep -qE "^  $p( |\$)" "$help" || bad "make help has no line for $p"
    done
    [ "$fail" -eq 0 ] || exit 1
fi

for p in "$@"; do echo "$p"; done >"$tmp/make.txt"
sed -n '/^<!-- check-parts:begin -->$/,/^<!-- check-parts:end -->$/p' "$readme" |
    sed -n 's/^| `\([^`]*\)` |.*/\1/p' >"$tmp/readme.txt"

[ -s "$tmp/readme.txt" ] ||
    die "$readme has no table of parts between <!-- check-parts:begin --> and <!-- check-parts:end -->"
if ! cmp -s "$tmp/make.txt" "$tmp/readme.txt"; then
    echo "check-parts: $readme's table of make check's parts differs from the Makefile's (< Makefile, > $readme):" >&2
    diff "$tmp/make.txt" "$tmp/readme.txt" | grep '^[<>]' >&2 || true
    exit 1
fi
echo "check-parts: the tiers only in the Makefile, each part and step in make help;" \
    "$readme lists the $(wc -l <"$tmp/make.txt" | tr -d ' ') parts of make check, in order"
