# SPDX-License-Identifier: MIT
"""Records, history notation, end reasons and SVG: the library's functions
(mana_record_read/write, mana_history_format, mana_end_reason, mana_svg)
through the package."""

import io
import pickle
import re
from typing import Any

import pytest

import mana
import mana.svg
from conftest import START

E = mana.ErrorCode


def finished_game() -> mana.Game:
    g = mana.Game("jactalea", blocked="draw")
    g.setup_random(12)
    while not g.is_over():
        g.play(g.legal_move_values()[-1])
    return g


def test_record_round_trip(tmp_path: Any) -> None:
    g = finished_game()
    text = g.record({"White": "ab", "Black": "Élodie", "Event": "test"})
    lines = text.splitlines()
    assert lines[0] == "Rules: jactalea"
    assert "Blocked: draw" in lines  # differs from the preset
    assert "Black: Élodie" in lines
    res = {mana.Status.WHITE_WON: "1-0", mana.Status.BLACK_WON: "0-1",
           mana.Status.DRAWN: "1/2-1/2"}[g.status]
    assert "Result: " + res in lines
    path = tmp_path / "g.mana"
    path.write_text(text, encoding="utf-8")
    # A str is record text; a pathlib.Path and file objects are read;
    # read_record_file takes a path as str or os.PathLike.
    readers = [lambda: mana.read_record(text), lambda: mana.read_record(path),
               lambda: mana.read_record(path.read_bytes()),
               lambda: mana.read_record(io.StringIO(text)),
               lambda: mana.read_record(io.BytesIO(text.encode())),
               lambda: mana.read_record_file(str(path)), lambda: mana.read_record_file(path),
               lambda: next(mana.read_records_file(str(path))),
               lambda: next(mana.read_records(text))]
    for read in readers:
        r = read()
        assert r.history_values() == g.history_values()
        assert r.options() == g.options()
        assert r.status == g.status and r.end_reason == g.end_reason
        assert r.headers == {"White": "ab", "Black": "Élodie", "Event": "test"}
        assert r.record() == text  # writing again gives the same text


def test_record_from_a_position() -> None:
    g = mana.Game(position=START)
    g.play("a6-a4")
    text = g.record()
    assert "MFN: " + START in text.splitlines()
    r = mana.read_record(text.encode())
    assert r.start_position == START and r.history() == ["a6-a4"]
    assert r.position == g.position


def test_bom_crlf_and_comments() -> None:
    r = mana.read_record(b"\xef\xbb\xbfRules: jactalea\r\n\r\nO2  \r\n# done\r\n")
    assert r.history() == ["O2"] and r.orientation == 2
    assert r.status == mana.Status.SETUP


def test_several_games_in_a_file() -> None:
    a, b = finished_game(), mana.Game("cosmoludo")
    b.setup_random(3)
    text = a.record({"Round": "1"}) + "\n" + b.record({"Round": "2"})
    games = list(mana.read_records(io.StringIO(text)))
    assert [g.headers["Round"] for g in games] == ["1", "2"]
    assert [g.history_values() for g in games] == [a.history_values(), b.history_values()]
    assert games[1].preset == mana.Rules.COSMOLUDO


@pytest.mark.parametrize("text,code,where", [
    (b"White: x\n\nO2\n", E.EPARSE, "1:1"),
    (b"Rules: jactalea\nBlocked: sometimes\n\nO2\n", E.EPARSE, "2:"),
    (b"Rules: jactalea\n\nO2 \x00\n", E.EPARSE, "3:"),
    (b"Rules: jactalea\n\nO2 D@\xff6\n", E.EPARSE, "3:"),
    (b"Rules: jactalea\n\nO2 O1\n", E.EILLEGAL, "3:4"),
    (b"Rules: chess\n\nO2\n", E.EPARSE, "1:"),
])
def test_bad_records(text: bytes, code: int, where: str) -> None:
    with pytest.raises(mana.ManaError) as e:
        mana.read_record(text)
    assert e.value.code == code
    assert e.value.detail.startswith(where), e.value.detail
    assert str(e.value).startswith("read a record from <bytes>")
    assert re.match(r"\d+:\d+: ", e.value.detail)


def test_no_game() -> None:
    with pytest.raises(mana.ManaError) as e:
        mana.read_record(b"")
    assert e.value.code == E.EPARSE


def test_bad_tags() -> None:
    g = mana.Game()
    for headers in ({"Rules": "cosmoludo"}, {"9lives": "x"}, {"White": "a\nb"},
                    {"White": "x" * 128}, {"Result": "1-0"}):
        with pytest.raises((mana.ManaError, ValueError)):
            g.record(headers)
    with pytest.raises(ValueError):
        g.record(result="2-0")


def test_resignation_result() -> None:
    g = mana.Game(position=START)
    with pytest.raises(mana.ManaError):
        g.record(result="1-0")  # an unfinished game needs a Termination tag
    text = g.record({"Termination": "resignation"}, result="1-0")
    assert "Result: 1-0" in text.splitlines()
    assert mana.read_record(text.encode()).headers["Termination"] == "resignation"


def test_headers_survive_copies_and_pickle() -> None:
    g = mana.read_record(b"Rules: cosmoludo\nWhite: me\n\n")
    assert g.headers == {"White": "me"}
    assert g.clone().headers == {"White": "me"}
    assert pickle.loads(pickle.dumps(g)).headers == {"White": "me"}


def test_history_is_the_librarys_notation() -> None:
    # a1xa2 captures: the history keeps the "x" it had when played.
    g = mana.Game(position="5d/6/6/6/r5/RD4 w 1 0")
    g.play("a1a2")
    assert g.history() == ["a1xa2"]
    assert [str(m) for m in g.move_stack] == ["a1xa2"]


def test_end_reasons() -> None:
    # Black to move without a Damyo: White won by capture.
    g = mana.Game(position="r5/6/6/6/6/RRRDRR b 1 0")
    assert g.end_reason == mana.EndReason.DAMYO_CAPTURED
    # perft.txt's blocked position under blocked=draw: drawn, blocked.
    b = mana.Game(position="5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", blocked="draw")
    assert b.status == mana.Status.DRAWN and b.end_reason == mana.EndReason.BLOCKED
    # Under pass: White passes; if Black is then blocked too it is drawn
    # by two passes, else play goes on.
    p = mana.Game(position="5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0")
    p.play("pass")
    assert p.end_reason in (mana.EndReason.NONE, mana.EndReason.PASSES)
    # Ply limit 1: the first move of play ends the game.
    q = mana.Game(position=START, ply_limit=1)
    q.play("a6-a4")
    assert q.status == mana.Status.DRAWN and q.end_reason == mana.EndReason.PLY_LIMIT
    assert mana.Game().end_reason == mana.EndReason.NONE


def test_svg() -> None:
    g = mana.Game(position=START)
    g.play("a6-a4")
    s = mana.svg.board(g)
    assert s.startswith("<svg") or s.startswith("<?xml")
    assert s.rstrip().endswith("</svg>")
    assert g._repr_svg_() == s
    assert 'width="320"' in mana.svg.board(g, size=320)
    assert mana.svg.board(g, flipped=True) != s
    assert mana.svg.board(g, coordinates=False) != s
    assert mana.svg.board(g, caption=False) != s
    for bad in (1, 63, 8193, -1):
        with pytest.raises(mana.ManaError) as e:
            mana.svg.board(g, size=bad)
        assert e.value.code == E.EINVAL
    for beyond in (2 ** 31, 2 ** 32 + 320, -(2 ** 31) - 1):
        with pytest.raises(OverflowError):
            mana.svg.board(g, size=beyond)
    assert mana.svg.board(mana.Game()).rstrip().endswith("</svg>")  # in setup


def test_record_source_types() -> None:
    g = mana.Game()
    g.setup_random(3)
    text = g.record()
    for bad in (5, 1.5, None, ["a"]):
        with pytest.raises(TypeError, match="record text .*file object.*read_record_file"):
            mana.read_record(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            mana.read_records(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="path is a str, bytes or os.PathLike"):
            mana.read_record_file(bad)  # type: ignore[arg-type]
    for source in (text, io.StringIO(text), text.encode(), bytearray(text.encode())):
        assert mana.read_record(source).history() == g.history()


def test_a_str_is_text_never_a_path(tmp_path: Any, monkeypatch: Any) -> None:
    # Before, read_record(str) opened the str as a path: record text gave
    # "OSError: File name too long" or FileNotFoundError.
    g = mana.Game(position=START)
    g.play("a6-a4")
    text = g.record()
    assert mana.read_record(text).history() == ["a6-a4"]
    # A file whose name is the first line of the record is not read instead.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "Rules: jactalea").write_text("Rules: cosmoludo\n\n")
    assert mana.read_record("Rules: jactalea").preset == mana.Rules.JACTALEA
    # A path in a str is refused, naming read_record_file (and the file
    # when it exists); the same for read_records.
    (tmp_path / "game.mana").write_text(text)
    with pytest.raises(mana.ManaError) as e:
        mana.read_record("game.mana")
    assert e.value.code == E.EPARSE
    assert "'game.mana' names a file: read_record takes record text, read it with " \
        "mana.read_record_file('game.mana')" in str(e.value)
    with pytest.raises(mana.ManaError, match=r"names a file: .*mana.read_records_file"):
        list(mana.read_records("game.mana"))
    with pytest.raises(mana.ManaError, match=r"takes record text, not a path: for a file "
                       r"use mana.read_record_file\(path\)"):
        mana.read_record("missing.mana")
    # Text of several lines that is no record gets no path hint.
    with pytest.raises(mana.ManaError) as e:
        mana.read_record("not\na record\n")
    assert "read_record_file" not in str(e.value)
    # Nor does an empty or blank text: it is no path either.
    for empty in ("", "   "):
        with pytest.raises(mana.ManaError) as e:
            mana.read_record(empty)
        assert e.value.code == E.EPARSE and "not a path" not in str(e.value)
    assert mana.read_record_file("game.mana").history() == ["a6-a4"]
    with pytest.raises(FileNotFoundError):
        mana.read_record_file("missing.mana")


# A game mana-cli match decided off the board: Black's engine answered a
# move the rules refuse before any move was played, so White won by the
# record's word while the moves (none) leave the game in setup.
FORFEIT = """Rules: jactalea
PlyLimit: 400
White: ab
Black: sh
Round: 1
Termination: sh: illegal move 'D@c3': Black must first choose the orientation (O0..O3)
Result: 1-0

"""


def test_declared_result_of_a_game_decided_off_the_board() -> None:
    g = mana.read_record(FORFEIT.encode())
    assert g.status == mana.Status.SETUP and g.ply == 0
    assert g.result() == "*"  # the board: nobody has won
    assert g.declared_result == "1-0"  # the record: White won
    assert "Result" not in g.headers  # the library owns Result
    text = g.record()
    assert "Result: 1-0" in text.splitlines()
    assert text == FORFEIT  # written back as read
    assert mana.read_record(text.encode()).declared_result == "1-0"


def test_declared_result_survives_moves_copies_and_pickle() -> None:
    g = mana.Game(position=START)
    g.play(g.legal_move_values()[0])
    text = g.record({"Termination": "time forfeit"}, result="0-1")
    r = mana.read_record(text.encode())
    assert (r.result(), r.declared_result, r.ply) == ("*", "0-1", 1)
    assert r.record() == text
    for c in (r.clone(), pickle.loads(pickle.dumps(r))):
        assert c.declared_result == "0-1" and c.record() == text
    c = mana.Game()
    c.copy_from(r)
    assert c.declared_result == "0-1"
    assert "Result: 1-0" in r.record(result="1-0").splitlines()  # result= wins


def test_declared_result_of_a_game_decided_on_the_board() -> None:
    g = finished_game()
    r = mana.read_record(g.record().encode())
    assert r.declared_result == r.result() == g.result() != "*"
    r.undo()
    # No Termination tag: an undone finish is no declared result.
    assert "Result: *" in r.record().splitlines()
    assert mana.read_record(b"Rules: jactalea\n\n").declared_result is None
    assert mana.read_record(b"Rules: jactalea\nResult: *\n\n").declared_result == "*"


def test_declared_result_is_checked() -> None:
    g = mana.Game(position=START)
    assert g.declared_result is None
    with pytest.raises(ValueError):
        g.declared_result = "2-0"
    assert g.declared_result is None
    g.declared_result = "1/2-1/2"
    g.headers["Termination"] = "adjudication"
    assert "Result: 1/2-1/2" in g.record().splitlines()
    del g.headers["Termination"]
    assert "Result: *" in g.record().splitlines()
    g.declared_result = None
    g.headers["Termination"] = "adjudication"
    assert "Result: *" in g.record().splitlines()
