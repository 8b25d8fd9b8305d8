/* SPDX-License-Identifier: MIT */
/*
 * replay - runs a fuzz target (linked in) on files, without libFuzzer:
 *
 *   replay_T FILE|DIR...
 *
 * Each file is one input; a directory stands for the files in it.  Used by
 * `make check` on the checked-in seed corpora, by `make coverage`, and to
 * replay a crash found by `make fuzz` under gdb or valgrind.  A breach
 * aborts (the target's own check); exit status 0 otherwise, 1 if a file
 * cannot be read.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static long inputs;

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = realloc(buf, 2 * cap);
            if (bigger == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf == NULL) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    /* an exact-size copy, so that ASan sees reads past the input */
    uint8_t *exact = malloc(n > 0 ? n : 1);
    if (exact == NULL) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    inputs++;
    return 0;
}

static int run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path);
    DIR *dir = opendir(path);
    if (dir == NULL) {
        perror(path);
        return 1;
    }
    int rc = 0;
    struct dirent *e;
    for (;;) {
        errno = 0;
        if ((e = readdir(dir)) == NULL) {
            if (errno != 0) { /* e.g. EOVERFLOW: an inode beyond a 32-bit ino_t */
                perror(path);
                rc = 1;
            }
            break;
        }
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        char *full = malloc(len);
        if (full == NULL) {
            rc = 1;
            break;
        }
        snprintf(full, len, "%s/%s", path, e->d_name);
        rc |= run_file(full);
        free(full);
    }
    closedir(dir);
    return rc;
}

int main(int argc, char **argv)
{
    int rc = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++)
        rc |= run_path(argv[i]);
    printf("%s: %ld inputs, no breach\n", argv[0], inputs);
    return rc;
}
