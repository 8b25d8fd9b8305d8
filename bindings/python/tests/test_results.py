# SPDX-License-Identifier: MIT
"""The result tokens (docs/record-format.md, "Result"): mana.result_text,
mana.parse_result and Game.result, all from the library (mana_result_text,
mana_result_parse), against the table of the format and a written record."""

import pytest

import mana
from mana import Status

TOKENS = [(Status.PLAYING, "*"), (Status.WHITE_WON, "1-0"),
          (Status.BLACK_WON, "0-1"), (Status.DRAWN, "1/2-1/2")]


@pytest.mark.parametrize("status,text", TOKENS)
def test_tokens_both_ways(status: Status, text: str) -> None:
    assert mana.result_text(status) == text
    assert mana.result_text(int(status)) == text
    assert mana.parse_result(text) is status


def test_setup_is_unfinished() -> None:
    assert mana.result_text(Status.SETUP) == "*"
    assert mana.Game().result() == "*"


@pytest.mark.parametrize("bad", ["", "1-1", "1/2", "1-0 ", " 1-0", "1-0\n", "draw",
                                 "\u00bd-\u00bd", "1\u20130", "**", "1-0\0"])
def test_near_misses_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="is not one of 1-0, 0-1, 1/2-1/2, \\*"):
        mana.parse_result(bad)


def test_wrong_types_and_ranges() -> None:
    with pytest.raises(TypeError):
        mana.parse_result(b"1-0")  # type: ignore[arg-type]
    for status in (-1, 5):
        with pytest.raises(ValueError, match="no game status"):
            mana.result_text(status)
    with pytest.raises(OverflowError):
        mana.result_text(2 ** 31)


def test_finished_game_and_its_record() -> None:
    # Mana 2, orientation 0: White's c3, b2 and e1 stand on 1-mark squares,
    # so none is bound and the Ronin b2 takes Black's Damyo on a2.
    g = mana.Game(position="6/6/6/2R3/dR4/4D1 w 2 0")
    assert g.result() == "*"
    g.play("b2xa2")
    assert g.status is Status.WHITE_WON
    assert g.result() == "1-0"
    assert "Result: 1-0\n" in g.record()


def test_record_result_argument_checked() -> None:
    g = mana.Game(position="6/6/6/2R3/dR4/4D1 w 2 0")
    text = g.record({"Termination": "resignation"}, result="0-1")
    assert "Result: 0-1\n" in text
    with pytest.raises(ValueError, match="'black wins' is not one of"):
        g.record({"Termination": "resignation"}, result="black wins")
