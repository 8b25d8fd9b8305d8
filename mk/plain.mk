# SPDX-License-Identifier: MIT
# plain.mk - the plain builds of the code also built for newer x86
# instruction sets and chosen at run time, which the usual build never
# runs on a processor that has them.  Each check links the unit tests
# with one library file built with a macro that leaves its plain code
# alone (before the library, so that the archive's object of that file
# is not needed: the plain object defines all it does), makes sure the
# other build's function is absent, and runs some suites.  Parts of
# make check (tests/README.md lists every part), a few seconds each.
#
#   make check-setup-plain   setup_random.c with MANA_SETUP_PLAIN: the
#                            placements without BMI2; the setup suite
#                            (mana_setup_random against a reference built
#                            on mana_legal_moves, 6,000 setups)
#   make check-list-plain    api.c with MANA_LIST_PLAIN: mana_legal_moves
#                            without BMI1 and POPCNT; the move generation,
#                            play and lifecycle suites

# $(call plain_check,NAME,FILE,MACRO,ABSENT,SUITES): check-NAME-plain,
# libmana/FILE.c built with -DMACRO, the function ABSENT not linked.
define plain_check
$(B)/libmana/$(2)_plain.o: libmana/$(2).c
	@mkdir -p $$(@D)
	$$(call say,CC,$$@)
	$$(Q)$$(CC) $$(LIB_CFLAGS) -D$(3) $$(DEPFLAGS) -c -o $$@ $$<

$(B)/tests/check_$(1)_plain: $$(TEST_OBJ) $(B)/libmana/$(2)_plain.o $$(LIB_A)
	$$(call say,LD,$$@)
	$$(Q)$$(CC) $$(SAN) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$(TEST_OBJ) $(B)/libmana/$(2)_plain.o $$(LIB_A) \
	    $$(CHECK_LIBS) -lm -lpthread

.PHONY: check-$(1)-plain
check-$(1)-plain: $(B)/tests/check_$(1)_plain
	$$(Q)if nm $$< | grep -q $(4); then echo "check-$(1)-plain: $(4) was linked"; exit 1; fi
	$$(Q)for s in $(5); do CK_RUN_SUITE=$$$$s $$< || exit 1; done
endef

$(eval $(call plain_check,setup,setup_random,MANA_SETUP_PLAIN,complete_bmi2,setup))
$(eval $(call plain_check,list,api,MANA_LIST_PLAIN,legal_moves_bmi,movegen play lifecycle))
