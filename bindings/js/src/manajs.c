/* SPDX-License-Identifier: MIT */
/*
 * manajs.c - the thin layer between JavaScript and libmana in the
 * WebAssembly build.  JavaScript numbers carry 32-bit ints and doubles only,
 * so every 64-bit value crosses as two 32-bit halves and every struct as
 * plain arguments.  Nothing here knows the rules: each function calls
 * libmana, the mana-cli bots (examples/cli/bot*.c) or the record and SVG
 * file glue (examples/cli/record.c over mana_record_read/write) and
 * mana_svg.
 *
 * Strings returned by mjs_record_write and mjs_svg are malloc'd and owned by
 * the caller (JavaScript frees them with free()).  Errors: the int functions
 * return a negative MANA_E* code with mana_error_detail() set, or, for the
 * record functions, mjs_last_error() set.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>
#include <mana.h>

#include "bot.h"
#include "record.h"

#define MJS EMSCRIPTEN_KEEPALIVE

static char last_error[256];

static uint64_t u64(uint32_t lo, uint32_t hi)
{
    return (uint64_t)hi << 32 | lo;
}

static void split(uint64_t v, uint32_t out[2])
{
    out[0] = (uint32_t)v;
    out[1] = (uint32_t)(v >> 32);
}

/* The enum name of an error code ("MANA_EILLEGAL"), from the one list. */
MJS const char *mjs_error_name(int code)
{
#define MJS_NAME_(name, value, msg) if (code == (value)) return #name;
    MANA_ERROR_LIST(MJS_NAME_)
#undef MJS_NAME_
    return "MANA_EUNKNOWN";
}

MJS const char *mjs_last_error(void)
{
    return last_error;
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

/* The square the Mana came from (the last piece's landing square), or -1. */
MJS int mjs_last_landing(const mana_game *g)
{
    return cli_last_landing(g);
}

/* ---- options by name (the record header names and words) ----------------- */

MJS const char *mjs_option_name(int option)
{
    return rec_option_name(option);
}

MJS const char *mjs_option_values(int option)
{
    return rec_option_values(option);
}

/* Parses name/text into an option index and value (out[0], out[1]).
 * Returns 0, or MANA_EINVAL with the reason in mjs_last_error(). */
MJS int mjs_option_parse(const char *name, const char *text, int out[2])
{
    if (rec_option_parse(name, text, &out[0], &out[1], last_error, sizeof last_error) < 0)
        return MANA_EINVAL;
    return MANA_OK;
}

MJS const char *mjs_option_format(int option, int value)
{
    static char buf[32];
    rec_option_format(option, value, buf, sizeof buf);
    return buf;
}

/* ---- bots -------------------------------------------------------------- */

/* A new bot of kind ("random", "ab", "mcts"); limits of 0 mean none (all 0:
 * the bot's defaults); NULL for an unknown kind or no memory. */
MJS bot *mjs_bot_new(const char *kind, int time_ms, int depth, double nodes, double iterations,
                     uint32_t seed_lo, uint32_t seed_hi)
{
    bot_limits lim = {.time_ms = time_ms, .depth = depth, .nodes = (uint64_t)nodes,
                      .iterations = (uint64_t)iterations};
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

/* ---- records and pictures ---------------------------------------------- */

/* The text written by fn to a memory stream, NUL-terminated and malloc'd;
 * NULL on failure. */
static char *to_text(int (*fn)(FILE *, const void *, const void *), const void *a, const void *b)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        return NULL;
    int rc = fn(f, a, b);
    if (fclose(f) != 0 || rc != 0) {
        free(text);
        return NULL;
    }
    return text;
}

static int write_record(FILE *f, const void *g, const void *info)
{
    return record_write(f, g, info);
}

static int write_svg(FILE *f, const void *g, const void *unused)
{
    (void)unused;
    int n = mana_svg(g, 0, 0, NULL, 0);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    int rc = text != NULL && mana_svg(g, 0, 0, text, (size_t)n + 1) == n && fputs(text, f) >= 0 ? 0 : -1;
    free(text);
    return rc;
}

static void copy(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src ? src : "");
}

/* The record of g (preset, players, date "" = today, start MFN "" = the
 * game began at setup), malloc'd; NULL with mjs_last_error() set. */
MJS char *mjs_record_write(const mana_game *g, int preset, const char *white, const char *black,
                           const char *date, const char *start_mfn)
{
    record_info info;
    memset(&info, 0, sizeof info);
    info.preset = preset;
    copy(info.white, sizeof info.white, white);
    copy(info.black, sizeof info.black, black);
    copy(info.date, sizeof info.date, date);
    copy(info.start_mfn, sizeof info.start_mfn, start_mfn);
    char *text = to_text(write_record, g, &info);
    if (text == NULL)
        copy(last_error, sizeof last_error, "the game's moves could not be written as a record");
    return text;
}

/* Reads the record text (len bytes) into a new game; fills the header into
 * the strings white/black/date/start_mfn (RECORD_NAME_MAX, RECORD_NAME_MAX,
 * 32 and MANA_MFN_MAX + 1 bytes) and *preset.  NULL with mjs_last_error()
 * set ("record:LINE: reason"). */
MJS mana_game *mjs_record_read(const char *text, int len, int *preset, char *white, char *black,
                               char *date, char *start_mfn)
{
    FILE *f = fmemopen((void *)text, (size_t)len, "r");
    if (f == NULL) {
        copy(last_error, sizeof last_error, "out of memory");
        return NULL;
    }
    mana_game *g = NULL;
    record_info info;
    int rc = record_read(f, "record", &g, &info, last_error, sizeof last_error);
    fclose(f);
    if (rc != 0)
        return NULL;
    *preset = info.preset;
    copy(white, RECORD_NAME_MAX, info.white);
    copy(black, RECORD_NAME_MAX, info.black);
    copy(date, 32, info.date);
    copy(start_mfn, MANA_MFN_MAX + 1, info.start_mfn);
    return g;
}

/* The SVG picture of g, malloc'd; NULL on failure. */
MJS char *mjs_svg(const mana_game *g)
{
    return to_text(write_svg, g, NULL);
}
