/* SPDX-License-Identifier: MIT */
/* Helpers shared by the subcommands of mana-cli. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mana_bot.h>

#include "cli.h"

int cli_parse_rules(const char *text, int *preset)
{
    if (!strcmp(text, "jactalea"))
        *preset = MANA_RULES_JACTALEA;
    else if (!strcmp(text, "cosmoludo"))
        *preset = MANA_RULES_COSMOLUDO;
    else
        return -1;
    return 0;
}

int cli_parse_blocked(const char *text, int *value)
{
    static const char *const names[] = {"pass", "draw", "loss"};
    for (int i = 0; i < 3; i++)
        if (!strcmp(text, names[i])) {
            *value = i; /* MANA_BLOCKED_PASS, _DRAW, _LOSS */
            return 0;
        }
    return -1;
}

int cli_parse_uint(const char *text, unsigned long long max, unsigned long long *out)
{
    if (text[0] < '0' || text[0] > '9') /* no sign, no leading space */
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

void cli_usage_error(const char *cmd, const char *usage, const char *why)
{
    fprintf(stderr, "mana-cli %s: %s\nusage: mana-cli %s\n", cmd, why, usage);
}

int cli_fail(const char *what)
{
    fprintf(stderr, "mana-cli %s: %s\n", what, mana_error_detail());
    return 1;
}

cli_counted cli_count(long long n, const char *one, const char *many)
{
    cli_counted c;
    if (n == 1 || many != NULL)
        snprintf(c.s, sizeof c.s, "%lld %s", n, n == 1 ? one : many);
    else
        snprintf(c.s, sizeof c.s, "%lld %ss", n, one);
    return c;
}

static const char *const status_text[] = {"setup", "playing", "White won", "Black won", "drawn"};

const char *cli_status_text(int status)
{
    return status >= 0 && status <= MANA_DRAWN ? status_text[status] : "unknown";
}

void cli_print_board(const mana_game *g, int color)
{
    char text[2048]; /* mana_board_text: 2048 bytes always suffice */
    if (mana_board_text(g, color ? MANA_TEXT_COLOR : 0, text, sizeof text) >= 0)
        fputs(text, stdout);
}

int cli_join_mfn(int argc, char **argv, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < argc; i++) {
        size_t len = strlen(argv[i]);
        if (n + len + 2 > size)
            return -1;
        if (i)
            buf[n++] = ' ';
        memcpy(buf + n, argv[i], len + 1);
        n += len;
    }
    return 0;
}

int cli_write_svg(const mana_game *g, const char *path)
{
    int n = mana_svg(g, 0, 0, NULL, 0);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    FILE *f = NULL;
    int rc = -1;
    if (text == NULL || mana_svg(g, 0, 0, text, (size_t)n + 1) != n)
        errno = n < 0 ? EINVAL : ENOMEM;
    else if ((f = fopen(path, "w")) != NULL && fwrite(text, 1, (size_t)n, f) == (size_t)n)
        rc = 0;
    if (f != NULL && fclose(f) != 0)
        rc = -1;
    free(text);
    return rc;
}

int cli_check_output(const char *path)
{
    int created = 1;
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0 && errno == EEXIST) {
        created = 0;
        fd = open(path, O_WRONLY);
    }
    if (fd < 0)
        return -1;
    close(fd);
    if (created)
        unlink(path);
    return 0;
}

const char *cli_end_text(const mana_game *g)
{
    static char text[96];
    if (mana_end_text(g, text, sizeof text) < 0)
        text[0] = '\0';
    return text;
}

const char *cli_version(void)
{
    static char text[64];
    snprintf(text, sizeof text, "mana-cli %s (libmana %s)", MANA_VERSION_STRING, mana_version());
    return text;
}

int cli_is_bot_kind(const char *text)
{
    const char *kinds = MANA_BOT_KINDS;
    size_t n = strlen(text);
    for (const char *k = kinds; *k != '\0'; k += strcspn(k, "|"), k += *k == '|') {
        size_t len = strcspn(k, "|");
        if (len == n && strncmp(k, text, n) == 0)
            return 1;
    }
    return 0;
}
