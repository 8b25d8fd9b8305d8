"""Game records: the library's record format (docs/record-format.md), read
and written by libmana (mana_record_read / mana_record_write).

    >>> import mana
    >>> g = mana.Game(position="rrdrrr/6/6/6/6/RRRDRR b - 0")
    >>> g.play("a6-a4")
    >>> text = g.record({"White": "ab", "Event": "club night"})
    >>> print(text)
    Rules: jactalea
    White: ab
    Event: club night
    Result: *
    MFN: rrdrrr/6/6/6/6/RRRDRR b - 0
    <BLANKLINE>
    a6-a4
    <BLANKLINE>
    >>> back = mana.read_record(text)        # a str is record text
    >>> back.headers, back.history(), back.result(), back.declared_result
    ({'White': 'ab', 'Event': 'club night'}, ['a6-a4'], '*', '*')
    >>> [h.history() for h in mana.read_records(text + "\\n" + text)]
    [['a6-a4'], ['a6-a4']]

Files: ``read_record_file(path)`` / ``read_records_file(path)`` (a str or
os.PathLike path), or ``read_record(open(path))``, ``read_record(
pathlib.Path(path))``.

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

from ._errors import ErrorCode, ManaError, fail, fail_move, to_c_text
from ._game import Game
from ._lib import lib
from ._record_write import Headers, RECORD_TAGS_MAX, TAG_KEY_MAX, TAG_VALUE_MAX, write_record
from ._results import parse_result, result_text
from ._types import Rules

__all__ = ["RECORD_TAGS_MAX", "TAG_KEY_MAX", "TAG_VALUE_MAX", "parse_result", "read_record",
           "read_record_file", "read_records", "read_records_file", "result_text", "write_record"]

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[str], IO[bytes]]
PathLike = Union[str, "os.PathLike[str]", "os.PathLike[bytes]", bytes]


def _tags(h: Headers) -> Dict[str, str]:
    return {h.tags[i].key.decode("ascii"): h.tags[i].value.decode("utf-8")
            for i in range(h.tag_count)}


SOURCES = ("record text (a str or bytes), a file object in text or binary mode, or an "
           "os.PathLike path such as pathlib.Path (for a path in a str: read_record_file)")


def _read_path(path: Any) -> Tuple[bytes, str]:
    with open(path, "rb") as f:
        return f.read(), os.fsdecode(path)


def _read_source(source: Any) -> Tuple[bytes, str]:
    """(bytes, name for messages) of record text (str, bytes), an
    os.PathLike or a file object."""
    if isinstance(source, str):
        return source.encode("utf-8", "surrogateescape"), "<text>"
    if isinstance(source, bytes):
        return source, "<bytes>"
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source), "<bytes>"
    if isinstance(source, os.PathLike):
        return _read_path(source)
    if not callable(getattr(source, "read", None)):
        raise TypeError("a record source is %s, not %s" % (SOURCES, type(source).__name__))
    data = source.read()
    name = str(getattr(source, "name", "<file>"))
    if isinstance(data, str):
        return data.encode("utf-8", "surrogateescape"), name
    if isinstance(data, bytes):
        return data, name
    raise TypeError("a record source's read() gave %s, not str or bytes" % type(data).__name__)


def _file_source(path: Any) -> Tuple[bytes, str]:
    """(bytes, name) of the file at path (str, bytes or os.PathLike)."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError("a record file's path is a str, bytes or os.PathLike, not %s; for "
                        "record text or a file object use read_record" % type(path).__name__)
    return _read_path(path)


def _path_hint(source: Any, error: ManaError, reader: str) -> ManaError:
    """error, or for a str of one line (no line break, as a path has none)
    the same error saying that reader (read_record, read_records) takes
    text and reader_file a path, naming the file when it exists.  Only a
    str that is no valid record gets here: text is never taken for a
    path.  An empty (or blank) str gets no hint."""
    if not isinstance(source, str) or not source.strip() or "\n" in source or "\r" in source:
        return error  # an empty text is no path either
    exists = os.path.isfile(source) if source and "\0" not in source else False
    hint = ("%r names a file: %s takes record text, read it with mana.%s_file(%r)"
            % (source, reader, reader, source) if exists else
            "%s takes record text, not a path: for a file use mana.%s_file(path)"
            % (reader, reader))
    return type(error)(error.code, "%s; %s" % (error.detail, hint), error.operation)


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
            if rc == ErrorCode.EILLEGAL:  # a move the rules refuse where it stands
                fail_move(rc, "read a record from %s" % name)
            fail(rc, "read a record from %s" % name)
        game._preset = Rules(h.preset)
        game.headers = _tags(h)
        game._declared = None if h.result < 0 else result_text(h.result)
        yield game


def _first(data: bytes, name: str) -> Game:
    for game in _games(data, name):
        return game
    raise ManaError(ErrorCode.EPARSE, "no game in the text", "read a record from %s" % name)


def _hinted(source: Any, games: Iterator[Game]) -> Iterator[Game]:
    try:
        yield from games
    except ManaError as e:
        raise _path_hint(source, e, "read_records") from None


def read_records(source: Source) -> Iterator[Game]:
    """Every game of a record, one Game at a time, each with its tags in
    ``game.headers`` and its Result in ``game.declared_result``.  source is
    record text (a str or bytes), a file object open in text or binary
    mode, or an os.PathLike path (pathlib.Path), which is read as a file.
    A str is always record text, never a path: a file named by a str is
    read with read_records_file.  TypeError for any other source;
    ManaError at the first game that is not a valid record (the games
    before it have been yielded); for a str of one line its message says
    that a path is read with read_records_file."""
    data, name = _read_source(source)
    return _hinted(source, _games(data, name))


def read_record(source: Source) -> Game:
    """The first game of a record (source as for read_records: a str is
    record text, never a path; pathlib.Path and file objects are read).
    ManaError EPARSE if there is no game, or the text is not a record;
    when source is a str of one line its message also says that
    read_record takes text, naming read_record_file and the file when
    such a file exists: ``read_record("game.mana")`` says ``'game.mana'
    names a file: ... read it with mana.read_record_file('game.mana')``."""
    data, name = _read_source(source)
    try:
        return _first(data, name)
    except ManaError as e:
        raise _path_hint(source, e, "read_record") from None


def read_records_file(path: PathLike) -> Iterator[Game]:
    """Every game of the record file at path (a str, bytes or
    os.PathLike), as read_records.  OSError when it cannot be read,
    TypeError for what is no path."""
    return _games(*_file_source(path))


def read_record_file(path: PathLike) -> Game:
    """The first game of the record file at path (a str, bytes or
    os.PathLike), as read_record.  OSError (FileNotFoundError, ...) when it
    cannot be read, TypeError for what is no path, ManaError for a file
    that holds no valid record."""
    return _first(*_file_source(path))
