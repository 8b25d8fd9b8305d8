/* SPDX-License-Identifier: MIT */
/*
 * ref_movegen.c - the naive reference move generator (see ref_movegen.h).
 *
 * Everything here is written for obviousness, not speed: the position is
 * copied out of the game through the public API into plain arrays, paths
 * are walked square by square by a recursive depth-first search with a
 * visited array, and the Mana rule is applied literally as docs/rules.md words
 * it.  No bit tricks, no tables other than the four neighbours.
 */
#include "ref_movegen.h"

#include <stdbool.h>
#include <stddef.h>


/* The position as plain arrays, read through the public API. */
struct ref_pos {
    int piece[MANA_SQUARE_COUNT]; /* 'D', 'R', 'd', 'r' or 0 */
    int marks[MANA_SQUARE_COUNT]; /* 1..3, or 0 while the orientation is not chosen */
    int side;                     /* MANA_WHITE or MANA_BLACK */
    int mana;                     /* 0 (none) or 1..3 */
    int reserve;                  /* Ronins the side to move may re-enter */
};

/* A growing list of moves with duplicate detection. */
struct ref_list {
    mana_move m[4 * MANA_MAX_MOVES];
    int n;
};

static void list_add(struct ref_list *l, mana_move m)
{
    for (int i = 0; i < l->n; i++)
        if (l->m[i] == m)
            return; /* two paths to one square are one move */
    if (l->n < (int)(sizeof l->m / sizeof l->m[0]))
        l->m[l->n++] = m;
}

static bool is_own(int piece, int side)
{
    if (side == MANA_WHITE)
        return piece == 'D' || piece == 'R';
    return piece == 'd' || piece == 'r';
}

static bool is_enemy(int piece, int side)
{
    return piece != 0 && !is_own(piece, side);
}

static int rank_of(int sq)
{
    return sq / MANA_FILE_COUNT;
} /* 0 = rank 1 */
static int file_of(int sq)
{
    return sq % MANA_FILE_COUNT;
} /* 0 = file a */

/* Writes the orthogonal neighbours of sq on the board to nb; returns how
 * many (2..4). */
static int neighbours(int sq, int nb[4])
{
    int n = 0;
    int r = rank_of(sq), f = file_of(sq);
    if (r < MANA_RANK_COUNT - 1)
        nb[n++] = sq + MANA_FILE_COUNT;
    if (r > 0)
        nb[n++] = sq - MANA_FILE_COUNT;
    if (f < MANA_FILE_COUNT - 1)
        nb[n++] = sq + 1;
    if (f > 0)
        nb[n++] = sq - 1;
    return n;
}

/*
 * Walks every path of exactly `left` more steps from `cur`, never entering
 * a visited square (the start is visited from the outset), never passing
 * through a piece, and marking in reach[] each square where the last step
 * may land: an empty square or an enemy piece.
 */
static void walk(const struct ref_pos *p, int cur, int left, bool visited[MANA_SQUARE_COUNT],
                 bool reach[MANA_SQUARE_COUNT])
{
    int nb[4];
    int n = neighbours(cur, nb);
    for (int i = 0; i < n; i++) {
        int to = nb[i];
        if (visited[to])
            continue;
        if (left == 1) {
            if (p->piece[to] == 0 || is_enemy(p->piece[to], p->side))
                reach[to] = true;
            continue;
        }
        if (p->piece[to] != 0)
            continue; /* no passing through any piece */
        visited[to] = true;
        walk(p, to, left - 1, visited, reach);
        visited[to] = false;
    }
}

/* Adds the step moves of the piece on `from` (by its own square's marks);
 * returns how many were added. */
static int piece_moves(const struct ref_pos *p, int from, struct ref_list *l)
{
    bool visited[MANA_SQUARE_COUNT] = {false};
    bool reach[MANA_SQUARE_COUNT] = {false};
    visited[from] = true;
    walk(p, from, p->marks[from], visited, reach);
    int added = 0;
    for (int to = 0; to < MANA_SQUARE_COUNT; to++) {
        if (reach[to]) {
            list_add(l, MANA_MOVE_MAKE(MANA_MOVE_STEP, from, to));
            added++;
        }
    }
    return added;
}

static int get_opt(const mana_game *g, int option)
{
    int v = 0;
    (void)mana_get_option(g, option, &v);
    return v;
}

static void read_pos(const mana_game *g, struct ref_pos *p)
{
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        p->piece[sq] = mana_piece_at(g, sq);
        p->marks[sq] = mana_marks_at(g, sq);
    }
    p->side = mana_side_to_move(g);
    p->mana = mana_mana(g);
    p->reserve = mana_reserve(g, p->side);
}

/* ---- setup ---------------------------------------------------------------- */

/* True if sq is in the setup area of side under the setup-area option. */
static bool in_setup_area(int sq, int side, int area)
{
    int rank = rank_of(sq) + 1;
    if (side == MANA_BLACK)
        return area == MANA_SETUP_BACK_RANK ? rank == 6 : rank >= 5;
    return area == MANA_SETUP_BACK_RANK ? rank == 1 : rank <= 2;
}

/* True if sq may receive a Damyo (empty, in the area, double if asked). */
static bool damyo_square_ok(const struct ref_pos *p, int sq, int area, int dbl)
{
    return p->piece[sq] == 0 && in_setup_area(sq, p->side, area) && (!dbl || p->marks[sq] == 2);
}

/*
 * True if the side to move can still place `damyo_left` (0 or 1) Damyo and
 * `ronins_left` Ronins on p: brute force, one piece after the other, the
 * Damyo first (it is the only constrained piece).
 */
static bool can_complete(struct ref_pos *p, int damyo_left, int ronins_left, int area, int dbl)
{
    if (damyo_left) {
        for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
            if (!damyo_square_ok(p, sq, area, dbl))
                continue;
            p->piece[sq] = p->side == MANA_WHITE ? 'D' : 'd';
            bool ok = can_complete(p, 0, ronins_left, area, dbl);
            p->piece[sq] = 0;
            if (ok)
                return true;
        }
        return false;
    }
    int empty = 0;
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        if (p->piece[sq] == 0 && in_setup_area(sq, p->side, area))
            empty++;
    return empty >= ronins_left;
}

static void setup_moves(const mana_game *g, struct ref_pos *p, struct ref_list *l)
{
    if (mana_orientation(g) < 0) {
        for (int k = 0; k < 4; k++)
            list_add(l, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, k));
        return;
    }
    int area = get_opt(g, MANA_OPT_SETUP_AREA);
    int dbl = get_opt(g, MANA_OPT_DAMYO_ON_DOUBLE);
    int damyo_placed = 0, ronins_placed = 0;
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        if (!is_own(p->piece[sq], p->side))
            continue;
        if (p->piece[sq] == 'D' || p->piece[sq] == 'd')
            damyo_placed++;
        else
            ronins_placed++;
    }
    int damyo_left = 1 - damyo_placed;
    int ronins_left = MANA_RONIN_COUNT - ronins_placed;
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        if (p->piece[sq] != 0 || !in_setup_area(sq, p->side, area))
            continue;
        if (damyo_left && damyo_square_ok(p, sq, area, dbl)) {
            p->piece[sq] = p->side == MANA_WHITE ? 'D' : 'd';
            if (can_complete(p, 0, ronins_left, area, dbl))
                list_add(l, MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, sq));
            p->piece[sq] = 0;
        }
        if (ronins_left) {
            p->piece[sq] = p->side == MANA_WHITE ? 'R' : 'r';
            if (can_complete(p, damyo_left, ronins_left - 1, area, dbl))
                list_add(l, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, sq));
            p->piece[sq] = 0;
        }
    }
}

/* ---- play ----------------------------------------------------------------- */

static bool has_damyo(const struct ref_pos *p, int side)
{
    int d = side == MANA_WHITE ? 'D' : 'd';
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        if (p->piece[sq] == d)
            return true;
    return false;
}

static void play_moves(const mana_game *g, const struct ref_pos *p, struct ref_list *l)
{
    if (!has_damyo(p, p->side))
        return; /* the Damyo was captured: the game is over */

    /* The pieces bound by the Mana: those on a square of its mark count.
     * With no Mana (first move of play) every piece is free to move, which
     * is the same as every piece being bound. */
    bool bound[MANA_SQUARE_COUNT] = {false};
    int nbound = 0;
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        if (is_own(p->piece[sq], p->side) && (p->mana == 0 || p->marks[sq] == p->mana)) {
            bound[sq] = true;
            nbound++;
        }
    }

    /* The rule: move a bound piece. */
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        if (bound[sq])
            piece_moves(p, sq, l);
    if (l->n > 0)
        return;

    /* The exception: no bound piece, or every bound piece blocked.
     * (a) move any piece by its own marks (the bound ones have none). */
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        if (is_own(p->piece[sq], p->side))
            piece_moves(p, sq, l);

    /* (b) re-enter a Ronin from the reserve.  With reentry_when_blocked off
     * (seed 001 literally) only when no piece stood on the mark count. */
    bool reentry_allowed = p->reserve > 0 && (nbound == 0 || get_opt(g, MANA_OPT_REENTRY_WHEN_BLOCKED));
    if (reentry_allowed) {
        bool mark_only = get_opt(g, MANA_OPT_REENTRY) == MANA_REENTRY_MANA_MARK;
        for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
            if (p->piece[sq] != 0)
                continue;
            if (mark_only && p->mana != 0 && p->marks[sq] != p->mana)
                continue;
            list_add(l, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, sq));
        }
    }

    /* Nothing at all: the blocked player passes under blocked = pass; under
     * draw or loss the game is over and there is no move. */
    if (l->n == 0 && get_opt(g, MANA_OPT_BLOCKED) == MANA_BLOCKED_PASS)
        list_add(l, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0));
}

/* ---- the API ---------------------------------------------------------------- */

int ref_legal_moves(const mana_game *g, mana_move *out, int cap)
{
    if (g == NULL || cap < 0 || (out == NULL && cap > 0))
        return -1;
    struct ref_list l;
    l.n = 0;
    int status = mana_status(g);
    if (status == MANA_SETUP || status == MANA_PLAYING) {
        struct ref_pos p;
        read_pos(g, &p);
        if (status == MANA_SETUP)
            setup_moves(g, &p, &l);
        else
            play_moves(g, &p, &l);
    }
    /* insertion sort, ascending by value */
    for (int i = 1; i < l.n; i++) {
        mana_move m = l.m[i];
        int j = i - 1;
        while (j >= 0 && l.m[j] > m) {
            l.m[j + 1] = l.m[j];
            j--;
        }
        l.m[j + 1] = m;
    }
    if (out == NULL)
        return l.n;
    if (cap < l.n)
        return -1;
    for (int i = 0; i < l.n; i++)
        out[i] = l.m[i];
    return l.n;
}

uint64_t ref_perft(mana_game *g, int depth)
{
    if (depth <= 0)
        return 1;
    mana_move moves[4 * MANA_MAX_MOVES];
    int n = ref_legal_moves(g, moves, (int)(sizeof moves / sizeof moves[0]));
    if (n < 0)
        return UINT64_MAX;
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (mana_play(g, moves[i]) != MANA_OK)
            return UINT64_MAX;
        uint64_t sub = ref_perft(g, depth - 1);
        if (mana_undo(g) != MANA_OK || sub == UINT64_MAX)
            return UINT64_MAX;
        total += sub;
    }
    return total;
}
