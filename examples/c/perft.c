/* SPDX-License-Identifier: MIT */
/*
 * perft - counts the leaves of the legal-move tree of a position.
 *
 *   perft [DEPTH [MFN]]
 *
 * Prints perft(1) to perft(DEPTH) of MFN (perft(0) = 1 for DEPTH 0), the arguments in the order of
 * `mana-cli perft DEPTH [MFN]`.  DEPTH is 0..64, 3 by default; MFN is the
 * usual starting position by default (16, 66, 421 for depths 1 to 3).
 * A bad argument prints the usage and exits with status 2.
 * Build: cc perft.c $(pkg-config --cflags --libs mana)
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

/* The depth argument as 0..64, or -1 if it is not a whole number in range. */
static int parse_depth(const char *text)
{
    char *end;
    errno = 0;
    long d = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || d < 0 || d > 64)
        return -1;
    return (int)d;
}

int main(int argc, char **argv)
{
    int depth = argc > 1 ? parse_depth(argv[1]) : 3;
    const char *mfn = argc > 2 ? argv[2] : "rrdrrr/6/6/6/6/RRRDRR b - 0";
    if (argc > 3 || depth < 0) {
        fprintf(stderr,
                "usage: perft [DEPTH [MFN]]   (DEPTH 0..64, 3 by default; MFN: the start position by default)\n");
        return 2;
    }

    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g == NULL) {
        fprintf(stderr, "mana_new: %s\n", mana_error_detail());
        return EXIT_FAILURE;
    }
    CHECK(mana_set_position(g, mfn));
    for (int d = depth == 0 ? 0 : 1; d <= depth; d++) {
        uint64_t leaves;
        CHECK(mana_perft(g, d, &leaves));
        printf("perft(%d) = %" PRIu64 "\n", d, leaves);
    }
    mana_free(g);
    printf("libmana %s\n", mana_version());
    return EXIT_SUCCESS;
}
