# SPDX-License-Identifier: MIT
"""What the modules below _game read of a Game, as a base class that Game
implements, so that they name no module above them, not even for the
type checker: write_record (_record_write) and svg.board read a game's
pointer and settings, LegalMoves (_views) its moves, and each can tell a
game from anything else (isinstance) without importing Game."""

import threading
from typing import Dict, List, Optional, Union

from ._move import Move
from ._types import IntLike, Rules

MoveLike = Union[Move, IntLike, str]  # what Game.play and is_legal take


class GameLike:
    """The part of mana.Game that the modules it imports use; mana.Game is
    its one implementation (each method here only raises)."""

    __slots__ = ()  # Game's own slots hold what these name
    headers: Dict[str, str]
    _lock: threading.Lock

    def _enter(self) -> int:
        """Takes the game's lock (or raises) and returns its pointer."""
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        """True once close() has freed the game."""
        raise NotImplementedError

    @property
    def preset(self) -> Rules:
        """The preset the game was created with."""
        raise NotImplementedError

    @property
    def declared_result(self) -> Optional[str]:
        """The result the game's record declares, or None."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """True once the game is won or drawn."""
        raise NotImplementedError

    def is_legal(self, move: MoveLike) -> bool:
        """True if move is legal in the current position."""
        raise NotImplementedError

    def legal_move_values(self) -> List[int]:
        """The legal moves as int values."""
        raise NotImplementedError

    def _legal_move_list(self) -> List[Move]:
        """The legal moves as Move objects."""
        raise NotImplementedError


def need_game(game: object, call: str) -> GameLike:
    """game itself when it is a mana.Game; else TypeError naming call and
    what was given (a Bot's pointer is no game's)."""
    if not isinstance(game, GameLike):
        raise TypeError("cannot %s: expected a mana.Game, got %s" % (call, type(game).__name__))
    return game
