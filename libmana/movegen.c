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

static void replies_init(const struct mana_pos *p, struct replies *r)
{
    r->pm = piece_magic[p->orient];
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

/* Returns the squares whose k-step paths may cross sq. */
static inline mana_bb crossing(int k, int sq)
{
    return reach_magic[k - 1][sq].mask;
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

/* Returns the opponent's pieces of group j whose paths cross sq. */
static inline mana_bb near_of(const struct replies *r, int j, int sq)
{
    return crossing(j, sq) & r->group[j];
}

/* Returns the number of legal moves after a quiet move to `to` in p when
 * the opponent's k-mark pieces cannot move: the exception, as
 * unbound_moves() sees it from the opponent's side.  near_from[j]: the
 * pieces of group j whose paths cross the square moved from (0 for a
 * re-entry); occ: every piece after the move. */
static int exception_after(const struct mana_pos *p, const int32_t *opt, const struct replies *r,
                           const mana_bb *near_from, int to, int k, mana_bb occ)
{
    int n = 0;
    for (int j = 1; j <= 3; j++)
        n += j == k ? 0 : group_after(r, j, near_of(r, j, to) | near_from[j], occ);
    n += bb_count(reentry_to(r->opp, p->damyo, occ, bb_marks[p->orient][k - 1], r->group[k], opt));
    return n == 0 && opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS ? 1 : n;
}

/* Returns the number of legal moves after the capture m in p. */
static int count_after_capture(const struct mana_pos *p, const int32_t *opt, const struct replies *r, mana_move m)
{
    int to = MANA_MOVE_TO(m), k = reach_marks[p->orient][to];
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
    return unbound_moves(&child, opt, bound, NULL);
}

/* Returns the leaves below the quiet moves from `from` (-1: re-entries)
 * to the squares of ends, and the captures among them, in p. */
static uint64_t leaves_from(const struct mana_pos *p, const int32_t *opt, const struct replies *r, int from,
                            mana_bb ends)
{
    const uint8_t *marks = reach_marks[p->orient];
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
static uint64_t leaves2_exception(const struct mana_pos *p, const int32_t *opt, const struct replies *r,
                                  mana_bb bound)
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

uint64_t mana__pos_leaves2(const struct mana_pos *p, const int32_t *opt)
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
