/* SPDX-License-Identifier: MIT */
/*
 * mana-cli play: a game in the terminal between humans and bots, setup
 * included.  Humans type moves in notation or commands at the prompt; every
 * illegal move is answered with libmana's own reason.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <mana_bot.h>

#include "cli.h"
#include "options.h"
#include "platform.h"
#include "record.h"
#include "../common/rng.h"

typedef struct player {
    const char *name; /* "human" or a bot kind */
    mana_bot *bot;    /* NULL for a human */
} player;

typedef struct session {
    mana_game *g;
    player p[2];         /* indexed by MANA_WHITE, MANA_BLACK */
    mana_bot *hint;      /* advises humans; the opponent's bot or an ab */
    mana_bot_limits lim; /* every bot's limits (--time, --depth, ...) */
    record_info info;
    const char *save_path;
    plat_file_id own[16]; /* the files the prompt's save may replace (ours) */
    int nown;
    int color;
    int quiet;   /* -q: no board after each move (the `board` command still draws it) */
    int placing; /* 1 while a bot's run of setup placements is being printed */
    uint64_t rng;
} session;

static const char *side_name(int side)
{
    return side == MANA_WHITE ? "White" : "Black";
}

/* Reads a player name; returns 0 or -1. */
static int parse_player(const char *text, const char **out)
{
    if (strcmp(text, "human") == 0 || cli_is_bot_kind(text)) {
        *out = text;
        return 0;
    }
    return -1;
}

/* Writes the text of the last move of g (as it was written when played)
 * to buf; returns 0, or -1 if there is no history. */
static int last_move_text(const mana_game *g, char *buf, size_t size)
{
    int n = mana_history_format(g, NULL, 0);
    char *all = n > 0 ? malloc((size_t)n + 1) : NULL;
    int rc = -1;
    if (all != NULL && mana_history_format(g, all, (size_t)n + 1) == n) {
        const char *last = strrchr(all, ' ');
        snprintf(buf, size, "%s", last ? last + 1 : all);
        rc = 0;
    }
    free(all);
    return rc;
}

/* The board (unless quiet and not asked for) and the last move. */
static void show_board(const session *s, int asked)
{
    const mana_game *g = s->g;
    if (asked || !s->quiet) {
        printf("\n");
        cli_print_board(g, s->color);
    }
    char text[MANA_MOVE_TEXT_MAX + 1];
    int n = mana_history(g, NULL, 0);
    if (last_move_text(g, text, sizeof text) == 0) {
        /* The side that played the last move is the other one, except
         * after setup placements where a side places several in a row; so
         * ask a copy. */
        mana_game *c = mana_clone(g);
        int mover = c != NULL && mana_undo(c) == MANA_OK ? mana_side_to_move(c) : -1;
        mana_free(c);
        printf("last move: %s %s (move %d)", mover >= 0 ? side_name(mover) : "", text, n);
        int origin = mana_status(g) == MANA_PLAYING && mana_mana(g) > 0 ? mana_mana_square(g) : -1;
        char name[MANA_SQUARE_NAME_MAX + 1];
        if (origin >= 0 && mana_square_name(origin, name, sizeof name) > 0)
            printf("; the Mana stands on %s, a %d-mark square", name, mana_marks_at(g, origin));
        printf("\n");
    }
}

static void show(const session *s)
{
    show_board(s, 0);
}

/* Prints the legal moves grouped by the piece that moves. */
static void list_moves(const mana_game *g)
{
    mana_move mv[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
    if (n <= 0) {
        printf("no legal moves: the game is over\n");
        return;
    }
    int done[MANA_MAX_MOVES] = {0};
    printf("%s:\n", cli_count(n, "legal move", NULL).s);
    for (int i = 0; i < n; i++) {
        if (done[i])
            continue;
        int kind = MANA_MOVE_KIND(mv[i]), from = MANA_MOVE_FROM(mv[i]);
        if (kind == MANA_MOVE_STEP) {
            int p = mana_piece_at(g, from);
            int marks = mana_marks_at(g, from);
            char name[MANA_SQUARE_NAME_MAX + 1] = "?";
            mana_square_name(from, name, sizeof name);
            printf("  %s on %s (%s):", p == 'D' || p == 'd' ? "Damyo" : "Ronin", name,
                   cli_count(marks, "mark", NULL).s);
        } else {
            printf("  %s:", kind == MANA_MOVE_ORIENT ? "orientation"
                            : kind == MANA_MOVE_PASS ? "blocked, you must pass"
                            : mana_status(g) == MANA_SETUP
                                ? (kind == MANA_MOVE_DROP_DAMYO ? "place the Damyo" : "place a Ronin")
                                : "re-enter a Ronin");
        }
        for (int j = i; j < n; j++) {
            if (done[j] || MANA_MOVE_KIND(mv[j]) != kind || (kind == MANA_MOVE_STEP && MANA_MOVE_FROM(mv[j]) != from))
                continue;
            char text[MANA_MOVE_TEXT_MAX + 1];
            mana_move_format(g, mv[j], text, sizeof text);
            printf(" %s", text);
            done[j] = 1;
        }
        printf("\n");
    }
}

static void help(void)
{
    printf("Type a move in notation, or a command:\n"
           "  b2-c4, b2xc4    move the piece on b2 to c4 (x: capture; either works)\n"
           "  R@c3            re-enter a Ronin (or, in setup, place one); D@b6 places the Damyo\n"
           "  O0 .. O3        (jactalea setup) choose the orientation of the board\n"
           "  pass            when you have no legal move at all\n"
           "  moves           list the legal moves, grouped by piece\n"
           "  hint            what the bot would play here\n"
           "  undo            take back moves to your previous turn\n"
           "  auto            (setup) place the rest of your setup at random\n"
           "  board           show the board again\n"
           "  mfn             print the position in MFN\n"
           "  save FILE       write the game record to FILE\n"
           "  save-svg FILE   draw the position as an SVG picture\n"
           "  help            this text\n"
           "  quit            leave (the record is saved first with --save)\n");
}

/* 1 if the file st is this session's: its --load, its --save, or one it
 * saved at the prompt (their device and inode). */
static int ours(const session *s, const plat_file_id *id)
{
    for (int k = 0; k < s->nown; k++)
        if (plat_same_id(&s->own[k], id))
            return 1;
    return 0;
}

/* Remembers path (just written or loaded) as this session's. */
static void own(session *s, const char *path)
{
    plat_file_id id;
    if (plat_file_id_of(path, &id) == 0 && !ours(s, &id) && s->nown < (int)(sizeof s->own / sizeof s->own[0]))
        s->own[s->nown++] = id;
}

/* Writes the record to path.  A failure of the `save` command is the
 * answer at the prompt (stdout); a failure of the --save at the end is an
 * error (stderr, with the subcommand's prefix). */
static int save(session *s, const char *path, int at_prompt)
{
    char err[512];
    struct stat st;
    plat_file_id id;
    if (at_prompt && stat(path, &st) == 0 && S_ISREG(st.st_mode) && plat_file_id_of(path, &id) == 0 && !ours(s, &id)) {
        printf("could not save: %s exists and is not this game's record; not replaced (save to a new name)\n", path);
        return -1;
    }
    if (record_save(path, s->g, &s->info, err, sizeof err) < 0) {
        if (at_prompt)
            printf("could not save: %s\n", err);
        else
            fprintf(stderr, "mana-cli play: --save: could not save: %s\n", err);
        return -1;
    }
    own(s, path);
    printf("saved the game record to %s\n", path);
    return 0;
}

/* Takes back moves until a human is to move again, at least one move.  If
 * no earlier turn was a human's (the bot's setup moves came first), nothing
 * is taken back. */
static void undo(session *s)
{
    int n = mana_history(s->g, NULL, 0), undone = 0, human = 0;
    mana_move *h = n > 0 ? malloc((size_t)n * sizeof *h) : NULL;
    if (h == NULL || mana_history(s->g, h, n) != n) {
        free(h);
        printf("nothing to undo\n");
        return;
    }
    while (!human && mana_undo(s->g) == MANA_OK) {
        undone++;
        human = s->p[mana_side_to_move(s->g)].bot == NULL;
    }
    if (!human) { /* put the bot's moves back */
        for (int i = n - undone; i < n; i++)
            mana_play(s->g, h[i]);
        undone = 0;
    }
    free(h);
    if (undone == 0) {
        printf("nothing to undo\n");
        return;
    }
    printf("took back %s\n", cli_count(undone, "move", NULL).s);
    show(s);
}

/* The bot's thinking in one line: a playout search's playouts and win
 * rate, or a deepening search's depth and score, each from the view of
 * the side that moved (named); nothing for a setup search or a random
 * move. */
static void print_stats(const mana_bot_result *res, int side)
{
    const char *who = side_name(side);
    const mana_bot_info *in = &res->info;
    const mana_bot_line *l = &in->line;
    int ms = (int)in->time_ms, mate = l->mate;
    if (l->win_rate >= 0 && in->iterations > 0)
        printf("  [%llu playouts, %s wins %d%%, %d ms]\n", (unsigned long long)in->iterations, who,
               (int)(100.0 * l->win_rate), ms);
    else if (l->win_rate < 0 && !in->setup && l->depth > 0 && mate != 0)
        printf("  [depth %d, %s %s in %d %s, %llu nodes, %d ms]\n", l->depth, who, mate > 0 ? "wins" : "loses",
               mate > 0 ? mate : -mate, mate == 1 || mate == -1 ? "ply" : "plies", (unsigned long long)in->nodes, ms);
    else if (l->win_rate < 0 && !in->setup && l->depth > 0)
        printf("  [depth %d, score %+d for %s, %llu nodes, %d ms]\n", l->depth, l->score_cp, who,
               (unsigned long long)in->nodes, ms);
}

/* The prompt's auto: the random bot plays the side to move's remaining
 * setup moves (orientation, placements); the other side then places its
 * own, a bot by its search, a human at the prompt. */
static void auto_setup(session *s)
{
    int side = mana_side_to_move(s->g);
    mana_bot *b = mana_bot_new("random", rng_next(&s->rng));
    mana_bot_result res;
    int rc = b == NULL ? MANA_ENOMEM : MANA_OK;
    while (rc == MANA_OK && mana_status(s->g) == MANA_SETUP && mana_side_to_move(s->g) == side) {
        rc = mana_bot_choose(b, s->g, &s->lim, &res);
        if (rc == MANA_OK)
            rc = mana_play(s->g, res.move);
    }
    mana_bot_free(b);
    if (rc != MANA_OK) {
        printf("auto: %s\n", b == NULL ? "out of memory" : mana_error_detail());
        return;
    }
    printf("%s's setup completed at random\n", side_name(side));
    show(s);
}

/* One bot move; returns 0, or 1 on an internal failure. */
static int bot_turn(session *s, int side)
{
    mana_bot_result res;
    char text[MANA_MOVE_TEXT_MAX + 1];
    mana_bot *b = s->p[side].bot;
    int rc = mana_bot_choose(b, s->g, &s->lim, &res);
    const char *detail = rc != MANA_OK ? mana_bot_error_detail() : NULL;
    if (rc == MANA_OK)
        rc = mana_move_format(s->g, res.move, text, sizeof text);
    if (rc >= 0)
        rc = mana_play(s->g, res.move);
    if (rc != MANA_OK) {
        fprintf(stderr, "mana-cli play: the %s bot failed: %s: %s\n", mana_bot_kind(b), mana_strerror(rc),
                detail != NULL ? detail : mana_error_detail());
        return 1;
    }
    int setup_goes_on = mana_status(s->g) == MANA_SETUP && mana_side_to_move(s->g) == side;
    /* a blank line before a bot's move, but none inside its run of placements */
    int first = !setup_goes_on && !s->placing && !s->quiet;
    printf("%s%s (%s) plays %s\n", first ? "\n" : "", side_name(side), mana_bot_kind(b), text);
    s->placing = setup_goes_on;
    if (!setup_goes_on) { /* one board after a bot's whole setup, not one a placement */
        print_stats(&res, side);
        show(s);
    }
    return 0;
}

/* Returns the trimmed text of a line in place. */
static char *trim(char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = '\0';
    return line;
}

/* Handles one line typed by the human to move.  Returns 1 to quit, else 0. */
static int human_line(session *s, char *line)
{
    char *cmd = trim(line);
    char *arg = cmd + strcspn(cmd, " \t");
    if (*arg != '\0') {
        *arg++ = '\0';
        arg = trim(arg);
    }
    if (cmd[0] == '\0')
        return 0;
    if (!strcmp(cmd, "quit") || !strcmp(cmd, "exit"))
        return 1;
    if (!strcmp(cmd, "help") || !strcmp(cmd, "?")) {
        help();
    } else if (!strcmp(cmd, "moves")) {
        list_moves(s->g);
    } else if (!strcmp(cmd, "board")) {
        show_board(s, 1);
    } else if (!strcmp(cmd, "mfn")) {
        char mfn[MANA_MFN_MAX + 1];
        if (mana_get_position(s->g, mfn, sizeof mfn) >= 0)
            printf("%s\n", mfn);
        else
            printf("no MFN during setup: %s\n", mana_error_detail());
    } else if (!strcmp(cmd, "undo")) {
        undo(s);
    } else if (!strcmp(cmd, "hint")) {
        mana_bot_result res;
        char text[MANA_MOVE_TEXT_MAX + 1];
        /* afresh each time (tables cleared, generator reseeded): the
         * same position gives the same hint for a given --seed */
        mana_bot_clear(s->hint);
        if (mana_bot_choose(s->hint, s->g, &s->lim, &res) != MANA_OK)
            printf("no hint: %s\n", mana_bot_error_detail());
        else if (mana_move_format(s->g, res.move, text, sizeof text) >= 0)
            printf("hint (%s): %s\n", mana_bot_kind(s->hint), text);
    } else if (!strcmp(cmd, "auto")) {
        if (mana_status(s->g) != MANA_SETUP)
            printf("'auto' completes the setup; the setup is over\n");
        else
            auto_setup(s);
    } else if (!strcmp(cmd, "save") || !strcmp(cmd, "save-svg")) {
        if (arg[0] == '\0')
            printf("usage: %s FILE\n", cmd);
        else if (!strcmp(cmd, "save"))
            save(s, arg, 1);
        else if (cli_write_svg(s->g, arg) < 0)
            printf("could not write %s: %s\n", arg, strerror(errno));
        else
            printf("drew the position in %s\n", arg);
    } else if (arg[0] != '\0') {
        printf("'%.20s%s' is not a move or a command; type 'help'\n", cmd, strlen(cmd) > 20 ? "..." : "");
    } else {
        mana_move m;
        int rc = mana_move_parse(s->g, cmd, &m);
        if (rc == MANA_OK)
            rc = mana_play(s->g, m);
        if (rc == MANA_OK)
            show(s);
        else if (rc == MANA_EPARSE)
            printf("not a move or a command: %s; type 'help'\n", mana_error_detail());
        else
            printf("illegal move %s: %s\n", cmd, mana_error_detail());
    }
    return 0;
}

static void prompt(const session *s)
{
    int side = mana_side_to_move(s->g);
    if (mana_status(s->g) == MANA_SETUP)
        printf("%s, %s> ", side_name(side),
               mana_orientation(s->g) < 0 ? "choose the orientation (O0..O3)" : "place a piece");
    else if (mana_mana(s->g) > 0)
        printf("%s to move (Mana %d)> ", side_name(side), mana_mana(s->g));
    else
        printf("%s to move> ", side_name(side));
    fflush(stdout);
}

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    interrupted = sig;
}

/* SIGINT, SIGTERM and SIGHUP (Ctrl-C, a closed console) end the game
 * loop (the read of stdin is not restarted), so that the record is still
 * saved; a closed output or a file size limit gives write errors, not
 * death before the save (plat_catch_stop). */
static void catch_interrupts(void)
{
    plat_catch_stop(on_interrupt);
}

static int run(session *s)
{
    char *line = NULL;
    size_t cap = 0;
    int rc = 0, quit = 0;
    show(s);
    catch_interrupts();
    while (!quit && !interrupted) {
        int st = mana_status(s->g);
        if (st != MANA_SETUP && st != MANA_PLAYING) {
            char mfn[MANA_MFN_MAX + 1];
            printf("\ngame over: %s (%s)\n", cli_status_text(st), mana_result_text(st));
            if (mana_get_position(s->g, mfn, sizeof mfn) >= 0)
                printf("final: %s\n", mfn);
            break;
        }
        int side = mana_side_to_move(s->g);
        if (s->p[side].bot != NULL) {
            if (bot_turn(s, side) != 0) {
                rc = 1;
                break;
            }
            fflush(stdout);
            continue;
        }
        prompt(s);
        ssize_t got = plat_getline(&line, &cap, stdin);
        if (got < 0) {
            printf(interrupted ? "\ninterrupted\n" : "\nend of input\n");
            break;
        }
        if ((size_t)got != strlen(line)) {
            printf("the line contains a NUL byte; type 'help'\n");
            continue;
        }
        quit = human_line(s, line);
    }
    free(line);
    if (interrupted && !quit)
        rc = 128 + interrupted; /* as a shell reports the signal: 130 for SIGINT, 129 for SIGHUP */
    if (s->save_path != NULL && save(s, s->save_path, 0) < 0)
        rc = 1;
    return rc;
}

static const struct option play_own[] = {
    {"white", required_argument, NULL, CLI_OWN},    {"black", required_argument, NULL, CLI_OWN + 1},
    {"mfn", required_argument, NULL, CLI_OWN + 2},  {"load", required_argument, NULL, CLI_OWN + 3},
    {"save", required_argument, NULL, CLI_OWN + 4}, {NULL, 0, NULL, 0}};
static const cli_command play_command = {
    "play", "[OPTIONS]", CLI_RULES | CLI_RULE_OPTIONS | CLI_SEED | CLI_BOT_LIMITS | CLI_COLOR | CLI_QUIET, play_own,
    "  --white P, --black P   human|random|ab|mcts (human against ab by default)\n"
    "  --mfn MFN              start from a position instead of the setup\n"
    "  --load FILE            continue the game of a record (its rules apply; the\n"
    "                         players are --white/--black's, not the record's)\n"
    "  --save FILE            write the record when the game ends (or on Ctrl-C)\n"};

/* play's own options. */
struct play_args {
    const char *who[2], *mfn, *load, *save;
};

static const char *play_option(int val, const char *arg, void *ctx)
{
    struct play_args *a = ctx;
    if (val == CLI_OWN || val == CLI_OWN + 1)
        return parse_player(arg, &a->who[val - CLI_OWN]) < 0 ? "expected human|random|ab|mcts" : NULL;
    *(val == CLI_OWN + 2 ? &a->mfn : val == CLI_OWN + 3 ? &a->load : &a->save) = arg;
    return NULL;
}

/* Loads the record of --load; options given with it must agree with the
 * record's, which apply.  Returns 0, or the exit status. */
static int load_game(session *s, const cli_args *o, const char *path)
{
    char err[600];
    if (record_load(path, &s->g, &s->info, err, sizeof err) < 0) {
        fprintf(stderr, "mana-cli play: %s\n", err);
        return 1;
    }
    if (o->rules_given && o->preset != s->info.preset) {
        fprintf(stderr, "mana-cli play: --rules %s conflicts with %s, which says Rules: %s\n",
                o->preset ? "cosmoludo" : "jactalea", path, s->info.preset ? "cosmoludo" : "jactalea");
        return 2;
    }
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int v;
        char mine[16], theirs[16];
        if (!o->rule_given[opt] || mana_get_option(s->g, opt, &v) != MANA_OK || v == o->rule[opt])
            continue;
        rec_option_format(opt, o->rule[opt], mine, sizeof mine);
        rec_option_format(opt, v, theirs, sizeof theirs);
        fprintf(stderr, "mana-cli play: the %s option %s conflicts with %s, which plays with %s: %s\n",
                rec_option_name(opt), mine, path, rec_option_name(opt), theirs);
        return 2;
    }
    return 0;
}

/* A new game from the options (--rules, rule options, --mfn).  Returns 0,
 * or the exit status. */
static int new_game(session *s, const cli_args *o, const char *mfn)
{
    s->g = cli_new_game(&play_command, o);
    if (s->g == NULL)
        return 1;
    s->info.preset = o->preset;
    if (mfn != NULL) {
        if (mana_set_position(s->g, mfn) != MANA_OK) {
            fprintf(stderr, "mana-cli play: --mfn: %s\n", mana_error_detail());
            return 1;
        }
        snprintf(s->info.start_mfn, sizeof s->info.start_mfn, "%s", mfn);
    }
    return 0;
}

/* Makes the bots of the two sides and the hint bot; 0, or -1 (out of
 * memory). */
static int make_players(session *s, const char *const who[2], const cli_limits *lim, uint64_t seed)
{
    cli_bot_limits(lim, &s->lim);
    for (int side = 0; side < 2; side++) {
        s->p[side].name = who[side];
        if (strcmp(who[side], "human") != 0 &&
            (s->p[side].bot = mana_bot_new(who[side], rng_mix(seed, (uint64_t)side + 1))) == NULL)
            return -1;
        snprintf(side == MANA_WHITE ? s->info.white : s->info.black, sizeof s->info.white, "%s", who[side]);
    }
    const char *hint_kind = s->p[MANA_WHITE].bot   ? mana_bot_kind(s->p[MANA_WHITE].bot)
                            : s->p[MANA_BLACK].bot ? mana_bot_kind(s->p[MANA_BLACK].bot)
                                                   : "ab";
    s->hint = mana_bot_new(strcmp(hint_kind, "random") ? hint_kind : "ab", rng_mix(seed, 3));
    return s->hint != NULL ? 0 : -1;
}

int cmd_play(int argc, char **argv)
{
    struct play_args a = {{"human", "ab"}, NULL, NULL, NULL};
    cli_args o;
    int first = cli_parse(&play_command, argc, argv, &o, play_option, &a);
    if (first < 0)
        return first == -1 ? 0 : 2;
    if (first != argc || (a.mfn != NULL && a.load != NULL)) {
        if (first != argc)
            cli_usage_fail(&play_command, "unexpected argument '%s'", argv[first]);
        else
            cli_usage_fail(&play_command, "--mfn and --load exclude each other");
        return 2;
    }
    if (a.save != NULL && cli_check_output(a.save) < 0) { /* before the game, not after it */
        fprintf(stderr, "mana-cli play: --save %s: %s\n", a.save, strerror(errno));
        return 1;
    }
    struct stat st_save;
    plat_file_id id_save, id_load;
    if (a.save != NULL && stat(a.save, &st_save) == 0 && S_ISREG(st_save.st_mode) && st_save.st_size > 0 &&
        !(a.load != NULL && plat_file_id_of(a.save, &id_save) == 0 && plat_file_id_of(a.load, &id_load) == 0 &&
          plat_same_id(&id_save, &id_load))) {
        fprintf(stderr,
                "mana-cli play: --save %s exists; not replaced: give a new name (or --load it to continue that game "
                "and save it back)\n",
                a.save);
        return 1;
    }
    uint64_t seed = o.seed_given ? o.seed : (uint64_t)time(NULL) ^ ((uint64_t)plat_pid() << 20);
    session s;
    memset(&s, 0, sizeof s);
    s.rng = seed;
    s.save_path = a.save;
    if (a.save != NULL)
        own(&s, a.save);
    if (a.load != NULL)
        own(&s, a.load);
    s.color = o.color;
    s.quiet = o.quiet;
    int rc = a.load != NULL ? load_game(&s, &o, a.load) : new_game(&s, &o, a.mfn);
    if (rc == 0 && make_players(&s, a.who, &o.limits, seed) < 0) {
        fprintf(stderr, "mana-cli play: out of memory\n");
        rc = 1;
    }
    if (rc == 0) /* every game prints its seed, so that it can be repeated with --seed */
        printf("mana-cli play: %s (White) against %s (Black), seed %llu%s\n", a.who[MANA_WHITE], a.who[MANA_BLACK],
               (unsigned long long)seed, s.p[0].bot == NULL || s.p[1].bot == NULL ? "; type 'help' for commands" : "");
    if (rc == 0)
        rc = run(&s);
    mana_bot_free(s.p[0].bot);
    mana_bot_free(s.p[1].bot);
    mana_bot_free(s.hint);
    mana_free(s.g);
    return rc;
}
