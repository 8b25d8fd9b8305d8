#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - runs the mana-cli shell tests (play, records, engine, match) and
# lints the manual page.   usage: tests/cli/run.sh MANA-CLI [MANPAGE]
set -u
cli=$1
man=${2:-}
dir=$(dirname "$0")
status=0
for t in play record engine match; do
    sh "$dir/$t.sh" "$cli" || status=1
done
if [ -n "$man" ]; then
    if command -v mandoc >/dev/null 2>&1; then
        if mandoc -Tlint -Wstyle "$man" >"${TMPDIR:-/tmp}/mana-cli-lint.$$" 2>&1; then
            echo "mandoc -Tlint -Wstyle $man: clean"
        else
            echo "mandoc -Tlint -Wstyle $man:" >&2
            cat "${TMPDIR:-/tmp}/mana-cli-lint.$$" >&2
            status=1
        fi
        rm -f "${TMPDIR:-/tmp}/mana-cli-lint.$$"
    else
        echo "mandoc not installed: $man not linted"
    fi
fi
exit $status
