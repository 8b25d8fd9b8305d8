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
/* Normalized bounds are taken in -SPRT_NELO_MAX..SPRT_NELO_MAX (a t-value
 * of 40.7 a pair): the range where the estimate is held to an independent
 * maximum-likelihood computation (tests/cli/matchcheck.c). */
#define SPRT_NELO_MAX 10000

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

/* The Elo of a bound x of the score's interval, unclamped: a bound at or
 * beyond a score of 0 or 1 is -inf or +inf (no finite Elo reaches it). */
static double elo_bound(double x)
{
    return x <= 0 ? -INFINITY : x >= 1 ? INFINITY : -400.0 * log10(1.0 / x - 1.0);
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
    /* The interval is the Elo of the score's, whose bounds the logistic
     * curve spreads unevenly about the estimate: elo -+ elo95 (fishtest's
     * half-width written out as bounds) is not it, and could disagree
     * with the LOS, which is taken on the score's scale (the lower bound
     * is above 0 exactly when the LOS is above 97.5%). */
    out->elo_lo = elo_bound(mu - PHI_INV_975 * se);
    out->elo_hi = elo_bound(mu + PHI_INV_975 * se);
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
 * -1/min a (fishtest's secular; the function decreases there).  Returns 0,
 * or -1 when the a_i do not straddle zero (no root: fishtest raises
 * ValueError there). */
static int secular(const pdf *d, double *root)
{
    double v = d->a[0], w = d->a[0];
    for (int i = 1; i < d->n; i++) {
        v = fmin(v, d->a[i]);
        w = fmax(w, d->a[i]);
    }
    if (!(v < 0 && w > 0))
        return -1;
    double lo = -1 / w, hi = -1 / v;
    double margin = 1e-9 * fmin(1, (hi - lo) / 4); /* fishtest's 1e-9, inside a narrow bracket */
    lo += margin;
    hi -= margin;
    for (int it = 0; it < 2200; it++) { /* to the last bit: a bracket may span 1e300 */
        double x = lo / 2 + hi / 2, f = 0;
        if (x <= lo || x >= hi)
            break;
        for (int i = 0; i < d->n; i++)
            f += d->p[i] * d->a[i] / (1 + x * d->a[i]);
        if (f > 0)
            lo = x;
        else
            hi = x;
    }
    *root = lo / 2 + hi / 2;
    return 0;
}

/* The distribution nearest to d (maximum likelihood) with mean s, where
 * the a_i - s are given as shift (so that a score next to 1 keeps its
 * digits).  0 < s < 1 (sprt_parse's bounds), so there is a root. */
static void mle_expected(const pdf *d, const double *shift, pdf *out)
{
    pdf shifted = *d;
    for (int i = 0; i < d->n; i++)
        shifted.a[i] = shift[i];
    double x = 0;
    secular(&shifted, &x);
    *out = *d;
    for (int i = 0; i < d->n; i++)
        out->p[i] = d->p[i] / (1 + x * shift[i]);
}

/* The t-value (mean - ref) / sigma of d. */
static double t_value(const pdf *d, double ref)
{
    double mu, var;
    moments(d, &mu, &var);
    return (mu - ref) / sqrt(var);
}

/* Fixed-point steps of fishtest's MLE_t_value from *p (at most steps, to a
 * change below tol).  Returns 0, or -1 if a step had no root (p then holds
 * the last distribution that had one). */
static int t_steps(const pdf *d, double ref, double t, pdf *p, int steps, double tol)
{
    for (int it = 0; it < steps; it++) {
        pdf eq = *d;
        double mu, var, x;
        moments(p, &mu, &var);
        double sigma = sqrt(var);
        for (int i = 0; i < d->n; i++) {
            double z = (mu - d->a[i]) / sigma;
            eq.a[i] = d->a[i] - ref - t * sigma * (1 + z * z) / 2;
        }
        if (!(sigma > 0) || secular(&eq, &x) < 0)
            return -1;
        double change = 0;
        for (int i = 0; i < d->n; i++) {
            double q = d->p[i] / (1 + x * eq.a[i]);
            change = fmax(change, fabs(p->p[i] - q));
            p->p[i] = q;
        }
        if (change < tol)
            break;
    }
    return 0;
}

/* The distribution nearest to d with t-value t.  First fishtest's
 * MLE_t_value exactly (from the uniform distribution, ten fixed-point
 * steps at most), kept when every step had a root and the t-value is
 * met to 1e-5 (fishtest's own check).  Far from the centre that start has
 * no root (fastchess#879: the LLR became NaN); then the same fixed point
 * is followed from d itself (the answer for d's own t-value) to t in
 * steps that shrink where a step fails, and sought from a start piled on
 * each cell; the most likely wins.  The result is always a distribution
 * with every cell positive: the LLR stays finite. */
/* The fixed point for t followed from start, a fixed point for its own
 * t-value, in steps that shrink where one fails.  Returns 0 with *out at
 * t, or -1 (*out where it got to). */
static int t_follow(const pdf *d, double ref, double t, const pdf *start, pdf *out)
{
    *out = *start;
    double at = t_value(start, ref), step = (t - at) / 4;
    while (at != t && fabs(step) > 1e-9 * fmax(1, fabs(t))) {
        double next = fabs(t - at) <= fabs(step) ? t : at + step;
        pdf q = *out;
        if (t_steps(d, ref, next, &q, 100, 1e-13) == 0 && fabs(t_value(&q, ref) - next) < 1e-7) {
            *out = q;
            at = next;
            step *= 2;
        } else {
            step /= 2;
        }
    }
    return at == t ? 0 : -1;
}

/* The log-likelihood of d's counts under q (a sum of d.p log q.p). */
static double loglik(const pdf *d, const pdf *q)
{
    double ll = 0;
    for (int i = 0; i < d->n; i++)
        ll += d->p[i] * log(q->p[i]);
    return ll;
}

static void mle_t_value(const pdf *d, double ref, double t, pdf *out)
{
    *out = *d;
    for (int i = 0; i < d->n; i++)
        out->p[i] = 1.0 / d->n;
    if (t_steps(d, ref, t, out, 10, 1e-9) == 0 && fabs(t_value(out, ref) - t) < 1e-5)
        return;
    /* Far out the constraint has more than one fixed point (a distribution
     * piled on 3/4 or on 1 both reach a high t-value): the most likely of
     * those reached from d and from each cell is the estimate. */
    int found = t_follow(d, ref, t, d, out) == 0;
    double best = found ? loglik(d, out) : -INFINITY;
    for (int k = 0; k < d->n; k++) {
        pdf q = *d;
        for (int i = 0; i < d->n; i++)
            q.p[i] = i == k ? 1 - 0.01 * (d->n - 1) : 0.01;
        pdf r;
        if (t_follow(d, ref, t, &q, &r) == 0 && (!found || loglik(d, &r) > best)) {
            *out = r;
            best = loglik(d, &r);
            found = 1;
        }
    }
}

/* The expected score of logistic Elo e and its complement, each with its
 * own digits: 1 - s would lose those of a score next to 1. */
static void logistic_score(double e, double *s, double *rest)
{
    *s = 1 / (1 + pow(10, -e / 400));
    *rest = 1 / (1 + pow(10, e / 400));
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
        double sh[2][5];
        for (int h = 0; h < 2; h++) {
            double s, rest;
            logistic_score(h ? elo1 : elo0, &s, &rest);
            for (int i = 0; i < 5; i++) /* a_i - s, from the nearer end */
                sh[h][i] = d.a[i] <= 0.5 ? d.a[i] - s : rest - (1 - d.a[i]);
        }
        mle_expected(&d, sh[0], &h0);
        mle_expected(&d, sh[1], &h1);
    }
    double llr = 0;
    for (int i = 0; i < 5; i++)
        llr += d.p[i] * (log(h1.p[i]) - log(h0.p[i]));
    return n * llr;
}

/* Reads "key=value" words separated by spaces or commas; a key given
 * twice is refused (which value was meant?). */
int sprt_parse(const char *text, sprt_spec *s, char *why, size_t size)
{
    char copy[256];
    if (snprintf(copy, sizeof copy, "%s", text) >= (int)sizeof copy) {
        snprintf(why, size, "longer than %d characters", (int)sizeof copy - 1);
        return -1;
    }
    *s = (sprt_spec){1, 0, 5, 0.05, 0.05, 0};
    int seen = 0; /* bit k: keys[k] given */
    for (char *w = strtok(copy, " ,"); w != NULL; w = strtok(NULL, " ,")) {
        char *eq = strchr(w, '='), *end = NULL;
        if (eq == NULL) {
            snprintf(why, size, "expected key=value words, got '%.20s'", w);
            return -1;
        }
        *eq++ = '\0';
        static const char *const keys[] = {"elo0", "elo1", "alpha", "beta", "model"};
        double *const slots[] = {&s->elo0, &s->elo1, &s->alpha, &s->beta};
        int k = 0;
        while (k < 5 && strcmp(w, keys[k]) != 0)
            k++;
        if (k < 5 && (seen >> k & 1)) {
            snprintf(why, size, "%s given twice", keys[k]);
            return -1;
        }
        if (k == 4 && (!strcmp(eq, "logistic") || !strcmp(eq, "normalized"))) {
            s->normalized = eq[0] == 'n';
            seen |= 1 << k;
            continue;
        }
        double v = strtod(eq, &end);
        if (k >= 4 || end == eq || *end != '\0' || !isfinite(v)) {
            snprintf(why, size, "bad '%.20s=%.20s' (elo0, elo1, alpha, beta, model)", w, eq);
            return -1;
        }
        *slots[k] = v;
        seen |= 1 << k;
    }
    if ((seen & 3) != 3 || !(s->elo1 > s->elo0) || !(s->alpha > 0 && s->alpha < 0.5) ||
        !(s->beta > 0 && s->beta < 0.5)) {
        snprintf(why, size, "need elo0 < elo1, 0 < alpha, beta < 0.5");
        return -1;
    }
    for (int h = 0; h < 2; h++) {
        double e = h ? s->elo1 : s->elo0, sc, rest;
        logistic_score(e, &sc, &rest);
        if (s->normalized && fabs(e) > SPRT_NELO_MAX) {
            snprintf(why, size, "elo%d=%g: normalized Elo is taken in -%d..%d", h, e, SPRT_NELO_MAX, SPRT_NELO_MAX);
            return -1;
        }
        if (!s->normalized &&
            !(sc > 0 && rest > 0)) { /* a score of 0 or 1: no distribution with all results possible */
            snprintf(why, size,
                     "elo%d=%g: an expected score of %d to double precision (no distribution of results "
                     "has it)",
                     h, e, sc > 0);
            return -1;
        }
    }
    return 0;
}

int sprt_decide(const sprt_spec *s, double llr, double *lo, double *hi)
{
    *lo = log(s->beta / (1 - s->alpha));
    *hi = log((1 - s->beta) / s->alpha);
    return llr >= *hi ? 1 : llr <= *lo ? -1 : 0;
}
