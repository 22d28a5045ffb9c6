#!/usr/bin/env bash
# Roles by construction: a facilitated session that nobody can spoil from the wrong
# window, on a bare X server and under a window manager (openbox), driven by real X events:
# - a drag in the participant window right after the facilitator pressed a key in theirs gives
#   exactly one gesture, twice over (before: the release went to the facilitator window, where
#   SDL grabbed the mouse, and two drags were logged as one throw nobody made);
# - text typed while the participant window has the keyboard ("quick r", "2nd card", Enter)
#   reaches nothing: no note, no quit, no reset, no interaction switch, no pause; notes typed in
#   the facilitator's window (one starting with a digit, one with a space) are kept whole;
# - the arrows still act in the participant window (a participant key), R and 1-5 do not;
# - task 2 sets itself up (swipe, its own three cards in reverse order) as the facilitator's doing;
# - Ctrl+Q in the facilitator window asks first while recording, and a second one quits.
# Usage: roles.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

cat >"$OUT/tasks.json" <<'JSON'
{"tasks": [{"name": "Look around"},
           {"name": "Swipe from the top", "start": {"interaction": "swipe", "cards": ["05-calendar", "02-music", "09-news"], "order": "reverse"}}]}
JSON

# focus WID: give WID the keyboard, as a person clicking into it does (a window manager
# activates it; on bare X the focus is set directly); returns once the server has it there.
focus() {
  if [ "$MODE" = openbox ]; then xdotool windowactivate --sync "$1" 2>/dev/null || xdotool windowfocus --sync "$1"
  else xdotool windowfocus --sync "$1"; fi
  wait_focus "$1" || fail "$MODE: the keyboard did not go to window $1"
}

# gestures LOG: the number of gesture_ended lines.
gestures() { count_events "$1" gesture_ended; }

scenario() {
  MODE=$1
  local dir="$OUT/$MODE"; mkdir -p "$dir"
  start_xvfb "$dir" 1920x1080 || { fail "$MODE: Xvfb did not start"; return; }
  if [ "$MODE" = openbox ]; then
    start_openbox "$dir" && pass "$MODE: openbox manages the screen" || fail "$MODE: openbox did not start (see $dir/openbox.log)"
  fi
  local LOG="$dir/session.jsonl" REC="$dir/session.rec.jsonl"
  start_app "$LOG" --facilitator --tasks "$OUT/tasks.json" --record "$REC" --participant P01 --size 700x760 --demo stack \
    || { fail "$MODE: the app did not start"; stop_xvfb; return; }
  local PWID FWID
  PWID=$(wait_window 'stack$'); FWID=$(wait_window 'facilitator$')
  eval "$(xdotool getwindowgeometry --shell "$PWID")"; WX=$X; WY=$Y

  # 1. The facilitator presses keys in their window; the participant then drags (no focus
  #    change in between: the participant's press does not give their window the keyboard on
  #    bare X). Each drag is one gesture.
  local before after
  focus "$FWID"
  xdotool key Return   # starts task 1
  wait_log "$LOG" 1 task_started 20 >/dev/null || fail "$MODE: Enter in the facilitator window started no task"
  before=$(gestures "$LOG")
  # Each drag's card comes to rest (snapped back or thrown away) before what follows: the
  # gesture's end and its card's settling are both in the log.
  drag $(( SX + SW / 2 )) $(( SY + SH / 2 )) 60 0 6 0.012
  wait_log "$LOG" $(( before + 1 )) gesture_ended
  wait_lines "$LOG" '"event":"snapped_back"\|"event":"deleted"' 1
  [ "$MODE" = openbox ] && focus "$FWID"
  xdotool key F1
  wait_log "$LOG" 2 marker || fail "$MODE: F1 in the facilitator window put no marker"
  drag $(( SX + SW / 2 )) $(( SY + SH / 2 )) -60 0 6 0.012
  wait_log "$LOG" $(( before + 2 )) gesture_ended
  wait_lines "$LOG" '"event":"snapped_back"\|"event":"deleted"' 2
  after=$(gestures "$LOG")
  [ $(( after - before )) = 2 ] && pass "$MODE: two drags after facilitator keypresses gave exactly two gestures" \
    || fail "$MODE: two drags after facilitator keypresses gave $(( after - before )) gestures"

  # 2. The facilitator types into the participant's window (which a window manager gave the
  #    keyboard with the drag): it reaches nothing, no note either.
  focus "$PWID"
  local focused; focused=$(xdotool getwindowfocus 2>/dev/null)
  [ "$focused" = "$PWID" ] && pass "$MODE: the participant window has the keyboard" \
    || fail "$MODE: the keyboard is on $focused, not the participant window $PWID"
  # The arrows are participant keys: one throws the stack's top card (a `key` deletion). Pressed
  # after the text, its deletion line says the app has handled every key typed before it.
  local keyed; keyed=$(grep -c '"cause":"key"' "$LOG")
  xdotool type --delay 30 "quick r"; xdotool key Return
  xdotool type --delay 30 "2nd card"; xdotool key Return
  xdotool key Right
  wait_lines "$LOG" '"cause":"key"' $(( keyed + 1 )) && pass "$MODE: an arrow in the participant window still acts (a participant key)" \
    || fail "$MODE: the arrow in the participant window did nothing"
  [ "$(count_events "$LOG" note)" = 0 ] && pass "$MODE: text typed in the participant window made no note (Enter there saved none)" \
    || fail "$MODE: text typed in the participant window made $(count_events "$LOG" note) notes"
  kill -0 "$APP" 2>/dev/null && pass "$MODE: q typed in the participant window did not quit" || fail "$MODE: q in the participant window ended the session"
  # A stray R and 2 act on nothing, and type nothing: the log's check at the end (its resets and
  # switches all the facilitator's) sees them, handled before the keys that follow.
  xdotool key r 2 BackSpace BackSpace
  focus "$FWID"
  xdotool type --delay 30 "2nd card confused her"; xdotool key Return
  xdotool type --delay 30 " slow start 5"; xdotool key Return
  wait_log "$LOG" 2 note || fail "$MODE: the two notes typed in the facilitator window were not saved"

  # 3. Task 2 sets itself up (swipe, its card set) as the facilitator's doing; the facilitator's
  #    own developer keys (Ctrl+R, Ctrl+2) act as theirs and type nothing into the note.
  focus "$FWID"
  xdotool key Return; wait_log "$LOG" 1 task_ended >/dev/null
  xdotool key Return; wait_log "$LOG" 2 task_started >/dev/null || fail "$MODE: task 2 did not start"
  xdotool key ctrl+r; wait_log "$LOG" 2 reset || fail "$MODE: Ctrl+R in the facilitator window did not reset"
  xdotool key ctrl+2; wait_log "$LOG" 2 interaction_changed || fail "$MODE: Ctrl+2 in the facilitator window did not switch"
  xdotool type --delay 30 "ok"; xdotool key Return
  wait_log "$LOG" 3 note || fail "$MODE: the note typed after Ctrl+2 was not saved"

  # 4. Quitting a recorded session asks first.
  focus "$FWID"
  xdotool key ctrl+q
  # Deliberate: the ask is on the screen only, so the check is that nothing ends for a while
  # (well inside the 5 s in which a second Ctrl+Q quits).
  alive_for "$APP" 0.6 && pass "$MODE: one Ctrl+Q in the facilitator window asks, the session goes on" \
    || fail "$MODE: one Ctrl+Q ended the recorded session without asking"
  import -window root "$dir/both.png" 2>/dev/null
  xdotool key ctrl+q
  wait_gone "$APP" && pass "$MODE: a second Ctrl+Q quit" || fail "$MODE: a second Ctrl+Q did not quit"
  wait "$APP" 2>/dev/null
  stop_app
  "$PY" - "$LOG" "$REC" "$MODE" <<'PY' && pass "$MODE: the log holds the three notes whole, every reset the facilitator's (task 2's start with its three cards in reverse, Ctrl+R), the switches only theirs, no pause, a quit line" || fail "$MODE: log (above)"
import json, sys
log = [json.loads(l) for l in open(sys.argv[1])]
rec = [json.loads(l) for l in open(sys.argv[2])]
problems = []
notes = [l["text"] for l in log if l["event"] == "note"]
if notes != ["2nd card confused her", " slow start 5", "ok"]: problems.append(f"notes {notes}")
resets = [l.get("cause") for l in log if l["event"] == "reset"]
if resets != ["facilitator", "facilitator"]: problems.append(f"reset causes {resets} (want the task start's and Ctrl+R's, both facilitator)")
started = [l for l in log if l["event"] == "task_started"]
deal = ["09-news.png", "02-music.png", "05-calendar.png"]
if len(started) != 2 or started[1].get("start") != {"interaction": "swipe", "cards": deal, "order": "reverse"}: problems.append(f"task_started {started}")
header_start = rec[0]["tasks"]["tasks"][1].get("start", {})
if header_start.get("cards") != deal: problems.append(f"the header's task 2 cards {header_start.get('cards')}, want {deal}")
switches = [(l["to"], l["t"]) for l in log if l["event"] == "interaction_changed"]
if [s[0] for s in switches] != ["swipe", "switcher"] or (started and abs(switches[0][1] - started[-1]["t"]) > 1e-6):
    problems.append(f"interaction switches {switches}")
if any(l["event"] == "time_control" and l["control"] != "sync" for l in log): problems.append("a time_control line (a pause nobody asked for)")
if log[-1]["event"] != "quit": problems.append("no quit line at the end")
markers = [l["label"] for l in log if l["event"] == "marker"]
if markers != ["start", "found it", "end", "start"]: problems.append(f"markers {markers}")
if [i["note"] for i in rec[1:] if "note" in i] != notes: problems.append("recording notes differ")
if not any(i.get("by") == "facilitator" and i.get("command") == "reset" for i in rec[1:]): problems.append("no reset by the facilitator in the recording")
for p in problems: print("   ", sys.argv[3] + ":", p)
sys.exit(1 if problems else 0)
PY
  local RLOG="$dir/replay.jsonl"
  "$BIN" --replay "$REC" --headless --log "$RLOG" >"$dir/replay.out" 2>&1
  "$PY" - "$LOG" "$RLOG" <<'PY' && pass "$MODE: a headless replay sets task 2 up the same (switch, its cards by the facilitator) and plays the same notes, task lines and quit" || fail "$MODE: the replay differs (above)"
import json, sys
kinds = {"reset", "interaction_changed", "task_started", "task_ended", "note", "marker", "deleted", "quit"}
# The recording ends with the live quit: the replay ends there too, so a task the session's end
# cut off ends at the same time, and the quit lines are the same.
def lines(p): return [l for l in (json.loads(x) for x in open(p)) if l["event"] in kinds]
a, b = lines(sys.argv[1]), lines(sys.argv[2])
if a != b:
    for x, y in zip(a, b):
        if x != y: print("    live  ", x); print("    replay", y); break
    print(f"    {len(a)} live lines, {len(b)} replayed"); sys.exit(1)
PY
  stop_xvfb
}

scenario bare
scenario openbox
finish
