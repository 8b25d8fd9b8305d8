/* SPDX-License-Identifier: MIT */
/*
 * match_sched.c - the running of `mana-cli match`: game numbers, worker
 * threads (--jobs), the range of --pairs, the SPRT stop, and where each
 * finished game's record goes.
 *
 * Game i (0-based) belongs to pairing i / games, game k = i % games of it;
 * games 2p and 2p+1 of a pairing are a pair: the same opening, colours
 * swapped.  Every game's seeds come from the match seed and i alone, so a
 * game is the same whichever thread plays it and whenever: results do not
 * depend on --jobs, and a resumed match (or a block of --pairs) plays the
 * games exactly as an uninterrupted one would have.  The SPRT looks at the
 * pairs in order (the complete prefix), so its decision point does not
 * depend on which game finished first either; nor do the games it counts
 * (the prefix at the decision).  A game finished after the decision is
 * kept, marked: its record in DIR/uncounted/, "counted": false in the
 * JSON, after the journal's decision line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match.h"

/* Where the record of finished game i belongs now. Lock held. */
static int record_place(const match *m, int i)
{
    if (!m->sprt.on)
        return RECORD_COUNTED;
    if (m->sprt_result != 0)
        return match_counted(m, i) ? RECORD_COUNTED : RECORD_UNCOUNTED;
    return i / 2 < m->sprt_pairs ? RECORD_COUNTED : RECORD_PENDING;
}

/* Extends the SPRT over the complete prefix of pairs; stops the match at
 * the first pair count where the LLR leaves the bounds, and moves the
 * records whose fate became known.  Lock held. */
static void sprt_update(match *m)
{
    if (!m->sprt.on || m->sprt_result != 0)
        return;
    int npairs = m->games / 2, from = m->sprt_pairs;
    while (m->sprt_pairs < npairs && m->sprt_result == 0) {
        int p = m->sprt_pairs;
        if (!m->results[2 * p].done || !m->results[2 * p + 1].done)
            break;
        double lo, hi;
        m->sprt_pairs = p + 1;
        m->llr = match_prefix_llr(m, m->sprt_pairs);
        m->sprt_result = sprt_decide(&m->sprt, m->llr, &lo, &hi);
    }
    for (int i = 2 * from; i < 2 * m->sprt_pairs; i++)
        match_move_record(m, i, RECORD_COUNTED);
    if (m->sprt_result != 0) {
        m->stop = 1;
        for (int i = 2 * m->sprt_pairs; i < m->total; i++)
            if (m->results[i].done)
                match_move_record(m, i, RECORD_UNCOUNTED);
        journal_decision(m);
    }
}

/* ---- workers -------------------------------------------------------------- */

/* The next game to play, or -1. Lock held. */
static int next_game(match *m)
{
    if (m->next < m->first_game)
        m->next = m->first_game;
    while (!m->stop && !m->fatal && m->next <= m->last_game && m->results[m->next].done)
        m->next++;
    if (m->stop || m->fatal || m->next > m->last_game)
        return -1;
    return m->next++;
}

/* A finished game: its record (to where it belongs, or pending), then its
 * journal line, then it counts.  A record or line that cannot be written
 * stops the match and the game is not scored.  Lock held. */
static void finish_game(match *m, int i, const game_result *r, const mana_game *g)
{
    int where = record_place(m, i) == RECORD_UNCOUNTED ? RECORD_UNCOUNTED
                : m->sprt.on                           ? RECORD_PENDING
                                                       : RECORD_COUNTED;
    if (match_write_record(m, i, g, r, where) < 0 || journal_add(m, i, r) < 0) {
        if (!m->fatal)
            fprintf(stderr,
                    "mana-cli match: game %d is not scored; the match stops (the same command with "
                    "--resume continues it once the fault is mended)\n",
                    i + 1);
        m->fatal = 1;
        return;
    }
    m->results[i] = *r;
    m->done_count++;
    if (where == RECORD_PENDING && record_place(m, i) != RECORD_PENDING)
        match_move_record(m, i, record_place(m, i));
    sprt_update(m);
    match_progress(m);
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
    for (int k = 0; k < m->nplayers; k++)
        pl[k].spec = &m->players[k];
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int i = next_game(m);
        pthread_mutex_unlock(&m->lock);
        if (i < 0)
            break;
        game_result r;
        mana_game *g = NULL;
        int rc = match_play_game(m, pl, i, &r, &g);
        pthread_mutex_lock(&m->lock);
        if (rc < 0)
            m->fatal = 1;
        else
            finish_game(m, i, &r, g);
        pthread_mutex_unlock(&m->lock);
        mana_free(g);
    }
    for (int k = 0; k < m->nplayers; k++)
        player_close(&pl[k]);
    free(pl);
    return NULL;
}

int match_run(match *m)
{
    m->total = m->npairings * m->games;
    if (m->last_game < 0 || m->last_game >= m->total)
        m->last_game = m->total - 1;
    m->results = calloc((size_t)m->total, sizeof *m->results);
    if (m->results == NULL) {
        fprintf(stderr, "mana-cli match: out of memory\n");
        return -1;
    }
    if (journal_open(m) < 0)
        return -1;
    for (int i = 0; i < m->total; i++) /* a resumed match: records left pending by the interruption */
        if (m->results[i].done && record_place(m, i) != RECORD_PENDING)
            match_move_record(m, i, record_place(m, i));
    sprt_update(m); /* a resumed match may have decided already */
    int left = 0;
    for (int i = m->first_game; i <= m->last_game; i++)
        left += !m->results[i].done;
    int jobs = m->from_journal != NULL ? 0 : m->jobs > left ? left : m->jobs, started = 0;
    pthread_t *threads = calloc((size_t)(jobs > 0 ? jobs : 1), sizeof *threads);
    for (int k = 0; threads != NULL && k < jobs; k++) {
        if (pthread_create(&threads[k], NULL, worker, m) != 0)
            break;
        started++;
    }
    if (started == 0 && jobs > 0)
        worker(m);
    for (int k = 0; k < started; k++)
        pthread_join(threads[k], NULL);
    free(threads);
    journal_close(m);
    if (m->records != NULL) { /* pending/ once nothing waits there (rmdir fails on a record) */
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/pending", m->records);
        rmdir(dir);
    }
    return m->fatal ? -1 : 0;
}
