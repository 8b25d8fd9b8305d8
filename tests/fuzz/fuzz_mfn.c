/* SPDX-License-Identifier: MIT */
/*
 * fuzz_mfn - any bytes as MFN.
 *
 * The input, cut at its first NUL, is given to mana_set_position on a game
 * that holds another position.  Then:
 *   - the library accepts it exactly when the independent reader
 *     inv_mfn_read (docs/rules.md "MFN") does;
 *   - accepted: writing it back gives the same text (input must be
 *     canonical), reading that into a fresh game gives the same position,
 *     hash and status, every invariant holds (reference moves, from-scratch
 *     hash, notation, is_legal), under each `blocked` option, and a few
 *     legal moves play, undo and replay cleanly;
 *   - refused: MANA_EPARSE, a detail message, the game unchanged.
 */
#include "fuzz.h"

#define HOME "rrdrrr/6/6/6/6/RRRDRR b - 0"

static mana_game *fresh(int blocked)
{
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    FUZZ_CHECK(g, g != NULL, "mana_new failed");
    FUZZ_CHECK(g, mana_set_option(g, MANA_OPT_BLOCKED, blocked) == MANA_OK, "set_option");
    return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    char esc[1024];
    if (text == NULL)
        return 0;
    if (size > 0)
        memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text);
    fuzz_escape(text, len, esc, sizeof esc);

    mana_game *g = fresh(MANA_BLOCKED_PASS);
    FUZZ_CHECK(g, mana_set_position(g, HOME) == MANA_OK, "set_position(HOME)");
    FUZZ_CHECK(g, mana_play_str(g, "a6-a4") == MANA_OK, "a6-a4");
    inv_snapshot before;
    inv_snapshot_take(g, &before);

    int board[MANA_SQUARE_COUNT], side, mana, orient;
    char why[160];
    int ref = inv_mfn_read(text, board, &side, &mana, &orient, why, sizeof why);
    int rc = mana_set_position(g, text);

    if (rc != MANA_OK) {
        FUZZ_CHECK(g, rc == MANA_EPARSE, "set_position(\"%s\") returned %d, not EPARSE", esc, rc);
        FUZZ_CHECK(g, ref != 0, "the library refuses \"%s\", which is valid MFN", esc);
        fuzz_unchanged(g, &before, "set_position");
        mana_free(g);
        free(text);
        return 0;
    }
    FUZZ_CHECK(g, ref == 0, "the library accepts \"%s\", which is not MFN: %s", esc, why);

    char out[MANA_MFN_MAX + 1];
    int n = mana_get_position(g, out, sizeof out);
    FUZZ_CHECK(g, n >= 0 && (size_t)n == len && strcmp(out, text) == 0, "\"%s\" written back as \"%s\" (%d)", esc,
               n >= 0 ? out : "", n);
    FUZZ_CHECK(g, mana_history(g, NULL, 0) == 0, "set_position kept a history");
    FUZZ_CHECK(g, mana_side_to_move(g) == side && mana_mana(g) == mana && mana_orientation(g) == orient,
               "side/mana/orientation of \"%s\"", esc);
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++)
        FUZZ_CHECK(g, mana_piece_at(g, sq) == board[sq], "square %d of \"%s\"", sq, esc);
    fuzz_invariants(g, INV_ALL);

    /* read again: same position, hash and status */
    mana_game *g2 = fresh(MANA_BLOCKED_PASS);
    FUZZ_CHECK(g2, mana_set_position(g2, out) == MANA_OK, "re-reading \"%s\"", out);
    FUZZ_CHECK(g2, mana_hash(g2) == mana_hash(g) && mana_status(g2) == mana_status(g),
               "re-reading \"%s\" changed the hash or status", out);
    mana_free(g2);

    /* the other `blocked` options */
    for (int b = MANA_BLOCKED_DRAW; b <= MANA_BLOCKED_LOSS; b++) {
        mana_game *gb = fresh(b);
        FUZZ_CHECK(gb, mana_set_position(gb, out) == MANA_OK, "\"%s\" under blocked=%d", out, b);
        FUZZ_CHECK(gb, mana_hash(gb) == mana_hash(g), "hash depends on an option");
        fuzz_invariants(gb, INV_DEFAULT);
        mana_free(gb);
    }

    /* a few moves, chosen by the input's length */
    mana_move moves[MANA_MAX_MOVES];
    int nm = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    char msg[600];
    for (int i = 0; i < nm && i < 4; i++) {
        mana_move m = moves[(size_t)i * 7 % (size_t)nm];
        if (inv_play_checked(g, m, INV_DEFAULT, msg, sizeof msg) != 0)
            FUZZ_FAIL(g, "after \"%s\": %s", esc, msg);
        FUZZ_CHECK(g, mana_undo(g) == MANA_OK, "undo");
    }
    mana_free(g);
    free(text);
    return 0;
}
