/* SPDX-License-Identifier: MIT */
/*
 * features - the evaluation features of `ab` (examples/cli/ab.h, enum
 * ab_feature) of the quiet positions of game records, for fitting their
 * weights (tools/tune/tune.py).
 *
 *   features RECORD...  >  positions.csv
 *
 * One CSV line per position: the game's result from the view of the side
 * to move (1 win, 0.5 draw, 0 loss), then the features in enum order.
 * Quiet positions only: play phase, at least 4 plies in, the side to move
 * neither able to take the Damyo nor in check (ab_view.in_check), the
 * positions whose static value the evaluation has to get right.  Records
 * are read with the CLI's reader (examples/cli/record.h).
 */
#include <stdio.h>

#include "ab.h"
#include "record.h"

/* Prints the quiet positions of the finished game g (history replayed on
 * a fresh copy from its start); returns how many. */
static int dump(const mana_game *g, const record_info *info)
{
    int st = mana_status(g);
    if (st != MANA_WHITE_WON && st != MANA_BLACK_WON && st != MANA_DRAWN)
        return 0;
    int n = mana_history(g, NULL, 0), count = 0;
    mana_move moves[4096];
    if (n <= 0 || n > 4096 || mana_history(g, moves, n) != n)
        return 0;
    mana_game *w = record_start(info->preset, g, info->start_mfn);
    if (w == NULL)
        return 0;
    int plies = 0;
    for (int i = 0; i < n; i++) {
        if (mana_status(w) == MANA_PLAYING && plies++ >= 4) {
            uint64_t marks[3];
            ab_view v;
            ab_marks(w, marks);
            ab_look(w, marks, &v);
            if (!v.win_now && !v.in_check) {
                double r = st == MANA_DRAWN ? 0.5 : (st == MANA_WHITE_WON) == (v.us == MANA_WHITE);
                printf("%g", r);
                for (int k = 0; k < F_COUNT; k++)
                    printf(",%d", v.f[k]);
                putchar('\n');
                count++;
            }
        }
        if (mana_play(w, moves[i]) != MANA_OK)
            break;
    }
    mana_free(w);
    return count;
}

int main(int argc, char **argv)
{
    long total = 0;
    printf("result");
    for (int k = 0; k < F_COUNT; k++)
        printf(",%s", ab_feature_names[k]);
    putchar('\n');
    for (int i = 1; i < argc; i++) {
        mana_game *g = NULL;
        record_info info;
        char err[256];
        if (record_load(argv[i], &g, &info, err, sizeof err) != 0) {
            fprintf(stderr, "features: %s\n", err);
            return 1;
        }
        total += dump(g, &info);
        mana_free(g);
    }
    fprintf(stderr, "features: %ld positions from %d records\n", total, argc - 1);
    return 0;
}
