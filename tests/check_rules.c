/* SPDX-License-Identifier: MIT */
/*
 * Play-phase rules (docs/rules.md "Board and coordinates", "Moving", "The Mana",
 * "No legal move at all", "Optional adjudication", "MFN"), one test per rule
 * on positions worked out by hand.  The reasoning is in the comments; the
 * board below (orientation 0) is the one most tests use.
 *
 *     orientation 0 marks
 *     6  2 2 3 1 2 2
 *     5  1 3 1 3 1 3
 *     4  3 1 2 2 3 1
 *     3  2 3 1 3 1 2
 *     2  2 1 3 1 3 2
 *     1  1 3 2 2 1 3
 *        a b c d e f
 */
#include "testutil.h"

/* Every square carries 12 of each mark count, in every orientation, and
 * mana_marks_at agrees with the typed-in tables for positions read from
 * MFN (the orientation field). */
START_TEST(marks_match_tables)
{
    for (int k = 0; k < 4; k++) {
        char mfn[64];
        snprintf(mfn, sizeof mfn, "5d/6/6/6/6/D5 w 1 %d", k);
        mana_game *g = tu_game(mfn);
        ck_assert_int_eq(mana_orientation(g), k);
        int count[4] = {0, 0, 0, 0};
        for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
            ck_assert_msg(mana_marks_at(g, sq) == inv_rules_marks(k, sq), "orientation %d square %d: got %d want %d", k,
                          sq, mana_marks_at(g, sq), inv_rules_marks(k, sq));
            count[inv_rules_marks(k, sq)]++;
        }
        ck_assert_int_eq(count[1], 12);
        ck_assert_int_eq(count[2], 12);
        ck_assert_int_eq(count[3], 12);
        mana_free(g);
    }
}
END_TEST

/* Orientation k is orientation 0 turned k quarter turns clockwise: a check
 * that the typed tables are consistent with each other (the tables are the
 * source of truth; this guards against a typo in the test data).  Turning
 * the board clockwise takes (row, col), counted from the top-left corner,
 * to (col, 5 - row); square = 6 * (5 - row) + col. */
START_TEST(marks_tables_are_rotations)
{
    for (int k = 1; k < 4; k++) {
        for (int row = 0; row < 6; row++) {
            for (int col = 0; col < 6; col++) {
                int before = inv_rules_marks(k - 1, 6 * (5 - row) + col);
                int after = inv_rules_marks(k, 6 * (5 - col) + (5 - row));
                ck_assert_msg(before == after, "orientation %d row %d col %d", k, row, col);
            }
        }
    }
}
END_TEST

/* One mark, one step.  White R a1 (1 mark), D f1 (3 marks, not bound by a
 * Mana of 1).  a1 reaches a2 and b1; nothing else moves. */
START_TEST(one_mark_one_step)
{
    mana_game *g = tu_game("5d/6/6/6/6/R4D w 1 0");
    tu_assert_moves(g, "a1-a2 a1-b1");
    mana_free(g);
}
END_TEST

/* Two marks, exactly two steps, turning allowed, never back on the start.
 * White R c1 (2 marks), D f1 (3, not bound).  Paths: c1-b1-a1, c1-b1-b2,
 * c1-d1-e1, c1-d1-d2, c1-c2-c3, c1-c2-b2, c1-c2-d2.  End squares: a1, b2,
 * c3, d2, e1 (b2 and d2 by two paths each, one move each).  c1-b1-c1 would
 * revisit the start; one step (b1, d1, c2) is too short. */
START_TEST(two_marks_two_steps)
{
    mana_game *g = tu_game("5d/6/6/6/6/2R2D w 2 0");
    tu_assert_moves(g, "c1-a1 c1-b2 c1-c3 c1-d2 c1-e1");
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("c1"), tu_sq("c1"))), 0);
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("c1"), tu_sq("c2"))), 0);
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("c1"), tu_sq("c4"))), 0);
    mana_free(g);
}
END_TEST

/* Three marks, exactly three steps, from the corner f1.  White D a1 (1, not
 * bound), R f1 (3).  Paths:
 *   f1-e1-d1-c1, f1-e1-d1-d2, f1-e1-e2-d2, f1-e1-e2-e3, f1-e1-e2-f2,
 *   f1-f2-f3-e3, f1-f2-f3-f4, f1-f2-e2-d2, f1-f2-e2-e3, f1-f2-e2-e1.
 * Ends: c1 d2 e1 e3 f2 f4.  e1 and f2 sit next to the start: reached by
 * going round the 2x2 block e1 e2 f2 (legal, no square twice). */
START_TEST(three_marks_round_a_block)
{
    mana_game *g = tu_game("d5/6/6/6/6/D4R w 3 0");
    tu_assert_moves(g, "f1-c1 f1-d2 f1-e1 f1-e3 f1-f2 f1-f4");
    mana_free(g);
}
END_TEST

/* No passing through a piece.  As above with a black Ronin on e2: every
 * path through e2 is gone, leaving f1-e1-d1-{c1,d2} and f1-f2-f3-{e3,f4}.
 * e2 itself is two steps away (an even distance) so the third step can
 * never capture it; e1 and f2 needed e2. */
START_TEST(no_passing_through_pieces)
{
    mana_game *g = tu_game("d5/6/6/6/4r1/D4R w 3 0");
    tu_assert_moves(g, "f1-c1 f1-d2 f1-e3 f1-f4");
    mana_free(g);
}
END_TEST

/* No square twice.  White R f1 (3), own R on f2 (2 marks, not bound by 3),
 * D a1.  Paths: f1-e1-d1-{c1,d2}, f1-e1-e2-{d2,e3} (f2 is own).  A walker
 * allowed to revisit would add e1 (f1-e1-d1-e1, f1-e1-e2-e1): it must not
 * appear. */
START_TEST(no_revisiting)
{
    mana_game *g = tu_game("d5/6/6/6/5R/D4R w 3 0");
    tu_assert_moves(g, "f1-c1 f1-d2 f1-e3");
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("f1"), tu_sq("e1"))), 0);
    ck_assert_int_eq(mana_play_str(g, "f1-e1"), MANA_EILLEGAL);
    mana_free(g);
}
END_TEST

/* Capture on the last step.  The three-mark corner position with a black
 * Ronin on f4: the six ends of three_marks_round_a_block, f4 now a capture.
 * After f1xf4 the Ronin is in Black's reserve (Black had 1 Ronin on the
 * board: reserve 4 -> 5), the Mana is f4's count (1), Black to move. */
START_TEST(capture_on_last_step)
{
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    tu_assert_moves(g, "f1-c1 f1-d2 f1-e1 f1-e3 f1-f2 f1xf4");
    ck_assert_int_eq(mana_reserve(g, MANA_BLACK), 4);
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 4);
    tu_play(g, "f1xf4");
    ck_assert_int_eq(mana_piece_at(g, tu_sq("f4")), 'R');
    ck_assert_int_eq(mana_piece_at(g, tu_sq("f1")), 0);
    ck_assert_int_eq(mana_reserve(g, MANA_BLACK), 5);
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 4);
    ck_assert_int_eq(mana_mana(g), 1);
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    char buf[MANA_MFN_MAX + 1];
    ck_assert_str_eq(tu_mfn(g, buf), "d5/6/5R/6/6/D5 b 1 0");
    mana_free(g);
}
END_TEST

/* Only the last step captures.  Black Ronin on f3 (two steps from f1): the
 * path f1-f2-f3 is blocked, f3 cannot be the end of a three-step move, and
 * f4 behind it is out of reach.  Left: c1 d2 e1 e3 f2. */
START_TEST(capture_only_on_last_step)
{
    mana_game *g = tu_game("d5/6/6/5r/6/D4R w 3 0");
    tu_assert_moves(g, "f1-c1 f1-d2 f1-e1 f1-e3 f1-f2");
    mana_free(g);
}
END_TEST

/* Capturing the Damyo ends the game.  White R f1 takes the black Damyo on
 * f4: White wins, no legal moves, further play is MANA_EOVER; the last
 * position is MFN with Black (to move) lacking his Damyo. Undo reopens. */
START_TEST(damyo_capture_ends_game)
{
    mana_game *g = tu_game("6/6/5d/6/6/D4R w 3 0");
    char before[MANA_MFN_MAX + 1], buf[MANA_MFN_MAX + 1];
    tu_mfn(g, before);
    uint64_t h = mana_hash(g);
    tu_play(g, "f1xf4");
    ck_assert_int_eq(mana_status(g), MANA_WHITE_WON);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    ck_assert_str_eq(tu_mfn(g, buf), "6/6/5R/6/6/D5 b 1 0");
    mana_move m = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, tu_sq("c3"));
    ck_assert_int_eq(mana_play(g, m), MANA_EOVER);
    ck_assert_int_eq(mana_is_legal(g, m), 0);
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    ck_assert_str_eq(tu_mfn(g, buf), before);
    ck_assert_uint_eq(mana_hash(g), h);
    mana_free(g);
}
END_TEST

/* Black captures the white Damyo: Black wins.  Black r a1 (1 mark), d a6
 * (2, not bound by 1): a1 may go to a2 or take the Damyo on b1. */
START_TEST(black_takes_damyo)
{
    mana_game *g = tu_game("d5/6/6/6/6/rD4 b 1 0");
    tu_assert_moves(g, "a1-a2 a1xb1");
    tu_play(g, "a1xb1");
    ck_assert_int_eq(mana_status(g), MANA_BLACK_WON);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    mana_free(g);
}
END_TEST

/* The Mana binds.  White D a1 (1 mark), R b1 (3), R c1 (2); black d a6.
 *  Mana 1: only D a1 may move; b1 is own, so a1-a2.
 *  Mana 2: only c1: c1-d1-{e1,d2}, c1-c2-{b2,c3,d2} (b1 own): b2 c3 d2 e1.
 *  Mana 3: only b1: its only free neighbour is b2; b2-a2-a3, b2-c2-{c3,d2},
 *          b2-b3-{a3,c3,b4}: a3 b4 c3 d2.
 * The bound piece can move in each case, so there is no exception (no
 * re-entry although White's reserve holds 3). */
START_TEST(mana_constraint)
{
    static const char *const want[4] = {NULL, "a1-a2", "c1-b2 c1-c3 c1-d2 c1-e1", "b1-a3 b1-b4 b1-c3 b1-d2"};
    for (int k = 1; k <= 3; k++) {
        char mfn[64];
        snprintf(mfn, sizeof mfn, "d5/6/6/6/6/DRR3 w %d 0", k);
        mana_game *g = tu_game(mfn);
        ck_assert_int_eq(mana_mana(g), k);
        tu_assert_moves(g, want[k]);
        mana_free(g);
    }
    /* an unbound piece's move is refused with a reason */
    mana_game *g = tu_game("d5/6/6/6/6/DRR3 w 1 0");
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("c1"), tu_sq("e1"))), 0);
    ck_assert_int_eq(mana_play_str(g, "c1-e1"), MANA_EILLEGAL);
    ck_assert_str_ne(mana_error_detail(), "");
    ck_assert_int_eq(mana_play_str(g, "R@d4"), MANA_EILLEGAL);
    mana_free(g);
}
END_TEST

/* No Mana before the first move: any piece moves.  The perft.txt start
 * position (D1 = 16), worked out piece by piece (orientation 0 rank 6:
 * a6 2, b6 2, c6 3, d6 1, e6 2, f6 2; rank 6 is full of Black's pieces):
 *   a6 (2): a5-{a4,b5}            b6 (2): b5-{a5,c5,b4}
 *   c6 (3): c5-b5-{a5,b4}, c5-d5-{e5,d4}, c5-c4-{b4,d4,c3}: a5 b4 c3 d4 e5
 *   d6 (1): d5                    e6 (2): e5-{d5,f5,e4}
 *   f6 (2): f5-{e5,f4}                                   = 16 moves. */
START_TEST(no_mana_any_piece)
{
    mana_game *g = tu_game("rrdrrr/6/6/6/6/RRRDRR b - 0");
    ck_assert_int_eq(mana_mana(g), 0);
    tu_assert_moves(g, "a6-a4 a6-b5 b6-a5 b6-b4 b6-c5 c6-a5 c6-b4 c6-c3 c6-d4 "
                       "c6-e5 d6-d5 e6-d5 e6-e4 e6-f5 f6-e5 f6-f4");
    mana_free(g);
}
END_TEST

/* Builds "R@xx" for every empty square of g whose marks are `marks` (0 =
 * any) into out. */
static void drops_on_empty(const mana_game *g, int marks, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        if (mana_piece_at(g, sq) != 0 || (marks && mana_marks_at(g, sq) != marks))
            continue;
        len += (size_t)snprintf(out + len, size - len, "%sR@%c%c", len ? " " : "", 'a' + sq % 6, '1' + sq / 6);
    }
}

/* Exception, first case: no piece on the Mana's count.  White D a1 (1),
 * R c1 (2), Mana 3: no white piece stands on a 3.  White may move any
 * piece: a1-{a2,b1}; c1-b1-b2 (a1 own), c1-d1-{e1,d2}, c1-c2-{b2,c3,d2}.
 * Or re-enter (reserve 4) on any of the 33 empty squares. */
START_TEST(exception_no_piece_on_mark)
{
    mana_game *g = tu_game("d5/6/6/6/6/D1R3 w 3 0");
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 4);
    tu_assert_moves_kind(g, MANA_MOVE_STEP, "a1-a2 a1-b1 c1-b2 c1-c3 c1-d2 c1-e1");
    char drops[TU_LIST_MAX];
    drops_on_empty(g, 0, drops, sizeof drops);
    tu_assert_moves_kind(g, MANA_MOVE_DROP_RONIN, drops);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 6 + 33);
    mana_free(g);

    /* reentry_when_blocked = off changes nothing here: no piece was on the
     * mark count, which is seed 001's own case for re-entry. */
    static const int off[] = {MANA_OPT_REENTRY_WHEN_BLOCKED, 0, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, "d5/6/6/6/6/D1R3 w 3 0", off);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 6 + 33);
    mana_free(g);
}
END_TEST

/* Re-entry only on the Mana's mark count (reentry = mana_mark): the same
 * position, Mana 3: the twelve 3-squares of orientation 0 (b1 f1 c2 e2 b3
 * d3 a4 e4 b5 d5 f5 c6), all empty. */
START_TEST(reentry_mana_mark_only)
{
    static const int opts[] = {MANA_OPT_REENTRY, MANA_REENTRY_MANA_MARK, -1};
    mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, "d5/6/6/6/6/D1R3 w 3 0", opts);
    tu_assert_moves_kind(g, MANA_MOVE_DROP_RONIN, "R@b1 R@f1 R@c2 R@e2 R@b3 R@d3 R@a4 R@e4 R@b5 R@d5 R@f5 R@c6");
    tu_assert_moves_kind(g, MANA_MOVE_STEP, "a1-a2 a1-b1 c1-b2 c1-c3 c1-d2 c1-e1");
    ck_assert_int_eq(mana_play_str(g, "R@c3"), MANA_EILLEGAL); /* c3 has 1 mark */
    mana_free(g);
}
END_TEST

/* Exception, second case: the bound pieces are all blocked.  White R a1
 * (1 mark) is boxed in by its own R a2 (2) and D b1 (3); Mana 1.  Any other
 * piece may move:
 *   a2: a3-{a4,b3}, b2-{b3,c2} (a1, b1 own)              -> a4 b3 c2
 *   b1 (3 steps, a1 own): c1-d1-{e1,d2}, c1-c2-{b2,d2,c3},
 *       b2-c2-{c1,d2,c3}, b2-b3-{a3,c3,b4}               -> a3 b2 b4 c1 c3 d2 e1
 * and (reentry_when_blocked on, the default) re-entry on the 32 empty
 * squares; with the option off, no re-entry; with reentry = mana_mark, the
 * eleven empty 1-squares (a1 is taken). */
/* Decision (docs/rules.md "The Mana" is silent): with no Mana yet every piece
 * counts as bound, so when none can move the exception applies and a
 * Ronin may re-enter.  "d5/6/6/r5/Rr4/DRr3 w - 0": White D a1, R a2, R b1,
 * reserve 3.  a1's neighbours a2 and b1 are White's own; a2 (2 marks)
 * would need an empty first step, but a3 holds r, b2 holds r and a1 is
 * White's; b1 (3 marks) is hemmed in by a1, c1 (r) and b2 (r).  No step,
 * so the moves are the re-entries on the 36 - 7 = 29 empty squares; under
 * reentry_when_blocked = off the bound pieces are merely blocked, so the
 * only move is pass. */
START_TEST(no_mana_reentry)
{
    mana_game *g = tu_game("d5/6/6/r5/Rr4/DRr3 w - 0");
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 3);
    char drops[TU_LIST_MAX];
    drops_on_empty(g, 0, drops, sizeof drops);
    tu_assert_moves_kind(g, MANA_MOVE_DROP_RONIN, drops);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 29);
    ck_assert_int_eq(mana_play_str(g, "R@c3"), MANA_OK);
    ck_assert_int_eq(mana_mana(g), 1); /* c3 has 1 mark in orientation 0 */
    mana_free(g);

    static const int off[] = {MANA_OPT_REENTRY_WHEN_BLOCKED, 0, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, "d5/6/6/r5/Rr4/DRr3 w - 0", off);
    mana_move only[2];
    ck_assert_int_eq(mana_legal_moves(g, only, 2), 1);
    ck_assert_uint_eq(only[0], MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0));
    ck_assert_int_eq(mana_play_str(g, "R@c3"), MANA_EILLEGAL);
    mana_free(g);
}
END_TEST

START_TEST(exception_bound_pieces_blocked)
{
    static const char *const steps = "a2-a4 a2-b3 a2-c2 b1-a3 b1-b2 b1-b4 b1-c1 b1-c3 b1-d2 b1-e1";
    const char *mfn = "d5/6/6/6/R5/RD4 w 1 0";
    mana_game *g = tu_game(mfn);
    tu_assert_moves_kind(g, MANA_MOVE_STEP, steps);
    char drops[TU_LIST_MAX];
    drops_on_empty(g, 0, drops, sizeof drops);
    tu_assert_moves_kind(g, MANA_MOVE_DROP_RONIN, drops);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 10 + 32);
    mana_free(g);

    static const int off[] = {MANA_OPT_REENTRY_WHEN_BLOCKED, 0, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, mfn, off);
    tu_assert_moves(g, steps);
    ck_assert_int_eq(mana_play_str(g, "R@c3"), MANA_EILLEGAL);
    mana_free(g);

    static const int mark[] = {MANA_OPT_REENTRY, MANA_REENTRY_MANA_MARK, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, mfn, mark);
    tu_assert_moves_kind(g, MANA_MOVE_STEP, steps);
    tu_assert_moves_kind(g, MANA_MOVE_DROP_RONIN, "R@e1 R@b2 R@d2 R@c3 R@e3 R@b4 R@f4 R@a5 R@c5 R@e5 R@d6");
    mana_free(g);
}
END_TEST

/* Re-entering is the whole turn: the Ronin appears, the reserve shrinks,
 * the Mana takes the square's count (c2: 3), the turn passes; undo puts
 * everything back. */
START_TEST(reentry_play_and_undo)
{
    mana_game *g = tu_game("d5/6/6/6/6/D1R3 w 3 0");
    char before[MANA_MFN_MAX + 1], buf[MANA_MFN_MAX + 1];
    tu_mfn(g, before);
    uint64_t h = mana_hash(g);
    ck_assert_int_eq(mana_play_str(g, "R@c1"), MANA_EILLEGAL); /* occupied */
    ck_assert_int_eq(mana_play_str(g, "D@c2"), MANA_EILLEGAL); /* a Damyo never returns */
    tu_play(g, "R@c2");
    ck_assert_int_eq(mana_piece_at(g, tu_sq("c2")), 'R');
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 3);
    ck_assert_int_eq(mana_mana(g), 3);
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    ck_assert_str_eq(tu_mfn(g, buf), "d5/6/6/6/2R3/D1R3 b 3 0");
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_str_eq(tu_mfn(g, buf), before);
    ck_assert_uint_eq(mana_hash(g), h);
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 4);
    mana_free(g);
}
END_TEST

/* The perft.txt blocked position.  White: D a1, R b1 a2 b2 c2 b3 (reserve
 * 0); Mana 1 binds a1 and b2.  a1 and b2 (1 step) have only own
 * neighbours; b1, a2, c2, b3 (2 or 3 steps) have every neighbour occupied,
 * so no first step.  White is blocked. */
static const char *const blocked_mfn = "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0";

/* blocked = pass (default): "pass" is the only move; the Mana (1) stays and
 * binds Black: b4 (1): a4 b5 c4 xb3; c3 (1): c4 d3 xb3 xc2; d2 (1): d1 d3
 * e2 xc2 (12, perft D2). */
START_TEST(blocked_pass)
{
    mana_game *g = tu_game(blocked_mfn);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    tu_assert_moves(g, "pass");
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), 1);
    uint64_t h = mana_hash(g);
    tu_play(g, "pass");
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    ck_assert_int_eq(mana_mana(g), 1);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    char buf[MANA_MFN_MAX + 1];
    ck_assert_str_eq(tu_mfn(g, buf), "5d/6/1r4/rRr3/RRRr2/DRr3 b 1 0");
    tu_assert_moves(g, "b4-a4 b4-b5 b4-c4 b4xb3 c3-c4 c3-d3 c3xb3 c3xc2 "
                       "d2-d1 d2-d3 d2-e2 d2xc2");
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_uint_eq(mana_hash(g), h);
    mana_free(g);

    /* pass is not legal when something else is */
    g = tu_game("5d/6/6/6/6/R4D w 1 0");
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), 0);
    ck_assert_int_eq(mana_play_str(g, "pass"), MANA_EILLEGAL);
    mana_free(g);
}
END_TEST

/* blocked = draw / loss: the blocked position is finished as soon as it
 * is set up. */
START_TEST(blocked_draw_and_loss)
{
    static const int draw[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, -1};
    static const int loss[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS, -1};
    mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, blocked_mfn, draw);
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    ck_assert_int_eq(mana_play_str(g, "pass"), MANA_EOVER);
    mana_free(g);
    g = tu_game_opts(MANA_RULES_JACTALEA, blocked_mfn, loss);
    ck_assert_int_eq(mana_status(g), MANA_BLACK_WON); /* White is blocked */
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    mana_free(g);
}
END_TEST

/* ... and when the block arises in play.  One move earlier the black Ronin
 * stood on b5 (3 marks) with Mana 3 (b5 is Black's only piece on a 3):
 * b5-a5-a4-b4 lands on b4 (1 mark) and White is blocked as above. */
START_TEST(blocked_reached_in_play)
{
    const char *before = "5d/1r4/6/rRr3/RRRr2/DRr3 b 3 0";
    static const int rules[3][3] = {
        {MANA_OPT_BLOCKED, MANA_BLOCKED_PASS, -1},
        {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, -1},
        {MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS, -1},
    };
    static const int status[3] = {MANA_PLAYING, MANA_DRAWN, MANA_BLACK_WON};
    for (int i = 0; i < 3; i++) {
        mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, before, rules[i]);
        ck_assert_int_eq(mana_status(g), MANA_PLAYING);
        tu_play(g, "b5-b4");
        char buf[MANA_MFN_MAX + 1];
        ck_assert_str_eq(tu_mfn(g, buf), blocked_mfn);
        ck_assert_int_eq(mana_status(g), status[i]);
        ck_assert_int_eq(mana_legal_moves(g, NULL, 0), i == 0 ? 1 : 0);
        ck_assert_int_eq(mana_undo(g), MANA_OK);
        ck_assert_int_eq(mana_status(g), MANA_PLAYING);
        mana_free(g);
    }
}
END_TEST

/*
 * A four-ply cycle.  White R a1 (1), D f2 (2); Black r d6 (1), d a6 (2).
 *   1. a1-b1    Mana 1 binds a1; b1 has 3 marks.
 *   2. d6-c6    Mana 3: no black piece on a 3 (d6 1, a6 2): exception.
 *   3. b1-a1    Mana 3 (c6) binds b1: b1-b2-a2-a1, round the block.
 *   4. c6-d6    Mana 1 (a1): no black piece on a 1: exception, c6-c5-d5-d6.
 * After ply 4 the start position (board, White to move, Mana 1) is back.
 */
static const char *const cycle_mfn = "d2r2/6/6/6/5D/R5 w 1 0";
static const char *const cycle[4] = {"a1-b1", "d6-c6", "b1-a1", "c6-d6"};

START_TEST(repetition_draw)
{
    /* off (default): eight plies of repetition change nothing */
    mana_game *g = tu_game(cycle_mfn);
    uint64_t h = mana_hash(g);
    for (int ply = 0; ply < 8; ply++)
        tu_play(g, cycle[ply % 4]);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    ck_assert_uint_eq(mana_hash(g), h);
    mana_free(g);

    /* repetition = 2: the second occurrence (after ply 4) draws */
    static const int two[] = {MANA_OPT_REPETITION, 2, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, cycle_mfn, two);
    for (int ply = 0; ply < 3; ply++) {
        tu_play(g, cycle[ply]);
        ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    }
    tu_play(g, cycle[3]);
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    ck_assert_int_eq(mana_play_str(g, "a1-b1"), MANA_EOVER);
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    tu_play(g, cycle[3]); /* the count survives undo: drawn again */
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    mana_free(g);

    /* repetition = 3: the third occurrence (after ply 8) draws */
    static const int three[] = {MANA_OPT_REPETITION, 3, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, cycle_mfn, three);
    for (int ply = 0; ply < 7; ply++) {
        tu_play(g, cycle[ply % 4]);
        ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    }
    tu_play(g, cycle[3]);
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    mana_free(g);
}
END_TEST

/* ply_limit = 3: drawn after the third ply of play, not before. */
START_TEST(ply_limit_draw)
{
    static const int lim[] = {MANA_OPT_PLY_LIMIT, 3, -1};
    mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, cycle_mfn, lim);
    tu_play(g, cycle[0]);
    tu_play(g, cycle[1]);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    tu_play(g, cycle[2]);
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    ck_assert_int_eq(mana_play_str(g, cycle[3]), MANA_EOVER);
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    mana_free(g);
}
END_TEST

/* The ply limit excludes the setup: under jactalea (13 setup moves:
 * orientation + 12 placements) with ply_limit = 1 the game is still on
 * after the setup and drawn after one move of play. */
START_TEST(ply_limit_excludes_setup)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_PLY_LIMIT, 1), MANA_OK);
    ck_assert_int_eq(mana_setup_random(g, 12345), MANA_OK);
    ck_assert_int_eq(mana_history(g, NULL, 0), 13);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    mana_move m[MANA_MAX_MOVES];
    ck_assert_int_gt(mana_legal_moves(g, m, MANA_MAX_MOVES), 0);
    ck_assert_int_eq(mana_play(g, m[0]), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    mana_free(g);
}
END_TEST

/* Finished positions are MFN: the side to move may lack its Damyo (won by
 * the other side); the side that just moved may not. */
START_TEST(finished_positions_in_mfn)
{
    mana_game *g = tu_game("6/6/5R/6/6/D5 b 1 0");
    ck_assert_int_eq(mana_status(g), MANA_WHITE_WON);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    ck_assert_int_eq(mana_play_str(g, "R@c3"), MANA_EOVER);
    char buf[MANA_MFN_MAX + 1];
    ck_assert_str_eq(tu_mfn(g, buf), "6/6/5R/6/6/D5 b 1 0");
    ck_assert_int_eq(mana_set_position(g, "5d/6/6/6/6/R5 w 1 0"), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_BLACK_WON);
    /* Black just moved without a Damyo: not a position */
    ck_assert_int_eq(mana_set_position(g, "6/6/5R/6/6/D5 w 1 0"), MANA_EPARSE);
    ck_assert_str_ne(mana_error_detail(), "");
    ck_assert_str_eq(tu_mfn(g, buf), "5d/6/6/6/6/R5 w 1 0");
    mana_free(g);
}
END_TEST

/* Undo restores everything after a capture: board, reserve, Mana, side,
 * status, hash and MFN, move after move back to the start. */
START_TEST(undo_restores_everything)
{
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    /* f1xf4 (Mana 1); Black has no piece on a 1 (d a6 has 2): re-entry
     * R@c3 (1 mark); White's f4 and a1 are both on 1s: f4-f5 (3 marks);
     * Black has no piece on a 3 (a6 2, c3 1): any piece, a6-b5. */
    const char *line[] = {"f1xf4", "R@c3", "f4-f5", "a6-b5"};
    char mfn[5][MANA_MFN_MAX + 1];
    uint64_t hash[5];
    int reserve[5][2], mana[5];
    for (int i = 0; i <= 4; i++) {
        tu_mfn(g, mfn[i]);
        hash[i] = mana_hash(g);
        reserve[i][0] = mana_reserve(g, MANA_WHITE);
        reserve[i][1] = mana_reserve(g, MANA_BLACK);
        mana[i] = mana_mana(g);
        if (i < 4)
            tu_play(g, line[i]);
    }
    for (int i = 4; i > 0; i--) {
        ck_assert_int_eq(mana_undo(g), MANA_OK);
        char buf[MANA_MFN_MAX + 1];
        ck_assert_str_eq(tu_mfn(g, buf), mfn[i - 1]);
        ck_assert_uint_eq(mana_hash(g), hash[i - 1]);
        ck_assert_int_eq(mana_reserve(g, MANA_WHITE), reserve[i - 1][0]);
        ck_assert_int_eq(mana_reserve(g, MANA_BLACK), reserve[i - 1][1]);
        ck_assert_int_eq(mana_mana(g), mana[i - 1]);
        ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    }
    ck_assert_int_eq(mana_undo(g), MANA_ENOHISTORY);
    mana_free(g);
}
END_TEST

Suite *rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("play");
    tcase_add_test(tc, marks_match_tables);
    tcase_add_test(tc, marks_tables_are_rotations);
    tcase_add_test(tc, one_mark_one_step);
    tcase_add_test(tc, two_marks_two_steps);
    tcase_add_test(tc, three_marks_round_a_block);
    tcase_add_test(tc, no_passing_through_pieces);
    tcase_add_test(tc, no_revisiting);
    tcase_add_test(tc, capture_on_last_step);
    tcase_add_test(tc, capture_only_on_last_step);
    tcase_add_test(tc, damyo_capture_ends_game);
    tcase_add_test(tc, black_takes_damyo);
    tcase_add_test(tc, mana_constraint);
    tcase_add_test(tc, no_mana_any_piece);
    tcase_add_test(tc, exception_no_piece_on_mark);
    tcase_add_test(tc, reentry_mana_mark_only);
    tcase_add_test(tc, no_mana_reentry);
    tcase_add_test(tc, exception_bound_pieces_blocked);
    tcase_add_test(tc, reentry_play_and_undo);
    tcase_add_test(tc, blocked_pass);
    tcase_add_test(tc, blocked_draw_and_loss);
    tcase_add_test(tc, blocked_reached_in_play);
    tcase_add_test(tc, repetition_draw);
    tcase_add_test(tc, ply_limit_draw);
    tcase_add_test(tc, ply_limit_excludes_setup);
    tcase_add_test(tc, finished_positions_in_mfn);
    tcase_add_test(tc, undo_restores_everything);
    suite_add_tcase(s, tc);
    return s;
}
