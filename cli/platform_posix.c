/* SPDX-License-Identifier: MIT */
/*
 * platform_posix.c - cli/platform.h on POSIX systems (Linux, the BSDs,
 * macOS).  An engine is /bin/sh -c 'CMD' in its own process group, killed
 * whole; the runner is a child subreaper on Linux, so what the shell
 * started is reaped too.  Stop signals are blocked in every thread and
 * taken by one thread with sigwait.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

#include "platform.h"

void plat_init(void)
{
}

/* ---- time ---- */
long long plat_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void plat_sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) < 0 && errno == EINTR)
        ;
}

long plat_pid(void)
{
    return (long)getpid();
}

/* ---- files ---- */
int plat_file_id_of(const char *path, plat_file_id *id)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    id->dev = (uint64_t)st.st_dev;
    id->ino = (uint64_t)st.st_ino;
    return 0;
}

int plat_same_id(const plat_file_id *a, const plat_file_id *b)
{
    return a->dev == b->dev && a->ino == b->ino;
}

int plat_mkdir(const char *path)
{
    return mkdir(path, 0777);
}

int plat_sync(int fd)
{
    return fsync(fd);
}

int plat_truncate(int fd, long long size)
{
    return ftruncate(fd, (off_t)size);
}

int plat_replace(const char *from, const char *to)
{
    return rename(from, to);
}

int plat_link(const char *from, const char *to)
{
    return link(from, to);
}

int plat_lock(int fd)
{
    return flock(fd, LOCK_EX | LOCK_NB);
}

ssize_t plat_getline(char **line, size_t *cap, FILE *f)
{
    return getline(line, cap, f);
}

int plat_mem_open(plat_mem *m)
{
    m->text = NULL;
    m->n = 0;
    m->f = open_memstream(&m->text, &m->n);
    return m->f != NULL ? 0 : -1;
}

int plat_mem_close(plat_mem *m)
{
    int rc = fclose(m->f);
    m->f = NULL;
    if (rc != 0 || m->text == NULL) {
        free(m->text);
        m->text = NULL;
        return -1;
    }
    return 0;
}

/* ---- signals ---- */
static void (*play_stop)(int sig);

static void on_play_stop(int sig)
{
    play_stop(sig);
}

/* No SA_RESTART: a read of stdin ends, so the loop sees the stop. */
void plat_catch_stop(void (*on_stop)(int sig))
{
    struct sigaction sa;
    play_stop = on_stop;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_play_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL); /* a lost terminal: the record is saved all the same */
    signal(SIGPIPE, SIG_IGN);     /* a closed output: write errors, not death before the save */
    signal(SIGXFSZ, SIG_IGN);     /* a file size limit: a failed save, said as such */
}

/* Forks are serialised so that no child inherits the pipes of another
 * engine before they are marked close-on-exec (EOF would never come).
 * The stop thread holds the lock while it kills: no engine is between
 * fork and the table then. */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

#define MAX_ENGINES 1024
static pid_t live[MAX_ENGINES]; /* the process groups of the running engines */
static sigset_t stop_signals;
static void (*runner_say)(int sig);

struct plat_proc {
    pid_t pid;
    int to_fd, from_fd;
};

static void track(pid_t pid, pid_t old) /* spawn_lock held */
{
    for (int k = 0; k < MAX_ENGINES; k++)
        if (live[k] == old) {
            live[k] = pid;
            return;
        }
}

static void untrack(pid_t pid)
{
    pthread_mutex_lock(&spawn_lock);
    track(0, pid);
    pthread_mutex_unlock(&spawn_lock);
}

/* Kills process group pid and reaps the whole group.  The runner is a
 * child subreaper (plat_stop_runner), so what the shell started becomes
 * its child when the shell dies: every process of the group is reaped
 * here, never left a zombie.  Call it before the leader pid is reaped. */
static void reap_group(pid_t pid)
{
    kill(-pid, SIGKILL); /* the leader is not reaped yet: the group id cannot be another's */
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    for (;;) {
        pid_t r = waitpid(-pid, NULL, 0);
        if (r < 0 && errno != EINTR)
            break;
    }
}

static void *signal_main(void *arg)
{
    int sig = 0;
    (void)arg;
    while (sigwait(&stop_signals, &sig) != 0)
        ;
    pthread_mutex_lock(&spawn_lock);
    for (int k = 0; k < MAX_ENGINES; k++)
        if (live[k] > 0)
            kill(-live[k], SIGKILL);
    for (int k = 0; k < MAX_ENGINES; k++) /* reaped: no zombie outlives us */
        if (live[k] > 0)
            reap_group(live[k]);
    runner_say(sig);
    signal(sig, SIG_DFL); /* then die of the signal, as without a handler */
    pthread_sigmask(SIG_UNBLOCK, &stop_signals, NULL);
    raise(sig);
    return NULL;
}

void plat_stop_runner(void (*say)(int sig))
{
    pthread_t t;
    runner_say = say;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stop_signals, NULL); /* inherited by the workers */
    if (pthread_create(&t, NULL, signal_main, NULL) == 0)
        pthread_detach(t);
    signal(SIGPIPE, SIG_IGN); /* a dead engine is a fault, not our death */
    signal(SIGXFSZ, SIG_IGN); /* a file size limit: a write error, said as such */
#ifdef PR_SET_CHILD_SUBREAPER
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); /* the engines' own children come back to us to be reaped */
#endif
}

/* ---- external engines ---- */
static int open_pipes(int in[2], int out[2])
{
    if (pipe(in) < 0)
        return -1;
    if (pipe(out) < 0) {
        int err = errno;
        close(in[0]);
        close(in[1]);
        errno = err;
        return -1;
    }
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* The child: only async-signal-safe calls. */
static void run_child(const char *cmd, int in[2], int out[2])
{
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL); /* the engine gets the usual signals */
    sigprocmask(SIG_UNBLOCK, &stop_signals, NULL);
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]);
    close(out[1]);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
}

static pid_t fork_engine(const char *cmd, int in[2], int out[2], const char **what)
{
    *what = "pipe";
    if (open_pipes(in, out) < 0)
        return -1;
    *what = "fork";
    pid_t pid = fork();
    int err = errno;
    if (pid == 0)
        run_child(cmd, in, out);
    close(in[0]);
    close(out[1]);
    if (pid > 0) {
        setpgid(pid, pid); /* also here: no race with the child's own call */
        track(pid, 0);
    } else {
        close(in[1]);
        close(out[0]);
    }
    errno = err;
    return pid;
}

plat_proc *plat_spawn(const char *cmd, const char **what)
{
    int in[2], out[2];
    plat_proc *p = malloc(sizeof *p);
    *what = "malloc";
    if (p == NULL)
        return NULL;
    pthread_mutex_lock(&spawn_lock);
    pid_t pid = fork_engine(cmd, in, out, what);
    int err = errno;
    pthread_mutex_unlock(&spawn_lock);
    if (pid < 0) {
        free(p);
        errno = err;
        return NULL;
    }
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    return p;
}

int plat_proc_write(plat_proc *p, const char *data, size_t n)
{
    for (size_t off = 0; off < n;) {
        ssize_t k = write(p->to_fd, data + off, n - off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1; /* EPIPE: the engine is gone (SIGPIPE is ignored) */
        off += (size_t)k;
    }
    return 0;
}

long plat_proc_read(plat_proc *p, char *buf, size_t size, long long timeout_ms)
{
    long long deadline = plat_now_ms() + timeout_ms;
    for (;;) {
        long long left = deadline - plat_now_ms();
        if (left <= 0)
            return 0;
        struct pollfd pfd = {p->from_fd, POLLIN, 0};
        int r = poll(&pfd, 1, left > 1000000 ? 1000000 : (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return 0;
        ssize_t k = read(p->from_fd, buf, size);
        if (k < 0 && errno == EINTR)
            continue;
        return k <= 0 ? -1 : (long)k;
    }
}

/* A zombie holds its pid and group id until reap_group. */
void plat_proc_exit(plat_proc *p, plat_exit *how)
{
    siginfo_t info;
    memset(how, 0, sizeof *how);
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid != p->pid)
        return;
    how->ended = 1;
    if (info.si_code == CLD_KILLED || info.si_code == CLD_DUMPED)
        how->signal = info.si_status;
    else
        how->status = info.si_status;
}

void plat_proc_kill(plat_proc *p)
{
    reap_group(p->pid); /* with what the shell left in the group */
    untrack(p->pid);
    close(p->to_fd);
    close(p->from_fd);
    free(p);
}
