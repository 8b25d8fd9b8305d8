/* SPDX-License-Identifier: MIT */
/*
 * malloc_count.h - counts the heap calls of a program linked with
 *   -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
 * The linker sends every call to malloc, calloc and realloc made from the
 * objects of the link (libmana.a included) to the __wrap_ functions of
 * malloc_count.c, which count and then call the real ones.  Shared objects
 * (libc itself, libpthread, libcheck) are not redirected.
 */
#ifndef MALLOC_COUNT_H
#define MALLOC_COUNT_H

#include <stddef.h>

/* What the wrappers have seen since the last malloc_count_reset(). */
struct malloc_stats {
    size_t calls;      /* malloc + calloc + realloc calls */
    size_t bytes;      /* bytes requested by those calls, in total */
    size_t last_bytes; /* bytes requested by the most recent call */
};

/* Returns the counts since the last reset (all threads together). */
struct malloc_stats malloc_count_get(void);
/* Sets every count back to 0. */
void malloc_count_reset(void);

#endif
