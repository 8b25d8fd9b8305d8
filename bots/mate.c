/* SPDX-License-Identifier: MIT */
/*
 * mate.c - the bots' exact search for a forced capture of the enemy
 * Damyo (the game's mate, docs/rules.md "Moving"): can the side to
 * move take it within P plies, whatever the opponent plays?
 *
 * A plain AND/OR search on the rules alone: every move of the attacker is
 * tried, and a win is a win against every legal reply; no evaluation, no
 * pruning heuristic, no reduction, so a proof is a proof.  Depths grow by
 * two plies (the attacker plays the first and the last), so the first win
 * found is the nearest.  A position where the attacker cannot take the
 * Damyo at once is only searched with 3 plies or more left; the leaves
 * cost one mana_damyo_capturable call, so this search plays about 20
 * million moves a second on one core, five times ab's nodes.  From 5 plies
 * up the attacker's moves are tried fewest replies first, and at every
 * depth the last winning move and the defender's last refutation first;
 * the refutation is played before the defender's move list is made (it
 * refutes again more often than not), at 2 plies even before the
 * defender's own capture of our Damyo is looked for.
 * Beyond 11 plies mate_dfpn.c's proof-number search takes over (with this
 * search at its leaves; mate_root.c joins the two): of 15 hard 13-ply wins of the tactics suite it
 * proved 9 within 40 ms, against 5 by going on with this one.
 *
 * The table keeps, for a position (mana_hash; the side to move says
 * whether the attacker or the defender is to move), the least depth at
 * which a win was proven and the greatest at which its absence was: both
 * stay true at any deeper (resp. shallower) depth.  It is kept for one
 * search (a generation number: nothing to clear), since the hash covers
 * neither the repetition history nor the ply count.
 */
#include <stdlib.h>
#include <string.h>

#include "bots.h"

#define MATE_ORDER_DEPTH 5 /* attacker moves are sorted from this depth on */
#define MATE_CHECK 1023    /* the clock is read every 1,024 moves played */

typedef struct mate_entry {
    uint64_t key;
    uint32_t gen;    /* the search that wrote it */
    int8_t win_at;   /* least depth proven won, 0: none */
    int8_t nowin_at; /* greatest depth proven not won, 0: none */
} mate_entry;

struct bot_mate_table {
    mate_entry *e;
    bot_dfpn_entry *df;
    uint32_t gen;
};

bot_mate_table *bot_mate_table_new(void)
{
    bot_mate_table *t = calloc(1, sizeof *t);
    if (t == NULL || (t->e = bot_table_alloc(sizeof(mate_entry) << MATE_TT_BITS)) == NULL ||
        (t->df = bot_table_alloc(sizeof(bot_dfpn_entry) << MATE_TT_BITS)) == NULL) {
        if (t != NULL)
            bot_table_free(t->e, sizeof(mate_entry) << MATE_TT_BITS);
        free(t);
        return NULL;
    }
    return t;
}

int bot_mate_begin(bot_mate *s, bot *b, double stop_ms)
{
    memset(s, 0, sizeof *s);
    if (b->mate == NULL)
        return -1;
    s->b = b;
    s->t = b->mate;
    s->df = b->mate->df;
    s->gen = ++b->mate->gen;
    s->stop_ms = stop_ms;
    return 0;
}

void bot_mate_table_free(bot_mate_table *t)
{
    if (t != NULL) {
        bot_table_free(t->e, sizeof(mate_entry) << MATE_TT_BITS);
        bot_table_free(t->df, sizeof(bot_dfpn_entry) << MATE_TT_BITS);
    }
    free(t);
}

static mate_entry *slot(const bot_mate *s, uint64_t key)
{
    return &s->t->e[key & ((UINT64_C(1) << MATE_TT_BITS) - 1)];
}

/* 1 (won within d), 0 (not won within d) or -1 (not known). */
static int probe(const bot_mate *s, uint64_t key, int d)
{
    const mate_entry *e = slot(s, key);
    if (e->key != key || e->gen != s->gen)
        return -1;
    if (e->win_at > 0 && e->win_at <= d)
        return 1;
    return e->nowin_at >= d ? 0 : -1;
}

int bot_mate_known(const bot_mate *s, uint64_t hash, int d)
{
    return probe(s, hash, d);
}

static void store(const bot_mate *s, uint64_t key, int d, int won)
{
    mate_entry *e = slot(s, key);
    if (e->key != key || e->gen != s->gen) {
        e->key = key;
        e->gen = s->gen;
        e->win_at = e->nowin_at = 0;
    }
    if (won && (e->win_at == 0 || e->win_at > d))
        e->win_at = (int8_t)d;
    if (!won && e->nowin_at < d)
        e->nowin_at = (int8_t)d;
}

int bot_mate_out_of_budget(bot_mate *s)
{
    if (s->aborted)
        return 1;
    if ((s->budget > 0 && s->nodes >= s->budget) ||
        ((s->nodes & MATE_CHECK) == 0 && !s->untimed &&
         (bot_out_of_time(s->b) || (s->stop_ms > 0 && bot_clock_ms(s->b) >= s->stop_ms))))
        s->aborted = 1;
    return s->aborted;
}

/* Swaps move first of m[0..n-1], if it is there, with m[0]. */
static void swap_first(mana_move *m, int n, mana_move first)
{
    for (int i = 1; i < n; i++)
        if (m[i] == first) {
            m[i] = m[0];
            m[0] = first;
        }
}

int bot_mate_won_status(int side)
{
    return side == MANA_WHITE ? MANA_WHITE_WON : MANA_BLACK_WON;
}

/* Plays the defender's reply r of w (d plies left, `me` the attacker):
 * 1 if the attacker then still wins within d - 1, 0 if not, -1 if the
 * budget ran out first (or r could not be played). */
static int reply_lost(bot_mate *s, mana_game *w, int me, int d, mana_move r)
{
    if (bot_mate_out_of_budget(s) || mana_play(w, r) != MANA_OK)
        return -1;
    s->nodes++;
    int st = mana_status(w), lost;
    if (st != MANA_PLAYING)
        lost = st == bot_mate_won_status(me);
    else /* bot_mate_wins at 1 ply is the capture alone */
        lost = d - 1 == 1 ? mana_damyo_capturable(w) == 1 : bot_mate_wins(s, w, d - 1);
    mana_undo(w);
    return lost;
}

/* bot_mate_replies_lose's answer once a reply holds (lost 0) or the
 * budget ran out (lost -1): 0, the absence of a win stored when proven. */
static int refuted(const bot_mate *s, uint64_t key, int d, int lost)
{
    if (lost == 0 && d >= 4 && !s->aborted)
        store(s, key, d, 0);
    return 0;
}

/* bot_mate_replies_lose at 2 plies, the game going on: the killer is
 * tried even before the defender's capture of our Damyo is looked for,
 * and nothing is stored (the table starts at 4). */
static int replies_lose_2(bot_mate *s, mana_game *w, int me)
{
    mana_move killer = s->killer[2], r[MANA_MAX_MOVES];
    int first = killer != MANA_MOVE_NONE && mana_is_legal(w, killer) == 1, lost;
    if ((first && reply_lost(s, w, me, 2, killer) <= 0) || mana_damyo_capturable(w) == 1)
        return 0;
    int n = mana_legal_moves(w, r, MANA_MAX_MOVES);
    swap_first(r, n, killer); /* r[0] is the killer if it was tried */
    for (int i = first; i < n; i++)
        if ((lost = reply_lost(s, w, me, 2, r[i])) <= 0) {
            if (lost == 0)
                s->killer[2] = r[i];
            return 0;
        }
    return n > 0 && !s->aborted;
}

int bot_mate_replies_lose(bot_mate *s, mana_game *w, int me, int d)
{
    int st = mana_status(w);
    if (st != MANA_PLAYING)
        return st == bot_mate_won_status(me);
    if (d < 2)
        return 0;
    if (d == 2)
        return replies_lose_2(s, w, me);
    uint64_t key = mana_hash(w);
    if (d >= 4)
        BOT_PREFETCH(slot(s, key)); /* loaded while the capture is looked for */
    if (mana_damyo_capturable(w) == 1)
        return 0;
    int known = d >= 4 ? probe(s, key, d) : -1;
    if (known >= 0)
        return known;
    /* the last refutation at this depth first, before the list is made:
     * it refutes again more often than not */
    mana_move killer = s->killer[d], r[MANA_MAX_MOVES];
    int first = killer != MANA_MOVE_NONE && mana_is_legal(w, killer) == 1, lost = 1;
    if (first && (lost = reply_lost(s, w, me, d, killer)) <= 0)
        return refuted(s, key, d, lost);
    int n = mana_legal_moves(w, r, MANA_MAX_MOVES);
    swap_first(r, n, killer); /* r[0] is the killer if it was tried */
    for (int i = first; i < n; i++)
        if ((lost = reply_lost(s, w, me, d, r[i])) <= 0) {
            if (lost == 0)
                s->killer[d] = r[i];
            return refuted(s, key, d, lost);
        }
    if (d >= 4 && !s->aborted)
        store(s, key, d, n > 0);
    return n > 0 && !s->aborted;
}

/* Sorts m[0..n-1] by the number of legal replies each leaves, fewest
 * first (stable): the defences that are fewest are the quickest proven,
 * the first guess of a proof-number search. */
static void fewest_replies_first(mana_game *w, mana_move *m, int n)
{
    int key[MANA_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        key[i] = MANA_MAX_MOVES + 1;
        if (mana_play(w, m[i]) == MANA_OK) {
            key[i] = mana_status(w) == MANA_PLAYING ? mana_legal_moves(w, NULL, 0) : 0;
            mana_undo(w);
        }
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[j] < key[j - 1]; j--) {
            int k = key[j];
            key[j] = key[j - 1];
            key[j - 1] = k;
            mana_move t = m[j];
            m[j] = m[j - 1];
            m[j - 1] = t;
        }
}

int bot_mate_wins(bot_mate *s, mana_game *w, int d)
{
    if (d < 1 || mana_status(w) != MANA_PLAYING)
        return 0;
    if (d < 3)
        return mana_damyo_capturable(w) == 1;
    uint64_t key = mana_hash(w);
    BOT_PREFETCH(slot(s, key)); /* loaded while the capture is looked for */
    if (mana_damyo_capturable(w) == 1)
        return 1;
    int known = probe(s, key, d);
    if (known >= 0)
        return known;
    int me = mana_side_to_move(w);
    mana_move m[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, m, MANA_MAX_MOVES);
    if (d >= MATE_ORDER_DEPTH)
        fewest_replies_first(w, m, n);
    swap_first(m, n, s->winner[d]); /* the last winning move at this depth first */
    int won = 0;
    for (int i = 0; i < n && !won && !bot_mate_out_of_budget(s); i++) {
        if (mana_play(w, m[i]) != MANA_OK)
            continue;
        s->nodes++;
        won = bot_mate_replies_lose(s, w, me, d - 1);
        mana_undo(w);
        if (won)
            s->winner[d] = m[i];
    }
    if (!s->aborted)
        store(s, key, d, won);
    return won && !s->aborted;
}
