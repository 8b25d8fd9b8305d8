/* SPDX-License-Identifier: MIT */
/* Smoke: the library links and answers the simplest calls. */
#include <check.h>
#include <string.h>

#include <mana.h>

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

Suite *smoke_suite(void)
{
    Suite *s = suite_create("smoke");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, version_matches_header);
    tcase_add_test(tc, new_and_free);
    suite_add_tcase(s, tc);
    return s;
}
