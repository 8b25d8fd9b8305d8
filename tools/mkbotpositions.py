#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Writes tests/data/bot_positions.txt: the 50 positions on which the bots
are compared through the engine protocol, Python's mana.Bot and
JavaScript's Bot (bindings/python/tests/test_bot.py,
bindings/js/test/bot.test.js).

Position i (0..49) is a game of preset cosmoludo when i % 5 == 4, else
jactalea, set up by mana_setup_random with seed 1000 + i, then played on
for a number of random plies drawn from random.Random(2026) (0..39; the
last ply is taken back when it ends the game), so they range from the
opening to the endgame.  Deterministic: the same file on every run.

    PYTHONPATH=<an installed mana package> /usr/bin/python3 tools/mkbotpositions.py \\
        > tests/data/bot_positions.txt
"""

import random
import sys

import mana


def positions(count: int = 50) -> "list[tuple[str, str]]":
    rng = random.Random(2026)
    out = []
    for i in range(count):
        preset = "cosmoludo" if i % 5 == 4 else "jactalea"
        g = mana.Game(preset)
        g.setup_random(1000 + i)
        for _ in range(rng.randrange(40)):
            g.play(rng.choice(list(g.legal_moves)))
            if g.is_over():
                g.pop()
                break
        out.append((preset, g.position))
        g.close()
    return out


def main() -> int:
    sys.stdout.write("# The bots' cross-check positions: preset, then MFN.\n"
                     "# Written by tools/mkbotpositions.py; do not edit.\n")
    for preset, mfn in positions():
        sys.stdout.write("%s %s\n" % (preset, mfn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
