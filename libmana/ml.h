/* SPDX-License-Identifier: MIT */
/*
 * The internals shared by action.c, observation.c and batch.c (action ids,
 * observations, batched games), with the arguments already checked.
 */
#ifndef MANA_LIB_ML_H
#define MANA_LIB_ML_H

#include "game.h"

/* action.c: writes the legal-action mask of g (MANA_ACTION_COUNT bytes);
 * returns the number of legal moves. */
int mana__action_mask(const struct mana_game *g, uint8_t *mask);
/* Returns the move of action id a (0 .. MANA_ACTION_COUNT - 1) for the
 * side to move of g, or MANA_MOVE_NONE for a step ending off the board. */
mana_move mana__action_move(const struct mana_game *g, int a);

/* observation.c: writes the observation of g (MANA_OBSERVATION_SIZE
 * bytes) under flags (MANA_OBS_ABSOLUTE or MANA_OBS_SIDE_TO_MOVE). */
void mana__observe(const struct mana_game *g, int flags, uint8_t *planes);

#endif
