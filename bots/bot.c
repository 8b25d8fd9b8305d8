/* SPDX-License-Identifier: MIT */
/*
 * bot.c - the public entry points of libmana-bots (include/mana_bot.h):
 * creation, options, limits, and mana_bot_choose, which binds the search
 * state to the rules, turns the limits into the kinds' bot_limits with
 * the time manager, and hands the search to the kind asked for.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"

static const char *const kind_names[] = {"random", "ab", "mcts"};

/* ---- options --------------------------------------------------------------- */

enum { OPT_SEED, OPT_HASH, OPT_THREADS, OPT_MULTIPV, OPT_EVAL, OPT_COUNT };

static const struct option_desc {
    const char *name;
    uint64_t def, min, max;
} options[OPT_COUNT] = {
    {"Seed", 1, 0, UINT64_MAX}, {"Hash", 16, 1, 65536}, {"Threads", 1, 1, 256}, {"MultiPV", 1, 1, MANA_BOT_MULTIPV_MAX},
    {"Eval", 1, 0, 1}, /* learned: +108 Elo at equal move time (docs/strength.md) */
};

/* The words of Eval's values (MANA_BOT_EVALS), in their order. */
static const char *const eval_names[] = {"linear", "learned"};

int mana_bot_option_count(void)
{
    return OPT_COUNT;
}

int mana_bot_option_info(int index, const char **name, uint64_t *def, uint64_t *min, uint64_t *max)
{
    if (index < 0 || index >= OPT_COUNT)
        return bot_fail(MANA_EINVAL, "mana_bot_option_info: index %d is not in 0..%d", index, OPT_COUNT - 1);
    const struct option_desc *o = &options[index];
    if (name != NULL)
        *name = o->name;
    if (def != NULL)
        *def = o->def;
    if (min != NULL)
        *min = o->min;
    if (max != NULL)
        *max = o->max;
    return MANA_OK;
}

/* Returns 1 if the words a and b are the same in any case, else 0. */
static int same_word(const char *a, const char *b)
{
    while (*a != '\0' && tolower((unsigned char)*a) == tolower((unsigned char)*b))
        a++, b++;
    return *a == '\0' && *b == '\0';
}

/* The option called name in any case, or -1. */
static int option_of(const char *name)
{
    for (int k = 0; k < OPT_COUNT; k++)
        if (same_word(name, options[k].name))
            return k;
    return -1;
}

/* Reads value as a decimal number in min..max (for Eval, k, also as a
 * word of eval_names in any case); 0 or -1. */
static int parse_value(int k, const char *value, uint64_t min, uint64_t max, uint64_t *out)
{
    for (int i = 0; k == OPT_EVAL && value != NULL && i < 2; i++)
        if (same_word(value, eval_names[i])) {
            *out = (uint64_t)i;
            return 0;
        }
    if (value == NULL || !isdigit((unsigned char)value[0]))
        return -1;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(value, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int mana_bot_set_option(mana_bot *b, const char *name, const char *value)
{
    if (b == NULL || name == NULL || value == NULL)
        return bot_fail(MANA_EINVAL, "mana_bot_set_option: NULL argument");
    int k = option_of(name);
    if (k < 0)
        return bot_fail(MANA_EINVAL, "unknown option '%.40s' (Seed, Hash, Threads, MultiPV, Eval)", name);
    uint64_t v;
    if (parse_value(k, value, options[k].min, options[k].max, &v) < 0)
        return k == OPT_EVAL
                   ? bot_fail(MANA_EINVAL, "Eval: bad value '%.40s' (expected linear, learned, 0 or 1)", value)
                   : bot_fail(MANA_EINVAL, "%s: bad value '%.40s' (expected %" PRIu64 "..%" PRIu64 ")", options[k].name,
                              value, options[k].min, options[k].max);
    switch (k) {
    case OPT_SEED: b->seed = b->rng = v; break;
    case OPT_HASH:
        if (b->kind == BOT_AB && (int)v != b->hash_mb && bot_ab_resize(b->impl, (int)v) < 0)
            return bot_fail(MANA_ENOMEM, "Hash: no memory for a table of %d MiB (the old one is kept)", (int)v);
        b->hash_mb = (int)v;
        break;
    case OPT_THREADS:
#ifdef MANA_BOT_NO_THREADS
        if (v > 1)
            return bot_fail(MANA_EINVAL, "Threads: this build has no threads (WebAssembly without pthreads): only 1");
#endif
        b->threads = (int)v;
        break;
    case OPT_EVAL:
        if ((int)v != b->eval) { /* as mana_bot_clear: the table's scores are the other evaluation's */
            if (b->kind == BOT_AB)
                bot_ab_clear(b->impl);
            b->rng = b->seed;
        }
        b->eval = (int)v;
        break;
    default: b->multipv = (int)v; break;
    }
    return MANA_OK;
}

int mana_bot_get_option(const mana_bot *b, const char *name, char *buf, size_t size)
{
    if (b == NULL || name == NULL || (buf == NULL && size > 0))
        return bot_fail(MANA_EINVAL, "mana_bot_get_option: NULL argument");
    int k = option_of(name);
    if (k < 0)
        return bot_fail(MANA_EINVAL, "unknown option '%.40s' (Seed, Hash, Threads, MultiPV, Eval)", name);
    uint64_t v = k == OPT_SEED ? b->seed
                               : (uint64_t)(k == OPT_HASH      ? b->hash_mb
                                            : k == OPT_THREADS ? b->threads
                                            : k == OPT_EVAL    ? b->eval
                                                               : b->multipv);
    return snprintf(buf, size, "%" PRIu64, v);
}

/* ---- lifecycle ------------------------------------------------------------- */

static int kind_of(const char *name)
{
    for (int k = 0; name != NULL && k < 3; k++)
        if (strcmp(name, kind_names[k]) == 0)
            return k;
    return -1;
}

mana_bot *mana_bot_new(const char *kind, uint64_t seed)
{
    int k = kind_of(kind);
    if (k < 0) {
        bot_fail(MANA_EINVAL, "unknown bot '%.40s' (expected %s)", kind ? kind : "(null)", MANA_BOT_KINDS);
        return NULL;
    }
    bot *b = calloc(1, sizeof *b);
    if (b == NULL) {
        bot_fail(MANA_ENOMEM, "out of memory for a bot");
        return NULL;
    }
    b->kind = k;
    b->seed = b->rng = seed;
    b->hash_mb = (int)options[OPT_HASH].def;
    b->threads = b->multipv = 1;
    b->eval = (int)options[OPT_EVAL].def;
    atomic_init(&b->stop, 0);
    atomic_init(&b->ponderhit, 0);
    if (k == BOT_AB && (b->impl = bot_ab_new(b->hash_mb)) == NULL) {
        free(b);
        bot_fail(MANA_ENOMEM, "out of memory for the hash table of ab");
        return NULL;
    }
    if (k != BOT_RANDOM && (b->mate = bot_mate_table_new()) == NULL) {
        mana_bot_free(b);
        bot_fail(MANA_ENOMEM, "out of memory for the mate search's table");
        return NULL;
    }
    return b;
}

void mana_bot_free(mana_bot *b)
{
    if (b == NULL)
        return;
    if (b->kind == BOT_AB)
        bot_ab_free(b->impl);
    bot_mate_table_free(b->mate);
    free(b);
}

const char *mana_bot_kind(const mana_bot *b)
{
    return b == NULL ? "" : kind_names[b->kind];
}

void mana_bot_set_info(mana_bot *b, mana_bot_info_fn *fn, void *ctx)
{
    if (b == NULL)
        return;
    b->info = fn;
    b->info_ctx = ctx;
}

void mana_bot_clear(mana_bot *b)
{
    if (b == NULL)
        return;
    if (b->kind == BOT_AB)
        bot_ab_clear(b->impl);
    b->rng = b->seed;
}

void mana_bot_stop(mana_bot *b)
{
    if (b != NULL)
        atomic_store(&b->stop, 1);
}

void mana_bot_ponderhit(mana_bot *b)
{
    if (b != NULL)
        atomic_store(&b->ponderhit, 1);
}

/* ---- limits ---------------------------------------------------------------- */

void mana_bot_limits_init(mana_bot_limits *lim)
{
    if (lim == NULL)
        return;
    memset(lim, 0, sizeof *lim);
    lim->time_ms[0] = lim->time_ms[1] = -1;
}

static int check_limits(const mana_bot_limits *l)
{
    if (l->depth < 0 || l->movetime_ms < 0 || l->movestogo < 0 || l->inc_ms[0] < 0 || l->inc_ms[1] < 0)
        return bot_fail(MANA_EINVAL, "a negative limit (depth, movetime, increment or movestogo)");
    if (l->searchmoves_count < 0 || l->searchmoves_count > MANA_MAX_MOVES ||
        (l->searchmoves == NULL && l->searchmoves_count > 0))
        return bot_fail(MANA_EINVAL, "searchmoves: %d moves (expected 0..%d, and an array for any)",
                        l->searchmoves_count, MANA_MAX_MOVES);
    return MANA_OK;
}

/* Refuses a searchmove not legal in g. */
static int check_searchmoves(const mana_game *g, const mana_bot_limits *l)
{
    for (int i = 0; l != NULL && i < l->searchmoves_count; i++)
        if (mana_is_legal(g, l->searchmoves[i]) != 1)
            return bot_fail(MANA_EILLEGAL, "searchmoves: move %d (id %u) is not legal in the position searched", i + 1,
                            (unsigned)l->searchmoves[i]);
    return MANA_OK;
}

static int cap_ms(int64_t ms)
{
    return ms > MANA_BOT_TIME_MAX_MS ? MANA_BOT_TIME_MAX_MS : (int)ms;
}

/* The default limits are fixed (no time limit) so that a match on them
 * can be replayed move for move.  Both take well under a second per move
 * on one core: ab deepens until it has visited 100,000 nodes (about
 * 0.3 s; depth 8 to 12 in the middle game), mcts runs 3,000 playouts (a
 * few milliseconds). */
static void default_limits(int kind, bot_limits *out)
{
    memset(out, 0, sizeof *out);
    if (kind == BOT_AB)
        out->nodes = 100000;
    else if (kind == BOT_MCTS)
        out->iterations = 3000;
}

/* The limits of lim (NULL: none) that kind obeys, for the side to move,
 * with the clock turned into a soft and a hard budget, also kept in
 * budget (NULL: not kept; {0, 0} without a clock).  Returns 1 if any is
 * set (or lim is infinite), else 0 (then the defaults apply). */
static int plan(int kind, const mana_bot_limits *lim, int side, bot_limits *out, int64_t *budget)
{
    memset(out, 0, sizeof *out);
    if (budget != NULL)
        budget[0] = budget[1] = 0;
    if (lim == NULL)
        return 0;
    out->depth = lim->depth > BOT_DEPTH_MAX ? BOT_DEPTH_MAX : lim->depth;
    out->nodes = lim->nodes;
    out->iterations = lim->iterations;
    out->time_ms = cap_ms(lim->movetime_ms);
    int64_t soft, hard;
    if (mana_bot_time_budget(lim, side, &soft, &hard) == MANA_OK) {
        if (budget != NULL)
            budget[0] = soft, budget[1] = hard;
        if (out->time_ms == 0 || out->time_ms > soft)
            out->time_ms = cap_ms(soft);
        out->hard_ms = cap_ms(hard); /* the bot may go on to it while unsettled */
    }
    if (kind == BOT_AB)
        out->iterations = 0;
    else
        out->depth = 0;
    if (kind == BOT_RANDOM)
        memset(out, 0, sizeof *out);
    return lim->infinite || out->time_ms > 0 || out->depth > 0 || out->nodes > 0 || out->iterations > 0;
}

int mana_bot_describe(const mana_bot *b, const mana_bot_limits *lim, char *buf, size_t size)
{
    if (b == NULL || (buf == NULL && size > 0))
        return bot_fail(MANA_EINVAL, "mana_bot_describe: NULL argument");
    if (lim != NULL && check_limits(lim) != MANA_OK)
        return MANA_EINVAL;
    mana_bot_limits fixed;
    if (lim != NULL) { /* clocks are not described: the fixed limits only */
        fixed = *lim;
        fixed.time_ms[0] = fixed.time_ms[1] = -1;
    }
    bot_limits l;
    if (!plan(b->kind, lim ? &fixed : NULL, MANA_WHITE, &l, NULL))
        default_limits(b->kind, &l);
    char parts[160] = "";
    size_t n = 0;
    if (l.depth > 0)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", depth %d", l.depth);
    if (l.nodes > 0)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", %" PRIu64 " nodes", l.nodes);
    if (l.iterations > 0)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", %" PRIu64 " playouts", l.iterations);
    if (l.time_ms > 0)
        n += (size_t)snprintf(parts + n, sizeof parts - n, ", %d ms", l.time_ms);
    if (n > 0)
        return snprintf(buf, size, "%s (%s)", kind_names[b->kind], parts + 2);
    return snprintf(buf, size, "%s", kind_names[b->kind]);
}

/* ---- the search ------------------------------------------------------------ */

/* Clears the bot when g's rules differ from those of its last search:
 * what it learnt under other rules is not reused. */
static void bind_rules(bot *b, const mana_game *g)
{
    int now[MANA_OPTION_COUNT];
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++)
        if (mana_get_option(g, opt, &now[opt]) != MANA_OK)
            now[opt] = -1;
    if (b->rules_known && memcmp(now, b->rules, sizeof now) != 0)
        mana_bot_clear(b);
    memcpy(b->rules, now, sizeof now);
    b->rules_known = 1;
}

/* Sets up b for a search of g under lim. */
static void begin(bot *b, const mana_game *g, const mana_bot_limits *lim)
{
    memset(&b->stats, 0, sizeof b->stats);
    b->stats.win_rate = -1;
    b->nlines = 0;
    b->searchmoves = lim != NULL ? lim->searchmoves : NULL;
    b->nsearchmoves = lim != NULL ? lim->searchmoves_count : 0;
    clock_gettime(CLOCK_MONOTONIC, &b->start);
    b->clock = b->start;
    b->searched = 1;
    if (!plan(b->kind, lim, mana_side_to_move(g), &b->lim, b->budget))
        default_limits(b->kind, &b->lim); /* also for ponder alone */
    b->pondering = lim != NULL && lim->ponder;
    b->ponder_lim = b->lim;
    if (b->pondering || (lim != NULL && lim->infinite))
        b->lim.time_ms = b->lim.hard_ms = 0; /* no time limit (ponder: until ponderhit) */
}

/* Fills the result of a search that chose m. */
static void finish(bot *b, const mana_game *g, mana_move m, mana_bot_result *res)
{
    bot_info_from_stats(b, &res->info);
    res->move = m;
    res->lines = 1;
    mana_bot_line *l = &res->info.line;
    if (l->pv_len == 0 || l->pv[0] != m) { /* no line reported for m */
        l->pv[0] = m;
        l->pv_len = 1;
    }
    res->ponder = MANA_MOVE_NONE;
    mana_game *w = l->pv_len >= 2 ? mana_clone(g) : NULL;
    if (w != NULL && mana_play(w, m) == MANA_OK && mana_is_legal(w, l->pv[1]) == 1)
        res->ponder = l->pv[1];
    mana_free(w);
    /* line 1 is the answer's; the other lines (MultiPV) keep the last
     * ones reported, but not one of the move chosen */
    int kept = 1;
    for (int k = 1; k < b->nlines && k < b->multipv; k++)
        if (b->lines[k].pv_len > 0 && b->lines[k].pv[0] != m) {
            b->lines[kept] = b->lines[k];
            b->lines[kept].multipv = kept + 1;
            kept++;
        }
    b->lines[0] = *l;
    b->nlines = kept;
    res->lines = kept;
}

int mana_bot_choose(mana_bot *b, const mana_game *g, const mana_bot_limits *lim, mana_bot_result *res)
{
    if (res != NULL)
        memset(res, 0, sizeof *res);
    if (b == NULL || g == NULL || res == NULL)
        return bot_fail(MANA_EINVAL, "mana_bot_choose: NULL argument");
    if (lim != NULL && check_limits(lim) != MANA_OK)
        return MANA_EINVAL;
    atomic_store(&b->stop, 0);
    int st = mana_status(g), rc;
    if (st != MANA_SETUP && st != MANA_PLAYING) {
        rc = st < 0 ? bot_fail(st, "%s", mana_error_detail()) : bot_fail(MANA_EOVER, "the game is finished");
    } else if ((rc = mana_legal_moves(g, NULL, 0)) <= 0) {
        rc = rc < 0 ? bot_fail(rc, "%s", mana_error_detail()) : bot_fail(MANA_EOVER, "no legal move");
    } else if ((rc = check_searchmoves(g, lim)) != MANA_OK) {
        /* the detail is set */
    } else {
        bind_rules(b, g);
        begin(b, g, lim);
        mana_move m = MANA_MOVE_NONE;
        if (b->kind == BOT_RANDOM)
            rc = bot_random_choose(b, g, &m);
        else if (b->kind == BOT_AB)
            rc = bot_ab_choose(b, g, &m);
        else
            rc = bot_mcts_choose(b, g, &m);
        b->searchmoves = NULL; /* borrowed for the call only */
        b->nsearchmoves = 0;
        if (rc == MANA_OK)
            finish(b, g, m, res);
        else
            bot_fail(rc, "%s", rc == MANA_ENOMEM ? "out of memory for the search" : mana_error_detail());
    }
    atomic_store(&b->ponderhit, 0);
    return rc;
}

int mana_bot_budget(const mana_bot *b, int64_t *soft_ms, int64_t *hard_ms)
{
    if (b == NULL || soft_ms == NULL || hard_ms == NULL)
        return bot_fail(MANA_EINVAL, "mana_bot_budget: NULL argument");
    if (b->budget[0] <= 0)
        return bot_fail(MANA_EINVAL, "mana_bot_budget: %s",
                        b->searched ? "the search had no clock for the side to move" : "no search yet");
    *soft_ms = b->budget[0];
    *hard_ms = b->budget[1];
    return MANA_OK;
}

int mana_bot_line_at(const mana_bot *b, int k, mana_bot_line *line)
{
    if (b == NULL || line == NULL)
        return bot_fail(MANA_EINVAL, "mana_bot_line_at: NULL argument");
    if (k < 1 || k > b->nlines)
        return bot_fail(MANA_EINVAL, "mana_bot_line_at: no line %d (the last search has %d)", k, b->nlines);
    *line = b->lines[k - 1];
    return MANA_OK;
}
