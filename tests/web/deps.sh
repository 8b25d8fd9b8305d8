#!/bin/sh
# SPDX-License-Identifier: MIT
# make wasm's dependency check (wasm-deps, the apt_need of mk/wasm.mk) for a
# user who cannot install: with emcc missing it stops, naming the Debian
# package and the command that installs it.  Needs root (to run make as
# nobody, who has no sudo); skipped otherwise.  Run by make check-web.
#
# nobody runs make in a copy of the tree (without build/) in a new
# directory of its own: the clone may lie where nobody cannot enter.
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
if [ "$(id -u)" != 0 ] || ! command -v runuser >/dev/null 2>&1 || ! id nobody >/dev/null 2>&1; then
    echo "skip - wasm-deps as a user who cannot install (needs root and runuser)"
    exit 0
fi
tmp=$(mktemp -d) && chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/tree" "$tmp/build"
(cd "$repo" && tar --exclude=./build --exclude=./.git -cf - .) | tar -C "$tmp/tree" -xf - ||
    { echo "not ok - wasm-deps as nobody: the tree could not be copied to $tmp/tree"; exit 1; }
chmod -R a+rX "$tmp/tree"
chown nobody "$tmp/build"
if ! runuser -u nobody -- test -r "$tmp/tree/Makefile"; then
    echo "not ok - wasm-deps as nobody: nobody cannot read $tmp/tree (under TMPDIR=${TMPDIR:-/tmp})"
    exit 1
fi
runuser -u nobody -- make -s -C "$tmp/tree" wasm-deps EMCC=mana-no-such-emcc B="$tmp/build" >"$tmp/out" 2>&1
rc=$?
want="make wasm-deps: missing the Debian packages emscripten; install them with: sudo apt-get install emscripten"
if [ "$rc" != 0 ] && grep -qxF "$want" "$tmp/out"; then
    echo "ok - wasm-deps without emcc, as nobody: stops naming emscripten"
else
    echo "not ok - wasm-deps without emcc, as nobody (exit $rc):"; cat "$tmp/out"
    exit 1
fi
