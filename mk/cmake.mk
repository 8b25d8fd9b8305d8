# SPDX-License-Identifier: MIT
# cmake.mk - the CMake build (CMakeLists.txt) checked against this one.
#
#   make check-cmake    tests/pkg/check-cmake.sh: CMake builds and installs
#                       into $(B)/cmake/prefix; a consumer project
#                       (tests/pkg/cmake-consumer) finds the package, and
#                       uses the sources through add_subdirectory with
#                       BUILD_SHARED_LIBS OFF and ON; the same sources,
#                       exports, version nodes and answers as the
#                       Makefile's; the libraries with mingw-w64 when it is
#                       installed.  In `make ci`.
#   make print-sources  the files this Makefile compiles into the libraries
#                       and mana-cli (one line)

CI_PACKAGES += cmake ninja-build gcc-mingw-w64-x86-64
.PHONY: check-cmake print-sources

print-sources:
	@echo $(LIB_SRC) $(BOT_SRC) $(CLI_SRC) tools/mkreach.c gen/reach_table.c

# (The examples by name: mk/install.mk, which defines their list, is read later.)
check-cmake: $(LIB_SHLIB) $(BOTS_SHLIB_FILE) $(CLI) $(B)/examples/c/play_game $(B)/examples/c/bot_game
	$(Q)sh tests/pkg/check-cmake.sh $(CURDIR) $(abspath $(B))/cmake $(B) $(VERSION)
