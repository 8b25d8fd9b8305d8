/* SPDX-License-Identifier: MIT */
/*
 * Move generation in the play phase (RULES.md "Moving", "The Mana",
 * "No legal move at all"), and the counts perft takes without playing the
 * last two plies.  The ends of 1-, 2- and 3-step moves are read from the
 * static const tables of reach_table.h, which tools/gen_tables.py computes
 * with set operations on bitboards (shifts with file masks) for every
 * occupancy of the squares a path can cross.  No path is walked square by
 * square.  The tables are used in this file only (each file including
 * them would get its own copy).  Only play-phase positions come here: the
 * orientation is known.
 */
#include "game.h"
#include "reach_table.h"

/* Returns the slot of reach_table holding the ends of the piece with
 * magic m, every piece being on occ. */
static inline uint32_t reach_rel(const struct reach_magic *m, mana_bb occ)
{
    return reach_table[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}

/*
 * Returns the squares a piece with magic m reaches: exactly as many steps
 * as its square has marks, never visiting a square twice, every square
 * before the last one empty; occ is every piece on the board.  The last
 * square may hold anything: the caller keeps its targets.  E.g. a 3-step
 * piece on b2 with the board empty reaches the 3-step squares and, round a
 * 2x2 block, its neighbours (b2-c2-c3-b3).
 */
static inline mana_bb reach_of(const struct reach_magic *m, mana_bb occ)
{
    return (mana_bb)reach_rel(m, occ) << m->base;
}

mana_bb mana__reach(int steps, int from, mana_bb empty, mana_bb target)
{
    return reach_of(&reach_magic[steps - 1][from], BB_ALL & ~empty) & target;
}

mana_bb mana__piece_ends(const struct mana_pos *p, int sq)
{
    return reach_of(&piece_magic[p->orient][sq], p->occ[0] | p->occ[1]) & ~p->occ[p->side] & BB_ALL;
}

/* Returns the ends in target of the piece with magic m, shifted right by
 * the base of its table (only their number matters). */
static inline uint32_t ends_rel(const struct reach_magic *m, mana_bb occ, mana_bb target)
{
    return reach_rel(m, occ) & (uint32_t)(target >> m->base);
}

/* Returns the number of steps of the pieces; pm: piece_magic of the
 * orientation.  The ends of two pieces fit in one word (32 squares each):
 * one count for both. */
static inline int count_pieces(const struct reach_magic *pm, mana_bb pieces, mana_bb occ, mana_bb target)
{
    int n = 0;
    while (pieces) {
        uint64_t two = ends_rel(&pm[bb_pop(&pieces)], occ, target);
        if (pieces)
            two |= (uint64_t)ends_rel(&pm[bb_pop(&pieces)], occ, target) << 32;
        n += bb_count(two);
    }
    return n;
}

/* Appends the steps of the pieces to out[n..]; returns the new count. */
static inline int list_pieces(const struct reach_magic *pm, mana_bb pieces, mana_bb occ, mana_bb target,
                              mana_move *out, int n)
{
    while (pieces) {
        int from = bb_pop(&pieces);
        for (mana_bb to = reach_of(&pm[from], occ) & target; to;)
            out[n++] = MANA_MOVE_MAKE(MANA_MOVE_STEP, from, bb_pop(&to));
    }
    return n;
}

/* Appends (or, with out NULL, counts) the steps of the pieces in movers,
 * by mark count then square, starting at index n; returns the new count. */
static int gen_steps(const struct mana_pos *p, mana_bb movers, mana_move *out, int n)
{
    const struct reach_magic *pm = piece_magic[p->orient];
    mana_bb occ = p->occ[0] | p->occ[1];
    mana_bb target = BB_ALL & ~p->occ[p->side];
    if (!out)
        return n + count_pieces(pm, movers, occ, target);
    for (int m = 0; m < 3; m++)
        n = list_pieces(pm, movers & bb_marks[p->orient][m], occ, target, out, n);
    return n;
}

int mana__count_steps(const struct mana_pos *p, mana_bb movers)
{
    return gen_steps(p, movers, NULL, 0);
}

/* Returns the squares where a side with the pieces own may re-enter a
 * Ronin when its bound pieces (bound) have no step, given every piece
 * (occ), the Damyos and the squares of the Mana's mark count (mana_sq,
 * every square when there is no Mana).  RULES.md "The Mana". */
static inline mana_bb reentry_to(mana_bb own, mana_bb damyo, mana_bb occ, mana_bb mana_sq, mana_bb bound,
                                 const int32_t *opt)
{
    if (bb_count(own & ~damyo) >= 5)
        return 0;
    if (bound && !opt[MANA_OPT_REENTRY_WHEN_BLOCKED])
        return 0;
    mana_bb to = BB_ALL & ~occ;
    if (opt[MANA_OPT_REENTRY] == MANA_REENTRY_MANA_MARK)
        to &= mana_sq;
    return to;
}

mana_bb mana__reentry_squares(const struct mana_pos *p, const int32_t *opt, mana_bb bound)
{
    mana_bb mana_sq = p->mana ? bb_marks[p->orient][p->mana - 1] : BB_ALL;
    return reentry_to(p->occ[p->side], p->damyo, p->occ[0] | p->occ[1], mana_sq, bound, opt);
}

/* The exception (RULES.md "The Mana"): the bound pieces have no step, so
 * any other piece may move, or a Ronin re-enter; pass if nothing is
 * legal under blocked = pass.  Appends to out (or counts); returns n. */
static int unbound_moves(const struct mana_pos *p, const int32_t *opt, mana_bb bound, mana_move *out)
{
    int n = gen_steps(p, p->occ[p->side] & ~bound, out, 0);
    mana_bb drops = mana__reentry_squares(p, opt, bound);
    if (!out)
        n += bb_count(drops);
    else
        while (drops)
            out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, bb_pop(&drops));
    if (n == 0 && opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS) {
        if (out)
            out[0] = MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0);
        n = 1;
    }
    return n;
}

int mana__pos_moves(const struct mana_pos *p, const int32_t *opt, mana_move *out)
{
    mana_bb bound = mana__bound_pieces(p);
    int n = bound ? gen_steps(p, bound, out, 0) : 0;
    return n ? n : unbound_moves(p, opt, bound, out);
}

int mana__pos_count(const struct mana_pos *p, const int32_t *opt)
{
    mana_bb bound = mana__bound_pieces(p);
    int n = gen_steps(p, bound, NULL, 0);
    return n ? n : unbound_moves(p, opt, bound, NULL);
}

/*
 * The opponent's steps counted once in a position p and reused for each
 * child of p (perft's last two plies): a quiet move from -> to changes the
 * steps of an opponent piece q only if a path of q crosses from or to,
 * that is if q is in the magic mask of from or of to for q's step count.
 */
struct replies {
    const struct reach_magic *pm; /* piece_magic of the orientation */
    mana_bb opp, occ, target; /* the opponent's pieces, all, ~opp */
    mana_bb group[4];         /* group[k]: the opponent's k-mark pieces */
    int sum[4];               /* sum[k]: the steps of group[k] */
    uint8_t count[36];        /* count[q]: the steps of the piece on q */
};

/* Returns the squares whose k-step paths may cross sq. */
static inline mana_bb crossing(int k, int sq)
{
    return reach_magic[k - 1][sq].mask;
}

/* Returns the opponent's pieces of group j whose paths cross sq. */
static inline mana_bb near_of(const struct replies *r, int j, int sq)
{
    return crossing(j, sq) & r->group[j];
}

/*
 * The counts of the last two plies, in two copies: generic, and on x86
 * builds without POPCNT (the default x86-64 target) one using the POPCNT
 * instruction, taken when the processor has it (about 20% faster: the
 * count is the inner loop).  __builtin_cpu_supports reads what libgcc
 * found at start-up; the library keeps no state of its own.
 */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
#define MANA_POPCNT_DISPATCH 1
#endif

#define L2(name) name##_generic
#define L2_COUNT(b) bb_count(b)
#define L2_TARGET
#include "leaves2.h"
#undef L2
#undef L2_COUNT
#undef L2_TARGET

#ifdef MANA_POPCNT_DISPATCH
#define L2(name) name##_popcnt
#define L2_COUNT(b) __builtin_popcountll(b)
#define L2_TARGET __attribute__((target("popcnt")))
#include "leaves2.h"
#undef L2
#undef L2_COUNT
#undef L2_TARGET
#endif

uint64_t mana__pos_leaves2(const struct mana_pos *p, const int32_t *opt)
{
#ifdef MANA_POPCNT_DISPATCH
    if (__builtin_cpu_supports("popcnt"))
        return leaves2_popcnt(p, opt);
#endif
    return leaves2_generic(p, opt);
}
