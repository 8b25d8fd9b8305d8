/* SPDX-License-Identifier: MIT */
/* random.c - the `random` bot: a uniform choice among the legal moves,
 * setup included, drawn from the bot's own seeded generator. */
#include "bots.h"
#include "../common/rng.h"

int bot_random_choose(bot *b, const mana_game *g, mana_move *out)
{
    mana_move moves[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    if (n > 0)
        n = bot_root_moves(b, moves, n); /* go searchmoves */
    if (n < 0)
        return n;
    if (n == 0)
        return MANA_EOVER;
    *out = moves[rng_below(&b->rng, (uint64_t)n)];
    b->stats.nodes = 1;
    return MANA_OK;
}
