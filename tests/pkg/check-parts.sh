#!/bin/sh
# SPDX-License-Identifier: MIT
# check-parts.sh - tests/README.md's table of the parts of `make check` (the
# rows between the lines <!-- check-parts:begin --> and
# <!-- check-parts:end -->, first column) names exactly the parts the
# Makefile runs, in the same order, each once.
#
#   usage: tests/pkg/check-parts.sh TABLE.md PART...
#   (make check-parts passes $(CHECK_PARTS); make -s print-check-parts
#   prints them)
set -eu
ME=check-parts
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"

readme=$1
shift

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
echo "check-parts: $readme lists the $(wc -l <"$tmp/make.txt" | tr -d ' ') parts of make check, in order"
