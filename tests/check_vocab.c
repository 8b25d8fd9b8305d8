/* SPDX-License-Identifier: MIT */
/*
 * The vocabulary calls (docs/rules.md "Board and coordinates", "Rule
 * options"): square names both ways for every square, the option bounds
 * against what mana_set_option accepts, the error names against
 * MANA_ERROR_LIST.
 */
#include <string.h>

#include "testutil.h"

/* Every square: name by hand (file letter from sq % 6, rank digit from
 * sq / 6), and back. */
START_TEST(square_names_round_trip)
{
    ck_assert_int_eq(MANA_SQUARE_COUNT, MANA_FILE_COUNT * MANA_RANK_COUNT);
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        char buf[MANA_SQUARE_NAME_MAX + 1] = "xx";
        char want[3] = {(char)("abcdef"[sq % 6]), (char)("123456"[sq / 6]), 0};
        ck_assert_int_eq(mana_square_name(sq, buf, sizeof buf), 2);
        ck_assert_str_eq(buf, want);
        ck_assert_int_eq(mana_square_parse(buf), sq);
    }
    char buf[3];
    mana_square_name(0, buf, sizeof buf);
    ck_assert_str_eq(buf, "a1");
    mana_square_name(35, buf, sizeof buf);
    ck_assert_str_eq(buf, "f6");
    ck_assert_int_eq(mana_square_parse("c4"), 20); /* 6 * 3 + 2 */
}
END_TEST

START_TEST(square_names_refused)
{
    char buf[3] = "zz";
    ck_assert_int_eq(mana_square_name(-1, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_square_name(36, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_square_name(0, NULL, 3), MANA_EINVAL);
    ck_assert_int_eq(mana_square_name(0, buf, 2), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    static const char *const bad[] = {"", "a", "a0", "a7", "g1", "A1", "a1 ", "a10", " a1", "1a"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(mana_square_parse(bad[i]) == MANA_EPARSE, "'%s' read as a square", bad[i]);
    ck_assert_int_eq(mana_square_parse(NULL), MANA_EINVAL);
}
END_TEST

/* The bounds are exactly what mana_set_option accepts: lo and hi are
 * taken, lo - 1 and hi + 1 refused; repetition refuses 1 alone. */
START_TEST(option_bounds_match_set_option)
{
    static const int want_lo[MANA_OPTION_COUNT] = {-1, 0, 0, 0, 0, 0, 0, 0};
    static const int want_hi[MANA_OPTION_COUNT] = {3, 1, 1, 1, 1, 2, 1000000, 1000000000};
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int lo = 99, hi = 99;
        ck_assert_int_eq(mana_option_bounds(opt, &lo, &hi), MANA_OK);
        ck_assert_int_eq(lo, want_lo[opt]);
        ck_assert_int_eq(hi, want_hi[opt]);
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        ck_assert_int_eq(mana_set_option(g, opt, lo), MANA_OK);
        ck_assert_int_eq(mana_set_option(g, opt, hi), MANA_OK);
        ck_assert_int_eq(mana_set_option(g, opt, lo - 1), MANA_EINVAL);
        ck_assert_int_eq(mana_set_option(g, opt, hi + 1), MANA_EINVAL);
        if (opt == MANA_OPT_REPETITION)
            ck_assert_int_eq(mana_set_option(g, opt, 1), MANA_EINVAL);
        mana_free(g);
    }
    int lo = 7, hi = 7;
    ck_assert_int_eq(mana_option_bounds(MANA_OPTION_COUNT, &lo, &hi), MANA_EINVAL);
    ck_assert_int_eq(mana_option_bounds(-1, &lo, &hi), MANA_EINVAL);
    ck_assert_int_eq(mana_option_bounds(0, NULL, &hi), MANA_EINVAL);
    ck_assert_int_eq(mana_option_bounds(0, &lo, NULL), MANA_EINVAL);
    ck_assert_int_eq(lo, 7);
    ck_assert_int_eq(hi, 7);
}
END_TEST

START_TEST(error_names)
{
#define CHECK_NAME_(name, value, msg) ck_assert_str_eq(mana_error_name(value), #name);
    MANA_ERROR_LIST(CHECK_NAME_)
#undef CHECK_NAME_
    ck_assert_str_eq(mana_error_name(MANA_EILLEGAL), "MANA_EILLEGAL");
    ck_assert_ptr_null(mana_error_name(1));
    ck_assert_ptr_null(mana_error_name(-1000));
}
END_TEST

Suite *vocab_suite(void)
{
    Suite *s = suite_create("vocab");
    TCase *tc = tcase_create("vocab");
    tcase_add_test(tc, square_names_round_trip);
    tcase_add_test(tc, square_names_refused);
    tcase_add_test(tc, option_bounds_match_set_option);
    tcase_add_test(tc, error_names);
    suite_add_tcase(s, tc);
    return s;
}
