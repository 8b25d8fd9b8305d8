/* SPDX-License-Identifier: MIT */
/* record.c - game record files for mana-cli (record.h): file I/O and the
 * headers mana-cli fills in; reading and writing are libmana's. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <time.h>

#include "platform.h"
#include "record.h"

const char *rec_option_name(int option)
{
    const char *name = mana_option_name(option);
    return name ? name : "?";
}

const char *rec_option_values(int option)
{
    const char *values = mana_option_values(option);
    return values ? values : "";
}

int rec_option_parse(const char *name, const char *text, int *option, int *value, char *why, size_t why_size)
{
    if (mana_option_parse(name, text, option, value) == MANA_OK)
        return 0;
    snprintf(why, why_size, "%s", mana_error_detail());
    return -1;
}

void rec_option_format(int option, int value, char *buf, size_t size)
{
    if (mana_option_format(option, value, buf, size) < 0)
        snprintf(buf, size, "%d", value);
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

/* The headers to write: info's tags with White, Black and Date set. */
static int headers_of(const record_info *info, mana_record_headers *hdr)
{
    if (mana_record_headers_init(hdr, info->preset) != MANA_OK)
        return -1;
    for (int i = 0; i < info->hdr.tag_count && i < MANA_RECORD_TAGS_MAX; i++)
        if (mana_record_tag_set(hdr, info->hdr.tags[i].key, info->hdr.tags[i].value) != MANA_OK)
            return -1;
    char date[32];
    if (info->date[0] != '\0') {
        snprintf(date, sizeof date, "%s", info->date);
    } else {
        time_t now = time(NULL);
        struct tm tm;
        if (localtime_r(&now, &tm) == NULL || strftime(date, sizeof date, "%Y-%m-%d", &tm) == 0)
            snprintf(date, sizeof date, "?");
    }
    if (mana_record_tag_set(hdr, "White", info->white[0] ? info->white : "?") != MANA_OK ||
        mana_record_tag_set(hdr, "Black", info->black[0] ? info->black : "?") != MANA_OK ||
        mana_record_tag_set(hdr, "Date", date) != MANA_OK)
        return -1;
    return 0;
}

int record_write(FILE *f, const mana_game *g, const record_info *info)
{
    mana_record_headers hdr;
    if (headers_of(info, &hdr) < 0)
        return -1;
    int n = mana_record_write(g, &hdr, NULL, 0);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    int rc = -1;
    if (text != NULL && mana_record_write(g, &hdr, text, (size_t)n + 1) == n &&
        fwrite(text, 1, (size_t)n, f) == (size_t)n)
        rc = ferror(f) ? -1 : 0;
    free(text);
    return rc;
}

int record_save(const char *path, const mana_game *g, const record_info *info, char *err, size_t err_size)
{
    char tmp[4200];
    struct stat st;
    int direct = stat(path, &st) == 0 && !S_ISREG(st.st_mode); /* a device or a pipe: written as it is */
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, plat_pid());
    FILE *f = fopen(direct ? path : tmp, "w");
    if (f == NULL) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    errno = 0;
    int rc = record_write(f, g, info);
    int saved = errno;
    if (rc == 0 && (fflush(f) != 0 || (!direct && plat_sync(fileno(f)) != 0))) {
        rc = -1;
        saved = errno;
    }
    if (fclose(f) != 0 && rc == 0) {
        rc = -1;
        saved = errno;
    }
    if (rc == 0 && !direct && plat_replace(tmp, path) != 0) {
        rc = -1;
        saved = errno;
    }
    if (rc < 0 && !direct)
        unlink(tmp); /* the file that was there stays as it was */
    if (rc < 0)
        snprintf(err, err_size, "%s: could not write the record (%s)", path,
                 saved ? strerror(saved) : mana_error_detail());
    return rc;
}

int record_slurp(FILE *f, char **text, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *bigger = cap < ((size_t)-1) / 2 ? realloc(buf, cap * 2) : NULL;
        if (bigger == NULL) {
            free(buf);
            buf = NULL;
            errno = ENOMEM;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (buf == NULL || ferror(f)) {
        free(buf);
        return -1;
    }
    *text = buf;
    *len = n;
    return 0;
}

/* Fills info from the headers read and the game (its start position). */
static void info_of(const mana_game *g, const mana_record_headers *hdr, record_info *info)
{
    memset(info, 0, sizeof *info);
    info->preset = hdr->preset;
    info->hdr = *hdr;
    const char *v;
    if ((v = mana_record_tag_get(hdr, "White")) != NULL)
        snprintf(info->white, sizeof info->white, "%s", v);
    if ((v = mana_record_tag_get(hdr, "Black")) != NULL)
        snprintf(info->black, sizeof info->black, "%s", v);
    if ((v = mana_record_tag_get(hdr, "Date")) != NULL)
        snprintf(info->date, sizeof info->date, "%s", v);
    mana_game *start = mana_clone(g);
    while (start != NULL && mana_undo(start) == MANA_OK)
        ;
    if (start != NULL && mana_get_position(start, info->start_mfn, sizeof info->start_mfn) < 0)
        info->start_mfn[0] = '\0';
    mana_free(start);
}

int record_read(FILE *f, const char *name, mana_game **out, record_info *info, char *err, size_t err_size)
{
    char *text;
    size_t len;
    if (record_slurp(f, &text, &len) < 0) {
        snprintf(err, err_size, "%s: %s", name, strerror(errno));
        return -1;
    }
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    mana_record_headers hdr;
    int rc = g != NULL ? mana_record_read(g, text, len, NULL, &hdr) : MANA_ENOMEM;
    free(text);
    if (rc != MANA_OK) {
        snprintf(err, err_size, "%s:%s", name, mana_error_detail());
        mana_free(g);
        return -1;
    }
    info_of(g, &hdr, info);
    *out = g;
    return 0;
}

int record_load(const char *path, mana_game **out, record_info *info, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    int rc = record_read(f, path, out, info, err, err_size);
    fclose(f);
    return rc;
}
