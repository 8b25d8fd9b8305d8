# SPDX-License-Identifier: MIT
"""Stateful property-based tests (hypothesis's RuleBasedStateMachine) of
the Python objects: sequences of calls chosen by hypothesis on Game, Bot
and the environments, with the invariants checked after each call
against a model kept in Python (the moves played, the positions seen).

Kept to a few seconds for make check: derandomized (the same sequences
every run), no deadline, a few dozen sequences of a few dozen steps.
MANA_HYPOTHESIS_EXAMPLES raises the number of sequences for a longer
search."""

import copy
import os
import pickle
from typing import List, Optional

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import settings, strategies as st  # noqa: E402
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,  # noqa: E402
                                 rule)

import mana  # noqa: E402
from conftest import NEEDS_BOTS  # noqa: E402
import mana.engine  # noqa: E402
import mana.env  # noqa: E402

EXAMPLES = int(os.environ.get("MANA_HYPOTHESIS_EXAMPLES", "25"))
SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=30, deadline=None, derandomize=True,
                    database=None)


class GameMachine(RuleBasedStateMachine):
    """Game: play/push/pop/undo, copies, record round trips, close.  The
    model: the list of (position before, move text) of the game's
    history since its start position."""

    def __init__(self) -> None:
        super().__init__()
        self.game = mana.Game()
        self.start = ""
        self.stack: List[str] = []  # the position before each move
        self.base = 0  # the moves of the setup, before the model's
        self.closed = False

    @initialize(seed=st.integers(0, 2 ** 64 - 1), preset=st.sampled_from(["jactalea", "cosmoludo"]))
    def begin(self, seed: int, preset: str) -> None:
        self.game = mana.Game(preset)
        with pytest.raises(IndexError):  # nothing to undo yet
            self.game.pop()
        self.game.setup_random(seed)  # the setup's moves are its first history
        self.start = self.game.position
        self.base = len(self.game.history())

    @precondition(lambda self: not self.closed)
    @rule(pick=st.integers(0, 10 ** 6), push=st.booleans())
    def play(self, pick: int, push: bool) -> None:
        moves = self.game.legal_moves()
        if not moves:
            assert self.game.is_over()
            return
        move = list(moves)[pick % len(moves)]
        before = self.game.position
        (self.game.push if push else self.game.play)(move)
        self.stack.append(before)

    @precondition(lambda self: not self.closed)
    @rule(pop=st.booleans())
    def undo(self, pop: bool) -> None:
        if not self.stack:  # the setup's moves are not the model's
            return
        (self.game.pop if pop else self.game.undo)()
        assert self.game.position == self.stack.pop()

    @precondition(lambda self: not self.closed)
    @rule(how=st.sampled_from(["copy", "deepcopy", "pickle", "clone"]))
    def copy_is_the_same_and_independent(self, how: str) -> None:
        other = {"copy": copy.copy, "deepcopy": copy.deepcopy, "clone": lambda g: g.clone(),
                 "pickle": lambda g: pickle.loads(pickle.dumps(g))}[how](self.game)
        assert other.position == self.game.position
        assert other.history() == self.game.history()
        if other.legal_moves():
            other.play(other.legal_moves()[0])
            assert other.ply == self.game.ply + 1
        other.close()

    @precondition(lambda self: not self.closed)
    @rule()
    def record_round_trip(self) -> None:
        again = mana.read_record(self.game.record())
        assert again.position == self.game.position
        assert again.history() == self.game.history()
        assert again.status == self.game.status
        again.close()

    @rule()
    def close(self) -> None:
        self.game.close()
        self.closed = True
        with pytest.raises(ValueError):
            self.game.legal_moves()

    @invariant()
    def history_matches_the_model(self) -> None:
        if self.closed:
            assert self.game.closed
            return
        assert len(self.game.history()) == self.base + len(self.stack)
        assert self.game.position == self.start or self.stack
        over = self.game.is_over()
        assert over == (self.game.outcome() is not None) or self.game.status == mana.Status.SETUP
        if not over:
            assert self.game.perft(1) == len(self.game.legal_moves())

    def teardown(self) -> None:
        self.game.close()


class BotMachine(RuleBasedStateMachine):
    """Bot: options, analyse/play under small limits, clear, stop, close;
    the game searched is never changed and every move is legal in it."""

    def __init__(self) -> None:
        super().__init__()
        self.bot: Optional[mana.Bot] = None
        self.game = mana.Game()
        self.game.setup_random(1)
        self.closed = False

    @initialize(kind=st.sampled_from(["random", "ab", "mcts"]), seed=st.integers(0, 2 ** 64 - 1))
    def begin(self, kind: str, seed: int) -> None:
        self.bot = mana.Bot(kind, seed=seed, nodes=300, iterations=100)
        self.kind = kind

    @precondition(lambda self: not self.closed)
    @rule(name=st.sampled_from(["Threads", "MultiPV", "Hash", "Seed", "Eval"]), value=st.integers(-2, 20))
    def option(self, name: str, value: int) -> None:
        assert self.bot is not None
        valid = {"Threads": 1 <= value <= 4, "MultiPV": 1 <= value <= 16, "Hash": 1 <= value <= 4,
                 "Seed": value >= 0, "Eval": value in (0, 1)}[name]
        if name in ("Threads", "Hash") and value > 4:
            return  # large tables and thread counts: slow, not wrong
        if valid:
            self.bot.set_option(name, value)
            assert self.bot.get_option(name) == value
        else:
            with pytest.raises(ValueError):
                self.bot.set_option(name, value)

    @precondition(lambda self: not self.closed)
    @rule(pick=st.integers(0, 10 ** 6))
    def advance_game(self, pick: int) -> None:
        moves = self.game.legal_moves()
        if moves:
            self.game.play(list(moves)[pick % len(moves)])

    @precondition(lambda self: not self.closed)
    @rule(analyse=st.booleans(), depth=st.integers(1, 3))
    def search(self, analyse: bool, depth: int) -> None:
        assert self.bot is not None
        before = self.game.position
        limit = mana.engine.Limit(depth=depth, nodes=400, iterations=100)
        if self.game.is_over():
            with pytest.raises(mana.ManaError):
                self.bot.play(self.game, limit)
            return
        if analyse:
            info = self.bot.analyse(self.game, limit)
            assert not info.pv or info.pv[0] in self.game.legal_moves()
        else:
            result = self.bot.play(self.game, limit)
            assert result.move in self.game.legal_moves()
            assert result.info.pv[:1] in ([], [result.move])
        assert self.game.position == before

    @precondition(lambda self: not self.closed)
    @rule()
    def clear_and_stop(self) -> None:
        assert self.bot is not None
        self.bot.stop()  # no search running: a no-op
        self.bot.clear()

    @rule()
    def close(self) -> None:
        assert self.bot is not None
        self.bot.close()
        self.closed = True
        with pytest.raises(ValueError):
            self.bot.play(self.game)

    @invariant()
    def kind_and_state(self) -> None:
        if self.bot is None:
            return
        assert self.bot.closed == self.closed
        if not self.closed:
            assert self.bot.kind == self.kind

    def teardown(self) -> None:
        if self.bot is not None:
            self.bot.close()
        self.game.close()


class EnvMachine(RuleBasedStateMachine):
    """ManaEnv and ManaVectorEnv: reset and step with legal actions (and
    illegal ones, refused without a change); masks always match the
    games' legal moves."""

    def __init__(self) -> None:
        super().__init__()
        self.env = mana.env.ManaEnv(seed=0)
        self.vec = mana.env.ManaVectorEnv(3, seed=0)
        self.masks = self.vec.reset()[1].copy()

    @rule(seed=st.integers(0, 2 ** 64 - 1))
    def reset(self, seed: int) -> None:
        self.env.reset(seed=seed)
        self.masks = self.vec.reset(seed=seed)[1].copy()

    @rule(pick=st.integers(0, 10 ** 6))
    def step_env(self, pick: int) -> None:
        if not self.env.agents:
            self.env.reset()
            return
        legal = [i for i, ok in enumerate(self.env.action_mask()) if ok]
        if self.env.terminations[self.env.agent_selection] or self.env.truncations[self.env.agent_selection]:
            self.env.step(None)
            return
        ply = self.env.game.ply
        self.env.step(legal[pick % len(legal)])
        assert self.env.game.ply == ply + 1 or self.env.game.is_over() or \
            self.env.game.status == mana.Status.SETUP

    @rule(picks=st.lists(st.integers(0, 10 ** 6), min_size=3, max_size=3), bad=st.booleans())
    def step_vector(self, picks: List[int], bad: bool) -> None:
        legal = [[i for i, ok in enumerate(row) if ok] for row in self.masks]
        actions = [row[p % len(row)] for row, p in zip(legal, picks)]
        if bad:
            illegal = [i for i in range(mana.ACTION_COUNT) if not self.masks[0][i]][picks[0] % 100]
            with pytest.raises(mana.ManaError):
                self.vec.step([illegal] + actions[1:])
            return
        obs, masks, rewards, terms, truncs = self.vec.step(actions)
        assert obs.shape[0] == 3 and set(rewards.tolist()) <= {-1.0, 0.0, 1.0}
        self.masks = masks.copy()

    @invariant()
    def masks_are_the_legal_moves(self) -> None:
        for i in range(3):
            g = self.vec.game(i)
            assert sorted(g.move_to_action(m) for m in g.legal_moves()) == \
                [a for a in range(mana.ACTION_COUNT) if self.masks[i][a]]
            g.close()

    def teardown(self) -> None:
        self.env.close()
        self.vec.close()


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = SETTINGS
TestBotMachine = NEEDS_BOTS(BotMachine.TestCase)
TestBotMachine.settings = settings(SETTINGS, max_examples=max(5, EXAMPLES // 2), stateful_step_count=20)
TestEnvMachine = EnvMachine.TestCase
TestEnvMachine.settings = SETTINGS
