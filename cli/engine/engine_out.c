/* SPDX-License-Identifier: MIT */
/*
 * engine_out.c - what both halves of `mana-cli engine` share, below them
 * both: the output (one whole line at a time), the status and reason
 * lines of a game, and the position the commands look at.  engine_loop.c (the
 * command loop) and engine_go.c (`go`) call it; it calls neither.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "../cli.h"
#include "engine.h"

/* Writes the line (formatted whole into memory) to the sink or stdout.
 * A byte that is not printable ASCII, which only a quoted command word
 * can hold, is written as '?': an answer is one line of ASCII. */
static void out_line(engine *e, const char *fmt, va_list ap)
{
    char small[256];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    char *line = n >= 0 && (size_t)n >= sizeof small ? malloc((size_t)n + 1) : NULL;
    if (line != NULL)
        vsnprintf(line, (size_t)n + 1, fmt, again);
    va_end(again);
    char *text = line != NULL ? line : small; /* out of memory: cut short */
    for (unsigned char *c = (unsigned char *)text; *c != '\0'; c++)
        if (*c < 0x20 || *c >= 0x7f)
            *c = '?';
    if (e->sink != NULL) {
        e->sink(e->sink_ctx, text);
    } else {
        fputs(text, stdout);
        putchar('\n');
        fflush(stdout);
    }
    free(line);
}

void eng_out(engine *e, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&e->out_lock);
    va_start(ap, fmt);
    out_line(e, fmt, ap);
    va_end(ap);
    pthread_mutex_unlock(&e->out_lock);
}

mana_game *eng_fresh_game(engine *e)
{
    mana_game *g = mana_new(e->preset);
    for (int opt = 0; g != NULL && opt < MANA_OPTION_COUNT; opt++)
        if (mana_set_option(g, opt, e->opt[opt]) != MANA_OK) {
            mana_free(g);
            return NULL;
        }
    return g;
}

/* The game `show`, `status` and `moves` look at: the position, or the
 * start of setup when none was given; NULL after a refused position. */
const mana_game *eng_current(engine *e)
{
    if (e->refused) {
        eng_out(e, "info string error: no position (the last position command was refused)");
        return NULL;
    }
    if (e->game == NULL && (e->game = eng_fresh_game(e)) == NULL)
        eng_out(e, "info string error: %s", mana_error_detail());
    return e->game;
}

void eng_report_status(engine *e, const mana_game *g)
{
    int st = mana_status(g);
    char why[96]; /* why it ended, in the library's words (mana_end_text) */
    eng_out(e, "info string status %s", cli_status_text(st));
    if (st != MANA_SETUP && st != MANA_PLAYING && mana_end_text(g, why, sizeof why) >= 0)
        eng_out(e, "info string reason %s", why);
}
