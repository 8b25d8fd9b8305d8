/* SPDX-License-Identifier: MIT */
/* The text writers' sink and the UTF-8 check (text.h). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "text.h"

void mana__text_init(struct mana_text *t, char *buf, size_t size)
{
    t->buf = buf;
    t->size = buf ? size : 0;
    t->len = 0;
}

void mana__text_put(struct mana_text *t, const char *s, size_t n)
{
    if (t->len < t->size) {
        size_t room = t->size - t->len;
        memcpy(t->buf + t->len, s, n < room ? n : room);
    }
    t->len += n;
}

void mana__text_str(struct mana_text *t, const char *s)
{
    mana__text_put(t, s, strlen(s));
}

void mana__text_fmt(struct mana_text *t, const char *fmt, ...)
{
    char tmp[256];
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0 && (size_t)n < sizeof tmp) {
        mana__text_put(t, tmp, (size_t)n);
    } else if (n > 0) { /* longer: straight into the buffer if it fits */
        if (t->len < t->size && t->size - t->len > (size_t)n)
            vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, again);
        t->len += (size_t)n; /* else too small anyway: _end says so */
    }
    va_end(again);
}

int mana__text_end(struct mana_text *t, const char *fn)
{
    if (t->len > INT_MAX - 1) {
        if (t->size)
            t->buf[0] = '\0';
        return mana__fail(MANA_ENOMEM, "%s: the text would be %zu bytes, over INT_MAX", fn, t->len);
    }
    if (t->buf == NULL)
        return (int)t->len;
    if (t->len >= t->size) {
        if (t->size)
            t->buf[0] = '\0';
        return mana__fail(MANA_ESPACE, "%s: needs %s, buf has %zu", fn, mana__count((long long)t->len + 1, "byte").s,
                          t->size);
    }
    t->buf[t->len] = '\0';
    return (int)t->len;
}

size_t mana__utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t k = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
    if (k == 0 || c > 0xf4 || n < k)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) || /* overlong, surrogate */
        (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] > 0x8f))   /* overlong, > U+10FFFF */
        return 0;
    return k;
}

unsigned long mana__utf8_code(const unsigned char *s, size_t k)
{
    static const unsigned char lead_mask[5] = {0, 0x7f, 0x1f, 0x0f, 0x07};
    unsigned long c = s[0] & lead_mask[k];
    for (size_t i = 1; i < k; i++)
        c = c << 6 | (s[i] & 0x3f);
    return c;
}

int mana__is_control(unsigned long c)
{
    return (c < 0x20 && c != '\t') || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029;
}
