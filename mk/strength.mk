# SPDX-License-Identifier: MIT
# strength.mk - the tools that measure and tune the bots' strength
# (docs/strength.md):
#   $(B)/tools/tune/features   evaluation features of recorded games, for
#                              tools/tune/tune.py (weights of ab_eval.c)
# `make check-tune` (part of `make check`, a few seconds) plays two short
# games, extracts their features and fits weights on them with the tuning
# script's own test mode.

TUNE_OBJ := $(patsubst %,$(B)/examples/cli/%.o,ab_eval ab_weights record)
TUNE_FEATURES := $(B)/tools/tune/features

$(TUNE_FEATURES): tools/tune/features.c $(TUNE_OBJ) $(LIB_A) $(CLI_HDR) include/mana.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Iexamples/cli $(CFLAGS) -o $@ $< \
	    $(TUNE_OBJ) $(LIB_A) $(LDFLAGS)

.PHONY: check-tune
check-tune: $(CLI) $(TUNE_FEATURES) | python-deps
	sh tools/tune/check.sh $(CLI) $(TUNE_FEATURES)

CHECK_STEPS += check-tune
