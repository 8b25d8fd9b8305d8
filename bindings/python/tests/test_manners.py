# SPDX-License-Identifier: MIT
"""The habits a python-chess user brings: push/pop/peek, legal_moves as a
view, outcome(), copy(), turn; numpy integers wherever an int is taken;
readable reprs; the doctests of the module docstrings."""

import copy
import doctest
import importlib
import importlib.util
import pkgutil
from typing import Any, List

import numpy as np
import pytest

import mana
import mana.engine
import mana.env
import mana.svg
from conftest import START

# White's Ronin on c5 takes Black's Damyo on c6 (c5xc6, action id 627, as
# check_batch.c and test_env use it): White wins by DAMYO_CAPTURED.
CAPTURE = "2d3/2R3/6/6/6/3D2 w - 0"
# White to move and blocked (perft 0 at every depth under blocked=draw,
# tests/data/perft.txt): drawn under "draw", lost under "loss".
BLOCKED = "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0"


def texts(moves: Any) -> List[str]:
    return [str(m) for m in moves]


# ---- push / pop / peek / undo ------------------------------------------------

def test_push_pop_peek_and_undo_return_the_move(start: mana.Game) -> None:
    start.push("a6-a4")
    start.push(start.parse_move("b1-d2"))
    assert start.ply == 2 and start.turn == mana.Color.BLACK
    top = start.peek()
    assert isinstance(top, mana.Move) and str(top) == "b1-d2"
    assert start.ply == 2  # peek takes nothing back
    popped = start.pop()
    assert popped == top and str(popped) == "b1-d2"
    undone = start.undo()  # undo returned None before
    assert isinstance(undone, mana.Move) and str(undone) == "a6-a4"
    assert start.ply == 0 and start.position == START
    for take_back in (start.pop, start.undo, start.peek):
        # an IndexError, as python-chess's pop() and peek() raise, and a
        # ManaError ENOHISTORY
        with pytest.raises(IndexError) as e:
            take_back()
        assert isinstance(e.value, mana.ManaNoHistoryError) and isinstance(e.value, mana.ManaError)
        assert e.value.code == mana.ErrorCode.ENOHISTORY
    assert start.position == START


def test_undo_names_a_capture_as_it_was_played() -> None:
    g = mana.Game(position=CAPTURE)
    g.push("c5xc6")
    assert str(g.peek()) == "c5xc6"
    assert g.undo().is_capture  # written in the position it was played from
    assert g.position == CAPTURE


def test_undo_in_setup_and_through_a_long_history() -> None:
    g = mana.Game()
    g.setup_random(7)
    values = g.history_values()
    assert len(values) == 13  # the orientation and 12 placements
    taken = [g.undo() for _ in values]
    assert [m.value for m in reversed(taken)] == values
    assert str(taken[-1]).startswith("O")  # the orientation choice came first
    assert g.status == mana.Status.SETUP and g.ply == 0


# ---- legal_moves -------------------------------------------------------------

def test_legal_moves_is_an_iterable_sized_callable_view(start: mana.Game) -> None:
    view = start.legal_moves
    assert isinstance(view, mana.LegalMoves)
    listed = start.legal_moves()  # still callable, a list as before
    assert isinstance(listed, list) and len(listed) == 16  # perft(1) of START
    assert texts(view) == texts(listed)  # for m in g.legal_moves (TypeError before)
    assert len(view) == 16 and bool(view)
    assert "a6-a4" in view and listed[0] in view and listed[0].value in view
    assert np.uint32(listed[0].value) in view
    assert "a1-a2" not in view  # White's move, Black to move
    assert "zz" not in view and None not in view and True not in view
    assert 2 ** 40 not in view and 1.5 not in view
    # A live view: it follows the game.
    start.push("a6-a4")
    assert len(view) == 7 and "a6-a4" not in view and "b1-d2" in view
    assert texts(view)[:3] == ["b1-d2", "b1-a3", "b1-c3"]


def test_legal_moves_of_a_finished_game() -> None:
    g = mana.Game(position=CAPTURE)
    g.push("c5xc6")
    assert g.legal_moves() == [] and list(g.legal_moves) == []
    assert len(g.legal_moves) == 0 and not g.legal_moves
    assert repr(g.legal_moves) == "<LegalMoves ()>"


# ---- outcome, is_game_over, copy, turn -----------------------------------------

@pytest.mark.parametrize("position,options,move,winner,reason,result", [
    (CAPTURE, {}, "c5xc6", mana.Color.WHITE, mana.EndReason.DAMYO_CAPTURED, "1-0"),
    (BLOCKED, {"blocked": "draw"}, None, None, mana.EndReason.BLOCKED, "1/2-1/2"),
    (BLOCKED, {"blocked": "loss"}, None, mana.Color.BLACK, mana.EndReason.BLOCKED, "0-1"),
    (START, {"ply_limit": 1}, "a6-a4", None, mana.EndReason.PLY_LIMIT, "1/2-1/2"),
])
def test_outcome(position: str, options: Any, move: Any, winner: Any, reason: Any,
                 result: str) -> None:
    g = mana.Game(position=position, **options)
    if move is not None:
        assert g.outcome() is None and not g.is_game_over()
        g.push(move)
    o = g.outcome()
    assert isinstance(o, mana.Outcome) and g.is_game_over()
    assert o.winner == winner and o.reason == reason and o.termination == reason
    assert o.result() == result == g.result()
    assert o == mana.Outcome(winner, reason) and hash(o) == hash(mana.Outcome(winner, reason))
    with pytest.raises(AttributeError):
        o.winner = mana.Color.BLACK  # type: ignore[misc]  # frozen
    assert eval(repr(o), {"Outcome": mana.Outcome, "Color": mana.Color,
                          "EndReason": mana.EndReason}) == o


def test_outcome_is_none_while_playing_and_in_setup(start: mana.Game) -> None:
    assert start.outcome() is None and not start.is_game_over()
    assert mana.Game().outcome() is None


def test_copy_is_independent(start: mana.Game) -> None:
    start.push("a6-a4")
    start.headers["White"] = "me"
    c = start.copy()
    assert isinstance(c, mana.Game) and c is not start and c == start
    assert c.history() == ["a6-a4"] and c.headers == {"White": "me"}
    c.pop()
    assert start.history() == ["a6-a4"] and c.history() == []


def test_turn_is_a_color_property(start: mana.Game) -> None:
    assert isinstance(mana.Game.__dict__["turn"], property)
    assert start.turn is mana.Color.BLACK and start.turn == start.side_to_move
    start.push("a6-a4")
    assert start.turn is mana.Color.WHITE


# ---- numpy integers ------------------------------------------------------------

NP_INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


@pytest.mark.parametrize("t", NP_INTS)
def test_numpy_integers_are_ints(t: Any) -> None:
    g = mana.Game(position=START)
    # START's rank 1 is "RRRDRR": c1 (square 2, a1 = 0) holds a Ronin, d1
    # (3) White's Damyo.
    assert g.piece_at(t(3)) == "D" and g.piece_at(t(2)) == "R"
    assert g.marks_at(t(3)) == g.marks_at(3)
    assert mana.square(t(20)) == 20 and mana.square_name(t(20)) == "c4"
    assert g.perft(t(2)) == 66  # tests/data/perft.txt, START
    aid = g.move_to_action("a6-a4")  # 131: beyond an int8
    if aid <= np.iinfo(t).max:
        assert g.action_to_move(t(aid)) == g.parse_move("a6-a4")
        assert mana.transform_action(t(aid), t(1)) == mana.transform_action(aid, 1)
    assert g.reserve(t(1)) == 0 and g.pieces(t(0))[0] == 3
    s = mana.Game()
    s.setup_random(t(9))
    r = mana.Game()
    r.setup_random(9)
    assert s.position == r.position
    o = mana.Game(ply_limit=t(30), repetition=t(3), orientation=t(2))
    assert o.options()["ply_limit"] == 30 and o.get_option("orientation") == 2
    o.set_option("ply_limit", t(40))
    assert o.get_option("ply_limit") == 40
    assert len(mana.svg.board(g, size=t(100))) > 0



@pytest.mark.parametrize("t", [np.int64, np.uint32, np.uint64])
def test_numpy_move_values(t: Any) -> None:
    g = mana.Game(position=START)
    m = g.parse_move("a6-a4")
    assert g.is_legal(t(m.value)) and g.move(t(m.value)) == m
    g.play(t(m.value))
    assert g.undo() == m
    assert mana.strerror(np.int8(-2)) == mana.strerror(-2) == "illegal move"


def test_numpy_values_still_range_checked_and_bools_refused() -> None:
    g = mana.Game(position=START)
    with pytest.raises(mana.ManaRangeError):
        g.piece_at(np.int64(36))
    with pytest.raises(mana.ManaOverflowError):
        g.perft(np.int64(2 ** 40))
    with pytest.raises(mana.ManaOverflowError):
        g.setup_random(np.int64(-1))
    with pytest.raises(mana.ManaRangeError):
        g.action_to_move(np.uint16(941))
    for bad in (True, np.bool_(True), np.float64(3.0), np.array([3])):
        with pytest.raises(TypeError):
            g.piece_at(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            g.perft(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            g.action_to_move(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        g.play(np.bool_(True))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        mana.Game(ply_limit=np.bool_(True))


def test_numpy_integers_in_envs_and_engine_limits() -> None:
    env = mana.env.ManaEnv(ply_limit=np.int64(50))
    env.reset(seed=np.uint64(5))
    other = mana.env.ManaEnv(ply_limit=50)
    other.reset(seed=5)
    assert env.game.position == other.game.position and env.ply_limit == 50
    venv = mana.env.ManaVectorEnv(np.int64(3), seed=np.uint8(4), ply_limit=np.int32(60))
    assert venv.num_envs == 3 and venv.game(np.int64(2)).position == \
        mana.env.ManaVectorEnv(3, seed=4, ply_limit=60).game(2).position
    venv.reset(seed=np.int64(1))
    assert mana.engine.Limit(depth=np.int64(3), nodes=np.uint32(9),  # type: ignore[arg-type]
                             time=np.float32(0.5)).words() == \
        ["movetime", "500", "depth", "3", "nodes", "9"]
    with pytest.raises(ValueError):
        mana.engine.Limit(depth=np.bool_(True)).words()  # type: ignore[arg-type]


# ---- reprs ---------------------------------------------------------------------

def test_readable_reprs(start: mana.Game) -> None:
    assert repr(start) == "<mana.Game playing 'rrdrrr/6/6/6/6/RRRDRR b - 0'>"
    assert repr(mana.Game()) == "<mana.Game jactalea setup, 0 moves>"
    assert repr(start.parse_move("a6-a4")) == "Move('a6-a4')"
    assert repr(start.legal_moves).startswith("<LegalMoves (d6-d5, a6-a4, ")
    space = mana.env.observation_space()
    assert repr(space) == ("DictSpace({'observation': Box(0, 5, (12, 6, 6), uint8), "
                           "'action_mask': Box(0, 1, (941,), uint8)})")
    assert repr(mana.env.Discrete(941)) == "Discrete(941)"
    env = mana.env.ManaEnv()
    assert repr(env) == ("<ManaEnv mana_v0 preset='jactalea' ply_limit=400 "
                         "random_setup=True, player_0 to act, ply 13>")
    venv = mana.env.ManaVectorEnv(4, seed=1)
    assert repr(venv) == ("<ManaVectorEnv num_envs=4 preset='jactalea' ply_limit=400 "
                          "random_setup=True>")
    venv.close()
    assert repr(venv).endswith(" closed>")
    score = mana.engine.Score(cp=35, turn=mana.Color.BLACK)
    assert repr(score) == "Score(cp=35, turn=Color.BLACK)"
    assert eval(repr(score), {"Score": mana.engine.Score, "Color": mana.Color}) == score
    assert repr(mana.engine.Score(mate=-3)) == "Score(mate=-3)"
    assert repr(mana.engine.Limit(time=0.1, depth=4)) == "Limit(time=0.1, depth=4)"
    assert repr(mana.engine.Limit()) == "Limit()"


# ---- env defaults --------------------------------------------------------------

def test_both_envs_default_to_a_random_setup() -> None:
    # ManaEnv defaulted to random_setup=False, ManaVectorEnv to True.
    env = mana.env.ManaEnv()
    env.reset(seed=3)
    assert env.random_setup and env.game.status == mana.Status.PLAYING
    assert env.game.ply == 13  # the setup: orientation and 12 placements
    venv = mana.env.ManaVectorEnv(2, seed=3)
    assert venv.game(0).status == mana.Status.PLAYING
    assert mana.env.ManaEnv(random_setup=False).game.status == mana.Status.SETUP


# ---- doctests ------------------------------------------------------------------

def modules() -> List[Any]:
    """mana and its Python modules (not the compiled _libmana.so)."""
    names = ["mana"] + ["mana." + m.name for m in pkgutil.iter_modules(mana.__path__)]
    return [importlib.import_module(n) for n in sorted(names)
            if str(getattr(importlib.util.find_spec(n), "origin", "")).endswith(".py")]


def test_docstring_examples_print_what_they_show() -> None:
    # help(mana)'s example listed moves legal_moves() does not give.
    tried = {}
    for module in modules():
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
        assert result.failed == 0, module.__name__
        tried[module.__name__] = result.attempted
    assert tried["mana"] >= 8 and tried["mana.record"] >= 5 and tried["mana.svg"] >= 2


def test_deepcopy_and_copy_module_agree_with_copy(start: mana.Game) -> None:
    start.push("a6-a4")
    assert copy.copy(start) == start.copy() == copy.deepcopy(start)


# ---- document names ------------------------------------------------------------

def docstrings() -> List[str]:
    """Every docstring of the package: modules, classes, functions,
    methods and properties."""
    out: List[str] = []
    for module in modules():
        out.append(module.__doc__ or "")
        for obj in vars(module).values():
            if getattr(obj, "__module__", None) != module.__name__:
                continue
            out.append(getattr(obj, "__doc__", None) or "")
            for member in vars(obj).values() if isinstance(obj, type) else ():
                target = member.fget if isinstance(member, property) else member
                out.append(getattr(target, "__doc__", None) or "")
    return out


def test_docstrings_cite_the_projects_own_documents() -> None:
    # They cited the rules contract outside the tree (docs/rules.md since)
    # and sections by name.  The stale names are spelt in two parts so that
    # tests/pkg/check-doc-names.sh, which looks for them, does not find them
    # here.
    stale = ("RULES" + ".md", "man 3 " + "libmana")
    import re
    import os
    from conftest import REPO
    with open(os.path.join(REPO, "docs", "rules.md"), encoding="utf-8") as f:
        headings = {line.lstrip("#").strip() for line in f if line.startswith("#")}
    texts_ = docstrings()
    assert len(texts_) > 200
    cited = set()
    for text in texts_:
        assert not any(name in text for name in stale), text[:200]
        for m in re.finditer(r'docs/rules\.md\s+"([^"]+)"', text):
            cited.add(" ".join(m.group(1).split()))
    assert {"Perft", "Moving", "Setup", "Rule options"} <= cited
    assert cited <= headings, cited - headings


def test_score_holds_exactly_one_of_cp_and_mate() -> None:
    # Score(cp=1, mate=2) and Score() were accepted and printed as such.
    import mana.engine as me
    with pytest.raises(ValueError, match="exactly one of cp= and mate="):
        me.Score(cp=1, mate=2)
    with pytest.raises(ValueError, match="exactly one of cp= and mate="):
        me.Score()
    assert mana.Score is me.Score  # at the top level too, beside Bot
    assert mana.Score(cp=-40, turn=mana.Color.BLACK).white() == mana.Score(cp=40, turn=mana.Color.WHITE)


def test_mana_env_takes_a_seed_as_the_vector_env_does() -> None:
    # ManaEnv(seed=3) raised KeyError "unknown rule option 'seed'" deep in
    # Game(); now it seeds the setups as reset(seed=3) does.
    from mana.env import ManaEnv
    a = ManaEnv(seed=3)
    a.reset()
    b = ManaEnv()
    b.reset(seed=3)
    assert a.game.position == b.game.position
    c = ManaEnv(seed=4)
    c.reset()
    assert c.game.position != a.game.position


def test_move_errors_are_value_errors() -> None:
    # python-chess's IllegalMoveError and InvalidMoveError, both
    # ValueErrors (and ManaErrors here, with the library's code): a1-a6
    # on a set-up game (a1 holds White's Damyo, which moves 1..3 steps by
    # its square's marks, never five ranks), and text that is no notation.
    with mana.Game() as g:
        g.setup_random(1)
        with pytest.raises(ValueError) as e:
            g.play("a1-a6")
        assert isinstance(e.value, mana.IllegalMoveError) and isinstance(e.value, mana.ManaError)
        assert e.value.code == mana.ErrorCode.EILLEGAL
        with pytest.raises(mana.InvalidMoveError) as e2:
            g.push("a1-z9")
        assert isinstance(e2.value, ValueError) and e2.value.code == mana.ErrorCode.EPARSE
        with pytest.raises(mana.IllegalMoveError):
            g.parse_move("a1-a6")
        with pytest.raises(mana.IllegalMoveError):
            g.move(0xFFFFFFFF)
    with mana.Game(position="2d3/2R3/6/6/6/3D2 w - 0") as over:
        over.play("c5xc6")  # White takes the Damyo: no move is legal after
        with pytest.raises(mana.IllegalMoveError) as e:
            over.play("d1-d2")
        assert e.value.code == mana.ErrorCode.EOVER
    # A record whose move the rules refuse where it stands.
    with pytest.raises(mana.IllegalMoveError):
        mana.read_record("Rules: jactalea\n\nO0 a1-a6\n")


def test_python_chess_names_in_the_docs_table() -> None:
    # docs/python.md, "python-chess's names": the rows for push_san/push_uci,
    # san/uci, is_legal, fen/set_fen and ply.  Black's first move of play
    # from START (rank 6 Black, rank 1 White, no Mana yet).
    g = mana.Game(position=START)
    first = g.legal_moves()[0]
    text = str(first)
    assert g.parse_move(text) == first and g.is_legal(text) and g.is_legal(first)
    assert g.is_legal("a1-a6") is False and g.is_legal("no move") is False
    g.push(text)
    assert g.peek() == first and g.ply == 1 and isinstance(type(g).ply, property)
    other = mana.Game(position=g.position)
    assert other.position == g.position
    other.position = START
    assert other.position == START and other.is_legal(text)

