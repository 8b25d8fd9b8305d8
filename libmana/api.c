/* SPDX-License-Identifier: MIT */
/*
 * The public entry points that belong to no single rules file: a game's
 * lifecycle (new, free, clone, copy), its options, the legal moves and the
 * queries on its position (status, side, pieces, marks, Mana, reserves,
 * hash).  Each checks its arguments, then calls the internals.  The others
 * live with their rules: mana_play and mana_undo (the hot path) in play.c,
 * mana_setup_random in setup_random.c, mana_perft in perft.c, MFN in mfn.c,
 * notation in notation.c.
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "gen.h"

#define CHECK_GAME(g, fn)                                        \
    do {                                                         \
        if (!(g))                                                \
            return mana__fail(MANA_EINVAL, fn ": game is NULL"); \
    } while (0)

/* The option values of the two presets (docs/rules.md "Rule options"). */
static const int32_t preset_options[2][MANA_OPTION_COUNT] = {
    {MANA_ORIENTATION_CHOSEN, MANA_SETUP_TWO_RANKS, 0, MANA_REENTRY_ANY, 1, MANA_BLOCKED_PASS, 0, 0},
    {3, MANA_SETUP_BACK_RANK, 1, MANA_REENTRY_ANY, 1, MANA_BLOCKED_PASS, 0, 0},
};

/* Puts g at the start of setup under its orientation option. */
static void start_setup(mana_game *g)
{
    memset(&g->pos, 0, sizeof g->pos);
    g->pos.orient = (int8_t)g->opt[MANA_OPT_ORIENTATION];
    g->pos.side = MANA_BLACK;
    g->pos.status = MANA_SETUP;
    g->pos.hash = mana__hash_of(&g->pos);
    g->len = 0;
    g->play_start = 0;
}

MANA_API mana_game *mana_new(int preset)
{
    if (preset != MANA_RULES_JACTALEA && preset != MANA_RULES_COSMOLUDO) {
        mana__fail(MANA_EINVAL, "mana_new: unknown preset %d (0 jactalea, 1 cosmoludo)", preset);
        return NULL;
    }
    mana_game *g = calloc(1, sizeof *g);
    if (!g) {
        mana__fail(MANA_ENOMEM, "mana_new: out of memory");
        return NULL;
    }
    memcpy(g->opt, preset_options[preset], sizeof g->opt);
    start_setup(g);
    return g;
}

MANA_API void mana_free(mana_game *g)
{
    if (!g)
        return;
    free(g->hist);
    free(g);
}

MANA_API mana_game *mana_clone(const mana_game *g)
{
    if (!g) {
        mana__fail(MANA_EINVAL, "mana_clone: game is NULL");
        return NULL;
    }
    mana_game *c = malloc(sizeof *c);
    if (!c) {
        mana__fail(MANA_ENOMEM, "mana_clone: out of memory");
        return NULL;
    }
    *c = *g;
    c->hist = NULL;
    c->len = c->cap = 0;
    if (mana__reserve_history(c, g->len) != MANA_OK) {
        free(c);
        mana__fail(MANA_ENOMEM, "mana_clone: out of memory for the history");
        return NULL;
    }
    if (g->len)
        memcpy(c->hist, g->hist, g->len * sizeof *g->hist);
    c->len = g->len;
    return c;
}

/* Copies src into dst, whose history has room for src's moves: every
 * field but dst's history block and its size. */
static inline void copy_into(mana_game *dst, const mana_game *src)
{
    dst->pos = src->pos;
    memcpy(dst->opt, src->opt, sizeof dst->opt);
    dst->play_start = src->play_start;
    dst->len = src->len;
    if (src->len && dst != src)
        memcpy(dst->hist, src->hist, src->len * sizeof *src->hist);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, cold))
#endif
/* mana_copy with NULL, or with a dst whose history must grow first (its
 * moves kept, so that dst is unchanged if memory runs out). */
static int
copy_checked(mana_game *dst, const mana_game *src)
{
    if (!dst || !src)
        return mana__fail(MANA_EINVAL, "mana_copy: %s is NULL", dst ? "src" : "dst");
    uint32_t len = dst->len;
    dst->len = 0;
    int err = mana__reserve_history(dst, src->len);
    dst->len = len;
    if (err)
        return mana__fail(MANA_ENOMEM, "mana_copy: out of memory for a history of %s", mana__count(src->len, "move").s);
    copy_into(dst, src);
    return MANA_OK;
}

MANA_API int mana_copy(mana_game *dst, const mana_game *src)
{
    if (!dst || !src || src->len > dst->cap)
        return copy_checked(dst, src);
    copy_into(dst, src);
    return MANA_OK;
}

/* Returns MANA_OK if value is allowed for option (0..7), else the
 * failure. */
static int check_value(int option, int value)
{
    static const char *const names[MANA_OPTION_COUNT] = {
        "orientation",          "setup area", "damyo_on_double", "reentry",
        "reentry_when_blocked", "blocked",    "repetition",      "ply_limit"};
    int lo = 0, hi = 0;
    mana_option_bounds(option, &lo, &hi);
    if (option == MANA_OPT_REPETITION && (value == 1 || value < 0 || value > hi))
        return mana__fail(MANA_EINVAL, "option repetition: value %d out of range (0, or 2..%d)", value, hi);
    if (value < lo || value > hi)
        return mana__fail(MANA_EINVAL, "option %s: value %d out of range (%d..%d)", names[option], value, lo, hi);
    return MANA_OK;
}

MANA_API int mana_set_option(mana_game *g, int option, int value)
{
    CHECK_GAME(g, "mana_set_option");
    if (option < 0 || option >= MANA_OPTION_COUNT)
        return mana__fail(MANA_EINVAL, "unknown option %d (0..%d)", option, MANA_OPTION_COUNT - 1);
    int err = check_value(option, value);
    if (err)
        return err;
    if (g->len)
        return mana__fail(MANA_ESTATE, "options may change only before the first move");
    g->opt[option] = value;
    if (option == MANA_OPT_ORIENTATION && g->pos.status == MANA_SETUP)
        start_setup(g);
    return MANA_OK;
}

MANA_API int mana_get_option(const mana_game *g, int option, int *value)
{
    CHECK_GAME(g, "mana_get_option");
    if (!value)
        return mana__fail(MANA_EINVAL, "mana_get_option: value is NULL");
    if (option < 0 || option >= MANA_OPTION_COUNT)
        return mana__fail(MANA_EINVAL, "unknown option %d (0..%d)", option, MANA_OPTION_COUNT - 1);
    *value = g->opt[option];
    return MANA_OK;
}

/* Copies the n moves of list to out (cap entries) or only counts them. */
static int give_moves(const mana_move *list, int n, mana_move *out, int cap, const char *fn)
{
    if (cap < 0 || (!out && cap > 0))
        return mana__fail(MANA_EINVAL, "%s: %s", fn, cap < 0 ? "negative cap" : "out is NULL");
    if (out == NULL && cap == 0)
        return n;
    if (cap < n)
        return mana__fail(MANA_ESPACE, "%s: %s, room for %d", fn, mana__count(n, "move").s, cap);
    memcpy(out, list, (size_t)n * sizeof *out);
    return n;
}

/* mana_legal_moves outside the play phase, with NULL, a count only, or a
 * buffer that may be too small: the moves go through a list of the
 * library's own unless out has room for any list. */
static int legal_moves_other(const mana_game *g, mana_move *out, int cap)
{
    CHECK_GAME(g, "mana_legal_moves");
    if (out && cap >= MANA_MAX_MOVES)
        return mana__moves(g, out);
    if (!out && cap == 0 && g->pos.status == MANA_PLAYING)
        return mana__play_moves(g, NULL); /* a count: no list built */
    mana_move list[MANA_MAX_MOVES];
    return give_moves(list, mana__moves(g, list), out, cap, "mana_legal_moves");
}

/* mana_legal_moves, inline: in the play phase with room for any list,
 * the list is written in place straight from the generator, the moves
 * beyond gen_list_bound's by rest. */
static inline int legal_moves_with(const mana_game *g, mana_move *out, int cap, gen_rest rest)
{
    if (g && out && cap >= MANA_MAX_MOVES && g->pos.status == MANA_PLAYING)
        return gen_list_with(&g->pos, g->opt, out, rest);
    return legal_moves_other(g, out, cap);
}

/* The list built for BMI1 and POPCNT where gen.h has it; MANA_LIST_PLAIN
 * builds the plain one alone (make check-list-plain runs the unit tests
 * with it on any processor). */
#if defined(MANA_GEN_BMI) && !defined(MANA_LIST_PLAIN)
#define LIST_BMI 1
#endif

/* mana_legal_moves for processors without BMI1 and POPCNT. */
static int legal_moves_plain(const mana_game *g, mana_move *out, int cap)
{
    return legal_moves_with(g, out, cap, mana__moves_rest);
}

#ifdef LIST_BMI
/* mana_legal_moves built for BMI1 and POPCNT (gen.h). */
GEN_BMI static int legal_moves_bmi(const mana_game *g, mana_move *out, int cap)
{
    return legal_moves_with(g, out, cap, mana__moves_rest_bmi);
}
#endif

/* The build of mana_legal_moves is chosen once, when the library is
 * loaded, where glibc's loader can (a GNU indirect function: glibc calls
 * the resolver before any constructor, hence __builtin_cpu_init), so that
 * a call costs no test of the processor: 5 instructions fewer.  Not under
 * ASan, TSan or MSan, whose checks in the resolver would run before their
 * run-time starts: there, as on other platforms, at each call. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MANA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define MANA_SANITIZED 1
#endif
#endif
#if defined(LIST_BMI) && defined(__ELF__) && defined(__GLIBC__) && !defined(MANA_SANITIZED)
typedef int legal_moves_fn(const mana_game *g, mana_move *out, int cap);
/* used: named only in the ifunc attribute */
static __attribute__((used)) legal_moves_fn *resolve_legal_moves(void)
{
    __builtin_cpu_init();
    return gen_has_bmi() ? legal_moves_bmi : legal_moves_plain;
}
MANA_API int mana_legal_moves(const mana_game *g, mana_move *out, int cap)
    __attribute__((ifunc("resolve_legal_moves")));
#else
MANA_API int mana_legal_moves(const mana_game *g, mana_move *out, int cap)
{
#ifdef LIST_BMI
    if (gen_has_bmi())
        return legal_moves_bmi(g, out, cap);
#endif
    return legal_moves_plain(g, out, cap);
}
#endif

MANA_API int mana_is_legal(const mana_game *g, mana_move m)
{
    CHECK_GAME(g, "mana_is_legal");
    return mana__is_legal(g, m);
}

MANA_API int mana_play_str(mana_game *g, const char *text)
{
    mana_move m;
    int err = mana_move_parse(g, text, &m);
    return err ? err : mana_play(g, m);
}

MANA_API int mana_history(const mana_game *g, mana_move *out, int cap)
{
    CHECK_GAME(g, "mana_history");
    int n = (int)g->len;
    if (cap < 0 || (!out && cap > 0))
        return mana__fail(MANA_EINVAL, "mana_history: %s", cap < 0 ? "negative cap" : "out is NULL");
    if (!out)
        return n;
    if (cap < n)
        return mana__fail(MANA_ESPACE, "mana_history: %s, room for %d", mana__count(n, "move").s, cap);
    for (int i = 0; i < n; i++)
        out[i] = g->hist[i].move;
    return n;
}

MANA_API int mana_status(const mana_game *g)
{
    CHECK_GAME(g, "mana_status");
    /* the common case without a call: nothing to resolve under blocked =
     * pass (a playout asks after every move), tested first */
    if (g->opt[MANA_OPT_BLOCKED] == MANA_BLOCKED_PASS || g->pos.status != MANA_PLAYING)
        return g->pos.status;
    return mana__status(g);
}

MANA_API int mana_side_to_move(const mana_game *g)
{
    CHECK_GAME(g, "mana_side_to_move");
    return g->pos.side;
}

/* Checks g and sq for the square queries. */
static int check_square(const mana_game *g, int sq, const char *fn)
{
    CHECK_GAME(g, "square query");
    if (sq < 0 || sq >= MANA_SQUARE_COUNT)
        return mana__fail(MANA_EINVAL, "%s: square %d outside 0..%d", fn, sq, MANA_SQUARE_COUNT - 1);
    return MANA_OK;
}

MANA_API int mana_piece_at(const mana_game *g, int sq)
{
    int err = check_square(g, sq, "mana_piece_at");
    if (err)
        return err;
    mana_bb b = bb_sq(sq);
    int c = (g->pos.occ[MANA_WHITE] & b) ? 'R' : (g->pos.occ[MANA_BLACK] & b) ? 'r' : 0;
    return c && (g->pos.damyo & b) ? c - ('R' - 'D') : c;
}

MANA_API int mana_marks_at(const mana_game *g, int sq)
{
    int err = check_square(g, sq, "mana_marks_at");
    if (err)
        return err;
    return g->pos.orient < 0 ? 0 : bb_marks_at(g->pos.orient, sq);
}

MANA_API int mana_orientation(const mana_game *g)
{
    CHECK_GAME(g, "mana_orientation");
    return g->pos.orient;
}

MANA_API int mana_mana(const mana_game *g)
{
    CHECK_GAME(g, "mana_mana");
    return g->pos.mana;
}

MANA_API int mana_binding(const mana_game *g)
{
    CHECK_GAME(g, "mana_binding");
    int mana = g->pos.mana;
    if (mana == 0 || mana_status(g) != MANA_PLAYING)
        return 0;
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES), r = MANA_BINDING_EXCEPTION;
    for (int i = 0; i < n; i++) {
        int kind = MANA_MOVE_KIND(mv[i]);
        if (kind == MANA_MOVE_STEP && bb_marks_at(g->pos.orient, MANA_MOVE_FROM(mv[i])) == mana)
            return MANA_BINDING_BOUND; /* then every step is a bound piece's, and no re-entry is legal */
        if (kind == MANA_MOVE_STEP)
            r |= MANA_BINDING_STEPS;
        else if (kind == MANA_MOVE_DROP_RONIN)
            r |= MANA_BINDING_REENTRY;
    }
    return r;
}

MANA_API int mana_mana_square(const mana_game *g)
{
    CHECK_GAME(g, "mana_mana_square");
    if (g->pos.status == MANA_SETUP)
        return -1;
    for (uint32_t i = g->len; i-- > g->play_start;) {
        int kind = MANA_MOVE_KIND(g->hist[i].move);
        if (kind != MANA_MOVE_PASS)
            return kind == MANA_MOVE_STEP || kind == MANA_MOVE_DROP_RONIN ? MANA_MOVE_TO(g->hist[i].move) : -1;
    }
    return -1;
}

MANA_API int mana_reserve(const mana_game *g, int color)
{
    CHECK_GAME(g, "mana_reserve");
    if (color != MANA_WHITE && color != MANA_BLACK)
        return mana__fail(MANA_EINVAL, "mana_reserve: colour %d is neither MANA_WHITE (0) nor MANA_BLACK (1)", color);
    if (g->pos.status == MANA_SETUP)
        return 0;
    return mana__ronins_off_board(&g->pos, color);
}

MANA_API uint64_t mana_hash(const mana_game *g)
{
    return g ? g->pos.hash : 0;
}
