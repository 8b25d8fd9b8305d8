/* SPDX-License-Identifier: MIT */
/* Error codes, their messages, the per-thread failure detail, the counted
 * nouns of every message ("1 mark", "2 marks"), and the version string. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game.h"

static _Thread_local char detail[256];

int mana__fail(int err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    return err;
}

struct mana__count mana__count(long long n, const char *noun)
{
    struct mana__count c;
    snprintf(c.s, sizeof c.s, "%lld %s%s", n, noun, n == 1 ? "" : "s");
    return c;
}

int mana__give_text(const char *text, int n, char *buf, size_t size, const char *fn)
{
    if ((size_t)n >= size) {
        if (size)
            buf[0] = '\0';
        return mana__fail(MANA_ESPACE, "%s: needs %s, buf has %zu", fn, mana__count(n + 1LL, "byte").s, size);
    }
    memcpy(buf, text, (size_t)n);
    buf[n] = '\0';
    return n;
}

int mana__fail_over(int status)
{
    static const char *const result[] = {"", "", "White won", "Black won", "drawn"};
    return mana__fail(MANA_EOVER, "the game is finished (%s)", status >= 2 && status <= 4 ? result[status] : "?");
}

MANA_API const char *mana_error_detail(void)
{
    return detail;
}

MANA_API const char *mana_strerror(int err)
{
    switch (err) {
#define MANA_ERROR_CASE_(name, value, msg) \
    case value: return msg;
        MANA_ERROR_LIST(MANA_ERROR_CASE_)
#undef MANA_ERROR_CASE_
    default: return "unknown error";
    }
}

MANA_API const char *mana_version(void)
{
    return MANA_VERSION_STRING;
}
