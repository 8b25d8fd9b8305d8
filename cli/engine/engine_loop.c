/* SPDX-License-Identifier: MIT */
/*
 * mana-cli engine: the bots behind a line protocol on stdin/stdout,
 * modelled on chess's UCI, for GUIs and tournament managers.  The
 * protocol is specified in docs/engine-protocol.md (and mana-cli(1)).
 *
 * This file holds the command loop, the handshake, options, positions and
 * the queries (show, status, moves); engine_go.c holds `go` and the
 * search, engine_out.c the output both write with (engine.h: the order).  The loop keeps reading while a search runs, so that `stop`,
 * `ponderhit` and `isready` are answered at once; every output line is
 * written whole under a lock.
 */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../cli.h"
#include "engine.h"
#include "../platform.h"
#include "../options.h"

/* The preset's options, then every option set by setoption over them: the
 * result does not depend on the order of the setoption commands. */
static void load_preset(engine *e, int preset)
{
    mana_game *g = mana_new(preset);
    e->preset = preset;
    for (int opt = 0; g != NULL && opt < MANA_OPTION_COUNT; opt++) {
        int v;
        if (!e->opt_set[opt] && mana_get_option(g, opt, &v) == MANA_OK)
            e->opt[opt] = v;
    }
    mana_free(g);
}

static void option_line(engine *e, int opt, int v)
{
    char text[32];
    mana_option_format(opt, v, text, sizeof text);
    const char *name = mana_option_name(opt);
    switch (opt) {
    case MANA_OPT_DAMYO_ON_DOUBLE:
    case MANA_OPT_REENTRY_WHEN_BLOCKED:
        eng_out(e, "option name %s type check default %s", name, v ? "true" : "false");
        return;
    case MANA_OPT_REPETITION: /* 1 is read as 2: see setoption */
    case MANA_OPT_PLY_LIMIT: {
        int lo = 0, hi = 0;
        mana_option_bounds(opt, &lo, &hi);
        eng_out(e, "option name %s type spin default %s min %d max %d", name, text, lo, hi);
        return;
    }
    default: {
        char vars[128] = "";
        char list[64];
        snprintf(list, sizeof list, "%s", mana_option_values(opt));
        size_t n = 0;
        for (char *tok = strtok(list, "|"); tok != NULL; tok = strtok(NULL, "|"))
            n += (size_t)snprintf(vars + n, sizeof vars - n, " var %s", tok);
        eng_out(e, "option name %s type combo default %s%s", name, text, vars);
        return;
    }
    }
}

static void handshake(engine *e)
{
    eng_out(e, "id name %s", cli_version());
    eng_out(e, "id author the libmana authors");
    eng_out(e, "option name Rules type combo default jactalea var jactalea var cosmoludo");
    mana_game *base = mana_new(MANA_RULES_JACTALEA);
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++) {
        int v = 0;
        mana_get_option(base, opt, &v);
        option_line(e, opt, v);
    }
    mana_free(base);
    eng_out(e, "option name Bot type combo default ab var ab var mcts var random");
    eng_out(e, "option name Seed type spin default 1 min 0 max 4294967295");
    uint64_t def = 0, lo = 0, hi = 0;
    for (int k = 0; k < mana_bot_option_count(); k++) { /* the bots' own: Hash, Threads, MultiPV, Eval */
        const char *name = NULL;
        if (mana_bot_option_info(k, &name, &def, &lo, &hi) != MANA_OK || strcmp(name, "Seed") == 0)
            continue;
        if (strcmp(name, "Eval") == 0) { /* a combo of the words of MANA_BOT_EVALS, 0 the first */
            char list[] = MANA_BOT_EVALS, vars[64] = "";
            const char *word[8] = {NULL};
            size_t n = 0, count = 0;
            for (char *tok = strtok(list, "|"); tok != NULL && count < 8; tok = strtok(NULL, "|")) {
                n += (size_t)snprintf(vars + n, sizeof vars - n, " var %s", tok);
                word[count++] = tok;
            }
            eng_out(e, "option name Eval type combo default %s%s", def < count ? word[def] : "", vars);
        } else
            eng_out(e, "option name %s type spin default %" PRIu64 " min %" PRIu64 " max %" PRIu64, name, def, lo, hi);
    }
    eng_out(e, "manaok");
}

static int new_bot(engine *e)
{
    mana_bot *b = mana_bot_new(e->bot_kind, e->seed);
    int rc = b == NULL ? MANA_ENOMEM : MANA_OK;
    for (int k = 0; k < mana_bot_option_count() && k < 8 && rc == MANA_OK; k++) {
        const char *name = NULL;
        mana_bot_option_info(k, &name, NULL, NULL, NULL);
        if (e->bot_opt[k][0] != '\0')
            rc = mana_bot_set_option(b, name, e->bot_opt[k]);
    }
    if (rc != MANA_OK) {
        eng_out(e, "info string error: cannot create the %s bot: %s", e->bot_kind, mana_bot_error_detail());
        mana_bot_free(b);
        return -1;
    }
    mana_bot_free(e->bot);
    e->bot = b;
    mana_bot_set_info(b, eng_info, e);
    return 0;
}

/* Returns text in lower case in buf (size bytes), or text itself when it
 * does not fit (then it is no word of ours anyway). */
static const char *lower_word(const char *text, char *buf, size_t size)
{
    size_t n = strlen(text);
    if (n >= size)
        return text;
    for (size_t i = 0; i <= n; i++)
        buf[i] = (char)tolower((unsigned char)text[i]);
    return buf;
}

/* setoption for the bots' options but Seed (Hash, Threads, MultiPV, Eval:
 * the bot checks them); returns 1 if name was one of them. */
static int bot_option(engine *e, const char *name, const char *value)
{
    for (int k = 0; k < mana_bot_option_count() && k < 8; k++) {
        const char *o = NULL;
        if (mana_bot_option_info(k, &o, NULL, NULL, NULL) != MANA_OK || strcasecmp(name, o) != 0 ||
            strcmp(o, "Seed") == 0)
            continue;
        if (mana_bot_set_option(e->bot, o, value) != MANA_OK)
            eng_out(e, "info string error: setoption: %s", mana_bot_error_detail());
        else
            snprintf(e->bot_opt[k], sizeof e->bot_opt[k], "%s", value);
        return 1;
    }
    return 0;
}

/* setoption for the options that are not rule options; returns 1 if name
 * was one of them.  The words of Rules and Bot are read in any case, as
 * the rule options' are. */
static int engine_option(engine *e, const char *name, const char *value)
{
    char word[16];
    if (strcasecmp(name, "Rules") == 0) {
        int preset;
        if (cli_parse_rules(lower_word(value, word, sizeof word), &preset) < 0)
            eng_out(e, "info string error: setoption: Rules: expected jactalea or cosmoludo");
        else
            load_preset(e, preset);
    } else if (strcasecmp(name, "Bot") == 0) {
        const char *kind = lower_word(value, word, sizeof word);
        if (!cli_is_bot_kind(kind)) {
            eng_out(e, "info string error: setoption: Bot: expected ab, mcts or random");
            return 1;
        }
        snprintf(e->bot_kind, sizeof e->bot_kind, "%s", kind);
        new_bot(e);
    } else if (strcasecmp(name, "Seed") == 0) {
        unsigned long long v;
        if (cli_parse_uint(value, UINT32_MAX, &v) < 0) {
            eng_out(e, "info string error: setoption: Seed: expected 0..4294967295");
            return 1;
        }
        e->seed = v;
        /* Reseeded and cleared, as a fresh bot would be, without giving
         * up its tables (a fresh table's pages cost a search its start). */
        if (e->bot == NULL || mana_bot_set_option(e->bot, "Seed", value) != MANA_OK)
            new_bot(e);
        else
            mana_bot_clear(e->bot);
    } else {
        return bot_option(e, name, value);
    }
    return 1;
}

/* The rule option called name (in any case), or -1. */
static int rule_option(const char *name)
{
    for (int opt = 0; opt < MANA_OPTION_COUNT; opt++)
        if (strcasecmp(name, mana_option_name(opt)) == 0)
            return opt;
    return -1;
}

/* The error line for a rule option setoption refused, in the handshake's
 * terms: an unknown name lists every option advertised, a check option
 * expects true or false, a spin its advertised range. */
static void option_refused(engine *e, const char *name, const char *value)
{
    int opt = rule_option(name);
    if (opt < 0) {
        char names[256] = "Rules";
        size_t n = strlen(names);
        for (int o = 0; o < MANA_OPTION_COUNT; o++)
            n += (size_t)snprintf(names + n, sizeof names - n, ", %s", mana_option_name(o));
        eng_out(e, "info string error: setoption: unknown option '%.40s' (%s, Bot, Seed, Hash, Threads, MultiPV, Eval)",
                name, names);
    } else if (opt == MANA_OPT_DAMYO_ON_DOUBLE || opt == MANA_OPT_REENTRY_WHEN_BLOCKED) {
        eng_out(e, "info string error: setoption: %s: bad value '%.40s' (expected true or false)",
                mana_option_name(opt), value);
    } else if (opt == MANA_OPT_REPETITION) { /* the advertised range */
        int lo = 0, hi = 0;
        mana_option_bounds(MANA_OPT_REPETITION, &lo, &hi);
        eng_out(e, "info string error: setoption: Repetition: bad value '%.40s' (expected %d..%d)", value, lo, hi);
    } else {
        eng_out(e, "info string error: setoption: %s", mana_error_detail());
    }
}

static void setoption(engine *e, char **tok, int n)
{
    if (n < 3 || strcmp(tok[1], "name") != 0) {
        eng_out(e, "info string error: setoption: expected 'setoption name NAME value VALUE'");
        return;
    }
    const char *name = tok[2];
    const char *value = n >= 5 && strcmp(tok[3], "value") == 0 ? tok[4] : NULL;
    if (value == NULL) {
        eng_out(e, "info string error: setoption: %s: missing 'value VALUE'", name);
        return;
    }
    if (n > 5) { /* no option's value has a space */
        eng_out(e, "info string error: setoption: %s: one word expected after 'value', got '%.40s %.40s'", name, value,
                tok[5]);
        return;
    }
    if (engine_option(e, name, value))
        return;
    /* Repetition 1 ("draw at the first repetition") is the library's 2
     * (a position's second occurrence), so that the advertised range (the
     * library's bounds, mana_option_bounds) is the accepted one. */
    if (strcasecmp(name, "Repetition") == 0 && strcmp(value, "1") == 0)
        value = "2";
    int opt, v;
    if (mana_option_parse(name, value, &opt, &v) != MANA_OK) {
        option_refused(e, name, value);
        return;
    }
    e->opt[opt] = v;
    e->opt_set[opt] = 1;
}

/* Reads "startpos" or "mfn B S M O" at tok[*i] into g.  Returns 0 or -1
 * (reported). */
static int position_start(engine *e, mana_game *g, char **tok, int n, int *i)
{
    if (*i < n && strcmp(tok[*i], "startpos") == 0) {
        (*i)++;
        return 0;
    }
    if (*i >= n || strcmp(tok[*i], "mfn") != 0) {
        eng_out(e, "info string error: position: expected startpos or mfn");
        return -1;
    }
    if (n - *i < 5) {
        eng_out(e, "info string error: position mfn: expected four MFN fields");
        return -1;
    }
    char mfn[256];
    if (cli_join_mfn(4, tok + *i + 1, mfn, sizeof mfn) < 0) {
        eng_out(e, "info string error: position mfn: longer than any MFN");
        return -1;
    }
    if (mana_set_position(g, mfn) != MANA_OK) {
        eng_out(e, "info string error: position mfn: %s", mana_error_detail());
        return -1;
    }
    *i += 5;
    return 0;
}

/* Plays "moves M..." from tok[i].  Returns 0 or -1 (reported). */
static int position_moves(engine *e, mana_game *g, char **tok, int n, int i)
{
    if (i >= n)
        return 0;
    if (strcmp(tok[i], "moves") != 0) {
        eng_out(e, "info string error: position: expected 'moves', got '%.20s'", tok[i]);
        return -1;
    }
    for (i++; i < n; i++) {
        int rc = mana_play_str(g, tok[i]);
        if (rc != MANA_OK) {
            eng_out(e, "info string error: position: move '%.20s': %s: %s", tok[i], mana_strerror(rc),
                    mana_error_detail());
            return -1;
        }
    }
    return 0;
}

/* A refused position leaves no position: a `go` that follows answers with
 * an error and `bestmove (none)` rather than a move for an older one. */
static void refuse_position(engine *e)
{
    mana_free(e->game);
    e->game = NULL;
    e->refused = 1;
}

static void position(engine *e, char **tok, int n)
{
    int i = 1;
    mana_game *g = eng_fresh_game(e);
    if (g == NULL) {
        eng_out(e, "info string error: position: %s", mana_error_detail());
    } else if (position_start(e, g, tok, n, &i) == 0 && position_moves(e, g, tok, n, i) == 0) {
        mana_free(e->game);
        e->game = g;
        e->refused = 0;
        return;
    }
    mana_free(g);
    refuse_position(e);
}

static void show_position(engine *e)
{
    const mana_game *g = eng_current(e);
    char mfn[MANA_MFN_MAX + 1];
    if (g == NULL)
        return;
    for (int rank = MANA_RANK_COUNT - 1; rank >= 0; rank--) {
        char row[3 * MANA_FILE_COUNT + 1];
        size_t k = 0;
        for (int file = 0; file < MANA_FILE_COUNT; file++) {
            int sq = rank * MANA_FILE_COUNT + file, p = mana_piece_at(g, sq), m = mana_marks_at(g, sq);
            row[k++] = ' ';
            row[k++] = (char)(p ? p : '.');
            row[k++] = (char)(m ? '0' + m : ' ');
        }
        row[k] = '\0';
        eng_out(e, "info string %d%s", rank + 1, row);
    }
    eng_out(e, "info string    a  b  c  d  e  f");
    if (mana_get_position(g, mfn, sizeof mfn) >= 0)
        eng_out(e, "info string mfn %s", mfn);
    else
        eng_out(e, "info string setup, %s to move", mana_side_to_move(g) == MANA_WHITE ? "White" : "Black");
    eng_report_status(e, g);
}

/* `moves`: every legal move of the side to move on one line. */
static void legal_moves(engine *e)
{
    const mana_game *g = eng_current(e);
    mana_move mv[MANA_MAX_MOVES];
    if (g == NULL)
        return;
    int n = mana_legal_moves(g, mv, MANA_MAX_MOVES);
    char line[MANA_MAX_MOVES * (MANA_MOVE_TEXT_MAX + 1) + 1];
    size_t len = 0;
    line[0] = '\0';
    for (int k = 0; k < n; k++) {
        char text[MANA_MOVE_TEXT_MAX + 1];
        if (mana_move_format(g, mv[k], text, sizeof text) >= 0)
            len += (size_t)snprintf(line + len, sizeof line - len, " %s", text);
    }
    eng_out(e, "info string moves%s", line);
}

/* Commands that wait for a running search to end first. */
static void dispatch(engine *e, char **tok, int n)
{
    const char *cmd = tok[0];
    if (strcmp(cmd, "mana") == 0)
        handshake(e);
    else if (strcmp(cmd, "setoption") == 0)
        setoption(e, tok, n);
    else if (strcmp(cmd, "newgame") == 0 || strcmp(cmd, "ucinewgame") == 0)
        mana_bot_clear(e->bot);
    else if (strcmp(cmd, "position") == 0)
        position(e, tok, n);
    else if (strcmp(cmd, "go") == 0)
        eng_go(e, tok, n);
    else if (strcmp(cmd, "show") == 0 || strcmp(cmd, "d") == 0)
        show_position(e);
    else if (strcmp(cmd, "status") == 0) {
        const mana_game *g = eng_current(e);
        if (g != NULL)
            eng_report_status(e, g);
    } else if (strcmp(cmd, "moves") == 0)
        legal_moves(e);
    else if (strcmp(cmd, "uci") == 0)
        eng_out(e, "info string error: this engine speaks the Mana protocol, not UCI: "
                   "send 'mana' (answered by 'manaok'), see docs/engine-protocol.md");
    else
        eng_out(e, "info string error: unknown command '%.40s'", cmd);
}

/* Splits line into words in *tok (grown as needed).  Returns the count,
 * or -1 when out of memory. */
static int split(char *line, char ***tok, size_t *cap)
{
    size_t need = strlen(line) / 2 + 2; /* at most one word per two bytes */
    if (need > *cap) {
        char **t = realloc(*tok, need * sizeof *t);
        if (t == NULL)
            return -1;
        *tok = t;
        *cap = need;
    }
    int n = 0;
    for (char *t = strtok(line, " \t\r\n"); t != NULL && n < INT_MAX; t = strtok(NULL, " \t\r\n"))
        (*tok)[n++] = t;
    return n;
}

int eng_init(engine *e, eng_sink_fn *sink, void *sink_ctx)
{
    memset(e, 0, sizeof *e);
    e->sink = sink;
    e->sink_ctx = sink_ctx;
    pthread_mutex_init(&e->out_lock, NULL);
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->cond, NULL);
    load_preset(e, MANA_RULES_JACTALEA);
    snprintf(e->bot_kind, sizeof e->bot_kind, "ab");
    e->seed = 1;
    return new_bot(e);
}

/* A line holding a NUL byte is refused whole; a position holding one
 * leaves no position, as any refused position. */
static void refuse_nul_line(engine *e, const char *line)
{
    const char *word = line + strspn(line, " \t");
    if (strncmp(word, "position", 8) != 0 || strchr(" \t\r\n", word[8]) == NULL) {
        eng_out(e, "info string error: NUL byte in a command line (the line is ignored)");
        return;
    }
    eng_finish_search(e, 0);
    refuse_position(e);
    eng_out(e, "info string error: position: NUL byte in the line");
}

int eng_line(engine *e, char *line, size_t len)
{
    if (memchr(line, '\0', len) != NULL) { /* the words after it would be lost unseen */
        refuse_nul_line(e, line);
        return 0;
    }
    int n = split(line, &e->tok, &e->tok_cap);
    if (n < 0)
        eng_out(e, "info string error: out of memory for a %zu-byte line", strlen(line));
    if (n <= 0)
        return 0;
    char **tok = e->tok;
    if (strcmp(tok[0], "isready") == 0)
        eng_out(e, "readyok");
    else if (strcmp(tok[0], "stop") == 0)
        eng_finish_search(e, 1);
    else if (strcmp(tok[0], "ponderhit") == 0)
        eng_ponderhit(e);
    else if (strcmp(tok[0], "quit") == 0)
        return 1;
    else {
        eng_finish_search(e, 0);
        dispatch(e, tok, n);
    }
    return 0;
}

void eng_end(engine *e, int quit)
{
    eng_finish_search(e, quit); /* at end of input a search runs to its end */
    free(e->tok);
    mana_bot_free(e->bot);
    mana_free(e->game);
    pthread_mutex_destroy(&e->out_lock);
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->cond);
}

int cmd_engine(int argc, char **argv)
{
    static const cli_command engine_command = {"engine", "(then speak the engine protocol of mana-cli(1) on stdin)", 0,
                                               NULL, NULL};
    int first = cli_parse(&engine_command, argc, argv, &(cli_args){0}, NULL, NULL);
    if (first < 0)
        return first == -1 ? 0 : 2;
    if (first != argc) {
        cli_usage_fail(&engine_command, "unexpected argument '%s' (no arguments expected)", argv[first]);
        return 2;
    }
    static engine e; /* one engine per process; static only to keep it off the stack */
    if (eng_init(&e, NULL, NULL) < 0) {
        eng_end(&e, 1);
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    int quit = 0;
    ssize_t len;
    while (!quit && (len = plat_getline(&line, &cap, stdin)) >= 0)
        quit = eng_line(&e, line, (size_t)len);
    eng_end(&e, quit);
    free(line);
    return 0;
}
