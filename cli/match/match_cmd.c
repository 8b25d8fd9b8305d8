/* SPDX-License-Identifier: MIT */
/*
 * mana-cli match: the tournament runner, after cutechess-cli.  Players are
 * built-in bots or external engines speaking docs/engine-protocol.md; two
 * players make a match (with --sprt, a sequential test), more a round
 * robin or a gauntlet.  Games come in pairs from the same opening with
 * colours swapped; clocks are kept by the runner; faults lose games and
 * the match goes on; every result goes to a journal first, so a match can
 * be resumed.  This file reads the options and runs the whole; see
 * match.h for the other files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cli.h"
#include "match.h"
#include "../options.h"
#include "../platform.h"

#define MATCH_USAGE                                                                \
    "(--white P --black P | --player P [--name N] [--opt K=V]... ...) [OPTIONS]\n" \
    "         (P: ab | mcts | random | cmd:COMMAND)"

#define DEFAULT_GAMES 100
#define DEFAULT_PLY_LIMIT 400
/* What a bot player's --opt accepts. */
#define LIMIT_WORDS                                                                                            \
    "expected depth=1.." CLI_STR(MANA_BOT_DEPTH_MAX) "|nodes=N|iterations=N|time=MS (N >= 1) or a bot option " \
                                                     "(Hash=MIB|Threads=N|MultiPV=N|Eval=linear or learned)"

/* ---- players ---------------------------------------------------------------- */

/* Reads player text into slot (m->nplayers: a new one); later --name and
 * --opt apply to it. */
static int add_player(match *m, int slot, const char *text, const char **why)
{
    if (slot == MATCH_MAX_PLAYERS) {
        *why = "too many players (at most 32)";
        return -1;
    }
    player_spec *p = &m->players[slot];
    memset(p, 0, sizeof *p);
    if (strncmp(text, "cmd:", 4) == 0) {
        if (text[4] == '\0' || strlen(text + 4) >= sizeof p->cmd) {
            *why = "cmd:COMMAND: the command is empty or too long";
            return -1;
        }
        p->external = 1;
        snprintf(p->cmd, sizeof p->cmd, "%s", text + 4);
        char word[256];
        snprintf(word, sizeof word, "%.*s", (int)strcspn(p->cmd + strspn(p->cmd, " "), " "),
                 p->cmd + strspn(p->cmd, " "));
        const char *base = strrchr(word, '/');
        snprintf(p->name, sizeof p->name, "%.63s", base != NULL ? base + 1 : word);
    } else if (cli_is_bot_kind(text)) {
        snprintf(p->kind, sizeof p->kind, "%s", text);
        snprintf(p->name, sizeof p->name, "%s", text);
    } else {
        *why = "expected ab|mcts|random|cmd:COMMAND";
        return -1;
    }
    if (slot >= m->nplayers)
        m->nplayers = slot + 1;
    m->current = slot;
    return 0;
}

/* Returns 1 if the first klen characters of text name an option of the
 * bots (mana_bot_option_info, any case) but Seed (the runner seeds each
 * game), else 0. */
static int is_bot_option(const char *text, size_t klen)
{
    for (int k = 0; k < mana_bot_option_count(); k++) {
        const char *name = NULL;
        if (mana_bot_option_info(k, &name, NULL, NULL, NULL) == MANA_OK && strlen(name) == klen &&
            strncasecmp(text, name, klen) == 0 && strcmp(name, "Seed") != 0)
            return 1;
    }
    return 0;
}

/* Keeps KEY=VALUE, a bot option of built-in player p, after trying it on
 * a bot of p's kind (the bot's own detail says why it is refused). */
static int add_bot_option(player_spec *p, const char *text, size_t klen, const char **why)
{
    static _Thread_local char detail[200];
    if (p->nopt == MATCH_MAX_OPTS || klen >= sizeof p->opt_name[0] ||
        strlen(text + klen + 1) >= sizeof p->opt_value[0]) {
        *why = "too many, or too long";
        return -1;
    }
    snprintf(p->opt_name[p->nopt], sizeof p->opt_name[0], "%.*s", (int)klen, text);
    snprintf(p->opt_value[p->nopt], sizeof p->opt_value[0], "%s", text + klen + 1);
    mana_bot *b = mana_bot_new(p->kind, 1);
    int rc = b == NULL ? MANA_ENOMEM : mana_bot_set_option(b, p->opt_name[p->nopt], p->opt_value[p->nopt]);
    mana_bot_free(b);
    if (rc != MANA_OK) {
        snprintf(detail, sizeof detail, "%s", mana_bot_error_detail());
        *why = detail;
        return -1;
    }
    p->nopt++;
    return 0;
}

/* --opt KEY=VALUE for the last player: limits or options (Hash, Threads,
 * MultiPV, Eval) of a built-in bot, or a setoption for an engine. */
static int add_opt(match *m, const char *text, const char **why)
{
    const char *eq = strchr(text, '=');
    unsigned long long v;
    if (m->current < 0 || eq == NULL || eq == text) {
        *why = "KEY=VALUE follows the --player it is for";
        return -1;
    }
    player_spec *p = &m->players[m->current];
    size_t klen = (size_t)(eq - text);
    if (p->external) {
        if (p->nopt == MATCH_MAX_OPTS || klen >= sizeof p->opt_name[0] || strlen(eq + 1) >= sizeof p->opt_value[0]) {
            *why = "too many, or too long";
            return -1;
        }
        snprintf(p->opt_name[p->nopt], sizeof p->opt_name[0], "%.*s", (int)klen, text);
        snprintf(p->opt_value[p->nopt++], sizeof p->opt_value[0], "%s", eq + 1);
        return 0;
    }
    if (is_bot_option(text, klen))
        return add_bot_option(p, text, klen, why);
    if (cli_parse_uint(eq + 1, 1000000000, &v) < 0 || v == 0) {
        *why = LIMIT_WORDS;
        return -1;
    }
    if (klen == 5 && strncmp(text, "depth", 5) == 0 && v <= MANA_BOT_DEPTH_MAX)
        p->lim.depth = (int)v;
    else if (klen == 5 && strncmp(text, "nodes", 5) == 0)
        p->lim.nodes = v;
    else if (klen == 10 && strncmp(text, "iterations", 10) == 0)
        p->lim.iterations = v;
    else if (klen == 4 && strncmp(text, "time", 4) == 0)
        p->lim.time_ms = (int)v;
    else {
        *why = LIMIT_WORDS;
        return -1;
    }
    return 0;
}

/* Distinct names: a second "ab" becomes "ab-2". */
static void unique_names(match *m)
{
    for (int k = 1; k < m->nplayers; k++)
        for (int j = 0; j < k; j++)
            if (strcmp(m->players[k].name, m->players[j].name) == 0) {
                char base[64];
                snprintf(base, sizeof base, "%s", m->players[k].name);
                snprintf(m->players[k].name, sizeof m->players[k].name, "%.50s-%d", base, k + 1);
                j = -1;
            }
}

/* ---- openings --------------------------------------------------------------------- */

/* Reads the openings file: one MFN or move list a line; blank lines and
 * # comments skipped; a BOM and CR line ends accepted.  Each is tried. */
static int read_openings(match *m, const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "mana-cli match: --openings %s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rc = 0;
    while (rc == 0 && plat_getline(&line, &cap, f) >= 0) {
        lineno++;
        char *s = line + (lineno == 1 && strncmp(line, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0);
        s[strcspn(s, "\r\n")] = '\0';
        s += strspn(s, " \t");
        if (*s == '\0' || *s == '#')
            continue;
        if (strlen(s) > 4000 || memchr(line, '\0', strlen(s)) != NULL) {
            fprintf(stderr, "mana-cli match: %s:%d: line too long\n", path, lineno);
            rc = -1;
            break;
        }
        char **o = realloc(m->openings, (size_t)(m->nopenings + 1) * sizeof *o);
        if (o != NULL)
            m->openings = o;
        int *at = o != NULL ? realloc(m->opening_lines, (size_t)(m->nopenings + 1) * sizeof *at) : NULL;
        if (at != NULL)
            m->opening_lines = at;
        if (at == NULL || (o[m->nopenings] = strdup(s)) == NULL) {
            fprintf(stderr, "mana-cli match: --openings %s: out of memory\n", path);
            rc = -1;
            break;
        }
        at[m->nopenings++] = lineno;
    }
    free(line);
    fclose(f);
    if (rc == 0 && m->nopenings == 0) {
        fprintf(stderr, "mana-cli match: --openings %s: no opening in the file\n", path);
        rc = -1;
    }
    return rc;
}

/* Plays opening text (an MFN, or moves from the start of setup) on g;
 * returns NULL, or why it is not a position in play or setup. */
static const char *try_opening(mana_game *g, const char *text)
{
    static char why[600];
    if (strchr(text, '/') != NULL) {
        if (mana_set_position(g, text) != MANA_OK)
            return mana_error_detail();
    } else {
        char copy[4096];
        snprintf(copy, sizeof copy, "%s", text);
        for (char *w = strtok(copy, " \t"); w != NULL; w = strtok(NULL, " \t"))
            if (mana_play_str(g, w) != MANA_OK) { /* the move named, unless the reason quotes it */
                const char *detail = mana_error_detail();
                if (strstr(detail, w) != NULL)
                    return detail;
                snprintf(why, sizeof why, "%.20s: %s", w, detail);
                return why;
            }
    }
    int st = mana_status(g);
    if (st != MANA_SETUP && st != MANA_PLAYING) {
        snprintf(why, sizeof why, "the game is over (%s), not a position to play from", cli_end_text(g));
        return why;
    }
    return NULL;
}

/* Each opening must be playable under the match's rules: the first that
 * is not is reported as FILE:LINE with the library's reason. */
static int check_openings(const match *m, const char *path)
{
    for (int k = 0; k < m->nopenings; k++) {
        mana_game *g = match_new_game(m);
        const char *why = g != NULL ? try_opening(g, m->openings[k]) : "out of memory";
        if (why != NULL)
            fprintf(stderr, "mana-cli match: %s:%d: opening '%.60s%s': %s\n", path, m->opening_lines[k], m->openings[k],
                    strlen(m->openings[k]) > 60 ? "..." : "", why);
        mana_free(g);
        if (why != NULL)
            return -1;
    }
    return 0;
}

/* ---- options ------------------------------------------------------------------------ */

enum {
    O_WHITE = CLI_OWN,
    O_BLACK,
    O_PLAYER,
    O_NAME,
    O_OPT,
    O_TOURN,
    O_GAMES,
    O_TC,
    O_MARGIN,
    O_TIMEOUT,
    O_SETUP,
    O_OPENINGS,
    O_JOBS,
    O_RECORDS,
    O_JOURNAL,
    O_RESUME,
    O_JSON,
    O_SPRT,
    O_PAIRS,
    O_FROM_JOURNAL
};

static const struct option match_own[] = {{"white", required_argument, NULL, O_WHITE},
                                          {"black", required_argument, NULL, O_BLACK},
                                          {"player", required_argument, NULL, O_PLAYER},
                                          {"name", required_argument, NULL, O_NAME},
                                          {"opt", required_argument, NULL, O_OPT},
                                          {"tournament", required_argument, NULL, O_TOURN},
                                          {"games", required_argument, NULL, O_GAMES},
                                          {"tc", required_argument, NULL, O_TC},
                                          {"margin", required_argument, NULL, O_MARGIN},
                                          {"timeout", required_argument, NULL, O_TIMEOUT},
                                          {"setup", required_argument, NULL, O_SETUP},
                                          {"openings", required_argument, NULL, O_OPENINGS},
                                          {"jobs", required_argument, NULL, O_JOBS},
                                          {"records", required_argument, NULL, O_RECORDS},
                                          {"journal", required_argument, NULL, O_JOURNAL},
                                          {"resume", no_argument, NULL, O_RESUME},
                                          {"json", required_argument, NULL, O_JSON},
                                          {"sprt", required_argument, NULL, O_SPRT},
                                          {"pairs", required_argument, NULL, O_PAIRS},
                                          {"from-journal", required_argument, NULL, O_FROM_JOURNAL},
                                          {NULL, 0, NULL, 0}};

static const cli_command match_command = {
    "match", MATCH_USAGE, CLI_RULES | CLI_RULE_OPTIONS | CLI_SEED | CLI_BOT_LIMITS | CLI_QUIET, match_own,
    "  --white P, --black P   the two players (P: ab | mcts | random | cmd:COMMAND)\n"
    "  --player P             a player of a round robin or gauntlet (2..32)\n"
    "  --name N, --opt K=V    the last player's name; its limit (bot) or setoption (engine)\n"
    "  --tournament T         round-robin (default) or gauntlet (the first against each)\n"
    "  --games N              games a pairing, 1..1000000 (default 100)\n"
    "  --tc [M/]SEC[+INC]     clocks kept by the runner (else --time/--depth/... a move)\n"
    "  --margin MS            lateness forgiven, 0..3600000 (default 100)\n"
    "  --timeout MS           hang limit without clocks, 1..86400000 (default 60000)\n"
    "  --setup bots|random    setups chosen by the players, or paired random setups\n"
    "  --openings FILE        paired openings: an MFN or setup moves a line\n"
    "  --jobs J               games at once, 1..256\n"
    "  --records DIR          a record a game and the journal in DIR\n"
    "  --journal FILE, --resume   the results as they come; go on after an interruption\n"
    "  --json FILE            the summary as JSON\n"
    "  --pairs A-B            play game pairs A..B only (games 2A-1..2B), seeded as in the whole match\n"
    "  --from-journal FILE    play nothing: the tables, SPRT and JSON of the games in FILE\n"
    "  --sprt 'elo0=A elo1=B alpha=X beta=Y'   a sequential test between two players\n"
    "  (the seed defaults to 1, the ply limit to 400)\n"};

/* Reads a number in 1..max (0..max with zero_ok) or sets why. */
static unsigned long long number(const char *text, unsigned long long max, int zero_ok, const char *msg,
                                 const char **why)
{
    unsigned long long v = 0;
    if (cli_parse_uint(text, max, &v) < 0 || (v == 0 && !zero_ok))
        *why = msg;
    return v;
}

/* What the option handler reads besides m. */
typedef struct parse_state {
    match *m;
    int sides[2]; /* --white, --black seen */
    const char *openings;
    const char *setup; /* --setup's value, NULL if not given */
} parse_state;

/* The options about players, clocks and the test. */
static int player_option(match *m, int c, const char *arg, const char **why, int *sides)
{
    static char sprt_why[200];
    switch (c) {
    case O_WHITE:
    case O_BLACK:
        if (sides[c == O_BLACK] || (m->nplayers > 0 && !sides[0] && !sides[1]))
            *why = "give --white and --black once each, or --player for each player";
        else
            add_player(m, c == O_BLACK, arg, why);
        sides[c == O_BLACK] = 1;
        break;
    case O_PLAYER:
        if (sides[0] || sides[1])
            *why = "give --white and --black, or --player for each player, not both";
        else
            add_player(m, m->nplayers, arg, why);
        break;
    case O_NAME:
        if (m->current < 0)
            *why = "comes after the --player (or --white, --black) it names";
        else if (arg[0] == '\0')
            *why = "the name is empty";
        else if (strlen(arg) >= sizeof m->players[0].name)
            *why = "the name is longer than 63 bytes";
        else
            snprintf(m->players[m->current].name, sizeof m->players[0].name, "%s", arg);
        break;
    case O_OPT: add_opt(m, arg, why); break;
    case O_TC:
        if (tc_parse(arg, &m->tc) < 0)
            *why = "expected [MOVES/]SECONDS[+INCREMENT] to the millisecond, e.g. 40/10+0.1 or 5+0.05";
        break;
    case O_SPRT:
        if (sprt_parse(arg, &m->sprt, sprt_why, sizeof sprt_why) < 0)
            *why = sprt_why;
        break;
    default: return 0;
    }
    return 1;
}

/* The options about games, openings, files and running. */
static void run_option(match *m, int c, const char *arg, const char **why, parse_state *ps)
{
    switch (c) {
    case O_TOURN:
        if (strcmp(arg, "round-robin") && strcmp(arg, "gauntlet"))
            *why = "expected round-robin|gauntlet";
        m->gauntlet = strcmp(arg, "gauntlet") == 0;
        break;
    case O_GAMES: m->games = (int)number(arg, 1000000, 0, "expected 1..1000000", why); break;
    case O_MARGIN: m->tc.margin_ms = (long long)number(arg, 3600000, 1, "expected 0..3600000", why); break;
    case O_TIMEOUT: m->timeout_ms = (long long)number(arg, 86400000, 0, "expected 1..86400000", why); break;
    case O_SETUP:
        if (strcmp(arg, "random") && strcmp(arg, "bots"))
            *why = "expected bots|random";
        m->setup_mode = strcmp(arg, "random") == 0;
        ps->setup = arg;
        break;
    case O_OPENINGS:
        ps->openings = arg;
        m->setup_mode = 2;
        break;
    case O_JOBS: m->jobs = (int)number(arg, 256, 0, "expected 1..256", why); break;
    case O_RECORDS: m->records = arg; break;
    case O_JOURNAL: m->journal = arg; break;
    case O_RESUME: m->resume = 1; break;
    case O_JSON: m->json = arg; break;
    case O_FROM_JOURNAL: m->from_journal = arg; break;
    case O_PAIRS: {
        unsigned long long a = 0, b = 0;
        char first[32];
        const char *dash = strchr(arg, '-');
        snprintf(first, sizeof first, "%.*s", dash != NULL ? (int)(dash - arg) : 0, arg);
        if (dash == NULL || dash - arg >= (long)sizeof first || cli_parse_uint(first, 500000, &a) < 0 ||
            cli_parse_uint(dash + 1, 500000, &b) < 0 || a == 0 || b < a)
            *why = "expected FROM-TO, pair numbers 1..500000 with FROM <= TO (pair P: games 2P-1 and 2P)";
        m->first_game = (int)(2 * a - 2);
        m->last_game = (int)(2 * b - 1);
        break;
    }
    default: break;
    }
}

/* cli_parse's handler of the match's own options. */
static const char *own_option(int c, const char *arg, void *ctx)
{
    parse_state *ps = ctx;
    const char *why = NULL;
    if (!player_option(ps->m, c, arg, &why, ps->sides))
        run_option(ps->m, c, arg, &why, ps);
    return why;
}

/* The shared options into m: rules, rule options (the ply limit 400 and
 * repetition 0 unless given), seed (1 unless given), limits, quiet. */
static void take_shared(match *m, const cli_args *a)
{
    m->preset = a->preset;
    m->rule_given[MANA_OPT_PLY_LIMIT] = m->rule_given[MANA_OPT_REPETITION] = 1;
    m->rule[MANA_OPT_PLY_LIMIT] = DEFAULT_PLY_LIMIT;
    for (int i = 0; i < MANA_OPTION_COUNT; i++)
        if (a->rule_given[i]) {
            m->rule[i] = a->rule[i];
            m->rule_given[i] = 1;
        }
    if (a->seed_given)
        m->seed = a->seed;
    m->lim = a->limits;
    m->quiet = a->quiet;
}

/* The players of --white/--black and the pairings. */
static int make_pairings(match *m, const int *sides, const char **why)
{
    if (sides[0] != sides[1]) {
        *why = "both --white and --black are needed";
        return -1;
    }
    if (m->nplayers < 2) {
        *why = "two players at least (--white and --black, or --player twice)";
        return -1;
    }
    if (m->sprt.on && m->nplayers != 2) {
        *why = "--sprt is a test between two players";
        return -1;
    }
    unique_names(m);
    for (int a = 0; a < m->nplayers; a++)
        for (int b = a + 1; b < m->nplayers; b++)
            if (!m->gauntlet || a == 0)
                m->pairings[m->npairings++] = (pairing){a, b};
    return 0;
}

/* ---- the run ------------------------------------------------------------------------- */

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

/* What decides the games, as one line of NAME=VALUE fields: a journal is
 * resumed only by a match with the same line (--jobs, --json, --quiet may
 * differ); journal_load names the first field that differs. */
static void fingerprint(match *m)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int k = 0; k < m->nplayers; k++) {
        const player_spec *p = &m->players[k];
        char lim[160];
        snprintf(lim, sizeof lim, "%s|%s|%s|%d,%d,%llu,%llu|", p->name, p->kind, p->cmd, p->lim.time_ms, p->lim.depth,
                 (unsigned long long)p->lim.nodes, (unsigned long long)p->lim.iterations);
        h = fnv1a(h, lim);
        for (int o = 0; o < p->nopt; o++)
            h = fnv1a(fnv1a(h, p->opt_name[o]), p->opt_value[o]);
    }
    uint64_t ho = 0xcbf29ce484222325ULL;
    for (int k = 0; k < m->nopenings; k++)
        ho = fnv1a(ho, m->openings[k]);
    int n =
        snprintf(m->settings, sizeof m->settings,
                 "v2 players=%d:%016llx tournament=%s games=%d tc=%d/%lld+%lld clock=%d margin=%lld "
                 "time=%d depth=%d nodes=%llu iterations=%llu timeout=%lld seed=%llu rules=%s "
                 "setup=%d openings=%d:%016llx sprt=%d:%g,%g,%g,%g,%d",
                 m->nplayers, (unsigned long long)h, m->gauntlet ? "gauntlet" : "round-robin", m->games, m->tc.moves,
                 m->tc.base_ms, m->tc.inc_ms, m->tc.clock, m->tc.margin_ms, m->lim.time_ms, m->lim.depth,
                 (unsigned long long)m->lim.nodes, (unsigned long long)m->lim.iterations, m->timeout_ms,
                 (unsigned long long)m->seed, m->preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea",
                 m->setup_mode, m->nopenings, (unsigned long long)ho, m->sprt.on, m->sprt.elo0, m->sprt.elo1,
                 m->sprt.alpha, m->sprt.beta, m->sprt.normalized);
    for (int i = 0; i < MANA_OPTION_COUNT; i++) {
        char v[32] = "-";
        if (m->rule_given[i])
            mana_option_format(i, m->rule[i], v, sizeof v);
        n += snprintf(m->settings + n, sizeof m->settings - (size_t)n, " %s=%s", mana_option_name(i), v);
    }
    snprintf(m->settings + n, sizeof m->settings - (size_t)n, "\n");
}

static void describe_player(const match *m, int k, char *buf, size_t size)
{
    const player_spec *p = &m->players[k];
    if (p->external) {
        snprintf(buf, size, "%s (cmd: %s)", p->name, p->cmd);
        return;
    }
    cli_limits fixed = p->lim;
    if (m->tc.clock) /* the clock sets the move time (match_player.c), the other limits stay */
        fixed.time_ms = 0;
    int own = fixed.time_ms != 0 || fixed.depth != 0 || fixed.nodes != 0 || fixed.iterations != 0;
    if (!own && !m->tc.clock)
        fixed = m->lim;
    mana_bot_limits lim;
    cli_bot_limits(&fixed, &lim);
    mana_bot *b = mana_bot_new(p->kind, 0);
    char d[128] = "";
    if (b != NULL && m->tc.clock && !own) /* the clock alone: not the bot's default limits */
        snprintf(d, sizeof d, "%s%s", p->kind, strcmp(p->kind, "random") ? " (on the clock)" : "");
    else if (b != NULL)
        mana_bot_describe(b, &lim, d, sizeof d);
    size_t n = strlen(d);
    if (b != NULL && m->tc.clock && own && n > 0 && d[n - 1] == ')') /* its own limits, and the clock */
        snprintf(d + n - 1, sizeof d - (n - 1), ", on the clock)");
    mana_bot_free(b);
    if (strcmp(p->name, p->kind) == 0)
        snprintf(buf, size, "%s", d);
    else
        snprintf(buf, size, "%s = %s", p->name, d);
}

static void header(const match *m)
{
    static const char *const setups[] = {"setups chosen by the players", "paired random setups",
                                         "paired openings from the file"};
    char tc[64], d0[256], d1[256];
    tc_describe(&m->tc, tc, sizeof tc);
    describe_player(m, 0, d0, sizeof d0);
    describe_player(m, 1, d1, sizeof d1);
    if (m->nplayers == 2)
        printf("match: %s (first) against %s, %s", d0, d1, cli_count(m->games, "game", NULL).s);
    else
        printf("%s: %d players, %d pairings of %s", m->gauntlet ? "gauntlet" : "round robin", m->nplayers, m->npairings,
               cli_count(m->games, "game", NULL).s);
    printf(", rules %s, ply limit %d, seed %llu, %s, %s, %s\n",
           m->preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea", m->rule[MANA_OPT_PLY_LIMIT],
           (unsigned long long)m->seed, setups[m->setup_mode], tc, cli_count(m->jobs, "job", NULL).s);
    for (int k = 0; k < m->nplayers && m->nplayers > 2; k++) {
        describe_player(m, k, d0, sizeof d0);
        printf("  player %d: %s\n", k + 1, d0);
    }
    fflush(stdout);
}

static void defaults(match *m)
{
    memset(m, 0, sizeof *m);
    m->games = DEFAULT_GAMES;
    m->seed = 1;
    m->preset = MANA_RULES_JACTALEA;
    m->jobs = 1;
    m->timeout_ms = 60000;
    m->tc.margin_ms = 100;
    m->current = -1;
    m->last_game = -1;
}

/* Reads the command line into m.  Returns 0, 1 for --help, 2 after a
 * usage error, or 3 after a bad openings file. */
static int parse(match *m, int argc, char **argv)
{
    parse_state ps = {m, {0, 0}, NULL, NULL};
    cli_args a;
    int first = cli_parse(&match_command, argc, argv, &a, own_option, &ps);
    if (first < 0)
        return first == -1 ? 1 : 2;
    take_shared(m, &a);
    const char *why = NULL;
    if (first != argc) {
        cli_usage_fail(&match_command, "unexpected argument '%s'", argv[first]);
        return 2;
    }
    make_pairings(m, ps.sides, &why);
    if (why == NULL && ps.openings != NULL && ps.setup != NULL)
        why = ps.setup[0] == 'r' ? "--setup random and --openings exclude each other (both say where setups come from)"
                                 : "--setup bots and --openings exclude each other (both say where setups come from)";
    if (why == NULL && m->resume && m->journal == NULL && m->records == NULL)
        why = "--resume needs the --journal (or --records) of the interrupted match";
    if (why == NULL && m->from_journal != NULL && (m->resume || m->journal != NULL || m->records != NULL))
        why = "--from-journal reads a journal and plays nothing: no --journal, --records or --resume with it";
    /* pair P's first game is game 2P-1: with an odd number of games the
     * last pair is that game alone */
    if (why == NULL && m->last_game - 1 >= m->npairings * m->games)
        why = "--pairs goes beyond the match's last pair";
    if (why != NULL) {
        cli_usage_fail(&match_command, "%s", why);
        return 2;
    }
    mana_game *g = cli_new_game(&match_command, &a);
    mana_free(g);
    if (g == NULL)
        return 2;
    if (ps.openings != NULL && (read_openings(m, ps.openings) < 0 || check_openings(m, ps.openings) < 0))
        return 3;
    return 0;
}

/* --json FILE must be writable, and is never another run's summary: a
 * file that exists is replaced only by --resume or --from-journal (the
 * summary of the same match, brought up to date). */
static int check_json(const match *m)
{
    if (cli_check_output(m->json) < 0) {
        fprintf(stderr, "mana-cli match: --json %s: %s\n", m->json, strerror(errno));
        return -1;
    }
    struct stat st;
    if (!m->resume && m->from_journal == NULL && stat(m->json, &st) == 0 && st.st_size > 0) {
        fprintf(stderr,
                "mana-cli match: --json %s exists; not replaced: give a new name (or --resume, which brings the "
                "summary of the match it continues up to date)\n",
                m->json);
        return -1;
    }
    return 0;
}

/* Splits path into its folder's identity (*dir, by stat: symbolic links,
 * ".." and other spellings resolved) and its last component (returned).
 * NULL when the folder cannot be read. */
static const char *split_path(const char *path, plat_file_id *dir)
{
    char folder[4200];
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(folder, sizeof folder, ".");
    else
        snprintf(folder, sizeof folder, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    return plat_file_id_of(folder, dir) == 0 ? (slash != NULL ? slash + 1 : path) : NULL;
}

/* 1 when a and b name the same file, existing or not. */
static int same_file(const char *a, const char *b)
{
    plat_file_id sa, sb;
    if (plat_file_id_of(a, &sa) == 0 && plat_file_id_of(b, &sb) == 0)
        return plat_same_id(&sa, &sb);
    const char *ba = split_path(a, &sa), *bb = split_path(b, &sb);
    return ba != NULL && bb != NULL && plat_same_id(&sa, &sb) && strcmp(ba, bb) == 0;
}

/* 1 when path is a name the run writes game records under: DIR/game-*,
 * or a file of DIR/pending or DIR/uncounted. */
static int record_name(const char *path, const char *dir)
{
    plat_file_id sp, sd;
    const char *base = split_path(path, &sp);
    if (base == NULL)
        return 0;
    if (plat_file_id_of(dir, &sd) == 0 && plat_same_id(&sp, &sd))
        return strncmp(base, "game-", 5) == 0;
    static const char *const sub[] = {"pending", "uncounted"};
    for (int k = 0; k < 2; k++) {
        char name[4200];
        snprintf(name, sizeof name, "%s/%s", dir, sub[k]);
        if (plat_file_id_of(name, &sd) == 0 && plat_same_id(&sp, &sd))
            return 1;
    }
    return 0;
}

/* The journal, the JSON summary and the game records are distinct files:
 * one written over another would lose the finished games.  0, or -1
 * (why printed). */
static int check_distinct(const match *m)
{
    const char *journal = m->journal != NULL ? m->journal : m->from_journal;
    if (m->json != NULL && journal != NULL && same_file(m->json, journal)) {
        fprintf(stderr, "mana-cli match: --json %s is the journal; not touched: give the summary another name\n",
                m->json);
        return -1;
    }
    const char *what = NULL, *name = NULL;
    if (m->records != NULL && m->json != NULL && record_name(m->json, m->records))
        what = "--json", name = m->json;
    else if (m->records != NULL && m->journal != NULL && record_name(m->journal, m->records))
        what = "--journal", name = m->journal;
    if (what == NULL)
        return 0;
    fprintf(stderr,
            "mana-cli match: %s %s is a name of the game records of --records %s; not touched: give it "
            "another name\n",
            what, name, m->records);
    return -1;
}

int cmd_match(int argc, char **argv)
{
    static match m; /* large; one per process */
    defaults(&m);
    int rc = parse(&m, argc, argv);
    if (rc != 0)
        return rc == 1 ? 0 : rc == 2 ? 2 : 1;
    static char journal[4200];
    if (m.journal == NULL && m.records != NULL) {
        snprintf(journal, sizeof journal, "%s/match-journal.txt", m.records);
        m.journal = journal;
    }
    if (m.json != NULL && check_json(&m) < 0) /* before the games, not after them */
        return 1;
    if (match_records_check(&m) < 0 || check_distinct(&m) < 0) /* DIR made first: names in it compared */
        return 1;
    player_signals(m.journal);
    fingerprint(&m);
    m.progress_tty = isatty(STDERR_FILENO);
    pthread_mutex_init(&m.lock, NULL);
    clock_gettime(CLOCK_MONOTONIC, &m.start);
    header(&m);
    rc = match_run(&m);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double secs = (double)(now.tv_sec - m.start.tv_sec) + (double)(now.tv_nsec - m.start.tv_nsec) / 1e9;
    if (rc < 0)
        fprintf(stderr, "mana-cli match: stopped after an error\n");
    else {
        match_report(&m, secs);
        if (m.json != NULL && match_write_json(&m, secs) < 0)
            rc = -1;
    }
    for (int k = 0; k < m.nopenings; k++)
        free(m.openings[k]);
    free(m.openings);
    free(m.opening_lines);
    free(m.results);
    pthread_mutex_destroy(&m.lock);
    return rc < 0 ? 1 : 0;
}
