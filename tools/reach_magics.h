/* SPDX-License-Identifier: MIT */
/*
 * reach_magics.h - the multipliers of the reach tables (slow to find,
 * so kept here), read by tools/mkreach.c only.  reach_magics[s - 2][sq]
 * = {magic, bits} for s = 2, 3 steps: the occupancy of the squares an
 * s-step path from sq crosses, times magic, shifted right by 64 - bits,
 * is a slot of the table where no two occupancies with different
 * destinations meet (mkreach checks it and fails otherwise).  Found by a
 * random search over sparse 64-bit candidates, fewest bits first.  One
 * step crosses nothing: no magic, one slot.
 */
#ifndef MANA_REACH_MAGICS_H
#define MANA_REACH_MAGICS_H

#include <stdint.h>

struct reach_multiplier {
    uint64_t magic;
    int bits;
};

static const struct reach_multiplier reach_magics[2][36] = {
    {
        {0x620000000010a080ULL, 2},
        {0x2488440040000410ULL, 3},
        {0x1040102400402000ULL, 3},
        {0x08201b02c8110040ULL, 3},
        {0x11100ac000480000ULL, 3},
        {0x0808004001002890ULL, 2},
        {0x44c8100000000004ULL, 3},
        {0x3044444300002400ULL, 4},
        {0x0445014050208001ULL, 4},
        {0x1010400c40800041ULL, 4},
        {0x041078a000000820ULL, 4},
        {0x0124200a04022100ULL, 3},
        {0x008410004009002aULL, 3},
        {0x0041101008000810ULL, 4},
        {0xa040c80000404100ULL, 4},
        {0x0462110002000484ULL, 4},
        {0x0510424004000000ULL, 4},
        {0x0004410300010802ULL, 3},
        {0x0044848008004000ULL, 3},
        {0x0800882300000000ULL, 4},
        {0x1012641084001004ULL, 4},
        {0x0012820200000000ULL, 4},
        {0x8082288810000804ULL, 4},
        {0x8000410108828280ULL, 3},
        {0x0603203500100010ULL, 3},
        {0x0008044508004101ULL, 4},
        {0x82004812c0000200ULL, 4},
        {0x0801051140208022ULL, 4},
        {0x002003040c008000ULL, 4},
        {0x2000208844841020ULL, 3},
        {0x0000004140008000ULL, 2},
        {0x001000a880200040ULL, 3},
        {0x00000c5040000414ULL, 3},
        {0x082000bb60868206ULL, 3},
        {0xa318600996801408ULL, 3},
        {0x1020080228044241ULL, 2},
    },
    {
        {0x090080054080210aULL, 5},
        {0x0880800000100441ULL, 7},
        {0x5840040040118111ULL, 8},
        {0x8420020c00080020ULL, 8},
        {0x1402400046002004ULL, 7},
        {0x0802700080911000ULL, 5},
        {0x0840200000040122ULL, 7},
        {0x00c0801000100208ULL, 11},
        {0x12a0080040080014ULL, 12},
        {0x4180101800028020ULL, 12},
        {0x1180c00403000020ULL, 10},
        {0x0060101282080200ULL, 7},
        {0x0140100808000000ULL, 8},
        {0x4040044000002088ULL, 12},
        {0x8040018008200102ULL, 13},
        {0x0420004040180000ULL, 13},
        {0x2044400080040000ULL, 12},
        {0x0c0040202001040aULL, 8},
        {0x0021004004088480ULL, 8},
        {0x008001210000022cULL, 12},
        {0x0002020400081000ULL, 13},
        {0x4010810006000400ULL, 13},
        {0x0001010002008002ULL, 12},
        {0x4004020411200022ULL, 9},
        {0x4220840100400100ULL, 7},
        {0x0000180020402800ULL, 11},
        {0x00000c1060000810ULL, 12},
        {0x094a400c00580000ULL, 12},
        {0x240801201000200aULL, 10},
        {0x8020020402001020ULL, 7},
        {0x840c494011180000ULL, 5},
        {0x000000a008200000ULL, 7},
        {0x0440620120000000ULL, 8},
        {0x0000410090003b10ULL, 8},
        {0x1401002402000840ULL, 7},
        {0x0b02001120301005ULL, 5},
    },
};

#endif
