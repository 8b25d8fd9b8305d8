# SPDX-License-Identifier: MIT
"""Which library the package loads, and its declarations and errors."""

import ctypes
import os
import re
import subprocess
import sys
import textwrap
from typing import Dict, Optional

import pytest

import mana
from mana import _lib
from conftest import REPO


def header() -> str:
    with open(os.path.join(REPO, "include", "mana.h")) as f:
        return f.read()


def test_version_is_the_headers() -> None:
    m = re.search(r'#define MANA_VERSION_STRING "([^"]+)"', header())
    assert m is not None
    assert mana.__version__ == m.group(1)
    assert mana.library_version() == m.group(1)


def test_bundled_library_is_used() -> None:
    if os.environ.get("MANA_LIBRARY"):
        pytest.skip("MANA_LIBRARY chooses the library")
    here = os.path.dirname(os.path.abspath(mana.__file__))
    assert mana.library_path() == os.path.join(here, "_libmana.so")
    assert os.path.exists(mana.library_path())


# Exported functions the package does not call, and why.
NOT_WRAPPED = {
    "mana_record_tag_get": "record tags are read from the headers struct directly",
}


def test_every_export_is_declared() -> None:
    # tests/exports.txt is the checked-in list of exported names: each one
    # is declared by a module of the package (or listed above with why not).
    from mana import _reach, actions
    with open(os.path.join(REPO, "tests", "exports.txt")) as f:
        exports = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    declared = (set(_lib.REQUIRED) | set(_lib.OPTIONAL) | set(_reach.SIGNATURES)
                | set(actions._SIGNATURES))
    assert exports - declared == set(NOT_WRAPPED)
    assert declared - exports <= set(_lib.OPTIONAL)  # not in every libmana yet
    assert set(_lib.REQUIRED) <= exports
    for name, (restype, argtypes) in _lib.REQUIRED.items():
        fn = getattr(_lib.lib, name)
        assert fn.restype == restype, name
        assert fn.argtypes == argtypes, name
    assert _lib.lib.mana_hash.restype is ctypes.c_uint64


def test_error_codes_match_the_header() -> None:
    found = dict(re.findall(r"X\((MANA_\w+), (-?\d+),", header()))
    assert found, "no MANA_ERROR_LIST in mana.h"
    assert {"MANA_" + e.name: str(int(e)) for e in mana.ErrorCode} == found
    for name, value in found.items():
        assert mana.error_name(int(value)) == name
    assert mana.error_name(-1000) == "MANA_E?"


def test_strerror() -> None:
    assert mana.strerror(mana.ErrorCode.OK) == "success"
    assert mana.strerror(mana.ErrorCode.EILLEGAL) == "illegal move"
    assert mana.strerror(-1000) == "unknown error"


def test_ctypes_releases_the_gil_in_library_calls() -> None:
    # CDLL functions drop the GIL for the call (PyDLL ones keep it):
    # FUNCFLAG_PYTHONAPI is what marks the latter.
    assert not isinstance(_lib.lib, ctypes.PyDLL)
    assert not _lib.lib.mana_perft._flags_ & ctypes._FUNCFLAG_PYTHONAPI  # type: ignore[attr-defined]


# ---- loading in a fresh interpreter ------------------------------------------

PROBE = textwrap.dedent("""
    import mana
    g = mana.Game(position="rrdrrr/6/6/6/6/RRRDRR b - 0")
    print(mana.library_path(), g.perft(3))
""")


def run_python(env: Dict[str, str], cwd: str, code: str = PROBE) -> "subprocess.CompletedProcess[str]":
    full = dict(os.environ)
    full.pop("MANA_LIBRARY", None)
    full.update(env)
    return subprocess.run([sys.executable, "-c", code], env=full, cwd=cwd,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def foreign(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A directory holding libmana.so.1 and libmana.so.0 that are not
    libmana: tiny libraries exporting something else (like the RDMA
    provider of ibverbs-providers), and libmana.so, a copy that is."""
    d = tmp_path_factory.mktemp("foreign")
    src = d / "foreign.c"
    src.write_text("int mana_foreign_probe(void) { return 42; }\n")
    for name in ("libmana.so.1", "libmana.so.0"):
        subprocess.run([os.environ.get("CC", "cc"), "-shared", "-fPIC", "-o",
                        str(d / name), str(src)], check=True)
    return str(d)


def test_foreign_library_first_in_the_search_path_is_ignored(
        foreign: str, tmp_path: "os.PathLike[str]") -> None:
    r = run_python({"LD_LIBRARY_PATH": foreign}, str(tmp_path))
    assert r.returncode == 0, r.stderr
    path, count = r.stdout.split()
    assert count == "421"
    assert not path.startswith(foreign)


def test_foreign_library_named_explicitly_is_refused(
        foreign: str, tmp_path: "os.PathLike[str]") -> None:
    lib = os.path.join(foreign, "libmana.so.1")
    r = run_python({"MANA_LIBRARY": lib}, str(tmp_path))
    assert r.returncode != 0
    assert "mana.LibraryError" in r.stderr or "LibraryError" in r.stderr
    assert "%s is not libmana" % lib in r.stderr
    assert "mana_new" in r.stderr


def test_library_by_bare_name_is_refused(foreign: str, tmp_path: "os.PathLike[str]") -> None:
    r = run_python({"MANA_LIBRARY": "libmana.so.1", "LD_LIBRARY_PATH": foreign},
                   str(tmp_path))
    assert r.returncode != 0
    assert "give a path" in r.stderr


def test_missing_library_is_a_clear_error(tmp_path: "os.PathLike[str]") -> None:
    r = run_python({"MANA_LIBRARY": "/nonexistent/libmana.so.0"}, str(tmp_path))
    assert r.returncode != 0
    assert "cannot load libmana from /nonexistent/libmana.so.0" in r.stderr


def installed_build_library() -> Optional[str]:
    """The shared library of the build tree, if built: make check-python
    names it (MANA_TREE_LIBRARY, its BUILD_DIR's libmana.so.MAJOR), else
    build/libmana.so.MAJOR."""
    named = os.environ.get("MANA_TREE_LIBRARY")
    if named:
        return named if os.path.exists(named) else None
    major = mana.__version__.split(".")[0]
    for d in (os.path.join(REPO, "build"), REPO):
        p = os.path.join(d, "libmana.so." + major)
        if os.path.exists(p):
            return p
    return None


def sanitizer_env() -> Dict[str, str]:
    """What a fresh python3 needs to load the build tree's library: under
    SANITIZE=1 (MANA_TREE_SANITIZE) that library is built with ASan, whose
    runtime must come first in the process, so it is preloaded
    (MANA_ASAN_RUNTIME: $CC -print-file-name=libasan.so) with leak
    detection off (the interpreter's own allocations at exit are not
    libmana's).  Skips, saying why, when that cannot be done."""
    sanitize = os.environ.get("MANA_TREE_SANITIZE", "")
    if not sanitize:
        return {}
    if sanitize != "1":
        pytest.skip("SANITIZE=%s: a python3 without that sanitizer's runtime cannot load the "
                    "sanitized libmana, and only the ASan runtime (SANITIZE=1) is preloaded"
                    % sanitize)
    runtime = os.environ.get("MANA_ASAN_RUNTIME", "")
    if not os.path.isabs(runtime) or not os.path.exists(runtime):
        pytest.skip("SANITIZE=1: the ASan runtime is not found ($CC -print-file-name="
                    "libasan.so gave %r), so python3 cannot load the ASan libmana" % runtime)
    preload = " ".join(p for p in (runtime, os.environ.get("LD_PRELOAD", "")) if p)
    # detect_leaks=0 last: ASan reads the options in order, and make's
    # SAN_ENV (make sanitize) sets detect_leaks=1 for the C programs
    options = ":".join(o for o in (os.environ.get("ASAN_OPTIONS", ""), "detect_leaks=0") if o)
    return {"LD_PRELOAD": preload, "ASAN_OPTIONS": options}


def test_mana_library_selects_another_libmana(tmp_path: "os.PathLike[str]") -> None:
    lib = installed_build_library()
    if lib is None:
        pytest.skip("no libmana.so built in the tree")
    r = run_python(dict(sanitizer_env(), MANA_LIBRARY=lib), str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [lib, "421"]
