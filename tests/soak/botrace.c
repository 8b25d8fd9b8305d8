/* SPDX-License-Identifier: MIT */
/*
 * botrace - races of mana_bot_* that mana_bot.h allows, shown under
 * ThreadSanitizer (`make tsan`; also a plain build).  One thread
 * searches (mana_bot_choose); another sends mana_bot_stop or
 * mana_bot_ponderhit at a moment set by a delay schedule in microseconds
 * (0, 1, 2, 4, ... up to 16 ms, then random delays), around the start and
 * the end of the search.  Only what the header allows is sent from the
 * other thread: stop and ponderhit at any time; clear, option changes
 * and mana_bot_free only once mana_bot_choose has returned (the header:
 * "Not during a search", "No search may be running on b"), handed over
 * at once by a condition variable, so that a helper thread of the search
 * still running after the return would race with them (TSan reports it).
 *
 *   - a stop is never lost: an infinite search (it has no end of its own)
 *     ends after stops sent every 1 ms from the delay on, as the header
 *     asks of a stop that may come before the search began; a stop sent
 *     once the search has reported progress ends it alone
 *   - the same for searches under node, playout and depth limits they
 *     would take hours to reach, in setup and in play
 *   - a ponderhit is never lost: a ponder search with a 5 ms movetime
 *     (no end of its own before the ponderhit) ends after one ponderhit
 *     sent at any delay, even before mana_bot_choose began (the header:
 *     it holds for the search about to begin)
 *   - the bot is then cleared, its options changed, and freed by the
 *     other thread at once, for ab (Lazy SMP, 2 threads) and mcts (root
 *     parallelism, 2 threads) in setup and in play
 * A search that does not return within HANG_S seconds of its stop is a
 * hang (a lost stop), not slowness: the bound is generous.  Exit status 0
 * if every check held.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mana_bot.h>

#define HANG_S 20

static int failures, checks;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        checks++;                                                         \
        if (!(cond)) {                                                    \
            failures++;                                                   \
            fprintf(stderr, "%s:%d: check failed: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                                 \
            fputc('\n', stderr);                                          \
        }                                                                 \
    } while (0)

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void sleep_us(long us)
{
    struct timespec t = {us / 1000000, (us % 1000000) * 1000};
    while (us > 0 && nanosleep(&t, &t) != 0)
        ;
}

/* SEND_STOP_HUGE: a stop of a search under a playout limit it would
 * take hours to reach (mcts's setup search read the stop only between
 * candidates, each with its share of the playouts, and ran on) */
enum { SEND_STOP, SEND_STOP_AFTER_INFO, SEND_PONDERHIT, SEND_STOP_HUGE };

struct race {
    mana_bot *bot;
    mana_game *game;
    int send;
    long delay_us;
    atomic_int started;  /* the searcher is about to call choose */
    atomic_int reported; /* the progress callback ran */
    atomic_int returned; /* choose has returned */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int rc;
    mana_bot_result res;
};

static void on_info(void *ctx, const mana_bot_info *info)
{
    struct race *r = ctx;
    (void)info;
    atomic_store(&r->reported, 1);
}

static void *searcher(void *arg)
{
    struct race *r = arg;
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    if (r->send == SEND_PONDERHIT) {
        lim.ponder = 1;
        lim.movetime_ms = 5;
    } else if (r->send == SEND_STOP_HUGE) {
        lim.iterations = lim.nodes = 1000000000;
        lim.depth = MANA_BOT_DEPTH_MAX;
    } else {
        lim.infinite = 1;
    }
    atomic_store(&r->started, 1);
    int rc = mana_bot_choose(r->bot, r->game, &lim, &r->res);
    pthread_mutex_lock(&r->lock);
    r->rc = rc;
    atomic_store(&r->returned, 1);
    pthread_cond_signal(&r->cond);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* Sends what the race sends; returns the time of the first sending. */
static double send(struct race *r)
{
    while (!atomic_load(&r->started))
        ;
    if (r->send == SEND_STOP_AFTER_INFO)
        while (!atomic_load(&r->reported) && !atomic_load(&r->returned))
            sleep_us(50);
    sleep_us(r->delay_us);
    double t0 = now_s();
    if (r->send == SEND_STOP_AFTER_INFO) {
        mana_bot_stop(r->bot); /* once: the search is running */
        return t0;
    }
    if (r->send == SEND_PONDERHIT) {
        mana_bot_ponderhit(r->bot); /* once: it holds for the search about to begin */
        return t0;
    }
    /* a stop before choose began is lost by design: sent again until it
     * returns, as mana_bot.h asks */
    while (!atomic_load(&r->returned) && now_s() - t0 < HANG_S) {
        mana_bot_stop(r->bot);
        sleep_us(1000);
    }
    return t0;
}

/* One race: a search on bot of kind in g, the other thread's sending at
 * delay_us, then clear, options and free from this thread once choose has
 * returned.  The bot is made here and freed here. */
static void race(const char *kind, const char *mfn, int send_what, long delay_us, int threads)
{
    struct race r;
    memset(&r, 0, sizeof r);
    r.bot = mana_bot_new(kind, (uint64_t)delay_us + 1);
    r.game = mana_new(MANA_RULES_JACTALEA);
    if (r.bot == NULL || r.game == NULL || (mfn != NULL && mana_set_position(r.game, mfn) != MANA_OK)) {
        fprintf(stderr, "botrace: cannot set up %s\n", kind);
        exit(1);
    }
    char t[8];
    snprintf(t, sizeof t, "%d", threads);
    CHECK(mana_bot_set_option(r.bot, "Threads", t) == MANA_OK, "Threads %s", t);
    mana_bot_set_info(r.bot, on_info, &r);
    r.send = send_what;
    r.delay_us = delay_us;
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.cond, NULL);
    pthread_t id;
    if (pthread_create(&id, NULL, searcher, &r) != 0) {
        fprintf(stderr, "botrace: pthread_create\n");
        exit(1);
    }
    double t0 = send(&r);
    /* wait for the return, a hang after HANG_S seconds */
    pthread_mutex_lock(&r.lock);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += HANG_S;
    int timed_out = 0;
    while (!atomic_load(&r.returned) && !timed_out)
        timed_out = pthread_cond_timedwait(&r.cond, &r.lock, &until) != 0;
    pthread_mutex_unlock(&r.lock);
    if (timed_out) {
        fprintf(stderr, "botrace: %s %s at %ld us: the search did not end within %d s (a lost %s)\n", kind,
                mfn ? mfn : "setup", delay_us, HANG_S, send_what == SEND_PONDERHIT ? "ponderhit" : "stop");
        exit(1); /* the search still runs on the bot: it cannot be freed */
    }
    CHECK(r.rc == MANA_OK && mana_is_legal(r.game, r.res.move) == 1, "%s at %ld us: rc %d, move %u", kind, delay_us,
          r.rc, (unsigned)r.res.move);
    CHECK(now_s() - t0 < HANG_S, "%s at %ld us", kind, delay_us);
    /* at once after the return: what only an idle bot may be sent */
    mana_bot_clear(r.bot);
    CHECK(mana_bot_set_option(r.bot, "Threads", "1") == MANA_OK && mana_bot_set_option(r.bot, "Hash", "2") == MANA_OK,
          "options after the search");
    mana_bot_free(r.bot);
    pthread_join(id, NULL);
    pthread_mutex_destroy(&r.lock);
    pthread_cond_destroy(&r.cond);
    mana_free(r.game);
}

int main(int argc, char **argv)
{
    /* a middle-game position with many moves (tests/data/ab_tree.txt) */
    static const char *const play = "1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0";
    static const char *const kinds[] = {"ab", "mcts"};
    int randoms = argc > 1 ? atoi(argv[1]) : 8;
    unsigned seed = 12345;
    long schedule[32];
    int n = 0;
    schedule[n++] = 0;
    for (long d = 1; d <= 16384; d *= 2)
        schedule[n++] = d;
    for (int i = 0; i < randoms && n < 32; i++) {
        seed = seed * 1103515245u + 12345u;
        schedule[n++] = (long)((seed >> 8) % 20000);
    }
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < n; i++) {
            int threads = 1 + (i % 2);
            race(kinds[k], play, SEND_STOP, schedule[i], threads);
            race(kinds[k], i % 3 == 0 ? NULL : play, SEND_PONDERHIT, schedule[i], threads);
            if (i % 4 == 0) {
                race(kinds[k], play, SEND_STOP_AFTER_INFO, schedule[i], threads);
                race(kinds[k], NULL, SEND_STOP, schedule[i], threads); /* a setup search */
                race(kinds[k], NULL, SEND_STOP_HUGE, schedule[i], threads);
                race(kinds[k], play, SEND_STOP_HUGE, schedule[i], threads);
            }
        }
    printf("botrace: %d races of stop, ponderhit, clear, options and free; %d checks, %d failed\n",
           2 * n * 2 + 2 * 4 * ((n + 3) / 4), checks, failures);
    return failures != 0;
}
