# SPDX-License-Identifier: MIT
"""Reach and Damyo threats (attack maps) of a Game: libmana's mana_pieces,
mana_piece_reach, mana_reach_maps, mana_reach_steps, mana_reach_under, mana_damyo_capturable
and mana_damyo_threats (private module; the methods are Game's).

Square sets are frozensets of square indices 0..35 (a1 = 0); ``bits(s)``
turns one back into the library's 64-bit bitboard.
"""

import ctypes
from typing import Any, Dict, FrozenSet, List, Optional, Tuple, Union

from ._errors import check_arg, fail
from ._lib import lib
from ._types import SQUARE_COUNT, Color, ColorLike, IntLike, Square, square
from ._types import color as to_color

_u64 = ctypes.c_uint64
_pu64 = ctypes.POINTER(_u64)
SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    "mana_pieces": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, _pu64, _pu64]),
    "mana_piece_reach": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, _pu64]),
    "mana_reach_maps": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, _pu64]),
    "mana_reach_steps": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, _pu64,
                                        ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]),
    "mana_reach_under": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                        _pu64, _pu64]),
    "mana_damyo_capturable": (ctypes.c_int, [ctypes.c_void_p]),
    "mana_damyo_threats": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p,
                                          ctypes.c_int]),
}
_fn: Dict[str, Any] = {}
for _name, (_res, _args) in SIGNATURES.items():
    _f = lib[_name]  # a function object of this module's own
    _f.restype, _f.argtypes = _res, _args
    _fn[_name] = _f

SquareSet = FrozenSet[int]


def squares(bitboard: int) -> SquareSet:
    """The squares of a bitboard (bit sq set for square sq)."""
    return frozenset(sq for sq in range(SQUARE_COUNT) if bitboard >> sq & 1)


def bits(squares_: SquareSet) -> int:
    """The bitboard of a set of squares."""
    return sum(1 << square(sq) for sq in squares_)


class ReachMixin:
    """Attack-map queries; only read the game."""

    __slots__ = ()

    def _call(self, name: str, what: str, *args: Any) -> int:
        game: Any = self
        g = game._enter()
        try:
            rc = _fn[name](g, *args)
        finally:
            game._lock.release()
        if rc < 0:
            fail(rc, what)
        return int(rc)

    def pieces(self, color: ColorLike) -> Tuple[Optional[int], SquareSet]:
        """(Damyo square or None, Ronin squares) of color."""
        d, r = _u64(), _u64()
        self._call("mana_pieces", "list the pieces", int(to_color(color)),
                   ctypes.byref(d), ctypes.byref(r))
        damyo = squares(d.value)
        return (min(damyo) if damyo else None), squares(r.value)

    def piece_reach(self, sq: Square) -> SquareSet:
        """Where the piece on sq could step, the Mana ignored (docs/rules.md
        "Moving").  ManaError EINVAL for an empty square."""
        ends = _u64()
        self._call("mana_piece_reach", "find a piece's reach", square(sq), ctypes.byref(ends))
        return squares(ends.value)

    def reach_maps(self, color: ColorLike) -> Tuple[SquareSet, SquareSet, SquareSet]:
        """color's attack maps by mark count: element k - 1 is the union of
        the reach of its pieces standing on k-mark squares (k = 1..3)."""
        maps = (_u64 * 3)()
        self._call("mana_reach_maps", "compute the attack maps", int(to_color(color)),
                   maps)
        return squares(maps[0]), squares(maps[1]), squares(maps[2])

    def reach_steps(self, color: ColorLike) -> Tuple[Tuple[SquareSet, SquareSet, SquareSet],
                                                      Tuple[int, int, int], int]:
        """(maps, steps, Damyo steps) of color in one call: maps as
        reach_maps gives them; steps[k - 1] the number of steps (one per
        piece and end square, 0..216) of its pieces on k-mark squares, the
        moves Mana k would give them, the exception aside; and the number
        of its Damyo's ends (0..36; 0 without a Damyo on the board)."""
        maps, steps, damyo = (_u64 * 3)(), (ctypes.c_int * 3)(), ctypes.c_int()
        self._call("mana_reach_steps", "count the steps of the attack maps",
                   int(to_color(color)), maps, steps, ctypes.byref(damyo))
        return ((squares(maps[0]), squares(maps[1]), squares(maps[2])),
                (int(steps[0]), int(steps[1]), int(steps[2])), int(damyo.value))

    def reach_under(self, color: ColorLike, mana: IntLike) -> Tuple[int, SquareSet, SquareSet]:
        """(move count, step end squares, re-entry squares) color would have
        if it were to move under Mana mark count mana (0..3; 0: none yet).
        ManaError ESTATE during setup."""
        steps, drops = _u64(), _u64()
        m = check_arg(mana, "Mana mark count", 0, 3, "read a Mana mark count")
        n = self._call("mana_reach_under", "compute the moves under a Mana",
                       int(to_color(color)), m,
                       ctypes.byref(steps), ctypes.byref(drops))
        return n, squares(steps.value), squares(drops.value)

    def damyo_capturable(self) -> bool:
        """True if the side to move can capture the enemy Damyo now."""
        return self._call("mana_damyo_capturable", "look for a Damyo capture") == 1

    def damyo_threats(self, mana: IntLike) -> List[Tuple[int, int]]:
        """The (attacker square, Damyo square) steps with which the opponent
        would capture the side to move's Damyo under Mana mark count mana
        (0..3), by attacker square.  ManaError ESTATE during setup."""
        m = check_arg(mana, "Mana mark count", 0, 3, "read a Mana mark count")
        out = (ctypes.c_uint32 * 8)()
        n = self._call("mana_damyo_threats", "find the Damyo threats", m, out, 8)
        return [(out[i] & 63, (out[i] >> 6) & 63) for i in range(n)]
