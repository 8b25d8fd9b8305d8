/* SPDX-License-Identifier: MIT */
/*
 * invariants.h - checks that hold in every reachable state of a game, seen
 * through the public API only.  Used by the check suites, the soak
 * (tests/soak/), the thread test and the fuzzers (tests/fuzz/).
 *
 * Every checker returns 0 when all is well, or -1 with a one-line
 * description of the first breach written to msg (size bytes; msg may be
 * NULL).  No global state: the checkers may run in several threads at once
 * on different games.  Nothing here depends on the check framework.
 *
 * What is checked:
 *   - ranges of every query; marks_at against the tables of docs/rules.md;
 *   - while the game is on, each side has exactly one Damyo and
 *     pieces on the board + reserve = 6; a finished game's counts agree
 *     with its result; one piece per square (piece_at agrees with the MFN);
 *   - the incremental hash equals the hash of the same MFN read into a
 *     fresh game with the same options (INV_SCRATCH), which also has the
 *     same status and the same legal moves;
 *   - a finished game has no legal moves, perft(1) = 0, and refuses play
 *     with MANA_EOVER, unchanged;
 *   - the legal moves equal those of the naive reference generator
 *     tests/ref_movegen.h, both ways (INV_REF);
 *   - every legal move formats and parses back to itself, in every accepted
 *     spelling (INV_NOTATION); is_legal agrees with the list on every
 *     well-formed move value (INV_ISLEGAL);
 *   - playing a move changes exactly what the move says, and undo restores
 *     the identical state: MFN, hash, status, reserves, Mana, legal moves
 *     (inv_play_checked).
 */
#ifndef MANA_TESTS_INVARIANTS_H
#define MANA_TESTS_INVARIANTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <mana.h>

/* Everything observable about a game through the public API. */
typedef struct inv_snapshot {
    int status, side, mana, orientation;
    int reserve[2];
    int history_len;
    uint64_t hash;
    int mfn_rc;                   /* mana_get_position's return */
    char mfn[MANA_MFN_MAX + 1];   /* "" during setup */
    int board[MANA_SQUARE_COUNT]; /* mana_piece_at */
    int marks[MANA_SQUARE_COUNT]; /* mana_marks_at */
    int options[MANA_OPTION_COUNT];
    int nmoves; /* mana_legal_moves's return */
    mana_move moves[MANA_MAX_MOVES];
} inv_snapshot;

/* Fills s from g (g only read). */
void inv_snapshot_take(const mana_game *g, inv_snapshot *s);

/* Returns 0 if a and b are identical, else -1 naming the first difference. */
int inv_snapshot_diff(const inv_snapshot *a, const inv_snapshot *b, char *msg, size_t size);

/* What inv_check does beyond the cheap checks (which always run). */
enum inv_flags {
    INV_REF = 1u,      /* compare with the reference generator */
    INV_SCRATCH = 2u,  /* rebuild the position from its MFN */
    INV_NOTATION = 4u, /* format / parse every legal move */
    INV_ISLEGAL = 8u,  /* is_legal on every well-formed move value (slow) */
    INV_DEFAULT = INV_REF | INV_SCRATCH | INV_NOTATION,
    INV_ALL = INV_DEFAULT | INV_ISLEGAL
};

/*
 * inv_check - checks every invariant of g's current state.  g is not
 * const because a finished game is asked to play (it must refuse, and is
 * verified unchanged) and perft(1) is run; g is the same afterwards.
 */
int inv_check(mana_game *g, unsigned flags, char *msg, size_t size);

/*
 * inv_play_checked - plays m, which must be legal, and checks the
 * transition: history one longer, the board changed exactly as m says,
 * side, Mana and reserves as the rules say; then inv_check(flags) on the
 * new state; then undo must restore the snapshot taken before exactly, and
 * playing m again must give the same state as the first time.  Leaves g
 * after m (on success).
 */
int inv_play_checked(mana_game *g, mana_move m, unsigned flags, char *msg, size_t size);

/* Writes m's text from its bits alone ("b2-c4", "R@c3", "O2", "pass", or
 * "0x..." for no move), for messages; buf needs 16 bytes.  Returns buf. */
const char *inv_move_str(mana_move m, char buf[16]);

/* Prints what is needed to reproduce g's state: options, MFN or "setup",
 * and the history as move texts. */
void inv_dump(FILE *f, const mana_game *g);

/* Sorts n moves ascending (the order ref_legal_moves uses). */
void inv_sort_moves(mana_move *moves, int n);

/*
 * inv_mfn_read - a strict, independent reader of MFN as docs/rules.md "MFN"
 * defines it (four fields, single spaces, six ranks of maximal runs summing
 * to 6, side w/b, Mana - or 1..3, orientation 0..3, at most one Damyo and
 * five Ronins per side, the side that just moved with its Damyo).  Returns
 * 0 and fills board ('D','R','d','r' or 0 per square), side, mana (0 for
 * '-') and orient when text is valid MFN; else -1 with the reason in why
 * (may be NULL).  Any of the outputs may be NULL.
 */
int inv_mfn_read(const char *text, int board[MANA_SQUARE_COUNT], int *side, int *mana, int *orient, char *why,
                 size_t why_size);

/* The mark count of sq (0..35) under orientation k (0..3), from the tables
 * in docs/rules.md "Board and coordinates". */
int inv_rules_marks(int k, int sq);

#endif /* MANA_TESTS_INVARIANTS_H */
