# SPDX-License-Identifier: MIT
"""examples/python/train_value.py runs end to end (tiny sizes), and the
score interval it reports stays within [0, 1]; examples/python/train_eval.py
runs the learned evaluation's pipeline end to end (tiny sizes)."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import NEEDS_BOTS

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.normpath(os.path.join(HERE, "..", "..", "..", "examples", "python",
                                       "train_value.py"))


def test_train_value_example_runs() -> None:
    r = subprocess.run([sys.executable, SCRIPT, "--train-games", "200", "--match-games", "2",
                        "--epochs", "1"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "held-out MSE" in r.stdout and "trained value vs random" in r.stdout


TOP = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FEATURES = os.path.join(TOP, "build", "tools", "tune", "features")


@NEEDS_BOTS
@pytest.mark.skipif(not os.access(FEATURES, os.X_OK),
                    reason="build/tools/tune/features is not built (make check-python builds it)")
def test_train_eval_example_runs(tmp_path: Path) -> None:
    out = os.path.join(str(tmp_path), "t.c")
    r = subprocess.run([sys.executable, os.path.join(TOP, "examples", "python", "train_eval.py"),
                        "--games", "40", "--nodes", "200", "--epochs", "2", "--dir", str(tmp_path),
                        "--drop", "pressure", "--out", out], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert "positions of 40 games" in r.stdout and "held-out log loss: linear" in r.stdout
    assert ", pressure," not in r.stdout.splitlines()[0]
    with open(out, encoding="utf-8") as f:
        table = f.read()
    assert table.count("{") > 9 * 16 and "ab_learned_b2 = " in table


def _example() -> ModuleType:
    """train_value.py imported as a module (its main() not run)."""
    spec = importlib.util.spec_from_file_location("train_value", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_score_interval_is_clamped_to_0_1() -> None:
    # +197 =0 -3 in 200 games (the docstring's run): score 0.985; the
    # spread of the per-game scores is (197 * 0.015^2 + 3 * 0.985^2) / 200
    # = 0.014775, so the half-width is 1.96 * sqrt(0.014775 / 200)
    # = 0.016846: 0.968154 .. 1.001846, whose top is no score; it is 1.
    score, lo, hi = _example().score_interval(197, 0, 3)
    assert score == 0.985
    assert abs(lo - 0.968154) < 1e-6
    assert hi == 1.0
    # the mirror image: 0.015, -0.001846 .. 0.031846, bottom clamped to 0
    score, lo, hi = _example().score_interval(3, 0, 197)
    assert score == 0.015
    assert lo == 0.0
    assert abs(hi - 0.031846) < 1e-6
    # +10 =10 -10: score 0.5, spread 0.25 * 20 / 30 = 1/6, half-width
    # 1.96 * sqrt(1 / 180) = 0.146089, well inside [0, 1]: left as it is
    score, lo, hi = _example().score_interval(10, 10, 10)
    assert score == 0.5
    assert abs(lo - 0.353911) < 1e-6 and abs(hi - 0.646089) < 1e-6


def test_report_prints_the_clamped_interval(capsys: pytest.CaptureFixture[str]) -> None:
    _example().report("trained", (197, 0, 3))
    assert capsys.readouterr().out == (
        "trained vs random: +197 =0 -3, score 98.5% (95% interval 96.8%..100.0%)\n")
