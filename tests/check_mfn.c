/* SPDX-License-Identifier: MIT */
/*
 * MFN, read and written (mana_set_position, mana_get_position; docs/rules.md
 * "MFN"): read -> write is the identity; non-canonical or malformed text,
 * over-long text and bytes beyond ASCII are refused with MANA_EPARSE, a
 * fresh detail (naming the field where one is wrong), and the game left
 * exactly as it was; buffer sizes.
 */
#include "perft_data.h"
#include "testutil.h"

/* MFN that must round-trip exactly, besides those of perft.txt: finished
 * games, "w -" composed positions, long ranks. */
static const char *const good_mfn[] = {
    "d5/6/6/6/6/5D w - 1",                   /* White to move, no Mana: composed */
    "6/6/5R/6/6/D5 b 1 0",                   /* finished: Black lost his Damyo */
    "5d/6/6/6/6/R5 w 2 3",                   /* finished: White lost his Damyo */
    "r1r1r1/1r1r1d/D1R1R1/1R1R1R/6/6 b 3 2", /* long ranks */
};

#define NGOOD ((int)(sizeof good_mfn / sizeof good_mfn[0]))

/* Sets g to mfn and reads back exactly mfn, with no history. */
static void assert_round_trip(mana_game *g, const char *mfn)
{
    int rc = mana_set_position(g, mfn);
    ck_assert_msg(rc == MANA_OK, "%s: %d %s", mfn, rc, mana_error_detail());
    char buf[MANA_MFN_MAX + 1];
    ck_assert_int_eq(mana_get_position(g, buf, sizeof buf), (int)strlen(mfn));
    ck_assert_str_eq(buf, mfn);
    ck_assert_int_eq(mana_history(g, NULL, 0), 0);
}

/* Every position of perft.txt (every orientation and Mana), then the
 * table above. */
START_TEST(mfn_round_trip_table)
{
    int ncases = 0;
    const struct perft_case *cases = perft_cases(&ncases);
    ck_assert_msg(cases != NULL && ncases >= 17, "perft.txt: %s", perft_data_error());
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    for (int i = 0; i < ncases; i++)
        assert_round_trip(g, cases[i].mfn);
    for (int i = 0; i < NGOOD; i++)
        assert_round_trip(g, good_mfn[i]);
    mana_free(g);
}
END_TEST

/* Fields read from MFN are what the queries return. */
START_TEST(mfn_fields)
{
    mana_game *g = tu_game("2d3/6/2R1r1/1r4/3D2/6 b 3 3");
    ck_assert_int_eq(mana_side_to_move(g), MANA_BLACK);
    ck_assert_int_eq(mana_mana(g), 3);
    ck_assert_int_eq(mana_orientation(g), 3);
    ck_assert_int_eq(mana_reserve(g, MANA_WHITE), 4); /* one R on the board */
    ck_assert_int_eq(mana_reserve(g, MANA_BLACK), 3); /* two r */
    ck_assert_int_eq(mana_piece_at(g, tu_sq("c6")), 'd');
    ck_assert_int_eq(mana_piece_at(g, tu_sq("c4")), 'R');
    ck_assert_int_eq(mana_piece_at(g, tu_sq("e4")), 'r');
    ck_assert_int_eq(mana_piece_at(g, tu_sq("b3")), 'r');
    ck_assert_int_eq(mana_piece_at(g, tu_sq("d2")), 'D');
    int pieces = 0;
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        pieces += mana_piece_at(g, sq) != 0;
    ck_assert_int_eq(pieces, 5);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    mana_free(g);
}
END_TEST

/* Random positions (scattered pieces, any fields): read -> write is the
 * identity, and a second game read from the written text is equal. */
START_TEST(mfn_round_trip_random)
{
    uint64_t rng = 0x0f0f0001u;
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_game *h = mana_new(MANA_RULES_COSMOLUDO);
    for (int i = 0; i < 5000; i++) {
        char mfn[MANA_MFN_MAX + 1], out[MANA_MFN_MAX + 1], out2[MANA_MFN_MAX + 1];
        tu_random_mfn(&rng, mfn);
        int rc = mana_set_position(g, mfn);
        ck_assert_msg(rc == MANA_OK, "%s: %d %s", mfn, rc, mana_error_detail());
        ck_assert_str_eq(tu_mfn(g, out), mfn);
        ck_assert_int_eq(mana_set_position(h, out), MANA_OK);
        ck_assert_str_eq(tu_mfn(h, out2), mfn);
        ck_assert_uint_eq(mana_hash(g), mana_hash(h));
    }
    mana_free(g);
    mana_free(h);
}
END_TEST

/* Non-canonical or invalid MFN, with the field the detail must name ("" =
 * any non-empty detail). */
struct bad_case {
    const char *mfn;
    const char *field;
};

static const struct bad_case bad_mfn[] = {
    {"", ""},
    {"rrdrrr/6/6/6/6/RRRDRR b - 0 ", ""},  /* trailing space */
    {"rrdrrr/6/6/6/6/RRRDRR b - 0\n", ""}, /* trailing newline */
    {" rrdrrr/6/6/6/6/RRRDRR b - 0", ""},  /* leading space */
    {"rrdrrr/6/6/6/6/RRRDRR  b - 0", ""},  /* double space */
    {"rrdrrr/6/6/6/6/RRRDRR b -", ""},     /* three fields */
    {"rrdrrr/6/6/6/6/RRRDRR b - 0 0", ""}, /* five fields */
    {"rrdrrr/6/6/6/6/RRRDRR b - 00", ""},
    {"rrdrrr/33/6/6/6/RRRDRR b - 0", "board"}, /* runs not maximal */
    {"rrdrrr/15/6/6/6/RRRDRR b - 0", "board"},
    {"rrdrr/6/6/6/6/RRRDRR b - 0", "board"},   /* rank of 5 */
    {"rrdrrr1/6/6/6/6/RRRDRR b - 0", "board"}, /* rank of 7 */
    {"rrdrrr/7/6/6/6/RRRDRR b - 0", "board"},
    {"rrdrrr/06/6/6/6/RRRDRR b - 0", "board"},
    {"rrdrrr/6/6x/6/6/RRRDRR b - 0", "board"},
    {"rrdrrr/6/6/6/RRRDRR b - 0", "board"},     /* five ranks */
    {"rrdrrr/6/6/6/6/6/RRRDRR b - 0", "board"}, /* seven ranks */
    {"rrdrrr/6/6/6/6/RRRDRR/ b - 0", "board"},
    {"rrdrrr//6/6/6/RRRDRR b - 0", "board"},
    {"rrddrr/6/6/6/6/RRRDRR b - 0", "board"},  /* two black Damyos */
    {"rrdrrr/6/6/6/6/RRDDRR b - 0", "board"},  /* two white Damyos */
    {"rrdrrr/r5/6/6/6/RRRDRR b - 0", "board"}, /* six black Ronins */
    {"rrdrrr/6/6/6/R5/RRRDRR w - 0", "board"}, /* six white Ronins */
    {"rrdrrr/6/6/6/6/RRRRR1 b - 0", "board"},  /* White just moved, no Damyo */
    {"rrrrr1/6/6/6/6/RRRDRR w 1 0", "board"},  /* Black just moved, no Damyo */
    {"rrrrr1/6/6/6/6/RRRRR1 w 1 0", "board"},  /* no Damyo at all */
    {"rrdrrr/6/6/6/6/RRRDRR x - 0", "side"},
    {"rrdrrr/6/6/6/6/RRRDRR B - 0", "side"},
    {"rrdrrr/6/6/6/6/RRRDRR W - 0", "side"},
    {"rrdrrr/6/6/6/6/RRRDRR b 0 0", "mana"},
    {"rrdrrr/6/6/6/6/RRRDRR b 4 0", "mana"},
    {"rrdrrr/6/6/6/6/RRRDRR b x 0", "mana"},
    {"rrdrrr/6/6/6/6/RRRDRR b - 4", "orientation"},
    {"rrdrrr/6/6/6/6/RRRDRR b - -1", "orientation"},
    {"rrdrrr/6/6/6/6/RRRDRR b - x", "orientation"},
};

#define NBAD ((int)(sizeof bad_mfn / sizeof bad_mfn[0]))

/* Each bad MFN is refused with MANA_EPARSE, a detail naming the field, and
 * the game unchanged (MFN, hash, history) -- tried both on a game in play
 * with a history and on a fresh game in setup. */
START_TEST(mfn_rejects)
{
    const struct bad_case *c = &bad_mfn[_i];
    mana_game *g = tu_game("d5/6/5r/6/6/D4R w 3 0");
    tu_play(g, "f1xf4");
    char before[MANA_MFN_MAX + 1], after[MANA_MFN_MAX + 1];
    tu_mfn(g, before);
    uint64_t h = mana_hash(g);
    int rc = mana_set_position(g, c->mfn);
    ck_assert_msg(rc == MANA_EPARSE, "\"%s\" accepted (%d)", c->mfn, rc);
    const char *detail = mana_error_detail();
    ck_assert_msg(detail[0] != '\0', "no detail for \"%s\"", c->mfn);
    ck_assert_msg(strstr(detail, c->field) != NULL, "\"%s\": detail \"%s\" does not name %s", c->mfn, detail, c->field);
    ck_assert_str_eq(tu_mfn(g, after), before);
    ck_assert_uint_eq(mana_hash(g), h);
    ck_assert_int_eq(mana_history(g, NULL, 0), 1);
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    mana_free(g);

    g = mana_new(MANA_RULES_JACTALEA);
    h = mana_hash(g);
    ck_assert_int_eq(mana_set_position(g, c->mfn), MANA_EPARSE);
    ck_assert_int_eq(mana_status(g), MANA_SETUP);
    ck_assert_uint_eq(mana_hash(g), h);
    ck_assert_int_eq(mana_orientation(g), -1);
    mana_free(g);
}
END_TEST

/* mana_get_position buffer sizes: exactly length + 1 works, length is
 * MANA_ESPACE with "" in the buffer, size 0 is MANA_ESPACE. */
START_TEST(mfn_buffer_sizes)
{
    const char *mfn = "2d3/6/2R1r1/1r4/3D2/6 b 3 3";
    size_t len = strlen(mfn);
    mana_game *g = tu_game(mfn);
    char buf[MANA_MFN_MAX + 1];
    ck_assert_int_eq(mana_get_position(g, buf, len + 1), (int)len);
    ck_assert_str_eq(buf, mfn);
    memset(buf, 'x', sizeof buf);
    ck_assert_int_eq(mana_get_position(g, buf, len), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    memset(buf, 'x', sizeof buf);
    ck_assert_int_eq(mana_get_position(g, buf, 1), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    buf[0] = 'x';
    ck_assert_int_eq(mana_get_position(g, buf, 0), MANA_ESPACE);
    ck_assert_int_eq(buf[0], 'x'); /* nothing written with size 0 */
    mana_free(g);
}
END_TEST

/* ---- malformed MFN -------------------------------------------------------- */
/* A second table of refusals, checked against the tests' own reader of the
 * grammar (inv_mfn_read) rather than against the field named in the detail
 * (bad_mfn above). */

static const struct {
    const char *text;
    const char *why;
} malformed_mfn[] = {
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
#define N_MALFORMED_MFN (int)(sizeof malformed_mfn / sizeof malformed_mfn[0])

/* The table holds at least 50 cases, each of which the independent reader
 * of docs/rules.md's grammar (inv_mfn_read) also refuses; and its well-formed
 * neighbours are accepted, so the refusals are not vacuous. */
START_TEST(mfn_table_is_sound)
{
    ck_assert_int_ge(N_MALFORMED_MFN, 50);
    for (int i = 0; i < N_MALFORMED_MFN; i++)
        ck_assert_msg(inv_mfn_read(malformed_mfn[i].text, NULL, NULL, NULL, NULL, NULL, 0) != 0,
                      "table entry %d (%s) is valid MFN", i, malformed_mfn[i].why);
    static const char *const good[] = {
        TU_HOME,
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
        tu_assert_invariants(g);
        mana_free(g);
    }
}
END_TEST

/* Each malformed MFN: MANA_EPARSE, a detail, the game unchanged: both a
 * game in play with a history and a fresh game in setup. */
START_TEST(mfn_rejected)
{
    const char *text = malformed_mfn[_i].text;
    mana_game *games[2] = {tu_game_in_play(), mana_new(MANA_RULES_COSMOLUDO)};
    for (int k = 0; k < 2; k++) {
        mana_game *g = games[k];
        inv_snapshot before;
        char primed[256];
        inv_snapshot_take(g, &before);
        tu_prime_detail(primed, sizeof primed);
        int rc = mana_set_position(g, text);
        ck_assert_msg(rc == MANA_EPARSE, "case %d (%s): set_position returned %d", _i, malformed_mfn[_i].why, rc);
        tu_assert_refused(g, &before, primed, malformed_mfn[_i].why);
        tu_assert_invariants(g);
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
                memcpy(s, TU_HOME, strlen(TU_HOME));
            } else if (variant == 1) { /* all 'r' */
                memset(s, 'r', n);
            } else { /* repeated valid MFN */
                for (size_t i = 0; i < n; i++)
                    s[i] = TU_HOME[i % strlen(TU_HOME)];
            }
            s[n] = '\0';
            mana_game *g = tu_game_in_play();
            inv_snapshot before;
            inv_snapshot_take(g, &before);
            tu_refused(g, &before, mana_set_position(g, s), MANA_EPARSE);
            mana_free(g);
        }
    }
    free(s);
}
END_TEST

/* Bad MFN: the game is unchanged (the tables above hold more cases). */
START_TEST(bad_mfn_unchanged)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    tu_play(g, "D@a6");
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    tu_refused(g, &before, mana_set_position(g, "rrdrrr/6/6/6/6/RRRDRR b - 9"), MANA_EPARSE);
    char buf[MANA_MFN_MAX + 1];
    tu_refused(g, &before, mana_get_position(g, buf, sizeof buf), MANA_ESTATE);
    mana_free(g);
}
END_TEST

Suite *mfn_suite(void)
{
    Suite *s = suite_create("mfn");
    TCase *tc = tcase_create("read_write");
    tcase_add_test(tc, mfn_round_trip_table);
    tcase_add_test(tc, mfn_fields);
    tcase_add_test(tc, mfn_round_trip_random);
    tcase_add_test(tc, mfn_buffer_sizes);
    suite_add_tcase(s, tc);
    tc = tcase_create("refused");
    tcase_add_loop_test(tc, mfn_rejects, 0, NBAD);
    tcase_add_test(tc, mfn_table_is_sound);
    tcase_add_loop_test(tc, mfn_rejected, 0, N_MALFORMED_MFN);
    tcase_add_test(tc, mfn_over_long);
    tcase_add_test(tc, bad_mfn_unchanged);
    suite_add_tcase(s, tc);
    return s;
}
