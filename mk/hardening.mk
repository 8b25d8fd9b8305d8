# SPDX-License-Identifier: MIT
# mk/hardening.mk - the bots' API and the engine protocol tried by search,
# not by example (after mk/ci.mk, whose fuzzing and corpus replay they
# join):
#
#   tests/fuzz/fuzz_bot     libFuzzer: call sequences of mana_bot_* with
#                           invariants after each call
#   tests/fuzz/fuzz_engine  libFuzzer: `mana-cli engine` protocol lines
#                           through its command handler (eng_line)
#
# Both are in FUZZ_TARGETS: `make check` replays their seed corpora
# (check-fuzz-corpus), `make fuzz-ci` and `make fuzz` run them.

FUZZ_TARGETS += bot engine

# The engine's files the protocol handler needs (not main.c and the
# other commands).
ENGINE_SRC := cli/engine/engine_loop.c cli/engine/engine_go.c cli/engine/engine_out.c cli/common.c cli/options.c \
    cli/platform_$(CLI_PLATFORM).c
ENGINE_OBJ := $(ENGINE_SRC:%.c=$(B)/%.o)

$(B)/tests/fuzz/replay_bot: tests/fuzz/fuzz_bot.c tests/fuzz/replay.c tests/fuzz/fuzz.h \
    $(INV_OBJ) $(INV_HDR) $(BOT_HDR) $(BOTS_A) $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -o $@ tests/fuzz/fuzz_bot.c tests/fuzz/replay.c \
	    $(INV_OBJ) $(BOTS_A) $(LIB_A) $(LDFLAGS) -lm -lpthread

$(B)/tests/fuzz/replay_engine: tests/fuzz/fuzz_engine.c tests/fuzz/replay.c tests/fuzz/fuzz.h \
    $(INV_OBJ) $(INV_HDR) $(CLI_HDR) $(ENGINE_OBJ) $(BOTS_A) $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(TEST_PROG_CFLAGS) -o $@ tests/fuzz/fuzz_engine.c tests/fuzz/replay.c \
	    $(INV_OBJ) $(ENGINE_OBJ) $(BOTS_A) $(LIB_A) $(LDFLAGS) -lm -lpthread

FUZZ_BOT_SRC := $(INV_SRC) $(BOT_SRC) $(LIB_SRC) $(REACH_C)

$(FUZZ_DIR)/fuzz_bot: tests/fuzz/fuzz_bot.c tests/fuzz/fuzz.h $(INV_HDR) $(FUZZ_BOT_SRC) $(LIB_HDR) $(BOT_HDR)
	@mkdir -p $(@D)
	$(call say,FUZZCC,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -D_POSIX_C_SOURCE=200809L -pthread -o $@ $< $(FUZZ_BOT_SRC)

$(FUZZ_DIR)/fuzz_engine: tests/fuzz/fuzz_engine.c tests/fuzz/fuzz.h $(INV_HDR) $(FUZZ_BOT_SRC) $(ENGINE_SRC) \
    $(LIB_HDR) $(CLI_HDR)
	@mkdir -p $(@D)
	$(call say,FUZZCC,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -D_POSIX_C_SOURCE=200809L -Ibots -pthread -o $@ $< $(ENGINE_SRC) $(FUZZ_BOT_SRC)

# mk/ci.mk listed its targets' programs before these two joined
check-fuzz-corpus: $(B)/tests/fuzz/replay_bot $(B)/tests/fuzz/replay_engine
fuzz-build fuzz: $(FUZZ_DIR)/fuzz_bot $(FUZZ_DIR)/fuzz_engine

# ---- races: stop, ponderhit, clear, options and free around a search ------
# tests/soak/botrace, built with -fsanitize=thread and run by `make tsan`
# (mk/ci.mk), in the same ThreadSanitizer build as tests/soak/threads.

BOTRACE_BIN := $(B)/tests/soak/botrace

$(BOTRACE_BIN): tests/soak/botrace.c $(BOT_HDR) include/mana.h $(BOTS_A) $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CFLAGS) -o $@ $< $(BOTS_A) $(LIB_A) \
	    $(LDFLAGS) -lm -lpthread

# ---- the C rows of the object table (docs/objects-c.md) -------------------
#   make check-objects  tests/soak/objects (a million games, 300 bots, fork,
#                       signals: about a second, but a step of `make ci`
#                       until tests/README.md's table of make check's parts,
#                       which check-parts compares, lists it)

OBJECTS_BIN := $(B)/tests/soak/objects

$(OBJECTS_BIN): tests/soak/objects.c $(BOT_HDR) $(PUBLIC_HDR) $(BOTS_A) $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_GNU_SOURCE $(CFLAGS) -o $@ $< $(BOTS_A) $(LIB_A) \
	    $(LDFLAGS) -lm -lpthread

.PHONY: check-objects
check-objects: $(OBJECTS_BIN)
	$(OBJECTS_BIN)
