# SPDX-License-Identifier: MIT
"""ManaError and the checks every value crossing into C goes through."""

import enum
import operator
from typing import Any, NoReturn, SupportsIndex

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


def strerror(code: SupportsIndex) -> str:
    """The library's message for an error code (mana_strerror)."""
    c = check_int(code, "error code")
    return str(lib.mana_strerror(c).decode("utf-8", "replace"))


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
        super().__init__(compose(operation, self.message, detail))

    def __reduce__(self) -> Any:
        return (type(self), (int(self.code), self.detail, self.operation))


def compose(operation: str, message: str, detail: str) -> str:
    """ "operation: message (detail)", saying each thing once: the detail
    alone when it already starts with the message ("the game is finished
    (Black won)"), the message alone when the detail adds nothing."""
    if not detail or detail == message:
        return "%s: %s" % (operation, message)
    if detail.startswith(message):
        return "%s: %s" % (operation, detail)
    return "%s: %s (%s)" % (operation, message, detail)


def detail() -> str:
    """This thread's mana_error_detail()."""
    return str(lib.mana_error_detail().decode("utf-8", "replace"))


def fail(rc: int, operation: str) -> NoReturn:
    """Raises the ManaError of the failed call that returned rc
    (ManaNoHistoryError for ENOHISTORY)."""
    cls = ManaNoHistoryError if rc == ErrorCode.ENOHISTORY else ManaError
    raise cls(rc, detail(), operation)


def fail_move(rc: int, operation: str) -> NoReturn:
    """Raises the error of a failed call that read or played a move, as
    python-chess does: IllegalMoveError for a move the rules refuse now
    (EILLEGAL, or EOVER once the game is over), InvalidMoveError for text
    that is no move notation (EPARSE); else as fail()."""
    if rc in (ErrorCode.EILLEGAL, ErrorCode.EOVER):
        raise IllegalMoveError(rc, detail(), operation)
    if rc == ErrorCode.EPARSE:
        raise InvalidMoveError(rc, detail(), operation)
    fail(rc, operation)


INT_MIN = -(2 ** 31)
INT_MAX = 2 ** 31 - 1


def is_bool(value: Any) -> bool:
    """True for a bool or a numpy bool (numpy.bool_), which are no numbers
    here even though numpy's still has an __index__."""
    t = type(value)
    return isinstance(value, bool) or (t.__module__ == "numpy" and t.__name__ in ("bool_", "bool"))


def need_int(value: Any, what: str, accepted: str = "an int") -> int:
    """value as a Python int when it is an integer: an int, a numpy integer
    (numpy.int64, numpy.uint8, ...) or anything else with __index__
    (operator.index), bool and numpy.bool_ refused (True is no number);
    else TypeError saying what is accepted.  The one place where the
    package accepts or refuses an integer argument."""
    if is_bool(value):
        raise TypeError("%s must be %s, not %s" % (what, accepted, type(value).__name__))
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError("%s must be %s, not %s" % (what, accepted, type(value).__name__)) from None


class ManaRangeError(ManaError, ValueError):
    """The one error for an int outside its parameter's range, whichever
    function it is passed to (a square, preset, option value, perft
    depth, colour, action id, move value, seed, ...): a ManaError EINVAL
    whose detail names the value and the range, and a ValueError."""


class ManaNoHistoryError(ManaError, IndexError):
    """ManaError ENOHISTORY: no move to take back or peek at (undo, pop,
    peek of a game at its start), and an IndexError, as python-chess's
    board.pop() and board.peek() raise on an empty move stack."""


class IllegalMoveError(ManaError, ValueError):
    """A move the rules refuse in the current position: ManaError EILLEGAL
    (the detail says why), or EOVER for any move once the game is over.
    python-chess's chess.IllegalMoveError, a ValueError too."""


class InvalidMoveError(ManaError, ValueError):
    """Move text that is no move notation at all ("a1-z9", "hello"):
    ManaError EPARSE.  python-chess's chess.InvalidMoveError, a ValueError
    too."""


class ManaOverflowError(ManaRangeError, OverflowError):
    """ManaRangeError for an int that the C parameter's type cannot hold
    either (beyond a C int, a uint32_t move value, a uint64_t seed): also
    an OverflowError, as ctypes raises."""


def refused(value: int, what: str, valid: str, operation: str) -> ManaRangeError:
    """ManaRangeError for value outside valid (ManaOverflowError when no C
    int holds it): the detail names the range whatever the value's size."""
    cls = ManaRangeError if INT_MIN <= value <= INT_MAX else ManaOverflowError
    return cls(ErrorCode.EINVAL, "%s %d outside %s" % (what, value, valid), operation)


def check_arg(value: Any, what: str, lo: int, hi: int, operation: str,
              valid: str = "", accepted: str = "an int") -> int:
    """value as an int in lo..hi, else TypeError (not an int; bool is
    refused) or ManaRangeError (ManaError EINVAL) naming the valid range
    ("lo..hi" by default), as the library's own check of that parameter
    would."""
    v = need_int(value, what, accepted)
    if not lo <= v <= hi:
        raise refused(v, what, valid or "%d..%d" % (lo, hi), operation)
    return v


def _range(value: Any, lo: int, hi: int, what: str, ctype: str, operation: str) -> int:
    v = need_int(value, what)
    if not lo <= v <= hi:
        raise ManaOverflowError(ErrorCode.EINVAL, "%s %d does not fit in a C %s (%d..%d)"
                             % (what, v, ctype, lo, hi), operation or "check the " + what)
    return v


def check_int(value: Any, what: str, operation: str = "") -> int:
    """value as a C int, or ManaOverflowError/TypeError naming what."""
    return _range(value, INT_MIN, INT_MAX, what, "int", operation)


def check_u32(value: Any, what: str, operation: str = "") -> int:
    """value as a uint32_t (a mana_move), or ManaOverflowError/TypeError."""
    return _range(value, 0, 2 ** 32 - 1, what, "uint32_t", operation)


def check_u64(value: Any, what: str, operation: str = "") -> int:
    """value as a uint64_t (a seed), or ManaOverflowError/TypeError."""
    return _range(value, 0, 2 ** 64 - 1, what, "uint64_t", operation)


def to_c_text(text: Any, what: str) -> bytes:
    """text as the bytes of a C string: str only, no NUL inside."""
    if not isinstance(text, str):
        raise TypeError("%s must be str, not %s" % (what, type(text).__name__))
    if "\0" in text:
        raise ValueError("%s contains a NUL character" % what)
    return text.encode("utf-8")


class NotCopyable:
    """A base for the objects that own one C object (or process) that no
    copy may share: copy.copy, copy.deepcopy and pickle raise TypeError
    saying how to get another, instead of a second owner of the same
    pointer (freed twice when both are collected) or a pickled address
    that means nothing in the process that loads it.  The class sets
    _copy_hint, e.g. "make a new Bot with the same options"."""

    __slots__ = ()
    _copy_hint = ""

    def _no_copy(self) -> TypeError:
        return TypeError("a %s.%s cannot be copied or pickled: it owns a native resource; %s" % (
            type(self).__module__.split(".")[0], type(self).__name__, self._copy_hint))

    def __copy__(self) -> Any:
        raise self._no_copy()

    def __deepcopy__(self, memo: Any) -> Any:
        raise self._no_copy()

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        raise self._no_copy()
