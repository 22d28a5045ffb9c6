#!/usr/bin/env bash
# The participant's screen through a bare X server (no window manager, screen 1600x900) and the
# real binary:
# - F makes the window cover the screen and the phone is laid out for the screen's real size:
#   in presentation mode the lit pixels (the phone) are centred on the screen and touch none of
#   its edges; F again brings the window back with the phone whole inside it;
# - --fullscreen does the same from the start;
# - P saves into the session's folder (of --log) and, without --log or --record, into
#   Flick/ in the user's pictures folder; never into the working directory.
# Usage: screen.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

start_xvfb "$OUT" 1600x900 || fail "Xvfb did not start (see $OUT/xvfb.log)"

# until_geometry WID WxH+X+Y: waits (5 s) for the window to have that geometry.
until_geometry() {
  local want=$2 end; end=$(deadline_us 5)
  while :; do
    eval "$(xdotool getwindowgeometry --shell "$1" 2>/dev/null)"
    [ "${WIDTH}x${HEIGHT}+${X}+${Y}" = "$want" ] && return 0
    [ "$(now_us)" -ge "$end" ] && { echo "  (window is ${WIDTH}x${HEIGHT}+${X}+${Y}, want $want)"; return 1; }
    sleep 0.05
  done
}

# lit PNG: the box of pixels brighter than black (the phone in presentation mode), as W H X Y.
lit() { convert "$1" -threshold 5% -format '%@' info: | tr 'x+' '  '; }

# phone_on_screen PNG WHAT: the phone whole and centred on the 1600x900 screen, taller than the
# 800 px window it had (laid out for the screen, not the window).
phone_on_screen() {
  local w h x y; read -r w h x y <<<"$(lit "$1")"
  local right=$((1600 - x - w)) bottom=$((900 - y - h))
  if [ "$x" -gt 0 ] && [ "$y" -gt 0 ] && [ "$right" -gt 0 ] && [ "$bottom" -gt 0 ] \
     && [ $(( x - right )) -le 2 ] && [ $(( right - x )) -le 2 ] && [ $(( y - bottom )) -le 2 ] \
     && [ $(( bottom - y )) -le 2 ] && [ "$h" -gt 820 ]; then
    pass "$2: the phone ${w}x$h px whole and centred on the 1600x900 screen (margins $x/$right, $y/$bottom)"
  else
    fail "$2: the phone is ${w}x$h at $x,$y (margins right $right, bottom $bottom; want equal margins, >0, height > 820); $1"
  fi
}

LOG="$OUT/toggle.jsonl"
if start_app "$LOG" --present --size 1280x800; then
  before="${WIDTH}x${HEIGHT}+${X}+${Y}"
  xdotool key --window "$WID" f
  if until_geometry "$WID" 1600x900+0+0; then
    wait_still root "$OUT/fullscreen.png"   # drawn anew at its new size
    phone_on_screen "$OUT/fullscreen.png" "F without a window manager"
  else
    fail "F without a window manager: the window did not cover the screen"
  fi
  xdotool key --window "$WID" f
  if until_geometry "$WID" "$before"; then
    wait_still root "$OUT/windowed.png"   # drawn anew at its new size
    read -r w h x y <<<"$(lit "$OUT/windowed.png")"
    wx=${before#*+}; wx=${wx%+*}; wy=${before##*+}
    if [ "$x" -gt "$wx" ] && [ "$y" -gt "$wy" ] && [ $((x + w)) -lt $((wx + 1280)) ] && [ $((y + h)) -lt $((wy + 800)) ]; then
      pass "F again: the window back at $before, the phone whole inside it (${w}x$h at $x,$y)"
    else
      fail "F again: the phone ${w}x$h at $x,$y is not inside the window $before; $OUT/windowed.png"
    fi
  else
    fail "F again: the window did not come back to $before"
  fi
  stop_app
else
  fail "flick --present did not open a window"
fi

LOG="$OUT/start.jsonl"
if start_app "$LOG" --present --fullscreen --size 1280x800; then
  if until_geometry "$WID" 1600x900+0+0; then
    wait_still root "$OUT/start-fullscreen.png"   # drawn at its full size
    phone_on_screen "$OUT/start-fullscreen.png" "--fullscreen without a window manager"
  else
    fail "--fullscreen without a window manager: the window did not cover the screen"
  fi
  stop_app
else
  fail "flick --fullscreen did not open a window"
fi

# P into the session's folder: start_app runs in the package root with --log in $OUT/session.
mkdir -p "$OUT/session"
LOG="$OUT/session/log.jsonl"
before_root=$(ls "$ROOT"/flick-*.png 2>/dev/null | wc -l)
if start_app "$LOG" --size 1280x800; then
  xdotool key --window "$WID" p
  if wait_text "$LOG.out" "screenshot saved to" 10 >/dev/null; then
    shot=$(ls "$OUT"/session/flick-*.png 2>/dev/null | head -n 1)
    after_root=$(ls "$ROOT"/flick-*.png 2>/dev/null | wc -l)
    if [ -n "$shot" ] && [ "$after_root" = "$before_root" ]; then
      pass "P with --log: $(basename "$shot") in the log's folder, none in the working directory"
    else
      fail "P with --log: shot '$shot' in $OUT/session, working directory $before_root -> $after_root; $(grep screenshot "$LOG.out")"
    fi
  else
    fail "P with --log: no 'screenshot saved' line; $(tail -n 2 "$LOG.out")"
  fi
  stop_app
else
  fail "flick did not open a window for P"
fi

# P with neither --log nor --record: Flick/ in the pictures folder of a home made for the test.
mkdir -p "$OUT/home" "$OUT/cwd"
(cd "$OUT/cwd" && HOME="$OUT/home" XDG_CONFIG_HOME="" XDG_PICTURES_DIR="" exec "$BIN" --size 1280x800) \
  >"$OUT/nolog.out" 2>&1 &
APP=$!; PIDS+=("$APP")
if WID=$(wait_window '^flick' 10); then
  xdotool key --window "$WID" p
  if wait_text "$OUT/nolog.out" "screenshot saved to" 10 >/dev/null; then
    shot=$(ls "$OUT"/home/Pictures/Flick/flick-*.png 2>/dev/null | head -n 1)
    if [ -n "$shot" ] && [ -z "$(ls -A "$OUT/cwd")" ]; then
      pass "P without --log: ${shot#"$OUT"/home/} in the pictures folder, the working directory left empty"
    else
      fail "P without --log: shot '$shot'; working directory holds: $(ls -A "$OUT/cwd")"
    fi
  else
    fail "P without --log: no 'screenshot saved' line; $(tail -n 2 "$OUT/nolog.out")"
  fi
  stop_app
else
  fail "flick without --log did not open a window: $(cat "$OUT/nolog.out")"
fi

# A full disk is never silent: P into a --shots folder on a full 64 KiB file system says so at
# once (a toast, a line on standard error naming the file), the session goes on, and Q then ends
# the run with exit code 3 naming the screenshot. Before, the run ended with exit 0.
FULLDIR="$OUT/full"
mkdir -p "$FULLDIR"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs "$FULLDIR" 2>/dev/null; then
  head -c 61440 /dev/zero > "$FULLDIR/filler" 2>/dev/null
  LOG="$OUT/full-session.jsonl"
  if start_app "$LOG" --size 1280x800 --shots "$FULLDIR"; then
    xdotool key --window "$WID" p
    said=no; wait_text "$LOG.out" "cannot save the screenshot" 10 >/dev/null && said=yes
    alive=no; kill -0 "$APP" 2>/dev/null && alive=yes
    xdotool key --window "$WID" q
    for _ in $(seq 1 100); do kill -0 "$APP" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$APP" 2>/dev/null
    wait "$APP"; rc=$?
    left=$(ls -A "$FULLDIR" | grep -v '^filler$' | tr '\n' ' ')
    if [ $said = yes ] && [ $alive = yes ] && [ $rc = 3 ] && tail -n 1 "$LOG.out" | grep -q "cannot write the screenshot '$FULLDIR/flick-" \
       && [ -z "$left" ] && tail -n 1 "$LOG" | grep -q '"quit"'; then
      pass "P on a full disk: said at once, the session went on, Q ended it with exit 3 naming the file, nothing left"
    else
      fail "P on a full disk: said=$said alive=$alive exit $rc, left '$left': $(tail -n 3 "$LOG.out")"
    fi
  else
    fail "flick did not open a window for P on a full disk"
  fi
  umount "$FULLDIR"
else
  echo "  (P on a full disk: skipped, no tmpfs could be mounted: not root?)"
fi
finish
