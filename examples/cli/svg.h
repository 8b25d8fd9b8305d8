/* SPDX-License-Identifier: MIT */
/* svg.h - draws a Mana position as an SVG diagram (svg.c). */
#ifndef MANA_CLI_SVG_H
#define MANA_CLI_SVG_H

#include <stdio.h>

#include <mana.h>

/*
 * cli_write_svg - writes the position of g as a standalone SVG image to the
 * file path (created or replaced): the 6x6 board with each square's marks
 * drawn as one, two or three crossed strokes, files a-f and ranks 1-6, the
 * pieces (White light, Black dark, the Damyo larger and crowned), the
 * squares of the Mana's mark count tinted, the Mana bird on the square the
 * last piece landed on (when g has a history), and a caption with the side
 * to move, the Mana and the reserves.  Works in setup too (no marks before
 * the orientation is chosen).
 * Returns 0, or -1 with errno set if the file could not be written.
 */
int cli_write_svg(const mana_game *g, const char *path);

/* Returns the square the last moved or re-entered piece landed on (the
 * Mana's square), skipping passes, or -1: during setup, before the first
 * move of play, or when g started from an MFN without those moves. */
int cli_last_landing(const mana_game *g);

/* The same, to an open stream.  Returns 0, or -1 on a write error. */
int cli_svg_stream(const mana_game *g, FILE *f);

#endif
