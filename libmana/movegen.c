/* SPDX-License-Identifier: MIT */
/*
 * Move generation in the play phase (docs/rules.md "Moving", "The Mana",
 * "No legal move at all").  The ends of 1-, 2- and 3-step moves are read
 * from the reach tables (tables.h), which tools/mkreach.c computes at
 * build time with set operations on bitboards (shifts with file masks)
 * for every occupancy of the squares a path can cross.  No path is walked
 * square by square.  Only play-phase positions come here: the orientation
 * is known.  Which pieces may move (the Mana and its exception) is
 * decided once, in gen.h, for the move list (here) and the legal-action
 * mask (action.c).  On x86 the list of mana_legal_moves (api.c) is also
 * built for BMI1 and POPCNT; perft keeps the plain build.
 * Perft's last two plies are counted in leaves2.c.
 */
#include "game.h"
#include "gen.h"
#include "tables.h"

mana_bb mana__reach(int steps, int from, mana_bb empty, mana_bb target)
{
    return reach_of(&mana__reach_magic[steps - 1][from], BB_ALL & ~empty) & target;
}

mana_bb mana__piece_ends(const struct mana_pos *p, int sq)
{
    return reach_of(&mana__piece_magic[p->orient][sq], p->occ[0] | p->occ[1]) & ~p->occ[p->side] & BB_ALL;
}

/* Returns the number of steps of the side to move's pieces in movers. */
static int count_steps(const struct mana_pos *p, mana_bb movers)
{
    mana_bb target = BB_ALL & ~p->occ[p->side];
    return count_pieces(mana__piece_magic[p->orient], movers, p->occ[0] | p->occ[1], target);
}

int mana__count_steps(const struct mana_pos *p, mana_bb movers)
{
    return count_steps(p, movers);
}

mana_bb mana__reentry_squares(const struct mana_pos *p, const int32_t *opt, mana_bb bound)
{
    return gen_reentry_squares(p, opt, bound);
}

/* The exception (docs/rules.md "The Mana"): the bound pieces have no step, so
 * any other piece may move, or a Ronin re-enter; pass if nothing is
 * legal under blocked = pass.  Returns the number of moves (gen_play
 * lists them). */
int mana__unbound_count(const struct mana_pos *p, const int32_t *opt, mana_bb bound)
{
    int n = count_steps(p, p->occ[p->side] & ~bound) + bb_count(mana__reentry_squares(p, opt, bound));
    return n == 0 && opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS ? 1 : n;
}

#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* The moves of the first move of play (no Mana yet: every piece bound).
 * Not inlined: mana__moves_rest then saves no register before it knows
 * which list it writes. */
static NOINLINE int first_moves(const struct mana_pos *p, const int32_t *opt, mana_move *out)
{
    return gen_play(p, opt, gen_list_sink, out);
}

/* mana__moves_rest, for the plain and the BMI1 build. */
static inline int moves_rest(const struct mana_pos *p, const int32_t *opt, mana_move *out)
{
    if (!p->mana)
        return first_moves(p, opt, out);
    return gen_exception(p, opt, mana__bound_pieces(p), gen_list_sink, out);
}

int mana__moves_rest(const struct mana_pos *p, const int32_t *opt, mana_move *out)
{
    return moves_rest(p, opt, out);
}

#ifdef MANA_GEN_BMI
/* mana__moves_rest built for BMI1 and POPCNT (gen.h), for api.c's
 * mana_legal_moves of the same build. */
GEN_BMI NOINLINE int mana__moves_rest_bmi(const struct mana_pos *p, const int32_t *opt, mana_move *out)
{
    return moves_rest(p, opt, out);
}
#endif

int mana__pos_moves(const struct mana_pos *p, const int32_t *opt, mana_move *out)
{
    return out ? gen_list(p, opt, out) : mana__pos_count(p, opt);
}

int mana__pos_count(const struct mana_pos *p, const int32_t *opt)
{
    mana_bb bound = mana__bound_pieces(p);
    int n = bound ? count_steps(p, bound) : 0;
    return n ? n : mana__unbound_count(p, opt, bound);
}
