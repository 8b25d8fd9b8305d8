/* SPDX-License-Identifier: MIT */
/*
 * fuzz_record - any bytes as a file of game records (NUL bytes included:
 * the length is given, not found).
 *
 * mana_record_read reads the games one after another into a game that
 * holds another state.  For each:
 *   - refused: MANA_EPARSE, MANA_EILLEGAL or MANA_EOVER, a detail starting
 *     "LINE:COLUMN: " with LINE within the text's lines, and the game, the
 *     headers and the offset unchanged; the loop stops;
 *   - accepted: the offset moved forward (at most to the end), every
 *     invariant holds, mana_end_reason agrees with the status, the history
 *     as notation and the SVG are written, and writing the record back
 *     gives text that reads again to the same history, options, hash and
 *     headers and writes again to itself (write is a fixed point of read).
 */
#include "fuzz.h"

#define MAX_GAMES 8

/* Checks the detail of a refused read: "LINE:COLUMN: reason". */
static void check_located(const mana_game *g, const char *text, size_t len)
{
    const char *d = mana_error_detail();
    char *end;
    unsigned long line = strtoul(d, &end, 10);
    size_t lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    FUZZ_CHECK(g, end != d && *end == ':' && line >= 1 && line <= lines, "detail '%s' has no line of %zu", d, lines);
    unsigned long col = strtoul(end + 1, &end, 10);
    FUZZ_CHECK(g, col >= 1 && end[0] == ':' && end[1] == ' ' && end[2] != '\0', "detail '%s' has no column", d);
}

/* A freshly allocated record of g with hdr; asserts the size query. */
static char *write_record(const mana_game *g, const mana_record_headers *hdr, int *len)
{
    int n = mana_record_write(g, hdr, NULL, 0);
    FUZZ_CHECK(g, n > 0, "record_write size query: %d", n);
    char *buf = malloc((size_t)n + 1);
    FUZZ_CHECK(g, buf != NULL, "malloc");
    FUZZ_CHECK(g, mana_record_write(g, hdr, buf, (size_t)n + 1) == n, "record_write: not the queried length");
    *len = n;
    return buf;
}

static void check_same(const mana_game *a, const mana_game *b)
{
    inv_snapshot sa, sb;
    char diff[300];
    inv_snapshot_take(a, &sa);
    inv_snapshot_take(b, &sb);
    FUZZ_CHECK(b, inv_snapshot_diff(&sa, &sb, diff, sizeof diff) == 0, "written and read back: %s", diff);
    int n = mana_history(a, NULL, 0);
    mana_move *ha = malloc(((size_t)n + 1) * sizeof *ha), *hb = malloc(((size_t)n + 1) * sizeof *hb);
    FUZZ_CHECK(b, ha && hb && mana_history(a, ha, n) == n && mana_history(b, hb, n) == n, "history");
    FUZZ_CHECK(b, memcmp(ha, hb, (size_t)n * sizeof *ha) == 0, "read back: another history");
    free(ha);
    free(hb);
}

/* What an accepted game must satisfy. */
static void check_accepted(mana_game *g, const mana_record_headers *hdr)
{
    fuzz_invariants(g, INV_DEFAULT);
    int status = mana_status(g), reason = mana_end_reason(g);
    FUZZ_CHECK(g, (reason == MANA_END_NONE) == (status == MANA_SETUP || status == MANA_PLAYING),
               "end reason %d for status %d", reason, status);
    int hn = mana_history_format(g, NULL, 0), moves = mana_history(g, NULL, 0);
    FUZZ_CHECK(g, hn >= 0 && hn <= moves * (MANA_MOVE_TEXT_MAX + 1), "history_format length %d", hn);
    FUZZ_CHECK(g, mana_svg(g, 0, 0, NULL, 0) > 0, "svg");

    int n1, n2, n3;
    char *t1 = write_record(g, hdr, &n1);
    mana_game *r = mana_new(MANA_RULES_COSMOLUDO);
    mana_record_headers back;
    size_t off = 0;
    int rc = mana_record_read(r, t1, (size_t)n1, &off, &back);
    FUZZ_CHECK(g, rc == MANA_OK, "the written record does not read: %s\n%s", mana_error_detail(), t1);
    FUZZ_CHECK(g, off == (size_t)n1, "the written record reads as more than one game");
    check_same(g, r);
    FUZZ_CHECK(r, back.preset == hdr->preset && back.tag_count == hdr->tag_count, "headers changed");
    FUZZ_CHECK(r, memcmp(back.tags, hdr->tags, sizeof back.tags[0] * (size_t)back.tag_count) == 0, "tags changed");
    char *t2 = write_record(r, &back, &n2);
    FUZZ_CHECK(r, n2 == n1 && memcmp(t1, t2, (size_t)n1) == 0, "write is not a fixed point:\n%s\n---\n%s", t1, t2);
    char *t3 = write_record(g, NULL, &n3);
    free(t3);
    free(t1);
    free(t2);
    mana_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    mana_game *g = mana_new(MANA_RULES_JACTALEA);
    FUZZ_CHECK(g, g && mana_set_option(g, MANA_OPT_PLY_LIMIT, 77) == MANA_OK && mana_setup_random(g, size) == MANA_OK,
               "setup");
    size_t off = 0;
    for (int games = 0; games < MAX_GAMES && off < size; games++) {
        inv_snapshot before;
        mana_record_headers hdr, hdr_before;
        memset(&hdr, 0x5a, sizeof hdr);
        hdr_before = hdr;
        inv_snapshot_take(g, &before);
        size_t start = off;
        int rc = mana_record_read(g, text, size, &off, &hdr);
        if (rc != MANA_OK) {
            FUZZ_CHECK(g, rc == MANA_EPARSE || rc == MANA_EILLEGAL || rc == MANA_EOVER, "read returned %d", rc);
            check_located(g, text, size);
            fuzz_unchanged(g, &before, "record_read");
            FUZZ_CHECK(g, off == start && memcmp(&hdr, &hdr_before, sizeof hdr) == 0, "offset or headers changed");
            break;
        }
        FUZZ_CHECK(g, off > start && off <= size, "offset %zu after %zu of %zu", off, start, size);
        check_accepted(g, &hdr);
    }
    mana_free(g);
    return 0;
}
