# SPDX-License-Identifier: MIT
# mk/ci.mk - the long reliability checks of issue 6, run by .ci/run after
# `make check` (as `make ci`).  Each target can be run on its own:
#
#   make ci           all of the below, one after the other; prints a summary
#                     and fails if any step failed (about 15 min on 2 cores)
#   make warnings     libmana/ built by gcc and clang with -Wall -Wextra
#                     -Wpedantic -Wshadow -Wconversion -Werror (and this
#                     fragment's own test programs)
#   make cppcheck     cppcheck --enable=warning,style,performance,portability
#   make check-clang  the whole `make check` built with clang
#   make sanitize     `make check SANITIZE=1` (ASan + UBSan), then a soak
#                     under the same sanitizers
#   make tsan         tests/soak/threads (perft and random games in several
#                     threads at once) under -fsanitize=thread
#   make valgrind     CK_FORK=no valgrind --error-exitcode=1 --leak-check=full
#                     ./tests/check_mana
#   make soak         SOAK_PLIES (1,000,000) plies of random games with every
#                     invariant checked at every ply
#   make coverage     line and branch coverage of libmana/ (gcov + lcov) by
#                     the check runner, a soak, the out-of-memory test
#                     (tests/soak/oom) and the fuzz seed corpora;
#                     fails below COV_MIN_LINES / COV_MIN_BRANCHES percent;
#                     report in build/coverage/
#   make fuzz-ci      each libFuzzer target for FUZZ_CI_SECONDS (60) seconds
#   make fuzz         each libFuzzer target for FUZZ_SECONDS (600) seconds
#
# Sub-builds with other flags (sanitizers, coverage, clang, valgrind) never
# happen in the working tree: the top-level Makefile builds objects in
# place, so each one runs in a fresh temporary copy of the tree (under
# CI_TMP), cleaned first and removed afterwards.  The fuzzers are built
# from the sources straight into build/fuzz/, where their working corpora
# and any crash artifacts stay.
#
# Needs (Debian packages): clang, libclang-rt-14-dev (libFuzzer and the
# clang sanitizer runtimes), valgrind, cppcheck, lcov, plus what `make check`
# needs.  `make ci-deps` installs any that are missing.

CI_TMP ?= $(or $(TMPDIR),/tmp)
CI_JOBS ?= 2
SOAK_PLIES ?= 1000000
SOAK_SEED ?= 20240601
SAN_SOAK_PLIES ?= 100000
CHECK_SOAK_PLIES ?= 20000
COV_SOAK_PLIES ?= 100000
COV_MIN_LINES ?= 95
COV_MIN_BRANCHES ?= 85
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 600
FUZZ_CI_SECONDS ?= 60
FUZZ_RSS_MB ?= 2048
FUZZ_DIR ?= build/fuzz
FUZZ_TARGETS := mfn move api
FUZZ_MAXLEN_mfn := 128
FUZZ_MAXLEN_move := 64
FUZZ_MAXLEN_api := 1024
CI_PACKAGES := clang libclang-rt-14-dev valgrind cppcheck lcov

STRICT_WARN := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror
INV_SRC := tests/invariants.c tests/ref_movegen.c
INV_HDR := tests/invariants.h tests/ref_movegen.h
TEST_PROG_CFLAGS = $(BASE_CFLAGS) -Itests -D_POSIX_C_SOURCE=200809L $(CFLAGS)

CI_STEPS := warnings cppcheck check-clang sanitize tsan valgrind soak coverage fuzz-ci

.PHONY: ci ci-deps warnings cppcheck check-clang sanitize tsan valgrind soak \
    coverage fuzz fuzz-ci fuzz-build check-soak check-oom check-fuzz-corpus clean-ci

CHECK_STEPS += check-soak check-oom check-fuzz-corpus
CLEAN_FILES += tests/soak/soak tests/soak/threads tests/soak/oom \
    $(FUZZ_TARGETS:%=tests/fuzz/replay_%)
clean: clean-ci
clean-ci:
	rm -rf $(FUZZ_DIR) build/coverage

# ---- programs -----------------------------------------------------------
# Built in place like tests/check_mana, with the same flags ($(SAN)
# included), so a SANITIZE=1 or COVERAGE=1 build in a copy covers them too.

tests/soak/soak: tests/soak/soak.c $(INV_SRC) $(INV_HDR) include/mana.h libmana.a
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -o $@ tests/soak/soak.c $(INV_SRC) libmana.a \
	    $(LDFLAGS) -lm

# Out of memory on demand: the library's malloc/calloc/realloc wrapped.
tests/soak/oom: tests/soak/oom.c $(INV_SRC) $(INV_HDR) include/mana.h libmana.a
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc \
	    -o $@ tests/soak/oom.c $(INV_SRC) libmana.a $(LDFLAGS) -lm

tests/soak/threads: tests/soak/threads.c $(INV_SRC) $(INV_HDR) include/mana.h libmana.a
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -pthread -o $@ tests/soak/threads.c $(INV_SRC) \
	    libmana.a $(LDFLAGS) -lm -lpthread

# The fuzz targets linked with a plain main() that feeds them files: runs
# the checked-in corpora without clang (make check, coverage, sanitize).
tests/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.h \
    $(INV_SRC) $(INV_HDR) include/mana.h libmana.a
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -o $@ tests/fuzz/fuzz_$*.c tests/fuzz/replay.c \
	    $(INV_SRC) libmana.a $(LDFLAGS) -lm

# ---- quick steps of `make check` ----------------------------------------

check-soak: tests/soak/soak
	./tests/soak/soak --plies $(CHECK_SOAK_PLIES) --seed $(SOAK_SEED) --quiet

check-oom: tests/soak/oom
	./tests/soak/oom

check-fuzz-corpus: $(FUZZ_TARGETS:%=tests/fuzz/replay_%)
	@for t in $(FUZZ_TARGETS); do \
	    ./tests/fuzz/replay_$$t tests/fuzz/corpus/$$t || exit 1; \
	done

# ---- temporary copies -----------------------------------------------------
# A shell prelude: copies the tree (sources only) to $$d/main, links
# ../shared beside it if there is one, runs `make clean` there, and removes
# the copy when the recipe's shell exits.  Use as the start of a recipe
# line: `$(CI_COPY); more commands using "$$d/main"`.
CI_SHARED := $(abspath $(CURDIR)/../shared)
CI_COPY = set -e; \
    d=$$(mktemp -d "$(CI_TMP)/libmana-$@.XXXXXX"); \
    trap 'rm -rf "$$d"' EXIT; \
    mkdir "$$d/main"; \
    tar -cf - --exclude=./.git --exclude=./build --exclude='*.o' --exclude='*.a' \
        --exclude='*.so' --exclude='*.so.*' --exclude='*.gcda' --exclude='*.gcno' \
        --exclude=__pycache__ . | tar -xf - -C "$$d/main"; \
    if [ -d "$(CI_SHARED)" ]; then ln -s "$(CI_SHARED)" "$$d/shared"; fi; \
    $(MAKE) -s --no-print-directory -C "$$d/main" clean >/dev/null

SAN_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# ---- the CI sequence --------------------------------------------------------

ci:
	@t0=$$(date +%s); failed=; summary=; \
	for s in $(CI_STEPS); do \
	    t=$$(date +%s); \
	    echo "==== make $$s"; \
	    if $(MAKE) --no-print-directory $$s; then r=ok; else r=FAILED; failed="$$failed $$s"; fi; \
	    line=$$(printf '%-12s %-6s %4d s' $$s $$r $$(( $$(date +%s) - t ))); \
	    echo "==== $$line"; summary="$$summary$$line\n"; \
	done; \
	echo "==== make ci summary"; printf "$$summary"; \
	echo "total $$(( $$(date +%s) - t0 )) s"; \
	if [ -n "$$failed" ]; then echo "make ci: FAILED:$$failed"; exit 1; fi; \
	echo "make ci: all passed"

ci-deps:
	@missing=; for p in $(CI_PACKAGES); do \
	    dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	    echo "make ci-deps: installing$$missing with apt-get"; \
	    if [ "$$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi; \
	    $$sudo apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

warnings:
	@for cc in gcc clang; do \
	    for f in $(LIB_SRC); do \
	        $$cc $(STRICT_WARN) -O2 -Iinclude -Ilibmana -c -o /dev/null $$f || exit 1; \
	    done; \
	    for f in $(INV_SRC) tests/soak/soak.c tests/soak/threads.c tests/soak/oom.c \
	            $(FUZZ_TARGETS:%=tests/fuzz/fuzz_%.c) tests/fuzz/replay.c; do \
	        $$cc $(STRICT_WARN) -O2 -Iinclude -Itests -D_POSIX_C_SOURCE=200809L \
	            -c -o /dev/null $$f || exit 1; \
	    done; \
	    echo "warnings: libmana/ and the reliability programs clean with $$cc" \
	        "($(STRICT_WARN))"; \
	done

# libmana/reach_table.h is 12,700 lines of generated static const tables;
# cppcheck 2.10's value-flow analysis of them runs for hours and has no
# switch to limit it, so the header is skipped by predefining its include
# guard.  --force keeps every preprocessor configuration of the rest.
CPPCHECK_SKIP := -DMANA_REACH_TABLE_H
cppcheck:
	cppcheck -q --enable=warning,style,performance,portability --error-exitcode=1 \
	    --force $(CPPCHECK_SKIP) -Iinclude libmana/
	@echo "cppcheck: libmana/ clean (generated reach_table.h not analysed)"

check-clang:
	$(Q)$(CI_COPY); \
	$(MAKE) --no-print-directory -C "$$d/main" -j$(CI_JOBS) CC=clang check

sanitize:
	$(Q)$(CI_COPY); \
	$(SAN_ENV) $(MAKE) --no-print-directory -C "$$d/main" -j$(CI_JOBS) SANITIZE=1 check; \
	$(MAKE) --no-print-directory -C "$$d/main" SANITIZE=1 tests/soak/soak; \
	$(SAN_ENV) "$$d/main/tests/soak/soak" --plies $(SAN_SOAK_PLIES) --seed 7 --quiet; \
	echo "sanitize: make check and a $(SAN_SOAK_PLIES)-ply soak pass under ASan + UBSan"

tsan:
	$(Q)$(CI_COPY); \
	$(MAKE) --no-print-directory -C "$$d/main" -j$(CI_JOBS) SANITIZE=thread \
	    tests/soak/threads; \
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 "$$d/main/tests/soak/threads"

valgrind:
	$(Q)$(CI_COPY); \
	$(MAKE) --no-print-directory -C "$$d/main" -j$(CI_JOBS) tests/check_mana; \
	cd "$$d/main"; \
	CK_FORK=no valgrind -q --error-exitcode=1 --leak-check=full ./tests/check_mana; \
	echo "valgrind: no error, no leak"

soak: tests/soak/soak
	./tests/soak/soak --plies $(SOAK_PLIES) --seed $(SOAK_SEED) --quiet

coverage:
	$(Q)$(CI_COPY); \
	m="$$d/main"; \
	$(MAKE) --no-print-directory -C "$$m" -j$(CI_JOBS) COVERAGE=1 CFLAGS='-O0 -g' \
	    tests/check_mana tests/soak/soak tests/soak/oom \
	    $(FUZZ_TARGETS:%=tests/fuzz/replay_%); \
	(cd "$$m" && ./tests/check_mana >/dev/null && ./tests/soak/oom >/dev/null && \
	 ./tests/soak/soak --plies $(COV_SOAK_PLIES) --quiet >/dev/null && \
	 for t in $(FUZZ_TARGETS); do ./tests/fuzz/replay_$$t tests/fuzz/corpus/$$t >/dev/null; done); \
	lcov -q --rc lcov_branch_coverage=1 --capture --directory "$$m/libmana" \
	    --base-directory "$$m" -o "$$d/all.info" >"$$d/lcov.log" 2>&1 || \
	    { cat "$$d/lcov.log"; exit 1; }; \
	lcov -q --rc lcov_branch_coverage=1 --extract "$$d/all.info" '*/libmana/*' \
	    -o "$$d/libmana.info" >"$$d/lcov.log" 2>&1 || { cat "$$d/lcov.log"; exit 1; }; \
	rm -rf build/coverage; mkdir -p build/coverage; \
	sed "s|$$m/||g" "$$d/libmana.info" > build/coverage/libmana.info; \
	lcov --rc lcov_branch_coverage=1 --list build/coverage/libmana.info; \
	genhtml -q --branch-coverage -o build/coverage/html build/coverage/libmana.info \
	    >/dev/null 2>&1 || true; \
	lcov --rc lcov_branch_coverage=1 --summary build/coverage/libmana.info 2>&1 | \
	    tee build/coverage/summary.txt; \
	lines=$$(sed -n 's/^ *lines\.*: \([0-9.]*\)%.*/\1/p' build/coverage/summary.txt); \
	branches=$$(sed -n 's/^ *branches\.*: \([0-9.]*\)%.*/\1/p' build/coverage/summary.txt); \
	echo "coverage of libmana/: lines $$lines%, branches $$branches%" \
	    "(target $(COV_MIN_LINES)% / $(COV_MIN_BRANCHES)%; report build/coverage/html)"; \
	awk -v l="$$lines" -v b="$$branches" \
	    'BEGIN { exit !(l + 0 >= $(COV_MIN_LINES) && b + 0 >= $(COV_MIN_BRANCHES)) }' || \
	    { echo "coverage: below target"; exit 1; }

# ---- fuzzing ---------------------------------------------------------------

FUZZ_BIN := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)
FUZZ_CFLAGS := -std=c11 -g -O1 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Iinclude -Ilibmana -Itests

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(INV_SRC) $(INV_HDR) \
    $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(call say,FUZZCC,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(INV_SRC) $(LIB_SRC)

fuzz-build: $(FUZZ_BIN)

# $(1): seconds per target.  Each target starts from its checked-in seeds
# plus what earlier runs found (build/fuzz/corpus/T); fails on any crash,
# leak, timeout, out-of-memory or invariant breach (the targets abort on a
# breach), leaving the input in build/fuzz/artifacts/.
define run_fuzzers
	@set -e; total=0; \
	for t in $(FUZZ_TARGETS); do \
	    mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/artifacts; \
	    case $$t in mfn) len=$(FUZZ_MAXLEN_mfn);; move) len=$(FUZZ_MAXLEN_move);; \
	        *) len=$(FUZZ_MAXLEN_api);; esac; \
	    echo "fuzz_$$t: $(1) s"; \
	    if ! $(SAN_ENV) $(FUZZ_DIR)/fuzz_$$t -max_total_time=$(1) \
	            -rss_limit_mb=$(FUZZ_RSS_MB) -timeout=30 -max_len=$$len \
	            -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- \
	            $(FUZZ_DIR)/corpus/$$t tests/fuzz/corpus/$$t \
	            > $(FUZZ_DIR)/$$t.log 2>&1; then \
	        tail -n 60 $(FUZZ_DIR)/$$t.log; \
	        echo "fuzz_$$t: FINDING (log $(FUZZ_DIR)/$$t.log, input in $(FUZZ_DIR)/artifacts/)"; \
	        exit 1; \
	    fi; \
	    n=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_DIR)/$$t.log); \
	    c=$$(ls $(FUZZ_DIR)/corpus/$$t | wc -l); \
	    echo "fuzz_$$t: $$n executions, no finding (corpus $$c new files)"; \
	    total=$$((total + n)); \
	done; \
	echo "fuzz: $$total executions in total, no finding"
endef

fuzz-ci: $(FUZZ_BIN)
	$(call run_fuzzers,$(FUZZ_CI_SECONDS))

fuzz: $(FUZZ_BIN)
	$(call run_fuzzers,$(FUZZ_SECONDS))
