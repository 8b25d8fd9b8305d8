/* SPDX-License-Identifier: MIT */
/*
 * mana-cli: subcommands share this header.  Each subcommand is
 * `int cmd_NAME(int argc, char **argv)` (argv[0] is the subcommand name)
 * returning the process exit status: 0 success, 1 bad position or move
 * (the library's detail printed), 2 usage error.  The bots are
 * libmana-bots (bots/, include/mana_bot.h); these are the programs.
 *
 * mana-cli's files, in data-flow order (each calls only those above it):
 *   platform_posix.c the operating system, behind platform.h (POSIX)
 *   platform_win32.c the same on Windows: one of the two is compiled
 *   common.c         helpers of every subcommand: numbers, rules, board
 *   options.c        the one option layer (getopt_long; options.h)
 *   record.c         game records of play and replay (record.h)
 *   par_perft.c      perft split over threads (par_perft.h)
 *   perft.c          mana-cli perft
 *   show.c           mana-cli show
 *   selfplay.c       mana-cli selfplay
 *   replay.c         mana-cli replay
 *   play.c           mana-cli play: humans and bots at the terminal
 *   @engine/engine.h mana-cli engine, in engine/: its files, in their order
 *   @match/match.h   mana-cli match, in match/: its files, in their order
 *   main.c           the subcommand table, main()
 */
#ifndef MANA_CLI_H
#define MANA_CLI_H

#include <mana.h>

/* CLI_STR(MACRO): the value of a numeric macro as a string literal, so that
 * usage texts quote the limit the code checks. */
#define CLI_STR_(x) #x
#define CLI_STR(x) CLI_STR_(x)

#define CLI_SUBCOMMANDS(X)                                                              \
    X(perft, "perft [--rules R] [--blocked B] [--divide] [--threads N] DEPTH [MFN]")    \
    X(show, "show [--svg FILE] MFN")                                                    \
    X(selfplay, "selfplay [--rules R] [--seed N] [--ply-limit N] [-q]")                 \
    X(play, "play [--white P] [--black P] [--rules R] [--load FILE] [--save FILE] ...") \
    X(replay, "replay [--quiet] [--svg FILE] FILE")                                     \
    X(match, "match --white BOT --black BOT [--games N] [--jobs J] ...")                \
    X(engine, "engine")

#define CLI_DECLARE(name, usage) int cmd_##name(int argc, char **argv);
CLI_SUBCOMMANDS(CLI_DECLARE)
#undef CLI_DECLARE

/* Helpers shared by subcommands (common.c). */
int cli_parse_rules(const char *text, int *preset);                                    /* 0 or -1 */
int cli_parse_blocked(const char *text, int *value);                                   /* 0 or -1 */
int cli_parse_uint(const char *text, unsigned long long max, unsigned long long *out); /* 0 or -1 */
void cli_usage_error(const char *cmd, const char *usage, const char *why);
void cli_print_board(const mana_game *g, int color); /* to stdout */
int cli_fail(const char *what);                      /* prints the library detail, returns 1 */
const char *cli_status_text(int status);             /* "White won", ... */
/* "1 ply", "3 plies", "0 games": n and its noun, one for n == 1, else many
 * (NULL: one and an s), as libmana's messages count with its mana__count;
 * a struct, so that several stand in one printf: cli_count(n, "ply",
 * "plies").s.  Nouns of at most 20 bytes (the text is cut at 31). */
typedef struct cli_counted {
    char s[32];
} cli_counted;
cli_counted cli_count(long long n, const char *one, const char *many);
/* How g ended, in words ("White won, Black's Damyo captured", "drawn at
 * the ply limit"; mana_end_reason); a static buffer. */
const char *cli_end_text(const mana_game *g);
/* Joins argv[0..argc-1] with single spaces into buf (an MFN given as four
 * unquoted words); 0, or -1 if it does not fit. */
int cli_join_mfn(int argc, char **argv, char *buf, size_t size);
/* Writes libmana's SVG picture of g (mana_svg) to the file path; 0, or -1
 * with errno set. */
int cli_write_svg(const mana_game *g, const char *path);
/* Checks, before any work, that the output file path can be written: opens
 * it for writing without truncating it (a file that did not exist is
 * created, then removed again).  Returns 0, or -1 with errno set (ENOENT,
 * EACCES, EISDIR, ...). */
int cli_check_output(const char *path);
/* Returns 1 if text names a bot kind of MANA_BOT_KINDS ("random|ab|mcts"),
 * else 0. */
int cli_is_bot_kind(const char *text);
/* "mana-cli 0.1.0 (libmana 0.1.0)": this program's version and the
 * library's actually loaded, as --version and the engine's id name give
 * it; a static buffer. */
const char *cli_version(void);

#endif
