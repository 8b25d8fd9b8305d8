#!/bin/sh
# SPDX-License-Identifier: MIT
# check-cmake.sh - the CMake build (CMakeLists.txt) against the Makefile's:
#   1. configure, build and install into a temporary prefix;
#   2. the same files compiled as the Makefile's lists (compile_commands.json
#      against `make print-sources`);
#   3. the libraries export what tests/exports*.txt list
#      (tests/pkg/check-exports.sh), in the Makefile's version nodes;
#   4. its mana-cli answers perft and a seeded selfplay as the Makefile's;
#   5. a consumer project (tests/pkg/cmake-consumer) with
#      find_package(mana CONFIG REQUIRED) builds and runs, and the examples
#      built there print what the Makefile's print;
#   6. the same project with libmana through add_subdirectory, with
#      BUILD_SHARED_LIBS OFF (linked statically) and ON (shared);
#   7. with mingw-w64 (when x86_64-w64-mingw32-gcc is there): libmana
#      builds with cmake/mingw-w64-x86_64.cmake, libmana.dll exporting the
#      public names; libmana-bots too once bots/ has the Windows allocation.
#
#   usage: tests/pkg/check-cmake.sh SRC WORK MAKE_BUILD_DIR VERSION
set -u
ME=check-cmake
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
[ $# = 4 ] || die "usage: $0 SRC WORK MAKE_BUILD_DIR VERSION"
src=$1 work=$2 mb=$3 v=$4
command -v cmake >/dev/null 2>&1 || die "cmake not found (Debian: apt-get install cmake)"
gen=
command -v ninja >/dev/null 2>&1 && gen="-G Ninja"
rm -rf "$work" && mkdir -p "$work" || die "cannot make $work"
prefix=$work/prefix
run() { # LOG COMMAND...: runs it, its output in LOG, shown on failure
    log=$1
    shift
    "$@" >"$log" 2>&1 || { tail -n 40 "$log" >&2; die "failed: $*"; }
}

# 1.
b=$work/build
# shellcheck disable=SC2086
run "$work/configure.log" cmake -S "$src" -B "$b" $gen -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
run "$work/build.log" cmake --build "$b" -j2
run "$work/install.log" cmake --install "$b"
for f in lib/libmana.so.$v lib/libmana-bots.so.$v lib/libmana.a lib/libmana-bots.a \
    include/mana.h include/mana_ml.h include/mana_bot.h bin/mana-cli \
    lib/cmake/mana/manaConfig.cmake lib/cmake/mana/manaConfigVersion.cmake \
    lib/pkgconfig/mana.pc lib/pkgconfig/mana-bots.pc share/man/man7/mana.7; do
    [ -e "$prefix/$f" ] || bad "not installed: $f"
done
for l in libmana libmana-bots; do
    s=$(objdump -p "$prefix/lib/$l.so.$v" | sed -n 's/^ *SONAME *//p')
    [ "$s" = "$l.so.${v%%.*}" ] || bad "$l: soname '$s'"
    [ "$(readlink "$prefix/lib/$l.so.${v%%.*}")" = "$l.so.$v" ] || bad "$l.so.${v%%.*} is no link to $l.so.$v"
done
pv=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --modversion mana-bots 2>&1)
[ "$pv" = "$v" ] || bad "pkg-config --modversion mana-bots: '$pv'"

# 2. One list of sources: the directories; both builds compile the same files.
sed -n 's/^ *"file": "\(.*\)",*$/\1/p' "$b/compile_commands.json" |
    sed "s|^$b/||; s|^$src/||" | sort -u >"$tmp/cmake.src"
make -s -C "$src" print-sources | tr ' ' '\n' | sed '/^$/d' | sort -u >"$tmp/make.src"
diff -u "$tmp/make.src" "$tmp/cmake.src" >"$tmp/src.diff" ||
    { bad "the builds compile different files (- Makefile, + CMake):"; cat "$tmp/src.diff" >&2; }

# 3.
sh "$src/tests/pkg/check-exports.sh" "$b/libmana.so.$v" "$src/tests/exports.txt" "$src/include/mana.h" "$src/include/mana_ml.h" >/dev/null || bad "libmana.so exports"
sh "$src/tests/pkg/check-exports.sh" "$b/libmana.a" "$src/tests/exports.txt" "$src/include/mana.h" "$src/include/mana_ml.h" >/dev/null || bad "libmana.a exports"
sh "$src/tests/pkg/check-exports.sh" "$b/libmana-bots.so.$v" "$src/tests/exports-bots.txt" "$src/include/mana_bot.h" >/dev/null || bad "libmana-bots.so exports"
sh "$src/tests/pkg/check-exports.sh" "$b/libmana-bots.a" "$src/tests/exports-bots.txt" "$src/include/mana_bot.h" >/dev/null || bad "libmana-bots.a exports"
for l in libmana libmana-bots; do
    nm -D --defined-only "$mb/$l.so.$v" | awk '{ print $3 }' >"$tmp/m.nodes"
    nm -D --defined-only "$b/$l.so.$v" | awk '{ print $3 }' >"$tmp/c.nodes"
    cmp -s "$tmp/m.nodes" "$tmp/c.nodes" || bad "$l.so: names or version nodes differ from the Makefile's"
done

# 4.
for args in "perft 4 2d3/6/2R1r1/1r4/3D2/6 b 3 3" "selfplay --seed 7"; do
    # shellcheck disable=SC2086
    "$mb/mana-cli" $args >"$tmp/m.out" 2>&1
    # shellcheck disable=SC2086
    "$prefix/bin/mana-cli" $args >"$tmp/c.out" 2>&1
    cmp -s "$tmp/m.out" "$tmp/c.out" || bad "mana-cli $args: CMake's differs from the Makefile's"
done

# consumer DIR OPTIONS...: builds the consumer project, runs it and the
# examples, compared with the Makefile's examples.
consumer() {
    d=$1
    shift
    # shellcheck disable=SC2086
    run "$d.log" cmake -S "$src/tests/pkg/cmake-consumer" -B "$d" $gen \
        -DMANA_EXAMPLES_DIR="$src/examples/c" "$@"
    run "$d.build.log" cmake --build "$d" -j2
    "$d/consumer" >"$d.out" 2>&1 || { cat "$d.out" >&2; bad "$d/consumer failed"; }
    for e in play_game:7 bot_game:3; do
        "$mb/examples/c/${e%:*}" "${e#*:}" >"$tmp/m.out" 2>&1 || bad "$mb/examples/c/${e%:*} failed"
        "$d/${e%:*}" "${e#*:}" >"$tmp/c.out" 2>&1 || bad "$d/${e%:*} failed"
        grep -q . "$tmp/m.out" && cmp -s "$tmp/m.out" "$tmp/c.out" ||
            bad "$d: ${e%:*} ${e#*:} differs from the Makefile's examples/c/${e%:*}"
    done
}
needed() { objdump -p "$1" | sed -n 's/^ *NEEDED *\(libmana.*\)/\1/p' | sort | tr '\n' ' '; }

# 5.
consumer "$work/found" -DCMAKE_PREFIX_PATH="$prefix"
[ "$(needed "$work/found/consumer")" = "libmana-bots.so.${v%%.*} libmana.so.${v%%.*} " ] ||
    bad "the found consumer does not link the shared libraries: $(needed "$work/found/consumer")"

# 6.
consumer "$work/sub-static" -DMANA_SOURCE_DIR="$src" -DBUILD_SHARED_LIBS=OFF
[ -z "$(needed "$work/sub-static/consumer")" ] || bad "BUILD_SHARED_LIBS=OFF: consumer needs $(needed "$work/sub-static/consumer")"
consumer "$work/sub-shared" -DMANA_SOURCE_DIR="$src" -DBUILD_SHARED_LIBS=ON
[ "$(needed "$work/sub-shared/consumer")" = "libmana-bots.so.${v%%.*} libmana.so.${v%%.*} " ] ||
    bad "BUILD_SHARED_LIBS=ON: consumer needs '$(needed "$work/sub-shared/consumer")'"

# 7.
mingw=skipped
if command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
    w=$work/mingw
    # shellcheck disable=SC2086
    run "$w.log" cmake -S "$src" -B "$w" $gen -DCMAKE_TOOLCHAIN_FILE="$src/cmake/mingw-w64-x86_64.cmake"
    run "$w.build.log" cmake --build "$w" -j2 --target mana_shared mana_static
    files="libmana.dll libmana.dll.a libmana.a"
    # libmana-bots needs the Windows port of its aligned allocation
    # (posix_memalign is POSIX only); built and required once the tree has it.
    bots="libmana-bots: not built (bots/ has no Windows allocation yet)"
    if grep -q _aligned_malloc "$src"/bots/*.c; then
        run "$w.bots.log" cmake --build "$w" -j2
        files="$files libmana-bots.dll libmana-bots.dll.a libmana-bots.a mana-cli.exe"
        bots="libmana-bots and mana-cli.exe built"
    fi
    for f in $files; do
        [ -f "$w/$f" ] || bad "mingw: no $f"
    done
    x86_64-w64-mingw32-objdump -p "$w/libmana.dll" | awk '/\[Ordinal\/Name Pointer\] Table/ { t = 1; next }
        t && NF == 0 { t = 0 } t { print $NF }' | sort >"$tmp/dll.names"
    grep -v '^#' "$src/tests/exports.txt" | sed '/^$/d' >"$tmp/list"
    missing=$(comm -23 "$tmp/list" "$tmp/dll.names")
    [ -z "$missing" ] || bad "mingw: libmana.dll lacks $missing"
    mingw="libmana built, libmana.dll exports the $(wc -l <"$tmp/list") public names; $bots"
fi
finish "check-cmake: installed, same sources, exports and nodes as the Makefile's; mana-cli and the examples answer alike; find_package, add_subdirectory static and shared consumers run; mingw-w64: $mingw"
