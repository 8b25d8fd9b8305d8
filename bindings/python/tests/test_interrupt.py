# SPDX-License-Identifier: MIT
"""Ctrl-C during the package's long calls: SIGINT sent to a child python3
while its search runs must stop the search and raise KeyboardInterrupt in
the call, leaving the bot and the game usable (as python-chess and numpy
users expect), never be swallowed with "Exception ignored ..." while the
search runs its full time.

Each child prints "searching" just before its long call and the test sends
SIGINT a second later; the searches are given 60 s (Limit(time=60)), so a
call that ignored the signal would print a move instead of
"KeyboardInterrupt" (the subprocess timeout, generous, only flags a hang;
nothing here measures speed).
"""

import os
import signal
import subprocess
import sys
import time

import pytest

import mana

pytestmark = pytest.mark.skipif(not mana.bot.available(), reason="the library loaded has no bots")

# A middle game of tests/data/perft.txt, White to move: no quick end.
MIDGAME = "2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2"

CHILD = r'''
import sys, mana
from mana.engine import Limit
kind, how = sys.argv[1], sys.argv[2]
bot = mana.Bot(kind, seed=3)
game = mana.Game(position=%r)
print("searching", flush=True)
try:
    if how == "play":
        r = bot.play(game, Limit(time=60))
    elif how == "callback":
        r = bot.play(game, Limit(time=60), info=lambda info: None)
    else:
        r = bot.analyse(game, Limit(time=60), multipv=2)
    print("returned", r, flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
# Usable afterwards: the same bot and game search again.
move = bot.choose(game, Limit(nodes=200))
print("then", move, move in game.legal_moves(), flush=True)
bot.close()
''' % MIDGAME


def _as_at_a_terminal() -> None:
    """In the child before exec: SIGINT back to its default disposition.
    A shell without job control starts background commands with SIGINT
    ignored (POSIX), and CI may run the tests so; python3 keeps an ignored
    SIGINT ignored and Ctrl-C would never reach it, as it does at a
    terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("kind,how", [("ab", "play"), ("ab", "callback"), ("mcts", "play"),
                                      ("ab", "analyse")])
def test_sigint_stops_a_search_with_keyboard_interrupt(kind: str, how: str) -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD, kind, how], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, preexec_fn=_as_at_a_terminal)
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "searching\n"
        time.sleep(1.0)  # into the search (which runs for 60 s unless stopped)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=50)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, err
    assert out.splitlines() == ["KeyboardInterrupt", "then %s True" % out.split()[-2]], (out, err)
    assert "Exception ignored" not in err, err
    assert err == "", err


OTHER_CHILD = r'''
import sys, mana, mana.engine
from mana.engine import Limit
how = sys.argv[1]
game = mana.Game(position=%r)
engine = mana.engine.SimpleEngine.popen([sys.argv[2], "engine"]) if how == "engine" else None
print("searching", flush=True)
try:
    if engine is not None:
        print("returned", engine.play(game, Limit(time=60)).move, flush=True)
    else:
        print("returned", game.perft(14), flush=True)  # years
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
# Usable afterwards: the same game (and engine, brought back in step).
if engine is not None:
    move = engine.play(game, Limit(depth=2)).move
    engine.quit()
else:
    move = game.legal_moves()[game.perft(2) %% 5]
print("then", move, move in game.legal_moves(), flush=True)
''' % MIDGAME
CLI = os.environ.get("MANA_CLI", os.path.join(os.path.dirname(__file__), "..", "..", "..", "build", "mana-cli"))


@pytest.mark.parametrize("how", ["perft", "engine"])
def test_sigint_to_the_process_group_stops_perft_and_engine_waits(how: str) -> None:
    """Ctrl-C at a terminal signals the whole foreground process group:
    the engine (in a session of its own) is not killed, and the Python
    call raises KeyboardInterrupt."""
    if how == "engine" and not os.access(CLI, os.X_OK):
        pytest.skip("no mana-cli")
    child = subprocess.Popen([sys.executable, "-c", OTHER_CHILD, how, CLI], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True,
                             preexec_fn=_as_at_a_terminal)
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "searching\n"
        time.sleep(1.0)
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=50)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 0, err
    assert out.splitlines() == ["KeyboardInterrupt", "then %s True" % out.split()[-2]], (out, err)


def test_interrupted_search_is_not_a_stop_of_the_next() -> None:
    """A KeyboardInterrupt raised in the info callback (as the signal's
    handler raises it) stops that search and only that one: the next
    search of the bot reaches its depth."""
    bot = mana.Bot("ab", seed=3)
    game = mana.Game(position=MIDGAME)

    def interrupt(info: mana.BotInfo) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        bot.play(game, mana.engine.Limit(depth=6), info=interrupt)
    assert bot.analyse(game, mana.engine.Limit(depth=3)).depth == 3
    assert game.position == MIDGAME  # the game was only read
    bot.close()


def test_search_thread_does_not_outlive_the_call() -> None:
    import threading
    bot = mana.Bot("ab", seed=3)
    before = threading.active_count()
    bot.choose(mana.Game(position=MIDGAME), mana.engine.Limit(depth=2))
    assert threading.active_count() == before
    bot.close()


if os.name != "posix":  # pragma: no cover - signals as POSIX sends them
    pytest.skip("SIGINT to a child is POSIX's", allow_module_level=True)
