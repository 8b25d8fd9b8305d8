/* SPDX-License-Identifier: MIT */
/*
 * botutil.h - what the C tests of libmana-bots share (tests/bots/botcheck.c,
 * botsearch.c, abevalcheck.c, matecheck.c, botreports.c; mk/bots.mk builds
 * each from its one .c file):
 * the CHECK counter, a game set to a test position, the summary line.
 * Header-only and included once per program, which defines TEST_NAME, its
 * own name for its messages, first:
 *
 *     #define TEST_NAME "botcheck"
 *     #include "botutil.h"
 */
#ifndef MANA_TESTS_BOTUTIL_H
#define MANA_TESTS_BOTUTIL_H

#ifndef TEST_NAME
#error "define TEST_NAME, the test program's name, before including botutil.h"
#endif

#include <stdio.h>
#include <stdlib.h>

#include <mana.h>

/* The checks made and those that failed, counted by CHECK. */
static int failures, checks;

/* Counts a check of cond; when cond is false, counts a failure and prints
 * file:line, the condition and the printf message of the other arguments. */
#define CHECK(cond, ...)                                                             \
    do {                                                                             \
        checks++;                                                                    \
        if (!(cond)) {                                                               \
            failures++;                                                              \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                            \
            fputc('\n', stderr);                                                     \
        }                                                                            \
    } while (0)

/* Returns a new jactalea game at the position mfn (the caller frees it);
 * exits with status 1, saying why, when mfn is no valid position. */
static inline mana_game *at(const char *mfn)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g == NULL || mana_set_position(g, mfn) != MANA_OK) {
        fprintf(stderr, "%s: bad test position %s: %s\n", TEST_NAME, mfn, mana_error_detail());
        exit(1);
    }
    return g;
}

/* Prints "NAME: N checks, N failed"; returns the exit status, 0 if every
 * check held and 1 if not. */
static inline int summary(void)
{
    printf("%s: %d checks, %d failed\n", TEST_NAME, checks, failures);
    return failures != 0;
}

#endif
