# SPDX-License-Identifier: MIT
"""Game: perft, play, undo, errors, positions, options, setup, clone."""

import random

import pytest

import mana
from conftest import PERFT, START, moves_text, perft_file, python_perft, snapshot

E = mana.ErrorCode


def test_table_matches_perft_txt() -> None:
    path = perft_file()
    if path is None:
        pytest.skip("perft.txt not found (set MANA_PERFT_FILE)")
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
    assert table == {(m, b): c for m, b, c in PERFT}


@pytest.mark.parametrize("mfn,blocked,counts", PERFT)
def test_perft_depth_1_to_3(mfn: str, blocked: str, counts: list) -> None:
    with mana.Game(blocked=blocked, position=mfn) as g:
        before = snapshot(g)
        assert g.perft(0) == 1
        assert [g.perft(d) for d in (1, 2, 3)] == counts
        assert snapshot(g) == before
        assert len(g.legal_moves()) == counts[0]
        assert len(g.legal_move_values()) == counts[0]


@pytest.mark.parametrize("mfn,blocked,counts", PERFT)
def test_perft_walked_through_the_binding(mfn: str, blocked: str, counts: list) -> None:
    # play/undo through Python give the library's counts (depth 2).
    with mana.Game(blocked=blocked, position=mfn) as g:
        assert python_perft(g, 2) == counts[1]
        assert g.position == mfn


def test_perft_bad_depth(start: mana.Game) -> None:
    for depth in (-1, 65):
        with pytest.raises(mana.ManaError) as e:
            start.perft(depth)
        assert e.value.code == E.EINVAL
        assert "perft to depth" in str(e.value)


def test_a_move_and_its_undo(start: mana.Game) -> None:
    # a6 has 2 marks in orientation 0: a6-a4 goes through a5.  The Mana
    # then takes a4's mark count, 3 (rank 4: 3 1 2 2 3 1).
    g = start
    h0 = g.hash
    g.play("a6-a4")
    assert g.position == "1rdrrr/6/r5/6/6/RRRDRR w 3 0"
    assert g.side_to_move == mana.Color.WHITE
    assert g.mana == 3
    assert g.piece_at("a4") == "r"
    assert g.piece_at("a6") is None
    assert g.history() == ["a6-a4"]
    assert g.ply == 1
    g.undo()
    assert g.position == START
    assert g.hash == h0
    assert g.history() == []


def test_illegal_move_raises_and_changes_nothing(start: mana.Game) -> None:
    g = start
    g.play("a6-a4")
    before = snapshot(g)
    # White is bound by the Mana (3): a1 has 1 mark.  b1xb1 lands on its
    # own square; c1 has 2 marks, not 3.
    for text in ("a1-a2", "b1xb1", "c1-c2"):
        with pytest.raises(mana.ManaError) as e:
            g.play(text)
        err = e.value
        assert err.code == E.EILLEGAL
        assert err.name == "MANA_EILLEGAL"
        assert err.message == "illegal move"
        assert err.detail and err.detail in str(err)
        assert str(err).startswith("play '%s': illegal move" % text)
        assert snapshot(g) == before
        assert not g.is_legal(text)
    with pytest.raises(mana.ManaError) as e:
        g.play(mana.MAX_MOVES << 20)  # not a move at all
    assert e.value.code == E.EILLEGAL
    assert snapshot(g) == before


def test_parse_errors(start: mana.Game) -> None:
    g = start
    before = snapshot(g)
    for text in ("", "zz", "a7-a1", "a6-a4 ", " a6-a4", "a6--a4", "R@",
                 "O4", "pass!", "a6-a4\n", "P@a3", "é6-a4"):
        with pytest.raises(mana.ManaError) as e:
            g.play(text)
        assert e.value.code == E.EPARSE, text
        assert e.value.detail
        assert snapshot(g) == before
    with pytest.raises(ValueError):
        g.play("a6-a4\0junk")  # C would read only "a6-a4"
    with pytest.raises(TypeError):
        g.play(b"a6-a4")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        g.play(1.5)  # type: ignore[arg-type]
    assert snapshot(g) == before


@pytest.mark.parametrize("mfn", [
    "", "bad", START + "\n", START + " ", "rrdrrr/33/6/6/6/RRRDRR b - 0",
    "rrdrrr/6/6/6/6/RRRDRR x - 0", "rrdrrr/6/6/6/6/RRRDRR b 4 0",
    "rrdrrr/6/6/6/6/RRRDRR b - 4", "rrddrr/6/6/6/6/RRRDRR b - 0",
    "rrdrrr/6/6/6/6/RRRDR b - 0", "rrdrrr/6/6/6/6/RRRRRR w 1 0"])
def test_bad_positions(start: mana.Game, mfn: str) -> None:
    before = snapshot(start)
    with pytest.raises(mana.ManaError) as e:
        start.position = mfn
    assert e.value.code == E.EPARSE
    assert e.value.detail
    assert snapshot(start) == before
    assert start.start_position == START


def test_position_round_trip(start: mana.Game) -> None:
    for mfn, _, _ in PERFT:
        start.position = mfn
        assert start.position == mfn
        assert start.start_position == mfn


def test_position_during_setup_is_an_error() -> None:
    with mana.Game() as g:
        with pytest.raises(mana.ManaError) as e:
            g.position
        assert e.value.code == E.ESTATE


def test_undo_without_history(start: mana.Game) -> None:
    with pytest.raises(mana.ManaError) as e:
        start.undo()
    assert e.value.code == E.ENOHISTORY
    assert e.value.name == "MANA_ENOHISTORY"


def test_finished_game(start: mana.Game) -> None:
    # Black to move without his Damyo: White has won (docs/rules.md "MFN (Mana Forsyth Notation)").
    start.position = "r5/6/6/6/6/RRRDRR b 1 0"
    assert start.status == mana.Status.WHITE_WON
    assert start.status.is_over and start.is_over()
    assert start.legal_moves() == []
    assert start.perft(3) == 0
    with pytest.raises(mana.ManaError) as e:
        start.play("a6-a5")
    assert e.value.code == E.EOVER


def test_blocked_player_passes(start: mana.Game) -> None:
    # perft.txt: White is blocked here; under blocked=pass his only move is
    # "pass", which leaves the Mana (1) binding Black.
    start.position = "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0"
    (m,) = start.legal_moves()
    assert str(m) == "pass" and m.kind == mana.MoveKind.PASS
    assert m.from_square is None and m.to_square is None
    start.play(m)
    assert start.position == "5d/6/1r4/rRr3/RRRr2/DRr3 b 1 0"


def test_hash_is_64_bit(start: mana.Game) -> None:
    hashes = set()
    for mfn, _, _ in PERFT:
        start.position = mfn
        hashes.add(start.hash)
        with mana.Game(position=mfn) as twin:
            assert twin.hash == start.hash
    assert all(0 <= h < 2 ** 64 for h in hashes)
    # 17 different positions: a 32-bit truncation would leave every value
    # below 2**32; a real 64-bit hash almost never does.
    assert len(hashes) == 17
    assert any(h >= 2 ** 32 for h in hashes)


def test_random_game_to_the_end_and_back() -> None:
    rng = random.Random(4)
    with mana.Game("cosmoludo") as g:
        start_hash = g.hash
        g.setup_random(11)
        assert g.status == mana.Status.PLAYING
        assert len(g.history_values()) == 12  # 6 + 6 placements
        plies = 0
        while g.status == mana.Status.PLAYING and plies < 3000:
            g.play(rng.choice(g.legal_moves()))
            plies += 1
        assert len(g.history_values()) == 12 + plies
        if g.status != mana.Status.PLAYING:
            assert g.legal_moves() == []
        for _ in range(12 + plies):
            g.undo()
        assert g.status == mana.Status.SETUP
        assert g.hash == start_hash


def test_setup_random_is_reproducible() -> None:
    a, b = mana.Game(), mana.Game()
    a.setup_random(2 ** 64 - 1)
    b.setup_random(2 ** 64 - 1)
    assert a.history_values() == b.history_values()
    assert a.status == mana.Status.PLAYING
    with pytest.raises(mana.ManaError) as e:
        a.setup_random(1)
    assert e.value.code == E.ESTATE


def test_clone_is_independent() -> None:
    with mana.Game("jactalea") as g:
        g.setup_random(5)
        g.play(g.legal_move_values()[0])
        with g.clone() as c:
            assert snapshot(c) == snapshot(g)
            before = snapshot(g)
            c.play(c.legal_move_values()[-1])
            assert snapshot(g) == before
            assert c.position != g.position
            # the copy carries the history: it undoes back to the setup
            for _ in range(len(c.history_values())):
                c.undo()
            assert c.status == mana.Status.SETUP
            assert snapshot(g) == before
            g.undo()
            assert c.status == mana.Status.SETUP


def test_clone_outlives_the_original() -> None:
    g = mana.Game(position=START)
    c = g.clone()
    g.close()
    assert c.position == START
    assert c.perft(2) == 66
    c.close()


def test_presets() -> None:
    with mana.Game("cosmoludo") as g:
        assert g.preset == mana.Rules.COSMOLUDO
        assert g.get_option("orientation") == 3
        assert g.get_option("setup_area") == mana.SetupArea.BACK_RANK
        assert g.get_option(mana.Option.DAMYO_ON_DOUBLE) == 1
        assert g.orientation == 3
    with mana.Game(mana.Rules.JACTALEA) as g:
        assert g.get_option("orientation") == mana.ORIENTATION_CHOSEN
        assert g.orientation == -1
        assert moves_text(g.legal_moves()) == ["O0", "O1", "O2", "O3"]
        assert [m.orientation for m in g.legal_moves()] == [0, 1, 2, 3]


def test_keyword_options() -> None:
    with mana.Game(blocked="draw", reentry="mana_mark", repetition=3,
                   ply_limit=200, reentry_when_blocked=False, orientation=2) as g:
        assert g.get_option("blocked") == mana.Blocked.DRAW
        assert g.get_option("reentry") == mana.Reentry.MANA_MARK
        assert g.get_option("repetition") == 3
        assert g.get_option("ply_limit") == 200
        assert g.get_option("reentry_when_blocked") == 0
        assert g.orientation == 2  # fixed: no O0..O3 to play
        assert "O2" not in moves_text(g.legal_moves())
        assert g.options() == {
            "orientation": 2, "setup_area": 0, "damyo_on_double": 0, "reentry": 1,
            "reentry_when_blocked": 0, "blocked": 1, "repetition": 3, "ply_limit": 200}


def test_bad_options() -> None:
    # an unknown keyword is a TypeError naming it, as for any callable
    # (not the KeyError of a lookup), before any game is made
    words = "orientation, setup_area, damyo_on_double, reentry, reentry_when_blocked, blocked, " \
        "repetition, ply_limit"
    with pytest.raises(TypeError) as e:
        mana.Game(colour="blue")
    assert str(e.value) == "Game() got an unexpected keyword argument 'colour' (the rule options: %s)" % words
    with pytest.raises(TypeError, match=r"^Game\(\) got an unexpected keyword argument 'plylimit' "):
        mana.Game("cosmoludo", "6/3r2/3R2/2r3/1R4/d3D1 w 2 0", blocked="draw", plylimit=10)
    with pytest.raises(KeyError):  # a lookup by name stays a KeyError
        mana.Game().set_option("colour", 1)
    with pytest.raises(ValueError):
        mana.Game(blocked="resign")
    with pytest.raises(ValueError):
        mana.Game("chess")
    for kw in ({"repetition": 1}, {"orientation": 4}, {"blocked": 3},
               {"ply_limit": -1}):
        with pytest.raises(mana.ManaError) as e:
            mana.Game(**kw)  # type: ignore[arg-type]
        assert e.value.code == E.EINVAL
        assert str(e.value).startswith("set option ")
    with pytest.raises(mana.ManaError) as e:
        mana.Game(7)
    assert e.value.code == E.EINVAL


def test_options_only_before_the_first_move(start: mana.Game) -> None:
    start.play("a6-a4")
    with pytest.raises(mana.ManaError) as e:
        start.set_option("blocked", "draw")
    assert e.value.code == E.ESTATE
    assert start.get_option("blocked") == 0


def test_closed_game() -> None:
    g = mana.Game()
    g.close()
    g.close()  # second close: no-op
    assert g.closed
    with pytest.raises(ValueError):
        g.legal_moves()
    with pytest.raises(ValueError):
        g.play("O1")
    assert repr(g) == "<mana.Game closed>"


def test_text_board(start: mana.Game) -> None:
    # Orientation 0 (docs/rules.md "Board and coordinates"): rank 6 reads
    # 2 2 3 1 2 2 from a6, rank 1 reads 1 3 2 2 1 3 from a1; each square
    # shows its piece then its marks.  The words are mana-cli show's (the
    # library's mana_board_text): no Mana yet, so no square marked '*'.
    text = str(start)
    lines = text.splitlines()
    assert lines[0].split() == list("abcdef")
    assert lines[1] == "6  r2  r2  d3  r1  r2  r2  6"
    assert lines[6] == "1  R1  R3  R2  D2  R1  R3  1"
    assert lines[4] == "3  .2  .3  .1  .3  .1  .2  3"
    assert lines[7].split()[:6] == list("abcdef")
    assert lines[8] == "Black to move; no Mana yet: any piece may move"
    assert lines[9] == "reserve: White 0, Black 0"
    assert "*" not in "".join(lines[1:7])
    assert text == start.board_text() and not text.endswith("\n")


def test_text_board_marks_the_mana(start: mana.Game) -> None:
    # Black's Ronin on d6 (1 mark) moves one step: d6-d5 lands on d5 (3
    # marks, rank 5 reads 1 3 1 3 1 3), so the Mana is 3 and White is bound
    # to its pieces on 3-mark squares, b1 and f1 (rank 1 reads 1 3 2 2 1
    # 3); every 3-mark square of the board is marked '*'.
    start.play("d6-d5")
    lines = str(start).splitlines()
    assert lines[2] == "5  .1  .3* .1  r3* .1  .3* 5"
    assert lines[6] == "1  R1  R3* R2  D2  R1  R3* 1"
    assert lines[8] == "White to move; Mana 3: White must move a piece on a 3-mark square (*)"
    assert start.end_text() == "playing"


def test_end_text_words() -> None:
    # White's Ronin c5 takes Black's Damyo c6.
    with mana.Game(position="2d3/2R3/6/6/6/3D2 w - 0") as g:
        g.play("c5xc6")
        assert g.end_text() == "White won, Black's Damyo captured"
        assert str(g).splitlines()[8] == "finished: White won, Black's Damyo captured"


def test_option_words_of_the_library() -> None:
    # The library's words (records, engine protocol) are accepted too.
    with mana.Game(setup_area="back-rank", reentry="mana-mark", damyo_on_double="on") as g:
        assert g.get_option("setup_area") == mana.SetupArea.BACK_RANK
        assert g.get_option("reentry") == mana.Reentry.MANA_MARK
        assert g.get_option("damyo_on_double") == 1
    assert mana.option_values("blocked") == "pass|draw|loss"
    with pytest.raises(ValueError) as e:
        mana.Game(blocked="resign")
    assert "pass|draw|loss" in str(e.value)


def test_copy_from_reuses_a_scratch_game() -> None:
    root = mana.Game("jactalea", blocked="loss")
    root.setup_random(9)
    root.headers["White"] = "w"
    scratch = mana.Game()
    ply = root.ply  # 13: the orientation and twelve placements
    assert ply == 13
    for m in root.legal_move_values():
        scratch.copy_from(root)
        assert snapshot(scratch) == snapshot(root) and scratch == root
        scratch.play(m)
        assert scratch.ply == ply + 1 and root.ply == ply
    assert scratch.headers == {"White": "w"} and scratch.options() == root.options()
    scratch.copy_from(scratch)  # onto itself: nothing
    with pytest.raises(TypeError):
        scratch.copy_from("game")  # type: ignore[arg-type]


def test_mana_square_follows_the_landing() -> None:
    # White's Ronin on d4 (2 marks, bound by the Mana 2) takes on c3, two
    # steps away: the Mana then comes from c3 = 2 + 2 * 6 = 14.  A position
    # set by MFN has no history, so before the capture there is none.
    g = mana.Game(position="6/3r2/3R2/2r3/1R4/d3D1 w 2 0")
    assert g.mana_square is None
    g.play("d4xc3")
    assert g.mana_square == 14
    g.undo()
    assert g.mana_square is None
    assert mana.Game().mana_square is None  # setup
