/* SPDX-License-Identifier: MIT */
/*
 * Move notation (docs/rules.md "Notation"): b2-c4, b2xc4, D@c6, R@c3, O2, pass.
 */
#include <string.h>

#include "game.h"

/* Returns strlen(text), or max if text is longer than max. */
static size_t text_len(const char *text, size_t max)
{
    size_t n = 0;
    while (n < max && text[n])
        n++;
    return n;
}

/* Writes up to 16 characters of text to buf (17 bytes or more), printable
 * ASCII kept and any other byte shown as '?', "..." marking a cut. */
static void printable(const char *text, char *buf)
{
    size_t n = text_len(text, 16);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        buf[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    strcpy(buf + n, text[n] ? "..." : "");
}

/* Reads move text without looking at the position; returns the move or
 * MANA_MOVE_NONE if the text is not move notation. */
static mana_move read_move(const char *text)
{
    size_t len = text_len(text, 8);
    if (len == 4 && strcmp(text, "pass") == 0)
        return MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0);
    if (len == 2 && (text[0] == 'O' || text[0] == 'o') && text[1] >= '0' && text[1] <= '3')
        return MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, text[1] - '0');
    if (len == 4 && text[1] == '@' && bb_square_parse(text + 2) >= 0) {
        char c = text[0];
        if (c == 'D' || c == 'd')
            return MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, bb_square_parse(text + 2));
        if (c == 'R' || c == 'r')
            return MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, bb_square_parse(text + 2));
        return MANA_MOVE_NONE;
    }
    int from = bb_square_parse(text);
    if (from < 0 || (len != 4 && len != 5))
        return MANA_MOVE_NONE;
    const char *rest = text + 2;
    if (len == 5) {
        if (*rest != '-' && *rest != 'x')
            return MANA_MOVE_NONE;
        rest++;
    }
    int to = bb_square_parse(rest);
    if (to < 0)
        return MANA_MOVE_NONE;
    return MANA_MOVE_MAKE(MANA_MOVE_STEP, from, to);
}

/* Writes text with its upper-case square names (B2) in lower case to buf
 * (16 characters at most, as printable shows) and returns 1 if that is
 * move notation, else 0: the hint for 'B2-B3'. */
static int lower_case_reads(const char *text, char *buf)
{
    size_t n = text_len(text, 16);
    if (text[n] != '\0')
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        buf[i] = (c >= 'A' && c <= 'F' && text[i + 1] >= '1' && text[i + 1] <= '6') ? (char)(c - 'A' + 'a') : c;
    }
    buf[n] = '\0';
    return read_move(buf) != MANA_MOVE_NONE;
}

MANA_API int mana_move_parse(const mana_game *g, const char *text, mana_move *out)
{
    if (!g || !text || !out)
        return mana__fail(MANA_EINVAL, "mana_move_parse: %s is NULL", !g ? "game" : !text ? "text" : "out");
    mana_move m = read_move(text);
    if (m == MANA_MOVE_NONE) {
        char shown[20], lower[17];
        printable(text, shown);
        if (lower_case_reads(text, lower))
            return mana__fail(MANA_EPARSE, "'%s' is not move notation: squares are written in lower case (%s)", shown,
                              lower);
        return mana__fail(MANA_EPARSE, "'%s' is not move notation (b2-c4, b2xc4, D@c6, R@c3, O2, pass)", shown);
    }
    int status = mana__status(g);
    if (status != MANA_SETUP && status != MANA_PLAYING)
        return mana__fail_over(status);
    if (!mana__is_legal(g, m))
        return mana__explain_illegal(g, m);
    *out = m;
    return MANA_OK;
}

MANA_API int mana_move_format(const mana_game *g, mana_move m, char *buf, size_t size)
{
    if (!g || !buf)
        return mana__fail(MANA_EINVAL, "mana_move_format: %s is NULL", g ? "buf" : "game");
    if (!mana__is_legal(g, m))
        return mana__fail(MANA_EILLEGAL, "mana_move_format: move 0x%x is not legal now", (unsigned)m);
    char tmp[MANA_MOVE_TEXT_MAX + 1];
    int n = 0, kind = MANA_MOVE_KIND(m), to = MANA_MOVE_TO(m);
    if (kind == MANA_MOVE_PASS) {
        memcpy(tmp, "pass", 4);
        n = 4;
    } else if (kind == MANA_MOVE_ORIENT) {
        tmp[n++] = 'O';
        tmp[n++] = (char)('0' + to);
    } else if (kind == MANA_MOVE_STEP) {
        bb_square_name(MANA_MOVE_FROM(m), tmp);
        tmp[2] = (g->pos.occ[!g->pos.side] & bb_sq(to)) ? 'x' : '-';
        bb_square_name(to, tmp + 3);
        n = 5;
    } else {
        tmp[n++] = kind == MANA_MOVE_DROP_DAMYO ? 'D' : 'R';
        tmp[n++] = '@';
        bb_square_name(to, tmp + n);
        n += 2;
    }
    return mana__give_text(tmp, n, buf, size, "mana_move_format");
}
