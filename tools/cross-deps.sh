#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/cross-deps.sh DEBIAN-ARCH... -- PACKAGE...
#
# What `make check-cross` needs (mk/cross.mk): each DEBIAN-ARCH (arm64,
# s390x, i386) added to dpkg's foreign architectures when it is missing,
# then the PACKAGEs that are missing (cross compilers, qemu-user, the
# check library of each architecture by multiarch: check:arm64 ...)
# installed by tools/deb-install.sh, which leaves installed ones alone.
set -u
dir=$(dirname "$0")
archs=
while [ $# -gt 0 ] && [ "$1" != -- ]; do archs="$archs $1"; shift; done
[ "${1:-}" = -- ] && shift

sudo=
[ "$(id -u)" = 0 ] || sudo="sudo -n"
known=" $(dpkg --print-architecture) $(dpkg --print-foreign-architectures | tr '\n' ' ') "
for a in $archs; do
    case $known in *" $a "*) continue ;; esac
    echo "make cross-deps: dpkg --add-architecture $a" >&2
    $sudo dpkg --add-architecture "$a" || {
        echo "make cross-deps: could not add the architecture $a; run: sudo dpkg --add-architecture $a" >&2
        exit 1
    }
done
exec sh "$dir/deb-install.sh" --who "make cross-deps" "$@"
