#!/bin/sh
# SPDX-License-Identifier: MIT
# check-doc-names.sh - the tree names only documents it has:
#   1. no stale name of a document: the rules as RULES.md (they are
#      docs/rules.md), files beside the clone (../shared/...), a section-3
#      page "libmana" (man 3 libmana, libmana(3): the overview is
#      libmana(7), the functions have their own pages);
#   2. every docs/NAME.md named exists;
#   3. every manual page named as mana...(N) or libmana(N) exists in man/;
#   4. every section cited as docs/rules.md "Section" is a heading of
#      docs/rules.md (a heading that starts with it: "MFN" for "MFN (Mana
#      Forsyth Notation)").
# Read: the files git tracks (every file below the top when git is not
# there), text only.
#
#   usage: tests/pkg/check-doc-names.sh [TOP]
set -u
ME=check-doc-names
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
top=${1:-.}
cd "$top" || exit 2
export LC_ALL=C
self=tests/pkg/check-doc-names.sh

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files
else
    find . -type f ! -path './build/*' ! -path './.git/*' | sed 's|^\./||'
fi | grep -vx "$self" | while read -r f; do
    [ -f "$f" ] && echo "$f"
done | tr '\n' '\0' | xargs -0 grep -Il . >"$tmp/files" 2>/dev/null
[ -s "$tmp/files" ] || { echo "check-doc-names: no files to read in $top" >&2; exit 2; }

# 1. Stale names.
for pat in 'RULES\.md' '\.\./shared' 'man 3 libmana' 'libmana(3)'; do
    tr '\n' '\0' <"$tmp/files" | xargs -0 grep -n -- "$pat" >"$tmp/hits" 2>/dev/null
    [ ! -s "$tmp/hits" ] || bad "stale name /$pat/:$(printf '\n'; sed 's/^/    /' "$tmp/hits")"
done

# 2. docs/NAME.md
tr '\n' '\0' <"$tmp/files" | xargs -0 grep -o 'docs/[A-Za-z0-9_-]*\.md' 2>/dev/null |
    sort -u >"$tmp/docs"
while IFS=: read -r f doc; do
    [ -f "$doc" ] || bad "$f: names $doc, which does not exist"
done <"$tmp/docs"

# 3. Manual pages: mana_play(3), mana(7), libmana(7), mana-cli(1); not in
# C sources, where mana_status(1) may be a call (the public headers'
# comments are read).
grep -v '\.c$' "$tmp/files" | tr '\n' '\0' | xargs -0 grep -oE '\b(lib)?mana[a-z_-]*\([1378]\)' 2>/dev/null |
    sort -u >"$tmp/pages"
while IFS=: read -r f page; do
    name=${page%%(*}
    sec=$(echo "$page" | tr -dc 0-9)
    [ -e "man/man$sec/$name.$sec" ] || bad "$f: names $page, which is not in man/man$sec"
done <"$tmp/pages"

# 4. Sections of docs/rules.md.
sed -n 's/^#\{1,6\} //p' docs/rules.md >"$tmp/headings"
tr '\n' '\0' <"$tmp/files" | xargs -0 grep -o 'docs/rules\.md "[^"]*"' 2>/dev/null |
    sort -u >"$tmp/sections"
while IFS= read -r hit; do
    f=${hit%%:*}
    sec=${hit#*\"}
    sec=${sec%\"}
    awk -v s="$sec" 'index($0, s) == 1 { found = 1 } END { exit !found }' "$tmp/headings" ||
        bad "$f: cites docs/rules.md \"$sec\", which is no heading of docs/rules.md"
done <"$tmp/sections"

finish "check-doc-names: $(wc -l <"$tmp/files") files name no stale document;" \
    "$(cut -d: -f2 "$tmp/docs" | sort -u | wc -l) docs, $(cut -d: -f2 "$tmp/pages" | sort -u | wc -l) man pages" \
    "and $(cut -d: -f2- "$tmp/sections" | sort -u | wc -l) docs/rules.md sections named, all there"
