# SPDX-License-Identifier: MIT
"""mana.engine against mana-cli engine and against broken engines."""

import os
import signal
import sys
import textwrap
import time
from typing import Any, Iterator, List

import pytest

import mana
import mana.engine as me
from conftest import REPO, START


def cli() -> str:
    path = os.environ.get("MANA_CLI") or os.path.join(REPO, "build", "mana-cli")
    if not os.path.exists(path):
        pytest.skip("mana-cli is not built (make)")
    return path


@pytest.fixture
def engine() -> Iterator[me.SimpleEngine]:
    with me.SimpleEngine.popen([cli(), "engine"], timeout=20) as e:
        yield e


def gone(pid: int) -> bool:
    """True if no process (zombie included) has this pid."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(")")[-1].split()[0] == "X"
    except FileNotFoundError:
        return True


def test_handshake(engine: me.SimpleEngine) -> None:
    assert engine.id["name"].startswith("mana-cli")
    assert engine.options["rules"].var == ("jactalea", "cosmoludo")
    assert engine.options["plylimit"].type == "spin"
    assert engine.options["plylimit"].max == 1000000000
    assert engine.options["bot"].default == "ab"
    # The names as the engine wrote them (mana-cli engine's handshake),
    # found in any case.
    assert list(engine.options) == [
        "Rules", "Orientation", "SetupArea", "DamyoOnDouble", "Reentry", "ReentryWhenBlocked",
        "Blocked", "Repetition", "PlyLimit", "Bot", "Seed", "Hash", "Threads", "MultiPV", "Eval"]
    assert engine.options["eval"].type == "combo" and engine.options["eval"].default == "learned"
    assert engine.options["eval"].var == ("linear", "learned")
    for name in ("Bot", "bot", "BOT", "bOt"):
        assert name in engine.options and engine.options[name].name == "Bot"
    assert engine.options.get("PlyLimit") is engine.options["PLYLIMIT"]
    assert "Bots" not in engine.options and 3 not in engine.options  # type: ignore[comparison-overlap]
    with pytest.raises(KeyError):
        engine.options["Bots"]
    with pytest.raises(KeyError, match="it has Rules, Orientation, "):
        engine.configure({"Bots": "ab"})
    assert "'Bot': EngineOption(name='Bot'" in repr(engine.options)


def test_option_map_keeps_names_and_ignores_case() -> None:
    m: me.OptionMap[int] = me.OptionMap({"PlyLimit": 1}, Seed=2)
    m["plylimit"] = 3  # the same option: the name first given stays
    assert list(m.items()) == [("PlyLimit", 3), ("Seed", 2)]
    assert repr(m) == "OptionMap({'PlyLimit': 3, 'Seed': 2})"
    assert m == {"plyLIMIT": 3, "seed": 2} and m != {"PlyLimit": 3} and m != {"PlyLimit": 3, "Seed": 9}
    assert m != [("PlyLimit", 3), ("Seed", 2)]
    c = m.copy()
    del c["SEED"]
    assert list(c) == ["PlyLimit"] and len(m) == 2 and "seed" in m
    with pytest.raises(KeyError):
        del c["Seed"]


def test_a_number_for_a_limit_is_a_type_error(engine: me.SimpleEngine) -> None:
    with pytest.raises(TypeError, match=r"^limit must be a mana.engine.Limit .*not int 5$"):
        engine.analyse(mana.Game(), 5)  # type: ignore[call-overload]
    assert engine.play(mana.Game(), me.Limit(depth=1)).move is not None  # still usable


def test_a_whole_game(engine: me.SimpleEngine) -> None:
    engine.configure({"Bot": "random", "Seed": 3})
    game = mana.Game("cosmoludo", ply_limit=60)
    first = True
    while not game.is_over():
        r = engine.play(game, me.Limit(nodes=50), new_game=first)
        first = False
        assert r.move is not None and r.move in game.legal_moves()
        game.play(r.move)
    assert game.status in (mana.Status.WHITE_WON, mana.Status.BLACK_WON, mana.Status.DRAWN)
    # A finished game: bestmove (none) with the status in info strings.
    r = engine.play(game, me.Limit(depth=1))
    assert r.move is None
    assert any(s.startswith("status ") for s in r.strings)


def test_info_lines(engine: me.SimpleEngine) -> None:
    game = mana.Game(position=START)
    r = engine.play(game, me.Limit(depth=3))
    assert r.move is not None and game.is_legal(r.move)
    # The last info line holds the totals (docs/engine-protocol.md).
    assert {"depth", "seldepth", "nodes", "nps", "time"} <= set(r.infos[-1])
    assert r.info["nodes"] == r.infos[-1]["nodes"] > 0
    assert any(isinstance(i.get("score"), me.Score) for i in r.infos)
    assert any(i.get("pv") for i in r.infos)
    assert engine.analyse(game, me.Limit(depth=1))["depth"] >= 1


def test_position_command_carries_rules_start_and_moves(engine: me.SimpleEngine) -> None:
    g = mana.Game(position=START, blocked="draw")
    g.play("a6-a4")
    assert engine.position_command(g) == "position mfn %s moves a6-a4" % START
    assert engine.position_command(mana.Game()) == "position startpos"
    engine.play(g, me.Limit(depth=1))
    engine.send("status")
    engine.ping()  # the settings were all accepted


def test_refused_option_value(engine: me.SimpleEngine) -> None:
    with pytest.raises(me.EngineError) as e:
        engine.configure({"PlyLimit": -3})
    assert "setoption" in str(e.value)
    with pytest.raises(KeyError):
        engine.configure({"Ponder": 1})  # not advertised
    with pytest.raises(me.EngineError) as e:
        engine.configure({"Hash": 0})  # advertised as 1..65536
    assert "Hash" in str(e.value)
    engine.configure({"PlyLimit": 40})  # still usable


def test_parse_info() -> None:
    info = me.parse_info("depth 2 score mate -3 nodes 26 time 1500 wr 51.5 pv d4xc3 a1-b1".split())
    assert info == {"depth": 2, "score": me.Score(mate=-3), "nodes": 26, "time": 1.5,
                    "wr": 51.5, "pv": ["d4xc3", "a1-b1"]}
    assert me.parse_info(["string", "time", "budget"]) == {"string": "time budget"}
    for bad in ("depth", "depth x", "score cp", "score foo 3"):
        with pytest.raises(me.EngineError):
            me.parse_info(bad.split())


def test_parse_info_unknown_keys_do_not_shift_the_rest() -> None:
    # an unknown key keeps its words up to the next known key; the score,
    # nodes and pv after it are still read by name
    info = me.parse_info("setup rounds 3 candidates 5 nodes 90 score cp -12 hashfull 7 "
                         "time 4 pv c1".split())
    assert info == {"setup": True, "rounds": "3 candidates 5", "nodes": 90,
                    "score": me.Score(cp=-12), "hashfull": "7", "time": 0.004, "pv": ["c1"]}
    assert me.parse_info("currmove a1-b2 b3 depth 2".split()) == {"currmove": "a1-b2 b3",
                                                                  "depth": 2}
    assert me.parse_info("setup samples 64 score cp 5 wr 51.5".split()) == {
        "setup": True, "setup_samples": 64, "score": me.Score(cp=5), "wr": 51.5}


@pytest.mark.parametrize("bot", ["ab", "mcts"])
def test_setup_search_info(bot: str) -> None:
    # the real engine's info lines of a search in setup follow the
    # documented grammar: setup samples N ... score cp C ... pv M
    with me.SimpleEngine.popen([cli(), "engine"]) as e:
        e.configure({"Bot": bot})
        r = e.play(mana.Game(), me.Limit(time=0.05))
    setup = [i for i in r.infos if i.get("setup")]
    assert setup, r.infos
    for info in setup:
        assert set(info) <= {"setup", "setup_samples", "depth", "seldepth", "multipv", "nodes",
                             "score", "wr", "time", "nps", "iterations", "pv"}, info
        assert info["multipv"] == 1
        assert info["setup_samples"] >= 1 and isinstance(info["score"], me.Score)
        assert info["score"].cp is not None and len(info["pv"]) == 1
    assert str(r.move) == setup[-1]["pv"][0]


def test_limit_words() -> None:
    assert me.Limit(time=0.25, depth=3).words() == ["movetime", "250", "depth", "3"]
    assert me.Limit(white_clock=60, black_clock=59.5, white_inc=0.5,
                    remaining_moves=20).words() == [
        "wtime", "60000", "btime", "59500", "winc", "500", "movestogo", "20"]
    with pytest.raises(ValueError):
        me.Limit(depth=0).words()
    with pytest.raises(ValueError) as e:
        me.Limit(nodes=True).words()  # a bool is no count
    assert str(e.value) == "Limit nodes must be a positive int, not True"


def test_limit_times_are_checked_not_clamped() -> None:
    # time=-1 used to become "movetime 1"; like depth=0 it is refused
    # (Limit checks its fields when made, and names the field: time)
    for bad in (-1, 0, 0.0, -0.5, float("nan"), float("inf"), True, "1"):
        with pytest.raises(ValueError, match=r"^Limit time \(go movetime\) must be a positive number"):
            me.Limit(time=bad)  # type: ignore[arg-type]
    for bad_count in (-1, 0):
        with pytest.raises(ValueError, match="^Limit depth must be a positive int"):
            me.Limit(depth=bad_count)
    with pytest.raises(ValueError, match="^Limit remaining_moves"):
        me.Limit(remaining_moves=0)
    for clock in ("white_clock", "black_clock", "white_inc", "black_inc"):
        with pytest.raises(ValueError):
            me.Limit(**{clock: -1}).words()  # type: ignore[arg-type]
    assert me.Limit(white_clock=0, white_inc=0).words() == ["wtime", "0", "winc", "0"]
    assert me.Limit(time=0.0001).words() == ["movetime", "1"]


# ---- broken engines -----------------------------------------------------------

FAKE = textwrap.dedent("""
    import os, signal, sys, time
    mode = sys.argv[1]
    searches = 0
    for line in sys.stdin:
        w = line.split()
        if w == ["mana"]:
            if mode == "silent":
                time.sleep(60)
            print("id name fake", flush=True)
            if mode.startswith("option "):
                print("option name " + mode[len("option "):], flush=True)
            print("manaok", flush=True)
        elif w == ["isready"]:
            print("readyok", flush=True)
        elif w[:1] == ["go"]:
            searches += 1
            if mode.startswith("errmid ") and searches == 1:
                # an error part-way, then the rest of the search
                print("info depth 1 score cp 10", flush=True)
                print("info string error: lost the hash table", flush=True)
                print("info depth 2 score cp 12", flush=True)
                print("bestmove " + mode.split()[1], flush=True)
            elif mode.startswith("errmid "):
                print("info depth 3 score cp -7", flush=True)
                print("bestmove " + mode.split()[2], flush=True)
            if mode == "errhang":
                print("info string error: stuck", flush=True)
                time.sleep(60)
            if mode == "crash":
                os.kill(os.getpid(), signal.SIGSEGV)
            if mode == "exit":
                sys.exit(3)
            if mode == "hang":
                time.sleep(60)
            if mode == "flood":  # info lines without a pause for 20 s, then a move
                end = time.monotonic() + 20
                while time.monotonic() < end:
                    for _ in range(1000):
                        print("info depth 1 score cp 0")
                print("bestmove d6-d5", flush=True)
            if mode == "illegal":
                print("bestmove a1-a1", flush=True)
            if mode.startswith("ponder "):
                print("bestmove d6-d5 " + mode, flush=True)
        elif w == ["quit"]:
            break
""")


def fake(tmp_path: Any, mode: str, timeout: float = 5.0) -> me.SimpleEngine:
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE)
    return me.SimpleEngine.popen([sys.executable, str(script), mode], timeout=timeout)


@pytest.mark.parametrize("mode,status", [("crash", -signal.SIGSEGV), ("exit", 3)])
def test_engine_dying_mid_search(tmp_path: Any, mode: str, status: int) -> None:
    e = fake(tmp_path, mode)
    pid = e.process.pid
    with pytest.raises(me.EngineTerminatedError) as err:
        e.play(mana.Game(position=START), me.Limit(time=0.05), rules=False)
    assert "exit status %d" % status in str(err.value)
    assert e.process.returncode == status
    assert gone(pid)  # reaped: no zombie
    with pytest.raises(me.EngineTerminatedError):
        e.play(mana.Game(position=START), me.Limit(time=0.05), rules=False)
    e.close()


def test_engine_hanging_is_killed(tmp_path: Any) -> None:
    e = fake(tmp_path, "hang", timeout=0.5)
    pid = e.process.pid
    t0 = time.monotonic()
    with pytest.raises(me.EngineTimeoutError):
        e.play(mana.Game(position=START), me.Limit(time=0.1), rules=False)
    assert time.monotonic() - t0 < 30  # a bound on the wait, not a speed test
    assert e.process.returncode is not None
    assert gone(pid)


def test_engine_flooding_info_lines_is_killed(tmp_path: Any) -> None:
    # Lines keep coming past the deadline, faster than they are read: the
    # deadline holds all the same (the lines waiting do not defer it), so
    # the engine is stopped long before its flood ends at 20 s.
    e = fake(tmp_path, "flood", timeout=0.5)
    pid = e.process.pid
    t0 = time.monotonic()
    with pytest.raises(me.EngineTimeoutError):
        e.play(mana.Game(position=START), me.Limit(time=0.1), rules=False)
    assert time.monotonic() - t0 < 15  # stopped before the flood's end, not a speed test
    assert e.process.returncode is not None
    assert gone(pid)


@pytest.mark.parametrize("line", ["X type spin default 1 min zero max 5",
                                  "X type spin default 1 min 0 max 1e9", ""])
def test_unreadable_option_line(tmp_path: Any, line: str) -> None:
    with pytest.raises(me.EngineError) as err:
        fake(tmp_path, "option " + line)
    assert str(err.value) == "unreadable option line: option name " + line


def test_engine_silent_at_handshake(tmp_path: Any) -> None:
    with pytest.raises(me.EngineTimeoutError):
        fake(tmp_path, "silent", timeout=0.5)


def test_illegal_bestmove(tmp_path: Any) -> None:
    with fake(tmp_path, "illegal") as e:
        with pytest.raises(me.EngineError) as err:
            e.play(mana.Game(position=START), me.Limit(depth=1), rules=False)
        assert "'a1-a1', not a legal move" in str(err.value)
    assert e.process.returncode == 0


def test_ponder_move_from_the_pv(engine: me.SimpleEngine) -> None:
    # White takes the Black Ronin on c3 (d4xc3); Black's reply in the pv is
    # a1-b1, and the Damyo falls on the move after (mate in 3 plies): the
    # engine suggests that reply as the move to ponder on.
    game = mana.Game(position="6/6/3R2/2r3/1R4/d3D1 w 2 0")
    r = engine.play(game, me.Limit(depth=5))
    assert str(r.move) == "d4xc3"
    assert r.ponder is not None and str(r.ponder) == "a1-b1"


@pytest.mark.parametrize("said,ponder", [("ponder b1-d2", "b1-d2"), ("ponder a1-a1", None),
                                         ("ponder ", None), ("ponder d5-d4", None)])
def test_ponder_suggestion_is_checked(tmp_path: Any, said: str, ponder: Any) -> None:
    # d6-d5 from the start position; b1-d2 is legal after it (the engine's
    # own pv from that position), a1-a1 is no move, d5-d4 is Black again.
    with fake(tmp_path, said) as e:
        r = e.play(mana.Game(position=START), me.Limit(depth=1), rules=False)
    assert str(r.move) == "d6-d5"
    assert (None if r.ponder is None else str(r.ponder)) == ponder


def test_rules_the_engine_cannot_take(tmp_path: Any) -> None:
    with fake(tmp_path, "illegal") as e:
        with pytest.raises(me.EngineError) as err:
            e.play(mana.Game(position=START), me.Limit(depth=1))
        assert "no option" in str(err.value)


def test_program_that_does_not_exist() -> None:
    with pytest.raises(me.EngineError):
        me.SimpleEngine.popen(["/nonexistent/engine"])


def test_clean_quit(engine: me.SimpleEngine) -> None:
    pid = engine.process.pid
    engine.quit()
    assert engine.process.returncode == 0
    assert gone(pid)


def test_rule_options_in_the_librarys_words() -> None:
    assert me.rule_option_text(mana.Option.BLOCKED, 1) == ("Blocked", "draw")
    assert me.rule_option_text(mana.Option.SETUP_AREA, 1) == ("SetupArea", "back-rank")
    assert me.rule_option_text(mana.Option.ORIENTATION, -1) == ("Orientation", "chosen")
    assert me.rule_option_text(mana.Option.PLY_LIMIT, 400) == ("PlyLimit", "400")
    with pytest.raises(mana.ManaError):
        me.rule_option_text(mana.Option.BLOCKED, 7)


# ---- staying in step after an error part way through a search ------------------

def test_in_step_after_an_error_part_way_through_a_search(tmp_path: Any) -> None:
    # The first search reports an error, then goes on to its bestmove
    # d6-d5; the second answers a6-a4 (both legal at START, Black to
    # move).  Before, the rest of the first search stayed queued with
    # rules=False: the second play() answered d6-d5 at depth 2.
    with fake(tmp_path, "errmid d6-d5 a6-a4") as e:
        game = mana.Game(position=START)
        with pytest.raises(me.EngineError, match="refused the search: error: lost the hash"):
            e.play(game, me.Limit(depth=1), rules=False)
        r = e.play(game, me.Limit(depth=1), rules=False)
        assert str(r.move) == "a6-a4"
        assert r.info == {"depth": 3, "score": me.Score(cp=-7, turn=mana.Color.BLACK)}
        assert len(r.infos) == 1
        e.ping()  # nothing left over either


def test_in_step_after_an_interrupt(tmp_path: Any, monkeypatch: Any) -> None:
    # A KeyboardInterrupt while the first search's lines are read leaves
    # its answer due; the next command reads and drops it first.
    real = me.parse_info
    calls = []

    def interrupted(words: Any, turn: Any = None) -> Any:
        calls.append(words)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return real(words, turn)

    with fake(tmp_path, "errmid d6-d5 a6-a4") as e:
        monkeypatch.setattr(me, "parse_info", interrupted)
        with pytest.raises(KeyboardInterrupt):
            e.play(mana.Game(position=START), me.Limit(depth=1), rules=False)
        r = e.play(mana.Game(position=START), me.Limit(depth=1), rules=False)
        assert str(r.move) == "a6-a4" and r.info["depth"] == 3


def test_engine_that_cannot_resynchronise_is_stopped(tmp_path: Any) -> None:
    e = fake(tmp_path, "errhang", timeout=0.5)
    pid = e.process.pid
    with pytest.raises(me.EngineError, match="error: stuck; then the engine did not answer "
                       "isready in time, so it was stopped"):
        e.play(mana.Game(position=START), me.Limit(depth=1), rules=False)
    assert e.process.returncode is not None and gone(pid)
    with pytest.raises(me.EngineTerminatedError):
        e.play(mana.Game(position=START), me.Limit(depth=1), rules=False)


def test_illegal_move_then_the_next_search(tmp_path: Any) -> None:
    with fake(tmp_path, "illegal") as e:
        for _ in range(2):  # each answer read once, none left over
            with pytest.raises(me.EngineError, match="'a1-a1', not a legal move"):
                e.play(mana.Game(position=START), me.Limit(depth=1), rules=False)
        e.ping()


# ---- scores and their point of view ----------------------------------------------

def test_score_points_of_view() -> None:
    # Black to move scores +35: White's view is -35; a mate in 3 for the
    # side to move is a loss in 3 for the other.
    s = me.Score(cp=35, turn=mana.Color.BLACK)
    assert s.relative is s and s.relative.cp == 35
    assert s.black() == s and s.pov("black") == s
    assert s.white() == me.Score(cp=-35, turn=mana.Color.WHITE)
    assert s.white().black() == s and s.pov(0) == s.white()
    assert not s.is_mate() and s.score() == 35
    m = me.Score(mate=3, turn=mana.Color.WHITE)
    assert m.is_mate() and m.black().mate == -3 and m.white().mate == 3
    assert m.score() is None and m.score(mate_score=1000) == 997
    assert m.black().score(mate_score=1000) == -997
    with pytest.raises(ValueError, match="no point of view"):
        me.Score(cp=3).white()
    info = me.parse_info("depth 2 score cp 40".split(), mana.Color.WHITE)
    assert info["score"].black().cp == -40
    assert me.parse_info("score cp 40".split())["score"].turn is None


def test_engine_scores_carry_the_side_to_move(engine: me.SimpleEngine) -> None:
    # White to move takes the Damyo at once (c5xc6): a mate for White,
    # whose view the engine's score is; Black's view is the loss.
    game = mana.Game(position="2d3/2R3/6/6/6/3D2 w - 0")
    r = engine.play(game, me.Limit(depth=3))
    assert str(r.move) == "c5xc6"
    score = r.info["score"]
    assert score.turn == mana.Color.WHITE and score.is_mate() and score.white().mate > 0
    assert score.black().mate == -score.mate


def test_multipv_info_is_the_best_lines(engine: me.SimpleEngine) -> None:
    # With MultiPV 3 the engine reports lines 1, 2, 3 at each depth; the
    # merged info is line 1's (its pv starts with the move played), and
    # the other lines stay in infos with their ranks.
    engine.configure({"MultiPV": 3})
    g = mana.Game(position="rrdrrr/6/6/6/6/RRRDRR b - 0")
    r = engine.play(g, me.Limit(depth=4))
    assert r.info["multipv"] == 1 and r.info["pv"][0] == str(r.move)
    ranks = [i["multipv"] for i in r.infos if i.get("depth") == 4 and "multipv" in i]
    assert ranks == [1, 2, 3]


def test_analyse_multipv_as_python_chess(engine: me.SimpleEngine) -> None:
    # python-chess's analyse(board, limit, multipv=3): a list of three
    # infos, one a line, best first, with distinct first moves.  The
    # middle-game position of test_bot's MultiPV test (many legal moves).
    g = mana.Game(position="1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0")
    infos = engine.analyse(g, me.Limit(nodes=2000), multipv=3)
    assert isinstance(infos, list) and len(infos) == 3
    assert [i["multipv"] for i in infos] == [1, 2, 3]
    assert len({i["pv"][0] for i in infos}) == 3
    for i in infos:
        assert g.is_legal(i["pv"][0])
    cps = [i["score"].relative.cp for i in infos]
    assert cps == sorted(cps, reverse=True)
    # For this call only: the next analyse reports one line again.
    one = engine.play(g, me.Limit(nodes=2000))
    assert {i.get("multipv", 1) for i in one.infos} == {1}
    assert isinstance(engine.analyse(g, me.Limit(nodes=2000)), dict)
    with pytest.raises(me.EngineError):
        engine.analyse(g, me.Limit(nodes=100), multipv=17)  # MultiPV is 1..16
    assert len(engine.analyse(g, me.Limit(nodes=100), multipv=1)) == 1

