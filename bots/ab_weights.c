/* SPDX-License-Identifier: MIT */
/*
 * ab_weights.c - the weights of ab's evaluation features (ab.h, enum
 * ab_feature), in hundredths of a logit, written by tools/tune/tune.py.
 * Fitted on 49115 quiet positions, mean squared error 0.2259; kept by hand: no_safe.
 * Made by: mana-cli match --white ab --black ab --nodes 4000 --games 4000 --seed 2026 --setup random --records G; features G/game-*.mana > P.csv; tune.py P.csv > W.c (docs/strength.md)
 */
#include "ab.h"

const int ab_weights[F_COUNT] = {
    -3,   /* tempo */
    -56,  /* ronins */
    0,    /* mobility */
    -2,   /* opp_least */
    -23,  /* threat_us */
    39,   /* threat_them */
    -150, /* no_safe */
    9,    /* safe_give */
    16,   /* reentry */
    1,    /* damyo_room */
    16,   /* pressure */
};
