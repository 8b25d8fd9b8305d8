/* SPDX-License-Identifier: MIT */
/*
 * Notation (docs/rules.md "Notation", "MFN"): MFN read -> write is the identity,
 * non-canonical MFN is refused with a detail naming the field and the game
 * left unchanged, move text parses in all its accepted forms and formats
 * canonically.
 */
#include "testutil.h"

/* MFN that must round-trip exactly: perft.txt, hand positions, finished
 * games, "w -" composed positions, every orientation and Mana. */
static const char *const good_mfn[] = {
    "rrdrrr/6/6/6/6/RRRDRR b - 0",
    "6/rdrrrr/6/6/RRRRDR/6 b - 2",
    "rrrdrr/6/6/6/6/RRRDRR b - 3",
    "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0",
    "2d3/6/2R1r1/1r4/3D2/6 b 3 3",
    "4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0",
    "Rrr2r/D3R1/1R1d1R/rrR3/6/6 w 3 0",
    "d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1",
    "r4r/3R2/3r1r/1d2Dr/RR4/4R1 w 3 1",
    "4rr/r1r3/6/3d2/RR2r1/RR2DR w 3 1",
    "4dr/1R4/r2rR1/3rr1/1R4/D3R1 b 3 0",
    "2r3/2r2r/dR2r1/R1r2R/1R2D1/3R2 w 1 0",
    "r5/1d3R/3DR1/r1r1R1/1R4/r3r1 b 3 1",
    "3r2/r2RRd/6/6/3Dr1/3R1r b 3 2",
    "2R3/1R1r2/Rr1R1r/6/1rDd2/2R3 w 1 0",
    "2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2",
    "1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2",
    "d5/6/6/6/6/5D w - 1",                   /* White to move, no Mana: composed */
    "6/6/5R/6/6/D5 b 1 0",                   /* finished: Black lost his Damyo */
    "5d/6/6/6/6/R5 w 2 3",                   /* finished: White lost his Damyo */
    "r1r1r1/1r1r1d/D1R1R1/1R1R1R/6/6 b 3 2", /* long ranks */
};

#define NGOOD ((int)(sizeof good_mfn / sizeof good_mfn[0]))

START_TEST(mfn_round_trip_table)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    for (int i = 0; i < NGOOD; i++) {
        int rc = mana_set_position(g, good_mfn[i]);
        ck_assert_msg(rc == MANA_OK, "%s: %d %s", good_mfn[i], rc, mana_error_detail());
        char buf[MANA_MFN_MAX + 1];
        ck_assert_int_eq(mana_get_position(g, buf, sizeof buf), (int)strlen(good_mfn[i]));
        ck_assert_str_eq(buf, good_mfn[i]);
        ck_assert_int_eq(mana_history(g, NULL, 0), 0);
    }
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
    for (int sq = 0; sq < 36; sq++)
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

/* The accepted spellings of one move all parse to it. */
static void parses_to(const mana_game *g, const char *text, mana_move want)
{
    mana_move got = 0xdeadbeefu;
    int rc = mana_move_parse(g, text, &got);
    ck_assert_msg(rc == MANA_OK, "parse \"%s\" = %d (%s)", text, rc, mana_error_detail());
    ck_assert_msg(got == want, "parse \"%s\" = %#x, want %#x", text, (unsigned)got, (unsigned)want);
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
        ck_assert_int_ge(n, 0);
        for (int j = 0; j < n; j++) {
            char text[MANA_MOVE_TEXT_MAX + 1];
            ck_assert_int_gt(mana_move_format(g, m[j], text, sizeof text), 0);
            parses_to(g, text, m[j]);
            /* captures are written with x, others with - */
            if (MANA_MOVE_KIND(m[j]) == MANA_MOVE_STEP) {
                int cap = mana_piece_at(g, MANA_MOVE_TO(m[j])) != 0;
                ck_assert_int_eq(text[2], cap ? 'x' : '-');
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

Suite *notation_suite(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("notation");
    tcase_add_test(tc, mfn_round_trip_table);
    tcase_add_test(tc, mfn_fields);
    tcase_add_test(tc, mfn_round_trip_random);
    tcase_add_loop_test(tc, mfn_rejects, 0, NBAD);
    tcase_add_test(tc, mfn_buffer_sizes);
    tcase_add_test(tc, move_text_steps);
    tcase_add_test(tc, move_text_drops_orient_pass);
    tcase_add_test(tc, move_format_errors);
    tcase_add_test(tc, move_text_round_trip_random);
    suite_add_tcase(s, tc);
    return s;
}
