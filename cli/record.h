/* SPDX-License-Identifier: MIT */
/*
 * record.h - game records for mana-cli: files in and out, on top of
 * libmana's one reader and writer (mana_record_read, mana_record_write;
 * the format is docs/record-format.md).  Nothing here parses a record.
 */
#ifndef MANA_CLI_RECORD_H
#define MANA_CLI_RECORD_H

#include <stdio.h>

#include <mana.h>

typedef struct record_info {
    int preset;                         /* MANA_RULES_* */
    char white[MANA_TAG_VALUE_MAX + 1]; /* who played White ("" unknown): a
                                          * tag value, whole */
    char black[MANA_TAG_VALUE_MAX + 1];
    char date[32];                    /* "" to write today's date */
    char start_mfn[MANA_MFN_MAX + 1]; /* "" when the game starts at setup */
    mana_record_headers hdr;          /* every tag read; written back with
                                          * White, Black, Date from the fields
                                          * above (tag_count 0: none else) */
} record_info;

/* The rule options by name: libmana's words (mana_option_name, ...). */
const char *rec_option_name(int option);
const char *rec_option_values(int option);
/* Reads option name and value text into *option and *value.  Returns 0,
 * or -1 with the library's reason in why. */
int rec_option_parse(const char *name, const char *text, int *option, int *value, char *why, size_t why_size);
/* Writes the text of value for option ("pass", "on", "chosen", "400"). */
void rec_option_format(int option, int value, char *buf, size_t size);

/* Returns a new game under preset with the options of model (NULL: the
 * preset's own) and, if mfn is not empty, at that position; NULL if a
 * call failed (the library detail says why). */
mana_game *record_start(int preset, const mana_game *model, const char *mfn);

/* Writes the record of g to f.  Returns 0, or -1 (the library's detail or
 * errno says why). */
int record_write(FILE *f, const mana_game *g, const record_info *info);

/* record_write to a file by name, through a temporary name of this
 * process (PATH.PID.tmp, on disk, then renamed over PATH: a failure, a
 * full disk say, leaves what PATH held); a device or pipe is written
 * directly.  On failure returns -1 with the reason in err. */
int record_save(const char *path, const mana_game *g, const record_info *info, char *err, size_t err_size);

/* Reads the first game of the record in f (name used in messages) into a
 * new game *out, and its headers into *info.  On any problem returns -1,
 * writes "NAME:LINE:COLUMN: reason" to err and leaves *out alone. */
int record_read(FILE *f, const char *name, mana_game **out, record_info *info, char *err, size_t err_size);

/* record_read from a file by name. */
int record_load(const char *path, mana_game **out, record_info *info, char *err, size_t err_size);

/* Reads all of f into a new buffer (*text, *len; free it).  Returns 0, or
 * -1 with errno set. */
int record_slurp(FILE *f, char **text, size_t *len);

#endif
