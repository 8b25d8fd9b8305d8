# SPDX-License-Identifier: MIT
"""The environments: PettingZoo's AEC contract (the checks of
pettingzoo/test/api_test.py, without its gymnasium/pettingzoo imports) and
the vector env against the single one."""

from collections import defaultdict
from typing import Any, Dict, List

import numpy as np
import pytest

import mana
from mana.env import ManaEnv, ManaVectorEnv


def sample(env: ManaEnv, agent: str, obs: Any, info: Dict[str, Any]) -> Any:
    return env.action_space(agent).sample(obs["action_mask"])


def play_test(env: ManaEnv, num_cycles: int) -> None:
    """pettingzoo.test.api_test.play_test, check by check."""
    env.reset()
    live = set(env.agents)
    finished = set()
    generated = set()
    acc: Dict[str, float] = defaultdict(float)
    for agent in env.agent_iter(env.num_agents * num_cycles):
        generated.add(agent)
        assert agent not in finished, "agents cannot resurrect"
        assert isinstance(env.infos[agent], dict)
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else sample(env, agent, obs, info)
        live.add(agent)
        assert live.issubset(set(env.agents))
        if terminated or truncated:
            live.remove(agent)
            finished.add(agent)
        assert acc[agent] == reward, "last() reward is not the accumulated reward"
        acc[agent] = 0
        env.step(action)
        for a, rew in env.rewards.items():
            acc[a] += rew
        assert env.num_agents == len(env.agents)
        for d in (env.rewards, env.terminations, env.truncations, env.infos):
            assert set(d) == set(env.agents)
        assert set(env.agents).issubset(set(env.possible_agents))
        if not env.agents:
            break
        assert env.observation_space(agent).contains(obs), "out of bounds observation"
        assert obs["observation"].dtype == np.uint8 and obs["action_mask"].dtype == np.uint8
    if not env.agents:
        assert finished == generated


def test_aec_contract() -> None:
    env = ManaEnv(ply_limit=80)
    env.reset(seed=0, options={"options": 1})
    env.reset()
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    assert isinstance(env.num_agents, int) and env.num_agents == 2
    obs0, *_ = env.last()
    assert obs0["observation"].shape == mana.OBSERVATION_SHAPE
    assert obs0["action_mask"].sum() > 0
    non_observe, *_ = env.last(observe=False)
    assert non_observe is None
    for agent in env.agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.action_space(agent).n == mana.ACTION_COUNT
    for seed in range(12):
        env.reset(seed=seed)
        play_test(env, 1000)
    assert isinstance(env.rewards, dict) and isinstance(env.infos, dict)
    # rewards/terminations/truncations of last() match the dicts
    env.reset()
    for agent in env.agent_iter(env.num_agents * 2):
        obs, reward, terminated, truncated, info = env.last()
        assert terminated == env.terminations[agent] and truncated == env.truncations[agent]
        assert info == env.infos[agent]
        float(env.rewards[agent])
        assert env.step(sample(env, agent, obs, info)) is None
    # action flexibility: an np.int32 action after a seeded reset
    env.reset(seed=0)
    a = sample(env, env.agent_selection, env.last()[0], {})
    env.step(a)
    env.reset(seed=0)
    env.step(np.int32(a))


def test_aec_rewards_termination_and_truncation() -> None:
    # White's Ronin c5 takes Black's Damyo c6 (id 627, see check_batch.c):
    # +1 to White (player_1), -1 to Black, both terminated.
    env = ManaEnv(ply_limit=0)
    env.reset()
    env.game.set_position("2d3/2R3/6/6/6/3D2 w - 0")
    env._init_dicts()
    assert env.agent_selection == "player_1"
    env.step(627)
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": -1.0, "player_1": 1.0}
    assert env.last()[1] == -1.0  # Black's cumulative reward
    env.step(None)
    assert env.agents == ["player_1"] and env.last()[1] == 1.0
    env.step(None)
    assert env.agents == []
    # then every call that acts for the agent to move says to reset (it was
    # a bare KeyError 'player_1'), and reset() starts a new game
    for act in (lambda: env.step(0), lambda: env.step(None), env.last):
        with pytest.raises(ValueError, match="every agent is done; call reset"):
            act()
    env.reset()
    assert env.agents == ["player_0", "player_1"] and env.last()[2] is False
    # a ply limit of 1 truncates after the first move of play
    env = ManaEnv(ply_limit=1, random_setup=True)
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_mask())[0]))
    assert env.truncations == {"player_0": True, "player_1": True}
    assert not any(env.terminations.values())
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}
    with pytest.raises(ValueError):
        env.step(5)  # a truncated agent is stepped with None


def test_aec_illegal_action_leaves_game_unchanged() -> None:
    env = ManaEnv(random_setup=False)  # the setup's moves are actions
    env.reset()
    before = env.game.ply
    with pytest.raises(mana.ManaError):
        env.step(940)  # pass is not legal at the orientation choice
    assert env.game.ply == before and env.agent_selection == "player_0"


def test_setup_observation_of_both_agents() -> None:
    env = ManaEnv(random_setup=False)  # the setup's moves are actions
    env.reset()
    obs_b = env.observe("player_0")
    obs_w = env.observe("player_1")
    assert obs_b["action_mask"].sum() == 4  # O0..O3
    assert obs_w["action_mask"].sum() == 0
    assert obs_b["observation"][11].min() == 1


@pytest.mark.parametrize("random_setup", [False, True])
def test_vector_env_matches_single_env(random_setup: bool) -> None:
    n = 8
    venv = ManaVectorEnv(n, ply_limit=60, random_setup=random_setup, seed=11)
    obs, masks = venv.reset()
    singles = [venv.game(i) for i in range(n)]
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(400):
        acts = venv.sample_actions(rng)
        assert all(masks[i, acts[i]] for i in range(n))
        single_moves = [g.action_to_move(int(a)) for g, a in zip(singles, acts)]
        obs, masks, rewards, terms, truncs = venv.step(acts)
        for i, g in enumerate(singles):
            mover = g.side_to_move
            g.play(single_moves[i])
            if g.is_over():
                st = g.status
                want = 0.0 if st == mana.Status.DRAWN else (
                    1.0 if (st == mana.Status.WHITE_WON) == (mover == mana.Color.WHITE) else -1.0)
                assert rewards[i] == want
                assert terms[i] or truncs[i]
                g.close()
                singles[i] = g = venv.game(i)
                finished += 1
            else:
                assert rewards[i] == 0 and not terms[i] and not truncs[i]
            assert (obs[i] == g.observation(side_to_move=True)).all()
            assert (masks[i] == g.legal_action_mask()).all()
            assert venv.to_play[i] == int(g.side_to_move == mana.Color.BLACK)
    assert finished > 10


def test_vector_env_errors_and_playout() -> None:
    venv = ManaVectorEnv(4, ply_limit=100, seed=2)
    venv.reset()
    with pytest.raises(mana.ManaError) as e:
        venv.step([0, 0, 0, 0])
    assert e.value.code == mana.ErrorCode.EILLEGAL
    results, plies = venv.playout()
    assert set(results.tolist()) <= {2, 3, 4} and (plies >= 1).all() and (plies <= 100).all()
    venv.close()
    with pytest.raises(ValueError):
        venv.reset()


def test_vector_env_refuses_wrapped_or_truncated_actions() -> None:
    venv = ManaVectorEnv(3, seed=5)
    _, masks = venv.reset()
    legal = np.array([int(np.flatnonzero(m)[0]) for m in masks], np.int64)
    before = venv.observations.copy()
    # legal + 2**32 would wrap to the legal ids in an int32 cast
    with pytest.raises(OverflowError):
        venv.step(legal + 2 ** 32)
    with pytest.raises(OverflowError):
        venv.step([int(x) + 2 ** 70 for x in legal])
    # legal + 0.9 would truncate to the legal ids
    with pytest.raises(TypeError):
        venv.step(legal.astype(np.float64) + 0.9)
    with pytest.raises(TypeError):
        venv.step([float(x) for x in legal])
    with pytest.raises(TypeError):
        venv.step(np.ones(3, bool))
    with pytest.raises(ValueError):
        venv.step(legal[:2])
    assert (venv.observations == before).all()
    venv.step(legal)  # int64 ids that fit are played
    assert not (venv.observations == before).all()


def test_vector_env_size_range() -> None:
    for n in (0, -1, 10 ** 7):  # 10**7 used to report "out of memory"
        with pytest.raises(mana.ManaError, match="1..1000000") as e:
            ManaVectorEnv(n)
        assert e.value.code == mana.ErrorCode.EINVAL
    with pytest.raises(OverflowError):
        ManaVectorEnv(2 ** 40)


def test_env_step_refuses_floats_and_bools() -> None:
    env = ManaEnv()
    env.reset(seed=1)
    a0 = int(np.flatnonzero(env.action_mask())[0])
    history = env.game.history()
    for bad in (a0 + 0.9, 1.5, float(a0), True, np.float64(a0)):
        with pytest.raises(TypeError):
            env.step(bad)
    with pytest.raises(OverflowError):
        env.step(a0 + 2 ** 32)
    assert env.game.history() == history
    env.step(np.int64(a0))
    assert len(env.game.history()) == len(history) + 1


def test_envs_refuse_an_unknown_rule_option_as_a_type_error() -> None:
    # the options are Game's (Game(**options)): an unknown keyword is a
    # TypeError naming it and the class called, and a known one still works
    for name, make in (("ManaEnv", lambda: ManaEnv(colour="blue")),
                       ("ManaVectorEnv", lambda: ManaVectorEnv(2, colour="blue"))):
        with pytest.raises(TypeError, match=r"^%s\(\) got an unexpected keyword argument 'colour' " % name):
            make()
    assert ManaEnv(blocked="draw").game.get_option("blocked") == 1


def test_vector_env_reset_without_seed_resets() -> None:
    # reset() without a seed only observed: after 3 steps every game still
    # had its 16 moves (break-it 2, F4).  Now it starts new games, the
    # same ones for the same seeds.
    def run() -> List[bytes]:
        venv = ManaVectorEnv(4, seed=1)
        rng = np.random.default_rng(0)
        obs, _ = venv.reset()
        start = obs.copy()
        assert [len(venv.game(i).move_stack) for i in range(4)] == [13] * 4  # the setup only
        for _ in range(3):
            venv.step(venv.sample_actions(rng))
        assert [len(venv.game(i).move_stack) for i in range(4)] == [16] * 4
        obs, _ = venv.reset()
        assert [len(venv.game(i).move_stack) for i in range(4)] == [13] * 4
        assert not (obs == start).all()  # new setups, not the first ones again
        again = obs.copy()
        assert (venv.reset()[0] == again).all()  # nothing moved: the same games
        assert (venv.reset(seed=1)[0] == start).all()  # the seed restarts the sequence
        return [start.tobytes(), again.tobytes()]
    assert run() == run()
