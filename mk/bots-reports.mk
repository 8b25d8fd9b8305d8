# SPDX-License-Identifier: MIT
# bots-reports.mk - the truth of the bots' reports, run by `make check` as
# check-bot-reports: tests/cli/botreports (C, the public API of
# libmana-bots): mates with their sign for every bot, a mate's whole line
# up to the Damyo's capture, no forced result in setup.  About a second.
# And check-match-interval: tests/cli/match_interval.sh, the Elo interval
# of mana-cli match's report.

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

# The Elo interval of mana-cli match's report: its own bounds (about a
# second: one 16-game match at 300 nodes).
.PHONY: check-match-interval
check-match-interval: $(CLI)
	sh tests/cli/match_interval.sh $(CLI)

CHECK_STEPS += check-match-interval
