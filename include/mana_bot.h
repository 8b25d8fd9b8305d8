/* SPDX-License-Identifier: MIT */
/*
 * mana_bot.h - the public interface of libmana-bots, the computer players
 * of libmana: `random`, `ab` (alpha-beta: principal variation search) and
 * `mcts` (Monte Carlo tree search).  Link with libmana-bots and libmana
 * (`pkg-config --cflags --libs mana-bots`).  The bots use only libmana's
 * public API (mana.h): every move they consider comes from
 * mana_legal_moves and is tried with mana_play / mana_undo on their own
 * copy of the game, so they play every rule option and both editions.
 *
 * Conventions (as mana.h's)
 * -------------------------
 * - Functions returning int return MANA_OK (0) or a negative MANA_E* code
 *   of mana.h, and mana_bot_error_detail() then says why in one line (in
 *   the calling thread).  On failure nothing changed.  NULL pointers are
 *   answered with MANA_EINVAL.
 * - Scores are from the view of the side to move of the searched position,
 *   in centi-Ronin (100 = the worth of a Ronin), or as a mate: the number
 *   of plies to a forced capture of a Damyo, its sign from the side to
 *   move (> 0: it takes the enemy Damyo, < 0: it loses its own; mate 3:
 *   we move, they reply, we take it; mate -2: we move, they take ours).
 *   Every bot that proves a forced result says it so (ab and mcts alike),
 *   with score_cp +-(30000 - |mate|), and its line is the whole mate:
 *   |mate| plies ending in the Damyo's capture (the winner's nearest win,
 *   the loser's longest defence, as far as the hash moves do not say
 *   otherwise).  A setup search never reports a mate nor a score of
 *   +-2000 or beyond: no setup is a proven result.
 * - Options and limits given out of range are refused, never clamped,
 *   except a depth beyond MANA_BOT_DEPTH_MAX, which is cut to it.
 * - Moves are mana_move values of mana.h, legal in the position searched;
 *   a line (PV) is a sequence legal move after move from that position.
 *
 * Thread-safety
 * -------------
 * A mana_bot is used by one thread at a time, except mana_bot_stop and
 * mana_bot_ponderhit, which any thread may call at any time, also during
 * a search run by mana_bot_choose in another thread.  Different bots
 * share nothing and may search at once.  The bot never keeps a pointer
 * to the game it was given beyond the call: it searches a copy.  The
 * library keeps no global state but the per-thread error detail.
 *
 * Determinism
 * -----------
 * With depth, node or iteration limits (no time limit), Threads 1 and the
 * same seed, the same sequence of positions gives the same moves, scores
 * and lines on every platform.
 *
 * Search state and rules
 * ----------------------
 * What a bot learns between moves (ab's transposition table, killer and
 * history tables) is bound to the rules it was found under: when a game
 * searched has another value of any rule option than the last one (a
 * preset is a set of option values, mana_get_option, so this covers
 * another preset too), the bot is cleared first (mana_bot_clear: tables
 * and generator), so the answer is the one a fresh bot would give.
 */
#ifndef MANA_BOT_H
#define MANA_BOT_H

#include <stddef.h>
#include <stdint.h>

#include "mana.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An opaque bot: its kind, options, generator and search state.  Create
 * with mana_bot_new(), release with mana_bot_free(). */
typedef struct mana_bot mana_bot;

/* The kinds mana_bot_new accepts, as one string. */
#define MANA_BOT_KINDS "random|ab|mcts"
/* The values of the Eval option, in order (0 linear, 1 learned). */
#define MANA_BOT_EVALS "linear|learned"

/* The deepest depth limit; deeper asks are cut to it. */
#define MANA_BOT_DEPTH_MAX 60
/* The longest time a search is given, in ms (a day). */
#define MANA_BOT_TIME_MAX_MS 86400000
/* The most moves of a line (PV) a bot reports. */
#define MANA_BOT_PV_MAX 64
/* The most lines of a MultiPV search. */
#define MANA_BOT_MULTIPV_MAX 16

/* ---- Limits (Stockfish's LimitsType) ---------------------------------------
 * What one search may spend.  Start from mana_bot_limits_init (every
 * limit off), then set the ones wanted.  A search obeys every limit set
 * that applies to its kind and stops at the first reached; with no limit
 * of its kind set (no depth, nodes, iterations, movetime or clock of the
 * side to move) and not infinite, the bot's default limits apply
 * (mana_bot_describe names them: ab 100,000 nodes, mcts 3,000 playouts;
 * so `ponder` alone searches them).  Fields a kind ignores: random
 * ignores all; ab ignores iterations; mcts ignores depth.
 *
 * Time: movetime alone is a fixed time, used whole (ab deepens while less
 * than 70% of it is spent; the search ends at it).  With the side to
 * move's clock, the bot spends what mana_bot_time_budget gives (and at
 * most movetime as its soft budget when both are set).  Under a time
 * limit (movetime or a clock, with no depth, node or iteration limit, one
 * line and not pondering; for mcts one thread) ab and mcts, once they have
 * spent a quarter of the time (of the soft budget under a clock) on a
 * position they judge good (ab: a score of +100 centi-Ronin or more; mcts:
 * a win rate of 64% or more), run an exact mate search for at most 40% of
 * it: a plain AND/OR search to 11 plies, then proof-number search (df-pn)
 * to 31; a forced capture of the enemy Damyo it proves is played at once,
 * the nearest, reported as `mate P` at depth P.  Else their own search
 * goes on in the time left.  A bot never
 * waits: when its search ends before a time limit (a forced result,
 * for ab one within the depth it has searched, so the nearest; a depth
 * limit) it returns at once, and an `infinite` search that ends by a
 * depth or node limit returns too; a protocol that must hold its answer
 * until `stop` (UCI) holds it itself, as mana-cli's engine does.
 */
typedef struct mana_bot_limits {
    int depth;                    /* ab: iterations of iterative deepening, 1..60; 0 off */
    uint64_t nodes;               /* ab: nodes visited; mcts: tree nodes; 0 off */
    uint64_t iterations;          /* mcts: playouts; 0 off */
    int64_t movetime_ms;          /* a fixed time for this move, used whole; 0 off */
    int64_t time_ms[2];           /* the clocks: ms left for [MANA_WHITE], [MANA_BLACK],
                           * >= 0; negative: off (init sets -1).  Only the
                           * side to move's is read. */
    int64_t inc_ms[2];            /* increments a move, ms, >= 0 */
    int movestogo;                /* moves to the next time control, >= 0; 0: none
                           * given (the manager assumes 30) */
    int infinite;                 /* 1: no time limit and no default limits: the
                           * search ends at mana_bot_stop, or at a depth, node
                           * or iteration limit given */
    int ponder;                   /* 1: a ponder search: no time limit until
                           * mana_bot_ponderhit; from that moment the movetime
                           * and clock limits apply, counted from it */
    const mana_move *searchmoves; /* the root moves the search may choose
                           * among (the protocol's go searchmoves), each
                           * legal in the position searched; borrowed for
                           * the call; NULL with count 0: every move */
    int searchmoves_count;        /* entries of searchmoves, 0..MANA_MAX_MOVES */
} mana_bot_limits;

/*
 * mana_bot_limits_init - sets every limit of *lim off: zeros, clocks -1.
 * NULL is a no-op.
 */
MANA_API void mana_bot_limits_init(mana_bot_limits *lim);

/*
 * mana_bot_time_budget - the time manager: what a side to move should
 * spend on this move under the clocks of lim.  *soft_ms is the time to
 * aim at (a search past it goes on only while its best move is
 * unsettled), *hard_ms the time it never passes.  Both are at least 1 and
 * leave a margin on the clock for the pipes and the scheduler.  With
 * left = time_ms[side] and inc = inc_ms[side]: margin = min(50 + left/20,
 * 1000); usable = left - margin, but at least left/4; soft = usable/N +
 * 3 inc/4 (N = movestogo, or 30), at most usable; hard = min(3 soft,
 * usable); both at least 1 (and hard >= soft).  side is MANA_WHITE or
 * MANA_BLACK.  Returns MANA_OK; MANA_EINVAL for a NULL pointer, a bad
 * side, a clock of that side that is off or a negative increment.  The
 * one time manager of the project: the bots, the engine protocol and the
 * match runner all call it.  Thread-safe (no state).
 */
MANA_API int mana_bot_time_budget(const mana_bot_limits *lim, int side, int64_t *soft_ms, int64_t *hard_ms);

/* ---- Progress and results -------------------------------------------------- */

/* A line of the search: a root move, its score and the line it leads to. */
typedef struct mana_bot_line {
    int multipv;     /* 1-based rank of this line (1: the best) */
    int depth;       /* ab: iteration depth; mcts and setup searches, which
                     * have no nominal depth: seldepth */
    int seldepth;    /* deepest ply reached (ab: at least depth) */
    int score_cp;    /* centi-Ronin, side to move's view (mcts: from its win
                     * rate p, 400 log10(p / (1 - p)) rounded, within
                     * +-2000; a mate: +-(30000 - |mate|); a setup search:
                     * the chosen move's estimated chance p from its n
                     * samples' chances s, p = (s + 1/2) / (n + 1), as
                     * 100 ln(p / (1 - p)) (ab: its evaluation's unit) or
                     * 400 log10(p / (1 - p)) (mcts), so within +-2000) */
    int mate;        /* plies to a forced Damyo capture, > 0 win, < 0 loss,
                     * 0 none (score_cp then holds; also for a proof of
                     * mcts's tree whose line the exact search does not
                     * complete within its budget: score_cp +-2000) */
    double win_rate; /* mcts: the win rate of the line's first move in its
                      * playouts, 0..1 (draws half; 1 or 0 once proven);
                      * -1 for ab and random (no playouts), and for an
                      * mcts answer that ran none (a single root move,
                      * played at once) */
    int pv_len;      /* moves in pv, 0..MANA_BOT_PV_MAX; for a mate |mate|
                     * (more only if the hash moves led a longer way),
                     * the last taking the Damyo */
    mana_move pv[MANA_BOT_PV_MAX];
} mana_bot_line;

/* What a search reports: its totals and one line. */
typedef struct mana_bot_info {
    uint64_t nodes;      /* ab: nodes visited; mcts: tree nodes; random: 1 */
    uint64_t iterations; /* mcts: playouts run; ab: 0 */
    int64_t time_ms;     /* since the search began */
    uint64_t nps;        /* nodes a second (nodes * 1000 / max(time_ms, 1)) */
    int hashfull;        /* ab: permille of the hash table filled by this
                          * search (a sample of 1000 entries); else 0 */
    int setup;           /* 1: a setup search (samples of completed setups) */
    uint64_t samples;    /* setup search: completions searched */
    mana_bot_line line;  /* the line reported */
} mana_bot_info;

/* Called during a search at each completed iteration (ab), every 1000
 * playouts and at the end (mcts), once for a setup search (its choice),
 * for each MultiPV line in rank order; random reports nothing.  info and
 * its pv are valid only during the call.  Runs in the searching thread;
 * it must not call functions of this bot other than mana_bot_stop,
 * mana_bot_ponderhit and mana_bot_budget. */
typedef void mana_bot_info_fn(void *ctx, const mana_bot_info *info);

/* The answer of one search. */
typedef struct mana_bot_result {
    mana_move move;     /* the move chosen */
    mana_move ponder;   /* the expected reply (pv[1] of the best line when
                           * it begins with move; legal after move), or
                           * MANA_MOVE_NONE */
    mana_bot_info info; /* the totals (time: the whole call), and the best
                           * line (pv[0] == move; just move when the search
                           * reported no line for it) */
    int lines;          /* lines found, 1..MultiPV (fewer when there
                           * are fewer root moves; 1 for mcts and random);
                           * read them with mana_bot_line_at */
} mana_bot_result;

/* ---- Lifecycle ---------------------------------------------------------------- */

/*
 * mana_bot_new - a new bot of kind "random", "ab" or "mcts" (exact, lower
 * case) with its generator seeded by seed (the Seed option) and every
 * other option at its default.  Returns the bot, owned by the caller
 * (release with mana_bot_free), or NULL with mana_bot_error_detail() set:
 * an unknown kind (the detail lists MANA_BOT_KINDS) or no memory.
 * ab's table (16 MiB) and, for ab and mcts, the mate search's two tables
 * (16 MiB more) are allocated and every page touched here, on
 * 2 MiB pages where Linux gives them, so that no search pays the page
 * faults: creating a bot costs some milliseconds (tens in a virtual
 * machine); to reuse one, set its Seed and call mana_bot_clear.
 */
MANA_API mana_bot *mana_bot_new(const char *kind, uint64_t seed);

/* mana_bot_free - releases b and its tables; NULL is a no-op.  No search
 * may be running on b. */
MANA_API void mana_bot_free(mana_bot *b);

/* mana_bot_kind - "random", "ab" or "mcts"; "" for NULL.  Static storage. */
MANA_API const char *mana_bot_kind(const mana_bot *b);

/*
 * mana_bot_error_detail - one line saying why the last failing mana_bot_*
 * call of this thread failed (for a failure of libmana underneath, its
 * mana_error_detail()); "" when none failed yet.  Per-thread storage,
 * valid until the thread's next mana_bot_* call.
 */
MANA_API const char *mana_bot_error_detail(void);

/*
 * mana_bot_describe - writes the kind and the fixed limits it would obey
 * under lim (NULL: its defaults; clocks are not described) to buf, e.g.
 * "ab (100000 nodes)" or "mcts (500 playouts, 30 ms)", NUL-terminated
 * when size > 0 (buf may be NULL when size is 0).  Returns the length it
 * needed (as snprintf), or MANA_EINVAL (NULL b, a bad limit).
 */
MANA_API int mana_bot_describe(const mana_bot *b, const mana_bot_limits *lim, char *buf, size_t size);

/* ---- Options ------------------------------------------------------------------
 * Engine options by name, as the engine protocol's setoption spells them
 * (names match in any case; values are decimal integers, or for Eval
 * also the words of MANA_BOT_EVALS):
 *   Seed     0..2^64-1   the generator's seed; setting it reseeds it
 *                        (default: the seed given to mana_bot_new)
 *   Hash     1..65536    MiB of ab's transposition table, default 16 (a
 *                        power of two of 32-byte buckets that fits: 16
 *                        gives 16 MiB); resizing clears it, and so does
 *                        mana_bot_clear.  For mcts, the bound of its trees
 *                        (rebuilt each move): Hash MiB of 32-byte nodes
 *                        shared out evenly among the threads' trees, at
 *                        least 4,096 and at most 4,194,304 nodes a tree
 *   Threads  1..256      search threads, default 1.  ab searches its
 *                        play-phase positions with Lazy SMP: the helper
 *                        threads deepen the same root at staggered
 *                        depths (Stockfish's skip blocks), sharing the
 *                        lock-free table; the answer is the main
 *                        thread's; node limits count every thread's
 *                        nodes, and the helpers end at half of one, so
 *                        that the main thread searches the other half
 *                        itself however the threads are scheduled (an
 *                        iteration costing about as much as all the
 *                        ones before it, it reaches at least one
 *                        thread's depth less one).  mcts searches with root parallelism: a
 *                        tree a thread from the same root, each with
 *                        its own generator, the root moves' visits,
 *                        wins and proofs summed over the threads for
 *                        the reports and the answer; iteration and node
 *                        limits count all threads' playouts and trees'
 *                        nodes (an iteration limit met exactly).
 *                        Threads > 1 is not deterministic.  random and
 *                        the setup searches run on one thread whatever
 *                        Threads says.  More threads
 *                        than cores slow the search.  Each helper keeps
 *                        about 1.1 MiB of tables of its own (killers,
 *                        history, evaluation cache), made at the first
 *                        search that needs it and kept with the bot.  Where the library
 *                        was built without threads (WebAssembly without
 *                        pthreads, MANA_BOT_NO_THREADS) Threads > 1 is
 *                        refused with MANA_EINVAL
 *   MultiPV  1..16       lines searched, default 1: ab searches the N
 *                        best root moves each to the full depth (each
 *                        line's move excluded from the next), reports
 *                        them in rank order (mana_bot_info.line.multipv
 *                        1..N) and keeps them for mana_bot_line_at.  mcts
 *                        and random report one line
 *   Eval     0..1        ab's evaluation, default 1: 0 (or the word
 *                        linear) the weighted sum of its features
 *                        (bots/ab_weights.c), 1 (learned) the small
 *                        network of bots/ab_learned.c, trained on
 *                        self-play games by `make learn-eval`
 *                        (docs/strength.md, "A learned evaluation");
 *                        integer arithmetic, so as deterministic as the
 *                        linear one.  Setting another value clears the
 *                        bot as mana_bot_clear does.  mcts and random
 *                        ignore it
 * mana_bot_option_count and mana_bot_option_info list them for a
 * handshake.
 */

/*
 * mana_bot_set_option - sets option name to value (text, as setoption).
 * Returns MANA_OK; MANA_EINVAL for NULL, an unknown name or a value that
 * is no number in range (the detail names the option and its range);
 * MANA_ENOMEM if the table cannot be resized (the old one is kept).  Not
 * during a search.
 */
MANA_API int mana_bot_set_option(mana_bot *b, const char *name, const char *value);

/*
 * mana_bot_get_option - writes option name's current value as decimal
 * text to buf (NUL-terminated when size > 0; buf may be NULL when size
 * is 0).  Returns the length needed (as snprintf), or MANA_EINVAL for
 * NULL b or name or an unknown name.
 */
MANA_API int mana_bot_get_option(const mana_bot *b, const char *name, char *buf, size_t size);

/*
 * mana_bot_option_count, mana_bot_option_info - the options bots take, for
 * a handshake: index 0..count-1 gives its name (static storage) and its
 * default, least and greatest values (every option is an integer, a
 * "spin"; Seed's default is 1, a bot's own seed aside).  Any output
 * pointer may be NULL.  mana_bot_option_info returns MANA_OK or
 * MANA_EINVAL for an index out of range.  Thread-safe.
 */
MANA_API int mana_bot_option_count(void);
MANA_API int mana_bot_option_info(int index, const char **name, uint64_t *def, uint64_t *min, uint64_t *max);

/* ---- Searching ---------------------------------------------------------------- */

/*
 * mana_bot_set_info - sets the progress callback (NULL: none) and its
 * context pointer, which the bot borrows.  Not during a search.  NULL b
 * is a no-op.
 */
MANA_API void mana_bot_set_info(mana_bot *b, mana_bot_info_fn *fn, void *ctx);

/*
 * mana_bot_choose - searches the position of g (only read; copied) within
 * lim (NULL: the defaults) and writes the chosen move, its expected reply,
 * totals and best line to *res.  Works in setup too: the orientation and
 * each placement are chosen by a setup search.  Returns MANA_OK;
 * MANA_EOVER if the game is finished (res->move MANA_MOVE_NONE, the detail
 * says so); MANA_EINVAL for NULL or a bad limit (a negative depth,
 * movetime, increment or movestogo; a depth above MANA_BOT_DEPTH_MAX is
 * cut to it, not refused; searchmoves NULL with a count, or a count out
 * of range); MANA_EILLEGAL if a searchmove is not legal in g; MANA_ENOMEM.  On failure *res is zeroed (move
 * MANA_MOVE_NONE).  Blocks until the search ends (see the limits).
 */
MANA_API int mana_bot_choose(mana_bot *b, const mana_game *g, const mana_bot_limits *lim, mana_bot_result *res);

/*
 * mana_bot_pv_format - writes the moves pv[0..n-1], legal in turn from the
 * position of g (g is only read), in move notation separated by single
 * spaces ("d4xc3 a1-b1") to buf, NUL-terminated when size > 0 (cut short
 * when it does not fit; buf may be NULL when size is 0).  Returns the
 * length the whole line needs (as snprintf); MANA_EINVAL for NULL or a
 * negative n; MANA_EILLEGAL if a move is not legal in turn (buf then
 * holds the moves before it); MANA_ENOMEM.  Thread-safe.
 */
MANA_API int mana_bot_pv_format(const mana_game *g, const mana_move *pv, int n, char *buf, size_t size);

/*
 * mana_bot_line_at - after a mana_bot_choose, copies its MultiPV line k
 * (1..res.lines, best first: line 1 is res.info.line, each line's first
 * move differs from the others') to *line.  Returns MANA_OK, or
 * MANA_EINVAL for NULL or k out of range (the detail gives the range).
 */
MANA_API int mana_bot_line_at(const mana_bot *b, int k, mana_bot_line *line);

/*
 * mana_bot_budget - the time budget that b's search plans with: the soft
 * and hard times (ms) that mana_bot_time_budget gave it from its limits'
 * clock for the side to move, computed once when mana_bot_choose began.
 * Call it from b's progress callback during the search (as mana-cli's
 * engine does, to print the budget once) or after mana_bot_choose
 * returned (the last search's); not from another thread while b searches.
 * Returns MANA_OK; MANA_EINVAL for NULL, before b's first search, or when
 * the search had no clock for the side to move (the detail says which).
 * Added in 0.4 (version node MANA_BOTS_0.4).
 */
MANA_API int mana_bot_budget(const mana_bot *b, int64_t *soft_ms, int64_t *hard_ms);

/*
 * mana_bot_stop - makes the search running on b (in another thread) end
 * within milliseconds and return its best move so far; any thread, any
 * time (async-signal-safe: one atomic store).  A no-op when no search
 * runs: the next search is not affected.  So a stop sent just after
 * another thread was asked to search may come before mana_bot_choose
 * began and be lost: a caller that must stop it calls mana_bot_stop
 * again until mana_bot_choose has returned (as mana-cli's engine does,
 * every 2 ms).  NULL is a no-op.
 */
MANA_API void mana_bot_stop(mana_bot *b);

/*
 * mana_bot_ponderhit - turns the ponder search of b (lim.ponder) into a
 * timed one: its movetime and clock limits apply from now.  Any thread,
 * any time; it holds for the ponder search running or about to begin,
 * and is forgotten when mana_bot_choose returns (so call it only while a
 * ponder search is running or asked for).  NULL is a no-op.
 */
MANA_API void mana_bot_ponderhit(mana_bot *b);

/*
 * mana_bot_clear - forgets what was learnt from earlier positions (ab's
 * hash, killer and history tables) and reseeds the generator with the
 * Seed option, as `newgame` does: the bot then answers as a fresh one with
 * the same options.  Not during a search.  NULL is a no-op.
 */
MANA_API void mana_bot_clear(mana_bot *b);

#ifdef __cplusplus
}
#endif

#endif
