/* SPDX-License-Identifier: MIT */
/*
 * play_game - a whole game of Mana between two random players.
 *
 *   play_game [SEED]
 *
 * Sets the pieces up at random (mana_setup_random), then plays random legal
 * moves until the game ends, printing each move and the result.
 * Build: cc play_game.c $(pkg-config --cflags --libs mana)
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <mana.h>

/* CHECK(call): the value of call, or exit with the library's message if it
 * is a negative error code. */
#define CHECK(call) check((call), #call)
static int check(int rc, const char *what)
{
    if (rc < 0) {
        fprintf(stderr, "%s: %s (%s)\n", what, mana_strerror(rc), mana_error_detail());
        exit(EXIT_FAILURE);
    }
    return rc;
}

/* A tiny xorshift generator, so that a seed gives the same game anywhere. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* The seed text, decimal digits only, as a uint64_t; exits with a message
 * for anything else (strtoull alone would wrap "-1" to 2^64 - 1, clamp
 * what is too big and read "x" as 0). */
static uint64_t parse_seed(const char *text)
{
    char *end = NULL;
    errno = 0;
    unsigned long long v = text[0] >= '0' && text[0] <= '9' ? strtoull(text, &end, 10) : 0;
    if (end == NULL || *end != '\0' || errno == ERANGE) {
        fprintf(stderr, "play_game: SEED must be an integer 0..18446744073709551615, not '%s'\n", text);
        exit(2);
    }
    return (uint64_t)v;
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? parse_seed(argv[1]) : 1;
    uint64_t state = seed * 2 + 1; /* never 0 */
    mana_move moves[MANA_MAX_MOVES];
    char text[MANA_MOVE_TEXT_MAX + 1];
    char mfn[MANA_MFN_MAX + 1];

    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    if (g == NULL) {
        fprintf(stderr, "mana_new: %s\n", mana_error_detail());
        return EXIT_FAILURE;
    }
    /* A draw after 1000 plies, so that the loop surely ends. */
    CHECK(mana_set_option(g, MANA_OPT_PLY_LIMIT, 1000));
    CHECK(mana_setup_random(g, seed));
    CHECK(mana_get_position(g, mfn, sizeof mfn));
    printf("start: %s\n", mfn);

    int plies = 0;
    while (CHECK(mana_status(g)) == MANA_PLAYING) {
        int n = CHECK(mana_legal_moves(g, moves, MANA_MAX_MOVES));
        mana_move m = moves[next_random(&state) % (uint64_t)n];
        CHECK(mana_move_format(g, m, text, sizeof text)); /* before playing */
        CHECK(mana_play(g, m));
        printf("%s%s", plies % 10 ? " " : (plies ? "\n  " : "  "), text);
        plies++;
    }

    static const char *const results[] = {"setup", "playing", "White won", "Black won", "drawn"};
    CHECK(mana_get_position(g, mfn, sizeof mfn));
    printf("\nend:   %s\n%s after %d moves\n", mfn, results[mana_status(g)], plies);
    mana_free(g);
    return EXIT_SUCCESS;
}
