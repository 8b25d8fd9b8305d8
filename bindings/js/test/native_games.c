/* SPDX-License-Identifier: MIT */
/*
 * native_games - random games played by the native libmana, for the
 * JavaScript test that plays the same games through the WebAssembly build
 * (test/random-games.test.js) and compares every result.
 *
 *   native_games COUNT SEED
 *
 * Game i (0..COUNT-1): rules i % 2 (jactalea, cosmoludo), blocked option
 * (i / 2) % 3, reentry option (i / 6) % 2, ply limit 300; the setup from
 * mana_setup_random(SEED + i), then each move moves[r % n] where r is the
 * next SplitMix64 output of a generator seeded with SEED + i and n the
 * number of legal moves.  One line per game:
 *
 *   i status plies hash-in-hex final-MFN
 */
#include <stdio.h>
#include <stdlib.h>

#include <mana.h>

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static int play_one(int i, uint64_t seed)
{
    mana_game *g = mana_new(i % 2);
    if (!g || mana_set_option(g, MANA_OPT_BLOCKED, (i / 2) % 3) || mana_set_option(g, MANA_OPT_REENTRY, (i / 6) % 2) ||
        mana_set_option(g, MANA_OPT_PLY_LIMIT, 300) || mana_setup_random(g, seed + (uint64_t)i))
        return -1;
    uint64_t rng = seed + (uint64_t)i;
    int plies = 0;
    while (mana_status(g) == MANA_PLAYING) {
        mana_move moves[MANA_MAX_MOVES];
        int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
        if (n <= 0 || mana_play(g, moves[splitmix(&rng) % (uint64_t)n]))
            return -1;
        plies++;
    }
    char mfn[MANA_MFN_MAX + 1];
    if (mana_get_position(g, mfn, sizeof mfn) < 0)
        return -1;
    printf("%d %d %d %016llx %s\n", i, mana_status(g), plies, (unsigned long long)mana_hash(g), mfn);
    mana_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: native_games COUNT SEED\n");
        return 2;
    }
    int count = atoi(argv[1]);
    uint64_t seed = strtoull(argv[2], NULL, 10);
    for (int i = 0; i < count; i++)
        if (play_one(i, seed) != 0) {
            fprintf(stderr, "native_games: game %d: %s\n", i, mana_error_detail());
            return 1;
        }
    return 0;
}
