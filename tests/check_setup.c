/* SPDX-License-Identifier: MIT */
/*
 * Setup rules (docs/rules.md "Setup", "Rule options"): the orientation move
 * under jactalea, placements in the home two ranks or on the back rank,
 * the Damyo on a double, no dead-locking placement, undo through the setup,
 * and mana_setup_random.
 *
 * Marks of the ranks that matter (from docs/rules.md):
 *   orientation 0: rank 6  2 2 3 1 2 2   rank 5  1 3 1 3 1 3
 *                  rank 2  2 1 3 1 3 2   rank 1  1 3 2 2 1 3
 *   orientation 3: rank 6  2 3 1 2 2 3   rank 1  2 1 3 2 2 1
 */
#include "testutil.h"

/* "K@a5 K@b5 ..." for every square of the given ranks (1-based, lo..hi). */
static void drops_on_ranks(char kind, int lo, int hi, char *out, size_t size, size_t *len)
{
    for (int rank = lo; rank <= hi; rank++)
        for (int file = 0; file < 6; file++)
            *len += (size_t)snprintf(out + *len, size - *len, "%s%c@%c%d", *len ? " " : "", kind, 'a' + file, rank);
}

/* Jactalea: Black first chooses the orientation, O0..O3; nothing has marks
 * yet; after O2 the marks are orientation 2's and Black is still to move. */
START_TEST(jactalea_orientation_move)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    ck_assert_int_eq(mana_orientation(g), -1);
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    ck_assert_int_eq(mana_mana(g), 0);
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 0);
    ck_assert_int_eq(mana_reserve(g, MANA_BLACK), 0);
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        ck_assert_int_eq(mana_marks_at(g, sq), 0);
        ck_assert_int_eq(mana_piece_at(g, sq), 0);
    }
    tu_assert_moves(g, "O0 O1 O2 O3");
    ck_assert_int_eq(mana_play_str(g, "D@b6"), MANA_EILLEGAL); /* orientation first */
    char buf[MANA_MFN_MAX + 1];
    ck_assert_int_eq(mana_get_position(g, buf, sizeof buf), MANA_ESTATE);
    tu_play(g, "O2");
    ck_assert_int_eq(mana_orientation(g), 2);
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    /* orientation 2, docs/rules.md: a1 2, f1 2, c1 1, a6 3, f6 1, c4 3 */
    ck_assert_int_eq(mana_marks_at(g, tu_sq("a1")), 2);
    ck_assert_int_eq(mana_marks_at(g, tu_sq("c1")), 1);
    ck_assert_int_eq(mana_marks_at(g, tu_sq("f1")), 2);
    ck_assert_int_eq(mana_marks_at(g, tu_sq("a6")), 3);
    ck_assert_int_eq(mana_marks_at(g, tu_sq("f6")), 1);
    ck_assert_int_eq(mana_marks_at(g, tu_sq("c4")), 3);
    ck_assert_int_eq(mana_play_str(g, "O1"), MANA_EILLEGAL); /* chosen once */
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_orientation(g), -1);
    ck_assert_int_eq(mana_marks_at(g, 0), 0);
    tu_assert_moves(g, "O0 O1 O2 O3");
    mana_free(g);
}
END_TEST

/* The orientation move sets the marks of every square to the table of
 * docs/rules.md (typed in, inv_rules_marks); cosmoludo starts on table 3. */
START_TEST(orientation_move_marks)
{
    for (int k = 0; k < 4; k++) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        char o[3] = {'O', (char)('0' + k), 0};
        tu_play(g, o);
        for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
            ck_assert_msg(mana_marks_at(g, sq) == inv_rules_marks(k, sq), "O%d square %d: %d", k, sq,
                          mana_marks_at(g, sq));
        mana_free(g);
    }
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        ck_assert_int_eq(mana_marks_at(g, sq), inv_rules_marks(3, sq));
    mana_free(g);
}
END_TEST

/* Jactalea, home two ranks: Black places on ranks 5-6 (12 squares, a
 * Damyo or a Ronin on each: 24 moves), then White on ranks 1-2; Black then
 * moves first with no Mana.  The full setup is checked move by move. */
START_TEST(jactalea_two_ranks)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    tu_play(g, "O0");
    char want[TU_LIST_MAX];
    size_t len = 0;
    want[0] = '\0';
    drops_on_ranks('D', 5, 6, want, sizeof want, &len);
    drops_on_ranks('R', 5, 6, want, sizeof want, &len);
    tu_assert_moves(g, want);
    ck_assert_int_eq(mana_play_str(g, "D@c4"), MANA_EILLEGAL); /* outside ranks 5-6 */
    ck_assert_int_eq(mana_play_str(g, "R@a1"), MANA_EILLEGAL);
    tu_play(g, "D@b6");
    ck_assert_int_eq(mana_piece_at(g, tu_sq("b6")), 'd');
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    /* the Damyo is placed: only Ronins, on the 11 empty squares */
    len = 0;
    want[0] = '\0';
    drops_on_ranks('R', 5, 6, want, sizeof want, &len);
    char *b6 = strstr(want, "R@b6");
    memmove(b6, b6 + 5, strlen(b6 + 5) + 1);
    tu_assert_moves(g, want);
    ck_assert_int_eq(mana_play_str(g, "R@b6"), MANA_EILLEGAL); /* taken */
    ck_assert_int_eq(mana_play_str(g, "D@a6"), MANA_EILLEGAL); /* one Damyo */
    static const char *const black[] = {"R@a5", "R@c5", "R@d6", "R@e6", "r@f5"};
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
        tu_play(g, black[i]);
    }
    /* White's turn: ranks 1-2 */
    ck_assert_int_eq(mana_side_to_move(g), MANA_WHITE);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    len = 0;
    want[0] = '\0';
    drops_on_ranks('D', 1, 2, want, sizeof want, &len);
    drops_on_ranks('R', 1, 2, want, sizeof want, &len);
    tu_assert_moves(g, want);
    ck_assert_int_eq(mana_play_str(g, "R@a5"), MANA_EILLEGAL);
    static const char *const white[] = {"d@e1", "R@a1", "R@b2", "R@c1", "R@f2"};
    for (int i = 0; i < 5; i++)
        tu_play(g, white[i]);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    tu_play(g, "R@d1");
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    ck_assert_int_eq(mana_mana(g), 0);
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 0);
    ck_assert_int_eq(mana_reserve(g, MANA_BLACK), 0);
    char buf[MANA_MFN_MAX + 1];
    ck_assert_str_eq(tu_mfn(g, buf), "1d1rr1/r1r2r/6/6/1R3R/R1RRD1 b - 0");
    ck_assert_int_eq(mana_history(g, NULL, 0), 13);
    mana_free(g);
}
END_TEST

/* Cosmoludo: orientation 3 from the start, no orientation move; Black on
 * rank 6 (a6 2, b6 3, c6 1, d6 2, e6 2, f6 3), the Damyo on a double
 * (a6, d6, e6).  After R@a6 and R@d6, R@e6 would leave the Damyo without a
 * square: illegal.  White then on rank 1 (a1 2, b1 1, c1 3, d1 2, e1 2,
 * f1 1), Damyo on a1, d1 or e1. */
START_TEST(cosmoludo_back_rank_double)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    ck_assert_int_eq(mana_orientation(g), 3);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    ck_assert_int_eq(mana_marks_at(g, tu_sq("f6")), 3); /* the triple corner */
    int v = 0;
    ck_assert_int_eq(mana_get_option(g, MANA_OPT_ORIENTATION, &v), MANA_OK);
    ck_assert_int_eq(v, 3);
    ck_assert_int_eq(mana_get_option(g, MANA_OPT_SETUP_AREA, &v), MANA_OK);
    ck_assert_int_eq(v, MANA_SETUP_BACK_RANK);
    ck_assert_int_eq(mana_get_option(g, MANA_OPT_DAMYO_ON_DOUBLE, &v), MANA_OK);
    ck_assert_int_eq(v, 1);
    tu_assert_moves(g, "D@a6 D@d6 D@e6 R@a6 R@b6 R@c6 R@d6 R@e6 R@f6");
    ck_assert_int_eq(mana_play_str(g, "O3"), MANA_EILLEGAL);
    ck_assert_int_eq(mana_play_str(g, "D@b6"), MANA_EILLEGAL); /* triple */
    ck_assert_int_eq(mana_play_str(g, "R@a5"), MANA_EILLEGAL); /* not rank 6 */
    tu_play(g, "R@a6");
    tu_play(g, "R@d6");
    tu_assert_moves(g, "D@e6 R@b6 R@c6 R@f6");
    ck_assert_int_eq(mana_play_str(g, "R@e6"), MANA_EILLEGAL);
    ck_assert_str_ne(mana_error_detail(), "");
    tu_play(g, "D@e6");
    tu_assert_moves(g, "R@b6 R@c6 R@f6");
    tu_play(g, "R@b6");
    tu_play(g, "R@c6");
    tu_play(g, "R@f6");
    ck_assert_int_eq(mana_side_to_move(g), MANA_WHITE);
    tu_assert_moves(g, "D@a1 D@d1 D@e1 R@a1 R@b1 R@c1 R@d1 R@e1 R@f1");
    static const char *const white[] = {"R@b1", "R@c1", "R@f1", "D@d1", "R@a1", "R@e1"};
    for (int i = 0; i < 6; i++)
        tu_play(g, white[i]);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    char buf[MANA_MFN_MAX + 1];
    ck_assert_str_eq(tu_mfn(g, buf), "rrrrdr/6/6/6/6/RRRDRR b - 3");
    mana_free(g);
}
END_TEST

/* Under cosmoludo, after the Ronins fill two doubles, the third double is
 * kept for the Damyo whatever the order: with R@e6 and R@a6 placed, R@d6
 * is refused. */
START_TEST(cosmoludo_dead_lock_any_order)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    tu_play(g, "R@e6");
    tu_play(g, "R@b6");
    tu_play(g, "R@a6");
    tu_assert_moves(g, "D@d6 R@c6 R@f6");
    mana_free(g);
}
END_TEST

/* Jactalea with damyo_on_double, orientation 0: Black's doubles in ranks
 * 5-6 are a6 b6 e6 f6 (rank 5 has none).  After R@a6 R@b6 R@e6 the Damyo
 * needs f6: R@f6 is illegal, D@ only on f6, Ronins on the other 8 empty
 * squares (a5..f5, c6, d6). */
START_TEST(jactalea_damyo_on_double_dead_lock)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_DAMYO_ON_DOUBLE, 1), MANA_OK);
    tu_play(g, "O0");
    tu_assert_moves_kind(g, MANA_MOVE_DROP_DAMYO, "D@a6 D@b6 D@e6 D@f6");
    tu_play(g, "R@a6");
    tu_play(g, "R@b6");
    tu_play(g, "R@e6");
    tu_assert_moves(g, "D@f6 R@a5 R@b5 R@c5 R@d5 R@e5 R@f5 R@c6 R@d6");
    mana_free(g);
}
END_TEST

/* Jactalea with the orientation fixed to 3 and the back rank: no
 * orientation move, and without damyo_on_double the Damyo may go on any
 * square of rank 6. */
START_TEST(jactalea_fixed_orientation_back_rank)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_ORIENTATION, 3), MANA_OK);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_SETUP_AREA, MANA_SETUP_BACK_RANK), MANA_OK);
    ck_assert_int_eq(mana_orientation(g), 3);
    tu_assert_moves(g, "D@a6 D@b6 D@c6 D@d6 D@e6 D@f6 R@a6 R@b6 R@c6 R@d6 R@e6 R@f6");
    mana_free(g);
}
END_TEST

/* Cosmoludo with the orientation option set back to "chosen": Black
 * chooses it, then places on rank 6. */
START_TEST(cosmoludo_orientation_chosen)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_ORIENTATION, MANA_ORIENTATION_CHOSEN), MANA_OK);
    ck_assert_int_eq(mana_orientation(g), -1);
    tu_assert_moves(g, "O0 O1 O2 O3");
    tu_play(g, "o0");
    /* orientation 0, rank 6: a6 2, b6 2, c6 3, d6 1, e6 2, f6 2 */
    tu_assert_moves(g, "D@a6 D@b6 D@e6 D@f6 R@a6 R@b6 R@c6 R@d6 R@e6 R@f6");
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_ORIENTATION, 1), MANA_ESTATE);
    mana_free(g);
}
END_TEST

/* Undo walks back through the setup to the very start. */
START_TEST(undo_through_setup)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    uint64_t h0 = mana_hash(g);
    ck_assert_int_eq(mana_setup_random(g, 99), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    ck_assert_int_eq(mana_history(g, NULL, 0), 13);
    for (int i = 0; i < 13; i++) {
        ck_assert_int_eq(mana_undo(g), MANA_OK);
        ck_assert_int_eq(mana_status(g), MANA_SETUP);
    }
    ck_assert_int_eq(mana_undo(g), MANA_ENOHISTORY);
    ck_assert_int_eq(mana_orientation(g), -1);
    ck_assert_uint_eq(mana_hash(g), h0);
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        ck_assert_int_eq(mana_piece_at(g, sq), 0);
    tu_assert_moves(g, "O0 O1 O2 O3");
    mana_free(g);
}
END_TEST

/* Checks a finished random setup against the rules of the preset. */
static void check_setup_done(const mana_game *g, int preset)
{
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    ck_assert_int_eq(mana_mana(g), 0);
    int count[128] = {0};
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        int p = mana_piece_at(g, sq);
        int rank = sq / 6 + 1;
        count[p]++;
        if (p == 'd' || p == 'r')
            ck_assert_int_ge(rank, preset == MANA_RULES_COSMOLUDO ? 6 : 5);
        if (p == 'D' || p == 'R')
            ck_assert_int_le(rank, preset == MANA_RULES_COSMOLUDO ? 1 : 2);
        if (preset == MANA_RULES_COSMOLUDO && (p == 'D' || p == 'd'))
            ck_assert_int_eq(mana_marks_at(g, sq), 2);
    }
    ck_assert_int_eq(count['D'], 1);
    ck_assert_int_eq(count['d'], 1);
    ck_assert_int_eq(count['R'], 5);
    ck_assert_int_eq(count['r'], 5);
}

/* mana_setup_random: a legal full setup, reproducible from its seed, and
 * different seeds give different setups (at least once in 20). */
START_TEST(setup_random)
{
    for (int preset = 0; preset < 2; preset++) {
        char first[MANA_MFN_MAX + 1] = "";
        int differ = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            mana_game *a = mana_new(preset), *b = mana_new(preset);
            ck_assert_int_eq(mana_setup_random(a, seed), MANA_OK);
            ck_assert_int_eq(mana_setup_random(b, seed), MANA_OK);
            check_setup_done(a, preset);
            char ma[MANA_MFN_MAX + 1], mb[MANA_MFN_MAX + 1];
            ck_assert_str_eq(tu_mfn(a, ma), tu_mfn(b, mb));
            ck_assert_uint_eq(mana_hash(a), mana_hash(b));
            ck_assert_int_eq(mana_history(a, NULL, 0), preset == MANA_RULES_JACTALEA ? 13 : 12);
            if (seed == 1)
                strcpy(first, ma);
            else if (strcmp(first, ma) != 0)
                differ = 1;
            ck_assert_int_eq(mana_setup_random(a, seed), MANA_ESTATE);
            mana_free(a);
            mana_free(b);
        }
        ck_assert(differ);
    }
    /* a partly played setup is completed from where it stands */
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    tu_play(g, "D@a6");
    ck_assert_int_eq(mana_setup_random(g, 5), MANA_OK);
    check_setup_done(g, MANA_RULES_COSMOLUDO);
    ck_assert_int_eq(mana_piece_at(g, tu_sq("a6")), 'd');
    mana_free(g);
}
END_TEST

/* The setup options of the cases below: orientation (chosen or fixed
 * 0..3), setup area, damyo_on_double. */
static const int orientation_values[] = {MANA_ORIENTATION_CHOSEN, 0, 1, 2, 3};

/* Plays legal setup moves from g as mana_setup_random is documented to
 * choose them, in the plainest way: the move at index
 * splitmix64(state) % count of mana_legal_moves's list, once a move,
 * until the play phase begins (at most `limit` moves). */
static void reference_setup(mana_game *g, uint64_t state, int limit)
{
    mana_move list[MANA_MAX_MOVES];
    while (limit-- > 0 && mana_status(g) == MANA_SETUP) {
        int n = mana_legal_moves(g, list, MANA_MAX_MOVES);
        TU_CHECK_INT_GT(n, 0);
        TU_CHECK_INT_EQ(mana_play(g, list[tu_rand(&state) % (uint64_t)n]), MANA_OK);
    }
}

/* A new game of preset with the setup options o (orientation index into
 * orientation_values, area, damyo_on_double). */
static mana_game *setup_game(int preset, const int o[3])
{
    mana_game *g = mana_new(preset);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_ORIENTATION, orientation_values[o[0]]), MANA_OK);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_SETUP_AREA, o[1]), MANA_OK);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_DAMYO_ON_DOUBLE, o[2]), MANA_OK);
    return g;
}

/* Asserts that a and b are the same game: history, position (through
 * every query of the snapshot, hash included) and legal moves. */
static void assert_same_game(const mana_game *a, const mana_game *b)
{
    mana_move ha[32], hb[32];
    int na = mana_history(a, ha, 32), nb = mana_history(b, hb, 32);
    TU_CHECK_INT_EQ(na, nb);
    for (int i = 0; i < na; i++)
        TU_CHECK_UINT_EQ(ha[i], hb[i]);
    inv_snapshot sa, sb;
    inv_snapshot_take(a, &sa);
    inv_snapshot_take(b, &sb);
    tu_assert_same(&sa, &sb, "mana_setup_random against the reference");
}

/* FNV-1a of the moves of g's history, folded into h. */
static uint64_t fold_history(uint64_t h, const mana_game *g)
{
    mana_move hist[32];
    int n = mana_history(g, hist, 32);
    for (int i = 0; i < n; i++)
        h = (h ^ hist[i]) * 0x100000001B3ull;
    return h;
}

/*
 * mana_setup_random gives exactly the setup of the reference above, for
 * both presets, every value of the three setup options and 150 seeds
 * each, from the start and from a setup partly played (the first
 * seed % 12 moves of another reference setup): same history, same
 * position and hash, then the same undo back to where it started.  The
 * FNV-1a of all those histories pins the draws themselves, whatever
 * happens to the reference's path: it is what the library gave at commit
 * d9ded1a, when mana_setup_random still asked setup.c for the legal
 * placements before each move.
 */
START_TEST(setup_random_as_reference)
{
    uint64_t digest = 0xCBF29CE484222325ull;
    for (int preset = 0; preset < 2; preset++)
        for (int o0 = 0; o0 < 5; o0++)
            for (int area = 0; area < 2; area++)
                for (int dod = 0; dod < 2; dod++)
                    for (uint64_t seed = 1; seed <= 150; seed++) {
                        const int o[3] = {o0, area, dod};
                        mana_game *a = setup_game(preset, o), *b = setup_game(preset, o);
                        int before = (int)(seed % 12);
                        reference_setup(a, seed * 7919, before);
                        reference_setup(b, seed * 7919, before);
                        before = mana_history(a, NULL, 0);
                        TU_CHECK_INT_EQ(mana_setup_random(a, seed), MANA_OK);
                        reference_setup(b, seed, 13);
                        assert_same_game(a, b);
                        digest = fold_history(digest, a);
                        while (mana_history(a, NULL, 0) > before) {
                            TU_CHECK_INT_EQ(mana_undo(a), MANA_OK);
                            TU_CHECK_INT_EQ(mana_undo(b), MANA_OK);
                            assert_same_game(a, b);
                        }
                        mana_free(a);
                        mana_free(b);
                    }
    TU_CHECK_UINT_EQ(digest, 0x4AC3CAA0A8BFC365ull);
}
END_TEST

Suite *setup_suite(void)
{
    Suite *s = suite_create("setup");
    TCase *tc = tcase_create("setup");
    tcase_add_test(tc, jactalea_orientation_move);
    tcase_add_test(tc, orientation_move_marks);
    tcase_add_test(tc, jactalea_two_ranks);
    tcase_add_test(tc, cosmoludo_back_rank_double);
    tcase_add_test(tc, cosmoludo_dead_lock_any_order);
    tcase_add_test(tc, jactalea_damyo_on_double_dead_lock);
    tcase_add_test(tc, jactalea_fixed_orientation_back_rank);
    tcase_add_test(tc, cosmoludo_orientation_chosen);
    tcase_add_test(tc, undo_through_setup);
    tcase_add_test(tc, setup_random);
    suite_add_tcase(s, tc);
    /* Many seeded setups against the reference: about a second of CPU,
     * near check's default 4 s limit on a loaded machine (it timed out
     * once under a parallel build), so it has a case of its own. */
    TCase *ref = tcase_create("setup_random_reference");
    tcase_set_timeout(ref, 120);
    tcase_add_test(ref, setup_random_as_reference);
    suite_add_tcase(s, ref);
    return s;
}
