#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""setups.py - setup soundness (docs/strength.md "Sound setups"): White
places last and sees every Black piece; after ab's six placements, Black
(who moves first) must have no forced capture of White's Damyo within 13
plies, proven by the exact solver.

    setups.py generate --cli CLI [--first S] [--count N] [-o FILE]
    setups.py check --cli CLI --solve SOLVE [--go LIMIT] [--every K]
                    [--min-sound N] [FILE]
    setups.py black --cli CLI --solve SOLVE [--go LIMIT] [--first S]
                    [--count N] [--random FILE [--every K]]

generate draws N random Black setups (orientation and six placements), the
one of seed S, S + 1, ...: the `random` bot of `mana-cli engine` with
`setoption name Seed value SEED` and `newgame`, asked for each of Black's
seven setup moves in turn (each a uniform choice among the legal ones).
Each line of the file is `SEED MOVE...`, the seven moves.

check plays ab as White on every K-th setup: for each of White's six
placements `position startpos moves ...` (Black's setup and White's
placements so far) and `go LIMIT`, after `newgame` at each setup; then it
solves the start position (`solve --depth 13`, Black to move) and counts
the setups without a forced win for Black: the sound ones.  It lists the
others with the solver's winning line, and exits 1 if fewer than
--min-sound are sound (the floor of `make check-setups`).

black measures Black's side: ab chooses Black's orientation and six
placements at LIMIT (`setoption name Seed value SEED` then `newgame`, for
the seeds S .. S + N - 1: the setup search draws random completions, so
the seed varies the setup), or, with --random, Black's setups are a
setups file's random ones (every K-th) as a baseline. ab then places
White's six pieces at LIMIT. For each setup it reports whether Black (to
move) wins by force within P plies (--plies, 13), whether White does
within P - 1 after
ab's placements, and whether White has any last placement at all (every
legal one, after ab's first five) that wins by force within P - 1: White's
best placement, found exhaustively by the solver.
"""

import argparse
import sys
import time
from pathlib import Path
from typing import List, Sequence, Tuple

from tactics import Engine, parsers, run, solve

SOUND_PLIES = 13
BLACK_MOVES = 7  # orientation and six placements
WHITE_MOVES = 6


def draw_setup(engine: Engine, seed: int, limit: str = "nodes 1") -> List[str]:
    """Black's setup (orientation, six placements) of seed, from the
    engine's bot (random for generate, ab for black), each move searched
    at limit."""
    engine.send(f"setoption name Seed value {seed}")
    engine.send("newgame")
    moves: List[str] = []
    for _ in range(BLACK_MOVES):
        moves.append(engine.best(" ".join(["startpos", "moves"] + moves), limit))
    return moves


def generate(a: argparse.Namespace) -> None:
    """The generate command."""
    engine = Engine(a.cli, "random")
    rows = [f"{s} {' '.join(draw_setup(engine, s))}" for s in range(a.first, a.first + a.count)]
    engine.close()
    head = [f"# {a.output} - {a.count} random Black setups (orientation, six placements) for the setup",
            "# soundness check (docs/strength.md \"Sound setups\"): SEED MOVE..., rebuilt by",
            f"#   /usr/bin/python3 tools/strength/setups.py generate --cli {a.cli} --first {a.first} "
            f"--count {a.count} -o {a.output}",
            "# (the engine's random bot, Seed = SEED, one uniform choice a move)."]
    Path(a.output).write_text("\n".join(head + rows) + "\n")


def white_setup(engine: Engine, black: List[str], limit: str) -> List[str]:
    """ab's six placements against Black's setup, each searched at limit."""
    engine.send("newgame")
    moves = list(black)
    for _ in range(WHITE_MOVES):
        moves.append(engine.best("startpos moves " + " ".join(moves), limit))
    return moves


def read_setups(path: str) -> List[Tuple[str, List[str]]]:
    """The (seed, Black's moves) of a setups file."""
    rows: List[Tuple[str, List[str]]] = []
    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        w = line.split()
        if not w or w[0].startswith("#"):
            continue
        if len(w) != BLACK_MOVES + 1 or not w[0].isdigit():
            raise SystemExit(f"setups: {path}:{n}: expected SEED and {BLACK_MOVES} moves: {line}")
        rows.append((w[0], w[1:]))
    return rows


def check(a: argparse.Namespace) -> int:
    """The check command; the exit code."""
    rows = read_setups(a.file)[::a.every]
    start = time.monotonic()
    engine = Engine(a.cli, "ab")
    games = {seed: white_setup(engine, black, a.go) for seed, black in rows}
    engine.close()
    seconds = time.monotonic() - start
    verdicts = solve(a.solve, ["--depth", str(SOUND_PLIES)], (f"{s} moves {' '.join(m)}" for s, m in games.items()))
    lost = [s for s, _ in rows if verdicts[s].plies > 0]
    for s in lost:
        v = verdicts[s]
        print(f"  seed {s}: {' '.join(games[s][BLACK_MOVES:])}: Black wins in {v.plies} plies: {' '.join(v.line)}")
    sound = len(rows) - len(lost)
    print(f"setups: ab at go {a.go} as White, {len(rows)} setups (every {a.every}), {seconds:.1f} s of search: "
          f"{sound} sound (no forced Black win within {SOUND_PLIES} plies), {len(lost)} lost")
    if a.min_sound is not None and sound < a.min_sound:
        print(f"setups: {sound} sound, below the floor of {a.min_sound}")
        return 1
    return 0


def black_setups(a: argparse.Namespace, engine: Engine) -> List[Tuple[str, List[str]]]:
    """Black's setups for the black command: ab's, one a seed, or the
    random ones of a file."""
    if a.random:
        return read_setups(a.random)[::a.every]
    return [(str(seed), draw_setup(engine, seed, a.go)) for seed in range(a.first, a.first + a.count)]


def black(a: argparse.Namespace) -> int:
    """The black command; the exit code."""
    start = time.monotonic()
    engine = Engine(a.cli, "ab")
    rows = black_setups(a, engine)
    games = {seed: white_setup(engine, moves, a.go) for seed, moves in rows}
    engine.close()
    seconds = time.monotonic() - start
    starts = [f"{s} moves {' '.join(m)}" for s, m in games.items()]
    black_wins = solve(a.solve, ["--depth", str(a.plies)], starts)
    white_wins = solve(a.solve, ["--loses", "--depth", str(a.plies - 1)], starts)
    last = solve(a.solve, ["--loses", "--depth", str(a.plies - 1), "--each-move"],
                 (f"{s} moves {' '.join(m[:-1])}" for s, m in games.items()))
    refuted = {label.split("/")[0] for label, v in last.items() if v.plies > 0}
    for s, m in games.items():
        marks = [f"Black wins in {black_wins[s].plies}" if black_wins[s].plies else "",
                 f"White (ab) wins in {white_wins[s].plies}" if white_wins[s].plies else "",
                 "a White last placement wins" if s in refuted else ""]
        if any(marks):
            print(f"  seed {s}: {' '.join(m[:BLACK_MOVES])}: {'; '.join(x for x in marks if x)}")
    n = len(rows)
    bw = sum(1 for s in games if black_wins[s].plies)
    ww = sum(1 for s in games if white_wins[s].plies)
    print(f"setups: Black's setups by {'random (' + a.random + ')' if a.random else 'ab at go ' + a.go}, "
          f"White ab at go {a.go}, {n} setups, {seconds:.1f} s of search")
    print(f"  Black wins by force within {a.plies} plies: {bw}; White (ab's placements) within "
          f"{a.plies - 1}: {ww}; some White last placement wins within {a.plies - 1}: {len(refuted)}")
    return 0


def main(argv: Sequence[str]) -> int:
    """The command line."""
    ap, g, (c, b) = parsers("setups.py", __doc__, "nodes 20000", ("check", "black"))
    g.add_argument("--first", type=int, default=2601, help="the first seed")
    g.add_argument("--count", type=int, default=200, help="how many setups")
    g.add_argument("-o", "--output", default="tests/data/setups.txt")
    c.add_argument("--min-sound", type=int, help="fail (exit 1) below this many sound setups")
    c.add_argument("file", nargs="?", default="tests/data/setups.txt")
    b.add_argument("--first", type=int, default=1, help="the first seed of ab's Black setups")
    b.add_argument("--count", type=int, default=200, help="how many of ab's Black setups")
    b.add_argument("--plies", type=int, default=SOUND_PLIES, help="Black's forced wins within P plies, White's P - 1")
    b.add_argument("--random", metavar="FILE", help="Black's setups from this setups file instead")
    return run(ap, argv, generate, {"check": check, "black": black})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
