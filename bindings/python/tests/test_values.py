# SPDX-License-Identifier: MIT
"""Move values, squares, copying, pickling, equality and threads."""

import copy
import pickle
import threading
from typing import Any, List

import pytest

import mana
from conftest import START, snapshot

E = mana.ErrorCode


def test_move_fields(start: mana.Game) -> None:
    m = start.parse_move("a6a4")  # the separator is optional
    assert str(m) == "a6-a4" and repr(m) == "Move('a6-a4')"
    assert m.kind == mana.MoveKind.STEP
    # a6 = 6*5 + 0 = 30, a4 = 6*3 + 0 = 18; value = kind<<12 | to<<6 | from
    assert (m.from_square, m.to_square) == (30, 18)
    assert m.value == int(m) == (1 << 12) | (18 << 6) | 30
    assert m.squares == ("a6", "a4")
    assert not m.is_capture
    assert start.move(m.value) == m and str(start.move(m.value)) == "a6-a4"
    with pytest.raises(AttributeError):
        m.foo = 1  # type: ignore[attr-defined]


def test_capture_text_and_equality() -> None:
    # White's Ronin on b2 with 3 marks... use a position where a capture is
    # legal: White to move, Mana 1; a1 (1 mark) holds a Ronin next to a
    # Black Ronin on a2.
    g = mana.Game(position="5d/6/6/6/r5/RD4 w 1 0")
    caps = [m for m in g.legal_moves() if m.is_capture]
    assert [str(m) for m in caps] == ["a1xa2"]
    m = caps[0]
    assert m == g.parse_move("a1-a2") and str(g.parse_move("a1-a2")) == "a1xa2"
    assert hash(m) == hash(g.parse_move("a1a2"))
    assert len({m, g.parse_move("a1xa2"), g.move(m.value)}) == 1
    assert m != g.legal_moves()[-1] or len(g.legal_moves()) == 1
    assert (m == m.value) is False  # a Move equals Moves only


def test_drop_and_orient_moves() -> None:
    g = mana.Game()
    o = g.legal_moves()
    assert [m.kind for m in o] == [mana.MoveKind.ORIENT] * 4
    assert [m.orientation for m in o] == [0, 1, 2, 3]
    assert o[2].to_square is None and o[2].from_square is None
    g.play(o[2])
    d = g.legal_moves()[0]
    assert d.kind == mana.MoveKind.DROP_DAMYO and str(d).startswith("D@")
    assert d.to_square == mana.square(str(d)[2:]) and d.from_square is None


def test_move_is_picklable_and_copyable(start: mana.Game) -> None:
    m = start.legal_moves()[3]
    for c in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert c == m and str(c) == str(m)


def test_squares() -> None:
    assert mana.square("a1") == 0 and mana.square("f1") == 5
    assert mana.square("a2") == 6 and mana.square("f6") == 35
    assert mana.square(20) == 20 and mana.square_name(20) == "c4"
    assert mana.SQUARE_NAMES[14] == "c3" and len(mana.SQUARE_NAMES) == 36
    for bad in ("g1", "a7", "A1", "a", "", "a10"):
        with pytest.raises(ValueError):
            mana.square(bad)
    for bad_i in (-1, 36):
        with pytest.raises(ValueError):
            mana.square(bad_i)


def played(seed: int, plies: int) -> mana.Game:
    g = mana.Game("jactalea", repetition=3)
    g.setup_random(seed)
    for _ in range(plies):
        g.play(g.legal_move_values()[0])
    return g


def test_copy_deepcopy_pickle_mid_game() -> None:
    g = played(7, 9)
    for c in (copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g)),
              pickle.loads(pickle.dumps(g, protocol=0))):
        assert snapshot(c) == snapshot(g)
        assert c.options() == g.options() and c.preset == g.preset
        assert c.history() == g.history()
        c.undo()  # independent of g
        assert c.ply == g.ply - 1
    # in setup, and from a position
    s = mana.Game("cosmoludo")
    s.play(s.legal_moves()[1])
    assert pickle.loads(pickle.dumps(s)).history_values() == s.history_values()
    p = mana.Game(position=START, blocked="loss")
    p.play("a6-a4")
    q = pickle.loads(pickle.dumps(p))
    assert q.start_position == START and q.history() == ["a6-a4"]
    assert q.get_option("blocked") == mana.Blocked.LOSS


def test_equality_and_hash_by_position() -> None:
    a = mana.Game(position=START)
    b = mana.Game(position=START)
    assert a == b and hash(a) == hash(b) == hash(a.hash)  # Python folds it to 63 bits
    a.play("a6-a4")
    assert a != b
    # Transposition: the same position reached by different moves is equal.
    c = mana.Game(position="1rdrrr/6/r5/6/6/RRRDRR w 3 0")
    assert a == c and hash(a) == hash(c)
    # ... but not under other rules.
    d = mana.Game(position="1rdrrr/6/r5/6/6/RRRDRR w 3 0", blocked="draw")
    assert a != d
    assert len({a, b, c}) == 2
    # setup states compare by the setup moves played
    s1, s2 = mana.Game(), mana.Game()
    assert s1 == s2
    s1.play("O1")
    assert s1 != s2
    s2.play("O1")
    assert s1 == s2 and hash(s1) == hash(s2)
    assert (a == "x") is False


def test_one_game_in_two_threads_at_once_is_refused() -> None:
    # A thread holding the game (here: inside perft, which releases the
    # GIL) makes every other thread's use of it raise.
    g = mana.Game(position="2d3/6/2R1r1/1r4/3D2/6 b 3 3")
    errors: List[BaseException] = []
    started = threading.Event()

    def work() -> None:
        started.set()
        try:
            g.perft(5)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    t = threading.Thread(target=work)
    g._lock.acquire()  # hold the game as a running call does
    try:
        t.start()
        started.wait()
        t.join()
    finally:
        g._lock.release()
    assert len(errors) == 1 and isinstance(errors[0], RuntimeError)
    assert "another thread" in str(errors[0])
    assert g.perft(1) == 42  # usable again once free


def test_games_in_threads() -> None:
    # Different games in different threads at once: each gives perft.txt's
    # counts (2d3/6/2R1r1/1r4/3D2/6 b 3 3: 42, 754, 17239).
    results: List[Any] = [None] * 4

    def work(i: int) -> None:
        with mana.Game(position="2d3/6/2R1r1/1r4/3D2/6 b 3 3") as g:
            results[i] = [g.perft(d) for d in (1, 2, 3)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [[42, 754, 17239]] * 4


def test_error_is_picklable() -> None:
    g = mana.Game()
    with pytest.raises(mana.ManaError) as e:
        g.undo()
    c = pickle.loads(pickle.dumps(e.value))
    assert (c.code, c.name, c.detail, str(c)) == (
        E.ENOHISTORY, "MANA_ENOHISTORY", e.value.detail, str(e.value))
    assert str(c).startswith("undo: no move to undo")


def test_listed_moves_keep_the_text_of_their_position() -> None:
    # legal_moves() formats each Move's text on first use, from a copy of
    # the position it was listed in: playing on (or closing) the game
    # afterwards does not change it.  a1xa2 captures (Black Ronin on a2).
    g = mana.Game(position="5d/6/6/6/r5/RD4 w 1 0")
    listed = g.legal_moves()
    values = g.legal_move_values()
    assert [m.value for m in listed] == values
    g.play("a1-a2")
    g.close()
    texts = [str(m) for m in listed]
    assert "a1xa2" in texts
    with mana.Game(position="5d/6/6/6/r5/RD4 w 1 0") as twin:
        assert texts == [str(twin.move(v)) for v in values]
    assert pickle.loads(pickle.dumps(listed)) == listed


def test_listed_moves_formatted_from_threads() -> None:
    g = mana.Game(position="2d3/6/2R1r1/1r4/3D2/6 b 3 3")
    expected = [str(g.move(v)) for v in g.legal_move_values()]
    for _ in range(20):
        listed = g.legal_moves()
        out: List[List[str]] = [[], [], []]

        def work(i: int) -> None:
            out[i] = [str(m) for m in listed]

        threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert out == [expected] * 3
