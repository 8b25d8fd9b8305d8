# SPDX-License-Identifier: MIT
"""Every integer that crosses into C is range-checked in Python.

ctypes wraps silently: without the checks piece_at(2**32 + 14) would read
c3, perft(2**32 + 1) would be perft(1), Game(2**32 + 1) a cosmoludo game,
set_option("ply_limit", 2**32 + 7) would store 7 and play(m + 2**32) would
play m.  Each parameter is tried at its C type's limits (where the library
answers, with its own error) and just beyond them (where Python refuses
before calling), and the game must be unchanged afterwards.
"""

from typing import Any, Callable, List

import pytest

import mana
from conftest import START, snapshot

E = mana.ErrorCode
INT_MIN, INT_MAX = -(2 ** 31), 2 ** 31 - 1
# Values no C int holds, among them ones that wrap onto a valid value.
BEYOND_INT = [INT_MAX + 1, INT_MIN - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 32 + 14,
              2 ** 32 + 7, 2 ** 63, -(2 ** 63), 2 ** 64 + 1, 10 ** 30]
BEYOND_U32 = [-1, 2 ** 32, 2 ** 32 + 1, 2 ** 33, 2 ** 64, -(2 ** 32)]
BEYOND_U64 = [-1, 2 ** 64, 2 ** 64 + 11, -(2 ** 64)]


def int_calls(g: mana.Game) -> List[Callable[[int], Any]]:
    """Every method taking a C int, as f(value)."""
    return [
        lambda v: mana.Game(v),
        lambda v: g.set_option("ply_limit", v),
        lambda v: g.set_option("repetition", v),
        lambda v: g.set_option("orientation", v),
        lambda v: g.set_option(mana.Option.BLOCKED, v),
        lambda v: g.piece_at(v),
        lambda v: g.marks_at(v),
        lambda v: g.reserve(v),
        lambda v: g.perft(v),
        lambda v: mana.strerror(v),
        lambda v: mana.square(v),
        lambda v: mana.square_name(v),
    ]


def fresh() -> mana.Game:
    return mana.Game(position=START)


@pytest.mark.parametrize("index", range(12))
@pytest.mark.parametrize("value", BEYOND_INT)
def test_int_parameters_beyond_c_int(index: int, value: int) -> None:
    with fresh() as g:
        before = snapshot(g)
        opts = g.options()
        with pytest.raises(OverflowError) as e:
            int_calls(g)[index](value)
        assert str(value) in str(e.value)
        assert snapshot(g) == before and g.options() == opts


@pytest.mark.parametrize("index", range(12))
@pytest.mark.parametrize("value", [INT_MIN, INT_MAX])
def test_int_parameters_at_c_int_limits(index: int, value: int) -> None:
    # The library (or the square check) refuses these values itself:
    # never OverflowError, never a silent answer.
    with fresh() as g:
        before = snapshot(g)
        if index == 9:  # strerror answers any int
            assert int_calls(g)[index](value) == "unknown error"
            return
        with pytest.raises((mana.ManaError, ValueError)) as e:
            int_calls(g)[index](value)
        if isinstance(e.value, mana.ManaError):
            assert e.value.code == E.EINVAL
        assert snapshot(g) == before


def test_wrapped_values_are_not_their_remainder() -> None:
    # The examples of the package's contract, one by one.
    with fresh() as g:
        assert g.piece_at(14) is None  # c3 is empty...
        g.position = "rrdrrr/6/6/2R3/6/RRRDR1 b - 0"  # ranks 6..1
        assert g.piece_at(14) == "R"  # ...and now holds a Ronin
        with pytest.raises(OverflowError):
            g.piece_at(2 ** 32 + 14)
        with pytest.raises(OverflowError):
            g.perft(2 ** 32 + 1)
        with pytest.raises(OverflowError):
            g.set_option("ply_limit", 2 ** 32 + 7)
        assert g.get_option("ply_limit") == 0
    with pytest.raises(OverflowError):
        mana.Game(2 ** 32 + 1)


@pytest.mark.parametrize("value", BEYOND_U32)
def test_move_values_beyond_uint32(value: int) -> None:
    with fresh() as g:
        m = g.legal_move_values()[0]
        before = snapshot(g)
        for call in (g.play, g.is_legal, g.move):
            with pytest.raises(OverflowError):
                call(value)
            with pytest.raises(OverflowError):
                call(m + value if value > 0 else value)
        with pytest.raises(OverflowError):
            mana.Move(value, "pass")
        assert snapshot(g) == before


def test_move_values_at_uint32_limits() -> None:
    with fresh() as g:
        before = snapshot(g)
        for value in (0, 2 ** 32 - 1):
            assert g.is_legal(value) is False
            with pytest.raises(mana.ManaError) as e:
                g.play(value)
            assert e.value.code == E.EILLEGAL
            with pytest.raises(mana.ManaError):
                g.move(value)
        assert snapshot(g) == before


@pytest.mark.parametrize("value", BEYOND_U64)
def test_seed_beyond_uint64(value: int) -> None:
    with mana.Game() as g:
        with pytest.raises(OverflowError):
            g.setup_random(value)
        assert g.ply == 0


def test_seed_at_uint64_limits() -> None:
    for seed in (0, 2 ** 64 - 1):
        with mana.Game() as g:
            g.setup_random(seed)
            assert g.status == mana.Status.PLAYING


def test_non_integers_are_type_errors() -> None:
    with fresh() as g:
        for call in (g.piece_at, g.perft, g.reserve, g.play):
            with pytest.raises(TypeError):
                call(1.0)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            g.set_option("ply_limit", 3.0)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            g.setup_random("7")  # type: ignore[arg-type]


def beyond_c_type_calls(g: mana.Game) -> List[Callable[[], Any]]:
    """A call per kind of C parameter, each given an int its C type cannot
    hold: int (preset, option, square, colour, depth, status, action id,
    error code, quarter turns), uint32_t (move values), uint64_t (seeds)."""
    import numpy as np
    import mana.env
    import mana.svg
    m = g.legal_move_values()[0]
    return [
        lambda: mana.Game(2 ** 32 + 1),
        lambda: g.set_option("ply_limit", 2 ** 32 + 7),
        lambda: g.piece_at(2 ** 32 + 14),
        lambda: mana.square(-(2 ** 40)),
        lambda: g.reserve(2 ** 31),
        lambda: g.perft(2 ** 32 + 1),
        lambda: g.reach_under(mana.Color.WHITE, 2 ** 32),
        lambda: mana.result_text(2 ** 32 + 2),
        lambda: mana.strerror(2 ** 40),
        lambda: g.action_to_move(2 ** 32),
        lambda: mana.transform_action(2 ** 32, 1),
        lambda: mana.transform_observation(np.zeros((12, 6, 6), np.uint8), 2 ** 32 + 1),
        lambda: mana.svg.board(g, 2 ** 32 + 440),
        lambda: g.play(m + 2 ** 32),
        lambda: g.is_legal(m + 2 ** 32),
        lambda: g.move_to_action(-1),
        lambda: mana.Move(2 ** 32, "pass"),
        lambda: mana.Game().setup_random(-1),
        lambda: mana.Game().setup_random(2 ** 64),
        lambda: mana.env.ManaEnv(random_setup=True).reset(seed=2 ** 64),
        lambda: mana.env.ManaVectorEnv(2, seed=-1),
    ]


def in_c_range_calls(g: mana.Game) -> List[Callable[[], Any]]:
    """A call per parameter given an int a C int holds but the parameter
    does not take."""
    import numpy as np
    import mana.svg
    return [
        lambda: mana.Game(2),
        lambda: g.set_option("orientation", 7),
        lambda: g.set_option("repetition", 1),
        lambda: g.piece_at(36),
        lambda: mana.square(-1),
        lambda: mana.square_name(36),
        lambda: g.reserve(2),
        lambda: g.perft(65),
        lambda: g.reach_under(mana.Color.WHITE, 4),
        lambda: g.action_to_move(941),
        lambda: mana.transform_action(-1, 1),
        lambda: mana.transform_action(0, 4),
        lambda: mana.transform_observation(np.zeros((12, 6, 6), np.uint8), 4),
        lambda: mana.svg.board(g, 63),
        lambda: mana.result_text(5),
    ]


# Every int out of range, whatever the parameter: ManaRangeError
# (ManaError EINVAL, as the library's own range checks, and ValueError),
# its detail naming the value; ManaOverflowError (also an OverflowError,
# as ctypes raises) when its C type cannot hold it.  The game is unchanged.
CASES = [(i, True) for i in range(21)] + [(i, False) for i in range(15)]


@pytest.mark.parametrize("index,beyond", CASES)
def test_ints_out_of_range_raise_mana_range_error(index: int, beyond: bool) -> None:
    with fresh() as g:
        before = snapshot(g)
        calls = beyond_c_type_calls(g) if beyond else in_c_range_calls(g)
        with pytest.raises(mana.ManaRangeError) as e:
            calls[index]()
        assert isinstance(e.value, mana.ManaError) and isinstance(e.value, ValueError)
        assert e.value.code == E.EINVAL and e.value.name == "MANA_EINVAL"
        assert e.value.message == "invalid argument"
        assert isinstance(e.value, mana.ManaOverflowError) == beyond
        assert isinstance(e.value, OverflowError) == beyond
        assert any(w in e.value.detail for w in (" outside ", " does not fit in a C ",
                                                 " is no game status "))
        assert snapshot(g) == before


def test_mana_range_error_names_the_operation_and_the_c_type() -> None:
    with fresh() as g:
        m = g.legal_move_values()[0]
        with pytest.raises(mana.ManaOverflowError) as e:
            g.play(m + 2 ** 32)
        assert str(e.value) == ("check the move value: invalid argument (move value %d does not "
                                "fit in a C uint32_t (0..4294967295))" % (m + 2 ** 32))
    with mana.Game() as g, pytest.raises(mana.ManaOverflowError) as e:
        g.setup_random(-1)
    assert str(e.value) == ("complete the setup at random: invalid argument (seed -1 does not "
                            "fit in a C uint64_t (0..18446744073709551615))")
    assert e.value.operation == "complete the setup at random"
