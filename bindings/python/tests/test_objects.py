# SPDX-License-Identifier: MIT
"""docs/objects.md, the Python rows: each object that owns a native
resource (Game, Bot, ManaEnv, ManaVectorEnv, SimpleEngine) under copy,
deepcopy and pickle; use after close and close twice; many left to the
collector; two threads and fork after threads; an exception in a
callback; the extreme values of its arguments.  Ctrl-C during a long call
is test_interrupt.py's."""

import copy
import gc
import os
import pickle
import resource
import sys
import threading
import weakref
from typing import Any, Callable, List

import numpy as np
import pytest

import mana
import mana.engine
import mana.env
from conftest import START

MIDGAME = "2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2"  # tests/data/perft.txt
CLI = os.environ.get("MANA_CLI", os.path.join(os.path.dirname(__file__), "..", "..", "..", "build", "mana-cli"))
needs_bots = pytest.mark.skipif(not mana.bot.available(), reason="the library loaded has no bots")


def rss_kib() -> int:
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def bounded(make: Callable[[], Any], rounds: int) -> None:
    """make() rounds times, each left to the collector at once: the peak
    RSS after the second half grows by less than 8 MiB over the first half
    (a leak of even 100 bytes an object would show as more)."""
    for _ in range(rounds // 2):
        make()
    gc.collect()
    half = rss_kib()
    for _ in range(rounds // 2):
        make()
    gc.collect()
    assert rss_kib() - half < 8 * 1024


# ---- Game --------------------------------------------------------------------

def test_game_copies_and_pickles_are_independent_games() -> None:
    g = mana.Game(position=MIDGAME)
    g.play(g.legal_moves()[0])
    for other in (copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g)), g.clone()):
        assert other.position == g.position and other.history() == g.history()
        other.undo()  # its own history
        assert other.position == MIDGAME and g.ply == other.ply + 1
        other.close()
    assert not g.closed


def test_game_close_twice_and_use_after_close() -> None:
    g = mana.Game()
    g.close()
    g.close()
    assert g.closed
    for call in (lambda: g.position, g.legal_moves, lambda: g.perft(1), g.clone, lambda: pickle.dumps(g)):
        with pytest.raises(ValueError, match="closed mana.Game"):
            call()


def test_game_left_to_the_collector_in_large_numbers() -> None:
    bounded(lambda: mana.Game(position=MIDGAME).legal_moves(), 40000)


def test_game_in_two_threads_and_fork_after_threads() -> None:
    g = mana.Game(position=MIDGAME)
    busy = threading.Event()
    release = threading.Event()
    errors = []

    def hold() -> None:
        with g._lock:  # another thread inside a call of g (as a long perft is)
            busy.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    busy.wait(10)
    try:
        with pytest.raises(RuntimeError, match="another thread"):
            g.play(g.legal_moves()[0])
        # fork while that thread is inside g: the child's copy of g says so
        # (never a deadlock); a game made in the child works.
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            code = 0
            try:
                try:
                    g.position
                    code = 1
                except RuntimeError:
                    pass
                if mana.Game(position=MIDGAME).perft(2) != 78:
                    code = 2
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        errors.append(os.waitstatus_to_exitcode(status))
    finally:
        release.set()
        t.join()
    assert errors == [0]
    assert g.perft(2) == 78  # perft.txt: 12, 78


def test_game_extreme_arguments() -> None:
    for seed in (0, 2 ** 53 + 1, 2 ** 64 - 1, np.uint64(2 ** 64 - 1), np.int8(5)):
        g, h = mana.Game(), mana.Game()
        g.setup_random(seed)
        h.setup_random(int(seed))
        assert g.position == h.position  # numpy ints are their value
    g = mana.Game()
    a, b = mana.Game(), mana.Game()
    a.setup_random(2 ** 53)
    b.setup_random(2 ** 53 + 1)
    assert a.position != b.position  # no double on the way
    for bad, kind in ((-1, ValueError), (2 ** 64, OverflowError), (1.0, TypeError), (True, TypeError),
                      ("1", TypeError)):
        with pytest.raises(kind):
            g.setup_random(bad)  # type: ignore[arg-type]
    for depth, kind in ((-1, ValueError), (65, ValueError), (2 ** 63, OverflowError), (2.0, TypeError)):
        with pytest.raises(kind):
            g.perft(depth)  # type: ignore[arg-type]


# ---- Bot ---------------------------------------------------------------------

@needs_bots
def test_bot_refuses_copy_deepcopy_and_pickle() -> None:
    bot = mana.Bot("ab", seed=3)
    for call in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="mana.Bot cannot be copied or pickled: it owns a native resource; "
                           "make a new Bot"):
            call(bot)
    assert bot.choose(mana.Game(position=MIDGAME), mana.engine.Limit(depth=1)) in \
        mana.Game(position=MIDGAME).legal_moves()
    bot.close()


@needs_bots
def test_bot_close_twice_and_use_after_close() -> None:
    bot = mana.Bot("mcts")
    bot.close()
    bot.close()
    assert bot.closed and repr(bot) == "<mana.Bot closed>"
    g = mana.Game(position=MIDGAME)
    for call in (lambda: bot.play(g), lambda: bot.set_option("Threads", 2), bot.clear, lambda: bot.kind):
        with pytest.raises(ValueError, match="closed mana.Bot"):
            call()
    bot.stop()  # a no-op on a closed bot


@needs_bots
def test_bot_left_to_the_collector_in_large_numbers() -> None:
    g = mana.Game(position=MIDGAME)
    bounded(lambda: mana.Bot("ab", hash_mb=1).choose(g, mana.engine.Limit(depth=1)), 600)


@needs_bots
def test_bot_in_two_threads_and_fork_after_threads() -> None:
    bot = mana.Bot("ab", seed=3)
    g = mana.Game(position=MIDGAME)
    started = threading.Event()
    got = []

    def search() -> None:
        got.append(bot.play(g, mana.engine.Limit(time=60), info=lambda _: started.set()).move)

    t = threading.Thread(target=search)
    t.start()
    assert started.wait(30)
    with pytest.raises(RuntimeError, match="another thread"):
        bot.choose(mana.Game(position=MIDGAME), mana.engine.Limit(depth=1))
    with pytest.raises(RuntimeError, match="another thread"):
        bot.close()
    pid = os.fork()  # threads (the search's) running: the child makes its own bot
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            child = mana.Bot("ab", seed=3)
            code = 0 if child.choose(mana.Game(position=MIDGAME), mana.engine.Limit(depth=2)) else 3
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    bot.stop()  # from this thread: the search returns its best move so far
    t.join(30)
    assert not t.is_alive() and got and got[0] in g.legal_moves()
    assert os.waitstatus_to_exitcode(status) == 0
    bot.close()


@needs_bots
def test_bot_exception_in_callback() -> None:
    bot = mana.Bot("ab", seed=3)
    g = mana.Game(position=MIDGAME)

    class Mine(Exception):
        pass

    def boom(info: mana.BotInfo) -> None:
        raise Mine(info.depth)

    with pytest.raises(Mine) as e:
        bot.play(g, mana.engine.Limit(depth=8), info=boom)
    assert e.value.args == (1,)  # the first report, the only one called
    assert g.position == MIDGAME
    assert bot.analyse(g, mana.engine.Limit(depth=2)).depth == 2  # usable after


@needs_bots
def test_bot_extreme_arguments() -> None:
    for seed in (0, 2 ** 64 - 1, np.uint64(2 ** 64 - 1)):
        bot = mana.Bot("random", seed=seed)
        assert bot.get_option("Seed") == int(seed)
        bot.close()
    for bad, kind in ((-1, ValueError), (2 ** 64, OverflowError), (1.5, TypeError), (None, TypeError)):
        with pytest.raises(kind):
            mana.Bot("ab", seed=bad)  # type: ignore[arg-type]
    bot = mana.Bot("ab")
    for name, bad, kind in (("Threads", 0, ValueError), ("Threads", 2 ** 63, OverflowError),
                            ("Hash", -1, ValueError), ("MultiPV", 2.0, TypeError)):
        with pytest.raises(kind):
            bot.set_option(name, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        mana.Bot("ab", nodes=-1)
    with pytest.raises(ValueError):
        mana.engine.Limit(time=float("nan"))
    assert bot.choose(mana.Game(position=MIDGAME), mana.engine.Limit(nodes=np.uint64(50))) in \
        mana.Game(position=MIDGAME).legal_moves()
    bot.close()


# ---- ManaEnv and ManaVectorEnv ---------------------------------------------------

def test_mana_env_copies_and_pickles() -> None:
    env = mana.env.ManaEnv(seed=5)
    env.reset(seed=5)
    env.step(int(np.flatnonzero(env.action_mask())[0]))
    for other in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        assert other.game.position == env.game.position and other.game is not env.game
        other.close()
    assert not env.game.closed
    env.close()
    env.close()
    with pytest.raises(ValueError, match="closed"):
        env.observe(env.agent_selection)


def test_vector_env_refuses_copies_and_closes_once() -> None:
    v = mana.env.ManaVectorEnv(4, seed=1)
    for call in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="ManaVectorEnv cannot be copied or pickled"):
            call(v)
    v.reset()
    v.close()
    v.close()
    with pytest.raises(ValueError, match="closed ManaVectorEnv"):
        v.step([0, 0, 0, 0])
    bounded(lambda: mana.env.ManaVectorEnv(64, seed=1).reset(), 400)


def test_vector_env_in_two_threads() -> None:
    # The batch calls drop the GIL: a second thread inside the same env
    # would race the first on the games and the arrays, or free the batch
    # under its step.  It gets RuntimeError instead (as a Game's does).
    v = mana.env.ManaVectorEnv(8, seed=3)
    obs, masks = v.reset()
    before = obs.copy()
    busy, release = threading.Event(), threading.Event()

    def hold() -> None:
        with v._lock:  # another thread inside a call of v (as a long playout is)
            busy.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    busy.wait(10)
    try:
        for call in (v.reset, lambda: v.step([0] * 8), v.playout, lambda: v.game(0), v.close):
            with pytest.raises(RuntimeError, match="ManaVectorEnv is being used by another thread"):
                call()
    finally:
        release.set()
        t.join()
    assert (v.reset()[0] == before).all()  # nothing changed, and usable
    # Two threads playing out the same env at once: each call either runs
    # whole or is refused; a close from the other thread never frees the
    # batch under a playout.
    outcomes: List[str] = []

    def playouts() -> None:
        for _ in range(50):
            try:
                statuses, _ = v.playout()
                outcomes.append("ok" if set(statuses.tolist()) <= {2, 3, 4} else "bad")
            except RuntimeError:
                outcomes.append("refused")
            except ValueError:  # closed by the other thread: the end
                return

    a, b = threading.Thread(target=playouts), threading.Thread(target=playouts)
    a.start()
    b.start()
    a.join()
    b.join()
    assert "bad" not in outcomes and "ok" in outcomes
    while True:
        try:
            v.close()
            break
        except RuntimeError:  # pragma: no cover - only while a playout runs
            pass
    assert repr(v).endswith(" closed>")


def test_vector_env_extreme_arguments() -> None:
    for bad, kind in ((0, ValueError), (10 ** 6 + 1, ValueError), (2 ** 64, OverflowError), (2.0, TypeError)):
        with pytest.raises(kind):
            mana.env.ManaVectorEnv(bad)  # type: ignore[arg-type]
    v = mana.env.ManaVectorEnv(np.int64(2), seed=np.uint64(2 ** 64 - 1))
    obs, masks = v.reset()
    assert obs.shape[0] == 2
    with pytest.raises(mana.ManaError, match="action -1 outside 0..940"):
        v.step([-1, 0])
    with pytest.raises(mana.ManaError, match="action 941 outside 0..940"):
        v.step([mana.ACTION_COUNT, 0])
    v.close()


# ---- SimpleEngine ------------------------------------------------------------------

@pytest.mark.skipif(not os.access(CLI, os.X_OK), reason="no mana-cli")
def test_engine_refuses_copies_and_closes_twice() -> None:
    eng = mana.engine.SimpleEngine.popen([CLI, "engine"])
    for call in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="SimpleEngine cannot be copied or pickled"):
            call(eng)
    assert eng.play(mana.Game(position=MIDGAME), mana.engine.Limit(depth=1)).move is not None
    eng.close()
    eng.close()
    assert eng.process.returncode == 0
    with pytest.raises(mana.engine.EngineTerminatedError):
        eng.play(mana.Game(position=MIDGAME), mana.engine.Limit(depth=1))


@pytest.mark.skipif(not os.access(CLI, os.X_OK), reason="no mana-cli")
def test_engine_in_two_threads() -> None:
    eng = mana.engine.SimpleEngine.popen([CLI, "engine"])
    busy, release = threading.Event(), threading.Event()

    def hold() -> None:
        with eng._lock:  # another thread inside play (a long search)
            busy.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    busy.wait(10)
    try:
        with pytest.raises(RuntimeError, match="searching for another thread"):
            eng.play(mana.Game(position=MIDGAME), mana.engine.Limit(depth=1))
    finally:
        release.set()
        t.join()
    assert eng.play(mana.Game(position=MIDGAME), mana.engine.Limit(depth=1)).move in \
        mana.Game(position=MIDGAME).legal_moves()
    eng.close()


def children() -> List[str]:
    """The pids of this process's children (of any of its threads)."""
    out: List[str] = []
    for task in os.listdir("/proc/self/task"):
        with open("/proc/self/task/%s/children" % task) as f:
            out += f.read().split()
    return out


@pytest.mark.skipif(not os.access(CLI, os.X_OK), reason="no mana-cli")
def test_engines_left_to_the_collector_end_their_processes() -> None:
    # Engines dropped without close(), each after a search.  Their reader
    # thread used to hold them (its target was a bound method), so none was
    # ever collected: 30 engines left 30 live mana-cli processes, 30
    # threads and 60 pipes for the life of the program.  Now each is
    # collected, its process killed and reaped, its pipes closed.
    gc.collect()
    kids, threads, fds = len(children()), threading.active_count(), len(os.listdir("/proc/self/fd"))
    refs = []
    for _ in range(30):
        eng = mana.engine.SimpleEngine.popen([CLI, "engine"])
        assert eng.play(mana.Game(position=MIDGAME), mana.engine.Limit(depth=1)).move is not None
        refs.append(weakref.ref(eng))
        del eng
    gc.collect()
    assert [r for r in refs if r() is not None] == []
    # (at most: a thread or pipe of an earlier test may end meanwhile; each
    # engine kept alive would add one process, one thread and two pipes)
    assert len(children()) <= kids
    assert threading.active_count() <= threads
    assert len(os.listdir("/proc/self/fd")) <= fds


if sys.platform != "linux":  # pragma: no cover - fork and ru_maxrss in KiB are Linux's
    pytest.skip("Linux only", allow_module_level=True)
