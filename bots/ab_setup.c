/* SPDX-License-Identifier: MIT */
/*
 * ab_setup.c - setup play of `ab`: the orientation and each placement.
 *
 * The setup decides many games: Black moves first, and a Damyo the first
 * moves can reach is lost at once, or after a forced line of a few plies.
 * So each candidate setup move is judged by the games it leads to: it is
 * played, the setup is completed at random (mana_setup_random) and the
 * start position is searched SETUP_DEPTH plies deep with the full search
 * (threat extension included), which finds the setups the first mover
 * crushes.  Candidates are sampled in turn, one completion each per round,
 * until the time runs out (a timed search), SETUP_ROUNDS rounds or the
 * node limit (an untimed one); the
 * candidate with the best mean score for the mover is played.  The last
 * placement (White's sixth piece) leaves nothing to chance: each candidate
 * leads to one start position, searched one ply deeper each round (an
 * iterative deepening over the candidates), and judged by its deepest
 * score, so that a placement after which Black takes the Damyo by force
 * within a few plies is seen and avoided (tools/strength/solve finds such
 * placements in games the 2-ply samples lost).
 */
#include <math.h>
#include <string.h>

#include "ab.h"
#include "../common/rng.h"

#define SETUP_ROUNDS 16         /* completions per candidate at most, untimed */
#define SETUP_ROUNDS_TIMED 4096 /* at most, with a time limit: its time is used */
#define SETUP_DEPTH 2           /* plies searched from each completed setup */

/* Scores candidate m for the mover: one random completion searched
 * SETUP_DEPTH plies, or, when m ends the setup (*last set), its start
 * position searched SETUP_DEPTH + round plies (at most the depth limit). */
static int sample(ab_search *s, const mana_game *w, mana_move m, int mover, int round, int *ok, int *last)
{
    mana_game *c = mana_clone(w);
    *ok = 0;
    if (c == NULL)
        return 0;
    int v = 0;
    uint64_t seed = rng_next(&s->b->rng);
    if (mana_play(c, m) == MANA_OK) {
        *last = mana_status(c) != MANA_SETUP;
        if (!*last && mana_setup_random(c, seed) != MANA_OK) {
            mana_free(c);
            return 0;
        }
        int st = mana_status(c), depth = *last ? SETUP_DEPTH + round : SETUP_DEPTH;
        if (depth > BOT_DEPTH_MAX)
            depth = BOT_DEPTH_MAX;
        if (s->b->lim.depth > 0 && depth > s->b->lim.depth) /* go depth N: no deeper than N */
            depth = s->b->lim.depth > SETUP_DEPTH ? s->b->lim.depth : SETUP_DEPTH;
        ab_marks(c, s->marks);
        s->root_depth = depth;
        v = st == MANA_PLAYING ? ab_negamax(s, c, depth, -AB_INF, AB_INF, 0) : ab_terminal(c, st, 0);
        if (mana_side_to_move(c) != mover)
            v = -v;
        *ok = !s->aborted;
    }
    mana_free(c);
    return v;
}

/* The chance that the mover wins that a sample's score v gives: the
 * evaluation's unit is a hundredth of a logit of it, a forced result 0
 * or 1. */
static double win_chance(int v)
{
    return 1.0 / (1.0 + exp(-v / 100.0));
}

/* The score reported for a candidate whose count samples' win chances sum
 * to wins: the estimate (wins + 1/2) / (count + 1) of its chance, which a
 * few samples never put at 0 or 1 (a setup is no forced result: the
 * samples are random completions, or one search of the start position it
 * fixes), as hundredths of a logit (the evaluation's unit).  The mean of
 * the scores themselves mixed evaluations with forced results (30000
 * less the plies), and was reported as +-2000, a forced result's score. */
static int setup_score(double wins, int count)
{
    double p = (wins + 0.5) / (count + 1.0);
    return (int)lround(100.0 * log(p / (1.0 - p)));
}

/* 1 when the setup search must end: stopped, out of time (with a clock,
 * at the soft budget: a round is short, so none is needed past it), or out
 * of nodes. */
static int out_of_budget(ab_search *s)
{
    const bot_limits *lim = &s->b->lim;
    return bot_out_of_time(s->b) || (lim->nodes > 0 && s->nodes >= lim->nodes) ||
           (lim->hard_ms > 0 && !s->b->pondering && bot_clock_ms(s->b) >= lim->time_ms);
}

/* The rounds a setup search may run: SETUP_ROUNDS under a node or depth
 * limit alone (as before, so that such searches keep their answers), more
 * under a time limit, which then ends the search: a placement is given its
 * move time as any move is. */
static int max_rounds(const ab_search *s)
{
    return s->b->lim.time_ms > 0 ? SETUP_ROUNDS_TIMED : SETUP_ROUNDS;
}

int ab_choose_setup(ab_search *s, mana_game *w, mana_move *out)
{
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
    n = n > 0 ? bot_root_moves(s->b, mv, n) : n;
    if (n <= 0)
        return n < 0 ? n : MANA_EOVER;
    ab_shuffle(s->b, mv, n); /* ties go to a random move */
    long total[MANA_MAX_MOVES];
    double wins[MANA_MAX_MOVES]; /* the samples' win chances, summed */
    int count[MANA_MAX_MOVES];
    memset(total, 0, sizeof total);
    memset(wins, 0, sizeof wins);
    memset(count, 0, sizeof count);
    int mover = mana_side_to_move(w), rounds = 0;
    for (int most = max_rounds(s); rounds < most && !out_of_budget(s); rounds++)
        for (int i = 0; i < n && !out_of_budget(s); i++) {
            int ok, last = 0;
            int v = sample(s, w, mv[i], mover, rounds, &ok, &last);
            if (ok && last) { /* the deepest search so far */
                total[i] = v;
                wins[i] = win_chance(v);
                count[i] = 1;
            } else if (ok) {
                total[i] += v;
                wins[i] += win_chance(v);
                count[i]++;
            }
            s->aborted = 0;
        }
    int best = 0;
    uint64_t samples = 0;
    for (int i = 0; i < n; i++)
        samples += (uint64_t)count[i];
    for (int i = 1; i < n; i++) /* compare means: total[i] / count[i] */
        if (count[i] > 0 && (count[best] == 0 || total[i] * count[best] > total[best] * count[i]))
            best = i;
    *out = mv[best];
    s->b->stats.score = setup_score(wins[best], count[best]);
    s->b->stats.setup = 1;
    s->b->stats.samples = samples;
    s->b->stats.nodes = s->nodes;
    s->b->stats.seldepth = s->seldepth;
    bot_report(s->b, out, 1);
    return MANA_OK;
}
