/* SPDX-License-Identifier: MIT */
/*
 * match.h - shared by the files of `mana-cli match`, the tournament runner.
 * The files in data-flow order: each calls only files above it (and
 * cli/'s shared files: common.c, options.c, the platform layer).
 *
 *   match_clock.c     time controls and the runner's clocks
 *   match_stats.c     score, Elo and LOS from the pentanomial model, GSPRT
 *   match_tally.c     the results table as numbers: game slots, W-D-L and
 *                     pentanomial tallies, the SPRT prefix, what counts
 *   match_player.c    players: built-in bots, external engines as processes
 *                     speaking docs/engine-protocol.md
 *   match_json.c      the game records and the JSON summary, written to
 *                     temporary names of their own run, then renamed
 *   match_game.c      one game between two players, faults as results
 *   match_output.c    progress, the tables
 *   match_journal.c   the journal: created once, locked, loaded on
 *                     --resume, one line a game, the SPRT decision
 *   match_sched.c     pairings, worker threads, --pairs, the SPRT stop,
 *                     where each record goes (counted or not)
 *   match_cmd.c       options, the whole run (cmd_match)
 */
#ifndef MANA_CLI_MATCH_H
#define MANA_CLI_MATCH_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include <mana_bot.h>

#include "../options.h"

#define MATCH_MAX_PLAYERS 32
#define MATCH_MAX_OPTS 16

/* ---- time controls (match_clock.c) ---- */

typedef struct time_control {
    int clock;           /* 1: moves/time+inc clocks; 0: fixed limits */
    int moves;           /* moves per period (0: the whole game) */
    long long base_ms;   /* time per period */
    long long inc_ms;    /* increment per move */
    long long margin_ms; /* lateness forgiven (network, scheduler) */
} time_control;

typedef struct game_clock {
    long long left_ms[2]; /* by colour */
    int moves_made[2];
} game_clock;

/* Parses "40/60+0.5", "60+1", "10" (seconds, decimals to the millisecond:
 * "10+0.0001" is refused, not rounded to 10+0) into *tc, keeping its
 * margin.  Returns 0 or -1. */
int tc_parse(const char *text, time_control *tc);
/* Writes a clock tc as tc_parse reads it, in the shortest exact form
 * ("40/60+0.5", "10+0.001", "0.25+0"); returns snprintf's count. */
int tc_format(const time_control *tc, char *buf, size_t size);
/* "40/60+0.5 s", or "fixed limits" without clocks. */
void tc_describe(const time_control *tc, char *buf, size_t size);
void clock_start(game_clock *c, const time_control *tc);
/* Moves the side has to play before its next time period (0: none). */
int clock_moves_to_go(const game_clock *c, const time_control *tc, int side);
/* Charges used_ms to side.  Returns 0, or -1 if its flag fell. */
int clock_charge(game_clock *c, const time_control *tc, int side, long long used_ms);

/* ---- players (match_player.c) ---- */

typedef struct player_spec {
    char name[64];
    int external;   /* 0: built-in bot, 1: command */
    char kind[16];  /* built-in: ab, mcts, random */
    char cmd[1024]; /* external: run by /bin/sh -c */
    cli_limits lim; /* built-in: its own limits (zero: the match's) */
    int nopt;
    char opt_name[MATCH_MAX_OPTS][64], opt_value[MATCH_MAX_OPTS][256];
} player_spec;

/* One running instance of a spec, owned by one worker thread. */
typedef struct player {
    const player_spec *spec;
    struct plat_proc *proc; /* an external engine: NULL when not running */
    char buf[8192];
    size_t len;
    int in_long_line; /* the buffer holds the rest of a line longer than buf */
    int has_seed;     /* the engine advertised a Seed option */
    mana_bot *bot;    /* built-in: the bot of the current game */
} player;

/* What a player is asked for one move. */
typedef struct move_request {
    const mana_game *game;
    const char *start_mfn; /* "" when the game started at setup */
    const char *moves;     /* the moves since the start, as text */
    const time_control *tc;
    const game_clock *clock;
    cli_limits fixed;     /* the match's fixed limits */
    long long timeout_ms; /* hang limit without clocks */
    uint64_t seed;        /* built-in bots: the seed of this game */
} move_request;

/* Starts the engine if it does not run (handshake, rule options, its own
 * options).  Returns 0, -1 with the engine's fault in why, or -2 when the
 * runner could not start a process (no pipe, no fork after retries: why
 * says so; the game must not be scored). */
int player_ensure(player *p, int preset, const mana_game *rules, char *why, size_t size);
/* The engine's Seed option (a spin, 0..4294967295) for a game's 64-bit
 * seed: the high half xor the low half, so every bit of the game's seed
 * counts (the low half alone would give two games whose seeds differ only
 * above bit 31 the same engine seed). */
static inline uint32_t match_engine_seed(uint64_t game_seed)
{
    return (uint32_t)(game_seed >> 32) ^ (uint32_t)game_seed;
}

/* Begins a game: newgame (and the game's Seed, match_engine_seed, when
 * advertised), isready.  Returns 0 or -1 (why). */
int player_newgame(player *p, uint64_t seed, char *why, size_t size);
/* Asks for a move.  Returns 0 with *out and the thinking time in
 * *used_ms, or -1 with the fault in why (crash, hang, garbage, no move). */
int player_move(player *p, const move_request *rq, mana_move *out, long long *used_ms, char *why, size_t size);
/* Makes an interruption of the runner (SIGINT, SIGTERM, SIGHUP) kill
 * every engine first, and ignores SIGPIPE.  With a journal (not NULL), the
 * interruption also prints on stderr that --resume continues the match
 * from it.  Call before any other thread starts. */
void player_signals(const char *journal);
/* Kills the process (and its process group) and reaps it. */
void player_kill(player *p);
/* Sends quit, waits a moment, then kills. */
void player_close(player *p);

/* ---- statistics (match_stats.c) ---- */

/* Pair scores 0, 1/2, 1, 3/2, 2 of the first player: penta[0] = both
 * lost ... penta[4] = both won (fishtest's order LL, LD+DL, LW+DD+WL,
 * DW+WD, WW). */
typedef struct elo_estimate {
    double score; /* mean score a game, 0..1 */
    double elo;   /* logistic Elo */
    double elo95; /* half the 95% interval's width (fishtest's +-) */
    /* The 95% interval's bounds: the Elo of the score's normal interval,
     * mean +- 1.96 se, so not elo -+ elo95 (the logistic curve bends
     * them); -inf / +inf where it passes a score of 0 or 1. */
    double elo_lo, elo_hi;
    double los;  /* likelihood of superiority, 0..1 */
    int defined; /* 0: fewer than 2 pairs (games), or all in one cell: the
                    variance is zero, elo95, the bounds and los mean nothing */
} elo_estimate;

/* Elo as text: "+12.3", never "-0.0" (decimals 0 or 1); buf of 16. */
const char *stats_elo_text(double elo, int decimals, char *buf, size_t size);

void stats_elo_penta(const long penta[5], elo_estimate *out);
void stats_elo_trinomial(const long wdl[3], elo_estimate *out); /* W, D, L */
/* Generalised log-likelihood ratio of elo1 against elo0 (fishtest's
 * LLR_logistic, or LLR_normalized with normalized = 1). */
double stats_llr_penta(const long penta[5], double elo0, double elo1, int normalized);

typedef struct sprt_spec {
    int on;
    double elo0, elo1, alpha, beta;
    int normalized; /* model: 0 logistic, 1 normalized */
} sprt_spec;

int sprt_parse(const char *text, sprt_spec *s, char *why, size_t size);
/* 1 accept H1, -1 accept H0, 0 continue; bounds in *lo, *hi. */
int sprt_decide(const sprt_spec *s, double llr, double *lo, double *hi);

/* ---- the match ---- */

typedef struct game_result {
    int done;         /* 1 once played (or read from the journal) */
    int white, black; /* player indices */
    int status;       /* MANA_WHITE_WON, MANA_BLACK_WON, MANA_DRAWN */
    int plies;
    int fault; /* 1: lost by a fault (crash, hang, time, ...) */
    char reason[256];
} game_result;

typedef struct pairing {
    int a, b; /* a is "first": White in the pair's first game */
} pairing;

/* Where a game's record is: DIR/game-NNN.mana (counted), DIR/pending/
 * (finished, not yet known to count: its pair is beyond the SPRT's
 * complete prefix), DIR/uncounted/ (finished after the SPRT decided). */
enum { RECORD_COUNTED, RECORD_PENDING, RECORD_UNCOUNTED };

typedef struct match {
    /* settings, read-only once the workers run */
    int nplayers, current; /* current: the player --name and --opt apply to */
    player_spec players[MATCH_MAX_PLAYERS];
    int gauntlet; /* 1: player 0 against each other; 0: round robin */
    int games;    /* games per pairing (even for paired openings) */
    int npairings;
    pairing pairings[MATCH_MAX_PLAYERS * (MATCH_MAX_PLAYERS - 1) / 2];
    cli_limits lim; /* fixed limits for everyone */
    time_control tc;
    long long timeout_ms;
    uint64_t seed;
    int preset;                                                 /* MANA_RULES_* */
    int rule[MANA_OPTION_COUNT], rule_given[MANA_OPTION_COUNT]; /* rule options set */
    int setup_mode;                                             /* 0 bots choose, 1 random, 2 openings file */
    char **openings;                                            /* lines of the openings file */
    int *opening_lines;                                         /* their line numbers in the file */
    int nopenings;
    const char *records, *journal, *json;
    const char *from_journal;  /* --from-journal: read it, play nothing */
    int first_game, last_game; /* --pairs: the games (0-based, inclusive) this run plays */
    int resume, jobs, progress_tty, quiet;
    sprt_spec sprt;
    char settings[2048]; /* fingerprint written to the journal */
    /* shared state, under lock */
    pthread_mutex_t lock;
    int total, next, done_count, stop, fatal;
    int sprt_result;                /* 1 H1, -1 H0, 0 none */
    int sprt_pairs;                 /* pairs counted: the complete prefix, or at the decision */
    int started[MATCH_MAX_PLAYERS]; /* 1 once the player completed a handshake */
    double llr;
    FILE *journal_fp;
    struct timespec start;
    game_result *results;
} match;

/* match_tally.c: the table of results, read under the lock (or once the
 * workers are done). */
void match_game_slot(const match *m, int i, int *pi, int *k);
/* Pentanomial and W-D-L of pairing pi from the first player's view,
 * counting the complete pairs of its first max_pairs pairs (-1: all). */
void match_tally(const match *m, int pi, int max_pairs, long penta[5], long wdl[3]);
/* The LLR over the first pairs pairs of pairing 0. */
double match_prefix_llr(const match *m, int pairs);
/* The pairs the statistics count (the prefix at the SPRT's decision), or
 * -1: every game. */
int match_counted_pairs(const match *m);
/* 1 if finished game i counts (0: it finished after the SPRT decided). */
int match_counted(const match *m, int i);

/* match_json.c.  Records go to DIR (m->records) through a temporary name
 * of this run (".game-NNN.mana.PID.tmp"), renamed when whole; -1 with the
 * error printed (a runner fault: the game is not scored). */
int match_write_record(const match *m, int i, const mana_game *g, const game_result *r, int where);
/* Moves game i's record from DIR/pending/ to where; a record that is not
 * there (no --records, or moved already) is no error. */
void match_move_record(const match *m, int i, int where);
/* The --records directory: made if missing; refused (-1, why printed)
 * when it holds files and this is no --resume. */
int match_records_check(const match *m);
int match_write_json(const match *m, double secs);

/* match_game.c; -1 stops the match (an engine that never started, no
 * memory, a process the runner could not start): the game is not played
 * and not scored.  On 0, *out is the finished game (the caller frees it). */
int match_play_game(match *m, player *pl, int i, game_result *res, mana_game **out);
mana_game *match_new_game(const match *m);

/* match_output.c */
void match_progress(match *m);
void match_report(const match *m, double secs);

/* match_journal.c.  The journal's first line is the settings; then a line
 * a finished game; "decision" lines mark the SPRT's decision.  A fresh
 * journal is written to a temporary name and linked into place, so that
 * it never replaces a file; the journal is locked (flock) while the run
 * lasts.  journal_open refuses (-1, why printed) a journal that exists
 * without --resume, one of other settings, one in use by another run. */
int journal_open(match *m);
/* One line per finished game, on disk (fsync) before the game counts:
 * -1 (why printed) if it could not be written. */
int journal_add(match *m, int i, const game_result *r);
void journal_decision(match *m);
void journal_close(match *m);

/* match_sched.c */
int match_run(match *m);

#endif
