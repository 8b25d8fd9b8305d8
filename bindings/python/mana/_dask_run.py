# SPDX-License-Identifier: MIT
"""What the two Dask drivers, mana.match and mana.selfplay, share: the lock
on the run's directory, files written whole or not at all, the cluster
(a LocalCluster of single-thread workers, or a running scheduler), their
common options and the way main logs and reports a run that cannot go on.

Each driver keeps what is its own: what its directory holds, how it
resumes (match: the blocks DIR holds; selfplay: the shards its manifest
lists) and what a task computes.
"""

import argparse
import contextlib
import fcntl
import importlib
import json
import logging
import os
import shlex
import sys
import time
from typing import Any, Callable, Iterator, Optional, Sequence, Tuple, Type


class DriverError(Exception):
    """A run that cannot go on: main prints it in one line, "python3 -m
    PROG: error: ...", and exits with status (1 unless a subclass says)."""

    status = 1


def lock_dir(out: str, prog: str, error: Type[DriverError]) -> int:
    """Locks the existing directory out for this run (flock, released when
    the process ends or the descriptor is closed), so that a second run on
    it is refused while the first lasts: no run replaces the files of
    another or clears its temporary files.  Returns the descriptor to keep
    open; raises error("OUT is in use by another run of PROG; not
    touched") when another process holds the lock."""
    fd = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise error("%s is in use by another run of %s; not touched" % (out, prog))
    return fd


@contextlib.contextmanager
def locked_dir(out: str, prog: str, error: Type[DriverError]) -> Iterator[None]:
    """Makes the directory out if it is missing and holds its lock
    (lock_dir) while the block runs."""
    os.makedirs(out, exist_ok=True)
    fd = lock_dir(out, prog, error)
    try:
        yield
    finally:
        os.close(fd)


def read_json(path: str, what: str, error: Type[DriverError]) -> Any:
    """The JSON value in the file path (UTF-8, a BOM allowed), or
    error("PATH is not a readable WHAT (why); not touched") for one cut
    short, emptied, or holding bytes that are not UTF-8 or JSON: a run
    refuses what it cannot read instead of printing a traceback."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            return json.load(f)
    except (UnicodeDecodeError, ValueError) as e:  # json.JSONDecodeError is a ValueError
        raise error("%s is not a readable %s (%s); not touched" % (path, what, e)) from None


def write_atomic(out: str, name: str, data: bytes, tmp_dir: Optional[str] = None) -> None:
    """Writes data to out/name whole or not at all: to a temporary file of
    this process in tmp_dir (default: out itself; it must be on the same
    file system), on disk (fsync), then os.replace onto the name."""
    tmp = os.path.join(tmp_dir or out, ".%s.%d.%d.tmp" % (name, os.getpid(), time.monotonic_ns()))
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, os.path.join(out, name))


def distributed() -> Any:
    """The dask.distributed module (untyped: held as Any)."""
    return importlib.import_module("dask.distributed")


def client(args: argparse.Namespace) -> Any:
    """A dask.distributed Client: of the scheduler at args.scheduler, or
    else of a new LocalCluster of args.workers single-thread worker
    processes (no dashboard, Dask's own logs only for errors)."""
    dd = distributed()
    if args.scheduler:
        return dd.Client(args.scheduler)
    cluster = dd.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                              dashboard_address=None, silence_logs=logging.ERROR)
    return dd.Client(cluster)


class ClusterLost(DriverError):
    """The scheduler of --scheduler went away and did not come back in
    time: every finished task is kept, and main names the command that
    resumes the run."""

    resumable = True


def _reconnected(args: argparse.Namespace, c: Any, done: int, total: int) -> Any:
    """A running client of the scheduler at args.scheduler, once it is back:
    c itself when it reconnected on its own (Dask's client tries for its
    connect timeout), else a new one, tried until args.reconnect seconds
    have passed.  ClusterLost after that."""
    dd = distributed()
    deadline = time.monotonic() + args.reconnect
    while c.status != "running" and time.monotonic() < deadline:
        if c.status in ("closing", "closed"):
            try:
                c = dd.Client(args.scheduler, timeout=max(1.0, min(10.0, deadline - time.monotonic())))
            except (OSError, TimeoutError):
                time.sleep(0.5)
        else:
            time.sleep(0.1)
    if c.status != "running":
        with contextlib.suppress(Exception):
            c.close()
        raise ClusterLost("lost the Dask scheduler at %s, which did not come back within %g s; "
                          "%d of %d tasks had finished and are kept" % (args.scheduler, args.reconnect,
                                                                         done, total))
    return c


def run_tasks(args: argparse.Namespace, fn: Callable[..., Any],
              calls: Sequence[Tuple[str, Tuple[Any, ...]]],
              on_result: Callable[[int, Any], bool]) -> int:
    """Runs fn(*call) on the cluster of args (client) for each (key, call)
    of calls, the first ones first; each task is rerun elsewhere, up to
    three times, when its worker dies.  As each finishes, in the order they
    finish, on_result(its index in calls, fn's value) runs here; once it
    returns True the tasks not done are cancelled.  Returns how many were
    cancelled (0 when all ran).  Raises what a task raised; the client is
    closed in all cases.

    When the scheduler of --scheduler restarts, Dask's client cancels every
    future it holds: the tasks not finished are then submitted again, under
    new keys (futures of the old keys may still be collected and would
    release the new ones), once the scheduler is back, for up to
    args.reconnect seconds (ClusterLost after that).  What finished was
    handed to on_result already, so nothing finished is played twice."""
    left = dict(enumerate(calls))
    attempt = 0
    c = client(args)
    try:
        while True:
            futures = {c.submit(fn, *call, key=key if attempt == 0 else "%s-again%d" % (key, attempt),
                                pure=False, retries=3, priority=-k): k for k, (key, call) in left.items()}
            lost = False
            for fut in distributed().as_completed(list(futures)):
                if fut.status == "cancelled":  # the scheduler went away
                    lost = True
                    break
                k = futures[fut]
                value = fut.result()
                del left[k]
                if on_result(k, value):
                    pending = [f for f in futures if not f.done()]
                    c.cancel(pending)
                    return len(pending)
            if not lost or not left:
                return 0
            if not args.scheduler:  # a LocalCluster is this process's own: not restarted
                raise DriverError("the local Dask cluster cancelled the tasks; %d of %d finished and "
                                  "are kept" % (len(calls) - len(left), len(calls)))
            log = logging.getLogger("mana.dask")
            log.warning("lost the Dask scheduler at %s: waiting up to %g s for it to come back "
                        "(%d of %d tasks finished and kept)", args.scheduler, args.reconnect,
                        len(calls) - len(left), len(calls))
            del futures, fut
            c = _reconnected(args, c, len(calls) - len(left), len(calls))
            attempt += 1
    finally:
        with contextlib.suppress(Exception):
            c.close()


def add_cluster_options(ap: argparse.ArgumentParser) -> None:
    """The options both drivers take: --workers, --scheduler, --reconnect,
    --log, --quiet."""
    ap.add_argument("--workers", type=int, default=2,
                    help="worker processes of the local cluster (default 2)")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler, e.g. tcp://10.0.0.1:8786")
    ap.add_argument("--reconnect", type=float, default=120.0, metavar="SECONDS",
                    help="with --scheduler: how long to wait for a lost scheduler to come back "
                    "(default 120); the tasks not finished are then submitted again")
    ap.add_argument("--log", help="log file (default: stderr)")
    ap.add_argument("--quiet", action="store_true", help="log warnings only")


def resume_command(prog: str, argv: Optional[Sequence[str]] = None) -> str:
    """The command that runs this driver again with the same arguments (as
    the shell would take them): it resumes the run."""
    return "python3 -m %s %s" % (prog, shlex.join(sys.argv[1:] if argv is None else argv))


def main(prog: str, log: logging.Logger, args: argparse.Namespace,
         run: Callable[[argparse.Namespace], int],
         also: Tuple[Type[Exception], ...] = ()) -> int:
    """Runs run(args) with log (and mana.dask's) sent to args.log (default:
    stderr) at INFO (WARNING under args.quiet).  Returns run's exit status;
    a DriverError is printed as one line, "python3 -m PROG: error: ...",
    and gives its status, as does an exception of the types also (status
    1).  A resumable one (the scheduler lost for good), and any exception
    not foreseen (the cluster's), is one line too, ending with the exact
    command that resumes the run; the traceback of the latter goes to the
    --log file only.  An interrupt (Ctrl-C, SIGINT) is one line too, exit
    status 130: what is finished stays, and the same command continues the
    run."""
    handler: logging.Handler
    if args.log:
        handler = logging.FileHandler(args.log)
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    for each in (log, logging.getLogger("mana.dask")):
        each.addHandler(handler)
        each.setLevel(logging.WARNING if args.quiet else logging.INFO)
    resume = "what is finished is kept; resume with: %s" % resume_command(prog)
    try:
        return run(args)
    except DriverError as e:
        tail = "; " + resume if getattr(e, "resumable", False) else ""
        print("python3 -m %s: error: %s%s" % (prog, e, tail), file=sys.stderr)
        return e.status
    except also as e:
        print("python3 -m %s: error: %s" % (prog, e), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("python3 -m %s: interrupted; what is finished is kept: the same command continues the run" % prog,
              file=sys.stderr)
        return 130
    except Exception as e:  # the cluster's own failures: one line, never a traceback
        if args.log:
            log.error("%s failed", prog, exc_info=True)
        print("python3 -m %s: error: %s: %s; %s" % (prog, type(e).__name__, str(e).splitlines()[0] if str(e) else "",
                                                   resume), file=sys.stderr)
        return 1
