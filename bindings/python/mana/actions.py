# SPDX-License-Identifier: MIT
"""Action ids, legal-action masks and observations (libmana's numbering).

Every move has one action id in ``0 .. ACTION_COUNT - 1`` (941), relative
to the side to move (Black's squares turned half a turn, ``sq -> 35 - sq``);
the numbering is libmana's, pinned in mana.h and mana_legal_action_mask(3):

    0 .. 863    a step: 24 * from' + k (k: one of 24 offsets 1..3 away)
    864 .. 899  ACTION_RONIN + to'  (Ronin placement or re-entry)
    900 .. 935  ACTION_DAMYO + to'  (Damyo placement)
    936 .. 939  ACTION_ORIENT + (k + 2) % 4  (Black chooses orientation k)
    940         ACTION_PASS

An observation is ``OBSERVATION_SHAPE`` = (12, 6, 6) uint8 planes, index
[plane][rank][file] (plane order in mana.h / mana_observation(3)): 0/1 A's
Damyo/Ronins, 2/3 B's, 4..6 squares with 1/2/3 marks, 7 squares of the
Mana's count, 8 Black to move, 9/10 A's/B's reserve (0..5), 11 setup.
A and B are White and Black, or with ``side_to_move=True`` the side to
move and the other, the board turned for Black as the action ids are.

With numpy installed, masks and observations are numpy uint8 arrays, and
an ``out=`` array of the right shape (C-contiguous uint8) is filled in
place with no copy; without numpy they are ``bytes`` (flat, the same
order) and ``out=`` may be a ``bytearray``.

Symmetries: computed from the mark tables, no turn or mirror keeps an
orientation's marks in place and no mirror image is an orientation, so the
exact symmetries are the half turn with colours swapped (the relative view
itself) and, in play only, quarter turns of the board (orientation k to
k + 1): ``transform_action(a, turns)`` maps ids and
``transform_observation(obs, turns)`` the planes.
"""

import ctypes
from typing import Any, Optional, SupportsIndex

from ._errors import check_arg, fail
from ._lib import lib
from ._types import FILE_NAMES, RANK_NAMES, SQUARE_COUNT

try:
    import numpy as _np
    HAVE_NUMPY = True
except ImportError:  # pragma: no cover - numpy is optional
    _np = None  # type: ignore[assignment]
    HAVE_NUMPY = False

ACTION_COUNT = 941
ACTION_STEP = 0
ACTION_RONIN = 864
ACTION_DAMYO = 900
ACTION_ORIENT = 936
ACTION_PASS = 940
OBS_PLANES = 12
OBSERVATION_SHAPE = (OBS_PLANES, len(RANK_NAMES), len(FILE_NAMES))
OBSERVATION_SIZE = OBS_PLANES * SQUARE_COUNT
OBS_ABSOLUTE = 0
OBS_SIDE_TO_MOVE = 1
BATCH_RANDOM_SETUP = 1  # MANA_BATCH_RANDOM_SETUP: resets complete the setup
BATCH_RUNNING = 0  # MANA_BATCH_RUNNING
BATCH_TERMINATED = 1  # MANA_BATCH_TERMINATED: won, lost or drawn by the rules
BATCH_TRUNCATED = 2  # MANA_BATCH_TRUNCATED: drawn by the ply-limit option

_p = ctypes.c_void_p
_int = ctypes.c_int
_SIGNATURES = {
    "mana_move_to_action": (_int, [_p, ctypes.c_uint32]),
    "mana_action_to_move": (_int, [_p, _int, ctypes.POINTER(ctypes.c_uint32)]),
    "mana_legal_action_mask": (_int, [_p, _p, ctypes.c_size_t]),
    "mana_action_transform": (_int, [_int, _int]),
    "mana_observation": (_int, [_p, _int, _p, ctypes.c_size_t]),
    "mana_board": (_int, [_p, _p, ctypes.c_size_t]),
    "mana_batch_new": (_p, [_p, _int, ctypes.c_uint64, _int]),
    "mana_batch_free": (None, [_p]),
    "mana_batch_size": (_int, [_p]),
    "mana_batch_game": (_p, [_p, _int]),
    "mana_batch_reset": (_int, [_p, ctypes.c_uint64]),
    "mana_batch_observe": (_int, [_p, _int, _p, _p]),
    "mana_batch_step": (_int, [_p, _p, _int, _p, _p, _p, _p]),
    "mana_batch_playout": (_int, [_p, _p, _p]),
}


def _declare() -> None:
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(lib, name, None)
        if fn is not None:
            fn.restype = restype
            fn.argtypes = argtypes


_declare()


def c_function(name: str) -> Any:
    """The library's function name; ManaError ESTATE-like RuntimeError if
    the libmana loaded (MANA_LIBRARY) is too old to have it."""
    fn = getattr(lib, name, None)
    if fn is None:
        raise RuntimeError("the libmana loaded lacks %s (action ids need libmana "
                           ">= the version with mana_legal_action_mask)" % name)
    return fn


def buffer_address(out: Any, size: int, shape: Any, what: str) -> int:
    """The address of out's memory, after checking that it is a writable
    C-contiguous uint8 buffer of size bytes (numpy array of shape shape or
    flat, bytearray, or a ctypes array)."""
    if HAVE_NUMPY and isinstance(out, _np.ndarray):
        if out.dtype != _np.uint8 or not out.flags.c_contiguous or not out.flags.writeable:
            raise ValueError("%s: out must be a writable C-contiguous uint8 array" % what)
        if out.size != size:
            raise ValueError("%s: out has %d elements, %d needed (shape %s)"
                             % (what, out.size, size, shape))
        return int(out.ctypes.data)
    if isinstance(out, bytearray):
        if len(out) != size:
            raise ValueError("%s: out has %d bytes, %d needed" % (what, len(out), size))
        return ctypes.addressof((ctypes.c_char * size).from_buffer(out))
    raise TypeError("%s: out must be a numpy uint8 array or a bytearray" % what)


def new_buffer(size: int, shape: Any) -> Any:
    """A zeroed uint8 array of shape (numpy) or a bytearray of size bytes."""
    if HAVE_NUMPY:
        return _np.zeros(shape, dtype=_np.uint8)
    return bytearray(size)


def finish(buf: Any) -> Any:
    """What a function returns for a buffer it made: the numpy array, or
    bytes without numpy."""
    return buf if HAVE_NUMPY else bytes(buf)


def legal_action_mask(g: int, out: Any = None) -> Any:
    """The mask of the game at address g (see Game.legal_action_mask)."""
    buf = new_buffer(ACTION_COUNT, (ACTION_COUNT,)) if out is None else out
    addr = buffer_address(buf, ACTION_COUNT, (ACTION_COUNT,), "legal_action_mask")
    rc = c_function("mana_legal_action_mask")(g, addr, ACTION_COUNT)
    if rc < 0:
        fail(rc, "write the legal-action mask")
    return finish(buf) if out is None else out


def observation(g: int, side_to_move: bool, out: Any = None) -> Any:
    """The observation of the game at address g (see Game.observation)."""
    buf = new_buffer(OBSERVATION_SIZE, OBSERVATION_SHAPE) if out is None else out
    addr = buffer_address(buf, OBSERVATION_SIZE, OBSERVATION_SHAPE, "observation")
    flags = OBS_SIDE_TO_MOVE if side_to_move else OBS_ABSOLUTE
    rc = c_function("mana_observation")(g, flags, addr, OBSERVATION_SIZE)
    if rc < 0:
        fail(rc, "write the observation")
    return finish(buf) if out is None else out


def move_value(g: int, action: SupportsIndex) -> int:
    """The mana_move value of action id action in the game at address g
    (legal or not); ManaError EINVAL for an id out of range or off the
    board."""
    a = check_arg(action, "action id", 0, ACTION_COUNT - 1, "read an action id")
    out = ctypes.c_uint32()
    rc = c_function("mana_action_to_move")(g, a, ctypes.byref(out))
    if rc < 0:
        fail(rc, "convert action %d to a move" % a)
    return int(out.value)


def action_of(g: int, value: int) -> int:
    """The action id of the mana_move value in the game at address g."""
    rc = c_function("mana_move_to_action")(g, value)
    if rc < 0:
        fail(rc, "convert move %d to an action id" % value)
    return int(rc)


def board(g: int) -> str:
    """The 36 squares of the game at address g, a1 first: "D", "R", "d",
    "r" or "." for an empty square (one library call)."""
    buf = ctypes.create_string_buffer(SQUARE_COUNT)
    rc = c_function("mana_board")(g, ctypes.addressof(buf), SQUARE_COUNT)
    if rc < 0:
        fail(rc, "read the board")
    return buf.raw.replace(b"\0", b".").decode("ascii")


def transform_action(action: SupportsIndex, quarter_turns: SupportsIndex) -> int:
    """The id of action after quarter_turns (0..3) clockwise quarter turns
    of the board (see the module docstring for when that is a symmetry of
    the rules).  ManaError EINVAL for an id out of range or off the board
    or quarter_turns outside 0..3."""
    a = check_arg(action, "action id", 0, ACTION_COUNT - 1, "read an action id")
    t = check_arg(quarter_turns, "quarter_turns", 0, 3, "turn the board")
    rc = c_function("mana_action_transform")(a, t)
    if rc < 0:
        fail(rc, "transform action %d" % a)
    return int(rc)


def transform_observation(obs: Any, quarter_turns: SupportsIndex) -> Any:
    """obs (numpy, shape (..., 12, 6, 6)) turned quarter_turns clockwise,
    matching transform_action (needs numpy)."""
    if not HAVE_NUMPY:
        raise RuntimeError("transform_observation needs numpy")
    t = check_arg(quarter_turns, "quarter_turns", 0, 3, "turn the board")
    # (file, rank) -> (rank, 5 - file): new[r'][f'] = old[f'][5 - r'] with
    # [rank][file] indexing, which is numpy.rot90 over axes (rank, file)
    return _np.ascontiguousarray(_np.rot90(obs, t, axes=(-2, -1)))
