/* SPDX-License-Identifier: MIT */
/* mana-cli selfplay: one whole game, random setup then random moves. */
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "rng.h"

#define SELFPLAY_USAGE "selfplay [--rules jactalea|cosmoludo] [--seed N] [--ply-limit N]"

/* Plays random moves to the end, printing each move and the board;
 * counts the plies played in *plies. */
static int play_out(mana_game *g, uint64_t *rng, int color, int *plies)
{
    for (int ply = 1; mana_status(g) == MANA_PLAYING; ply++) {
        *plies = ply;
        mana_move moves[MANA_MAX_MOVES];
        int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
        if (n <= 0)
            return cli_fail("selfplay");
        mana_move m = moves[rng_below(rng, (uint64_t)n)];
        char text[MANA_MOVE_TEXT_MAX + 1];
        mana_move_format(g, m, text, sizeof text);
        printf("\nply %d: %s plays %s\n", ply, mana_side_to_move(g) == MANA_WHITE ? "White" : "Black", text);
        if (mana_play(g, m))
            return cli_fail("selfplay");
        cli_print_board(g, color);
    }
    return 0;
}

int cmd_selfplay(int argc, char **argv)
{
    static const struct option longopts[] = {{"rules", required_argument, NULL, 'r'},
                                             {"seed", required_argument, NULL, 's'},
                                             {"ply-limit", required_argument, NULL, 'p'},
                                             {NULL, 0, NULL, 0}};
    int preset = MANA_RULES_JACTALEA, c;
    unsigned long long seed = 1, limit = 400;
    optind = 1;
    while ((c = getopt_long(argc, argv, "r:s:p:", longopts, NULL)) != -1) {
        if ((c == 'r' && cli_parse_rules(optarg, &preset) == 0) ||
            (c == 's' && cli_parse_uint(optarg, UINT64_MAX, &seed) == 0) ||
            (c == 'p' && cli_parse_uint(optarg, 1000000000, &limit) == 0))
            continue;
        cli_usage_error("selfplay", SELFPLAY_USAGE, "bad option or value");
        return 2;
    }
    if (optind != argc) {
        cli_usage_error("selfplay", SELFPLAY_USAGE, "unexpected argument");
        return 2;
    }
    mana_game *g = mana_new(preset);
    if (!g || mana_set_option(g, MANA_OPT_PLY_LIMIT, (int)limit) || mana_setup_random(g, seed)) {
        mana_free(g);
        return cli_fail("selfplay");
    }
    int color = isatty(STDOUT_FILENO);
    printf("Mana, %s rules, seed %llu: random setup\n", preset ? "cosmoludo" : "jactalea", seed);
    cli_print_board(g, color);
    uint64_t rng = rng_mix(seed, 1);
    int plies = 0;
    int rc = play_out(g, &rng, color, &plies);
    if (rc == 0)
        printf("\nresult: %s after %d plies of play (%d moves with the setup)\n", cli_status_text(mana_status(g)),
               plies, mana_history(g, NULL, 0));
    mana_free(g);
    return rc;
}
