# SPDX-License-Identifier: MIT
"""mana._dask_run, what mana.match and mana.selfplay share: the lock on the
run's directory, files written whole, the one-line errors of main and
their exit statuses.  No cluster is started here."""

import argparse
import logging
import os
import subprocess
import sys

import pytest

from mana import _dask_run, match, selfplay


def test_write_atomic_leaves_the_file_and_no_temporary(tmp_path: object) -> None:
    out = str(tmp_path)
    _dask_run.write_atomic(out, "a.txt", b"first")
    _dask_run.write_atomic(out, "a.txt", b"second")  # replaces
    os.makedirs(os.path.join(out, "tmp"))
    _dask_run.write_atomic(out, "b.bin", b"\x00\x01", os.path.join(out, "tmp"))
    assert sorted(os.listdir(out)) == ["a.txt", "b.bin", "tmp"]
    assert os.listdir(os.path.join(out, "tmp")) == []
    with open(os.path.join(out, "a.txt"), "rb") as f:
        assert f.read() == b"second"
    with open(os.path.join(out, "b.bin"), "rb") as f:
        assert f.read() == b"\x00\x01"


def test_a_locked_directory_is_refused(tmp_path: object) -> None:
    out = str(tmp_path) + "/run"
    with _dask_run.locked_dir(out, "mana.match", match.MatchError):
        assert os.path.isdir(out)  # made by locked_dir
        with pytest.raises(match.MatchError) as e:
            _dask_run.lock_dir(out, "mana.match", match.MatchError)
        assert str(e.value) == "%s is in use by another run of mana.match; not touched" % out
        # the driver itself, in another process: one line, exit status 1,
        # before anything is written
        r = subprocess.run([sys.executable, "-m", "mana.match", "--out", out, "--cli", "/nonexistent",
                            "--", "--white", "ab", "--black", "random"],
                           capture_output=True, text=True, timeout=120)
        assert (r.returncode, r.stderr) == (1, "python3 -m mana.match: error: %s is in use by another "
                                               "run of mana.match; not touched\n" % out)
        assert os.listdir(out) == []
    fd = _dask_run.lock_dir(out, "mana.match", match.MatchError)  # released at the end of the block
    os.close(fd)


def test_main_reports_errors_in_one_line(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    log = logging.getLogger("mana.test_dask_run")
    args = argparse.Namespace(log=str(tmp_path) + "/log", quiet=False)

    def refused(_: argparse.Namespace) -> int:
        raise selfplay.UsageError("no good")

    def failed(_: argparse.Namespace) -> int:
        raise KeyError("k")

    def fine(_: argparse.Namespace) -> int:
        log.info("ran")
        return 7

    assert _dask_run.main("mana.x", log, args, refused) == 2
    assert capsys.readouterr().err == "python3 -m mana.x: error: no good\n"
    assert match.MatchError.status == 1
    assert _dask_run.main("mana.x", log, args, failed, also=(KeyError,)) == 1
    assert capsys.readouterr().err == "python3 -m mana.x: error: 'k'\n"
    # An exception not foreseen (the cluster's own, e.g. a CancelledError
    # when the scheduler restarts): one line that ends with the command
    # that resumes the run, its traceback in the --log file only, never on
    # stderr.
    assert _dask_run.main("mana.x", log, args, failed) == 1
    assert capsys.readouterr().err == "python3 -m mana.x: error: KeyError: 'k'; what is finished is " \
        "kept; resume with: %s\n" % _dask_run.resume_command("mana.x")
    with open(args.log) as f:
        assert "Traceback" in f.read()
    lost = _dask_run.ClusterLost("lost the Dask scheduler at tcp://h:1")
    assert _dask_run.main("mana.x", log, args, lambda _: (_ for _ in ()).throw(lost)) == 1
    assert capsys.readouterr().err == "python3 -m mana.x: error: lost the Dask scheduler at tcp://h:1; " \
        "what is finished is kept; resume with: %s\n" % _dask_run.resume_command("mana.x")
    assert _dask_run.resume_command("mana.match", ["--out", "my run", "--", "--games", "4"]) == \
        "python3 -m mana.match --out 'my run' -- --games 4"
    def interrupted(_: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    # Ctrl-C: one line and 130, not a traceback (break-it 2, F9)
    assert _dask_run.main("mana.x", log, args, interrupted) == 130
    assert capsys.readouterr().err == "python3 -m mana.x: interrupted; what is finished is kept: the same " \
        "command continues the run\n"
    assert _dask_run.main("mana.x", log, args, fine) == 7
    assert log.level == logging.INFO
    with open(args.log) as f:
        assert f.read().endswith(" ran\n")
    for h in list(log.handlers):
        log.removeHandler(h)
        h.close()
