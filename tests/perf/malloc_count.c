/* SPDX-License-Identifier: MIT */
/* malloc_count.c - the --wrap allocation counters (see malloc_count.h). */
#include "malloc_count.h"

#include <stdatomic.h>
#include <stdlib.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

static atomic_size_t count_calls;
static atomic_size_t count_bytes;
static atomic_size_t count_last;

/* Records one call asking for size bytes. */
static void note(size_t size)
{
    atomic_fetch_add_explicit(&count_calls, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&count_bytes, size, memory_order_relaxed);
    atomic_store_explicit(&count_last, size, memory_order_relaxed);
}

void *__wrap_malloc(size_t size)
{
    note(size);
    return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    note(n * size);
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    note(size);
    return __real_realloc(p, size);
}

struct malloc_stats malloc_count_get(void)
{
    struct malloc_stats s;
    s.calls = atomic_load(&count_calls);
    s.bytes = atomic_load(&count_bytes);
    s.last_bytes = atomic_load(&count_last);
    return s;
}

void malloc_count_reset(void)
{
    atomic_store(&count_calls, 0);
    atomic_store(&count_bytes, 0);
    atomic_store(&count_last, 0);
}
