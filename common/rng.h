/* SPDX-License-Identifier: MIT */
/*
 * rng.h - a small seeded pseudo-random generator (SplitMix64, Steele, Lea
 * and Flood 2014), shared by libmana-bots, mana-cli and the test programs:
 * the bots draw from it, and mana-cli derives the seed of each game and
 * each player from the match's (rng_mix), so a seeded match replays.
 * common/ holds what several components use and none owns: header-only,
 * included by its path ("../common/rng.h"), so no build needs a flag for
 * it and no component reaches into another's private headers.
 *
 * The whole state is one uint64_t owned by the caller, so every bot
 * carries its own generator and the same seed gives the same sequence on
 * every platform.  No global state: thread-safe per state.
 */
#ifndef MANA_COMMON_RNG_H
#define MANA_COMMON_RNG_H

#include <stdint.h>

/* Returns the next 64 pseudo-random bits and advances *state. */
static inline uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Returns a uniform integer in 0..n-1 (n >= 1), without modulo bias:
 * draws falling in the incomplete last block of 2^64 are rejected. */
static inline uint64_t rng_below(uint64_t *state, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n; /* a multiple of n */
    uint64_t r;
    do
        r = rng_next(state);
    while (r >= limit);
    return r % n;
}

/* Returns a uniform double in [0, 1) with 53 random bits. */
static inline double rng_unit(uint64_t *state)
{
    return (double)(rng_next(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* Derives an independent seed from a base seed and a small index, e.g.
 * one seed per game of a match: mix(seed, 3) differs from mix(seed, 4) in
 * about half its bits. */
static inline uint64_t rng_mix(uint64_t seed, uint64_t index)
{
    uint64_t s = seed ^ (index * UINT64_C(0xD1B54A32D192ED03));
    return rng_next(&s);
}

#endif
