# SPDX-License-Identifier: MIT
# bots-reports.mk - the truth of the bots' reports, run by `make check` as
# check-bot-reports: tests/bots/botreports (C, the public API of
# libmana-bots): mates with their sign for every bot, a mate's whole line
# up to the Damyo's capture, no forced result in setup.  About a second.
# And check-match-interval: tests/cli/match_interval.sh, the Elo interval
# of mana-cli match's report.

# (tests/bots/botreports: its rule is mk/bots.mk's, for the bots' suites;
# its name is set here, since this fragment is read first)
BOTREPORTS := $(B)/tests/bots/botreports

.PHONY: check-bot-reports
check-bot-reports: $(BOTREPORTS)
	$(BOTREPORTS)

# The Elo interval of mana-cli match's report: its own bounds (about a
# second: one 16-game match at 300 nodes).
.PHONY: check-match-interval
check-match-interval: $(CLI)
	sh tests/cli/match_interval.sh $(CLI)
