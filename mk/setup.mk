# SPDX-License-Identifier: MIT
# setup.mk - the plain build of mana_setup_random's placements.
#
#   make check-setup-plain   the unit tests' setup suite (mana_setup_random
#                            against a reference built on mana_legal_moves,
#                            6,000 setups) linked with setup_random.c built
#                            with MANA_SETUP_PLAIN: the placements of
#                            processors without BMI2, which the usual build
#                            never runs on a processor with it (part of
#                            make check, about a second)

SETUP_PLAIN_OBJ := $(B)/libmana/setup_random_plain.o
SETUP_PLAIN_BIN := $(B)/tests/check_setup_plain

.PHONY: check-setup-plain
CHECK_STEPS += check-setup-plain

$(SETUP_PLAIN_OBJ): libmana/setup_random.c
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(LIB_CFLAGS) -DMANA_SETUP_PLAIN $(DEPFLAGS) -c -o $@ $<

# Linked before the library, so that the archive's setup_random.o is not
# needed (it defines nothing else the tests call).
$(SETUP_PLAIN_BIN): $(TEST_OBJ) $(SETUP_PLAIN_OBJ) $(LIB_A)
	$(call say,LD,$@)
	$(Q)$(CC) $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(SETUP_PLAIN_OBJ) $(LIB_A) $(CHECK_LIBS) -lm -lpthread

# The BMI2 placements (complete_bmi2) must be absent for the run to test
# the plain ones.
check-setup-plain: $(SETUP_PLAIN_BIN)
	$(Q)if nm $(SETUP_PLAIN_BIN) | grep -q complete_bmi2; then \
	    echo "check-setup-plain: the BMI2 placements were linked"; exit 1; fi
	$(Q)CK_RUN_SUITE=setup $(SETUP_PLAIN_BIN)
