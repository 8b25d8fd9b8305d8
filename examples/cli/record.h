/* SPDX-License-Identifier: MIT */
/*
 * record.h - plain-text game records, and the rule options by name.
 *
 * A record is a few header lines `Key: value`, a blank line, then every
 * move in notation, setup included, separated by white space:
 *
 *     Rules: jactalea
 *     PlyLimit: 400
 *     White: ab
 *     Black: random
 *     Date: 2025-01-31
 *     Result: 1-0
 *
 *     O2 D@b6 R@a5 R@b5 R@c5 R@d5 R@e5
 *     D@b1 R@a1 R@a2 R@b2 R@c2 R@d2
 *     b5-b3 c2-c4 ...
 *
 * Headers: Rules (jactalea or cosmoludo, required), one line per rule
 * option that differs from the preset (names below), White, Black, Date,
 * Result (1-0 White won, 0-1 Black won, 1/2-1/2 drawn, * unfinished) and
 * MFN (the start position when the game did not start with setup).  Lines
 * starting with `#` are comments.  Reading checks every move against the
 * rules through libmana and the Result against the final position.
 */
#ifndef MANA_CLI_RECORD_H
#define MANA_CLI_RECORD_H

#include <stdio.h>

#include <mana.h>

#define RECORD_NAME_MAX 64

typedef struct record_info {
    int preset;                          /* MANA_RULES_* */
    char white[RECORD_NAME_MAX];         /* who played White ("" unknown) */
    char black[RECORD_NAME_MAX];
    char date[32];                       /* "" to write today's date */
    char start_mfn[MANA_MFN_MAX + 1];    /* "" when the game starts at setup */
} record_info;

/* The rule options by name, as in RULES.md "Rule options": Orientation,
 * SetupArea, DamyoOnDouble, Reentry, ReentryWhenBlocked, Blocked,
 * Repetition, PlyLimit.  Names compare without regard to case. */
const char *rec_option_name(int option);

/* Reads option name and value text ("draw", "on", "400", ...) into
 * *option and *value.  Returns 0, or -1 with a reason in why. */
int rec_option_parse(const char *name, const char *text, int *option, int *value,
                     char *why, size_t why_size);

/* Writes the text of value for option ("pass", "on", "chosen", "400"). */
void rec_option_format(int option, int value, char *buf, size_t size);

/* The values an option accepts, for messages and the engine's `option`
 * lines: e.g. "pass|draw|loss" or "0..1000000". */
const char *rec_option_values(int option);

/* The Result text of a status: "1-0", "0-1", "1/2-1/2" or "*". */
const char *record_result(int status);

/* Returns a new game under preset with the options of model (NULL: the
 * preset's own) and, if mfn is not empty, at that position; NULL if a
 * call failed (the library detail says why). */
mana_game *record_start(int preset, const mana_game *model, const char *mfn);

/* Writes the record of g (its history from the start described by info) to
 * f.  Returns 0, or -1 if the moves could not be replayed or written. */
int record_write(FILE *f, const mana_game *g, const record_info *info);

/* record_write to a file by name; on failure returns -1 with the reason in
 * err. */
int record_save(const char *path, const mana_game *g, const record_info *info,
                char *err, size_t err_size);

/* Reads a record from f (name used in messages) and returns the game with
 * every move played in *out, and the header in *info.  On any problem
 * returns -1, writes "NAME:LINE: reason" to err and leaves *out alone:
 * nothing is half-loaded. */
int record_read(FILE *f, const char *name, mana_game **out, record_info *info,
                char *err, size_t err_size);

/* record_read from a file by name. */
int record_load(const char *path, mana_game **out, record_info *info, char *err,
                size_t err_size);

#endif
