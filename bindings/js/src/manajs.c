/* SPDX-License-Identifier: MIT */
/*
 * manajs.c - the thin layer between JavaScript and libmana in the
 * WebAssembly build.  JavaScript numbers carry 32-bit ints and doubles only,
 * so every 64-bit value crosses as two 32-bit halves and every struct as
 * plain arguments.  Nothing here knows a format, and of the rules only where
 * the Mana comes from (mjs_last_landing): each function calls libmana or the
 * mana-cli bots (bots/bot*.c).  Errors: the
 * int functions return a negative MANA_E* code with mana_error_detail()
 * set.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <emscripten.h>
#include <mana.h>

#include "bot.h"

#define MJS EMSCRIPTEN_KEEPALIVE

static uint64_t u64(uint32_t lo, uint32_t hi)
{
    return (uint64_t)hi << 32 | lo;
}

static void split(uint64_t v, uint32_t out[2])
{
    out[0] = (uint32_t)v;
    out[1] = (uint32_t)(v >> 32);
}

MJS void mjs_hash(const mana_game *g, uint32_t out[2])
{
    split(mana_hash(g), out);
}

MJS int mjs_perft(mana_game *g, int depth, uint32_t out[2])
{
    uint64_t leaves = 0;
    int rc = mana_perft(g, depth, &leaves);
    split(leaves, out);
    return rc;
}

MJS int mjs_setup_random(mana_game *g, uint32_t seed_lo, uint32_t seed_hi)
{
    return mana_setup_random(g, u64(seed_lo, seed_hi));
}

/* The square the Mana came from (mana_mana_square), or -1. */
MJS int mjs_last_landing(const mana_game *g)
{
    return mana_mana_square(g);
}

/* ---- bots -------------------------------------------------------------- */

/* A new bot of kind ("random", "ab", "mcts"); limits of 0 mean none (all 0:
 * the bot's defaults); NULL for an unknown kind or no memory. */
MJS bot *mjs_bot_new(const char *kind, int time_ms, int depth, double nodes, double iterations, uint32_t seed_lo,
                     uint32_t seed_hi)
{
    bot_limits lim = {.time_ms = time_ms, .depth = depth, .nodes = (uint64_t)nodes, .iterations = (uint64_t)iterations};
    return bot_kind_valid(kind) ? bot_new(kind, &lim, u64(seed_lo, seed_hi)) : NULL;
}

MJS void mjs_bot_free(bot *b)
{
    bot_free(b);
}

MJS int mjs_bot_choose(bot *b, const mana_game *g, mana_move *out)
{
    return bot_choose(b, g, out);
}

MJS void mjs_bot_clear(bot *b)
{
    bot_clear(b);
}

/* The last search's statistics: depth, score, nodes, iterations, time_ms,
 * mate, as doubles. */
MJS void mjs_bot_stats(const bot *b, double out[6])
{
    bot_stats st;
    bot_last_stats(b, &st);
    out[0] = st.depth;
    out[1] = st.score;
    out[2] = (double)st.nodes;
    out[3] = (double)st.iterations;
    out[4] = st.time_ms;
    out[5] = st.mate;
}

MJS const char *mjs_bot_describe(const bot *b)
{
    static char buf[128];
    bot_describe(b, buf, sizeof buf);
    return buf;
}

/* ---- record headers (mana_record_headers, caller-owned storage) ---- */

MJS size_t mjs_headers_size(void)
{
    return sizeof(mana_record_headers);
}

MJS int mjs_headers_preset(const mana_record_headers *h)
{
    return h->preset;
}

/* The Result header read: a mana_status value, or -1 when there is none. */
MJS int mjs_headers_result(const mana_record_headers *h)
{
    return h->result;
}

MJS int mjs_headers_tag_count(const mana_record_headers *h)
{
    return h->tag_count;
}

MJS const char *mjs_headers_tag_key(const mana_record_headers *h, int i)
{
    return h->tags[i].key;
}

MJS const char *mjs_headers_tag_value(const mana_record_headers *h, int i)
{
    return h->tags[i].value;
}

/* mana_record_read with the offset as an int (in and out: *offset). */
MJS int mjs_record_read(mana_game *g, const char *text, int len, int *offset, mana_record_headers *h)
{
    size_t off = (size_t)*offset;
    int rc = mana_record_read(g, text, (size_t)len, &off, h);
    *offset = (int)off;
    return rc;
}
