/* SPDX-License-Identifier: MIT */
/*
 * match_sched.c - the running of `mana-cli match`: game numbers, worker
 * threads (--jobs), the journal that makes a match resumable, and the SPRT
 * stop.
 *
 * Game i (0-based) belongs to pairing i / games, game k = i % games of it;
 * games 2p and 2p+1 of a pairing are a pair: the same opening, colours
 * swapped.  Every game's seeds come from the match seed and i alone, so a
 * game is the same whichever thread plays it and whenever: results do not
 * depend on --jobs, and a resumed match plays the games the journal lacks
 * exactly as an uninterrupted one would have.  The SPRT looks at the pairs
 * in order (the complete prefix), so its decision point does not depend on
 * which game finished first either.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match.h"

void match_game_slot(const match *m, int i, int *pi, int *k)
{
    *pi = i / m->games;
    *k = i % m->games;
}

/* The score in half points of player a in a finished game. */
static int half_points(const game_result *r, int a)
{
    if (r->status == MANA_DRAWN)
        return 1;
    int white_won = r->status == MANA_WHITE_WON;
    return (r->white == a) == white_won ? 2 : 0;
}

void match_tally(const match *m, int pi, int max_pairs, long penta[5], long wdl[3])
{
    memset(penta, 0, 5 * sizeof *penta);
    memset(wdl, 0, 3 * sizeof *wdl);
    int a = m->pairings[pi].a;
    int limit = max_pairs < 0 ? m->games : 2 * max_pairs;
    for (int k = 0; k < limit && k < m->games; k++) {
        const game_result *r = &m->results[pi * m->games + k];
        if (!r->done)
            continue;
        int h = half_points(r, a);
        wdl[h == 2 ? 0 : h == 1 ? 1 : 2]++;
        if (k % 2 == 1 && m->results[pi * m->games + k - 1].done)
            penta[h + half_points(&m->results[pi * m->games + k - 1], a)]++;
    }
}

double match_prefix_llr(const match *m, int *pairs)
{
    long penta[5], wdl[3];
    match_tally(m, 0, *pairs, penta, wdl);
    return stats_llr_penta(penta, m->sprt.elo0, m->sprt.elo1, m->sprt.normalized);
}

/* Extends the SPRT over the complete prefix of pairs; stops the match at
 * the first pair count where the LLR leaves the bounds.  Lock held. */
static void sprt_update(match *m)
{
    if (!m->sprt.on || m->sprt_result != 0)
        return;
    int npairs = m->games / 2;
    while (m->sprt_pairs < npairs) {
        int p = m->sprt_pairs;
        if (!m->results[2 * p].done || !m->results[2 * p + 1].done)
            return;
        int n = p + 1;
        double lo, hi;
        m->llr = match_prefix_llr(m, &n);
        m->sprt_pairs = n;
        m->sprt_result = sprt_decide(&m->sprt, m->llr, &lo, &hi);
        if (m->sprt_result != 0) {
            m->stop = 1;
            return;
        }
    }
}

/* ---- the journal -------------------------------------------------------- */

/* Returns 1 if the file at path ends without a newline (cut short). */
static int ends_cut(const char *path)
{
    FILE *f = fopen(path, "rb");
    int cut = 0;
    if (f != NULL && fseek(f, -1, SEEK_END) == 0)
        cut = fgetc(f) != '\n';
    if (f != NULL)
        fclose(f);
    return cut;
}

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
            snprintf(buf, size, "the %s differ (%s %s in the journal, %s now; %s)", key, a, key, b,
                     key[0] == 'p' ? "or their names, commands, limits or --opt" : "or the lines of the file");
        } else {
            snprintf(buf, size, "%s: %s in the journal, %s now", key, strcmp(a, "-") ? a : "the rules' default",
                     strcmp(b, "-") ? b : "the rules' default");
        }
        return;
    }
    snprintf(buf, size, "a setting this mana-cli does not know");
}

static int journal_load(match *m)
{
    FILE *f = fopen(m->journal, "r");
    if (f == NULL) {
        fprintf(stderr, "mana-cli match: --resume: %s: %s\n", m->journal, strerror(errno));
        return -1;
    }
    char line[4096], diff[600];
    int ok =
        fgets(line, sizeof line, f) != NULL && strncmp(line, "settings ", 9) == 0 && strcmp(line + 9, m->settings) == 0;
    if (!ok) {
        settings_diff(strncmp(line, "settings ", 9) == 0 ? line + 9 : "", m->settings, diff, sizeof diff);
        fprintf(stderr, "mana-cli match: --resume: %s was written by a match with other settings: %s\n", m->journal,
                diff);
        fclose(f);
        return -1;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        game_result r;
        int i, off = 0;
        memset(&r, 0, sizeof r);
        if (sscanf(line, "game %d white %d black %d status %d plies %d fault %d reason %n", &i, &r.white, &r.black,
                   &r.status, &r.plies, &r.fault, &off) != 6 ||
            off == 0 || i < 1 || i > m->total || r.white < 0 || r.white >= m->nplayers || r.black < 0 ||
            r.black >= m->nplayers || r.status < MANA_WHITE_WON || r.status > MANA_DRAWN)
            continue; /* a line cut short by the interruption */
        line[strcspn(line, "\n")] = '\0';
        snprintf(r.reason, sizeof r.reason, "%s", line + off);
        r.done = 1;
        if (!m->results[i - 1].done)
            m->done_count++;
        m->results[i - 1] = r;
    }
    fclose(f);
    return 0;
}

static int journal_open(match *m)
{
    if (m->journal == NULL)
        return 0;
    if (m->resume && journal_load(m) < 0)
        return -1;
    m->journal_fp = fopen(m->journal, m->resume ? "a" : "w");
    if (m->journal_fp == NULL) {
        fprintf(stderr, "mana-cli match: %s: %s\n", m->journal, strerror(errno));
        return -1;
    }
    if (!m->resume)
        fprintf(m->journal_fp, "settings %s", m->settings);
    else if (ends_cut(m->journal))
        fputc('\n', m->journal_fp); /* the cut line stays unread */
    fflush(m->journal_fp);
    return 0;
}

/* One line per finished game, on disk before the next game counts. */
static void journal_add(match *m, int i, const game_result *r)
{
    if (m->journal_fp == NULL)
        return;
    fprintf(m->journal_fp, "game %d white %d black %d status %d plies %d fault %d reason %s\n", i + 1, r->white,
            r->black, r->status, r->plies, r->fault, r->reason);
    fflush(m->journal_fp);
    fsync(fileno(m->journal_fp));
}

/* ---- workers -------------------------------------------------------------- */

/* The next game to play, or -1. Lock held. */
static int next_game(match *m)
{
    while (!m->stop && !m->fatal && m->next < m->total && m->results[m->next].done)
        m->next++;
    if (m->stop || m->fatal || m->next >= m->total)
        return -1;
    return m->next++;
}

static void *worker(void *arg)
{
    match *m = arg;
    player *pl = calloc((size_t)m->nplayers, sizeof *pl);
    if (pl == NULL) {
        pthread_mutex_lock(&m->lock);
        m->fatal = 1;
        pthread_mutex_unlock(&m->lock);
        return NULL;
    }
    for (int k = 0; k < m->nplayers; k++) {
        pl[k].spec = &m->players[k];
        pl[k].to_fd = pl[k].from_fd = -1;
    }
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int i = next_game(m);
        pthread_mutex_unlock(&m->lock);
        if (i < 0)
            break;
        game_result r;
        int rc = match_play_game(m, pl, i, &r);
        pthread_mutex_lock(&m->lock);
        if (rc < 0) {
            m->fatal = 1;
        } else {
            m->results[i] = r;
            m->done_count++;
            journal_add(m, i, &r);
            sprt_update(m);
            match_progress(m);
        }
        pthread_mutex_unlock(&m->lock);
    }
    for (int k = 0; k < m->nplayers; k++)
        player_close(&pl[k]);
    free(pl);
    return NULL;
}

int match_run(match *m)
{
    m->total = m->npairings * m->games;
    m->results = calloc((size_t)m->total, sizeof *m->results);
    if (m->results == NULL) {
        fprintf(stderr, "mana-cli match: out of memory\n");
        return -1;
    }
    if (journal_open(m) < 0)
        return -1;
    sprt_update(m); /* a resumed match may have decided already */
    int jobs = m->jobs > m->total ? m->total : m->jobs, started = 0;
    pthread_t *threads = calloc((size_t)(jobs > 0 ? jobs : 1), sizeof *threads);
    for (int k = 0; threads != NULL && k < jobs; k++) {
        if (pthread_create(&threads[k], NULL, worker, m) != 0)
            break;
        started++;
    }
    if (started == 0)
        worker(m);
    for (int k = 0; k < started; k++)
        pthread_join(threads[k], NULL);
    free(threads);
    if (m->journal_fp != NULL)
        fclose(m->journal_fp);
    return m->fatal ? -1 : 0;
}
