/* SPDX-License-Identifier: MIT */
/*
 * MFN, the position string (docs/rules.md "MFN"): reading, with an error that
 * names the field and the problem, and writing in the canonical form.
 */
#include <string.h>

#include "game.h"

#define MFN_FAIL(...) mana__fail(MANA_EPARSE, "MFN: " __VA_ARGS__)

/* Returns 1 if the rank text ends here (at a '/' or the board's end). */
static int rank_end(char c)
{
    return c == '/' || c == ' ' || c == '\0';
}

/* Reads one rank (files a..f) of the board field at *s into p; advances
 * *s past it.  Returns MANA_OK or the MANA_EPARSE failure. */
static int read_rank(const char **s, int rank, struct mana_pos *p)
{
    int file = 0, prev_digit = 0;
    for (; !rank_end(**s); (*s)++) {
        char c = **s;
        if (c >= '1' && c < '1' + MANA_FILE_COUNT) {
            if (prev_digit)
                return MFN_FAIL("board: rank %d has two digits in a row (runs of empty squares must be maximal)",
                                rank + 1);
            file += c - '0';
            prev_digit = 1;
        } else if (c == 'D' || c == 'R' || c == 'd' || c == 'r') {
            if (file >= MANA_FILE_COUNT)
                return MFN_FAIL("board: rank %d has more than 6 files", rank + 1);
            int color = (c == 'D' || c == 'R') ? MANA_WHITE : MANA_BLACK;
            p->occ[color] |= bb_sq(bb_square(file, rank));
            if (c == 'D' || c == 'd')
                p->damyo |= bb_sq(bb_square(file, rank));
            file++;
            prev_digit = 0;
        } else if ((unsigned char)c < 0x21 || (unsigned char)c > 0x7e) {
            return MFN_FAIL("board: bad byte 0x%02x in rank %d", (unsigned)(unsigned char)c, rank + 1);
        } else {
            return MFN_FAIL("board: bad character '%c' in rank %d (expected D R d r or 1-6)", c, rank + 1);
        }
        if (file > MANA_FILE_COUNT)
            return MFN_FAIL("board: rank %d has more than 6 files", rank + 1);
    }
    if (file != MANA_FILE_COUNT)
        return MFN_FAIL("board: rank %d has %s, not 6", rank + 1, mana__count(file, "file").s);
    return MANA_OK;
}

/* Reads the board field (ranks 6 down to 1) and the space after it. */
static int read_board(const char **s, struct mana_pos *p)
{
    for (int rank = MANA_RANK_COUNT - 1; rank >= 0; rank--) {
        int err = read_rank(s, rank, p);
        if (err)
            return err;
        char want = rank ? '/' : ' ';
        if (rank && **s == ' ')
            return MFN_FAIL("board: only %s, not 6", mana__count(MANA_RANK_COUNT - rank, "rank").s);
        if (**s != want) {
            if (**s == '\0')
                return MFN_FAIL("board: %s",
                                rank ? "fewer than 6 ranks" : "missing the side, mana and orientation fields");
            return MFN_FAIL("board: expected '%c' after rank %d", want, rank + 1);
        }
        (*s)++;
    }
    return MANA_OK;
}

/* Checks the piece counts: one Damyo a side (the side to move may lack
 * it: a finished game), at most five Ronins a side. */
static int check_pieces(const struct mana_pos *p)
{
    static const char *const name[2] = {"White", "Black"};
    for (int c = 0; c < 2; c++) {
        int damyos = bb_count(p->occ[c] & p->damyo);
        if (damyos > 1)
            return MFN_FAIL("board: %s has %d Damyos", name[c], damyos);
        if (damyos == 0 && c != p->side)
            return MFN_FAIL("board: %s, who just moved, has no Damyo", name[c]);
        if (mana__ronins_on_board(p, c) > MANA_RONIN_COUNT)
            return MFN_FAIL("board: %s has %d Ronins (at most 5)", name[c], mana__ronins_on_board(p, c));
    }
    return MANA_OK;
}

/* Reads the side, mana and orientation fields after the board. */
static int read_fields(const char *s, struct mana_pos *p)
{
    if (s[0] == ' ')
        return MFN_FAIL("side: two spaces before it (fields are separated by single spaces)");
    if (s[0] != 'w' && s[0] != 'b')
        return MFN_FAIL("side: expected 'w' or 'b'");
    p->side = s[0] == 'b' ? MANA_BLACK : MANA_WHITE;
    if (s[1] != ' ')
        return MFN_FAIL("side: expected one space after the side");
    if (s[2] != '-' && (s[2] < '1' || s[2] > '3'))
        return MFN_FAIL("mana: expected '-', '1', '2' or '3'");
    p->mana = s[2] == '-' ? 0 : (uint8_t)(s[2] - '0');
    if (s[3] != ' ')
        return MFN_FAIL("mana: expected one space after the mana");
    if (s[4] < '0' || s[4] > '3')
        return MFN_FAIL("orientation: expected '0', '1', '2' or '3'");
    p->orient = (int8_t)(s[4] - '0');
    if (s[5] != '\0')
        return MFN_FAIL("extra text after the orientation field");
    return MANA_OK;
}

MANA_API int mana_set_position(mana_game *g, const char *mfn)
{
    if (!g || !mfn)
        return mana__fail(MANA_EINVAL, "mana_set_position: %s is NULL", g ? "mfn" : "game");
    if (mfn[0] == '\0')
        return MFN_FAIL("empty string (expected board, side, mana and orientation fields)");
    if (mfn[0] == ' ')
        return MFN_FAIL("board: starts with a space (no text may come before the board)");
    if (strlen(mfn) > MANA_MFN_MAX)
        return MFN_FAIL("%zu characters: longer than any MFN (at most %d)", strlen(mfn), MANA_MFN_MAX);
    struct mana_pos p;
    memset(&p, 0, sizeof p);
    const char *s = mfn;
    int err = read_board(&s, &p);
    if (!err)
        err = read_fields(s, &p);
    if (!err)
        err = check_pieces(&p);
    if (err)
        return err;
    p.status = MANA_PLAYING;
    if (!(p.occ[p.side] & p.damyo))
        p.status = p.side == MANA_WHITE ? MANA_BLACK_WON : MANA_WHITE_WON;
    p.hash = mana__hash_of(&p);
    g->pos = p;
    g->len = 0;
    g->play_start = 0;
    return MANA_OK;
}

/* Writes one rank of the board field at buf; returns its length. */
static int write_rank(const struct mana_pos *p, int rank, char *buf)
{
    int n = 0, run = 0;
    for (int file = 0; file < MANA_FILE_COUNT; file++) {
        mana_bb b = bb_sq(bb_square(file, rank));
        if (!((p->occ[0] | p->occ[1]) & b)) {
            run++;
            continue;
        }
        if (run)
            buf[n++] = (char)('0' + run);
        run = 0;
        char c = (p->damyo & b) ? 'D' : 'R';
        buf[n++] = (p->occ[MANA_BLACK] & b) ? (char)(c + ('a' - 'A')) : c;
    }
    if (run)
        buf[n++] = (char)('0' + run);
    return n;
}

MANA_API int mana_get_position(const mana_game *g, char *buf, size_t size)
{
    if (!g || !buf)
        return mana__fail(MANA_EINVAL, "mana_get_position: %s is NULL", g ? "buf" : "game");
    if (g->pos.status == MANA_SETUP)
        return mana__fail(MANA_ESTATE, "mana_get_position: the game is in setup; setup states are not MFN");
    char tmp[MANA_MFN_MAX + 1];
    int n = 0;
    for (int rank = MANA_RANK_COUNT - 1; rank >= 0; rank--) {
        n += write_rank(&g->pos, rank, tmp + n);
        tmp[n++] = rank ? '/' : ' ';
    }
    tmp[n++] = g->pos.side == MANA_BLACK ? 'b' : 'w';
    tmp[n++] = ' ';
    tmp[n++] = g->pos.mana ? (char)('0' + g->pos.mana) : '-';
    tmp[n++] = ' ';
    tmp[n++] = (char)('0' + g->pos.orient);
    return mana__give_text(tmp, n, buf, size, "mana_get_position");
}
