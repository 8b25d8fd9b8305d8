#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/cross/answers.sh REFERENCE RUNNER:PROGRAM...
#
# Runs each build of tests/cross/answers (RUNNER: `native`, or the
# emulator that runs it, qemu-aarch64 ...) and compares its output with
# REFERENCE (tests/data/answers-x86_64.txt, x86-64's answers), showing the
# difference when there is one.  Exit 1 if any build answers otherwise.
set -u
ref=$1; shift
status=0
for run in "$@"; do
    runner=${run%%:*} prog=${run#*:}
    out=$prog.txt
    if [ "$runner" = native ]; then "$prog" >"$out"; else "$runner" "$prog" >"$out"; fi || {
        echo "cross-answers: $prog under $runner failed:"; tail -n 5 "$out"; status=1; continue
    }
    if cmp -s "$ref" "$out"; then
        echo "cross-answers: $runner $prog: the x86-64 answers ($(wc -l <"$ref") lines)"
    else
        echo "cross-answers: $runner $prog answers otherwise than $ref:"
        diff "$ref" "$out" | head -n 40
        status=1
    fi
done
exit $status
