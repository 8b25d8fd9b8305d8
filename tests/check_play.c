/* SPDX-License-Identifier: MIT */
/*
 * Playing and taking back moves (mana_play, mana_play_str, mana_undo,
 * mana_is_legal, mana_history, mana_hash, mana_clone).  Random games: after
 * every move the incremental hash equals the hash of a fresh game set to the
 * same MFN; play + undo of every legal move restores the identical state
 * (inv_snapshot); every generated move is accepted by mana_is_legal;
 * format/parse round-trips every legal move; undoing a whole game walks back
 * through every recorded state; mana_play takes exactly the moves
 * mana_is_legal takes whatever the game knows of the position (what the
 * history kept from an earlier move's test, or nothing).  Refusals:
 * illegal move values and texts,
 * moves after the end, undo with nothing to undo, re-entry refused for each
 * of its reasons; each returns its code with a fresh detail and leaves the
 * game exactly as it was.
 */
#include <limits.h>

#include "testutil.h"

/* The hash of a fresh game set to g's MFN (computed from scratch). */
static uint64_t fresh_hash(const char *mfn)
{
    mana_game *f = mana_new(MANA_RULES_COSMOLUDO);
    ck_assert_int_eq(mana_set_position(f, mfn), MANA_OK);
    char back[MANA_MFN_MAX + 1];
    ck_assert_str_eq(tu_mfn(f, back), mfn);
    uint64_t h = mana_hash(f);
    mana_free(f);
    return h;
}

/* Everything checked at one state of a random game. */
static void check_state(mana_game *g)
{
    inv_snapshot before, after;
    inv_snapshot_take(g, &before);
    if (before.status != MANA_SETUP) {
        TU_CHECK(before.mfn[0] != '\0', "no MFN in play");
        TU_CHECK(fresh_hash(before.mfn) == before.hash, "incremental hash != from-scratch hash on %s", before.mfn);
    }
    mana_move m[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
    TU_CHECK_INT_GE(n, 0);
    TU_CHECK_INT_EQ(mana_legal_moves(g, NULL, 0), n);
    for (int i = 0; i < n; i++) {
        TU_CHECK_INT_EQ(mana_is_legal(g, m[i]), 1);
        for (int j = 0; j < i; j++)
            TU_CHECK(m[i] != m[j], "move %#x listed twice", (unsigned)m[i]);
        char text[MANA_MOVE_TEXT_MAX + 1];
        int len = mana_move_format(g, m[i], text, sizeof text);
        TU_CHECK_INT_GT(len, 0);
        TU_CHECK_INT_EQ((int)strlen(text), len);
        mana_move back = MANA_MOVE_NONE;
        TU_CHECK_INT_EQ(mana_move_parse(g, text, &back), MANA_OK);
        TU_CHECK(back == m[i], "parse(format(%#x) = \"%s\") = %#x", (unsigned)m[i], text, (unsigned)back);
        /* play and undo restore everything */
        TU_CHECK_INT_EQ(mana_play(g, m[i]), MANA_OK);
        TU_CHECK_INT_EQ(mana_undo(g), MANA_OK);
        inv_snapshot_take(g, &after);
        tu_assert_same(&before, &after, text);
    }
    if (n == 0)
        TU_CHECK_INT_GE(before.status, MANA_WHITE_WON);
}

/* Plays one random game from a random preset and options; checks every
 * state, then undoes the whole game comparing with the recorded states.
 * Returns the number of plies played. */
static int random_game(uint64_t *rng, int max_plies)
{
    mana_game *g = mana_new(tu_below(rng, 2));
    if (tu_below(rng, 2))
        ck_assert_int_eq(mana_set_option(g, MANA_OPT_REENTRY, tu_below(rng, 2)), MANA_OK);
    if (tu_below(rng, 2))
        ck_assert_int_eq(mana_set_option(g, MANA_OPT_REENTRY_WHEN_BLOCKED, tu_below(rng, 2)), MANA_OK);
    if (tu_below(rng, 4) == 0)
        ck_assert_int_eq(mana_set_option(g, MANA_OPT_REPETITION, 2 + tu_below(rng, 2)), MANA_OK);
    if (tu_below(rng, 4) == 0)
        ck_assert_int_eq(mana_set_option(g, MANA_OPT_PLY_LIMIT, 1 + tu_below(rng, 80)), MANA_OK);
    if (tu_below(rng, 3) == 0)
        ck_assert_int_eq(mana_setup_random(g, tu_rand(rng)), MANA_OK);

    inv_snapshot *hist = malloc(sizeof *hist * (size_t)(max_plies + 1));
    ck_assert_ptr_nonnull(hist);
    int plies = 0;
    while (plies < max_plies) {
        check_state(g);
        inv_snapshot_take(g, &hist[plies]);
        mana_move m[MANA_MAX_MOVES];
        int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
        if (n == 0)
            break;
        mana_move pick = m[tu_below(rng, n)];
        /* half the time through the text interface */
        if (tu_below(rng, 2)) {
            char text[MANA_MOVE_TEXT_MAX + 1];
            ck_assert_int_gt(mana_move_format(g, pick, text, sizeof text), 0);
            ck_assert_int_eq(mana_play_str(g, text), MANA_OK);
        } else {
            ck_assert_int_eq(mana_play(g, pick), MANA_OK);
        }
        plies++;
        /* the history ends with the move just played */
        int hn = mana_history(g, NULL, 0);
        ck_assert_int_gt(hn, 0);
        mana_move *h = malloc(sizeof *h * (size_t)hn);
        ck_assert_int_eq(mana_history(g, h, hn), hn);
        ck_assert_uint_eq(h[hn - 1], pick);
        free(h);
    }
    if (plies == max_plies)
        inv_snapshot_take(g, &hist[plies]);
    int setup_moves = mana_history(g, NULL, 0) - plies; /* from mana_setup_random */
    /* a clone is equal and independent */
    mana_game *c = mana_clone(g);
    ck_assert_ptr_nonnull(c);
    inv_snapshot sc, sg;
    inv_snapshot_take(c, &sc);
    inv_snapshot_take(g, &sg);
    tu_assert_same(&sc, &sg, "clone");
    ck_assert_int_eq(mana_history(c, NULL, 0), mana_history(g, NULL, 0));
    /* undo everything, comparing with the recorded states */
    for (int i = plies; i > 0; i--) {
        ck_assert_int_eq(mana_undo(g), MANA_OK);
        inv_snapshot now;
        inv_snapshot_take(g, &now);
        tu_assert_same(&hist[i - 1], &now, "undo");
    }
    ck_assert_int_eq(mana_history(g, NULL, 0), setup_moves);
    /* the clone was not touched by those undos */
    inv_snapshot_take(c, &sg);
    tu_assert_same(&sc, &sg, "clone after undo of the original");
    mana_free(c);
    mana_free(g);
    free(hist);
    return plies;
}

START_TEST(random_games)
{
    uint64_t rng = 0xa11ce000u;
    long plies = 0;
    for (int game = 0; game < 120; game++)
        plies += random_game(&rng, 150);
    ck_assert_int_gt(plies, 3000);
}
END_TEST

/* The hash covers board, side, Mana and orientation: changing any one of
 * them changes it; equal positions reached differently hash equal. */
START_TEST(hash_covers_fields)
{
    static const char *const mfn[] = {
        "d5/6/5r/6/6/D4R w 3 0", "d5/6/5r/6/6/D4R b 3 0",  "d5/6/5r/6/6/D4R w 2 0", "d5/6/5r/6/6/D4R w - 0",
        "d5/6/5r/6/6/D4R w 3 1", "d5/6/5r/6/6/D3R1 w 3 0", "d5/6/5R/6/6/D4r w 3 0", "d5/6/6/6/6/D4R w 3 0",
    };
    uint64_t h[8];
    for (int i = 0; i < 8; i++) {
        h[i] = fresh_hash(mfn[i]);
        for (int j = 0; j < i; j++)
            ck_assert_msg(h[i] != h[j], "%s and %s hash equal", mfn[i], mfn[j]);
    }
    /* the same position by play: d5/6/6/6/6/D4R with the Ronin on f4 taken
     * from f1 equals the MFN of the result */
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    tu_play(g, "f1xf4");
    ck_assert_uint_eq(mana_hash(g), fresh_hash("d5/6/5R/6/6/D5 b 1 0"));
    mana_free(g);
}
END_TEST

/* Undo with nothing to undo. */
START_TEST(undo_empty_history)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_undo(g), MANA_ENOHISTORY);
    /* set_position clears the history: the moves before it cannot be undone */
    tu_play(g, "D@a6");
    ck_assert_int_eq(mana_set_position(g, "d5/6/5r/6/6/D4R w 3 0"), MANA_OK);
    ck_assert_int_eq(mana_history(g, NULL, 0), 0);
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_undo(g), MANA_ENOHISTORY);
    tu_play(g, "f1-c1");
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    tu_refused(g, &before, mana_undo(g), MANA_ENOHISTORY);
    mana_free(g);
}
END_TEST

/* Moves after the end of the game, by Damyo capture and by draw. */
START_TEST(move_after_game_over)
{
    mana_game *g = tu_game("6/6/5d/6/6/D4R w 3 0");
    tu_play(g, "f1xf4");
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    ck_assert_int_eq(before.status, MANA_WHITE_WON);
    tu_refused(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14)), MANA_EOVER);
    tu_refused(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), MANA_EOVER);
    tu_refused(g, &before, mana_play_str(g, "R@c3"), MANA_EOVER);
    tu_refused(g, &before, mana_setup_random(g, 3), MANA_ESTATE);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    uint64_t leaves = 9;
    ck_assert_int_eq(mana_perft(g, 2, &leaves), MANA_OK);
    ck_assert_uint_eq(leaves, 0);
    mana_free(g);

    static const int draw[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", draw);
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), MANA_EOVER);
    tu_refused(g, &before, mana_undo(g), MANA_ENOHISTORY);
    mana_free(g);
}
END_TEST

/* Illegal moves of every shape: MANA_EILLEGAL with a detail, game unchanged,
 * mana_is_legal 0.  In play, then in setup. */
START_TEST(illegal_moves)
{
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    tu_play(g, "f1-e1"); /* e1 has 1 mark: Black is bound by 1 */
    tu_play(g, "f4-f5"); /* Black's r f4 (1 mark) is bound; f5 has 3 */
    /* White: Mana 3; no white piece on a 3 (a1 1, e1 1): any piece or a
     * re-entry */
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    static const mana_move bad[] = {
        MANA_MOVE_NONE,
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 0),        /* a1 to itself */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 2),        /* a1 two steps: too far */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 4, 0),        /* e1 to a1: own piece */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 29, 28),      /* f5: Black's piece */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 17, 23),      /* no piece on f3 */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 40, 1),       /* from beyond the board */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 50),       /* to beyond the board */
        MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 0),  /* occupied */
        MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 36), /* off the board */
        MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 5, 14), /* drop with a from */
        MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, 14), /* a Damyo never returns */
        MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 1),      /* not in setup */
        MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0),        /* not blocked */
        MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 1),
        MANA_MOVE_MAKE(0, 0, 14),
        MANA_MOVE_MAKE(6, 0, 14),
        MANA_MOVE_MAKE(7, 3, 14),
        MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14) | (1u << 15), /* stray bits */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 6) | 0x80000000u,
        0xffffffffu,
    };
    /* a1-a2 and R@c3 are legal: the masks above must not slip through */
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 6)), 1);
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14)), 1);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(mana_is_legal(g, bad[i]) == 0, "is_legal(%#x)", (unsigned)bad[i]);
        tu_refused(g, &before, mana_play(g, bad[i]), MANA_EILLEGAL);
    }
    tu_refused(g, &before, mana_play_str(g, "a1-a3"), MANA_EILLEGAL);
    tu_refused(g, &before, mana_play_str(g, "D@c3"), MANA_EILLEGAL);
    tu_refused(g, &before, mana_play_str(g, "a1-a2-a3"), MANA_EPARSE);
    tu_refused(g, &before, mana_play_str(g, ""), MANA_EPARSE);
    /* and the two legal ones played (the history has room: mana_play's
     * quick path): White has no piece bound by the Mana, so the exception
     * holds without a search; the Ronin comes from a reserve of 4 */
    ck_assert_int_eq(mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 6)), MANA_OK);
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14)), MANA_OK);
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 3);
    mana_free(g);

    /* setup */
    g = mana_new(MANA_RULES_JACTALEA);
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 4)), MANA_EILLEGAL);
    tu_refused(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, 31)), MANA_EILLEGAL);
    tu_refused(g, &before, mana_play_str(g, "pass"), MANA_EILLEGAL);
    tu_play(g, "O0");
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_play_str(g, "O1"), MANA_EILLEGAL);
    tu_refused(g, &before, mana_play_str(g, "R@a1"), MANA_EILLEGAL);
    tu_refused(g, &before, mana_play_str(g, "a6-a5"), MANA_EILLEGAL);
    tu_refused(g, &before, mana_play_str(g, "pass"), MANA_EILLEGAL);
    mana_free(g);
}
END_TEST


/* Re-entry refused in play, each for its own reason (orientation 0):
 * an empty reserve; no Mana yet while a piece can move; the Mana binds a
 * piece that can move (Black r on a5 has 1 mark, the Mana is 1). */
START_TEST(reentry_refused)
{
    static const struct {
        const char *mfn;
        const char *text;
    } cases[] = {
        {TU_HOME, "R@c3"},
        {"rrdrr1/6/6/6/6/RRRDRR b - 0", "R@c3"},
        {"1rdrr1/r5/6/6/6/RRRDRR b 1 0", "R@c3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        ck_assert_int_eq(mana_set_position(g, cases[i].mfn), MANA_OK);
        inv_snapshot before;
        inv_snapshot_take(g, &before);
        tu_refused(g, &before, mana_play_str(g, cases[i].text), MANA_EILLEGAL);
        tu_assert_invariants(g);
        mana_free(g);
    }
}
END_TEST


/* Re-entry when the bound pieces are blocked, both values of the option
 * (docs/rules.md "The Mana"), orientation 0.  White to move, Mana 3: its one
 * piece on a 3-mark square, the Ronin on b1, is bound and cannot move
 * (a1 leads only to its own Damyo on a2, c1 holds its Ronin, b2 Black's
 * Ronin).  So the exception: the other pieces step (d6, c1, a2: 9 steps),
 * and with reentry_when_blocked = 1 a Ronin of White's reserve (2) may also
 * re-enter on any of the 27 free squares; with 0 it may not, a bound piece
 * being on the board.  mana_play agrees whether its test of an earlier
 * move found the exception or it finds it on the re-entry itself. */
START_TEST(reentry_when_blocked)
{
    for (int when_blocked = 0; when_blocked <= 1; when_blocked++)
        for (int found = 0; found <= 1; found++) {
            mana_game *g = mana_new(MANA_RULES_JACTALEA);
            ck_assert_int_eq(mana_set_option(g, MANA_OPT_REENTRY_WHEN_BLOCKED, when_blocked), MANA_OK);
            /* a move played and taken back first: the history has room
             * (mana_set_position keeps it), so mana_play takes its quick
             * path below */
            ck_assert_int_eq(mana_set_position(g, TU_HOME), MANA_OK);
            ck_assert_int_eq(mana_play_str(g, "a6-a4"), MANA_OK);
            ck_assert_int_eq(mana_undo(g), MANA_OK);
            ck_assert_int_eq(mana_set_position(g, "3R2/3d2/3rr1/6/Dr1r2/1RR3 w 3 0"), MANA_OK);
            mana_move c1_c3 = MANA_MOVE_MAKE(MANA_MOVE_STEP, 2, 14);
            if (found) { /* c1-c3's test finds the exception, and the
                          * take-back brings the position back with it */
                ck_assert_int_eq(mana_play(g, c1_c3), MANA_OK);
                ck_assert_int_eq(mana_undo(g), MANA_OK);
            }
            inv_snapshot before;
            inv_snapshot_take(g, &before);
            /* move values, not text: mana_move_parse would refuse first */
            mana_move r_a1 = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 0);
            if (when_blocked) {
                ck_assert_int_eq(mana_play(g, r_a1), MANA_OK);
                ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 1);
            } else {
                tu_refused(g, &before, mana_play(g, r_a1), MANA_EILLEGAL);
            }
            ck_assert_int_eq(mana_undo(g) == MANA_OK, when_blocked);
            tu_refused(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 1, 0)), MANA_EILLEGAL); /* b1-a1 */
            ck_assert_int_eq(mana_play(g, c1_c3), MANA_OK);
            mana_free(g);
        }
}
END_TEST

/* Arbitrary move values: never legal unless listed; play refuses them
 * with MANA_EILLEGAL and a detail; format with MANA_EILLEGAL. */
START_TEST(garbage_move_values)
{
    static const mana_move junk[] = {
        0u,
        0xFFFFFFFFu,
        0x80000000u,
        1u << 15,
        MANA_MOVE_MAKE(0, 1, 2),
        MANA_MOVE_MAKE(6, 0, 0),
        MANA_MOVE_MAKE(7, 5, 5),
        MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 4),
        MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0),
        MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0),
        MANA_MOVE_MAKE(MANA_MOVE_PASS, 3, 0),
        MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, 20),
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 30, 30),
    };
    mana_game *g = tu_game_in_play();
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        char buf[16];
        ck_assert_int_eq(mana_is_legal(g, junk[i]), 0);
        tu_refused(g, &before, mana_play(g, junk[i]), MANA_EILLEGAL);
        tu_refused(g, &before, mana_move_format(g, junk[i], buf, sizeof buf), MANA_EILLEGAL);
    }
    /* in setup, before the orientation is chosen: O4..O63 as move values */
    mana_game *fresh = mana_new(MANA_RULES_JACTALEA);
    inv_snapshot start;
    inv_snapshot_take(fresh, &start);
    for (int k = 4; k < 64; k += 13) {
        ck_assert_int_eq(mana_is_legal(fresh, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, k)), 0);
        tu_refused(fresh, &start, mana_play(fresh, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, k)), MANA_EILLEGAL);
    }
    mana_free(fresh);
    /* a legal move with a stray high bit is not that move */
    ck_assert_int_eq(mana_is_legal(g, before.moves[0] | (1u << 16)), 0);
    ck_assert_int_eq(mana_play(g, before.moves[0] | (1u << 16)), MANA_EILLEGAL);
    mana_free(g);
}
END_TEST


/* The move values offered to mana_play at one position of g: every step
 * from a square of the side to move's pieces and from two empty squares
 * to every square, every re-entry square, and a pass.  Returns the count
 * (at most 8 * 36 + 36 + 1). */
static int offered_moves(const mana_game *g, mana_move *out)
{
    uint64_t damyo = 0, ronins = 0;
    ck_assert_int_eq(mana_pieces(g, mana_side_to_move(g), &damyo, &ronins), MANA_OK);
    uint64_t from = damyo | ronins;
    int n = 0, empty = 0;
    for (int sq = 0; sq < MANA_SQUARE_COUNT && empty < 2; sq++)
        if (mana_piece_at(g, sq) == 0 && empty++ < 2)
            from |= (uint64_t)1 << sq;
    for (int f = 0; f < MANA_SQUARE_COUNT; f++)
        for (int to = 0; ((from >> f) & 1) && to < MANA_SQUARE_COUNT; to++)
            out[n++] = MANA_MOVE_MAKE(MANA_MOVE_STEP, f, to);
    for (int to = 0; to < MANA_SQUARE_COUNT; to++)
        out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, to);
    out[n++] = MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0);
    return n;
}

/* Offers g every move of offered_moves: mana_play takes exactly those
 * mana_is_legal takes (each taken back at once) and refuses the others
 * with MANA_EILLEGAL, the game unchanged.  why: what g knows of its
 * position when the first move is offered. */
static void offer_all(mana_game *g, const char *why)
{
    mana_move offered[8 * MANA_SQUARE_COUNT + MANA_SQUARE_COUNT + 1];
    int n = offered_moves(g, offered);
    inv_snapshot before, after;
    inv_snapshot_take(g, &before);
    for (int i = 0; i < n; i++) {
        int legal = mana_is_legal(g, offered[i]);
        int rc = mana_play(g, offered[i]);
        char text[16];
        TU_CHECK(rc == (legal ? MANA_OK : MANA_EILLEGAL), "%s: %s on %s: mana_play %d, mana_is_legal %d", why,
                 inv_move_str(offered[i], text), before.mfn, rc, legal);
        if (rc == MANA_OK)
            TU_CHECK_INT_EQ(mana_undo(g), MANA_OK);
        inv_snapshot_take(g, &after);
        tu_assert_same(&before, &after, why);
    }
}

/* mana_play proves a move legal from what the game knows of its position:
 * which pieces may move (the bound ones, or all under the exception) and
 * whether the reserve has a Ronin, found by the test of an earlier move
 * and kept by the history through its take-back, or not known (a position
 * just set).  Either way it takes the moves mana_is_legal takes and no
 * other, under the options that change re-entry and blocked positions.
 * Random games, every position of them. */
START_TEST(play_agrees_with_is_legal)
{
    static const struct {
        int preset, option, value;
    } rules[] = {
        {MANA_RULES_JACTALEA, MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS},
        {MANA_RULES_COSMOLUDO, MANA_OPT_BLOCKED, MANA_BLOCKED_PASS},
        {MANA_RULES_JACTALEA, MANA_OPT_REENTRY, MANA_REENTRY_MANA_MARK},
        {MANA_RULES_JACTALEA, MANA_OPT_REENTRY_WHEN_BLOCKED, 0},
    };
    uint64_t rng = 11;
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++)
        for (int game = 0; game < 6; game++) {
            mana_game *g = mana_new(rules[r].preset), *set = mana_new(rules[r].preset);
            ck_assert_int_eq(mana_set_option(g, rules[r].option, rules[r].value), MANA_OK);
            ck_assert_int_eq(mana_set_option(set, rules[r].option, rules[r].value), MANA_OK);
            ck_assert_int_eq(mana_setup_random(g, tu_rand(&rng)), MANA_OK);
            mana_move moves[MANA_MAX_MOVES];
            for (int ply = 0; ply < 120 && mana_status(g) == MANA_PLAYING; ply++) {
                char mfn[MANA_MFN_MAX + 1];
                ck_assert_int_eq(mana_set_position(set, tu_mfn(g, mfn)), MANA_OK);
                offer_all(set, "a position just set");
                offer_all(g, "after a take-back");
                int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
                ck_assert_int_gt(n, 0);
                ck_assert_int_eq(mana_play(g, moves[tu_below(&rng, n)]), MANA_OK);
            }
            mana_free(set);
            mana_free(g);
        }
}
END_TEST

/* Undo with nothing to undo, repeatedly; setup_random outside setup. */
START_TEST(undo_and_setup_misuse)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (int i = 0; i < 3; i++) {
        tu_refused(g, &before, mana_undo(g), MANA_ENOHISTORY);
    }
    ck_assert_int_eq(mana_setup_random(g, 99), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_setup_random(g, 99), MANA_ESTATE);
    /* the whole setup undoes back to the fresh game */
    while (mana_history(g, NULL, 0) > 0)
        ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    ck_assert_int_eq(mana_undo(g), MANA_ENOHISTORY);
    tu_assert_invariants(g);
    char buf[64];
    ck_assert_int_eq(mana_get_position(g, buf, sizeof buf), MANA_ESTATE);
    mana_free(g);
}
END_TEST

Suite *play_suite(void)
{
    Suite *s = suite_create("play");
    TCase *tc = tcase_create("random_games");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, random_games);
    tcase_add_test(tc, hash_covers_fields);
    suite_add_tcase(s, tc);
    tc = tcase_create("refused");
    tcase_add_test(tc, undo_empty_history);
    tcase_add_test(tc, move_after_game_over);
    tcase_add_test(tc, illegal_moves);
    tcase_add_test(tc, reentry_refused);
    tcase_add_test(tc, reentry_when_blocked);
    tcase_add_test(tc, garbage_move_values);
    tcase_add_test(tc, undo_and_setup_misuse);
    suite_add_tcase(s, tc);
    /* every move value at every position of random games: 3.2 s of CPU
     * under ASan, near check's default 4 s limit on a loaded machine */
    tc = tcase_create("agreement");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, play_agrees_with_is_legal);
    suite_add_tcase(s, tc);
    return s;
}
