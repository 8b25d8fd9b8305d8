# SPDX-License-Identifier: MIT
# darwin.mk - the shared libraries on macOS (TARGET_OS darwin: a compiler
# whose -dumpmachine names apple or darwin), linked by Apple's ld, which
# knows neither -soname nor --version-script:
#   libmana.X.Y.Z.dylib   -install_name LIBDIR/libmana.X.dylib (the name
#                         a program records, as the soname on ELF), with
#                         libmana.X.dylib and libmana.dylib links to it
#   -compatibility_version MAJOR.MINOR, -current_version X.Y.Z: dyld
#                         refuses a library older than the one a program
#                         was linked with, as the version nodes do on ELF
#   -exported_symbols_list the global names of libmana/libmana.map
#                         (bots/libmana-bots.map), every version node's,
#                         written by tools/map-symbols.sh
# libmana-bots likewise; libmana-embed.dylib for the Python package.
# The static archives (libmana-bots.a's one object linked by ld -r) and
# mana-cli are built as on Linux.

ifeq ($(TARGET_OS),darwin)
DARWIN_VERSIONS = -compatibility_version $(MAJOR).$(MINOR) -current_version $(VERSION)
LIB_EXP := $(B)/libmana.exp
BOTS_EXP := $(B)/libmana-bots.exp

$(B)/libmana.exp: libmana/libmana.map tools/map-symbols.sh
	@mkdir -p $(@D)
	$(Q)sh tools/map-symbols.sh $< _ >$@.tmp && mv -f $@.tmp $@

$(B)/libmana-bots.exp: bots/libmana-bots.map tools/map-symbols.sh
	@mkdir -p $(@D)
	$(Q)sh tools/map-symbols.sh $< _ >$@.tmp && mv -f $@.tmp $@

$(LIB_SHLIB): $(LIB_PIC) $(LIB_EXP)
	$(call say,LD,$@)
	$(Q)$(CC) -dynamiclib -install_name $(LIBDIR)/$(SONAME) $(DARWIN_VERSIONS) \
	    -Wl,-exported_symbols_list,$(LIB_EXP) $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_PIC)

$(LIB_SONAME): $(LIB_SHLIB)
	$(Q)ln -sf $(SHLIB) $@

$(LIB_SO): $(LIB_SONAME)
	$(Q)ln -sf $(SONAME) $@

$(BOTS_SHLIB_FILE): $(BOT_PIC) $(BOTS_EXP) $(LIB_SO)
	$(call say,LD,$@)
	$(Q)$(CC) -dynamiclib -install_name $(LIBDIR)/$(BOTS_SONAME) $(DARWIN_VERSIONS) \
	    -Wl,-exported_symbols_list,$(BOTS_EXP) $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(BOT_PIC) \
	    -L$(B) -lmana -lm -lpthread

$(BOTS_SONAME_LINK): $(BOTS_SHLIB_FILE)
	$(Q)ln -sf $(BOTS_SHLIB) $@

$(BOTS_SO): $(BOTS_SONAME_LINK)
	$(Q)ln -sf $(BOTS_SONAME) $@

# Apple's ld -r turns hidden (private extern) names into local ones.
$(BOTS_A_OBJ): $(BOT_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) -r -nostdlib -o $@ $(BOT_OBJ)

# Loaded by its path (ctypes): its install name says so.
EMBED_SO := $(B)/libmana-embed.dylib
$(EMBED_SO): $(LIB_PIC) $(BOT_PIC) $(LIB_EXP)
	$(call say,LD,$@)
	$(Q)$(CC) -dynamiclib -install_name @loader_path/libmana-embed.dylib \
	    -Wl,-exported_symbols_list,$(LIB_EXP) $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ \
	    $(LIB_PIC) $(BOT_PIC) -lm -lpthread
endif
