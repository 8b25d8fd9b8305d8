/* SPDX-License-Identifier: MIT */
/*
 * Game records (docs/record-format.md): the exact text written for a
 * hand-played game, write -> read -> write round trips of random games,
 * what real files contain (byte-order mark, CRLF, trailing white space,
 * comments, move numbers, several games, very long files), and every
 * error with its code and line:column, the game, headers and offset left
 * unchanged.  Also the tags of mana_record_headers.
 */
#include "testutil.h"

#define SETUP_O0 "O0 D@a6 R@b6 R@c6 R@d6 R@e6 R@f6 D@a1 R@b1 R@c1 R@d1 R@e1 R@f1"

/* Plays the space-separated moves of text on g. */
static void play_all(mana_game *g, const char *text)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", text);
    for (char *w = strtok(tmp, " "); w != NULL; w = strtok(NULL, " "))
        tu_play(g, w);
}

/* The record of g with hdr, asserting the size query agrees. */
static char *record_of(const mana_game *g, const mana_record_headers *hdr)
{
    int n = mana_record_write(g, hdr, NULL, 0);
    ck_assert_msg(n > 0, "record_write size = %d (%s)", n, mana_error_detail());
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(mana_record_write(g, hdr, buf, (size_t)n + 1), n);
    ck_assert_int_eq((int)strlen(buf), n);
    return buf;
}

static int read_text(mana_game *g, const char *text, size_t *off, mana_record_headers *hdr)
{
    return mana_record_read(g, text, strlen(text), off, hdr);
}

/* Asserts two games have the same history, options, hash and status. */
static void assert_same_game(const mana_game *a, const mana_game *b)
{
    int n = mana_history(a, NULL, 0);
    ck_assert_int_eq(mana_history(b, NULL, 0), n);
    mana_move *ha = malloc(((size_t)n + 1) * sizeof *ha), *hb = malloc(((size_t)n + 1) * sizeof *hb);
    ck_assert_int_eq(mana_history(a, ha, n), n);
    ck_assert_int_eq(mana_history(b, hb, n), n);
    ck_assert(memcmp(ha, hb, (size_t)n * sizeof *ha) == 0);
    free(ha);
    free(hb);
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int va, vb;
        ck_assert_int_eq(mana_get_option(a, opt, &va), MANA_OK);
        ck_assert_int_eq(mana_get_option(b, opt, &vb), MANA_OK);
        ck_assert_int_eq(va, vb);
    }
    ck_assert(mana_hash(a) == mana_hash(b));
    ck_assert_int_eq(mana_status(a), mana_status(b));
}

/* ---- writing ------------------------------------------------------------ */

START_TEST(write_hand_played_game)
{
    /* Setup under orientation 0, then Black's a6 (2 marks: rank 6 of
     * table 0 is 223122) steps two squares to a4, a 3-mark square (rank 4
     * is 312231), so the Mana binds White to its 3-mark pieces: b1 (rank 1
     * is 132213) goes three squares up to b4. */
    mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, NULL, (const int[]){MANA_OPT_PLY_LIMIT, 80, -1});
    play_all(g, SETUP_O0 " a6-a4 b1-b4");
    mana_record_headers hdr;
    ck_assert_int_eq(mana_record_headers_init(&hdr, MANA_RULES_JACTALEA), MANA_OK);
    ck_assert_int_eq(mana_record_tag_set(&hdr, "White", "Ann"), MANA_OK);
    ck_assert_int_eq(mana_record_tag_set(&hdr, "Black", "Bob"), MANA_OK);
    char *text = record_of(g, &hdr);
    ck_assert_str_eq(text, "Rules: jactalea\n"
                           "PlyLimit: 80\n"
                           "White: Ann\n"
                           "Black: Bob\n"
                           "Result: *\n"
                           "\n"
                           "O0 D@a6 R@b6 R@c6 R@d6 R@e6 R@f6\n"
                           "D@a1 R@b1 R@c1 R@d1 R@e1 R@f1\n"
                           "a6-a4 b1-b4\n");
    free(text);
    mana_free(g);
}
END_TEST

START_TEST(write_from_position_and_capture)
{
    /* Mana 2, orientation 0: White's pieces stand on c3, b2 and e1, all
     * 1-mark squares (ranks 3, 2, 1 of table 0: 231312, 213132, 132213),
     * so none is bound and any may move: the Ronin b2 takes Black's Damyo
     * on a2 in one step and wins.  The record names the start position. */
    mana_game *g = tu_game("6/6/6/2R3/dR4/4D1 w 2 0");
    tu_play(g, "b2xa2");
    ck_assert_int_eq(mana_status(g), MANA_WHITE_WON);
    char *text = record_of(g, NULL);
    ck_assert_str_eq(text, "Rules: jactalea\nResult: 1-0\nMFN: 6/6/6/2R3/dR4/4D1 w 2 0\n\nb2xa2\n");
    mana_game *r = mana_new(MANA_RULES_COSMOLUDO);
    mana_record_headers hdr;
    ck_assert_int_eq(read_text(r, text, NULL, &hdr), MANA_OK);
    assert_same_game(g, r);
    ck_assert_int_eq(hdr.result, MANA_WHITE_WON);
    ck_assert_int_eq(hdr.tag_count, 0);
    ck_assert_int_eq(mana_end_reason(r), MANA_END_DAMYO_CAPTURED);
    free(text);
    mana_free(r);
    mana_free(g);
}
END_TEST

START_TEST(write_size_query_and_space)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    ck_assert_int_eq(mana_setup_random(g, 3), MANA_OK);
    int n = mana_record_write(g, NULL, NULL, 0);
    /* "Rules: cosmoludo\nResult: *\n\n" (28) + two setup lines of six
     * placements (6 * 4 + 5 + 1 = 30 each) */
    ck_assert_int_eq(n, 28 + 30 + 30);
    char buf[128];
    memset(buf, 'z', sizeof buf);
    ck_assert_int_eq(mana_record_write(g, NULL, buf, (size_t)n), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    ck_assert_ptr_nonnull(strstr(mana_error_detail(), "needs 89 bytes"));
    ck_assert_int_eq(mana_record_write(g, NULL, buf, (size_t)n + 1), n);
    ck_assert_int_eq(strncmp(buf, "Rules: cosmoludo\nResult: *\n\n", 28), 0);
    ck_assert_int_eq(mana_record_write(NULL, NULL, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_record_write(g, NULL, NULL, 5), MANA_EINVAL);
    mana_free(g);
}
END_TEST

START_TEST(write_refuses_bad_headers)
{
    mana_game *g = tu_game("6/6/6/2R3/dR4/4D1 w 2 0");
    mana_record_headers hdr;
    char buf[512];
    mana_record_headers_init(&hdr, MANA_RULES_JACTALEA);
    hdr.preset = 2;
    ck_assert_int_eq(mana_record_write(g, &hdr, buf, sizeof buf), MANA_EINVAL);
    mana_record_headers_init(&hdr, MANA_RULES_JACTALEA);
    hdr.result = 7;
    ck_assert_int_eq(mana_record_write(g, &hdr, buf, sizeof buf), MANA_EINVAL);
    /* a result on an unfinished game needs a Termination tag */
    hdr.result = MANA_BLACK_WON;
    ck_assert_int_eq(mana_record_write(g, &hdr, buf, sizeof buf), MANA_EINVAL);
    ck_assert_ptr_nonnull(strstr(mana_error_detail(), "Termination"));
    ck_assert_int_eq(mana_record_tag_set(&hdr, "Termination", "time forfeit"), MANA_OK);
    ck_assert_int_gt(mana_record_write(g, &hdr, buf, sizeof buf), 0);
    ck_assert_ptr_nonnull(strstr(buf, "Termination: time forfeit\nResult: 0-1\n"));
    /* ... and that record reads back with its result */
    mana_game *r = mana_new(MANA_RULES_JACTALEA);
    mana_record_headers back;
    ck_assert_int_eq(read_text(r, buf, NULL, &back), MANA_OK);
    ck_assert_int_eq(back.result, MANA_BLACK_WON);
    ck_assert_int_eq(mana_status(r), MANA_PLAYING);
    /* a result that contradicts a finished game */
    tu_play(g, "b2xa2");
    ck_assert_int_eq(mana_record_write(g, &hdr, buf, sizeof buf), MANA_EINVAL);
    /* a tag written directly into the struct is checked too */
    mana_record_headers_init(&hdr, MANA_RULES_JACTALEA);
    hdr.tag_count = 1;
    strcpy(hdr.tags[0].key, "Event");
    strcpy(hdr.tags[0].value, "two\nlines");
    ck_assert_int_eq(mana_record_write(g, &hdr, buf, sizeof buf), MANA_EINVAL);
    strcpy(hdr.tags[0].key, "Blocked");
    strcpy(hdr.tags[0].value, "draw");
    ck_assert_int_eq(mana_record_write(g, &hdr, buf, sizeof buf), MANA_EINVAL);
    hdr.tag_count = 17;
    ck_assert_int_eq(mana_record_write(g, &hdr, buf, sizeof buf), MANA_EINVAL);
    mana_free(r);
    mana_free(g);
}
END_TEST

/* ---- round trips -------------------------------------------------------- */

/* A random game under preset with the given options, seed-chosen moves. */
static mana_game *random_game(int preset, const int *opts, uint64_t seed, int max_plies)
{
    mana_game *g = tu_game_opts(preset, NULL, opts);
    ck_assert_int_eq(mana_setup_random(g, seed), MANA_OK);
    uint64_t st = seed;
    for (int i = 0; i < max_plies && mana_status(g) == MANA_PLAYING; i++) {
        mana_move mv[MANA_MAX_MOVES];
        int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
        ck_assert_int_gt(n, 0);
        ck_assert_int_eq(mana_play(g, mv[tu_rand(&st) % (uint64_t)n]), MANA_OK);
    }
    return g;
}

START_TEST(round_trip_random_games)
{
    static const int opts[4][7] = {
        {-1},
        {MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, MANA_OPT_PLY_LIMIT, 60, -1},
        {MANA_OPT_REPETITION, 2, MANA_OPT_REENTRY, MANA_REENTRY_MANA_MARK, -1},
        {MANA_OPT_ORIENTATION, 2, MANA_OPT_DAMYO_ON_DOUBLE, 1, MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS, -1},
    };
    for (uint64_t seed = 1; seed <= 40; seed++) {
        int preset = (int)(seed % 2);
        mana_game *g = random_game(preset, opts[seed % 4], seed, 400);
        mana_record_headers hdr, back;
        mana_record_headers_init(&hdr, preset);
        mana_record_tag_set(&hdr, "Event", "Round trip \xc3\xa9t\xc3\xa9");
        mana_record_tag_set(&hdr, "Round", "7");
        char *text = record_of(g, &hdr);
        mana_game *r = mana_new(MANA_RULES_JACTALEA);
        size_t off = 0;
        int rc = read_text(r, text, &off, &back);
        ck_assert_msg(rc == MANA_OK, "seed %d: %d %s", (int)seed, rc, mana_error_detail());
        ck_assert_uint_eq(off, strlen(text));
        assert_same_game(g, r);
        ck_assert_int_eq(back.preset, preset);
        ck_assert_int_eq(back.result, mana_status(g) == MANA_PLAYING ? MANA_PLAYING : mana_status(g));
        ck_assert_int_eq(back.tag_count, 2);
        ck_assert_str_eq(mana_record_tag_get(&back, "event"), "Round trip \xc3\xa9t\xc3\xa9");
        char *again = record_of(r, &back);
        ck_assert_str_eq(again, text);
        /* play lines hold ten moves, the last one up to ten */
        const char *moves = strstr(text, "\n\n") + 2;
        int line_words = 0, lines = 0;
        for (const char *p = moves; *p; p++) {
            if (*p == ' ' || *p == '\n')
                line_words++;
            if (*p == '\n') {
                lines++;
                ck_assert_int_le(line_words, 10);
                if (lines <= 2)
                    ck_assert_int_eq(line_words, lines == 1 && preset == MANA_RULES_JACTALEA && seed % 4 != 3 ? 7 : 6);
                else if (p[1] != '\0')
                    ck_assert_int_eq(line_words, 10);
                line_words = 0;
            }
        }
        free(again);
        free(text);
        mana_free(r);
        mana_free(g);
    }
}
END_TEST

START_TEST(real_files_read_the_same)
{
    const char *plain = "Rules: jactalea\nBlocked: draw\nWhite: Ann\n\n" SETUP_O0 "\na6-a4 b1-b4\n";
    const char *odd = "\xef\xbb\xbf# exported by hand\r\n"
                      "rules:   jactalea  \r\n"
                      "BLOCKED: Draw\t\r\n"
                      "White: Ann\r\n"
                      "\r\n"
                      "# the setup\r\n"
                      "O0 D@a6 R@b6 R@c6 R@d6 R@e6 R@f6   # Black\r\n"
                      "D@a1 R@b1 R@c1 R@d1 R@e1 R@f1\r\n"
                      "\r\n"
                      "1. a6-a4 2... b1xb4 *\r\n"
                      "   \r\n"
                      "# trailing comment\r\n";
    mana_game *a = mana_new(MANA_RULES_JACTALEA), *b = mana_new(MANA_RULES_JACTALEA);
    mana_record_headers ha, hb;
    ck_assert_int_eq(read_text(a, plain, NULL, &ha), MANA_OK);
    size_t off = 0;
    int rc = read_text(b, odd, &off, &hb);
    ck_assert_msg(rc == MANA_OK, "%d %s", rc, mana_error_detail());
    ck_assert_uint_eq(off, strlen(odd));
    assert_same_game(a, b);
    ck_assert_str_eq(mana_record_tag_get(&hb, "White"), "Ann");
    ck_assert_int_eq(hb.result, -1);
    /* the byte-order mark alone before a minimal record */
    const char *bom = "\xef\xbb\xbfRules: jactalea\n\nO2\n";
    ck_assert_int_eq(read_text(b, bom, NULL, NULL), MANA_OK);
    ck_assert_int_eq(mana_orientation(b), 2);
    mana_free(a);
    mana_free(b);
}
END_TEST

START_TEST(several_games_iterate)
{
    const char *text = "Rules: jactalea\nRound: 1\n\nO1\n\n# between games\n\n"
                       "Rules: cosmoludo\nRound: 2\nResult: 1-0\nMFN: 6/6/6/2R3/dR4/4D1 w 2 0\n\nb2xa2\n"
                       "Rules: jactalea\nRound: 3\n\nO3 Q9\n";
    size_t len = strlen(text), off = 0, first_end = strlen("Rules: jactalea\nRound: 1\n\nO1\n\n# between games\n\n");
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_record_headers hdr;
    ck_assert_int_eq(mana_record_read(g, text, len, &off, &hdr), MANA_OK);
    ck_assert_uint_eq(off, first_end);
    ck_assert_str_eq(mana_record_tag_get(&hdr, "Round"), "1");
    ck_assert_int_eq(mana_orientation(g), 1);
    ck_assert_int_eq(mana_record_read(g, text, len, &off, &hdr), MANA_OK);
    ck_assert_str_eq(mana_record_tag_get(&hdr, "Round"), "2");
    ck_assert_int_eq(hdr.preset, MANA_RULES_COSMOLUDO);
    ck_assert_int_eq(mana_status(g), MANA_WHITE_WON);
    size_t third = off;
    /* the third game's error is located from the start of the text */
    ck_assert_int_eq(mana_record_read(g, text, len, &off, &hdr), MANA_EPARSE);
    ck_assert_str_eq(mana_error_detail(), "17:4: move 2 'Q9': unreadable text: 'Q9' is not move notation "
                                          "(b2-c4, b2xc4, D@c6, R@c3, O2, pass)");
    ck_assert_uint_eq(off, third);
    ck_assert_str_eq(mana_record_tag_get(&hdr, "Round"), "2");
    ck_assert_int_eq(mana_status(g), MANA_WHITE_WON);
    mana_free(g);
}
END_TEST

START_TEST(very_long_file)
{
    /* 3000 games of a full setup and a few moves, then a 1 MB comment */
    const char *one = "Rules: jactalea\nEvent: long\n\n" SETUP_O0 "\na6-a4 b1-b4\n";
    size_t n1 = strlen(one), games = 3000, big = 1 << 20;
    char *text = malloc(n1 * games + big + 3);
    ck_assert_ptr_nonnull(text);
    for (size_t i = 0; i < games; i++)
        memcpy(text + i * n1, one, n1);
    size_t len = n1 * games;
    text[len++] = '#';
    memset(text + len, 'x', big);
    len += big;
    text[len++] = '\n';
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    size_t off = 0, count = 0;
    while (off < len) {
        int rc = mana_record_read(g, text, len, &off, NULL);
        ck_assert_msg(rc == MANA_OK, "game %zu: %s", count + 1, mana_error_detail());
        count++;
    }
    ck_assert_uint_eq(count, games);
    ck_assert_int_eq(mana_history(g, NULL, 0), 15);
    /* a NUL far into the file is found, on its line */
    text[len - 2] = '\0';
    off = n1 * (games - 1);
    ck_assert_int_eq(mana_record_read(g, text, len, &off, NULL), MANA_EPARSE);
    char want[64];
    snprintf(want, sizeof want, "%zu:%zu: NUL byte in the record", games * 5 + 1, big + 1);
    ck_assert_str_eq(mana_error_detail(), want);
    free(text);
    mana_free(g);
}
END_TEST

/* ---- errors ------------------------------------------------------------- */

struct bad_record {
    const char *text;
    size_t len; /* 0: strlen(text) */
    int code;
    const char *detail; /* the whole detail, or its start if it ends in "..." */
};

static const struct bad_record bad_records[] = {
    {"", 0, MANA_EPARSE, "1:1: no Rules header: not a Mana game record"},
    {"\n# only a comment\n\n", 0, MANA_EPARSE, "1:1: no Rules header: not a Mana game record"},
    {"Hello\n", 0, MANA_EPARSE, "1:1: expected a header line 'Key: value' (a record starts with Rules: ...)"},
    {"White: a\n\nO0\n", 0, MANA_EPARSE, "1:1: no Rules header: not a Mana game record"},
    {"Rules: chess\n\n", 0, MANA_EPARSE, "1:8: Rules: unknown rules 'chess' (expected jactalea or cosmoludo)"},
    {"Rules: jactalea\nWhite: a\nwhite: b\n\n", 0, MANA_EPARSE, "3:1: header white given twice (first on line 2)"},
    {"Rules: jactalea\nBlocked: draw\nRules: cosmoludo\n", 0, MANA_EPARSE,
     "3:1: header Rules given twice (first on line 1)"},
    {"Rules: jactalea\nBlocked: sometimes\n\n", 0, MANA_EPARSE,
     "2:10: Blocked: bad value 'sometimes' (expected pass|draw|loss)"},
    {"Rules: jactalea\nRepetition: 1\n\n", 0, MANA_EPARSE, "2:13: Repetition: bad value '1' (expected 0|2..1000000)"},
    {"Rules: jactalea\nPlyLimit: 1000000001\n\n", 0, MANA_EPARSE,
     "2:11: PlyLimit: bad value '1000000001' (expected 0..1000000000)"},
    {"Rules: jactalea\nResult: win\n\n", 0, MANA_EPARSE, "2:9: Result: 'win' is not 1-0, 0-1, 1/2-1/2 or *"},
    {"Rules: jactalea\nMFN: rrdrrr/6/6/6/6/RRRDR b - 0\n\n", 0, MANA_EPARSE,
     "2:6: MFN: board: rank 1 has 5 files, not 6"},
    {"Rules: jactalea\nMFN: rrdrrr/6/6/6/6/RRRDRR b - 0 000000000000000000000000000000\n", 0, MANA_EPARSE,
     "2:6: MFN: too long to be a position"},
    {"Rules: jactalea\n\nO0 D@a6\0 R@a5\n", 28, MANA_EPARSE, "3:8: NUL byte in the record"},
    {"Rules: jactalea\nWhite: \xc3\xa9\xff\n", 0, MANA_EPARSE, "2:9: invalid UTF-8 (byte 0xff)"},
    {"Rules: jactalea\nWhite: \xc0\xaf\n", 0, MANA_EPARSE, "2:8: invalid UTF-8 (byte 0xc0)"},
    {"Rules: jactalea\nWhite: \xed\xa0\x80\n", 0, MANA_EPARSE, "2:8: invalid UTF-8 (byte 0xed)"},
    {"Rules: jactalea\nWhite: \xf4\x90\x80\x80\n", 0, MANA_EPARSE, "2:8: invalid UTF-8 (byte 0xf4)"},
    {"Rules: jactalea\nWhite: \xe2\x82\n", 0, MANA_EPARSE, "2:8: invalid UTF-8 (byte 0xe2)"},
    {"Rules: jactalea\n\nO0 \x01\n", 0, MANA_EPARSE, "3:4: control character 0x01 in the record"},
    {"Rules: jactalea\r\r\n", 0, MANA_EPARSE, "1:16: control character 0x0d in the record"},
    /* C1 controls (NEL U+0085, U+009F) and the Unicode line and paragraph separators: column counts characters */
    {"Rules: jactalea\nWhite: J\xc3\xa9r\xc2\x85me\n", 0, MANA_EPARSE, "2:11: control character U+0085 in the record"},
    {"Rules: jactalea\nWhite: \xc2\x9f\n", 0, MANA_EPARSE, "2:8: control character U+009F in the record"},
    {"Rules: jactalea\nEvent: a\xe2\x80\xa8"
     "b\n",
     0, MANA_EPARSE, "2:9: control character U+2028 in the record"},
    {"Rules: jactalea\n\n# a\xe2\x80\xa9"
     "b\n",
     0, MANA_EPARSE, "3:4: control character U+2029 in the record"},
    {"Rules: jactalea\nWhite: x\n\nO0 D@a6 R@a5\nR@b5 D@b6\n", 0, MANA_EILLEGAL,
     "5:6: move 5 'D@b6': illegal move: Black's Damyo is already placed"},
    {"Rules: jactalea\n\nO0 Q9\n", 0, MANA_EPARSE,
     "3:4: move 2 'Q9': unreadable text: 'Q9' is not move notation (b2-c4, b2xc4, D@c6, R@c3, O2, pass)"},
    {"Rules: jactalea\nMFN: 6/6/6/2R3/dR4/4D1 w 2 0\n\nb2xa2\na1-a2\n", 0, MANA_EOVER,
     "5:1: move 2 'a1-a2': the game is already over (1-0)"},
    {"Rules: jactalea\nResult: 1-0\n\nO0 D@a6\n", 0, MANA_EPARSE,
     "2:9: Result says 1-0 but the moves end with result *"},
    {"Rules: jactalea\n\nO0 1-0\n", 0, MANA_EPARSE, "3:4: the result token says 1-0 but the moves end with result *"},
    {"Rules: jactalea\n\nO0 * D@a6\n", 0, MANA_EPARSE, "3:6: 'D@a6' after the result token"},
    {"Rules: jactalea\nMFN: 6/6/6/2R3/dR4/4D1 w 2 0\nResult: 0-1\n\nb2xa2\n", 0, MANA_EPARSE,
     "3:9: Result says 0-1 but the moves end with result 1-0"},
    {"Rules: jactalea\nThisKeyIsFarTooLongToBeAnyTagKey: 1\n", 0, MANA_EPARSE,
     "2:1: header key longer than 31 characters"},
    {"Rules: jactalea\n\n\xc3\xa9\xc3\xa9 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", 0, MANA_EPARSE,
     "3:1: move 1 '?\?\?\?': unreadable text: ..."},
    {"Rules: jactalea\n\nO1 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", 0, MANA_EPARSE,
     "3:4: move 2 'xxxxxxxxxxxxxxxxxxxx...': not move notation"},
};

/* Asserts the detail equals want, or starts with it when want ends with
 * "...". */
static void assert_detail(const char *want, int i)
{
    const char *got = mana_error_detail();
    size_t n = strlen(want);
    if (n > 3 && strcmp(want + n - 3, "...") == 0 && want[n - 4] == ' ')
        ck_assert_msg(strncmp(got, want, n - 3) == 0, "record %d: detail '%s', want '%s'", i, got, want);
    else
        ck_assert_msg(strcmp(got, want) == 0, "record %d: detail '%s', want '%s'", i, got, want);
}

START_TEST(bad_records_refused)
{
    for (int i = 0; i < (int)(sizeof bad_records / sizeof bad_records[0]); i++) {
        const struct bad_record *b = &bad_records[i];
        mana_game *g = tu_game_opts(MANA_RULES_COSMOLUDO, NULL, (const int[]){MANA_OPT_PLY_LIMIT, 9, -1});
        ck_assert_int_eq(mana_setup_random(g, 11), MANA_OK);
        uint64_t hash = mana_hash(g);
        mana_record_headers hdr;
        mana_record_headers_init(&hdr, MANA_RULES_COSMOLUDO);
        mana_record_tag_set(&hdr, "Before", "yes");
        size_t off = 0;
        int rc = mana_record_read(g, b->text, b->len ? b->len : strlen(b->text), &off, &hdr);
        ck_assert_msg(rc == b->code, "record %d: code %d, want %d (%s)", i, rc, b->code, mana_error_detail());
        assert_detail(b->detail, i);
        /* nothing changed */
        int limit;
        ck_assert_int_eq(mana_get_option(g, MANA_OPT_PLY_LIMIT, &limit), MANA_OK);
        ck_assert_int_eq(limit, 9);
        ck_assert(mana_hash(g) == hash);
        ck_assert_int_eq(mana_history(g, NULL, 0), 12);
        ck_assert_uint_eq(off, 0);
        ck_assert_int_eq(hdr.tag_count, 1);
        ck_assert_str_eq(hdr.tags[0].key, "Before");
        mana_free(g);
    }
}
END_TEST

START_TEST(read_argument_errors)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    size_t off = 5;
    ck_assert_int_eq(mana_record_read(NULL, "Rules: jactalea\n", 16, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_record_read(g, NULL, 3, NULL, NULL), MANA_EINVAL);
    ck_assert_int_eq(mana_record_read(g, "Rules", 5, &off, NULL), MANA_EPARSE);
    off = 6;
    ck_assert_int_eq(mana_record_read(g, "Rules", 5, &off, NULL), MANA_EINVAL);
    ck_assert_str_eq(mana_error_detail(), "mana_record_read: offset 6 beyond the text's 5 bytes");
    ck_assert_int_eq(mana_record_read(g, NULL, 0, NULL, NULL), MANA_EPARSE);
    mana_free(g);
}
END_TEST

START_TEST(too_many_tags)
{
    char text[2048];
    size_t n = (size_t)snprintf(text, sizeof text, "Rules: jactalea\n");
    for (int i = 0; i < MANA_RECORD_TAGS_MAX + 1; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "Tag%d: %d\n", i, i);
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(read_text(g, text, NULL, NULL), MANA_EPARSE);
    ck_assert_str_eq(mana_error_detail(), "18:1: more than 16 tags");
    /* a value of 128 bytes */
    snprintf(text, sizeof text, "Rules: jactalea\nEvent: %0128d\n", 0);
    ck_assert_int_eq(read_text(g, text, NULL, NULL), MANA_EPARSE);
    ck_assert_str_eq(mana_error_detail(), "2:8: header value longer than 127 bytes");
    /* 127 bytes are fine, and read back whole */
    snprintf(text, sizeof text, "Rules: jactalea\nEvent: %0127d\n", 0);
    mana_record_headers hdr;
    ck_assert_int_eq(read_text(g, text, NULL, &hdr), MANA_OK);
    ck_assert_uint_eq(strlen(mana_record_tag_get(&hdr, "Event")), 127);
    mana_free(g);
}
END_TEST

/* ---- tags --------------------------------------------------------------- */

START_TEST(tags_set_get)
{
    mana_record_headers hdr;
    ck_assert_int_eq(mana_record_headers_init(NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_record_headers_init(&hdr, 2), MANA_EINVAL);
    ck_assert_int_eq(mana_record_headers_init(&hdr, MANA_RULES_COSMOLUDO), MANA_OK);
    ck_assert_int_eq(hdr.preset, MANA_RULES_COSMOLUDO);
    ck_assert_int_eq(hdr.result, -1);
    ck_assert_int_eq(hdr.tag_count, 0);
    ck_assert_int_eq(mana_record_tag_set(&hdr, "White", "Ann"), MANA_OK);
    ck_assert_int_eq(mana_record_tag_set(&hdr, "Site", ""), MANA_OK);
    ck_assert_int_eq(mana_record_tag_set(&hdr, "WHITE", "Eve"), MANA_OK); /* replaces */
    ck_assert_int_eq(hdr.tag_count, 2);
    ck_assert_str_eq(hdr.tags[0].key, "White");
    ck_assert_str_eq(mana_record_tag_get(&hdr, "white"), "Eve");
    ck_assert_str_eq(mana_record_tag_get(&hdr, "Site"), "");
    ck_assert_ptr_null(mana_record_tag_get(&hdr, "Black"));
    ck_assert_ptr_null(mana_record_tag_get(NULL, "Black"));
    ck_assert_ptr_null(mana_record_tag_get(&hdr, NULL));
    static const char *const bad[][2] = {
        {"", "x"},
        {"1st", "x"},
        {"Two words", "x"},
        {"Rules", "x"},
        {"result", "x"},
        {"MFN", "x"},
        {"PlyLimit", "5"},
        {"Event", " lead"},
        {"Event", "trail\t"},
        {"Event", "two\nlines"},
        {"Event", "\xff"},
        {"Event", "del\x7f"},
        {"Event", "nel\xc2\x85"},
        {"Event", "\xc2\x80"},
        {"Event", "\xc2\x9f"},
        {"Event", "ls\xe2\x80\xa8"},
        {"Event", "ps\xe2\x80\xa9"},
        {"ThisKeyIsFarTooLongToBeAnyTagKey", "x"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(mana_record_tag_set(&hdr, bad[i][0], bad[i][1]) == MANA_EINVAL, "tag %zu", i);
    ck_assert_int_eq(mana_record_tag_set(&hdr, "Event", "a\xc2\x85"), MANA_EINVAL);
    ck_assert_str_eq(mana_error_detail(), "tag Event: value has control character U+0085");
    /* the neighbours of the refused ranges stay allowed: U+00A0 (no-break space), U+2027, U+202A */
    ck_assert_int_eq(mana_record_tag_set(&hdr, "Annotator",
                                         "a\xc2\xa0"
                                         "b\xe2\x80\xa7"
                                         "c\xe2\x80\xaa"),
                     MANA_OK);
    char long_value[MANA_TAG_VALUE_MAX + 2];
    memset(long_value, 'v', sizeof long_value - 1);
    long_value[sizeof long_value - 1] = '\0';
    ck_assert_int_eq(mana_record_tag_set(&hdr, "Event", long_value), MANA_EINVAL);
    long_value[MANA_TAG_VALUE_MAX] = '\0';
    ck_assert_int_eq(mana_record_tag_set(&hdr, "Event", long_value), MANA_OK);
    for (int i = hdr.tag_count; i < MANA_RECORD_TAGS_MAX; i++) {
        char key[16];
        snprintf(key, sizeof key, "T%d", i);
        ck_assert_int_eq(mana_record_tag_set(&hdr, key, "v"), MANA_OK);
    }
    ck_assert_int_eq(mana_record_tag_set(&hdr, "OneMore", "v"), MANA_ESPACE);
    ck_assert_int_eq(hdr.tag_count, MANA_RECORD_TAGS_MAX);
    ck_assert_int_eq(mana_record_tag_set(&hdr, "White", "still replaceable"), MANA_OK);
    ck_assert_int_eq(mana_record_tag_set(NULL, "White", "x"), MANA_EINVAL);
    ck_assert_int_eq(mana_record_tag_set(&hdr, NULL, "x"), MANA_EINVAL);
    ck_assert_int_eq(mana_record_tag_set(&hdr, "White", NULL), MANA_EINVAL);
}
END_TEST

Suite *record_suite(void)
{
    Suite *s = suite_create("record");
    TCase *tc = tcase_create("write");
    tcase_add_test(tc, write_hand_played_game);
    tcase_add_test(tc, write_from_position_and_capture);
    tcase_add_test(tc, write_size_query_and_space);
    tcase_add_test(tc, write_refuses_bad_headers);
    suite_add_tcase(s, tc);
    tc = tcase_create("read");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, round_trip_random_games);
    tcase_add_test(tc, real_files_read_the_same);
    tcase_add_test(tc, several_games_iterate);
    tcase_add_test(tc, very_long_file);
    tcase_add_test(tc, bad_records_refused);
    tcase_add_test(tc, read_argument_errors);
    tcase_add_test(tc, too_many_tags);
    suite_add_tcase(s, tc);
    tc = tcase_create("tags");
    tcase_add_test(tc, tags_set_get);
    suite_add_tcase(s, tc);
    return s;
}
