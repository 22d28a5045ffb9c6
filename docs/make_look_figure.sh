#!/usr/bin/env bash
# Regenerates docs/look-paths.png: one swipe-deck session under Xvfb (the live window on GL,
# --touches on), a card dragged toward LIKE and held, then thrown. Side by side, the phone as
#   1. the live window showed it while held (an X screenshot),
#   2. its headless replay at that moment (--at),
#   3. the exported MP4's frame at that moment (flick export, the default framing),
#   4. the report's contact-sheet cell at that moment (flick report --at).
# Usage: docs/make_look_figure.sh [path/to/flick]
set -u
source "$(dirname "$0")/../Tests/e2e/lib.sh"
e2e_args "${1:-$ROOT/.build/release/flick}"
cd "$ROOT"

start_xvfb "$OUT" || { echo "Xvfb did not start"; exit 1; }
LOG="$OUT/s.jsonl"; REC="$OUT/s.rec"
start_app "$LOG" --demo swipe --size 900x700 --touches on --record "$REC" || exit 1
CX=$(( WX + SX + SW / 2 )); CY=$(( WY + SY + SH / 2 ))
args=(mousemove "$CX" "$CY" sleep 0.05 mousedown 1 sleep 0.03)
for i in $(seq 1 12); do args+=(mousemove $(( CX + 100 * i / 12 )) "$CY" sleep 0.02); done
xdotool "${args[@]}"
sleep 0.8
import -window "$WID" "$OUT/live.png"
sleep 0.2
args=()
for i in $(seq 1 8); do args+=(mousemove $(( CX + 100 + 15 * i )) "$CY" sleep 0.03); done
xdotool "${args[@]}" sleep 0.15 mouseup 1
wait_log "$LOG" 1 deleted >/dev/null || { echo "the card was not thrown: $LOG"; exit 1; }
sleep 0.5
stop_app

at=$("$PY" - "$REC" <<'PY'
import json, sys
inputs = [json.loads(l) for l in open(sys.argv[1]) if '"pointer"' in l]
# The held pause: the longest gap between two moves while the button is down.
gaps = [(b["t"] - a["t"], a["t"], b["t"]) for a, b in zip(inputs, inputs[1:])]
gap, t0, t1 = max(gaps)
print(f"{t0 + 0.8 * (t1 - t0):.3f}")
PY
)
"$BIN" --headless --replay "$REC" --at "$at" --screenshot "$OUT/replay.png" 2>/dev/null
"$BIN" export "$REC" --out "$OUT/s.mp4" >/dev/null 2>&1
ffmpeg -v error -ss "$at" -i "$OUT/s.mp4" -frames:v 1 -y "$OUT/video.png"
"$BIN" report "$REC" --at "$at" --out "$OUT/report" >/dev/null 2>&1

"$PY" - "$OUT" "$LOG" "$at" <<'PY'
import base64, json, re, sys
from PIL import Image, ImageDraw, ImageFont
out, log, at = sys.argv[1], sys.argv[2], float(sys.argv[3])
x, y, w, h = [round(v) for v in json.loads(open(log).readline())["stage"]]
live = Image.open(out + "/live.png").convert("RGB").crop((x, y, x + w, y + h))
replay = Image.open(out + "/replay.png").convert("RGB").crop((x, y, x + w, y + h))
video = Image.open(out + "/video.png").convert("RGB")
vw, vh = video.size
# The phone in the video as Stage fits it: a 4 % margin of the shorter side, centred.
m = min(vw, vh) * 0.04
s = min((vw - 2 * m) / 390, (vh - 2 * m) / 844)
pw, ph = 390 * s, 844 * s
video = video.crop((round((vw - pw) / 2), round((vh - ph) / 2), round((vw + pw) / 2), round((vh + ph) / 2)))
html = open(out + "/report/report.html").read()
first = re.search(r'alt="at [0-9.]+ s" src="data:image/png;base64,([A-Za-z0-9+/=]+)', html)
cell = Image.open(__import__("io").BytesIO(base64.b64decode(first.group(1)))).convert("RGB")
cw, ch = cell.size
m = min(cw, ch) * 0.04
s = min((cw - 2 * m) / 390, (ch - 2 * m) / 844)
cell = cell.crop((round((cw - 390 * s) / 2), round((ch - 844 * s) / 2), round((cw + 390 * s) / 2), round((ch + 844 * s) / 2)))
H = 420
panels = [(live, "live window (GL)"), (replay, f"headless replay --at {at:.2f}"), (video, "flick export (MP4 frame)"),
          (cell, f"report contact sheet (--at {at:.2f})")]
panels = [(p.resize((round(p.width * H / p.height), H), Image.LANCZOS), t) for p, t in panels]
try:
    font = ImageFont.truetype("assets/DejaVuSans.ttf", 14)
except OSError:
    font = ImageFont.load_default()
# Each panel as wide as its picture or its caption, whichever is wider: no caption is cut.
widths = [max(p.width, round(font.getlength(t))) for p, t in panels]
W = sum(widths) + 20 * (len(panels) + 1)
fig = Image.new("RGB", (W, H + 56), (255, 255, 255))
draw = ImageDraw.Draw(fig)
xx = 20
for (p, title), pw in zip(panels, widths):
    fig.paste(p, (xx, 12))
    draw.text((xx, H + 22), title, fill=(33, 37, 41), font=font)
    xx += pw + 20
fig.save("docs/look-paths.png", optimize=True)
print("docs/look-paths.png", fig.size)
PY
E2E_FINISHED=1
