/* SPDX-License-Identifier: MIT */
/*
 * The setup phase (docs/rules.md "Setup"): Black's orientation choice, then
 * Black's six placements, then White's; and a random setup
 * (mana_setup_random).
 */
#include "game.h"

mana_bb mana__setup_area(const struct mana_game *g, int c)
{
    if (g->opt[MANA_OPT_SETUP_AREA] == MANA_SETUP_BACK_RANK)
        return c == MANA_BLACK ? BB_RANK_6 : BB_RANK_1;
    return c == MANA_BLACK ? (BB_RANK_5 | BB_RANK_6) : (BB_RANK_1 | BB_RANK_2);
}

/* Returns the squares where the side to place may put its Damyo, ignoring
 * what the Ronins still need. */
static mana_bb damyo_squares(const struct mana_game *g, mana_bb free)
{
    if (g->opt[MANA_OPT_DAMYO_ON_DOUBLE])
        return free & bb_marks[g->pos.orient][1];
    return free;
}

/* Returns the squares where the side to move may place its Damyo (*d) and
 * a Ronin (*r) now. */
static void placements(const struct mana_game *g, mana_bb *d, mana_bb *r)
{
    const struct mana_pos *p = &g->pos;
    mana_bb own = p->occ[p->side];
    mana_bb free = mana__setup_area(g, p->side) & ~(p->occ[0] | p->occ[1]);
    int has_damyo = (own & p->damyo) != 0;
    int ronins_left = mana__ronins_off_board(p, p->side);
    *d = 0;
    *r = 0;
    if (!has_damyo) {
        mana_bb cand = damyo_squares(g, free);
        /* Placing the Damyo leaves only Ronins: they need count alone. */
        if (bb_count(free) - 1 >= ronins_left)
            *d = cand;
    }
    /* The no-dead-lock rule for a Ronin on a free square sq: the other
     * pieces still fit in the bb_count(free) - 1 squares left (the same
     * for every sq), and the Damyo, if still to come, keeps a square of
     * its own: none if it has none now, all but sq if sq is its last. */
    if (ronins_left == 0 || bb_count(free) - 1 < ronins_left - 1 + !has_damyo)
        return;
    mana_bb dsq = has_damyo ? BB_ALL : damyo_squares(g, free);
    *r = dsq == 0 ? 0 : bb_count(dsq) == 1 ? free & ~dsq : free;
}

/* Returns 1 if orientation k leaves both sides a legal setup. */
static int orientation_ok(const struct mana_game *g, int k)
{
    if (!g->opt[MANA_OPT_DAMYO_ON_DOUBLE])
        return 1;
    return (mana__setup_area(g, MANA_WHITE) & bb_marks[k][1]) && (mana__setup_area(g, MANA_BLACK) & bb_marks[k][1]);
}

int mana__setup_moves(const struct mana_game *g, mana_move *out)
{
    int n = 0;
    if (g->pos.orient < 0) {
        for (int k = 0; k < 4; k++)
            if (orientation_ok(g, k)) {
                if (out)
                    out[n] = MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, k);
                n++;
            }
        return n;
    }
    mana_bb d, r;
    placements(g, &d, &r);
    if (!out)
        return bb_count(d) + bb_count(r);
    while (d)
        out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, bb_pop(&d));
    while (r)
        out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, bb_pop(&r));
    return n;
}

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
    placements(g, &d, &r);
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
