/* SPDX-License-Identifier: MIT */
/*
 * Dense action ids (the numbering documented in mana.h): move <-> id, the
 * legal-action mask and the symmetries of ids.  Ids are relative to the
 * side to move: Black's squares are turned half a turn (sq -> 35 - sq).
 */
#include <string.h>

#include "gen.h"
#include "ml.h"

/* The 24 offsets (df, dr) of a step's end from its start, by id k. */
static const int8_t off_df[24] = {0, -1, 1, 0, 0, -1, 1, -2, 2, -1, 1, 0,
                                  0, -1, 1, -2, 2, -3, 3, -2, 2, -1, 1, 0};
static const int8_t off_dr[24] = {-1, 0, 0, 1, -2, -1, -1, 0, 0, 1, 1, 2,
                                  -3, -2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 3};
/* The inverse: off_index[dr + 3][df + 3] = k, or -1 (not 1..3 away). */
static const int8_t off_index[7][7] = {
    {-1, -1, -1, 12, -1, -1, -1},
    {-1, -1, 13, 4, 14, -1, -1},
    {-1, 15, 5, 0, 6, 16, -1},
    {17, 7, 1, -1, 2, 8, 18},
    {-1, 19, 9, 3, 10, 20, -1},
    {-1, -1, 21, 11, 22, -1, -1},
    {-1, -1, -1, 23, -1, -1, -1},
};

/* Returns the square sq seen by side (a half turn for Black); its own
 * inverse. */
static inline int rel_sq(int side, int sq)
{
    return side == MANA_BLACK ? 35 - sq : sq;
}

/* Returns the step id of the relative squares from -> to, or -1 if to is
 * not 1 to 3 squares from from. */
static inline int step_id(int from, int to)
{
    int df = to % 6 - from % 6, dr = to / 6 - from / 6;
    if (df < -3 || df > 3 || dr < -3 || dr > 3)
        return -1;
    int k = off_index[dr + 3][df + 3];
    return k < 0 ? -1 : MANA_ACTION_STEP + 24 * from + k;
}

/* Returns the relative end square of step id a, or -1 if off the board;
 * *from gets the relative start. */
static inline int step_end(int a, int *from)
{
    int f = a / 24, k = a % 24;
    int file = f % 6 + off_df[k], rank = f / 6 + off_dr[k];
    *from = f;
    if (file < 0 || file > 5 || rank < 0 || rank > 5)
        return -1;
    return 6 * rank + file;
}

/* The step ids of every (from, to) pair of absolute squares for each side
 * to move, -1 where to is not 1 to 3 squares from from: the numbering of
 * mana.h as constant expressions (k = 2d(d - 1) for the distance d, plus 0
 * for dr = -d, 4d - 1 for dr = d, else 1 + 2(dr + d - 1) + (df > 0)).
 * mana_move_to_action uses it, so the round trips of the action suite
 * (mana_action_to_move decodes with off_df / off_dr) check every entry. */
#define REL(side, sq) ((side) ? 35 - (sq) : (sq))
#define DF(f, t) ((t) % 6 - (f) % 6)
#define DR(f, t) ((t) / 6 - (f) / 6)
#define ABS_(x) ((x) < 0 ? -(x) : (x))
#define DIST(f, t) (ABS_(DF(f, t)) + ABS_(DR(f, t)))
#define KIN(f, t, d) (DR(f, t) == -(d) ? 0 : DR(f, t) == (d) ? 4 * (d) - 1 \
                      : 1 + 2 * (DR(f, t) + (d) - 1) + (DF(f, t) > 0))
#define SID(f, t) (DIST(f, t) < 1 || DIST(f, t) > 3 ? -1 \
                   : 24 * (f) + 2 * DIST(f, t) * (DIST(f, t) - 1) + KIN(f, t, DIST(f, t)))
#define ID(s, f, t) ((int16_t)SID(REL(s, f), REL(s, t)))
#define ROW6(s, f, t) ID(s, f, t), ID(s, f, t + 1), ID(s, f, t + 2), ID(s, f, t + 3), \
                      ID(s, f, t + 4), ID(s, f, t + 5)
#define ROW(s, f) {ROW6(s, f, 0), ROW6(s, f, 6), ROW6(s, f, 12), ROW6(s, f, 18), \
                   ROW6(s, f, 24), ROW6(s, f, 30)}
#define ROWS6(s, f) ROW(s, f), ROW(s, f + 1), ROW(s, f + 2), ROW(s, f + 3), ROW(s, f + 4), \
                    ROW(s, f + 5)
#define SIDE(s) {ROWS6(s, 0), ROWS6(s, 6), ROWS6(s, 12), ROWS6(s, 18), ROWS6(s, 24), \
                 ROWS6(s, 30)}
static const int16_t step_ids[2][36][36] = {SIDE(0), SIDE(1)};

/* The id of move m (well formed) for side to move `side`, or -1. */
static inline int action_of(int side, mana_move m)
{
    int kind = MANA_MOVE_KIND(m), from = MANA_MOVE_FROM(m), to = MANA_MOVE_TO(m);
    if (m >> 15 || from > 35 || to > 35)
        return -1;
    switch (kind) {
    case MANA_MOVE_STEP:
        return step_ids[side][from][to];
    case MANA_MOVE_DROP_RONIN:
        return from == 0 ? MANA_ACTION_RONIN + rel_sq(side, to) : -1;
    case MANA_MOVE_DROP_DAMYO:
        return from == 0 ? MANA_ACTION_DAMYO + rel_sq(side, to) : -1;
    case MANA_MOVE_ORIENT:
        if (from != 0 || to > 3)
            return -1;
        return MANA_ACTION_ORIENT + (side == MANA_BLACK ? (to + 2) % 4 : to);
    case MANA_MOVE_PASS:
        return from == 0 && to == 0 ? MANA_ACTION_PASS : -1;
    default:
        return -1;
    }
}

MANA_API int mana_move_to_action(const mana_game *g, mana_move m)
{
    if (!g)
        return mana__fail(MANA_EINVAL, "mana_move_to_action: game is NULL");
    int a = action_of(g->pos.side, m);
    if (a < 0)
        return mana__fail(MANA_EINVAL, "mana_move_to_action: move 0x%x is not a well-formed move "
                          "(a step must end 1 to 3 squares from its start)", (unsigned)m);
    return a;
}

/* The move of id a (0 .. MANA_ACTION_COUNT - 1) for side, or
 * MANA_MOVE_NONE for a step off the board. */
static mana_move move_of(int side, int a)
{
    if (a < MANA_ACTION_RONIN) {
        int from, to = step_end(a, &from);
        if (to < 0)
            return MANA_MOVE_NONE;
        return MANA_MOVE_MAKE(MANA_MOVE_STEP, rel_sq(side, from), rel_sq(side, to));
    }
    if (a < MANA_ACTION_DAMYO)
        return MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, rel_sq(side, a - MANA_ACTION_RONIN));
    if (a < MANA_ACTION_ORIENT)
        return MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, rel_sq(side, a - MANA_ACTION_DAMYO));
    if (a < MANA_ACTION_PASS) {
        int k = a - MANA_ACTION_ORIENT;
        return MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, side == MANA_BLACK ? (k + 2) % 4 : k);
    }
    return MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0);
}

MANA_API int mana_action_to_move(const mana_game *g, int action, mana_move *out)
{
    if (!g || !out)
        return mana__fail(MANA_EINVAL, "mana_action_to_move: %s is NULL", g ? "out" : "game");
    if (action < 0 || action >= MANA_ACTION_COUNT)
        return mana__fail(MANA_EINVAL, "mana_action_to_move: action %d outside 0..%d", action,
                          MANA_ACTION_COUNT - 1);
    mana_move m = move_of(g->pos.side, action);
    if (m == MANA_MOVE_NONE)
        return mana__fail(MANA_EINVAL, "mana_action_to_move: step action %d ends off the board", action);
    *out = m;
    return MANA_OK;
}

mana_move mana__action_move(const struct mana_game *g, int a)
{
    return move_of(g->pos.side, a);
}

/* Where the mask sink (gen.h) writes: the mask and the side to move. */
struct mask_out {
    uint8_t *mask;
    int side;
};

/* The sink of the legal-action mask: sets the byte of each move's id. */
static int mask_sink(void *ctx, int kind, int from, mana_bb to, int n)
{
    const struct mask_out *o = ctx;
    if (kind == MANA_MOVE_STEP) {
        const int16_t *ids = step_ids[o->side][from];
        for (; to; n++)
            o->mask[ids[bb_pop(&to)]] = 1;
        return n;
    }
    for (; to; n++)
        o->mask[action_of(o->side, MANA_MOVE_MAKE(kind, 0, bb_pop(&to)))] = 1;
    return n;
}

int mana__action_mask(const struct mana_game *g, uint8_t *mask)
{
    struct mask_out o = {mask, g->pos.side};
    memset(mask, 0, MANA_ACTION_COUNT);
    if (g->pos.status == MANA_PLAYING)
        return gen_play(&g->pos, g->opt, mask_sink, &o);
    mana_move list[MANA_MAX_MOVES];
    int n = mana__moves(g, list);
    for (int i = 0; i < n; i++)
        mask[action_of(o.side, list[i])] = 1;
    return n;
}

MANA_API int mana_legal_action_mask(const mana_game *g, uint8_t *mask, size_t size)
{
    if (!g || !mask)
        return mana__fail(MANA_EINVAL, "mana_legal_action_mask: %s is NULL", g ? "mask" : "game");
    if (size < MANA_ACTION_COUNT)
        return mana__fail(MANA_ESPACE, "mana_legal_action_mask: %zu bytes, %d needed", size,
                          MANA_ACTION_COUNT);
    return mana__action_mask(g, mask);
}

/* Returns square sq turned a quarter turn clockwise: (file, rank) ->
 * (rank, 5 - file). */
static inline int turn_sq(int sq)
{
    return 6 * (5 - sq % 6) + sq / 6;
}

/* Returns id a (valid) turned one quarter turn clockwise. */
static int turn_once(int a)
{
    if (a < MANA_ACTION_RONIN) {
        int from, to = step_end(a, &from);
        return step_id(turn_sq(from), turn_sq(to));
    }
    if (a < MANA_ACTION_DAMYO)
        return MANA_ACTION_RONIN + turn_sq(a - MANA_ACTION_RONIN);
    if (a < MANA_ACTION_ORIENT)
        return MANA_ACTION_DAMYO + turn_sq(a - MANA_ACTION_DAMYO);
    if (a < MANA_ACTION_PASS)
        return MANA_ACTION_ORIENT + (a - MANA_ACTION_ORIENT + 1) % 4;
    return a;
}

MANA_API int mana_action_transform(int action, int quarter_turns)
{
    int from;
    if (action < 0 || action >= MANA_ACTION_COUNT)
        return mana__fail(MANA_EINVAL, "mana_action_transform: action %d outside 0..%d", action,
                          MANA_ACTION_COUNT - 1);
    if (quarter_turns < 0 || quarter_turns > 3)
        return mana__fail(MANA_EINVAL, "mana_action_transform: %d quarter turns (0..3)", quarter_turns);
    if (action < MANA_ACTION_RONIN && step_end(action, &from) < 0)
        return mana__fail(MANA_EINVAL, "mana_action_transform: step action %d ends off the board", action);
    for (int i = 0; i < quarter_turns; i++)
        action = turn_once(action);
    return action;
}
