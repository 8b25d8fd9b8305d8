/* SPDX-License-Identifier: MIT */
/*
 * ab_null.c - null-move pruning for `ab`, with verification.
 *
 * At a node off the principal variation whose static score already beats
 * beta, the side to move "passes" as the rules' pass does (docs/rules.md,
 * "No legal move at all": the Mana is unchanged and binds the opponent),
 * and the opponent's best reply is searched with the depth reduced by R.
 * If even then the score stays at or above beta the node is assumed to
 * fail high.  In Mana that assumption is fragile: the Mana binds the
 * player to a piece on the given mark count, so a player may have to spoil
 * a good position (zugzwang).  Hence the guards: never in check (every
 * Mana we can give lets the opponent take our Damyo), never two passes in
 * a row, never at a depth below NULL_MIN_DEPTH, never while a mate score
 * is at stake; and a fail high is verified by a normal search of the node
 * at the reduced depth before the node is cut.
 *
 * libmana plays a pass only for a blocked player, so the passed position
 * is built in a scratch game per ply: the game copied (options included)
 * and its MFN set back with the other side to move.
 */
#include <string.h>

#include "ab.h"

#define NULL_MIN_DEPTH 3

static int reduction(int depth)
{
    return depth >= 6 ? 3 : 2;
}

/* The position of w with the other side to move and the same Mana, in the
 * scratch game of ply; NULL when it cannot be built. */
static mana_game *passed(ab_state *ab, const mana_game *w, int ply)
{
    mana_game **n = &ab->null_pos[ply];
    if (*n == NULL && (*n = mana_new(MANA_RULES_JACTALEA)) == NULL)
        return NULL;
    char mfn[MANA_MFN_MAX + 1];
    if (mana_copy(*n, w) != MANA_OK || mana_get_position(w, mfn, sizeof mfn) < 0)
        return NULL;
    char *side = strchr(mfn, ' ');
    if (side == NULL)
        return NULL;
    side[1] = side[1] == 'w' ? 'b' : 'w';
    if (mana_set_position(*n, mfn) != MANA_OK || mana_status(*n) != MANA_PLAYING)
        return NULL;
    return *n;
}

int ab_null_cut(ab_search *s, mana_game *w, const ab_view *v, int depth, int alpha, int beta, int ply, int *score)
{
    if (beta - alpha != 1 || depth < NULL_MIN_DEPTH || v->in_check || ply < 1 || ply >= AB_MAX_PLY - 1 ||
        s->after_null[ply] || s->verifying[ply] || beta >= BOT_WIN_MIN || beta <= -BOT_WIN_MIN || ab_score(v) < beta)
        return 0;
    mana_game *n = passed(s->ab, w, ply);
    if (n == NULL)
        return 0;
    int r = reduction(depth);
    s->after_null[ply + 1] = 1;
    int sc = -ab_negamax(s, n, depth - 1 - r, -beta, -beta + 1, ply + 1);
    s->after_null[ply + 1] = 0;
    if (s->aborted || sc < beta)
        return 0;
    s->verifying[ply] = 1;
    int verified = ab_negamax(s, w, depth - r, beta - 1, beta, ply);
    s->verifying[ply] = 0;
    if (s->aborted || verified < beta)
        return 0;
    *score = verified >= BOT_WIN_MIN ? beta : verified;
    return 1;
}

void ab_null_free(ab_state *ab)
{
    for (int i = 0; i < AB_MAX_PLY; i++) {
        mana_free(ab->null_pos[i]);
        ab->null_pos[i] = NULL;
    }
}
