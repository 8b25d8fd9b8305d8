#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# install-check.sh - libmana as another program sees it, once installed:
#   1. make install into a temporary prefix (and a DESTDIR staging copy);
#   2. pkg-config gives the header's version and working flags;
#   3. every examples/c/*.c builds from a copy outside the tree with only
#      `pkg-config --cflags --libs mana` (`mana-bots` for one that includes
#      mana_bot.h), links the installed libmana.so (and libmana-bots.so)
#      and runs (one also statically against the installed libmana.a);
#   4. the installed headers compile alone, the installed libraries export
#      exactly tests/exports.txt and tests/exports-bots.txt;
#   5. the Python package: its wheel (python3 -m build) installed into a
#      fresh venv passes its tests from outside the tree, with its bundled
#      libmana and with the installed one (MANA_LIBRARY);
#   6. `man -M PREFIX/share/man mana_play` renders, as does the page of every
#      exported name and mana(7);
#   7. the installed mana-cli runs from PREFIX/bin outside the tree (perft,
#      an engine session) and `man -M PREFIX/share/man 1 mana-cli` renders;
#   8. make uninstall leaves no file behind (empty directories are removed
#      afterwards).
#
#   usage: .ci/install-check.sh        (from anywhere; uses make -j2)
set -euo pipefail
# (grep in a pipe reads all its input: grep -q would exit early and, under
# pipefail, fail the pipe with the writer's SIGPIPE.)
cd "$(dirname "$0")/.."

MAKE=${MAKE:-make}
CC=${CC:-cc}
PYTHON=${PYTHON:-python3}
export PYTHONDONTWRITEBYTECODE=1 # no __pycache__ left in the tree
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
stage=$work/stage

step() { printf '== install-check: %s\n' "$*"; }
fail() {
    printf 'install-check: FAIL: %s\n' "$*" >&2
    exit 1
}

version=$(sh tools/version.sh)
major=${version%%.*}
[ -n "$version" ] || fail "tools/version.sh found no version in include/mana.h"

step "build and install $version into $prefix"
"$MAKE" -s -j2 all
"$MAKE" -s -j2 install PREFIX="$prefix"
lib=$prefix/lib
[ "$(readlink "$lib/libmana.so")" = "libmana.so.$major" ] || fail "libmana.so link"
[ "$(readlink "$lib/libmana.so.$major")" = "libmana.so.$version" ] || fail "soname link"
readelf -d "$lib/libmana.so.$version" | grep "SONAME.*\[libmana\.so\.$major\]" >/dev/null ||
    fail "soname of the installed library is not libmana.so.$major"

step "pkg-config"
export PKG_CONFIG_PATH=$lib/pkgconfig
got=$(pkg-config --modversion mana) || fail "pkg-config does not find mana"
[ "$got" = "$version" ] || fail "pkg-config --modversion mana: $got, header: $version"
cflags=$(pkg-config --cflags mana)
libs=$(pkg-config --libs mana)
echo "   cflags: $cflags"
echo "   libs:   $libs"
got=$(pkg-config --modversion mana-bots) || fail "pkg-config does not find mana-bots"
[ "$got" = "$version" ] || fail "pkg-config --modversion mana-bots: $got, header: $version"
echo "   mana-bots: $(pkg-config --cflags --libs mana-bots)"

step "C examples, built from a copy with pkg-config flags only"
mkdir "$work/src"
cp examples/c/*.c "$work/src/"
n=0
for src in "$work"/src/*.c; do
    exe=${src%.c}
    pkg=mana
    grep -q 'mana_bot\.h' "$src" && pkg=mana-bots
    # shellcheck disable=SC2086  # the flags are words
    "$CC" -std=c11 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags $pkg) -o "$exe" "$src" \
        $(pkg-config --libs $pkg) ||
        fail "$(basename "$src") does not build against the installed copy"
    # shellcheck disable=SC2086
    "$CC" $cflags -M "$src" | grep -F "$prefix/include/mana.h" >/dev/null ||
        fail "$(basename "$src") did not include the installed mana.h"
    LD_LIBRARY_PATH=$lib ldd "$exe" | grep -F "libmana.so.$major => $lib/" >/dev/null ||
        fail "$(basename "$exe") does not load $lib/libmana.so.$major"
    if [ $pkg = mana-bots ]; then
        LD_LIBRARY_PATH=$lib ldd "$exe" | grep -F "libmana-bots.so.$major => $lib/" >/dev/null ||
            fail "$(basename "$exe") does not load $lib/libmana-bots.so.$major"
    fi
    LD_LIBRARY_PATH=$lib "$exe" >"$exe.out" || fail "$(basename "$exe") failed"
    n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "no examples/c/*.c"
grep -qx 'perft(3) = 421' "$work/src/perft.out" || fail "perft(3) of the start is not 421"
grep -qx "libmana $version" "$work/src/perft.out" || fail "perft does not report libmana $version"
grep -q '^result: ' "$work/src/bot_game.out" || fail "bot_game played no game"
# shellcheck disable=SC2086
"$CC" $cflags -o "$work/src/perft-static" "$work/src/perft.c" \
    -Wl,-Bstatic $(pkg-config --libs-only-L mana) -lmana -Wl,-Bdynamic ||
    fail "perft.c does not link against the installed libmana.a"
if ldd "$work/src/perft-static" | grep libmana >/dev/null; then
    fail "perft-static still needs libmana.so"
fi
"$work/src/perft-static" | grep -x 'perft(3) = 421' >/dev/null || fail "static perft"
echo "   $n examples built and run; perft also linked statically"

step "installed header and exports"
for h in mana.h mana_ml.h mana_bot.h; do sh tests/pkg/check-header.sh "$prefix/include/$h"; done
sh tests/pkg/check-exports.sh "$lib/libmana.so" tests/exports.txt "$prefix/include/mana.h" "$prefix/include/mana_ml.h"
sh tests/pkg/check-exports.sh "$lib/libmana-bots.so" tests/exports-bots.txt "$prefix/include/mana_bot.h"
sh tests/pkg/check-exports.sh "$lib/libmana.a" tests/exports.txt "$prefix/include/mana.h" "$prefix/include/mana_ml.h"
sh tests/pkg/check-exports.sh "$lib/libmana-bots.a" tests/exports-bots.txt "$prefix/include/mana_bot.h"

step "Python: the wheel in a fresh venv"
PYSYS=/usr/bin/python3
[ -x "$PYSYS" ] || PYSYS=$PYTHON
"$MAKE" -s python-deps
"$PYSYS" -m build --no-isolation --wheel --outdir "$work/dist" bindings/python >"$work/build.log" 2>&1 ||
    { cat "$work/build.log"; fail "python3 -m build --wheel"; }
"$PYSYS" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install -q --no-index --no-deps --disable-pip-version-check \
    "$work"/dist/mana-"$version"-*.whl
mkdir "$work/py"
repo=$(pwd)
(cd "$work/py" && MANA_PERFT_FILE=$repo/tests/data/perft.txt \
    "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$repo/bindings/python/tests") ||
    fail "pytest against the installed wheel"
(cd "$work/py" && MANA_LIBRARY=$lib/libmana.so.$major \
    "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$repo/bindings/python/tests") ||
    fail "pytest against the installed libmana (MANA_LIBRARY)"
(cd "$work/py" && "$work/venv/bin/python" "$repo/examples/python/random_game.py" 3) |
    grep '^result: ' >/dev/null || fail "random_game.py"
echo "   the wheel passes its tests with its own libmana and with $lib/libmana.so.$major"

step "Python: fresh venv, pip install, foreign libmana.so.1 on the path"
.ci/python-fresh-install.sh

step "man pages"
render() { # section name: the page as plain text, in $work/page.txt
    if command -v man >/dev/null 2>&1; then
        MANPAGER=cat MANWIDTH=80 man -M "$prefix/share/man" "$1" "$2" 2>/dev/null
    elif command -v mandoc >/dev/null 2>&1; then
        (cd "$prefix/share/man" && mandoc -Tascii "man$1/$2.$1")
    else
        fail "neither man nor mandoc is installed"
    fi | col -b >"$work/page.txt"
}
render 3 mana_play
grep -q 'mana_play(mana_game \*g, mana_move m)' "$work/page.txt" ||
    fail "man -M $prefix/share/man mana_play does not show the synopsis"
for name in $(grep -hv '^#' tests/exports.txt tests/exports-bots.txt); do
    render 3 "$name"
    sed -n '/^NAME/,/^[A-Z]/p' "$work/page.txt" | grep -w "$name" >/dev/null ||
        fail "man 3 $name does not render a page naming it"
done
for name in mana libmana; do
    render 7 "$name"
    grep -q 'Mana Forsyth Notation' "$work/page.txt" || fail "man 7 $name"
done
echo "   $(cat tests/exports.txt tests/exports-bots.txt | grep -vc '^#') section-3 names, mana(7) and libmana(7) render"

step "mana-cli and mana-cli(1)"
cli=$prefix/bin/mana-cli
[ -x "$cli" ] || fail "no executable $cli"
(cd "$work" && "$cli" perft 3 'rrdrrr/6/6/6/6/RRRDRR b - 0') | tail -n 1 | grep -x 421 >/dev/null ||
    fail "installed mana-cli: perft 3 of the start is not 421"
printf 'mana\nposition mfn 6/6/3R2/2r3/1R4/d3D1 w 2 0\ngo depth 4\n' | (cd "$work" && "$cli" engine) |
    grep '^bestmove d4xc3\( ponder [a-f][1-6][-x][a-f][1-6]\)\{0,1\}$' >/dev/null || fail "installed mana-cli engine: no bestmove d4xc3"
render 1 mana-cli
grep -q 'ENGINE PROTOCOL' "$work/page.txt" || fail "man 1 mana-cli does not render"
echo "   $cli runs (perft, engine); mana-cli(1) renders"

step "DESTDIR staging"
"$MAKE" -s -j2 install DESTDIR="$stage" PREFIX=/usr/local
grep -qx 'prefix=/usr/local' "$stage/usr/local/lib/pkgconfig/mana.pc" ||
    fail "DESTDIR leaked into mana.pc"
diff <(cd "$prefix" && find . | sort) <(cd "$stage/usr/local" && find . | sort) ||
    fail "DESTDIR install differs from the PREFIX install"
"$MAKE" -s uninstall DESTDIR="$stage" PREFIX=/usr/local
left=$(find "$stage" ! -type d)
[ -z "$left" ] || fail "uninstall with DESTDIR left: $left"

step "uninstall"
"$MAKE" -s uninstall PREFIX="$prefix"
left=$(find "$prefix" ! -type d)
[ -z "$left" ] || fail "uninstall left: $left"
find "$prefix" -depth -type d -empty -delete
[ ! -e "$prefix" ] || fail "non-empty directories left in $prefix"
echo "install-check: ok"
