/* SPDX-License-Identifier: MIT */
/*
 * Hostile input (issue 6): malformed MFN and move text, and API misuse.
 * Every refusal must carry the right error code (mana.h), a detail message
 * written by that very call, and leave the game exactly as it was (MFN,
 * hash, status, Mana, reserves, history and legal moves: inv_snapshot).
 *
 * Marks under orientation 0, used by the move table (docs/rules.md):
 *     6  2 2 3 1 2 2
 *     5  1 3 1 3 1 3
 *     4  3 1 2 2 3 1
 *     3  2 3 1 3 1 2
 *     2  2 1 3 1 3 2
 *     1  1 3 2 2 1 3
 *        a b c d e f
 */
#include <check.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <mana.h>

#include "invariants.h"

#define HOME "rrdrrr/6/6/6/6/RRRDRR b - 0"

/* ---- helpers ------------------------------------------------------------ */

/* Makes the thread's last error detail something no refusal below should
 * produce, so that a test can tell the detail was written by its call. */
static const char *prime_detail(char *buf, size_t size)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(mana_undo(g), MANA_ENOHISTORY);
    snprintf(buf, size, "%s", mana_error_detail());
    ck_assert_msg(buf[0] != '\0', "undo of nothing left no detail");
    mana_free(g);
    return buf;
}

/* Asserts the call that just failed wrote a fresh one-line detail and left
 * g as in `before`. */
static void assert_refused(const mana_game *g, const inv_snapshot *before, const char *primed, const char *what)
{
    const char *d = mana_error_detail();
    ck_assert_msg(d != NULL && d[0] != '\0', "%s: no detail", what);
    ck_assert_msg(strcmp(d, primed) != 0, "%s: the detail was not written by this call", what);
    ck_assert_msg(strchr(d, '\n') == NULL, "%s: detail is not one line: %s", what, d);
    inv_snapshot after;
    char diff[300];
    inv_snapshot_take(g, &after);
    ck_assert_msg(inv_snapshot_diff(before, &after, diff, sizeof diff) == 0, "%s changed the game: %s", what, diff);
}

static void assert_invariants(mana_game *g)
{
    char msg[600];
    ck_assert_msg(inv_check(g, INV_DEFAULT, msg, sizeof msg) == 0, "%s", msg);
}

/* A game in play with a history: HOME, then a6-a4 (a6 has 2 marks: a5, a4)
 * and b1-b4 (the Mana is 3, the mark count of a4; b1 has 3 marks). */
static mana_game *game_in_play(void)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(mana_set_position(g, HOME), MANA_OK);
    ck_assert_int_eq(mana_play_str(g, "a6-a4"), MANA_OK);
    ck_assert_int_eq(mana_play_str(g, "b1-b4"), MANA_OK);
    return g;
}

/* ---- malformed MFN -------------------------------------------------------- */

static const struct {
    const char *text;
    const char *why;
} bad_mfn[] = {
    {"", "empty"},
    {" ", "a single space"},
    {"rrdrrr/6/6/6/6/RRRDRR", "board only"},
    {"rrdrrr/6/6/6/6/RRRDRR b", "no Mana, no orientation"},
    {"rrdrrr/6/6/6/6/RRRDRR b -", "no orientation"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 0 0", "a fifth field"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 0 x", "extra text"},
    {"rrdrrr/6/6/6/6/RRRDRR w - 0 b", "extra side"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 0 ", "trailing space"},
    {" rrdrrr/6/6/6/6/RRRDRR b - 0", "leading space"},
    {"rrdrrr/6/6/6/6/RRRDRR  b - 0", "two spaces"},
    {"rrdrrr/6/6/6/6/RRRDRR\tb - 0", "a tab"},
    {"rrdrrr/6/6/6/6/RRRDRR b\t1 0", "a tab later"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 0\n", "trailing newline"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 0\r\n", "trailing CR LF"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 3\v", "trailing vertical tab"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 0;", "trailing semicolon"},
    {"rrdrrr/6/6/6/RRRDRR b - 0", "five ranks"},
    {"rrdrrr/6/6/6/6/6/RRRDRR b - 0", "seven ranks"},
    {"6/6/6/6/6/6/6/6 b - 0", "eight empty ranks"},
    {"rrdrrr/6/6/6/6/RRRDRR/6 b - 0", "a seventh rank at the end"},
    {"rrdrr/6/6/6/6/RRRDRR b - 0", "a rank of 5 files"},
    {"rrdrrr1/6/6/6/6/RRRDRR b - 0", "a rank of 7 files"},
    {"d/6/6/6/6/D5 w - 0", "a rank of 1 file"},
    {"6d/6/6/6/6/D5 w - 0", "a piece after six empty files"},
    {"rrdrrr/5/6/6/6/RRRDRR b - 0", "an empty run of 5 as a rank"},
    {"rrdrrr/7/6/6/6/RRRDRR b - 0", "digit 7"},
    {"rrdrrr/06/6/6/6/RRRDRR b - 0", "digit 0"},
    {"rrdrrr/33/6/6/6/RRRDRR b - 0", "non-maximal run 33"},
    {"rrdrrr/15/6/6/6/RRRDRR b - 0", "non-maximal run 15"},
    {"rrdr11/6/6/6/6/RRRDRR b - 0", "non-maximal run 11 after pieces"},
    {"rrdrrr/6/6/6/6/RRRDRR/ b - 0", "trailing slash"},
    {"/rrdrrr/6/6/6/6/RRRDRR b - 0", "leading slash"},
    {"rrdrrr//6/6/6/RRRDRR b - 0", "an empty rank"},
    {"rrdrrr,6,6,6,6,RRRDRR b - 0", "commas for slashes"},
    {"rrdrrr/+6/6/6/6/RRRDRR b - 0", "a plus sign"},
    {"rrdrrr/6/6/6/6/RRRDRx b - 0", "piece letter x"},
    {"rrdrrr/6/6/6/6/RRRKRR b - 0", "piece letter K"},
    {"rrdrrr/6/6/6/6/RRRDRR B - 0", "side B"},
    {"rrdrrr/6/6/6/6/RRRDRR x - 0", "side x"},
    {"rrdrrr/6/6/6/6/RRRDRR bw - 0", "two sides"},
    {"rrdrrr/6/6/6/6/RRRDRR - b 0", "side and Mana swapped"},
    {"b - 0 rrdrrr/6/6/6/6/RRRDRR", "board last"},
    {"rrdrrr/6/6/6/6/RRRDRR b 0 0", "Mana 0"},
    {"rrdrrr/6/6/6/6/RRRDRR b 4 0", "Mana 4"},
    {"rrdrrr/6/6/6/6/RRRDRR b 12 0", "Mana 12"},
    {"rrdrrr/6/6/6/6/RRRDRR b x 0", "Mana x"},
    {"rrdrrr/6/6/6/6/RRRDRR b -- 0", "Mana --"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 4", "orientation 4"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 9", "orientation 9"},
    {"rrdrrr/6/6/6/6/RRRDRR b - -1", "orientation -1"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 00", "orientation 00"},
    {"rrdrrr/6/6/6/6/RRRDRR b - a", "orientation a"},
    {"rrddrr/6/6/6/6/RRRDRR b - 0", "two black Damyos"},
    {"rrdrrr/6/6/6/6/RRDDRR b - 0", "two white Damyos"},
    {"rrdrrr/6/6/6/6/RRR1RR b 1 0", "White just moved and has no Damyo"},
    {"rrr1rr/6/6/6/6/RRRDRR w 1 0", "Black just moved and has no Damyo"},
    {"rrrrr1/6/6/6/6/RRRRR1 w 1 0", "no Damyo at all"},
    {"rrdrrr/r5/6/6/6/RRRDRR b - 0", "six black Ronins"},
    {"rrdrrr/6/6/6/R5/RRRDRR b - 0", "six white Ronins"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 0\xc3\xa9", "trailing non-ASCII (UTF-8 e acute)"},
    {"rrdrrr/6/6/6/6/RRRDRR b \xe2\x80\x93 0", "an en dash as Mana"},
    {"\xef\xbb\xbfrrdrrr/6/6/6/6/RRRDRR b - 0", "a UTF-8 byte order mark"},
    {"rrdrr\xff/6/6/6/6/RRRDRR b - 0", "byte 0xff in the board"},
    {"rrdrrr/6/6/6/6/RRRDRR \x80 - 0", "byte 0x80 as side"},
};
#define N_BAD_MFN (int)(sizeof bad_mfn / sizeof bad_mfn[0])

/* The table holds at least 50 cases, each of which the independent reader
 * of docs/rules.md's grammar (inv_mfn_read) also refuses; and its well-formed
 * neighbours are accepted, so the refusals are not vacuous. */
START_TEST(mfn_table_is_sound)
{
    ck_assert_int_ge(N_BAD_MFN, 50);
    for (int i = 0; i < N_BAD_MFN; i++)
        ck_assert_msg(inv_mfn_read(bad_mfn[i].text, NULL, NULL, NULL, NULL, NULL, 0) != 0,
                      "table entry %d (%s) is valid MFN", i, bad_mfn[i].why);
    static const char *const good[] = {
        HOME,
        "rrdrrr/6/6/6/6/RRRDRR w - 0", /* w -: accepted for composed positions */
        "rrdrrr/6/6/6/6/RRRDRR b 3 3",
        "rrrrr1/6/6/6/6/RRRDRR b 2 0", /* Black to move, Damyo taken: White won */
        "d5/6/6/6/6/D5 w - 0",
        "rrrrrd/6/6/6/6/RRRRRD b 1 1",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        char out[MANA_MFN_MAX + 1];
        ck_assert_int_eq(inv_mfn_read(good[i], NULL, NULL, NULL, NULL, NULL, 0), 0);
        ck_assert_msg(mana_set_position(g, good[i]) == MANA_OK, "%s refused: %s", good[i], mana_error_detail());
        ck_assert_int_eq(mana_get_position(g, out, sizeof out), (int)strlen(good[i]));
        ck_assert_str_eq(out, good[i]);
        assert_invariants(g);
        mana_free(g);
    }
}
END_TEST

/* Each malformed MFN: MANA_EPARSE, a detail, the game unchanged: both a
 * game in play with a history and a fresh game in setup. */
START_TEST(mfn_rejected)
{
    const char *text = bad_mfn[_i].text;
    mana_game *games[2] = {game_in_play(), mana_new(MANA_RULES_COSMOLUDO)};
    for (int k = 0; k < 2; k++) {
        mana_game *g = games[k];
        inv_snapshot before;
        char primed[256];
        inv_snapshot_take(g, &before);
        prime_detail(primed, sizeof primed);
        int rc = mana_set_position(g, text);
        ck_assert_msg(rc == MANA_EPARSE, "case %d (%s): set_position returned %d", _i, bad_mfn[_i].why, rc);
        assert_refused(g, &before, primed, bad_mfn[_i].why);
        assert_invariants(g);
        mana_free(g);
    }
}
END_TEST

/* Over-long input: one character too many, a kilobyte, and 100,000 bytes
 * that start with a valid MFN or are one long rank. */
START_TEST(mfn_over_long)
{
    size_t big = 100000;
    char *s = malloc(big + 1);
    ck_assert_ptr_nonnull(s);
    const size_t lens[] = {MANA_MFN_MAX + 1, 1000, big};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        for (int variant = 0; variant < 3; variant++) {
            size_t n = lens[k];
            if (variant == 0) { /* valid MFN, then spaces */
                memset(s, ' ', n);
                memcpy(s, HOME, strlen(HOME));
            } else if (variant == 1) { /* all 'r' */
                memset(s, 'r', n);
            } else { /* repeated valid MFN */
                for (size_t i = 0; i < n; i++)
                    s[i] = HOME[i % strlen(HOME)];
            }
            s[n] = '\0';
            mana_game *g = game_in_play();
            inv_snapshot before;
            char primed[256];
            inv_snapshot_take(g, &before);
            prime_detail(primed, sizeof primed);
            ck_assert_int_eq(mana_set_position(g, s), MANA_EPARSE);
            assert_refused(g, &before, primed, "over-long MFN");
            mana_free(g);
        }
    }
    free(s);
}
END_TEST

/* ---- malformed move text --------------------------------------------------- */

static const struct {
    const char *text;
    int code;
    const char *why;
} bad_moves[] = {
    /* not move notation: MANA_EPARSE */
    {"", MANA_EPARSE, "empty"},
    {" a6-a4", MANA_EPARSE, "leading space"},
    {"a6-a4 ", MANA_EPARSE, "trailing space"},
    {"a6-a4\n", MANA_EPARSE, "trailing newline"},
    {"a6--a4", MANA_EPARSE, "two dashes"},
    {"a6_a4", MANA_EPARSE, "underscore"},
    {"a6 a4", MANA_EPARSE, "space as separator"},
    {"a6/a4", MANA_EPARSE, "slash as separator"},
    {"a6=a4", MANA_EPARSE, "equals sign"},
    {"a6xxa4", MANA_EPARSE, "two x"},
    {"g6-a4", MANA_EPARSE, "file g"},
    {"a7-a4", MANA_EPARSE, "rank 7"},
    {"a0-a4", MANA_EPARSE, "rank 0"},
    {"66-a4", MANA_EPARSE, "digit for a file"},
    {"aa-a4", MANA_EPARSE, "letter for a rank"},
    {"6a-4a", MANA_EPARSE, "rank before file"},
    {"A6-A4", MANA_EPARSE, "uppercase squares"},
    {"a6-a", MANA_EPARSE, "truncated target"},
    {"a6-", MANA_EPARSE, "no target"},
    {"a6", MANA_EPARSE, "one square"},
    {"a", MANA_EPARSE, "one letter"},
    {"-", MANA_EPARSE, "a dash"},
    {"a6-a4-a3", MANA_EPARSE, "three squares"},
    {"a6a4a3", MANA_EPARSE, "three squares, no separators"},
    {"a6-a4x", MANA_EPARSE, "trailing x"},
    {"a6-a4;", MANA_EPARSE, "trailing semicolon"},
    {"X@c3", MANA_EPARSE, "piece letter X"},
    {"K@c3", MANA_EPARSE, "piece letter K"},
    {"R@", MANA_EPARSE, "drop without square"},
    {"R@c7", MANA_EPARSE, "drop on rank 7"},
    {"R@@c3", MANA_EPARSE, "two @"},
    {"Rc3", MANA_EPARSE, "drop without @"},
    {"R@c3c4", MANA_EPARSE, "drop with two squares"},
    {"R-c3", MANA_EPARSE, "dash for @"},
    {"O4", MANA_EPARSE, "orientation 4"},
    {"O", MANA_EPARSE, "orientation without digit"},
    {"O01", MANA_EPARSE, "orientation 01"},
    {"O-1", MANA_EPARSE, "orientation -1"},
    {"pas", MANA_EPARSE, "pas"},
    {"passs", MANA_EPARSE, "passs"},
    {"PASS", MANA_EPARSE, "PASS"},
    {"pass ", MANA_EPARSE, "pass and a space"},
    {"\xc3\xa9"
     "6-a4",
     MANA_EPARSE, "non-ASCII file"},
    {"a6\xe2\x80\x93"
     "a4",
     MANA_EPARSE, "an en dash"},
    {"a6-a4\xff", MANA_EPARSE, "trailing byte 0xff"},
    /* notation, but not legal in HOME (Black to move, no Mana): EILLEGAL */
    {"a6-a6", MANA_EILLEGAL, "a move to its own square"},
    {"a6a6", MANA_EILLEGAL, "a move to its own square, no separator"},
    {"a1-a2", MANA_EILLEGAL, "White's piece"},
    {"c3-c4", MANA_EILLEGAL, "an empty square"},
    {"b2xc4", MANA_EILLEGAL, "from an empty square, written as a capture"},
    {"a6-b6", MANA_EILLEGAL, "onto an own piece"},
    {"a6-f1", MANA_EILLEGAL, "out of reach"},
    {"a6-a5", MANA_EILLEGAL, "one step from a 2-mark square"},
    {"b6-b3", MANA_EILLEGAL, "three steps from a 2-mark square"},
    {"d6-d4", MANA_EILLEGAL, "two steps from a 1-mark square"},
    {"a6xa1", MANA_EILLEGAL, "a capture out of reach"},
    {"R@c3", MANA_EILLEGAL, "re-entry with an empty reserve"},
    {"r@c3", MANA_EILLEGAL, "re-entry with an empty reserve, lowercase"},
    {"D@c3", MANA_EILLEGAL, "a Damyo never re-enters"},
    {"O0", MANA_EILLEGAL, "orientation during play"},
    {"o2", MANA_EILLEGAL, "orientation during play, lowercase"},
    {"pass", MANA_EILLEGAL, "pass while moves exist"},
};
#define N_BAD_MOVES (int)(sizeof bad_moves / sizeof bad_moves[0])

START_TEST(move_table_is_sound)
{
    ck_assert_int_ge(N_BAD_MOVES, 30);
    /* the neighbours of the refused texts are accepted in HOME */
    static const char *const good[] = {"a6-a4", "a6xa4", "a6a4", "d6-d5", "b6-b4"};
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_position(g, HOME), MANA_OK);
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        mana_move m = MANA_MOVE_NONE;
        ck_assert_msg(mana_move_parse(g, good[i], &m) == MANA_OK, "%s: %s", good[i], mana_error_detail());
        ck_assert_int_eq(mana_is_legal(g, m), 1);
    }
    mana_free(g);
}
END_TEST

/* Each malformed move: the right code from parse and from play_str, *out
 * untouched, a detail, the game unchanged. */
START_TEST(move_rejected)
{
    const char *text = bad_moves[_i].text;
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_position(g, HOME), MANA_OK);
    inv_snapshot before;
    char primed[256];
    inv_snapshot_take(g, &before);

    prime_detail(primed, sizeof primed);
    mana_move out = 0xDEADBEEFu;
    int rc = mana_move_parse(g, text, &out);
    ck_assert_msg(rc == bad_moves[_i].code, "case %d (%s): parse returned %d, expected %d", _i, bad_moves[_i].why, rc,
                  bad_moves[_i].code);
    ck_assert_msg(out == 0xDEADBEEFu, "%s: *out written on failure", bad_moves[_i].why);
    assert_refused(g, &before, primed, bad_moves[_i].why);

    prime_detail(primed, sizeof primed);
    rc = mana_play_str(g, text);
    ck_assert_msg(rc == bad_moves[_i].code, "case %d (%s): play_str returned %d", _i, bad_moves[_i].why, rc);
    assert_refused(g, &before, primed, bad_moves[_i].why);
    mana_free(g);
}
END_TEST

/* Move text during setup: only the moves of the phase are legal. */
START_TEST(move_rejected_in_setup)
{
    static const struct {
        const char *played; /* before the text */
        const char *text;
        int code;
    } cases[] = {
        {"", "a6-a4", MANA_EILLEGAL}, /* no step before play */
        {"", "D@b6", MANA_EILLEGAL},  /* the orientation comes first */
        {"", "pass", MANA_EILLEGAL},
        {"", "O4", MANA_EPARSE},
        {"", "O", MANA_EPARSE},
        {"O0", "O1", MANA_EILLEGAL},   /* chosen once */
        {"O0", "D@a1", MANA_EILLEGAL}, /* White's area while Black places */
        {"O0", "D@c4", MANA_EILLEGAL}, /* outside both areas */
        {"O0", "a6-a4", MANA_EILLEGAL},
        {"O0 D@b6", "D@c6", MANA_EILLEGAL}, /* one Damyo */
        {"O0 D@b6", "R@b6", MANA_EILLEGAL}, /* occupied */
        {"O0 D@b6", "R@b6x", MANA_EPARSE},
        {"O0 R@a5 R@b5 R@c5 R@d5 R@e5", "R@f5", MANA_EILLEGAL}, /* a sixth Ronin */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        char buf[32];
        snprintf(buf, sizeof buf, "%s", cases[i].played);
        for (char *t = strtok(buf, " "); t != NULL; t = strtok(NULL, " "))
            ck_assert_int_eq(mana_play_str(g, t), MANA_OK);
        inv_snapshot before;
        char primed[256];
        inv_snapshot_take(g, &before);
        prime_detail(primed, sizeof primed);
        int rc = mana_play_str(g, cases[i].text);
        ck_assert_msg(rc == cases[i].code, "after '%s', '%s' returned %d, expected %d", cases[i].played, cases[i].text,
                      rc, cases[i].code);
        assert_refused(g, &before, primed, cases[i].text);
        mana_free(g);
    }
}
END_TEST

/* A finished game answers every move text that reads with MANA_EOVER.
 * Black to move without his Damyo: White won. */
START_TEST(move_on_finished_game)
{
    static const char *const texts[] = {"a6-a5", "b6xb5", "R@c3", "D@c3", "pass", "O0", "a1-a2"};
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_position(g, "rrrrr1/6/6/6/6/RRRDRR b 2 0"), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_WHITE_WON);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char primed[256];
        mana_move out = 0xDEADBEEFu;
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_move_parse(g, texts[i], &out), MANA_EOVER);
        ck_assert(out == 0xDEADBEEFu);
        assert_refused(g, &before, primed, texts[i]);
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_play_str(g, texts[i]), MANA_EOVER);
        assert_refused(g, &before, primed, texts[i]);
    }
    mana_free(g);
}
END_TEST

/* Re-entry refused in play, each for its own reason (orientation 0):
 * an empty reserve; no Mana yet while a piece can move; the Mana binds a
 * piece that can move (Black r on a5 has 1 mark, the Mana is 1). */
START_TEST(reentry_refused)
{
    static const struct {
        const char *mfn;
        const char *text;
    } cases[] = {
        {HOME, "R@c3"},
        {"rrdrr1/6/6/6/6/RRRDRR b - 0", "R@c3"},
        {"1rdrr1/r5/6/6/6/RRRDRR b 1 0", "R@c3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        ck_assert_int_eq(mana_set_position(g, cases[i].mfn), MANA_OK);
        inv_snapshot before;
        char primed[256];
        inv_snapshot_take(g, &before);
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_play_str(g, cases[i].text), MANA_EILLEGAL);
        assert_refused(g, &before, primed, cases[i].mfn);
        assert_invariants(g);
        mana_free(g);
    }
}
END_TEST

/* A kilobyte and 100,000 bytes of move text. */
START_TEST(move_over_long)
{
    size_t n = 100000;
    char *s = malloc(n + 1);
    ck_assert_ptr_nonnull(s);
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_position(g, HOME), MANA_OK);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    static const size_t lens[] = {6, 60, 1000, 100000};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        size_t len = lens[k];
        for (size_t i = 0; i < len; i++)
            s[i] = "a6-a4"[i % 5];
        s[len] = '\0';
        char primed[256];
        mana_move out = 0xDEADBEEFu;
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_move_parse(g, s, &out), MANA_EPARSE);
        assert_refused(g, &before, primed, "long move text");
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_play_str(g, s), MANA_EPARSE);
        assert_refused(g, &before, primed, "long move text");
    }
    free(s);
    mana_free(g);
}
END_TEST

/* ---- API misuse ------------------------------------------------------------ */

/* NULL for the game: MANA_EINVAL (NULL or 0 where the type cannot say). */
START_TEST(null_game)
{
    char buf[64];
    mana_move m = 0, out[4];
    uint64_t leaves = 0;
    int v = 0;
    mana_free(NULL);
    ck_assert_ptr_null(mana_clone(NULL));
    ck_assert_int_eq(mana_set_option(NULL, MANA_OPT_BLOCKED, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_get_option(NULL, MANA_OPT_BLOCKED, &v), MANA_EINVAL);
    ck_assert_int_eq(mana_set_position(NULL, HOME), MANA_EINVAL);
    ck_assert_int_eq(mana_get_position(NULL, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_legal_moves(NULL, out, 4), MANA_EINVAL);
    ck_assert_int_eq(mana_legal_moves(NULL, NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_is_legal(NULL, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0)), MANA_EINVAL);
    ck_assert_int_eq(mana_play(NULL, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0)), MANA_EINVAL);
    ck_assert_int_eq(mana_play_str(NULL, "O0"), MANA_EINVAL);
    ck_assert_int_eq(mana_undo(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_history(NULL, NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_move_parse(NULL, "O0", &m), MANA_EINVAL);
    ck_assert_int_eq(mana_move_format(NULL, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0), buf, 8), MANA_EINVAL);
    ck_assert_int_eq(mana_status(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_side_to_move(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_piece_at(NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_marks_at(NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_orientation(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_mana(NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_reserve(NULL, MANA_WHITE), MANA_EINVAL);
    ck_assert(mana_hash(NULL) == 0);
    ck_assert_int_eq(mana_setup_random(NULL, 1), MANA_EINVAL);
    ck_assert_int_eq(mana_perft(NULL, 1, &leaves), MANA_EINVAL);
    ck_assert(mana_error_detail()[0] != '\0');
}
END_TEST

/* NULL buffers and text on a real game: MANA_EINVAL, game unchanged. */
START_TEST(null_buffers)
{
    mana_game *g = game_in_play();
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    mana_move m = MANA_MOVE_NONE;
    uint64_t leaves = 0;
    char primed[256];
#define REFUSED(call, code)                        \
    do {                                           \
        prime_detail(primed, sizeof primed);       \
        ck_assert_int_eq((call), (code));          \
        assert_refused(g, &before, primed, #call); \
    } while (0)
    REFUSED(mana_set_position(g, NULL), MANA_EINVAL);
    REFUSED(mana_get_position(g, NULL, 64), MANA_EINVAL);
    REFUSED(mana_get_position(g, NULL, 0), MANA_EINVAL);
    REFUSED(mana_legal_moves(g, NULL, 1), MANA_EINVAL);
    REFUSED(mana_history(g, NULL, 1), MANA_EINVAL);
    REFUSED(mana_play_str(g, NULL), MANA_EINVAL);
    REFUSED(mana_move_parse(g, NULL, &m), MANA_EINVAL);
    REFUSED(mana_move_parse(g, "a6-a5", NULL), MANA_EINVAL);
    REFUSED(mana_move_format(g, before.moves[0], NULL, 8), MANA_EINVAL);
    REFUSED(mana_get_option(g, MANA_OPT_BLOCKED, NULL), MANA_EINVAL);
    REFUSED(mana_perft(g, 1, NULL), MANA_EINVAL);
    ck_assert(m == MANA_MOVE_NONE);
    ck_assert(leaves == 0);
    mana_free(g);
}
END_TEST

/* Zero and tiny buffer sizes: MANA_ESPACE, nothing beyond the size written;
 * the exact size needed works. */
START_TEST(tiny_buffers)
{
    mana_game *g = game_in_play();
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    char primed[256];
    char buf[64];
    int len = before.mfn_rc;
    ck_assert_int_gt(len, 0);
    for (int size = 0; size <= len; size++) {
        memset(buf, 'Z', sizeof buf);
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_get_position(g, buf, (size_t)size), MANA_ESPACE);
        assert_refused(g, &before, primed, "get_position into a small buffer");
        if (size > 0)
            ck_assert_int_eq(buf[0], '\0'); /* "" when size > 0 */
        for (int i = size; i < (int)sizeof buf; i++)
            ck_assert_int_eq(buf[i], 'Z');
    }
    ck_assert_int_eq(mana_get_position(g, buf, (size_t)len + 1), len);
    ck_assert_str_eq(buf, before.mfn);

    /* move text: "a4-b4"-like texts need 6 bytes with the NUL */
    mana_move m = before.moves[0];
    char text[8];
    int tlen = mana_move_format(g, m, text, sizeof text);
    ck_assert_int_gt(tlen, 0);
    for (int size = 0; size <= tlen; size++) {
        memset(buf, 'Z', sizeof buf);
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_move_format(g, m, buf, (size_t)size), MANA_ESPACE);
        assert_refused(g, &before, primed, "move_format into a small buffer");
        for (int i = size; i < (int)sizeof buf; i++)
            ck_assert_int_eq(buf[i], 'Z');
    }

    /* move and history arrays: cap below the count writes nothing */
    mana_move arr[MANA_MAX_MOVES + 1];
    for (int cap = 0; cap < before.nmoves; cap++) {
        for (int i = 0; i <= MANA_MAX_MOVES; i++)
            arr[i] = 0xA5A5A5A5u;
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_legal_moves(g, arr, cap), MANA_ESPACE);
        assert_refused(g, &before, primed, "legal_moves into a small array");
        for (int i = 0; i <= MANA_MAX_MOVES; i++)
            ck_assert(arr[i] == 0xA5A5A5A5u);
    }
    for (int cap = 0; cap < 2; cap++) {
        arr[0] = 0xA5A5A5A5u;
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_history(g, arr, cap), MANA_ESPACE);
        assert_refused(g, &before, primed, "history into a small array");
        ck_assert(arr[0] == 0xA5A5A5A5u);
    }
    prime_detail(primed, sizeof primed);
    ck_assert_int_eq(mana_legal_moves(g, arr, -1), MANA_EINVAL);
    assert_refused(g, &before, primed, "legal_moves cap -1");
    prime_detail(primed, sizeof primed);
    ck_assert_int_eq(mana_history(g, arr, INT_MIN), MANA_EINVAL);
    assert_refused(g, &before, primed, "history cap INT_MIN");
    ck_assert_int_eq(mana_history(g, arr, 2), 2);
    mana_free(g);
}
END_TEST

/* perft depth outside 0..64: MANA_EINVAL, *leaves untouched. */
START_TEST(bad_depth)
{
    static const int depths[] = {-1, -2, INT_MIN, 65, 1000, INT_MAX};
    mana_game *g = game_in_play();
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (size_t i = 0; i < sizeof depths / sizeof depths[0]; i++) {
        char primed[256];
        uint64_t leaves = 42;
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_perft(g, depths[i], &leaves), MANA_EINVAL);
        ck_assert(leaves == 42);
        assert_refused(g, &before, primed, "perft with a bad depth");
    }
    uint64_t leaves = 0;
    ck_assert_int_eq(mana_perft(g, 0, &leaves), MANA_OK);
    ck_assert(leaves == 1);
    mana_free(g);
}
END_TEST

/* Squares outside 0..35 and colours other than 0 / 1: MANA_EINVAL. */
START_TEST(bad_squares_and_colours)
{
    static const int bad[] = {-1, 36, 37, 63, 64, 100, INT_MIN, INT_MAX};
    mana_game *g = game_in_play();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(mana_piece_at(g, bad[i]), MANA_EINVAL);
        ck_assert_int_eq(mana_marks_at(g, bad[i]), MANA_EINVAL);
        ck_assert_int_eq(mana_reserve(g, bad[i]), MANA_EINVAL);
    }
    ck_assert_int_eq(mana_reserve(g, 2), MANA_EINVAL);
    ck_assert_int_eq(mana_reserve(g, -1), MANA_EINVAL);
    /* well-formed move values naming squares 36..63 are never legal */
    for (int sq = 36; sq < 64; sq++) {
        ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, sq, 0)), 0);
        ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, sq)), 0);
        ck_assert_int_eq(mana_is_legal(g, MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, sq)), 0);
        ck_assert_int_eq(mana_play(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, 0, sq)), MANA_EILLEGAL);
    }
    assert_invariants(g);
    mana_free(g);
}
END_TEST

/* Arbitrary move values: never legal unless listed; play refuses them
 * with MANA_EILLEGAL and a detail; format with MANA_EILLEGAL. */
START_TEST(garbage_move_values)
{
    static const mana_move junk[] = {
        0u,
        0xFFFFFFFFu,
        0x80000000u,
        1u << 15,
        MANA_MOVE_MAKE(0, 1, 2),
        MANA_MOVE_MAKE(6, 0, 0),
        MANA_MOVE_MAKE(7, 5, 5),
        MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 4),
        MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, 0),
        MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0),
        MANA_MOVE_MAKE(MANA_MOVE_PASS, 3, 0),
        MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, 20),
        MANA_MOVE_MAKE(MANA_MOVE_STEP, 30, 30),
    };
    mana_game *g = game_in_play();
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        char primed[256], buf[16];
        ck_assert_int_eq(mana_is_legal(g, junk[i]), 0);
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_play(g, junk[i]), MANA_EILLEGAL);
        assert_refused(g, &before, primed, "play of a junk value");
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_move_format(g, junk[i], buf, sizeof buf), MANA_EILLEGAL);
        assert_refused(g, &before, primed, "format of a junk value");
    }
    /* in setup, before the orientation is chosen: O4..O63 as move values */
    mana_game *fresh = mana_new(MANA_RULES_JACTALEA);
    inv_snapshot start;
    inv_snapshot_take(fresh, &start);
    for (int k = 4; k < 64; k += 13) {
        char primed[256];
        ck_assert_int_eq(mana_is_legal(fresh, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, k)), 0);
        prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_play(fresh, MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, k)), MANA_EILLEGAL);
        assert_refused(fresh, &start, primed, "orientation value out of range");
    }
    mana_free(fresh);
    /* a legal move with a stray high bit is not that move */
    ck_assert_int_eq(mana_is_legal(g, before.moves[0] | (1u << 16)), 0);
    ck_assert_int_eq(mana_play(g, before.moves[0] | (1u << 16)), MANA_EILLEGAL);
    mana_free(g);
}
END_TEST

/* Unknown presets: NULL and a detail. */
START_TEST(bad_presets)
{
    static const int presets[] = {-1, 2, 3, 100, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        char primed[256];
        prime_detail(primed, sizeof primed);
        ck_assert_ptr_null(mana_new(presets[i]));
        ck_assert(mana_error_detail()[0] != '\0');
        ck_assert(strcmp(mana_error_detail(), primed) != 0);
    }
}
END_TEST

/* Unknown options and values out of range: MANA_EINVAL, option unchanged;
 * the bounds themselves are accepted (mana.h, mana_set_option). */
START_TEST(bad_options)
{
    static const struct {
        int option, value;
    } bad[] = {
        {-1, 0},
        {MANA_OPTION_COUNT, 0},
        {100, 0},
        {INT_MIN, 0},
        {INT_MAX, 1},
        {MANA_OPT_ORIENTATION, -2},
        {MANA_OPT_ORIENTATION, 4},
        {MANA_OPT_ORIENTATION, INT_MIN},
        {MANA_OPT_SETUP_AREA, -1},
        {MANA_OPT_SETUP_AREA, 2},
        {MANA_OPT_DAMYO_ON_DOUBLE, -1},
        {MANA_OPT_DAMYO_ON_DOUBLE, 2},
        {MANA_OPT_REENTRY, -1},
        {MANA_OPT_REENTRY, 2},
        {MANA_OPT_REENTRY_WHEN_BLOCKED, 2},
        {MANA_OPT_REENTRY_WHEN_BLOCKED, INT_MAX},
        {MANA_OPT_BLOCKED, -1},
        {MANA_OPT_BLOCKED, 3},
        {MANA_OPT_REPETITION, 1},
        {MANA_OPT_REPETITION, -1},
        {MANA_OPT_REPETITION, 1000001},
        {MANA_OPT_PLY_LIMIT, -1},
        {MANA_OPT_PLY_LIMIT, 1000000001},
        {MANA_OPT_PLY_LIMIT, INT_MIN},
    };
    static const struct {
        int option, value;
    } good[] = {
        {MANA_OPT_ORIENTATION, -1},    {MANA_OPT_ORIENTATION, 3}, {MANA_OPT_SETUP_AREA, 1},
        {MANA_OPT_DAMYO_ON_DOUBLE, 1}, {MANA_OPT_REENTRY, 1},     {MANA_OPT_REENTRY_WHEN_BLOCKED, 0},
        {MANA_OPT_BLOCKED, 2},         {MANA_OPT_REPETITION, 2},  {MANA_OPT_REPETITION, 1000000},
        {MANA_OPT_REPETITION, 0},      {MANA_OPT_PLY_LIMIT, 1},   {MANA_OPT_PLY_LIMIT, 1000000000},
        {MANA_OPT_PLY_LIMIT, 0},
    };
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char primed[256];
        int v = 12345;
        prime_detail(primed, sizeof primed);
        ck_assert_msg(mana_set_option(g, bad[i].option, bad[i].value) == MANA_EINVAL, "set_option(%d, %d) accepted",
                      bad[i].option, bad[i].value);
        assert_refused(g, &before, primed, "set_option out of range");
        if (bad[i].option < 0 || bad[i].option >= MANA_OPTION_COUNT) {
            ck_assert_int_eq(mana_get_option(g, bad[i].option, &v), MANA_EINVAL);
            ck_assert_int_eq(v, 12345);
        }
    }
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        int v = 12345;
        ck_assert_msg(mana_set_option(g, good[i].option, good[i].value) == MANA_OK, "set_option(%d, %d): %s",
                      good[i].option, good[i].value, mana_error_detail());
        ck_assert_int_eq(mana_get_option(g, good[i].option, &v), MANA_OK);
        ck_assert_int_eq(v, good[i].value);
    }
    mana_free(g);
}
END_TEST

/* Options are frozen once a move is played: MANA_ESTATE, value kept; in
 * setup (after O0) and in play (after set_position and one move). */
START_TEST(options_after_first_move)
{
    for (int k = 0; k < 2; k++) {
        mana_game *g = mana_new(MANA_RULES_JACTALEA);
        if (k == 0) {
            ck_assert_int_eq(mana_play_str(g, "O0"), MANA_OK);
        } else {
            ck_assert_int_eq(mana_set_position(g, HOME), MANA_OK);
            /* allowed right after set_position: the history is empty */
            ck_assert_int_eq(mana_set_option(g, MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS), MANA_OK);
            ck_assert_int_eq(mana_play_str(g, "a6-a4"), MANA_OK);
        }
        inv_snapshot before;
        inv_snapshot_take(g, &before);
        for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
            char primed[256];
            int v = before.options[opt];
            int other = opt == MANA_OPT_ORIENTATION  ? (v == 2 ? 1 : 2)
                        : opt >= MANA_OPT_REPETITION ? (v == 0 ? 5 : 0)
                                                     : (v == 0);
            prime_detail(primed, sizeof primed);
            ck_assert_msg(mana_set_option(g, opt, other) == MANA_ESTATE, "option %d changed after a move", opt);
            assert_refused(g, &before, primed, "set_option after a move");
        }
        /* set_position starts a new history: options may change again */
        ck_assert_int_eq(mana_set_position(g, HOME), MANA_OK);
        ck_assert_int_eq(mana_set_option(g, MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW), MANA_OK);
        mana_free(g);
    }
}
END_TEST

/* Undo with nothing to undo, repeatedly; setup_random outside setup. */
START_TEST(undo_and_setup_misuse)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    for (int i = 0; i < 3; i++) {
        char primed[256];
        snprintf(primed, sizeof primed, "%s", "");
        ck_assert_int_eq(mana_undo(g), MANA_ENOHISTORY);
        assert_refused(g, &before, primed, "undo of nothing");
    }
    ck_assert_int_eq(mana_setup_random(g, 99), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    inv_snapshot_take(g, &before);
    char primed[256];
    prime_detail(primed, sizeof primed);
    ck_assert_int_eq(mana_setup_random(g, 99), MANA_ESTATE);
    assert_refused(g, &before, primed, "setup_random in play");
    /* the whole setup undoes back to the fresh game */
    while (mana_history(g, NULL, 0) > 0)
        ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    ck_assert_int_eq(mana_undo(g), MANA_ENOHISTORY);
    assert_invariants(g);
    char buf[64];
    ck_assert_int_eq(mana_get_position(g, buf, sizeof buf), MANA_ESTATE);
    mana_free(g);
}
END_TEST

/* mana_strerror on any value: never NULL; unknown values say so. */
START_TEST(strerror_any_value)
{
    static const int codes[] = {1, 2, -9, -100, 1000, INT_MIN, INT_MAX};
    const char *unknown = mana_strerror(INT_MIN);
    ck_assert_ptr_nonnull(unknown);
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        ck_assert_str_eq(mana_strerror(codes[i]), unknown);
    for (int e = MANA_OK; e >= MANA_ESTATE; e--) {
        ck_assert_ptr_nonnull(mana_strerror(e));
        ck_assert_str_ne(mana_strerror(e), unknown);
    }
}
END_TEST

Suite *hostile_suite(void)
{
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("mfn");
    tcase_add_test(tc, mfn_table_is_sound);
    tcase_add_loop_test(tc, mfn_rejected, 0, N_BAD_MFN);
    tcase_add_test(tc, mfn_over_long);
    suite_add_tcase(s, tc);
    tc = tcase_create("moves");
    tcase_add_test(tc, move_table_is_sound);
    tcase_add_loop_test(tc, move_rejected, 0, N_BAD_MOVES);
    tcase_add_test(tc, move_rejected_in_setup);
    tcase_add_test(tc, move_on_finished_game);
    tcase_add_test(tc, reentry_refused);
    tcase_add_test(tc, move_over_long);
    suite_add_tcase(s, tc);
    tc = tcase_create("misuse");
    tcase_add_test(tc, null_game);
    tcase_add_test(tc, null_buffers);
    tcase_add_test(tc, tiny_buffers);
    tcase_add_test(tc, bad_depth);
    tcase_add_test(tc, bad_squares_and_colours);
    tcase_add_test(tc, garbage_move_values);
    tcase_add_test(tc, bad_presets);
    tcase_add_test(tc, bad_options);
    tcase_add_test(tc, options_after_first_move);
    tcase_add_test(tc, undo_and_setup_misuse);
    tcase_add_test(tc, strerror_any_value);
    suite_add_tcase(s, tc);
    return s;
}
