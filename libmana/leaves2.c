/* SPDX-License-Identifier: MIT */
/*
 * leaves2.c - perft's last two plies, counted without playing them: the
 * opponent's steps are counted once in a position and reused for each of
 * its children.  The count of squares (bb_count) is the inner loop, so on
 * x86 the Makefile also builds this file with -mpopcnt (and
 * -DMANA_LEAVES2_POPCNT) into a second object, leaves2_popcnt.o, which
 * defines mana__pos_leaves2_popcnt; the default build (with
 * -DMANA_POPCNT_DISPATCH where that object exists) calls it when the
 * processor has POPCNT (about 20% faster).  __builtin_cpu_supports reads
 * what libgcc found at start-up; the library keeps no state of its own.
 */
#include "game.h"
#include "tables.h"

/*
 * The opponent's steps counted once in a position p and reused for each
 * child of p: a quiet move from -> to changes the steps of an opponent
 * piece q only if a path of q crosses from or to, that is if q is in the
 * magic mask of from or of to for q's step count.
 */
struct replies {
    const struct reach_magic *pm;     /* piece magics of the orientation */
    mana_bb opp, occ, target;         /* the opponent's pieces, all, ~opp */
    mana_bb group[4];                 /* group[k]: the opponent's k-mark pieces */
    int sum[4];                       /* sum[k]: the steps of group[k] */
    uint8_t count[MANA_SQUARE_COUNT]; /* count[q]: the steps of the piece on q */
};

/* Returns the opponent's pieces of group j whose paths cross sq. */
static inline mana_bb near_of(const struct replies *r, int j, int sq)
{
    return crossing(j, sq) & r->group[j];
}

static void replies_init(const struct mana_pos *p, struct replies *r)
{
    r->pm = mana__piece_magic[p->orient];
    r->opp = p->occ[!p->side];
    r->occ = p->occ[0] | p->occ[1];
    r->target = BB_ALL & ~r->opp;
    r->group[0] = 0;
    for (int k = 1; k <= 3; k++) {
        r->group[k] = r->opp & bb_marks[p->orient][k - 1];
        r->sum[k] = 0;
        for (mana_bb q = r->group[k]; q;) {
            int sq = bb_pop(&q);
            r->count[sq] = (uint8_t)bb_count(ends_rel(&r->pm[sq], r->occ, r->target));
            r->sum[k] += r->count[sq];
        }
    }
}

/* Returns the steps of the opponent's k-mark pieces after a quiet move:
 * near holds those of them whose paths cross the squares moved from or
 * to, occ every piece after the move. */
static inline int group_after(const struct replies *r, int k, mana_bb near, mana_bb occ)
{
    int n = r->sum[k];
    if (near) {
        for (mana_bb q = near; q;)
            n -= r->count[bb_pop(&q)];
        n += count_pieces(r->pm, near, occ, r->target);
    }
    return n;
}

/* Returns the number of legal moves after a quiet move to `to` in p when
 * the opponent's k-mark pieces cannot move: the exception, as
 * mana__unbound_count() sees it from the opponent's side.  near_from[j]: the
 * pieces of group j whose paths cross the square moved from (0 for a
 * re-entry); occ: every piece after the move. */
static int exception_after(const struct mana_pos *p, const int32_t *opt, const struct replies *r,
                           const mana_bb *near_from, int to, int k, mana_bb occ)
{
    int n = 0;
    for (int j = 1; j <= 3; j++)
        n += j == k ? 0 : group_after(r, j, near_of(r, j, to) | near_from[j], occ);
    n += bb_count(
        mana__reentry_to(mana__has_reserve(r->opp, p->damyo), r->group[k] != 0, occ, bb_marks[p->orient], k, opt));
    return n == 0 && opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS ? 1 : n;
}

/* Returns the number of legal moves after the capture m in p. */
static int count_after_capture(const struct mana_pos *p, const int32_t *opt, const struct replies *r, mana_move m)
{
    int to = MANA_MOVE_TO(m), k = mana__reach_marks[p->orient][to];
    mana_bb to_b = bb_sq(to), opp = r->opp & ~to_b;
    if (p->damyo & to_b)
        return 0; /* the Damyo is taken: the game is over */
    mana_bb from_b = MANA_MOVE_KIND(m) == MANA_MOVE_STEP ? bb_sq(MANA_MOVE_FROM(m)) : 0;
    mana_bb bound = opp & bb_marks[p->orient][k - 1];
    int n = count_pieces(r->pm, bound, (r->occ & ~from_b) | to_b, BB_ALL & ~opp);
    if (n)
        return n;
    struct mana_pos child = *p;
    mana__pos_play(&child, m);
    return mana__unbound_count(&child, opt, bound);
}

/* Returns the leaves below the quiet moves from `from` (-1: re-entries)
 * to the squares of ends, and the captures among them, in p. */
static uint64_t leaves_from(const struct mana_pos *p, const int32_t *opt, const struct replies *r, int from,
                            mana_bb ends)
{
    const uint8_t *marks = mana__reach_marks[p->orient];
    mana_bb from_b = from < 0 ? 0 : bb_sq(from), occ = r->occ & ~from_b;
    mana_bb near_from[4] = {0, 0, 0, 0};
    for (int j = 2; j <= 3 && from >= 0; j++)
        near_from[j] = near_of(r, j, from);
    uint64_t leaves = 0;
    while (ends) {
        int to = bb_pop(&ends), k = marks[to];
        mana_bb to_b = bb_sq(to);
        if (r->opp & to_b) {
            leaves += (uint64_t)count_after_capture(p, opt, r, MANA_MOVE_MAKE(MANA_MOVE_STEP, from, to));
            continue;
        }
        int n = group_after(r, k, (r->pm[to].mask & r->group[k]) | near_from[k], occ | to_b);
        leaves += (uint64_t)(n ? n : exception_after(p, opt, r, near_from, to, k, occ | to_b));
    }
    return leaves;
}

/* Returns the leaves below the moves of the exception (steps of unbound
 * pieces, re-entries, pass): those of p when its bound pieces cannot
 * move. */
static uint64_t leaves2_exception(const struct mana_pos *p, const int32_t *opt, const struct replies *r, mana_bb bound)
{
    mana_bb occ = r->occ, own = p->occ[p->side], drops = mana__reentry_squares(p, opt, bound);
    uint64_t leaves = leaves_from(p, opt, r, -1, drops);
    int moves = bb_count(drops);
    for (mana_bb pieces = own & ~bound; pieces;) {
        int from = bb_pop(&pieces);
        mana_bb ends = reach_of(&r->pm[from], occ) & ~own & BB_ALL;
        moves += bb_count(ends);
        leaves += leaves_from(p, opt, r, from, ends);
    }
    if (moves || opt[MANA_OPT_BLOCKED] != MANA_BLOCKED_PASS)
        return leaves;
    struct mana_pos child = *p; /* pass: the only move */
    mana__pos_play(&child, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0));
    return child.status == MANA_PLAYING ? (uint64_t)mana__pos_count(&child, opt) : 0;
}

static uint64_t leaves2(const struct mana_pos *p, const int32_t *opt)
{
    struct replies r;
    replies_init(p, &r);
    mana_bb bound = mana__bound_pieces(p), target = BB_ALL & ~p->occ[p->side];
    uint64_t leaves = 0;
    int moved = 0;
    for (mana_bb pieces = bound; pieces;) {
        int from = bb_pop(&pieces);
        mana_bb ends = reach_of(&r.pm[from], r.occ) & target;
        moved |= ends != 0;
        leaves += leaves_from(p, opt, &r, from, ends);
    }
    return moved ? leaves : leaves2_exception(p, opt, &r, bound);
}

#ifdef MANA_LEAVES2_POPCNT
uint64_t mana__pos_leaves2_popcnt(const struct mana_pos *p, const int32_t *opt)
{
    return leaves2(p, opt);
}
#else
uint64_t mana__pos_leaves2(const struct mana_pos *p, const int32_t *opt)
{
#if defined(MANA_POPCNT_DISPATCH) && (defined(__GNUC__) || defined(__clang__))
    if (__builtin_cpu_supports("popcnt"))
        return mana__pos_leaves2_popcnt(p, opt);
#endif
    return leaves2(p, opt);
}
#endif
