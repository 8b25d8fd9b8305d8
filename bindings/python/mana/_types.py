# SPDX-License-Identifier: MIT
"""The library's constants as Python enums, and squares by name or index."""

import ctypes
import enum
from typing import Dict, List, SupportsIndex, Tuple, Union

from ._errors import check_arg
from ._lib import optional


class NamedIntEnum(enum.IntEnum):
    """An IntEnum whose str() and format() are the member's name
    ("BLACK_WON"), on every Python (3.11 made IntEnum's str() the number):
    print(game.status, game.end_reason) reads "BLACK_WON DAMYO_CAPTURED".
    int() and a format spec ("{:d}") still give the number."""

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "bcdoxXneEfFgG%":  # a number's format
            return int(self).__format__(spec)
        return self.name.__format__(spec)


class Color(NamedIntEnum):
    """enum mana_color.  Black moves first."""

    WHITE = 0
    BLACK = 1

    def __invert__(self) -> "Color":
        return Color(1 - self.value)


class Status(NamedIntEnum):
    """enum mana_status."""

    SETUP = 0
    PLAYING = 1
    WHITE_WON = 2
    BLACK_WON = 3
    DRAWN = 4

    @property
    def is_over(self) -> bool:
        """True for WHITE_WON, BLACK_WON and DRAWN."""
        return self >= Status.WHITE_WON


class Rules(NamedIntEnum):
    """enum mana_preset: the rule presets (docs/rules.md "Setup")."""

    JACTALEA = 0  # 2005 edition: orientation chosen, setup on two ranks
    COSMOLUDO = 1  # 2020 edition: orientation 3, back rank, Damyo on a double


class MoveKind(NamedIntEnum):
    """enum mana_move_kind: bits 12..14 of a move."""

    STEP = 1
    DROP_DAMYO = 2
    DROP_RONIN = 3
    ORIENT = 4
    PASS = 5


class EndReason(NamedIntEnum):
    """enum mana_end_reason: why a game is finished (Game.end_reason)."""

    NONE = 0  # not finished
    DAMYO_CAPTURED = 1  # the loser's Damyo was captured (or is missing)
    BLOCKED = 2  # the side to move has no legal move (blocked = draw / loss)
    REPETITION = 3  # the repetition option drew it
    PLY_LIMIT = 4  # the ply-limit option drew it
    PASSES = 5  # two passes in a row (blocked = pass)


class Binding(enum.IntFlag):
    """The bits of Game.binding (mana.h's MANA_BINDING_*; docs/rules.md
    "The Mana"): BOUND, or EXCEPTION with STEPS and/or REENTRY (EXCEPTION
    alone: blocked, a pass or no move); Binding(0) when no Mana binds."""

    BOUND = 1  # a piece on a square with `mana` marks can step: one of them must move
    EXCEPTION = 2  # none of them can: the exception
    STEPS = 4  # under the exception: some piece can step (any piece may move)
    REENTRY = 8  # under the exception: a Ronin can re-enter


class Option(NamedIntEnum):
    """enum mana_option: the rule options (docs/rules.md "Rule options")."""

    ORIENTATION = 0
    SETUP_AREA = 1
    DAMYO_ON_DOUBLE = 2
    REENTRY = 3
    REENTRY_WHEN_BLOCKED = 4
    BLOCKED = 5
    REPETITION = 6
    PLY_LIMIT = 7


class SetupArea(NamedIntEnum):
    """Values of Option.SETUP_AREA."""

    TWO_RANKS = 0
    BACK_RANK = 1


class Reentry(NamedIntEnum):
    """Values of Option.REENTRY."""

    ANY = 0
    MANA_MARK = 1


class Blocked(NamedIntEnum):
    """Values of Option.BLOCKED: what a player with no legal move does."""

    PASS = 0
    DRAW = 1
    LOSS = 2


ORIENTATION_CHOSEN = -1  # Option.ORIENTATION: Black chooses it in setup

# Option keyword -> (Option, {word: value}) for Game(**options).
OPTION_WORDS: Dict[str, Tuple[Option, Dict[str, int]]] = {
    "orientation": (Option.ORIENTATION, {"chosen": ORIENTATION_CHOSEN}),
    "setup_area": (Option.SETUP_AREA, {"two_ranks": 0, "back_rank": 1}),
    "damyo_on_double": (Option.DAMYO_ON_DOUBLE, {}),
    "reentry": (Option.REENTRY, {"any": 0, "mana_mark": 1}),
    "reentry_when_blocked": (Option.REENTRY_WHEN_BLOCKED, {}),
    "blocked": (Option.BLOCKED, {"pass": 0, "draw": 1, "loss": 2}),
    "repetition": (Option.REPETITION, {}),
    "ply_limit": (Option.PLY_LIMIT, {}),
}

OptionName = Union[str, Option]
# An integer argument: an int, a numpy integer (numpy.int64, numpy.uint8,
# ...) or anything else with __index__; bool and numpy.bool_ are refused
# where a number is meant (need_int).
IntLike = SupportsIndex

OptionValue = Union[IntLike, str]

SQUARE_COUNT = 36
FILE_NAMES = "abcdef"
RANK_NAMES = "123456"
_square_name = optional("mana_square_name")


def _square_names() -> List[str]:
    """The names of squares 0..35 as the library writes them
    (mana_square_name), or, from a library without it, file then rank."""
    if _square_name is None:
        return [f + r for r in RANK_NAMES for f in FILE_NAMES]
    buf = ctypes.create_string_buffer(3)
    names = []
    for sq in range(SQUARE_COUNT):
        if _square_name(sq, ctypes.addressof(buf), 3) != 2:
            raise RuntimeError("mana_square_name(%d) failed" % sq)
        names.append(buf.value.decode("ascii"))
    return names


# "a1", "b1", ..., "f6": SQUARE_NAMES[sq] is the name of square sq.
SQUARE_NAMES: List[str] = _square_names()
_SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}

Square = Union[IntLike, str]


SQUARE_RANGE = "0..35 (a1 = 0, f6 = 35) or a name a1..f6"


def square(sq: Square) -> int:
    """A square's index 0..35 (a1 = 0, b1 = 1, ..., f6 = 35) from its name
    "a1".."f6" or from an index.  mana.ManaRangeError (a ValueError) for
    an int outside 0..35, whatever its size, ValueError for a str that
    names no square; TypeError for what is neither int nor str."""
    if isinstance(sq, str):
        try:
            return _SQUARE_INDEX[sq]
        except KeyError:
            raise ValueError("not a square: %r (%s)" % (sq, SQUARE_RANGE)) from None
    return check_arg(sq, "square", 0, SQUARE_COUNT - 1, "read a square", SQUARE_RANGE,
                     "an int 0..35 or a name a1..f6")


def square_name(sq: Square) -> str:
    """The name "a1".."f6" of a square given by index 0..35 or name."""
    return SQUARE_NAMES[square(sq)]


ColorLike = Union[Color, IntLike, str]
COLOR_RANGE = 'Color.WHITE, Color.BLACK, 0, 1, "white" or "black"'


def color(value: ColorLike) -> Color:
    """A Color from a Color, 0 (white) or 1 (black), or the name "white" or
    "black" (any case).  ValueError / TypeError naming what is accepted."""
    if isinstance(value, str):
        try:
            return Color[value.upper()]
        except KeyError:
            raise ValueError("not a colour: %r (%s)" % (value, COLOR_RANGE)) from None
    return Color(check_arg(value, "colour", 0, 1, "read a colour", COLOR_RANGE, COLOR_RANGE))


def parse_option(name: OptionName) -> Tuple[Option, Dict[str, int]]:
    """The Option and its value words for an option name or Option."""
    if isinstance(name, Option):
        return name, OPTION_WORDS[name.name.lower()][1]
    if isinstance(name, str) and name in OPTION_WORDS:
        return OPTION_WORDS[name]
    raise KeyError("unknown rule option %r (one of %s)"
                   % (name, ", ".join(OPTION_WORDS)))
