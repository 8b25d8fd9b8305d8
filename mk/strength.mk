# SPDX-License-Identifier: MIT
# strength.mk - the tools that measure and tune the bots' strength
# (docs/strength.md):
#   $(B)/tools/tune/features   evaluation features of recorded games, for
#                              tools/tune/tune.py (weights of ab_eval.c)
#   $(B)/tools/strength/solve  exact forced Damyo captures within N plies
#                              (the setup cap of docs/strength.md)
# `make check-tune` (part of `make check`, a few seconds; README.md lists
# every part) plays two short games, extracts their features and fits
# weights on them with the tuning script's own test mode.  `make
# check-solve` (part of `make check`, about a second) solves positions
# whose wins are worked out by hand, and checks that ab reports the forced
# wins the solver proves.

TUNE_OBJ := $(BOTS_A)
TUNE_FEATURES := $(B)/tools/tune/features

$(TUNE_FEATURES): tools/tune/features.c $(TUNE_OBJ) $(LIB_A) $(BOT_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Ibots $(CFLAGS) -o $@ $< \
	    $(TUNE_OBJ) $(LIB_A) $(LDFLAGS)

.PHONY: check-tune
check-tune: $(CLI) $(TUNE_FEATURES) | python-deps
	sh tools/tune/check.sh $(CLI) $(TUNE_FEATURES)

CHECK_STEPS += check-tune

SOLVE := $(B)/tools/strength/solve

$(SOLVE): tools/strength/solve.c $(LIB_A) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LIB_A) $(LDFLAGS)

.PHONY: check-solve
check-solve: $(SOLVE) $(CLI)
	sh tools/strength/check.sh $(SOLVE) $(CLI)

CHECK_STEPS += check-solve
