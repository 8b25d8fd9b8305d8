# SPDX-License-Identifier: MIT
"""Attack maps and Damyo threats, worked out by hand.

Position 5d/6/6/6/r5/RD4 w 1 0, orientation 0 (docs/rules.md "Board and
coordinates": rank 1 reads 1 3 2 2 1 3, rank 2 reads 2 1 3 1 3 2, rank 6
reads 2 2 3 1 2 2): White Ronin a1 (1 mark), White Damyo b1 (3 marks),
Black Ronin a2 (2 marks), Black Damyo f6 (2 marks); White to move, Mana 1.
"""

import pytest

import mana
from mana import _reach

MFN = "5d/6/6/6/r5/RD4 w 1 0"
S = mana.square


@pytest.fixture
def g() -> mana.Game:
    return mana.Game(position=MFN)


def test_pieces(g: mana.Game) -> None:
    assert g.pieces(mana.Color.WHITE) == (S("b1"), frozenset({S("a1")}))
    assert g.pieces(mana.Color.BLACK) == (S("f6"), frozenset({S("a2")}))
    assert mana.Game().pieces(mana.Color.WHITE) == (None, frozenset())


def test_piece_reach(g: mana.Game) -> None:
    # a1, one mark: one step; b1 holds its own Damyo, a2 an enemy (capture).
    assert g.piece_reach("a1") == {S("a2")}
    # b1, three marks: three steps through empty squares, none twice, not
    # through a1 (own) or a2 (enemy, not the last step):
    # c1-d1-e1, c1-d1-d2, c1-c2-c3, c1-c2-b2, c1-c2-d2, b2-c2-c1, b2-c2-c3,
    # b2-c2-d2, b2-b3-a3, b2-b3-c3, b2-b3-b4.
    assert g.piece_reach("b1") == {S(n) for n in ("e1", "d2", "c3", "b2", "c1", "a3", "b4")}
    with pytest.raises(mana.ManaError) as e:
        g.piece_reach("c4")  # empty
    assert e.value.code == mana.ErrorCode.EINVAL
    with pytest.raises(OverflowError):
        g.piece_reach(2 ** 32 + 1)


def test_reach_maps(g: mana.Game) -> None:
    one, two, three = g.reach_maps(mana.Color.BLACK)
    # Both Black pieces stand on 2-mark squares.
    assert one == frozenset() and three == frozenset()
    assert two == g.piece_reach("a2") | g.piece_reach("f6")
    assert S("b1") in two  # a2-b2-b1 takes the White Damyo
    assert _reach.bits(two) >> S("b1") & 1


def test_reach_steps(g: mana.Game) -> None:
    # White: a1 (1 mark) reaches a2 only; its Damyo b1 (3 marks) the 7
    # squares of test_piece_reach.  Black, both pieces on 2 marks: a2
    # steps a2-a3-a4, a2-a3-b3, a2-b2-b1 (the White Damyo), a2-b2-c2,
    # a2-b2-b3 (not through a1, a White piece): ends {a4 b3 b1 c2}; its
    # Damyo f6: f6-f5-f4, f6-f5-e5, f6-e6-d6, f6-e6-e5: ends {f4 e5 d6}.
    maps, steps, damyo = g.reach_steps(mana.Color.WHITE)
    assert maps == g.reach_maps(mana.Color.WHITE)
    assert steps == (1, 0, 7) and damyo == 7
    assert g.piece_reach("a2") == {S(n) for n in ("a4", "b3", "b1", "c2")}
    assert g.piece_reach("f6") == {S(n) for n in ("f4", "e5", "d6")}
    maps, steps, damyo = g.reach_steps("Black")
    assert maps == g.reach_maps(mana.Color.BLACK)
    assert steps == (0, 7, 0) and damyo == 3
    assert mana.Game().reach_steps(mana.Color.WHITE) == ((frozenset(),) * 3, (0, 0, 0), 0)
    with pytest.raises(ValueError):
        g.reach_steps(2)


def test_binding() -> None:
    # As tests/check_reach.c works them out: White's lone Damyo on f1 (3
    # marks) starts every path through e1 or f2, Black Ronins: no step;
    # reserve 5: re-entries only; without them it can only pass.  On
    # 6/6/2d3/R1R3/5R/4RD the bound f1 is boxed by its own e1 and f2, which
    # may step (as may a3 and c3), or a Ronin re-enter; under Mana 2 a3 and
    # f2 are bound and can step.
    B = mana.Binding
    assert mana.Game(position="6/6/6/6/5r/3drD w 3 0").binding == B.EXCEPTION | B.REENTRY
    g = mana.Game(position="6/6/6/6/5r/3drD w 3 0", reentry_when_blocked=False)
    assert g.binding == B.EXCEPTION and [str(m) for m in g.legal_moves()] == ["pass"]
    assert mana.Game(position="6/6/2d3/R1R3/5R/4RD w 3 0").binding == B.EXCEPTION | B.STEPS | B.REENTRY
    assert mana.Game(position="6/6/2d3/R1R3/5R/4RD w 2 0").binding is B.BOUND
    assert mana.Game(position="6/6/2d3/R1R3/5R/4RD w - 0").binding == B(0)
    assert mana.Game().binding == 0  # setup


def test_reach_under_matches_the_legal_moves(g: mana.Game) -> None:
    n, steps, drops = g.reach_under(mana.Color.WHITE, 1)
    legal = g.legal_moves()
    assert n == len(legal)
    assert steps == {m.to_square for m in legal if m.kind == mana.MoveKind.STEP}
    assert drops == frozenset()
    for bad in (-1, 4):
        with pytest.raises(mana.ManaError):
            g.reach_under(mana.Color.WHITE, bad)
    with pytest.raises(OverflowError):
        g.reach_under(mana.Color.WHITE, 2 ** 32 + 1)


def test_damyo_threats(g: mana.Game) -> None:
    # White (to move) cannot take f6; a1xa2 takes a Ronin only.
    assert not g.damyo_capturable()
    # Whatever the Mana, Black's a2 (2 marks) may step a2-b2-b1 onto the
    # White Damyo: bound under 0 and 2, and under 1 and 3 no Black piece
    # stands on such a square, so every piece may move.
    for m in range(4):
        assert g.damyo_threats(m) == [(S("a2"), S("b1"))]
    with pytest.raises(mana.ManaError):
        g.damyo_threats(4)
    with pytest.raises(mana.ManaError) as e:
        mana.Game().damyo_threats(1)
    assert e.value.code == mana.ErrorCode.ESTATE
