/* SPDX-License-Identifier: MIT */
/*
 * mana_ml.h - the machine-learning interface of libmana: dense action ids,
 * legal-action masks, observation planes and batched games.
 *
 * mana.h includes this header, so a program includes mana.h alone; this
 * one may also be included on its own (it includes mana.h).  The
 * conventions of mana.h (squares 0..35 with a1 = 0, negative MANA_E*
 * codes, NULL answered with MANA_EINVAL, no global state, caller-owned
 * buffers) hold for every function here.
 */
#ifndef MANA_ML_H
#define MANA_ML_H

#include "mana.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Machine learning: action ids, observations, batched games ------------
 *
 * Dense action ids (docs/rules.md "Moving", "Setup", "The Mana", "No legal move
 * at all").  Every move has one id in 0 .. MANA_ACTION_COUNT - 1.  The
 * numbering is part of the ABI: ids are never renumbered.  Ids are relative
 * to the side to move: squares are seen from its side of the board, so one
 * id means the same move for White and for Black.  The relative square of
 * absolute square sq is sq for White to move and 35 - sq (the board turned
 * half a turn) for Black to move; a1 is then the left corner of the
 * mover's own back rank.  The half turn maps orientation k onto orientation
 * (k + 2) % 4 (docs/rules.md "Board and coordinates"), so the relative view of
 * any position is a position of the game.
 *
 *   0 .. 863     a step: 24 * from' + k, from' the relative start square
 *                and k the index of the relative offset (to' - from') in
 *                the list below (df = file difference, dr = rank
 *                difference, both seen from the side to move):
 *                  k  0..3   distance 1: (0,-1) (-1,0) (1,0) (0,1)
 *                  k  4..11  distance 2: (0,-2) (-1,-1) (1,-1) (-2,0)
 *                            (2,0) (-1,1) (1,1) (0,2)
 *                  k 12..23  distance 3: (0,-3) (-1,-2) (1,-2) (-2,-1)
 *                            (2,-1) (-3,0) (3,0) (-2,1) (2,1) (-1,2)
 *                            (1,2) (0,3)
 *                (ordered by distance |df| + |dr|, then dr, then df).  A
 *                piece moves 1, 2 or 3 steps without revisiting a square,
 *                so its end is 1, 2 or 3 squares away (a 3-step move can
 *                end next to its start).  Ids whose end is off the board
 *                are never legal.
 *   864 .. 899   MANA_ACTION_RONIN + to': a Ronin placed (setup) or
 *                re-entered (play) on relative square to'.
 *   900 .. 935   MANA_ACTION_DAMYO + to': the Damyo placed (setup).
 *   936 .. 939   MANA_ACTION_ORIENT + k': Black chooses orientation k, with
 *                k' = (k + 2) % 4, the orientation as Black sees the board
 *                (the only side that chooses is Black).
 *   940          MANA_ACTION_PASS.
 *
 * Symmetries (computed from the four mark tables, not assumed): no board
 * symmetry other than the identity keeps the marks of any orientation in
 * place; the four mirror images (files, ranks, both diagonals) of every
 * orientation are none of the four orientations; a quarter turn maps
 * orientation k onto k + 1.  So the exact symmetries of the rules are: the
 * half turn with the colours swapped (orientation k -> k + 2, setup
 * included: it is the relative view above); in play (not setup, whose
 * areas are ranks), any quarter turn (k -> k + r) and the colour swap.
 * mana_action_transform applies them to action ids; the observation planes
 * turn with the board: new[rank][file] = old[file][5 - rank] per plane
 * (numpy.rot90(planes, turns, axes=(-2, -1))).
 */
#define MANA_ACTION_COUNT 941
#define MANA_ACTION_STEP 0     /* 24 * from' + k */
#define MANA_ACTION_RONIN 864  /* + to' */
#define MANA_ACTION_DAMYO 900  /* + to' */
#define MANA_ACTION_ORIENT 936 /* + k' */
#define MANA_ACTION_PASS 940

/*
 * mana_move_to_action - the action id (0 .. MANA_ACTION_COUNT - 1) of move
 * m in g, seen from g's side to move.  m need not be legal, only well
 * formed: a step whose end is 1 to 3 squares (|df| + |dr|) from its start,
 * a drop on 0..35 with from 0, an orientation 0..3, pass.  Returns the id;
 * MANA_EINVAL for NULL g or a move that is not well formed (the detail
 * says why).  Thread-safe on a const game.
 */
MANA_API int mana_move_to_action(const mana_game *g, mana_move m);

/*
 * mana_action_to_move - the move with action id action in g (its side to
 * move) into *out.  The move need not be legal.  Returns MANA_OK;
 * MANA_EINVAL for NULL g or out, an id outside 0 .. MANA_ACTION_COUNT - 1
 * or a step id whose end is off the board (*out untouched).
 */
MANA_API int mana_action_to_move(const mana_game *g, int action, mana_move *out);

/*
 * mana_legal_action_mask - writes the legal-action mask of g: mask[a] = 1
 * if action a is legal now, else 0, for a in 0 .. MANA_ACTION_COUNT - 1.
 *   mask: caller-owned, size bytes (uint8_t), at least MANA_ACTION_COUNT.
 * Returns the number of legal actions (the count of mana_legal_moves: 0
 * once the game is finished); MANA_EINVAL for NULL g or mask; MANA_ESPACE
 * if size < MANA_ACTION_COUNT (nothing written).  Allocates nothing.
 */
MANA_API int mana_legal_action_mask(const mana_game *g, uint8_t *mask, size_t size);

/*
 * mana_action_transform - the id of action after a symmetry (see above):
 * quarter_turns (0..3) quarter turns clockwise of the board in the
 * relative view.  Steps and drops turn with the board; pass and the
 * orientation ids (which only exist in setup, where only 0 and 2 are
 * symmetries) map to themselves and k' + quarter_turns.  A half turn
 * (2) is exact in setup and play (with colours swapped); 1 and 3 are
 * exact in play only.  Returns the id; MANA_EINVAL for an action outside
 * 0 .. MANA_ACTION_COUNT - 1, a step id whose end is off the board, or
 * quarter_turns outside 0..3.  Pure function: thread-safe.
 */
MANA_API int mana_action_transform(int action, int quarter_turns);

/*
 * Observation: uint8 planes [MANA_OBS_PLANES][6][6], index
 * plane * 36 + 6 * rank + file (rank and file 0..5, so cell = square, a1
 * first).  "A" is White and "B" Black (flags MANA_OBS_ABSOLUTE), or A the
 * side to move and B the other side, with cells in the relative view of
 * the action ids (flags MANA_OBS_SIDE_TO_MOVE: cell 35 - sq when Black is
 * to move).  Plane order (pinned, part of the ABI):
 *    0  A's Damyo            1  A's Ronins
 *    2  B's Damyo            3  B's Ronins
 *    4  squares with 1 mark  5  with 2 marks  6  with 3 marks
 *       (4..6 all 0 while the orientation is not chosen)
 *    7  squares of the Mana's mark count (all 0 with no Mana: setup, first
 *       move of play)
 *    8  all 1 if Black is to move (or to place, in setup), else all 0
 *    9  A's reserve, 10  B's reserve: the count (0..5) in every cell
 *   11  all 1 during setup, else all 0
 * Pieces are 0/1.  A finished game is observed as it stands.
 */
#define MANA_OBS_PLANES 12
#define MANA_OBSERVATION_SIZE (MANA_OBS_PLANES * 36) /* bytes: 432 */
#define MANA_OBS_ABSOLUTE 0
#define MANA_OBS_SIDE_TO_MOVE 1

/*
 * mana_observation - writes the observation of g (layout above) to planes
 * (caller-owned, size bytes, at least MANA_OBSERVATION_SIZE).
 *   flags: MANA_OBS_ABSOLUTE or MANA_OBS_SIDE_TO_MOVE.
 * Returns MANA_OBSERVATION_SIZE; MANA_EINVAL for NULL g or planes or
 * unknown flags; MANA_ESPACE if size is too small (nothing written).
 * Allocates nothing; thread-safe on a const game.
 */
MANA_API int mana_observation(const mana_game *g, int flags, uint8_t *planes, size_t size);

/*
 * mana_board - the whole board in one call: out[sq] for sq 0..35 is what
 * mana_piece_at(g, sq) returns ('D', 'R' White, 'd', 'r' Black, 0 empty).
 *   out: caller-owned, size bytes, at least 36 (no NUL is written).
 * Returns 36; MANA_EINVAL for NULL g or out; MANA_ESPACE if size < 36.
 */
MANA_API int mana_board(const mana_game *g, char *out, size_t size);

/*
 * Batched games: N games stepped by one call, for reinforcement learning.
 * A batch owns N copies of a start state; a game that finishes is reset at
 * once to the start state (the start's options included), and with
 * MANA_BATCH_RANDOM_SETUP its setup is then completed by
 * mana_setup_random with a seed derived from the batch seed, the game's
 * index and how many games that slot has finished, so a batch replays
 * exactly from its seed.  Stepping allocates nothing (each game's history
 * is reserved up front, MANA_BATCH_HISTORY plies, or fewer when the
 * start's ply-limit option ends games sooner: the limit and the setup;
 * it only grows, rarely, past that; 48 bytes a ply).  A batch is used by
 * one thread at a time; different batches are independent.
 *
 * Arrays passed to the batch calls are caller-owned, laid out game by game
 * (game i at offset i * item size), and may be NULL where a call says so.
 */
typedef struct mana_batch mana_batch;

#define MANA_BATCH_RANDOM_SETUP 1 /* flag: resets complete the setup */
#define MANA_BATCH_HISTORY 512    /* plies reserved per game */
#define MANA_BATCH_MAX 1000000    /* the most games of one batch */
/* Done flags written by mana_batch_step. */
#define MANA_BATCH_RUNNING 0
#define MANA_BATCH_TERMINATED 1 /* won, lost or drawn by the rules */
#define MANA_BATCH_TRUNCATED 2  /* drawn by the ply-limit option */

/*
 * mana_batch_new - a batch of n (1 .. MANA_BATCH_MAX, 1,000,000) games,
 * each a copy of start (borrowed: its options, state and history are
 * copied), flags 0 or MANA_BATCH_RANDOM_SETUP, seed for the random setups
 * and playouts.
 * Returns the batch, owned by the caller (release with mana_batch_free);
 * NULL with the detail set for NULL start, n out of range, unknown flags,
 * a start that is finished (MANA_EOVER) or memory exhausted.
 */
MANA_API mana_batch *mana_batch_new(const mana_game *start, int n, uint64_t seed, int flags);

/* mana_batch_free - releases b and its games.  NULL is a no-op. */
MANA_API void mana_batch_free(mana_batch *b);

/* mana_batch_size - the number of games, or MANA_EINVAL for NULL. */
MANA_API int mana_batch_size(const mana_batch *b);

/*
 * mana_batch_game - game i (0 .. n - 1) of b, borrowed: valid until the
 * next call that changes b; read it with the const calls of this header.
 * NULL (detail set) for NULL b or i out of range.
 */
MANA_API const mana_game *mana_batch_game(const mana_batch *b, int i);

/*
 * mana_batch_reset - resets every game to the start state and restarts
 * the seed sequence from seed.  Returns MANA_OK or MANA_EINVAL for NULL.
 */
MANA_API int mana_batch_reset(mana_batch *b, uint64_t seed);

/*
 * mana_batch_observe - the current observation (obs: n *
 * MANA_OBSERVATION_SIZE bytes, flags as mana_observation) and legal-action
 * mask (masks: n * MANA_ACTION_COUNT bytes) of every game; either may be
 * NULL to skip it.  Returns MANA_OK; MANA_EINVAL for NULL b or unknown
 * flags.
 */
MANA_API int mana_batch_observe(const mana_batch *b, int flags, uint8_t *obs, uint8_t *masks);

/*
 * mana_batch_step - plays actions[i] (an action id, legal in game i) in
 * every game i, resets the games that finish, and writes for each game:
 * obs and masks as mana_batch_observe (of the reset game for one that
 * finished), rewards[i] (float) from the point of view of the side that
 * played actions[i]: +1 if its move won the game, -1 if the game ended as
 * its loss, 0 otherwise; dones[i] (uint8): MANA_BATCH_RUNNING,
 * MANA_BATCH_TERMINATED or MANA_BATCH_TRUNCATED (the ply-limit option
 * ended the game, even when another draw rule fired on the same ply).
 * obs, masks, rewards and dones may each be NULL.  All actions are checked
 * first: on any error no game changes.  Returns MANA_OK; MANA_EINVAL for
 * NULL b or actions or unknown flags; MANA_EILLEGAL if an action is out of
 * range or not legal in its game (the detail names the game and the id);
 * MANA_ENOMEM if a history cannot grow (games before it have been played:
 * the batch is then only fit for mana_batch_reset).
 */
MANA_API int mana_batch_step(mana_batch *b, const int32_t *actions, int flags, uint8_t *obs, uint8_t *masks,
                             float *rewards, uint8_t *dones);

/*
 * mana_batch_playout - plays every game from its current state to its end
 * with uniformly random legal moves (setup moves included), writes the
 * final status (MANA_WHITE_WON, MANA_BLACK_WON or MANA_DRAWN) to
 * results[i] (may be NULL) and the plies played to plies[i] (may be NULL),
 * then resets the games.  Set a ply limit on the start game to bound the
 * games.  Returns MANA_OK; MANA_EINVAL for NULL b; MANA_ENOMEM if a
 * history cannot grow (the batch is then only fit for mana_batch_reset).
 */
MANA_API int mana_batch_playout(mana_batch *b, int32_t *results, int32_t *plies);

#ifdef __cplusplus
}
#endif

#endif /* MANA_ML_H */
