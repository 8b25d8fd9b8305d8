/* SPDX-License-Identifier: MIT */
/*
 * mana-cli engine: the bots behind a line protocol on stdin/stdout,
 * modelled on chess's UCI, for GUIs and tournament managers.  The
 * protocol is described in mana-cli(1); in short:
 *
 *   mana                       -> id name ..., id author ..., option ..., manaok
 *   isready                    -> readyok
 *   setoption name N value V   rule options (Rules first: it resets the
 *                              others), Bot, Seed
 *   newgame                    forget what the bot learnt
 *   position startpos [moves M...] | position mfn B S M O [moves M...]
 *   go [movetime MS] [depth N] [nodes N] [iterations N] [infinite]
 *                              -> info ... lines, then bestmove M
 *   stop                       end the search now (bestmove follows)
 *   show                       the board and the MFN, as info string lines
 *   quit
 *
 * The search runs in its own thread so that `stop` and `isready` are
 * answered while it thinks; every output line is written whole under a
 * lock.
 */
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot.h"
#include "cli.h"
#include "record.h"

#define ENGINE_USAGE "engine   (then speak the protocol of mana-cli(1) on stdin)"

typedef struct engine {
    pthread_mutex_t out_lock;
    int preset;
    int opt[MANA_OPTION_COUNT];
    char bot_kind[16];
    uint64_t seed;
    bot *bot;
    mana_game *game; /* the position given by `position` */
    /* the search */
    pthread_t thread;
    int searching, infinite;
    atomic_int stop;
    mana_game *search_game;
} engine;

static void out(engine *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void out(engine *e, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&e->out_lock);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
    pthread_mutex_unlock(&e->out_lock);
}

static void info_line(void *ctx, const char *line)
{
    out(ctx, "info %s", line);
}

/* Returns a fresh game at the start of setup under the engine's rules, or
 * NULL (detail set). */
static mana_game *fresh_game(engine *e)
{
    mana_game *g = mana_new(e->preset);
    for (int opt = 0; g != NULL && opt < MANA_OPTION_COUNT; opt++)
        if (mana_set_option(g, opt, e->opt[opt]) != MANA_OK) {
            mana_free(g);
            return NULL;
        }
    return g;
}

static void load_preset(engine *e, int preset)
{
    mana_game *g = mana_new(preset);
    e->preset = preset;
    for (int opt = 0; g != NULL && opt < MANA_OPTION_COUNT; opt++)
        mana_get_option(g, opt, &e->opt[opt]);
    mana_free(g);
}

static void handshake(engine *e)
{
    out(e, "id name mana-cli %s (libmana %s)", MANA_VERSION_STRING, mana_version());
    out(e, "id author the libmana authors");
    out(e, "option name Rules type combo default jactalea var jactalea var cosmoludo");
    mana_game *base = mana_new(MANA_RULES_JACTALEA);
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int v = 0;
        char text[32];
        mana_get_option(base, opt, &v);
        rec_option_format(opt, v, text, sizeof text);
        const char *name = rec_option_name(opt);
        switch (opt) {
        case MANA_OPT_DAMYO_ON_DOUBLE:
        case MANA_OPT_REENTRY_WHEN_BLOCKED:
            out(e, "option name %s type check default %s", name, v ? "true" : "false");
            break;
        case MANA_OPT_REPETITION:
            out(e, "option name %s type spin default %s min 0 max 1000000", name, text);
            break;
        case MANA_OPT_PLY_LIMIT:
            out(e, "option name %s type spin default %s min 0 max 1000000000", name, text);
            break;
        default: {
            char vars[128] = "";
            char list[64];
            snprintf(list, sizeof list, "%s", rec_option_values(opt));
            size_t n = 0;
            for (char *tok = strtok(list, "|"); tok != NULL; tok = strtok(NULL, "|"))
                n += (size_t)snprintf(vars + n, sizeof vars - n, " var %s", tok);
            out(e, "option name %s type combo default %s%s", name, text, vars);
            break;
        }
        }
    }
    mana_free(base);
    out(e, "option name Bot type combo default ab var ab var mcts var random");
    out(e, "option name Seed type spin default 1 min 0 max 4294967295");
    out(e, "manaok");
}

static void *search_main(void *arg)
{
    engine *e = arg;
    mana_move m;
    int rc = bot_choose(e->bot, e->search_game, &m);
    char text[MANA_MOVE_TEXT_MAX + 1];
    if (rc == MANA_OK && mana_move_format(e->search_game, m, text, sizeof text) >= 0)
        out(e, "bestmove %s", text);
    else if (rc == MANA_EOVER)
        out(e, "bestmove none");
    else {
        out(e, "info string error: %s: %s", mana_strerror(rc), mana_error_detail());
        out(e, "bestmove none");
    }
    return NULL;
}

/* Waits for a running search to end; stop first if asked (always for an
 * infinite search, which would not end by itself). */
static void finish_search(engine *e, int stop)
{
    if (!e->searching)
        return;
    if (stop || e->infinite)
        atomic_store(&e->stop, 1);
    pthread_join(e->thread, NULL);
    e->searching = 0;
    mana_free(e->search_game);
    e->search_game = NULL;
}

static int new_bot(engine *e)
{
    bot *b = bot_new(e->bot_kind, NULL, e->seed);
    if (b == NULL) {
        out(e, "info string error: cannot create the %s bot", e->bot_kind);
        return -1;
    }
    bot_free(e->bot);
    e->bot = b;
    bot_set_stop(b, &e->stop);
    bot_set_info(b, info_line, e);
    return 0;
}

static void setoption(engine *e, char **tok, int n)
{
    /* setoption name NAME value VALUE (the value may be absent for a
     * check option meaning "true", as in UCI's button-less use) */
    if (n < 3 || strcmp(tok[1], "name") != 0) {
        out(e, "info string error: setoption: expected 'setoption name NAME value VALUE'");
        return;
    }
    const char *name = tok[2];
    const char *value = n >= 5 && strcmp(tok[3], "value") == 0 ? tok[4] : NULL;
    if (value == NULL) {
        out(e, "info string error: setoption %s: missing 'value VALUE'", name);
        return;
    }
    if (strcasecmp(name, "Rules") == 0) {
        int preset;
        if (cli_parse_rules(value, &preset) < 0)
            out(e, "info string error: setoption Rules: expected jactalea or cosmoludo");
        else
            load_preset(e, preset);
        return;
    }
    if (strcasecmp(name, "Bot") == 0) {
        if (!bot_kind_valid(value)) {
            out(e, "info string error: setoption Bot: expected ab, mcts or random");
            return;
        }
        snprintf(e->bot_kind, sizeof e->bot_kind, "%s", value);
        new_bot(e);
        return;
    }
    if (strcasecmp(name, "Seed") == 0) {
        unsigned long long v;
        if (cli_parse_uint(value, UINT64_MAX, &v) < 0) {
            out(e, "info string error: setoption Seed: expected a number");
            return;
        }
        e->seed = v;
        new_bot(e);
        return;
    }
    int opt, v;
    char why[200];
    if (rec_option_parse(name, value, &opt, &v, why, sizeof why) < 0) {
        out(e, "info string error: setoption: %s", why);
        return;
    }
    e->opt[opt] = v;
}

static void position(engine *e, char **tok, int n)
{
    int i = 1;
    mana_game *g = fresh_game(e);
    if (g == NULL) {
        out(e, "info string error: position: %s", mana_error_detail());
        return;
    }
    if (i < n && strcmp(tok[i], "startpos") == 0) {
        i++;
    } else if (i < n && strcmp(tok[i], "mfn") == 0) {
        if (n - i < 5) {
            out(e, "info string error: position mfn: expected four MFN fields");
            mana_free(g);
            return;
        }
        char mfn[256];
        if (cli_join_mfn(4, tok + i + 1, mfn, sizeof mfn) < 0) {
            out(e, "info string error: position mfn: longer than any MFN");
            mana_free(g);
            return;
        }
        if (mana_set_position(g, mfn) != MANA_OK) {
            out(e, "info string error: position mfn: %s", mana_error_detail());
            mana_free(g);
            return;
        }
        i += 5;
    } else {
        out(e, "info string error: position: expected startpos or mfn");
        mana_free(g);
        return;
    }
    if (i < n) {
        if (strcmp(tok[i], "moves") != 0) {
            out(e, "info string error: position: expected 'moves', got '%.20s'", tok[i]);
            mana_free(g);
            return;
        }
        for (i++; i < n; i++) {
            int rc = mana_play_str(g, tok[i]);
            if (rc != MANA_OK) {
                out(e, "info string error: position: move '%.20s': %s: %s", tok[i],
                    mana_strerror(rc), mana_error_detail());
                mana_free(g);
                return;
            }
        }
    }
    mana_free(e->game);
    e->game = g;
}

static void go(engine *e, char **tok, int n)
{
    bot_limits lim = {0};
    int infinite = 0;
    for (int i = 1; i < n; i++) {
        unsigned long long v = 0;
        const char *key = tok[i];
        if (strcmp(key, "infinite") == 0) {
            infinite = 1;
            continue;
        }
        if (i + 1 >= n || cli_parse_uint(tok[i + 1], UINT64_MAX, &v) < 0 || v == 0) {
            out(e, "info string error: go: '%.20s' needs a positive number", key);
            return;
        }
        i++;
        if (strcmp(key, "movetime") == 0)
            lim.time_ms = v > 86400000 ? 86400000 : (int)v;
        else if (strcmp(key, "depth") == 0)
            lim.depth = v > 60 ? 60 : (int)v;
        else if (strcmp(key, "nodes") == 0)
            lim.nodes = v;
        else if (strcmp(key, "iterations") == 0)
            lim.iterations = v;
        else {
            out(e, "info string error: go: unknown limit '%.20s'", key);
            return;
        }
    }
    if (infinite && lim.time_ms == 0 && lim.depth == 0 && lim.nodes == 0 && lim.iterations == 0) {
        lim.time_ms = 86400000; /* until stop */
    }
    if (e->game == NULL && (e->game = fresh_game(e)) == NULL) {
        out(e, "info string error: %s", mana_error_detail());
        return;
    }
    e->search_game = mana_clone(e->game);
    if (e->search_game == NULL) {
        out(e, "info string error: out of memory");
        out(e, "bestmove none");
        return;
    }
    bot_set_limits(e->bot, &lim);
    atomic_store(&e->stop, 0);
    e->infinite = infinite;
    if (pthread_create(&e->thread, NULL, search_main, e) != 0) {
        search_main(e); /* no thread: search here */
        mana_free(e->search_game);
        e->search_game = NULL;
        return;
    }
    e->searching = 1;
}

static void show_position(engine *e)
{
    mana_game *g = e->game ? e->game : fresh_game(e);
    char mfn[MANA_MFN_MAX + 1];
    if (g == NULL)
        return;
    for (int rank = 5; rank >= 0; rank--) {
        char row[40];
        size_t k = 0;
        for (int file = 0; file < 6; file++) {
            int p = mana_piece_at(g, rank * 6 + file), m = mana_marks_at(g, rank * 6 + file);
            row[k++] = ' ';
            row[k++] = (char)(p ? p : '.');
            row[k++] = (char)(m ? '0' + m : ' ');
        }
        row[k] = '\0';
        out(e, "info string %d%s", rank + 1, row);
    }
    out(e, "info string    a  b  c  d  e  f");
    if (mana_get_position(g, mfn, sizeof mfn) >= 0)
        out(e, "info string mfn %s", mfn);
    else
        out(e, "info string setup, %s to move", mana_side_to_move(g) == MANA_WHITE ? "White" : "Black");
    out(e, "info string status %s", cli_status_text(mana_status(g)));
    if (g != e->game)
        mana_free(g);
}

int cmd_engine(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        cli_usage_error("engine", ENGINE_USAGE, "no arguments expected");
        return 2;
    }
    static engine e; /* one engine per process; static only to keep it off the stack */
    memset(&e, 0, sizeof e);
    pthread_mutex_init(&e.out_lock, NULL);
    atomic_init(&e.stop, 0);
    load_preset(&e, MANA_RULES_JACTALEA);
    snprintf(e.bot_kind, sizeof e.bot_kind, "ab");
    e.seed = 1;
    if (new_bot(&e) < 0)
        return 1;

    char *line = NULL;
    size_t cap = 0;
    int quit = 0;
    char **tok = NULL;
    size_t tok_cap = 0;
    while (getline(&line, &cap, stdin) >= 0) {
        /* A line has at most one word per two bytes. */
        size_t need = strlen(line) / 2 + 2;
        if (need > tok_cap) {
            char **t = realloc(tok, need * sizeof *tok);
            if (t == NULL) {
                out(&e, "info string error: out of memory for a %zu-byte line", strlen(line));
                continue;
            }
            tok = t;
            tok_cap = need;
        }
        int n = 0;
        for (char *t = strtok(line, " \t\r\n"); t != NULL && n < INT_MAX;
             t = strtok(NULL, " \t\r\n"))
            tok[n++] = t;
        if (n == 0)
            continue;
        const char *cmd = tok[0];
        if (strcmp(cmd, "isready") == 0) {
            out(&e, "readyok");
            continue;
        }
        if (strcmp(cmd, "stop") == 0) {
            finish_search(&e, 1);
            continue;
        }
        if (strcmp(cmd, "quit") == 0) {
            quit = 1;
            break;
        }
        finish_search(&e, 0); /* everything else waits for the search */
        if (strcmp(cmd, "mana") == 0)
            handshake(&e);
        else if (strcmp(cmd, "setoption") == 0)
            setoption(&e, tok, n);
        else if (strcmp(cmd, "newgame") == 0 || strcmp(cmd, "ucinewgame") == 0)
            bot_clear(e.bot);
        else if (strcmp(cmd, "position") == 0)
            position(&e, tok, n);
        else if (strcmp(cmd, "go") == 0)
            go(&e, tok, n);
        else if (strcmp(cmd, "show") == 0 || strcmp(cmd, "d") == 0)
            show_position(&e);
        else
            out(&e, "info string error: unknown command '%.40s'", cmd);
    }
    finish_search(&e, quit); /* at end of input a search runs to its end */
    free(tok);
    free(line);
    bot_free(e.bot);
    mana_free(e.game);
    pthread_mutex_destroy(&e.out_lock);
    return 0;
}
