/* SPDX-License-Identifier: MIT */
/*
 * mcts.h - the parts of the `mcts` bot, shared by its files only:
 *   mcts.c      the tree: UCT selection, MCTS-Solver proofs, expansion with
 *               decisive and anti-decisive moves, guided playouts, setup
 *   mcts_proof.c the proofs the tree starts from: a three-valued exact
 *               search (won, lost, unknown) of each root child, under a
 *               budget of moves played, so that an iteration limit keeps
 *               it deterministic, and the one-ply look of a new child.
 *               Not the bots' mate search (mate.c, which proves the
 *               nearest win under a time limit with its tables and
 *               df-pn): this one also proves root children *lost* and
 *               runs under node and iteration limits too.
 * Everything about the rules comes from libmana.
 */
#ifndef MANA_BOTS_MCTS_H
#define MANA_BOTS_MCTS_H

#include "bots.h"

/* Proven values, from the view of the side they are given for. */
enum { MCTS_LOSS = -1, MCTS_UNKNOWN = 0, MCTS_WIN = 1 };

/* The state of one mate search: its budget of moves played and whether
 * it ran out (its answers are then MCTS_UNKNOWN where unfinished). */
typedef struct mcts_proof {
    bot *b;
    uint64_t plays;  /* moves played so far */
    uint64_t budget; /* most moves it may play */
    double stop_ms;  /* bot_clock_ms at which it gives up (0: none) */
    int aborted;
} mcts_proof;

/* Returns the proven value for the side to move of the position w within
 * depth plies (depth >= 1): MCTS_WIN if it can force the capture of the
 * enemy Damyo by its depth-th ply, MCTS_LOSS if the opponent can force the
 * capture of ours within depth plies whatever it plays, else MCTS_UNKNOWN;
 * a game that ends otherwise counts as unknown.  Fail-hard in the window
 * alpha < v < beta of these values.  w is played on and restored. */
int mcts_proof_value(mcts_proof *s, mana_game *w, int depth, int alpha, int beta);

/* Returns the value for the side that moved of the position w just after
 * its move, looking one ply ahead: MCTS_WIN if the move ended the game in
 * its favour, MCTS_LOSS if it lost or lets the opponent take its Damyo at
 * once, else MCTS_UNKNOWN. */
int mcts_after_move(const mana_game *w);

#endif
