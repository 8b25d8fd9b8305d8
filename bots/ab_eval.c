/* SPDX-License-Identifier: MIT */
/*
 * ab_eval.c - the evaluation of `ab`: a few features of a position, each
 * read from libmana's attack-map queries (no move is played, no text is
 * written), weighted by the table of ab_weights.c, which a logistic fit on
 * self-play positions produced (tools/tune/).  Scores are from the view
 * of the side to move, in hundredths of a logit of its chance to win (100:
 * about 73%).
 *
 * Each piece's ends are read once (mana_piece_reach) and kept by the mark
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

/* Fills r with the reach of pieces, damyo the square of their Damyo (or
 * -1).  Every square of the board bears 1, 2 or 3 marks: marks[0..2]
 * partition it. */
static void side_reach_of(const mana_game *g, const uint64_t marks[3], uint64_t pieces, int damyo, side_reach *r)
{
    memset(r, 0, sizeof *r);
    for (uint64_t b = pieces; b; b &= b - 1) {
        int sq = first_sq(b);
        uint64_t ends = 0;
        mana_piece_reach(g, sq, &ends);
        int n = mana_count_squares(ends), k = (int)(marks[1] >> sq & 1) + 2 * (int)(marks[2] >> sq & 1);
        r->to[k] |= ends;
        r->n[k] += n;
        if (sq == damyo)
            r->damyo_n = n;
    }
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
    side_reach_of(g, marks, l->our_d | l->our_r, l->our_d ? first_sq(l->our_d) : -1, &l->ours);
    side_reach_of(g, marks, l->their_d | l->their_r, l->their_d ? first_sq(l->their_d) : -1, &l->theirs);
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
static void look_rest(const mana_game *g, const look *l, ab_view *v)
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
    v->f[F_RONINS] = mana_count_squares(l->our_r) - mana_count_squares(l->their_r);
    v->f[F_DAMYO_ROOM] = l->ours.damyo_n - l->theirs.damyo_n;
    v->f[F_PRESSURE] = near(l->our_d | l->our_r, l->their_d) - near(l->their_d | l->their_r, l->our_d);
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

uint64_t ab_rules_key(const mana_game *g)
{
    uint64_t key = 0x9E3779B97F4A7C15ULL;
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int value = 0;
        mana_get_option(g, opt, &value);
        key = (key ^ (uint32_t)value) * 0x100000001B3ULL; /* FNV-1a's prime */
        key ^= key >> 29;
    }
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
                    int need_score, ab_view *v)
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
        v->score = ab_score(v);
        if (v->score < INT16_MIN || v->score > INT16_MAX)
            return; /* not kept: the entry holds 16 bits */
    }
    d = ev_pack(v, need_score);
    e->data = d;
    e->check = key ^ d;
}
