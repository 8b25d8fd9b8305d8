/* SPDX-License-Identifier: MIT */
/* bot.c - the dispatcher: creation, limits, and bot_choose, which hands the
 * search to the bot of the kind asked for (bot_impl.h: the file map). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot_impl.h"

static const char *const kind_names[] = {"random", "ab", "mcts"};

static int kind_of(const char *name)
{
    if (name == NULL)
        return -1;
    for (int k = 0; k < 3; k++)
        if (strcmp(name, kind_names[k]) == 0)
            return k;
    return -1;
}

int bot_kind_valid(const char *name)
{
    return kind_of(name) >= 0;
}

/* The defaults are fixed (no time limit) so that a match on the default
 * limits can be replayed move for move.  Both take well under a second
 * per move on one core: ab deepens until it has visited 100,000 nodes
 * (about 0.3 s; depth 8 to 12 in the middle game), mcts runs 3,000
 * playouts (a few milliseconds). */
void bot_default_limits(const char *name, bot_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    switch (kind_of(name)) {
    case BOT_AB: lim->nodes = 100000; break;
    case BOT_MCTS: lim->iterations = 3000; break;
    default: break;
    }
}

/* Returns 1 if lim sets some limit that kind obeys. */
static int has_limit(int kind, const bot_limits *lim)
{
    if (lim == NULL)
        return 0;
    switch (kind) {
    case BOT_AB: return lim->time_ms > 0 || lim->hard_ms > 0 || lim->depth > 0 || lim->nodes > 0;
    case BOT_MCTS: return lim->time_ms > 0 || lim->hard_ms > 0 || lim->iterations > 0 || lim->nodes > 0;
    default: return 0;
    }
}

void bot_set_limits(bot *b, const bot_limits *lim)
{
    if (has_limit(b->kind, lim))
        b->lim = *lim;
    else
        bot_default_limits(kind_names[b->kind], &b->lim);
    if (b->lim.depth > BOT_DEPTH_MAX)
        b->lim.depth = BOT_DEPTH_MAX;
}

bot *bot_new(const char *name, const bot_limits *lim, uint64_t seed)
{
    int kind = kind_of(name);
    if (kind < 0)
        return NULL;
    bot *b = calloc(1, sizeof *b);
    if (b == NULL)
        return NULL;
    b->kind = kind;
    b->rng = seed;
    bot_set_limits(b, lim);
    if (kind == BOT_AB) {
        b->impl = bot_ab_new();
        if (b->impl == NULL) {
            free(b);
            return NULL;
        }
    }
    return b;
}

void bot_free(bot *b)
{
    if (b == NULL)
        return;
    if (b->kind == BOT_AB)
        bot_ab_free(b->impl);
    free(b);
}

const char *bot_name(const bot *b)
{
    return kind_names[b->kind];
}

void bot_describe(const bot *b, char *buf, size_t size)
{
    const bot_limits *l = &b->lim;
    char parts[160] = "";
    size_t n = 0;
    if (l->depth > 0 && b->kind == BOT_AB)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", depth %d", l->depth);
    if (l->nodes > 0 && b->kind != BOT_RANDOM)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", %llu nodes", (unsigned long long)l->nodes);
    if (l->iterations > 0 && b->kind == BOT_MCTS)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", %llu playouts", (unsigned long long)l->iterations);
    if (l->time_ms > 0 && b->kind != BOT_RANDOM)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", %d ms", l->time_ms);
    if (l->hard_ms > 0 && b->kind != BOT_RANDOM)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", at most %d ms", l->hard_ms);
    if (n > 0)
        snprintf(buf, size, "%s (%s)", kind_names[b->kind], parts + 2);
    else
        snprintf(buf, size, "%s", kind_names[b->kind]);
}

void bot_set_stop(bot *b, const atomic_int *flag)
{
    b->stop = flag;
}

void bot_set_info(bot *b, bot_info_fn *fn, void *ctx)
{
    b->info = fn;
    b->info_ctx = ctx;
}

void bot_clear(bot *b)
{
    if (b->kind == BOT_AB)
        bot_ab_clear(b->impl);
}

void bot_last_stats(const bot *b, bot_stats *st)
{
    *st = b->stats;
}

int bot_choose(bot *b, const mana_game *g, mana_move *out)
{
    int st = mana_status(g);
    if (st < 0)
        return st;
    if (st != MANA_SETUP && st != MANA_PLAYING)
        return MANA_EOVER;
    memset(&b->stats, 0, sizeof b->stats);
    clock_gettime(CLOCK_MONOTONIC, &b->start);
    int n = mana_legal_moves(g, NULL, 0);
    if (n < 0)
        return n;
    if (n == 0)
        return MANA_EOVER;
    int rc;
    if (b->kind == BOT_RANDOM)
        rc = bot_random_choose(b, g, out);
    else if (b->kind == BOT_AB)
        rc = bot_ab_choose(b, g, out);
    else
        rc = bot_mcts_choose(b, g, out);
    b->stats.time_ms = (int)bot_elapsed_ms(b);
    return rc;
}
