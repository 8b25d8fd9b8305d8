/* SPDX-License-Identifier: MIT */
/*
 * match_output.c - what `mana-cli match` tells on the terminal: a progress
 * line on stderr after each game, the final tables and statistics on
 * stdout.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "match.h"

static double seconds_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

void match_progress(match *m)
{
    if (m->quiet)
        return;
    double t = seconds_since(&m->start);
    int played = m->done_count, left = m->total - played;
    char line[400];
    size_t n = (size_t)snprintf(line, sizeof line, "games %d/%d", played, m->total);
    if (m->npairings == 1) {
        long penta[5], wdl[3];
        elo_estimate e;
        match_tally(m, 0, -1, penta, wdl);
        stats_elo_penta(penta, &e);
        long pairs = penta[0] + penta[1] + penta[2] + penta[3] + penta[4];
        char elo[16] = "n/a", pm[24] = "";
        if (pairs > 0) /* no pair yet: no Elo; no spread: no interval */
            snprintf(pm, sizeof pm, e.defined ? " +- %.0f" : " +- n/a", e.elo95);
        if (pairs > 0)
            stats_elo_text(e.elo, 0, elo, sizeof elo);
        n += (size_t)snprintf(line + n, sizeof line - n, "  %s +%ld =%ld -%ld  Elo %s%s", m->players[0].name, wdl[0],
                              wdl[1], wdl[2], elo, pm);
        if (m->sprt.on)
            n += (size_t)snprintf(line + n, sizeof line - n, "  LLR %.2f", m->llr);
    }
    snprintf(line + n, sizeof line - n, "  ETA %.0f s", played ? t / played * left : 0.0);
    if (m->progress_tty)
        fprintf(stderr, "\r%s   ", line);
    else if (played * 10 / m->total != (played - 1) * 10 / m->total || m->stop)
        fprintf(stderr, "%s\n", line);
    fflush(stderr);
}

/* The two-player table: the first player with each colour and in total. */
static void two_player_table(const match *m, int max_pairs)
{
    long row[2][3] = {{0, 0, 0}, {0, 0, 0}};
    int limit = max_pairs < 0 ? m->games : 2 * max_pairs;
    for (int i = 0; i < limit && i < m->games; i++) {
        const game_result *r = &m->results[i];
        if (!r->done)
            continue;
        int a_white = r->white == 0, won = r->status == (a_white ? MANA_WHITE_WON : MANA_BLACK_WON);
        row[!a_white][r->status == MANA_DRAWN ? 1 : won ? 0 : 2]++;
    }
    printf("%-16s %6s %6s %6s %6s %7s\n", "", "games", "wins", "draws", "losses", "score");
    for (int r = 0; r < 3; r++) {
        long w = r < 2 ? row[r][0] : row[0][0] + row[1][0];
        long d = r < 2 ? row[r][1] : row[0][1] + row[1][1];
        long l = r < 2 ? row[r][2] : row[0][2] + row[1][2];
        long n = w + d + l;
        char label[96];
        snprintf(label, sizeof label, "%s %s", m->players[0].name, r == 0 ? "as White" : r == 1 ? "as Black" : "total");
        printf("%-16s %6ld %6ld %6ld %6ld %6.1f%%\n", label, n, w, d, l,
               n ? 100.0 * ((double)w + 0.5 * (double)d) / (double)n : 0.0);
    }
}

static void print_sprt(const match *m)
{
    double lo, hi;
    sprt_decide(&m->sprt, m->llr, &lo, &hi);
    printf("SPRT (%s Elo, elo0 %g elo1 %g, alpha %g beta %g): LLR %.3f [%.3f, %.3f] ",
           m->sprt.normalized ? "normalized" : "logistic", m->sprt.elo0, m->sprt.elo1, m->sprt.alpha, m->sprt.beta,
           m->llr, lo, hi);
    if (m->sprt_result != 0)
        printf("%s accepted after %d games\n", m->sprt_result > 0 ? "H1" : "H0", 2 * m->sprt_pairs);
    else if (m->done_count < m->total)
        printf("no decision after %d of %d games\n", m->done_count, m->total);
    else
        printf("no decision (game cap %d reached)\n", m->games);
}

/* One pairing's statistics lines. */
static void pairing_stats(const match *m, int pi, int max_pairs, int full)
{
    long penta[5], wdl[3];
    elo_estimate e;
    match_tally(m, pi, max_pairs, penta, wdl);
    stats_elo_penta(penta, &e);
    const char *a = m->players[m->pairings[pi].a].name, *b = m->players[m->pairings[pi].b].name;
    long n = wdl[0] + wdl[1] + wdl[2];
    double s = n ? ((double)wdl[0] + 0.5 * (double)wdl[1]) / (double)n : 0.0;
    long pairs = penta[0] + penta[1] + penta[2] + penta[3] + penta[4];
    char elo[16], lo[16], hi[16], los[16] = "n/a";
    if (e.defined)
        snprintf(los, sizeof los, "%.1f%%", 100.0 * e.los);
    stats_elo_text(e.elo, 1, elo, sizeof elo);
    long unpaired = n - 2 * pairs; /* in W-D-L, not in the pentanomial statistics */
    if (!full) {
        char pm[24] = "n/a";
        if (e.defined)
            snprintf(pm, sizeof pm, "%.1f", e.elo95);
        printf("%s vs %s: W-D-L %ld-%ld-%ld score %.1f%% Elo %s +- %s LOS %s (%s's view)", a, b, wdl[0], wdl[1], wdl[2],
               100.0 * s, elo, pm, los, a);
        if (unpaired > 0)
            printf(" (%s left out of Elo and LOS)", cli_count(unpaired, "unpaired game", NULL).s);
        printf("\n");
        return;
    }
    if (e.defined)
        printf("Elo difference %s (95%% interval %s .. %s, pentanomial model of %ld game pairs) "
               "LOS %s\n",
               elo, stats_elo_text(e.elo_lo, 1, lo, sizeof lo), stats_elo_text(e.elo_hi, 1, hi, sizeof hi), pairs, los);
    else
        printf("Elo difference %s (95%% interval n/a: %s; pentanomial model of %s) "
               "LOS n/a\n",
               elo, pairs < 2 ? "fewer than 2 pairs" : "every pair scored the same (zero variance)",
               cli_count(pairs, "game pair", NULL).s);
    printf("pairs LL %ld, LD+DL %ld, LW+DD+WL %ld, DW+WD %ld, WW %ld\n", penta[0], penta[1], penta[2], penta[3],
           penta[4]);
    if (unpaired > 0)
        printf("note: Elo and LOS count complete pairs only; %ld unpaired game%s left out (W-D-L and score count "
               "%s)\n",
               unpaired, unpaired == 1 ? " is" : "s are", unpaired == 1 ? "it" : "them");
    if (m->sprt.on)
        print_sprt(m);
    printf("W-D-L %ld-%ld-%ld score %.1f%% (%s's view)\n", wdl[0], wdl[1], wdl[2], 100.0 * s, a);
}

/* The share of the points of a W-D-L, 0..1. */
static double share(const long wdl[3])
{
    long n = wdl[0] + wdl[1] + wdl[2];
    return n ? ((double)wdl[0] + 0.5 * (double)wdl[1]) / (double)n : 0.0;
}

/* Standings of a tournament of more than two players, as cutechess-cli's:
 * each player's Elo against the field it met, from its W-D-L (games of a
 * tournament are not all paired, so the trinomial model). */
static void standings(const match *m)
{
    long wdl[MATCH_MAX_PLAYERS][3];
    int order[MATCH_MAX_PLAYERS];
    memset(wdl, 0, sizeof wdl);
    for (int i = 0; i < m->total; i++) {
        const game_result *r = &m->results[i];
        if (!r->done)
            continue;
        int w = r->status == MANA_WHITE_WON ? 0 : r->status == MANA_DRAWN ? 1 : 2;
        wdl[r->white][w]++;
        wdl[r->black][2 - w]++;
    }
    for (int k = 0; k < m->nplayers; k++)
        order[k] = k;
    for (int k = 1; k < m->nplayers; k++) /* insertion sort by score share */
        for (int j = k; j > 0 && share(wdl[order[j]]) > share(wdl[order[j - 1]]); j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    printf("%4s %-24s %6s %7s %7s %16s\n", "rank", "player", "games", "points", "score", "Elo vs field");
    for (int k = 0; k < m->nplayers; k++) {
        int p = order[k];
        long n = wdl[p][0] + wdl[p][1] + wdl[p][2];
        elo_estimate e;
        stats_elo_trinomial(wdl[p], &e);
        char elo[16], pm[16] = "n/a";
        if (e.defined)
            snprintf(pm, sizeof pm, "%.1f", e.elo95);
        printf("%4d %-24s %6ld %7.1f %6.1f%% %8s +- %5s\n", k + 1, m->players[p].name, n,
               (double)wdl[p][0] + 0.5 * (double)wdl[p][1], 100.0 * share(wdl[p]),
               stats_elo_text(e.elo, 1, elo, sizeof elo), pm);
    }
}

static void faults(const match *m)
{
    int n = 0;
    for (int i = 0; i < m->total; i++) {
        const game_result *r = &m->results[i];
        if (r->done && r->fault) {
            if (n++ == 0)
                printf("games lost by a fault:\n");
            printf("  game %d (%s-%s %s): %s\n", i + 1, m->players[r->white].name, m->players[r->black].name,
                   mana_result_text(r->status), r->reason);
        }
    }
}

void match_report(const match *m, double secs)
{
    if (m->progress_tty && !m->quiet)
        fprintf(stderr, "\n");
    long plies = 0, played = 0;
    for (int i = 0; i < m->total; i++)
        if (m->results[i].done) {
            plies += m->results[i].plies;
            played++;
        }
    faults(m);
    if (m->npairings == 1) {
        int max_pairs = match_counted_pairs(m);
        two_player_table(m, max_pairs);
        printf("%s vs %s: %s in %.1f s, %.1f plies a game on average\n", m->players[0].name, m->players[1].name,
               cli_count(played, "game", NULL).s, secs, played ? (double)plies / (double)played : 0.0);
        int late = 0;
        for (int i = 0; i < m->total; i++)
            late += m->results[i].done && !match_counted(m, i);
        if (late > 0)
            printf("note: %s finished after the SPRT's decision, not counted (in the journal after its "
                   "decision line%s; \"counted\": false in the JSON)\n",
                   cli_count(late, "game", NULL).s, m->records != NULL ? ", records in uncounted/" : "");
        pairing_stats(m, 0, max_pairs, 1);
        return;
    }
    standings(m);
    for (int pi = 0; pi < m->npairings; pi++)
        pairing_stats(m, pi, -1, 0);
    printf("%s in %.1f s, %.1f plies a game on average\n", cli_count(played, "game", NULL).s, secs,
           played ? (double)plies / (double)played : 0.0);
}
