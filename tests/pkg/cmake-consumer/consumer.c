/* SPDX-License-Identifier: MIT */
/*
 * consumer - a program of another project, built with CMake against
 * libmana's package (find_package(mana CONFIG REQUIRED), or libmana's
 * sources through add_subdirectory), linking mana::mana and mana::bots.
 * Checks what it gets against the values the Makefile's tests hold:
 *   - the library loaded is the header's version;
 *   - perft of tests/data/perft.txt: the start position 16 66 421, and
 *     2d3/6/2R1r1/1r4/3D2/6 b 3 3 to depth 4, 391309;
 *   - a function of version node MANA_0.3 (mana_binding: a game in its
 *     setup has no Mana binding, 0);
 *   - ab with the linear evaluation at depth 5 in that position plays R@c5
 *     with score -85 (tests/data/ab_tree.txt, the engine's answer).
 * Prints "consumer: ok" and exits 0 when all hold; else names what
 * differed and exits 1.  (tests/pkg/check-cmake.sh runs it.)
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <mana.h>
#include <mana_bot.h>

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "consumer: %s (%s)\n", what, mana_error_detail());
        failures++;
    }
}

static uint64_t perft(mana_game *g, const char *mfn, int depth)
{
    uint64_t leaves = 0;
    expect(mana_set_position(g, mfn) == MANA_OK, "mana_set_position");
    expect(mana_perft(g, depth, &leaves) == MANA_OK, "mana_perft");
    return leaves;
}

static void check_bot(mana_game *g)
{
    mana_bot *b = mana_bot_new("ab", 1);
    expect(b != NULL, "mana_bot_new(\"ab\")");
    if (b == NULL)
        return;
    expect(strcmp(mana_bot_kind(b), "ab") == 0, "mana_bot_kind is not ab");
    expect(mana_bot_set_option(b, "Eval", "linear") == MANA_OK, "setting Eval linear");
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.depth = 5;
    mana_bot_result res;
    char text[MANA_MOVE_TEXT_MAX + 1] = "";
    expect(mana_set_position(g, "2d3/6/2R1r1/1r4/3D2/6 b 3 3") == MANA_OK, "mana_set_position");
    expect(mana_bot_choose(b, g, &lim, &res) == MANA_OK, "mana_bot_choose");
    expect(mana_move_format(g, res.move, text, sizeof text) > 0, "mana_move_format");
    printf("ab depth 5: %s score %d\n", text, res.info.line.score_cp);
    expect(strcmp(text, "R@c5") == 0, "ab's move is not R@c5");
    expect(res.info.line.score_cp == -85, "ab's score is not -85");
    mana_bot_free(b);
}

int main(void)
{
    printf("libmana %s (header %s)\n", mana_version(), MANA_VERSION_STRING);
    expect(strcmp(mana_version(), MANA_VERSION_STRING) == 0, "the library is not the header's version");
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    expect(g != NULL, "mana_new");
    if (g == NULL)
        return 1;
    expect(mana_binding(g) == 0, "mana_binding of a game in its setup is not 0");

    const char *start = "rrdrrr/6/6/6/6/RRRDRR b - 0";
    uint64_t p1 = perft(g, start, 1), p2 = perft(g, start, 2), p3 = perft(g, start, 3);
    uint64_t p4 = perft(g, "2d3/6/2R1r1/1r4/3D2/6 b 3 3", 4);
    printf("perft %" PRIu64 " %" PRIu64 " %" PRIu64 ", %" PRIu64 "\n", p1, p2, p3, p4);
    expect(p1 == 16 && p2 == 66 && p3 == 421, "perft of the start position is not 16 66 421");
    expect(p4 == 391309, "perft(4) of 2d3/6/2R1r1/1r4/3D2/6 b 3 3 is not 391309");

    check_bot(g);
    mana_free(g);
    if (failures)
        return 1;
    printf("consumer: ok\n");
    return 0;
}
