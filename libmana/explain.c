/* SPDX-License-Identifier: MIT */
/*
 * Why a readable move is illegal: the detail of MANA_EILLEGAL, in the
 * words of docs/rules.md ("Setup", "Moving", "The Mana").
 */
#include "game.h"

#define ILLEGAL(...) mana__fail(MANA_EILLEGAL, __VA_ARGS__)

static const char *const color_name[2] = {"White", "Black"};

/* Returns the name ("b2") of sq, by value. */
struct sqname {
    char s[3];
};
static struct sqname name(int sq)
{
    struct sqname n;
    bb_square_name(sq, n.s);
    n.s[2] = '\0';
    return n;
}

/* "1 mark", "2 marks". */
static struct mana__count marks(int n)
{
    return mana__count(n, "mark");
}

static int explain_placement(const struct mana_game *g, int kind, int to)
{
    const struct mana_pos *p = &g->pos;
    mana_bb own = p->occ[p->side], t = bb_sq(to);
    int back = g->opt[MANA_OPT_SETUP_AREA] == MANA_SETUP_BACK_RANK;
    if (!(mana__setup_area(g, p->side) & t))
        return ILLEGAL("%s is outside %s's setup area (%s)", name(to).s, color_name[p->side],
                       p->side == MANA_BLACK ? (back ? "rank 6" : "ranks 5-6") : (back ? "rank 1" : "ranks 1-2"));
    if ((p->occ[0] | p->occ[1]) & t)
        return ILLEGAL("%s is occupied", name(to).s);
    if (kind == MANA_MOVE_DROP_DAMYO && (own & p->damyo))
        return ILLEGAL("%s's Damyo is already placed", color_name[p->side]);
    if (kind == MANA_MOVE_DROP_RONIN && mana__ronins_on_board(p, p->side) >= MANA_RONIN_COUNT)
        return ILLEGAL("all five of %s's Ronins are placed", color_name[p->side]);
    if (kind == MANA_MOVE_DROP_DAMYO && g->opt[MANA_OPT_DAMYO_ON_DOUBLE] && bb_marks_at(p->orient, to) != 2)
        return ILLEGAL("the Damyo must stand on a square with 2 marks; %s has %d", name(to).s,
                       bb_marks_at(p->orient, to));
    if (kind == MANA_MOVE_DROP_DAMYO)
        return ILLEGAL("the Damyo on %s would leave a Ronin no square", name(to).s);
    return ILLEGAL("a Ronin on %s would leave the Damyo no square with 2 marks", name(to).s);
}

static int explain_setup(const struct mana_game *g, mana_move m)
{
    int kind = MANA_MOVE_KIND(m);
    if (kind == MANA_MOVE_ORIENT)
        return g->pos.orient < 0 ? ILLEGAL("no such orientation")
                                 : ILLEGAL("the orientation is already fixed (%d)", g->pos.orient);
    if (g->pos.orient < 0)
        return ILLEGAL("Black must first choose the orientation (O0..O3)");
    if (kind != MANA_MOVE_DROP_DAMYO && kind != MANA_MOVE_DROP_RONIN)
        return ILLEGAL("during setup each move places a piece: D@ or R@ and a square of your setup area");
    return explain_placement(g, kind, MANA_MOVE_TO(m));
}

static int explain_reentry(const struct mana_game *g, int to)
{
    const struct mana_pos *p = &g->pos;
    if (mana__ronins_on_board(p, p->side) >= MANA_RONIN_COUNT)
        return ILLEGAL("%s has no Ronin in reserve", color_name[p->side]);
    if (p->mana == 0 && mana__bound_can_move(p))
        return ILLEGAL("re-entry is only for when none of your pieces can move");
    if (mana__bound_can_move(p))
        return ILLEGAL("the Mana binds you to a piece on a square with %s that can move; re-entry is only for when "
                       "none can",
                       marks(p->mana).s);
    if (mana__bound_pieces(p) && !g->opt[MANA_OPT_REENTRY_WHEN_BLOCKED])
        return ILLEGAL("re-entry is not allowed while your bound pieces are only blocked (reentry_when_blocked off)");
    if ((p->occ[0] | p->occ[1]) & bb_sq(to))
        return ILLEGAL("%s is occupied", name(to).s);
    return ILLEGAL("re-entry only on squares with %s (reentry option); %s has %d", marks(p->mana).s, name(to).s,
                   bb_marks_at(p->orient, to));
}

static int explain_step(const struct mana_game *g, int from, int to)
{
    const struct mana_pos *p = &g->pos;
    mana_bb f = bb_sq(from), t = bb_sq(to);
    if (!((p->occ[0] | p->occ[1]) & f))
        return ILLEGAL("no piece on %s", name(from).s);
    if (!(p->occ[p->side] & f))
        return ILLEGAL("%s holds %s's piece, and %s is to move", name(from).s, color_name[!p->side],
                       color_name[p->side]);
    if (p->occ[p->side] & t)
        return ILLEGAL("%s holds your own piece", name(to).s);
    int steps = bb_marks_at(p->orient, from);
    if (p->mana && steps != p->mana && mana__bound_can_move(p))
        return ILLEGAL("the Mana binds you to a piece on a square with %s; %s has %d", marks(p->mana).s, name(from).s,
                       steps);
    if (!(mana__reach(steps, from, BB_ALL & ~f, BB_ALL) & t))
        return ILLEGAL("a piece on %s moves exactly %s; %s is not %s away by any path", name(from).s,
                       mana__count(steps, "step").s, name(to).s, mana__count(steps, "step").s);
    return ILLEGAL("every %d-step path from %s to %s is blocked (pieces are never passed through, squares never "
                   "visited twice)",
                   steps, name(from).s, name(to).s);
}

/* Returns 1 if m follows the mana_move bit layout (a move of some state). */
static int well_formed(mana_move m)
{
    int kind = MANA_MOVE_KIND(m), from = MANA_MOVE_FROM(m), to = MANA_MOVE_TO(m);
    if (m >> MANA_MOVE_BITS || kind < MANA_MOVE_STEP || kind > MANA_MOVE_PASS || from >= MANA_SQUARE_COUNT ||
        to >= MANA_SQUARE_COUNT)
        return 0;
    if (kind != MANA_MOVE_STEP && from != 0)
        return 0;
    return !(kind == MANA_MOVE_ORIENT && to > 3) && !(kind == MANA_MOVE_PASS && to != 0);
}

int mana__explain_illegal(const struct mana_game *g, mana_move m)
{
    int kind = MANA_MOVE_KIND(m);
    if (!well_formed(m))
        return ILLEGAL("0x%x is not a move: it breaks the mana_move bit layout (kind 1..5, squares 0..35)",
                       (unsigned)m);
    if (g->pos.status == MANA_SETUP)
        return explain_setup(g, m);
    switch (kind) {
    case MANA_MOVE_STEP: return explain_step(g, MANA_MOVE_FROM(m), MANA_MOVE_TO(m));
    case MANA_MOVE_DROP_RONIN: return explain_reentry(g, MANA_MOVE_TO(m));
    case MANA_MOVE_DROP_DAMYO: return ILLEGAL("a Damyo never returns to play");
    case MANA_MOVE_ORIENT: return ILLEGAL("the orientation is chosen during setup only");
    default: /* pass */ return ILLEGAL("pass is legal only when no other move is");
    }
}
