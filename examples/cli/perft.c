/* SPDX-License-Identifier: MIT */
/* mana-cli perft: leaf counts of the legal-move tree (RULES.md "Perft"). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "par_perft.h"

#define PERFT_USAGE "perft [--rules R] [--blocked pass|draw|loss] [--divide] [--threads N] DEPTH [MFN]"
/* The position used when no MFN is given: the first line of perft.txt. */
#define PERFT_DEFAULT_MFN "rrdrrr/6/6/6/6/RRRDRR b - 0"

/* Reports a failed count: the detail is kept per thread, so with worker
 * threads only the error code is known here.  Returns 1. */
static int perft_fail(int err, int threads)
{
    if (threads == 1)
        return cli_fail("perft");
    fprintf(stderr, "mana-cli: perft: %s\n", mana_strerror(err));
    return 1;
}

/* Prints "move count" for each root move, then returns the total. */
static int divide(mana_game *g, int depth, int threads, unsigned long long *total)
{
    mana_move moves[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    *total = 0;
    for (int i = 0; i < n; i++) {
        char text[MANA_MOVE_TEXT_MAX + 1];
        uint64_t leaves = 0;
        mana_move_format(g, moves[i], text, sizeof text);
        int err = mana_play(g, moves[i]);
        if (err || (err = par_perft(g, depth - 1, threads, &leaves)) || (err = mana_undo(g)))
            return perft_fail(err, threads);
        printf("%s %llu\n", text, (unsigned long long)leaves);
        *total += leaves;
    }
    return 0;
}

int cmd_perft(int argc, char **argv)
{
    static const struct option longopts[] = {{"rules", required_argument, NULL, 'r'},
                                             {"blocked", required_argument, NULL, 'b'},
                                             {"divide", no_argument, NULL, 'd'},
                                             {"threads", required_argument, NULL, 't'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    int preset = MANA_RULES_JACTALEA, blocked = MANA_BLOCKED_PASS, split = 0, c;
    unsigned long long threads = 1;
    optind = 1;
    while ((c = getopt_long(argc, argv, "r:b:dt:h", longopts, NULL)) != -1) {
        if (c == 'r' && cli_parse_rules(optarg, &preset) == 0)
            continue;
        if (c == 'b' && cli_parse_blocked(optarg, &blocked) == 0)
            continue;
        if (c == 't' && cli_parse_uint(optarg, PAR_PERFT_MAX_THREADS, &threads) == 0 && threads > 0)
            continue;
        if (c == 'd') {
            split = 1;
            continue;
        }
        if (c == 'h') {
            printf("usage: mana-cli %s\n", PERFT_USAGE);
            return 0;
        }
        cli_usage_error("perft", PERFT_USAGE, c == 'r' ? "--rules takes jactalea or cosmoludo"
                                              : c == 'b' ? "--blocked takes pass, draw or loss"
                                              : c == 't' ? "--threads takes a number from 1 to 64"
                                                         : "unknown option");
        return 2;
    }
    unsigned long long depth;
    if (optind >= argc || cli_parse_uint(argv[optind], 64, &depth)) {
        cli_usage_error("perft", PERFT_USAGE, "DEPTH must be a whole number from 0 to 64");
        return 2;
    }
    char mfn[256] = PERFT_DEFAULT_MFN;
    if (optind + 1 < argc && cli_join_mfn(argc - optind - 1, argv + optind + 1, mfn, sizeof mfn)) {
        fprintf(stderr, "mana-cli perft: the MFN is too long\n");
        return 1;
    }
    mana_game *g = mana_new(preset);
    if (!g)
        return cli_fail("perft");
    int rc = 0;
    unsigned long long total = 0;
    if (mana_set_option(g, MANA_OPT_BLOCKED, blocked) || mana_set_position(g, mfn)) {
        rc = cli_fail("perft");
    } else if (split && depth > 0) {
        rc = divide(g, (int)depth, (int)threads, &total);
    } else {
        uint64_t leaves = 0;
        int err = par_perft(g, (int)depth, (int)threads, &leaves);
        rc = err ? perft_fail(err, (int)threads) : 0;
        total = leaves;
    }
    if (rc == 0)
        printf("%llu\n", total);
    mana_free(g);
    return rc;
}
