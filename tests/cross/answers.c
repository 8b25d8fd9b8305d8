/* SPDX-License-Identifier: MIT */
/*
 * answers - the deterministic answers of the public API (include/mana.h,
 * include/mana_ml.h, include/mana_bot.h), printed so that two platforms
 * can be compared line for line: seeded random games (moves, action ids,
 * observations and masks, Zobrist hashes, records, SVG), perft, batch
 * playouts, and the bots' moves, scores and lines at depth, node and
 * playout limits on one thread.  Long texts are printed as their length
 * and FNV-1a hash, with enough plain text beside them to start looking.
 * tests/data/answers-x86_64.txt holds x86-64's output; tests/cross/answers.sh
 * (make cross-answers) compares every target with it.
 *
 *   answers        no arguments; exit 1 if a call fails
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mana.h>
#include <mana_bot.h>

static void die(const char *what, int rc)
{
    printf("FAILED: %s: %d (%s)\n", what, rc, mana_error_detail());
    exit(1);
}

/* Returns rc, or stops the program if it is an error (< 0). */
static int ok(const char *what, int rc)
{
    if (rc < 0)
        die(what, rc);
    return rc;
}

/* FNV-1a, 64 bits, continuing from h (start: FNV_START). */
#define FNV_START UINT64_C(0xcbf29ce484222325)
static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    return h;
}

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    unsigned char b[8]; /* little-endian whatever the machine */
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    return fnv(h, b, sizeof b);
}

/* The next of a seeded xorshift64* sequence (state never 0). */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UINT64_C(2685821657736338717);
}

/* Prints a text's length, hash and first line (up to 100 bytes). */
static void print_text(const char *label, const char *text)
{
    size_t n = strlen(text), first = strcspn(text, "\n");
    printf("  %s: %zu bytes fnv %016" PRIx64 " \"%.*s\"\n", label, n, fnv(FNV_START, text, n),
           (int)(first < 100 ? first : 100), text);
}

/* One ply's answers folded into *h: the move's text and action id, the
 * hash before it, the observations from both views and the legal mask. */
static void fold_ply(const mana_game *g, mana_move m, uint64_t *h)
{
    static uint8_t obs[MANA_OBSERVATION_SIZE], mask[MANA_ACTION_COUNT];
    char text[32];
    ok("mana_move_format", mana_move_format(g, m, text, sizeof text));
    *h = fnv(*h, text, strlen(text) + 1);
    *h = fnv_u64(*h, (uint64_t)(int64_t)ok("mana_move_to_action", mana_move_to_action(g, m)));
    *h = fnv_u64(*h, mana_hash(g));
    for (int flags = MANA_OBS_ABSOLUTE; flags <= MANA_OBS_SIDE_TO_MOVE; flags++) {
        ok("mana_observation", mana_observation(g, flags, obs, sizeof obs));
        *h = fnv(*h, obs, sizeof obs);
    }
    ok("mana_legal_action_mask", mana_legal_action_mask(g, mask, sizeof mask));
    *h = fnv(*h, mask, sizeof mask);
}

/* The texts of a finished game: history, record, board, SVG. */
static void print_game_texts(const mana_game *g, int preset)
{
    static char buf[1 << 16];
    mana_record_headers hdr;
    ok("mana_history_format", mana_history_format(g, buf, sizeof buf));
    print_text("history", buf);
    ok("mana_record_headers_init", mana_record_headers_init(&hdr, preset));
    ok("mana_record_write", mana_record_write(g, &hdr, buf, sizeof buf));
    print_text("record", buf);
    ok("mana_board_text", mana_board_text(g, 0, buf, sizeof buf));
    print_text("board", buf);
    ok("mana_svg", mana_svg(g, 0, 0, buf, sizeof buf));
    print_text("svg", buf);
    ok("mana_svg flipped", mana_svg(g, 200, MANA_SVG_FLIPPED | MANA_SVG_NO_CAPTION, buf, sizeof buf));
    print_text("svg flipped 200", buf);
}

/* A game set up by mana_setup_random(seed), then random legal moves drawn
 * from a sequence seeded by seed, to its end or 200 plies. */
static void random_game(int preset, uint64_t seed)
{
    mana_game *g = mana_new(preset);
    if (g == NULL)
        die("mana_new", MANA_ENOMEM);
    char mfn[128];
    ok("mana_set_option", mana_set_option(g, MANA_OPT_PLY_LIMIT, 200));
    ok("mana_setup_random", mana_setup_random(g, seed));
    ok("mana_get_position", mana_get_position(g, mfn, sizeof mfn));
    printf("game preset %d seed %" PRIu64 ": start %s hash %016" PRIx64 "\n", preset, seed, mfn, mana_hash(g));
    uint64_t s = seed | 1, h = FNV_START;
    int plies = 0;
    mana_move moves[MANA_MAX_MOVES];
    while (ok("mana_status", mana_status(g)) == MANA_PLAYING) {
        int n = ok("mana_legal_moves", mana_legal_moves(g, moves, MANA_MAX_MOVES));
        mana_move m = moves[next_random(&s) % (uint64_t)n];
        fold_ply(g, m, &h);
        ok("mana_play", mana_play(g, m));
        plies++;
    }
    ok("mana_get_position", mana_get_position(g, mfn, sizeof mfn));
    printf("  %d plies, status %d, end %d, plies fnv %016" PRIx64 "\n", plies, mana_status(g), mana_end_reason(g), h);
    printf("  end %s hash %016" PRIx64 "\n", mfn, mana_hash(g));
    print_game_texts(g, preset);
    mana_free(g);
}

static void perft_at(const char *mfn, int depth)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    if (g == NULL)
        die("mana_new", MANA_ENOMEM);
    ok(mfn, mana_set_position(g, mfn));
    printf("perft %s:", mfn);
    for (int d = 1; d <= depth; d++) {
        uint64_t leaves;
        ok("mana_perft", mana_perft(g, d, &leaves));
        printf(" D%d %" PRIu64, d, leaves);
    }
    printf("\n");
    mana_free(g);
}

static void batch_playouts(uint64_t seed)
{
    mana_game *start = mana_new(MANA_RULES_JACTALEA);
    if (start == NULL)
        die("mana_new", MANA_ENOMEM);
    ok("mana_set_option", mana_set_option(start, MANA_OPT_PLY_LIMIT, 300));
    mana_batch *b = mana_batch_new(start, 8, seed, MANA_BATCH_RANDOM_SETUP);
    if (b == NULL)
        die("mana_batch_new", MANA_ENOMEM);
    int32_t results[8], plies[8];
    ok("mana_batch_playout", mana_batch_playout(b, results, plies));
    printf("batch seed %" PRIu64 ":", seed);
    for (int i = 0; i < 8; i++)
        printf(" %d/%d", (int)results[i], (int)plies[i]);
    printf("\n");
    mana_batch_free(b);
    mana_free(start);
}

/* One bot's answer at mfn under the limits; what says which limit. */
static void bot_answer(const char *kind, const char *mfn, const mana_bot_limits *lim, const char *what)
{
    mana_game *g = mana_new(MANA_RULES_COSMOLUDO);
    mana_bot *b = mana_bot_new(kind, 12345);
    if (g == NULL || b == NULL)
        die("mana_new / mana_bot_new", MANA_ENOMEM);
    if (mfn != NULL)
        ok(mfn, mana_set_position(g, mfn));
    else
        mfn = "the start (setup)";
    ok("Threads", mana_bot_set_option(b, "Threads", "1"));
    mana_bot_result r;
    ok("mana_bot_choose", mana_bot_choose(b, g, lim, &r));
    char move[32], pv[1024];
    const mana_bot_line *l = &r.info.line;
    ok("mana_move_format", mana_move_format(g, r.move, move, sizeof move));
    ok("mana_bot_pv_format", mana_bot_pv_format(g, l->pv, l->pv_len, pv, sizeof pv));
    printf("bot %s %s at %s: %s score %d mate %d depth %d seldepth %d nodes %" PRIu64 " iterations %" PRIu64
           " win %.9f\n  pv %s\n",
           kind, what, mfn, move, l->score_cp, l->mate, l->depth, l->seldepth, r.info.nodes, r.info.iterations,
           l->win_rate, pv);
    mana_bot_free(b);
    mana_free(g);
}

static void bots_at(const char *mfn)
{
    mana_bot_limits lim;
    mana_bot_limits_init(&lim);
    lim.depth = 5;
    bot_answer("ab", mfn, &lim, "depth 5");
    mana_bot_limits_init(&lim);
    lim.nodes = 20000;
    bot_answer("ab", mfn, &lim, "nodes 20000");
    mana_bot_limits_init(&lim);
    lim.iterations = 3000;
    bot_answer("mcts", mfn, &lim, "playouts 3000");
    mana_bot_limits_init(&lim);
    lim.nodes = 4000;
    bot_answer("mcts", mfn, &lim, "nodes 4000");
    mana_bot_limits_init(&lim);
    lim.depth = 1;
    bot_answer("random", mfn, &lim, "depth 1");
}

int main(void)
{
    static const uint64_t seeds[] = {
        1, 7, 20240601, UINT64_C(4294967297), UINT64_C(9007199254740993), UINT64_C(18446744073709551615)};
    static const char *const play[] = {
        "1r1r2/R1dR2/1r4/3rrD/2R1R1/3R2 b 3 2", "2d3/6/2R1r1/1r4/3D2/6 b 3 3",     "4rr/3R2/2rD2/2r1dr/1R4/1R2R1 w 1 0",
        "rrrdrr/6/6/6/6/DRRRRR b - 3",          "d5/3r2/5D/3r2/1R1R2/1RR2r b 2 1",
    };
    printf("libmana %s\n", mana_version());
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++)
        for (int preset = MANA_RULES_JACTALEA; preset <= MANA_RULES_COSMOLUDO; preset++)
            random_game(preset, seeds[i]);
    perft_at("rrdrrr/6/6/6/6/RRRDRR b - 0", 4);
    for (size_t i = 0; i < sizeof play / sizeof *play; i++)
        perft_at(play[i], 4);
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++)
        batch_playouts(seeds[i]);
    for (size_t i = 0; i < sizeof play / sizeof *play; i++)
        bots_at(play[i]);
    bots_at(NULL);
    return 0;
}
