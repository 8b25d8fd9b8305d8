# SPDX-License-Identifier: MIT
# mk/wasm.mk - libmana in WebAssembly and the JavaScript package.
#
#   make wasm        builds bindings/js/dist/libmana.mjs (the library, the ab,
#                    mcts and random bots, and the glue of
#                    bindings/js/src/manajs.c) with emscripten's emcc;
#                    the .wasm is embedded (SINGLE_FILE), so bindings/js then
#                    imports as it is, in Node and in browsers.
#   make check-js    make wasm, then the package's tests (node --test; the
#                    bots' is compared with mana-cli engine, so mana-cli is built)
#
# make wasm also builds $(BUILD_DIR)/web/native_games (test/native_games.c with cc:
# the random games the tests compare with the native library) and writes
# bindings/js/package.json from package.json.in with the version of
# include/mana.h (the one version source; the written file is not committed).
#
# EMCC names the compiler; Debian's emscripten 3.1.6 needs NODE_PATH to find
# acorn for optimised builds.  `make check` never needs emscripten; make wasm
# (and so make serve, check-js, check-web) installs it with apt-get when emcc
# is missing (as root, or through sudo when it asks no password), or stops
# with the command that would (wasm-deps).

EMCC ?= emcc
WASM_NODE_PATH ?= /usr/share/nodejs
WASM_DIR := bindings/js/dist
WASM_OUT := $(WASM_DIR)/libmana.mjs
WASM_CLI_SRC := $(BOT_SRC)
WASM_SRC := $(LIB_SRC) $(REACH_C) $(WASM_CLI_SRC) bindings/js/src/manajs.c
WASM_CFLAGS := $(WARN) -O3 -Iinclude -Ilibmana -Ibots -D_POSIX_C_SOURCE=200809L
# Every public function (the list tests/exports.txt keeps for libmana.so).
WASM_EXPORTS = $(shell sed -n 's/^\(mana_[a-z0-9_]*\)$$/,_\1/p' tests/exports.txt | tr -d '\n')
WASM_LDFLAGS = -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createManaModule \
    -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web,worker \
    -sEXPORTED_FUNCTIONS=_malloc,_free$(WASM_EXPORTS) \
    -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8

.PHONY: wasm check-js wasm-deps

# apt_need: for each COMMAND:PACKAGE pair of $(1) whose command is missing,
# installs the Debian package with apt-get, or stops naming every package and
# the command to run.  The one copy of the install logic (wasm-deps, serve,
# web-deps).
define apt_need
missing=; for p in $(1); do command -v "$${p%%:*}" >/dev/null 2>&1 || missing="$$missing $${p##*:}"; done; \
if [ -n "$$missing" ]; then sh tools/deb-install.sh --who "make $@" --commands-missing $$missing || exit 1; fi
endef

wasm-deps:
	@$(call apt_need,$(EMCC):emscripten node:nodejs)
WEB_BUILD := $(B)/web
NATIVE_GAMES := $(WEB_BUILD)/native_games
CLEAN_FILES += $(WASM_DIR)/libmana.mjs $(NATIVE_GAMES) bindings/js/package.json

wasm: $(WASM_OUT) $(NATIVE_GAMES) bindings/js/package.json

bindings/js/package.json: bindings/js/package.json.in include/mana.h
	$(call say,GEN,$@)
	$(Q)sed 's/@VERSION@/$(VERSION)/' $< >$@.tmp && mv -f $@.tmp $@

$(NATIVE_GAMES): bindings/js/test/native_games.c include/mana.h $(LIB_A)
	$(call say,CC,$@)
	$(Q)mkdir -p $(WEB_BUILD)
	$(Q)$(CC) $(BASE_CFLAGS) $(CFLAGS) -o $@ $< $(LIB_A)

$(WASM_OUT): $(WASM_SRC) $(LIB_HDR) tests/exports.txt $(BOT_HDR) mk/wasm.mk | wasm-deps
	$(call say,EMCC,$@)
	$(Q)mkdir -p $(WASM_DIR)
	$(Q)NODE_PATH=$(WASM_NODE_PATH) $(EMCC) $(WASM_CFLAGS) $(WASM_LDFLAGS) -o $@ $(WASM_SRC)

# test/bot.test.js compares the wasm bots with this build's mana-cli engine.
JS_TEST = cd bindings/js && MANA_NATIVE_GAMES=$(abspath $(NATIVE_GAMES)) MANA_CLI=$(abspath $(CLI)) \
    node --test test/
check-js: wasm $(CLI)
	$(JS_TEST)

# ---- the web board (web/) ----------------------------------------------------
#   make serve       serves the source tree on http://localhost:$(SERVE_PORT)/web/
#                    (static files only; after make wasm)
SERVE_PORT ?= 8000
.PHONY: serve
serve: wasm
	@$(call apt_need,/usr/bin/python3:python3)
	@echo "Mana web board: http://localhost:$(SERVE_PORT)/web/"
	/usr/bin/python3 -m http.server --bind 127.0.0.1 $(SERVE_PORT)

# ---- the browser test --------------------------------------------------------
#   make check-web   installs what is missing (emscripten, chromium, nodejs and
#                    npm with apt-get; puppeteer-core with npm into
#                    build/web/tools, outside the package), builds the wasm,
#                    runs the package's tests, type-checks index.d.ts
#                    (tests/web/types.ts, tsc --strict), then plays the web
#                    board in headless Chromium (tests/web/board.test.mjs: a game
#                    by clicks, review, a reload mid-game, links, a game lost on
#                    time, the analysis' bar, arrow and lines); screenshots
#                    at 1366x657, 1280x720 and 390x844, mid-game, at game over,
#                    lost on time and with the analysis, go to
#                    build/web/screenshots; tests/web/deps.sh checks that
#                    wasm-deps stops naming the package for a user who cannot
#                    install.  About two minutes.
#   make web-screenshots   the same screenshots, shrunk into docs/web-*.png
WEB_TOOLS := $(WEB_BUILD)/tools
.PHONY: check-web web-deps web-screenshots

web-deps:
	@$(call apt_need,$(EMCC):emscripten chromium:chromium node:nodejs npm:npm)
	@mkdir -p $(WEB_TOOLS)
	@cmp -s tests/web/package.json $(WEB_TOOLS)/package.json && \
	    [ -d $(WEB_TOOLS)/node_modules/puppeteer-core ] || { \
	    cp tests/web/package.json $(WEB_TOOLS)/package.json && \
	    cd $(WEB_TOOLS) && PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error; }

check-web: web-deps
	$(MAKE) wasm $(CLI)
	$(JS_TEST)
	$(WEB_TOOLS)/node_modules/.bin/tsc --noEmit --strict --target es2022 --module nodenext \
	    --moduleResolution nodenext tests/web/types.ts
	sh tests/web/deps.sh
	WEB_TOOLS=$(WEB_TOOLS) SHOT_DIR=$(WEB_BUILD)/screenshots node tests/web/board.test.mjs

web-screenshots: check-web
	/usr/bin/python3 tests/web/shrink_png.py $(WEB_BUILD)/screenshots docs

# ---- the benchmark -----------------------------------------------------------
#   make bench-web   perft and random playouts natively, in Node and in headless
#                    Chromium (ratios to native), and the web board's answer
#                    to a click while a bot thinks; prints a Markdown section
#                    for BENCHMARKS.md (a minute or two).  Judges nothing.
# tests/web/bench_native.c is built twice: natively and with emcc (the same C
# loop in WebAssembly, called through callMain by Node and Chromium).
BENCH_NATIVE := $(WEB_BUILD)/bench_native
BENCH_WASM := $(WEB_BUILD)/bench_native.mjs
.PHONY: bench-web

$(BENCH_NATIVE): tests/web/bench_native.c include/mana.h $(LIB_A)
	$(call say,CC,$@)
	$(Q)mkdir -p $(WEB_BUILD)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L $(CFLAGS) -o $@ $< $(LIB_A)

$(BENCH_WASM): tests/web/bench_native.c $(LIB_SRC) $(REACH_C) $(LIB_HDR) mk/wasm.mk | wasm-deps
	$(call say,EMCC,$@)
	$(Q)mkdir -p $(WEB_BUILD)
	$(Q)NODE_PATH=$(WASM_NODE_PATH) $(EMCC) $(WASM_CFLAGS) -sMODULARIZE=1 -sEXPORT_ES6=1 \
	    -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web,worker -sINVOKE_RUN=0 \
	    -sEXIT_RUNTIME=0 -sEXPORTED_RUNTIME_METHODS=callMain -o $@ tests/web/bench_native.c \
	    $(LIB_SRC) $(REACH_C)

bench-web: web-deps wasm $(BENCH_NATIVE) $(BENCH_WASM)
	WEB_TOOLS=$(WEB_TOOLS) BENCH_NATIVE=$(abspath $(BENCH_NATIVE)) \
	    BENCH_WASM=$(abspath $(BENCH_WASM)) nice node tests/web/bench.mjs
