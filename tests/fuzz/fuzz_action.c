/* SPDX-License-Identifier: MIT */
/*
 * fuzz_action - action ids, the legal-action mask and observations along a
 * game the input drives.
 *
 * Byte 0 picks the preset and the rule options that change the moves;
 * then each pair of bytes is an action id: with the first byte's top bit
 * set, the legal id of index (second byte mod their number), else the
 * 15 bits mod MANA_ACTION_COUNT + 8 (ids past the end are tried too).  At
 * every state:
 *   - the mask agrees with mana_legal_moves, every legal move converts to
 *     an id with mask 1 and back to itself;
 *   - the id read from the input converts to a move that is legal exactly
 *     when the mask says so (or fails with MANA_EINVAL: off the board or
 *     out of range), and is played when legal;
 *   - both observations agree with the per-square queries, the relative
 *     one being the absolute one turned for Black, sides swapped;
 *   - mana_board agrees with mana_piece_at.
 */
#include "fuzz.h"

/* Checks the two observations of g against the queries. */
static void check_observations(mana_game *g)
{
    uint8_t abs_obs[MANA_OBSERVATION_SIZE], pov[MANA_OBSERVATION_SIZE];
    char board[MANA_SQUARE_COUNT];
    FUZZ_CHECK(g, mana_observation(g, MANA_OBS_ABSOLUTE, abs_obs, sizeof abs_obs) == MANA_OBSERVATION_SIZE,
               "observation");
    FUZZ_CHECK(g, mana_observation(g, MANA_OBS_SIDE_TO_MOVE, pov, sizeof pov) == MANA_OBSERVATION_SIZE,
               "observation (side to move)");
    FUZZ_CHECK(g, mana_board(g, board, sizeof board) == MANA_SQUARE_COUNT, "board");
    int side = mana_side_to_move(g), rot = side == MANA_BLACK;
    static const int swap[MANA_OBS_PLANES] = {2, 3, 0, 1, 4, 5, 6, 7, 8, 10, 9, 11};
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        int piece = mana_piece_at(g, sq), marks = mana_marks_at(g, sq), mana = mana_mana(g);
        FUZZ_CHECK(g, board[sq] == piece, "board[%d]", sq);
        int want[MANA_OBS_PLANES] = {piece == 'D',
                                     piece == 'R',
                                     piece == 'd',
                                     piece == 'r',
                                     marks == 1,
                                     marks == 2,
                                     marks == 3,
                                     mana && marks == mana,
                                     side == MANA_BLACK,
                                     mana_reserve(g, MANA_WHITE),
                                     mana_reserve(g, MANA_BLACK),
                                     mana_status(g) == MANA_SETUP};
        for (int p = 0; p < MANA_OBS_PLANES; p++) {
            FUZZ_CHECK(g, abs_obs[p * MANA_SQUARE_COUNT + sq] == want[p], "plane %d square %d", p, sq);
            int q = rot ? swap[p] : p;
            FUZZ_CHECK(g, pov[q * MANA_SQUARE_COUNT + (rot ? MANA_SQUARE_COUNT - 1 - sq : sq)] == want[p],
                       "side-to-move plane %d square %d", q, sq);
        }
    }
}

/* Checks the mask of g against the legal moves; returns the mask in mask. */
static void check_mask(mana_game *g, uint8_t *mask)
{
    mana_move moves[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES), ones = 0;
    FUZZ_CHECK(g, mana_legal_action_mask(g, mask, MANA_ACTION_COUNT) == n, "mask count");
    for (int a = 0; a < MANA_ACTION_COUNT; a++)
        ones += mask[a];
    FUZZ_CHECK(g, ones == n, "mask has %d ones for %d moves", ones, n);
    for (int i = 0; i < n; i++) {
        int a = mana_move_to_action(g, moves[i]);
        mana_move back = 0;
        FUZZ_CHECK(g, a >= 0 && mask[a], "move 0x%x: id %d not in the mask", moves[i], a);
        FUZZ_CHECK(g, mana_action_to_move(g, a, &back) == MANA_OK && back == moves[i],
                   "id %d converts back to 0x%x, not 0x%x", a, back, moves[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    mana_game *g = mana_new(data[0] & 1);
    FUZZ_CHECK(g, g != NULL, "mana_new");
    mana_set_option(g, MANA_OPT_DAMYO_ON_DOUBLE, (data[0] >> 1) & 1);
    mana_set_option(g, MANA_OPT_REENTRY, (data[0] >> 2) & 1);
    mana_set_option(g, MANA_OPT_REENTRY_WHEN_BLOCKED, (data[0] >> 3) & 1);
    mana_set_option(g, MANA_OPT_BLOCKED, ((data[0] >> 4) & 3) % 3);
    uint8_t mask[MANA_ACTION_COUNT];
    for (size_t i = 1; i + 1 < size; i += 2) {
        check_mask(g, mask);
        check_observations(g);
        int a = (((data[i] & 0x7F) << 8) | data[i + 1]) % (MANA_ACTION_COUNT + 8);
        int n = mana_legal_moves(g, NULL, 0);
        if ((data[i] & 0x80) && n > 0)
            for (int k = data[i + 1] % n, b = 0; b < MANA_ACTION_COUNT; b++)
                if (mask[b] && k-- == 0)
                    a = b;
        mana_move m = 0;
        int rc = mana_action_to_move(g, a, &m);
        if (rc != MANA_OK) {
            FUZZ_CHECK(g, rc == MANA_EINVAL && (a >= MANA_ACTION_COUNT || !mask[a]), "id %d refused (%d) though legal",
                       a, rc);
            continue;
        }
        FUZZ_CHECK(g, mana_is_legal(g, m) == mask[a], "id %d: is_legal %d, mask %d", a, mana_is_legal(g, m), mask[a]);
        FUZZ_CHECK(g, mana_move_to_action(g, m) == a, "id %d round trip", a);
        if (mask[a])
            FUZZ_CHECK(g, mana_play(g, m) == MANA_OK, "playing legal id %d", a);
    }
    mana_free(g);
    return 0;
}
