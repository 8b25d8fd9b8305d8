/* SPDX-License-Identifier: MIT */
/*
 * Reach and Damyo threats (mana_pieces, mana_count_squares, mana_piece_reach, mana_reach_maps,
 * mana_reach_steps, mana_binding,
 * mana_reach_under, mana_damyo_capturable, mana_damyo_threats): positions
 * worked out by hand on the orientation-0 board of docs/rules.md, errors, and a
 * cross-check against mana_legal_moves on random positions, each colour
 * and Mana set through the MFN fields.
 *
 * Orientation 0 (rank 6 at the top, files a..f):
 *   6  2 2 3 1 2 2
 *   5  1 3 1 3 1 3
 *   4  3 1 2 2 3 1
 *   3  2 3 1 3 1 2
 *   2  2 1 3 1 3 2
 *   1  1 3 2 2 1 3
 */
#include "testutil.h"

/* The bitboard of a space-separated list of square names ("c4 b3"). */
static uint64_t sqs(const char *names)
{
    uint64_t b = 0;
    for (const char *p = names; *p; p++)
        if (*p >= 'a' && *p <= 'f') {
            b |= (uint64_t)1 << tu_sq(p);
            p++;
        }
    return b;
}

/*
 * "5d/6/6/6/R5/Rr3D w 1 0": White Ronins a1 (1 mark) and a2, White Damyo
 * f1, a Black Ronin on b1 (3 marks), Black's Damyo f6.
 * - a1 steps once: a2 holds a White Ronin, b1 a Black one: ends {b1}.
 * - b1 steps three times; a1 and a2 are occupied so every path leaves by
 *   c1 or b2: c1-d1-e1, c1-d1-d2, c1-c2-c3, c1-c2-b2, c1-c2-d2, b2-c2-c1,
 *   b2-c2-c3, b2-c2-d2, b2-b3-a3, b2-b3-b4, b2-b3-c3 (b2-a2 would cross a
 *   piece; a1 and a2 cannot be the third step).  Ends {e1 d2 c3 b2 c1 a3
 *   b4}.
 */
START_TEST(piece_reach_by_hand)
{
    mana_game *g = tu_game("5d/6/6/6/R5/Rr3D w 1 0");
    uint64_t e = 0;
    ck_assert_int_eq(mana_piece_reach(g, tu_sq("a1"), &e), MANA_OK);
    ck_assert_uint_eq(e, sqs("b1"));
    ck_assert_int_eq(mana_piece_reach(g, tu_sq("b1"), &e), MANA_OK);
    ck_assert_uint_eq(e, sqs("e1 d2 c3 b2 c1 a3 b4"));
    uint64_t d = 0, r = 0;
    ck_assert_int_eq(mana_pieces(g, MANA_WHITE, &d, &r), MANA_OK);
    ck_assert_uint_eq(d, sqs("f1"));
    ck_assert_uint_eq(r, sqs("a1 a2"));
    ck_assert_int_eq(mana_pieces(g, MANA_BLACK, &d, NULL), MANA_OK);
    ck_assert_uint_eq(d, sqs("f6"));
    mana_free(g);
}
END_TEST

/* mana_count_squares (mana.h, inline): the sets above by hand, the edges,
 * and a bit-by-bit count of random 64-bit values (bits above 35 included). */
START_TEST(count_squares)
{
    mana_game *g = tu_game("5d/6/6/6/R5/Rr3D w 1 0");
    uint64_t e = 0, r = 0;
    TU_CHECK_INT_EQ(mana_piece_reach(g, tu_sq("b1"), &e), MANA_OK);
    TU_CHECK_INT_EQ(mana_count_squares(e), 7); /* e1 d2 c3 b2 c1 a3 b4 */
    TU_CHECK_INT_EQ(mana_pieces(g, MANA_WHITE, NULL, &r), MANA_OK);
    TU_CHECK_INT_EQ(mana_count_squares(r), 2); /* a1 a2 */
    mana_free(g);
    TU_CHECK_INT_EQ(mana_count_squares(0), 0);
    TU_CHECK_INT_EQ(mana_count_squares(sqs("f6")), 1);
    TU_CHECK_INT_EQ(mana_count_squares(0xFFFFFFFFFULL), MANA_SQUARE_COUNT);
    TU_CHECK_INT_EQ(mana_count_squares(UINT64_MAX), 64);
    TU_CHECK_INT_EQ(mana_count_squares((uint64_t)1 << 63), 1);
    uint64_t rng = 36;
    for (int i = 0; i < 10000; i++) {
        uint64_t b = tu_rand(&rng);
        b &= tu_rand(&rng) >> (i % 64); /* sparse to dense */
        int n = 0;
        for (int bit = 0; bit < 64; bit++)
            n += (int)(b >> bit & 1);
        TU_CHECK_INT_EQ(mana_count_squares(b), n);
    }
}
END_TEST

/*
 * "6/6/2d3/R1R3/5R/4RD": White Ronins a3 (2 marks), c3 (1), e1 (1), f2 (2),
 * White Damyo f1 (3), boxed in by its own e1 and f2; Black's Damyo c4.
 *   a3: a4-b4, a4-a5, b3-b4, a2-b2, a2-a1, b3-b2 (b3-c3 own): {b4 a5 b2 a1}
 *   c3: one step to c4 (the Damyo), b3, d3, c2:              {c4 b3 d3 c2}
 *   e1: d1, e2 (f1 own):                                     {d1 e2}
 *   f2: f3-f4, f3-e3, e2-e3, e2-d2 (e2-e1 own):              {f4 e3 d2}
 *   f1: no step.
 * So White's maps: 1 mark {c4 b3 d3 c2 d1 e2}, 2 marks {b4 a5 b2 a1 f4 e3
 * d2}, 3 marks {}.
 */
#define BOXED "6/6/2d3/R1R3/5R/4RD"

START_TEST(reach_maps_by_hand)
{
    mana_game *g = tu_game(BOXED " w 3 0");
    uint64_t m[3];
    ck_assert_int_eq(mana_reach_maps(g, MANA_WHITE, m), MANA_OK);
    ck_assert_uint_eq(m[0], sqs("c4 b3 d3 c2 d1 e2"));
    ck_assert_uint_eq(m[1], sqs("b4 a5 b2 a1 f4 e3 d2"));
    ck_assert_uint_eq(m[2], 0);
    /* Black's Damyo on c4 (2 marks) is boxed by nothing: c4-b4, c4-d4,
     * c4-c5 and c3 holds a White Ronin (a capture) after one step, but it
     * moves two: b4-a4, b4-b5, b4-b3, d4-e4, d4-d5, d4-d3, c5-b5, c5-d5,
     * c5-c6 (c3 is never crossed: it is occupied). */
    ck_assert_int_eq(mana_reach_maps(g, MANA_BLACK, m), MANA_OK);
    ck_assert_uint_eq(m[0], 0);
    ck_assert_uint_eq(m[1], sqs("a4 b5 b3 e4 d5 d3 c6"));
    ck_assert_uint_eq(m[2], 0);
    mana_free(g);
}
END_TEST

/*
 * mana_reach_steps on BOXED: the maps above, and the ends counted.
 * White: 1 mark c3 (4) + e1 (2) = 6; 2 marks a3 (4) + f2 (3) = 7; 3 marks
 * the Damyo f1, boxed in: 0, and 0 Damyo steps.  Black: its Damyo c4 alone
 * on 2 marks, 7 ends: {0, 7, 0}, 7 Damyo steps.
 */
START_TEST(reach_steps_by_hand)
{
    mana_game *g = tu_game(BOXED " w 3 0");
    uint64_t m[3], maps[3];
    int steps[3], dn = -1;
    ck_assert_int_eq(mana_reach_steps(g, MANA_WHITE, m, steps, &dn), MANA_OK);
    ck_assert_int_eq(mana_reach_maps(g, MANA_WHITE, maps), MANA_OK);
    for (int k = 0; k < 3; k++)
        ck_assert_uint_eq(m[k], maps[k]);
    ck_assert_int_eq(steps[0], 6);
    ck_assert_int_eq(steps[1], 7);
    ck_assert_int_eq(steps[2], 0);
    ck_assert_int_eq(dn, 0);
    ck_assert_int_eq(mana_reach_steps(g, MANA_BLACK, m, steps, &dn), MANA_OK);
    ck_assert_uint_eq(m[1], sqs("a4 b5 b3 e4 d5 d3 c6"));
    ck_assert_int_eq(steps[0], 0);
    ck_assert_int_eq(steps[1], 7);
    ck_assert_int_eq(steps[2], 0);
    ck_assert_int_eq(dn, 7);
    mana_free(g);
}
END_TEST

/*
 * Same position, White to move.
 * - Mana 3: the bound f1 cannot step, so every piece may move (4 + 4 + 2
 *   + 3 = 13 steps) or a Ronin re-enter (White has 4 Ronins: reserve 1) on
 *   any of the 30 empty squares (six pieces on the board): 43 moves.  Without re-entry when blocked:
 *   13.
 * - Mana 2: a3 and f2 are bound and can step: 4 + 3 = 7, no re-entry.
 * - Mana 1: c3 and e1: 4 + 2 = 6, and c3xc4 takes the Damyo.
 */
START_TEST(reach_under_by_hand)
{
    mana_game *g = tu_game(BOXED " w 3 0");
    uint64_t to = 0, in = 0;
    uint64_t empty = ((uint64_t)1 << 36) - 1 - sqs("c4 a3 c3 f2 e1 f1");
    ck_assert_int_eq(mana_reach_under(g, MANA_WHITE, 3, &to, &in), 43);
    ck_assert_uint_eq(to, sqs("c4 b3 d3 c2 d1 e2 b4 a5 b2 a1 f4 e3 d2"));
    ck_assert_uint_eq(in, empty);
    ck_assert_int_eq(mana_reach_under(g, MANA_WHITE, 2, &to, &in), 7);
    ck_assert_uint_eq(to, sqs("b4 a5 b2 a1 f4 e3 d2"));
    ck_assert_uint_eq(in, 0);
    ck_assert_int_eq(mana_reach_under(g, MANA_WHITE, 1, NULL, NULL), 6);
    /* The exception frees c3 only because f1 is blocked: c3xc4 is legal. */
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("c3"), tu_sq("c4"))), 1);
    mana_free(g);
    static const int off[] = {MANA_OPT_REENTRY_WHEN_BLOCKED, 0, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, BOXED " w 3 0", off);
    ck_assert_int_eq(mana_reach_under(g, MANA_WHITE, 3, &to, &in), 13);
    ck_assert_uint_eq(in, 0);
    mana_free(g);
}
END_TEST

/*
 * mana_binding (the Mana exception, docs/rules.md "The Mana") on BOXED,
 * White to move, as reach_under_by_hand counts the moves:
 * - Mana 3: f1 is bound and blocked: any piece may step (13) or a Ronin
 *   re-enter (reserve 1): the exception with steps and re-entries; without
 *   re-entry when blocked, steps only.
 * - Mana 2: a3 and f2 are bound and can step: bound.
 * - No Mana yet, and the setup: 0.
 * "6/6/6/6/5r/3drD w 3 0": White's lone Damyo on f1 (3 marks) starts
 * every path through e1 or f2, Black Ronins (a capture ends a move): no
 * step; reserve 5: re-entries only; without them (and blocked = pass) the
 * exception alone, a pass its only move.
 */
START_TEST(binding_by_hand)
{
    static const int no_reentry[] = {MANA_OPT_REENTRY_WHEN_BLOCKED, 0, MANA_OPT_BLOCKED, MANA_BLOCKED_PASS, -1};
    const int exc = MANA_BINDING_EXCEPTION;
    mana_game *g = tu_game(BOXED " w 3 0");
    ck_assert_int_eq(mana_binding(g), exc | MANA_BINDING_STEPS | MANA_BINDING_REENTRY);
    mana_free(g);
    g = tu_game_opts(MANA_RULES_JACTALEA, BOXED " w 3 0", no_reentry);
    ck_assert_int_eq(mana_binding(g), exc | MANA_BINDING_STEPS);
    mana_free(g);
    g = tu_game(BOXED " w 2 0");
    ck_assert_int_eq(mana_binding(g), MANA_BINDING_BOUND);
    mana_free(g);
    g = tu_game(BOXED " w - 0");
    ck_assert_int_eq(mana_binding(g), 0);
    mana_free(g);
    g = tu_game("6/6/6/6/5r/3drD w 3 0");
    ck_assert_int_eq(mana_binding(g), exc | MANA_BINDING_REENTRY);
    mana_free(g);
    g = tu_game_opts(MANA_RULES_JACTALEA, "6/6/6/6/5r/3drD w 3 0", no_reentry);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    ck_assert_int_eq(mana_binding(g), exc);
    mana_move mv[MANA_MAX_MOVES];
    ck_assert_int_eq(mana_legal_moves(g, mv, MANA_MAX_MOVES), 1);
    ck_assert_int_eq(MANA_MOVE_KIND(mv[0]), MANA_MOVE_PASS);
    mana_free(g);
    g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_binding(g), 0); /* setup */
    mana_free(g);
    ck_assert_int_eq(mana_binding(NULL), MANA_EINVAL);
}
END_TEST

/*
 * mana_damyo_capturable on the same board.  White to move:
 * - Mana 3: f1 is bound and blocked, the exception frees c3: c3xc4 wins.
 * - Mana 2: a3 and f2 are bound and can step; neither reaches c4: no.
 * - Mana 1 and no Mana: c3 is bound (or every piece is): yes.
 * Black to move: Black has no capture of f1 (c4 is two steps from b4 /
 * d4 / c5 ... far from f1): no.
 */
START_TEST(damyo_capturable_by_hand)
{
    static const struct {
        const char *mfn;
        int want;
    } cases[] = {
        {BOXED " w 3 0", 1}, {BOXED " w 2 0", 0}, {BOXED " w 1 0", 1}, {BOXED " w - 0", 1}, {BOXED " b 2 0", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mana_game *g = tu_game(cases[i].mfn);
        ck_assert_msg(mana_damyo_capturable(g) == cases[i].want, "%s", cases[i].mfn);
        mana_free(g);
    }
}
END_TEST

/*
 * Threats against Black's Damyo (c4) with Black to move, for each Mana its
 * move could give White:
 * - 1: c3 and e1 are bound and can step; c3xc4: one threat.
 * - 2: a3 and f2 can step, neither reaches c4: none.
 * - 3: f1 is blocked, so every piece is free: c3xc4.
 * - 0 (any piece): c3xc4.
 */
START_TEST(damyo_threats_by_hand)
{
    mana_game *g = tu_game(BOXED " b 1 0");
    mana_move m[6];
    mana_move want = MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("c3"), tu_sq("c4"));
    static const int count[4] = {1, 1, 0, 1};
    for (int k = 0; k <= 3; k++) {
        ck_assert_int_eq(mana_damyo_threats(g, k, NULL, 0), count[k]);
        ck_assert_int_eq(mana_damyo_threats(g, k, m, 6), count[k]);
        if (count[k])
            ck_assert_uint_eq(m[0], want);
    }
    m[0] = MANA_MOVE_NONE;
    ck_assert_int_eq(mana_damyo_threats(g, 1, m, 0), MANA_ESPACE);
    ck_assert_uint_eq(m[0], MANA_MOVE_NONE);
    mana_free(g);
    /* White to move: Black's lone Damyo reaches neither f1 nor anything
     * near it, whatever the Mana. */
    g = tu_game(BOXED " w 1 0");
    for (int k = 0; k <= 3; k++)
        ck_assert_int_eq(mana_damyo_threats(g, k, NULL, 0), 0);
    mana_free(g);
}
END_TEST

START_TEST(errors)
{
    mana_game *g = tu_game(BOXED " w 3 0");
    uint64_t e, m[3];
    mana_move mv[6];
    ck_assert_int_eq(mana_pieces(NULL, 0, &e, &e), MANA_EINVAL);
    ck_assert_int_eq(mana_pieces(g, 2, &e, &e), MANA_EINVAL);
    ck_assert_int_eq(mana_piece_reach(NULL, 0, &e), MANA_EINVAL);
    ck_assert_int_eq(mana_piece_reach(g, -1, &e), MANA_EINVAL);
    ck_assert_int_eq(mana_piece_reach(g, 36, &e), MANA_EINVAL);
    ck_assert_int_eq(mana_piece_reach(g, tu_sq("a1"), &e), MANA_EINVAL); /* empty */
    ck_assert_int_eq(mana_piece_reach(g, tu_sq("c3"), NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_maps(NULL, 0, m), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_maps(g, -1, m), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_maps(g, 0, NULL), MANA_EINVAL);
    int steps[3] = {-1, -1, -1}, dn = -1;
    ck_assert_int_eq(mana_reach_steps(NULL, 0, m, steps, &dn), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_steps(g, 2, m, steps, &dn), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_steps(g, 0, NULL, steps, &dn), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_steps(g, 0, m, NULL, &dn), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_steps(g, 0, m, steps, NULL), MANA_EINVAL);
    ck_assert_str_eq(mana_error_detail(), "mana_reach_steps: damyo_steps is NULL");
    ck_assert_int_eq(steps[0] & steps[1] & steps[2] & dn, -1); /* nothing written */
    ck_assert_int_eq(mana_reach_under(NULL, 0, 1, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_under(g, 0, 4, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_under(g, 0, -1, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_reach_under(g, 3, 1, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_damyo_capturable(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_damyo_threats(NULL, 1, mv, 6), MANA_EINVAL);
    ck_assert_int_eq(mana_damyo_threats(g, 4, mv, 6), MANA_EINVAL);
    ck_assert_int_eq(mana_damyo_threats(g, 1, mv, -1), MANA_EINVAL);
    ck_assert_int_eq(mana_damyo_threats(g, 1, NULL, 3), MANA_EINVAL);
    ck_assert_str_ne(mana_error_detail(), "");
    mana_free(g);
    /* Setup: no Mana can bind; maps are empty, nothing is capturable. */
    g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_reach_under(g, 0, 1, NULL, NULL), MANA_ESTATE);
    ck_assert_int_eq(mana_damyo_threats(g, 1, NULL, 0), MANA_ESTATE);
    ck_assert_int_eq(mana_damyo_capturable(g), 0);
    ck_assert_int_eq(mana_reach_maps(g, MANA_BLACK, m), MANA_OK);
    ck_assert_uint_eq(m[0] | m[1] | m[2], 0);
    ck_assert_int_eq(mana_reach_steps(g, MANA_WHITE, m, steps, &dn), MANA_OK);
    ck_assert_uint_eq(m[0] | m[1] | m[2], 0);
    ck_assert_int_eq(steps[0] | steps[1] | steps[2] | dn, 0);
    mana_free(g);
}
END_TEST

/* Sets the side and Mana fields of mfn (board first) into out. */
static void with_side_mana(const char *mfn, int color, int mana, char *out)
{
    size_t b = strcspn(mfn, " ");
    snprintf(out, MANA_MFN_MAX + 1, "%.*s %c %c %c", (int)b, mfn, color == MANA_WHITE ? 'w' : 'b',
             mana ? '0' + mana : '-', mfn[strlen(mfn) - 1]);
}

/* Checks mana_reach_steps of colour on g against mana_reach_maps, the
 * legal moves under Mana mana (n of them, ending on to) when its bound
 * pieces can step, and the ends of its Damyo. */
static void cross_check_steps(const mana_game *g, int color, int mana, int n, uint64_t to, const char *what)
{
    uint64_t maps[3], m[3], d = 0, e = 0;
    int steps[3], dn;
    TU_CHECK_INT_EQ(mana_reach_steps(g, color, maps, steps, &dn), MANA_OK);
    TU_CHECK_INT_EQ(mana_reach_maps(g, color, m), MANA_OK);
    TU_CHECK(maps[0] == m[0] && maps[1] == m[1] && maps[2] == m[2], "%s: maps", what);
    if (mana > 0 && maps[mana - 1])
        TU_CHECK(steps[mana - 1] == n && maps[mana - 1] == to, "%s: steps under %d", what, mana);
    if (mana == 0)
        TU_CHECK(steps[0] + steps[1] + steps[2] == n || to == 0, "%s: every piece's steps", what);
    mana_pieces(g, color, &d, NULL);
    int sq = 0;
    while (d && !(d >> sq & 1))
        sq++;
    if (d)
        TU_CHECK_INT_EQ(mana_piece_reach(g, sq, &e), MANA_OK);
    TU_CHECK(dn == mana_count_squares(e), "%s: Damyo steps", what);
}

/* Compares the queries on g with mana_legal_moves of h, the same board
 * with colour to move under Mana mana. */
static void cross_check(const mana_game *g, const mana_game *h, int color, int mana, const char *what)
{
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(h, mv, MANA_MAX_MOVES);
    uint64_t to = 0, in = 0, their_d = 0, per[MANA_SQUARE_COUNT] = {0};
    mana_pieces(g, !color, &their_d, NULL);
    for (int i = 0; i < n; i++) {
        int kind = MANA_MOVE_KIND(mv[i]);
        if (kind == MANA_MOVE_STEP) {
            to |= (uint64_t)1 << MANA_MOVE_TO(mv[i]);
            per[MANA_MOVE_FROM(mv[i])] |= (uint64_t)1 << MANA_MOVE_TO(mv[i]);
        } else if (kind == MANA_MOVE_DROP_RONIN) {
            in |= (uint64_t)1 << MANA_MOVE_TO(mv[i]);
        }
    }
    uint64_t rto = 1, rin = 1;
    TU_CHECK(mana_reach_under(g, color, mana, &rto, &rin) == n, "%s: count", what);
    TU_CHECK(rto == to && rin == in, "%s: steps or drops differ", what);
    cross_check_steps(g, color, mana, n, to, what);
    /* Damyo captures among those moves = the threats seen from the
     * other side; the capture itself when it is the real turn. */
    mana_move thr[6];
    int nt = 0;
    for (int i = 0; i < n; i++)
        if (MANA_MOVE_KIND(mv[i]) == MANA_MOVE_STEP && ((uint64_t)1 << MANA_MOVE_TO(mv[i])) == their_d)
            thr[nt++] = mv[i];
    for (int i = 1; i < nt; i++) /* by attacker square, as documented */
        for (int j = i; j > 0 && MANA_MOVE_FROM(thr[j]) < MANA_MOVE_FROM(thr[j - 1]); j--) {
            mana_move t = thr[j];
            thr[j] = thr[j - 1];
            thr[j - 1] = t;
        }
    if (mana_side_to_move(g) != color) {
        mana_move got[6];
        TU_CHECK(mana_damyo_threats(g, mana, got, 6) == nt, "%s: threat count", what);
        for (int i = 0; i < nt; i++)
            TU_CHECK(got[i] == thr[i], "%s: threat %d", what, i);
    } else if (mana_mana(g) == mana && mana_status(g) == MANA_PLAYING) {
        TU_CHECK(mana_damyo_capturable(g) == (nt > 0), "%s: capturable", what);
    }
    /* With no Mana every piece is bound: each piece's steps are its reach. */
    if (mana == 0 && to)
        for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
            if (per[sq]) {
                uint64_t e = 0;
                TU_CHECK_INT_EQ(mana_piece_reach(g, sq, &e), MANA_OK);
                TU_CHECK(e == per[sq], "%s: reach of %d", what, sq);
            }
}

START_TEST(cross_check_random_positions)
{
    uint64_t rng = 0x5eed0013u;
    int checked = 0, threats = 0, capturable = 0;
    for (int i = 0; i < 3000; i++) {
        int opts[] = {MANA_OPT_REENTRY,
                      tu_below(&rng, 2),
                      MANA_OPT_REENTRY_WHEN_BLOCKED,
                      tu_below(&rng, 2),
                      MANA_OPT_BLOCKED,
                      tu_below(&rng, 3),
                      -1};
        char mfn[MANA_MFN_MAX + 1], other[MANA_MFN_MAX + 1];
        tu_random_mfn(&rng, mfn);
        mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, mfn, opts);
        capturable += mana_damyo_capturable(g) == 1;
        for (int color = 0; color < 2; color++)
            for (int mana = 0; mana <= 3; mana++) {
                uint64_t d = 0;
                mana_pieces(g, color, &d, NULL);
                with_side_mana(mfn, color, mana, other);
                mana_game *h = mana_new(MANA_RULES_JACTALEA);
                for (int k = 0; opts[k] >= 0; k += 2)
                    mana_set_option(h, opts[k], opts[k + 1]);
                /* a side to move without its Damyo is a finished game;
                 * the side that just moved may not lack it */
                if (d && mana_set_position(h, other) == MANA_OK) {
                    char what[128];
                    snprintf(what, sizeof what, "%s as %s", mfn, other);
                    cross_check(g, h, color, mana, what);
                    checked++;
                    threats += mana_side_to_move(g) != color && mana_damyo_threats(g, mana, NULL, 0) > 0;
                }
                mana_free(h);
            }
        mana_free(g);
    }
    TU_CHECK_INT_GT(checked, 15000);
    TU_CHECK_INT_GT(threats, 300);
    TU_CHECK_INT_GT(capturable, 100);
}
END_TEST

Suite *reach_suite(void)
{
    Suite *s = suite_create("reach");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, piece_reach_by_hand);
    tcase_add_test(tc, count_squares);
    tcase_add_test(tc, reach_maps_by_hand);
    tcase_add_test(tc, reach_steps_by_hand);
    tcase_add_test(tc, binding_by_hand);
    tcase_add_test(tc, reach_under_by_hand);
    tcase_add_test(tc, damyo_capturable_by_hand);
    tcase_add_test(tc, damyo_threats_by_hand);
    tcase_add_test(tc, errors);
    tcase_add_test(tc, cross_check_random_positions);
    suite_add_tcase(s, tc);
    return s;
}
