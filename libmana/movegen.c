/* SPDX-License-Identifier: MIT */
/*
 * Move generation in the play phase (docs/rules.md "Moving", "The Mana",
 * "No legal move at all").  The ends of 1-, 2- and 3-step moves are read
 * from the reach tables (tables.h), which tools/mkreach.c computes at
 * build time with set operations on bitboards (shifts with file masks)
 * for every occupancy of the squares a path can cross.  No path is walked
 * square by square.  Only play-phase positions come here: the orientation
 * is known.  Perft's last two plies are counted in leaves2.c.
 */
#include "game.h"
#include "tables.h"

mana_bb mana__reach(int steps, int from, mana_bb empty, mana_bb target)
{
    return reach_of(&mana__reach_magic[steps - 1][from], BB_ALL & ~empty) & target;
}

mana_bb mana__piece_ends(const struct mana_pos *p, int sq)
{
    return reach_of(&mana__piece_magic[p->orient][sq], p->occ[0] | p->occ[1]) & ~p->occ[p->side] & BB_ALL;
}

/* Appends the steps of the pieces to out[n..]; returns the new count. */
static inline int list_pieces(const struct reach_magic *pm, mana_bb pieces, mana_bb occ, mana_bb target,
                              mana_move *out, int n)
{
    while (pieces) {
        int from = bb_pop(&pieces);
        for (mana_bb to = reach_of(&pm[from], occ) & target; to;)
            out[n++] = MANA_MOVE_MAKE(MANA_MOVE_STEP, from, bb_pop(&to));
    }
    return n;
}

/* Appends (or, with out NULL, counts) the steps of the pieces in movers,
 * by mark count then square, starting at index n; returns the new count. */
static int gen_steps(const struct mana_pos *p, mana_bb movers, mana_move *out, int n)
{
    const struct reach_magic *pm = mana__piece_magic[p->orient];
    mana_bb occ = p->occ[0] | p->occ[1];
    mana_bb target = BB_ALL & ~p->occ[p->side];
    if (!out)
        return n + count_pieces(pm, movers, occ, target);
    for (int m = 0; m < 3; m++)
        n = list_pieces(pm, movers & bb_marks[p->orient][m], occ, target, out, n);
    return n;
}

int mana__count_steps(const struct mana_pos *p, mana_bb movers)
{
    return gen_steps(p, movers, NULL, 0);
}

mana_bb mana__reentry_squares(const struct mana_pos *p, const int32_t *opt, mana_bb bound)
{
    mana_bb mana_sq = p->mana ? bb_marks[p->orient][p->mana - 1] : BB_ALL;
    return mana__reentry_to(p->occ[p->side], p->damyo, p->occ[0] | p->occ[1], mana_sq, bound, opt);
}

/* The exception (docs/rules.md "The Mana"): the bound pieces have no step, so
 * any other piece may move, or a Ronin re-enter; pass if nothing is
 * legal under blocked = pass.  Appends to out (or counts); returns n. */
int mana__unbound_moves(const struct mana_pos *p, const int32_t *opt, mana_bb bound, mana_move *out)
{
    int n = gen_steps(p, p->occ[p->side] & ~bound, out, 0);
    mana_bb drops = mana__reentry_squares(p, opt, bound);
    if (!out)
        n += bb_count(drops);
    else
        while (drops)
            out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, bb_pop(&drops));
    if (n == 0 && opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS) {
        if (out)
            out[0] = MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0);
        n = 1;
    }
    return n;
}

int mana__pos_moves(const struct mana_pos *p, const int32_t *opt, mana_move *out)
{
    mana_bb bound = mana__bound_pieces(p);
    int n = bound ? gen_steps(p, bound, out, 0) : 0;
    return n ? n : mana__unbound_moves(p, opt, bound, out);
}

int mana__pos_count(const struct mana_pos *p, const int32_t *opt)
{
    mana_bb bound = mana__bound_pieces(p);
    int n = gen_steps(p, bound, NULL, 0);
    return n ? n : mana__unbound_moves(p, opt, bound, NULL);
}
