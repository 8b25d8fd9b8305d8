/* SPDX-License-Identifier: MIT */
/*
 * invariants.c - see invariants.h.  Public API only; the rules enter only
 * through the reference generator (ref_movegen.h) and through bookkeeping
 * that follows directly from docs/rules.md (a step empties its start square, a
 * capture adds to the reserve, ...).
 */
#include "invariants.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ref_movegen.h"

#define REF_CAP (4 * MANA_MAX_MOVES)

/* docs/rules.md "Board and coordinates": marks per orientation, rank 6 first,
 * files a..f.  The tests' one copy of the marks, typed in from the rules and
 * not taken from the library on purpose: it is the independent oracle that
 * the library's tables are checked against (check_rules.c marks_match_tables,
 * check_setup.c orientation_move_marks, and inv_check on every state). */
static const char *const rules_marks[4][6] = {
    {"223122", "131313", "312231", "231312", "213132", "132213"},
    {"122312", "313132", "231213", "213231", "131312", "322132"},
    {"312231", "231312", "213132", "132213", "313131", "221322"},
    {"231223", "213131", "132312", "312132", "231313", "213221"},
};

int inv_rules_marks(int k, int sq)
{
    if (k < 0 || k > 3 || sq < 0 || sq >= MANA_SQUARE_COUNT)
        return 0;
    return rules_marks[k][MANA_RANK_COUNT - 1 - sq / MANA_FILE_COUNT][sq % MANA_FILE_COUNT] - '0';
}

static int failf(char *msg, size_t size, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int failf(char *msg, size_t size, const char *fmt, ...)
{
    if (msg != NULL && size > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, size, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void square_name(int sq, char out[MANA_SQUARE_NAME_MAX + 1])
{
    if (mana_square_name(sq, out, MANA_SQUARE_NAME_MAX + 1) < 0)
        snprintf(out, MANA_SQUARE_NAME_MAX + 1, "??");
}

const char *inv_move_str(mana_move m, char buf[16])
{
    char a[3], b[3];
    int kind = MANA_MOVE_KIND(m), from = MANA_MOVE_FROM(m), to = MANA_MOVE_TO(m);
    int clean = (m >> MANA_MOVE_BITS) == 0 && from < MANA_SQUARE_COUNT && to < MANA_SQUARE_COUNT;
    if (clean && kind == MANA_MOVE_STEP) {
        square_name(from, a);
        square_name(to, b);
        snprintf(buf, 16, "%s-%s", a, b);
    } else if (clean && from == 0 && (kind == MANA_MOVE_DROP_DAMYO || kind == MANA_MOVE_DROP_RONIN)) {
        square_name(to, b);
        snprintf(buf, 16, "%c@%s", kind == MANA_MOVE_DROP_DAMYO ? 'D' : 'R', b);
    } else if (clean && kind == MANA_MOVE_ORIENT && from == 0 && to < 4) {
        snprintf(buf, 16, "O%d", to);
    } else if (kind == MANA_MOVE_PASS && m == MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0)) {
        snprintf(buf, 16, "pass");
    } else {
        snprintf(buf, 16, "0x%lx", (unsigned long)m);
    }
    return buf;
}

static int cmp_move(const void *a, const void *b)
{
    mana_move x = *(const mana_move *)a, y = *(const mana_move *)b;
    return x < y ? -1 : x > y;
}

void inv_sort_moves(mana_move *moves, int n)
{
    if (n > 1)
        qsort(moves, (size_t)n, sizeof *moves, cmp_move);
}

static const char *option_name(int i)
{
    const char *name = mana_option_name(i);
    return name != NULL ? name : "?";
}

void inv_dump(FILE *f, const mana_game *g)
{
    char buf[MANA_MFN_MAX + 1];
    char mv[16];
    fprintf(f, "  options:");
    for (int i = 0; i < MANA_OPTION_COUNT; i++) {
        int v = INT_MIN;
        (void)mana_get_option(g, i, &v);
        fprintf(f, " %s=%d", option_name(i), v);
    }
    fprintf(f, "\n  status %d, position: %s\n", mana_status(g),
            mana_get_position(g, buf, sizeof buf) >= 0 ? buf : "(setup)");
    int n = mana_history(g, NULL, 0);
    if (n > 0) {
        mana_move *h = malloc((size_t)n * sizeof *h);
        if (h != NULL && mana_history(g, h, n) == n) {
            fprintf(f, "  history (%d):", n);
            for (int i = 0; i < n; i++)
                fprintf(f, " %s", inv_move_str(h[i], mv));
            fprintf(f, "\n");
        }
        free(h);
    }
}

/* ---- MFN, read independently ------------------------------------------- */

int inv_mfn_read(const char *text, int board[MANA_SQUARE_COUNT], int *side, int *mana, int *orient, char *why,
                 size_t why_size)
{
    int b[MANA_SQUARE_COUNT];
    int damyo[2] = {0, 0}, ronin[2] = {0, 0};
    const char *p = text;
    if (text == NULL)
        return failf(why, why_size, "NULL");
    for (int rank = 6; rank >= 1; rank--) {
        int file = 0;
        int last_digit = 0;
        while (*p != '\0' && *p != '/' && *p != ' ') {
            char c = *p++;
            if (c >= '1' && c <= '6') {
                if (last_digit)
                    return failf(why, why_size, "rank %d: run not maximal", rank);
                last_digit = 1;
                if (file + (c - '0') > 6)
                    return failf(why, why_size, "rank %d: more than 6 files", rank);
                for (int k = 0; k < c - '0'; k++)
                    b[6 * (rank - 1) + file++] = 0;
                continue;
            }
            last_digit = 0;
            if (c != 'D' && c != 'R' && c != 'd' && c != 'r')
                return failf(why, why_size, "rank %d: bad character 0x%02x", rank, (unsigned char)c);
            if (file >= 6)
                return failf(why, why_size, "rank %d: more than 6 files", rank);
            int col = (c == 'D' || c == 'R') ? MANA_WHITE : MANA_BLACK;
            if (c == 'D' || c == 'd')
                damyo[col]++;
            else
                ronin[col]++;
            b[6 * (rank - 1) + file++] = c;
        }
        if (file != 6)
            return failf(why, why_size, "rank %d: %d files", rank, file);
        if (rank > 1) {
            if (*p != '/')
                return failf(why, why_size, "rank %d: '/' expected", rank);
            p++;
        }
    }
    if (*p++ != ' ')
        return failf(why, why_size, "board: ' ' expected after 6 ranks");
    int s;
    if (*p == 'w')
        s = MANA_WHITE;
    else if (*p == 'b')
        s = MANA_BLACK;
    else
        return failf(why, why_size, "side: bad");
    p++;
    if (*p++ != ' ')
        return failf(why, why_size, "side: ' ' expected");
    int m;
    if (*p == '-')
        m = 0;
    else if (*p >= '1' && *p <= '3')
        m = *p - '0';
    else
        return failf(why, why_size, "mana: bad");
    p++;
    if (*p++ != ' ')
        return failf(why, why_size, "mana: ' ' expected");
    if (*p < '0' || *p > '3')
        return failf(why, why_size, "orientation: bad");
    int o = *p++ - '0';
    if (*p != '\0')
        return failf(why, why_size, "extra text after the orientation");
    for (int c = 0; c < 2; c++) {
        if (ronin[c] > MANA_RONIN_COUNT)
            return failf(why, why_size, "%d Ronins for %s", ronin[c], c ? "black" : "white");
        if (damyo[c] > 1)
            return failf(why, why_size, "%d Damyos for %s", damyo[c], c ? "black" : "white");
    }
    if (damyo[1 - s] != 1)
        return failf(why, why_size, "the side that just moved has no Damyo");
    if (board != NULL)
        memcpy(board, b, sizeof b);
    if (side != NULL)
        *side = s;
    if (mana != NULL)
        *mana = m;
    if (orient != NULL)
        *orient = o;
    return 0;
}

/* ---- snapshots ----------------------------------------------------------- */

void inv_snapshot_take(const mana_game *g, inv_snapshot *s)
{
    memset(s, 0, sizeof *s);
    s->status = mana_status(g);
    s->side = mana_side_to_move(g);
    s->mana = mana_mana(g);
    s->orientation = mana_orientation(g);
    s->reserve[0] = mana_reserve(g, MANA_WHITE);
    s->reserve[1] = mana_reserve(g, MANA_BLACK);
    s->history_len = mana_history(g, NULL, 0);
    s->hash = mana_hash(g);
    s->mfn_rc = mana_get_position(g, s->mfn, sizeof s->mfn);
    if (s->mfn_rc < 0)
        s->mfn[0] = '\0';
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        s->board[sq] = mana_piece_at(g, sq);
        s->marks[sq] = mana_marks_at(g, sq);
    }
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (mana_get_option(g, i, &s->options[i]) != MANA_OK)
            s->options[i] = INT_MIN;
    s->nmoves = mana_legal_moves(g, s->moves, MANA_MAX_MOVES);
}

#define DIFF_INT(field, name)                                                                                          \
    do {                                                                                                               \
        if (a->field != b->field)                                                                                      \
            return failf(msg, size, "%s differs: %d vs %d (MFN %s vs %s)", name, (int)a->field, (int)b->field, a->mfn, \
                         b->mfn);                                                                                      \
    } while (0)

int inv_snapshot_diff(const inv_snapshot *a, const inv_snapshot *b, char *msg, size_t size)
{
    DIFF_INT(status, "status");
    DIFF_INT(side, "side to move");
    DIFF_INT(mana, "mana");
    DIFF_INT(orientation, "orientation");
    DIFF_INT(reserve[0], "white reserve");
    DIFF_INT(reserve[1], "black reserve");
    DIFF_INT(history_len, "history length");
    DIFF_INT(mfn_rc, "get_position result");
    if (strcmp(a->mfn, b->mfn) != 0)
        return failf(msg, size, "MFN differs: '%s' vs '%s'", a->mfn, b->mfn);
    if (a->hash != b->hash)
        return failf(msg, size, "hash differs: %016llx vs %016llx (MFN %s)", (unsigned long long)a->hash,
                     (unsigned long long)b->hash, a->mfn);
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        char n[3];
        square_name(sq, n);
        if (a->board[sq] != b->board[sq])
            return failf(msg, size, "piece on %s differs: %d vs %d (MFN %s)", n, a->board[sq], b->board[sq], a->mfn);
        if (a->marks[sq] != b->marks[sq])
            return failf(msg, size, "marks of %s differ: %d vs %d", n, a->marks[sq], b->marks[sq]);
    }
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (a->options[i] != b->options[i])
            return failf(msg, size, "option %s differs: %d vs %d", option_name(i), a->options[i], b->options[i]);
    DIFF_INT(nmoves, "legal move count");
    for (int i = 0; i < a->nmoves && i < MANA_MAX_MOVES; i++) {
        char x[16], y[16];
        if (a->moves[i] != b->moves[i])
            return failf(msg, size, "legal move %d differs: %s vs %s (MFN %s)", i, inv_move_str(a->moves[i], x),
                         inv_move_str(b->moves[i], y), a->mfn);
    }
    return 0;
}

/* ---- inv_check ------------------------------------------------------------- */

static int own_color(int piece)
{
    if (piece == 'D' || piece == 'R')
        return MANA_WHITE;
    if (piece == 'd' || piece == 'r')
        return MANA_BLACK;
    return -1;
}

/* The canonical text of legal move m in the state s (docs/rules.md "Notation"). */
static void canonical_text(const inv_snapshot *s, mana_move m, char out[8])
{
    char a[3], b[3];
    int to = MANA_MOVE_TO(m);
    switch (MANA_MOVE_KIND(m)) {
    case MANA_MOVE_STEP:
        square_name(MANA_MOVE_FROM(m), a);
        square_name(to, b);
        snprintf(out, 8, "%s%c%s", a, s->board[to] != 0 ? 'x' : '-', b);
        break;
    case MANA_MOVE_DROP_DAMYO:
        square_name(to, b);
        snprintf(out, 8, "D@%s", b);
        break;
    case MANA_MOVE_DROP_RONIN:
        square_name(to, b);
        snprintf(out, 8, "R@%s", b);
        break;
    case MANA_MOVE_ORIENT: snprintf(out, 8, "O%d", to); break;
    default: snprintf(out, 8, "pass"); break;
    }
}

static int check_notation(mana_game *g, const inv_snapshot *s, char *msg, size_t size)
{
    for (int i = 0; i < s->nmoves; i++) {
        mana_move m = s->moves[i], back = MANA_MOVE_NONE;
        char want[8], got[MANA_MOVE_TEXT_MAX + 1], mv[16];
        canonical_text(s, m, want);
        memset(got, 'Z', sizeof got);
        int len = mana_move_format(g, m, got, sizeof got);
        if (len < 0 || (size_t)len != strlen(want) || strcmp(got, want) != 0)
            return failf(msg, size, "format(%s) gave %d '%.*s', expected '%s' (MFN %s)", inv_move_str(m, mv), len,
                         (int)sizeof got, got, want, s->mfn);
        char small[8];
        int rc = mana_move_format(g, m, small, (size_t)len);
        if (rc != MANA_ESPACE)
            return failf(msg, size, "format(%s) into %d bytes returned %d, not ESPACE", want, len, rc);
        /* every accepted spelling reads back as m */
        char spell[4][8];
        int nspell = 0;
        snprintf(spell[nspell++], 8, "%s", want);
        if (MANA_MOVE_KIND(m) == MANA_MOVE_STEP) {
            snprintf(spell[nspell++], 8, "%.2s%s", want, want + 3);
            snprintf(spell[nspell++], 8, "%.2s%c%s", want, want[2] == 'x' ? '-' : 'x', want + 3);
        } else if (MANA_MOVE_KIND(m) != MANA_MOVE_PASS) {
            snprintf(spell[nspell++], 8, "%c%s", want[0] + ('a' - 'A'), want + 1);
        }
        for (int k = 0; k < nspell; k++) {
            back = MANA_MOVE_NONE;
            rc = mana_move_parse(g, spell[k], &back);
            if (rc != MANA_OK || back != m)
                return failf(msg, size, "parse('%s') gave %d %s, expected %s (MFN %s)", spell[k], rc,
                             inv_move_str(back, mv), want, s->mfn);
        }
    }
    return 0;
}

static int in_list(const mana_move *sorted, int n, mana_move m)
{
    return bsearch(&m, sorted, (size_t)n, sizeof *sorted, cmp_move) != NULL;
}

static int check_is_legal_all(const mana_game *g, const inv_snapshot *s, char *msg, size_t size)
{
    mana_move sorted[MANA_MAX_MOVES];
    int n = s->nmoves;
    memcpy(sorted, s->moves, (size_t)n * sizeof *sorted);
    inv_sort_moves(sorted, n);
    char mv[16];
    for (int kind = 0; kind <= 7; kind++) {
        for (int from = 0; from < 64; from++) {
            for (int to = 0; to < 64; to++) {
                /* well-formed values, plus a sample of ill-formed ones */
                int wellformed = (kind == MANA_MOVE_STEP && from < MANA_SQUARE_COUNT && to < MANA_SQUARE_COUNT) ||
                                 ((kind == MANA_MOVE_DROP_DAMYO || kind == MANA_MOVE_DROP_RONIN) && from == 0 &&
                                  to < MANA_SQUARE_COUNT) ||
                                 (kind == MANA_MOVE_ORIENT && from == 0 && to < 4) ||
                                 (kind == MANA_MOVE_PASS && from == 0 && to == 0);
                if (!wellformed && ((from * 7 + to * 13 + kind) % 29) != 0)
                    continue;
                mana_move m = MANA_MOVE_MAKE(kind, from, to);
                int want = wellformed && in_list(sorted, n, m);
                int got = mana_is_legal(g, m);
                if (got != want)
                    return failf(msg, size, "is_legal(%s = 0x%x) = %d, expected %d (MFN %s)", inv_move_str(m, mv),
                                 (unsigned)m, got, want, s->mfn);
            }
        }
    }
    for (int i = 0; i < n; i++) {
        static const mana_move junk[] = {1u << 15, 1u << 20, 0x80000000u};
        for (size_t k = 0; k < sizeof junk / sizeof junk[0]; k++) {
            int got = mana_is_legal(g, s->moves[i] | junk[k]);
            if (got != 0)
                return failf(msg, size, "is_legal(0x%x) = %d: high bits ignored", (unsigned)(s->moves[i] | junk[k]),
                             got);
        }
    }
    return 0;
}

static int check_ref(const mana_game *g, const inv_snapshot *s, char *msg, size_t size)
{
    mana_move ref[REF_CAP], lib[MANA_MAX_MOVES];
    char mv[16];
    int rn = ref_legal_moves(g, ref, REF_CAP);
    if (rn < 0)
        return failf(msg, size, "reference generator failed (MFN %s)", s->mfn);
    int n = s->nmoves;
    memcpy(lib, s->moves, (size_t)n * sizeof *lib);
    inv_sort_moves(lib, n);
    for (int i = 0; i < n; i++)
        if (!in_list(ref, rn, lib[i]))
            return failf(msg, size,
                         "library generates %s, which the reference does not (%d vs %d "
                         "moves, MFN %s)",
                         inv_move_str(lib[i], mv), n, rn, s->mfn[0] ? s->mfn : "(setup)");
    for (int i = 0; i < rn; i++)
        if (!in_list(lib, n, ref[i]))
            return failf(msg, size,
                         "reference generates %s, which the library does not (%d vs %d "
                         "moves, MFN %s)",
                         inv_move_str(ref[i], mv), n, rn, s->mfn[0] ? s->mfn : "(setup)");
    if (rn != n)
        return failf(msg, size, "move counts differ: library %d, reference %d", n, rn);
    return 0;
}

static int check_scratch(const inv_snapshot *s, char *msg, size_t size)
{
    mana_game *f = mana_new(MANA_RULES_JACTALEA);
    if (f == NULL)
        return failf(msg, size, "mana_new failed");
    int rc = 0;
    for (int i = 0; i < MANA_OPTION_COUNT && rc == 0; i++)
        if (mana_set_option(f, i, s->options[i]) != MANA_OK)
            rc = failf(msg, size, "option %s = %d refused on a fresh game: %s", option_name(i), s->options[i],
                       mana_error_detail());
    if (rc == 0 && mana_set_position(f, s->mfn) != MANA_OK)
        rc = failf(msg, size, "the game's own MFN '%s' is refused: %s", s->mfn, mana_error_detail());
    if (rc == 0) {
        inv_snapshot t;
        inv_snapshot_take(f, &t);
        if (t.hash != s->hash)
            rc = failf(msg, size, "incremental hash %016llx != from-scratch hash %016llx (MFN %s)",
                       (unsigned long long)s->hash, (unsigned long long)t.hash, s->mfn);
        else if (strcmp(t.mfn, s->mfn) != 0)
            rc = failf(msg, size, "MFN read then written changed: '%s' -> '%s'", s->mfn, t.mfn);
        else if (t.history_len != 0)
            rc = failf(msg, size, "set_position left %d history entries", t.history_len);
        else if (t.side != s->side || t.mana != s->mana || t.orientation != s->orientation ||
                 t.reserve[0] != s->reserve[0] || t.reserve[1] != s->reserve[1])
            rc = failf(msg, size,
                       "from scratch side/mana/orientation/reserves %d/%d/%d/%d/%d "
                       "differ from %d/%d/%d/%d/%d (MFN %s)",
                       t.side, t.mana, t.orientation, t.reserve[0], t.reserve[1], s->side, s->mana, s->orientation,
                       s->reserve[0], s->reserve[1], s->mfn);
        else if (s->status != MANA_DRAWN && t.status != s->status)
            /* a draw may come from the history (repetition, ply limit, two
             * passes), which MFN does not carry; nothing else may */
            rc = failf(msg, size, "status %d, but %d from scratch (MFN %s)", s->status, t.status, s->mfn);
        else if (s->status == MANA_DRAWN && t.status != MANA_DRAWN && t.status != MANA_PLAYING)
            rc = failf(msg, size, "drawn game reads back with status %d (MFN %s)", t.status, s->mfn);
        else if (s->status == MANA_PLAYING) {
            mana_move a[MANA_MAX_MOVES], b[MANA_MAX_MOVES];
            memcpy(a, s->moves, (size_t)s->nmoves * sizeof *a);
            memcpy(b, t.moves, (size_t)(t.nmoves > 0 ? t.nmoves : 0) * sizeof *b);
            inv_sort_moves(a, s->nmoves);
            inv_sort_moves(b, t.nmoves);
            if (t.nmoves != s->nmoves || memcmp(a, b, (size_t)s->nmoves * sizeof *a) != 0)
                rc = failf(msg, size, "legal moves differ from scratch: %d vs %d moves (MFN %s)", s->nmoves, t.nmoves,
                           s->mfn);
        }
    }
    mana_free(f);
    return rc;
}

/* Checks that a call on g failed with `want`, left a detail and changed
 * nothing. */
static int expect_refused(mana_game *g, const inv_snapshot *s, int rc, int want, const char *what, char *msg,
                          size_t size)
{
    if (rc != want)
        return failf(msg, size, "%s returned %d, expected %d (MFN %s)", what, rc, want, s->mfn[0] ? s->mfn : "(setup)");
    const char *d = mana_error_detail();
    if (d == NULL || d[0] == '\0')
        return failf(msg, size, "%s failed with no detail", what);
    inv_snapshot t;
    inv_snapshot_take(g, &t);
    char diff[200];
    if (inv_snapshot_diff(s, &t, diff, sizeof diff) != 0)
        return failf(msg, size, "refused %s changed the game: %s", what, diff);
    return 0;
}

int inv_check(mana_game *g, unsigned flags, char *msg, size_t size)
{
    inv_snapshot s;
    char mv[16];
    if (g == NULL)
        return failf(msg, size, "NULL game");
    inv_snapshot_take(g, &s);
    const char *where = s.mfn_rc > 0 ? s.mfn : "(setup)";

    /* ranges */
    if (s.status < MANA_SETUP || s.status > MANA_DRAWN)
        return failf(msg, size, "status %d out of range", s.status);
    if (s.side != MANA_WHITE && s.side != MANA_BLACK)
        return failf(msg, size, "side %d out of range", s.side);
    if (s.mana < 0 || s.mana > 3)
        return failf(msg, size, "mana %d out of range", s.mana);
    if (s.orientation < -1 || s.orientation > 3)
        return failf(msg, size, "orientation %d out of range", s.orientation);
    for (int c = 0; c < 2; c++)
        if (s.reserve[c] < 0 || s.reserve[c] > MANA_RONIN_COUNT)
            return failf(msg, size, "reserve %d out of range at %s", s.reserve[c], where);
    if (s.history_len < 0)
        return failf(msg, size, "history count %d", s.history_len);
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (s.options[i] == INT_MIN)
            return failf(msg, size, "option %d unreadable", i);
    if (mana_piece_at(g, -1) != MANA_EINVAL || mana_piece_at(g, MANA_SQUARE_COUNT) != MANA_EINVAL ||
        mana_marks_at(g, -1) != MANA_EINVAL || mana_marks_at(g, MANA_SQUARE_COUNT) != MANA_EINVAL ||
        mana_reserve(g, 2) != MANA_EINVAL || mana_reserve(g, -1) != MANA_EINVAL)
        return failf(msg, size, "an out-of-range query did not return MANA_EINVAL");

    /* marks */
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        int want = s.orientation < 0 ? 0 : inv_rules_marks(s.orientation, sq);
        if (s.marks[sq] != want)
            return failf(msg, size, "marks_at(%d) = %d, docs/rules.md says %d (orientation %d)", sq, s.marks[sq], want,
                         s.orientation);
    }

    /* the board: one piece per square, counted */
    int damyo[2] = {0, 0}, ronin[2] = {0, 0};
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        int p = s.board[sq];
        if (p == 0)
            continue;
        int c = own_color(p);
        if (c < 0)
            return failf(msg, size, "piece_at(%d) = %d", sq, p);
        if (p == 'D' || p == 'd')
            damyo[c]++;
        else
            ronin[c]++;
    }
    for (int c = 0; c < 2; c++)
        if (damyo[c] > 1 || ronin[c] > MANA_RONIN_COUNT)
            return failf(msg, size, "%s has %d Damyos and %d Ronins on the board at %s", c ? "black" : "white",
                         damyo[c], ronin[c], where);

    /* the legal move list and its calling conventions */
    int count = mana_legal_moves(g, NULL, 0);
    if (s.nmoves < 0 || count != s.nmoves || s.nmoves > MANA_MAX_MOVES)
        return failf(msg, size, "legal_moves returned %d, counting gave %d at %s", s.nmoves, count, where);
    if (s.nmoves > 0) {
        mana_move canary[MANA_MAX_MOVES];
        for (int i = 0; i < MANA_MAX_MOVES; i++)
            canary[i] = 0xA5A5A5A5u;
        int rc = mana_legal_moves(g, canary, s.nmoves - 1);
        if (rc != MANA_ESPACE)
            return failf(msg, size, "legal_moves with cap %d returned %d", s.nmoves - 1, rc);
        for (int i = 0; i < MANA_MAX_MOVES; i++)
            if (canary[i] != 0xA5A5A5A5u)
                return failf(msg, size, "legal_moves wrote to a too-small array");
    }
    if (mana_legal_moves(g, NULL, 1) != MANA_EINVAL || mana_legal_moves(g, s.moves, -1) != MANA_EINVAL)
        return failf(msg, size, "legal_moves accepted NULL out or a negative cap");
    if (mana_is_legal(g, MANA_MOVE_NONE) != 0)
        return failf(msg, size, "MANA_MOVE_NONE is legal");
    for (int i = 0; i < s.nmoves; i++) {
        mana_move m = s.moves[i];
        int kind = MANA_MOVE_KIND(m), from = MANA_MOVE_FROM(m), to = MANA_MOVE_TO(m);
        for (int j = 0; j < i; j++)
            if (s.moves[j] == m)
                return failf(msg, size, "%s listed twice at %s", inv_move_str(m, mv), where);
        if ((m >> MANA_MOVE_BITS) != 0 || to >= MANA_SQUARE_COUNT || from >= MANA_SQUARE_COUNT)
            return failf(msg, size, "malformed move 0x%x at %s", (unsigned)m, where);
        if (mana_is_legal(g, m) != 1)
            return failf(msg, size, "listed move %s is not is_legal at %s", inv_move_str(m, mv), where);
        if (s.status == MANA_SETUP) {
            int ok = (kind == MANA_MOVE_ORIENT && s.orientation < 0 && from == 0 && to < 4) ||
                     (kind == MANA_MOVE_DROP_DAMYO && s.orientation >= 0 && from == 0 && s.board[to] == 0 &&
                      damyo[s.side] == 0) ||
                     (kind == MANA_MOVE_DROP_RONIN && s.orientation >= 0 && from == 0 && s.board[to] == 0 &&
                      ronin[s.side] < 5);
            if (!ok)
                return failf(msg, size, "setup move %s makes no sense here", inv_move_str(m, mv));
        } else {
            int ok = (kind == MANA_MOVE_STEP && own_color(s.board[from]) == s.side && from != to &&
                      own_color(s.board[to]) != s.side) ||
                     (kind == MANA_MOVE_DROP_RONIN && from == 0 && s.board[to] == 0 && s.reserve[s.side] > 0) ||
                     (kind == MANA_MOVE_PASS && m == MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0) && s.nmoves == 1);
            if (!ok)
                return failf(msg, size, "play move %s makes no sense at %s", inv_move_str(m, mv), where);
        }
    }

    /* history */
    if (s.history_len > 0) {
        mana_move *h = malloc((size_t)s.history_len * sizeof *h);
        if (h == NULL)
            return failf(msg, size, "out of memory");
        int rc1 = mana_history(g, h, s.history_len - 1);
        int rc2 = mana_history(g, h, s.history_len);
        free(h);
        if (rc1 != MANA_ESPACE || rc2 != s.history_len)
            return failf(msg, size, "history with cap %d / %d returned %d / %d", s.history_len - 1, s.history_len, rc1,
                         rc2);
    }

    /* by phase */
    if (s.status == MANA_SETUP) {
        if (s.mana != 0 || s.reserve[0] != 0 || s.reserve[1] != 0)
            return failf(msg, size, "setup with mana %d, reserves %d/%d", s.mana, s.reserve[0], s.reserve[1]);
        if (s.mfn_rc != MANA_ESTATE)
            return failf(msg, size, "get_position during setup returned %d", s.mfn_rc);
        if (s.nmoves < 1)
            return failf(msg, size, "setup dead-locked: no legal move");
        for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
            int c = own_color(s.board[sq]);
            int rank = sq / MANA_FILE_COUNT + 1;
            if ((c == MANA_WHITE && rank > 2) || (c == MANA_BLACK && rank < 5))
                return failf(msg, size, "setup piece outside its home ranks on square %d", sq);
        }
        if (s.orientation < 0 && (s.side != MANA_BLACK || damyo[0] + damyo[1] + ronin[0] + ronin[1] != 0))
            return failf(msg, size, "orientation unchosen but pieces placed or white to move");
    } else {
        /* the position is MFN and says what the queries say */
        int board[MANA_SQUARE_COUNT], side, mana, orient;
        char why[120];
        if (s.mfn_rc <= 0 || (size_t)s.mfn_rc != strlen(s.mfn) || s.mfn_rc > MANA_MFN_MAX)
            return failf(msg, size, "get_position returned %d for '%s'", s.mfn_rc, s.mfn);
        if (inv_mfn_read(s.mfn, board, &side, &mana, &orient, why, sizeof why) != 0)
            return failf(msg, size, "the library wrote invalid MFN '%s': %s", s.mfn, why);
        if (side != s.side || mana != s.mana || orient != s.orientation)
            return failf(msg, size, "MFN '%s' disagrees with side %d mana %d orientation %d", s.mfn, s.side, s.mana,
                         s.orientation);
        for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
            if (board[sq] != s.board[sq])
                return failf(msg, size, "MFN '%s' disagrees with piece_at(%d) = %d", s.mfn, sq, s.board[sq]);
        char small[MANA_MFN_MAX + 1];
        memset(small, 'Z', sizeof small);
        int rc = mana_get_position(g, small, (size_t)s.mfn_rc);
        if (rc != MANA_ESPACE || small[0] != '\0')
            return failf(msg, size, "get_position into %d bytes returned %d", s.mfn_rc, rc);

        /* counts: Ronins are conserved (board + reserve = 5), Damyos by result */
        for (int c = 0; c < 2; c++)
            if (ronin[c] + s.reserve[c] != 5)
                return failf(msg, size, "%s: %d Ronins on board + %d in reserve != 5 at %s", c ? "black" : "white",
                             ronin[c], s.reserve[c], where);
        for (int c = 0; c < 2; c++)
            if (damyo[c] == 0 && (c != s.side || s.status != (c == MANA_WHITE ? MANA_BLACK_WON : MANA_WHITE_WON)))
                return failf(msg, size, "%s has no Damyo but status is %d, side %d at %s", c ? "black" : "white",
                             s.status, s.side, where);
        if (s.status == MANA_PLAYING) {
            if (damyo[0] != 1 || damyo[1] != 1)
                return failf(msg, size, "game on without both Damyos at %s", where);
            if (s.nmoves < 1)
                return failf(msg, size, "game on with no legal move at %s", where);
        } else {
            int winner = s.status == MANA_WHITE_WON ? MANA_WHITE : s.status == MANA_BLACK_WON ? MANA_BLACK : -1;
            if (winner >= 0 && damyo[winner] != 1)
                return failf(msg, size, "the winner has no Damyo at %s", where);
            if (s.nmoves != 0)
                return failf(msg, size, "finished game (status %d) has %d legal moves at %s", s.status, s.nmoves,
                             where);
        }

        uint64_t leaves = 12345;
        if (mana_perft(g, 0, &leaves) != MANA_OK || leaves != 1)
            return failf(msg, size, "perft(0) = %llu", (unsigned long long)leaves);
        if (mana_perft(g, 1, &leaves) != MANA_OK || leaves != (uint64_t)s.nmoves)
            return failf(msg, size, "perft(1) = %llu, but %d legal moves at %s", (unsigned long long)leaves, s.nmoves,
                         where);
        if (expect_refused(g, &s, mana_setup_random(g, 1), MANA_ESTATE, "setup_random after setup", msg, size) != 0)
            return -1;
        if (s.status != MANA_PLAYING) {
            /* a finished game refuses every move with MANA_EOVER */
            mana_move tries[3] = {MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0), MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, 0), 0};
            for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
                if (own_color(s.board[sq]) == s.side)
                    tries[2] = MANA_MOVE_MAKE(MANA_MOVE_STEP, sq,
                                              sq % MANA_FILE_COUNT < MANA_FILE_COUNT - 1 ? sq + 1 : sq - 1);
            for (int i = 0; i < 3; i++)
                if (tries[i] != 0 && expect_refused(g, &s, mana_play(g, tries[i]), MANA_EOVER,
                                                    "play on a finished game", msg, size) != 0)
                    return -1;
            mana_move out = 7;
            if (expect_refused(g, &s, mana_play_str(g, "pass"), MANA_EOVER, "play_str on a finished game", msg, size) !=
                    0 ||
                expect_refused(g, &s, mana_move_parse(g, "pass", &out), MANA_EOVER, "move_parse on a finished game",
                               msg, size) != 0)
                return -1;
            if (out != 7)
                return failf(msg, size, "move_parse wrote *out on failure");
        }
    }
    if (s.status == MANA_SETUP || s.status == MANA_PLAYING) {
        if (expect_refused(g, &s, mana_play(g, MANA_MOVE_NONE), MANA_EILLEGAL, "play(MANA_MOVE_NONE)", msg, size) !=
                0 ||
            expect_refused(g, &s, mana_play(g, 0xFFFFFFFFu), MANA_EILLEGAL, "play(0xFFFFFFFF)", msg, size) != 0)
            return -1;
    }

    if ((flags & INV_REF) && check_ref(g, &s, msg, size) != 0)
        return -1;
    if ((flags & INV_SCRATCH) && s.status != MANA_SETUP && check_scratch(&s, msg, size) != 0)
        return -1;
    if ((flags & INV_NOTATION) && check_notation(g, &s, msg, size) != 0)
        return -1;
    if ((flags & INV_ISLEGAL) && check_is_legal_all(g, &s, msg, size) != 0)
        return -1;

    /* nothing above may have changed g */
    inv_snapshot t;
    inv_snapshot_take(g, &t);
    char diff[200];
    if (inv_snapshot_diff(&s, &t, diff, sizeof diff) != 0)
        return failf(msg, size, "checking changed the game: %s", diff);
    return 0;
}

/* ---- inv_play_checked ------------------------------------------------------ */

int inv_play_checked(mana_game *g, mana_move m, unsigned flags, char *msg, size_t size)
{
    inv_snapshot before, after, again;
    char mv[16], diff[240];
    inv_move_str(m, mv);
    inv_snapshot_take(g, &before);
    const char *where = before.mfn[0] ? before.mfn : "(setup)";
    if (mana_is_legal(g, m) != 1)
        return failf(msg, size, "%s is not legal at %s", mv, where);
    int rc = mana_play(g, m);
    if (rc != MANA_OK)
        return failf(msg, size, "play(%s) returned %d at %s: %s", mv, rc, where, mana_error_detail());
    inv_snapshot_take(g, &after);

    if (after.history_len != before.history_len + 1)
        return failf(msg, size, "history %d -> %d after %s", before.history_len, after.history_len, mv);
    {
        mana_move *h = malloc((size_t)after.history_len * sizeof *h);
        if (h == NULL)
            return failf(msg, size, "out of memory");
        int n = mana_history(g, h, after.history_len);
        mana_move last = n > 0 ? h[n - 1] : MANA_MOVE_NONE;
        free(h);
        if (n != after.history_len || last != m)
            return failf(msg, size, "history does not end with %s", mv);
    }

    int kind = MANA_MOVE_KIND(m), from = MANA_MOVE_FROM(m), to = MANA_MOVE_TO(m);
    int mover = before.side;
    int expect[MANA_SQUARE_COUNT];
    memcpy(expect, before.board, sizeof expect);
    int res[2] = {before.reserve[0], before.reserve[1]};
    if (before.status == MANA_SETUP) {
        if (kind == MANA_MOVE_ORIENT) {
            if (after.orientation != to)
                return failf(msg, size, "%s left orientation %d", mv, after.orientation);
        } else if (kind == MANA_MOVE_DROP_DAMYO || kind == MANA_MOVE_DROP_RONIN) {
            expect[to] = kind == MANA_MOVE_DROP_DAMYO ? (mover ? 'd' : 'D') : (mover ? 'r' : 'R');
        }
        if (after.status != MANA_SETUP && after.status != MANA_PLAYING)
            return failf(msg, size, "setup move %s gave status %d", mv, after.status);
        if (after.status == MANA_PLAYING) {
            if (after.side != MANA_BLACK || after.mana != 0)
                return failf(msg, size, "play begins with side %d, mana %d (%s)", after.side, after.mana, after.mfn);
        }
    } else {
        int enemy = 1 - mover;
        int won = mover == MANA_WHITE ? MANA_WHITE_WON : MANA_BLACK_WON;
        if (kind == MANA_MOVE_STEP) {
            int victim = before.board[to];
            expect[to] = before.board[from];
            expect[from] = 0;
            if (victim == 'r' || victim == 'R')
                res[enemy]++;
            if ((victim == 'd' || victim == 'D') && after.status != won)
                return failf(msg, size, "%s captured the Damyo but status is %d", mv, after.status);
        } else if (kind == MANA_MOVE_DROP_RONIN) {
            expect[to] = mover ? 'r' : 'R';
            res[mover]--;
        } else if (kind == MANA_MOVE_PASS) {
            if (after.mana != before.mana)
                return failf(msg, size, "pass changed the Mana %d -> %d", before.mana, after.mana);
        }
        if (after.side != enemy)
            return failf(msg, size, "side to move did not change after %s", mv);
        if (after.status != MANA_PLAYING && after.status != MANA_DRAWN && after.status != won)
            return failf(msg, size, "%s by %s gave status %d at %s", mv, mover ? "black" : "white", after.status,
                         where);
        if (after.status == MANA_PLAYING && kind != MANA_MOVE_PASS && after.mana != before.marks[to])
            return failf(msg, size, "after %s the Mana is %d, the square has %d marks", mv, after.mana,
                         before.marks[to]);
        if (after.orientation != before.orientation)
            return failf(msg, size, "orientation changed in play");
    }
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        if (after.board[sq] != expect[sq])
            return failf(msg, size, "after %s at %s square %d holds %d, expected %d", mv, where, sq, after.board[sq],
                         expect[sq]);
    if (after.reserve[0] != res[0] || after.reserve[1] != res[1])
        return failf(msg, size, "after %s reserves %d/%d, expected %d/%d", mv, after.reserve[0], after.reserve[1],
                     res[0], res[1]);
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (after.options[i] != before.options[i])
            return failf(msg, size, "%s changed option %d", mv, i);
    rc = mana_set_option(g, MANA_OPT_BLOCKED, MANA_BLOCKED_PASS);
    if (rc != MANA_ESTATE)
        return failf(msg, size, "set_option after a move returned %d, not ESTATE", rc);

    if (inv_check(g, flags, msg, size) != 0)
        return -1;

    rc = mana_undo(g);
    if (rc != MANA_OK)
        return failf(msg, size, "undo of %s returned %d", mv, rc);
    inv_snapshot restored;
    inv_snapshot_take(g, &restored);
    if (inv_snapshot_diff(&before, &restored, diff, sizeof diff) != 0)
        return failf(msg, size, "undo of %s at %s did not restore: %s", mv, where, diff);
    rc = mana_play(g, m);
    if (rc != MANA_OK)
        return failf(msg, size, "replaying %s returned %d", mv, rc);
    inv_snapshot_take(g, &again);
    if (inv_snapshot_diff(&after, &again, diff, sizeof diff) != 0)
        return failf(msg, size, "replaying %s at %s gave another state: %s", mv, where, diff);
    return 0;
}
