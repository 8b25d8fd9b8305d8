/* SPDX-License-Identifier: MIT */
/*
 * abevalcheck - the evaluation of the `ab` bot (bots/ab_eval.c) against a
 * reference, linked with the bot objects and libmana.a; run by `make
 * check` (mk/cli.mk).
 *
 * ab_look reads each piece's reach once and asks libmana for the moves
 * under a Mana only under the exception; the reference below asks
 * mana_reach_under for every count, as ab_look did before (commit
 * cb02a62), so the two share no code but libmana's.  On every play-phase
 * position of random games (random setups, both presets, every
 * combination of the re-entry and blocked rules) they must give the same
 * features, and so the same win_now, give, unsafe and in_check;
 * ab_look_cached must give the same fields and ab_score whether it
 * computes them (without and with the score) or reads them from its
 * cache.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"

#define TEST_NAME "abevalcheck"
#include "botutil.h"
#include "../../common/rng.h"

static int count(uint64_t b)
{
    int n = 0;
    for (; b; b &= b - 1)
        n++;
    return n;
}

/* Returns the squares within Manhattan distance 3 of square sq. */
static uint64_t ball3_of(int sq)
{
    uint64_t b = 0;
    for (int t = 0; t < 36; t++)
        if (abs(t / 6 - sq / 6) + abs(t % 6 - sq % 6) <= 3)
            b |= (uint64_t)1 << t;
    return b;
}

static int near_ref(uint64_t set, uint64_t d)
{
    int n = 0;
    for (int sq = 0; sq < 36; sq++)
        if (d >> sq & 1)
            n += count(set & ball3_of(sq));
    return n;
}

static int damyo_room_ref(const mana_game *g, uint64_t d)
{
    uint64_t ends = 0;
    for (int sq = 0; sq < 36; sq++)
        if ((d >> sq & 1) && mana_piece_reach(g, sq, &ends) == MANA_OK)
            return count(ends);
    return 0;
}

/* The reference view: every Mana count asked of mana_reach_under. */
static void look_ref(const mana_game *g, const uint64_t marks[3], ab_view *v)
{
    memset(v, 0, sizeof *v);
    v->us = mana_side_to_move(g);
    uint64_t our_d = 0, our_r = 0, their_d = 0, their_r = 0, to = 0, in = 0;
    mana_pieces(g, v->us, &our_d, &our_r);
    mana_pieces(g, !v->us, &their_d, &their_r);
    int n = mana_reach_under(g, v->us, mana_mana(g), &to, &in);
    v->win_now = (to & their_d) != 0;
    v->f[F_MOBILITY] = n > 0 ? n : 0;
    v->f[F_REENTRY] = in != 0;
    for (int k = 0; k < 3; k++)
        if ((to | in) & marks[k])
            v->give |= 1 << k;
    int least = -1;
    for (int k = 1; k <= 3; k++) {
        int given = (v->give >> (k - 1)) & 1;
        n = mana_reach_under(g, !v->us, k, &to, NULL);
        if (to & our_d) {
            v->unsafe |= 1 << (k - 1);
            v->f[F_THREAT_US]++;
        } else if (given) {
            v->f[F_SAFE_GIVE]++;
        }
        if (given && (least < 0 || n < least))
            least = n;
        mana_reach_under(g, v->us, k, &to, NULL);
        v->f[F_THREAT_THEM] += (to & their_d) != 0;
    }
    v->f[F_OPP_LEAST] = least > 0 ? least : 0;
    v->in_check = v->give != 0 && (v->give & ~v->unsafe) == 0;
    v->f[F_NO_SAFE] = v->in_check;
    v->f[F_TEMPO] = 1;
    v->f[F_RONINS] = count(our_r) - count(their_r);
    v->f[F_DAMYO_ROOM] = damyo_room_ref(g, our_d) - damyo_room_ref(g, their_d);
    v->f[F_PRESSURE] = near_ref(our_d | our_r, their_d) - near_ref(their_d | their_r, our_d);
}

static const char *mfn_of(const mana_game *g)
{
    static char buf[MANA_MFN_MAX + 1];
    if (mana_get_position(g, buf, sizeof buf) < 0)
        snprintf(buf, sizeof buf, "?");
    return buf;
}

static int same_fields(const ab_view *a, const ab_view *b)
{
    return a->us == b->us && a->win_now == b->win_now && a->give == b->give && a->unsafe == b->unsafe &&
           a->in_check == b->in_check;
}

/* The position of g in a new game under preset with the other re-entry
 * rules of opts (values of MANA_OPT_REENTRY, _REENTRY_WHEN_BLOCKED,
 * _BLOCKED); the caller frees it. */
static mana_game *other_rules(const mana_game *g, int preset, const int opts[3])
{
    mana_game *h = mana_new(preset);
    if (h == NULL ||
        mana_set_option(h, MANA_OPT_REENTRY, opts[0] == MANA_REENTRY_ANY ? MANA_REENTRY_MANA_MARK : MANA_REENTRY_ANY) !=
            MANA_OK ||
        mana_set_option(h, MANA_OPT_REENTRY_WHEN_BLOCKED, !opts[1]) != MANA_OK ||
        mana_set_option(h, MANA_OPT_BLOCKED, opts[2]) != MANA_OK || mana_set_position(h, mfn_of(g)) != MANA_OK) {
        fprintf(stderr, "abevalcheck: %s under other rules: %s\n", mfn_of(g), mana_error_detail());
        exit(1);
    }
    return h;
}

/* The same position under the other re-entry rules, looked up in the same
 * cache after g: the rules' key keeps the entries apart.  Counts in
 * *differ the positions whose reference score differs under the two. */
static void other_rules_apart(ab_ev_entry *cache, const mana_game *g, int preset, const int opts[3], long *differ)
{
    mana_game *h = other_rules(g, preset, opts);
    uint64_t marks[3];
    ab_view want, want_g, cached;
    ab_marks(h, marks);
    look_ref(h, marks, &want);
    look_ref(g, marks, &want_g);
    CHECK(mana_hash(h) == mana_hash(g), "%s: the hash changed with the rules", mfn_of(g));
    ab_look_cached(cache, h, mana_hash(h), ab_rules_key(h, AB_EVAL_LINEAR), marks, 1, AB_EVAL_LINEAR, &cached);
    CHECK(same_fields(&cached, &want) && cached.score == ab_score(&want),
          "%s: under the other re-entry rules, ab_look_cached gave the first rules' view", mfn_of(g));
    *differ += ab_score(&want) != ab_score(&want_g) || want.give != want_g.give;
    mana_free(h);
}

/* Compares ab_look, ab_look_cached and the reference on g. */
static void compare(ab_ev_entry *cache, const mana_game *g, const char *rules, long *positions)
{
    uint64_t marks[3];
    ab_view got, want, cached;
    ab_marks(g, marks);
    ab_look(g, marks, &got);
    look_ref(g, marks, &want);
    (*positions)++;
    CHECK(same_fields(&got, &want) && memcmp(got.f, want.f, sizeof got.f) == 0, "%s, %s: ab_look differs", rules,
          mfn_of(g));
    for (int i = 0; i < F_COUNT; i++)
        CHECK(got.f[i] == want.f[i], "%s, %s: %s %d, reference %d", rules, mfn_of(g), ab_feature_names[i], got.f[i],
              want.f[i]);
    uint64_t rk = ab_rules_key(g, AB_EVAL_LINEAR), hash = mana_hash(g);
    for (int pass = 0; pass < 4; pass++) { /* computed, then read back; without the score, then with it */
        int need_score = pass >= 2;
        ab_look_cached(cache, g, hash, rk, marks, need_score, AB_EVAL_LINEAR, &cached);
        CHECK(same_fields(&cached, &want) && memcmp(cached.marks, marks, sizeof marks) == 0,
              "%s, %s: ab_look_cached (pass %d) differs", rules, mfn_of(g), pass);
        if (need_score)
            CHECK(cached.score == ab_score(&want), "%s, %s: ab_look_cached's score %d, ab_score %d", rules, mfn_of(g),
                  cached.score, ab_score(&want));
    }
    /* the learned evaluation: the same view, the score of its inputs, a
     * key of its own (the linear entry is not read back for it) */
    ab_view lv;
    int16_t x[AB_LEARN_PAD];
    ab_learn_inputs(g, marks, &lv, x);
    CHECK(same_fields(&lv, &want) && memcmp(lv.f, want.f, sizeof lv.f) == 0, "%s, %s: ab_learn_inputs' view differs",
          rules, mfn_of(g));
    static const int from_f[9] = {F_RONINS,    F_MOBILITY, F_OPP_LEAST,  F_THREAT_US, F_THREAT_THEM,
                                  F_SAFE_GIVE, F_REENTRY,  F_DAMYO_ROOM, F_PRESSURE};
    for (int i = 0; i < 9; i++)
        CHECK(x[i] == want.f[from_f[i]] && strcmp(ab_learn_input_names[i], ab_feature_names[from_f[i]]) == 0,
              "%s, %s: learned input %s is %d, feature %d", rules, mfn_of(g), ab_learn_input_names[i], x[i],
              want.f[from_f[i]]);
    CHECK(x[9] - x[10] == want.f[F_RONINS] && x[11] - x[12] == want.f[F_DAMYO_ROOM] &&
              x[13] - x[14] == want.f[F_PRESSURE] && x[17] == count((uint64_t)want.give),
          "%s, %s: the learned inputs do not add up to the features", rules, mfn_of(g));
    for (int i = AB_LEARN_INPUTS; i < AB_LEARN_PAD; i++)
        CHECK(x[i] == 0, "%s, %s: the learned inputs' padding x[%d] is %d", rules, mfn_of(g), i, x[i]);
    int learned = ab_learned_score(x, want.f[F_NO_SAFE]);
    uint64_t lk = ab_rules_key(g, AB_EVAL_LEARNED);
    CHECK(lk != rk, "%s: the learned evaluation's cache key is the linear one's", rules);
    for (int pass = 0; pass < 2; pass++) {
        ab_look_cached(cache, g, hash, lk, marks, 1, AB_EVAL_LEARNED, &cached);
        CHECK(same_fields(&cached, &want) && cached.score == learned,
              "%s, %s: ab_look_cached's learned score %d (pass %d), ab_learned_score %d", rules, mfn_of(g),
              cached.score, pass, learned);
    }
}

/* Random games from random setups under preset and the options opts
 * (values of MANA_OPT_REENTRY, _REENTRY_WHEN_BLOCKED, _BLOCKED). */
static void games(ab_ev_entry *cache, int preset, const int opts[3], uint64_t *rng, long *positions, long *differ)
{
    char rules[96];
    snprintf(rules, sizeof rules, "preset %d, reentry %d, when blocked %d, blocked %d", preset, opts[0], opts[1],
             opts[2]);
    for (int game = 0; game < 20; game++) {
        mana_game *g = mana_new(preset);
        if (g == NULL || mana_set_option(g, MANA_OPT_REENTRY, opts[0]) != MANA_OK ||
            mana_set_option(g, MANA_OPT_REENTRY_WHEN_BLOCKED, opts[1]) != MANA_OK ||
            mana_set_option(g, MANA_OPT_BLOCKED, opts[2]) != MANA_OK ||
            mana_setup_random(g, rng_next(rng)) != MANA_OK) {
            fprintf(stderr, "abevalcheck: %s: cannot set up a game: %s\n", rules, mana_error_detail());
            exit(1);
        }
        for (int ply = 0; ply < 200 && mana_status(g) == MANA_PLAYING; ply++) {
            compare(cache, g, rules, positions);
            if (ply % 4 == 0)
                other_rules_apart(cache, g, preset, opts, differ);
            mana_move mv[MANA_MAX_MOVES];
            int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
            if (n <= 0 || mana_play(g, mv[rng_below(rng, (uint64_t)n)]) != MANA_OK)
                break;
        }
        mana_free(g);
    }
}

int main(void)
{
    ab_ev_entry *cache = calloc((size_t)1 << AB_EV_BITS, sizeof *cache);
    if (cache == NULL)
        return 1;
    uint64_t rng = 2026;
    long positions = 0, differ = 0;
    static const int blocked[] = {MANA_BLOCKED_PASS, MANA_BLOCKED_DRAW, MANA_BLOCKED_LOSS};
    for (int preset = 0; preset < 2; preset++)
        for (int reentry = 0; reentry < 2; reentry++)
            for (int when = 0; when < 2; when++)
                for (int b = 0; b < 3; b++) {
                    int opts[3] = {reentry ? MANA_REENTRY_MANA_MARK : MANA_REENTRY_ANY, when, blocked[b]};
                    games(cache, preset == 0 ? MANA_RULES_JACTALEA : MANA_RULES_COSMOLUDO, opts, &rng, &positions,
                          &differ);
                }
    CHECK(positions > 5000, "only %ld positions compared", positions);
    for (int i = 0; i < AB_LEARN_INPUTS; i++) /* the table was trained on these inputs */
        CHECK(strcmp(ab_learned_inputs[i], ab_learn_input_names[i]) == 0, "ab_learned.c's input %d is %s, not %s", i,
              ab_learned_inputs[i], ab_learn_input_names[i]);
    /* the rules' key is tested only where the rules change the view */
    CHECK(differ > 100, "only %ld positions whose view the re-entry rules change", differ);
    free(cache);
    printf("abevalcheck: %ld positions (%ld whose view the re-entry rules change), %d checks, %d failed\n", positions,
           differ, checks, failures);
    return failures != 0;
}
