# SPDX-License-Identifier: MIT
# cross.mk - other CPUs: aarch64, s390x (big-endian) and i686 (32-bit),
# cross-built with Debian's cross compilers and run under qemu-user.
#
# Any of them builds with
#   make CC=<triplet>-gcc AR=<triplet>-ar OBJCOPY=<triplet>-objcopy \
#        BUILD_DIR=build/cross/<arch>
# (the libraries, the bots, mana-cli and the C test programs; the check
# library comes from Debian by multiarch, check:<debian-arch>).
#
# On the build machine (make ci runs it):
#   make check-cross    for each of CROSS_ARCHS (CI_JOBS at a time): that build into
#                       $(B)/cross/<arch> (warnings are errors), then under
#                       qemu-<arch>: the unit suites (CK_FORK=no), the
#                       contract tests (a soak with every invariant at every
#                       ply, the fuzz corpora replayed, out of memory), the
#                       bots' checks (tests/bots/) and the quicker mana-cli
#                       scripts (CROSS_CLI_TESTS, through a wrapper that runs
#                       the binary under qemu); then cross-answers
#   make check-cross-ARCH   the same for one target
#   make cross-answers  tests/cross/answers (the public API's deterministic
#                       answers) natively and under qemu on each target,
#                       each compared with tests/data/answers-x86_64.txt
#   make answers-update writes tests/data/answers-x86_64.txt from the
#                       native (x86-64) build
#   make cross-deps     installs the Debian packages they need
#
# qemu runs without -L: the target's libc and check come from the
# multiarch packages (/usr/lib/<multiarch>, the loader in /lib), and the
# cross toolchain's own libc under /usr/<triplet> must not be mixed in.
# No binfmt is needed: every program is started as `qemu-<cpu> PROG`.

CROSS_ARCHS ?= aarch64 s390x i686
CROSS_DIR := $(B)/cross
# arch -> Debian architecture, multiarch directory, qemu's name of the CPU
CROSS_DEB_aarch64 := arm64
CROSS_DEB_s390x := s390x
CROSS_DEB_i686 := i386
CROSS_MULTIARCH_aarch64 := aarch64-linux-gnu
CROSS_MULTIARCH_s390x := s390x-linux-gnu
CROSS_MULTIARCH_i686 := i386-linux-gnu
CROSS_QEMU_aarch64 := qemu-aarch64
CROSS_QEMU_s390x := qemu-s390x
CROSS_QEMU_i686 := qemu-i386
CROSS_SOAK_PLIES ?= 5000
# mk/ci.mk's fuzz targets (those of mk/hardening.mk need more than libmana)
CROSS_FUZZ := $(FUZZ_TARGETS)
# The mana-cli scripts that start few processes: under qemu each start
# costs a tenth of a second or more, and play, options, usage and the
# match scripts take minutes there (they run natively only).
# engine_session's two `readyok`-during-a-search checks fail under qemu
# (docs/porting.md), and match.sh counts engine processes by name.
CROSS_CLI_TESTS ?= core record output readme doc_records
CROSS_PACKAGES := qemu-user $(foreach a,$(CROSS_ARCHS),gcc-$(a)-linux-gnu \
    check:$(CROSS_DEB_$(a)) libsubunit-dev:$(CROSS_DEB_$(a)))
CI_PACKAGES += $(filter-out %:arm64 %:s390x %:i386,$(CROSS_PACKAGES))

ANSWERS_BIN := $(B)/tests/cross/answers
ANSWERS_REF := tests/data/answers-x86_64.txt
CROSS_TESTS := tests/check_mana tests/bots/botcheck tests/bots/botsearch tests/bots/abevalcheck \
    tests/bots/matecheck tests/soak/soak tests/soak/oom $(CROSS_FUZZ:%=tests/fuzz/replay_%) tests/cross/answers

.PHONY: check-cross cross-deps cross-answers answers-update $(CROSS_ARCHS:%=check-cross-%) \
    $(CROSS_ARCHS:%=cross-build-%)

$(ANSWERS_BIN): tests/cross/answers.c include/mana.h include/mana_bot.h $(BOTS_A) $(LIB_A)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) $(CFLAGS) -o $@ $< $(BOTS_A) $(LIB_A) $(LDFLAGS) -lm -lpthread

cross-deps:
	$(Q)sh tools/cross-deps.sh $(foreach a,$(CROSS_ARCHS),$(CROSS_DEB_$(a))) -- $(CROSS_PACKAGES)

# -j$(CI_JOBS) unless a parallel make (check-cross) shares its job slots.
CROSS_JOBS = $(if $(filter --jobserver%,$(MAKEFLAGS)),,-j$(CI_JOBS))
# $(call cross_make,ARCH,TARGETS): TARGETS of the ARCH build, warnings as errors.
cross_make = $(MAKE) -s --no-print-directory $(CROSS_JOBS) CC=$(1)-linux-gnu-gcc AR=$(1)-linux-gnu-ar \
    OBJCOPY=$(1)-linux-gnu-objcopy CFLAGS='-O2 -g -Werror' BUILD_DIR=$(CROSS_DIR)/$(1) \
    PKG_CONFIG_LIBDIR=/usr/lib/$(CROSS_MULTIARCH_$(1))/pkgconfig:/usr/share/pkgconfig $(2)

$(CROSS_ARCHS:%=cross-build-%): cross-build-%: cross-deps
	$(Q)$(call cross_make,$*,all $(CROSS_TESTS:%=$(CROSS_DIR)/$*/%))

$(CROSS_ARCHS:%=check-cross-%): check-cross-%: cross-build-%
	$(Q)sh tests/cross/run.sh $(CROSS_QEMU_$*) $(CROSS_DIR)/$* $(CROSS_SOAK_PLIES) '$(CROSS_FUZZ)' \
	    '$(CROSS_CLI_TESTS)'

cross-answers: $(ANSWERS_BIN) $(CLI) $(CROSS_ARCHS:%=cross-build-%)
	$(Q)sh tests/cross/answers.sh $(ANSWERS_REF) native:$(ANSWERS_BIN) \
	    $(foreach a,$(CROSS_ARCHS),$(CROSS_QEMU_$(a)):$(CROSS_DIR)/$(a)/tests/cross/answers)
	$(Q)sh tests/cross/cli-answers.sh $(CLI) \
	    $(foreach a,$(CROSS_ARCHS),$(CROSS_QEMU_$(a)):$(CROSS_DIR)/$(a)/mana-cli)

answers-update: $(ANSWERS_BIN)
	$(Q)$(ANSWERS_BIN) >$(ANSWERS_REF).tmp && mv -f $(ANSWERS_REF).tmp $(ANSWERS_REF)
	@echo "answers-update: $(ANSWERS_REF) written ($$(wc -l <$(ANSWERS_REF)) lines)"

# The targets side by side in CI_JOBS job slots, each one's output kept
# together (-Otarget), then the answers.
check-cross:
	$(Q)$(MAKE) --no-print-directory -j$(CI_JOBS) -Otarget $(CROSS_ARCHS:%=check-cross-%) && \
	    $(MAKE) --no-print-directory cross-answers
