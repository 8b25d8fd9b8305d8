/* SPDX-License-Identifier: MIT */
/*
 * Observation planes (layout in mana.h) and the whole board in one call.
 */
#include <string.h>

#include "ml.h"

/* spread[r][x]: the 8 bits of x as 8 bytes 0/1, bit i in byte i (r = 0)
 * or byte 7 - i (r = 1) of the word as stored in memory (either byte
 * order). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SPREAD_BYTE(x, i, r) ((uint64_t)(((x) >> (i)) & 1) << (8 * ((r) ? (i) : 7 - (i))))
#else
#define SPREAD_BYTE(x, i, r) ((uint64_t)(((x) >> (i)) & 1) << (8 * ((r) ? 7 - (i) : (i))))
#endif
#define SPREAD(x, r)                                                                             \
    (SPREAD_BYTE(x, 0, r) | SPREAD_BYTE(x, 1, r) | SPREAD_BYTE(x, 2, r) | SPREAD_BYTE(x, 3, r) | \
     SPREAD_BYTE(x, 4, r) | SPREAD_BYTE(x, 5, r) | SPREAD_BYTE(x, 6, r) | SPREAD_BYTE(x, 7, r))
#define SPREAD4(x, r) SPREAD(x, r), SPREAD((x) + 1, r), SPREAD((x) + 2, r), SPREAD((x) + 3, r)
#define SPREAD16(x, r) SPREAD4(x, r), SPREAD4((x) + 4, r), SPREAD4((x) + 8, r), SPREAD4((x) + 12, r)
#define SPREAD64(x, r) SPREAD16(x, r), SPREAD16((x) + 16, r), SPREAD16((x) + 32, r), SPREAD16((x) + 48, r)
#define SPREAD256(r)                                                        \
    {                                                                       \
        SPREAD64(0, r), SPREAD64(64, r), SPREAD64(128, r), SPREAD64(192, r) \
    }
static const uint64_t spread[2][256] = {SPREAD256(0), SPREAD256(1)};

/* Writes the 36 squares of b to plane[0..35] as bytes 0/1, eight at a
 * time from the table: square sq to cell sq, or with rot to cell 35 - sq
 * (bits 8j..8j+7 reversed into cells 28-8j..35-8j, bits 32..35 from the
 * last 4 bytes of their word into cells 0..3).  Each word is stored
 * straight into the plane. */
static inline void put_set(uint8_t *plane, mana_bb b, int rot)
{
    const uint64_t *t = spread[rot];
    uint64_t w[5] = {t[b & 0xFF], t[(b >> 8) & 0xFF], t[(b >> 16) & 0xFF], t[(b >> 24) & 0xFF], t[(b >> 32) & 0xFF]};
    if (rot) {
        for (int j = 0; j < 4; j++)
            memcpy(plane + 28 - 8 * j, &w[j], 8);
        memcpy(plane, (const uint8_t *)&w[4] + 4, 4);
    } else {
        for (int j = 0; j < 4; j++)
            memcpy(plane + 8 * j, &w[j], 8);
        memcpy(plane + 32, &w[4], 4);
    }
}

/* Returns the Ronins of colour c in reserve (0 in setup). */
static inline int reserve_of(const struct mana_pos *p, int c)
{
    return p->status == MANA_SETUP ? 0 : mana__ronins_off_board(p, c);
}

void mana__observe(const struct mana_game *g, int flags, uint8_t *planes)
{
    const struct mana_pos *p = &g->pos;
    int pov = flags == MANA_OBS_SIDE_TO_MOVE;
    int a = pov ? p->side : MANA_WHITE, b = !a, rot = pov && p->side == MANA_BLACK;
    mana_bb sets[8] = {
        p->occ[a] & p->damyo, p->occ[a] & ~p->damyo, p->occ[b] & p->damyo, p->occ[b] & ~p->damyo, 0, 0, 0, 0};
    if (p->orient >= 0) {
        for (int m = 0; m < 3; m++)
            sets[4 + m] = bb_marks[p->orient][m];
        if (p->mana)
            sets[7] = bb_marks[p->orient][p->mana - 1];
    }
    for (int i = 0; i < 8; i++)
        put_set(planes + i * MANA_SQUARE_COUNT, sets[i], rot);
    memset(planes + 8 * MANA_SQUARE_COUNT, p->side == MANA_BLACK, MANA_SQUARE_COUNT);
    memset(planes + 9 * MANA_SQUARE_COUNT, reserve_of(p, a), MANA_SQUARE_COUNT);
    memset(planes + 10 * MANA_SQUARE_COUNT, reserve_of(p, b), MANA_SQUARE_COUNT);
    memset(planes + 11 * MANA_SQUARE_COUNT, p->status == MANA_SETUP, MANA_SQUARE_COUNT);
}

MANA_API int mana_observation(const mana_game *g, int flags, uint8_t *planes, size_t size)
{
    if (!g || !planes)
        return mana__fail(MANA_EINVAL, "mana_observation: %s is NULL", g ? "planes" : "game");
    if (flags != MANA_OBS_ABSOLUTE && flags != MANA_OBS_SIDE_TO_MOVE)
        return mana__fail(MANA_EINVAL, "mana_observation: unknown flags %d (0 absolute, 1 side to move)", flags);
    if (size < MANA_OBSERVATION_SIZE)
        return mana__fail(MANA_ESPACE, "mana_observation: %s, %d needed", mana__count((long long)size, "byte").s,
                          MANA_OBSERVATION_SIZE);
    mana__observe(g, flags, planes);
    return MANA_OBSERVATION_SIZE;
}

MANA_API int mana_board(const mana_game *g, char *out, size_t size)
{
    if (!g || !out)
        return mana__fail(MANA_EINVAL, "mana_board: %s is NULL", g ? "out" : "game");
    if (size < MANA_SQUARE_COUNT)
        return mana__fail(MANA_ESPACE, "mana_board: %s, %d needed", mana__count((long long)size, "byte").s,
                          MANA_SQUARE_COUNT);
    const struct mana_pos *p = &g->pos;
    memset(out, 0, MANA_SQUARE_COUNT);
    static const char code[2][2] = {{'R', 'D'}, {'r', 'd'}};
    for (int c = 0; c < 2; c++)
        for (mana_bb b = p->occ[c]; b;) {
            int sq = bb_pop(&b);
            out[sq] = code[c][(p->damyo >> sq) & 1];
        }
    return MANA_SQUARE_COUNT;
}
