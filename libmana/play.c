/* SPDX-License-Identifier: MIT */
/*
 * Making and taking back moves, with the incremental hash and the undo
 * history (RULES.md "Moving", "The Mana", "Optional adjudication").
 */
#include <stdlib.h>

#include "game.h"
#include "zobrist.h"

/* Returns the Zobrist key of a piece of colour c (Damyo if damyo) on sq. */
static inline uint64_t piece_key(int c, int damyo, int sq)
{
    return zobrist_piece[c * 2 + damyo][sq];
}

uint64_t mana__hash_of(const struct mana_pos *p)
{
    uint64_t h = zobrist_mana[p->mana] ^ zobrist_orient[p->orient + 1];
    if (p->side == MANA_BLACK)
        h ^= zobrist_black;
    for (int c = 0; c < 2; c++)
        for (mana_bb b = p->occ[c]; b;) {
            int sq = bb_pop(&b);
            h ^= piece_key(c, (p->damyo & bb_sq(sq)) != 0, sq);
        }
    return h;
}

/* Grows the history to room for `extra` more entries.  cap may be below
 * len here: mana_clone copies len before it reserves the copy's room. */
int mana__reserve_history(struct mana_game *g, uint32_t extra)
{
    if (g->cap >= g->len && g->cap - g->len >= extra)
        return MANA_OK;
    if (g->len > UINT32_MAX / 4 || extra > UINT32_MAX / 4 - g->len)
        return MANA_ENOMEM;
    uint32_t cap = g->cap ? g->cap : 64;
    while (cap < g->len + extra)
        cap *= 2;
    struct mana_undo *h = realloc(g->hist, (size_t)cap * sizeof *h);
    if (!h)
        return MANA_ENOMEM;
    g->hist = h;
    g->cap = cap;
    return MANA_OK;
}

/* Sets the side to move and the Mana, keeping the hash in step. */
static inline void set_turn(struct mana_pos *p, int side, int mana)
{
    p->hash ^= zobrist_mana[p->mana] ^ zobrist_mana[mana];
    if (side != p->side)
        p->hash ^= zobrist_black;
    p->side = (uint8_t)side;
    p->mana = (uint8_t)mana;
}

/* Adds or removes a piece, leaving the hash alone (undo restores it). */
static inline void flip_piece(struct mana_pos *p, int c, int damyo, int sq)
{
    p->occ[c] ^= bb_sq(sq);
    if (damyo)
        p->damyo ^= bb_sq(sq);
}

/* Adds (or removes: the same xor) a piece and its hash key. */
static inline void toggle_piece(struct mana_pos *p, int c, int damyo, int sq)
{
    p->occ[c] ^= bb_sq(sq);
    if (damyo)
        p->damyo ^= bb_sq(sq);
    p->hash ^= piece_key(c, damyo, sq);
}

/* Returns 1 if the position now on the board has occurred `times` times
 * in the play phase (repetition option). */
static int repeated(const struct mana_game *g, int times)
{
    /* hist[i].hash is the position before move i; only every other one
     * has the same side to move as now.  Captures do not end the scan:
     * a re-entry can bring the same pieces back. */
    int seen = 1;
    for (int64_t j = (int64_t)g->len - 2; j >= (int64_t)g->play_start; j -= 2)
        if (g->hist[j].hash == g->pos.hash && ++seen >= times)
            return 1;
    return 0;
}

/* Applies the draws of the adjudication options after a play-phase move. */
static void adjudicate(struct mana_game *g)
{
    if (g->pos.status != MANA_PLAYING)
        return;
    int limit = g->opt[MANA_OPT_PLY_LIMIT], rep = g->opt[MANA_OPT_REPETITION];
    if ((limit && g->len - g->play_start >= (uint32_t)limit) || (rep && repeated(g, rep)))
        g->pos.status = MANA_DRAWN;
}

/* A step in play: the piece on `from` goes to `to`, capturing there. */
static int do_step(struct mana_pos *p, int from, int to)
{
    int us = p->side, them = !us, captured = 0;
    if (p->occ[them] & bb_sq(to)) {
        captured = (p->damyo & bb_sq(to)) ? 2 : 1;
        toggle_piece(p, them, captured == 2, to);
        if (captured == 2)
            p->status = us == MANA_WHITE ? MANA_WHITE_WON : MANA_BLACK_WON;
    }
    mana_bb path = bb_sq(from) | bb_sq(to);
    int damyo = (p->damyo & bb_sq(from)) != 0;
    p->occ[us] ^= path;
    if (damyo)
        p->damyo ^= path;
    p->hash ^= piece_key(us, damyo, from) ^ piece_key(us, damyo, to);
    set_turn(p, them, bb_marks_at(p->orient, to));
    return captured;
}

/* A setup move: the orientation choice or a placement. */
static void do_setup(struct mana_game *g, int kind, int to)
{
    struct mana_pos *p = &g->pos;
    if (kind == MANA_MOVE_ORIENT) {
        p->hash ^= zobrist_orient[p->orient + 1] ^ zobrist_orient[to + 1];
        p->orient = (int8_t)to;
        return;
    }
    toggle_piece(p, p->side, kind == MANA_MOVE_DROP_DAMYO, to);
    if (bb_count(p->occ[MANA_BLACK]) < 6)
        return;
    if (p->side == MANA_BLACK) {
        set_turn(p, MANA_WHITE, 0);
    } else if (bb_count(p->occ[MANA_WHITE]) == 6) {
        set_turn(p, MANA_BLACK, 0);
        p->status = MANA_PLAYING;
        g->play_start = g->len;
    }
}

int mana__pos_play(struct mana_pos *p, mana_move m)
{
    int kind = MANA_MOVE_KIND(m), to = MANA_MOVE_TO(m), passes = p->passes;
    p->passes = 0;
    if (kind == MANA_MOVE_STEP)
        return do_step(p, MANA_MOVE_FROM(m), to);
    if (kind == MANA_MOVE_DROP_RONIN) {
        toggle_piece(p, p->side, 0, to);
        set_turn(p, !p->side, bb_marks_at(p->orient, to));
        return 0;
    }
    /* pass: the Mana stays and binds the opponent */
    p->passes = (uint8_t)(passes + 1);
    set_turn(p, !p->side, p->mana);
    if (p->passes >= 2)
        p->status = MANA_DRAWN;
    return 0;
}

int mana__do(struct mana_game *g, mana_move m)
{
    if (g->len == g->cap && mana__reserve_history(g, 1) != MANA_OK)
        return MANA_ENOMEM;
    struct mana_pos *p = &g->pos;
    struct mana_undo *u = &g->hist[g->len++];
    *u = (struct mana_undo){.hash = p->hash, .move = m, .mana = p->mana, .status = p->status, .passes = p->passes};
    if (p->status == MANA_SETUP) {
        do_setup(g, MANA_MOVE_KIND(m), MANA_MOVE_TO(m));
        return MANA_OK;
    }
    u->captured = (uint8_t)mana__pos_play(p, m);
    adjudicate(g);
    return MANA_OK;
}

/* Takes back the setup move u (orientation or placement). */
static void undo_setup(struct mana_pos *p, const struct mana_undo *u)
{
    int kind = MANA_MOVE_KIND(u->move), to = MANA_MOVE_TO(u->move);
    if (kind == MANA_MOVE_ORIENT)
        p->orient = -1;
    else
        flip_piece(p, (p->occ[MANA_WHITE] & bb_sq(to)) ? MANA_WHITE : MANA_BLACK, kind == MANA_MOVE_DROP_DAMYO, to);
    p->side = bb_count(p->occ[MANA_BLACK]) < 6 ? MANA_BLACK : MANA_WHITE;
}

/* Takes back the play-phase move u (step, re-entry or pass). */
static inline void undo_play(struct mana_pos *p, const struct mana_undo *u)
{
    int kind = MANA_MOVE_KIND(u->move), to = MANA_MOVE_TO(u->move), mover = !p->side;
    if (kind == MANA_MOVE_STEP) {
        int from = MANA_MOVE_FROM(u->move), damyo = (p->damyo & bb_sq(to)) != 0;
        mana_bb path = bb_sq(from) | bb_sq(to);
        p->occ[mover] ^= path;
        if (damyo)
            p->damyo ^= path;
        if (u->captured)
            flip_piece(p, p->side, u->captured == 2, to);
    } else if (kind == MANA_MOVE_DROP_RONIN) {
        flip_piece(p, mover, 0, to);
    }
    p->side = (uint8_t)mover;
}

void mana__undo(struct mana_game *g)
{
    struct mana_pos *p = &g->pos;
    const struct mana_undo *u = &g->hist[--g->len];
    if (u->status == MANA_SETUP)
        undo_setup(p, u);
    else
        undo_play(p, u);
    p->mana = u->mana;
    p->status = u->status;
    p->passes = u->passes;
    p->hash = u->hash;
}
