# SPDX-License-Identifier: MIT
"""Self-play data generation on a Dask cluster.

    python3 -m mana.selfplay --games N --workers K --out DIR
        [--scheduler ADDR] [--bot random|ab] [--games-per-shard S]
        [--seed SEED] [--preset jactalea|cosmoludo] [--ply-limit P]
        [--ab-nodes NODES] [--engine CMD] [--log FILE] [--quiet]

The N games are cut into shards of S games (the last may be shorter);
shard i is a pure function of (seed, i, the options), computed by one Dask
task on any worker and written to DIR atomically (a temporary file in
DIR/.partial, then os.replace):

  DIR/shard-000000.npz   positions of the shard's games, one row each:
      observations  uint8 (P, 12, 6, 6)  the side to move's view
      actions       int16 (P,)           the action id played
      masks         uint8 (P, 118)       legal-action mask, numpy.packbits
                                         (unpack with count=941)
      outcomes      int8  (P,)           the game's result for the side to
                                         move: +1 won, -1 lost, 0 drawn
      to_play       uint8 (P,)           1 Black, 0 White to move
      game          int32 (P,)           the game's number in the run
      ply           int16 (P,)           plies of play before the position
    and per game: game_ids int32 (G,), results int8 (G,) (2 White won,
    3 Black won, 4 drawn), lengths int16 (G,) (plies of play).
  DIR/shard-000000.mana   the same games as records (docs/record-format.md,
      written by mana_record_write; tags Event "mana.selfplay" and Round,
      the game's number), readable with mana.read_records_file.
  DIR/manifest.json       the run's parameters and, for every finished
      shard, its files' names, sizes and SHA-256 sums.

The manifest is the source of truth: the driver (this process) is its
only writer, rewrites it atomically after each shard, and a shard counts
as done only once listed there.  A second run on the same DIR is refused
while the first lasts (a lock on DIR), so the temporary files the driver
clears at the end are only ever those of its own run or of a dead one.  A worker that dies mid-shard loses
nothing (Dask runs the task again elsewhere; a half-written file never has
a shard's name); an interrupted run is resumed by running the same
command again, which computes only the missing shards (byte-identical to
what an uninterrupted run writes); rerunning a finished run writes no file
in DIR.  Logs go to --log (default: stderr), never into DIR.

``--workers K`` starts a dask.distributed LocalCluster of K single-thread
worker processes; ``--scheduler ADDR`` (e.g. tcp://10.0.0.1:8786) uses an
existing cluster instead (its workers need this package importable).
``--bot random`` (default) plays uniformly random legal moves in C
(mana_batch_step); ``--bot ab`` asks the alpha-beta bot of libmana-bots,
in-process through mana.Bot (no subprocess), for every move, with a node
limit (--ab-nodes) and the seed of the shard.  ``--engine CMD`` asks an
external program speaking the engine protocol instead, through mana.engine
(e.g. --engine "build/mana-cli engine", which gives the same games as the
in-process bot: the same C bot, seed and positions).  With a local cluster
such an engine is tried before anything is written: a program not found,
or one that does not answer the handshake, is a one-line error (exit
status 2, as for a bad option), and no directory is left behind.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from . import _dask_run
from . import actions as _a
from ._game import Game
from ._move import Move
from ._types import Status
from .env import ManaVectorEnv

MANIFEST = "manifest.json"
FORMAT = "mana-selfplay-2"
PARTIAL = ".partial"
log = logging.getLogger("mana.selfplay")


def shard_name(i: int) -> str:
    return "shard-%06d" % i


def shard_seed(seed: int, i: int) -> int:
    """The 64-bit seed of shard i (independent of the cluster)."""
    h = hashlib.sha256(b"%d/%d" % (seed, i)).digest()
    return int.from_bytes(h[:8], "little")


class Trajectories:
    """Positions of the first game of every slot of a vector env."""

    def __init__(self, n: int) -> None:
        self.rows: List[Tuple[Any, ...]] = []
        self.n = n

    def add(self, games: Any, obs: Any, masks: Any, acts: Any, plies: Any) -> None:
        """Keeps positions: row j of each array is a position of game
        games[j] (obs and masks are copied)."""
        if games.size:
            self.rows.append((games, obs.copy(), np.packbits(masks, axis=1),
                              acts.astype(np.int16), obs[:, 8, 0, 0].copy(),
                              plies.astype(np.int16)))


def _play_random(params: Dict[str, Any], first_game: int, count: int,
                 seed: int) -> Tuple[Trajectories, Any, Any, List[Game]]:
    """Plays count games with uniformly random moves, all in one batch."""
    env = ManaVectorEnv(count, preset=params["preset"], ply_limit=params["ply_limit"],
                        random_setup=True, seed=seed)
    try:
        obs, masks = env.reset()
        starts = [env.game(i) for i in range(count)]
        rng = np.random.default_rng(seed)
        active = np.ones(count, dtype=bool)
        results = np.zeros(count, dtype=np.int8)
        plies = np.zeros(count, dtype=np.int32)
        traj = Trajectories(count)
        moves: List[List[int]] = [[] for _ in range(count)]
        while active.any():
            acts = env.sample_actions(rng)
            idx = np.flatnonzero(active)
            traj.add(idx, obs[idx], masks[idx], acts[idx], plies[idx])
            movers = obs[:, 8, 0, 0].copy()
            for i in np.flatnonzero(active):
                moves[i].append(int(acts[i]))
            obs, masks, rewards, term, trunc = env.step(acts)
            done = active & (term | trunc)
            plies += active
            for i in np.flatnonzero(done):
                r = rewards[i]
                black_won = (r > 0) == bool(movers[i])
                results[i] = int(Status.DRAWN) if r == 0 else \
                    int(Status.BLACK_WON) if black_won else int(Status.WHITE_WON)
            active &= ~done
        return traj, results, (plies, moves), starts
    finally:
        env.close()


def _records(starts: List[Game], moves: List[List[int]], results: Any, first: int) -> str:
    """The games as records (docs/record-format.md, written by the
    library's mana_record_write), one after another; every move is played
    again through the library on the way, which checks it."""
    texts = []
    for k, (g, acts, res) in enumerate(zip(starts, moves, results)):
        for a in acts:
            g.play(g.action_to_move(a))
        if int(g.status) != int(res):
            raise RuntimeError("replayed game ends %s, batch said %d" % (g.status, res))
        texts.append(g.record({"Event": "mana.selfplay", "Round": str(first + k)}))
        g.close()
    return "\n".join(texts)


def _play_ab(params: Dict[str, Any], count: int,
             seed: int) -> Tuple[Trajectories, Any, Any, List[Game]]:
    """Plays count games, every move chosen by the ab bot: in-process
    (mana.Bot), or by the external engine params["engine"] when set."""
    from . import engine as _engine
    limit = _engine.Limit(nodes=params["ab_nodes"])
    bot_seed = seed % 2 ** 31  # within what the engine protocol's Seed takes
    if params.get("engine"):
        with _engine.SimpleEngine.popen(params["engine"].split()) as eng:
            eng.configure({"Bot": "ab", "Seed": str(bot_seed)})
            return _play_games(params, count, seed, lambda g: eng.play(g, limit).move)
    from .bot import Bot
    with Bot("ab", seed=bot_seed) as bot:
        return _play_games(params, count, seed, lambda g: bot.choose(g, limit))


def _play_games(params: Dict[str, Any], count: int, seed: int,
                choose: Callable[[Game], Optional[Move]]
                ) -> Tuple[Trajectories, Any, Any, List[Game]]:
    """Plays count games from random setups, each move choose(game)."""
    results = np.zeros(count, dtype=np.int8)
    plies = np.zeros(count, dtype=np.int32)
    traj = Trajectories(count)
    moves: List[List[int]] = []
    starts: List[Game] = []
    for k in range(count):
        g = Game(params["preset"], ply_limit=params["ply_limit"])
        g.setup_random(shard_seed(seed, k))
        starts.append(g.clone())
        acts: List[int] = []
        ply = 0
        while not g.is_over():
            mv = choose(g)
            if mv is None:
                raise RuntimeError("the engine gave no move in %s" % g.position)
            a = g.move_to_action(mv)
            traj.add(np.array([k]), g.observation(True)[None], g.legal_action_mask()[None],
                     np.array([a]), np.array([ply]))
            acts.append(a)
            g.play(mv)
            ply += 1
        results[k] = int(g.status)
        plies[k] = ply
        moves.append(acts)
        g.close()
    return traj, results, (plies, moves), starts


def make_shard(params: Dict[str, Any], i: int) -> Dict[str, Any]:
    """Computes shard i and writes its files into params["out"]
    atomically; returns their manifest entry.  Runs on a worker."""
    per = params["games_per_shard"]
    first = i * per
    count = min(per, params["games"] - first)
    seed = shard_seed(params["seed"], i)
    t0 = time.time()
    if params["bot"] == "random":
        traj, results, (plies, moves), starts = _play_random(params, first, count, seed)
    else:
        traj, results, (plies, moves), starts = _play_ab(params, count, seed)
    text = _records(starts, moves, results, first)
    arrays = _stack(traj, first, results, plies)
    out = params["out"]
    name = shard_name(i)
    entry: Dict[str, Any] = {"shard": i, "games": count, "positions": int(arrays["actions"].size),
                             "files": {}}
    entry["files"][name + ".npz"] = _atomic_write(out, name + ".npz", _npz_bytes(arrays))
    entry["files"][name + ".mana"] = _atomic_write(out, name + ".mana", text.encode())
    entry["seconds"] = round(time.time() - t0, 3)
    return entry


def _stack(traj: Trajectories, first: int, results: Any, plies: Any) -> Dict[str, Any]:
    idx = np.concatenate([r[0] for r in traj.rows])
    order = np.lexsort((np.concatenate([r[5] for r in traj.rows]), idx))
    to_play = np.concatenate([r[4] for r in traj.rows])[order]
    game = idx[order]
    res = results[game]
    black_won = res == int(Status.BLACK_WON)
    outcome = np.where(res == int(Status.DRAWN), 0,
                       np.where(black_won == (to_play == 1), 1, -1)).astype(np.int8)
    return {
        "observations": np.concatenate([r[1] for r in traj.rows])[order],
        "masks": np.concatenate([r[2] for r in traj.rows])[order],
        "actions": np.concatenate([r[3] for r in traj.rows])[order],
        "to_play": to_play,
        "ply": np.concatenate([r[5] for r in traj.rows])[order],
        "game": (game + first).astype(np.int32),
        "outcomes": outcome,
        "game_ids": np.arange(first, first + results.size, dtype=np.int32),
        "results": results.astype(np.int8),
        "lengths": plies.astype(np.int16),
    }


def _npz_bytes(arrays: Dict[str, Any]) -> bytes:
    import io
    import zipfile
    buf = io.BytesIO()
    # a fixed date in every zip entry, so that a shard's bytes depend only
    # on its content
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for key in sorted(arrays):
            b = io.BytesIO()
            np.save(b, np.ascontiguousarray(arrays[key]), allow_pickle=False)
            info = zipfile.ZipInfo(key + ".npy", date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, b.getvalue())
    return buf.getvalue()


def _atomic_write(out: str, name: str, data: bytes) -> Dict[str, Any]:
    """Writes data to out/name through out/.partial and os.replace (the
    name appears whole or not at all); returns {size, sha256}."""
    part = os.path.join(out, PARTIAL)
    os.makedirs(part, exist_ok=True)
    _dask_run.write_atomic(out, name, data, part)
    return {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


# ---- the driver --------------------------------------------------------------

def run_params(args: argparse.Namespace) -> Dict[str, Any]:
    """What fixes a run's content (all must match to resume)."""
    return {"format": FORMAT, "games": args.games, "games_per_shard": args.games_per_shard,
            "seed": args.seed, "bot": args.bot, "preset": args.preset,
            "ply_limit": args.ply_limit, "ab_nodes": args.ab_nodes if args.bot == "ab" else None}


def read_manifest(out: str) -> Optional[Dict[str, Any]]:
    path = os.path.join(out, MANIFEST)
    if not os.path.exists(path):
        return None
    data: Any = _dask_run.read_json(path, "mana self-play manifest", _dask_run.DriverError)
    if not isinstance(data, dict) or not isinstance(data.get("params"), dict) or \
            data["params"].get("format") != FORMAT:
        raise SystemExit("%s is not a mana self-play manifest" % path)
    return data


def write_manifest(out: str, manifest: Dict[str, Any]) -> None:
    text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
    _atomic_write(out, MANIFEST, text.encode())


def shard_is_intact(out: str, entry: Dict[str, Any]) -> bool:
    """True if every file of a manifest entry is present with its size
    and SHA-256."""
    for name, meta in entry["files"].items():
        path = os.path.join(out, name)
        try:
            if os.path.getsize(path) != meta["size"]:
                return False
            with open(path, "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != meta["sha256"]:
                    return False
        except OSError:
            return False
    return True


def plan(out: str, params: Dict[str, Any]) -> Tuple[Dict[str, Any], List[int]]:
    """The manifest to continue and the shards still to compute."""
    nshards = (params["games"] + params["games_per_shard"] - 1) // params["games_per_shard"]
    manifest = read_manifest(out)
    if manifest is None:
        manifest = {"params": params, "shards": {}, "complete": False}
    elif {k: v for k, v in manifest["params"].items() if k != "out"} != params:
        raise SystemExit("%s holds a run with other parameters: %s" % (
            out, json.dumps(manifest["params"], sort_keys=True)))
    todo = [i for i in range(nshards)
            if shard_name(i) not in manifest["shards"] or
            not shard_is_intact(out, manifest["shards"][shard_name(i)])]
    return manifest, todo


class UsageError(_dask_run.DriverError):
    """A command line that cannot run (main prints it in one line, exit
    status 2, as argparse does for a bad option)."""

    status = 2


ENGINE_HINT = ('point --engine at mana-cli, e.g. --engine "build/mana-cli engine" '
               'in a source tree after make')


def engine_problem(command: str) -> Optional[str]:
    """Why the engine command (--engine, split at spaces) cannot play, or
    None: its program not found, or no engine protocol handshake."""
    from . import engine as _engine
    argv = command.split()
    if not argv:
        return "--engine is empty; " + ENGINE_HINT
    if shutil.which(argv[0]) is None:
        where = "no such executable file" if os.sep in argv[0] else "not on PATH"
        return "the engine program %r was not found (%s); %s" % (argv[0], where, ENGINE_HINT)
    try:
        with _engine.SimpleEngine.popen(argv, timeout=10) as eng:
            bot = eng.options.get("Bot")
    except _engine.EngineError as e:
        return "the engine %r does not speak the engine protocol (%s); %s" % (command, e, ENGINE_HINT)
    if bot is None or "ab" not in bot.var:
        return "the engine %r has no option Bot with the value ab; %s" % (command, ENGINE_HINT)
    return None


def task_key(out: str, params: Dict[str, Any], i: int) -> str:
    """The Dask key of shard i's task: one per (directory, parameters,
    shard).  The scheduler runs a key once for every client that submits
    it while it is known, so two runs on one cluster sharing a key would
    share one task, and its files would land in one run's directory only."""
    tag = hashlib.sha256(json.dumps([out, params], sort_keys=True).encode()).hexdigest()[:16]
    return "mana-%s-%s" % (shard_name(i), tag)


def run(args: argparse.Namespace) -> int:
    params = run_params(args)
    out = os.path.abspath(args.out)
    if args.bot == "ab" and args.engine is not None and not args.scheduler:
        problem = engine_problem(args.engine)
        if problem:
            raise UsageError(problem)
    created = not os.path.exists(out)
    try:
        return _run(args, params, out)
    except BaseException:
        if created:
            _remove_unused(out)
        raise


def _remove_unused(out: str) -> None:
    """Removes out, made by this run, if the run failed before it held
    anything (no manifest, no shard)."""
    if os.path.exists(os.path.join(out, MANIFEST)):
        return
    _clean_partial(out)
    try:
        os.rmdir(out)
    except OSError:
        pass


def _run(args: argparse.Namespace, params: Dict[str, Any], out: str) -> int:
    # the lock keeps a second run from replacing the manifest or clearing
    # the temporary files of this one
    with _dask_run.locked_dir(out, "mana.selfplay", UsageError):
        return _run_locked(args, params, out)


def _run_locked(args: argparse.Namespace, params: Dict[str, Any], out: str) -> int:
    if os.path.exists(os.path.join(out, MANIFEST)):
        manifest, todo = plan(out, params)
        if not todo:
            log.info("%s: all %d games already there; nothing to do", out, args.games)
            return 0
    else:
        os.makedirs(out, exist_ok=True)
        manifest, todo = plan(out, params)
    task = dict(params, out=out, engine=args.engine)
    log.info("%s: %d shards to compute (%d already done)", out, len(todo),
             len(manifest["shards"]))
    t0, games = time.time(), 0
    total = sum(min(params["games_per_shard"], params["games"] - i * params["games_per_shard"])
                for i in todo)

    def finished(_: int, entry: Dict[str, Any]) -> bool:
        nonlocal games
        manifest["shards"][shard_name(entry["shard"])] = entry
        write_manifest(out, manifest)
        games += entry["games"]
        rate = games / max(time.time() - t0, 1e-9)
        log.info("shard %d done: %d/%d games this run, %.1f games/s", entry["shard"], games, total,
                 rate)
        return False

    _dask_run.run_tasks(args, make_shard, [(task_key(out, params, i), (task, i)) for i in todo],
                        finished)
    manifest["complete"] = True
    write_manifest(out, manifest)
    _clean_partial(out)
    log.info("%s: complete, %d games in %.1f s", out, args.games, time.time() - t0)
    return 0


def _clean_partial(out: str) -> None:
    part = os.path.join(out, PARTIAL)
    if os.path.isdir(part):
        for name in os.listdir(part):
            os.unlink(os.path.join(part, name))
        os.rmdir(part)


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python3 -m mana.selfplay",
                                 description="Self-play games of Mana on a Dask cluster.")
    ap.add_argument("--games", type=int, required=True, help="total number of games")
    ap.add_argument("--out", required=True, help="output directory")
    _dask_run.add_cluster_options(ap)
    ap.add_argument("--bot", choices=("random", "ab"), default="random")
    ap.add_argument("--games-per-shard", type=int, default=256)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--preset", choices=("jactalea", "cosmoludo"), default="jactalea")
    ap.add_argument("--ply-limit", type=int, default=400)
    ap.add_argument("--ab-nodes", type=int, default=2000)
    ap.add_argument("--engine", default=None,
                    help='for --bot ab: an external engine command, split at spaces, '
                    'instead of the in-process bot (e.g. "mana-cli engine", mana-cli '
                    'found on PATH; in a source tree: --engine "build/mana-cli engine")')
    args = ap.parse_args(argv)
    for name in ("games", "games_per_shard", "workers", "ab_nodes"):
        if getattr(args, name) < 1:
            ap.error("--%s must be at least 1" % name.replace("_", "-"))
    if not 0 <= args.seed < 2 ** 63 or not 0 <= args.ply_limit <= 1000000:
        ap.error("--seed must be 0..2^63-1 and --ply-limit 0..1000000")
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    from .engine import EngineError  # a worker's engine failed (e.g. on a --scheduler cluster)
    return _dask_run.main("mana.selfplay", log, parse_args(argv), run, also=(EngineError,))


if __name__ == "__main__":
    sys.exit(main())
