#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""duel.py - two engines speaking the libmana engine protocol (mana-cli
engine, or an older build of it) play pairs of games from seeded random
jactalea setups, colours swapped within a pair, and the result is judged
with a pentanomial SPRT (the pair scores 0, 1/2, 1, 3/2, 2), as fishtest
does for chess engines.

    duel.py --go 'nodes 20000' --pairs 100 --elo0 0 --elo1 20 \\
        -- NEW_CMD... -- OLD_CMD...

The first engine is the one tested ("new"); the result is from its view.
It stops early when the SPRT accepts either hypothesis.  Each game ends at
a captured Damyo, a draw the engines report, or the ply limit (a draw).
Every move is checked: an engine that answers an illegal move or errors
ends the run with a message (an incident), it is never scored.
"""
import argparse
import math
import random
import subprocess
import sys
from typing import List, Optional, Tuple


class Engine:
    """One engine process, driven line by line."""

    def __init__(self, cmd: List[str], bot: str) -> None:
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("mana")
        self.until("manaok")
        for k, v in (("Rules", "jactalea"), ("Bot", bot)):
            self.send(f"setoption name {k} value {v}")
        self.sync()

    def send(self, line: str) -> None:
        assert self.p.stdin is not None
        self.p.stdin.write(line + "\n")

    def until(self, prefix: str) -> Tuple[str, List[str]]:
        assert self.p.stdout is not None
        seen: List[str] = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited; last lines {seen[-3:]}")
            line = line.rstrip("\n")
            if line.startswith(prefix):
                return line, seen
            seen.append(line)

    def sync(self) -> List[str]:
        self.send("isready")
        _, seen = self.until("readyok")
        errors = [s for s in seen if s.startswith("info string error")]
        if errors:
            raise RuntimeError("engine error: " + " | ".join(errors))
        return seen

    def status(self, moves: List[str]) -> str:
        self.send("position startpos moves " + " ".join(moves))
        self.send("show")
        for line in self.sync():
            if line.startswith("info string status "):
                return line[len("info string status "):]
        raise RuntimeError("no status from show")

    def go(self, moves: List[str], limits: str) -> str:
        self.send("position startpos moves " + " ".join(moves))
        self.send("go " + limits)
        line, seen = self.until("bestmove")
        errors = [s for s in seen if s.startswith("info string error")]
        if errors:
            raise RuntimeError("engine error: " + " | ".join(errors))
        return line.split()[1]

    def close(self) -> None:
        self.send("quit")
        self.p.wait(timeout=10)


def setup_moves(seed: int) -> List[str]:
    """A random two-rank jactalea setup: orientation, Black's six pieces on
    ranks 5-6 (Damyo first), White's on ranks 1-2."""
    r = random.Random(seed)
    files = "abcdef"
    moves = [f"O{r.randrange(4)}"]
    for ranks in ((5, 6), (1, 2)):
        squares = [f"{f}{k}" for k in ranks for f in files]
        pick = r.sample(squares, 6)
        moves += ["D@" + pick[0]] + ["R@" + s for s in pick[1:]]
    return moves


def play(black: Engine, white: Engine, setup: List[str], limits: str, ply_limit: int) -> float:
    """Plays one game; returns Black's score (1, 1/2, 0)."""
    moves = list(setup)
    for ply in range(ply_limit + 1):
        st = black.status(moves)
        if st == "Black won":
            return 1.0
        if st == "White won":
            return 0.0
        if st != "playing" or ply == ply_limit:
            return 0.5
        mover = black if ply % 2 == 0 else white
        moves.append(mover.go(moves, limits))
    return 0.5


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def sprt_llr(pairs: List[float], elo0: float, elo1: float) -> float:
    """Pentanomial GSPRT log-likelihood ratio (normal approximation) of
    elo1 against elo0, from pair scores in 0..2."""
    n = len(pairs)
    if n < 2:
        return 0.0
    x = [p / 2 for p in pairs]
    mean = sum(x) / n
    var = sum((v - mean) ** 2 for v in x) / n
    if var <= 0:
        return 0.0
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    return n * ((mean - s0) ** 2 - (mean - s1) ** 2) / (2 * var)


def summary(pairs: List[float], wdl: List[int]) -> str:
    n = len(pairs)
    x = [p / 2 for p in pairs]
    mean = sum(x) / n
    var = sum((v - mean) ** 2 for v in x) / n
    half = 1.96 * math.sqrt(var / n) if n > 1 else 0.5
    return (f"games {2 * n} W-D-L {wdl[0]}-{wdl[1]}-{wdl[2]} score {100 * mean:.1f}% "
            f"elo {elo(mean):+.1f} [{elo(mean - half):+.1f}, {elo(mean + half):+.1f}] (95%)")


def split_cmds(rest: List[str]) -> Tuple[List[str], List[str]]:
    if rest and rest[0] == "--":
        rest = rest[1:]
    if "--" not in rest:
        raise SystemExit("usage: duel.py [options] -- NEW_CMD... -- OLD_CMD...")
    i = rest.index("--")
    return rest[:i], rest[i + 1:]


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--go", default="nodes 20000", help="go limits for both engines")
    ap.add_argument("--bot", default="ab", help="bot of both engines (setoption name Bot)")
    ap.add_argument("--pairs", type=int, default=100, help="most pairs of games")
    ap.add_argument("--seed", type=int, default=1, help="setup of pair i: seed + i")
    ap.add_argument("--ply-limit", type=int, default=300)
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=20.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    a = ap.parse_args(argv)
    new_cmd, old_cmd = split_cmds(a.rest)
    lower = math.log(a.beta / (1 - a.alpha))
    upper = math.log((1 - a.beta) / a.alpha)
    new, old = Engine(new_cmd, a.bot), Engine(old_cmd, a.bot)
    pairs: List[float] = []
    wdl = [0, 0, 0]
    verdict = "no decision"
    for i in range(a.pairs):
        setup = setup_moves(a.seed + i)
        pair = 0.0
        for new_black in (True, False):
            for e in (new, old):
                e.send("newgame")
            b = play(new, old, setup, a.go, a.ply_limit) if new_black else \
                1.0 - play(old, new, setup, a.go, a.ply_limit)
            pair += b
            wdl[0 if b == 1.0 else 1 if b == 0.5 else 2] += 1
        pairs.append(pair)
        llr = sprt_llr(pairs, a.elo0, a.elo1)
        print(f"pair {i + 1}: {pair / 2:.2f}  {summary(pairs, wdl)}  LLR {llr:.2f} ({lower:.2f}, {upper:.2f})",
              flush=True)
        if llr >= upper:
            verdict = f"H1 accepted (elo >= {a.elo1:g})"
            break
        if llr <= lower:
            verdict = f"H0 accepted (elo <= {a.elo0:g})"
            break
    new.close()
    old.close()
    print(f"SPRT elo0={a.elo0:g} elo1={a.elo1:g}: {verdict}; {summary(pairs, wdl)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
