#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/cross/run.sh QEMU BUILD SOAK-PLIES FUZZ-TARGETS CLI-TESTS
#
# Runs a cross build's test programs (BUILD: $(B)/cross/<arch>, built by
# mk/cross.mk) under the user-mode emulator QEMU (qemu-aarch64 ...),
# without -L: the target's libraries come from Debian's multiarch
# packages.  The unit suites run in one process (CK_FORK=no), then the
# contract tests (soak, out of memory, the fuzz corpora), the bots'
# checks, and the mana-cli scripts CLI-TESTS through a wrapper that
# starts the binary under QEMU.  Every part runs; exit 1 if one failed.
set -u
qemu=$1 build=$2 plies=$3 fuzz=$4 cli_tests=$5
dir=$(cd "$(dirname "$0")/.." && pwd)
arch=$(basename "$build")
failed=

# part NAME COMMAND...: runs COMMAND, saying how it went and how long it took.
part() {
    name=$1; shift
    t0=$(date +%s)
    if "$@" >"$build/cross-$name.log" 2>&1; then r=ok; else r=FAILED; failed="$failed $name"; fi
    echo "check-cross-$arch: $name $r ($(( $(date +%s) - t0 )) s; $(tail -n 1 "$build/cross-$name.log"))"
    [ $r = ok ] || tail -n 20 "$build/cross-$name.log"
}

fuzz_corpora() {
    for t in $fuzz; do "$qemu" "$build/tests/fuzz/replay_$t" "$dir/fuzz/corpus/$t" || return 1; done
}

bots() {
    for p in botcheck botsearch abevalcheck matecheck; do "$qemu" "$build/tests/bots/$p" || return 1; done
}

cli() {
    wrapper=$build/mana-cli-qemu
    printf '#!/bin/sh\nexec %s %s "$@"\n' "$qemu" "$(cd "$build" && pwd)/mana-cli" >"$wrapper"
    chmod +x "$wrapper"
    status=0
    for t in $cli_tests; do sh "$dir/cli/$t.sh" "$wrapper" || status=1; done
    return $status
}

part unit env CK_FORK=no "$qemu" "$build/tests/check_mana"
part soak "$qemu" "$build/tests/soak/soak" --plies "$plies" --seed 20240601 --quiet
part oom "$qemu" "$build/tests/soak/oom"
part fuzz-corpora fuzz_corpora
part bots bots
part cli cli
if [ -n "$failed" ]; then
    echo "check-cross-$arch: FAILED:$failed (logs $build/cross-*.log)"
    exit 1
fi
echo "check-cross-$arch: all passed under $qemu"
