# SPDX-License-Identifier: MIT
# bench.mk - performance: rates, medians, instruction counts.
#
#   make bench        the full benchmark (a few minutes), compared with the
#                     run recorded in BENCHMARKS.md; BENCH_ARGS=--json
#                     prints one JSON object instead
#   make bench-record the same, then the run replaces the recorded one: the
#                     section of BENCHMARKS.md between the lines
#                     <!-- bench:begin --> and <!-- bench:end --> (summary,
#                     table, JSON block); the rest of the file is kept
#
# check-alloc and check-bench are parts of `make check` (tests/README.md lists
# them all).  check-bench runs the benchmark for a few seconds (figures kept
# in a file, never judged) and records a quick run twice into a copy of
# BENCHMARKS.md (tests/bench/check-record.sh).
#
# The bench and the allocation check count heap calls by wrapping malloc,
# calloc and realloc at link time (tests/perf/malloc_count.c).

PERFT_FILE ?= tests/data/perft.txt
BENCH_ARGS ?=
BENCH_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
BENCH_BIN := $(B)/tests/bench/bench
ALLOC_BIN := $(B)/tests/perf/check_alloc
BENCH_OBJ := $(patsubst %.c,$(B)/%.o,$(sort $(wildcard tests/bench/*.c))) \
    $(B)/tests/perf/malloc_count.o $(B)/tests/bench/ref_movegen.o $(B)/cli/par_perft.o
ALLOC_OBJ := $(B)/tests/perf/check_alloc.o $(B)/tests/perf/malloc_count.o

.PHONY: bench bench-record check-bench check-alloc

# The reference generator is built again here, without the check flags.
$(B)/tests/bench/ref_movegen.o: tests/ref_movegen.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/tests/bench/%.o: tests/bench/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -Icli -Ibots -Itests -Itests/perf -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/tests/perf/%.o: tests/perf/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -Ibots -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BENCH_BIN): $(BENCH_OBJ) $(LIB_A)
	$(call say,LD,$@)
	$(Q)$(CC) $(SAN) $(CFLAGS) -o $@ $(BENCH_OBJ) $(LIB_A) $(LDFLAGS) $(BENCH_WRAP) -lpthread

$(ALLOC_BIN): $(ALLOC_OBJ) $(LIB_A)
	$(call say,LD,$@)
	$(Q)$(CC) $(SAN) $(CFLAGS) -o $@ $(ALLOC_OBJ) $(LIB_A) $(LDFLAGS) $(BENCH_WRAP)

bench: $(BENCH_BIN)
	$(BENCH_BIN) --perft-file '$(PERFT_FILE)' --compare BENCHMARKS.md $(BENCH_ARGS)

bench-record: $(BENCH_BIN)
	$(BENCH_BIN) --perft-file '$(PERFT_FILE)' --record BENCHMARKS.md $(BENCH_ARGS)

# The figures of the quick run go to a file: `make check` prints no table.
check-bench: $(BENCH_BIN)
	$(Q)$(BENCH_BIN) --quick --perft-file '$(PERFT_FILE)' >$(B)/bench-quick.txt
	$(Q)tests/bench/check-record.sh $(BENCH_BIN) BENCHMARKS.md '$(PERFT_FILE)'
	@echo "check-bench: the quick benchmark ran (figures in $(B)/bench-quick.txt; make bench for the full table)"

check-alloc: $(ALLOC_BIN)
	$(ALLOC_BIN)
