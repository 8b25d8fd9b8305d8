/* SPDX-License-Identifier: MIT */
/*
 * Perft (docs/rules.md "Perft"): every value of tests/data/perft.txt,
 * under its blocked rule, through mana_perft.
 */
#include "perft_data.h"
#include "testutil.h"

/* The cases of tests/data/perft.txt: 17 positions under blocked = pass,
 * and the blocked position again under blocked = draw. */
#define PERFT_FILE_CASES 18

/* The file is read and whole: a missing or short file must fail here,
 * not leave the loop below with nothing to run. */
START_TEST(perft_file_read)
{
    int n = 0;
    const struct perft_case *cases = perft_cases(&n);
    ck_assert_msg(cases != NULL, "perft.txt: %s", perft_data_error());
    ck_assert_int_eq(n, PERFT_FILE_CASES);
    ck_assert_int_eq(cases[n - 1].blocked, MANA_BLOCKED_DRAW);
    ck_assert_uint_eq(cases[0].leaves[3], 421); /* the start, docs/rules.md "Perft" */
}
END_TEST

/* Loop test: _i is the case; every depth 0..4 is checked, and the game is
 * unchanged by mana_perft (MFN and hash). */
START_TEST(perft_table)
{
    int n = 0;
    const struct perft_case *c = &perft_cases(&n)[_i];
    static const int opts_pass[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_PASS, -1};
    static const int opts_draw[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, -1};
    mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, c->mfn, c->blocked == MANA_BLOCKED_DRAW ? opts_draw : opts_pass);
    char before[MANA_MFN_MAX + 1], after[MANA_MFN_MAX + 1];
    tu_mfn(g, before);
    uint64_t h = mana_hash(g);
    for (int depth = 0; depth <= PERFT_MAX_DEPTH; depth++) {
        uint64_t leaves = 0;
        ck_assert_int_eq(mana_perft(g, depth, &leaves), MANA_OK);
        ck_assert_msg(leaves == c->leaves[depth], "%s depth %d: got %llu want %llu", c->mfn, depth,
                      (unsigned long long)leaves, (unsigned long long)c->leaves[depth]);
        ck_assert_str_eq(tu_mfn(g, after), before);
        ck_assert_uint_eq(mana_hash(g), h);
        ck_assert_int_eq(mana_history(g, NULL, 0), 0);
    }
    mana_free(g);
}
END_TEST

/* The same counts under cosmoludo rules: once a position is set, the two
 * presets play alike (docs/rules.md), so depth 3 agrees. */
START_TEST(perft_cosmoludo_same)
{
    int n = 0;
    const struct perft_case *cases = perft_cases(&n);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++) {
        if (cases[i].blocked != MANA_BLOCKED_PASS)
            continue;
        mana_game *g = tu_game_opts(MANA_RULES_COSMOLUDO, cases[i].mfn, NULL);
        uint64_t leaves = 0;
        ck_assert_int_eq(mana_perft(g, 3, &leaves), MANA_OK);
        ck_assert_msg(leaves == cases[i].leaves[3], "%s: got %llu", cases[i].mfn, (unsigned long long)leaves);
        mana_free(g);
    }
}
END_TEST

/* blocked = loss: the blocked position is finished at once (White loses),
 * so it has no moves: 0 leaves at every depth above 0, 1 at depth 0. */
START_TEST(perft_blocked_loss)
{
    static const int loss[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS, -1};
    mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", loss);
    uint64_t leaves = 99;
    ck_assert_int_eq(mana_perft(g, 3, &leaves), MANA_OK);
    ck_assert_uint_eq(leaves, 0);
    ck_assert_int_eq(mana_perft(g, 0, &leaves), MANA_OK);
    ck_assert_uint_eq(leaves, 1);
    mana_free(g);
}
END_TEST

Suite *perft_suite(void)
{
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("perft");
    tcase_set_timeout(tc, 60);
    int n = 0;
    perft_cases(&n);
    tcase_add_test(tc, perft_file_read);
    tcase_add_loop_test(tc, perft_table, 0, n);
    tcase_add_test(tc, perft_cosmoludo_same);
    tcase_add_test(tc, perft_blocked_loss);
    suite_add_tcase(s, tc);
    return s;
}
