/* SPDX-License-Identifier: MIT */
/*
 * bot.h - the computer players of mana-cli: `random`, `ab` (alpha-beta) and
 * `mcts` (Monte Carlo tree search).  They use only the public libmana API:
 * every move they consider comes from mana_legal_moves and is tried with
 * mana_play / mana_undo on their own copy of the game.
 *
 * A bot is an object owned by one thread at a time; bots share nothing, so
 * two threads may run two bots at once.  With depth, node or iteration limits
 * (and no time limit) a bot is deterministic: the same seed and the same
 * sequence of positions give the same moves.
 */
#ifndef MANA_CLI_BOT_H
#define MANA_CLI_BOT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <mana.h>

/* Search limits.  Zero means "no such limit".  When every limit that
 * applies to a bot is zero it uses its default limits (bot_default_limits).
 *   time_ms:    wall-clock budget per move (ab, mcts).  Alone (hard_ms 0)
 *               it is a fixed move time, as `go movetime`: the bot uses
 *               it and answers by then.  With hard_ms it is the soft
 *               budget of a clock (`go wtime ...`): the time to aim at.
 *   depth:      ab: deepest iteration of iterative deepening (1..BOT_DEPTH_MAX)
 *   nodes:      ab: nodes visited; mcts: tree nodes allocated (and at most
 *               as many playouts)
 *   iterations: mcts: playouts per move
 *   hard_ms:    clock play: the bot never searches past this; between
 *               time_ms and hard_ms it goes on only while the best move is
 *               unsettled (changed, or its score fell).  0: time_ms is hard. */
#define BOT_DEPTH_MAX 60         /* the deepest depth limit (deeper asks are cut to it) */
#define BOT_TIME_MAX_MS 86400000 /* the longest move time, a day: what "no time limit" means */

typedef struct bot_limits {
    int time_ms;
    int depth;
    uint64_t nodes;
    uint64_t iterations;
    int hard_ms;
} bot_limits;

/* What the last bot_choose did, for `info` lines and tests. */
typedef struct bot_stats {
    int depth;           /* ab: deepest completed iteration */
    int score;           /* ab: centi-Ronin from the mover's view; mcts: win % */
    uint64_t nodes;      /* ab: nodes visited; mcts: tree nodes */
    uint64_t iterations; /* mcts: playouts run */
    int time_ms;         /* wall-clock time used */
    int mate;            /* ab: plies to a forced win (> 0) or loss (< 0), else 0 */
    int seldepth;        /* deepest ply reached in the tree (ab, mcts) */
} bot_stats;

/* Scores at or beyond this are forced wins: BOT_WIN - plies to the win. */
#define BOT_WIN 30000
#define BOT_WIN_MIN (BOT_WIN - 1000)

typedef struct bot bot;

/* Called with one line of progress (no newline), e.g.
 * "depth 3 score cp 40 nodes 1234 time 5 pv b5-b3 c2-c4". */
typedef void bot_info_fn(void *ctx, const char *line);

/* The names accepted by bot_new, as "random|ab|mcts". */
#define BOT_NAMES "random|ab|mcts"

/* Returns 1 if name is a bot kind ("random", "ab" or "mcts"), else 0. */
int bot_kind_valid(const char *name);

/* Fills *lim with the default limits of bot kind name. */
void bot_default_limits(const char *name, bot_limits *lim);

/* Returns a new bot of kind name with limits lim (NULL = defaults) and a
 * generator seeded by seed; NULL for an unknown name or no memory. */
bot *bot_new(const char *name, const bot_limits *lim, uint64_t seed);

/* Releases b; NULL is a no-op. */
void bot_free(bot *b);

/* Returns the kind name ("random", "ab", "mcts"). */
const char *bot_name(const bot *b);

/* Writes the kind and its effective limits, e.g. "ab (depth 4)". */
void bot_describe(const bot *b, char *buf, size_t size);

/* Replaces the limits (NULL = defaults). */
void bot_set_limits(bot *b, const bot_limits *lim);

/* Makes the search stop soon after *flag becomes non-zero (NULL: never).
 * The flag is borrowed and must outlive the searches. */
void bot_set_stop(bot *b, const atomic_int *flag);

/* Sets the progress callback (NULL: none). */
void bot_set_info(bot *b, bot_info_fn *fn, void *ctx);

/* Forgets what was learnt from earlier positions (the ab hash table). */
void bot_clear(bot *b);

/*
 * bot_choose - picks a legal move of the side to move in g, in setup too
 * (orientation and placements).  g is only read.  Returns MANA_OK with the
 * move in *out; MANA_EOVER if the game is finished; MANA_ENOMEM; or another
 * negative libmana error from the copy of the game.
 */
int bot_choose(bot *b, const mana_game *g, mana_move *out);

/* Copies the statistics of the last bot_choose into *st. */
void bot_last_stats(const bot *b, bot_stats *st);

#endif
