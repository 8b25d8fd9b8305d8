#!/bin/sh
# SPDX-License-Identifier: MIT
# check-man.sh - the manual pages are lint clean and agree with the library:
#   1. every full page (mana-cli(1) included) passes both
#      `mandoc -Tlint -Wstyle` and `groff -ww -z -mandoc` (each where it is
#      installed, at least one of them) with no message at all, and its
#      SYNOPSIS fits 80 columns (`MANWIDTH=80 man -l`);
#   2. every stub is a symbolic link to a full page of the same directory
#      whose NAME section lists the stub's name (`man -l` reads it from the
#      tree; `make install` writes it as a one-line `.so` stub); a `.so`
#      stub in the tree, which `man -l` cannot read, is an error;
#      every full page renders from the tree with `man -l` (and so does
#      every stub, a link to one of them);
#   3. every exported name has a page (so `man mana_X` works), and every
#      name in a NAME section is exported;
#   4. every .Xr to a section 3 or 7 page of ours names an existing page;
#   5. every MANA_* identifier the pages mention is defined in mana.h, and
#      mana_strerror.3 lists each code of MANA_ERROR_LIST with its value and
#      message.
#
#   usage: tests/pkg/check-man.sh [MANDIR [HEADER [EXPORTS [HEADER EXPORTS]...]]]
#   defaults: man include/mana.h tests/exports.txt
# Further pairs of a header and its exports (libmana-bots: include/mana_bot.h
# tests/exports-bots.txt) add their names and identifiers; the error list
# is read from the first header.
set -eu

mandir=${1:-man}
hdr=${2:-include/mana.h}
exports=${3:-tests/exports.txt}
[ $# -gt 3 ] && shift 3 || set --
more_hdrs=
more_exports=
while [ $# -ge 2 ]; do
    more_hdrs="$more_hdrs $1"
    more_exports="$more_exports $2"
    shift 2
done
export LC_ALL=C
ME=check-man
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"

# Stubs are symbolic links (and, wrongly, pages whose first line is .so);
# the rest are full pages.
: >"$tmp/full"
: >"$tmp/stubs"
for f in "$mandir"/man1/*.1 "$mandir"/man3/*.3 "$mandir"/man7/*.7; do
    [ -e "$f" ] || continue
    rel=${f#"$mandir"/}
    if [ -L "$f" ] || head -n 1 "$f" | grep -q '^\.so '; then
        echo "$rel" >>"$tmp/stubs"
    else
        echo "$rel" >>"$tmp/full"
    fi
done

# 1. Lint, by both formatters: mandoc checks the mdoc semantics, groff
# the typesetting (-ww: every warning, such as "can't break line" for a
# synopsis item too wide for the page).  mandoc resolves .Xr against the
# installed manuals, which this tree is not (yet): "referenced manual not
# found" is left to check 4.
linter=
: >"$tmp/lint"
if command -v mandoc >/dev/null 2>&1; then
    linter="mandoc -Tlint -Wstyle"
    while read -r rel; do
        (cd "$mandir" && mandoc -Tlint -Wstyle "$rel" 2>&1) |
            grep -v 'referenced manual not found' |
            grep -v 'mandoc\.db' >>"$tmp/lint" || true
    done <"$tmp/full"
fi
if command -v groff >/dev/null 2>&1; then
    linter="${linter:+$linter and }groff -ww -z"
    while read -r rel; do
        (cd "$mandir" && groff -ww -z -mandoc "$rel" 2>&1) >>"$tmp/lint" || true
    done <"$tmp/full"
fi
[ -n "$linter" ] || bad "neither mandoc nor groff (Debian packages mandoc, groff-base) is installed"
if [ -s "$tmp/lint" ]; then
    bad "$linter report:"
    cat "$tmp/lint" >&2
fi

# 1b. Every full page renders from the tree with man -l (man-db), with no
# message and exit status 0, and its SYNOPSIS fits 80 columns, as man(1)
# shows it in a terminal of that width (ASCII output: one byte a column).
# (A stub is a link to one of these pages, check 2: it renders as its page
# does, so each page is rendered once, the slow part of this script.)
if command -v man >/dev/null 2>&1; then
    while read -r rel; do
        if ! MANWIDTH=80 man -E ascii -l "$mandir/$rel" >"$tmp/page" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
            echo "$rel: $(cat "$tmp/err")" >>"$tmp/render"
        fi
        sed 's/.\x08//g' "$tmp/page" |
            awk -v rel="$rel" '/^[A-Z]/ { sec = $0 }
                sec == "SYNOPSIS" && length($0) > 80 { print rel ": " length($0) " columns: " $0 }'
    done <"$tmp/full" >"$tmp/wide"
    [ ! -s "$tmp/wide" ] || bad "SYNOPSIS wider than 80 columns (MANWIDTH=80 man -l):$(printf '\n'; cat "$tmp/wide")"
    [ ! -f "$tmp/render" ] || bad "man -l fails in the tree: $(cat "$tmp/render")"
fi

# NAME-section names of each full page: "page name" lines.
while read -r rel; do
    sed -n '/^\.Sh NAME/,/^\.Sh /s/^\.Nm \([a-z_0-9]*\).*/\1/p' \
        "$mandir/$rel" | sed "s|^|$rel |"
done <"$tmp/full" >"$tmp/names"

# 2. Stubs.
while read -r rel; do
    name=$(basename "$rel" | sed 's/\.[0-9]$//')
    link=$(readlink "$mandir/$rel" || true)
    target=$(dirname "$rel")/$link
    if [ -z "$link" ]; then
        bad "$rel: a .so stub does not render from the tree (man -l); make it a link:" \
            "ln -sf $(sed -n '1s/^\.so man[0-9]\///p' "$mandir/$rel") $mandir/$rel"
    elif [ "$(basename "$link")" != "$link" ]; then
        bad "$rel: links to $link, not to a page of its own directory"
    elif ! grep -qx "$target" "$tmp/full"; then
        bad "$rel: .so $target: no such full page"
    elif ! grep -qx "$target $name" "$tmp/names"; then
        bad "$rel: $target does not list $name in its NAME section"
    fi
done <"$tmp/stubs"

# 3. Exports and pages.
# shellcheck disable=SC2086  # the extra lists are words
cat "$exports" $more_exports | grep -v '^#' | sed '/^$/d' | sort -u >"$tmp/exports"
for n in $(cat "$tmp/exports"); do
    [ -f "$mandir/man3/$n.3" ] || bad "no page man3/$n.3 for the exported $n"
done
grep ' mana_' "$tmp/names" | grep '^man3/' | cut -d' ' -f2 | sort >"$tmp/documented"
dups=$(uniq -d "$tmp/documented")
[ -z "$dups" ] || bad "named in more than one NAME section: $dups"
extra=$(sort -u "$tmp/documented" | comm -23 - "$tmp/exports")
[ -z "$extra" ] || bad "documented but not exported: $extra"
missing=$(sort -u "$tmp/documented" | comm -13 - "$tmp/exports")
[ -z "$missing" ] || bad "exported but in no NAME section: $missing"

# 4. Cross references to our own pages.
while read -r rel; do
    sed -n 's/^\.Xr \(mana[a-z_0-9]*\) \([37]\).*/\1 \2/p' "$mandir/$rel"
done <"$tmp/full" | sort -u | while read -r n s; do
    [ -f "$mandir/man$s/$n.$s" ] || echo "$n($s)"
done >"$tmp/xr"
[ ! -s "$tmp/xr" ] || bad "references to missing pages: $(tr '\n' ' ' <"$tmp/xr")"

# 5. Identifiers and the error list.
# shellcheck disable=SC2086
grep -ho 'MANA_[A-Z0-9_]*' "$hdr" "$(dirname "$hdr")/mana_ml.h" $more_hdrs | sort -u >"$tmp/hdr.ids"
echo MANA_0 >>"$tmp/hdr.ids"      # the version node of libmana/libmana.map
echo MANA_BOTS_0 >>"$tmp/hdr.ids" # and of bots/libmana-bots.map
while read -r rel; do
    grep -v '^\.Dt ' "$mandir/$rel" | grep -o 'MANA_[A-Z0-9_]*' || true
done <"$tmp/full" | sort -u >"$tmp/page.ids"
while read -r id; do
    case $id in
    *_) grep -q "^$id" "$tmp/hdr.ids" || echo "$id*" ;; # MANA_OPT_* etc.
    *) grep -qx "$id" "$tmp/hdr.ids" || echo "$id" ;;
    esac
done <"$tmp/page.ids" >"$tmp/unknown"
[ ! -s "$tmp/unknown" ] || bad "identifiers not in $hdr: $(tr '\n' ' ' <"$tmp/unknown")"

sed -n 's/^[[:space:]]*X(\(MANA_[A-Z0-9_]*\), *\(-*[0-9]*\), *"\(.*\)")[[:space:]\\]*$/\1|\2|\3/p' \
    "$hdr" >"$tmp/errors"
[ -s "$tmp/errors" ] || bad "no MANA_ERROR_LIST entries found in $hdr"
page="$mandir/man3/mana_strerror.3"
while IFS='|' read -r name value msg; do
    v=$(printf '%s' "$value" | sed 's/^-/\\\\-/')
    grep -q "^\.It Er $name Pq $v\$" "$page" ||
        bad "mana_strerror.3: no \`.It Er $name Pq $value' entry"
    grep -qF ".Qq $msg" "$page" ||
        bad "mana_strerror.3: no message \"$msg\" for $name"
done <"$tmp/errors"
# ... and no other code in that list.
sed -n 's/^\.It Er \(MANA_[A-Z0-9_]*\) Pq.*/\1/p' "$page" | sort >"$tmp/page.errors"
cut -d'|' -f1 "$tmp/errors" | sort | diff - "$tmp/page.errors" >/dev/null ||
    bad "mana_strerror.3 lists error codes that are not in MANA_ERROR_LIST"

finish "check-man: $(wc -l <"$tmp/full") pages and $(wc -l <"$tmp/stubs") stubs clean ($linter), $(wc -l <"$tmp/errors") error codes documented"
