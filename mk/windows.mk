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
# On the build machine (make ci runs it):
#   make check-wine   that build (warnings are errors), then: the DLLs
#                     export exactly tests/exports.txt and
#                     tests/exports-bots.txt and need only Windows' own
#                     DLLs; the C examples (examples/c: perft, a random
#                     game, a game between bots, over the public API)
#                     linked with the DLLs' import libraries run under
#                     Wine and print, byte for byte but for the CRLF line
#                     ends of Windows' text-mode stdout, what the Linux
#                     build's print; then tests/wine/cli.sh: every
#                     mana-cli subcommand, mana-cli.exe under Wine against
#                     the Linux mana-cli, outputs and files byte for byte
#                     (both write LF), match with mana-cli.exe engine as an
#                     external engine (CreateProcess and pipes), and the
#                     journal's lock and --resume.
#   make bench-wine   tools/bench-wine.sh: mana-cli.exe under Wine against the
#                     Linux mana-cli (ab's and mcts's searches, perft 8),
#                     medians of 5 alternating runs and their ratio
#   make python-wheel-windows  the Python package's Windows wheel
#                     (mana-X-cpNN-cpNN-win_amd64.whl, carrying
#                     mana/_libmana.dll) in $(B)/python-win/dist, built on
#                     this machine by setup.py with the mingw-w64 compiler;
#                     check-wine builds it and holds the DLL's exports to
#                     tests/exports.txt with tests/exports-bots.txt
#   make wine-deps    installs the Debian packages it needs
# WINE (default wine) runs a Windows program; WINE_BUILD is the build
# directory of the mingw-w64 build.

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

# make install: a DLL beside the programs (BINDIR, where Windows finds
# it), its import library in LIBDIR (what -lmana finds), mana-cli.exe.
install_shlib = $(INSTALL) -d '$(DESTDIR)$(BINDIR)' && $(INSTALL) -m 755 $(1) '$(DESTDIR)$(BINDIR)/$(2)' && \
    $(INSTALL) -m 644 $(4) '$(DESTDIR)$(LIBDIR)/$(notdir $(4))'
uninstall: uninstall-dlls
uninstall-dlls:
	$(Q)rm -f '$(DESTDIR)$(BINDIR)/$(SHLIB)' '$(DESTDIR)$(BINDIR)/$(BOTS_SHLIB)'
.PHONY: uninstall-dlls

$(CLI): $(CLI_OBJ) $(BOTS_A) $(LIB_A)
	$(call say,LD,$@)
	$(Q)$(CC) -static $(SAN) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BOTS_A) $(LIB_A) -lm -lpthread
endif

# ---- check-wine (on the build machine) --------------------------------------
WINE ?= wine
MINGW ?= x86_64-w64-mingw32
WINE_BUILD ?= $(B)/mingw
WINE_PACKAGES := gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine wine64
WINE_EXAMPLES := perft:7 play_game: bot_game:
CI_PACKAGES += $(WINE_PACKAGES)

.PHONY: check-wine wine-deps python-wheel-windows bench-wine
wine-deps:
	@sh tools/deb-install.sh --who "make wine-deps" $(WINE_PACKAGES)

check-wine: wine-deps $(EXAMPLES_BIN) $(CLI)
	$(Q)set -e; w=$(WINE_BUILD); \
	$(MAKE) --no-print-directory -j$(CI_JOBS) CC=$(MINGW)-gcc AR=$(MINGW)-ar OBJCOPY=$(MINGW)-objcopy \
	    CFLAGS='-O2 -g -Werror' BUILD_DIR=$$w $$w/libmana.dll $$w/libmana-bots.dll $$w/libmana.a \
	    $$w/libmana-bots.a $$w/libmana-embed.dll $$w/mana-cli.exe; \
	for d in libmana:exports libmana-bots:exports-bots; do \
	    $(MINGW)-objdump -p $$w/$${d%%:*}.dll | \
	        awk '/\[Ordinal\/Name Pointer\] Table/ { t = 1; next } t && /\[/ { print $$NF } t && /^$$/ { t = 0 }' \
	        >$$w/$${d%%:*}.exports; \
	    grep -v '^#' tests/$${d#*:}.txt | diff - $$w/$${d%%:*}.exports || \
	        { echo "check-wine: $${d%%:*}.dll exports differ from tests/$${d#*:}.txt"; exit 1; }; \
	    deps=$$($(MINGW)-objdump -p $$w/$${d%%:*}.dll | sed -n 's/^.*DLL Name: //p' | \
	        grep -v -i -x -e KERNEL32.dll -e msvcrt.dll -e libmana.dll | tr '\n' ' '); \
	    [ -z "$$deps" ] || { echo "check-wine: $${d%%:*}.dll needs $$deps"; exit 1; }; \
	done; \
	echo "check-wine: libmana.dll and libmana-bots.dll export exactly the listed names"; \
	for e in $(WINE_EXAMPLES); do \
	    n=$${e%%:*}; a=$${e#*:}; \
	    $(MINGW)-gcc $(WARN) -Werror -O2 -Iinclude -o $$w/$$n.exe examples/c/$$n.c -L$$w -lmana-bots -lmana; \
	    $(B)/examples/c/$$n $$a >$$w/$$n.linux.txt; \
	    (cd $$w && WINEDEBUG=-all $(WINE) ./$$n.exe $$a) | tr -d '\r' >$$w/$$n.wine.txt; \
	    cmp $$w/$$n.linux.txt $$w/$$n.wine.txt || { echo "check-wine: $$n differs under Wine"; exit 1; }; \
	    echo "check-wine: $$n $$a: the Linux answers under Wine ($$(wc -l <$$w/$$n.linux.txt) lines)"; \
	done; \
	deps=$$($(MINGW)-objdump -p $$w/mana-cli.exe | sed -n 's/^.*DLL Name: //p' | \
	    grep -v -i -x -e KERNEL32.dll -e msvcrt.dll | tr '\n' ' '); \
	[ -z "$$deps" ] || { echo "check-wine: mana-cli.exe needs $$deps"; exit 1; }; \
	sh tests/wine/cli.sh $(CLI) $$w/mana-cli.exe $(WINE)

# The Windows wheel: the package's own build (bindings/python/setup.py)
# with the mingw-w64 compiler, tagged win_amd64.
PY_WIN := $(B)/python-win
python-wheel-windows:
	$(Q)rm -rf $(PY_WIN) && mkdir -p $(PY_WIN)
	$(Q)cd bindings/python && CC=$(MINGW)-gcc $(PY_SYS) setup.py -q build --build-base $(abspath $(PY_WIN))/build \
	    bdist_wheel --plat-name win_amd64 \
	    -b $(abspath $(PY_WIN))/bdist -d $(abspath $(PY_WIN))/dist >$(abspath $(PY_WIN))/build.log 2>&1 || \
	    { cat $(abspath $(PY_WIN))/build.log; exit 1; }
	$(Q)cd $(PY_WIN) && $(PY_SYS) -c 'import glob, sys, zipfile; \
	    w = glob.glob("dist/*-win_amd64.whl"); assert len(w) == 1, w; \
	    open("_libmana.dll", "wb").write(zipfile.ZipFile(w[0]).read("mana/_libmana.dll"))'
	$(Q)$(MINGW)-objdump -p $(PY_WIN)/_libmana.dll | \
	    awk '/\[Ordinal\/Name Pointer\] Table/ { t = 1; next } t && /\[/ { print $$NF } t && /^$$/ { t = 0 }' \
	    >$(PY_WIN)/exports
	$(Q)grep -h -v '^#' tests/exports.txt tests/exports-bots.txt | LC_ALL=C sort | diff - $(PY_WIN)/exports || \
	    { echo "python-wheel-windows: mana/_libmana.dll exports differ from tests/exports*.txt"; exit 1; }
	@echo "python-wheel-windows: $$(ls $(PY_WIN)/dist) carries mana/_libmana.dll with the public API"
check-wine: python-wheel-windows

# The Windows build's speed under Wine against Linux's (BENCHMARKS.md).
bench-wine: wine-deps $(CLI)
	$(Q)$(MAKE) --no-print-directory -j$(CI_JOBS) CC=$(MINGW)-gcc AR=$(MINGW)-ar OBJCOPY=$(MINGW)-objcopy \
	    CFLAGS='-O2 -g -Werror' BUILD_DIR=$(WINE_BUILD) $(WINE_BUILD)/mana-cli.exe
	$(Q)sh tools/bench-wine.sh $(CLI) $(WINE_BUILD)/mana-cli.exe
