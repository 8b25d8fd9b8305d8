/* SPDX-License-Identifier: MIT */
/*
 * Every error path of the public API (issue 2, "Bad input"): NULL games and
 * buffers, tiny buffers, bad squares and colours, unknown options and
 * values, options after the first move, undo with no history, moves after
 * the end, illegal moves.  Each failure returns its code, sets a non-empty
 * detail, and leaves the game exactly as it was (MFN or setup state, hash,
 * history, status).
 */
#include <limits.h>

#include "testutil.h"

/* What must not change on a failure. */
struct state {
    char mfn[MANA_MFN_MAX + 1];
    uint64_t hash;
    int history, status, side, orientation;
};

static void grab(const mana_game *g, struct state *s)
{
    if (mana_get_position(g, s->mfn, sizeof s->mfn) < 0)
        s->mfn[0] = '\0';
    s->hash = mana_hash(g);
    s->history = mana_history(g, NULL, 0);
    s->status = mana_status(g);
    s->side = mana_side_to_move(g);
    s->orientation = mana_orientation(g);
}

/* Asserts that rc is err, the detail is set, and g is as in *before. */
#define FAILS_UNCHANGED(g, before, call, err)                                  \
    do {                                                                       \
        int rc_ = (call);                                                      \
        ck_assert_msg(rc_ == (err), "%s = %d, want %d", #call, rc_, (err));    \
        ck_assert_msg(mana_error_detail()[0] != '\0', "%s: no detail", #call); \
        struct state now_;                                                     \
        grab((g), &now_);                                                      \
        ck_assert_str_eq(now_.mfn, (before)->mfn);                             \
        ck_assert_uint_eq(now_.hash, (before)->hash);                          \
        ck_assert_int_eq(now_.history, (before)->history);                     \
        ck_assert_int_eq(now_.status, (before)->status);                       \
        ck_assert_int_eq(now_.side, (before)->side);                           \
        ck_assert_int_eq(now_.orientation, (before)->orientation);             \
    } while (0)

/* Every function with a NULL game. */
START_TEST(null_game)
{
    char buf[64];
    mana_move m[4];
    uint64_t leaves = 7;
    int v = 0;
    ck_assert_int_eq(mana_set_option(NULL, MANA_OPT_BLOCKED, 0), MANA_EINVAL);
    ck_assert_str_ne(mana_error_detail(), "");
    ck_assert_int_eq(mana_get_option(NULL, MANA_OPT_BLOCKED, &v), MANA_EINVAL);
    ck_assert_int_eq(mana_set_position(NULL, "rrdrrr/6/6/6/6/RRRDRR b - 0"), MANA_EINVAL);
    ck_assert_int_eq(mana_get_position(NULL, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_legal_moves(NULL, m, 4), MANA_EINVAL);
    ck_assert_int_eq(mana_legal_moves(NULL, NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_is_legal(NULL, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), MANA_EINVAL);
    ck_assert_int_eq(mana_play(NULL, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), MANA_EINVAL);
    ck_assert_int_eq(mana_play_str(NULL, "pass"), MANA_EINVAL);
    ck_assert_int_eq(mana_undo(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_history(NULL, NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_move_parse(NULL, "pass", m), MANA_EINVAL);
    ck_assert_int_eq(mana_move_format(NULL, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0), buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_status(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_side_to_move(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_piece_at(NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_marks_at(NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_orientation(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_mana(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_reserve(NULL, MANA_WHITE), MANA_EINVAL);
    ck_assert_uint_eq(mana_hash(NULL), 0);
    ck_assert_int_eq(mana_setup_random(NULL, 1), MANA_EINVAL);
    ck_assert_int_eq(mana_perft(NULL, 1, &leaves), MANA_EINVAL);
    ck_assert_uint_eq(leaves, 7);
    ck_assert_ptr_null(mana_clone(NULL));
    mana_free(NULL);
}
END_TEST

/* NULL buffers and bad sizes with a valid game. */
START_TEST(null_buffers)
{
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    struct state before;
    grab(g, &before);
    mana_move m[8];
    FAILS_UNCHANGED(g, &before, mana_get_option(g, MANA_OPT_BLOCKED, NULL), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_set_position(g, NULL), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_get_position(g, NULL, 48), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_legal_moves(g, NULL, 4), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_legal_moves(g, m, -1), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_history(g, NULL, 3), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_history(g, m, -1), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, NULL), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_move_parse(g, NULL, m), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_move_parse(g, "f1xf4", NULL), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_move_format(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 5, 23), NULL, 8), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_perft(g, 2, NULL), MANA_EINVAL);
    mana_free(g);
}
END_TEST

/* Tiny buffers: MANA_ESPACE, nothing written. */
START_TEST(tiny_buffers)
{
    /* six legal moves: f1-c1 f1-d2 f1-e1 f1-e3 f1-f2 f1xf4 */
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    struct state before;
    grab(g, &before);
    mana_move m[8];
    for (int i = 0; i < 8; i++)
        m[i] = 0xabcdu;
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 6);
    FAILS_UNCHANGED(g, &before, mana_legal_moves(g, m, 5), MANA_ESPACE);
    FAILS_UNCHANGED(g, &before, mana_legal_moves(g, m, 0), MANA_ESPACE);
    for (int i = 0; i < 8; i++)
        ck_assert_uint_eq(m[i], 0xabcdu);
    ck_assert_int_eq(mana_legal_moves(g, m, 6), 6);
    ck_assert_uint_eq(m[6], 0xabcdu);

    tu_play(g, "f1xf4");
    tu_play(g, "R@c3");
    grab(g, &before);
    for (int i = 0; i < 8; i++)
        m[i] = 0xabcdu;
    FAILS_UNCHANGED(g, &before, mana_history(g, m, 1), MANA_ESPACE);
    ck_assert_uint_eq(m[0], 0xabcdu);
    ck_assert_int_eq(mana_history(g, m, 2), 2);
    ck_assert_uint_eq(m[0], MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("f1"), tu_sq("f4")));
    ck_assert_uint_eq(m[1], MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, tu_sq("c3")));

    char buf[8] = "zzzzzzz";
    FAILS_UNCHANGED(g, &before, mana_get_position(g, buf, 5), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    FAILS_UNCHANGED(g, &before, mana_move_format(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("f4"), tu_sq("f5")), buf, 5),
                    MANA_ESPACE);
    mana_free(g);
}
END_TEST

/* Bad squares and colours. */
START_TEST(bad_squares_and_colours)
{
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    static const int bad[] = {-1, 36, 37, 63, 64, 1000, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(mana_piece_at(g, bad[i]), MANA_EINVAL);
        ck_assert_int_eq(mana_marks_at(g, bad[i]), MANA_EINVAL);
    }
    ck_assert_int_eq(mana_piece_at(g, 35), 0);
    ck_assert_int_eq(mana_piece_at(g, 0), 'D');
    ck_assert_int_eq(mana_marks_at(g, 35), 2);
    ck_assert_int_eq(mana_reserve(g, -1), MANA_EINVAL);
    ck_assert_int_eq(mana_reserve(g, 2), MANA_EINVAL);
    ck_assert_str_ne(mana_error_detail(), "");
    ck_assert_int_eq(mana_reserve(g, MANA_BLACK), 4);
    mana_free(g);
}
END_TEST

/* Unknown presets and options, values out of range. */
START_TEST(bad_presets_and_options)
{
    ck_assert_ptr_null(mana_new(-1));
    ck_assert_ptr_null(mana_new(2));
    ck_assert_ptr_null(mana_new(INT_MAX));
    ck_assert_str_ne(mana_error_detail(), "");

    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    struct state before;
    grab(g, &before);
    int v = 12345;
    FAILS_UNCHANGED(g, &before, mana_set_option(g, -1, 0), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_set_option(g, MANA_OPTION_COUNT, 0), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_get_option(g, -1, &v), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_get_option(g, MANA_OPTION_COUNT, &v), MANA_EINVAL);
    ck_assert_int_eq(v, 12345);
    static const struct {
        int option, value;
    } bad[] = {
        {MANA_OPT_ORIENTATION, -2},
        {MANA_OPT_ORIENTATION, 4},
        {MANA_OPT_SETUP_AREA, -1},
        {MANA_OPT_SETUP_AREA, 2},
        {MANA_OPT_DAMYO_ON_DOUBLE, -1},
        {MANA_OPT_DAMYO_ON_DOUBLE, 2},
        {MANA_OPT_REENTRY, -1},
        {MANA_OPT_REENTRY, 2},
        {MANA_OPT_REENTRY_WHEN_BLOCKED, -1},
        {MANA_OPT_REENTRY_WHEN_BLOCKED, 2},
        {MANA_OPT_BLOCKED, -1},
        {MANA_OPT_BLOCKED, 3},
        {MANA_OPT_REPETITION, -1},
        {MANA_OPT_REPETITION, 1},
        {MANA_OPT_REPETITION, 1000001},
        {MANA_OPT_PLY_LIMIT, -1},
        {MANA_OPT_PLY_LIMIT, 1000000001},
        {MANA_OPT_PLY_LIMIT, INT_MIN},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int old = 0;
        ck_assert_int_eq(mana_get_option(g, bad[i].option, &old), MANA_OK);
        FAILS_UNCHANGED(g, &before, mana_set_option(g, bad[i].option, bad[i].value), MANA_EINVAL);
        ck_assert_int_eq(mana_get_option(g, bad[i].option, &v), MANA_OK);
        ck_assert_int_eq(v, old);
    }
    /* the bounds themselves are fine */
    static const struct {
        int option, value;
    } good[] = {
        {MANA_OPT_ORIENTATION, -1},       {MANA_OPT_ORIENTATION, 3}, {MANA_OPT_REPETITION, 2},
        {MANA_OPT_REPETITION, 1000000},   {MANA_OPT_REPETITION, 0},  {MANA_OPT_PLY_LIMIT, 1},
        {MANA_OPT_PLY_LIMIT, 1000000000}, {MANA_OPT_PLY_LIMIT, 0},   {MANA_OPT_BLOCKED, 2},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_assert_int_eq(mana_set_option(g, good[i].option, good[i].value), MANA_OK);
        ck_assert_int_eq(mana_get_option(g, good[i].option, &v), MANA_OK);
        ck_assert_int_eq(v, good[i].value);
    }
    mana_free(g);
}
END_TEST

/* Options may change only while the history is empty. */
START_TEST(options_after_first_move)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    tu_play(g, "O0");
    struct state before;
    grab(g, &before);
    FAILS_UNCHANGED(g, &before, mana_set_option(g, MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW), MANA_ESTATE);
    FAILS_UNCHANGED(g, &before, mana_set_option(g, MANA_OPT_ORIENTATION, 2), MANA_ESTATE);
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
    grab(g, &before);
    FAILS_UNCHANGED(g, &before, mana_set_option(g, MANA_OPT_REPETITION, 0), MANA_ESTATE);
    FAILS_UNCHANGED(g, &before, mana_set_option(g, MANA_OPT_PLY_LIMIT, 10), MANA_ESTATE);
    mana_free(g);
}
END_TEST

/* Undo with nothing to undo. */
START_TEST(undo_empty_history)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    struct state before;
    grab(g, &before);
    FAILS_UNCHANGED(g, &before, mana_undo(g), MANA_ENOHISTORY);
    /* set_position clears the history: the moves before it cannot be undone */
    tu_play(g, "D@a6");
    ck_assert_int_eq(mana_set_position(g, "d5/6/5r/6/6/D4R w 3 0"), MANA_OK);
    ck_assert_int_eq(mana_history(g, NULL, 0), 0);
    grab(g, &before);
    FAILS_UNCHANGED(g, &before, mana_undo(g), MANA_ENOHISTORY);
    tu_play(g, "f1-c1");
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    FAILS_UNCHANGED(g, &before, mana_undo(g), MANA_ENOHISTORY);
    mana_free(g);
}
END_TEST

/* Moves after the end of the game, by Damyo capture and by draw. */
START_TEST(move_after_game_over)
{
    mana_game *g = tu_game("6/6/5d/6/6/D4R w 3 0");
    tu_play(g, "f1xf4");
    struct state before;
    grab(g, &before);
    ck_assert_int_eq(before.status, MANA_WHITE_WON);
    FAILS_UNCHANGED(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14)), MANA_EOVER);
    FAILS_UNCHANGED(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), MANA_EOVER);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "R@c3"), MANA_EOVER);
    FAILS_UNCHANGED(g, &before, mana_setup_random(g, 3), MANA_ESTATE);
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 0);
    uint64_t leaves = 9;
    ck_assert_int_eq(mana_perft(g, 2, &leaves), MANA_OK);
    ck_assert_uint_eq(leaves, 0);
    mana_free(g);

    static const int draw[] = {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", draw);
    grab(g, &before);
    FAILS_UNCHANGED(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), MANA_EOVER);
    FAILS_UNCHANGED(g, &before, mana_undo(g), MANA_ENOHISTORY);
    mana_free(g);
}
END_TEST

/* Illegal moves of every shape: MANA_EILLEGAL with a detail, game unchanged,
 * mana_is_legal 0.  In play, then in setup. */
START_TEST(illegal_moves)
{
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    tu_play(g, "f1-e1"); /* e1 has 1 mark: Black is bound by 1 */
    tu_play(g, "f4-f5"); /* Black's r f4 (1 mark) is bound; f5 has 3 */
    /* White: Mana 3; no white piece on a 3 (a1 1, e1 1): any piece or a
     * re-entry */
    struct state before;
    grab(g, &before);
    static const mana_move bad[] = {
        MANA_MOVE_NONE,
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 0),        /* a1 to itself */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 2),        /* a1 two steps: too far */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 4, 0),        /* e1 to a1: own piece */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 29, 28),      /* f5: Black's piece */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 17, 23),      /* no piece on f3 */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 40, 1),       /* from beyond the board */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 50),       /* to beyond the board */
        MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 0),  /* occupied */
        MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 36), /* off the board */
        MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 5, 14), /* drop with a from */
        MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, 14), /* a Damyo never returns */
        MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 1),      /* not in setup */
        MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0),        /* not blocked */
        MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 1),
        MANA_MOVE_MAKE(0, 0, 14),
        MANA_MOVE_MAKE(6, 0, 14),
        MANA_MOVE_MAKE(7, 3, 14),
        MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14) | (1u << 15), /* stray bits */
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 6) | 0x80000000u,
        0xffffffffu,
    };
    /* a1-a2 and R@c3 are legal: the masks above must not slip through */
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 6)), 1);
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14)), 1);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(mana_is_legal(g, bad[i]) == 0, "is_legal(%#x)", (unsigned)bad[i]);
        FAILS_UNCHANGED(g, &before, mana_play(g, bad[i]), MANA_EILLEGAL);
    }
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "a1-a3"), MANA_EILLEGAL);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "D@c3"), MANA_EILLEGAL);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "a1-a2-a3"), MANA_EPARSE);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, ""), MANA_EPARSE);
    mana_free(g);

    /* setup */
    g = mana_new(MANA_RULES_JACTALEA);
    grab(g, &before);
    FAILS_UNCHANGED(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 4)), MANA_EILLEGAL);
    FAILS_UNCHANGED(g, &before, mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, 31)), MANA_EILLEGAL);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "pass"), MANA_EILLEGAL);
    tu_play(g, "O0");
    grab(g, &before);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "O1"), MANA_EILLEGAL);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "R@a1"), MANA_EILLEGAL);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "a6-a5"), MANA_EILLEGAL);
    FAILS_UNCHANGED(g, &before, mana_play_str(g, "pass"), MANA_EILLEGAL);
    mana_free(g);
}
END_TEST

/* Bad MFN: the game is unchanged (more cases in check_notation.c). */
START_TEST(bad_mfn_unchanged)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    tu_play(g, "D@a6");
    struct state before;
    grab(g, &before);
    FAILS_UNCHANGED(g, &before, mana_set_position(g, "rrdrrr/6/6/6/6/RRRDRR b - 9"), MANA_EPARSE);
    char buf[MANA_MFN_MAX + 1];
    FAILS_UNCHANGED(g, &before, mana_get_position(g, buf, sizeof buf), MANA_ESTATE);
    mana_free(g);
}
END_TEST

/* perft and setup_random argument checks. */
START_TEST(perft_and_setup_random_errors)
{
    mana_game *g = tu_game("rrdrrr/6/6/6/6/RRRDRR b - 0");
    struct state before;
    grab(g, &before);
    uint64_t leaves = 77;
    FAILS_UNCHANGED(g, &before, mana_perft(g, -1, &leaves), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_perft(g, 65, &leaves), MANA_EINVAL);
    FAILS_UNCHANGED(g, &before, mana_perft(g, INT_MIN, &leaves), MANA_EINVAL);
    ck_assert_uint_eq(leaves, 77);
    ck_assert_int_eq(mana_perft(g, 0, &leaves), MANA_OK);
    ck_assert_uint_eq(leaves, 1);
    FAILS_UNCHANGED(g, &before, mana_setup_random(g, 1), MANA_ESTATE);
    mana_free(g);
}
END_TEST

/* mana_strerror: one message per code, "unknown error" otherwise; the
 * detail is per thread and names the problem. */
START_TEST(strerror_and_detail)
{
#define CHECK_MSG(name, value, msg) ck_assert_str_eq(mana_strerror(value), msg);
    MANA_ERROR_LIST(CHECK_MSG)
#undef CHECK_MSG
    ck_assert_int_eq(MANA_OK, 0);
    ck_assert_int_eq(MANA_EINVAL, -1);
    ck_assert_int_eq(MANA_EILLEGAL, -2);
    ck_assert_int_eq(MANA_EPARSE, -3);
    ck_assert_int_eq(MANA_EOVER, -4);
    ck_assert_int_eq(MANA_ENOHISTORY, -5);
    ck_assert_int_eq(MANA_ENOMEM, -6);
    ck_assert_int_eq(MANA_ESPACE, -7);
    ck_assert_int_eq(MANA_ESTATE, -8);
    static const int unknown[] = {1, -9, 100, -100, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        ck_assert_str_eq(mana_strerror(unknown[i]), "unknown error");
    /* the detail is one line */
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    ck_assert_int_eq(mana_play_str(g, "a1-a2"), MANA_EILLEGAL);
    const char *d = mana_error_detail();
    ck_assert_ptr_nonnull(d);
    ck_assert_str_ne(d, "");
    ck_assert_ptr_null(strchr(d, '\n'));
    mana_free(g);
}
END_TEST

Suite *errors_suite(void)
{
    Suite *s = suite_create("errors");
    TCase *tc = tcase_create("errors");
    tcase_add_test(tc, null_game);
    tcase_add_test(tc, null_buffers);
    tcase_add_test(tc, tiny_buffers);
    tcase_add_test(tc, bad_squares_and_colours);
    tcase_add_test(tc, bad_presets_and_options);
    tcase_add_test(tc, options_after_first_move);
    tcase_add_test(tc, undo_empty_history);
    tcase_add_test(tc, move_after_game_over);
    tcase_add_test(tc, illegal_moves);
    tcase_add_test(tc, bad_mfn_unchanged);
    tcase_add_test(tc, perft_and_setup_random_errors);
    tcase_add_test(tc, strerror_and_detail);
    suite_add_tcase(s, tc);
    return s;
}
