/* SPDX-License-Identifier: MIT */
/*
 * Perft (mana_perft; docs/rules.md "Perft"): every value of
 * tests/data/perft.txt, under its blocked rule.  Then mana_perft's
 * shortcuts: it copies positions instead of playing through the history,
 * counts the last ply without playing it, and counts the one before from
 * the parent.  These tests hold it to a perft that plays and takes back
 * every node through the public API (mana_legal_moves, mana_play,
 * mana_undo): on random positions under every combination of the options
 * that change the moves (reentry, reentry_when_blocked, blocked), with ply
 * limits and repetition draws that end games inside the tree, and across
 * the end of a setup.
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

/* ---- against a perft played through the API --------------------------- */
/* What the played perft met at its last ply, to show the shortcuts'
 * special cases were exercised. */
struct seen {
    unsigned long drops, passes, finished;
};

/* Returns the leaves below g at depth, every node played through the API. */
static uint64_t played_perft(mana_game *g, int depth, struct seen *s)
{
    if (depth == 0)
        return 1;
    mana_move m[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
    if (n < 0)
        ck_abort_msg("mana_legal_moves: %s", mana_strerror(n));
    s->finished += n == 0;
    uint64_t leaves = 0;
    for (int i = 0; i < n; i++) {
        s->drops += MANA_MOVE_KIND(m[i]) == MANA_MOVE_DROP_RONIN;
        s->passes += MANA_MOVE_KIND(m[i]) == MANA_MOVE_PASS;
        /* plain tests, not ck_assert: check reports each assertion through
         * a pipe, too slow for every node */
        if (mana_play(g, m[i]) != MANA_OK)
            ck_abort_msg("mana_play refused its own legal move: %s", mana_error_detail());
        leaves += played_perft(g, depth - 1, s);
        if (mana_undo(g) != MANA_OK)
            ck_abort_msg("mana_undo failed: %s", mana_error_detail());
    }
    return leaves;
}

/* Asserts mana_perft(g, depth) equals the played perft and leaves g as it
 * was (same MFN and hash); what names the case. */
static void same_perft(mana_game *g, int depth, struct seen *s, const char *what)
{
    uint64_t bulk = 0, hash = mana_hash(g);
    int moves = mana_history(g, NULL, 0);
    ck_assert_int_eq(mana_perft(g, depth, &bulk), MANA_OK);
    ck_assert_uint_eq(mana_hash(g), hash);
    ck_assert_int_eq(mana_history(g, NULL, 0), moves);
    uint64_t played = played_perft(g, depth, s);
    ck_assert_msg(bulk == played, "%s depth %d: mana_perft %llu, played %llu", what, depth, (unsigned long long)bulk,
                  (unsigned long long)played);
}

/* Random positions (tu_random_mfn: scattered pieces, reserves, no Mana one
 * time in eight, some finished) under each of the 12 combinations of
 * reentry x reentry_when_blocked x blocked, to depth 4 or 3. */
START_TEST(random_positions_every_option)
{
    uint64_t rng = 0xb01c0001u;
    struct seen s = {0, 0, 0};
    for (int combo = 0; combo < 12; combo++) {
        for (int k = 0; k < 60; k++) {
            char mfn[MANA_MFN_MAX + 1], what[160];
            tu_random_mfn(&rng, mfn);
            const int opts[] = {
                MANA_OPT_REENTRY, combo & 1, MANA_OPT_REENTRY_WHEN_BLOCKED, (combo >> 1) & 1, MANA_OPT_BLOCKED,
                combo >> 2,       -1};
            mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, mfn, opts);
            snprintf(what, sizeof what, "%s (reentry %d, when_blocked %d, blocked %d)", mfn, combo & 1,
                     (combo >> 1) & 1, combo >> 2);
            same_perft(g, k < 10 ? 4 : 3, &s, what);
            mana_free(g);
        }
    }
    /* The special cases of the shortcuts were met, many times over. */
    ck_assert_uint_gt(s.drops, 10000);
    ck_assert_uint_gt(s.finished, 100);
}
END_TEST

/* Around a blocked side: the blocked position of perft.txt (White: D a1,
 * R b1 a2 b2 c2 b3, every neighbour taken, reserve empty) with Black to
 * move first, so that many of Black's moves leave White blocked two plies
 * from the root (pass, or the end under blocked = draw / loss), under the
 * 12 combinations of the options, to depth 4. */
START_TEST(around_a_blocked_side)
{
    struct seen s = {0, 0, 0};
    for (int combo = 0; combo < 12; combo++)
        for (int mana = 1; mana <= 3; mana++) {
            char mfn[MANA_MFN_MAX + 1], what[96];
            snprintf(mfn, sizeof mfn, "5d/6/1r4/rRr3/RRRr2/DRr3 b %d 0", mana);
            const int opts[] = {
                MANA_OPT_REENTRY, combo & 1, MANA_OPT_REENTRY_WHEN_BLOCKED, (combo >> 1) & 1, MANA_OPT_BLOCKED,
                combo >> 2,       -1};
            mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, mfn, opts);
            snprintf(what, sizeof what, "%s, options %d", mfn, combo);
            same_perft(g, 4, &s, what);
            mana_free(g);
        }
    ck_assert_uint_gt(s.passes, 100);
}
END_TEST

/* The positions of perft.txt one ply deeper than the suite of perft.txt
 * goes (depth 4), under blocked = draw and reentry on the Mana's marks. */
START_TEST(perft_positions_other_options)
{
    static const char *const mfn[] = {
        "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0",
        "4rr/r1r3/6/3d2/RR2r1/RR2DR w 3 1",
        "r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1",
        "2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2",
    };
    struct seen s = {0, 0, 0};
    for (size_t i = 0; i < sizeof mfn / sizeof mfn[0]; i++) {
        const int opts[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, MANA_OPT_REENTRY, MANA_REENTRY_MANA_MARK, -1};
        mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, mfn[i], opts);
        same_perft(g, 4, &s, mfn[i]);
        mana_free(g);
    }
}
END_TEST

/* Plays n random moves from the current state (fewer if the game ends). */
static void random_moves(mana_game *g, uint64_t *rng, int n)
{
    mana_move m[MANA_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        int count = mana_legal_moves(g, m, MANA_MAX_MOVES);
        if (count <= 0)
            return;
        ck_assert_int_eq(mana_play(g, m[tu_below(rng, count)]), MANA_OK);
    }
}

/* A ply limit that ends the game inside the tree (limit - plies played in
 * 1..4 for a depth 4 tree) and one just beyond it: the history decides. */
START_TEST(ply_limit_inside_the_tree)
{
    uint64_t rng = 0xb01c0002u;
    struct seen s = {0, 0, 0};
    for (int k = 0; k < 20; k++) {
        int played = 6 + tu_below(&rng, 10), ahead = 1 + k % 5;
        mana_game *g = mana_new(k & 1);
        ck_assert_int_eq(mana_set_option(g, MANA_OPT_PLY_LIMIT, played + ahead), MANA_OK);
        ck_assert_int_eq(mana_setup_random(g, tu_rand(&rng)), MANA_OK);
        random_moves(g, &rng, played);
        char what[64];
        snprintf(what, sizeof what, "ply limit %d after %d plies", played + ahead, played);
        same_perft(g, 4, &s, what);
        mana_free(g);
    }
}
END_TEST

/* Repetition draws inside the tree: two lone Damyos walk back and forth,
 * so positions repeat within four plies. */
START_TEST(repetition_inside_the_tree)
{
    struct seen s = {0, 0, 0};
    for (int times = 2; times <= 3; times++) {
        const int opts[] = {MANA_OPT_REPETITION, times, -1};
        mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, "d5/6/6/6/6/5D b 2 0", opts);
        same_perft(g, 5, &s, times == 2 ? "repetition 2" : "repetition 3");
        mana_free(g);
    }
}
END_TEST

/* A perft that starts in setup and ends in play: the last placements,
 * then the first moves of the game. */
START_TEST(across_the_end_of_setup)
{
    uint64_t rng = 0xb01c0003u;
    struct seen s = {0, 0, 0};
    for (int preset = 0; preset < 2; preset++) {
        mana_game *g = mana_new(preset);
        /* jactalea: orientation + 12 placements; cosmoludo: 12 placements */
        random_moves(g, &rng, preset == MANA_RULES_JACTALEA ? 12 : 11);
        ck_assert_int_eq(mana_status(g), MANA_SETUP);
        same_perft(g, 4, &s, preset == MANA_RULES_JACTALEA ? "jactalea setup" : "cosmoludo setup");
        mana_free(g);
    }
}
END_TEST

Suite *perft_suite(void)
{
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("values");
    tcase_set_timeout(tc, 60);
    int n = 0;
    perft_cases(&n);
    tcase_add_test(tc, perft_file_read);
    tcase_add_loop_test(tc, perft_table, 0, n);
    tcase_add_test(tc, perft_cosmoludo_same);
    tcase_add_test(tc, perft_blocked_loss);
    suite_add_tcase(s, tc);
    tc = tcase_create("played");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, random_positions_every_option);
    tcase_add_test(tc, around_a_blocked_side);
    tcase_add_test(tc, perft_positions_other_options);
    tcase_add_test(tc, ply_limit_inside_the_tree);
    tcase_add_test(tc, repetition_inside_the_tree);
    tcase_add_test(tc, across_the_end_of_setup);
    suite_add_tcase(s, tc);
    return s;
}
