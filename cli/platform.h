/* SPDX-License-Identifier: MIT */
/*
 * platform.h - what mana-cli needs from the operating system, in one small
 * interface.  Exactly one implementation is compiled into mana-cli, chosen
 * by the build (Makefile, CMakeLists.txt): cli/platform_posix.c (Linux,
 * the BSDs, macOS) or cli/platform_win32.c (Windows, mingw-w64).  The
 * programs in cli/ call these functions and hold no #ifdef of their own.
 *
 * Line ends: mana-cli reads lines ending in LF or CRLF everywhere, and
 * writes LF everywhere, Windows included (plat_init puts stdin, stdout,
 * stderr and every file it opens in binary mode there), so its output and
 * its files are the same bytes on every system.
 */
#ifndef MANA_CLI_PLATFORM_H
#define MANA_CLI_PLATFORM_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* The format checks of printf-like functions: as C99's printf, which is
 * mingw-w64's own stdio on Windows (the Makefile selects it there), whose
 * archetype gcc names gnu_printf (as libmana/game.h's MANA_PRINTF). */
#if defined(__MINGW32__) && defined(__USE_MINGW_ANSI_STDIO) && !defined(__clang__)
#define CLI_PRINTF gnu_printf
#else
#define CLI_PRINTF printf
#endif

/* The stop signals by their POSIX numbers (Windows' signal.h has no
 * SIGHUP): on Windows Ctrl-C and Ctrl-Break come as PLAT_SIGINT, the
 * console's closing as PLAT_SIGHUP, log-off and shutdown as PLAT_SIGTERM. */
#define PLAT_SIGHUP 1
#define PLAT_SIGINT 2
#define PLAT_SIGTERM 15

/* Once, first thing in main: binary stdio on Windows; nothing on POSIX. */
void plat_init(void);

/* ---- time ---- */
long long plat_now_ms(void); /* a monotonic clock, in milliseconds */
void plat_sleep_ms(long ms);
long plat_pid(void); /* this process's id */

/* ---- files ---- */
typedef struct plat_file_id {
    uint64_t dev, ino; /* device and inode (Windows: volume serial, file index) */
} plat_file_id;

/* The identity of the file (or directory) path names: 0, or -1 with errno. */
int plat_file_id_of(const char *path, plat_file_id *id);
int plat_same_id(const plat_file_id *a, const plat_file_id *b);
int plat_mkdir(const char *path); /* 0, or -1 with errno (EEXIST too) */
int plat_sync(int fd);            /* the file's data on disk: 0 or -1 */
/* Cuts the open file fd to its first size bytes: 0, or -1 with errno. */
int plat_truncate(int fd, long long size);
/* Renames from over to, replacing to at once if it exists: 0 or -1. */
int plat_replace(const char *from, const char *to);
/* A second name to for from, failing with EEXIST on an existing name;
 * ENOTSUP where the system has no such link for an open file (Windows). */
int plat_link(const char *from, const char *to);
/* Locks the open file fd for this process, without waiting: 0, or -1 when
 * another process holds it.  Released when fd is closed. */
int plat_lock(int fd);
ssize_t plat_getline(char **line, size_t *cap, FILE *f);

/* A FILE that writes to memory: open, write, then plat_mem_close puts the
 * text (NUL-terminated, to be freed) in m->text and its length in m->n. */
typedef struct plat_mem {
    FILE *f;
    char *text;
    size_t n;
} plat_mem;
int plat_mem_open(plat_mem *m);  /* 0, or -1 with errno */
int plat_mem_close(plat_mem *m); /* 0, or -1 (then m->text is NULL) */

/* ---- signals ---- */
/* `play`: SIGINT, SIGTERM and SIGHUP (Ctrl-C, console close) call on_stop
 * with the signal's number and interrupt a read of stdin; writes to a
 * closed pipe and past a file size limit fail instead of killing. */
void plat_catch_stop(void (*on_stop)(int sig));
/* `match`: a stop signal kills every running engine (plat_spawn), calls
 * say(sig), then ends the process as the signal would have. */
void plat_stop_runner(void (*say)(int sig));

/* ---- external engines ---- */
typedef struct plat_proc plat_proc;
typedef struct plat_exit {
    int ended;  /* 1 once the process has ended */
    int signal; /* killed by this signal (POSIX), else 0 */
    int status; /* its exit status otherwise */
} plat_exit;

/* Starts cmd with pipes to its stdin and from its stdout (stderr is
 * ours), in a group of its own that plat_proc_kill ends whole: on POSIX
 * as /bin/sh -c cmd; on Windows cmd is CreateProcess's command line (no
 * shell: write "cmd /c ..." for one).  NULL with errno, *what naming the
 * call that failed. */
plat_proc *plat_spawn(const char *cmd, const char **what);
int plat_proc_write(plat_proc *p, const char *data, size_t n); /* all of it: 0, or -1 */
/* Up to size bytes of its output, waiting up to timeout_ms: the count,
 * 0 on timeout, -1 at end of output. */
long plat_proc_read(plat_proc *p, char *buf, size_t size, long long timeout_ms);
/* Whether (and how) the process has ended; it stays unreaped. */
void plat_proc_exit(plat_proc *p, plat_exit *how);
void plat_proc_kill(plat_proc *p); /* kills its group, reaps it, frees p */

#endif
