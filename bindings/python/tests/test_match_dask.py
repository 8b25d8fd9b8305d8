# SPDX-License-Identifier: MIT
"""mana.match: one mana-cli match in blocks of game pairs on Dask.  Without
a cluster: block seeds, merging, refusals.  With MANA_SLOW_TESTS=1 (`make
check-dask-match`, part of `make ci`): a LocalCluster of 2 workers, one
worker killed mid-block and the driver killed once and resumed, ends with
the W-D-L and LLR of `mana-cli match --jobs 1`, and stops at the SPRT's
decision (the later blocks cancelled, never played)."""

import json
import os
import signal
import subprocess
import sys
import time
from typing import List

import pytest

from mana import match
from dask_cluster import Cluster

SLOW = os.environ.get("MANA_SLOW_TESTS") == "1"
HERE = os.path.dirname(os.path.abspath(__file__))
CLI = os.path.normpath(os.path.join(HERE, "..", "..", "..", "build", "mana-cli"))
# ab at depth 3 against mcts at 4000 playouts, paired random setups: the
# SPRT accepts H0 after 26 pairs of the 300 (with --jobs 1 as here).
OPTIONS = ["--white", "ab", "--opt", "depth=3", "--black", "mcts", "--opt", "iterations=4000",
           "--sprt", "elo0=-20,elo1=20", "--games", "600", "--setup", "random", "--seed", "5"]

needs_cli = pytest.mark.skipif(not os.access(CLI, os.X_OK), reason="no build/mana-cli")


def tail(text: str) -> List[str]:
    """The SPRT line and the W-D-L line of a mana-cli match report."""
    return [line for line in text.splitlines() if line.startswith(("SPRT ", "W-D-L "))]


@needs_cli
def test_blocks_merge_to_the_whole_match(tmp_path: object) -> None:
    out = str(tmp_path)
    small = ["--white", "ab", "--black", "random", "--depth", "1", "--games", "12", "--setup", "random"]
    whole = subprocess.run([CLI, "match"] + small + ["--quiet"], capture_output=True, text=True).stdout
    for b, first, last in match.blocks_of(6, 4):  # pairs 1-4 and 5-6, the second block first
        with open(os.path.join(out, match.block_name(b)), "w") as f:
            f.write(match.play_block(CLI, small, first, last))
    assert match.blocks_of(6, 4) == [(0, 1, 4), (1, 5, 6)]
    journal = match.merge(out, [1, 0])
    with open(journal) as f:
        lines = f.read().splitlines()
    assert lines[0].startswith("settings v2 ") and len(lines) == 13
    assert [int(x.split()[1]) for x in lines[1:]] == list(range(1, 13))  # every game once, in order
    s = match.verdict(CLI, small, journal)
    assert s["games_played"] == 12 and not match.decided(s)
    r = subprocess.run([CLI, "match"] + small + ["--from-journal", journal], capture_output=True, text=True)
    assert tail(r.stdout) == tail(whole) and tail(whole)


@needs_cli
def test_an_odd_number_of_games_in_blocks(tmp_path: object) -> None:
    # 7 games: pairs 1-2 and 3-4, the last pair game 7 alone (mana-cli
    # refused --pairs 4-4 of 7 games, so the driver could not play it).
    out = str(tmp_path)
    small = ["--white", "ab", "--black", "random", "--depth", "1", "--games", "7", "--setup", "random"]
    whole = subprocess.run([CLI, "match"] + small + ["--quiet"], capture_output=True, text=True).stdout
    plan = match.blocks_of(4, 2)
    assert plan == [(0, 1, 2), (1, 3, 4)]
    for b, first, last in plan:
        with open(os.path.join(out, match.block_name(b)), "w") as f:
            f.write(match.play_block(CLI, small, first, last))
        assert match.block_problem(out, b, first, last, 7) is None
    journal = match.merge(out, [0, 1])
    with open(journal) as f:
        assert [int(x.split()[1]) for x in f.read().splitlines()[1:]] == list(range(1, 8))
    r = subprocess.run([CLI, "match"] + small + ["--from-journal", journal], capture_output=True, text=True)
    assert tail(r.stdout) == tail(whole) and "W-D-L " in whole


def test_block_keys_differ_between_matches() -> None:
    # Two matches on one scheduler whose --out have the same last name
    # (/runs/a/run, /runs/b/run) had the same task keys: the scheduler ran
    # each block once and one match wrote the other's block journals into
    # its directory, refused for ever after as "other settings" (break-it 2, F1).
    a = match.block_key("/runs/a/run", CLI, OPTIONS, 8, 2)
    assert a != match.block_key("/runs/b/run", CLI, OPTIONS, 8, 2)
    assert a != match.block_key("/runs/a/run", CLI, OPTIONS + ["--seed", "6"], 8, 2)
    assert a != match.block_key("/runs/a/run", CLI, OPTIONS, 4, 2)
    assert a != match.block_key("/runs/a/run", CLI, OPTIONS, 8, 3)
    assert a == match.block_key("/runs/a/run", CLI, list(OPTIONS), 8, 2)  # a rerun: the same key
    assert a.startswith("mana-match-") and a.endswith("-000002")


@needs_cli
def test_a_damaged_block_is_played_again(tmp_path: object) -> None:
    # A block journal cut at a line end, missing a line, cut mid-line or
    # emptied was counted as it stood: the 160-game match ended "W-D-L
    # 32-0-127" with exit status 0 (break-it 2, F2).  Now it is not done.
    out = str(tmp_path)
    small = ["--white", "ab", "--black", "random", "--depth", "1", "--games", "8", "--setup", "random"]
    for b, first, last in match.blocks_of(4, 2):  # pairs 1-2, 3-4
        with open(os.path.join(out, match.block_name(b)), "w") as f:
            f.write(match.play_block(CLI, small, first, last))
    assert match.block_problem(out, 0, 1, 2, 8) is None
    assert match.block_problem(out, 1, 3, 4, 8) is None  # games 5-8
    path = os.path.join(out, match.block_name(0))
    with open(path) as f:
        good = f.read()
    lines = good.splitlines(True)
    assert len(lines) == 5
    for bad, why in [("".join(lines[:-1]), "it holds 3 of the 4 games 1-4"),
                     ("".join(lines[:2] + lines[3:]), "it holds 3 of the 4 games 1-4"),
                     (good[:-10], "cut short (no newline at its end)"),
                     ("", "cut short (no newline at its end)"),
                     ("".join(lines[:1] + lines[2:3] + lines[1:2] + lines[3:]), "it holds 4 of the 4 games 1-4"),
                     (good + lines[1], "it holds 4 of the 4 games 1-4"),
                     (good.replace("\n", "\r\n"), None)]:
        with open(path, "w", newline="") as f:
            f.write(bad)
        assert match.block_problem(out, 0, 1, 2, 8) == why


def test_games_as_mana_cli_reads_them(tmp_path: object) -> None:
    # "--games 4 --games 6": mana-cli plays 6, the driver planned 4 and
    # reported 4 games of the 6-game match, exit status 0; "--gam 6"
    # (getopt_long's abbreviation) planned 100 (break-it 2, F3).
    assert match.games_of(["--games", "4", "--games", "6"]) == 6
    assert match.games_of(["--games=4", "--games", "6", "--seed", "3"]) == 6
    assert match.games_of(["--white", "ab"]) == 100
    with pytest.raises(match.MatchError, match="--games x: expected a number of games"):
        match.games_of(["--games", "x"])
    for word, full in [("--gam", "--games"), ("--rec", "--records"), ("--from", "--from-journal"),
                       ("--jou=j", "--journal"), ("--pai", "--pairs")]:
        with pytest.raises(match.MatchError) as e:
            match.check_options(["--white", "ab", word, "6"])
        assert str(e.value) == "%s: write the option in full (mana-cli would take it for %s)" % (word, full)
    match.check_options(["--white", "ab", "--games", "6", "--seed", "1"])  # in full: accepted
    r = subprocess.run([sys.executable, "-m", "mana.match", "--out", str(tmp_path) + "/g", "--cli", CLI,
                        "--", "--white", "ab", "--black", "random", "--gam", "6"], capture_output=True, text=True)
    assert r.returncode == 1 and "--gam: write the option in full" in r.stderr
    assert not os.path.exists(str(tmp_path) + "/g")


@needs_cli
def test_refusals(tmp_path: object) -> None:
    out = str(tmp_path) + "/run"
    os.makedirs(out)
    with open(out + "/mine.txt", "w") as f:
        f.write("x")
    r = subprocess.run([sys.executable, "-m", "mana.match", "--out", out, "--cli", CLI, "--"] + OPTIONS,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "is not empty and holds no mana.match run; not touched" in r.stderr
    r = subprocess.run([sys.executable, "-m", "mana.match", "--out", str(tmp_path) + "/b", "--cli", CLI,
                        "--"] + OPTIONS + ["--jobs", "2"], capture_output=True, text=True)
    assert r.returncode == 1 and "--jobs is the driver's own" in r.stderr
    # a parameters file cut short is refused in one line (it was a json
    # traceback), the directory untouched
    cut = str(tmp_path) + "/cut"
    os.makedirs(cut)
    with open(cut + "/params.json", "w") as f:
        f.write('{"format": ')
    r = subprocess.run([sys.executable, "-m", "mana.match", "--out", cut, "--cli", CLI, "--"] + OPTIONS,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "params.json is not a readable mana.match parameters file" in r.stderr
    assert "Traceback" not in r.stderr and os.listdir(cut) == ["params.json"]
    with pytest.raises(match.MatchError, match="exited 1"):
        match.play_block(CLI, ["--white", "ab", "--black", "cmd:/nonexistent"], 1, 1)
    # the reason, not the usage hint that follows it (break-it 2, F5)
    with pytest.raises(match.MatchError) as e:
        match.play_block(CLI, ["--white", "ab", "--black", "random", "--games", "4"], 3, 3)
    assert str(e.value) == "pairs 3-3: mana-cli match exited 2: mana-cli match: --pairs goes beyond the match's last pair"


def children(pid: int) -> List[int]:
    """The processes whose parent is pid (from /proc)."""
    kids = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        kids.append(int(name))
            except (OSError, ValueError, IndexError):
                pass
    return kids


def descendants(pid: int) -> List[int]:
    out, todo = [], [pid]
    while todo:
        for k in children(todo.pop()):
            out.append(k)
            todo.append(k)
    return out


def cmdline(pid: int) -> str:
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def blocks(out: str) -> int:
    return len([n for n in os.listdir(out) if n.startswith("block-")]) if os.path.isdir(out) else 0


def wait_for(cond: "object", proc: "subprocess.Popen[str]", what: str, limit: float = 120) -> None:
    t0 = time.time()
    while time.time() - t0 < limit:
        if cond():  # type: ignore[operator]
            return
        if proc.poll() is not None:
            raise AssertionError("the driver ended before %s" % what)
        time.sleep(0.01)
    raise AssertionError("no %s in time" % what)


@needs_cli
@pytest.mark.skipif(not SLOW, reason="slow: MANA_SLOW_TESTS=1 (make check-dask-match)")
def test_worker_killed_and_driver_killed(tmp_path: object) -> None:
    tmp = str(tmp_path)
    ref = subprocess.run([CLI, "match"] + OPTIONS + ["--jobs", "1", "--quiet"], capture_output=True,
                         text=True, timeout=600)
    assert ref.returncode == 0 and len(tail(ref.stdout)) == 2, ref.stderr
    assert "H0 accepted after 52 games" in ref.stdout
    out = os.path.join(tmp, "run")
    argv = [sys.executable, "-m", "mana.match", "--out", out, "--workers", "2", "--pairs-per-block", "2",
            "--cli", CLI, "--log", os.path.join(tmp, "log"), "--"] + OPTIONS
    d = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: blocks(out) >= 1, d, "a first block")
        # a worker dies in the middle of a block: the process whose child
        # is a running `mana-cli match ... --pairs`
        victim: List[int] = []

        def find() -> bool:
            for p in descendants(d.pid):
                if "--pairs" in cmdline(p) and CLI in cmdline(p):
                    with open("/proc/%d/stat" % p) as f:
                        victim.append(int(f.read().rsplit(")", 1)[1].split()[1]))
                    return True
            return False
        wait_for(find, d, "a block being played")
        os.kill(victim[0], signal.SIGKILL)
        wait_for(lambda: blocks(out) >= 5, d, "five blocks after the kill")
        d.kill()  # the driver dies (SIGKILL) mid-run
        d.wait()
        assert blocks(out) < 13, "the driver was killed after the decision"
        for p in descendants(os.getpid()):  # what the killed driver's cluster left
            if "distributed" in cmdline(p) or "multiprocessing" in cmdline(p):
                try:
                    os.kill(p, signal.SIGKILL)
                except OSError:
                    pass
        d = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        got, _ = d.communicate(timeout=600)
        assert d.returncode == 0, open(os.path.join(tmp, "log")).read()
        assert tail(got) == tail(ref.stdout)
        # the decision came with pair 26 (block 12): the blocks after it
        # were cancelled, not all 150 played
        n = blocks(out)
        assert 13 <= n < 150, n
        with open(os.path.join(out, match.MERGED)) as f:
            games = [line for line in f if line.startswith("game ")]
        assert len(games) == len({g.split()[1] for g in games}) == 4 * n  # each game once, blocks whole
        assert "SPRT H0 after 52 games" in open(os.path.join(tmp, "log")).read()
    finally:
        if d.poll() is None:
            d.kill()
            d.wait()


@needs_cli
@pytest.mark.skipif(not SLOW, reason="a real scheduler and workers: make check-dask-match (MANA_SLOW_TESTS=1)")
def test_a_scheduler_restart_mid_match_loses_nothing(tmp_path: object) -> None:
    # The scheduler of --scheduler killed and started again on its address
    # once the first block is journaled: the driver ended with a 100-line
    # CancelledError traceback, exit status 1.  Now it waits for the
    # scheduler, submits the blocks not finished again, and ends with the
    # W-D-L of --jobs 1; every block is played once (no block journaled
    # before the restart is played again: its file is never rewritten).
    small = ["--white", "ab", "--opt", "depth=3", "--black", "mcts", "--opt", "iterations=2000",
             "--games", "24", "--setup", "random", "--seed", "5"]
    whole = subprocess.run([CLI, "match"] + small + ["--jobs", "1", "--quiet"], capture_output=True,
                           text=True, check=True).stdout
    out = os.path.join(str(tmp_path), "run")
    cluster = Cluster(str(tmp_path))
    try:
        driver = subprocess.Popen([sys.executable, "-m", "mana.match", "--out", out, "--scheduler",
                                   cluster.address, "--cli", CLI, "--pairs-per-block", "1", "--reconnect",
                                   "120", "--"] + small, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True)
        deadline = time.monotonic() + 300
        first: List[str] = []
        while not first and driver.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
            first = sorted(n for n in os.listdir(out) if n.startswith("block-")) if os.path.isdir(out) else []
        assert first, "no block finished before the driver ended or in 300 s"
        stamps = {n: os.stat(os.path.join(out, n)).st_mtime_ns for n in first}
        cluster.restart_scheduler()
        stdout, stderr = driver.communicate(timeout=600)
    finally:
        if driver.poll() is None:
            driver.kill()
        cluster.stop()
    assert "Traceback" not in stderr, stderr
    assert driver.returncode == 0, stderr
    assert "lost the Dask scheduler at %s" % cluster.address in stderr  # the restart came mid-run
    assert tail(stdout) == tail(whole) and tail(whole)
    assert {n: os.stat(os.path.join(out, n)).st_mtime_ns for n in first} == stamps
    assert len([n for n in os.listdir(out) if n.startswith("block-")]) == 12
