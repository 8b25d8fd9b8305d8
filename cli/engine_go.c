/* SPDX-License-Identifier: MIT */
/*
 * engine_go.c - the `go` command of `mana-cli engine`: its limits, the time
 * manager for clocks, the search thread, the timer thread, ponder and the
 * answer (a final info line with the totals, then exactly one bestmove).
 *
 * Timing rules (docs/engine-protocol.md "go"): an infinite or ponder search
 * never answers before `stop` (or `ponderhit`, for ponder); `movetime T`
 * answers at T ms, not sooner, unless stopped; under clocks the answer
 * comes within the budget of eng_time_budget, which leaves a margin on the
 * clock.  The bot times itself with its soft budget; the timer thread
 * raises the stop flag at the hard one.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"

#define FOREVER_MS BOT_TIME_MAX_MS

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
static int parse_ms(const char *text, long long *out)
{
    unsigned long long v;
    int neg = text[0] == '-';
    if (cli_parse_uint(text + neg, 1000000000000ULL, &v) < 0)
        return -1;
    *out = neg ? 0 : (long long)v;
    return 0;
}

/* Reads key's value at tok[*i + 1] into the request. */
static int parse_limit(const char *key, const char *val, go_request *r)
{
    static const char *const clocks[] = {"wtime", "btime", "winc", "binc"};
    unsigned long long v;
    for (int k = 0; k < 4; k++)
        if (strcmp(key, clocks[k]) == 0) {
            long long *slot =
                k < 2 ? &r->time[k == 0 ? MANA_WHITE : MANA_BLACK] : &r->inc[k == 2 ? MANA_WHITE : MANA_BLACK];
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
        r->lim.time_ms = v > FOREVER_MS ? FOREVER_MS : (int)v;
    else if (strcmp(key, "depth") == 0)
        r->lim.depth = v > BOT_DEPTH_MAX ? BOT_DEPTH_MAX : (int)v;
    else if (strcmp(key, "nodes") == 0)
        r->lim.nodes = v;
    else if (strcmp(key, "iterations") == 0)
        r->lim.iterations = v;
    else if (strcmp(key, "movestogo") == 0)
        r->movestogo = v > 1000 ? 1000 : (int)v;
    return 0;
}

int eng_parse_go(char **tok, int n, go_request *r, char *why, size_t size)
{
    static const char *const keys[] = {"movetime", "depth", "nodes", "iterations", "wtime",
                                       "btime",    "winc",  "binc",  "movestogo",  NULL};
    memset(r, 0, sizeof *r);
    r->time[0] = r->time[1] = -1;
    for (int i = 1; i < n; i++) {
        if (strcmp(tok[i], "infinite") == 0 || strcmp(tok[i], "ponder") == 0) {
            *(tok[i][0] == 'i' ? &r->infinite : &r->ponder) = 1;
            continue;
        }
        int known = 0;
        for (int k = 0; keys[k] != NULL; k++)
            known |= strcmp(tok[i], keys[k]) == 0;
        if (!known) {
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

/* ---- time management ------------------------------------------------------ */

void eng_time_budget(const go_request *r, int side, long long *soft, long long *hard)
{
    long long left = r->time[side] < 0 ? 0 : r->time[side], inc = r->inc[side];
    /* Keep 50 ms plus 5% of the clock (at most 1 s) for the pipes and the
     * scheduler: the answer must reach the manager before the flag falls. */
    long long margin = 50 + left / 20;
    if (margin > 1000)
        margin = 1000;
    long long usable = left - margin;
    if (usable < left / 4) /* a nearly empty clock: spend a quarter */
        usable = left / 4;
    int horizon = r->movestogo > 0 ? r->movestogo : 30; /* moves still to play */
    long long s = usable / horizon + inc * 3 / 4;
    if (s > usable)
        s = usable;
    long long h = s * 3 > usable ? usable : s * 3;
    *soft = s < 1 ? 1 : s;
    *hard = h < *soft ? *soft : h;
}

/* ---- info lines ------------------------------------------------------------ */

/* Appends text to buf (size) at *len. */
static void put(char *buf, size_t size, size_t *len, const char *text)
{
    int k = snprintf(buf + *len, size - *len, "%s%s", *len ? " " : "", text);
    if (k > 0 && (size_t)k < size - *len)
        *len += (size_t)k;
}

/* A bot's progress line as an info line: `nps` after `time`, and mcts's
 * win rate `score wr P` as `score cp C wr P` (C = 400 log10(P / (100 - P)),
 * the logistic Elo curve, within +-2000). */
/* Keeps the first two moves after `pv` in line (the ponder move is the
 * second) in e->pv; a line without a pv keeps the last one's. */
static void note_pv(engine *e, const char *line)
{
    const char *pv = strstr(line, " pv ");
    if (pv == NULL)
        return;
    char copy[1100], *save = NULL;
    snprintf(copy, sizeof copy, "%s", pv + 4);
    const char *w = strtok_r(copy, " ", &save);
    for (int i = 0; i < 2; i++, w = w ? strtok_r(NULL, " ", &save) : NULL)
        snprintf(e->pv[i], sizeof e->pv[i], "%s", w && strlen(w) <= MANA_MOVE_TEXT_MAX ? w : "");
}

void eng_info_line(void *ctx, const char *line)
{
    note_pv(ctx, line);
    char copy[1100], out[1400];
    size_t len = 0;
    snprintf(copy, sizeof copy, "%s", line);
    const char *nodes = strstr(line, "nodes ");
    unsigned long long nv = nodes ? strtoull(nodes + 6, NULL, 10) : 0;
    char *save = NULL;
    for (char *w = strtok_r(copy, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
        char *next = NULL;
        if (strcmp(w, "time") == 0 && (next = strtok_r(NULL, " ", &save)) != NULL) {
            long long t = atoll(next);
            char part[80];
            if (nodes)
                snprintf(part, sizeof part, "time %s nps %llu", next,
                         nv * 1000ULL / (unsigned long long)(t > 0 ? t : 1));
            else
                snprintf(part, sizeof part, "time %s", next);
            put(out, sizeof out, &len, part);
        } else if (strcmp(w, "wr") == 0 && (next = strtok_r(NULL, " ", &save)) != NULL) {
            double p = atof(next);
            double cp = p <= 0 ? -2000 : p >= 100 ? 2000 : 400 * log10(p / (100 - p));
            char part[80];
            snprintf(part, sizeof part, "cp %.0f wr %s", fmax(-2000, fmin(2000, cp)), next);
            put(out, sizeof out, &len, part);
        } else {
            put(out, sizeof out, &len, w);
        }
    }
    eng_out(ctx, "info %s", len ? out : "");
}

/* ---- the search ------------------------------------------------------------ */

/* Returns 1 if the latest pv begins with the best move m (text) and its
 * second move is legal once m is played: the move to ponder on.  The
 * search game is left as it was. */
static int ponder_move(engine *e, const char *text, mana_move m)
{
    mana_move reply;
    if (strcmp(e->pv[0], text) != 0 || e->pv[1][0] == '\0' || mana_play(e->search_game, m) != MANA_OK)
        return 0;
    int ok = mana_move_parse(e->search_game, e->pv[1], &reply) == MANA_OK && mana_is_legal(e->search_game, reply);
    mana_undo(e->search_game);
    return ok;
}

/* The totals of the search just ended, then its one bestmove (for a
 * finished game the status and reason lines instead of totals).  The time
 * is the real time since go (an infinite search that ended early waited
 * for stop); the depth is the one reached (the tree's for mcts and for a
 * setup search, which have no nominal depth). */
static void answer(engine *e, int rc, mana_move m)
{
    bot_stats st;
    bot_last_stats(e->bot, &st);
    if (rc != MANA_OK) /* nothing searched: not the last search's figures */
        memset(&st, 0, sizeof st);
    long long t = now_ms() - e->go_ms;
    st.time_ms = t > 0 ? (t > INT_MAX ? INT_MAX : (int)t) : 0;
    unsigned long long nps = st.nodes * 1000ULL / (unsigned long long)(st.time_ms > 0 ? st.time_ms : 1);
    char extra[48] = "";
    if (strcmp(bot_name(e->bot), "mcts") == 0 || st.depth == 0)
        st.depth = st.seldepth;
    if (strcmp(bot_name(e->bot), "mcts") == 0)
        snprintf(extra, sizeof extra, " iterations %llu", (unsigned long long)st.iterations);
    if (rc != MANA_EOVER) /* a finished game is not searched: no totals */
        eng_out(e, "info depth %d seldepth %d nodes %llu nps %llu time %d%s", st.depth, st.seldepth,
                (unsigned long long)st.nodes, nps, st.time_ms, extra);
    char text[MANA_MOVE_TEXT_MAX + 1];
    if (rc == MANA_OK && mana_move_format(e->search_game, m, text, sizeof text) >= 0) {
        char ponder[MANA_MOVE_TEXT_MAX + 9] = "";
        if (ponder_move(e, text, m))
            snprintf(ponder, sizeof ponder, " ponder %s", e->pv[1]);
        eng_out(e, "bestmove %s%s", text, ponder);
        return;
    }
    if (rc == MANA_EOVER)
        eng_report_status(e, e->search_game);
    else
        eng_out(e, "info string error: %s: %s", mana_strerror(rc), mana_error_detail());
    eng_out(e, "bestmove (none)");
}

static void *search_main(void *arg)
{
    engine *e = arg;
    mana_move m = MANA_MOVE_NONE;
    int rc = bot_choose(e->bot, e->search_game, &m);
    pthread_mutex_lock(&e->lock);
    e->bot_done = 1;
    pthread_cond_broadcast(&e->cond);
    /* infinite and ponder wait for stop (ponder: or ponderhit); movetime
     * answers at its time */
    while (!e->released && (e->hold || now_ms() < e->answer_at_ms))
        wait_until(e, e->hold ? 0 : e->answer_at_ms);
    pthread_mutex_unlock(&e->lock);
    answer(e, rc, m);
    return NULL;
}

/* Raises the stop flag at the deadline, which ponderhit may set late. */
static void *timer_main(void *arg)
{
    engine *e = arg;
    pthread_mutex_lock(&e->lock);
    while (!e->bot_done && !e->released) {
        if (e->deadline_ms > 0 && now_ms() >= e->deadline_ms) {
            atomic_store(&e->stop, 1);
            break;
        }
        wait_until(e, e->deadline_ms);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

void eng_finish_search(engine *e, int stop)
{
    if (!e->searching)
        return;
    pthread_mutex_lock(&e->lock);
    if (stop || e->hold) {
        e->released = 1;
        atomic_store(&e->stop, 1);
    }
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    pthread_join(e->search_thread, NULL);
    if (e->timer_running)
        pthread_join(e->timer_thread, NULL);
    e->searching = e->timer_running = 0;
    mana_free(e->search_game);
    e->search_game = NULL;
}

void eng_ponderhit(engine *e)
{
    if (!e->searching)
        return;
    pthread_mutex_lock(&e->lock);
    if (e->hold == 2) { /* a ponder search becomes the real one now */
        long long t = now_ms();
        e->hold = 0;
        if (e->ponder_budget[0] > 0)
            e->answer_at_ms = t + e->ponder_budget[0];
        if (e->ponder_budget[1] > 0)
            e->deadline_ms = t + e->ponder_budget[1];
        pthread_cond_broadcast(&e->cond);
    }
    pthread_mutex_unlock(&e->lock);
}

/* Returns 1 if the request sets no limit for side to move: no movetime,
 * depth, nodes, iterations or clock. */
static int no_limit(const go_request *r, int side)
{
    const bot_limits *l = &r->lim;
    return l->time_ms == 0 && l->depth == 0 && l->nodes == 0 && l->iterations == 0 && r->time[side] < 0;
}

/* Turns a request into the bot's limits and the engine's timing. */
static void plan(engine *e, const go_request *r, int side, bot_limits *lim)
{
    long long t = now_ms(), soft = 0, hard = 0;
    *lim = r->lim;
    e->hold = r->ponder ? 2 : r->infinite ? 1 : 0;
    e->answer_at_ms = e->deadline_ms = 0;
    e->ponder_budget[0] = e->ponder_budget[1] = 0;
    if (r->time[side] >= 0) {
        eng_time_budget(r, side, &soft, &hard);
        eng_out(e, "info string time budget soft %lld hard %lld", soft, hard);
        if (lim->time_ms == 0 || lim->time_ms > soft)
            lim->time_ms = (int)soft;
        lim->hard_ms = (int)hard; /* the bot may go on to it while unsettled */
    }
    if (r->ponder && no_limit(r, side)) {
        /* nothing but ponder: the bot's default limits, the answer held
         * until ponderhit or stop */
    } else if (r->ponder) {                   /* the clock starts at ponderhit */
        e->ponder_budget[0] = r->lim.time_ms; /* movetime: answer then */
        e->ponder_budget[1] = soft > 0 ? soft : r->lim.time_ms;
        lim->time_ms = FOREVER_MS;
        lim->hard_ms = 0;
    } else if (r->infinite) {
        lim->time_ms = FOREVER_MS; /* a node or depth limit still applies */
        lim->hard_ms = 0;
    } else {
        if (r->lim.time_ms > 0)
            e->answer_at_ms = t + r->lim.time_ms;
        if (hard > 0)
            e->deadline_ms = t + hard;
    }
}

void eng_go(engine *e, char **tok, int n)
{
    go_request r;
    char why[120];
    if (eng_parse_go(tok, n, &r, why, sizeof why) < 0) {
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
    bot_limits lim;
    e->go_ms = now_ms();
    e->pv[0][0] = e->pv[1][0] = '\0';
    plan(e, &r, mana_side_to_move(g), &lim);
    bot_set_limits(e->bot, &lim);
    atomic_store(&e->stop, 0);
    e->released = e->bot_done = 0;
    if (pthread_create(&e->search_thread, NULL, search_main, e) != 0) {
        eng_out(e, "info string error: cannot start the search thread");
        eng_out(e, "bestmove (none)");
        mana_free(e->search_game);
        e->search_game = NULL;
        return;
    }
    e->searching = 1;
    e->timer_running = pthread_create(&e->timer_thread, NULL, timer_main, e) == 0;
}
