/* SPDX-License-Identifier: MIT */
/*
 * Random games (issue 2, "Tests"): after every move the incremental hash
 * equals the hash of a fresh game set to the same MFN; play + undo of every
 * legal move restores the identical MFN, hash and status; every generated
 * move is accepted by mana_is_legal; format/parse round-trips every legal
 * move; undoing a whole game walks back through every recorded state.
 */
#include "testutil.h"

/* A snapshot of what undo must restore. */
struct snap {
    char mfn[MANA_MFN_MAX + 1]; /* "" during setup */
    uint64_t hash;
    int status, side, mana, orientation, reserve[2];
    char board[36];
};

static void take(const mana_game *g, struct snap *s)
{
    if (mana_get_position(g, s->mfn, sizeof s->mfn) < 0)
        s->mfn[0] = '\0';
    s->hash = mana_hash(g);
    s->status = mana_status(g);
    s->side = mana_side_to_move(g);
    s->mana = mana_mana(g);
    s->orientation = mana_orientation(g);
    s->reserve[0] = mana_reserve(g, MANA_WHITE);
    s->reserve[1] = mana_reserve(g, MANA_BLACK);
    for (int sq = 0; sq < 36; sq++)
        s->board[sq] = (char)mana_piece_at(g, sq);
}

static void same(const struct snap *a, const struct snap *b, const char *what)
{
    ck_assert_msg(strcmp(a->mfn, b->mfn) == 0, "%s: MFN %s != %s", what, a->mfn, b->mfn);
    ck_assert_msg(a->hash == b->hash, "%s: hash differs (%s)", what, a->mfn);
    ck_assert_msg(a->status == b->status, "%s: status %d != %d", what, a->status, b->status);
    ck_assert_int_eq(a->side, b->side);
    ck_assert_int_eq(a->mana, b->mana);
    ck_assert_int_eq(a->orientation, b->orientation);
    ck_assert_int_eq(a->reserve[0], b->reserve[0]);
    ck_assert_int_eq(a->reserve[1], b->reserve[1]);
    ck_assert_msg(memcmp(a->board, b->board, 36) == 0, "%s: board differs", what);
}

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
    struct snap before, after;
    take(g, &before);
    if (before.status != MANA_SETUP) {
        ck_assert_msg(before.mfn[0] != '\0', "no MFN in play");
        ck_assert_msg(fresh_hash(before.mfn) == before.hash, "incremental hash != from-scratch hash on %s", before.mfn);
    }
    mana_move m[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
    ck_assert_int_ge(n, 0);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), n);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(mana_is_legal(g, m[i]), 1);
        for (int j = 0; j < i; j++)
            ck_assert_msg(m[i] != m[j], "move %#x listed twice", (unsigned)m[i]);
        char text[MANA_MOVE_TEXT_MAX + 1];
        int len = mana_move_format(g, m[i], text, sizeof text);
        ck_assert_int_gt(len, 0);
        ck_assert_int_eq((int)strlen(text), len);
        mana_move back = MANA_MOVE_NONE;
        ck_assert_int_eq(mana_move_parse(g, text, &back), MANA_OK);
        ck_assert_msg(back == m[i], "parse(format(%#x) = \"%s\") = %#x", (unsigned)m[i], text, (unsigned)back);
        /* play and undo restore everything */
        ck_assert_int_eq(mana_play(g, m[i]), MANA_OK);
        ck_assert_int_eq(mana_undo(g), MANA_OK);
        take(g, &after);
        same(&before, &after, text);
    }
    if (n == 0)
        ck_assert_int_ge(before.status, MANA_WHITE_WON);
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

    struct snap *hist = malloc(sizeof *hist * (size_t)(max_plies + 1));
    ck_assert_ptr_nonnull(hist);
    int plies = 0;
    while (plies < max_plies) {
        check_state(g);
        take(g, &hist[plies]);
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
        take(g, &hist[plies]);
    int setup_moves = mana_history(g, NULL, 0) - plies; /* from mana_setup_random */
    /* a clone is equal and independent */
    mana_game *c = mana_clone(g);
    ck_assert_ptr_nonnull(c);
    struct snap sc, sg;
    take(c, &sc);
    take(g, &sg);
    same(&sc, &sg, "clone");
    ck_assert_int_eq(mana_history(c, NULL, 0), mana_history(g, NULL, 0));
    /* undo everything, comparing with the recorded states */
    for (int i = plies; i > 0; i--) {
        ck_assert_int_eq(mana_undo(g), MANA_OK);
        struct snap now;
        take(g, &now);
        same(&hist[i - 1], &now, "undo");
    }
    ck_assert_int_eq(mana_history(g, NULL, 0), setup_moves);
    /* the clone was not touched by those undos */
    take(c, &sg);
    same(&sc, &sg, "clone after undo of the original");
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

Suite *random_suite(void)
{
    Suite *s = suite_create("random");
    TCase *tc = tcase_create("random");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, random_games);
    tcase_add_test(tc, hash_covers_fields);
    suite_add_tcase(s, tc);
    return s;
}
