#!/bin/sh
# SPDX-License-Identifier: MIT
# abi.sh - a shared library's ABI against its last release's, stored in
# the tree as abidw XML (abi/LIB-VERSION.abi), with libabigail's abidw
# and abidiff (Debian's abigail-tools).
#
#   tools/abi.sh check LIBRARY ABI_DIR HEADERS_DIR
#       LIBRARY (a built libmana.so.X.Y.Z or libmana-bots.so.X.Y.Z, with
#       its debug information) against the newest ABI_DIR/STEM-*.abi, STEM
#       being the library's soname without ".so.MAJOR".  Only the types of
#       the public headers in HEADERS_DIR count.  Fails on
#         - any change abidiff reports but added functions: a function
#           removed, a signature or a public struct or enum changed;
#         - a function added since the release in a version node that the
#           release already had (it belongs in a new node, MANA_0.3 after
#           0.2.0, so that a program using it fails to load on the older
#           library instead of failing at the call);
#         - a released function moved to another version node;
#       unless the soname's major number changed (a new ABI: the
#       differences are then shown, not held against it).  Passes, saying
#       so, when no release of the library is stored yet.
#
#   tools/abi.sh dump LIBRARY ABI_DIR HEADERS_DIR VERSION
#       writes ABI_DIR/STEM-VERSION.abi for a release; refuses to replace
#       one that exists (a released ABI never changes).
#
# The XML keeps no path of the machine that wrote it (--no-corpus-path,
# --no-comp-dir-path, --short-locs).
set -eu
ME=abi
# shellcheck source=SCRIPTDIR/../tests/pkg/lib.sh
. "$(dirname "$0")/../tests/pkg/lib.sh"

export LC_ALL=C
[ $# -ge 4 ] || die "usage: $0 check|dump LIBRARY ABI_DIR HEADERS_DIR [VERSION]"
mode=$1 lib=$2 dir=$3 hdrs=$4
[ -f "$lib" ] || die "$lib: no such file"
[ -d "$hdrs" ] || die "$hdrs: no such directory"
for t in abidw abidiff; do
    command -v $t >/dev/null 2>&1 ||
        die "$t not found (Debian: apt-get install abigail-tools)"
done

soname=$(objdump -p "$lib" | sed -n 's/^ *SONAME *//p')
[ -n "$soname" ] || die "$lib has no soname"
stem=${soname%%.so.*}
major=${soname##*.so.}

case $mode in
dump)
    [ $# -ge 5 ] || die "dump needs the VERSION"
    out=$dir/$stem-$5.abi
    [ ! -e "$out" ] || die "$out exists: a released ABI is never rewritten"
    mkdir -p "$dir"
    abidw --headers-dir "$hdrs" --drop-private-types --no-corpus-path \
        --no-comp-dir-path --short-locs --out-file "$tmp/abi" "$lib"
    grep -q "<elf-symbol name='mana_" "$tmp/abi" || die "$lib: no mana_* symbol in its ABI"
    mv "$tmp/abi" "$out"
    echo "abi-dump: $out ($(grep -c '<elf-symbol ' "$out") functions)"
    exit 0
    ;;
check) ;;
*) die "unknown mode $mode (check or dump)" ;;
esac

base=$(ls "$dir/$stem"-[0-9]*.abi 2>/dev/null | sort -V | tail -n 1) || true
if [ -z "$base" ]; then
    finish "abi-check: $stem: no released ABI stored in $dir yet (make abi-dump writes it at its first release)"
fi
release=${base##*/$stem-}
release=${release%.abi}
base_soname=$(sed -n "1s/.* soname='\([^']*\)'.*/\1/p" "$base")
base_arch=$(sed -n "1s/.* architecture='\([^']*\)'.*/\1/p" "$base")
arch=$(abidw --no-show-locs "$lib" | sed -n "1s/.* architecture='\([^']*\)'.*/\1/p")
if [ "$arch" != "$base_arch" ]; then
    finish "abi-check: $stem: $lib is $arch and the stored ABI $base_arch: nothing compared"
fi

# abidiff's status is a bit mask: 1 error, 2 usage error, 4 an ABI
# change, 8 an incompatible one.  Added functions are an ABI change too,
# so the verdict comes from a second run that leaves them out.
diff_opts="--headers-dir2 $hdrs --drop-private-types --fail-no-debug-info"
# shellcheck disable=SC2086
abidiff $diff_opts "$base" "$lib" >"$tmp/report" 2>&1 && st=0 || st=$?
[ $((st & 3)) = 0 ] || { cat "$tmp/report" >&2; die "abidiff failed (status $st)"; }
# shellcheck disable=SC2086
abidiff $diff_opts --no-added-syms "$base" "$lib" >"$tmp/verdict" 2>&1 && vst=0 || vst=$?

if [ "${base_soname##*.so.}" != "$major" ]; then
    sed 's/^/  /' "$tmp/report"
    finish "abi-check: $stem: soname $soname, $release had $base_soname: a new ABI, the changes above are allowed"
fi

if [ "$vst" != 0 ]; then
    sed 's/^/  /' "$tmp/report" >&2
    bad "$stem: $lib breaks the ABI of $release ($base, abidiff status $vst) with soname $soname; keep the old interface, or change MANA_VERSION_MAJOR"
fi

# Version nodes: name@node of each export, released and built.
sed -n "s/.*<elf-symbol name='\([^']*\)' version='\([^']*\)'.*/\1 \2/p" "$base" | sort >"$tmp/old"
nm -D --defined-only "$lib" | awk '$3 ~ /@/ { n = $3; v = $3; sub(/@.*/, "", n);
    sub(/^[^@]*@@?/, "", v); print n, v }' | sort >"$tmp/new"
cut -d' ' -f2 "$tmp/old" | sort -u >"$tmp/old.nodes"
while read -r name node; do
    old=$(awk -v n="$name" '$1 == n { print $2 }' "$tmp/old")
    if [ -z "$old" ]; then
        if grep -qx "$node" "$tmp/old.nodes"; then
            bad "$name is new since $release but in its version node $node: list it in a newer node of the version script"
        fi
    elif [ "$old" != "$node" ]; then
        bad "$name moved from version node $old ($release) to $node"
    fi
done <"$tmp/new"

added=$(grep -c '\[A\]' "$tmp/report" || true)
finish "abi-check: $stem: $lib keeps the ABI of $release ($added functions added, each in a newer version node)"
