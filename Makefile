# SPDX-License-Identifier: MIT
# libmana - build, test and install.  GNU make.
#
#   make            build/libmana.so (with soname), build/libmana.a,
#                   build/libmana-bots.so and .a (the bots, include/mana_bot.h),
#                   build/mana-cli; BUILD_DIR=dir builds elsewhere
#   make demo       one whole game of Mana on screen (needs only cc and make)
#   make check      every test (installs the check, pkg-config, mandoc and
#                   groff-base packages with apt-get first if they are
#                   missing, saying so in one line); each part runs even if another failed,
#                   and the output ends with the line `N passed, N failed`
#                   (N: parts of the check; tests/README.md, "What `make check`
#                   runs", lists them; make -s print-check-parts names them)
#   make help       the two tiers (make check, make ci), part by part, and
#                   the other targets
#   make V=1 ...    show the commands
#   make SANITIZE=1 check   the same tests under ASan + UBSan
#
# The version lives only in include/mana.h, read by tools/version.sh
# (`make -s version` prints it).

VERSION := $(shell sh tools/version.sh)
MAJOR := $(firstword $(subst ., ,$(VERSION)))
MINOR := $(word 2,$(subst ., ,$(VERSION)))

CC ?= cc
HOSTCC ?= cc
CFLAGS ?= -O2 -g
LDFLAGS ?=
CPPFLAGS ?=
AR ?= ar
OBJCOPY ?= objcopy
PYTHON ?= python3

WARN := -std=c11 -Wall -Wextra -Wpedantic
ifeq ($(SANITIZE),1)
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
endif
ifeq ($(SANITIZE),thread)
SAN := -fsanitize=thread
endif
ifeq ($(COVERAGE),1)
SAN += --coverage
endif
BASE_CFLAGS := $(WARN) -Iinclude $(SAN)
# -MMD -MP: each object's headers go to a .d file beside it, so a header
# change rebuilds exactly the objects that include it.
DEPFLAGS = -MMD -MP

ifeq ($(V),1)
Q :=
say = @true
else
Q := @
say = @printf '  %-6s %s\n' $(1) $(2)
endif

# ---- where everything goes ---------------------------------------------------
# Every object and product is built under BUILD_DIR, nothing beside the
# sources: `make BUILD_DIR=build/clang CC=clang check` is a second build
# of the same tree.  LIB_A, LIB_SO and CLI name the products for the
# fragments in mk/ (LIB_SO is the libmana.so development link; SONAME and
# SHLIB are the bare file names, as installed).
BUILD_DIR ?= build
B := $(BUILD_DIR)

# ---- the target platform -------------------------------------------------------
# What the compiler builds for (its -dumpmachine; uname -s for a compiler
# that does not say) decides the kind of shared library and how it is
# linked: ELF with GNU ld (Linux, the BSDs: the default), Windows
# (mingw-w64: DLLs with import libraries, programs named .exe) or Darwin
# (.dylib with an install name, Apple's ld).  Nothing else differs.
CC_MACHINE := $(shell $(CC) -dumpmachine 2>/dev/null)
ifneq ($(findstring mingw,$(CC_MACHINE))$(findstring cygwin,$(CC_MACHINE)),)
TARGET_OS := windows
else ifneq ($(findstring apple,$(CC_MACHINE))$(findstring darwin,$(CC_MACHINE)),)
TARGET_OS := darwin
else ifeq ($(if $(CC_MACHINE),,$(shell uname -s)),Darwin)
TARGET_OS := darwin
else
TARGET_OS := elf
endif

ifeq ($(TARGET_OS),windows)
# libmana.dll, its import library libmana.dll.a (what -lmana finds: the
# development link) and mana-cli.exe.  MSVCRT's printf knows neither %zu
# nor %llu; mingw-w64's own (C99) stdio does, and gcc then checks the
# formats as C99's.
EXE := .exe
SONAME := libmana.dll
SHLIB := libmana.dll
LIB_SO := $(B)/libmana.dll.a
BASE_CFLAGS += -D__USE_MINGW_ANSI_STDIO=1
else ifeq ($(TARGET_OS),darwin)
EXE :=
SONAME := libmana.$(MAJOR).dylib
SHLIB := libmana.$(VERSION).dylib
LIB_SO := $(B)/libmana.dylib
else
# 64-bit file offsets and inode numbers on 32-bit targets too (i686):
# without them stat and readdir fail with EOVERFLOW on a large file
# system.  (A no-op on 64-bit targets; no public type uses off_t.)
BASE_CFLAGS += -D_FILE_OFFSET_BITS=64
EXE :=
SONAME := libmana.so.$(MAJOR)
SHLIB := libmana.so.$(VERSION)
LIB_SO := $(B)/libmana.so
endif
# 32-bit x86: floating point in SSE2 registers, not the x87's 80-bit
# ones, whose extra precision in the middle of an expression changed
# mcts's choices (tests/cross/answers.c holds every target to x86-64's
# answers).  Needs a Pentium 4 or later.
ifneq ($(filter i386-% i486-% i586-% i686-%,$(CC_MACHINE)),)
BASE_CFLAGS += -msse2 -mfpmath=sse
endif
LIB_A := $(B)/libmana.a
LIB_SONAME := $(B)/$(SONAME)
LIB_SHLIB := $(B)/$(SHLIB)
CLI := $(B)/mana-cli$(EXE)
CHECK_BIN := $(B)/tests/check_mana

# The reach tables, written at build time by tools/mkreach.c, a program
# built with the build machine's compiler (HOSTCC) so that cross builds
# still run it.
MKREACH := $(B)/tools/mkreach
REACH_C := $(B)/gen/reach_table.c

LIB_SRC := $(sort $(wildcard libmana/*.c))
# The installed headers: mana.h, which includes mana_ml.h.
PUBLIC_HDR := include/mana.h include/mana_ml.h
LIB_HDR := $(PUBLIC_HDR) $(wildcard libmana/*.h)
# On x86, perft's two-ply counter is also built with the POPCNT
# instruction, as a second object chosen at run time (libmana/leaves2.c).
ifneq ($(filter x86_64-% i386-% i486-% i586-% i686-%,$(CC_MACHINE)),)
LIB_POPCNT := leaves2_popcnt
endif
LIB_NAMES := $(LIB_SRC:libmana/%.c=libmana/%) $(LIB_POPCNT:%=libmana/%) gen/reach_table
LIB_OBJ := $(LIB_NAMES:%=$(B)/%.o)
LIB_PIC := $(LIB_NAMES:%=$(B)/%.pic.o)
LIB_CFLAGS = $(BASE_CFLAGS) -Ilibmana -fvisibility=hidden $(CPPFLAGS) $(CFLAGS)

# libmana-bots (bots/: random, ab, mcts; include/mana_bot.h) and the
# programs of mana-cli (cli/) use only libmana's public API.  The bots'
# shared library exports only mana_bot_* (bots/libmana-bots.map) and
# needs libmana.so, found beside it ($ORIGIN) or on the usual path; its
# static archive shows only mana_bot_* too (BOTS_A_OBJ below).  Their
# objects are compiled with hidden visibility, MANA_API marking the
# public functions.
BOT_SRC := $(sort $(wildcard bots/*.c))
BOT_HDR := include/mana_bot.h $(wildcard bots/*.h)
BOT_OBJ := $(BOT_SRC:%.c=$(B)/%.o)
BOT_PIC := $(BOT_SRC:%.c=$(B)/%.pic.o)
ifeq ($(TARGET_OS),windows)
BOTS_SONAME := libmana-bots.dll
BOTS_SHLIB := libmana-bots.dll
BOTS_SO := $(B)/libmana-bots.dll.a
else ifeq ($(TARGET_OS),darwin)
BOTS_SONAME := libmana-bots.$(MAJOR).dylib
BOTS_SHLIB := libmana-bots.$(VERSION).dylib
BOTS_SO := $(B)/libmana-bots.dylib
else
BOTS_SONAME := libmana-bots.so.$(MAJOR)
BOTS_SHLIB := libmana-bots.so.$(VERSION)
BOTS_SO := $(B)/libmana-bots.so
endif
BOTS_A := $(B)/libmana-bots.a
BOTS_SONAME_LINK := $(B)/$(BOTS_SONAME)
BOTS_SHLIB_FILE := $(B)/$(BOTS_SHLIB)
BOT_CFLAGS = $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -fvisibility=hidden $(CPPFLAGS) $(CFLAGS)
BOTS_A_OBJ := $(B)/libmana-bots.o
# One platform layer (cli/platform.h): platform_win32.c on Windows,
# platform_posix.c elsewhere.
CLI_PLATFORM := $(if $(filter windows,$(TARGET_OS)),win32,posix)
# The engine (cli/engine/) and the match runner (cli/match/) have folders
# of their own; the subcommands sit in cli/.
CLI_SRC := $(sort $(filter-out cli/platform_%.c,$(wildcard cli/*.c)) cli/platform_$(CLI_PLATFORM).c \
    $(wildcard cli/engine/*.c cli/match/*.c))
CLI_HDR := $(wildcard cli/*.h cli/engine/*.h cli/match/*.h) $(BOT_HDR)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/%.o)

TEST_SRC := $(sort $(wildcard tests/*.c))
TEST_HDR := $(wildcard tests/*.h)
TEST_OBJ := $(TEST_SRC:%.c=$(B)/%.o)
# Recursively expanded: read only when a test is built, after `deps`.
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)

CLEAN_FILES :=

# ---- the two tiers -------------------------------------------------------------
# What `make check` and `make ci` run, in order, written here and nowhere
# else: no fragment of mk/ adds to these lists (check-parts fails if one
# does).  Each part or step is a target of its own (`make PART`), most
# defined in a fragment of mk/; `make help` says what each checks.
#
# make check: the quick tier, every commit (tests/README.md's table "What
# `make check` runs" describes each part; check-parts holds it to this
# list).
CHECK_PARTS = check-unit check-version check-deb-install check-alloc check-bench \
    check-bot-reports check-match-interval check-soak check-oom check-fuzz-corpus \
    check-cli check-ffi check-exports check-header check-man check-examples \
    check-layering check-doc-names check-parts check-setup-plain check-list-plain \
    check-python check-tune check-solve check-match
# The parts that test C programs, which make ci runs again in its other
# builds (check-clang, sanitize); not the Python, packaging and document
# parts, whose result no compiler or sanitizer changes.
CHECK_C_PARTS = check-unit check-alloc check-bot-reports check-match-interval \
    check-soak check-oom check-fuzz-corpus check-cli check-header check-examples \
    check-setup-plain check-list-plain check-solve check-match
# make ci: everything else, each once (mk/ci.mk runs them and sums up).
CI_STEPS = abi-check check-abi-breaks warnings cppcheck check-clang sanitize tsan \
    valgrind soak coverage fuzz-ci check-tactics check-setups check-cmake check-ffi-all check-format \
    check-objects check-python-long check-mypy check-selfplay check-dask-match check-learn match-long \
    check-wine check-cross

.PHONY: all demo check check-unit check-version check-deb-install deps clean version print-check-parts print-embed help
all: $(LIB_SO) $(LIB_A) $(BOTS_SO) $(BOTS_A) $(CLI)

include $(sort $(wildcard mk/*.mk))

# ---- the reach tables ------------------------------------------------------
$(MKREACH): tools/mkreach.c tools/reach_magics.h libmana/bitboard.h libmana/action_steps.h include/mana.h
	@mkdir -p $(@D)
	$(call say,HOSTCC,$@)
	$(Q)$(HOSTCC) -std=c11 -O2 -Iinclude -Ilibmana -Itools -o $@ $<

$(REACH_C): $(MKREACH)
	@mkdir -p $(@D)
	$(call say,GEN,$@)
	$(Q)$(MKREACH) >$@.tmp && mv -f $@.tmp $@

# ---- the library ----------------------------------------------------------
$(B)/libmana/%.o: libmana/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(LIB_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/libmana/%.pic.o: libmana/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(LIB_CFLAGS) -fPIC $(DEPFLAGS) -c -o $@ $<

$(B)/gen/reach_table.o: $(REACH_C)
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(LIB_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/gen/reach_table.pic.o: $(REACH_C)
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(LIB_CFLAGS) -fPIC $(DEPFLAGS) -c -o $@ $<

POPCNT_FLAGS := -mpopcnt -DMANA_LEAVES2_POPCNT
$(B)/libmana/leaves2_popcnt.o: libmana/leaves2.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(LIB_CFLAGS) $(POPCNT_FLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/libmana/leaves2_popcnt.pic.o: libmana/leaves2.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(LIB_CFLAGS) $(POPCNT_FLAGS) -fPIC $(DEPFLAGS) -c -o $@ $<

ifdef LIB_POPCNT
$(B)/libmana/leaves2.o $(B)/libmana/leaves2.pic.o: CPPFLAGS += -DMANA_POPCNT_DISPATCH
endif

# The shared library, here with GNU ld; mk/windows.mk and mk/darwin.mk
# link the DLL and the .dylib.
ifeq ($(TARGET_OS),elf)
$(LIB_SHLIB): $(LIB_PIC) libmana/libmana.map
	$(call say,LD,$@)
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=libmana/libmana.map \
	    $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_PIC)

$(LIB_SONAME): $(LIB_SHLIB)
	$(Q)ln -sf $(SHLIB) $@

$(LIB_SO): $(LIB_SONAME)
	$(Q)ln -sf $(SONAME) $@
endif

$(LIB_A): $(LIB_OBJ)
	$(call say,AR,$@)
	$(Q)rm -f $@ && $(AR) rcs $@ $(LIB_OBJ)

# ---- libmana-bots (libmana's public API only) --------------------------------
$(B)/bots/%.o: bots/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(BOT_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(B)/bots/%.pic.o: bots/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(BOT_CFLAGS) -fPIC $(DEPFLAGS) -c -o $@ $<

# The static archive holds one object: the bots' objects linked into one
# (a partial link, -r) whose hidden names, every one but the MANA_API
# functions, are then made local (objcopy --localize-hidden).  So a
# program linking libmana-bots.a sees mana_bot_* of it and nothing else,
# as one linking libmana-bots.so does, and its own ab_*, tt_*, mcts_*
# names never clash with the bots' (check-exports holds the archive to
# tests/exports-bots.txt).  The code is the objects' own, unchanged.
# Tests and tools that call the bots' internals link $(BOT_OBJ) instead.
# (Rebuilt when the Makefile changes: the hidden visibility that the
# archive relies on is a flag of BOT_CFLAGS.)
# On 32-bit x86, position-independent code reads its address through
# the compiler's hidden __x86.get_pc_thunk.* helpers, one copy of each
# kept by the linker out of every object's COMDAT group of that name:
# made local, the copy it keeps would hide the helper from libmana.a's
# objects and the copies it drops would leave dangling references, so
# the second objcopy makes them global again (hidden still).  Elsewhere
# no such name exists and it changes nothing.
$(BOT_OBJ): Makefile
# (Apple's ld -r makes hidden names local itself, and PE objects have no
# visibility: mk/darwin.mk and mk/windows.mk link this object there.)
ifeq ($(TARGET_OS),elf)
$(BOTS_A_OBJ): $(BOT_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) -r -nostdlib -o $@.tmp $(BOT_OBJ) && $(OBJCOPY) --localize-hidden $@.tmp $@.tmp2 && \
	    $(OBJCOPY) --wildcard --globalize-symbol='__x86.get_pc_thunk.*' $@.tmp2 $@ && \
	    rm -f $@.tmp $@.tmp2
endif

$(BOTS_A): $(BOTS_A_OBJ)
	$(call say,AR,$@)
	$(Q)rm -f $@ && $(AR) rcs $@ $(BOTS_A_OBJ)

ifeq ($(TARGET_OS),elf)
$(BOTS_SHLIB_FILE): $(BOT_PIC) bots/libmana-bots.map $(LIB_SO)
	$(call say,LD,$@)
	$(Q)$(CC) -shared -Wl,-soname,$(BOTS_SONAME) -Wl,--version-script=bots/libmana-bots.map \
	    -Wl,-rpath,'$$ORIGIN' $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(BOT_PIC) -L$(B) -lmana -lm -lpthread

$(BOTS_SONAME_LINK): $(BOTS_SHLIB_FILE)
	$(Q)ln -sf $(BOTS_SHLIB) $@

$(BOTS_SO): $(BOTS_SONAME_LINK)
	$(Q)ln -sf $(BOTS_SONAME) $@
endif

# ---- libmana and libmana-bots in one private shared object --------------------
# For a binding that carries its own copy (the Python wheel's
# mana/_libmana.so, bindings/python/setup.py): the PIC objects of both
# libraries linked into one file with no soname, no runpath and no
# dependency on libmana.so, so it works under any name and in any
# directory.  libmana/libmana.map exports mana_* (the bots' mana_bot_*
# among them) and nothing else.  Not installed.
# (libmana-embed.dll on Windows, libmana-embed.dylib on Darwin: make -s
# print-embed names it.)
ifeq ($(TARGET_OS),elf)
EMBED_SO := $(B)/libmana-embed.so
$(EMBED_SO): $(LIB_PIC) $(BOT_PIC) libmana/libmana.map
	$(call say,LD,$@)
	$(Q)$(CC) -shared -Wl,--version-script=libmana/libmana.map \
	    $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_PIC) $(BOT_PIC) -lm -lpthread
endif
print-embed:
	@echo $(EMBED_SO)

# ---- the CLI (public APIs only, linked statically so it runs in place) ----
$(B)/cli/%.o: cli/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

ifneq ($(TARGET_OS),windows)
$(CLI): $(CLI_OBJ) $(BOTS_A) $(LIB_A)
	$(call say,LD,$@)
	$(Q)$(CC) $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BOTS_A) $(LIB_A) -lm -lpthread
endif

# ---- make help: the tiers, one line a part, and the main targets -----------
# A part's line: its name, then what it checks.  check-parts fails if a
# part of CHECK_PARTS or a step of CI_STEPS has no line here.
define HELP_TEXT
make check: the quick tier (every commit; tests/README.md describes each part)
  check-unit            the unit suites of libmana (tests/check_*.c)
  check-version         one version, in include/mana.h, with its NEWS.md section
  check-deb-install     tools/deb-install.sh against a stand-in apt-get
  check-alloc           no heap call in the hot functions of libmana
  check-bench           a few seconds of the benchmark (figures never judged)
  check-bot-reports     the bots' reports of forced results
  check-match-interval  the match summary's 95% Elo interval, text and JSON
  check-soak            20,000 plies of random games, every invariant each ply
  check-oom             each allocating call with the allocation failing
  check-fuzz-corpus     the fuzz targets replayed on their seed corpora
  check-cli             the bots' suites and mana-cli through the binary
  check-ffi             the C ABI from LuaJIT, Ruby, Node (missing ones skipped)
  check-exports         the libraries export exactly tests/exports*.txt
  check-header          each public header compiles alone: C99, C11, C++
  check-man             man pages lint clean and name every export
  check-examples        examples/c build and run
  check-layering        no circle between the files of libmana/, bots/, cli/
  check-doc-names       no stale document name
  check-parts           these lists only in the Makefile; tests/README.md's table
  check-setup-plain     the setup suite against the plain (no BMI2) build
  check-list-plain      the move suites against the plain (no BMI1, POPCNT) build
  check-python          the Python package's pytest suite (gcc build)
  check-tune            the tuner, and the learned evaluation's C inference
  check-solve           the exact solver, and ab's wins it proves
  check-match           the match statistics against fishtest's; clocks
make ci: the long checks, each once (.ci/run, after make check)
  abi-check             the ABI against the stored release (abidiff)
  check-abi-breaks      abi-check fails on real breaks in a copy of the tree
  warnings              libmana/ -Wshadow -Wconversion -Werror, gcc and clang
  cppcheck              cppcheck on libmana/ and tools/mkreach.c
  check-clang           a clang -Werror build, and make check's C parts
  sanitize              ASan+UBSan: make check's C parts, Python's load, a soak
  tsan                  ThreadSanitizer: threads, bot search, the bots' races
  valgrind              the unit runner under valgrind, no error, no leak
  soak                  1,000,000 plies of random games
  coverage              line and branch coverage of libmana/, with floors
  fuzz-ci               each libFuzzer target FUZZ_CI_SECONDS (30) s
  check-tactics         ab and mcts on the solver-judged tactics; floors held
  check-setups          20 setups judged sound by the solver
  check-cmake           the CMake build against the Makefile's
  check-ffi-all         check-ffi, a missing interpreter failing
  check-format          every C file as .clang-format says
  check-objects         the C rows of docs/objects-c.md
  check-python-long     pip install failures; the training examples end to end
  check-mypy            mypy --strict, once
  check-selfplay        self-play on a real Dask cluster losing a worker
  check-dask-match      a match on a real Dask cluster losing a worker
  check-learn           the learned evaluation's pipeline, short
  match-long            what a match never loses; a real clock; an SPRT
  check-wine            the Windows build under Wine
  check-cross           aarch64, s390x, i686 under qemu; x86-64's answers
other targets
  all (default)         libmana, libmana-bots (.so, .a) and mana-cli in build/
  demo                  one whole game on screen
  install, uninstall    PREFIX, DESTDIR as usual
  ci-deps               the Debian packages make ci needs
  check-web             WebAssembly, the JavaScript package, the web board
  bench, fuzz, icount   the benchmark, long fuzzing, instruction counts
  format, clean         clang-format the tree; remove build/
  PART                  any part or step above alone, e.g. make check-unit
endef
help:
	@: $(info $(HELP_TEXT))

# The version, for scripts: make -s version
version:
	@echo $(VERSION)

# tools/deb-install.sh, the one install script, against a stand-in apt-get.
check-deb-install:
	$(Q)sh tests/pkg/check-deb-install.sh

check-version:
	$(Q)sh tools/version.sh --check

demo: $(CLI)
	$(CLI) selfplay --seed 7

# ---- tests -----------------------------------------------------------------
# Before anything else, and saying so: the packages `make check` needs.
deps:
	@missing=; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists check 2>/dev/null || missing="$$missing check"; \
	command -v mandoc >/dev/null 2>&1 || missing="$$missing mandoc"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	if [ -n "$$missing" ]; then sh tools/deb-install.sh --who "make check" $$missing; fi

# The tests read their data (tests/data/) from this tree unless
# MANA_TEST_DATA names another directory.
TEST_DATA_DEF := -DMANA_TEST_DATA_DIR='"$(abspath tests/data)"'
$(B)/tests/%.o: tests/%.c | deps
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(TEST_DATA_DEF) $(CHECK_CFLAGS) $(CPPFLAGS) $(CFLAGS) \
	    $(DEPFLAGS) -c -o $@ $<

$(CHECK_BIN): $(TEST_OBJ) $(LIB_A)
	$(call say,LD,$@)
	$(Q)$(CC) $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(LIB_A) $(CHECK_LIBS) -lm -lpthread

check-unit: $(CHECK_BIN)
	$(CHECK_BIN)

# The parts of `make check` (CHECK_PARTS, at the top), each run on its own
# after the build so that one failure does not hide the others; the last
# line counts them.
print-check-parts:
	@for p in $(CHECK_PARTS); do echo $$p; done

check:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory all
	@pass=0; fail=0; failed=; \
	for p in $(CHECK_PARTS); do \
	    echo "== $$p"; \
	    if $(MAKE) --no-print-directory $$p; then pass=$$((pass + 1)); \
	    else fail=$$((fail + 1)); failed="$$failed $$p"; fi; \
	done; \
	if [ -n "$$failed" ]; then echo "make check: FAILED:$$failed"; fi; \
	echo "$$pass passed, $$fail failed"; \
	[ $$fail -eq 0 ]

clean:
	rm -rf $(B) $(CLEAN_FILES)

# The headers each object was built from (see DEPFLAGS).  Only this
# build's own directories: other builds may sit below $(B).
-include $(wildcard $(B)/libmana/*.d $(B)/gen/*.d $(B)/bots/*.d $(B)/cli/*.d $(B)/cli/*/*.d \
    $(B)/tests/*.d $(B)/tests/*/*.d)
