# SPDX-License-Identifier: MIT
# install.mk - make install / uninstall, mana.pc and mana-bots.pc, and the
# packaging checks of `make check` (check-exports, check-header, check-man,
# check-examples, check-layering, check-doc-names, check-parts: tests/README.md's
# table says what each checks).  libmana-bots installs beside libmana: its
# header mana_bot.h, libmana-bots.so (needing libmana.so) and .a,
# mana-bots.pc (Requires: mana) and the mana_bot_* pages of man/man3.
#
#   make install   [DESTDIR=/stage] [PREFIX=/usr/local] [LIBDIR=...]
#                  [INCLUDEDIR=...] [MANDIR=...] [PKGCONFIGDIR=...] [BINDIR=...]
#                  (mana-cli, linked statically, goes to BINDIR with mana-cli(1))
#   make uninstall (same variables) removes exactly the files install wrote;
#                  directories are left in place.
#
# The paths are written into mana.pc; DESTDIR is not (it only stages the
# files, as a Debian package build does).  A manual page that is a link in
# the tree (another name of a family page) is installed as the usual
# one-line `.so` stub.

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BINDIR ?= $(PREFIX)/bin
INSTALL ?= install

MAN3 := $(sort $(wildcard man/man3/*.3))
MAN7 := $(sort $(wildcard man/man7/*.7))
EXAMPLES_C := $(sort $(wildcard examples/c/*.c))
EXAMPLES_BIN := $(EXAMPLES_C:%.c=$(B)/%)

# In mana.pc, paths under PREFIX are written relative to ${prefix}, so that
# pkg-config --define-prefix can relocate an installed tree.
pc_rel = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))

.PHONY: install uninstall mana-pc-always
.PHONY: check-exports check-header check-man check-examples check-layering check-doc-names check-parts

# Regenerated on every run: PREFIX and the other paths may differ between
# `make` and `make install`, and one sed costs nothing.
MANA_PC := $(B)/mana.pc

MANA_BOTS_PC := $(B)/mana-bots.pc

$(B)/%.pc: %.pc.in include/mana.h mana-pc-always
	@mkdir -p $(@D)
	$(call say,GEN,$@)
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|g' \
	    -e 's|@LIBDIR@|$(call pc_rel,$(LIBDIR))|g' \
	    -e 's|@INCLUDEDIR@|$(call pc_rel,$(INCLUDEDIR))|g' \
	    -e 's|@VERSION@|$(VERSION)|g' $< >$@.tmp
	$(Q)mv -f $@.tmp $@

# $(call install_shlib,BUILT,FILE,SONAME,DEVLINK): a shared library with
# its soname and development link (mk/windows.mk: a DLL to BINDIR, its
# import library to LIBDIR).
install_shlib = $(INSTALL) -m 755 $(1) '$(DESTDIR)$(LIBDIR)/$(2)' && ln -sf $(2) '$(DESTDIR)$(LIBDIR)/$(3)' && \
    ln -sf $(3) '$(DESTDIR)$(LIBDIR)/$(notdir $(4))'

install: $(LIB_SHLIB) $(LIB_A) $(MANA_PC)
	$(call say,INSTALL,$(DESTDIR)$(PREFIX))
	$(Q)$(INSTALL) -d '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(INCLUDEDIR)' \
	    '$(DESTDIR)$(PKGCONFIGDIR)' '$(DESTDIR)$(MANDIR)/man3' \
	    '$(DESTDIR)$(MANDIR)/man7'
	$(Q)$(INSTALL) -m 644 $(PUBLIC_HDR) '$(DESTDIR)$(INCLUDEDIR)'
	$(Q)$(call install_shlib,$(LIB_SHLIB),$(SHLIB),$(SONAME),$(LIB_SO))
	$(Q)$(INSTALL) -m 644 $(LIB_A) '$(DESTDIR)$(LIBDIR)/libmana.a'
	$(Q)$(INSTALL) -m 644 $(MANA_PC) '$(DESTDIR)$(PKGCONFIGDIR)/mana.pc'
	$(Q)for f in $(MAN3) $(MAN7); do \
	    s=$${f##*.}; d='$(DESTDIR)$(MANDIR)'/man$$s/$${f##*/}; \
	    if [ -L $$f ]; then printf '.so man%s/%s\n' $$s "$$(readlink $$f)" >"$$d"; \
	    else $(INSTALL) -m 644 $$f "$$d"; fi || exit 1; \
	done

# libmana-bots: the header, the libraries, mana-bots.pc (the pages are
# among MAN3 above).
install: install-bots
install-bots: $(BOTS_SHLIB_FILE) $(BOTS_A) $(MANA_BOTS_PC) install-lib-dirs
	$(Q)$(INSTALL) -m 644 include/mana_bot.h '$(DESTDIR)$(INCLUDEDIR)'
	$(Q)$(call install_shlib,$(BOTS_SHLIB_FILE),$(BOTS_SHLIB),$(BOTS_SONAME),$(BOTS_SO))
	$(Q)$(INSTALL) -m 644 $(BOTS_A) '$(DESTDIR)$(LIBDIR)/libmana-bots.a'
	$(Q)$(INSTALL) -m 644 $(MANA_BOTS_PC) '$(DESTDIR)$(PKGCONFIGDIR)/mana-bots.pc'
install-lib-dirs:
	$(Q)$(INSTALL) -d '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(INCLUDEDIR)' '$(DESTDIR)$(PKGCONFIGDIR)'

uninstall: uninstall-bots
uninstall-bots:
	$(Q)rm -f '$(DESTDIR)$(INCLUDEDIR)/mana_bot.h' '$(DESTDIR)$(LIBDIR)/$(BOTS_SHLIB)' \
	    '$(DESTDIR)$(LIBDIR)/$(BOTS_SONAME)' '$(DESTDIR)$(LIBDIR)/$(notdir $(BOTS_SO))' \
	    '$(DESTDIR)$(LIBDIR)/libmana-bots.a' '$(DESTDIR)$(PKGCONFIGDIR)/mana-bots.pc'
.PHONY: install-bots uninstall-bots install-lib-dirs

# mana-cli and its manual page, for GUIs and tournament managers.
install: install-cli
install-cli: $(CLI)
	$(Q)$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(MANDIR)/man1'
	$(Q)$(INSTALL) -m 755 $(CLI) '$(DESTDIR)$(BINDIR)/mana-cli$(EXE)'
	$(Q)$(INSTALL) -m 644 man/man1/mana-cli.1 '$(DESTDIR)$(MANDIR)/man1/mana-cli.1'

uninstall: uninstall-cli
uninstall-cli:
	$(Q)rm -f '$(DESTDIR)$(BINDIR)/mana-cli$(EXE)' '$(DESTDIR)$(MANDIR)/man1/mana-cli.1'
.PHONY: install-cli uninstall-cli

uninstall:
	$(call say,RM,$(DESTDIR)$(PREFIX))
	$(Q)rm -f '$(DESTDIR)$(INCLUDEDIR)/mana.h' '$(DESTDIR)$(INCLUDEDIR)/mana_ml.h' \
	    '$(DESTDIR)$(LIBDIR)/$(SHLIB)' '$(DESTDIR)$(LIBDIR)/$(SONAME)' \
	    '$(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SO))' '$(DESTDIR)$(LIBDIR)/libmana.a' \
	    '$(DESTDIR)$(PKGCONFIGDIR)/mana.pc'
	$(Q)for f in $(notdir $(MAN3)); do rm -f "$(DESTDIR)$(MANDIR)/man3/$$f"; done
	$(Q)for f in $(notdir $(MAN7)); do rm -f "$(DESTDIR)$(MANDIR)/man7/$$f"; done

# ---- checks -----------------------------------------------------------------
check-exports: $(LIB_SHLIB) $(BOTS_SHLIB_FILE) $(LIB_A) $(BOTS_A) tests/exports.txt tests/exports-bots.txt
	$(Q)sh tests/pkg/check-exports.sh $(LIB_SHLIB) tests/exports.txt include/mana.h include/mana_ml.h
	$(Q)sh tests/pkg/check-exports.sh $(BOTS_SHLIB_FILE) tests/exports-bots.txt include/mana_bot.h
	$(Q)sh tests/pkg/check-exports.sh $(LIB_A) tests/exports.txt include/mana.h include/mana_ml.h
	$(Q)sh tests/pkg/check-exports.sh $(BOTS_A) tests/exports-bots.txt include/mana_bot.h
	$(Q)$(OWN_NAMES)

# A program whose own functions bear the names of the bots' internals
# links with libmana-bots.a (tests/pkg/own_names.c).
OWN_NAMES := $(B)/tests/pkg/own_names
$(OWN_NAMES): tests/pkg/own_names.c $(BOTS_A) $(LIB_A) include/mana.h include/mana_bot.h
	@mkdir -p $(@D)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) $(CFLAGS) -o $@ $< $(BOTS_A) $(LIB_A) $(LDFLAGS) -lm -lpthread
check-exports: $(OWN_NAMES)

# The tiers written only in the Makefile (no fragment of mk/ sets or adds
# to them), each part and step with its line in `make help`, and
# tests/README.md's table of the parts of `make check` against
# $(CHECK_PARTS).
check-parts:
	@mkdir -p $(B)
	$(Q)$(MAKE) -s --no-print-directory help >$(B)/help.txt
	$(Q)sh tests/pkg/check-parts.sh --mk mk --help $(B)/help.txt --ci '$(CI_STEPS)' \
	    tests/README.md $(CHECK_PARTS)

# No circle between the files of a folder: each calls only files above it
# in the folder's map (read from the objects with nm): libmana/game.h's,
# bots/bots.h's, cli/cli.h's (which takes cli/engine/engine.h's and
# cli/match/match.h's); and no file of cli/ or its folders includes a private header of bots/.
check-layering: $(LIB_A) $(BOTS_A) $(CLI)
	$(Q)sh tests/pkg/check-layering.sh $(B)/libmana libmana/game.h
	$(Q)sh tests/pkg/check-layering.sh $(B)/bots bots/bots.h .
	$(Q)sh tests/pkg/check-layering.sh $(B)/cli cli/cli.h .
	$(Q)if grep -n '^#include "[^"]*bots/' cli/*.[ch] cli/*/*.[ch]; then \
	    echo "check-layering: cli/ includes a private header of bots/ (the CLI has include/mana_bot.h)" >&2; exit 1; fi

check-header:
	$(Q)for h in $(PUBLIC_HDR) include/mana_bot.h; do sh tests/pkg/check-header.sh $$h || exit 1; done

# mandoc -Tlint and groff -ww -z, each where installed; synopses in 80
# columns; the pages of both libraries.
check-man:
	$(Q)sh tests/pkg/check-man.sh man include/mana.h tests/exports.txt include/mana_bot.h tests/exports-bots.txt

# No stale document name (the list is in the script); every
# docs/*.md, manual page and docs/rules.md section named exists.
check-doc-names:
	$(Q)sh tests/pkg/check-doc-names.sh

# The C examples, built against the build tree as a user would build them
# against an installed copy (.ci/install-check.sh does that), then run.
# (An example that includes mana_bot.h links libmana-bots too, as
# `pkg-config --libs mana-bots` would.)
$(EXAMPLES_BIN): $(B)/examples/c/%: examples/c/%.c include/mana.h include/mana_bot.h $(LIB_A) $(BOTS_A)
	@mkdir -p $(@D)
	$(call say,CC,$@)
	$(Q)$(CC) $(BASE_CFLAGS) $(CPPFLAGS) $(CFLAGS) -o $@ $< \
	    $(if $(shell grep -l mana_bot.h $<),$(BOTS_A) $(LIB_A) -lm -lpthread,$(LIB_A)) $(LDFLAGS)

# The teaching programs alone: make examples (build/examples/c/...).
.PHONY: examples
examples: $(EXAMPLES_BIN)

check-examples: $(EXAMPLES_BIN)
	$(Q)for e in $(EXAMPLES_BIN); do \
	    $$e >/dev/null || { echo "check-examples: $$e failed" >&2; exit 1; }; \
	done
	$(Q)sh tests/pkg/check-perft-example.sh $(B)/examples/c/perft
	$(Q)sh tests/pkg/check-bot-game.sh $(B)/examples/c/bot_game
