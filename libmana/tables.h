/* SPDX-License-Identifier: MIT */
/*
 * tables.h - the reach tables and the lookups into them.
 *
 * The tables are generated at build time by tools/mkreach.c (into
 * $(BUILD_DIR)/gen/reach_table.c, compiled once into the library) from
 * the bitboard shifts of bitboard.h and the multipliers of
 * tools/reach_magics.h.
 *
 * mana__reach_magic[s - 1][sq] finds the destinations of an s-step move
 * (s = 1 to 3) from sq: the occupancy of the squares in `mask` (those a
 * path crosses; none for one step), times `magic`, shifted right by
 * `shift`, indexes slots[index] (slots: mana__reach_table from the
 * magic's first slot on; a pointer, not an offset, saves an add), the
 * destinations shifted right by `base` squares (they span at most 32
 * squares).  Any target square is included (own pieces are masked out by
 * the caller).  `moves` points at the values of the steps from sq by
 * their end (mana__move_to[sq]): the move list writes each with one load
 * and finds the row with the magic it has in hand.
 * mana__reach_marks[k][sq] is the mark count of sq in orientation k, and
 * mana__piece_magic[k][sq] the magic of a piece standing on sq in
 * orientation k: mana__reach_magic[marks - 1][sq], whose `steps` is the
 * mark count of sq (one load where mana_play needs both).
 */
#ifndef MANA_TABLES_H
#define MANA_TABLES_H

#include <stdint.h>

#include "bitboard.h"

struct reach_magic {
    _Alignas(64) uint64_t mask; /* the squares a path crosses */
    uint64_t magic;
    const uint32_t *slots; /* mana__reach_table + the magic's offset */
    const uint16_t *moves; /* mana__move_to[sq]: the steps from the square */
    uint8_t shift, base;
    uint8_t steps; /* 1..3: the mark count of the square, for a piece magic */
    /* to 64 bytes: an index is a shift (40 would take a multiply or two
     * lea where mana_play finds a piece's magic), and each magic lies in
     * one cache line */
    uint8_t pad[64 - 4 * 8 - 3];
};
_Static_assert(sizeof(struct reach_magic) == 64, "a reach magic fills one cache line");

extern const uint8_t mana__reach_marks[4][MANA_SQUARE_COUNT];
extern const struct reach_magic mana__reach_magic[3][MANA_SQUARE_COUNT];
extern const struct reach_magic mana__piece_magic[4][MANA_SQUARE_COUNT];
extern const uint32_t mana__reach_table[];
/* mana__step_ids[side][from][to]: the action id (mana.h) of the step from
 * -> to (absolute squares) for side to move `side`, or -1 where to is not
 * 1 to 3 squares from `from` (libmana/action_steps.h's numbering). */
extern const int16_t mana__step_ids[2][MANA_SQUARE_COUNT][MANA_SQUARE_COUNT];
/* mana__move_to[from][to]: the value (mana.h) of the step from -> to;
 * mana__move_to[MANA_SQUARE_COUNT][to]: that of the re-entry on to.  The
 * move list writes a move with one load (gen.h). */
#define MANA_MOVE_TO_REENTRY MANA_SQUARE_COUNT
extern const uint16_t mana__move_to[MANA_SQUARE_COUNT + 1][MANA_SQUARE_COUNT];

/* Returns the slot of the table holding the ends of the piece with
 * magic m, every piece being on occ. */
static inline uint32_t reach_rel(const struct reach_magic *m, mana_bb occ)
{
    return m->slots[((occ & m->mask) * m->magic) >> m->shift];
}

/*
 * Returns the squares a piece with magic m reaches: exactly as many steps
 * as its square has marks, never visiting a square twice, every square
 * before the last one empty; occ is every piece on the board.  The last
 * square may hold anything: the caller keeps its targets.  E.g. a 3-step
 * piece on b2 with the board empty reaches the 3-step squares and, round a
 * 2x2 block, its neighbours (b2-c2-c3-b3).
 */
static inline mana_bb reach_of(const struct reach_magic *m, mana_bb occ)
{
    return (mana_bb)reach_rel(m, occ) << m->base;
}

/* Returns the ends in target of the piece with magic m, shifted right by
 * the base of its table (only their number matters). */
static inline uint32_t ends_rel(const struct reach_magic *m, mana_bb occ, mana_bb target)
{
    return reach_rel(m, occ) & (uint32_t)(target >> m->base);
}

/* Returns the number of steps of the pieces; pm: the piece magics of the
 * orientation.  The ends of two pieces fit in one word (32 squares each):
 * one count for both. */
static inline int count_pieces(const struct reach_magic *pm, mana_bb pieces, mana_bb occ, mana_bb target)
{
    int n = 0;
    while (pieces) {
        uint64_t two = ends_rel(&pm[bb_pop(&pieces)], occ, target);
        if (pieces)
            two |= (uint64_t)ends_rel(&pm[bb_pop(&pieces)], occ, target) << 32;
        n += bb_count(two);
    }
    return n;
}

/* Returns the squares whose k-step paths may cross sq. */
static inline mana_bb crossing(int k, int sq)
{
    return mana__reach_magic[k - 1][sq].mask;
}

#endif
