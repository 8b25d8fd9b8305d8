/* SPDX-License-Identifier: MIT */
/*
 * mcts.c - the `mcts` bot: Monte Carlo tree search with the UCT
 * selection rule (Kocsis and Szepesvari 2006) and playouts guided by what
 * `ab` knows.
 *
 * Each iteration walks down the tree from the root choosing the child with
 * the best upper confidence bound, expands the leaf it reaches (all its
 * legal moves become children at once), plays one playout from there and
 * credits the result to every node on the path.  A playout takes the enemy
 * Damyo whenever it can and otherwise plays a random move among those
 * that do not hand the opponent our Damyo (a move landing on a mark count
 * under which he can take it, from libmana's mana_damyo_threats); after
 * PLAYOUT_PLIES plies the position is scored by ab's evaluation as a win
 * probability, sigmoid(score / 100).  A new child starts with
 * PRIOR_VISITS virtual playouts worth that evaluation of the position
 * after its move.
 *
 * Proofs (MCTS-Solver, Winands, Bjornsson and Saito 2008): a node is
 * proven won for the side that moved into it when its move ends the game
 * in its favour, or when every reply is proven lost; proven lost when its
 * move lets the opponent take its Damyo at once (seen one ply ahead at
 * expansion: the decisive and anti-decisive moves of Teytaud and Teytaud
 * 2010), or when some reply is proven won.  Selection never enters a
 * proven-lost child, a walk that ends on a proof credits its result
 * without a playout, and the search ends once the root is proven.  Before
 * the tree grows, an exact short search (mcts_proof.c) proves what it can
 * of the root's children, a few plies deep.  The move played is a proven
 * win, else the most visited child not proven lost.
 *
 * Threads T > 1: root parallelism, T trees grown from the same root and
 * their root children's statistics and proofs merged ("Threads" below).
 * With one thread the search is what it was before threads, move for move.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"
#include "mcts.h"
#include "../common/rng.h"

/* The exploration constant, results being in [0, 1]: once the children
 * had priors, 0.5 beat 1.0 by +50 Elo [+18, +82] at --time 30, and 0.3
 * beat 0.5 by +46 [+14, +79]. */
#define UCT_C 0.3
/* Plies a playout runs before ab's evaluation scores it: without priors 6
 * beat both 24 and whole games (120 plies) in matches at a fixed move
 * time, the evaluation being worth more than the extra random plies; with
 * them 2 plies and 12 virtual playouts beat 6 and 4 by +54 Elo [+21, +88]
 * at --time 30. */
#define PLAYOUT_PLIES 2
/* Virtual playouts a new child starts with, each worth ab's evaluation of
 * the position after its move (the "prior knowledge" of Gelly and Silver
 * 2007): +64 Elo [+28, +101] at --time 30 for 4 against none, despite 6
 * times fewer playouts. */
#define PRIOR_VISITS 12
#define TREE_PATH 256 /* deepest tree walk kept */
/* The most tree nodes a search keeps (32 bytes each: 128 MiB).  Beyond
 * it the tree stops growing and the iterations go on from its leaves, so
 * that `go infinite` runs in bounded memory and node indices fit int32_t. */
#define TREE_MAX_NODES ((size_t)1 << 22)

typedef struct node {
    mana_move move; /* the move leading here (none at the root) */
    int32_t first;  /* first child, -1 until expanded */
    int32_t nchild; /* number of children once expanded */
    int16_t mover;  /* the side that played move */
    int16_t proof;  /* MCTS_WIN / MCTS_LOSS once proven for mover, else MCTS_UNKNOWN */
    uint32_t visits;
    double wins; /* playout results for mover: 1 win, 1/2 draw */
} node;

/* Hash counts nodes as 32 bytes each on every platform, whatever sizeof
 * gives (28 on i686, where a double is 4-aligned in a struct): the same
 * Hash, the same tree and the same moves everywhere. */
#define NODE_BYTES 32
_Static_assert(sizeof(node) <= NODE_BYTES, "a tree node fits NODE_BYTES");

/* The most tree nodes of each of count threads under the Hash option:
 * its share of Hash MiB of nodes, at least 4096, at most TREE_MAX_NODES. */
static size_t tree_max_nodes(const bot *b, int count)
{
    size_t n = ((size_t)b->hash_mb << 20) / NODE_BYTES / (size_t)count;
    return n < 4096 ? 4096 : n > TREE_MAX_NODES ? TREE_MAX_NODES : n;
}

/* A tree: n[0] is the root, n[len..cap-1] room to grow; it is not grown
 * beyond max nodes in use (tree_max_nodes), nor allocated beyond them. */
typedef struct tree {
    node *n;
    size_t len, cap, max;
} tree;

/* Appends count fresh nodes; returns the index of the first, or -1. */
static int32_t tree_grow(tree *t, size_t count)
{
    if (t->len + count > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + count)
            cap *= 2;
        if (cap > t->max && t->len + count <= t->max)
            cap = t->max; /* the doubling stops at the bound */
        node *n = realloc(t->n, cap * sizeof *n);
        if (n == NULL)
            return -1;
        t->n = n;
        t->cap = cap;
    }
    int32_t first = (int32_t)t->len;
    t->len += count;
    return first;
}

struct mcts_smp;

/* One thread's search: its tree, its copy of the game, its generator.
 * With one thread the generator is the bot's own (b->rng).  A helper
 * thread reads nothing of b: it never expands the root (the only use of
 * b outside the main thread would be the root's searchmoves). */
typedef struct worker {
    bot *b;
    tree t;
    mana_game *w;
    uint64_t marks[3]; /* ab_marks of the searched position */
    uint64_t *rng;     /* &b->rng, or &own_rng for a helper */
    uint64_t own_rng;
    int seldepth;         /* the deepest tree walk so far */
    uint64_t iterations;  /* playouts run */
    int32_t touched;      /* the root child the last walk went through, -1 none */
    struct mcts_smp *smp; /* the threads' shared state, NULL with one thread */
    int index;            /* 0: the main thread */
    size_t counted;       /* the nodes of t added to smp->nodes */
    pthread_t id;         /* a helper's thread */
    char pad[64];         /* the next helper's fields on other cache lines */
} worker;

/* log(visits + 1) for UCT and the win chance 1 / (1 + exp(-score / 100))
 * of a playout's end, from tables made once with the same libm calls, so
 * that each value is the one the call gives: the searches are the same,
 * and a libm whose log and exp are slow (mingw-w64's, on the x87 unit,
 * takes 10 and 5 times glibc's) is called once an entry, not at every
 * step and playout.  Values past a table's end are computed. */
#define LOG_TABLE 65536   /* visits 0..65535 */
#define CHANCE_TABLE 2048 /* scores -2048..2048 */
static double log_table[LOG_TABLE];
static double chance_table[2 * CHANCE_TABLE + 1];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static double log1(double n)
{
    return log(n + 1.0);
}
static double chance_of(int score)
{
    return 1.0 / (1.0 + exp(-score / 100.0));
}

static void tables_init(void)
{
    for (int n = 0; n < LOG_TABLE; n++)
        log_table[n] = log1((double)n);
    for (int s = -CHANCE_TABLE; s <= CHANCE_TABLE; s++)
        chance_table[s + CHANCE_TABLE] = chance_of(s);
}

static double log_visits(uint32_t visits)
{
    return visits < LOG_TABLE ? log_table[visits] : log1((double)visits);
}

static double win_chance(int score)
{
    if (score >= -CHANCE_TABLE && score <= CHANCE_TABLE)
        return chance_table[score + CHANCE_TABLE];
    return chance_of(score);
}

/* Returns the result for White of the position w: 1 White won, 0 Black
 * won, 1/2 drawn; a game still running is scored by ab's evaluation as a
 * win probability, sigmoid(score / 100) for the side to move. */
static double result_for_white(const mana_game *w, const uint64_t marks[3])
{
    int st = mana_status(w);
    if (st == MANA_WHITE_WON)
        return 1.0;
    if (st == MANA_BLACK_WON)
        return 0.0;
    if (st != MANA_PLAYING)
        return 0.5;
    ab_view v;
    ab_look(w, marks, &v);
    double p = v.win_now ? 1.0 : win_chance(ab_score(&v));
    return v.us == MANA_WHITE ? p : 1.0 - p;
}

/* Expands node i of the tree at the position w: one child per legal move,
 * in a shuffled order so that unvisited children are tried at random.
 * Decisive and anti-decisive moves (Teytaud and Teytaud 2010): a move that
 * takes the enemy Damyo wins at once and is better than any other, so
 * when there is one it is the only child, proven won; otherwise each move
 * is looked at one ply ahead (mcts_after_move) and one that lets the
 * opponent take our Damyo at once is proven lost, which selection then
 * skips.  The others start with PRIOR_VISITS playouts scored by ab's
 * evaluation of the position after the move (result_for_white), so that
 * selection tries the likeliest moves first.  Returns 0, or -1 when out
 * of memory. */
static int expand(worker *k, int32_t i)
{
    tree *t = &k->t;
    mana_game *w = k->w;
    const uint64_t *marks = k->marks;
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES), decisive = 0;
    if (n < 0)
        n = 0;
    if (i == 0)
        n = bot_root_moves(k->b, mv, n); /* go searchmoves */
    for (int j = 0; j < n; j++)
        if (bot_captures_damyo(w, mv[j])) {
            mv[0] = mv[j];
            n = 1;
            decisive = 1;
            break;
        }
    for (int c = n - 1; c > 0; c--) {
        int j = (int)rng_below(k->rng, (uint64_t)c + 1);
        mana_move tm = mv[c];
        mv[c] = mv[j];
        mv[j] = tm;
    }
    int32_t first = tree_grow(t, (size_t)n);
    if (first < 0)
        return -1;
    int mover = mana_side_to_move(w);
    for (int c = 0; c < n; c++) {
        int proof = MCTS_WIN;
        uint32_t prior = 0;
        double wins = 0.0;
        if (!decisive) {
            proof = MCTS_UNKNOWN;
            if (mana_play(w, mv[c]) == MANA_OK) {
                proof = mcts_after_move(w);
                if (proof == MCTS_UNKNOWN && PRIOR_VISITS > 0) {
                    double r = result_for_white(w, marks);
                    prior = PRIOR_VISITS;
                    wins = PRIOR_VISITS * (mover == MANA_WHITE ? r : 1.0 - r);
                }
                mana_undo(w);
            }
        }
        t->n[first + c] = (node){mv[c], -1, 0, (int16_t)mover, (int16_t)proof, prior, wins};
    }
    t->n[i].first = first;
    t->n[i].nchild = n;
    return 0;
}

/* MCTS-Solver (Winands, Bjornsson and Saito 2008): node i is won for its
 * mover if every child is lost for theirs, lost if some child is won.
 * Sets and returns the proof of i (MCTS_UNKNOWN if neither). */
static int settle(tree *t, int32_t i)
{
    node *p = &t->n[i];
    if (p->proof != MCTS_UNKNOWN || p->first < 0 || p->nchild == 0)
        return p->proof;
    int lost = 0;
    for (int32_t k = 0; k < p->nchild; k++) {
        int c = t->n[p->first + k].proof;
        if (c == MCTS_WIN)
            return p->proof = MCTS_LOSS;
        lost += c == MCTS_LOSS;
    }
    if (lost == p->nchild)
        p->proof = MCTS_WIN;
    return p->proof;
}

/* Settles the nodes of path[0..len-1] from the deepest up, as far as
 * proofs reach. */
static void settle_path(tree *t, const int32_t *path, int len)
{
    while (len-- > 0 && settle(t, path[len]) != MCTS_UNKNOWN)
        ;
}

/* Returns the child of the unproven node i with the best upper confidence
 * bound among those not proven lost; unvisited children (with no prior)
 * come first. */
static int32_t select_child(const tree *t, int32_t i)
{
    const node *p = &t->n[i];
    double log_n = log_visits(p->visits);
    int32_t best = -1;
    double best_v = -1.0;
    for (int32_t k = 0; k < p->nchild; k++) {
        const node *c = &t->n[p->first + k];
        if (c->proof == MCTS_LOSS)
            continue;
        if (c->visits == 0)
            return p->first + k;
        double v = c->wins / c->visits + UCT_C * sqrt(log_n / c->visits);
        if (v > best_v) {
            best_v = v;
            best = p->first + k;
        }
    }
    return best;
}

/* Returns the Mana counts (bit k-1 for k marks) under which the opponent
 * would take the Damyo of the side to move, as the board stands. */
static int unsafe_counts(const mana_game *w)
{
    int unsafe = 0;
    for (int k = 1; k <= 3; k++)
        if (mana_damyo_threats(w, k, NULL, 0) > 0)
            unsafe |= 1 << (k - 1);
    return unsafe;
}

/* Returns 1 if m gives the opponent a Mana under which he takes our
 * Damyo (unsafe from unsafe_counts), m being neither a capture nor a move
 * of the Damyo itself (those change what he reaches). */
static int gives_damyo(const mana_game *w, const uint64_t marks[3], int unsafe, mana_move m)
{
    int kind = MANA_MOVE_KIND(m);
    if (kind != MANA_MOVE_STEP && kind != MANA_MOVE_DROP_RONIN)
        return 0;
    if (kind == MANA_MOVE_STEP) {
        int p = mana_piece_at(w, MANA_MOVE_FROM(m));
        if (p == 'D' || p == 'd' || mana_piece_at(w, MANA_MOVE_TO(m)) != 0)
            return 0;
    }
    uint64_t to = (uint64_t)1 << MANA_MOVE_TO(m);
    for (int k = 0; k < 3; k++)
        if ((marks[k] & to) && (unsafe & (1 << k)))
            return 1;
    return 0;
}

/* The playout policy: take the enemy Damyo when possible, else a random
 * move among those that do not hand the opponent our Damyo (any move if
 * all do). */
static mana_move playout_move(uint64_t *rng, const mana_game *w, const uint64_t marks[3], mana_move *mv, int n)
{
    if (mana_damyo_capturable(w) == 1)
        for (int k = 0; k < n; k++)
            if (bot_captures_damyo(w, mv[k]))
                return mv[k];
    int unsafe = unsafe_counts(w), safe = 0;
    if (unsafe)
        for (int k = 0; k < n; k++)
            if (!gives_damyo(w, marks, unsafe, mv[k]))
                mv[safe++] = mv[k];
    if (safe > 0)
        n = safe;
    return mv[rng_below(rng, (uint64_t)n)];
}

/* Plays a guided game from w (playout_move) for at most PLAYOUT_PLIES
 * plies and takes it back.  Returns its result for White
 * (result_for_white). */
static double playout(uint64_t *rng, mana_game *w, const uint64_t marks[3])
{
    int played = 0;
    while (played < PLAYOUT_PLIES && mana_status(w) == MANA_PLAYING) {
        mana_move mv[MANA_MAX_MOVES];
        int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
        if (n <= 0 || mana_play(w, playout_move(rng, w, marks, mv, n)) != MANA_OK)
            break;
        played++;
    }
    double r = result_for_white(w, marks);
    while (played-- > 0)
        mana_undo(w);
    return r;
}

/* Returns 1 when the search must end now: stopped, or out of time.  mcts
 * aims at the soft budget: more playouts rarely change the choice. */
static int out_of_time(bot *b)
{
    return bot_out_of_time(b) || (b->lim.time_ms > 0 && bot_clock_ms(b) >= b->lim.time_ms);
}

static int budget_left(bot *b, const tree *t, uint64_t iterations)
{
    const bot_limits *lim = &b->lim;
    if (lim->iterations > 0 && iterations >= lim->iterations)
        return 0;
    /* A tree whose every leaf is a finished game stops growing, so a node
     * limit also caps the playouts at the same number. */
    if (lim->nodes > 0 && (t->len >= lim->nodes || iterations >= lim->nodes))
        return 0;
    return (iterations & 7) != 0 || !out_of_time(b);
}

/* Sets the search's win rate p (0..1) and its score on the centi-Ronin
 * scale, 400 log10(p / (1 - p)) (the logistic Elo curve) within +-2000. */
static void set_win_rate(bot *b, double p)
{
    double cp = p <= 0 ? -2000 : p >= 1 ? 2000 : 400 * log10(p / (1 - p));
    b->stats.win_rate = p;
    b->stats.score = (int)lround(fmax(-2000, fmin(2000, cp)));
    b->stats.mate = 0;
}

/* Sets a forced capture of a Damyo in |plies| plies as the search's
 * result: the enemy's (plies > 0: win rate 1) or ours (plies < 0: win
 * rate 0), reported as `mate plies` (the score as ab's, +-(BOT_WIN -
 * |plies|)). */
static void set_mate(bot *b, int plies)
{
    set_win_rate(b, plies > 0 ? 1.0 : 0.0);
    b->stats.mate = plies;
    b->stats.score = plies > 0 ? BOT_WIN - plies : -(BOT_WIN + plies);
}

/*
 * Chooses a setup move by plain Monte Carlo: the playout budget is shared
 * among the candidate placements (or orientations); each sample plays the
 * candidate, completes the setup at random (mana_setup_random) and plays a
 * random game from there.  The candidate whose games the mover won most
 * often is chosen.  A placement that leaves the Damyo open to the first
 * move loses nearly every sample, since playouts take a Damyo whenever they
 * can.
 */
static int choose_setup(bot *b, const mana_game *g, mana_move *out)
{
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
    n = n > 0 ? bot_root_moves(b, mv, n) : n;
    if (n <= 0)
        return n < 0 ? n : MANA_EOVER;
    /* the playout budget: the iteration limit, else the node limit (at
     * most N playouts), else 3000; a time limit may end it sooner */
    uint64_t budget = b->lim.iterations ? b->lim.iterations : b->lim.nodes ? b->lim.nodes : 3000;
    uint64_t per = budget / (uint64_t)n;
    if (per < 4)
        per = 4;
    int mover = mana_side_to_move(g);
    double best = -1.0;
    uint64_t done = 0;
    *out = mv[rng_below(&b->rng, (uint64_t)n)];
    int ended = 0;
    for (int i = 0; i < n && !ended; i++) {
        double score = 0.0;
        uint64_t k = 0;
        /* the stop and the time are read at each sample: a candidate's
         * share of a large budget may take seconds */
        for (; k < per && !(ended = bot_out_of_time(b)); k++) {
            mana_game *c = mana_clone(g);
            if (c == NULL)
                return MANA_ENOMEM;
            if (mana_play(c, mv[i]) == MANA_OK &&
                (mana_status(c) != MANA_SETUP || mana_setup_random(c, rng_next(&b->rng)) == MANA_OK)) {
                uint64_t marks[3];
                ab_marks(c, marks);
                double r = playout(&b->rng, c, marks);
                score += mover == MANA_WHITE ? r : 1.0 - r;
            }
            mana_free(c);
            done++;
        }
        if (k == per && score > best) { /* a candidate cut short is not compared */
            best = score;
            *out = mv[i];
        }
    }
    b->stats.iterations = done;
    b->stats.setup = 1;
    b->stats.samples = done;
    /* the chosen candidate's win rate as (wins + 1/2) / (samples + 1),
     * which a few samples never put at 0 or 1, the rates of a proof: no
     * setup is one (no candidate sampled before the time ran out: a
     * random one, 1/2) */
    set_win_rate(b, best < 0 ? 0.5 : (best + 0.5) / (per + 1.0));
    bot_report(b, out, 1);
    return MANA_OK;
}

/* Plies of the longest forced line the root's proofs look for. */
#define PROOF_PLIES 9

/* The root's proofs, before the tree grows: each root child not yet
 * proven is searched exactly (mcts_proof_value) to depths 3, 4, ...
 * PROOF_PLIES plies from the root, while its budget lasts: a fifth of the
 * move time, or 20 moves played per playout of an iteration limit.  A
 * child proven won is then played at once; one proven lost (a forced
 * capture of our Damyo) is never selected.  lost_at[k] gets the depth at
 * which child k was proven lost.  Returns the plies of the win proven
 * (the nearest: depths grow), else 0. */
static int root_proofs(bot *b, tree *t, mana_game *w, int *lost_at)
{
    const bot_limits *lim = &b->lim;
    mcts_proof s = {b, 0, UINT64_MAX, lim->time_ms / 5.0, 0};
    if (lim->iterations > 0)
        s.budget = 20 * lim->iterations;
    else if (lim->nodes > 0)
        s.budget = 20 * lim->nodes;
    node *r = &t->n[0];
    for (int depth = 2; depth < PROOF_PLIES && !s.aborted && r->proof == MCTS_UNKNOWN; depth++) {
        for (int32_t k = 0; k < r->nchild && !s.aborted; k++) {
            node *c = &t->n[r->first + k];
            if (c->proof != MCTS_UNKNOWN || mana_play(w, c->move) != MANA_OK)
                continue;
            int v = -mcts_proof_value(&s, w, depth, MCTS_LOSS, MCTS_WIN);
            mana_undo(w);
            if (v != MCTS_UNKNOWN && !s.aborted) {
                c->proof = (int16_t)v;
                lost_at[k] = depth + 1;
                if (v == MCTS_WIN) {
                    settle(t, 0);
                    return depth + 1;
                }
            }
        }
        settle(t, 0);
    }
    return 0;
}

/* When mcts starts the bots' mate search (bot_mate_share, as ab): once
 * the most visited root child wins 64% of its playouts (about +100
 * centi-Ronin; a shorter look from 55%), unless it is proven won.
 * Iteration and node limits, MultiPV, pondering and Threads above 1 skip
 * it. */
static const bot_mate_rule mcts_mate_rule = {1.0, 0.64, 0.55};

/* Plays the nearest forced capture of the enemy Damyo that the mate search
 * proves within its share of the time: returns 1, the line reported (win
 * rate 1, mate in its plies).  0: none proven. */
static int mate_search(bot *b, mana_game *w, const mana_move *mv, int n, double share, mana_move *out)
{
    mana_move line[MANA_BOT_PV_MAX];
    int len = 0;
    uint64_t nodes = 0;
    int plies = bot_mate_search(b, w, mv, n, bot_clock_ms(b) + share * b->lim.time_ms, out, line, &len, &nodes);
    if (plies == 0)
        return 0;
    set_mate(b, plies);
    b->stats.nodes = nodes;
    bot_report(b, line, len);
    return 1;
}

/* One iteration: selection down to an unproven leaf, its expansion, a
 * playout from one of its new children (or the proven result where the
 * walk ended on a proof), and the back-propagation of the result and of
 * the proofs.  k->touched gets the root child the walk went through.
 * Returns 0, or -1 when out of memory. */
static int iterate(worker *k)
{
    tree *t = &k->t;
    mana_game *w = k->w;
    int32_t path[TREE_PATH], i = 0;
    int len = 0, down = 0, rc = 0;
    path[len++] = 0;
    k->touched = -1;
    while (t->n[i].first >= 0 && t->n[i].proof == MCTS_UNKNOWN && len < TREE_PATH) {
        int32_t c = select_child(t, i);
        if (c < 0 || mana_play(w, t->n[c].move) != MANA_OK)
            break;
        i = c;
        down++;
        path[len++] = i;
    }
    if (t->n[i].first < 0 && t->n[i].proof == MCTS_UNKNOWN && mana_status(w) == MANA_PLAYING && len < TREE_PATH &&
        t->len + MANA_MAX_MOVES <= t->max) {
        if (expand(k, i) < 0) {
            rc = -1;
            goto undo;
        }
        settle_path(t, path, len);
        int32_t c = t->n[i].proof == MCTS_UNKNOWN ? select_child(t, i) : -1;
        if (c >= 0 && mana_play(w, t->n[c].move) == MANA_OK) {
            i = c;
            down++;
            path[len++] = i;
        }
    }
    if (len - 1 > k->seldepth)
        k->seldepth = len - 1;
    k->touched = len > 1 ? path[1] : -1;
    const node *leaf = &t->n[i];
    double r = leaf->proof == MCTS_UNKNOWN                                ? playout(k->rng, w, k->marks)
               : (leaf->proof == MCTS_WIN) == (leaf->mover == MANA_WHITE) ? 1.0
                                                                          : 0.0;
    for (int j = 0; j < len; j++) {
        node *p = &t->n[path[j]];
        p->visits++;
        p->wins += p->mover == MANA_WHITE ? r : 1.0 - r;
    }
undo:
    while (down-- > 0)
        mana_undo(w);
    return rc;
}

/* The root child to play: one proven won; else the most visited of those
 * not proven lost; when every child is lost, the one lost the latest
 * (lost_at, 0 for a proof of the tree's, which came after the mate
 * search's depths), then the most visited. */
static int32_t root_choice(const tree *t, const int *lost_at)
{
    const node *r = &t->n[0];
    int32_t best = -1;
    for (int32_t k = 0; k < r->nchild; k++) {
        const node *c = &t->n[r->first + k];
        if (c->proof == MCTS_WIN)
            return r->first + k;
        if (c->proof != MCTS_LOSS && (best < 0 || c->visits > t->n[best].visits))
            best = r->first + k;
    }
    if (best >= 0)
        return best;
    int best_at = -1;
    for (int32_t k = 0; k < r->nchild; k++) {
        const node *c = &t->n[r->first + k];
        int at = lost_at[k] ? lost_at[k] : PROOF_PLIES + 1;
        if (at > best_at || (at == best_at && c->visits > t->n[best].visits)) {
            best_at = at;
            best = r->first + k;
        }
    }
    return best;
}

/* The win rate of root child c, 1 or 0 once proven. */
static double win_rate(const node *c)
{
    if (c->proof != MCTS_UNKNOWN)
        return c->proof == MCTS_WIN ? 1.0 : 0.0;
    return c->wins / (c->visits ? c->visits : 1);
}

/* Reports the root child best of t (the root at w): its win rate, with
 * the playouts, tree nodes and deepest walk of the search.  A child
 * proven won or lost is a mate: its line up to the Damyo's capture
 * (bot_forced_line: the winner's nearest win, the loser's longest
 * defence) and its plies, won_in where the root's proofs proved it
 * won in won_in plies (0: not known), else the line's length; a proof
 * whose line the exact search does not reach within its budget stays a
 * win rate of 1 or 0. */
static void report(bot *b, const mana_game *w, const tree *t, int32_t best, uint64_t iterations, uint64_t nodes,
                   int seldepth, int won_in)
{
    b->stats.iterations = iterations;
    b->stats.nodes = nodes;
    b->stats.seldepth = seldepth;
    mana_move line[MANA_BOT_PV_MAX] = {t->n[best].move};
    int n = 1, proof = t->n[best].proof, won = 0;
    if (proof != MCTS_UNKNOWN) {
        int mover = mana_side_to_move(w);
        n = bot_forced_line(b, w, proof == MCTS_WIN ? mover : !mover, proof == MCTS_WIN ? won_in : 0, line, 1,
                            MANA_BOT_PV_MAX, &won);
    }
    if (won && proof == MCTS_WIN)
        set_mate(b, won_in > 0 ? won_in : n);
    else if (won)
        set_mate(b, -n);
    else
        set_win_rate(b, win_rate(&t->n[best]));
    bot_report(b, line, n);
}

/* ---- Threads: root parallelism ------------------------------------------------
 *
 * Threads T: the main thread expands the root and runs its mate search;
 * T - 1 helper threads then grow a tree each from a copy of that root,
 * with their own game and generator (rng_mix of the bot's generator and
 * the thread index), while the main thread grows its own.  Every thread
 * publishes the visits, wins and proof of the root child each playout
 * went through (its mcts_slot, atomics); the main thread sums the slots
 * for its progress reports and for its choice at the end.  Proofs are
 * exact, so one proven in any tree holds in all: each thread takes the
 * others' root proofs into its tree as it claims a batch, and a thread
 * whose root is proven ends the search.
 *
 * Root parallelism rather than one shared tree with virtual loss: the
 * tree walk keeps no lock and no atomic, each thread's tree stays in its
 * own cache, and a playout here is short (two plies and an evaluation),
 * so that a shared tree's contention and its virtual losses would be a
 * large share of an iteration; the 1-thread search is the code it always
 * was.  Root parallelism also did at least as well as tree parallelism in
 * the Go experiments of Chaslot, Winands and van den Herik (2008).
 *
 * Limits: a thread claims playouts from a shared count MCTS_BATCH at a
 * time, no more than what is left, so an iteration limit is met exactly
 * by all threads together and a node limit caps their playouts alike;
 * as it claims, a thread adds its tree's growth to a shared node count,
 * which a node limit is held to (at most a batch of growth a thread
 * beyond it).  The main thread alone reads the clock and stop
 * (bot_out_of_time) and raises halt as it ends, which ends the helpers.
 * Hash is split evenly among the trees (tree_max_nodes).  Setup
 * searches run on the main thread alone.
 */

#define MCTS_BATCH 16 /* playouts a thread claims at a time */

/* One thread's root children as it last published them (root child c at
 * index c), and its playouts, tree nodes and deepest walk. */
typedef struct mcts_slot {
    _Atomic uint32_t visits[MANA_MAX_MOVES];
    _Alignas(8) _Atomic uint64_t wins[MANA_MAX_MOVES]; /* a double's bits */
    atomic_int proof[MANA_MAX_MOVES];
    _Alignas(8) _Atomic uint64_t iterations;
    _Alignas(8) _Atomic uint64_t nodes;
    atomic_int seldepth;
    char pad[64]; /* the next thread's slot on other cache lines */
} mcts_slot;

/* What the threads of one search share. */
typedef struct mcts_smp {
    _Alignas(8) _Atomic uint64_t claimed; /* playouts claimed by all threads */
    _Alignas(8) _Atomic uint64_t nodes;   /* all trees' nodes, added as they claim */
    atomic_int halt;                      /* the main thread ended, or a root was proven */
    uint64_t limit;                       /* the most playouts in all: 0 none */
    uint64_t node_limit;                  /* the most tree nodes in all: 0 none */
    int nslots;                           /* slots[0..nslots-1], one a thread planned */
    int nthreads;                         /* threads running (main thread only) */
    mcts_slot *slots;
} mcts_smp;

static uint64_t bits_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static double double_of(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* Publishes root child c (0..nchild-1) of t in s. */
static void publish_child(mcts_slot *s, const tree *t, int32_t c)
{
    const node *n = &t->n[t->n[0].first + c];
    atomic_store_explicit(&s->visits[c], n->visits, memory_order_relaxed);
    atomic_store_explicit(&s->wins[c], bits_of(n->wins), memory_order_relaxed);
    atomic_store_explicit(&s->proof[c], n->proof, memory_order_relaxed);
}

/* Publishes what k's last iteration changed: the root child it went
 * through, its playouts, nodes and deepest walk. */
static void publish(worker *k)
{
    mcts_slot *s = &k->smp->slots[k->index];
    if (k->touched > 0)
        publish_child(s, &k->t, k->touched - k->t.n[0].first);
    atomic_store_explicit(&s->iterations, k->iterations, memory_order_relaxed);
    atomic_store_explicit(&s->nodes, (uint64_t)k->t.len, memory_order_relaxed);
    atomic_store_explicit(&s->seldepth, k->seldepth, memory_order_relaxed);
}

/* Takes the root proofs the other threads published into k's tree, and
 * settles its root. */
static void import_proofs(worker *k)
{
    const mcts_smp *smp = k->smp;
    int32_t first = k->t.n[0].first, n = k->t.n[0].nchild;
    for (int s = 0; s < smp->nslots; s++)
        for (int32_t c = 0; s != k->index && c < n; c++) {
            node *ch = &k->t.n[first + c];
            int p = atomic_load_explicit(&smp->slots[s].proof[c], memory_order_relaxed);
            if (ch->proof == MCTS_UNKNOWN && p != MCTS_UNKNOWN)
                ch->proof = (int16_t)p;
        }
    settle(&k->t, 0);
}

/* Claims k's next batch of playouts (*left of them) within the limits
 * all threads share, after adding k's tree growth to the shared node
 * count; returns 0 when the limits are spent. */
static int claim(worker *k, uint64_t *left)
{
    mcts_smp *smp = k->smp;
    uint64_t grown = (uint64_t)(k->t.len - k->counted);
    uint64_t nodes = atomic_fetch_add_explicit(&smp->nodes, grown, memory_order_relaxed) + grown;
    k->counted = k->t.len;
    if (smp->node_limit > 0 && nodes >= smp->node_limit)
        return 0;
    *left = MCTS_BATCH;
    if (smp->limit > 0) {
        uint64_t start = atomic_fetch_add_explicit(&smp->claimed, MCTS_BATCH, memory_order_relaxed);
        if (start >= smp->limit)
            return 0;
        if (smp->limit - start < MCTS_BATCH)
            *left = smp->limit - start;
    }
    import_proofs(k);
    return 1;
}

/* Reports the root of every running thread's tree merged: the root
 * children's visits and wins summed over the slots, a proof of any, the
 * playouts and nodes summed, the deepest walk.  Sets *out, if not NULL,
 * to the move root_choice picks among the merged children. */
static void report_merged(const worker *k, const int *lost_at, mana_move *out)
{
    const mcts_smp *smp = k->smp;
    const node *r = &k->t.n[0];
    node m[1 + MANA_MAX_MOVES];
    size_t len = 1 + (size_t)r->nchild;
    tree mt = {m, len, len, len};
    m[0] = *r;
    m[0].first = 1;
    m[0].proof = MCTS_UNKNOWN;
    for (int32_t c = 0; c < r->nchild; c++) {
        m[1 + c] = k->t.n[r->first + c];
        m[1 + c].visits = 0;
        m[1 + c].wins = 0.0;
        m[1 + c].proof = MCTS_UNKNOWN;
    }
    uint64_t iterations = 0, nodes = 0;
    int seldepth = 0;
    for (int s = 0; s < smp->nthreads; s++) {
        mcts_slot *sl = &smp->slots[s];
        for (int32_t c = 0; c < r->nchild; c++) {
            m[1 + c].visits += atomic_load_explicit(&sl->visits[c], memory_order_relaxed);
            m[1 + c].wins += double_of(atomic_load_explicit(&sl->wins[c], memory_order_relaxed));
            int p = atomic_load_explicit(&sl->proof[c], memory_order_relaxed);
            if (p != MCTS_UNKNOWN)
                m[1 + c].proof = (int16_t)p;
        }
        iterations += atomic_load_explicit(&sl->iterations, memory_order_relaxed);
        nodes += atomic_load_explicit(&sl->nodes, memory_order_relaxed);
        int d = atomic_load_explicit(&sl->seldepth, memory_order_relaxed);
        seldepth = d > seldepth ? d : seldepth;
    }
    settle(&mt, 0);
    int32_t best = root_choice(&mt, lost_at);
    report(k->b, k->w, &mt, best, iterations, nodes, seldepth, 0);
    if (out != NULL)
        *out = m[best].move;
}

/* One thread's search under the shared limits (lost_at: the main
 * thread's, for its progress reports; NULL for a helper).  Returns 1 when
 * it ended because the limits were spent, 0 when halt, a proven root,
 * the clock or stop (the main thread) or memory ended it.  A proven root
 * raises halt. */
static int run(worker *k, const int *lost_at)
{
    mcts_smp *smp = k->smp;
    uint64_t left = 0;
    for (;;) {
        if (k->t.n[0].proof != MCTS_UNKNOWN) {
            atomic_store_explicit(&smp->halt, 1, memory_order_relaxed);
            return 0;
        }
        if (atomic_load_explicit(&smp->halt, memory_order_relaxed))
            return 0;
        if (left == 0) {
            if (!claim(k, &left))
                return 1;
            continue; /* the proofs taken in may have settled the root */
        }
        if (k->index == 0 && (k->iterations & 7) == 0 && out_of_time(k->b))
            return 0;
        if (iterate(k) < 0)
            return 0; /* out of memory: decide with what we have */
        k->iterations++;
        left--;
        publish(k);
        if (lost_at != NULL && k->b->info != NULL && k->iterations % 1000 == 0)
            report_merged(k, lost_at, NULL);
    }
}

static void *helper_main(void *arg)
{
    run(arg, NULL);
    return NULL;
}

/* Initializes s as the slot of a thread whose tree is a copy of t (the
 * root and its children). */
static void slot_init(mcts_slot *s, const tree *t)
{
    for (int c = 0; c < MANA_MAX_MOVES; c++) {
        atomic_init(&s->visits[c], 0);
        atomic_init(&s->wins[c], 0);
        atomic_init(&s->proof[c], MCTS_UNKNOWN);
    }
    for (int32_t c = 0; c < t->n[0].nchild; c++)
        publish_child(s, t, c);
    atomic_init(&s->iterations, 0);
    atomic_init(&s->nodes, (uint64_t)t->len); /* each tree starts as a copy of t */
    atomic_init(&s->seldepth, 0);
}

/* Searches the root of k (expanded, its mate search run, not proven) on
 * count threads (count >= 2), k the main one, and reports the merged
 * result; *out gets its move.  Helpers that cannot be started (memory,
 * threads) are done without.  Returns 0, or -1 (nothing done) when out
 * of memory for the shared state. */
static int search_threads(worker *k, int count, const mana_game *g, const int *lost_at, mana_move *out)
{
    const bot_limits *lim = &k->b->lim;
    worker *helpers = calloc((size_t)count - 1, sizeof *helpers);
    mcts_slot *slots = calloc((size_t)count, sizeof *slots);
    if (helpers == NULL || slots == NULL) {
        free(helpers);
        free(slots);
        return -1;
    }
    mcts_smp smp;
    atomic_init(&smp.claimed, 0);
    atomic_init(&smp.nodes, 0);
    atomic_init(&smp.halt, 0);
    smp.limit = lim->iterations;
    if (lim->nodes > 0 && (smp.limit == 0 || lim->nodes < smp.limit))
        smp.limit = lim->nodes;
    smp.node_limit = lim->nodes;
    smp.nslots = count;
    smp.slots = slots;
    for (int s = 0; s < count; s++)
        slot_init(&slots[s], &k->t);
    k->smp = &smp;
    k->index = 0;
    int started = 0;
    for (int i = 1; i < count; i++) {
        worker *h = &helpers[started];
        *h = (worker){.b = k->b,
                      .t = {NULL, 0, 0, k->t.max},
                      .w = mana_clone(g),
                      .own_rng = rng_mix(k->b->rng, (uint64_t)i),
                      .smp = &smp,
                      .index = i};
        h->rng = &h->own_rng;
        memcpy(h->marks, k->marks, sizeof h->marks);
        if (h->w != NULL && tree_grow(&h->t, k->t.len) == 0) {
            memcpy(h->t.n, k->t.n, k->t.len * sizeof *h->t.n);
            if (pthread_create(&h->id, NULL, helper_main, h) == 0) {
                started++;
                continue;
            }
        }
        free(h->t.n);
        mana_free(h->w);
        break;
    }
    smp.nthreads = 1 + started;
    if (!run(k, lost_at))
        atomic_store_explicit(&smp.halt, 1, memory_order_relaxed);
    for (int i = 0; i < started; i++) {
        pthread_join(helpers[i].id, NULL);
        free(helpers[i].t.n);
        mana_free(helpers[i].w);
    }
    report_merged(k, lost_at, out);
    k->smp = NULL;
    free(helpers);
    free(slots);
    return 0;
}

int bot_mcts_choose(bot *b, const mana_game *g, mana_move *out)
{
    if (pthread_once(&tables_once, tables_init) != 0)
        return bot_fail(MANA_ENOMEM, "mcts: cannot make its tables");
    if (mana_status(g) == MANA_SETUP)
        return choose_setup(b, g, out);

    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
    n = n > 0 ? bot_root_moves(b, mv, n) : n;
    if (n <= 0)
        return n < 0 ? n : MANA_EOVER;
    for (int k = 0; k < n; k++)
        if (bot_captures_damyo(g, mv[k])) { /* a win now needs no search */
            *out = mv[k];
            b->stats.nodes = 1;
            set_mate(b, 1);
            bot_report(b, out, 1);
            return MANA_OK;
        }
    if (n == 1) {
        *out = mv[0];
        return MANA_OK;
    }

    int count = b->threads;
#ifdef MANA_BOT_NO_THREADS
    count = 1;
#endif
    worker k = {.b = b, .t = {NULL, 0, 0, tree_max_nodes(b, count)}, .w = mana_clone(g), .rng = &b->rng};
    tree *t = &k.t;
    ab_marks(g, k.marks);
    int rc = MANA_OK;
    if (k.w == NULL || tree_grow(t, 1) < 0) {
        rc = MANA_ENOMEM;
        goto done;
    }
    t->n[0] = (node){MANA_MOVE_NONE, -1, 0, (int16_t)!mana_side_to_move(g), MCTS_UNKNOWN, 0, 0.0};
    if (expand(&k, 0) < 0) {
        rc = MANA_ENOMEM;
        goto done;
    }
    int lost_at[MANA_MAX_MOVES] = {0};
    for (int32_t c = 0; c < t->n[0].nchild; c++)
        lost_at[c] = t->n[t->n[0].first + c].proof == MCTS_LOSS;
    settle(t, 0);
    int won_in = root_proofs(b, t, k.w, lost_at);
    if (count > 1 && t->n[0].proof == MCTS_UNKNOWN && search_threads(&k, count, g, lost_at, out) == 0)
        goto done;

    int mate_tried = 0;
    while (t->n[0].proof == MCTS_UNKNOWN && budget_left(b, t, k.iterations)) {
        if (iterate(&k) < 0)
            break; /* out of memory: decide with what we have */
        k.iterations++;
        if (b->info != NULL && k.iterations % 1000 == 0)
            report(b, k.w, t, root_choice(t, lost_at), k.iterations, t->len, k.seldepth, 0);
        double share = k.iterations % 64 == 0
                           ? bot_mate_share(b, &mcts_mate_rule, win_rate(&t->n[root_choice(t, lost_at)]), &mate_tried)
                           : 0;
        if (share > 0) {
            if (mate_search(b, k.w, mv, n, share, out))
                goto done;
        }
    }

    int32_t best = root_choice(t, lost_at);
    report(b, k.w, t, best, k.iterations, t->len, k.seldepth, won_in);
    *out = t->n[best].move;

done:
    free(t->n);
    mana_free(k.w);
    return rc;
}
