/* SPDX-License-Identifier: MIT */
/*
 * Batched games (mana.h "Batched games"): N games stepped by action id in
 * one call, finished games reset at once, random playouts.  Every game's
 * history is reserved when the batch is made, so stepping allocates
 * nothing in the common case.
 */
#include <stdlib.h>
#include <string.h>

#include "ml.h"

struct mana_batch {
    int n, flags;
    uint64_t seed;
    struct mana_game start; /* the state every game is reset to */
    struct mana_game *games;
    uint64_t *finished; /* games each slot has finished (seed derivation) */
    uint64_t *rng;      /* each slot's playout generator */
};

/* Returns the next number of a splitmix64 sequence kept in *state. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Returns a seed derived from the batch seed, a slot and a counter. */
static uint64_t derive(uint64_t seed, uint64_t slot, uint64_t count)
{
    uint64_t s = seed ^ (slot * 0xD1B54A32D192ED03ULL);
    s = next_random(&s) ^ (count * 0x8CB92BA72F3D8DD7ULL);
    return next_random(&s);
}

/* Puts slot i back to the start state, its setup completed at random with
 * MANA_BATCH_RANDOM_SETUP.  The history has room (reserved by new). */
static void reset_game(struct mana_batch *b, int i)
{
    struct mana_game *g = &b->games[i];
    struct mana_undo *hist = g->hist;
    uint32_t cap = g->cap;
    *g = b->start;
    g->hist = hist;
    g->cap = cap;
    if (b->start.len)
        memcpy(hist, b->start.hist, b->start.len * sizeof *hist);
    if ((b->flags & MANA_BATCH_RANDOM_SETUP) && g->pos.status == MANA_SETUP)
        mana_setup_random(g, derive(b->seed, (uint64_t)i, b->finished[i]));
}

static int is_over(int status)
{
    return status != MANA_SETUP && status != MANA_PLAYING;
}

MANA_API void mana_batch_free(mana_batch *b)
{
    if (!b)
        return;
    for (int i = 0; b->games && i < b->n; i++)
        free(b->games[i].hist);
    free(b->games);
    free(b->finished);
    free(b->rng);
    free(b->start.hist);
    free(b);
}

/* The history room a game of the batch gets beyond start's moves:
 * MANA_BATCH_HISTORY plies, or as many as a game can have when the
 * ply-limit option ends it sooner (the limit, plus the setup's orientation
 * and placements when start is in setup). */
static uint32_t batch_plies(const struct mana_game *start)
{
    uint32_t limit = (uint32_t)start->opt[MANA_OPT_PLY_LIMIT];
    uint32_t setup = start->pos.status == MANA_SETUP ? 1 + 2 * MANA_PIECE_COUNT : 0;
    return limit && limit + setup < MANA_BATCH_HISTORY ? limit + setup : MANA_BATCH_HISTORY;
}

/* Copies start into b->start and gives every slot its history room;
 * MANA_ENOMEM on failure (the caller frees b). */
static int batch_alloc(struct mana_batch *b, const struct mana_game *start)
{
    b->games = calloc((size_t)b->n, sizeof *b->games);
    b->finished = calloc((size_t)b->n, sizeof *b->finished);
    b->rng = calloc((size_t)b->n, sizeof *b->rng);
    if (!b->games || !b->finished || !b->rng)
        return MANA_ENOMEM;
    b->start = *start;
    b->start.hist = NULL;
    b->start.len = b->start.cap = 0;
    if (mana__reserve_history(&b->start, start->len + 1) != MANA_OK)
        return MANA_ENOMEM;
    if (start->len)
        memcpy(b->start.hist, start->hist, start->len * sizeof *start->hist);
    b->start.len = start->len;
    uint32_t room = start->len + batch_plies(start);
    for (int i = 0; i < b->n; i++)
        if (mana__reserve_history(&b->games[i], room) != MANA_OK)
            return MANA_ENOMEM;
    return MANA_OK;
}

MANA_API mana_batch *mana_batch_new(const mana_game *start, int n, uint64_t seed, int flags)
{
    if (!start || n < 1 || n > MANA_BATCH_MAX || (flags & ~MANA_BATCH_RANDOM_SETUP)) {
        mana__fail(MANA_EINVAL, "mana_batch_new: %s",
                   !start                          ? "start is NULL"
                   : (n < 1 || n > MANA_BATCH_MAX) ? "n outside 1.." MANA__STR(MANA_BATCH_MAX)
                                                   : "unknown flags");
        return NULL;
    }
    int status = mana__status(start);
    if (is_over(status)) {
        mana__fail_over(status);
        return NULL;
    }
    struct mana_batch *b = calloc(1, sizeof *b);
    if (!b || (b->n = n, batch_alloc(b, start)) != MANA_OK) {
        mana_batch_free(b);
        mana__fail(MANA_ENOMEM, "mana_batch_new: out of memory for %s", mana__count(n, "game").s);
        return NULL;
    }
    b->flags = flags;
    mana_batch_reset(b, seed);
    return b;
}

MANA_API int mana_batch_size(const mana_batch *b)
{
    return b ? b->n : mana__fail(MANA_EINVAL, "mana_batch_size: batch is NULL");
}

MANA_API const mana_game *mana_batch_game(const mana_batch *b, int i)
{
    if (!b || i < 0 || i >= b->n) {
        mana__fail(MANA_EINVAL, "mana_batch_game: %s", b ? "index out of range" : "batch is NULL");
        return NULL;
    }
    return &b->games[i];
}

MANA_API int mana_batch_reset(mana_batch *b, uint64_t seed)
{
    if (!b)
        return mana__fail(MANA_EINVAL, "mana_batch_reset: batch is NULL");
    b->seed = seed;
    for (int i = 0; i < b->n; i++) {
        b->finished[i] = 0;
        b->rng[i] = derive(seed, (uint64_t)i, UINT64_MAX);
        reset_game(b, i);
    }
    return MANA_OK;
}

/* Writes the observation and mask of slot i (either pointer may be NULL). */
static void observe_one(const struct mana_batch *b, int i, int flags, uint8_t *obs, uint8_t *masks)
{
    if (obs)
        mana__observe(&b->games[i], flags, obs + (size_t)i * MANA_OBSERVATION_SIZE);
    if (masks)
        mana__action_mask(&b->games[i], masks + (size_t)i * MANA_ACTION_COUNT);
}

MANA_API int mana_batch_observe(const mana_batch *b, int flags, uint8_t *obs, uint8_t *masks)
{
    if (!b)
        return mana__fail(MANA_EINVAL, "mana_batch_observe: batch is NULL");
    if (flags != MANA_OBS_ABSOLUTE && flags != MANA_OBS_SIDE_TO_MOVE)
        return mana__fail(MANA_EINVAL, "mana_batch_observe: unknown flags %d", flags);
    for (int i = 0; i < b->n; i++)
        observe_one(b, i, flags, obs, masks);
    return MANA_OK;
}

/* Checks every action; MANA_EILLEGAL naming the first bad one. */
static int check_actions(const struct mana_batch *b, const int32_t *actions)
{
    for (int i = 0; i < b->n; i++) {
        int32_t a = actions[i];
        if (a < 0 || a >= MANA_ACTION_COUNT)
            return mana__fail(MANA_EILLEGAL, "mana_batch_step: game %d: action %ld outside 0..%d", i, (long)a,
                              MANA_ACTION_COUNT - 1);
        mana_move m = mana__action_move(&b->games[i], a);
        if (m == MANA_MOVE_NONE || !mana__is_legal(&b->games[i], m))
            return mana__fail(MANA_EILLEGAL, "mana_batch_step: game %d: action %ld is not legal", i, (long)a);
    }
    return MANA_OK;
}

/* The done flag and the mover's reward of game g, finished with status. */
static uint8_t finish_kind(const struct mana_game *g, int status, int mover, float *reward)
{
    int limit = g->opt[MANA_OPT_PLY_LIMIT];
    *reward = status == MANA_DRAWN ? 0.0f : (status == MANA_WHITE_WON) == (mover == MANA_WHITE) ? 1.0f : -1.0f;
    if (status == MANA_DRAWN && limit && g->len - g->play_start >= (uint32_t)limit)
        return MANA_BATCH_TRUNCATED;
    return MANA_BATCH_TERMINATED;
}

MANA_API int mana_batch_step(mana_batch *b, const int32_t *actions, int flags, uint8_t *obs, uint8_t *masks,
                             float *rewards, uint8_t *dones)
{
    if (!b || !actions)
        return mana__fail(MANA_EINVAL, "mana_batch_step: %s is NULL", b ? "actions" : "batch");
    if (flags != MANA_OBS_ABSOLUTE && flags != MANA_OBS_SIDE_TO_MOVE)
        return mana__fail(MANA_EINVAL, "mana_batch_step: unknown flags %d", flags);
    int err = check_actions(b, actions);
    if (err)
        return err;
    for (int i = 0; i < b->n; i++) {
        struct mana_game *g = &b->games[i];
        int mover = g->pos.side;
        if (mana__do(g, mana__action_move(g, actions[i])) != MANA_OK)
            return mana__fail(MANA_ENOMEM, "mana_batch_step: game %d: cannot grow the history", i);
        int status = mana__status(g);
        float reward = 0.0f;
        uint8_t done = MANA_BATCH_RUNNING;
        if (is_over(status)) {
            done = finish_kind(g, status, mover, &reward);
            b->finished[i]++;
            reset_game(b, i);
        }
        if (rewards)
            rewards[i] = reward;
        if (dones)
            dones[i] = done;
        observe_one(b, i, flags, obs, masks);
    }
    return MANA_OK;
}

/* Plays slot i to its end with random moves; returns the final status, or
 * MANA_ENOMEM.  *plies gets the moves played. */
static int playout_one(struct mana_batch *b, int i, int32_t *plies)
{
    struct mana_game *g = &b->games[i];
    mana_move list[MANA_MAX_MOVES];
    int32_t played = 0;
    for (;;) {
        int n = mana__moves(g, list);
        if (n == 0)
            break;
        if (mana__do(g, list[next_random(&b->rng[i]) % (uint64_t)n]) != MANA_OK)
            return MANA_ENOMEM;
        played++;
    }
    *plies = played;
    return mana__status(g);
}

MANA_API int mana_batch_playout(mana_batch *b, int32_t *results, int32_t *plies)
{
    if (!b)
        return mana__fail(MANA_EINVAL, "mana_batch_playout: batch is NULL");
    for (int i = 0; i < b->n; i++) {
        int32_t played = 0;
        int status = playout_one(b, i, &played);
        if (status < 0)
            return mana__fail(MANA_ENOMEM, "mana_batch_playout: game %d: cannot grow the history", i);
        if (results)
            results[i] = status;
        if (plies)
            plies[i] = played;
        b->finished[i]++;
        reset_game(b, i);
    }
    return MANA_OK;
}
