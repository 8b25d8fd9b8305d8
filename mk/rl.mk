# SPDX-License-Identifier: MIT
# rl.mk - benchmarks of the reinforcement-learning calls (action ids,
# observations, batched games) in C and through Python.
#
#   make bench-rl   tests/rlbench/bench_rl (C) then tests/rlbench/bench_env.py
#                   (Python, the package installed in build/python/venv);
#                   prints two Markdown tables (about a minute).  Never judges.
#                   RL_BENCH_ARGS: e.g. --runs 3 --seconds 0.3

RL_BENCH_BIN := $(B)/tests/rlbench/bench_rl
RL_BENCH_ARGS ?=

.PHONY: bench-rl

$(RL_BENCH_BIN): tests/rlbench/bench_rl.c $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CFLAGS) -o $@ $< $(LIB_A) $(LDFLAGS)

bench-rl: $(RL_BENCH_BIN) $(PY_STAMP)
	$(RL_BENCH_BIN) $(RL_BENCH_ARGS)
	cd $(PY_BUILD) && venv/bin/python '$(CURDIR)/tests/rlbench/bench_env.py' $(RL_BENCH_ARGS)

# The self-play run on a real Dask cluster that loses a worker, on one
# whose scheduler is restarted mid-run, and a driver killed mid-run
# (bindings/python/tests/test_selfplay.py, about two and a half minutes):
# part of `make ci`.
.PHONY: check-selfplay
check-selfplay: $(PY_STAMP)
	cd $(PY_BUILD) && MANA_SLOW_TESTS=1 venv/bin/python -m pytest -q -p no:cacheprovider \
	    '$(CURDIR)/bindings/python/tests/test_selfplay.py'

# One match on a real LocalCluster of 2 workers in blocks of game pairs
# (python3 -m mana.match), a worker killed mid-block and the driver killed
# once and resumed, and a separate scheduler restarted mid-match, each
# against `mana-cli match --jobs 1`
# (bindings/python/tests/test_match_dask.py, about 1.5 minutes): part of
# `make ci`.
.PHONY: check-dask-match
check-dask-match: $(PY_STAMP) $(CLI)
	cd $(PY_BUILD) && MANA_SLOW_TESTS=1 venv/bin/python -m pytest -q -p no:cacheprovider \
	    '$(CURDIR)/bindings/python/tests/test_match_dask.py'
