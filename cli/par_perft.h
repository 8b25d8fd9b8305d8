/* SPDX-License-Identifier: MIT */
/*
 * par_perft.h - perft on several threads (mana-cli perft --threads N, and
 * the benchmark).  The tree is cut one or two plies below the root into
 * tasks; each thread works on its own mana_clone() of the game and takes
 * the next task from a shared counter, so the counts are exactly those of
 * mana_perft() on one thread.  Public API only.
 */
#ifndef MANA_PAR_PERFT_H
#define MANA_PAR_PERFT_H

#include <stdint.h>

#include <mana.h>

#define PAR_PERFT_MAX_THREADS 64

/*
 * par_perft - the leaves of the legal-move tree of depth plies (0..64)
 * below g, counted by `threads` threads (1..PAR_PERFT_MAX_THREADS), into
 * *leaves.  g is only read (each thread uses its own clone).  Returns
 * MANA_OK, or a negative MANA_E* code (MANA_EINVAL for a bad thread count,
 * MANA_ENOMEM if a clone, the task list or a thread cannot be created).
 */
int par_perft(const mana_game *g, int depth, int threads, uint64_t *leaves);

#endif
