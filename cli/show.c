/* SPDX-License-Identifier: MIT */
/* mana-cli show: draws a position given as MFN on the terminal, and with
 * --svg FILE also as an SVG picture (libmana's mana_svg). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "options.h"

static const cli_command show_command = {"show", "[OPTIONS] MFN", CLI_RULES | CLI_RULE_OPTIONS | CLI_COLOR | CLI_SVG,
                                         NULL, NULL};

int cmd_show(int argc, char **argv)
{
    cli_args o;
    int first = cli_parse(&show_command, argc, argv, &o, NULL, NULL);
    if (first < 0)
        return first == -1 ? 0 : 2;
    char mfn[256];
    if (first >= argc) {
        cli_usage_fail(&show_command, "missing MFN");
        return 2;
    }
    if (cli_join_mfn(argc - first, argv + first, mfn, sizeof mfn)) {
        fprintf(stderr, "mana-cli show: the MFN is longer than any MFN\n");
        return 1;
    }
    mana_game *g = cli_new_game(&show_command, &o);
    if (!g)
        return 1;
    int rc = 0;
    if (mana_set_position(g, mfn)) {
        rc = cli_fail("show");
    } else {
        cli_print_board(g, o.color);
        if (o.svg && cli_write_svg(g, o.svg) != 0) {
            fprintf(stderr, "mana-cli show: cannot write %s: %s\n", o.svg, strerror(errno));
            rc = 1;
        }
    }
    mana_free(g);
    return rc;
}
