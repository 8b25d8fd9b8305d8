/* SPDX-License-Identifier: MIT */
/*
 * bench.h - the libmana benchmark (make bench; a quick run in make check).
 * Figures, each the median of several runs, single thread unless stated:
 *   1. perft bulk-counted leaves/s over the positions of perft.txt;
 *   2. full perft through mana_play / mana_undo, nodes/s;
 *   3. random playouts from a random setup, games/s and plies/s (also on
 *      N threads), and perft on N threads;
 *   4. mana_legal_moves alone on a fixed set of positions;
 *   5. the same perft through the naive generator of tests/ref_movegen.c;
 *   6. memory: bytes per mana_game, per history entry, peak RSS.
 * Public API only.
 */
#ifndef MANA_BENCH_H
#define MANA_BENCH_H

#include <stdint.h>

#include <mana.h>

#define BENCH_MAX_POS 64
#define BENCH_MAX_DEPTH 16
#define BENCH_MAX_RESULTS 40

/* The lines around the recorded run in BENCHMARKS.md (--record). */
#define BENCH_BEGIN "<!-- bench:begin -->"
#define BENCH_END "<!-- bench:end -->"

/* The command-line settings. */
struct bench_cfg {
    const char *perft_file; /* perft.txt (tests/data/perft.txt) */
    const char *compare;    /* BENCHMARKS.md to compare with, or NULL */
    double seconds;         /* target duration of one timed unit */
    int runs;               /* timed runs per figure; the median is kept */
    int threads;            /* threads of the parallel figures */
    int json;               /* print one JSON object instead of a table */
    int markdown;           /* print a section for BENCHMARKS.md */
    const char *only;       /* comma-separated figure names, or NULL: all */
    const char *record;     /* BENCHMARKS.md whose recorded run to replace, or NULL */
};

/* One position of perft.txt with the counts it lists. */
struct bench_pos {
    char mfn[MANA_MFN_MAX + 1];
    int blocked;                     /* MANA_BLOCKED_PASS / _DRAW */
    uint64_t known[BENCH_MAX_DEPTH]; /* known[d], valid where has[d] */
    unsigned char has[BENCH_MAX_DEPTH];
};

struct bench_set {
    struct bench_pos pos[BENCH_MAX_POS];
    int n;
    const char *source; /* the file read */
};

/* One printed figure. */
struct bench_result {
    const char *key;   /* JSON key, unique */
    const char *label; /* table label */
    const char *unit;
    double value;
};

struct bench_results {
    struct bench_result r[BENCH_MAX_RESULTS];
    int n;
};

/* bench_util.c */
double bench_now(void);                                           /* monotonic wall seconds */
double bench_cpu(void);                                           /* CPU seconds of this thread */
double bench_proc_cpu(void);                                      /* CPU seconds of the process */
int bench_wants(const struct bench_cfg *cfg, const char *figure); /* 1/0 */
double bench_median(double *v, int n);                            /* sorts v */
void bench_add(struct bench_results *rs, const char *key, const char *label, const char *unit, double value);
int bench_load_positions(const char *path, struct bench_set *set); /* 0 or -1 */
mana_game *bench_game(const struct bench_pos *p);                  /* NULL on failure */
char *bench_read_file(const char *path);                           /* NUL-terminated; free it; NULL */
void bench_fail(const char *what);                                 /* prints and exits with status 1 */

/* bench_perft.c: figure 1 (with perft on N threads), 2 and 5. */
void bench_perft(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs);
void bench_full(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs);
void bench_ref(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs);

/* bench_play.c: figures 3 and 4. */
void bench_playouts(const struct bench_cfg *cfg, struct bench_results *rs);
void bench_movegen(const struct bench_set *set, const struct bench_cfg *cfg, struct bench_results *rs);

/* bench_report.c: the table, --json or --markdown, with the change since
 * the run recorded in cfg->compare (or cfg->record, which it then
 * replaces; exits with status 1 if that file has no recorded section). */
void bench_print(const struct bench_results *rs, const struct bench_cfg *cfg, const char *source);

/* bench_mem.c: figure 6 (needs the malloc wrappers of tests/perf). */
void bench_memory(struct bench_results *rs);

#endif
