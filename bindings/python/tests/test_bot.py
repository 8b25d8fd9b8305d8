# SPDX-License-Identifier: MIT
"""mana.Bot: libmana-bots in-process, checked against mana-cli engine (the
same C bots behind the engine protocol) on the 50 positions of
tests/data/bot_positions.txt, and its threads, callbacks and errors."""

import dataclasses
import os
import re
import subprocess
import sys
import threading
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest

import mana
from conftest import NEEDS_BOTS

pytestmark = NEEDS_BOTS
from mana import bot as mbot
from mana import engine as me
from conftest import REPO
from test_library import installed_build_library, run_python, sanitizer_env

# The start of play, Black to move: a search with no reachable limit runs
# on (for minutes; with White to move instead, ab proves a win in 11 plies
# at once and returns).
START = "rrdrrr/6/6/6/6/RRRDRR b - 0"
# The cross-check's limits: ab at 2000 nodes, mcts at 300 playouts, deep
# enough that the two bots search real trees on all 50 positions, small
# enough that the 100 searches of each side take a few seconds.
CROSS = [("ab", me.Limit(nodes=2000)), ("mcts", me.Limit(iterations=300))]


def cli() -> str:
    """mana-cli: $MANA_CLI (make check-python names its build's), else
    build/mana-cli; skips only when neither is set nor built."""
    named = os.environ.get("MANA_CLI")
    if named:
        assert os.access(named, os.X_OK), "MANA_CLI=%s is not an executable" % named
        return named
    path = os.path.join(REPO, "build", "mana-cli")
    if not os.access(path, os.X_OK):
        pytest.skip("mana-cli is not built (make)")
    return path


def positions() -> List[Tuple[str, str]]:
    """tests/data/bot_positions.txt (tools/mkbotpositions.py): (preset, mfn)."""
    out = []
    with open(os.path.join(REPO, "tests", "data", "bot_positions.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                preset, mfn = line.split(" ", 1)
                out.append((preset, mfn.strip()))
    return out


def untimed(info: mbot.BotInfo) -> mbot.BotInfo:
    """info without its clock readings (time, nps), which vary by run."""
    return dataclasses.replace(info, time=0.0, nps=0)


def test_positions_file_is_the_scripts() -> None:
    # The data file is what tools/mkbotpositions.py writes, 50 positions of
    # games still going, both presets.
    r = subprocess.run([sys.executable, os.path.join(REPO, "tools", "mkbotpositions.py")],
                       capture_output=True, text=True, timeout=120, cwd="/")
    assert r.returncode == 0, r.stderr
    with open(os.path.join(REPO, "tests", "data", "bot_positions.txt")) as f:
        assert r.stdout == f.read()
    ps = positions()
    assert len(ps) == 50 and {p for p, _ in ps} == {"jactalea", "cosmoludo"}
    for preset, mfn in ps:
        assert not mana.Game(preset, position=mfn).is_over()


@pytest.mark.parametrize("kind,limit", CROSS, ids=[k for k, _ in CROSS])
def test_same_answers_as_the_engine_protocol(kind: str, limit: me.Limit) -> None:
    # Each position searched by a fresh bot (newgame / clear(): the Seed
    # option's generator and empty tables) with seed 1 and 1 thread: the
    # engine protocol's bestmove, score and PV are mana.Bot's.
    with me.SimpleEngine.popen([cli(), "engine"], timeout=60) as engine, \
            mana.Bot(kind, seed=1) as bot:
        engine.configure({"Bot": kind, "Seed": 1})
        if "Threads" in engine.options:  # (an engine option once threads are searched)
            engine.configure({"Threads": 1})
        differ = []
        for preset, mfn in positions():
            game = mana.Game(preset, position=mfn)
            theirs = engine.play(game, limit, new_game=True)
            bot.clear()
            ours = bot.play(game, limit)
            got: Tuple[Any, ...] = (str(ours.move), ours.info.score)
            want: Tuple[Any, ...] = (str(theirs.move), theirs.info.get("score"))
            # The PV too, where the engine's last info line is the best
            # move's (a move found in an unfinished iteration has no line
            # of its own: mana.Bot's pv is then that move alone).
            if theirs.info.get("pv", [None])[0] == want[0]:
                got += ([str(m) for m in ours.info.pv],)
                want += (theirs.info["pv"],)
            if got != want:
                differ.append((preset, mfn, got, want))
        assert differ == []


def test_choose_play_and_analyse_agree() -> None:
    # Deterministic: the same seed and position give the same answer, and
    # clear() makes the bot answer as a fresh one.
    g = mana.Game(position=START)
    with mana.Bot("ab", nodes=2000) as a, mana.Bot("ab", nodes=2000) as b:
        first = a.play(g)
        assert b.choose(g) == first.move
        b.clear()
        info = b.analyse(g)
        assert untimed(info) == untimed(first.info)
        assert first.move in g.legal_moves and first.info.pv[0] == first.move
        # The ponder move is the line's second move, legal after the first.
        assert first.ponder == first.info.pv[1]
        after = g.copy()
        after.play(first.move)
        assert first.ponder in after.legal_moves
        assert first.info.nodes == 2000 and first.info.iterations == 0
        assert first.info.win_rate is None and not first.info.setup
        assert first.info.score is not None and first.info.score.turn == mana.Color.BLACK
        assert 1 <= first.info.depth <= first.info.seldepth


def test_score_views() -> None:
    # Black to move: the score is Black's (relative); white() negates it.
    g = mana.Game(position="rrdrrr/6/6/6/6/RRRDRR b - 0")
    s = mana.Bot("ab", nodes=2000).analyse(g).score
    assert s.turn == mana.Color.BLACK and s.relative is s and s.black() == s
    assert s.cp is not None and s.white().cp == -s.cp and not s.is_mate()


def test_mate_score() -> None:
    # White's Ronin on c5 takes the Damyo on c6 at once: a mate in 1 ply.
    g = mana.Game(position="2d3/2R3/6/6/6/3D2 w - 0")
    r = mana.Bot("ab", depth=3).play(g)
    assert str(r.move) == "c5xc6"
    assert r.info.score.is_mate() and r.info.score.mate == 1
    assert r.info.score.black().mate == -1


def test_nothing_searched_has_no_score() -> None:
    # White's only legal move here is a1-a2.  mcts answers it unsearched
    # (0 nodes) and random searches nothing: no line reported, so no score
    # (mana-cli engine sends none either).  ab still searches it for its
    # score.
    g = mana.Game(position="r4r/r5/3r1r/3Rd1/4R1/RRD3 w 1 0")
    assert [str(m) for m in g.legal_moves] == ["a1-a2"]
    for kind, nodes in (("mcts", 0), ("random", 1)):  # random: 1 node (mana_bot.h)
        r = mana.Bot(kind).play(g)
        assert str(r.move) == "a1-a2" and r.info.score is None and r.info.nodes == nodes
        assert r.info.pv == [r.move]
    r = mana.Bot("ab", nodes=2000).play(g)
    assert str(r.move) == "a1-a2" and r.info.score is not None and r.info.nodes > 0
    r = mana.Bot("random", seed=9).play(mana.Game(position=START))
    assert r.info.score is None and r.move in mana.Game(position=START).legal_moves


def test_mcts_reports_a_win_rate() -> None:
    r = mana.Bot("mcts", iterations=300, seed=3).play(mana.Game(position=START))
    assert r.info.iterations == 300
    assert r.info.win_rate is not None and 0.0 <= r.info.win_rate <= 1.0
    # Its cp is derived from the win rate p: 400 log10(p / (1 - p)), rounded.
    p = r.info.win_rate
    if 0 < p < 1:
        assert r.info.score.cp == max(-2000, min(2000, round(400 * np.log10(p / (1 - p)))))


def test_setup_search() -> None:
    # In setup the bot chooses the orientation by a setup search.
    g = mana.Game()
    r = mana.Bot("ab", nodes=2000).play(g)
    assert r.move.kind == mana.MoveKind.ORIENT and r.move in g.legal_moves
    assert r.info.setup and r.info.samples > 0


def test_info_callback_sees_each_iteration() -> None:
    seen: List[mbot.BotInfo] = []
    r = mana.Bot("ab", depth=4).play(mana.Game(position=START), info=seen.append)
    assert [i.depth for i in seen] == [1, 2, 3, 4]
    assert seen[-1].pv == r.info.pv and seen[-1].score == r.info.score
    assert all(i.pv[0] in mana.Game(position=START).legal_moves for i in seen)


def test_exception_in_callback_stops_and_is_raised() -> None:
    calls: List[int] = []

    def boom(info: mbot.BotInfo) -> None:
        calls.append(info.depth)
        raise KeyError("from the callback")

    bot = mana.Bot("ab", nodes=10 ** 12)
    with pytest.raises(KeyError, match="from the callback"):
        bot.play(mana.Game(position=START), info=boom)
    assert calls == [1]
    assert bot.choose(mana.Game(position=START), me.Limit(nodes=100)) is not None


def test_stop_from_the_callback() -> None:
    bot = mana.Bot("ab", nodes=10 ** 12)

    def at_three(info: mbot.BotInfo) -> None:
        if info.depth >= 3:
            bot.stop()

    r = bot.play(mana.Game(position=START), info=at_three)
    # Stopped once depth 3 was reported: far below the node limit.
    assert r.info.depth >= 3 and r.info.nodes < 10 ** 9


def test_stop_from_another_thread() -> None:
    # A search with no reachable limit runs with the GIL released (this
    # thread keeps running) until stop(), which returns once it ended.
    bot = mana.Bot("ab", nodes=10 ** 15)
    g = mana.Game(position=START)
    started = threading.Event()
    out: Dict[str, Any] = {}

    def search() -> None:
        out["r"] = bot.play(g, info=lambda i: started.set())

    t = threading.Thread(target=search)
    t.start()
    assert started.wait(60)
    with pytest.raises(RuntimeError, match="another thread"):
        bot.clear()  # busy: the bot belongs to the searching thread
    with pytest.raises(RuntimeError, match="another thread"):
        g.play("a1-a2")  # the game is locked while searched
    bot.stop()
    t.join(60)
    assert not t.is_alive()
    assert out["r"].move in g.legal_moves and out["r"].info.nodes < 10 ** 15


def test_stop_just_as_the_search_starts_is_not_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    # The library drops a stop that comes before its search began.  Here
    # the C search is held back until a first stop has been sent (and so
    # lost): stop() sends it again until the search has returned, so a
    # search with no reachable limit still ends.
    real_choose, real_stop = mbot._fn["mana_bot_choose"], mbot._fn["mana_bot_stop"]
    sent = threading.Event()

    def late_choose(*args: Any) -> int:
        assert sent.wait(60)
        return int(real_choose(*args))

    def counted_stop(b: int) -> None:
        real_stop(b)
        sent.set()

    monkeypatch.setitem(mbot._fn, "mana_bot_choose", late_choose)
    monkeypatch.setitem(mbot._fn, "mana_bot_stop", counted_stop)
    bot = mana.Bot("ab", nodes=10 ** 15)
    out: List[mbot.BotResult] = []
    t = threading.Thread(target=lambda: out.append(bot.play(mana.Game(position=START))),
                         daemon=True)
    t.start()
    while bot._idle.is_set() and t.is_alive():  # until play() marks the bot searching
        sent.wait(0.001)
    bot.stop()
    t.join(60)
    assert not t.is_alive() and out and out[0].info.nodes < 10 ** 15


def test_example_bot_game() -> None:
    # examples/python/bot_game.py plays ab against mcts to the end, the
    # bots choosing their own setups: Black the orientation and its six
    # placements, then White its six (13 setup plies), then the play.  Its
    # default seed shows a real game: 30 plies or more after the setup.
    r = subprocess.run([sys.executable, os.path.join(REPO, "examples", "python", "bot_game.py")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    movers = [tuple(line.split()[:2]) for line in lines[:-1]]
    assert set(movers) == {("white", "ab"), ("black", "mcts")}
    setup = [line.split()[2] for line in lines[:13]]
    assert setup[0] in ("O0", "O1", "O2", "O3") and all("@" in m for m in setup[1:])
    assert [m[:2] for m in movers[:13]] == [("black", "mcts")] * 7 + [("white", "ab")] * 6
    play = movers[13:]
    assert len(play) >= 30 and "@" not in lines[13].split()[2]
    assert all(a[0] != b[0] for a, b in zip(play, play[1:]))  # turns alternate
    assert re.fullmatch(r"result: (1-0|0-1|1/2-1/2) \(\w+\)", lines[-1])


def test_the_search_releases_the_gil() -> None:
    # mana_bot_choose is a CDLL function: ctypes drops the GIL for it
    # (a PyDLL one, FUNCFLAG_PYTHONAPI, would keep it); the info callback,
    # a CFUNCTYPE, takes it back for each call.
    import ctypes
    flags = mbot._fn["mana_bot_choose"]._flags_
    assert not flags & ctypes._FUNCFLAG_PYTHONAPI  # type: ignore[attr-defined]
    assert not mbot._INFO_FN._flags_ & ctypes._FUNCFLAG_PYTHONAPI  # type: ignore[attr-defined]


def test_stop_with_no_search_is_a_no_op() -> None:
    g = mana.Game(position=START)
    bot = mana.Bot("ab", nodes=2000)
    bot.stop()
    assert untimed(bot.analyse(g)) == untimed(mana.Bot("ab", nodes=2000).analyse(g))


def test_options() -> None:
    bot = mana.Bot("ab", threads=1, hash_mb=8, seed=2 ** 64 - 1)
    assert bot.get_option("hash") == 8 and bot.get_option("Seed") == 2 ** 64 - 1
    bot.set_option("Threads", np.int32(2))
    assert bot.get_option("THREADS") == 2
    with pytest.raises(mana.ManaError) as e:
        bot.set_option("Hash", 0)
    assert e.value.code == mana.ErrorCode.EINVAL and "1..65536" in e.value.detail
    # an int out of range is the package's one range error, as for a Game's options
    assert isinstance(e.value, mana.ManaRangeError) and isinstance(e.value, ValueError)
    with pytest.raises(mana.ManaRangeError, match=r"1\.\.256"):
        mana.Bot("ab", threads=0)
    with pytest.raises(mana.ManaRangeError, match=r"1\.\.16"):
        bot.set_option("MultiPV", np.int64(17))
    with pytest.raises(mana.ManaOverflowError, match="1..65536"):
        bot.set_option("Hash", 2 ** 40)
    assert bot.get_option("hash") == 8 and bot.get_option("MultiPV") == 1
    with pytest.raises(mana.ManaError, match="Bogus") as unknown:
        bot.set_option("Bogus", 1)
    assert not isinstance(unknown.value, mana.ManaRangeError)
    with pytest.raises(TypeError):
        bot.set_option("Hash", True)


def test_eval_option_chooses_the_learned_evaluation() -> None:
    # Eval 1 (learned, the network of bots/ab_learned.c) is the default;
    # Eval 0 (linear) is as deterministic.
    g = mana.Game(position=START)
    linear = mana.Bot("ab", depth=4)
    assert linear.get_option("Eval") == 1
    linear.set_option("Eval", 0)
    assert linear.get_option("Eval") == 0
    learned = [mana.Bot("ab", depth=4) for _ in range(2)]
    for b in learned:
        b.set_option("eval", 1)
        assert b.get_option("Eval") == 1
    a, b = (untimed(x.analyse(g)) for x in learned)
    assert a == b and a.pv[0] in g.legal_moves
    with pytest.raises(mana.ManaError, match="expected linear, learned, 0 or 1"):
        linear.set_option("Eval", 2)
    # by name, as the engine protocol's combo; names are for Eval only
    linear.set_option("Eval", "learned")
    assert linear.get_option("Eval") == 1
    linear.set_option("EVAL", "linear")
    assert linear.get_option("Eval") == 0
    with pytest.raises(mana.ManaError, match="Eval: bad value 'fast'"):
        linear.set_option("Eval", "fast")
    with pytest.raises(TypeError, match="option Hash"):
        linear.set_option("Hash", "16")


def test_multipv_lines_are_passed_through() -> None:
    # MultiPV is the library's option: analyse(multipv=k) returns the lines
    # the library searched, ranked 1.., best first, and holds for that call
    # only, as python-chess's analyse(multipv=k) does.
    g = mana.Game(position=START)
    bot = mana.Bot("ab", nodes=2000)
    lines = bot.analyse(g, multipv=2)
    assert bot.get_option("MultiPV") == 1
    assert 1 <= len(lines) <= 2 and [l.multipv for l in lines] == list(range(1, len(lines) + 1))
    assert lines[0].pv[0] in g.legal_moves
    assert len(bot.play(g).lines) == 1  # the option was set back
    # set_option sets it for every search: play() returns the same lines,
    # and its best is info; analyse(multipv=1) then leaves it at 2.
    bot.set_option("MultiPV", 2)
    r = bot.play(g)
    assert bot.get_option("MultiPV") == 2 and len(r.lines) == len(lines)
    assert untimed(r.lines[0]) == untimed(r.info)
    assert len(bot.analyse(g, multipv=1)) == 1 and bot.get_option("MultiPV") == 2
    with pytest.raises(mana.ManaError, match="MultiPV"):
        bot.analyse(g, multipv=17)
    assert bot.get_option("MultiPV") == 2  # a refused value changes nothing


def test_multipv_3_and_root_moves() -> None:
    # A middle-game position of tests/data/ab_tree.txt with many moves (the
    # protocol's and JavaScript's MultiPV test): three lines, distinct first
    # moves, ordered by score, each searched to the depth.
    g = mana.Game(position="1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0")
    bot = mana.Bot("ab", depth=4)
    lines = bot.analyse(g, multipv=3)
    assert len(lines) == 3 and len({l.pv[0] for l in lines}) == 3
    assert [l.depth for l in lines] == [4, 4, 4]
    cps = [l.score.cp for l in lines if l.score is not None and l.score.cp is not None]
    assert len(cps) == 3 and cps == sorted(cps, reverse=True)
    # root_moves: the moves of lines 2 and 3 (not the best) answer one of
    # them; one move, as text, answers that move; the lines are theirs.
    a, b = lines[1].pv[0], lines[2].pv[0]
    assert bot.play(g, root_moves=[a, b]).move in (a, b)
    assert bot.choose(g, root_moves=[str(b)]) == b
    assert [l.pv[0] for l in bot.analyse(g, multipv=3, root_moves=[b])] == [b]
    assert bot.choose(g, root_moves=[]) in g.legal_moves  # empty: every move
    orient = list(mana.Game(position=START).legal_moves)[0]  # O0: a setup move, not legal here
    with pytest.raises(mana.ManaError) as e:
        bot.choose(g, root_moves=[a, orient])
    assert e.value.code == mana.ErrorCode.EILLEGAL
    with pytest.raises(mana.ManaError) as e:
        bot.choose(g, root_moves=["zz"])
    assert e.value.code == mana.ErrorCode.EPARSE
    with pytest.raises(TypeError):
        bot.choose(g, root_moves=a)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        bot.choose(g, root_moves=[3])  # type: ignore[list-item]


def test_numpy_ints_and_bad_arguments() -> None:
    g = mana.Game(position=START)
    a = mana.Bot("mcts", seed=np.uint64(5), nodes=np.int64(2000)).analyse(g)
    b = mana.Bot("mcts", seed=5, nodes=2000).analyse(g)
    assert untimed(a) == untimed(b)
    assert mana.Bot("ab").choose(g, me.Limit(nodes=np.int16(50))) in g.legal_moves
    with pytest.raises(mana.ManaError) as e:
        mana.Bot("alphabeta")
    assert e.value.code == mana.ErrorCode.EINVAL and "random|ab|mcts" in e.value.detail
    with pytest.raises(TypeError):
        mana.Bot(seed=True)
    with pytest.raises(mana.ManaOverflowError):
        mana.Bot(seed=-1)
    with pytest.raises(ValueError):
        mana.Bot(nodes=0)
    with pytest.raises(ValueError):
        mana.Bot("ab").choose(g, me.Limit(time=-1))
    with pytest.raises(TypeError):
        mana.Bot("ab").choose("rrdrrr/6/6/6/6/RRRDRR w - 0")  # type: ignore[arg-type]
    # a number where a Limit goes (analyse(g, 5) for depth 5) is a
    # TypeError naming Limit, not an AttributeError from inside
    for call in (mana.Bot("ab").analyse, mana.Bot("ab").choose, mana.Bot("ab").play):
        with pytest.raises(TypeError, match=r"^limit must be a mana.engine.Limit .*not int 5$"):
            call(g, 5)  # type: ignore[arg-type]


def test_finished_game_is_eover() -> None:
    g = mana.Game(position="2d3/2R3/6/6/6/3D2 w - 0")
    g.play("c5xc6")
    with pytest.raises(mana.ManaError) as e:
        mana.Bot("ab").choose(g)
    assert e.value.code == mana.ErrorCode.EOVER


def test_close_and_context_manager() -> None:
    with mana.Bot("random", seed=4) as bot:
        assert bot.kind == "random" and repr(bot).startswith("<mana.Bot random")
    assert bot.closed and repr(bot) == "<mana.Bot closed>"
    bot.close()  # idempotent
    with pytest.raises(ValueError, match="closed"):
        bot.choose(mana.Game(position=START))
    bot.stop()  # a no-op on a closed bot


def test_description_names_the_limits() -> None:
    assert mana.Bot("ab", nodes=2000).description == "ab (2000 nodes)"


def header_text() -> str:
    with open(os.path.join(REPO, "include", "mana_bot.h")) as f:
        return f.read()


def test_header_constants_and_functions() -> None:
    h = header_text()
    defines = dict(re.findall(r"#define (MANA_BOT_\w+) (\S+)", h))
    assert defines["MANA_BOT_KINDS"] == '"%s"' % "|".join(mbot.KINDS)
    assert int(defines["MANA_BOT_PV_MAX"]) == mbot.PV_MAX
    assert int(defines["MANA_BOT_MULTIPV_MAX"]) == mbot.MULTIPV_MAX
    functions = set(re.findall(r"MANA_API [^;(]*?\b(mana_bot_\w+)\(", h))
    assert functions == set(mbot.SIGNATURES) | set(mbot.NOT_WRAPPED)


LAYOUT_C = r"""
#include <stddef.h>
#include <stdio.h>
#include <mana_bot.h>
int main(void) {
    printf("%zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(mana_bot_limits), sizeof(mana_bot_line),
           sizeof(mana_bot_info), sizeof(mana_bot_result), offsetof(mana_bot_line, pv),
           offsetof(mana_bot_info, line), offsetof(mana_bot_result, lines),
           offsetof(mana_bot_limits, ponder));
    return 0;
}
"""


def test_struct_layout_is_the_compilers(tmp_path: Any) -> None:
    src = tmp_path / "layout.c"
    src.write_text(LAYOUT_C)
    exe = str(tmp_path / "layout")
    cc = os.environ.get("CC", "cc").split()
    subprocess.run(cc + ["-I" + os.path.join(REPO, "include"), "-o", exe, str(src)], check=True)
    got = subprocess.run([exe], capture_output=True, text=True, check=True).stdout.split()
    import ctypes
    want = [ctypes.sizeof(mbot._Limits), ctypes.sizeof(mbot._Line), ctypes.sizeof(mbot._Info),
            ctypes.sizeof(mbot._Result), mbot._Line.pv.offset, mbot._Info.line.offset,
            mbot._Result.lines.offset, mbot._Limits.ponder.offset]
    assert [int(x) for x in got] == want


def test_a_libmana_without_bots_says_so(tmp_path: Any) -> None:
    lib = installed_build_library()
    if lib is None:
        pytest.skip("no libmana.so built in the tree")
    code = "import mana\ntry:\n    mana.Bot()\nexcept mana.LibraryError as e:\n    print(e)\n"
    r = run_python(dict(sanitizer_env(), MANA_LIBRARY=lib), str(tmp_path), code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ("%s has no bots (libmana-bots); the package's own library, "
                                "used when MANA_LIBRARY is not set, has them" % lib)
