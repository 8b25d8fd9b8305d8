/* SPDX-License-Identifier: MIT */
/*
 * ab_search.c - the principal variation search of `ab`.
 *
 * The analogue of check in Mana: whatever we play binds the opponent to
 * the mark count of the square we land on, so we are threatened when
 * every count we can give lets him take our Damyo (ab_view.in_check).  A
 * node in check is searched one ply deeper (the threat extension), and at
 * the horizon a side in check may not stand pat: all its moves are
 * searched (the quiescence search), the replies seeing at once whether the
 * Damyo can be taken.  Quiet moves late in the order are searched with a
 * reduced depth first (late-move reductions) and again in full if they
 * turn out better than expected.  No null-move pruning: the Mana's
 * binding makes positions where any move hurts common (zugzwang), which
 * null-move pruning gets wrong.  Measured (docs/strength.md): a pass as
 * the rules' pass (same Mana), R = 2-3, cost -65 Elo without
 * verification and -6 Elo (H0) with a verification search.
 */
#include "ab.h"
#include "../common/rng.h"

#define Q_MAX_PLIES 8 /* quiescence plies beyond the horizon */
#define LMR_MIN_DEPTH 3
#define LMR_FIRST 3 /* moves searched at full depth before reducing */

static int hist_index(mana_move m)
{
    return (MANA_MOVE_KIND(m) * 36 + MANA_MOVE_TO(m)) * 36 + MANA_MOVE_FROM(m);
}

int ab_terminal(const mana_game *w, int st, int ply)
{
    if (st == MANA_DRAWN)
        return 0;
    int winner = st == MANA_WHITE_WON ? MANA_WHITE : MANA_BLACK;
    return winner == mana_side_to_move(w) ? BOT_WIN - ply : -(BOT_WIN - ply);
}

void ab_shuffle(bot *b, mana_move *mv, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&b->rng, (uint64_t)i + 1);
        mana_move t = mv[i];
        mv[i] = mv[j];
        mv[j] = t;
    }
}

/* The limits of a search on several threads: every 64 nodes a thread
 * adds them to the shared count, which the node limit is held to; the
 * main thread alone reads the clock and stop (bot_out_of_time), and
 * raises halt as it ends, which ends the helpers.  Under a node limit the
 * helpers end once all threads together have visited half of it: the
 * other half at least is the main thread's, whose completed iterations
 * are the answer, however the threads are scheduled (with more threads
 * than cores, or threads started before it, the helpers spent the whole
 * limit while the main thread finished depth 1 or 2). */
static int smp_limits_hit(ab_search *s)
{
    if ((s->nodes & 63) != 0)
        return 0;
    ab_smp *smp = s->smp;
    uint64_t total = atomic_fetch_add_explicit(&smp->nodes, 64, memory_order_relaxed) + 64;
    if (smp->node_limit > 0 && total >= (s->helper ? smp->helper_limit : smp->node_limit))
        return 1;
    if (s->helper)
        return atomic_load_explicit(&smp->halt, memory_order_relaxed);
    return (s->nodes & 255) == 0 && bot_out_of_time(s->b);
}

static int limits_hit(ab_search *s)
{
    const bot_limits *lim = &s->b->lim;
    if (s->smp != NULL)
        return smp_limits_hit(s);
    if (lim->nodes > 0 && s->nodes >= lim->nodes)
        return 1;
    return (s->nodes & 255) == 0 && bot_out_of_time(s->b);
}

static int to_tt(int v, int ply)
{
    return v >= BOT_WIN_MIN ? v + ply : v <= -BOT_WIN_MIN ? v - ply : v;
}

static int from_tt(int v, int ply)
{
    return v >= BOT_WIN_MIN ? v - ply : v <= -BOT_WIN_MIN ? v + ply : v;
}

/* The squares the moves of a node are judged by: every piece, and the
 * Damyo of the side to move. */
typedef struct board_sets {
    uint64_t occ, own_damyo;
} board_sets;

static board_sets sets_of(const mana_game *w, int us)
{
    board_sets b;
    uint64_t d, r, their_d, their_r;
    mana_pieces(w, us, &d, &r);
    mana_pieces(w, !us, &their_d, &their_r);
    b.occ = d | r | their_d | their_r;
    b.own_damyo = d;
    return b;
}

static int is_capture(const board_sets *b, mana_move m)
{
    return MANA_MOVE_KIND(m) == MANA_MOVE_STEP && (b->occ >> MANA_MOVE_TO(m) & 1);
}

/* Returns the Mana count (1..3) move m gives the opponent, or 0.  The
 * marks partition the board (every square bears 1, 2 or 3). */
static int gives(const ab_view *v, mana_move m)
{
    int kind = MANA_MOVE_KIND(m), to = MANA_MOVE_TO(m);
    if (kind != MANA_MOVE_STEP && kind != MANA_MOVE_DROP_RONIN)
        return 0;
    return 1 + (int)(v->marks[1] >> to & 1) + 2 * (int)(v->marks[2] >> to & 1);
}

/* Returns 1 if m, a quiet move not of our Damyo, gives a Mana under which
 * the opponent takes our Damyo as the board stands. */
static int loses_damyo(const board_sets *b, const ab_view *v, mana_move m)
{
    int k = gives(v, m);
    if (k == 0 || !(v->unsafe & (1 << (k - 1))) || is_capture(b, m))
        return 0;
    return MANA_MOVE_KIND(m) != MANA_MOVE_STEP || !(b->own_damyo >> MANA_MOVE_FROM(m) & 1);
}

/* Fills key[0..n-1] with the keys of moves mv[0..n-1], best first: the
 * hash move, captures, killers, then by history; a move that loses our
 * Damyo as the board stands goes below the rest of its kind.  Then moves
 * the hash move, if it is in mv, to the front (the others keeping their
 * order) and returns 1, else returns 0: the moves from there on are left
 * to sort_moves. */
static int order_keys(ab_search *s, const board_sets *b, const ab_view *v, mana_move *mv, int32_t *key, int n,
                      mana_move hash_move, int ply)
{
    /* read once: the stores to key could alias the tables */
    mana_move k0 = ply < AB_MAX_PLY ? s->ab->killers[ply][0] : MANA_MOVE_NONE;
    mana_move k1 = ply < AB_MAX_PLY ? s->ab->killers[ply][1] : MANA_MOVE_NONE;
    const int32_t *hist = s->ab->history[v->us];
    int h = -1;
    for (int i = 0; i < n; i++) {
        mana_move m = mv[i];
        if (m == hash_move) {
            h = i;
            continue;
        }
        if (is_capture(b, m))
            key[i] = 1 << 29;
        else if (m == k0) /* a legal move is never MANA_MOVE_NONE */
            key[i] = (1 << 28) + 1;
        else if (m == k1)
            key[i] = 1 << 28;
        else
            key[i] = hist[hist_index(m)];
        if (loses_damyo(b, v, m))
            key[i] -= 1 << 29;
    }
    if (h < 0)
        return 0;
    for (int i = h; i > 0; i--) {
        mv[i] = mv[i - 1];
        key[i] = key[i - 1];
    }
    mv[0] = hash_move;
    key[0] = 1 << 30;
    return 1;
}

/* Sorts mv[0..n-1] by key, best first, equal keys in their order (an
 * insertion sort: the lists are short). */
static void sort_moves(mana_move *mv, int32_t *key, int n)
{
    for (int i = 1; i < n; i++) {
        mana_move m = mv[i];
        int32_t k = key[i];
        int j = i - 1;
        while (j >= 0 && key[j] < k) {
            mv[j + 1] = mv[j];
            key[j + 1] = key[j];
            j--;
        }
        mv[j + 1] = m;
        key[j + 1] = k;
    }
}

void ab_order(ab_search *s, const mana_game *w, const ab_view *v, mana_move *mv, int n, mana_move hash_move, int ply)
{
    board_sets b = sets_of(w, v->us);
    int32_t key[MANA_MAX_MOVES];
    int from = order_keys(s, &b, v, mv, key, n, hash_move, ply);
    sort_moves(mv + from, key + from, n - from);
}

/* Remembers a quiet move that refuted a node: killer and history. */
static void reward(ab_search *s, int side, mana_move m, int depth, int ply)
{
    if (ply < AB_MAX_PLY && s->ab->killers[ply][0] != m) {
        s->ab->killers[ply][1] = s->ab->killers[ply][0];
        s->ab->killers[ply][0] = m;
    }
    int32_t *h = &s->ab->history[side][hist_index(m)];
    *h += depth * depth;
    if (*h > (1 << 26))
        *h /= 2;
}

/* Searches move i of the node (already played on w) with PVS and LMR;
 * returns its score for the side that played it. */
static int search_move(ab_search *s, mana_game *w, int i, int reduce, int depth, int alpha, int beta, int ply)
{
    if (i == 0)
        return -ab_negamax(s, w, depth - 1, -beta, -alpha, ply + 1);
    int v = -ab_negamax(s, w, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
    if (reduce > 0 && v > alpha && !s->aborted)
        v = -ab_negamax(s, w, depth - 1, -alpha - 1, -alpha, ply + 1);
    if (v > alpha && v < beta && !s->aborted)
        v = -ab_negamax(s, w, depth - 1, -beta, -alpha, ply + 1);
    return v;
}

/* The horizon: stand pat unless in check, else search every move. */
static int horizon(ab_search *s, mana_game *w, const ab_view *v, int depth, int alpha, int beta, int ply)
{
    if (!v->in_check || depth <= -Q_MAX_PLIES || ply >= AB_MAX_PLY - 1)
        return v->score;
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
    if (n <= 0)
        return v->score;
    ab_order(s, w, v, mv, n, MANA_MOVE_NONE, ply);
    int best = -AB_INF;
    for (int i = 0; i < n; i++) {
        if (mana_play(w, mv[i]) != MANA_OK)
            continue;
        int sc = -ab_negamax(s, w, depth - 1, -beta, -(alpha > best ? alpha : best), ply + 1);
        mana_undo(w);
        if (s->aborted)
            return 0;
        if (sc > best)
            best = sc;
        if (best >= beta)
            break;
    }
    return best;
}

/* Mate distance pruning: from a node ply plies deep the best is taking
 * the Damyo next ply, the worst losing it now, so the window narrows to
 * those; returns 1 if nothing is left of it (a nearer forced result is
 * already known above the node).  Only windows with a forced result in
 * them change, so trees without one stay the same. */
static int mate_distance_prune(int *alpha, int *beta, int ply)
{
    int worst = -(BOT_WIN - ply), best = BOT_WIN - (ply + 1);
    if (*alpha < worst)
        *alpha = worst;
    if (*beta > best)
        *beta = best;
    return *alpha >= *beta;
}

/* Stores the node's result: best score, best move and bound type. */
static void store(ab_search *s, uint64_t key, mana_move m, int best, int depth, int orig_alpha, int beta, int ply)
{
    int flag = best <= orig_alpha ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(s->ab->tt, key, m, to_tt(best, ply), depth, flag);
}

int ab_negamax(ab_search *s, mana_game *w, int depth, int alpha, int beta, int ply)
{
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (limits_hit(s))
        s->aborted = 1;
    if (s->aborted)
        return 0;
    int st = mana_status(w);
    if (st != MANA_PLAYING)
        return ab_terminal(w, st, ply);
    uint64_t key = mana_hash(w);
    if (s->rules == 0)
        s->rules = ab_rules_key(w, s->b->eval);
    ab_view v;
    ab_look_cached(s->ab->ev, w, key, s->rules, s->marks, depth <= 0, s->b->eval, &v);
    if (v.win_now)
        return BOT_WIN - (ply + 1);
    if (mate_distance_prune(&alpha, &beta, ply))
        return alpha;
    if (depth <= 0)
        return horizon(s, w, &v, depth, alpha, beta, ply);
    if (v.in_check && ply < 2 * s->root_depth && ply < AB_MAX_PLY - 4)
        depth++; /* the threat extension */

    tt_entry e;
    mana_move hash_move = MANA_MOVE_NONE;
    if (tt_probe(s->ab->tt, key, &e)) {
        hash_move = e.move;
        int sc = from_tt(e.score, ply), f = tt_flag(&e);
        if (e.depth >= depth && (f == TT_EXACT || (f == TT_LOWER && sc >= beta) || (f == TT_UPPER && sc <= alpha)))
            return sc;
    }
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
    if (n <= 0)
        return 0;
    board_sets b = sets_of(w, v.us);
    int32_t keys[MANA_MAX_MOVES];
    int hash_first = order_keys(s, &b, &v, mv, keys, n, hash_move, ply);
    if (!hash_first)
        sort_moves(mv, keys, n);

    int orig_alpha = alpha, best = -AB_INF;
    mana_move best_move = MANA_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        if (i == 1 && hash_first) /* the hash move did not cut: the rest in order */
            sort_moves(mv + 1, keys + 1, n - 1);
        int quiet = !is_capture(&b, mv[i]) && mv[i] != hash_move;
        int reduce = 0;
        if (quiet && i >= LMR_FIRST && depth >= LMR_MIN_DEPTH && !v.in_check)
            reduce = (i >= 3 * LMR_FIRST && depth >= 5) ? 2 : 1;
        if (mana_play(w, mv[i]) != MANA_OK)
            continue;
        int sc = search_move(s, w, i, reduce, depth, alpha, beta, ply);
        mana_undo(w);
        if (s->aborted)
            return 0;
        if (sc > best) {
            best = sc;
            best_move = mv[i];
        }
        if (sc > alpha)
            alpha = sc;
        if (alpha >= beta) {
            if (quiet)
                reward(s, v.us, mv[i], depth, ply);
            break;
        }
    }
    store(s, key, best_move, best, depth, orig_alpha, beta, ply);
    return best;
}
