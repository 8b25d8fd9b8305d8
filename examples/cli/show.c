/* SPDX-License-Identifier: MIT */
/* mana-cli show: draws a position given as MFN on the terminal, and with
 * --svg FILE also as an SVG diagram. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define SHOW_USAGE "show [--svg FILE] MFN"

int cmd_show(int argc, char **argv)
{
    static const struct option longopts[] = {{"svg", required_argument, NULL, 's'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    const char *svg = NULL;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+s:h", longopts, NULL)) != -1) {
        if (c == 's') {
            svg = optarg;
        } else if (c == 'h') {
            printf("usage: mana-cli %s\n", SHOW_USAGE);
            return 0;
        } else {
            cli_usage_error("show", SHOW_USAGE, c == ':' || optopt == 's' ? "--svg needs a FILE" : "unknown option");
            return 2;
        }
    }
    char mfn[256];
    if (optind >= argc) {
        cli_usage_error("show", SHOW_USAGE, "missing MFN");
        return 2;
    }
    if (cli_join_mfn(argc - optind, argv + optind, mfn, sizeof mfn)) {
        fprintf(stderr, "mana-cli show: the MFN is longer than any MFN\n");
        return 1;
    }
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (!g)
        return cli_fail("show");
    int rc = 0;
    if (mana_set_position(g, mfn)) {
        rc = cli_fail("show");
    } else {
        cli_print_board(g, isatty(STDOUT_FILENO));
        if (svg && cli_write_svg(g, svg) != 0) {
            fprintf(stderr, "mana-cli show: cannot write %s: %s\n", svg, strerror(errno));
            rc = 1;
        }
    }
    mana_free(g);
    return rc;
}
