/* SPDX-License-Identifier: MIT */
/*
 * The library's vocabulary for its callers: the bounds of each rule
 * option, square names, error names, result tokens (docs/rules.md "Board
 * and coordinates", "Rule options"; docs/record-format.md).  Every other place that needs one of
 * these asks here.
 */
#include <string.h>

#include "game.h"

static const int option_lo[MANA_OPTION_COUNT] = {
    MANA_ORIENTATION_CHOSEN, MANA_SETUP_TWO_RANKS, 0, MANA_REENTRY_ANY, 0, MANA_BLOCKED_PASS, 0, 0};
static const int option_hi[MANA_OPTION_COUNT] = {3,
                                                 MANA_SETUP_BACK_RANK,
                                                 1,
                                                 MANA_REENTRY_MANA_MARK,
                                                 1,
                                                 MANA_BLOCKED_LOSS,
                                                 MANA__REPETITION_MAX,
                                                 MANA__PLY_LIMIT_MAX};

MANA_API int mana_option_bounds(int option, int *lo, int *hi)
{
    if (option < 0 || option >= MANA_OPTION_COUNT)
        return mana__fail(MANA_EINVAL, "mana_option_bounds: option %d outside 0..%d", option, MANA_OPTION_COUNT - 1);
    if (!lo || !hi)
        return mana__fail(MANA_EINVAL, "mana_option_bounds: %s is NULL", lo ? "hi" : "lo");
    *lo = option_lo[option];
    *hi = option_hi[option];
    return MANA_OK;
}

MANA_API int mana_square_name(int sq, char *buf, size_t size)
{
    if (sq < 0 || sq >= MANA_SQUARE_COUNT)
        return mana__fail(MANA_EINVAL, "mana_square_name: square %d outside 0..%d", sq, MANA_SQUARE_COUNT - 1);
    if (!buf)
        return mana__fail(MANA_EINVAL, "mana_square_name: buf is NULL");
    char name[MANA_SQUARE_NAME_MAX];
    bb_square_name(sq, name);
    return mana__give_text(name, MANA_SQUARE_NAME_MAX, buf, size, "mana_square_name");
}

MANA_API int mana_square_parse(const char *text)
{
    if (!text)
        return mana__fail(MANA_EINVAL, "mana_square_parse: text is NULL");
    int sq = text[0] && text[1] ? bb_square_parse(text) : -1;
    if (sq < 0 || text[2])
        return mana__fail(MANA_EPARSE, "mana_square_parse: not a square name (a1..f6)");
    return sq;
}

MANA_API const char *mana_error_name(int err)
{
    switch (err) {
#define MANA_ERROR_NAME_(name, value, msg) \
    case value: return #name;
        MANA_ERROR_LIST(MANA_ERROR_NAME_)
#undef MANA_ERROR_NAME_
    default: mana__fail(MANA_EINVAL, "mana_error_name: %d is no error code", err); return NULL;
    }
}

MANA_API const char *mana_result_text(int status)
{
    switch (status) {
    case MANA_SETUP:
    case MANA_PLAYING: return "*";
    case MANA_WHITE_WON: return "1-0";
    case MANA_BLACK_WON: return "0-1";
    case MANA_DRAWN: return "1/2-1/2";
    default: mana__fail(MANA_EINVAL, "mana_result_text: %d is no game status", status); return NULL;
    }
}

MANA_API int mana_result_parse(const char *text)
{
    if (!text)
        return mana__fail(MANA_EINVAL, "mana_result_parse: text is NULL");
    for (int st = MANA_PLAYING; st <= MANA_DRAWN; st++)
        if (strcmp(text, mana_result_text(st)) == 0)
            return st;
    return mana__fail(MANA_EPARSE, "mana_result_parse: not a result (1-0, 0-1, 1/2-1/2 or *)");
}
