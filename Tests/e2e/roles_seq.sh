#!/usr/bin/env bash
# Roles by construction with the participant's side, under openbox, driven by real X events:
# - in the swipe deck, Z in the participant's window undoes once and types nothing into the
#   facilitator's note; the SEQ digit 5 that follows answers the SEQ; the facilitator's Enter
#   then starts the next task (no note "z5", the SEQ complete);
# - a digit outside 1-7 (9) while the SEQ is up answers nothing, starts no note and puts "1 to 7"
#   on the participant's screen; the 7 after it answers;
# - the facilitator's Enter while an SEQ waits starts nothing and says so; a second one starts
#   the next task (the SEQ left incomplete, as the facilitator chose);
# - Enter with a note typed in the facilitator's window saves the note, starts no task, says so;
# - a quit during the session puts the SUS up, and a second Ctrl+Q ends the session (two, as
#   the study guide says);
# - the recording replays headless to the same task, answer, questionnaire and note lines.
# Usage: roles_seq.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

cat >"$OUT/tasks.json" <<'JSON'
{"participantSide": {"taskText": true, "seq": true, "sus": true},
 "tasks": [{"name": "Swipe and undo", "start": {"interaction": "swipe"}},
           {"name": "Second look"}, {"name": "Third look"}, {"name": "Fourth look"}]}
JSON

# focus WID: openbox activates WID; returns once the server has the keyboard there.
focus() {
  xdotool windowactivate --sync "$1" 2>/dev/null || xdotool windowfocus --sync "$1"
  wait_focus "$1" || fail "the keyboard did not go to window $1"
}

# done_point: the window point (x y) of the task bar's Done (ParticipantPanelLayout).
done_point() {
  "$PY" - "$PW" "$PH" <<'PY'
import sys
W, H = float(sys.argv[1]), float(sys.argv[2])
h = min(64, H / 3); bw = min(104, max(56, W / 5)); bh = min(42, h - 14)
print(round(W - 12 - bw - 10 - bw / 2), round(H - h + (h - bh) / 2 + bh / 2))
PY
}
# click X Y: a click at that window point (the caller waits for its effect in the log).
click() { xdotool mousemove $(( WX + $1 )) $(( WY + $2 )) sleep 0.05 click 1; }
# seq_lines WHAT: the log's SEQ questionnaire lines saying WHAT (shown, completed).
seq_lines() { grep -c "\"questionnaire\":\"seq\".*\"what\":\"$1\"" "$LOG"; }
# red_after_9 PNG: the participant window taken into PNG until the SEQ's red line is on it (at
# most 10 s); prints the last count of red pixels.
red_after_9() {
  local end n=0; end=$(deadline_us 10)
  while :; do
    import -window "$PWID" "$1" 2>/dev/null
    n=$("$PY" -c 'import sys
from PIL import Image
print(sum(1 for r, g, b in Image.open(sys.argv[1]).convert("RGB").getdata() if abs(r - 190) < 30 and g < 80 and b < 70))' "$1" 2>/dev/null || echo 0)
    [ "$n" -gt 100 ] || [ "$(now_us)" -ge "$end" ] && break
    sleep 0.1
  done
  echo "$n"
}

MODE=openbox
dir="$OUT/openbox"; mkdir -p "$dir"
start_xvfb "$dir" 1920x1080 || { fail "Xvfb did not start"; finish; }
start_openbox "$dir" || fail "openbox did not start (see $dir/openbox.log)"
LOG="$dir/session.jsonl" REC="$dir/session.rec.jsonl"
start_app "$LOG" --facilitator --tasks "$OUT/tasks.json" --record "$REC" --participant P01 --size 700x760 --demo stack \
  || { fail "the app did not start"; stop_xvfb; finish; }
PWID=$(wait_window 'stack$'); FWID=$(wait_window 'facilitator$')
eval "$(xdotool getwindowgeometry --shell "$PWID")"; WX=$X; WY=$Y; PW=$WIDTH; PH=$HEIGHT

# 1. Task 1 (swipe): the participant throws with → and undoes with Z in their window, then Done.
focus "$FWID"; xdotool key Return
wait_log "$LOG" 1 task_started >/dev/null || fail "Enter in the facilitator window started no task"
focus "$PWID"
xdotool key Right; wait_lines "$LOG" '"cause":"key"' 1 || fail "→ in the participant window threw nothing"
xdotool key z; wait_log "$LOG" 1 restored || fail "Z in the participant window undid nothing"
click $(done_point)
wait_log "$LOG" 1 task_ended >/dev/null || fail "Done ended no task"
# 2. The SEQ: the participant presses 5 in their window; the facilitator presses Enter.
wait_lines "$LOG" '"what":"shown"' 1 || fail "no SEQ came up after task 1"
focus "$PWID"; xdotool key 5; wait_log "$LOG" 1 answer || fail "5 in the participant window answered no SEQ"
focus "$FWID"; xdotool key Return
wait_log "$LOG" 2 task_started >/dev/null
# 3. Task 2: Done, then 9 and 7 in the participant's window.
click $(done_point)
wait_log "$LOG" 2 task_ended >/dev/null || fail "Done ended no task 2"
wait_lines "$LOG" '"what":"shown"' 2 || fail "no SEQ came up after task 2"
focus "$PWID"; import -window "$PWID" "$dir/seq.png" 2>/dev/null
xdotool key 9; red_after_9 "$dir/seq-9.png" >/dev/null
xdotool key 7; wait_log "$LOG" 2 answer || fail "7 in the participant window answered no SEQ"
# 4. Task 3 (the SEQ answered, so Enter starts it at once); Done, and the facilitator's Enter
#    while its SEQ waits, once, then again (task 4).
focus "$FWID"; xdotool key Return
wait_log "$LOG" 3 task_started >/dev/null
click $(done_point)
wait_log "$LOG" 3 task_ended >/dev/null
wait_lines "$LOG" '"what":"shown"' 3 || fail "no SEQ came up after task 3"
focus "$FWID"; xdotool key Return
# Deliberate: the guard says so on the screen only; the check is that no task starts for a while.
quiet_log "$LOG" task_started 0.6
guarded=$(count_events "$LOG" task_started)
xdotool key Return; wait_log "$LOG" 4 task_started >/dev/null
started_after=$(count_events "$LOG" task_started)
# 5. A note typed in the facilitator's window while task 4 runs: Enter saves it, ends nothing.
xdotool type --delay 30 "hesitated"; xdotool key Return; wait_log "$LOG" 1 note || fail "Enter with a note typed saved no note"
ended_after_note=$(count_events "$LOG" task_ended)
# 6. Quit: the SUS comes up; a second Ctrl+Q ends the session.
xdotool key ctrl+q; wait_lines "$LOG" '"questionnaire":"sus".*"what":"shown"' 1 || fail "Ctrl+Q put no SUS up"
xdotool key ctrl+q
gone=""
wait_gone "$APP" 4 >/dev/null && gone=1
quits=2
if [ -z "$gone" ]; then xdotool key ctrl+q; quits=3; wait_gone "$APP" 4 && gone=1; fi
wait "$APP" 2>/dev/null
stop_app

"$PY" - "$LOG" "$guarded" "$started_after" "$ended_after_note" "$quits" "${gone:-0}" >"$dir/numbers.txt" <<'PY'
import json, sys
log = [json.loads(l) for l in open(sys.argv[1])]
ev = lambda e: [l for l in log if l["event"] == e]
q = ev("questionnaire")
print("notes", json.dumps([l["text"] for l in ev("note")]))
print("undos", sum(1 for l in ev("restored") if l.get("cause") == "key"))
print("seq_answers", json.dumps([l.get("value") for l in ev("answer") if l.get("question") == "seq"]))
print("seq_completed", sum(1 for l in q if l["questionnaire"] == "seq" and l["what"] == "completed"))
print("seq_incomplete", sum(1 for l in q if l["questionnaire"] == "seq" and l["what"] == "incomplete"))
print("tasks_started", len(ev("task_started")))
print("started_after_first_enter_on_seq", sys.argv[2], "after_second", sys.argv[3])
print("task_ended_after_note_enter", sys.argv[4], "of", len(ev("task_ended")))
print("ctrl_q_to_quit", sys.argv[5] if sys.argv[6] == "1" else "more than " + sys.argv[5])
print("quit_line", log[-1]["event"] == "quit")
PY
cat "$dir/numbers.txt" | sed 's/^/    /'
num() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "$dir/numbers.txt"; }
[ "$(num notes)" = '["hesitated"]' ] && pass "the only note is the facilitator's own ('hesitated'): no z, no SEQ digit" \
  || fail "notes $(num notes), want [\"hesitated\"]"
[ "$(num undos)" = 1 ] && pass "Z in the participant window undid once" || fail "Z undid $(num undos) times"
[ "$(num seq_answers)" = "[5, 7]" ] && [ "$(num seq_completed)" = 2 ] && pass "the SEQs answered 5 and 7 with keys, both complete (9 answered nothing)" \
  || fail "SEQ answers $(num seq_answers), $(num seq_completed) complete"
[ "$guarded" = 3 ] && [ "$started_after" = 4 ] && pass "Enter while an SEQ waits started nothing; a second Enter started task 4" \
  || fail "task starts after the first Enter on an SEQ $guarded (want 3), after the second $started_after (want 4)"
[ "$ended_after_note" = 3 ] && pass "Enter with a note typed saved it and did not end task 4" || fail "Enter with a note typed: $ended_after_note tasks ended (want 3)"
[ "$quits" = 2 ] && [ -n "$gone" ] && pass "two Ctrl+Q ended the session, the SUS up in between" || fail "quitting took $(num ctrl_q_to_quit) Ctrl+Q"
[ "$(num quit_line)" = True ] && pass "the log ends with its quit line" || fail "no quit line at the log's end"

# The participant's screen after 9: the SEQ's line in red, naming the key and the keys that
# answer (ParticipantPanelView); before it, no red on the panel.
"$PY" - "$dir/seq.png" "$dir/seq-9.png" <<'PY' && pass "after 9 the participant's screen says it is not an answer (red line), not before" || fail "the participant's screen did not say 9 is not an answer (above)"
import sys
from PIL import Image
def red(p):
    im = Image.open(p).convert("RGB")
    return sum(1 for r, g, b in im.getdata() if abs(r - 190) < 30 and g < 80 and b < 70)
before, after = red(sys.argv[1]), red(sys.argv[2])
print(f"    red pixels: {before} before 9, {after} after")
sys.exit(0 if before < 20 and after > 100 else 1)
PY

RLOG="$dir/replay.jsonl"
"$BIN" --replay "$REC" --headless --log "$RLOG" >"$dir/replay.out" 2>&1
"$PY" - "$LOG" "$RLOG" <<'PY' && pass "a headless replay gives the same task, answer, questionnaire, note and deck lines" || fail "the replay differs (above)"
import json, sys
kinds = {"task_started", "task_ended", "answer", "questionnaire", "note", "deleted", "restored", "quit"}
def lines(p): return [l for l in (json.loads(x) for x in open(p)) if l["event"] in kinds]
a, b = lines(sys.argv[1]), lines(sys.argv[2])
if a != b:
    for x, y in zip(a, b):
        if x != y: print("    live  ", x); print("    replay", y); break
    print(f"    {len(a)} live lines, {len(b)} replayed"); sys.exit(1)
PY
stop_xvfb
finish
