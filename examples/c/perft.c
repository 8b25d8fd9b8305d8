/* SPDX-License-Identifier: MIT */
/*
 * perft - counts the leaves of the legal-move tree of a position.
 *
 *   perft [MFN [DEPTH]]
 *
 * Default: the usual starting position, depths 1 to 3 (16, 66, 421).
 * Build: cc perft.c $(pkg-config --cflags --libs mana)
 */
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

int main(int argc, char **argv)
{
    const char *mfn = argc > 1 ? argv[1] : "rrdrrr/6/6/6/6/RRRDRR b - 0";
    int depth = argc > 2 ? atoi(argv[2]) : 3;

    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (g == NULL) {
        fprintf(stderr, "mana_new: %s\n", mana_error_detail());
        return EXIT_FAILURE;
    }
    CHECK(mana_set_position(g, mfn));
    for (int d = 1; d <= depth; d++) {
        uint64_t leaves;
        CHECK(mana_perft(g, d, &leaves));
        printf("perft(%d) = %" PRIu64 "\n", d, leaves);
    }
    mana_free(g);
    printf("libmana %s\n", mana_version());
    return EXIT_SUCCESS;
}
