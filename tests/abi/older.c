/* SPDX-License-Identifier: MIT */
/*
 * A program built against a libmana.so.0 with 0.2.0's version node alone
 * (MANA_0): it must load and run with the newer library too
 * (tests/abi/check-nodes.sh).  Prints the loaded version and the number
 * of legal moves of a new game.
 */
#include <stdio.h>

#include "mana.h"

int main(void)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (!g) {
        fprintf(stderr, "older: mana_new failed\n");
        return 1;
    }
    printf("%s %d\n", mana_version(), mana_legal_moves(g, NULL, 0));
    mana_free(g);
    return 0;
}
