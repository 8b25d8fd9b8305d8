/* SPDX-License-Identifier: MIT */
/*
 * The library's move generator against the naive path-walking reference
 * (ref_movegen.c) on more than 10,000 positions, move by move: random MFN
 * positions and every state of random games (setup included) under both
 * presets and varied rule options.  Also ref_perft == mana_perft.
 */
#include "ref_movegen.h"
#include "testutil.h"

/* Positions compared so far by this process (a test's own count is what
 * is asserted; this is only for the message). */
struct tally {
    long positions;
    long moves;
    long setup;    /* setup states */
    long reentry;  /* play states with a re-entry among the moves */
    long pass;     /* states whose only move is pass */
    long finished; /* states with no move */
};

/* Describes the state of g for a failure message: the MFN, or the setup
 * move count. */
static const char *describe(const mana_game *g, char *buf, size_t size)
{
    char mfn[MANA_MFN_MAX + 1];
    if (mana_get_position(g, mfn, sizeof mfn) > 0) {
        snprintf(buf, size, "\"%s\" (history %d)", mfn, mana_history(g, NULL, 0));
        return buf;
    }
    snprintf(buf, size, "setup state after %d moves, orientation %d, side %d", mana_history(g, NULL, 0),
             mana_orientation(g), mana_side_to_move(g));
    return buf;
}

static int cmp_move(const void *a, const void *b)
{
    mana_move x = *(const mana_move *)a, y = *(const mana_move *)b;
    return x < y ? -1 : x > y;
}

/* Asserts that the library and the reference agree on g's legal moves;
 * every 8th call (by t->positions) also checks mana_is_legal over every
 * move value of a plausible shape. */
static void compare(const mana_game *g, struct tally *t, const char *opts)
{
    mana_move lib[MANA_MAX_MOVES], ref[4 * MANA_MAX_MOVES];
    int nl = mana_legal_moves(g, lib, MANA_MAX_MOVES);
    int nr = ref_legal_moves(g, ref, 4 * MANA_MAX_MOVES);
    char where[160];
    TU_CHECK(nl >= 0, "legal_moves failed (%d) on %s", nl, describe(g, where, sizeof where));
    TU_CHECK_INT_GE(nr, 0);
    qsort(lib, (size_t)nl, sizeof lib[0], cmp_move);
    int same = nl == nr;
    for (int i = 0; same && i < nl; i++)
        same = lib[i] == ref[i];
    if (!same) {
        char a[TU_LIST_MAX * 2] = "", b[TU_LIST_MAX * 2] = "";
        size_t la = 0, lb = 0;
        for (int i = 0; i < nl; i++)
            la += (size_t)snprintf(a + la, sizeof a - la, " %x:%d-%d", MANA_MOVE_KIND(lib[i]), MANA_MOVE_FROM(lib[i]),
                                   MANA_MOVE_TO(lib[i]));
        for (int i = 0; i < nr; i++)
            lb += (size_t)snprintf(b + lb, sizeof b - lb, " %x:%d-%d", MANA_MOVE_KIND(ref[i]), MANA_MOVE_FROM(ref[i]),
                                   MANA_MOVE_TO(ref[i]));
        ck_abort_msg("move lists differ on %s [%s]\n lib (%d):%s\n ref (%d):%s", describe(g, where, sizeof where), opts,
                     nl, a, nr, b);
    }
    /* No moves in play means a finished game. */
    if (nl == 0)
        TU_CHECK_INT_GE(mana_status(g), MANA_WHITE_WON);
    if ((t->positions & 7) == 0) {
        /* every step pair, both drops on every square, O0..O3, pass */
        int k = 0;
        for (int kind = MANA_MOVE_STEP; kind <= MANA_MOVE_PASS; kind++) {
            /* ascending mana_move order: kind, then to, then from */
            for (int to = 0; to < MANA_SQUARE_COUNT; to++) {
                if (kind == MANA_MOVE_PASS && to > 0)
                    break;
                for (int from = 0; from < MANA_SQUARE_COUNT; from++) {
                    if (kind != MANA_MOVE_STEP && from > 0)
                        break;
                    mana_move m = MANA_MOVE_MAKE(kind, from, to);
                    int in = k < nr && ref[k] == m;
                    if (in)
                        k++;
                    TU_CHECK(mana_is_legal(g, m) == in, "is_legal(%#x) != %d on %s", (unsigned)m, in,
                             describe(g, where, sizeof where));
                }
            }
        }
        TU_CHECK_INT_EQ(k, nr);
    }
    t->positions++;
    t->moves += nl;
    if (mana_status(g) == MANA_SETUP)
        t->setup++;
    else if (nl > 0 && MANA_MOVE_KIND(ref[nl - 1]) == MANA_MOVE_DROP_RONIN)
        t->reentry++; /* drops sort after steps */
    if (nl == 1 && ref[0] == MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0))
        t->pass++;
    if (nl == 0)
        t->finished++;
}

/* Random rule options for the play phase: reentry, reentry_when_blocked,
 * blocked.  Writes a short description to desc. */
static void random_play_options(mana_game *g, uint64_t *rng, char *desc, size_t size)
{
    int reentry = tu_below(rng, 3) == 0 ? MANA_REENTRY_MANA_MARK : MANA_REENTRY_ANY;
    int when = tu_below(rng, 3) == 0 ? 0 : 1;
    int blocked = tu_below(rng, 3);
    TU_CHECK_INT_EQ(mana_set_option(g, MANA_OPT_REENTRY, reentry), MANA_OK);
    TU_CHECK_INT_EQ(mana_set_option(g, MANA_OPT_REENTRY_WHEN_BLOCKED, when), MANA_OK);
    TU_CHECK_INT_EQ(mana_set_option(g, MANA_OPT_BLOCKED, blocked), MANA_OK);
    snprintf(desc, size, "reentry %d, when_blocked %d, blocked %d", reentry, when, blocked);
}

/* Draws random play options for g (described in opts), then a position
 * from make, sets g to it and compares. */
static void set_and_compare(mana_game *g, uint64_t *rng, void (*make)(uint64_t *, char *), struct tally *t, char *opts,
                            size_t size)
{
    char mfn[MANA_MFN_MAX + 1];
    random_play_options(g, rng, opts, size);
    make(rng, mfn);
    int rc = mana_set_position(g, mfn);
    TU_CHECK(rc == MANA_OK, "set_position(%s) = %d: %s", mfn, rc, mana_error_detail());
    compare(g, t, opts);
}

/* Random MFN positions: pieces scattered anywhere, any side, Mana and
 * orientation (tu_random_mfn), under random options. */
START_TEST(random_mfn_positions)
{
    uint64_t rng = 0x5eed0001u;
    struct tally t = {0, 0, 0, 0, 0, 0};
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    for (int i = 0; i < 6000; i++) {
        mana_free(g);
        g = mana_new(tu_below(&rng, 2));
        char opts[96];
        set_and_compare(g, &rng, tu_random_mfn, &t, opts, sizeof opts);
    }
    mana_free(g);
    ck_assert_int_gt(t.reentry, 100);
    ck_assert_int_gt(t.finished, 100);
    ck_assert_int_eq(t.positions, 6000);
}
END_TEST

/* Random games from the start of setup: every state is compared, the
 * next move is drawn from the library's list.  Options vary per game:
 * preset, orientation chosen or fixed, setup area, Damyo on a double, and
 * the play options.  Games stop at the end or after 160 plies. */
START_TEST(random_games)
{
    uint64_t rng = 0x5eed0002u;
    struct tally t = {0, 0, 0, 0, 0, 0};
    int games = 0, finished = 0;
    while (t.positions < 6000) {
        mana_game *g = mana_new(tu_below(&rng, 2));
        char opts[160];
        random_play_options(g, &rng, opts, sizeof opts);
        if (tu_below(&rng, 2)) {
            int orient = tu_below(&rng, 5) - 1;
            int area = tu_below(&rng, 2);
            int dbl = tu_below(&rng, 2);
            ck_assert_int_eq(mana_set_option(g, MANA_OPT_ORIENTATION, orient), MANA_OK);
            ck_assert_int_eq(mana_set_option(g, MANA_OPT_SETUP_AREA, area), MANA_OK);
            ck_assert_int_eq(mana_set_option(g, MANA_OPT_DAMYO_ON_DOUBLE, dbl), MANA_OK);
            size_t len = strlen(opts);
            snprintf(opts + len, sizeof opts - len, ", orientation %d, area %d, double %d", orient, area, dbl);
        }
        for (int ply = 0; ply < 173; ply++) {
            compare(g, &t, opts);
            mana_move m[MANA_MAX_MOVES];
            int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
            if (n <= 0)
                break;
            ck_assert_int_eq(mana_play(g, m[tu_below(&rng, n)]), MANA_OK);
        }
        if (mana_status(g) >= MANA_WHITE_WON)
            finished++;
        games++;
        mana_free(g);
    }
    ck_assert_int_gt(t.setup, 100);
    ck_assert_int_gt(t.reentry, 100);
    ck_assert_int_ge(t.positions, 6000);
    ck_assert_int_gt(finished, 0);
    ck_assert_int_gt(games, 10);
}
END_TEST

/*
 * Writes to out a crowded random MFN: both sides with all six pieces, packed
 * into a random rectangle of 12 to 16 squares (so reserves are empty and
 * blocked sides, passes and blocked draws/losses occur), any side to move,
 * Mana 1-3, any orientation.
 */
static void crowded_mfn(uint64_t *rng, char *out)
{
    static const int shapes[][2] = {{3, 4}, {4, 3}, {2, 6}, {6, 2}, {3, 5}, {5, 3}, {4, 4}};
    const int *wh = shapes[tu_below(rng, (int)(sizeof shapes / sizeof shapes[0]))];
    int x0 = tu_below(rng, 7 - wh[0]), y0 = tu_below(rng, 7 - wh[1]);
    char board[MANA_SQUARE_COUNT];
    memset(board, 0, sizeof board);
    static const char pieces[] = "DRRRRRdrrrrr";
    for (int i = 0; i < 12; i++) {
        int sq;
        do
            sq = 6 * (y0 + tu_below(rng, wh[1])) + x0 + tu_below(rng, wh[0]);
        while (board[sq] != 0);
        board[sq] = pieces[i];
    }
    size_t len = tu_board_field(board, out);
    snprintf(out + len, (size_t)(MANA_MFN_MAX + 1) - len, " %c %d %d", tu_below(rng, 2) ? 'w' : 'b',
             1 + tu_below(rng, 3), tu_below(rng, 4));
}

/* Crowded positions: blocked sides under the three blocked rules. */
START_TEST(crowded_positions)
{
    uint64_t rng = 0x5eed0004u;
    struct tally t = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 3000; i++) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        char opts[96];
        set_and_compare(g, &rng, crowded_mfn, &t, opts, sizeof opts);
        /* one random move on, to reach positions after a pass too */
        mana_move m[MANA_MAX_MOVES];
        int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
        if (n > 0) {
            ck_assert_int_eq(mana_play(g, m[tu_below(&rng, n)]), MANA_OK);
            compare(g, &t, opts);
        }
        mana_free(g);
    }
    ck_assert_int_gt(t.finished, 0);
    ck_assert_int_gt(t.reentry, 0);
}
END_TEST

/*
 * Blocked sides are rare at random (none in 200,000 random full boards), so
 * they are made on purpose: the perft.txt blocked position (White boxed in
 * on a1 b1 c1 a2 b2 c2 a3 b3 c3 b4 d2) with Black's Damyo moved to each of
 * the 25 empty squares (none touches a white piece), under each Mana and each blocked rule, and a
 * few random plies from there (pass, then Black bound by the old Mana).
 */
START_TEST(blocked_variants)
{
    uint64_t rng = 0x5eed0005u;
    struct tally t = {0, 0, 0, 0, 0, 0};
    /* the box with the Damyo square left as '.' */
    static const char box[36 + 1] = "DRr..."  /* rank 1: a1..f1 */
                                    "RRRr.."  /* rank 2 */
                                    "rRr..."  /* rank 3 */
                                    ".r...."  /* rank 4 */
                                    "......"  /* rank 5 */
                                    "......"; /* rank 6 */
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        if (box[sq] != '.')
            continue;
        for (int mana = 1; mana <= 3; mana++) {
            for (int blocked = 0; blocked < 3; blocked++) {
                char board[MANA_SQUARE_COUNT];
                memcpy(board, box, 36);
                board[sq] = 'd';
                char mfn[MANA_MFN_MAX + 1];
                size_t len = 0;
                for (int rank = 5; rank >= 0; rank--) {
                    int run = 0;
                    for (int file = 0; file < 6; file++) {
                        char p = board[6 * rank + file];
                        if (p == '.') {
                            run++;
                            continue;
                        }
                        if (run)
                            mfn[len++] = (char)('0' + run);
                        run = 0;
                        mfn[len++] = p;
                    }
                    if (run)
                        mfn[len++] = (char)('0' + run);
                    if (rank)
                        mfn[len++] = '/';
                }
                snprintf(mfn + len, sizeof mfn - len, " w %d 0", mana);
                mana_game *g = mana_new(MANA_RULES_JACTALEA);
                ck_assert_int_eq(mana_set_option(g, MANA_OPT_BLOCKED, blocked), MANA_OK);
                int rc = mana_set_position(g, mfn);
                ck_assert_msg(rc == MANA_OK, "set_position(%s) = %d", mfn, rc);
                char opts[32];
                snprintf(opts, sizeof opts, "blocked %d", blocked);
                /* White is blocked whatever the Mana: every white piece is
                 * boxed (see check_rules.c blocked_pass) */
                static const int status[3] = {MANA_PLAYING, MANA_DRAWN, MANA_BLACK_WON};
                ck_assert_int_eq(mana_status(g), status[blocked]);
                for (int ply = 0; ply < 4; ply++) {
                    compare(g, &t, opts);
                    mana_move m[MANA_MAX_MOVES];
                    int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
                    if (n <= 0)
                        break;
                    ck_assert_int_eq(mana_play(g, m[tu_below(&rng, n)]), MANA_OK);
                }
                mana_free(g);
            }
        }
    }
    ck_assert_int_ge(t.pass, 3 * 25);
    ck_assert_int_ge(t.finished, 2 * 3 * 25);
}
END_TEST

/* Random games from random MFN positions with few pieces (re-entries and
 * blocked sides are more frequent there). */
START_TEST(random_games_from_mfn)
{
    uint64_t rng = 0x5eed0003u;
    struct tally t = {0, 0, 0, 0, 0, 0};
    while (t.positions < 2000) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        char opts[96], mfn[MANA_MFN_MAX + 1];
        random_play_options(g, &rng, opts, sizeof opts);
        tu_random_mfn(&rng, mfn);
        ck_assert_int_eq(mana_set_position(g, mfn), MANA_OK);
        for (int ply = 0; ply < 60; ply++) {
            compare(g, &t, opts);
            mana_move m[MANA_MAX_MOVES];
            int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
            if (n <= 0)
                break;
            ck_assert_int_eq(mana_play(g, m[tu_below(&rng, n)]), MANA_OK);
        }
        mana_free(g);
    }
    ck_assert_int_gt(t.reentry, 100);
}
END_TEST

/* ref_perft (reference moves, library play/undo) against mana_perft at
 * depth 3 on perft.txt positions, and against the published values. */
START_TEST(ref_perft_matches)
{
    static const struct {
        const char *mfn;
        uint64_t d3;
    } pos[] = {
        {"rrdrrr/6/6/6/6/RRRDRR b - 0", 421},      {"6/rdrrrr/6/6/RRRRDR/6 b - 2", 1626},
        {"5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", 102},   {"2d3/6/2R1r1/1r4/3D2/6 b 3 3", 17239},
        {"d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1", 7206}, {"3r2/r2RRd/6/6/3Dr1/3R1r b 3 2", 4053},
    };
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        mana_game *g = tu_game(pos[i].mfn);
        uint64_t lib = 0;
        ck_assert_int_eq(mana_perft(g, 3, &lib), MANA_OK);
        uint64_t ref = ref_perft(g, 3);
        ck_assert_msg(ref == lib && ref == pos[i].d3, "%s: ref %llu lib %llu want %llu", pos[i].mfn,
                      (unsigned long long)ref, (unsigned long long)lib, (unsigned long long)pos[i].d3);
        mana_free(g);
    }
    /* and through a whole setup: the first three plies of jactalea and
     * cosmoludo (orientation x placements) */
    for (int preset = 0; preset < 2; preset++) {
        mana_game *g = mana_new(preset);
        uint64_t lib = 0;
        ck_assert_int_eq(mana_perft(g, 3, &lib), MANA_OK);
        ck_assert_uint_eq(ref_perft(g, 3), lib);
        mana_free(g);
    }
}
END_TEST

/* The reference itself, on the hand-checked start position (16 moves) and
 * with too small a buffer. */
START_TEST(ref_api)
{
    mana_game *g = tu_game("rrdrrr/6/6/6/6/RRRDRR b - 0");
    mana_move m[16];
    ck_assert_int_eq(ref_legal_moves(g, NULL, 0), 16);
    ck_assert_int_eq(ref_legal_moves(g, m, 16), 16);
    ck_assert_int_eq(ref_legal_moves(g, m, 15), -1);
    ck_assert_int_eq(ref_legal_moves(NULL, m, 16), -1);
    for (int i = 1; i < 16; i++)
        ck_assert_uint_lt(m[i - 1], m[i]);
    ck_assert_uint_eq(ref_perft(g, 0), 1);
    ck_assert_uint_eq(ref_perft(g, 2), 66);
    mana_free(g);
}
END_TEST

Suite *movegen_suite(void)
{
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("reference");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, ref_api);
    tcase_add_test(tc, random_mfn_positions);
    tcase_add_test(tc, random_games);
    tcase_add_test(tc, random_games_from_mfn);
    tcase_add_test(tc, crowded_positions);
    tcase_add_test(tc, blocked_variants);
    tcase_add_test(tc, ref_perft_matches);
    suite_add_tcase(s, tc);
    return s;
}
