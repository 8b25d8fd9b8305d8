/* SPDX-License-Identifier: MIT */
/*
 * ab_time.c - when `ab` starts another iteration of iterative deepening.
 *
 * A fixed move time (`go movetime T`: time_ms alone) is used whole: an
 * iteration cut short still searched the previous best move first, and
 * any move it proved better replaces it, so the bot deepens while less
 * than 70% of T is used and stops at T (bot_out_of_time).
 *
 * With a clock (time_ms the soft budget, hard_ms the hard one, from the
 * engine's wtime/btime/winc/binc/movestogo) the bot aims at the soft
 * budget: an iteration takes about three times the last, so one starts
 * only if it can end in time; while the best move is unsettled (it changed
 * in the last iteration, or its score fell) the target doubles, never past
 * 80% of the hard budget, which the search never passes.
 */
#include "ab.h"

#define BRANCHING 3.0 /* an iteration costs about this many times the last */

void ab_clock_init(ab_clock *c, const bot_limits *lim)
{
    c->movetime = lim->time_ms > 0 && lim->hard_ms <= 0;
    c->soft_ms = lim->time_ms > 0 ? lim->time_ms : 0;
    c->hard_ms = lim->hard_ms > 0 ? lim->hard_ms : c->soft_ms;
}

int ab_clock_next(const ab_clock *c, double used_ms, double last_iter_ms, int unsettled)
{
    if (c->soft_ms <= 0 && c->hard_ms <= 0)
        return 1;
    if (c->movetime)
        return used_ms < 0.7 * c->soft_ms;
    double target = c->soft_ms * (unsettled ? 2.0 : 1.0);
    if (c->hard_ms > 0 && target > 0.8 * c->hard_ms)
        target = 0.8 * c->hard_ms;
    return used_ms + BRANCHING * last_iter_ms < target || used_ms < 0.3 * target;
}
