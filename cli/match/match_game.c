/* SPDX-License-Identifier: MIT */
/*
 * match_game.c - one game of `mana-cli match`: the opening, the moves asked
 * of each player in turn, the runner's clocks, and the faults that end a
 * game as a loss of the player at fault (crash, hang, garbage, illegal
 * move, lost on time, failed start-up), with the reason kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "../../common/rng.h"

mana_game *match_new_game(const match *m)
{
    mana_game *g = mana_new(m->preset);
    if (g == NULL)
        return NULL;
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (m->rule_given[i] && mana_set_option(g, i, m->rule[i]) != MANA_OK) {
            mana_free(g);
            return NULL;
        }
    return g;
}

/* A growing text of the moves played, for `position ... moves`. */
typedef struct movetext {
    char *s;
    size_t len, cap;
} movetext;

static int movetext_add(movetext *t, const char *word)
{
    size_t need = t->len + strlen(word) + 2;
    if (need > t->cap) {
        size_t cap = need * 2;
        char *s = realloc(t->s, cap);
        if (s == NULL)
            return -1;
        t->s = s;
        t->cap = cap;
    }
    t->len += (size_t)sprintf(t->s + t->len, "%s%s", t->len ? " " : "", word);
    return 0;
}

/* Plays move m in g and adds its text.  Returns 0 or -1. */
static int play_text(mana_game *g, mana_move m, movetext *t)
{
    char text[MANA_MOVE_TEXT_MAX + 1];
    if (mana_move_format(g, m, text, sizeof text) < 0 || mana_play(g, m) != MANA_OK)
        return -1;
    return movetext_add(t, text);
}

/* The opening of pair number pair: nothing (the players choose their
 * setups), a random setup from the match seed, or a line of the openings
 * file (an MFN, or moves from the start of setup).  Returns 0, or -1 with
 * the reason in why. */
static int apply_opening(const match *m, mana_game *g, int pair, char *mfn, movetext *t, char *why, size_t size)
{
    mfn[0] = '\0';
    if (m->setup_mode == 1) {
        mana_move h[64];
        if (mana_setup_random(g, rng_mix(m->seed, (uint64_t)pair)) != MANA_OK)
            goto fail;
        int n = mana_history(g, h, 64);
        mana_game *w = match_new_game(m);
        for (int k = 0; w != NULL && k < n; k++)
            if (play_text(w, h[k], t) < 0)
                n = -1;
        mana_free(w);
        if (w == NULL || n < 0)
            goto fail;
        return 0;
    }
    if (m->setup_mode != 2)
        return 0;
    const char *line = m->openings[pair % m->nopenings];
    if (strchr(line, '/') != NULL) {
        snprintf(mfn, MANA_MFN_MAX + 1, "%s", line);
        if (mana_set_position(g, line) != MANA_OK)
            goto fail;
        return 0;
    }
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", line);
    for (char *w = strtok(copy, " \t"); w != NULL; w = strtok(NULL, " \t")) {
        mana_move mv;
        if (mana_move_parse(g, w, &mv) != MANA_OK || play_text(g, mv, t) < 0)
            goto fail;
    }
    return 0;
fail:
    snprintf(why, size, "opening %d: %s", pair % (m->nopenings ? m->nopenings : 1) + 1, mana_error_detail());
    return -1;
}

/* Starts player p (its handshake if it does not run).  A player that
 * never completed its handshake in this match and fails it now is no
 * player, and a process the runner cannot start is its own fault: the
 * match stops (-2, the error printed).  Returns 0, -2, or -1
 * with err set. */
static int start_player(match *m, player *p, const mana_game *g, char *err, size_t size)
{
    int k = (int)(p->spec - m->players);
    int rc = player_ensure(p, m->preset, g, err, size);
    if (rc == 0) {
        pthread_mutex_lock(&m->lock);
        m->started[k] = 1;
        pthread_mutex_unlock(&m->lock);
        return 0;
    }
    pthread_mutex_lock(&m->lock);
    if (rc == -2) { /* the runner's fault: no game, no score */
        if (!m->fatal)
            fprintf(stderr, "mana-cli match: player %s: %s; the match stops\n", p->spec->name, err);
        pthread_mutex_unlock(&m->lock);
        return -2;
    }
    int ever = m->started[k];
    if (!ever && !m->fatal)
        fprintf(stderr, "mana-cli match: player %s (cmd: %s) never started: %s\n", p->spec->name, p->spec->cmd, err);
    pthread_mutex_unlock(&m->lock);
    return ever ? -1 : -2;
}

/* Starts both players for a game; a failure loses the game.  Returns
 * the colour at fault, -1, or -2 when the match must stop. */
static int start_players(match *m, player *P[2], int i, const mana_game *g, char *why, size_t size)
{
    for (int c = 0; c < 2; c++) {
        char err[200];
        uint64_t seed = rng_mix(m->seed, 1000 + 2 * (uint64_t)i + (uint64_t)c);
        int rc = start_player(m, P[c], g, err, sizeof err);
        if (rc == -2)
            return -2;
        if (rc < 0 || player_newgame(P[c], seed, err, sizeof err) < 0) {
            snprintf(why, size, "%.63s: %.180s", P[c]->spec->name, err);
            player_kill(P[c]);
            return c;
        }
    }
    return -1;
}

/* Plays the moves to the end of the game.  Returns the colour at fault
 * (the loser), or -1 when the rules ended it. */
static int play_moves(const match *m, player *P[2], mana_game *g, const char *mfn, movetext *t, int *plies, char *why,
                      size_t size)
{
    game_clock clk;
    clock_start(&clk, &m->tc);
    for (;;) {
        int st = mana_status(g), side = mana_side_to_move(g);
        if (st != MANA_SETUP && st != MANA_PLAYING)
            return -1;
        move_request rq = {g, mfn, t->s ? t->s : "", &m->tc, &clk, m->lim, m->timeout_ms, 0};
        mana_move mv;
        long long used;
        char err[200];
        if (player_move(P[side], &rq, &mv, &used, err, sizeof err) < 0) {
            snprintf(why, size, "%.63s: %.180s", P[side]->spec->name, err);
            player_kill(P[side]);
            return side;
        }
        if (m->tc.clock && clock_charge(&clk, &m->tc, side, used) < 0) {
            snprintf(why, size, "%.63s: lost on time (%lld ms over)", P[side]->spec->name, -clk.left_ms[side]);
            return side;
        }
        if (play_text(g, mv, t) < 0) {
            snprintf(why, size, "%.63s: %.180s", P[side]->spec->name, mana_error_detail());
            return side;
        }
        *plies += st == MANA_PLAYING;
    }
}

int match_play_game(match *m, player *pl, int i, game_result *res, mana_game **out)
{
    int pi, k;
    match_game_slot(m, i, &pi, &k);
    const pairing *pr = &m->pairings[pi];
    memset(res, 0, sizeof *res);
    res->white = k % 2 == 0 ? pr->a : pr->b;
    res->black = k % 2 == 0 ? pr->b : pr->a;
    player *P[2];
    P[MANA_WHITE] = &pl[res->white];
    P[MANA_BLACK] = &pl[res->black];
    char mfn[MANA_MFN_MAX + 1];
    movetext t = {NULL, 0, 0};
    mana_game *g = match_new_game(m);
    int loser = -1, rc = -1;
    if (g == NULL || apply_opening(m, g, k / 2, mfn, &t, res->reason, sizeof res->reason) < 0) {
        fprintf(stderr, "mana-cli match: game %d: %s\n", i + 1, g == NULL ? "out of memory" : res->reason);
        goto out;
    }
    loser = start_players(m, P, i, g, res->reason, sizeof res->reason);
    if (loser == -2)
        goto out;
    if (loser < 0)
        loser = play_moves(m, P, g, mfn, &t, &res->plies, res->reason, sizeof res->reason);
    if (loser >= 0) {
        res->status = loser == MANA_WHITE ? MANA_BLACK_WON : MANA_WHITE_WON;
        res->fault = 1;
    } else {
        res->status = mana_status(g);
        if (mana_end_text(g, res->reason, sizeof res->reason) < 0) /* the library's words, as replay's */
            snprintf(res->reason, sizeof res->reason, "%s", mana_error_detail());
    }
    res->done = 1;
    rc = 0;
    *out = g;
    g = NULL;
out:
    free(t.s);
    mana_free(g);
    return rc;
}
