/* SPDX-License-Identifier: MIT */
/* bench_util.c - timing, perft.txt, output and comparison for the bench. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "perft_embedded.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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

/* Returns the whole file as a NUL-terminated string (free it), or NULL. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    size_t n = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

int bench_load_positions(const char *path, struct bench_set *set)
{
    char *text = read_file(path);
    if (text && parse_text(text, set) == 0) {
        set->source = path;
        free(text);
        return 0;
    }
    free(text);
    fprintf(stderr, "bench: cannot read %s; using the embedded copy of perft.txt\n", path);
    set->source = "embedded copy";
    return parse_text(bench_perft_embedded, set);
}

mana_game *bench_game(const struct bench_pos *p)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g && !mana_set_option(g, MANA_OPT_BLOCKED, p->blocked) && !mana_set_position(g, p->mfn))
        return g;
    mana_free(g);
    return NULL;
}

/* Writes v with a k / M / G prefix into buf. */
static void human(double v, char *buf, size_t size)
{
    if (v >= 1e9)
        snprintf(buf, size, "%.3f G", v / 1e9);
    else if (v >= 1e6)
        snprintf(buf, size, "%.2f M", v / 1e6);
    else if (v >= 1e4)
        snprintf(buf, size, "%.1f k", v / 1e3);
    else if (v == (double)(long long)v)
        snprintf(buf, size, "%lld", (long long)v);
    else
        snprintf(buf, size, "%.3g", v);
}

/* Returns the CPU model named in /proc/cpuinfo, or "unknown". */
static const char *cpu_model(char *buf, size_t size)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    snprintf(buf, size, "unknown");
    for (char line[256]; f && fgets(line, sizeof line, f);) {
        char *colon = strchr(line, ':');
        if (!strncmp(line, "model name", 10) && colon) {
            snprintf(buf, size, "%s", colon + 2);
            buf[strcspn(buf, "\n")] = 0;
            break;
        }
    }
    if (f)
        fclose(f);
    return buf;
}

static void print_json(const struct bench_results *rs)
{
    char cpu[128], date[32];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    printf("{\"date\": \"%s\", \"cpu\": \"%s\", \"cc\": \"%s\", \"libmana\": \"%s\"", date,
           cpu_model(cpu, sizeof cpu), __VERSION__, mana_version());
    for (int i = 0; i < rs->n; i++)
        printf(",\n \"%s\": %.6g", rs->r[i].key, rs->r[i].value);
    printf("}\n");
}

void bench_print(const struct bench_results *rs, const struct bench_cfg *cfg)
{
    if (cfg->json) {
        print_json(rs);
        return;
    }
    printf("%-46s %12s  %s\n", "figure (median of runs)", "value", "unit");
    for (int i = 0; i < rs->n; i++) {
        char v[32];
        human(rs->r[i].value, v, sizeof v);
        printf("%-46s %12s  %s\n", rs->r[i].label, v, rs->r[i].unit);
    }
}

/* Returns the text of the last ```json block of text (cut in place). */
static char *last_json_block(char *text)
{
    char *start = NULL;
    for (char *s = strstr(text, "```json"); s; s = strstr(s + 1, "```json"))
        start = s + 7;
    char *end = start ? strstr(start, "```") : NULL;
    if (end)
        *end = 0;
    return end ? start : NULL;
}

void bench_compare(const struct bench_results *rs, const char *path)
{
    char *text = read_file(path);
    char *block = text ? last_json_block(text) : NULL;
    if (!block) {
        printf("\nno earlier run recorded in %s to compare with\n", path);
        free(text);
        return;
    }
    printf("\ncompared with the last run recorded in %s:\n", path);
    for (int i = 0; i < rs->n; i++) {
        char key[80];
        snprintf(key, sizeof key, "\"%s\":", rs->r[i].key);
        char *at = strstr(block, key);
        if (!at)
            continue;
        double old = strtod(at + strlen(key), NULL), now = rs->r[i].value;
        char a[32], b[32];
        human(old, a, sizeof a);
        human(now, b, sizeof b);
        printf("  %-44s %12s -> %12s  %+7.1f%%\n", rs->r[i].label, a, b, old != 0 ? 100 * (now - old) / old : 0.0);
    }
    free(text);
}
