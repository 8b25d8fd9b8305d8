/* SPDX-License-Identifier: MIT */
/*
 * Error codes and argument checks across the API (mana.h "Errors"): a NULL
 * game, NULL and tiny buffers, squares, colours and perft depths out of
 * range: each call returns its code, writes a fresh one-line detail and
 * leaves the game exactly as it was; mana_strerror's messages and
 * mana_error_detail.
 */
#include <limits.h>

#include "testutil.h"


/* Every function with a NULL game, with pass moves and text. */
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
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    mana_move m[8];
    tu_refused(g, &before, mana_get_option(g, MANA_OPT_BLOCKED, NULL), MANA_EINVAL);
    tu_refused(g, &before, mana_set_position(g, NULL), MANA_EINVAL);
    tu_refused(g, &before, mana_get_position(g, NULL, 48), MANA_EINVAL);
    tu_refused(g, &before, mana_legal_moves(g, NULL, 4), MANA_EINVAL);
    tu_refused(g, &before, mana_legal_moves(g, m, -1), MANA_EINVAL);
    tu_refused(g, &before, mana_history(g, NULL, 3), MANA_EINVAL);
    tu_refused(g, &before, mana_history(g, m, -1), MANA_EINVAL);
    tu_refused(g, &before, mana_play_str(g, NULL), MANA_EINVAL);
    tu_refused(g, &before, mana_move_parse(g, NULL, m), MANA_EINVAL);
    tu_refused(g, &before, mana_move_parse(g, "f1xf4", NULL), MANA_EINVAL);
    tu_refused(g, &before, mana_move_format(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 5, 23), NULL, 8), MANA_EINVAL);
    tu_refused(g, &before, mana_perft(g, 2, NULL), MANA_EINVAL);
    mana_free(g);
}
END_TEST

/* Tiny buffers: MANA_ESPACE, nothing written. */
START_TEST(tiny_buffers)
{
    /* six legal moves: f1-c1 f1-d2 f1-e1 f1-e3 f1-f2 f1xf4 */
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    mana_move m[8];
    for (int i = 0; i < 8; i++)
        m[i] = 0xabcdu;
    ck_assert_int_eq(mana_legal_moves(g, NULL, 0), 6);
    tu_refused(g, &before, mana_legal_moves(g, m, 5), MANA_ESPACE);
    tu_refused(g, &before, mana_legal_moves(g, m, 0), MANA_ESPACE);
    for (int i = 0; i < 8; i++)
        ck_assert_uint_eq(m[i], 0xabcdu);
    ck_assert_int_eq(mana_legal_moves(g, m, 6), 6);
    ck_assert_uint_eq(m[6], 0xabcdu);

    tu_play(g, "f1xf4");
    tu_play(g, "R@c3");
    inv_snapshot_take(g, &before);
    for (int i = 0; i < 8; i++)
        m[i] = 0xabcdu;
    tu_refused(g, &before, mana_history(g, m, 1), MANA_ESPACE);
    ck_assert_uint_eq(m[0], 0xabcdu);
    ck_assert_int_eq(mana_history(g, m, 2), 2);
    ck_assert_uint_eq(m[0], MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("f1"), tu_sq("f4")));
    ck_assert_uint_eq(m[1], MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, tu_sq("c3")));

    char buf[8] = "zzzzzzz";
    tu_refused(g, &before, mana_get_position(g, buf, 5), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    tu_refused(g, &before, mana_move_format(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("f4"), tu_sq("f5")), buf, 5),
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


/* perft and setup_random argument checks. */
START_TEST(perft_and_setup_random_errors)
{
    mana_game *g = tu_game("rrdrrr/6/6/6/6/RRRDRR b - 0");
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    uint64_t leaves = 77;
    tu_refused(g, &before, mana_perft(g, -1, &leaves), MANA_EINVAL);
    tu_refused(g, &before, mana_perft(g, 65, &leaves), MANA_EINVAL);
    tu_refused(g, &before, mana_perft(g, INT_MIN, &leaves), MANA_EINVAL);
    ck_assert_uint_eq(leaves, 77);
    ck_assert_int_eq(mana_perft(g, 0, &leaves), MANA_OK);
    ck_assert_uint_eq(leaves, 1);
    tu_refused(g, &before, mana_setup_random(g, 1), MANA_ESTATE);
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

/* NULL for the game with orientation moves and text (a game in setup would
 * take them): MANA_EINVAL.  The calls that take no move are in null_game. */
START_TEST(null_game_orientation_moves)
{
    char buf[64];
    mana_move m = 0;
    ck_assert_int_eq(mana_is_legal(NULL, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0)), MANA_EINVAL);
    ck_assert_int_eq(mana_play(NULL, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0)), MANA_EINVAL);
    ck_assert_int_eq(mana_play_str(NULL, "O0"), MANA_EINVAL);
    ck_assert_int_eq(mana_move_parse(NULL, "O0", &m), MANA_EINVAL);
    ck_assert_int_eq(mana_move_format(NULL, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0), buf, 8), MANA_EINVAL);
    ck_assert(mana_error_detail()[0] != '\0');
}
END_TEST

/* NULL buffers and text on a real game: MANA_EINVAL, game unchanged. */
START_TEST(null_buffers_in_play)
{
    mana_game *g = tu_game_in_play();
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    mana_move m = MANA_MOVE_NONE;
    uint64_t leaves = 0;
    tu_refused(g, &before, mana_set_position(g, NULL), MANA_EINVAL);
    tu_refused(g, &before, mana_get_position(g, NULL, 64), MANA_EINVAL);
    tu_refused(g, &before, mana_get_position(g, NULL, 0), MANA_EINVAL);
    tu_refused(g, &before, mana_legal_moves(g, NULL, 1), MANA_EINVAL);
    tu_refused(g, &before, mana_history(g, NULL, 1), MANA_EINVAL);
    tu_refused(g, &before, mana_play_str(g, NULL), MANA_EINVAL);
    tu_refused(g, &before, mana_move_parse(g, NULL, &m), MANA_EINVAL);
    tu_refused(g, &before, mana_move_parse(g, "a6-a5", NULL), MANA_EINVAL);
    tu_refused(g, &before, mana_move_format(g, before.moves[0], NULL, 8), MANA_EINVAL);
    tu_refused(g, &before, mana_get_option(g, MANA_OPT_BLOCKED, NULL), MANA_EINVAL);
    tu_refused(g, &before, mana_perft(g, 1, NULL), MANA_EINVAL);
    ck_assert(m == MANA_MOVE_NONE);
    ck_assert(leaves == 0);
    mana_free(g);
}
END_TEST

/* Zero and tiny buffer sizes: MANA_ESPACE, nothing beyond the size written;
 * the exact size needed works. */
START_TEST(tiny_buffers_every_size)
{
    mana_game *g = tu_game_in_play();
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    char buf[64];
    int len = before.mfn_rc;
    ck_assert_int_gt(len, 0);
    for (int size = 0; size <= len; size++) {
        memset(buf, 'Z', sizeof buf);
        tu_refused(g, &before, mana_get_position(g, buf, (size_t)size), MANA_ESPACE);
        if (size > 0)
            ck_assert_int_eq(buf[0], '\0'); /* "" when size > 0 */
        for (int i = size; i < (int)sizeof buf; i++)
            ck_assert_int_eq(buf[i], 'Z');
    }
    ck_assert_int_eq(mana_get_position(g, buf, (size_t)len + 1), len);
    ck_assert_str_eq(buf, before.mfn);

    /* move text: "a4-b4"-like texts need 6 bytes with the NUL */
    mana_move m = before.moves[0];
    char text[8];
    int tlen = mana_move_format(g, m, text, sizeof text);
    ck_assert_int_gt(tlen, 0);
    for (int size = 0; size <= tlen; size++) {
        memset(buf, 'Z', sizeof buf);
        tu_refused(g, &before, mana_move_format(g, m, buf, (size_t)size), MANA_ESPACE);
        for (int i = size; i < (int)sizeof buf; i++)
            ck_assert_int_eq(buf[i], 'Z');
    }

    /* move and history arrays: cap below the count writes nothing */
    mana_move arr[MANA_MAX_MOVES + 1];
    for (int cap = 0; cap < before.nmoves; cap++) {
        for (int i = 0; i <= MANA_MAX_MOVES; i++)
            arr[i] = 0xA5A5A5A5u;
        tu_refused(g, &before, mana_legal_moves(g, arr, cap), MANA_ESPACE);
        for (int i = 0; i <= MANA_MAX_MOVES; i++)
            ck_assert(arr[i] == 0xA5A5A5A5u);
    }
    for (int cap = 0; cap < 2; cap++) {
        arr[0] = 0xA5A5A5A5u;
        tu_refused(g, &before, mana_history(g, arr, cap), MANA_ESPACE);
        ck_assert(arr[0] == 0xA5A5A5A5u);
    }
    tu_refused(g, &before, mana_legal_moves(g, arr, -1), MANA_EINVAL);
    tu_refused(g, &before, mana_history(g, arr, INT_MIN), MANA_EINVAL);
    ck_assert_int_eq(mana_history(g, arr, 2), 2);
    mana_free(g);
}
END_TEST

/* perft depth outside 0..64: MANA_EINVAL, *leaves untouched. */
START_TEST(bad_depth)
{
    static const int depths[] = {-1, -2, INT_MIN, 65, 1000, INT_MAX};
    mana_game *g = tu_game_in_play();
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (size_t i = 0; i < sizeof depths / sizeof depths[0]; i++) {
        char primed[256];
        uint64_t leaves = 42;
        tu_prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_perft(g, depths[i], &leaves), MANA_EINVAL);
        ck_assert(leaves == 42);
        tu_assert_refused(g, &before, primed, "perft with a bad depth");
    }
    uint64_t leaves = 0;
    ck_assert_int_eq(mana_perft(g, 0, &leaves), MANA_OK);
    ck_assert(leaves == 1);
    mana_free(g);
}
END_TEST

/* Squares outside 0..35 and colours other than 0 / 1: MANA_EINVAL. */
START_TEST(bad_squares_in_move_values)
{
    static const int bad[] = {-1, 36, 37, 63, 64, 100, INT_MIN, INT_MAX};
    mana_game *g = tu_game_in_play();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(mana_piece_at(g, bad[i]), MANA_EINVAL);
        ck_assert_int_eq(mana_marks_at(g, bad[i]), MANA_EINVAL);
        ck_assert_int_eq(mana_reserve(g, bad[i]), MANA_EINVAL);
    }
    ck_assert_int_eq(mana_reserve(g, 2), MANA_EINVAL);
    ck_assert_int_eq(mana_reserve(g, -1), MANA_EINVAL);
    /* well-formed move values naming squares 36..63 are never legal */
    for (int sq = 36; sq < 64; sq++) {
        ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, sq, 0)), 0);
        ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, sq)), 0);
        ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, sq)), 0);
        ck_assert_int_eq(mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, sq)), MANA_EILLEGAL);
    }
    tu_assert_invariants(g);
    mana_free(g);
}
END_TEST


/* mana_strerror on any value: never NULL; unknown values say so. */
START_TEST(strerror_any_value)
{
    static const int codes[] = {1, 2, -9, -100, 1000, INT_MIN, INT_MAX};
    const char *unknown = mana_strerror(INT_MIN);
    ck_assert_ptr_nonnull(unknown);
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        ck_assert_str_eq(mana_strerror(codes[i]), unknown);
    for (int e = MANA_OK; e >= MANA_ESTATE; e--) {
        ck_assert_ptr_nonnull(mana_strerror(e));
        ck_assert_str_ne(mana_strerror(e), unknown);
    }
}
END_TEST

/* The detail of a refused call, asserted word for word: code err, game
 * unchanged, detail exactly want. */
#define REFUSED_WITH(g, call, err, want)               \
    do {                                               \
        inv_snapshot before_;                          \
        inv_snapshot_take((g), &before_);              \
        tu_refused((g), &before_, (call), (err));      \
        ck_assert_str_eq(mana_error_detail(), (want)); \
    } while (0)

/* Counted nouns read as English: "1 mark", "1 step", "1 move", "1 byte",
 * and the plural from 2 (and for 0).  Orientation 0 (docs/rules.md "Board
 * and coordinates"): rank 1 has 1 3 2 2 1 3 marks, rank 2 2 1 3 1 3 2,
 * rank 3 2 3 1 3 1 2, rank 4 3 1 2 2 3 1. */
START_TEST(details_count_in_english)
{
    /* White D e1 (1 mark), R b2 (1), R d4 (2); Mana 1: e1 and b2 are
     * bound, and b2 can move (a2, c2, b1, b3 are empty). */
    mana_game *g = tu_game("6/6/3R2/2r3/1R4/d3D1 w 1 0");
    REFUSED_WITH(g, mana_play_str(g, "d4-d6"), MANA_EILLEGAL,
                 "the Mana binds you to a piece on a square with 1 mark; d4 has 2");
    REFUSED_WITH(g, mana_play_str(g, "R@a3"), MANA_EILLEGAL,
                 "the Mana binds you to a piece on a square with 1 mark that can move; re-entry is only for when "
                 "none can");
    REFUSED_WITH(g, mana_play_str(g, "b2-b4"), MANA_EILLEGAL,
                 "a piece on b2 moves exactly 1 step; b4 is not 1 step away by any path");
    /* the plural beside it: d4 has 2 marks, d4-d5 is one step */
    REFUSED_WITH(g, mana_play_str(g, "d4-d5"), MANA_EILLEGAL,
                 "the Mana binds you to a piece on a square with 1 mark; d4 has 2");
    mana_free(g);
    g = tu_game("6/6/3R2/2r3/1R4/d3D1 w 2 0"); /* bound to 2: d4 */
    REFUSED_WITH(g, mana_play_str(g, "d4-d5"), MANA_EILLEGAL,
                 "a piece on d4 moves exactly 2 steps; d5 is not 2 steps away by any path");
    REFUSED_WITH(g, mana_play_str(g, "e1-e2"), MANA_EILLEGAL,
                 "the Mana binds you to a piece on a square with 2 marks; e1 has 1");
    mana_free(g);

    /* Re-entry on the Mana's mark count only: White's D b2 (1 mark), the
     * one piece bound by Mana 1, is boxed in by its Ronins a2, c2, b1, b3,
     * so White may re-enter (reserve 1), on a 1-mark square: a1 yes, c1
     * (2 marks) no. */
    static const int mana_mark[] = {MANA_OPT_REENTRY, MANA_REENTRY_MANA_MARK, -1};
    g = tu_game_opts(MANA_RULES_JACTALEA, "5d/6/6/1R4/RDR3/1R4 w 1 0", mana_mark);
    REFUSED_WITH(g, mana_play_str(g, "R@c1"), MANA_EILLEGAL,
                 "re-entry only on squares with 1 mark (reentry option); c1 has 2");
    ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, tu_sq("a1"))), 1);

    /* Buffers and lists one short: after b2-b1 the history holds 1 move. */
    mana_free(g);
    g = tu_game("6/6/3R2/2r3/1R4/d3D1 w 1 0");
    tu_play(g, "b2-b1");
    mana_move m[1];
    char board[1];
    REFUSED_WITH(g, mana_history(g, m, 0), MANA_ESPACE, "mana_history: 1 move, room for 0");
    REFUSED_WITH(g, mana_board(g, board, 1), MANA_ESPACE, "mana_board: 1 byte, 36 needed");
    mana_free(g);

    /* MFN: a rank of one file, a board of one rank (and two). */
    g = tu_game(TU_HOME);
    REFUSED_WITH(g, mana_set_position(g, "d/6/6/6/6/RRRDRR b - 0"), MANA_EPARSE,
                 "MFN: board: rank 6 has 1 file, not 6");
    REFUSED_WITH(g, mana_set_position(g, "rrdrrr b - 0"), MANA_EPARSE, "MFN: board: only 1 rank, not 6");
    REFUSED_WITH(g, mana_set_position(g, "rrdrrr/6 b - 0"), MANA_EPARSE, "MFN: board: only 2 ranks, not 6");
    mana_free(g);
}
END_TEST

Suite *errors_suite(void)
{
    Suite *s = suite_create("errors");
    TCase *tc = tcase_create("arguments");
    tcase_add_test(tc, null_game);
    tcase_add_test(tc, null_game_orientation_moves);
    tcase_add_test(tc, null_buffers);
    tcase_add_test(tc, null_buffers_in_play);
    tcase_add_test(tc, tiny_buffers);
    tcase_add_test(tc, tiny_buffers_every_size);
    tcase_add_test(tc, bad_squares_and_colours);
    tcase_add_test(tc, bad_squares_in_move_values);
    tcase_add_test(tc, bad_depth);
    tcase_add_test(tc, perft_and_setup_random_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("messages");
    tcase_add_test(tc, strerror_and_detail);
    tcase_add_test(tc, strerror_any_value);
    tcase_add_test(tc, details_count_in_english);
    suite_add_tcase(s, tc);
    return s;
}
