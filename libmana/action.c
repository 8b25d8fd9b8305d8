/* SPDX-License-Identifier: MIT */
/*
 * Dense action ids (the numbering documented in mana.h): move <-> id, the
 * legal-action mask and the symmetries of ids.  Ids are relative to the
 * side to move: Black's squares are turned half a turn (sq -> 35 - sq).
 */
#include <string.h>

#include "action_steps.h"
#include "gen.h"
#include "ml.h"
#include "tables.h"

/* Returns the square sq seen by side (a half turn for Black); its own
 * inverse. */
static inline int rel_sq(int side, int sq)
{
    return side == MANA_BLACK ? MANA_SQUARE_COUNT - 1 - sq : sq;
}

/* Returns the relative end square of step id a, or -1 if off the board;
 * *from gets the relative start. */
static inline int step_end(int a, int *from)
{
    int f = a / 24, k = a % 24;
    int file = bb_file(f) + off_df[k], rank = bb_rank(f) + off_dr[k];
    *from = f;
    if (file < 0 || file >= MANA_FILE_COUNT || rank < 0 || rank >= MANA_RANK_COUNT)
        return -1;
    return bb_square(file, rank);
}


/* The id of move m (well formed) for side to move `side`, or -1. */
static inline int action_of(int side, mana_move m)
{
    int kind = MANA_MOVE_KIND(m), from = MANA_MOVE_FROM(m), to = MANA_MOVE_TO(m);
    if (m >> MANA_MOVE_BITS || from >= MANA_SQUARE_COUNT || to >= MANA_SQUARE_COUNT)
        return -1;
    switch (kind) {
    case MANA_MOVE_STEP: return mana__step_ids[side][from][to];
    case MANA_MOVE_DROP_RONIN: return from == 0 ? MANA_ACTION_RONIN + rel_sq(side, to) : -1;
    case MANA_MOVE_DROP_DAMYO: return from == 0 ? MANA_ACTION_DAMYO + rel_sq(side, to) : -1;
    case MANA_MOVE_ORIENT:
        if (from != 0 || to > 3)
            return -1;
        return MANA_ACTION_ORIENT + (side == MANA_BLACK ? (to + 2) % 4 : to);
    case MANA_MOVE_PASS: return from == 0 && to == 0 ? MANA_ACTION_PASS : -1;
    default: return -1;
    }
}

MANA_API int mana_move_to_action(const mana_game *g, mana_move m)
{
    if (!g)
        return mana__fail(MANA_EINVAL, "mana_move_to_action: game is NULL");
    int a = action_of(g->pos.side, m);
    if (a < 0)
        return mana__fail(MANA_EINVAL,
                          "mana_move_to_action: move 0x%x is not a well-formed move "
                          "(a step must end 1 to 3 squares from its start)",
                          (unsigned)m);
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
        return mana__fail(MANA_EINVAL, "mana_action_to_move: action %d outside 0..%d", action, MANA_ACTION_COUNT - 1);
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
static size_t mask_sink(void *ctx, int kind, int from, const struct reach_magic *m, mana_bb to, size_t n)
{
    (void)m;
    const struct mask_out *o = ctx;
    if (kind == MANA_MOVE_STEP) {
        const int16_t *ids = mana__step_ids[o->side][from];
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
        return mana__fail(MANA_ESPACE, "mana_legal_action_mask: %s, %d needed", mana__count((long long)size, "byte").s,
                          MANA_ACTION_COUNT);
    return mana__action_mask(g, mask);
}

/* Returns square sq turned a quarter turn clockwise: (file, rank) ->
 * (rank, 5 - file). */
static inline int turn_sq(int sq)
{
    return bb_square(bb_rank(sq), MANA_FILE_COUNT - 1 - bb_file(sq));
}

/* Returns id a (valid) turned one quarter turn clockwise. */
static int turn_once(int a)
{
    if (a < MANA_ACTION_RONIN) {
        int from, to = step_end(a, &from);
        return action_step_id(turn_sq(from), turn_sq(to));
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
        return mana__fail(MANA_EINVAL, "mana_action_transform: action %d outside 0..%d", action, MANA_ACTION_COUNT - 1);
    if (quarter_turns < 0 || quarter_turns > 3)
        return mana__fail(MANA_EINVAL, "mana_action_transform: %d quarter turns (0..3)", quarter_turns);
    if (action < MANA_ACTION_RONIN && step_end(action, &from) < 0)
        return mana__fail(MANA_EINVAL, "mana_action_transform: step action %d ends off the board", action);
    for (int i = 0; i < quarter_turns; i++)
        action = turn_once(action);
    return action;
}
