#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A whole game of Mana between the alpha-beta bot (White) and the Monte
Carlo tree search bot (Black), searched in this process by mana.Bot, each
move printed with its score from White's view (Score.white()).  The bots
choose their own setups (the orientation and each placement), as in
mana-cli match; the same seed gives the same game.

    python3 bot_game.py [SEED]
"""
import sys

import mana
import mana.engine

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 2  # 2: a long game, 45 plies of play
limits = {"ab": mana.engine.Limit(nodes=20000), "mcts": mana.engine.Limit(iterations=2000)}
with mana.Bot("ab", seed=seed) as ab, mana.Bot("mcts", seed=seed) as mcts, \
        mana.Game(ply_limit=300) as game:
    bots = {mana.Color.WHITE: ab, mana.Color.BLACK: mcts}
    while not game.is_game_over():
        bot = bots[game.turn]
        result = bot.play(game, limits[bot.kind])
        score = result.info.score
        print("%-5s %-4s %-8s %s" % (game.turn.name.lower(), bot.kind, result.move,
                                      "-" if score is None else score.white()))
        game.push(result.move)
    outcome = game.outcome()
    assert outcome is not None  # the game is over
    print("result: %s (%s)" % (outcome.result(), outcome.reason))
