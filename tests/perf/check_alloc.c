/* SPDX-License-Identifier: MIT */
/*
 * check_alloc - counts heap calls made by libmana: a mana_game
 * without history is one allocation of at most 128 bytes, and once the
 * history has grown, mana_legal_moves, mana_is_legal, mana_play,
 * mana_undo and mana_perft allocate nothing, nor does mana_copy into a
 * game whose history has room, nor a batch's playouts.  Linked with the malloc
 * wrappers of malloc_count.c (-Wl,--wrap=...), so it needs no hook in
 * the library.  Exit status 0 when every check holds.
 */
#include <stdio.h>
#include <string.h>

#include <mana.h>

#include "../../common/rng.h"
#include "malloc_count.h"

#define GAME_BYTES_MAX 128
#define PLY_CAP 600

static int failures;

/* Prints one check and counts it if it failed. */
static void expect(int ok, const char *what, size_t calls, size_t bytes)
{
    printf("%s: %s (%zu heap calls, %zu bytes)\n", ok ? "ok  " : "FAIL", what, calls, bytes);
    failures += !ok;
}

/* A fresh game and a clone of it: one allocation each, at most 128 bytes. */
static void game_size(void)
{
    malloc_count_reset();
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    struct malloc_stats s = malloc_count_get();
    expect(g && s.calls == 1 && s.bytes <= GAME_BYTES_MAX, "mana_new: one block of <= 128 bytes", s.calls, s.bytes);
    malloc_count_reset();
    mana_game *c = mana_clone(g);
    s = malloc_count_get();
    expect(c && s.calls == 1 && s.bytes <= GAME_BYTES_MAX, "mana_clone without history: one block", s.calls, s.bytes);
    mana_free(c);
    mana_free(g);
}

/* A clone of a game with history: the game block plus one history block,
 * holding the same moves. */
static void clone_with_history(void)
{
    mana_move a[16], b[16];
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    int ok = g && !mana_setup_random(g, 99);
    malloc_count_reset();
    mana_game *c = ok ? mana_clone(g) : NULL;
    struct malloc_stats s = malloc_count_get();
    /* jactalea setup: the orientation and 12 placements, 13 moves. */
    ok = c && mana_history(g, a, 16) == 13 && mana_history(c, b, 16) == 13 && !memcmp(a, b, sizeof a[0] * 13) &&
         mana_hash(c) == mana_hash(g);
    expect(ok && s.calls == 2, "mana_clone with a 13-move history: two blocks", s.calls, s.bytes);
    mana_free(c);
    mana_free(g);
}

/* Plays a random game from a random setup (at most PLY_CAP moves in the
 * history), then undoes it all; returns the number of moves, now in line. */
static int random_game(mana_game *g, uint64_t seed, mana_move *line)
{
    mana_move moves[MANA_MAX_MOVES];
    if (mana_setup_random(g, seed))
        return -1;
    while (mana_history(g, NULL, 0) < PLY_CAP && mana_status(g) == MANA_PLAYING) {
        int count = mana_legal_moves(g, moves, MANA_MAX_MOVES);
        if (count <= 0 || mana_play(g, moves[rng_below(&seed, (uint64_t)count)]))
            return -1;
    }
    int n = mana_history(g, line, PLY_CAP);
    while (mana_undo(g) == MANA_OK)
        ;
    return n;
}

/* Replays line through every move-level call; returns 0 if all succeed. */
static int replay(mana_game *g, const mana_move *line, int n)
{
    mana_move moves[MANA_MAX_MOVES], few[4];
    for (int i = 0; i < n; i++) {
        int count = mana_legal_moves(g, moves, MANA_MAX_MOVES);
        /* The copying path (cap below MANA_MAX_MOVES) must not allocate. */
        if (count <= 0 || mana_legal_moves(g, few, 4) != (count <= 4 ? count : MANA_ESPACE))
            return -1;
        if (mana_is_legal(g, line[i]) != 1 || mana_play(g, line[i]))
            return -1;
    }
    for (int i = 0; i < n; i++)
        if (mana_undo(g))
            return -1;
    return 0;
}

/* After one game has grown the history, replaying it allocates nothing. */
static void no_alloc_in_play(int preset, uint64_t seed)
{
    static mana_move line[PLY_CAP];
    mana_game *g = mana_new(preset);
    int n = g ? random_game(g, seed, line) : -1;
    malloc_count_reset();
    int ok = n > 0 && replay(g, line, n) == 0;
    struct malloc_stats s = malloc_count_get();
    char what[128];
    snprintf(what, sizeof what, "replay of a %d-move game (preset %d, seed %llu): no heap call", n, preset,
             (unsigned long long)seed);
    expect(ok && s.calls == 0, what, s.calls, s.bytes);
    mana_free(g);
}

/* mana_perft allocates nothing once the history has room for its depth. */
static void no_alloc_in_perft(void)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    uint64_t first = 0, second = 0;
    int ok = g && !mana_set_position(g, "2d3/6/2R1r1/1r4/3D2/6 b 3 3") && !mana_perft(g, 4, &first);
    malloc_count_reset();
    ok = ok && !mana_perft(g, 4, &second) && !mana_perft(g, 2, &second);
    struct malloc_stats s = malloc_count_get();
    /* perft.txt: this position has 391309 leaves at depth 4, 754 at 2. */
    expect(ok && first == 391309 && second == 754 && s.calls == 0, "mana_perft with room: no heap call", s.calls,
           s.bytes);
    mana_free(g);
}

/* mana_copy: no heap call for a source without history (any dst), nor
 * for one with history into a dst made by mana_clone of it or already
 * copied into; the first copy into a fresh dst grows its history once. */
static void no_alloc_in_copy(void)
{
    mana_game *root = mana_new(MANA_RULES_JACTALEA), *scratch = mana_new(MANA_RULES_COSMOLUDO);
    int ok = root && scratch && !mana_set_position(root, "2d3/6/2R1r1/1r4/3D2/6 b 3 3");
    /* the first move played on scratch gives it a history, which each
     * copy keeps (dst's history room is never given back) */
    ok = ok && !mana_copy(scratch, root) && !mana_play_str(scratch, "R@c5");
    malloc_count_reset();
    for (int i = 0; ok && i < 100; i++)
        ok = !mana_copy(scratch, root) && !mana_play_str(scratch, "R@c5");
    struct malloc_stats s = malloc_count_get();
    expect(ok && s.calls == 0, "100 x mana_copy of a game without history, then a move: no heap call", s.calls,
           s.bytes);

    /* a game with history: a fresh jactalea game after its random setup */
    mana_free(root);
    root = mana_new(MANA_RULES_JACTALEA);
    ok = ok && root && !mana_setup_random(root, 5);
    mana_game *clone = ok ? mana_clone(root) : NULL;
    malloc_count_reset();
    for (int i = 0; clone && i < 100; i++)
        ok = ok && !mana_copy(clone, root) && !mana_undo(clone);
    s = malloc_count_get();
    expect(ok && clone && s.calls == 0, "100 x mana_copy of a 13-move history into its clone: no heap call", s.calls,
           s.bytes);
    mana_game *fresh = mana_new(MANA_RULES_JACTALEA);
    malloc_count_reset();
    ok = ok && fresh && !mana_copy(fresh, root) && !mana_copy(fresh, root);
    s = malloc_count_get();
    expect(ok && s.calls == 1, "mana_copy of a 13-move history into a fresh game: one history block, once", s.calls,
           s.bytes);
    mana_free(fresh);
    mana_free(clone);
    mana_free(scratch);
    mana_free(root);
}

/* A batch's games have their history room from mana_batch_new: with the
 * ply-limit option, room for the limit and the setup, so that stepping
 * never grows it; bytes: what mana_batch_new asked for (the room of 64
 * games of a 60-ply limit from setup, 73 records of 48 bytes each, is
 * under a fifth of MANA_BATCH_HISTORY's 512). */
static void no_alloc_in_batch(void)
{
    mana_game *start = mana_new(MANA_RULES_COSMOLUDO);
    int ok = start && !mana_set_option(start, MANA_OPT_PLY_LIMIT, 60);
    malloc_count_reset();
    mana_batch *b = ok ? mana_batch_new(start, 64, 7, MANA_BATCH_RANDOM_SETUP) : NULL;
    struct malloc_stats made = malloc_count_get();
    int32_t results[64], plies[64];
    malloc_count_reset();
    for (int round = 0; b && round < 20; round++)
        ok = ok && mana_batch_playout(b, results, plies) == MANA_OK;
    struct malloc_stats s = malloc_count_get();
    expect(ok && b && s.calls == 0, "20 x mana_batch_playout of 64 games, ply limit 60: no heap call", s.calls,
           s.bytes);
    expect(b && made.bytes < (size_t)64 * MANA_BATCH_HISTORY * 48 / 5,
           "mana_batch_new with a ply limit: history room for the limit and the setup", made.calls, made.bytes);
    mana_batch_free(b);
    mana_free(start);
}

int main(void)
{
    game_size();
    clone_with_history();
    for (uint64_t seed = 1; seed <= 20; seed++)
        no_alloc_in_play((int)(seed & 1), seed);
    no_alloc_in_perft();
    no_alloc_in_copy();
    no_alloc_in_batch();
    printf("check_alloc: %d failure%s\n", failures, failures == 1 ? "" : "s");
    return failures != 0;
}
