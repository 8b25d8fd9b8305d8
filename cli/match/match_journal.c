/* SPDX-License-Identifier: MIT */
/*
 * match_journal.c - the journal of `mana-cli match`, which makes a match
 * resumable and is never lost:
 *
 *     settings v2 players=2:... games=16 ...
 *     game 1 white 0 black 1 status 2 plies 31 fault 0 reason White won, Black's Damyo captured
 *     decision H1 pairs 8 games 16 (later games are not counted)
 *
 * A fresh journal is written to a temporary name of this run, locked, and
 * linked into place (link fails on an existing name: a journal is never
 * replaced, even by a second run started at the same moment; where an
 * open file cannot be linked, as on Windows, it is created under its name
 * with O_EXCL).  A journal
 * that exists is taken only with --resume and the same settings, and only
 * while no other run holds its lock; otherwise the run stops before any
 * game, naming --resume and a fresh directory.  Each game's line is on
 * disk (fsync) before the game counts; a line that cannot be written is a
 * fault of the runner (the match stops; the game is not scored).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match.h"
#include "../platform.h"

static int decision_read; /* the journal resumed holds a decision line (one run a process) */

/* The value of field key ("games=") in a settings line, up to the next
 * space, into buf; "none" if absent. */
static void settings_field(const char *line, const char *key, char *buf, size_t size)
{
    size_t klen = strlen(key);
    for (const char *p = line; *p; p += strcspn(p, " ") + (p[strcspn(p, " ")] == ' ')) {
        if (strncmp(p, key, klen) == 0) {
            snprintf(buf, size, "%.*s", (int)strcspn(p + klen, " \n"), p + klen);
            return;
        }
    }
    snprintf(buf, size, "none");
}

/* Names the first setting of now that differs in old, with both values:
 * "games: 16 in the journal, 100 now". */
static void settings_diff(const char *old, const char *now, char *buf, size_t size)
{
    if (strncmp(old, "v2 ", 3) != 0) {
        snprintf(buf, size, "its settings line is not mana-cli's 'v2' form: '%.60s'", old);
        return;
    }
    for (const char *p = now + 3; *p && *p != '\n'; p += strcspn(p, " ") + (p[strcspn(p, " ")] == ' ')) {
        char key[64], a[200], b[200];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(p, "=") + 1, p);
        settings_field(old, key, a, sizeof a);
        settings_field(now, key, b, sizeof b);
        if (strcmp(a, b) == 0)
            continue;
        key[strlen(key) - 1] = '\0';
        if (strcmp(key, "players") == 0 || strcmp(key, "openings") == 0) {
            a[strcspn(a, ":")] = b[strcspn(b, ":")] = '\0'; /* the counts; then a hash */
            const char *what = key[0] == 'p' ? "names, commands, limits or --opt" : "lines";
            if (strcmp(a, b) != 0)
                snprintf(buf, size, "the %s differ (%s %s in the journal, %s now)", key, a, key, b);
            else
                snprintf(buf, size, "the %s differ (as many, %s, but their %s)", key, a, what);
        } else {
            snprintf(buf, size, "%s: %s in the journal, %s now", key, strcmp(a, "-") ? a : "the rules' default",
                     strcmp(b, "-") ? b : "the rules' default");
        }
        return;
    }
    snprintf(buf, size, "a setting this mana-cli does not know");
}

/* fgets for the journal's lines: a CRLF line end (a journal copied
 * through a Windows tool) is read as LF. */
static char *journal_gets(char *line, int size, FILE *f)
{
    if (fgets(line, size, f) == NULL)
        return NULL;
    size_t n = strlen(line);
    if (n >= 2 && line[n - 2] == '\r' && line[n - 1] == '\n')
        memcpy(line + n - 2, "\n", 2);
    return line;
}

/* Reads one game line into m->results; 0, -1 for a line that is not one
 * (cut short by an interruption, or a decision line), or -2 for a game
 * journaled before with another result (a finished game is journaled
 * once; the line of a game replayed after a cut line repeats it). */
static int read_game(match *m, char *line)
{
    game_result r;
    int i, off = 0;
    memset(&r, 0, sizeof r);
    if (sscanf(line, "game %d white %d black %d status %d plies %d fault %d reason %n", &i, &r.white, &r.black,
               &r.status, &r.plies, &r.fault, &off) != 6 ||
        off == 0 || i < 1 || i > m->total || r.white < 0 || r.white >= m->nplayers || r.black < 0 ||
        r.black >= m->nplayers || r.status < MANA_WHITE_WON || r.status > MANA_DRAWN || strchr(line, '\n') == NULL)
        return -1;
    line[strcspn(line, "\n")] = '\0';
    snprintf(r.reason, sizeof r.reason, "%s", line + off);
    r.done = 1;
    const game_result *was = &m->results[i - 1];
    if (was->done && (was->white != r.white || was->black != r.black || was->status != r.status ||
                      was->plies != r.plies || was->fault != r.fault || strcmp(was->reason, r.reason) != 0))
        return -2;
    if (!was->done)
        m->done_count++;
    m->results[i - 1] = r;
    return 0;
}

/* Counts the game lines of an open journal (for a refusal's message). */
static int count_games(FILE *f)
{
    char line[4096];
    int n = 0;
    while (journal_gets(line, sizeof line, f) != NULL)
        n += strncmp(line, "game ", 5) == 0;
    return n;
}

/* Reads the journal in f: its settings must be this match's (else -1,
 * why printed, with the hint for what); loads its games when load. */
static int read_journal(match *m, FILE *f, const char *path, int load, const char *what)
{
    char line[4096], diff[600];
    int ok = journal_gets(line, sizeof line, f) != NULL && strncmp(line, "settings ", 9) == 0;
    if (ok && strcmp(line + 9, m->settings) != 0) {
        settings_diff(line + 9, m->settings, diff, sizeof diff);
        fprintf(stderr,
                "mana-cli match: %s%s was written by a match with other settings: %s (%d games there); not touched: "
                "give this match a fresh --records directory (or --journal file), or --resume that one with its "
                "own settings\n",
                what, path, diff, count_games(f));
        return -1;
    }
    if (!ok) {
        fprintf(stderr, "mana-cli match: %s%s exists and is not a match journal; not touched\n", what, path);
        return -1;
    }
    for (int at = 2; load && journal_gets(line, sizeof line, f) != NULL; at++) {
        int rc = read_game(m, line);
        if (rc == -2) {
            fprintf(stderr,
                    "mana-cli match: %s%s line %d: game %d is journaled twice with different results; not "
                    "touched: remove the wrong line\n",
                    what, path, at, atoi(line + 5));
            return -1;
        }
        if (rc < 0 && strncmp(line, "decision ", 9) == 0)
            decision_read = 1;
    }
    return 0;
}

/* Removes the last line of the journal f (open on fd) when an
 * interruption cut it short (no newline at its end): it was read as no
 * game, whose game is played again, and ended by a newline it would read
 * as a whole line later (a game with a cut reason, then a second result).
 * Only that fragment goes; every whole line stays.  0, or -1 with errno. */
static int cut_partial_line(FILE *f, int fd)
{
    if (fseek(f, 0, SEEK_END) != 0)
        return -1;
    long end = ftell(f), at = end;
    while (at > 0) { /* back to the newline that ends the last whole line */
        if (fseek(f, at - 1, SEEK_SET) != 0)
            return -1;
        if (fgetc(f) == '\n')
            break;
        at--;
    }
    if (at == end)
        return 0;
    fflush(f);
    return plat_truncate(fd, at);
}

/* A journal that exists: refused without --resume; with it, locked and
 * loaded, and opened for appending. */
static int journal_take(match *m, int fd)
{
    FILE *f = fdopen(fd, "r+");
    if (f == NULL) {
        close(fd);
        return -1;
    }
    if (!m->resume) {
        int same = read_journal(m, f, m->journal, 0, "") == 0;
        if (same)
            fprintf(stderr,
                    "mana-cli match: %s holds %d games of this same match; not touched: add --resume to continue "
                    "it, or give a fresh --records directory (or --journal file)\n",
                    m->journal, count_games(f));
        fclose(f);
        return -1;
    }
    if (plat_lock(fd) < 0) {
        fprintf(stderr, "mana-cli match: --resume: %s is in use by another run of the match; not touched\n",
                m->journal);
        fclose(f);
        return -1;
    }
    if (read_journal(m, f, m->journal, 1, "--resume: ") < 0) {
        fclose(f);
        return -1;
    }
    if (cut_partial_line(f, fd) < 0) {
        fprintf(stderr, "mana-cli match: --resume: %s: cannot remove the line an interruption cut short: %s\n",
                m->journal, strerror(errno));
        fclose(f);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    m->journal_fp = f;
    return 0;
}

/* A fresh journal: the settings line in a temporary file of this run,
 * locked, then linked to the journal's name (never over a file). */
static int journal_create(match *m)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", m->journal, plat_pid());
    int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL, 0666);
    if (fd < 0) {
        fprintf(stderr, "mana-cli match: %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    plat_lock(fd);
    FILE *f = fdopen(fd, "w");
    int ok = f != NULL && fprintf(f, "settings %s", m->settings) > 0 && fflush(f) == 0 && plat_sync(fd) == 0;
    int err = errno;
    int linked = ok && plat_link(tmp, m->journal) == 0;
    if (ok && !linked)
        err = errno;
    if (ok && !linked && err != EEXIST && (err == EPERM || err == ENOTSUP || err == EXDEV)) {
        /* no hard links here: an exclusive create of the name instead */
        if (f != NULL)
            fclose(f);
        else
            close(fd);
        unlink(tmp); /* once closed: Windows removes no open file */
        fd = open(m->journal, O_RDWR | O_CREAT | O_EXCL, 0666);
        if (fd < 0)
            return errno == EEXIST ? 1 : (fprintf(stderr, "mana-cli match: %s: %s\n", m->journal, strerror(errno)), -1);
        plat_lock(fd);
        f = fdopen(fd, "w");
        ok = f != NULL && fprintf(f, "settings %s", m->settings) > 0 && fflush(f) == 0 && plat_sync(fd) == 0;
        err = errno;
        linked = ok;
    } else {
        unlink(tmp);
    }
    if (linked) {
        m->journal_fp = f;
        return 0;
    }
    if (f != NULL)
        fclose(f);
    else
        close(fd);
    if (ok && err == EEXIST)
        return 1; /* another run made it first: treated as existing */
    fprintf(stderr, "mana-cli match: %s: %s (nothing played)\n", m->journal, strerror(err));
    return -1;
}

int journal_open(match *m)
{
    if (m->from_journal != NULL) {
        FILE *f = fopen(m->from_journal, "r");
        if (f == NULL) {
            fprintf(stderr, "mana-cli match: --from-journal %s: %s\n", m->from_journal, strerror(errno));
            return -1;
        }
        int rc = read_journal(m, f, m->from_journal, 1, "--from-journal ");
        fclose(f);
        return rc;
    }
    if (m->journal == NULL)
        return 0;
    for (int tries = 0; tries < 2; tries++) {
        int fd = open(m->journal, O_RDWR);
        if (fd >= 0)
            return journal_take(m, fd);
        if (errno != ENOENT) {
            fprintf(stderr, "mana-cli match: %s: %s\n", m->journal, strerror(errno));
            return -1;
        }
        if (m->resume) {
            fprintf(stderr,
                    "mana-cli match: --resume: %s: %s (nothing to resume; without --resume a new match "
                    "starts there)\n",
                    m->journal, strerror(ENOENT));
            return -1;
        }
        int rc = journal_create(m);
        if (rc <= 0)
            return rc;
    }
    return -1;
}

/* Writes a line and puts it on disk; -1 with why printed. */
static int journal_line(match *m, const char *line)
{
    if (m->journal_fp == NULL)
        return 0;
    errno = 0;
    if (fputs(line, m->journal_fp) < 0 || fflush(m->journal_fp) != 0 || plat_sync(fileno(m->journal_fp)) != 0) {
        int err = errno;
        clearerr(m->journal_fp);
        fprintf(stderr, "mana-cli match: runner fault: cannot write the journal %s: %s\n", m->journal,
                err ? strerror(err) : "write error");
        return -1;
    }
    return 0;
}

int journal_add(match *m, int i, const game_result *r)
{
    char line[512];
    snprintf(line, sizeof line, "game %d white %d black %d status %d plies %d fault %d reason %s\n", i + 1, r->white,
             r->black, r->status, r->plies, r->fault, r->reason);
    return journal_line(m, line);
}

void journal_decision(match *m)
{
    if (decision_read)
        return; /* a resumed journal says it already */
    char line[160];
    snprintf(line, sizeof line, "decision %s pairs %d games %d (later games are not counted)\n",
             m->sprt_result > 0 ? "H1" : "H0", m->sprt_pairs, 2 * m->sprt_pairs);
    journal_line(m, line);
}

void journal_close(match *m)
{
    if (m->journal_fp != NULL)
        fclose(m->journal_fp);
    m->journal_fp = NULL;
}
