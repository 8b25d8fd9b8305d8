/* SPDX-License-Identifier: MIT */
/*
 * own_names - a program with functions of its own named as the bots'
 * internals (tt_probe, ab_look, bot_report, mcts_proof_value) links with
 * libmana-bots.a and libmana.a and plays an ab move: the archive shows
 * only mana_bot_* (Makefile, BOTS_A_OBJ), so nothing clashes.  Run by
 * `make check-exports`; exit status 0 when the move is legal and the
 * program's own functions are the ones it calls.
 */
#include <stdio.h>

#include <mana_bot.h>

int tt_probe(void);
int ab_look(void);
int bot_report(void);
int mcts_proof_value(void);

int tt_probe(void)
{
    return 1;
}

int ab_look(void)
{
    return 2;
}

int bot_report(void)
{
    return 3;
}

int mcts_proof_value(void)
{
    return 4;
}

int main(void)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_bot *b = mana_bot_new("ab", 1);
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.depth = 3;
    mana_bot_result r;
    int ok = g != NULL && b != NULL && mana_setup_random(g, 5) == MANA_OK &&
             mana_bot_choose(b, g, &lim, &r) == MANA_OK && mana_is_legal(g, r.move) == 1;
    int own = tt_probe() * 1000 + ab_look() * 100 + bot_report() * 10 + mcts_proof_value();
    mana_bot_free(b);
    mana_free(g);
    if (!ok || own != 1234) {
        fprintf(stderr, "own_names: %s, own functions %d (want 1234)\n", ok ? "a legal move" : "no legal move", own);
        return 1;
    }
    printf("own_names: a program's own tt_probe, ab_look, bot_report and mcts_proof_value link beside "
           "libmana-bots.a, whose ab plays a legal move\n");
    return 0;
}
