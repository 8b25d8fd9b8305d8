/* SPDX-License-Identifier: MIT */
/*
 * Move text (mana_move_parse, mana_move_format, mana_play_str; docs/rules.md
 * "Notation"): every accepted spelling parses, the canonical form is
 * written; text that is not notation is MANA_EPARSE, notation that names no
 * legal move MANA_EILLEGAL, any text on a finished game MANA_EOVER, each with
 * a fresh detail, *out untouched and the game unchanged.
 */
#include "testutil.h"


/* The accepted spellings of one move all parse to it. */
static void parses_to(const mana_game *g, const char *text, mana_move want)
{
    mana_move got = 0xdeadbeefu;
    int rc = mana_move_parse(g, text, &got);
    TU_CHECK(rc == MANA_OK, "parse \"%s\" = %d (%s)", text, rc, mana_error_detail());
    TU_CHECK(got == want, "parse \"%s\" = %#x, want %#x", text, (unsigned)got, (unsigned)want);
}

/* The failing parse leaves *out alone and returns err. */
static void parse_fails(const mana_game *g, const char *text, int err)
{
    mana_move got = 0xdeadbeefu;
    int rc = mana_move_parse(g, text, &got);
    ck_assert_msg(rc == err, "parse \"%s\" = %d, want %d", text, rc, err);
    ck_assert_uint_eq(got, 0xdeadbeefu);
    ck_assert_str_ne(mana_error_detail(), "");
}

static void formats_as(const mana_game *g, mana_move m, const char *want)
{
    char buf[MANA_MOVE_TEXT_MAX + 1];
    int n = mana_move_format(g, m, buf, sizeof buf);
    ck_assert_msg(n == (int)strlen(want), "format %#x = %d", (unsigned)m, n);
    ck_assert_str_eq(buf, want);
}

/* Steps: "f1-c1", "f1c1", "f1xc1" are one move (a non-capture written with
 * x is accepted); "f1xf4", "f1-f4", "f1f4" one capture.  Canonical text:
 * f1-c1, f1xf4. */
START_TEST(move_text_steps)
{
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    mana_move quiet = MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("f1"), tu_sq("c1"));
    mana_move take = MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("f1"), tu_sq("f4"));
    parses_to(g, "f1-c1", quiet);
    parses_to(g, "f1c1", quiet);
    parses_to(g, "f1xc1", quiet);
    parses_to(g, "f1xf4", take);
    parses_to(g, "f1-f4", take);
    parses_to(g, "f1f4", take);
    formats_as(g, quiet, "f1-c1");
    formats_as(g, take, "f1xf4");
    /* readable but illegal */
    parse_fails(g, "f1-f3", MANA_EILLEGAL); /* two steps away */
    parse_fails(g, "a1-a2", MANA_EILLEGAL); /* D a1 is not bound by 3 */
    parse_fails(g, "c3-c4", MANA_EILLEGAL); /* no piece there */
    parse_fails(g, "a6-a4", MANA_EILLEGAL); /* not White's piece */
    parse_fails(g, "R@c3", MANA_EILLEGAL);  /* the bound f1 can move */
    parse_fails(g, "pass", MANA_EILLEGAL);
    parse_fails(g, "O1", MANA_EILLEGAL); /* not in setup */
    parse_fails(g, "D@c3", MANA_EILLEGAL);
    /* not notation */
    static const char *const junk[] = {
        "",      "f1",    "f1-",   "f1-c",   "f1--c1", "f1+c1",  "f1_c1",  "F1-c1",    "f1-C1", "g1-c1",
        "f0-c1", "f7-c1", "f1-c7", "f1-c1x", " f1-c1", "f1-c1 ", "f1 c1",  "f1-c1\n",  "R@",    "R@c",
        "R@c7",  "R@i3",  "X@c3",  "@c3",    "Rc3",    "R@@c3",  "O4",     "O",        "O00",   "O-1",
        "pas",   "passs", "PASS",  "pass ",  "-",      "x",      "f1xxc1", "a1-a1-a2",
    };
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        parse_fails(g, junk[i], MANA_EPARSE);
    /* Upper-case squares are refused all the same, the detail giving the
     * lower-case text; other junk gets the list of forms. */
    parse_fails(g, "F1-C1", MANA_EPARSE);
    ck_assert_str_eq(mana_error_detail(), "'F1-C1' is not move notation: squares are written in lower case (f1-c1)");
    parse_fails(g, "R@C3", MANA_EPARSE);
    ck_assert_str_eq(mana_error_detail(), "'R@C3' is not move notation: squares are written in lower case (R@c3)");
    parse_fails(g, "F1-G1", MANA_EPARSE);
    ck_assert_str_eq(mana_error_detail(), "'F1-G1' is not move notation (b2-c4, b2xc4, D@c6, R@c3, O2, pass)");
    mana_free(g);
}
END_TEST

/* Drops, orientation moves and pass, with their lowercase forms. */
START_TEST(move_text_drops_orient_pass)
{
    /* re-entry (White has no piece on a 3) */
    mana_game *g = tu_game("d5/6/6/6/6/D1R3 w 3 0");
    mana_move drop = MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, tu_sq("c2"));
    parses_to(g, "R@c2", drop);
    parses_to(g, "r@c2", drop);
    formats_as(g, drop, "R@c2");
    parse_fails(g, "D@c2", MANA_EILLEGAL);
    parse_fails(g, "d@c2", MANA_EILLEGAL);
    parse_fails(g, "R@c1", MANA_EILLEGAL); /* occupied */
    mana_free(g);

    /* setup: orientation, then placements */
    g = mana_new(MANA_RULES_JACTALEA);
    for (int k = 0; k < 4; k++) {
        char up[3] = {'O', (char)('0' + k), 0}, low[3] = {'o', (char)('0' + k), 0};
        mana_move o = MANA_MOVE_MAKE(MANA_MOVE_ORIENT, 0, k);
        parses_to(g, up, o);
        parses_to(g, low, o);
        formats_as(g, o, up);
    }
    tu_play(g, "O1");
    mana_move dd = MANA_MOVE_MAKE(MANA_MOVE_DROP_DAMYO, 0, tu_sq("b6"));
    parses_to(g, "D@b6", dd);
    parses_to(g, "d@b6", dd);
    formats_as(g, dd, "D@b6");
    parses_to(g, "r@a5", MANA_MOVE_MAKE(MANA_MOVE_DROP_RONIN, 0, tu_sq("a5")));
    parse_fails(g, "D@b1", MANA_EILLEGAL); /* White's area */
    mana_free(g);

    /* pass */
    g = tu_game("5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0");
    parses_to(g, "pass", MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0));
    formats_as(g, MANA_MOVE_MAKE(MANA_MOVE_PASS, 0, 0), "pass");
    parse_fails(g, "a1-a2", MANA_EILLEGAL);
    mana_free(g);

    /* a finished game: MANA_EOVER */
    g = tu_game("6/6/5R/6/6/D5 b 1 0");
    parse_fails(g, "R@c3", MANA_EOVER);
    mana_free(g);
}
END_TEST

/* mana_move_format: buffer sizes and illegal moves. */
START_TEST(move_format_errors)
{
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    mana_move take = MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("f1"), tu_sq("f4"));
    char buf[16];
    ck_assert_int_eq(mana_move_format(g, take, buf, 6), 5);
    ck_assert_str_eq(buf, "f1xf4");
    ck_assert_int_eq(mana_move_format(g, take, buf, 5), MANA_ESPACE);
    ck_assert_int_eq(mana_move_format(g, take, buf, 1), MANA_ESPACE);
    ck_assert_int_eq(mana_move_format(g, take, buf, 0), MANA_ESPACE);
    ck_assert_int_eq(mana_move_format(g, MANA_MOVE_NONE, buf, sizeof buf), MANA_EILLEGAL);
    ck_assert_int_eq(mana_move_format(g, MANA_MOVE_MAKE(MANA_MOVE_STEP, tu_sq("a1"), tu_sq("a2")), buf, sizeof buf),
                     MANA_EILLEGAL);
    ck_assert_int_eq(mana_move_format(g, take | (1u << 20), buf, sizeof buf), MANA_EILLEGAL);
    ck_assert_int_eq(mana_move_format(g, take, NULL, 6), MANA_EINVAL);
    ck_assert_int_eq(mana_move_format(NULL, take, buf, sizeof buf), MANA_EINVAL);
    mana_free(g);
}
END_TEST

/* Every legal move of many random positions round-trips through text, and
 * playing the text equals playing the move. */
START_TEST(move_text_round_trip_random)
{
    uint64_t rng = 0x0f0f0002u;
    for (int i = 0; i < 1500; i++) {
        char mfn[MANA_MFN_MAX + 1];
        tu_random_mfn(&rng, mfn);
        mana_game *g = tu_game(mfn);
        mana_move m[MANA_MAX_MOVES];
        int n = mana_legal_moves(g, m, MANA_MAX_MOVES);
        TU_CHECK_INT_GE(n, 0);
        for (int j = 0; j < n; j++) {
            char text[MANA_MOVE_TEXT_MAX + 1];
            TU_CHECK_INT_GT(mana_move_format(g, m[j], text, sizeof text), 0);
            parses_to(g, text, m[j]);
            /* captures are written with x, others with - */
            if (MANA_MOVE_KIND(m[j]) == MANA_MOVE_STEP) {
                int cap = mana_piece_at(g, MANA_MOVE_TO(m[j])) != 0;
                TU_CHECK_INT_EQ(text[2], cap ? 'x' : '-');
                char other[8];
                snprintf(other, sizeof other, "%.2s%c%.2s", text, cap ? '-' : 'x', text + 3);
                parses_to(g, other, m[j]);
                snprintf(other, sizeof other, "%.2s%.2s", text, text + 3);
                parses_to(g, other, m[j]);
            }
        }
        mana_free(g);
    }
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
    /* notation, but not legal in TU_HOME (Black to move, no Mana): EILLEGAL */
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
    /* the neighbours of the refused texts are accepted in TU_HOME */
    static const char *const good[] = {"a6-a4", "a6xa4", "a6a4", "d6-d5", "b6-b4"};
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_position(g, TU_HOME), MANA_OK);
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
    ck_assert_int_eq(mana_set_position(g, TU_HOME), MANA_OK);
    inv_snapshot before;
    char primed[256];
    inv_snapshot_take(g, &before);

    tu_prime_detail(primed, sizeof primed);
    mana_move out = 0xDEADBEEFu;
    int rc = mana_move_parse(g, text, &out);
    ck_assert_msg(rc == bad_moves[_i].code, "case %d (%s): parse returned %d, expected %d", _i, bad_moves[_i].why, rc,
                  bad_moves[_i].code);
    ck_assert_msg(out == 0xDEADBEEFu, "%s: *out written on failure", bad_moves[_i].why);
    tu_assert_refused(g, &before, primed, bad_moves[_i].why);

    tu_prime_detail(primed, sizeof primed);
    rc = mana_play_str(g, text);
    ck_assert_msg(rc == bad_moves[_i].code, "case %d (%s): play_str returned %d", _i, bad_moves[_i].why, rc);
    tu_assert_refused(g, &before, primed, bad_moves[_i].why);
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
        tu_prime_detail(primed, sizeof primed);
        int rc = mana_play_str(g, cases[i].text);
        ck_assert_msg(rc == cases[i].code, "after '%s', '%s' returned %d, expected %d", cases[i].played, cases[i].text,
                      rc, cases[i].code);
        tu_assert_refused(g, &before, primed, cases[i].text);
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
        tu_prime_detail(primed, sizeof primed);
        ck_assert_int_eq(mana_move_parse(g, texts[i], &out), MANA_EOVER);
        ck_assert(out == 0xDEADBEEFu);
        tu_assert_refused(g, &before, primed, texts[i]);
        tu_refused(g, &before, mana_play_str(g, texts[i]), MANA_EOVER);
    }
    mana_free(g);
}
END_TEST


/* A kilobyte and 100,000 bytes of move text. */
START_TEST(move_over_long)
{
    size_t n = 100000;
    char *s = malloc(n + 1);
    ck_assert_ptr_nonnull(s);
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_set_position(g, TU_HOME), MANA_OK);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    static const size_t lens[] = {6, 60, 1000, 100000};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        size_t len = lens[k];
        for (size_t i = 0; i < len; i++)
            s[i] = "a6-a4"[i % 5];
        s[len] = '\0';
        mana_move out = 0xDEADBEEFu;
        tu_refused(g, &before, mana_move_parse(g, s, &out), MANA_EPARSE);
        tu_refused(g, &before, mana_play_str(g, s), MANA_EPARSE);
    }
    free(s);
    mana_free(g);
}
END_TEST

Suite *move_text_suite(void)
{
    Suite *s = suite_create("move_text");
    TCase *tc = tcase_create("parse_format");
    tcase_add_test(tc, move_text_steps);
    tcase_add_test(tc, move_text_drops_orient_pass);
    tcase_add_test(tc, move_format_errors);
    tcase_add_test(tc, move_text_round_trip_random);
    suite_add_tcase(s, tc);
    tc = tcase_create("refused");
    tcase_add_test(tc, move_table_is_sound);
    tcase_add_loop_test(tc, move_rejected, 0, N_BAD_MOVES);
    tcase_add_test(tc, move_rejected_in_setup);
    tcase_add_test(tc, move_on_finished_game);
    tcase_add_test(tc, move_over_long);
    suite_add_tcase(s, tc);
    return s;
}
