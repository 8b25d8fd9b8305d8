"""mana - play the board game Mana through libmana, the reference C rules
engine, from Python.

    >>> import mana
    >>> g = mana.Game(position="rrdrrr/6/6/6/6/RRRDRR b - 0")
    >>> g.turn, len(g.legal_moves), "a6-a4" in g.legal_moves
    (<Color.BLACK: 1>, 16, True)
    >>> g.push("a6-a4")
    >>> g
    <mana.Game playing '1rdrrr/6/r5/6/6/RRRDRR w 3 0'>
    >>> [str(m) for m in g.legal_moves][:3]
    ['b1-d2', 'b1-a3', 'b1-c3']
    >>> g.pop(), g.outcome()
    (Move('a6-a4'), None)
    >>> won = mana.Game(position="2d3/2R3/6/6/6/3D2 w - 0")
    >>> won.push("c5xc6")
    >>> won.is_game_over(), won.outcome(), won.outcome().result()
    (True, Outcome(winner=Color.WHITE, reason=EndReason.DAMYO_CAPTURED), '1-0')

Every rule, format and notation lives in libmana; this package converts
arguments and results, checks every integer before it reaches C, and raises
ManaError (with the library's code, name and detail) when a call fails,
leaving the game unchanged.  The package carries its own compiled libmana
(mana/_libmana.so); set MANA_LIBRARY to the path of another libmana to use
that one instead (see library_path()).  The computer players of
libmana-bots search in-process through Bot (mana.bot), external engines
through mana.engine.
"""

from ._version import __version__
from . import _lib
from ._lib import LibraryError, library_path
from ._errors import (ErrorCode, IllegalMoveError, InvalidMoveError, ManaError, ManaNoHistoryError,
                      ManaOverflowError, ManaRangeError, error_name, strerror)
from ._types import (Binding, Blocked, Color, EndReason, MoveKind, Option, ORIENTATION_CHOSEN, Reentry,
                     Rules, SetupArea, Status, SQUARE_COUNT, SQUARE_NAMES, square,
                     square_name)
from ._move import Move
from ._game import Game, MAX_MOVES, MFN_MAX, MOVE_TEXT_MAX, option_values
from ._views import LegalMoves, Outcome
from .record import (parse_result, read_record, read_record_file, read_records,
                     read_records_file, result_text)
from .bot import Bot, BotInfo, BotResult
from .engine import Score
from .actions import (ACTION_COUNT, ACTION_DAMYO, ACTION_ORIENT, ACTION_PASS, ACTION_RONIN,
                      ACTION_STEP, OBSERVATION_SHAPE, OBS_PLANES, transform_action,
                      transform_observation)

__all__ = [
    "__version__", "Binding", "Blocked", "Color", "EndReason", "read_record", "read_records", "ErrorCode", "Game", "LibraryError",
    "IllegalMoveError", "InvalidMoveError",
    "MAX_MOVES", "MFN_MAX", "MOVE_TEXT_MAX", "ManaError", "ManaNoHistoryError", "ManaOverflowError",
    "ManaRangeError", "Move", "MoveKind",
    "ORIENTATION_CHOSEN", "Option", "Reentry", "Rules", "SQUARE_COUNT",
    "SQUARE_NAMES", "SetupArea", "Status", "error_name", "library_path",
    "library_version", "option_values", "square", "square_name", "strerror",
    "ACTION_COUNT", "ACTION_DAMYO", "ACTION_ORIENT", "ACTION_PASS", "ACTION_RONIN",
    "ACTION_STEP", "OBSERVATION_SHAPE", "OBS_PLANES", "transform_action",
    "transform_observation", "parse_result", "result_text", "LegalMoves", "Outcome",
    "read_record_file", "read_records_file", "Bot", "BotInfo", "BotResult", "Score",
]


def library_version() -> str:
    """The version of the libmana actually loaded ("MAJOR.MINOR.PATCH")."""
    return str(_lib.lib.mana_version().decode("ascii", "replace"))
