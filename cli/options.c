/* SPDX-License-Identifier: MIT */
/* options.c - the option layer shared by mana-cli's subcommands
 * (options.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "options.h"

/* getopt_long values of the shared long-only options. */
enum { V_RULE = 256, V_TIME = V_RULE + MANA_OPTION_COUNT, V_DEPTH, V_NODES, V_ITERATIONS, V_NO_COLOR, V_SVG };

/* The rule options' command-line names, by option index. */
static const char *const rule_flags[MANA_OPTION_COUNT] = {
    "orientation",          "setup-area", "damyo-on-double", "reentry",
    "reentry-when-blocked", "blocked",    "repetition",      "ply-limit"};

#define MAX_LONGOPTS 48

/* Adds the entries of the shared options in mask to list; returns the
 * count. */
static int shared_longopts(unsigned mask, struct option *list)
{
    int n = 0;
    list[n++] = (struct option){"help", no_argument, NULL, 'h'};
    if (mask & CLI_RULES)
        list[n++] = (struct option){"rules", required_argument, NULL, 'r'};
    for (int i = 0; (mask & CLI_RULE_OPTIONS) && i < MANA_OPTION_COUNT; i++)
        list[n++] = (struct option){rule_flags[i], required_argument, NULL, V_RULE + i};
    if (mask & CLI_SEED)
        list[n++] = (struct option){"seed", required_argument, NULL, 's'};
    if (mask & CLI_BOT_LIMITS) {
        list[n++] = (struct option){"time", required_argument, NULL, V_TIME};
        list[n++] = (struct option){"depth", required_argument, NULL, V_DEPTH};
        list[n++] = (struct option){"nodes", required_argument, NULL, V_NODES};
        list[n++] = (struct option){"iterations", required_argument, NULL, V_ITERATIONS};
    }
    if (mask & CLI_COLOR)
        list[n++] = (struct option){"no-color", no_argument, NULL, V_NO_COLOR};
    if (mask & CLI_QUIET)
        list[n++] = (struct option){"quiet", no_argument, NULL, 'q'};
    if (mask & CLI_SVG)
        list[n++] = (struct option){"svg", required_argument, NULL, V_SVG};
    return n;
}

void cli_usage(const cli_command *cmd, FILE *to)
{
    unsigned m = cmd->shared;
    fprintf(to, "usage: mana-cli %s %s\n", cmd->name, cmd->usage);
    fprintf(to, "  -h, --help             this text\n");
    if (m & CLI_RULES)
        fprintf(to, "  -r, --rules R          jactalea (default) or cosmoludo\n");
    for (int i = 0; (m & CLI_RULE_OPTIONS) && i < MANA_OPTION_COUNT; i++)
        fprintf(to, "  --%-20s %s (rule option %s)\n", rule_flags[i], mana_option_values(i), mana_option_name(i));
    if (m & CLI_SEED)
        fprintf(to, "  -s, --seed N           0..18446744073709551615\n");
    if (m & CLI_BOT_LIMITS)
        fprintf(to,
                "  --time MS              bot time a move, 1..%d ms\n"
                "  --depth N              ab depth, 1..%d\n"
                "  --nodes N, --iterations N   ab nodes, mcts playouts, 1 or more\n",
                MANA_BOT_TIME_MAX_MS, MANA_BOT_DEPTH_MAX);
    if (m & CLI_COLOR)
        fprintf(to, "  --no-color             no colour on a terminal\n");
    if (m & CLI_QUIET)
        fprintf(to, "  -q, --quiet            no board\n");
    if (m & CLI_SVG)
        fprintf(to, "  --svg FILE             write the position as an SVG picture\n");
    if (cmd->own_help != NULL)
        fputs(cmd->own_help, to);
}

int cli_usage_fail(const cli_command *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mana-cli %s: ", cmd->name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nusage: mana-cli %s %s   (mana-cli %s --help)\n", cmd->name, cmd->usage, cmd->name);
    return -2;
}

/* A bot limit: 1..max into *out; NULL or why. */
static const char *limit(const char *text, unsigned long long max, unsigned long long *out)
{
    static char why[80];
    if (cli_parse_uint(text, max, out) == 0 && *out > 0)
        return NULL;
    snprintf(why, sizeof why, "expected 1..%llu", max);
    return why;
}

/* Handles one shared option; returns NULL or the reason it is bad. */
static const char *shared_option(int c, const char *arg, cli_args *a)
{
    unsigned long long v = 0;
    const char *why = NULL;
    if (c == 'r') {
        if (cli_parse_rules(arg, &a->preset) < 0)
            return "expected jactalea|cosmoludo";
        a->rules_given = 1;
    } else if (c >= V_RULE && c < V_RULE + MANA_OPTION_COUNT) {
        int opt = c - V_RULE;
        static char why_rule[80];
        if (mana_option_parse(NULL, arg, &opt, &a->rule[c - V_RULE]) != MANA_OK) {
            snprintf(why_rule, sizeof why_rule, "expected %s", mana_option_values(c - V_RULE));
            return why_rule;
        }
        a->rule_given[c - V_RULE] = 1;
    } else if (c == 's') {
        if (cli_parse_uint(arg, UINT64_MAX, &a->seed) < 0)
            return "expected 0..18446744073709551615";
        a->seed_given = 1;
    } else if (c == V_TIME && !(why = limit(arg, MANA_BOT_TIME_MAX_MS, &v))) {
        a->limits.time_ms = (int)v;
    } else if (c == V_DEPTH && !(why = limit(arg, MANA_BOT_DEPTH_MAX, &v))) {
        a->limits.depth = (int)v;
    } else if (c == V_NODES && !(why = limit(arg, UINT64_MAX, &v))) {
        a->limits.nodes = v;
    } else if (c == V_ITERATIONS && !(why = limit(arg, UINT64_MAX, &v))) {
        a->limits.iterations = v;
    } else if (c == V_NO_COLOR) {
        a->color = 0;
    } else if (c == 'q') {
        a->quiet = 1;
    } else if (c == V_SVG) {
        a->svg = arg;
    }
    return why;
}

/* The option argv[at] names, for a message: a long option up to its '=',
 * or the short option letter getopt stopped at. */
static const char *option_used(char **argv, int at, char *buf, size_t size)
{
    const char *elem = argv[at];
    if (strncmp(elem, "--", 2) == 0)
        snprintf(buf, size, "%.*s", (int)strcspn(elem, "="), elem);
    else
        snprintf(buf, size, "-%c", optopt);
    return buf;
}

/* Reports a bad value of option c (list[index] when long); returns -2. */
static int bad_value(const cli_command *cmd, const struct option *list, int index, int c, const char *why)
{
    char flag[48];
    if (index >= 0)
        snprintf(flag, sizeof flag, "--%s", list[index].name);
    else
        snprintf(flag, sizeof flag, "-%c", c);
    if (strncmp(why, "expected ", 9) != 0) /* not about the value alone */
        return cli_usage_fail(cmd, "%s: %s", flag, why);
    return cli_usage_fail(cmd, "%s: bad value '%.40s' (%s)", flag, optarg ? optarg : "", why);
}

/* The getopt_long short options of mask: a leading '-' returns every
 * operand in order (as option 1), ':' reports a missing value, and each
 * digit is an option taking the rest of its word, so that a negative
 * number ("-1", "-12") is read whole and kept as an operand. */
static void short_options(unsigned mask, char *shorts)
{
    strcpy(shorts, "-:h");
    if (mask & CLI_RULES)
        strcat(shorts, "r:");
    if (mask & CLI_SEED)
        strcat(shorts, "s:");
    if (mask & CLI_QUIET)
        strcat(shorts, "q");
    strcat(shorts, "0::1::2::3::4::5::6::7::8::9::");
}

int cli_parse(const cli_command *cmd, int argc, char **argv, cli_args *a, cli_own_fn fn, void *ctx)
{
    struct option list[MAX_LONGOPTS];
    int n = shared_longopts(cmd->shared, list);
    for (int i = 0; cmd->own != NULL && cmd->own[i].name != NULL && n < MAX_LONGOPTS - 1; i++)
        list[n++] = cmd->own[i];
    list[n] = (struct option){NULL, 0, NULL, 0};
    char shorts[48], used[48];
    short_options(cmd->shared, shorts);
    memset(a, 0, sizeof *a);
    a->preset = MANA_RULES_JACTALEA;
    a->color = isatty(STDOUT_FILENO);
    optind = 0; /* a whole new scan (glibc, musl) */
    opterr = 0;
    /* The operands are gathered in order at argv[1..operands] (words
     * already read), then moved before those after "--". */
    int c, index = -1, at = 1, operands = 0;
    while ((c = getopt_long(argc, argv, shorts, list, &index)) != -1) {
        const char *why = NULL;
        if (c == 1 || (c >= '0' && c <= '9' && argv[at][1] == c)) {
            argv[++operands] = argv[at];
        } else if (c == 'h') {
            cli_usage(cmd, stdout);
            return -1;
        } else if (c >= '0' && c <= '9') { /* after another option letter */
            return cli_usage_fail(cmd, "unknown option '-%c'", c);
        } else if (c == '?') {
            return cli_usage_fail(cmd, "unknown option '%s'", option_used(argv, at, used, sizeof used));
        } else if (c == ':') {
            return cli_usage_fail(cmd, "%s needs a value", option_used(argv, at, used, sizeof used));
        } else if ((why = c >= CLI_OWN ? fn(c, optarg, ctx) : shared_option(c, optarg, a)) != NULL) {
            return bad_value(cmd, list, index, c, why);
        }
        index = -1;
        at = optind; /* the word the next option is in (or its next letter) */
    }
    memmove(argv + optind - operands, argv + 1, (size_t)operands * sizeof *argv);
    return optind - operands;
}

int cli_apply_rules(const cli_command *cmd, const cli_args *a, mana_game *g)
{
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (a->rule_given[i] && mana_set_option(g, i, a->rule[i]) != MANA_OK) {
            fprintf(stderr, "mana-cli %s: --%s: %s\n", cmd->name, rule_flags[i], mana_error_detail());
            return 1;
        }
    return 0;
}

mana_game *cli_new_game(const cli_command *cmd, const cli_args *a)
{
    mana_game *g = mana_new(a->preset);
    if (g == NULL) {
        fprintf(stderr, "mana-cli %s: %s\n", cmd->name, mana_error_detail());
        return NULL;
    }
    if (cli_apply_rules(cmd, a, g) != 0) {
        mana_free(g);
        return NULL;
    }
    return g;
}

void cli_bot_limits(const cli_limits *l, mana_bot_limits *out)
{
    mana_bot_limits_init(out);
    out->movetime_ms = l->time_ms;
    out->depth = l->depth;
    out->nodes = l->nodes;
    out->iterations = l->iterations;
}
