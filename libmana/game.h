/* SPDX-License-Identifier: MIT */
/*
 * The inside of a mana_game, shared by the library's files only.
 */
#ifndef MANA_GAME_H
#define MANA_GAME_H

#include <stdint.h>

#include "bitboard.h"
#include "mana.h"

/* A position: everything the rules look at, plus its hash. */
struct mana_pos {
    mana_bb occ[2]; /* pieces of MANA_WHITE / MANA_BLACK */
    mana_bb damyo;  /* both Damyos */
    uint64_t hash;  /* Zobrist: pieces, side, Mana, orientation */
    int8_t orient;  /* 0..3, -1 while Black has not chosen it */
    uint8_t side;   /* colour to move (or to place, in setup) */
    uint8_t mana;   /* 0 none, else the mark count binding the side */
    uint8_t status; /* MANA_SETUP.. ; blocked draw/loss is found lazily */
    uint8_t passes; /* consecutive passes just played */
};

/* What mana_undo needs to take one move back: 4 bytes.  The hash before
 * the move is not kept: undo and the repetition scan compute it back from
 * the move with a few xors (play.c). */
struct mana_undo {
    uint16_t move; /* the mana_move (15 bits) */
    uint8_t mana;  /* the Mana before the move */
    uint8_t flags; /* MANA_UNDO_* */
};

/* The flags of struct mana_undo. */
enum {
    MANA_UNDO_CAPTURE = 3, /* mask: 1 the step captured a Ronin, 2 the Damyo */
    MANA_UNDO_DAMYO = 4,   /* the piece that stepped is a Damyo */
    MANA_UNDO_PASS = 8,    /* one pass had just been played (passes was 1) */
    MANA_UNDO_SETUP = 16   /* a setup move (status was MANA_SETUP) */
};

struct mana_game {
    struct mana_pos pos;
    int32_t opt[MANA_OPTION_COUNT];
    uint32_t play_start; /* history index where the play phase began */
    uint32_t len, cap;   /* history entries used / allocated */
    struct mana_undo *hist;
};

/* error.c: records the detail of a failure and returns err. */
int mana__fail(int err, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* error.c: copies text (n characters) and a NUL to buf (size bytes) and
 * returns n, or fails with MANA_ESPACE (buf then "" when size > 0). */
int mana__give_text(const char *text, int n, char *buf, size_t size, const char *fn);
/* error.c: the MANA_EOVER failure for a game finished with status. */
int mana__fail_over(int status);

/* movegen.c: the legal moves of a play-phase position into out (NULL to
 * only count); returns the count.  Pass is included where it is the only
 * move under blocked = pass. */
int mana__play_moves(const struct mana_game *g, mana_move *out);
/* The same for position p under the options opt (no history needed). */
int mana__pos_moves(const struct mana_pos *p, const int32_t *opt, mana_move *out);
/* Returns the number of legal moves of p: mana__pos_moves(p, opt, NULL),
 * faster in the common case (a bound piece can move). */
int mana__pos_count(const struct mana_pos *p, const int32_t *opt);
/* leaves2.c: returns the leaves two plies below p (perft 2 of a
 * play-phase position with no adjudication option in the way). */
uint64_t mana__pos_leaves2(const struct mana_pos *p, const int32_t *opt);
/* The same, built with the POPCNT instruction (leaves2_popcnt.o, x86). */
uint64_t mana__pos_leaves2_popcnt(const struct mana_pos *p, const int32_t *opt);
/* setup.c: the legal setup moves into out (NULL to count). */
int mana__setup_moves(const struct mana_game *g, mana_move *out);
/* Returns the squares where colour c places its pieces in setup. */
mana_bb mana__setup_area(const struct mana_game *g, int c);
/* Either of the two, by phase; 0 once the game is finished. */
int mana__moves(const struct mana_game *g, mana_move *out);
/* Returns the squares a piece on `from` reaches in exactly `steps` (1..3)
 * steps through `empty`, ending in `target`. */
mana_bb mana__reach(int steps, int from, mana_bb empty, mana_bb target);
/* Returns the squares where the piece on sq (of the side to move) may
 * step in p: empty or enemy, reached with as many steps as sq has marks. */
mana_bb mana__piece_ends(const struct mana_pos *p, int sq);
/* Returns the number of steps of the side to move's pieces in movers. */
int mana__count_steps(const struct mana_pos *p, mana_bb movers);
/* Returns the squares where a side with the pieces own may re-enter a
 * Ronin when its bound pieces (bound) have no step, given every piece
 * (occ), the Damyos and the squares of the Mana's mark count (mana_sq,
 * every square when there is no Mana).  docs/rules.md "The Mana". */
static inline mana_bb mana__reentry_to(mana_bb own, mana_bb damyo, mana_bb occ, mana_bb mana_sq, mana_bb bound,
                                       const int32_t *opt)
{
    if (bb_count(own & ~damyo) >= 5)
        return 0;
    if (bound && !opt[MANA_OPT_REENTRY_WHEN_BLOCKED])
        return 0;
    mana_bb to = BB_ALL & ~occ;
    if (opt[MANA_OPT_REENTRY] == MANA_REENTRY_MANA_MARK)
        to &= mana_sq;
    return to;
}
/* Returns the squares where the side to move may re-enter a Ronin, its
 * bound pieces (bound) having no step. */
mana_bb mana__reentry_squares(const struct mana_pos *p, const int32_t *opt, mana_bb bound);
/* The exception (docs/rules.md "The Mana"): the number of moves of p
 * when its bound pieces (bound) have no step (gen.h lists them). */
int mana__unbound_count(const struct mana_pos *p, const int32_t *opt, mana_bb bound);
/* Returns the side to move's pieces bound by the Mana: those on its mark
 * count, or every piece before the first move, when there is no Mana yet
 * and any piece may move (so that the exception, re-entry included,
 * applies when none can: decision, docs/rules.md "The Mana"). */
static inline mana_bb mana__bound_pieces(const struct mana_pos *p)
{
    mana_bb own = p->occ[p->side];
    return p->mana ? own & bb_marks[p->orient][p->mana - 1] : own;
}
/* Returns 1 if one of those pieces has a legal step. */
int mana__bound_can_move(const struct mana_pos *p);
/* Returns 1 if m is among the legal moves. */
int mana__is_legal(const struct mana_game *g, mana_move m);
/* The status, with a blocked side under blocked = draw / loss resolved. */
int mana__status(const struct mana_game *g);

/* play.c: plays the play-phase move m, assumed legal, on p alone (no
 * history, no adjudication); returns 0, or 1 / 2 if it captured a Ronin /
 * the Damyo. */
int mana__pos_play(struct mana_pos *p, mana_move m);
/* Plays m, assumed legal; MANA_ENOMEM if the history is full and
 * cannot grow (nothing changed). */
int mana__do(struct mana_game *g, mana_move m);
void mana__undo(struct mana_game *g);
int mana__reserve_history(struct mana_game *g, uint32_t extra);
/* Returns the hash of p computed from scratch. */
uint64_t mana__hash_of(const struct mana_pos *p);

/* explain.c: the MANA_EILLEGAL failure for a readable move m that is not
 * legal, with the reason in the detail. */
int mana__explain_illegal(const struct mana_game *g, mana_move m);


#endif
