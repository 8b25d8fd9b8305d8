/* SPDX-License-Identifier: MIT */
/*
 * Making and taking back moves, with the incremental hash and the history
 * (docs/rules.md "Moving", "The Mana", "Optional adjudication"), and the
 * quick path of mana_play: a step of a bound piece is proved legal by one
 * reach-table lookup, then played with a hash update of a few xors; its
 * record is the position it was played from, which mana_undo copies back.
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "legality.h"
#include "tables.h"
#include "zobrist.h"

/* COLD: the rare paths, and the searches for the facts (their calls and
 * the spills around them go out of line, where the hot functions keep
 * their registers); HOT: the steps of the quick path, inlined into
 * mana_play. */
#if defined(__GNUC__) || defined(__clang__)
#define COLD __attribute__((noinline, cold))
#define HOT inline __attribute__((always_inline))
#else
#define COLD
#define HOT inline
#endif

/* bit[sq]: the bitboard of square sq (0..63), a load where a shift would
 * tie up the count register. */
#define BIT4(i) (mana_bb)1 << (i), (mana_bb)1 << ((i) + 1), (mana_bb)1 << ((i) + 2), (mana_bb)1 << ((i) + 3)
#define BIT16(i) BIT4(i), BIT4((i) + 4), BIT4((i) + 8), BIT4((i) + 12)
static const mana_bb bit[64] = {BIT16(0), BIT16(16), BIT16(32), BIT16(48)};

/* Returns the Zobrist key of a piece of colour c (Damyo if damyo) on sq. */
static inline uint64_t piece_key(int c, int damyo, int sq)
{
    return zobrist_piece[sq][c * 2 + damyo];
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
    /* doubling, or the room asked for when that is more */
    uint32_t cap = g->cap ? 2 * g->cap : 64;
    if (cap < g->len + extra)
        cap = g->len + extra;
    if ((uint64_t)cap * sizeof(struct mana_undo) > SIZE_MAX) /* 32-bit size_t */
        return MANA_ENOMEM;
    struct mana_undo *h = realloc(g->hist, (size_t)cap * sizeof *h);
    if (!h)
        return MANA_ENOMEM;
    g->hist = h;
    g->cap = cap;
    return MANA_OK;
}

/* Sets the side to move and the Mana in setup, keeping the hash in step. */
static inline void set_turn(struct mana_pos *p, int side, int mana)
{
    p->hash ^= zobrist_mana[p->mana] ^ zobrist_mana[mana];
    if (side != p->side)
        p->hash ^= zobrist_black;
    p->side = (uint8_t)side;
    p->mana = (uint8_t)mana;
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
 * in the play phase (repetition option): the records' positions with the
 * same side to move are every other one back. */
static int repeated(const struct mana_game *g, int times)
{
    uint64_t h = g->pos.hash;
    int seen = 1;
    for (uint32_t j = g->len; j >= g->play_start + 2;) {
        j -= 2;
        if (g->hist[j].before.hash == h && ++seen >= times)
            return 1;
    }
    return 0;
}

/* The adjudication options after a play-phase move, one of them on and
 * the ply limit reached or the repetition option on; returns MANA_OK. */
COLD static int adjudicate_options(struct mana_game *g)
{
    int32_t limit = g->opt[MANA_OPT_PLY_LIMIT], rep = g->opt[MANA_OPT_REPETITION];
    if (g->pos.status != MANA_PLAYING)
        return MANA_OK;
    if ((limit && g->len - g->play_start >= (uint32_t)limit) || (rep && repeated(g, rep)))
        g->pos.status = MANA_DRAWN;
    return MANA_OK;
}

/* Applies the draws of the adjudication options after a play-phase move;
 * returns MANA_OK.  Without them (the presets' default) nothing to do:
 * the two options, next to each other, tested with one load; with a ply
 * limit alone, not reached, one compare more: limit - 1 wraps to the
 * largest value when the option is off (0), which no ply count reaches. */
static HOT int adjudicate(struct mana_game *g)
{
    _Static_assert(MANA_OPT_PLY_LIMIT == MANA_OPT_REPETITION + 1, "the options tested together are neighbours");
    uint64_t options;
    memcpy(&options, &g->opt[MANA_OPT_REPETITION], sizeof options);
    if (!options ||
        (!g->opt[MANA_OPT_REPETITION] && g->len - g->play_start <= (uint32_t)g->opt[MANA_OPT_PLY_LIMIT] - 1u))
        return MANA_OK;
    return adjudicate_options(g);
}

/* The enemy piece on `to` (bit t) is captured: removed from the board and
 * the hash; the game is won with the Damyo.  Returns 1 for a Ronin, 2 for
 * the Damyo. */
static HOT unsigned capture(struct mana_pos *p, size_t them, size_t to, mana_bb t)
{
    size_t damyo = (size_t)(p->damyo >> to) & 1;
    p->occ[them] ^= t;
    if (damyo) {
        p->damyo ^= t;
        p->status = them == MANA_BLACK ? MANA_WHITE_WON : MANA_BLACK_WON;
    }
    p->hash ^= zobrist_piece[to][2 * them + damyo];
    return 1 + (unsigned)damyo;
}

/* The piece on `from` goes to the empty square `to` and the turn passes
 * (the Mana on to's mark count, no pass just played).  The squares and
 * indexes are size_t: as unsigned each use as an index cost a
 * zero-extension. */
static HOT void move_piece(struct mana_pos *p, size_t from, size_t to)
{
    size_t us = p->side, mana = p->mana, after = mana__reach_marks[p->orient][to];
    size_t damyo = (size_t)(p->damyo >> from) & 1;
    mana_bb path = bit[from] | bit[to];
    size_t kind = 2 * us + damyo;
    p->occ[us] ^= path;
    p->damyo ^= path & (0 - (mana_bb)damyo);
    p->hash ^= zobrist_piece[from][kind] ^ zobrist_piece[to][kind] ^ zobrist_turn[mana][after];
    p->side = (uint8_t)(us ^ 1);
    p->mana = (uint8_t)after;
    p->passes = 0;
    p->facts = 0;
}

/* A step in play: the piece on `from` goes to `to`, capturing there.
 * Returns 0, or 1 / 2 if it captured a Ronin / the Damyo. */
static HOT unsigned do_step(struct mana_pos *p, unsigned from, unsigned to)
{
    unsigned captured = 0;
    mana_bb t = bit[to];
    if (p->occ[p->side ^ 1] & t)
        captured = capture(p, p->side ^ 1u, to, t);
    move_piece(p, from, to);
    return captured;
}

/* A re-entry in play: a Ronin of the side to move comes back on `to`
 * (size_t, as in move_piece). */
static HOT void do_reentry(struct mana_pos *p, size_t to)
{
    size_t us = p->side, mana = mana__reach_marks[p->orient][to];
    p->occ[us] ^= bit[to];
    p->hash ^= zobrist_piece[to][2 * us] ^ zobrist_turn[p->mana][mana];
    p->side = (uint8_t)(us ^ 1);
    p->mana = (uint8_t)mana;
    p->passes = 0;
    p->facts = 0;
}

/* A setup move: the orientation choice or a placement. */
static void do_setup(struct mana_game *g, int kind, int to)
{
    struct mana_pos *p = &g->pos;
    p->facts = 0;
    if (kind == MANA_MOVE_ORIENT) {
        p->hash ^= zobrist_orient[p->orient + 1] ^ zobrist_orient[to + 1];
        p->orient = (int8_t)to;
        return;
    }
    toggle_piece(p, p->side, kind == MANA_MOVE_DROP_DAMYO, to);
    if (bb_count(p->occ[p->side]) == MANA_PIECE_COUNT)
        mana__placements_done(g);
}

void mana__placements_done(struct mana_game *g)
{
    struct mana_pos *p = &g->pos;
    if (p->side == MANA_BLACK) {
        set_turn(p, MANA_WHITE, 0);
        return;
    }
    set_turn(p, MANA_BLACK, 0);
    p->status = MANA_PLAYING;
    g->play_start = g->len;
}

/* Plays the play-phase move m, assumed legal, on p; returns 0, or 1 / 2
 * if it captured a Ronin / the Damyo. */
static HOT int play_move(struct mana_pos *p, mana_move m)
{
    int kind = MANA_MOVE_KIND(m), to = MANA_MOVE_TO(m);
    if (kind == MANA_MOVE_STEP)
        return (int)do_step(p, (unsigned)MANA_MOVE_FROM(m), (unsigned)to);
    if (kind == MANA_MOVE_DROP_RONIN) {
        do_reentry(p, (size_t)to);
        return 0;
    }
    /* pass: the Mana stays and binds the opponent */
    p->hash ^= zobrist_turn[p->mana][p->mana];
    p->side = (uint8_t)!p->side;
    p->facts = 0;
    if (++p->passes >= 2)
        p->status = MANA_DRAWN;
    return 0;
}

int mana__pos_play(struct mana_pos *p, mana_move m)
{
    return play_move(p, m);
}

/* Appends the record of move m from the position now on the board (the
 * history has room): the position as it is, for the take-back. */
static HOT void push_record(struct mana_game *g, mana_move m)
{
    struct mana_undo *u = &g->hist[g->len++];
    u->before = g->pos;
    u->move = (uint16_t)m;
}

/* Plays the play-phase move m, assumed legal, keeping its record (the
 * history has room) and applying the adjudication options. */
static HOT void do_play(struct mana_game *g, mana_move m)
{
    push_record(g, m);
    play_move(&g->pos, m);
    adjudicate(g);
}

int mana__do(struct mana_game *g, mana_move m)
{
    if (g->len == g->cap && mana__reserve_history(g, 1) != MANA_OK)
        return MANA_ENOMEM;
    if (g->pos.status != MANA_SETUP) {
        do_play(g, m);
        return MANA_OK;
    }
    push_record(g, m);
    do_setup(g, MANA_MOVE_KIND(m), MANA_MOVE_TO(m));
    return MANA_OK;
}

/* mana_play beyond the quick path: NULL, the full legality test and the
 * reason of a refusal, setup moves, a history to grow. */
__attribute__((noinline)) static int play_checked(mana_game *g, mana_move m)
{
    if (!g)
        return mana__fail(MANA_EINVAL, "mana_play: game is NULL");
    if (!mana__is_legal(g, m)) {
        int status = mana__status(g);
        if (status != MANA_SETUP && status != MANA_PLAYING)
            return mana__fail_over(status);
        return mana__explain_illegal(g, m);
    }
    if (mana__do(g, m) != MANA_OK)
        return mana__fail(MANA_ENOMEM, "mana_play: cannot grow the history");
    return MANA_OK;
}

/* A capture from -> to, proved legal: not inlined, to keep the quiet
 * step short. */
__attribute__((noinline)) static int play_capture(struct mana_game *g, mana_move m, size_t from, size_t to)
{
    struct mana_pos *p = &g->pos;
    push_record(g, m);
    capture(p, p->side ^ 1u, to, bit[to]);
    move_piece(p, from, to);
    return adjudicate(g);
}

/* Plays the step from -> to, proved legal (enemy: the enemy pieces): a
 * quiet step here, with its record; a capture in play_capture. */
static HOT int play_step(struct mana_game *g, mana_move m, size_t from, size_t to, mana_bb enemy)
{
    if ((enemy >> to) & 1)
        return play_capture(g, m, from, to);
    push_record(g, m);
    move_piece(&g->pos, from, to);
    return adjudicate(g);
}

/* Finds the facts of the play-phase position p (MANA_FACT_* bits), keeps
 * them in p->facts and returns them. */
COLD static unsigned find_facts(struct mana_pos *p)
{
    mana_bb bound = mana__bound_pieces(p);
    unsigned facts = MANA_FACT_KNOWN | (bound ? MANA_FACT_BOUND : 0);
    if (!mana__pieces_can_step(p, bound, p->occ[0] | p->occ[1], BB_ALL & ~p->occ[p->side])) {
        facts |= MANA_FACT_EXCEPTION;
        if (mana__has_reserve(p->occ[p->side], p->damyo))
            facts |= MANA_FACT_RESERVE;
    }
    p->facts = (uint8_t)facts;
    return facts;
}

/* Returns the facts of the play-phase position p: found once per position
 * and kept in p->facts. */
static HOT unsigned facts_of(struct mana_pos *p)
{
    return p->facts ? p->facts : find_facts(p);
}

/* A step of a piece off the Mana's mark count (its reach checked), the
 * side having a piece on it or no Mana yet: legal when there is no Mana
 * yet or under the exception. */
__attribute__((noinline)) static int play_unbound_step(mana_game *g, mana_move m, size_t from, size_t to, mana_bb enemy)
{
    if (g->pos.mana && !(facts_of(&g->pos) & MANA_FACT_EXCEPTION))
        return play_checked(g, m);
    return play_step(g, m, from, to, enemy);
}

/* Finds the facts of the play-phase position p for a re-entry, keeps them
 * in p->facts and returns them: when the side has no bound piece (in
 * random playouts nearly always so, when a re-entry is legal) the
 * exception holds and the reserve is the one fact to find, without
 * find_facts's search. */
COLD static unsigned find_reentry_facts(struct mana_pos *p)
{
    if (mana__bound_pieces(p))
        return find_facts(p);
    unsigned reserve = mana__has_reserve(p->occ[p->side], p->damyo) ? MANA_FACT_RESERVE : 0;
    p->facts = (uint8_t)(MANA_FACT_KNOWN | MANA_FACT_EXCEPTION | reserve);
    return p->facts;
}

/* Returns 1 if m (a re-entry's value) is legal in p (status
 * MANA_PLAYING) under the options opt: under the exception, to one of
 * mana__reentry_to's squares, told the reserve and the bound pieces by
 * the facts (docs/rules.md "The Mana"). */
static HOT int reentry_legal(struct mana_pos *p, const int32_t *opt, mana_move m)
{
    unsigned facts = p->facts ? p->facts : find_reentry_facts(p);
    if (!(facts & MANA_FACT_EXCEPTION))
        return 0;
    mana_bb to = mana__reentry_to(facts & MANA_FACT_RESERVE, facts & MANA_FACT_BOUND, p->occ[0] | p->occ[1],
                                  bb_marks[p->orient], p->mana, opt);
    return (to >> MANA_MOVE_TO(m)) & 1;
}

/* mana_play for a move other than a step: a legal re-entry is played
 * here; everything else (passes, stale or forged values) takes
 * play_checked. */
__attribute__((noinline)) static int play_other(mana_game *g, mana_move m)
{
    struct mana_pos *p = &g->pos;
    if ((m & ~(63u << MANA_MOVE_TO_SHIFT)) != MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 0) ||
        !reentry_legal(p, g->opt, m))
        return play_checked(g, m);
    push_record(g, m);
    do_reentry(p, (size_t)MANA_MOVE_TO(m));
    return adjudicate(g);
}

/*
 * The quick path: a step of one of the side's pieces to a square its
 * reach ends on, not its own, is legal (legality.h) if the piece is on
 * the Mana's mark count (bound by it) or the side has no piece there (the
 * exception then holds); else play_unbound_step decides with the
 * exception.  Re-entries go to play_other.  Everything else
 * (passes, setup, stale or forged values, NULL, a full history) takes
 * play_checked.  from and to may be up to 63: the pieces and the reach
 * lie within the 36 squares.
 */
MANA_API int mana_play(mana_game *g, mana_move m)
{
    if (!g || g->len == g->cap || g->pos.status != MANA_PLAYING)
        return play_checked(g, m);
    /* a kind other than MANA_MOVE_STEP (m >> MANA_MOVE_KIND_SHIFT != 1): one
     * subtraction and compare */
    if (m - (MANA_MOVE_STEP << MANA_MOVE_KIND_SHIFT) >= 1u << MANA_MOVE_KIND_SHIFT)
        return play_other(g, m);
    const struct mana_pos *p = &g->pos;
    size_t from = (size_t)MANA_MOVE_FROM(m), to = (size_t)MANA_MOVE_TO(m);
    mana_bb own = p->occ[p->side], occ = p->occ[0] | p->occ[1];
    if (!((own >> from) & 1))
        return play_checked(g, m);
    const struct reach_magic *rm = &mana__piece_magic[p->orient][from];
    if (!(((reach_of(rm, occ) & ~own) >> to) & 1))
        return play_checked(g, m);
    /* off the Mana's mark count: legal at once when the side has no bound
     * piece (the exception holds; in random playouts nearly always so),
     * else play_unbound_step decides */
    if (rm->steps != p->mana && mana__bound_pieces(p))
        return play_unbound_step(g, m, from, to, occ & ~own);
    return play_step(g, m, from, to, occ & ~own);
}

void mana__undo(struct mana_game *g)
{
    g->pos = g->hist[--g->len].before;
}

/* mana_undo with NULL or no history. */
__attribute__((noinline)) static int undo_checked(const mana_game *g)
{
    if (!g)
        return mana__fail(MANA_EINVAL, "mana_undo: game is NULL");
    return mana__fail(MANA_ENOHISTORY, "mana_undo: no move since the start or the last mana_set_position");
}

/* Takes back the last move, setup or play: its record holds the position
 * it was played from. */
MANA_API int mana_undo(mana_game *g)
{
    if (!g || g->len == 0)
        return undo_checked(g);
    mana__undo(g);
    return MANA_OK;
}
