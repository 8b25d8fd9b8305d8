# SPDX-License-Identifier: MIT
# python.mk - the `mana` Python package (bindings/python).
#
#   make check-python   (part of `make check`; tests/README.md lists them) builds the package with pip
#                       into a venv (build/python/venv, made with Debian's
#                       python3 and its site packages), runs its pytest
#                       suite against that installed copy from outside the
#                       source tree
#   make check-python-asan  (in `make sanitize`) test_library.py, which loads
#                       this build's libmana.so: there the ASan build
#   make check-mypy     (part of `make ci`; check-python does not run it) `mypy --strict` on the package,
#                       examples/python, tools/strength, tools/tune with
#                       tools/learn and on the suite's typing_check.py
#   make python-wheel   the wheel, in build/python/dist
#   make python-deps    installs the Debian packages the above need
#   make install-python pip-installs the package for PY_SYS (add
#                       PIP_ARGS=--user, or run inside a venv)
#
# The package compiles its own copy of libmana and libmana-bots, one shared
# object (bindings/python/setup.py builds this Makefile's libmana-embed.so
# in a private build directory), so nothing here depends on the shared
# libraries of this build.

PY_SYS ?= $(firstword $(wildcard /usr/bin/python3) python3)
PY_BUILD := build/python
PY_VENV := $(PY_BUILD)/venv
PY_STAMP := $(PY_BUILD)/installed.stamp
PY_SRC := $(wildcard bindings/python/mana/*.py bindings/python/mana/*.pyi) \
    bindings/python/mana/py.typed bindings/python/setup.py bindings/python/pyproject.toml
PY_DEBS := python3-venv python3-pytest python3-setuptools python3-wheel python3-build mypy python3-hypothesis
PY_PERFT_FILE ?= $(abspath tests/data/perft.txt)
PIP_QUIET := --disable-pip-version-check --no-input --no-index --no-cache-dir -q
PIP_ARGS ?=

.PHONY: check-python python-deps python-wheel install-python clean-python
clean: clean-python
clean-python:
	rm -rf $(PY_BUILD) bindings/python/build bindings/python/mana.egg-info

# (`-I` for `build`: in the tree the build/ directory itself would pass
# for the module, as a namespace package, and hide that it is missing.)
python-deps:
	@missing=; \
	$(PY_SYS) -c 'import ensurepip, venv' 2>/dev/null || missing="$$missing python3-venv"; \
	$(PY_SYS) -c 'import pytest' 2>/dev/null || missing="$$missing python3-pytest"; \
	$(PY_SYS) -c 'import setuptools, wheel' 2>/dev/null || missing="$$missing python3-setuptools python3-wheel"; \
	$(PY_SYS) -I -c 'import build' 2>/dev/null || missing="$$missing python3-build"; \
	$(PY_SYS) -c 'import mypy' 2>/dev/null || missing="$$missing mypy"; \
	$(PY_SYS) -c 'import numpy' 2>/dev/null || missing="$$missing python3-numpy"; \
	$(PY_SYS) -c 'import distributed' 2>/dev/null || missing="$$missing python3-distributed"; \
	$(PY_SYS) -c 'import hypothesis' 2>/dev/null || missing="$$missing python3-hypothesis"; \
	if [ -n "$$missing" ]; then sh tools/deb-install.sh --who "make python-deps" $$missing; fi

$(PY_VENV)/bin/python: | python-deps
	$(call say,VENV,$(PY_VENV))
	$(Q)rm -rf $(PY_VENV) && $(PY_SYS) -m venv --system-site-packages $(PY_VENV)

$(PY_STAMP): $(PY_SRC) $(LIB_SRC) $(LIB_HDR) libmana/libmana.map $(BOT_SRC) $(BOT_HDR) $(wildcard tools/mk*.c tools/*.h) \
    Makefile $(PY_VENV)/bin/python
	$(call say,PIP,bindings/python)
	$(Q)CC='$(CC)' $(PY_VENV)/bin/python -m pip install $(PIP_QUIET) --no-build-isolation \
	    --no-deps --force-reinstall ./bindings/python >$(PY_BUILD)/pip.log 2>&1 || \
	    { cat $(PY_BUILD)/pip.log; exit 1; }
	$(Q)touch $@

# The suite also loads this build's own libmana ($(LIB_SONAME)) through
# MANA_LIBRARY in a fresh python3.  Under SANITIZE=1 that library needs the
# ASan runtime loaded first, which python3 is not linked with: the test
# preloads it (LD_PRELOAD=$$($(CC) -print-file-name=libasan.so), leak
# reports off, as CPython's own allocations at exit are not libmana's);
# under another SANITIZE it skips that part, saying why.
PY_TREE_ENV := MANA_TREE_LIBRARY='$(abspath $(LIB_SONAME))' MANA_TREE_SANITIZE='$(SANITIZE)' \
    MANA_ASAN_RUNTIME='$(if $(filter 1,$(SANITIZE)),$(shell $(CC) -print-file-name=libasan.so 2>/dev/null))'

# The files of the suite that start Dask clusters run whole, once, in make
# ci (check-selfplay, check-dask-match in mk/rl.mk), not here; so do the
# long ones: pip install without a wheel builder (test_install.py) and the
# training examples end to end (test_train_example.py), in check-python-long.
PY_LONG_TESTS := test_install.py test_train_example.py
PY_CI_TESTS := test_selfplay.py test_match_dask.py $(PY_LONG_TESTS)

# Run from build/python, so that `import mana` finds the installed package
# and not bindings/python/mana.  MANA_CLI is this build's mana-cli, which
# tests/test_bot.py and test_engine.py compare with (mana.Bot against the
# engine protocol on tests/data/bot_positions.txt).
check-python: $(PY_STAMP) $(LIB_SONAME) $(CLI)
	$(Q)cd $(PY_BUILD) && PYTHONDONTWRITEBYTECODE=1 MANA_PERFT_FILE='$(PY_PERFT_FILE)' \
	    MANA_CLI='$(abspath $(CLI))' \
	    CC='$(CC)' $(PY_TREE_ENV) venv/bin/python -X faulthandler -m pytest -p no:cacheprovider \
	    $(if $(filter 1,$(V)),-v,-q) $(PY_CI_TESTS:%=--ignore='$(CURDIR)/bindings/python/tests/%') \
	    '$(CURDIR)/bindings/python/tests'

# make ci: the long files of the suite (PY_LONG_TESTS), in the same venv.
.PHONY: check-python-long
check-python-long: $(PY_STAMP)
	$(Q)cd $(PY_BUILD) && PYTHONDONTWRITEBYTECODE=1 MANA_PERFT_FILE='$(PY_PERFT_FILE)' \
	    MANA_CLI='$(abspath $(CLI))' CC='$(CC)' venv/bin/python -X faulthandler \
	    -m pytest -p no:cacheprovider -q $(PY_LONG_TESTS:%='$(CURDIR)/bindings/python/tests/%')

# The one test of the suite that loads this build's own libmana
# (test_library.py, MANA_TREE_LIBRARY): under SANITIZE=1 (make sanitize) the
# ASan + UBSan library, in a python3 with the ASan runtime preloaded.
.PHONY: check-python-asan
check-python-asan: $(PY_STAMP) $(LIB_SONAME)
	$(Q)cd $(PY_BUILD) && PYTHONDONTWRITEBYTECODE=1 $(PY_TREE_ENV) venv/bin/python -X faulthandler \
	    -m pytest -p no:cacheprovider -q '$(CURDIR)/bindings/python/tests/test_library.py'

# mypy --strict on the package and every typed script, once, in make ci
# (it takes longer than the suite itself and does not change with the build).
.PHONY: check-mypy
check-mypy: $(PY_STAMP)
	$(Q)cd $(PY_BUILD) && if venv/bin/python -c 'import mypy' 2>/dev/null; then \
	    venv/bin/python -m mypy --strict --no-incremental -p mana && \
	    venv/bin/python -m mypy --strict --no-incremental '$(CURDIR)/examples/python' && \
	    venv/bin/python -m mypy --strict --no-incremental '$(CURDIR)/tools/strength' && \
	    venv/bin/python -m mypy --strict --no-incremental '$(CURDIR)/tools/tune' '$(CURDIR)/tools/learn' && \
	    venv/bin/python -m mypy --strict --no-incremental \
	        '$(CURDIR)/bindings/python/tests/typing_check.py'; \
	else echo "check-python: mypy is not installed (make python-deps)"; exit 1; fi

python-wheel: | python-deps
	$(call say,WHEEL,$(PY_BUILD)/dist)
	$(Q)CC='$(CC)' $(PY_SYS) -m build --no-isolation --wheel --outdir $(PY_BUILD)/dist bindings/python

install-python:
	CC='$(CC)' $(PY_SYS) -m pip install --no-build-isolation --no-deps $(PIP_ARGS) ./bindings/python
