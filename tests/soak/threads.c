/* SPDX-License-Identifier: MIT */
/*
 * threads - libmana used from several threads at once (run under
 * -fsanitize=thread by `make tsan`, and plainly by `make check`'s peers).
 *
 *   threads [--threads N] [--games K]
 *
 * Each thread, on games of its own: perft of perft.txt positions against
 * the published counts, and K random games with every invariant checked at
 * every ply.  Meanwhile all threads also read one shared game through the
 * const functions (mana.h: "any number of threads may call them on one
 * game at once") and compare with answers computed before the threads
 * started, clone it, and check that the error detail is per thread.
 * Exit status 0 if every check held, 1 otherwise.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mana.h>

#include "invariants.h"

/* From tests/data/perft.txt (each value computed by two implementations). */
static const struct {
    const char *mfn;
    int blocked;
    int depth;
    uint64_t leaves;
} perfts[] = {
    {"rrdrrr/6/6/6/6/RRRDRR b - 0", MANA_BLOCKED_PASS, 4, 2293},
    {"6/rdrrrr/6/6/RRRRDR/6 b - 2", MANA_BLOCKED_PASS, 3, 1626},
    {"5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", MANA_BLOCKED_PASS, 4, 686},
    {"5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", MANA_BLOCKED_DRAW, 4, 0},
    {"4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0", MANA_BLOCKED_PASS, 3, 1739},
    {"Rrr2r/D3R1/1R1d1R/rrR3/6/6 w 3 0", MANA_BLOCKED_PASS, 3, 2038},
    {"d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1", MANA_BLOCKED_PASS, 3, 7206},
    {"1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2", MANA_BLOCKED_PASS, 3, 5162},
};
#define NPERFTS (int)(sizeof perfts / sizeof perfts[0])

/* The shared game and what it answered before the threads started. */
static mana_game *shared;
static inv_snapshot shared_snap;
static char shared_texts[MANA_MAX_MOVES][MANA_MOVE_TEXT_MAX + 1];
static pthread_barrier_t barrier;

struct job {
    int id;
    int games;
    int failed;
    char msg[700];
};

static int fail(struct job *j, const char *fmt, const char *what)
{
    snprintf(j->msg, sizeof j->msg, fmt, what);
    j->failed = 1;
    return -1;
}

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Reads the shared game the way a caller may from any thread. */
static int read_shared(struct job *j)
{
    inv_snapshot s;
    char diff[300];
    inv_snapshot_take(shared, &s);
    if (inv_snapshot_diff(&shared_snap, &s, diff, sizeof diff) != 0)
        return fail(j, "shared game read differently: %s", diff);
    for (int i = 0; i < s.nmoves; i++) {
        char text[MANA_MOVE_TEXT_MAX + 1];
        mana_move back = MANA_MOVE_NONE;
        if (mana_move_format(shared, s.moves[i], text, sizeof text) < 0 || strcmp(text, shared_texts[i]) != 0 ||
            mana_move_parse(shared, text, &back) != MANA_OK || back != s.moves[i] ||
            mana_is_legal(shared, s.moves[i]) != 1)
            return fail(j, "shared game: move %.8s reads differently", shared_texts[i]);
    }
    mana_game *c = mana_clone(shared);
    if (c == NULL)
        return fail(j, "%s", "clone of the shared game failed");
    inv_snapshot t;
    inv_snapshot_take(c, &t);
    int rc = inv_snapshot_diff(&shared_snap, &t, diff, sizeof diff);
    mana_free(c);
    if (rc != 0)
        return fail(j, "clone of the shared game differs: %s", diff);
    return 0;
}

static void *worker(void *arg)
{
    struct job *j = arg;
    uint64_t rng = UINT64_C(0x1234567) * (uint64_t)(j->id + 1);
    char msg[600];

    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g == NULL)
        fail(j, "%s", "mana_new"); /* still meet the others at the barrier */
    for (int round = 0; round < 3 && !j->failed; round++) {
        /* perft on positions of our own, started at different points */
        for (int k = 0; k < NPERFTS && !j->failed; k++) {
            int p = (k + j->id) % NPERFTS;
            uint64_t leaves = 0;
            if (mana_set_option(g, MANA_OPT_BLOCKED, perfts[p].blocked) != MANA_OK ||
                mana_set_position(g, perfts[p].mfn) != MANA_OK || mana_perft(g, perfts[p].depth, &leaves) != MANA_OK ||
                leaves != perfts[p].leaves) {
                snprintf(msg, sizeof msg, "perft(%d) of %s = %llu, expected %llu", perfts[p].depth, perfts[p].mfn,
                         (unsigned long long)leaves, (unsigned long long)perfts[p].leaves);
                fail(j, "%s", msg);
            }
            if (!j->failed)
                read_shared(j);
        }
        /* random games, every invariant at every ply */
        for (int n = 0; n < j->games && !j->failed; n++) {
            mana_free(g);
            g = mana_new((int)(next(&rng) % 2));
            if (g == NULL || mana_set_option(g, MANA_OPT_BLOCKED, (int)(next(&rng) % 3)) != 0 ||
                mana_setup_random(g, next(&rng)) != MANA_OK) {
                fail(j, "%s", "new game / setup_random");
                break;
            }
            for (int ply = 0; ply < 200 && mana_status(g) == MANA_PLAYING; ply++) {
                mana_move moves[MANA_MAX_MOVES];
                int nm = mana_legal_moves(g, moves, MANA_MAX_MOVES);
                if (nm <= 0) {
                    fail(j, "%s", "game on without moves");
                    break;
                }
                if (inv_play_checked(g, moves[next(&rng) % (uint64_t)nm], INV_DEFAULT, msg, sizeof msg) != 0) {
                    fail(j, "%s", msg);
                    break;
                }
            }
            if (n % 4 == 0 && !j->failed)
                read_shared(j);
        }
        mana_free(g);
        g = mana_new(MANA_RULES_COSMOLUDO);
        if (g == NULL)
            fail(j, "%s", "mana_new");
    }

    /* the error detail belongs to this thread: each thread fails in its own
     * way, waits until all have, and must still read its own detail */
    char detail[256];
    int rc = mana_set_option(g, 100 + j->id, 0);
    snprintf(detail, sizeof detail, "%s", mana_error_detail());
    pthread_barrier_wait(&barrier);
    if (!j->failed && (rc != MANA_EINVAL || detail[0] == '\0'))
        fail(j, "%s", "set_option(unknown option) did not fail with a detail");
    if (!j->failed && strcmp(detail, mana_error_detail()) != 0)
        fail(j, "another thread's failure changed this thread's error detail: %s", mana_error_detail());
    mana_free(g);
    return NULL;
}

int main(int argc, char **argv)
{
    int nthreads = 4, games = 25;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            nthreads = atoi(argv[++i]);
        else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
            games = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: threads [--threads N] [--games K]\n");
            return 2;
        }
    }
    if (nthreads < 1 || nthreads > 64 || games < 0) {
        fprintf(stderr, "threads: bad arguments\n");
        return 2;
    }

    /* the shared game: a position in play with moves and a history */
    shared = mana_new(MANA_RULES_JACTALEA);
    mana_move first[MANA_MAX_MOVES];
    if (shared == NULL || mana_set_position(shared, "2d3/6/2R1r1/1r4/3D2/6 b 3 3") != 0 ||
        mana_legal_moves(shared, first, MANA_MAX_MOVES) < 1 || mana_play(shared, first[0]) != MANA_OK) {
        fprintf(stderr, "threads: cannot set up the shared game: %s\n", mana_error_detail());
        return 1;
    }
    inv_snapshot_take(shared, &shared_snap);
    for (int i = 0; i < shared_snap.nmoves; i++)
        if (mana_move_format(shared, shared_snap.moves[i], shared_texts[i], sizeof shared_texts[i]) < 0)
            return 1;

    if (pthread_barrier_init(&barrier, NULL, (unsigned)nthreads) != 0)
        return 1;
    pthread_t *tid = calloc((size_t)nthreads, sizeof *tid);
    struct job *jobs = calloc((size_t)nthreads, sizeof *jobs);
    if (tid == NULL || jobs == NULL)
        return 1;
    for (int i = 0; i < nthreads; i++) {
        jobs[i].id = i;
        jobs[i].games = games;
        if (pthread_create(&tid[i], NULL, worker, &jobs[i]) != 0) {
            fprintf(stderr, "threads: pthread_create failed\n");
            return 1;
        }
    }
    int failed = 0;
    for (int i = 0; i < nthreads; i++) {
        pthread_join(tid[i], NULL);
        if (jobs[i].failed) {
            fprintf(stderr, "threads: thread %d FAILED: %s\n", i, jobs[i].msg);
            failed = 1;
        }
    }
    if (!failed) {
        char diff[300];
        inv_snapshot after;
        inv_snapshot_take(shared, &after);
        if (inv_snapshot_diff(&shared_snap, &after, diff, sizeof diff) != 0) {
            fprintf(stderr, "threads: the shared game changed: %s\n", diff);
            failed = 1;
        }
    }
    mana_free(shared);
    pthread_barrier_destroy(&barrier);
    free(tid);
    free(jobs);
    if (failed)
        return 1;
    printf("threads: OK: %d threads, each 3 rounds of %d perfts and %d checked random games, "
           "sharing one read-only game\n",
           nthreads, NPERFTS, games);
    return 0;
}
