#!/usr/bin/env bash
# A session run as a facilitator runs one, under a bare X server with two real SDL
# windows, driven by real X events:
# - the facilitator starts task 1 (Enter in the facilitator window), types a note and a second
#   one that starts with a digit (kept whole: typing always types), drops the labelled marker
#   "found it" (F1); the participant flicks a card up in the participant window, which meets the
#   task's goal (delete a card): the task ends as a success;
# - task 2 is started and given up with the marker "gave up" (F2);
# - the log, the recording and the report agree on all of it, and a headless replay of the
#   recording ends both tasks at the same times with the same outcomes and plays the note;
# - the participant window shows only the phone (no toast, no panel), the facilitator window
#   shows recording on, the task and the notes; a screenshot of both is kept (README).
# Usage: facilitator.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

start_xvfb "$OUT" 1920x1080 || fail "Xvfb did not start (see $OUT/xvfb.log)"

cat >"$OUT/tasks.json" <<'JSON'
{"tasks": [
  {"name": "Close an app", "goal": {"deleted": 1}, "timeLimit": 120},
  {"name": "Find the maps screen", "goal": {"reached": "04-maps.png"}}
]}
JSON
LOG="$OUT/session.jsonl"; REC="$OUT/session.rec.jsonl"
rm -f "$LOG" "$REC"
start_app "$LOG" --facilitator --tasks "$OUT/tasks.json" --markers "found it,gave up,asked for help" \
  --record "$REC" --participant P07 --size 900x800 || fail "the app did not start"
PWID=$(wait_window 'switcher$')
FWID=$(wait_window 'facilitator$')
if [ -n "$PWID" ] && [ -n "$FWID" ] && [ "$PWID" != "$FWID" ]; then
  pass "two real windows: the participant's ($PWID) and the facilitator's ($FWID)"
else
  fail "two windows expected, found participant '$PWID' and facilitator '$FWID'"
fi
eval "$(xdotool getwindowgeometry --shell "$PWID")"; WX=$X; WY=$Y

# The facilitator's keys go to the facilitator window (focused, as a person clicks into it).
fkeys() { xdotool windowfocus --sync "$FWID" "$@"; }
fkeys key Return
wait_log "$LOG" 1 task_started 10 && pass "Enter in the facilitator window started task 1" || fail "no task_started after Enter"
fkeys type "hesitates before the flick"
fkeys key Return
wait_log "$LOG" 1 note 10 && pass "a typed note was saved on Enter" || fail "no note line"
fkeys type "2nd card confused her"
fkeys key Return
wait_log "$LOG" 2 note 10 && grep -q '"text":"2nd card confused her"' "$LOG" \
  && pass "a note starting with a digit is kept whole (no marker dropped by its first key)" || fail "the note '2nd card confused her' was not kept whole"
fkeys key F1
wait_text "$LOG" '"label":"found it"' 10 >/dev/null && pass "F1 dropped the marker 'found it'" || fail "no 'found it' marker"
# The participant flicks the middle card up: the switcher deletes it (the task's goal). The
# facilitator window keeps the keyboard: the press and its release are the participant window's.
drag $(( SX + SW / 2 )) $(( SY + SH / 2 )) 0 -320 8 0.012
wait_log "$LOG" 1 task_ended 10 || true
# The participant's phone once the deck is at rest again (the gap closed): the replay's last frame.
wait_still "$PWID" "$OUT/participant.png"
import -window root "$OUT/both.png" 2>/dev/null
fkeys key Return
wait_log "$LOG" 2 task_started 10 >/dev/null || true
fkeys key F2
wait_log "$LOG" 2 task_ended 10 >/dev/null || true
# (The facilitator's picture is checked for its recording mark, there on every frame.)
import -window "$FWID" "$OUT/facilitator.png" 2>/dev/null
# Quitting a recorded session is asked twice (Q in the participant window quits nothing).
fkeys key ctrl+q
sleep 0.3   # deliberate: a person's pause between the two presses
fkeys key ctrl+q
wait_gone "$APP" || fail "two Ctrl+Q did not end the recorded session"
wait "$APP" 2>/dev/null

"$PY" - "$LOG" "$REC" <<'PY' && pass "log and recording agree: task 1 met its goal, task 2 given up, the note and the markers in both" || fail "log or recording disagree (above)"
import json, sys
log = [json.loads(l) for l in open(sys.argv[1])]
rec = [json.loads(l) for l in open(sys.argv[2])]
ends = [l for l in log if l["event"] == "task_ended"]
problems = []
if [(e["task"], e["outcome"]) for e in ends] != [("Close an app", "success"), ("Find the maps screen", "gave_up")]:
    problems.append(f"task ends {[(e['task'], e['outcome']) for e in ends]}")
if ends and ends[0]["attempts"] < 1: problems.append("task 1 took no gesture")
deleted = [l for l in log if l["event"] == "deleted"]
if not deleted or not ends or abs(deleted[0]["t"] - ends[0]["t"]) > 1e-6:
    problems.append("task 1 did not end at the deletion")
notes = [l["text"] for l in log if l["event"] == "note"]
if notes != ["hesitates before the flick", "2nd card confused her"]: problems.append(f"log notes {notes}")
markers = [l["label"] for l in log if l["event"] == "marker"]
if markers != ["start", "found it", "start", "gave up"]: problems.append(f"log markers {markers}")
header = rec[0]
if [t["name"] for t in header.get("tasks", {}).get("tasks", [])] != ["Close an app", "Find the maps screen"]:
    problems.append("recording header lacks the tasks")
if header.get("markers") != ["found it", "gave up", "asked for help"]: problems.append("recording header lacks the markers")
if [i["note"] for i in rec[1:] if "note" in i] != notes: problems.append("recording notes differ")
if [i["marker"]["label"] for i in rec[1:] if "marker" in i] != markers: problems.append("recording markers differ")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY

# A headless replay of the recording: the same task ends (times, outcomes, attempts) and notes.
RLOG="$OUT/replay.jsonl"; rm -f "$RLOG"
"$BIN" --replay "$REC" --headless --log "$RLOG" --screenshot "$OUT/replay.png" >"$OUT/replay.out" 2>&1
"$PY" - "$LOG" "$RLOG" <<'PY' && pass "the replay ends both tasks at the same times with the same outcomes and attempts, and plays the note" || fail "the replay differs from the session (above)"
import json, sys
def lines(p, kinds): return [{k: v for k, v in json.loads(l).items()} for l in open(p) if json.loads(l)["event"] in kinds]
kinds = {"task_started", "task_ended", "note", "marker", "deleted"}
live, replay = lines(sys.argv[1], kinds), lines(sys.argv[2], kinds)
if live != replay:
    for a, b in zip(live, replay):
        if a != b: print("    live  ", a); print("    replay", b); break
    print(f"    {len(live)} live lines, {len(replay)} replayed")
    sys.exit(1)
PY

# The replay's last frame is the participant's phone as the session left it (within the two
# renderers' antialiasing: each live pixel against the closest replay pixel of its 3x3).
"$PY" - "$HERE" "$LOG" "$OUT/participant.png" "$OUT/replay.png" <<'PY' && pass "the headless replay's frame is the participant window's phone" || fail "the replay's frame differs from the participant's window (above)"
import json, sys
sys.path.insert(0, sys.argv.pop(1))
from PIL import Image
from framediff import phone_difference
x, y, w, h = [round(v) for v in json.loads(open(sys.argv[1]).readline())["stage"]]
live = Image.open(sys.argv[2]).convert("RGB").crop((x, y, x + w, y + h))
replay = Image.open(sys.argv[3]).convert("RGB").crop((x, y, x + w, y + h))
share, mean = phone_difference(live, replay)
print(f"    {share * 100:.2f} % of pixels over 40/255, mean {mean:.2f}/255")
sys.exit(0 if share < 0.01 and mean < 2 else 1)
PY

# The report of the log and the report of the recording (replayed) say the same.
for src in log rec; do
  f=$LOG; [ $src = rec ] && f=$REC
  rm -rf "$OUT/report-$src"
  "$BIN" report "$f" --out "$OUT/report-$src" >"$OUT/report-$src.out" 2>&1
done
"$PY" - "$OUT/report-log/report.html" "$OUT/report-rec/report.html" <<'PY' && pass "the report of the log and of the recording both show task 1 success, task 2 gave_up with times, attempts and misclicks, and the note" || fail "reports disagree (above)"
import re, sys
rows, problems = [], []
for p in sys.argv[1:]:
    h = open(p).read()
    t = re.findall(r'<tr><td>(\d+)</td><td>([^<]*)</td><td class="outcome-(\w+)">\w+</td><td>([\d.]+)</td><td>(\d+)</td><td>([^<]*)</td></tr>', h)
    if "hesitates before the flick" not in h: problems.append(f"no note in {p}")
    rows.append(t)
if not rows[0] or rows[0] != rows[1] or [r[2] for r in rows[0]] != ["success", "gave_up"]:
    problems.append(f"task rows {rows}")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY

# The participant window: only the phone (presentation), no toast over it; the facilitator
# window: the red recording mark, and text.
"$PY" - "$OUT/participant.png" "$OUT/facilitator.png" <<'PY' && pass "the participant window shows only the phone on black, the facilitator window shows recording on" || fail "windows' pixels (above)"
import sys
from PIL import Image
p = Image.open(sys.argv[1]).convert("RGB")
w, h = p.size
# Outside the phone's box the participant window is black: no panel, no toast.
box = p.convert("L").point(lambda v: 255 if v > 12 else 0).getbbox()
problems = []
if not box: problems.append("participant window is blank")
else:
    bw, bh = box[2] - box[0], box[3] - box[1]
    if bw > w * 0.6: problems.append(f"lit area {box} wider than a phone (a panel or a toast?)")
f = Image.open(sys.argv[2]).convert("RGB")
reds = sum(1 for x in range(0, 80) for y in range(0, 60) if (lambda c: c[0] > 200 and c[1] < 80 and c[2] < 80)(f.getpixel((x, y))))
if reds < 50: problems.append(f"no red recording mark in the facilitator window ({reds} red pixels)")
for pr in problems: print("   ", pr)
sys.exit(1 if problems else 0)
PY

# Cards that follow the files: with --cards DIR, a file added, removed or
# saved anew shows within a second; the log says what changed with the deck's own events, and
# a headless replay of the recording (the folder as the session left it) gives the same events.
CARDS="$OUT/cards"; rm -rf "$CARDS"; mkdir -p "$CARDS"
cp "$ROOT"/assets/0[1-4]-*.png "$CARDS/"
FLOG="$OUT/follow.jsonl"; FREC="$OUT/follow.rec.jsonl"; rm -f "$FLOG" "$FREC"
start_app "$FLOG" --cards "$CARDS" --demo stack --record "$FREC" --size 700x800 || fail "the app did not start with --cards"
# (No wait for the watch: it compares the folder with the files the session opened with.)
# within_a_second N WHAT: the Nth cards_changed line comes within a second of the file change.
within_a_second() {
  local n=$1 what=$2 t0; t0=$(now_us)
  if wait_log "$FLOG" "$n" cards_changed 5; then
    local ms=$(( ($(now_us) - t0) / 1000 ))
    [ "$ms" -le 1000 ] && pass "$what showed in $ms ms" || fail "$what took $ms ms (want within 1000)"
  else
    fail "$what: no cards_changed line"
  fi
}
cp "$ROOT/assets/07-settings.png" "$CARDS/03b-settings.png"
within_a_second 1 "a file added to the folder"
rm "$CARDS/02-music.png"
within_a_second 2 "a file removed from the folder"
cp "$ROOT/assets/09-news.png" "$CARDS/01-weather.png.tmp" && mv "$CARDS/01-weather.png.tmp" "$CARDS/01-weather.png"
within_a_second 3 "a file saved anew"
# top_card PNG: what the top card of that picture shows: "weather" (the weather screen: blue,
# its sky), "news" (the news screen: white-grey), or "neither"; nothing when the picture cannot
# be read, which no check below takes for an answer.
top_card() {
  "$PY" - "$1" <<'PY'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
w, h = im.size
px = [im.getpixel((x, y)) for x in range(w // 2 - 60, w // 2 + 60, 6) for y in range(h // 2 - 200, h // 2 - 80, 6)]
blue = sum(1 for r, g, b in px if b > 180 and r < 140)
grey = sum(1 for r, g, b in px if min(r, g, b) > 200 and max(r, g, b) - min(r, g, b) < 30)
print("weather" if blue > len(px) // 4 else "news" if grey > len(px) // 5 else "neither")
PY
}
# The new face decoded and drawn (it comes after the log's line), the deck at rest.
end=$(deadline_us 10)
while wait_still "$WID" "$OUT/follow.png" >/dev/null; [ "$(top_card "$OUT/follow.png")" != news ] && [ "$(now_us)" -lt "$end" ]; do :; done
stop_app
"$PY" - "$FLOG" <<'PY' && pass "the log has each change with the deck's own inserted/deleted events, in name order" || fail "follow log (above)"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
changes = [l for l in lines if l["event"] == "cards_changed"]
want = [(["03b-settings.png"], [], []), ([], ["02-music.png"], []), ([], [], ["01-weather.png"])]
got = [(c["added"], c["removed"], c["changed"]) for c in changes]
problems = [] if got == want else [f"changes {got}"]
ins = [l for l in lines if l["event"] == "inserted"]
dels = [l for l in lines if l["event"] == "deleted"]
if len(ins) != 1 or ins[0]["index"] != 3 or abs(ins[0]["t"] - changes[0]["t"]) > 1e-6: problems.append(f"inserted {ins}")
if len(dels) != 1 or dels[0]["card"] != 1: problems.append(f"deleted {dels}")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY
shown=$(top_card "$OUT/follow.png")
[ "$shown" = news ] && pass "the changed file is on screen: the top card shows the new picture (news), not the old (weather)" \
  || fail "the top card shows '${shown:-no readable picture}', not the new file's news screen ($OUT/follow.png)"
RFLOG="$OUT/follow-replay.jsonl"; rm -f "$RFLOG"
"$BIN" --replay "$FREC" --headless --log "$RFLOG" >"$OUT/follow-replay.out" 2>&1
"$PY" - "$FLOG" "$RFLOG" <<'PY' && pass "a headless replay makes the same folder changes: the same events at the same times" || fail "the replay of the folder changes differs (above)"
import json, sys
def ev(p): return [l for l in (json.loads(x) for x in open(p)) if l["event"] not in ("started", "quit")]
a, b = ev(sys.argv[1]), ev(sys.argv[2])
if a != b:
    for x, y in zip(a, b):
        if x != y: print("    live  ", x); print("    replay", y); break
    print(f"    {len(a)} live lines, {len(b)} replayed"); sys.exit(1)
PY
finish
