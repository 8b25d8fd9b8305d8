/* SPDX-License-Identifier: MIT */
/*
 * perft (RULES.md "Perft"): the number of leaves of the legal-move tree,
 * the last ply counted without being played.
 */
#include "game.h"

/* Returns the leaves below the current state at depth (>= 1). */
static uint64_t perft(struct mana_game *g, int depth)
{
    if (depth == 1)
        return (uint64_t)mana__moves(g, NULL);
    mana_move list[MANA_MAX_MOVES];
    int n = mana__moves(g, list);
    uint64_t leaves = 0;
    for (int i = 0; i < n; i++) {
        mana__do(g, list[i]);
        leaves += perft(g, depth - 1);
        mana__undo(g);
    }
    return leaves;
}

MANA_API int mana_perft(mana_game *g, int depth, uint64_t *leaves)
{
    if (!g || !leaves)
        return mana__fail(MANA_EINVAL, "mana_perft: %s is NULL", g ? "leaves" : "game");
    if (depth < 0 || depth > 64)
        return mana__fail(MANA_EINVAL, "mana_perft: depth %d outside 0..64", depth);
    if (depth == 0) {
        *leaves = 1;
        return MANA_OK;
    }
    /* Room for the whole line up front: mana__do cannot fail below. */
    if (mana__reserve_history(g, (uint32_t)depth) != MANA_OK)
        return mana__fail(MANA_ENOMEM, "mana_perft: cannot grow the history");
    *leaves = perft(g, depth);
    return MANA_OK;
}
