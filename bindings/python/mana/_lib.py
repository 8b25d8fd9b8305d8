# SPDX-License-Identifier: MIT
"""Loading libmana and declaring its functions (private).

The library is found in exactly one place, never by a search:

1. the file named by the environment variable ``MANA_LIBRARY`` (a path:
   an installed ``/usr/local/lib/libmana.so.0`` for instance), when set;
2. otherwise ``_libmana.so`` next to this file (``_libmana.dll`` on
   Windows), the copy the wheel carries.

``ctypes.util.find_library`` and the system loader's search path are never
used: Debian's RDMA package ibverbs-providers installs an unrelated
``libmana.so.1`` that such a search finds.  The file loaded must export
every ``mana_*`` function this package declares and report a version whose
major number is the package's, else :class:`LibraryError` says which file was
wrong and why.
"""

import ctypes
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple

from ._version import __version__

_HERE = os.path.dirname(os.path.abspath(__file__))
BUNDLED = os.path.join(_HERE, "_libmana.dll" if sys.platform == "win32" else "_libmana.so")


class LibraryError(ImportError):
    """The library found is not a usable libmana (missing, foreign, or of
    another major version)."""


_p = ctypes.c_void_p  # every mana_game * is passed as a plain address
_int = ctypes.c_int
_u32 = ctypes.c_uint32
_u64 = ctypes.c_uint64
_size = ctypes.c_size_t
_str = ctypes.c_char_p
# Caller-owned buffers (char and mana_move arrays) are passed by address:
# converting a plain int is the cheapest argument ctypes has.
_buf = ctypes.c_void_p
_pint = ctypes.POINTER(_int)
_pu32 = ctypes.POINTER(_u32)
_pu64 = ctypes.POINTER(_u64)

# name -> (restype, argtypes), as declared in include/mana.h.
REQUIRED: Dict[str, Tuple[Any, List[Any]]] = {
    "mana_new": (_p, [_int]),
    "mana_free": (None, [_p]),
    "mana_clone": (_p, [_p]),
    "mana_set_option": (_int, [_p, _int, _int]),
    "mana_get_option": (_int, [_p, _int, _pint]),
    "mana_set_position": (_int, [_p, _str]),
    "mana_get_position": (_int, [_p, _buf, _size]),
    "mana_legal_moves": (_int, [_p, _buf, _int]),
    "mana_is_legal": (_int, [_p, _u32]),
    "mana_play": (_int, [_p, _u32]),
    "mana_play_str": (_int, [_p, _str]),
    "mana_undo": (_int, [_p]),
    "mana_history": (_int, [_p, _buf, _int]),
    "mana_move_parse": (_int, [_p, _str, _pu32]),
    "mana_move_format": (_int, [_p, _u32, _buf, _size]),
    "mana_status": (_int, [_p]),
    "mana_side_to_move": (_int, [_p]),
    "mana_piece_at": (_int, [_p, _int]),
    "mana_marks_at": (_int, [_p, _int]),
    "mana_orientation": (_int, [_p]),
    "mana_mana": (_int, [_p]),
    "mana_binding": (_int, [_p]),
    "mana_mana_square": (_int, [_p]),
    "mana_reserve": (_int, [_p, _int]),
    "mana_hash": (_u64, [_p]),
    "mana_setup_random": (_int, [_p, _u64]),
    "mana_perft": (_int, [_p, _int, _pu64]),
    "mana_strerror": (_str, [_int]),
    "mana_error_detail": (_str, []),
    "mana_version": (_str, []),
    "mana_svg": (_int, [_p, _int, ctypes.c_uint, _buf, _size]),
    "mana_board_text": (_int, [_p, ctypes.c_uint, _buf, _size]),
    "mana_end_text": (_int, [_p, _buf, _size]),
    "mana_end_reason": (_int, [_p]),
    "mana_history_format": (_int, [_p, _buf, _size]),
    "mana_record_headers_init": (_int, [_p, _int]),
    "mana_record_tag_set": (_int, [_p, _str, _str]),
    "mana_record_write": (_int, [_p, _p, _buf, _size]),
    "mana_record_read": (_int, [_p, _str, _size, ctypes.POINTER(_size), _p]),
    "mana_option_name": (_str, [_int]),
    "mana_option_format": (_int, [_int, _int, _buf, _size]),
    "mana_option_values": (_str, [_int]),
    "mana_option_parse": (_int, [_str, _str, _pint, _pint]),
    "mana_copy": (_int, [_p, _p]),
}

# Functions newer libraries add; the package works without them and says
# so when a feature needing one is used.
OPTIONAL: Dict[str, Tuple[Any, List[Any]]] = {
    "mana_error_name": (_str, [_int]),
    "mana_option_bounds": (_int, [_int, _pint, _pint]),
    "mana_square_name": (_int, [_int, _buf, _size]),
    "mana_square_parse": (_int, [_str]),
    "mana_result_text": (_str, [_int]),
    "mana_result_parse": (_int, [_str]),
}


def _declare(lib: ctypes.CDLL, table: Dict[str, Tuple[Any, List[Any]]],
             required: bool) -> List[str]:
    missing = []
    for name, (restype, argtypes) in table.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            missing.append(name)
            continue
        fn.restype = restype
        fn.argtypes = argtypes
    return missing if required else []


def library_path() -> str:
    """The path of the libmana file this package uses (see the module doc)."""
    return os.environ.get("MANA_LIBRARY") or BUNDLED


def load(path: str) -> ctypes.CDLL:
    """Loads path and checks that it is libmana of this package's major
    version.  Raises LibraryError otherwise."""
    if os.sep not in path:
        raise LibraryError(
            "MANA_LIBRARY=%r: give a path (with a '/'), not a name the "
            "system loader would search for" % path)
    try:
        lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
    except OSError as e:
        raise LibraryError("cannot load libmana from %s: %s" % (path, e)) from None
    missing = _declare(lib, REQUIRED, True)
    if missing:
        raise LibraryError(
            "%s is not libmana (or too old a libmana): it lacks %s"
            % (path, ", ".join(missing)))
    _declare(lib, OPTIONAL, False)
    found = lib.mana_version().decode("ascii", "replace")
    if found.split(".")[0] != __version__.split(".")[0]:
        raise LibraryError("%s is libmana %s; this package (mana %s) needs major "
                           "version %s" % (path, found, __version__,
                                           __version__.split(".")[0]))
    return lib


lib = load(library_path())


def optional(name: str) -> Optional[Callable[..., Any]]:
    """The library's function name if it has it, else None."""
    fn = getattr(lib, name, None) if name in OPTIONAL else None
    return fn
