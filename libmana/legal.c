/* SPDX-License-Identifier: MIT */
/*
 * Legality of one move, the move list by phase and the status of a game
 * (docs/rules.md "Moving", "The Mana", "No legal move at all"), on top of the
 * generator of movegen.c.
 */
#include "game.h"
#include "legality.h"

int mana__play_moves(const struct mana_game *g, mana_move *out)
{
    return mana__pos_moves(&g->pos, g->opt, out);
}

int mana__bound_can_move(const struct mana_pos *p)
{
    mana_bb bound = mana__bound_pieces(p);
    return bound && mana__count_steps(p, bound) > 0;
}

int mana__is_legal(const struct mana_game *g, mana_move m)
{
    int kind = MANA_MOVE_KIND(m), status = g->pos.status;
    if (status == MANA_PLAYING && (kind == MANA_MOVE_STEP || kind == MANA_MOVE_DROP_RONIN))
        return mana__play_move_legal(g, m);
    if (status != MANA_PLAYING && status != MANA_SETUP)
        return 0;
    mana_move list[MANA_MAX_MOVES];
    int n = mana__moves(g, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return 1;
    return 0;
}

int mana__moves(const struct mana_game *g, mana_move *out)
{
    switch (g->pos.status) {
    case MANA_SETUP: return mana__setup_moves(g, out);
    case MANA_PLAYING: return mana__play_moves(g, out);
    default: return 0;
    }
}

int mana__status(const struct mana_game *g)
{
    const struct mana_pos *p = &g->pos;
    if (p->status != MANA_PLAYING || g->opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS)
        return p->status;
    if (mana__play_moves(g, NULL) > 0)
        return MANA_PLAYING;
    if (g->opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_DRAW)
        return MANA_DRAWN;
    return p->side == MANA_WHITE ? MANA_BLACK_WON : MANA_WHITE_WON;
}
