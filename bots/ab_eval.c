/* SPDX-License-Identifier: MIT */
/*
 * ab_eval.c - the evaluation of `ab`: a few features of a position, each
 * read from libmana's attack-map queries (no move is played, no text is
 * written), weighted by the table of ab_weights.c, which a logistic fit on
 * self-play positions produced (tools/tune/).  Scores are from the view
 * of the side to move, in hundredths of a logit of its chance to win (100:
 * about 73%).
 *
 * Each piece's ends are read once (mana_reach_steps) and kept by the mark
 * count of its square, which answers for every Mana what mana_reach_under
 * would; libmana is asked only under the exception, whose re-entries it
 * alone knows.  The search reads views through a cache (ab_look_cached)
 * and asks for the features only the horizon uses only there.
 *
 * The Mana shapes everything: whatever we play, the opponent is then bound
 * to the mark count of the square we land on.  So for each count k we ask
 * whether some move of ours lands on k marks (we can "give" k), and what
 * the opponent could do under k: how many moves, and whether one takes our
 * Damyo.  A count we can give under which he cannot take it is a safe
 * count; with none we are "in check" (as the board stands: our move may
 * still change it, which the search finds out).
 */
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ab.h"

const char *const ab_feature_names[F_COUNT] = {
    "tempo",   "ronins",    "mobility", "opp_least",  "threat_us", "threat_them",
    "no_safe", "safe_give", "reentry",  "damyo_room", "pressure",
};

void ab_marks(const mana_game *g, uint64_t marks[3])
{
    marks[0] = marks[1] = marks[2] = 0;
    for (int sq = 0; sq < 36; sq++) {
        int k = mana_marks_at(g, sq);
        if (k >= 1 && k <= 3)
            marks[k - 1] |= (uint64_t)1 << sq;
    }
}

static int first_sq(uint64_t b)
{
#if defined(__GNUC__) || defined(__clang__)
    return b ? __builtin_ctzll(b) : 0;
#else
    int sq = 0;
    while (b && !(b & 1)) {
        b >>= 1;
        sq++;
    }
    return sq;
#endif
}

/* BALL3[sq]: the squares within 3 orthogonal steps (Manhattan distance) of
 * square sq, rank by rank from a1 (abevalcheck compares the pressure with
 * distances worked out square by square). */
static const uint64_t BALL3[36] = {
    0x0000431CFULL, 0x0000873DFULL, 0x00010E7FFULL, 0x00021CFBFULL, 0x000438F3EULL, 0x000830E3CULL,
    0x0010C73C7ULL, 0x0021CF7CFULL, 0x00439FFDFULL, 0x00873EFFEULL, 0x010E3CFBCULL, 0x020C38F38ULL,
    0x0431CF1C3ULL, 0x0873DF3C7ULL, 0x10E7FF7CEULL, 0x21CFBFF9CULL, 0x438F3EF38ULL, 0x830E3CE30ULL,
    0x0C73C70C1ULL, 0x1CF7CF1C2ULL, 0x39FFDF384ULL, 0x73EFFE708ULL, 0xE3CFBCE10ULL, 0xC38F38C20ULL,
    0x1CF1C3040ULL, 0x3DF3C7080ULL, 0x7FF7CE100ULL, 0xFBFF9C200ULL, 0xF3EF38400ULL, 0xE3CE30800ULL,
    0x3C70C1000ULL, 0x7CF1C2000ULL, 0xFDF384000ULL, 0xFFE708000ULL, 0xFBCE10000ULL, 0xF38C20000ULL,
};

/* Returns the pieces of set within 3 steps (Manhattan distance) of the
 * Damyo on d (a one-square set; 0 gives 0). */
static int near(uint64_t set, uint64_t d)
{
    return d ? mana_count_squares(set & BALL3[first_sq(d)]) : 0;
}

/* The reach of one side's pieces, by the mark count of their squares:
 * each piece's ends read once (mana_piece_reach), for every Mana. */
typedef struct side_reach {
    uint64_t to[3];  /* the ends of the pieces on k + 1 marks */
    int n[3];        /* their steps: one per piece and end */
    uint64_t all_to; /* the ends of all the pieces */
    int all_n;
    int damyo_n; /* the steps of the Damyo (0 without one) */
} side_reach;

/* Fills r with the reach of colour's pieces (mana_reach_steps: one pass
 * over them in libmana). */
static void side_reach_of(const mana_game *g, int color, side_reach *r)
{
    mana_reach_steps(g, color, r->to, r->n, &r->damyo_n);
    r->all_to = r->to[0] | r->to[1] | r->to[2];
    r->all_n = r->n[0] + r->n[1] + r->n[2];
}

/* The ends of the steps of side r under Mana k (1..3): the bound pieces',
 * or, when they have none, every piece's (the exception). */
static uint64_t steps_under(const side_reach *r, int k)
{
    return r->to[k - 1] ? r->to[k - 1] : r->all_to;
}

/* What mana_reach_under(g, c, k, to, in) answers, c's pieces' reach being
 * r: read from r while a bound piece can step (every piece under k = 0),
 * else asked of libmana, which knows the re-entries of the exception. */
static int moves_under(const mana_game *g, const side_reach *r, int c, int k, uint64_t *to, uint64_t *in)
{
    uint64_t t = k ? r->to[k - 1] : r->all_to;
    if (t == 0)
        return mana_reach_under(g, c, k, to, in);
    *to = t;
    *in = 0;
    return k ? r->n[k - 1] : r->all_n;
}

/* What a look at a position finds on the way to its features. */
typedef struct look {
    uint64_t our_d, our_r, their_d, their_r;
    side_reach ours, theirs;
    /* filled by look_rest: each side's Ronins on the board, and its
     * pieces within 3 steps of the enemy Damyo */
    int our_ronins, their_ronins, our_near, their_near;
} look;

/* The Mana counts we can give, and our moves, under the Mana binding us. */
static void our_moves(const mana_game *g, const look *l, ab_view *v)
{
    uint64_t to = 0, in = 0;
    int n = moves_under(g, &l->ours, v->us, mana_mana(g), &to, &in);
    v->win_now = (to & l->their_d) != 0;
    v->f[F_MOBILITY] = n > 0 ? n : 0;
    v->f[F_REENTRY] = in != 0;
    v->give = 0;
    for (int k = 0; k < 3; k++)
        if ((to | in) & v->marks[k])
            v->give |= 1 << k;
}

/* What the search needs at every node: whether we take their Damyo now,
 * the counts we can give and those under which they would take ours. */
static void look_threats(const mana_game *g, const uint64_t marks[3], ab_view *v, look *l)
{
    memset(v, 0, sizeof *v);
    memcpy(v->marks, marks, sizeof v->marks);
    v->us = mana_side_to_move(g);
    l->our_d = l->our_r = l->their_d = l->their_r = 0;
    mana_pieces(g, v->us, &l->our_d, &l->our_r);
    mana_pieces(g, !v->us, &l->their_d, &l->their_r);
    side_reach_of(g, v->us, &l->ours);
    side_reach_of(g, !v->us, &l->theirs);
    our_moves(g, l, v);
    for (int k = 1; k <= 3; k++)
        if (steps_under(&l->theirs, k) & l->our_d)
            v->unsafe |= 1 << (k - 1);
    v->in_check = v->give != 0 && (v->give & ~v->unsafe) == 0;
}

/* The other features: under each Mana count their fewest moves and our
 * threats on their Damyo, the Damyos' room, the pressure, the Ronins. */
/* Returns their fewest moves under a Mana count we can give (0 if none).
 * Under the exception (no bound piece can step) they have every step of
 * every piece and maybe re-entries: at least as many moves as under any
 * count whose bound pieces can step, so libmana is asked for them only
 * when every count we give is an exception. */
static int their_least(const mana_game *g, const look *l, ab_view *v)
{
    int least = -1;
    for (int pass = 0; pass < 2 && least < 0; pass++)
        for (int k = 1; k <= 3; k++) {
            if (!(v->give & (1 << (k - 1))) || (l->theirs.to[k - 1] == 0) != pass)
                continue;
            uint64_t to, in;
            int n = moves_under(g, &l->theirs, !v->us, k, &to, &in);
            if (least < 0 || n < least)
                least = n;
        }
    return least > 0 ? least : 0;
}

/* The other features: under each Mana count their fewest moves and our
 * threats on their Damyo, the Damyos' room, the pressure, the Ronins. */
static void look_rest(const mana_game *g, look *l, ab_view *v)
{
    v->f[F_OPP_LEAST] = their_least(g, l, v);
    for (int k = 1; k <= 3; k++) {
        if (v->unsafe & (1 << (k - 1)))
            v->f[F_THREAT_US]++;
        else if (v->give & (1 << (k - 1)))
            v->f[F_SAFE_GIVE]++;
        v->f[F_THREAT_THEM] += (steps_under(&l->ours, k) & l->their_d) != 0;
    }
    v->f[F_NO_SAFE] = v->in_check;
    v->f[F_TEMPO] = 1;
    l->our_ronins = mana_count_squares(l->our_r);
    l->their_ronins = mana_count_squares(l->their_r);
    l->our_near = near(l->our_d | l->our_r, l->their_d);
    l->their_near = near(l->their_d | l->their_r, l->our_d);
    v->f[F_RONINS] = l->our_ronins - l->their_ronins;
    v->f[F_DAMYO_ROOM] = l->ours.damyo_n - l->theirs.damyo_n;
    v->f[F_PRESSURE] = l->our_near - l->their_near;
}

void ab_look(const mana_game *g, const uint64_t marks[3], ab_view *v)
{
    look l;
    look_threats(g, marks, v, &l);
    look_rest(g, &l, v);
}

int ab_score(const ab_view *v)
{
    int s = 0;
    for (int i = 0; i < F_COUNT; i++)
        s += ab_weights[i] * v->f[i];
    return s;
}

/* ---- the learned evaluation (ab.h; its weights in ab_learned.c) ---- */

const char *const ab_learn_input_names[AB_LEARN_INPUTS] = {
    "ronins",     "mobility",  "opp_least",   "threat_us",    "threat_them",     "safe_give",         "reentry",
    "damyo_room", "pressure",  "our_ronins",  "their_ronins", "our_damyo_steps", "their_damyo_steps", "our_near",
    "their_near", "our_steps", "their_steps", "give_count",
};

/* Fills x from the look l and the view v (look_rest done): ab's features
 * but tempo (a constant) and no_safe (never seen in training), then our
 * and their Ronins on the board, each Damyo's steps, each side's pieces
 * within 3 steps of the enemy Damyo, each side's steps under any Mana and
 * the Mana counts we can give. */
static void learn_inputs_of(const look *l, const ab_view *v, int16_t x[AB_LEARN_PAD])
{
    static const int from_f[] = {F_RONINS,    F_MOBILITY, F_OPP_LEAST,  F_THREAT_US, F_THREAT_THEM,
                                 F_SAFE_GIVE, F_REENTRY,  F_DAMYO_ROOM, F_PRESSURE};
    int n = (int)(sizeof from_f / sizeof from_f[0]);
    for (int i = 0; i < n; i++)
        x[i] = (int16_t)v->f[from_f[i]];
    x[n++] = (int16_t)l->our_ronins;
    x[n++] = (int16_t)l->their_ronins;
    x[n++] = (int16_t)l->ours.damyo_n;
    x[n++] = (int16_t)l->theirs.damyo_n;
    x[n++] = (int16_t)l->our_near;
    x[n++] = (int16_t)l->their_near;
    x[n++] = (int16_t)l->ours.all_n;
    x[n++] = (int16_t)l->theirs.all_n;
    x[n++] = (int16_t)mana_count_squares((uint64_t)v->give);
    while (n < AB_LEARN_PAD)
        x[n++] = 0;
}

void ab_learn_inputs(const mana_game *g, const uint64_t marks[3], ab_view *v, int16_t x[AB_LEARN_PAD])
{
    look l;
    look_threats(g, marks, v, &l);
    look_rest(g, &l, v);
    learn_inputs_of(&l, v, x);
}

/* The bound of a learned score: far from the scores of forced wins. */
#define LEARN_MAX 10000

_Static_assert(AB_LEARN_INPUTS % 2 == 0 && AB_LEARN_PAD % 8 == 0 && AB_LEARN_PAD >= AB_LEARN_INPUTS &&
                   AB_LEARN_HIDDEN % 8 == 0,
               "the learned evaluation's shapes (ab.h)");

#if defined(__SSE2__)
/* Returns the sum of the four 32-bit lanes of v. */
static int32_t lanes_sum(__m128i v)
{
    v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0x4E));
    v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0xB1));
    return _mm_cvtsi128_si32(v);
}

/* Returns the four 32-bit lanes of pmaddwd of w1's units 4g..4g+3 for
 * the pair of inputs p (xv: the pair in every lane). */
#define W1_MADD(p, g, xv) _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(const void *)ab_learned_w1[p][4 * (g)]), xv)

/* The output's sum but b2 (ab.h), by SSE2: pmaddwd on pairs of inputs,
 * four hidden units a register; the clamp through 16-bit saturation,
 * which gives the same h as the 32-bit clamp since 0 and AB_LEARN_ONE
 * are within 16 bits. */
static int64_t learned_sum(const int16_t x[AB_LEARN_PAD])
{
    _Static_assert(AB_LEARN_HIDDEN == 16, "the SSE2 code holds 16 hidden units in 4 registers");
    const __m128i *b1 = (const __m128i *)(const void *)ab_learned_b1;
    __m128i a0 = _mm_loadu_si128(b1), a1 = _mm_loadu_si128(b1 + 1), a2 = _mm_loadu_si128(b1 + 2),
            a3 = _mm_loadu_si128(b1 + 3);
    for (int p = 0; p < AB_LEARN_INPUTS / 2; p++) {
        int32_t pair; /* x[2p] in the low half, x[2p + 1] in the high one (x86 is little-endian) */
        memcpy(&pair, &x[2 * p], sizeof pair);
        __m128i xv = _mm_set1_epi32(pair);
        a0 = _mm_add_epi32(a0, W1_MADD(p, 0, xv));
        a1 = _mm_add_epi32(a1, W1_MADD(p, 1, xv));
        a2 = _mm_add_epi32(a2, W1_MADD(p, 2, xv));
        a3 = _mm_add_epi32(a3, W1_MADD(p, 3, xv));
    }
    __m128i lo = _mm_setzero_si128(), hi = _mm_set1_epi16(AB_LEARN_ONE);
    __m128i h0 = _mm_min_epi16(_mm_max_epi16(_mm_packs_epi32(a0, a1), lo), hi);
    __m128i h1 = _mm_min_epi16(_mm_max_epi16(_mm_packs_epi32(a2, a3), lo), hi);
    const __m128i *w2 = (const __m128i *)(const void *)ab_learned_w2;
    __m128i sum = _mm_add_epi32(_mm_madd_epi16(h0, _mm_loadu_si128(w2)), _mm_madd_epi16(h1, _mm_loadu_si128(w2 + 1)));
    __m128i ax = _mm_setzero_si128();
    for (int i = 0; i < AB_LEARN_PAD; i += 8)
        ax = _mm_add_epi32(ax, _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(const void *)&x[i]),
                                              _mm_loadu_si128((const __m128i *)(const void *)&ab_learned_a[i])));
    return (int64_t)AB_LEARN_ONE * lanes_sum(ax) + lanes_sum(sum);
}
#else
/* The output's sum but b2 (ab.h), in plain C. */
static int64_t learned_sum(const int16_t x[AB_LEARN_PAD])
{
    int32_t ax = 0, sum = 0;
    for (int i = 0; i < AB_LEARN_PAD; i++)
        ax += ab_learned_a[i] * x[i];
    for (int j = 0; j < AB_LEARN_HIDDEN; j++) {
        int32_t z = ab_learned_b1[j];
        for (int p = 0; p < AB_LEARN_INPUTS / 2; p++)
            z += ab_learned_w1[p][j][0] * x[2 * p] + ab_learned_w1[p][j][1] * x[2 * p + 1];
        sum += ab_learned_w2[j] * (z < 0 ? 0 : z > AB_LEARN_ONE ? AB_LEARN_ONE : z);
    }
    return (int64_t)AB_LEARN_ONE * ax + sum;
}
#endif

int ab_learned_score(const int16_t x[AB_LEARN_PAD], int no_safe)
{
    int64_t out = ab_learned_b2 + learned_sum(x);
    int64_t s = out / (AB_LEARN_ONE * AB_LEARN_OUT) + (int64_t)ab_weights[F_NO_SAFE] * no_safe;
    return (int)(s < -LEARN_MAX ? -LEARN_MAX : s > LEARN_MAX ? LEARN_MAX : s);
}

uint64_t ab_rules_key(const mana_game *g, int eval)
{
    uint64_t key = 0x9E3779B97F4A7C15ULL;
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int value = 0;
        mana_get_option(g, opt, &value);
        key = (key ^ (uint32_t)value) * 0x100000001B3ULL; /* FNV-1a's prime */
        key ^= key >> 29;
    }
    key ^= (uint64_t)eval * 0xD6E8FEB86659FD93ULL; /* 0 for the linear one: its keys as before */
    return key | 1;
}

/* The data word of an entry: the score in bits 0-15, win_now in 16, give
 * in 17-19, unsafe in 20-22, in_check in 23, 1 in 24 (an empty entry's
 * data is 0) and in 25 if the score was computed. */
#define EV_VALID ((uint64_t)1 << 24)
#define EV_SCORED ((uint64_t)1 << 25)

static uint64_t ev_pack(const ab_view *v, int scored)
{
    return (uint64_t)(uint16_t)v->score | (uint64_t)(v->win_now != 0) << 16 | (uint64_t)v->give << 17 |
           (uint64_t)v->unsafe << 20 | (uint64_t)(v->in_check != 0) << 23 | EV_VALID | (scored ? EV_SCORED : 0);
}

static void ev_unpack(uint64_t d, ab_view *v)
{
    v->score = (int16_t)(uint16_t)(d & 0xFFFF);
    v->win_now = (int)(d >> 16) & 1;
    v->give = (int)(d >> 17) & 7;
    v->unsafe = (int)(d >> 20) & 7;
    v->in_check = (int)(d >> 23) & 1;
}

void ab_look_cached(ab_ev_entry *cache, const mana_game *g, uint64_t hash, uint64_t rules, const uint64_t marks[3],
                    int need_score, int eval, ab_view *v)
{
    uint64_t key = hash ^ rules;
    ab_ev_entry *e = &cache[(key ^ (key >> 32)) & ((1u << AB_EV_BITS) - 1)];
    uint64_t d = e->data;
    if ((d & EV_VALID) && (e->check ^ d) == key && ((d & EV_SCORED) || !need_score)) {
        memcpy(v->marks, marks, sizeof v->marks);
        v->us = mana_side_to_move(g);
        ev_unpack(d, v);
        return;
    }
    look l;
    look_threats(g, marks, v, &l);
    if (need_score) {
        look_rest(g, &l, v);
        if (eval == AB_EVAL_LEARNED) {
            int16_t x[AB_LEARN_PAD];
            learn_inputs_of(&l, v, x);
            v->score = ab_learned_score(x, v->f[F_NO_SAFE]);
        } else {
            v->score = ab_score(v);
        }
        if (v->score < INT16_MIN || v->score > INT16_MAX)
            return; /* not kept: the entry holds 16 bits */
    }
    d = ev_pack(v, need_score);
    e->data = d;
    e->check = key ^ d;
}
