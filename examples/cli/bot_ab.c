/* SPDX-License-Identifier: MIT */
/*
 * bot_ab.c - the `ab` bot: negamax alpha-beta search with iterative
 * deepening, a transposition table keyed by mana_hash, move ordering
 * (captures of the Damyo first, then the hash move, other captures, killer
 * moves and a history table) and an evaluation built from Mana's own
 * terms.  Everything it knows about the rules comes from libmana: moves from
 * mana_legal_moves, consequences from mana_play / mana_status, and the
 * opponent's options from mana_legal_moves on a copy of the position (set
 * with mana_set_position) in which the other side is to move.
 */
#include <stdlib.h>
#include <string.h>

#include "bot_impl.h"
#include "rng.h"

#define MAX_PLY 64
#define INF 32000
#define TT_BITS 18
#define TT_SIZE ((size_t)1 << TT_BITS)
#define HIST_SIZE (8 * 36 * 36)
/* Setup: random completions tried per candidate placement, and the depth
 * searched from each (0: the evaluation alone, which already sees a Damyo
 * that the first move could take; deeper tries cost much and showed no
 * gain in matches). */
#define SETUP_SAMPLES 12
#define SETUP_DEPTH 0

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

typedef struct tt_entry {
    uint64_t key;
    mana_move move;
    int16_t score;
    int8_t depth;
    uint8_t flag;
} tt_entry;

typedef struct ab_state {
    tt_entry *tt;
    mana_move killers[MAX_PLY][2];
    int32_t history[2][HIST_SIZE];
} ab_state;

/* One search: the bot, its tables, a working copy of the game and a
 * scratch game for looking at the position from the other side. */
typedef struct search {
    bot *b;
    ab_state *ab;
    mana_game *scratch;
    uint64_t nodes;
    int aborted;
} search;

/* Evaluation weights, in hundredths of a Ronin on the board.  Building with
 * -DW_TUNE=a,b,... replaces them, for tuning matches. */
#ifndef W_TUNE
#define W_TUNE 100, 30, 3, 6, 2, 20, 15, 150
#endif
static const int weights[] = {W_TUNE};
#define W_RONIN_BOARD weights[0]    /* a Ronin in play */
#define W_RONIN_RESERVE weights[1]  /* a captured Ronin: back only through the exception */
#define W_MOBILITY weights[2]       /* per step move available now */
#define W_REENTRY weights[3]        /* re-entry available now (any number of squares) */
#define W_OPP_BOUND weights[4]      /* per move left to the opponent under the Mana we give */
#define W_THREAT_ON_US weights[5]   /* per Mana mark count under which our Damyo falls */
#define W_THREAT_ON_THEM weights[6] /* per piece of ours reaching their Damyo */
#define W_NO_SAFE_MARK weights[7]   /* every Mana we can give lets them take our Damyo */

void *bot_ab_new(void)
{
    ab_state *ab = calloc(1, sizeof *ab);
    if (ab == NULL)
        return NULL;
    ab->tt = calloc(TT_SIZE, sizeof *ab->tt);
    if (ab->tt == NULL) {
        free(ab);
        return NULL;
    }
    return ab;
}

void bot_ab_free(void *impl)
{
    ab_state *ab = impl;
    if (ab != NULL)
        free(ab->tt);
    free(ab);
}

void bot_ab_clear(void *impl)
{
    ab_state *ab = impl;
    memset(ab->tt, 0, TT_SIZE * sizeof *ab->tt);
    memset(ab->killers, 0, sizeof ab->killers);
    memset(ab->history, 0, sizeof ab->history);
}

static int hist_index(mana_move m)
{
    return (MANA_MOVE_KIND(m) * 36 + MANA_MOVE_TO(m)) * 36 + MANA_MOVE_FROM(m);
}

/* Returns the score of a finished game from the view of the side to move:
 * a win (or loss) plies from the root scores BOT_WIN - plies, so that the
 * search prefers the quickest win and the slowest loss; a draw is 0. */
static int terminal_score(const mana_game *w, int st, int ply)
{
    if (st == MANA_DRAWN)
        return 0;
    int winner = st == MANA_WHITE_WON ? MANA_WHITE : MANA_BLACK;
    return winner == mana_side_to_move(w) ? BOT_WIN - ply : -(BOT_WIN - ply);
}

/* Counts what the given side could do in the play-phase position mfn if it
 * were to move with Mana mark count mana ('-', '1'..'3'): its step moves,
 * whether it has re-entries, and how many of its moves land on square
 * target (the enemy Damyo).  Returns 0, or -1 if libmana refused the
 * position. */
static int look_from(search *s, const char *mfn, size_t side_at, char side,
                     char mana, int target, int *steps, int *drops, int *hits)
{
    char text[MANA_MFN_MAX + 1];
    memcpy(text, mfn, MANA_MFN_MAX + 1);
    text[side_at] = side;
    text[side_at + 2] = mana;
    *steps = *drops = *hits = 0;
    if (mana_set_position(s->scratch, text) != MANA_OK)
        return -1;
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(s->scratch, mv, MANA_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        int kind = MANA_MOVE_KIND(mv[i]);
        if (kind == MANA_MOVE_STEP) {
            (*steps)++;
            if (MANA_MOVE_TO(mv[i]) == target)
                (*hits)++;
        } else if (kind == MANA_MOVE_DROP_RONIN) {
            (*drops)++;
        }
    }
    return 0;
}

/*
 * Returns the static value of the play-phase position w for the side to
 * move (us), in hundredths of a Ronin.  If we can take the enemy Damyo now,
 * the position is a win one ply away.  Otherwise:
 *   material   Ronins in play and in reserve;
 *   mobility   our legal moves under the Mana now binding us;
 *   binding    the opponent will be bound to the mark count of the square
 *              we land on, so for each count we can give we look at the
 *              opponent's moves under it: we want to leave him few moves,
 *              and above all a count under which he cannot take our Damyo;
 *   threats    how many counts let him reach our Damyo, how many of our
 *              pieces reach his (ignoring the Mana).
 */
static int evaluate(search *s, mana_game *w, int ply)
{
    int us = mana_side_to_move(w);
    int our_d = -1, their_d = -1, ours = 0, theirs = 0;
    for (int sq = 0; sq < 36; sq++) {
        int p = mana_piece_at(w, sq);
        if (p == 0)
            continue;
        int white = p == 'D' || p == 'R';
        int mine = white == (us == MANA_WHITE);
        if (p == 'D' || p == 'd') {
            if (mine)
                our_d = sq;
            else
                their_d = sq;
        } else if (mine) {
            ours++;
        } else {
            theirs++;
        }
    }
    int score = W_RONIN_BOARD * (ours - theirs) +
                W_RONIN_RESERVE * (mana_reserve(w, us) - mana_reserve(w, !us));

    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
    int steps = 0, drops = 0, can_give[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        int kind = MANA_MOVE_KIND(mv[i]);
        if (kind == MANA_MOVE_STEP && MANA_MOVE_TO(mv[i]) == their_d)
            return BOT_WIN - (ply + 1);
        if (kind == MANA_MOVE_STEP)
            steps++;
        else if (kind == MANA_MOVE_DROP_RONIN)
            drops++;
        if (kind == MANA_MOVE_PASS)
            can_give[mana_mana(w)] = 1;
        else
            can_give[mana_marks_at(w, MANA_MOVE_TO(mv[i]))] = 1;
    }
    score += W_MOBILITY * steps + (drops ? W_REENTRY : 0);

    char mfn[MANA_MFN_MAX + 1];
    if (mana_get_position(w, mfn, sizeof mfn) < 0 || our_d < 0 || their_d < 0)
        return score;
    size_t side_at = strcspn(mfn, " ") + 1;
    char us_c = us == MANA_WHITE ? 'w' : 'b', them_c = us == MANA_WHITE ? 'b' : 'w';

    int threats = 0, safe = 0, least = -1;
    for (int k = 1; k <= 3; k++) {
        int st, dr, hits;
        if (look_from(s, mfn, side_at, them_c, (char)('0' + k), our_d, &st, &dr, &hits) < 0)
            return score;
        threats += hits > 0;
        if (!can_give[k])
            continue;
        if (hits == 0)
            safe = 1;
        int left = st + (dr ? 6 : 0);
        if (least < 0 || left < least)
            least = left;
    }
    int st, dr, hits;
    if (look_from(s, mfn, side_at, us_c, '-', their_d, &st, &dr, &hits) == 0)
        score += W_THREAT_ON_THEM * hits;
    score -= W_THREAT_ON_US * threats;
    if (least > 0)
        score -= W_OPP_BOUND * least;
    if (!safe && steps + drops > 0)
        score -= W_NO_SAFE_MARK;
    return score;
}

static int limits_hit(search *s)
{
    const bot_limits *lim = &s->b->lim;
    if (lim->nodes > 0 && s->nodes >= lim->nodes)
        return 1;
    return (s->nodes & 255) == 0 && bot_out_of_time(s->b);
}

/* Returns a score for TT storage relative to this node (mates counted from
 * here), and back. */
static int to_tt(int v, int ply)
{
    return v >= BOT_WIN_MIN ? v + ply : v <= -BOT_WIN_MIN ? v - ply : v;
}
static int from_tt(int v, int ply)
{
    return v >= BOT_WIN_MIN ? v - ply : v <= -BOT_WIN_MIN ? v + ply : v;
}

/* Gives each move an ordering key: hash move, captures, killers, history. */
static void order_keys(search *s, const mana_game *w, const mana_move *mv, int n,
                       mana_move hash_move, int ply, int32_t *key)
{
    int side = mana_side_to_move(w);
    for (int i = 0; i < n; i++) {
        if (mv[i] == hash_move)
            key[i] = 1 << 30;
        else if (bot_captures(w, mv[i]))
            key[i] = 1 << 29;
        else if (ply < MAX_PLY && mv[i] == s->ab->killers[ply][0])
            key[i] = (1 << 28) + 1;
        else if (ply < MAX_PLY && mv[i] == s->ab->killers[ply][1])
            key[i] = 1 << 28;
        else
            key[i] = s->ab->history[side][hist_index(mv[i])];
    }
}

/* Moves the best-keyed move among i..n-1 to position i. */
static void pick(mana_move *mv, int32_t *key, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (key[j] > key[best])
            best = j;
    mana_move tm = mv[i];
    mv[i] = mv[best];
    mv[best] = tm;
    int32_t tk = key[i];
    key[i] = key[best];
    key[best] = tk;
}

static int negamax(search *s, mana_game *w, int depth, int alpha, int beta, int ply)
{
    s->nodes++;
    if (ply > s->b->stats.seldepth)
        s->b->stats.seldepth = ply;
    if (limits_hit(s))
        s->aborted = 1;
    if (s->aborted)
        return 0;
    int st = mana_status(w);
    if (st != MANA_PLAYING)
        return terminal_score(w, st, ply);
    if (depth <= 0 || ply >= MAX_PLY - 1)
        return evaluate(s, w, ply);

    uint64_t key = mana_hash(w);
    tt_entry *e = &s->ab->tt[key & (TT_SIZE - 1)];
    mana_move hash_move = MANA_MOVE_NONE;
    if (e->key == key) {
        hash_move = e->move;
        if (e->depth >= depth) {
            int v = from_tt(e->score, ply);
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
                (e->flag == TT_UPPER && v <= alpha))
                return v;
        }
    }

    mana_move mv[MANA_MAX_MOVES];
    int32_t keys[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
    if (n <= 0)
        return 0;
    for (int i = 0; i < n; i++)
        if (bot_captures_damyo(w, mv[i]))
            return BOT_WIN - (ply + 1);
    order_keys(s, w, mv, n, hash_move, ply, keys);

    int side = mana_side_to_move(w);
    int orig_alpha = alpha, best = -INF;
    mana_move best_move = MANA_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        pick(mv, keys, i, n);
        if (mana_play(w, mv[i]) != MANA_OK)
            continue;
        int v;
        if (i == 0) {
            v = -negamax(s, w, depth - 1, -beta, -alpha, ply + 1);
        } else { /* principal variation search: prove the move is worse */
            v = -negamax(s, w, depth - 1, -alpha - 1, -alpha, ply + 1);
            if (v > alpha && v < beta && !s->aborted)
                v = -negamax(s, w, depth - 1, -beta, -alpha, ply + 1);
        }
        mana_undo(w);
        if (s->aborted)
            return 0;
        if (v > best) {
            best = v;
            best_move = mv[i];
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            if (!bot_captures(w, mv[i])) {
                if (s->ab->killers[ply][0] != mv[i]) {
                    s->ab->killers[ply][1] = s->ab->killers[ply][0];
                    s->ab->killers[ply][0] = mv[i];
                }
                int32_t *h = &s->ab->history[side][hist_index(mv[i])];
                *h += depth * depth;
                if (*h > (1 << 27))
                    *h /= 2;
            }
            break;
        }
    }
    e->key = key;
    e->move = best_move;
    e->score = (int16_t)to_tt(best, ply);
    e->depth = (int8_t)depth;
    e->flag = best <= orig_alpha ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    return best;
}

/* Writes the principal variation from w (first move first) as text, by
 * following hash moves on a copy. */
static void pv_text(search *s, const mana_game *w, mana_move first, int depth,
                    char *buf, size_t size)
{
    mana_move line[MAX_PLY];
    int n = 0;
    mana_game *c = mana_clone(w);
    if (c == NULL) {
        buf[0] = '\0';
        return;
    }
    line[n++] = first;
    mana_play(c, first);
    while (n < depth && n < MAX_PLY && mana_status(c) == MANA_PLAYING) {
        uint64_t key = mana_hash(c);
        tt_entry *e = &s->ab->tt[key & (TT_SIZE - 1)];
        if (e->key != key || e->move == MANA_MOVE_NONE || mana_is_legal(c, e->move) != 1)
            break;
        line[n++] = e->move;
        mana_play(c, e->move);
    }
    mana_free(c);
    bot_format_line(w, line, n, buf, size);
}

/* Chooses among setup moves by sampling: each candidate is followed by
 * SETUP_SAMPLES random completions of the setup (mana_setup_random) and the
 * resulting start positions are evaluated from the mover's view.  This keeps
 * the Damyo out of reach of the first move where the samples can tell. */
static int choose_setup(search *s, mana_game *w, mana_move *out)
{
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
    if (n <= 0)
        return n < 0 ? n : MANA_EOVER;
    for (int i = n - 1; i > 0; i--) { /* shuffle: ties go to a random move */
        int j = (int)rng_below(&s->b->rng, (uint64_t)i + 1);
        mana_move t = mv[i];
        mv[i] = mv[j];
        mv[j] = t;
    }
    int mover = mana_side_to_move(w);
    long best = 0;
    *out = mv[0];
    for (int i = 0; i < n; i++) {
        long total = 0;
        for (int k = 0; k < SETUP_SAMPLES; k++) {
            uint64_t seed = rng_next(&s->b->rng);
            mana_game *c = mana_clone(w);
            if (c == NULL)
                return MANA_ENOMEM;
            if (mana_play(c, mv[i]) == MANA_OK &&
                (mana_status(c) != MANA_SETUP || mana_setup_random(c, seed) == MANA_OK)) {
                int st = mana_status(c);
                int v = st == MANA_PLAYING ? negamax(s, c, SETUP_DEPTH, -INF, INF, 0)
                                           : terminal_score(c, st, 0);
                total += mana_side_to_move(c) == mover ? v : -v;
            }
            mana_free(c);
        }
        if (i == 0 || total > best) {
            best = total;
            *out = mv[i];
        }
    }
    s->b->stats.score = (int)(best / SETUP_SAMPLES);
    s->b->stats.nodes = (uint64_t)n * SETUP_SAMPLES;
    if (s->b->info != NULL) {
        char text[MANA_MOVE_TEXT_MAX + 1] = "";
        mana_move_format(w, *out, text, sizeof text);
        bot_emit(s->b, "setup samples %d score cp %d time %d pv %s", n * SETUP_SAMPLES,
                 s->b->stats.score, (int)bot_elapsed_ms(s->b), text);
    }
    return MANA_OK;
}

int bot_ab_choose(bot *b, const mana_game *g, mana_move *out)
{
    search s = {b, b->impl, NULL, 0, 0};
    mana_game *w = mana_clone(g);
    s.scratch = mana_clone(g);
    int rc = MANA_OK;
    if (w == NULL || s.scratch == NULL) {
        rc = MANA_ENOMEM;
        goto done;
    }
    if (mana_status(w) == MANA_SETUP) {
        rc = choose_setup(&s, w, out);
        goto done;
    }

    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
    if (n <= 0) {
        rc = n < 0 ? n : MANA_EOVER;
        goto done;
    }
    for (int i = 0; i < n; i++) {
        if (bot_captures_damyo(w, mv[i])) {
            *out = mv[i];
            b->stats.depth = 1;
            b->stats.score = BOT_WIN - 1;
            b->stats.mate = 1;
            b->stats.nodes = 1;
            if (b->info != NULL) {
                char text[MANA_MOVE_TEXT_MAX + 1] = "";
                mana_move_format(w, mv[i], text, sizeof text);
                bot_emit(b, "depth 1 score mate 1 nodes 1 time %d pv %s", (int)bot_elapsed_ms(b),
                         text);
            }
            goto done;
        }
    }
    /* Shuffle, then let the ordering keys sort: equal keys keep the random
     * order, so that games differ from seed to seed. */
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&b->rng, (uint64_t)i + 1);
        mana_move t = mv[i];
        mv[i] = mv[j];
        mv[j] = t;
    }
    memset(s.ab->killers, 0, sizeof s.ab->killers);

    mana_move best_move = mv[0];
    int best_score = 0, max_depth = b->lim.depth > 0 ? b->lim.depth : MAX_PLY - 4;
    for (int depth = 1; depth <= max_depth; depth++) {
        int32_t keys[MANA_MAX_MOVES];
        order_keys(&s, w, mv, n, best_move, 0, keys);
        /* stable insertion sort on the keys: the previous best goes first */
        for (int i = 1; i < n; i++) {
            mana_move m = mv[i];
            int32_t k = keys[i];
            int j = i - 1;
            while (j >= 0 && keys[j] < k) {
                mv[j + 1] = mv[j];
                keys[j + 1] = keys[j];
                j--;
            }
            mv[j + 1] = m;
            keys[j + 1] = k;
        }
        int alpha = -INF, iter_best = -INF;
        mana_move iter_move = MANA_MOVE_NONE;
        for (int i = 0; i < n; i++) {
            if (mana_play(w, mv[i]) != MANA_OK)
                continue;
            int v;
            if (i == 0) {
                v = -negamax(&s, w, depth - 1, -INF, -alpha, 1);
            } else {
                v = -negamax(&s, w, depth - 1, -alpha - 1, -alpha, 1);
                if (v > alpha && !s.aborted)
                    v = -negamax(&s, w, depth - 1, -INF, -alpha, 1);
            }
            mana_undo(w);
            if (s.aborted)
                break;
            if (v > iter_best) {
                iter_best = v;
                iter_move = mv[i];
            }
            if (v > alpha)
                alpha = v;
        }
        if (iter_move != MANA_MOVE_NONE) {
            /* A cut-short iteration still searched the previous best move
             * first, so its best is at least as well founded. */
            best_move = iter_move;
            best_score = iter_best;
        }
        if (s.aborted)
            break;
        b->stats.depth = depth;
        b->stats.score = best_score;
        b->stats.mate = best_score >= BOT_WIN_MIN    ? BOT_WIN - best_score
                        : best_score <= -BOT_WIN_MIN ? -(BOT_WIN + best_score)
                                                     : 0;
        if (b->info != NULL) {
            char pv[512];
            pv_text(&s, w, best_move, depth, pv, sizeof pv);
            if (b->stats.mate != 0)
                bot_emit(b, "depth %d score mate %d nodes %llu time %d pv %s", depth,
                         b->stats.mate, (unsigned long long)s.nodes, (int)bot_elapsed_ms(b), pv);
            else
                bot_emit(b, "depth %d score cp %d nodes %llu time %d pv %s", depth, best_score,
                         (unsigned long long)s.nodes, (int)bot_elapsed_ms(b), pv);
        }
        if (best_score >= BOT_WIN_MIN || best_score <= -BOT_WIN_MIN)
            break; /* a forced result: deeper search cannot change it */
        if (b->lim.time_ms > 0 && bot_elapsed_ms(b) * 2 > b->lim.time_ms)
            break; /* the next iteration would not finish */
    }
    *out = best_move;
    b->stats.score = best_score;

done:
    b->stats.nodes += s.nodes;
    mana_free(w);
    mana_free(s.scratch);
    return rc;
}
