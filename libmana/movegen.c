/* SPDX-License-Identifier: MIT */
/*
 * Move generation in the play phase (RULES.md "Moving", "The Mana",
 * "No legal move at all").  Destinations come from set operations on
 * bitboards: no path is walked square by square.
 */
#include "game.h"

/*
 * Returns the squares a piece on the single square `from` reaches in
 * exactly three steps through empty squares, never visiting a square
 * twice (start included), ending on a square in `target`.
 *
 * Let A be the empty first steps and B the empty second steps (b != from).
 * Every square next to B that is neither `from` nor next to `from` is an
 * end: its first step differs from it.  A square c next to `from` is an
 * end only by going round a 2x2 block: first step a, perpendicular to c,
 * then the diagonal square d between a and c.  E.g. from b2: b2-c2-c3-b3
 * ends on b3 (next to the start), but b2-b3-c3-b3 is not a path.
 */
static inline mana_bb reach3(mana_bb from, mana_bb empty, mana_bb target)
{
    mana_bb n = bb_north(from) & empty, s = bb_south(from) & empty;
    mana_bb e = bb_east(from) & empty, w = bb_west(from) & empty;
    mana_bb b = bb_adjacent(n | s | e | w) & empty & ~from;
    mana_bb far = bb_adjacent(b) & ~(from | bb_adjacent(from));
    /* Round a block: the diagonal d (empty) entered from a, then c. */
    mana_bb ne_e = bb_north(e) & empty, ne_n = bb_east(n) & empty;
    mana_bb nw_w = bb_north(w) & empty, nw_n = bb_west(n) & empty;
    mana_bb se_e = bb_south(e) & empty, se_s = bb_east(s) & empty;
    mana_bb sw_w = bb_south(w) & empty, sw_s = bb_west(s) & empty;
    mana_bb round = bb_west(ne_e) | bb_south(ne_n)    /* c = north, east */
                  | bb_east(nw_w) | bb_south(nw_n)    /* c = north, west */
                  | bb_west(se_e) | bb_north(se_s)    /* c = south, east */
                  | bb_east(sw_w) | bb_north(sw_s);   /* c = south, west */
    return (far | round) & target;
}

/* Returns the squares a piece on `from` reaches in exactly `steps` (1..3)
 * steps; `target` is the set of allowed end squares (empty or enemy). */
static inline mana_bb reach(int steps, mana_bb from, mana_bb empty, mana_bb target)
{
    if (steps == 1)
        return bb_adjacent(from) & target;
    if (steps == 2)
        return bb_adjacent(bb_adjacent(from) & empty) & ~from & target;
    return reach3(from, empty, target);
}

mana_bb mana__reach(int steps, int from, mana_bb empty, mana_bb target)
{
    return reach(steps, bb_sq(from), empty, target);
}

/* Returns the end squares of the piece on sq in position p. */
static inline mana_bb piece_reach(const struct mana_pos *p, int sq)
{
    mana_bb empty = BB_ALL & ~(p->occ[0] | p->occ[1]);
    return reach(bb_marks_at(p->orient, sq), bb_sq(sq), empty, BB_ALL & ~p->occ[p->side]);
}

/* Appends (or, with out NULL, counts) the steps of the pieces in movers,
 * starting at index n; returns the new count. */
static int gen_steps(const struct mana_pos *p, mana_bb movers, mana_move *out, int n)
{
    mana_bb empty = BB_ALL & ~(p->occ[0] | p->occ[1]);
    mana_bb target = BB_ALL & ~p->occ[p->side];
    for (int m = 1; m <= 3; m++) {
        mana_bb pieces = movers & bb_marks[p->orient][m - 1];
        while (pieces) {
            int from = bb_pop(&pieces);
            mana_bb to = reach(m, bb_sq(from), empty, target);
            if (!out) {
                n += bb_count(to);
                continue;
            }
            while (to)
                out[n++] = MANA_MOVE_MAKE(MANA_MOVE_STEP, from, bb_pop(&to));
        }
    }
    return n;
}

/* Returns the side to move's pieces bound by the Mana: those on its mark
 * count, or every piece before the first move, when there is no Mana yet
 * and any piece may move (so that the exception, re-entry included,
 * applies when none can: decision, RULES.md "The Mana"). */
mana_bb mana__bound_pieces(const struct mana_pos *p)
{
    mana_bb own = p->occ[p->side];
    return p->mana ? own & bb_marks[p->orient][p->mana - 1] : own;
}

/* Returns the squares where the side to move may re-enter a Ronin now,
 * given that its bound pieces have no move (RULES.md "The Mana"). */
static mana_bb reentry_squares(const struct mana_game *g, mana_bb bound)
{
    const struct mana_pos *p = &g->pos;
    mana_bb own = p->occ[p->side];
    if (bb_count(own & ~p->damyo) >= 5)
        return 0;
    if (bound && !g->opt[MANA_OPT_REENTRY_WHEN_BLOCKED])
        return 0;
    mana_bb to = BB_ALL & ~(p->occ[0] | p->occ[1]);
    if (g->opt[MANA_OPT_REENTRY] == MANA_REENTRY_MANA_MARK && p->mana)
        to &= bb_marks[p->orient][p->mana - 1];
    return to;
}

int mana__play_moves(const struct mana_game *g, mana_move *out)
{
    const struct mana_pos *p = &g->pos;
    mana_bb own = p->occ[p->side];
    mana_bb bound = mana__bound_pieces(p);
    int n = 0;
    if (bound) {
        n = gen_steps(p, bound, out, 0);
        if (n)
            return n;
    }
    n = gen_steps(p, own & ~bound, out, 0);
    mana_bb drops = reentry_squares(g, bound);
    if (!out)
        n += bb_count(drops);
    else
        while (drops)
            out[n++] = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, bb_pop(&drops));
    if (n == 0 && g->opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS) {
        if (out)
            out[0] = MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0);
        n = 1;
    }
    return n;
}

int mana__bound_can_move(const struct mana_pos *p)
{
    mana_bb bound = mana__bound_pieces(p);
    return bound && gen_steps(p, bound, NULL, 0) > 0;
}

/* Returns 1 if the step from -> to is legal in the play phase. */
static int step_is_legal(const struct mana_game *g, int from, int to)
{
    const struct mana_pos *p = &g->pos;
    if (!(p->occ[p->side] & bb_sq(from)) || !(piece_reach(p, from) & bb_sq(to)))
        return 0;
    mana_bb bound = mana__bound_pieces(p);
    return !bound || (bound & bb_sq(from)) || gen_steps(p, bound, NULL, 0) == 0;
}

/* Returns 1 if re-entering a Ronin on sq is legal in the play phase. */
static int reentry_is_legal(const struct mana_game *g, int sq)
{
    mana_bb bound = mana__bound_pieces(&g->pos);
    if (!(reentry_squares(g, bound) & bb_sq(sq)))
        return 0;
    return !bound || gen_steps(&g->pos, bound, NULL, 0) == 0;
}

int mana__is_legal(const struct mana_game *g, mana_move m)
{
    int kind = MANA_MOVE_KIND(m), from = MANA_MOVE_FROM(m), to = MANA_MOVE_TO(m);
    if (m >> 15 || from > 35 || to > 35)
        return 0;
    int status = g->pos.status;
    if (status == MANA_PLAYING && kind == MANA_MOVE_STEP)
        return step_is_legal(g, from, to);
    if (status == MANA_PLAYING && kind == MANA_MOVE_DROP_RONIN)
        return from == 0 && reentry_is_legal(g, to);
    if (status != MANA_PLAYING && status != MANA_SETUP)
        return 0;
    mana_move list[MANA_MAX_MOVES];
    int n = mana__moves(g, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return 1;
    return 0;
}

int mana__moves(const struct mana_game *g, mana_move *out)
{
    switch (g->pos.status) {
    case MANA_SETUP:
        return mana__setup_moves(g, out);
    case MANA_PLAYING:
        return mana__play_moves(g, out);
    default:
        return 0;
    }
}

int mana__status(const struct mana_game *g)
{
    const struct mana_pos *p = &g->pos;
    if (p->status != MANA_PLAYING || g->opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS)
        return p->status;
    if (mana__play_moves(g, NULL) > 0)
        return MANA_PLAYING;
    if (g->opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_DRAW)
        return MANA_DRAWN;
    return p->side == MANA_WHITE ? MANA_BLACK_WON : MANA_WHITE_WON;
}
