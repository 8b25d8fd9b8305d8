/* SPDX-License-Identifier: MIT */
/*
 * perft (docs/rules.md "Perft"): the number of leaves of the legal-move tree,
 * the last ply counted without being played.
 */
#include "game.h"

/*
 * Returns the leaves below position p at depth (>= 1), each child played
 * on a copy of p: no history, so valid only where no adjudication option
 * can end a game inside the tree (see tree_needs_history).
 */
static uint64_t perft_pos(const struct mana_pos *p, const int32_t *opt, int depth)
{
    if (p->status != MANA_PLAYING)
        return 0;
    if (depth == 1)
        return (uint64_t)mana__pos_count(p, opt);
    if (depth == 2)
        return mana__pos_leaves2(p, opt);
    mana_move list[MANA_MAX_MOVES];
    int n = mana__pos_moves(p, opt, list);
    uint64_t leaves = 0;
    for (int i = 0; i < n; i++) {
        struct mana_pos child = *p;
        mana__pos_play(&child, list[i]);
        leaves += perft_pos(&child, opt, depth - 1);
    }
    return leaves;
}

/* Returns 1 if the tree of depth plies below g needs the history: setup
 * moves, repetition draws, or a ply limit reached inside it. */
static int tree_needs_history(const struct mana_game *g, int depth)
{
    int32_t limit = g->opt[MANA_OPT_PLY_LIMIT];
    if (g->pos.status == MANA_SETUP || g->opt[MANA_OPT_REPETITION])
        return 1;
    return limit && (uint64_t)(g->len - g->play_start) + (uint64_t)depth > (uint64_t)limit;
}

/* Returns the leaves below the current state at depth (>= 1). */
static uint64_t perft(struct mana_game *g, int depth)
{
    if (!tree_needs_history(g, depth))
        return perft_pos(&g->pos, g->opt, depth);
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
    if (depth < 0 || depth > MANA_PERFT_DEPTH_MAX)
        return mana__fail(MANA_EINVAL, "mana_perft: depth %d outside 0..%d", depth, MANA_PERFT_DEPTH_MAX);
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
