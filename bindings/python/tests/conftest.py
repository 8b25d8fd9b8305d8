# SPDX-License-Identifier: MIT
"""Shared data and helpers of the package's tests.

The tests import the installed `mana` package (make check installs the
build into a venv first; CI installs the wheel).  Files of the repository
(include/mana.h, tests/exports.txt, tests/data/perft.txt) are found from this
file's place in it.
"""

import os
from typing import Any, List, Optional, Tuple

import pytest

import mana

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
START = "rrdrrr/6/6/6/6/RRRDRR b - 0"

# perft.txt (docs/rules.md "Perft") at depths 1-3, the table tests/check_perft.c
# also copies: (mfn, blocked, [perft(1), perft(2), perft(3)]).
# test_table_matches_perft_txt checks it against the file when present.
PERFT = [
    ("rrdrrr/6/6/6/6/RRRDRR b - 0", "pass", [16, 66, 421]),
    ("6/rdrrrr/6/6/RRRRDR/6 b - 2", "pass", [22, 255, 1626]),
    ("rrrdrr/6/6/6/6/RRRDRR b - 3", "pass", [16, 56, 261]),
    ("5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", "pass", [1, 12, 102]),
    ("2d3/6/2R1r1/1r4/3D2/6 b 3 3", "pass", [42, 754, 17239]),
    ("4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0", "pass", [6, 114, 1739]),
    ("Rrr2r/D3R1/1R1d1R/rrR3/6/6 w 3 0", "pass", [17, 196, 2038]),
    ("d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1", "pass", [9, 483, 7206]),
    ("r4r/3R2/3r1r/1d2Dr/RR4/4R1 w 3 1", "pass", [24, 169, 3396]),
    ("4rr/r1r3/6/3d2/RR2r1/RR2DR w 3 1", "pass", [11, 49, 151]),
    ("4dr/1R4/r2rR1/3rr1/1R4/D3R1 b 3 0", "pass", [16, 334, 2921]),
    ("2r3/2r2r/dR2r1/R1r2R/1R2D1/3R2 w 1 0", "pass", [8, 145, 1651]),
    ("r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1", "pass", [19, 85, 719]),
    ("3r2/r2RRd/6/6/3Dr1/3R1r b 3 2", "pass", [7, 115, 4053]),
    ("2R3/1R1r2/Rr1R1r/6/1rDd2/2R3 w 1 0", "pass", [31, 513, 6925]),
    ("2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2", "pass", [12, 78, 572]),
    ("1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2", "pass", [23, 534, 5162]),
    ("5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", "draw", [0, 0, 0]),
]


def perft_file() -> Optional[str]:
    """perft.txt: $MANA_PERFT_FILE, or the repository's tests/data/perft.txt."""
    for path in (os.environ.get("MANA_PERFT_FILE"),
                 os.path.join(REPO, "tests", "data", "perft.txt")):
        if path and os.path.exists(path):
            return path
    return None


def python_perft(game: mana.Game, depth: int) -> int:
    """perft walked in Python through legal_move_values/play/undo."""
    if depth == 0:
        return 1
    total = 0
    for m in game.legal_move_values():
        game.play(m)
        total += python_perft(game, depth - 1)
        game.undo()
    return total


def snapshot(game: mana.Game) -> Tuple[Any, ...]:
    """Everything a failed call must leave as it was."""
    try:
        position: Optional[str] = game.position
    except mana.ManaError:
        position = None
    return (position, game.hash, game.status, game.side_to_move, game.mana,
            game.history_values(), game.legal_move_values())


def moves_text(moves: List[mana.Move]) -> List[str]:
    return [str(m) for m in moves]


@pytest.fixture
def start() -> Any:
    with mana.Game(position=START) as g:
        yield g


def library_has_bots() -> bool:
    """Whether the libmana this run loads carries libmana-bots: the
    package's own library does; a plain libmana named by MANA_LIBRARY
    (.ci/install-check.sh runs the suite against the installed one) has
    none, and mana.Bot then raises LibraryError."""
    try:
        mana.Bot("random").close()
    except mana.LibraryError:
        return False
    return True


NEEDS_BOTS = pytest.mark.skipif(
    not library_has_bots(),
    reason="the libmana loaded (MANA_LIBRARY) has no bots: libmana-bots is in the package's own library")
