#!/usr/bin/env bash
# Where the two windows of a facilitated session go, on real X servers:
# - a laptop-sized screen (1280x800): side by side, never over each other, both on screen; the
#   participant window is made narrower to fit (a note says so);
# - a screen too small for both: refused, saying the sizes that would fit;
# - two displays (Xorg's dummy driver, two RandR outputs): --facilitator-display 1 puts the
#   facilitator window on the second, the participant's stays on the first; a display that is
#   not there is refused naming those that are.
# Screenshots of both layouts go to OUT (make_screenshots.sh copies them to docs/).
# Usage: placement.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

# geometry WID: "x y w h" of a window.
geometry() {
  eval "$(xdotool getwindowgeometry --shell "$1")"
  echo "$X $Y $WIDTH $HEIGHT"
}

# apart "x y w h" "x y w h": true when the rectangles do not overlap.
apart() {
  local a=($1) b=($2)
  (( a[0] + a[2] <= b[0] || b[0] + b[2] <= a[0] || a[1] + a[3] <= b[1] || b[1] + b[3] <= a[1] ))
}

# inside "x y w h" X0 Y0 W H
inside() {
  local a=($1)
  (( a[0] >= $2 && a[1] >= $3 && a[0] + a[2] <= $2 + $4 && a[1] + a[3] <= $3 + $5 ))
}

# 1. A laptop screen.
mkdir -p "$OUT/laptop"
start_xvfb "$OUT/laptop" 1280x800 || fail "Xvfb did not start"
LOG="$OUT/laptop/session.jsonl"
start_app "$LOG" --facilitator --size 900x800 --demo swipe --participant P01 || fail "the app did not start on 1280x800"
P=$(geometry "$(wait_window 'swipe$')"); F=$(geometry "$(wait_window 'facilitator$')")
apart "$P" "$F" && pass "1280x800: the participant window ($P) and the facilitator window ($F) do not overlap" \
  || fail "1280x800: the windows overlap: participant $P, facilitator $F"
inside "$P" 0 0 1280 800 && inside "$F" 0 0 1280 800 && pass "1280x800: both windows are wholly on the screen" \
  || fail "1280x800: a window is off the screen: participant $P, facilitator $F"
grep -q "the participant window is 704x800 (asked 900x800), to fit beside the facilitator window" "$LOG.out" \
  && pass "1280x800: the participant window was made 704 wide to fit, and the note says so" || fail "no note of the smaller participant window ($(cat "$LOG.out"))"
wait_still root "$OUT/laptop.png"   # both windows drawn (a picture to look at)
stop_app
stop_xvfb

# 2. Too small for both.
mkdir -p "$OUT/small"
start_xvfb "$OUT/small" 700x500 || fail "Xvfb did not start"
timeout 15 "$BIN" --facilitator --log "$OUT/small/session.jsonl" >"$OUT/small/out" 2>&1; rc=$?   # a flick that does not refuse runs on: cut off
[ "$rc" != 0 ] && [ "$rc" != 124 ] && grep -q "do not fit side by side on display 0 (700x500 usable): they need at least 756x480" "$OUT/small/out" \
  && pass "700x500: refused (exit $rc), naming the sizes that would fit" || fail "700x500: exit $rc, $(cat "$OUT/small/out")"
[ ! -e "$OUT/small/session.jsonl" ] && pass "700x500: no log written for the refused session" || fail "700x500: a log was written"
stop_xvfb

# 3. Two displays.
mkdir -p "$OUT/two"
if start_two_displays "$OUT/two" 1280x800 1024x768; then
  LOG="$OUT/two/session.jsonl"
  start_app "$LOG" --facilitator --facilitator-display 1 --size 900x800 --demo swipe --participant P01 \
    || fail "the app did not start with --facilitator-display 1"
  P=$(geometry "$(wait_window 'swipe$')"); F=$(geometry "$(wait_window 'facilitator$')")
  inside "$P" 0 0 1280 800 && pass "two displays: the participant window ($P) is on display 0" || fail "two displays: participant window at $P"
  inside "$F" 1280 0 1024 768 && pass "two displays: the facilitator window ($F) is on display 1" || fail "two displays: facilitator window at $F"
  ! grep -q "participant window is" "$LOG.out" && pass "two displays: the participant window keeps its size" || fail "two displays: $(cat "$LOG.out")"
  wait_still root "$OUT/two.png"   # both windows drawn (a picture to look at)
  stop_app
  timeout 15 "$BIN" --facilitator --facilitator-display 2 --log "$OUT/two/none.jsonl" >"$OUT/two/out" 2>&1; rc=$?
  [ "$rc" != 0 ] && grep -q -- "--facilitator-display 2: there is no such display (SDL sees 2: 0 to 1)" "$OUT/two/out" \
    && pass "two displays: --facilitator-display 2 is refused naming displays 0 to 1" || fail "display 2: exit $rc, $(cat "$OUT/two/out")"
  stop_xvfb
else
  fail "Xorg with two dummy displays did not start (see $OUT/two/xorg.out, xorg.log)"
fi
finish
