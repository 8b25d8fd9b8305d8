/* SPDX-License-Identifier: MIT */
/*
 * mate_dfpn.c - depth-first proof-number search (df-pn, Nagai 2002) for the
 * longer forced captures of the enemy Damyo: the part of the bots' mate
 * search (mate.c) beyond the plain search's 11 plies.
 *
 * Each node has a proof number phi and a disproof number delta from the
 * view of its side to move (phi = 0: that side has won; delta = 0: it has
 * lost); a node's phi is the least delta of its children and its delta
 * the sum of their phi.  The search goes down the child with the least
 * delta while both numbers stay under thresholds, which it raises only as
 * far as the second best child (times 1 + 1/4, Pawlewicz and Lew's
 * 1 + epsilon trick).  A child not searched yet starts at phi 1 and delta
 * its number of legal moves (one move may do, all must fail).  A node's
 * children are made in move order until one of them decides it (a leaf
 * or game end lost for its side to move): the others are not looked at.
 *
 * Depth: "win within d plies" is a property of (position, d), so the
 * table is keyed by both, and (position, d) nodes form a graph without
 * cycles.  Nodes 4 or fewer plies from the horizon are solved at once by
 * the plain search (bot_mate_wins, bot_mate_replies_lose): near the
 * leaves it is much faster than proof numbers.  The table is kept for one
 * search (its keys carry the search's generation).  Proofs are exact:
 * a number stored is 0 only for a proof; nothing is stored once the
 * budget ran out.
 */
#include "bots.h"

#define DF_LEAF 4 /* nodes this near the horizon are solved by the plain search */
#define DF_EPS 4  /* 1 + 1/DF_EPS: the threshold's margin over the second best */

#define DF_INF 0x3fffffffu /* an infinite proof or disproof number */

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    return a + b >= DF_INF ? DF_INF : a + b;
}

/* The key of (position, d) in this search. */
static uint64_t df_key(const bot_mate *s, uint64_t hash, int d)
{
    uint64_t x = (uint64_t)d * UINT64_C(0x9E3779B97F4A7C15) ^ (uint64_t)s->gen * UINT64_C(0xC2B2AE3D27D4EB4F);
    return hash ^ x ^ (x >> 29);
}

/* The table's entry for key (the one it shares with other keys). */
static bot_dfpn_entry *df_entry(const bot_mate *s, uint64_t key)
{
    return &s->df[key & ((UINT64_C(1) << MATE_TT_BITS) - 1)];
}

/* Reads the numbers of key: 1, or 0 (absent, *phi and *delta unchanged). */
static int df_get(const bot_mate *s, uint64_t key, uint32_t *phi, uint32_t *delta)
{
    const bot_dfpn_entry *e = df_entry(s, key);
    if (e->key != key)
        return 0;
    *phi = e->phi;
    *delta = e->delta;
    return 1;
}

static void df_put(const bot_mate *s, uint64_t key, uint32_t phi, uint32_t delta)
{
    bot_dfpn_entry *e = df_entry(s, key);
    e->key = key;
    e->phi = phi;
    e->delta = delta;
}

typedef struct df_child {
    mana_move m;
    int fixed; /* 1: phi, delta are final (a game end or a leaf) */
    uint64_t key;
    uint32_t phi, delta;
} df_child;

/* Fills c for the move m of w (d plies left at w, `me` the attacker):
 * its key, or its final value where the child needs no search. */
static int df_child_of(bot_mate *s, mana_game *w, int me, int d, mana_move m, df_child *c)
{
    int mover = mana_side_to_move(w);
    if (mana_play(w, m) != MANA_OK)
        return 0;
    c->m = m;
    c->fixed = 1;
    uint64_t hash = mana_hash(w);
    c->key = df_key(s, hash, d - 1);
    if (d - 1 > DF_LEAF) /* the entry is loaded while the game end is looked at */
        BOT_PREFETCH(df_entry(s, c->key));
    int st = mana_status(w), child_wins; /* from the view of the child's side to move */
    if (st != MANA_PLAYING)              /* the child's side to move is the attacker if the defender moved */
        child_wins = (st == bot_mate_won_status(me)) == (mover != me);
    else if (mover != me) /* the attacker to move in the child */
        child_wins = mana_damyo_capturable(w) == 1 ? 1 : d - 1 < 3 ? 0 : -1;
    else /* the defender to move */
        child_wins = mana_damyo_capturable(w) == 1 || d - 1 < 2 ? 1 : -1;
    if (child_wins < 0 && d - 1 <= DF_LEAF) { /* near the leaves the plain search is faster */
        child_wins = mover != me ? bot_mate_wins(s, w, d - 1) : !bot_mate_replies_lose(s, w, me, d - 1);
        if (s->aborted)
            child_wins = -1;
    } else if (child_wins < 0) { /* what the plain search proved at a shallower depth */
        int known = bot_mate_known(s, hash, d - 1);
        if (known >= 0)
            child_wins = mover != me ? known : !known;
    }
    if (child_wins < 0) {
        c->fixed = 0;
        if (!df_get(s, c->key, &c->phi, &c->delta)) {
            /* unexpanded: one move may do, all must fail (the mobility
             * initialisation of proof-number search) */
            int k = mana_legal_moves(w, NULL, 0);
            c->phi = 1;
            c->delta = k > 0 ? (uint32_t)k : 1;
        }
    } else {
        c->phi = child_wins ? 0 : DF_INF;
        c->delta = child_wins ? DF_INF : 0;
    }
    mana_undo(w);
    return 1;
}

static void df_mid(bot_mate *s, mana_game *w, int me, int d, uint64_t key, uint32_t thphi, uint32_t thdelta,
                   const mana_move *only, int nonly)
{
    mana_move mv[MANA_MAX_MOVES];
    df_child c[MANA_MAX_MOVES];
    int n = only != NULL ? nonly : mana_legal_moves(w, mv, MANA_MAX_MOVES), k = 0;
    for (int i = 0; i < n; i++) {
        k += df_child_of(s, w, me, d, only != NULL ? only[i] : mv[i], &c[k]);
        if (k > 0 && c[k - 1].fixed && c[k - 1].delta == 0) { /* a child lost: this node is won */
            c[0] = c[k - 1];
            k = 1;
            break;
        }
    }
    int defender = mana_side_to_move(w) != me;
    for (;;) {
        uint32_t phi = DF_INF, delta = 0, delta2 = DF_INF;
        int best = -1;
        for (int i = 0; i < k; i++) /* the subtree searched since may have evicted them */
            if (!c[i].fixed)
                BOT_PREFETCH(df_entry(s, c[i].key));
        for (int i = 0; i < k; i++) {
            if (!c[i].fixed)
                (void)df_get(s, c[i].key, &c[i].phi, &c[i].delta);
            delta = sat_add(delta, c[i].phi);
            if (c[i].delta < phi || best < 0) {
                delta2 = phi;
                phi = c[i].delta;
                best = i;
            } else if (c[i].delta < delta2)
                delta2 = c[i].delta;
        }
        if (k == 0) { /* no move: no win claimed either way */
            phi = defender ? 0 : DF_INF;
            delta = defender ? DF_INF : 0;
        }
        if (phi >= thphi || delta >= thdelta || bot_mate_out_of_budget(s)) {
            if (!s->aborted)
                df_put(s, key, phi, delta);
            return;
        }
        uint32_t cth_phi = thdelta >= DF_INF ? DF_INF : thdelta - delta + c[best].phi;
        uint32_t d2 = delta2 >= DF_INF ? DF_INF : delta2 + delta2 / DF_EPS + 1; /* the 1 + epsilon trick */
        uint32_t cth_delta = thphi < d2 ? thphi : d2;
        if (mana_play(w, c[best].m) != MANA_OK)
            return;
        s->nodes++;
        df_mid(s, w, me, d - 1, c[best].key, cth_phi, cth_delta, NULL, 0);
        mana_undo(w);
    }
}

int bot_dfpn_root(bot_mate *s, mana_game *w, const mana_move *mv, int n, int min_plies, int max_plies, mana_move *out)
{
    int me = mana_side_to_move(w);
    if (mana_damyo_capturable(w) == 1)
        for (int i = 0; i < n; i++)
            if (bot_captures_damyo(w, mv[i])) {
                *out = mv[i];
                return 1;
            }
    for (int d = min_plies > 3 ? min_plies : 3; d <= max_plies && d <= BOT_MATE_PLIES_MAX; d += 2) {
        uint64_t key = df_key(s, mana_hash(w), d) ^ 1; /* the root: its own moves */
        df_mid(s, w, me, d, key, DF_INF, DF_INF, mv, n);
        if (s->aborted)
            return 0;
        uint32_t phi = 1, delta = 1;
        (void)df_get(s, key, &phi, &delta);
        if (phi != 0)
            continue;
        for (int i = 0; i < n; i++) {
            df_child c;
            if (df_child_of(s, w, me, d, mv[i], &c)) {
                if (c.delta == 0) {
                    *out = mv[i];
                    return d;
                }
            }
        }
    }
    return 0;
}

/* The next move of a winning line at w (d plies left, mv[0..k-1] its
 * moves) where neither table holds its proof any more: the attacker's
 * first move after which every reply loses within d - 1, by the plain
 * search; the defender's first move (every one loses). */
static mana_move plain_step(bot_mate *s, mana_game *w, int me, int d, const mana_move *mv, int k, int attacker)
{
    if (!attacker)
        return k > 0 ? mv[0] : MANA_MOVE_NONE;
    for (int i = 0; i < k; i++) {
        if (mana_play(w, mv[i]) != MANA_OK)
            continue;
        int won = bot_mate_replies_lose(s, w, me, d - 1);
        mana_undo(w);
        if (won)
            return mv[i];
    }
    return MANA_MOVE_NONE;
}

int bot_dfpn_line(bot_mate *s, mana_game *w, mana_move first, int plies, mana_move *line, int max)
{
    int me = mana_side_to_move(w), n = 0, d = plies;
    mana_move m = first;
    while (n < max && m != MANA_MOVE_NONE && mana_play(w, m) == MANA_OK) {
        line[n++] = m;
        d--;
        if (mana_status(w) != MANA_PLAYING)
            break;
        /* the attacker: a child proven lost for the defender; the
         * defender: a reply (all are lost), the first */
        mana_move mv[MANA_MAX_MOVES];
        int k = mana_legal_moves(w, mv, MANA_MAX_MOVES), attacker = mana_side_to_move(w) == me;
        m = MANA_MOVE_NONE;
        if (attacker && mana_damyo_capturable(w) == 1) {
            for (int i = 0; i < k && m == MANA_MOVE_NONE; i++)
                if (bot_captures_damyo(w, mv[i]))
                    m = mv[i];
            continue;
        }
        for (int i = 0; i < k && m == MANA_MOVE_NONE; i++) {
            df_child c;
            if (!df_child_of(s, w, me, d, mv[i], &c))
                continue;
            if (attacker ? c.delta == 0 : c.phi == 0)
                m = mv[i];
        }
        if (m == MANA_MOVE_NONE) /* a part the plain search proved: it finds the move again */
            m = plain_step(s, w, me, d, mv, k, attacker);
    }
    for (int i = 0; i < n; i++)
        mana_undo(w);
    return n;
}
