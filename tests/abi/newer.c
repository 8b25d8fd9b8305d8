/* SPDX-License-Identifier: MIT */
/*
 * A program that calls functions added after 0.2.0 (version node
 * MANA_0.3) besides 0.2.0's own (MANA_0).  Built against the new
 * libmana.so it runs and prints the results; run with a libmana.so.0
 * that has only 0.2.0's node, the loader refuses to start it
 * (tests/abi/check-nodes.sh).
 */
#include <stdio.h>

#include "mana.h"

int main(void)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    if (!g) {
        fprintf(stderr, "newer: mana_new failed\n");
        return 1;
    }
    /* The new game is in its setup: no Mana binds yet (mana_binding 0),
     * and MANA_WHITE_WON reads "1-0" in a record. */
    printf("%s %d %s %d\n", mana_version(), mana_binding(g), mana_result_text(MANA_WHITE_WON),
           mana_result_parse("0-1") == MANA_BLACK_WON);
    mana_free(g);
    return 0;
}
