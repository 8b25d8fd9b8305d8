/* SPDX-License-Identifier: MIT */
/*
 * Action ids, the legal-action mask, observations and mana_board (the
 * numbering and plane layout documented in mana.h), checked against values
 * worked out by hand and against mana_legal_moves over long random walks.
 */
#include "testutil.h"

#define START "rrdrrr/6/6/6/6/RRRDRR b - 0"

/* Hand-worked ids.  With White to move squares are absolute: a1-a2 is
 * from 0 with offset (df 0, dr +1), k 3, id 24 * 0 + 3 = 3; c4-d6 is from
 * 20 with offset (+1, +2), k 22, id 24 * 20 + 22 = 502 (an id exists
 * whether or not the piece there has 3 marks).  With Black to move squares
 * are turned half a turn: a6-a5 is relative 35 - 30 = 5 to 35 - 24 = 11,
 * offset (0, +1), id 24 * 5 + 3 = 123; a1-a2 is relative 35 to 29, offset
 * (0, -1) = k 0, id 24 * 35 = 840; R@c3 (14) is relative 21, id 864 + 21;
 * O0 is seen by Black as orientation 2, id 936 + 2. */
START_TEST(ids_by_hand)
{
    mana_game *g = tu_game(START);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 30, 24)), 123);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 6)), 840);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14)), 864 + 21);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0)), 938);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)), MANA_ACTION_PASS);
    mana_free(g);
    g = tu_game("rrdrrr/6/6/6/6/RRRDRR w - 0");
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 6)), 3);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 20, 33)), 502);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 14)), 878);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, 35)), 935);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 3)), 939);
    mana_move m = 0;
    ck_assert_int_eq(mana_action_to_move(g, 502, &m), MANA_OK);
    ck_assert_uint_eq(m, MANA_MOVE_MAKE(MANA_MOVE_STEP, 20, 33));
    /* a1 with offset (0, -1) leaves the board; a1-a5 is 4 squares away */
    ck_assert_int_eq(mana_action_to_move(g, 0, &m), MANA_EINVAL);
    ck_assert_uint_eq(m, MANA_MOVE_MAKE(MANA_MOVE_STEP, 20, 33));
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 24)), MANA_EINVAL);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, 0)), MANA_EINVAL);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 3, 14)), MANA_EINVAL);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 4)), MANA_EINVAL);
    ck_assert_int_eq(mana_move_to_action(g, MANA_MOVE_NONE), MANA_EINVAL);
    ck_assert_int_eq(mana_move_to_action(g, 1u << 20), MANA_EINVAL);
    ck_assert_int_eq(mana_move_to_action(NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_action_to_move(g, -1, &m), MANA_EINVAL);
    ck_assert_int_eq(mana_action_to_move(g, MANA_ACTION_COUNT, &m), MANA_EINVAL);
    ck_assert_int_eq(mana_action_to_move(g, 1, NULL), MANA_EINVAL);
    mana_free(g);
}
END_TEST

/* Every (from, to) pair 1 to 3 squares apart (|df| + |dr|) has exactly one
 * step id, for both sides, and it converts back; every other id below 864
 * ends off the board. */
START_TEST(step_ids_bijection)
{
    for (int side = 0; side < 2; side++) {
        mana_game *g = tu_game(side ? START : "rrdrrr/6/6/6/6/RRRDRR w - 0");
        int seen[MANA_ACTION_RONIN] = {0}, pairs = 0;
        for (int from = 0; from < MANA_SQUARE_COUNT; from++)
            for (int to = 0; to < MANA_SQUARE_COUNT; to++) {
                int d = abs(from % 6 - to % 6) + abs(from / 6 - to / 6);
                int a = mana_move_to_action(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, from, to));
                if (d < 1 || d > 3) {
                    ck_assert_int_eq(a, MANA_EINVAL);
                    continue;
                }
                ck_assert_int_ge(a, 0);
                ck_assert_int_lt(a, MANA_ACTION_RONIN);
                ck_assert_int_eq(seen[a]++, 0);
                pairs++;
                mana_move m;
                ck_assert_int_eq(mana_action_to_move(g, a, &m), MANA_OK);
                ck_assert_uint_eq(m, MANA_MOVE_MAKE(MANA_MOVE_STEP, from, to));
            }
        /* Ordered pairs with offset (df, dr): (6 - |df|) * (6 - |dr|)
         * starts.  Distance 1: 4 offsets x 30 = 120.  Distance 2: (0,+-2)
         * and (+-2,0) 4 x 24 = 96, (+-1,+-1) 4 x 25 = 100: 196.  Distance
         * 3: (0,+-3), (+-3,0) 4 x 18 = 72, (+-1,+-2), (+-2,+-1) 8 x 20 =
         * 160: 232.  In all 120 + 196 + 232 = 548. */
        ck_assert_int_eq(pairs, 548);
        for (int a = 0; a < MANA_ACTION_RONIN; a++) {
            mana_move m;
            if (!seen[a])
                ck_assert_int_eq(mana_action_to_move(g, a, &m), MANA_EINVAL);
        }
        mana_free(g);
    }
}
END_TEST

/* Asserts plane p of obs is 1 exactly on the squares listed (names), 0
 * elsewhere. */
static void plane_is(const uint8_t *obs, int p, const char *const *names, int n)
{
    uint8_t want[MANA_SQUARE_COUNT] = {0};
    for (int i = 0; i < n; i++)
        want[tu_sq(names[i])] = 1;
    for (int c = 0; c < MANA_SQUARE_COUNT; c++)
        ck_assert_msg(obs[p * MANA_SQUARE_COUNT + c] == want[c], "plane %d cell %d: %d, want %d", p, c,
                      obs[p * MANA_SQUARE_COUNT + c], want[c]);
}

/* Asserts every cell of plane p of obs is v. */
static void plane_all(const uint8_t *obs, int p, int v)
{
    for (int c = 0; c < MANA_SQUARE_COUNT; c++)
        ck_assert_msg(obs[p * MANA_SQUARE_COUNT + c] == v, "plane %d cell %d: %d, want %d", p, c,
                      obs[p * MANA_SQUARE_COUNT + c], v);
}

/* The start position, Black to move, orientation 0, no Mana.  Absolute
 * view: White's Damyo d1, Ronins a1 b1 c1 e1 f1; Black's Damyo c6, Ronins
 * a6 b6 d6 e6 f6.  One-mark squares of orientation 0 (docs/rules.md table, 1s):
 * rank 1 "1 3 2 2 1 3" a1 e1; rank 2 "2 1 3 1 3 2" b2 d2; rank 3
 * "2 3 1 3 1 2" c3 e3; rank 4 "3 1 2 2 3 1" b4 f4; rank 5 "1 3 1 3 1 3" a5
 * c5 e5; rank 6 "2 2 3 1 2 2" d6.  No Mana: plane 7 empty; Black to move:
 * plane 8 all 1; reserves 0; not setup.
 * Side-to-move view: A is Black, cells turned (cell = 35 - sq): Black's
 * Damyo c6 (32) at cell 3 = "d1", Ronins at 35-30=5 f1, 4 e1, 2 c1, 1 b1,
 * 0 a1; White's Damyo d1 (3) at 32 = "c6", Ronins a1.. at f6 e6 d6 b6 a6.
 * The 1-mark cells are the 1-mark squares of orientation 2, the half turn
 * of orientation 0: rank 1 "2 2 1 3 2 2" c1; rank 2 "3 1 3 1 3 1" b2 d2 f2;
 * rank 3 "1 3 2 2 1 3" a3 e3; rank 4 "2 1 3 1 3 2" b4 d4; rank 5
 * "2 3 1 3 1 2" c5 e5; rank 6 "3 1 2 2 3 1" b6 f6. */
START_TEST(observation_start_by_hand)
{
    mana_game *g = tu_game(START);
    uint8_t obs[MANA_OBSERVATION_SIZE];
    ck_assert_int_eq(mana_observation(g, MANA_OBS_ABSOLUTE, obs, sizeof obs), MANA_OBSERVATION_SIZE);
    plane_is(obs, 0, (const char *const[]){"d1"}, 1);
    plane_is(obs, 1, (const char *const[]){"a1", "b1", "c1", "e1", "f1"}, 5);
    plane_is(obs, 2, (const char *const[]){"c6"}, 1);
    plane_is(obs, 3, (const char *const[]){"a6", "b6", "d6", "e6", "f6"}, 5);
    plane_is(obs, 4, (const char *const[]){"a1", "e1", "b2", "d2", "c3", "e3", "b4", "f4", "a5", "c5", "e5", "d6"}, 12);
    plane_all(obs, 7, 0);
    plane_all(obs, 8, 1);
    plane_all(obs, 9, 0);
    plane_all(obs, 10, 0);
    plane_all(obs, 11, 0);
    ck_assert_int_eq(mana_observation(g, MANA_OBS_SIDE_TO_MOVE, obs, sizeof obs), MANA_OBSERVATION_SIZE);
    plane_is(obs, 0, (const char *const[]){"d1"}, 1);
    plane_is(obs, 1, (const char *const[]){"a1", "b1", "c1", "e1", "f1"}, 5);
    plane_is(obs, 2, (const char *const[]){"c6"}, 1);
    plane_is(obs, 3, (const char *const[]){"a6", "b6", "d6", "e6", "f6"}, 5);
    plane_is(obs, 4, (const char *const[]){"c1", "b2", "d2", "f2", "a3", "e3", "b4", "d4", "c5", "e5", "b6", "f6"}, 12);
    plane_all(obs, 8, 1);
    mana_free(g);
}
END_TEST

/* White to move with Mana 2 in orientation 0; White has its Damyo and 3
 * Ronins (reserve 2), Black its Damyo and 4 Ronins (reserve 1).  Plane 7
 * is the 2-mark squares of orientation 0: rank 1 "1 3 2 2 1 3" c1 d1;
 * rank 2 "2 1 3 1 3 2" a2 f2; rank 3 "2 3 1 3 1 2" a3 f3; rank 4
 * "3 1 2 2 3 1" c4 d4; rank 5 none; rank 6 "2 2 3 1 2 2" a6 b6 e6 f6.
 * White to move: plane 8 all 0, and both views are the same. */
START_TEST(observation_mana_reserves_by_hand)
{
    mana_game *g = tu_game("rrdrr1/6/6/6/6/RRRD2 w 2 0");
    uint8_t abs_obs[MANA_OBSERVATION_SIZE], pov[MANA_OBSERVATION_SIZE];
    ck_assert_int_eq(mana_observation(g, MANA_OBS_ABSOLUTE, abs_obs, sizeof abs_obs), 432);
    plane_is(abs_obs, 7, (const char *const[]){"c1", "d1", "a2", "f2", "a3", "f3", "c4", "d4", "a6", "b6", "e6", "f6"},
             12);
    plane_all(abs_obs, 8, 0);
    plane_all(abs_obs, 9, 2);
    plane_all(abs_obs, 10, 1);
    plane_is(abs_obs, 3, (const char *const[]){"a6", "b6", "d6", "e6"}, 4);
    ck_assert_int_eq(mana_observation(g, MANA_OBS_SIDE_TO_MOVE, pov, sizeof pov), 432);
    ck_assert_mem_eq(abs_obs, pov, sizeof pov);
    ck_assert_int_eq(mana_observation(g, 2, pov, sizeof pov), MANA_EINVAL);
    ck_assert_int_eq(mana_observation(g, 0, pov, sizeof pov - 1), MANA_ESPACE);
    ck_assert_int_eq(mana_observation(NULL, 0, pov, sizeof pov), MANA_EINVAL);
    ck_assert_int_eq(mana_observation(g, 0, NULL, sizeof pov), MANA_EINVAL);
    mana_free(g);
}
END_TEST

/* Setup: after O1 and D@b6 under jactalea, Black still places (plane 8 all
 * 1), setup plane all 1, reserves 0, no Mana; marks known (orientation 1).
 * Before O, the mark planes are empty. */
START_TEST(observation_setup_by_hand)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    uint8_t obs[MANA_OBSERVATION_SIZE];
    ck_assert_int_eq(mana_observation(g, MANA_OBS_ABSOLUTE, obs, sizeof obs), 432);
    for (int p = 0; p < 8; p++)
        plane_all(obs, p, 0);
    plane_all(obs, 8, 1);
    plane_all(obs, 11, 1);
    ck_assert_int_eq(mana_play_str(g, "O1"), MANA_OK);
    ck_assert_int_eq(mana_play_str(g, "D@b6"), MANA_OK);
    ck_assert_int_eq(mana_observation(g, MANA_OBS_ABSOLUTE, obs, sizeof obs), 432);
    plane_is(obs, 2, (const char *const[]){"b6"}, 1);
    /* orientation 1, 3-mark squares: rank 1 "3 2 2 1 3 2" a1 e1; rank 2
     * "1 3 1 3 1 2" b2 d2; rank 3 "2 1 3 2 3 1" c3 e3; rank 4 "2 3 1 2 1 3"
     * b4 f4; rank 5 "3 1 3 1 3 2" a5 c5 e5; rank 6 "1 2 2 3 1 2" d6. */
    plane_is(obs, 6, (const char *const[]){"a1", "e1", "b2", "d2", "c3", "e3", "b4", "f4", "a5", "c5", "e5", "d6"}, 12);
    plane_all(obs, 7, 0);
    plane_all(obs, 8, 1);
    plane_all(obs, 11, 1);
    mana_free(g);
}
END_TEST

START_TEST(board_one_call)
{
    mana_game *g = tu_game("rrdrr1/6/6/6/6/RRRD2 w 2 0");
    char board[MANA_SQUARE_COUNT];
    ck_assert_int_eq(mana_board(g, board, sizeof board), 36);
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        ck_assert_int_eq(board[sq], mana_piece_at(g, sq));
    ck_assert_int_eq(board[tu_sq("d1")], 'D');
    ck_assert_int_eq(board[tu_sq("c6")], 'd');
    ck_assert_int_eq(board[tu_sq("f6")], 0);
    ck_assert_int_eq(mana_board(g, board, 35), MANA_ESPACE);
    ck_assert_int_eq(mana_board(NULL, board, 36), MANA_EINVAL);
    ck_assert_int_eq(mana_board(g, NULL, 36), MANA_EINVAL);
    mana_free(g);
}
END_TEST

/* The observation, plane by plane, from the per-square queries. */
static void check_observation(const mana_game *g, int flags)
{
    uint8_t obs[MANA_OBSERVATION_SIZE];
    TU_CHECK_INT_EQ(mana_observation(g, flags, obs, sizeof obs), MANA_OBSERVATION_SIZE);
    int side = mana_side_to_move(g), a = flags ? side : MANA_WHITE;
    int rot = flags && side == MANA_BLACK, mana = mana_mana(g);
    int setup = mana_status(g) == MANA_SETUP;
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        int c = rot ? 35 - sq : sq, piece = mana_piece_at(g, sq), marks = mana_marks_at(g, sq);
        int white = piece == 'D' || piece == 'R', damyo = piece == 'D' || piece == 'd';
        int mine = piece && white == (a == MANA_WHITE);
        TU_CHECK_INT_EQ(obs[0 * 36 + c], mine && damyo);
        TU_CHECK_INT_EQ(obs[1 * 36 + c], mine && piece && !damyo);
        TU_CHECK_INT_EQ(obs[2 * 36 + c], piece && !mine && damyo);
        TU_CHECK_INT_EQ(obs[3 * 36 + c], piece && !mine && !damyo);
        for (int m = 1; m <= 3; m++)
            TU_CHECK_INT_EQ(obs[(3 + m) * 36 + c], marks == m);
        TU_CHECK_INT_EQ(obs[7 * 36 + c], mana && marks == mana);
        TU_CHECK_INT_EQ(obs[8 * 36 + c], side == MANA_BLACK);
        TU_CHECK_INT_EQ(obs[9 * 36 + c], mana_reserve(g, a));
        TU_CHECK_INT_EQ(obs[10 * 36 + c], mana_reserve(g, !a));
        TU_CHECK_INT_EQ(obs[11 * 36 + c], setup);
    }
}

/* The mask agrees with mana_legal_moves; with full, every id the mask
 * refuses converts to an illegal move or to none. */
static void check_mask(const mana_game *g, int full)
{
    uint8_t mask[MANA_ACTION_COUNT];
    mana_move moves[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    TU_CHECK_INT_EQ(mana_legal_action_mask(g, mask, sizeof mask), n);
    int ones = 0;
    for (int a = 0; a < MANA_ACTION_COUNT; a++)
        ones += mask[a];
    TU_CHECK_INT_EQ(ones, n);
    for (int i = 0; i < n; i++) {
        int a = mana_move_to_action(g, moves[i]);
        TU_CHECK_INT_GE(a, 0);
        TU_CHECK_INT_EQ(mask[a], 1);
        mana_move back;
        TU_CHECK_INT_EQ(mana_action_to_move(g, a, &back), MANA_OK);
        TU_CHECK_UINT_EQ(back, moves[i]);
    }
    for (int a = 0; full && a < MANA_ACTION_COUNT; a++) {
        mana_move m;
        if (!mask[a] && mana_action_to_move(g, a, &m) == MANA_OK)
            TU_CHECK_INT_EQ(mana_is_legal(g, m), 0);
    }
}

static const int walk_presets[2] = {MANA_RULES_JACTALEA, MANA_RULES_COSMOLUDO};

/* Long random walks under every combination of the rule options that
 * change the moves (damyo_on_double, reentry, reentry_when_blocked,
 * blocked), both presets, setup and play: mask, ids and observations. */
START_TEST(mask_random_walks)
{
    uint64_t rng = 0x5eed0f0a;
    int positions = 0;
    for (int combo = 0; combo < 2 * 2 * 2 * 2 * 3; combo++) {
        int opts[] = {MANA_OPT_DAMYO_ON_DOUBLE,
                      combo & 1,
                      MANA_OPT_REENTRY,
                      (combo >> 1) & 1,
                      MANA_OPT_REENTRY_WHEN_BLOCKED,
                      (combo >> 2) & 1,
                      MANA_OPT_BLOCKED,
                      (combo >> 4) % 3,
                      MANA_OPT_PLY_LIMIT,
                      300,
                      -1};
        for (int game = 0; game < 4; game++) {
            mana_game *g = tu_game_opts(walk_presets[(combo >> 3) & 1], NULL, opts);
            mana_move moves[MANA_MAX_MOVES];
            int n;
            while ((n = mana_legal_moves(g, moves, MANA_MAX_MOVES)) > 0) {
                check_mask(g, positions % 5 == 0);
                check_observation(g, positions & 1);
                positions++;
                ck_assert_int_eq(mana_play(g, moves[tu_below(&rng, n)]), MANA_OK);
            }
            check_mask(g, 1);
            mana_free(g);
        }
    }
    ck_assert_int_gt(positions, 5000);
}
END_TEST

/* Random composed positions (re-entries, passes, blocked sides, finished
 * games) under every `blocked` and re-entry option. */
START_TEST(mask_random_positions)
{
    uint64_t rng = 77;
    for (int i = 0; i < 3000; i++) {
        char mfn[MANA_MFN_MAX + 1];
        tu_random_mfn(&rng, mfn);
        int opts[] = {MANA_OPT_BLOCKED, i % 3, MANA_OPT_REENTRY, (i / 3) & 1, MANA_OPT_REENTRY_WHEN_BLOCKED,
                      (i / 6) & 1,      -1};
        mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, mfn, opts);
        check_mask(g, 1);
        check_observation(g, MANA_OBS_ABSOLUTE);
        check_observation(g, MANA_OBS_SIDE_TO_MOVE);
        mana_free(g);
    }
}
END_TEST

START_TEST(mask_errors)
{
    mana_game *g = tu_game(START);
    uint8_t mask[MANA_ACTION_COUNT];
    memset(mask, 7, sizeof mask);
    ck_assert_int_eq(mana_legal_action_mask(g, mask, MANA_ACTION_COUNT - 1), MANA_ESPACE);
    ck_assert_int_eq(mask[0], 7);
    ck_assert_int_eq(mana_legal_action_mask(NULL, mask, sizeof mask), MANA_EINVAL);
    ck_assert_int_eq(mana_legal_action_mask(g, NULL, sizeof mask), MANA_EINVAL);
    mana_free(g);
}
END_TEST

/* a1-a2 (id 3 with White to move) turned a quarter turn clockwise, (file,
 * rank) -> (rank, 5 - file): a1 -> a6 (30), a2 -> b6 (31), the step a6-b6,
 * offset (+1, 0) = k 2, id 24 * 30 + 2 = 722.  Four turns are the
 * identity; R@a1 (864) turns to R@a6 (894); O3 (939) turns to O0 (936). */
START_TEST(transform_by_hand)
{
    ck_assert_int_eq(mana_action_transform(3, 1), 722);
    ck_assert_int_eq(mana_action_transform(864, 1), 894);
    ck_assert_int_eq(mana_action_transform(939, 1), 936);
    ck_assert_int_eq(mana_action_transform(MANA_ACTION_PASS, 3), MANA_ACTION_PASS);
    for (int a = 0; a < MANA_ACTION_COUNT; a++) {
        int t = a;
        if (mana_action_transform(a, 0) < 0)
            continue;
        for (int i = 0; i < 4; i++)
            t = mana_action_transform(t, 1);
        ck_assert_int_eq(t, a);
        ck_assert_int_eq(mana_action_transform(a, 2), mana_action_transform(mana_action_transform(a, 1), 1));
    }
    ck_assert_int_eq(mana_action_transform(0, 1), MANA_EINVAL);
    ck_assert_int_eq(mana_action_transform(3, 4), MANA_EINVAL);
    ck_assert_int_eq(mana_action_transform(-1, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_action_transform(MANA_ACTION_COUNT, 0), MANA_EINVAL);
}
END_TEST

/* The MFN of g's board turned by `turns` quarter turns clockwise, colours
 * swapped if swap, side to move swapped if swap. */
static void turned_mfn(const mana_game *g, int turns, int swap, char *out)
{
    char board[MANA_SQUARE_COUNT], t[MANA_SQUARE_COUNT];
    ck_assert_int_eq(mana_board(g, board, sizeof board), 36);
    for (int i = 0; i < turns; i++) {
        for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
            t[6 * (5 - sq % 6) + sq / 6] = board[sq];
        memcpy(board, t, sizeof board);
    }
    for (int sq = 0; swap && sq < MANA_SQUARE_COUNT; sq++)
        if (board[sq])
            board[sq] = (char)(board[sq] ^ 0x20);
    size_t len = tu_board_field(board, out);
    int side = mana_side_to_move(g) ^ swap, mana = mana_mana(g);
    snprintf(out + len, (size_t)(MANA_MFN_MAX + 1) - len, " %c %c %d", side ? 'b' : 'w', mana ? '0' + mana : '-',
             (mana_orientation(g) + turns) % 4);
}

/* The symmetries of mana.h checked on random positions: a quarter turn
 * (orientation k -> k + 1) maps the legal actions through
 * mana_action_transform; the half turn with colours swapped keeps the
 * action ids and the side-to-move observation (but plane 8, the colour). */
START_TEST(symmetries_keep_the_rules)
{
    uint64_t rng = 4242;
    for (int i = 0; i < 2000; i++) {
        char mfn[MANA_MFN_MAX + 1], turned[MANA_MFN_MAX + 1];
        tu_random_mfn(&rng, mfn);
        mana_game *g = tu_game(mfn);
        uint8_t mask[MANA_ACTION_COUNT], tmask[MANA_ACTION_COUNT];
        int n = mana_legal_action_mask(g, mask, sizeof mask);
        turned_mfn(g, 1, 0, turned);
        mana_game *t = tu_game(turned);
        TU_CHECK_INT_EQ(mana_legal_action_mask(t, tmask, sizeof tmask), n);
        for (int a = 0; a < MANA_ACTION_COUNT; a++)
            if (mask[a])
                TU_CHECK(tmask[mana_action_transform(a, 1)], "%s -> %s: id %d", mfn, turned, a);
        mana_free(t);
        turned_mfn(g, 2, 1, turned);
        t = tu_game(turned);
        TU_CHECK_INT_EQ(mana_legal_action_mask(t, tmask, sizeof tmask), n);
        ck_assert_mem_eq(mask, tmask, sizeof mask);
        uint8_t o1[MANA_OBSERVATION_SIZE], o2[MANA_OBSERVATION_SIZE];
        mana_observation(g, MANA_OBS_SIDE_TO_MOVE, o1, sizeof o1);
        mana_observation(t, MANA_OBS_SIDE_TO_MOVE, o2, sizeof o2);
        ck_assert_mem_eq(o1, o2, 8 * 36);
        ck_assert_mem_eq(o1 + 9 * 36, o2 + 9 * 36, 3 * 36);
        mana_free(t);
        mana_free(g);
    }
}
END_TEST

Suite *action_suite(void)
{
    Suite *s = suite_create("action");
    TCase *tc = tcase_create("action");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, ids_by_hand);
    tcase_add_test(tc, step_ids_bijection);
    tcase_add_test(tc, observation_start_by_hand);
    tcase_add_test(tc, observation_mana_reserves_by_hand);
    tcase_add_test(tc, observation_setup_by_hand);
    tcase_add_test(tc, board_one_call);
    tcase_add_test(tc, mask_random_walks);
    tcase_add_test(tc, mask_random_positions);
    tcase_add_test(tc, mask_errors);
    tcase_add_test(tc, transform_by_hand);
    tcase_add_test(tc, symmetries_keep_the_rules);
    suite_add_tcase(s, tc);
    return s;
}
