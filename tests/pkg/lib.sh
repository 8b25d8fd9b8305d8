# SPDX-License-Identifier: MIT
# lib.sh - the preamble of the check scripts of tests/ (tests/pkg/*.sh,
# tests/bench/check-record.sh, tests/ffi/check-ffi.sh), sourced once the
# script has set its shell options and ME, its name in messages:
#
#     set -eu         (or set -u, for a script that goes on after a failure)
#     ME=check-man
#     . "$(dirname "$0")/lib.sh"       (from tests/pkg; else ../pkg/lib.sh)
#
# It gives the script:
#   $tmp          a new directory, removed when the script ends or is
#                 interrupted (EXIT INT TERM)
#   bad MESSAGE   "ME: MESSAGE" on stderr; counts a failure in $fail
#   $fail         the failures counted so far (0 at first)
#   die MESSAGE   "ME: MESSAGE" on stderr, then exit status 1
#   finish LINE   ends the script: LINE on stdout and status 0 if nothing
#                 failed, else status 1
# The tests of mana-cli have their own helpers (tests/cli/lib.sh).

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

bad() {
    echo "$ME: $*" >&2
    fail=$((fail + 1))
}

die() {
    echo "$ME: $*" >&2
    exit 1
}

finish() {
    [ "$fail" = 0 ] || exit 1
    echo "$*"
    exit 0
}
