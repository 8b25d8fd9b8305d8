/* SPDX-License-Identifier: MIT */
/*
 * Why a game ended (docs/rules.md "Moving", "No legal move at all", "Optional
 * adjudication"), read from the state the rules left: no decision here
 * that play.c and legal.c did not take already.
 */
#include "game.h"

MANA_API int mana_end_reason(const mana_game *g)
{
    if (!g)
        return mana__fail(MANA_EINVAL, "mana_end_reason: game is NULL");
    const struct mana_pos *p = &g->pos;
    int status = mana__status(g);
    if (status == MANA_SETUP || status == MANA_PLAYING)
        return MANA_END_NONE;
    if (p->status == MANA_PLAYING) /* decided lazily: blocked = draw/loss */
        return MANA_END_BLOCKED;
    if (!(p->occ[p->side] & p->damyo))
        return MANA_END_DAMYO_CAPTURED;
    if (p->passes >= 2)
        return MANA_END_PASSES;
    int limit = g->opt[MANA_OPT_PLY_LIMIT];
    if (limit && g->len - g->play_start >= (uint32_t)limit)
        return MANA_END_PLY_LIMIT;
    return MANA_END_REPETITION;
}
