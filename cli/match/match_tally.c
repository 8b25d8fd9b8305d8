/* SPDX-License-Identifier: MIT */
/*
 * match_tally.c - the results table of `mana-cli match` read as numbers:
 * which pairing and game a game number is, the W-D-L and pentanomial of a
 * pairing, the LLR over the complete prefix of pairs, and which games the
 * statistics count.  Below the scheduler, the outputs and the game: each
 * of them reads the table through these functions and none calls another.
 */
#include <string.h>

#include "match.h"

void match_game_slot(const match *m, int i, int *pi, int *k)
{
    *pi = i / m->games;
    *k = i % m->games;
}

/* The score in half points of player a in a finished game. */
static int half_points(const game_result *r, int a)
{
    if (r->status == MANA_DRAWN)
        return 1;
    int white_won = r->status == MANA_WHITE_WON;
    return (r->white == a) == white_won ? 2 : 0;
}

void match_tally(const match *m, int pi, int max_pairs, long penta[5], long wdl[3])
{
    memset(penta, 0, 5 * sizeof *penta);
    memset(wdl, 0, 3 * sizeof *wdl);
    int a = m->pairings[pi].a;
    int limit = max_pairs < 0 ? m->games : 2 * max_pairs;
    for (int k = 0; k < limit && k < m->games; k++) {
        const game_result *r = &m->results[pi * m->games + k];
        if (!r->done)
            continue;
        int h = half_points(r, a);
        wdl[h == 2 ? 0 : h == 1 ? 1 : 2]++;
        if (k % 2 == 1 && m->results[pi * m->games + k - 1].done)
            penta[h + half_points(&m->results[pi * m->games + k - 1], a)]++;
    }
}

double match_prefix_llr(const match *m, int pairs)
{
    long penta[5], wdl[3];
    match_tally(m, 0, pairs, penta, wdl);
    return stats_llr_penta(penta, m->sprt.elo0, m->sprt.elo1, m->sprt.normalized);
}

int match_counted_pairs(const match *m)
{
    return m->sprt.on && m->sprt_result != 0 ? m->sprt_pairs : -1;
}

int match_counted(const match *m, int i)
{
    int pi, k;
    match_game_slot(m, i, &pi, &k);
    int pairs = match_counted_pairs(m);
    return pairs < 0 || (pi == 0 && k < 2 * pairs);
}
