# SPDX-License-Identifier: MIT
# bots.mk - the check suites of libmana-bots, in tests/bots/ (C programs,
# each built from its one .c file; README.md's table counts them under
# check-cli, whose prerequisite check-bots is, and check-bot-reports):
#   tests/bots/botcheck    the bots (C, linked with libmana-bots.a)
#   tests/bots/botsearch   MultiPV, searchmoves, Hash, Threads (C, the
#                          public API; `make tsan` runs it under TSan too)
#   tests/bots/abevalcheck ab's evaluation against a reference (C, linked
#                          with the bots' objects: it calls their internals)
#   tests/bots/matecheck   the exact mate search against solver-labelled
#                          positions (C, the bots' objects: their internals)
#   tests/bots/botreports  what every bot reports is true (check-bot-reports,
#                          mk/bots-reports.mk, which names it)
#   tests/bots/botutil.h   what they share (CHECK, at, summary)
#   tests/bots/same-output.sh  the bots' seeded answers against a
#                          reference, for changes that must not alter a
#                          move (make bots-same-output REF=DIR; not in
#                          make check: a reference is one build's answers)
#
#   make check-bots   builds and runs botcheck, botsearch, abevalcheck,
#                     matecheck (part of check-cli)

# The programs that use only the public API link with libmana-bots.a; those
# that call the bots' internals link with the objects (the archive's
# internal names are local).
BOTCHECK := $(B)/tests/bots/botcheck
BOTSEARCH := $(B)/tests/bots/botsearch
ABEVALCHECK := $(B)/tests/bots/abevalcheck
MATECHECK := $(B)/tests/bots/matecheck

$(BOTCHECK) $(BOTSEARCH) $(BOTREPORTS): $(B)/tests/bots/%: tests/bots/%.c tests/bots/botutil.h $(BOTS_A) $(LIB_A) \
    $(BOT_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CFLAGS) \
	    -o $@ $< $(BOTS_A) $(LIB_A) $(LDFLAGS) -lm -lpthread

$(ABEVALCHECK) $(MATECHECK): $(B)/tests/bots/%: tests/bots/%.c tests/bots/botutil.h $(BOT_OBJ) $(LIB_A) $(BOT_HDR) \
    include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Ibots $(CFLAGS) \
	    -o $@ $< $(BOT_OBJ) $(LIB_A) $(LDFLAGS) -lm -lpthread

.PHONY: check-bots bots-same-output
check-bots: $(BOTCHECK) $(BOTSEARCH) $(ABEVALCHECK) $(MATECHECK)
	$(BOTCHECK)
	$(BOTSEARCH)
	$(ABEVALCHECK)
	$(MATECHECK)

# The seeded answers of this build's mana-cli against those of another
# build (REF: a folder same-output.sh wrote, e.g. from the commit before).
bots-same-output: $(CLI)
	$(Q)test -n "$(REF)" || { echo "bots-same-output: REF=DIR (written by tests/bots/same-output.sh CLI DIR)" >&2; exit 1; }
	$(Q)sh tests/bots/same-output.sh $(CLI) $(B)/tests/bots/same-output $(REF)
