/* SPDX-License-Identifier: MIT */
/*
 * mate_root.c - the bots' mate search at the root (bot_mate_root,
 * bot_mate_line, bot_mate_search): the plain AND/OR search of mate.c
 * at 1, 3 ... 11 plies, then mate_dfpn.c's proof-number search beyond, and
 * the winning line of the win found; and the line of any forced result a
 * bot reports, up to the Damyo's capture (bot_forced_line).
 */
#include "bots.h"

#define MATE_PLAIN_PLIES 11 /* the plain search's longest win; df-pn beyond */

/* The plain search's nearest win through mv[0..n-1], at 1, 3 ... max_plies
 * plies: its plies, or 0. */
static int plain_root(bot_mate *s, mana_game *w, const mana_move *mv, int n, int max_plies, mana_move *out)
{
    int me = mana_side_to_move(w);
    for (int d = 1; d <= max_plies; d += 2)
        for (int i = 0; i < n; i++) {
            if (bot_mate_out_of_budget(s) || mana_play(w, mv[i]) != MANA_OK)
                return 0;
            s->nodes++;
            int won = bot_mate_replies_lose(s, w, me, d - 1);
            mana_undo(w);
            if (won) {
                *out = mv[i];
                return d;
            }
            if (s->aborted)
                return 0;
        }
    return 0;
}

int bot_mate_root(bot_mate *s, mana_game *w, const mana_move *mv, int n, int max_plies, mana_move *out)
{
    if (max_plies > BOT_MATE_PLIES_MAX)
        max_plies = BOT_MATE_PLIES_MAX;
    s->by_dfpn = 0;
    int plies = plain_root(s, w, mv, n, max_plies < MATE_PLAIN_PLIES ? max_plies : MATE_PLAIN_PLIES, out);
    if (plies > 0 || s->aborted || max_plies <= MATE_PLAIN_PLIES)
        return plies;
    plies = bot_dfpn_root(s, w, mv, n, MATE_PLAIN_PLIES + 2, max_plies, out);
    s->by_dfpn = plies > 0;
    return plies;
}

/* The least odd depth <= d at which the side to move of w wins (w won
 * within d), or 0 if none is proven in the budget. */
static int least_win(bot_mate *s, mana_game *w, int d)
{
    for (int k = 1; k <= d; k += 2)
        if (bot_mate_wins(s, w, k))
            return k;
    return 0;
}

/* The defence of w (the defender to move, the attacker `me` winning within
 * d plies) that holds out longest: *left gets the plies the attacker then
 * needs.  MANA_MOVE_NONE if the budget ran out first. */
static mana_move longest_defence(bot_mate *s, mana_game *w, int me, int d, int *left)
{
    mana_move r[MANA_MAX_MOVES], best = MANA_MOVE_NONE;
    int n = mana_legal_moves(w, r, MANA_MAX_MOVES);
    *left = -1;
    for (int i = 0; i < n && !s->aborted; i++) {
        if (mana_play(w, r[i]) != MANA_OK)
            continue;
        int st = mana_status(w), need = st == bot_mate_won_status(me) ? 0
                                        : st == MANA_PLAYING          ? least_win(s, w, d - 1)
                                                                      : -1;
        mana_undo(w);
        if (need > *left && !s->aborted) {
            *left = need;
            best = r[i];
        }
    }
    return best;
}

/* The plain search's winning line (bot_mate_line). */
static int plain_line(bot_mate *s, mana_game *w, mana_move first, int plies, mana_move *line, int max)
{
    int me = mana_side_to_move(w), n = 0, played = 0, rem = plies;
    mana_move m = first;
    while (n < max && rem > 0 && mana_play(w, m) == MANA_OK) {
        line[n++] = m;
        played++;
        mana_move r = MANA_MOVE_NONE;
        if (mana_status(w) == MANA_PLAYING && n < max)
            r = longest_defence(s, w, me, rem - 1, &rem);
        if (r == MANA_MOVE_NONE || rem <= 0 || mana_play(w, r) != MANA_OK)
            break;
        line[n++] = r;
        played++;
        m = MANA_MOVE_NONE;
        mana_move a[MANA_MAX_MOVES];
        int k = mana_legal_moves(w, a, MANA_MAX_MOVES);
        for (int i = 0; i < k && m == MANA_MOVE_NONE && !s->aborted; i++) {
            if (mana_play(w, a[i]) != MANA_OK)
                continue;
            if (bot_mate_replies_lose(s, w, me, rem - 1))
                m = a[i];
            mana_undo(w);
        }
        if (m == MANA_MOVE_NONE)
            break;
    }
    while (played-- > 0)
        mana_undo(w);
    return n;
}


int bot_mate_line(bot_mate *s, mana_game *w, mana_move first, int plies, mana_move *line, int max)
{
    if (s->by_dfpn)
        return bot_dfpn_line(s, w, first, plies, line, max);
    return plain_line(s, w, first, plies, line, max);
}

int bot_mate_search(bot *b, mana_game *w, const mana_move *mv, int n, double stop_ms, mana_move *out, mana_move *line,
                    int *len, uint64_t *nodes)
{
    bot_mate m;
    if (bot_mate_begin(&m, b, stop_ms) != 0)
        return 0;
    mana_move best;
    int plies = bot_mate_root(&m, w, mv, n, BOT_MATE_PLIES_MAX, &best);
    if (plies > 0) {
        m.aborted = 0;
        m.stop_ms = 0; /* the line within the bot's own limits */
        *len = bot_mate_line(&m, w, best, plies, line, MANA_BOT_PV_MAX);
        /* df-pn's line may stop where its table forgot the proof */
        *len = bot_forced_line(b, w, mana_side_to_move(w), plies, line, *len, MANA_BOT_PV_MAX, NULL);
        *out = best;
        b->stats.depth = b->stats.seldepth = b->stats.mate = plies;
        b->stats.score = BOT_WIN - plies;
    }
    *nodes += m.nodes;
    return plies;
}

/* The capture of the enemy Damyo among the legal moves of w, or
 * MANA_MOVE_NONE. */
static mana_move damyo_capture(const mana_game *w)
{
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_damyo_capturable(w) == 1 ? mana_legal_moves(w, mv, MANA_MAX_MOVES) : 0;
    for (int i = 0; i < n; i++)
        if (bot_captures_damyo(w, mv[i]))
            return mv[i];
    return MANA_MOVE_NONE;
}

/* Completes the line from w (k moves of it played on w) as
 * bot_forced_line says; returns its length. */
static int complete_line(bot_mate *s, mana_game *w, int winner, int left, mana_move *line, int k, int max)
{
    while (k < max && mana_status(w) == MANA_PLAYING && !s->aborted) {
        mana_move m = MANA_MOVE_NONE;
        int d = left > 0 ? left : BOT_MATE_PLIES_MAX;
        if (mana_side_to_move(w) == winner) {
            if ((m = damyo_capture(w)) != MANA_MOVE_NONE) {
                line[k++] = m;
                break;
            }
            mana_move mv[MANA_MAX_MOVES];
            int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
            int p = n > 0 ? bot_mate_root(s, w, mv, n, BOT_MATE_PLIES_MAX, &m) : 0; /* the nearest first */
            return p > 0 ? k + bot_mate_line(s, w, m, p, line + k, max - k) : k;
        }
        m = longest_defence(s, w, winner, d, &left);
        if (m == MANA_MOVE_NONE || mana_play(w, m) != MANA_OK)
            break;
        line[k++] = m;
    }
    return k;
}

int bot_forced_line(bot *b, const mana_game *g, int winner, int plies, mana_move *line, int n, int max, int *won)
{
    bot_mate s;
    mana_game *w;
    if (won != NULL)
        *won = 0;
    if (n < 1 || max < n || bot_mate_begin(&s, b, 0) != 0 || (w = mana_clone(g)) == NULL)
        return n;
    s.budget = BOT_LINE_BUDGET;
    s.untimed = 1;
    int k = 0;
    while (k < n && mana_status(w) == MANA_PLAYING && mana_play(w, line[k]) == MANA_OK)
        k++;
    if (k == n)
        k = complete_line(&s, w, winner, plies > k ? plies - k : 0, line, k, max);
    mana_free(w);
    if (won != NULL && (w = mana_clone(g)) != NULL) { /* where the whole line ends */
        for (int i = 0; i < k && mana_status(w) == MANA_PLAYING && mana_play(w, line[i]) == MANA_OK; i++)
            ;
        *won = mana_status(w) == bot_mate_won_status(winner);
        mana_free(w);
    }
    return k;
}
