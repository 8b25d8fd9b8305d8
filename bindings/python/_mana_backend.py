# SPDX-License-Identifier: MIT
"""The PEP 517 build backend of the `mana` package (pyproject.toml:
build-backend): setuptools.build_meta, once it has checked that this
interpreter can build a wheel with it.  Without setuptools, or without a
bdist_wheel command (setuptools before 70.1 takes it from the `wheel`
package), pip would stop with "BackendUnavailable" or "invalid command
'bdist_wheel'" and no hint; this stops with one message naming the fix.
Not part of the installed package."""

import importlib.util
import sys
from typing import List


def _found(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:  # a parent package is missing
        return False


def missing() -> List[str]:
    """The Debian-packaged modules this interpreter lacks to build the
    wheel: [] when it can."""
    if not _found("setuptools"):
        return ["setuptools", "wheel"] if not _found("wheel") else ["setuptools"]
    if _found("setuptools.command.bdist_wheel") or _found("wheel"):
        return []
    return ["wheel"]


def message(lacking: List[str]) -> str:
    debs = " ".join("python3-" + m for m in lacking)
    return (
        "mana: cannot build the package: this Python (%s) has no %s, which the build needs%s.\n"
        "Any of these fixes it:\n"
        "  - build with Debian's python3, which has them (apt-get install python3-setuptools "
        "python3-wheel):\n"
        "      /usr/bin/python3 -m pip install --no-build-isolation ./bindings/python\n"
        "  - or use a venv made from it that sees Debian's packages:\n"
        "      /usr/bin/python3 -m venv --system-site-packages venv\n"
        "      venv/bin/pip install --no-build-isolation ./bindings/python\n"
        "  - or install them into this interpreter's environment (%s -m pip install %s), or "
        "apt-get install %s for Debian's own python3\n"
        % (sys.executable, " and ".join(lacking),
           " (pip says \"invalid command 'bdist_wheel'\" without wheel)" if "wheel" in lacking
           else "", sys.executable, " ".join(lacking), debs))


_lacking = missing()
if _lacking:
    sys.stderr.write(message(_lacking))
    raise SystemExit(1)

from setuptools.build_meta import *  # noqa: E402,F401,F403  (the hooks)
