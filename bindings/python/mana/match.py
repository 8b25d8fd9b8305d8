# SPDX-License-Identifier: MIT
"""One ``mana-cli match`` cut into blocks of game pairs, played on a Dask
cluster, in the manner of fishtest.

    python3 -m mana.match --out DIR [--workers K | --scheduler ADDR]
        [--pairs-per-block B] [--cli PATH] [--json FILE] [--log FILE]
        [--quiet] -- MATCH-OPTIONS...

MATCH-OPTIONS are those of ``mana-cli match`` for two players (--white,
--black, limits, --games, --seed, --setup, --openings, --sprt, rule
options, ...); the driver adds --pairs, --journal and --from-journal
itself, so those, --records, --resume, --jobs and --json are refused there.

Block b plays game pairs b*B+1 .. (b+1)*B: one Dask task runs ``mana-cli
match MATCH-OPTIONS --pairs FROM-TO --journal J`` on a worker, where every
game gets the seeds the whole match would give it, and returns the journal.
The driver (this process) is the only writer of DIR:

  DIR/block-000003.journal   the journal of a finished block, written to a
                             temporary name and renamed (whole or absent);
  DIR/match-journal.txt      all finished blocks merged into one journal
                             (rewritten the same way after each block);
  DIR/params.json            the options, checked by a rerun.

After each block the SPRT is decided by mana-cli itself over the merged
journal (``mana-cli match MATCH-OPTIONS --from-journal DIR/match-journal.txt
--json ...``: the statistics have one implementation, and the decision
comes at the first pair count whose complete prefix of pairs leaves the
bounds, as in one process).  Once it decides, the pending blocks are
cancelled.  A worker that dies loses its unfinished block only (Dask runs
the task again elsewhere, up to three times); a killed driver is resumed
by running the same command again, which plays only the blocks DIR lacks.
With depth, node or playout limits the result is the W-D-L and LLR of the
same match under ``mana-cli match --jobs 1``, whatever the workers; under
clocks or time limits games depend on timing, here as there.

The end is mana-cli's own report of the merged journal, on stdout
(--json FILE: its JSON summary too).  ``--workers K`` starts a
dask.distributed LocalCluster of K single-thread workers (the default, 2);
``--scheduler ADDR`` uses a running cluster, whose workers need --cli
(default: mana-cli on PATH) at the same path.  A second driver on the same
DIR is refused while the first runs (a lock on DIR).
"""

import argparse
import ctypes
import hashlib
import json
import logging
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _dask_run

MERGED = "match-journal.txt"
PARAMS = "params.json"
FORMAT = "mana-match-1"
OWN_OPTIONS = ("--pairs", "--journal", "--from-journal", "--records", "--resume", "--jobs", "--json")
log = logging.getLogger("mana.match")


class MatchError(_dask_run.DriverError):
    """A run that cannot go on (main prints it in one line, exit status 1)."""


def block_name(b: int) -> str:
    return "block-%06d.journal" % b


def block_key(out: str, cli: str, options: Sequence[str], per: int, b: int) -> str:
    """The Dask key of block b's task: one per (directory, mana-cli,
    options, block size, block).  The scheduler runs a key once for every
    client that submits it while it is known, so two matches on one
    cluster sharing a key would get one block journal: the other match's."""
    tag = hashlib.sha256(json.dumps([out, cli, list(options), per]).encode()).hexdigest()[:16]
    return "mana-match-%s-%06d" % (tag, b)


def games_of(options: Sequence[str]) -> int:
    """The --games of the match options (mana-cli's default, 100): the
    last one given, as mana-cli takes it.  MatchError for a value that is
    not a number (mana-cli would refuse it too)."""
    games = 100
    for k, word in enumerate(options):
        if word == "--games" and k + 1 < len(options):
            value = options[k + 1]
        elif word.startswith("--games="):
            value = word.split("=", 1)[1]
        else:
            continue
        if not value.isdigit():
            raise MatchError("--games %s: expected a number of games" % value)
        games = int(value)
    return games


def check_options(options: Sequence[str]) -> None:
    """Refuses the driver's own options, and an abbreviation of one of them
    or of --games (mana-cli's getopt_long takes --gam for --games, --rec
    for --records): the driver would plan for the wrong number of games,
    or a block write records on its worker."""
    for word in options:
        name = word.split("=", 1)[0]
        if name in OWN_OPTIONS:
            raise MatchError("%s is the driver's own; leave it out of the match options" % word)
        if name.startswith("--") and len(name) > 2:
            for full in OWN_OPTIONS + ("--games",):
                if full.startswith(name) and full != name:
                    raise MatchError("%s: write the option in full (mana-cli would take it for %s)" % (
                        word, full))


def _die_with_parent() -> None:
    """In the child before exec: SIGTERM when the worker that started it
    dies (Linux), so that a killed worker leaves no match running."""
    try:
        ctypes.CDLL(None).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def cli_reason(stderr: str) -> str:
    """mana-cli's reason in its error output: its first "mana-cli ..."
    line (a usage hint follows a refused option), else the last line."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    said = [line for line in lines if line.startswith("mana-cli")]
    return (said or lines[-1:] or ["(no message)"])[0]


def play_block(cli: str, options: List[str], first: int, last: int) -> str:
    """Plays pairs first..last (1-based) of the match; returns the block's
    journal.  Runs on a worker; raises MatchError when mana-cli fails (a
    runner fault, an engine that never started)."""
    with tempfile.TemporaryDirectory(prefix="mana-match-") as tmp:
        journal = os.path.join(tmp, "journal")
        argv = [cli, "match"] + options + ["--pairs", "%d-%d" % (first, last), "--journal", journal,
                                           "--quiet"]
        r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           preexec_fn=_die_with_parent)
        if r.returncode != 0:
            raise MatchError("pairs %d-%d: mana-cli match exited %d: %s" % (
                first, last, r.returncode, cli_reason(r.stderr)))
        with open(journal, encoding="utf-8") as f:
            return f.read()


GAME_LINE = re.compile(r"game (\d+) white \d+ black \d+ status \d+ plies \d+ fault -?\d+ reason \S")


def block_problem(out: str, b: int, first: int, last: int, games: int) -> Optional[str]:
    """Why DIR/block-B.journal is not the whole journal of pairs
    first..last of a match of games games, or None: it must end with a
    newline, start with a settings line and hold a game line for each of
    the block's games once, in order (a prefix of them when a decision
    line follows: the SPRT stopped the block).  A block damaged, cut or
    emptied is played again instead of being counted short."""
    try:
        with open(os.path.join(out, block_name(b)), "rb") as f:
            text = f.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return "unreadable (%s)" % e
    if not text.endswith("\n"):
        return "cut short (no newline at its end)"
    lines = [line.rstrip("\r") for line in text.split("\n")[:-1]]
    if not lines or not lines[0].startswith("settings "):
        return "no settings line"
    numbers: List[int] = []
    decided = False
    for k, line in enumerate(lines[1:], 2):
        m = GAME_LINE.match(line)
        if m and not decided:
            numbers.append(int(m.group(1)))
        elif line.startswith("decision ") and not decided:
            decided = True
        else:
            return "line %d is not a game line of the block: %r" % (k, line[:60])
    want = list(range(2 * first - 1, min(2 * last, games) + 1))
    if numbers == want or (decided and numbers == want[:len(numbers)]):
        return None
    return "it holds %d of the %d games %d-%d" % (len(set(numbers) & set(want)), len(want), want[0], want[-1])


def _atomic_write(out: str, name: str, text: str) -> None:
    """out/name whole or absent (_dask_run.write_atomic)."""
    _dask_run.write_atomic(out, name, text.encode("utf-8"))


def merge(out: str, done: List[int]) -> str:
    """Writes DIR/match-journal.txt: the settings line once, then the games
    of every finished block in block order.  Returns its path."""
    texts = []
    for b in sorted(done):
        with open(os.path.join(out, block_name(b)), encoding="utf-8") as f:
            texts.append(f.read())
    heads = {t.split("\n", 1)[0] for t in texts}
    if len(heads) > 1:
        raise MatchError("%s: blocks of different settings (another mana-cli?)" % out)
    merged = texts[0] + "".join(t.split("\n", 1)[1] for t in texts[1:]) if texts else ""
    _atomic_write(out, MERGED, merged)
    return os.path.join(out, MERGED)


def verdict(cli: str, options: List[str], journal: str) -> Dict[str, Any]:
    """mana-cli's JSON summary of the journal (its statistics, its SPRT)."""
    with tempfile.TemporaryDirectory(prefix="mana-match-") as tmp:
        path = os.path.join(tmp, "summary.json")
        r = subprocess.run([cli, "match"] + options + ["--from-journal", journal, "--json", path],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            raise MatchError("mana-cli match --from-journal %s: %s" % (journal, r.stderr.strip()))
        with open(path, encoding="utf-8") as f:
            summary: Dict[str, Any] = json.load(f)
        return summary


def decided(summary: Dict[str, Any]) -> bool:
    return bool(summary.get("sprt") and summary["sprt"]["decision"] != "none")


def _check_params(out: str, params: Dict[str, Any]) -> None:
    path = os.path.join(out, PARAMS)
    if os.path.exists(path):
        old = _dask_run.read_json(path, "mana.match parameters file", MatchError)
        if old != params:
            options = old.get("options", []) if isinstance(old, dict) else []
            raise MatchError("%s holds another match (%s); not touched: give a fresh --out directory" % (
                out, " ".join(str(o) for o in options) if isinstance(options, list) else "?"))
    elif os.listdir(out):
        raise MatchError("%s is not empty and holds no mana.match run; not touched: give a fresh --out "
                         "directory" % out)
    else:
        _atomic_write(out, PARAMS, json.dumps(params, indent=1, sort_keys=True) + "\n")


def blocks_of(npairs: int, per: int) -> List[Tuple[int, int, int]]:
    """(block, first pair, last pair), pairs 1-based."""
    return [(b, b * per + 1, min((b + 1) * per, npairs)) for b in range((npairs + per - 1) // per)]


def run(args: argparse.Namespace) -> int:
    options: List[str] = list(args.options)
    check_options(options)
    games = games_of(options)
    out = os.path.abspath(args.out)
    with _dask_run.locked_dir(out, "mana.match", MatchError):
        params = {"format": FORMAT, "options": options, "pairs_per_block": args.pairs_per_block}
        _check_params(out, params)
        plan = blocks_of((games + 1) // 2, args.pairs_per_block)
        done = []
        for b, first, last in plan:
            if os.path.exists(os.path.join(out, block_name(b))):
                why = block_problem(out, b, first, last, games)
                if why is None:
                    done.append(b)
                else:
                    log.warning("%s: %s; playing block %d again", block_name(b), why, b)
        summary = verdict(args.cli, options, merge(out, done)) if done else {}
        todo = [blk for blk in plan if blk[0] not in done]
        if todo and not decided(summary):
            _play(args, options, out, todo, done)
        journal = merge(out, done)
        final = [args.cli, "match"] + options + ["--from-journal", journal]
        if args.json:
            final += ["--json", args.json]
        sys.stdout.flush()
        return subprocess.run(final).returncode


def _play(args: argparse.Namespace, options: List[str], out: str, todo: List[Tuple[int, int, int]],
          done: List[int]) -> None:
    """Plays the blocks of todo on the cluster until all are done or the
    SPRT decides (then the rest are cancelled)."""
    log.info("%s: %d blocks to play (%d done)", out, len(todo), len(done))
    t0 = time.time()
    total = len(done) + len(todo)
    decision: List[Dict[str, Any]] = []

    def finished(k: int, journal: str) -> bool:
        b = todo[k][0]
        _atomic_write(out, block_name(b), journal)
        done.append(b)
        summary = verdict(args.cli, options, merge(out, done))
        log.info("block %d done (%d/%d) in %.1f s", b, len(done), total, time.time() - t0)
        if decided(summary):
            decision.append(summary["sprt"])
        return bool(decision)

    calls = [(block_key(out, args.cli, options, args.pairs_per_block, b), (args.cli, options, first, last))
             for b, first, last in todo]
    pending = _dask_run.run_tasks(args, play_block, calls, finished)
    if decision:
        log.info("SPRT %s after %d games: %d pending blocks cancelled", decision[0]["decision"],
                 decision[0]["games"], pending)


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python3 -m mana.match",
                                 description="One mana-cli match, its game pairs in blocks on Dask.")
    ap.add_argument("--out", required=True, help="the run's directory (blocks, merged journal)")
    _dask_run.add_cluster_options(ap)
    ap.add_argument("--pairs-per-block", type=int, default=8)
    ap.add_argument("--cli", default="mana-cli", help="the mana-cli program (default: on PATH)")
    ap.add_argument("--json", help="mana-cli's JSON summary of the whole match to FILE")
    ap.add_argument("options", nargs=argparse.REMAINDER, help="-- then the options of mana-cli match")
    args = ap.parse_args(argv)
    if args.options[:1] == ["--"]:
        args.options = args.options[1:]
    if not args.options:
        ap.error("the match options follow --")
    if args.workers < 1 or args.pairs_per_block < 1:
        ap.error("--workers and --pairs-per-block must be at least 1")
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    return _dask_run.main("mana.match", log, parse_args(argv), run)


if __name__ == "__main__":
    sys.exit(main())
