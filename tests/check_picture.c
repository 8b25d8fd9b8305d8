/* SPDX-License-Identifier: MIT */
/*
 * What the library says about a game beyond its moves: the history as
 * notation, why a game ended, the rule options by name, and the SVG
 * picture (counted strokes, pieces and tints at hand-computed places).
 */
#include "testutil.h"

#define SETUP_O0 "O0 D@a6 R@b6 R@c6 R@d6 R@e6 R@f6 D@a1 R@b1 R@c1 R@d1 R@e1 R@f1"

static void play_all(mana_game *g, const char *text)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", text);
    for (char *w = strtok(tmp, " "); w != NULL; w = strtok(NULL, " "))
        tu_play(g, w);
}

/* ---- history as notation ------------------------------------------------ */

START_TEST(history_format_without_replay)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    char buf[512];
    ck_assert_int_eq(mana_history_format(g, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "");
    play_all(g, SETUP_O0 " a6-a4 b1-b4");
    int n = mana_history_format(g, NULL, 0);
    ck_assert_int_eq(n, (int)strlen(SETUP_O0 " a6-a4 b1-b4"));
    ck_assert_int_eq(mana_history_format(g, buf, sizeof buf), n);
    ck_assert_str_eq(buf, SETUP_O0 " a6-a4 b1-b4");
    ck_assert_int_eq(mana_history_format(g, buf, (size_t)n), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    ck_assert_int_eq(mana_history_format(NULL, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_history_format(g, NULL, 3), MANA_EINVAL);
    mana_free(g);
    /* a capture keeps its x after the fact, and a pass reads "pass":
     * White has no move at all in this perft.txt position (see
     * check_rules), so under blocked = pass it passes. */
    g = tu_game("6/6/6/2R3/dR4/4D1 w 2 0");
    tu_play(g, "b2a2");
    ck_assert_int_eq(mana_history_format(g, buf, sizeof buf), 5);
    ck_assert_str_eq(buf, "b2xa2");
    mana_free(g);
    g = tu_game("5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0");
    tu_play(g, "pass");
    ck_assert_int_eq(mana_history_format(g, buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "pass");
    mana_free(g);
}
END_TEST

/* ---- why a game ended --------------------------------------------------- */

START_TEST(end_reasons)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_NONE);
    play_all(g, SETUP_O0);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_NONE);
    mana_free(g);
    ck_assert_int_eq(mana_end_reason(NULL), MANA_EINVAL);

    /* the Damyo taken (see check_record), or missing from a set position */
    g = tu_game("6/6/6/2R3/dR4/4D1 w 2 0");
    tu_play(g, "b2xa2");
    ck_assert_int_eq(mana_end_reason(g), MANA_END_DAMYO_CAPTURED);
    mana_free(g);
    g = tu_game("6/6/5R/6/6/D5 b 1 0");
    ck_assert_int_eq(mana_status(g), MANA_WHITE_WON);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_DAMYO_CAPTURED);
    mana_free(g);

    /* White walled in by Black (perft.txt: no legal move, count 1 under
     * blocked = pass): drawn under draw, lost under loss, a pass else */
    const char *walled = "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0";
    g = tu_game_opts(MANA_RULES_JACTALEA, walled, (const int[]){MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, -1});
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_BLOCKED);
    mana_free(g);
    g = tu_game_opts(MANA_RULES_JACTALEA, walled, (const int[]){MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS, -1});
    ck_assert_int_eq(mana_status(g), MANA_BLACK_WON);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_BLOCKED);
    mana_free(g);
    g = tu_game(walled);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_NONE);
    tu_play(g, "pass");
    ck_assert_int_eq(mana_end_reason(g), MANA_END_NONE); /* Black can move */
    mana_free(g);

    /* the ply limit: one ply allowed */
    g = tu_game_opts(MANA_RULES_JACTALEA, "6/6/6/2R3/dR4/4D1 w 2 0", (const int[]){MANA_OPT_PLY_LIMIT, 1, -1});
    tu_play(g, "c3-c4");
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_PLY_LIMIT);
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_NONE);
    mana_free(g);

    /* repetition 2: four plies that bring the start back.  Orientation 1
     * (ranks 6..1: 122312 313132 231213 213231 131312 322132), Mana 3:
     * no White piece stands on a 3-mark square, so any may move: c4-b4
     * (1 mark) lands on 3 marks; Black's e5 (3 marks) goes round to e6
     * (1 mark); White, bound to no piece again, b4-c4 (1 mark); Black's
     * e6 (1 mark) back to e5 (3 marks): the start, White to move, Mana 3. */
    g = tu_game_opts(MANA_RULES_JACTALEA, "1D1r2/rr2r1/2Rd1r/6/5R/1RR3 w 3 1",
                     (const int[]){MANA_OPT_REPETITION, 2, -1});
    uint64_t start = mana_hash(g);
    play_all(g, "c4-b4 e5-e6 b4-c4");
    ck_assert_int_eq(mana_end_reason(g), MANA_END_NONE);
    tu_play(g, "e6-e5");
    ck_assert(mana_hash(g) == start);
    ck_assert_int_eq(mana_status(g), MANA_DRAWN);
    ck_assert_int_eq(mana_end_reason(g), MANA_END_REPETITION);
    mana_free(g);
}
END_TEST

/* ---- the board and the end in words ------------------------------------- */

/* mana_end_text of the game made by mfn after playing moves ("" for none). */
static void expect_end_text(const char *mfn, const int *opts, const char *moves, const char *want)
{
    mana_game *g = tu_game_opts(MANA_RULES_JACTALEA, mfn, opts);
    char buf[64];
    play_all(g, moves);
    ck_assert_int_eq(mana_end_text(g, buf, sizeof buf), (int)strlen(want));
    ck_assert_str_eq(buf, want);
    mana_free(g);
}

START_TEST(end_words)
{
    static const int none[] = {-1};
    /* the positions of end_reasons above, each with its words */
    expect_end_text("6/6/6/2R3/dR4/4D1 w 2 0", none, "", "playing");
    expect_end_text("6/6/6/2R3/dR4/4D1 w 2 0", none, "b2xa2", "White won, Black's Damyo captured");
    expect_end_text("5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", (const int[]){MANA_OPT_BLOCKED, MANA_BLOCKED_LOSS, -1}, "",
                    "Black won, White to move and blocked");
    expect_end_text("5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", (const int[]){MANA_OPT_BLOCKED, MANA_BLOCKED_DRAW, -1}, "",
                    "drawn, White to move and blocked");
    expect_end_text("6/6/6/2R3/dR4/4D1 w 2 0", (const int[]){MANA_OPT_PLY_LIMIT, 1, -1}, "c3-c4",
                    "drawn at the ply limit");
    expect_end_text("1D1r2/rr2r1/2Rd1r/6/5R/1RR3 w 3 1", (const int[]){MANA_OPT_REPETITION, 2, -1},
                    "c4-b4 e5-e6 b4-c4 e6-e5", "drawn by repetition");
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    char buf[64];
    ck_assert_int_eq(mana_end_text(g, buf, sizeof buf), 5);
    ck_assert_str_eq(buf, "setup");
    ck_assert_int_eq(mana_end_text(g, NULL, 0), 5);
    ck_assert_int_eq(mana_end_text(g, buf, 5), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    ck_assert_int_eq(mana_end_text(g, NULL, 1), MANA_EINVAL);
    ck_assert_int_eq(mana_end_text(NULL, buf, sizeof buf), MANA_EINVAL);
    mana_free(g);
}
END_TEST

START_TEST(board_words)
{
    /* Orientation 0 (ranks 6..1: 223122 131313 312231 231312 213132
     * 132213), Mana 2: the 2-mark squares are the bound ones, c4 and d4 on
     * rank 4 (3 1 2 2 3 1), the Ronin d4 among them, so the plain Mana
     * line: White must move a piece on a 2-mark square. */
    mana_game *g = tu_game("6/3r2/3R2/2r3/1R4/d3D1 w 2 0");
    static const char want[] = "   a   b   c   d   e   f\n"
                               "6  .2* .2* .3  .1  .2* .2* 6\n"
                               "5  .1  .3  .1  r3  .1  .3  5\n"
                               "4  .3  .1  .2* R2* .3  .1  4\n"
                               "3  .2* .3  r1  .3  .1  .2* 3\n"
                               "2  .2* R1  .3  .1  .3  .2* 2\n"
                               "1  d1  .3  .2* .2* D1  .3  1\n"
                               "   a   b   c   d   e   f    (piece or '.', then marks; * the Mana binds)\n"
                               "White to move; Mana 2: White must move a piece on a 2-mark square (*)\n"
                               "reserve: White 3, Black 3\n";
    char buf[2048];
    int n = mana_board_text(g, 0, NULL, 0);
    ck_assert_int_eq(n, (int)strlen(want));
    ck_assert_int_eq(mana_board_text(g, 0, buf, sizeof buf), n);
    ck_assert_str_eq(buf, want);
    ck_assert_int_eq(mana_board_text(g, 0, buf, (size_t)n), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    /* colour: each of the 6 pieces wrapped in an escape and a reset */
    n = mana_board_text(g, MANA_TEXT_COLOR, buf, sizeof buf);
    ck_assert_int_eq(n, (int)strlen(want) + 6 * ((int)strlen("\033[1;97;44m") + (int)strlen("\033[0m")));
    ck_assert_ptr_nonnull(strstr(buf, "\033[1;97;44mR2\033[0m*"));
    ck_assert_int_eq(mana_board_text(g, 2, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_board_text(NULL, 0, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_board_text(g, 0, NULL, 8), MANA_EINVAL);
    mana_free(g);
    /* a new game: no marks, no bound square, the setup step (Black chooses
     * the orientation, docs/rules.md) and what each
     * side has still to place; after b2xa2 the end's words, and the
     * reserves: White has 2 Ronins on the board (3 off), Black none (5) */
    g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_gt(mana_board_text(g, 0, buf, sizeof buf), 0);
    ck_assert_ptr_nonnull(strstr(buf, "6  .   .   .   .   .   .   6\n"));
    ck_assert_ptr_nonnull(strstr(buf, "setup: Black to choose the orientation\n"
                                      "to place: White the Damyo and 5 Ronins, Black the Damyo and 5 Ronins\n"));
    mana_free(g);
    g = tu_game("6/6/6/2R3/dR4/4D1 w 2 0");
    tu_play(g, "b2xa2");
    ck_assert_int_gt(mana_board_text(g, 0, buf, sizeof buf), 0);
    ck_assert_ptr_eq(strchr(buf, '*'), strstr(buf, "* the Mana")); /* no square bound once over */
    ck_assert_ptr_nonnull(strstr(buf, "finished: White won, Black's Damyo captured\nreserve: White 3, Black 5\n"));
    mana_free(g);
}
END_TEST

/* ---- options by name ---------------------------------------------------- */

START_TEST(option_words)
{
    static const char *const names[MANA_OPTION_COUNT] = {
        "Orientation",        "SetupArea", "DamyoOnDouble", "Reentry",
        "ReentryWhenBlocked", "Blocked",   "Repetition",    "PlyLimit"};
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++)
        ck_assert_str_eq(mana_option_name(opt), names[opt]);
    ck_assert_ptr_null(mana_option_name(-1));
    ck_assert_ptr_null(mana_option_name(MANA_OPTION_COUNT));
    ck_assert_ptr_null(mana_option_values(MANA_OPTION_COUNT));
    ck_assert_str_eq(mana_option_values(MANA_OPT_BLOCKED), "pass|draw|loss");
    ck_assert_str_eq(mana_option_values(MANA_OPT_REPETITION), "0|2..1000000");

    /* text -> value -> text, for every value of the small options and
     * the ends of the numeric ones */
    static const struct {
        int opt, value;
        const char *text;
    } cases[] = {
        {MANA_OPT_ORIENTATION, -1, "chosen"},
        {MANA_OPT_ORIENTATION, 3, "3"},
        {MANA_OPT_SETUP_AREA, 0, "two-ranks"},
        {MANA_OPT_SETUP_AREA, 1, "back-rank"},
        {MANA_OPT_DAMYO_ON_DOUBLE, 0, "off"},
        {MANA_OPT_DAMYO_ON_DOUBLE, 1, "on"},
        {MANA_OPT_REENTRY, 1, "mana-mark"},
        {MANA_OPT_REENTRY_WHEN_BLOCKED, 0, "off"},
        {MANA_OPT_BLOCKED, 0, "pass"},
        {MANA_OPT_BLOCKED, 1, "draw"},
        {MANA_OPT_BLOCKED, 2, "loss"},
        {MANA_OPT_REPETITION, 0, "0"},
        {MANA_OPT_REPETITION, 2, "2"},
        {MANA_OPT_REPETITION, 1000000, "1000000"},
        {MANA_OPT_PLY_LIMIT, 1000000000, "1000000000"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int opt = -5, value = -5;
        char buf[16];
        ck_assert_int_eq(mana_option_parse(names[cases[i].opt], cases[i].text, &opt, &value), MANA_OK);
        ck_assert_int_eq(opt, cases[i].opt);
        ck_assert_int_eq(value, cases[i].value);
        ck_assert_int_eq(mana_option_format(opt, value, buf, sizeof buf), (int)strlen(cases[i].text));
        ck_assert_str_eq(buf, cases[i].text);
    }
    int opt = MANA_OPT_DAMYO_ON_DOUBLE, value = -5;
    ck_assert_int_eq(mana_option_parse(NULL, "TRUE", &opt, &value), MANA_OK);
    ck_assert_int_eq(value, 1);
    ck_assert_int_eq(mana_option_parse("plylimit", "007", &opt, &value), MANA_OK);
    ck_assert_int_eq(opt, MANA_OPT_PLY_LIMIT);
    ck_assert_int_eq(value, 7);
    /* leading zeros do not count towards the range: 20 digits, value 1000000000 (the PlyLimit maximum) */
    ck_assert_int_eq(mana_option_parse("PlyLimit", "00000000001000000000", &opt, &value), MANA_OK);
    ck_assert_int_eq(value, 1000000000);
    /* refusals: *option and *value untouched */
    opt = value = -5;
    ck_assert_int_eq(mana_option_parse("Blocked", "sometimes", &opt, &value), MANA_EPARSE);
    ck_assert_str_eq(mana_error_detail(), "Blocked: bad value 'sometimes' (expected pass|draw|loss)");
    ck_assert_int_eq(mana_option_parse("Colour", "red", &opt, &value), MANA_EPARSE);
    ck_assert_int_eq(mana_option_parse("Repetition", "1", &opt, &value), MANA_EPARSE);
    ck_assert_int_eq(mana_option_parse("PlyLimit", "-1", &opt, &value), MANA_EPARSE);
    ck_assert_int_eq(mana_option_parse("PlyLimit", "12345678901", &opt, &value), MANA_EPARSE);
    /* out of range on every width of long: just above the maximum, INT_MAX + 1, UINT32_MAX + 5 (5 where a
       32-bit long wraps), 20 digits (wraps a 64-bit long) */
    static const char *const too_big[] = {"1000000001", "2147483648", "4294967301", "99999999999999999999",
                                          "18446744073709551621"};
    for (size_t i = 0; i < sizeof too_big / sizeof *too_big; i++)
        ck_assert_int_eq(mana_option_parse("PlyLimit", too_big[i], &opt, &value), MANA_EPARSE);
    ck_assert_int_eq(mana_option_parse("Repetition", "4294967298", &opt, &value), MANA_EPARSE);
    ck_assert_int_eq(mana_option_parse("Orientation", "4", &opt, &value), MANA_EPARSE);
    ck_assert_int_eq(mana_option_parse(NULL, "1", &opt, &value), MANA_EINVAL); /* *option is -5 */
    ck_assert_int_eq(mana_option_parse("Blocked", NULL, &opt, &value), MANA_EINVAL);
    ck_assert_int_eq(opt, -5);
    ck_assert_int_eq(value, -5);
    char buf[16];
    ck_assert_int_eq(mana_option_format(MANA_OPT_REPETITION, 1, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_option_format(MANA_OPT_BLOCKED, 3, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_option_format(8, 0, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_option_format(MANA_OPT_SETUP_AREA, 1, buf, 9), MANA_ESPACE);
    ck_assert_int_eq(mana_option_format(MANA_OPT_SETUP_AREA, 1, NULL, 9), MANA_EINVAL);
}
END_TEST

/* ---- SVG ---------------------------------------------------------------- */

static char *svg_of(const mana_game *g, int width, unsigned flags)
{
    int n = mana_svg(g, width, flags, NULL, 0);
    ck_assert_msg(n > 0, "svg size = %d (%s)", n, mana_error_detail());
    ck_assert_int_lt(n, 32768);
    char *buf = malloc((size_t)n + 1);
    ck_assert_int_eq(mana_svg(g, width, flags, buf, (size_t)n + 1), n);
    return buf;
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p++)
        n++;
    return n;
}

START_TEST(svg_drawing)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    char *s = svg_of(g, 0, 0);
    /* before the orientation: no marks, no pieces */
    ck_assert_int_eq(strncmp(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44), 0);
    ck_assert_ptr_nonnull(strstr(s, "width=\"440\" height=\"484\" viewBox=\"0 0 440 484\""));
    ck_assert_int_eq(count(s, "<line"), 0);
    ck_assert_int_eq(count(s, "<circle"), 0);
    ck_assert_ptr_nonnull(strstr(s, "Setup: Black to choose the orientation"));
    /* no reserve before play: every piece is still to place */
    ck_assert_ptr_nonnull(strstr(s, "To place: White 6, Black 6 pieces</text>"));
    ck_assert_ptr_null(strstr(s, "Reserves"));
    ck_assert_str_eq(s + strlen(s) - 7, "</svg>\n");
    free(s);

    /* after the orientation, Black's Damyo and two Ronins: Black has 3 to
     * place, White all 6 */
    play_all(g, "O0 D@a6 R@b6 R@c6");
    s = svg_of(g, 0, 0);
    ck_assert_ptr_nonnull(strstr(s, "To place: White 6, Black 3 pieces</text>"));
    free(s);
    while (mana_undo(g) == MANA_OK)
        ;

    play_all(g, SETUP_O0 " a6-a4 b1-b4");
    s = svg_of(g, 0, 0);
    /* each orientation has twelve squares of each mark count: 72 strokes */
    ck_assert_int_eq(count(s, "<line"), 12 * 1 + 12 * 2 + 12 * 3);
    /* twelve discs, and a ring in each Damyo */
    ck_assert_int_eq(count(s, "<circle"), 12 + 2);
    /* b1-b4: b1 is column 1, row 5 -> (92, 348); b4 column 1, row 2 ->
     * (92, 156): both tinted as the last move */
    ck_assert_ptr_nonnull(strstr(s, "<rect x=\"92\" y=\"348\" width=\"64\" height=\"64\" fill=\"#e8d44d\""));
    ck_assert_ptr_nonnull(strstr(s, "<rect x=\"92\" y=\"156\" width=\"64\" height=\"64\" fill=\"#e8d44d\""));
    /* the Mana: b4 has 1 mark (rank 4 of table 0 is 312231), so Black is
     * bound to its 12 one-mark squares, tinted, and the bird sits on b4 */
    ck_assert_int_eq(count(s, "fill=\"#f0a04b\""), 12);
    ck_assert_ptr_nonnull(
        strstr(s, "<rect x=\"94\" y=\"158\" width=\"60\" height=\"60\" fill=\"none\" stroke=\"#c0392b\""));
    ck_assert_ptr_nonnull(strstr(s, "Black to move, bound by the Mana to 1-mark squares"));
    ck_assert_ptr_nonnull(strstr(s, "The Mana came from b4.  Reserves: White 0, Black 0"));
    ck_assert_ptr_nonnull(strstr(s, ">a</text>"));
    free(s);

    /* flipped: b4 is column 4, row 3 -> (284, 220) */
    s = svg_of(g, 220, MANA_SVG_FLIPPED);
    ck_assert_ptr_nonnull(strstr(s, "width=\"220\" height=\"242\""));
    ck_assert_ptr_nonnull(strstr(s, "<rect x=\"284\" y=\"220\" width=\"64\" height=\"64\" fill=\"#e8d44d\""));
    free(s);

    /* everything off: no coordinates, tints, bird or caption */
    s = svg_of(g, 0, MANA_SVG_NO_COORDINATES | MANA_SVG_NO_LAST_MOVE | MANA_SVG_NO_MANA | MANA_SVG_NO_CAPTION);
    ck_assert_ptr_nonnull(strstr(s, "viewBox=\"0 0 400 400\""));
    ck_assert_int_eq(count(s, "fill-opacity"), 0);
    ck_assert_int_eq(count(s, "#c0392b"), 0);
    ck_assert_int_eq(count(s, "<text"), 36 + 12); /* mark counts, piece letters */
    ck_assert_int_eq(count(s, "<line"), 72);
    free(s);
    mana_free(g);
}
END_TEST

START_TEST(svg_errors)
{
    mana_game *g = tu_game("6/6/6/2R3/dR4/4D1 w 2 0");
    char buf[64];
    int n = mana_svg(g, 0, 0, NULL, 0);
    memset(buf, 'z', sizeof buf);
    ck_assert_int_eq(mana_svg(g, 0, 0, buf, sizeof buf), MANA_ESPACE);
    ck_assert_str_eq(buf, "");
    char want[64];
    snprintf(want, sizeof want, "mana_svg: needs %d bytes, buf has 64", n + 1);
    ck_assert_str_eq(mana_error_detail(), want);
    ck_assert_int_eq(mana_svg(NULL, 0, 0, buf, sizeof buf), MANA_EINVAL);
    ck_assert_int_eq(mana_svg(g, 0, 0, NULL, 1), MANA_EINVAL);
    ck_assert_int_eq(mana_svg(g, 63, 0, NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_svg(g, 8193, 0, NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_svg(g, -1, 0, NULL, 0), MANA_EINVAL);
    ck_assert_int_eq(mana_svg(g, 64, 32, NULL, 0), MANA_EINVAL);
    ck_assert_int_gt(mana_svg(g, 8192, 31, NULL, 0), 0);
    mana_free(g);
}
END_TEST

/* ---- where the Mana came from ------------------------------------------- */

/* The Mana's square is the landing square of the last move that moved or
 * re-entered a piece.  In "6/3r2/3R2/2r3/1R4/d3D1 w 2 0" White's Ronin on d4
 * (a 2-mark square, so it moves when bound by the Mana 2) takes the Black
 * Ronin on c3 two steps away (through the empty d3 or c4), so the Mana
 * then comes from c3 = 2 + 2 * 6 = 14.  Before any move of play,
 * in the setup, and for a position set by MFN with no history there is
 * none (-1). */
START_TEST(mana_square_follows_landing)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    ck_assert_int_eq(mana_mana_square(g), -1); /* setup */
    play_all(g, SETUP_O0);
    ck_assert_int_eq(mana_status(g), MANA_PLAYING);
    ck_assert_int_eq(mana_mana_square(g), -1); /* no move of play yet */
    ck_assert_int_eq(mana_set_position(g, "6/3r2/3R2/2r3/1R4/d3D1 w 2 0"), MANA_OK);
    ck_assert_int_eq(mana_mana_square(g), -1); /* MFN: history empty */
    tu_play(g, "d4xc3");
    ck_assert_int_eq(mana_mana_square(g), 14);
    ck_assert_int_eq(mana_marks_at(g, 14), mana_mana(g));
    ck_assert_int_eq(mana_undo(g), MANA_OK);
    ck_assert_int_eq(mana_mana_square(g), -1);
    ck_assert_int_eq(mana_mana_square(NULL), MANA_EINVAL);
    mana_free(g);
}
END_TEST

Suite *picture_suite(void)
{
    Suite *s = suite_create("picture");
    TCase *tc = tcase_create("history");
    tcase_add_test(tc, history_format_without_replay);
    tcase_add_test(tc, end_reasons);
    tcase_add_test(tc, end_words);
    tcase_add_test(tc, board_words);
    tcase_add_test(tc, option_words);
    tcase_add_test(tc, mana_square_follows_landing);
    suite_add_tcase(s, tc);
    tc = tcase_create("svg");
    tcase_add_test(tc, svg_drawing);
    tcase_add_test(tc, svg_errors);
    suite_add_tcase(s, tc);
    return s;
}
