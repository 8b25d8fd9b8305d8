/* SPDX-License-Identifier: MIT */
/*
 * Perft (RULES.md "Perft"): every value of ../shared/perft.txt, under its
 * blocked rule, through mana_perft.  The table is copied here as data.
 */
#include "testutil.h"

struct perft_case {
    const char *mfn;
    int blocked;
    uint64_t leaves[5]; /* depth 0..4 */
};

static const struct perft_case cases[] = {
    {"rrdrrr/6/6/6/6/RRRDRR b - 0", MANA_BLOCKED_PASS, {1, 16, 66, 421, 2293}},
    {"6/rdrrrr/6/6/RRRRDR/6 b - 2", MANA_BLOCKED_PASS, {1, 22, 255, 1626, 16372}},
    {"rrrdrr/6/6/6/6/RRRDRR b - 3", MANA_BLOCKED_PASS, {1, 16, 56, 261, 1209}},
    {"5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", MANA_BLOCKED_PASS, {1, 1, 12, 102, 686}},
    {"2d3/6/2R1r1/1r4/3D2/6 b 3 3", MANA_BLOCKED_PASS, {1, 42, 754, 17239, 391309}},
    {"4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0", MANA_BLOCKED_PASS, {1, 6, 114, 1739, 12257}},
    {"Rrr2r/D3R1/1R1d1R/rrR3/6/6 w 3 0", MANA_BLOCKED_PASS, {1, 17, 196, 2038, 23868}},
    {"d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1", MANA_BLOCKED_PASS, {1, 9, 483, 7206, 143763}},
    {"r4r/3R2/3r1r/1d2Dr/RR4/4R1 w 3 1", MANA_BLOCKED_PASS, {1, 24, 169, 3396, 21288}},
    {"4rr/r1r3/6/3d2/RR2r1/RR2DR w 3 1", MANA_BLOCKED_PASS, {1, 11, 49, 151, 1812}},
    {"4dr/1R4/r2rR1/3rr1/1R4/D3R1 b 3 0", MANA_BLOCKED_PASS, {1, 16, 334, 2921, 38494}},
    {"2r3/2r2r/dR2r1/R1r2R/1R2D1/3R2 w 1 0", MANA_BLOCKED_PASS, {1, 8, 145, 1651, 21160}},
    {"r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1", MANA_BLOCKED_PASS, {1, 19, 85, 719, 12206}},
    {"3r2/r2RRd/6/6/3Dr1/3R1r b 3 2", MANA_BLOCKED_PASS, {1, 7, 115, 4053, 64341}},
    {"2R3/1R1r2/Rr1R1r/6/1rDd2/2R3 w 1 0", MANA_BLOCKED_PASS, {1, 31, 513, 6925, 113866}},
    {"2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2", MANA_BLOCKED_PASS, {1, 12, 78, 572, 5683}},
    {"1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2", MANA_BLOCKED_PASS, {1, 23, 534, 5162, 88802}},
    /* [blocked=draw]: the blocked position is drawn at once */
    {"5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", MANA_BLOCKED_DRAW, {1, 0, 0, 0, 0}},
};

#define NCASES ((int)(sizeof cases / sizeof cases[0]))

/* Loop test: _i is the case; every depth 0..4 is checked, and the game is
 * unchanged by mana_perft (MFN and hash). */
START_TEST(perft_table)
{
    const struct perft_case *c = &cases[_i];
    static const int opts_pass[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_PASS, -1};
    static const int opts_draw[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, -1};
    mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, c->mfn,
                                c->blocked == MANA_BLOCKED_DRAW ? opts_draw : opts_pass);
    char before[MANA_MFN_MAX + 1], after[MANA_MFN_MAX + 1];
    tu_mfn(g, before);
    uint64_t h = mana_hash(g);
    for (int depth = 0; depth <= 4; depth++) {
        uint64_t leaves = 0;
        ck_assert_int_eq(mana_perft(g, depth, &leaves), MANA_OK);
        ck_assert_msg(leaves == c->leaves[depth], "%s depth %d: got %llu want %llu", c->mfn,
                      depth, (unsigned long long)leaves, (unsigned long long)c->leaves[depth]);
        ck_assert_str_eq(tu_mfn(g, after), before);
        ck_assert_uint_eq(mana_hash(g), h);
        ck_assert_int_eq(mana_history(g, NULL, 0), 0);
    }
    mana_free(g);
}
END_TEST

/* The same counts under cosmoludo rules: once a position is set, the two
 * presets play alike (RULES.md), so depth 3 agrees. */
START_TEST(perft_cosmoludo_same)
{
    for (int i = 0; i < NCASES; i++) {
        if (cases[i].blocked != MANA_BLOCKED_PASS)
            continue;
        mana_game *g = tu_game_opts(MANA_RULES_COSMOLUDO, cases[i].mfn, NULL);
        uint64_t leaves = 0;
        ck_assert_int_eq(mana_perft(g, 3, &leaves), MANA_OK);
        ck_assert_msg(leaves == cases[i].leaves[3], "%s: got %llu", cases[i].mfn,
                      (unsigned long long)leaves);
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
    tcase_add_loop_test(tc, perft_table, 0, NCASES);
    tcase_add_test(tc, perft_cosmoludo_same);
    tcase_add_test(tc, perft_blocked_loss);
    suite_add_tcase(s, tc);
    return s;
}
