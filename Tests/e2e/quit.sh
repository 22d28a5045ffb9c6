#!/usr/bin/env bash
# Quitting never waits for a decode, and a killed export leaves nothing
# for long. A progressive JPEG whose last scan
# repeats 20,000 times (700 KB, 4000x4000, under the pixel limit) takes libjpeg minutes to
# decode, and SDL_image cannot be interrupted; before, SIGTERM (or Q) left the app alive until
# the decode ended (11 minutes for one such file). Checked under Xvfb with the real binary:
# SIGTERM mid-decode ends the process within 3 s, exit 143, the log closed with its quit line.
# Usage: quit.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
mkdir -p "$OUT/cards"

start_xvfb "$OUT" || fail "Xvfb did not start (see $OUT/xvfb.log)"

"$PY" - "$OUT/cards/01-slow.jpg" <<'PY'
import io, sys
from PIL import Image
buf = io.BytesIO()
Image.new("RGB", (4000, 4000), (40, 90, 160)).save(buf, "JPEG", progressive=True, quality=90)
data = buf.getvalue()
last, end = data.rfind(b"\xff\xda"), data.rfind(b"\xff\xd9")
open(sys.argv[1], "wb").write(data[:end] + data[last:end] * 20000 + b"\xff\xd9")
PY
cp "$ROOT/assets/02-music.png" "$OUT/cards/02-ok.png"

LOG="$OUT/slow.jsonl"
if start_app "$LOG" --cards "$OUT/cards" --size 1000x700; then
  # The face worker starts the minutes-long decode at the first frame and says nothing while in
  # it; a second on, it is surely inside.
  sleep 1   # deliberate
  start=$(now_us)
  kill -TERM "$APP"
  # The app is this shell's child: `wait` returns when it has really ended (not a zombie).
  wait_child "$APP" 20; code=$CHILD_RC
  ms=$(( ($(now_us) - start) / 1000 ))
  if [ "$code" = 143 ] && [ "$ms" -lt 3000 ] && tail -n 1 "$LOG" | grep -q '"quit"'; then
    pass "SIGTERM in the middle of a minutes-long decode: ended in $ms ms, exit 143, the log closed with quit"
  else
    fail "SIGTERM mid-decode: exit $code after $ms ms (want 143 within 3000), last log line: $(tail -n 1 "$LOG" | head -c 120)"
  fi
else
  fail "flick did not open a window with the slow JPEG"
fi

# Quitting with the button still down after a drag (Escape from the keyboard, or SIGTERM): the
# gesture is cancelled through the recorded path, so the log has a gesture_ended (cancelled) for
# every gesture_began, and a headless replay of the recording logs the same gestures. `paused`:
# Space mid-drag pauses the scene, the pointer moves on (queued behind the pause), then Escape:
# the queued moves and the cancel are played at the pause's instant, in the log and the replay
# alike, and the replay ends at once (it ended paused: nothing moves after its last input).
for how in escape sigterm paused; do
  LOG="$OUT/mid-$how.jsonl"; REC="$OUT/mid-$how.rec"; RLOG="$OUT/mid-$how-replay.jsonl"
  if ! start_app "$LOG" --demo carousel --size 1000x700 --record "$REC"; then
    fail "quit mid-gesture ($how): the app did not start"; continue
  fi
  cx=$((WX + SX + SW / 2)); cy=$((WY + SY + SH / 2))
  # The sleeps inside each xdotool chain are the hand's own pace (deliberate).
  if [ "$how" = paused ]; then
    xdotool mousemove "$cx" "$cy" mousedown 1 sleep 0.05 mousemove $((cx - 30)) "$cy" sleep 0.05 \
      mousemove $((cx - 80)) "$cy" sleep 0.1 key space sleep 0.1 mousemove $((cx - 140)) "$cy" sleep 0.05 \
      mousemove $((cx - 200)) "$cy" sleep 0.2 key Escape
  elif [ "$how" = escape ]; then
    xdotool mousemove "$cx" "$cy" mousedown 1 sleep 0.05 mousemove $((cx - 30)) "$cy" sleep 0.05 \
      mousemove $((cx - 80)) "$cy" sleep 0.05 mousemove $((cx - 120)) "$cy" sleep 0.3 key Escape
  else
    xdotool mousemove "$cx" "$cy" mousedown 1 sleep 0.05 mousemove $((cx - 30)) "$cy" sleep 0.05 \
      mousemove $((cx - 80)) "$cy" sleep 0.05 mousemove $((cx - 120)) "$cy" sleep 0.3
    kill -TERM "$APP"
  fi
  wait_child "$APP" 20; code=$CHILD_RC
  xdotool mouseup 1 2>/dev/null
  "$BIN" --replay "$REC" --headless --log "$RLOG" >"$RLOG.out" 2>&1
  "$PY" - "$LOG" "$RLOG" "$how" "$code" "$RLOG.out" <<'PY' && pass "quit mid-gesture ($how, exit $code): the drag's gesture_ended is logged ($([ "$how" = paused ] && echo "paged at the pause, as the moves behind it take it" || echo cancelled)), and the replay logs the same gestures and quits at the live quit's time" || fail "quit mid-gesture ($how): see above"
import json, sys
log, rlog, how, code, rout = sys.argv[1:6]
def events(p): return [json.loads(l) for l in open(p)]
live = events(log)
gestures = [e for e in live if e["event"] in ("gesture_began", "gesture_ended")]
problems = []
want = {"escape": "0", "sigterm": "143", "paused": "0"}[how]
if code != want: problems.append(f"exit {code}, want {want}")
if not any(e["event"] == "gesture_began" for e in gestures): problems.append("no gesture_began (the drag did not reach the stage)")
began = sum(e["event"] == "gesture_began" for e in gestures)
ended = [e for e in gestures if e["event"] == "gesture_ended"]
if began != len(ended): problems.append(f"{began} gesture_began, {len(ended)} gesture_ended")
# Paused: the moves made behind the pause play at its instant, and a drag that far pages.
if ended and ended[-1].get("outcome") != ("paged" if how == "paused" else "cancelled"): problems.append(f"last gesture_ended outcome {ended[-1].get('outcome')}")
if live[-1]["event"] != "quit": problems.append(f"last line {live[-1]['event']}")
def shape(es): return [(e["event"], e.get("kind"), e.get("outcome")) for e in es if e["event"] in ("gesture_began", "gesture_ended", "paged")]
# A replay plays on until the scene is at rest: what settles after the live quit (a page the
# participant never saw arrive) is the replay's own, so the two are compared up to the quit
# (this session has no pause, so the quit's clock time is also the scene's).
quit_t = live[-1]["t"]
# The recording ends with the live quit (its end line): the replay's session ends at that time.
rq = events(rlog)[-1] if events(rlog) else {}
if rq.get("event") != "quit" or rq.get("t") != quit_t: problems.append(f"the replay's last line {rq} is not the live quit at {quit_t}")
if how == "paused":
    # Ended paused: the replay is the whole session, times included, and stops at its end.
    def timed(es): return [(e["event"], e.get("kind"), e.get("outcome"), round(e["t"], 6)) for e in es
                           if e["event"] in ("gesture_began", "gesture_ended", "paged", "time_control")]
    if timed(live) != timed(events(rlog)): problems.append(f"live {timed(live)} != replay {timed(events(rlog))}")
    pauses = [e for e in live if e["event"] == "time_control" and e["control"] != "sync"]
    if [(e["control"], e["scale"]) for e in pauses] != [("pause", 0)]: problems.append(f"time_control lines {pauses}, want one pause at scale 0")
    elif ended and pauses[0]["t"] != ended[-1]["t"]: problems.append(f"the pause at {pauses[0]['t']}, the cancel at {ended[-1]['t']}: not the pause's instant")
    if "not settled" in open(rout).read(): problems.append("the replay did not end: " + open(rout).read().strip()[:160])
    # Paused 0.35 s before the quit: the scene's time (the cancel's) stood still meanwhile.
    if ended and quit_t - ended[-1]["t"] < 0.25: problems.append(f"the cancel at {ended[-1]['t']} is not at the pause (quit {quit_t}): Space did not pause?")
else:
    replayed = shape([e for e in events(rlog) if e["t"] <= quit_t])
    if shape(live) != replayed: problems.append(f"live {shape(live)} != replay {replayed}")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY
done

# Quit mid-throw: the stack's top card thrown by distance (slowly, so its flight is
# long) and Q pressed 40 ms after the release, the card still on its way out. A replay in a
# window stops at the recorded quit: it says "replay ended" at that time, its stage does not
# change afterwards (two pictures 1.5 s apart) and is the headless replay's last frame, and its
# log is the live log line for line, the
# quit's time included: the card never lands in it, as it never did live. Before, the replay
# went on: the landing ('deleted') and a quit at the time the window was closed were logged.
LOG="$OUT/throw.jsonl"; REC="$OUT/throw.rec"; RLOG="$OUT/throw-replay.jsonl"
if start_app "$LOG" --demo stack --size 1000x700 --record "$REC"; then
  cx=$((WX + SX + SW / 2)); cy=$((WY + SY + SH / 2))
  # A slow throw, Q 40 ms after the release (the sleeps: the hand's pace, deliberate).
  xdotool mousemove "$cx" "$cy" sleep 0.1 mousedown 1 sleep 0.03 mousemove $((cx - 20)) "$cy" sleep 0.03 \
    mousemove $((cx - 45)) "$cy" sleep 0.03 mousemove $((cx - 70)) "$cy" sleep 0.03 mousemove $((cx - 95)) "$cy" \
    sleep 0.03 mousemove $((cx - 120)) "$cy" sleep 0.03 mouseup 1 sleep 0.04 key q
  wait_child "$APP" 20; code=$CHILD_RC
  shots="" headless=""
  if start_app "$RLOG" --replay "$REC" && wait_text "$RLOG.out" "replay ended" 20 >/dev/null; then
    sleep 0.05   # deliberate: a frame for the toast saying so
    crop="${SW}x$((SH * 3 / 4))+$SX+$SY"   # the stage above the toast
    import -window "$WID" -crop "$crop" +repage "$OUT/throw-end-a.png" 2>/dev/null
    sleep 1.5    # deliberate: the check is that nothing changes in this time
    import -window "$WID" -crop "$crop" +repage "$OUT/throw-end-b.png" 2>/dev/null
    shots=$(compare -metric AE "$OUT/throw-end-a.png" "$OUT/throw-end-b.png" null: 2>&1)
    # The headless replay's last frame, the same stage: the window draws through its own
    # renderer (GL on llvmpipe under Xvfb), so edges differ by a few levels (3 % fuzz).
    SDL_VIDEODRIVER=dummy "$BIN" --replay "$REC" --headless --screenshot "$OUT/throw-headless.png" >/dev/null 2>&1
    convert "$OUT/throw-headless.png" -crop "$crop" +repage "$OUT/throw-headless-stage.png" 2>/dev/null
    headless=$(compare -metric AE -fuzz 3% "$OUT/throw-headless-stage.png" "$OUT/throw-end-b.png" null: 2>&1)
  fi
  stop_app
  "$PY" - "$LOG" "$RLOG" "$code" "$RLOG.out" "$shots" "${headless:-}" "$((SW * SH * 3 / 4))" <<'PY' && pass "quit mid-throw, replayed in a window: it ends at the live quit ($(tail -n 1 "$LOG" | head -c 60)), the card still in flight, its stage unchanged 1.5 s later ($shots pixels differ), the headless replay's last frame ($headless pixels over 3 % apart) and its log the live one" || fail "quit mid-throw, replayed in a window: see above"
import json, sys
log, rlog, code, rout, shots, headless, area = sys.argv[1:8]
lines = lambda p: [json.loads(l) for l in open(p)]
live, replay = lines(log), lines(rlog)
problems = []
if code != "0": problems.append(f"the live session exited {code}")
thrown = [e for e in live if e["event"] == "gesture_ended" and e.get("outcome") == "thrown"]
if not thrown: problems.append(f"no throw in the live log: {[e['event'] + ' ' + str(e.get('outcome', '')) for e in live]}")
if any(e["event"] == "deleted" for e in live): problems.append("the card landed before the quit: not a quit mid-throw (a slow machine?)")
strip = lambda es: [e for e in es if e["event"] != "started"]
if strip(live) != strip(replay):
    problems.append(f"the window replay's log is not the live one: live {[(e['event'], e['t']) for e in strip(live)]}, replay {[(e['event'], e['t']) for e in strip(replay)]}")
said = open(rout).read()
quit_t = live[-1]["t"]
if f"replay ended at {quit_t:.2f} s" not in said: problems.append(f"no 'replay ended at {quit_t:.2f} s' in: {said.strip()[:200]}")
if shots.strip() != "0": problems.append(f"the stage changed after the replay ended: {shots or 'no pictures'} pixels differ")
if not headless.strip().isdigit() or int(headless) > int(area) // 100:
    problems.append(f"the window's stage at the end is not the headless replay's last frame: {headless or 'no picture'} of {area} pixels differ")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY
else
  fail "quit mid-throw: the app did not start"
fi

# A recording cut off with the button down (SIGKILL, a full disk: the cancel never written):
# the escape session's recording without its last line. Its replay cancels the gesture at the
# last input and ends there, instead of waiting 60 s for a release that never comes.
CUT="$OUT/cut.rec"
# (the end line, the quit, goes too: a session cut off never writes it).
grep -v '^{"end":' "$OUT/mid-escape.rec" >"$OUT/mid-escape.inputs" 2>/dev/null
if [ -s "$OUT/mid-escape.inputs" ] && tail -n 1 "$OUT/mid-escape.inputs" | grep -q '"cancel"'; then
  head -n -1 "$OUT/mid-escape.inputs" >"$CUT"
  start=$(now_us)
  "$BIN" --replay "$CUT" --headless --log "$OUT/cut.jsonl" >"$OUT/cut.out" 2>&1; code=$?
  ms=$(( ($(now_us) - start) / 1000 ))
  "$PY" - "$OUT/cut.jsonl" "$OUT/cut.out" "$code" <<'PY' && pass "a recording cut off with the button down replays to a cancelled gesture_ended and stops ($ms ms)" || fail "recording cut off with the button down: see above"
import json, sys
log, out, code = sys.argv[1:4]
lines = [json.loads(l) for l in open(log)]
ended = [e for e in lines if e["event"] == "gesture_ended"]
text = open(out).read()
problems = []
if code != "0": problems.append(f"exit {code}")
if sum(e["event"] == "gesture_began" for e in lines) != len(ended) or not ended: problems.append(f"{len(ended)} gesture_ended for the began ones")
elif ended[-1].get("outcome") != "cancelled": problems.append(f"outcome {ended[-1].get('outcome')}")
if "not settled" in text: problems.append("waited to settle: " + text.strip()[:160])
if "ends with the pointer down" not in text: problems.append("no note that the recording was cut off: " + text.strip()[:160])
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY
else
  fail "no escape recording ending in a cancel to cut"
fi

# SIGKILL of an export: nothing can run in the killed process, so ffmpeg
# must end by itself (its standard input closes) and the next save of the same file removes
# the temporary the killed run left (`.NAME.tmp-PID-N` of a PID no longer running).
"$PY" -c "
import sys; sys.path.insert(0, '$HERE')
import crafted
open('$OUT/long.rec', 'w').write(crafted.recording(crafted.header('$ROOT/assets'), crafted.fling() + crafted.fling(900.0)))
open('$OUT/short.rec', 'w').write(crafted.recording(crafted.header('$ROOT/assets'), crafted.fling()))
"
mkdir -p "$OUT/video"

# --at past a replay's end: once every input has played and nothing moves, the frame at --at is
# drawn straight away, the same picture as a moment after the end (before: an hour of frames).
start=$(now_us)
SDL_VIDEODRIVER=dummy "$BIN" --replay "$OUT/short.rec" --headless --at 3600 --screenshot "$OUT/at-hour.png" >"$OUT/at.out" 2>&1; code=$?
ms=$(( ($(now_us) - start) / 1000 ))
SDL_VIDEODRIVER=dummy "$BIN" --replay "$OUT/short.rec" --headless --at 5 --screenshot "$OUT/at-5.png" >>"$OUT/at.out" 2>&1
if [ "$code" = 0 ] && [ "$ms" -lt 60000 ] && cmp -s "$OUT/at-hour.png" "$OUT/at-5.png"; then
  pass "--at 3600 after a 0.3 s replay: drawn in $ms ms, the same picture as --at 5"
else
  fail "--at 3600 after a 0.3 s replay: exit $code after $ms ms, same picture as --at 5: $(cmp -s "$OUT/at-hour.png" "$OUT/at-5.png" && echo yes || echo no); $(tail -n 2 "$OUT/at.out")"
fi
(SDL_VIDEODRIVER=dummy exec "$BIN" export "$OUT/long.rec" --out "$OUT/video/v.mp4") >"$OUT/export.out" 2>&1 &
EXP=$!; PIDS+=("$EXP")
end=$(deadline_us 20)
until ls "$OUT"/video/.v.mp4.tmp-* >/dev/null 2>&1 && pgrep -f -- "$OUT/video/.v.mp4.tmp" >/dev/null; do
  [ "$(now_us)" -ge "$end" ] && break
  sleep 0.1
done
kill -KILL "$EXP"; wait "$EXP" 2>/dev/null
end=$(deadline_us 10)
while pgrep -f -- "$OUT/video/.v.mp4.tmp" >/dev/null && [ "$(now_us)" -lt "$end" ]; do sleep 0.1; done
left=$(pgrep -f -- "$OUT/video/.v.mp4.tmp" | wc -l)
stale=$(ls -A "$OUT/video" | grep -c '^\.v\.mp4\.tmp-')
if (SDL_VIDEODRIVER=dummy "$BIN" export "$OUT/short.rec" --out "$OUT/video/v.mp4" >"$OUT/export2.out" 2>&1); then again=0; else again=$?; fi
after=$(ls -A "$OUT/video" | tr '\n' ' ')
if [ "$left" = 0 ] && [ "$stale" -ge 1 ] && [ "$again" = 0 ] && [ "$after" = "v.mp4 " ]; then
  pass "SIGKILL of an export: its ffmpeg ended by itself, the $stale temporary file it left was removed by the next export (folder now: $after)"
else
  fail "SIGKILL of an export: ffmpeg left $left, stale temporaries $stale, next export exit $again, folder: $after; $(tail -n 2 "$OUT/export2.out")"
fi
finish
