#!/bin/sh
# SPDX-License-Identifier: MIT
# version.sh - the version of libmana, from its one source, include/mana.h.
#
#   tools/version.sh            prints MAJOR.MINOR.PATCH
#   tools/version.sh --major    prints MAJOR (the soname's number)
#   tools/version.sh --check    also checks that MANA_VERSION_STRING agrees
#                               with the three numbers and that NEWS.md has a
#                               section for the version
#
# Run from anywhere; `make version` prints the same.  Other files that state
# the version (mana.pc, the Python package, package.json) read it from here
# or from mana.h, never keep their own copy.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
hdr=$root/include/mana.h
num() { sed -n "s/^#define MANA_VERSION_$1 \([0-9][0-9]*\)\$/\1/p" "$hdr"; }
major=$(num MAJOR)
minor=$(num MINOR)
patch=$(num PATCH)
if [ -z "$major" ] || [ -z "$minor" ] || [ -z "$patch" ]; then
    echo "version.sh: no MANA_VERSION_MAJOR/MINOR/PATCH in $hdr" >&2
    exit 1
fi
version=$major.$minor.$patch
case ${1:-} in
--major) echo "$major" ;;
--check)
    string=$(sed -n 's/^#define MANA_VERSION_STRING "\(.*\)"$/\1/p' "$hdr")
    [ "$string" = "$version" ] || {
        echo "version.sh: MANA_VERSION_STRING \"$string\" is not $version" >&2
        exit 1
    }
    grep -q "^## $version\( \|\$\)" "$root/NEWS.md" || {
        echo "version.sh: NEWS.md has no section \"## $version\"" >&2
        exit 1
    }
    echo "version: $version (include/mana.h; NEWS.md has its section)"
    ;;
"") echo "$version" ;;
*)
    echo "usage: tools/version.sh [--major | --check]" >&2
    exit 2
    ;;
esac
