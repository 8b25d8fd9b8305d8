# SPDX-License-Identifier: MIT
# Cross-compiling for 64-bit Windows with mingw-w64 (Debian's
# gcc-mingw-w64-x86-64):
#   cmake -S . -B build/cmake-mingw -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake
# tools/mkreach is then built with the build machine's cc (MANA_HOST_CC).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(MANA_MINGW_PREFIX x86_64-w64-mingw32 CACHE STRING "the mingw-w64 tools' prefix")
set(CMAKE_C_COMPILER ${MANA_MINGW_PREFIX}-gcc)
set(CMAKE_RC_COMPILER ${MANA_MINGW_PREFIX}-windres)
set(CMAKE_AR ${MANA_MINGW_PREFIX}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${MANA_MINGW_PREFIX}-ranlib CACHE FILEPATH "")
set(CMAKE_OBJCOPY ${MANA_MINGW_PREFIX}-objcopy CACHE FILEPATH "")

set(CMAKE_FIND_ROOT_PATH /usr/${MANA_MINGW_PREFIX})
# Programs (the host compiler) from the build machine; libraries and
# headers from the target's root only.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
