/* SPDX-License-Identifier: MIT */
/*
 * icount - the fixed workloads whose instruction counts BENCHMARKS.md
 * reports (valgrind counts do not vary with the load of the machine).
 * `icount WORKLOAD` runs one workload inside the function
 * icount_measured(), which tools/icount.sh has callgrind count alone
 * (--toggle-collect), and prints the number of units it did; instructions
 * per unit = callgrind's total / units.
 *
 *   full      perft through mana_legal_moves/mana_play/mana_undo, depth 4
 *             on five positions of perft.txt; unit: node (mana_play call)
 *   playouts  2000 random playouts (mana_new, mana_setup_random, then
 *             random legal moves to the end, ply limit 400, presets
 *             alternating); unit: ply of play
 *   bulk      mana_perft on the same five positions (24.2 M leaves);
 *             unit: leaf
 *   copy      100,000 copies of a game with no history into an existing
 *             game (mana_copy; mana_clone + mana_free when built with
 *             -DICOUNT_CLONE, for a library without mana_copy); unit: copy
 *
 * `icount WORKLOAD --time` runs the workload again and again for at least
 * 0.25 s of CPU time (CLOCK_PROCESS_CPUTIME_ID) and prints the units done
 * and the seconds, for the rates beside the counts.
 *
 * Every count is checked against perft.txt, so a wrong library fails here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mana.h>

#include "../../common/rng.h"

#define NPOS 5
#define PLAYOUTS 2000
#define PLY_LIMIT 400
#define COPIES 100000

/* Five positions of perft.txt, their depth-4 node counts (D1 + .. + D4)
 * and the depth and leaves of the bulk workload. */
static const struct {
    const char *mfn;
    uint64_t nodes4;
    int bulk_depth;
    uint64_t bulk_leaves;
} pos[NPOS] = {
    {"rrdrrr/6/6/6/6/RRRDRR b - 0", 16 + 66 + 421 + 2293, 7, 1590967},
    {"2d3/6/2R1r1/1r4/3D2/6 b 3 3", 42 + 754 + 17239 + 391309, 5, 8337016},
    {"4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0", 6 + 114 + 1739 + 12257, 6, 1310750},
    {"r4r/3R2/3r1r/1d2Dr/RR4/4R1 w 3 1", 24 + 169 + 3396 + 21288, 6, 2435606},
    {"1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2", 23 + 534 + 5162 + 88802, 6, 10505735},
};

static void fail(const char *what)
{
    fprintf(stderr, "icount: %s\n", what);
    exit(1);
}

static mana_game *game_at(const char *mfn)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (!g || mana_set_position(g, mfn))
        fail("cannot set a position");
    return g;
}

/* Returns the nodes below g, each played and taken back through the API
 * (the last ply too, as in the bench's figure 2): nodes = mana_play calls. */
static uint64_t full_played(mana_game *g, int depth)
{
    mana_move moves[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    uint64_t nodes = (uint64_t)n;
    for (int i = 0; i < n; i++) {
        if (mana_play(g, moves[i]))
            fail("mana_play refused a legal move");
        if (depth > 1)
            nodes += full_played(g, depth - 1);
        mana_undo(g);
    }
    return nodes;
}

static uint64_t run_full(mana_game **games)
{
    uint64_t nodes = 0;
    for (int i = 0; i < NPOS; i++) {
        uint64_t n = full_played(games[i], 4);
        if (n != pos[i].nodes4)
            fail("full perft: wrong node count");
        nodes += n;
    }
    return nodes;
}

static uint64_t run_playouts(void)
{
    uint64_t rng = 1, plies = 0;
    mana_move moves[MANA_MAX_MOVES];
    for (int i = 0; i < PLAYOUTS; i++) {
        mana_game *g = mana_new((int)(rng & 1));
        if (!g || mana_set_option(g, MANA_OPT_PLY_LIMIT, PLY_LIMIT) || mana_setup_random(g, rng_next(&rng)))
            fail("cannot start a playout");
        while (mana_status(g) == MANA_PLAYING) {
            int count = mana_legal_moves(g, moves, MANA_MAX_MOVES);
            if (count <= 0 || mana_play(g, moves[rng_below(&rng, (uint64_t)count)]))
                fail("a playout move failed");
            plies++;
        }
        mana_free(g);
    }
    return plies;
}

static uint64_t run_bulk(mana_game **games)
{
    uint64_t total = 0;
    for (int i = 0; i < NPOS; i++) {
        uint64_t leaves = 0;
        if (mana_perft(games[i], pos[i].bulk_depth, &leaves) || leaves != pos[i].bulk_leaves)
            fail("bulk perft: wrong leaf count");
        total += leaves;
    }
    return total;
}

static uint64_t run_copy(mana_game **games)
{
    uint64_t sum = 0;
#ifdef ICOUNT_CLONE
    for (int i = 0; i < COPIES; i++) {
        mana_game *c = mana_clone(games[i % NPOS]);
        if (!c)
            fail("mana_clone failed");
        sum += mana_hash(c) & 1;
        mana_free(c);
    }
#else
    mana_game *c = mana_new(MANA_RULES_JACTALEA);
    for (int i = 0; c && i < COPIES; i++) {
        if (mana_copy(c, games[i % NPOS]))
            fail("mana_copy failed");
        sum += mana_hash(c) & 1;
    }
    mana_free(c);
#endif
    return sum == COPIES + 1 ? 0 : COPIES; /* keep sum alive */
}

/* The function callgrind counts (tools/icount.sh): one workload. */
__attribute__((noinline)) uint64_t icount_measured(const char *what, mana_game **games);
__attribute__((noinline)) uint64_t icount_measured(const char *what, mana_game **games)
{
    if (!strcmp(what, "full"))
        return run_full(games);
    if (!strcmp(what, "playouts"))
        return run_playouts();
    if (!strcmp(what, "bulk"))
        return run_bulk(games);
    if (!strcmp(what, "copy"))
        return run_copy(games);
    fail("unknown workload (full, playouts, bulk, copy)");
    return 0;
}

/* Returns the CPU seconds this process has used. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "--time")))
        fail("usage: icount full|playouts|bulk|copy [--time]");
    mana_game *games[NPOS];
    for (int i = 0; i < NPOS; i++)
        games[i] = game_at(pos[i].mfn);
    double t0 = cpu_seconds(), t = 0;
    unsigned long long units = (unsigned long long)icount_measured(argv[1], games);
    if (argc == 2) {
        printf("%llu\n", units);
    } else { /* timed: repeated for at least a quarter of a second */
        unsigned long long total = units;
        while ((t = cpu_seconds() - t0) < 0.25)
            total += (unsigned long long)icount_measured(argv[1], games);
        printf("%llu %.6f\n", total, t);
    }
    for (int i = 0; i < NPOS; i++)
        mana_free(games[i]);
    return 0;
}
