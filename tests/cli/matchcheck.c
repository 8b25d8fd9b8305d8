/* SPDX-License-Identifier: MIT */
/*
 * matchcheck.c - the statistics of `mana-cli match` (match_stats.c) against
 * fishtest's own code, and its time controls and clocks (match_clock.c).  The reference values were computed with
 * github.com/official-stockfish/fishtest at commit
 * b8eecff220b562a0dc2c4e68d1fa02521e06d72c, server/fishtest/stats/
 * (scipy 1.10.1):
 *
 *   from fishtest.stats import LLRcalc, stat_util
 *   stat_util.get_elo(p)             -> elo, elo95, los
 *   LLRcalc.LLR_logistic(0, 5, p), LLRcalc.LLR_normalized(0, 5, p),
 *   LLRcalc.LLR_logistic(0, 50, p)
 *
 * for the pentanomial vectors below ([2,3,5,4,1] and [3,5,14,6,2] are the
 * ones of fishtest's own view tests).  Also the SPRT bounds and --sprt
 * parsing, and the GSPRT at its edges (check_sprt_edges: references
 * from fishtest, fastchess#882 and independent computations).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "match.h"

static int checks, failures;

static void near(double got, double want, double tol, const char *what)
{
    checks++;
    if (!(fabs(got - want) <= tol)) {
        failures++;
        fprintf(stderr, "matchcheck: FAIL: %s: got %.9f, fishtest %.9f\n", what, got, want);
    }
}

typedef struct ref {
    long penta[5];
    double elo, elo95, los, llr_log5, llr_norm5, llr_log50;
} ref;

static const ref refs[] = {
    {{2, 3, 5, 4, 1}, -11.585478, 101.695231, 0.40911610, -0.02799351, -0.02128719, -0.72432875},
    {{3, 5, 14, 6, 2}, -5.791129, 63.885082, 0.42869328, -0.04007943, -0.02626835, -1.44297093},
    {{10, 40, 100, 60, 15}, 23.196779, 21.307066, 0.98393771, 0.86053900, 0.59767899, -0.75086534},
    {{1000, 4000, 10000, 4200, 1100}, 3.423121, 2.160703, 0.99904970, 3.79756917, 4.79928728, -838.22564886},
    {{0, 1, 5, 20, 74}, 418.439794, 72.537451, 1.00000000, 1.42874124, 1.83950070, 13.35897136},
};

/* Time controls as cutechess-cli writes them, and the clocks they make. */
static void check_clocks(void)
{
    time_control tc;
    tc.margin_ms = 100;
    near(tc_parse("40/60+0.5", &tc), 0, 0, "tc 40/60+0.5");
    near(tc.moves, 40, 0, "40 moves");
    near((double)tc.base_ms, 60000, 0, "60 s");
    near((double)tc.inc_ms, 500, 0, "0.5 s increment");
    near((double)tc.margin_ms, 100, 0, "the margin survives parsing");
    near(tc_parse("5+0.05", &tc), 0, 0, "tc 5+0.05");
    near(tc.moves * 1.0 + (double)tc.base_ms + (double)tc.inc_ms, 5050, 0, "5 s + 50 ms, no period");
    near(tc_parse("0.25", &tc), 0, 0, "tc 0.25");
    near((double)tc.base_ms + (double)tc.inc_ms, 250, 0, "250 ms, no increment");
    static const char *const bad[] = {"0", "x", "40/", "/60", "60+", "-1", "0/60", "40/60+x", "1e9", "60+-1", ""};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char what[40];
        snprintf(what, sizeof what, "tc '%s' refused", bad[k]);
        near(tc_parse(bad[k], &tc), -1, 0, what);
    }
    /* 2/1+0.1: two moves a period of 1 s.  White uses 300 ms, then 800 ms:
     * 1000 - 300 + 100 = 800; 800 - 800 + 100 + 1000 (second move ends
     * the period) = 1100.  Black is 150 ms over its 1000 (margin 100):
     * lost on time. */
    game_clock c;
    tc_parse("2/1+0.1", &tc);
    clock_start(&c, &tc);
    near(clock_moves_to_go(&c, &tc, MANA_WHITE), 2, 0, "two to go");
    near(clock_charge(&c, &tc, MANA_WHITE, 300), 0, 0, "first move in time");
    near((double)c.left_ms[MANA_WHITE], 800, 0, "800 ms left");
    near(clock_moves_to_go(&c, &tc, MANA_WHITE), 1, 0, "one to go");
    near(clock_charge(&c, &tc, MANA_WHITE, 800), 0, 0, "second move in time");
    near((double)c.left_ms[MANA_WHITE], 1100, 0, "a new period: 1100 ms");
    near(clock_moves_to_go(&c, &tc, MANA_WHITE), 2, 0, "two to go again");
    near(clock_charge(&c, &tc, MANA_BLACK, 1090), 0, 0, "90 ms over, inside the margin");
    clock_start(&c, &tc);
    near(clock_charge(&c, &tc, MANA_BLACK, 1150), -1, 0, "150 ms over: flag falls");
}

/* A time control as text: tc_format writes what tc_parse read, in its
 * shortest exact form (whole milliseconds, the clocks' unit), and reads
 * it back to the same clock; a finer fraction is refused, not rounded. */
static void check_tc_text(void)
{
    static const char *const forms[][2] = {{"10+0.001", "10+0.001"},     {"40/1234.567+0.5", "40/1234.567+0.5"},
                                           {"0.25", "0.25+0"},           {"60.000+1.50", "60+1.5"},
                                           {"10+0.0010", "10+0.001"},    {"5.+0.05", "5+0.05"},
                                           {"10000000+0", "10000000+0"}, {"7/0.1+0.1", "7/0.1+0.1"},
                                           {"3600+0.999", "3600+0.999"}};
    time_control tc = {0}, back = {0};
    char text[64];
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
        checks++;
        if (tc_parse(forms[k][0], &tc) != 0 || tc_format(&tc, text, sizeof text) != (int)strlen(forms[k][1]) ||
            strcmp(text, forms[k][1]) != 0) {
            failures++;
            fprintf(stderr, "matchcheck: FAIL: tc '%s' written '%s', expected '%s'\n", forms[k][0], text, forms[k][1]);
        }
    }
    static const char *const finer[] = {"10+0.0001", "10+0.00010", "0.0005", "1.2345+1", "1e3", "10000000.001"};
    for (size_t k = 0; k < sizeof finer / sizeof finer[0]; k++) {
        snprintf(text, sizeof text, "tc '%s' refused", finer[k]);
        near(tc_parse(finer[k], &tc), -1, 0, text);
    }
    /* every base and increment of a few ranges, written and read back */
    long long values[] = {1, 9, 10, 99, 100, 101, 999, 1000, 1001, 1010, 1100, 59999, 60000, 123456789, 10000000000LL};
    size_t nv = sizeof values / sizeof values[0], wrong = 0;
    for (size_t i = 0; i < nv; i++)
        for (size_t j = 0; j < nv; j++) {
            tc = (time_control){1, (int)(i % 3) * 20, values[i], values[j] - 1, 100};
            back.margin_ms = 100;
            tc_format(&tc, text, sizeof text);
            wrong += tc_parse(text, &back) != 0 || back.moves != tc.moves || back.base_ms != tc.base_ms ||
                     back.inc_ms != tc.inc_ms;
        }
    near((double)wrong, 0, 0, "time controls read back as written");
}

/* The Seed option an engine is given for a game (0..4294967295) comes
 * from the whole 64-bit game seed: its high half xor its low half, so two
 * game seeds that differ only in their high half give different Seeds. */
static void check_engine_seed(void)
{
    near((double)match_engine_seed(UINT64_C(0x123456789ABCDEF0)), (double)0x88888888u, 0,
         "0x12345678 ^ 0x9ABCDEF0 = 0x88888888");
    near((double)match_engine_seed(UINT64_C(0x0000000100000005)), 4, 0, "1 ^ 5 = 4");
    near((double)match_engine_seed(UINT64_C(0x0000000200000005)), 7, 0, "2 ^ 5 = 7");
    near((double)match_engine_seed(UINT64_C(0xFFFFFFFF00000000)), 4294967295.0, 0, "the high half alone");
    near((double)match_engine_seed(UINT64_C(0xFFFFFFFFFFFFFFFF)), 0, 0, "equal halves fold to 0");
    long same = 0;
    for (uint64_t low = 0; low < 1000; low++) {
        uint64_t seed = low * UINT64_C(0x9E3779B97F4A7C15);
        same += match_engine_seed(seed) == match_engine_seed(seed ^ (UINT64_C(0x5DEECE66D) << 32));
    }
    near((double)same, 0, 0, "1000 seeds changed in the high half alone: another Seed each");
}

/* ---- the GSPRT at its edges ----------------------------------------------------
 * Far from the centre fishtest's own code fails: LLRcalc.secular raises
 * ValueError when its uniform start has no root (fastchess#879, where the
 * LLR became NaN), L_(20000) is 1.0 and L_(-3000) gives a division by zero.
 * The references below are therefore of three kinds:
 *   F  fishtest's LLRcalc.LLR_logistic itself (it works there);
 *   P  fishtest's MLE_t_value with fastchess#882's fix (the empirical
 *      distribution as the start when the uniform one has no root);
 *   M  independent: the maximum-likelihood distributions under each bound
 *      found by scipy.optimize.minimize (SLSQP, several starts, the best
 *      kept; normalized), or the secular root solved in mpmath at 80
 *      digits (logistic), then fishtest's LLR formula N sum p log(p1/p0).
 * The case [3,10,20,9,4] elo 100..300 normalized is the pentanomial of
 * `random` against `random`, a match of equals far from both bounds;
 * [72,10,0,0,0] and [77,1,0,0,0] are the reports of fastchess#879 (LLR
 * -2.97 and -2.95 there). */
typedef struct edge {
    long penta[5];
    double elo0, elo1;
    int normalized;
    double llr;
    char kind;
} edge;

static const edge edges[] = {
    {{144, 3, 1, 0, 0}, -1500, -500, 1, -6.72126039962228, 'P'},
    {{0, 0, 1, 3, 144}, 500, 1500, 1, 6.721260399622276, 'P'},
    {{72, 10, 0, 0, 0}, -1000, -500, 1, -2.9657551880165425, 'P'},
    {{77, 1, 0, 0, 0}, -1000, -500, 1, -2.952426400959964, 'P'},
    {{50, 0, 0, 0, 0}, 500, 1500, 0, -285.1135846304719, 'F'},
    {{0, 0, 0, 1, 49}, 500, 1500, 0, 0.042475586879900204, 'F'},
    {{2, 3, 5, 4, 1}, -1500, -500, 0, 73.87980746411195, 'F'},
    {{0, 0, 0, 0, 50}, 0, 20000, 0, 34.2295289321908, 'M'},
    {{1, 0, 0, 0, 0}, -3000, -2000, 0, 0.0230050604948361, 'M'},
    {{3, 10, 20, 9, 4}, 100, 300, 1, -24.290494979425993, 'M'},
    {{3, 10, 20, 9, 4}, 0, 10000, 1, -271.99680162159444, 'M'},
    {{144, 3, 1, 0, 0}, 0, 10000, 1, -1198.1782443059246, 'M'},
    {{0, 0, 0, 0, 50}, -10000, 0, 1, 405.33471406412536, 'M'},
};

/* Every legal bound gives a finite LLR, for every count vector: all 32
 * patterns of empty and full cells (1 and 1000 games), and the same
 * value, negated, for the mirrored counts and bounds (the first player's
 * view turned round: LLR(p, e0, e1) = -LLR(mirror p, -e1, -e0)). */
static void check_sprt_edges(void)
{
    for (size_t k = 0; k < sizeof edges / sizeof edges[0]; k++) {
        const edge *x = &edges[k];
        char what[120];
        snprintf(what, sizeof what, "LLR [%ld,%ld,%ld,%ld,%ld] %g..%g %s (%c)", x->penta[0], x->penta[1], x->penta[2],
                 x->penta[3], x->penta[4], x->elo0, x->elo1, x->normalized ? "normalized" : "logistic", x->kind);
        near(stats_llr_penta(x->penta, x->elo0, x->elo1, x->normalized), x->llr, 1e-6 * fmax(1, fabs(x->llr)), what);
    }
    static const double logistic[] = {-123000, -20000, -3000, -500, 0, 5, 1500, 20000, 123000};
    static const double normal[] = {-10000, -2000, -300, 0, 5, 500, 10000};
    int bad = 0, asym = 0, n = 0;
    for (int pattern = 0; pattern < 64; pattern++) {
        long p[5], q[5];
        for (int i = 0; i < 5; i++)
            p[i] = (pattern >> i & 1) ? (pattern & 32 ? 1000 : 1) : 0;
        for (int i = 0; i < 5; i++)
            q[i] = p[4 - i];
        for (int model = 0; model < 2; model++) {
            const double *e = model ? normal : logistic;
            int ne = model ? 7 : 9;
            for (int a = 0; a < ne; a++)
                for (int b = a + 1; b < ne; b++) {
                    double v = stats_llr_penta(p, e[a], e[b], model), w = stats_llr_penta(q, -e[b], -e[a], model);
                    n++;
                    bad += !isfinite(v);
                    asym += !(fabs(v + w) <= 1e-6 * fmax(1, fabs(v)));
                }
        }
    }
    near(bad, 0, 0, "LLRs that are not finite, of every pattern and legal bound");
    near(asym, 0, 0, "LLRs that differ from the mirrored match's");
    near(n, 64 * (36 + 21), 0, "LLRs tried");
    /* bounds with no valid distribution are refused up front: a logistic
     * score of 1 (or 0) to double precision; normalized beyond 10000 */
    sprt_spec s;
    char why[200];
    static const struct {
        const char *text;
        int ok;
    } bounds[] = {{"elo0=0 elo1=123000", 1},
                  {"elo0=0 elo1=124000", 0},
                  {"elo0=-124000 elo1=0", 0},
                  {"elo0=-1500 elo1=-500 model=normalized", 1},
                  {"elo0=0 elo1=10000 model=normalized", 1},
                  {"elo0=0 elo1=10001 model=normalized", 0},
                  {"elo0=-10001 elo1=0 model=normalized", 0},
                  {"elo0=0 elo1=inf", 0},
                  {"elo0=nan elo1=5", 0},
                  {"elo0=0 elo1=5 elo1=6", 0},
                  {"elo0=0,elo1=5,model=logistic,model=normalized", 0},
                  {"elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic", 1}};
    for (size_t k = 0; k < sizeof bounds / sizeof bounds[0]; k++) {
        checks++;
        if ((sprt_parse(bounds[k].text, &s, why, sizeof why) == 0) != bounds[k].ok) {
            failures++;
            fprintf(stderr, "matchcheck: FAIL: --sprt '%s' %s\n", bounds[k].text,
                    bounds[k].ok ? "refused" : "accepted");
        }
    }
    sprt_parse("elo0=0 elo1=124000", &s, why, sizeof why);
    checks++;
    if (strcmp(why, "elo1=124000: an expected score of 1 to double precision (no distribution of results has it)")) {
        failures++;
        fprintf(stderr, "matchcheck: FAIL: the refusal says '%s'\n", why);
    }
    /* a key given twice: which value was meant?  (it took the last) */
    sprt_parse("elo0=0 elo1=5 elo1=6", &s, why, sizeof why);
    checks++;
    if (strcmp(why, "elo1 given twice")) {
        failures++;
        fprintf(stderr, "matchcheck: FAIL: the refusal of a repeated key says '%s'\n", why);
    }
}

int main(void)
{
    for (size_t k = 0; k < sizeof refs / sizeof refs[0]; k++) {
        const ref *r = &refs[k];
        char what[80];
        elo_estimate e;
        stats_elo_penta(r->penta, &e);
        snprintf(what, sizeof what, "[%ld,%ld,%ld,%ld,%ld]", r->penta[0], r->penta[1], r->penta[2], r->penta[3],
                 r->penta[4]);
        near(e.elo, r->elo, 1e-5, what);
        near(e.elo95, r->elo95, 1e-5, what);
        near(e.los, r->los, 1e-7, what);
        /* the interval: as wide as fishtest's, and on the LOS's side of 0 */
        near(e.elo_hi - e.elo_lo, 2 * r->elo95, 1e-5, what);
        near(e.elo_lo > 0, e.los > 0.975, 0, what);
        near(e.elo_hi < 0, e.los < 0.025, 0, what);
        near(stats_llr_penta(r->penta, 0, 5, 0), r->llr_log5, 1e-6, what);
        near(stats_llr_penta(r->penta, 0, 5, 1), r->llr_norm5, 1e-6, what);
        near(stats_llr_penta(r->penta, 0, 50, 0), r->llr_log50, 1e-5, what);
    }
    /* the trinomial model: 60 wins, 20 draws, 20 losses score 0.7, Elo
     * -400 log10(1/0.7 - 1) = -400 log10(3/7) = 147.190714 */
    elo_estimate e;
    long wdl[3] = {60, 20, 20};
    stats_elo_trinomial(wdl, &e);
    near(e.score, 0.7, 1e-12, "trinomial score");
    near(e.elo, 147.190714, 1e-5, "trinomial Elo");
    near(e.defined, 1, 0, "trinomial: an interval from 100 games in 3 cells");
    /* Its 95% interval by hand: a game scores 1, 1/2, 0 with chances .6,
     * .2, .2, so its variance is .6 + .2/4 - .7^2 = .16 and the mean's
     * standard error sqrt(.16/100) = .04; the score's interval is .7 -+
     * 1.959964 x .04 = [.6216014, .7783986], whose Elo is
     * -400 log10(1/.6216014 - 1) = +86.225015 and
     * -400 log10(1/.7783986 - 1) = +218.251778.  Fishtest's "+-" is
     * half its width, 66.013381, and 147.190714 -+ 66.013381 = [+81.18,
     * +213.20] is no bound of it (the report wrote those). */
    near(e.elo_lo, 86.225015, 1e-5, "trinomial lower bound");
    near(e.elo_hi, 218.251778, 1e-5, "trinomial upper bound");
    near(e.elo95, 66.013381, 1e-5, "trinomial half-width");
    /* a bound beyond a score of 1 is +inf: 9 wins, 1 loss score .9 with a
     * standard error sqrt(.09/10) = .0949, .9 + 1.96 x .0949 > 1 */
    long nine[3] = {9, 0, 1};
    stats_elo_trinomial(nine, &e);
    near(isinf(e.elo_hi) && e.elo_hi > 0, 1, 0, "an upper bound past a score of 1");
    char inf_text[16];
    near(strcmp(stats_elo_text(e.elo_hi, 1, inf_text, sizeof inf_text), "+inf"), 0, 0, "+inf as text");
    /* An interval needs 2 pairs in 2 cells at least: the variance of the
     * counts is zero otherwise (fishtest's regularised cells hide it). */
    static const struct {
        long penta[5];
        int defined;
    } spread[] = {{{0, 0, 2, 0, 0}, 0}, {{0, 0, 0, 0, 9}, 0}, {{0, 0, 1, 0, 0}, 0},
                  {{0, 0, 0, 0, 0}, 0}, {{0, 0, 1, 0, 1}, 1}, {{1, 0, 0, 0, 1}, 1}};
    for (size_t k = 0; k < sizeof spread / sizeof spread[0]; k++) {
        stats_elo_penta(spread[k].penta, &e);
        near(e.defined, spread[k].defined, 0, "interval defined");
    }
    /* Elo as text never reads -0 */
    static const struct {
        double elo;
        int decimals;
        const char *text;
    } texts[] = {{-0.04, 1, "+0.0"},   {-0.4, 0, "+0"}, {-0.6, 0, "-1"},
                 {-17.04, 1, "-17.0"}, {0.0, 0, "+0"},  {12.35, 0, "+12"}};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        char buf[16];
        checks++;
        if (strcmp(stats_elo_text(texts[k].elo, texts[k].decimals, buf, sizeof buf), texts[k].text)) {
            failures++;
            fprintf(stderr, "matchcheck: FAIL: Elo %g as '%s', expected '%s'\n", texts[k].elo, buf, texts[k].text);
        }
    }
    /* Wald's bounds for alpha = beta = 0.05: -+log(19) = -+2.944439 */
    sprt_spec s;
    char why[120];
    double lo, hi;
    checks++;
    if (sprt_parse("elo0=0 elo1=5 alpha=0.05 beta=0.05", &s, why, sizeof why) != 0) {
        failures++;
        fprintf(stderr, "matchcheck: FAIL: --sprt parse: %s\n", why);
    }
    near(sprt_decide(&s, 3.0, &lo, &hi), 1, 0, "LLR 3 accepts H1");
    near(lo, -2.944439, 1e-6, "lower bound");
    near(hi, 2.944439, 1e-6, "upper bound");
    near(sprt_decide(&s, -3.0, &lo, &hi), -1, 0, "LLR -3 accepts H0");
    near(sprt_decide(&s, 0.5, &lo, &hi), 0, 0, "LLR 0.5 goes on");
    static const char *const bad[] = {"elo0=5 elo1=0",        "elo0=0", "elo0=0 elo1=5 alpha=0.7", "elo0=0 elo1=x",
                                      "warp=1 elo0=0 elo1=5", "elo0"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        checks++;
        if (sprt_parse(bad[k], &s, why, sizeof why) == 0) {
            failures++;
            fprintf(stderr, "matchcheck: FAIL: --sprt '%s' accepted\n", bad[k]);
        }
    }
    check_sprt_edges();
    check_clocks();
    check_tc_text();
    check_engine_seed();
    printf("matchcheck: %d checks, %d failed\n", checks, failures);
    return failures != 0;
}
