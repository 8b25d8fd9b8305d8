# SPDX-License-Identifier: MIT
"""Writing game records (mana_record_write): the record headers' struct
and write_record, which Game.record() calls.  The game is typed by its
shape (_gamelike.GameLike), so that this module names no module above it."""

import ctypes
from typing import Mapping, Optional

from ._gamelike import GameLike
from ._errors import check_int, fail, to_c_text
from ._lib import lib
from ._results import parse_result


TAG_KEY_MAX = 31  # MANA_TAG_KEY_MAX
TAG_VALUE_MAX = 127  # MANA_TAG_VALUE_MAX
RECORD_TAGS_MAX = 16  # MANA_RECORD_TAGS_MAX


class Tag(ctypes.Structure):
    """struct mana_record_tag."""

    _fields_ = [("key", ctypes.c_char * (TAG_KEY_MAX + 1)),
                ("value", ctypes.c_char * (TAG_VALUE_MAX + 1))]


class Headers(ctypes.Structure):
    """struct mana_record_headers (caller-owned, no pointers inside)."""

    _fields_ = [("preset", ctypes.c_int), ("result", ctypes.c_int),
                ("tag_count", ctypes.c_int), ("tags", Tag * RECORD_TAGS_MAX)]




def _written_result(game: GameLike, tags: Mapping[str, str], result: Optional[str]) -> int:
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


def write_record(game: GameLike, headers: Optional[Mapping[str, str]] = None,
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
