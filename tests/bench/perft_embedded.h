/* SPDX-License-Identifier: MIT */
/*
 * perft_embedded.h - a copy of shared/perft.txt (the perft reference
 * counts beside the repository), used by the benchmark when that file
 * cannot be read.  Regenerate with: make bench-embed
 */
#ifndef MANA_BENCH_PERFT_EMBEDDED_H
#define MANA_BENCH_PERFT_EMBEDDED_H

static const char bench_perft_embedded[] =
    "# Mana perft reference values. Format: MFN ;D<depth> <leaf count> ...\n"
    "# Each value was computed by two independent implementations.\n"
    "# Section [blocked=pass] is the default rule; [blocked=draw] lists the positions where that option changes the count.\n"
    "[blocked=pass]\n"
    "rrdrrr/6/6/6/6/RRRDRR b - 0 ;D1 16 ;D2 66 ;D3 421 ;D4 2293\n"
    "6/rdrrrr/6/6/RRRRDR/6 b - 2 ;D1 22 ;D2 255 ;D3 1626 ;D4 16372\n"
    "rrrdrr/6/6/6/6/RRRDRR b - 3 ;D1 16 ;D2 56 ;D3 261 ;D4 1209\n"
    "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0 ;D1 1 ;D2 12 ;D3 102 ;D4 686\n"
    "2d3/6/2R1r1/1r4/3D2/6 b 3 3 ;D1 42 ;D2 754 ;D3 17239 ;D4 391309\n"
    "4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0 ;D1 6 ;D2 114 ;D3 1739 ;D4 12257\n"
    "Rrr2r/D3R1/1R1d1R/rrR3/6/6 w 3 0 ;D1 17 ;D2 196 ;D3 2038 ;D4 23868\n"
    "d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1 ;D1 9 ;D2 483 ;D3 7206 ;D4 143763\n"
    "r4r/3R2/3r1r/1d2Dr/RR4/4R1 w 3 1 ;D1 24 ;D2 169 ;D3 3396 ;D4 21288\n"
    "4rr/r1r3/6/3d2/RR2r1/RR2DR w 3 1 ;D1 11 ;D2 49 ;D3 151 ;D4 1812\n"
    "4dr/1R4/r2rR1/3rr1/1R4/D3R1 b 3 0 ;D1 16 ;D2 334 ;D3 2921 ;D4 38494\n"
    "2r3/2r2r/dR2r1/R1r2R/1R2D1/3R2 w 1 0 ;D1 8 ;D2 145 ;D3 1651 ;D4 21160\n"
    "r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1 ;D1 19 ;D2 85 ;D3 719 ;D4 12206\n"
    "3r2/r2RRd/6/6/3Dr1/3R1r b 3 2 ;D1 7 ;D2 115 ;D3 4053 ;D4 64341\n"
    "2R3/1R1r2/Rr1R1r/6/1rDd2/2R3 w 1 0 ;D1 31 ;D2 513 ;D3 6925 ;D4 113866\n"
    "2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2 ;D1 12 ;D2 78 ;D3 572 ;D4 5683\n"
    "1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2 ;D1 23 ;D2 534 ;D3 5162 ;D4 88802\n"
    "[blocked=draw]\n"
    "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0 ;D1 0 ;D2 0 ;D3 0 ;D4 0\n"
    "";

#endif
