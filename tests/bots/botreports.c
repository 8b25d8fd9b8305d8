/* SPDX-License-Identifier: MIT */
/*
 * botreports.c - what the bots report is true, the same way for every bot
 * (include/mana_bot.h, "Conventions"):
 *   - a forced result is a mate: its plies with their sign from the side
 *     to move (> 0 it takes the enemy Damyo, < 0 it loses its own), and
 *     score_cp +-(30000 - plies), for ab and mcts alike, one thread or two;
 *   - a mate's line is the whole line, |mate| plies legal in turn, ending
 *     in the capture of the Damyo, in every progress report and in the
 *     result;
 *   - a setup search reports an estimate: never a mate, never a score at
 *     or beyond +-2000 (mcts's certainty, ab's cap), whose choice no bot
 *     can prove in setup.
 * Linked with libmana-bots.a; uses only the public API.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mana_bot.h>

#define TEST_NAME "botreports"
#include "botutil.h"

/* The reports of one search, as the callback saw them. */
typedef struct report_log {
    int n;
    mana_bot_line line[256];
} report_log;

static void log_line(void *ctx, const mana_bot_info *info)
{
    report_log *r = ctx;
    if (r->n < 256)
        r->line[r->n++] = info->line;
}

static mana_bot *new_bot(const char *kind, const char *threads)
{
    mana_bot *b = mana_bot_new(kind, 1);
    if (b == NULL || mana_bot_set_option(b, "Threads", threads) != MANA_OK) {
        fprintf(stderr, "botreports: cannot make a %s bot on %s threads: %s\n", kind, threads, mana_bot_error_detail());
        exit(1);
    }
    return b;
}

/* The status the line l of position g ends in, or -1 when a move of it is
 * illegal in turn; the line's text in *text. */
static int line_end(const mana_game *g, const mana_bot_line *l, char *text, size_t size)
{
    if (mana_bot_pv_format(g, l->pv, l->pv_len, text, size) < 0)
        return -1;
    mana_game *w = mana_clone(g);
    int st = -1;
    for (int i = 0; w != NULL && i < l->pv_len; i++)
        if (mana_status(w) != MANA_PLAYING || mana_play(w, l->pv[i]) != MANA_OK)
            goto done;
    st = w != NULL ? mana_status(w) : -1;
done:
    mana_free(w);
    return st;
}

/* Checks line l of a search of g that is a mate: plies its mate, the
 * score to match, and its line of |mate| plies ending in the capture of
 * the Damyo of the side that loses. */
static void check_mate_line(const mana_game *g, const mana_bot_line *l, int plies, const char *who)
{
    char text[1024];
    int mover = mana_side_to_move(g), n = plies < 0 ? -plies : plies;
    int winner = plies > 0 ? mover : !mover;
    int st = line_end(g, l, text, sizeof text);
    CHECK(l->mate == plies && l->score_cp == (plies > 0 ? 30000 - n : -(30000 - n)),
          "%s: mate %d, score_cp %d, not mate %d", who, l->mate, l->score_cp, plies);
    CHECK(l->pv_len == n && st == (winner == MANA_WHITE ? MANA_WHITE_WON : MANA_BLACK_WON),
          "%s: mate %d with the line '%s' (%d plies, ending in status %d), not %d plies ending in the capture", who,
          plies, text, l->pv_len, st, n);
}

/*
 * Case: "6/6/3R2/2r3/1R4/d3D1 w 2 0".  White: Ronins d4 (2 marks), b2 (1
 * mark), Damyo e1; Black: Damyo a1, Ronin c3; White to move, Mana 2.
 * d4xc3 (c3 has 1 mark) binds Black to Mana 1: Black's only piece on a
 * 1-mark square is the Damyo on a1, whose steps a1-a2 and a1-b1 both end
 * beside White's Ronin on b2 (1 mark), which takes it: a forced capture
 * in 3 plies for White, e.g. d4xc3 a1-b1 b2xb1.  After d4xc3 Black, to
 * move, loses its Damyo in 2 plies whatever it plays: mate -2, a line of
 * two plies (a Damyo step and White's capture).  ab said mate -2 with
 * the one-move line a1-b1, and mate 3 with the two-move line d4xc3
 * a1-b1; mcts said score_cp -2000 (no mate) for the lost side and a
 * one-move line d4xc3 for the won one.
 */
static void mate_both_ways(void)
{
    static const char *const kinds[] = {"ab", "mcts"};
    static const char *const threads[] = {"1", "2"};
    mana_game *g = at("6/6/3R2/2r3/1R4/d3D1 w 2 0");
    mana_move d4xc3;
    CHECK(mana_move_parse(g, "d4xc3", &d4xc3) == MANA_OK, "d4xc3 parses");
    mana_game *lost = mana_clone(g);
    mana_play(lost, d4xc3);
    for (int k = 0; k < 2; k++)
        for (int t = 0; t < 2; t++)
            for (int side = 0; side < 2; side++) {
                const mana_game *pos = side == 0 ? g : lost;
                int plies = side == 0 ? 3 : -2;
                char who[96];
                snprintf(who, sizeof who, "%s Threads %s, %s", kinds[k], threads[t],
                         side == 0 ? "the side that wins" : "the side that loses");
                mana_bot *b = new_bot(kinds[k], threads[t]);
                report_log log = {0};
                mana_bot_set_info(b, log_line, &log);
                mana_bot_limits lim;
                mana_bot_limits_init(&lim);
                lim.nodes = 2000;
                mana_bot_result r;
                CHECK(mana_bot_choose(b, pos, &lim, &r) == MANA_OK, "%s: search", who);
                check_mate_line(pos, &r.info.line, plies, who);
                CHECK(side == 1 || r.move == d4xc3, "%s: plays another move than d4xc3", who);
                CHECK(log.n > 0, "%s: no report", who);
                for (int i = 0; i < log.n; i++)
                    if (log.line[i].mate != 0) /* ab's depth 1 sees no mate yet */
                        check_mate_line(pos, &log.line[i], plies, who);
                CHECK(log.n > 0 && log.line[log.n - 1].mate == plies, "%s: the last report says mate %d", who,
                      log.n > 0 ? log.line[log.n - 1].mate : 0);
                mana_bot_free(b);
            }
    mana_free(lost);
    mana_free(g);
}

/*
 * A longer line.  tests/data/tactics.txt's "r2r2/2dr2/r3r1/4R1/D5/R2R1R
 * w 1 3": White forces the capture in 11 plies at the least, through
 * f1-e1 (the solver's label); ab's depth 10 first sees a mate in 13
 * through f1-f2 (the threat extension), depth 11 the mate in 11.  Each
 * report with a mate gives its whole line, the capture last.
 */
static void long_line(void)
{
    mana_game *g = at("r2r2/2dr2/r3r1/4R1/D5/R2R1R w 1 3");
    mana_bot *b = new_bot("ab", "1");
    report_log log = {0};
    mana_bot_set_info(b, log_line, &log);
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.depth = 12;
    mana_bot_result r;
    CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK, "the mate in 11: search");
    check_mate_line(g, &r.info.line, 11, "ab, the mate in 11");
    int mates = 0;
    for (int i = 0; i < log.n; i++)
        if (log.line[i].mate != 0) {
            char who[64];
            snprintf(who, sizeof who, "ab, the mate in 11, depth %d", log.line[i].depth);
            check_mate_line(g, &log.line[i], log.line[i].mate, who);
            mates++;
        }
    CHECK(mates >= 2, "the mate in 11: %d reports with a mate, expected depth 10's and 11's", mates);
    mana_bot_free(b);
    mana_free(g);
}

/* Setup searches report no forced result: each report and the result,
 * for ab and mcts, at the start and after some placements, under node,
 * playout and depth limits. */
static void setup_no_forced_score(void)
{
    static const char *const kinds[] = {"ab", "mcts"};
    /* the orientation, Black's placements, White's, White's last one
     * (which fixes the start position: ab searches it deeper) */
    static const char *const plays[] = {"", "O2", "O2 D@a6 R@b5", "O2 D@a6 R@b5 R@c6 R@d5 R@e6 R@f5",
                                        "O2 D@a6 R@b5 R@c6 R@d5 R@e6 R@f5 D@a1 R@b2 R@c1 R@d2"};
    for (int k = 0; k < 2; k++)
        for (size_t p = 0; p < sizeof plays / sizeof *plays; p++)
            for (int limit = 0; limit < 2; limit++) {
                mana_game *g = mana_new(MANA_RULES_JACTALEA);
                char buf[128], *save = NULL;
                snprintf(buf, sizeof buf, "%s", plays[p]);
                for (char *m = strtok_r(buf, " ", &save); m != NULL; m = strtok_r(NULL, " ", &save))
                    if (mana_play_str(g, m) != MANA_OK) {
                        fprintf(stderr, "botreports: %s: %s\n", m, mana_error_detail());
                        exit(1);
                    }
                mana_bot *b = new_bot(kinds[k], "1");
                report_log log = {0};
                mana_bot_set_info(b, log_line, &log);
                mana_bot_limits lim;
                mana_bot_limits_init(&lim);
                if (limit == 0)
                    lim.nodes = 4000;
                else if (k == 0)
                    lim.depth = 3;
                else
                    lim.iterations = 600;
                mana_bot_result r;
                CHECK(mana_bot_choose(b, g, &lim, &r) == MANA_OK && r.info.setup == 1, "%s after '%s': search",
                      kinds[k], plays[p]);
                log.line[log.n < 256 ? log.n++ : 255] = r.info.line;
                for (int i = 0; i < log.n; i++)
                    CHECK(log.line[i].mate == 0 && log.line[i].score_cp > -2000 && log.line[i].score_cp < 2000 &&
                              log.line[i].win_rate != 0.0 && log.line[i].win_rate != 1.0,
                          "%s after '%s' (limit %d): a setup search reports mate %d, score_cp %d, win rate %g",
                          kinds[k], plays[p], limit, log.line[i].mate, log.line[i].score_cp, log.line[i].win_rate);
                mana_bot_free(b);
                mana_free(g);
            }
}

int main(void)
{
    mate_both_ways();
    long_line();
    setup_no_forced_score();
    return summary();
}
