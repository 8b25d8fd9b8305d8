/* SPDX-License-Identifier: MIT */
/*
 * A random setup (mana_setup_random, docs/rules.md "Setup"): legal setup
 * moves drawn from a seeded splitmix64 sequence and played until the play
 * phase begins.  On top of setup.c (the legal setup moves, setup.h's
 * placement rule) and play.c (the history).  Each move is the one at index
 * next_random % n of the n legal setup moves in mana__setup_moves's order
 * (Damyo squares, then Ronin squares, lowest first), and is recorded and
 * hashed as play.c's mana__do would; the counts of setup.h are kept from
 * one placement to the next rather than counted again.
 */
#include "cpu.h"
#include "setup.h"
#include "zobrist.h"

/* On x86-64, the placements are also built for BMI2 and POPCNT (the k-th
 * square of a set, and the number of its squares, in one instruction
 * each) and chosen at each call by what the processor has
 * (__builtin_cpu_supports); MANA_SETUP_PLAIN builds only the plain ones
 * (make check-setup-plain tests them that way). */
#if defined(MANA_CPU_X86_64) && !defined(MANA_SETUP_PLAIN)
#define MANA_SETUP_BMI2 1
#include <immintrin.h>
#endif

/* The placements are inlined into each build (complete_plain,
 * complete_bmi2), so that each calls its own k-th square and count
 * directly. */
#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define NOINLINE
#define ALWAYS_INLINE inline
#endif

/* Returns the next number of a splitmix64 sequence kept in *state. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Returns the k-th (from 0, lowest first) square of b, which has more
 * than k squares, as a set. */
typedef mana_bb (*nth_fn)(mana_bb b, int k);

/* nth_fn, for any processor: k squares taken off b, then its lowest. */
static inline mana_bb nth_square(mana_bb b, int k)
{
    while (k-- > 0)
        b &= b - 1;
    return b & (0 - b);
}

/* Returns the number of squares of b. */
typedef int (*count_fn)(mana_bb b);

#ifdef MANA_SETUP_BMI2
/* count_fn with the POPCNT instruction. */
__attribute__((target("popcnt"))) static inline int count_popcnt(mana_bb b)
{
    return __builtin_popcountll(b);
}

/* nth_fn with BMI2's pdep, which deposits the bits of its first operand,
 * lowest first, on the squares of b: bit k lands on b's k-th square. */
__attribute__((target("bmi2"))) static inline mana_bb nth_square_bmi2(mana_bb b, int k)
{
    return _pdep_u64((mana_bb)1 << k, b);
}
#endif

/* Black's orientation choice: a random one of the legal orientations
 * (setup.h), in increasing order, played by mana__do (the history has
 * room). */
static inline void choose_orientation(struct mana_game *g, uint64_t *state, nth_fn nth)
{
    unsigned set = setup_orientations(g);
    /* the number of orientations in set: nibble `set` of the counts of
     * 0..15 (0, 1, 1, 2, 1, 2, 2, 3, ...) */
    uint64_t n = (0x4332322132212110ULL >> (4 * set)) & 15;
    mana_bb k = nth(set, (int)(next_random(state) % n));
    mana__do(g, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, bb_first(k)));
}

/* The placements of the side to place as place_side makes them: the
 * position (g's), the side, its pieces in the position, the random
 * sequence, the next record. */
struct placer {
    struct mana_pos *p;
    int side;
    mana_bb *own;
    uint64_t rnd;
    struct mana_undo *u;
};

/* Puts a piece of the side to place on the square bit, its Damyo if
 * damyo, after appending the record of that move, as mana__do would:
 * the position it is played from, as it is; then the position's facts
 * are cleared, as every move clears them. */
static inline void put(struct placer *pl, int damyo, mana_bb bit)
{
    struct mana_pos *p = pl->p;
    unsigned sq = bb_first_index(bit);
    pl->u->before = *p;
    pl->u->move = (uint16_t)MANA_MOVE_MAKE(damyo ? MANA_MOVE_DROP_DAMYO : MANA_MOVE_DROP_RONIN, 0, sq);
    pl->u++;
    p->facts = 0;
    *pl->own |= bit;
    if (damyo)
        p->damyo |= bit;
    p->hash ^= zobrist_piece[sq][2 * pl->side + damyo];
}

/* Takes the square bit, where the side to place has just put a piece
 * (its Damyo if damyo), out of s's squares, and the piece out of what is
 * left. */
static inline void take(struct mana_placing *s, int damyo, mana_bb bit)
{
    s->nfree--;
    s->ndsq -= (s->dsq & bit) != 0;
    s->free ^= bit;
    s->dsq &= ~bit;
    s->damyo -= damyo;
    s->left--;
}

/* The placements while the Damyo is still to place (setup.h's rule for
 * every count), up to the Damyo's; MANA_ESTATE if a piece has no legal
 * square. */
static ALWAYS_INLINE int place_with_damyo(struct placer *pl, struct mana_placing *s, nth_fn nth)
{
    if (!s->damyo)
        return MANA_OK;
    for (;;) {
        int nd;
        mana_bb r;
        int count = placing_moves(s, &nd, &r);
        if (count == 0)
            return MANA_ESTATE;
        int k = (int)(next_random(&pl->rnd) % (uint64_t)count);
        if (k < nd) {
            mana_bb bit = nth(s->dsq, k);
            put(pl, 1, bit);
            take(s, 1, bit);
            return MANA_OK;
        }
        mana_bb bit = nth(r, k - nd);
        put(pl, 0, bit);
        take(s, 0, bit);
    }
}

/* The Ronins left once the Damyo is placed: each on any free square
 * (setup.h, placing_ronins); MANA_ESTATE if they do not fit. */
static ALWAYS_INLINE int place_ronins(struct placer *pl, const struct mana_placing *s, nth_fn nth)
{
    int count = placing_ronins(s);
    if (count == 0)
        return s->left > 0 ? MANA_ESTATE : MANA_OK;
    mana_bb free = s->free;
    for (int left = s->left; left > 0; left--, count--) {
        int k = (int)(next_random(&pl->rnd) % (uint64_t)count);
        mana_bb bit = nth(free, k);
        put(pl, 0, bit);
        free ^= bit;
    }
    return MANA_OK;
}

/*
 * Places the pieces the side to place (side) has left, each on a random
 * one of its legal placements (setup.h), with their hash keys, then hands
 * the turn on.  MANA_ESTATE if a piece has no legal square (the
 * no-dead-lock rule forbids it): the placements made until then stay.
 */
static ALWAYS_INLINE int place_side(struct mana_game *g, int side, uint64_t *state, count_fn count, nth_fn nth)
{
    struct mana_placing s = placing_counted(g, count);
    struct placer pl = {&g->pos, side, &g->pos.occ[side], *state, g->hist + g->len};
    int err = place_with_damyo(&pl, &s, nth);
    if (err == MANA_OK)
        err = place_ronins(&pl, &s, nth);
    *state = pl.rnd;
    g->len = (uint32_t)(pl.u - g->hist);
    if (err != MANA_OK)
        return mana__fail(err, "mana_setup_random: no legal setup move");
    mana__placements_done(g);
    return MANA_OK;
}

/* The rest of the setup from where it stands: the orientation if still
 * to choose, Black's placements if not done, then White's (each built
 * for its side: its pieces and its keys at a fixed place). */
static ALWAYS_INLINE int complete_setup(struct mana_game *g, uint64_t *state, count_fn count, nth_fn nth)
{
    if (g->pos.orient < 0)
        choose_orientation(g, state, nth);
    if (g->pos.side == MANA_BLACK) {
        int err = place_side(g, MANA_BLACK, state, count, nth);
        if (err != MANA_OK)
            return err;
    }
    return place_side(g, MANA_WHITE, state, count, nth);
}

/* complete_setup for any processor. */
static NOINLINE int complete_plain(struct mana_game *g, uint64_t *state)
{
    return complete_setup(g, state, bb_count, nth_square);
}

#ifdef MANA_SETUP_BMI2
/* complete_setup for processors with BMI2 and POPCNT. */
__attribute__((target("bmi2,popcnt"))) static NOINLINE int complete_bmi2(struct mana_game *g, uint64_t *state)
{
    return complete_setup(g, state, count_popcnt, nth_square_bmi2);
}
#endif

MANA_API int mana_setup_random(mana_game *g, uint64_t seed)
{
    if (!g)
        return mana__fail(MANA_EINVAL, "mana_setup_random: game is NULL");
    if (g->pos.status != MANA_SETUP)
        return mana__fail(MANA_ESTATE, "mana_setup_random: the setup is already complete");
    if (mana__reserve_history(g, 13) != MANA_OK)
        return mana__fail(MANA_ENOMEM, "mana_setup_random: cannot grow the history");
    uint64_t state = seed;
#ifdef MANA_SETUP_BMI2
    if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"))
        return complete_bmi2(g, &state);
#endif
    return complete_plain(g, &state);
}
