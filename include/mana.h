/* SPDX-License-Identifier: MIT */
/*
 * mana.h - the public interface of libmana, the rules engine for Claude
 * Leroy's board game Mana.  It includes mana_ml.h (action ids,
 * observations and batched games, for machine learning), the one other
 * installed header: a program includes mana.h alone.
 *
 * Conventions used by every function below
 * ----------------------------------------
 * - Squares are integers 0..35, a1 = 0, b1 = 1, ..., f1 = 5, a2 = 6, ...,
 *   f6 = 35 (sq = 6 * (rank - 1) + file), as in docs/rules.md "Board and
 *   coordinates".  A set of squares is a uint64_t with bit sq set.
 * - Every function returning int returns a negative MANA_E* error code on
 *   failure.  On failure the game is left exactly as it was and
 *   mana_error_detail() returns a one-line explanation.
 * - NULL is accepted everywhere and answered with MANA_EINVAL (or NULL,
 *   0 or a harmless no-op where the return type cannot carry an error; each
 *   function says which).
 * - Thread-safety: there is no mutable global state.  Different mana_game
 *   objects may be used from different threads at once.  Functions taking a
 *   `const mana_game *` never modify it, so any number of threads may call
 *   them on one game at once provided no thread modifies that game meanwhile.
 *   The error detail is kept per thread.
 * - Memory: the library never keeps a pointer passed by the caller beyond
 *   the call; strings it returns are static or thread-local and must not be
 *   freed.  The library never prints, aborts or exits.
 *
 * ABI policy: every constant below has a pinned value; values are never
 * renumbered and new ones are only appended.  The mana_move bit layout is
 * part of the ABI.
 */
#ifndef MANA_H
#define MANA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ------------------------------------------------------------ */

#define MANA_VERSION_MAJOR 0
#define MANA_VERSION_MINOR 3
#define MANA_VERSION_PATCH 0
#define MANA_VERSION_STRING "0.3.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH */
#define MANA_VERSION_NUMBER (MANA_VERSION_MAJOR * 10000 + MANA_VERSION_MINOR * 100 + MANA_VERSION_PATCH)

/* MANA_API marks the public functions.  On ELF and Mach-O they are the
 * only names of default visibility (the libraries are built with
 * -fvisibility=hidden); a Windows DLL exports what its own objects mark
 * dllexport, so the build of libmana.dll and libmana-bots.dll defines
 * MANA_BUILD_DLL.  A program using the DLLs needs nothing: the import
 * libraries give the calls their addresses. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(MANA_BUILD_DLL)
#define MANA_API __declspec(dllexport)
#else
#define MANA_API
#endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#define MANA_API __attribute__((visibility("default")))
#else
#define MANA_API
#endif

/* ---- Types -------------------------------------------------------------- */

/* An opaque game: position, rule options, setup progress and the undo
 * history.  Create with mana_new(), release with mana_free(). */
typedef struct mana_game mana_game;

/*
 * A move, as a 32-bit integer.  Bit layout (fixed, part of the ABI):
 *
 *   bits  0..5   from square (0..35) for MANA_MOVE_STEP, else 0
 *   bits  6..11  to square (0..35) for STEP and the two DROP kinds;
 *                the orientation (0..3) for MANA_MOVE_ORIENT; else 0
 *   bits 12..14  kind (MANA_MOVE_STEP .. MANA_MOVE_PASS)
 *   bits 15..31  zero
 *
 * A step is identified by its start and end squares only (docs/rules.md
 * "Moving"); whether it captures follows from the position.  A drop is a
 * setup placement during setup and a re-entry from the reserve in play.
 * MANA_MOVE_NONE (0) has kind 0 and is never legal.
 */
typedef uint32_t mana_move;

#define MANA_MOVE_NONE 0u
#define MANA_MAX_MOVES 128 /* no state has more legal moves than this */

enum mana_move_kind {
    MANA_MOVE_STEP = 1,       /* b2-c4, b2xc4 */
    MANA_MOVE_DROP_DAMYO = 2, /* D@c6: setup placement of the Damyo */
    MANA_MOVE_DROP_RONIN = 3, /* R@c3: setup placement or re-entry */
    MANA_MOVE_ORIENT = 4,     /* O0..O3: Black chooses the orientation */
    MANA_MOVE_PASS = 5        /* pass: the blocked player's only move */
};

#define MANA_MOVE_TO_SHIFT 6    /* the to field starts at bit 6 */
#define MANA_MOVE_KIND_SHIFT 12 /* the kind field starts at bit 12 */
#define MANA_MOVE_BITS 15       /* bits from 15 up are zero in every move */
#define MANA_MOVE_MAKE(kind, from, to)                                                                 \
    ((mana_move)(((unsigned)(kind) << MANA_MOVE_KIND_SHIFT) | ((unsigned)(to) << MANA_MOVE_TO_SHIFT) | \
                 (unsigned)(from)))
#define MANA_MOVE_FROM(m) ((int)((m)&63u))
#define MANA_MOVE_TO(m) ((int)(((m) >> MANA_MOVE_TO_SHIFT) & 63u))
#define MANA_MOVE_KIND(m) ((int)(((m) >> MANA_MOVE_KIND_SHIFT) & 7u))

/* ---- Constants ---------------------------------------------------------- */

/* Rule presets (docs/rules.md "Setup"). */
enum mana_preset {
    MANA_RULES_JACTALEA = 0, /* 2005 edition: orientation chosen, two ranks */
    MANA_RULES_COSMOLUDO = 1 /* 2020 edition: orientation 3, back rank */
};

/* Colours.  Black moves first. */
enum mana_color { MANA_WHITE = 0, MANA_BLACK = 1 };

/* Game status (mana_status). */
enum mana_status {
    MANA_SETUP = 0, /* orientation and placements still to be played */
    MANA_PLAYING = 1,
    MANA_WHITE_WON = 2,
    MANA_BLACK_WON = 3,
    MANA_DRAWN = 4
};

/* Rule options (docs/rules.md "Rule options") and their values. */
enum mana_option {
    MANA_OPT_ORIENTATION = 0,          /* MANA_ORIENTATION_CHOSEN or 0..3 */
    MANA_OPT_SETUP_AREA = 1,           /* MANA_SETUP_TWO_RANKS / _BACK_RANK */
    MANA_OPT_DAMYO_ON_DOUBLE = 2,      /* 0 or 1 */
    MANA_OPT_REENTRY = 3,              /* MANA_REENTRY_ANY / _MANA_MARK */
    MANA_OPT_REENTRY_WHEN_BLOCKED = 4, /* 0 or 1 */
    MANA_OPT_BLOCKED = 5,              /* MANA_BLOCKED_PASS / _DRAW / _LOSS */
    MANA_OPT_REPETITION = 6,           /* 0 (off) or N >= 2 */
    MANA_OPT_PLY_LIMIT = 7             /* 0 (off) or N >= 1 */
};
#define MANA_OPTION_COUNT 8

enum mana_option_value {
    MANA_ORIENTATION_CHOSEN = -1,
    MANA_SETUP_TWO_RANKS = 0,
    MANA_SETUP_BACK_RANK = 1,
    MANA_REENTRY_ANY = 0,
    MANA_REENTRY_MANA_MARK = 1,
    MANA_BLOCKED_PASS = 0,
    MANA_BLOCKED_DRAW = 1,
    MANA_BLOCKED_LOSS = 2
};

/*
 * Error codes.  One list (this X-macro) yields the enum below and the
 * messages of mana_strerror().  X(name, value, message).
 */
#define MANA_ERROR_LIST(X)                    \
    X(MANA_OK, 0, "success")                  \
    X(MANA_EINVAL, -1, "invalid argument")    \
    X(MANA_EILLEGAL, -2, "illegal move")      \
    X(MANA_EPARSE, -3, "unreadable text")     \
    X(MANA_EOVER, -4, "the game is finished") \
    X(MANA_ENOHISTORY, -5, "no move to undo") \
    X(MANA_ENOMEM, -6, "out of memory")       \
    X(MANA_ESPACE, -7, "buffer too small")    \
    X(MANA_ESTATE, -8, "not allowed in the game's current phase")

#define MANA_ERROR_ENUM_(name, value, msg) name = value,
enum mana_error { MANA_ERROR_LIST(MANA_ERROR_ENUM_) };
#undef MANA_ERROR_ENUM_

/* Longest MFN: 6 ranks of 6 characters, 5 slashes and " b 3 0" (47). */
#define MANA_MFN_MAX 47
/* Longest move text ("b2xc4", "pass"), without the terminating NUL. */
#define MANA_MOVE_TEXT_MAX 5

/* ---- Lifecycle ---------------------------------------------------------- */

/*
 * mana_new - a fresh game at the start of setup under a preset.
 *   preset: MANA_RULES_JACTALEA or MANA_RULES_COSMOLUDO.
 * Returns a new game owned by the caller (release with mana_free), or NULL
 * if preset is unknown (detail set) or memory is exhausted.  Under
 * jactalea the first legal moves are O0..O3; under cosmoludo they are
 * Black's placements on rank 6 (docs/rules.md "Setup").  Thread-safe.
 */
MANA_API mana_game *mana_new(int preset);

/* mana_free - releases a game and its history.  NULL is a no-op. */
MANA_API void mana_free(mana_game *g);

/*
 * mana_clone - a deep copy of g, history and options included, owned by the
 * caller.  Returns NULL if g is NULL or memory is exhausted.  The copy is
 * independent of g.  Safe while other threads read g.
 */
MANA_API mana_game *mana_clone(const mana_game *g);

/*
 * mana_copy - makes dst an exact copy of src without a new game: position,
 * options, setup progress and the whole history, so that mana_undo on dst
 * walks back the same moves and the repetition and ply-limit options judge
 * dst's future moves as they would src's.  dst must come from mana_new or
 * mana_clone; both stay owned by the caller; what dst held before is lost.
 * No heap call when dst's history already has room for src's moves:
 * always when src has no history (e.g. after mana_set_position), and
 * whenever dst has held a history at least as long before (made by
 * mana_clone(src), or copied from src once already), so copying a search
 * root into the same scratch game again and again never allocates.
 * Otherwise dst's history grows once (and never shrinks).  Copying a game
 * onto itself does nothing.  For search trees and MCTS: one mana_copy
 * into a reused game replaces mana_clone + mana_free.  Its cost grows
 * with src's history, 48 bytes a move (each move keeps the position it
 * was played from): a root set with mana_set_position copies fastest.
 * Returns MANA_OK; MANA_EINVAL if dst or src is NULL; MANA_ENOMEM if dst's
 * history cannot grow (dst unchanged).  Thread-safety: other threads may
 * read src meanwhile (functions taking a const game), none may use dst.
 */
MANA_API int mana_copy(mana_game *dst, const mana_game *src);

/* ---- Options (docs/rules.md "Rule options") ---------------------------------- */

/*
 * mana_set_option - sets one rule option.
 *   option: MANA_OPT_ORIENTATION .. MANA_OPT_PLY_LIMIT.
 *   value:  as listed with enum mana_option.  Repetition: 0 or 2..1000000;
 *           ply limit: 0 or 1..1000000000.
 * Options may change only while the history is empty (right after mana_new
 * or mana_set_position).  Changing MANA_OPT_ORIENTATION right after
 * mana_new fixes (0..3) or frees (-1) the orientation of the coming setup;
 * after mana_set_position it is stored but the position keeps its own
 * orientation.  Returns MANA_OK; MANA_EINVAL for NULL, an unknown option
 * or a value out of range; MANA_ESTATE once a move has been played.
 */
MANA_API int mana_set_option(mana_game *g, int option, int value);

/*
 * mana_get_option - reads one rule option into *value.
 * Returns MANA_OK, or MANA_EINVAL for NULL g or value or an unknown option.
 */
MANA_API int mana_get_option(const mana_game *g, int option, int *value);

/* ---- Positions (docs/rules.md "MFN") ----------------------------------------- */

/*
 * mana_set_position - replaces the position by the one in mfn (a
 * NUL-terminated string, borrowed) and clears the history.  The game is in
 * the play phase afterwards; its status is MANA_PLAYING, or the result if
 * the position is finished (side to move without its Damyo, or blocked
 * under blocked = draw / loss).  Options are kept.
 * Returns MANA_OK; MANA_EINVAL for NULL; MANA_EPARSE for text that is not
 * canonical MFN (the detail names the field and the problem), in which
 * case the game is unchanged.
 */
MANA_API int mana_set_position(mana_game *g, const char *mfn);

/*
 * mana_get_position - writes the MFN of the current play-phase position to
 * buf (size bytes, caller-owned), NUL-terminated.  MANA_MFN_MAX + 1 bytes
 * always suffice.  Returns the length written (without the NUL);
 * MANA_EINVAL for NULL g or buf; MANA_ESPACE if size is too small (buf then
 * holds ""  when size > 0); MANA_ESTATE during setup (setup states are not
 * MFN: they are a move list from mana_new).
 */
MANA_API int mana_get_position(const mana_game *g, char *buf, size_t size);

/* ---- Moves (docs/rules.md "Moving", "The Mana", "Setup") --------------------- */

/*
 * mana_legal_moves - the legal moves of the side to move: setup moves
 * (orientation, placements) during setup; in play the steps of the pieces
 * the Mana binds, or, when none of those can move, the steps of every
 * other piece and the re-entries; `pass` when nothing else is legal under
 * blocked = pass.  With no Mana yet (first move of play) every piece is
 * bound, so re-entry is possible only when no piece can move (decision D4 of
 * docs/rules.md).  docs/rules.md "Setup", "Moving", "The Mana",
 * "No legal move at all".
 *   out: caller-owned array of cap moves, or NULL with cap == 0 to count.
 * Returns the number of legal moves (0 once the game is finished, never
 * more than MANA_MAX_MOVES); MANA_EINVAL for NULL g, negative cap, or NULL
 * out with cap > 0; MANA_ESPACE if cap is below the count (nothing is
 * written).  The order is deterministic.  Allocates nothing.
 */
MANA_API int mana_legal_moves(const mana_game *g, mana_move *out, int cap);

/*
 * mana_is_legal - 1 if m is a legal move now, 0 if not (any 32-bit value
 * may be passed); MANA_EINVAL for NULL g.
 */
MANA_API int mana_is_legal(const mana_game *g, mana_move m);

/*
 * mana_play - plays a legal move and records it in the history.
 * Returns MANA_OK; MANA_EINVAL for NULL; MANA_EOVER if the game is
 * finished; MANA_EILLEGAL if m is not legal (the detail says why: no piece
 * of yours there, bound by the Mana, path blocked, own piece on the
 * target, ...); MANA_ENOMEM if the history cannot grow.  After the move
 * the status may change: a captured Damyo wins (docs/rules.md "Moving"), two
 * passes in a row draw ("No legal move at all"), and the repetition and
 * ply-limit options draw ("Optional adjudication").  Any value of m is
 * checked, a legal step of a bound piece with one reach-table lookup; a
 * stale or forged move gets the answer of mana_is_legal.  Allocates only
 * when the history grows (room for 64 moves first, then doubling).
 */
MANA_API int mana_play(mana_game *g, mana_move m);

/*
 * mana_play_str - parses text as with mana_move_parse and plays it.
 * Returns as mana_move_parse and mana_play.
 */
MANA_API int mana_play_str(mana_game *g, const char *text);

/*
 * mana_undo - takes back the last move (setup moves included), restoring
 * the position, Mana, status and hash exactly (the history keeps each
 * position a move was played from: a copy back).  Returns MANA_OK;
 * MANA_EINVAL for NULL; MANA_ENOHISTORY if nothing was played since
 * mana_new or mana_set_position.
 */
MANA_API int mana_undo(mana_game *g);

/*
 * mana_history - the moves played since mana_new or mana_set_position,
 * oldest first, into out (cap entries), or just the count with out == NULL
 * and cap == 0.  Returns the count; MANA_EINVAL for bad arguments;
 * MANA_ESPACE if cap is below the count (nothing written).
 */
MANA_API int mana_history(const mana_game *g, mana_move *out, int cap);

/* ---- Notation (docs/rules.md "Notation") ------------------------------------- */

/*
 * mana_move_parse - reads move text (NUL-terminated, borrowed) in the
 * context of g and stores the legal move it names in *out.  Accepted:
 * "b2-c4", "b2xc4", "b2c4" (the separator need not match whether it
 * captures), "D@c6" / "R@c3" (or lowercase d / r), "O0".."O3" (or o),
 * "pass".  No surrounding white space.
 * Returns MANA_OK; MANA_EINVAL for NULL; MANA_EPARSE if the text is not
 * move notation; MANA_EILLEGAL if it reads but is not legal now (the detail
 * says why); MANA_EOVER if the game is finished.  *out is written only on
 * success.
 */
MANA_API int mana_move_parse(const mana_game *g, const char *text, mana_move *out);

/*
 * mana_move_format - writes the canonical text of the legal move m
 * ("b2-c4", "b2xc4" for a capture, "D@c6", "R@c3", "O2", "pass") to buf
 * (size bytes, caller-owned; MANA_MOVE_TEXT_MAX + 1 always suffice).
 * Returns the length written; MANA_EINVAL for NULL; MANA_EILLEGAL if m is
 * not legal in g now; MANA_ESPACE if size is too small.
 */
MANA_API int mana_move_format(const mana_game *g, mana_move m, char *buf, size_t size);

/* ---- Queries ------------------------------------------------------------ */

/* mana_status - MANA_SETUP .. MANA_DRAWN; MANA_EINVAL for NULL. */
MANA_API int mana_status(const mana_game *g);

/* mana_side_to_move - MANA_WHITE or MANA_BLACK (in setup: the side
 * choosing or placing); MANA_EINVAL for NULL. */
MANA_API int mana_side_to_move(const mana_game *g);

/* mana_piece_at - 'D', 'R' (White), 'd', 'r' (Black) or 0 for an empty
 * square; MANA_EINVAL for NULL g or sq outside 0..35. */
MANA_API int mana_piece_at(const mana_game *g, int sq);

/* mana_marks_at - the mark count (1..3) of square sq under the game's
 * orientation, 0 while the orientation is not chosen yet; MANA_EINVAL for
 * NULL g or sq outside 0..35.  (docs/rules.md "Board and coordinates".) */
MANA_API int mana_marks_at(const mana_game *g, int sq);

/* mana_orientation - 0..3, or -1 while Black has not chosen it yet;
 * MANA_EINVAL for NULL. */
MANA_API int mana_orientation(const mana_game *g);

/* mana_mana - the Mana's mark count binding the side to move: 0 when there
 * is none (setup, or before the first move of play), else 1..3;
 * MANA_EINVAL for NULL.  (docs/rules.md "The Mana".) */
MANA_API int mana_mana(const mana_game *g);

/* The bits mana_binding returns (docs/rules.md "The Mana"). */
#define MANA_BINDING_BOUND 1     /* a piece on a square with mana_mana(g) marks can step: one of them must move */
#define MANA_BINDING_EXCEPTION 2 /* none of them can: the exception, whose moves the next two bits give */
#define MANA_BINDING_STEPS 4     /* under the exception: some piece can step (any piece may move) */
#define MANA_BINDING_REENTRY 8   /* under the exception: a Ronin can re-enter */

/* mana_binding - what the Mana lets the side to move do, from its legal
 * moves: MANA_BINDING_BOUND when a piece bound by the Mana (on a square
 * with mana_mana(g) marks) can step, the usual case; else
 * MANA_BINDING_EXCEPTION with MANA_BINDING_STEPS if some other piece can
 * step and MANA_BINDING_REENTRY if a Ronin can re-enter (the exception
 * alone: the side is blocked, its only move a pass if the blocked option
 * gives one).  0 when no Mana binds: in the setup, before the first move
 * of play (mana_mana(g) = 0) and once the game is over.  The one place
 * the board texts (mana-cli, the web board) learn it from.  MANA_EINVAL
 * for NULL.  Only reads g.  (docs/rules.md "The Mana".) */
MANA_API int mana_binding(const mana_game *g);

/* mana_mana_square - the square the Mana came from: where the last moved or
 * re-entered piece landed (a pass leaves it where it was), 0..35 (a1 = 0),
 * also once the game has ended.  -1 when there is none: in the setup, before
 * the first move of play, or when the history does not hold that move (a
 * position set by MFN).  MANA_EINVAL (also -1) for NULL: pass a valid game
 * to tell them apart.  Only reads g.  (docs/rules.md "The Mana".) */
MANA_API int mana_mana_square(const mana_game *g);

/* mana_reserve - how many captured Ronins colour may re-enter (0..5; 0
 * during setup); MANA_EINVAL for NULL g or a colour other than MANA_WHITE
 * or MANA_BLACK. */
MANA_API int mana_reserve(const mana_game *g, int color);

/* mana_hash - a 64-bit Zobrist hash of the board, side to move, Mana mark
 * count and orientation, kept incrementally; equal positions hash equal.
 * Returns 0 for NULL. */
MANA_API uint64_t mana_hash(const mana_game *g);

/* ---- Setup helper ------------------------------------------------------- */

/*
 * mana_setup_random - completes the setup with uniformly chosen legal setup
 * moves (orientation if still to choose, then every remaining placement),
 * drawn from a pseudo-random sequence seeded by seed: the same seed on the
 * same game gives the same setup.  The moves go to the history.
 * Returns MANA_OK; MANA_EINVAL for NULL; MANA_ESTATE if the game is not in
 * setup; MANA_ENOMEM if the history cannot grow (the game is then as it
 * was).
 */
MANA_API int mana_setup_random(mana_game *g, uint64_t seed);

/* ---- Perft (docs/rules.md "Perft") ------------------------------------------- */

#define MANA_PERFT_DEPTH_MAX 64 /* deepest perft mana_perft accepts, plies */

/*
 * mana_perft - counts the leaf nodes of the legal-move tree to depth plies
 * (0..MANA_PERFT_DEPTH_MAX = 64) from the current state into *leaves (docs/rules.md "Perft"; the
 * last ply is counted without being played).  perft(0) = 1.  A finished
 * game has no moves.  g is modified during the call and restored before it
 * returns (so it is not const, and no other thread may use g meanwhile).
 * Returns MANA_OK; MANA_EINVAL for NULL g or leaves or a depth outside
 * 0..64; MANA_ENOMEM if the history cannot grow (g restored).
 */
MANA_API int mana_perft(mana_game *g, int depth, uint64_t *leaves);

/* ---- Errors and version ------------------------------------------------- */

/* mana_strerror - a static message for an error code ("unknown error" for
 * a value not in the list).  Never NULL. */
MANA_API const char *mana_strerror(int err);

/* mana_error_detail - one line saying why this thread's last failing
 * libmana call failed ("" if none failed yet).  The string is thread-local,
 * owned by the library, and valid until this thread's next failing call. */
MANA_API const char *mana_error_detail(void);

/* mana_version - MANA_VERSION_STRING of the library actually loaded. */
MANA_API const char *mana_version(void);

/* ---- Reach and Damyo threats (attack maps) ------------------------------ */

/*
 * What a search asks of a position without playing moves: the squares the
 * pieces reach (the "attack maps" of chess engines), the moves a side
 * would have under a given Mana, and the captures of the Damyo (docs/rules.md
 * "Moving", "The Mana").  All are bitboards: bit sq set for square sq
 * (0..35, a1 = 0).  A piece's reach, or its ends, are the squares where a
 * step of it may end: exactly as many orthogonal steps as its square has
 * marks, no square visited twice, every square before the last empty, the
 * last one empty or holding an enemy piece (a capture).  These functions
 * only read g, allocate nothing, and, like every `const mana_game *`
 * function, may run in any number of threads on one game that no thread
 * modifies.  Outputs are caller-owned and written only on success.
 */

/*
 * mana_count_squares - the number of squares in set, a set of squares
 * (bit sq set for square sq): 0..36, e.g. the Ronins mana_pieces gives or
 * the ends of mana_piece_reach (a bit above 35, no square, counts too).
 * Inline, no call into the library: the population count instruction
 * where the compiler targets it (GCC and Clang with POPCNT), elsewhere a
 * branch-free count (Hacker's Delight 5-1), not the slower libgcc routine
 * that __builtin_popcountll would call.  Thread-safe.
 */
static inline int mana_count_squares(uint64_t set)
{
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_popcountll(set);
#else
    set = set - ((set >> 1) & 0x5555555555555555ULL);
    set = (set & 0x3333333333333333ULL) + ((set >> 2) & 0x3333333333333333ULL);
    set = (set + (set >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((set * 0x0101010101010101ULL) >> 56);
#endif
}

/*
 * mana_pieces - the pieces of colour (MANA_WHITE or MANA_BLACK) on the
 * board: its Damyo into *damyo (one square, or 0 once captured or before it
 * is placed) and its Ronins into *ronins.  Either pointer may be NULL.
 * Valid in every phase.  Returns MANA_OK; MANA_EINVAL for NULL g or a bad
 * colour.
 */
MANA_API int mana_pieces(const mana_game *g, int color, uint64_t *damyo, uint64_t *ronins);

/*
 * mana_piece_reach - the ends of the piece on sq (0..35, either colour)
 * into *ends, the Mana ignored: where it could step if its side were to
 * move and the piece were free to move.  Returns MANA_OK; MANA_EINVAL for
 * NULL g or ends, sq outside 0..35 or an empty square.
 */
MANA_API int mana_piece_reach(const mana_game *g, int sq, uint64_t *ends);

/*
 * mana_reach_maps - the attack maps of colour by mark count, the Mana
 * ignored: maps[k - 1] (k = 1..3) is the union of the ends of colour's
 * pieces standing on squares with k marks.  maps: caller-owned array of 3.
 * A square a colour's piece could capture on is in its maps iff an enemy
 * piece stands there.  All zero while no piece is on the board.  Returns
 * MANA_OK; MANA_EINVAL for NULL g or maps or a bad colour.
 */
MANA_API int mana_reach_maps(const mana_game *g, int color, uint64_t maps[3]);

/*
 * mana_reach_steps - mana_reach_maps with the number of steps, in one
 * pass over colour's pieces (a search's evaluation reads all of it at
 * every position; twelve mana_piece_reach calls cost three times as
 * much): maps[k - 1] as mana_reach_maps gives it; steps[k - 1] the
 * number of steps of colour's pieces on squares with k marks, one per
 * piece and end square (0..216: six pieces, 36 squares); *damyo_steps
 * that of colour's Damyo alone (0..36; 0 without one on the board).
 * These are the moves the pieces bound by Mana k would have, the
 * exception and re-entries aside (mana_reach_under answers with them).
 * maps, steps: caller-owned arrays of 3; damyo_steps: caller-owned.  All
 * zero while no piece is on the board.  Returns MANA_OK; MANA_EINVAL for
 * NULL g, maps, steps or damyo_steps, or a bad colour.  Thread-safe as
 * above.
 */
MANA_API int mana_reach_steps(const mana_game *g, int color, uint64_t maps[3], int steps[3], int *damyo_steps);

/*
 * mana_reach_under - the moves colour would have if it were to move now
 * under Mana mark count mana (1..3, or 0 for no Mana yet: every piece is
 * bound), the rest of the position and the rule options as they are: the
 * bound pieces' steps, or, when none of them can step, every piece's steps
 * and the re-entries (docs/rules.md "The Mana").  *steps gets the union of the
 * steps' end squares, *drops the re-entry squares (either may be NULL).
 * Returns the number of those moves, counted as mana_legal_moves counts
 * them (one `pass` when nothing else is legal under blocked = pass, 0
 * under draw / loss), status and adjudication options aside (a finished
 * position is answered as if play went on); MANA_EINVAL for NULL g, a bad
 * colour or mana outside 0..3; MANA_ESTATE during setup.
 */
MANA_API int mana_reach_under(const mana_game *g, int color, int mana, uint64_t *steps, uint64_t *drops);

/*
 * mana_damyo_capturable - 1 if the side to move has a legal move capturing
 * the enemy Damyo now (it wins with it), else 0 (also in setup and once
 * the game is finished); MANA_EINVAL for NULL g.
 */
MANA_API int mana_damyo_capturable(const mana_game *g);

/*
 * mana_damyo_threats - the moves with which the opponent of the side to
 * move would capture the side to move's Damyo if it were the opponent's
 * turn under Mana mark count mana (1..3, or 0: no Mana, any piece): the
 * threats the side to move faces after a move landing on a square of mana
 * marks.  Steps (from = the attacker, to = the Damyo), by attacker square
 * ascending, into out (cap entries, caller-owned), or only counted with
 * out NULL and cap 0.  Returns the count (0..6; 0 when the side to move
 * has no Damyo); MANA_EINVAL for NULL g, mana outside 0..3, negative cap or
 * NULL out with cap > 0; MANA_ESPACE if cap is below the count (nothing
 * written); MANA_ESTATE during setup.
 */
MANA_API int mana_damyo_threats(const mana_game *g, int mana, mana_move *out, int cap);

/* ---- Rule options by name (docs/record-format.md "Headers") -------------- */

/*
 * The words records, the CLI and the engine protocol use for the rule
 * options: names Orientation, SetupArea, DamyoOnDouble, Reentry,
 * ReentryWhenBlocked, Blocked, Repetition, PlyLimit (docs/rules.md "Rule
 * options"), and value words: Orientation chosen|0..3; SetupArea
 * two-ranks|back-rank; DamyoOnDouble and ReentryWhenBlocked on|off (also
 * true|false|1|0 when read); Reentry any|mana-mark; Blocked
 * pass|draw|loss; Repetition 0|2..1000000; PlyLimit 0..1000000000.
 * All four are thread-safe and allocate nothing.
 */

/* mana_option_name - the name of option (0..MANA_OPTION_COUNT-1), a static
 * string; NULL (detail set) for an unknown option. */
MANA_API const char *mana_option_name(int option);

/* mana_option_values - the values option accepts, as shown to users
 * ("pass|draw|loss", "0|2..1000000"), a static string; NULL (detail set)
 * for an unknown option. */
MANA_API const char *mana_option_values(int option);

/*
 * mana_option_parse - reads an option name (compared without regard to
 * case; NUL-terminated, borrowed) and value text into *option and *value
 * (caller-owned, written only on success).  name may be NULL to read only
 * the value of the option already in *option.
 * Returns MANA_OK; MANA_EINVAL for NULL text, option or value (or name NULL
 * with *option unknown); MANA_EPARSE for an unknown name or a value the
 * option does not accept (the detail names the option and its values).
 */
MANA_API int mana_option_parse(const char *name, const char *text, int *option, int *value);

/*
 * mana_option_format - the text of value for option ("draw", "on",
 * "chosen", "400") into buf (size bytes, caller-owned; 16 always suffice).
 * Returns the length written; MANA_EINVAL for NULL buf, an unknown option
 * or a value out of the option's range; MANA_ESPACE if size is too small.
 */
MANA_API int mana_option_format(int option, int value, char *buf, size_t size);

/* ---- Game records (docs/record-format.md) ------------------------------- */

/*
 * A record is header lines `Key: value`, a blank line, then every move in
 * notation, setup included:
 *
 *     Rules: jactalea
 *     Blocked: draw
 *     White: ab
 *     Result: 1-0
 *
 *     O0 R@e5 D@a5 R@f5 R@c6 R@a6 R@f6
 *     D@b1 R@a2 R@e2 R@c2 R@c1 R@f1
 *     e5-e4 c2-a3 a6-b5 e2-d4 f6-d6 a3xa5
 *
 * The library owns the headers Rules, the eight option names, Result and
 * MFN (the start position of a game that did not start with setup); every
 * other header is a tag (White, Black, Date, Event, Site, Round, ...),
 * kept in file order.  A file may hold several games one after another.
 * See docs/record-format.md for the grammar, encodings and errors.
 */
#define MANA_TAG_KEY_MAX 31     /* longest tag key, bytes */
#define MANA_TAG_VALUE_MAX 127  /* longest tag value, bytes (UTF-8) */
#define MANA_RECORD_TAGS_MAX 16 /* most tags a record may carry */

typedef struct mana_record_tag {
    char key[MANA_TAG_KEY_MAX + 1];     /* [A-Za-z][A-Za-z0-9_]*, NUL-ended */
    char value[MANA_TAG_VALUE_MAX + 1]; /* UTF-8, no control character */
} mana_record_tag;

/* The headers of a record, caller-owned storage (no pointers inside). */
typedef struct mana_record_headers {
    int preset;    /* Rules: MANA_RULES_JACTALEA or MANA_RULES_COSMOLUDO */
    int result;    /* Result: MANA_WHITE_WON, MANA_BLACK_WON, MANA_DRAWN,
                     * MANA_PLAYING for "*", or -1 when there is none */
    int tag_count; /* 0..MANA_RECORD_TAGS_MAX */
    mana_record_tag tags[MANA_RECORD_TAGS_MAX];
} mana_record_headers;

/*
 * mana_record_headers_init - empties *hdr: preset as given (0 or 1),
 * result -1, no tag.  Returns MANA_OK; MANA_EINVAL for NULL hdr or an
 * unknown preset.
 */
MANA_API int mana_record_headers_init(mana_record_headers *hdr, int preset);

/*
 * mana_record_tag_set - sets tag key to value in *hdr (both NUL-terminated,
 * copied), replacing the value of an existing key (compared without regard
 * to case) in place or appending a new one.
 * Returns MANA_OK; MANA_EINVAL for NULL, a key that is not
 * [A-Za-z][A-Za-z0-9_]* of 1..MANA_TAG_KEY_MAX bytes or that the library
 * owns (Rules, Result, MFN, an option name), a value over
 * MANA_TAG_VALUE_MAX bytes, not UTF-8, with a control character (C0 but
 * tab, DEL, C1 U+0080..U+009F, U+2028, U+2029) or with white space at
 * either end; MANA_ESPACE if hdr already holds
 * MANA_RECORD_TAGS_MAX tags.  *hdr is unchanged on failure.
 */
MANA_API int mana_record_tag_set(mana_record_headers *hdr, const char *key, const char *value);

/* mana_record_tag_get - the value of tag key in *hdr (compared without
 * regard to case), a pointer into hdr valid as long as it is; NULL if
 * absent or if hdr or key is NULL. */
MANA_API const char *mana_record_tag_get(const mana_record_headers *hdr, const char *key);

/*
 * mana_record_write - writes the record of g to buf (size bytes,
 * caller-owned), NUL-terminated: Rules (hdr->preset), one header per rule
 * option of g that differs from that preset, hdr's tags in order, Result,
 * MFN of the start position if g did not start with setup, a blank line,
 * then the history: the setup moves one line per side, then ten moves a
 * line.  hdr may be NULL (no tag; Rules the preset closest to g's
 * options).  The Result is g's status when g is finished; for an unfinished
 * game it is hdr->result when that is a final result and a Termination tag
 * says why (resignation, time forfeit, ...), else "*".  Reading the text
 * back with mana_record_read gives the same moves, options and headers.
 * Size query as snprintf: with buf NULL and size 0 it only returns the
 * length.  Returns the length (without the NUL); MANA_EINVAL for NULL g,
 * NULL buf with size > 0, bad headers (unknown preset or result, an
 * invalid tag as mana_record_tag_set checks, a final hdr->result that
 * contradicts g's status, or one on an unfinished game without a
 * Termination tag); MANA_ESPACE if size is too small (buf then holds "" when
 * size > 0); MANA_ENOMEM if memory is exhausted or the text would pass
 * INT_MAX bytes.  Only reads g: thread-safe as the other const calls.
 */
MANA_API int mana_record_write(const mana_game *g, const mana_record_headers *hdr, char *buf, size_t size);

/*
 * mana_record_read - reads the game that starts at text[*offset] (len bytes
 * of text in all, borrowed; NUL bytes are refused, not terminators) and
 * replaces g by it: rule options and start from the headers, every move
 * checked by the rules and played, so g's history is the game's.  *hdr
 * (caller-owned, may be NULL) receives the headers.  offset may be NULL
 * (read from 0); on success *offset is advanced past the game and any blank
 * and comment lines after it, to the next game or to len: iterate with
 * `while (off < len) mana_record_read(g, text, len, &off, &hdr)`.
 * Accepted: a UTF-8 byte-order mark at text[0], LF or CRLF line ends,
 * white space at line ends, `#` comments (whole lines, and the rest of a
 * move line), move numbers ("12."), a result token at the end of the moves.
 * Returns MANA_OK.  On failure g, *hdr and *offset are unchanged and
 * mana_error_detail() reads "LINE:COLUMN: reason" (line from 1 counted
 * from text[0], column from 1 in characters): MANA_EINVAL for NULL g, NULL
 * text with len > 0 or *offset > len; MANA_EPARSE for text that is not a
 * record (no game, NUL byte, invalid UTF-8, control character, bad header,
 * unknown Rules, bad option value, bad MFN, text that is not move
 * notation, more than MANA_RECORD_TAGS_MAX tags, a Result that does not
 * match the moves); MANA_EILLEGAL for a move the rules refuse at its
 * place; MANA_EOVER for a move after the game ended; MANA_ENOMEM.  Not
 * thread-safe on one g; different games may be read at once.
 */
MANA_API int mana_record_read(mana_game *g, const char *text, size_t len, size_t *offset, mana_record_headers *hdr);

/* ---- History and the end of a game ------------------------------------- */

/*
 * mana_history_format - the moves played since mana_new or
 * mana_set_position, setup included, as canonical notation (as
 * mana_move_format wrote each when it was legal: "b2xc4" for a capture)
 * separated by single spaces, into buf (size bytes, caller-owned),
 * NUL-terminated, from the history alone (no replay).  Size query as
 * snprintf: buf NULL and size 0 returns the length only; at most
 * (MANA_MOVE_TEXT_MAX + 1) * mana_history count bytes are needed.
 * Returns the length; MANA_EINVAL for NULL g or NULL buf with size > 0;
 * MANA_ESPACE if size is too small (buf "" when size > 0); MANA_ENOMEM if
 * the text would pass INT_MAX bytes.  Only reads g.
 */
MANA_API int mana_history_format(const mana_game *g, char *buf, size_t size);

/* Why a game ended (mana_end_reason). */
enum mana_end_reason {
    MANA_END_NONE = 0,           /* not finished (setup or play) */
    MANA_END_DAMYO_CAPTURED = 1, /* the loser's Damyo was captured (or is
                                  * missing from a set position) */
    MANA_END_BLOCKED = 2,        /* side to move has no legal move under
                                  * blocked = draw (drawn) or loss (lost) */
    MANA_END_REPETITION = 3,     /* the repetition option drew it */
    MANA_END_PLY_LIMIT = 4,      /* the ply-limit option drew it */
    MANA_END_PASSES = 5          /* two passes in a row (blocked = pass) */
};

/*
 * mana_end_reason - why g is finished, MANA_END_NONE .. MANA_END_PASSES
 * (docs/rules.md "Moving", "No legal move at all", "Optional adjudication");
 * mana_status says who won.  When the last move met the ply limit and
 * repeated the position at once, the ply limit is named.  Returns the
 * reason; MANA_EINVAL for NULL.  Only reads g.
 */
MANA_API int mana_end_reason(const mana_game *g);

/* ---- Pictures ----------------------------------------------------------- */

/* Flags of mana_svg; 0 draws everything from White's side. */
#define MANA_SVG_FLIPPED 1u        /* Black's side: rank 6 at the bottom */
#define MANA_SVG_NO_COORDINATES 2u /* no file letters and rank numbers */
#define MANA_SVG_NO_LAST_MOVE 4u   /* no tint on the last move's squares */
#define MANA_SVG_NO_MANA \
    8u                          /* no tint on the Mana's mark count and
                                    * no Mana bird on its square */
#define MANA_SVG_NO_CAPTION 16u /* no caption (side, Mana, reserves) */
/* The widths mana_svg draws at, in pixels. */
#define MANA_SVG_WIDTH_NATURAL 440 /* width 0: the drawing's own size */
#define MANA_SVG_WIDTH_MIN 64
#define MANA_SVG_WIDTH_MAX 8192

/*
 * mana_svg - draws g as a standalone SVG image (UTF-8 text) into buf (size
 * bytes, caller-owned), NUL-terminated: the 6x6 board with each square's
 * marks as one, two or three crossed strokes (none before the orientation
 * is chosen), the pieces (White light, Black dark, the Damyo larger and
 * ringed), the last move's squares tinted, the squares of the Mana's mark
 * count tinted and the Mana bird on the square the last piece landed on,
 * coordinates, and a caption (side to move or result, Mana, reserves).
 *   width: the image's width in pixels, 0 for MANA_SVG_WIDTH_NATURAL
 *          (440), else MANA_SVG_WIDTH_MIN..MANA_SVG_WIDTH_MAX (64..8192);
 *          the height follows the drawing's proportions.
 *   flags: MANA_SVG_* or-ed together.
 * Size query as snprintf (buf NULL, size 0); 32768 bytes always suffice (as mana_svg(3)).
 * Returns the length; MANA_EINVAL for NULL g, NULL buf with size > 0, a
 * width out of range or an unknown flag; MANA_ESPACE if size is too small
 * (buf "" when size > 0).  Only reads g; no locale dependence.
 */
MANA_API int mana_svg(const mana_game *g, int width, unsigned flags, char *buf, size_t size);

/* Flags of mana_board_text; 0 writes plain text. */
#define MANA_TEXT_COLOR 1u /* ANSI colours on the pieces (a terminal's) */

/*
 * mana_board_text - writes g as text into buf (size bytes, caller-owned),
 * NUL-terminated, as mana-cli show prints it: the files a-f, then ranks 6
 * down to 1, each square as its piece (D R for White, d r for Black, '.'
 * for none), its mark count (a space before the orientation is chosen)
 * and '*' where the Mana binds the square (in play, its mark count is the
 * Mana; a space elsewhere), then a legend and two lines of state: the side
 * to move and what the Mana lets it move (mana_binding's words), the
 * setup step, or why the game ended (mana_end_text); then the reserves,
 * or during the setup the pieces each side has still to place.  Lines end
 * in '\n'.
 *   flags: 0 or MANA_TEXT_COLOR.
 * Size query as snprintf (buf NULL, size 0); 1024 bytes always suffice
 * (2048 with MANA_TEXT_COLOR).
 * Returns the length; MANA_EINVAL for NULL g, NULL buf with size > 0 or
 * an unknown flag; MANA_ESPACE if size is too small (buf "" when size >
 * 0).  Only reads g; no locale dependence.
 */
MANA_API int mana_board_text(const mana_game *g, unsigned flags, char *buf, size_t size);

/*
 * mana_end_text - writes why g ended into buf (size bytes, caller-owned),
 * NUL-terminated: "White won, Black's Damyo captured", "Black won, White
 * to move and blocked", "drawn by repetition", "drawn at the ply limit",
 * "drawn, two passes in a row"; while the game goes on, "setup" or
 * "playing".  The words of mana-cli's board and of the bindings.
 * Size query as snprintf (buf NULL, size 0); 64 bytes always suffice.
 * Returns the length; MANA_EINVAL for NULL g or NULL buf with size > 0;
 * MANA_ESPACE if size is too small (buf "" when size > 0).  Only reads g.
 */
MANA_API int mana_end_text(const mana_game *g, char *buf, size_t size);

/* ---- Vocabulary: squares, option bounds, error names -------------------- */
/*
 * What callers otherwise recompute (docs/rules.md "Board and coordinates",
 * "Rule options"); ask the library rather than copying a number.
 */
#define MANA_SQUARE_COUNT 36   /* squares: a1 = 0 .. f6 = 35 (6 * rank + file) */
#define MANA_FILE_COUNT 6      /* files a..f */
#define MANA_RANK_COUNT 6      /* ranks 1..6 */
#define MANA_SQUARE_NAME_MAX 2 /* "a1".."f6", without the terminating NUL */
#define MANA_RONIN_COUNT 5     /* Ronins per side (board + reserve) */
#define MANA_PIECE_COUNT 6     /* pieces per side: one Damyo, five Ronins */

/*
 * mana_option_bounds - the smallest and largest value option (0 ..
 * MANA_OPTION_COUNT-1) accepts, into *lo and *hi (caller-owned, written
 * only on success).  Every value between them is accepted, except 1 for
 * MANA_OPT_REPETITION (0 is off; a position always occurs once).  Bounds:
 * MANA_OPT_ORIENTATION -1 (MANA_ORIENTATION_CHOSEN)..3,
 * MANA_OPT_SETUP_AREA, MANA_OPT_DAMYO_ON_DOUBLE, MANA_OPT_REENTRY and
 * MANA_OPT_REENTRY_WHEN_BLOCKED 0..1, MANA_OPT_BLOCKED 0..2,
 * MANA_OPT_REPETITION 0..1000000, MANA_OPT_PLY_LIMIT 0..1000000000.
 * Returns MANA_OK; MANA_EINVAL for an unknown option or NULL lo / hi.
 * Thread-safe; allocates nothing.  (Model: zstd's ZSTD_cParam_getBounds.)
 */
MANA_API int mana_option_bounds(int option, int *lo, int *hi);

/*
 * mana_square_name - the name of square sq (0..35: "a1".."f6") into buf
 * (size bytes, caller-owned; MANA_SQUARE_NAME_MAX + 1 = 3 always suffice),
 * NUL-terminated.  Returns 2; MANA_EINVAL for sq outside 0..35 or NULL buf;
 * MANA_ESPACE if size < 3 (buf then "" when size > 0).  Thread-safe.
 */
MANA_API int mana_square_name(int sq, char *buf, size_t size);

/*
 * mana_square_parse - the square (0..35) named by text, exactly two
 * characters "a1".."f6" (lowercase file, then rank) and a NUL.  Returns the
 * square; MANA_EINVAL for NULL text; MANA_EPARSE for anything else.
 * Thread-safe.
 */
MANA_API int mana_square_parse(const char *text);

/*
 * mana_error_name - the name of error code err ("MANA_EINVAL"), a static
 * string, beside its message (mana_strerror); NULL (detail set) for a
 * value that is no code of MANA_ERROR_LIST.  Thread-safe.  (Model:
 * libuv's uv_err_name.)
 */
MANA_API const char *mana_error_name(int err);

/*
 * mana_result_text - the result token of a game status, as records write
 * it (docs/record-format.md, the Result header and the token after the
 * moves): "1-0" for MANA_WHITE_WON, "0-1" for MANA_BLACK_WON, "1/2-1/2"
 * for MANA_DRAWN, "*" (unfinished) for MANA_SETUP and MANA_PLAYING; a
 * static string.  NULL (detail set) for a value that is no status.
 * Thread-safe.
 *
 * mana_result_parse - the inverse: the status named by text, exactly one
 * of those four tokens and a NUL ("*" reads as MANA_PLAYING).  Returns the
 * status; MANA_EINVAL for NULL text; MANA_EPARSE for anything else.
 * Thread-safe (the failure detail is per thread).
 */
MANA_API const char *mana_result_text(int status);
MANA_API int mana_result_parse(const char *text);

#ifdef __cplusplus
}
#endif

/* Action ids, observations and batched games. */
#include "mana_ml.h"

#endif /* MANA_H */
