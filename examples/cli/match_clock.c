/* SPDX-License-Identifier: MIT */
/*
 * match_clock.c - time controls and the clocks the runner keeps, as
 * cutechess-cli's `tc=moves/time+increment`: a period of `moves` moves
 * (0: the whole game) in `time` seconds, `increment` seconds added after
 * each move.  Every move counts, setup moves included.  The runner times
 * each move from sending `go` to reading `bestmove`; a player whose clock
 * falls below -margin loses on time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"

/* Reads seconds (fractions allowed) into ms.  Returns 0 or -1. */
static int seconds(const char *text, const char *end, long long *ms)
{
    char buf[32], *stop;
    size_t n = (size_t)(end - text);
    if (n == 0 || n >= sizeof buf || text[0] < '0' || text[0] > '9')
        return -1;
    memcpy(buf, text, n);
    buf[n] = '\0';
    double v = strtod(buf, &stop);
    if (*stop != '\0' || !(v >= 0) || v > 1e7)
        return -1;
    *ms = llround(v * 1000.0);
    return 0;
}

int tc_parse(const char *text, time_control *tc)
{
    long long margin = tc->margin_ms;
    memset(tc, 0, sizeof *tc);
    tc->clock = 1;
    tc->margin_ms = margin;
    const char *slash = strchr(text, '/'), *plus = strchr(text, '+');
    const char *t = text;
    if (slash != NULL) {
        char *end;
        long moves = strtol(text, &end, 10);
        if (end != slash || moves < 1 || moves > 10000 || text[0] < '0' || text[0] > '9')
            return -1;
        tc->moves = (int)moves;
        t = slash + 1;
    }
    const char *tend = plus != NULL ? plus : t + strlen(t);
    if (plus != NULL && plus < t)
        return -1;
    if (seconds(t, tend, &tc->base_ms) < 0 || tc->base_ms <= 0)
        return -1;
    if (plus != NULL && seconds(plus + 1, plus + strlen(plus), &tc->inc_ms) < 0)
        return -1;
    return 0;
}

void tc_describe(const time_control *tc, char *buf, size_t size)
{
    if (!tc->clock) {
        snprintf(buf, size, "fixed limits");
        return;
    }
    char moves[24] = "";
    if (tc->moves > 0)
        snprintf(moves, sizeof moves, "%d/", tc->moves);
    snprintf(buf, size, "%s%g+%g s", moves, (double)tc->base_ms / 1000, (double)tc->inc_ms / 1000);
}

void clock_start(game_clock *c, const time_control *tc)
{
    c->left_ms[0] = c->left_ms[1] = tc->base_ms;
    c->moves_made[0] = c->moves_made[1] = 0;
}

int clock_moves_to_go(const game_clock *c, const time_control *tc, int side)
{
    return tc->moves > 0 ? tc->moves - c->moves_made[side] % tc->moves : 0;
}

int clock_charge(game_clock *c, const time_control *tc, int side, long long used_ms)
{
    c->left_ms[side] -= used_ms;
    if (c->left_ms[side] < -tc->margin_ms)
        return -1;
    c->left_ms[side] += tc->inc_ms;
    c->moves_made[side]++;
    if (tc->moves > 0 && c->moves_made[side] % tc->moves == 0)
        c->left_ms[side] += tc->base_ms;
    return 0;
}
