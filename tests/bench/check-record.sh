#!/bin/sh
# SPDX-License-Identifier: MIT
# check-record.sh - `make bench-record` replaces the one recorded run of
# BENCHMARKS.md and keeps the rest of the file:
#   1. DOC has one section between a line <!-- bench:begin --> and a line
#      <!-- bench:end -->, and `bench --compare DOC` finds its run;
#   2. a quick run recorded twice into a copy of DOC leaves one section
#      (one summary line, one JSON block), the text outside it byte for
#      byte that of DOC, and the second run compared with the first (the
#      bytes of a game: the same figure, +0.0%);
#   3. a file with no section, or with two, is refused (status 1) and left
#      as it was.
#
#   usage: tests/bench/check-record.sh BENCH DOC PERFT_FILE
set -eu

ME=check-record
# shellcheck source=SCRIPTDIR/../pkg/lib.sh
. "$(dirname "$0")/../pkg/lib.sh"
bench=$1
doc=$2
perft=$3
outside() { sed '/^<!-- bench:begin -->$/,/^<!-- bench:end -->$/d' "$1"; }
count() { grep -c -e "$1" "$2" || true; }
quick() { "$bench" --quick --only memory --perft-file "$perft" "$@"; }

# 1. The committed file.
[ "$(count '^<!-- bench:begin -->$' "$doc")" = 1 ] || bad "$doc: not one line <!-- bench:begin -->"
[ "$(count '^<!-- bench:end -->$' "$doc")" = 1 ] || bad "$doc: not one line <!-- bench:end -->"
quick --compare "$doc" >"$tmp/compare.txt"
grep -q '^(last run: the run recorded in ' "$tmp/compare.txt" ||
    bad "bench --compare $doc found no recorded run"

# 2. Two records into a copy.
cp "$doc" "$tmp/doc.md"
quick --record "$tmp/doc.md" >"$tmp/first.txt"
quick --record "$tmp/doc.md" >"$tmp/second.txt"
for marker in '^<!-- bench:begin -->$' '^<!-- bench:end -->$' '^Run of ' '^```json$'; do
    [ "$(count "$marker" "$tmp/doc.md")" = 1 ] || bad "after two records: not one line $marker"
done
grep -q '"game_bytes": ' "$tmp/doc.md" || bad "the recorded JSON block has no game_bytes"
outside "$doc" >"$tmp/want.txt"
outside "$tmp/doc.md" >"$tmp/got.txt"
cmp -s "$tmp/want.txt" "$tmp/got.txt" || bad "the text outside the recorded section changed"
grep -q '^(last run: the run recorded in ' "$tmp/second.txt" || bad "the second record compared with nothing"
grep -q '^6\. bytes per mana_game .* +0\.0%$' "$tmp/second.txt" ||
    bad "the second record did not compare the bytes of a game with the first"

# 3. Refusals.
printf '# no section\n' >"$tmp/none.md"
sed 's/^<!-- bench:end -->$/&\n<!-- bench:begin -->\n<!-- bench:end -->/' "$doc" >"$tmp/two.md"
for f in none two; do
    cp "$tmp/$f.md" "$tmp/$f.orig"
    if quick --record "$tmp/$f.md" >/dev/null 2>"$tmp/$f.err"; then
        bad "$f.md: recorded into a file with $f section(s)"
    fi
    grep -q 'has no section between' "$tmp/$f.err" || bad "$f.md: no error message"
    cmp -s "$tmp/$f.md" "$tmp/$f.orig" || bad "$f.md: changed by a refused record"
done

finish "check-record: bench-record replaced the one recorded run twice, the rest kept"
