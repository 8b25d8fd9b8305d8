/* SPDX-License-Identifier: MIT */
/*
 * mana-cli match: two bots play a series of games, alternating colours,
 * each pair of games from the same start, and the result is summed up from
 * the first bot's view with an Elo estimate.  Games may run in parallel
 * threads (--jobs); each thread owns its games and bots, so the results do
 * not depend on the number of threads.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bot.h"
#include "cli.h"
#include "record.h"
#include "rng.h"

#define MATCH_USAGE                                                                           \
    "match --white BOT --black BOT [--games N] [--time MS] [--depth N] [--nodes N]\n"         \
    "                 [--iterations N] [--seed N] [--jobs J] [--rules R] [--blocked B]\n"     \
    "                 [--ply-limit N] [--setup random|bots] [--records DIR]   (BOT: random|ab|mcts)"

#define DEFAULT_GAMES 100
#define DEFAULT_PLY_LIMIT 400

typedef struct game_result {
    int status;     /* final mana_status, or -1 if the game failed */
    int a_white;    /* 1 if the first bot had White */
    int plies;      /* moves of play (setup excluded) */
} game_result;

typedef struct match {
    /* settings, read-only once the threads run */
    const char *bot[2]; /* [0] the first bot (--white), [1] the second */
    bot_limits lim;
    uint64_t seed;
    int games, preset, blocked, ply_limit, bot_setup;
    const char *records;
    int progress;
    /* shared state, under lock */
    pthread_mutex_t lock;
    int next, done, failed;
    int tally[3]; /* first bot's wins, draws, losses */
    struct timespec start;
    game_result *results;
} match;

static double seconds_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

/*
 * Plays game number i of the match: pairs of games (2k, 2k+1) start from the
 * same setup, drawn with mana_setup_random from a seed of the pair (or
 * chosen by the bots with --setup bots), with the colours swapped; every
 * bot gets its own seed from the match seed and the game number.  Returns
 * 0, or -1 with a message on stderr.
 */
static int play_game(match *m, int i, game_result *res)
{
    int a_white = i % 2 == 0;
    mana_game *g = mana_new(m->preset);
    bot *bots[2] = {NULL, NULL}; /* by colour */
    int rc = -1;
    if (g == NULL || mana_set_option(g, MANA_OPT_PLY_LIMIT, m->ply_limit) != MANA_OK ||
        (m->blocked >= 0 && mana_set_option(g, MANA_OPT_BLOCKED, m->blocked) != MANA_OK))
        goto fail;
    for (int k = 0; k < 2; k++) {
        int colour = (k == 0) == a_white ? MANA_WHITE : MANA_BLACK;
        bots[colour] = bot_new(m->bot[k], &m->lim, rng_mix(m->seed, 2 * (uint64_t)i + (uint64_t)k + 1000));
        if (bots[colour] == NULL)
            goto fail;
    }
    if (!m->bot_setup && mana_setup_random(g, rng_mix(m->seed, (uint64_t)i / 2)) != MANA_OK)
        goto fail;
    int setup_moves = m->bot_setup ? 0 : mana_history(g, NULL, 0);
    for (;;) {
        int st = mana_status(g);
        if (st != MANA_SETUP && st != MANA_PLAYING)
            break;
        if (st == MANA_SETUP)
            setup_moves++;
        mana_move mv;
        int e = bot_choose(bots[mana_side_to_move(g)], g, &mv);
        if (e == MANA_OK)
            e = mana_play(g, mv);
        if (e != MANA_OK) {
            fprintf(stderr, "mana-cli match: game %d: the %s bot failed: %s: %s\n", i + 1,
                    bot_name(bots[mana_side_to_move(g)]), mana_strerror(e), mana_error_detail());
            goto out;
        }
    }
    res->status = mana_status(g);
    res->a_white = a_white;
    res->plies = mana_history(g, NULL, 0) - setup_moves;
    if (m->records != NULL) {
        char path[4096], err[600];
        record_info info;
        memset(&info, 0, sizeof info);
        info.preset = m->preset;
        snprintf(info.white, sizeof info.white, "%s", m->bot[a_white ? 0 : 1]);
        snprintf(info.black, sizeof info.black, "%s", m->bot[a_white ? 1 : 0]);
        snprintf(path, sizeof path, "%s/game-%03d.mana", m->records, i + 1);
        if (record_save(path, g, &info, err, sizeof err) < 0) {
            fprintf(stderr, "mana-cli match: %s\n", err);
            goto out;
        }
    }
    rc = 0;
    goto out;
fail:
    fprintf(stderr, "mana-cli match: game %d: %s\n", i + 1,
            g == NULL || bots[0] == NULL || bots[1] == NULL ? "out of memory" : mana_error_detail());
out:
    bot_free(bots[0]);
    bot_free(bots[1]);
    mana_free(g);
    return rc;
}

/* Returns 0 for a win of the first bot, 1 a draw, 2 a loss. */
static int outcome(const game_result *r)
{
    if (r->status == MANA_DRAWN)
        return 1;
    int white_won = r->status == MANA_WHITE_WON;
    return white_won == r->a_white ? 0 : 2;
}

static void progress(match *m)
{
    double t = seconds_since(&m->start);
    double left = m->done > 0 ? t / m->done * (m->games - m->done) : 0.0;
    int n = m->tally[0] + m->tally[1] + m->tally[2];
    fprintf(stderr, "\rgames %d/%d  %s +%d =%d -%d  score %.1f%%  %.0f s left   ", m->done,
            m->games, m->bot[0], m->tally[0], m->tally[1], m->tally[2],
            n ? 100.0 * (m->tally[0] + 0.5 * m->tally[1]) / n : 0.0, left);
    fflush(stderr);
}

static void *worker(void *arg)
{
    match *m = arg;
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int i = m->failed ? m->games : m->next++;
        pthread_mutex_unlock(&m->lock);
        if (i >= m->games)
            break;
        game_result r;
        int rc = play_game(m, i, &r);
        pthread_mutex_lock(&m->lock);
        if (rc < 0) {
            m->failed = 1;
        } else {
            m->results[i] = r;
            m->done++;
            m->tally[outcome(&r)]++;
            if (m->progress)
                progress(m);
        }
        pthread_mutex_unlock(&m->lock);
    }
    return NULL;
}

/* Returns the Elo difference for a score fraction s (0..1). */
static double elo(double s)
{
    if (s <= 0.0)
        return -INFINITY;
    if (s >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / s - 1.0);
}

static void print_elo(const char *label, double e)
{
    if (isinf(e))
        printf("%s%s", label, e > 0 ? "+inf" : "-inf");
    else
        printf("%s%+.0f", label, e);
}

static void report(const match *m, double secs)
{
    int row[2][3] = {{0, 0, 0}, {0, 0, 0}};
    long plies = 0;
    for (int i = 0; i < m->games; i++) {
        row[m->results[i].a_white ? 0 : 1][outcome(&m->results[i])]++;
        plies += m->results[i].plies;
    }
    printf("%-16s %6s %6s %6s %6s %7s\n", "", "games", "wins", "draws", "losses", "score");
    for (int r = 0; r < 3; r++) {
        int w = r < 2 ? row[r][0] : row[0][0] + row[1][0];
        int d = r < 2 ? row[r][1] : row[0][1] + row[1][1];
        int l = r < 2 ? row[r][2] : row[0][2] + row[1][2];
        int n = w + d + l;
        char label[64];
        snprintf(label, sizeof label, "%s %s", m->bot[0],
                 r == 0 ? "as White" : r == 1 ? "as Black" : "total");
        printf("%-16s %6d %6d %6d %6d %6.1f%%\n", label, n, w, d, l,
               n ? 100.0 * (w + 0.5 * d) / n : 0.0);
    }
    int w = m->tally[0], d = m->tally[1], l = m->tally[2], n = w + d + l;
    double s = (w + 0.5 * d) / n;
    /* 95% interval of the score: Wilson's score interval (draws count as
     * half points), which stays inside 0..1 even for a clean sweep. */
    double z = 1.959964, z2n = z * z / n;
    double centre = (s + z2n / 2) / (1 + z2n);
    double half = z * sqrt(s * (1 - s) / n + z2n / (4.0 * n)) / (1 + z2n);
    printf("%s vs %s: %d games in %.1f s, %.1f plies a game on average\n", m->bot[0], m->bot[1],
           n, secs, (double)plies / n);
    print_elo("Elo difference ", elo(s));
    print_elo(" (95% interval ", elo(centre - half));
    print_elo(" .. ", elo(centre + half));
    printf(")\n");
    printf("W-D-L %d-%d-%d score %.1f%%\n", w, d, l, 100.0 * s);
}

int cmd_match(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"white", required_argument, NULL, 'w'},  {"black", required_argument, NULL, 'b'},
        {"games", required_argument, NULL, 'g'},  {"time", required_argument, NULL, 't'},
        {"depth", required_argument, NULL, 'd'},  {"nodes", required_argument, NULL, 'n'},
        {"iterations", required_argument, NULL, 'i'}, {"seed", required_argument, NULL, 's'},
        {"jobs", required_argument, NULL, 'j'},   {"rules", required_argument, NULL, 'r'},
        {"blocked", required_argument, NULL, 'B'}, {"ply-limit", required_argument, NULL, 'p'},
        {"setup", required_argument, NULL, 'u'},  {"records", required_argument, NULL, 'R'},
        {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    match m;
    memset(&m, 0, sizeof m);
    m.games = DEFAULT_GAMES;
    m.seed = 1;
    m.preset = MANA_RULES_JACTALEA;
    m.blocked = -1;
    m.ply_limit = DEFAULT_PLY_LIMIT;
    m.bot_setup = 1;
    int jobs = 1, c;
    unsigned long long v;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'h') {
            printf("usage: mana-cli %s\n", MATCH_USAGE);
            return 0;
        }
        const char *why = NULL;
        switch (c) {
        case 'w':
        case 'b':
            if (!bot_kind_valid(optarg))
                why = "--white/--black: expected random, ab or mcts";
            m.bot[c == 'w' ? 0 : 1] = optarg;
            break;
        case 'g':
            if (cli_parse_uint(optarg, 1000000, &v) < 0 || v == 0)
                why = "--games: expected 1..1000000";
            m.games = (int)v;
            break;
        case 't':
            if (cli_parse_uint(optarg, 86400000, &v) < 0 || v == 0)
                why = "--time: expected milliseconds, 1 or more";
            m.lim.time_ms = (int)v;
            break;
        case 'd':
            if (cli_parse_uint(optarg, 60, &v) < 0 || v == 0)
                why = "--depth: expected 1..60";
            m.lim.depth = (int)v;
            break;
        case 'n':
            if (cli_parse_uint(optarg, UINT64_MAX, &v) < 0 || v == 0)
                why = "--nodes: expected a positive number";
            m.lim.nodes = v;
            break;
        case 'i':
            if (cli_parse_uint(optarg, UINT64_MAX, &v) < 0 || v == 0)
                why = "--iterations: expected a positive number";
            m.lim.iterations = v;
            break;
        case 's':
            if (cli_parse_uint(optarg, UINT64_MAX, &v) < 0)
                why = "--seed: expected a number";
            m.seed = v;
            break;
        case 'j':
            if (cli_parse_uint(optarg, 256, &v) < 0 || v == 0)
                why = "--jobs: expected 1..256";
            jobs = (int)v;
            break;
        case 'r':
            if (cli_parse_rules(optarg, &m.preset) < 0)
                why = "--rules: expected jactalea or cosmoludo";
            break;
        case 'B':
            if (cli_parse_blocked(optarg, &m.blocked) < 0)
                why = "--blocked: expected pass, draw or loss";
            break;
        case 'p':
            if (cli_parse_uint(optarg, 1000000000, &v) < 0)
                why = "--ply-limit: expected 0..1000000000 (0: none)";
            m.ply_limit = (int)v;
            break;
        case 'u':
            if (strcmp(optarg, "random") && strcmp(optarg, "bots"))
                why = "--setup: expected random or bots";
            m.bot_setup = strcmp(optarg, "bots") == 0;
            break;
        case 'R':
            m.records = optarg;
            break;
        default:
            why = "unknown option";
            break;
        }
        if (why != NULL) {
            cli_usage_error("match", MATCH_USAGE, why);
            return 2;
        }
    }
    if (optind != argc) {
        cli_usage_error("match", MATCH_USAGE, "unexpected argument");
        return 2;
    }
    if (m.bot[0] == NULL || m.bot[1] == NULL) {
        cli_usage_error("match", MATCH_USAGE, "both --white and --black are needed");
        return 2;
    }
    if (m.records != NULL && mkdir(m.records, 0777) < 0 && errno != EEXIST) {
        fprintf(stderr, "mana-cli match: %s: %s\n", m.records, strerror(errno));
        return 1;
    }
    if (jobs > m.games)
        jobs = m.games;
    m.results = calloc((size_t)m.games, sizeof *m.results);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    if (m.results == NULL || threads == NULL) {
        fprintf(stderr, "mana-cli match: out of memory\n");
        free(m.results);
        free(threads);
        return 1;
    }
    m.progress = isatty(STDERR_FILENO);
    pthread_mutex_init(&m.lock, NULL);
    clock_gettime(CLOCK_MONOTONIC, &m.start);

    char desc[2][128];
    for (int k = 0; k < 2; k++) {
        bot *b = bot_new(m.bot[k], &m.lim, 0);
        if (b == NULL)
            snprintf(desc[k], sizeof desc[k], "%s", m.bot[k]);
        else
            bot_describe(b, desc[k], sizeof desc[k]);
        bot_free(b);
    }
    printf("match: %s (first) against %s, %d games, rules %s, ply limit %d, seed %llu, "
           "%s setups, %d job%s\n",
           desc[0], desc[1], m.games, m.preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea",
           m.ply_limit, (unsigned long long)m.seed, m.bot_setup ? "bot-chosen" : "paired random",
           jobs, jobs == 1 ? "" : "s");
    fflush(stdout);

    int started = 0;
    for (int k = 0; k < jobs; k++) {
        if (pthread_create(&threads[k], NULL, worker, &m) != 0)
            break;
        started++;
    }
    if (started == 0)
        worker(&m);
    for (int k = 0; k < started; k++)
        pthread_join(threads[k], NULL);
    if (m.progress)
        fprintf(stderr, "\n");
    int rc = 0;
    if (m.failed) {
        fprintf(stderr, "mana-cli match: stopped after a failed game\n");
        rc = 1;
    } else {
        report(&m, seconds_since(&m.start));
    }
    pthread_mutex_destroy(&m.lock);
    free(threads);
    free(m.results);
    return rc;
}
