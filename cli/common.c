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

/* Prints one rank: each square as its piece (or '.') and its mark count. */
static void print_rank(const mana_game *g, int rank, int color)
{
    printf("%d ", rank + 1);
    for (int file = 0; file < MANA_FILE_COUNT; file++) {
        int sq = rank * MANA_FILE_COUNT + file, piece = mana_piece_at(g, sq), marks = mana_marks_at(g, sq);
        const char *on = "", *off = "";
        if (color && piece) {
            on = (piece == 'D' || piece == 'R') ? "\033[1;97;44m" : "\033[1;30;43m";
            off = "\033[0m";
        }
        printf(" %s%c%c%s", on, piece ? piece : '.', marks ? '0' + marks : ' ', off);
    }
    printf("  %d\n", rank + 1);
}

/* Writes to buf what color has still to place during the setup: "the
 * Damyo and 5 Ronins", "the Damyo", "1 Ronin" or "nothing" (a Damyo is
 * never captured before play, so one not on the board is still to place). */
static const char *to_place(const mana_game *g, int color, char *buf, size_t size)
{
    uint64_t damyo = 0, ronins = 0;
    mana_pieces(g, color, &damyo, &ronins);
    int left = MANA_RONIN_COUNT - mana_count_squares(ronins);
    const char *d = damyo ? "" : left ? "the Damyo and " : "the Damyo";
    snprintf(buf, size, "%s%s", d, left ? cli_count(left, "Ronin", NULL).s : damyo ? "nothing" : "");
    return buf;
}

/* The Mana line of the board in play: what the Mana binds, or that no
 * bound piece can move and the side may move any piece (or re-enter);
 * libmana tells which (mana_binding). */
static void print_binding(const mana_game *g, const char *who, int mana)
{
    int b = mana_binding(g);
    int steps = b & MANA_BINDING_STEPS, drops = b & MANA_BINDING_REENTRY;
    if (!(b & MANA_BINDING_EXCEPTION) || (!steps && !drops)) /* blocked: a pass or nothing */
        printf("%s to move; Mana %d: %s must move a piece on a %d-mark square\n", who, mana, who, mana);
    else
        printf("%s to move; Mana %d, but no %s piece on a %d-mark square can move: %s\n", who, mana, who, mana,
               steps && drops ? "any piece may move, or a Ronin re-enter"
               : steps        ? "any piece may move"
                              : "a Ronin may re-enter");
}

void cli_print_board(const mana_game *g, int color)
{
    printf("   a  b  c  d  e  f\n");
    for (int rank = MANA_RANK_COUNT - 1; rank >= 0; rank--)
        print_rank(g, rank, color);
    printf("   a  b  c  d  e  f     (piece or '.', then the square's marks)\n");
    int side = mana_side_to_move(g), mana = mana_mana(g), status = mana_status(g);
    const char *who = side == MANA_WHITE ? "White" : "Black";
    if (status == MANA_PLAYING && mana)
        print_binding(g, who, mana);
    else if (status == MANA_PLAYING)
        printf("%s to move; no Mana yet: any piece may move\n", who);
    else if (status == MANA_SETUP)
        printf("setup: %s to %s\n", who, mana_orientation(g) < 0 ? "choose the orientation" : "place");
    else
        printf("finished: %s\n", cli_end_text(g));
    if (status == MANA_SETUP) { /* no reserve before play: the pieces still to place */
        char w[48], b[48];
        printf("to place: White %s, Black %s\n", to_place(g, MANA_WHITE, w, sizeof w),
               to_place(g, MANA_BLACK, b, sizeof b));
    } else {
        printf("reserve: White %d, Black %d\n", mana_reserve(g, MANA_WHITE), mana_reserve(g, MANA_BLACK));
    }
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
    int status = mana_status(g), loser = status == MANA_WHITE_WON ? MANA_BLACK : MANA_WHITE;
    const char *loser_name = loser == MANA_WHITE ? "White" : "Black";
    switch (mana_end_reason(g)) {
    case MANA_END_DAMYO_CAPTURED:
        snprintf(text, sizeof text, "%s, %s's Damyo captured", cli_status_text(status), loser_name);
        break;
    case MANA_END_BLOCKED:
        snprintf(text, sizeof text, "%s, %s to move and blocked", cli_status_text(status),
                 mana_side_to_move(g) == MANA_WHITE ? "White" : "Black");
        break;
    case MANA_END_REPETITION: snprintf(text, sizeof text, "drawn by repetition"); break;
    case MANA_END_PLY_LIMIT: snprintf(text, sizeof text, "drawn at the ply limit"); break;
    case MANA_END_PASSES: snprintf(text, sizeof text, "drawn, two passes in a row"); break;
    default: snprintf(text, sizeof text, "%s", cli_status_text(status));
    }
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
