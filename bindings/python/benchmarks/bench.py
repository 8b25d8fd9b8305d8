#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Speed of the mana package, beside libmana's own figure from the same run.

    python3 bench.py [--seconds S] [--runs N] [--c-bench PATH] [--markdown]

1. Random playouts as the C benchmark plays them (tests/bench, figure 3):
   a new game, presets alternating, setup_random, then uniformly random
   legal moves to the end (ply limit 400), through the Python API
   - with integer moves: legal_move_values() and play(int);
   - with text moves: legal_moves() (Move objects) and play(str(move)).
   The C bench's playout figure is measured in the same run (median of
   its runs), and the ratio C / Python is printed.
2. The same playouts timed in CPU time of the thread (time.thread_time),
   beside random playouts inside libmana (mana_batch_playout, one call per
   256 games) timed the same way in this process: on a shared machine
   this ratio is the one that load does not move.
3. The cost of each common call (timeit, median of N runs, ns per call).

Figures are medians; nothing is judged.  Run it nice'd on a quiet machine.
"""

import argparse
import ctypes
import json
import os
import random
import statistics
import subprocess
import sys
import time
import timeit
from typing import Callable, Dict, List, Optional, Tuple

import mana

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
START = "rrdrrr/6/6/6/6/RRRDRR b - 0"
MID = "2d3/6/2R1r1/1r4/3D2/6 b 3 3"  # perft.txt: 42 legal moves


def int_ply(g: mana.Game, rng: random.Random) -> None:
    """One random ply with integer moves."""
    g.play(rng.choice(g.legal_move_values()))


def text_ply(g: mana.Game, rng: random.Random) -> None:
    """One random ply with Move objects and text."""
    g.play(str(rng.choice(g.legal_moves())))


def playouts(ply: Callable[[mana.Game, random.Random], None], seconds: float,
             seed: int) -> Tuple[float, float]:
    """(games/s, plies/s) of random games played by ply for seconds."""
    rng = random.Random(seed)
    games = plies = 0
    playing = mana.Status.PLAYING
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        g = mana.Game(games & 1, ply_limit=400)
        g.setup_random(rng.getrandbits(64))
        while g.status == playing:
            ply(g, rng)
            plies += 1
        games += 1
    dt = time.perf_counter() - t0
    return games / dt, plies / dt


def cpu_playouts(ply: Callable[[mana.Game, random.Random], None], seconds: float,
                 seed: int) -> float:
    """Plies per CPU second of this thread (load on other CPUs aside)."""
    t0, w0 = time.thread_time(), time.perf_counter()
    rate = playouts(ply, seconds, seed)[1]
    plies = rate * (time.perf_counter() - w0)
    return plies / max(time.thread_time() - t0, 1e-9)


def c_batch_playouts(seconds: float, seed: int) -> float:
    """Plies per CPU second of random games played inside libmana
    (mana_batch_playout: 256 jactalea games with random setups and ply
    limit 400, one library call per round), in this process."""
    lib = mana._lib.lib
    new = lib["mana_batch_new"]
    new.restype, new.argtypes = ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int,
                                                  ctypes.c_uint64, ctypes.c_int]
    play = lib["mana_batch_playout"]
    play.restype, play.argtypes = ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p,
                                                 ctypes.c_void_p]
    free = lib["mana_batch_free"]
    free.restype, free.argtypes = None, [ctypes.c_void_p]
    n = 256
    with mana.Game("jactalea", ply_limit=400) as start:
        b = new(start._g, n, seed, 1)  # MANA_BATCH_RANDOM_SETUP
    if not b:
        raise RuntimeError("mana_batch_new failed")
    plies = (ctypes.c_int32 * n)()
    total = 0
    t0 = time.thread_time()
    try:
        while time.thread_time() - t0 < seconds:
            if play(b, None, plies) < 0:
                raise RuntimeError("mana_batch_playout failed")
            total += sum(plies)
    finally:
        free(b)
    return total / (time.thread_time() - t0)


def c_playouts(bench: str, seconds: float, runs: int) -> Optional[float]:
    """The C bench's playout games/s, or None if it cannot be run."""
    if not os.access(bench, os.X_OK):
        return None
    out = subprocess.run([bench, "--only", "playouts", "--json", "--seconds",
                          str(max(1, int(seconds))), "--runs", str(runs), "--perft-file",
                          os.path.join(REPO, "tests", "data", "perft.txt")],
                         capture_output=True, text=True, check=True, cwd=REPO).stdout
    return float(json.loads(out)["playout_games_per_s"])


def call_costs(runs: int) -> List[Tuple[str, float]]:
    """(call, median ns per call) for the common calls."""
    g = mana.Game(position=MID)
    m = g.legal_move_values()[0]
    mv = g.legal_moves()[0]
    text = str(mv)
    fresh = mana.Game()
    cases: List[Tuple[str, Callable[[], object], int]] = [
        ("play(int) + undo()", lambda: (g.play(m), g.undo()), 20000),
        ("play(Move) + undo()", lambda: (g.play(mv), g.undo()), 20000),
        ("play(str) + undo()", lambda: (g.play(text), g.undo()), 20000),
        ("legal_move_values() [42 moves]", g.legal_move_values, 20000),
        ("legal_moves() [42 Move objects]", g.legal_moves, 2000),
        ("parse_move(str)", lambda: g.parse_move(text), 20000),
        ("status", lambda: g.status, 50000),
        ("hash", lambda: g.hash, 50000),
        ("position (MFN)", lambda: g.position, 20000),
        ("piece_at('c4')", lambda: g.piece_at("c4"), 50000),
        ("perft(1)", lambda: g.perft(1), 20000),
        ("Game() + close()", lambda: mana.Game().close(), 10000),
        ("clone() + close()", lambda: g.clone().close(), 10000),
        ("setup_random(seed) on a clone", lambda: fresh.clone().setup_random(5), 5000),
        ("pickle round trip (no history)", lambda: _pickle_round(g), 2000),
    ]
    out = []
    for name, fn, n in cases:
        times = timeit.repeat(fn, number=n, repeat=runs)
        out.append((name, statistics.median(times) / n * 1e9))
    return out


def _pickle_round(g: mana.Game) -> None:
    import pickle
    pickle.loads(pickle.dumps(g)).close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per playout run")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--c-bench", default=os.path.join(REPO, "build", "tests", "bench", "bench"))
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()

    # Python and C runs alternate, so that a change of load on a shared
    # machine falls on both.
    ints, texts, cs = [], [], []
    cpu_int, cpu_text, cpu_c = [], [], []
    for r in range(a.runs):
        ints.append(playouts(int_ply, a.seconds, 1000 + r))
        texts.append(playouts(text_ply, a.seconds, 2000 + r))
        cs.append(c_playouts(a.c_bench, a.seconds, 1))
        cpu_int.append(cpu_playouts(int_ply, a.seconds, 3000 + r))
        cpu_text.append(cpu_playouts(text_ply, a.seconds, 4000 + r))
        cpu_c.append(c_batch_playouts(a.seconds, 5000 + r))
    c = None if None in cs else statistics.median(x for x in cs if x is not None)
    ci, ct, cc = (statistics.median(x) for x in (cpu_int, cpu_text, cpu_c))
    gi = statistics.median(x[0] for x in ints)
    pi = statistics.median(x[1] for x in ints)
    gt = statistics.median(x[0] for x in texts)
    pt = statistics.median(x[1] for x in texts)
    costs = call_costs(a.runs)

    rows: List[Tuple[str, str, str]] = [
        ("random playouts, integer moves", "%.0f games/s" % gi, "%.0f plies/s" % pi),
        ("random playouts, Move objects + text moves", "%.0f games/s" % gt, "%.0f plies/s" % pt),
    ]
    if c is not None:
        rows.append(("random playouts in C (tests/bench, same run)", "%.0f games/s" % c,
                     "C / Python: %.0fx (integer), %.0fx (text)" % (c / gi, c / gt)))
    rows.append(("plies per CPU second (thread time): integer / text / C in-process "
                 "(mana_batch_playout)", "%.0f / %.0f / %.0f" % (ci, ct, cc),
                 "C / Python: %.0fx (integer), %.0fx (text)" % (cc / ci, cc / ct)))
    info: Dict[str, str] = {
        "python": sys.version.split()[0], "mana": mana.__version__,
        "library": mana.library_path(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    if a.markdown:
        print("Python %(python)s, mana %(mana)s, %(date)s; medians of %(runs)d runs of %(s)gs." % dict(
            info, runs=a.runs, s=a.seconds))
        print()
        print("| measure | figure | |")
        print("|---|---|---|")
        for r in rows:
            print("| %s | %s | %s |" % r)
        print()
        print("| call | ns per call (median) |")
        print("|---|---|")
        for name, ns in costs:
            print("| `%s` | %.0f |" % (name, ns))
    else:
        for k, v in info.items():
            print("%-8s %s" % (k, v))
        for r in rows:
            print("%-48s %-18s %s" % r)
        for name, ns in costs:
            print("%-48s %8.0f ns" % (name, ns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
