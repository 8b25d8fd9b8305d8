/* SPDX-License-Identifier: MIT */
/*
 * match_stats.c - the statistics of `mana-cli match`, after fishtest
 * (github.com/official-stockfish/fishtest, server/fishtest/stats/):
 *
 *   - Elo with its 95% interval and the LOS from the pentanomial model:
 *     a match is a sequence of game pairs (same opening, colours swapped),
 *     which are correlated, so the unit is the pair, scored 0, 1/2, 1, 3/2
 *     or 2 (stat_util.get_elo, with its regularisation of empty cells);
 *   - the generalised SPRT: the log-likelihood ratio of elo1 against elo0
 *     with the maximum-likelihood distributions under each hypothesis
 *     (LLRcalc.LLR_logistic; LLRcalc.LLR_normalized for normalised Elo),
 *     and Wald's bounds log(beta/(1-alpha)), log((1-beta)/alpha).
 *
 * tests/cli/matchcheck.c holds these functions to values computed by
 * fishtest's own code.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"

#define PHI_INV_975 1.959963984540054
#define NELO_PER_NT (800.0 / log(10.0)) /* fishtest's nelo_divided_by_nt */

typedef struct pdf {
    int n;
    double a[5], p[5];
} pdf;

/* Counts to a distribution on 0..1, empty cells given 1e-3 (fishtest's
 * regularize); returns the number of observations. */
static double to_pdf(const long *counts, int n, pdf *out)
{
    double r[5], total = 0;
    for (int i = 0; i < n; i++) {
        r[i] = counts[i] == 0 ? 1e-3 : (double)counts[i];
        total += r[i];
    }
    out->n = n;
    for (int i = 0; i < n; i++) {
        out->a[i] = (double)i / (n - 1);
        out->p[i] = r[i] / total;
    }
    return total;
}

static void moments(const pdf *d, double *mean, double *var)
{
    double s = 0, v = 0;
    for (int i = 0; i < d->n; i++)
        s += d->p[i] * d->a[i];
    for (int i = 0; i < d->n; i++)
        v += d->p[i] * (d->a[i] - s) * (d->a[i] - s);
    *mean = s;
    *var = v;
}

static double elo_of(double x)
{
    x = fmin(fmax(x, 1e-3), 1 - 1e-3);
    return -400.0 * log10(1.0 / x - 1.0);
}

static double phi(double q)
{
    return 0.5 * erfc(-q / sqrt(2.0));
}

/* The mean score of a game is the mean of the distribution on 0..1 in
 * either model; its standard error is sqrt(var / observations) (for pairs
 * fishtest's per-game variance is twice the pair variance over twice the
 * games: the same thing). */
static void estimate(const long *counts, int n, elo_estimate *out)
{
    pdf d;
    double obs = to_pdf(counts, n, &d), mu, var;
    moments(&d, &mu, &var);
    double se = sqrt(var / obs);
    out->score = mu;
    out->elo = elo_of(mu);
    out->elo95 = (elo_of(mu + PHI_INV_975 * se) - elo_of(mu - PHI_INV_975 * se)) / 2.0;
    out->los = phi((mu - 0.5) / se);
    long seen = 0;
    int cells = 0;
    for (int i = 0; i < n; i++) {
        seen += counts[i];
        cells += counts[i] > 0;
    }
    out->defined = seen >= 2 && cells >= 2;
}

const char *stats_elo_text(double elo, int decimals, char *buf, size_t size)
{
    double unit = decimals > 0 ? 0.05 : 0.5;
    snprintf(buf, size, "%+.*f", decimals, fabs(elo) < unit ? 0.0 : elo);
    return buf;
}

void stats_elo_penta(const long penta[5], elo_estimate *out)
{
    estimate(penta, 5, out);
}

void stats_elo_trinomial(const long wdl[3], elo_estimate *out)
{
    long ldw[3] = {wdl[2], wdl[1], wdl[0]};
    estimate(ldw, 3, out);
}

/* The root x of sum p_i a_i / (1 + x a_i) = 0 between -1/max a and
 * -1/min a (fishtest's secular; the function decreases there). */
static double secular(const pdf *d)
{
    double v = d->a[0], w = d->a[0];
    for (int i = 1; i < d->n; i++) {
        v = fmin(v, d->a[i]);
        w = fmax(w, d->a[i]);
    }
    double lo = -1 / w + 1e-9, hi = -1 / v - 1e-9;
    for (int it = 0; it < 200; it++) {
        double x = (lo + hi) / 2, f = 0;
        for (int i = 0; i < d->n; i++)
            f += d->p[i] * d->a[i] / (1 + x * d->a[i]);
        if (f > 0)
            lo = x;
        else
            hi = x;
    }
    return (lo + hi) / 2;
}

/* The distribution nearest to d (maximum likelihood) with mean s. */
static void mle_expected(const pdf *d, double s, pdf *out)
{
    pdf shifted = *d;
    for (int i = 0; i < d->n; i++)
        shifted.a[i] = d->a[i] - s;
    double x = secular(&shifted);
    *out = *d;
    for (int i = 0; i < d->n; i++)
        out->p[i] = d->p[i] / (1 + x * (d->a[i] - s));
}

/* The same with t-value (mean - ref) / sigma = t (fishtest's
 * MLE_t_value, ten fixed-point steps at most). */
static void mle_t_value(const pdf *d, double ref, double t, pdf *out)
{
    *out = *d;
    for (int i = 0; i < d->n; i++)
        out->p[i] = 1.0 / d->n;
    for (int it = 0; it < 10; it++) {
        pdf prev = *out, eq = *d;
        double mu, var;
        moments(out, &mu, &var);
        double sigma = sqrt(var);
        for (int i = 0; i < d->n; i++) {
            double z = (mu - d->a[i]) / sigma;
            eq.a[i] = d->a[i] - ref - t * sigma * (1 + z * z) / 2;
        }
        double x = secular(&eq);
        double change = 0;
        for (int i = 0; i < d->n; i++) {
            out->p[i] = d->p[i] / (1 + x * eq.a[i]);
            change = fmax(change, fabs(prev.p[i] - out->p[i]));
        }
        if (change < 1e-9)
            break;
    }
}

double stats_llr_penta(const long penta[5], double elo0, double elo1, int normalized)
{
    pdf d, h0, h1;
    double n = to_pdf(penta, 5, &d);
    if (normalized) {
        double t0 = elo0 / NELO_PER_NT * sqrt(2.0), t1 = elo1 / NELO_PER_NT * sqrt(2.0);
        mle_t_value(&d, 0.5, t0, &h0);
        mle_t_value(&d, 0.5, t1, &h1);
    } else {
        double s0 = 1 / (1 + pow(10, -elo0 / 400)), s1 = 1 / (1 + pow(10, -elo1 / 400));
        mle_expected(&d, s0, &h0);
        mle_expected(&d, s1, &h1);
    }
    double llr = 0;
    for (int i = 0; i < 5; i++)
        llr += d.p[i] * (log(h1.p[i]) - log(h0.p[i]));
    return n * llr;
}

/* Reads "key=value" words separated by spaces or commas. */
int sprt_parse(const char *text, sprt_spec *s, char *why, size_t size)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", text);
    *s = (sprt_spec){1, 0, 5, 0.05, 0.05, 0};
    int have = 0;
    for (char *w = strtok(copy, " ,"); w != NULL; w = strtok(NULL, " ,")) {
        char *eq = strchr(w, '='), *end = NULL;
        if (eq == NULL) {
            snprintf(why, size, "expected key=value words, got '%.20s'", w);
            return -1;
        }
        *eq++ = '\0';
        if (strcmp(w, "model") == 0 && (!strcmp(eq, "logistic") || !strcmp(eq, "normalized"))) {
            s->normalized = eq[0] == 'n';
            continue;
        }
        double v = strtod(eq, &end);
        double *slot = !strcmp(w, "elo0")    ? &s->elo0
                       : !strcmp(w, "elo1")  ? &s->elo1
                       : !strcmp(w, "alpha") ? &s->alpha
                       : !strcmp(w, "beta")  ? &s->beta
                                             : NULL;
        if (slot == NULL || end == eq || *end != '\0' || !isfinite(v)) {
            snprintf(why, size, "bad '%.20s=%.20s' (elo0, elo1, alpha, beta, model)", w, eq);
            return -1;
        }
        *slot = v;
        have |= slot == &s->elo0 ? 1 : slot == &s->elo1 ? 2 : 0;
    }
    if (have != 3 || !(s->elo1 > s->elo0) || !(s->alpha > 0 && s->alpha < 0.5) || !(s->beta > 0 && s->beta < 0.5)) {
        snprintf(why, size, "need elo0 < elo1, 0 < alpha, beta < 0.5");
        return -1;
    }
    return 0;
}

int sprt_decide(const sprt_spec *s, double llr, double *lo, double *hi)
{
    *lo = log(s->beta / (1 - s->alpha));
    *hi = log((1 - s->beta) / s->alpha);
    return llr >= *hi ? 1 : llr <= *lo ? -1 : 0;
}
