#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A whole game of Mana between two random players, through the mana package.

    python3 random_game.py [SEED]
"""
import random
import sys

import mana

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
rng = random.Random(seed)
# ply_limit: a draw after 1000 plies, so that the loop surely ends.
with mana.Game("cosmoludo", ply_limit=1000) as game:
    game.setup_random(seed)
    print("start:", game.position)
    while not game.is_game_over():
        game.push(rng.choice(game.legal_moves()))
    outcome = game.outcome()
    assert outcome is not None  # the game is over
    moves = game.history()[12:]  # after the 12 placements
    print("moves:", " ".join(moves))
    print("end:  ", game.position)
    print("result: %s, %s by %s after %d moves" % (
        outcome.result(), game.status.name.lower(), outcome.reason, len(moves)))
