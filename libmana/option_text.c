/* SPDX-License-Identifier: MIT */
/*
 * The rule options by name (docs/rules.md "Rule options"): the words records,
 * the CLI and the engine protocol share (mana_option_name and friends).
 */
#include <stdio.h>
#include <string.h>

#include "game.h"

static const char *const option_names[MANA_OPTION_COUNT] = {
    "Orientation", "SetupArea", "DamyoOnDouble", "Reentry", "ReentryWhenBlocked", "Blocked", "Repetition", "PlyLimit"};

/* The values in words; the numeric ranges are the bounds of vocab.c. */
static const char *const option_values[MANA_OPTION_COUNT] = {"chosen|0|1|2|3",
                                                             "two-ranks|back-rank",
                                                             "on|off",
                                                             "any|mana-mark",
                                                             "on|off",
                                                             "pass|draw|loss",
                                                             "0|2.." MANA__STR(MANA__REPETITION_MAX),
                                                             "0.." MANA__STR(MANA__PLY_LIMIT_MAX)};

/* The words of the enumerated options, indexed by value (NULL: numeric). */
static const char *const setup_words[] = {"two-ranks", "back-rank", NULL};
static const char *const onoff_words[] = {"off", "on", NULL};
static const char *const reentry_words[] = {"any", "mana-mark", NULL};
static const char *const blocked_words[] = {"pass", "draw", "loss", NULL};

static const char *const *option_words(int option)
{
    switch (option) {
    case MANA_OPT_SETUP_AREA: return setup_words;
    case MANA_OPT_DAMYO_ON_DOUBLE:
    case MANA_OPT_REENTRY_WHEN_BLOCKED: return onoff_words;
    case MANA_OPT_REENTRY: return reentry_words;
    case MANA_OPT_BLOCKED: return blocked_words;
    default: return NULL;
    }
}

static int known(int option)
{
    return option >= 0 && option < MANA_OPTION_COUNT;
}

/* ASCII case-insensitive equality (the locale plays no part). */
static int same_word(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z')
            y += 'a' - 'A';
        if (x != y)
            return 0;
        if (x == 0)
            return 1;
    }
}

int mana__option_by_name(const char *name)
{
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (same_word(name, option_names[i]))
            return i;
    return -1;
}

int mana__same_word(const char *a, const char *b)
{
    return same_word(a, b);
}

MANA_API const char *mana_option_name(int option)
{
    if (!known(option)) {
        mana__fail(MANA_EINVAL, "unknown option %d (0..%d)", option, MANA_OPTION_COUNT - 1);
        return NULL;
    }
    return option_names[option];
}

MANA_API const char *mana_option_values(int option)
{
    if (!known(option)) {
        mana__fail(MANA_EINVAL, "unknown option %d (0..%d)", option, MANA_OPTION_COUNT - 1);
        return NULL;
    }
    return option_values[option];
}

/* Reads a decimal number 0..max written with 1..10 digits; -1 if not. */
/* The decimal number text (digits only) if it is at most max (max >= 0), else -1.
   Checked before each step, so no value overflows a long of any width. */
static long read_number(const char *text, long max)
{
    long v = 0;
    int n = 0;
    for (; text[n] >= '0' && text[n] <= '9'; n++) {
        long d = text[n] - '0';
        if (d > max || v > (max - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    return n == 0 || text[n] != '\0' ? -1 : v;
}

/* The value of text for option, or -2 if the option does not accept it. */
static long read_value(int opt, const char *text)
{
    const char *const *words = option_words(opt);
    if (words == onoff_words && (same_word(text, "true") || strcmp(text, "1") == 0))
        return 1;
    if (words == onoff_words && (same_word(text, "false") || strcmp(text, "0") == 0))
        return 0;
    for (int i = 0; words != NULL && words[i] != NULL; i++)
        if (same_word(text, words[i]))
            return i;
    if (words != NULL)
        return -2;
    if (opt == MANA_OPT_ORIENTATION)
        return same_word(text, "chosen")  ? MANA_ORIENTATION_CHOSEN
               : read_number(text, 3) < 0 ? -2
                                          : read_number(text, 3);
    int lo = 0, hi = 0;
    mana_option_bounds(opt, &lo, &hi);
    long v = read_number(text, hi);
    return v < 0 || (opt == MANA_OPT_REPETITION && v == 1) ? -2 : v;
}

MANA_API int mana_option_parse(const char *name, const char *text, int *option, int *value)
{
    if (!text || !option || !value)
        return mana__fail(MANA_EINVAL, "mana_option_parse: %s is NULL", !text ? "text" : !option ? "option" : "value");
    int opt = *option;
    if (name != NULL) {
        opt = mana__option_by_name(name);
        if (opt < 0)
            return mana__fail(MANA_EPARSE,
                              "unknown option '%.40s' (Orientation, SetupArea, DamyoOnDouble, Reentry, "
                              "ReentryWhenBlocked, Blocked, Repetition, PlyLimit)",
                              name);
    } else if (!known(opt)) {
        return mana__fail(MANA_EINVAL, "mana_option_parse: unknown option %d (0..%d)", opt, MANA_OPTION_COUNT - 1);
    }
    long v = read_value(opt, text);
    if (v == -2)
        return mana__fail(MANA_EPARSE, "%s: bad value '%.40s' (expected %s)", option_names[opt], text,
                          option_values[opt]);
    *option = opt;
    *value = (int)v;
    return MANA_OK;
}

MANA_API int mana_option_format(int option, int value, char *buf, size_t size)
{
    if (!buf || !known(option))
        return mana__fail(MANA_EINVAL, "mana_option_format: %s", !buf ? "buf is NULL" : "unknown option");
    mana_game probe; /* the range check of mana_set_option, on a blank game */
    memset(&probe, 0, sizeof probe);
    probe.pos.status = MANA_PLAYING;
    if (mana_set_option(&probe, option, value) != MANA_OK)
        return MANA_EINVAL;
    const char *const *words = option_words(option);
    char tmp[16];
    int n;
    if (words != NULL)
        n = snprintf(tmp, sizeof tmp, "%s", words[value]);
    else if (option == MANA_OPT_ORIENTATION && value == MANA_ORIENTATION_CHOSEN)
        n = snprintf(tmp, sizeof tmp, "chosen");
    else
        n = snprintf(tmp, sizeof tmp, "%d", value);
    return mana__give_text(tmp, n, buf, size, "mana_option_format");
}
