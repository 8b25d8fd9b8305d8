#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes libmana/reach_table.h: the destinations of 1-, 2- and 3-step
moves for every square and every occupancy of the squares that matter,
indexed by a multiply-shift hash of that occupancy, and the mark count of
every square in every orientation.

The destinations are computed with set operations on bitboards (shifts
with file masks, as in libmana/bitboard.h), never by walking paths; the
table only stores their results (libmana/movegen.c before the tables
computed the same formulas at run time).  Run from the repository root:

    python3 tools/gen_tables.py > libmana/reach_table.h
"""
import random
import re
import sys

ALL = (1 << 36) - 1
FILE_A = 0x041041041
FILE_F = 0x820820820


def north(b): return (b << 6) & ALL
def south(b): return b >> 6
def east(b): return (b & ~FILE_F & ALL) << 1
def west(b): return (b & ~FILE_A & ALL) >> 1
def adjacent(b): return north(b) | south(b) | east(b) | west(b)


def reach2(frm, empty):
    """Ends of 2-step moves from the square frm: next to an empty
    neighbour, frm itself excluded."""
    return adjacent(adjacent(frm) & empty) & ~frm & ALL


def reach3(frm, empty):
    """Ends of 3-step moves from the square frm, never visiting a square
    twice (start included), the first two steps on empty squares.

    Let A be the empty first steps and B the empty second steps (b != frm).
    Every square next to B that is neither frm nor next to frm is an end:
    its first step differs from it.  A square c next to frm is an end only
    by going round a 2x2 block: first step a, perpendicular to c, then the
    diagonal square d between a and c.  E.g. from b2: b2-c2-c3-b3 ends on
    b3 (next to the start), but b2-b3-c3-b3 is not a path."""
    n, s = north(frm) & empty, south(frm) & empty
    e, w = east(frm) & empty, west(frm) & empty
    b = adjacent(n | s | e | w) & empty & ~frm
    far = adjacent(b) & ~(frm | adjacent(frm)) & ALL
    ne_e, ne_n = north(e) & empty, east(n) & empty
    nw_w, nw_n = north(w) & empty, west(n) & empty
    se_e, se_s = south(e) & empty, east(s) & empty
    sw_w, sw_s = south(w) & empty, west(s) & empty
    rnd = (west(ne_e) | south(ne_n) | east(nw_w) | south(nw_n)
           | west(se_e) | north(se_s) | east(sw_w) | north(sw_s))
    return (far | rnd) & ALL


def subsets(mask):
    """Every subset of mask (Carry-Rippler enumeration)."""
    sub = 0
    while True:
        yield sub
        sub = (sub - mask) & mask
        if sub == 0:
            return


def find_magic(mask, bits, dest, rng, tries):
    """A 64-bit multiplier m such that ((occ & mask) * m) >> (64 - bits)
    sends occupancies with different destinations to different slots;
    returns (m, table), or None after `tries` random sparse candidates."""
    occs = [(occ, dest[occ]) for occ in subsets(mask)]
    shift = 64 - bits
    for _ in range(tries):
        m = rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64)
        table = [None] * (1 << bits)
        for occ, d in occs:
            i = ((occ * m) & 0xFFFFFFFFFFFFFFFF) >> shift
            if table[i] is None:
                table[i] = d
            elif table[i] != d:
                break
        else:
            return m, [t if t is not None else 0 for t in table]
    return None


def smallest_magic(mask, dest, rng):
    """The magic with the fewest index bits found: as many as mask has
    squares when one turns up quickly, else one or two more."""
    bits = bin(mask).count("1")
    if bits == 0:  # one step: nothing to look at, one slot (x >> 63 is 0)
        return 1, 0, [dest[0]]
    for extra, tries in ((0, 20000), (1, 1000000), (2, 1000000)):
        found = find_magic(mask, bits + extra, dest, rng, tries)
        if found:
            return bits + extra, found[0], found[1]
    raise SystemExit("no magic found for mask %#x" % mask)


def square_tables(sq, steps, rng):
    """(mask, magic, shift, base, entries) for a piece on sq."""
    frm = 1 << sq
    if steps == 1:
        mask = 0
    elif steps == 2:
        mask = adjacent(frm)
    else:
        mask = (adjacent(frm) | adjacent(adjacent(frm))) & ~frm & ALL
    fn = {1: lambda f, empty: adjacent(f), 2: reach2, 3: reach3}[steps]
    dest = {occ: fn(frm, ALL & ~occ) for occ in subsets(mask)}
    every = 0
    for d in dest.values():
        every |= d
    base = (every & -every).bit_length() - 1 if every else 0
    assert every >> base < 1 << 32, "destinations of square %d span over 32 bits" % sq
    bits, magic, table = smallest_magic(mask, dest, rng)
    return mask, magic, 64 - bits, base, [t >> base for t in table]


def marks_from_header(path):
    """bb_marks[4][3] as written in libmana/bitboard.h."""
    text = open(path).read()
    body = text[text.index("bb_marks[4][3]"):]
    nums = [int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]+)ULL", body)[:12]]
    return [nums[i * 3:i * 3 + 3] for i in range(4)]


def emit(out, marks, magics, entries):
    w = out.write
    w("/* SPDX-License-Identifier: MIT */\n")
    w("/*\n * reach_table.h - generated by tools/gen_tables.py: do not edit.\n *\n")
    w(" * reach_magic[s - 1][sq] finds the destinations of an s-step move (s = 1\n")
    w(" * to 3) from sq: the occupancy of the squares in `mask` (those a path\n")
    w(" * crosses; none for one step), times `magic`, shifted right by `shift`,\n")
    w(" * indexes reach_table[offset + index], the destinations shifted right by\n")
    w(" * `base` squares (they span at most 32 squares).  The destinations were\n")
    w(" * computed with set operations on bitboards (shifts with file masks);\n")
    w(" * any target square is included (own pieces are masked out by the\n")
    w(" * caller).  reach_marks[k][sq] is the mark count of sq in orientation\n")
    w(" * k, from bb_marks of bitboard.h, and piece_magic[k][sq] the magic of a\n")
    w(" * piece standing on sq in orientation k: reach_magic[marks - 1][sq].\n */\n")
    w("#ifndef MANA_REACH_TABLE_H\n#define MANA_REACH_TABLE_H\n\n#include <stdint.h>\n\n")
    w("struct reach_magic {\n    uint64_t mask, magic;\n    uint32_t offset;\n")
    w("    uint8_t shift, base;\n};\n\n")
    w("static const uint8_t reach_marks[4][36] = {\n")
    for k in range(4):
        row = [1 if marks[k][0] >> sq & 1 else 2 if marks[k][1] >> sq & 1 else 3 for sq in range(36)]
        w("    {" + ", ".join(map(str, row)) + "},\n")
    w("};\n\nstatic const struct reach_magic reach_magic[3][36] = {\n")
    for s in range(3):
        w("    {\n")
        for (mask, magic, shift, base, offset) in magics[s]:
            w("        {0x%09xULL, 0x%016xULL, %d, %d, %d},\n" % (mask, magic, offset, shift, base))
        w("    },\n")
    w("};\n\nstatic const struct reach_magic piece_magic[4][36] = {\n")
    for k in range(4):
        w("    {\n")
        for sq in range(36):
            steps = 1 if marks[k][0] >> sq & 1 else 2 if marks[k][1] >> sq & 1 else 3
            mask, magic, shift, base, offset = magics[steps - 1][sq]
            w("        {0x%09xULL, 0x%016xULL, %d, %d, %d},\n" % (mask, magic, offset, shift, base))
        w("    },\n")
    w("};\n\nstatic const uint32_t reach_table[%d] = {\n" % len(entries))
    for i in range(0, len(entries), 6):
        w("    " + ", ".join("0x%08x" % e for e in entries[i:i + 6]) + ",\n")
    w("};\n\n#endif\n")


def main():
    rng = random.Random(20240605)
    marks = marks_from_header("libmana/bitboard.h")
    magics, entries = [[], [], []], []
    for steps in (1, 2, 3):
        for sq in range(36):
            mask, magic, shift, base, table = square_tables(sq, steps, rng)
            magics[steps - 1].append((mask, magic, shift, base, len(entries)))
            entries.extend(table)
    emit(sys.stdout, marks, magics, entries)


if __name__ == "__main__":
    main()
