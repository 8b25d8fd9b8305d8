/* SPDX-License-Identifier: MIT */
/*
 * gen.h - the legal moves of a play-phase position as sets of squares
 * (docs/rules.md "Moving", "The Mana", "No legal move at all"), inline, for
 * the two writers that need every move: the move list (gen_list, built
 * in movegen.c for mana_legal_moves and perft) and the legal-action mask
 * (action.c).  Each hands gen_play a sink, a static function the compiler
 * inlines, which writes one set at a time.
 */
#ifndef MANA_GEN_H
#define MANA_GEN_H

#include <stddef.h>

#include "cpu.h"
#include "game.h"
#include "tables.h"

/* movegen.c: gen_list when p has no Mana yet or the pieces bound by its
 * Mana have no step. */
int mana__moves_rest(const struct mana_pos *p, const int32_t *opt, mana_move *out);
#ifdef MANA_CPU_X86
/*
 * On x86 the move list of mana_legal_moves (api.c) and its rest are also
 * built for BMI1, whose blsr clears the lowest square of a set in one
 * instruction (two without): one instruction fewer for each move and
 * each piece; and for POPCNT (is the reserve empty: one count), which
 * every processor with BMI1 has.  gen_has_bmi says which build may run.
 */
#define MANA_GEN_BMI 1
#define GEN_BMI __attribute__((target("bmi,popcnt")))
/* movegen.c: mana__moves_rest built for BMI1 and POPCNT. */
GEN_BMI int mana__moves_rest_bmi(const struct mana_pos *p, const int32_t *opt, mana_move *out);
/* Returns 1 if the processor has BMI1 and POPCNT. */
static inline int gen_has_bmi(void)
{
    return __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
}
#endif

/* A sink: takes the moves of kind `kind` (MANA_MOVE_STEP,
 * MANA_MOVE_DROP_RONIN or MANA_MOVE_PASS) from `from` (0 for a drop or
 * a pass), whose piece magic is m (NULL for a drop or a pass), to each
 * square of `to` (bit 0 alone for a pass), the n moves before them
 * already taken; returns the new number of moves. */
typedef size_t (*gen_sink)(void *ctx, int kind, int from, const struct reach_magic *m, mana_bb to, size_t n);

/* Returns the squares where the side to move may re-enter a Ronin, its
 * bound pieces (bound) having no step (mana__reentry_squares, inline). */
static inline mana_bb gen_reentry_squares(const struct mana_pos *p, const int32_t *opt, mana_bb bound)
{
    return mana__reentry_to(mana__has_reserve(p->occ[p->side], p->damyo), bound != 0, p->occ[0] | p->occ[1],
                            bb_marks[p->orient], p->mana, opt);
}

/* Hands the sink the steps of the pieces in movers, by square, one set
 * of ends per piece; returns the new count. */
static inline size_t gen_pieces(const struct mana_pos *p, mana_bb movers, gen_sink sink, void *ctx, size_t n)
{
    /* a pointer per orientation (0..3 in play): one register then holds
     * the magics, not a table and an offset added for every piece */
    static const struct reach_magic *const magics[4] = {mana__piece_magic[0], mana__piece_magic[1],
                                                        mana__piece_magic[2], mana__piece_magic[3]};
    const struct reach_magic *pm = magics[(uint8_t)p->orient];
    /* the reach lies on the board: no need to mask the target */
    mana_bb occ = p->occ[0] | p->occ[1], target = ~p->occ[p->side];
    while (movers) {
        unsigned from = bb_first_index(movers);
        movers &= movers - 1;
        const struct reach_magic *m = pm + from;
        n = sink(ctx, MANA_MOVE_STEP, (int)from, m, reach_of(m, occ) & target, n);
    }
    return n;
}

/* The same by mark count then square. */
static inline size_t gen_steps_to(const struct mana_pos *p, mana_bb movers, gen_sink sink, void *ctx, size_t n)
{
    const mana_bb *marks = bb_marks[p->orient];
    n = gen_pieces(p, movers & marks[0], sink, ctx, n);
    n = gen_pieces(p, movers & marks[1], sink, ctx, n);
    return gen_pieces(p, movers & marks[2], sink, ctx, n);
}

/* Hands the sink the moves of the exception (docs/rules.md "The Mana"):
 * p's bound pieces (bound) have no step, so the other pieces' steps, then
 * the re-entries, then a pass if nothing is legal under blocked = pass.
 * Returns the number of moves. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline)) /* into each build of the list, not one shared copy */
#endif
static inline int
gen_exception(const struct mana_pos *p, const int32_t *opt, mana_bb bound, gen_sink sink, void *ctx)
{
    /* the re-entries found first: the steps then need no register for
     * what they were found from */
    mana_bb drops = gen_reentry_squares(p, opt, bound);
    size_t n = gen_steps_to(p, p->occ[p->side] & ~bound, sink, ctx, 0);
    if (drops)
        n = sink(ctx, MANA_MOVE_DROP_RONIN, 0, NULL, drops, n);
    if (n == 0 && opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS)
        n = sink(ctx, MANA_MOVE_PASS, 0, NULL, 1, 0);
    return (int)n;
}

/* Hands the sink the legal moves of p (status MANA_PLAYING) under the
 * options opt: the steps of the pieces bound by the Mana; if they have
 * none, the exception.  Returns the number of moves. */
static inline int gen_play(const struct mana_pos *p, const int32_t *opt, gen_sink sink, void *ctx)
{
    mana_bb bound = mana__bound_pieces(p);
    /* the pieces bound by a Mana share its mark count: square order is
     * the order by mark count then square */
    size_t n = !bound ? 0 : p->mana ? gen_pieces(p, bound, sink, ctx, 0) : gen_steps_to(p, bound, sink, ctx, 0);
    return n ? (int)n : gen_exception(p, opt, bound, sink, ctx); /* at most MANA_MAX_MOVES */
}

/* The sink of the move list: appends the moves to ctx (a mana_move
 * array with room for MANA_MAX_MOVES), each read by its end from
 * tables.h's mana__move_to, a step's row found with its magic (kind is a
 * constant where this is inlined). */
static inline size_t gen_list_sink(void *ctx, int kind, int from, const struct reach_magic *m, mana_bb to, size_t n)
{
    mana_move *out = ctx;
    (void)from;
    if (kind == MANA_MOVE_PASS) {
        out[n] = MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0);
        return n + 1;
    }
    const uint16_t *move_to = kind == MANA_MOVE_STEP ? m->moves : mana__move_to[MANA_MOVE_TO_REENTRY];
    /* two moves a turn: one count update for both */
    if (!to)
        return n;
    for (;;) {
        out[n] = move_to[bb_first_index(to)];
        to &= to - 1;
        if (!to)
            return n + 1;
        out[n + 1] = move_to[bb_first_index(to)];
        to &= to - 1;
        n += 2;
        if (!to)
            return n;
    }
}

/* The common case of the move list, inline: the steps of the pieces
 * bound by p's Mana into out (room for MANA_MAX_MOVES); returns their
 * number, 0 if p has no Mana yet or the bound pieces have no step. */
static inline int gen_list_bound(const struct mana_pos *p, mana_move *out)
{
    unsigned mana = p->mana;
    if (!mana)
        return 0;
    mana_bb bound = p->occ[p->side] & bb_marks[(uint8_t)p->orient][mana - 1];
    return (int)gen_pieces(p, bound, gen_list_sink, out, 0);
}

/* A function that lists the moves of p when gen_list_bound has none. */
typedef int (*gen_rest)(const struct mana_pos *p, const int32_t *opt, mana_move *out);

/* The legal moves of p (status MANA_PLAYING) under the options opt into
 * out (room for MANA_MAX_MOVES), in gen_play's order, the rest by rest;
 * returns the count. */
static inline int gen_list_with(const struct mana_pos *p, const int32_t *opt, mana_move *out, gen_rest rest)
{
    int n = gen_list_bound(p, out);
    return n ? n : rest(p, opt, out);
}

/* gen_list_with, the rest by mana__moves_rest. */
static inline int gen_list(const struct mana_pos *p, const int32_t *opt, mana_move *out)
{
    return gen_list_with(p, opt, out, mana__moves_rest);
}

#endif
