/* SPDX-License-Identifier: MIT */
/*
 * board_text.c - the board and the end of a game in words
 * (mana_board_text, mana_end_text): the one wording that mana-cli's
 * board, the engine's and the bindings' text print.
 */
#include <stdint.h>

#include "game.h"
#include "text.h"

#define BOUND_MARK '*'

static const char *side_word(int side)
{
    return side == MANA_WHITE ? "White" : "Black";
}

static const char *status_word(int status)
{
    static const char *const words[] = {"setup", "playing", "White won", "Black won", "drawn"};
    return status >= 0 && status <= MANA_DRAWN ? words[status] : "unknown";
}

/* Writes why g ended, e.g. "White won, Black's Damyo captured", or its
 * status word ("setup", "playing") while it goes on. */
static void end_words(struct mana_text *t, const mana_game *g)
{
    int status = mana__status(g), loser = status == MANA_WHITE_WON ? MANA_BLACK : MANA_WHITE;
    switch (mana_end_reason(g)) {
    case MANA_END_DAMYO_CAPTURED:
        mana__text_fmt(t, "%s, %s's Damyo captured", status_word(status), side_word(loser));
        break;
    case MANA_END_BLOCKED:
        mana__text_fmt(t, "%s, %s to move and blocked", status_word(status), side_word(g->pos.side));
        break;
    case MANA_END_REPETITION: mana__text_str(t, "drawn by repetition"); break;
    case MANA_END_PLY_LIMIT: mana__text_str(t, "drawn at the ply limit"); break;
    case MANA_END_PASSES: mana__text_str(t, "drawn, two passes in a row"); break;
    default: mana__text_str(t, status_word(status));
    }
}

MANA_API int mana_end_text(const mana_game *g, char *buf, size_t size)
{
    if (!g || (!buf && size))
        return mana__fail(MANA_EINVAL, "mana_end_text: %s is NULL", g ? "buf" : "game");
    struct mana_text t;
    mana__text_init(&t, buf, size);
    end_words(&t, g);
    return mana__text_end(&t, "mana_end_text");
}

/* 1 if the Mana binds square sq: in play, its mark count is the Mana. */
static int bound(const mana_game *g, int sq)
{
    return mana__status(g) == MANA_PLAYING && g->pos.mana != 0 && mana_marks_at(g, sq) == g->pos.mana;
}

/* One rank: each square as its piece (or '.'), its mark count and '*'
 * where the Mana binds it (a space elsewhere). */
static void put_rank(struct mana_text *t, const mana_game *g, int rank, int color)
{
    mana__text_fmt(t, "%d ", rank + 1);
    for (int file = 0; file < MANA_FILE_COUNT; file++) {
        int sq = rank * MANA_FILE_COUNT + file, piece = mana_piece_at(g, sq), marks = mana_marks_at(g, sq);
        const char *on = "", *off = "";
        if (color && piece) {
            on = (piece == 'D' || piece == 'R') ? "\033[1;97;44m" : "\033[1;30;43m";
            off = "\033[0m";
        }
        mana__text_fmt(t, " %s%c%c%s%c", on, piece ? piece : '.', marks ? '0' + marks : ' ', off,
                       bound(g, sq) ? BOUND_MARK : ' ');
    }
    mana__text_fmt(t, " %d\n", rank + 1);
}

/* What color still has to place during the setup: "the Damyo and 5
 * Ronins", "the Damyo", "1 Ronin" or "nothing" (a Damyo is never
 * captured before play, so one not on the board is still to place). */
static void put_to_place(struct mana_text *t, const mana_game *g, int color)
{
    uint64_t damyo = 0, ronins = 0;
    mana_pieces(g, color, &damyo, &ronins);
    int left = MANA_RONIN_COUNT - mana_count_squares(ronins);
    mana__text_str(t, damyo ? "" : left ? "the Damyo and " : "the Damyo");
    if (left)
        mana__text_fmt(t, "%d Ronin%s", left, left == 1 ? "" : "s");
    else if (damyo)
        mana__text_str(t, "nothing");
}

/* The Mana line in play: what the Mana binds, or that no bound piece can
 * move and the side may move any piece (or re-enter): mana_binding says
 * which. */
static void put_binding(struct mana_text *t, const mana_game *g)
{
    int b = mana_binding(g), mana = g->pos.mana;
    int steps = b & MANA_BINDING_STEPS, drops = b & MANA_BINDING_REENTRY;
    const char *who = side_word(g->pos.side);
    if (!mana)
        mana__text_fmt(t, "%s to move; no Mana yet: any piece may move\n", who);
    else if (!(b & MANA_BINDING_EXCEPTION) || (!steps && !drops)) /* blocked: a pass or nothing */
        mana__text_fmt(t, "%s to move; Mana %d: %s must move a piece on a %d-mark square (%c)\n", who, mana, who, mana,
                       BOUND_MARK);
    else
        mana__text_fmt(t, "%s to move; Mana %d, but no %s piece on a %d-mark square (%c) can move: %s\n", who, mana,
                       who, mana, BOUND_MARK,
                       steps && drops ? "any piece may move, or a Ronin re-enter"
                       : steps        ? "any piece may move"
                                      : "a Ronin may re-enter");
}

/* The line under the board: the side to move and its Mana, the setup
 * step, or why the game ended. */
static void put_state(struct mana_text *t, const mana_game *g)
{
    int status = mana__status(g);
    if (status == MANA_PLAYING)
        put_binding(t, g);
    else if (status == MANA_SETUP)
        mana__text_fmt(t, "setup: %s to %s\n", side_word(g->pos.side),
                       mana_orientation(g) < 0 ? "choose the orientation" : "place");
    else {
        mana__text_str(t, "finished: ");
        end_words(t, g);
        mana__text_str(t, "\n");
    }
    if (status == MANA_SETUP) { /* no reserve before play: the pieces still to place */
        mana__text_str(t, "to place: White ");
        put_to_place(t, g, MANA_WHITE);
        mana__text_str(t, ", Black ");
        put_to_place(t, g, MANA_BLACK);
        mana__text_str(t, "\n");
    } else {
        mana__text_fmt(t, "reserve: White %d, Black %d\n", mana_reserve(g, MANA_WHITE), mana_reserve(g, MANA_BLACK));
    }
}

MANA_API int mana_board_text(const mana_game *g, unsigned flags, char *buf, size_t size)
{
    if (!g || (!buf && size))
        return mana__fail(MANA_EINVAL, "mana_board_text: %s is NULL", g ? "buf" : "game");
    if (flags & ~MANA_TEXT_COLOR)
        return mana__fail(MANA_EINVAL, "mana_board_text: unknown flags 0x%x", flags & ~MANA_TEXT_COLOR);
    struct mana_text t;
    mana__text_init(&t, buf, size);
    mana__text_str(&t, "   a   b   c   d   e   f\n");
    for (int rank = MANA_RANK_COUNT - 1; rank >= 0; rank--)
        put_rank(&t, g, rank, (flags & MANA_TEXT_COLOR) != 0);
    mana__text_fmt(&t, "   a   b   c   d   e   f    (piece or '.', then marks; %c the Mana binds)\n", BOUND_MARK);
    put_state(&t, g);
    return mana__text_end(&t, "mana_board_text");
}
