#!/bin/sh
# SPDX-License-Identifier: MIT
# map-symbols.sh - the names (or patterns, such as mana_*) that a GNU ld
# version script exports: those of the global: sections of every version
# node (MANA_0, MANA_0.3, ...), one a line, each with PREFIX in front.
# Apple's ld reads them as its -exported_symbols_list (PREFIX _, the
# Mach-O spelling of a C name; its lists take * patterns as the script
# does).  POSIX awk only: it runs on macOS.
#   usage: tools/map-symbols.sh MAP [PREFIX]
set -eu
awk -v p="${2:-}" '
    { gsub(/\/\*[^*]*\*\//, ""); gsub(/[{};]/, " & ") }
    {
        for (i = 1; i <= NF; i++) {
            if ($i == "global:") g = 1
            else if ($i == "local:" || $i == "}") g = 0
            else if (g && $i != "{" && $i != ";") print p $i
        }
    }
' "$1"
