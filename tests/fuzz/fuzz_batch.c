/* SPDX-License-Identifier: MIT */
/*
 * fuzz_batch - batched games stepped as the input says, against single
 * games played through mana_play.
 *
 * Byte 0: number of games (1..8), preset, MANA_BATCH_RANDOM_SETUP, the
 * observation view; byte 1: ply limit (0 off, else 1..255) and the seed.
 * Then one byte per game per step: the index of a legal action in the
 * mask (byte % count), or for 0xFF an id that is not legal, which must
 * fail the whole step with MANA_EILLEGAL and change no game.  After each
 * step the observations, masks, rewards and done flags equal those of the
 * single games.
 */
#include "fuzz.h"

#define MAXN 8

struct run {
    mana_batch *b;
    mana_game *shadow[MAXN];
    int n, view;
    uint8_t obs[MAXN * MANA_OBSERVATION_SIZE], masks[MAXN * MANA_ACTION_COUNT];
};

/* Returns the k-th legal id of mask (k below the count). */
static int32_t nth_legal(const uint8_t *mask, int k)
{
    for (int a = 0; a < MANA_ACTION_COUNT; a++)
        if (mask[a] && k-- == 0)
            return a;
    return 0;
}

/* Checks game i's outputs against its single game after actions[i]. */
static void check_game(struct run *r, int i, int32_t action, float reward, uint8_t done)
{
    mana_game *s = r->shadow[i];
    mana_move m = 0;
    int mover = mana_side_to_move(s);
    FUZZ_CHECK(s, mana_action_to_move(s, action, &m) == MANA_OK && mana_play(s, m) == MANA_OK, "game %d: id %d", i,
               action);
    int st = mana_status(s);
    if (st == MANA_SETUP || st == MANA_PLAYING) {
        FUZZ_CHECK(s, done == MANA_BATCH_RUNNING && reward == 0.0f, "game %d running", i);
        FUZZ_CHECK(s, mana_hash(s) == mana_hash(mana_batch_game(r->b, i)), "game %d hash", i);
    } else {
        float want = st == MANA_DRAWN ? 0.0f : (st == MANA_WHITE_WON) == (mover == MANA_WHITE) ? 1.0f : -1.0f;
        FUZZ_CHECK(s, done != MANA_BATCH_RUNNING && reward == want, "game %d finished: done %d reward %g", i, done,
                   (double)reward);
        mana_free(s);
        r->shadow[i] = s = mana_clone(mana_batch_game(r->b, i));
    }
    uint8_t one[MANA_OBSERVATION_SIZE > MANA_ACTION_COUNT ? MANA_OBSERVATION_SIZE : MANA_ACTION_COUNT];
    mana_legal_action_mask(s, one, sizeof one);
    FUZZ_CHECK(s, memcmp(one, r->masks + i * MANA_ACTION_COUNT, MANA_ACTION_COUNT) == 0, "game %d mask", i);
    mana_observation(s, r->view, one, sizeof one);
    FUZZ_CHECK(s, memcmp(one, r->obs + i * MANA_OBSERVATION_SIZE, MANA_OBSERVATION_SIZE) == 0, "game %d observation",
               i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    static struct run r;
    r.n = 1 + (data[0] & 7);
    r.view = (data[0] >> 5) & 1;
    mana_game *start = mana_new((data[0] >> 3) & 1);
    FUZZ_CHECK(start, start && mana_set_option(start, MANA_OPT_PLY_LIMIT, data[1]) == MANA_OK, "start");
    r.b = mana_batch_new(start, r.n, data[1], (data[0] >> 4) & 1);
    FUZZ_CHECK(start, r.b != NULL, "mana_batch_new");
    FUZZ_CHECK(start, mana_batch_observe(r.b, r.view, r.obs, r.masks) == MANA_OK, "observe");
    for (int i = 0; i < r.n; i++)
        r.shadow[i] = mana_clone(mana_batch_game(r.b, i));
    for (size_t pos = 2; pos + (size_t)r.n <= size; pos += (size_t)r.n) {
        int32_t actions[MAXN];
        int illegal = 0;
        for (int i = 0; i < r.n; i++) {
            const uint8_t *mask = r.masks + i * MANA_ACTION_COUNT;
            int count = mana_legal_moves(r.shadow[i], NULL, 0), byte = data[pos + (size_t)i];
            FUZZ_CHECK(r.shadow[i], count > 0, "game %d of the batch has no legal move", i);
            if (byte == 0xFF) /* id 3 (a1-a2 relative) when not legal, else past the end */
                actions[i] = mask[3] ? MANA_ACTION_COUNT : 3;
            else
                actions[i] = nth_legal(mask, byte % count);
            illegal |= byte == 0xFF;
        }
        float rewards[MAXN];
        uint8_t dones[MAXN];
        int rc = mana_batch_step(r.b, actions, r.view, r.obs, r.masks, rewards, dones);
        if (illegal) {
            FUZZ_CHECK(NULL, rc == MANA_EILLEGAL, "illegal step accepted (%d)", rc);
            for (int i = 0; i < r.n; i++)
                FUZZ_CHECK(r.shadow[i], mana_hash(r.shadow[i]) == mana_hash(mana_batch_game(r.b, i)),
                           "a refused step changed game %d", i);
            continue;
        }
        FUZZ_CHECK(NULL, rc == MANA_OK, "step failed: %d", rc);
        for (int i = 0; i < r.n; i++)
            check_game(&r, i, actions[i], rewards[i], dones[i]);
    }
    for (int i = 0; i < r.n; i++)
        mana_free(r.shadow[i]);
    mana_batch_free(r.b);
    mana_free(start);
    return 0;
}
