#!/usr/bin/env bash
# The Debian package where Swift is absent: a fresh Debian 12 root (debootstrap --variant=minbase
# from the mirror this machine's apt uses), an older build of the package installed with apt
# (which brings the dependencies), upgraded to this one, then in that root, with no /opt/swift:
# flick --version, the headless goldens of the e2e suite (golden.sh, its comparison), flick
# study on docs/study/sample, flick plan, a window under Xvfb that throws a card (window.sh).
# Then the package is purged and nothing of it may be left. Every step is timed.
#
# Needs root (debootstrap, chroot, mounts) and the package: `make test-deb` builds it first.
# Usage: Tests/deb/test-deb.sh [path/to/flick_VERSION_ARCH.deb]
#   DEB_MIRROR, DEB_SECURITY_MIRROR  override the mirrors read from /etc/apt/sources.list*
#   KEEP=1                           keep the work folder (the root is large) for a look after
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEB=${1:-$(ls "$ROOT"/.build-deb/flick_*_*.deb 2>/dev/null | head -n 1)}
[ -f "$DEB" ] || { echo "no package (make deb makes .build-deb/flick_VERSION_ARCH.deb)" >&2; exit 2; }
DEB=$(readlink -f "$DEB")
[ "$(id -u)" = 0 ] || { echo "test-deb needs root: debootstrap, chroot and mounts" >&2; exit 2; }
VERSION=$(dpkg-deb -f "$DEB" Version)
SUITE=bookworm

# The mirrors this machine's apt uses (one-line and deb822 sources), deb.debian.org otherwise.
sources_uris() { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
  | sed -n -e 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) .*/\2/p' -e 's/^URIs: *//p' | tr ' ' '\n'; }
MIRROR=${DEB_MIRROR:-$(sources_uris | grep -m1 -E '/debian/?$')}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY=${DEB_SECURITY_MIRROR:-$(sources_uris | grep -m1 -E '/debian-security/?$')}
SECURITY=${SECURITY:-http://deb.debian.org/debian-security}

WORK=$(mktemp -d /tmp/flick-deb.XXXXXX)
R="$WORK/root"
# Downloaded .debs kept between runs (debootstrap's own cache), beside the package.
CACHE="$ROOT/.build-deb/debootstrap-cache"
mkdir -p "$CACHE"

PASSED=0 FAILED=0
STEPS=() TIMES=()
pass() { PASSED=$((PASSED + 1)); echo "  ok    $1"; }
fail() { FAILED=$((FAILED + 1)); echo "  FAIL  $1"; }

# Every process whose root is the test root (Xvfb, flick, apt's children), then the mounts.
cleanup() {
  local rc=$? pid left
  for signal in TERM KILL; do
    left=0
    for pid in $(ls /proc | grep -E '^[0-9]+$'); do
      [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$R" ] || continue
      kill -"$signal" "$pid" 2>/dev/null && left=1
    done
    [ $left = 1 ] && [ $signal = TERM ] && sleep 2
  done
  for m in dev/pts dev proc; do
    mountpoint -q "$R/$m" && { umount "$R/$m" 2>/dev/null || umount -l "$R/$m"; }
  done
  if [ -n "${KEEP:-}" ]; then echo "kept $WORK"; else rm -rf --one-file-system "$WORK"; fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# timed NAME COMMAND...: runs it, records its wall time, and counts it as a check.
timed() {
  local name=$1 t0 t1 rc; shift
  echo "== $name"
  t0=$(date +%s.%N)
  "$@"; rc=$?
  t1=$(date +%s.%N)
  STEPS+=("$name") TIMES+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')")
  if [ $rc = 0 ]; then pass "$name (${TIMES[-1]} s)"; else fail "$name (exit $rc, ${TIMES[-1]} s)"; fi
  return $rc
}

# inroot COMMAND...: in the test root with a clean environment (no PATH entry of this machine).
inroot() {
  chroot "$R" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}
apt_root() { inroot apt-get -y -q -o Dpkg::Use-Pty=0 "$@"; }

summary() {
  echo
  echo "test-deb: flick $VERSION ($(du -h "$DEB" | cut -f1)) in a fresh Debian 12 root from $MIRROR"
  local i
  for i in "${!STEPS[@]}"; do printf '  %6s s  %s\n' "${TIMES[$i]}" "${STEPS[$i]}"; done
  echo "test-deb: $PASSED passed, $FAILED failed"
}

# ---------------------------------------------------------------------------------------------
make_root() {
  debootstrap --variant=minbase --cache-dir="$CACHE" "$SUITE" "$R" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -n 20 "$WORK/debootstrap.log"; return 1; }
  cat >"$R/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY $SUITE-security main
EOF
  cp /etc/resolv.conf "$R/etc/resolv.conf"
  # No service starts inside the root.
  printf '#!/bin/sh\nexit 101\n' >"$R/usr/sbin/policy-rc.d"; chmod 755 "$R/usr/sbin/policy-rc.d"
  mount -t proc proc "$R/proc" && mount --bind /dev "$R/dev" && mount --bind /dev/pts "$R/dev/pts" || return 1
  apt_root update >"$WORK/apt-update.log" 2>&1 || { tail -n 20 "$WORK/apt-update.log"; return 1; }
}

# Everything in the root outside what changes anyway (apt's lists and caches, logs, temp files),
# so that what a purge leaves behind shows up as a difference.
snapshot() {
  (cd "$R" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./sys -o -path ./tmp -o -path ./srv -o -path ./run \
     -o -path ./var/cache -o -path ./var/lib/apt -o -path ./var/log -o -path ./var/lib/dpkg -o -path ./root \) -prune \
     -o -print | sort)
}

no_swift() {
  [ ! -e "$R/opt/swift" ] || { echo "  /opt/swift exists in the root"; return 1; }
  ! inroot sh -c 'command -v swift swiftc' || { echo "  a swift is on the root's PATH"; return 1; }
  ! inroot sh -c 'ls /usr/lib/x86_64-linux-gnu/libswiftCore.so* /usr/lib/swift 2>/dev/null' | grep -q . \
    || { echo "  a Swift runtime is installed in the root"; return 1; }
}

# An older build of the same package: a lower version and one file this build no longer ships,
# so the upgrade must replace the package's files and remove that one.
make_older() {
  local d="$WORK/older"
  dpkg-deb -R "$DEB" "$d" || return 1
  sed -i "s/^Version: .*/Version: ${VERSION}~older1/" "$d/DEBIAN/control"
  echo '{"description": "only in the older build"}' >"$d/usr/share/flick/presets/older-only.json"
  (cd "$d" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
  # Uncompressed: it only has to install, and xz takes a minute.
  dpkg-deb --root-owner-group -Znone --build "$d" "$WORK/flick_${VERSION}~older1_amd64.deb" >/dev/null
}

install_older() {
  cp "$WORK/flick_${VERSION}~older1_amd64.deb" "$R/tmp/older.deb"
  apt_root install /tmp/older.deb >"$WORK/install-older.log" 2>&1 || { tail -n 30 "$WORK/install-older.log"; return 1; }
  echo "  apt brought: $(grep -m1 -A3 'NEW packages will be installed' "$WORK/install-older.log" | tail -n +2 | tr -s ' \n' ' ' | cut -c1-300) ..."
  echo "  $(grep -E '^[0-9]+ upgraded, [0-9]+ newly installed' "$WORK/install-older.log")"
  [ "$(inroot dpkg-query -W -f='${Version}' flick)" = "${VERSION}~older1" ] && [ -f "$R/usr/share/flick/presets/older-only.json" ]
}

upgrade() {
  cp "$DEB" "$R/tmp/flick.deb"
  apt_root install /tmp/flick.deb >"$WORK/upgrade.log" 2>&1 || { tail -n 30 "$WORK/upgrade.log"; return 1; }
  local got; got=$(inroot dpkg-query -W -f='${Version} ${db:Status-Status}' flick)
  [ "$got" = "$VERSION installed" ] || { echo "  after the upgrade dpkg says: $got"; return 1; }
  [ ! -e "$R/usr/share/flick/presets/older-only.json" ] || { echo "  the older build's own file is still there"; return 1; }
  ! inroot dpkg -L flick | grep -q older-only || { echo "  dpkg still lists the older build's file"; return 1; }
  grep -q "Unpacking flick (${VERSION}) over (${VERSION}~older1)" "$WORK/upgrade.log" \
    || { echo "  no 'Unpacking over' in the upgrade: $(grep -m3 flick "$WORK/upgrade.log")"; return 1; }
}

version() {
  local out; out=$(inroot flick --version 2>&1) || { echo "  $out"; return 1; }
  echo "  flick --version: $out"
  [ "$out" = "$VERSION" ] || { echo "  expected $VERSION"; return 1; }
  inroot ldd /usr/lib/flick/flick | grep -i 'swift\|not found' && { echo "  links a Swift library or misses one"; return 1; }
  return 0
}

# What the steps below use, not flick: installed after the package, so apt had to find flick's
# own dependencies by itself.
test_tools() {
  apt_root install --no-install-recommends xvfb xauth xdotool imagemagick python3 python3-venv >"$WORK/tools.log" 2>&1 \
    || { tail -n 20 "$WORK/tools.log"; return 1; }
  # The e2e scripts and what they read; no assets folder beside them, so flick takes its cards
  # from /usr/share/flick.
  mkdir -p "$R/srv/src" "$R/srv/out"
  tar -C "$ROOT" -c Tests/e2e/lib.sh Tests/e2e/golden.sh Tests/e2e/golden docs/sessions docs/study/sample \
    | tar -x -C "$R/srv/src" || return 1
  cp "$ROOT/Tests/deb/window.sh" "$R/srv/src/Tests/e2e/deb-window.sh"
  # lib.sh runs every script under the suite's own interpreter, a virtual environment of
  # Debian's python3 at .build/e2e-python; these scripts need nothing beyond the standard
  # library, so the root's has no requirements installed.
  inroot python3 -m venv --system-site-packages /srv/src/.build/e2e-python >>"$WORK/tools.log" 2>&1 \
    || { tail -n 20 "$WORK/tools.log"; return 1; }
}

goldens() {
  inroot bash /srv/src/Tests/e2e/golden.sh /usr/bin/flick /srv/out/golden
}

study() {
  local out
  out=$(inroot sh -c 'cd /srv/src && flick study docs/study/sample/p?-*.rec --design docs/study/sample/design.csv --out /srv/out/study' 2>&1) \
    || { echo "  $out"; return 1; }
  echo "  $out"
  echo "$out" | grep -q "6 sessions, 3 participants, 2 conditions" || { echo "  expected 6 sessions, 3 participants, 2 conditions"; return 1; }
  for f in study.html gestures.csv participants.csv; do [ -s "$R/srv/out/study/$f" ] || { echo "  no $f"; return 1; }; done
}

plan() {
  local out
  out=$(inroot sh -c 'cd /srv/out && flick plan --condition plain,interaction=stack \
    --condition "snappy,config=/usr/share/flick/presets/snappy.json,interaction=stack" --participants 4 --out plan.json' 2>&1) \
    || { echo "  $out"; return 1; }
  echo "  $out"
  inroot python3 - /srv/out/plan.json <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
orders = [[s["condition"] for s in p["sessions"]] for p in plan["participants"]]
assert len(orders) == 4 and orders.count(["plain", "snappy"]) == 2 and orders.count(["snappy", "plain"]) == 2, orders
print("  orders:", orders)
PY
}

window() {
  inroot bash /srv/src/Tests/e2e/deb-window.sh /usr/bin/flick /srv/out/window
}

purge() {
  inroot dpkg -L flick >"$WORK/files.txt" || return 1
  apt_root purge flick >"$WORK/purge.log" 2>&1 || { tail -n 20 "$WORK/purge.log"; return 1; }
  apt_root autoremove --purge >>"$WORK/purge.log" 2>&1 || { tail -n 20 "$WORK/purge.log"; return 1; }
  local bad=0 path
  inroot dpkg-query -W -f='${db:Status-Status}' flick 2>/dev/null | grep -q . && { echo "  dpkg still knows flick: $(inroot dpkg -s flick | head -n 3)"; bad=1; }
  while read -r path; do
    [ "$path" = /. ] && continue
    # Directories the package shared with others (/usr, /usr/share/man/man1) stay.
    [ -d "$R$path" ] && [ ! -L "$R$path" ] && inroot dpkg -S "$path" >/dev/null 2>&1 && continue
    [ -e "$R$path" ] || [ -L "$R$path" ] && { echo "  left: $path"; bad=1; }
  done <"$WORK/files.txt"
  ls "$R"/var/lib/dpkg/info/flick.* >/dev/null 2>&1 && { echo "  left: $(ls "$R"/var/lib/dpkg/info/flick.*)"; bad=1; }
  # Anything named after flick anywhere in the root (the test's own folders aside).
  (cd "$R" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./sys -o -path ./tmp -o -path ./srv \) -prune \
     -o -iname '*flick*' -print) | sed 's|^\.||' | tee "$WORK/named.txt" | sed 's/^/  left: /'
  [ -s "$WORK/named.txt" ] && bad=1
  # Against the root as it was before the package: what is new and owned by no package was made
  # by the test tools' maintainer scripts (caches, alternatives) or is flick's; listed to see.
  snapshot >"$WORK/after.txt"
  cat "$R"/var/lib/dpkg/info/*.list | sort -u >"$WORK/owned.txt"
  comm -13 "$WORK/before.txt" "$WORK/after.txt" | sed 's|^\.||' | grep -v -e '/__pycache__' -e '^/etc/ld.so.cache$' \
    | sort | comm -23 - "$WORK/owned.txt" | while read -r path; do
        [ -d "$R$path" ] && [ ! -L "$R$path" ] || echo "$path"
      done >"$WORK/unowned.txt"
  echo "  $(wc -l <"$WORK/files.txt") paths of the package checked gone, none named flick left;" \
    "$(comm -13 "$WORK/before.txt" "$WORK/after.txt" | wc -l) new paths in the root are the test tools'," \
    "$(wc -l <"$WORK/unowned.txt") of them owned by no package (made by their scripts: alternatives, caches)"
  return $bad
}

# ---------------------------------------------------------------------------------------------
echo "test-deb: $DEB ($VERSION), root in $R, mirror $MIRROR"
timed "debootstrap --variant=minbase $SUITE" make_root || { summary; exit 1; }
timed "no Swift in the root" no_swift
snapshot >"$WORK/before.txt"
timed "an older build, repacked as ${VERSION}~older1" make_older
timed "apt installs the older build and its dependencies" install_older || { summary; exit 1; }
timed "apt upgrades it to $VERSION" upgrade || { summary; exit 1; }
timed "flick --version" version
timed "test tools (Xvfb, xdotool, ImageMagick, python3) and the e2e scripts" test_tools
timed "headless goldens (Tests/e2e/golden.sh)" goldens
timed "flick study docs/study/sample" study
timed "flick plan" plan
timed "window under Xvfb, a card thrown by xdotool, log written" window
timed "purge: nothing of the package left" purge
summary
[ $FAILED = 0 ]
