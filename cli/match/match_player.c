/* SPDX-License-Identifier: MIT */
/*
 * match_player.c - the players of `mana-cli match`.  A built-in bot runs in
 * the worker's thread; an external engine is a process started by
 * plat_spawn (cli/platform.h: /bin/sh -c 'CMD' on POSIX) in a group of its
 * own, killed whole, spoken to through two pipes in the protocol of
 * docs/engine-protocol.md.  Every wait has a deadline, so a hung engine
 * costs its time and no more; a dead engine is
 * reaped (no zombies); faults come back as a reason, for the game to be
 * scored and the engine restarted.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match.h"
#include "../platform.h"

#define HANDSHAKE_MS 10000 /* mana -> manaok, isready -> readyok */
#define SPAWN_TRIES 5      /* waits of 0.1, 0.2, 0.4, 0.8 s between them */

static const char *resume_journal; /* the hint after an interruption, or NULL */

/* Said on SIGINT, SIGTERM or SIGHUP, once the engines are killed (the
 * journal is on disk, so the match can be resumed). */
static void say_interrupted(int sig)
{
    (void)sig;
    if (resume_journal != NULL)
        fprintf(stderr, "%smana-cli match: interrupted; the same command with --resume continues the match from %s\n",
                isatty(STDERR_FILENO) ? "\n" : "", resume_journal); /* after the progress line */
}

void player_signals(const char *journal)
{
    resume_journal = journal;
    plat_stop_runner(say_interrupted);
}

/* Starts the engine (platform.h: plat_spawn).  Returns 0, or -1 with
 * errno (no pipe, no process: the runner's fault, not the engine's);
 * *what names the call that failed. */
static int spawn(player *p, const char **what)
{
    p->proc = plat_spawn(p->spec->cmd, what);
    if (p->proc == NULL)
        return -1;
    p->len = 0;
    p->in_long_line = 0;
    p->has_seed = 0;
    return 0;
}

/* How the process ended, once it has (waits up to 500 ms for it).  A
 * write the engine's closed pipe refused and a read that met the end of
 * its output are the same event seen at different moments: both are
 * described by the process's exit, so a message never depends on timing. */
static void describe_exit(player *p, char *why, size_t size, const char *what)
{
    plat_exit how = {0, 0, 0};
    for (int k = 0; k < 50 && p->proc != NULL; k++) {
        plat_proc_exit(p->proc, &how);
        if (how.ended)
            break;
        plat_sleep_ms(10);
    }
    if (!how.ended) {
        snprintf(why, size, "%s", what);
        return;
    }
    plat_proc_kill(p->proc); /* with what the shell left in the group */
    p->proc = NULL;
    if (how.signal != 0)
        snprintf(why, size, "%s (killed by signal %d)", what, how.signal);
    else
        snprintf(why, size, "%s (exit status %d)", what, how.status);
}

void player_kill(player *p)
{
    if (p->proc != NULL)
        plat_proc_kill(p->proc);
    p->proc = NULL;
    p->len = 0;
    p->in_long_line = 0;
    mana_bot_free(p->bot);
    p->bot = NULL;
}

static int send_line(player *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(CLI_PRINTF, 2, 3)))
#endif
    ;

static int send_line(player *p, const char *fmt, ...)
{
    char line[65536];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1)
        return -1;
    line[n++] = '\n';
    return p->proc != NULL ? plat_proc_write(p->proc, line, (size_t)n) : -1;
}

/* Reads one line (without the newline) by deadline_ms.  Returns 1, 0 on
 * timeout, -1 at end of output.  A line longer than the buffer is one
 * line all the same (the protocol's lines may be of any length): its
 * start is returned, the rest of it is read and dropped.  A line with a
 * NUL byte in it comes back as "(a line with a NUL byte)", garbage to
 * every caller, as the engine session refuses such lines. */
static int read_line(player *p, long long deadline_ms, char *line, size_t size)
{
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (p->in_long_line && p->len > 0) { /* the tail of a line already returned */
            size_t used = nl != NULL ? (size_t)(nl - p->buf) + 1 : p->len;
            memmove(p->buf, p->buf + used, p->len - used);
            p->len -= used;
            p->in_long_line = nl == NULL;
            continue;
        }
        if (nl != NULL || p->len == sizeof p->buf) {
            size_t n = nl != NULL ? (size_t)(nl - p->buf) : p->len;
            size_t keep = n < size ? n : size - 1;
            memcpy(line, p->buf, keep);
            line[keep] = '\0';
            if (memchr(line, '\0', keep) != NULL) /* its words after the NUL would pass unseen */
                snprintf(line, size, "(a line with a NUL byte)");
            else if (keep > 0 && line[keep - 1] == '\r')
                line[keep - 1] = '\0';
            size_t used = nl != NULL ? n + 1 : n;
            memmove(p->buf, p->buf + used, p->len - used);
            p->len -= used;
            p->in_long_line = nl == NULL;
            return 1;
        }
        long long left = deadline_ms - plat_now_ms();
        if (left <= 0)
            return 0;
        long k = p->proc != NULL ? plat_proc_read(p->proc, p->buf + p->len, sizeof p->buf - p->len, left) : -1;
        if (k <= 0)
            return (int)k;
        p->len += (size_t)k;
    }
}

/* Reads up to a line starting with word (the last one in *line).  Error
 * lines and garbage fail with why.  Returns 0 or -1. */
static int expect(player *p, const char *word, long long deadline_ms, char *line, size_t lsize, char *why, size_t size)
{
    size_t wl = strlen(word);
    for (;;) {
        int r = read_line(p, deadline_ms, line, lsize);
        if (r == 0) {
            snprintf(why, size, "no '%s' in time", word);
            return -1;
        }
        if (r < 0) {
            describe_exit(p, why, size, "engine crashed");
            return -1;
        }
        if (strncmp(line, word, wl) == 0 && (line[wl] == '\0' || line[wl] == ' '))
            return 0;
        if (strncmp(line, "info string error", 17) == 0) {
            snprintf(why, size, "engine error: %.120s", line);
            return -1;
        }
        if (strcmp(word, "manaok") == 0 && strncmp(line, "option name Seed ", 17) == 0)
            p->has_seed = 1;
    }
}

/* Rules, then the rule options that differ from the preset's. */
static int send_rules(player *p, int preset, const mana_game *rules)
{
    mana_game *base = mana_new(preset);
    int rc = send_line(p, "setoption name Rules value %s", preset == MANA_RULES_COSMOLUDO ? "cosmoludo" : "jactalea");
    for (int opt = 0; opt < MANA_OPTION_COUNT && base != NULL; opt++) {
        int v = 0, d = 0;
        mana_get_option(rules, opt, &v);
        mana_get_option(base, opt, &d);
        if (v != d) {
            char text[32];
            mana_option_format(opt, v, text, sizeof text);
            rc |= send_line(p, "setoption name %s value %s", mana_option_name(opt), text);
        }
    }
    mana_free(base);
    return base == NULL ? -1 : rc;
}

int player_ensure(player *p, int preset, const mana_game *rules, char *why, size_t size)
{
    char line[1024];
    if (!p->spec->external || p->proc != NULL)
        return 0;
    player_kill(p); /* closes what an earlier run left */
    const char *what = "";
    int rc = -1;
    for (int tries = 0; tries < SPAWN_TRIES && (rc = spawn(p, &what)) < 0; tries++)
        if (errno == EAGAIN || errno == ENOMEM || errno == EMFILE || errno == ENFILE)
            plat_sleep_ms(100L << tries); /* out of processes or descriptors: wait, try again */
        else
            break;
    if (rc < 0) {
        snprintf(why, size, "runner fault: cannot start '%.200s' (%s: %s)", p->spec->cmd, what, strerror(errno));
        return -2;
    }
    long long t0 = plat_now_ms();
    if (send_line(p, "mana") < 0) {
        describe_exit(p, why, size, "engine crashed");
        goto fail;
    }
    if (expect(p, "manaok", t0 + HANDSHAKE_MS, line, sizeof line, why, size) < 0)
        goto fail;
    rc = send_rules(p, preset, rules);
    for (int k = 0; k < p->spec->nopt; k++)
        rc |= send_line(p, "setoption name %s value %s", p->spec->opt_name[k], p->spec->opt_value[k]);
    if (rc < 0 || send_line(p, "isready") < 0) {
        describe_exit(p, why, size, "engine crashed");
        goto fail;
    }
    if (expect(p, "readyok", plat_now_ms() + HANDSHAKE_MS, line, sizeof line, why, size) < 0)
        goto fail;
    return 0;
fail : {
    char tmp[300];
    snprintf(tmp, sizeof tmp, "%s", why);
    snprintf(why, size, "start-up failed: %s", tmp);
}
    player_kill(p);
    return -1;
}

int player_newgame(player *p, uint64_t seed, char *why, size_t size)
{
    char line[1024];
    if (!p->spec->external) {
        mana_bot_free(p->bot);
        p->bot = mana_bot_new(p->spec->kind, seed);
        for (int k = 0; p->bot != NULL && k < p->spec->nopt; k++) /* --opt Hash=... */
            if (mana_bot_set_option(p->bot, p->spec->opt_name[k], p->spec->opt_value[k]) != MANA_OK) {
                mana_bot_free(p->bot);
                p->bot = NULL;
            }
        if (p->bot == NULL)
            snprintf(why, size, "%s", mana_bot_error_detail());
        return p->bot == NULL ? -1 : 0;
    }
    int rc = send_line(p, "newgame");
    if (p->has_seed)
        rc |= send_line(p, "setoption name Seed value %lu", (unsigned long)match_engine_seed(seed));
    if (rc < 0 || send_line(p, "isready") < 0) {
        describe_exit(p, why, size, "engine crashed");
        return -1;
    }
    return expect(p, "readyok", plat_now_ms() + HANDSHAKE_MS, line, sizeof line, why, size);
}

/* The `go` of a request: the clocks, or the fixed limits. */
static void go_words(const move_request *rq, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "go");
    if (rq->tc->clock) {
        int side = mana_side_to_move(rq->game);
        n += (size_t)snprintf(buf + n, size - n, " wtime %lld btime %lld winc %lld binc %lld",
                              rq->clock->left_ms[MANA_WHITE], rq->clock->left_ms[MANA_BLACK], rq->tc->inc_ms,
                              rq->tc->inc_ms);
        int togo = clock_moves_to_go(rq->clock, rq->tc, side);
        if (togo > 0)
            snprintf(buf + n, size - n, " movestogo %d", togo);
        return;
    }
    const cli_limits *l = &rq->fixed;
    if (l->time_ms > 0)
        n += (size_t)snprintf(buf + n, size - n, " movetime %d", l->time_ms);
    if (l->depth > 0)
        n += (size_t)snprintf(buf + n, size - n, " depth %d", l->depth);
    if (l->nodes > 0)
        n += (size_t)snprintf(buf + n, size - n, " nodes %llu", (unsigned long long)l->nodes);
    if (l->iterations > 0)
        snprintf(buf + n, size - n, " iterations %llu", (unsigned long long)l->iterations);
}

/* How long the runner waits for a bestmove before calling it a hang. */
static long long wait_limit(const move_request *rq)
{
    if (rq->tc->clock)
        return rq->clock->left_ms[mana_side_to_move(rq->game)] + rq->tc->margin_ms;
    if (rq->fixed.time_ms > 0 && rq->fixed.depth == 0 && rq->fixed.nodes == 0 && rq->fixed.iterations == 0)
        return rq->fixed.time_ms + rq->tc->margin_ms + 1000;
    return rq->timeout_ms;
}

/* Reads the answer to go: info lines are skipped, anything else that is
 * not bestmove is garbage. */
static int read_bestmove(player *p, const move_request *rq, long long t0, mana_move *out, char *why, size_t size)
{
    char line[1024];
    long long limit = wait_limit(rq);
    for (;;) {
        int r = read_line(p, t0 + (limit < 0 ? 0 : limit), line, sizeof line);
        if (r == 0) {
            snprintf(why, size, "no move in %lld ms (hung or lost on time)", limit);
            return -1;
        }
        if (r < 0) {
            describe_exit(p, why, size, "engine crashed");
            return -1;
        }
        if (strncmp(line, "info", 4) == 0 && (line[4] == ' ' || line[4] == '\0'))
            continue;
        if (strcmp(line, "readyok") == 0)
            continue;
        if (strncmp(line, "bestmove ", 9) != 0) {
            snprintf(why, size, "garbage instead of bestmove: '%.60s'", line);
            return -1;
        }
        char text[64] = "";
        sscanf(line + 9, "%63s", text);
        int rc = mana_move_parse(rq->game, text, out);
        if (rc != MANA_OK) {
            snprintf(why, size, "illegal move '%.20s': %s", text,
                     rc == MANA_EPARSE ? "not move notation" : mana_error_detail());
            return -1;
        }
        return 0;
    }
}

static int external_move(player *p, const move_request *rq, mana_move *out, long long *used, char *why, size_t size)
{
    char go[200];
    int rc = rq->start_mfn[0]
                 ? send_line(p, "position mfn %s%s%s", rq->start_mfn, rq->moves[0] ? " moves " : "", rq->moves)
                 : send_line(p, "position startpos%s%s", rq->moves[0] ? " moves " : "", rq->moves);
    go_words(rq, go, sizeof go);
    long long t0 = plat_now_ms();
    if (rc < 0 || send_line(p, "%s", go) < 0) {
        describe_exit(p, why, size, "engine crashed");
        return -1;
    }
    rc = read_bestmove(p, rq, t0, out, why, size);
    *used = plat_now_ms() - t0;
    return rc;
}

/* A built-in bot under the same rules: on the clock (the bots' time
 * manager, mana_bot_time_budget, spends it), else its own or the match's
 * fixed limits. */
static int builtin_move(player *p, const move_request *rq, mana_move *out, long long *used, char *why, size_t size)
{
    cli_limits fixed = p->spec->lim;
    mana_bot_limits lim;
    if (rq->tc->clock) {
        fixed.time_ms = 0; /* the clock sets the move time; the other limits stay */
        cli_bot_limits(&fixed, &lim);
        lim.time_ms[MANA_WHITE] = rq->clock->left_ms[MANA_WHITE] < 0 ? 0 : rq->clock->left_ms[MANA_WHITE];
        lim.time_ms[MANA_BLACK] = rq->clock->left_ms[MANA_BLACK] < 0 ? 0 : rq->clock->left_ms[MANA_BLACK];
        lim.inc_ms[MANA_WHITE] = lim.inc_ms[MANA_BLACK] = rq->tc->inc_ms;
        lim.movestogo = clock_moves_to_go(rq->clock, rq->tc, mana_side_to_move(rq->game));
    } else {
        if (fixed.time_ms == 0 && fixed.depth == 0 && fixed.nodes == 0 && fixed.iterations == 0)
            fixed = rq->fixed;
        cli_bot_limits(&fixed, &lim);
    }
    mana_bot_result res;
    long long t0 = plat_now_ms();
    int rc = mana_bot_choose(p->bot, rq->game, &lim, &res);
    *used = plat_now_ms() - t0;
    *out = res.move;
    if (rc != MANA_OK)
        snprintf(why, size, "bot failed: %s: %s", mana_strerror(rc), mana_bot_error_detail());
    return rc == MANA_OK ? 0 : -1;
}

int player_move(player *p, const move_request *rq, mana_move *out, long long *used_ms, char *why, size_t size)
{
    *used_ms = 0;
    return p->spec->external ? external_move(p, rq, out, used_ms, why, size)
                             : builtin_move(p, rq, out, used_ms, why, size);
}

void player_close(player *p)
{
    if (p->proc != NULL && send_line(p, "quit") == 0) { /* a moment to quit, then killed (player_kill) */
        plat_exit how = {0, 0, 0};
        for (int k = 0; k < 100 && (plat_proc_exit(p->proc, &how), !how.ended); k++)
            plat_sleep_ms(10);
    }
    player_kill(p);
}
