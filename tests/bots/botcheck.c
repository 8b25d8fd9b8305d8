/* SPDX-License-Identifier: MIT */
/*
 * botcheck - tests of libmana-bots (bots/, include/mana_bot.h) through its
 * public API, linked with libmana-bots.a and libmana.a; run by `make
 * check` (mk/cli.mk).
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
 *     Damyo taken at once, and no less than the depth after hash hits;
 *   - the time manager's budgets, worked out by hand; options, errors,
 *     the line as text, the ponder move, stop from another thread;
 *   - search state is bound to the rules: for every rule option, a search
 *     under one value and then under another answers as a fresh bot does
 *     under the second.
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
#include <time.h>

#include <pthread.h>
#include <stdatomic.h>

#include <mana_bot.h>

#define TEST_NAME "botcheck"
#include "botutil.h"

#include "../../common/rng.h"

static const char *const kinds[] = {"random", "ab", "mcts"};

#define AB_INFO_MAX 64 /* info lines kept from one search */

static const char *text(const mana_game *g, mana_move m)
{
    static char buf[MANA_MOVE_TEXT_MAX + 1];
    if (mana_move_format(g, m, buf, sizeof buf) < 0)
        snprintf(buf, sizeof buf, "?%u", (unsigned)m);
    return buf;
}

/* Limits: depth, nodes, iterations, movetime; no clock. */
static mana_bot_limits lims(int depth, uint64_t nodes, uint64_t iterations, int64_t movetime_ms)
{
    mana_bot_limits l;
    mana_bot_limits_init(&l);
    l.depth = depth;
    l.nodes = nodes;
    l.iterations = iterations;
    l.movetime_ms = movetime_ms;
    return l;
}

/* A new bot of kind and seed; exits when it cannot be made. */
static mana_bot *new_bot(const char *kind, uint64_t seed)
{
    mana_bot *b = mana_bot_new(kind, seed);
    if (b == NULL) {
        fprintf(stderr, "botcheck: cannot make a %s bot: %s\n", kind, mana_bot_error_detail());
        exit(1);
    }
    return b;
}

/* Every bot, at every state of random games (setup included; both presets,
 * every `blocked` rule, both re-entry rules), returns a move that
 * mana_is_legal accepts. */
static void legal_everywhere(void)
{
    for (int k = 0; k < 3; k++) {
        mana_bot_limits lim = lims(2, 0, 150, 0); /* ab depth 2, mcts 150 playouts */
        int states = 0;
        for (int game = 0; game < 12; game++) {
            int preset = game % 2 ? MANA_RULES_COSMOLUDO : MANA_RULES_JACTALEA;
            mana_game *g = mana_new(preset);
            mana_set_option(g, MANA_OPT_BLOCKED, game % 3); /* pass, draw, loss */
            mana_set_option(g, MANA_OPT_REENTRY, game / 4 % 2);
            mana_set_option(g, MANA_OPT_REENTRY_WHEN_BLOCKED, game / 8 == 0);
            mana_bot *b = new_bot(kinds[k], (uint64_t)game);
            uint64_t rng = (uint64_t)game * 77 + 5;
            while (mana_status(g) == MANA_SETUP || mana_status(g) == MANA_PLAYING) {
                mana_bot_result res;
                int rc = mana_bot_choose(b, g, &lim, &res);
                mana_move m = res.move;
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
            mana_bot_result res;
            if (mana_status(g) > MANA_PLAYING)
                CHECK(mana_bot_choose(b, g, &lim, &res) == MANA_EOVER && res.move == MANA_MOVE_NONE,
                      "%s: a finished game has no move", kinds[k]);
            mana_bot_free(b);
            mana_free(g);
        }
        printf("botcheck: %s returned a legal move in %d states\n", kinds[k], states);
    }
}

/* Plays a whole game between two bots of one kind with fixed limits and
 * seeds; writes the moves to out and returns their number. */
static int whole_game(const char *kind, const mana_bot_limits *lim, uint64_t seed, mana_move *out, int cap)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_set_option(g, MANA_OPT_PLY_LIMIT, 60);
    mana_bot *b[2] = {new_bot(kind, seed), new_bot(kind, seed + 1)};
    int n = 0;
    while ((mana_status(g) == MANA_SETUP || mana_status(g) == MANA_PLAYING) && n < cap) {
        mana_bot_result res;
        if (mana_bot_choose(b[mana_side_to_move(g)], g, lim, &res) != MANA_OK || mana_play(g, res.move) != MANA_OK)
            break;
        out[n++] = res.move;
    }
    mana_bot_free(b[0]);
    mana_bot_free(b[1]);
    mana_free(g);
    return n;
}

static void deterministic(void)
{
    for (int k = 1; k < 3; k++) {
        mana_bot_limits lim = lims(3, 0, 300, 0);
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

/* The info callback that stops the search at its first report. */
static void stop_at_once(void *ctx, const mana_bot_info *info)
{
    (void)info;
    mana_bot_stop(ctx);
}

/* The limits: depth, nodes, iterations, and mana_bot_stop. */
static void limits(void)
{
    /* A middle-game position from perft.txt where neither side can force
     * the capture of a Damyo soon, so no search below ends early on a
     * forced result (the depth checks would notice if one did). */
    const char *mfn = "r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1";
    mana_game *g = at(mfn);
    mana_bot_result r;

    for (int depth = 1; depth <= 4; depth++) {
        mana_bot_limits lim = lims(depth, 0, 0, 0);
        mana_bot *b = new_bot("ab", 1);
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1, "ab depth %d", depth);
        CHECK(r.info.line.depth == depth, "ab with depth %d finished depth %d", depth, r.info.line.depth);
        mana_bot_free(b);
    }
    for (uint64_t nodes = 1; nodes <= 100000; nodes *= 10) {
        mana_bot_limits lim = lims(0, nodes, 0, 0);
        mana_bot *b = new_bot("ab", 1);
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1, "ab %llu nodes",
              (unsigned long long)nodes);
        CHECK(r.info.nodes <= nodes, "ab with a %llu-node limit visited %llu", (unsigned long long)nodes,
              (unsigned long long)r.info.nodes);
        mana_bot_free(b);
    }
    for (uint64_t it = 1; it <= 10000; it *= 10) {
        mana_bot_limits lim = lims(0, 0, it, 0);
        mana_bot *b = new_bot("mcts", 1);
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1, "mcts %llu",
              (unsigned long long)it);
        CHECK(r.info.iterations == it, "mcts with %llu playouts ran %llu", (unsigned long long)it,
              (unsigned long long)r.info.iterations);
        mana_bot_free(b);
    }
    {
        mana_bot_limits lim = lims(0, 5000, 0, 0); /* mcts: tree nodes */
        mana_bot *b = new_bot("mcts", 1);
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1, "mcts nodes");
        /* the check comes before each expansion, which adds at most
         * MANA_MAX_MOVES nodes */
        CHECK(r.info.nodes >= 5000 && r.info.nodes < 5000 + MANA_MAX_MOVES, "mcts node limit: %llu",
              (unsigned long long)r.info.nodes);
        mana_bot_free(b);
    }
    /* A node limit alone ends the search even when the tree stops growing:
     * under a ply limit of 1 every move of this position ends the game in
     * a draw, so the tree is the root and its children (one a legal move)
     * and can never reach 5000 nodes; the playouts stop at 5000. */
    {
        mana_game *drawn = at(mfn);
        mana_set_option(drawn, MANA_OPT_PLY_LIMIT, 1);
        mana_bot_limits lim = lims(0, 5000, 0, 0);
        mana_bot *b = new_bot("mcts", 1);
        CHECK(mana_bot_choose(b, drawn, &lim, &r) == MANA_OK && mana_is_legal(drawn, r.move) == 1,
              "mcts under a ply limit of 1");
        uint64_t tree = 1 + (uint64_t)mana_legal_moves(drawn, NULL, 0);
        CHECK(r.info.nodes == tree && r.info.iterations == 5000, "mcts on a %llu-node tree: %llu nodes, %llu playouts",
              (unsigned long long)tree, (unsigned long long)r.info.nodes, (unsigned long long)r.info.iterations);
        mana_bot_free(b);
        mana_free(drawn);
    }
    /* mana_bot_stop from the progress callback, at the first report (ab:
     * its depth-1 line, after a few dozen nodes; mcts: after 1000
     * playouts): the searches give up at their next check (ab at every
     * 256th node, so at node 256 at the latest; mcts every 8 playouts)
     * and still answer with a legal move.  Infinite: no other limit ends
     * them. */
    for (int k = 1; k < 3; k++) {
        mana_bot_limits lim = lims(0, 0, 0, 0);
        lim.infinite = 1;
        mana_bot *b = new_bot(kinds[k], 1);
        mana_bot_set_info(b, stop_at_once, b);
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1, "%s stopped", kinds[k]);
        CHECK(k == 1 ? r.info.nodes <= 256 : r.info.iterations <= 1008,
              "%s did not stop: depth %d, %llu nodes, %llu playouts", kinds[k], r.info.line.depth,
              (unsigned long long)r.info.nodes, (unsigned long long)r.info.iterations);
        /* a stop between searches does not touch the next one */
        mana_bot_set_info(b, NULL, NULL);
        mana_bot_stop(b);
        mana_bot_limits two = lims(2, 0, 2000, 0);
        CHECK(mana_bot_choose(b, g, &two, &r) == MANA_OK &&
                  (k == 1 ? r.info.line.depth == 2 : r.info.iterations == 2000),
              "%s: a stop before the search ended it: depth %d, %llu playouts", kinds[k], r.info.line.depth,
              (unsigned long long)r.info.iterations);
        mana_bot_free(b);
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
        mana_bot_limits lim = lims(1, 0, 50, 0);
        mana_bot *b = new_bot(kinds[k], 9);
        mana_bot_result r;
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.move == win, "%s chose %s, not b2xa2", kinds[k],
              text(g, r.move));
        if (k == 1)
            CHECK(r.info.line.mate == 1, "ab reports a win in %d plies, not 1", r.info.line.mate);
        else
            CHECK(r.info.line.win_rate == 1.0, "mcts reports a win rate of %g, not 1", r.info.line.win_rate);
        mana_bot_free(b);
    }
    mana_free(g);
}

/* The depth and seldepth of each info line of a search (-1: none). */
typedef struct info_log {
    int n, depth[AB_INFO_MAX], seldepth[AB_INFO_MAX];
} info_log;

static void log_info(void *ctx, const mana_bot_info *info)
{
    info_log *l = ctx;
    if (l->n >= AB_INFO_MAX)
        return;
    l->depth[l->n] = info->line.depth;
    l->seldepth[l->n] = info->line.seldepth;
    l->n++;
}

/* Checks that every report of log, and the result's line, give a
 * seldepth at least the depth of the line reported. */
static void check_seldepths(const info_log *log, const mana_bot_line *l, const char *what)
{
    CHECK(log->n > 0, "%s: no info line", what);
    for (int i = 0; i < log->n; i++)
        CHECK(log->seldepth[i] >= log->depth[i] && log->depth[i] >= 1, "%s: info line %d: depth %d, seldepth %d", what,
              i + 1, log->depth[i], log->seldepth[i]);
    CHECK(l->seldepth >= l->depth && l->depth >= 1, "%s: depth %d, seldepth %d", what, l->depth, l->seldepth);
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
    mana_bot_limits lim = lims(4, 0, 0, 0);
    mana_bot *b = new_bot("ab", 1);
    info_log log = {0};
    mana_bot_set_info(b, log_info, &log);
    mana_bot_result r;
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && (m = r.move) == win, "ab chose %s, not a1xb1", text(g, m));
    const mana_bot_line *l = &r.info.line;
    CHECK(l->mate == 1 && l->depth == 1 && l->seldepth == 1, "ab: mate %d depth %d seldepth %d, not 1 1 1", l->mate,
          l->depth, l->seldepth);
    CHECK(log.n == 1 && log.depth[0] == 1 && log.seldepth[0] == 1, "ab's info line: depth %d seldepth %d, not 1 1",
          log.depth[0], log.seldepth[0]);
    CHECK(l->pv_len == 1 && l->pv[0] == win && r.ponder == MANA_MOVE_NONE, "ab's line: %d moves, ponder %u", l->pv_len,
          (unsigned)r.ponder);
    mana_bot_free(b);
    mana_free(g);
}

/* A search that finds its positions in the hash table from the last one
 * still reports a seldepth at least its depth: the same position searched
 * again to depth 5 by one bot (the middle-game position of limits(), and
 * positions after each of its first moves). */
static void seldepth_after_hash_hits(void)
{
    mana_game *g = at("r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1");
    mana_bot_limits lim = lims(5, 0, 0, 0);
    mana_bot *b = new_bot("ab", 1);
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
    for (int i = -1; i < n && i < 6; i++) {
        if (i >= 0)
            mana_play(g, mv[i]);
        for (int again = 0; again < 2; again++) {
            info_log log = {0};
            mana_bot_result r;
            char what[64];
            mana_bot_set_info(b, log_info, &log);
            CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK, "ab after move %d", i);
            snprintf(what, sizeof what, "after root move %d, search %d", i, again + 1);
            check_seldepths(&log, &r.info.line, what);
        }
        if (i >= 0)
            mana_undo(g);
    }
    mana_bot_free(b);
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
        mana_bot_limits lim = lims(3, 0, 0, 0);
        mana_bot *b = new_bot("ab", seed);
        mana_bot_result r;
        CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.move == win, "ab (seed %llu) chose %s, not d4xc3",
              (unsigned long long)seed, text(g, r.move));
        CHECK(r.info.line.mate == 3, "ab reports a win in %d plies, not 3", r.info.line.mate);
        /* the line: d4xc3, one of the two Damyo moves and its capture
         * (seen at the horizon, not stored as a hash move: the line of a
         * mate is completed up to it); the reply to ponder on is the
         * line's second move */
        c = mana_clone(g);
        mana_play(c, win);
        CHECK(r.info.line.pv_len == 3 && r.info.line.pv[0] == win && r.ponder == r.info.line.pv[1] &&
                  MANA_MOVE_FROM(r.ponder) == 0 && mana_is_legal(c, r.ponder) == 1,
              "ab's line: %d moves, ponder %s", r.info.line.pv_len, text(c, r.ponder));
        if (r.info.line.pv_len == 3 && mana_play(c, r.ponder) == MANA_OK)
            CHECK(mana_play(c, r.info.line.pv[2]) == MANA_OK && mana_status(c) == MANA_WHITE_WON,
                  "ab's line does not end in the capture of Black's Damyo");
        mana_free(c);
        mana_bot_free(b);
    }
    mana_bot_limits shallow = lims(1, 0, 0, 0);
    mana_bot *b = new_bot("ab", 1);
    mana_bot_result r;
    CHECK(mana_bot_choose(b, g, &shallow, &r) == MANA_OK, "ab depth 1");
    CHECK(r.info.line.mate == 0, "depth 1 cannot prove the win, yet reports %d", r.info.line.mate);
    mana_bot_free(b);
    mana_free(g);
}

/* Runs mcts with iterations playouts and seed on g; returns its move and
 * fills *r. */
static mana_move mcts_move(const mana_game *g, uint64_t iterations, uint64_t seed, mana_bot_result *r)
{
    mana_bot_limits lim = lims(0, 0, iterations, 0);
    mana_bot *b = new_bot("mcts", seed);
    CHECK(mana_bot_choose(b, g, &lim, r) == MANA_OK && mana_is_legal(g, r->move) == 1,
          "mcts (seed %llu) gave no legal move", (unsigned long long)seed);
    mana_bot_free(b);
    return r->move;
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
 * is expanded, so the root is proven and no playout is run: mate -2.
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
    mana_bot_result st;
    mana_game *g = at("6/6/3R2/2r3/1R4/d3D1 w 2 0");
    mana_move win;
    mana_move_parse(g, "d4xc3", &win);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        mana_move m = mcts_move(g, 30, seed, &st);
        /* proven by the root's mate search at 2 plies after d4xc3: mate 3 */
        CHECK(m == win && st.info.line.win_rate == 1.0 && st.info.iterations == 0 && st.info.line.mate == 3 &&
                  st.info.line.score_cp == 30000 - 3,
              "mcts (seed %llu): %s, win rate %g (cp %d, mate %d) after %llu playouts, not d4xc3 proven",
              (unsigned long long)seed, text(g, m), st.info.line.win_rate, st.info.line.score_cp, st.info.line.mate,
              (unsigned long long)st.info.iterations);
    }
    mana_play(g, win);
    mana_move m = mcts_move(g, 30, 1, &st);
    /* a loss in 2 plies (a Damyo move, the capture), said as ab says it */
    CHECK(st.info.line.win_rate == 0.0 && st.info.iterations == 0 && st.info.line.mate == -2 &&
              st.info.line.score_cp == -(30000 - 2) && st.info.line.pv_len == 2,
          "the lost position: win rate %g after %llu playouts, mate %d, score_cp %d, %d plies", st.info.line.win_rate,
          (unsigned long long)st.info.iterations, st.info.line.mate, st.info.line.score_cp, st.info.line.pv_len);
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
    CHECK(m == mv[0] && st.info.line.win_rate == 1.0, "mcts with 400 playouts: %s, win rate %g, not e1-d1 proven",
          text(g, m), st.info.line.win_rate);
    mana_bot_limits lim = lims(5, 0, 0, 0);
    mana_bot *b = new_bot("ab", 1);
    CHECK(mana_bot_choose(b, g, &lim, &st) == MANA_OK && st.move == mv[0], "ab chose %s, not e1-d1", text(g, st.move));
    CHECK(st.info.line.mate == 5, "ab reports a win in %d plies, not 5", st.info.line.mate);
    mana_bot_free(b);
    mana_free(g);
}

/* Clock limits: left and increment for both sides, movestogo. */
static mana_bot_limits clock_limits(int64_t left, int64_t inc, int movestogo)
{
    mana_bot_limits l = lims(0, 0, 0, 0);
    l.time_ms[MANA_WHITE] = l.time_ms[MANA_BLACK] = left;
    l.inc_ms[MANA_WHITE] = l.inc_ms[MANA_BLACK] = inc;
    l.movestogo = movestogo;
    return l;
}

/*
 * The time manager, mana_bot_time_budget, on clocks worked out by hand
 * (margin = min(50 + left/20, 1000); usable = left - margin, at least
 * left/4; soft = usable/N + 3 inc/4, N = movestogo or 30, at most usable;
 * hard = min(3 soft, usable); both at least 1, hard at least soft):
 *   60000 + 500:  margin 1000, usable 59000, soft 1966 + 375 = 2341,
 *                 hard 7023 (docs/engine-protocol.md's session);
 *   10000, 5 to go: margin 550, usable 9450, soft 1890, hard 5670;
 *   100:          margin 55, usable 45, soft 1, hard 3;
 *   40:           margin 52, usable -12 so 10 (a quarter), soft 0 so 1,
 *                 hard 0 so 1;
 *   1000 + 5000:  margin 100, usable 900, soft 30 + 3750 cut to 900,
 *                 hard 900;
 *   60000 + (2^63-1)/2: soft 1966 + about 3.5e18 cut to 59000, hard 59000
 *                 (3 inc overflowed int64 and gave 1: fuzz_bot);
 *   2^63-1 + 2^63-1: margin 1000, usable 2^63-1001, soft usable/30 +
 *                 3 inc/4 = 307445734561825826 + 6917529027641081855 =
 *                 7224974762202907681, hard 3 soft cut to usable.
 */
static void time_budget(void)
{
    static const struct {
        int64_t left, inc;
        int togo;
        int64_t soft, hard;
    } cases[] = {{60000, 500, 0, 2341, 7023},
                 {10000, 0, 5, 1890, 5670},
                 {100, 0, 0, 1, 3},
                 {40, 0, 0, 1, 1},
                 {1000, 5000, 0, 900, 900},
                 {60000, INT64_MAX / 2, 0, 59000, 59000},
                 {INT64_MAX, INT64_MAX, 0, 7224974762202907681, INT64_MAX - 1000}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mana_bot_limits l = clock_limits(cases[i].left, cases[i].inc, cases[i].togo);
        int64_t soft = 0, hard = 0;
        CHECK(mana_bot_time_budget(&l, MANA_BLACK, &soft, &hard) == MANA_OK && soft == cases[i].soft &&
                  hard == cases[i].hard,
              "clock %lld + %lld: soft %lld hard %lld, not %lld %lld", (long long)cases[i].left,
              (long long)cases[i].inc, (long long)soft, (long long)hard, (long long)cases[i].soft,
              (long long)cases[i].hard);
    }
    mana_bot_limits l = clock_limits(60000, 0, 0);
    int64_t soft, hard;
    l.time_ms[MANA_WHITE] = -1;
    CHECK(mana_bot_time_budget(&l, MANA_WHITE, &soft, &hard) == MANA_EINVAL, "White's clock is off");
    CHECK(mana_bot_time_budget(&l, 2, &soft, &hard) == MANA_EINVAL, "side 2");
    CHECK(mana_bot_time_budget(NULL, MANA_BLACK, &soft, &hard) == MANA_EINVAL, "NULL limits");
    l.inc_ms[MANA_BLACK] = -5;
    CHECK(mana_bot_time_budget(&l, MANA_BLACK, &soft, &hard) == MANA_EINVAL, "a negative increment");
}

/*
 * mana_bot_budget: the budget a search planned with, computed once when
 * it began: none before the first search; 60000 + 500 on the side to
 * move's clock gives 2341 soft and 7023 hard (time_budget's first case);
 * a search without a clock has none; NULL is refused.  The random bot
 * plans as the others do and answers at once.
 */
static void search_budget(void)
{
    mana_bot *b = new_bot("random", 5);
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_bot_result res;
    int64_t soft = 0, hard = 0;
    CHECK(g != NULL && mana_set_position(g, "6/6/6/2R3/dR4/4D1 w 2 0") == MANA_OK, "the position");
    CHECK(mana_bot_budget(b, &soft, &hard) == MANA_EINVAL && strstr(mana_bot_error_detail(), "no search yet"),
          "no budget before the first search: '%s'", mana_bot_error_detail());
    mana_bot_limits l = clock_limits(60000, 500, 0);
    CHECK(mana_bot_choose(b, g, &l, &res) == MANA_OK && mana_bot_budget(b, &soft, &hard) == MANA_OK && soft == 2341 &&
              hard == 7023,
          "the clock's budget: soft %lld hard %lld", (long long)soft, (long long)hard);
    l = lims(0, 0, 0, 50);
    CHECK(mana_bot_choose(b, g, &l, &res) == MANA_OK && mana_bot_budget(b, &soft, &hard) == MANA_EINVAL &&
              strstr(mana_bot_error_detail(), "no clock"),
          "movetime alone: no budget ('%s')", mana_bot_error_detail());
    CHECK(mana_bot_budget(NULL, &soft, &hard) == MANA_EINVAL && mana_bot_budget(b, NULL, &hard) == MANA_EINVAL,
          "NULL refused");
    mana_free(g);
    mana_bot_free(b);
}

/* Options, names, errors and descriptions. */
static void options_and_errors(void)
{
    CHECK(mana_bot_new("alphabeta", 1) == NULL && strstr(mana_bot_error_detail(), MANA_BOT_KINDS) != NULL,
          "an unknown kind: '%s'", mana_bot_error_detail());
    CHECK(mana_bot_new(NULL, 1) == NULL, "a NULL kind");
    mana_bot *b = new_bot("ab", 77);
    char buf[64];
    CHECK(strcmp(mana_bot_kind(b), "ab") == 0 && strcmp(mana_bot_kind(NULL), "") == 0, "kinds");
    CHECK(mana_bot_get_option(b, "seed", buf, sizeof buf) == 2 && strcmp(buf, "77") == 0, "Seed: %s", buf);
    CHECK(mana_bot_get_option(b, "Hash", buf, sizeof buf) > 0 && strcmp(buf, "16") == 0, "Hash: %s", buf);
    CHECK(mana_bot_set_option(b, "HASH", "1") == MANA_OK && mana_bot_get_option(b, "Hash", buf, sizeof buf) == 1 &&
              strcmp(buf, "1") == 0,
          "Hash 1: %s", buf);
    CHECK(mana_bot_set_option(b, "Hash", "0") == MANA_EINVAL && strstr(mana_bot_error_detail(), "1..65536") != NULL,
          "Hash 0: '%s'", mana_bot_error_detail());
    CHECK(mana_bot_set_option(b, "Threads", "257") == MANA_EINVAL, "Threads 257");
    CHECK(mana_bot_set_option(b, "Threads", "2") == MANA_OK &&
              mana_bot_get_option(b, "threads", buf, sizeof buf) == 1 && strcmp(buf, "2") == 0,
          "Threads 2 kept");
    CHECK(mana_bot_set_option(b, "MultiPV", "-1") == MANA_EINVAL &&
              mana_bot_set_option(b, "MultiPV", "2x") == MANA_EINVAL,
          "MultiPV bad values");
    CHECK(mana_bot_set_option(b, "Ponder", "1") == MANA_EINVAL && strstr(mana_bot_error_detail(), "Ponder") != NULL,
          "an unknown option: '%s'", mana_bot_error_detail());
    CHECK(mana_bot_set_option(b, "Seed", "18446744073709551615") == MANA_OK &&
              mana_bot_set_option(b, "Seed", "18446744073709551616") == MANA_EINVAL,
          "Seed's range is 64 bits");
    CHECK(mana_bot_get_option(b, "Eval", buf, sizeof buf) == 1 && strcmp(buf, "1") == 0, "Eval's default: %s", buf);
    CHECK(mana_bot_set_option(b, "eval", "Learned") == MANA_OK &&
              mana_bot_get_option(b, "Eval", buf, sizeof buf) == 1 && strcmp(buf, "1") == 0,
          "Eval learned kept: %s", buf);
    CHECK(mana_bot_set_option(b, "Eval", "linear") == MANA_OK && mana_bot_get_option(b, "Eval", buf, sizeof buf) == 1 &&
              strcmp(buf, "0") == 0 && mana_bot_set_option(b, "Eval", "1") == MANA_OK &&
              mana_bot_set_option(b, "Eval", "0") == MANA_OK,
          "Eval linear, 1 and 0");
    CHECK(mana_bot_set_option(b, "Eval", "2") == MANA_EINVAL && mana_bot_set_option(b, "Eval", "lin") == MANA_EINVAL &&
              strstr(mana_bot_error_detail(), "expected linear, learned, 0 or 1") != NULL,
          "Eval bad values: '%s'", mana_bot_error_detail());
    CHECK(mana_bot_option_count() == 5, "%d options", mana_bot_option_count());
    const char *name = NULL;
    uint64_t def, lo, hi;
    CHECK(mana_bot_option_info(1, &name, &def, &lo, &hi) == MANA_OK && strcmp(name, "Hash") == 0 && def == 16 &&
              lo == 1 && hi == 65536,
          "option 1: %s", name ? name : "?");
    CHECK(mana_bot_option_info(4, &name, &def, &lo, &hi) == MANA_OK && strcmp(name, "Eval") == 0 && def == 1 &&
              lo == 0 && hi == 1,
          "option 4: %s", name ? name : "?");
    CHECK(mana_bot_option_info(5, &name, NULL, NULL, NULL) == MANA_EINVAL, "option 5");
    CHECK(mana_bot_describe(b, NULL, buf, sizeof buf) > 0 && strcmp(buf, "ab (100000 nodes)") == 0, "describe: %s",
          buf);
    mana_bot_limits l = lims(4, 0, 0, 30);
    CHECK(mana_bot_describe(b, &l, buf, sizeof buf) > 0 && strcmp(buf, "ab (depth 4, 30 ms)") == 0, "describe: %s",
          buf);
    l.depth = -1;
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_bot_result r;
    CHECK(mana_bot_choose(b, g, &l, &r) == MANA_EINVAL && r.move == MANA_MOVE_NONE, "a negative depth is refused");
    CHECK(mana_bot_choose(b, NULL, NULL, &r) == MANA_EINVAL, "a NULL game");
    mana_bot_free(b);
    b = new_bot("mcts", 1);
    CHECK(mana_bot_describe(b, NULL, buf, sizeof buf) > 0 && strcmp(buf, "mcts (3000 playouts)") == 0, "describe: %s",
          buf);
    mana_bot_free(b);
    /* the line as text: d4xc3 a1-a2 b2xa2 from the capture in 3 */
    mana_free(g);
    g = at("6/6/3R2/2r3/1R4/d3D1 w 2 0");
    mana_move pv[3];
    mana_game *w = mana_clone(g);
    const char *const line[3] = {"d4xc3", "a1-a2", "b2xa2"};
    for (int i = 0; i < 3; i++)
        CHECK(mana_move_parse(w, line[i], &pv[i]) == MANA_OK && mana_play(w, pv[i]) == MANA_OK, "%s", line[i]);
    mana_free(w);
    CHECK(mana_bot_pv_format(g, pv, 3, buf, sizeof buf) == 17 && strcmp(buf, "d4xc3 a1-a2 b2xa2") == 0, "pv: %s", buf);
    CHECK(mana_bot_pv_format(g, pv, 3, NULL, 0) == 17, "pv length");
    CHECK(mana_bot_pv_format(g, pv + 1, 2, buf, sizeof buf) == MANA_EILLEGAL, "a line not legal in turn");
    mana_free(g);
}

/* A search in another thread, stopped from this one. */
typedef struct search_job {
    mana_bot *b;
    const mana_game *g;
    mana_bot_limits lim;
    mana_bot_result r;
    int rc;
    atomic_int done;
} search_job;

static void *search_thread(void *arg)
{
    search_job *j = arg;
    j->rc = mana_bot_choose(j->b, j->g, &j->lim, &j->r);
    atomic_store(&j->done, 1);
    return NULL;
}

/* An infinite search (ab, mcts) ends when stopped from another thread,
 * with a legal move: mana_bot_stop is sent until the search has returned
 * (a stop before it began is lost, as documented). */
static void stop_from_another_thread(void)
{
    mana_game *g = at("r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1");
    for (int k = 1; k < 3; k++) {
        search_job j = {new_bot(kinds[k], 1), g, lims(0, 0, 0, 0), {0}, 0, 0};
        j.lim.infinite = 1;
        pthread_t t;
        CHECK(pthread_create(&t, NULL, search_thread, &j) == 0, "thread");
        while (!atomic_load(&j.done)) {
            mana_bot_stop(j.b);
            struct timespec nap = {0, 2000000};
            nanosleep(&nap, NULL);
        }
        pthread_join(t, NULL);
        CHECK(j.rc == MANA_OK && mana_is_legal(g, j.r.move) == 1, "%s stopped from another thread: rc %d", kinds[k],
              j.rc);
        mana_bot_free(j.b);
    }
    mana_free(g);
}

/* A rule option's two values for the test below and the position it is
 * searched from (an MFN, or the start of setup when NULL). */
static const struct rule_case {
    int opt, a, b;
    const char *mfn;
    int depth;
} rule_cases[] = {
    /* The case: Reentry any, then mana-mark.  White has three
     * Ronins in reserve: under mana-mark they may re-enter only on a
     * square of the Mana's count, so the two rules give different moves
     * (f2-f5 and d1-e2 at depth 5). */
    {MANA_OPT_REENTRY, 0, 1, "3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2 w 1 3", 5},
    {MANA_OPT_REENTRY_WHEN_BLOCKED, 1, 0, "3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2 w 1 3", 5},
    {MANA_OPT_DAMYO_ON_DOUBLE, 0, 1, "3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2 w 1 3", 5},
    {MANA_OPT_BLOCKED, 0, 2, "3rd1/1r1r2/2r1r1/4R1/3D1R/2RR2 w 1 3", 5},
    {MANA_OPT_REPETITION, 0, 2, "r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1", 5},
    {MANA_OPT_PLY_LIMIT, 0, 3, "r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1", 5},
    {MANA_OPT_ORIENTATION, -1, 2, NULL, 3},
    {MANA_OPT_SETUP_AREA, 0, 1, NULL, 3},
};

/* The game of case c under value v of its option (-1: the default). */
static mana_game *rule_game(const struct rule_case *c, int v)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g == NULL || (v >= 0 && mana_set_option(g, c->opt, v) != MANA_OK) ||
        (c->mfn != NULL && mana_set_position(g, c->mfn) != MANA_OK)) {
        fprintf(stderr, "botcheck: %s %d: %s\n", mana_option_name(c->opt), v, mana_error_detail());
        exit(1);
    }
    return g;
}

/* Search state is bound to the rules: for every rule option, ab searches
 * the position under value A, then under value B, and answers as a fresh
 * bot of the same seed under B does: the same move, score, nodes and
 * line (a table kept from A would change the nodes, and in the Reentry
 * case the move).  mcts and random keep nothing between searches but the
 * generator, which the rule change reseeds too. */
static void rules_bind_state(void)
{
    int moved = 0;
    for (size_t i = 0; i < sizeof rule_cases / sizeof rule_cases[0]; i++) {
        const struct rule_case *c = &rule_cases[i];
        for (int k = 0; k < 3; k++) {
            mana_game *ga = rule_game(c, c->a), *gb = rule_game(c, c->b);
            mana_bot_limits lim = lims(c->depth, 0, 300, 0);
            mana_bot *used = new_bot(kinds[k], 5), *fresh = new_bot(kinds[k], 5);
            mana_bot_result ra, rb, rf;
            CHECK(mana_bot_choose(used, ga, &lim, &ra) == MANA_OK, "%s under A", mana_option_name(c->opt));
            CHECK(mana_bot_choose(used, gb, &lim, &rb) == MANA_OK && mana_bot_choose(fresh, gb, &lim, &rf) == MANA_OK,
                  "%s under B", mana_option_name(c->opt));
            CHECK(rb.move == rf.move && rb.info.nodes == rf.info.nodes &&
                      rb.info.line.score_cp == rf.info.line.score_cp && rb.info.line.pv_len == rf.info.line.pv_len &&
                      memcmp(rb.info.line.pv, rf.info.line.pv, (size_t)rf.info.line.pv_len * sizeof(mana_move)) == 0,
                  "%s %s: after a search under %d, under %d: %s, %llu nodes; a fresh bot: %s, %llu nodes", kinds[k],
                  mana_option_name(c->opt), c->a, c->b, text(gb, rb.move), (unsigned long long)rb.info.nodes,
                  text(gb, rf.move), (unsigned long long)rf.info.nodes);
            moved += k == 1 && ra.move != rb.move;
            mana_bot_free(used);
            mana_bot_free(fresh);
            mana_free(ga);
            mana_free(gb);
        }
    }
    /* the Reentry case answers f2-f5 under any, d1-e2 under mana-mark
     * (with the linear evaluation: the learned one plays f2-f5 under both) */
    mana_game *ga = rule_game(&rule_cases[0], 0), *gb = rule_game(&rule_cases[0], 1);
    mana_bot *b = new_bot("ab", 1);
    mana_bot_set_option(b, "Eval", "linear");
    mana_bot_limits lim = lims(5, 0, 0, 0);
    mana_bot_result ra, rb;
    char ta[16], tb[16];
    mana_bot_choose(b, ga, &lim, &ra);
    mana_bot_choose(b, gb, &lim, &rb);
    mana_move_format(ga, ra.move, ta, sizeof ta);
    mana_move_format(gb, rb.move, tb, sizeof tb);
    CHECK(strcmp(ta, "f2-f5") == 0 && strcmp(tb, "d1-e2") == 0, "Reentry any then mana-mark: %s then %s", ta, tb);
    CHECK(moved >= 1, "no option changed ab's move");
    mana_bot_free(b);
    mana_free(ga);
    mana_free(gb);
}

int main(void)
{
    time_budget();
    search_budget();
    options_and_errors();
    rules_bind_state();
    stop_from_another_thread();
    capture_in_one();
    damyo_takes_damyo();
    seldepth_after_hash_hits();
    capture_in_three();
    mcts_proofs();
    limits();
    deterministic();
    legal_everywhere();
    return summary();
}
