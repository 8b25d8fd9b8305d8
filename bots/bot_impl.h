/* SPDX-License-Identifier: MIT */
/*
 * bot_impl.h - the inside of a bot, shared by the files of bots/ only.
 *
 * The bots' files, in data-flow order (each calls only those above it):
 *   bot_util.c     the helpers: the bot's clock, the stop test, progress
 *                  reports, captures, a line as text
 *   ab_weights.c   the weights of ab's evaluation (tools/tune fits them)
 *   ab_eval.c      ab's evaluation: the features of a position
 *   ab_tt.c        ab's transposition table
 *   ab_time.c      ab's time policy: whether another iteration starts
 *   ab_search.c    ab's principal variation search, move ordering
 *   ab_setup.c     ab's setup play: sampled completions searched
 *   bot_ab.c       the ab bot: iterative deepening, aspiration windows
 *   mcts_mate.c    mcts's exact short search for forced Damyo captures
 *   bot_mcts.c     the mcts bot: UCT, MCTS-Solver, guided playouts
 *   bot_random.c   the random bot
 *   bot.c          the dispatcher: creation, limits, choose
 * rng.h (the generator, inline) and ab.h, mcts.h (the parts of ab and
 * mcts) are headers only.
 */
#ifndef MANA_CLI_BOT_IMPL_H
#define MANA_CLI_BOT_IMPL_H

#include <time.h>

#include "bot.h"

enum bot_kind { BOT_RANDOM, BOT_AB, BOT_MCTS };

struct bot {
    int kind;
    bot_limits lim;         /* effective limits (defaults filled in) */
    uint64_t rng;           /* rng.h state */
    const atomic_int *stop; /* borrowed, may be NULL */
    bot_info_fn *info;
    void *info_ctx;
    bot_stats stats;
    struct timespec start; /* when the current bot_choose began */
    void *impl;            /* per-kind state (ab: hash table) */
};

/* Per-kind entry points (bot_random.c, bot_ab.c, bot_mcts.c).  The choose
 * functions are called in setup and in play, with at least one legal move;
 * bot.c answers for finished games. */
int bot_random_choose(bot *b, const mana_game *g, mana_move *out);
void *bot_ab_new(void);
void bot_ab_free(void *impl);
void bot_ab_clear(void *impl);
int bot_ab_choose(bot *b, const mana_game *g, mana_move *out);
int bot_mcts_choose(bot *b, const mana_game *g, mana_move *out);

/* Returns milliseconds since b->start. */
double bot_elapsed_ms(const bot *b);

/* Returns 1 when the search must end now: the stop flag is raised or the
 * time budget is spent (hard_ms if set, else time_ms). */
int bot_out_of_time(const bot *b);

/* Sends one progress line built from a printf format to the callback. */
void bot_emit(bot *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Returns 1 if the legal move m of the side to move captures the enemy
 * Damyo (a step ending on it), else 0. */
int bot_captures_damyo(const mana_game *g, mana_move m);

/* Returns 1 if the legal move m captures any enemy piece, else 0. */
int bot_captures(const mana_game *g, mana_move m);

/* Writes up to n moves of a line starting at g as text ("b5-b3 c2-c4") to
 * buf; the moves must be legal in turn.  Returns buf. */
char *bot_format_line(const mana_game *g, const mana_move *line, int n, char *buf, size_t size);

#endif
