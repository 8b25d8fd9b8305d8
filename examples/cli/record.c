/* SPDX-License-Identifier: MIT */
/* record.c - reading and writing game records (format in record.h). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "record.h"

static const char *const option_names[MANA_OPTION_COUNT] = {
    "Orientation", "SetupArea", "DamyoOnDouble", "Reentry",
    "ReentryWhenBlocked", "Blocked", "Repetition", "PlyLimit"};

/* The words of the enumerated options, indexed by value (NULL: numeric). */
static const char *const setup_words[] = {"two-ranks", "back-rank", NULL};
static const char *const onoff_words[] = {"off", "on", NULL};
static const char *const reentry_words[] = {"any", "mana-mark", NULL};
static const char *const blocked_words[] = {"pass", "draw", "loss", NULL};

static const char *const *option_words(int option)
{
    switch (option) {
    case MANA_OPT_SETUP_AREA:
        return setup_words;
    case MANA_OPT_DAMYO_ON_DOUBLE:
    case MANA_OPT_REENTRY_WHEN_BLOCKED:
        return onoff_words;
    case MANA_OPT_REENTRY:
        return reentry_words;
    case MANA_OPT_BLOCKED:
        return blocked_words;
    default:
        return NULL;
    }
}

const char *rec_option_name(int option)
{
    return option >= 0 && option < MANA_OPTION_COUNT ? option_names[option] : "?";
}

const char *rec_option_values(int option)
{
    switch (option) {
    case MANA_OPT_ORIENTATION:
        return "chosen|0|1|2|3";
    case MANA_OPT_SETUP_AREA:
        return "two-ranks|back-rank";
    case MANA_OPT_DAMYO_ON_DOUBLE:
    case MANA_OPT_REENTRY_WHEN_BLOCKED:
        return "on|off";
    case MANA_OPT_REENTRY:
        return "any|mana-mark";
    case MANA_OPT_BLOCKED:
        return "pass|draw|loss";
    case MANA_OPT_REPETITION:
        return "0|2..1000000";
    case MANA_OPT_PLY_LIMIT:
        return "0..1000000000";
    default:
        return "";
    }
}

/* Reads a decimal number 0..max; returns 0 or -1. */
static int read_number(const char *text, long max, long *out)
{
    if (!isdigit((unsigned char)text[0]) || strlen(text) > 10)
        return -1;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || *end != '\0' || v > max)
        return -1;
    *out = v;
    return 0;
}

int rec_option_parse(const char *name, const char *text, int *option, int *value,
                     char *why, size_t why_size)
{
    int opt = -1;
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (strcasecmp(name, option_names[i]) == 0)
            opt = i;
    if (opt < 0) {
        snprintf(why, why_size, "unknown option '%.40s'", name);
        return -1;
    }
    const char *const *words = option_words(opt);
    long v = -2;
    if (words != NULL) {
        for (int i = 0; words[i] != NULL; i++)
            if (strcasecmp(text, words[i]) == 0)
                v = i;
        if (words == onoff_words && (strcasecmp(text, "true") == 0 || strcmp(text, "1") == 0))
            v = 1;
        if (words == onoff_words && (strcasecmp(text, "false") == 0 || strcmp(text, "0") == 0))
            v = 0;
    } else if (opt == MANA_OPT_ORIENTATION) {
        if (strcasecmp(text, "chosen") == 0)
            v = MANA_ORIENTATION_CHOSEN;
        else if (read_number(text, 3, &v) < 0)
            v = -2;
    } else {
        long max = opt == MANA_OPT_REPETITION ? 1000000 : 1000000000;
        if (read_number(text, max, &v) < 0 || (opt == MANA_OPT_REPETITION && v == 1))
            v = -2;
    }
    if (v == -2) {
        snprintf(why, why_size, "%s: bad value '%.40s' (expected %s)", option_names[opt], text,
                 rec_option_values(opt));
        return -1;
    }
    *option = opt;
    *value = (int)v;
    return 0;
}

void rec_option_format(int option, int value, char *buf, size_t size)
{
    const char *const *words = option_words(option);
    if (words != NULL && value >= 0 && value <= 2 && (value < 2 || words[2] != NULL))
        snprintf(buf, size, "%s", words[value]);
    else if (option == MANA_OPT_ORIENTATION && value == MANA_ORIENTATION_CHOSEN)
        snprintf(buf, size, "chosen");
    else
        snprintf(buf, size, "%d", value);
}

const char *record_result(int status)
{
    switch (status) {
    case MANA_WHITE_WON:
        return "1-0";
    case MANA_BLACK_WON:
        return "0-1";
    case MANA_DRAWN:
        return "1/2-1/2";
    default:
        return "*";
    }
}

mana_game *record_start(int preset, const mana_game *model, const char *mfn)
{
    mana_game *g = mana_new(preset);
    if (g == NULL)
        return NULL;
    for (int opt = 0; model != NULL && opt < MANA_OPTION_COUNT; opt++) {
        int v;
        if (mana_get_option(model, opt, &v) != MANA_OK || mana_set_option(g, opt, v) != MANA_OK) {
            mana_free(g);
            return NULL;
        }
    }
    if (mfn != NULL && mfn[0] != '\0' && mana_set_position(g, mfn) != MANA_OK) {
        mana_free(g);
        return NULL;
    }
    return g;
}

int record_write(FILE *f, const mana_game *g, const record_info *info)
{
    const char *start = info->start_mfn;
    mana_game *preset = mana_new(info->preset);
    mana_game *r = record_start(info->preset, g, start);
    int count = mana_history(g, NULL, 0);
    mana_move *moves = count > 0 ? malloc((size_t)count * sizeof *moves) : NULL;
    int rc = -1;
    if (preset == NULL || r == NULL || count < 0 || (count > 0 && moves == NULL) ||
        mana_history(g, moves, count) != count)
        goto out;

    fprintf(f, "Rules: %s\n", info->preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea");
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int mine, base;
        mana_get_option(g, opt, &mine);
        mana_get_option(preset, opt, &base);
        if (mine != base) {
            char text[32];
            rec_option_format(opt, mine, text, sizeof text);
            fprintf(f, "%s: %s\n", option_names[opt], text);
        }
    }
    char date[32];
    if (info->date[0] != '\0') {
        snprintf(date, sizeof date, "%s", info->date);
    } else {
        time_t now = time(NULL);
        struct tm tm;
        if (localtime_r(&now, &tm) == NULL || strftime(date, sizeof date, "%Y-%m-%d", &tm) == 0)
            snprintf(date, sizeof date, "?");
    }
    fprintf(f, "White: %s\nBlack: %s\nDate: %s\nResult: %s\n",
            info->white[0] ? info->white : "?", info->black[0] ? info->black : "?", date,
            record_result(mana_status(g)));
    if (start != NULL && start[0] != '\0')
        fprintf(f, "MFN: %s\n", start);
    fputc('\n', f);

    /* Setup moves: one line per side; then ten moves a line. */
    int on_line = 0, was_setup = mana_status(r) == MANA_SETUP, setup_side = mana_side_to_move(r);
    for (int i = 0; i < count; i++) {
        char text[MANA_MOVE_TEXT_MAX + 1];
        int in_setup = mana_status(r) == MANA_SETUP;
        int side = mana_side_to_move(r);
        if (on_line > 0 && ((was_setup && !in_setup) || (in_setup && side != setup_side) ||
                            (!in_setup && on_line == 10))) {
            fputc('\n', f);
            on_line = 0;
        }
        was_setup = in_setup;
        setup_side = side;
        if (mana_move_format(r, moves[i], text, sizeof text) < 0 || mana_play(r, moves[i]) != MANA_OK)
            goto out;
        fprintf(f, "%s%s", on_line ? " " : "", text);
        on_line++;
    }
    if (on_line > 0)
        fputc('\n', f);
    rc = ferror(f) ? -1 : 0;
out:
    free(moves);
    mana_free(r);
    mana_free(preset);
    return rc;
}

int record_save(const char *path, const mana_game *g, const record_info *info, char *err,
                size_t err_size)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    int rc = record_write(f, g, info);
    if (fclose(f) != 0)
        rc = -1;
    if (rc < 0)
        snprintf(err, err_size, "%s: could not write the record (%s)", path,
                 errno ? strerror(errno) : mana_error_detail());
    return rc;
}

/* ---- reading ------------------------------------------------------------ */

typedef struct reader {
    const char *name;
    char *err;
    size_t err_size;
    long line;
} reader;

static int fail(reader *rd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int fail(reader *rd, const char *fmt, ...)
{
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(rd->err, rd->err_size, "%s:%ld: %s", rd->name, rd->line, why);
    return -1;
}

/* Removes surrounding white space in place; returns the trimmed start. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Returns 1 if s looks like a header line "Key: value". */
static int is_header(const char *s)
{
    const char *p = s;
    while (isalpha((unsigned char)*p))
        p++;
    return p != s && *p == ':';
}

enum {
    H_RULES = MANA_OPTION_COUNT,
    H_WHITE,
    H_BLACK,
    H_DATE,
    H_RESULT,
    H_MFN,
    H_COUNT
};

static const char *const header_names[H_COUNT - MANA_OPTION_COUNT] = {
    "Rules", "White", "Black", "Date", "Result", "MFN"};

/* Looks up a header key: 0..7 an option, H_RULES.. the others, -1. */
static int header_key(const char *key)
{
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (strcasecmp(key, option_names[i]) == 0)
            return i;
    for (int i = MANA_OPTION_COUNT; i < H_COUNT; i++)
        if (strcasecmp(key, header_names[i - MANA_OPTION_COUNT]) == 0)
            return i;
    return -1;
}

/* Returns the game the headers describe (preset, options, start MFN), or
 * NULL after reporting the header line at fault. */
static mana_game *start_game(reader *rd, const record_info *hdr, const long *seen,
                             const int *opt_value)
{
    mana_game *g = mana_new(hdr->preset);
    if (g == NULL) {
        fail(rd, "%s", mana_error_detail());
        return NULL;
    }
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        if (seen[opt] && mana_set_option(g, opt, opt_value[opt]) != MANA_OK) {
            rd->line = seen[opt];
            fail(rd, "%s: %s", option_names[opt], mana_error_detail());
            mana_free(g);
            return NULL;
        }
    }
    if (seen[H_MFN] && mana_set_position(g, hdr->start_mfn) != MANA_OK) {
        rd->line = seen[H_MFN];
        fail(rd, "MFN: %s", mana_error_detail());
        mana_free(g);
        return NULL;
    }
    return g;
}

int record_read(FILE *f, const char *name, mana_game **out, record_info *info, char *err,
                size_t err_size)
{
    reader rd = {name, err, err_size, 0};
    record_info hdr;
    memset(&hdr, 0, sizeof hdr);
    hdr.preset = -1;
    long seen[H_COUNT];
    int opt_value[MANA_OPTION_COUNT];
    char result[16] = "";
    for (int i = 0; i < H_COUNT; i++)
        seen[i] = 0;

    mana_game *g = NULL;
    char *buf = NULL;
    size_t cap = 0;
    ssize_t got;
    int in_moves = 0, rc = -1;
    long move_no = 0;
    while ((got = getline(&buf, &cap, f)) >= 0) {
        rd.line++;
        if ((size_t)got != strlen(buf)) {
            fail(&rd, "NUL byte in the record");
            goto out;
        }
        char *s = trim(buf);
        if (s[0] == '#')
            continue;
        if (!in_moves) {
            if (s[0] == '\0') {
                if (seen[H_RULES])
                    in_moves = 1;
                continue;
            }
            if (is_header(s)) {
                char *colon = strchr(s, ':');
                *colon = '\0';
                char *value = trim(colon + 1);
                int key = header_key(s);
                if (key < 0) {
                    fail(&rd, "unknown header '%.40s'", s);
                    goto out;
                }
                if (seen[key]) {
                    fail(&rd, "header %s given twice (first on line %ld)", s, seen[key]);
                    goto out;
                }
                seen[key] = rd.line;
                char why[200];
                switch (key) {
                case H_RULES:
                    if (strcmp(value, "jactalea") == 0)
                        hdr.preset = MANA_RULES_JACTALEA;
                    else if (strcmp(value, "cosmoludo") == 0)
                        hdr.preset = MANA_RULES_COSMOLUDO;
                    else {
                        fail(&rd, "Rules: unknown rules '%.40s' (expected jactalea or cosmoludo)",
                             value);
                        goto out;
                    }
                    break;
                case H_WHITE:
                case H_BLACK:
                case H_DATE:
                    if (strlen(value) >= (key == H_DATE ? sizeof hdr.date : RECORD_NAME_MAX)) {
                        fail(&rd, "%s: value too long", s);
                        goto out;
                    }
                    strcpy(key == H_WHITE ? hdr.white : key == H_BLACK ? hdr.black : hdr.date,
                           value);
                    break;
                case H_RESULT:
                    if (strcmp(value, "1-0") && strcmp(value, "0-1") && strcmp(value, "1/2-1/2") &&
                        strcmp(value, "*")) {
                        fail(&rd, "Result: '%.40s' is not 1-0, 0-1, 1/2-1/2 or *", value);
                        goto out;
                    }
                    strcpy(result, value);
                    break;
                case H_MFN:
                    if (strlen(value) > MANA_MFN_MAX) {
                        fail(&rd, "MFN: too long to be a position");
                        goto out;
                    }
                    strcpy(hdr.start_mfn, value);
                    break;
                default: {
                    int opt;
                    if (rec_option_parse(s, value, &opt, &opt_value[key], why, sizeof why) < 0) {
                        fail(&rd, "%s", why);
                        goto out;
                    }
                    break;
                }
                }
                continue;
            }
            if (!seen[H_RULES]) {
                fail(&rd, "expected a header line 'Key: value' (a record starts with Rules: ...)");
                goto out;
            }
            in_moves = 1;
        }
        if (g == NULL && (g = start_game(&rd, &hdr, seen, opt_value)) == NULL)
            goto out;
        for (char *tok = strtok(s, " \t"); tok != NULL; tok = strtok(NULL, " \t")) {
            size_t n = strlen(tok);
            if (n > 1 && tok[n - 1] == '.' && strspn(tok, "0123456789") == n - 1)
                continue; /* a move number, "12." */
            move_no++;
            mana_move m;
            int e = mana_move_parse(g, tok, &m);
            if (e == MANA_OK)
                e = mana_play(g, m);
            if (e != MANA_OK) {
                if (e == MANA_EOVER)
                    fail(&rd, "move %ld '%.20s': the game is already over (%s)", move_no, tok,
                         record_result(mana_status(g)));
                else
                    fail(&rd, "move %ld '%.20s': %s: %s", move_no, tok, mana_strerror(e),
                         mana_error_detail());
                goto out;
            }
        }
    }
    if (ferror(f)) {
        fail(&rd, "read error: %s", strerror(errno));
        goto out;
    }
    if (!seen[H_RULES]) {
        rd.line = rd.line ? rd.line : 1;
        fail(&rd, "no Rules header: not a Mana game record");
        goto out;
    }
    if (g == NULL && (g = start_game(&rd, &hdr, seen, opt_value)) == NULL)
        goto out; /* headers only: no move yet */
    if (result[0] != '\0' && strcmp(result, record_result(mana_status(g))) != 0) {
        rd.line = seen[H_RESULT];
        fail(&rd, "Result says %s but the moves end with result %s", result,
             record_result(mana_status(g)));
        goto out;
    }
    *out = g;
    *info = hdr;
    g = NULL;
    rc = 0;
out:
    free(buf);
    mana_free(g);
    return rc;
}

int record_load(const char *path, mana_game **out, record_info *info, char *err, size_t err_size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    int rc = record_read(f, path, out, info, err, err_size);
    fclose(f);
    return rc;
}
