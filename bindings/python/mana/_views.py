# SPDX-License-Identifier: MIT
"""Game.legal_moves (a live view) and Game.outcome()'s Outcome (private
module; use mana.LegalMoves and mana.Outcome)."""

import dataclasses
from typing import Iterator, List, Optional, cast

from ._gamelike import GameLike, MoveLike, need_game
from ._errors import ManaError, is_bool
from ._move import Move
from ._results import result_text
from ._types import Color, EndReason, Status



class LegalMoves:
    """The legal moves of a game, as python-chess's ``board.legal_moves``:
    a live view of the game's current position (each use asks the library
    again), that is also callable.

    - ``game.legal_moves()`` is the list of Moves, in the library's order
      ([] once the game is over), as before;
    - ``for m in game.legal_moves``, ``len(game.legal_moves)``,
      ``bool(game.legal_moves)`` (any legal move), ``move in
      game.legal_moves`` (a Move, an int move value or notation text:
      Game.is_legal; False for anything else), ``list(...)``.

    Playing a move while iterating over the view iterates over the moves
    of the position the iteration started in (the list is made when the
    iteration starts).  It belongs to its game's thread, as the Game does.
    """

    __slots__ = ("_game",)

    def __init__(self, game: GameLike) -> None:
        self._game = need_game(game, "view the legal moves")

    def __call__(self) -> List[Move]:
        """The legal moves as Move objects (see Game.legal_moves)."""
        return self._game._legal_move_list()

    def __iter__(self) -> Iterator[Move]:
        return iter(self._game._legal_move_list())

    def __len__(self) -> int:
        return len(self._game.legal_move_values())

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Move, str)) and (is_bool(move) or not hasattr(move, "__index__")):
            return False
        try:
            return self._game.is_legal(cast(MoveLike, move))
        except (ManaError, TypeError, ValueError):  # no move value (e.g. beyond 32 bits)
            return False

    def __repr__(self) -> str:
        if self._game.closed:
            return "<LegalMoves of a closed mana.Game>"
        return "<LegalMoves (%s)>" % ", ".join(str(m) for m in self)


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished game ended (Game.outcome()), as python-chess's
    Outcome: ``winner`` (Color.WHITE, Color.BLACK, or None for a draw) and
    ``reason``, the library's end reason (an EndReason:
    DAMYO_CAPTURED, BLOCKED, REPETITION, PLY_LIMIT or PASSES;
    ``termination`` is the same, under python-chess's name).
    ``result()`` is the record's result token: "1-0" White won, "0-1"
    Black won, "1/2-1/2" drawn.  Immutable, comparable, hashable."""

    winner: Optional[Color]
    reason: EndReason

    @property
    def termination(self) -> EndReason:
        """reason, under python-chess's name."""
        return self.reason

    @property
    def status(self) -> Status:
        """The game's Status: WHITE_WON, BLACK_WON or DRAWN."""
        if self.winner is None:
            return Status.DRAWN
        return Status.WHITE_WON if self.winner == Color.WHITE else Status.BLACK_WON

    def result(self) -> str:
        """"1-0", "0-1" or "1/2-1/2" (the library's mana_result_text)."""
        return result_text(self.status)

    def __repr__(self) -> str:
        winner = "None" if self.winner is None else "Color.%s" % self.winner.name
        return "Outcome(winner=%s, reason=EndReason.%s)" % (winner, self.reason.name)
