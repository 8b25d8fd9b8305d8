/* SPDX-License-Identifier: MIT */
/*
 * A game's life (mana_version, mana_new, mana_free, mana_clone, mana_copy):
 * the library links and answers the simplest calls; mana_copy makes dst an
 * exact, independent copy of src (position, options, setup progress,
 * history), undo on the copy walks back src's moves, the adjudication
 * options judge the copy as they would src, errors leave dst unchanged.
 */
#include "testutil.h"

/* The cycle of check_rules: White's Ronin a1-b1-a1, Black's Damyo d6-c6-d6
 * (the Mana stays 1 and binds the two single-mark pieces). */
static const char *const cycle_mfn = "d2r2/6/6/6/5D/R5 w 1 0";
static const char *const cycle[4] = {"a1-b1", "d6-c6", "b1-a1", "c6-d6"};

/* Asserts that a and b show the same state (inv_snapshot: MFN, hash,
 * status, options, pieces, marks, legal moves...) and the same history. */
static void assert_same(const mana_game *a, const mana_game *b)
{
    inv_snapshot sa, sb;
    inv_snapshot_take(a, &sa);
    inv_snapshot_take(b, &sb);
    tu_assert_same(&sa, &sb, "copy");
    mana_move ha[1024], hb[1024];
    int na = mana_history(a, ha, 1024), nb = mana_history(b, hb, 1024);
    ck_assert_int_eq(na, nb);
    ck_assert(na == 0 || memcmp(ha, hb, (size_t)na * sizeof ha[0]) == 0);
}

START_TEST(version_matches_header)
{
    ck_assert_str_eq(mana_version(), MANA_VERSION_STRING);
}
END_TEST

START_TEST(new_and_free)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    mana_free(g);
    mana_free(NULL);
    ck_assert_ptr_null(mana_new(2));
}
END_TEST

/* A position without history, options changed: the copy matches, and
 * playing on either leaves the other alone. */
START_TEST(copy_position_and_options)
{
    static const int opts[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, MANA_OPT_PLY_LIMIT, 50, -1};
    mana_game *src = tu_game_opts(MANA_RULES_COSMOLUDO, "2d3/6/2R1r1/1r4/3D2/6 b 3 3", opts);
    mana_game *dst = mana_new(MANA_RULES_JACTALEA);
    ck_assert_ptr_nonnull(dst);
    ck_assert_int_eq(mana_copy(dst, src), MANA_OK);
    assert_same(src, dst);
    /* perft.txt: 42 moves at depth 1, 754 leaves at depth 2 */
    uint64_t leaves = 0;
    ck_assert_int_eq(mana_perft(dst, 2, &leaves), MANA_OK);
    ck_assert_uint_eq(leaves, 754);
    uint64_t h = mana_hash(src);
    tu_play(dst, "R@c5");
    ck_assert_uint_eq(mana_hash(src), h);
    ck_assert_int_eq(mana_history(src, NULL, 0), 0);
    ck_assert_int_eq(mana_history(dst, NULL, 0), 1);
    mana_free(src);
    mana_free(dst);
}
END_TEST

/* A game in its setup, part played: the copy continues the same setup
 * and undoes the same placements. */
START_TEST(copy_in_setup)
{
    mana_game *src = mana_new(MANA_RULES_JACTALEA), *dst = mana_new(MANA_RULES_COSMOLUDO);
    ck_assert_ptr_nonnull(src);
    ck_assert_ptr_nonnull(dst);
    tu_play(src, "O2");
    tu_play(src, "D@c6");
    tu_play(src, "R@a5");
    ck_assert_int_eq(mana_copy(dst, src), MANA_OK);
    assert_same(src, dst);
    ck_assert_int_eq(mana_orientation(dst), 2);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(mana_undo(dst), MANA_OK);
    ck_assert_int_eq(mana_undo(dst), MANA_ENOHISTORY);
    /* back at the start of a jactalea setup: the orientation is open */
    ck_assert_int_eq(mana_orientation(dst), -1);
    ck_assert_int_eq(mana_legal_moves(dst, NULL, 0), 4);
    ck_assert_int_eq(mana_orientation(src), 2);
    mana_free(src);
    mana_free(dst);
}
END_TEST

/* The history travels: repetition = 2 draws on the copy at the same move
 * as on the original, and the ply limit counts src's plies. */
START_TEST(copy_keeps_adjudication)
{
    static const int opts[] = {MANA_OPT_REPETITION, 2, MANA_OPT_PLY_LIMIT, 5, -1};
    mana_game *src = tu_game_opts(MANA_RULES_JACTALEA, cycle_mfn, opts);
    mana_game *dst = mana_new(MANA_RULES_JACTALEA);
    ck_assert_ptr_nonnull(dst);
    for (int ply = 0; ply < 3; ply++)
        tu_play(src, cycle[ply]);
    ck_assert_int_eq(mana_copy(dst, src), MANA_OK);
    assert_same(src, dst);
    /* the fourth ply brings back the position after ply 0: drawn */
    tu_play(dst, cycle[3]);
    ck_assert_int_eq(mana_status(dst), MANA_DRAWN);
    ck_assert_int_eq(mana_status(src), MANA_PLAYING);
    tu_play(src, cycle[3]);
    assert_same(src, dst);
    /* undo on the copy walks back the original's moves, to the MFN */
    for (int ply = 0; ply < 4; ply++)
        ck_assert_int_eq(mana_undo(dst), MANA_OK);
    char mfn[MANA_MFN_MAX + 1];
    ck_assert_str_eq(tu_mfn(dst, mfn), cycle_mfn);
    ck_assert_int_eq(mana_undo(dst), MANA_ENOHISTORY);
    mana_free(src);
    mana_free(dst);
}
END_TEST

/* A dst with a longer history of its own: replaced, not merged; a dst
 * with a shorter one grows; copying a game onto itself changes nothing. */
START_TEST(copy_replaces_dst)
{
    mana_game *longer = mana_new(MANA_RULES_JACTALEA), *src = tu_game(cycle_mfn);
    ck_assert_ptr_nonnull(longer);
    ck_assert_int_eq(mana_setup_random(longer, 7), MANA_OK);
    ck_assert_int_eq(mana_history(longer, NULL, 0), 13);
    tu_play(src, cycle[0]);
    ck_assert_int_eq(mana_copy(longer, src), MANA_OK);
    assert_same(src, longer);
    ck_assert_int_eq(mana_history(longer, NULL, 0), 1);

    mana_game *setup = mana_new(MANA_RULES_JACTALEA), *fresh = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_setup_random(setup, 11), MANA_OK);
    ck_assert_int_eq(mana_copy(fresh, setup), MANA_OK);
    assert_same(setup, fresh);
    uint64_t h = mana_hash(setup);
    ck_assert_int_eq(mana_copy(setup, setup), MANA_OK);
    ck_assert_uint_eq(mana_hash(setup), h);
    ck_assert_int_eq(mana_history(setup, NULL, 0), 13);
    mana_free(longer);
    mana_free(src);
    mana_free(setup);
    mana_free(fresh);
}
END_TEST

/* NULL on either side: MANA_EINVAL with a detail, dst unchanged. */
START_TEST(copy_null)
{
    mana_game *g = tu_game(cycle_mfn);
    uint64_t h = mana_hash(g);
    ck_assert_int_eq(mana_copy(NULL, g), MANA_EINVAL);
    ck_assert_ptr_nonnull(strstr(mana_error_detail(), "dst"));
    ck_assert_int_eq(mana_copy(g, NULL), MANA_EINVAL);
    ck_assert_ptr_nonnull(strstr(mana_error_detail(), "src"));
    ck_assert_int_eq(mana_copy(NULL, NULL), MANA_EINVAL);
    ck_assert_uint_eq(mana_hash(g), h);
    mana_free(g);
}
END_TEST

Suite *lifecycle_suite(void)
{
    Suite *s = suite_create("lifecycle");
    TCase *tc = tcase_create("new_free");
    tcase_add_test(tc, version_matches_header);
    tcase_add_test(tc, new_and_free);
    suite_add_tcase(s, tc);
    tc = tcase_create("copy");
    tcase_add_test(tc, copy_position_and_options);
    tcase_add_test(tc, copy_in_setup);
    tcase_add_test(tc, copy_keeps_adjudication);
    tcase_add_test(tc, copy_replaces_dst);
    tcase_add_test(tc, copy_null);
    suite_add_tcase(s, tc);
    return s;
}
