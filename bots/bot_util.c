/* SPDX-License-Identifier: MIT */
/* bot_util.c - the helpers every bot shares: its clock, the stop test,
 * progress reports, questions about a move, the error detail.  Below the
 * entry points (bot.c) and the kinds: it calls none of them. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE beside _POSIX_C_SOURCE */
#endif
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef _WIN32
#include <malloc.h> /* _aligned_malloc */
#endif
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "bots.h"

#define LARGE_PAGE ((size_t)2 << 20)

#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
#define PAGE_STEP 4096 /* a store this far apart faults in every page */

/* size bytes (a multiple of LARGE_PAGE) of fresh anonymous pages aligned
 * to LARGE_PAGE (an over-sized mapping, trimmed), every page faulted in:
 * the kernel gives them zeroed, so no memset clears them a second time
 * (32 MiB of ab's and the mate search's tables cost 34 M instructions
 * at every start that way).  NULL when the mapping is refused. */
static void *large_alloc(size_t size)
{
    if (size > SIZE_MAX - LARGE_PAGE)
        return NULL;
    char *raw = mmap(NULL, size + LARGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    size_t head = (LARGE_PAGE - (uintptr_t)raw % LARGE_PAGE) % LARGE_PAGE;
    char *p = raw + head;
    if (head > 0)
        (void)munmap(raw, head);
    (void)munmap(p + size, LARGE_PAGE - head);
    (void)madvise(p, size, MADV_HUGEPAGE); /* a hint: refused, small pages serve */
    for (size_t i = 0; i < size; i += PAGE_STEP)
        ((volatile char *)p)[i] = 0;
    return p;
}
#endif

/* size bytes aligned to align (a power of two, a multiple of the size
 * of a pointer), NULL when refused: posix_memalign, or on Windows, which
 * has none, _aligned_malloc (freed by _aligned_free). */
static void *aligned_table(size_t align, size_t size)
{
#ifdef _WIN32
    return _aligned_malloc(size, align);
#else
    void *p = NULL;
    return posix_memalign(&p, align, size) == 0 ? p : NULL;
#endif
}

/* The size bot_table_alloc gives for bytes, 0 if too large. */
static size_t table_size(size_t bytes, size_t *align)
{
    *align = bytes >= LARGE_PAGE ? LARGE_PAGE : 64;
    if (bytes == 0 || bytes > SIZE_MAX - *align)
        return 0;
    return (bytes + *align - 1) / *align * *align;
}

void *bot_table_alloc(size_t bytes)
{
    size_t align, size = table_size(bytes, &align);
    if (size == 0)
        return NULL;
#ifdef PAGE_STEP
    if (align == LARGE_PAGE)
        return large_alloc(size);
#endif
    void *p = aligned_table(align, size);
    if (p == NULL)
        return NULL;
    memset(p, 0, size); /* every page faulted in now, not in a search */
    return p;
}

void bot_table_free(void *p, size_t bytes)
{
    size_t align, size = table_size(bytes, &align);
    if (p == NULL)
        return;
#ifdef PAGE_STEP
    if (align == LARGE_PAGE) {
        (void)munmap(p, size);
        return;
    }
#endif
    (void)size;
#ifdef _WIN32
    _aligned_free(p);
#else
    free(p);
#endif
}

static _Thread_local char detail[256];

const char *mana_bot_error_detail(void)
{
    return detail;
}

int bot_fail(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    return code;
}

static double ms_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) * 1000.0 + (double)(now.tv_nsec - t0->tv_nsec) / 1e6;
}

double bot_elapsed_ms(const bot *b)
{
    return ms_since(&b->start);
}

double bot_clock_ms(const bot *b)
{
    return ms_since(&b->clock);
}

int bot_out_of_time(bot *b)
{
    if (atomic_load(&b->stop))
        return 1;
    if (b->pondering) {
        if (!atomic_load(&b->ponderhit))
            return 0;
        /* ponderhit: the time limits apply from now */
        b->pondering = 0;
        b->lim.time_ms = b->ponder_lim.time_ms;
        b->lim.hard_ms = b->ponder_lim.hard_ms;
        clock_gettime(CLOCK_MONOTONIC, &b->clock);
    }
    int limit = b->lim.hard_ms > 0 ? b->lim.hard_ms : b->lim.time_ms;
    return limit > 0 && bot_clock_ms(b) >= limit;
}

void bot_info_from_stats(const bot *b, mana_bot_info *info)
{
    const bot_stats *st = &b->stats;
    memset(info, 0, sizeof *info);
    info->nodes = st->nodes;
    info->iterations = st->iterations;
    info->time_ms = (int64_t)bot_elapsed_ms(b);
    info->nps = st->nodes * 1000u / (uint64_t)(info->time_ms > 0 ? info->time_ms : 1);
    info->hashfull = st->hashfull;
    info->setup = st->setup;
    info->samples = st->samples;
    mana_bot_line *l = &info->line;
    l->multipv = st->multipv > 0 ? st->multipv : 1;
    l->seldepth = st->seldepth;
    /* mcts and setup searches have no nominal depth: their deepest line */
    l->depth = st->depth > 0 && !st->setup && st->win_rate < 0 ? st->depth : st->seldepth;
    l->mate = st->mate;
    l->score_cp = st->score;
    l->win_rate = st->win_rate;
    l->pv_len = st->pv_len;
    memcpy(l->pv, st->pv, (size_t)st->pv_len * sizeof *st->pv);
}

void bot_report(bot *b, const mana_move *pv, int n)
{
    bot_stats *st = &b->stats;
    st->pv_len = n < MANA_BOT_PV_MAX ? n : MANA_BOT_PV_MAX;
    if (pv != st->pv)
        memmove(st->pv, pv, (size_t)st->pv_len * sizeof *pv);
    mana_bot_info info;
    bot_info_from_stats(b, &info);
    int k = info.line.multipv - 1;
    if (k < MANA_BOT_MULTIPV_MAX) {
        b->lines[k] = info.line;
        if (k == 0 || b->nlines < k + 1)
            b->nlines = k + 1; /* a new best line: the others follow it */
    }
    if (b->info != NULL)
        b->info(b->info_ctx, &info);
}

int bot_root_moves(const bot *b, mana_move *mv, int n)
{
    if (b->nsearchmoves == 0)
        return n;
    int kept = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < b->nsearchmoves; j++)
            if (mv[i] == b->searchmoves[j]) {
                mv[kept++] = mv[i];
                break;
            }
    return kept;
}

int bot_captures_damyo(const mana_game *g, mana_move m)
{
    if (MANA_MOVE_KIND(m) != MANA_MOVE_STEP)
        return 0;
    int target = mana_piece_at(g, MANA_MOVE_TO(m));
    return mana_side_to_move(g) == MANA_WHITE ? target == 'd' : target == 'D';
}

int bot_captures(const mana_game *g, mana_move m)
{
    return MANA_MOVE_KIND(m) == MANA_MOVE_STEP && mana_piece_at(g, MANA_MOVE_TO(m)) != 0;
}

int mana_bot_pv_format(const mana_game *g, const mana_move *pv, int n, char *buf, size_t size)
{
    if (g == NULL || (pv == NULL && n > 0) || n < 0 || (buf == NULL && size > 0))
        return bot_fail(MANA_EINVAL, "mana_bot_pv_format: NULL argument or a negative count");
    if (size > 0)
        buf[0] = '\0';
    mana_game *w = mana_clone(g);
    if (w == NULL)
        return bot_fail(MANA_ENOMEM, "mana_bot_pv_format: out of memory");
    size_t len = 0;
    int rc = MANA_OK;
    for (int i = 0; i < n && rc == MANA_OK; i++) {
        char text[MANA_MOVE_TEXT_MAX + 1];
        if (mana_move_format(w, pv[i], text, sizeof text) < 0 || mana_play(w, pv[i]) != MANA_OK) {
            rc = bot_fail(MANA_EILLEGAL, "mana_bot_pv_format: move %d of the line is not legal in turn", i + 1);
            break;
        }
        int k = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%s%s", i ? " " : "", text);
        len += (size_t)k;
    }
    mana_free(w);
    if (rc != MANA_OK)
        return rc;
    return len > INT32_MAX ? bot_fail(MANA_ESPACE, "mana_bot_pv_format: line too long") : (int)len;
}
