#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# python-fresh-install.sh - the Python package as a new user gets it:
#   a fresh venv (Debian's python3, system site packages), then
#   `pip install --no-build-isolation ./bindings/python`, then from /tmp,
#   with a foreign libmana.so.1 (a library without mana_new, like the RDMA
#   provider of ibverbs-providers) first on LD_LIBRARY_PATH: a whole game,
#   pickled and unpickled mid-game, a record written and read back, an SVG.
#
#   usage: .ci/python-fresh-install.sh     (from anywhere; about 20 s)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
PYSYS=/usr/bin/python3
[ -x "$PYSYS" ] || PYSYS=python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$PYSYS" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check --no-index \
    --no-build-isolation "$repo/bindings/python" >"$work/pip.log" 2>&1 ||
    { cat "$work/pip.log"; exit 1; }

mkdir "$work/foreign"
echo 'int ibv_foreign_probe(void) { return 42; }' >"$work/foreign/f.c"
${CC:-cc} -shared -fPIC -o "$work/foreign/libmana.so.1" "$work/foreign/f.c"
ln -s libmana.so.1 "$work/foreign/libmana.so"

cd /tmp
env -u MANA_LIBRARY LD_LIBRARY_PATH="$work/foreign" "$work/venv/bin/python" - <<'PY'
import pickle, random, mana, mana.svg
g = mana.Game(ply_limit=400)
g.setup_random(2024)
rng = random.Random(5)
half = None
while not g.is_over():
    g.play(rng.choice(g.legal_moves()))
    if g.ply == 30:
        half = pickle.loads(pickle.dumps(g))
        assert half == g and half.history() == g.history()
assert half is not None and half.ply == 30
while not half.is_over():  # the unpickled game plays on by itself
    half.play(half.legal_move_values()[0])
text = g.record({"White": "random", "Black": "random"})
back = mana.read_record(text.encode())
assert back.history_values() == g.history_values() and back.status == g.status
svg = mana.svg.board(g, size=320)
assert svg.rstrip().endswith("</svg>")
print("fresh install: mana %s from %s; %d plies, %s (%s); record %d bytes; SVG %d bytes"
      % (mana.__version__, mana.library_path(), g.ply, g.status.name,
         g.end_reason.name, len(text), len(svg)))
PY
