# SPDX-License-Identifier: MIT
"""Drive any program that speaks the Mana engine protocol
(docs/engine-protocol.md; ``mana-cli engine`` is one), synchronously, in
the manner of python-chess's ``chess.engine.SimpleEngine``::

    import mana, mana.engine
    with mana.engine.SimpleEngine.popen(["mana-cli", "engine"]) as engine:
        engine.configure({"Bot": "ab"})
        game = mana.Game()
        while not game.is_over():
            result = engine.play(game, mana.engine.Limit(time=0.1))
            game.play(result.move)

Every wait has a time-out.  An engine that exits (or crashes) raises
EngineTerminatedError, one that does not answer in time raises
EngineTimeoutError and is killed; either way the process is reaped, so no
zombie is left.  Moves an engine sends are checked against the rules
(mana.Game.parse_move) before they are returned.

Threads: an engine object belongs to one thread at a time, like a Game.
"""

import ctypes
import dataclasses
import math
import numbers
import os
import queue
import subprocess
import threading
import time
from typing import (IO, Any, Dict, Iterator, List, Mapping, MutableMapping, NoReturn, Optional,
                    Sequence, Tuple, TypeVar, Union, overload)

from ._errors import ErrorCode, ManaError, fail, is_bool, need_int, NotCopyable
from ._lib import lib
from ._game import Game
from ._move import Move
from ._types import Color, ColorLike, Option
from ._types import color as to_color

__all__ = ["EngineError", "EngineTerminatedError", "EngineTimeoutError", "Limit",
           "Score", "PlayResult", "EngineOption", "OptionMap", "SimpleEngine"]


class EngineError(RuntimeError):
    """The engine broke the protocol or refused a command."""


class EngineTerminatedError(EngineError):
    """The engine process exited (or was killed) while an answer was due."""


class EngineTimeoutError(EngineError, TimeoutError):
    """The engine did not answer in time; it has been killed."""


# Limit's time fields by their go keyword.
_TIME_FIELDS = {"movetime": "time", "wtime": "white_clock", "btime": "black_clock",
                "winc": "white_inc", "binc": "black_inc"}


def check_limit(limit: object) -> "Limit":
    """limit, if it is a Limit; TypeError otherwise (a number given for a
    Limit, say)."""
    if not isinstance(limit, Limit):
        raise TypeError("limit must be a mana.engine.Limit (Limit(time=0.1), Limit(depth=6)), not %s %r"
                        % (type(limit).__name__, limit))
    return limit


@dataclasses.dataclass(frozen=True)
class Limit:
    """Search limits of ``go`` (the first one reached ends the search).

    time        seconds to think (``movetime``), > 0
    depth       plies (alpha-beta bots)
    nodes       nodes (or tree nodes for MCTS)
    iterations  playouts (MCTS)
    white_clock, black_clock   seconds left on each clock
    white_inc, black_inc       seconds added per move
    remaining_moves            moves to the next time control (movestogo)

    Times are seconds (int or float): ``time`` must be positive, clocks and
    increments non-negative and finite; counts are positive ints.  A Limit
    is checked when it is made: ValueError, naming the field, for any other
    value (never a silently clamped limit).
    """

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    iterations: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None

    def __post_init__(self) -> None:
        self.pairs()  # checks every field now, not at the first search

    def words(self) -> List[str]:
        """The limits as ``go`` arguments."""
        return [w for key, value in self.pairs() for w in (key, str(value))]

    def pairs(self) -> List[Tuple[str, int]]:
        """The limits set, checked, as (``go`` keyword, int) pairs: times
        in ms (movetime, wtime, btime, winc, binc), counts as given
        (depth, nodes, iterations, movestogo).  ValueError as words()."""
        out: List[Tuple[str, int]] = []

        def ms(key: str, seconds: Optional[float], least: int) -> None:
            if seconds is None:
                return
            if is_bool(seconds) or not isinstance(seconds, numbers.Real) \
                    or not math.isfinite(seconds) or seconds < 0 or (least and seconds == 0):
                raise ValueError("Limit %s (go %s) must be a %s number of seconds, not %r"
                                 % (_TIME_FIELDS[key], key, "positive" if least else "finite non-negative",
                                    seconds))
            out.append((key, max(least, int(round(float(seconds) * 1000)))))

        def count(key: str, n: Optional[int]) -> None:
            if n is not None:
                try:
                    v = need_int(n, "Limit " + key)
                except TypeError:
                    v = 0
                if v < 1:
                    name = "remaining_moves (go movestogo)" if key == "movestogo" else key
                    raise ValueError("Limit %s must be a positive int, not %r" % (name, n))
                out.append((key, v))

        ms("movetime", self.time, 1)
        count("depth", self.depth)
        count("nodes", self.nodes)
        count("iterations", self.iterations)
        ms("wtime", self.white_clock, 0)
        ms("btime", self.black_clock, 0)
        ms("winc", self.white_inc, 0)
        ms("binc", self.black_inc, 0)
        count("movestogo", self.remaining_moves)
        return out

    def __repr__(self) -> str:
        """Only the limits set: Limit(time=0.1, depth=4)."""
        return "Limit(%s)" % ", ".join("%s=%r" % (f.name, getattr(self, f.name))
                                       for f in dataclasses.fields(self)
                                       if getattr(self, f.name) is not None)

    def expected_seconds(self, white_to_move: bool) -> Optional[float]:
        """How long the search may take by these limits, if bounded by time."""
        if self.time is not None:
            return self.time
        clock = self.white_clock if white_to_move else self.black_clock
        return clock


@dataclasses.dataclass(frozen=True)
class Score:
    """An engine's score, from the view of the side ``turn``: ``cp`` in
    centi-Ronin (positive: good for turn), or ``mate``, a forced Damyo
    capture in that many plies (positive: turn captures, negative: turn's
    Damyo falls).  The engine protocol scores from the side to move's
    view, so the scores of ``play()`` and ``analyse()`` have ``turn`` =
    the side to move of the position searched; a Score made by hand
    without ``turn`` (None) has no known view and refuses white(),
    black() and pov().

    As python-chess's PovScore and Score:

    - ``relative``: the score as the engine sent it, from the side to
      move's (``turn``'s) view: ``info["score"].relative.cp``;
    - ``white()``, ``black()``: the same score from White's / Black's
      view (negated when that side is not turn), a Score with that turn;
    - ``pov(color)``: the same from color's view (a Color, 0 / 1,
      "white" / "black");
    - ``is_mate()``: True for a forced Damyo capture (``mate`` set);
    - ``score(mate_score=None)``: cp, or for a mate ``mate_score -
      plies`` (negated when losing) when mate_score is given, else None.
    """

    cp: Optional[int] = None
    mate: Optional[int] = None
    turn: Optional[Color] = None

    def __post_init__(self) -> None:
        # exactly one of cp and mate: Score(cp=1, mate=2) and Score() have
        # no meaning (python-chess's Cp and Mate are separate classes)
        if (self.cp is None) == (self.mate is None):
            raise ValueError("a Score holds exactly one of cp= and mate= (got cp=%r, mate=%r)"
                             % (self.cp, self.mate))

    @property
    def relative(self) -> "Score":
        """This score from its own side's view (the side to move, for an
        engine's score): itself."""
        return self

    def pov(self, color: ColorLike) -> "Score":
        """This score from color's view; ValueError when it has no
        point of view (turn None)."""
        side = to_color(color)
        if self.turn is None:
            raise ValueError("this Score has no point of view (turn=None): make it with "
                             "turn=mana.Color.WHITE or BLACK, as play() and analyse() do")
        if side == self.turn:
            return self
        return Score(None if self.cp is None else -self.cp,
                     None if self.mate is None else -self.mate, side)

    def white(self) -> "Score":
        """This score from White's view (positive: good for White)."""
        return self.pov(Color.WHITE)

    def black(self) -> "Score":
        """This score from Black's view (positive: good for Black)."""
        return self.pov(Color.BLACK)

    def is_mate(self) -> bool:
        """True when the score is a forced Damyo capture (mate set)."""
        return self.mate is not None

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """cp; for a mate, mate_score - plies when winning, -(mate_score -
        plies) when losing, if mate_score is given, else None."""
        if self.mate is None:
            return self.cp
        if mate_score is None:
            return None
        return mate_score - self.mate if self.mate > 0 else -mate_score - self.mate

    def __repr__(self) -> str:
        parts = ["%s=%d" % (k, v) for k, v in (("cp", self.cp), ("mate", self.mate))
                 if v is not None]
        if self.turn is not None:
            parts.append("turn=Color.%s" % self.turn.name)
        return "Score(%s)" % ", ".join(parts)


@dataclasses.dataclass
class PlayResult:
    """The answer to ``go``: the move (None for ``bestmove (none)``), the
    totals of the last ``info`` line merged over the earlier ones, every
    ``info`` line parsed, the ``info string`` texts, and the reply the
    engine expects (``bestmove M ponder P``: P, legal once M is played;
    None when the engine suggests none or an illegal one)."""

    move: Optional[Move]
    info: Dict[str, Any]
    infos: List[Dict[str, Any]]
    strings: List[str]
    ponder: Optional[Move] = None


@dataclasses.dataclass(frozen=True)
class EngineOption:
    """An option the engine advertised in its handshake."""

    name: str
    type: str
    default: str
    min: Optional[int] = None
    max: Optional[int] = None
    var: Sequence[str] = ()


T = TypeVar("T")


def _folded(key: object) -> str:
    """An option name in lower case; KeyError for what is no str."""
    if not isinstance(key, str):
        raise KeyError(key)
    return key.lower()


class OptionMap(MutableMapping[str, T]):
    """A dict keyed by option names that keeps each name as the engine
    wrote it ("PlyLimit": iteration, keys() and repr() give it) and finds
    it in any case (``options["plylimit"]``, ``"BOT" in options``), as
    engine protocols compare option names (python-chess's OptionMap).
    Setting a key that differs only in case replaces the entry and keeps
    the name first given.  Equal to any mapping with the same names up to
    case and equal values."""

    def __init__(self, data: Optional[Mapping[str, T]] = None, **kwargs: T) -> None:
        self._store: Dict[str, Tuple[str, T]] = {}
        self.update(data or {}, **kwargs)

    def __setitem__(self, key: str, value: T) -> None:
        old = self._store.get(key.lower())
        self._store[key.lower()] = (old[0] if old else key, value)

    def __getitem__(self, key: str) -> T:
        return self._store[_folded(key)][1]

    def __delitem__(self, key: str) -> None:
        del self._store[_folded(key)]

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._store.values())

    def __len__(self) -> int:
        return len(self._store)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        theirs = OptionMap(other)
        return len(theirs) == len(self) and all(
            k in theirs and theirs[k] == v for k, v in self.items())

    def copy(self) -> "OptionMap[T]":
        return type(self)(self)

    def __repr__(self) -> str:
        return "%s(%r)" % (type(self).__name__, dict(self.items()))


_INT_KEYS = ("depth", "seldepth", "multipv", "nodes", "nps", "iterations")
_SETUP_KEYS = ("samples",)  # setup samples N
_KNOWN_KEYS = _INT_KEYS + ("time", "wr", "score", "pv", "string", "setup")


def _parse_pair(info: Dict[str, Any], words: Sequence[str], i: int,
                turn: Optional[Color]) -> int:
    """Parses the known key at words[i] into info; the index after it."""
    key = words[i]
    if key in _INT_KEYS:
        info[key] = int(words[i + 1])
    elif key == "time":
        info["time"] = int(words[i + 1]) / 1000.0
    elif key == "wr":
        info["wr"] = float(words[i + 1])
    elif key == "score":
        kind, value = words[i + 1], int(words[i + 2])
        if kind not in ("cp", "mate"):
            raise ValueError(kind)
        info["score"] = Score(**{kind: value}, turn=turn)
        return i + 3
    else:  # setup: a flag, then its own fields (setup samples N)
        info["setup"] = True
        i += 1
        while i < len(words) and words[i] in _SETUP_KEYS:
            info["setup_" + words[i]] = int(words[i + 1])
            i += 2
        return i
    return i + 2


def parse_info(words: Sequence[str], turn: Optional[ColorLike] = None) -> Dict[str, Any]:
    """The key/value pairs of an ``info`` line (its words after "info"),
    each known key parsed by name: ints for depth, seldepth, nodes, nps,
    iterations; time in seconds; score as Score (from the view of turn,
    the side to move of the position searched: None when not given); wr
    as float; pv as a
    list of move texts; string as the rest of the line; ``setup`` as
    True, with ``setup samples N`` as setup_samples.  An unknown key keeps
    the words up to the next known key as its text value (so the keys
    after it are still read).  EngineError for a malformed known key."""
    info: Dict[str, Any] = {}
    side = None if turn is None else to_color(turn)
    i = 0
    try:
        while i < len(words):
            key = words[i]
            if key == "string":
                info["string"] = " ".join(words[i + 1:])
                break
            if key == "pv":
                info["pv"] = list(words[i + 1:])
                break
            if key in _KNOWN_KEYS:
                i = _parse_pair(info, words, i, side)
                continue
            j = i + 1
            while j < len(words) and words[j] not in _KNOWN_KEYS:
                j += 1
            info[key] = " ".join(words[i + 1:j])
            i = j
    except (IndexError, ValueError):
        raise EngineError("unreadable info line: info %s" % " ".join(words)) from None
    return info


def _lines(infos: List[Dict[str, Any]], k: int) -> List[Dict[str, Any]]:
    """The last info of each MultiPV line 1..k among a search's infos
    (a line without "multipv" is line 1), best first; lines the engine
    never reported are left out."""
    last: Dict[int, Dict[str, Any]] = {}
    for info in infos:
        n = info.get("multipv", 1)
        if 1 <= n <= k and "pv" in info:
            last[n] = info
    return [last[n] for n in sorted(last)]


def rule_option_text(option: Option, value: int) -> Tuple[str, str]:
    """The name and value text of a rule option in the library's words
    (mana_option_name, mana_option_format: "Blocked", "draw"), which
    records and the engine protocol share."""
    name = lib.mana_option_name(int(option))
    buf = ctypes.create_string_buffer(16)
    n = lib.mana_option_format(int(option), value, ctypes.addressof(buf), 16)
    if not name or n < 0:
        fail(n if n < 0 else ErrorCode.EINVAL, "name rule option %d" % int(option))
    return name.decode("ascii"), buf.raw[:n].decode("ascii")


def _protocol_value(value: Union[str, int, bool]) -> str:
    if is_bool(value):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return str(need_int(value, "an option value", "a str, an int or a bool"))


def _read_lines(out: Optional[IO[str]], lines: "queue.Queue[Tuple[float, Optional[str]]]") -> None:
    """The engine's reader thread: each line of out with the time of its
    arrival, then None at the end of the output."""
    assert out is not None
    try:
        for line in out:
            lines.put((time.monotonic(), line.rstrip("\r\n")))
    except (OSError, ValueError):
        pass
    lines.put((time.monotonic(), None))


class SimpleEngine(NotCopyable):
    """A running engine process, driven synchronously.

    Make one with ``SimpleEngine.popen(command)``; it has done the
    handshake (``mana``/``manaok``) when returned.  ``timeout`` bounds
    every wait for an answer (seconds) beyond the search's own time.
    copy, deepcopy and pickle raise TypeError (it owns a process):
    popen another.
    """

    _copy_hint = "start another with SimpleEngine.popen"

    def __init__(self, process: "subprocess.Popen[str]", timeout: float = 10.0) -> None:
        self.process = process
        self.timeout = timeout
        self.id: Dict[str, str] = {}
        # The advertised options by name, as written ("PlyLimit"), found
        # in any case.
        self.options: OptionMap[EngineOption] = OptionMap()
        # Each line with the time.monotonic() of its arrival (None: the end
        # of the output), so that a deadline holds however many lines wait.
        self._lines: "queue.Queue[Tuple[float, Optional[str]]]" = queue.Queue()
        self._lock = threading.Lock()
        self._closed = False
        # A command failed and its answers may still be due (_resync);
        # a go was sent and its bestmove not read yet.
        self._out_of_step = False
        self._searching = False
        # The options set by configure(), by advertised name, as sent.
        self._values: Dict[str, str] = {}
        # The reader holds the pipe and the queue, not the engine: a thread
        # holding the engine would keep an engine left without close()
        # alive for ever, and its process with it.
        self._reader = threading.Thread(target=_read_lines, args=(process.stdout, self._lines),
                                        name="mana-engine-reader", daemon=True)
        self._reader.start()
        try:
            self._handshake()
        except BaseException:
            self.close()
            raise

    @classmethod
    def popen(cls, command: Union[str, Sequence[str]], *, timeout: float = 10.0,
              stderr: Union[int, IO[Any], None] = subprocess.DEVNULL, **popen_args: Any) -> "SimpleEngine":
        """Starts command (an argv list, or a program path) and does the
        handshake.  EngineError if it cannot be started or does not
        answer ``manaok`` within timeout seconds.  On POSIX the engine runs
        in a session of its own (start_new_session, as python-chess
        does), so that Ctrl-C at the terminal raises KeyboardInterrupt in
        the waiting call and does not kill the engine: the next call
        brings it back in step (``stop``, ``isready``)."""
        argv = [command] if isinstance(command, str) else list(command)
        if os.name == "posix":
            popen_args.setdefault("start_new_session", True)
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=stderr, text=True, encoding="ascii",
                                    errors="replace", bufsize=1, **popen_args)
        except OSError as e:
            raise EngineError("cannot start the engine %r: %s" % (argv, e)) from None
        return cls(proc, timeout)

    # ---- transport -----------------------------------------------------------
    def send(self, line: str) -> None:
        """Writes one command line to the engine."""
        if "\n" in line or "\r" in line:
            raise ValueError("an engine command is one line")
        stdin = self.process.stdin
        if self._closed or stdin is None:
            raise EngineTerminatedError("the engine has been shut down")
        try:
            stdin.write(line + "\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._died("while sending %r" % line)

    def _died(self, when: str) -> NoReturn:
        code = self._reap(1.0)
        self._closed = True
        raise EngineTerminatedError("the engine %s (exit status %s) %s" % (
            "died" if code is None or code != 0 else "exited", code, when))

    def _reap(self, grace: float) -> Optional[int]:
        """Waits up to grace seconds for the process, kills it if needed,
        and always reaps it.  Returns its exit status."""
        try:
            return self.process.wait(grace)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()

    def readline(self, deadline: Optional[float]) -> str:
        """The next line from the engine; EngineTimeoutError (engine
        killed) at the deadline (a time.monotonic() value), or
        EngineTerminatedError at end of output.  A line that came after
        the deadline is a timeout too: an engine flooding its output with
        lines is stopped at the deadline, as a silent one is."""
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            came, line = self._lines.get(timeout=wait)
            late = deadline is not None and came > deadline
        except queue.Empty:
            late = True
        if late:
            self.close(kill=True)
            raise EngineTimeoutError("the engine did not answer in time; it was stopped")
        if line is None:
            self._lines.put((came, None))  # later reads see the end too
            self._died("(end of its output)")
        return line

    def _expect(self, word: str, timeout: float) -> List[str]:
        """Reads lines until one starting with word; returns the others."""
        deadline = time.monotonic() + timeout
        seen: List[str] = []
        while True:
            line = self.readline(deadline)
            if line.split()[:1] == [word]:
                return seen
            seen.append(line)

    # ---- handshake and options -----------------------------------------------
    def _handshake(self) -> None:
        self.send("mana")
        for line in self._expect("manaok", self.timeout):
            w = line.split()
            if w[:2] == ["id", "name"] or w[:2] == ["id", "author"]:
                self.id[w[1]] = " ".join(w[2:])
            elif w[:2] == ["option", "name"]:
                try:
                    opt = self._parse_option(w[2:])
                except (IndexError, ValueError):  # no name; a min or max not a number
                    raise EngineError("unreadable option line: %s" % line) from None
                self.options[opt.name] = opt

    @staticmethod
    def _parse_option(w: List[str]) -> EngineOption:
        fields: Dict[str, Any] = {"name": w[0], "type": "", "default": "", "var": []}
        i = 1
        while i + 1 < len(w):
            key, value = w[i], w[i + 1]
            if key == "var":
                fields["var"].append(value)
            elif key in ("min", "max"):
                fields[key] = int(value)
            elif key in ("type", "default"):
                fields[key] = value
            i += 2
        fields["var"] = tuple(fields["var"])
        return EngineOption(**fields)

    def ping(self) -> None:
        """``isready``: waits for ``readyok``; raises EngineError if an
        ``info string error`` came before it (the engine refused a
        command sent since the last ping)."""
        self._resync()
        self._ping()

    def _ping(self) -> None:
        self.send("isready")
        errors = [l for l in self._expect("readyok", self.timeout)
                  if l.startswith("info string error")]
        if errors:
            raise EngineError("the engine refused a command: %s" % errors[0][len("info string "):])

    def configure(self, options: Mapping[str, Union[str, int, bool]]) -> None:
        """Sets engine options by name (as advertised; case-insensitive).
        KeyError for an option the engine did not advertise, EngineError if
        it refuses a value."""
        self._resync()
        self._configure(options)

    def _configure(self, options: Mapping[str, Union[str, int, bool]]) -> None:
        for name in options:  # every name checked before anything is sent
            if name not in self.options:
                raise KeyError("the engine has no option %r (it has %s)"
                               % (name, ", ".join(self.options)))
        for name, value in options.items():
            self.send("setoption name %s value %s" % (self.options[name].name,
                                                      _protocol_value(value)))
        self._ping()
        for name, value in options.items():  # set, as the engine took them
            self._values[self.options[name].name] = _protocol_value(value)

    def _set_rules(self, game: Game) -> None:
        settings: Dict[str, Union[str, int]] = {"Rules": game.preset.name.lower()}
        for opt in Option:
            name, text = rule_option_text(opt, game.get_option(opt))
            settings[name] = text
        known = {k: v for k, v in settings.items() if k in self.options}
        if len(known) < len(settings):
            missing = sorted(set(settings) - set(known))
            raise EngineError("the engine cannot be told the game's rules: it has no "
                              "option %s" % ", ".join(missing))
        self._configure(known)

    # ---- searching -----------------------------------------------------------
    def position_command(self, game: Game) -> str:
        """The ``position`` command of game: its start and its moves."""
        start = game.start_position
        head = "position startpos" if start is None else "position mfn " + start
        moves = game.history()
        return head + (" moves " + " ".join(moves) if moves else "")

    def play(self, game: Game, limit: Limit, *, rules: bool = True,
             new_game: bool = False) -> PlayResult:
        """Asks for a move in game's position within limit.

        Sends the game's rules (``rules=False`` skips that when they are
        set already), ``newgame`` if new_game, the position and ``go``;
        reads the info lines and ``bestmove``.  The move is checked:
        EngineError for an illegal or unreadable one.  Waits at most the
        limit's time plus ``self.timeout`` seconds.

        After any failure (a refused search, an unreadable line, an
        illegal move, an interrupt) the engine is brought back in step
        before the next command: ``stop``, the rest of the failed search
        read and dropped up to its ``bestmove``, then ``isready`` /
        ``readyok``; an engine that does not answer that within timeout
        seconds is killed.  So the next play() reads its own answer,
        never the failed search's."""
        if not self._lock.acquire(False):
            raise RuntimeError("this engine is searching for another thread: an engine "
                               "belongs to one thread at a time")
        try:
            self._resync()
            return self._play(game, limit, rules, new_game)
        except (EngineTerminatedError, EngineTimeoutError):
            raise
        except Exception as e:
            if self._resync():
                raise
            raise EngineError("%s; then the engine did not answer isready in time, so it "
                              "was stopped" % e) from e
        finally:
            self._lock.release()

    def _play(self, game: Game, limit: Limit, rules: bool, new_game: bool) -> PlayResult:
        self._out_of_step = True  # until this search's bestmove is read
        if rules:
            self._set_rules(game)
        if new_game:
            self.send("newgame")
        self.send(self.position_command(game))
        words = " ".join(["go"] + check_limit(limit).words())
        self._searching = True
        self.send(words)
        expected = limit.expected_seconds(game.side_to_move == 0)
        deadline = time.monotonic() + (expected or 0.0) + self.timeout
        result = self._read_search(game, deadline)
        self._out_of_step = False
        return result

    def _resync(self) -> bool:
        """After a failed command: ``stop`` if a search's bestmove is still
        due, every line up to that bestmove dropped, then ``isready`` and
        every line up to ``readyok`` dropped.  True when in step (or
        nothing was out of step); False when the engine did not answer
        within timeout seconds and was killed (or had exited)."""
        if not self._out_of_step or self._closed:
            return not self._closed
        try:
            deadline = time.monotonic() + self.timeout
            if self._searching:
                self.send("stop")
                while self._searching:
                    if self.readline(deadline).split()[:1] == ["bestmove"]:
                        self._searching = False
            self.send("isready")
            self._expect("readyok", self.timeout)
        except EngineError:  # timed out (killed) or exited
            self.close(kill=True)
            return False
        self._out_of_step = False
        return True

    @overload
    def analyse(self, game: Game, limit: Limit, *, multipv: None = None) -> Dict[str, Any]: ...

    @overload
    def analyse(self, game: Game, limit: Limit, *, multipv: int) -> List[Dict[str, Any]]: ...

    def analyse(self, game: Game, limit: Limit, *,
                multipv: Optional[int] = None) -> Union[Dict[str, Any], List[Dict[str, Any]]]:
        """The totals of a search of game's position (play()'s info), as
        python-chess's analyse.  With multipv=k (1..the engine's MultiPV
        maximum) the engine searches its k best lines for this call only
        (its MultiPV option is set back afterwards), and the answer is the
        list of their last infos, best first: k of them, fewer only when
        the position has fewer legal moves.  KeyError when the engine has
        no MultiPV option; EngineError if it refuses k."""
        if multipv is None:
            return self.play(game, limit).info
        k = need_int(multipv, "multipv")
        if "MultiPV" not in self.options:
            raise KeyError("the engine has no option 'MultiPV': it searches one line")
        before = self._values.get("MultiPV", self.options["MultiPV"].default)
        self.configure({"MultiPV": k})
        try:
            infos = self.play(game, limit).infos
        finally:
            if not self._closed:
                self.configure({"MultiPV": before})
        return _lines(infos, k)

    def _read_search(self, game: Game, deadline: float) -> PlayResult:
        infos: List[Dict[str, Any]] = []
        strings: List[str] = []
        merged: Dict[str, Any] = {}
        turn = game.side_to_move
        while True:
            words = self.readline(deadline).split()
            if not words:
                continue
            if words[0] == "info":
                info = parse_info(words[1:], turn)
                if "string" in info:
                    strings.append(info["string"])
                    if info["string"].startswith("error"):
                        raise EngineError("the engine refused the search: %s" % info["string"])
                else:
                    infos.append(info)
                    if info.get("multipv", 1) == 1:  # the best line's (MultiPV > 1: others in infos)
                        merged.update(info)
            elif words[0] == "bestmove":
                self._searching = False
                if len(words) < 2:
                    raise EngineError("bestmove without a move")
                move = self._checked_move(game, words[1])
                ponder = self._ponder_move(game, move, words[2:])
                return PlayResult(move, merged, infos, strings, ponder)

    @staticmethod
    def _ponder_move(game: Game, move: Optional[Move], rest: List[str]) -> Optional[Move]:
        """The ``ponder P`` after the best move, if P is legal once move is
        played (a suggestion only: an illegal one is ignored)."""
        if move is None or len(rest) < 2 or rest[0] != "ponder":
            return None
        after = game.clone()
        try:
            after.play(move)
            return after.parse_move(rest[1])
        except ManaError:
            return None

    @staticmethod
    def _checked_move(game: Game, text: str) -> Optional[Move]:
        if text == "(none)":
            return None
        try:
            return game.parse_move(text)
        except ManaError as e:
            raise EngineError("the engine played %r, not a legal move here: %s"
                              % (text, e.detail or e.message)) from None

    # ---- shutdown ------------------------------------------------------------
    def quit(self) -> None:
        """``quit``, then waits (timeout seconds) for the process to exit;
        kills it if it does not.  The process is always reaped."""
        self.close()

    def close(self, kill: bool = False) -> None:
        """Ends the engine: ``quit`` (or a kill), then reaps it."""
        if self.process.returncode is None:
            if kill:
                self.process.kill()
            else:
                try:
                    if self.process.stdin is not None:
                        self.process.stdin.write("quit\n")
                        self.process.stdin.flush()
                except (OSError, ValueError):
                    pass
            self._reap(0 if kill else self.timeout)
        self._closed = True
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except (OSError, ValueError):
            pass
        # The process is gone, so its output ends: the reader stops.
        self._reader.join(1.0)
        self._close_pipes()

    def _close_pipes(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except (OSError, ValueError):
                pass

    def __repr__(self) -> str:
        name = self.id.get("name")
        state = "exited %s" % self.process.returncode if self.process.returncode is not None \
            else "pid=%d" % self.process.pid
        return "<SimpleEngine (%s%s)>" % (state, ", %r" % name if name else "")

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        # An engine left to the collector without close(): its process is
        # killed and reaped, its pipes closed, its reader thread ends.
        proc = getattr(self, "process", None)
        if proc is None:
            return
        if proc.returncode is None:
            proc.kill()
            proc.wait()
        reader = getattr(self, "_reader", None)
        if reader is not None and reader.is_alive():
            reader.join(1.0)
        self._close_pipes()
