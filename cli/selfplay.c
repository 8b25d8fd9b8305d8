/* SPDX-License-Identifier: MIT */
/* mana-cli selfplay: one whole game, random setup then random moves (the
 * random bot of libmana-bots). */
#include <stdio.h>

#include <mana_bot.h>

#include "cli.h"
#include "options.h"
#include "../common/rng.h"

/* Plays the random bot's moves to the end, printing each move and
 * (unless quiet) the board; counts the plies played in *plies. */
static int play_out(mana_game *g, mana_bot *b, const cli_args *o, int *plies)
{
    for (int ply = 1; mana_status(g) == MANA_PLAYING; ply++) {
        *plies = ply;
        mana_bot_result res;
        if (mana_bot_choose(b, g, NULL, &res) != MANA_OK) {
            fprintf(stderr, "mana-cli selfplay: %s\n", mana_bot_error_detail());
            return 1;
        }
        mana_move m = res.move;
        char text[MANA_MOVE_TEXT_MAX + 1];
        mana_move_format(g, m, text, sizeof text);
        printf("%sply %d: %s plays %s\n", o->quiet ? "" : "\n", ply,
               mana_side_to_move(g) == MANA_WHITE ? "White" : "Black", text);
        if (mana_play(g, m))
            return cli_fail("selfplay");
        if (!o->quiet)
            cli_print_board(g, o->color);
    }
    return 0;
}

static const cli_command selfplay_command = {"selfplay", "[OPTIONS]   (a random setup, then random moves)",
                                             CLI_RULES | CLI_RULE_OPTIONS | CLI_SEED | CLI_COLOR | CLI_QUIET, NULL,
                                             NULL};

int cmd_selfplay(int argc, char **argv)
{
    cli_args o;
    int first = cli_parse(&selfplay_command, argc, argv, &o, NULL, NULL);
    if (first < 0)
        return first == -1 ? 0 : 2;
    if (first != argc) {
        cli_usage_fail(&selfplay_command, "unexpected argument '%s'", argv[first]);
        return 2;
    }
    if (!o.rule_given[MANA_OPT_PLY_LIMIT]) { /* a random game may wander: 400 plies by default */
        o.rule[MANA_OPT_PLY_LIMIT] = 400;
        o.rule_given[MANA_OPT_PLY_LIMIT] = 1;
    }
    unsigned long long seed = o.seed_given ? o.seed : 1;
    int preset = o.preset;
    mana_game *g = cli_new_game(&selfplay_command, &o);
    if (!g)
        return 1;
    if (mana_setup_random(g, seed)) {
        mana_free(g);
        return cli_fail("selfplay");
    }
    printf("Mana, %s rules, seed %llu: random setup\n", preset ? "cosmoludo" : "jactalea", seed);
    if (!o.quiet)
        cli_print_board(g, o.color);
    mana_bot *b = mana_bot_new("random", rng_mix(seed, 1));
    int plies = 0;
    int rc = b != NULL ? play_out(g, b, &o, &plies) : cli_fail("selfplay");
    mana_bot_free(b);
    if (rc == 0)
        printf("%sresult: %s after %s of play (%s with the setup)\n", o.quiet ? "" : "\n",
               cli_status_text(mana_status(g)), cli_count(plies, "ply", "plies").s,
               cli_count(mana_history(g, NULL, 0), "move", NULL).s);
    mana_free(g);
    return rc;
}
