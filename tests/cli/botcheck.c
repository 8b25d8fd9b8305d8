/* SPDX-License-Identifier: MIT */
/*
 * botcheck - tests of the mana-cli bots (bots/bot*.c), linked with
 * the bot objects and libmana.a; run by `make check` (mk/cli.mk).
 *
 *   - every bot returns a legal move in setup and in play, on many states
 *     reached by random games under both presets and every `blocked` rule;
 *   - the bots obey their limits (depth, nodes, iterations) and the stop
 *     flag, and are deterministic for a seed under those limits;
 *   - `ab` finds a forced capture of the Damyo in 1 and in 3 plies on
 *     positions worked out by hand below, and `mcts` takes a Damyo in 1,
 *     proves the capture in 3 and a lost position, and finds the only
 *     move that does not hand over its Damyo;
 *   - `ab` reports a seldepth at least the depth of its line: 1 for a
 *     Damyo taken at once, and no less than the depth after hash hits.
 *
 * Orientation 0 of the board (docs/rules.md), used by every position here:
 *
 *     6  2 2 3 1 2 2
 *     5  1 3 1 3 1 3
 *     4  3 1 2 2 3 1
 *     3  2 3 1 3 1 2
 *     2  2 1 3 1 3 2
 *     1  1 3 2 2 1 3
 *        a b c d e f
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "rng.h"

static int failures, checks;

#define CHECK(cond, ...)                                                             \
    do {                                                                             \
        checks++;                                                                    \
        if (!(cond)) {                                                               \
            failures++;                                                              \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                            \
            fputc('\n', stderr);                                                     \
        }                                                                            \
    } while (0)

static const char *const kinds[] = {"random", "ab", "mcts"};

#define AB_INFO_MAX 64 /* info lines kept from one search */

static mana_game *at(const char *mfn)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g == NULL || mana_set_position(g, mfn) != MANA_OK) {
        fprintf(stderr, "botcheck: bad test position %s: %s\n", mfn, mana_error_detail());
        exit(1);
    }
    return g;
}

static const char *text(const mana_game *g, mana_move m)
{
    static char buf[MANA_MOVE_TEXT_MAX + 1];
    if (mana_move_format(g, m, buf, sizeof buf) < 0)
        snprintf(buf, sizeof buf, "?%u", (unsigned)m);
    return buf;
}

/* Every bot, at every state of random games (setup included; both presets,
 * every `blocked` rule, both re-entry rules), returns a move that
 * mana_is_legal accepts. */
static void legal_everywhere(void)
{
    for (int k = 0; k < 3; k++) {
        bot_limits lim = {0, 2, 0, 150, 0}; /* ab depth 2, mcts 150 playouts */
        int states = 0;
        for (int game = 0; game < 12; game++) {
            int preset = game % 2 ? MANA_RULES_COSMOLUDO : MANA_RULES_JACTALEA;
            mana_game *g = mana_new(preset);
            mana_set_option(g, MANA_OPT_BLOCKED, game % 3); /* pass, draw, loss */
            mana_set_option(g, MANA_OPT_REENTRY, game / 4 % 2);
            mana_set_option(g, MANA_OPT_REENTRY_WHEN_BLOCKED, game / 8 == 0);
            bot *b = bot_new(kinds[k], &lim, (uint64_t)game);
            uint64_t rng = (uint64_t)game * 77 + 5;
            while (mana_status(g) == MANA_SETUP || mana_status(g) == MANA_PLAYING) {
                mana_move m = MANA_MOVE_NONE;
                int rc = bot_choose(b, g, &m);
                CHECK(rc == MANA_OK && mana_is_legal(g, m) == 1, "%s: rc %d move %u at state %d", kinds[k], rc,
                      (unsigned)m, states);
                states++;
                /* continue with a random move half the time, so the bots
                 * see positions they would not steer to */
                mana_move mv[MANA_MAX_MOVES];
                int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
                if (rng_next(&rng) & 1)
                    m = mv[rng_below(&rng, (uint64_t)n)];
                if (rc != MANA_OK || mana_play(g, m) != MANA_OK)
                    break;
                if (mana_history(g, NULL, 0) > 150)
                    break;
            }
            mana_move m;
            if (mana_status(g) > MANA_PLAYING)
                CHECK(bot_choose(b, g, &m) == MANA_EOVER, "%s: a finished game has no move", kinds[k]);
            bot_free(b);
            mana_free(g);
        }
        printf("botcheck: %s returned a legal move in %d states\n", kinds[k], states);
    }
}

/* Plays a whole game between two bots of one kind with fixed limits and
 * seeds; writes the moves to out and returns their number. */
static int whole_game(const char *kind, const bot_limits *lim, uint64_t seed, mana_move *out, int cap)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_set_option(g, MANA_OPT_PLY_LIMIT, 60);
    bot *b[2] = {bot_new(kind, lim, seed), bot_new(kind, lim, seed + 1)};
    int n = 0;
    while ((mana_status(g) == MANA_SETUP || mana_status(g) == MANA_PLAYING) && n < cap) {
        mana_move m;
        if (bot_choose(b[mana_side_to_move(g)], g, &m) != MANA_OK || mana_play(g, m) != MANA_OK)
            break;
        out[n++] = m;
    }
    bot_free(b[0]);
    bot_free(b[1]);
    mana_free(g);
    return n;
}

static void deterministic(void)
{
    for (int k = 1; k < 3; k++) {
        bot_limits lim = {0, 3, 0, 300, 0};
        mana_move a[200], b[200], c[200];
        int na = whole_game(kinds[k], &lim, 42, a, 200);
        int nb = whole_game(kinds[k], &lim, 42, b, 200);
        int nc = whole_game(kinds[k], &lim, 43, c, 200);
        CHECK(na > 12 && na == nb && memcmp(a, b, (size_t)na * sizeof *a) == 0,
              "%s: two games with seed 42 differ (%d and %d moves)", kinds[k], na, nb);
        CHECK(na != nc || memcmp(a, c, (size_t)na * sizeof *a) != 0, "%s: seeds 42 and 43 gave the very same game",
              kinds[k]);
    }
}

/* The limits: depth, nodes, iterations, and the stop flag. */
static void limits(void)
{
    /* A middle-game position from perft.txt where neither side can force
     * the capture of a Damyo soon, so no search below ends early on a
     * forced result (the depth checks would notice if one did). */
    const char *mfn = "r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1";
    mana_game *g = at(mfn);
    mana_move m;
    bot_stats st;

    for (int depth = 1; depth <= 4; depth++) {
        bot_limits lim = {0, depth, 0, 0, 0};
        bot *b = bot_new("ab", &lim, 1);
        CHECK(bot_choose(b, g, &m) == MANA_OK && mana_is_legal(g, m) == 1, "ab depth %d", depth);
        bot_last_stats(b, &st);
        CHECK(st.depth == depth, "ab with depth %d finished depth %d", depth, st.depth);
        bot_free(b);
    }
    for (uint64_t nodes = 1; nodes <= 100000; nodes *= 10) {
        bot_limits lim = {0, 0, nodes, 0, 0};
        bot *b = bot_new("ab", &lim, 1);
        CHECK(bot_choose(b, g, &m) == MANA_OK && mana_is_legal(g, m) == 1, "ab %llu nodes", (unsigned long long)nodes);
        bot_last_stats(b, &st);
        CHECK(st.nodes <= nodes, "ab with a %llu-node limit visited %llu", (unsigned long long)nodes,
              (unsigned long long)st.nodes);
        bot_free(b);
    }
    for (uint64_t it = 1; it <= 10000; it *= 10) {
        bot_limits lim = {0, 0, 0, it, 0};
        bot *b = bot_new("mcts", &lim, 1);
        CHECK(bot_choose(b, g, &m) == MANA_OK && mana_is_legal(g, m) == 1, "mcts %llu", (unsigned long long)it);
        bot_last_stats(b, &st);
        CHECK(st.iterations == it, "mcts with %llu playouts ran %llu", (unsigned long long)it,
              (unsigned long long)st.iterations);
        bot_free(b);
    }
    {
        bot_limits lim = {0, 0, 5000, 0, 0}; /* mcts: tree nodes */
        bot *b = bot_new("mcts", &lim, 1);
        CHECK(bot_choose(b, g, &m) == MANA_OK && mana_is_legal(g, m) == 1, "mcts nodes");
        bot_last_stats(b, &st);
        /* the check comes before each expansion, which adds at most
         * MANA_MAX_MOVES nodes */
        CHECK(st.nodes >= 5000 && st.nodes < 5000 + MANA_MAX_MOVES, "mcts node limit: %llu",
              (unsigned long long)st.nodes);
        bot_free(b);
    }
    /* A node limit alone ends the search even when the tree stops growing:
     * under a ply limit of 1 every move of this position ends the game in
     * a draw, so the tree is the root and its children (one a legal move)
     * and can never reach 5000 nodes; the playouts stop at 5000. */
    {
        mana_game *drawn = at(mfn);
        mana_set_option(drawn, MANA_OPT_PLY_LIMIT, 1);
        bot_limits lim = {0, 0, 5000, 0, 0};
        bot *b = bot_new("mcts", &lim, 1);
        CHECK(bot_choose(b, drawn, &m) == MANA_OK && mana_is_legal(drawn, m) == 1, "mcts under a ply limit of 1");
        bot_last_stats(b, &st);
        uint64_t tree = 1 + (uint64_t)mana_legal_moves(drawn, NULL, 0);
        CHECK(st.nodes == tree && st.iterations == 5000, "mcts on a %llu-node tree: %llu nodes, %llu playouts",
              (unsigned long long)tree, (unsigned long long)st.nodes, (unsigned long long)st.iterations);
        bot_free(b);
        mana_free(drawn);
    }
    /* The stop flag raised before the search: both searches give up at
     * once (ab checks every 256 nodes, mcts every 8 playouts) and still
     * answer with a legal move.  A time limit of a day is set so that no
     * other limit ends the search. */
    for (int k = 1; k < 3; k++) {
        atomic_int stop;
        atomic_init(&stop, 1);
        bot_limits lim = {86400000, 0, 0, 0, 0};
        bot *b = bot_new(kinds[k], &lim, 1);
        bot_set_stop(b, &stop);
        CHECK(bot_choose(b, g, &m) == MANA_OK && mana_is_legal(g, m) == 1, "%s stopped", kinds[k]);
        bot_last_stats(b, &st);
        CHECK(st.nodes <= 256 + MANA_MAX_MOVES * 64 && st.iterations <= 64,
              "%s did not stop: %llu nodes, %llu playouts", kinds[k], (unsigned long long)st.nodes,
              (unsigned long long)st.iterations);
        bot_free(b);
    }
    mana_free(g);
}

/* Counts the legal moves of g that end on the enemy Damyo. */
static int damyo_captures(const mana_game *g)
{
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES), count = 0;
    int enemy = mana_side_to_move(g) == MANA_WHITE ? 'd' : 'D';
    for (int i = 0; i < n; i++)
        count += MANA_MOVE_KIND(mv[i]) == MANA_MOVE_STEP && mana_piece_at(g, MANA_MOVE_TO(mv[i])) == enemy;
    return count;
}

/*
 * Capture in 1.  "6/6/6/2R3/dR4/4D1 w 2 0": Black's Damyo on a2, White
 * Ronins on b2 and c3, White's Damyo on e1, White to move, Mana 2.
 * White's pieces stand on b2 (1 mark), c3 (1) and e1 (1): none on a
 * 2-mark square, so the exception frees White to move any piece by its own
 * marks or to re-enter a Ronin (White has 3 in reserve).  The Ronin on b2
 * moves one step and a2 is next to it: b2xa2 takes the Damyo.  No other
 * piece is one step from a2 (c3 and e1 are not adjacent to it), so it is
 * the only winning move.  The legal moves: b2 to a2 b1 c2 b3 (4), c3 to b3
 * d3 c2 c4 (4), e1 to d1 f1 e2 (3), and a re-entry on each of the 32 empty
 * squares: 43.
 */
static void capture_in_one(void)
{
    mana_game *g = at("6/6/6/2R3/dR4/4D1 w 2 0");
    mana_move win;
    CHECK(mana_move_parse(g, "b2xa2", &win) == MANA_OK, "b2xa2 must be legal");
    CHECK(damyo_captures(g) == 1, "one move takes the Damyo, found %d", damyo_captures(g));
    CHECK(mana_legal_moves(g, NULL, 0) == 11 + 32, "43 legal moves, found %d", mana_legal_moves(g, NULL, 0));
    for (int k = 1; k < 3; k++) {
        bot_limits lim = {0, 1, 0, 50, 0};
        bot *b = bot_new(kinds[k], &lim, 9);
        mana_move m = MANA_MOVE_NONE;
        CHECK(bot_choose(b, g, &m) == MANA_OK && m == win, "%s chose %s, not b2xa2", kinds[k], text(g, m));
        bot_stats st;
        bot_last_stats(b, &st);
        if (k == 1)
            CHECK(st.mate == 1, "ab reports a win in %d plies, not 1", st.mate);
        bot_free(b);
    }
    mana_free(g);
}

/* The depth and seldepth of each info line of a search (-1: none). */
typedef struct info_log {
    int n, depth[AB_INFO_MAX], seldepth[AB_INFO_MAX];
} info_log;

static void log_info(void *ctx, const char *line)
{
    info_log *l = ctx;
    const char *sel = strstr(line, " seldepth ");
    if (l->n >= AB_INFO_MAX)
        return;
    l->depth[l->n] = strncmp(line, "depth ", 6) == 0 ? atoi(line + 6) : -1;
    l->seldepth[l->n] = sel != NULL ? atoi(sel + 10) : -1;
    l->n++;
}

/* Checks that every info line of log, and the stats st, give a seldepth
 * at least the depth of the line reported. */
static void check_seldepths(const info_log *log, const bot_stats *st, const char *what)
{
    CHECK(log->n > 0, "%s: no info line", what);
    for (int i = 0; i < log->n; i++)
        CHECK(log->seldepth[i] >= log->depth[i] && log->depth[i] >= 1, "%s: info line %d: depth %d, seldepth %d", what,
              i + 1, log->depth[i], log->seldepth[i]);
    CHECK(st->seldepth >= st->depth && st->depth >= 1, "%s: depth %d, seldepth %d", what, st->depth, st->seldepth);
}

/*
 * The Damyo takes the Damyo.  "5r/6/6/6/6/Dd3R w 1 0": White's Damyo on
 * a1 (1 mark), Black's Damyo next to it on b1, a White Ronin on f1 (3
 * marks), a Black Ronin on f6; White to move, Mana 1.  The Mana binds
 * White to its pieces on 1-mark squares: the Damyo alone, and it can move,
 * so it must.  It moves exactly one step: a1-a2, or a1xb1, which takes
 * Black's Damyo and wins.  Two legal moves.  ab plays a1xb1 at once and
 * reports a win in 1 ply found at depth 1: the line it reports is one ply
 * deep, so its seldepth (info line and stats) is 1, not 0.
 */
static void damyo_takes_damyo(void)
{
    mana_game *g = at("5r/6/6/6/6/Dd3R w 1 0");
    mana_move win, m = MANA_MOVE_NONE;
    CHECK(mana_move_parse(g, "a1xb1", &win) == MANA_OK && mana_is_legal(g, win) == 1, "a1xb1 must be legal");
    CHECK(mana_legal_moves(g, NULL, 0) == 2, "2 legal moves, found %d", mana_legal_moves(g, NULL, 0));
    bot_limits lim = {0, 4, 0, 0, 0};
    bot *b = bot_new("ab", &lim, 1);
    info_log log = {0};
    bot_set_info(b, log_info, &log);
    CHECK(bot_choose(b, g, &m) == MANA_OK && m == win, "ab chose %s, not a1xb1", text(g, m));
    bot_stats st;
    bot_last_stats(b, &st);
    CHECK(st.mate == 1 && st.depth == 1 && st.seldepth == 1, "ab: mate %d depth %d seldepth %d, not 1 1 1", st.mate,
          st.depth, st.seldepth);
    CHECK(log.n == 1 && log.depth[0] == 1 && log.seldepth[0] == 1, "ab's info line: depth %d seldepth %d, not 1 1",
          log.depth[0], log.seldepth[0]);
    bot_free(b);
    mana_free(g);
}

/* A search that finds its positions in the hash table from the last one
 * still reports a seldepth at least its depth: the same position searched
 * again to depth 5 by one bot (the middle-game position of limits(), and
 * positions after each of its first moves). */
static void seldepth_after_hash_hits(void)
{
    mana_game *g = at("r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1");
    bot_limits lim = {0, 5, 0, 0, 0};
    bot *b = bot_new("ab", &lim, 1);
    mana_move mv[MANA_MAX_MOVES], m;
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
    for (int i = -1; i < n && i < 6; i++) {
        if (i >= 0)
            mana_play(g, mv[i]);
        for (int again = 0; again < 2; again++) {
            info_log log = {0};
            bot_stats st;
            char what[64];
            bot_set_info(b, log_info, &log);
            CHECK(bot_choose(b, g, &m) == MANA_OK, "ab after move %d", i);
            bot_last_stats(b, &st);
            snprintf(what, sizeof what, "after root move %d, search %d", i, again + 1);
            check_seldepths(&log, &st, what);
        }
        if (i >= 0)
            mana_undo(g);
    }
    bot_free(b);
    mana_free(g);
}

/*
 * Capture in 3 plies.  "6/6/3R2/2r3/1R4/d3D1 w 2 0": White Ronins on d4
 * and b2, White's Damyo on e1; Black's Damyo on a1 and a Black Ronin on
 * c3; White to move, Mana 2.
 *
 * White is bound to 2-mark squares, and the only White piece on one is the
 * Ronin on d4 (b2 and e1 have 1 mark); it moves exactly 2 steps.  The
 * squares two steps from d4 are d6 c5 e5 b4 f4 c3 e3 d2, and every one of
 * them has 1 mark, so whatever White plays binds Black to 1-mark squares.
 *   - d4xc3 (via c4 or d3) takes the Ronin on c3.  Black's only piece on a
 *     1-mark square is then the Damyo on a1, and it can move (a2 and b1 are
 *     empty), so it must: one step to a2 (2 marks) or b1 (3 marks).  White
 *     is then bound to 2 or 3, has no piece on such a square (c3, b2 and e1
 *     all have 1 mark), so the exception lets any piece move: the Ronin on
 *     b2 steps onto a2 or b1 and takes the Damyo.  A win in 3 plies.
 *   - Any other move leaves the Ronin on c3 (1 mark) to Black, who moves it
 *     instead of the Damyo; White's pieces are then on 1-mark squares
 *     except none, the Damyo stays on a1, and no White piece is one step
 *     from a1 (b2 is diagonal), so no capture follows on ply 3.
 * With depth 3 `ab` must play d4xc3 and report a win in 3 plies; with
 * depth 1 it cannot see the win yet.
 */
static void capture_in_three(void)
{
    mana_game *g = at("6/6/3R2/2r3/1R4/d3D1 w 2 0");
    mana_move win;
    CHECK(mana_move_parse(g, "d4xc3", &win) == MANA_OK, "d4xc3 must be legal");
    CHECK(damyo_captures(g) == 0, "no capture in 1 here");
    CHECK(mana_legal_moves(g, NULL, 0) == 8, "8 legal moves, found %d", mana_legal_moves(g, NULL, 0));
    /* The line itself, through the library: after d4xc3 Black has exactly
     * the two Damyo moves, and after each White has a Damyo capture. */
    mana_game *c = mana_clone(g);
    mana_play(c, win);
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(c, mv, MANA_MAX_MOVES);
    CHECK(n == 2, "Black has %d replies, expected a1-a2 and a1-b1", n);
    for (int i = 0; i < n; i++) {
        CHECK(MANA_MOVE_FROM(mv[i]) == 0, "reply %s does not move the Damyo", text(c, mv[i]));
        mana_play(c, mv[i]);
        CHECK(damyo_captures(c) == 1, "after the reply White must take the Damyo");
        mana_undo(c);
    }
    mana_free(c);

    for (uint64_t seed = 1; seed <= 5; seed++) {
        bot_limits lim = {0, 3, 0, 0, 0};
        bot *b = bot_new("ab", &lim, seed);
        mana_move m = MANA_MOVE_NONE;
        CHECK(bot_choose(b, g, &m) == MANA_OK && m == win, "ab (seed %llu) chose %s, not d4xc3",
              (unsigned long long)seed, text(g, m));
        bot_stats st;
        bot_last_stats(b, &st);
        CHECK(st.mate == 3, "ab reports a win in %d plies, not 3", st.mate);
        bot_free(b);
    }
    bot_limits shallow = {0, 1, 0, 0, 0};
    bot *b = bot_new("ab", &shallow, 1);
    mana_move m;
    bot_stats st;
    CHECK(bot_choose(b, g, &m) == MANA_OK, "ab depth 1");
    bot_last_stats(b, &st);
    CHECK(st.mate == 0, "depth 1 cannot prove the win, yet reports %d", st.mate);
    bot_free(b);
    mana_free(g);
}

/* Runs mcts with iterations playouts and seed on g; returns its move and
 * fills *st. */
static mana_move mcts_move(const mana_game *g, uint64_t iterations, uint64_t seed, bot_stats *st)
{
    bot_limits lim = {0, 0, 0, iterations, 0};
    bot *b = bot_new("mcts", &lim, seed);
    mana_move m = MANA_MOVE_NONE;
    CHECK(bot_choose(b, g, &m) == MANA_OK && mana_is_legal(g, m) == 1, "mcts (seed %llu) gave no legal move",
          (unsigned long long)seed);
    bot_last_stats(b, st);
    bot_free(b);
    return m;
}

/*
 * The proofs of mcts (MCTS-Solver, decisive and anti-decisive moves, the
 * root's mate search), on hand-worked positions.
 *
 * The capture in 3 plies above: d4xc3 is proven won before any playout
 * (Black's two replies each let White take the Damyo), with the root's
 * mate search budget of a 30-playout limit, and reported as a win rate of
 * 100.  The position after it, "6/6/6/2R3/1R4/d3D1 b 1 0", is lost: both
 * Damyo moves (a1-a2, a1-b1) are proven lost one ply ahead when the root
 * is expanded, so the root is proven and no playout is run.
 *
 * The only move that does not lose at once.  "d5/6/6/4rr/6/4D1 w 1 0":
 * White has only the Damyo, on e1 (1 mark), and 5 Ronins in reserve;
 * Black's Damyo is on a6 (2 marks), Black Ronins on e3 (1 mark) and f3
 * (2 marks); White to move, Mana 1.  The Damyo is White's only piece on a
 * 1-mark square and can step, so it must: e1-d1, e1-f1 or e1-e2 (3 legal
 * moves, no re-entry).
 *   - e1-e2 (3 marks): Black has no piece on a 3-mark square, so the
 *     exception frees any Black piece: the Ronin on e3 (1 mark) steps onto
 *     e2 and takes the Damyo, and so does the one on f3 by f3-f2-e2.
 *   - e1-f1 (3 marks): again any Black piece: the Ronin on f3 (2 marks)
 *     goes f3-f2-f1 and takes it.
 *   - e1-d1 (2 marks): Black must move a piece on a 2-mark square, the
 *     Damyo on a6 or the Ronin on f3, and neither reaches d1 in 2 steps
 *     (f3 is 4 steps from it, a6 8).
 * So mcts must play e1-d1, even with one playout.  e1-d1 in fact wins by
 * force in 5 plies (ab reports mate 5 at depth 5, e.g. e1-d1 f3-f1 R@c4
 * a6-a4 c4xa4), which mcts proves with 400 playouts' budget.
 */
static void mcts_proofs(void)
{
    bot_stats st;
    mana_game *g = at("6/6/3R2/2r3/1R4/d3D1 w 2 0");
    mana_move win;
    mana_move_parse(g, "d4xc3", &win);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        mana_move m = mcts_move(g, 30, seed, &st);
        CHECK(m == win && st.score == 100 && st.iterations == 0,
              "mcts (seed %llu): %s, win rate %d after %llu playouts, not d4xc3 proven", (unsigned long long)seed,
              text(g, m), st.score, (unsigned long long)st.iterations);
    }
    mana_play(g, win);
    mana_move m = mcts_move(g, 30, 1, &st);
    CHECK(st.score == 0 && st.iterations == 0, "the lost position: win rate %d after %llu playouts", st.score,
          (unsigned long long)st.iterations);
    mana_free(g);

    g = at("d5/6/6/4rr/6/4D1 w 1 0");
    const char *const moves[3] = {"e1-d1", "e1-f1", "e1-e2"};
    mana_move mv[3];
    CHECK(mana_legal_moves(g, NULL, 0) == 3, "3 legal moves, found %d", mana_legal_moves(g, NULL, 0));
    for (int k = 0; k < 3; k++) {
        CHECK(mana_move_parse(g, moves[k], &mv[k]) == MANA_OK && mana_is_legal(g, mv[k]) == 1, "%s legal", moves[k]);
        mana_play(g, mv[k]);
        CHECK(damyo_captures(g) == k, "after %s Black takes the Damyo %d ways, not %d", moves[k], damyo_captures(g), k);
        mana_undo(g);
    }
    for (uint64_t seed = 1; seed <= 5; seed++) {
        m = mcts_move(g, 1, seed, &st);
        CHECK(m == mv[0], "mcts (seed %llu) with 1 playout chose %s, not e1-d1", (unsigned long long)seed, text(g, m));
    }
    m = mcts_move(g, 400, 1, &st);
    CHECK(m == mv[0] && st.score == 100, "mcts with 400 playouts: %s, win rate %d, not e1-d1 proven", text(g, m),
          st.score);
    bot_limits lim = {0, 5, 0, 0, 0};
    bot *b = bot_new("ab", &lim, 1);
    CHECK(bot_choose(b, g, &m) == MANA_OK && m == mv[0], "ab chose %s, not e1-d1", text(g, m));
    bot_last_stats(b, &st);
    CHECK(st.mate == 5, "ab reports a win in %d plies, not 5", st.mate);
    bot_free(b);
    mana_free(g);
}

int main(void)
{
    capture_in_one();
    damyo_takes_damyo();
    seldepth_after_hash_hits();
    capture_in_three();
    mcts_proofs();
    limits();
    deterministic();
    legal_everywhere();
    printf("botcheck: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
