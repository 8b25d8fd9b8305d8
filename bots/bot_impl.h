/* SPDX-License-Identifier: MIT */
/*
 * bot_impl.h - the inside of a bot, shared by the files of bots/ only.
 * include/mana_bot.h is the public interface they implement.
 *
 * The bots' files, in data-flow order (each calls only those above it):
 *   bot_util.c     the helpers: the bot's clock, the stop test, progress
 *                  reports, captures, the error detail
 *   bot_time.c     the time manager (mana_bot_time_budget) and the
 *                  iteration policy of a timed search
 *   ab_weights.c   the weights of ab's evaluation (tools/tune fits them)
 *   ab_eval.c      ab's evaluation: the features of a position
 *   ab_tt.c        ab's transposition table
 *   ab_search.c    ab's principal variation search, move ordering
 *   ab_setup.c     ab's setup play: sampled completions searched
 *   bot_ab.c       the ab bot: iterative deepening, aspiration windows
 *   mcts_mate.c    mcts's exact short search for forced Damyo captures
 *   bot_mcts.c     the mcts bot: UCT, MCTS-Solver, guided playouts
 *   bot_random.c   the random bot
 *   bot.c          the public entry points: lifecycle, options, limits,
 *                  choose (dispatching to the kinds), stop, clear
 * rng.h (the generator, inline) and ab.h, mcts.h (the parts of ab and
 * mcts) are headers only.
 */
#ifndef MANA_BOTS_BOT_IMPL_H
#define MANA_BOTS_BOT_IMPL_H

#include <stdatomic.h>
#include <time.h>

#include "mana_bot.h"

/* WebAssembly built without pthreads has no threads to start: Threads > 1
 * is refused there (bot.c), and ab searches on one thread. */
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__) && !defined(MANA_BOT_NO_THREADS)
#define MANA_BOT_NO_THREADS 1
#endif

enum bot_kind { BOT_RANDOM, BOT_AB, BOT_MCTS };

/* Scores at or beyond this are forced wins: BOT_WIN - plies to the win. */
#define BOT_WIN 30000
#define BOT_WIN_MIN (BOT_WIN - 1000)
#define BOT_DEPTH_MAX MANA_BOT_DEPTH_MAX

typedef struct mana_bot bot;

/* The limits of one search as the kinds read them.  Zero: no such limit.
 *   time_ms: alone (hard_ms 0) a fixed move time, used whole; with
 *            hard_ms the soft budget of a clock: the time to aim at
 *   hard_ms: the clock's hard budget, never passed
 *   depth, nodes, iterations: as mana_bot_limits */
typedef struct bot_limits {
    int time_ms;
    int depth;
    uint64_t nodes;
    uint64_t iterations;
    int hard_ms;
} bot_limits;

/* What the running search found so far, for its reports and result. */
typedef struct bot_stats {
    int depth;           /* ab: deepest completed iteration */
    int score;           /* ab: centi-Ronin from the mover's view */
    int mate;            /* plies to a forced win (> 0) or loss (< 0), else 0 */
    double win_rate;     /* mcts: 0..1; -1 none */
    uint64_t nodes;      /* ab: nodes visited; mcts: tree nodes */
    uint64_t iterations; /* mcts: playouts run */
    int seldepth;        /* deepest ply reached */
    int setup;           /* 1: a setup search */
    uint64_t samples;    /* setup: completions searched */
    int hashfull;        /* ab: permille of the table filled */
    int multipv;         /* the rank of the line reported (1: the best) */
    int pv_len;          /* the line of the last report */
    mana_move pv[MANA_BOT_PV_MAX];
} bot_stats;

struct mana_bot {
    int kind;
    uint64_t seed; /* the Seed option */
    uint64_t rng;  /* rng.h state */
    int hash_mb, threads, multipv;
    int eval;              /* the Eval option: ab's evaluation, AB_EVAL_* of ab.h */
    bot_limits lim;        /* the running search's (defaults filled in) */
    bot_limits ponder_lim; /* a ponder search's time limits, from ponderhit */
    int pondering;         /* 1 until ponderhit (search thread only) */
    atomic_int stop;       /* raised by mana_bot_stop; cleared as choose begins */
    atomic_int ponderhit;  /* raised by mana_bot_ponderhit; cleared as choose ends */
    mana_bot_info_fn *info;
    void *info_ctx;
    bot_stats stats;
    struct timespec start; /* when the search began */
    struct timespec clock; /* when its time limits began (ponderhit) */
    int rules_known;       /* rules[] holds the last search's options */
    int rules[MANA_OPTION_COUNT];
    mana_bot_line lines[MANA_BOT_MULTIPV_MAX]; /* the last search's lines */
    int nlines;                                /* lines[0..nlines-1] hold */
    const mana_move *searchmoves;              /* the search's root moves, */
    int nsearchmoves;                          /* borrowed; 0: all moves */
    void *impl;                                /* per-kind state (ab: its tables) */
};

/* ---- bot_util.c ---- */

/* Sets the error detail of this thread (printf format); returns code. */
int bot_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Returns milliseconds since the search began (b->start). */
double bot_elapsed_ms(const bot *b);

/* Returns milliseconds since the search's time limits began (b->clock:
 * the start, or ponderhit). */
double bot_clock_ms(const bot *b);

/* Returns 1 when the search must end now: mana_bot_stop was called, or
 * the time budget is spent (hard_ms if set, else time_ms).  Turns a
 * ponder search into a timed one at ponderhit. */
int bot_out_of_time(bot *b);

/* Sends b->stats with the line pv[0..n-1] (kept in b->stats) to the
 * progress callback, if any, and keeps it as line b->stats.multipv (0
 * taken as 1) of b->lines. */
void bot_report(bot *b, const mana_move *pv, int n);

/* Fills *info from b->stats (time and nps from now). */
void bot_info_from_stats(const bot *b, mana_bot_info *info);

/* Returns 1 if the legal move m of the side to move captures the enemy
 * Damyo (a step ending on it), else 0. */
int bot_captures_damyo(const mana_game *g, mana_move m);

/* Keeps in mv[0..n-1] the moves of the search's searchmoves (all when
 * none were given), in their order; returns how many are left. */
int bot_root_moves(const bot *b, mana_move *mv, int n);

/* Returns 1 if the legal move m captures any enemy piece, else 0. */
int bot_captures(const mana_game *g, mana_move m);

/* ---- bot_time.c ---- */

/* Returns 1 if another iteration of a deepening search should start, given
 * the last iteration's time and whether the best move is unsettled. */
int bot_time_next(const bot *b, double last_iter_ms, int unsettled);

/* ---- the kinds (bot_random.c, bot_ab.c, bot_mcts.c) ---- */

/* The choose functions are called in setup and in play, with at least one
 * legal move; bot.c answers for finished games.  They fill b->stats. */
int bot_random_choose(bot *b, const mana_game *g, mana_move *out);
void *bot_ab_new(int hash_mb);
void bot_ab_free(void *impl);
void bot_ab_clear(void *impl);
/* Replaces the table by one of hash_mb MiB; -1 (the old one kept) when
 * out of memory. */
int bot_ab_resize(void *impl, int hash_mb);
int bot_ab_choose(bot *b, const mana_game *g, mana_move *out);
int bot_mcts_choose(bot *b, const mana_game *g, mana_move *out);

#endif
