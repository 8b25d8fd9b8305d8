# SPDX-License-Identifier: MIT
"""The computer players of libmana-bots (include/mana_bot.h), in-process:
``random``, ``ab`` (alpha-beta) and ``mcts`` (Monte Carlo tree search)::

    import mana
    with mana.Bot("ab", nodes=20000, seed=7) as bot:
        game = mana.Game()
        while not game.is_over():
            game.play(bot.choose(game))
        info = bot.analyse(mana.Game(position="rrdrrr/6/6/6/6/RRRDRR w - 0"))
        print(info.score.white(), info.pv)

The search runs in C with the GIL released, so other Python threads run
meanwhile and one may call :meth:`Bot.stop`.  Limits are
:class:`mana.engine.Limit`, as for an external engine; results carry
:class:`mana.engine.Score`.  The bots are in the package's own library
(mana/_libmana.so); a libmana chosen by MANA_LIBRARY has none (Bot then
raises LibraryError).

Determinism: with depth, node or iteration limits (no time), Threads 1 and
the same seed, the same sequence of positions gives the same moves, scores
and lines as ``mana-cli engine`` (``setoption name Seed``) on any
platform.

Threads: a Bot belongs to one thread at a time (another thread using it
meanwhile gets RuntimeError), except :meth:`Bot.stop`, which any thread
may call at any time.
"""

import ctypes
import dataclasses
import queue
import threading
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union, overload

from ._errors import (INT_MAX, INT_MIN, ErrorCode, ManaError, ManaOverflowError, ManaRangeError,
                      NotCopyable, check_int, check_u64, need_int, to_c_text)
from ._game import MAX_MOVES, Game
from ._lib import LibraryError, lib, library_path
from ._move import Move, make_move
from ._types import IntLike
from .engine import Limit, Score, check_limit

__all__ = ["Bot", "BotInfo", "BotResult", "KINDS", "PV_MAX", "MULTIPV_MAX"]

KINDS = ("random", "ab", "mcts")  # MANA_BOT_KINDS
PV_MAX = 64  # MANA_BOT_PV_MAX
MULTIPV_MAX = 16  # MANA_BOT_MULTIPV_MAX
_I64_MAX = 2 ** 63 - 1


# ---- the structs of mana_bot.h ------------------------------------------------

class _Limits(ctypes.Structure):
    _fields_ = [("depth", ctypes.c_int), ("nodes", ctypes.c_uint64),
                ("iterations", ctypes.c_uint64), ("movetime_ms", ctypes.c_int64),
                ("time_ms", ctypes.c_int64 * 2), ("inc_ms", ctypes.c_int64 * 2),
                ("movestogo", ctypes.c_int), ("infinite", ctypes.c_int),
                ("ponder", ctypes.c_int),
                ("searchmoves", ctypes.POINTER(ctypes.c_uint32)),
                ("searchmoves_count", ctypes.c_int)]


class _Line(ctypes.Structure):
    _fields_ = [("multipv", ctypes.c_int), ("depth", ctypes.c_int),
                ("seldepth", ctypes.c_int), ("score_cp", ctypes.c_int),
                ("mate", ctypes.c_int), ("win_rate", ctypes.c_double),
                ("pv_len", ctypes.c_int), ("pv", ctypes.c_uint32 * PV_MAX)]


class _Info(ctypes.Structure):
    _fields_ = [("nodes", ctypes.c_uint64), ("iterations", ctypes.c_uint64),
                ("time_ms", ctypes.c_int64), ("nps", ctypes.c_uint64),
                ("hashfull", ctypes.c_int), ("setup", ctypes.c_int),
                ("samples", ctypes.c_uint64), ("line", _Line)]


class _Result(ctypes.Structure):
    _fields_ = [("move", ctypes.c_uint32), ("ponder", ctypes.c_uint32),
                ("info", _Info), ("lines", ctypes.c_int)]


_INFO_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(_Info))
_NO_INFO = ctypes.cast(0, _INFO_FN)  # a NULL mana_bot_info_fn *
_p = ctypes.c_void_p
SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    "mana_bot_new": (_p, [ctypes.c_char_p, ctypes.c_uint64]),
    "mana_bot_free": (None, [_p]),
    "mana_bot_kind": (ctypes.c_char_p, [_p]),
    "mana_bot_error_detail": (ctypes.c_char_p, []),
    "mana_bot_describe": (ctypes.c_int, [_p, ctypes.POINTER(_Limits), _p, ctypes.c_size_t]),
    "mana_bot_set_option": (ctypes.c_int, [_p, ctypes.c_char_p, ctypes.c_char_p]),
    "mana_bot_get_option": (ctypes.c_int, [_p, ctypes.c_char_p, _p, ctypes.c_size_t]),
    "mana_bot_set_info": (None, [_p, _INFO_FN, _p]),
    "mana_bot_choose": (ctypes.c_int, [_p, _p, ctypes.POINTER(_Limits), ctypes.POINTER(_Result)]),
    "mana_bot_line_at": (ctypes.c_int, [_p, ctypes.c_int, ctypes.POINTER(_Line)]),
    "mana_bot_stop": (None, [_p]),
    "mana_bot_clear": (None, [_p]),
}
# Not wrapped: mana_bot_limits_init (Limit is the Python side; _limits
# sets every field), mana_bot_time_budget (the bot calls it itself),
# mana_bot_pv_format (lines are lists of Move), mana_bot_ponderhit,
# mana_bot_option_count and mana_bot_option_info (a handshake's),
# mana_bot_budget (what an engine prints of its clock; the bot plans with
# it itself).
NOT_WRAPPED = ("mana_bot_limits_init", "mana_bot_time_budget", "mana_bot_pv_format",
               "mana_bot_ponderhit", "mana_bot_option_count", "mana_bot_option_info", "mana_bot_budget")

_fn: Dict[str, Any] = {}
for _name, (_res, _args) in SIGNATURES.items():
    try:
        _f = lib[_name]  # a function object of this module's own
    except AttributeError:
        _fn.clear()
        break
    _f.restype, _f.argtypes = _res, _args
    _fn[_name] = _f


def available() -> bool:
    """True when the library loaded has the bots (the package's own does;
    a plain libmana chosen by MANA_LIBRARY does not)."""
    return bool(_fn)


def _bot_detail() -> str:
    raw: Optional[bytes] = _fn["mana_bot_error_detail"]()
    return (raw or b"").decode("utf-8", "replace")


def _bot_fail(rc: int, operation: str) -> ManaError:
    return ManaError(rc, _bot_detail(), operation)


def _busy() -> RuntimeError:
    return RuntimeError("this mana.Bot is being used by another thread: a Bot belongs to one "
                        "thread at a time (give each thread its own)")


# ---- results ---------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class BotInfo:
    """One line of a search with the search's totals (mana_bot_info).

    score      a mana.engine.Score from the view of the side to move of the
               position searched (turn set): ``.relative``, ``.white()``,
               ``.black()``, ``.is_mate()``; cp in centi-Ronin (mcts: from
               its win rate), mate in plies to a forced Damyo capture;
               None when the search reported no line (the only legal
               move is answered unsearched; random searches nothing), as
               ``mana-cli engine`` then sends no score
    pv         the line, a list of Move legal in turn from that position
               (pv[0] the line's root move; at most PV_MAX moves)
    multipv    1-based rank of the line (1: the best)
    depth      ab: iteration depth; mcts and setup searches: as seldepth
    seldepth   the deepest ply reached
    win_rate   mcts: the win rate of pv[0] in its playouts, 0..1 (draws
               half); None for ab and random
    nodes      ab: nodes visited; mcts: tree nodes; random: 1
    iterations mcts: playouts run; else 0
    time       seconds since the search began
    nps        nodes a second
    hashfull   ab: permille of the hash table this search filled; else 0
    setup      True for a setup search (orientation, placements)
    samples    setup search: completed setups searched; else 0
    """

    score: Optional[Score]
    pv: List[Move]
    multipv: int
    depth: int
    seldepth: int
    win_rate: Optional[float]
    nodes: int
    iterations: int
    time: float
    nps: int
    hashfull: int
    setup: bool
    samples: int


@dataclasses.dataclass(frozen=True)
class BotResult:
    """The answer of :meth:`Bot.play`: the move chosen, the reply the bot
    expects (legal after move; None when it has none), the best line with
    the totals of the whole call (info.pv[0] == move), and every MultiPV
    line found, best first (``lines[0]`` is ``info``'s line)."""

    move: Move
    ponder: Optional[Move]
    info: BotInfo
    lines: List[BotInfo]


InfoCallback = Callable[[BotInfo], None]


def _line_moves(g: int, pv: Any, n: int) -> List[Move]:
    """The moves pv[0..n-1], legal in turn from the position of g (only
    read: they are formatted and played on a private copy)."""
    c = lib.mana_clone(g)
    if not c:
        raise ManaError(ErrorCode.ENOMEM, "", "copy a game")
    try:
        buf = ctypes.create_string_buffer(8)
        out = []
        for k in range(n):
            v = int(pv[k])
            rc = lib.mana_move_format(c, v, ctypes.addressof(buf), 8)
            if rc < 0 or lib.mana_play(c, v) < 0:
                raise ManaError(ErrorCode.EILLEGAL, "move %d of the line (value %d) is not "
                                "legal in turn" % (k + 1, v), "read a bot's line")
            out.append(make_move(v, buf.raw[:rc].decode("ascii")))
        return out
    finally:
        lib.mana_free(c)


def _info(g: int, turn: Any, info: _Info, line: _Line, scored: bool = True) -> BotInfo:
    """The BotInfo of info and line (score None unless scored)."""
    score = Score(mate=line.mate, turn=turn) if line.mate else Score(cp=line.score_cp, turn=turn)
    return BotInfo(score=score if scored else None, pv=_line_moves(g, line.pv, max(0, min(line.pv_len, PV_MAX))),
                   multipv=line.multipv, depth=line.depth, seldepth=line.seldepth,
                   win_rate=None if line.win_rate < 0 else float(line.win_rate),
                   nodes=int(info.nodes), iterations=int(info.iterations),
                   time=info.time_ms / 1000.0, nps=int(info.nps), hashfull=info.hashfull,
                   setup=bool(info.setup), samples=int(info.samples))


_LIMIT_FIELDS = {"depth": "depth", "nodes": "nodes", "iterations": "iterations",
                 "movetime": "movetime_ms", "movestogo": "movestogo"}


def _limits(limit: Limit) -> _Limits:
    """limit as a mana_bot_limits (every limit off but limit's; ValueError
    or ManaError EINVAL for a value out of range, as Limit.words)."""
    lim = _Limits()
    lim.time_ms[0] = lim.time_ms[1] = -1
    op = "set a bot's limits"
    for key, value in limit.pairs():
        if key in ("depth", "movestogo"):
            setattr(lim, _LIMIT_FIELDS[key], check_int(value, "Limit " + key, op))
        elif key in ("nodes", "iterations"):
            setattr(lim, key, check_u64(value, "Limit " + key, op))
        elif key == "movetime":
            lim.movetime_ms = min(value, _I64_MAX)
        else:  # wtime btime winc binc
            arr = lim.time_ms if key.endswith("time") else lim.inc_ms
            arr[0 if key[0] == "w" else 1] = min(value, _I64_MAX)
    return lim


def _root_moves(game: Game, moves: Optional[Iterable[Union[Move, str]]]) -> Any:
    """moves (Moves or their text) as a ctypes array of move values, None
    for None or no moves; TypeError for another item, ManaError EPARSE for
    bad text, EINVAL for more than MANA_MAX_MOVES (legality is the
    library's check: EILLEGAL)."""
    if moves is None:
        return None
    if isinstance(moves, (str, Move)):
        raise TypeError("root_moves must be a list of moves, not one move")
    values = [int(game.parse_move(m)) if isinstance(m, str) else _move_arg(m) for m in moves]
    if len(values) > MAX_MOVES:
        raise ManaError(ErrorCode.EINVAL, "root_moves: at most %d moves, not %d" % (MAX_MOVES, len(values)),
                        "set a bot's limits")
    return (ctypes.c_uint32 * len(values))(*values) if values else None


def _move_arg(m: object) -> int:
    if not isinstance(m, Move):
        raise TypeError("root_moves: a Move or its text, not %s" % type(m).__name__)
    return int(m)


class Bot(NotCopyable):
    """A computer player of libmana-bots, searching in this process.

    ``Bot(kind="ab", *, seed=1, depth=None, nodes=None, iterations=None,
    time=None, threads=1, hash_mb=16)``

    kind        "random", "ab" or "mcts"
    seed        the generator's seed, 0..2^64-1 (the Seed option; 1 is
                ``mana-cli engine``'s default)
    depth, nodes, iterations, time
                the bot's default limits, as mana.engine.Limit's fields
                (time: seconds a move); none given: the library's defaults
                (ab 100,000 nodes, mcts 3,000 playouts; see description)
    threads     search threads, 1..256 (the Threads option)
    hash_mb     MiB of ab's transposition table, 1..65536 (Hash)

    ``bot.limit`` is the default Limit (a frozen mana.engine.Limit:
    replace it to change the defaults).

    ManaError EINVAL for an unknown kind or an option out of range;
    ValueError for a bad limit; LibraryError when the library loaded has
    no bots.  Release with close() (or a with block; the collector does
    it too).  copy, deepcopy and pickle raise TypeError (the search's
    tables are C memory): make a new Bot with the same options.
    """

    _copy_hint = "make a new Bot with the same kind and options"

    def __init__(self, kind: str = "ab", *, seed: IntLike = 1, depth: Optional[IntLike] = None,
                 nodes: Optional[IntLike] = None, iterations: Optional[IntLike] = None,
                 time: Optional[float] = None, threads: IntLike = 1,
                 hash_mb: IntLike = 16) -> None:
        self._b: Optional[int] = None
        self._lock = threading.Lock()
        self._stop_lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._searcher: Optional[int] = None
        if not available():
            raise LibraryError("%s has no bots (libmana-bots); the package's own library, "
                               "used when MANA_LIBRARY is not set, has them" % library_path())
        name = to_c_text(kind, "bot kind")
        s = check_u64(seed, "seed", "create a bot")
        counts = [None if n is None else need_int(n, what)
                  for n, what in ((depth, "depth"), (nodes, "nodes"), (iterations, "iterations"))]
        self.limit = Limit(time=time, depth=counts[0], nodes=counts[1], iterations=counts[2])
        _limits(self.limit)  # checks them now
        b = _fn["mana_bot_new"](name, s)
        if not b:
            raise ManaError(ErrorCode.EINVAL if kind not in KINDS else ErrorCode.ENOMEM,
                            _bot_detail(), "create a %r bot" % kind)
        self._b = b
        self._multipv = 1
        if need_int(threads, "threads") != 1:
            self.set_option("Threads", threads)
        if need_int(hash_mb, "hash_mb") != 16:
            self.set_option("Hash", hash_mb)

    # ---- lifecycle ----

    def _enter(self) -> int:
        """Takes this bot's lock (or raises) and returns its pointer."""
        if not self._lock.acquire(False):
            raise _busy()
        if not self._b:
            self._lock.release()
            raise ValueError("operation on a closed mana.Bot")
        return self._b

    def close(self) -> None:
        """Frees the bot (idempotent).  RuntimeError during a search."""
        if not self._lock.acquire(False):
            raise _busy()
        try:
            with self._stop_lock:
                b, self._b = self._b, None
            if b:
                _fn["mana_bot_free"](b)
        finally:
            self._lock.release()

    def __enter__(self) -> "Bot":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        b = getattr(self, "_b", None)
        if b and _fn:
            self._b = None
            _fn["mana_bot_free"](b)

    @property
    def closed(self) -> bool:
        """True once close() has freed the bot."""
        return not self._b

    @property
    def kind(self) -> str:
        """"random", "ab" or "mcts"."""
        b = self._enter()
        try:
            return str(_fn["mana_bot_kind"](b).decode("ascii"))
        finally:
            self._lock.release()

    @property
    def description(self) -> str:
        """The kind and the limits it obeys by default, e.g. "ab (2000
        nodes)" (mana_bot_describe)."""
        b = self._enter()
        try:
            lim = _limits(self.limit)
            buf = ctypes.create_string_buffer(128)
            rc = _fn["mana_bot_describe"](b, ctypes.byref(lim), ctypes.addressof(buf), 128)
            if rc < 0:
                raise _bot_fail(rc, "describe a bot")
            return str(buf.value.decode("utf-8", "replace"))
        finally:
            self._lock.release()

    def __repr__(self) -> str:
        if not self._b:
            return "<mana.Bot closed>"
        try:
            return "<mana.Bot %s>" % self.description
        except RuntimeError:
            return "<mana.Bot (searching)>"

    # ---- options ----

    def set_option(self, name: str, value: Union[IntLike, str]) -> None:
        """Sets an engine option by name, in any case: Seed 0..2^64-1
        (reseeds), Hash 1..65536 (MiB; resizing clears the table),
        Threads 1..256, MultiPV 1..16, Eval "linear" or "learned" (or 0,
        1: ab's evaluation, default learned; another value clears the bot
        as clear() does).  The value is an int (Python or numpy) or, for
        Eval, one of its names.  TypeError for another type; ManaError
        EINVAL for an unknown name; ManaRangeError (a ManaError EINVAL and
        a ValueError, ManaOverflowError beyond a C int) for an int out of
        range, as everywhere in the package (the detail names the range);
        ENOMEM when the table cannot be resized (the old one is kept)."""
        number = None if isinstance(value, str) and name.lower() == "eval" \
            else need_int(value, "option %s" % name)
        text = str(number) if number is not None else str(value)
        b = self._enter()
        try:
            rc = _fn["mana_bot_set_option"](b, to_c_text(name, "option name"), to_c_text(text, "option value"))
            if rc < 0:
                operation = "set option %s to %s" % (name, text)
                why = _bot_detail()
                known = _fn["mana_bot_get_option"](b, to_c_text(name, "option name"), None, 0) >= 0
                if rc == ErrorCode.EINVAL and number is not None and known:
                    cls = ManaRangeError if INT_MIN <= number <= INT_MAX else ManaOverflowError
                    raise cls(rc, why, operation)
                raise ManaError(rc, why, operation)
            if name.lower() == "multipv":
                self._multipv = int(text)
        finally:
            self._lock.release()

    def get_option(self, name: str) -> int:
        """The current value of option name, in any case, as an int: Seed,
        Hash (MiB), Threads, MultiPV as set, Eval 0 (linear) or 1
        (learned, the default) whichever way it was set.  ManaError
        EINVAL if the name is unknown."""
        b = self._enter()
        try:
            buf = ctypes.create_string_buffer(32)
            rc = _fn["mana_bot_get_option"](b, to_c_text(name, "option name"),
                                            ctypes.addressof(buf), 32)
            if rc < 0:
                raise _bot_fail(rc, "get option %s" % name)
            return int(buf.value)
        finally:
            self._lock.release()

    def clear(self) -> None:
        """Forgets what was learnt from earlier positions (ab's tables) and
        reseeds the generator with the Seed option, as ``newgame``: the
        bot then answers as a fresh one with the same options."""
        b = self._enter()
        try:
            _fn["mana_bot_clear"](b)
        finally:
            self._lock.release()

    # ---- searching ----

    def play(self, game: Game, limit: Optional[Limit] = None, *,
             root_moves: Optional[Iterable[Union[Move, str]]] = None,
             info: Optional[InfoCallback] = None) -> BotResult:
        """Searches the position of game (only read; the game is locked
        against other threads meanwhile) within limit (None: the bot's
        own limits) and returns the move, the expected reply and the best
        line.  info, if given, is called with a BotInfo at each completed
        iteration (ab), every 1000 playouts and at the end (mcts), once
        for a setup search, in the calling thread; an exception it raises
        stops the search and is raised here.  Works in setup too.
        root_moves (python-chess's name; the protocol's go searchmoves):
        the moves it may choose among, Moves or their text, each legal in
        game (ManaError EILLEGAL if not, EPARSE for bad text, EINVAL for
        more than 128); None or empty: every move.
        ManaError EOVER for a finished game, EINVAL for a bad limit;
        ValueError for a closed bot or game; RuntimeError when another
        thread uses the bot or the game."""
        return self._search(game, limit, None, info, root_moves)

    def choose(self, game: Game, limit: Optional[Limit] = None, *,
               root_moves: Optional[Iterable[Union[Move, str]]] = None) -> Move:
        """The move the bot chooses in game: play(game, limit,
        root_moves=root_moves).move."""
        return self._search(game, limit, None, None, root_moves).move

    @overload
    def analyse(self, game: Game, limit: Optional[Limit] = None, *, multipv: None = None,
                root_moves: Optional[Iterable[Union[Move, str]]] = None,
                info: Optional[InfoCallback] = None) -> BotInfo: ...

    @overload
    def analyse(self, game: Game, limit: Optional[Limit] = None, *, multipv: int,
                root_moves: Optional[Iterable[Union[Move, str]]] = None,
                info: Optional[InfoCallback] = None) -> List[BotInfo]: ...

    def analyse(self, game: Game, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                root_moves: Optional[Iterable[Union[Move, str]]] = None,
                info: Optional[InfoCallback] = None) -> Union[BotInfo, List[BotInfo]]:
        """The search's best line with its totals (python-chess's
        analyse): with multipv=None a BotInfo; with multipv=k (1..16) the
        list of lines the library searched, best first.  multipv=k holds
        for this call only, as in python-chess: the MultiPV option is set
        back afterwards (set_option("MultiPV", k) sets it for every
        search; play() then returns every line in BotResult.lines).
        root_moves as play's: the lines are of those moves."""
        res = self._search(game, limit, multipv, info, root_moves)
        return res.info if multipv is None else res.lines

    def _search(self, game: Game, limit: Optional[Limit], multipv: Optional[int],
                callback: Optional[InfoCallback],
                root_moves: Optional[Iterable[Union[Move, str]]] = None) -> BotResult:
        if not isinstance(game, Game):
            raise TypeError("game must be a mana.Game, not %s" % type(game).__name__)
        lim = _limits(self.limit if limit is None else check_limit(limit))
        roots = _root_moves(game, root_moves)
        if roots is not None:
            lim.searchmoves = roots
            lim.searchmoves_count = len(roots)
        before = self._multipv
        if multipv is not None and need_int(multipv, "multipv") != before:
            self.set_option("MultiPV", multipv)  # for this call only, as python-chess's
        try:
            b = self._enter()
            try:
                turn = game.turn
                g = game._enter()
                try:
                    return self._run(b, g, turn, lim, callback)
                finally:
                    game._lock.release()
            finally:
                self._lock.release()
        finally:
            if self._multipv != before and not self.closed:
                self.set_option("MultiPV", before)

    def _run(self, b: int, g: int, turn: Any, lim: _Limits,
             callback: Optional[InfoCallback]) -> BotResult:
        res = _Result()
        raised: List[BaseException] = []
        reported: List[bool] = []  # a line was reported: the result has a score
        infos: "queue.SimpleQueue[Optional[BotInfo]]" = queue.SimpleQueue()
        outcome: List[Tuple[int, str]] = []

        def report(_ctx: Optional[int], p: Any) -> None:
            # In the search's thread, with the search paused: the BotInfo is
            # made now (p and the line's moves live until this returns) and
            # handed to the calling thread, which calls callback with it.
            try:
                reported.append(True)
                if callback is not None:
                    infos.put(_info(g, turn, p.contents, p.contents.line))
            except BaseException as e:  # stopped here, raised by play()
                raised.append(e)
                _fn["mana_bot_stop"](b)

        def search() -> None:
            try:
                rc = _fn["mana_bot_choose"](b, g, ctypes.byref(lim), ctypes.byref(res))
                # The detail is the searching thread's own: read it here.
                outcome.append((rc, _bot_detail() if rc < 0 else ""))
            finally:
                infos.put(None)

        fn = _INFO_FN(report)
        _fn["mana_bot_set_info"](b, fn, None)
        self._searcher = threading.get_ident()
        self._idle.clear()
        try:
            self._wait(b, threading.Thread(target=search, name="mana.Bot search", daemon=True),
                       infos, callback, raised)
        finally:
            self._idle.set()
            self._searcher = None
            _fn["mana_bot_set_info"](b, _NO_INFO, None)
        if raised:
            raise raised[0]
        rc, detail = outcome[0]
        if rc < 0:
            raise ManaError(rc, detail, "choose a move")
        best = _info(g, turn, res.info, res.info.line, bool(reported))
        lines = [best]
        for k in range(2, res.lines + 1):
            line = _Line()
            rc = _fn["mana_bot_line_at"](b, k, ctypes.byref(line))
            if rc < 0:
                raise _bot_fail(rc, "read MultiPV line %d" % k)
            lines.append(_info(g, turn, res.info, line, bool(reported)))
        moves = best.pv if best.pv and int(best.pv[0]) == res.move else \
            _line_moves(g, [res.move], 1)
        ponder = None
        if res.ponder:
            after = _line_moves(g, [res.move, res.ponder], 2)
            ponder = after[1]
        return BotResult(move=moves[0], ponder=ponder, info=best, lines=lines)

    @staticmethod
    def _wait(b: int, worker: threading.Thread, infos: "queue.SimpleQueue[Optional[BotInfo]]",
              callback: Optional[InfoCallback], raised: List[BaseException]) -> None:
        """Runs worker (the search, in C with the GIL released) and waits
        for it in short slices, calling callback with each BotInfo it
        reports.  The search runs in a thread of its own because Python
        runs signal handlers only in the main thread and only between
        bytecodes: a search in the calling thread would hold off Ctrl-C
        until it ended.  On KeyboardInterrupt (or any exception raised in
        this thread, callback's included) the search is stopped and joined,
        then the exception goes on: the bot and the game are left usable."""
        try:
            worker.start()
            while True:
                try:
                    item = infos.get(timeout=0.05)
                except queue.Empty:
                    continue
                if item is None:  # the search has returned
                    break
                if callback is not None and not raised:
                    callback(item)
        except BaseException as e:
            if not raised:
                raised.append(e)
            while worker.is_alive():
                try:
                    _fn["mana_bot_stop"](b)
                    worker.join(0.002)
                except KeyboardInterrupt:  # a second Ctrl-C: the search must end first
                    pass
            raise
        worker.join()

    def stop(self) -> None:
        """Ends the search running on this bot in another thread within
        milliseconds (it returns its best move so far), and returns once
        it has ended.  Any thread, any time; a no-op when no search runs
        or is being started (a later search is not affected).  The
        library loses a stop sent just before its search began, so this
        sends it again every 2 ms until the search has returned, as
        ``mana-cli engine`` does.  From the info callback it just stops
        the search (returning at once)."""
        if threading.get_ident() == self._searcher:
            b = self._b
            if b:
                _fn["mana_bot_stop"](b)
            return
        while not self._idle.is_set():
            with self._stop_lock:
                b = self._b
                if b:
                    _fn["mana_bot_stop"](b)
            self._idle.wait(0.002)
