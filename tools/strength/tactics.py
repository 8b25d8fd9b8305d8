#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""tactics.py - the exact tactics suite (tests/data/tactics.txt): made from
self-play games and labelled by the exact solver, and a bot checked on it
with the solver as the judge (docs/strength.md "Exact tactics").

    tactics.py generate --cli CLI --solve SOLVE [--games N] [--seed S]
                        [--nodes N] [--wins N] [--saves N] [-o FILE]
    tactics.py check --cli CLI --solve SOLVE [--bot ab|mcts] [--go LIMIT]
                     [--every K] [--min-win N] [--min-save N] FILE

generate plays GAMES games of ab (White) against mcts (Black) from paired
random setups at NODES nodes (playouts) a move with `mana-cli match`
(deterministic: seeded, one job), solves every position in play of them
within 13 plies (`solve --every-ply --depth 13`) and keeps two kinds:

  win   the side to move captures the enemy Damyo in P = 9, 11 or 13 plies
        at the least (no win within P - 2).  Its good moves are those after
        which the opponent loses within P - 1 plies (`solve --each-move
        --loses --depth P-1`).  At most WINS of each P, spread evenly over
        the candidates.
  save  the side to move has no win within 13 plies, and of its moves some
        leave the opponent a forced capture within 11 plies (bad) and some
        do not (good; `solve --each-move --depth 11`).  SAVES of them,
        spread evenly.

A position appears once (the first game that reached it).  Each line of the
file is one position:

    win BOARD SIDE MANA ORIENT P good MOVE... line MOVE... from LABEL
    save BOARD SIDE MANA ORIENT 11 good MOVE... bad MOVE... from LABEL

(`line` is the solver's winning line, `from` the game and ply: game-007:25
is the position after 25 moves of game 7, setup included.)

check plays the bot (`mana-cli engine`, `setoption name Bot value BOT`,
`newgame` before each position so that each answer is the bot's alone, then
`go LIMIT`) on every K-th position, and asks the solver about the position
after its move: a win passes if the opponent now loses within P - 1 plies,
a save if the opponent has no forced capture within 11.  The solver's
verdict must agree with the file's good moves (else the file is stale: exit
2).  It prints the pass counts per kind and P; it exits 1 if a count is
below --min-win or --min-save (the floor of `make check-tactics`).
"""

import argparse
import re
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

WIN_PLIES = (9, 11, 13)
SAVE_PLIES = 11
SOLVE_PLIES = 13

# The solver's report lines (tools/strength/solve.c, its header comment).
FOUND = re.compile(r"^(\S+) (\S+ \S+ \S+ \S+): (wins|loses) in (\d+) plies: (.*) \(\d+ nodes\)$")
NONE = re.compile(r"^(\S+) (\S+ \S+ \S+ \S+): no (?:win|loss) within \d+ plies \(\d+ nodes\)$")
OVER = re.compile(r"^(\S+) (\S+ \S+ \S+ \S+): game over: (\S+)$")


@dataclass
class Verdict:
    """One report line of the solver: plies 0 for none found."""

    label: str
    mfn: str
    plies: int = 0
    line: List[str] = field(default_factory=list)
    result: Optional[str] = None  # a finished game: "1-0", "0-1", "1/2-1/2"


@dataclass
class Position:
    """One line of the suite."""

    kind: str  # "win" or "save"
    mfn: str
    plies: int
    good: List[str]
    other: List[str]  # win: the solver's line; save: the bad moves
    source: str


def solve(solver: str, args: Sequence[str], lines: Iterable[str]) -> Dict[str, Verdict]:
    """Runs the solver on input lines; its verdicts by label."""
    text = "".join(line + "\n" for line in lines)
    if not text:
        return {}
    out = subprocess.run([solver, *args], input=text, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"tactics: {solver} {' '.join(args)}: exit {out.returncode}: {out.stderr.strip()}")
    found: Dict[str, Verdict] = {}
    for row in out.stdout.splitlines():
        m = FOUND.match(row)
        if m:
            found[m[1]] = Verdict(m[1], m[2], int(m[4]), m[5].split())
        elif (m := NONE.match(row)) is not None:
            found[m[1]] = Verdict(m[1], m[2])
        elif (m := OVER.match(row)) is not None:
            found[m[1]] = Verdict(m[1], m[2], result=m[3])
    return found


def mover_lost(v: Verdict) -> bool:
    """True if v is a finished game lost by its side to move (the move
    that led there took the Damyo)."""
    return v.result == ("0-1" if v.mfn.split()[1] == "w" else "1-0")


def children(solver: str, args: Sequence[str], parents: Dict[str, str]) -> Dict[str, Dict[str, Verdict]]:
    """The verdicts on the position after each legal move (--each-move) of
    each parent (label: MFN), by parent and move."""
    by: Dict[str, Dict[str, Verdict]] = {label: {} for label in parents}
    lines = (f"{label} mfn {mfn}" for label, mfn in parents.items())
    for label, v in solve(solver, ["--each-move", *args], lines).items():
        parent, move = label.rsplit("/", 1)
        by[parent][move] = v
    return by


def spread(items: List[str], count: int) -> List[str]:
    """count items evenly spaced over items (all if fewer), in order."""
    if len(items) <= count:
        return list(items)
    return [items[i * len(items) // count] for i in range(count)]


def play_games(cli: str, games: int, seed: int, nodes: int, where: Path) -> List[str]:
    """Plays the games into where; the solver's input lines for them."""
    cmd = [cli, "match", "--white", "ab", "--black", "mcts", "--setup", "random", "--nodes", str(nodes),
           "--games", str(games), "--seed", str(seed), "--jobs", "1", "-q", "--records", str(where)]
    subprocess.run(cmd, check=True, capture_output=True)
    return [f"{p.stem} record {p}" for p in sorted(where.glob("game-*.mana"))]


def label_wins(solver: str, verdicts: Dict[str, Verdict], per_plies: int) -> List[Position]:
    """The win positions: per_plies of each of WIN_PLIES."""
    found: List[Position] = []
    for plies in WIN_PLIES:
        labels = spread(sorted(k for k, v in verdicts.items() if v.plies == plies), per_plies)
        after = children(solver, ["--loses", "--depth", str(plies - 1)], {k: verdicts[k].mfn for k in labels})
        for k in labels:
            good = [m for m, v in after[k].items() if v.plies > 0 or mover_lost(v)]
            if not good:
                raise SystemExit(f"tactics: {k}: won in {plies} plies, yet no move keeps the win")
            found.append(Position("win", verdicts[k].mfn, plies, good, verdicts[k].line, k))
    return found


def label_saves(solver: str, verdicts: Dict[str, Verdict], count: int) -> List[Position]:
    """The save positions: count of them, from the positions without a win
    within SOLVE_PLIES (a pool of four times count, spread evenly)."""
    pool = spread(sorted(k for k, v in verdicts.items() if v.plies == 0 and v.result is None), 4 * count)
    after = children(solver, ["--depth", str(SAVE_PLIES)], {k: verdicts[k].mfn for k in pool})
    found: List[Position] = []
    for k in pool:
        bad = [m for m, v in after[k].items() if v.plies > 0]
        good = [m for m, v in after[k].items() if v.plies == 0 and (v.result is None or mover_lost(v))]
        if bad and good:
            found.append(Position("save", verdicts[k].mfn, SAVE_PLIES, good, bad, k))
    return [found[i * len(found) // count] for i in range(count)] if len(found) > count else found


def format_position(p: Position) -> str:
    """One line of the suite file."""
    other = "line" if p.kind == "win" else "bad"
    return f"{p.kind} {p.mfn} {p.plies} good {' '.join(p.good)} {other} {' '.join(p.other)} from {p.source}"


def parse_position(text: str, lineno: int) -> Position:
    """One line of the suite file (format_position's)."""
    w = text.split()
    try:
        kind, mfn, plies = w[0], " ".join(w[1:5]), int(w[5])
        other = "line" if kind == "win" else "bad"
        i, j, k = w.index("good"), w.index(other), w.index("from")
        if kind not in ("win", "save") or i != 6 or not i + 1 < j < k == len(w) - 2:
            raise ValueError
    except (IndexError, ValueError):
        raise SystemExit(f"tactics: line {lineno}: not a suite line: {text}") from None
    return Position(kind, mfn, plies, w[i + 1:j], w[j + 1:k], w[k + 1])


def generate(a: argparse.Namespace) -> None:
    """The generate command."""
    with tempfile.TemporaryDirectory() as tmp:
        start = time.monotonic()
        inputs = play_games(a.cli, a.games, a.seed, a.nodes, Path(tmp))
        verdicts = solve(a.solve, ["--every-ply", "--depth", str(SOLVE_PLIES)], inputs)
        print(f"tactics: {len(inputs)} games, {len(verdicts)} positions solved within {SOLVE_PLIES} plies "
              f"({time.monotonic() - start:.0f} s)", file=sys.stderr)
    seen: Dict[str, str] = {}
    for k, v in sorted(verdicts.items()):
        seen.setdefault(v.mfn, k)
    unique = {k: v for k, v in verdicts.items() if seen[v.mfn] == k}
    wins = label_wins(a.solve, unique, a.wins)
    saves = label_saves(a.solve, unique, a.saves)
    print(f"tactics: {len(wins)} wins, {len(saves)} saves ({time.monotonic() - start:.0f} s)", file=sys.stderr)
    command = (f"/usr/bin/python3 tools/strength/tactics.py generate --cli {a.cli} --solve {a.solve} "
               f"--games {a.games} --seed {a.seed} --nodes {a.nodes} --wins {a.wins} --saves {a.saves} -o {a.output}")
    head = [f"# {a.output} - the exact tactics suite (docs/strength.md \"Exact tactics\"),",
            f"# {len(wins)} wins and {len(saves)} saves, rebuilt by (after make build/mana-cli {a.solve}):",
            f"#   {command}",
            "# win BOARD SIDE MANA ORIENT P good MOVE... line MOVE... from GAME:PLY",
            "#   the side to move captures the enemy Damyo in P plies at the least; after a good",
            "#   move every reply still loses within P - 1 (the solver's --loses); line: a winning line.",
            f"# save BOARD SIDE MANA ORIENT {SAVE_PLIES} good MOVE... bad MOVE... from GAME:PLY",
            f"#   no win within {SOLVE_PLIES} plies; after a bad move the opponent forces a capture within",
            f"#   {SAVE_PLIES} plies, after a good one not.",
            "# from: the game of ab (White) against mcts (Black) and the moves played, setup included."]
    Path(a.output).write_text("\n".join(head + [format_position(p) for p in wins + saves]) + "\n")


class Engine:
    """A bot behind `mana-cli engine` (docs/engine-protocol.md)."""

    def __init__(self, cli: str, bot: str) -> None:
        self.proc = subprocess.Popen([cli, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("mana")
        self.wait("manaok")
        self.send(f"setoption name Bot value {bot}")

    def send(self, line: str) -> None:
        """Writes one command."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, word: str) -> str:
        """The next answer line starting with word (errors are fatal)."""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("info string error"):
                raise SystemExit(f"tactics: engine: {line.strip()}")
            if line.split()[:1] == [word]:
                return line.strip()
        raise SystemExit("tactics: the engine ended before answering")

    def best(self, position: str, limit: str) -> str:
        """The bot's move in position (`startpos moves ...`, `mfn MFN`),
        searched at limit."""
        self.send(f"position {position}")
        self.send(f"go {limit}")
        return self.wait("bestmove").split()[1]

    def close(self) -> None:
        """Ends the engine."""
        self.send("quit")
        self.proc.wait()


def passed(solver: str, suite: List[Tuple[int, Position]], played: Dict[int, str]) -> Dict[int, bool]:
    """Whether each move played passes, by the solver; by line number."""
    ok: Dict[int, bool] = {}
    for kind, plies in [("win", p) for p in WIN_PLIES] + [("save", SAVE_PLIES)]:
        group = [(n, p) for n, p in suite if p.kind == kind and p.plies == plies]
        args = ["--loses", "--depth", str(plies - 1)] if kind == "win" else ["--depth", str(plies)]
        v = solve(solver, args, (f"{n} mfn {p.mfn} moves {played[n]}" for n, p in group))
        for n, p in group:
            after = v[str(n)]
            if after.result is not None:  # the game is over: the bot took the Damyo
                ok[n] = mover_lost(after)
            else:
                ok[n] = after.plies > 0 if kind == "win" else after.plies == 0
    return ok


def check(a: argparse.Namespace) -> int:
    """The check command; the exit code."""
    lines = Path(a.file).read_text().splitlines()
    suite = [(n, parse_position(t, n)) for n, t in enumerate(lines, 1) if t.strip() and not t.startswith("#")]
    suite = suite[::a.every]
    start = time.monotonic()
    engine = Engine(a.cli, a.bot)
    played: Dict[int, str] = {}
    for n, p in suite:
        engine.send("newgame")  # each answer the bot's alone, whatever came before
        played[n] = engine.best(f"mfn {p.mfn}", a.go)
    engine.close()
    seconds = time.monotonic() - start
    ok = passed(a.solve, suite, played)
    stale = [n for n, p in suite if ok[n] != (played[n] in p.good)]
    for n in stale:
        print(f"tactics: {a.file}:{n}: the solver says {played[n]} {'passes' if ok[n] else 'fails'}, the file not")
    print(f"tactics: {a.bot} at go {a.go}, {len(suite)} positions (every {a.every}), {seconds:.1f} s of search")
    counts: Dict[str, List[int]] = {}
    for n, p in suite:
        for key in (p.kind, f"{p.kind} {p.plies}"):
            c = counts.setdefault(key, [0, 0])
            c[0] += ok[n]
            c[1] += 1
        if not ok[n] and a.verbose:
            print(f"  failed {p.kind} {p.plies} line {n}: {p.mfn}: {played[n]} (good: {' '.join(p.good)})")
    for key in sorted(counts, key=lambda k: (k.split()[0] != "win", len(k), k)):
        won, total = counts[key]
        print(f"  {key:8} {won:4} / {total:4} passed ({100 * won / total:.1f}%)")
    rc = 2 if stale else 0
    for kind, floor in (("win", a.min_win), ("save", a.min_save)):
        got = counts.get(kind, [0, 0])[0]
        if floor is not None and got < floor:
            print(f"tactics: {kind}: {got} passed, below the floor of {floor}")
            rc = rc or 1
    return rc


def parsers(prog: str, doc: str, go: str, checks: Sequence[str] = ("check",)) -> Tuple[
        argparse.ArgumentParser, argparse.ArgumentParser, List[argparse.ArgumentParser]]:
    """The command line of a generate/check tool: the parser, its generate
    subparser and a subparser for each of the checks named (commands that
    search with a bot and judge with the solver), with the options they
    take."""
    ap = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    cs = [sub.add_parser(name) for name in checks]
    for p in [g] + cs:
        p.add_argument("--cli", default="build/mana-cli", help="mana-cli (match, engine)")
    for c in cs:
        c.add_argument("--solve", default="build/tools/strength/solve", help="the exact solver")
        c.add_argument("--go", default=go, help="the limit of a go command: 'movetime 100', 'nodes 20000'")
        c.add_argument("--every", type=int, default=1, help="every K-th line of the file only")
    return ap, g, cs


def run(ap: argparse.ArgumentParser, argv: Sequence[str], generate: Callable[[argparse.Namespace], None],
        checks: Dict[str, Callable[[argparse.Namespace], int]]) -> int:
    """Parses argv and runs the tool's command (generate, or one of the
    checks by name); the exit code."""
    a = ap.parse_args(argv)
    if a.command == "generate":
        generate(a)
        return 0
    if a.every < 1:
        ap.error("--every wants 1 or more")
    return checks[a.command](a)


def main(argv: Sequence[str]) -> int:
    """The command line."""
    ap, g, (c,) = parsers("tactics.py", __doc__, "depth 6")
    g.add_argument("--solve", default="build/tools/strength/solve", help="the exact solver")
    g.add_argument("--games", type=int, default=400, help="games of ab against mcts")
    g.add_argument("--seed", type=int, default=2501, help="the match's seed")
    g.add_argument("--nodes", type=int, default=3000, help="nodes (playouts) a move in those games")
    g.add_argument("--wins", type=int, default=100, help="win positions of each length (9, 11, 13 plies)")
    g.add_argument("--saves", type=int, default=300, help="save positions")
    g.add_argument("-o", "--output", default="tests/data/tactics.txt")
    c.add_argument("--bot", choices=("ab", "mcts"), default="ab")
    c.add_argument("--min-win", type=int, help="fail (exit 1) below this many wins passed")
    c.add_argument("--min-save", type=int, help="fail (exit 1) below this many saves passed")
    c.add_argument("-v", "--verbose", action="store_true", help="list the positions failed")
    c.add_argument("file", nargs="?", default="tests/data/tactics.txt")
    return run(ap, argv, generate, {"check": check})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
