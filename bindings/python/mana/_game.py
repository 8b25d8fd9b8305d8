# SPDX-License-Identifier: MIT
"""Game: one game of Mana, owned by a libmana mana_game (private module)."""

import array
import ctypes
import threading
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

from ._errors import (INT_MAX, INT_MIN, ManaError, ManaNoHistoryError, ErrorCode, check_arg, check_u64, fail_move,
                      check_u32, detail, fail, need_int, refused, to_c_text)
from ._lib import lib
from . import actions as _actions
from ._reach import ReachMixin
from ._move import Move, Snapshot, lazy_move, make_move
from ._gamelike import GameLike, MoveLike as MoveLike
from ._views import LegalMoves, Outcome
from ._record_write import write_record
from ._results import parse_result, result_text
from .svg import board as svg_board
from ._types import (FILE_NAMES, OPTION_WORDS, RANK_NAMES, Binding, Color, ColorLike, EndReason, Option,
                     OptionName, IntLike, OptionValue, Rules, Square, Status, parse_option, square)
from ._types import color as to_color

MAX_MOVES = 128  # MANA_MAX_MOVES
MFN_MAX = 47  # MANA_MFN_MAX
MOVE_TEXT_MAX = 5  # MANA_MOVE_TEXT_MAX

PresetLike = Union[str, int, Rules]

_new = lib.mana_new
_free = lib.mana_free
_clone = lib.mana_clone
_play = lib.mana_play
_play_str = lib.mana_play_str
_undo = lib.mana_undo
_legal = lib.mana_legal_moves
_fmt = lib.mana_move_format
_status = lib.mana_status
_hash = lib.mana_hash
_get_position = lib.mana_get_position
_history_format = lib.mana_history_format
_history = lib.mana_history
_board_text = lib.mana_board_text


_STATUS: Tuple[Status, ...] = tuple(Status)
_EMPTY_MOVES = bytes(4 * MAX_MOVES)


def _decode(raw: bytes) -> str:
    return raw.decode("ascii")


PRESET_RANGE = '"jactalea", "cosmoludo", Rules.JACTALEA, Rules.COSMOLUDO, 0 or 1'


def _preset_id(preset: PresetLike) -> int:
    if isinstance(preset, str):
        try:
            return int(Rules[preset.upper()])
        except KeyError:
            hint = "; an MFN goes in Game(position=...)" if "/" in preset else ""
            raise ValueError("unknown preset %r (%s)%s" % (preset, PRESET_RANGE, hint)) from None
    return check_arg(preset, "preset", 0, len(Rules) - 1, "create a game with preset %r"
                     % (preset,), PRESET_RANGE, PRESET_RANGE)


def _option_word(opt: Option, text: str) -> int:
    """The value of a rule option's word in the library's vocabulary
    ("back-rank", "mana-mark", "on", "400": mana_option_parse)."""
    option, value = ctypes.c_int(int(opt)), ctypes.c_int()
    rc = lib.mana_option_parse(None, to_c_text(text, "option value"), ctypes.byref(option),
                               ctypes.byref(value))
    if rc < 0:
        raise ValueError("option %s: unknown value %r (%s)" % (
            opt.name.lower(), text, option_values(opt)))
    return value.value


def option_values(option: OptionName) -> str:
    """The values a rule option accepts, in the library's words
    ("pass|draw|loss", "0|2..1000000": mana_option_values)."""
    opt, _ = parse_option(option)
    return str(lib.mana_option_values(int(opt)).decode("ascii"))


_FLAGS = (Option.DAMYO_ON_DOUBLE, Option.REENTRY_WHEN_BLOCKED)


def _numbers(tokens: List[str]) -> List[Tuple[int, int]]:
    """The int ranges of the library's value tokens ("0", "2..1000000"),
    runs of consecutive ints merged (0|1|2|3 is 0..3)."""
    spans: List[Tuple[int, int]] = []
    for t in tokens:
        lo, _, hi = t.partition("..")
        a, b = int(lo), int(hi or lo)
        if spans and spans[-1][1] + 1 == a:
            a = spans.pop()[0]
        spans.append((a, b))
    return spans


def python_values(option: OptionName) -> str:
    """What Game(**options) and set_option accept for a rule option, in
    Python's words, from the library's list (mana_option_values):
    '"chosen" or 0..3', '0 or 2..1000000', '"pass", "draw" or "loss"
    (or 0..2)', 'True or False ("on" / "off", 1 / 0)'."""
    opt, _ = parse_option(option)
    if opt in _FLAGS:
        return 'True or False ("on" / "off", 1 / 0)'
    tokens = option_values(opt).split("|")
    words = [t for t in tokens if not t[:1].isdigit()]
    spans = _numbers([t for t in tokens if t[:1].isdigit()])
    suffix = ""
    if not spans:  # words only: their numbers are accepted too
        suffix = " (or %s)" % _spans_text(_numbers(sorted(
            str(_option_word(opt, w)) for w in words)))
    parts = ['"%s"' % w.replace("-", "_") for w in words]
    parts += ["%d" % a if a == b else "%d..%d" % (a, b) for a, b in spans]
    return _alternatives(parts) + suffix


def _spans_text(spans: List[Tuple[int, int]]) -> str:
    return _alternatives(["%d" % a if a == b else "%d..%d" % (a, b) for a, b in spans])


def _alternatives(parts: List[str]) -> str:
    return parts[0] if len(parts) == 1 else "%s or %s" % (", ".join(parts[:-1]), parts[-1])


def _in_range(opt: Option, value: int) -> bool:
    """Whether the library accepts value for opt (mana_option_format
    answers for every value of the option's range, and only those)."""
    if not INT_MIN <= value <= INT_MAX:
        return False
    buf = ctypes.create_string_buffer(16)
    return bool(lib.mana_option_format(int(opt), value, ctypes.addressof(buf), 16) >= 0)


def option_value(opt: Option, words: Dict[str, int], value: OptionValue) -> int:
    """The library's int for a rule option value given as a word, a bool
    (on/off options) or an int; TypeError / ValueError saying what Python
    accepts (python_values) for anything else, whatever its size."""
    name = opt.name.lower()
    if isinstance(value, str):
        return words[value] if value in words else _option_word(opt, value)
    if isinstance(value, bool) and opt in _FLAGS:
        return int(value)
    v = need_int(value, "option %s" % name, python_values(opt))
    if not _in_range(opt, v):
        raise refused(v, "option %s value" % name, python_values(opt),
                      "set option %s to %r" % (name, value))
    return v


PERFT_MAX = 64  # mana_perft's deepest depth
MOVE_ACCEPTED = "a Move, an int move value or a str in notation"


def _move_value(move: Any, what: str, accepted: str) -> int:
    """A move's value from a Move or an int (bool refused), checked to be
    a uint32_t; TypeError saying what is accepted otherwise."""
    if isinstance(move, Move):
        return move.value
    return check_u32(need_int(move, what, accepted), "move value")


def _busy() -> RuntimeError:
    return RuntimeError(
        "this mana.Game is being used by another thread: a Game belongs to "
        "one thread at a time (give each thread its own, e.g. game.clone())")



def check_option_words(options: Dict[str, Any], who: str) -> None:
    """TypeError, naming who ("Game()", "ManaEnv()"), for a keyword that is
    no rule option (the words of OPTION_WORDS)."""
    for name in options:
        if name not in OPTION_WORDS:
            raise TypeError("%s got an unexpected keyword argument %r (the rule options: %s)"
                            % (who, name, ", ".join(OPTION_WORDS)))

class Game(ReachMixin, GameLike):
    """One game of Mana: position, rule options, setup progress and history.

    ``Game(preset="jactalea", position=None, **options)``

    preset    "jactalea" or "cosmoludo" (or Rules.JACTALEA / Rules.COSMOLUDO)
    position  an MFN to start from (play phase) instead of the setup
    options   rule options by keyword: orientation ("chosen" or 0..3),
              setup_area ("two_ranks" / "back_rank"), damyo_on_double
              (bool), reentry ("any" / "mana_mark"), reentry_when_blocked
              (bool), blocked ("pass" / "draw" / "loss"), repetition (0 or
              2..1000000), ply_limit (0 or 1..1000000000)

    Errors: TypeError naming an unknown keyword argument, as any Python
    callable raises (set_option and get_option raise KeyError for an
    unknown option name), ValueError for an unknown word, TypeError for a value of the wrong type (bool only for the on/off
    options), ManaError (code EINVAL) naming the values accepted for a
    value out of range, whatever its size (also an OverflowError when no C
    int holds it).

    Equality and hashing are by position: two games are equal when their
    rule options, status and current position (the MFN; during setup, the
    setup moves played) are equal, whatever moves led there; ``hash(game)``
    is ``hash(game.hash)``, the library's 64-bit Zobrist hash.  It changes
    when the game is played on: do not mutate a Game used as a dict key or
    set member.

    ``copy.copy``, ``copy.deepcopy`` and ``clone()`` give an independent
    game with the same history; pickling stores the rules, the start (MFN
    or setup) and the moves, and replays them when loaded.

    python-chess's names work too: push(move), pop() and undo() (both
    return the Move taken back), peek(), legal_moves (a live view:
    iteration, len(), ``in``; ``legal_moves()`` gives the list), outcome()
    (an Outcome, or None while the game goes on), is_game_over(), copy(),
    turn (a Color), result(), move_stack.

    Integer arguments may be numpy integers or anything with __index__
    (bool and numpy.bool_ refused where a number is meant).

    Attack maps (the Mana ignored or given): pieces(color), piece_reach(sq),
    reach_maps(color), reach_under(color, mana), damyo_capturable(),
    damyo_threats(mana); square sets are frozensets of indices 0..35.

    Threads: a Game belongs to one thread at a time.  Using one Game from
    two threads at once raises RuntimeError instead of corrupting it.
    Different Games may be used in different threads freely; perft()
    releases the GIL (ctypes releases it during every library call).

    The C object is freed by close(), by leaving a ``with`` block, or when
    the Game is garbage-collected; a closed game raises ValueError.
    """

    __slots__ = ("_g", "_lock", "_buf", "_bufp", "_tbuf", "_tbufp", "_hist", "_preset",
                 "headers", "_declared", "__weakref__")

    def __init__(self, preset: PresetLike = "jactalea", position: Optional[str] = None,
                 **options: OptionValue) -> None:
        self._g: Optional[int] = None
        check_option_words(options, "Game()")
        pid = _preset_id(preset)
        parsed = [(parse_option(name), value) for name, value in options.items()]
        g = _new(pid)
        if not g:
            fail(ErrorCode.EINVAL if pid not in (0, 1) else ErrorCode.ENOMEM,
                 "create a game with preset %r" % (preset,))
        self._setup(g, Rules(pid))
        try:
            for (opt, words), value in parsed:
                self._set_option(opt, words, value)
            if position is not None:
                self.set_position(position)
        except BaseException:
            self.close()
            raise

    def _setup(self, g: int, preset: Rules) -> None:
        self._g = g
        self._lock = threading.Lock()
        # Per-game buffers, reused by every call (no allocation per call):
        # the legal moves (uint32 array) and text (MFN, move), by address.
        self._buf = array.array("I", _EMPTY_MOVES)
        self._bufp = self._buf.buffer_info()[0]
        self._tbuf = ctypes.create_string_buffer(MFN_MAX + 1)
        self._tbufp = ctypes.addressof(self._tbuf)
        self._hist = array.array("I", bytes(4 * 64))  # the history, for undo() (grows)
        self._preset = preset
        # Record tags (White, Black, Date, Event, ...): read_record fills
        # them, record() writes them.
        self.headers: Dict[str, str] = {}
        self._declared: Optional[str] = None

    @classmethod
    def _adopt(cls, g: int, preset: Rules, start: Optional[str] = None) -> "Game":
        """A Game owning the mana_game g (start: unused, the start
        position is read from g itself)."""
        game: Game = object.__new__(cls)
        game._setup(g, preset)
        return game

    # ---- lifetime ----------------------------------------------------------
    def close(self) -> None:
        """Frees the C game now.  Safe to call more than once."""
        g = getattr(self, "_g", None)
        if g:
            if not self._lock.acquire(False):
                raise _busy()
            self._g = None
            self._lock.release()
            _free(g)

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        g = getattr(self, "_g", None)
        if g:
            self._g = None
            _free(g)

    @property
    def closed(self) -> bool:
        """True once close() has freed the game."""
        return not self._g

    def _enter(self) -> int:
        """Takes this game's lock (or raises) and returns its pointer."""
        if not self._lock.acquire(False):
            raise _busy()
        g = self._g
        if not g:
            self._lock.release()
            raise ValueError("operation on a closed mana.Game")
        return g

    def clone(self) -> "Game":
        """An independent deep copy: position, options and history."""
        g = self._enter()
        try:
            c = _clone(g)
        finally:
            self._lock.release()
        if not c:
            fail(ErrorCode.ENOMEM, "copy a game")
        copy = Game._adopt(c, self._preset)
        copy.headers = dict(self.headers)
        copy._declared = self._declared
        return copy

    def copy_from(self, other: "Game") -> None:
        """Makes this game a copy of other (position, options, history,
        preset, headers) in place, with mana_copy: no allocation once this
        game has held a history as long, so a search can reuse one scratch
        game for every copy of its root.  other must not be used by another
        thread meanwhile."""
        if not isinstance(other, Game):
            raise TypeError("copy_from takes a mana.Game, not %s" % type(other).__name__)
        if other is self:
            return
        src = other._enter()
        try:
            dst = self._enter()
            try:
                rc = lib.mana_copy(dst, src)
            finally:
                self._lock.release()
        finally:
            other._lock.release()
        if rc < 0:
            fail(rc, "copy a game")
        self._preset = other._preset
        self.headers = dict(other.headers)
        self._declared = other._declared

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.clone()

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (_unpickle, (int(self._preset), self.options(), self.start_position,
                            self.history_values(), self.headers, self._declared))

    @property
    def preset(self) -> Rules:
        """The preset the game was created with."""
        return self._preset

    # ---- options -----------------------------------------------------------
    def _set_option(self, opt: Option, words: Dict[str, int], value: OptionValue) -> None:
        v = option_value(opt, words, value)
        g = self._enter()
        try:
            rc = lib.mana_set_option(g, int(opt), v)
        finally:
            self._lock.release()
        if rc < 0:
            fail(rc, "set option %s to %r" % (opt.name.lower(), value))

    def set_option(self, name: OptionName, value: OptionValue) -> None:
        """Sets a rule option by name ("blocked") or Option, with a value
        word ("draw") or int (a bool for the on/off options).  Only before the
        first move (ManaError ESTATE after); ManaError EINVAL for a value out
        of range, its message naming what is accepted (python_values)."""
        opt, words = parse_option(name)
        self._set_option(opt, words, value)

    def get_option(self, name: OptionName) -> int:
        """A rule option's value as an int."""
        opt, _ = parse_option(name)
        out = ctypes.c_int()
        g = self._enter()
        try:
            rc = lib.mana_get_option(g, int(opt), ctypes.byref(out))
        finally:
            self._lock.release()
        if rc < 0:
            fail(rc, "read option %s" % opt.name.lower())
        return out.value

    def options(self) -> Dict[str, int]:
        """Every rule option, by keyword name (as Game(**options) takes)."""
        return {o.name.lower(): self.get_option(o) for o in Option}

    # ---- position ----------------------------------------------------------
    @property
    def position(self) -> str:
        """The MFN of the current position (ManaError ESTATE during setup).
        Assigning an MFN replaces the position and clears the history."""
        g = self._enter()
        try:
            n = _get_position(g, self._tbufp, MFN_MAX + 1)
            text = self._tbuf.raw[:n]
        finally:
            self._lock.release()
        if n < 0:
            fail(n, "get the position")
        return text.decode("ascii")

    @position.setter
    def position(self, mfn: str) -> None:
        self.set_position(mfn)

    def set_position(self, mfn: str) -> None:
        """Replaces the position by an MFN (history cleared, options kept).
        ManaError EPARSE (game unchanged) for text that is not MFN."""
        raw = to_c_text(mfn, "position")
        g = self._enter()
        try:
            rc = lib.mana_set_position(g, raw)
        finally:
            self._lock.release()
        if rc < 0:
            fail(rc, "set the position %r" % mfn)

    @property
    def start_position(self) -> Optional[str]:
        """The MFN the history starts from (the last position set, or a
        record's MFN header), or None if it starts at the setup."""
        with self.clone() as c:
            for _ in range(c.ply):
                c.undo()
            return None if c.status == Status.SETUP else c.position

    # ---- moves -------------------------------------------------------------
    def legal_move_values(self) -> List[int]:
        """The legal moves as mana_move ints, in the library's order (the
        fastest form: one library call)."""
        g = self._enter()
        try:
            n = _legal(g, self._bufp, MAX_MOVES)
        finally:
            self._lock.release()
        if n < 0:
            fail(n, "list the legal moves")
        return self._buf[:n].tolist()

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves, as python-chess's ``board.legal_moves``: a live,
        sized, iterable view (``for m in g.legal_moves``, ``len(...)``,
        ``m in g.legal_moves`` for a Move, value or text) that is also
        callable: ``g.legal_moves()`` is the list of Moves (str() is the
        notation), in the library's order, [] once the game is over.  One
        library call lists them and one copies the position, from which
        each Move's text is formatted when first asked for (so listing
        costs no formatting).  See mana.LegalMoves."""
        return LegalMoves(self)

    def _legal_move_list(self) -> List[Move]:
        """The list of legal_moves()."""
        g = self._enter()
        try:
            n = _legal(g, self._bufp, MAX_MOVES)
            if n < 0:
                fail(n, "list the legal moves")
            values = self._buf[:n].tolist()
            snap = _clone(g) if n else 1
        finally:
            self._lock.release()
        if not snap:
            fail(ErrorCode.ENOMEM, "list the legal moves")
        if not n:
            return []
        ctx = Snapshot(snap)
        return [lazy_move(v, ctx) for v in values]

    def _format(self, g: int, value: int) -> str:
        rc = _fmt(g, value, self._tbufp, 8)
        if rc < 0:
            fail_move(rc, "format move %d" % value)
        return _decode(self._tbuf.raw[:rc])

    def move(self, value: Union[IntLike, Move]) -> Move:
        """The Move of a move value legal now (IllegalMoveError, a ManaError
        EILLEGAL and a ValueError, if not)."""
        v = _move_value(value, "move", "a Move or an int move value")
        g = self._enter()
        try:
            return make_move(v, self._format(g, v))
        finally:
            self._lock.release()

    def parse_move(self, text: str) -> Move:
        """The legal move text names ("b2-c4", "b2c4", "R@c3", "O2",
        "pass").  InvalidMoveError (ManaError EPARSE) for text that is not
        notation; IllegalMoveError for a move not legal now (EILLEGAL) or
        once the game is over (EOVER).  Both are ValueErrors, as
        python-chess's."""
        raw = to_c_text(text, "move text")
        out = ctypes.c_uint32()
        g = self._enter()
        try:
            rc = lib.mana_move_parse(g, raw, ctypes.byref(out))
            if rc < 0:
                fail_move(rc, "read the move %r" % text)
            return make_move(out.value, self._format(g, out.value))
        finally:
            self._lock.release()

    def is_legal(self, move: MoveLike) -> bool:
        """True if move (Move, value or text) is legal now."""
        if isinstance(move, str):
            try:
                self.parse_move(move)
            except ManaError as e:
                if e.code in (ErrorCode.EPARSE, ErrorCode.EILLEGAL, ErrorCode.EOVER):
                    return False
                raise
            return True
        v = _move_value(move, "move", MOVE_ACCEPTED)
        g = self._enter()
        try:
            rc = lib.mana_is_legal(g, v)
        finally:
            self._lock.release()
        if rc < 0:
            fail(rc, "check a move")
        return bool(rc == 1)

    def play(self, move: MoveLike) -> None:
        """Plays a move given as a Move, its int value or its text.
        IllegalMoveError (ManaError EILLEGAL, the detail says why; EOVER
        once the game is over) or InvalidMoveError (EPARSE: no notation),
        both ValueErrors as python-chess's; the game is then unchanged."""
        if type(move) is int and 0 <= move <= 0xFFFFFFFF:
            v = move
        elif isinstance(move, Move):
            v = move._value
        elif isinstance(move, str):
            self._play_text(move)
            return
        else:
            v = _move_value(move, "move", MOVE_ACCEPTED)
        g = self._enter()
        try:
            rc = _play(g, v)
        finally:
            self._lock.release()
        if rc < 0:
            fail_move(rc, "play %s" % (move if isinstance(move, Move) else "move value %d" % v))

    def _play_text(self, text: str) -> None:
        raw = to_c_text(text, "move")
        g = self._enter()
        try:
            rc = _play_str(g, raw)
        finally:
            self._lock.release()
        if rc < 0:
            fail_move(rc, "play %r" % text)

    def undo(self) -> Move:
        """Takes back the last move (setup moves included) and returns it
        (a Move, written as in the position it was played from).
        ManaNoHistoryError (a ManaError ENOHISTORY and an IndexError) when
        there is none (the game is unchanged)."""
        g = self._enter()
        try:
            value = self._last_value(g)
            rc = _undo(g)
            n = _fmt(g, value, self._tbufp, 8) if rc >= 0 else 0
        finally:
            self._lock.release()
        if rc < 0:
            fail(rc, "undo")
        if n < 0:
            fail(n, "format move %d" % value)
        return make_move(value, _decode(self._tbuf.raw[:n]))

    def _last_value(self, g: int) -> int:
        """The last move of g's history (-1 for none), read into _hist
        (one call while it is large enough, else grown once)."""
        hist = self._hist
        n = _history(g, hist.buffer_info()[0], len(hist))
        if n == ErrorCode.ESPACE:
            n = _history(g, None, 0)
            self._hist = hist = array.array("I", bytes(4 * max(n, 2 * len(hist))))
            n = _history(g, hist.buffer_info()[0], len(hist))
        if n < 0:
            fail(n, "read the history")
        return int(hist[n - 1]) if n else -1

    # ---- python-chess's names ------------------------------------------------
    def push(self, move: MoveLike) -> None:
        """Plays move (a Move, its value or its text): play(), under
        python-chess's name."""
        self.play(move)

    def pop(self) -> Move:
        """Takes back the last move and returns it: undo(), under
        python-chess's name (ManaNoHistoryError, an IndexError as
        python-chess raises, when there is none)."""
        return self.undo()

    def peek(self) -> Move:
        """The last move played (setup moves included), as move_stack[-1],
        without taking it back.  ManaNoHistoryError (an IndexError) when
        there is none."""
        with self.clone() as before:
            if not before.ply:
                raise ManaNoHistoryError(ErrorCode.ENOHISTORY, "no move has been played",
                                         "peek at the last move")
            return before.undo()

    def outcome(self) -> Optional[Outcome]:
        """How the game ended, as an Outcome (winner: Color or None for a
        draw; reason: the library's EndReason; result(): "1-0", "0-1",
        "1/2-1/2"), or None while it is not finished (setup or play)."""
        st = self.status
        if not st.is_over:
            return None
        winner = None if st == Status.DRAWN else \
            (Color.WHITE if st == Status.WHITE_WON else Color.BLACK)
        return Outcome(winner, self.end_reason)

    def is_game_over(self) -> bool:
        """True once the game is won or drawn: is_over(), under
        python-chess's name."""
        return self.is_over()

    def copy(self) -> "Game":
        """An independent deep copy (position, options, history, headers):
        clone(), under python-chess's name."""
        return self.clone()

    def history_values(self) -> List[int]:
        """The moves played since the start (setup or start_position), as
        ints, oldest first."""
        g = self._enter()
        try:
            n = lib.mana_history(g, None, 0)
            if n < 0:
                fail(n, "read the history")
            arr = array.array("I", bytes(4 * max(n, 1)))
            n = lib.mana_history(g, arr.buffer_info()[0], len(arr))
            if n < 0:
                fail(n, "read the history")
            return arr[:n].tolist()
        finally:
            self._lock.release()

    @property
    def move_stack(self) -> List[Move]:
        """The moves played, as Move objects, oldest first."""
        values = self.history_values()
        with self.clone() as c:
            for _ in values:
                c.undo()
            out = []
            for v in values:
                out.append(c.move(v))
                c.play(v)
        return out

    def history(self) -> List[str]:
        """The moves played, as notation text, oldest first (the library's
        mana_history_format: no replay)."""
        g = self._enter()
        try:
            n = _history_format(g, None, 0)
            if n < 0:
                fail(n, "write the history")
            buf = ctypes.create_string_buffer(n + 1)
            n = _history_format(g, ctypes.addressof(buf), n + 1)
            if n < 0:
                fail(n, "write the history")
        finally:
            self._lock.release()
        return buf.raw[:n].decode("ascii").split()

    @property
    def end_reason(self) -> EndReason:
        """Why the game is finished (EndReason.NONE while it is not); the
        winner is in status."""
        return EndReason(self._query(lib.mana_end_reason, "ask why the game ended"))

    def record(self, headers: Optional[Mapping[str, str]] = None,
               result: Optional[str] = None) -> str:
        """The game's record (docs/record-format.md), written by the
        library: Rules, the rule options that differ from the preset, the
        tags of self.headers updated by headers (White, Black, Date, Event,
        ...), Result, MFN when the game starts from a position, then every
        move.  The Result is the game's status when it is finished; for an
        unfinished game it is result ("1-0", "0-1", "1/2-1/2"), or else
        declared_result, when the tags have a Termination saying why the
        game stopped, and "*" otherwise.  ManaError EINVAL for a bad tag
        (key not [A-Za-z][A-Za-z0-9_]*, owned by the library, or a value
        with control characters or over 127 bytes), a result given without
        a Termination tag or one contradicting a finished game; ValueError
        for a result that is no result token."""
        return write_record(self, headers, result)

    def result(self) -> str:
        """The result on the board, as a record writes it (the library's
        mana_result_text of status): "1-0" White won, "0-1" Black won,
        "1/2-1/2" drawn, "*" not finished (setup or play).  A game
        decided off the board (resignation, time loss, an engine's fault)
        is "*" here: its record's result is declared_result."""
        return result_text(self.status)

    @property
    def declared_result(self) -> Optional[str]:
        """The result the game's record declares ("1-0", "0-1", "1/2-1/2"
        or "*"; None when it has no Result header): read_record sets it,
        record() writes it back for an unfinished game that has a
        Termination tag (resignation, time forfeit, ...), as mana-cli match
        writes games decided off the board.  Set it (with a Termination
        tag in headers) to record such an ending; None by default, and
        ValueError for a str that is no result token.  Copies and pickles
        keep it; moves played afterwards do not change it."""
        return self._declared

    @declared_result.setter
    def declared_result(self, value: Optional[str]) -> None:
        self._declared = None if value is None else result_text(parse_result(value))

    @property
    def ply(self) -> int:
        """How many moves (setup moves included) were played since the start."""
        g = self._enter()
        try:
            n = lib.mana_history(g, None, 0)
        finally:
            self._lock.release()
        if n < 0:
            fail(n, "read the history")
        return int(n)

    def setup_random(self, seed: IntLike = 0) -> None:
        """Completes the setup with random legal setup moves drawn from a
        64-bit seed (0..2**64-1); the same seed gives the same setup.
        ManaError ESTATE outside setup."""
        s = check_u64(seed, "seed", "complete the setup at random")
        g = self._enter()
        try:
            rc = lib.mana_setup_random(g, s)
        finally:
            self._lock.release()
        if rc < 0:
            fail(rc, "complete the setup at random")

    def perft(self, depth: IntLike) -> int:
        """The number of leaves of the legal-move tree depth (0..64) plies
        deep (docs/rules.md "Perft").  Releases the GIL while counting.
        From depth 5 on the count runs on a copy of the game in a thread
        of its own while this thread waits in short slices, so that Ctrl-C
        raises KeyboardInterrupt at once (a signal handler runs only in
        the main thread between bytecodes); the C count cannot be cut
        short, so that thread finishes it in the background and frees its
        copy, and the game itself is free again at once."""
        d = check_arg(depth, "perft depth", 0, PERFT_MAX, "perft to depth %r" % (depth,))
        if d >= _PERFT_THREAD_DEPTH:
            return _perft_in_thread(self.clone(), d)
        out = ctypes.c_uint64()
        g = self._enter()
        try:
            rc = lib.mana_perft(g, d, ctypes.byref(out))
        finally:
            self._lock.release()
        if rc < 0:
            fail(rc, "perft to depth %d" % d)
        return out.value

    # ---- queries -----------------------------------------------------------
    def _query(self, fn: Any, what: str, *args: int) -> int:
        g = self._enter()
        try:
            rc = fn(g, *args)
        finally:
            self._lock.release()
        if rc < 0:
            fail(rc, what)
        return int(rc)

    @property
    def status(self) -> Status:
        """SETUP, PLAYING, WHITE_WON, BLACK_WON or DRAWN."""
        g = self._enter()
        try:
            rc: int = _status(g)
        finally:
            self._lock.release()
        return _STATUS[rc]

    def is_over(self) -> bool:
        """True once the game is won or drawn."""
        return self.status >= Status.WHITE_WON

    @property
    def side_to_move(self) -> Color:
        """The side to move (in setup: the side choosing or placing)."""
        return Color(self._query(lib.mana_side_to_move, "ask the side to move"))

    @property
    def turn(self) -> Color:
        """The side to move: side_to_move, under python-chess's name."""
        return self.side_to_move

    @property
    def mana(self) -> int:
        """The Mana's mark count binding the side to move: 1..3, 0 if none."""
        return self._query(lib.mana_mana, "ask the Mana")

    @property
    def binding(self) -> Binding:
        """What the Mana lets the side to move do, from its legal moves
        (mana_binding): Binding.BOUND, or Binding.EXCEPTION with STEPS and/or
        REENTRY (EXCEPTION alone: blocked); Binding(0) when no Mana binds
        (setup, before the first move of play, game over)."""
        return Binding(self._query(lib.mana_binding, "read what the Mana binds"))

    @property
    def mana_square(self) -> Optional[int]:
        """The square the Mana came from (0..35, a1 = 0): where the last moved
        or re-entered piece landed; None in the setup, before the first move
        of play, or when the history does not hold that move (a position set
        by MFN).  Rules: "The Mana"."""
        g = self._enter()
        try:
            # -1 is also MANA_EINVAL, which only answers a NULL game.
            sq = int(lib.mana_mana_square(g))
        finally:
            self._lock.release()
        return None if sq < 0 else sq

    @property
    def orientation(self) -> int:
        """The board's orientation 0..3, or -1 while Black has not chosen."""
        g = self._enter()
        try:
            # -1 is also MANA_EINVAL, which only answers a NULL game.
            return int(lib.mana_orientation(g))
        finally:
            self._lock.release()

    @property
    def hash(self) -> int:
        """The 64-bit Zobrist hash of the position (0..2**64-1)."""
        g = self._enter()
        try:
            return int(_hash(g))
        finally:
            self._lock.release()

    def piece_at(self, sq: Square) -> Optional[str]:
        """'D', 'R' (White), 'd', 'r' (Black) or None on square sq ("a1"
        or 0..35)."""
        c = self._query(lib.mana_piece_at, "read a square", square(sq))
        return chr(c) if c else None

    def marks_at(self, sq: Square) -> int:
        """The mark count 1..3 of square sq, 0 while the orientation is open."""
        return self._query(lib.mana_marks_at, "read a square's marks", square(sq))

    def reserve(self, color: ColorLike) -> int:
        """How many captured Ronins color (Color.WHITE / Color.BLACK, 0 / 1,
        or "white" / "black" in any case) may re-enter (0..5)."""
        return self._query(lib.mana_reserve, "read the reserve", int(to_color(color)))

    # ---- text, equality ----------------------------------------------------
    def board_text(self, color: bool = False) -> str:
        """The board as text, written by the library (mana_board_text), as
        mana-cli show prints it: rank 6 at the top, each square's piece
        (D R d r, '.' for none), mark count and '*' where the Mana binds
        it, then what the side to move may do, the setup step or why the
        game ended, and the reserves.  color: a terminal's ANSI colours on
        the pieces."""
        flags = 1 if color else 0  # MANA_TEXT_COLOR
        g = self._enter()
        try:
            n = _board_text(g, flags, None, 0)
            buf = ctypes.create_string_buffer(max(n, 0) + 1)
            if n >= 0:
                n = _board_text(g, flags, ctypes.addressof(buf), n + 1)
        finally:
            self._lock.release()
        if n < 0:
            fail(n, "write the board as text")
        return buf.raw[:n].decode("ascii").rstrip("\n")

    def end_text(self) -> str:
        """Why the game ended, in the library's words (mana_end_text):
        "White won, Black's Damyo captured", "drawn by repetition", ...;
        "setup" or "playing" while it goes on."""
        buf = ctypes.create_string_buffer(96)
        g = self._enter()
        try:
            n = lib.mana_end_text(g, ctypes.addressof(buf), len(buf))
        finally:
            self._lock.release()
        if n < 0:
            fail(n, "say why the game ended")
        return buf.raw[:n].decode("ascii")

    def __str__(self) -> str:
        return self.board_text()

    def __repr__(self) -> str:
        if not self._g:
            return "<mana.Game closed>"
        if self.status == Status.SETUP:
            return "<mana.Game %s setup, %d moves>" % (self._preset.name.lower(), self.ply)
        return "<mana.Game %s %r>" % (self.status.name.lower(), self.position)

    def _key(self) -> Tuple[Any, ...]:
        st = self.status
        where: Any = tuple(self.history_values()) if st == Status.SETUP else self.position
        return (st, where, tuple(sorted(self.options().items())))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self is other or bool(self._key() == other._key())

    def __hash__(self) -> int:
        return self.hash

    # ---- action ids and observations (mana.actions) -------------------------
    def _with_ptr(self, fn: Any, *args: Any) -> Any:
        g = self._enter()
        try:
            return fn(g, *args)
        finally:
            self._lock.release()

    def legal_action_mask(self, out: Any = None) -> Any:
        """The legal-action mask: entry a is 1 if action id a is legal now,
        else 0, for a in 0..mana.ACTION_COUNT - 1 (agrees with
        legal_moves()).  A numpy uint8 array of shape (ACTION_COUNT,), or
        bytes without numpy; out: an array (or bytearray) to fill in place,
        returned."""
        return self._with_ptr(_actions.legal_action_mask, out)

    def observation(self, side_to_move: bool = False, out: Any = None) -> Any:
        """The observation planes, shape mana.OBSERVATION_SHAPE (12, 6, 6),
        uint8 (layout in mana.actions); side_to_move=True for the side to
        move's view (its pieces first, the board turned for Black, as the
        action ids are).  numpy array, or 432 bytes without numpy; out: an
        array (or bytearray) to fill in place, returned."""
        return self._with_ptr(_actions.observation, bool(side_to_move), out)

    def action_to_move(self, action: IntLike) -> Move:
        """The legal Move with action id action (ManaError EINVAL for an id
        out of range or off the board, EILLEGAL for one not legal now)."""
        return self.move(self._with_ptr(_actions.move_value, action))

    def move_to_action(self, move: MoveLike) -> int:
        """The action id of move (Move, value or text; text must be legal
        now, a Move or value only well formed)."""
        value = (int(self.parse_move(move)) if isinstance(move, str)
                 else _move_value(move, "move", MOVE_ACCEPTED))
        return int(self._with_ptr(_actions.action_of, value))

    def board(self) -> str:
        """The 36 squares a1..f6 in one call: "D", "R" (White), "d", "r"
        (Black) or "." for an empty square."""
        return str(self._with_ptr(_actions.board))

    def _repr_svg_(self) -> str:
        return svg_board(self)


# perft to this depth and deeper runs in a thread (Game.perft); below it a
# count takes milliseconds, nothing worth interrupting.
_PERFT_THREAD_DEPTH = 5


def _perft_in_thread(copy: Game, depth: int) -> int:
    """perft of copy (which the thread owns and closes) in a daemon
    thread, waited for in slices of 50 ms."""
    out = ctypes.c_uint64()
    ended: List[Tuple[int, str]] = []

    def count() -> None:
        try:
            g = copy._g
            rc = lib.mana_perft(g, depth, ctypes.byref(out))
            ended.append((rc, detail() if rc < 0 else ""))  # the detail is this thread's
        finally:
            copy.close()

    worker = threading.Thread(target=count, name="mana.Game perft", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.05)
    rc, why = ended[0]
    if rc < 0:
        raise ManaError(rc, why, "perft to depth %d" % depth)
    return out.value


def _unpickle(preset: int, options: Dict[str, int], start: Optional[str],
              moves: List[int], headers: Optional[Dict[str, str]] = None,
              declared: Optional[str] = None) -> Game:
    g = Game(preset)
    g.headers = dict(headers or {})
    g.declared_result = declared
    for name, value in options.items():
        g.set_option(name, value)
    if start is not None:
        g.set_position(start)
    for m in moves:
        g.play(m)
    return g

