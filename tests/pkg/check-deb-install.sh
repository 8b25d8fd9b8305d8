#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/deb-install.sh against a stand-in apt-get (APT_GET) that records its
# calls: it waits for a held dpkg lock and says so, retries a failing
# `apt-get update` and then installs from the lists it has, and stops with
# exit 1 and the packages named when the install fails.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d); trap 'kill $holder 2>/dev/null; rm -rf "$t"' EXIT
holder=
fails=0
fail() { echo "check-deb-install: FAIL: $*" >&2; fails=$((fails + 1)); }

# The stand-in: `update` fails while $t/update-fails counts down from N.
cat > "$t/apt-get" <<'STUB'
#!/bin/sh
echo "$*" >> "$STUB_LOG"
case " $* " in
*" update "*)
    n=$(cat "$STUB_DIR/update-fails" 2>/dev/null || echo 0)
    if [ "$n" -gt 0 ]; then echo $((n - 1)) > "$STUB_DIR/update-fails"
        echo "E: File has unexpected size. Mirror sync in progress?" >&2; exit 100; fi ;;
*" install "*) [ -e "$STUB_DIR/install-fails" ] && exit 100 ;;
esac
exit 0
STUB
chmod +x "$t/apt-get"
export APT_GET="$t/apt-get" STUB_LOG="$t/log" STUB_DIR="$t" MANA_APT_RETRY_SLEEP=0
pkg=mana-no-such-package-xyz
run() { : > "$t/log"; sh "$here/tools/deb-install.sh" --who test "$@" 2> "$t/err"; }

# 1. Nothing missing: apt-get is never called.
run dpkg; [ $? = 0 ] && [ ! -s "$t/log" ] || fail "an installed package ran apt-get"

# 2. A missing package: update then install, both with the lock timeout.
run "$pkg" || fail "plain install failed"
grep -q "DPkg::Lock::Timeout=900.* update" "$t/log" || fail "update without DPkg::Lock::Timeout"
grep -q "DPkg::Lock::Timeout=900.* install -y -qq $pkg" "$t/log" || fail "install line: $(cat "$t/log")"

# 3. Update fails twice (a mirror sync), then works: three updates, one install.
echo 2 > "$t/update-fails"
run "$pkg" || fail "retried update did not go on to install"
[ "$(grep -c ' update' "$t/log")" = 3 ] || fail "expected 3 updates: $(cat "$t/log")"
grep -q "try 1 of 3" "$t/err" || fail "no word on the retry: $(cat "$t/err")"

# 4. Update always fails: the install still runs from the old lists.
echo 9 > "$t/update-fails"
run "$pkg" || fail "install after failed updates did not run"
grep -q "failed 3 times; installing from the package lists" "$t/err" || fail "no word after 3 failed updates"
grep -q " install " "$t/log" || fail "no install after failed updates"

# 5. Install fails: exit 1, naming the package and the command.
touch "$t/install-fails"
run "$pkg"; rc=$?
[ "$rc" = 1 ] || fail "failed install gave exit $rc"
grep -q "sudo apt-get install $pkg" "$t/err" || fail "failed install does not name the command: $(cat "$t/err")"
rm -f "$t/install-fails"

# 6. A held lock (an fcntl lock, as apt takes it) is announced.
if command -v /usr/bin/python3 >/dev/null 2>&1; then
    : > "$t/lock"
    /usr/bin/python3 -c 'import fcntl,sys,time
f=open(sys.argv[1],"a"); fcntl.lockf(f,fcntl.LOCK_EX); print("held",flush=True); time.sleep(30)' "$t/lock" > "$t/held" &
    holder=$!
    i=0; while [ ! -s "$t/held" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    MANA_DPKG_LOCK="$t/lock" run "$pkg" || fail "install under a held lock failed"
    grep -q "holds $t/lock; waiting for it (up to 900 s)" "$t/err" || fail "held lock not announced: $(cat "$t/err")"
    kill $holder; wait $holder 2>/dev/null; holder=
    MANA_DPKG_LOCK="$t/lock" run "$pkg"
    grep -q "waiting for it" "$t/err" && fail "a free lock was announced as held"
fi

# 7. --commands-missing: an installed package whose command the caller did
# not find (make's apt_need) is installed all the same, not skipped.
run --commands-missing dpkg || fail "--commands-missing dpkg failed"
grep -q " install -y -qq dpkg" "$t/log" || fail "--commands-missing skipped an installed package: $(cat "$t/log")"

# 8. Multiarch: a package installed for this machine's architecture and
# another (check and check:arm64, after make cross-deps) is installed, where
# `dpkg -s check` fails as ambiguous; one installed only for another
# architecture is not, unless asked for by that name.  Stand-in dpkg and
# dpkg-query, with amd64 the machine's architecture.
mkdir -p "$t/bin"
cat > "$t/bin/dpkg-query" <<'STUB'
#!/bin/sh
for last; do :; done
case $last in
two) printf 'two:amd64 ii \ntwo:arm64 ii \n' ;;
foreign | foreign:arm64) printf 'foreign:arm64 ii \n' ;;
*) exit 1 ;;
esac
STUB
printf '#!/bin/sh\necho amd64\n' > "$t/bin/dpkg"
chmod +x "$t/bin/dpkg-query" "$t/bin/dpkg"
: > "$t/log"
PATH="$t/bin:$PATH" sh "$here/tools/deb-install.sh" --who test two foreign:arm64 2> "$t/err" &&
    [ ! -s "$t/log" ] || fail "a package installed for two architectures ran apt-get: $(cat "$t/log" "$t/err")"
: > "$t/log"
PATH="$t/bin:$PATH" sh "$here/tools/deb-install.sh" --who test foreign 2> "$t/err"
grep -q " install -y -qq foreign" "$t/log" || fail "a package installed only for arm64 counted as the machine's: $(cat "$t/log")"

[ $fails = 0 ] || exit 1
echo "check-deb-install: 8 cases ok (lock wait said, update retried, failures named, commands missing, multiarch)"
