# SPDX-License-Identifier: MIT
# windows.mk - Windows, x86-64 (mingw-w64), tested under Wine.
#
# With a mingw-w64 compiler (TARGET_OS windows; Debian's
# gcc-mingw-w64-x86-64):
#   make CC=x86_64-w64-mingw32-gcc AR=x86_64-w64-mingw32-ar \
#        OBJCOPY=x86_64-w64-mingw32-objcopy BUILD_DIR=build/mingw
# builds libmana.dll and libmana-bots.dll, each with its import library
# (libmana.dll.a, libmana-bots.dll.a: what -lmana and -lmana-bots find),
# the static libraries libmana.a and libmana-bots.a, and mana-cli.exe.
# A DLL exports its MANA_API functions and nothing else (their objects
# are compiled with MANA_BUILD_DLL: include/mana.h); libgcc and
# winpthreads are linked into the DLLs and mana-cli.exe, which so need
# only Windows' own DLLs.
#
# On the build machine:
#   make check-wine   that build, then under Wine (wine64): the exports of
#                     the DLLs, the mana-cli tests (tests/cli/run.sh), the
#                     bots' checks and the same-answers test against
#                     x86-64 Linux's transcript
#   make wine-deps    installs the Debian packages it needs

ifeq ($(TARGET_OS),windows)
WIN_DLL_LIBS := -static-libgcc -Wl,-Bstatic -lpthread -Wl,-Bdynamic

$(LIB_PIC) $(BOT_PIC): BASE_CFLAGS += -DMANA_BUILD_DLL

# One link writes the DLL and its import library.
$(LIB_SHLIB) $(LIB_SO) &: $(LIB_PIC)
	$(call say,LD,$(LIB_SHLIB))
	$(Q)$(CC) -shared -static-libgcc -Wl,--out-implib,$(LIB_SO) $(SAN) $(CFLAGS) $(LDFLAGS) \
	    -o $(LIB_SHLIB) $(LIB_PIC)

$(BOTS_SHLIB_FILE) $(BOTS_SO) &: $(BOT_PIC) $(LIB_SO)
	$(call say,LD,$(BOTS_SHLIB_FILE))
	$(Q)$(CC) -shared -Wl,--out-implib,$(BOTS_SO) $(SAN) $(CFLAGS) $(LDFLAGS) \
	    -o $(BOTS_SHLIB_FILE) $(BOT_PIC) $(LIB_SO) -lm $(WIN_DLL_LIBS)

EMBED_SO := $(B)/libmana-embed.dll
$(EMBED_SO): $(LIB_PIC) $(BOT_PIC)
	$(call say,LD,$@)
	$(Q)$(CC) -shared $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_PIC) $(BOT_PIC) -lm $(WIN_DLL_LIBS)

# PE objects have no hidden names: the archive's one object keeps global
# only the names of bots/libmana-bots.map (objcopy -w takes its patterns).
$(BOTS_A_OBJ): $(BOT_OBJ) bots/libmana-bots.map tools/map-symbols.sh
	$(call say,LD,$@)
	$(Q)$(CC) -r -nostdlib -o $@.tmp $(BOT_OBJ) && \
	    $(OBJCOPY) -w $$(sh tools/map-symbols.sh bots/libmana-bots.map --keep-global-symbol=) \
	    $@.tmp $@ && rm -f $@.tmp

$(CLI): $(CLI_OBJ) $(BOTS_A) $(LIB_A)
	$(call say,LD,$@)
	$(Q)$(CC) -static $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BOTS_A) $(LIB_A) -lm -lpthread
endif
