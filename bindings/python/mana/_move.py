# SPDX-License-Identifier: MIT
"""Move: a value type for one move (private module; use mana.Move)."""

import ctypes
from typing import Any, Optional, Tuple

from ._errors import check_u32, fail
from ._lib import lib
from ._types import MoveKind, SQUARE_NAMES

# The mana_move bit layout (mana.h): from in bits 0-5, to from bit
# MOVE_TO_SHIFT, the kind from bit MOVE_KIND_SHIFT.
MOVE_TO_SHIFT = 6  # MANA_MOVE_TO_SHIFT
MOVE_KIND_SHIFT = 12  # MANA_MOVE_KIND_SHIFT
_FIELD = 63  # a square field's mask (6 bits)
_KIND = 7  # the kind field's mask (3 bits)

_free = lib.mana_free
_fmt = lib.mana_move_format


class Snapshot:
    """A private copy of a game's state (a mana_game) from which the text
    of the Moves listed in it is formatted on demand; freed when the last
    of those Moves has its text or is gone.  Only read, never played on,
    so several threads may format from it at once."""

    __slots__ = ("_g",)

    def __init__(self, g: int) -> None:
        self._g = g

    def format(self, value: int) -> str:
        buf = ctypes.create_string_buffer(8)
        n = _fmt(self._g, value, ctypes.addressof(buf), 8)
        if n < 0:
            fail(n, "format move %d" % value)
        return str(buf.raw[:n].decode("ascii"))

    def __del__(self) -> None:
        g, self._g = self._g, 0
        if g:
            _free(g)


class Move:
    """One move: its 32-bit library value and its notation.

    Moves come from a Game (``legal_moves()``, ``parse_move("b2-c4")``,
    ``move(value)``, ``move_stack``), because notation depends on the
    position: a step is written "b2xc4" when it captures, "b2-c4" when not.

    - ``str(move)`` is the notation ("b2-c4", "b2xc4", "D@c6", "R@c3",
      "O2", "pass"); ``int(move)`` / ``move.value`` the library's value.
    - Two moves are equal when their values are (a step's value does not
      say whether it captures: docs/rules.md "Moving"); moves hash by value and
      are immutable, so they can be dict keys and set members.
    - ``kind`` is a MoveKind; ``from_square`` and ``to_square`` are square
      indices 0..35 (a1 = 0) or None where the kind has none;
      ``orientation`` is 0..3 for an ORIENT move, else None.

    ``Game.play`` accepts a Move, its value (int) or its text (str).
    """

    __slots__ = ("_value", "_text", "_ctx")

    def __init__(self, value: int, text: str) -> None:
        """A move from its value and text as the library gave them (use
        Game.move / Game.parse_move to get checked ones)."""
        if not isinstance(text, str):
            raise TypeError("move text must be str")
        self._value = check_u32(value, "move value")
        self._ctx: Optional[Snapshot] = None
        self._text: Optional[str] = text

    @property
    def value(self) -> int:
        """The mana_move value (bit layout in mana.h)."""
        return self._value

    @property
    def kind(self) -> MoveKind:
        """STEP, DROP_DAMYO, DROP_RONIN, ORIENT or PASS."""
        return MoveKind((self._value >> MOVE_KIND_SHIFT) & _KIND)

    @property
    def from_square(self) -> Optional[int]:
        """The start square (0..35) of a step, else None."""
        return self._value & _FIELD if self.kind == MoveKind.STEP else None

    @property
    def to_square(self) -> Optional[int]:
        """The end square (0..35) of a step or a drop, else None."""
        if self.kind in (MoveKind.STEP, MoveKind.DROP_DAMYO, MoveKind.DROP_RONIN):
            return (self._value >> MOVE_TO_SHIFT) & _FIELD
        return None

    @property
    def orientation(self) -> Optional[int]:
        """The orientation 0..3 an ORIENT move chooses, else None."""
        return (self._value >> MOVE_TO_SHIFT) & _FIELD if self.kind == MoveKind.ORIENT else None

    @property
    def is_capture(self) -> bool:
        """True for a step written with "x" (it takes a piece)."""
        return "x" in str(self)

    @property
    def squares(self) -> Tuple[Optional[str], Optional[str]]:
        """(from, to) as square names, None where the kind has none."""
        f, t = self.from_square, self.to_square
        return (None if f is None else SQUARE_NAMES[f],
                None if t is None else SQUARE_NAMES[t])

    def __int__(self) -> int:
        return self._value

    def __index__(self) -> int:
        return self._value

    def __str__(self) -> str:
        text = self._text
        if text is None:  # listed by legal_moves(): formatted on first use
            ctx = self._ctx
            if ctx is None:  # another thread has just formatted it
                return str(self._text)
            text = ctx.format(self._value)
            _set_text(self, text)
            _set_ctx(self, None)
        return text

    def __repr__(self) -> str:
        return "Move(%r)" % str(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._value == other._value
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._value != other._value
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._value)

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, "_text"):
            raise AttributeError("Move is immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> Tuple[Any, Tuple[int, str]]:
        return (Move, (self._value, str(self)))

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: Any) -> "Move":
        return self


_new = object.__new__
_set_value = getattr(Move, "_value").__set__
_set_text = getattr(Move, "_text").__set__
_set_ctx = getattr(Move, "_ctx").__set__


def make_move(value: int, text: str) -> Move:
    """A Move from a value and text the library produced (no checks)."""
    m: Move = _new(Move)
    _set_value(m, value)
    _set_ctx(m, None)
    _set_text(m, text)
    return m


def lazy_move(value: int, ctx: Snapshot) -> Move:
    """A Move legal in ctx's position, its text formatted on first use."""
    m: Move = _new(Move)
    _set_value(m, value)
    _set_ctx(m, ctx)
    _set_text(m, None)
    return m
