/* SPDX-License-Identifier: MIT */
/*
 * engine.h - shared by the files of `mana-cli engine` only (the tests'
 * fuzz_engine drives its command handler too).  docs/engine-protocol.md is
 * the protocol they implement.  The files in
 * data-flow order: each calls only files above it (and cli/'s).
 *
 *   engine_out.c      the engine's output lines, status lines, the
 *                     current position
 *   engine_go.c       the `go` command: limits, the search thread, the
 *                     answer
 *   engine_loop.c     the command loop, options, positions, queries
 *                     (cmd_engine)
 */
#ifndef MANA_CLI_ENGINE_H
#define MANA_CLI_ENGINE_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include <mana_bot.h>

#include "../platform.h"

/* Where the engine's output lines go when not to stdout: called with each
 * line whole (no newline), under the output lock, from the command loop's
 * thread or the search thread. */
typedef void eng_sink_fn(void *ctx, const char *line);

typedef struct engine {
    pthread_mutex_t out_lock; /* one whole line at a time */
    eng_sink_fn *sink;        /* NULL: stdout */
    void *sink_ctx;
    char **tok; /* the words of the line being run (eng_line) */
    size_t tok_cap;
    int preset;
    int opt[MANA_OPTION_COUNT];     /* the rule options in force */
    int opt_set[MANA_OPTION_COUNT]; /* 1: set by setoption (survives Rules) */
    char bot_kind[16];
    uint64_t seed;
    char bot_opt[8][24]; /* the bots' options but Seed (Hash, Threads,
                          * MultiPV, Eval) by mana_bot_option_info index, as
                          * set; "" unset: for every bot made */
    mana_bot *bot;
    mana_game *game; /* the last accepted position; NULL before any */
    int refused;     /* 1: the last `position` was refused */
    /* the search: the fields below `lock` are shared with its thread */
    int searching;
    pthread_t search_thread;
    mana_game *search_game;
    mana_bot_limits lim;                   /* the search's limits */
    mana_move searchmoves[MANA_MAX_MOVES]; /* lim.searchmoves points here */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int hold;        /* 1 infinite, 2 ponder: the answer waits */
    int released;    /* stop or quit received */
    int bot_done;    /* the bot has returned */
    long long go_ms; /* when go began (monotonic ms) */
    int budget_said; /* the search's time budget line is out (or due never) */
} engine;

/* ---- engine_out.c ---- */

/* Writes one line (printf format, no newline) to stdout, whole. */
void eng_out(engine *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(CLI_PRINTF, 2, 3)))
#endif
    ;

/* The status line and, for a finished game, the reason line. */
void eng_report_status(engine *e, const mana_game *g);

/* Returns a fresh game at the start of setup under the engine's rules, or
 * NULL (detail set). */
mana_game *eng_fresh_game(engine *e);

/* The position to search or show: the last accepted one, the start of
 * setup when none was given, or NULL (error reported) after a refused
 * `position`. */
const mana_game *eng_current(engine *e);

/* ---- engine_go.c ---- */
void eng_go(engine *e, char **tok, int n);
/* Ends the running search: stop == 1 stops the bot first (stop, quit, or
 * a command that cannot wait for an infinite search). */
void eng_finish_search(engine *e, int stop);
void eng_ponderhit(engine *e);
/* The progress callback of the engine's bots: one info line. */
void eng_info(void *ctx, const mana_bot_info *info);

/* Parses the words after `go` into *lim; the moves after searchmoves
 * (parsed in g, every word up to the next limit's name; g NULL: refused) go to
 * moves[0..MANA_MAX_MOVES-1], which lim->searchmoves then points to.
 * Returns 0, or -1 with a message in why. */
int eng_parse_go(char **tok, int n, const mana_game *g, mana_move *moves, mana_bot_limits *lim, char *why, size_t size);

/* ---- engine_loop.c ---- */

/* Sets up *e with the default rules and bot, its output going to sink
 * (NULL: stdout).  Returns 0, or -1 (reported) when the bot cannot be
 * made; eng_end releases *e either way. */
int eng_init(engine *e, eng_sink_fn *sink, void *sink_ctx);

/* Runs one command line (len bytes, NUL bytes and all; line is changed):
 * the body of `mana-cli engine`'s loop.  Returns 1 for quit, else 0. */
int eng_line(engine *e, char *line, size_t len);

/* Ends a running search (quit: stopped, else run to its end, as at the end
 * of input) and releases what *e holds. */
void eng_end(engine *e, int quit);

#endif
