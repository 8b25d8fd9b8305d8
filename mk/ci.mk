# SPDX-License-Identifier: MIT
# mk/ci.mk - the long reliability checks (warnings, sanitizers, valgrind,
# fuzzing, soak), run by .ci/run after `make check` (as `make ci`).  Each
# target can be run on its own:
#
#   make ci           every step of CI_STEPS (the top Makefile lists them;
#                     `make help` says what each checks), one after the
#                     other, each once; prints a summary with each step's
#                     time and fails if any step failed (about 28 min on
#                     2 cores shared with other builds; tests/README.md,
#                     "What `make ci` runs", has each step's time)
#   make warnings     libmana/ built by gcc and clang with -Wall -Wextra
#                     -Wpedantic -Wshadow -Wconversion -Werror (and this
#                     fragment's own test programs)
#   make cppcheck     cppcheck --enable=warning,style,performance,portability
#   make check-clang  everything built by clang with -Werror, then the C
#                     parts of `make check` (CHECK_C_PARTS); not the Python,
#                     packaging and document parts, which make check ran
#   make sanitize     the same C parts built with ASan + UBSan, the Python
#                     package loading that libmana (check-python-asan), then
#                     a SAN_SOAK_PLIES soak under the same sanitizers
#   make tsan         one -fsanitize=thread build: tests/soak/threads (perft
#                     and random games in several threads at once),
#                     tests/bots/botsearch (ab on 2 and 4 threads: Lazy SMP,
#                     mcts with Threads 2), tests/soak/botrace (stop,
#                     ponderhit, clear, options, free around a search) and
#                     tests/soak/objects threads
#   make valgrind     CK_FORK=no valgrind --error-exitcode=1 --leak-check=full
#                     $(BUILD_DIR)/tests/check_mana
#   make soak         SOAK_PLIES (1,000,000) plies of random games with every
#                     invariant checked at every ply
#   make coverage     line and branch coverage of libmana/ (gcov + lcov) by
#                     the check runner, a soak, the out-of-memory test
#                     (tests/soak/oom) and the fuzz seed corpora;
#                     fails below COV_MIN_LINES / COV_MIN_BRANCHES percent;
#                     report in $(BUILD_DIR)/coverage/
#   make fuzz-ci      each libFuzzer target for FUZZ_CI_SECONDS (30) seconds:
#                     8 targets, 4 min of fuzzing plus their build (-j2),
#                     so that the step stays near 5 min (60 s each made it
#                     10 min)
#   make fuzz         each libFuzzer target for FUZZ_SECONDS (600) seconds
#
# Builds with other flags (sanitizers, coverage, clang) go to their own
# build directories, $(BUILD_DIR)/ci/<step>, beside the main build and
# without copying the tree.  The fuzzers are built from the sources
# straight into $(BUILD_DIR)/fuzz/, where their working corpora and any
# crash artifacts stay.
#
# Needs (Debian packages): clang, libclang-rt-14-dev (libFuzzer and the
# clang sanitizer runtimes), valgrind, cppcheck, lcov, plus what `make check`
# needs.  `make ci-deps` installs any that are missing.

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
FUZZ_CI_SECONDS ?= 30
FUZZ_RSS_MB ?= 2048
FUZZ_DIR ?= $(B)/fuzz
CI_DIR := $(B)/ci
COV_DIR := $(B)/coverage
FUZZ_TARGETS := mfn move api action batch record
FUZZ_MAXLEN_mfn := 128
FUZZ_MAXLEN_move := 64
FUZZ_MAXLEN_api := 1024
FUZZ_MAXLEN_record := 4096
# += (not :=): fragments read before this one (mk/abi.mk) add to both lists.
CI_PACKAGES += clang libclang-rt-14-dev valgrind cppcheck lcov

STRICT_WARN := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror
INV_SRC := tests/invariants.c tests/ref_movegen.c
# The same compiled once, as the check runner's objects, for the programs
# below (the fuzzers proper compile the sources with their own flags).
INV_OBJ := $(INV_SRC:%.c=$(B)/%.o)
INV_HDR := tests/invariants.h tests/ref_movegen.h
TEST_PROG_CFLAGS = $(BASE_CFLAGS) -Itests -D_POSIX_C_SOURCE=200809L $(CFLAGS)

.PHONY: ci ci-deps warnings cppcheck check-clang sanitize tsan valgrind soak \
    coverage fuzz fuzz-ci fuzz-build check-soak check-oom check-fuzz-corpus clean-ci

SOAK_BIN := $(B)/tests/soak/soak
OOM_BIN := $(B)/tests/soak/oom
THREADS_BIN := $(B)/tests/soak/threads
REPLAY_BIN := $(FUZZ_TARGETS:%=$(B)/tests/fuzz/replay_%)

clean: clean-ci
clean-ci:
	rm -rf $(FUZZ_DIR) $(COV_DIR) $(CI_DIR)

# ---- programs -----------------------------------------------------------
# Built like the check runner, with the same flags ($(SAN) included), so a
# SANITIZE=1 or COVERAGE=1 build directory covers them too.

$(SOAK_BIN): tests/soak/soak.c $(B)/tests/perft_data.o $(INV_OBJ) $(INV_HDR) include/mana.h $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) $(TEST_DATA_DEF) -o $@ tests/soak/soak.c $(B)/tests/perft_data.o $(INV_OBJ) $(LIB_A) \
	    $(LDFLAGS) -lm

# Out of memory on demand: the library's malloc/calloc/realloc wrapped.
$(OOM_BIN): tests/soak/oom.c $(INV_OBJ) $(INV_HDR) include/mana.h $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc \
	    -o $@ tests/soak/oom.c $(INV_OBJ) $(LIB_A) $(LDFLAGS) -lm

$(THREADS_BIN): tests/soak/threads.c $(INV_OBJ) $(INV_HDR) include/mana.h $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -pthread -o $@ tests/soak/threads.c $(INV_OBJ) \
	    $(LIB_A) $(LDFLAGS) -lm -lpthread

# The fuzz targets linked with a plain main() that feeds them files: runs
# the checked-in corpora without clang (make check, coverage, sanitize).
$(B)/tests/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.h \
    $(INV_OBJ) $(INV_HDR) include/mana.h $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -o $@ tests/fuzz/fuzz_$*.c tests/fuzz/replay.c \
	    $(INV_OBJ) $(LIB_A) $(LDFLAGS) -lm

# ---- quick steps of `make check` (tests/README.md lists every part) ------

check-soak: $(SOAK_BIN)
	$(SOAK_BIN) --plies $(CHECK_SOAK_PLIES) --seed $(SOAK_SEED) --quiet

check-oom: $(OOM_BIN)
	$(OOM_BIN)

check-fuzz-corpus: $(REPLAY_BIN)
	@for t in $(FUZZ_TARGETS); do \
	    $(B)/tests/fuzz/replay_$$t tests/fuzz/corpus/$$t || exit 1; \
	done

# ---- other builds -----------------------------------------------------------
# $(call sub_make,STEP,ARGS): make ARGS in the build directory $(CI_DIR)/STEP,
# started afresh.
sub_make = rm -rf $(CI_DIR)/$(1) && \
    $(MAKE) --no-print-directory -j$(CI_JOBS) BUILD_DIR=$(CI_DIR)/$(1) $(2)

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
	@sh tools/deb-install.sh --who "make ci-deps" $(CI_PACKAGES)

warnings: $(REACH_C)
	@for cc in gcc clang; do \
	    for f in $(LIB_SRC) $(REACH_C); do \
	        $$cc $(STRICT_WARN) -O2 -Iinclude -Ilibmana -c -o /dev/null $$f || exit 1; \
	    done; \
	    $$cc $(STRICT_WARN) -O2 -Iinclude -Ilibmana $(POPCNT_FLAGS) -c -o /dev/null \
	        libmana/leaves2.c || exit 1; \
	    $$cc $(STRICT_WARN) -O2 -Iinclude -Ilibmana -Itools -o /dev/null tools/mkreach.c || exit 1; \
	    for f in $(INV_SRC) tests/soak/soak.c tests/soak/threads.c tests/soak/oom.c \
	            $(FUZZ_TARGETS:%=tests/fuzz/fuzz_%.c) tests/fuzz/replay.c; do \
	        $$cc $(STRICT_WARN) -O2 -Iinclude -Itests -D_POSIX_C_SOURCE=200809L \
	            -c -o /dev/null $$f || exit 1; \
	    done; \
	    echo "warnings: libmana/ and the reliability programs clean with $$cc" \
	        "($(STRICT_WARN))"; \
	done

# --force keeps every preprocessor configuration.  The generated table
# is data only; its generator is analysed with the library.
cppcheck:
	cppcheck -q --enable=warning,style,performance,portability --error-exitcode=1 \
	    --force -Iinclude -Ilibmana -Itools libmana/ tools/mkreach.c
	@echo "cppcheck: libmana/ and tools/mkreach.c clean"

# clang: everything built with -Werror (HOSTCC's generator too), then the
# C parts of make check, then the C programs no such part builds.
CLANG_MAKE := CC=clang HOSTCC=clang CFLAGS='-O2 -g -Werror'
CLANG_EXTRA = $(BENCH_BIN) $(TUNE_FEATURES) $(LEARN_CHECK) $(OBJECTS_BIN) $(BOTRACE_BIN) $(RL_BENCH_BIN)
check-clang:
	$(Q)set -e; d=$(CI_DIR)/clang; \
	$(call sub_make,clang,$(CLANG_MAKE) check CHECK_PARTS='$(CHECK_C_PARTS)'); \
	$(MAKE) --no-print-directory -j$(CI_JOBS) BUILD_DIR=$$d $(CLANG_MAKE) $(CLANG_EXTRA:$(B)/%=$$d/%); \
	echo "check-clang: everything built by clang -Werror; make check's C parts pass"

# ASan + UBSan: the C parts of make check, the Python package loading the
# sanitized libmana (check-python-asan), then a longer soak.
sanitize:
	$(Q)set -e; d=$(CI_DIR)/sanitize; \
	export $(SAN_ENV); \
	$(call sub_make,sanitize,SANITIZE=1 check CHECK_PARTS='$(CHECK_C_PARTS) check-python-asan'); \
	$(MAKE) --no-print-directory BUILD_DIR=$$d SANITIZE=1 $$d/tests/soak/soak; \
	$$d/tests/soak/soak --plies $(SAN_SOAK_PLIES) --seed 7 --quiet; \
	echo "sanitize: make check's C parts, Python's load and a $(SAN_SOAK_PLIES)-ply soak pass under ASan + UBSan"

# One ThreadSanitizer build: libmana from several threads, the bots'
# threaded search, the races mana_bot.h allows (stop, ponderhit from
# another thread; mk/hardening.mk) and the threads of the object table.
TSAN_PROGS := tests/soak/threads tests/bots/botsearch tests/soak/botrace tests/soak/objects
tsan:
	$(Q)set -e; d=$(CI_DIR)/tsan; \
	$(call sub_make,tsan,SANITIZE=thread $(TSAN_PROGS:%=$$d/%)); \
	export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1; \
	$$d/tests/soak/threads; $$d/tests/bots/botsearch; $$d/tests/soak/botrace; \
	$$d/tests/soak/objects threads; \
	echo "tsan: threads, botsearch, botrace and objects threads pass under ThreadSanitizer"

valgrind: $(CHECK_BIN)
	$(Q)CK_FORK=no valgrind -q --error-exitcode=1 --leak-check=full $(CHECK_BIN)
	@echo "valgrind: no error, no leak"

soak: $(SOAK_BIN)
	$(SOAK_BIN) --plies $(SOAK_PLIES) --seed $(SOAK_SEED) --quiet

coverage:
	$(Q)set -e; d=$(CI_DIR)/coverage; \
	$(call sub_make,coverage,COVERAGE=1 CFLAGS='-O0 -g' \
	    $$d/tests/check_mana $$d/tests/soak/soak $$d/tests/soak/oom \
	    $(FUZZ_TARGETS:%=$$d/tests/fuzz/replay_%)); \
	$$d/tests/check_mana >/dev/null && $$d/tests/soak/oom >/dev/null && \
	$$d/tests/soak/soak --plies $(COV_SOAK_PLIES) --quiet >/dev/null && \
	for t in $(FUZZ_TARGETS); do $$d/tests/fuzz/replay_$$t tests/fuzz/corpus/$$t >/dev/null; done; \
	rm -rf $(COV_DIR); mkdir -p $(COV_DIR); \
	lcov -q --rc lcov_branch_coverage=1 --capture --directory $$d/libmana \
	    --base-directory $(CURDIR) -o $$d/all.info >$$d/lcov.log 2>&1 || \
	    { cat $$d/lcov.log; exit 1; }; \
	lcov -q --rc lcov_branch_coverage=1 --extract $$d/all.info '$(CURDIR)/libmana/*' \
	    -o $$d/libmana.info >$$d/lcov.log 2>&1 || { cat $$d/lcov.log; exit 1; }; \
	sed "s|$(CURDIR)/||g" $$d/libmana.info > $(COV_DIR)/libmana.info; \
	lcov --rc lcov_branch_coverage=1 --list $(COV_DIR)/libmana.info; \
	genhtml -q --branch-coverage -o $(COV_DIR)/html $(COV_DIR)/libmana.info \
	    >/dev/null 2>&1 || true; \
	lcov --rc lcov_branch_coverage=1 --summary $(COV_DIR)/libmana.info 2>&1 | \
	    tee $(COV_DIR)/summary.txt; \
	lines=$$(sed -n 's/^ *lines\.*: \([0-9.]*\)%.*/\1/p' $(COV_DIR)/summary.txt); \
	branches=$$(sed -n 's/^ *branches\.*: \([0-9.]*\)%.*/\1/p' $(COV_DIR)/summary.txt); \
	echo "coverage of libmana/: lines $$lines%, branches $$branches%" \
	    "(target $(COV_MIN_LINES)% / $(COV_MIN_BRANCHES)%; report $(COV_DIR)/html)"; \
	awk -v l="$$lines" -v b="$$branches" \
	    'BEGIN { exit !(l + 0 >= $(COV_MIN_LINES) && b + 0 >= $(COV_MIN_BRANCHES)) }' || \
	    { echo "coverage: below target"; exit 1; }

# ---- fuzzing ---------------------------------------------------------------

FUZZ_BIN := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)
FUZZ_CFLAGS := -std=c11 -g -O1 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Iinclude -Ilibmana -Itests

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(INV_SRC) $(INV_HDR) \
    $(LIB_SRC) $(LIB_HDR) $(REACH_C)
	@mkdir -p $(@D)
	$(call say,FUZZCC,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(INV_SRC) $(LIB_SRC) $(REACH_C)

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
	        record) len=$(FUZZ_MAXLEN_record);; \
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

# (the targets built -j$(CI_JOBS) first: make ci runs each step without -j)
fuzz-ci:
	$(Q)$(MAKE) --no-print-directory -j$(CI_JOBS) fuzz-build
	$(call run_fuzzers,$(FUZZ_CI_SECONDS))

fuzz: $(FUZZ_BIN)
	$(call run_fuzzers,$(FUZZ_SECONDS))
