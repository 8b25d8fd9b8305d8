/* SPDX-License-Identifier: MIT */
/*
 * features - the evaluation features of `ab` (bots/ab.h, enum
 * ab_feature) of the quiet positions of game records, for fitting their
 * weights (tools/tune/tune.py).
 *
 *   features RECORD...  >  positions.csv
 *   features --learn RECORD...  >  inputs.csv
 *
 * One CSV line per position: the game's result from the view of the side
 * to move (1 win, 0.5 draw, 0 loss), then the features in enum order, or
 * with --learn the inputs of the learned evaluation (ab.h,
 * ab_learn_inputs: tools/learn/learn.py trains on them).
 * Quiet positions only: play phase, at least 4 plies in, the side to move
 * neither able to take the Damyo nor in check (ab_view.in_check), the
 * positions whose static value the evaluation has to get right.  Records
 * are read by the library (mana_record_read), every game of each file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"

/* 1: print the learned evaluation's inputs instead of the features. */
static int learn;

/* Prints the quiet positions of the finished game g (history replayed on
 * a copy taken back to its start); returns how many. */
static int dump(const mana_game *g)
{
    int st = mana_status(g);
    if (st != MANA_WHITE_WON && st != MANA_BLACK_WON && st != MANA_DRAWN)
        return 0;
    int n = mana_history(g, NULL, 0), count = 0;
    mana_move moves[4096];
    if (n <= 0 || n > 4096 || mana_history(g, moves, n) != n)
        return 0;
    mana_game *w = mana_clone(g);
    if (w == NULL)
        return 0;
    while (mana_undo(w) == MANA_OK)
        ;
    int plies = 0;
    for (int i = 0; i < n; i++) {
        if (mana_status(w) == MANA_PLAYING && plies++ >= 4) {
            uint64_t marks[3];
            ab_view v;
            int16_t x[AB_LEARN_PAD];
            ab_marks(w, marks);
            ab_learn_inputs(w, marks, &v, x);
            if (!v.win_now && !v.in_check) {
                double r = st == MANA_DRAWN ? 0.5 : (st == MANA_WHITE_WON) == (v.us == MANA_WHITE);
                printf("%g", r);
                for (int k = 0; k < (learn ? AB_LEARN_INPUTS : F_COUNT); k++)
                    printf(",%d", learn ? x[k] : v.f[k]);
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

/* Reads all of the file at path into a new buffer (*len bytes); NULL with
 * the reason printed. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t cap = 0;
    *len = 0;
    if (f == NULL) {
        perror(path);
        return NULL;
    }
    for (;;) {
        if (*len == cap) {
            char *t = realloc(text, cap = cap ? 2 * cap : 65536);
            if (t == NULL)
                break;
            text = t;
        }
        size_t n = fread(text + *len, 1, cap - *len, f);
        *len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(f) || *len == cap;
    fclose(f);
    if (bad) {
        fprintf(stderr, "features: %s: cannot read it\n", path);
        free(text);
        return NULL;
    }
    return text;
}

/* Dumps every game of the record file at path; returns the positions, or
 * -1 with the reason printed ("PATH:LINE:COLUMN: reason" for a bad
 * record). */
static long dump_file(const char *path)
{
    size_t len, off = 0;
    char *text = slurp(path, &len);
    if (text == NULL)
        return -1;
    long total = 0;
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    while (g != NULL && off < len) {
        size_t before = off;
        if (mana_record_read(g, text, len, &off, NULL) != MANA_OK) {
            fprintf(stderr, "features: %s:%s\n", path, mana_error_detail());
            total = -1;
            break;
        }
        if (off == before)
            break;
        total += dump(g);
    }
    if (g == NULL) {
        fprintf(stderr, "features: out of memory\n");
        total = -1;
    }
    mana_free(g);
    free(text);
    return total;
}

int main(int argc, char **argv)
{
    long total = 0;
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--learn") == 0) {
        learn = 1;
        first = 2;
    }
    printf("result");
    for (int k = 0; k < (learn ? AB_LEARN_INPUTS : F_COUNT); k++)
        printf(",%s", learn ? ab_learn_input_names[k] : ab_feature_names[k]);
    putchar('\n');
    for (int i = first; i < argc; i++) {
        long n = dump_file(argv[i]);
        if (n < 0)
            return 1;
        total += n;
    }
    fprintf(stderr, "features: %ld positions from %d records\n", total, argc - first);
    return 0;
}
