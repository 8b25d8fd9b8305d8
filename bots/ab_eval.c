/* SPDX-License-Identifier: MIT */
/*
 * ab_eval.c - the evaluation of `ab`: a few features of a position, each
 * read from libmana's attack-map queries (no move is played, no text is
 * written), weighted by the table of ab_weights.c, which a logistic fit on
 * self-play positions produced (tools/tune/).  Scores are from the view
 * of the side to move, in hundredths of a logit of its chance to win (100:
 * about 73%).
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

#define FILE_A 0x041041041ULL /* a1 a2 ... a6 */
#define FILE_F 0x820820820ULL /* f1 f2 ... f6 */
#define ALL36 0xFFFFFFFFFULL

static int popcount(uint64_t b)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(b);
#else
    int n = 0;
    for (; b; b &= b - 1)
        n++;
    return n;
#endif
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

/* Returns the squares within 3 orthogonal steps of the squares of b. */
static uint64_t ball3(uint64_t b)
{
    for (int i = 0; i < 3; i++)
        b |= ((b << 6) & ALL36) | (b >> 6) | ((b & ~FILE_F) << 1) | ((b & ~FILE_A) >> 1);
    return b;
}

/* Returns the pieces of set within 3 steps (Manhattan distance) of the
 * Damyo on d (a one-square set; 0 gives 0). */
static int near(uint64_t set, uint64_t d)
{
    return d ? popcount(set & ball3(d)) : 0;
}

static int damyo_room(const mana_game *g, uint64_t d)
{
    uint64_t ends = 0;
    if (d && mana_piece_reach(g, first_sq(d), &ends) == MANA_OK)
        return popcount(ends);
    return 0;
}

/* The Mana counts we can give, and our moves, under the Mana binding us. */
static void our_moves(const mana_game *g, const uint64_t marks[3], ab_view *v, uint64_t their_d)
{
    uint64_t to = 0, in = 0;
    int n = mana_reach_under(g, v->us, mana_mana(g), &to, &in);
    v->win_now = (to & their_d) != 0;
    v->f[F_MOBILITY] = n > 0 ? n : 0;
    v->f[F_REENTRY] = in != 0;
    v->give = 0;
    for (int k = 0; k < 3; k++)
        if ((to | in) & marks[k])
            v->give |= 1 << k;
}

/* Under each Mana count: their moves and threats, ours on their Damyo. */
static void per_mana(const mana_game *g, ab_view *v, uint64_t our_d, uint64_t their_d)
{
    int least = -1;
    v->unsafe = 0;
    for (int k = 1; k <= 3; k++) {
        uint64_t to = 0;
        int n = mana_reach_under(g, !v->us, k, &to, NULL);
        if (to & our_d) {
            v->unsafe |= 1 << (k - 1);
            v->f[F_THREAT_US]++;
        } else if (v->give & (1 << (k - 1))) {
            v->f[F_SAFE_GIVE]++;
        }
        if ((v->give & (1 << (k - 1))) && (least < 0 || n < least))
            least = n;
        mana_reach_under(g, v->us, k, &to, NULL);
        v->f[F_THREAT_THEM] += (to & their_d) != 0;
    }
    v->f[F_OPP_LEAST] = least > 0 ? least : 0;
    v->in_check = v->give != 0 && (v->give & ~v->unsafe) == 0;
    v->f[F_NO_SAFE] = v->in_check;
}

void ab_look(const mana_game *g, const uint64_t marks[3], ab_view *v)
{
    memset(v, 0, sizeof *v);
    memcpy(v->marks, marks, sizeof v->marks);
    v->us = mana_side_to_move(g);
    uint64_t our_d = 0, our_r = 0, their_d = 0, their_r = 0;
    mana_pieces(g, v->us, &our_d, &our_r);
    mana_pieces(g, !v->us, &their_d, &their_r);
    v->f[F_TEMPO] = 1;
    v->f[F_RONINS] = popcount(our_r) - popcount(their_r);
    our_moves(g, marks, v, their_d);
    per_mana(g, v, our_d, their_d);
    v->f[F_DAMYO_ROOM] = damyo_room(g, our_d) - damyo_room(g, their_d);
    v->f[F_PRESSURE] = near(our_d | our_r, their_d) - near(their_d | their_r, our_d);
}

int ab_score(const ab_view *v)
{
    int s = 0;
    for (int i = 0; i < F_COUNT; i++)
        s += ab_weights[i] * v->f[i];
    return s;
}
