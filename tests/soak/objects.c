/* SPDX-License-Identifier: MIT */
/*
 * objects - the C rows of the object table (docs/objects-c.md): what
 * mana_game, mana_bot and mana_batch do under copying, freeing in large
 * numbers, two threads, fork after threads, a signal during a long call
 * and extreme integer arguments.  `make check-objects` (a step of
 * `make ci`) runs it; `make tsan` runs its
 * thread rows under ThreadSanitizer (`objects threads`).
 *
 *   objects [all|threads]
 * Exit status 0 if every check held.
 */
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mana.h>
#include <mana_bot.h>

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

/* a middle-game position with many moves (tests/data/ab_tree.txt) */
static const char *const MID = "1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0";

static mana_game *game_at(const char *mfn)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g == NULL || (mfn != NULL && mana_set_position(g, mfn) != MANA_OK)) {
        fprintf(stderr, "objects: cannot set up %s\n", mfn ? mfn : "a game");
        exit(1);
    }
    return g;
}

static long max_rss_kb(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

/* ---- copy ------------------------------------------------------------------ */

static void copy_rows(void)
{
    mana_game *g = game_at(MID), *c = mana_clone(g), *d = mana_new(MANA_RULES_COSMOLUDO);
    char a[MANA_MFN_MAX + 1], b[MANA_MFN_MAX + 1];
    CHECK(c != NULL && mana_hash(c) == mana_hash(g), "a clone is the same state");
    CHECK(mana_copy(d, g) == MANA_OK && mana_hash(d) == mana_hash(g), "mana_copy makes the same state");
    mana_get_position(g, a, sizeof a);
    mana_move mv[MANA_MAX_MOVES];
    CHECK(mana_legal_moves(c, mv, MANA_MAX_MOVES) > 0 && mana_play(c, mv[0]) == MANA_OK, "play on the clone");
    mana_get_position(g, b, sizeof b);
    CHECK(strcmp(a, b) == 0 && mana_hash(g) != mana_hash(c), "the clone is independent of the original");
    CHECK(mana_copy(g, g) == MANA_OK && mana_hash(g) == mana_hash(d), "a copy onto itself changes nothing");
    CHECK(mana_clone(NULL) == NULL && mana_copy(NULL, g) == MANA_EINVAL && mana_copy(g, NULL) == MANA_EINVAL,
          "NULL copies refused");
    mana_free(c);
    mana_free(d);
    mana_free(g);
}

/* ---- many objects ------------------------------------------------------------- */

static void many_rows(void)
{
    long before = max_rss_kb();
    mana_game *base = game_at(MID);
    for (int i = 0; i < 1000000; i++) {
        mana_game *g = (i & 1) ? mana_clone(base) : mana_new(i & 2 ? MANA_RULES_COSMOLUDO : MANA_RULES_JACTALEA);
        if (g == NULL) {
            CHECK(0, "game %d not made", i);
            break;
        }
        mana_free(g);
    }
    long games = max_rss_kb();
    CHECK(games - before < 16 * 1024, "a million games made and freed: peak RSS grew %ld KiB", games - before);
    for (int i = 0; i < 10000; i++) {
        mana_batch *b = mana_batch_new(base, 16, (uint64_t)i, 0);
        CHECK(b != NULL && mana_batch_size(b) == 16, "batch %d", i);
        mana_batch_free(b);
    }
    long batches = max_rss_kb();
    CHECK(batches - games < 16 * 1024, "10,000 batches of 16: peak RSS grew %ld KiB", batches - games);
    /* a bot touches its 32 MiB of tables when made: 300 of them, one at a
     * time, must not hold more than two bots' memory */
    static const char *const kinds[] = {"random", "ab", "mcts"};
    for (int i = 0; i < 300; i++) {
        mana_bot *b = mana_bot_new(kinds[i % 3], (uint64_t)i);
        CHECK(b != NULL, "bot %d", i);
        mana_bot_free(b);
    }
    long bots = max_rss_kb();
    CHECK(bots - batches < 80 * 1024, "300 bots made and freed: peak RSS grew %ld KiB", bots - batches);
    mana_free(base);
}

/* ---- two threads ------------------------------------------------------------ */

struct job {
    const mana_game *shared; /* read by both threads at once */
    mana_bot *bot;           /* each thread's own */
    mana_move move;
    uint64_t leaves;
    int rc;
};

static void *search_shared(void *arg)
{
    struct job *j = arg;
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.depth = 3;
    mana_bot_result res;
    j->rc = mana_bot_choose(j->bot, j->shared, &lim, &res);
    j->move = res.move;
    mana_game *own = mana_clone(j->shared); /* perft changes its game: each thread its own */
    if (own == NULL || mana_perft(own, 2, &j->leaves) != MANA_OK)
        j->rc = MANA_ENOMEM;
    mana_free(own);
    return NULL;
}

static void thread_rows(void)
{
    mana_game *g = game_at(MID);
    struct job jobs[2];
    pthread_t id[2];
    for (int k = 0; k < 2; k++) {
        jobs[k] = (struct job){g, mana_bot_new("ab", 7), MANA_MOVE_NONE, 0, -100};
        pthread_create(&id[k], NULL, search_shared, &jobs[k]);
    }
    for (int k = 0; k < 2; k++)
        pthread_join(id[k], NULL);
    uint64_t leaves = 0;
    mana_perft(g, 2, &leaves);
    for (int k = 0; k < 2; k++) {
        CHECK(jobs[k].rc == MANA_OK && mana_is_legal(g, jobs[k].move) == 1, "thread %d: rc %d", k, jobs[k].rc);
        CHECK(jobs[k].leaves == leaves, "thread %d: perft 2 %llu, not %llu", k, (unsigned long long)jobs[k].leaves,
              (unsigned long long)leaves);
        mana_bot_free(jobs[k].bot);
    }
    /* one seed, one depth, Threads 1: both threads' bots answer alike */
    CHECK(jobs[0].move == jobs[1].move, "two bots on one shared game answer alike");
    mana_free(g);
}

/* ---- fork after threads ------------------------------------------------------ */

static void *search_forever(void *arg)
{
    mana_bot *b = arg;
    mana_game *g = game_at(MID);
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.infinite = 1;
    mana_bot_result res;
    mana_bot_choose(b, g, &lim, &res);
    mana_free(g);
    return NULL;
}

/* In the child of a fork taken while a two-thread search runs: a new
 * game, perft and a new bot's search work (nothing of the library is
 * held by the parent's threads, which the child does not have). */
static int child_work(void)
{
    mana_game *g = game_at(MID);
    uint64_t leaves = 0;
    mana_bot *b = mana_bot_new("ab", 1);
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.depth = 2;
    mana_bot_result res;
    int ok = mana_perft(g, 2, &leaves) == MANA_OK && leaves > 0 && b != NULL &&
             mana_bot_set_option(b, "Threads", "2") == MANA_OK && mana_bot_choose(b, g, &lim, &res) == MANA_OK &&
             mana_is_legal(g, res.move) == 1;
    mana_bot_free(b);
    mana_free(g);
    return ok ? 0 : 1;
}

static void fork_row(void)
{
    mana_bot *b = mana_bot_new("ab", 3);
    mana_bot_set_option(b, "Threads", "2");
    pthread_t id;
    pthread_create(&id, NULL, search_forever, b);
    usleep(20000);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        _exit(child_work());
    int status = -1;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "the child of a fork during a search: status %d", status);
    /* the parent's search is unharmed: it stops */
    for (int i = 0; i < 100000 && pthread_tryjoin_np(id, NULL) != 0; i++) {
        mana_bot_stop(b);
        usleep(1000);
    }
    mana_bot_free(b);
}

/* ---- a signal during a long call ------------------------------------------- */

static mana_bot *volatile signalled_bot;
static volatile sig_atomic_t signals;

static void on_alarm(int sig)
{
    (void)sig;
    signals++;
    if (signalled_bot != NULL)
        mana_bot_stop(signalled_bot); /* async-signal-safe: one atomic store */
}

static void arm(long ms)
{
    struct itimerval t = {{0, ms * 1000}, {0, ms * 1000}};
    setitimer(ITIMER_REAL, &t, NULL);
}

static void signal_rows(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    /* perft interrupted by signals every ms gives the same count */
    mana_game *g = game_at(MID);
    uint64_t quiet = 0, noisy = 0;
    CHECK(mana_perft(g, 5, &quiet) == MANA_OK, "perft 5");
    signals = 0;
    arm(1);
    CHECK(mana_perft(g, 5, &noisy) == MANA_OK, "perft 5 under signals");
    arm(0);
    CHECK(signals > 0, "no signal came during perft 5");
    CHECK(noisy == quiet, "perft 5 under %d signals: %llu, not %llu", (int)signals, (unsigned long long)noisy,
          (unsigned long long)quiet);
    /* a handler that stops the bot ends an infinite search */
    mana_bot *b = mana_bot_new("ab", 1);
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.infinite = 1;
    mana_bot_result res;
    signalled_bot = b;
    arm(50); /* again every 50 ms: a stop before the search began is lost */
    int rc = mana_bot_choose(b, g, &lim, &res);
    arm(0);
    signalled_bot = NULL;
    CHECK(rc == MANA_OK && mana_is_legal(g, res.move) == 1, "an infinite search stopped by a signal: rc %d", rc);
    mana_bot_free(b);
    mana_free(g);
}

/* ---- extreme integer arguments ------------------------------------------------ */

static void extreme_rows(void)
{
    static const int ints[] = {INT_MIN, -1, 2, INT_MAX};
    for (int i = 0; i < 4; i++)
        CHECK(mana_new(ints[i]) == NULL, "mana_new(%d)", ints[i]);
    mana_game *g = game_at(MID);
    uint64_t h = mana_hash(g), leaves = 0;
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        CHECK(mana_set_option(g, opt, INT_MIN) == MANA_EINVAL && mana_set_option(g, opt, INT_MAX) == MANA_EINVAL,
              "option %d at INT_MIN and INT_MAX refused", opt);
    }
    CHECK(mana_set_option(g, INT_MIN, 0) == MANA_EINVAL && mana_set_option(g, INT_MAX, 0) == MANA_EINVAL,
          "option numbers INT_MIN and INT_MAX refused");
    static const int depths[] = {INT_MIN, -1, 65, INT_MAX};
    for (int i = 0; i < 4; i++)
        CHECK(mana_perft(g, depths[i], &leaves) == MANA_EINVAL, "perft depth %d", depths[i]);
    CHECK(mana_hash(g) == h, "refused calls changed nothing");
    mana_game *s = mana_new(MANA_RULES_JACTALEA);
    CHECK(mana_setup_random(s, UINT64_MAX) == MANA_OK && mana_status(s) == MANA_PLAYING, "setup seed 2^64-1");
    mana_free(s);
    static const int sizes[] = {INT_MIN, -1, 0, MANA_BATCH_MAX + 1, INT_MAX};
    for (int i = 0; i < 5; i++)
        CHECK(mana_batch_new(g, sizes[i], 1, 0) == NULL, "a batch of %d", sizes[i]);
    mana_batch *b = mana_batch_new(g, 3, UINT64_MAX, 0);
    CHECK(b != NULL && mana_batch_game(b, -1) == NULL && mana_batch_game(b, 3) == NULL &&
              mana_batch_game(b, INT_MAX) == NULL && mana_batch_game(b, INT_MIN) == NULL &&
              mana_batch_game(b, 2) != NULL,
          "batch game index out of range");
    CHECK(mana_batch_reset(b, UINT64_MAX) == MANA_OK, "batch reset seed 2^64-1");
    mana_batch_free(b);
    mana_bot *bot = mana_bot_new("ab", UINT64_MAX);
    char text[32];
    CHECK(bot != NULL && mana_bot_get_option(bot, "Seed", text, sizeof text) == 20 &&
              strcmp(text, "18446744073709551615") == 0,
          "seed 2^64-1 kept whole: %s", text);
    CHECK(mana_bot_set_option(bot, "Seed", "18446744073709551616") == MANA_EINVAL, "seed 2^64 refused");
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.depth = INT_MAX; /* cut to MANA_BOT_DEPTH_MAX; the node limit ends it */
    lim.nodes = 2000;
    lim.movestogo = INT_MAX;
    lim.time_ms[0] = lim.time_ms[1] = INT64_MAX;
    lim.inc_ms[0] = lim.inc_ms[1] = INT64_MAX;
    mana_bot_result res;
    CHECK(mana_bot_choose(bot, g, &lim, &res) == MANA_OK && mana_is_legal(g, res.move) == 1,
          "extreme limits with a node limit");
    lim.depth = INT_MIN;
    CHECK(mana_bot_choose(bot, g, &lim, &res) == MANA_EINVAL && res.move == MANA_MOVE_NONE, "depth INT_MIN");
    lim.depth = 1;
    lim.movetime_ms = INT64_MIN;
    CHECK(mana_bot_choose(bot, g, &lim, &res) == MANA_EINVAL, "movetime INT64_MIN");
    mana_bot_free(bot);
    mana_free(g);
}

int main(int argc, char **argv)
{
    int all = argc < 2 || strcmp(argv[1], "threads") != 0;
    thread_rows();
    if (all) {
        copy_rows();
        extreme_rows();
        many_rows();
        signal_rows();
        fork_row();
    }
    printf("objects: %s rows, %d checks, %d failed\n", all ? "all" : "the thread", checks, failures);
    return failures != 0;
}
