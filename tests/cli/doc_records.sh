#!/bin/sh
# SPDX-License-Identifier: MIT
# doc_records.sh - every example game record the documentation shows
# (docs/record-format.md, docs/cli.md, the record comment of include/mana.h,
# mana_record_read(3), mana-cli(1)) is a legal game: `mana-cli replay`
# accepts it whole and the game it plays ends as its Result header says.
#   usage: doc_records.sh MANA-CLI [SOURCE-DIR]
set -u
CLI=$1
src=${2:-$(dirname "$0")/../..}
NAME=doc_records.sh
. "$(dirname "$0")/lib.sh"

# Markdown: the fenced blocks whose first line is "Rules: ...".
from_markdown() {
    awk -v out="$tmp/$2" '
        /^```/ { if (inb) { inb = 0; n++ } else { inb = 1; first = 1 }; next }
        inb && first { first = 0; if ($0 !~ /^Rules: /) { inb = 0; next } }
        inb { print > (out "." n + 0) }' "$1"
}
# mdoc: the literal displays whose first line is "Rules: ...".
from_mdoc() {
    awk -v out="$tmp/$2" '
        /^\.Bd -literal/ { inb = 1; first = 1; next }
        /^\.Ed/ { if (inb) n++; inb = 0; next }
        inb && first { first = 0; if ($0 !~ /^Rules: /) { inb = 0; next } }
        inb { print > (out "." n + 0) }' "$1"
}
# C header: the comment lines " *     ..." from " *     Rules:" to the
# end of the indented block (its blank " *" line included).
from_header() {
    awk -v out="$tmp/$2" '
        /^ \*     Rules: / { inb = 1 }
        inb && /^ \*     / { print substr($0, 8) > (out ".0"); next }
        inb && /^ \*$/ { blank++; if (blank > 1) inb = 0; else print "" > (out ".0"); next }
        inb { inb = 0 }' "$1"
}

from_markdown "$src/docs/record-format.md" record-format
from_markdown "$src/docs/cli.md" cli
from_header "$src/include/mana.h" mana.h
from_mdoc "$src/man/man3/mana_record_read.3" mana_record_read.3
from_mdoc "$src/man/man1/mana-cli.1" mana-cli.1

for doc in record-format cli mana.h mana_record_read.3 mana-cli.1; do
    checks=$((checks + 1))
    ls "$tmp/$doc".* >/dev/null 2>&1 || fail "$doc: no example record found"
done
for f in "$tmp"/*.[0-9]*; do
    what="the example record $(basename "$f")"
    "$CLI" replay -q "$f" >"$tmp/out" 2>&1
    expect_status $? 0 "$what replays"
    expect_grep "$tmp/out" "all legal" "$what"
    # the Result header is what the moves played out to
    result=$(sed -n 's/^Result: //p' "$f")
    case $result in
    1-0) expect_grep "$tmp/out" "end: White won" "$what ends as its Result $result" ;;
    0-1) expect_grep "$tmp/out" "end: Black won" "$what ends as its Result $result" ;;
    *) fail "$what: Result '$result' is not a decided game" ;;
    esac
done
finish
