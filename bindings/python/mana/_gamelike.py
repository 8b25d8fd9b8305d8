# SPDX-License-Identifier: MIT
"""What the modules below _game read of a Game, as a typing.Protocol, so
that they name no module above them, not even for the type checker:
write_record (_record_write) and svg.board read a game's pointer and
settings, LegalMoves (_views) its moves.  Game satisfies it by its shape;
nothing here runs at import beyond the class definition."""

import threading
from typing import Dict, List, Optional, Protocol, Union

from ._move import Move
from ._types import IntLike, Rules

MoveLike = Union[Move, IntLike, str]  # what Game.play and is_legal take


class GameLike(Protocol):
    """The part of mana.Game that the modules it imports use."""

    headers: Dict[str, str]
    _lock: threading.Lock

    def _enter(self) -> int:
        """Takes the game's lock (or raises) and returns its pointer."""

    @property
    def closed(self) -> bool:
        """True once close() has freed the game."""

    @property
    def preset(self) -> Rules:
        """The preset the game was created with."""

    @property
    def declared_result(self) -> Optional[str]:
        """The result the game's record declares, or None."""

    def is_over(self) -> bool:
        """True once the game is won or drawn."""

    def is_legal(self, move: MoveLike) -> bool:
        """True if move is legal in the current position."""

    def legal_move_values(self) -> List[int]:
        """The legal moves as int values."""

    def _legal_move_list(self) -> List[Move]:
        """The legal moves as Move objects."""
