#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tune.py - fits the weights of ab's evaluation (bots/ab_eval.c)
on self-play positions, Texel style: the probability that the side to move
wins is modelled as sigmoid(eval / 100), eval being the dot product of
the features with the weights, and the weights maximise the likelihood of
the games' results (logistic regression by Newton's method, with a small
L2 penalty).  The weights are the fitted coefficients in hundredths of a
logit (an evaluation of 100 is a 73% chance to win), rounded.  Features
the quiet positions cannot show (always 0 there, like no_safe) keep their
current weight.

    features GAME.mana... > positions.csv        (tools/tune/features)
    tune.py positions.csv > w.c && mv w.c bots/ab_weights.c
    tune.py --selftest                            (recovers known weights)

The whole pipeline, from a seed, is in docs/strength.md.
"""
import argparse
import re
import sys
from typing import List, Sequence, Tuple

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float64]
SCALE = 100.0  # evaluation units per logit


def load(path: str) -> Tuple[List[str], Matrix, Matrix]:
    """Reads the CSV of tools/tune/features: names, features X, results y."""
    with open(path, encoding="utf-8") as f:
        header = f.readline().strip().split(",")
    data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    return header[1:], data[:, 1:], data[:, 0]


def fit(x: Matrix, y: Matrix, l2: float = 1e-3, rounds: int = 50) -> Matrix:
    """Logistic regression of y (in 0..1) on x by Newton's method."""
    n, k = x.shape
    beta = np.zeros(k)
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        grad = x.T @ (p - y) / n + l2 * beta
        hess = (x.T * (p * (1 - p))) @ x / n + l2 * np.eye(k)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return beta


def weights(names: Sequence[str], x: Matrix, y: Matrix) -> Tuple[List[int], List[bool]]:
    """Fits: returns the integer weights (SCALE per logit) and which
    features were fitted (those not always 0)."""
    fitted = [bool(np.any(x[:, i] != 0)) for i in range(len(names))]
    cols = [i for i, f in enumerate(fitted) if f]
    beta = fit(x[:, cols], y)
    full = np.zeros(len(names))
    full[cols] = beta
    return [int(round(b * SCALE)) for b in full], fitted


def current_weights(path: str) -> List[int]:
    """The weights now in ab_weights.c (one integer at the start of each
    table line)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    body = text[text.index("{") + 1:text.index("};")]
    return [int(m) for m in re.findall(r"^\s*(-?\d+),", body, re.M)]


def c_table(names: Sequence[str], w: Sequence[int], note: str) -> str:
    lines = [f"    {v},{' ' * (6 - len(str(v)))}/* {n} */" for n, v in zip(names, w)]
    return ("/* SPDX-License-Identifier: MIT */\n/*\n"
            " * ab_weights.c - the weights of ab's evaluation features (ab.h, enum\n"
            " * ab_feature), in hundredths of a logit, written by tools/tune/tune.py.\n"
            f"{note} */\n#include \"ab.h\"\n\nconst int ab_weights[F_COUNT] = {{\n"
            + "\n".join(lines) + "\n};\n")


def selftest() -> int:
    """Draws results from a known logistic model and checks that the fit
    finds its weights again (within 0.05 logit)."""
    rng = np.random.default_rng(13)
    names = ["tempo", "ronins", "mobility", "never"]
    true = np.array([0.1, 0.8, 0.05, 0.0])
    n = 40000
    x = np.column_stack([np.ones(n), rng.integers(-3, 4, n), rng.integers(0, 40, n), np.zeros(n)])
    p = 1.0 / (1.0 + np.exp(-(x @ true - 1.0)))  # -1: a bias the tempo absorbs
    y = (rng.random(n) < p).astype(float)
    w, fitted = weights(names, x, y)
    want = [int(round(v * SCALE)) for v in true - np.array([1.0, 0, 0, 0])]
    ok = fitted == [True, True, True, False] and all(abs(a - b) <= 5 for a, b in zip(w, want))
    print(f"tune selftest: fitted {w}, expected {want}: {'ok' if ok else 'FAILED'}")
    return 0 if ok else 1


def main(argv: Sequence[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="?", help="positions from tools/tune/features")
    ap.add_argument("--current", default="bots/ab_weights.c",
                    help="weights kept for features the data cannot fit")
    ap.add_argument("--command", default="", help="the command line to record in the output")
    ap.add_argument("--selftest", action="store_true")
    a = ap.parse_args(argv)
    if a.selftest:
        return selftest()
    if not a.csv:
        ap.error("a CSV of positions is needed")
    names, x, y = load(a.csv)
    w, fitted = weights(names, x, y)
    old = current_weights(a.current)
    if len(old) == len(w):
        w = [v if f else o for v, o, f in zip(w, old, fitted)]
    kept = [n for n, f in zip(names, fitted) if not f]
    pred = 1.0 / (1.0 + np.exp(-(x @ np.array(w, dtype=float)) / SCALE))
    mse = float(np.mean((pred - y) ** 2))
    note = (f" * Fitted on {len(y)} quiet positions, mean squared error {mse:.4f}" + (f"; kept by hand: {', '.join(kept)}" if kept else "")
            + ".\n" + (f" * Made by: {a.command}\n" if a.command else ""))
    sys.stdout.write(c_table(names, w, note))
    print(f"tune: {len(y)} positions, mse {mse:.4f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
