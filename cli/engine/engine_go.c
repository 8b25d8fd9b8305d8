/* SPDX-License-Identifier: MIT */
/*
 * engine_go.c - the `go` command of `mana-cli engine`: its limits, the
 * search thread, ponder, the info lines (formatted once from the bot's
 * mana_bot_info) and the answer (a final info line with the totals, then
 * exactly one bestmove).
 *
 * Timing rules (docs/engine-protocol.md "go"): an infinite or ponder search
 * never answers before `stop` (or `ponderhit`, for ponder); `movetime T`
 * answers by T ms, sooner when the search ends first (another limit of
 * the go reached, a forced result, one legal move); under clocks the answer
 * comes within the budget of mana_bot_time_budget (libmana-bots' time
 * manager), which leaves a margin on the clock.  The bot times itself:
 * it aims at the soft budget and never passes the hard one.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "engine.h"

#define FOREVER_MS MANA_BOT_TIME_MAX_MS
#define STOP_RETRY_MS 2 /* a stop sent before the search began is sent again */

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Waits on e->cond until at_ms (monotonic ms) or a signal; lock held. */
static void wait_until(engine *e, long long at_ms)
{
    if (at_ms <= 0) {
        pthread_cond_wait(&e->cond, &e->lock);
        return;
    }
    /* the condition variable runs on CLOCK_REALTIME: convert the span */
    long long left = at_ms - now_ms();
    if (left <= 0)
        return;
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += (time_t)(left / 1000);
    t.tv_nsec += (long)(left % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&e->cond, &e->lock, &t);
}

/* ---- parsing -------------------------------------------------------------- */

/* A signed number of ms (clocks may be sent negative: read as 0). */
static int parse_ms(const char *text, int64_t *out)
{
    unsigned long long v;
    int neg = text[0] == '-';
    if (cli_parse_uint(text + neg, 1000000000000ULL, &v) < 0)
        return -1;
    *out = neg ? 0 : (int64_t)v;
    return 0;
}

/* Reads key's value at tok[*i + 1] into the limits. */
static int parse_limit(const char *key, const char *val, mana_bot_limits *r)
{
    static const char *const clocks[] = {"wtime", "btime", "winc", "binc"};
    unsigned long long v;
    for (int k = 0; k < 4; k++)
        if (strcmp(key, clocks[k]) == 0) {
            int64_t *slot =
                k < 2 ? &r->time_ms[k == 0 ? MANA_WHITE : MANA_BLACK] : &r->inc_ms[k == 2 ? MANA_WHITE : MANA_BLACK];
            return parse_ms(val, slot);
        }
    if (cli_parse_uint(val, UINT64_MAX, &v) < 0) {
        if (val[strspn(val, "0123456789")] != '\0' || val[0] == '\0')
            return -1;
        v = UINT64_MAX; /* digits beyond 2^64: as large as any, then capped */
    }
    if (v == 0)
        return -1;
    if (strcmp(key, "movetime") == 0)
        r->movetime_ms = v > FOREVER_MS ? FOREVER_MS : (int64_t)v;
    else if (strcmp(key, "depth") == 0)
        r->depth = v > MANA_BOT_DEPTH_MAX ? MANA_BOT_DEPTH_MAX : (int)v;
    else if (strcmp(key, "nodes") == 0)
        r->nodes = v;
    else if (strcmp(key, "iterations") == 0)
        r->iterations = v;
    else if (strcmp(key, "movestogo") == 0)
        r->movestogo = v > 1000 ? 1000 : (int)v;
    return 0;
}

static const char *const go_keys[] = {"movetime", "depth",     "nodes",    "iterations", "wtime",       "btime", "winc",
                                      "binc",     "movestogo", "infinite", "ponder",     "searchmoves", NULL};

static int is_go_key(const char *word)
{
    for (int k = 0; go_keys[k] != NULL; k++)
        if (strcmp(word, go_keys[k]) == 0)
            return 1;
    return 0;
}

/* Reads the moves after searchmoves (tok[*i] is the word) up to the next
 * limit's name into moves; *i then is the last word read.  Returns 0 or
 * -1 with a message in why. */
static int parse_searchmoves(char **tok, int n, int *i, const mana_game *g, mana_move *moves, mana_bot_limits *r,
                             char *why, size_t size)
{
    int count = 0;
    if (g == NULL) {
        snprintf(why, size, "go searchmoves: no position to read the moves in");
        return -1;
    }
    while (*i + 1 < n && !is_go_key(tok[*i + 1])) {
        const char *word = tok[++*i];
        if (count >= MANA_MAX_MOVES || mana_move_parse(g, word, &moves[count]) != MANA_OK) {
            snprintf(why, size, "go searchmoves: '%.20s' is not a legal move here", word);
            return -1;
        }
        count++;
    }
    if (count == 0) {
        snprintf(why, size, "go searchmoves: expected one move or more");
        return -1;
    }
    r->searchmoves = moves;
    r->searchmoves_count = count;
    return 0;
}

int eng_parse_go(char **tok, int n, const mana_game *g, mana_move *moves, mana_bot_limits *r, char *why, size_t size)
{
    mana_bot_limits_init(r);
    for (int i = 1; i < n; i++) {
        if (strcmp(tok[i], "infinite") == 0 || strcmp(tok[i], "ponder") == 0) {
            *(tok[i][0] == 'i' ? &r->infinite : &r->ponder) = 1;
            continue;
        }
        if (strcmp(tok[i], "searchmoves") == 0) {
            if (parse_searchmoves(tok, n, &i, g, moves, r, why, size) < 0)
                return -1;
            continue;
        }
        if (!is_go_key(tok[i])) {
            snprintf(why, size, "go: unknown limit '%.20s'", tok[i]);
            return -1;
        }
        if (i + 1 >= n || parse_limit(tok[i], tok[i + 1], r) < 0) {
            int clock = strcmp(tok[i], "wtime") == 0 || strcmp(tok[i], "btime") == 0 || strcmp(tok[i], "winc") == 0 ||
                        strcmp(tok[i], "binc") == 0;
            snprintf(why, size, "go: '%.20s' needs a%s number", tok[i], clock ? "" : " positive");
            return -1;
        }
        i++;
    }
    return 0;
}

/* ---- info lines ------------------------------------------------------------ */

/* The search's time budget under clocks, once, before its first report:
 * the one the bot computed when it began (mana_bot_budget), not worked out
 * again here.  In the searching thread (the bot's callback) or after the
 * search; nothing without a clock. */
static void say_budget(engine *e)
{
    int64_t soft, hard;
    if (e->budget_said)
        return;
    e->budget_said = 1;
    if (mana_bot_budget(e->bot, &soft, &hard) == MANA_OK)
        eng_out(e, "info string time budget soft %" PRId64 " hard %" PRId64, soft, hard);
}

void eng_info(void *ctx, const mana_bot_info *info)
{
    engine *e = ctx;
    say_budget(e);
    const mana_bot_line *l = &info->line;
    char head[48] = "", score[64], wr[24] = "", its[40] = "";
    char pv[MANA_BOT_PV_MAX * (MANA_MOVE_TEXT_MAX + 1) + 1];
    if (info->setup)
        snprintf(head, sizeof head, "setup samples %" PRIu64 " ", info->samples);
    if (l->mate != 0)
        snprintf(score, sizeof score, "mate %d", l->mate);
    else
        snprintf(score, sizeof score, "cp %d", l->score_cp);
    if (l->win_rate >= 0) { /* a playout search: its win rate and playouts */
        snprintf(wr, sizeof wr, " wr %.0f", 100.0 * l->win_rate);
        snprintf(its, sizeof its, " iterations %" PRIu64, info->iterations);
    }
    if (mana_bot_pv_format(e->search_game, l->pv, l->pv_len, pv, sizeof pv) < 0)
        pv[0] = '\0';
    eng_out(e,
            "info %sdepth %d seldepth %d multipv %d score %s%s nodes %" PRIu64 " nps %" PRIu64 " time %" PRId64
            "%s pv %s",
            head, l->depth, l->seldepth, l->multipv, score, wr, info->nodes, info->nps, info->time_ms, its, pv);
}

/* ---- the search ------------------------------------------------------------ */

/* The totals of the search just ended, then its one bestmove (for a
 * finished game the status and reason lines instead of totals).  The time
 * is the real time since go (an infinite search that ended early waited
 * for stop); the depth is the one reached (the tree's for mcts and for a
 * setup search, which have no nominal depth). */
static void answer(engine *e, int rc, const mana_bot_result *res)
{
    const mana_bot_info *in = &res->info;
    long long t = now_ms() - e->go_ms;
    int ms = t > 0 ? (t > INT_MAX ? INT_MAX : (int)t) : 0;
    unsigned long long nps = in->nodes * 1000ULL / (unsigned long long)(ms > 0 ? ms : 1);
    char extra[48] = "";
    if (in->line.win_rate >= 0)
        snprintf(extra, sizeof extra, " iterations %" PRIu64, in->iterations);
    if (rc != MANA_EOVER) /* a finished game is not searched: no budget, no totals */
        say_budget(e);
    if (rc != MANA_EOVER)
        eng_out(e, "info depth %d seldepth %d nodes %" PRIu64 " nps %llu time %d%s", in->line.depth, in->line.seldepth,
                in->nodes, nps, ms, extra);
    char text[MANA_MOVE_TEXT_MAX + 1], ponder[MANA_MOVE_TEXT_MAX + 9] = "";
    if (rc == MANA_OK && mana_move_format(e->search_game, res->move, text, sizeof text) >= 0) {
        mana_game *after = res->ponder != MANA_MOVE_NONE ? mana_clone(e->search_game) : NULL;
        if (after != NULL && mana_play(after, res->move) == MANA_OK &&
            mana_move_format(after, res->ponder, ponder + 8, sizeof ponder - 8) >= 0)
            memcpy(ponder, " ponder ", 8);
        mana_free(after);
        eng_out(e, "bestmove %s%s", text, ponder);
        return;
    }
    if (rc == MANA_EOVER)
        eng_report_status(e, e->search_game);
    else
        eng_out(e, "info string error: %s: %s", mana_strerror(rc), mana_bot_error_detail());
    eng_out(e, "bestmove (none)");
}

static void *search_main(void *arg)
{
    engine *e = arg;
    mana_bot_result res;
    int rc = mana_bot_choose(e->bot, e->search_game, &e->lim, &res);
    pthread_mutex_lock(&e->lock);
    e->bot_done = 1;
    pthread_cond_broadcast(&e->cond);
    /* infinite and ponder wait for stop (ponder: or ponderhit); any other
     * search answers as soon as the bot ends it (a movetime spent, another
     * limit reached first, or a forced result) */
    while (!e->released && e->hold)
        wait_until(e, 0);
    pthread_mutex_unlock(&e->lock);
    answer(e, rc, &res);
    return NULL;
}

void eng_finish_search(engine *e, int stop)
{
    if (!e->searching)
        return;
    pthread_mutex_lock(&e->lock);
    if (stop || e->hold) {
        e->released = 1;
        /* a stop that came before the bot began its search is lost:
         * send it again until the bot returns */
        while (!e->bot_done) {
            mana_bot_stop(e->bot);
            wait_until(e, now_ms() + STOP_RETRY_MS);
        }
    }
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    pthread_join(e->search_thread, NULL);
    e->searching = 0;
    mana_free(e->search_game);
    e->search_game = NULL;
}

void eng_ponderhit(engine *e)
{
    if (!e->searching)
        return;
    pthread_mutex_lock(&e->lock);
    if (e->hold == 2) { /* a ponder search becomes the real one now */
        e->hold = 0;
        if (!e->bot_done)
            mana_bot_ponderhit(e->bot);
        pthread_cond_broadcast(&e->cond);
    }
    pthread_mutex_unlock(&e->lock);
}

void eng_go(engine *e, char **tok, int n)
{
    char why[120];
    /* the position searchmoves are read in, without its errors yet */
    const mana_game *pos = e->refused ? NULL : e->game != NULL ? e->game : (e->game = eng_fresh_game(e));
    if (eng_parse_go(tok, n, pos, e->searchmoves, &e->lim, why, sizeof why) < 0) {
        eng_out(e, "info string error: %s", why);
        eng_out(e, "bestmove (none)");
        return;
    }
    const mana_game *g = eng_current(e);
    if (g == NULL || (e->search_game = mana_clone(g)) == NULL) {
        if (g != NULL)
            eng_out(e, "info string error: out of memory");
        eng_out(e, "bestmove (none)");
        return;
    }
    e->go_ms = now_ms();
    e->budget_said = 0;
    e->hold = e->lim.ponder ? 2 : e->lim.infinite ? 1 : 0;
    e->released = e->bot_done = 0;
    if (pthread_create(&e->search_thread, NULL, search_main, e) != 0) {
        eng_out(e, "info string error: cannot start the search thread");
        eng_out(e, "bestmove (none)");
        mana_free(e->search_game);
        e->search_game = NULL;
        return;
    }
    e->searching = 1;
}
