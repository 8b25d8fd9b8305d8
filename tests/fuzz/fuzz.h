/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h - shared by the libFuzzer targets tests/fuzz/fuzz_*.c (built with
 * clang -fsanitize=fuzzer by `make fuzz`) and by tests/fuzz/replay.c, which
 * feeds them files without libFuzzer (`make check` runs the seed corpora).
 *
 * A breach of any rule the target checks prints what and where to stderr
 * and calls abort(), which libFuzzer reports as a crash and saves the input.
 */
#ifndef MANA_TESTS_FUZZ_H
#define MANA_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mana.h>

#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints the breach, g's state if g is not NULL, and aborts. */
#define FUZZ_FAIL(g, ...)                                                    \
    do {                                                                     \
        fprintf(stderr, "%s:%d: BREACH: ", __FILE__, __LINE__);              \
        fprintf(stderr, __VA_ARGS__);                                        \
        fprintf(stderr, "\n  last error detail: %s\n", mana_error_detail()); \
        if ((g) != NULL)                                                     \
            inv_dump(stderr, (g));                                           \
        abort();                                                             \
    } while (0)

#define FUZZ_CHECK(g, cond, ...)       \
    do {                               \
        if (!(cond))                   \
            FUZZ_FAIL(g, __VA_ARGS__); \
    } while (0)

/* Runs inv_check(g, flags); aborts on a breach. */
static inline void fuzz_invariants(mana_game *g, unsigned flags)
{
    char msg[600];
    if (inv_check(g, flags, msg, sizeof msg) != 0)
        FUZZ_FAIL(g, "invariant: %s", msg);
}

/* Writes text (n bytes, any values) as a C string literal body into out
 * (size bytes) for messages. */
static inline const char *fuzz_escape(const char *text, size_t n, char *out, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 5 < size; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
            out[k++] = (char)c;
        else
            k += (size_t)snprintf(out + k, size - k, "\\x%02x", c);
    }
    out[k] = '\0';
    return out;
}

/* Checks a failed call left the game as it was and said why. */
static inline void fuzz_unchanged(const mana_game *g, const inv_snapshot *before, const char *what)
{
    inv_snapshot after;
    char diff[300];
    const char *d = mana_error_detail();
    if (d == NULL || d[0] == '\0')
        FUZZ_FAIL(g, "%s failed without a detail message", what);
    inv_snapshot_take(g, &after);
    if (inv_snapshot_diff(before, &after, diff, sizeof diff) != 0)
        FUZZ_FAIL(g, "%s failed but changed the game: %s", what, diff);
}

/*
 * Returns 1 if text is move notation as docs/rules.md "Notation" and mana.h
 * define it: a1-f6 squares, `b2-c4` / `b2xc4` / `b2c4`, `D@c6` `R@c3`
 * (or d r), `O0`..`O3` (or o), `pass`; nothing else, no white space.
 */
static inline int fuzz_is_notation(const char *t)
{
#define SQ_OK(p) ((p)[0] >= 'a' && (p)[0] <= 'f' && (p)[1] >= '1' && (p)[1] <= '6')
    size_t n = strlen(t);
    if (n == 4 && strcmp(t, "pass") == 0)
        return 1;
    if (n == 2 && (t[0] == 'O' || t[0] == 'o') && t[1] >= '0' && t[1] <= '3')
        return 1;
    if (n == 4 && strchr("DdRr", t[0]) != NULL && t[0] != '\0' && t[1] == '@' && SQ_OK(t + 2))
        return 1;
    if (n == 4 && SQ_OK(t) && SQ_OK(t + 2))
        return 1;
    if (n == 5 && SQ_OK(t) && (t[2] == '-' || t[2] == 'x') && SQ_OK(t + 3))
        return 1;
    return 0;
#undef SQ_OK
}

/* Returns 1 if text is one of the accepted spellings of move m (any kind),
 * from m's bits alone. */
static inline int fuzz_spells(const char *text, mana_move m)
{
    char s[8];
    int from = MANA_MOVE_FROM(m), to = MANA_MOVE_TO(m);
    char a[MANA_SQUARE_NAME_MAX + 1] = "??", b[MANA_SQUARE_NAME_MAX + 1] = "??";
    (void)mana_square_name(from, a, sizeof a); /* "??" off the board: spells nothing */
    (void)mana_square_name(to, b, sizeof b);
    switch (MANA_MOVE_KIND(m)) {
    case MANA_MOVE_STEP:
        for (int k = 0; k < 3; k++) {
            snprintf(s, sizeof s, "%s%s%s", a, k == 0 ? "" : k == 1 ? "-" : "x", b);
            if (strcmp(text, s) == 0)
                return 1;
        }
        return 0;
    case MANA_MOVE_DROP_DAMYO:
    case MANA_MOVE_DROP_RONIN:
        for (int k = 0; k < 2; k++) {
            char letter = MANA_MOVE_KIND(m) == MANA_MOVE_DROP_DAMYO ? 'D' : 'R';
            snprintf(s, sizeof s, "%c@%s", k ? (char)(letter + ('a' - 'A')) : letter, b);
            if (strcmp(text, s) == 0)
                return 1;
        }
        return 0;
    case MANA_MOVE_ORIENT: return (text[0] == 'O' || text[0] == 'o') && text[1] == '0' + to && text[2] == '\0';
    case MANA_MOVE_PASS: return strcmp(text, "pass") == 0;
    default: return 0;
    }
}

#endif /* MANA_TESTS_FUZZ_H */
