/* SPDX-License-Identifier: MIT */
/*
 * Reading game records (docs/record-format.md): headers, then the moves,
 * every one checked by the rules.  Errors name "line:column"; the game is
 * replaced only once the whole record has read.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "text.h"

/* The headers the library owns, beside the eight options (0..7). */
enum { KEY_RULES = MANA_OPTION_COUNT, KEY_RESULT, KEY_MFN, KEY_TAG, KEY_COUNT };

struct reader {
    const char *text;
    size_t len;
    size_t at;                           /* start of the current line */
    size_t end;                          /* end of its content (CR, white space cut) */
    size_t next;                         /* start of the line after it */
    size_t seen[KEY_TAG];                /* offset + 1 of each owned header's value */
    size_t tag_at[MANA_RECORD_TAGS_MAX]; /* offset of each tag's line */
    int opt[MANA_OPTION_COUNT];
    char mfn[MANA_MFN_MAX + 1];
    mana_record_headers hdr;
    mana_game *g; /* the game, made at the first move */
    long moves;   /* moves read so far */
};

/* ---- errors ------------------------------------------------------------- */

/* The 1-based line and column (in UTF-8 characters, the byte-order mark
 * not counted) of offset at. */
static void locate(const char *text, size_t at, size_t *line, size_t *col)
{
    size_t start = 0;
    *line = 1;
    for (const char *p = text; (p = memchr(p, '\n', at - (size_t)(p - text))) != NULL; p++) {
        ++*line;
        start = (size_t)(p - text) + 1;
    }
    if (start == 0 && at >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        start = 3;
    *col = 1;
    for (size_t i = start; i < at; i++)
        *col += ((unsigned char)text[i] & 0xc0) != 0x80;
}

static int fail_at(const struct reader *rd, size_t at, int err, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(MANA_PRINTF, 4, 5)))
#endif
    ;

static int fail_at(const struct reader *rd, size_t at, int err, const char *fmt, ...)
{
    char why[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    size_t line, col;
    locate(rd->text, at, &line, &col);
    return mana__fail(err, "%zu:%zu: %s", line, col, why);
}

/* Copies at most 20 bytes of a token for a message, '?' for any byte that
 * is not printable ASCII, "..." marking a cut. */
static const char *shown(const char *s, size_t n, char *buf)
{
    size_t i = 0;
    for (; i < n && i < 20; i++)
        buf[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
    strcpy(buf + i, i < n ? "..." : "");
    return buf;
}

/* ---- lines -------------------------------------------------------------- */

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Finds the line at rd->at: checks its bytes (no NUL, valid UTF-8, no
 * control character but tab and the CR of a CRLF: see mana__is_control)
 * and sets end and next. */
static int take_line(struct reader *rd)
{
    const unsigned char *s = (const unsigned char *)rd->text;
    size_t i = rd->at;
    if (i == 0 && rd->len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
        i = rd->at = 3;
    for (; i < rd->len && s[i] != '\n';) {
        size_t n = mana__utf8_len(s + i, rd->len - i);
        if (s[i] == 0)
            return fail_at(rd, i, MANA_EPARSE, "NUL byte in the record");
        if (n == 0)
            return fail_at(rd, i, MANA_EPARSE, "invalid UTF-8 (byte 0x%02x)", s[i]);
        int cr_lf = s[i] == '\r' && i + 1 < rd->len && s[i + 1] == '\n';
        unsigned long c = mana__utf8_code(s + i, n);
        if (mana__is_control(c) && !cr_lf)
            return c < 0x80 ? fail_at(rd, i, MANA_EPARSE, "control character 0x%02lx in the record", c)
                            : fail_at(rd, i, MANA_EPARSE, "control character U+%04lX in the record", c);
        i += n;
    }
    rd->next = i < rd->len ? i + 1 : i;
    while (i > rd->at && (s[i - 1] == '\r' || is_blank((char)s[i - 1])))
        i--;
    rd->end = i;
    return MANA_OK;
}

/* The offset of the first non-blank byte of the line from p. */
static size_t skip_blanks(const struct reader *rd, size_t p)
{
    while (p < rd->end && is_blank(rd->text[p]))
        p++;
    return p;
}

/* 1 if the line holds nothing but white space or a `#` comment. */
static int is_empty_line(const struct reader *rd)
{
    size_t p = skip_blanks(rd, rd->at);
    return p == rd->end || rd->text[p] == '#';
}

/* The length of the header key at the line's start ("Key:"), or 0. */
static size_t header_key(const struct reader *rd)
{
    size_t p = rd->at;
    const char *t = rd->text;
    while (p < rd->end && ((t[p] >= 'A' && t[p] <= 'Z') || (t[p] >= 'a' && t[p] <= 'z') ||
                           (p > rd->at && ((t[p] >= '0' && t[p] <= '9') || t[p] == '_'))))
        p++;
    return p > rd->at && p < rd->end && t[p] == ':' ? p - rd->at : 0;
}

/* ---- headers ------------------------------------------------------------ */

static int key_index(const char *key)
{
    int opt = mana__option_by_name(key);
    if (opt >= 0)
        return opt;
    if (mana__same_word(key, "Rules"))
        return KEY_RULES;
    if (mana__same_word(key, "Result"))
        return KEY_RESULT;
    return mana__same_word(key, "MFN") ? KEY_MFN : KEY_TAG;
}

/* Reads the value of an owned header (key index k) at offset v. */
static int owned_value(struct reader *rd, int k, const char *value, size_t v)
{
    if (k == KEY_RULES) {
        if (mana__same_word(value, "jactalea") || mana__same_word(value, "cosmoludo")) {
            rd->hdr.preset = mana__same_word(value, "jactalea") ? MANA_RULES_JACTALEA : MANA_RULES_COSMOLUDO;
            return MANA_OK;
        }
        return fail_at(rd, v, MANA_EPARSE, "Rules: unknown rules '%.40s' (expected jactalea or cosmoludo)", value);
    }
    if (k == KEY_RESULT) {
        int st = mana_result_parse(value);
        if (st >= 0) {
            rd->hdr.result = st;
            return MANA_OK;
        }
        return fail_at(rd, v, MANA_EPARSE, "Result: '%.40s' is not 1-0, 0-1, 1/2-1/2 or *", value);
    }
    if (k == KEY_MFN) {
        if (strlen(value) > MANA_MFN_MAX)
            return fail_at(rd, v, MANA_EPARSE, "MFN: too long to be a position");
        strcpy(rd->mfn, value);
        return MANA_OK;
    }
    int opt = k;
    if (mana_option_parse(NULL, value, &opt, &rd->opt[k]) != MANA_OK)
        return fail_at(rd, v, MANA_EPARSE, "%s", mana_error_detail());
    return MANA_OK;
}

/* Reads the header line at rd->at, key of klen bytes. */
static int read_header(struct reader *rd, size_t klen)
{
    char key[MANA_TAG_KEY_MAX + 1], value[MANA_TAG_VALUE_MAX + 1];
    size_t v = skip_blanks(rd, rd->at + klen + 1), vlen = rd->end - v;
    if (klen > MANA_TAG_KEY_MAX)
        return fail_at(rd, rd->at, MANA_EPARSE, "header key longer than %d characters", MANA_TAG_KEY_MAX);
    if (vlen > MANA_TAG_VALUE_MAX)
        return fail_at(rd, v, MANA_EPARSE, "header value longer than %d bytes", MANA_TAG_VALUE_MAX);
    memcpy(key, rd->text + rd->at, klen);
    key[klen] = '\0';
    memcpy(value, rd->text + v, vlen);
    value[vlen] = '\0';
    int k = key_index(key);
    int tag = -1;
    for (int i = 0; k == KEY_TAG && i < rd->hdr.tag_count; i++)
        if (mana__same_word(rd->hdr.tags[i].key, key))
            tag = i;
    if (tag >= 0 || (k != KEY_TAG && rd->seen[k])) {
        size_t line, col;
        locate(rd->text, tag >= 0 ? rd->tag_at[tag] : rd->seen[k] - 1, &line, &col);
        return fail_at(rd, rd->at, MANA_EPARSE, "header %s given twice (first on line %zu)", key, line);
    }
    if (k != KEY_TAG) {
        rd->seen[k] = v + 1;
        return owned_value(rd, k, value, v);
    }
    if (rd->hdr.tag_count == MANA_RECORD_TAGS_MAX)
        return fail_at(rd, rd->at, MANA_EPARSE, "more than %d tags", MANA_RECORD_TAGS_MAX);
    rd->tag_at[rd->hdr.tag_count] = rd->at;
    mana_record_tag *t = &rd->hdr.tags[rd->hdr.tag_count++];
    memcpy(t->key, key, klen + 1);
    memcpy(t->value, value, vlen + 1);
    return MANA_OK;
}

/* Makes the game the headers describe (preset, options, start). */
static int start_game(struct reader *rd)
{
    mana_game *g = mana_new(rd->hdr.preset);
    if (!g)
        return mana__fail(MANA_ENOMEM, "mana_record_read: out of memory");
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++)
        if (rd->seen[opt] && mana_set_option(g, opt, rd->opt[opt]) != MANA_OK) {
            mana_free(g);
            return fail_at(rd, rd->seen[opt] - 1, MANA_EPARSE, "%s: %s", mana_option_name(opt), mana_error_detail());
        }
    if (rd->seen[KEY_MFN] && mana_set_position(g, rd->mfn) != MANA_OK) {
        mana_free(g);
        return fail_at(rd, rd->seen[KEY_MFN] - 1, MANA_EPARSE, "%s", mana_error_detail());
    }
    rd->g = g;
    return MANA_OK;
}

/* ---- moves -------------------------------------------------------------- */

/* 1 if the token is a move number: digits then one or more dots. */
static int is_move_number(const char *s, size_t n)
{
    size_t d = 0;
    while (d < n && s[d] >= '0' && s[d] <= '9')
        d++;
    if (d == 0 || d == n)
        return 0;
    while (d < n && s[d] == '.')
        d++;
    return d == n;
}

/* The status a result token names, or -1. */
static int result_token(const char *s, size_t n)
{
    for (int st = MANA_PLAYING; st <= MANA_DRAWN; st++)
        if (strlen(mana_result_text(st)) == n && memcmp(s, mana_result_text(st), n) == 0)
            return st;
    return -1;
}

/* Checks a Result (header or token at offset at) against the game. */
static int check_result(struct reader *rd, int result, size_t at, const char *what)
{
    int status = mana__status(rd->g), finished = status >= MANA_WHITE_WON;
    if (result == status || (result == MANA_PLAYING && !finished))
        return MANA_OK;
    if (!finished && mana_record_tag_get(&rd->hdr, "Termination") != NULL)
        return MANA_OK; /* resigned, lost on time, adjudicated: the tag says */
    return fail_at(rd, at, MANA_EPARSE, "%s says %s but the moves end with result %s", what, mana_result_text(result),
                   mana_result_text(status));
}

/* Plays one move token. */
static int play_token(struct reader *rd, const char *s, size_t n, size_t at)
{
    char tok[24], show[24];
    rd->moves++;
    if (n >= sizeof tok)
        return fail_at(rd, at, MANA_EPARSE, "move %ld '%s': not move notation", rd->moves, shown(s, n, show));
    memcpy(tok, s, n);
    tok[n] = '\0';
    mana_move m;
    int e = mana_move_parse(rd->g, tok, &m);
    if (e == MANA_OK)
        e = mana_play(rd->g, m);
    if (e == MANA_EOVER)
        return fail_at(rd, at, e, "move %ld '%s': the game is already over (%s)", rd->moves, shown(s, n, show),
                       mana_result_text(mana__status(rd->g)));
    if (e != MANA_OK)
        return fail_at(rd, at, e, "move %ld '%s': %s: %s", rd->moves, shown(s, n, show), mana_strerror(e),
                       mana_error_detail());
    return MANA_OK;
}

/* Reads the tokens of one move line; *done set after a result token. */
static int read_move_line(struct reader *rd, int *done)
{
    const char *t = rd->text;
    for (size_t p = skip_blanks(rd, rd->at); p < rd->end && t[p] != '#'; p = skip_blanks(rd, p)) {
        size_t q = p;
        while (q < rd->end && !is_blank(t[q]) && t[q] != '#')
            q++;
        int err = MANA_OK, st = result_token(t + p, q - p);
        if (*done) {
            char show[24];
            return fail_at(rd, p, MANA_EPARSE, "'%s' after the result token", shown(t + p, q - p, show));
        }
        if (st >= 0) {
            err = check_result(rd, st, p, "the result token");
            *done = 1;
        } else if (!is_move_number(t + p, q - p)) {
            err = play_token(rd, t + p, q - p, p);
        }
        if (err)
            return err;
        p = q;
    }
    return MANA_OK;
}

/* ---- the record --------------------------------------------------------- */

/* Reads the headers: up to the blank line after Rules or the first line
 * that is not a header.  Leaves rd->at on the first move line. */
static int read_headers(struct reader *rd)
{
    size_t start = rd->at;
    int any = 0;
    for (; rd->at < rd->len; rd->at = rd->next) {
        int err = take_line(rd);
        if (err)
            return err;
        if (rd->at == rd->end && rd->seen[KEY_RULES])
            return MANA_OK;
        if (is_empty_line(rd))
            continue;
        size_t klen = header_key(rd);
        if (klen == 0 && !any)
            return fail_at(rd, skip_blanks(rd, rd->at), MANA_EPARSE,
                           "expected a header line 'Key: value' (a record starts with Rules: ...)");
        if (klen == 0)
            break;
        if (!any)
            start = rd->at;
        any = 1;
        err = read_header(rd, klen);
        if (err)
            return err;
    }
    if (!rd->seen[KEY_RULES])
        return fail_at(rd, start < rd->len ? start : rd->len, MANA_EPARSE, "no Rules header: not a Mana game record");
    return MANA_OK;
}

/* Reads the moves up to the next game's first header or the end; leaves
 * rd->at there. */
static int read_moves(struct reader *rd)
{
    int done = 0;
    for (; rd->at < rd->len; rd->at = rd->next) {
        int err = take_line(rd);
        if (!err && header_key(rd) > 0)
            break;
        if (!err && !rd->g)
            err = start_game(rd);
        if (!err)
            err = read_move_line(rd, &done);
        if (err)
            return err;
    }
    return MANA_OK;
}

/* Checks the end of the game against the Result header. */
static int finish(struct reader *rd)
{
    int err = rd->g ? MANA_OK : start_game(rd);
    if (!err && rd->seen[KEY_RESULT])
        err = check_result(rd, rd->hdr.result, rd->seen[KEY_RESULT] - 1, "Result");
    return err;
}

/* Gives g the read game's state, freeing g's old history. */
static void take_game(mana_game *g, mana_game *from)
{
    free(g->hist);
    *g = *from;
    free(from);
}

MANA_API int mana_record_read(mana_game *g, const char *text, size_t len, size_t *offset, mana_record_headers *hdr)
{
    size_t off = offset ? *offset : 0;
    if (!g || (!text && len))
        return mana__fail(MANA_EINVAL, "mana_record_read: %s is NULL", g ? "text" : "game");
    if (off > len)
        return mana__fail(MANA_EINVAL, "mana_record_read: offset %zu beyond the text's %zu bytes", off, len);
    struct reader *rd = calloc(1, sizeof *rd);
    if (!rd)
        return mana__fail(MANA_ENOMEM, "mana_record_read: out of memory");
    rd->text = text ? text : "";
    rd->len = len;
    rd->at = rd->next = off;
    rd->hdr.preset = MANA_RULES_JACTALEA;
    rd->hdr.result = -1;
    int err = read_headers(rd);
    if (!err)
        err = read_moves(rd);
    if (!err)
        err = finish(rd);
    if (err) {
        mana_free(rd->g);
        free(rd);
        return err;
    }
    take_game(g, rd->g);
    if (hdr)
        *hdr = rd->hdr;
    if (offset)
        *offset = rd->at;
    free(rd);
    return MANA_OK;
}
