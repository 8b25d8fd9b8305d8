# SPDX-License-Identifier: MIT
"""Tests of the ctypes binding mana.py (python3 -m unittest test_mana).

Run from examples/python; MANA_LIBRARY selects the library (make check sets
it to the build tree's, .ci/install-check.sh to the installed copy).
"""

import ctypes
import ctypes.util
import gc
import os
import random
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mana  # noqa: E402  (after the path is set)

REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
START = "rrdrrr/6/6/6/6/RRRDRR b - 0"

# perft.txt (RULES.md "Perft") at depths 1-3, the table tests/check_perft.c
# also copies: (mfn, blocked, [perft(1), perft(2), perft(3)]).
# test_table_matches_perft_txt checks it against the file when present.
PERFT = [
    ("rrdrrr/6/6/6/6/RRRDRR b - 0", "pass", [16, 66, 421]),
    ("6/rdrrrr/6/6/RRRRDR/6 b - 2", "pass", [22, 255, 1626]),
    ("rrrdrr/6/6/6/6/RRRDRR b - 3", "pass", [16, 56, 261]),
    ("5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", "pass", [1, 12, 102]),
    ("2d3/6/2R1r1/1r4/3D2/6 b 3 3", "pass", [42, 754, 17239]),
    ("4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0", "pass", [6, 114, 1739]),
    ("Rrr2r/D3R1/1R1d1R/rrR3/6/6 w 3 0", "pass", [17, 196, 2038]),
    ("d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1", "pass", [9, 483, 7206]),
    ("r4r/3R2/3r1r/1d2Dr/RR4/4R1 w 3 1", "pass", [24, 169, 3396]),
    ("4rr/r1r3/6/3d2/RR2r1/RR2DR w 3 1", "pass", [11, 49, 151]),
    ("4dr/1R4/r2rR1/3rr1/1R4/D3R1 b 3 0", "pass", [16, 334, 2921]),
    ("2r3/2r2r/dR2r1/R1r2R/1R2D1/3R2 w 1 0", "pass", [8, 145, 1651]),
    ("r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1", "pass", [19, 85, 719]),
    ("3r2/r2RRd/6/6/3Dr1/3R1r b 3 2", "pass", [7, 115, 4053]),
    ("2R3/1R1r2/Rr1R1r/6/1rDd2/2R3 w 1 0", "pass", [31, 513, 6925]),
    ("2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2", "pass", [12, 78, 572]),
    ("1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2", "pass", [23, 534, 5162]),
    ("5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", "draw", [0, 0, 0]),
]


def perft_file():
    """perft.txt: $MANA_PERFT_FILE, or ../shared/perft.txt beside the repo."""
    for path in (os.environ.get("MANA_PERFT_FILE"),
                 os.path.join(REPO, "..", "shared", "perft.txt")):
        if path and os.path.exists(path):
            return path
    return None


def python_perft(game, depth):
    """perft walked in Python through legal_move_values/play/undo."""
    if depth == 0:
        return 1
    total = 0
    for m in game.legal_move_values():
        game.play(m)
        total += python_perft(game, depth - 1)
        game.undo()
    return total


def snapshot(game):
    """Everything a failed call must leave as it was."""
    try:
        position = game.position
    except mana.ManaError:
        position = None
    return (position, game.hash, game.status, game.side_to_move, game.mana,
            game.history_values(), game.legal_move_values())


class TestLibrary(unittest.TestCase):
    def test_every_export_is_declared(self):
        # tests/exports.txt is the checked-in list of exported names.
        with open(os.path.join(REPO, "tests", "exports.txt")) as f:
            exports = {l.strip() for l in f if l.strip() and not l.startswith("#")}
        self.assertEqual(set(mana.SIGNATURES), exports)
        for name, (restype, argtypes) in mana.SIGNATURES.items():
            fn = getattr(mana._lib, name)
            self.assertEqual(fn.restype, restype, name)
            self.assertEqual(fn.argtypes, argtypes, name)
        self.assertIs(mana._lib.mana_hash.restype, ctypes.c_uint64)

    def test_version_matches_header(self):
        with open(os.path.join(REPO, "include", "mana.h")) as f:
            line = next(l for l in f if l.startswith("#define MANA_VERSION_STRING"))
        self.assertEqual('"%s"' % mana.version(), line.split()[2])
        self.assertEqual(mana.version().split(".")[0], str(mana.ABI_MAJOR))

    def test_lookup_order(self):
        with tempfile.TemporaryDirectory() as top:
            here = os.path.join(top, "examples", "python")
            os.makedirs(here)
            # 1. the environment variable, and nothing else
            self.assertEqual(mana.library_candidates({"MANA_LIBRARY": "/x/lib.so"}, here),
                             ["/x/lib.so"])
            # 3. without a build tree: find_library, then the loader by soname
            names = mana.library_candidates({}, here)
            self.assertEqual(names[-1], mana.SONAME)
            built = os.path.join(top, "build", mana.SONAME)
            self.assertNotIn(built, names)
            # 2. the build tree's build/ directory comes first
            os.makedirs(os.path.dirname(built))
            open(built, "w").close()
            names = mana.library_candidates({}, here)
            self.assertEqual(names[0], built)
            self.assertEqual(names[-1], mana.SONAME)

    def test_strerror(self):
        self.assertEqual(mana.strerror(mana.OK), "success")
        self.assertEqual(mana.strerror(mana.EILLEGAL), "illegal move")
        self.assertEqual(mana.strerror(-1000), "unknown error")


class TestPerft(unittest.TestCase):
    def test_table_matches_perft_txt(self):
        path = perft_file()
        if path is None:
            self.skipTest("perft.txt not found (set MANA_PERFT_FILE)")
        table, blocked = {}, None
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("[blocked="):
                    blocked = line[len("[blocked="):-1]
                elif line and not line.startswith("#"):
                    mfn, *depths = [x.strip() for x in line.split(";")]
                    counts = dict(d[1:].split() for d in depths)
                    table[(mfn, blocked)] = [int(counts[str(d)]) for d in (1, 2, 3)]
        self.assertEqual(table, {(m, b): c for m, b, c in PERFT})

    def test_perft_depth_1_to_3(self):
        for mfn, blocked, counts in PERFT:
            with self.subTest(mfn=mfn, blocked=blocked), \
                    mana.Game(blocked=blocked, position=mfn) as g:
                before = snapshot(g)
                self.assertEqual(g.perft(0), 1)
                self.assertEqual([g.perft(d) for d in (1, 2, 3)], counts)
                self.assertEqual(snapshot(g), before)
                self.assertEqual(len(g.legal_moves()), counts[0])

    def test_perft_walked_through_the_binding(self):
        # play/undo through Python give the library's counts (depth 2).
        for mfn, blocked, counts in PERFT:
            with self.subTest(mfn=mfn), mana.Game(blocked=blocked, position=mfn) as g:
                self.assertEqual(python_perft(g, 2), counts[1])
                self.assertEqual(g.position, mfn)

    def test_perft_bad_depth(self):
        with mana.Game(position=START) as g:
            for depth in (-1, 65):
                with self.assertRaises(mana.ManaError) as cm:
                    g.perft(depth)
                self.assertEqual(cm.exception.code, mana.EINVAL)


class TestPlay(unittest.TestCase):
    def setUp(self):
        self.g = mana.Game(position=START)

    def tearDown(self):
        self.g.close()

    def test_a_move_and_its_undo(self):
        # a6 has 2 marks in orientation 0: a6-a4 goes through a5.  The Mana
        # then takes a4's mark count, 3 (rank 4: 3 1 2 2 3 1).
        g = self.g
        h0 = g.hash
        g.play("a6-a4")
        self.assertEqual(g.position, "1rdrrr/6/r5/6/6/RRRDRR w 3 0")
        self.assertEqual(g.side_to_move, mana.Color.WHITE)
        self.assertEqual(g.mana, 3)
        self.assertEqual(g.piece_at("a4"), "r")
        self.assertIsNone(g.piece_at("a6"))
        self.assertEqual(g.history(), ["a6-a4"])
        g.undo()
        self.assertEqual(g.position, START)
        self.assertEqual(g.hash, h0)
        self.assertEqual(g.history(), [])

    def test_illegal_move_raises_and_changes_nothing(self):
        g = self.g
        g.play("a6-a4")
        before = snapshot(g)
        # White is bound by the Mana (3): a1 has 1 mark.  a6-a5 would be one
        # step from a 2-mark square; b1-b1 lands on its own piece.
        for text in ("a1-a2", "b1xb1", "c1-c2"):
            with self.subTest(text=text):
                with self.assertRaises(mana.ManaError) as cm:
                    g.play(text)
                e = cm.exception
                self.assertEqual(e.code, mana.EILLEGAL)
                self.assertEqual(e.name, "MANA_EILLEGAL")
                self.assertEqual(e.message, "illegal move")
                self.assertTrue(e.detail)
                self.assertIn(e.detail, str(e))
                self.assertEqual(snapshot(g), before)
                self.assertFalse(g.is_legal(text))
        with self.assertRaises(mana.ManaError) as cm:
            g.play(mana.MAX_MOVES << 20)  # not a move at all
        self.assertEqual(cm.exception.code, mana.EILLEGAL)
        self.assertEqual(snapshot(g), before)

    def test_parse_errors(self):
        g = self.g
        before = snapshot(g)
        for text in ("", "zz", "a7-a1", "a6-a4 ", " a6-a4", "a6--a4", "R@",
                     "O4", "pass!", "a6-a4\n", "P@a3", "é6-a4"):
            with self.subTest(text=text):
                with self.assertRaises(mana.ManaError) as cm:
                    g.play(text)
                self.assertEqual(cm.exception.code, mana.EPARSE)
                self.assertTrue(cm.exception.detail)
                self.assertEqual(snapshot(g), before)
        with self.assertRaises(ValueError):
            g.play("a6-a4\0junk")  # C would read only "a6-a4"
        with self.assertRaises(TypeError):
            g.play(b"a6-a4")
        self.assertEqual(snapshot(g), before)

    def test_bad_positions(self):
        g = self.g
        before = snapshot(g)
        for mfn in ("", "bad", START + "\n", START + " ", "rrdrrr/33/6/6/6/RRRDRR b - 0",
                    "rrdrrr/6/6/6/6/RRRDRR x - 0", "rrdrrr/6/6/6/6/RRRDRR b 4 0",
                    "rrdrrr/6/6/6/6/RRRDRR b - 4", "rrddrr/6/6/6/6/RRRDRR b - 0",
                    "rrdrrr/6/6/6/6/RRRDR b - 0", "rrdrrr/6/6/6/6/RRRRRR w 1 0"):
            with self.subTest(mfn=mfn):
                with self.assertRaises(mana.ManaError) as cm:
                    g.position = mfn
                self.assertEqual(cm.exception.code, mana.EPARSE)
                self.assertTrue(cm.exception.detail)
                self.assertEqual(snapshot(g), before)

    def test_position_round_trip(self):
        for mfn, _, _ in PERFT:
            self.g.position = mfn
            self.assertEqual(self.g.position, mfn)

    def test_undo_without_history(self):
        with self.assertRaises(mana.ManaError) as cm:
            self.g.undo()
        self.assertEqual(cm.exception.code, mana.ENOHISTORY)

    def test_finished_game(self):
        # Black to move without his Damyo: White has won (RULES.md "MFN").
        self.g.position = "r5/6/6/6/6/RRRDRR b 1 0"
        self.assertEqual(self.g.status, mana.Status.WHITE_WON)
        self.assertEqual(self.g.legal_moves(), [])
        self.assertEqual(self.g.perft(3), 0)
        with self.assertRaises(mana.ManaError) as cm:
            self.g.play("a6-a5")
        self.assertEqual(cm.exception.code, mana.EOVER)

    def test_blocked_player_passes(self):
        # perft.txt: White is blocked here; under blocked=pass his only
        # move is "pass", which leaves the Mana (1) binding Black.
        self.g.position = "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0"
        self.assertEqual(self.g.legal_moves(), ["pass"])
        self.g.play("pass")
        self.assertEqual(self.g.position, "5d/6/1r4/rRr3/RRRr2/DRr3 b 1 0")

    def test_hash_is_64_bit(self):
        hashes = set()
        for mfn, _, _ in PERFT:
            self.g.position = mfn
            hashes.add(self.g.hash)
            with mana.Game(position=mfn) as twin:
                self.assertEqual(twin.hash, self.g.hash)
        self.assertTrue(all(0 <= h < 2 ** 64 for h in hashes))
        # 17 different positions: a 32-bit truncation would leave every
        # value below 2**32; a real 64-bit hash almost never does.
        self.assertEqual(len(hashes), 17)
        self.assertTrue(any(h >= 2 ** 32 for h in hashes))

    def test_random_game_to_the_end_and_back(self):
        rng = random.Random(4)
        with mana.Game("cosmoludo") as g:
            start_hash = g.hash
            g.setup_random(11)
            self.assertEqual(g.status, mana.Status.PLAYING)
            self.assertEqual(len(g.history_values()), 12)  # 6 + 6 placements
            plies = 0
            while g.status == mana.Status.PLAYING and plies < 3000:
                g.play(rng.choice(g.legal_moves()))
                plies += 1
            self.assertEqual(len(g.history_values()), 12 + plies)
            if g.status != mana.Status.PLAYING:
                self.assertEqual(g.legal_moves(), [])
            for _ in range(12 + plies):
                g.undo()
            self.assertEqual(g.status, mana.Status.SETUP)
            self.assertEqual(g.hash, start_hash)


class TestClone(unittest.TestCase):
    def test_clone_is_independent(self):
        with mana.Game("jactalea") as g:
            g.setup_random(5)
            g.play(g.legal_move_values()[0])
            with g.clone() as c:
                self.assertEqual(snapshot(c), snapshot(g))
                before = snapshot(g)
                c.play(c.legal_move_values()[-1])
                self.assertEqual(snapshot(g), before)
                self.assertNotEqual(c.position, g.position)
                # the copy carries the history: it undoes back to the setup
                for _ in range(len(c.history_values())):
                    c.undo()
                self.assertEqual(c.status, mana.Status.SETUP)
                self.assertEqual(snapshot(g), before)
                g.undo()
                self.assertEqual(c.status, mana.Status.SETUP)

    def test_clone_outlives_the_original(self):
        g = mana.Game(position=START)
        c = g.clone()
        g.close()
        self.assertEqual(c.position, START)
        self.assertEqual(c.perft(2), 66)
        c.close()


class TestOptions(unittest.TestCase):
    def test_presets(self):
        with mana.Game("cosmoludo") as g:
            self.assertEqual(g.get_option("orientation"), 3)
            self.assertEqual(g.get_option("setup_area"), 1)
            self.assertEqual(g.get_option("damyo_on_double"), 1)
            self.assertEqual(g.orientation, 3)
        with mana.Game("jactalea") as g:
            self.assertEqual(g.get_option("orientation"), -1)
            self.assertEqual(g.orientation, -1)
            self.assertEqual(g.legal_moves(), ["O0", "O1", "O2", "O3"])

    def test_keyword_options(self):
        with mana.Game(blocked="draw", reentry="mana_mark", repetition=3,
                       ply_limit=200, reentry_when_blocked=False,
                       orientation=2) as g:
            self.assertEqual(g.get_option("blocked"), 1)
            self.assertEqual(g.get_option("reentry"), 1)
            self.assertEqual(g.get_option("repetition"), 3)
            self.assertEqual(g.get_option("ply_limit"), 200)
            self.assertEqual(g.get_option("reentry_when_blocked"), 0)
            self.assertEqual(g.orientation, 2)  # fixed: no O0..O3 to play
            self.assertNotIn("O2", g.legal_moves())

    def test_bad_options(self):
        with self.assertRaises(TypeError):
            mana.Game(colour="blue")
        with self.assertRaises(ValueError):
            mana.Game(blocked="resign")
        with self.assertRaises(ValueError):
            mana.Game("chess")
        for kw in ({"repetition": 1}, {"orientation": 4}, {"blocked": 3},
                   {"ply_limit": -1}):
            with self.subTest(kw=kw):
                with self.assertRaises(mana.ManaError) as cm:
                    mana.Game(**kw)
                self.assertEqual(cm.exception.code, mana.EINVAL)
        with self.assertRaises(mana.ManaError) as cm:
            mana.Game(7)
        self.assertEqual(cm.exception.code, mana.EINVAL)

    def test_options_only_before_the_first_move(self):
        with mana.Game(position=START) as g:
            g.play("a6-a4")
            with self.assertRaises(mana.ManaError) as cm:
                g.set_option("blocked", "draw")
            self.assertEqual(cm.exception.code, mana.ESTATE)
            self.assertEqual(g.get_option("blocked"), 0)


class TestMemory(unittest.TestCase):
    def count_frees(self):
        """Replace Game._free by a wrapper recording each pointer freed."""
        freed = []
        real = mana.Game._free

        def counting(g):
            freed.append(ctypes.addressof(g.contents))
            real(g)
        mana.Game._free = staticmethod(counting)
        self.addCleanup(setattr, mana.Game, "_free", staticmethod(real))
        return freed

    def test_freed_once_and_only_once(self):
        freed = self.count_frees()
        a = mana.Game()
        a.close()
        a.close()  # second close: no-op
        del a
        with mana.Game() as b:
            c = b.clone()
        b.close()  # after the with block: no-op
        self.assertTrue(b.closed)
        with self.assertRaises(ValueError):
            b.legal_moves()
        del b
        d = mana.Game(position=START)  # freed by the garbage collector
        del d, c
        gc.collect()
        with self.assertRaises(mana.ManaError):
            mana.Game(repetition=1)  # created, then freed by the constructor
        self.assertEqual(len(freed), 5)

    def test_no_leak_over_100000_games(self):
        if os.environ.get("MANA_TEST_SANITIZED"):
            self.skipTest("malloc statistics are the sanitizer's under SANITIZE=1")
        used = malloc_in_use()
        if used is None:
            self.skipTest("neither mallinfo2 nor /proc/self/statm")

        def cycles(n):
            for i in range(n):
                if i % 2:
                    with mana.Game("cosmoludo") as g:
                        g.setup_random(i)  # allocates the history
                else:
                    g = mana.Game()
                    g.play("O1")
                    g.clone().close()
                    del g  # freed by reference counting
        cycles(2000)  # warm up allocator and interpreter caches
        gc.collect()
        before = used()
        cycles(100000)
        gc.collect()
        grown = used() - before
        # A game and its history are hundreds of bytes: leaking any part of
        # them 100,000 times grows the heap by megabytes.
        self.assertLess(grown, 1 << 20, "heap grew by %d bytes" % grown)


def malloc_in_use():
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
            return lambda: libc.mallinfo2().uordblks + libc.mallinfo2().hblkhd
    if os.path.exists("/proc/self/statm"):
        page = os.sysconf("SC_PAGE_SIZE")

        def rss():
            with open("/proc/self/statm") as f:
                return int(f.read().split()[1]) * page
        return rss
    return None


if __name__ == "__main__":
    unittest.main()
