/* SPDX-License-Identifier: MIT */
/*
 * bot_ab.c - the `ab` bot: iterative deepening over the principal
 * variation search of ab_search.c, with aspiration windows at the root,
 * a transposition table kept between moves (ab_tt.c), the evaluation of
 * ab_eval.c, the time policy of bot_time.c and setup play from
 * ab_setup.c.  See ab.h for the parts of ab.
 */
#include <stdlib.h>
#include <string.h>

#include "ab.h"

#define ASPIRATION 40   /* half-width of the first window, centi-Ronin */
#define ASP_MIN_DEPTH 4 /* iterations before this use the full window */

void *bot_ab_new(int hash_mb)
{
    ab_state *ab = calloc(1, sizeof *ab);
    if (ab == NULL)
        return NULL;
    if (tt_init(&ab->tt, hash_mb) != 0) {
        free(ab);
        return NULL;
    }
    return ab;
}

void bot_ab_free(void *impl)
{
    ab_state *ab = impl;
    if (ab != NULL)
        tt_free(&ab->tt);
    free(ab);
}

int bot_ab_resize(void *impl, int hash_mb)
{
    ab_state *ab = impl;
    tt_table t;
    if (tt_init(&t, hash_mb) != 0)
        return -1;
    tt_free(&ab->tt);
    ab->tt = t;
    return 0;
}

void bot_ab_clear(void *impl)
{
    ab_state *ab = impl;
    tt_clear(&ab->tt);
    memset(ab->killers, 0, sizeof ab->killers);
    memset(ab->history, 0, sizeof ab->history);
}

/* Writes the principal variation from w (first move first) to line (at
 * most MANA_BOT_PV_MAX moves) by following hash moves on a copy; returns
 * its length. */
static int pv_moves(ab_search *s, const mana_game *w, mana_move first, int depth, mana_move *line)
{
    int n = 0;
    line[n++] = first;
    mana_game *c = mana_clone(w);
    if (c == NULL)
        return n;
    mana_play(c, first);
    while (n < depth && n < MANA_BOT_PV_MAX && mana_status(c) == MANA_PLAYING) {
        const tt_entry *e = tt_probe(&s->ab->tt, mana_hash(c));
        if (e == NULL || e->move == MANA_MOVE_NONE || mana_is_legal(c, e->move) != 1)
            break;
        line[n++] = e->move;
        mana_play(c, e->move);
    }
    mana_free(c);
    return n;
}

static int mate_plies(int score)
{
    return score >= BOT_WIN_MIN ? BOT_WIN - score : score <= -BOT_WIN_MIN ? -(BOT_WIN + score) : 0;
}

static void report(ab_search *s, const mana_game *w, int depth, mana_move best, int score)
{
    bot *b = s->b;
    /* The line and score rest on a search depth plies deep, even where
     * the hash table answered for a node before this search reached it. */
    if (s->seldepth < depth)
        s->seldepth = depth;
    b->stats.depth = depth;
    b->stats.score = score;
    b->stats.mate = mate_plies(score);
    b->stats.seldepth = s->seldepth;
    b->stats.nodes = s->nodes;
    b->stats.hashfull = tt_hashfull(&s->ab->tt);
    mana_move pv[MANA_BOT_PV_MAX];
    bot_report(b, pv, pv_moves(s, w, best, depth, pv));
}

/* One pass over the root moves (mv[0] first) in the window (alpha, beta).
 * Returns the best score; *best gets its move (unchanged if no move was
 * searched to the end). */
static int root_pass(ab_search *s, mana_game *w, mana_move *mv, int n, int depth, int alpha, int beta, mana_move *best)
{
    int best_score = -AB_INF;
    for (int i = 0; i < n; i++) {
        if (mana_play(w, mv[i]) != MANA_OK)
            continue;
        int v;
        if (i == 0) {
            v = -ab_negamax(s, w, depth - 1, -beta, -alpha, 1);
        } else {
            v = -ab_negamax(s, w, depth - 1, -alpha - 1, -alpha, 1);
            if (v > alpha && v < beta && !s->aborted)
                v = -ab_negamax(s, w, depth - 1, -beta, -alpha, 1);
        }
        mana_undo(w);
        if (s->aborted)
            break;
        if (v > best_score) {
            best_score = v;
            *best = mv[i];
            if (i > 0) { /* the new best goes first for the next pass */
                memmove(mv + 1, mv, (size_t)i * sizeof *mv);
                mv[0] = *best;
            }
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best_score;
}

/* One iteration with an aspiration window around the last score, widened
 * on a fail low or high.  Returns the score; *best its move. */
static int iteration(ab_search *s, mana_game *w, mana_move *mv, int n, int depth, int last, mana_move *best)
{
    int delta = ASPIRATION;
    int use = depth >= ASP_MIN_DEPTH && last > -BOT_WIN_MIN && last < BOT_WIN_MIN;
    int alpha = use ? last - delta : -AB_INF, beta = use ? last + delta : AB_INF;
    for (;;) {
        mana_move m = *best;
        int v = root_pass(s, w, mv, n, depth, alpha, beta, &m);
        if (s->aborted) {
            if (v > alpha && v < beta && m != MANA_MOVE_NONE)
                *best = m; /* a move proved better than the last best */
            return v;
        }
        if (v <= alpha && alpha > -AB_INF) {
            alpha = alpha - delta * 3 < -AB_INF ? -AB_INF : alpha - delta * 3;
        } else if (v >= beta && beta < AB_INF) {
            *best = m;
            beta = beta + delta * 3 > AB_INF ? AB_INF : beta + delta * 3;
        } else {
            *best = m;
            return v;
        }
        delta *= 3;
        if (delta > 1000)
            alpha = -AB_INF, beta = AB_INF;
    }
}

/* Plays a capture of the enemy Damyo if there is one: returns 1.  The
 * line reported is that move: depth and seldepth 1. */
static int take_damyo(ab_search *s, const mana_game *w, const mana_move *mv, int n, mana_move *out)
{
    bot *b = s->b;
    if (mana_damyo_capturable(w) != 1)
        return 0;
    for (int i = 0; i < n; i++)
        if (bot_captures_damyo(w, mv[i])) {
            *out = mv[i];
            b->stats.depth = 1;
            b->stats.score = BOT_WIN - 1;
            b->stats.mate = 1;
            b->stats.nodes = 1;
            b->stats.seldepth = s->seldepth = 1;
            bot_report(b, &mv[i], 1);
            return 1;
        }
    return 0;
}

static void search_root(ab_search *s, mana_game *w, mana_move *mv, int n, mana_move *out)
{
    bot *b = s->b;
    ab_view v;
    ab_look(w, s->marks, &v);
    ab_order(s, w, &v, mv, n, MANA_MOVE_NONE, 0);
    mana_move best = mv[0];
    int score = 0, max_depth = b->lim.depth > 0 ? b->lim.depth : AB_MAX_PLY - 4;
    double last_ms = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        double t0 = bot_elapsed_ms(b);
        mana_move before = best;
        int prev = score;
        s->root_depth = depth;
        int v = iteration(s, w, mv, n, depth, score, &best);
        if (s->aborted)
            break;
        score = v;
        report(s, w, depth, best, score);
        if (score >= BOT_WIN_MIN || score <= -BOT_WIN_MIN)
            break; /* a forced result: deeper search cannot change it */
        last_ms = bot_elapsed_ms(b) - t0;
        int unsettled = best != before || score < prev - 30;
        if (!bot_time_next(b, last_ms, unsettled))
            break;
    }
    *out = best;
    b->stats.score = score;
}

int bot_ab_choose(bot *b, const mana_game *g, mana_move *out)
{
    ab_search s;
    memset(&s, 0, sizeof s);
    s.b = b;
    s.ab = b->impl;
    mana_game *w = mana_clone(g);
    int rc = MANA_OK;
    if (w == NULL)
        return MANA_ENOMEM;
    tt_new_search(&s.ab->tt);
    memset(s.ab->killers, 0, sizeof s.ab->killers);
    if (mana_status(w) == MANA_SETUP) {
        rc = ab_choose_setup(&s, w, out);
    } else {
        ab_marks(w, s.marks);
        mana_move mv[MANA_MAX_MOVES];
        int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
        if (n <= 0)
            rc = n < 0 ? n : MANA_EOVER;
        else if (!take_damyo(&s, w, mv, n, out)) {
            ab_shuffle(b, mv, n); /* equal keys keep a seeded random order */
            search_root(&s, w, mv, n, out);
        }
    }
    b->stats.nodes = b->stats.nodes > s.nodes ? b->stats.nodes : s.nodes;
    b->stats.seldepth = s.seldepth;
    mana_free(w);
    return rc;
}
