/* SPDX-License-Identifier: MIT */
/* mana-cli: command-line front end of libmana.  `mana-cli help` lists the
 * subcommands; each one lives in its own file. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "platform.h"

struct subcommand {
    const char *name;
    const char *usage;
    int (*run)(int argc, char **argv);
};

#define CLI_ENTRY(name, usage) {#name, usage, cmd_##name},
static const struct subcommand commands[] = {CLI_SUBCOMMANDS(CLI_ENTRY)};
#undef CLI_ENTRY

static void usage(FILE *to)
{
    fprintf(to, "usage: mana-cli SUBCOMMAND [OPTIONS] [ARGS]\n\nsubcommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(to, "  mana-cli %s\n", commands[i].usage);
    fprintf(to, "  mana-cli SUBCOMMAND --help   (its options)\n");
    fprintf(to, "  mana-cli --version\n");
    fprintf(to, "\nrules: jactalea (default) or cosmoludo; see mana-cli(1) and mana(7).\n");
}

int main(int argc, char **argv)
{
    plat_init();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("%s\n", cli_version());
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "mana-cli: unknown subcommand '%s'\n\n", argv[1]);
    usage(stderr);
    return 2;
}
