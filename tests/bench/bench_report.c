/* SPDX-License-Identifier: MIT */
/*
 * bench_report.c - prints the figures: a table (with the change since the
 * last run recorded in BENCHMARKS.md), one JSON object, or a Markdown
 * section to append to BENCHMARKS.md (table, comparison and JSON block).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

/* Writes v with a k / M / G prefix into buf. */
static void human(double v, char *buf, size_t size)
{
    if (v >= 1e9)
        snprintf(buf, size, "%.3f G", v / 1e9);
    else if (v >= 1e6)
        snprintf(buf, size, "%.2f M", v / 1e6);
    else if (v >= 1e4)
        snprintf(buf, size, "%.1f k", v / 1e3);
    else if (v >= 100 || v == (double)(long long)v)
        snprintf(buf, size, "%.0f", v);
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

/* The compiler of the bench (the library's, built by the same make). */
#if defined(__clang__)
#define BENCH_CC "clang " __clang_version__
#elif defined(__GNUC__)
#define BENCH_CC "gcc " __VERSION__
#else
#define BENCH_CC "unknown compiler"
#endif

static void print_json(const struct bench_results *rs, const struct bench_cfg *cfg, const char *source)
{
    char cpu[128], date[32];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    printf("{\"date\": \"%s\", \"cpu\": \"%s\", \"cpus\": %ld, \"cc\": \"%s\", \"libmana\": \"%s\",\n"
           " \"positions\": \"%s\", \"runs\": %d, \"seconds\": %g",
           date, cpu_model(cpu, sizeof cpu), sysconf(_SC_NPROCESSORS_ONLN), BENCH_CC, mana_version(), source, cfg->runs,
           cfg->seconds);
    for (int i = 0; i < rs->n; i++)
        printf(",\n \"%s\": %.6g", rs->r[i].key, rs->r[i].value);
    printf("}\n");
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

/* Stores in *old the value of key in the JSON block; returns 0, or -1 if
 * the block or the key is missing. */
static int previous(const char *block, const char *key, double *old)
{
    char pattern[96];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = block ? strstr(block, pattern) : NULL;
    if (!at)
        return -1;
    *old = strtod(at + strlen(pattern), NULL);
    return 0;
}

/* Writes "old -> change%" for figure r into buf, or "" if there is no old
 * value. */
static void change(const char *block, const struct bench_result *r, char *old_text, char *pct, size_t size)
{
    double old;
    old_text[0] = pct[0] = 0;
    if (previous(block, r->key, &old))
        return;
    human(old, old_text, size);
    if (old != 0)
        snprintf(pct, size, "%+.1f%%", 100 * (r->value - old) / old);
}

static void print_table(const struct bench_results *rs, const char *block, const char *compare)
{
    printf("%-46s %12s  %-9s", "figure (median of runs)", "value", "unit");
    if (block)
        printf(" %12s %8s", "last run", "change");
    printf("\n");
    for (int i = 0; i < rs->n; i++) {
        char v[32], old[32], pct[32];
        human(rs->r[i].value, v, sizeof v);
        change(block, &rs->r[i], old, pct, sizeof old);
        printf("%-46s %12s  %-9s", rs->r[i].label, v, rs->r[i].unit);
        if (block)
            printf(" %12s %8s", old, pct);
        printf("\n");
    }
    if (compare && !block)
        printf("\n(no earlier run recorded in %s to compare with)\n", compare);
    else if (compare)
        printf("\n(last run: the last ```json block of %s)\n", compare);
}

static void print_markdown(const struct bench_results *rs, const struct bench_cfg *cfg, const char *source,
                           const char *block)
{
    char cpu[128], date[32];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&t));
    printf("### Run of %s\n\n", date);
    printf("- machine: %s, %ld CPUs; compiler: %s; libmana %s\n", cpu_model(cpu, sizeof cpu),
           sysconf(_SC_NPROCESSORS_ONLN), BENCH_CC, mana_version());
    printf("- positions: %s; median of %d runs; about %g s per timed unit; %d threads for the N-thread "
           "figures\n\n",
           source, cfg->runs, cfg->seconds, cfg->threads);
    printf("| figure | value | unit | last run | change |\n|---|---:|---|---:|---:|\n");
    for (int i = 0; i < rs->n; i++) {
        char v[32], old[32], pct[32];
        human(rs->r[i].value, v, sizeof v);
        change(block, &rs->r[i], old, pct, sizeof old);
        printf("| %s | %s | %s | %s | %s |\n", rs->r[i].label, v, rs->r[i].unit, old, pct);
    }
    printf("\n```json\n");
    print_json(rs, cfg, source);
    printf("```\n");
}

void bench_print(const struct bench_results *rs, const struct bench_cfg *cfg, const char *source)
{
    char *text = cfg->compare ? bench_read_file(cfg->compare) : NULL;
    const char *block = text ? last_json_block(text) : NULL;
    if (cfg->json)
        print_json(rs, cfg, source);
    else if (cfg->markdown)
        print_markdown(rs, cfg, source, block);
    else
        print_table(rs, block, cfg->compare);
    free(text);
}
