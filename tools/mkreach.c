/* SPDX-License-Identifier: MIT */
/*
 * mkreach.c - writes the reach tables of libmana (the C source the build
 * compiles into the library; see libmana/tables.h for their layout).
 *
 *   usage: mkreach > reach_table.c
 *
 * It also writes the step action ids by absolute squares
 * (mana__step_ids, from the numbering of libmana/action_steps.h) and the
 * move values of the steps and re-entries by square (mana__move_to, from
 * mana.h's MANA_MOVE_MAKE).
 *
 * Built and run by the Makefile with HOSTCC (the build machine's
 * compiler), so a cross build (emcc, say) still gets its tables.  For
 * every square and step count (1 to 3) the destinations of a move are
 * computed for every occupancy of the squares its paths cross, with the
 * library's own bitboard shifts (libmana/bitboard.h), and stored at the
 * slot the committed multiplier (tools/reach_magics.h) sends that
 * occupancy to.  Two occupancies with different destinations in one
 * slot stop the program with an error: the multipliers no longer fit the
 * rules.  The mark counts come from bb_marks of bitboard.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "action_steps.h"
#include "bitboard.h"
#include "reach_magics.h"

#define SQUARES MANA_SQUARE_COUNT
#define STEP_KINDS 3 /* 1, 2 or 3 steps, as the square's mark count */
#define TABLE_MAX 100000

struct magic_row {
    mana_bb mask;
    uint64_t magic;
    uint32_t offset;
    int shift, base;
};

static struct magic_row rows[STEP_KINDS][SQUARES];
static uint32_t table[TABLE_MAX];
static uint32_t used;

/* The ends of 2-step moves from the square frm: next to an empty
 * neighbour, frm itself excluded. */
static mana_bb reach2(mana_bb frm, mana_bb empty)
{
    return bb_adjacent(bb_adjacent(frm) & empty) & ~frm & BB_ALL;
}

/*
 * The ends of 3-step moves from the square frm, never visiting a square
 * twice (start included), the first two steps on empty squares.  With A
 * the empty first steps and B the empty second steps (other than frm),
 * every square next to B that is neither frm nor next to frm is an end.
 * A square c next to frm is an end only round a 2x2 block: first step a,
 * perpendicular to c, then the square between a and c.  E.g. from b2,
 * b2-c2-c3-b3 ends on b3, next to the start.
 */
static mana_bb reach3(mana_bb frm, mana_bb empty)
{
    mana_bb n = bb_north(frm) & empty, s = bb_south(frm) & empty;
    mana_bb e = bb_east(frm) & empty, w = bb_west(frm) & empty;
    mana_bb b = bb_adjacent(n | s | e | w) & empty & ~frm;
    mana_bb far = bb_adjacent(b) & ~(frm | bb_adjacent(frm)) & BB_ALL;
    mana_bb rnd = bb_west(bb_north(e) & empty) | bb_south(bb_east(n) & empty) | bb_east(bb_north(w) & empty) |
                  bb_south(bb_west(n) & empty) | bb_west(bb_south(e) & empty) | bb_north(bb_east(s) & empty) |
                  bb_east(bb_south(w) & empty) | bb_north(bb_west(s) & empty);
    return (far | rnd) & BB_ALL;
}

static mana_bb reach(int steps, mana_bb frm, mana_bb empty)
{
    if (steps == 1)
        return bb_adjacent(frm);
    return steps == 2 ? reach2(frm, empty) : reach3(frm, empty);
}

/* The squares whose occupancy decides where an s-step move from frm
 * ends: those its paths cross before the last step. */
static mana_bb crossed(int steps, mana_bb frm)
{
    if (steps == 1)
        return 0;
    if (steps == 2)
        return bb_adjacent(frm);
    return (bb_adjacent(frm) | bb_adjacent(bb_adjacent(frm))) & ~frm & BB_ALL;
}

static void die(const char *what, int steps, int sq)
{
    fprintf(stderr, "mkreach: %s (%d steps from square %d)\n", what, steps, sq);
    exit(1);
}

/* Fills the row and the table slots of an s-step move from sq. */
static void build_square(int steps, int sq)
{
    struct magic_row *r = &rows[steps - 1][sq];
    mana_bb frm = bb_sq(sq), every = 0, occ = 0;
    r->mask = crossed(steps, frm);
    do {
        every |= reach(steps, frm, BB_ALL & ~occ);
        occ = (occ - r->mask) & r->mask; /* next subset of the mask */
    } while (occ);
    r->base = every ? bb_first(every) : 0;
    if (every >> r->base >> 32)
        die("destinations span over 32 squares", steps, sq);
    int bits = steps == 1 ? 0 : reach_magics[steps - 2][sq].bits;
    r->magic = steps == 1 ? 0 : reach_magics[steps - 2][sq].magic;
    r->shift = steps == 1 ? 63 : 64 - bits;
    r->offset = used;
    uint32_t slots = (uint32_t)1 << bits;
    if (used + slots > TABLE_MAX)
        die("table full", steps, sq);
    static unsigned char filled[TABLE_MAX];
    do {
        uint32_t i = used + (uint32_t)((occ * r->magic) >> r->shift);
        uint32_t d = (uint32_t)(reach(steps, frm, BB_ALL & ~occ) >> r->base);
        if (filled[i] && table[i] != d)
            die("the multiplier sends two occupancies to one slot", steps, sq);
        filled[i] = 1;
        table[i] = d;
        occ = (occ - r->mask) & r->mask;
    } while (occ);
    used += slots;
}

/* Prints the row r of the table of `steps`-step moves. */
static void print_row(const struct magic_row *r, int steps, int sq)
{
    printf("        {0x%09llxULL, 0x%016llxULL, mana__reach_table + %lu, mana__move_to[%d], %d, %d, %d, {0}},\n",
           (unsigned long long)r->mask, (unsigned long long)r->magic, (unsigned long)r->offset, sq, r->shift, r->base,
           steps);
}

static void print_tables(void)
{
    printf("/* SPDX-License-Identifier: MIT */\n"
           "/* reach_table.c - generated by tools/mkreach.c: do not edit.\n"
           " * The layout is described in libmana/tables.h. */\n"
           "#include \"tables.h\"\n\n");
    printf("const uint8_t mana__reach_marks[4][MANA_SQUARE_COUNT] = {\n");
    for (int k = 0; k < 4; k++) {
        printf("    {");
        for (int sq = 0; sq < SQUARES; sq++)
            printf("%d%s", bb_marks_at(k, sq), sq + 1 < SQUARES ? ", " : "},\n");
    }
    printf("};\n\nconst struct reach_magic mana__reach_magic[3][MANA_SQUARE_COUNT] = {\n");
    for (int s = 1; s <= STEP_KINDS; s++) {
        printf("    {\n");
        for (int sq = 0; sq < SQUARES; sq++)
            print_row(&rows[s - 1][sq], s, sq);
        printf("    },\n");
    }
    printf("};\n\nconst struct reach_magic mana__piece_magic[4][MANA_SQUARE_COUNT] = {\n");
    for (int k = 0; k < 4; k++) {
        printf("    {\n");
        for (int sq = 0; sq < SQUARES; sq++)
            print_row(&rows[bb_marks_at(k, sq) - 1][sq], bb_marks_at(k, sq), sq);
        printf("    },\n");
    }
    printf("};\n\nconst uint32_t mana__reach_table[%lu] = {\n", (unsigned long)used);
    for (uint32_t i = 0; i < used; i++)
        printf("%s0x%08lx%s", i % 6 ? " " : "    ", (unsigned long)table[i], i % 6 == 5 || i + 1 == used ? ",\n" : ",");
    printf("};\n");
}

/* The step action ids of every (from, to) pair of absolute squares for
 * each side to move (Black sees the board turned half a turn), -1 where
 * to is not 1 to 3 squares from from: the numbering of action_steps.h as
 * a table, so that the legal-action mask needs one load a move. */
static void print_step_ids(void)
{
    printf("\nconst int16_t mana__step_ids[2][MANA_SQUARE_COUNT][MANA_SQUARE_COUNT] = {\n");
    for (int side = 0; side < 2; side++) {
        printf("    {\n");
        for (int from = 0; from < SQUARES; from++) {
            printf("        {");
            for (int to = 0; to < SQUARES; to++) {
                int f = side ? SQUARES - 1 - from : from, t = side ? SQUARES - 1 - to : to;
                printf("%d%s", action_step_id(f, t), to + 1 < SQUARES ? ", " : "},\n");
            }
        }
        printf("    },\n");
    }
    printf("};\n");
}

/* The move values of the list (tables.h, mana__move_to): row `from` the
 * steps from that square, the last row the re-entries, each by its end,
 * so that writing a move is one load. */
static void print_move_to(void)
{
    printf("\nconst uint16_t mana__move_to[MANA_SQUARE_COUNT + 1][MANA_SQUARE_COUNT] = {\n");
    for (int from = 0; from <= SQUARES; from++) {
        printf("    {");
        for (int to = 0; to < SQUARES; to++) {
            mana_move m =
                from < SQUARES ? MANA_MOVE_MAKE(MANA_MOVE_STEP, from, to) : MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, to);
            printf("%lu%s", (unsigned long)m, to + 1 < SQUARES ? ", " : "},\n");
        }
    }
    printf("};\n");
}

int main(void)
{
    for (int s = 1; s <= STEP_KINDS; s++)
        for (int sq = 0; sq < SQUARES; sq++)
            build_square(s, sq);
    print_tables();
    print_step_ids();
    print_move_to();
    return fflush(stdout) == 0 ? 0 : 1;
}
