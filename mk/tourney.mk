# SPDX-License-Identifier: MIT
# tourney.mk - the statistics of `mana-cli match` and its long checks.
#
#   make check-match        tests/cli/matchcheck: Elo, LOS and GSPRT LLR
#                           against values computed by fishtest; time
#                           controls and clocks (a part of make check:
#                           tests/README.md lists them)
#   make match-long         tests/cli/match_guard.sh (what a match never
#                           loses or misreports), then
#                           tests/cli/match_long.sh: a gauntlet of ab, mcts
#                           and an external engine under a clock, and an
#                           SPRT of ab against an external random engine
#                           (make ci; about 45 s on 2 shared cores)

MATCHCHECK := $(B)/tests/cli/matchcheck
MATCH_CHECK_OBJ := $(B)/cli/match/match_stats.o $(B)/cli/match/match_clock.o

$(MATCHCHECK): tests/cli/matchcheck.c $(MATCH_CHECK_OBJ) $(CLI_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Icli/match $(CFLAGS) \
	    -o $@ $< $(MATCH_CHECK_OBJ) $(LDFLAGS) -lm

.PHONY: check-match match-long
check-match: $(MATCHCHECK)
	$(MATCHCHECK)

# The long match checks (make ci): what a match never loses or misreports
# (reruns, SPRT edges, runner faults, SIGHUP then --resume), then a
# gauntlet on a real clock and an SPRT against an external engine.
match-long: $(CLI)
	sh tests/cli/match_guard.sh $(CLI)
	sh tests/cli/match_long.sh $(CLI)
