/* SPDX-License-Identifier: MIT */
/*
 * Batched games (mana_batch_*): stepping agrees with single games played
 * through mana_play, rewards and done flags of positions worked out by
 * hand, resets, determinism from the seed, playouts, errors.
 */
#include "testutil.h"

/* White's Ronin c5 stands next to Black's Damyo c6; c5 has 1 mark in
 * orientation 0 (rank 5 "1 3 1 3 1 3"), there is no Mana yet, so c5-c6
 * takes the Damyo and wins.  c5 is 26, c6 32: offset (0, +1), k 3, id
 * 24 * 26 + 3 = 627. */
#define WIN_IN_ONE "2d3/2R3/6/6/6/3D2 w - 0"
#define WIN_ACTION 627

START_TEST(step_win_by_hand)
{
    mana_game *start = tu_game(WIN_IN_ONE);
    mana_batch *b = mana_batch_new(start, 3, 1, 0);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(mana_batch_size(b), 3);
    int32_t actions[3] = {WIN_ACTION, WIN_ACTION, WIN_ACTION};
    float rewards[3] = {9, 9, 9};
    uint8_t dones[3] = {9, 9, 9};
    uint8_t obs[3 * MANA_OBSERVATION_SIZE], want[MANA_OBSERVATION_SIZE];
    ck_assert_int_eq(mana_batch_step(b, actions, 0, obs, NULL, rewards, dones), MANA_OK);
    mana_observation(start, 0, want, sizeof want);
    for (int i = 0; i < 3; i++) {
        ck_assert_float_eq(rewards[i], 1.0f);
        ck_assert_int_eq(dones[i], MANA_BATCH_TERMINATED);
        /* reset at once to the start position */
        ck_assert_uint_eq(mana_hash(mana_batch_game(b, i)), mana_hash(start));
        ck_assert_mem_eq(obs + i * MANA_OBSERVATION_SIZE, want, sizeof want);
    }
    mana_batch_free(b);
    mana_free(start);
}
END_TEST

/* Ply limit 2 from WIN_IN_ONE played quietly: White d1-d2?  d1 has 2
 * marks in orientation 0 (rank 1 "1 3 2 2 1 3"): d1-d3 (id 24 * 3 + 11 =
 * 83).  The Mana is then d3's count, 3 (rank 3 "2 3 1 3 1 2"): Black's
 * only piece c6 has 3 marks (rank 6 "2 2 3 1 2 2"), bound: any legal step
 * of it ends the game drawn by the ply limit: truncated, reward 0. */
START_TEST(step_truncation_by_hand)
{
    int opts[] = {MANA_OPT_PLY_LIMIT, 2, -1};
    mana_game *start = tu_game_opts(MANA_RULES_JACTALEA, WIN_IN_ONE, opts);
    mana_batch *b = mana_batch_new(start, 1, 1, 0);
    int32_t a = 83;
    float r = 9;
    uint8_t done = 9, mask[MANA_ACTION_COUNT];
    ck_assert_int_eq(mana_batch_step(b, &a, 0, NULL, mask, &r, &done), MANA_OK);
    ck_assert_int_eq(done, MANA_BATCH_RUNNING);
    ck_assert_float_eq(r, 0.0f);
    ck_assert_int_eq(mana_side_to_move(mana_batch_game(b, 0)), MANA_BLACK);
    ck_assert_int_eq(mana_mana(mana_batch_game(b, 0)), 3);
    for (a = 0; a < MANA_ACTION_COUNT && !mask[a]; a++)
        ;
    ck_assert_int_lt(a, MANA_ACTION_COUNT);
    ck_assert_int_eq(mana_batch_step(b, &a, 0, NULL, NULL, &r, &done), MANA_OK);
    ck_assert_int_eq(done, MANA_BATCH_TRUNCATED);
    ck_assert_float_eq(r, 0.0f);
    mana_batch_free(b);
    mana_free(start);
}
END_TEST

/* Picks a uniformly random legal action from mask. */
static int32_t pick(const uint8_t *mask, uint64_t *rng)
{
    int ids[MANA_MAX_MOVES], n = 0;
    for (int a = 0; a < MANA_ACTION_COUNT; a++)
        if (mask[a])
            ids[n++] = a;
    TU_CHECK_INT_GT(n, 0);
    return ids[tu_below(rng, n)];
}

/* N games stepped together against N shadow games played one move at a
 * time through mana_play, from setup (the batch plays the setup actions
 * too) and from random setups, both presets: observations, masks,
 * rewards, done flags. */
static void batch_vs_single(int preset, int flags, int obs_flags)
{
    enum { N = 16, STEPS = 1500 };
    int opts[] = {MANA_OPT_PLY_LIMIT, 120, -1};
    mana_game *start = tu_game_opts(preset, NULL, opts);
    mana_batch *b = mana_batch_new(start, N, 99, flags);
    ck_assert_ptr_nonnull(b);
    mana_game *shadow[N];
    static uint8_t obs[N * MANA_OBSERVATION_SIZE], masks[N * MANA_ACTION_COUNT];
    uint8_t one[MANA_ACTION_COUNT], oobs[MANA_OBSERVATION_SIZE];
    TU_CHECK_INT_EQ(mana_batch_observe(b, obs_flags, obs, masks), MANA_OK);
    for (int i = 0; i < N; i++)
        shadow[i] = mana_clone(mana_batch_game(b, i));
    uint64_t rng = 5;
    int finished = 0;
    for (int s = 0; s < STEPS; s++) {
        int32_t actions[N];
        float rewards[N];
        uint8_t dones[N];
        for (int i = 0; i < N; i++)
            actions[i] = pick(masks + i * MANA_ACTION_COUNT, &rng);
        TU_CHECK_INT_EQ(mana_batch_step(b, actions, obs_flags, obs, masks, rewards, dones), MANA_OK);
        for (int i = 0; i < N; i++) {
            mana_move m;
            int mover = mana_side_to_move(shadow[i]);
            TU_CHECK_INT_EQ(mana_action_to_move(shadow[i], actions[i], &m), MANA_OK);
            TU_CHECK_INT_EQ(mana_play(shadow[i], m), MANA_OK);
            int st = mana_status(shadow[i]);
            if (st == MANA_PLAYING || st == MANA_SETUP) {
                TU_CHECK_INT_EQ(dones[i], MANA_BATCH_RUNNING);
                ck_assert_float_eq(rewards[i], 0.0f);
                TU_CHECK_UINT_EQ(mana_hash(shadow[i]), mana_hash(mana_batch_game(b, i)));
            } else {
                int plies = mana_history(shadow[i], NULL, 0);
                float want = st == MANA_DRAWN ? 0.0f : (st == MANA_WHITE_WON) == (mover == MANA_WHITE) ? 1.0f : -1.0f;
                ck_assert_float_eq(rewards[i], want);
                TU_CHECK_INT_EQ(dones[i], st == MANA_DRAWN && plies - (preset == MANA_RULES_JACTALEA ? 13 : 12) >= 120
                                              ? MANA_BATCH_TRUNCATED
                                              : MANA_BATCH_TERMINATED);
                mana_free(shadow[i]);
                shadow[i] = mana_clone(mana_batch_game(b, i));
                finished++;
            }
            TU_CHECK_INT_EQ(mana_legal_action_mask(shadow[i], one, sizeof one), mana_legal_moves(shadow[i], NULL, 0));
            ck_assert_mem_eq(one, masks + i * MANA_ACTION_COUNT, sizeof one);
            mana_observation(shadow[i], obs_flags, oobs, sizeof oobs);
            ck_assert_mem_eq(oobs, obs + i * MANA_OBSERVATION_SIZE, sizeof oobs);
        }
    }
    TU_CHECK_INT_GT(finished, 20);
    for (int i = 0; i < N; i++)
        mana_free(shadow[i]);
    mana_batch_free(b);
    mana_free(start);
}

START_TEST(step_matches_single_games)
{
    batch_vs_single(MANA_RULES_JACTALEA, 0, MANA_OBS_ABSOLUTE);
    batch_vs_single(MANA_RULES_COSMOLUDO, 0, MANA_OBS_SIDE_TO_MOVE);
    batch_vs_single(MANA_RULES_JACTALEA, MANA_BATCH_RANDOM_SETUP, MANA_OBS_SIDE_TO_MOVE);
    batch_vs_single(MANA_RULES_COSMOLUDO, MANA_BATCH_RANDOM_SETUP, MANA_OBS_ABSOLUTE);
}
END_TEST

/* Two batches from one seed stay equal; reset with the seed replays the
 * same random setups; another seed gives other setups. */
START_TEST(seed_determinism)
{
    mana_game *start = mana_new(MANA_RULES_JACTALEA);
    mana_batch *b1 = mana_batch_new(start, 8, 7, MANA_BATCH_RANDOM_SETUP);
    mana_batch *b2 = mana_batch_new(start, 8, 7, MANA_BATCH_RANDOM_SETUP);
    mana_batch *b3 = mana_batch_new(start, 8, 8, MANA_BATCH_RANDOM_SETUP);
    uint64_t first[8];
    int differ = 0;
    for (int i = 0; i < 8; i++) {
        first[i] = mana_hash(mana_batch_game(b1, i));
        ck_assert_uint_eq(first[i], mana_hash(mana_batch_game(b2, i)));
        ck_assert_int_eq(mana_status(mana_batch_game(b1, i)), MANA_PLAYING);
        differ += first[i] != mana_hash(mana_batch_game(b3, i));
    }
    ck_assert_int_gt(differ, 0);
    int32_t r1[8], r2[8], p1[8], p2[8];
    ck_assert_int_eq(mana_batch_playout(b1, r1, p1), MANA_OK);
    ck_assert_int_eq(mana_batch_playout(b2, r2, p2), MANA_OK);
    ck_assert_mem_eq(r1, r2, sizeof r1);
    ck_assert_mem_eq(p1, p2, sizeof p1);
    ck_assert_int_eq(mana_batch_reset(b1, 7), MANA_OK);
    for (int i = 0; i < 8; i++)
        ck_assert_uint_eq(mana_hash(mana_batch_game(b1, i)), first[i]);
    mana_batch_free(b1);
    mana_batch_free(b2);
    mana_batch_free(b3);
    mana_free(start);
}
END_TEST

/* Playouts end every game; results are finished statuses; with a ply
 * limit of 50 no game plays more than 50 plies of play. */
START_TEST(playouts)
{
    int opts[] = {MANA_OPT_PLY_LIMIT, 50, -1};
    mana_game *start = tu_game_opts(MANA_RULES_COSMOLUDO, NULL, opts);
    mana_batch *b = mana_batch_new(start, 64, 3, MANA_BATCH_RANDOM_SETUP);
    int32_t results[64], plies[64];
    int wins = 0;
    for (int round = 0; round < 5; round++) {
        ck_assert_int_eq(mana_batch_playout(b, results, plies), MANA_OK);
        for (int i = 0; i < 64; i++) {
            ck_assert(results[i] == MANA_WHITE_WON || results[i] == MANA_BLACK_WON || results[i] == MANA_DRAWN);
            ck_assert_int_ge(plies[i], 1);
            ck_assert_int_le(plies[i], 50);
            wins += results[i] != MANA_DRAWN;
            ck_assert_int_eq(mana_status(mana_batch_game(b, i)), MANA_PLAYING);
        }
    }
    ck_assert_int_gt(wins, 0);
    ck_assert_int_eq(mana_batch_playout(b, NULL, NULL), MANA_OK);
    mana_batch_free(b);
    mana_free(start);
}
END_TEST

START_TEST(batch_errors)
{
    mana_game *start = tu_game(WIN_IN_ONE);
    ck_assert_ptr_null(mana_batch_new(NULL, 1, 0, 0));
    ck_assert_ptr_null(mana_batch_new(start, 0, 0, 0));
    ck_assert_ptr_null(mana_batch_new(start, 1000001, 0, 0));
    ck_assert_ptr_null(mana_batch_new(start, 1, 0, 2));
    mana_game *over = tu_game("2R3/6/6/6/6/3D2 b 1 0");
    ck_assert_int_eq(mana_status(over), MANA_WHITE_WON);
    ck_assert_ptr_null(mana_batch_new(over, 1, 0, 0));
    mana_free(over);
    mana_batch *b = mana_batch_new(start, 2, 0, 0);
    int32_t bad[2] = {WIN_ACTION, 0}; /* id 0 ends off the board */
    ck_assert_int_eq(mana_batch_step(b, bad, 0, NULL, NULL, NULL, NULL), MANA_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(mana_error_detail(), "game 1"));
    bad[1] = 3; /* a1-a2: no White piece on a1 */
    ck_assert_int_eq(mana_batch_step(b, bad, 0, NULL, NULL, NULL, NULL), MANA_EILLEGAL);
    bad[1] = MANA_ACTION_COUNT;
    ck_assert_int_eq(mana_batch_step(b, bad, 0, NULL, NULL, NULL, NULL), MANA_EILLEGAL);
    bad[1] = -1;
    ck_assert_int_eq(mana_batch_step(b, bad, 0, NULL, NULL, NULL, NULL), MANA_EILLEGAL);
    /* nothing moved: game 0 still wins in one */
    ck_assert_uint_eq(mana_hash(mana_batch_game(b, 0)), mana_hash(start));
    ck_assert_int_eq(mana_history(mana_batch_game(b, 0), NULL, 0), 0);
    ck_assert_int_eq(mana_batch_step(b, bad, 2, NULL, NULL, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_batch_step(b, NULL, 0, NULL, NULL, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_batch_step(NULL, bad, 0, NULL, NULL, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_batch_observe(b, 5, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_batch_observe(NULL, 0, NULL, NULL), MANA_EINVAL);
    ck_assert_ptr_null(mana_batch_game(b, 2));
    ck_assert_ptr_null(mana_batch_game(b, -1));
    ck_assert_ptr_null(mana_batch_game(NULL, 0));
    ck_assert_int_eq(mana_batch_size(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_batch_reset(NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_batch_playout(NULL, NULL, NULL), MANA_EINVAL);
    mana_batch_free(b);
    mana_batch_free(NULL);
    mana_free(start);
}
END_TEST

Suite *batch_suite(void)
{
    Suite *s = suite_create("batch");
    TCase *tc = tcase_create("batch");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, step_win_by_hand);
    tcase_add_test(tc, step_truncation_by_hand);
    tcase_add_test(tc, step_matches_single_games);
    tcase_add_test(tc, seed_determinism);
    tcase_add_test(tc, playouts);
    tcase_add_test(tc, batch_errors);
    suite_add_tcase(s, tc);
    return s;
}
