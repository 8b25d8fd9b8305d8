/* SPDX-License-Identifier: MIT */
/*
 * bot_time.c - the time manager of the project (mana_bot_time_budget:
 * what a side should spend on a move under its clock) and the policy of
 * a deepening search (ab) in the time it is given.
 *
 * A fixed move time (movetime: time_ms alone) is used whole: an iteration
 * cut short still searched the previous best move first, and any move it
 * proved better replaces it, so the bot deepens while less than 70% of T
 * is used and stops at T (bot_out_of_time).
 *
 * With a clock (time_ms the soft budget, hard_ms the hard one) the bot
 * aims at the soft budget: an iteration takes about three times the last,
 * so one starts only if it can end in time; while the best move is
 * unsettled (it changed in the last iteration, or its score fell) the
 * target doubles, never past 80% of the hard budget, which the search
 * never passes.
 *
 * The same file holds when a timed search starts the mate search
 * (bot_mate_share), the one rule ab and mcts follow.
 */
#include "bots.h"

#define BRANCHING 3.0 /* an iteration costs about this many times the last */
#define HORIZON 30    /* moves still to play when movestogo is not given */

int mana_bot_time_budget(const mana_bot_limits *lim, int side, int64_t *soft_ms, int64_t *hard_ms)
{
    if (lim == NULL || soft_ms == NULL || hard_ms == NULL)
        return bot_fail(MANA_EINVAL, "mana_bot_time_budget: NULL argument");
    if (side != MANA_WHITE && side != MANA_BLACK)
        return bot_fail(MANA_EINVAL, "mana_bot_time_budget: side %d is neither MANA_WHITE nor MANA_BLACK", side);
    if (lim->time_ms[side] < 0)
        return bot_fail(MANA_EINVAL, "mana_bot_time_budget: no clock for %s", side == MANA_WHITE ? "White" : "Black");
    if (lim->inc_ms[side] < 0 || lim->movestogo < 0)
        return bot_fail(MANA_EINVAL, "mana_bot_time_budget: a negative increment or movestogo");
    int64_t left = lim->time_ms[side], inc = lim->inc_ms[side];
    /* Keep 50 ms plus 5% of the clock (at most 1 s) for the pipes and the
     * scheduler: the answer must reach the manager before the flag falls. */
    int64_t margin = 50 + left / 20;
    if (margin > 1000)
        margin = 1000;
    int64_t usable = left - margin;
    if (usable < left / 4) /* a nearly empty clock: spend a quarter */
        usable = left / 4;
    int horizon = lim->movestogo > 0 ? lim->movestogo : HORIZON;
    /* 3 inc / 4 and the sums and products below, without overflow for
     * any clock up to INT64_MAX ms (usable >= 0, s <= usable) */
    int64_t base = usable / horizon, extra = inc / 4 * 3 + inc % 4 * 3 / 4;
    int64_t s = extra > usable - base ? usable : base + extra;
    int64_t h = s > usable / 3 ? usable : s * 3;
    *soft_ms = s < 1 ? 1 : s;
    *hard_ms = h < *soft_ms ? *soft_ms : h;
    return MANA_OK;
}

#define MATE_AFTER 0.25    /* the mate search waits for this share of the time */
#define MATE_SHARE 0.4     /* the long look's share of the move time */
#define MATE_SHARE_LOW 0.3 /* the shorter look's */

double bot_mate_share(const bot *b, const bot_mate_rule *rule, double value, int *tried)
{
    const bot_limits *l = &b->lim;
    if (l->time_ms <= 0 || l->depth != 0 || l->nodes != 0 || l->iterations != 0 || b->multipv != 1 || b->pondering ||
        value >= rule->won || bot_clock_ms(b) < MATE_AFTER * l->time_ms || (*tried & 2))
        return 0;
    if (value >= rule->trigger) {
        *tried = 3;
        return MATE_SHARE;
    }
    if (value >= rule->trigger_low && !(*tried & 1)) {
        *tried = 1;
        return MATE_SHARE_LOW;
    }
    return 0;
}

int bot_time_next(const bot *b, double last_iter_ms, int unsettled)
{
    const bot_limits *l = &b->lim;
    if (l->time_ms <= 0 && l->hard_ms <= 0)
        return 1;
    double used_ms = bot_clock_ms(b);
    double soft = l->time_ms > 0 ? l->time_ms : 0, hard = l->hard_ms > 0 ? l->hard_ms : soft;
    if (l->time_ms > 0 && l->hard_ms <= 0) /* a fixed move time */
        return used_ms < 0.7 * soft;
    double target = soft * (unsettled ? 2.0 : 1.0);
    if (hard > 0 && target > 0.8 * hard)
        target = 0.8 * hard;
    return used_ms + BRANCHING * last_iter_ms < target || used_ms < 0.3 * target;
}
