/* SPDX-License-Identifier: MIT */
/*
 * fuzz_move - any bytes as move text on a set of states.
 *
 * Input: the first byte picks a state (setup under both presets, play
 * positions from docs/rules.md and perft.txt, a blocked side under each
 * `blocked` option, finished games); the rest, cut at its first NUL, is
 * the text.  Then mana_move_parse and mana_play_str must agree with the
 * legal move list and the notation of docs/rules.md "Notation":
 *   - accepted text names exactly one legal move, and is one of its
 *     spellings (b2-c4 / b2xc4 / b2c4, D@c6 / d@c6, R@c3 / r@c3, O2 / o2,
 *     pass); every such spelling of a legal move is accepted;
 *   - refused text: MANA_EOVER on a finished game, else MANA_EILLEGAL if it
 *     is notation, MANA_EPARSE if not; *out untouched, a detail, the game
 *     unchanged;
 *   - mana_play_str returns the same and plays the same move as mana_play.
 */
#include "fuzz.h"

/* How to reach one of the states the text is tried on. */
struct recipe {
    int preset;
    int blocked;
    const char *mfn;   /* NULL: from mana_new */
    const char *moves; /* played with mana_play_str, space-separated */
};

static const struct recipe states[] = {
    {MANA_RULES_JACTALEA, 0, NULL, ""},
    {MANA_RULES_JACTALEA, 0, NULL, "O2"},
    {MANA_RULES_JACTALEA, 0, NULL, "O0 D@b6 R@a5 R@c5"},
    {MANA_RULES_JACTALEA, 0, NULL, "O1 D@b6 R@a5 R@c5 R@d6 R@e6 R@f6 D@c2"},
    {MANA_RULES_COSMOLUDO, 0, NULL, ""},
    {MANA_RULES_COSMOLUDO, 0, NULL, "D@a6 R@b6"},
    {MANA_RULES_JACTALEA, 0, "rrdrrr/6/6/6/6/RRRDRR b - 0", ""},
    {MANA_RULES_JACTALEA, 0, "rrdrrr/6/6/6/6/RRRDRR b - 0", "a6-a4 b1-b4"},
    {MANA_RULES_COSMOLUDO, 0, "rrrdrr/6/6/6/6/RRRDRR b - 3", ""},
    {MANA_RULES_JACTALEA, 0, "6/rdrrrr/6/6/RRRRDR/6 b - 2", ""},
    {MANA_RULES_JACTALEA, 0, "2d3/6/2R1r1/1r4/3D2/6 b 3 3", ""},
    {MANA_RULES_JACTALEA, 0, "4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0", ""},
    {MANA_RULES_JACTALEA, 0, "Rrr2r/D3R1/1R1d1R/rrR3/6/6 w 3 0", ""},
    {MANA_RULES_JACTALEA, 0, "d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1", ""},
    {MANA_RULES_JACTALEA, 0, "2R3/1R1r2/Rr1R1r/6/1rDd2/2R3 w 1 0", ""},
    {MANA_RULES_JACTALEA, 0, "1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2", ""},
    {MANA_RULES_JACTALEA, 0, "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", ""},
    {MANA_RULES_JACTALEA, 1, "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", ""},
    {MANA_RULES_JACTALEA, 2, "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 0", ""},
    {MANA_RULES_JACTALEA, 0, "5d/6/6/6/rrr3/DRr3 w 2 0", ""},
    {MANA_RULES_JACTALEA, 0, "d5/6/6/6/6/D5 w - 0", ""},
    {MANA_RULES_JACTALEA, 0, "rrrrr1/6/6/6/6/RRRDRR b 2 0", ""},
    {MANA_RULES_JACTALEA, 0, "rrdrrr/6/6/6/6/RRRRR1 w 1 0", ""},
};
#define NSTATES (sizeof states / sizeof states[0])

static mana_game *build(const struct recipe *s)
{
    mana_game *g = mana_new(s->preset);
    FUZZ_CHECK(g, g != NULL, "mana_new");
    FUZZ_CHECK(g, mana_set_option(g, MANA_OPT_BLOCKED, s->blocked) == MANA_OK, "blocked");
    if (s->mfn != NULL)
        FUZZ_CHECK(g, mana_set_position(g, s->mfn) == MANA_OK, "set_position(%s)", s->mfn);
    char buf[128];
    snprintf(buf, sizeof buf, "%s", s->moves);
    for (char *t = strtok(buf, " "); t != NULL; t = strtok(NULL, " "))
        FUZZ_CHECK(g, mana_play_str(g, t) == MANA_OK, "playing %s", t);
    return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const struct recipe *st = &states[data[0] % NSTATES];
    char *text = malloc(size);
    if (text == NULL)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char esc[300];
    fuzz_escape(text, strlen(text), esc, sizeof esc);

    mana_game *g = build(st);
    inv_snapshot before;
    inv_snapshot_take(g, &before);
    int finished = before.status >= MANA_WHITE_WON;

    /* what the text should name: the legal move it spells, if any */
    mana_move expected = MANA_MOVE_NONE;
    for (int i = 0; i < before.nmoves; i++) {
        if (fuzz_spells(text, before.moves[i])) {
            FUZZ_CHECK(g, expected == MANA_MOVE_NONE, "\"%s\" spells two legal moves", esc);
            expected = before.moves[i];
        }
    }
    int notation = fuzz_is_notation(text);
    FUZZ_CHECK(g, expected == MANA_MOVE_NONE || notation, "oracle: \"%s\"", esc);

    mana_move out = 0xDEADBEEFu;
    int rc = mana_move_parse(g, text, &out);
    char mv[16];
    if (rc == MANA_OK) {
        FUZZ_CHECK(g, expected != MANA_MOVE_NONE && out == expected, "parse(\"%s\") accepted as %s (0x%x), expected %s",
                   esc, inv_move_str(out, mv), (unsigned)out, expected ? "another move" : "a refusal");
        char canon[MANA_MOVE_TEXT_MAX + 1];
        mana_move back = MANA_MOVE_NONE;
        FUZZ_CHECK(g,
                   mana_move_format(g, out, canon, sizeof canon) > 0 && mana_move_parse(g, canon, &back) == MANA_OK &&
                       back == out,
                   "format/parse round trip of \"%s\"", esc);
    } else {
        FUZZ_CHECK(g, out == 0xDEADBEEFu, "parse(\"%s\") failed (%d) but wrote *out", esc, rc);
        FUZZ_CHECK(g, expected == MANA_MOVE_NONE, "parse(\"%s\") refused legal move %s: %d", esc,
                   inv_move_str(expected, mv), rc);
        if (finished)
            FUZZ_CHECK(g, rc == MANA_EOVER || (rc == MANA_EPARSE && !notation),
                       "parse(\"%s\") on a finished game returned %d", esc, rc);
        else if (notation)
            FUZZ_CHECK(g, rc == MANA_EILLEGAL,
                       "parse(\"%s\") (notation) returned %d, not "
                       "EILLEGAL",
                       esc, rc);
        else
            FUZZ_CHECK(g, rc == MANA_EPARSE,
                       "parse(\"%s\") (not notation) returned %d, not "
                       "EPARSE",
                       esc, rc);
        fuzz_unchanged(g, &before, "move_parse");
    }

    /* play_str: the same answer, and the same move as mana_play */
    int rc2 = mana_play_str(g, text);
    FUZZ_CHECK(g, rc2 == rc, "play_str(\"%s\") returned %d, parse %d", esc, rc2, rc);
    if (rc2 == MANA_OK) {
        mana_game *ref = build(st);
        FUZZ_CHECK(ref, mana_play(ref, expected) == MANA_OK, "mana_play(%s)", inv_move_str(expected, mv));
        inv_snapshot a, b;
        char diff[300];
        inv_snapshot_take(g, &a);
        inv_snapshot_take(ref, &b);
        if (inv_snapshot_diff(&a, &b, diff, sizeof diff) != 0)
            FUZZ_FAIL(g, "play_str(\"%s\") and play(%s) differ: %s", esc, inv_move_str(expected, mv), diff);
        mana_free(ref);
        fuzz_invariants(g, INV_REF | INV_SCRATCH);
        FUZZ_CHECK(g, mana_undo(g) == MANA_OK, "undo");
        inv_snapshot_take(g, &a);
        if (inv_snapshot_diff(&before, &a, diff, sizeof diff) != 0)
            FUZZ_FAIL(g, "undo after play_str(\"%s\"): %s", esc, diff);
    } else {
        fuzz_unchanged(g, &before, "play_str");
    }
    mana_free(g);
    free(text);
    return 0;
}
