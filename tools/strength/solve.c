/* SPDX-License-Identifier: MIT */
/*
 * solve - exact forced wins: for each position given, whether the side to
 * move can force the capture of the enemy Damyo within N plies, and how.
 *
 *   usage: solve [--depth N] [--rules R] [--option NAME=VALUE]... [--no-tt] [FILE]
 *
 * Each input line (FILE, or standard input) is `LABEL mfn MFN` or
 * `LABEL moves MOVE...` (every move from the empty board, setup included);
 * blank lines and lines starting with `#` are skipped.  For each position
 * it prints one line:
 *
 *   LABEL MFN: wins in P plies: MOVE...  (NODES nodes)
 *   LABEL MFN: no win within N plies (NODES nodes)
 *
 * P is the least number of plies (odd: the winner plays the first and the
 * last) within which the side to move captures the enemy Damyo against
 * every defence, and the moves are a winning line: the winner's moves and,
 * between them, the defence that holds out longest.  The last line
 * counts the positions and the wins.
 *
 * The search is a plain AND/OR search on the rules alone, through the
 * public API only: every legal move of the winner is tried, and a win is a
 * win against every legal reply; no evaluation, no pruning heuristic, no
 * reduction.  Game ends come from the library (mana_status), so draws by
 * a blocked player (--option blocked=draw) and re-entries count as the
 * rules say.  The transposition table keyed by mana_hash stores, for a
 * position, the least depth at which a win was proven and the greatest at
 * which its absence was: both stay true at any deeper (resp. shallower)
 * depth, so the table changes the work, never the answer (--no-tt checks
 * this).  The hash covers the board, side to move, Mana and orientation,
 * which is the whole position once repetition and the ply limit are off;
 * the solver turns them off.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mana.h"

#define MAX_DEPTH 31
#define TT_BITS 21
#define LINE_MAX_TEXT 4096

typedef struct {
    uint64_t key;
    int8_t win_at;   /* least depth proven won, 0: none */
    int8_t nowin_at; /* greatest depth proven not won, 0: none */
} tt_entry;

typedef struct {
    mana_game *g;
    tt_entry *tt; /* NULL: no table */
    uint64_t nodes;
    mana_move killer[MAX_DEPTH + 1]; /* the last refutation found at each depth */
} solver;

typedef struct {
    int preset;
    int depth;
    int use_tt;
    int nopt;
    int opt[MANA_OPTION_COUNT];
    int val[MANA_OPTION_COUNT];
} config;

static void die(int code, const char *what, const char *detail)
{
    fprintf(stderr, "solve: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(code);
}

/* ---- Transposition table (exact: a proof holds at every depth beyond it) ---- */

static int tt_probe(const solver *s, uint64_t key, int d)
{
    if (s->tt == NULL)
        return -1;
    const tt_entry *e = &s->tt[key & ((1u << TT_BITS) - 1)];
    if (e->key != key)
        return -1;
    if (e->win_at > 0 && e->win_at <= d)
        return 1;
    if (e->nowin_at >= d)
        return 0;
    return -1;
}

static void tt_store(solver *s, uint64_t key, int d, int won)
{
    if (s->tt == NULL)
        return;
    tt_entry *e = &s->tt[key & ((1u << TT_BITS) - 1)];
    if (e->key != key) {
        e->key = key;
        e->win_at = 0;
        e->nowin_at = 0;
    }
    if (won && (e->win_at == 0 || e->win_at > d))
        e->win_at = (int8_t)d;
    if (!won && e->nowin_at < d)
        e->nowin_at = (int8_t)d;
}

/* ---- The AND/OR search ------------------------------------------------------ */

static int won_status(int side)
{
    return side == MANA_WHITE ? MANA_WHITE_WON : MANA_BLACK_WON;
}

static void play(solver *s, mana_move m)
{
    if (mana_play(s->g, m) != MANA_OK)
        die(3, "a legal move was refused", mana_error_detail());
    s->nodes++;
}

static void undo(solver *s)
{
    if (mana_undo(s->g) != MANA_OK)
        die(3, "undo failed", mana_error_detail());
}

static int legal(const solver *s, mana_move *out)
{
    int n = mana_legal_moves(s->g, out, MANA_MAX_MOVES);
    if (n < 0)
        die(3, "legal moves", mana_error_detail());
    return n;
}

static int wins(solver *s, int d);

/* After a move of `me`, with the opponent to move: 1 if the game is won
 * for me or if every reply leaves me a win within d - 1 plies. */
static int every_reply_loses(solver *s, int me, int d)
{
    int st = mana_status(s->g);
    if (st != MANA_PLAYING)
        return st == won_status(me);
    if (d < 2 || mana_damyo_capturable(s->g) == 1)
        return 0;
    mana_move r[MANA_MAX_MOVES];
    int n = legal(s, r);
    for (int i = 1; i < n; i++) /* the last refutation at this depth first */
        if (r[i] == s->killer[d]) {
            r[i] = r[0];
            r[0] = s->killer[d];
        }
    for (int i = 0; i < n; i++) {
        play(s, r[i]);
        st = mana_status(s->g);
        int lost = st != MANA_PLAYING ? st == won_status(me) : wins(s, d - 1);
        undo(s);
        if (!lost) {
            s->killer[d] = r[i];
            return 0;
        }
    }
    return 1;
}

/* 1 if the side to move captures the enemy Damyo within d plies whatever
 * the opponent plays. */
static int wins(solver *s, int d)
{
    if (d < 1 || mana_status(s->g) != MANA_PLAYING)
        return 0;
    if (mana_damyo_capturable(s->g) == 1)
        return 1;
    if (d < 3)
        return 0;
    uint64_t key = mana_hash(s->g);
    int known = tt_probe(s, key, d);
    if (known >= 0)
        return known;
    int me = mana_side_to_move(s->g);
    mana_move m[MANA_MAX_MOVES];
    int n = legal(s, m);
    int won = 0;
    for (int i = 0; i < n && !won; i++) {
        play(s, m[i]);
        won = every_reply_loses(s, me, d - 1);
        undo(s);
    }
    tt_store(s, key, d, won);
    return won;
}

/* The least odd number of plies <= max within which the side to move wins,
 * or 0. */
static int plies_to_win(solver *s, int max)
{
    for (int d = 1; d <= max; d += 2)
        if (wins(s, d))
            return d;
    return 0;
}

/* ---- The winning line ---------------------------------------------------- */

static void append(const solver *s, mana_move m, char *out, size_t size)
{
    char text[MANA_MOVE_TEXT_MAX + 1];
    if (mana_move_format(s->g, m, text, sizeof text) < 0)
        die(3, "move text", mana_error_detail());
    size_t len = strlen(out);
    snprintf(out + len, size - len, "%s%s", len ? " " : "", text);
}

/* The defence that holds out longest against a win within d plies (the
 * opponent to move); its move, and the plies the win then needs. */
static mana_move longest_defence(solver *s, int me, int d, int *left)
{
    mana_move r[MANA_MAX_MOVES], best = 0;
    int n = legal(s, r);
    *left = -1;
    for (int i = 0; i < n; i++) {
        play(s, r[i]);
        int st = mana_status(s->g);
        int need = st != MANA_PLAYING ? 0 : plies_to_win(s, d - 1);
        undo(s);
        if (st != MANA_PLAYING && st != won_status(me))
            die(3, "the winning line has a defence", NULL);
        if (need > *left) {
            *left = need;
            best = r[i];
        }
    }
    return best;
}

/* Appends a winning line for the side to move, who wins within d plies. */
static void winning_line(solver *s, int d, char *out, size_t size)
{
    int me = mana_side_to_move(s->g);
    mana_move m[MANA_MAX_MOVES];
    int n = legal(s, m);
    for (int i = 0; i < n; i++) {
        play(s, m[i]);
        int ok = every_reply_loses(s, me, d - 1);
        if (ok) {
            undo(s);
            append(s, m[i], out, size);
            play(s, m[i]);
            int left = 0;
            if (mana_status(s->g) == MANA_PLAYING) {
                mana_move r = longest_defence(s, me, d - 1, &left);
                append(s, r, out, size);
                play(s, r);
                if (left > 0)
                    winning_line(s, left, out, size);
                undo(s);
            }
            undo(s);
            return;
        }
        undo(s);
    }
    die(3, "no winning move found for a won position", NULL);
}

/* ---- Input and the report ------------------------------------------------ */

static mana_game *new_game(const config *c)
{
    mana_game *g = mana_new(c->preset);
    if (g == NULL)
        die(1, "out of memory", NULL);
    mana_set_option(g, MANA_OPT_REPETITION, 0);
    mana_set_option(g, MANA_OPT_PLY_LIMIT, 0);
    for (int k = 0; k < c->nopt; k++)
        if (mana_set_option(g, c->opt[k], c->val[k]) != MANA_OK)
            die(2, "--option", mana_error_detail());
    return g;
}

/* Sets up the position of one input line (after its label); 0 or -1. */
static int read_position(mana_game *g, char *rest, int lineno)
{
    char *kind = strtok(rest, " \t\r\n");
    int rc = MANA_OK;
    if (kind != NULL && strcmp(kind, "mfn") == 0) {
        char *mfn = strtok(NULL, "\r\n");
        rc = mfn ? mana_set_position(g, mfn) : MANA_EPARSE;
    } else if (kind != NULL && strcmp(kind, "moves") == 0) {
        for (char *w = strtok(NULL, " \t\r\n"); w && rc == MANA_OK; w = strtok(NULL, " \t\r\n"))
            rc = mana_play_str(g, w);
    } else {
        fprintf(stderr, "solve: line %d: expected LABEL mfn MFN or LABEL moves MOVE...\n", lineno);
        return -1;
    }
    if (rc == MANA_OK && mana_status(g) != MANA_PLAYING)
        fprintf(stderr, "solve: line %d: not a position in play\n", lineno);
    else if (rc != MANA_OK)
        fprintf(stderr, "solve: line %d: %s: %s\n", lineno, mana_strerror(rc), mana_error_detail());
    return rc == MANA_OK && mana_status(g) == MANA_PLAYING ? 0 : -1;
}

static int solve_one(solver *s, const char *label, int depth)
{
    char mfn[MANA_MFN_MAX + 1], line[LINE_MAX_TEXT] = "";
    mana_get_position(s->g, mfn, sizeof mfn);
    s->nodes = 0;
    if (s->tt != NULL)
        memset(s->tt, 0, sizeof(tt_entry) << TT_BITS);
    int p = plies_to_win(s, depth);
    if (p == 0) {
        printf("%s %s: no win within %d plies (%llu nodes)\n", label, mfn, depth, (unsigned long long)s->nodes);
        return 0;
    }
    unsigned long long nodes = s->nodes;
    winning_line(s, p, line, sizeof line);
    printf("%s %s: wins in %d plies: %s (%llu nodes)\n", label, mfn, p, line, nodes);
    return 1;
}

static int run(const config *c, FILE *in)
{
    solver s;
    memset(&s, 0, sizeof s);
    if (c->use_tt && (s.tt = calloc((size_t)1 << TT_BITS, sizeof(tt_entry))) == NULL)
        die(1, "out of memory", NULL);
    char text[LINE_MAX_TEXT];
    int lineno = 0, count = 0, won = 0, bad = 0;
    while (fgets(text, sizeof text, in) != NULL) {
        lineno++;
        char *label = text + strspn(text, " \t\r\n");
        size_t len = strcspn(label, " \t\r\n");
        if (len == 0 || label[0] == '#')
            continue;
        char *rest = label + len + (label[len] != '\0');
        label[len] = '\0';
        s.g = new_game(c);
        if (read_position(s.g, rest, lineno) == 0) {
            won += solve_one(&s, label, c->depth);
            count++;
        } else {
            bad++;
        }
        mana_free(s.g);
        fflush(stdout);
    }
    free(s.tt);
    printf("%d positions, %d won by the side to move within %d plies\n", count, won, c->depth);
    return bad ? 1 : 0;
}

static void usage(FILE *f)
{
    fputs("usage: solve [--depth N] [--rules jactalea|cosmoludo] [--option NAME=VALUE]... [--no-tt] [FILE]\n"
          "  each line: LABEL mfn MFN, or LABEL moves MOVE... (from the empty board)\n"
          "  --depth N   plies searched, 1..31 (default 9)\n"
          "  --option    a rule option by libmana's words (blocked=draw); repetition and\n"
          "              the ply limit are off\n"
          "  --no-tt     no transposition table (slower, the same answers)\n",
          f);
}

static void parse_option(config *c, const char *arg)
{
    char name[64];
    const char *eq = strchr(arg, '=');
    if (eq == NULL || (size_t)(eq - arg) >= sizeof name)
        die(2, "--option wants NAME=VALUE", arg);
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    if (c->nopt == MANA_OPTION_COUNT || mana_option_parse(name, eq + 1, &c->opt[c->nopt], &c->val[c->nopt]) != MANA_OK)
        die(2, "--option", mana_error_detail());
    c->nopt++;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {{"depth", required_argument, 0, 'd'},  {"rules", required_argument, 0, 'r'},
                                          {"option", required_argument, 0, 'o'}, {"no-tt", no_argument, 0, 'n'},
                                          {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    config c = {MANA_RULES_JACTALEA, 9, 1, 0, {0}, {0}};
    int ch;
    while ((ch = getopt_long(argc, argv, "d:r:o:nh", longs, NULL)) != -1) {
        char *end;
        switch (ch) {
        case 'd':
            c.depth = (int)strtol(optarg, &end, 10);
            if (*end || c.depth < 1 || c.depth > MAX_DEPTH)
                die(2, "--depth wants 1..31", optarg);
            break;
        case 'r':
            if (strcmp(optarg, "jactalea") && strcmp(optarg, "cosmoludo"))
                die(2, "--rules wants jactalea or cosmoludo", optarg);
            c.preset = strcmp(optarg, "jactalea") ? MANA_RULES_COSMOLUDO : MANA_RULES_JACTALEA;
            break;
        case 'o': parse_option(&c, optarg); break;
        case 'n': c.use_tt = 0; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (argc - optind > 1) {
        usage(stderr);
        return 2;
    }
    FILE *in = optind < argc ? fopen(argv[optind], "r") : stdin;
    if (in == NULL)
        die(2, "cannot open", argv[optind]);
    int rc = run(&c, in);
    if (in != stdin)
        fclose(in);
    return rc;
}
