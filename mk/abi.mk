# SPDX-License-Identifier: MIT
# abi.mk - the released ABIs held: libmana.so and libmana-bots.so against
# the abidw XML of their last release in abi/ (libabigail, Debian's
# abigail-tools; tools/abi.sh says what counts as a break).
#
#   make abi-check     abidiff of this build against the stored ABI, public
#                      headers only; fails on a removed function, a changed
#                      signature or public type, or a new function in a
#                      released version node, unless the soname's major
#                      number changed.  Then the loader test of the nodes
#                      (tests/abi/check-nodes.sh).
#   make abi-dump      at a release: writes abi/libmana-$(VERSION).abi and
#                      abi/libmana-bots-$(VERSION).abi (never over one that
#                      exists)
#   make check-abi-breaks  abi-check made to fail: a copy of the tree with
#                      an export removed, a public struct grown, a new
#                      function put in the released node, and the major
#                      number raised (tests/abi/check-breaks.sh)
#
# Both run in `make ci`.  The libraries must carry their debug information
# (the default CFLAGS, -O2 -g, do).

ABI_DIR := abi
ABI_B := $(B)/abi
CI_PACKAGES += abigail-tools

.PHONY: abi-check abi-dump check-abi-breaks

abi-check: $(LIB_SHLIB) $(BOTS_SHLIB_FILE) $(ABI_B)/newer $(ABI_B)/older
	$(Q)sh tools/abi.sh check $(LIB_SHLIB) $(ABI_DIR) include
	$(Q)sh tools/abi.sh check $(BOTS_SHLIB_FILE) $(ABI_DIR) include
	$(Q)sh tests/abi/check-nodes.sh $(B) $(ABI_B)/old $(ABI_B)/newer $(ABI_B)/older $(VERSION)

abi-dump: $(LIB_SHLIB) $(BOTS_SHLIB_FILE)
	$(Q)sh tools/abi.sh dump $(LIB_SHLIB) $(ABI_DIR) include $(VERSION)
	$(Q)sh tools/abi.sh dump $(BOTS_SHLIB_FILE) $(ABI_DIR) include $(VERSION)

check-abi-breaks: $(LIB_SHLIB)
	$(Q)sh tests/abi/check-breaks.sh $(CURDIR) $(ABI_DIR)

# This build's objects linked with 0.2.0's version script: what the loader
# sees of 0.2.0's libmana.so.0.
$(ABI_B)/old/$(SONAME): $(LIB_PIC) tests/abi/libmana-0.2.0.map
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=tests/abi/libmana-0.2.0.map \
	    $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_PIC)
	$(Q)ln -sf $(SONAME) $(@D)/libmana.so

$(ABI_B)/newer: tests/abi/newer.c include/mana.h $(LIB_SO)
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) $(CPPFLAGS) $(CFLAGS) -o $@ $< -L$(B) -lmana $(LDFLAGS)

$(ABI_B)/older: tests/abi/older.c include/mana.h $(ABI_B)/old/$(SONAME)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) $(CPPFLAGS) $(CFLAGS) -o $@ $< -L$(ABI_B)/old -lmana $(LDFLAGS)
