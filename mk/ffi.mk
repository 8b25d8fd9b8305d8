# SPDX-License-Identifier: MIT
# ffi.mk - libmana's C ABI from three scripting languages (examples/ffi/,
# docs/ffi.md): LuaJIT's FFI, Ruby's Fiddle and Node.js through koffi, each
# loading $(LIB_SO) by its absolute path.
#
#   make check-ffi   (in make check) runs each example whose interpreter is
#                    installed and compares its output with the C side's
#                    (examples/c/play_game, mana-cli perft and play); says
#                    "skipped: luajit not installed" for one that is not.
#                    koffi is installed with npm into $(FFI_NODE_DIR) from
#                    examples/ffi/node/package.json when missing.
#   make check-ffi-all   the same, but a skipped example fails (in make ci,
#                    after make ci-deps has installed luajit and ruby)
#
# A sanitizer build's libmana.so needs its runtime loaded first, which
# luajit, ruby and node are not built with: under SANITIZE the examples are
# skipped, saying so.

FFI_NODE_DIR := $(B)/ffi/node
FFI_DEPS := $(LIB_SO) $(CLI) $(B)/examples/c/play_game tests/ffi/check-ffi.sh
FFI_RUN = sh tests/ffi/check-ffi.sh $(1) $(abspath $(LIB_SO)) $(B)/examples/c/play_game $(CLI) $(FFI_NODE_DIR)

CI_PACKAGES += luajit ruby
.PHONY: check-ffi check-ffi-all

ifeq ($(SANITIZE),)
check-ffi: $(FFI_DEPS)
	$(Q)$(call FFI_RUN,)

check-ffi-all: $(FFI_DEPS)
	$(Q)$(call FFI_RUN,--require)
else
check-ffi check-ffi-all:
	@echo "check-ffi: skipped: SANITIZE=$(SANITIZE) links libmana.so against a sanitizer runtime that luajit, ruby and node do not load"
endif
