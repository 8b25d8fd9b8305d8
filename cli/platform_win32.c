/* SPDX-License-Identifier: MIT */
/*
 * platform_win32.c - cli/platform.h on Windows (mingw-w64).  An engine is
 * started by CreateProcess in a job object of its own (TerminateJobObject
 * ends it with whatever it started) and a new process group (Ctrl-C is
 * the runner's to handle, as on POSIX); a reader thread per engine moves
 * its output into a buffer that plat_proc_read waits on with a deadline.
 * Ctrl-C, Ctrl-Break, the console's closing, log-off and shutdown come
 * through SetConsoleCtrlHandler as the POSIX signals.
 */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <direct.h>
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

#ifndef STATUS_CONTROL_C_EXIT
#define STATUS_CONTROL_C_EXIT 0xC000013AL
#endif

/* Everything binary: LF is written as LF; CRLF input keeps its CR, which
 * every reader of cli/ drops. */
void plat_init(void)
{
    _fmode = _O_BINARY;
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
}

/* ---- time ---- */
long long plat_now_ms(void)
{
    static LARGE_INTEGER freq;
    LARGE_INTEGER t;
    if (freq.QuadPart == 0)
        QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&t);
    return (long long)(t.QuadPart / freq.QuadPart * 1000 + t.QuadPart % freq.QuadPart * 1000 / freq.QuadPart);
}

void plat_sleep_ms(long ms)
{
    Sleep(ms < 0 ? 0 : (DWORD)ms);
}

long plat_pid(void)
{
    return (long)GetCurrentProcessId();
}

/* ---- files ---- */
static int errno_of(DWORD e)
{
    switch (e) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_NAME: return ENOENT;
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS: return EEXIST;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY: return ENOMEM;
    case ERROR_TOO_MANY_OPEN_FILES: return EMFILE;
    case ERROR_DISK_FULL: return ENOSPC;
    case ERROR_NOT_SAME_DEVICE: return EXDEV;
    case ERROR_LOCK_VIOLATION:
    case ERROR_SHARING_VIOLATION: return EWOULDBLOCK;
    default: return EACCES;
    }
}

static int fail(void)
{
    errno = errno_of(GetLastError());
    return -1;
}

int plat_file_id_of(const char *path, plat_file_id *id)
{
    BY_HANDLE_FILE_INFORMATION info;
    HANDLE h = CreateFileA(path, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL, OPEN_EXISTING,
                           FILE_FLAG_BACKUP_SEMANTICS, NULL); /* a directory too */
    if (h == INVALID_HANDLE_VALUE)
        return fail();
    BOOL ok = GetFileInformationByHandle(h, &info);
    CloseHandle(h);
    if (!ok)
        return fail();
    id->dev = info.dwVolumeSerialNumber;
    id->ino = (uint64_t)info.nFileIndexHigh << 32 | info.nFileIndexLow;
    return 0;
}

int plat_same_id(const plat_file_id *a, const plat_file_id *b)
{
    return a->dev == b->dev && a->ino == b->ino;
}

int plat_mkdir(const char *path)
{
    return _mkdir(path);
}

int plat_sync(int fd)
{
    return _commit(fd);
}

int plat_truncate(int fd, long long size)
{
    errno_t e = _chsize_s(fd, size);
    if (e != 0)
        errno = e;
    return e == 0 ? 0 : -1;
}

int plat_replace(const char *from, const char *to)
{
    return MoveFileExA(from, to, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) ? 0 : fail();
}

/* An open file cannot be removed under its other name on Windows: the
 * journal is created under its own name instead (match_journal.c). */
int plat_link(const char *from, const char *to)
{
    (void)from;
    (void)to;
    errno = ENOTSUP;
    return -1;
}

/* One byte far past any end of file: a lock there keeps other runs out
 * without stopping anyone's reads of the journal. */
int plat_lock(int fd)
{
    OVERLAPPED at;
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    memset(&at, 0, sizeof at);
    at.Offset = 0xFFFFFFFEu;
    at.OffsetHigh = 0x7FFFFFFFu;
    if (h == INVALID_HANDLE_VALUE)
        return -1;
    return LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at) ? 0 : fail();
}

static ssize_t read_line(char **line, size_t *cap, FILE *f)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > *cap) {
            size_t grown = *cap < 120 ? 128 : *cap * 2;
            char *p = realloc(*line, grown);
            if (p == NULL)
                return -1;
            *line = p;
            *cap = grown;
        }
        (*line)[n++] = (char)c;
        if (c == '\n')
            break;
    }
    if (n == 0)
        return -1;
    (*line)[n] = '\0';
    return (ssize_t)n;
}

/* Once plat_catch_stop is called, stdin is read by a thread of its own,
 * a line at a time, so that a stop ends plat_getline at once: a blocked
 * read of a pipe is not interrupted on Windows as a signal interrupts it
 * on POSIX.  The thread, left blocked, ends with the process. */
static struct {
    SRWLOCK lock;
    CONDITION_VARIABLE changed;
    HANDLE thread;
    char *line;
    size_t cap;
    ssize_t len;
    int ready, stop;
} in = {SRWLOCK_INIT, CONDITION_VARIABLE_INIT, NULL, NULL, 0, 0, 0, 0};

static DWORD WINAPI stdin_main(void *arg)
{
    (void)arg;
    for (;;) {
        ssize_t len = read_line(&in.line, &in.cap, stdin);
        AcquireSRWLockExclusive(&in.lock);
        in.len = len;
        in.ready = 1;
        WakeAllConditionVariable(&in.changed);
        while (in.ready && len >= 0) /* the end stays ready: every later call sees it */
            SleepConditionVariableSRW(&in.changed, &in.lock, INFINITE, 0);
        ReleaseSRWLockExclusive(&in.lock);
        if (len < 0)
            return 0;
    }
}

/* The thread's line into *line (lock held): its length, or -1. */
static ssize_t copy_line(char **line, size_t *cap)
{
    size_t need = (size_t)in.len + 1;
    if (*cap < need) {
        char *p = realloc(*line, need);
        if (p == NULL)
            return -1;
        *line = p;
        *cap = need;
    }
    memcpy(*line, in.line, need);
    return in.len;
}

/* The thread's next line, or -1 at its end (every call after it too) or
 * on a stop. */
static ssize_t take_line(char **line, size_t *cap)
{
    ssize_t len = -1;
    AcquireSRWLockExclusive(&in.lock);
    while (!in.ready && !in.stop)
        SleepConditionVariableSRW(&in.changed, &in.lock, INFINITE, 0);
    if (in.ready && !in.stop && in.len >= 0) {
        len = copy_line(line, cap);
        in.ready = 0; /* the thread reads the next one */
        WakeAllConditionVariable(&in.changed);
    }
    ReleaseSRWLockExclusive(&in.lock);
    return len;
}

ssize_t plat_getline(char **line, size_t *cap, FILE *f)
{
    if (f != stdin || in.thread == NULL)
        return read_line(line, cap, f);
    return take_line(line, cap);
}

/* A temporary file deleted on close ("D"), read back by plat_mem_close. */
int plat_mem_open(plat_mem *m)
{
    char dir[MAX_PATH], name[MAX_PATH];
    m->text = NULL;
    m->n = 0;
    m->f = NULL;
    if (GetTempPathA(sizeof dir, dir) == 0 || GetTempFileNameA(dir, "mna", 0, name) == 0)
        return fail();
    m->f = fopen(name, "w+bD");
    return m->f != NULL ? 0 : -1;
}

int plat_mem_close(plat_mem *m)
{
    long n = -1;
    if (fflush(m->f) == 0 && fseek(m->f, 0, SEEK_END) == 0)
        n = ftell(m->f);
    if (n >= 0 && (m->text = malloc((size_t)n + 1)) != NULL) {
        rewind(m->f);
        m->n = fread(m->text, 1, (size_t)n, m->f);
        m->text[m->n] = '\0';
    }
    int ok = fclose(m->f) == 0 && m->text != NULL && m->n == (size_t)n;
    m->f = NULL;
    if (!ok) {
        free(m->text);
        m->text = NULL;
    }
    return ok ? 0 : -1;
}

/* ---- signals ---- */
static int signal_of(DWORD event)
{
    switch (event) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT: return PLAT_SIGINT;
    case CTRL_CLOSE_EVENT: return PLAT_SIGHUP;
    default: return PLAT_SIGTERM; /* log-off, shutdown */
    }
}

static void (*play_stop)(int sig);
static HANDLE main_thread;

/* plat_getline returns (take_line; a console's read is cancelled too); after a closing event Windows ends the
 * process when the handler returns, so it waits for main to save first. */
static BOOL WINAPI play_handler(DWORD event)
{
    play_stop(signal_of(event));
    AcquireSRWLockExclusive(&in.lock);
    in.stop = 1;
    WakeAllConditionVariable(&in.changed);
    ReleaseSRWLockExclusive(&in.lock);
    CancelSynchronousIo(main_thread);
    if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT)
        Sleep(5000);
    return TRUE;
}

void plat_catch_stop(void (*on_stop)(int sig))
{
    play_stop = on_stop;
    DuplicateHandle(GetCurrentProcess(), GetCurrentThread(), GetCurrentProcess(), &main_thread, 0, FALSE,
                    DUPLICATE_SAME_ACCESS);
    SetConsoleCtrlHandler(play_handler, TRUE);
    in.thread = CreateThread(NULL, 0, stdin_main, NULL, 0, NULL); /* else read as it is */
}

/* Spawns are serialised: a child inherits every inheritable handle, and
 * only the ends of its own pipes are inheritable, only while it starts.
 * The stop handler holds the lock while it kills. */
static SRWLOCK spawn_lock = SRWLOCK_INIT;
#define MAX_ENGINES 1024
static HANDLE live[MAX_ENGINES]; /* the job objects of the running engines */
static void (*runner_say)(int sig);

static void track(HANDLE job, HANDLE old) /* spawn_lock held */
{
    for (int k = 0; k < MAX_ENGINES; k++)
        if (live[k] == old) {
            live[k] = job;
            return;
        }
}

static BOOL WINAPI runner_handler(DWORD event)
{
    AcquireSRWLockExclusive(&spawn_lock);
    for (int k = 0; k < MAX_ENGINES; k++)
        if (live[k] != NULL)
            TerminateJobObject(live[k], 1);
    runner_say(signal_of(event));
    fflush(NULL);
    ExitProcess((UINT)STATUS_CONTROL_C_EXIT); /* as Windows ends a program without a handler */
    return TRUE;
}

void plat_stop_runner(void (*say)(int sig))
{
    runner_say = say;
    SetConsoleCtrlHandler(runner_handler, TRUE);
}

/* ---- external engines ---- */
struct plat_proc {
    HANDLE process, job, to, from, reader;
    SRWLOCK lock;
    CONDITION_VARIABLE changed;
    char buf[8192];
    size_t len;
    int eof;
};

static DWORD WINAPI reader_main(void *arg)
{
    plat_proc *p = arg;
    char chunk[4096];
    DWORD got = 0;
    while (ReadFile(p->from, chunk, sizeof chunk, &got, NULL) && got > 0) {
        AcquireSRWLockExclusive(&p->lock);
        while (p->len + got > sizeof p->buf)
            SleepConditionVariableSRW(&p->changed, &p->lock, INFINITE, 0);
        memcpy(p->buf + p->len, chunk, got);
        p->len += got;
        WakeAllConditionVariable(&p->changed);
        ReleaseSRWLockExclusive(&p->lock);
    }
    AcquireSRWLockExclusive(&p->lock);
    p->eof = 1;
    WakeAllConditionVariable(&p->changed);
    ReleaseSRWLockExclusive(&p->lock);
    return 0;
}

/* A job that ends with its last handle: the engines die with the runner. */
static HANDLE new_job(void)
{
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limit;
    HANDLE job = CreateJobObjectA(NULL, NULL);
    memset(&limit, 0, sizeof limit);
    limit.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (job != NULL)
        SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limit, sizeof limit);
    return job;
}

/* The pipes: child_in/child_out inheritable, p->to/p->from not. */
static int open_pipes(plat_proc *p, HANDLE *child_in, HANDLE *child_out)
{
    SECURITY_ATTRIBUTES sa = {sizeof sa, NULL, TRUE};
    if (!CreatePipe(child_in, &p->to, &sa, 0))
        return fail();
    if (!CreatePipe(&p->from, child_out, &sa, 0)) {
        int rc = fail();
        CloseHandle(*child_in);
        CloseHandle(p->to);
        return rc;
    }
    SetHandleInformation(p->to, HANDLE_FLAG_INHERIT, 0);
    SetHandleInformation(p->from, HANDLE_FLAG_INHERIT, 0);
    return 0;
}

static int create(plat_proc *p, const char *cmd, HANDLE child_in, HANDLE child_out)
{
    STARTUPINFOA si;
    PROCESS_INFORMATION pi;
    HANDLE err = NULL;
    char *line = _strdup(cmd);
    memset(&si, 0, sizeof si);
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = child_in;
    si.hStdOutput = child_out;
    DuplicateHandle(GetCurrentProcess(), GetStdHandle(STD_ERROR_HANDLE), GetCurrentProcess(), &err, 0, TRUE,
                    DUPLICATE_SAME_ACCESS);
    si.hStdError = err;
    BOOL ok = line != NULL && CreateProcessA(NULL, line, NULL, NULL, TRUE, CREATE_SUSPENDED | CREATE_NEW_PROCESS_GROUP,
                                             NULL, NULL, &si, &pi);
    int rc = ok ? 0 : line == NULL ? (errno = ENOMEM, -1) : fail();
    free(line);
    if (err != NULL)
        CloseHandle(err);
    if (!ok)
        return rc;
    p->process = pi.hProcess;
    AssignProcessToJobObject(p->job, pi.hProcess);
    ResumeThread(pi.hThread);
    CloseHandle(pi.hThread);
    return 0;
}

static int start(plat_proc *p, const char *cmd, const char **what)
{
    HANDLE child_in, child_out;
    *what = "CreatePipe";
    if (open_pipes(p, &child_in, &child_out) < 0)
        return -1;
    *what = "CreateProcess";
    int rc = create(p, cmd, child_in, child_out);
    int err = errno;
    CloseHandle(child_in);
    CloseHandle(child_out);
    if (rc < 0) {
        CloseHandle(p->to);
        CloseHandle(p->from);
    }
    errno = err;
    return rc;
}

plat_proc *plat_spawn(const char *cmd, const char **what)
{
    plat_proc *p = calloc(1, sizeof *p);
    *what = "CreateJobObject";
    if (p == NULL || (p->job = new_job()) == NULL) {
        free(p);
        return NULL;
    }
    InitializeSRWLock(&p->lock);
    InitializeConditionVariable(&p->changed);
    AcquireSRWLockExclusive(&spawn_lock);
    int rc = start(p, cmd, what);
    if (rc == 0)
        track(p->job, NULL);
    ReleaseSRWLockExclusive(&spawn_lock);
    if (rc == 0 && (p->reader = CreateThread(NULL, 0, reader_main, p, 0, NULL)) != NULL)
        return p;
    int err = rc < 0 ? errno : EAGAIN;
    if (rc == 0) {
        *what = "CreateThread";
        plat_proc_kill(p);
    } else {
        CloseHandle(p->job);
        free(p);
    }
    errno = err;
    return NULL;
}

int plat_proc_write(plat_proc *p, const char *data, size_t n)
{
    for (size_t off = 0; off < n;) {
        DWORD put = 0;
        if (!WriteFile(p->to, data + off, (DWORD)(n - off), &put, NULL) || put == 0)
            return -1; /* the engine is gone */
        off += put;
    }
    return 0;
}

long plat_proc_read(plat_proc *p, char *buf, size_t size, long long timeout_ms)
{
    long long deadline = plat_now_ms() + timeout_ms;
    AcquireSRWLockExclusive(&p->lock);
    while (p->len == 0 && !p->eof) {
        long long left = deadline - plat_now_ms();
        if (left <= 0)
            break;
        SleepConditionVariableSRW(&p->changed, &p->lock, left > 1000000 ? 1000000 : (DWORD)left, 0);
    }
    long got = p->len > 0 ? (long)(p->len < size ? p->len : size) : p->eof ? -1 : 0;
    if (got > 0) {
        memcpy(buf, p->buf, (size_t)got);
        memmove(p->buf, p->buf + got, p->len - (size_t)got);
        p->len -= (size_t)got;
        WakeAllConditionVariable(&p->changed);
    }
    ReleaseSRWLockExclusive(&p->lock);
    return got;
}

void plat_proc_exit(plat_proc *p, plat_exit *how)
{
    DWORD code = 0;
    memset(how, 0, sizeof *how);
    if (WaitForSingleObject(p->process, 0) != WAIT_OBJECT_0 || !GetExitCodeProcess(p->process, &code))
        return;
    how->ended = 1;
    how->status = (int)code;
}

/* The job ends the engine and what it started; the reader thread meets
 * the end of the pipe (or is cancelled) and is joined. */
void plat_proc_kill(plat_proc *p)
{
    AcquireSRWLockExclusive(&spawn_lock);
    track(NULL, p->job);
    ReleaseSRWLockExclusive(&spawn_lock);
    TerminateJobObject(p->job, 1);
    WaitForSingleObject(p->process, INFINITE);
    CloseHandle(p->to);
    AcquireSRWLockExclusive(&p->lock);
    p->len = 0; /* room: the reader is not left waiting for it */
    WakeAllConditionVariable(&p->changed);
    ReleaseSRWLockExclusive(&p->lock);
    if (p->reader != NULL) {
        CancelSynchronousIo(p->reader);
        WaitForSingleObject(p->reader, INFINITE);
        CloseHandle(p->reader);
    }
    CloseHandle(p->from);
    CloseHandle(p->process);
    CloseHandle(p->job);
    free(p);
}
