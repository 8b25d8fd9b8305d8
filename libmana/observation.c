/* SPDX-License-Identifier: MIT */
/*
 * Observation planes (layout in mana.h) and the whole board in one call.
 */
#include <string.h>

#include "ml.h"

/* Sets cell (square sq, turned when rot) of plane to 1 for every square of
 * b. */
static inline void put_set(uint8_t *plane, mana_bb b, int rot)
{
    while (b) {
        int sq = bb_pop(&b);
        plane[rot ? 35 - sq : sq] = 1;
    }
}

/* Returns the Ronins of colour c in reserve (5 minus those on the board;
 * 0 in setup). */
static inline int reserve_of(const struct mana_pos *p, int c)
{
    return p->status == MANA_SETUP ? 0 : 5 - bb_count(p->occ[c] & ~p->damyo);
}

void mana__observe(const struct mana_game *g, int flags, uint8_t *planes)
{
    const struct mana_pos *p = &g->pos;
    int pov = flags == MANA_OBS_SIDE_TO_MOVE;
    int a = pov ? p->side : MANA_WHITE, b = !a, rot = pov && p->side == MANA_BLACK;
    memset(planes, 0, 8 * 36);
    put_set(planes + 0 * 36, p->occ[a] & p->damyo, rot);
    put_set(planes + 1 * 36, p->occ[a] & ~p->damyo, rot);
    put_set(planes + 2 * 36, p->occ[b] & p->damyo, rot);
    put_set(planes + 3 * 36, p->occ[b] & ~p->damyo, rot);
    if (p->orient >= 0) {
        for (int m = 0; m < 3; m++)
            put_set(planes + (4 + m) * 36, bb_marks[p->orient][m], rot);
        if (p->mana)
            put_set(planes + 7 * 36, bb_marks[p->orient][p->mana - 1], rot);
    }
    memset(planes + 8 * 36, p->side == MANA_BLACK, 36);
    memset(planes + 9 * 36, reserve_of(p, a), 36);
    memset(planes + 10 * 36, reserve_of(p, b), 36);
    memset(planes + 11 * 36, p->status == MANA_SETUP, 36);
}

MANA_API int mana_observation(const mana_game *g, int flags, uint8_t *planes, size_t size)
{
    if (!g || !planes)
        return mana__fail(MANA_EINVAL, "mana_observation: %s is NULL", g ? "planes" : "game");
    if (flags != MANA_OBS_ABSOLUTE && flags != MANA_OBS_SIDE_TO_MOVE)
        return mana__fail(MANA_EINVAL, "mana_observation: unknown flags %d (0 absolute, 1 side to move)",
                          flags);
    if (size < MANA_OBSERVATION_SIZE)
        return mana__fail(MANA_ESPACE, "mana_observation: %zu bytes, %d needed", size,
                          MANA_OBSERVATION_SIZE);
    mana__observe(g, flags, planes);
    return MANA_OBSERVATION_SIZE;
}

MANA_API int mana_board(const mana_game *g, char *out, size_t size)
{
    if (!g || !out)
        return mana__fail(MANA_EINVAL, "mana_board: %s is NULL", g ? "out" : "game");
    if (size < 36)
        return mana__fail(MANA_ESPACE, "mana_board: %zu bytes, 36 needed", size);
    const struct mana_pos *p = &g->pos;
    memset(out, 0, 36);
    static const char code[2][2] = {{'R', 'D'}, {'r', 'd'}};
    for (int c = 0; c < 2; c++)
        for (mana_bb b = p->occ[c]; b;) {
            int sq = bb_pop(&b);
            out[sq] = code[c][(p->damyo >> sq) & 1];
        }
    return 36;
}
