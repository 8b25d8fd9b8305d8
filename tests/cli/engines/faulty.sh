#!/bin/sh
# SPDX-License-Identifier: MIT
# faulty.sh - a deliberately faulty engine for the tests of `mana-cli
# match`: it speaks the handshake of docs/engine-protocol.md correctly,
# then answers `go` the wrong way, chosen by its argument:
#   crash     exits with status 3 at the first go
#   hang      never answers go (reads and ignores its input from then on;
#             the runner must kill it)
#   illegal   answers bestmove D@c3 (outside every setup area: never legal)
#   garbage   answers a line that is not a protocol line
#   nul       answers bestmove O0, a NUL byte and more on the same line (O0
#             alone is a legal first answer: the runner must see the rest)
# With a second argument, a directory, the engine appends its process id
# to DIR/pids when it starts, so that a test can tell whether its own
# engines are still alive (without ps, and among other test runs).
#   usage: faulty.sh crash|hang|illegal|garbage|nul [DIR]
mode=$1
[ -n "${2:-}" ] && echo $$ >>"$2/pids"
while IFS= read -r line; do
    case $line in
    mana)
        echo "id name faulty-$mode"
        echo "id author the libmana tests"
        echo "manaok"
        ;;
    isready) echo readyok ;;
    go*)
        case $mode in
        crash) exit 3 ;;
        hang) while IFS= read -r line; do :; done ;;
        illegal) echo "bestmove D@c3" ;;
        garbage) echo "I am not an engine" ;;
        nul) printf 'bestmove O0\000garbage\n' ;;
        esac
        ;;
    quit) exit 0 ;;
    esac
done
