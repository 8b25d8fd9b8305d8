/* SPDX-License-Identifier: MIT */
/*
 * Reach and Damyo threats (docs/rules.md "Moving", "The Mana"): the squares
 * the pieces reach as bitboards, the moves a side would have under a given
 * Mana, and the captures of the Damyo, for searches that look at a
 * position without playing moves.  The ends come from the reach tables
 * (tables.h: a piece's magic by its square); nothing here walks a path or
 * allocates.
 */
#include "game.h"
#include "tables.h"

#define CHECK_GAME(g, fn)                                        \
    do {                                                         \
        if (!(g))                                                \
            return mana__fail(MANA_EINVAL, fn ": game is NULL"); \
    } while (0)

static int check_color(int color, const char *fn)
{
    if (color != MANA_WHITE && color != MANA_BLACK)
        return mana__fail(MANA_EINVAL, "%s: colour %d is neither MANA_WHITE (0) nor MANA_BLACK (1)", fn, color);
    return MANA_OK;
}

static int check_mana(const mana_game *g, int mana, const char *fn)
{
    if (mana < 0 || mana > 3)
        return mana__fail(MANA_EINVAL, "%s: Mana %d outside 0..3 (0: no Mana)", fn, mana);
    if (g->pos.status == MANA_SETUP)
        return mana__fail(MANA_ESTATE, "%s: the game is still in setup", fn);
    return MANA_OK;
}

/* Returns the ends of a piece on sq: the squares its magic (pm: the
 * piece magics of the orientation) reaches, as many steps as sq has marks,
 * every piece being on occ, that are in target (the squares not its
 * side's). */
static mana_bb ends_in(const struct reach_magic *pm, int sq, mana_bb occ, mana_bb target)
{
    return reach_of(&pm[sq], occ) & target;
}

/* Returns the ends of the piece of colour c on sq in p (orientation known). */
static mana_bb ends_of(const struct mana_pos *p, int c, int sq)
{
    return ends_in(mana__piece_magic[p->orient], sq, p->occ[0] | p->occ[1], BB_ALL & ~p->occ[c]);
}

/* Returns the union of the ends of c's pieces in pieces; adds to *count
 * the number of steps (one per piece and end square) unless count is
 * NULL. */
static mana_bb ends_union(const struct mana_pos *p, int c, mana_bb pieces, int *count)
{
    mana_bb all = 0;
    while (pieces) {
        mana_bb e = ends_of(p, c, bb_pop(&pieces));
        if (count)
            *count += bb_count(e);
        all |= e;
    }
    return all;
}

/* 1 if a piece of c that may step (movers()) ends on a square of target:
 * the bound pieces, or every piece if no bound one has an end (the
 * exception).  movers() and ends_union() in one pass that stops at the
 * first piece found. */
static int reaches_any(const struct mana_pos *p, int c, mana_bb bound, mana_bb target)
{
    mana_bb any = 0;
    for (mana_bb pieces = bound; pieces;) {
        mana_bb e = ends_of(p, c, bb_pop(&pieces));
        if (e & target)
            return 1;
        any |= e;
    }
    if (any)
        return 0;
    for (mana_bb pieces = p->occ[c] & ~bound; pieces;) /* the bound ones have no end */
        if (ends_of(p, c, bb_pop(&pieces)) & target)
            return 1;
    return 0;
}

/* p as it would be with colour c to move under Mana mana (0..3). */
static struct mana_pos hypothetical(const struct mana_pos *p, int c, int mana)
{
    struct mana_pos h = *p;
    h.side = (uint8_t)c;
    h.mana = (uint8_t)mana;
    h.facts = 0;
    return h;
}

/* Returns the pieces of h's side to move that may step: the bound ones if
 * one of them can, else all of them (the exception); *free_all is set to 1
 * in the second case. */
static mana_bb movers(const struct mana_pos *h, int *free_all)
{
    mana_bb bound = mana__bound_pieces(h);
    *free_all = ends_union(h, h->side, bound, NULL) == 0;
    return *free_all ? h->occ[h->side] : bound;
}

MANA_API int mana_pieces(const mana_game *g, int color, uint64_t *damyo, uint64_t *ronins)
{
    CHECK_GAME(g, "mana_pieces");
    int err = check_color(color, "mana_pieces");
    if (err)
        return err;
    mana_bb own = g->pos.occ[color];
    if (damyo)
        *damyo = own & g->pos.damyo;
    if (ronins)
        *ronins = own & ~g->pos.damyo;
    return MANA_OK;
}

MANA_API int mana_piece_reach(const mana_game *g, int sq, uint64_t *ends)
{
    CHECK_GAME(g, "mana_piece_reach");
    if (!ends)
        return mana__fail(MANA_EINVAL, "mana_piece_reach: ends is NULL");
    if (sq < 0 || sq >= MANA_SQUARE_COUNT)
        return mana__fail(MANA_EINVAL, "mana_piece_reach: square %d outside 0..%d", sq, MANA_SQUARE_COUNT - 1);
    const struct mana_pos *p = &g->pos;
    int c = (p->occ[MANA_WHITE] & bb_sq(sq)) ? MANA_WHITE : MANA_BLACK;
    if (!(p->occ[c] & bb_sq(sq)))
        return mana__fail(MANA_EINVAL, "mana_piece_reach: no piece on square %d", sq);
    *ends = ends_of(p, c, sq);
    return MANA_OK;
}

/* Fills maps[k] with the union of the ends of c's pieces on k + 1 marks
 * and, unless steps is NULL, steps[k] with their number and *damyo_steps
 * with the number of the ends of c's Damyo (0 without one). */
static void reach_by_marks(const struct mana_pos *p, int c, uint64_t maps[3], int steps[3], int *damyo_steps)
{
    int damyo_n = 0;
    for (int k = 0; k < 3; k++) {
        maps[k] = 0;
        if (steps)
            steps[k] = 0;
    }
    if (steps)
        *damyo_steps = 0;
    if (p->orient < 0)
        return;
    /* read once: a store through maps could alias p */
    mana_bb own = p->occ[c], damyo = own & p->damyo, occ = p->occ[0] | p->occ[1], target = BB_ALL & ~own;
    const struct reach_magic *pm = mana__piece_magic[p->orient];
    for (int k = 0; k < 3; k++) {
        mana_bb m = 0;
        int n = 0;
        for (mana_bb b = own & bb_marks[p->orient][k]; b;) {
            int sq = bb_pop(&b);
            mana_bb e = ends_in(pm, sq, occ, target);
            m |= e;
            int count = bb_count(e);
            n += count;
            if (damyo & bb_sq(sq))
                damyo_n = count;
        }
        maps[k] = m;
        if (steps)
            steps[k] = n;
    }
    if (steps)
        *damyo_steps = damyo_n;
}

MANA_API int mana_reach_maps(const mana_game *g, int color, uint64_t maps[3])
{
    CHECK_GAME(g, "mana_reach_maps");
    if (!maps)
        return mana__fail(MANA_EINVAL, "mana_reach_maps: maps is NULL");
    int err = check_color(color, "mana_reach_maps");
    if (err)
        return err;
    reach_by_marks(&g->pos, color, maps, NULL, NULL);
    return MANA_OK;
}

MANA_API int mana_reach_steps(const mana_game *g, int color, uint64_t maps[3], int steps[3], int *damyo_steps)
{
    CHECK_GAME(g, "mana_reach_steps");
    if (!maps || !steps || !damyo_steps)
        return mana__fail(MANA_EINVAL, "mana_reach_steps: %s is NULL",
                          !maps    ? "maps"
                          : !steps ? "steps"
                                   : "damyo_steps");
    int err = check_color(color, "mana_reach_steps");
    if (err)
        return err;
    reach_by_marks(&g->pos, color, maps, steps, damyo_steps);
    return MANA_OK;
}

MANA_API int mana_reach_under(const mana_game *g, int color, int mana, uint64_t *steps, uint64_t *drops)
{
    CHECK_GAME(g, "mana_reach_under");
    int err = check_color(color, "mana_reach_under");
    if (!err)
        err = check_mana(g, mana, "mana_reach_under");
    if (err)
        return err;
    struct mana_pos h = hypothetical(&g->pos, color, mana);
    int free_all, n = 0;
    mana_bb from = movers(&h, &free_all);
    mana_bb to = ends_union(&h, color, from, &n);
    mana_bb in = free_all ? mana__reentry_squares(&h, g->opt, mana__bound_pieces(&h)) : 0;
    n += bb_count(in);
    if (n == 0 && g->opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS)
        n = 1;
    if (steps)
        *steps = to;
    if (drops)
        *drops = in;
    return n;
}

MANA_API int mana_damyo_capturable(const mana_game *g)
{
    CHECK_GAME(g, "mana_damyo_capturable");
    const struct mana_pos *p = &g->pos;
    if (p->status != MANA_PLAYING)
        return 0;
    return reaches_any(p, p->side, mana__bound_pieces(p), p->occ[!p->side] & p->damyo);
}

MANA_API int mana_damyo_threats(const mana_game *g, int mana, mana_move *out, int cap)
{
    CHECK_GAME(g, "mana_damyo_threats");
    if (cap < 0 || (!out && cap > 0))
        return mana__fail(MANA_EINVAL, "mana_damyo_threats: cap %d with %s out", cap, out ? "an" : "no");
    int err = check_mana(g, mana, "mana_damyo_threats");
    if (err)
        return err;
    int us = g->pos.side;
    mana_bb d = g->pos.occ[us] & g->pos.damyo;
    if (!d)
        return 0;
    struct mana_pos h = hypothetical(&g->pos, !us, mana);
    int free_all, n = 0;
    mana_move found[MANA_PIECE_COUNT];
    for (mana_bb from = movers(&h, &free_all); from;) {
        int sq = bb_pop(&from);
        if (ends_of(&h, !us, sq) & d)
            found[n++] = MANA_MOVE_MAKE(MANA_MOVE_STEP, sq, bb_first(d));
    }
    if (out && cap < n)
        return mana__fail(MANA_ESPACE, "mana_damyo_threats: %s, room for %d", mana__count(n, "threat").s, cap);
    for (int i = 0; out && i < n; i++)
        out[i] = found[i];
    return n;
}
