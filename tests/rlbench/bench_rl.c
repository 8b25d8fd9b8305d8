/* SPDX-License-Identifier: MIT */
/*
 * bench_rl - the speed of the reinforcement-learning calls (mana.h
 * "Machine learning"), each the median of --runs timed runs of about
 * --seconds each, in one process:
 *
 *   1. mana_observation (side to move) + mana_legal_action_mask, ns per
 *      position, over 4096 positions met in random games (setup states
 *      included), and each of the two alone;
 *   2. mana_batch_step on N = 256 games, a random legal action per game
 *      drawn from the returned masks, observations and masks written:
 *      steps per second (one step = one game advanced one ply);
 *   3. mana_batch_playout on 256 games with random setups (ply limit
 *      400), games per second, beside the loop of BENCHMARKS.md figure 3
 *      (mana_new, mana_setup_random, mana_legal_moves + mana_play to the
 *      end, presets alternating) timed in the same run.
 *
 * Times are CPU time of the process (CLOCK_PROCESS_CPUTIME_ID), so that
 * other work on the machine slows the figures less than wall time would.
 * Prints a Markdown table (or --json).  Never judges: no threshold.
 * --count K: K untimed passes of figure 1 only, for
 * valgrind --tool=callgrind instruction counts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mana.h>

#define POSITIONS 4096
#define N 256
#define PLY_LIMIT 400

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void die(const char *what)
{
    fprintf(stderr, "bench_rl: %s: %s\n", what, mana_error_detail());
    exit(1);
}

/* Fills set[] with copies of the states of random games. */
static void collect(mana_game **set)
{
    uint64_t rng = 12345;
    int n = 0;
    while (n < POSITIONS) {
        mana_game *g = mana_new((int)(next(&rng) & 1));
        mana_move moves[MANA_MAX_MOVES];
        int k;
        if (!g || mana_set_option(g, MANA_OPT_PLY_LIMIT, PLY_LIMIT))
            die("new game");
        while (n < POSITIONS && (k = mana_legal_moves(g, moves, MANA_MAX_MOVES)) > 0) {
            if ((set[n++] = mana_clone(g)) == NULL)
                die("clone");
            if (mana_play(g, moves[next(&rng) % (uint64_t)k]))
                die("play");
        }
        mana_free(g);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static volatile unsigned sink;

/* ns per position of obs and/or mask (what: 1 obs, 2 mask, 3 both, 4
 * mana_legal_moves alone, the generator the mask is built on). */
static double time_positions(mana_game **set, int what, double seconds)
{
    static uint8_t obs[MANA_OBSERVATION_SIZE], mask[MANA_ACTION_COUNT];
    static mana_move moves[MANA_MAX_MOVES];
    long done = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < POSITIONS; i++) {
            if (what & 1)
                mana_observation(set[i], MANA_OBS_SIDE_TO_MOVE, obs, sizeof obs);
            if (what & 2)
                sink += (unsigned)mana_legal_action_mask(set[i], mask, sizeof mask);
            if (what & 4)
                sink += (unsigned)mana_legal_moves(set[i], moves, MANA_MAX_MOVES);
        }
        done += POSITIONS;
        t = now() - t0;
    } while (t < seconds);
    sink += obs[5];
    return 1e9 * t / (double)done;
}

/* Steps per second of mana_batch_step with random legal actions. */
static double time_steps(double seconds)
{
    static uint8_t obs[N * MANA_OBSERVATION_SIZE], masks[N * MANA_ACTION_COUNT];
    static float rewards[N];
    static uint8_t dones[N];
    int32_t actions[N];
    uint64_t rng = 99;
    mana_game *start = mana_new(MANA_RULES_JACTALEA);
    if (!start || mana_set_option(start, MANA_OPT_PLY_LIMIT, PLY_LIMIT))
        die("start");
    mana_batch *b = mana_batch_new(start, N, 1, MANA_BATCH_RANDOM_SETUP);
    if (!b || mana_batch_observe(b, MANA_OBS_SIDE_TO_MOVE, obs, masks))
        die("batch");
    long steps = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < N; i++) {
            const uint8_t *m = masks + (size_t)i * MANA_ACTION_COUNT;
            int count = 0, k;
            for (int a = 0; a < MANA_ACTION_COUNT; a++)
                count += m[a];
            k = (int)(next(&rng) % (uint64_t)count);
            for (int a = 0; a < MANA_ACTION_COUNT; a++)
                if (m[a] && k-- == 0)
                    actions[i] = a;
        }
        if (mana_batch_step(b, actions, MANA_OBS_SIDE_TO_MOVE, obs, masks, rewards, dones))
            die("step");
        steps += N;
        t = now() - t0;
    } while (t < seconds);
    mana_batch_free(b);
    mana_free(start);
    return (double)steps / t;
}

/* Games per second of mana_batch_playout (preset p). */
static double time_batch_playouts(int preset, double seconds)
{
    mana_game *start = mana_new(preset);
    if (!start || mana_set_option(start, MANA_OPT_PLY_LIMIT, PLY_LIMIT))
        die("start");
    mana_batch *b = mana_batch_new(start, N, 7, MANA_BATCH_RANDOM_SETUP);
    if (!b)
        die("batch");
    long games = 0;
    double t0 = now(), t;
    do {
        if (mana_batch_playout(b, NULL, NULL))
            die("playout");
        games += N;
        t = now() - t0;
    } while (t < seconds);
    mana_batch_free(b);
    mana_free(start);
    return (double)games / t;
}

/* Games per second of figure 3's loop through the public API. */
static double time_api_playouts(double seconds)
{
    uint64_t rng = 5;
    long games = 0;
    double t0 = now(), t;
    do {
        mana_game *g = mana_new((int)(next(&rng) & 1));
        mana_move moves[MANA_MAX_MOVES];
        if (!g || mana_set_option(g, MANA_OPT_PLY_LIMIT, PLY_LIMIT) || mana_setup_random(g, next(&rng)))
            die("playout start");
        while (mana_status(g) == MANA_PLAYING) {
            int k = mana_legal_moves(g, moves, MANA_MAX_MOVES);
            if (k <= 0 || mana_play(g, moves[next(&rng) % (uint64_t)k]))
                die("playout move");
        }
        mana_free(g);
        games++;
        t = now() - t0;
    } while (t < seconds);
    return (double)games / t;
}

/* K passes of observation + mask over the set (no clock read). */
static int count_passes(mana_game **set, int k)
{
    static uint8_t obs[MANA_OBSERVATION_SIZE], mask[MANA_ACTION_COUNT];
    for (int r = 0; r < k; r++)
        for (int i = 0; i < POSITIONS; i++) {
            mana_observation(set[i], MANA_OBS_SIDE_TO_MOVE, obs, sizeof obs);
            sink += (unsigned)mana_legal_action_mask(set[i], mask, sizeof mask);
        }
    for (int i = 0; i < POSITIONS; i++)
        mana_free(set[i]);
    return 0;
}

int main(int argc, char **argv)
{
    int runs = 5, json = 0, count = 0;
    double seconds = 0.5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--count") && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--json"))
            json = 1;
        else {
            fprintf(stderr, "usage: bench_rl [--runs N] [--seconds S] [--json] [--count K]\n");
            return 2;
        }
    }
    if (runs < 1 || runs > 99 || seconds <= 0)
        return 2;
    static mana_game *set[POSITIONS];
    collect(set);
    if (count > 0) /* untimed passes, for valgrind instruction counts */
        return count_passes(set, count);
    enum { OBS_MASK, OBS, MASK, MOVES, STEP, BATCH_PLAYOUT, API_PLAYOUT, FIGURES };
    static const char *const names[FIGURES] = {
        "observation + mask",        "observation alone",       "mask alone",
        "mana_legal_moves alone",    "mana_batch_step (N=256)", "mana_batch_playout (N=256)",
        "figure 3 loop (public API)"};
    static const char *const units[FIGURES] = {"ns/position", "ns/position", "ns/position", "ns/position",
                                               "steps/s",     "games/s",     "games/s"};
    double v[FIGURES][99], med[FIGURES];
    for (int r = 0; r < runs; r++) {
        v[OBS_MASK][r] = time_positions(set, 3, seconds);
        v[OBS][r] = time_positions(set, 1, seconds);
        v[MASK][r] = time_positions(set, 2, seconds);
        v[MOVES][r] = time_positions(set, 4, seconds);
        v[STEP][r] = time_steps(seconds);
        v[BATCH_PLAYOUT][r] = 0.5 * (time_batch_playouts(0, seconds / 2) + time_batch_playouts(1, seconds / 2));
        v[API_PLAYOUT][r] = time_api_playouts(seconds);
    }
    for (int f = 0; f < FIGURES; f++)
        med[f] = median(v[f], runs);
    if (json) {
        printf("{\"runs\": %d, \"seconds\": %g", runs, seconds);
        for (int f = 0; f < FIGURES; f++)
            printf(", \"%s (%s)\": %.1f", names[f], units[f], med[f]);
        printf("}\n");
    } else {
        printf("| figure | median of %d | unit |\n|---|---|---|\n", runs);
        for (int f = 0; f < FIGURES; f++)
            printf("| %s | %.1f | %s |\n", names[f], med[f], units[f]);
    }
    for (int i = 0; i < POSITIONS; i++)
        mana_free(set[i]);
    return 0;
}
