/* SPDX-License-Identifier: MIT */
/*
 * ref_movegen.h - a deliberately simple reference move generator for Mana,
 * used only to cross-check libmana (tests, fuzzers, benchmarks).
 *
 * It reads the state ONLY through the public API (mana_piece_at,
 * mana_marks_at, mana_mana, mana_side_to_move, mana_reserve,
 * mana_get_option, mana_status, mana_orientation) and walks every path
 * square by square, so it shares no code and no idea with the library's
 * bitboard generator.  It is slow on purpose: clarity first.
 *
 * What it implements (docs/rules.md "Setup", "Moving", "The Mana", "No legal
 * move at all"):
 *   - setup: O0..O3 while the orientation is not chosen; then D@ / R@
 *     placements of the side to move in its setup area (two home ranks or
 *     the back rank), the Damyo on a 2-mark square under
 *     MANA_OPT_DAMYO_ON_DOUBLE, and no placement that would leave a piece
 *     still to be placed without a legal square;
 *   - play: exact-step self-avoiding walks, capture on the last step only,
 *     the Mana constraint and its exception (any piece, or re-entry from the
 *     reserve, with MANA_OPT_REENTRY and MANA_OPT_REENTRY_WHEN_BLOCKED), and
 *     `pass` when nothing else is legal under MANA_BLOCKED_PASS.
 *   - A finished game (mana_status WON/DRAWN, or the side to move without
 *     its Damyo) has no moves.  Draws that depend on the history
 *     (repetition, ply limit, two passes) are taken from mana_status.
 *   - With no Mana (first move of play, mana_mana() == 0) every piece is
 *     "bound": any piece may move, and the exception (re-entry) applies
 *     only when none of them can move; re-entry squares are then any empty
 *     square.  docs/rules.md does not spell this corner out (it arises only in
 *     composed MFN with "-" and a non-empty reserve); this is the
 *     project's decision, libmana reads it the same way (check_rules.c
 *     no_mana_reentry: "d5/6/6/r5/Rr4/DRr3 w - 0" has 29 re-entries).
 *
 * The API below is stable: other helpers reuse it.
 */
#ifndef REF_MOVEGEN_H
#define REF_MOVEGEN_H

#include <stdint.h>

#include <mana.h>

/*
 * ref_legal_moves - the legal moves of the side to move in g, sorted in
 * ascending order of their mana_move value, written to out (cap entries).
 * Returns the count (0 when the game is finished), or -1 if cap is below
 * the count or g/out is NULL (out may be NULL only with cap == 0, to count).
 * g is only read.
 */
int ref_legal_moves(const mana_game *g, mana_move *out, int cap);

/*
 * ref_perft - the number of leaves of the legal-move tree of depth plies
 * from g, walking it with ref_legal_moves + mana_play + mana_undo (so g is
 * modified during the call and restored before it returns).  perft(0) = 1.
 * Returns UINT64_MAX if mana_play or mana_undo fails on a move the
 * reference generator produced (a disagreement worth reporting).
 */
uint64_t ref_perft(mana_game *g, int depth);

#endif /* REF_MOVEGEN_H */
