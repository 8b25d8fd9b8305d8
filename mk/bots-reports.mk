# SPDX-License-Identifier: MIT
# bots-reports.mk - the truth of the bots' reports, run by `make check` as
# check-bot-reports: tests/cli/botreports (C, the public API of
# libmana-bots): mates with their sign for every bot, a mate's whole line
# up to the Damyo's capture, no forced result in setup.  About a second.

BOTREPORTS := $(B)/tests/cli/botreports

$(BOTREPORTS): tests/cli/botreports.c tests/cli/botutil.h $(BOTS_A) $(LIB_A) $(BOT_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CFLAGS) \
	    -o $@ $< $(BOTS_A) $(LIB_A) $(LDFLAGS) -lm -lpthread

.PHONY: check-bot-reports
check-bot-reports: $(BOTREPORTS)
	$(BOTREPORTS)

CHECK_STEPS += check-bot-reports
