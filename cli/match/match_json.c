/* SPDX-License-Identifier: MIT */
/*
 * match_json.c - the lasting outputs of `mana-cli match`: the JSON summary
 * (--json FILE) and the record of every game (--records DIR), written by
 * mana_record_write as soon as the game ends.  Each file is written to a
 * temporary name of this run (NAME.PID.tmp beside it), put on disk, then
 * renamed: a record or a summary is whole or absent, never half written,
 * and a run that fails (a full disk) leaves what was there before.  A
 * game lost by a fault keeps its moves, the runner's Result and a
 * Termination tag saying why, which docs/record-format.md accepts for an
 * unfinished game:
 *
 *     Round: 2
 *     Termination: crash-engine: engine crashed (exit status 3)
 *     Result: 0-1
 *
 * Where a record goes (DIR/, DIR/pending/, DIR/uncounted/) is said in
 * match.h; the JSON marks each game "counted": true or false.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "match.h"
#include "../platform.h"

/* The code point of the UTF-8 sequence at s, its length in *len; -1 (len
 * 1) where s does not start a valid one (overlong, surrogate, over
 * U+10FFFF, cut short). */
static long utf8_next(const char *text, size_t *len)
{
    const unsigned char *s = (const unsigned char *)text;
    static const long least[5] = {0, 0, 0x80, 0x800, 0x10000};
    size_t k = s[0] < 0x80 ? 1 : s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;
    *len = 1;
    if (k == 0)
        return -1;
    long c = k == 1 ? s[0] : s[0] & (0x7f >> k);
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return -1;
        c = c << 6 | (s[i] & 0x3f);
    }
    if (c < least[k] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return -1;
    *len = k;
    return c;
}

/* 1 for the characters a record refuses (docs/record-format.md): C0, DEL,
 * C1, U+2028 and U+2029. */
static int is_control(long c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029;
}

/* Writes s as a JSON string: UTF-8 as it is, '"' '\\' and controls
 * escaped, a byte that is not UTF-8 as U+FFFD. */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (size_t len; *s; s += len) {
        long c = utf8_next(s, &len);
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", (int)c);
        else if (c < 0)
            fputs("\\ufffd", f);
        else if (is_control(c))
            fprintf(f, "\\u%04lx", c);
        else
            fwrite(s, 1, len, f);
    }
    fputc('"', f);
}

/* A number, or null when it is not finite (JSON has no NaN, no Infinity). */
static void json_num(FILE *f, const char *fmt, double v)
{
    if (isfinite(v))
        fprintf(f, fmt, v);
    else
        fputs("null", f);
}

static void json_pairing(FILE *f, const match *m, int pi)
{
    long penta[5], wdl[3];
    elo_estimate e;
    match_tally(m, pi, match_counted_pairs(m), penta, wdl);
    stats_elo_penta(penta, &e);
    long n = wdl[0] + wdl[1] + wdl[2];
    fprintf(f, "    {\"first\": ");
    json_str(f, m->players[m->pairings[pi].a].name);
    fprintf(f, ", \"second\": ");
    json_str(f, m->players[m->pairings[pi].b].name);
    fprintf(f,
            ", \"wins\": %ld, \"draws\": %ld, \"losses\": %ld, "
            "\"pentanomial\": [%ld, %ld, %ld, %ld, %ld], \"unpaired_games\": %ld, \"score\": ",
            wdl[0], wdl[1], wdl[2], penta[0], penta[1], penta[2], penta[3], penta[4],
            n - 2 * (penta[0] + penta[1] + penta[2] + penta[3] + penta[4]));
    /* score: the first player's plain share of the points; the Elo comes
     * from the pairs' mean with fishtest's regularisation of empty cells */
    if (n > 0)
        json_num(f, "%.6f", ((double)wdl[0] + 0.5 * (double)wdl[1]) / (double)n);
    else
        fputs("null", f);
    fprintf(f, ", \"pair_score_regularized\": ");
    json_num(f, "%.6f", e.score);
    fprintf(f, ", \"elo\": ");
    json_num(f, "%.3f", e.elo);
    fprintf(f, ", \"elo95\": ");
    if (e.defined) { /* null: no interval (fewer than 2 pairs, or zero variance) */
        json_num(f, "%.3f", e.elo95);
        fprintf(f, ", \"elo_lower\": "); /* the interval's bounds: null when infinite */
        json_num(f, "%.3f", e.elo_lo);
        fprintf(f, ", \"elo_upper\": ");
        json_num(f, "%.3f", e.elo_hi);
        fprintf(f, ", \"los\": ");
        json_num(f, "%.6f", e.los);
        fputc('}', f);
    } else {
        fprintf(f, "null, \"elo_lower\": null, \"elo_upper\": null, \"los\": null}");
    }
}

static void json_games(FILE *f, const match *m)
{
    int first = 1;
    for (int i = 0; i < m->total; i++) {
        const game_result *r = &m->results[i];
        if (!r->done)
            continue;
        fprintf(f, "%s    {\"game\": %d, \"white\": ", first ? "" : ",\n", i + 1);
        json_str(f, m->players[r->white].name);
        fprintf(f, ", \"black\": ");
        json_str(f, m->players[r->black].name);
        fprintf(f, ", \"result\": \"%s\", \"plies\": %d, \"fault\": %s, \"counted\": %s, \"reason\": ",
                mana_result_text(r->status), r->plies, r->fault ? "true" : "false",
                match_counted(m, i) ? "true" : "false");
        json_str(f, r->reason);
        fputc('}', f);
        first = 0;
    }
}

/* Writes n bytes to path through path.PID.tmp (on disk, then renamed
 * over path; a path that is a device or a pipe is written directly).
 * Returns 0, or -1 with errno (the temporary file removed, path
 * untouched). */
static int write_atomic(const char *path, const char *text, size_t n)
{
    char tmp[4300];
    struct stat st;
    int direct = stat(path, &st) == 0 && !S_ISREG(st.st_mode); /* a device or a pipe: written as it is */
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, plat_pid());
    int fd = direct ? open(path, O_WRONLY) : open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0)
        return -1;
    size_t off = 0;
    while (off < n) {
        ssize_t k = write(fd, text + off, n - off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        off += (size_t)k;
    }
    if (off < n && errno == 0)
        errno = ENOSPC;
    int ok = off == n && (direct || plat_sync(fd) == 0);
    int err = errno;
    ok = close(fd) == 0 && ok;
    if (direct) {
        errno = err;
        return ok ? 0 : -1;
    }
    if (ok && plat_replace(tmp, path) == 0)
        return 0;
    err = ok ? errno : err;
    unlink(tmp);
    errno = err;
    return -1;
}

int match_write_json(const match *m, double secs)
{
    plat_mem mem;
    if (plat_mem_open(&mem) < 0) {
        fprintf(stderr, "mana-cli match: --json %s: %s\n", m->json, strerror(errno));
        return -1;
    }
    FILE *f = mem.f;
    int counted = 0;
    for (int i = 0; i < m->total; i++)
        counted += m->results[i].done && match_counted(m, i);
    fprintf(f, "{\n  \"players\": [");
    for (int k = 0; k < m->nplayers; k++) {
        fprintf(f, "%s", k ? ", " : "");
        json_str(f, m->players[k].name);
    }
    char tc[96] = "";
    if (m->tc.clock)
        tc_format(&m->tc, tc, sizeof tc);
    fprintf(f, "],\n  \"time_control\": ");
    if (m->tc.clock)
        json_str(f, tc);
    else
        fputs("null", f);
    fprintf(f, ",\n  \"games_played\": %d,\n  \"games_counted\": %d,\n  \"seconds\": %.3f,\n  \"pairings\": [\n",
            m->done_count, counted, secs);
    for (int pi = 0; pi < m->npairings; pi++) {
        json_pairing(f, m, pi);
        fprintf(f, "%s\n", pi + 1 < m->npairings ? "," : "");
    }
    fprintf(f, "  ],\n");
    if (m->sprt.on) {
        double lo, hi;
        sprt_decide(&m->sprt, m->llr, &lo, &hi);
        fprintf(f, "  \"sprt\": {\"elo0\": %g, \"elo1\": %g, \"alpha\": %g, \"beta\": %g, \"model\": \"%s\", \"llr\": ",
                m->sprt.elo0, m->sprt.elo1, m->sprt.alpha, m->sprt.beta,
                m->sprt.normalized ? "normalized" : "logistic");
        json_num(f, "%.6f", m->llr);
        fprintf(f, ", \"lower\": %.6f, \"upper\": %.6f, \"decision\": \"%s\", \"pairs\": %d, \"games\": %d},\n", lo, hi,
                m->sprt_result > 0   ? "H1"
                : m->sprt_result < 0 ? "H0"
                                     : "none",
                m->sprt_pairs, 2 * m->sprt_pairs);
    }
    fprintf(f, "  \"games\": [\n");
    json_games(f, m);
    fprintf(f, "\n  ]\n}\n");
    int ok = plat_mem_close(&mem) == 0 && write_atomic(m->json, mem.text, mem.n) == 0;
    if (!ok)
        fprintf(stderr, "mana-cli match: runner fault: --json %s: %s (not written)\n", m->json, strerror(errno));
    free(mem.text);
    return ok ? 0 : -1;
}

/* Sets tag key to text made fit for a tag: UTF-8 kept as it is, each byte
 * that is not UTF-8 and each control character as '?' (with a warning),
 * cut to the longest value between two characters, no white space at
 * either end.  A refusal by the library is a warning: the tag is left out. */
static void tag(mana_record_headers *hdr, const char *key, const char *text)
{
    char v[MANA_TAG_VALUE_MAX + 1];
    size_t n = 0, len;
    int replaced = 0;
    for (const char *p = text; *p; p += len) {
        long c = utf8_next(p, &len);
        int keep = c >= 0 && !is_control(c);
        size_t k = keep ? len : 1;
        if (n + k > MANA_TAG_VALUE_MAX)
            break;
        if (keep) {
            memcpy(v + n, p, len);
        } else {
            v[n] = '?';
            replaced = 1;
        }
        n += k;
    }
    while (n > 0 && v[n - 1] == ' ')
        n--;
    v[n] = '\0';
    const char *start = v + strspn(v, " ");
    if (replaced)
        fprintf(stderr, "mana-cli match: %s tag: invalid UTF-8 or control characters written as '?': %s\n", key, start);
    if (*start != '\0' && mana_record_tag_set(hdr, key, start) != MANA_OK)
        fprintf(stderr, "mana-cli match: %s tag left out: %s\n", key, mana_error_detail());
}

/* DIR/game-NNN.mana, DIR/pending/game-NNN.mana or DIR/uncounted/... */
static void record_path(const match *m, int i, int where, char *path, size_t size)
{
    static const char *const sub[] = {"", "pending/", "uncounted/"};
    snprintf(path, size, "%s/%sgame-%03d.mana", m->records, sub[where], i + 1);
}

/* Makes DIR/pending/ or DIR/uncounted/ (no error if it is there). */
static int record_dir(const match *m, int where)
{
    char dir[4200];
    if (where == RECORD_COUNTED)
        return 0;
    snprintf(dir, sizeof dir, "%s/%s", m->records, where == RECORD_PENDING ? "pending" : "uncounted");
    return plat_mkdir(dir) == 0 || errno == EEXIST ? 0 : -1;
}

/* The record of game i (mana_record_write) to DIR (where: see match.h):
 * tags White, Black, Date, Round (the game's number), TimeControl (under
 * clocks, as cutechess-cli's PGN has it: "40/60+0.5"); a game lost by a fault
 * has the runner's Result and a Termination tag (why).  A game the rules
 * decided has none: its Result is the moves' own, so a cut record is
 * refused rather than read as an unfinished game with a trusted Result. */
int match_write_record(const match *m, int i, const mana_game *g, const game_result *r, int where)
{
    if (m->records == NULL)
        return 0;
    mana_record_headers hdr;
    char path[4200], day[32], round[16];
    time_t now = time(NULL);
    struct tm tm;
    mana_record_headers_init(&hdr, m->preset);
    tag(&hdr, "White", m->players[r->white].name);
    tag(&hdr, "Black", m->players[r->black].name);
    strftime(day, sizeof day, "%Y-%m-%d", localtime_r(&now, &tm));
    tag(&hdr, "Date", day);
    snprintf(round, sizeof round, "%d", i + 1);
    tag(&hdr, "Round", round);
    if (m->tc.clock) { /* as --tc reads it, in its shortest form */
        char tc[96];
        tc_format(&m->tc, tc, sizeof tc);
        tag(&hdr, "TimeControl", tc);
    }
    if (r->fault) { /* the runner's verdict on an unfinished game, and why */
        tag(&hdr, "Termination", r->reason);
        hdr.result = r->status;
    }
    int n = mana_record_write(g, &hdr, NULL, 0);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    record_path(m, i, where, path, sizeof path);
    errno = 0;
    int ok = text != NULL && mana_record_write(g, &hdr, text, (size_t)n + 1) == n && record_dir(m, where) == 0 &&
             write_atomic(path, text, (size_t)n) == 0;
    free(text);
    if (!ok) {
        fprintf(stderr, "mana-cli match: runner fault: cannot write %s: %s\n", path,
                n < 0   ? mana_error_detail()
                : errno ? strerror(errno)
                        : "out of memory");
        return -1;
    }
    return 0;
}

void match_move_record(const match *m, int i, int where)
{
    char from[4200], to[4200];
    if (m->records == NULL || where == RECORD_PENDING)
        return;
    record_path(m, i, RECORD_PENDING, from, sizeof from);
    record_path(m, i, where, to, sizeof to);
    if (access(from, F_OK) != 0)
        return;
    if (record_dir(m, where) < 0 || plat_replace(from, to) < 0)
        fprintf(stderr, "mana-cli match: cannot move %s to %s: %s (the record stays where it is)\n", from, to,
                strerror(errno));
}

int match_records_check(const match *m)
{
    if (m->records == NULL || m->from_journal != NULL)
        return 0;
    if (plat_mkdir(m->records) == 0)
        return 0;
    if (errno != EEXIST) {
        fprintf(stderr, "mana-cli match: %s: %s\n", m->records, strerror(errno));
        return -1;
    }
    DIR *d = opendir(m->records);
    if (d == NULL) {
        fprintf(stderr, "mana-cli match: %s: %s\n", m->records, strerror(errno));
        return -1;
    }
    int files = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        files += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    char own[4200];
    snprintf(own, sizeof own, "%s/match-journal.txt", m->records);
    if (files > 0 && !m->resume && strcmp(m->journal, own) == 0 && access(own, F_OK) == 0)
        return 0; /* the journal there says whose files they are (journal_open) */
    if (files > 0 && !m->resume) {
        fprintf(stderr,
                "mana-cli match: --records %s is not empty (%d entries); not touched: --resume continues the match "
                "written there, or give a fresh directory\n",
                m->records, files);
        return -1;
    }
    return 0;
}
