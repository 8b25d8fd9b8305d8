#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""learn.py - trains ab's learned evaluation (Eval=learned; bots/ab.h,
ab_learned_score) on self-play positions and writes its weights as a C
table (bots/ab_learned.c).

    learn.py train INPUTS.csv [--out bots/ab_learned.c] [--command TEXT]
        [--epochs 30] [--seed 1] [--vectors FILE] [--must-beat constant|linear]
    learn.py vectors INPUTS.csv TABLE.c > FILE   (scores of a table)

INPUTS.csv is what `features --learn` (tools/tune/features.c) prints: the
game's result for the side to move (1, 0.5, 0), then the inputs of
ab_learn_inputs, one quiet position a line, the positions of a game
together and the games in order.  The last 10% of the lines (the last
games) are held out for the figures, the 10% before them pick the epoch.

The model, Texel style as tools/tune/tune.py's linear fit: the chance
that the side to move wins is sigmoid(out), trained on the games' results
(log loss, Adam, numpy alone), with

    out = c + a . x + w2 . clamp(W1 x + b1, 0, 1)

a linear part (started from the logistic fit of tune.py) beside a hidden
layer of clamped units.  The inputs' normalisation is folded into W1, b1,
a and c, which are then rounded to the integers the C code multiplies
(bots/ab.h: AB_LEARN_ONE, AB_LEARN_OUT); the figures printed (and written
into the table's header comment) are those of the integer model, computed
as the C code does, against the linear evaluation of bots/ab_weights.c on
the same held-out positions.

`vectors` prints, for every position of INPUTS.csv, its inputs and the
score that the table TABLE.c gives (the same integer arithmetic), for
tests/cli/learncheck to compare with the C code's.

The whole pipeline (self-play on Dask, features, training) is `make
learn-eval`; docs/strength.md, "A learned evaluation".
"""
import argparse
import math
import os
import re
import sys
import time
from typing import Any, Dict, Iterable, List, Sequence, Tuple

import numpy as np
import numpy.typing as npt

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tune"))
import tune  # noqa: E402  (tools/tune/tune.py: load, fit, current_weights)

Matrix = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

ONE = 1024        # AB_LEARN_ONE: the hidden layer's 1.0
OUT = 16          # AB_LEARN_OUT: out's units per hundredth of a logit
LEARN_MAX = 10000  # the bound of a score (ab_eval.c)
INPUT_BOUND = 400  # no input is larger in magnitude (for the overflow check)


def header_defines(path: str) -> Dict[str, int]:
    """The integer #defines of a C header (AB_LEARN_INPUTS, ...); the
    scales this script computes with must be the header's."""
    with open(path, encoding="utf-8") as f:
        d = {m.group(1): int(m.group(2))
             for m in re.finditer(r"^#define (\w+) (-?\d+)\b", f.read(), re.M)}
    if d.get("AB_LEARN_ONE") != ONE or d.get("AB_LEARN_OUT") != OUT:
        raise SystemExit("learn.py: %s's AB_LEARN_ONE and AB_LEARN_OUT are not %d and %d"
                         % (path, ONE, OUT))
    return d


def log_loss(p: Matrix, y: Matrix) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def sigmoid(z: Matrix) -> Matrix:
    out: Matrix = 1.0 / (1.0 + np.exp(-z))
    return out


class Net:
    """out = c + a . x + w2 . clamp(W1 x + b1, 0, 1), x normalised."""

    def __init__(self, k: int, hidden: int, a0: Matrix, c0: float, rng: Any) -> None:
        self.p: List[Matrix] = [rng.normal(0, 1 / math.sqrt(k), (k, hidden)),
                                np.full(hidden, 0.5), rng.normal(0, 0.01, hidden),
                                a0.copy(), np.array([c0])]
        self.m = [np.zeros_like(q) for q in self.p]
        self.v = [np.zeros_like(q) for q in self.p]
        self.t = 0

    def forward(self, x: Matrix) -> Tuple[Matrix, Matrix]:
        z = x @ self.p[0] + self.p[1]
        h = np.clip(z, 0.0, 1.0)
        out: Matrix = self.p[4][0] + x @ self.p[3] + h @ self.p[2]
        return out, z

    def step(self, x: Matrix, y: Matrix, lr: float, l2: float) -> None:
        out, z = self.forward(x)
        h = np.clip(z, 0.0, 1.0)
        d = (sigmoid(out) - y) / len(y)
        dz = np.outer(d, self.p[2]) * ((z > 0) & (z < 1))
        grads = [x.T @ dz + l2 * self.p[0], dz.sum(0), h.T @ d + l2 * self.p[2],
                 x.T @ d, np.array([d.sum()])]
        self.t += 1  # Adam, its bias corrections c1 and c2
        c1, c2 = 1 - 0.9 ** self.t, 1 - 0.999 ** self.t
        for i, g in enumerate(grads):
            self.m[i] += 0.1 * (g - self.m[i])
            self.v[i] += 0.001 * (g * g - self.v[i])
            self.p[i] = self.p[i] - lr * (self.m[i] / c1) / (np.sqrt(self.v[i] / c2) + 1e-8)


class Table:
    """The integer weights, as bots/ab_learned.c holds them."""

    def __init__(self, w1: Ints, b1: Ints, w2: Ints, a: Ints, b2: int) -> None:
        self.w1, self.b1, self.w2, self.a, self.b2 = w1, b1, w2, a, b2

    def scores(self, x: Ints) -> Ints:
        """ab_learned_score of every row of x (no_safe 0), exactly."""
        z = np.clip(x @ self.w1.T + self.b1, 0, ONE)
        out = self.b2 + ONE * (x @ self.a) + z @ self.w2
        d = ONE * OUT
        s: Ints = np.sign(out) * (np.abs(out) // d)  # C's division truncates
        return np.clip(s, -LEARN_MAX, LEARN_MAX)

    def check_range(self) -> None:
        """w1 and a fit 16 bits, and the 32-bit sums of the hidden layer
        and of a . x cannot overflow for inputs within INPUT_BOUND."""
        for name, w in (("w1", self.w1), ("a", self.a), ("w2", self.w2)):
            if np.max(np.abs(w)) >= 2 ** 15:
                raise SystemExit("learn.py: a weight of %s does not fit 16 bits (%d)"
                                 % (name, int(np.max(np.abs(w)))))
        worst = max(int(np.max(np.abs(self.b1) + INPUT_BOUND * np.abs(self.w1).sum(1))),
                    INPUT_BOUND * int(np.abs(self.a).sum()))
        if worst >= 2 ** 31:
            raise SystemExit("learn.py: a sum could overflow 32 bits (%d)" % worst)


def quantize(net: Net, mu: Matrix, sd: Matrix) -> Table:
    """Folds the normalisation (x - mu) / sd into the weights and rounds
    them to the C code's integers."""
    w1 = net.p[0].T / sd                       # (hidden, k), for raw x
    b1 = net.p[1] - w1 @ mu
    a = net.p[3] / sd
    c = net.p[4][0] - float(a @ mu)
    cl = 100.0  # hundredths of a logit
    return Table(np.round(w1 * ONE).astype(np.int64), np.round(b1 * ONE).astype(np.int64),
                 np.round(net.p[2] * cl * OUT).astype(np.int64),
                 np.round(a * cl * OUT).astype(np.int64), int(round(c * cl * ONE * OUT)))


def linear_scores(names: Sequence[str], x: Matrix, weights_c: str) -> Matrix:
    """The linear evaluation (bots/ab_weights.c) of quiet positions from
    their inputs: tempo 1, no_safe 0, the other features are inputs."""
    w = tune.current_weights(weights_c)
    feats = ["tempo", "ronins", "mobility", "opp_least", "threat_us", "threat_them",
             "no_safe", "safe_give", "reentry", "damyo_room", "pressure"]  # enum ab_feature
    s = np.full(len(x), float(w[0]))
    for k, f in enumerate(feats):
        if f in names:
            s += w[k] * x[:, names.index(f)]
    return s


def split(n: int) -> Tuple[slice, slice, slice]:
    """Training, validation and held-out rows: 80%, 10%, the last 10%."""
    a, b = int(n * 0.8), int(n * 0.9)
    return slice(0, a), slice(a, b), slice(b, n)


def train(a: argparse.Namespace) -> int:
    t0 = time.time()
    defines = header_defines(a.header)
    names, x, y = tune.load(a.csv)
    if len(names) != defines["AB_LEARN_INPUTS"]:
        raise SystemExit("learn.py: %s has %d inputs, %s says AB_LEARN_INPUTS %d"
                         % (a.csv, len(names), a.header, defines["AB_LEARN_INPUTS"]))
    hidden = defines["AB_LEARN_HIDDEN"]
    if len(y) < 50:
        raise SystemExit("learn.py: %d positions are too few to train on" % len(y))
    tr, va, te = split(len(y))
    mu = x[tr].mean(0)
    sd = np.where(x[tr].std(0) > 1e-9, x[tr].std(0), 1.0)
    xn = (x - mu) / sd
    # the linear part starts from the logistic fit (tune.py's Newton)
    beta = tune.fit(np.column_stack([np.ones(len(y)), xn])[tr], y[tr])
    rng = np.random.default_rng(a.seed)
    net = Net(len(names), hidden, beta[1:], float(beta[0]), rng)
    best = (math.inf, [q.copy() for q in net.p], 0)
    for epoch in range(a.epochs):
        lr = a.lr * (0.5 ** (epoch / max(a.epochs / 3, 1)))
        order = rng.permutation(np.arange(tr.stop))
        for k in range(0, len(order), a.batch):
            b = order[k:k + a.batch]
            net.step(xn[b], y[b], lr, a.l2)
        loss = log_loss(sigmoid(net.forward(xn[va])[0]), y[va])
        if loss < best[0]:
            best = (loss, [q.copy() for q in net.p], epoch + 1)
    net.p = best[1]
    table = quantize(net, mu, sd)
    table.check_range()
    xi = x.astype(np.int64)
    seconds = time.time() - t0

    def figures(s: Matrix) -> Tuple[float, float]:
        p = sigmoid(s[te] / 100.0)
        return log_loss(p, y[te]), float(np.mean((p - y[te]) ** 2))

    lin = figures(linear_scores(names, x, a.weights))
    refit = tune.fit(np.column_stack([np.ones(len(y)), xn])[tr], y[tr])
    lin18 = figures(100.0 * (refit[0] + xn @ refit[1:]))
    learned = figures(table.scores(xi).astype(np.float64))
    const = figures(np.full(len(y), 100.0 * math.log(max(y[tr].mean(), 1e-6) / max(1 - y[tr].mean(), 1e-6))))
    games = len(y)
    summary = ("%d quiet positions (%d trained on, %d to pick the epoch, %d held out); epoch %d of %d"
               % (games, tr.stop, va.stop - va.start, te.stop - te.start, best[2], a.epochs))
    rows = [("constant", const), ("linear (ab_weights.c)", lin),
            ("logistic on the %d inputs" % len(names), lin18), ("learned (this table)", learned)]
    report = ["held-out log loss / mean squared error:"] + [
        "  %-28s %.4f / %.4f" % (n, f[0], f[1]) for n, f in rows]
    print("learn: %s; trained in %.1f s" % (summary, seconds), file=sys.stderr)
    for line in report:
        print("learn: " + line, file=sys.stderr)
    text = c_table(names, table, defines["AB_LEARN_PAD"], [summary] + report, a.command)
    with open(a.out + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(a.out + ".tmp", a.out)
    if a.vectors:
        with open(a.vectors, "w", encoding="utf-8") as f:
            write_vectors(f, xi, table)
    if a.must_beat:
        base = const if a.must_beat == "constant" else lin
        if learned[0] >= base[0]:
            print("learn: the table's held-out log loss %.4f is not below the %s evaluation's %.4f"
                  % (learned[0], a.must_beat, base[0]), file=sys.stderr)
            return 1
    return 0


def c_list(values: Iterable[Any]) -> str:
    return ", ".join(str(int(v)) for v in values)


def c_table(names: Sequence[str], t: Table, pad: int, notes: Sequence[str], command: str) -> str:
    note = "".join(" * %s\n" % line for line in notes)
    made = " * Made by: %s\n" % command if command else ""
    zeros = [0] * (pad - len(names))  # the inputs' padding (AB_LEARN_PAD)
    # by pairs of inputs: w1[p][j] = {W[j][2p], W[j][2p + 1]} (ab.h)
    w1 = "\n".join("    {%s}," % ", ".join("{%d, %d}" % (int(t.w1[j, 2 * p]), int(t.w1[j, 2 * p + 1]))
                                           for j in range(t.w1.shape[0]))
                    for p in range(t.w1.shape[1] // 2))
    return ("/* SPDX-License-Identifier: MIT */\n/*\n"
            " * ab_learned.c - the weights of ab's learned evaluation (Eval=learned;\n"
            " * ab.h, ab_learned_score), written by tools/learn/learn.py: do not edit.\n"
            + note + made +
            " */\n#include \"ab.h\"\n\n"
            "const char *const ab_learned_inputs[AB_LEARN_INPUTS] = {\n    %s,\n};\n\n"
            % ", ".join('"%s"' % n for n in names) +
            "const int16_t ab_learned_w1[AB_LEARN_INPUTS / 2][AB_LEARN_HIDDEN][2] = {\n%s\n};\n\n" % w1 +
            "const int32_t ab_learned_b1[AB_LEARN_HIDDEN] = {%s};\n\n" % c_list(t.b1) +
            "const int16_t ab_learned_w2[AB_LEARN_HIDDEN] = {%s};\n\n" % c_list(t.w2) +
            "const int16_t ab_learned_a[AB_LEARN_PAD] = {%s};\n\n" % c_list(list(t.a) + zeros) +
            "const int32_t ab_learned_b2 = %d;\n" % t.b2)


def read_table(path: str) -> Tuple[List[str], Table]:
    """The names and integers of a table that c_table wrote."""
    with open(path, encoding="utf-8") as f:
        text = f.read()

    def block(name: str) -> List[int]:
        m = re.search(r"\b%s\b[^=]*=\s*(\{.*?\};|-?\d+;)" % name, text, re.S)
        if m is None:
            raise SystemExit("learn.py: %s: no %s" % (path, name))
        return [int(v) for v in re.findall(r"-?\d+", m.group(1))]

    m = re.search(r"ab_learned_inputs\[AB_LEARN_INPUTS\] = \{(.*?)\};", text, re.S)
    names = re.findall(r'"(\w+)"', m.group(1)) if m else []
    k = len(names)
    b1 = block("ab_learned_b1")
    pairs = np.array(block("ab_learned_w1"), dtype=np.int64).reshape(k // 2, len(b1), 2)
    w1 = pairs.transpose(1, 0, 2).reshape(len(b1), k)
    a = np.array(block("ab_learned_a"), dtype=np.int64)
    if np.any(a[k:]):
        raise SystemExit("learn.py: %s: the padding of a is not 0" % path)
    return names, Table(w1, np.array(b1, dtype=np.int64), np.array(block("ab_learned_w2"), dtype=np.int64),
                        a[:k], block("ab_learned_b2")[0])


def write_vectors(f: Any, x: Ints, t: Table) -> None:
    for row, s in zip(x, t.scores(x)):
        f.write("%s %d\n" % (" ".join(str(int(v)) for v in row), int(s)))


def vectors(a: argparse.Namespace) -> int:
    names, x, _ = tune.load(a.csv)
    tnames, table = read_table(a.table)
    if tnames != names:
        raise SystemExit("learn.py: %s was trained on other inputs than %s's" % (a.table, a.csv))
    write_vectors(sys.stdout, x.astype(np.int64), table)
    return 0


def main(argv: Sequence[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train", help="train and write the C table")
    t.add_argument("csv", help="positions from `features --learn`")
    t.add_argument("--out", default="bots/ab_learned.c")
    t.add_argument("--header", default="bots/ab.h", help="where AB_LEARN_INPUTS and AB_LEARN_HIDDEN are")
    t.add_argument("--weights", default="bots/ab_weights.c", help="the linear evaluation to compare with")
    t.add_argument("--command", default="", help="the command line to record in the table")
    t.add_argument("--epochs", type=int, default=30)
    t.add_argument("--batch", type=int, default=512)
    t.add_argument("--lr", type=float, default=3e-3)
    t.add_argument("--l2", type=float, default=1e-4)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--vectors", help="also write every position's inputs and score here")
    t.add_argument("--must-beat", choices=("constant", "linear"),
                   help="fail (exit status 1, the table written) unless the table's held-out "
                   "log loss is below this evaluation's")
    v = sub.add_parser("vectors", help="the scores a table gives")
    v.add_argument("csv")
    v.add_argument("table")
    a = ap.parse_args(argv)
    if a.cmd == "train":
        if a.epochs < 1 or a.batch < 1:
            ap.error("--epochs and --batch must be at least 1")
        return train(a)
    return vectors(a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
