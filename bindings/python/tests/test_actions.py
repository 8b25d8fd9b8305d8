# SPDX-License-Identifier: MIT
"""Action ids, masks and observations from Python (mana.actions, Game)."""

import random

import numpy as np
import pytest

import mana
from mana import actions

START = "rrdrrr/6/6/6/6/RRRDRR b - 0"

OPTION_SETS = [
    dict(preset=p, damyo_on_double=d, reentry=r, reentry_when_blocked=w, blocked=b)
    for p in ("jactalea", "cosmoludo") for d in (False, True) for r in ("any", "mana_mark")
    for w in (False, True) for b in ("pass", "draw", "loss")
]


def check_state(g: mana.Game) -> None:
    mask = g.legal_action_mask()
    moves = g.legal_moves()
    assert mask.dtype == np.uint8 and mask.shape == (mana.ACTION_COUNT,)
    assert int(mask.sum()) == len(moves)
    for m in moves:
        a = g.move_to_action(m)
        assert mask[a] == 1
        assert g.action_to_move(a) == m
    legal = set(int(x) for x in np.flatnonzero(mask))
    assert legal == {g.move_to_action(m) for m in moves}


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_mask_agrees_with_legal_moves_on_random_walks(opts: dict) -> None:
    opts = dict(opts)
    rng = random.Random(str(opts))
    preset = opts.pop("preset")
    colours = set()
    for _ in range(3):
        g = mana.Game(preset, ply_limit=200, **opts)
        while not g.is_over():
            check_state(g)
            colours.add((g.status, g.side_to_move))
            g.play(rng.choice(g.legal_moves()))
        check_state(g)
    assert len(colours) == 4  # setup and play, both colours


def test_start_observation_by_hand() -> None:
    # Black to move at the start: in Black's view its Damyo c6 is cell
    # 35 - 32 = 3 (d1), its Ronins a6 b6 d6 e6 f6 cells 5 4 2 1 0; White's
    # Damyo d1 is cell 32.  Absolute view: White's Damyo on d1 (3).
    g = mana.Game(position=START)
    pov = g.observation(side_to_move=True)
    assert pov.shape == mana.OBSERVATION_SHAPE
    assert np.flatnonzero(pov[0]).tolist() == [3]
    assert np.flatnonzero(pov[1]).tolist() == [0, 1, 2, 4, 5]
    assert np.flatnonzero(pov[2]).tolist() == [32]
    assert pov[8].min() == 1 and pov[11].max() == 0
    ab = g.observation()
    assert np.flatnonzero(ab[0]).tolist() == [3]
    assert np.flatnonzero(ab[2]).tolist() == [32]
    # 1-mark squares of orientation 0 (docs/rules.md "Board and coordinates"): a1 e1 b2 d2 c3 e3 b4 f4 a5 c5 e5 d6
    want = [mana.square(s) for s in "a1 e1 b2 d2 c3 e3 b4 f4 a5 c5 e5 d6".split()]
    assert np.flatnonzero(ab[4]).tolist() == sorted(want)


def test_out_arrays_are_filled_in_place() -> None:
    g = mana.Game(position=START)
    obs = np.full(mana.OBSERVATION_SHAPE, 9, dtype=np.uint8)
    assert g.observation(out=obs) is obs
    assert (obs == g.observation()).all()
    mask = np.zeros(mana.ACTION_COUNT, dtype=np.uint8)
    assert g.legal_action_mask(out=mask) is mask and mask.sum() == 16
    buf = bytearray(actions.OBSERVATION_SIZE)
    g.observation(out=buf)
    assert bytes(buf) == obs.tobytes()
    with pytest.raises(ValueError):
        g.observation(out=np.zeros(mana.OBSERVATION_SHAPE, dtype=np.float32))
    with pytest.raises(ValueError):
        g.legal_action_mask(out=np.zeros(940, dtype=np.uint8))
    with pytest.raises(TypeError):
        g.legal_action_mask(out=[0] * 941)


def test_ids_by_hand_and_errors() -> None:
    g = mana.Game(position="rrdrrr/6/6/6/6/RRRDRR w - 0")
    assert g.move_to_action("a1-a2") == 3  # 24 * 0 + k 3 (0, +1)
    assert g.move_to_action(mana.Move(0x3000 | (14 << 6), "R@c3")) == 864 + 14
    with pytest.raises(mana.ManaError) as e:
        g.action_to_move(0)  # a1 and one rank down: off the board
    assert e.value.code == mana.ErrorCode.EINVAL
    with pytest.raises(mana.ManaError) as e:
        g.action_to_move(940)  # pass: not legal here
    assert e.value.code == mana.ErrorCode.EILLEGAL
    with pytest.raises(OverflowError):
        g.action_to_move(2 ** 40)
    with pytest.raises(mana.ManaError):
        g.action_to_move(941)


def test_board_in_one_call() -> None:
    g = mana.Game(position=START)
    b = g.board()
    assert b == "RRRDRR" + "." * 24 + "rrdrrr"
    assert all((g.piece_at(sq) or ".") == b[sq] for sq in range(36))


def turned(mfn: str) -> str:
    """START-like MFN turned a quarter turn clockwise (orientation + 1)."""
    g = mana.Game(position=mfn)
    b = g.board()
    t = ["."] * 36
    for sq in range(36):
        t[6 * (5 - sq % 6) + sq // 6] = b[sq]
    rows = []
    for r in range(5, -1, -1):
        row, run = "", 0
        for f in range(6):
            c = t[6 * r + f]
            if c == ".":
                run += 1
                continue
            row += (str(run) if run else "") + c
            run = 0
        rows.append(row + (str(run) if run else ""))
    side, mana_, orient = mfn.split()[1:]
    return "/".join(rows) + " %s %s %d" % (side, mana_, (int(orient) + 1) % 4)


def test_quarter_turn_symmetry_in_play() -> None:
    rng = random.Random(5)
    for _ in range(40):
        g = mana.Game(ply_limit=60)
        g.setup_random(rng.getrandbits(64))
        for _ in range(rng.randrange(20)):
            if g.is_over():
                break
            g.play(rng.choice(g.legal_moves()))
        if g.is_over():
            continue
        t = mana.Game(position=turned(g.position))
        mask, tmask = g.legal_action_mask(), t.legal_action_mask()
        assert {mana.transform_action(int(a), 1) for a in np.flatnonzero(mask)} == \
            set(np.flatnonzero(tmask).tolist())
        assert (mana.transform_observation(g.observation(True), 1) == t.observation(True)).all()


def test_without_numpy_bytes_are_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    g = mana.Game(position=START)
    want_mask, want_obs = g.legal_action_mask().tobytes(), g.observation(True).tobytes()
    monkeypatch.setattr(actions, "HAVE_NUMPY", False)
    mask, obs = g.legal_action_mask(), g.observation(True)
    assert isinstance(mask, bytes) and mask == want_mask
    assert isinstance(obs, bytes) and obs == want_obs and len(obs) == 432
    buf = bytearray(941)
    assert g.legal_action_mask(out=buf) is buf and bytes(buf) == want_mask


def test_vector_env_bad_sizes() -> None:
    from mana.env import ManaVectorEnv
    with pytest.raises(mana.ManaError):
        ManaVectorEnv(0)
    with pytest.raises(OverflowError):
        ManaVectorEnv(2 ** 40)
    env = ManaVectorEnv(2)
    with pytest.raises(ValueError):
        env.step([1, 2, 3])
