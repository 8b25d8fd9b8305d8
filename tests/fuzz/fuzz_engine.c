/* SPDX-License-Identifier: MIT */
/*
 * fuzz_engine - `mana-cli engine`'s command handler (cli/engine/engine_loop.c,
 * eng_line: the body of its loop) fed the input as protocol lines, its
 * output caught line by line.  The input is split at '\n' (other bytes,
 * NUL included, stay in their line).  Every search is kept short by the
 * harness, not by the engine: a line whose first word is `go` gets
 * " nodes 300 iterations 100" appended (later limits win, so this caps
 * any node or playout limit the line gave, and ends infinite and ponder
 * searches' own work; their answer still waits for `stop`, sent by the
 * end of input as `quit` is), and the values of Hash and Threads that
 * would take memory or threads beyond the fuzzer's are lowered (65 MiB
 * and up to 2, 5 threads and up to 3: values that are refused stay as
 * they are).
 *
 * Invariants: no crash, no hang (libFuzzer's -timeout), no leak (ASan),
 * and every output line is one of the protocol's forms
 * (docs/engine-protocol.md): `id name`, `id author`, `option name ...
 * type ...`, `manaok`, `readyok`, `info string ...`, an `info` line of a
 * search (depth, seldepth, ... pv), `bestmove MOVE [ponder MOVE]` or
 * `bestmove (none)` with moves in notation; no line holds a control byte.
 * Every `go` is answered by exactly one bestmove.
 */
#include <strings.h>

#include "../../cli/engine/engine.h"
#include "fuzz.h"

#define MAX_LINE 512
#define GO_CAP " nodes 300 iterations 100"

struct catch
{
    int bestmoves;
    int lines;
    int echo; /* FUZZ_ECHO set: each line to stderr too, to read a run */
};

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Is the word w (up to a space or the end) move notation? */
static int is_move_word(const char *w, size_t n)
{
    char t[8];
    if (n == 0 || n >= sizeof t)
        return 0;
    memcpy(t, w, n);
    t[n] = '\0';
    return fuzz_is_notation(t);
}

/* "bestmove M", "bestmove M ponder M", "bestmove (none)" */
static int is_bestmove(const char *s)
{
    const char *m = s + strlen("bestmove ");
    if (strcmp(m, "(none)") == 0)
        return 1;
    size_t n = strcspn(m, " ");
    if (!is_move_word(m, n))
        return 0;
    if (m[n] == '\0')
        return 1;
    const char *p = m + n;
    if (!starts(p, " ponder "))
        return 0;
    p += strlen(" ponder ");
    return is_move_word(p, strlen(p));
}

/* An info line of a search: its fields in order, the pv's words moves. */
static int is_search_info(const char *s)
{
    const char *pv = strstr(s, " pv ");
    if (starts(s, "info setup samples ") || starts(s, "info depth ")) {
        if (strstr(s, " seldepth ") == NULL || strstr(s, " nodes ") == NULL || strstr(s, " time ") == NULL)
            return 0;
        if (pv == NULL) /* the totals line: no line, no score */
            return strstr(s, " score ") == NULL;
        if (strstr(s, " score cp ") == NULL && strstr(s, " score mate ") == NULL)
            return 0;
        for (const char *w = pv + 4; *w != '\0';) {
            size_t n = strcspn(w, " ");
            if (!is_move_word(w, n))
                return 0;
            w += n;
            w += *w == ' ';
        }
        return 1;
    }
    return 0;
}

static void sink(void *ctx, const char *line)
{
    struct catch *c = ctx;
    c->lines++;
    if (c->echo)
        fprintf(stderr, "%s\n", line);
    for (const char *p = line; *p != '\0'; p++)
        FUZZ_CHECK(NULL, (unsigned char)*p >= 0x20 && (unsigned char)*p != 0x7f, "a control byte in output line '%s'",
                   line);
    if (starts(line, "bestmove ")) {
        FUZZ_CHECK(NULL, is_bestmove(line), "a malformed bestmove: '%s'", line);
        c->bestmoves++;
        return;
    }
    int ok = starts(line, "id name ") || starts(line, "id author ") ||
             (starts(line, "option name ") && strstr(line, " type ") != NULL) || strcmp(line, "manaok") == 0 ||
             strcmp(line, "readyok") == 0 || (starts(line, "info string ") && line[12] != '\0') || is_search_info(line);
    FUZZ_CHECK(NULL, ok, "not a protocol line: '%s'", line);
}

/* Lowers a setoption's Hash or Threads value the fuzzer cannot afford;
 * returns 1 if it did. */
static int cap_option(char **words, int n)
{
    if (n < 5 || strcmp(words[0], "setoption") != 0 || strcmp(words[3], "value") != 0)
        return 0;
    const char *v = words[4];
    if (v[0] == '\0' || v[strspn(v, "0123456789")] != '\0' || strlen(v) > 6)
        return 0;
    long x = atol(v);
    if (strcasecmp(words[2], "Hash") == 0 && x > 64 && x <= 65536)
        words[4] = "2";
    else if (strcasecmp(words[2], "Threads") == 0 && x > 4 && x <= 256)
        words[4] = "3";
    else
        return 0;
    return 1;
}

/* Runs one line of the input (n bytes at p), with the harness's caps;
 * returns eng_line's answer (1: quit). */
static int run_line(engine *e, const uint8_t *p, size_t n, int *gos)
{
    char buf[MAX_LINE + sizeof GO_CAP + 2];
    if (n > MAX_LINE)
        n = MAX_LINE;
    memcpy(buf, p, n);
    buf[n] = '\0';
    /* its first words as the engine splits them, on a scratch copy */
    char scratch[sizeof buf], *words[6];
    int nw = 0;
    memcpy(scratch, buf, n + 1);
    if (memchr(buf, '\0', n) == NULL)
        for (char *t = strtok(scratch, " \t\r\n"); t != NULL && nw < 6; t = strtok(NULL, " \t\r\n"))
            words[nw++] = t;
    if (nw > 0 && strcmp(words[0], "go") == 0) {
        memcpy(buf + n, GO_CAP, sizeof GO_CAP);
        n += sizeof GO_CAP - 1;
        (*gos)++;
    } else if (nw == 5 && cap_option(words, nw)) { /* the line again, the value lowered */
        n = (size_t)snprintf(buf, sizeof buf, "%s %s %s %s %s", words[0], words[1], words[2], words[3], words[4]);
    }
    buf[n++] = '\n'; /* as getline gives it: the newline, then a NUL */
    buf[n] = '\0';
    return eng_line(e, buf, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static engine e; /* large: off the stack */
    struct catch c = {0, 0, getenv("FUZZ_ECHO") != NULL};
    int gos = 0, quit = 0;
    if (eng_init(&e, sink, &c) < 0)
        FUZZ_FAIL(NULL, "eng_init failed");
    size_t start = 0;
    for (size_t i = 0; i <= size && !quit; i++)
        if (i == size || data[i] == '\n') {
            quit = run_line(&e, data + start, i - start, &gos);
            start = i + 1;
        }
    eng_end(&e, quit);
    FUZZ_CHECK(NULL, c.bestmoves == gos, "%d go commands, %d bestmove lines", gos, c.bestmoves);
    return 0;
}
