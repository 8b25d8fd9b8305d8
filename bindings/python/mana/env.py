# SPDX-License-Identifier: MIT
"""Reinforcement-learning environments for Mana, with no dependency on
PettingZoo or Gymnasium (duck-typed to their interfaces).

``ManaEnv`` has the shape of a PettingZoo AEC environment (``reset``,
``step``, ``last``, ``observe``, ``action_mask``, ``agent_iter``,
``agents``, ``possible_agents``, ``rewards``, ``terminations``,
``truncations``, ``infos``, ``agent_selection``, ``observation_space``,
``action_space``), as PettingZoo's classic board games have it:

- agents ``"player_0"`` (Black, who moves first) and ``"player_1"`` (White);
- ``observe(agent)`` is ``{"observation": uint8 (12, 6, 6), "action_mask":
  uint8 (941,)}`` from that agent's point of view (its pieces in planes 0-1,
  the board turned for Black, as the action ids are: mana.actions); the
  mask is all 0 for the agent not to move;
- rewards +1 to the winner and -1 to the loser when the game ends, 0 to
  both for a draw and on every other step;
- ``terminations`` when the rules end the game (Damyo taken, blocked
  draw/loss, two passes, repetition option), ``truncations`` when the ply
  limit (``ply_limit`` plies of play, 400 by default, 0 for none) ends it;
- finished agents are stepped with ``None`` and then leave ``agents``.

Both environments start every game with its setup completed at random
from the reset seed (``random_setup=True``, the default of both), so that
episodes start from varied positions of play; ``random_setup=False``
makes the setup part of the game (the orientation choice and the
placements are actions).

``ManaVectorEnv`` steps N games with one library call (mana_batch_step):
arrays in, arrays out, finished games reset at once.  It needs numpy.
"""

import contextlib
import hashlib
import random
import threading
from typing import Any, Dict, Iterator, List, Optional, Sequence, SupportsIndex, Tuple

from . import actions as _a
from ._lib import lib

try:
    import numpy as _np
except ImportError:  # pragma: no cover - numpy is optional
    _np = None  # type: ignore[assignment]
from ._errors import INT_MAX, INT_MIN, ErrorCode, check_arg, check_u64, fail, need_int, refused, NotCopyable
from ._game import Game, check_option_words, option_value
from ._types import Color, Option, Status

AGENTS = ("player_0", "player_1")  # Black, White
_COLOR_OF = {"player_0": Color.BLACK, "player_1": Color.WHITE}
_AGENT_OF = {Color.BLACK: "player_0", Color.WHITE: "player_1"}
BATCH_MAX = 1000000  # MANA_BATCH_MAX: mana_batch_new's largest batch
# plane permutation: the other side's view from a side's view
_SWAP = (2, 3, 0, 1, 4, 5, 6, 7, 8, 10, 9, 11)


class Discrete:
    """Integers 0..n-1, like gymnasium.spaces.Discrete (sample may take a
    0/1 mask of the allowed values)."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n = n
        self.shape: Tuple[int, ...] = ()
        self.dtype = "int64"
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        self._rng.seed(seed)

    def contains(self, x: Any) -> bool:
        try:
            return int(x) == x and 0 <= int(x) < self.n
        except (TypeError, ValueError):
            return False

    def sample(self, mask: Any = None) -> int:
        if mask is None:
            return self._rng.randrange(self.n)
        allowed = [i for i in range(self.n) if mask[i]]
        if not allowed:
            raise ValueError("sample: the mask allows no action")
        return self._rng.choice(allowed)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and other.n == self.n

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n


class Box:
    """uint8 arrays of a shape with values in low..high, like
    gymnasium.spaces.Box."""

    def __init__(self, low: int, high: int, shape: Tuple[int, ...]) -> None:
        self.low_value, self.high_value, self.shape = low, high, shape
        self.dtype = "uint8"
        self.size = 1
        for d in shape:
            self.size *= d

    def contains(self, x: Any) -> bool:
        if _a.HAVE_NUMPY and isinstance(x, _np.ndarray):
            return bool(x.shape == self.shape and x.dtype == _np.uint8 and
                        (x >= self.low_value).all() and (x <= self.high_value).all())
        if isinstance(x, (bytes, bytearray)):
            return len(x) == self.size and all(self.low_value <= v <= self.high_value for v in x)
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Box) and (other.low_value, other.high_value, other.shape) == \
            (self.low_value, self.high_value, self.shape)

    def __repr__(self) -> str:
        return "Box(%d, %d, %s, uint8)" % (self.low_value, self.high_value, self.shape)


class DictSpace:
    """A dict of spaces, like gymnasium.spaces.Dict."""

    def __init__(self, spaces: Dict[str, Any]) -> None:
        self.spaces = spaces

    def __getitem__(self, key: str) -> Any:
        return self.spaces[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.spaces)

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and set(x) == set(self.spaces) and \
            all(self.spaces[k].contains(x[k]) for k in self.spaces)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DictSpace) and other.spaces == self.spaces

    def __repr__(self) -> str:
        return "DictSpace({%s})" % ", ".join("%r: %r" % kv for kv in self.spaces.items())


def observation_space() -> DictSpace:
    """The space of observe(): planes (values 0..5: reserves) and mask."""
    return DictSpace({"observation": Box(0, 5, _a.OBSERVATION_SHAPE),
                      "action_mask": Box(0, 1, (_a.ACTION_COUNT,))})


def _other_view(obs: Any) -> Any:
    """A side-to-move observation seen by the other side: planes of the
    two sides swapped, the board turned half a turn."""
    if _a.HAVE_NUMPY:
        return _np.ascontiguousarray(obs[list(_SWAP), ::-1, ::-1])
    return bytes(obs[p * 36 + 35 - c] for p in _SWAP for c in range(36))


def _action_id(action: Any) -> int:
    """action (an int, a numpy integer or anything with __index__; not a
    bool or float) as an int (range-checked by action_to_move): TypeError,
    never a truncated id."""
    return need_int(action, "an action", "an int")


class ManaEnv:
    """One game of Mana as a PettingZoo AEC environment (see the module
    docstring).  ``ManaEnv(preset="jactalea", ply_limit=400,
    random_setup=True, render_mode=None, seed=None, **options)``; options
    as for mana.Game.  seed, as ManaVectorEnv's, seeds the random setups
    and the action spaces now (``reset(seed=...)`` reseeds them).
    random_setup=True (the default, as ManaVectorEnv's) completes each
    game's setup at random from the reset seed; False makes the setup's
    moves actions of the agents."""

    metadata = {"name": "mana_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, preset: str = "jactalea", ply_limit: SupportsIndex = 400,
                 random_setup: bool = True, render_mode: Optional[str] = None,
                 seed: Optional[SupportsIndex] = None, **options: Any) -> None:
        check_option_words(options, "ManaEnv()")
        self.preset = preset
        self.ply_limit = option_value(Option.PLY_LIMIT, {}, ply_limit)
        self.random_setup = bool(random_setup)
        self.render_mode = render_mode
        self.options = dict(options)
        self.possible_agents: List[str] = list(AGENTS)
        self._spaces = {a: observation_space() for a in AGENTS}
        self._actions = {a: Discrete(_a.ACTION_COUNT) for a in AGENTS}
        self._rng = random.Random()
        if seed is not None:  # as ManaVectorEnv(seed=): reset() then goes on from it
            self._seed(check_u64(seed, "seed", "make the environment"))
        self.game = self._new_game(0)
        self._init_dicts()

    # ---- spaces ------------------------------------------------------------
    def observation_space(self, agent: str) -> DictSpace:
        return self._spaces[agent]

    def action_space(self, agent: str) -> Discrete:
        return self._actions[agent]

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> "ManaEnv":
        return self

    def __str__(self) -> str:
        return "mana_v0"

    def __repr__(self) -> str:
        return "<ManaEnv mana_v0 preset=%r ply_limit=%d random_setup=%r, %s to act, ply %d>" % (
            self.preset, self.ply_limit, self.random_setup, self.agent_selection,
            self.game.ply if not self.game.closed else -1)

    # ---- episode -----------------------------------------------------------
    def _new_game(self, seed: int) -> Game:
        opts = dict(self.options)
        if self.ply_limit:
            opts["ply_limit"] = self.ply_limit
        g = Game(self.preset, **opts)
        if self.random_setup:
            g.setup_random(seed)
        return g

    def _init_dicts(self) -> None:
        self.agents: List[str] = list(AGENTS)
        self.rewards: Dict[str, float] = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards: Dict[str, float] = {a: 0.0 for a in AGENTS}
        self.terminations: Dict[str, bool] = {a: False for a in AGENTS}
        self.truncations: Dict[str, bool] = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = _AGENT_OF[self.game.side_to_move]
        self._skip_agent_selection: Optional[str] = None
        self._plies = 0

    def _seed(self, s: int) -> None:
        """Seeds the random setups' generator and the action spaces."""
        self._rng.seed(s)
        for i, a in enumerate(AGENTS):
            self._actions[a].seed(s + i)

    def reset(self, seed: Optional[SupportsIndex] = None,
              options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game (seed: the random setup's and the action
        spaces' seed; options: unused, accepted as PettingZoo passes it)."""
        if seed is not None:
            self._seed(check_u64(seed, "seed", "reset the game"))
        setup_seed = self._rng.getrandbits(64)
        self.game.close()
        self.game = self._new_game(setup_seed)
        self._init_dicts()

    def observe(self, agent: str) -> Dict[str, Any]:
        """The observation of agent (see the module docstring)."""
        color = _COLOR_OF[agent]
        obs = self.game.observation(side_to_move=True)
        mover = self.game.side_to_move == color
        if mover:
            mask = self.game.legal_action_mask()
        else:
            obs = _other_view(obs)
            mask = _a.new_buffer(_a.ACTION_COUNT, (_a.ACTION_COUNT,))
            mask = _a.finish(mask)
        return {"observation": obs, "action_mask": mask}

    def action_mask(self, agent: Optional[str] = None) -> Any:
        """The legal-action mask of agent (default: the agent to move)."""
        return self.observe(agent or self.agent_selection)["action_mask"]

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        """(observation or None, cumulative reward, terminated, truncated,
        info) of the agent to act; ValueError once every agent is done."""
        a = self._acting("last")
        return (self.observe(a) if observe else None, self._cumulative_rewards[a],
                self.terminations[a], self.truncations[a], self.infos[a])

    def _acting(self, what: str) -> str:
        """agent_selection, or ValueError once no agent is left."""
        if not self.agents:
            raise ValueError("%s: the game is over and every agent is done; call reset()" % what)
        return self.agent_selection

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """Yields the agent to act until no agent is left (or max_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: Optional[SupportsIndex]) -> None:
        """Plays action (an int or numpy integer id legal for
        agent_selection), or removes a finished agent (action None).
        ManaError EILLEGAL / EINVAL for an action that is not legal, TypeError
        for a float or bool, OverflowError for an int that does not fit a C
        int: the game is then unchanged.  ValueError once every agent is
        done (the game is over and both were stepped with None: reset())."""
        a = self._acting("step")
        if self.terminations[a] or self.truncations[a]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("step(None) is only for a terminated or truncated agent")
        playing = self.game.status == Status.PLAYING
        self.game.play(self.game.action_to_move(_action_id(action)))
        self._plies += playing
        self._cumulative_rewards[a] = 0.0
        for k in self.rewards:
            self.rewards[k] = 0.0
        self._after_move()
        for k in self.rewards:
            self._cumulative_rewards[k] += self.rewards[k]

    def _after_move(self) -> None:
        status = self.game.status
        if status in (Status.SETUP, Status.PLAYING):
            self.agent_selection = _AGENT_OF[self.game.side_to_move]
            return
        truncated = (status == Status.DRAWN and self.ply_limit > 0 and
                     self._plies >= self.ply_limit)
        for k in AGENTS:
            if status != Status.DRAWN:
                won = (status == Status.WHITE_WON) == (_COLOR_OF[k] == Color.WHITE)
                self.rewards[k] = 1.0 if won else -1.0
            self.terminations[k] = not truncated
            self.truncations[k] = truncated
            self.infos[k] = {"status": status.name.lower()}
        self.agent_selection = _AGENT_OF[self.game.side_to_move]

    def _was_dead_step(self, action: Optional[SupportsIndex]) -> None:
        if action is not None:
            raise ValueError("a terminated or truncated agent must be stepped with None")
        agent = self.agent_selection
        del self.terminations[agent], self.truncations[agent], self.rewards[agent]
        del self._cumulative_rewards[agent], self.infos[agent]
        self.agents.remove(agent)
        dead = [k for k in self.agents if self.terminations[k] or self.truncations[k]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        for k in self.rewards:
            self.rewards[k] = 0.0

    def render(self) -> Optional[str]:
        """The board as text (render_mode "ansi")."""
        return str(self.game) if self.render_mode == "ansi" else None

    def close(self) -> None:
        self.game.close()


def _busy() -> RuntimeError:
    return RuntimeError(
        "this ManaVectorEnv is being used by another thread: an env belongs to "
        "one thread at a time (give each thread its own)")


class ManaVectorEnv(NotCopyable):
    """N games of Mana stepped together by one library call.

    ``ManaVectorEnv(num_envs, preset="jactalea", ply_limit=400,
    random_setup=True, seed=0, side_to_move=True, **options)``, num_envs
    1 .. 1,000,000 (ManaError EINVAL outside, checked before any memory is
    taken; ENOMEM if memory runs out).

    ``reset()`` returns ``(observations, masks)``; ``step(actions)`` plays
    ``actions[i]`` (integer ids, legal in game i) and returns
    ``(observations, masks, rewards, terminations, truncations)``:
    observations uint8 (N, 12, 6, 6) (the side to move's view unless
    side_to_move=False), masks uint8 (N, 941), rewards float32 (N,) from the
    point of view of the side that played actions[i] (+1 won, -1 lost, 0),
    terminations and truncations bool (N,).  A game that finishes is reset
    at once and its row holds the new game.  The arrays are owned by the
    env and overwritten by the next call (zero copy): copy what you keep.
    ``to_play`` gives each game's side to move (1 Black, 0 White).
    ``playout()`` plays every game to its end with random moves in C.
    copy, deepcopy and pickle raise TypeError (the games are one C
    object): make another env with the same arguments and seed.
    """

    _copy_hint = "make another ManaVectorEnv with the same arguments and seed"

    def __init__(self, num_envs: SupportsIndex, preset: str = "jactalea",
                 ply_limit: SupportsIndex = 400, random_setup: bool = True, seed: SupportsIndex = 0, side_to_move: bool = True,
                 **options: Any) -> None:
        if not _a.HAVE_NUMPY:
            raise RuntimeError("ManaVectorEnv needs numpy (Debian: python3-numpy)")
        np = _np
        check_option_words(options, "ManaVectorEnv()")
        self.num_envs = check_arg(num_envs, "num_envs", 1, BATCH_MAX, "create batched games")
        self._flags = _a.OBS_SIDE_TO_MOVE if side_to_move else _a.OBS_ABSOLUTE
        opts = dict(options)
        if ply_limit:
            opts["ply_limit"] = ply_limit
        self._start = Game(preset, **opts)
        self._preset_name, self._ply_limit = str(preset), need_int(ply_limit, "ply_limit")
        self._random_setup = bool(random_setup)
        self._b = None
        # One thread at a time: the C calls drop the GIL and share the batch
        # and the arrays, so a second thread is refused (as a Game's is),
        # never let in to race or to free the batch under a step.
        self._lock = threading.Lock()
        g = self._start._enter()
        try:
            s = check_u64(seed, "seed", "create batched games")
            b = _a.c_function("mana_batch_new")(g, self.num_envs, s,
                                                _a.BATCH_RANDOM_SETUP if random_setup else 0)
        finally:
            self._start._lock.release()
        if not b:
            code = ErrorCode.EOVER if self._start.is_over() else ErrorCode.ENOMEM
            fail(code, "create %d batched games" % self.num_envs)
        self._b = b
        # reset() without a seed: the seed sequence it derives from, how
        # many such resets, and whether a game moved since the last reset
        self._seed_base, self._resets, self._moved = s, 0, False
        n = self.num_envs
        self.observations = np.zeros((n,) + _a.OBSERVATION_SHAPE, dtype=np.uint8)
        self.masks = np.zeros((n, _a.ACTION_COUNT), dtype=np.uint8)
        self.rewards = np.zeros(n, dtype=np.float32)
        self.dones = np.zeros(n, dtype=np.uint8)
        self.actions = np.zeros(n, dtype=np.int32)
        self._results = np.zeros(n, dtype=np.int32)
        self._plies = np.zeros(n, dtype=np.int32)
        self._step = _a.c_function("mana_batch_step")
        self._ptrs = (self.observations.ctypes.data, self.masks.ctypes.data,
                      self.rewards.ctypes.data, self.dones.ctypes.data)
        self.single_observation_space = observation_space()["observation"]
        self.single_action_space = Discrete(_a.ACTION_COUNT)

    def __repr__(self) -> str:
        return "<ManaVectorEnv num_envs=%d preset=%r ply_limit=%d random_setup=%r%s>" % (
            self.num_envs, self._preset_name, self._ply_limit, self._random_setup,
            "" if self._b else " closed")

    def close(self) -> None:
        """Frees the games now (also done when the env is collected).
        Safe to call more than once; RuntimeError while another thread is
        inside a call of this env."""
        lock = getattr(self, "_lock", None)
        if lock is not None and not lock.acquire(False):
            raise _busy()
        try:
            b, self._b = getattr(self, "_b", None), None
            if b:
                _a.c_function("mana_batch_free")(b)
        finally:
            if lock is not None:
                lock.release()
        start = getattr(self, "_start", None)
        if start is not None:
            start.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    @contextlib.contextmanager
    def _held(self) -> Iterator[int]:
        """The batch, held by this thread for the call: ValueError once
        closed, RuntimeError while another thread is inside a call."""
        if not self._lock.acquire(False):
            raise _busy()
        try:
            if not self._b:
                raise ValueError("operation on a closed ManaVectorEnv")
            yield int(self._b)
        finally:
            self._lock.release()

    def reset(self, seed: Optional[SupportsIndex] = None) -> Tuple[Any, Any]:
        """Resets every game to the start (seed: restart the seed sequence
        from seed; default: the games are reset all the same, with the next
        seed of a sequence derived from the last seed given, so a run
        replays from its seeds).  The first reset after the constructor,
        or after another reset, with no step between, leaves the games as
        they are: they are at their start already."""
        with self._held() as b:
            if seed is not None:
                self._seed_base, self._resets = check_u64(seed, "seed", "reset the batched games"), 0
                new: Optional[int] = self._seed_base
            elif self._moved:
                self._resets += 1
                digest = hashlib.sha256(b"%d/%d" % (self._seed_base, self._resets)).digest()
                new = int.from_bytes(digest[:8], "little")
            else:
                new = None
            if new is not None:
                rc = _a.c_function("mana_batch_reset")(b, new)
                if rc < 0:
                    fail(rc, "reset the batched games")
                self._moved = False
            rc = _a.c_function("mana_batch_observe")(b, self._flags, self._ptrs[0], self._ptrs[1])
            if rc < 0:
                fail(rc, "observe the batched games")
            return self.observations, self.masks

    def step(self, actions: Sequence[int]) -> Tuple[Any, Any, Any, Any, Any]:
        """Plays one action per game (see the class docstring): actions is
        a sequence or array of N integer ids (any integer dtype).  ManaError
        EILLEGAL (no game changed) if an action is not legal in its game
        or outside 0..940, EINVAL (also an OverflowError) for one no C int
        holds; TypeError for float, bool or object actions, ValueError
        for a shape other than (N,): never a silently wrapped or truncated
        id."""
        np = _np
        with self._held() as b:
            if isinstance(actions, np.ndarray) and actions.dtype == np.int32 and \
                    actions.flags.c_contiguous and actions.shape == (self.num_envs,):
                acts = actions
            else:
                acts = self.actions
                acts[:] = self._checked_actions(actions)
            o, m, r, d = self._ptrs
            rc = self._step(b, acts.ctypes.data, self._flags, o, m, r, d)
            self._moved |= rc >= 0 or rc == ErrorCode.ENOMEM  # an illegal action moves no game
            if rc < 0:
                fail(rc, "step the batched games")
            return self.observations, self.masks, self.rewards, self.dones == _a.BATCH_TERMINATED, self.dones == _a.BATCH_TRUNCATED

    def _checked_actions(self, actions: Any) -> Any:
        """actions as an integer array of shape (N,): TypeError for floats,
        bools or objects, ManaError EINVAL (an OverflowError too) for ids
        that do not fit a C int (never a silent wrap or truncation)."""
        a = _np.asarray(actions)
        ints_beyond_64_bits = a.dtype.kind == "O" and all(type(x) is int for x in a.flat)
        if not ints_beyond_64_bits and a.dtype.kind not in "iu":
            raise TypeError("actions must be integers, not %s" % a.dtype)
        if a.shape != (self.num_envs,):
            raise ValueError("actions must have shape (%d,), not %s" % (self.num_envs, a.shape))
        for bad in (a.min(), a.max()) if a.size else ():
            if not INT_MIN <= int(bad) <= INT_MAX:  # the rest is checked in C
                raise refused(int(bad), "action id", "0..%d" % (_a.ACTION_COUNT - 1),
                              "step the batched games")
        return a

    @property
    def to_play(self) -> Any:
        """Each game's side to move: 1 Black, 0 White (plane 8)."""
        return self.observations[:, 8, 0, 0]

    def game(self, i: SupportsIndex) -> Game:
        """An independent copy (a mana.Game) of game i as it stands."""
        k = check_arg(i, "index", 0, self.num_envs - 1, "read a batched game")
        with self._held() as b:
            g = _a.c_function("mana_batch_game")(b, k)
            if not g:
                fail(-1, "read batched game %d" % k)
            c = lib.mana_clone(g)
        if not c:
            fail(-6, "copy batched game %d" % k)
        return Game._adopt(c, self._start.preset, None)

    def sample_actions(self, rng: Any) -> Any:
        """A uniformly random legal action per game, int32 (N,), drawn with
        rng (a numpy Generator), from the current masks."""
        np = _np
        counts = self.masks.sum(axis=1, dtype=np.int64)
        flat = np.flatnonzero(self.masks)
        starts = np.cumsum(counts) - counts
        pick = flat[starts + (rng.random(self.num_envs) * counts).astype(np.int64)]
        out: Any = (pick - np.arange(self.num_envs) * _a.ACTION_COUNT).astype(np.int32)
        return out

    def playout(self) -> Tuple[Any, Any]:
        """Plays every game to its end with uniformly random moves (in C)
        and resets them; returns (final statuses int32 (N,): 2 White won,
        3 Black won, 4 drawn; plies int32 (N,))."""
        with self._held() as b:
            rc = _a.c_function("mana_batch_playout")(b, self._results.ctypes.data,
                                                     self._plies.ctypes.data)
            self._moved |= rc >= 0 or rc == ErrorCode.ENOMEM
            if rc < 0:
                fail(rc, "play the batched games out")
            return self._results, self._plies
