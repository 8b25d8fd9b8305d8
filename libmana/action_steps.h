/* SPDX-License-Identifier: MIT */
/*
 * action_steps.h - the numbering of step actions (mana.h, "Dense action
 * ids"): a step from the relative square from' to the relative square to'
 * is MANA_ACTION_STEP + 24 * from' + k, k indexing 24 fixed offsets 1 to 3
 * squares away.  The one copy of that numbering: libmana/action.c decodes
 * with it, and tools/mkreach.c writes from it the table of the step ids of
 * every (from, to) pair of absolute squares for either side to move
 * (mana__step_ids in tables.h), compiled into the library.
 */
#ifndef MANA_ACTION_STEPS_H
#define MANA_ACTION_STEPS_H

#include <stdint.h>

#include "bitboard.h"
#include "mana.h"

/* The 24 offsets (df, dr) of a step's end from its start, by id k. */
static const int8_t off_df[24] = {0, -1, 1, 0, 0, -1, 1, -2, 2, -1, 1, 0, 0, -1, 1, -2, 2, -3, 3, -2, 2, -1, 1, 0};
static const int8_t off_dr[24] = {-1, 0, 0, 1, -2, -1, -1, 0, 0, 1, 1, 2, -3, -2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 3};
/* The inverse: off_index[dr + 3][df + 3] = k, or -1 (not 1..3 away). */
static const int8_t off_index[7][7] = {
    {-1, -1, -1, 12, -1, -1, -1}, {-1, -1, 13, 4, 14, -1, -1},  {-1, 15, 5, 0, 6, 16, -1},    {17, 7, 1, -1, 2, 8, 18},
    {-1, 19, 9, 3, 10, 20, -1},   {-1, -1, 21, 11, 22, -1, -1}, {-1, -1, -1, 23, -1, -1, -1},
};

/* Returns the step id of the relative squares from -> to, or -1 if to is
 * not 1 to 3 squares from from. */
static inline int action_step_id(int from, int to)
{
    int df = bb_file(to) - bb_file(from), dr = bb_rank(to) - bb_rank(from);
    if (df < -3 || df > 3 || dr < -3 || dr > 3)
        return -1;
    int k = off_index[dr + 3][df + 3];
    return k < 0 ? -1 : MANA_ACTION_STEP + 24 * from + k;
}

#endif /* MANA_ACTION_STEPS_H */
