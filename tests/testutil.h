/* SPDX-License-Identifier: MIT */
/*
 * testutil.h - small helpers shared by the check suites (static inline, so
 * each suite file gets its own copy and nothing is exported).
 */
#ifndef MANA_TESTUTIL_H
#define MANA_TESTUTIL_H

#include <check.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mana.h>

#include "invariants.h"

/* ---- assertions in long loops -------------------------------------------
 * check records every passing ck_assert (a message to the test runner, one
 * write(2) each), which in the loops that run a million times costs more
 * than the test itself.  These assert the same facts as ck_assert_msg and
 * ck_assert_int_eq, ck_assert_int_ge, ck_assert_int_gt, ck_assert_uint_eq,
 * with check's own failure message (the first false one ends the test, as
 * there), but call check only when the fact is false.  Each argument is
 * evaluated once. */
#define TU_CHECK(expr, ...)                                             \
    do {                                                                \
        if (!(expr))                                                    \
            ck_abort_msg("Assertion '" #expr "' failed: " __VA_ARGS__); \
    } while (0)
#define TU_CHECK_INT(X, OP, Y)                                                                                    \
    do {                                                                                                          \
        intmax_t tu_x_ = (X), tu_y_ = (Y);                                                                        \
        if (!(tu_x_ OP tu_y_))                                                                                    \
            ck_abort_msg("Assertion '%s' failed: %s == %jd, %s == %jd", #X " " #OP " " #Y, #X, tu_x_, #Y, tu_y_); \
    } while (0)
#define TU_CHECK_INT_EQ(X, Y) TU_CHECK_INT(X, ==, Y)
#define TU_CHECK_INT_GE(X, Y) TU_CHECK_INT(X, >=, Y)
#define TU_CHECK_INT_GT(X, Y) TU_CHECK_INT(X, >, Y)
#define TU_CHECK_UINT_EQ(X, Y)                                                                               \
    do {                                                                                                     \
        uintmax_t tu_x_ = (X), tu_y_ = (Y);                                                                  \
        if (tu_x_ != tu_y_)                                                                                  \
            ck_abort_msg("Assertion '%s' failed: %s == %ju, %s == %ju", #X " == " #Y, #X, tu_x_, #Y, tu_y_); \
    } while (0)

/* The start of play of docs/rules.md "Setup" under orientation 0, Black to
 * move, no Mana yet. */
#define TU_HOME "rrdrrr/6/6/6/6/RRRDRR b - 0"

/* Room for a space-separated list of every legal move of a state. */
#define TU_LIST_MAX (MANA_MAX_MOVES * (MANA_MOVE_TEXT_MAX + 1) + 1)

/* Square index of the name that starts name ("c4", or "c4 a3 ..." for c4):
 * mana_square_parse of its first two characters; asserts they name one. */
static inline int tu_sq(const char *name)
{
    char two[MANA_SQUARE_NAME_MAX + 1] = {name[0], name[0] != '\0' ? name[1] : '\0', '\0'};
    int sq = mana_square_parse(two);
    ck_assert_msg(sq >= 0, "'%s' does not start with a square name", name);
    return sq;
}

/* A fresh game under preset, options applied (pairs option, value ending
 * with -1), set to mfn; asserts every step succeeds. */
static inline mana_game *tu_game_opts(int preset, const char *mfn, const int *opts)
{
    mana_game *g = mana_new(preset);
    ck_assert_ptr_nonnull(g);
    for (int i = 0; opts != NULL && opts[i] >= 0; i += 2)
        ck_assert_int_eq(mana_set_option(g, opts[i], opts[i + 1]), MANA_OK);
    if (mfn != NULL) {
        int rc = mana_set_position(g, mfn);
        ck_assert_msg(rc == MANA_OK, "set_position(\"%s\") = %d (%s)", mfn, rc, mana_error_detail());
    }
    return g;
}

static inline mana_game *tu_game(const char *mfn)
{
    return tu_game_opts(MANA_RULES_JACTALEA, mfn, NULL);
}

/* The MFN of g into buf (MANA_MFN_MAX + 1 bytes); asserts success. */
static inline const char *tu_mfn(const mana_game *g, char *buf)
{
    int n = mana_get_position(g, buf, MANA_MFN_MAX + 1);
    ck_assert_msg(n > 0, "get_position = %d (%s)", n, mana_error_detail());
    ck_assert_int_eq((int)strlen(buf), n);
    return buf;
}

static inline int tu_cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorts the space-separated words of in (strings ascending) into out. */
static inline void tu_sort_words(const char *in, char *out, size_t size)
{
    char tmp[TU_LIST_MAX * 2];
    const char *words[MANA_MAX_MOVES * 4];
    int n = 0;
    snprintf(tmp, sizeof tmp, "%s", in);
    for (char *w = strtok(tmp, " "); w != NULL && n < (int)(sizeof words / sizeof words[0]); w = strtok(NULL, " "))
        words[n++] = w;
    qsort(words, (size_t)n, sizeof words[0], tu_cmp_str);
    out[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", i ? " " : "", words[i]);
}

/* The library's legal moves of kind `kind` (0 = all kinds), formatted with
 * mana_move_format, sorted as strings, space-separated, into out. */
static inline const char *tu_moves_kind(const mana_game *g, int kind, char *out, size_t size)
{
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
    ck_assert_msg(n >= 0, "legal_moves = %d", n);
    char raw[TU_LIST_MAX];
    size_t len = 0;
    raw[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (kind != 0 && MANA_MOVE_KIND(mv[i]) != kind)
            continue;
        char t[MANA_MOVE_TEXT_MAX + 1];
        int tl = mana_move_format(g, mv[i], t, sizeof t);
        ck_assert_msg(tl > 0, "format of legal move %#x = %d", (unsigned)mv[i], tl);
        len += (size_t)snprintf(raw + len, sizeof raw - len, "%s%s", len ? " " : "", t);
    }
    tu_sort_words(raw, out, size);
    return out;
}

/* Asserts that the legal moves of kind (0 = all) are exactly the words of
 * expected (any order). */
#define tu_assert_moves_kind(g, kind, expected)               \
    do {                                                      \
        char tu_got_[TU_LIST_MAX], tu_want_[TU_LIST_MAX];     \
        tu_moves_kind((g), (kind), tu_got_, sizeof tu_got_);  \
        tu_sort_words((expected), tu_want_, sizeof tu_want_); \
        ck_assert_str_eq(tu_got_, tu_want_);                  \
    } while (0)

#define tu_assert_moves(g, expected) tu_assert_moves_kind((g), 0, (expected))

/* Plays text, asserting success. */
#define tu_play(g, text)                                                                                \
    do {                                                                                                \
        int tu_rc_ = mana_play_str((g), (text));                                                        \
        ck_assert_msg(tu_rc_ == MANA_OK, "play \"%s\" = %d (%s)", (text), tu_rc_, mana_error_detail()); \
    } while (0)

/* splitmix64: a small deterministic generator for random tests. */
static inline uint64_t tu_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A uniform integer in 0..n-1 (n > 0). */
static inline int tu_below(uint64_t *state, int n)
{
    return (int)(tu_rand(state) % (uint64_t)n);
}

/* Writes the board field of an MFN for board[MANA_SQUARE_COUNT] (0 for an empty square,
 * else the piece letter; a1 = 0) to out; returns its length. */
static inline size_t tu_board_field(const char *board, char *out)
{
    size_t len = 0;
    for (int rank = MANA_RANK_COUNT - 1; rank >= 0; rank--) {
        int run = 0;
        for (int file = 0; file < MANA_FILE_COUNT; file++) {
            char p = board[MANA_FILE_COUNT * rank + file];
            if (p == 0) {
                run++;
                continue;
            }
            if (run)
                out[len++] = (char)('0' + run);
            run = 0;
            out[len++] = p;
        }
        if (run)
            out[len++] = (char)('0' + run);
        if (rank)
            out[len++] = '/';
    }
    return len;
}

/*
 * Writes a random canonical MFN to out (MANA_MFN_MAX + 1 bytes): each side
 * has 0..5 Ronins and its Damyo, except that with probability ~1/16 the
 * side to move lacks its Damyo (a finished game).  Mana "-" one time in
 * eight.  Pieces are scattered uniformly over the board.
 */
static inline void tu_random_mfn(uint64_t *rng, char *out)
{
    char board[MANA_SQUARE_COUNT];
    memset(board, 0, sizeof board);
    int side = tu_below(rng, 2); /* MANA_WHITE 0, MANA_BLACK 1 */
    int finished = tu_below(rng, 16) == 0;
    for (int c = 0; c < 2; c++) {
        int ronins = tu_below(rng, MANA_RONIN_COUNT + 1);
        int damyo = !(finished && c == side);
        for (int k = 0; k < ronins + damyo; k++) {
            int sq;
            do
                sq = tu_below(rng, MANA_SQUARE_COUNT);
            while (board[sq] != 0);
            char p = (k == 0 && damyo) ? 'D' : 'R';
            board[sq] = c == MANA_WHITE ? p : (char)(p - 'A' + 'a');
        }
    }
    size_t len = tu_board_field(board, out);
    int mana = tu_below(rng, 8) == 0 ? 0 : 1 + tu_below(rng, 3);
    snprintf(out + len, (size_t)(MANA_MFN_MAX + 1) - len, " %c %c %d", side == MANA_WHITE ? 'w' : 'b',
             mana ? '0' + mana : '-', tu_below(rng, 4));
}

/* ---- snapshots and refusals --------------------------------------------- */

/* Asserts that a and b (inv_snapshot_take) are identical; what names the
 * comparison in the failure message. */
static inline void tu_assert_same(const inv_snapshot *a, const inv_snapshot *b, const char *what)
{
    char diff[300];
    TU_CHECK(inv_snapshot_diff(a, b, diff, sizeof diff) == 0, "%s: %s", what, diff);
}

/* Asserts every invariant of g's state (inv_check, INV_DEFAULT). */
static inline void tu_assert_invariants(mana_game *g)
{
    char msg[600];
    ck_assert_msg(inv_check(g, INV_DEFAULT, msg, sizeof msg) == 0, "%s", msg);
}

/* Sets the thread's error detail to one that no call on a real game writes
 * (mana_set_option on a NULL game) and copies it to primed, so that a check
 * can tell that a later detail was written by the call it follows. */
static inline const char *tu_prime_detail(char *primed, size_t size)
{
    ck_assert_int_eq(mana_set_option(NULL, MANA_OPT_BLOCKED, 0), MANA_EINVAL);
    snprintf(primed, size, "%s", mana_error_detail());
    ck_assert_msg(primed[0] != '\0', "set_option on a NULL game left no detail");
    return primed;
}

/* Asserts that the call that just failed wrote a fresh one-line detail (not
 * the primed one) and left g as in `before`. */
static inline void tu_assert_refused(const mana_game *g, const inv_snapshot *before, const char *primed,
                                     const char *what)
{
    const char *d = mana_error_detail();
    ck_assert_msg(d != NULL && d[0] != '\0', "%s: no detail", what);
    ck_assert_msg(strcmp(d, primed) != 0, "%s: the detail was not written by this call", what);
    ck_assert_msg(strchr(d, '\n') == NULL, "%s: detail is not one line: %s", what, d);
    inv_snapshot after;
    inv_snapshot_take(g, &after);
    tu_assert_same(before, &after, what);
}

/* Asserts that call returns err, writes a fresh one-line detail and leaves
 * g as in `before` (an inv_snapshot). */
#define tu_refused(g, before, call, err)                                                                    \
    do {                                                                                                    \
        char tu_primed_[256];                                                                               \
        tu_prime_detail(tu_primed_, sizeof tu_primed_);                                                     \
        int tu_rc_ = (call);                                                                                \
        ck_assert_msg(tu_rc_ == (err), "%s = %d, want %d (%s)", #call, tu_rc_, (err), mana_error_detail()); \
        tu_assert_refused((g), (before), tu_primed_, #call);                                                \
    } while (0)

/* A game in play with a history: TU_HOME, then a6-a4 (a6 has 2 marks: a5,
 * a4) and b1-b4 (the Mana is 3, the mark count of a4; b1 has 3 marks). */
static inline mana_game *tu_game_in_play(void)
{
    mana_game *g = tu_game(TU_HOME);
    tu_play(g, "a6-a4");
    tu_play(g, "b1-b4");
    return g;
}

#endif /* MANA_TESTUTIL_H */
