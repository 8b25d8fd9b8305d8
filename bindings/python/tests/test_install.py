# SPDX-License-Identifier: MIT
"""`pip install ./bindings/python` with an interpreter that cannot build
the wheel (no setuptools, or no bdist_wheel: setuptools before 70.1 takes
it from the `wheel` package) stops with one message naming the fix
(bindings/python/_mana_backend.py).  Before, pip said only "invalid
command 'bdist_wheel'"."""

import os
import shutil
import subprocess
import sys
from typing import Any, List

import pytest

from conftest import REPO

PACKAGE = os.path.join(REPO, "bindings", "python")
DEBIAN_PYTHON = "/usr/bin/python3"
FIXES = ("/usr/bin/python3 -m pip install --no-build-isolation ./bindings/python",
         "/usr/bin/python3 -m venv --system-site-packages venv",
         "apt-get install python3-setuptools python3-wheel")


def run(argv: List[str], **kw: Any) -> "subprocess.CompletedProcess[str]":
    return subprocess.run(argv, capture_output=True, text=True, timeout=600, **kw)


@pytest.fixture(scope="module")
def bare_venv(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A venv of Debian's python3 without its site packages: pip and
    setuptools (from ensurepip), no wheel.  Skips when none can be made."""
    if not os.path.exists(DEBIAN_PYTHON):
        pytest.skip("no %s to make a venv from" % DEBIAN_PYTHON)
    d = str(tmp_path_factory.mktemp("bare") / "venv")
    r = run([DEBIAN_PYTHON, "-m", "venv", d])
    if r.returncode != 0:
        pytest.skip("cannot make a venv (python3-venv): %s" % r.stderr.strip()[-200:])
    return os.path.join(d, "bin", "python")


def pip_install(python: str, target: str) -> "subprocess.CompletedProcess[str]":
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    return run([python, "-m", "pip", "install", "--disable-pip-version-check", "--no-index",
                "--no-build-isolation", "--no-deps", "--target", target, PACKAGE], env=env)


def lacks(python: str, module: str) -> bool:
    return run([python, "-c", "import %s" % module]).returncode != 0


def test_no_bdist_wheel_names_the_fix(bare_venv: str, tmp_path: Any) -> None:
    if not lacks(bare_venv, "wheel") or not lacks(bare_venv, "setuptools.command.bdist_wheel"):
        pytest.skip("this venv can build wheels: nothing to refuse")
    r = pip_install(bare_venv, str(tmp_path / "t"))
    assert r.returncode != 0
    out = r.stdout + r.stderr
    assert "mana: cannot build the package: this Python (%s) has no wheel" % bare_venv in out
    for fix in FIXES:
        assert fix in out, fix
    assert "%s -m pip install wheel" % bare_venv in out
    assert not os.path.exists(tmp_path / "t" / "mana")


def test_no_setuptools_names_the_fix(bare_venv: str, tmp_path: Any) -> None:
    # A copy of the venv without setuptools (the bare venv stays whole for
    # the other test).
    root = os.path.dirname(os.path.dirname(bare_venv))
    copy = str(tmp_path / "venv")
    shutil.copytree(root, copy, symlinks=True)
    python = os.path.join(copy, "bin", "python")
    r = run([python, "-m", "pip", "uninstall", "-y", "-q", "setuptools"])
    assert r.returncode == 0, r.stderr
    assert lacks(python, "setuptools")
    r = pip_install(python, str(tmp_path / "t"))
    assert r.returncode != 0
    out = r.stdout + r.stderr
    assert "mana: cannot build the package: this Python (%s) has no setuptools" % python in out
    for fix in FIXES:
        assert fix in out, fix


def test_backend_message_lists_what_is_missing() -> None:
    sys.path.insert(0, PACKAGE)
    try:
        import _mana_backend  # the build can run here: the import succeeds
    finally:
        sys.path.remove(PACKAGE)
    assert _mana_backend.missing() == []
    text = _mana_backend.message(["setuptools", "wheel"])
    assert "has no setuptools and wheel" in text
    assert "apt-get install python3-setuptools python3-wheel" in text
    assert hasattr(_mana_backend, "build_wheel") and hasattr(_mana_backend, "build_sdist")
