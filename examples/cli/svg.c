/* SPDX-License-Identifier: MIT */
/* svg.c - a Mana position as an SVG diagram (see svg.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "svg.h"

#define CELL 64                 /* side of a square, in SVG units */
#define MARGIN 28               /* room for the file and rank labels */
#define BOARD (6 * CELL)
#define WIDTH (2 * MARGIN + BOARD)
#define HEIGHT (MARGIN + BOARD + 72)
#define PI 3.14159265358979323846

int cli_last_landing(const mana_game *g)
{
    int n = mana_history(g, NULL, 0);
    if (n <= 0 || mana_status(g) == MANA_SETUP)
        return -1;
    mana_move *h = malloc((size_t)n * sizeof *h);
    int sq = -1;
    if (h != NULL && mana_history(g, h, n) == n)
        for (int i = n - 1; i >= 0; i--) {
            int kind = MANA_MOVE_KIND(h[i]);
            if (kind == MANA_MOVE_PASS)
                continue;
            if (kind == MANA_MOVE_STEP || kind == MANA_MOVE_DROP_RONIN)
                sq = MANA_MOVE_TO(h[i]);
            break;
        }
    free(h);
    return sq;
}

/* Returns the square where the Mana bird sits, or -1 before the first move
 * of play (see cli_last_landing). */
static int mana_square(const mana_game *g)
{
    if (mana_mana(g) <= 0 && mana_status(g) == MANA_PLAYING)
        return -1;
    return cli_last_landing(g);
}

/* Draws the marks of one square centred at (cx, cy): m strokes crossing
 * at the centre, spread evenly over half a turn, as on the printed board
 * (one slanted stroke, a cross, a six-pointed star). */
static void draw_marks(FILE *f, double cx, double cy, int m)
{
    double r = CELL * 0.40;
    for (int k = 0; k < m; k++) {
        double a = PI / 4 + k * PI / m;
        double dx = r * cos(a), dy = r * sin(a);
        fprintf(f,
                "  <line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#8a5a2b\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n",
                cx - dx, cy + dy, cx + dx, cy - dy);
    }
    fprintf(f,
            "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#8a5a2b\" "
            "text-anchor=\"end\">%d</text>\n",
            cx + CELL / 2 - 4, cy + CELL / 2 - 4, m);
}

static void draw_piece(FILE *f, double cx, double cy, int piece)
{
    int white = piece == 'D' || piece == 'R';
    int damyo = piece == 'D' || piece == 'd';
    const char *fill = white ? "#fbf7ee" : "#26221f";
    const char *ink = white ? "#26221f" : "#fbf7ee";
    double r = damyo ? CELL * 0.34 : CELL * 0.27;
    fprintf(f,
            "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#111\" "
            "stroke-width=\"2\"/>\n",
            cx, cy, r, fill);
    if (damyo) /* the Damyo: a gold ring inside the disc */
        fprintf(f,
                "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#d4a017\" "
                "stroke-width=\"3\"/>\n",
                cx, cy, r - 5);
    fprintf(f,
            "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" font-weight=\"bold\" fill=\"%s\" "
            "text-anchor=\"middle\">%c</text>\n",
            cx, cy + (damyo ? 7 : 6), damyo ? 20 : 16, ink, damyo ? 'D' : 'R');
}

static const char *side_name(int side)
{
    return side == MANA_WHITE ? "White" : "Black";
}

int cli_svg_stream(const mana_game *g, FILE *f)
{
    int mana = mana_mana(g), status = mana_status(g), side = mana_side_to_move(g);
    int bird = mana_square(g);
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
            "  <title>Mana position</title>\n"
            "  <rect width=\"%d\" height=\"%d\" fill=\"#f4ecd8\"/>\n",
            WIDTH, HEIGHT, WIDTH, HEIGHT, WIDTH, HEIGHT);
    fprintf(f,
            "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e6c88f\" "
            "stroke=\"#5b3a1a\" stroke-width=\"3\"/>\n",
            MARGIN, MARGIN, BOARD, BOARD);
    for (int sq = 0; sq < 36; sq++) {
        int file = sq % 6, rank = sq / 6;
        double x = MARGIN + file * CELL, y = MARGIN + (5 - rank) * CELL;
        int m = mana_marks_at(g, sq);
        if (mana > 0 && m == mana && status == MANA_PLAYING)
            fprintf(f,
                    "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#f0a04b\" "
                    "fill-opacity=\"0.35\"/>\n",
                    x, y, CELL, CELL);
        fprintf(f,
                "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"none\" "
                "stroke=\"#5b3a1a\" stroke-width=\"1\"/>\n",
                x, y, CELL, CELL);
        if (m > 0)
            draw_marks(f, x + CELL / 2.0, y + CELL / 2.0, m);
    }
    if (bird >= 0) { /* the Mana: a ring round the square and a bird */
        double x = MARGIN + (bird % 6) * CELL, y = MARGIN + (5 - bird / 6) * CELL;
        fprintf(f,
                "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"none\" "
                "stroke=\"#c0392b\" stroke-width=\"4\"/>\n"
                "  <path d=\"M %.1f %.1f l 7 -7 l 7 7 l -7 7 z\" fill=\"#c0392b\"/>\n",
                x + 2, y + 2, CELL - 4, CELL - 4, x + 4, y + 13);
    }
    for (int sq = 0; sq < 36; sq++) {
        int p = mana_piece_at(g, sq);
        if (p > 0)
            draw_piece(f, MARGIN + (sq % 6) * CELL + CELL / 2.0,
                       MARGIN + (5 - sq / 6) * CELL + CELL / 2.0, p);
    }
    for (int i = 0; i < 6; i++) {
        fprintf(f,
                "  <text x=\"%.1f\" y=\"%d\" font-size=\"15\" fill=\"#3b2a1a\" "
                "text-anchor=\"middle\">%c</text>\n",
                MARGIN + i * CELL + CELL / 2.0, MARGIN + BOARD + 19, 'a' + i);
        fprintf(f,
                "  <text x=\"%d\" y=\"%.1f\" font-size=\"15\" fill=\"#3b2a1a\" "
                "text-anchor=\"middle\">%d</text>\n",
                MARGIN / 2, MARGIN + (5 - i) * CELL + CELL / 2.0 + 5, i + 1);
    }
    char caption[200];
    if (status == MANA_SETUP)
        snprintf(caption, sizeof caption, "Setup: %s to %s", side_name(side),
                 mana_orientation(g) < 0 ? "choose the orientation" : "place a piece");
    else if (status == MANA_WHITE_WON || status == MANA_BLACK_WON)
        snprintf(caption, sizeof caption, "%s won", status == MANA_WHITE_WON ? "White" : "Black");
    else if (status == MANA_DRAWN)
        snprintf(caption, sizeof caption, "Drawn");
    else if (mana > 0)
        snprintf(caption, sizeof caption, "%s to move, bound by the Mana to %d-mark squares",
                 side_name(side), mana);
    else
        snprintf(caption, sizeof caption, "%s to move, no Mana yet: any piece may move",
                 side_name(side));
    char from[40] = "";
    if (bird >= 0)
        snprintf(from, sizeof from, "The Mana came from %c%d.  ", 'a' + bird % 6, bird / 6 + 1);
    fprintf(f,
            "  <text x=\"%d\" y=\"%d\" font-size=\"14\" fill=\"#222\">%s</text>\n"
            "  <text x=\"%d\" y=\"%d\" font-size=\"13\" fill=\"#444\" xml:space=\"preserve\">"
            "%sReserves: White %d, Black %d</text>\n"
            "</svg>\n",
            MARGIN, MARGIN + BOARD + 40, caption, MARGIN, MARGIN + BOARD + 60, from,
            status == MANA_SETUP ? 0 : mana_reserve(g, MANA_WHITE),
            status == MANA_SETUP ? 0 : mana_reserve(g, MANA_BLACK));
    return ferror(f) ? -1 : 0;
}

int cli_write_svg(const mana_game *g, const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    int rc = cli_svg_stream(g, f);
    int saved = errno;
    if (fclose(f) != 0)
        return -1;
    if (rc < 0)
        errno = saved ? saved : EIO;
    return rc;
}
