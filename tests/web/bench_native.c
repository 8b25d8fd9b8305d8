/* SPDX-License-Identifier: MIT */
/*
 * bench_native - the native side of the WebAssembly benchmark
 * (tests/web/bench.mjs): the same work as tests/web/bench-work.mjs, timed.
 *
 *   bench_native perft DEPTH REPS MFN...   perft of each MFN, REPS times
 *   bench_native playouts COUNT SEED       COUNT random games: game i
 *                                          under rules i % 2, ply limit 300,
 *                                          mana_setup_random(SEED + i), then
 *                                          moves drawn by next32
 *
 * Prints one line: "<work units> <CPU seconds>" (leaves, or plies of play).
 * Built natively and, by make bench-web, with emcc (the same C code in
 * WebAssembly, run by Node and Chromium through callMain).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mana.h>

/* CPU time of the process: on a shared machine, waiting for a CPU does
 * not count. */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A 32-bit generator (a Weyl sequence through the murmur3 finaliser), so
 * that JavaScript draws the same numbers without BigInt. */
static uint32_t next32(uint32_t *state)
{
    uint32_t z = (*state += 0x9E3779B9u);
    z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
    z = (z ^ (z >> 13)) * 0xC2B2AE35u;
    return z ^ (z >> 16);
}

static int perft_work(int depth, int reps, int n, char **mfn, uint64_t *units)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    for (int r = 0; g && r < reps; r++)
        for (int i = 0; i < n; i++) {
            uint64_t leaves;
            if (mana_set_position(g, mfn[i]) || mana_perft(g, depth, &leaves))
                return -1;
            *units += leaves;
        }
    mana_free(g);
    return g ? 0 : -1;
}

static int playout_work(int count, uint64_t seed, uint64_t *units)
{
    for (int i = 0; i < count; i++) {
        mana_game *g = mana_new(i % 2);
        if (!g || mana_set_option(g, MANA_OPT_PLY_LIMIT, 300) || mana_setup_random(g, seed + (uint64_t)i))
            return -1;
        uint32_t rng = (uint32_t)(seed + (uint64_t)i);
        while (mana_status(g) == MANA_PLAYING) {
            mana_move moves[MANA_MAX_MOVES];
            int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
            if (n <= 0 || mana_play(g, moves[next32(&rng) % (uint32_t)n]))
                return -1;
            ++*units;
        }
        mana_free(g);
    }
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t units = 0;
    double t0 = now();
    int rc;
    if (argc >= 5 && strcmp(argv[1], "perft") == 0)
        rc = perft_work(atoi(argv[2]), atoi(argv[3]), argc - 4, argv + 4, &units);
    else if (argc == 4 && strcmp(argv[1], "playouts") == 0)
        rc = playout_work(atoi(argv[2]), strtoull(argv[3], NULL, 10), &units);
    else {
        fprintf(stderr, "usage: bench_native perft DEPTH REPS MFN... | playouts COUNT SEED\n");
        return 2;
    }
    if (rc) {
        fprintf(stderr, "bench_native: %s\n", mana_error_detail());
        return 1;
    }
    printf("%llu %.6f\n", (unsigned long long)units, now() - t0);
    return 0;
}
