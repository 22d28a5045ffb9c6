#!/usr/bin/env bash
# One look everywhere: for every interaction, a drag held still mid-gesture in the live window
# (GL on Xvfb's llvmpipe, --touches on: the dot under the finger, the swipe deck's LIKE label
# half way to its threshold) is the same picture, within a pixel's antialiasing, as
#   - its headless replay at that moment (SDL's software renderer, cards composited on the CPU
#     with pixman: what every offline picture draws through),
#   - the same replay with SDL's own drawing (FLICK_COMPOSITOR=gpu: the software path),
#   - and the exported video's frame at that moment (flick export, the same size).
# Each pair's numbers are printed: the share of phone pixels more than 40/255 apart after the
# best of a 3x3 shift (framediff.py) and the mean difference (/255).
# Usage: look.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
# Bounds per pair: share of phone pixels > 40/255 apart, and mean /255. The video is H.264
# (yuv420p halves the colour resolution): its mean is allowed more.
MAX_SHARE=${MAX_SHARE:-0.01}
MAX_MEAN=${MAX_MEAN:-2.0}
MAX_VIDEO_MEAN=${MAX_VIDEO_MEAN:-6.0}

start_xvfb "$OUT" || { fail "Xvfb did not start (see $OUT/xvfb.log)"; finish; }

# held_moment REC: a session time inside the held pause (the last move before the release plus
# 80 % of the pause): the scene does not move there.
held_moment() {
  "$PY" - "$1" <<'PY'
import json, sys
inputs = [json.loads(l) for l in open(sys.argv[1]) if '"pointer"' in l]
ups = [i for i, e in enumerate(inputs) if e["pointer"]["phase"] == "up"]
up = ups[-1]
last = max(i for i in range(up) if inputs[i]["pointer"]["phase"] in ("move", "down"))
t0, t1 = inputs[last]["t"], inputs[up]["t"]
print(f"{t0 + 0.8 * (t1 - t0):.3f}")
PY
}

# compare_paths LOG A B [video]: "share mean" of the two pictures' phone screens.
compare_paths() {
  "$PY" - "$HERE" "$@" <<'PY'
import json, sys
sys.path.insert(0, sys.argv.pop(1))
from PIL import Image, ImageChops, ImageStat
from framediff import phone_difference
log, a, b = sys.argv[1:4]
x, y, w, h = [round(v) for v in json.loads(open(log).readline())["stage"]]
pa = Image.open(a).convert("RGB").crop((x, y, x + w, y + h))
pb = Image.open(b).convert("RGB").crop((x, y, x + w, y + h))
share, mean = phone_difference(pa, pb)
print(f"{share:.4f} {mean:.2f}")
PY
}

# Where each interaction is dragged (from the stage's middle, as shares of the stage) to be
# caught mid-gesture: the swipe deck's card right toward LIKE, the now list's card sideways
# toward dismissal, the switcher's cards sideways, the stack's card sideways, the carousel's
# card up toward delete.
declare -A DRAG=( [swipe]="0.30 0" [now]="0.25 0" [switcher]="-0.25 0" [stack]="0.25 0" [carousel]="0 -0.18" )
for demo in swipe now switcher stack carousel; do
  LOG="$OUT/$demo.jsonl"; REC="$OUT/$demo.rec"
  rm -f "$OUT/$demo"-* "$OUT/$demo".*
  if ! start_app "$LOG" --demo "$demo" --size 900x700 --touches on --record "$REC"; then
    fail "$demo: the window did not open: $(cat "$LOG.out" 2>/dev/null)"; continue
  fi
  read -r fx fy <<<"${DRAG[$demo]}"
  CX=$(( SX + SW / 2 )); CY=$(( SY + SH / 2 ))
  DX=$("$PY" -c "print(round($fx * $SW))"); DY=$("$PY" -c "print(round($fy * $SH))")
  x0=$(( WX + CX )); y0=$(( WY + CY ))
  args=(mousemove "$x0" "$y0" sleep 0.05 mousedown 1 sleep 0.03)
  for i in $(seq 1 12); do args+=(mousemove $(( x0 + DX * i / 12 )) $(( y0 + DY * i / 12 )) sleep 0.02); done
  xdotool "${args[@]}"
  # Held still: the card rests under the finger; the window's picture then, from X.
  wait_still "$WID" "$OUT/$demo-live.png"
  sleep 0.2   # deliberate: the finger stays still a moment more before it lifts
  xdotool mouseup 1
  wait_log "$LOG" 1 gesture_ended >/dev/null
  # The window says when it could not make an accelerated (GL) renderer.
  renderer="GL (no software fallback said)"
  grep -q "no accelerated renderer" "$LOG.out" && renderer="software: $(grep -m1 "no accelerated renderer" "$LOG.out")"
  stop_app
  if [ ! -s "$OUT/$demo-live.png" ]; then fail "$demo: no X screenshot of the live window"; continue; fi
  at=$(held_moment "$REC")
  ok=1
  (cd /tmp && "$BIN" --headless --replay "$REC" --at "$at" --screenshot "$OUT/$demo-cpu.png" >/dev/null 2>"$OUT/$demo-cpu.err") || ok=0
  (cd /tmp && FLICK_COMPOSITOR=gpu "$BIN" --headless --replay "$REC" --at "$at" --screenshot "$OUT/$demo-sdl.png" >/dev/null 2>"$OUT/$demo-sdl.err") || ok=0
  (cd /tmp && "$BIN" export "$REC" --out "$OUT/$demo.mp4" --size 900x700 --fps 30 >/dev/null 2>"$OUT/$demo-export.err" \
    && ffmpeg -v error -ss "$at" -i "$OUT/$demo.mp4" -frames:v 1 -y "$OUT/$demo-video.png" 2>>"$OUT/$demo-export.err") || ok=0
  if [ $ok = 0 ]; then
    fail "$demo: a replay or the export failed: $(cat "$OUT/$demo"-*.err | head -c 400)"; continue
  fi
  # Progress is for a terminal: the export's captured stderr holds nothing (not even a newline).
  if [ "$demo" = swipe ]; then
    if [ -s "$OUT/$demo-export.err" ]; then
      fail "export's captured stderr is not empty: $(od -c "$OUT/$demo-export.err" | head -n 2)"
    else
      pass "export to a captured stderr (not a terminal): nothing written there, the summary on stdout"
    fi
  fi
  read -r s1 m1 <<<"$(compare_paths "$LOG" "$OUT/$demo-live.png" "$OUT/$demo-cpu.png")"
  read -r s2 m2 <<<"$(compare_paths "$LOG" "$OUT/$demo-live.png" "$OUT/$demo-sdl.png")"
  read -r s3 m3 <<<"$(compare_paths "$LOG" "$OUT/$demo-cpu.png" "$OUT/$demo-sdl.png")"
  read -r s4 m4 <<<"$(compare_paths "$LOG" "$OUT/$demo-cpu.png" "$OUT/$demo-video.png")"
  line="$demo at $at s (${SW}x$SH phone): live GL vs replay (CPU compositor) $s1 / $m1, live vs SDL software $s2 / $m2, CPU vs SDL software $s3 / $m3, replay vs exported MP4 frame $s4 / $m4"
  if "$PY" -c "import sys; sys.exit(0 if max($s1, $s2, $s3, $s4) <= $MAX_SHARE and max($m1, $m2, $m3) <= $MAX_MEAN and $m4 <= $MAX_VIDEO_MEAN else 1)"; then
    pass "$line (share > 40/255 / mean); live window: $renderer"
  else
    fail "$line: beyond share $MAX_SHARE, mean $MAX_MEAN (video $MAX_VIDEO_MEAN); pictures in $OUT/$demo-*.png"
  fi
done
finish
