/* SPDX-License-Identifier: MIT */
/*
 * manajs.c - the thin layer between JavaScript and libmana in the
 * WebAssembly build.  JavaScript numbers carry 32-bit ints and doubles only,
 * so every 64-bit value crosses as two 32-bit halves and every struct as
 * plain arguments.  Nothing here knows a format, and of the rules only where
 * the Mana comes from (mjs_last_landing): each function calls libmana or
 * libmana-bots (include/mana_bot.h).  Errors: the int functions return a
 * negative MANA_E* code with mana_error_detail() set (mana_bot_error_detail()
 * for the bots, mjs_bot_detail).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <emscripten.h>
#include <mana.h>

#include <mana_bot.h>

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

/* A bot with the limits it was made with and its last result. */
typedef struct mjs_bot {
    mana_bot *b;
    mana_bot_limits lim;
    mana_bot_result res;
} mjs_bot;

/* A new bot of kind ("random", "ab", "mcts"); limits of 0 mean none (all 0:
 * the bot's defaults); NULL for an unknown kind or no memory
 * (mjs_bot_detail says which). */
MJS mjs_bot *mjs_bot_new(const char *kind, int time_ms, int depth, double nodes, double iterations, uint32_t seed_lo,
                         uint32_t seed_hi)
{
    mjs_bot *mb = calloc(1, sizeof *mb);
    if (mb == NULL || (mb->b = mana_bot_new(kind, u64(seed_lo, seed_hi))) == NULL) {
        free(mb);
        return NULL;
    }
    mana_bot_limits_init(&mb->lim);
    mb->lim.movetime_ms = time_ms;
    mb->lim.depth = depth;
    mb->lim.nodes = (uint64_t)nodes;
    mb->lim.iterations = (uint64_t)iterations;
    return mb;
}

/* Sets a bot option by name (mana_bot_set_option: Hash, Threads, MultiPV,
 * Eval, Seed; value as decimal text, Eval's also linear or learned). */
MJS int mjs_bot_set_option(mjs_bot *mb, const char *name, const char *value)
{
    return mana_bot_set_option(mb->b, name, value);
}

/* The last search's MultiPV lines: mana_bot_result.lines. */
MJS int mjs_bot_lines(const mjs_bot *mb)
{
    return mb->res.lines;
}

/* Line k (1..lines) of the last search as doubles: depth, seldepth,
 * score (cp), mate, pv length, then the pv's moves (at most
 * MANA_BOT_PV_MAX); MANA_EINVAL for k out of range. */
MJS int mjs_bot_line(const mjs_bot *mb, int k, double out[5 + MANA_BOT_PV_MAX])
{
    mana_bot_line l;
    int rc = mana_bot_line_at(mb->b, k, &l);
    if (rc != MANA_OK)
        return rc;
    out[0] = l.depth;
    out[1] = l.seldepth;
    out[2] = l.score_cp;
    out[3] = l.mate;
    out[4] = l.pv_len;
    for (int i = 0; i < l.pv_len; i++)
        out[5 + i] = l.pv[i];
    return MANA_OK;
}

MJS const char *mjs_bot_detail(void)
{
    return mana_bot_error_detail();
}

MJS void mjs_bot_free(mjs_bot *mb)
{
    if (mb != NULL)
        mana_bot_free(mb->b);
    free(mb);
}

/* Sets the clocks of the next mjs_bot_choose (mana_bot_limits' time_ms,
 * inc_ms and movestogo): ms left for White and Black (negative: off),
 * increments (ms) and moves to the next time control (0: none).  The bot
 * spends what mana_bot_time_budget gives the side to move; choose checks
 * the values (MANA_EINVAL for a negative increment or movestogo). */
MJS void mjs_bot_clock(mjs_bot *mb, double wtime, double btime, double winc, double binc, int movestogo)
{
    mb->lim.time_ms[MANA_WHITE] = (int64_t)wtime;
    mb->lim.time_ms[MANA_BLACK] = (int64_t)btime;
    mb->lim.inc_ms[MANA_WHITE] = (int64_t)winc;
    mb->lim.inc_ms[MANA_BLACK] = (int64_t)binc;
    mb->lim.movestogo = movestogo;
}

/* The bot's move in g, among searchmoves[0..count-1] (borrowed; NULL with
 * 0: every move), as mana_bot_choose. */
MJS int mjs_bot_choose(mjs_bot *mb, const mana_game *g, const mana_move *searchmoves, int count, mana_move *out)
{
    mb->lim.searchmoves = searchmoves;
    mb->lim.searchmoves_count = count;
    int rc = mana_bot_choose(mb->b, g, &mb->lim, &mb->res);
    mb->lim.searchmoves = NULL;
    mb->lim.searchmoves_count = 0;
    *out = mb->res.move;
    return rc;
}

MJS void mjs_bot_clear(mjs_bot *mb)
{
    mana_bot_clear(mb->b);
}

/* The last search's figures, as doubles: depth, score (cp), nodes,
 * iterations, time_ms, mate, seldepth, win rate (-1: none), pv length,
 * ponder move (0: none). */
MJS void mjs_bot_stats(const mjs_bot *mb, double out[10])
{
    const mana_bot_info *in = &mb->res.info;
    out[0] = in->line.depth;
    out[1] = in->line.score_cp;
    out[2] = (double)in->nodes;
    out[3] = (double)in->iterations;
    out[4] = (double)in->time_ms;
    out[5] = in->line.mate;
    out[6] = in->line.seldepth;
    out[7] = in->line.win_rate;
    out[8] = in->line.pv_len;
    out[9] = mb->res.ponder;
}

/* Move k (0..pv length - 1) of the last search's line. */
MJS mana_move mjs_bot_pv(const mjs_bot *mb, int k)
{
    return k >= 0 && k < mb->res.info.line.pv_len ? mb->res.info.line.pv[k] : MANA_MOVE_NONE;
}

MJS const char *mjs_bot_describe(const mjs_bot *mb)
{
    static char buf[128];
    mana_bot_describe(mb->b, &mb->lim, buf, sizeof buf);
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

/* Sets the Result a record is written with (mana_record_write: a final
 * result of a game the moves leave unfinished, with a Termination tag). */
MJS void mjs_headers_set_result(mana_record_headers *h, int status)
{
    h->result = status;
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
