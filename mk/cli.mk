# SPDX-License-Identifier: MIT
# cli.mk - tests of mana-cli's play loop, game records, bots, match and
# engine protocol, run by `make check` as check-cli (tests/README.md lists every
# part of `make check`):
#   tests/cli/botcheck   the bots (C, linked with libmana-bots.a)
#   tests/cli/botsearch  MultiPV, searchmoves, Hash, Threads (C, the public API)
#   tests/cli/abevalcheck ab's evaluation against a reference (C, linked with
#                        the bots' objects: it calls their internals)
#   tests/cli/matecheck  the exact mate search against solver-labelled
#                        positions (C, the bots' objects: their internals)
#   tests/cli/botutil.h  what the four share (CHECK, at, summary)
#   tests/cli/run.sh     play, records, engine, match through the binary,
#                        and mandoc -Tlint of man/man1/mana-cli.1

BOTCHECK := $(B)/tests/cli/botcheck

$(BOTCHECK): tests/cli/botcheck.c tests/cli/botutil.h $(BOTS_A) $(LIB_A) $(BOT_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Ibots $(CFLAGS) \
	    -o $@ $< $(BOTS_A) $(LIB_A) $(LDFLAGS) -lm -lpthread

BOTSEARCH := $(B)/tests/cli/botsearch

# The search options (MultiPV, searchmoves, Hash, Threads); `make tsan`
# builds and runs it under -fsanitize=thread too.
$(BOTSEARCH): tests/cli/botsearch.c tests/cli/botutil.h $(BOTS_A) $(LIB_A) $(BOT_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CFLAGS) \
	    -o $@ $< $(BOTS_A) $(LIB_A) $(LDFLAGS) -lm -lpthread

ABEVALCHECK := $(B)/tests/cli/abevalcheck

# (the objects, not libmana-bots.a, whose internal names are local)
$(ABEVALCHECK): tests/cli/abevalcheck.c tests/cli/botutil.h $(BOT_OBJ) $(LIB_A) $(CLI_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Ibots $(CFLAGS) \
	    -o $@ $< $(BOT_OBJ) $(LIB_A) $(LDFLAGS) -lm -lpthread

MATECHECK := $(B)/tests/cli/matecheck

$(MATECHECK): tests/cli/matecheck.c tests/cli/botutil.h $(BOT_OBJ) $(LIB_A) $(BOT_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Ibots $(CFLAGS) \
	    -o $@ $< $(BOT_OBJ) $(LIB_A) $(LDFLAGS) -lm -lpthread

.PHONY: check-cli
check-cli: $(CLI) $(BOTCHECK) $(BOTSEARCH) $(ABEVALCHECK) $(MATECHECK)
	$(BOTCHECK)
	$(BOTSEARCH)
	$(ABEVALCHECK)
	$(MATECHECK)
	sh tests/cli/run.sh $(CLI) man/man1/mana-cli.1

CHECK_STEPS += check-cli
