/* SPDX-License-Identifier: MIT */
/*
 * bench_mem.c - figure 6: the heap bytes of a mana_game and of one history
 * entry, seen through the malloc wrappers of tests/perf/malloc_count.c
 * (the library is asked nothing: it has no API for this), and the peak
 * resident memory of the benchmark (getrusage).
 */
#include <sys/resource.h>

#include "malloc_count.h"
#include "bench.h"

/* Two lone Damyos: they can walk about for ever without meeting. */
#define ROAMING "d5/6/6/6/6/5D b - 0"

/* Plays a move that does not capture; returns 0, or -1 if there is none. */
static int quiet_move(mana_game *g)
{
    mana_move moves[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (MANA_MOVE_KIND(moves[i]) == MANA_MOVE_STEP && mana_piece_at(g, MANA_MOVE_TO(moves[i])) == 0)
            return mana_play(g, moves[i]) ? -1 : 0;
    return -1;
}

/* Returns the bytes per history entry: the size asked at one growth over
 * the entries it held when the next growth came. */
static double bytes_per_entry(void)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (!g || mana_set_position(g, ROAMING))
        bench_fail("cannot set the roaming position");
    size_t seen = 0, size[3] = {0, 0, 0}, len[3] = {0, 0, 0};
    int growths = 0;
    malloc_count_reset();
    for (size_t played = 1; growths < 3 && played < 100000; played++) {
        if (quiet_move(g))
            bench_fail("the roaming Damyos are stuck");
        struct malloc_stats s = malloc_count_get();
        if (s.calls != seen) {
            seen = s.calls;
            size[growths] = s.last_bytes;
            len[growths++] = played;
        }
    }
    mana_free(g);
    return growths == 3 ? (double)size[1] / (double)(len[2] - 1) : 0;
}

void bench_memory(struct bench_results *rs)
{
    malloc_count_reset();
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    struct malloc_stats s = malloc_count_get();
    mana_free(g);
    bench_add(rs, "game_bytes", "6. bytes per mana_game (no history)", "bytes", (double)s.bytes);
    bench_add(rs, "history_entry_bytes", "6. bytes per history entry", "bytes", bytes_per_entry());
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    bench_add(rs, "peak_rss_kib", "6. peak resident memory of the bench", "KiB", (double)ru.ru_maxrss);
}
