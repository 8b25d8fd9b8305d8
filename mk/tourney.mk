# SPDX-License-Identifier: MIT
# tourney.mk - the statistics of `mana-cli match` and its long checks.
#
#   make check-match-stats  tests/cli/statscheck: Elo, LOS and GSPRT LLR
#                           against values computed by fishtest (make check)
#   make match-long         tests/cli/match_long.sh: a gauntlet of ab, mcts
#                           and an external engine under a clock, and an
#                           SPRT of ab against an external random engine
#                           (make ci; about 20 s on 2 shared cores)

STATSCHECK := $(B)/tests/cli/statscheck
MATCH_STATS_OBJ := $(B)/examples/cli/match_stats.o

$(STATSCHECK): tests/cli/statscheck.c $(MATCH_STATS_OBJ) $(CLI_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Iexamples/cli $(CFLAGS) \
	    -o $@ $< $(MATCH_STATS_OBJ) $(LDFLAGS) -lm

.PHONY: check-match-stats match-long
check-match-stats: $(STATSCHECK)
	$(STATSCHECK)

match-long: $(CLI)
	sh tests/cli/match_long.sh $(CLI)

CHECK_STEPS += check-match-stats
CI_STEPS += match-long
