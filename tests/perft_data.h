/* SPDX-License-Identifier: MIT */
/*
 * perft_data.h - the perft reference values of tests/data/perft.txt, read
 * by the tests at run time.  The file's directory is $MANA_TEST_DATA, else
 * the tree's tests/data (built in as MANA_TEST_DATA_DIR).
 */
#ifndef MANA_TEST_PERFT_DATA_H
#define MANA_TEST_PERFT_DATA_H

#include <stdint.h>

#include "mana.h"

#define PERFT_MAX_DEPTH 4 /* perft.txt lists depths 1..4 */
#define PERFT_MAX_CASES 64

struct perft_case {
    char mfn[MANA_MFN_MAX + 1];
    int blocked;                          /* MANA_BLOCKED_PASS or _DRAW */
    uint64_t leaves[PERFT_MAX_DEPTH + 1]; /* depth 0..4 (depth 0: 1) */
};

/* Returns the cases of perft.txt in file order (read once), *n their
 * number; NULL (and *n = 0) if the file is missing or malformed, with the
 * reason in perft_data_error(). */
const struct perft_case *perft_cases(int *n);
const char *perft_data_error(void);

#endif
