/* SPDX-License-Identifier: MIT */
/* mana-cli perft: leaf counts of the legal-move tree (docs/rules.md "Perft"). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "par_perft.h"

/* The position used when no MFN is given: the first line of perft.txt. */
#define PERFT_DEFAULT_MFN "rrdrrr/6/6/6/6/RRRDRR b - 0"

/* Reports a failed count: the detail is kept per thread, so with worker
 * threads only the error code is known here.  Returns 1. */
static int perft_fail(int err, int threads)
{
    if (threads == 1)
        return cli_fail("perft");
    fprintf(stderr, "mana-cli perft: %s\n", mana_strerror(err));
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

static const struct option perft_own[] = {
    {"divide", no_argument, NULL, CLI_OWN}, {"threads", required_argument, NULL, CLI_OWN + 1}, {NULL, 0, NULL, 0}};
static const cli_command perft_command = {
    "perft", "[OPTIONS] DEPTH [MFN]   (DEPTH 0.." CLI_STR(MANA_PERFT_DEPTH_MAX) "; MFN: the start position by default)",
    CLI_RULES | CLI_RULE_OPTIONS, perft_own,
    "  --divide               one 'move count' line per legal move, then the total\n"
    "  --threads N            1.." CLI_STR(PAR_PERFT_MAX_THREADS) " threads\n"};

/* The options of mana-cli perft of its own. */
struct perft_args {
    int divide;
    unsigned long long threads, depth;
    char mfn[256];
};

static const char *perft_option(int val, const char *arg, void *ctx)
{
    struct perft_args *a = ctx;
    if (val == CLI_OWN) {
        a->divide = 1;
        return NULL;
    }
    return cli_parse_uint(arg, PAR_PERFT_MAX_THREADS, &a->threads) == 0 && a->threads > 0
               ? NULL
               : "expected 1.." CLI_STR(PAR_PERFT_MAX_THREADS);
}

int cmd_perft(int argc, char **argv)
{
    struct perft_args a = {0, 1, 0, PERFT_DEFAULT_MFN};
    cli_args o;
    int first = cli_parse(&perft_command, argc, argv, &o, perft_option, &a);
    if (first < 0)
        return first == -1 ? 0 : 2;
    if (first >= argc || cli_parse_uint(argv[first], MANA_PERFT_DEPTH_MAX, &a.depth)) {
        if (first >= argc)
            cli_usage_fail(&perft_command, "missing DEPTH");
        else
            cli_usage_fail(&perft_command, "DEPTH: bad value '%.40s' (expected 0..%d)", argv[first],
                           MANA_PERFT_DEPTH_MAX);
        return 2;
    }
    if (first + 1 < argc && cli_join_mfn(argc - first - 1, argv + first + 1, a.mfn, sizeof a.mfn)) {
        fprintf(stderr, "mana-cli perft: the MFN is longer than any MFN\n");
        return 1;
    }
    mana_game *g = cli_new_game(&perft_command, &o);
    if (!g)
        return 1;
    int rc = 0, depth = (int)a.depth, threads = (int)a.threads;
    unsigned long long total = 0;
    uint64_t leaves = 0;
    if (mana_set_position(g, a.mfn))
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
