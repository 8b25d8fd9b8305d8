/* SPDX-License-Identifier: MIT */
/*
 * mcts_proof.c - the `mcts` bot's proofs: does a side force the capture
 * of the enemy Damyo (the game's "mate") within a few plies, or is it
 * forced to lose its own?  The values MCTS-Solver starts from at the root.
 *
 * A three-valued negamax (win, loss, unknown) with alpha-beta cut-offs:
 * a node where the Damyo can be taken is won; a node at depth 1 that
 * cannot take it is unknown; otherwise a node is won if some move leads to
 * a position lost for the opponent and lost if every move leads to one won
 * for him.  Moves are tried captures first, since a capture of a Ronin is
 * the likeliest to open a path to the Damyo.  The budget counts moves
 * played, so a search under a fixed budget is deterministic.
 */
#include "mcts.h"

int mcts_after_move(const mana_game *w)
{
    int st = mana_status(w);
    if (st == MANA_PLAYING)
        return mana_damyo_capturable(w) == 1 ? MCTS_LOSS : MCTS_UNKNOWN;
    if (st == MANA_DRAWN)
        return MCTS_UNKNOWN;
    /* the side to move now is the one that did not move */
    int mover_won = (st == MANA_WHITE_WON) == (mana_side_to_move(w) == MANA_BLACK);
    return mover_won ? MCTS_WIN : MCTS_LOSS;
}

/* Puts the captures of mv[0..n-1] first, keeping the order otherwise. */
static void captures_first(const mana_game *w, mana_move *mv, int n)
{
    int front = 0;
    for (int k = 0; k < n; k++)
        if (bot_captures(w, mv[k])) {
            mana_move t = mv[k];
            for (int j = k; j > front; j--)
                mv[j] = mv[j - 1];
            mv[front++] = t;
        }
}

static int out_of_time(const mcts_proof *s)
{
    return bot_out_of_time(s->b) || (s->stop_ms > 0 && bot_clock_ms(s->b) >= s->stop_ms);
}

int mcts_proof_value(mcts_proof *s, mana_game *w, int depth, int alpha, int beta)
{
    if (mana_damyo_capturable(w) == 1)
        return MCTS_WIN;
    if (depth <= 1)
        return MCTS_UNKNOWN;
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(w, mv, MANA_MAX_MOVES);
    if (n <= 0)
        return MCTS_UNKNOWN;
    captures_first(w, mv, n);
    int best = MCTS_LOSS;
    for (int k = 0; k < n; k++) {
        if (s->plays >= s->budget || ((s->plays & 1023) == 0 && out_of_time(s))) {
            s->aborted = 1;
            return MCTS_UNKNOWN;
        }
        if (mana_play(w, mv[k]) != MANA_OK)
            continue;
        s->plays++;
        int v = mcts_after_move(w);
        if (v == MCTS_UNKNOWN && mana_status(w) == MANA_PLAYING)
            v = -mcts_proof_value(s, w, depth - 1, -beta, -(alpha > best ? alpha : best));
        mana_undo(w);
        if (v > best) {
            best = v;
            if (best >= beta)
                return best;
        }
    }
    return best;
}
