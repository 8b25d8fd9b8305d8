#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Train your own evaluation for the ab bot with the project's pipeline,
and see what it is worth before playing it.

    build/python/venv/bin/python examples/python/train_eval.py
        [--games 2000] [--nodes 1000] [--seed 1] [--dir DIR]
        [--drop INPUT ...] [--epochs 20] [--out FILE]

Run it from a source tree, after `make build/tools/tune/features` and
with the `mana` package importable (make check-python's venv above, or
make install-python).  `make learn-eval` is the same pipeline, at full
size, writing bots/ab_learned.c (docs/strength.md, "A learned
evaluation"); this example runs its steps one by one so that you can
change one:

1. games: self-play of ab from random setups on a local Dask cluster of
   two worker processes (mana.selfplay, as `python3 -m mana.selfplay
   --bot ab`), kept in DIR (a second run with the same options plays none
   again);
2. inputs: the quiet positions of those games, each with the inputs of
   the learned evaluation (ab's features and a few richer ones; `features
   --learn`, C, as the bot computes them) and the game's result for the
   side to move;
3. model: the network of tools/learn/learn.py (a linear part and 16
   clamped hidden units, trained on the results, Texel style), here with
   the inputs named by --drop removed (their column set to 0): the
   held-out log loss says what they were worth;
4. table: the integer weights as C (--out), which the bot reads once
   copied over bots/ab_learned.c and rebuilt:

       cp OUT bots/ab_learned.c && make
       build/mana-cli match --white cmd:'build/mana-cli engine' --opt Eval=learned \\
           --black cmd:'build/mana-cli engine' --setup random --nodes 20000 \\
           --games 2000 --sprt 'elo0=0 elo1=20 alpha=0.05 beta=0.05'

examples/python/train_value.py trains a value network of another kind,
on the library's observation planes (for a Python player, not for ab).
"""

import argparse
import importlib.util
import math
import os
import subprocess
import sys
from typing import Any

import numpy as np

import mana.selfplay

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_tool(name: str, path: str) -> Any:
    """A module of the tree's tools (tools/learn/learn.py), untyped here."""
    sys.path.insert(0, os.path.join(TOP, "tools", "tune"))  # learn.py imports tune.py
    spec = importlib.util.spec_from_file_location(name, os.path.join(TOP, path))
    if spec is None or spec.loader is None:
        sys.exit("cannot load %s" % path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--nodes", type=int, default=1000, help="ab's nodes a move in the games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", default="/tmp/mana-train-eval")
    ap.add_argument("--drop", action="append", default=[], help="an input to train without")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--out", default="/tmp/mana-train-eval/ab_learned.c")
    args = ap.parse_args()
    learn = load_tool("learn", "tools/learn/learn.py")

    # 1. games, on Dask
    games = os.path.join(args.dir, "games")
    rc = mana.selfplay.main(["--bot", "ab", "--ab-nodes", str(args.nodes), "--games", str(args.games),
                             "--games-per-shard", str(max(1, args.games // 8)), "--workers", "2",
                             "--seed", str(args.seed), "--out", games, "--quiet"])
    if rc != 0:
        return rc

    # 2. inputs, by the C code the bot runs
    csv = os.path.join(args.dir, "inputs.csv")
    shards = sorted(os.path.join(games, n) for n in os.listdir(games) if n.endswith(".mana"))
    with open(csv, "w", encoding="utf-8") as f:
        subprocess.run([os.path.join(TOP, "build", "tools", "tune", "features"), "--learn"] + shards,
                       stdout=f, check=True)
    names, x, y = learn.tune.load(csv)
    linear_scores = learn.linear_scores(names, x, os.path.join(TOP, "bots", "ab_weights.c"))
    for name in args.drop:
        if name not in names:
            sys.exit("no input %r (the inputs: %s)" % (name, ", ".join(names)))
        x[:, names.index(name)] = 0
    print("%d positions of %d games; inputs %s" % (len(y), args.games,
                                                  ", ".join(n for n in names if n not in args.drop)))

    # 3. the model: learn.py's network, trained here step by step
    defines = learn.header_defines(os.path.join(TOP, "bots", "ab.h"))
    tr, va, te = learn.split(len(y))
    mu = x[tr].mean(0)
    sd = np.where(x[tr].std(0) > 1e-9, x[tr].std(0), 1.0)
    xn = (x - mu) / sd
    beta = learn.tune.fit(np.column_stack([np.ones(len(y)), xn])[tr], y[tr])
    rng = np.random.default_rng(args.seed)
    net = learn.Net(len(names), defines["AB_LEARN_HIDDEN"], beta[1:], float(beta[0]), rng)
    for epoch in range(args.epochs):
        order = rng.permutation(tr.stop)
        for k in range(0, len(order), 512):
            net.step(xn[order[k:k + 512]], y[order[k:k + 512]], 3e-3 * 0.5 ** (epoch / 7), 1e-4)
    table = learn.quantize(net, mu, sd)
    table.check_range()

    # what it is worth, on the held-out games, against ab's linear evaluation
    def loss(scores: Any) -> float:
        return float(learn.log_loss(learn.sigmoid(scores[te] / 100.0), y[te]))
    linear = loss(linear_scores)
    learned = loss(table.scores(x.astype(np.int64)).astype(np.float64))
    print("held-out log loss: linear %.4f, yours %.4f (a coin: %.4f)" % (linear, learned, math.log(2)))

    # 4. the table
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(learn.c_table(names, table, defines["AB_LEARN_PAD"],
                              ["trained by examples/python/train_eval.py on %d positions" % len(y)],
                              " ".join(sys.argv)))
    print("wrote %s: cp it over bots/ab_learned.c, make, then play it with --opt Eval=learned" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
