/* SPDX-License-Identifier: MIT */
/* mana-cli show: draws a position given as MFN. */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"

#define SHOW_USAGE "show MFN"

int cmd_show(int argc, char **argv)
{
    char mfn[256];
    if (argc < 2) {
        cli_usage_error("show", SHOW_USAGE, "missing MFN");
        return 2;
    }
    if (cli_join_mfn(argc - 1, argv + 1, mfn, sizeof mfn)) {
        fprintf(stderr, "mana-cli show: the MFN is too long\n");
        return 1;
    }
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (!g)
        return cli_fail("show");
    int rc = 0;
    if (mana_set_position(g, mfn))
        rc = cli_fail("show");
    else
        cli_print_board(g, isatty(STDOUT_FILENO));
    mana_free(g);
    return rc;
}
