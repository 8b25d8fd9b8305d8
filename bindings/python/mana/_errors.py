# SPDX-License-Identifier: MIT
"""ManaError and the checks every value crossing into C goes through."""

import enum
from typing import Any, NoReturn

from ._lib import lib, optional


class ErrorCode(enum.IntEnum):
    """The library's error codes (enum mana_error in mana.h; pinned values)."""

    OK = 0
    EINVAL = -1
    EILLEGAL = -2
    EPARSE = -3
    EOVER = -4
    ENOHISTORY = -5
    ENOMEM = -6
    ESPACE = -7
    ESTATE = -8


_error_name = optional("mana_error_name")


def error_name(code: int) -> str:
    """The library's name of an error code ("MANA_EILLEGAL"): from
    mana_error_name when the library has it, else from ErrorCode."""
    if _error_name is not None and -(2 ** 31) <= code < 2 ** 31:
        name = _error_name(code)
        if name:
            return str(name.decode("ascii", "replace"))
    try:
        return "MANA_" + ErrorCode(code).name
    except ValueError:
        return "MANA_E?"


def strerror(code: int) -> str:
    """The library's message for an error code (mana_strerror)."""
    check_int(code, "error code")
    return str(lib.mana_strerror(code).decode("utf-8", "replace"))


class ManaError(Exception):
    """A libmana call failed; the game it was called on is unchanged.

    Attributes:
      code       the negative error code (an ErrorCode when known)
      name       its name in the library, e.g. "MANA_EILLEGAL"
      message    the library's text for the code, e.g. "illegal move"
      detail     the library's one-line reason for this failure
      operation  what was being done, e.g. "play b2-c4"
    """

    def __init__(self, code: int, detail: str, operation: str) -> None:
        try:
            self.code: int = ErrorCode(code)
        except ValueError:
            self.code = code
        self.name = error_name(code)
        self.message = strerror(code)
        self.detail = detail
        self.operation = operation
        text = "%s: %s" % (operation, self.message)
        if detail:
            text += " (%s)" % detail
        super().__init__(text)

    def __reduce__(self) -> Any:
        return (_rebuild, (self.code, self.detail, self.operation))


def _rebuild(code: int, detail: str, operation: str) -> ManaError:
    return ManaError(code, detail, operation)


def detail() -> str:
    """This thread's mana_error_detail()."""
    return str(lib.mana_error_detail().decode("utf-8", "replace"))


def fail(rc: int, operation: str) -> NoReturn:
    """Raises the ManaError of the failed call that returned rc."""
    raise ManaError(rc, detail(), operation)


INT_MIN = -(2 ** 31)
INT_MAX = 2 ** 31 - 1


def _range(value: Any, lo: int, hi: int, what: str, ctype: str) -> int:
    if not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    if not lo <= value <= hi:
        raise OverflowError("%s %d does not fit in a C %s (%d..%d)"
                            % (what, value, ctype, lo, hi))
    return int(value)


def check_int(value: Any, what: str) -> int:
    """value as a C int, or OverflowError/TypeError naming what."""
    return _range(value, INT_MIN, INT_MAX, what, "int")


def check_u32(value: Any, what: str) -> int:
    """value as a uint32_t (a mana_move)."""
    return _range(value, 0, 2 ** 32 - 1, what, "uint32_t")


def check_u64(value: Any, what: str) -> int:
    """value as a uint64_t (a seed)."""
    return _range(value, 0, 2 ** 64 - 1, what, "uint64_t")


def to_c_text(text: Any, what: str) -> bytes:
    """text as the bytes of a C string: str only, no NUL inside."""
    if not isinstance(text, str):
        raise TypeError("%s must be str, not %s" % (what, type(text).__name__))
    if "\0" in text:
        raise ValueError("%s contains a NUL character" % what)
    return text.encode("utf-8")
