/* SPDX-License-Identifier: MIT */
/*
 * soak - random games of Mana with every invariant of tests/invariants.h
 * checked at every ply.
 *
 *   soak [--plies N] [--seed S] [--first-game G] [--games K] [--quiet]
 *
 * Plays games until N plies of play (setup moves not counted; default
 * 1,000,000) or K games.  Game i is played with its own generator seeded
 * from (S, i), so `--seed S --first-game i --games 1` replays game i alone.
 * The games cycle through both presets and every `blocked` option, and draw
 * the other rule options at random.  Each ply: a random legal move (with a
 * bias to captures now and then, so that reserves and re-entries happen),
 * played by inv_play_checked (transition, every invariant, undo, replay).
 * Now and then the soak also takes back a few plies and compares with what
 * it saw then, clones the game and checks the copy is independent, and at
 * the end of some games takes the whole game back.
 *
 * Exit status 0 if every check held, 1 at the first breach (with the seed,
 * game number and a reproducer on stderr), 2 for bad arguments.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mana.h>

#include "invariants.h"
#include "perft_data.h"

#define MAX_GAME_PLIES 400

struct rng {
    uint64_t s;
};

static uint64_t rng_next(struct rng *r)
{
    /* splitmix64 */
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rng_below(struct rng *r, int n)
{
    return (int)(rng_next(r) % (uint64_t)n);
}

/* What the soak saw at each history length, to compare after undo. */
struct seen {
    uint64_t hash;
    int status;
    int nmoves;
    char mfn[MANA_MFN_MAX + 1];
};

struct stats {
    long long plies, setup_moves, games, composed, undos, clones, captures, damyo_captures, reentries, passes;
    long long result[5];
    long long by_blocked[3];
    int longest;
};

static const char *preset_name(int p)
{
    return p == MANA_RULES_JACTALEA ? "jactalea" : "cosmoludo";
}

static void die(const char *what, const char *msg, uint64_t seed, long long game, int preset, const mana_game *g)
{
    fprintf(stderr, "soak: FAILED: %s: %s\n", what, msg);
    fprintf(stderr, "  reproduce: soak --seed %" PRIu64 " --first-game %lld --games 1\n", seed, game);
    fprintf(stderr, "  preset %s\n", preset_name(preset));
    if (g != NULL)
        inv_dump(stderr, g);
    exit(1);
}

static void remember(const mana_game *g, struct seen *seen)
{
    int h = mana_history(g, NULL, 0);
    if (h < 0 || h >= MAX_GAME_PLIES + 64)
        return;
    seen[h].hash = mana_hash(g);
    seen[h].status = mana_status(g);
    seen[h].nmoves = mana_legal_moves(g, NULL, 0);
    if (mana_get_position(g, seen[h].mfn, sizeof seen[h].mfn) < 0)
        seen[h].mfn[0] = '\0';
}

static int same_as_seen(const mana_game *g, const struct seen *seen, char *msg, size_t size)
{
    int h = mana_history(g, NULL, 0);
    char mfn[MANA_MFN_MAX + 1];
    if (mana_get_position(g, mfn, sizeof mfn) < 0)
        mfn[0] = '\0';
    const struct seen *s = &seen[h];
    if (s->hash != mana_hash(g) || s->status != mana_status(g) || s->nmoves != mana_legal_moves(g, NULL, 0) ||
        strcmp(s->mfn, mfn) != 0) {
        snprintf(msg, size,
                 "after undo to ply %d: '%s' hash %016" PRIx64 " status %d, "
                 "was '%s' hash %016" PRIx64 " status %d",
                 h, mfn, mana_hash(g), mana_status(g), s->mfn, s->hash, s->status);
        return -1;
    }
    return 0;
}

/*
 * A random legal move under one of three policies, drawn per game: uniform;
 * captures first one time in three (short games); never the Damyo capture
 * unless it is the only move (long games, full reserves, blocked sides).
 */
enum policy { UNIFORM, CAPTURES, LONG_GAMES };

static mana_move pick(const mana_game *g, struct rng *r, int policy)
{
    mana_move moves[MANA_MAX_MOVES], some[MANA_MAX_MOVES];
    int n = mana_legal_moves(g, moves, MANA_MAX_MOVES);
    if (n <= 0)
        return MANA_MOVE_NONE;
    int k = 0;
    for (int i = 0; i < n; i++) {
        int victim = MANA_MOVE_KIND(moves[i]) == MANA_MOVE_STEP ? mana_piece_at(g, MANA_MOVE_TO(moves[i])) : 0;
        if (policy == CAPTURES ? victim != 0 : (victim != 'D' && victim != 'd'))
            some[k++] = moves[i];
    }
    if (policy == CAPTURES && k > 0 && rng_below(r, 3) == 0)
        return some[rng_below(r, k)];
    if (policy == LONG_GAMES && k > 0)
        return some[rng_below(r, k)];
    return moves[rng_below(r, n)];
}

/* Composed start positions besides perft.txt's (docs/rules.md's start
 * positions among them), read at start by load_positions: positions with
 * a side blocked or nearly so, so that pass, blocked = draw / loss and
 * re-entry when blocked happen often. */
static const char *const extra_positions[] = {
    "5d/6/6/rrr3/RRRr2/DRr3 w 1 0",
    "5d/6/6/6/rrr3/DRr3 w 2 0",
    "d5/6/6/6/6/D5 w - 0",
    "d5/6/6/6/6/D5 b 2 1",
    "5d/rrrrr1/6/6/1RRRRR/D5 w 3 2",
    /* White walled in at a1 (blocked under orientation 0), in several turns */
    "5d/6/1r4/rRr3/RRRr2/DRr3 w 2 0",
    "5d/6/1r4/rRr3/RRRr2/DRr3 w - 0",
    "5d/6/1r4/rRr3/RRRr2/DRr3 b 1 0",
    "5d/6/1r4/rRr3/RRRr2/DRr3 b 3 0",
    "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 1",
    "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 2",
    "5d/6/1r4/rRr3/RRRr2/DRr3 w 1 3",
    "3rdr/2rRRR/3rRD/6/6/6 b 1 0",
    "3rdr/2rRRR/3rRD/6/6/6 w 2 2",
};
#define NEXTRA (int)(sizeof extra_positions / sizeof extra_positions[0])

/* The composed start positions: perft.txt's, then extra_positions. */
static const char *positions[PERFT_MAX_CASES + NEXTRA];
static int npositions;

/* Fills positions; exits with a message if perft.txt cannot be read. */
static void load_positions(void)
{
    int n = 0;
    const struct perft_case *cases = perft_cases(&n);
    if (cases == NULL) {
        fprintf(stderr, "soak: perft.txt: %s\n", perft_data_error());
        exit(1);
    }
    for (int i = 0; i < n; i++)
        positions[npositions++] = cases[i].mfn;
    for (int i = 0; i < NEXTRA; i++)
        positions[npositions++] = extra_positions[i];
}

static void set_options(mana_game *g, long long game, struct rng *r, int preset, uint64_t seed, struct stats *st)
{
    int blocked = (int)(game % 3);
    int opts[MANA_OPTION_COUNT][2] = {
        {MANA_OPT_BLOCKED, blocked},
        {MANA_OPT_REENTRY, rng_below(r, 4) == 0 ? MANA_REENTRY_MANA_MARK : MANA_REENTRY_ANY},
        {MANA_OPT_REENTRY_WHEN_BLOCKED, rng_below(r, 4) != 0},
        {MANA_OPT_DAMYO_ON_DOUBLE,
         rng_below(r, 4) == 0 ? preset == MANA_RULES_JACTALEA : preset == MANA_RULES_COSMOLUDO},
        {MANA_OPT_SETUP_AREA, rng_below(r, 8) == 0 ? preset == MANA_RULES_JACTALEA : preset == MANA_RULES_COSMOLUDO},
        {MANA_OPT_ORIENTATION, rng_below(r, 8) == 0 ? rng_below(r, 5) - 1 : (preset == MANA_RULES_JACTALEA ? -1 : 3)},
        {MANA_OPT_REPETITION, rng_below(r, 6) == 0 ? 2 + rng_below(r, 3) : 0},
        {MANA_OPT_PLY_LIMIT, rng_below(r, 6) == 0 ? 1 + rng_below(r, 150) : 0},
    };
    st->by_blocked[blocked]++;
    for (int i = 0; i < MANA_OPTION_COUNT; i++) {
        char msg[160];
        int rc = mana_set_option(g, opts[i][0], opts[i][1]);
        if (rc != MANA_OK) {
            snprintf(msg, sizeof msg, "set_option(%d, %d) = %d: %s", opts[i][0], opts[i][1], rc, mana_error_detail());
            die("options", msg, seed, game, preset, g);
        }
    }
}

static void play_game(uint64_t seed, long long game, struct stats *st, long long plies_goal)
{
    struct rng r = {seed ^ (0xA0761D6478BD642Full * (uint64_t)(game + 1))};
    (void)rng_next(&r);
    int preset = (int)((game / 3) % 2);
    mana_game *g = mana_new(preset);
    char msg[600];
    static struct seen seen[MAX_GAME_PLIES + 64];
    if (g == NULL)
        die("mana_new", "NULL", seed, game, preset, NULL);
    set_options(g, game, &r, preset, seed, st);
    int opt_orient = mana_orientation(g);
    if (inv_check(g, INV_ALL, msg, sizeof msg) != 0)
        die("fresh game", msg, seed, game, preset, g);

    /* the start: a composed position one game in three, else a setup by
     * the library's helper or move by move */
    int policy = rng_below(&r, 3);
    int how = rng_below(&r, 3);
    if (how == 0) {
        const char *mfn = positions[rng_below(&r, npositions)];
        int rc = mana_set_position(g, mfn);
        if (rc != MANA_OK) {
            snprintf(msg, sizeof msg, "set_position('%s') = %d: %s", mfn, rc, mana_error_detail());
            die("set_position", msg, seed, game, preset, g);
        }
        st->composed++;
    } else if (how == 1) {
        int rc = mana_setup_random(g, rng_next(&r));
        if (rc != MANA_OK) {
            snprintf(msg, sizeof msg, "setup_random = %d: %s", rc, mana_error_detail());
            die("setup", msg, seed, game, preset, g);
        }
        st->setup_moves += mana_history(g, NULL, 0);
    } else {
        while (mana_status(g) == MANA_SETUP) {
            mana_move m = pick(g, &r, policy);
            if (inv_play_checked(g, m, INV_DEFAULT, msg, sizeof msg) != 0)
                die("setup move", msg, seed, game, preset, g);
            st->setup_moves++;
        }
    }
    if (inv_check(g, INV_ALL, msg, sizeof msg) != 0)
        die("at the start of play", msg, seed, game, preset, g);
    int start = mana_history(g, NULL, 0);
    remember(g, seen);

    int ply = 0;
    while (mana_status(g) == MANA_PLAYING && ply < MAX_GAME_PLIES && st->plies < plies_goal) {
        mana_move m = pick(g, &r, policy);
        unsigned flags = INV_DEFAULT;
        if (rng_below(&r, 200) == 0)
            flags |= INV_ISLEGAL;
        int kind = MANA_MOVE_KIND(m);
        int victim = kind == MANA_MOVE_STEP ? mana_piece_at(g, MANA_MOVE_TO(m)) : 0;
        if (inv_play_checked(g, m, flags, msg, sizeof msg) != 0)
            die("play", msg, seed, game, preset, g);
        st->plies++;
        ply++;
        st->captures += victim != 0;
        st->damyo_captures += victim == 'D' || victim == 'd';
        st->reentries += kind == MANA_MOVE_DROP_RONIN;
        st->passes += kind == MANA_MOVE_PASS;
        remember(g, seen);

        /* now and then, take back a few plies and compare */
        if (rng_below(&r, 40) == 0) {
            int back = 1 + rng_below(&r, 8);
            for (int k = 0; k < back && mana_history(g, NULL, 0) > start; k++) {
                if (mana_undo(g) != MANA_OK)
                    die("undo", mana_error_detail(), seed, game, preset, g);
                if (same_as_seen(g, seen, msg, sizeof msg) != 0)
                    die("undo", msg, seed, game, preset, g);
                st->undos++;
                ply--;
            }
            if (inv_check(g, INV_DEFAULT, msg, sizeof msg) != 0)
                die("after undo", msg, seed, game, preset, g);
        }

        /* now and then, a clone must be equal and independent */
        if (rng_below(&r, 100) == 0) {
            inv_snapshot a, b;
            mana_game *c = mana_clone(g);
            if (c == NULL)
                die("clone", "NULL", seed, game, preset, g);
            inv_snapshot_take(g, &a);
            inv_snapshot_take(c, &b);
            if (inv_snapshot_diff(&a, &b, msg, sizeof msg) != 0)
                die("clone differs", msg, seed, game, preset, g);
            if (mana_status(c) == MANA_PLAYING) {
                if (inv_play_checked(c, pick(c, &r, policy), INV_DEFAULT, msg, sizeof msg) != 0)
                    die("play on clone", msg, seed, game, preset, c);
                inv_snapshot_take(g, &b);
                if (inv_snapshot_diff(&a, &b, msg, sizeof msg) != 0)
                    die("playing on a clone changed the original", msg, seed, game, preset, g);
            }
            mana_free(c);
            st->clones++;
        }
    }
    if (ply > st->longest)
        st->longest = ply;
    st->result[mana_status(g)]++;
    st->games++;

    /* now and then, take the whole game back, setup included */
    if (rng_below(&r, 10) == 0) {
        while (mana_history(g, NULL, 0) > start) {
            if (mana_undo(g) != MANA_OK)
                die("undo all", mana_error_detail(), seed, game, preset, g);
            if (same_as_seen(g, seen, msg, sizeof msg) != 0)
                die("undo all", msg, seed, game, preset, g);
        }
        while (mana_history(g, NULL, 0) > 0)
            if (mana_undo(g) != MANA_OK)
                die("undo setup", mana_error_detail(), seed, game, preset, g);
        if (mana_undo(g) != MANA_ENOHISTORY ||
            (how != 0 && (mana_status(g) != MANA_SETUP || mana_orientation(g) != opt_orient)))
            die("undo past the start", "not ENOHISTORY, or not back to the fresh setup", seed, game, preset, g);
        if (inv_check(g, INV_ALL, msg, sizeof msg) != 0)
            die("after undoing everything", msg, seed, game, preset, g);
    }
    mana_free(g);
}

int main(int argc, char **argv)
{
    long long plies = 1000000, games = -1, first = 0;
    uint64_t seed = 20240601;
    int quiet = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--plies") == 0 && i + 1 < argc)
            plies = strtoll(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--first-game") == 0 && i + 1 < argc)
            first = strtoll(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
            games = strtoll(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--quiet") == 0)
            quiet = 1;
        else {
            fprintf(stderr, "usage: soak [--plies N] [--seed S] [--first-game G] "
                            "[--games K] [--quiet]\n");
            return 2;
        }
    }
    if (games >= 0)
        plies = games > 0 ? (long long)1 << 62 : 0;
    load_positions();
    struct stats st;
    memset(&st, 0, sizeof st);
    clock_t t0 = clock();
    for (long long game = first; st.plies < plies && (games < 0 || game < first + games); game++) {
        play_game(seed, game, &st, plies);
        if (!quiet && st.games % 2000 == 0)
            fprintf(stderr, "soak: %lld games, %lld plies\n", st.games, st.plies);
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("soak: OK: %lld plies of play (+%lld setup moves) in %lld games (%lld from "
           "composed positions), %.1f s CPU (%.0f plies/s), seed %" PRIu64 "\n",
           st.plies, st.setup_moves, st.games, st.composed, secs, secs > 0 ? (double)st.plies / secs : 0.0, seed);
    printf("soak: results white %lld, black %lld, drawn %lld, unfinished %lld; blocked "
           "pass/draw/loss games %lld/%lld/%lld\n",
           st.result[MANA_WHITE_WON], st.result[MANA_BLACK_WON], st.result[MANA_DRAWN], st.result[MANA_PLAYING],
           st.by_blocked[0], st.by_blocked[1], st.by_blocked[2]);
    printf("soak: %lld captures (%lld of a Damyo), %lld re-entries, %lld passes, %lld undos, "
           "%lld clones, longest game %d plies\n",
           st.captures, st.damyo_captures, st.reentries, st.passes, st.undos, st.clones, st.longest);
    return 0;
}
