/* SPDX-License-Identifier: MIT */
/*
 * mana_svg: a game drawn as an SVG image, the one drawing that the CLI,
 * Python and JavaScript share.  Integer arithmetic only (coordinates in
 * tenths of a unit), so the text never depends on the locale or libm.
 */
#include <string.h>

#include "game.h"
#include "text.h"

#define CELL 64 /* side of a square, in SVG units */
#define BOARD (MANA_FILE_COUNT * CELL)
#define CAPTION 72 /* room for the two caption lines */
#define FLAGS_ALL 31u

/* The drawing's frame: where the board sits and the flags. */
struct frame {
    struct mana_text *t;
    int margin;        /* left and top margin (room for coordinates) */
    int width, height; /* of the viewBox */
    unsigned flags;
};

/* The top-left corner of square sq in f. */
static void corner(const struct frame *f, int sq, int *x, int *y)
{
    int file = bb_file(sq), rank = bb_rank(sq);
    int flip = (f->flags & MANA_SVG_FLIPPED) != 0;
    *x = f->margin + (flip ? MANA_FILE_COUNT - 1 - file : file) * CELL;
    *y = f->margin + (flip ? rank : MANA_RANK_COUNT - 1 - rank) * CELL;
}

static void tint(const struct frame *f, int sq, const char *color, const char *opacity)
{
    int x, y;
    corner(f, sq, &x, &y);
    mana__text_fmt(f->t, "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" fill-opacity=\"%s\"/>\n", x,
                   y, CELL, CELL, color, opacity);
}

/* The marks of one square: m strokes crossing at the centre (cx, cy),
 * spread over half a turn from 45 degrees, 25.6 units from the centre
 * (one slanted stroke, a cross, a six-pointed star).  Offsets in tenths:
 * 256 cos a, 256 sin a for a = 45, 135 (m = 2) or 45, 105, 165 (m = 3). */
static void draw_marks(const struct frame *f, int cx, int cy, int m)
{
    static const int dx[3][3] = {{181}, {181, -181}, {181, -66, -247}};
    static const int dy[3][3] = {{181}, {181, 181}, {181, 247, 66}};
    for (int k = 0; k < m; k++) {
        int x1 = cx * 10 - dx[m - 1][k], y1 = cy * 10 + dy[m - 1][k];
        int x2 = cx * 10 + dx[m - 1][k], y2 = cy * 10 - dy[m - 1][k];
        mana__text_fmt(f->t,
                       "  <line x1=\"%d.%d\" y1=\"%d.%d\" x2=\"%d.%d\" y2=\"%d.%d\" stroke=\"#8a5a2b\" "
                       "stroke-width=\"4\" stroke-linecap=\"round\"/>\n",
                       x1 / 10, x1 % 10, y1 / 10, y1 % 10, x2 / 10, x2 % 10, y2 / 10, y2 % 10);
    }
    mana__text_fmt(f->t, "  <text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#8a5a2b\" text-anchor=\"end\">%d</text>\n",
                   cx + CELL / 2 - 4, cy + CELL / 2 - 4, m);
}

static void draw_piece(const struct frame *f, int sq, int piece)
{
    int x, y;
    corner(f, sq, &x, &y);
    int cx = x + CELL / 2, cy = y + CELL / 2;
    int white = piece == 'D' || piece == 'R', damyo = piece == 'D' || piece == 'd';
    int r = damyo ? 218 : 173; /* tenths: 0.34 and 0.27 of a square */
    mana__text_fmt(f->t, "  <circle cx=\"%d\" cy=\"%d\" r=\"%d.%d\" fill=\"%s\" stroke=\"#111\" stroke-width=\"2\"/>\n",
                   cx, cy, r / 10, r % 10, white ? "#fbf7ee" : "#26221f");
    if (damyo) /* the Damyo: a gold ring inside the disc */
        mana__text_fmt(f->t,
                       "  <circle cx=\"%d\" cy=\"%d\" r=\"%d.%d\" fill=\"none\" stroke=\"#d4a017\" "
                       "stroke-width=\"3\"/>\n",
                       cx, cy, (r - 50) / 10, (r - 50) % 10);
    mana__text_fmt(f->t,
                   "  <text x=\"%d\" y=\"%d\" font-size=\"%d\" font-weight=\"bold\" fill=\"%s\" "
                   "text-anchor=\"middle\">%c</text>\n",
                   cx, cy + (damyo ? 7 : 6), damyo ? 20 : 16, white ? "#26221f" : "#fbf7ee", damyo ? 'D' : 'R');
}

/* The tints of the last move and of the Mana's squares, the grid and the
 * marks. */
static void draw_squares(const struct frame *f, const mana_game *g)
{
    const struct mana_pos *p = &g->pos;
    int playing = mana__status(g) == MANA_PLAYING;
    if (!(f->flags & MANA_SVG_NO_LAST_MOVE) && g->len) {
        mana_move m = g->hist[g->len - 1].move;
        int kind = MANA_MOVE_KIND(m);
        if (kind == MANA_MOVE_STEP)
            tint(f, MANA_MOVE_FROM(m), "#e8d44d", "0.45");
        if (kind == MANA_MOVE_STEP || kind == MANA_MOVE_DROP_RONIN || kind == MANA_MOVE_DROP_DAMYO)
            tint(f, MANA_MOVE_TO(m), "#e8d44d", "0.45");
    }
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        int x, y, marks = p->orient < 0 ? 0 : bb_marks_at(p->orient, sq);
        corner(f, sq, &x, &y);
        if (!(f->flags & MANA_SVG_NO_MANA) && playing && p->mana && marks == p->mana)
            tint(f, sq, "#f0a04b", "0.35");
        mana__text_fmt(f->t,
                       "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#5b3a1a\" "
                       "stroke-width=\"1\"/>\n",
                       x, y, CELL, CELL);
        if (marks)
            draw_marks(f, x + CELL / 2, y + CELL / 2, marks);
    }
}

/* The Mana bird: a ring round the square the Mana came from, a diamond. */
static void draw_bird(const struct frame *f, int sq)
{
    int x, y;
    corner(f, sq, &x, &y);
    mana__text_fmt(f->t,
                   "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#c0392b\" "
                   "stroke-width=\"4\"/>\n  <path d=\"M %d %d l 7 -7 l 7 7 l -7 7 z\" fill=\"#c0392b\"/>\n",
                   x + 2, y + 2, CELL - 4, CELL - 4, x + 4, y + 13);
}

static void draw_coordinates(const struct frame *f)
{
    int flip = (f->flags & MANA_SVG_FLIPPED) != 0;
    for (int i = 0; i < MANA_FILE_COUNT; i++) {
        int file = flip ? MANA_FILE_COUNT - 1 - i : i, rank = flip ? i : MANA_RANK_COUNT - 1 - i; /* column i, row i */
        char file_name[MANA_SQUARE_NAME_MAX], rank_name[MANA_SQUARE_NAME_MAX];
        bb_square_name(bb_square(file, 0), file_name); /* the file letter of a square of file `file` */
        bb_square_name(bb_square(0, rank), rank_name); /* the rank digit of a square of rank `rank` */
        mana__text_fmt(f->t,
                       "  <text x=\"%d\" y=\"%d\" font-size=\"15\" fill=\"#3b2a1a\" "
                       "text-anchor=\"middle\">%c</text>\n",
                       f->margin + i * CELL + CELL / 2, f->margin + BOARD + 19, file_name[0]);
        mana__text_fmt(f->t,
                       "  <text x=\"%d\" y=\"%d\" font-size=\"15\" fill=\"#3b2a1a\" "
                       "text-anchor=\"middle\">%c</text>\n",
                       f->margin / 2, f->margin + i * CELL + CELL / 2 + 5, rank_name[1]);
    }
}

static const char *side_name(int side)
{
    return side == MANA_WHITE ? "White" : "Black";
}

static void draw_caption(const struct frame *f, const mana_game *g, int bird)
{
    const struct mana_pos *p = &g->pos;
    int status = mana__status(g);
    static const char *const over[] = {"", "", "White won", "Black won", "Drawn"};
    mana__text_fmt(f->t, "  <text x=\"%d\" y=\"%d\" font-size=\"14\" fill=\"#222\">", f->margin,
                   f->margin + BOARD + 40);
    if (status == MANA_SETUP)
        mana__text_fmt(f->t, "Setup: %s to %s", side_name(p->side),
                       p->orient < 0 ? "choose the orientation" : "place a piece");
    else if (status != MANA_PLAYING)
        mana__text_str(f->t, over[status]);
    else if (p->mana)
        mana__text_fmt(f->t, "%s to move, bound by the Mana to %d-mark squares", side_name(p->side), p->mana);
    else
        mana__text_fmt(f->t, "%s to move, no Mana yet: any piece may move", side_name(p->side));
    mana__text_fmt(f->t, "</text>\n  <text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#444\" xml:space=\"preserve\">",
                   f->margin, f->margin + BOARD + 60);
    if (bird >= 0) {
        char name[MANA_SQUARE_NAME_MAX];
        bb_square_name(bird, name);
        mana__text_fmt(f->t, "The Mana came from %.2s.  ", name);
    }
    if (status == MANA_SETUP) /* no reserve before play: the pieces still to place, the Damyo among them */
        mana__text_fmt(f->t, "To place: White %d, Black %d pieces</text>\n",
                       MANA_PIECE_COUNT - bb_count(p->occ[MANA_WHITE]),
                       MANA_PIECE_COUNT - bb_count(p->occ[MANA_BLACK]));
    else
        mana__text_fmt(f->t, "Reserves: White %d, Black %d</text>\n", mana__ronins_off_board(p, MANA_WHITE),
                       mana__ronins_off_board(p, MANA_BLACK));
}

/* The square of the Mana bird, or -1 (none before the first move of play,
 * or when the flags hide it). */
static int bird_square(const mana_game *g, unsigned flags)
{
    if ((flags & MANA_SVG_NO_MANA) || (g->pos.mana == 0 && mana__status(g) == MANA_PLAYING))
        return -1;
    return mana_mana_square(g);
}

MANA_API int mana_svg(const mana_game *g, int width, unsigned flags, char *buf, size_t size)
{
    if (!g || (!buf && size))
        return mana__fail(MANA_EINVAL, "mana_svg: %s is NULL", g ? "buf" : "game");
    if (width != 0 && (width < MANA_SVG_WIDTH_MIN || width > MANA_SVG_WIDTH_MAX))
        return mana__fail(MANA_EINVAL, "mana_svg: width %d outside %d..%d (or 0 for %d)", width, MANA_SVG_WIDTH_MIN,
                          MANA_SVG_WIDTH_MAX, MANA_SVG_WIDTH_NATURAL);
    if (flags & ~FLAGS_ALL)
        return mana__fail(MANA_EINVAL, "mana_svg: unknown flags 0x%x", flags & ~FLAGS_ALL);
    struct mana_text t;
    mana__text_init(&t, buf, size);
    struct frame f = {&t, (flags & MANA_SVG_NO_COORDINATES) ? 8 : 28, 0, 0, flags};
    f.width = 2 * f.margin + BOARD;
    f.height = f.margin + BOARD + ((flags & MANA_SVG_NO_CAPTION) ? f.margin : CAPTION);
    int w = width ? width : f.width * MANA_SVG_WIDTH_NATURAL / (2 * 28 + BOARD);
    int h = (w * f.height + f.width / 2) / f.width;
    mana__text_fmt(&t,
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                   "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
                   "  <title>Mana position</title>\n  <rect width=\"%d\" height=\"%d\" fill=\"#f4ecd8\"/>\n"
                   "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e6c88f\" stroke=\"#5b3a1a\" "
                   "stroke-width=\"3\"/>\n",
                   w, h, f.width, f.height, f.width, f.height, f.margin, f.margin, BOARD, BOARD);
    draw_squares(&f, g);
    int bird = bird_square(g, flags);
    if (bird >= 0)
        draw_bird(&f, bird);
    for (int sq = 0; sq < MANA_SQUARE_COUNT; sq++) {
        mana_bb b = bb_sq(sq);
        if ((g->pos.occ[0] | g->pos.occ[1]) & b) {
            int c = (g->pos.damyo & b) ? 'D' : 'R';
            draw_piece(&f, sq, (g->pos.occ[MANA_BLACK] & b) ? c + ('a' - 'A') : c);
        }
    }
    if (!(flags & MANA_SVG_NO_COORDINATES))
        draw_coordinates(&f);
    if (!(flags & MANA_SVG_NO_CAPTION))
        draw_caption(&f, g, bird);
    mana__text_str(&t, "</svg>\n");
    return mana__text_end(&t, "mana_svg");
}
