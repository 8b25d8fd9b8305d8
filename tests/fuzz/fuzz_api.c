/* SPDX-License-Identifier: MIT */
/*
 * fuzz_api - the input bytes drive a sequence of API calls on up to three
 * games: new, free, clone, options, set position (valid or fuzzed
 * MFN), play a legal or an arbitrary move, play text, undo, perft 0..2,
 * random setup, copy into another game (mana_copy), a stale move (from a
 * list generated some calls earlier, perhaps in another position) or a
 * forged one, and the buffer-taking calls with small buffers, plus NULL
 * and out-of-range arguments.  After every call the touched game must
 * satisfy every invariant (inv_check), a failed call must have changed
 * nothing and said why, and each call's answer must match its contract in
 * mana.h.  Undo must return to the exact state seen at that history length.
 */
#include <limits.h>

#include "fuzz.h"

#define NSLOTS 3
#define TRACK 1024

struct seen {
    int valid;
    uint64_t hash;
    int status;
    char mfn[MANA_MFN_MAX + 1];
};

struct slot {
    mana_game *g;
    struct seen at[TRACK]; /* the state last seen at each history length */
    int checked;           /* `last` holds a state that passed inv_check */
    inv_snapshot last;
    mana_move stale[MANA_MAX_MOVES]; /* a move list of an earlier state */
    int nstale;
};

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

static uint32_t u32(struct input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = v << 8 | byte(in);
    return v;
}

static const char *const positions[] = {
    "rrdrrr/6/6/6/6/RRRDRR b - 0",        "rrrdrr/6/6/6/6/RRRDRR b - 3",        "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0",
    "2d3/6/2R1r1/1r4/3D2/6 b 3 3",        "4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0", "d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1",
    "2R3/1R1r2/Rr1R1r/6/1rDd2/2R3 w 1 0", "5d/6/6/6/rrr3/DRr3 w 2 0",           "d5/6/6/6/6/D5 w - 0",
    "rrrrr1/6/6/6/6/RRRDRR b 2 0",        "5d/rrrrr1/6/6/1RRRRR/D5 w 3 2",
};
#define NPOSITIONS (sizeof positions / sizeof positions[0])

/* The option values tried: small ones, the largest repetition count and
 * ply limit and one beyond each (mana_option_bounds, filled in by
 * values_init), the int extremes.  The order is the corpora's: keep it. */
static int values[] = {-2, -1, 0, 1, 2, 3, 4, 5, 0, 0, 0, 0, INT_MIN, INT_MAX};
#define NVALUES (sizeof values / sizeof values[0])

static void values_init(void)
{
    static const int options[2] = {MANA_OPT_REPETITION, MANA_OPT_PLY_LIMIT};
    for (int i = 0; i < 2; i++) {
        int lo = 0, hi = 0;
        if (mana_option_bounds(options[i], &lo, &hi) != MANA_OK)
            FUZZ_FAIL(NULL, "mana_option_bounds(%d) refused", options[i]);
        values[8 + 2 * i] = hi;
        values[9 + 2 * i] = hi + 1;
    }
}

/* Is value allowed for option?  Its bounds, but for 1 as a repetition
 * count (mana.h, mana_option_bounds). */
static int option_ok(int option, int value)
{
    int lo = 0, hi = 0;
    if (mana_option_bounds(option, &lo, &hi) != MANA_OK)
        return 0;
    return value >= lo && value <= hi && !(option == MANA_OPT_REPETITION && value == 1);
}

static void forget(struct slot *s)
{
    for (int i = 0; i < TRACK; i++)
        s->at[i].valid = 0;
}

/* Records the state at its history length; after an undo, first compares
 * it with what was seen there before. */
static void observe(struct slot *s, int after_undo)
{
    int h = mana_history(s->g, NULL, 0);
    FUZZ_CHECK(s->g, h >= 0, "history count %d", h);
    if (h >= TRACK)
        return;
    struct seen now;
    now.valid = 1;
    now.hash = mana_hash(s->g);
    now.status = mana_status(s->g);
    if (mana_get_position(s->g, now.mfn, sizeof now.mfn) < 0)
        now.mfn[0] = '\0';
    struct seen *was = &s->at[h];
    if (after_undo && was->valid)
        FUZZ_CHECK(s->g, was->hash == now.hash && was->status == now.status && strcmp(was->mfn, now.mfn) == 0,
                   "undo to ply %d gave '%s' status %d, seen there before: '%s' status %d", h, now.mfn, now.status,
                   was->mfn, was->status);
    *was = now;
}

static void check_null_calls(void)
{
    char buf[64];
    mana_move m = 0;
    uint64_t leaves = 0;
    int v = 0;
    mana_free(NULL);
    FUZZ_CHECK(NULL, mana_clone(NULL) == NULL, "clone(NULL)");
    FUZZ_CHECK(NULL, mana_copy(NULL, NULL) == MANA_EINVAL, "copy(NULL, NULL)");
    FUZZ_CHECK(NULL, mana_set_option(NULL, 0, 0) == MANA_EINVAL, "set_option(NULL)");
    FUZZ_CHECK(NULL, mana_get_option(NULL, 0, &v) == MANA_EINVAL, "get_option(NULL)");
    FUZZ_CHECK(NULL, mana_set_position(NULL, positions[0]) == MANA_EINVAL, "set_position");
    FUZZ_CHECK(NULL, mana_get_position(NULL, buf, sizeof buf) == MANA_EINVAL, "get_position");
    FUZZ_CHECK(NULL, mana_legal_moves(NULL, NULL, 0) == MANA_EINVAL, "legal_moves");
    FUZZ_CHECK(NULL, mana_is_legal(NULL, 1) == MANA_EINVAL, "is_legal");
    FUZZ_CHECK(NULL, mana_play(NULL, 1) == MANA_EINVAL, "play");
    FUZZ_CHECK(NULL, mana_play_str(NULL, "pass") == MANA_EINVAL, "play_str");
    FUZZ_CHECK(NULL, mana_undo(NULL) == MANA_EINVAL, "undo");
    FUZZ_CHECK(NULL, mana_history(NULL, NULL, 0) == MANA_EINVAL, "history");
    FUZZ_CHECK(NULL, mana_move_parse(NULL, "pass", &m) == MANA_EINVAL, "move_parse");
    FUZZ_CHECK(NULL, mana_move_format(NULL, 1, buf, sizeof buf) == MANA_EINVAL, "format");
    FUZZ_CHECK(NULL, mana_status(NULL) == MANA_EINVAL, "status");
    FUZZ_CHECK(NULL, mana_side_to_move(NULL) == MANA_EINVAL, "side_to_move");
    FUZZ_CHECK(NULL, mana_piece_at(NULL, 0) == MANA_EINVAL, "piece_at");
    FUZZ_CHECK(NULL, mana_marks_at(NULL, 0) == MANA_EINVAL, "marks_at");
    FUZZ_CHECK(NULL, mana_orientation(NULL) == MANA_EINVAL, "orientation");
    FUZZ_CHECK(NULL, mana_mana(NULL) == MANA_EINVAL, "mana");
    FUZZ_CHECK(NULL, mana_reserve(NULL, 0) == MANA_EINVAL, "reserve");
    FUZZ_CHECK(NULL, mana_hash(NULL) == 0, "hash");
    FUZZ_CHECK(NULL, mana_setup_random(NULL, 1) == MANA_EINVAL, "setup_random");
    FUZZ_CHECK(NULL, mana_perft(NULL, 1, &leaves) == MANA_EINVAL, "perft");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct slot *slots = calloc(NSLOTS, sizeof *slots);
    struct input in = {data, size};
    char msg[600], mv[16];
    if (slots == NULL)
        return 0;
    values_init();
    for (int op = 0; op < 128 && in.n > 0; op++) {
        unsigned code = byte(&in);
        struct slot *s = &slots[byte(&in) % NSLOTS];
        mana_game *g = s->g;
        inv_snapshot before;
        int after_undo = 0;
        if (g != NULL)
            inv_snapshot_take(g, &before);

        switch (code % 22) {
        case 0: { /* new (preset 2 is invalid) */
            int preset = (int)(byte(&in) % 3);
            mana_game *n = mana_new(preset);
            if (preset > 1) {
                FUZZ_CHECK(n, n == NULL, "mana_new(%d) gave a game", preset);
                FUZZ_CHECK(NULL, mana_error_detail()[0] != '\0', "mana_new: no detail");
                break;
            }
            FUZZ_CHECK(n, n != NULL, "mana_new(%d)", preset);
            mana_free(s->g);
            s->g = g = n;
            forget(s);
            break;
        }
        case 1: /* free */
            mana_free(s->g);
            s->g = g = NULL;
            break;
        case 2: { /* clone into another slot */
            struct slot *d = &slots[byte(&in) % NSLOTS];
            if (g == NULL || d == s)
                break;
            mana_game *c = mana_clone(g);
            FUZZ_CHECK(g, c != NULL, "clone");
            inv_snapshot a;
            inv_snapshot_take(c, &a);
            if (inv_snapshot_diff(&before, &a, msg, sizeof msg) != 0)
                FUZZ_FAIL(c, "clone differs: %s", msg);
            mana_free(d->g);
            d->g = c;
            memcpy(d->at, s->at, sizeof d->at);
            fuzz_invariants(c, INV_REF);
            break;
        }
        case 3: { /* set an option */
            int option = (int)byte(&in) % 10 - 1;
            unsigned vb = byte(&in);
            int value = vb < 200 ? values[vb % NVALUES] : (int)u32(&in);
            if (g == NULL)
                break;
            int rc = mana_set_option(g, option, value);
            int ok = option_ok(option, value);
            int empty = before.history_len == 0;
            if (ok && empty) {
                FUZZ_CHECK(g, rc == MANA_OK, "set_option(%d, %d) = %d", option, value, rc);
                int got = 12345;
                FUZZ_CHECK(g, mana_get_option(g, option, &got) == MANA_OK && got == value,
                           "get_option(%d) = %d after setting %d", option, got, value);
            } else {
                FUZZ_CHECK(g, rc == (ok ? MANA_ESTATE : MANA_EINVAL) || (!ok && !empty && rc == MANA_ESTATE),
                           "set_option(%d, %d) with %d moves returned %d", option, value, before.history_len, rc);
                fuzz_unchanged(g, &before, "set_option");
            }
            break;
        }
        case 4: { /* set a valid position */
            const char *mfn = positions[byte(&in) % NPOSITIONS];
            if (g == NULL)
                break;
            FUZZ_CHECK(g, mana_set_position(g, mfn) == MANA_OK, "set_position(%s)", mfn);
            forget(s);
            break;
        }
        case 5: { /* set a fuzzed position */
            char text[80];
            size_t len = byte(&in) % 64;
            for (size_t i = 0; i < len; i++)
                text[i] = (char)byte(&in);
            text[len] = '\0';
            if (g == NULL)
                break;
            int valid = inv_mfn_read(text, NULL, NULL, NULL, NULL, NULL, 0) == 0;
            int rc = mana_set_position(g, text);
            FUZZ_CHECK(g, rc == (valid ? MANA_OK : MANA_EPARSE), "set_position(fuzzed, valid %d) = %d", valid, rc);
            if (rc == MANA_OK)
                forget(s);
            else
                fuzz_unchanged(g, &before, "set_position");
            break;
        }
        case 6:
        case 7:
        case 8: { /* play a legal move, checked */
            unsigned pick = byte(&in);
            if (g == NULL)
                break;
            if (before.nmoves <= 0)
                break;
            mana_move m = before.moves[pick % (unsigned)before.nmoves];
            memcpy(s->stale, before.moves, (size_t)before.nmoves * sizeof m);
            s->nstale = before.nmoves;
            if (inv_play_checked(g, m, INV_REF | INV_SCRATCH | (code & 32 ? INV_NOTATION : 0), msg, sizeof msg) != 0)
                FUZZ_FAIL(g, "%s", msg);
            break;
        }
        case 9: { /* play an arbitrary move value */
            mana_move m = u32(&in);
            if (byte(&in) & 1) /* often a well-formed one */
                m = MANA_MOVE_MAKE(m % 6, (m >> 8) % MANA_SQUARE_COUNT, (m >> 16) % MANA_SQUARE_COUNT);
            if (g == NULL)
                break;
            int legal = mana_is_legal(g, m);
            int rc = mana_play(g, m);
            if (legal == 1) {
                FUZZ_CHECK(g, rc == MANA_OK, "play(%s) legal but returned %d", inv_move_str(m, mv), rc);
            } else {
                FUZZ_CHECK(g, legal == 0, "is_legal returned %d", legal);
                FUZZ_CHECK(g, rc == (before.status >= MANA_WHITE_WON ? MANA_EOVER : MANA_EILLEGAL),
                           "play(0x%x) illegal, status %d, returned %d", (unsigned)m, before.status, rc);
                fuzz_unchanged(g, &before, "play");
            }
            break;
        }
        case 10: { /* play text */
            char text[12];
            size_t len = byte(&in) % 8;
            for (size_t i = 0; i < len; i++)
                text[i] = (char)byte(&in);
            text[len] = '\0';
            if (g == NULL)
                break;
            mana_move parsed = MANA_MOVE_NONE;
            int prc = mana_move_parse(g, text, &parsed);
            int rc = mana_play_str(g, text);
            FUZZ_CHECK(g, rc == prc, "play_str %d but parse %d", rc, prc);
            if (rc == MANA_OK) {
                mana_move last = MANA_MOVE_NONE;
                int h = mana_history(g, NULL, 0);
                mana_move *hist = malloc((size_t)h * sizeof *hist);
                FUZZ_CHECK(g, hist != NULL && mana_history(g, hist, h) == h, "history");
                last = hist[h - 1];
                free(hist);
                FUZZ_CHECK(g, last == parsed, "play_str played %s, parse said %s", inv_move_str(last, mv),
                           inv_move_str(parsed, msg));
            } else {
                fuzz_unchanged(g, &before, "play_str");
            }
            break;
        }
        case 11:
        case 12: { /* undo */
            if (g == NULL)
                break;
            int rc = mana_undo(g);
            if (before.history_len > 0) {
                FUZZ_CHECK(g, rc == MANA_OK, "undo with %d moves returned %d", before.history_len, rc);
                after_undo = 1;
            } else {
                FUZZ_CHECK(g, rc == MANA_ENOHISTORY, "undo of nothing returned %d", rc);
                fuzz_unchanged(g, &before, "undo");
            }
            break;
        }
        case 13: { /* perft -1..2 */
            int depth = (int)(byte(&in) % 4) - 1;
            if (g == NULL)
                break;
            uint64_t leaves = 0;
            int rc = mana_perft(g, depth, &leaves);
            if (depth < 0) {
                FUZZ_CHECK(g, rc == MANA_EINVAL, "perft(%d) = %d", depth, rc);
                fuzz_unchanged(g, &before, "perft");
                break;
            }
            FUZZ_CHECK(g, rc == MANA_OK, "perft(%d) = %d", depth, rc);
            uint64_t want = depth == 0 ? 1 : (uint64_t)before.nmoves;
            if (depth == 2) {
                want = 0;
                for (int i = 0; i < before.nmoves; i++) {
                    FUZZ_CHECK(g, mana_play(g, before.moves[i]) == MANA_OK, "play");
                    want += (uint64_t)mana_legal_moves(g, NULL, 0);
                    FUZZ_CHECK(g, mana_undo(g) == MANA_OK, "undo");
                }
            }
            FUZZ_CHECK(g, leaves == want, "perft(%d) = %llu, expected %llu", depth, (unsigned long long)leaves,
                       (unsigned long long)want);
            inv_snapshot a;
            inv_snapshot_take(g, &a);
            if (inv_snapshot_diff(&before, &a, msg, sizeof msg) != 0)
                FUZZ_FAIL(g, "perft changed the game: %s", msg);
            break;
        }
        case 14: { /* random setup: deterministic by seed */
            uint64_t seed = u32(&in);
            if (g == NULL)
                break;
            mana_game *twin = mana_clone(g);
            FUZZ_CHECK(g, twin != NULL, "clone");
            int rc = mana_setup_random(g, seed);
            if (before.status != MANA_SETUP) {
                FUZZ_CHECK(g, rc == MANA_ESTATE, "setup_random after setup = %d", rc);
                fuzz_unchanged(g, &before, "setup_random");
            } else {
                FUZZ_CHECK(g, rc == MANA_OK && mana_status(g) == MANA_PLAYING, "setup_random = %d, status %d", rc,
                           mana_status(g));
                FUZZ_CHECK(twin, mana_setup_random(twin, seed) == MANA_OK, "twin");
                inv_snapshot a, b;
                inv_snapshot_take(g, &a);
                inv_snapshot_take(twin, &b);
                if (inv_snapshot_diff(&a, &b, msg, sizeof msg) != 0)
                    FUZZ_FAIL(g, "setup_random with one seed gave two setups: %s", msg);
                for (int i = before.history_len + 1; i < TRACK; i++)
                    s->at[i].valid = 0;
            }
            mana_free(twin);
            break;
        }
        case 15: { /* get_position into a small buffer */
            size_t cap = byte(&in) % 52;
            char buf[52];
            memset(buf, 'Z', sizeof buf);
            if (g == NULL)
                break;
            int rc = mana_get_position(g, cap ? buf : NULL, cap);
            if (cap == 0)
                FUZZ_CHECK(g, rc == MANA_EINVAL, "get_position(NULL, 0) = %d", rc);
            else if (before.status == MANA_SETUP)
                FUZZ_CHECK(g, rc == MANA_ESTATE, "get_position in setup = %d", rc);
            else if ((size_t)before.mfn_rc < cap)
                FUZZ_CHECK(g, rc == before.mfn_rc && strcmp(buf, before.mfn) == 0, "get_position into %zu = %d", cap,
                           rc);
            else
                FUZZ_CHECK(g, rc == MANA_ESPACE && buf[0] == '\0', "get_position into %zu = %d", cap, rc);
            memset(buf, 'Z', sizeof buf);
            rc = mana_get_position(g, buf, 0);
            FUZZ_CHECK(g, rc == MANA_ESPACE || (before.status == MANA_SETUP && rc == MANA_ESTATE),
                       "get_position(buf, 0) = %d", rc);
            FUZZ_CHECK(g, buf[0] == 'Z', "get_position wrote into a 0-byte buffer");
            break;
        }
        case 16: { /* legal_moves / history with small or bad caps */
            int cap = (int)(byte(&in) % 140) - 2;
            mana_move buf[140];
            if (g == NULL)
                break;
            for (int i = 0; i < 140; i++)
                buf[i] = 0xA5A5A5A5u;
            int rc = mana_legal_moves(g, buf, cap);
            if (cap < 0)
                FUZZ_CHECK(g, rc == MANA_EINVAL, "legal_moves cap %d = %d", cap, rc);
            else if (cap < before.nmoves)
                FUZZ_CHECK(g, rc == MANA_ESPACE && buf[0] == 0xA5A5A5A5u, "legal_moves cap %d of %d = %d", cap,
                           before.nmoves, rc);
            else
                FUZZ_CHECK(g,
                           rc == before.nmoves && buf[rc] == 0xA5A5A5A5u &&
                               memcmp(buf, before.moves, (size_t)rc * sizeof *buf) == 0,
                           "legal_moves cap %d = %d", cap, rc);
            rc = mana_history(g, buf, cap);
            if (cap < 0)
                FUZZ_CHECK(g, rc == MANA_EINVAL, "history cap %d = %d", cap, rc);
            else if (cap < before.history_len)
                FUZZ_CHECK(g, rc == MANA_ESPACE, "history cap %d of %d = %d", cap, before.history_len, rc);
            else
                FUZZ_CHECK(g, rc == before.history_len, "history cap %d = %d", cap, rc);
            FUZZ_CHECK(g, mana_history(g, NULL, cap > 0 ? cap : 1) == MANA_EINVAL, "history(NULL, cap > 0)");
            break;
        }
        case 17: { /* format an arbitrary move into a small buffer */
            mana_move m = u32(&in);
            size_t cap = byte(&in) % 8;
            if (byte(&in) & 1 && before.nmoves > 0)
                m = before.moves[m % (unsigned)before.nmoves];
            char buf[8];
            if (g == NULL)
                break;
            int legal = mana_is_legal(g, m);
            int rc = mana_move_format(g, m, buf, cap);
            if (legal != 1)
                FUZZ_CHECK(g, rc == MANA_EILLEGAL || (rc == MANA_ESPACE && cap < 6), "format(illegal 0x%x) = %d",
                           (unsigned)m, rc);
            else {
                char full[8];
                int len = mana_move_format(g, m, full, sizeof full);
                FUZZ_CHECK(g, len > 0 && len <= MANA_MOVE_TEXT_MAX, "format = %d", len);
                if ((size_t)len < cap)
                    FUZZ_CHECK(g, rc == len && strcmp(buf, full) == 0, "format into %zu = %d", cap, rc);
                else
                    FUZZ_CHECK(g, rc == MANA_ESPACE, "format into %zu = %d", cap, rc);
            }
            break;
        }
        case 18: { /* queries with arbitrary arguments */
            int x = (int)u32(&in);
            if (g == NULL)
                break;
            int in_range = x >= 0 && x < MANA_SQUARE_COUNT;
            int p = mana_piece_at(g, x), k = mana_marks_at(g, x);
            FUZZ_CHECK(g, in_range ? p == before.board[x] : p == MANA_EINVAL, "piece_at(%d)", x);
            FUZZ_CHECK(g, in_range ? k == before.marks[x] : k == MANA_EINVAL, "marks_at(%d)", x);
            int r = mana_reserve(g, x);
            FUZZ_CHECK(g, (x == 0 || x == 1) ? r == before.reserve[x] : r == MANA_EINVAL, "reserve(%d) = %d", x, r);
            int v = 777;
            int rc = mana_get_option(g, x, &v);
            FUZZ_CHECK(g,
                       (x >= 0 && x < MANA_OPTION_COUNT) ? rc == MANA_OK && v == before.options[x]
                                                         : rc == MANA_EINVAL && v == 777,
                       "get_option(%d) = %d", x, rc);
            FUZZ_CHECK(g, mana_get_option(g, 0, NULL) == MANA_EINVAL, "get_option(NULL)");
            const char *e = mana_strerror(x);
            FUZZ_CHECK(g, e != NULL && e[0] != '\0', "strerror(%d)", x);
            break;
        }
        case 19: { /* copy into another slot, which may have a game or not */
            struct slot *d = &slots[byte(&in) % NSLOTS];
            if (g == NULL)
                break;
            if (d->g == NULL)
                d->g = mana_new((int)(byte(&in) & 1));
            FUZZ_CHECK(g, d->g != NULL, "mana_new");
            FUZZ_CHECK(g, mana_copy(d->g, g) == MANA_OK, "copy");
            inv_snapshot a;
            inv_snapshot_take(d->g, &a);
            if (inv_snapshot_diff(&before, &a, msg, sizeof msg) != 0)
                FUZZ_FAIL(d->g, "copy differs: %s", msg);
            if (d != s) {
                memcpy(d->at, s->at, sizeof d->at);
                d->checked = 0;
            }
            fuzz_invariants(d->g, INV_REF);
            break;
        }
        case 20: { /* play a stale move, or one forged from it */
            unsigned pick = byte(&in), forge = byte(&in);
            if (g == NULL || s->nstale <= 0)
                break;
            mana_move m = s->stale[pick % (unsigned)s->nstale];
            if (forge & 1) /* another square, kind or high bits */
                m ^= (mana_move)1 << (forge >> 1 & 31);
            int listed = 0;
            for (int i = 0; i < before.nmoves; i++)
                listed |= before.moves[i] == m;
            int rc = mana_play(g, m);
            if (listed) {
                FUZZ_CHECK(g, rc == MANA_OK, "play(stale %s) is legal now but returned %d", inv_move_str(m, mv), rc);
            } else {
                FUZZ_CHECK(g, rc == (before.status >= MANA_WHITE_WON ? MANA_EOVER : MANA_EILLEGAL),
                           "play(stale 0x%x) not legal now, status %d, returned %d", (unsigned)m, before.status, rc);
                fuzz_unchanged(g, &before, "play of a stale move");
            }
            break;
        }
        default: /* NULL everywhere, and the heavy checks */
            check_null_calls();
            if (g != NULL) /* is_legal on every move value only now and then: slow */
                fuzz_invariants(g, code & 0x80 ? INV_ALL : INV_DEFAULT);
            break;
        }

        if (s->g != NULL) {
            /* every invariant, unless the state is identical to one that
             * already passed them all */
            inv_snapshot now;
            observe(s, after_undo);
            inv_snapshot_take(s->g, &now);
            if (!s->checked || inv_snapshot_diff(&s->last, &now, NULL, 0) != 0) {
                fuzz_invariants(s->g, INV_REF | INV_SCRATCH);
                s->last = now;
                s->checked = 1;
            }
        }
    }
    for (int i = 0; i < NSLOTS; i++)
        mana_free(slots[i].g);
    free(slots);
    return 0;
}
