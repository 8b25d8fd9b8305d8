# SPDX-License-Identifier: MIT
# libmana - build, test and install.  GNU make.
#
#   make            libmana.so (with soname), libmana.a, examples/mana-cli
#   make demo       one whole game of Mana on screen (needs only cc and make)
#   make check      every test (installs the check and pkg-config packages
#                   with apt-get first if they are missing)
#   make V=1 ...    show the commands
#   make SANITIZE=1 check   the same tests under ASan + UBSan
#
# The version lives only in include/mana.h and is read from there.

hdr_version = $(shell sed -n 's/^\#define MANA_VERSION_$(1) \([0-9][0-9]*\).*/\1/p' include/mana.h)
MAJOR := $(call hdr_version,MAJOR)
MINOR := $(call hdr_version,MINOR)
PATCH := $(call hdr_version,PATCH)
VERSION := $(MAJOR).$(MINOR).$(PATCH)

CC ?= cc
CFLAGS ?= -O2 -g
LDFLAGS ?=
CPPFLAGS ?=
AR ?= ar
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

ifeq ($(V),1)
Q :=
say = @true
else
Q := @
say = @printf '  %-6s %s\n' $(1) $(2)
endif

LIB_SRC := $(sort $(wildcard libmana/*.c))
LIB_HDR := include/mana.h $(wildcard libmana/*.h)
LIB_OBJ := $(LIB_SRC:.c=.o)
LIB_PIC := $(LIB_SRC:.c=.pic.o)
SONAME := libmana.so.$(MAJOR)
SHLIB := libmana.so.$(VERSION)

CLI_SRC := $(sort $(wildcard examples/cli/*.c))
CLI_HDR := $(wildcard examples/cli/*.h)
CLI_OBJ := $(CLI_SRC:.c=.o)

TEST_SRC := $(sort $(wildcard tests/*.c))
TEST_HDR := $(wildcard tests/*.h)
TEST_OBJ := $(TEST_SRC:.c=.o)
# Recursively expanded: read only when a test is built, after `deps`.
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)

# Extra steps that later fragments (mk/*.mk) add to `make check`.
CHECK_STEPS :=
CLEAN_FILES :=

.PHONY: all demo check check-unit deps clean
all: libmana.so libmana.a examples/mana-cli

include $(sort $(wildcard mk/*.mk))

# ---- the library ----------------------------------------------------------
libmana/%.o: libmana/%.c $(LIB_HDR)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -Ilibmana -fvisibility=hidden $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

libmana/%.pic.o: libmana/%.c $(LIB_HDR)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -Ilibmana -fvisibility=hidden -fPIC $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(SHLIB): $(LIB_PIC) libmana/libmana.map
	$(call say,LD,$@)
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=libmana/libmana.map \
	    $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_PIC)

$(SONAME): $(SHLIB)
	$(Q)ln -sf $(SHLIB) $@

libmana.so: $(SONAME)
	$(Q)ln -sf $(SONAME) $@

libmana.a: $(LIB_OBJ)
	$(call say,AR,$@)
	$(Q)rm -f $@ && $(AR) rcs $@ $(LIB_OBJ)

# ---- the CLI (public API only, linked statically so it runs in place) -----
examples/cli/%.o: examples/cli/%.c include/mana.h $(CLI_HDR)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

examples/mana-cli: $(CLI_OBJ) libmana.a
	$(call say,LD,$@)
	$(Q)$(CC) $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) libmana.a -lm -lpthread

demo: examples/mana-cli
	./examples/mana-cli selfplay --seed 7

# ---- tests -----------------------------------------------------------------
deps:
	@missing=; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists check 2>/dev/null || missing="$$missing check"; \
	command -v mandoc >/dev/null 2>&1 || missing="$$missing mandoc"; \
	if [ -n "$$missing" ]; then \
	    echo "make deps: installing$$missing with apt-get"; \
	    if [ "$$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi; \
	    $$sudo apt-get update -qq && $$sudo apt-get install -y -qq $$missing; \
	fi

tests/%.o: tests/%.c include/mana.h $(TEST_HDR) | deps
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CHECK_CFLAGS) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

tests/check_mana: $(TEST_OBJ) libmana.a
	$(call say,LD,$@)
	$(Q)$(CC) $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) libmana.a $(CHECK_LIBS) -lm -lpthread

check-unit: tests/check_mana
	./tests/check_mana

check: all check-unit $(CHECK_STEPS)

clean:
	rm -f libmana/*.o libmana.a libmana.so libmana.so.* examples/cli/*.o \
	    examples/mana-cli tests/*.o tests/check_mana $(CLEAN_FILES)
	rm -f *.gcda *.gcno */*.gcda */*.gcno */*/*.gcda */*/*.gcno
