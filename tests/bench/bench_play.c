/* SPDX-License-Identifier: MIT */
/*
 * bench_play.c - figure 3 (random playouts, on 1 and N threads) and
 * figure 4 (mana_legal_moves alone on a fixed set of positions).
 */
#include <pthread.h>
#include <stdlib.h>

#include "../../common/rng.h"
#include "bench.h"

#define PLY_LIMIT 400    /* every playout ends: drawn after 400 plies */
#define MOVEGEN_SET 4096 /* positions of the movegen figure */

/* Positions collected from playouts (figure 4). */
struct keep {
    mana_game **pos;
    int n, cap;
};

/* Stores a fresh copy of g's position (no history) in k if there is room. */
static void keep_position(struct keep *k, const mana_game *g)
{
    char mfn[MANA_MFN_MAX + 1];
    if (!k || k->n == k->cap || mana_status(g) != MANA_PLAYING)
        return;
    mana_game *copy = mana_new(MANA_RULES_JACTALEA);
    if (!copy || mana_get_position(g, mfn, sizeof mfn) < 0 || mana_set_position(copy, mfn))
        bench_fail("cannot copy a playout position");
    k->pos[k->n++] = copy;
}

/* Plays one whole game: random setup (preset alternating with the seed),
 * then uniformly random moves to the end.  Returns the plies of play;
 * with k, also keeps the positions reached. */
static uint64_t playout(uint64_t *rng, struct keep *k)
{
    mana_game *g = mana_new((int)(*rng & 1));
    if (!g || mana_set_option(g, MANA_OPT_PLY_LIMIT, PLY_LIMIT) || mana_setup_random(g, rng_next(rng)))
        bench_fail("cannot start a playout");
    uint64_t plies = 0;
    mana_move moves[MANA_MAX_MOVES];
    while (mana_status(g) == MANA_PLAYING) {
        int count = mana_legal_moves(g, moves, MANA_MAX_MOVES);
        if (count <= 0 || mana_play(g, moves[rng_below(rng, (uint64_t)count)]))
            bench_fail("a playout move failed");
        plies++;
        keep_position(k, g);
    }
    mana_free(g);
    return plies;
}

/* One playout thread: games until the deadline. */
struct player {
    uint64_t seed, games, plies;
    double deadline, cpu; /* cpu: CPU seconds the thread used */
    pthread_t thread;
};

static void *play_until(void *arg)
{
    struct player *p = arg;
    uint64_t rng = p->seed;
    double t0 = bench_cpu();
    do {
        p->plies += playout(&rng, NULL);
        p->games++;
    } while (bench_now() < p->deadline);
    p->cpu = bench_cpu() - t0;
    return NULL;
}

/* The rates of one run: games and plies per wall second, the same per CPU
 * second of the first thread, the CPUs the threads got (process CPU time
 * over wall time) and the games per process CPU second. */
struct play_rate {
    double games, plies, games_cpu, plies_cpu, cpus, games_proc;
};

/* Runs playouts on `threads` threads for about `seconds`. */
static struct play_rate playout_run(int threads, double seconds, uint64_t seed)
{
    struct player p[64];
    double t0 = bench_now(), c0 = bench_proc_cpu();
    for (int i = 0; i < threads; i++) {
        p[i] = (struct player){.seed = seed + (uint64_t)i * 0x1000, .deadline = t0 + seconds};
        if (pthread_create(&p[i].thread, NULL, play_until, &p[i]))
            bench_fail("pthread_create failed");
    }
    uint64_t g = 0, n = 0;
    for (int i = 0; i < threads; i++) {
        pthread_join(p[i].thread, NULL);
        g += p[i].games;
        n += p[i].plies;
    }
    double secs = bench_now() - t0, cpu = bench_proc_cpu() - c0;
    return (struct play_rate){(double)g / secs,     (double)n / secs, (double)g / p[0].cpu,
                              (double)n / p[0].cpu, cpu / secs,       (double)g / cpu};
}

void bench_playouts(const struct bench_cfg *cfg, struct bench_results *rs)
{
    double games[64], plies[64], games_n[64], speedup[64], cpus[64], efficiency[64];
    int threads = bench_wants(cfg, "threads") ? cfg->threads : 1;
    for (int r = 0; r < cfg->runs; r++) {
        uint64_t seed = 1 + (uint64_t)r * 0x100000;
        struct play_rate one = playout_run(1, cfg->seconds, seed);
        struct play_rate many = playout_run(threads, cfg->seconds, seed);
        games[r] = one.games_cpu, plies[r] = one.plies_cpu;
        games_n[r] = many.games, speedup[r] = many.games / one.games, cpus[r] = many.cpus;
        efficiency[r] = many.games_proc / one.games_proc;
    }
    double g = bench_median(games, cfg->runs), n = bench_median(plies, cfg->runs);
    bench_add(rs, "playout_games_per_s", "3. random playouts", "games/s", g);
    bench_add(rs, "playout_plies_per_s", "3. random playouts", "plies/s", n);
    bench_add(rs, "playout_plies_per_game", "3. plies per game (limit 400)", "plies", n / g);
    if (threads == 1)
        return;
    bench_add(rs, "playout_threads", "   playout threads", "threads", threads);
    bench_add(rs, "playout_par_games_per_s", "   random playouts on N threads (wall)", "games/s",
              bench_median(games_n, cfg->runs));
    bench_add(rs, "playout_par_speedup", "   playout speed-up, N threads / 1 (wall)", "x",
              bench_median(speedup, cfg->runs));
    bench_add(rs, "playout_par_cpus", "   CPUs the N threads got (CPU/wall)", "CPUs", bench_median(cpus, cfg->runs));
    bench_add(rs, "playout_par_efficiency", "   work per CPU second, N threads / 1", "x",
              bench_median(efficiency, cfg->runs));
}

/* Returns the CPU seconds of `passes` passes of mana_legal_moves over set. */
static double movegen_pass(mana_game *const *set, int n, int passes, uint64_t *sum)
{
    mana_move moves[MANA_MAX_MOVES];
    double t0 = bench_cpu();
    for (int p = 0; p < passes; p++)
        for (int i = 0; i < n; i++)
            *sum += (uint64_t)mana_legal_moves(set[i], moves, MANA_MAX_MOVES);
    return bench_cpu() - t0;
}

void bench_movegen(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs)
{
    static mana_game *pos[MOVEGEN_SET];
    struct keep k = {pos, 0, MOVEGEN_SET};
    for (int i = 0; i < set->n; i++)
        if ((pos[k.n] = bench_game(&set->pos[i])))
            k.n++;
    for (uint64_t rng = 12345; k.n < k.cap;)
        playout(&rng, &k);
    int n = k.n;
    uint64_t sum = 0;
    int passes = 1;
    while (movegen_pass(pos, n, passes, &sum) < cfg->seconds / 4)
        passes *= 2;
    double rate[64];
    for (int r = 0; r < cfg->runs; r++)
        rate[r] = (double)n * passes / movegen_pass(pos, n, passes, &sum);
    double calls = bench_median(rate, cfg->runs);
    bench_add(rs, "movegen_calls_per_s", "4. mana_legal_moves", "calls/s", calls);
    bench_add(rs, "movegen_ns_per_call", "4. mana_legal_moves", "ns/call", 1e9 / calls);
    bench_add(rs, "movegen_positions", "4. positions in the set", "positions", n);
    for (int i = 0; i < n; i++)
        mana_free(pos[i]);
}
