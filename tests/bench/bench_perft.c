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

#include "../../examples/cli/par_perft.h"
#include "../ref_movegen.h"
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

static uint64_t ref(mana_game *g, int depth, int threads, uint64_t *leaves)
{
    (void)threads;
    *leaves = ref_perft(g, depth);
    if (*leaves == UINT64_MAX)
        bench_fail("ref_perft disagrees with the library");
    return *leaves;
}

/* Returns the CPU seconds fn takes on g at depth (wall seconds in *wall
 * if not NULL); stores its count and leaves. */
static double timed(perft_fn fn, mana_game *g, int depth, int threads, uint64_t *count, uint64_t *leaves,
                    double *wall)
{
    double w0 = bench_now(), t0 = bench_cpu();
    *count = fn(g, depth, threads, leaves);
    if (wall)
        *wall = bench_now() - w0;
    return bench_cpu() - t0;
}

/* Returns the depth at which fn takes about `target` seconds on g (0 if
 * the tree is empty), failing if a count listed in perft.txt differs. */
static int calibrate(perft_fn fn, mana_game *g, const struct bench_pos *p, double target)
{
    uint64_t prev = 1;
    for (int d = 1; d < BENCH_MAX_DEPTH; d++) {
        uint64_t count, leaves;
        double t = timed(fn, g, d, 1, &count, &leaves, NULL);
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

/* The median rates of a figure: count per CPU second of this thread and
 * per wall second. */
struct rate {
    double cpu, wall;
};

/* Returns the median over runs of (total count / total seconds) of fn on
 * the plan with `threads`; *total gets the count of one pass. */
static struct rate median_rate(perft_fn fn, const struct plan *pl, int runs, int threads, uint64_t *total)
{
    double cpu[64], wall[64];
    for (int r = 0; r < runs; r++) {
        double c = 0, w = 0;
        *total = 0;
        for (int i = 0; i < pl->n; i++) {
            uint64_t count, leaves;
            double dw;
            if (pl->depth[i] == 0)
                continue;
            c += timed(fn, pl->g[i], pl->depth[i], threads, &count, &leaves, &dw);
            w += dw;
            *total += count;
        }
        cpu[r] = (double)*total / c;
        wall[r] = (double)*total / w;
    }
    return (struct rate){bench_median(cpu, runs), bench_median(wall, runs)};
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
            t_ref += timed(ref, pl.g[i], pl.depth[i], 1, &a, &la, NULL);
            t_lib += timed(bulk, pl.g[i], pl.depth[i], 1, &b, &lb, NULL);
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

static uint64_t par(mana_game *g, int depth, int threads, uint64_t *leaves)
{
    if (par_perft(g, depth, threads, leaves))
        bench_fail("par_perft failed");
    return *leaves;
}

void bench_perft(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs)
{
    struct plan pl;
    uint64_t total = 0;
    plan_make(&pl, set, bulk, cfg->seconds);
    struct rate one = median_rate(bulk, &pl, cfg->runs, 1, &total);
    bench_add(rs, "perft_bulk_leaves_per_s", "1. perft bulk-counted", "leaves/s", one.cpu);
    bench_add(rs, "perft_bulk_leaves", "1. leaves per pass", "leaves", (double)total);
    if (bench_wants(cfg, "threads")) {
        struct rate many = median_rate(par, &pl, cfg->runs, cfg->threads, &total);
        bench_add(rs, "perft_threads", "   perft threads", "threads", cfg->threads);
        bench_add(rs, "perft_par_leaves_per_s", "   perft bulk on N threads (wall)", "leaves/s", many.wall);
        bench_add(rs, "perft_par_speedup", "   perft speed-up, N threads / 1 (wall)", "x", many.wall / one.wall);
    }
    plan_free(&pl);
}

void bench_full(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs)
{
    struct plan pl;
    uint64_t total = 0;
    plan_make(&pl, set, full, cfg->seconds);
    bench_add(rs, "perft_full_nodes_per_s", "2. perft through mana_play/mana_undo", "nodes/s",
              median_rate(full, &pl, cfg->runs, 1, &total).cpu);
    plan_free(&pl);
}

void bench_ref(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs)
{
    reference(set, cfg, rs);
}
