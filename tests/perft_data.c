/* SPDX-License-Identifier: MIT */
/* perft_data.c - reads tests/data/perft.txt (see perft_data.h). */
#include "perft_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef MANA_TEST_DATA_DIR
#define MANA_TEST_DATA_DIR "tests/data"
#endif

static struct perft_case cases[PERFT_MAX_CASES];
static int ncases = -1;
static char error[1200]; /* room for the path */

/* Parses "MFN ;D1 n ;D2 n ..." into c; every depth 1..4 must be given,
 * in order.  Returns 0 or -1. */
static int parse_case(char *line, int blocked, struct perft_case *c)
{
    char *semi = strstr(line, " ;D");
    if (!semi || (size_t)(semi - line) > MANA_MFN_MAX)
        return -1;
    memcpy(c->mfn, line, (size_t)(semi - line));
    c->mfn[semi - line] = 0;
    c->blocked = blocked;
    c->leaves[0] = 1;
    char *s = semi;
    for (int d = 1; d <= PERFT_MAX_DEPTH; d++) {
        int depth = 0, used = 0;
        unsigned long long leaves = 0;
        if (sscanf(s, " ;D%d %llu%n", &depth, &leaves, &used) != 2 || depth != d)
            return -1;
        c->leaves[d] = leaves;
        s += used;
    }
    return s[strspn(s, " \r\n")] ? -1 : 0;
}

static int load(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(error, sizeof error, "cannot open %s", path);
        return -1;
    }
    char line[512];
    int blocked = -1, n = 0, lineno = 0, bad = 0;
    while (!bad && fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[strspn(line, " \r\n")] == 0)
            continue;
        if (!strncmp(line, "[blocked=pass]", 14) || !strncmp(line, "[blocked=draw]", 14))
            blocked = line[9] == 'p' ? MANA_BLOCKED_PASS : MANA_BLOCKED_DRAW;
        else if (blocked < 0 || n == PERFT_MAX_CASES || parse_case(line, blocked, &cases[n++]))
            bad = lineno;
    }
    fclose(f);
    if (bad)
        snprintf(error, sizeof error, "%s:%d: not a perft line of a [blocked=...] section", path, bad);
    return bad ? -1 : n;
}

const struct perft_case *perft_cases(int *n)
{
    if (ncases < 0) {
        const char *dir = getenv("MANA_TEST_DATA");
        char path[1024];
        snprintf(path, sizeof path, "%s/perft.txt", dir && *dir ? dir : MANA_TEST_DATA_DIR);
        ncases = load(path);
        if (ncases < 0)
            ncases = 0;
        else if (ncases == 0)
            snprintf(error, sizeof error, "%s: no positions", path);
    }
    *n = ncases;
    return ncases ? cases : NULL;
}

const char *perft_data_error(void)
{
    return error;
}
