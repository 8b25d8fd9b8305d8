# SPDX-License-Identifier: MIT
# lib.sh - helpers for the mana-cli shell tests, sourced by tests/cli/*.sh.
# The caller sets CLI (the mana-cli binary) and NAME (for messages).

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0
checks=0

fail() {
    failures=$((failures + 1))
    echo "$NAME: FAIL: $*" >&2
}

# expect_grep FILE PATTERN WHAT: FILE has a line matching the fixed string.
expect_grep() {
    checks=$((checks + 1))
    if ! grep -qF -- "$2" "$1"; then
        fail "$3: no line with '$2' in:"
        sed 's/^/    | /' "$1" | tail -n 15 >&2
    fi
}

# expect_no_grep FILE PATTERN WHAT
expect_no_grep() {
    checks=$((checks + 1))
    if grep -qF -- "$2" "$1"; then
        fail "$3: unexpected '$2'"
    fi
}

# expect_status GOT WANT WHAT
expect_status() {
    checks=$((checks + 1))
    [ "$1" = "$2" ] || fail "$3: exit status $1, expected $2"
}

# expect_eq GOT WANT WHAT
expect_eq() {
    checks=$((checks + 1))
    [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"
}

# refused WHAT EXPECTED ARGS...: "$CLI" ARGS exits 2 with the line
# EXPECTED and the usage of the subcommand ARGS begins with.
refused() {
    what=$1 want=$2
    shift 2
    "$CLI" "$@" >"$tmp/out" 2>&1
    expect_status $? 2 "$what"
    expect_grep "$tmp/out" "$want" "$what"
    expect_grep "$tmp/out" "usage: mana-cli $1" "$what shows the usage"
}

finish() {
    echo "$NAME: $checks checks, $failures failed"
    [ "$failures" -eq 0 ]
}
