/* SPDX-License-Identifier: MIT */
/*
 * botsearch - the search options of libmana-bots (include/mana_bot.h):
 * MultiPV lines, searchmoves, Hash and Threads, through the public API.
 * Run by `make check` (check-cli) and, built with -fsanitize=thread, by
 * `make tsan`: the searches on 2 and 4 threads are the ones TSan watches.
 *
 *   - MultiPV 3 gives three lines with distinct first moves, each legal,
 *     ordered by score, rank 1..3 in the progress reports and through
 *     mana_bot_line_at; line 1 is the result's; a position with a
 *     Damyo capture is one line; MultiPV 1 stays one line
 *   - searchmoves A B answers A or B (each kind; even where the best move
 *     is another, and where A alone is given); an illegal searchmove is
 *     refused with MANA_EILLEGAL, a count without an array with EINVAL
 *   - Hash resizes (the search still runs) and mcts's tree obeys it
 *   - Threads 2 and 4 return legal moves; a node limit counts the nodes of
 *     every thread: at least the limit, at most a few batches beyond it
 *   - mcts on 2 and 4 threads (root parallelism): an iteration limit is
 *     met exactly by the playouts of all threads, also in the progress
 *     reports' counts; a node limit caps the playouts and holds the trees'
 *     nodes within a batch a thread of it; Hash bounds all trees together;
 *     a forced capture of the Damyo that the trees prove (not the mate
 *     search) is found, the search ending on the proof; a time limit and
 *     mana_bot_stop from another thread end the search with a legal move
 *   - Threads 1 stays deterministic with a node limit (ab) and with
 *     iteration and node limits (mcts)
 * Exit status 0 if every check held.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mana_bot.h>

#define TEST_NAME "botsearch"
#include "botutil.h"

/* Middle-game positions of tests/data/ab_tree.txt (the instruction count's
 * two first): no Damyo falls within a few plies, many moves to choose. */
static const char *const positions[] = {
    "1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0",
    "3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2 w 1 3",
    "2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2",
};

static mana_bot *bot_with(const char *kind, const char *name, const char *value)
{
    mana_bot *b = mana_bot_new(kind, 1);
    if (b == NULL || (name != NULL && mana_bot_set_option(b, name, value) != MANA_OK)) {
        fprintf(stderr, "botsearch: %s with %s %s: %s\n", kind, name ? name : "-", value ? value : "-",
                mana_bot_error_detail());
        exit(1);
    }
    return b;
}

static mana_bot_limits depth_limit(int depth)
{
    mana_bot_limits l;
    mana_bot_limits_init(&l);
    l.depth = depth;
    return l;
}

/* The progress reports of one search: the ranks of the last iteration. */
typedef struct ranks {
    int n, rank[64], depth[64];
} ranks;

static void log_rank(void *ctx, const mana_bot_info *info)
{
    ranks *r = ctx;
    if (r->n < 64) {
        r->rank[r->n] = info->line.multipv;
        r->depth[r->n++] = info->line.depth;
    }
}

static void multipv_three(void)
{
    for (size_t p = 0; p < sizeof positions / sizeof *positions; p++) {
        mana_game *g = at(positions[p]);
        mana_bot *b = bot_with("ab", "MultiPV", "3");
        ranks log = {0};
        mana_bot_set_info(b, log_rank, &log);
        mana_bot_limits lim = depth_limit(5);
        mana_bot_result r;
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.lines == 3, "%s: %d lines", positions[p], r.lines);
        mana_bot_line l[3];
        for (int k = 0; k < 3; k++) {
            CHECK(mana_bot_line_at(b, k + 1, &l[k]) == MANA_OK && l[k].multipv == k + 1 && l[k].pv_len >= 1 &&
                      mana_is_legal(g, l[k].pv[0]) == 1,
                  "%s: line %d", positions[p], k + 1);
            CHECK(l[k].depth == 5, "%s: line %d of depth %d", positions[p], k + 1, l[k].depth);
        }
        CHECK(l[0].pv[0] != l[1].pv[0] && l[0].pv[0] != l[2].pv[0] && l[1].pv[0] != l[2].pv[0],
              "%s: the lines' moves are not distinct", positions[p]);
        CHECK(l[0].score_cp >= l[1].score_cp && l[1].score_cp >= l[2].score_cp, "%s: scores %d %d %d not ordered",
              positions[p], l[0].score_cp, l[1].score_cp, l[2].score_cp);
        CHECK(r.move == l[0].pv[0] && r.info.line.score_cp == l[0].score_cp, "%s: line 1 is not the answer",
              positions[p]);
        CHECK(mana_bot_line_at(b, 4, &l[0]) == MANA_EINVAL && mana_bot_line_at(b, 0, &l[0]) == MANA_EINVAL,
              "%s: lines 0 and 4", positions[p]);
        /* each iteration reports ranks 1, 2, 3 in turn: 5 iterations */
        int in_order = log.n == 15;
        for (int i = 0; i < log.n && in_order; i++)
            in_order = log.rank[i] == i % 3 + 1 && log.depth[i] == i / 3 + 1;
        CHECK(in_order, "%s: %d reports, not ranks 1-3 at depths 1-5", positions[p], log.n);
        mana_bot_free(b);
        mana_free(g);
    }
    /* botcheck's damyo_takes_damyo: two legal moves, a1xb1 takes Black's
     * Damyo; the capture is played at once, one line whatever MultiPV */
    mana_game *g = at("5r/6/6/6/6/Dd3R w 1 0");
    mana_bot *b = bot_with("ab", "MultiPV", "16");
    mana_bot_limits lim = depth_limit(3);
    mana_bot_result r;
    mana_move win = MANA_MOVE_NONE;
    mana_move_parse(g, "a1xb1", &win);
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.lines == 1 && r.move == win, "a capture: %d lines", r.lines);
    mana_bot_free(b);
    mana_free(g);
    /* MultiPV 1: one line */
    g = at(positions[0]);
    b = bot_with("ab", NULL, NULL);
    lim = depth_limit(4);
    mana_bot_line l;
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.lines == 1 && mana_bot_line_at(b, 1, &l) == MANA_OK &&
              mana_bot_line_at(b, 2, &l) == MANA_EINVAL,
          "MultiPV 1: %d lines", r.lines);
    mana_bot_free(b);
    mana_free(g);
}

/* searchmoves: the two moves ranked 2 and 3 by a MultiPV 3 search (so
 * neither is the unrestricted answer), then each kind restricted to them. */
static void searchmoves(void)
{
    mana_game *g = at(positions[0]);
    mana_bot *b = bot_with("ab", "MultiPV", "3");
    mana_bot_limits lim = depth_limit(5);
    mana_bot_result r;
    mana_bot_line l2, l3;
    mana_bot_choose(b, g, &lim, &r);
    mana_bot_line_at(b, 2, &l2);
    mana_bot_line_at(b, 3, &l3);
    mana_bot_free(b);
    mana_move pick[2] = {l2.pv[0], l3.pv[0]};
    static const char *const kinds[] = {"random", "ab", "mcts"};
    for (int k = 0; k < 3; k++)
        for (int seed = 1; seed <= 3; seed++) {
            b = mana_bot_new(kinds[k], (uint64_t)seed);
            mana_bot_limits_init(&lim);
            lim.depth = 5;
            lim.iterations = 2000;
            lim.searchmoves = pick;
            lim.searchmoves_count = 2;
            CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && (r.move == pick[0] || r.move == pick[1]),
                  "%s seed %d: searchmoves A B answered %u, not %u or %u", kinds[k], seed, (unsigned)r.move,
                  (unsigned)pick[0], (unsigned)pick[1]);
            lim.searchmoves_count = 1;
            CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.move == pick[0], "%s: searchmoves A alone", kinds[k]);
            mana_bot_free(b);
        }
    b = bot_with("ab", NULL, NULL);
    mana_move bad[1] = {MANA_MOVE_NONE};
    lim.searchmoves = bad;
    lim.searchmoves_count = 1;
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_EILLEGAL && r.move == MANA_MOVE_NONE &&
              strstr(mana_bot_error_detail(), "searchmoves") != NULL,
          "an illegal searchmove: %s", mana_bot_error_detail());
    lim.searchmoves = NULL;
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_EINVAL, "a count without moves");
    lim.searchmoves_count = -1;
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_EINVAL, "a negative count");
    mana_bot_free(b);
    mana_free(g);
}

static void hash_resize(void)
{
    mana_game *g = at(positions[1]);
    mana_bot *b = bot_with("ab", "Hash", "1");
    mana_bot_limits lim = depth_limit(6);
    mana_bot_result small, big, again;
    char buf[16];
    CHECK(mana_bot_choose(b, g, &lim, &small) == MANA_OK, "Hash 1");
    CHECK(mana_bot_set_option(b, "Hash", "64") == MANA_OK && mana_bot_get_option(b, "Hash", buf, sizeof buf) == 2 &&
              strcmp(buf, "64") == 0,
          "Hash 64: %s", buf);
    CHECK(mana_bot_choose(b, g, &lim, &big) == MANA_OK && mana_is_legal(g, big.move) == 1, "Hash 64 search");
    /* resizing clears the table: the same search again is answered by the
     * table at once, but after a resize (64 MiB to 32) it
     * is searched anew */
    mana_bot *fresh = bot_with("ab", "Hash", "64");
    mana_bot_choose(fresh, g, &lim, &again);
    mana_bot_result hit, resized;
    mana_bot_choose(fresh, g, &lim, &hit);
    CHECK(hit.info.nodes < again.info.nodes / 2, "the table kept between searches: %llu nodes, then %llu",
          (unsigned long long)again.info.nodes, (unsigned long long)hit.info.nodes);
    CHECK(mana_bot_set_option(fresh, "Hash", "32") == MANA_OK && mana_bot_choose(fresh, g, &lim, &resized) == MANA_OK,
          "Hash 32");
    CHECK(resized.info.nodes > 2 * hit.info.nodes, "after a resize %llu nodes, with the old table %llu",
          (unsigned long long)resized.info.nodes, (unsigned long long)hit.info.nodes);
    mana_bot_free(fresh);
    mana_bot_free(b);
    mana_free(g);
    g = at(positions[0]);
    /* mcts: Hash 1 bounds the tree at 1 MiB / 32 bytes = 32768 nodes */
    b = bot_with("mcts", "Hash", "1");
    mana_bot_limits_init(&lim);
    lim.iterations = 20000;
    CHECK(mana_bot_choose(b, g, &lim, &small) == MANA_OK && small.info.nodes <= 32768 && small.info.iterations == 20000,
          "mcts Hash 1: %llu nodes", (unsigned long long)small.info.nodes);
    mana_bot_free(b);
    mana_free(g);
}

/* A node limit on T threads: every thread's nodes count, each thread
 * adding them 64 at a time: at least the limit, and beyond it at most
 * what T threads visit before they see it (two batches each). */
static void threads_nodes(const char *threads)
{
    int t = atoi(threads);
    for (size_t p = 0; p < sizeof positions / sizeof *positions; p++) {
        mana_game *g = at(positions[p]);
        mana_bot *b = bot_with("ab", "Threads", threads);
        mana_bot_limits lim;
        mana_bot_limits_init(&lim);
        lim.nodes = 100000;
        mana_bot_result r;
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1, "Threads %s: %s", threads,
              positions[p]);
        /* fewer only when a forced result ended the search (it then stops:
         * no deeper iteration can change a proven mate) */
        CHECK((r.info.nodes >= 100000 || r.info.line.mate != 0) && r.info.nodes <= 100000 + 128 * (uint64_t)t,
              "Threads %s, 100000 nodes: %llu counted (mate %d)", threads, (unsigned long long)r.info.nodes,
              r.info.line.mate);
        /* MultiPV on threads: lines still distinct */
        mana_bot_set_option(b, "MultiPV", "2");
        lim.nodes = 0;
        lim.depth = 4;
        mana_bot_line a, c;
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.lines == 2 && mana_bot_line_at(b, 1, &a) == MANA_OK &&
                  mana_bot_line_at(b, 2, &c) == MANA_OK && a.pv[0] != c.pv[0] && a.pv[0] == r.move,
              "Threads %s MultiPV 2: %d lines", threads, r.lines);
        mana_bot_free(b);
        mana_free(g);
    }
}

/* Depth at a node limit on T threads.  With Threads 1 the depth is
 * deterministic; with more, every thread's nodes count against the limit
 * and the helpers may spend at most half of it, so that the main thread,
 * whose completed iterations give the answer, visits at least half the
 * limit itself whatever the scheduler does (more threads than cores
 * starved it: 20000 nodes on 4 threads of a 2-core machine reached depth
 * 1-2 where one thread reaches 5-8).  Its depth is then at least one
 * thread's, less one: each iteration here costs about as much as all
 * the ones before it.  Each thread count is tried three times, as the
 * threads interleave differently each time. */
static void threads_depth(void)
{
    static const int one_thread_depth[] = {5, 5, 8}; /* nodes 20000, Threads 1, Seed 1 */
    for (size_t p = 0; p < sizeof positions / sizeof *positions; p++) {
        mana_game *g = at(positions[p]);
        mana_bot_limits lim;
        mana_bot_limits_init(&lim);
        lim.nodes = 20000;
        mana_bot_result r;
        mana_bot *b = bot_with("ab", "Threads", "1");
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.info.line.depth == one_thread_depth[p] &&
                  r.info.nodes == 20000,
              "%s: Threads 1, 20000 nodes: depth %d (%llu nodes), not %d", positions[p], r.info.line.depth,
              (unsigned long long)r.info.nodes, one_thread_depth[p]);
        mana_bot_free(b);
        for (int t = 2; t <= 4; t += 2)
            for (int rep = 0; rep < 3; rep++) {
                char threads[4];
                snprintf(threads, sizeof threads, "%d", t);
                b = bot_with("ab", "Threads", threads);
                CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.info.line.depth >= one_thread_depth[p] - 1 &&
                          r.info.nodes >= 20000 && r.info.nodes <= 20000 + 128 * (uint64_t)t,
                      "%s: Threads %d, 20000 nodes: depth %d (%llu nodes), one thread reaches %d", positions[p], t,
                      r.info.line.depth, (unsigned long long)r.info.nodes, one_thread_depth[p]);
                mana_bot_free(b);
            }
        mana_free(g);
    }
}

/* The playouts of an mcts search's progress reports, in order, and
 * whether each report's move was legal. */
typedef struct playouts {
    const mana_game *g;
    int n, illegal;
    uint64_t it[512];
} playouts;

static void log_playouts(void *ctx, const mana_bot_info *info)
{
    playouts *p = ctx;
    if (p->n < 512)
        p->it[p->n++] = info->iterations;
    if (info->line.pv_len < 1 || mana_is_legal(p->g, info->line.pv[0]) != 1)
        p->illegal++;
}

/* MCTS_BATCH of bots/mcts.c: the playouts a thread claims at a time. */
#define MCTS_BATCH 16

/* Positions mcts proves nothing of within 20000 playouts (the second of
 * positions[] is a forced win its mate search finds): the first and third
 * of positions[], and the first move of play. */
static const char *const mcts_positions[] = {
    "1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0",
    "2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2",
    "rrdrrr/6/6/6/6/RRRDRR b - 0",
};

/* mcts on T threads: each thread its own tree from the root, the root's
 * statistics merged (bots/mcts.c). */
static void mcts_threads(const char *threads)
{
    int t = atoi(threads);
    for (size_t p = 0; p < sizeof mcts_positions / sizeof *mcts_positions; p++) {
        const char *mfn = mcts_positions[p];
        mana_game *g = at(mfn);
        mana_bot *b = bot_with("mcts", "Threads", threads);
        playouts log = {g, 0, 0, {0}};
        mana_bot_set_info(b, log_playouts, &log);
        mana_bot_limits lim;
        mana_bot_limits_init(&lim);
        lim.iterations = 8000;
        mana_bot_result r;
        /* the limit ends it, the threads claiming playouts up to what is
         * left, so exactly */
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1 &&
                  r.info.iterations == 8000 && r.info.line.win_rate > 0 && r.info.line.win_rate < 1,
              "mcts Threads %s, 8000 playouts: %s: %llu playouts, win rate %.3f", threads, mfn,
              (unsigned long long)r.info.iterations, r.info.line.win_rate);
        int ordered = log.n >= 1 && log.it[log.n - 1] == 8000 && log.illegal == 0;
        for (int i = 1; i < log.n; i++)
            ordered = ordered && log.it[i - 1] <= log.it[i];
        CHECK(ordered, "mcts Threads %s: %s: %d reports (%d illegal), last %llu playouts", threads, mfn, log.n,
              log.illegal, (unsigned long long)(log.n ? log.it[log.n - 1] : 0));
        /* a node limit: the playouts of all threads at most the limit,
         * the trees' nodes at least the limit (unless the playouts ran
         * out first) and beyond it at most a batch of expansions a thread */
        mana_bot_set_info(b, NULL, NULL);
        lim.iterations = 0;
        lim.nodes = 20000;
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1 &&
                  r.info.iterations <= 20000 && (r.info.nodes >= 20000 || r.info.iterations == 20000) &&
                  r.info.nodes <= 20000 + (uint64_t)t * MCTS_BATCH * MANA_MAX_MOVES,
              "mcts Threads %s, 20000 nodes: %s: %llu nodes, %llu playouts", threads, mfn,
              (unsigned long long)r.info.nodes, (unsigned long long)r.info.iterations);
        mana_bot_free(b);
        mana_free(g);
    }
    /* Hash 1 (32768 nodes of 32 bytes) bounds all the threads' trees */
    mana_game *g = at(positions[0]);
    mana_bot *b = bot_with("mcts", "Threads", threads);
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.iterations = 20000;
    mana_bot_result r;
    CHECK(mana_bot_set_option(b, "Hash", "1") == MANA_OK && mana_bot_choose(b, g, &lim, &r) == MANA_OK &&
              r.info.nodes <= 32768 && r.info.iterations == 20000,
          "mcts Threads %s Hash 1: %llu nodes, %llu playouts", threads, (unsigned long long)r.info.nodes,
          (unsigned long long)r.info.iterations);
    /* searchmoves: the helpers search the main thread's root */
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
    lim.searchmoves = mv + n - 2;
    lim.searchmoves_count = 2;
    CHECK(n >= 2 && mana_bot_choose(b, g, &lim, &r) == MANA_OK && (r.move == mv[n - 2] || r.move == mv[n - 1]),
          "mcts Threads %s: searchmoves A B answered %u", threads, (unsigned)r.move);
    /* a time limit ends it (the main thread reads the clock) */
    mana_bot_limits_init(&lim);
    lim.movetime_ms = 100;
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1 && r.info.iterations > 0,
          "mcts Threads %s, 100 ms: %llu playouts", threads, (unsigned long long)r.info.iterations);
    mana_bot_free(b);
    mana_free(g);
    /* tests/data/tactics.txt: Black takes White's Damyo within 9 plies,
     * after each of these moves whatever White plays.  At 12000 playouts
     * the mate search's budget does not reach that deep and the trees
     * prove it (with one thread after 1084 playouts): the search ends on
     * the proof before the limit, a proven win */
    g = at("4r1/3d2/R1r1r1/DR1r2/3R2/5R b 3 2");
    static const char *const good[] = {"c4-b2", "e4-f2", "e4-e3", "e4-e5", "e4-f6", "d5-f6", "e6-e5", "e6-b6", "e6-f6"};
    b = bot_with("mcts", "Threads", threads);
    lim.movetime_ms = 0;
    lim.iterations = 12000;
    int found = 0;
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK, "mcts Threads %s: the forced capture", threads);
    for (size_t k = 0; k < sizeof good / sizeof *good; k++) {
        mana_move m = MANA_MOVE_NONE;
        found |= mana_move_parse(g, good[k], &m) == MANA_OK && m == r.move;
    }
    CHECK(found && r.info.line.win_rate == 1.0 && r.info.iterations > 0 && r.info.iterations < 12000,
          "mcts Threads %s: the forced capture: move %u, win rate %.3f after %llu playouts", threads, (unsigned)r.move,
          r.info.line.win_rate, (unsigned long long)r.info.iterations);
    mana_bot_free(b);
    mana_free(g);
}

/* The other thread of threads_stopped: once the search has reported
 * progress (ab: a depth; mcts: playouts, after its mate search), or after
 * 30 s, sends mana_bot_stop to b until the search has returned (a stop
 * before it began would be lost, as documented). */
typedef struct stopper {
    mana_bot *b;
    atomic_int searching, done;
} stopper;

static void note_progress(void *ctx, const mana_bot_info *info)
{
    stopper *s = ctx;
    if (info->line.depth > 0 && (info->iterations > 0 || info->line.win_rate < 0))
        atomic_store(&s->searching, 1);
}

static void *keep_stopping(void *arg)
{
    stopper *s = arg;
    struct timespec nap = {0, 2000000};
    for (int waited = 0; !atomic_load(&s->done); waited++) {
        if (atomic_load(&s->searching) || waited >= 15000)
            mana_bot_stop(s->b);
        nanosleep(&nap, NULL);
    }
    return NULL;
}

/* An infinite search on T threads (each kind) ends with a legal move when
 * stopped from another thread, mcts's threads having searched (in a
 * position where its mate search proves nothing). */
static void threads_stopped(const char *threads)
{
    static const char *const kinds[] = {"ab", "mcts"};
    mana_game *g = at(positions[0]);
    for (int k = 0; k < 2; k++) {
        stopper s = {bot_with(kinds[k], "Threads", threads), 0, 0};
        mana_bot_set_info(s.b, note_progress, &s);
        mana_bot_limits lim;
        mana_bot_limits_init(&lim);
        lim.infinite = 1;
        pthread_t id;
        CHECK(pthread_create(&id, NULL, keep_stopping, &s) == 0, "thread");
        mana_bot_result r;
        int rc = mana_bot_choose(s.b, g, &lim, &r);
        atomic_store(&s.done, 1);
        pthread_join(id, NULL);
        CHECK(rc == MANA_OK && mana_is_legal(g, r.move) == 1 && (k == 0 || r.info.iterations > 0),
              "%s Threads %s stopped from another thread: rc %d, %llu playouts", kinds[k], threads, rc,
              (unsigned long long)r.info.iterations);
        mana_bot_free(s.b);
    }
    mana_free(g);
}

static void threads_one_deterministic(void)
{
    mana_game *g = at(positions[2]);
    mana_bot_result a, b2;
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.nodes = 50000;
    mana_bot *x = bot_with("ab", "Threads", "1"), *y = bot_with("ab", NULL, NULL);
    mana_bot_choose(x, g, &lim, &a);
    mana_bot_choose(y, g, &lim, &b2);
    CHECK(a.move == b2.move && a.info.nodes == b2.info.nodes && a.info.nodes == 50000 &&
              a.info.line.score_cp == b2.info.line.score_cp,
          "Threads 1 twice: %llu and %llu nodes", (unsigned long long)a.info.nodes, (unsigned long long)b2.info.nodes);
    mana_bot_free(x);
    mana_bot_free(y);
    /* mcts: Threads 1 is the search without the option, at an iteration
     * and at a node limit */
    for (int k = 0; k < 2; k++) {
        mana_bot_limits_init(&lim);
        if (k == 0)
            lim.iterations = 3000;
        else
            lim.nodes = 20000;
        x = bot_with("mcts", "Threads", "1");
        y = bot_with("mcts", NULL, NULL);
        mana_bot_choose(x, g, &lim, &a);
        mana_bot_choose(y, g, &lim, &b2);
        CHECK(a.move == b2.move && a.info.nodes == b2.info.nodes && a.info.iterations == b2.info.iterations &&
                  a.info.line.score_cp == b2.info.line.score_cp && a.info.line.seldepth == b2.info.line.seldepth,
              "mcts Threads 1 and none: %llu and %llu nodes, %llu and %llu playouts", (unsigned long long)a.info.nodes,
              (unsigned long long)b2.info.nodes, (unsigned long long)a.info.iterations,
              (unsigned long long)b2.info.iterations);
        mana_bot_free(x);
        mana_bot_free(y);
    }
    mana_free(g);
}

int main(void)
{
    multipv_three();
    searchmoves();
    hash_resize();
    threads_one_deterministic();
    threads_nodes("2");
    threads_nodes("4");
    threads_depth();
    mcts_threads("2");
    mcts_threads("4");
    threads_stopped("2");
    threads_stopped("4");
    return summary();
}
