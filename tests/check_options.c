/* SPDX-License-Identifier: MIT */
/*
 * Presets and rule options (mana_new, mana_set_option, mana_get_option;
 * docs/rules.md "Rule options"): unknown presets and options, values out of
 * each option's bounds (one table, from mana_option_bounds), options frozen
 * once a move is played.  Each refusal returns its code with a fresh detail
 * and leaves the game exactly as it was.
 */
#include <limits.h>

#include "testutil.h"

/* The values of option around its bounds (mana_option_bounds), the one
 * table of the tests: bad[] the values it refuses (lo - 1, hi + 1, the int
 * extremes, and 1 for repetition, where 0 is off and a position always
 * occurs once), good[] values it accepts (lo, hi and the value above lo,
 * 2 for repetition).  Returns the counts through *nbad and *ngood. */
static void option_cases(int option, int bad[5], int *nbad, int good[3], int *ngood)
{
    int lo = 0, hi = 0;
    ck_assert_int_eq(mana_option_bounds(option, &lo, &hi), MANA_OK);
    ck_assert_int_lt(lo, hi);
    *nbad = 0;
    bad[(*nbad)++] = lo - 1;
    bad[(*nbad)++] = hi + 1;
    bad[(*nbad)++] = INT_MIN;
    bad[(*nbad)++] = INT_MAX;
    if (option == MANA_OPT_REPETITION)
        bad[(*nbad)++] = 1;
    *ngood = 0;
    good[(*ngood)++] = lo;
    good[(*ngood)++] = hi;
    good[(*ngood)++] = option == MANA_OPT_REPETITION ? 2 : lo + 1;
}

/* Unknown presets: NULL and a fresh detail. */
START_TEST(bad_presets)
{
    static const int presets[] = {-1, 2, 3, 100, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        char primed[256];
        tu_prime_detail(primed, sizeof primed);
        ck_assert_ptr_null(mana_new(presets[i]));
        ck_assert(mana_error_detail()[0] != '\0');
        ck_assert(strcmp(mana_error_detail(), primed) != 0);
    }
}
END_TEST

/* Unknown options: set and get refused with MANA_EINVAL, *value untouched,
 * the game unchanged. */
START_TEST(unknown_options)
{
    static const int options[] = {-1, MANA_OPTION_COUNT, 100, INT_MIN, INT_MAX};
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        int v = 12345;
        tu_refused(g, &before, mana_set_option(g, options[i], 0), MANA_EINVAL);
        tu_refused(g, &before, mana_set_option(g, options[i], 1), MANA_EINVAL);
        tu_refused(g, &before, mana_get_option(g, options[i], &v), MANA_EINVAL);
        ck_assert_int_eq(v, 12345);
        int lo = 7, hi = 7;
        ck_assert_int_eq(mana_option_bounds(options[i], &lo, &hi), MANA_EINVAL);
        ck_assert_int_eq(lo + hi, 14);
    }
    mana_free(g);
}
END_TEST

/* Every option refuses the values outside its bounds (option_cases):
 * MANA_EINVAL, a fresh detail, the option and the game unchanged; under
 * both presets, whose option values differ. */
START_TEST(values_out_of_bounds)
{
    for (int preset = MANA_RULES_JACTALEA; preset <= MANA_RULES_COSMOLUDO; preset++) {
        mana_game *g = mana_new(preset);
        inv_snapshot before;
        inv_snapshot_take(g, &before);
        for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
            int bad[5], good[3], nbad, ngood;
            option_cases(opt, bad, &nbad, good, &ngood);
            for (int i = 0; i < nbad; i++) {
                int v = 12345;
                tu_refused(g, &before, mana_set_option(g, opt, bad[i]), MANA_EINVAL);
                ck_assert_int_eq(mana_get_option(g, opt, &v), MANA_OK);
                ck_assert_int_eq(v, before.options[opt]);
            }
        }
        mana_free(g);
    }
}
END_TEST

/* The bounds themselves and the values between are accepted and read
 * back (option_cases). */
START_TEST(values_within_bounds)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int bad[5], good[3], nbad, ngood;
        option_cases(opt, bad, &nbad, good, &ngood);
        for (int i = 0; i < ngood; i++) {
            int v = 12345;
            ck_assert_msg(mana_set_option(g, opt, good[i]) == MANA_OK, "set_option(%s, %d): %s", mana_option_name(opt),
                          good[i], mana_error_detail());
            ck_assert_int_eq(mana_get_option(g, opt, &v), MANA_OK);
            ck_assert_int_eq(v, good[i]);
        }
    }
    mana_free(g);
}
END_TEST

/* Options are frozen once a move is played: MANA_ESTATE, value kept; in
 * setup (after O0) and in play (after set_position and one move). */
START_TEST(options_frozen_after_first_move)
{
    for (int k = 0; k < 2; k++) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        if (k == 0) {
            ck_assert_int_eq(mana_play_str(g, "O0"), MANA_OK);
        } else {
            ck_assert_int_eq(mana_set_position(g, TU_HOME), MANA_OK);
            /* allowed right after set_position: the history is empty */
            ck_assert_int_eq(mana_set_option(g, MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS), MANA_OK);
            ck_assert_int_eq(mana_play_str(g, "a6-a4"), MANA_OK);
        }
        inv_snapshot before;
        inv_snapshot_take(g, &before);
        for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
            char primed[256];
            int v = before.options[opt];
            int other = opt == MANA_OPT_ORIENTATION  ? (v == 2 ? 1 : 2)
                        : opt >= MANA_OPT_REPETITION ? (v == 0 ? 5 : 0)
                                                     : (v == 0);
            tu_prime_detail(primed, sizeof primed);
            ck_assert_msg(mana_set_option(g, opt, other) == MANA_ESTATE, "option %d changed after a move", opt);
            tu_assert_refused(g, &before, primed, "set_option after a move");
        }
        /* set_position starts a new history: options may change again */
        ck_assert_int_eq(mana_set_position(g, TU_HOME), MANA_OK);
        ck_assert_int_eq(mana_set_option(g, MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW), MANA_OK);
        mana_free(g);
    }
}
END_TEST

/* Options may change only while the history is empty: again after undoing
 * back to it, and after set_position until a move is played. */
START_TEST(options_free_again_after_undo)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    tu_play(g, "O0");
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_set_option(g, MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW), MANA_ESTATE);
    tu_refused(g, &before, mana_set_option(g, MANA_OPT_ORIENTATION, 2), MANA_ESTATE);
    int v = -5;
    ck_assert_int_eq(mana_get_option(g, MANA_OPT_BLOCKED, &v), MANA_OK);
    ck_assert_int_eq(v, MANA_BLOCKED_PASS);
    /* undoing back to an empty history allows it again */
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW), MANA_OK);

    /* after set_position: allowed until a move is played */
    ck_assert_int_eq(mana_set_position(g, "d5/6/5r/6/6/D4R w 3 0"), MANA_OK);
    ck_assert_int_eq(mana_set_option(g, MANA_OPT_REPETITION, 3), MANA_OK);
    tu_play(g, "f1xf4");
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_set_option(g, MANA_OPT_REPETITION, 0), MANA_ESTATE);
    tu_refused(g, &before, mana_set_option(g, MANA_OPT_PLY_LIMIT, 10), MANA_ESTATE);
    mana_free(g);
}
END_TEST

Suite *options_suite(void)
{
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("options");
    tcase_add_test(tc, bad_presets);
    tcase_add_test(tc, unknown_options);
    tcase_add_test(tc, values_out_of_bounds);
    tcase_add_test(tc, values_within_bounds);
    tcase_add_test(tc, options_frozen_after_first_move);
    tcase_add_test(tc, options_free_again_after_undo);
    suite_add_tcase(s, tc);
    return s;
}
