# SPDX-License-Identifier: MIT
"""mana - play Mana from Python through libmana, with ctypes only.

    >>> import mana
    >>> with mana.Game(position="rrdrrr/6/6/6/6/RRRDRR b - 0") as g:
    ...     g.play("a6-a4")
    ...     len(g.legal_moves()), g.status, g.perft(2)

Every rule lives in libmana: this module only converts arguments and
results.  A failing call raises ManaError carrying the library's error code
and its detail message (mana_error_detail), and leaves the game unchanged.

The library is looked for, in this order:
  1. the file named by the environment variable MANA_LIBRARY (and only it);
  2. ../../build/libmana.so.MAJOR from this file, i.e. in the build tree;
  3. ctypes.util.find_library("mana"), then the system loader (ld.so.cache,
     LD_LIBRARY_PATH, the default directories) asked for libmana.so.MAJOR.
The library loaded must have the major version ABI_MAJOR.
"""

import ctypes
import ctypes.util
import enum
import os

__all__ = [
    "ABI_MAJOR", "Color", "Game", "ManaError", "Status", "library_path",
    "square", "square_name", "strerror", "version",
]

ABI_MAJOR = 0  # the soname major (libmana.so.0) this binding is written for
SONAME = "libmana.so.%d" % ABI_MAJOR
MAX_MOVES = 128  # MANA_MAX_MOVES
MFN_MAX = 47  # MANA_MFN_MAX
MOVE_TEXT_MAX = 5  # MANA_MOVE_TEXT_MAX

# MANA_ERROR_LIST: pinned values, never renumbered.
OK = 0
EINVAL = -1
EILLEGAL = -2
EPARSE = -3
EOVER = -4
ENOHISTORY = -5
ENOMEM = -6
ESPACE = -7
ESTATE = -8
ERROR_NAMES = {
    OK: "MANA_OK", EINVAL: "MANA_EINVAL", EILLEGAL: "MANA_EILLEGAL",
    EPARSE: "MANA_EPARSE", EOVER: "MANA_EOVER",
    ENOHISTORY: "MANA_ENOHISTORY", ENOMEM: "MANA_ENOMEM",
    ESPACE: "MANA_ESPACE", ESTATE: "MANA_ESTATE",
}

PRESETS = {"jactalea": 0, "cosmoludo": 1}  # enum mana_preset


class Status(enum.IntEnum):
    """enum mana_status."""
    SETUP = 0
    PLAYING = 1
    WHITE_WON = 2
    BLACK_WON = 3
    DRAWN = 4


class Color(enum.IntEnum):
    """enum mana_color.  Black moves first."""
    WHITE = 0
    BLACK = 1


# Rule options: keyword name -> (enum mana_option, {word: value}).  Integers
# (and booleans) are passed to the library as they are; it checks ranges.
OPTIONS = {
    "orientation": (0, {"chosen": -1}),
    "setup_area": (1, {"two_ranks": 0, "back_rank": 1}),
    "damyo_on_double": (2, {}),
    "reentry": (3, {"any": 0, "mana_mark": 1}),
    "reentry_when_blocked": (4, {}),
    "blocked": (5, {"pass": 0, "draw": 1, "loss": 2}),
    "repetition": (6, {}),
    "ply_limit": (7, {}),
}


# ---- finding and loading the library ---------------------------------------

def library_candidates(environ=None, here=None):
    """Return the names to try loading, in order (see the module doc)."""
    environ = os.environ if environ is None else environ
    here = os.path.dirname(os.path.abspath(__file__)) if here is None else here
    explicit = environ.get("MANA_LIBRARY")
    if explicit:
        return [explicit]
    names = []
    build = os.path.normpath(os.path.join(here, "..", "..", "build", SONAME))
    if os.path.exists(build):
        names.append(build)
    found = ctypes.util.find_library("mana")
    if found:
        names.append(found)
    names.append(SONAME)
    return names


def _load():
    errors = []
    for name in library_candidates():
        try:
            lib = ctypes.CDLL(name)
        except OSError as e:
            errors.append("%s: %s" % (name, e))
            continue
        _declare(lib)
        loaded = lib.mana_version().decode()
        if loaded.split(".")[0] != str(ABI_MAJOR):
            errors.append("%s: version %s, not major %d" % (name, loaded, ABI_MAJOR))
            continue
        return lib, name
    raise OSError("mana.py: cannot load libmana (set MANA_LIBRARY to its path): "
                  + "; ".join(errors))


class _Game(ctypes.Structure):
    """The opaque struct mana_game; only pointers to it are used."""


_GameP = ctypes.POINTER(_Game)
_move = ctypes.c_uint32  # mana_move
_int = ctypes.c_int
_char_buf = ctypes.POINTER(ctypes.c_char)

# Every exported function: name -> (restype, argtypes), as in mana.h.
SIGNATURES = {
    "mana_new": (_GameP, [_int]),
    "mana_free": (None, [_GameP]),
    "mana_clone": (_GameP, [_GameP]),
    "mana_set_option": (_int, [_GameP, _int, _int]),
    "mana_get_option": (_int, [_GameP, _int, ctypes.POINTER(_int)]),
    "mana_set_position": (_int, [_GameP, ctypes.c_char_p]),
    "mana_get_position": (_int, [_GameP, _char_buf, ctypes.c_size_t]),
    "mana_legal_moves": (_int, [_GameP, ctypes.POINTER(_move), _int]),
    "mana_is_legal": (_int, [_GameP, _move]),
    "mana_play": (_int, [_GameP, _move]),
    "mana_play_str": (_int, [_GameP, ctypes.c_char_p]),
    "mana_undo": (_int, [_GameP]),
    "mana_history": (_int, [_GameP, ctypes.POINTER(_move), _int]),
    "mana_move_parse": (_int, [_GameP, ctypes.c_char_p, ctypes.POINTER(_move)]),
    "mana_move_format": (_int, [_GameP, _move, _char_buf, ctypes.c_size_t]),
    "mana_status": (_int, [_GameP]),
    "mana_side_to_move": (_int, [_GameP]),
    "mana_piece_at": (_int, [_GameP, _int]),
    "mana_marks_at": (_int, [_GameP, _int]),
    "mana_orientation": (_int, [_GameP]),
    "mana_mana": (_int, [_GameP]),
    "mana_reserve": (_int, [_GameP, _int]),
    "mana_hash": (ctypes.c_uint64, [_GameP]),
    "mana_setup_random": (_int, [_GameP, ctypes.c_uint64]),
    "mana_perft": (_int, [_GameP, _int, ctypes.POINTER(ctypes.c_uint64)]),
    "mana_strerror": (ctypes.c_char_p, [_int]),
    "mana_error_detail": (ctypes.c_char_p, []),
    "mana_version": (ctypes.c_char_p, []),
    "mana_pieces": (_int, [_GameP, _int, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64)]),
    "mana_piece_reach": (_int, [_GameP, _int, ctypes.POINTER(ctypes.c_uint64)]),
    "mana_reach_maps": (_int, [_GameP, _int, ctypes.POINTER(ctypes.c_uint64)]),
    "mana_reach_under": (_int, [_GameP, _int, _int, ctypes.POINTER(ctypes.c_uint64),
                                ctypes.POINTER(ctypes.c_uint64)]),
    "mana_damyo_capturable": (_int, [_GameP]),
    "mana_damyo_threats": (_int, [_GameP, _int, ctypes.POINTER(_move), _int]),
}


def _declare(lib):
    for name, (restype, argtypes) in SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


_lib, _path = _load()


def library_path():
    """The name the library was loaded from."""
    return _path


def version():
    """mana_version(): the version of the library loaded, "MAJOR.MINOR.PATCH"."""
    return _lib.mana_version().decode()


def strerror(code):
    """mana_strerror(code)."""
    return _lib.mana_strerror(code).decode()


# ---- errors -----------------------------------------------------------------

class ManaError(Exception):
    """A libmana call failed.

    code    the negative MANA_E* value (compare with mana.EILLEGAL, ...)
    name    its name, e.g. "MANA_EILLEGAL"
    message mana_strerror(code), e.g. "illegal move"
    detail  mana_error_detail(): why this call failed
    call    the libmana function that failed
    """

    def __init__(self, code, detail, call):
        self.code = code
        self.name = ERROR_NAMES.get(code, "MANA_E?")
        self.message = strerror(code)
        self.detail = detail
        self.call = call
        text = "%s: %s" % (call, self.message)
        if detail:
            text += " (%s)" % detail
        super().__init__(text)


def _detail():
    return _lib.mana_error_detail().decode(errors="replace")


def _check(rc, call):
    if rc < 0:
        raise ManaError(rc, _detail(), call)
    return rc


def _text(s, what):
    if not isinstance(s, str):
        raise TypeError("%s must be str, not %s" % (what, type(s).__name__))
    if "\0" in s:  # C would stop reading there and see another text
        raise ValueError("%s: embedded NUL character" % what)
    return s.encode()


def square(sq):
    """A square index 0..35 from "a1".."f6" (or an int, returned as is)."""
    if isinstance(sq, int):
        return sq
    if (isinstance(sq, str) and len(sq) == 2 and sq[0] in "abcdef"
            and sq[1] in "123456"):
        return 6 * (int(sq[1]) - 1) + "abcdef".index(sq[0])
    raise ValueError("not a square: %r (a1..f6 or 0..35)" % (sq,))


def square_name(sq):
    """"a1".."f6" for a square index 0..35."""
    if not 0 <= sq <= 35:
        raise ValueError("square index out of 0..35: %r" % (sq,))
    return "abcdef"[sq % 6] + str(sq // 6 + 1)


# ---- the game ---------------------------------------------------------------

class Game:
    """One game of Mana (a mana_game owned by this object).

    Game(preset="jactalea", position=None, **options)

    preset    "jactalea" or "cosmoludo" (or 0 / 1)
    position  an MFN string to start from instead of the setup
    options   rule options by name: orientation ("chosen" or 0..3),
              setup_area ("two_ranks" / "back_rank"), damyo_on_double
              (bool), reentry ("any" / "mana_mark"), reentry_when_blocked
              (bool), blocked ("pass" / "draw" / "loss"), repetition (0 or
              N >= 2), ply_limit (0 or N >= 1)

    The C object is freed exactly once: by close(), by leaving a "with"
    block, or when the Game is garbage-collected, whichever comes first.
    A closed game raises ValueError when used.
    """

    _free = staticmethod(_lib.mana_free)  # kept for __del__ at shutdown

    def __init__(self, preset="jactalea", position=None, **options):
        self._g = None
        for name in options:
            if name not in OPTIONS:
                raise TypeError("Game() got an unknown rule option %r" % name)
        preset_id = PRESETS.get(preset, preset) if isinstance(preset, str) else preset
        if isinstance(preset_id, str):
            raise ValueError("unknown preset %r (jactalea, cosmoludo)" % preset)
        g = _lib.mana_new(preset_id)
        if not g:
            code = EINVAL if preset_id not in PRESETS.values() else ENOMEM
            raise ManaError(code, _detail(), "mana_new")
        self._g = g
        try:
            for name, value in options.items():
                self.set_option(name, value)
            if position is not None:
                self.position = position
        except BaseException:
            self.close()
            raise

    @classmethod
    def _adopt(cls, g):
        game = cls.__new__(cls)
        game._g = g
        return game

    # -- lifetime --
    def close(self):
        """Free the C game now.  Safe to call more than once."""
        g, self._g = self._g, None
        if g:
            self._free(g)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        if getattr(self, "_g", None):
            self.close()

    @property
    def closed(self):
        return not self._g

    def _h(self):
        if not self._g:
            raise ValueError("operation on a closed mana.Game")
        return self._g

    def clone(self):
        """An independent deep copy (position, options, history)."""
        c = _lib.mana_clone(self._h())
        if not c:
            raise ManaError(ENOMEM, _detail(), "mana_clone")
        return Game._adopt(c)

    __copy__ = clone

    # -- options --
    def set_option(self, name, value):
        """Set a rule option by name (before the first move)."""
        if name not in OPTIONS:
            raise KeyError("unknown rule option %r" % name)
        opt, words = OPTIONS[name]
        if isinstance(value, str):
            if value not in words:
                raise ValueError("option %s: unknown value %r (%s)"
                                 % (name, value, ", ".join(words) or "an int"))
            value = words[value]
        _check(_lib.mana_set_option(self._h(), opt, int(value)), "mana_set_option")

    def get_option(self, name):
        """The option's value as an int."""
        if name not in OPTIONS:
            raise KeyError("unknown rule option %r" % name)
        out = _int()
        _check(_lib.mana_get_option(self._h(), OPTIONS[name][0], ctypes.byref(out)),
               "mana_get_option")
        return out.value

    # -- position --
    @property
    def position(self):
        """The MFN of the current position (ManaError MANA_ESTATE in setup).
        Assigning an MFN string replaces the position and clears the history."""
        buf = ctypes.create_string_buffer(MFN_MAX + 1)
        n = _check(_lib.mana_get_position(self._h(), buf, len(buf)), "mana_get_position")
        return buf.raw[:n].decode()

    @position.setter
    def position(self, mfn):
        _check(_lib.mana_set_position(self._h(), _text(mfn, "position")),
               "mana_set_position")

    # -- moves --
    def _moves(self, fn, call):
        n = _check(fn(self._h(), None, 0), call)  # count, then fetch
        arr = (_move * max(n, 1))()
        n = _check(fn(self._h(), arr, len(arr)), call)
        return list(arr[:n])

    def legal_move_values(self):
        """The legal moves as mana_move integers, in the library's order."""
        return self._moves(_lib.mana_legal_moves, "mana_legal_moves")

    def legal_moves(self):
        """The legal moves as text ("b2-c4", "b2xc4", "R@c3", "O1", "pass")."""
        return [self.format(m) for m in self.legal_move_values()]

    def format(self, move):
        """The canonical text of a move legal now (an int mana_move)."""
        buf = ctypes.create_string_buffer(MOVE_TEXT_MAX + 1)
        n = _check(_lib.mana_move_format(self._h(), move, buf, len(buf)),
                   "mana_move_format")
        return buf.raw[:n].decode()

    def parse(self, text):
        """The mana_move integer of the legal move text names."""
        out = _move()
        _check(_lib.mana_move_parse(self._h(), _text(text, "move"), ctypes.byref(out)),
               "mana_move_parse")
        return out.value

    def is_legal(self, move):
        """True if move (text or int) is legal now."""
        if isinstance(move, str):
            try:
                self.parse(move)
            except ManaError as e:
                if e.code in (EPARSE, EILLEGAL, EOVER):
                    return False
                raise
            return True
        return _check(_lib.mana_is_legal(self._h(), move & 0xFFFFFFFF),
                      "mana_is_legal") == 1

    def play(self, move):
        """Play a move given as text ("b2-c4") or as a mana_move integer."""
        if isinstance(move, str):
            _check(_lib.mana_play_str(self._h(), _text(move, "move")), "mana_play_str")
        elif isinstance(move, int):
            _check(_lib.mana_play(self._h(), move & 0xFFFFFFFF), "mana_play")
        else:
            raise TypeError("a move is str or int, not %s" % type(move).__name__)

    def undo(self):
        """Take back the last move (ManaError MANA_ENOHISTORY if none)."""
        _check(_lib.mana_undo(self._h()), "mana_undo")

    def history_values(self):
        """The moves played since the start or the last position set, as ints."""
        return self._moves(_lib.mana_history, "mana_history")

    def history(self):
        """The moves played, as text.  Each move is formatted in the state
        before it was played, on a copy walked back to the start."""
        moves = self.history_values()
        with self.clone() as c:
            for _ in moves:
                c.undo()
            texts = []
            for m in moves:
                texts.append(c.format(m))
                c.play(m)
        return texts

    def setup_random(self, seed=0):
        """Complete the setup with random legal moves from a 64-bit seed."""
        _check(_lib.mana_setup_random(self._h(), seed & 0xFFFFFFFFFFFFFFFF),
               "mana_setup_random")

    def perft(self, depth):
        """The number of leaves of the legal-move tree depth plies deep."""
        out = ctypes.c_uint64()
        _check(_lib.mana_perft(self._h(), depth, ctypes.byref(out)), "mana_perft")
        return out.value

    # -- queries --
    @property
    def status(self):
        return Status(_check(_lib.mana_status(self._h()), "mana_status"))

    @property
    def side_to_move(self):
        return Color(_check(_lib.mana_side_to_move(self._h()), "mana_side_to_move"))

    @property
    def mana(self):
        """The Mana's mark count binding the side to move (0: none)."""
        return _check(_lib.mana_mana(self._h()), "mana_mana")

    @property
    def orientation(self):
        """0..3, or -1 while Black has not chosen it."""
        # MANA_EINVAL is also -1, but it only answers a NULL game.
        return _lib.mana_orientation(self._h())

    @property
    def hash(self):
        """The 64-bit Zobrist hash of the position."""
        return _lib.mana_hash(self._h())

    def piece_at(self, sq):
        """'D', 'R', 'd', 'r' or None, for a square "a1".."f6" or 0..35."""
        c = _check(_lib.mana_piece_at(self._h(), square(sq)), "mana_piece_at")
        return chr(c) if c else None

    def marks_at(self, sq):
        """The square's mark count 1..3 (0 while the orientation is open)."""
        return _check(_lib.mana_marks_at(self._h(), square(sq)), "mana_marks_at")

    def reserve(self, color):
        """How many captured Ronins color (Color.WHITE/BLACK) may re-enter."""
        return _check(_lib.mana_reserve(self._h(), int(color)), "mana_reserve")

    def __repr__(self):
        if not self._g:
            return "<mana.Game closed>"
        try:
            where = repr(self.position)
        except ManaError:
            where = "after %d setup moves" % len(self.history_values())
        return "<mana.Game %s %s>" % (self.status.name.lower(), where)
