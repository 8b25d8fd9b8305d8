/* SPDX-License-Identifier: MIT */
/*
 * bench - the libmana benchmark (see bench.h for the figures).
 *
 *   bench [--perft-file PATH] [--runs N] [--seconds S] [--threads N]
 *         [--quick] [--json] [--compare BENCHMARKS.md]
 *
 * --quick is the few-second run of `make check`; the figures are printed,
 * never judged (the machine may be shared and noisy).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#define USAGE                                                               \
    "usage: bench [--perft-file PATH] [--runs N] [--seconds S] [--threads N]\n" \
    "             [--quick] [--json] [--compare BENCHMARKS.md]\n"

/* Reads the options into cfg; exits with status 2 on a bad one. */
static void parse_args(int argc, char **argv, struct bench_cfg *cfg)
{
    static const struct option longopts[] = {
        {"perft-file", required_argument, NULL, 'f'}, {"runs", required_argument, NULL, 'r'},
        {"seconds", required_argument, NULL, 's'},    {"threads", required_argument, NULL, 't'},
        {"quick", no_argument, NULL, 'q'},            {"json", no_argument, NULL, 'j'},
        {"compare", required_argument, NULL, 'c'},    {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "f:r:s:t:qjc:h", longopts, NULL)) != -1) {
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
        else if (c == 'c')
            cfg->compare = optarg;
        else {
            fputs(USAGE, c == 'h' ? stdout : stderr);
            exit(c == 'h' ? 0 : 2);
        }
    }
    if (optind < argc || cfg->runs < 1 || cfg->runs > 63 || cfg->threads < 1 || cfg->threads > 64 ||
        !(cfg->seconds > 0)) {
        fputs(USAGE, stderr);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    struct bench_cfg cfg = {"../shared/perft.txt", NULL, 1.0, 3, 2, 0};
    static struct bench_set set;
    static struct bench_results rs;
    parse_args(argc, argv, &cfg);
    if (bench_load_positions(cfg.perft_file, &set))
        bench_fail("no positions to measure");
    if (!cfg.json)
        printf("libmana %s bench: %d positions from %s, median of %d runs, ~%.2fs each\n\n", mana_version(),
               set.n, set.source, cfg.runs, cfg.seconds);
    bench_perft(&set, &cfg, &rs);
    bench_playouts(&cfg, &rs);
    bench_movegen(&set, &cfg, &rs);
    bench_memory(&rs);
    bench_print(&rs, &cfg);
    if (cfg.compare && !cfg.json)
        bench_compare(&rs, cfg.compare);
    return 0;
}
