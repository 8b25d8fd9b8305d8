/* SPDX-License-Identifier: MIT */
/*
 * Move generation in the play phase (RULES.md "Moving", "The Mana",
 * "No legal move at all").  One step goes to the adjacent squares (shifts
 * with file masks); the ends of 2- and 3-step moves are read from the
 * static const tables of reach_table.h, which tools/gen_tables.py computes
 * with set operations on bitboards for every occupancy of the squares a
 * path can cross.  No path is walked square by square.
 */
#include "game.h"
#include "reach_table.h"

/*
 * Returns the squares a piece on sq reaches in exactly `steps` (1..3)
 * steps, never visiting a square twice, every square before the last one
 * empty; occ is every piece on the board.  The last square may hold
 * anything: the caller keeps its targets.  E.g. a 3-step piece on b2 with
 * the board empty reaches the 3-step squares and, round a 2x2 block, its
 * neighbours (b2-c2-c3-b3).
 */
static inline mana_bb reach_any(int steps, int sq, mana_bb occ)
{
    if (steps == 1)
        return bb_adjacent(bb_sq(sq));
    const struct reach_magic *m = &reach_magic[steps - 2][sq];
    return (mana_bb)reach_table[m->offset + (((occ & m->mask) * m->magic) >> m->shift)] << m->base;
}

mana_bb mana__reach(int steps, int from, mana_bb empty, mana_bb target)
{
    return reach_any(steps, from, BB_ALL & ~empty) & target;
}

/* Returns the number of steps of the pieces (all with `steps` marks). */
static inline int count_group(int steps, mana_bb pieces, mana_bb occ, mana_bb target)
{
    int n = 0;
    while (pieces)
        n += bb_count(reach_any(steps, bb_pop(&pieces), occ) & target);
    return n;
}

/* Appends the steps of the pieces (all with `steps` marks) to out[n..];
 * returns the new count. */
static inline int list_group(int steps, mana_bb pieces, mana_bb occ, mana_bb target, mana_move *out, int n)
{
    while (pieces) {
        int from = bb_pop(&pieces);
        for (mana_bb to = reach_any(steps, from, occ) & target; to;)
            out[n++] = MANA_MOVE_MAKE(MANA_MOVE_STEP, from, bb_pop(&to));
    }
    return n;
}

/* Appends (or, with out NULL, counts) the steps of the pieces in movers,
 * by mark count then square, starting at index n; returns the new count. */
static int gen_steps(const struct mana_pos *p, mana_bb movers, mana_move *out, int n)
{
    mana_bb occ = p->occ[0] | p->occ[1];
    mana_bb target = BB_ALL & ~p->occ[p->side];
    for (int m = 1; m <= 3; m++) {
        mana_bb pieces = movers & bb_marks[p->orient][m - 1];
        n = out ? list_group(m, pieces, occ, target, out, n) : n + count_group(m, pieces, occ, target);
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
static mana_bb reentry_squares(const struct mana_pos *p, const int32_t *opt, mana_bb bound)
{
    mana_bb own = p->occ[p->side];
    if (bb_count(own & ~p->damyo) >= 5)
        return 0;
    if (bound && !opt[MANA_OPT_REENTRY_WHEN_BLOCKED])
        return 0;
    mana_bb to = BB_ALL & ~(p->occ[0] | p->occ[1]);
    if (opt[MANA_OPT_REENTRY] == MANA_REENTRY_MANA_MARK && p->mana)
        to &= bb_marks[p->orient][p->mana - 1];
    return to;
}

/* The exception (RULES.md "The Mana"): the bound pieces have no step, so
 * any other piece may move, or a Ronin re-enter; pass if nothing is
 * legal under blocked = pass.  Appends to out (or counts); returns n. */
static int unbound_moves(const struct mana_pos *p, const int32_t *opt, mana_bb bound, mana_move *out)
{
    int n = gen_steps(p, p->occ[p->side] & ~bound, out, 0);
    mana_bb drops = reentry_squares(p, opt, bound);
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
    int n = 0;
    if (p->mana)
        n = count_group(p->mana, bound, p->occ[0] | p->occ[1], BB_ALL & ~p->occ[p->side]);
    else if (bound)
        n = gen_steps(p, bound, NULL, 0);
    return n ? n : unbound_moves(p, opt, bound, NULL);
}

/*
 * The opponent's steps counted once in a position p and reused for each
 * child of p (perft's last two plies): a move from -> to changes the steps
 * of an opponent piece q only if a path of q crosses from or to, that is
 * if from or to is in the magic mask of q, or q in theirs.
 */
struct replies {
    mana_bb opp, occ;
    int sum[4];        /* sum[k]: the steps of the opponent's k-mark pieces */
    uint8_t count[36]; /* count[q]: the steps of the opponent's piece on q */
};

static void replies_init(const struct mana_pos *p, struct replies *r)
{
    r->opp = p->occ[!p->side];
    r->occ = p->occ[0] | p->occ[1];
    for (int k = 1; k <= 3; k++) {
        r->sum[k] = 0;
        for (mana_bb q = r->opp & bb_marks[p->orient][k - 1]; q;) {
            int sq = bb_pop(&q);
            r->count[sq] = (uint8_t)bb_count(reach_any(k, sq, r->occ) & ~r->opp & BB_ALL);
            r->sum[k] += r->count[sq];
        }
    }
}

/* Returns the squares whose k-step paths may cross sq. */
static inline mana_bb crossing(int k, int sq)
{
    return k == 1 ? 0 : reach_magic[k - 2][sq].mask;
}

/* Returns the steps of the opponent's k-mark pieces after the quiet step
 * or re-entry m (from_b: its start square, 0 for a re-entry). */
static int replies_after_quiet(const struct replies *r, const struct mana_pos *p, mana_move m, mana_bb from_b)
{
    int to = MANA_MOVE_TO(m), k = reach_marks[p->orient][to];
    mana_bb bound = r->opp & bb_marks[p->orient][k - 1];
    mana_bb near = crossing(k, to) | (from_b ? crossing(k, MANA_MOVE_FROM(m)) : 0);
    int n = r->sum[k];
    near &= bound;
    if (near) {
        mana_bb occ = (r->occ & ~from_b) | bb_sq(to), target = BB_ALL & ~r->opp;
        while (near) {
            int q = bb_pop(&near);
            n += bb_count(reach_any(k, q, occ) & target) - r->count[q];
        }
    }
    return n;
}

/* Returns the number of legal moves after the step or re-entry m in p,
 * read from the replies of p without playing m in the usual case: the
 * Mana then binds a piece that can move. */
static int count_after(const struct mana_pos *p, const int32_t *opt, const struct replies *r, mana_move m)
{
    int them = !p->side, to = MANA_MOVE_TO(m);
    mana_bb to_b = bb_sq(to);
    if (p->damyo & p->occ[them] & to_b)
        return 0; /* the Damyo is taken: the game is over */
    mana_bb from_b = MANA_MOVE_KIND(m) == MANA_MOVE_STEP ? bb_sq(MANA_MOVE_FROM(m)) : 0;
    mana_bb opp = p->occ[them] & ~to_b;
    int mana = reach_marks[p->orient][to];
    mana_bb bound = opp & bb_marks[p->orient][mana - 1];
    int n;
    if (r->opp & to_b)
        n = count_group(mana, bound, ((r->occ & ~from_b) | to_b), BB_ALL & ~opp);
    else
        n = replies_after_quiet(r, p, m, from_b);
    if (n)
        return n;
    struct mana_pos child = *p;
    mana__pos_play(&child, m);
    return unbound_moves(&child, opt, bound, NULL);
}

uint64_t mana__pos_leaves2(const struct mana_pos *p, const int32_t *opt)
{
    mana_move list[MANA_MAX_MOVES];
    struct replies r;
    int n = mana__pos_moves(p, opt, list);
    uint64_t leaves = 0;
    replies_init(p, &r);
    for (int i = 0; i < n; i++) {
        if (MANA_MOVE_KIND(list[i]) != MANA_MOVE_PASS) {
            leaves += (uint64_t)count_after(p, opt, &r, list[i]);
            continue;
        }
        struct mana_pos child = *p;
        mana__pos_play(&child, list[i]);
        if (child.status == MANA_PLAYING)
            leaves += (uint64_t)mana__pos_count(&child, opt);
    }
    return leaves;
}

int mana__play_moves(const struct mana_game *g, mana_move *out)
{
    return mana__pos_moves(&g->pos, g->opt, out);
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
    mana_bb own = p->occ[p->side];
    if (!(own & bb_sq(from)))
        return 0;
    mana_bb ends = reach_any(bb_marks_at(p->orient, from), from, p->occ[0] | p->occ[1]) & ~own;
    if (!(ends & bb_sq(to)))
        return 0;
    mana_bb bound = mana__bound_pieces(p);
    return !bound || (bound & bb_sq(from)) || gen_steps(p, bound, NULL, 0) == 0;
}

/* Returns 1 if re-entering a Ronin on sq is legal in the play phase. */
static int reentry_is_legal(const struct mana_game *g, int sq)
{
    mana_bb bound = mana__bound_pieces(&g->pos);
    if (!(reentry_squares(&g->pos, g->opt, bound) & bb_sq(sq)))
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
