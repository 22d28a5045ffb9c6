#!/usr/bin/env bash
# The participant's side of a task, on a bare X server and under openbox,
# driven by real X events in the participant's window:
# - the task's text with Done and Give up: a click on Done ends task 1 as the participant's
#   success; a drag while the SEQ is up never reaches the stage; the SEQ is answered 6 with a
#   click; task 2 is given up with a click and its SEQ answered 3 with the key 3 (which types
#   nothing into the facilitator's note);
# - Ctrl+Q in the facilitator window puts the SUS on the participant's screen; its ten items are
#   answered with clicks and keys 1-5 (4 2 5 1 4 2 3 2 4 1, a score of 80 by hand) and the
#   session then ends by itself, with its quit line;
# - the log holds every answer, the recording replays headless to the same lines, and
#   `flick study` scores the SUS 80 and the SEQ 6 and 3.
# Usage: participant_side.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

cat >"$OUT/tasks.json" <<'JSON'
{"participantSide": {"taskText": true, "seq": true, "sus": true},
 "tasks": [{"name": "Throw the top card away", "goal": {"deleted": 1}}, {"name": "Find the map"}]}
JSON

focus() {
  if [ "$MODE" = openbox ]; then xdotool windowactivate --sync "$1" 2>/dev/null || xdotool windowfocus --sync "$1"
  else xdotool windowfocus --sync "$1"; fi
  wait_focus "$1" || fail "$MODE: the keyboard did not go to window $1"
}

# panel WHAT [N]: the window point (x y) of the participant panel's button: done, give_up, or
# answer N of a questionnaire of SCALE answers (ParticipantPanelLayout, window points = pixels).
panel() {
  "$PY" - "$PW" "$PH" "$@" <<'PY'
import sys
W, H, what = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
if what in ("done", "give_up"):
    h = min(64, H / 3); bw = min(104, max(56, W / 5)); bh = min(42, h - 14)
    y = H - h + (h - bh) / 2
    gx = W - 12 - bw; dx = gx - 10 - bw
    x = dx if what == "done" else gx
    print(round(x + bw / 2), round(y + bh / 2))
else:
    n, value = int(sys.argv[4]), int(sys.argv[5])
    w = min(W - 24, 560); h = min(H - 24, 280)
    px = round((W - w) / 2); py = round((H - h) / 2)
    side = max(24, min(64, (w - 40 - (n - 1) * 8) / n))
    row = n * side + (n - 1) * 8
    x0 = px + (w - row) / 2; y = py + h - 20 - 44 - side
    print(round(x0 + (value - 1) * (side + 8) + side / 2), round(y + side / 2))
PY
}

# click X Y: a click at window point X Y of the participant's window (the caller waits for its
# effect in the log).
click() { xdotool mousemove $(( WX + $1 )) $(( WY + $2 )) sleep 0.05 click 1; }

scenario() {
  MODE=$1
  local dir="$OUT/$MODE"; mkdir -p "$dir"
  start_xvfb "$dir" 1920x1080 || { fail "$MODE: Xvfb did not start"; return; }
  if [ "$MODE" = openbox ]; then
    start_openbox "$dir" || fail "$MODE: openbox did not start (see $dir/openbox.log)"
  fi
  local LOG="$dir/session.jsonl" REC="$dir/session.rec.jsonl"
  start_app "$LOG" --facilitator --tasks "$OUT/tasks.json" --record "$REC" --participant P01 --size 700x760 --demo stack \
    || { fail "$MODE: the app did not start"; stop_xvfb; return; }
  local PWID FWID
  PWID=$(wait_window 'stack$'); FWID=$(wait_window 'facilitator$')
  eval "$(xdotool getwindowgeometry --shell "$PWID")"; WX=$X; WY=$Y; PW=$WIDTH; PH=$HEIGHT

  # 1. Task 1 starts from the facilitator's window; the participant clicks Done.
  focus "$FWID"
  xdotool key Return
  wait_log "$LOG" 1 task_started >/dev/null || fail "$MODE: Enter in the facilitator window started no task"
  # (The screenshots here are for a person's look, not checked.)
  import -window "$PWID" "$dir/task-bar.png" 2>/dev/null
  click $(panel done)
  wait_log "$LOG" 1 task_ended >/dev/null && pass "$MODE: a click on Done ended task 1" || fail "$MODE: Done ended no task"
  wait_lines "$LOG" '"questionnaire":"seq".*"what":"shown"' 1 || fail "$MODE: no SEQ came up after task 1"
  import -window "$PWID" "$dir/seq.png" 2>/dev/null

  # 2. A drag while the SEQ is up reaches nothing; the SEQ is answered 6 with a click. The
  #    click's answer line says the app has handled the drag's events, sent before it.
  local before; before=$(count_events "$LOG" gesture_began)
  drag $(( SX + SW / 2 )) $(( SY + SH / 3 )) -120 0 6 0.012
  click $(panel answer 7 6)
  wait_text "$LOG" '"question":"seq"' >/dev/null && pass "$MODE: the SEQ answered with a click" || fail "$MODE: the SEQ click gave no answer"
  [ "$(count_events "$LOG" gesture_began)" = "$before" ] && pass "$MODE: a drag while the SEQ is up never reached the stage" \
    || fail "$MODE: a drag while the SEQ was up began a gesture"

  # 3. Task 2: Give up with a click, its SEQ with the key 3 in the participant's window.
  focus "$FWID"
  xdotool key Return
  wait_log "$LOG" 2 task_started >/dev/null || fail "$MODE: task 2 did not start"
  click $(panel give_up)
  wait_log "$LOG" 2 task_ended >/dev/null || fail "$MODE: Give up ended no task"
  wait_lines "$LOG" '"questionnaire":"seq".*"what":"shown"' 2 || fail "$MODE: no SEQ came up after task 2"
  focus "$PWID"
  xdotool key 3
  wait_log "$LOG" 4 answer >/dev/null && pass "$MODE: the SEQ answered with the key 3" || fail "$MODE: the key 3 gave no SEQ answer"

  # 4. Ctrl+Q: the SUS comes up; clicks for odd items, keys for even ones; the session then ends.
  focus "$FWID"
  xdotool key ctrl+q
  wait_text "$LOG" '"questionnaire":"sus","t":[0-9.]*,"what":"shown"' >/dev/null \
    && pass "$MODE: Ctrl+Q put the SUS on the participant's screen" || fail "$MODE: Ctrl+Q showed no SUS"
  kill -0 "$APP" 2>/dev/null || fail "$MODE: Ctrl+Q ended the session before the SUS"
  import -window "$PWID" "$dir/sus.png" 2>/dev/null
  local i=0 v
  for v in 4 2 5 1 4 2 3 2 4 1; do
    i=$((i + 1))
    if [ $((i % 2)) = 1 ]; then click $(panel answer 5 "$v"); else focus "$PWID"; xdotool key "$v"; fi
    wait_log "$LOG" $((4 + i)) answer >/dev/null || { fail "$MODE: SUS item $i gave no answer"; break; }
  done
  wait_gone "$APP" && pass "$MODE: the session ended once the SUS was answered" || fail "$MODE: the session went on after the SUS"
  wait "$APP" 2>/dev/null
  stop_app
  "$PY" - "$LOG" "$REC" "$MODE" <<'PY' && pass "$MODE: the log holds Done, Give up, SEQ 6 and 3 and the SUS (80), each the participant's, no note, a quit line" || fail "$MODE: log (above)"
import json, sys
log = [json.loads(l) for l in open(sys.argv[1])]
rec = [json.loads(l) for l in open(sys.argv[2])]
problems = []
answers = [(l["question"], l.get("item"), l.get("value")) for l in log if l["event"] == "answer"]
want = [("done", None, None), ("seq", None, 6), ("give_up", None, None), ("seq", None, 3)] + \
       [("sus", i + 1, v) for i, v in enumerate([4, 2, 5, 1, 4, 2, 3, 2, 4, 1])]
if answers != want: problems.append(f"answers {answers}")
ends = [(l["outcome"], l.get("by")) for l in log if l["event"] == "task_ended"]
if ends != [("success", "participant"), ("gave_up", "participant")]: problems.append(f"task ends {ends}")
sus = [l for l in log if l["event"] == "questionnaire" and l["questionnaire"] == "sus" and l["what"] == "completed"]
if len(sus) != 1 or sus[0].get("score") != 80: problems.append(f"SUS lines {sus}")
if any(l["event"] == "note" for l in log): problems.append("a note (a digit typed into it?)")
if any(l["event"] == "gesture_began" for l in log): problems.append("a gesture (the drag under the SEQ reached the stage)")
if log[-1]["event"] != "quit": problems.append("no quit line at the end")
kinds = [i["answer"]["kind"] for i in rec[1:] if "answer" in i]
if len(kinds) != 14 or any("by" in i for i in rec[1:] if "answer" in i): problems.append(f"recorded answers {kinds}")
if not any(i.get("ask") == "sus" and i.get("by") == "facilitator" for i in rec[1:]): problems.append("no SUS asked by the facilitator in the recording")
for p in problems: print("   ", sys.argv[3] + ":", p)
sys.exit(1 if problems else 0)
PY
  local RLOG="$dir/replay.jsonl"
  "$BIN" --replay "$REC" --headless --log "$RLOG" >"$dir/replay.out" 2>&1
  "$PY" - "$LOG" "$RLOG" <<'PY' && pass "$MODE: a headless replay gives the same answers, questionnaires and task lines" || fail "$MODE: the replay differs (above)"
import json, sys
kinds = {"answer", "questionnaire", "task_started", "task_ended", "input_refused", "gesture_began"}
def lines(p): return [l for l in (json.loads(x) for x in open(p)) if l["event"] in kinds]
a, b = lines(sys.argv[1]), lines(sys.argv[2])
if a != b:
    for x, y in zip(a, b):
        if x != y: print("    live  ", x); print("    replay", y); break
    print(f"    {len(a)} live lines, {len(b)} replayed"); sys.exit(1)
PY
  "$BIN" study "$REC" --out "$dir/study" >"$dir/study.out" 2>&1 || fail "$MODE: flick study failed: $(cat "$dir/study.out")"
  "$PY" - "$dir/study" <<'PY' && pass "$MODE: flick study scores the SUS 80 and the SEQ 6 and 3 (sus.csv, seq.csv, questionnaires.csv, study.html)" || fail "$MODE: flick study's numbers (above)"
import csv, sys
d = sys.argv[1]; problems = []
sus = list(csv.DictReader(open(d + "/sus.csv")))
if [(r["participant"], r["complete"], r["score"]) for r in sus] != [("P01", "true", "80")]: problems.append(f"sus.csv {sus}")
seq = list(csv.DictReader(open(d + "/seq.csv")))
if [(r["task"], r["value"], r["outcome"]) for r in seq] != [("Throw the top card away", "6", "success"), ("Find the map", "3", "gave_up")]:
    problems.append(f"seq.csv {seq}")
q = list(csv.DictReader(open(d + "/questionnaires.csv")))
susrow = [r for r in q if r["questionnaire"] == "sus"]
if len(susrow) != 1 or susrow[0]["mean"] != "80" or susrow[0]["participants"] != "1": problems.append(f"questionnaires.csv SUS {susrow}")
every = [r for r in q if r["questionnaire"] == "seq" and r["task"] == ""]
if len(every) != 1 or every[0]["mean"] != "4.5" or every[0]["answers"] != "2": problems.append(f"questionnaires.csv SEQ {every}")
tasks = list(csv.DictReader(open(d + "/tasks.csv")))
if [(r["outcome"], r["ended_by"]) for r in tasks] != [("success", "participant"), ("gave_up", "participant")]: problems.append(f"tasks.csv {tasks}")
html = open(d + "/study.html").read()
if "<h2>Questionnaires</h2>" not in html or "80.0" not in html: problems.append("study.html has no Questionnaires section with 80.0")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY
  stop_xvfb
}

scenario bare
scenario openbox
finish
