/* SPDX-License-Identifier: MIT */
/*
 * ab_root.c - the `ab` bot at its root: iterative deepening over the principal
 * variation search of ab_search.c, with aspiration windows at the root,
 * a transposition table kept between moves (ab_tt.c), the evaluation of
 * ab_eval.c, the time policy of bot_time.c and setup play from
 * ab_setup.c.  See ab.h for the parts of ab.
 *
 * MultiPV N: each iteration searches line 1 over every root move, line 2
 * over the moves after it, and so on, each with its own aspiration
 * window; the N lines are then sorted by score and reported in rank
 * order.  Threads T (Lazy SMP): T - 1 helper threads search the same root
 * from their own copy of the game, with their own killers, history and
 * evaluation cache, at the depths their skip block gives, until the main
 * thread ends; all share the table (ab_tt.c, lock-free), which is how
 * the main thread gains from them.  Its answer is the bot's.  Setup
 * searches run on the main thread alone.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"

#define ASPIRATION 40   /* half-width of the first window, centi-Ronin */
#define ASP_MIN_DEPTH 4 /* iterations before this use the full window */
#define AB_THREADS_MAX 256

/* The ab bot's state: the shared table and one ab_state a thread (the
 * helpers' allocated at their first search with Threads > 1). */
typedef struct ab_bot {
    tt_table tt;
    int nstates;
    ab_state *st[AB_THREADS_MAX];
} ab_bot;

static ab_state *state_new(tt_table *tt)
{
    ab_state *a = bot_table_alloc(sizeof *a);
    if (a != NULL)
        a->tt = tt;
    return a;
}

void *bot_ab_new(int hash_mb)
{
    ab_bot *ab = calloc(1, sizeof *ab);
    if (ab == NULL)
        return NULL;
    if (tt_init(&ab->tt, hash_mb) != 0 || (ab->st[0] = state_new(&ab->tt)) == NULL) {
        tt_free(&ab->tt);
        free(ab);
        return NULL;
    }
    ab->nstates = 1;
    return ab;
}

void bot_ab_free(void *impl)
{
    ab_bot *ab = impl;
    if (ab == NULL)
        return;
    tt_free(&ab->tt);
    for (int i = 0; i < ab->nstates; i++)
        bot_table_free(ab->st[i], sizeof *ab->st[i]);
    free(ab);
}

int bot_ab_resize(void *impl, int hash_mb)
{
    ab_bot *ab = impl;
    tt_table t;
    if (tt_init(&t, hash_mb) != 0)
        return -1;
    tt_free(&ab->tt);
    ab->tt = t; /* the states point at ab->tt: still right */
    return 0;
}

void bot_ab_clear(void *impl)
{
    ab_bot *ab = impl;
    tt_clear(&ab->tt);
    for (int i = 0; i < ab->nstates; i++) {
        memset(ab->st[i]->killers, 0, sizeof ab->st[i]->killers);
        memset(ab->st[i]->history, 0, sizeof ab->st[i]->history);
    }
}

static int mate_plies(int score)
{
    return score >= BOT_WIN_MIN ? BOT_WIN - score : score <= -BOT_WIN_MIN ? -(BOT_WIN + score) : 0;
}

/* Writes the principal variation from w (first move first) to line (at
 * most MANA_BOT_PV_MAX moves) by following hash moves on a copy, at most
 * depth moves; returns its length. */
static int hash_line(ab_search *s, const mana_game *w, mana_move first, int depth, mana_move *line)
{
    int n = 0;
    line[n++] = first;
    mana_game *c = mana_clone(w);
    if (c == NULL)
        return n;
    mana_play(c, first);
    while (n < depth && n < MANA_BOT_PV_MAX && mana_status(c) == MANA_PLAYING) {
        tt_entry e;
        if (!tt_probe(s->ab->tt, mana_hash(c), &e) || e.move == MANA_MOVE_NONE || mana_is_legal(c, e.move) != 1)
            break;
        line[n++] = e.move;
        mana_play(c, e.move);
    }
    mana_free(c);
    return n;
}

/* The principal variation of best scored score at w: the hash moves, and
 * for a forced result its whole line up to the Damyo's capture (the
 * table holds no move where the Damyo is taken, nor always every move of
 * a line that ends beyond the iteration's depth). */
static int pv_moves(ab_search *s, const mana_game *w, mana_move first, int depth, int score, mana_move *line)
{
    int mate = mate_plies(score), plies = mate < 0 ? -mate : mate;
    int n = hash_line(s, w, first, depth > plies ? depth : plies, line);
    if (mate == 0)
        return n;
    int mover = mana_side_to_move(w);
    return bot_forced_line(s->b, w, mate > 0 ? mover : !mover, plies, line, n, MANA_BOT_PV_MAX, NULL);
}

/* Returns 1 if score is a forced result within depth plies.  A mate
 * found beyond the depth (through the threat extension or the horizon's
 * search) may not be the shortest: a deeper iteration can find a nearer
 * one, and a forced win must be the nearest for the win to stay forced
 * in as many plies (docs/strength.md "Exact tactics"). */
static int forced_within(int score, int depth)
{
    int plies = mate_plies(score);
    return plies != 0 && (plies < 0 ? -plies : plies) <= depth;
}

/* The nodes of the search so far: with helpers, all threads'. */
static uint64_t nodes_so_far(const ab_search *s)
{
    if (s->smp == NULL)
        return s->nodes;
    uint64_t all = atomic_load_explicit(&s->smp->nodes, memory_order_relaxed) + (s->nodes & 63);
    return all > s->nodes ? all : s->nodes;
}

static void report(ab_search *s, const mana_game *w, int depth, mana_move best, int score, int multipv)
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
    b->stats.nodes = nodes_so_far(s);
    b->stats.hashfull = tt_hashfull(s->ab->tt);
    b->stats.multipv = multipv;
    mana_move pv[MANA_BOT_PV_MAX];
    bot_report(b, pv, pv_moves(s, w, best, depth, score, pv));
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

/* When ab starts the mate search (bot_mate_share): from a score of +100
 * centi-Ronin (a shorter look from +25), unless the score is a forced win
 * already.  Depth and node limits, MultiPV and pondering skip it, so that
 * their searches stay as they were. */
static const bot_mate_rule ab_mate_rule = {BOT_WIN_MIN, 100, 25};

/* Plays the nearest forced capture of the enemy Damyo that the mate
 * search proves within its share of the time: returns 1, the line
 * reported with its depth and the mate's plies.  0: none proven. */
static int mate_search(ab_search *s, mana_game *w, const mana_move *mv, int n, double share, mana_move *out)
{
    bot *b = s->b;
    mana_move line[MANA_BOT_PV_MAX];
    int len = 0;
    double stop_ms = bot_clock_ms(b) + share * b->lim.time_ms;
    if (bot_mate_search(b, w, mv, n, stop_ms, out, line, &len, &s->nodes) == 0)
        return 0;
    s->seldepth = b->stats.depth;
    b->stats.nodes = nodes_so_far(s);
    bot_report(b, line, len);
    return 1;
}

/* Puts the first k root moves (and their scores) in order of score,
 * best first, stably. */
static void sort_lines(mana_move *mv, int *score, int k)
{
    for (int i = 1; i < k; i++) {
        mana_move m = mv[i];
        int v = score[i], j = i - 1;
        while (j >= 0 && score[j] < v) {
            mv[j + 1] = mv[j];
            score[j + 1] = score[j];
            j--;
        }
        mv[j + 1] = m;
        score[j + 1] = v;
    }
}

/* One iteration of MultiPV k (k >= 2): line i searches the root moves
 * after the i best ones.  Returns 0 if aborted (mv[0] then still the
 * best move), else 1 with the lines in mv[0..k-1] and score[0..k-1]. */
static int multipv_iteration(ab_search *s, mana_game *w, mana_move *mv, int n, int k, int depth, int *score)
{
    for (int i = 0; i < k; i++) {
        mana_move best = mv[i];
        int v = iteration(s, w, mv + i, n - i, depth, score[i], &best);
        if (s->aborted)
            return 0;
        score[i] = v;
    }
    sort_lines(mv, score, k);
    return 1;
}

/* Puts line 1 of b->lines back into b->stats after the other lines were
 * reported: the result is the best line's. */
static void restore_best_line(bot *b)
{
    const mana_bot_line *l = &b->lines[0];
    b->stats.score = l->score_cp;
    b->stats.mate = l->mate;
    b->stats.multipv = 1;
    b->stats.pv_len = l->pv_len;
    memcpy(b->stats.pv, l->pv, (size_t)l->pv_len * sizeof *l->pv);
}

/* Stockfish's skip blocks: helper thread t (1, 2, ...) skips the depths
 * where this is 1, so the threads search different depths at once. */
static int helper_skips(int t, int depth)
{
    static const int size[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
    static const int phase[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
    int i = (t - 1) % 20;
    return ((depth + phase[i]) / size[i]) % 2;
}

/* A helper thread's search: the root moves deepened without end (or to
 * the depth limit), skipping the depths of its block, until halt.  Its
 * results reach the main thread only through the table. */
static void helper_root(ab_search *s, mana_game *w, mana_move *mv, int n)
{
    int score = 0, max_depth = s->smp->depth > 0 ? s->smp->depth : AB_MAX_PLY - 4;
    for (int depth = 1; depth <= max_depth && !s->aborted; depth++) {
        if (depth > 1 && helper_skips(s->helper, depth))
            continue;
        s->root_depth = depth;
        mana_move best = mv[0];
        int v = iteration(s, w, mv, n, depth, score, &best);
        if (!s->aborted)
            score = v;
    }
}

static void search_root(ab_search *s, mana_game *w, mana_move *mv, int n, mana_move *out)
{
    bot *b = s->b;
    ab_view v;
    ab_look(w, s->marks, &v);
    ab_order(s, w, &v, mv, n, MANA_MOVE_NONE, 0);
    mana_move best = mv[0];
    int score = 0, max_depth = b->lim.depth > 0 ? b->lim.depth : AB_MAX_PLY - 4;
    int k = b->multipv < n ? b->multipv : n, scores[MANA_BOT_MULTIPV_MAX] = {0};
    double last_ms = 0;
    int mate_tried = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        double t0 = bot_elapsed_ms(b);
        mana_move before = best;
        int prev = score;
        s->root_depth = depth;
        if (k > 1) {
            if (!multipv_iteration(s, w, mv, n, k, depth, scores))
                break;
            best = mv[0];
            score = scores[0];
            for (int i = 0; i < k; i++)
                report(s, w, depth, mv[i], scores[i], i + 1);
            restore_best_line(b);
        } else {
            int v = iteration(s, w, mv, n, depth, score, &best);
            if (s->aborted)
                break;
            score = v;
            report(s, w, depth, best, score, 1);
        }
        if (forced_within(score, depth))
            break; /* a forced result no deeper search can shorten */
        last_ms = bot_elapsed_ms(b) - t0;
        double share = k == 1 ? bot_mate_share(b, &ab_mate_rule, score, &mate_tried) : 0;
        if (share > 0) {
            if (mate_search(s, w, mv, n, share, &best)) {
                score = b->stats.score;
                break;
            }
        }
        int unsettled = best != before || score < prev - 30;
        if (!bot_time_next(b, last_ms, unsettled))
            break;
    }
    *out = best;
    b->stats.score = score;
}

/* ---- Lazy SMP ---------------------------------------------------------------- */

typedef struct helper_job {
    pthread_t id;
    ab_search s;
    mana_game *w;
    mana_move mv[MANA_MAX_MOVES];
    int n;
} helper_job;

static void *helper_main(void *arg)
{
    helper_job *j = arg;
    helper_root(&j->s, j->w, j->mv, j->n);
    return NULL;
}

/* Starts up to count - 1 helpers on the root moves mv[0..n-1] of w, in
 * the order of the main thread; returns how many started (fewer when
 * memory or threads run out: the search goes on with those). */
static int helpers_start(ab_search *main, const mana_game *w, const mana_move *mv, int n, helper_job *jobs, int count)
{
    ab_bot *ab = main->b->impl;
    int started = 0;
    for (int t = 1; t < count; t++) {
        if (t >= ab->nstates) {
            if ((ab->st[t] = state_new(&ab->tt)) == NULL)
                break;
            ab->nstates = t + 1;
        }
        helper_job *j = &jobs[started];
        memset(&j->s, 0, sizeof j->s);
        j->s.b = main->b;
        j->s.ab = ab->st[t];
        j->s.smp = main->smp;
        j->s.helper = t;
        memcpy(j->s.marks, main->marks, sizeof j->s.marks);
        memset(j->s.ab->killers, 0, sizeof j->s.ab->killers);
        memcpy(j->mv, mv, (size_t)n * sizeof *mv);
        j->n = n;
        if ((j->w = mana_clone(w)) == NULL)
            break;
        if (pthread_create(&j->id, NULL, helper_main, j) != 0) {
            mana_free(j->w);
            break;
        }
        started++;
    }
    return started;
}

/* Halts and joins the helpers; returns their nodes. */
static uint64_t helpers_join(ab_smp *smp, helper_job *jobs, int started)
{
    uint64_t nodes = 0;
    atomic_store(&smp->halt, 1);
    for (int i = 0; i < started; i++) {
        pthread_join(jobs[i].id, NULL);
        nodes += jobs[i].s.nodes;
        mana_free(jobs[i].w);
    }
    return nodes;
}

/* The search of the play-phase position w on b->threads threads: the
 * helpers deepen the same root moves, the main thread's answer is the
 * bot's.  One thread: search_root alone, as it always was. */
static void search_threads(ab_search *s, mana_game *w, mana_move *mv, int n, mana_move *out)
{
    int count = s->b->threads;
#ifdef MANA_BOT_NO_THREADS
    count = 1;
#endif
    helper_job *jobs = count > 1 ? calloc((size_t)count - 1, sizeof *jobs) : NULL;
    if (jobs == NULL) {
        search_root(s, w, mv, n, out);
        return;
    }
    ab_smp smp;
    atomic_init(&smp.nodes, 0);
    atomic_init(&smp.halt, 0);
    smp.depth = s->b->lim.depth;
    smp.node_limit = s->b->lim.nodes;
    smp.helper_limit = smp.node_limit / 2;
    s->smp = &smp;
    ab_view v;
    ab_look(w, s->marks, &v);
    ab_order(s, w, &v, mv, n, MANA_MOVE_NONE, 0); /* the helpers' order too */
    int started = helpers_start(s, w, mv, n, jobs, count);
    search_root(s, w, mv, n, out);
    uint64_t helper_nodes = helpers_join(&smp, jobs, started);
    free(jobs);
    s->smp = NULL;
    s->b->stats.nodes = s->nodes + helper_nodes;
}

int bot_ab_choose(bot *b, const mana_game *g, mana_move *out)
{
    ab_bot *ab = b->impl;
    ab_search s;
    memset(&s, 0, sizeof s);
    s.b = b;
    s.ab = ab->st[0];
    mana_game *w = mana_clone(g);
    int rc = MANA_OK;
    if (w == NULL)
        return MANA_ENOMEM;
    tt_new_search(&ab->tt);
    memset(s.ab->killers, 0, sizeof s.ab->killers);
    if (mana_status(w) == MANA_SETUP) {
        rc = ab_choose_setup(&s, w, out);
    } else {
        ab_marks(w, s.marks);
        mana_move mv[MANA_MAX_MOVES];
        int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
        n = n > 0 ? bot_root_moves(b, mv, n) : n;
        if (n <= 0)
            rc = n < 0 ? n : MANA_EOVER;
        else if (!take_damyo(&s, w, mv, n, out)) {
            ab_shuffle(b, mv, n); /* equal keys keep a seeded random order */
            search_threads(&s, w, mv, n, out);
        }
    }
    b->stats.nodes = b->stats.nodes > s.nodes ? b->stats.nodes : s.nodes;
    b->stats.seldepth = s.seldepth;
    mana_free(w);
    return rc;
}
