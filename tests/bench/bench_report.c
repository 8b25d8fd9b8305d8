/* SPDX-License-Identifier: MIT */
/*
 * bench_report.c - prints the figures: a table (with the change since the
 * run recorded in BENCHMARKS.md), one JSON object, or the Markdown of the
 * recorded run (summary, table, JSON block).  --record FILE prints the
 * table and writes that Markdown into FILE between the lines
 * BENCH_BEGIN and BENCH_END, replacing what was there: the file holds one
 * recorded run, its history is in git.
 */
#include <errno.h>
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

static void print_json(FILE *out, const struct bench_results *rs, const struct bench_cfg *cfg, const char *source)
{
    char cpu[128], date[32];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    fprintf(out,
            "{\"date\": \"%s\", \"cpu\": \"%s\", \"cpus\": %ld, \"cc\": \"%s\", \"libmana\": \"%s\",\n"
            " \"positions\": \"%s\", \"runs\": %d, \"seconds\": %g",
            date, cpu_model(cpu, sizeof cpu), sysconf(_SC_NPROCESSORS_ONLN), BENCH_CC, mana_version(), source,
            cfg->runs, cfg->seconds);
    for (int i = 0; i < rs->n; i++)
        fprintf(out, ",\n \"%s\": %.6g", rs->r[i].key, rs->r[i].value);
    fprintf(out, "}\n");
}

/* Finds the recorded section of text: *begin at the start of its first
 * line after BENCH_BEGIN's, *end at BENCH_END.  Returns 0, or -1 if the
 * markers are missing, out of order or not alone. */
static int find_section(char *text, char **begin, char **end)
{
    char *b = strstr(text, BENCH_BEGIN "\n");
    char *e = b ? strstr(b, BENCH_END) : NULL;
    if (!e || strstr(b + 1, BENCH_BEGIN) != NULL || strstr(e + 1, BENCH_END) != NULL || (e != text && e[-1] != '\n'))
        return -1;
    *begin = b + strlen(BENCH_BEGIN "\n");
    *end = e;
    return 0;
}

/* Returns the text of the ```json block of the recorded section of text
 * (cut in place), or NULL if there is none. */
static char *recorded_json(char *text)
{
    char *begin, *end;
    if (find_section(text, &begin, &end))
        return NULL;
    *end = 0;
    char *start = strstr(begin, "```json");
    char *stop = start ? strstr(start + 7, "```") : NULL;
    if (!stop)
        return NULL;
    *stop = 0;
    return start + 7;
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
        printf("\n(no run recorded in %s to compare with)\n", compare);
    else if (compare)
        printf("\n(last run: the run recorded in %s)\n", compare);
}

static void print_markdown(FILE *out, const struct bench_results *rs, const struct bench_cfg *cfg, const char *source)
{
    char cpu[128], date[32];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&t));
    fprintf(out, "Run of %s (`make bench-record`): %s, %ld CPUs; %s; libmana %s.\n", date, cpu_model(cpu, sizeof cpu),
            sysconf(_SC_NPROCESSORS_ONLN), BENCH_CC, mana_version());
    fprintf(out,
            "Positions of %s; median of %d runs; about %g s per timed unit; %d threads for the N-thread "
            "figures.\n\n",
            source, cfg->runs, cfg->seconds, cfg->threads);
    fprintf(out, "| figure | value | unit |\n|---|---:|---|\n");
    for (int i = 0; i < rs->n; i++) {
        char v[32];
        human(rs->r[i].value, v, sizeof v);
        fprintf(out, "| %s | %s | %s |\n", rs->r[i].label, v, rs->r[i].unit);
    }
    fprintf(out, "\n```json\n");
    print_json(out, rs, cfg, source);
    fprintf(out, "```\n");
}

/* Writes the recorded section of path anew (through path.tmp, renamed
 * over it); the text around the markers is kept byte for byte.  Exits
 * with status 1 if path has no section or cannot be written. */
static void record(const char *path, const struct bench_results *rs, const struct bench_cfg *cfg, const char *source)
{
    char *text = bench_read_file(path), *begin, *end, tmp[4096];
    if (!text || find_section(text, &begin, &end)) {
        fprintf(stderr, "bench: %s has no section between a line %s and a line %s (each once)\n", path, BENCH_BEGIN,
                BENCH_END);
        exit(1);
    }
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *out = fopen(tmp, "w");
    if (out) {
        fwrite(text, 1, (size_t)(begin - text), out);
        print_markdown(out, rs, cfg, source);
        fputs(end, out);
    }
    if (!out || fclose(out) || rename(tmp, path)) {
        fprintf(stderr, "bench: cannot write %s: %s\n", out ? path : tmp, strerror(errno));
        remove(tmp);
        exit(1);
    }
    free(text);
    printf("\n(recorded in %s)\n", path);
}

void bench_print(const struct bench_results *rs, const struct bench_cfg *cfg, const char *source)
{
    const char *compare = cfg->record ? cfg->record : cfg->compare;
    char *text = compare ? bench_read_file(compare) : NULL;
    const char *block = text ? recorded_json(text) : NULL;
    if (cfg->json)
        print_json(stdout, rs, cfg, source);
    else if (cfg->markdown)
        print_markdown(stdout, rs, cfg, source);
    else
        print_table(rs, block, compare);
    if (cfg->record)
        record(cfg->record, rs, cfg, source);
    free(text);
}
