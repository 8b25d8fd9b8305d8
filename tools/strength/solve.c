/* SPDX-License-Identifier: MIT */
/*
 * solve - exact forced wins: for each position given, whether the side to
 * move can force the capture of the enemy Damyo within N plies, and how.
 *
 *   usage: solve [--depth N] [--loses] [--each-move] [--every-ply]
 *                [--rules R] [--option NAME=VALUE]... [--no-tt] [FILE]
 *
 * Each input line (FILE, or standard input) is `LABEL mfn MFN [moves
 * MOVE...]` (a position, then moves played from it), `LABEL moves MOVE...`
 * (every move from the empty board, setup included) or `LABEL record FILE`
 * (the first game of a record file, docs/record-format.md, read by
 * mana_record_read; its rules must be the solver's, the ply limit and
 * repetition aside); blank lines and lines starting with `#` are skipped.
 * For each position it prints one line:
 *
 *   LABEL MFN: wins in P plies: MOVE...  (NODES nodes)
 *   LABEL MFN: no win within N plies (NODES nodes)
 *   LABEL MFN: game over: 1-0            (a finished game: its result)
 *
 * P is the least number of plies (odd: the winner plays the first and the
 * last) within which the side to move captures the enemy Damyo against
 * every defence, and the moves are a winning line: the winner's moves and,
 * between them, the defence that holds out longest.  With --loses the
 * question is the other way round, whether the side to move loses:
 *
 *   LABEL MFN: loses in P plies: MOVE... (NODES nodes)
 *   LABEL MFN: no loss within N plies (NODES nodes)
 *
 * P (even) is the least number of plies within which every move of the
 * side to move leaves the opponent a win in P - 1 or fewer, and the moves
 * are the longest defence and the winning line against it.  --each-move
 * answers for every legal move of the side to move instead: one line for
 * the position after each, labelled LABEL/MOVE (the position's own line is
 * not printed); the position may also be a setup's last placement, whose
 * every move gives a start position.  --every-ply answers for every position in play along the
 * moves of a `moves`, `mfn ... moves` or `record` line, labelled LABEL:K
 * after K moves from the line's start.  The last line counts the positions
 * and the wins (or losses); finished games are counted apart.
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
    int positions, hits, finished;   /* positions in play solved, won (lost), finished */
} solver;

typedef struct {
    int preset;
    int depth;
    int loses;     /* --loses: whether the side to move loses */
    int each_move; /* --each-move: every position one move on */
    int every_ply; /* --every-ply: every position in play along the moves */
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

/* ---- Losses: the question the other way round ---------------------------- */

static int opponent(const solver *s)
{
    return mana_side_to_move(s->g) == MANA_WHITE ? MANA_BLACK : MANA_WHITE;
}

/* The least even number of plies <= max within which the side to move
 * loses whatever it plays, or 0. */
static int plies_to_lose(solver *s, int max)
{
    for (int d = 2; d <= max; d += 2)
        if (every_reply_loses(s, opponent(s), d))
            return d;
    return 0;
}

/* Appends the longest defence of the side to move, who loses within p
 * plies, and the opponent's winning line against it. */
static void losing_line(solver *s, int p, char *out, size_t size)
{
    int left = 0;
    mana_move r = longest_defence(s, opponent(s), p, &left);
    append(s, r, out, size);
    play(s, r);
    if (left > 0)
        winning_line(s, left, out, size);
    undo(s);
}

/* ---- The report ------------------------------------------------------------ */

#define LABEL_MAX (LINE_MAX_TEXT + 32)

/* One line for the position of s->g (in play or finished). */
static void report(solver *s, const config *c, const char *label)
{
    char mfn[MANA_MFN_MAX + 1], line[LINE_MAX_TEXT] = "";
    mana_get_position(s->g, mfn, sizeof mfn);
    int st = mana_status(s->g);
    if (st != MANA_PLAYING) {
        printf("%s %s: game over: %s\n", label, mfn, mana_result_text(st));
        s->finished++;
        return;
    }
    s->nodes = 0;
    s->positions++;
    const char *verb = c->loses ? "loses" : "wins";
    int p = c->loses ? plies_to_lose(s, c->depth) : plies_to_win(s, c->depth);
    unsigned long long nodes = s->nodes;
    if (p == 0) {
        printf("%s %s: no %s within %d plies (%llu nodes)\n", label, mfn, c->loses ? "loss" : "win", c->depth, nodes);
        return;
    }
    if (c->loses)
        losing_line(s, p, line, sizeof line);
    else
        winning_line(s, p, line, sizeof line);
    printf("%s %s: %s in %d plies: %s (%llu nodes)\n", label, mfn, verb, p, line, nodes);
    s->hits++;
}

/* The position of s->g, or with --each-move every position one move on. */
static void visit(solver *s, const config *c, const char *label)
{
    int st = mana_status(s->g);
    if (!c->each_move || (st != MANA_PLAYING && st != MANA_SETUP)) {
        report(s, c, label);
        return;
    }
    mana_move m[MANA_MAX_MOVES];
    int n = legal(s, m);
    for (int i = 0; i < n; i++) {
        char text[MANA_MOVE_TEXT_MAX + 1], child[LABEL_MAX];
        if (mana_move_format(s->g, m[i], text, sizeof text) < 0)
            die(3, "move text", mana_error_detail());
        snprintf(child, sizeof child, "%s/%s", label, text);
        play(s, m[i]);
        report(s, c, child);
        undo(s);
    }
}

/* ---- Input --------------------------------------------------------------- */

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

/* The whole of a file, NUL-terminated (caller frees), or NULL. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    size_t got;
    while (text != NULL && (got = fread(text + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        char *more = n + 1 == cap ? realloc(text, cap *= 2) : text;
        if (more == NULL)
            free(text);
        text = more;
    }
    fclose(f);
    if (text == NULL)
        die(1, "out of memory", NULL);
    text[n] = '\0';
    *len = n;
    return text;
}

/* 1 if g's rule options are those of the solver's game s (repetition and
 * the ply limit aside: the solver turns them off). */
static int same_rules(const mana_game *g, const mana_game *s)
{
    for (int o = 0; o < MANA_OPTION_COUNT; o++) {
        int a = 0, b = 0;
        if (o == MANA_OPT_REPETITION || o == MANA_OPT_PLY_LIMIT)
            continue;
        mana_get_option(g, o, &a);
        mana_get_option(s, o, &b);
        if (a != b)
            return 0;
    }
    return 1;
}

/* Reads the first game of the record at path into a game at its start,
 * which replaces s->g, and returns its moves as text (caller frees), or
 * NULL after a message. */
static char *record_moves(solver *s, const char *path, int lineno)
{
    size_t len = 0;
    char *text = slurp(path, &len), *moves = NULL;
    if (text == NULL) {
        fprintf(stderr, "solve: line %d: cannot open %s\n", lineno, path);
        return NULL;
    }
    mana_game *r = mana_new(MANA_RULES_JACTALEA);
    if (r == NULL)
        die(1, "out of memory", NULL);
    int rc = mana_record_read(r, text, len, NULL, NULL);
    free(text);
    if (rc != MANA_OK) {
        fprintf(stderr, "solve: line %d: %s: %s: %s\n", lineno, path, mana_strerror(rc), mana_error_detail());
        mana_free(r);
        return NULL;
    }
    size_t size = (size_t)mana_history_format(r, NULL, 0) + 1;
    if ((moves = malloc(size)) == NULL)
        die(1, "out of memory", NULL);
    mana_history_format(r, moves, size);
    while (mana_undo(r) == MANA_OK) /* back to the start, where options may change */
        ;
    mana_set_option(r, MANA_OPT_REPETITION, 0);
    mana_set_option(r, MANA_OPT_PLY_LIMIT, 0);
    if (!same_rules(r, s->g)) {
        fprintf(stderr, "solve: line %d: %s: its rules are not the solver's (--rules, --option)\n", lineno, path);
        mana_free(r);
        free(moves);
        return NULL;
    }
    mana_free(s->g);
    s->g = r;
    return moves;
}

/* The words of text, split in place at blanks, into w (cap); the count. */
static int split(char *text, char **w, int cap)
{
    int n = 0;
    for (char *t = strtok(text, " \t\r\n"); t != NULL; t = strtok(NULL, " \t\r\n")) {
        if (n == cap)
            return -1;
        w[n++] = t;
    }
    return n;
}

/* Sets s->g to the MFN made of words w[0..n) joined by spaces. */
static int set_mfn(solver *s, char **w, int n)
{
    char mfn[LINE_MAX_TEXT] = "";
    for (int i = 0; i < n; i++) {
        size_t len = strlen(mfn);
        snprintf(mfn + len, sizeof mfn - len, "%s%s", i ? " " : "", w[i]);
    }
    return n > 0 ? mana_set_position(s->g, mfn) : MANA_EPARSE;
}

/* 1 if s->g is in its setup and every legal move ends it: the last
 * placement, whose children --each-move can answer for. */
static int last_placement(solver *s)
{
    mana_move m[MANA_MAX_MOVES];
    int n = mana_status(s->g) == MANA_SETUP ? legal(s, m) : 0, last = n > 0;
    for (int i = 0; i < n && last; i++) {
        play(s, m[i]);
        last = mana_status(s->g) != MANA_SETUP;
        undo(s);
    }
    return last;
}

/* Plays the moves w[0..n) on s->g: with --every-ply, visiting each position
 * in play on the way (labelled LABEL:K after K moves); then the last
 * position, in play or finished (with --every-ply, only in play).  0, or
 * -1 after a message. */
static int play_line(solver *s, const config *c, const char *label, char **w, int n, int lineno)
{
    char at[LABEL_MAX];
    int rc = MANA_OK, k = 0;
    for (; k <= n && rc == MANA_OK; k++) {
        int st = mana_status(s->g);
        snprintf(at, sizeof at, "%s:%d", label, k);
        if (c->every_ply && st == MANA_PLAYING)
            visit(s, c, at);
        if (k < n)
            rc = mana_play_str(s->g, w[k]);
    }
    int st = mana_status(s->g);
    if (rc != MANA_OK) {
        fprintf(stderr, "solve: line %d: %s: %s\n", lineno, mana_strerror(rc), mana_error_detail());
        return -1;
    }
    if (st == MANA_SETUP && !(c->each_move && !c->every_ply && last_placement(s))) {
        fprintf(stderr, "solve: line %d: not a position in play%s\n", lineno,
                c->each_move ? " nor the last placement of a setup" : "");
        return -1;
    }
    if (!c->every_ply)
        visit(s, c, label);
    return 0;
}

#define MAX_WORDS (LINE_MAX_TEXT / 2)

/* Solves the positions of one input line (after its label); 0 or -1. */
static int read_line(solver *s, const config *c, const char *label, char *rest, int lineno)
{
    static char *w[MAX_WORDS];
    int n = split(rest, w, MAX_WORDS), first = n, rc = MANA_OK;
    if (n > 0 && strcmp(w[0], "mfn") == 0) {
        int end = 1;
        while (end < n && strcmp(w[end], "moves") != 0)
            end++;
        rc = set_mfn(s, w + 1, end - 1);
        first = end + (end < n);
    } else if (n > 0 && strcmp(w[0], "moves") == 0) {
        first = 1;
    } else if (n == 2 && strcmp(w[0], "record") == 0) {
        char *moves = record_moves(s, w[1], lineno);
        if (moves == NULL)
            return -1;
        char **mw = malloc(sizeof *mw * (strlen(moves) / 2 + 1));
        if (mw == NULL)
            die(1, "out of memory", NULL);
        int ok = play_line(s, c, label, mw, split(moves, mw, (int)(strlen(moves) / 2 + 1)), lineno);
        free(mw);
        free(moves);
        return ok;
    } else {
        fprintf(stderr,
                "solve: line %d: expected LABEL mfn MFN [moves MOVE...], LABEL moves MOVE... or LABEL record FILE\n",
                lineno);
        return -1;
    }
    if (rc != MANA_OK) {
        fprintf(stderr, "solve: line %d: %s: %s\n", lineno, mana_strerror(rc), mana_error_detail());
        return -1;
    }
    return play_line(s, c, label, w + first, n - first, lineno);
}

static int run(const config *c, FILE *in)
{
    solver s;
    memset(&s, 0, sizeof s);
    if (c->use_tt && (s.tt = calloc((size_t)1 << TT_BITS, sizeof(tt_entry))) == NULL)
        die(1, "out of memory", NULL);
    char text[LINE_MAX_TEXT];
    int lineno = 0, bad = 0;
    while (fgets(text, sizeof text, in) != NULL) {
        lineno++;
        char *label = text + strspn(text, " \t\r\n");
        size_t len = strcspn(label, " \t\r\n");
        if (len == 0 || label[0] == '#')
            continue;
        char *rest = label + len + (label[len] != '\0');
        label[len] = '\0';
        s.g = new_game(c);
        if (s.tt != NULL) /* each line on its own: its node counts do not depend on the others */
            memset(s.tt, 0, sizeof(tt_entry) << TT_BITS);
        bad += read_line(&s, c, label, rest, lineno) != 0;
        mana_free(s.g);
        fflush(stdout);
    }
    free(s.tt);
    printf("%d positions, %d %s by the side to move within %d plies", s.positions, s.hits, c->loses ? "lost" : "won",
           c->depth);
    if (s.finished > 0)
        printf(", %d finished games", s.finished);
    printf("\n");
    return bad ? 1 : 0;
}

static void usage(FILE *f)
{
    fputs("usage: solve [--depth N] [--loses] [--each-move] [--every-ply] [--rules jactalea|cosmoludo]\n"
          "             [--option NAME=VALUE]... [--no-tt] [FILE]\n"
          "  each line: LABEL mfn MFN [moves MOVE...], LABEL moves MOVE... (from the empty\n"
          "             board) or LABEL record FILE (the first game of a record)\n"
          "  --depth N     plies searched, 1..31 (default 9)\n"
          "  --loses       whether the side to move loses within N plies (not wins)\n"
          "  --each-move   the position after each legal move instead (LABEL/MOVE)\n"
          "  --every-ply   every position in play along the line's moves (LABEL:K)\n"
          "  --option      a rule option by libmana's words (blocked=draw); repetition and\n"
          "                the ply limit are off\n"
          "  --no-tt       no transposition table (slower, the same answers)\n",
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
    static const struct option longs[] = {{"depth", required_argument, 0, 'd'},
                                          {"rules", required_argument, 0, 'r'},
                                          {"option", required_argument, 0, 'o'},
                                          {"no-tt", no_argument, 0, 'n'},
                                          {"loses", no_argument, 0, 'l'},
                                          {"each-move", no_argument, 0, 'e'},
                                          {"every-ply", no_argument, 0, 'p'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    config c = {MANA_RULES_JACTALEA, 9, 0, 0, 0, 1, 0, {0}, {0}};
    int ch;
    while ((ch = getopt_long(argc, argv, "d:r:o:nlh", longs, NULL)) != -1) {
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
        case 'l': c.loses = 1; break;
        case 'e': c.each_move = 1; break;
        case 'p': c.every_ply = 1; break;
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
