/* SPDX-License-Identifier: MIT */
/*
 * Zobrist keys, all static const and computed at compile time: key i is
 * splitmix64 of i * golden gamma, written as a constant expression.
 */
#ifndef MANA_ZOBRIST_H
#define MANA_ZOBRIST_H

#include <stdint.h>

#define ZK_X(i) ((uint64_t)(i)*0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL)
#define ZK_M1(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ULL)
#define ZK_M2(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBULL)
#define ZK_M3(z) ((z) ^ ((z) >> 31))
#define ZK(i) ZK_M3(ZK_M2(ZK_M1(ZK_X(i))))
#define ZK6(i) ZK(i), ZK(i + 1), ZK(i + 2), ZK(i + 3), ZK(i + 4), ZK(i + 5)

/* Piece kinds for the key table: colour * 2 + (1 if Damyo). */
enum { ZP_WHITE_RONIN, ZP_WHITE_DAMYO, ZP_BLACK_RONIN, ZP_BLACK_DAMYO };

/* The piece keys, by square then kind: zobrist_piece[sq][kind] is key
 * kind * 36 + sq, as before (same hashes), laid out so that play and undo
 * find a piece's key with one index computation. */
#define ZSQ(sq)                                                                                                  \
    {                                                                                                            \
        ZK(sq), ZK(MANA_SQUARE_COUNT + (sq)), ZK(2 * MANA_SQUARE_COUNT + (sq)), ZK(3 * MANA_SQUARE_COUNT + (sq)) \
    }
#define ZSQ6(i) ZSQ(i), ZSQ(i + 1), ZSQ(i + 2), ZSQ(i + 3), ZSQ(i + 4), ZSQ(i + 5)
static const uint64_t zobrist_piece[MANA_SQUARE_COUNT][4] = {ZSQ6(0), ZSQ6(6), ZSQ6(12), ZSQ6(18), ZSQ6(24), ZSQ6(30)};
/* Black to move. */
static const uint64_t zobrist_black = ZK(144);
/* Indexed by Mana mark count; no Mana hashes as 0. */
static const uint64_t zobrist_mana[4] = {0, ZK(145), ZK(146), ZK(147)};
/* Indexed by orientation + 1; no orientation yet hashes as 0. */
static const uint64_t zobrist_orient[5] = {0, ZK(148), ZK(149), ZK(150), ZK(151)};
/* The change of the hash when the turn passes in play (the side to move
 * always changes) with the Mana going from mark count a to b:
 * zobrist_turn[a][b] = zobrist_black ^ zobrist_mana[a] ^ zobrist_mana[b]. */
#define ZM(k) ((k) ? ZK(144 + (k)) : 0)
#define ZT(a, b) (ZK(144) ^ ZM(a) ^ ZM(b))
#define ZT4(a)                                 \
    {                                          \
        ZT(a, 0), ZT(a, 1), ZT(a, 2), ZT(a, 3) \
    }
static const uint64_t zobrist_turn[4][4] = {ZT4(0), ZT4(1), ZT4(2), ZT4(3)};

#endif
