/* SPDX-License-Identifier: MIT */
/*
 * legality.h - whether a step or a re-entry is legal in the play phase
 * (docs/rules.md "Moving", "The Mana"), inline: mana__is_legal (legal.c) and
 * the quick path of mana_play (play.c) both test a move with it, so
 * mana_play needs no move list and no call to prove a move legal.
 */
#ifndef MANA_LEGALITY_H
#define MANA_LEGALITY_H

#include "game.h"
#include "tables.h"

/* Returns 1 if one of the pieces has a step (the first one found ends the
 * search); target: the squares not held by the side to move. */
static inline int mana__pieces_can_step(const struct mana_pos *p, mana_bb pieces, mana_bb occ, mana_bb target)
{
    const struct reach_magic *pm = mana__piece_magic[p->orient];
    while (pieces)
        if (ends_rel(&pm[bb_pop(&pieces)], occ, target))
            return 1;
    return 0;
}

/*
 * Returns 1 if m is a legal step or re-entry of the play-phase position of
 * g (status MANA_PLAYING), 0 if it is not or is of another kind (pass,
 * setup moves: the caller decides those).  A step moves one of the side's
 * pieces to a square its reach ends on, not its own; the piece must be
 * bound by the Mana unless no bound piece can step.  A re-entry puts a
 * Ronin from the reserve on a free square (of the Mana's mark count
 * under that option) when no bound piece can step.  Any value of m is
 * safe: from and to (0..63) only index bits, and the pieces, reaches and
 * free squares tested lie within the 36 squares.
 */
static inline int mana__play_move_legal(const struct mana_game *g, mana_move m)
{
    const struct mana_pos *p = &g->pos;
    mana_bb own = p->occ[p->side], occ = p->occ[0] | p->occ[1], target = BB_ALL & ~own;
    mana_bb bound = mana__bound_pieces(p), to = bb_sq(MANA_MOVE_TO(m));
    if (m >> MANA_MOVE_KIND_SHIFT == MANA_MOVE_STEP) {
        int from = MANA_MOVE_FROM(m);
        if (!(own & bb_sq(from)) || !(reach_of(&mana__piece_magic[p->orient][from], occ) & target & to))
            return 0;
        return (bound & bb_sq(from)) || !mana__pieces_can_step(p, bound, occ, target);
    }
    if ((m & ~(63u << MANA_MOVE_TO_SHIFT)) != MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 0))
        return 0;
    if (!(mana__reentry_to(mana__has_reserve(own, p->damyo), bound != 0, occ, bb_marks[p->orient], p->mana, g->opt) &
          to))
        return 0;
    return !mana__pieces_can_step(p, bound, occ, target);
}

#endif
