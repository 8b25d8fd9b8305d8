/* SPDX-License-Identifier: MIT */
/*
 * The setup phase (docs/rules.md "Setup"): Black's orientation choice, then
 * Black's six placements, then White's: where each side places, and the
 * legal setup moves (the placement rule is setup.h's, shared with
 * setup_random.c).  Playing them is play.c's; a random setup,
 * setup_random.c's.
 */
#include "setup.h"

mana_bb mana__setup_area(const struct mana_game *g, int c)
{
    if (g->opt[MANA_OPT_SETUP_AREA] == MANA_SETUP_BACK_RANK)
        return c == MANA_BLACK ? BB_RANK_6 : BB_RANK_1;
    return c == MANA_BLACK ? (BB_RANK_5 | BB_RANK_6) : (BB_RANK_1 | BB_RANK_2);
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
    struct mana_placing s = placing_of(g);
    mana_bb r;
    int nd;
    n = placing_moves(&s, &nd, &r);
    if (!out)
        return n;
    n = 0;
    for (mana_bb d = nd ? s.dsq : 0; d;)
        out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, bb_pop(&d));
    while (r)
        out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, bb_pop(&r));
    return n;
}
