/* SPDX-License-Identifier: MIT */
/* bench_util.c - timing, perft.txt, output and comparison for the bench. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_proc_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int bench_wants(const struct bench_cfg *cfg, const char *figure)
{
    size_t len = strlen(figure);
    for (const char *s = cfg->only; s && *s; s += strcspn(s, ","), s += *s == ',')
        if (!strncmp(s, figure, len) && (s[len] == ',' || s[len] == 0))
            return 1;
    return cfg->only == NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void bench_add(struct bench_results *rs, const char *key, const char *label, const char *unit, double value)
{
    if (rs->n == BENCH_MAX_RESULTS)
        bench_fail("too many results");
    rs->r[rs->n++] = (struct bench_result){key, label, unit, value};
}

void bench_fail(const char *what)
{
    fprintf(stderr, "bench: %s\n", what);
    exit(1);
}

/* Reads one "MFN ;D1 n ;D2 n ..." line into p; returns 0 or -1. */
static int parse_line(const char *line, int blocked, struct bench_pos *p)
{
    const char *semi = strchr(line, ';');
    size_t len = semi ? (size_t)(semi - line) : strlen(line);
    while (len && line[len - 1] == ' ')
        len--;
    if (!semi || len == 0 || len > MANA_MFN_MAX)
        return -1;
    memset(p, 0, sizeof *p);
    memcpy(p->mfn, line, len);
    p->blocked = blocked;
    for (const char *s = semi; s; s = strchr(s + 1, ';')) {
        int d;
        unsigned long long count;
        if (sscanf(s, ";D%d %llu", &d, &count) != 2 || d < 1 || d >= BENCH_MAX_DEPTH)
            return -1;
        p->known[d] = count;
        p->has[d] = 1;
    }
    return 0;
}

/* Fills set from the text of a perft.txt; returns 0 or -1. */
static int parse_text(const char *text, struct bench_set *set)
{
    int blocked = MANA_BLOCKED_PASS;
    char line[512];
    set->n = 0;
    for (const char *s = text; *s;) {
        size_t len = strcspn(s, "\n");
        if (len >= sizeof line)
            return -1;
        memcpy(line, s, len);
        line[len] = 0;
        s += len + (s[len] == '\n');
        if (!strcmp(line, "[blocked=pass]") || !strcmp(line, "[blocked=draw]"))
            blocked = line[9] == 'p' ? MANA_BLOCKED_PASS : MANA_BLOCKED_DRAW;
        else if (line[0] && line[0] != '#' &&
                 (set->n == BENCH_MAX_POS || parse_line(line, blocked, &set->pos[set->n++])))
            return -1;
    }
    return set->n > 0 ? 0 : -1;
}

char *bench_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, size = 0;
    while (f) {
        if (n + 1 >= size) {
            char *grown = realloc(buf, size = size ? 2 * size : 1 << 16);
            if (!grown)
                break;
            buf = grown;
        }
        size_t got = fread(buf + n, 1, size - 1 - n, f);
        n += got;
        if (got == 0) {
            int bad = ferror(f);
            fclose(f);
            if (bad)
                break;
            buf[n] = 0;
            return buf;
        }
    }
    if (f)
        fclose(f);
    free(buf);
    return NULL;
}

int bench_load_positions(const char *path, struct bench_set *set)
{
    char *text = bench_read_file(path);
    if (text && parse_text(text, set) == 0) {
        set->source = path;
        free(text);
        return 0;
    }
    free(text);
    fprintf(stderr, "bench: cannot read the perft positions of %s\n", path);
    return -1;
}

mana_game *bench_game(const struct bench_pos *p)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g && !mana_set_option(g, MANA_OPT_BLOCKED, p->blocked) && !mana_set_position(g, p->mfn))
        return g;
    mana_free(g);
    return NULL;
}
