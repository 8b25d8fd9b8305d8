/* SPDX-License-Identifier: MIT */
/*
 * The vocabulary calls (docs/rules.md "Board and coordinates", "Rule
 * options"): square names both ways for every square, the option bounds
 * against what mana_set_option accepts, the error names against
 * MANA_ERROR_LIST, the result tokens both ways and against a written record.
 */
#include <stdio.h>
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
    ck_assert_str_eq(mana_error_detail(), "mana_error_name: 1 is no error code");
    ck_assert_ptr_null(mana_error_name(-1000));
}
END_TEST

/* The four tokens of docs/record-format.md ("Result"), both ways. */
START_TEST(result_tokens_round_trip)
{
    static const struct {
        int status;
        const char *text;
    } table[] = {{MANA_PLAYING, "*"}, {MANA_WHITE_WON, "1-0"}, {MANA_BLACK_WON, "0-1"}, {MANA_DRAWN, "1/2-1/2"}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        ck_assert_str_eq(mana_result_text(table[i].status), table[i].text);
        ck_assert_int_eq(mana_result_parse(table[i].text), table[i].status);
    }
    ck_assert_str_eq(mana_result_text(MANA_SETUP), "*"); /* unfinished, like playing */
    ck_assert_ptr_null(mana_result_text(-1));
    ck_assert_str_eq(mana_error_detail(), "mana_result_text: -1 is no game status");
    ck_assert_ptr_null(mana_result_text(MANA_DRAWN + 1));
    ck_assert_ptr_null(mana_result_text(-2147483647 - 1));
}
END_TEST

/* Near misses are refused: the token must be whole, exact and alone. */
START_TEST(result_tokens_refused)
{
    static const char *const bad[] = {"",
                                      "1-1",
                                      "1/2",
                                      "1-0 ",
                                      " 1-0",
                                      "1-0\n",
                                      "0-1*",
                                      "1/2-1/",
                                      "draw",
                                      "0.5-0.5",
                                      "\xc2\xbd-\xc2\xbd",
                                      "1\xe2\x80\x93\x30", /* 1, an en dash, 0 */
                                      "**",
                                      "1/2-1/2x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(mana_result_parse(bad[i]) == MANA_EPARSE, "'%s' read as a result", bad[i]);
        ck_assert_ptr_nonnull(strstr(mana_error_detail(), "not a result"));
    }
    ck_assert_int_eq(mana_result_parse(NULL), MANA_EINVAL);
}
END_TEST

/* The token the record writer prints is mana_result_text of the game's
 * status.  Mana 2, orientation 0: White's c3, b2 and e1 stand on 1-mark
 * squares, so none is bound and the Ronin b2 takes Black's Damyo on a2
 * (the position of check_record's capture test): White won, "1-0". */
START_TEST(result_token_in_record)
{
    mana_game *g = tu_game("6/6/6/2R3/dR4/4D1 w 2 0");
    char buf[256], want[32];
    ck_assert_int_gt(mana_record_write(g, NULL, buf, sizeof buf), 0);
    ck_assert_ptr_nonnull(strstr(buf, "Result: *\n"));
    tu_play(g, "b2xa2");
    ck_assert_int_eq(mana_status(g), MANA_WHITE_WON);
    ck_assert_int_gt(mana_record_write(g, NULL, buf, sizeof buf), 0);
    snprintf(want, sizeof want, "Result: %s\n", mana_result_text(mana_status(g)));
    ck_assert_str_eq(want, "Result: 1-0\n");
    ck_assert_ptr_nonnull(strstr(buf, want));
    ck_assert_int_eq(mana_result_parse("1-0"), mana_status(g));
    mana_free(g);
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
    tcase_add_test(tc, result_tokens_round_trip);
    tcase_add_test(tc, result_tokens_refused);
    tcase_add_test(tc, result_token_in_record);
    suite_add_tcase(s, tc);
    return s;
}
