#!/usr/bin/env bash
# Clocks for other recordings: a live session's log ties scene time to the wall
# clock once a second and at every pause and resume (time_control lines with session and
# wallClock), so a screen or webcam video lines up with the log after a pause. Under Xvfb:
# a session paused for 2 s, then a drag; the drag's gesture_began (its first move) put on the
# wall clock through the last sync line before it lands in the few milliseconds bash's clock
# allows for that move (the gaps printed), where the start's wall clock plus t is 2 s off. A headless replay
# of the recording writes the same time_control lines (the wall clock is the recording's).
# Usage: clocks.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

start_xvfb "$OUT" 1280x900 || fail "Xvfb did not start"
LOG="$OUT/session.jsonl"; REC="$OUT/session.rec.jsonl"; rm -f "$LOG" "$REC" "$OUT/replay.jsonl"
start_app "$LOG" --record "$REC" --demo now --size 600x860 || fail "the app did not start"
# The session's timeline is what the check reads, so its sleeps are deliberate: 1.5 s running
# (sync lines once a second), a 2 s pause, 1.2 s running, the drag, 1.5 s more.
sleep 1.5   # deliberate
xdotool windowfocus --sync "$WID" key space
sleep 2     # deliberate: the pause
xdotool key space
sleep 1.2   # deliberate
T0=$EPOCHREALTIME
drag $(( SX + SW / 2 )) $(( SY + SH / 2 )) 0 -200 6 0.012
T1=$EPOCHREALTIME
sleep 1.5   # deliberate
stop_app
"$PY" - "$LOG" "$T0" "$T1" <<'PY' && pass "the drag lines up with the wall clock through the sync lines after a 2 s pause" || fail "clock sync (above)"
import json, sys
from datetime import datetime
log = [json.loads(l) for l in open(sys.argv[1])]
t0, t1 = float(sys.argv[2]), float(sys.argv[3])
def wall(s): return datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()
syncs = [l for l in log if l["event"] == "time_control"]
problems = []
controls = [l["control"] for l in syncs]
if "pause" not in controls or "resume" not in controls: problems.append(f"controls {controls}")
if controls.count("sync") < 3: problems.append(f"{controls.count('sync')} sync lines in ~5 s")
if any("wallClock" not in l or "session" not in l for l in syncs): problems.append("a time_control line without session or wallClock")
began = next((l for l in log if l["event"] == "gesture_began"), None)
if began is None: problems.append("no gesture")
else:
    last = max((l for l in syncs if l["t"] <= began["t"]), key=lambda l: (l["t"], l["session"]))
    scale = last["scale"] or 1
    at = wall(last["wallClock"]) + (began["t"] - last["t"]) / scale
    naive = wall(log[0]["wallClock"]) + began["t"]
    # gesture_began is the drag's first move (each is past the touch slop): xdotool presses
    # 0.05 s after it starts and moves 0.03 s later (lib.sh drag), then makes five more moves
    # 12 ms apart before it returns: the first move was in [t0 + 0.08, t1 - 0.072]. The clocks
    # on the way count whole milliseconds (the X server's, SDL's ticks, the ISO wall clock's):
    # 5 ms either side, under a third of a frame at 60 Hz (measured: 1-3 ms past the window).
    lo, hi = t0 + 0.08, t1 - 0.072
    gap, naive_gap = at - lo, naive - lo
    print(f"    first move on the wall clock through the sync lines: {gap * 1000:+.1f} ms after the earliest it can have been "
          f"(window {(hi - lo) * 1000:.1f} ms); the start's wall clock + t: {naive_gap * 1000:+.1f} ms")
    if not (lo - 0.005 <= at <= hi + 0.005): problems.append(f"the first move at {at:.3f} is outside [{lo:.3f}, {hi:.3f}]")
    if abs(naive_gap) < 1.5: problems.append("the pause did not show in the naive clock (was there a pause?)")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY
RLOG="$OUT/replay.jsonl"
"$BIN" --replay "$REC" --headless --log "$RLOG" >"$OUT/replay.out" 2>&1
"$PY" - "$LOG" "$RLOG" <<'PY' && pass "a headless replay writes the same time_control lines, wall clocks and all" || fail "the replay's clock lines differ (above)"
import json, sys
def lines(p): return [l for l in (json.loads(x) for x in open(p)) if l["event"] in ("time_control", "gesture_began", "gesture_ended")]
a, b = lines(sys.argv[1]), lines(sys.argv[2])
if a != b:
    for x, y in zip(a, b):
        if x != y: print("    live  ", x); print("    replay", y); break
    print(f"    {len(a)} live lines, {len(b)} replayed"); sys.exit(1)
PY
finish
