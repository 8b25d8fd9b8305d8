# SPDX-License-Identifier: MIT
"""Result tokens ("1-0", "0-1", "1/2-1/2", "*"), the library's
mana_result_text and mana_result_parse."""

from typing import Any, Union

from ._errors import ErrorCode, ManaRangeError, check_int
from ._lib import LibraryError, optional
from ._types import Status

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
