/* SPDX-License-Identifier: MIT */
/* par_perft.c - perft split at the root over clones (see par_perft.h). */
#include "par_perft.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

/* One task: the moves from the root to the subtree to count. */
struct task {
    mana_move move[2];
    int len;
};

/* What the threads share. */
struct job {
    const mana_game *root;
    int depth;
    struct task *tasks;
    int ntasks;
    atomic_int next;  /* index of the next task to take */
    atomic_int error; /* the first failure, MANA_OK if none */
};

/* One thread's share of the work. */
struct worker {
    struct job *job;
    uint64_t leaves;
    pthread_t thread;
};

/* Appends the tasks below g (len plies already in prefix) to the list,
 * going `split` plies deep in all; returns MANA_OK or the error. */
static int add_tasks(mana_game *g, struct task prefix, int split, struct job *job)
{
    if (prefix.len == split) {
        job->tasks[job->ntasks++] = prefix;
        return MANA_OK;
    }
    mana_move moves[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        struct task t = prefix;
        t.move[t.len++] = moves[i];
        int err = mana_play(g, moves[i]);
        if (!err)
            err = add_tasks(g, t, split, job);
        if (mana_undo(g) != MANA_OK && !err)
            err = MANA_EINVAL;
        if (err)
            return err;
    }
    return n < 0 ? n : MANA_OK;
}

/* Returns the leaves of one task counted on the clone g, or sets *err. */
static uint64_t run_task(mana_game *g, const struct task *t, int depth, int *err)
{
    uint64_t leaves = 0;
    int played = 0;
    while (played < t->len && !*err)
        if (!(*err = mana_play(g, t->move[played])))
            played++;
    if (!*err)
        *err = mana_perft(g, depth - t->len, &leaves);
    while (played-- > 0)
        mana_undo(g);
    return leaves;
}

static void *work(void *arg)
{
    struct worker *w = arg;
    struct job *job = w->job;
    mana_game *g = mana_clone(job->root);
    int err = g ? MANA_OK : MANA_ENOMEM;
    for (int i; !err && (i = atomic_fetch_add(&job->next, 1)) < job->ntasks;)
        w->leaves += run_task(g, &job->tasks[i], job->depth, &err);
    if (err) {
        int none = MANA_OK;
        atomic_compare_exchange_strong(&job->error, &none, err);
    }
    mana_free(g);
    return NULL;
}

/* Starts the workers, waits for them and sums their leaves. */
static int run_workers(struct job *job, int threads, uint64_t *leaves)
{
    struct worker w[PAR_PERFT_MAX_THREADS];
    int started = 0;
    for (; started < threads; started++) {
        w[started].job = job;
        w[started].leaves = 0;
        if (pthread_create(&w[started].thread, NULL, work, &w[started]))
            break;
    }
    if (started == 0)
        return MANA_ENOMEM;
    *leaves = 0;
    for (int i = 0; i < started; i++) {
        pthread_join(w[i].thread, NULL);
        *leaves += w[i].leaves;
    }
    /* Threads that could not start leave their tasks to the others. */
    return atomic_load(&job->error);
}

/* Returns how many plies to split: enough tasks to balance the threads. */
static int split_plies(const mana_game *g, int depth, int threads)
{
    int n = mana_legal_moves(g, NULL, 0);
    return (depth >= 3 && n < 8 * threads) ? 2 : 1;
}

int par_perft(const mana_game *g, int depth, int threads, uint64_t *leaves)
{
    if (!g || !leaves || threads < 1 || threads > PAR_PERFT_MAX_THREADS || depth < 0 || depth > MANA_PERFT_DEPTH_MAX)
        return MANA_EINVAL;
    mana_game *copy = mana_clone(g);
    if (!copy)
        return MANA_ENOMEM;
    int err;
    if (threads == 1 || depth < 2) {
        err = mana_perft(copy, depth, leaves);
        mana_free(copy);
        return err;
    }
    struct job job = {.root = g, .depth = depth};
    atomic_init(&job.next, 0);
    atomic_init(&job.error, MANA_OK);
    job.tasks = malloc(sizeof *job.tasks * MANA_MAX_MOVES * MANA_MAX_MOVES);
    err = job.tasks ? add_tasks(copy, (struct task){.len = 0}, split_plies(g, depth, threads), &job) : MANA_ENOMEM;
    mana_free(copy);
    if (!err)
        err = run_workers(&job, threads, leaves);
    free(job.tasks);
    return err;
}
