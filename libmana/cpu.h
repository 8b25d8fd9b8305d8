/* SPDX-License-Identifier: MIT */
/*
 * cpu.h - the one place that says which processor the library is built
 * for.  On x86 (GCC or clang) some code is also built for newer
 * instruction sets and chosen when the library is loaded or at each call
 * (__builtin_cpu_supports): the move list for BMI1 and POPCNT (gen.h,
 * x86-64 and i686), the random setup's placements for BMI2 (setup_random.c,
 * x86-64 only: pdep of 64 bits), the lowest square by tzcnt (bitboard.h,
 * x86-64), perft's two-ply count for POPCNT (leaves2.c, a second object the
 * Makefile builds on x86).  Every other processor gets the plain code,
 * and gives the same answers (make check-cross).
 */
#ifndef MANA_CPU_H
#define MANA_CPU_H

#if defined(__GNUC__) || defined(__clang__)
#if defined(__x86_64__) || defined(__i386__)
#define MANA_CPU_X86 1 /* x86-64 or 32-bit x86 */
#endif
#if defined(__x86_64__)
#define MANA_CPU_X86_64 1
#endif
#endif

#endif
