#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/deb-install.sh [--who NAME] [--commands-missing] PACKAGE...
#
# The one copy of "install the Debian packages that are missing", used by
# .ci/run and every make target that installs what it needs.
#
#  - Packages already installed (dpkg-query) are left alone; with none missing,
#    nothing runs and nothing is printed.  --commands-missing: the caller
#    found the commands of these packages missing, so each is installed
#    (or named to the user who cannot install) whatever dpkg says.
#  - Another apt-get or dpkg holding the lock is waited for, up to
#    MANA_APT_LOCK_WAIT seconds (900), and the wait is said out loud.
#  - `apt-get update` is tried 3 times; an index that still fails to
#    download (a mirror in the middle of a sync) is reported and the install
#    goes on with the lists apt already has.
#  - A failed install stops with exit 1, naming the packages and the command
#    to run by hand.
#
# Runs apt-get as root, or through `sudo -n` when that needs no password.
# APT_GET names another apt-get (the tests use a stand-in).
set -u
who=deb-install
if [ "${1:-}" = --who ]; then who=$2; shift 2; fi
trust_dpkg=1
if [ "${1:-}" = --commands-missing ]; then trust_dpkg=; shift; fi
apt=${APT_GET:-apt-get}
wait_s=${MANA_APT_LOCK_WAIT:-900}
lock=${MANA_DPKG_LOCK:-/var/lib/dpkg/lock-frontend}

# installed PACKAGE: PACKAGE (or PACKAGE:ARCH) is installed, for the
# machine's own architecture when no ARCH is named.  Not `dpkg -s`: once a
# package is installed for a second architecture too (check:arm64 beside
# check, as make cross-deps does), `dpkg -s check` fails as ambiguous.
installed() {
    dpkg-query -W -f='${binary:Package} ${db:Status-Abbrev}\n' "$1" 2>/dev/null |
        awk -v p="$1" -v a="$(dpkg --print-architecture 2>/dev/null)" \
            '($1 == p || $1 == p ":" a) && $2 == "ii" { ok = 1 } END { exit !ok }'
}

missing=
for p in "$@"; do
    [ -n "$trust_dpkg" ] && installed "$p" || missing="$missing $p"
done
[ -n "$missing" ] || exit 0

say() { echo "$who: $*" >&2; }
if [ "$(id -u)" = 0 ]; then
    sudo=
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
else
    say "missing the Debian packages$missing; install them with: sudo apt-get install$missing"
    exit 1
fi

# lock_held: true when another process holds dpkg's lock (an fcntl lock, as
# apt takes it).  Without python3 the wait still happens, unannounced.
lock_held() {
    [ -e "$lock" ] || return 1
    for py in /usr/bin/python3 python3; do
        command -v "$py" >/dev/null 2>&1 || continue
        "$py" - "$lock" <<'EOF' 2>/dev/null
import fcntl, sys
try:
    f = open(sys.argv[1], "a")
    fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
except BlockingIOError:
    sys.exit(0)
except OSError:
    sys.exit(1)
sys.exit(1)
EOF
        return $?
    done
    return 1
}

announce_lock() {
    if lock_held; then
        say "another apt-get or dpkg holds $lock; waiting for it (up to $wait_s s)"
    fi
}

opts="-o DPkg::Lock::Timeout=$wait_s -o Acquire::Retries=3"
export DEBIAN_FRONTEND=noninteractive
say "installing the missing Debian packages$missing with apt-get"
updated=
for try in 1 2 3; do
    announce_lock
    # shellcheck disable=SC2086
    if $sudo $apt $opts update -qq; then updated=1; break; fi
    [ "$try" = 3 ] || { say "apt-get update failed (try $try of 3); again in 10 s"; sleep "${MANA_APT_RETRY_SLEEP:-10}"; }
done
[ -n "$updated" ] || say "apt-get update failed 3 times; installing from the package lists apt already has"
announce_lock
# shellcheck disable=SC2086
if ! $sudo $apt $opts install -y -qq $missing; then
    say "apt-get install failed; install the Debian packages by hand: sudo apt-get install$missing"
    exit 1
fi
