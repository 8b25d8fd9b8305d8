/* SPDX-License-Identifier: MIT */
/*
 * fuzz_bot - the input bytes drive a sequence of calls of libmana-bots'
 * public API (include/mana_bot.h) on up to two bots and one game: create
 * each kind (and unknown kinds), free, options by name (in and out of
 * range, unknown names, any case) and their read-back with small buffers,
 * rule options, positions and moves of the game, `choose` with tiny limits
 * (depth, nodes, playouts: never a time limit, so that each input runs in
 * milliseconds) and bad ones (negative, illegal searchmoves), a stop or a
 * ponderhit from the progress callback or when no search runs, clear,
 * describe, the time manager with extreme clocks, and NULL arguments.
 *
 * After each call: the error code is one the header documents for that
 * call, and the one expected where the input fixes it (an out-of-range
 * option, a finished game, a bad limit, an illegal searchmove); a failed
 * call changed nothing and said why; a chosen move is legal, among the
 * searchmoves when given, its line and ponder move legal in turn and the
 * MultiPV lines distinct and legal; info fields are in their ranges (mate
 * and score agree, win rates in 0..1 or -1, depths and lengths in range);
 * the game searched is not changed.  Leaks are ASan's to find: every bot
 * is freed at the end of an input.
 */
#include <inttypes.h>
#include <limits.h>
#include <strings.h>

#include <mana_bot.h>

#include "fuzz.h"

#define NBOTS 2
#define MAX_NEW 3       /* bots made per input: each costs milliseconds */
#define MAX_CHOOSE 6    /* searches per input */
#define MAX_NODES 400   /* the largest node or playout limit tried */
#define HASH_MAX_MB "8" /* the largest table tried: the fuzzer's memory */

struct input {
    const uint8_t *p;
    size_t n;
};

static unsigned byte(struct input *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

static uint64_t u64(struct input *in)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | byte(in);
    return v;
}

/* What the progress callback checks and may do. */
struct watch {
    const mana_game *g; /* the position searched */
    mana_bot *b;
    int kind;
    int multipv; /* the bot's MultiPV */
    int calls;
    int stop_at; /* send mana_bot_stop at this call (0: never) */
    int hit_at;  /* send mana_bot_ponderhit at this call (0: never) */
};

static const char *const kinds[] = {"random", "ab", "mcts"};

static int bot_fail_detail(void)
{
    const char *d = mana_bot_error_detail();
    return d != NULL && d[0] != '\0';
}

/* Checks a line of a search from g: ranges, and its moves legal in turn. */
static void check_line(const mana_game *g, int kind, const mana_bot_line *l, int multipv)
{
    FUZZ_CHECK(g, l->multipv >= 1 && l->multipv <= multipv, "line rank %d of %d", l->multipv, multipv);
    FUZZ_CHECK(g, l->pv_len >= 0 && l->pv_len <= MANA_BOT_PV_MAX, "pv_len %d", l->pv_len);
    FUZZ_CHECK(g, l->depth >= 0 && l->seldepth >= 0, "depth %d seldepth %d", l->depth, l->seldepth);
    if (l->mate != 0) {
        int want = l->mate > 0 ? 30000 - l->mate : -30000 - l->mate;
        FUZZ_CHECK(g, l->score_cp == want, "mate %d with score %d (expected %d)", l->mate, l->score_cp, want);
    } else {
        FUZZ_CHECK(g, l->score_cp > -30000 && l->score_cp < 30000, "score %d without a mate", l->score_cp);
    }
    if (kind == 2) /* -1: a single root move, played without a playout */
        FUZZ_CHECK(g, (l->win_rate >= 0.0 && l->win_rate <= 1.0) || (l->win_rate == -1.0 && l->pv_len <= 1),
                   "mcts win rate %f", l->win_rate);
    else
        FUZZ_CHECK(g, l->win_rate == -1.0, "%s win rate %f", kinds[kind], l->win_rate);
    char text[MANA_BOT_PV_MAX * (MANA_MOVE_TEXT_MAX + 1) + 1];
    int len = mana_bot_pv_format(g, l->pv, l->pv_len, text, sizeof text);
    FUZZ_CHECK(g, len >= 0, "a line not legal in turn: %d (%s)", len, mana_bot_error_detail());
    FUZZ_CHECK(g, (size_t)len == strlen(text), "pv_format length %d for '%s'", len, text);
}

static void on_info(void *ctx, const mana_bot_info *info)
{
    struct watch *w = ctx;
    w->calls++;
    check_line(w->g, w->kind, &info->line, w->multipv);
    FUZZ_CHECK(w->g, info->hashfull >= 0 && info->hashfull <= 1000, "hashfull %d", info->hashfull);
    FUZZ_CHECK(w->g, info->time_ms >= 0, "time %" PRId64, info->time_ms);
    FUZZ_CHECK(w->g, info->setup == 0 || info->setup == 1, "setup %d", info->setup);
    if (w->calls == w->stop_at)
        mana_bot_stop(w->b);
    if (w->calls == w->hit_at)
        mana_bot_ponderhit(w->b);
}

/* ---- options --------------------------------------------------------------- */

static const char *const names[] = {"Seed",    "Hash",  "Threads", "MultiPV", "Eval", "multipv",
                                    "THREADS", "Seeds", "",        "Rules",   "eval"};
static const char *const values[] = {"0",
                                     "1",
                                     "2",
                                     "3",
                                     "4",
                                     "16",
                                     "17",
                                     HASH_MAX_MB,
                                     "257",
                                     "65537",
                                     "-1",
                                     "",
                                     "x",
                                     "linear",
                                     "LEARNED",
                                     "18446744073709551615",
                                     "18446744073709551616",
                                     "1 ",
                                     " 1",
                                     "+1",
                                     "0x10",
                                     "00003",
                                     "99999999999999999999999"};
#define NNAMES (sizeof names / sizeof names[0])
#define NVALS (sizeof values / sizeof values[0])

/* The value option k (mana_bot_option_info index) takes from text, as
 * mana_bot.h defines it: decimal digits only, in range; for Eval also
 * the words.  Returns 1 and *v, or 0 when refused. */
static int expected_value(int k, const char *text, uint64_t *v)
{
    const char *name = NULL;
    uint64_t lo = 0, hi = 0;
    FUZZ_CHECK(NULL, mana_bot_option_info(k, &name, NULL, &lo, &hi) == MANA_OK, "option_info %d", k);
    if (strcmp(name, "Eval") == 0 && (strcasecmp(text, "linear") == 0 || strcasecmp(text, "learned") == 0)) {
        *v = strcasecmp(text, "linear") == 0 ? 0 : 1;
        return 1;
    }
    if (text[0] == '\0' || text[strspn(text, "0123456789")] != '\0' || strlen(text) > 20)
        return 0;
    char *end;
    unsigned long long x = strtoull(text, &end, 10);
    if (strlen(text) == 20 && strcmp(text, "18446744073709551615") > 0)
        return 0; /* beyond 2^64 - 1 */
    if (x < lo || x > hi)
        return 0;
    *v = x;
    return 1;
}

static int option_index(const char *name)
{
    for (int k = 0; k < mana_bot_option_count(); k++) {
        const char *o = NULL;
        mana_bot_option_info(k, &o, NULL, NULL, NULL);
        if (strcasecmp(o, name) == 0)
            return k;
    }
    return -1;
}

static void op_set_option(mana_bot *b, struct input *in)
{
    const char *name = names[byte(in) % NNAMES], *value = values[byte(in) % NVALS];
    int k = option_index(name);
    char before[32] = "", after[32] = "";
    if (k >= 0)
        mana_bot_get_option(b, name, before, sizeof before);
    uint64_t v = 0;
    int ok = k >= 0 && expected_value(k, value, &v);
    int rc = mana_bot_set_option(b, name, value);
    if (ok)
        FUZZ_CHECK(NULL, rc == MANA_OK || (rc == MANA_ENOMEM && strcasecmp(name, "Hash") == 0),
                   "set_option %s %s: %d (%s)", name, value, rc, mana_bot_error_detail());
    else
        FUZZ_CHECK(NULL, rc == MANA_EINVAL && bot_fail_detail(), "set_option %s '%s' accepted: %d", name, value, rc);
    if (k < 0)
        return;
    int len = mana_bot_get_option(b, name, after, sizeof after);
    FUZZ_CHECK(NULL, len > 0 && (size_t)len == strlen(after), "get_option %s: %d", name, len);
    if (rc == MANA_OK) {
        char want[32];
        snprintf(want, sizeof want, "%" PRIu64, v);
        FUZZ_CHECK(NULL, strcmp(after, want) == 0, "%s set to '%s' reads '%s'", name, value, after);
    } else {
        FUZZ_CHECK(NULL, strcmp(after, before) == 0, "%s refused but changed '%s' -> '%s'", name, before, after);
    }
}

/* get_option with a small buffer: the length needed, the text cut short. */
static void op_get_option(const mana_bot *b, struct input *in)
{
    const char *name = names[byte(in) % NNAMES];
    size_t size = byte(in) % 8;
    char full[32], small[8];
    int n = mana_bot_get_option(b, name, full, sizeof full);
    int m = mana_bot_get_option(b, name, size ? small : NULL, size);
    if (option_index(name) < 0) {
        FUZZ_CHECK(NULL, n == MANA_EINVAL && m == MANA_EINVAL, "get_option of unknown '%s': %d %d", name, n, m);
        return;
    }
    FUZZ_CHECK(NULL, n > 0 && m == n, "get_option %s: %d then %d", name, n, m);
    if (size > 0)
        FUZZ_CHECK(NULL,
                   strlen(small) == ((size_t)n < size ? (size_t)n : size - 1) &&
                       strncmp(small, full, strlen(small)) == 0,
                   "get_option %s cut to %zu: '%s' of '%s'", name, size, small, full);
}

/* ---- the game -------------------------------------------------------------- */

static const char *const positions[] = {
    NULL, /* the start of setup */
    "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0",
    "2d3/6/2R1r1/1r4/3D2/6 b 3 3",
    "6/6/3R2/2r3/1R4/d3D1 w 2 0",
    "d5/6/6/6/6/D5 w - 0",
    "1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0",
    "rrdrrr/6/6/6/6/RRRDRR b - 0",
    "5d/rrrrr1/6/6/1RRRRR/D5 w 3 2",
};
#define NPOS (sizeof positions / sizeof positions[0])

static void op_game(mana_game **g, struct input *in)
{
    unsigned what = byte(in) % 4;
    if (what == 0) { /* another preset or position */
        mana_game *n = mana_new((int)(byte(in) % 2));
        FUZZ_CHECK(NULL, n != NULL, "mana_new");
        const char *p = positions[byte(in) % NPOS];
        if (p != NULL)
            FUZZ_CHECK(n, mana_set_position(n, p) == MANA_OK, "position %s", p);
        mana_free(*g);
        *g = n;
    } else if (what == 1) { /* a rule option, perhaps refused */
        int opt = (int)(byte(in) % MANA_OPTION_COUNT), v = (int)(byte(in) % 6) - 1;
        (void)mana_set_option(*g, opt, v);
    } else if (what == 2) { /* a few legal moves */
        for (int k = byte(in) % 8; k > 0; k--) {
            mana_move mv[MANA_MAX_MOVES];
            int n = mana_legal_moves(*g, mv, MANA_MAX_MOVES);
            if (n <= 0)
                break;
            FUZZ_CHECK(*g, mana_play(*g, mv[byte(in) % (unsigned)n]) == MANA_OK, "play a legal move");
        }
    } else if (mana_status(*g) == MANA_SETUP) {
        (void)mana_setup_random(*g, u64(in));
    }
}

/* ---- searching --------------------------------------------------------------- */

/* Reads limits that always bound the search by depth, nodes or playouts
 * (never by time); *bad is set when a limit is one the bot must refuse.
 * A searchmove may be illegal: *illegal then. */
static void read_limits(struct input *in, const mana_game *g, mana_bot_limits *lim, mana_move *moves, int *bad,
                        int *illegal)
{
    mana_bot_limits_init(lim);
    unsigned flags = byte(in);
    lim->depth = (int)(byte(in) % 4);
    lim->nodes = 1 + byte(in) % MAX_NODES;
    lim->iterations = flags & 1 ? 1 + byte(in) % MAX_NODES : 0;
    lim->infinite = (flags >> 1) & 1;
    lim->ponder = (flags >> 2) & 1;
    *bad = *illegal = 0;
    if (flags & 8) { /* a depth beyond the deepest is cut, not refused: a node limit keeps it short */
        lim->depth = (flags & 16) ? MANA_BOT_DEPTH_MAX + 1 : INT_MAX;
    }
    if ((flags & 0xe0) == 0x20) { /* a bad limit */
        switch (byte(in) % 5) {
        case 0: lim->depth = -1 - (int)byte(in); break;
        case 1: lim->movetime_ms = INT64_MIN; break;
        case 2: lim->movestogo = -1; break;
        case 3: lim->inc_ms[byte(in) % 2] = -1; break;
        default: lim->searchmoves_count = byte(in) % 2 ? 1 : MANA_MAX_MOVES + 1; break;
        }
        *bad = 1;
    } else if ((flags & 0xe0) == 0x40) { /* searchmoves, perhaps one illegal */
        mana_move mv[MANA_MAX_MOVES];
        int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
        int count = 1 + (int)(byte(in) % 3);
        for (int k = 0; k < count; k++)
            moves[k] = n > 0 ? mv[byte(in) % (unsigned)n] : MANA_MOVE_NONE;
        if (byte(in) % 4 == 0) {
            moves[count - 1] = (mana_move)u64(in);
            *illegal = mana_is_legal(g, moves[count - 1]) != 1;
        }
        *illegal |= n <= 0;
        lim->searchmoves = moves;
        lim->searchmoves_count = count;
    }
}

static int among(const mana_move *moves, int n, mana_move m)
{
    for (int k = 0; k < n; k++)
        if (moves[k] == m)
            return 1;
    return 0;
}

static void check_result(mana_bot *b, const mana_game *g, int kind, int multipv, const mana_bot_limits *lim,
                         const mana_bot_result *res)
{
    FUZZ_CHECK(g, mana_is_legal(g, res->move) == 1, "chose an illegal move %u", (unsigned)res->move);
    if (lim->searchmoves_count > 0)
        FUZZ_CHECK(g, among(lim->searchmoves, lim->searchmoves_count, res->move), "chose a move not searched");
    FUZZ_CHECK(g, res->info.line.pv_len >= 1 && res->info.line.pv[0] == res->move,
               "the line does not begin with the move");
    check_line(g, kind, &res->info.line, multipv);
    FUZZ_CHECK(g, res->lines >= 1 && res->lines <= (kind == 1 ? multipv : 1), "%d lines (MultiPV %d)", res->lines,
               multipv);
    if (res->ponder != MANA_MOVE_NONE) {
        mana_game *after = mana_clone(g);
        FUZZ_CHECK(g, after != NULL && mana_play(after, res->move) == MANA_OK && mana_is_legal(after, res->ponder) == 1,
                   "a ponder move not legal after the move");
        mana_free(after);
    }
    FUZZ_CHECK(g, kind != 0 || res->info.nodes == 1, "random visited %" PRIu64 " nodes", res->info.nodes);
    mana_move first[MANA_BOT_MULTIPV_MAX + 1];
    for (int k = 1; k <= res->lines; k++) {
        mana_bot_line l;
        FUZZ_CHECK(g, mana_bot_line_at(b, k, &l) == MANA_OK, "line_at %d of %d", k, res->lines);
        FUZZ_CHECK(g, l.pv_len >= 1 && !among(first, k - 1, l.pv[0]), "line %d empty or its move repeated", k);
        check_line(g, kind, &l, multipv);
        first[k - 1] = l.pv[0];
    }
    mana_bot_line l;
    FUZZ_CHECK(g, mana_bot_line_at(b, res->lines + 1, &l) == MANA_EINVAL && mana_bot_line_at(b, 0, &l) == MANA_EINVAL,
               "line_at out of range accepted");
}

static void op_choose(mana_bot *b, mana_game *g, struct input *in)
{
    mana_bot_limits lim;
    mana_move moves[4];
    int bad, illegal;
    read_limits(in, g, &lim, moves, &bad, &illegal);
    int kind = !strcmp(mana_bot_kind(b), "ab") ? 1 : !strcmp(mana_bot_kind(b), "mcts") ? 2 : 0;
    char mpv[8] = "1";
    mana_bot_get_option(b, "MultiPV", mpv, sizeof mpv);
    struct watch w = {g, b, kind, atoi(mpv), 0, (int)(byte(in) % 4), (int)(byte(in) % 4)};
    mana_bot_set_info(b, on_info, &w);
    uint64_t hash = mana_hash(g);
    int st = mana_status(g);
    int over = (st != MANA_SETUP && st != MANA_PLAYING) || mana_legal_moves(g, NULL, 0) <= 0;
    mana_bot_result res;
    int rc = mana_bot_choose(b, g, &lim, &res);
    mana_bot_set_info(b, NULL, NULL);
    FUZZ_CHECK(g, mana_hash(g) == hash && mana_status(g) == st, "the search changed the game");
    int want = bad ? MANA_EINVAL : over ? MANA_EOVER : illegal ? MANA_EILLEGAL : MANA_OK;
    FUZZ_CHECK(g, rc == want || rc == MANA_ENOMEM, "choose: %d, expected %d (%s)", rc, want, mana_bot_error_detail());
    if (rc != MANA_OK) {
        FUZZ_CHECK(g, res.move == MANA_MOVE_NONE && res.lines == 0 && bot_fail_detail(), "a failed choose: move %u",
                   (unsigned)res.move);
        return;
    }
    check_result(b, g, kind, w.multipv, &lim, &res);
}

/* ---- the rest -------------------------------------------------------------- */

static void op_describe(const mana_bot *b, struct input *in)
{
    mana_bot_limits lim;
    mana_move moves[4];
    int bad, illegal;
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    read_limits(in, g, &lim, moves, &bad, &illegal);
    size_t size = byte(in) % 24;
    char full[200], small[24];
    int n = mana_bot_describe(b, &lim, full, sizeof full);
    int m = mana_bot_describe(b, &lim, size ? small : NULL, size);
    mana_free(g);
    if (bad) {
        FUZZ_CHECK(NULL, n == MANA_EINVAL && m == MANA_EINVAL, "describe of a bad limit: %d", n);
        return;
    }
    FUZZ_CHECK(NULL,
               n > 0 && (size_t)n < sizeof full && m == n &&
                   strncmp(full, mana_bot_kind(b), strlen(mana_bot_kind(b))) == 0,
               "describe: %d, %d: '%s'", n, m, full);
    if (size > 0)
        FUZZ_CHECK(NULL, strncmp(small, full, size - 1) == 0 && strlen(small) < size, "describe cut: '%s'", small);
}

/* The time manager under any clock: 1 <= soft <= hard, within the clock
 * when it holds a second or more; bad arguments refused. */
static void op_budget(struct input *in)
{
    static const int64_t picks[] = {0,         1,  49,       50, 1000, 60000, INT32_MAX, INT64_MAX / 3, INT64_MAX - 1,
                                    INT64_MAX, -1, INT64_MIN};
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    int side = (int)(byte(in) % 3) - (byte(in) % 8 == 0 ? 5 : 0);
    unsigned pick = byte(in);
    lim.time_ms[side & 1] = pick & 0x80 ? (int64_t)u64(in) : picks[pick % 12];
    lim.inc_ms[side & 1] = byte(in) & 1 ? (int64_t)u64(in) : picks[byte(in) % 12];
    lim.movestogo = (int)(byte(in) % 4 == 0 ? (int)u64(in) : (int)(byte(in) % 60));
    int64_t soft = -7, hard = -7;
    int rc = mana_bot_time_budget(&lim, side, &soft, &hard);
    int refuse = (side != MANA_WHITE && side != MANA_BLACK) || lim.time_ms[side & 1] < 0 || lim.inc_ms[side & 1] < 0 ||
                 lim.movestogo < 0;
    if (refuse) {
        FUZZ_CHECK(NULL, rc == MANA_EINVAL && bot_fail_detail(), "time_budget accepted side %d clock %" PRId64, side,
                   lim.time_ms[side & 1]);
        return;
    }
    int64_t left = lim.time_ms[side];
    FUZZ_CHECK(NULL, rc == MANA_OK && soft >= 1 && hard >= soft, "time_budget: %d soft %" PRId64 " hard %" PRId64, rc,
               soft, hard);
    if (left >= 1000)
        FUZZ_CHECK(NULL, hard < left, "hard budget %" PRId64 " of a clock of %" PRId64, hard, left);
}

static void op_nulls(void)
{
    mana_bot_result res;
    mana_bot_line l;
    char buf[8];
    mana_bot_free(NULL);
    mana_bot_stop(NULL);
    mana_bot_ponderhit(NULL);
    mana_bot_clear(NULL);
    mana_bot_set_info(NULL, NULL, NULL);
    mana_bot_limits_init(NULL);
    FUZZ_CHECK(NULL, strcmp(mana_bot_kind(NULL), "") == 0, "kind(NULL)");
    FUZZ_CHECK(NULL, mana_bot_choose(NULL, NULL, NULL, &res) == MANA_EINVAL && res.move == MANA_MOVE_NONE,
               "choose(NULL)");
    FUZZ_CHECK(NULL, mana_bot_set_option(NULL, "Seed", "1") == MANA_EINVAL, "set_option(NULL)");
    FUZZ_CHECK(NULL, mana_bot_get_option(NULL, "Seed", buf, sizeof buf) == MANA_EINVAL, "get_option(NULL)");
    FUZZ_CHECK(NULL, mana_bot_describe(NULL, NULL, buf, sizeof buf) == MANA_EINVAL, "describe(NULL)");
    FUZZ_CHECK(NULL, mana_bot_line_at(NULL, 1, &l) == MANA_EINVAL, "line_at(NULL)");
    FUZZ_CHECK(NULL, mana_bot_pv_format(NULL, NULL, 0, buf, sizeof buf) == MANA_EINVAL, "pv_format(NULL)");
    FUZZ_CHECK(NULL, mana_bot_time_budget(NULL, 0, NULL, NULL) == MANA_EINVAL, "time_budget(NULL)");
    FUZZ_CHECK(NULL,
               mana_bot_option_info(-1, NULL, NULL, NULL, NULL) == MANA_EINVAL &&
                   mana_bot_option_info(mana_bot_option_count(), NULL, NULL, NULL, NULL) == MANA_EINVAL,
               "option_info out of range");
}

static void op_new(mana_bot **slot, struct input *in, int *made)
{
    static const char *const bad_kinds[] = {"AB", "", "abc", "random ", "alphabeta"};
    unsigned k = byte(in) % 8;
    uint64_t seed = u64(in);
    if (k >= 3) {
        mana_bot *b = mana_bot_new(k == 7 ? NULL : bad_kinds[k - 3], seed);
        FUZZ_CHECK(NULL, b == NULL && bot_fail_detail(), "an unknown kind was accepted");
        return;
    }
    if (*made >= MAX_NEW)
        return;
    (*made)++;
    mana_bot_free(*slot);
    *slot = mana_bot_new(kinds[k], seed);
    FUZZ_CHECK(NULL, *slot != NULL, "mana_bot_new(%s): %s", kinds[k], mana_bot_error_detail());
    FUZZ_CHECK(NULL, strcmp(mana_bot_kind(*slot), kinds[k]) == 0, "kind %s", mana_bot_kind(*slot));
    char text[24], want[24];
    snprintf(want, sizeof want, "%" PRIu64, seed);
    FUZZ_CHECK(NULL, mana_bot_get_option(*slot, "Seed", text, sizeof text) > 0 && strcmp(text, want) == 0,
               "seed %s, given %s", text, want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct input in = {data, size};
    mana_bot *bots[NBOTS] = {NULL};
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    int made = 0, searches = 0;
    FUZZ_CHECK(NULL, g != NULL, "mana_new");
    while (in.n > 0) {
        unsigned op = byte(&in);
        mana_bot **b = &bots[(op >> 7) & 1];
        switch (op % 13) {
        case 0: op_new(b, &in, &made); break;
        case 1:
            mana_bot_free(*b);
            *b = NULL;
            break;
        case 2: op_game(&g, &in); break;
        case 3: op_budget(&in); break;
        case 4: op_nulls(); break;
        default:
            if (*b == NULL)
                break;
            switch (op % 13) {
            case 5:
            case 6: op_set_option(*b, &in); break;
            case 7: op_get_option(*b, &in); break;
            case 8:
                if (searches++ < MAX_CHOOSE)
                    op_choose(*b, g, &in);
                break;
            case 9: mana_bot_stop(*b); break; /* no search runs: a no-op */
            case 10: mana_bot_ponderhit(*b); break;
            case 11: mana_bot_clear(*b); break;
            default: op_describe(*b, &in); break;
            }
        }
    }
    for (int k = 0; k < NBOTS; k++)
        mana_bot_free(bots[k]);
    mana_free(g);
    return 0;
}
