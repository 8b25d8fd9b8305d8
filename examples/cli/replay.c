/* SPDX-License-Identifier: MIT */
/* mana-cli replay: checks a game record move by move against the rules
 * (through libmana) and prints the final position and the result. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "record.h"

#define REPLAY_USAGE "replay [--quiet] [--svg FILE] [--no-color] FILE   (FILE - reads stdin)"

int cmd_replay(int argc, char **argv)
{
    static const struct option longopts[] = {{"quiet", no_argument, NULL, 'q'},
                                             {"svg", required_argument, NULL, 'g'},
                                             {"no-color", no_argument, NULL, 'C'},
                                             {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    int quiet = 0, color = isatty(STDOUT_FILENO), c;
    const char *svg = NULL;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'h') {
            printf("usage: mana-cli %s\n", REPLAY_USAGE);
            return 0;
        }
        if (c == 'q')
            quiet = 1;
        else if (c == 'g')
            svg = optarg;
        else if (c == 'C')
            color = 0;
        else {
            cli_usage_error("replay", REPLAY_USAGE, "unknown option");
            return 2;
        }
    }
    if (argc - optind != 1) {
        cli_usage_error("replay", REPLAY_USAGE, argc == optind ? "missing FILE" : "one FILE only");
        return 2;
    }
    const char *path = argv[optind];
    mana_game *g = NULL;
    record_info info;
    char err[600];
    int rc = strcmp(path, "-") == 0 ? record_read(stdin, "<stdin>", &g, &info, err, sizeof err)
                                    : record_load(path, &g, &info, err, sizeof err);
    if (rc < 0) {
        fprintf(stderr, "mana-cli replay: %s\n", err);
        return 1;
    }
    if (!quiet)
        cli_print_board(g, color);
    int st = mana_status(g);
    printf("rules: %s; White: %s; Black: %s\n",
           info.preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea",
           info.white[0] ? info.white : "?", info.black[0] ? info.black : "?");
    printf("moves: %d, all legal\n", mana_history(g, NULL, 0));
    char mfn[MANA_MFN_MAX + 1];
    if (mana_get_position(g, mfn, sizeof mfn) >= 0)
        printf("final: %s\n", mfn);
    else
        printf("final: (still in setup)\n");
    printf("result: %s (%s)\n", record_result(st), cli_status_text(st));
    rc = 0;
    if (svg != NULL && cli_write_svg(g, svg) < 0) {
        fprintf(stderr, "mana-cli replay: could not write %s\n", svg);
        rc = 1;
    }
    mana_free(g);
    return rc;
}
