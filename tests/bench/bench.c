/* SPDX-License-Identifier: MIT */
/*
 * bench - the libmana benchmark (see bench.h for the figures).
 *
 *   bench [--perft-file PATH] [--runs N] [--seconds S] [--threads N]
 *         [--quick] [--json | --markdown] [--compare BENCHMARKS.md]
 *         [--record BENCHMARKS.md] [--only LIST]
 *
 * --quick is the few-second run of `make check`; the figures are printed,
 * never judged (the machine may be shared and noisy).  --compare shows the
 * change since the run recorded in that file (the JSON block between its
 * lines <!-- bench:begin --> and <!-- bench:end -->); --record does the
 * same and then replaces that section with this run (summary, table, JSON
 * block); --markdown prints the section instead.  --only takes a
 * comma-separated list of perft, threads, full, playouts, movegen, ref,
 * memory.  Single-thread rates are per CPU second of the measuring thread
 * (the same as per wall second on an idle machine, steadier on a shared
 * one); the N-thread rates and speed-ups are per wall second.
 * BENCH_VERBOSE=1 in the environment prints the depth search of each
 * position to stderr.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#define USAGE                                                                   \
    "usage: bench [--perft-file PATH] [--runs N] [--seconds S] [--threads N]\n" \
    "             [--quick] [--json | --markdown] [--compare BENCHMARKS.md]\n"  \
    "             [--record BENCHMARKS.md] [--only LIST]\n"                     \
    "LIST: comma-separated perft, threads, full, playouts, movegen, ref, memory\n"

/* Reads the options into cfg; exits with status 2 on a bad one. */
static void parse_args(int argc, char **argv, struct bench_cfg *cfg)
{
    static const struct option longopts[] = {{"perft-file", required_argument, NULL, 'f'},
                                             {"runs", required_argument, NULL, 'r'},
                                             {"seconds", required_argument, NULL, 's'},
                                             {"threads", required_argument, NULL, 't'},
                                             {"quick", no_argument, NULL, 'q'},
                                             {"json", no_argument, NULL, 'j'},
                                             {"compare", required_argument, NULL, 'c'},
                                             {"only", required_argument, NULL, 'o'},
                                             {"markdown", no_argument, NULL, 'm'},
                                             {"record", required_argument, NULL, 'R'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "f:r:s:t:qjmc:o:R:h", longopts, NULL)) != -1) {
        if (c == 'f')
            cfg->perft_file = optarg;
        else if (c == 'r')
            cfg->runs = atoi(optarg);
        else if (c == 's')
            cfg->seconds = atof(optarg);
        else if (c == 't')
            cfg->threads = atoi(optarg);
        else if (c == 'q')
            cfg->seconds = 0.01, cfg->runs = 3;
        else if (c == 'j')
            cfg->json = 1;
        else if (c == 'm')
            cfg->markdown = 1;
        else if (c == 'c')
            cfg->compare = optarg;
        else if (c == 'o')
            cfg->only = optarg;
        else if (c == 'R')
            cfg->record = optarg;
        else {
            fputs(USAGE, c == 'h' ? stdout : stderr);
            exit(c == 'h' ? 0 : 2);
        }
    }
    if (optind < argc || (cfg->record && (cfg->json || cfg->markdown)) || cfg->runs < 1 || cfg->runs > 63 ||
        cfg->threads < 1 || cfg->threads > 64 || !(cfg->seconds > 0)) {
        fputs(USAGE, stderr);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    struct bench_cfg cfg = {"tests/data/perft.txt", NULL, 1.0, 3, 2, 0, 0, NULL, NULL};
    static struct bench_set set;
    static struct bench_results rs;
    parse_args(argc, argv, &cfg);
    if (bench_load_positions(cfg.perft_file, &set))
        bench_fail("no positions to measure");
    if (!cfg.json && !cfg.markdown)
        printf("libmana %s bench: %d positions from %s, median of %d runs, ~%.2fs each\n\n", mana_version(), set.n,
               set.source, cfg.runs, cfg.seconds);
    if (bench_wants(&cfg, "perft") || bench_wants(&cfg, "threads"))
        bench_perft(&set, &cfg, &rs);
    if (bench_wants(&cfg, "full"))
        bench_full(&set, &cfg, &rs);
    if (bench_wants(&cfg, "ref"))
        bench_ref(&set, &cfg, &rs);
    if (bench_wants(&cfg, "playouts"))
        bench_playouts(&cfg, &rs);
    if (bench_wants(&cfg, "movegen"))
        bench_movegen(&set, &cfg, &rs);
    if (bench_wants(&cfg, "memory"))
        bench_memory(&rs);
    bench_print(&rs, &cfg, set.source);
    return 0;
}
