/* SPDX-License-Identifier: MIT */
/*
 * learncheck - the C inference of ab's learned evaluation
 * (ab_learned_score, bots/ab_eval.c) gives the scores that
 * tools/learn/learn.py computed for the same table:
 *
 *   learncheck VECTORS
 *
 * VECTORS holds one position a line: its AB_LEARN_INPUTS inputs, then the
 * score learn.py gives them (`learn.py train --vectors` or `learn.py
 * vectors`).  Linked with the table to test (bots/ab_learned.c, or one
 * that `make check-learn` trains, given before libmana-bots.a), it also
 * checks that the table was trained on the inputs of
 * ab_learn_input_names.  Exit status 0 when every line agrees.
 */
#include <stdio.h>
#include <string.h>

#include "ab.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: learncheck VECTORS\n");
        return 2;
    }
    int bad = 0;
    for (int i = 0; i < AB_LEARN_INPUTS; i++)
        if (strcmp(ab_learned_inputs[i], ab_learn_input_names[i]) != 0) {
            fprintf(stderr, "learncheck: the table's input %d is %s, ab_learn_inputs' %s\n", i, ab_learned_inputs[i],
                    ab_learn_input_names[i]);
            bad = 1;
        }
    FILE *f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    long lines = 0, differ = 0;
    for (;;) {
        int16_t x[AB_LEARN_PAD] = {0};
        int want = 0, k = 0, v = 0;
        while (k < AB_LEARN_INPUTS && fscanf(f, "%d", &v) == 1)
            x[k++] = (int16_t)v;
        if (k == 0 && feof(f))
            break;
        if (k < AB_LEARN_INPUTS || fscanf(f, "%d", &want) != 1) {
            fprintf(stderr, "learncheck: %s: line %ld: expected %d inputs and a score\n", argv[1], lines + 1,
                    AB_LEARN_INPUTS);
            fclose(f);
            return 2;
        }
        lines++;
        int got = ab_learned_score(x, 0);
        if (got != want && differ++ < 5)
            fprintf(stderr, "learncheck: %s: line %ld: ab_learned_score %d, learn.py %d\n", argv[1], lines, got, want);
    }
    fclose(f);
    printf("learncheck: %ld positions, %ld scores differ%s\n", lines, differ, bad ? ", inputs differ" : "");
    return bad || differ != 0 || lines == 0;
}
