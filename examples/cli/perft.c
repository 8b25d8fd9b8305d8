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

/* The options of mana-cli perft. */
struct perft_args {
    int preset, blocked, divide;
    unsigned long long threads, depth;
    char mfn[256];
};

/* Reads the options and arguments into a; returns -1 to go on, else the
 * exit status (0 after --help, 2 after a usage error). */
static int perft_args(int argc, char **argv, struct perft_args *a)
{
    static const struct option longopts[] = {{"rules", required_argument, NULL, 'r'},
                                             {"blocked", required_argument, NULL, 'b'},
                                             {"divide", no_argument, NULL, 'd'},
                                             {"threads", required_argument, NULL, 't'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "r:b:dt:h", longopts, NULL)) != -1) {
        if ((c == 'r' && cli_parse_rules(optarg, &a->preset) == 0) ||
            (c == 'b' && cli_parse_blocked(optarg, &a->blocked) == 0) ||
            (c == 't' && cli_parse_uint(optarg, PAR_PERFT_MAX_THREADS, &a->threads) == 0 && a->threads > 0) ||
            (c == 'd' && (a->divide = 1)))
            continue;
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
    if (optind >= argc || cli_parse_uint(argv[optind], 64, &a->depth)) {
        cli_usage_error("perft", PERFT_USAGE, "DEPTH must be a whole number from 0 to 64");
        return 2;
    }
    if (optind + 1 < argc && cli_join_mfn(argc - optind - 1, argv + optind + 1, a->mfn, sizeof a->mfn)) {
        fprintf(stderr, "mana-cli perft: the MFN is too long\n");
        return 1;
    }
    return -1;
}

int cmd_perft(int argc, char **argv)
{
    struct perft_args a = {MANA_RULES_JACTALEA, MANA_BLOCKED_PASS, 0, 1, 0, PERFT_DEFAULT_MFN};
    int rc = perft_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    mana_game *g = mana_new(a.preset);
    if (!g)
        return cli_fail("perft");
    int depth = (int)a.depth, threads = (int)a.threads;
    unsigned long long total = 0;
    uint64_t leaves = 0;
    if (mana_set_option(g, MANA_OPT_BLOCKED, a.blocked) || mana_set_position(g, a.mfn))
        rc = cli_fail("perft");
    else if (a.divide && depth > 0)
        rc = divide(g, depth, threads, &total);
    else if ((rc = par_perft(g, depth, threads, &leaves)) != 0)
        rc = perft_fail(rc, threads);
    else
        total = leaves;
    if (rc == 0)
        printf("%llu\n", total);
    mana_free(g);
    return rc;
}
