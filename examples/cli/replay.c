/* SPDX-License-Identifier: MIT */
/* mana-cli replay: checks a game record move by move against the rules
 * (through libmana) and prints the final position and the result. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "record.h"

static const cli_command replay_command = {"replay", "[OPTIONS] FILE   (FILE - reads stdin)",
                                           CLI_COLOR | CLI_QUIET | CLI_SVG, NULL, NULL};

int cmd_replay(int argc, char **argv)
{
    cli_args o;
    int first = cli_parse(&replay_command, argc, argv, &o, NULL, NULL);
    if (first < 0)
        return first == -1 ? 0 : 2;
    if (argc - first != 1) {
        cli_usage_fail(&replay_command, argc == first ? "missing FILE" : "one FILE only");
        return 2;
    }
    const char *path = argv[first];
    mana_game *g = NULL;
    record_info info;
    char err[600];
    int rc = strcmp(path, "-") == 0 ? record_read(stdin, "<stdin>", &g, &info, err, sizeof err)
                                    : record_load(path, &g, &info, err, sizeof err);
    if (rc < 0) {
        fprintf(stderr, "mana-cli replay: %s\n", err);
        return 1;
    }
    if (!o.quiet)
        cli_print_board(g, o.color);
    int st = mana_status(g);
    printf("rules: %s; White: %s; Black: %s\n", info.preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea",
           info.white[0] ? info.white : "?", info.black[0] ? info.black : "?");
    printf("moves: %d, all legal\n", mana_history(g, NULL, 0));
    char mfn[MANA_MFN_MAX + 1];
    if (mana_get_position(g, mfn, sizeof mfn) >= 0)
        printf("final: %s\n", mfn);
    else
        printf("final: (still in setup)\n");
    printf("result: %s (%s)\n", record_result(st), cli_status_text(st));
    rc = 0;
    if (o.svg != NULL && cli_write_svg(g, o.svg) < 0) {
        fprintf(stderr, "mana-cli replay: could not write %s\n", o.svg);
        rc = 1;
    }
    mana_free(g);
    return rc;
}
