# SPDX-License-Identifier: MIT
"""bench_env - the speed of mana.env through Python, one core:

  1. ManaVectorEnv.step on N = 256 games, actions drawn by
     sample_actions (numpy) from the masks step returned: env steps/s
     (one step = one game advanced one ply), with and without the
     sampling in the timed loop;
  2. ManaVectorEnv.playout (random games in C, random setups, ply limit
     400): games/s, to compare with bench_rl's figures 5 and 6;
  3. ManaEnv (the AEC env, one game): steps/s of last() + step().

Median of --runs runs of --seconds each, in CPU time of the process
(time.process_time), so that other work on the machine counts less.  Prints a Markdown table.
"""

import argparse
import statistics
import time

import numpy as np

from mana.env import ManaEnv, ManaVectorEnv


def vector_steps(seconds: float, sample: bool) -> float:
    env = ManaVectorEnv(256, ply_limit=400, seed=1)
    env.reset()
    rng = np.random.default_rng(0)
    acts = env.sample_actions(rng)
    steps, t0 = 0, time.process_time()
    while True:
        if sample:
            acts = env.sample_actions(rng)
            env.step(acts)
        else:
            env.step(env.sample_actions(rng))  # fresh legal actions, timed apart below
        steps += 256
        t = time.process_time() - t0
        if t >= seconds:
            break
    env.close()
    return steps / t


def vector_steps_only(seconds: float) -> float:
    """env.step alone: the actions of each step drawn before the clock
    runs, by replaying the same seed twice."""
    env = ManaVectorEnv(256, ply_limit=400, seed=1)
    env.reset()
    rng = np.random.default_rng(0)
    plan = []
    for _ in range(400):
        a = env.sample_actions(rng).copy()
        plan.append(a)
        env.step(a)
    env.reset(seed=1)
    t0 = time.process_time()
    for a in plan:
        env.step(a)
    t = time.process_time() - t0
    env.close()
    return 256 * len(plan) / t


def playouts(seconds: float) -> float:
    rates = []
    for preset in ("jactalea", "cosmoludo"):
        env = ManaVectorEnv(256, preset=preset, ply_limit=400, seed=7)
        games, t0 = 0, time.process_time()
        while True:
            env.playout()
            games += 256
            t = time.process_time() - t0
            if t >= seconds / 2:
                break
        env.close()
        rates.append(games / t)
    return sum(rates) / 2


def aec_steps(seconds: float) -> float:
    env = ManaEnv(ply_limit=400, random_setup=True)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, t0 = 0, time.process_time()
    while True:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        t = time.process_time() - t0
        if t >= seconds:
            break
    return steps / t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=0.5)
    args = ap.parse_args()
    figures = [
        ("ManaVectorEnv.step alone (N=256)", "steps/s", lambda: vector_steps_only(args.seconds)),
        ("ManaVectorEnv.step + sample_actions (N=256)", "steps/s",
         lambda: vector_steps(args.seconds, True)),
        ("ManaVectorEnv.playout (N=256)", "games/s", lambda: playouts(args.seconds)),
        ("ManaEnv (AEC) last + step", "steps/s", lambda: aec_steps(args.seconds)),
    ]
    print("| figure (Python) | median of %d | unit |\n|---|---|---|" % args.runs)
    for name, unit, fn in figures:
        print("| %s | %.1f | %s |" % (name, statistics.median(fn() for _ in range(args.runs)), unit))


if __name__ == "__main__":
    main()
