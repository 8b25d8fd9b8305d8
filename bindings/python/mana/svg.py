# SPDX-License-Identifier: MIT
"""Board pictures: SVG drawn by the library (mana_svg), one implementation
shared with C and mana-cli.

    >>> import mana, mana.svg
    >>> picture = mana.svg.board(mana.Game(), size=320, flipped=True)

In a notebook a Game displays itself through ``game._repr_svg_()``.
"""

import ctypes
from typing import SupportsIndex

from ._gamelike import GameLike, need_game
from ._errors import fail, need_int, refused
from ._lib import lib


FLIPPED = 1  # MANA_SVG_FLIPPED
NO_COORDINATES = 2  # MANA_SVG_NO_COORDINATES
NO_LAST_MOVE = 4  # MANA_SVG_NO_LAST_MOVE
NO_MANA = 8  # MANA_SVG_NO_MANA
NO_CAPTION = 16  # MANA_SVG_NO_CAPTION

WIDTH_NATURAL = 440  # MANA_SVG_WIDTH_NATURAL: the width of size 0
WIDTH_MIN = 64  # MANA_SVG_WIDTH_MIN
WIDTH_MAX = 8192  # MANA_SVG_WIDTH_MAX
SIZES = "0 or %d..%d" % (WIDTH_MIN, WIDTH_MAX)  # widths mana_svg accepts

_svg = lib.mana_svg


def board(game: GameLike, size: SupportsIndex = 0, *, flipped: bool = False,
          coordinates: bool = True, last_move: bool = True, mana: bool = True,
          caption: bool = True) -> str:
    """The SVG image (text) of game's position, drawn by libmana.

    size         width in pixels: 0 for the natural 440, else 64..8192
    flipped      Black's side at the bottom (rank 6 down)
    coordinates  file letters and rank numbers
    last_move    the last move's squares tinted
    mana         the Mana's mark count tinted and the Mana on its square
    caption      side to move or result, Mana, reserves

    Raises mana.ManaRangeError (ManaError EINVAL, ValueError) for a size
    out of range, whatever its size (ManaOverflowError, also an
    OverflowError, when no C int holds it); TypeError for a size that is
    not an int (bool included).
    """
    game = need_game(game, "draw the board as SVG")
    width = need_int(size, "SVG size")
    if width != 0 and not WIDTH_MIN <= width <= WIDTH_MAX:
        raise refused(width, "SVG size", SIZES, "draw the board as SVG")
    flags = ((FLIPPED if flipped else 0) | (0 if coordinates else NO_COORDINATES)
             | (0 if last_move else NO_LAST_MOVE) | (0 if mana else NO_MANA)
             | (0 if caption else NO_CAPTION))
    g = game._enter()
    try:
        n = _svg(g, width, flags, None, 0)  # the size, then the drawing
        if n >= 0:
            buf = ctypes.create_string_buffer(n + 1)
            n = _svg(g, width, flags, ctypes.addressof(buf), n + 1)
    finally:
        game._lock.release()
    if n < 0:
        fail(n, "draw the board as SVG")
    return buf.raw[:n].decode("utf-8")
