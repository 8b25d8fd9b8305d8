/* SPDX-License-Identifier: MIT */
/*
 * A random setup (mana_setup_random, docs/rules.md "Setup"): legal setup
 * moves drawn from a seeded splitmix64 sequence and played until the play
 * phase begins.  On top of setup.c (the legal setup moves) and play.c
 * (playing them).
 */
#include "game.h"

/* Returns the next number of a splitmix64 sequence kept in *state. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Returns the k-th (from 0, lowest first) square of b, which has more
 * than k squares. */
static int nth_square(mana_bb b, int k)
{
    while (k-- > 0)
        b &= b - 1;
    return bb_first(b);
}

/* Returns the setup move at index next_random % n of mana__setup_moves's
 * list (n moves), without writing the list; MANA_MOVE_NONE if n = 0. */
static mana_move random_setup_move(const struct mana_game *g, uint64_t *state)
{
    if (g->pos.orient < 0) {
        mana_move list[4];
        int n = mana__setup_moves(g, list);
        return n ? list[next_random(state) % (uint64_t)n] : MANA_MOVE_NONE;
    }
    mana_bb d, r;
    mana__setup_placements(g, &d, &r);
    int nd = bb_count(d), n = nd + bb_count(r);
    if (n == 0)
        return MANA_MOVE_NONE;
    int k = (int)(next_random(state) % (uint64_t)n);
    if (k < nd)
        return MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, nth_square(d, k));
    return MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, nth_square(r, k - nd));
}

MANA_API int mana_setup_random(mana_game *g, uint64_t seed)
{
    if (!g)
        return mana__fail(MANA_EINVAL, "mana_setup_random: game is NULL");
    if (g->pos.status != MANA_SETUP)
        return mana__fail(MANA_ESTATE, "mana_setup_random: the setup is already complete");
    if (mana__reserve_history(g, 13) != MANA_OK)
        return mana__fail(MANA_ENOMEM, "mana_setup_random: cannot grow the history");
    uint64_t state = seed;
    while (g->pos.status == MANA_SETUP) {
        mana_move m = random_setup_move(g, &state);
        if (m == MANA_MOVE_NONE) /* cannot happen: the dead-lock rule forbids it */
            return mana__fail(MANA_ESTATE, "mana_setup_random: no legal setup move");
        mana__do(g, m);
    }
    return MANA_OK;
}
