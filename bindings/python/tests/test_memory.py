# SPDX-License-Identifier: MIT
"""Every mana_game the package creates is freed exactly once, and nothing
leaks over many games."""

import ctypes
import ctypes.util
import gc
import os
from typing import Any, Callable, List, Optional

import pytest

import mana
from mana import _game, _move
from conftest import START


@pytest.fixture
def freed(monkeypatch: pytest.MonkeyPatch) -> List[int]:
    """The pointers freed, recorded by a wrapper of mana_free."""
    gc.collect()  # games of earlier tests are freed before counting
    out: List[int] = []
    real = _game._free

    def counting(g: int) -> None:
        out.append(g)
        real(g)
    monkeypatch.setattr(_game, "_free", counting)
    monkeypatch.setattr(_move, "_free", counting)
    return out


def test_freed_once_and_only_once(freed: List[int]) -> None:
    a = mana.Game()
    a.close()
    a.close()  # second close: no-op
    del a
    with mana.Game() as b:
        c = b.clone()
    b.close()  # after the with block: no-op
    assert b.closed
    del b
    d = mana.Game(position=START)  # freed by the garbage collector
    moves = d.legal_moves()  # one copy of the position, freed with the moves
    del d, c
    str(moves[0])  # formatting frees nothing
    del moves
    gc.collect()
    with pytest.raises(mana.ManaError):
        mana.Game(repetition=1)  # created, then freed by the constructor
    assert len(freed) == 6


def test_listed_moves_release_their_copy_once_formatted(freed: List[int]) -> None:
    g = mana.Game(position=START)
    moves = g.legal_moves()
    texts = [str(m) for m in moves]  # every Move has its text: copy released
    assert len(freed) == 1
    assert texts == [str(m) for m in moves]
    g.close()
    assert len(freed) == 2


def malloc_in_use() -> Optional[Callable[[], int]]:
    """A function giving the bytes malloc has handed out (glibc mallinfo2),
    or else the resident set size; None if neither is available."""
    libc_name = ctypes.util.find_library("c")
    if libc_name:
        libc = ctypes.CDLL(libc_name)
        if hasattr(libc, "mallinfo2"):
            class Mallinfo2(ctypes.Structure):
                _fields_ = [(n, ctypes.c_size_t) for n in (
                    "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                    "fsmblks", "uordblks", "fordblks", "keepcost")]
            libc.mallinfo2.restype = Mallinfo2
            libc.mallinfo2.argtypes = []

            def used() -> int:
                m = libc.mallinfo2()
                return int(m.uordblks + m.hblkhd)
            return used
    if os.path.exists("/proc/self/statm"):
        page = os.sysconf("SC_PAGE_SIZE")

        def rss() -> int:
            with open("/proc/self/statm") as f:
                return int(f.read().split()[1]) * page
        return rss
    return None


def test_no_leak_over_100000_games() -> None:
    used = malloc_in_use()
    if used is None:
        pytest.skip("neither mallinfo2 nor /proc/self/statm")

    def cycles(n: int) -> None:
        for i in range(n):
            if i % 2:
                with mana.Game("cosmoludo") as g:
                    g.setup_random(i)  # allocates the history
                    str(g.legal_moves()[0])
            else:
                h = mana.Game()
                h.play("O1")
                h.clone().close()
                h.legal_moves()
                del h  # freed by reference counting
    cycles(2000)  # warm up allocator and interpreter caches
    gc.collect()
    before = used()
    cycles(100000)
    gc.collect()
    grown = used() - before
    # A game and its history are hundreds of bytes: leaking any part of
    # them 100,000 times grows the heap by megabytes.
    assert grown < 1 << 20, "heap grew by %d bytes" % grown
