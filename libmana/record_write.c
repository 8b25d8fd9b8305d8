/* SPDX-License-Identifier: MIT */
/*
 * Writing game records (docs/record-format.md) and the history as
 * notation; the record headers' helpers.
 */
#include <string.h>

#include "game.h"
#include "text.h"

/* The option values of mana_new(preset), read from a fresh game. */
static int preset_options(int preset, int32_t *opt)
{
    mana_game *g = mana_new(preset);
    if (!g)
        return MANA_ENOMEM;
    memcpy(opt, g->opt, sizeof g->opt);
    mana_free(g);
    return MANA_OK;
}

int mana__history_text(const struct mana_undo *u, char *buf)
{
    mana_move m = u->move;
    int kind = MANA_MOVE_KIND(m), to = MANA_MOVE_TO(m);
    switch (kind) {
    case MANA_MOVE_PASS: memcpy(buf, "pass", 5); return 4;
    case MANA_MOVE_ORIENT:
        buf[0] = 'O';
        buf[1] = (char)('0' + to);
        buf[2] = '\0';
        return 2;
    case MANA_MOVE_STEP:
        bb_square_name(MANA_MOVE_FROM(m), buf);
        buf[2] = mana__undo_is_capture(u) ? 'x' : '-';
        bb_square_name(to, buf + 3);
        buf[5] = '\0';
        return 5;
    default:
        buf[0] = kind == MANA_MOVE_DROP_DAMYO ? 'D' : 'R';
        buf[1] = '@';
        bb_square_name(to, buf + 2);
        buf[4] = '\0';
        return 4;
    }
}

MANA_API int mana_history_format(const mana_game *g, char *buf, size_t size)
{
    if (!g || (!buf && size))
        return mana__fail(MANA_EINVAL, "mana_history_format: %s is NULL", g ? "buf" : "game");
    struct mana_text t;
    mana__text_init(&t, buf, size);
    for (uint32_t i = 0; i < g->len; i++) {
        char text[MANA_MOVE_TEXT_MAX + 1];
        int n = mana__history_text(&g->hist[i], text);
        if (i)
            mana__text_put(&t, " ", 1);
        mana__text_put(&t, text, (size_t)n);
    }
    return mana__text_end(&t, "mana_history_format");
}

/* ---- headers ------------------------------------------------------------ */

MANA_API int mana_record_headers_init(mana_record_headers *hdr, int preset)
{
    if (!hdr)
        return mana__fail(MANA_EINVAL, "mana_record_headers_init: hdr is NULL");
    if (preset != MANA_RULES_JACTALEA && preset != MANA_RULES_COSMOLUDO)
        return mana__fail(MANA_EINVAL, "mana_record_headers_init: unknown preset %d (0 jactalea, 1 cosmoludo)", preset);
    memset(hdr, 0, sizeof *hdr);
    hdr->preset = preset;
    hdr->result = -1;
    return MANA_OK;
}

/* Returns 1 if key is a header the library writes itself. */
static int reserved_key(const char *key)
{
    return mana__same_word(key, "Rules") || mana__same_word(key, "Result") || mana__same_word(key, "MFN") ||
           mana__option_by_name(key) >= 0;
}

int mana__check_tag(const char *key, const char *value)
{
    size_t k = 0;
    while ((key[k] >= 'A' && key[k] <= 'Z') || (key[k] >= 'a' && key[k] <= 'z') ||
           (k > 0 && ((key[k] >= '0' && key[k] <= '9') || key[k] == '_')))
        k++;
    if (k == 0 || key[k] != '\0' || k > MANA_TAG_KEY_MAX)
        return mana__fail(MANA_EINVAL, "tag key '%.40s': 1 to %d characters [A-Za-z][A-Za-z0-9_]*", key,
                          MANA_TAG_KEY_MAX);
    if (reserved_key(key))
        return mana__fail(MANA_EINVAL, "tag key '%s': the library writes that header itself", key);
    size_t n = strlen(value);
    if (n > MANA_TAG_VALUE_MAX)
        return mana__fail(MANA_EINVAL, "tag %s: value of %zu bytes, at most %d", key, n, MANA_TAG_VALUE_MAX);
    if (n && (value[0] == ' ' || value[0] == '\t' || value[n - 1] == ' ' || value[n - 1] == '\t'))
        return mana__fail(MANA_EINVAL, "tag %s: value has white space at an end (it would not read back)", key);
    for (size_t i = 0; i < n;) {
        const unsigned char *u = (const unsigned char *)value + i;
        size_t c = mana__utf8_len(u, n - i);
        if (c == 0)
            return mana__fail(MANA_EINVAL, "tag %s: value is not UTF-8 (byte %zu)", key, i + 1);
        unsigned long code = mana__utf8_code(u, c);
        if (mana__is_control(code))
            return code < 0x80 ? mana__fail(MANA_EINVAL, "tag %s: value has control character 0x%02lx", key, code)
                               : mana__fail(MANA_EINVAL, "tag %s: value has control character U+%04lX", key, code);
        i += c;
    }
    return MANA_OK;
}

/* Returns the index of tag key in hdr, or -1. */
static int find_tag(const mana_record_headers *hdr, const char *key)
{
    int n = hdr->tag_count < 0 ? 0 : hdr->tag_count > MANA_RECORD_TAGS_MAX ? MANA_RECORD_TAGS_MAX : hdr->tag_count;
    for (int i = 0; i < n; i++)
        if (mana__same_word(hdr->tags[i].key, key))
            return i;
    return -1;
}

MANA_API int mana_record_tag_set(mana_record_headers *hdr, const char *key, const char *value)
{
    if (!hdr || !key || !value)
        return mana__fail(MANA_EINVAL, "mana_record_tag_set: %s is NULL", !hdr ? "hdr" : !key ? "key" : "value");
    if (hdr->tag_count < 0 || hdr->tag_count > MANA_RECORD_TAGS_MAX)
        return mana__fail(MANA_EINVAL, "mana_record_tag_set: tag_count %d outside 0..%d", hdr->tag_count,
                          MANA_RECORD_TAGS_MAX);
    int err = mana__check_tag(key, value);
    if (err)
        return err;
    int i = find_tag(hdr, key);
    if (i < 0) {
        if (hdr->tag_count == MANA_RECORD_TAGS_MAX)
            return mana__fail(MANA_ESPACE, "mana_record_tag_set: already %d tags", MANA_RECORD_TAGS_MAX);
        i = hdr->tag_count++;
        strcpy(hdr->tags[i].key, key);
    }
    strcpy(hdr->tags[i].value, value);
    return MANA_OK;
}

MANA_API const char *mana_record_tag_get(const mana_record_headers *hdr, const char *key)
{
    if (!hdr || !key)
        return NULL;
    int i = find_tag(hdr, key);
    return i < 0 ? NULL : hdr->tags[i].value;
}

/* ---- the writer --------------------------------------------------------- */

/* The preset whose options differ least from g's (jactalea on a tie). */
static int closest_preset(const mana_game *g)
{
    int best = MANA_RULES_JACTALEA, best_diff = MANA_OPTION_COUNT + 1;
    for (int preset = MANA_RULES_JACTALEA; preset <= MANA_RULES_COSMOLUDO; preset++) {
        int32_t opt[MANA_OPTION_COUNT];
        if (preset_options(preset, opt) != MANA_OK)
            continue;
        int diff = 0;
        for (int i = 0; i < MANA_OPTION_COUNT; i++)
            diff += opt[i] != g->opt[i];
        if (diff < best_diff) {
            best = preset;
            best_diff = diff;
        }
    }
    return best;
}

/* Checks hdr against g and picks the Result's status; MANA_OK or the
 * failure. */
static int check_headers(const mana_game *g, const mana_record_headers *hdr, int *result)
{
    int status = mana__status(g), finished = status >= MANA_WHITE_WON;
    *result = finished ? status : MANA_PLAYING;
    if (!hdr)
        return MANA_OK;
    if (hdr->preset != MANA_RULES_JACTALEA && hdr->preset != MANA_RULES_COSMOLUDO)
        return mana__fail(MANA_EINVAL, "mana_record_write: unknown preset %d", hdr->preset);
    if (hdr->tag_count < 0 || hdr->tag_count > MANA_RECORD_TAGS_MAX)
        return mana__fail(MANA_EINVAL, "mana_record_write: tag_count %d outside 0..%d", hdr->tag_count,
                          MANA_RECORD_TAGS_MAX);
    for (int i = 0; i < hdr->tag_count; i++) {
        if (memchr(hdr->tags[i].key, 0, sizeof hdr->tags[i].key) == NULL ||
            memchr(hdr->tags[i].value, 0, sizeof hdr->tags[i].value) == NULL)
            return mana__fail(MANA_EINVAL, "mana_record_write: tag %d is not NUL-terminated", i);
        int err = mana__check_tag(hdr->tags[i].key, hdr->tags[i].value);
        if (err)
            return err;
        if (find_tag(hdr, hdr->tags[i].key) != i)
            return mana__fail(MANA_EINVAL, "mana_record_write: tag %s given twice", hdr->tags[i].key);
    }
    int r = hdr->result;
    if (r != -1 && (r < MANA_PLAYING || r > MANA_DRAWN))
        return mana__fail(MANA_EINVAL, "mana_record_write: result %d is not -1 or MANA_PLAYING..MANA_DRAWN", r);
    if (r >= MANA_WHITE_WON && finished && r != status)
        return mana__fail(MANA_EINVAL, "mana_record_write: result %s contradicts the game's %s", mana_result_text(r),
                          mana_result_text(status));
    if (r >= MANA_WHITE_WON && !finished) {
        if (!mana_record_tag_get(hdr, "Termination"))
            return mana__fail(MANA_EINVAL,
                              "mana_record_write: result %s on an unfinished game needs a "
                              "Termination tag saying why",
                              mana_result_text(r));
        *result = r;
    }
    return MANA_OK;
}

/* Writes the header lines. */
static int write_headers(struct mana_text *t, const mana_game *g, const mana_record_headers *hdr, int preset,
                         int result)
{
    int32_t base[MANA_OPTION_COUNT];
    if (preset_options(preset, base) != MANA_OK)
        return mana__fail(MANA_ENOMEM, "mana_record_write: out of memory");
    mana__text_fmt(t, "Rules: %s\n", preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea");
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        char value[16];
        if (g->opt[opt] != base[opt] && mana_option_format(opt, g->opt[opt], value, sizeof value) >= 0)
            mana__text_fmt(t, "%s: %s\n", mana_option_name(opt), value);
    }
    for (int i = 0; hdr && i < hdr->tag_count; i++)
        mana__text_fmt(t, "%s: %s\n", hdr->tags[i].key, hdr->tags[i].value);
    mana__text_fmt(t, "Result: %s\n", mana_result_text(result));
    return MANA_OK;
}

/* Writes "MFN: ..." for a game that started from a position. */
static int write_start(struct mana_text *t, const mana_game *g)
{
    int from_setup = g->len ? mana__undo_is_setup(&g->hist[0]) : g->pos.status == MANA_SETUP;
    if (from_setup)
        return MANA_OK;
    mana_game *start = mana_clone(g);
    if (!start)
        return mana__fail(MANA_ENOMEM, "mana_record_write: out of memory");
    while (start->len)
        mana__undo(start);
    char mfn[MANA_MFN_MAX + 1];
    int n = mana_get_position(start, mfn, sizeof mfn);
    mana_free(start);
    if (n < 0)
        return n;
    mana__text_fmt(t, "MFN: %s\n", mfn);
    return MANA_OK;
}

/* Writes the moves: the setup one line per side, then ten a line. */
static void write_moves(struct mana_text *t, const mana_game *g)
{
    int on_line = 0, drops = 0;
    for (uint32_t i = 0; i < g->len; i++) {
        const struct mana_undo *u = &g->hist[i];
        int setup = mana__undo_is_setup(u);
        int new_line = on_line > 0 && (setup ? drops == MANA_PIECE_COUNT && MANA_MOVE_KIND(u->move) != MANA_MOVE_ORIENT
                                             : i == g->play_start || on_line == 10);
        if (new_line) {
            mana__text_put(t, "\n", 1);
            on_line = 0;
        }
        if (setup && MANA_MOVE_KIND(u->move) != MANA_MOVE_ORIENT)
            drops++;
        char text[MANA_MOVE_TEXT_MAX + 1];
        int n = mana__history_text(u, text);
        if (on_line)
            mana__text_put(t, " ", 1);
        mana__text_put(t, text, (size_t)n);
        on_line++;
    }
    if (on_line)
        mana__text_put(t, "\n", 1);
}

MANA_API int mana_record_write(const mana_game *g, const mana_record_headers *hdr, char *buf, size_t size)
{
    if (!g || (!buf && size))
        return mana__fail(MANA_EINVAL, "mana_record_write: %s is NULL", g ? "buf" : "game");
    int result, err = check_headers(g, hdr, &result);
    if (err)
        return err;
    struct mana_text t;
    mana__text_init(&t, buf, size);
    err = write_headers(&t, g, hdr, hdr ? hdr->preset : closest_preset(g), result);
    if (!err)
        err = write_start(&t, g);
    if (err) {
        if (buf && size)
            buf[0] = '\0';
        return err;
    }
    mana__text_put(&t, "\n", 1);
    write_moves(&t, g);
    return mana__text_end(&t, "mana_record_write");
}
