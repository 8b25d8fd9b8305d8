/* SPDX-License-Identifier: MIT */
/*
 * The setup phase (docs/rules.md "Setup"): Black's orientation choice, then
 * Black's six placements, then White's: the legal setup moves (where each
 * side places, the orientations and the placement rule are setup.h's,
 * shared with setup_random.c).  Playing them is play.c's; a random setup,
 * setup_random.c's.
 */
#include "setup.h"

mana_bb mana__setup_area(const struct mana_game *g, int c)
{
    return setup_area(g, c);
}

int mana__setup_moves(const struct mana_game *g, mana_move *out)
{
    int n = 0;
    if (g->pos.orient < 0) {
        unsigned set = setup_orientations(g);
        for (int k = 0; k < 4; k++)
            if ((set >> k) & 1) {
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
