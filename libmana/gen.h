/* SPDX-License-Identifier: MIT */
/*
 * gen.h - the legal moves of a play-phase position as sets of squares
 * (docs/rules.md "Moving", "The Mana", "No legal move at all"), inline, for
 * the two writers that need every move: the move list (movegen.c) and
 * the legal-action mask (action.c).  Each hands gen_play a sink, a
 * static function the compiler inlines, which writes one set at a time.
 */
#ifndef MANA_GEN_H
#define MANA_GEN_H

#include <stddef.h>

#include "game.h"
#include "tables.h"

/* A sink: takes the moves of kind `kind` (MANA_MOVE_STEP,
 * MANA_MOVE_DROP_RONIN or MANA_MOVE_PASS) from `from` (0 for a drop or
 * a pass) to each square of `to` (bit 0 alone for a pass), the n moves
 * before them already taken; returns the new number of moves. */
typedef size_t (*gen_sink)(void *ctx, int kind, int from, mana_bb to, size_t n);

/* Hands the sink the steps of the pieces in movers, by square, one set
 * of ends per piece; returns the new count. */
static inline size_t gen_pieces(const struct mana_pos *p, mana_bb movers, gen_sink sink, void *ctx, size_t n)
{
    const struct reach_magic *pm = mana__piece_magic[p->orient];
    mana_bb occ = p->occ[0] | p->occ[1], target = BB_ALL & ~p->occ[p->side];
    while (movers) {
        int from = bb_pop(&movers);
        n = sink(ctx, MANA_MOVE_STEP, from, reach_of(&pm[from], occ) & target, n);
    }
    return n;
}

/* The same by mark count then square. */
static inline size_t gen_steps_to(const struct mana_pos *p, mana_bb movers, gen_sink sink, void *ctx, size_t n)
{
    for (int m = 0; m < 3; m++)
        n = gen_pieces(p, movers & bb_marks[p->orient][m], sink, ctx, n);
    return n;
}

/* Hands the sink the legal moves of p (status MANA_PLAYING) under the
 * options opt: the steps of the pieces bound by the Mana; if they have
 * none, the exception: the other pieces' steps, then the re-entries,
 * then a pass if nothing is legal under blocked = pass.  Returns the
 * number of moves. */
static inline int gen_play(const struct mana_pos *p, const int32_t *opt, gen_sink sink, void *ctx)
{
    mana_bb bound = mana__bound_pieces(p);
    /* the pieces bound by a Mana share its mark count: square order is
     * the order by mark count then square */
    size_t n = !bound ? 0 : p->mana ? gen_pieces(p, bound, sink, ctx, 0) : gen_steps_to(p, bound, sink, ctx, 0);
    if (n)
        return (int)n; /* at most MANA_MAX_MOVES */
    n = gen_steps_to(p, p->occ[p->side] & ~bound, sink, ctx, 0);
    mana_bb drops = mana__reentry_squares(p, opt, bound);
    if (drops)
        n = sink(ctx, MANA_MOVE_DROP_RONIN, 0, drops, n);
    if (n == 0 && opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS)
        n = sink(ctx, MANA_MOVE_PASS, 0, 1, 0);
    return (int)n;
}

#endif
