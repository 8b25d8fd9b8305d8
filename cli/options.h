/* SPDX-License-Identifier: MIT */
/*
 * options.h - the one option layer of mana-cli.  Every subcommand parses
 * its command line here (getopt_long): the shared options below mean the
 * same everywhere, and one printer reports a bad option naming it and its
 * valid values ("mana-cli perft: --blocked: bad value 'x' (expected
 * pass|draw|loss)"), then the usage.  A subcommand adds its own options as
 * getopt_long entries with val >= CLI_OWN and handles them in a callback.
 * Operands may come before, between and after options, and keep their
 * order; a word of '-' and a digit first ("-1") is an operand, so a
 * negative number is refused by the operand's own check as a bad value.
 *
 * Shared options (a subcommand accepts those its mask names):
 *   -h, --help            the usage, exit 0 (every subcommand)
 *   -r, --rules R         jactalea | cosmoludo                CLI_RULES
 *   --orientation, --setup-area, --damyo-on-double, --reentry,
 *   --reentry-when-blocked, --blocked, --repetition, --ply-limit
 *                         the rule options with libmana's values
 *                         (mana_option_values)                CLI_RULE_OPTIONS
 *   -s, --seed N          0..2^64-1                           CLI_SEED
 *   --time MS, --depth N, --nodes N, --iterations N
 *                         bot limits                          CLI_BOT_LIMITS
 *   --no-color            plain text board                    CLI_COLOR
 *   -q, --quiet           no board                            CLI_QUIET
 *   --svg FILE            write the SVG picture (no short)    CLI_SVG
 */
#ifndef MANA_CLI_OPTIONS_H
#define MANA_CLI_OPTIONS_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include <mana_bot.h>

#include "platform.h"

enum {
    CLI_RULES = 1u << 0,
    CLI_RULE_OPTIONS = 1u << 1,
    CLI_SEED = 1u << 2,
    CLI_BOT_LIMITS = 1u << 3,
    CLI_COLOR = 1u << 4,
    CLI_QUIET = 1u << 5,
    CLI_SVG = 1u << 6
};

#define CLI_OWN 1000 /* val of a subcommand's own getopt_long entries */

/* The fixed limits of --time, --depth, --nodes, --iterations; 0: not
 * given (all 0: the bot's default limits). */
typedef struct cli_limits {
    int time_ms;
    int depth;
    uint64_t nodes;
    uint64_t iterations;
} cli_limits;

/* The bots' limits of l: its fixed limits, no clock. */
void cli_bot_limits(const cli_limits *l, mana_bot_limits *out);

/* What the shared options set. */
typedef struct cli_args {
    int preset;                        /* MANA_RULES_*, jactalea by default */
    int rules_given;                   /* --rules was given */
    int rule[MANA_OPTION_COUNT];       /* rule option values given ... */
    int rule_given[MANA_OPTION_COUNT]; /* ... and which */
    unsigned long long seed;
    int seed_given;
    cli_limits limits; /* 0: the bot's default */
    int color;         /* 1 unless --no-color (or no tty) */
    int quiet;
    const char *svg;
} cli_args;

/* A subcommand: its name, what follows the shared options in its usage,
 * the shared options it takes, its own options and their handler (returns
 * NULL; or "expected ...", printed as "--opt: bad value 'x' (expected
 * ...)"; or another reason, printed as "--opt: reason"). */
typedef struct cli_command {
    const char *name;
    const char *usage;
    unsigned shared;
    const struct option *own; /* NULL or ends with {0} */
    const char *own_help;     /* lines describing them, or NULL */
} cli_command;

typedef const char *(*cli_own_fn)(int val, const char *arg, void *ctx);

/* Parses argv into *a (and the own options through fn); returns the index
 * of the first operand, or -1 after --help (exit 0), or -2 after a usage
 * error was printed (exit 2). */
int cli_parse(const cli_command *cmd, int argc, char **argv, cli_args *a, cli_own_fn fn, void *ctx);

/* Prints the usage of cmd with the shared options it takes. */
void cli_usage(const cli_command *cmd, FILE *to);

/* Prints "mana-cli CMD: why" and the usage to stderr; returns 2. */
int cli_usage_fail(const cli_command *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(CLI_PRINTF, 2, 3)))
#endif
    ;

/* A new game under the preset and rule options of a; NULL after printing
 * the library's reason. */
mana_game *cli_new_game(const cli_command *cmd, const cli_args *a);

/* Applies a's rule options to g; 0, or 1 after printing why. */
int cli_apply_rules(const cli_command *cmd, const cli_args *a, mana_game *g);

#endif
