/* SPDX-License-Identifier: MIT */
/*
 * ab_weights.c - the weights of ab's evaluation features (ab.h, enum
 * ab_feature), in hundredths of a Ronin.  Hand-set starting values, to be
 * replaced by the output of tools/tune/tune.py.
 */
#include "ab.h"

const int ab_weights[F_COUNT] = {
    10,   /* tempo */
    100,  /* ronins */
    30,   /* reserve */
    3,    /* mobility */
    -2,   /* opp_least */
    -20,  /* threat_us */
    15,   /* threat_them */
    -150, /* no_safe */
    10,   /* safe_give */
    6,    /* reentry */
    3,    /* damyo_room */
    5,    /* pressure */
};
