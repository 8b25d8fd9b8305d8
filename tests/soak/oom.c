/* SPDX-License-Identifier: MIT */
/*
 * oom - libmana when memory runs out (the library must never crash, leak ... or
 * end in a state the rules don't allow, whatever it is given).
 *
 * Linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc so that the
 * library's allocations go through the wrappers below, which fail on
 * demand.  At every ply of a few long games, each call that may allocate
 * (mana_play, mana_play_str, mana_clone, mana_perft, mana_setup_random,
 * mana_new) is first made with the next allocation failing: it must
 * answer MANA_ENOMEM (or NULL), leave the game exactly as it was, with a
 * detail, and work when tried again.  Leaks show under ASan / valgrind.
 * Exit status 0 if all held, 1 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mana.h>

#include "invariants.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

/* -1: allocations succeed; k >= 0: k more succeed, then all fail. */
static long countdown = -1;
static long refused;

static int allow(void)
{
    if (countdown < 0)
        return 1;
    if (countdown == 0) {
        refused++;
        return 0;
    }
    countdown--;
    return 1;
}

void *__wrap_malloc(size_t size)
{
    return allow() ? __real_malloc(size) : NULL;
}

void *__wrap_calloc(size_t n, size_t size)
{
    return allow() ? __real_calloc(n, size) : NULL;
}

void *__wrap_realloc(void *p, size_t size)
{
    return allow() ? __real_realloc(p, size) : NULL;
}

static int failures;
static long enomem_seen;

#define CHECK(cond, ...)                                  \
    do {                                                  \
        if (!(cond)) {                                    \
            fprintf(stderr, "oom: FAILED: " __VA_ARGS__); \
            fprintf(stderr, " (line %d)\n", __LINE__);    \
            failures++;                                   \
            return -1;                                    \
        }                                                 \
    } while (0)

/* Makes allocations fail after `after` more succeed. */
static void arm(long after)
{
    refused = 0;
    countdown = after;
}

static void disarm(void)
{
    countdown = -1;
}

static int unchanged(const mana_game *g, const inv_snapshot *before, const char *what)
{
    inv_snapshot now;
    char diff[300];
    inv_snapshot_take(g, &now);
    CHECK(inv_snapshot_diff(before, &now, diff, sizeof diff) == 0, "%s changed the game: %s", what, diff);
    CHECK(mana_error_detail()[0] != '\0', "%s: no detail", what);
    return 0;
}

/* Runs call on g with allocations failing after `after` successes: either
 * it did not need memory (rc == MANA_OK) or it answered MANA_ENOMEM with g
 * unchanged; then, when it failed, once more with memory. */
#define TRY(g, after, call, what)                           \
    do {                                                    \
        inv_snapshot before_;                               \
        inv_snapshot_take((g), &before_);                   \
        arm(after);                                         \
        int rc_ = (call);                                   \
        disarm();                                           \
        if (rc_ == MANA_ENOMEM) {                           \
            enomem_seen++;                                  \
            if (unchanged((g), &before_, what) != 0)        \
                return -1;                                  \
            rc_ = (call);                                   \
        }                                                   \
        CHECK(rc_ == MANA_OK, "%s returned %d", what, rc_); \
    } while (0)

static int clone_checks(const mana_game *g)
{
    for (long after = 0; after < 3; after++) {
        arm(after);
        mana_game *c = mana_clone(g);
        long r = refused;
        disarm();
        if (c == NULL) {
            CHECK(r > 0, "clone returned NULL with memory to spare");
            enomem_seen++;
        } else {
            inv_snapshot a, b;
            char diff[300];
            inv_snapshot_take(g, &a);
            inv_snapshot_take(c, &b);
            CHECK(inv_snapshot_diff(&a, &b, diff, sizeof diff) == 0, "clone differs: %s", diff);
            mana_free(c);
        }
    }
    return 0;
}

static int game(int preset, uint64_t seed, int plies, int with_perft)
{
    /* mana_new itself */
    arm(0);
    mana_game *g = mana_new(preset);
    disarm();
    CHECK(g == NULL, "mana_new succeeded without memory");
    enomem_seen++;
    g = mana_new(preset);
    CHECK(g != NULL, "mana_new");

    /* setup_random: reserves the history first */
    TRY(g, 0, mana_setup_random(g, seed), "setup_random");
    uint64_t state = seed;
    char msg[600];
    for (int ply = 0; ply < plies && mana_status(g) == MANA_PLAYING; ply++) {
        mana_move moves[MANA_MAX_MOVES];
        int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
        CHECK(n > 0, "no moves in play");
        /* a random move, not the Damyo capture unless forced: long games */
        int k = 0;
        for (int i = 0; i < n; i++) {
            int victim = MANA_MOVE_KIND(moves[i]) == MANA_MOVE_STEP ? mana_piece_at(g, MANA_MOVE_TO(moves[i])) : 0;
            if (victim != 'D' && victim != 'd')
                moves[k++] = moves[i];
        }
        if (k > 0)
            n = k;
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        mana_move m = moves[(state >> 33) % (uint64_t)n];
        if (ply % 2 == 0) {
            TRY(g, 0, mana_play(g, m), "play");
        } else {
            char text[MANA_MOVE_TEXT_MAX + 1];
            CHECK(mana_move_format(g, m, text, sizeof text) > 0, "format");
            TRY(g, 0, mana_play_str(g, text), "play_str");
        }
        /* perft (which grows the history ahead of play) in some games only,
         * so that play too meets a full history */
        uint64_t leaves = 0;
        if (with_perft)
            TRY(g, 0, mana_perft(g, 2, &leaves), "perft(2)");
        if (clone_checks(g) != 0)
            return -1;
        if (with_perft) /* inv_check runs perft(1) too */
            CHECK(inv_check(g, INV_REF | INV_SCRATCH, msg, sizeof msg) == 0, "%s", msg);
    }
    CHECK(inv_check(g, INV_REF | INV_SCRATCH, msg, sizeof msg) == 0, "%s", msg);
    mana_free(g);
    return 0;
}

int main(void)
{
    /* long games: the history grows past its first allocations */
    for (int i = 0; i < 12 && failures == 0; i++) {
        if (game(i % 2, 1000u + (uint64_t)i, 300, i % 3 != 0) != 0)
            break;
    }
    if (failures != 0)
        return 1;
    if (enomem_seen == 0) {
        fprintf(stderr, "oom: FAILED: no call ever needed memory: the wrappers are not in "
                        "effect\n");
        return 1;
    }
    printf("oom: OK: %ld refused allocations answered with MANA_ENOMEM / NULL, game "
           "unchanged\n",
           enomem_seen);
    return 0;
}
