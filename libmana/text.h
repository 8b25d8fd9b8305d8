/* SPDX-License-Identifier: MIT */
/*
 * text.h - the text writers' sink (records, history, SVG; text.c): appends
 * to a caller's buffer while it has room and counts every byte, so one
 * pass both measures and writes (the snprintf size-query convention).
 * Then the helpers the text files lend each other, under the file that
 * defines them.
 */
#ifndef MANA_TEXT_H
#define MANA_TEXT_H

#include <stddef.h>

#include "game.h" /* MANA_PRINTF */

struct mana_text {
    char *buf;   /* the caller's buffer, or NULL to only count */
    size_t size; /* its size in bytes */
    size_t len;  /* bytes produced so far (may pass size) */
};

/* text.c: starts a sink on buf (size bytes). */
void mana__text_init(struct mana_text *t, char *buf, size_t size);
/* Appends n bytes of s. */
void mana__text_put(struct mana_text *t, const char *s, size_t n);
/* Appends a NUL-terminated string. */
void mana__text_str(struct mana_text *t, const char *s);
/* Appends printf-formatted text (no %f: the library's text never depends
 * on the locale). */
void mana__text_fmt(struct mana_text *t, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(MANA_PRINTF, 2, 3)))
#endif
    ;
/* Ends the text: NUL-terminates it and returns its length, or fails with
 * MANA_ESPACE (buf then "" when size > 0) or MANA_ENOMEM (over INT_MAX
 * bytes); fn names the caller in the detail. */
int mana__text_end(struct mana_text *t, const char *fn);

/* Returns the length of the valid UTF-8 sequence at s (n bytes left), or
 * 0 if the bytes there are not valid UTF-8 (overlong forms, surrogates
 * and values above U+10FFFF refused). */
size_t mana__utf8_len(const unsigned char *s, size_t n);
/* The code point of the valid UTF-8 sequence of k bytes (1..4) at s. */
unsigned long mana__utf8_code(const unsigned char *s, size_t k);
/* 1 if code point c is refused in a record: a C0 control but tab, DEL, a
 * C1 control (U+0080..U+009F, NEL U+0085 among them) or the line and
 * paragraph separators U+2028 and U+2029; else 0. */
int mana__is_control(unsigned long c);

/* option_text.c: the option named name (any case), or -1. */
int mana__option_by_name(const char *name);
/* option_text.c: 1 if a and b are equal ignoring ASCII case. */
int mana__same_word(const char *a, const char *b);

/* record_write.c: writes the notation of history entry u (its move and
 * whether it captured) to buf (MANA_MOVE_TEXT_MAX + 1 bytes); returns the
 * length. */
struct mana_undo;
int mana__history_text(const struct mana_undo *u, char *buf);
/* record_write.c: checks a tag for mana_record_tag_set and the writer;
 * MANA_OK or the MANA_EINVAL failure. */
int mana__check_tag(const char *key, const char *value);

#endif
