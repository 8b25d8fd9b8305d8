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

#define TC_SECONDS_MAX 10000000LL /* 115 days */

/* Reads seconds, a decimal such as "60" or "0.05", into whole milliseconds
 * (the unit of the clocks and of the engine protocol): a finer fraction
 * ("0.0001") is refused rather than rounded away.  Returns 0 or -1. */
static int seconds(const char *text, const char *end, long long *ms)
{
    long long whole = 0, frac = 0;
    const char *p = text;
    if (p == end || *p < '0' || *p > '9')
        return -1;
    for (; p < end && *p >= '0' && *p <= '9'; p++)
        if ((whole = whole * 10 + (*p - '0')) > TC_SECONDS_MAX)
            return -1;
    if (p < end && *p == '.')
        for (int place = 100; ++p < end && *p >= '0' && *p <= '9'; place /= 10) {
            if (place == 0 && *p != '0')
                return -1; /* finer than a millisecond */
            frac += (*p - '0') * place;
        }
    *ms = whole * 1000 + frac;
    return p == end && *ms <= TC_SECONDS_MAX * 1000 ? 0 : -1;
}

/* Writes ms as seconds in the shortest exact decimal ("60", "0.05"). */
static int seconds_text(long long ms, char *buf, size_t size)
{
    long long frac = ms % 1000;
    int digits = 3;
    if (frac == 0)
        return snprintf(buf, size, "%lld", ms / 1000);
    for (; frac % 10 == 0; frac /= 10)
        digits--;
    return snprintf(buf, size, "%lld.%0*lld", ms / 1000, digits, frac);
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

int tc_format(const time_control *tc, char *buf, size_t size)
{
    char moves[24] = "", base[32], inc[32];
    if (tc->moves > 0)
        snprintf(moves, sizeof moves, "%d/", tc->moves);
    seconds_text(tc->base_ms, base, sizeof base);
    seconds_text(tc->inc_ms, inc, sizeof inc);
    return snprintf(buf, size, "%s%s+%s", moves, base, inc);
}

void tc_describe(const time_control *tc, char *buf, size_t size)
{
    char text[96];
    if (!tc->clock) {
        snprintf(buf, size, "fixed limits");
        return;
    }
    tc_format(tc, text, sizeof text);
    snprintf(buf, size, "%s s", text);
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
