/* SPDX-License-Identifier: MIT */
/*
 * ab.h - the parts of the `ab` bot, shared by its files only:
 *   ab_root.c   entry points, iterative deepening, aspiration windows,
 *               MultiPV, the helper threads of Lazy SMP
 *   ab_search.c principal variation search: threat extension and
 *               quiescence on Damyo threats, late-move reductions, ordering
 *   ab_tt.c     the transposition table (two-entry buckets, replacement,
 *               lock-free entries shared by the threads)
 *   ab_eval.c   the evaluation: features of a position and their weights,
 *               the learned evaluation (its weights in ab_learned.c), and
 *               the evaluation cache the search reads views through
 *   ab_setup.c  setup play (placements and orientation)
 * (bot_time.c holds the time policy of its iterations; bots.h the
 * order of all the bots' files.)
 * Everything about the rules comes from libmana: moves from
 * mana_legal_moves, consequences from mana_play / mana_undo, and what a
 * side could do under another Mana from the attack-map queries
 * (mana_piece_reach, mana_reach_under, ...).
 */
#ifndef MANA_BOTS_AB_H
#define MANA_BOTS_AB_H

#include "bots.h"

#define AB_MAX_PLY 64
#define AB_INF 32000
#define AB_HIST_SIZE (8 * 36 * 36)

/* ---- transposition table (ab_tt.c) ---- */
enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

/* An entry as read (tt_probe). */
typedef struct tt_entry {
    mana_move move;
    int16_t score;
    int8_t depth;
    uint8_t flag_age; /* flag in bits 0-1, search generation in bits 2-7 */
} tt_entry;

/* An entry as stored: two words, read and written with relaxed atomics
 * (ab_tt.c packs the data; key_xor_data lets a torn entry fail).  Every
 * _Atomic uint64_t of the bots is _Alignas(8), the same on every target:
 * on 32-bit x86, GCC before 11.1 gave it 4 bytes of alignment (and GCC
 * since then notes the change at each struct that holds one). */
typedef struct tt_slot {
    _Alignas(8) _Atomic uint64_t data;
    _Alignas(8) _Atomic uint64_t key_xor_data;
} tt_slot;

typedef struct tt_table {
    tt_slot *e;     /* 2 entries per bucket: depth-preferred, always-replace */
    size_t buckets; /* a power of two */
    uint8_t age;    /* generation of the current search (0..63) */
} tt_table;

/* Allocates the largest table of a power of two buckets within mb MiB
 * (mb >= 1); 0, or -1 when out of memory (t unchanged). */
int tt_init(tt_table *t, int mb);
void tt_free(tt_table *t);
void tt_clear(tt_table *t);
/* Starts a new search: older entries become the first to be replaced. */
void tt_new_search(tt_table *t);
/* Copies the entry of key to *out and returns 1, or returns 0.  Any
 * number of threads may probe and store at once. */
int tt_probe(const tt_table *t, uint64_t key, tt_entry *out);
void tt_store(tt_table *t, uint64_t key, mana_move move, int score, int depth, int flag);
/* Returns the permille of a sample of entries written by this search. */
int tt_hashfull(const tt_table *t);
static inline int tt_flag(const tt_entry *e)
{
    return e->flag_age & 3;
}

/* ---- evaluation (ab_eval.c) ---- */

/* The features of a position, from the view of the side to move (us).
 * The evaluation is their dot product with the weights of ab_weights.c:
 * its unit is a hundredth of a logit of the probability that we win. */
enum ab_feature {
    F_TEMPO,       /* 1: the value of having the move */
    F_RONINS,      /* our Ronins on the board minus theirs (= their reserve
                     * minus ours: a Ronin in reserve may re-enter anywhere) */
    F_MOBILITY,    /* our legal moves now */
    F_OPP_LEAST,   /* their fewest moves under a Mana we can give */
    F_THREAT_US,   /* Mana counts (0-3) under which they take our Damyo */
    F_THREAT_THEM, /* Mana counts under which we take their Damyo */
    F_NO_SAFE,     /* 1 if every Mana we can give lets them take our Damyo */
    F_SAFE_GIVE,   /* Mana counts we can give that are safe */
    F_REENTRY,     /* 1 if we may re-enter a Ronin now */
    F_DAMYO_ROOM,  /* ends of our Damyo minus ends of theirs */
    F_PRESSURE,    /* our pieces within 3 steps of their Damyo minus theirs of ours */
    F_COUNT
};

/* What evaluation and search learn about a position in one pass. */
typedef struct ab_view {
    int us;
    uint64_t marks[3]; /* squares of 1, 2, 3 marks */
    int win_now;       /* we can take their Damyo now */
    int give;          /* bit k-1: some legal move of ours lands on k marks */
    int unsafe;        /* bit k-1: under Mana k they would take our Damyo */
    int in_check;      /* every Mana we can give is unsafe (as the board is) */
    int score;         /* ab_score of the features (ab_look_cached only) */
    int f[F_COUNT];
} ab_view;

extern const int ab_weights[F_COUNT];
extern const char *const ab_feature_names[F_COUNT];

/* The evaluations the Eval option chooses (bot.c; ab only): the linear
 * one, ab_score, and the learned one, ab_learned_score. */
enum { AB_EVAL_LINEAR, AB_EVAL_LEARNED };

/* The learned evaluation: a small network over the inputs of
 * ab_learn_inputs (ab's features but tempo and no_safe, and a few richer
 * ones), its weights in ab_learned.c, which tools/learn/learn.py writes
 * (docs/strength.md, "A learned evaluation"):
 *   h[j]  = clamp(b1[j] + sum_i w1[i/2][j][i%2] x[i], 0, AB_LEARN_ONE)
 *   score = (b2 + AB_LEARN_ONE sum_i a[i] x[i] + sum_j w2[j] h[j])
 *           / (AB_LEARN_ONE AB_LEARN_OUT)
 *           + no_safe's linear weight (quiet training positions never
 *           show it), in hundredths of a logit
 * in integers (16-bit inputs and weights but b1 and b2; 32-bit sums of
 * the hidden layer and of a . x, 64-bit of the output), divisions
 * truncating: every platform computes the same score, with SSE2 (x86-64)
 * or without.  w1 is stored by pairs of inputs, as pmaddwd reads it
 * (w1[p][j][k] weighs input 2p + k in unit j); x and a are padded with
 * zeros to AB_LEARN_PAD, a multiple of 8. */
#define AB_LEARN_INPUTS 18 /* even */
#define AB_LEARN_PAD 24
#define AB_LEARN_HIDDEN 16 /* a multiple of 8 */
#define AB_LEARN_ONE 1024  /* the hidden layer's 1.0 */
#define AB_LEARN_OUT 16    /* the output's units per hundredth of a logit */
extern const char *const ab_learn_input_names[AB_LEARN_INPUTS];
/* The tables of ab_learned.c (generated): the inputs they were trained
 * on, by name (ab_learn_input_names' order, checked by abevalcheck). */
extern const char *const ab_learned_inputs[AB_LEARN_INPUTS];
extern const int16_t ab_learned_w1[AB_LEARN_INPUTS / 2][AB_LEARN_HIDDEN][2];
extern const int32_t ab_learned_b1[AB_LEARN_HIDDEN];
extern const int16_t ab_learned_w2[AB_LEARN_HIDDEN];
extern const int16_t ab_learned_a[AB_LEARN_PAD];
extern const int32_t ab_learned_b2;

/* Fills the board's mark sets of orientation-known game g. */
void ab_marks(const mana_game *g, uint64_t marks[3]);
/* Computes the view of the play-phase position g (marks from ab_marks). */
void ab_look(const mana_game *g, const uint64_t marks[3], ab_view *v);
/* Returns the weighted sum of v's features, in hundredths of a Ronin. */
int ab_score(const ab_view *v);
/* Computes the view of the play-phase position g as ab_look does and
 * fills x with the learned evaluation's inputs (x[AB_LEARN_INPUTS..] 0). */
void ab_learn_inputs(const mana_game *g, const uint64_t marks[3], ab_view *v, int16_t x[AB_LEARN_PAD]);
/* Returns the learned evaluation of inputs x (ab_learn_inputs; the
 * padding 0) for a view whose no_safe feature is no_safe, in hundredths
 * of a logit. */
int ab_learned_score(const int16_t x[AB_LEARN_PAD], int no_safe);

/* The evaluation cache: a direct-mapped table of what the search reads of
 * a view (score, win_now, give, unsafe, in_check), keyed by the position's
 * mana_hash mixed with a key of the rule options (the hash does not cover
 * them).  An entry is a pure function of its key, so the cache never
 * needs clearing and a search's results do not depend on what it holds.
 * The check word is the key xor the data word: an entry torn by a
 * concurrent writer does not pass it. */
#define AB_EV_BITS 16 /* 2^16 entries of 16 bytes: 1 MiB */
typedef struct ab_ev_entry {
    uint64_t check; /* the key xor data */
    uint64_t data;  /* score, flags and a valid bit (ab_eval.c) */
} ab_ev_entry;

/* Returns the key of g's rule options and of the evaluation eval
 * (AB_EVAL_*) for the evaluation cache (never 0). */
uint64_t ab_rules_key(const mana_game *g, int eval);
/* Fills v with what the search reads of the view of the play-phase
 * position g (hash: its mana_hash, rules: its ab_rules_key for eval):
 * us, marks, win_now, give, unsafe, in_check and, if need_score, score
 * by the evaluation eval; from the cache, or computed as ab_look does and
 * stored.  f is not filled. */
void ab_look_cached(ab_ev_entry *cache, const mana_game *g, uint64_t hash, uint64_t rules, const uint64_t marks[3],
                    int need_score, int eval, ab_view *v);

/* ---- search (ab_search.c) ---- */
/* What one search thread keeps: its killer and history tables and its
 * evaluation cache (each thread its own: only the table is shared). */
typedef struct ab_state {
    tt_table *tt; /* the bot's shared table */
    mana_move killers[AB_MAX_PLY][2];
    int32_t history[2][AB_HIST_SIZE];
    ab_ev_entry ev[1 << AB_EV_BITS]; /* the evaluation cache */
} ab_state;

/* The threads of one Lazy SMP search (ab_root.c): what they share. */
typedef struct ab_smp {
    _Alignas(8) _Atomic uint64_t nodes; /* all threads' nodes, added 64 at a time */
    atomic_int halt;                    /* raised by the main thread: helpers end */
    int depth;                          /* the depth limit, 0 none (as b->lim.depth) */
    uint64_t node_limit;                /* the node limit, 0 none (as b->lim.nodes) */
    uint64_t helper_limit;              /* the helpers end when all threads' nodes reach
                                         * it: half the node limit, the rest the main
                                         * thread's alone (0 none) */
} ab_smp;

typedef struct ab_search {
    bot *b;
    ab_state *ab;
    uint64_t marks[3];
    uint64_t nodes;
    int aborted;
    int seldepth;
    int root_depth; /* the iteration's depth: extensions stop at twice it */
    uint64_t rules; /* ab_rules_key of the searched game, 0 until needed */
    ab_smp *smp;    /* NULL with one thread */
    int helper;     /* 0: the main thread (the only one to read the clock) */
} ab_search;

/* Negamax with principal variation search from a node ply plies below the
 * root, depth plies to go; returns the score for the side to move. */
int ab_negamax(ab_search *s, mana_game *w, int depth, int alpha, int beta, int ply);
/* Returns the score of a finished game w for its side to move. */
int ab_terminal(const mana_game *w, int st, int ply);
/* Puts the legal moves mv[0..n-1] in search order (hash move, captures,
 * killers, history; moves that give a Mana under which our Damyo falls
 * last); v is the view of w. */
void ab_order(ab_search *s, const mana_game *w, const ab_view *v, mana_move *mv, int n, mana_move hash_move, int ply);
/* Shuffles mv[0..n-1] with the bot's generator (ties then differ by seed). */
void ab_shuffle(bot *b, mana_move *mv, int n);

/* ---- setup (ab_setup.c) ---- */
int ab_choose_setup(ab_search *s, mana_game *w, mana_move *out);

#endif
