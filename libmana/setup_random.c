/* SPDX-License-Identifier: MIT */
/*
 * A random setup (mana_setup_random, docs/rules.md "Setup"): legal setup
 * moves drawn from a seeded splitmix64 sequence and played until the play
 * phase begins.  On top of setup.c (the legal setup moves, setup.h's
 * placement rule) and play.c (the history).  Each move is the one at index
 * next_random % n of the n legal setup moves in mana__setup_moves's order
 * (Damyo squares, then Ronin squares, lowest first), and is recorded and
 * hashed as play.c's mana__do would; the counts of setup.h are kept from
 * one placement to the next rather than counted again.
 */
#include "setup.h"
#include "zobrist.h"

/* Returns the next number of a splitmix64 sequence kept in *state. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Returns the k-th (from 0, lowest first) square of b, which has more
 * than k squares. */
static int nth_square(mana_bb b, int k)
{
    while (k-- > 0)
        b &= b - 1;
    return bb_first(b);
}

/* Appends the record of the setup move m to the history (which has
 * room), as mana__do does: the position it is played from, as it is;
 * then the position's facts are cleared, as every move clears them.
 * Returns the record after it. */
static struct mana_undo *record_setup(struct mana_undo *u, struct mana_pos *p, mana_move m)
{
    u->before = *p;
    u->move = (uint16_t)m;
    p->facts = 0;
    return u + 1;
}

/* Black's orientation choice: a random one of the legal orientation
 * moves, played by mana__do (the history has room). */
static void choose_orientation(struct mana_game *g, uint64_t *state)
{
    mana_move list[4];
    int n = mana__setup_moves(g, list);
    mana__do(g, list[next_random(state) % (uint64_t)n]);
}

/* Takes sq, where the side to place has just put a piece (its Damyo if
 * damyo), out of s's squares, and the piece out of what is left. */
static inline void take(struct mana_placing *s, int damyo, int sq)
{
    s->nfree--;
    s->ndsq -= (int)((s->dsq >> sq) & 1);
    s->free &= ~bb_sq(sq);
    s->dsq &= ~bb_sq(sq);
    s->damyo -= damyo;
    s->left--;
}

/*
 * Places the pieces the side to place has left, each on a random one of
 * its legal placements (setup.h), with their hash keys, then hands the
 * turn on.  MANA_ESTATE if a piece has no legal square (the no-dead-lock
 * rule forbids it).  A store to the history may alias anything: what the
 * loop reads is kept in locals; g's position is only written, and copied
 * to each record.
 */
static int place_side(struct mana_game *g, uint64_t *state)
{
    struct mana_pos *p = &g->pos;
    struct mana_placing s = placing_of(g);
    struct mana_undo *hist = g->hist + g->len;
    int side = p->side;
    mana_bb *own = &p->occ[p->side];
    uint64_t rnd = *state;
    int err = MANA_OK;
    while (s.left > 0) {
        int nd;
        mana_bb r;
        int count = placing_moves(&s, &nd, &r);
        if (count == 0) {
            err = mana__fail(MANA_ESTATE, "mana_setup_random: no legal setup move");
            break;
        }
        int k = (int)(next_random(&rnd) % (uint64_t)count), damyo = k < nd;
        int sq = damyo ? nth_square(s.dsq, k) : nth_square(r, k - nd);
        int kind = damyo ? MANA_MOVE_DROP_DAMYO : MANA_MOVE_DROP_RONIN;
        hist = record_setup(hist, p, MANA_MOVE_MAKE(kind, 0, sq));
        *own |= bb_sq(sq);
        if (damyo)
            p->damyo |= bb_sq(sq);
        p->hash ^= zobrist_piece[sq][2 * side + damyo];
        take(&s, damyo, sq);
    }
    *state = rnd;
    g->len = (uint32_t)(hist - g->hist);
    if (err == MANA_OK)
        mana__placements_done(g);
    return err;
}

/* The rest of the setup from where it stands: the orientation if still
 * to choose, Black's placements if not done, then White's. */
static int complete_setup(struct mana_game *g, uint64_t *state)
{
    if (g->pos.orient < 0)
        choose_orientation(g, state);
    if (g->pos.side == MANA_BLACK) {
        int err = place_side(g, state);
        if (err != MANA_OK)
            return err;
    }
    return place_side(g, state);
}

MANA_API int mana_setup_random(mana_game *g, uint64_t seed)
{
    if (!g)
        return mana__fail(MANA_EINVAL, "mana_setup_random: game is NULL");
    if (g->pos.status != MANA_SETUP)
        return mana__fail(MANA_ESTATE, "mana_setup_random: the setup is already complete");
    if (mana__reserve_history(g, 13) != MANA_OK)
        return mana__fail(MANA_ENOMEM, "mana_setup_random: cannot grow the history");
    uint64_t state = seed;
    return complete_setup(g, &state);
}
