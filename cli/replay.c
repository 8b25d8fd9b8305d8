/* SPDX-License-Identifier: MIT */
/* mana-cli replay: checks a game record move by move against the rules
 * (through libmana) and prints the final position and the result, for
 * each game of the file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "record.h"

static const cli_command replay_command = {"replay", "[OPTIONS] FILE   (FILE - reads stdin)",
                                           CLI_COLOR | CLI_QUIET | CLI_SVG, NULL, NULL};

/* Prints the summary of one game read (and its board unless quiet). */
static void summary(const mana_game *g, const mana_record_headers *hdr, const cli_args *o)
{
    if (!o->quiet)
        cli_print_board(g, o->color);
    const char *white = mana_record_tag_get(hdr, "White"), *black = mana_record_tag_get(hdr, "Black");
    int st = mana_status(g);
    printf("rules: %s; White: %s; Black: %s\n", hdr->preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea",
           white && white[0] ? white : "?", black && black[0] ? black : "?");
    printf("moves: %d, all legal\n", mana_history(g, NULL, 0));
    char mfn[MANA_MFN_MAX + 1];
    if (mana_get_position(g, mfn, sizeof mfn) >= 0)
        printf("final: %s\n", mfn);
    else
        printf("final: (still in setup)\n");
    const char *why = mana_record_tag_get(hdr, "Termination");
    if (st <= MANA_PLAYING && hdr->result > MANA_PLAYING && why != NULL) {
        /* ended off the board (resignation, time loss, ...): the record's word */
        printf("result: %s (%s, declared)\n", mana_result_text(hdr->result), cli_status_text(hdr->result));
        printf("termination: %s\n", why);
        return;
    }
    printf("result: %s (%s)\n", mana_result_text(st), cli_status_text(st));
    if (st >= MANA_WHITE_WON)
        printf("end: %s\n", cli_end_text(g));
}

/* Reads every game of text (a file of len bytes called name), printing
 * each; the last game read stays in g.  Returns 0, or 1 after the first
 * error. */
static int replay_all(mana_game *g, const char *name, const char *text, size_t len, const cli_args *o)
{
    size_t off = 0;
    int games = 0;
    do {
        mana_record_headers hdr;
        if (mana_record_read(g, text, len, &off, &hdr) != MANA_OK) {
            fprintf(stderr, "mana-cli replay: %s:%s\n", name, mana_error_detail());
            return 1;
        }
        if (++games > 1 || off < len)
            printf("%sgame %d\n", games > 1 ? "\n" : "", games);
        summary(g, &hdr, o);
    } while (off < len);
    return 0;
}

int cmd_replay(int argc, char **argv)
{
    cli_args o;
    int first = cli_parse(&replay_command, argc, argv, &o, NULL, NULL);
    if (first < 0)
        return first == -1 ? 0 : 2;
    if (argc - first != 1) {
        cli_usage_fail(&replay_command, argc == first ? "missing FILE" : "one FILE only");
        return 2;
    }
    const char *path = argv[first], *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    char *text = NULL;
    size_t len = 0;
    if (f == NULL || record_slurp(f, &text, &len) < 0) {
        fprintf(stderr, "mana-cli replay: %s: %s\n", name, strerror(errno));
        if (f != NULL && f != stdin)
            fclose(f);
        return 1;
    }
    if (f != stdin)
        fclose(f);
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    int rc = g != NULL ? replay_all(g, name, text, len, &o) : cli_fail("replay");
    if (rc == 0 && o.svg != NULL && cli_write_svg(g, o.svg) < 0) {
        fprintf(stderr, "mana-cli replay: could not write %s: %s\n", o.svg, strerror(errno));
        rc = 1;
    }
    free(text);
    mana_free(g);
    return rc;
}
