# SPDX-License-Identifier: MIT
"""examples/python/train_value.py runs end to end (tiny sizes)."""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.normpath(os.path.join(HERE, "..", "..", "..", "examples", "python",
                                       "train_value.py"))


def test_train_value_example_runs() -> None:
    r = subprocess.run([sys.executable, SCRIPT, "--train-games", "200", "--match-games", "2",
                        "--epochs", "1"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "held-out MSE" in r.stdout and "trained value vs random" in r.stdout
