# SPDX-License-Identifier: MIT
"""Static types of the python-chess manners, checked by `mypy --strict`
(make check-python runs it on this file; pytest does not collect it).
Each assert_type fails to type-check when the type is not exactly the one
named: Game.turn was Callable[[], Color] (turn = side_to_move aliased a
property), legal_moves a method."""

from typing import Any, Dict, Iterator, List, Optional, assert_type

import numpy as np

import mana
import mana.engine
import mana.env

g = mana.Game(position="rrdrrr/6/6/6/6/RRRDRR b - 0")
assert_type(g.turn, mana.Color)
assert_type(g.side_to_move, mana.Color)
assert_type(g.legal_moves, mana.LegalMoves)
assert_type(g.legal_moves(), List[mana.Move])
assert_type(iter(g.legal_moves), Iterator[mana.Move])
assert_type(len(g.legal_moves), int)
assert_type("a6-a4" in g.legal_moves, bool)
for m in g.legal_moves:
    assert_type(m, mana.Move)
assert_type(g.push("a6-a4"), None)
assert_type(g.peek(), mana.Move)
assert_type(g.pop(), mana.Move)
assert_type(g.undo(), mana.Move) if g.ply else None
assert_type(g.copy(), mana.Game)
assert_type(g.is_game_over(), bool)
outcome = g.outcome()
assert_type(outcome, Optional[mana.Outcome])
if outcome is not None:
    assert_type(outcome.winner, Optional[mana.Color])
    assert_type(outcome.reason, mana.EndReason)
    assert_type(outcome.result(), str)

# numpy integers are accepted where an int is (typing.SupportsIndex).
assert_type(g.piece_at(np.int64(3)), Optional[str])
assert_type(g.perft(np.uint8(1)), int)
assert_type(g.action_to_move(np.int32(0)), mana.Move)
g.setup_random(np.uint64(3)) if g.status == mana.Status.SETUP else None
env = mana.env.ManaEnv(ply_limit=np.int64(40))
env.reset(seed=np.uint64(1))

# Records: text or a file object; a path through read_record_file.
assert_type(mana.read_record("Rules: jactalea\n\n"), mana.Game)
assert_type(mana.read_record_file("game.mana"), mana.Game)
assert_type(mana.read_records_file("match.mana"), Iterator[mana.Game])

# Scores and their points of view.
score = mana.engine.Score(cp=35, turn=mana.Color.BLACK)
assert_type(score.white(), mana.engine.Score)
assert_type(score.black(), mana.engine.Score)
assert_type(score.relative, mana.engine.Score)
assert_type(score.is_mate(), bool)
assert_type(score.white().cp, Optional[int])

# In-process bots: typed results, a list of lines for multipv.
with mana.Bot("ab", nodes=np.int64(2000), seed=np.uint64(1)) as bot:
    start = mana.Game(position="rrdrrr/6/6/6/6/RRRDRR w - 0")
    assert_type(bot.choose(start), mana.Move)
    played = bot.play(start, mana.engine.Limit(depth=3), info=lambda i: None)
    assert_type(played, mana.BotResult)
    assert_type(played.ponder, Optional[mana.Move])
    assert_type(bot.analyse(start), mana.BotInfo)
    assert_type(bot.analyse(start, multipv=2), List[mana.BotInfo])
    assert_type(bot.analyse(start).score, Optional[mana.engine.Score])
    assert_type(bot.analyse(start).win_rate, Optional[float])
    # python-chess's move errors: ManaErrors and ValueErrors.
    try:
        start.play("a1-a6")
    except mana.IllegalMoveError as e:
        assert_type(e, mana.IllegalMoveError)
        assert_type(e.code, int)
    bot.stop()


def engine_analyse(engine: mana.engine.SimpleEngine, game: mana.Game) -> None:
    """python-chess's analyse: an info, or a list of them for multipv."""
    limit = mana.engine.Limit(nodes=2000)
    assert_type(engine.analyse(game, limit), Dict[str, Any])
    assert_type(engine.analyse(game, limit, multipv=3), List[Dict[str, Any]])
