/* SPDX-License-Identifier: MIT */
/*
 * bot_game - a whole game of Mana between two computer players of
 * libmana-bots: the alpha-beta bot (White) against the Monte Carlo tree
 * search bot (Black), each seeded, so the same seed gives the same game.
 *
 *   bot_game [SEED]       (default 13)
 *
 * Each bot chooses its setup moves and its moves with mana_bot_choose
 * under fixed limits (ab: 4 plies deep, mcts: 300 playouts), which keeps
 * the game deterministic; the progress callback prints ab's last line of
 * each search (its depth, score and principal variation).
 * Build: cc bot_game.c $(pkg-config --cflags --libs mana-bots)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <mana_bot.h>

/* What the progress callback needs: the position searched (to write the
 * line as move text) and the last report. */
typedef struct watch {
    const mana_game *g;
    mana_bot_info last;
} watch;

/* Called by ab after each iteration: keeps the report (valid only during
 * the call, so it is copied). */
static void on_info(void *ctx, const mana_bot_info *info)
{
    ((watch *)ctx)->last = *info;
}

/* Prints the last report of ab's search of w->g: depth, score, line. */
static void print_line(const watch *w)
{
    const mana_bot_line *l = &w->last.line;
    char pv[MANA_BOT_PV_MAX * (MANA_MOVE_TEXT_MAX + 1) + 1];
    if (l->pv_len == 0 || mana_bot_pv_format(w->g, l->pv, l->pv_len, pv, sizeof pv) < 0)
        return;
    if (l->mate != 0) {
        int plies = l->mate > 0 ? l->mate : -l->mate;
        printf("    ab: depth %d, %s in %d %s: %s\n", l->depth, l->mate > 0 ? "wins" : "loses", plies,
               plies == 1 ? "ply" : "plies", pv);
    } else
        printf("    ab: depth %d, score %+d: %s\n", l->depth, l->score_cp, pv);
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 13; /* 13: a long game, 54 plies of play */
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_bot *bot[2] = {mana_bot_new("ab", seed), mana_bot_new("mcts", seed + 1)};
    if (g == NULL || bot[0] == NULL || bot[1] == NULL) {
        fprintf(stderr, "bot_game: %s\n", mana_bot_error_detail());
        return EXIT_FAILURE;
    }
    /* A ply limit keeps the game short; the limits keep it deterministic. */
    mana_set_option(g, MANA_OPT_PLY_LIMIT, 120);
    mana_bot_limits lim[2];
    mana_bot_limits_init(&lim[MANA_WHITE]);
    mana_bot_limits_init(&lim[MANA_BLACK]);
    lim[MANA_WHITE].depth = 4;
    lim[MANA_BLACK].iterations = 300;
    watch w = {g, {0}};
    mana_bot_set_info(bot[MANA_WHITE], on_info, &w);

    printf("ab (White) against mcts (Black), seed %" PRIu64 "\n", seed);
    int st;
    while ((st = mana_status(g)) == MANA_SETUP || st == MANA_PLAYING) {
        int side = mana_side_to_move(g);
        mana_bot_result res;
        char text[MANA_MOVE_TEXT_MAX + 1];
        w.last.line.pv_len = 0;
        if (mana_bot_choose(bot[side], g, &lim[side], &res) != MANA_OK ||
            mana_move_format(g, res.move, text, sizeof text) < 0) {
            fprintf(stderr, "bot_game: %s\n", mana_bot_error_detail());
            return EXIT_FAILURE;
        }
        printf("%s (%s) plays %s\n", side == MANA_WHITE ? "White" : "Black", mana_bot_kind(bot[side]), text);
        if (side == MANA_WHITE && st == MANA_PLAYING)
            print_line(&w);
        if (mana_play(g, res.move) != MANA_OK) {
            fprintf(stderr, "bot_game: %s\n", mana_error_detail());
            return EXIT_FAILURE;
        }
    }
    printf("result: %s after %d moves\n",
           st == MANA_WHITE_WON   ? "White won"
           : st == MANA_BLACK_WON ? "Black won"
                                  : "drawn",
           mana_history(g, NULL, 0));
    mana_bot_free(bot[0]);
    mana_bot_free(bot[1]);
    mana_free(g);
    return EXIT_SUCCESS;
}
