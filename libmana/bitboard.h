/* SPDX-License-Identifier: MIT */
/*
 * Bitboard primitives over the 36 squares: bit sq is square sq, a1 = 0,
 * sq = 6 * rank + file (docs/rules.md "Board and coordinates").  Shifts clear
 * the file that would wrap first and keep the result inside 36 bits.
 */
#ifndef MANA_BITBOARD_H
#define MANA_BITBOARD_H

#include <stdint.h>

#include "cpu.h"

#include "mana.h"

typedef uint64_t mana_bb;

#define BB_ALL ((mana_bb)0xFFFFFFFFFULL)    /* the 36 squares */
#define BB_FILE_A ((mana_bb)0x041041041ULL) /* a1 a2 ... a6 */
#define BB_FILE_F ((mana_bb)0x820820820ULL) /* f1 f2 ... f6 */
#define BB_RANK_1 ((mana_bb)0x00000003FULL)
#define BB_RANK_2 ((mana_bb)0x000000FC0ULL)
#define BB_RANK_5 ((mana_bb)0x03F000000ULL)
#define BB_RANK_6 ((mana_bb)0xFC0000000ULL)

static inline mana_bb bb_sq(int sq)
{
    return (mana_bb)1 << sq;
}
/* The file (0 = a .. 5 = f) and the rank (0 = rank 1 .. 5 = rank 6) of sq,
 * and the square of a file and a rank. */
static inline int bb_file(int sq)
{
    return sq % MANA_FILE_COUNT;
}
static inline int bb_rank(int sq)
{
    return sq / MANA_FILE_COUNT;
}
static inline int bb_square(int file, int rank)
{
    return MANA_FILE_COUNT * rank + file;
}
static inline mana_bb bb_north(mana_bb b)
{
    return (b << MANA_FILE_COUNT) & BB_ALL;
}
static inline mana_bb bb_south(mana_bb b)
{
    return b >> MANA_FILE_COUNT;
}
static inline mana_bb bb_east(mana_bb b)
{
    return (b & ~BB_FILE_F) << 1;
}
static inline mana_bb bb_west(mana_bb b)
{
    return (b & ~BB_FILE_A) >> 1;
}

/* Returns the squares orthogonally adjacent to any square of b. */
static inline mana_bb bb_adjacent(mana_bb b)
{
    return bb_north(b) | bb_south(b) | bb_east(b) | bb_west(b);
}

/* Writes the name of sq (0..35: "a1".."f6") to buf[0..1], no NUL. */
static inline void bb_square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + bb_file(sq));
    buf[1] = (char)('1' + bb_rank(sq));
}

/* Returns the square named by s[0..1] ("a1".."f6"), or -1. */
static inline int bb_square_parse(const char *s)
{
    if (s[0] < 'a' || s[0] >= 'a' + MANA_FILE_COUNT || s[1] < '1' || s[1] >= '1' + MANA_RANK_COUNT)
        return -1;
    return bb_square(s[0] - 'a', s[1] - '1');
}

/* bb_count(b) returns the number of squares in b: mana.h's inline
 * mana_count_squares itself (POPCNT where the target has it, else a
 * branch-free count), one copy for libmana and the bots.  A name, not a
 * wrapper, so the code compiles exactly as before: a wrapper moved GCC's
 * inlining in setup_random.c. */
#define bb_count mana_count_squares

/* Returns 1 if b has at least n squares (n >= 1): its n - 1 lowest
 * squares cleared, cheaper than a count where the target has no POPCNT
 * (the loop unrolls for a constant n). */
static inline int bb_at_least(mana_bb b, int n)
{
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_popcountll(b) >= n;
#else
    for (int i = 1; i < n; i++)
        b &= b - 1;
    return b != 0;
#endif
}

/* Returns the index of the lowest set square; b must not be 0. */
static inline int bb_first(mana_bb b)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(b);
#else
    int sq = 0;
    while (!(b & 1)) {
        b >>= 1;
        sq++;
    }
    return sq;
#endif
}

/* bb_first for the move list's loops (gen.h), where it indexes a table
 * once per piece and per move.  On x86-64 tzcnt, written out: it runs
 * as bsf, with the same answer for b nonzero, on processors without
 * BMI1, and GCC puts an xor before its own (against a false dependency
 * of Sandy Bridge to Broadwell, gone since Skylake): one instruction
 * fewer for each move listed.  Elsewhere bb_first: GCC's own tzcnt
 * combines with what surrounds it, which an asm statement does not. */
static inline unsigned bb_first_index(mana_bb b)
{
#ifdef MANA_CPU_X86_64
    uint64_t sq;
    __asm__("tzcnt %1, %0" : "=r"(sq) : "rm"(b) : "cc");
    if (sq > 63)
        __builtin_unreachable(); /* b is not 0: no extension of the index */
    return (unsigned)sq;
#else
    return (unsigned)bb_first(b);
#endif
}

/* Returns the lowest square of *b and removes it from *b. */
static inline int bb_pop(mana_bb *b)
{
    int sq = bb_first(*b);
    *b &= *b - 1;
    return sq;
}

/*
 * The marks of each orientation: bb_marks[k][m - 1] is the set of squares
 * with m marks on the board in orientation k.  Transcribed from the four
 * tables of docs/rules.md (the tests compare mana_marks_at with those tables).
 */
static const mana_bb bb_marks[4][3] = {
    {0x215894291ULL, 0xcc032184cULL, 0x12a44a522ULL},
    {0x44a522548ULL, 0x9a0249826ULL, 0x215894291ULL},
    {0x894291a84ULL, 0x32184c033ULL, 0x44a522548ULL},
    {0x12a44a522ULL, 0x641924059ULL, 0x894291a84ULL},
};

/* Returns the mark count (1..3) of sq in orientation orient (0..3).
 * Branch-free: sq is in exactly one of the three sets, so 1 + [in the
 * 2-mark set] + 2 * [in the 3-mark set] is its count. */
static inline int bb_marks_at(int orient, int sq)
{
    return 1 + (int)((bb_marks[orient][1] >> sq) & 1) + 2 * (int)((bb_marks[orient][2] >> sq) & 1);
}

#endif
