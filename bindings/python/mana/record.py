# SPDX-License-Identifier: MIT
"""Game records: the library's record format (docs/record-format.md), read
and written by libmana (mana_record_read / mana_record_write).

    >>> import mana
    >>> g = mana.read_record("game.mana")          # the first game of a file
    >>> g.headers["White"], g.status, g.history()[:3]
    >>> g.result(), g.declared_result   # on the board, and as the record says
    >>> for g in mana.read_records("match.mana"):   # every game of a file
    ...     print(g.headers.get("Round"), g.status.name)
    >>> text = g.record({"Event": "club night"})

A record is header lines (``Rules``, rule options, tags such as White,
Black, Date, Event, ``Result``, ``MFN`` for a game that starts from a
position), a blank line and the moves.  A game decided off the board
(resignation, time loss, an engine's fault) has a decided ``Result`` and a
``Termination`` tag saying why, while its moves leave it unfinished: the
Game read has that result in ``declared_result`` (``result()`` is "*",
what the board says) and ``record()`` writes it back.  Files may hold several games, carry
a UTF-8 byte-order mark, CRLF line ends and ``#`` comments.  A record that
is not valid raises ManaError (EPARSE, or EILLEGAL for a move the rules
refuse) whose detail starts with ``LINE:COLUMN:``.
"""

import ctypes
import os
from typing import IO, Any, Dict, Iterator, Mapping, Optional, Tuple, Union

from ._errors import ErrorCode, ManaError, ManaRangeError, check_int, fail, to_c_text
from ._game import Game
from ._lib import LibraryError, lib, optional
from ._types import Rules, Status

TAG_KEY_MAX = 31  # MANA_TAG_KEY_MAX
TAG_VALUE_MAX = 127  # MANA_TAG_VALUE_MAX
RECORD_TAGS_MAX = 16  # MANA_RECORD_TAGS_MAX

Source = Union[str, "os.PathLike[str]", bytes, IO[str], IO[bytes]]


class Tag(ctypes.Structure):
    """struct mana_record_tag."""

    _fields_ = [("key", ctypes.c_char * (TAG_KEY_MAX + 1)),
                ("value", ctypes.c_char * (TAG_VALUE_MAX + 1))]


class Headers(ctypes.Structure):
    """struct mana_record_headers (caller-owned, no pointers inside)."""

    _fields_ = [("preset", ctypes.c_int), ("result", ctypes.c_int),
                ("tag_count", ctypes.c_int), ("tags", Tag * RECORD_TAGS_MAX)]




def _tags(h: Headers) -> Dict[str, str]:
    return {h.tags[i].key.decode("ascii"): h.tags[i].value.decode("utf-8")
            for i in range(h.tag_count)}


def _read_source(source: Source) -> Tuple[bytes, str]:
    """(bytes, name for messages) of a path, bytes or file object."""
    if isinstance(source, bytes):
        return source, "<bytes>"
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source), "<bytes>"
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            return f.read(), os.fspath(source)
    if not callable(getattr(source, "read", None)):
        raise TypeError("a record source is a path (str or os.PathLike), bytes, or a file "
                        "object in text or binary mode, not %s; for record text held in a "
                        "str pass text.encode() or io.StringIO(text)" % type(source).__name__)
    data = source.read()
    name = str(getattr(source, "name", "<file>"))
    if isinstance(data, str):
        return data.encode("utf-8", "surrogateescape"), name
    if isinstance(data, bytes):
        return data, name
    raise TypeError("a record source is a path, bytes or a file object")


def _games(data: bytes, name: str) -> Iterator[Game]:
    read = lib.mana_record_read
    size = len(data)
    offset = ctypes.c_size_t(0)
    while offset.value < size:
        h = Headers()
        game = Game()
        g = game._enter()
        try:
            rc = read(g, data, size, ctypes.byref(offset), ctypes.byref(h))
        finally:
            game._lock.release()
        if rc < 0:
            game.close()
            fail(rc, "read a record from %s" % name)
        game._preset = Rules(h.preset)
        game.headers = _tags(h)
        game._declared = None if h.result < 0 else result_text(h.result)
        yield game


def read_records(source: Source) -> Iterator[Game]:
    """Every game of a record file (path, bytes, or a file object opened
    in text or binary mode), one Game at a time, each with its tags in
    ``game.headers`` and its Result in ``game.declared_result``.  A str is always a path: to parse record text held
    in a str, pass ``text.encode()`` or ``io.StringIO(text)``.  TypeError
    for any other source; ManaError at the first game that is not a valid
    record (the games before it have been yielded)."""
    data, name = _read_source(source)
    return _games(data, name)


def read_record(source: Source) -> Game:
    """The first game of a record file (see read_records); ManaError
    EPARSE if there is none."""
    data, name = _read_source(source)
    for game in _games(data, name):
        return game
    raise ManaError(ErrorCode.EPARSE, "no game in the text", "read a record from %s" % name)


def _written_result(game: Game, tags: Mapping[str, str], result: Optional[str]) -> int:
    """hdr->result for write_record: result when given (the library checks
    it), else the game's declared result when it is decided and the game
    is unfinished with a Termination tag saying why (a finished game
    writes its status; without that tag the moves alone say "*")."""
    if result is not None:
        return int(parse_result(result))
    declared = game.declared_result
    if declared is None or game.is_over() or not any(k.lower() == "termination" for k in tags):
        return -1
    return int(parse_result(declared))


def write_record(game: Game, headers: Optional[Mapping[str, str]] = None,
                 result: Optional[str] = None) -> str:
    """The record of game (see Game.record)."""
    h = Headers()
    rc = lib.mana_record_headers_init(ctypes.byref(h), check_int(int(game.preset), "preset"))
    if rc < 0:
        fail(rc, "write a record")
    tag_set = lib.mana_record_tag_set
    tags = {**game.headers, **(headers or {})}
    for key, value in tags.items():
        rc = tag_set(ctypes.byref(h), to_c_text(key, "tag key"), to_c_text(value, "tag value"))
        if rc < 0:
            fail(rc, "set the record tag %r" % key)
    h.result = _written_result(game, tags, result)
    write = lib.mana_record_write
    g = game._enter()
    try:
        n = write(g, ctypes.byref(h), None, 0)
        if n < 0:
            fail(n, "write a record")
        buf = ctypes.create_string_buffer(n + 1)
        n = write(g, ctypes.byref(h), ctypes.addressof(buf), n + 1)
        if n < 0:
            fail(n, "write a record")
    finally:
        game._lock.release()
    return str(buf.raw[:n].decode("utf-8"))


_result_text = optional("mana_result_text")
_result_parse = optional("mana_result_parse")


def _need(fn: Any, name: str) -> Any:
    if fn is None:
        raise LibraryError("the libmana loaded has no %s (libmana 0.3 or later has it)" % name)
    return fn


def result_text(status: Union[Status, int]) -> str:
    """The result token of a game status, as records write it
    (mana_result_text): "1-0" for Status.WHITE_WON, "0-1" for
    Status.BLACK_WON, "1/2-1/2" for Status.DRAWN, "*" (unfinished) for
    Status.SETUP and Status.PLAYING.  mana.ManaRangeError (ManaError
    EINVAL, ValueError) for an int that is no status (ManaOverflowError,
    also an OverflowError, when no C int holds it)."""
    text = _need(_result_text, "mana_result_text")(check_int(int(status), "status", "name a result"))
    if text is None:
        raise ManaRangeError(ErrorCode.EINVAL, "status %r is no game status (0..4, Status.SETUP.."
                             "Status.DRAWN)" % (status,), "name a result")
    return str(text.decode("ascii"))


def parse_result(text: str) -> Status:
    """The Status a result token names (mana_result_parse): "1-0", "0-1",
    "1/2-1/2", or "*" for Status.PLAYING.  ValueError for any other str,
    TypeError for what is not a str."""
    if not isinstance(text, str):
        raise TypeError("result must be str, not %s" % type(text).__name__)
    rc = _need(_result_parse, "mana_result_parse")(text.encode("utf-8")) if "\0" not in text else -1
    if rc < 0:
        tokens = [result_text(s) for s in (Status.WHITE_WON, Status.BLACK_WON, Status.DRAWN, Status.PLAYING)]
        raise ValueError("result %r is not one of %s" % (text, ", ".join(tokens)))
    return Status(rc)
