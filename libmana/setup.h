/* SPDX-License-Identifier: MIT */
/*
 * setup.h - the rules of the setup (docs/rules.md "Setup", Decision D1)
 * that the two files that set up share, inline: where each side places,
 * the orientations Black may choose, and the placement rule on the counts
 * of the squares left.  setup.c (the legal setup moves) counts once per
 * call; setup_random.c keeps the counts from one placement to the next
 * instead of counting again.
 */
#ifndef MANA_SETUP_H
#define MANA_SETUP_H

#include "game.h"

/* Returns the squares where colour c places its pieces in setup
 * (mana__setup_area, inline): the back rank, or the two nearest ranks. */
static inline mana_bb setup_area(const struct mana_game *g, int c)
{
    if (g->opt[MANA_OPT_SETUP_AREA] == MANA_SETUP_BACK_RANK)
        return c == MANA_BLACK ? BB_RANK_6 : BB_RANK_1;
    return c == MANA_BLACK ? (BB_RANK_5 | BB_RANK_6) : (BB_RANK_1 | BB_RANK_2);
}

/* Returns the orientations Black may choose, bit k for orientation k
 * (0..3): those that leave both sides a legal setup, which is all four
 * unless DamyoOnDouble asks for a double in each side's setup area. */
static inline unsigned setup_orientations(const struct mana_game *g)
{
    if (!g->opt[MANA_OPT_DAMYO_ON_DOUBLE])
        return 15;
    mana_bb white = setup_area(g, MANA_WHITE), black = setup_area(g, MANA_BLACK);
    unsigned set = 0;
    for (unsigned k = 0; k < 4; k++)
        if ((white & bb_marks[k][1]) && (black & bb_marks[k][1]))
            set |= 1u << k;
    return set;
}

/* What the side to place has left: its free squares, where its Damyo may
 * go, the pieces still to place. */
struct mana_placing {
    mana_bb free; /* empty squares of the side's setup area */
    mana_bb dsq;  /* those where its Damyo may go (on a double under DamyoOnDouble) */
    int nfree;    /* squares of free */
    int ndsq;     /* squares of dsq */
    int left;     /* pieces still to place, 0..6, the Damyo included */
    int damyo;    /* 1 while the Damyo is still to place */
};

/* Returns what the side to place of g has left (orientation chosen),
 * the squares of a set counted by count: bb_count, or where the
 * processor has it, its popcount instruction (setup_random.c). */
static inline struct mana_placing placing_counted(const struct mana_game *g, int (*count)(mana_bb))
{
    const struct mana_pos *p = &g->pos;
    mana_bb own = p->occ[p->side];
    struct mana_placing s = {.free = setup_area(g, p->side) & ~(p->occ[0] | p->occ[1])};
    s.nfree = count(s.free);
    s.dsq = s.free;
    s.ndsq = s.nfree;
    if (g->opt[MANA_OPT_DAMYO_ON_DOUBLE]) {
        s.dsq &= bb_marks[p->orient][1];
        s.ndsq = count(s.dsq);
    }
    s.damyo = (own & p->damyo) == 0;
    /* nothing placed yet (the usual case): all six pieces, not counted */
    s.left = own ? MANA_PIECE_COUNT - count(own) : MANA_PIECE_COUNT;
    return s;
}

/* Returns what the side to place of g has left (orientation chosen). */
static inline struct mana_placing placing_of(const struct mana_game *g)
{
    return placing_counted(g, bb_count);
}

/* The legal placements once the Damyo is placed: a Ronin on any free
 * square, so their number is nfree; none if no piece is left, or if the
 * pieces left do not fit in the free squares.  When they fit, a
 * placement keeps them fitting (one square and one piece fewer): the next
 * placements number nfree - 1, nfree - 2, ... */
static inline int placing_ronins(const struct mana_placing *s)
{
    return s->left > 0 && s->nfree >= s->left ? s->nfree : 0;
}

/*
 * The legal placements (Decision D1: none may leave a piece still to
 * place without a square).  Returns their number, *nd of them the
 * Damyo's, on the squares of dsq, the others a Ronin's, on *r.  None if
 * the pieces left do not fit in the free squares (after any placement,
 * left - 1 pieces need nfree - 1 squares; they need count alone).  The
 * Damyo may go on any square of dsq while it is still to place.  A Ronin
 * may go on any free square, if one is left; but the Damyo, if still to
 * come, keeps a square of its own: none if it has none now, all but that
 * one if one is its last.
 */
static inline int placing_moves(const struct mana_placing *s, int *nd, mana_bb *r)
{
    *nd = 0;
    *r = 0;
    if (s->nfree < s->left)
        return 0;
    if (!s->damyo) {
        int n = placing_ronins(s);
        *r = n ? s->free : 0;
        return n;
    }
    *nd = s->ndsq;
    if (s->left == 1 || s->ndsq == 0)
        return s->ndsq;
    if (s->ndsq == 1) {
        *r = s->free & ~s->dsq;
        return s->ndsq + s->nfree - 1;
    }
    *r = s->free;
    return s->ndsq + s->nfree;
}

#endif
