/* SPDX-License-Identifier: MIT */
/*
 * The setup phase (docs/rules.md "Setup"): Black's orientation choice, then
 * Black's six placements, then White's: where each side places, and the
 * legal setup moves.  Playing them is play.c's; a random setup,
 * setup_random.c's.
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

/* Free squares of the side's setup area (the Damyo's on a double under
 * DamyoOnDouble), less those that would break the no-dead-lock rule. */
void mana__setup_placements(const struct mana_game *g, mana_bb *d, mana_bb *r)
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
    mana__setup_placements(g, &d, &r);
    if (!out)
        return bb_count(d) + bb_count(r);
    while (d)
        out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, bb_pop(&d));
    while (r)
        out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, bb_pop(&r));
    return n;
}
