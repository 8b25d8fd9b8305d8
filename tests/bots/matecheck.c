/* SPDX-License-Identifier: MIT */
/*
 * matecheck - the bots' exact mate search (bots/mate.c, mate_dfpn.c)
 * against positions the solver labelled (tests/data/tactics.txt, its line
 * numbers below; tools/strength/solve proves each label), and the bots'
 * use of it under a time limit, through the public API.  Linked with the
 * bots' objects: it calls their internals.  Run by `make check`
 * (check-cli).
 *
 *   - wins in 9, 11 and 13 plies: bot_mate_root answers exactly the least
 *     number of plies, with one of the moves the solver found good (the
 *     plain search up to 11 plies, df-pn at 13); with 2 plies fewer it
 *     proves nothing; df-pn alone finds the same wins in 9 and 11
 *   - its line is legal, at most the plies long and ends with the capture
 *     of the Damyo (both searches' lines)
 *   - positions without a win within 13 plies (the saves): no win within
 *     9 by either search, the search not cut short
 *   - a budget too small gives no answer, never a wrong one
 *   - ab and mcts under `movetime`: the win in 13 of line 212 (one good
 *     move, f5-e5) is played, reported as mate 13 at depth 13 (by the mate
 *     search, which runs once a quarter of the time is spent on a position
 *     judged good, or by ab's own); under a depth limit the mate search
 *     does not run (no report deeper than the limit)
 * Exit status 0 if every check held.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"
#include "mana_bot.h"

#define TEST_NAME "matecheck"
#include "botutil.h"

#define BUDGET UINT64_C(200000000) /* moves: far beyond any position here */

typedef struct labelled {
    int line;         /* of tests/data/tactics.txt */
    const char *mfn;  /* the position */
    int plies;        /* the least plies of the forced win */
    const char *good; /* the moves that keep it, space separated */
} labelled;

static const labelled wins[] = {
    {13, "3R1d/2r3/DR3R/R2rR1/r1r3/6 w 3 1", 9, "e3-e6 f4-e6 d6-e6"},
    {14, "1d2r1/3R2/1R1r2/6/3RR1/1rR1D1 b 1 1", 9, "e6-e5 e6-f6"},
    {15, "1r1r1r/5d/6/rR4/R1Rr2/1RD2R w 2 0", 9, "c1-e1"},
    {123, "2d3/1r4/2r3/D3RR/1RrR2/1r1R2 b 3 3", 11, "b1-a1 b5-a5 c6-d6"},
    {127, "d2rr1/r1r2r/6/6/D1RRR1/2R1R1 b - 3", 11, "a5-a3"},
    {188, "r3d1/2r3/1rrr1R/3R2/6/DR1R1R b 2 2", 11, "b4-b3"},
    {212, "1r2d1/R1r2R/3rr1/3R2/1rR3/D3R1 w 3 3", 13, "f5-e5"},
    {250, "rRd2r/1r4/1Rr3/2R2r/6/RRD3 b 2 2", 13, "c6-d5"},
    {278, "1R1rd1/5r/1r1r2/2RRrR/R5/3D2 w 2 2", 13, "d3-e2"},
};

/* no win within 13 plies for the side to move */
static const char *const saves[] = {
    "r1r2r/d2r2/6/1r4/1R1RR1/1DR1R1 w 1 3", /* line 311 */
    "1r2R1/Rrdr2/2R3/3r2/5R/DR4 b 1 3",     /* line 312 */
    "3rr1/r1d1r1/R5/3R1R/3R2/2D2R b 2 1",   /* line 313 */
};

/* 1 if move m of g is one of the space-separated moves of list. */
static int among(const mana_game *g, mana_move m, const char *list)
{
    char text[MANA_MOVE_TEXT_MAX + 1], buf[256];
    if (mana_move_format(g, m, text, sizeof text) < 0)
        return 0;
    snprintf(buf, sizeof buf, " %s ", list);
    char want[MANA_MOVE_TEXT_MAX + 3];
    snprintf(want, sizeof want, " %s ", text);
    return strstr(buf, want) != NULL;
}

/* 1 if line[0..n-1] is legal from g, at most plies long and ends with the
 * side to move of g having won. */
static int wins_the_game(const mana_game *g, const mana_move *line, int n, int plies)
{
    mana_game *c = mana_clone(g);
    int side = mana_side_to_move(g), ok = c != NULL && n >= 1 && n <= plies;
    for (int i = 0; ok && i < n; i++)
        ok = mana_play(c, line[i]) == MANA_OK;
    ok = ok && mana_status(c) == bot_mate_won_status(side);
    mana_free(c);
    return ok;
}

static int root_moves(const mana_game *g, mana_move *mv)
{
    return mana_legal_moves(g, mv, MANA_MAX_MOVES);
}

/* The exact answers, the nearest win, both searches' lines. */
static void exact_wins(bot *b)
{
    for (size_t i = 0; i < sizeof wins / sizeof *wins; i++) {
        const labelled *p = &wins[i];
        mana_game *g = at(p->mfn);
        mana_move mv[MANA_MAX_MOVES], best = MANA_MOVE_NONE, line[MANA_BOT_PV_MAX];
        int n = root_moves(g, mv);
        bot_mate s;
        CHECK(bot_mate_begin(&s, b, 0) == 0, "begin");
        s.budget = BUDGET;
        int plies = bot_mate_root(&s, g, mv, n, 13, &best);
        CHECK(plies == p->plies && among(g, best, p->good), "line %d: %d plies (solver: %d)", p->line, plies, p->plies);
        CHECK(s.by_dfpn == (p->plies > 11), "line %d: by df-pn %d", p->line, s.by_dfpn);
        int len = bot_mate_line(&s, g, best, plies, line, MANA_BOT_PV_MAX);
        CHECK(wins_the_game(g, line, len, p->plies), "line %d: a line of %d moves does not win", p->line, len);
        CHECK(bot_mate_begin(&s, b, 0) == 0, "begin");
        s.budget = BUDGET;
        CHECK(bot_mate_root(&s, g, mv, n, p->plies - 2, &best) == 0 && !s.aborted, "line %d: a win in %d", p->line,
              p->plies - 2);
        if (p->plies <= 11) { /* df-pn alone, from 3 plies */
            CHECK(bot_mate_begin(&s, b, 0) == 0, "begin");
            s.budget = BUDGET;
            s.by_dfpn = 1;
            plies = bot_dfpn_root(&s, g, mv, n, 3, 13, &best);
            CHECK(plies == p->plies && among(g, best, p->good), "line %d: df-pn: %d plies", p->line, plies);
            len = bot_mate_line(&s, g, best, plies, line, MANA_BOT_PV_MAX);
            CHECK(wins_the_game(g, line, len, p->plies), "line %d: df-pn's line of %d moves", p->line, len);
        }
        mana_free(g);
    }
}

/* No win where the solver proved none; a small budget proves nothing. */
static void no_false_wins(bot *b)
{
    for (size_t i = 0; i < sizeof saves / sizeof *saves; i++) {
        mana_game *g = at(saves[i]);
        mana_move mv[MANA_MAX_MOVES], best;
        int n = root_moves(g, mv);
        bot_mate s;
        CHECK(bot_mate_begin(&s, b, 0) == 0, "begin");
        s.budget = BUDGET;
        CHECK(bot_mate_root(&s, g, mv, n, 9, &best) == 0 && !s.aborted, "%s: a win", saves[i]);
        CHECK(bot_mate_begin(&s, b, 0) == 0, "begin");
        s.budget = BUDGET;
        CHECK(bot_dfpn_root(&s, g, mv, n, 3, 9, &best) == 0 && !s.aborted, "%s: df-pn: a win", saves[i]);
        mana_free(g);
    }
    mana_game *g = at(wins[6].mfn);
    mana_move mv[MANA_MAX_MOVES], best;
    int n = root_moves(g, mv);
    bot_mate s;
    CHECK(bot_mate_begin(&s, b, 0) == 0, "begin");
    s.budget = 1000;
    CHECK(bot_mate_root(&s, g, mv, n, 13, &best) == 0 && s.aborted && s.nodes <= 1000 + 1, "a budget of 1,000");
    mana_free(g);
}

typedef struct seen {
    int deepest, mate;
} seen;

static void note(void *ctx, const mana_bot_info *info)
{
    seen *s = ctx;
    if (info->line.depth > s->deepest)
        s->deepest = info->line.depth;
    if (info->line.mate != 0)
        s->mate = info->line.mate;
}

/* ab and mcts play line 212's only good move under a move time (the mate
 * search starts at 5 s with 8 s for a proof of about 0.1 s); under a depth
 * limit nothing deeper than the limit is reported. */
static void bots_use_it(void)
{
    const char *kinds[] = {"ab", "mcts"};
    for (int k = 0; k < 2; k++) {
        mana_game *g = at(wins[6].mfn);
        mana_bot *b = mana_bot_new(kinds[k], 1);
        seen log = {0, 0};
        mana_bot_set_info(b, note, &log);
        mana_bot_limits lim;
        mana_bot_limits_init(&lim);
        lim.movetime_ms = 20000;
        mana_bot_result r;
        CHECK(b != NULL && mana_bot_choose(b, g, &lim, &r) == MANA_OK && among(g, r.move, wins[6].good), "%s",
              kinds[k]);
        CHECK(log.mate == 13 && r.info.line.mate == 13 && r.info.line.depth == 13, "%s: mate %d depth %d", kinds[k],
              r.info.line.mate, r.info.line.depth);
        if (k == 0) {
            mana_bot_limits_init(&lim);
            lim.depth = 6;
            log.deepest = log.mate = 0;
            CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && log.deepest <= 6, "ab depth 6: depth %d reported",
                  log.deepest);
        }
        mana_bot_free(b);
        mana_free(g);
    }
}

int main(void)
{
    mana_bot *b = mana_bot_new("ab", 1);
    if (b == NULL) {
        fprintf(stderr, "matecheck: %s\n", mana_bot_error_detail());
        return 1;
    }
    exact_wins(b);
    no_false_wins(b);
    mana_bot_free(b);
    bots_use_it();
    return summary();
}
