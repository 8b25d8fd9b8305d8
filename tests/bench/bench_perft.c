/* SPDX-License-Identifier: MIT */
/*
 * bench_perft.c - figures 1 (bulk perft), 2 (full perft through mana_play
 * and mana_undo), 5 (the naive reference generator) and perft on N threads.
 * Each position of perft.txt is taken to the depth that takes about
 * cfg->seconds; a run is one pass over the positions, its rate the total
 * count over the total time; the figure is the median rate of the runs.
 */
#include <stdio.h>
#include <stdlib.h>

#include "par_perft.h"
#include "ref_movegen.h"
#include "bench.h"

/* A way of counting a perft tree: returns the count it is timed on (leaves
 * or nodes) and stores the leaves.  Only par() uses `threads`. */
typedef uint64_t (*perft_fn)(mana_game *g, int depth, int threads, uint64_t *leaves);

static uint64_t bulk(mana_game *g, int depth, int threads, uint64_t *leaves)
{
    (void)threads;
    if (mana_perft(g, depth, leaves))
        bench_fail("mana_perft failed");
    return *leaves;
}

/* Returns the nodes below g (mana_play calls), every one played and undone
 * through the public API; adds the leaves to *leaves. */
static uint64_t full_nodes(mana_game *g, int depth, uint64_t *leaves)
{
    if (depth == 0) {
        ++*leaves;
        return 0;
    }
    mana_move moves[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    uint64_t nodes = (uint64_t)n;
    for (int i = 0; i < n; i++) {
        if (mana_play(g, moves[i]))
            bench_fail("mana_play refused a legal move");
        nodes += full_nodes(g, depth - 1, leaves);
        mana_undo(g);
    }
    return nodes;
}

static uint64_t full(mana_game *g, int depth, int threads, uint64_t *leaves)
{
    (void)threads;
    *leaves = 0;
    return full_nodes(g, depth, leaves);
}

static uint64_t par(mana_game *g, int depth, int threads, uint64_t *leaves)
{
    if (par_perft(g, depth, threads, leaves))
        bench_fail("par_perft failed");
    return *leaves;
}

static uint64_t ref(mana_game *g, int depth, int threads, uint64_t *leaves)
{
    (void)threads;
    *leaves = ref_perft(g, depth);
    if (*leaves == UINT64_MAX)
        bench_fail("ref_perft disagrees with the library");
    return *leaves;
}

/* The times of one measurement: CPU seconds of this thread, wall seconds,
 * CPU seconds of the whole process (all threads). */
struct span {
    double cpu, wall, proc;
};

/* Returns the times fn takes on g at depth; stores its count and leaves. */
static struct span timed(perft_fn fn, mana_game *g, int depth, int threads, uint64_t *count, uint64_t *leaves)
{
    double w0 = bench_now(), t0 = bench_cpu(), p0 = bench_proc_cpu();
    *count = fn(g, depth, threads, leaves);
    return (struct span){bench_cpu() - t0, bench_now() - w0, bench_proc_cpu() - p0};
}

/* Returns the depth at which fn takes about `target` seconds on g (0 if
 * the tree is empty), failing if a count listed in perft.txt differs. */
static int calibrate(perft_fn fn, mana_game *g, const struct bench_pos *p, double target)
{
    uint64_t prev = 1;
    for (int d = 1; d < BENCH_MAX_DEPTH; d++) {
        uint64_t count, leaves;
        double t = timed(fn, g, d, 1, &count, &leaves).cpu;
        if (p->has[d] && p->known[d] != leaves) {
            fprintf(stderr, "bench: %s depth %d: %llu leaves, perft.txt says %llu\n", p->mfn, d,
                    (unsigned long long)leaves, (unsigned long long)p->known[d]);
            bench_fail("perft count mismatch");
        }
        if (getenv("BENCH_VERBOSE"))
            fprintf(stderr, "  depth %2d %14llu leaves %8.3fs  %s\n", d, (unsigned long long)leaves, t, p->mfn);
        if (leaves == 0)
            return 0;
        double next = t * ((double)leaves / (double)prev > 1.5 ? (double)leaves / (double)prev : 1.5);
        if (t >= target / 2 || (next > 2 * target && next * t > target * target))
            return d;
        prev = leaves;
    }
    return BENCH_MAX_DEPTH - 1;
}

/* The positions of the set as games, with the depth chosen for each. */
struct plan {
    mana_game *g[BENCH_MAX_POS];
    int depth[BENCH_MAX_POS];
    int n;
};

static void plan_make(struct plan *pl, const struct bench_set *set, perft_fn fn, double target)
{
    pl->n = set->n;
    for (int i = 0; i < set->n; i++) {
        if (!(pl->g[i] = bench_game(&set->pos[i])))
            bench_fail("a position of perft.txt is refused");
        pl->depth[i] = calibrate(fn, pl->g[i], &set->pos[i], target);
    }
}

static void plan_free(struct plan *pl)
{
    for (int i = 0; i < pl->n; i++)
        mana_free(pl->g[i]);
}

/* Returns the count of one pass of fn over the plan with `threads`, and
 * its times in *t. */
static uint64_t pass(perft_fn fn, const struct plan *pl, int threads, struct span *t)
{
    uint64_t total = 0;
    *t = (struct span){0, 0, 0};
    for (int i = 0; i < pl->n; i++) {
        uint64_t count, leaves;
        if (pl->depth[i] == 0)
            continue;
        struct span d = timed(fn, pl->g[i], pl->depth[i], threads, &count, &leaves);
        t->cpu += d.cpu, t->wall += d.wall, t->proc += d.proc;
        total += count;
    }
    return total;
}

/* Returns the median over runs of the count per CPU second of fn on the
 * plan; *total gets the count of one pass. */
static double median_rate(perft_fn fn, const struct plan *pl, int runs, uint64_t *total)
{
    double rate[64];
    for (int r = 0; r < runs; r++) {
        struct span t;
        *total = pass(fn, pl, 1, &t);
        rate[r] = (double)*total / t.cpu;
    }
    return bench_median(rate, runs);
}

/* The medians of the runs of figure 1 with N threads. */
struct par_rates {
    double one;        /* 1 thread, leaves per CPU second */
    double many;       /* N threads, leaves per wall second */
    double speedup;    /* wall time of 1 thread / of N threads */
    double cpus;       /* process CPU time / wall time on N threads */
    double efficiency; /* leaves per CPU second, N threads / 1 */
};

/* Perft on N threads against one, each run timing both back to back so
 * that they see the same load (wall time: the speed-up is what a user
 * waits for).  Also the CPUs the N threads actually got (below N when the
 * machine is busy with other work) and the work per CPU second relative
 * to one thread (1 when the split costs nothing: the speed-up N free CPUs
 * would give is N times it).  *total gets the leaves of one pass. */
static struct par_rates par_runs(const struct plan *pl, const struct bench_cfg *cfg, uint64_t *total)
{
    double v[5][64];
    for (int r = 0; r < cfg->runs; r++) {
        struct span t1, tn;
        *total = pass(bulk, pl, 1, &t1);
        if (pass(par, pl, cfg->threads, &tn) != *total)
            bench_fail("perft on threads counted differently");
        v[0][r] = (double)*total / t1.cpu;
        v[1][r] = (double)*total / tn.wall;
        v[2][r] = t1.wall / tn.wall;
        v[3][r] = tn.proc / tn.wall;
        v[4][r] = t1.cpu / tn.proc;
    }
    int n = cfg->runs;
    return (struct par_rates){bench_median(v[0], n), bench_median(v[1], n), bench_median(v[2], n),
                              bench_median(v[3], n), bench_median(v[4], n)};
}

/* Figure 5: the reference generator against the library, same trees. */
static void reference(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs)
{
    struct plan pl;
    plan_make(&pl, set, ref, cfg->seconds / 4);
    double speedup[64], rate[64];
    for (int r = 0; r < cfg->runs; r++) {
        double t_ref = 0, t_lib = 0;
        uint64_t total = 0;
        for (int i = 0; i < pl.n; i++) {
            uint64_t a, b, la, lb;
            if (pl.depth[i] == 0)
                continue;
            t_ref += timed(ref, pl.g[i], pl.depth[i], 1, &a, &la).cpu;
            t_lib += timed(bulk, pl.g[i], pl.depth[i], 1, &b, &lb).cpu;
            if (la != lb)
                bench_fail("reference and library perft differ");
            total += la;
        }
        speedup[r] = t_ref / t_lib;
        rate[r] = (double)total / t_ref;
    }
    bench_add(rs, "ref_perft_leaves_per_s", "5. naive reference perft", "leaves/s", bench_median(rate, cfg->runs));
    bench_add(rs, "ref_speedup", "5. library speed-up over the reference", "x", bench_median(speedup, cfg->runs));
    plan_free(&pl);
}


void bench_perft(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs)
{
    struct plan pl;
    uint64_t total = 0;
    int threads = bench_wants(cfg, "threads");
    plan_make(&pl, set, bulk, cfg->seconds);
    struct par_rates pr = {0, 0, 0, 0, 0};
    if (threads)
        pr = par_runs(&pl, cfg, &total);
    else
        pr.one = median_rate(bulk, &pl, cfg->runs, &total);
    bench_add(rs, "perft_bulk_leaves_per_s", "1. perft bulk-counted", "leaves/s", pr.one);
    bench_add(rs, "perft_bulk_leaves", "1. leaves per pass", "leaves", (double)total);
    if (threads) {
        bench_add(rs, "perft_threads", "   perft threads", "threads", cfg->threads);
        bench_add(rs, "perft_par_leaves_per_s", "   perft bulk on N threads (wall)", "leaves/s", pr.many);
        bench_add(rs, "perft_par_speedup", "   perft speed-up, N threads / 1 (wall)", "x", pr.speedup);
        bench_add(rs, "perft_par_cpus", "   CPUs the N threads got (CPU/wall)", "CPUs", pr.cpus);
        bench_add(rs, "perft_par_efficiency", "   work per CPU second, N threads / 1", "x", pr.efficiency);
    }
    plan_free(&pl);
}

void bench_full(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs)
{
    struct plan pl;
    uint64_t total = 0;
    plan_make(&pl, set, full, cfg->seconds / 2);
    bench_add(rs, "perft_full_nodes_per_s", "2. perft through mana_play/mana_undo", "nodes/s",
              median_rate(full, &pl, cfg->runs, &total));
    plan_free(&pl);
}

void bench_ref(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs)
{
    reference(set, cfg, rs);
}
