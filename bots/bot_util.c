/* SPDX-License-Identifier: MIT */
/* bot_util.c - the helpers every bot shares: its clock, the stop test,
 * progress reports, and questions about a move.  Below the dispatcher
 * (bot.c) and the bots: it calls none of them. */
#include <stdarg.h>
#include <stdio.h>

#include "bot_impl.h"

double bot_elapsed_ms(const bot *b)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - b->start.tv_sec) * 1000.0 + (double)(now.tv_nsec - b->start.tv_nsec) / 1e6;
}

int bot_out_of_time(const bot *b)
{
    if (b->stop != NULL && atomic_load(b->stop))
        return 1;
    int limit = b->lim.hard_ms > 0 ? b->lim.hard_ms : b->lim.time_ms;
    return limit > 0 && bot_elapsed_ms(b) >= limit;
}

void bot_emit(bot *b, const char *fmt, ...)
{
    if (b->info == NULL)
        return;
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    b->info(b->info_ctx, line);
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

char *bot_format_line(const mana_game *g, const mana_move *line, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    mana_game *w = mana_clone(g);
    if (w == NULL)
        return buf;
    for (int i = 0; i < n; i++) {
        char text[MANA_MOVE_TEXT_MAX + 1];
        if (mana_move_format(w, line[i], text, sizeof text) < 0)
            break;
        int k = snprintf(buf + len, size - len, "%s%s", i ? " " : "", text);
        if (k < 0 || (size_t)k >= size - len)
            break;
        len += (size_t)k;
        if (mana_play(w, line[i]) != MANA_OK)
            break;
    }
    mana_free(w);
    return buf;
}
