# SPDX-License-Identifier: MIT
"""What the package says when a value is refused, word for word.

A value out of range is reported against the parameter's real range
whatever its size (an int no C int holds gets the same sentence as 36 or
7, and is also an OverflowError); the C sentinel -1 of "orientation
chosen" is never shown; an error's reason is said once; None and bool are
not taken for ints; colours are taken by name; enums print their names.
"""

import pickle
from typing import Any, Callable

import pytest

import mana
from conftest import NEEDS_BOTS, START, snapshot
from mana._game import python_values

E = mana.ErrorCode
HUGE = 10 ** 30
SQUARES = "0..35 (a1 = 0, f6 = 35) or a name a1..f6"
COLOURS = 'Color.WHITE, Color.BLACK, 0, 1, "white" or "black"'


def message(call: Callable[[], Any], kind: Any) -> str:
    with pytest.raises(kind) as e:
        call()
    return str(e.value)


def test_square_out_of_range_whatever_its_size() -> None:
    with mana.Game(position=START) as g:
        for call in (g.piece_at, g.marks_at, g.piece_reach, mana.square):
            # One error, one sentence, whatever the size (no C int holds
            # HUGE: also an OverflowError).
            for value, kind in ((36, mana.ManaRangeError), (-1, ValueError),
                                (HUGE, mana.ManaOverflowError), (HUGE, ValueError)):
                assert message(lambda: call(value), kind) == \
                    "read a square: invalid argument (square %d outside %s)" % (value, SQUARES)
        assert message(lambda: g.piece_at("g7"), ValueError) == \
            "not a square: 'g7' (%s)" % SQUARES


def test_option_values_against_the_library_bounds() -> None:
    # The library's ranges (mana_option_values) in Python's words, for
    # values it refuses and for values no C int holds alike.
    cases = [
        ("ply_limit", -1, "0..1000000000"),
        ("ply_limit", 10 ** 20, "0..1000000000"),
        ("repetition", 1, "0 or 2..1000000"),
        ("repetition", -(2 ** 40), "0 or 2..1000000"),
        ("orientation", 7, '"chosen" or 0..3'),
        ("orientation", -2, '"chosen" or 0..3'),
        ("orientation", 2 ** 32 + 1, '"chosen" or 0..3'),
        ("blocked", 3, '"pass", "draw" or "loss" (or 0..2)'),
        ("setup_area", 2, '"two_ranks" or "back_rank" (or 0..1)'),
        ("reentry", 5, '"any" or "mana_mark" (or 0..1)'),
        ("damyo_on_double", 2, 'True or False ("on" / "off", 1 / 0)'),
        ("reentry_when_blocked", HUGE, 'True or False ("on" / "off", 1 / 0)'),
    ]
    for name, value, valid in cases:
        with pytest.raises(mana.ManaError) as e:
            mana.Game(**{name: value})
        assert e.value.code == E.EINVAL
        assert str(e.value) == ("set option %s to %d: invalid argument (option %s value %d "
                                "outside %s)" % (name, value, name, value, valid))
        assert isinstance(e.value, OverflowError) == (abs(value) >= 2 ** 31)
        assert mana.Game(**{name: "chosen" if name == "orientation" else 0})
    assert "-1" not in message(lambda: mana.Game(orientation=7), mana.ManaError)


def test_every_option_refused_beyond_c_int_names_its_range() -> None:
    with mana.Game(position=START) as g:
        before, opts = snapshot(g), g.options()
        for option in mana.Option:
            text = message(lambda: g.set_option(option, -HUGE), OverflowError)
            assert text.endswith(" outside %s)" % python_values(option))
            assert "does not fit" not in text
        assert snapshot(g) == before and g.options() == opts


def test_other_ranges_whatever_the_size() -> None:
    with mana.Game(position=START) as g:
        assert message(lambda: g.perft(HUGE), OverflowError) == \
            "perft to depth %d: invalid argument (perft depth %d outside 0..64)" % (HUGE, HUGE)
        assert message(lambda: g.perft(65), mana.ManaError) == \
            "perft to depth 65: invalid argument (perft depth 65 outside 0..64)"
        assert message(lambda: g.damyo_threats(HUGE), OverflowError) == \
            "read a Mana mark count: invalid argument (Mana mark count %d outside 0..3)" % HUGE
        assert message(lambda: g.action_to_move(-1), mana.ManaError) == \
            "read an action id: invalid argument (action id -1 outside 0..940)"
        assert message(lambda: mana.svg.board(g, HUGE), OverflowError) == \
            "draw the board as SVG: invalid argument (SVG size %d outside 0 or 64..8192)" % HUGE
    presets = '"jactalea", "cosmoludo", Rules.JACTALEA, Rules.COSMOLUDO, 0 or 1'
    assert message(lambda: mana.Game(HUGE), OverflowError) == \
        "create a game with preset %d: invalid argument (preset %d outside %s)" % (
            HUGE, HUGE, presets)
    assert message(lambda: mana.Game("chess"), ValueError) == \
        "unknown preset 'chess' (%s)" % presets
    # an MFN where the preset goes (python-chess's Board(fen)): the hint
    mfn = "rrdrrr/6/6/6/6/RRRDRR b - 0"
    assert message(lambda: mana.Game(mfn), ValueError) == \
        "unknown preset %r (%s); an MFN goes in Game(position=...)" % (mfn, presets)


def test_a_finished_game_says_why_once() -> None:
    # Black to move without his Damyo: White has won (docs/rules.md "MFN (Mana Forsyth Notation)").
    with mana.Game(position="r5/6/6/6/6/RRRDRR b 1 0") as g:
        before = snapshot(g)
        for move in ("a6-a5", "pass"):
            with pytest.raises(mana.ManaError) as e:
                g.play(move)
            assert e.value.code == E.EOVER
            assert str(e.value) == "play %r: the game is finished (White won)" % move
            assert e.value.detail == "the game is finished (White won)"
        assert snapshot(g) == before


def test_message_composition() -> None:
    assert str(mana.ManaError(E.EOVER, "the game is finished (Black won)", "play 'O2'")) == \
        "play 'O2': the game is finished (Black won)"
    assert str(mana.ManaError(E.EILLEGAL, "illegal move", "play 1")) == "play 1: illegal move"
    assert str(mana.ManaError(E.EILLEGAL, "", "play 1")) == "play 1: illegal move"
    assert str(mana.ManaError(E.EILLEGAL, "a6 is empty", "play 1")) == \
        "play 1: illegal move (a6 is empty)"


def test_moves_are_a_move_an_int_or_text_never_none_or_bool() -> None:
    with mana.Game(position=START) as g:
        before = snapshot(g)
        accepted = "a Move, an int move value or a str in notation"
        for call in (g.play, g.is_legal, g.move_to_action):
            assert message(lambda: call(None), TypeError) == \
                "move must be %s, not NoneType" % accepted
            for flag in (True, False):
                assert message(lambda: call(flag), TypeError) == \
                    "move must be %s, not bool" % accepted
        assert message(lambda: g.move(True), TypeError) == \
            "move must be a Move or an int move value, not bool"
        assert snapshot(g) == before


def test_bool_is_not_an_int() -> None:
    with mana.Game(position=START) as g:
        for call in (g.piece_at, g.perft, g.damyo_threats, g.action_to_move,
                     g.setup_random, mana.strerror, mana.square, mana.Game):
            with pytest.raises(TypeError) as e:
                call(True)
            assert str(e.value).endswith(", not bool")
        with pytest.raises(TypeError):
            g.set_option("ply_limit", True)
        with pytest.raises(TypeError):
            mana.transform_action(True, 1)
    # The on/off options take bools (and only they do).
    with mana.Game(damyo_on_double=True, reentry_when_blocked=False) as g:
        assert g.get_option("damyo_on_double") == 1
        assert g.get_option("reentry_when_blocked") == 0


def test_colours_by_enum_number_or_name() -> None:
    # White has three of his five Ronins: two captured, two to re-enter
    # (docs/rules.md "The Mana").
    with mana.Game(position="rrdrrr/6/6/6/6/RRRD2 b - 0") as g:
        assert g.reserve(mana.Color.WHITE) == g.reserve(0) == 2
        for name in ("white", "WHITE", "White"):
            assert g.reserve(name) == 2
        assert g.reserve("black") == g.reserve(1) == 0
        assert g.pieces("black") == g.pieces(mana.Color.BLACK)
        assert g.reach_maps("White") == g.reach_maps(0)
        assert message(lambda: g.reserve("red"), ValueError) == \
            "not a colour: 'red' (%s)" % COLOURS
        assert message(lambda: g.reserve(2), mana.ManaError) == \
            "read a colour: invalid argument (colour 2 outside %s)" % COLOURS
        assert message(lambda: g.reserve(None), TypeError) == \
            "colour must be %s, not NoneType" % COLOURS
        with pytest.raises(TypeError):
            g.reserve(True)


def test_enums_print_their_names() -> None:
    with mana.Game(position="r5/6/6/6/6/RRRDRR b 1 0") as g:
        assert "%s %s" % (g.status, g.end_reason) == "WHITE_WON DAMYO_CAPTURED"
        assert "{} {}".format(g.status, g.side_to_move) == "WHITE_WON BLACK"
    for enum in (mana.Color, mana.Status, mana.EndReason, mana.Rules, mana.MoveKind,
                 mana.Option, mana.SetupArea, mana.Reentry, mana.Blocked):
        for member in enum:
            assert str(member) == format(member) == member.name
            assert f"{member:>12}" == "%12s" % member.name
            assert f"{member:d}" == str(int(member)) and member == int(member)


def test_a_refused_huge_value_pickles_as_itself() -> None:
    with pytest.raises(mana.ManaError) as e:
        mana.Game(ply_limit=10 ** 20)
    back = pickle.loads(pickle.dumps(e.value))
    assert isinstance(back, OverflowError) and isinstance(back, mana.ManaError)
    assert str(back) == str(e.value) and back.code == E.EINVAL


def _refused_as_no_game(wrong: Any, name: str) -> None:
    assert message(lambda: mana.svg.board(wrong), TypeError) == \
        "cannot draw the board as SVG: expected a mana.Game, got %s" % name
    assert message(lambda: mana.LegalMoves(wrong), TypeError) == \
        "cannot view the legal moves: expected a mana.Game, got %s" % name


def test_a_game_where_a_game_is_due() -> None:
    # svg.board and LegalMoves take a Game: None, text or any other object
    # is a TypeError naming the call and what was given (None gave an
    # AttributeError).
    for wrong, name in ((None, "NoneType"), ("O0", "str"), (object(), "object")):
        _refused_as_no_game(wrong, name)


@NEEDS_BOTS
def test_a_bot_is_no_game() -> None:
    # A Bot holds a pointer too, which is no game's: it was once drawn as a
    # made-up position.
    bot = mana.Bot("random")
    try:
        _refused_as_no_game(bot, "Bot")
    finally:
        bot.close()
