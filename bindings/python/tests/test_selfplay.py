# SPDX-License-Identifier: MIT
"""mana.selfplay: shards are pure functions of (seed, index), the manifest
decides what is done, a rerun resumes and a finished run is left alone;
and (MANA_SLOW_TESTS=1, `make check-selfplay`, two or three minutes) a real Dask
cluster that loses a worker mid-run, a scheduler restarted mid-run, and a
driver killed mid-run, still give the exact shard set."""

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from typing import Dict, List

import numpy as np
import pytest

import mana
from mana import _dask_run, selfplay
from conftest import NEEDS_BOTS
from dask_cluster import Cluster

SLOW = os.environ.get("MANA_SLOW_TESTS") == "1"


def params(out: str, games: int = 30, per: int = 10) -> Dict[str, object]:
    return dict(format=selfplay.FORMAT, games=games, games_per_shard=per, seed=4,
                bot="random", preset="jactalea", ply_limit=120, ab_nodes=None,
                out=out, engine="")


def test_shard_is_deterministic_and_consistent(tmp_path: object) -> None:
    a, b = str(tmp_path) + "/a", str(tmp_path) + "/b"
    os.makedirs(a)
    os.makedirs(b)
    e1 = selfplay.make_shard(params(a), 1)
    e2 = selfplay.make_shard(params(b), 1)
    assert e1["files"] == e2["files"]  # same names, sizes, SHA-256
    z = np.load(os.path.join(a, "shard-000001.npz"))
    assert sorted(os.listdir(a)) == [".partial", "shard-000001.mana", "shard-000001.npz"]
    assert os.listdir(os.path.join(a, ".partial")) == []
    n = z["actions"].size
    assert z["observations"].shape == (n, 12, 6, 6) and z["masks"].shape == (n, 118)
    assert list(z["game_ids"]) == list(range(10, 20))
    masks = np.unpackbits(z["masks"], axis=1, count=941)
    assert all(masks[i, z["actions"][i]] == 1 for i in range(n))  # played actions legal
    assert int(z["lengths"].sum()) == n  # every ply of play is a row
    # outcome: the result seen by the side to move at each row
    for i in range(n):
        r = int(z["results"][z["game"][i] - 10])
        want = 0 if r == 4 else (1 if (r == 3) == bool(z["to_play"][i]) else -1)
        assert z["outcomes"][i] == want
    games = list(mana.read_records_file(os.path.join(a, "shard-000001.mana")))
    assert [g.headers["Round"] for g in games] == [str(i) for i in range(10, 20)]
    assert [int(g.status) for g in games] == [int(r) for r in z["results"]]


def test_plan_trusts_only_the_manifest(tmp_path: object) -> None:
    out = str(tmp_path)
    p = {k: v for k, v in params(out).items() if k not in ("out", "engine")}
    manifest, todo = selfplay.plan(out, p)
    assert todo == [0, 1, 2]
    manifest["shards"]["shard-000000"] = selfplay.make_shard(params(out), 0)
    selfplay.make_shard(params(out), 1)  # written, but never recorded
    selfplay.write_manifest(out, manifest)
    assert selfplay.plan(out, p)[1] == [1, 2]
    with open(os.path.join(out, "shard-000000.npz"), "r+b") as f:
        f.write(b"X")  # damaged: computed again
    assert selfplay.plan(out, p)[1] == [0, 1, 2]
    other = dict(p, seed=5)
    with pytest.raises(SystemExit):
        selfplay.plan(out, other)
    # A manifest cut short, emptied or not UTF-8 is refused in one line
    # naming the file (it was a json traceback); a BOM is read.
    path = os.path.join(out, "manifest.json")
    with open(path, "rb") as f:
        whole = f.read()
    for bad in (whole[:40], b"", b"\xff\xfe{"):
        with open(path, "wb") as f:
            f.write(bad)
        with pytest.raises(_dask_run.DriverError, match="manifest.json is not a readable mana self-play manifest"):
            selfplay.plan(out, p)
    with open(path, "wb") as f:
        f.write(b"\xef\xbb\xbf" + whole)
    assert selfplay.plan(out, p)[1] == [0, 1, 2]


def snapshot(d: str) -> Dict[str, object]:
    return {n: (os.stat(os.path.join(d, n)).st_mtime_ns,
                hashlib.sha256(open(os.path.join(d, n), "rb").read()).hexdigest()
                if os.path.isfile(os.path.join(d, n)) else None)
            for n in sorted(os.listdir(d))}


def driver(out: str, log: str, *extra: str) -> "subprocess.Popen[bytes]":
    return subprocess.Popen([sys.executable, "-m", "mana.selfplay", "--games", "1200",
                             "--games-per-shard", "100", "--seed", "9", "--out", out,
                             "--log", log] + list(extra))


def wait_shards(out: str, n: int, proc: "subprocess.Popen[bytes]", limit: float = 120) -> None:
    t0 = time.time()
    while time.time() - t0 < limit and proc.poll() is None:
        try:
            with open(os.path.join(out, selfplay.MANIFEST)) as f:
                if len(json.load(f)["shards"]) >= n:
                    return
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    raise AssertionError("no %d shards in %s in time" % (n, out))


def check_exact(out: str, reference: str) -> None:
    names = ["shard-%06d.%s" % (i, ext) for i in range(12) for ext in ("mana", "npz")]
    assert sorted(os.listdir(out)) == sorted(names + ["manifest.json"])
    with open(os.path.join(out, "manifest.json")) as f:
        m = json.load(f)
    assert m["complete"] and sorted(m["shards"]) == ["shard-%06d" % i for i in range(12)]
    for i in range(12):
        for ext in ("mana", "npz"):
            name = "shard-%06d.%s" % (i, ext)
            data = open(os.path.join(out, name), "rb").read()
            assert hashlib.sha256(data).hexdigest() == \
                m["shards"]["shard-%06d" % i]["files"][name]["sha256"]
            assert data == open(os.path.join(reference, name), "rb").read(), name
    games = sum(len(list(mana.read_records_file(os.path.join(out, "shard-%06d.mana" % i))))
                for i in range(12))
    assert games == 1200


def reference(tmp: str) -> str:
    """The 12 shards any complete run of driver() must hold, computed here."""
    ref = os.path.join(tmp, "ref")
    os.makedirs(ref)
    for i in range(12):
        selfplay.make_shard(dict(params(ref, 1200, 100), seed=9, ply_limit=400), i)
    return ref


@pytest.mark.skipif(not SLOW, reason="slow: MANA_SLOW_TESTS=1 (make check-selfplay)")
def test_worker_killed_and_driver_interrupted(tmp_path: object) -> None:
    tmp = str(tmp_path)
    ref = reference(tmp)
    sched_file = os.path.join(tmp, "scheduler.json")
    procs: List["subprocess.Popen[bytes]"] = []
    try:
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--port", "0",
             "--no-dashboard", "--scheduler-file", sched_file],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(2):
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_worker", "--no-nanny",
                 "--nthreads", "1", "--scheduler-file", sched_file, "--no-dashboard"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        t0 = time.time()
        while not os.path.exists(sched_file) and time.time() - t0 < 60:
            time.sleep(0.1)
        with open(sched_file) as f:
            addr = json.load(f)["address"]
        # 1. a worker dies (SIGKILL) once the first shard is in
        out = os.path.join(tmp, "run1")
        d = driver(out, os.path.join(tmp, "run1.log"), "--scheduler", addr)
        wait_shards(out, 1, d)
        procs[1].send_signal(signal.SIGKILL)
        assert d.wait(timeout=300) == 0, open(os.path.join(tmp, "run1.log")).read()
        check_exact(out, ref)
        # a finished run is left alone: no file added or rewritten
        before = snapshot(out)
        d = driver(out, os.path.join(tmp, "run1b.log"), "--scheduler", addr)
        assert d.wait(timeout=120) == 0
        assert snapshot(out) == before
        # 2. the driver is killed mid-run (local cluster), then rerun
        out2 = os.path.join(tmp, "run2")
        d = driver(out2, os.path.join(tmp, "run2.log"), "--workers", "2")
        wait_shards(out2, 2, d)
        d.send_signal(signal.SIGKILL)
        d.wait()
        with open(os.path.join(out2, "manifest.json")) as f:
            assert not json.load(f)["complete"]
        d = driver(out2, os.path.join(tmp, "run2b.log"), "--workers", "2")
        assert d.wait(timeout=300) == 0, open(os.path.join(tmp, "run2b.log")).read()
        check_exact(out2, ref)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.wait()


def shard_stamps(out: str) -> Dict[str, int]:
    """The modification times of the files of the shards the manifest holds."""
    with open(os.path.join(out, selfplay.MANIFEST)) as f:
        shards = json.load(f)["shards"]
    return {name: os.stat(os.path.join(out, name)).st_mtime_ns
            for entry in shards.values() for name in entry["files"]}


@pytest.mark.skipif(not SLOW, reason="slow: MANA_SLOW_TESTS=1 (make check-selfplay)")
def test_a_scheduler_restart_mid_run_loses_nothing(tmp_path: object) -> None:
    # The scheduler of --scheduler killed and started again on its address
    # once the first shard is in the manifest (the workers restarted by
    # their supervisor): the driver waits for it, submits the shards not
    # finished again, and ends with the exact shard set of a run that lost
    # nothing.  Nothing finished is lost or made again: the files of the
    # shards recorded before the restart are never rewritten.
    tmp = str(tmp_path)
    ref = reference(tmp)
    out = os.path.join(tmp, "run")
    log = os.path.join(tmp, "run.log")
    cluster = Cluster(tmp)
    try:
        d = driver(out, log, "--scheduler", cluster.address, "--reconnect", "120")
        wait_shards(out, 1, d)
        before = shard_stamps(out)
        cluster.restart_scheduler()
        assert d.wait(timeout=600) == 0, open(log).read()
    finally:
        if d.poll() is None:
            d.kill()
            d.wait()
        cluster.stop()
    text = open(log).read()
    assert "Traceback" not in text, text
    assert "lost the Dask scheduler at %s" % cluster.address in text  # the restart came mid-run
    check_exact(out, ref)
    after = shard_stamps(out)
    assert before and {n: after[n] for n in before} == before


@NEEDS_BOTS
def test_ab_bot_through_the_engine(tmp_path: object) -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    cli = os.path.normpath(os.path.join(here, "..", "..", "..", "build", "mana-cli"))
    if not os.access(cli, os.X_OK):
        pytest.skip("no build/mana-cli")
    out = str(tmp_path)
    p = dict(params(out, 2, 2), bot="ab", ab_nodes=100, engine=cli + " engine")
    e1 = selfplay.make_shard(p, 0)
    z = np.load(os.path.join(out, "shard-000000.npz"))
    assert e1["games"] == 2 and z["actions"].size == int(z["lengths"].sum()) > 0
    masks = np.unpackbits(z["masks"], axis=1, count=941)
    assert all(masks[i, z["actions"][i]] for i in range(z["actions"].size))
    assert set(z["game"].tolist()) == {0, 1}
    # The in-process bot (no engine) is the same C bot with the same seed
    # and positions: the same games, byte for byte.
    inproc = str(tmp_path) + "/inproc"
    os.makedirs(inproc)
    e2 = selfplay.make_shard(dict(p, out=inproc, engine=None), 0)
    assert e2["files"] == e1["files"]


@NEEDS_BOTS
def test_ab_bot_in_process_needs_no_program(tmp_path: object) -> None:
    # --bot ab without --engine: mana.Bot in this process, so it runs with
    # no mana-cli anywhere (PATH holds nothing).
    out = str(tmp_path) + "/out"
    r = selfplay_cli(tmp_path, "--ab-nodes", "50", "--quiet", "--games-per-shard", "1")
    assert r.returncode == 0, r.stderr
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    assert manifest["complete"] and len(manifest["shards"]) == 2
    games = list(mana.read_records_file(os.path.join(out, "shard-000001.mana")))
    assert len(games) == 1 and games[0].is_over()


def selfplay_cli(tmp_path: object, *args: str, path: str = "/nonexistent") -> "subprocess.CompletedProcess[str]":
    """Runs python3 -m mana.selfplay --bot ab with PATH set to path."""
    return subprocess.run([sys.executable, "-m", "mana.selfplay", "--games", "2", "--workers", "1",
                           "--bot", "ab", "--out", str(tmp_path) + "/out"] + list(args),
                          env=dict(os.environ, PATH=path), capture_output=True, text=True, timeout=120)


def test_engine_not_found_is_one_line_and_leaves_no_directory(tmp_path: object) -> None:
    out = str(tmp_path) + "/out"
    # An engine named without a path, "mana-cli engine", is looked up on
    # PATH: not there.
    r = selfplay_cli(tmp_path, "--engine", "mana-cli engine")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == ("python3 -m mana.selfplay: error: the engine program 'mana-cli' was not "
                        "found (not on PATH); point --engine at mana-cli, e.g. --engine "
                        "\"build/mana-cli engine\" in a source tree after make\n")
    assert not os.path.exists(out)
    r = selfplay_cli(tmp_path, "--engine", str(tmp_path) + "/mana-cli engine")
    assert r.returncode == 2 and "(no such executable file)" in r.stderr
    assert len(r.stderr.splitlines()) == 1 and not os.path.exists(out)
    # A program that is no engine: /bin/true exits before the handshake.
    r = selfplay_cli(tmp_path, "--engine", "/bin/true")
    assert r.returncode == 2 and "'/bin/true' does not speak the engine protocol" in r.stderr
    assert len(r.stderr.splitlines()) == 1 and not os.path.exists(out)
    os.makedirs(out)  # a directory the run did not make stays
    assert selfplay_cli(tmp_path, "--engine", "mana-cli engine").returncode == 2
    assert os.listdir(out) == []
    assert "mana-cli found on PATH" in " ".join(
        subprocess.run([sys.executable, "-m", "mana.selfplay", "--help"], capture_output=True,
                       text=True).stdout.split())


def test_engine_failing_in_a_worker_leaves_no_directory(tmp_path: object) -> None:
    # An engine that passes the handshake, with mana-cli's options, then
    # answers every go with a move no setup allows.
    engine = str(tmp_path) + "/engine.sh"
    names = ("Rules", "Orientation", "SetupArea", "DamyoOnDouble", "Reentry",
             "ReentryWhenBlocked", "Blocked", "Repetition", "PlyLimit", "Seed")
    with open(engine, "w") as f:
        f.write('while read -r line; do case $line in\n'
                'mana) echo "option name Bot type combo default ab var ab"; %s echo manaok;;\n'
                'isready) echo readyok;; go*) echo "bestmove D@c3";; quit) exit 0;;\n'
                'esac; done\n' % " ".join('echo "option name %s type string default x";' % n
                                           for n in names))
    r = selfplay_cli(tmp_path, "--engine", "/bin/sh " + engine, "--quiet",
                     path=os.environ.get("PATH", ""))
    assert r.returncode == 1, r.stderr
    # The error is the last line (Dask may warn before it: a port in use).
    last = r.stderr.splitlines()[-1]
    assert last.startswith("python3 -m mana.selfplay: error: the engine played 'D@c3'")
    assert "Traceback" not in r.stderr
    assert not os.path.exists(str(tmp_path) + "/out")


def test_a_second_run_on_the_same_directory_is_refused(tmp_path: object) -> None:
    # A run holds DIR (here: this test holds its lock); a second one on it
    # is refused, and touches nothing, not even the temporary files.
    out = str(tmp_path) + "/out"
    os.makedirs(os.path.join(out, selfplay.PARTIAL))
    with open(os.path.join(out, selfplay.PARTIAL, "shard-000000.npz.1.2"), "wb") as f:
        f.write(b"a live run's half-written shard")
    fd = _dask_run.lock_dir(out, "mana.selfplay", selfplay.UsageError)
    try:
        r = subprocess.run([sys.executable, "-m", "mana.selfplay", "--games", "2", "--workers", "1",
                            "--out", out], capture_output=True, text=True, timeout=120)
    finally:
        os.close(fd)
    assert r.returncode == 2
    assert r.stderr == ("python3 -m mana.selfplay: error: %s is in use by another run of "
                        "mana.selfplay; not touched\n" % out)
    assert os.listdir(os.path.join(out, selfplay.PARTIAL)) == ["shard-000000.npz.1.2"]
    assert os.listdir(out) == [selfplay.PARTIAL]


def test_task_keys_differ_between_directories(tmp_path: object) -> None:
    # Two runs with the same parameters on one scheduler, in /x/a/run and
    # /x/b/run: with one key per (parameters, shard) the scheduler ran each
    # shard once, for the first run, and the second one's manifest said
    # "complete" over a directory holding no shard (break-it 2, F1).
    p = selfplay.run_params(selfplay.parse_args(["--games", "20", "--out", "x"]))
    a, b = str(tmp_path) + "/a/run", str(tmp_path) + "/b/run"
    assert selfplay.task_key(a, p, 3) != selfplay.task_key(b, p, 3)
    assert selfplay.task_key(a, p, 3) == selfplay.task_key(a, p, 3)  # a rerun: the same key
    assert selfplay.task_key(a, p, 3) != selfplay.task_key(a, p, 4)
    assert selfplay.task_key(a, p, 3).startswith("mana-shard-000003-")
    other = dict(p, seed=1)
    assert selfplay.task_key(a, p, 3) != selfplay.task_key(a, other, 3)
