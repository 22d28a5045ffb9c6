#!/usr/bin/env bash
# Presses that miss, through the real window under Xvfb: a click on empty stage (above the swipe
# deck's card) and a drag begun on the surround (left of the stage) each leave a `missed`
# gesture_began saying where it landed (on stage, on surround); the recording replayed headless
# gives the very same missed lines; flick report counts them as 2 misclicks.
# Prints "  ok    ..." / "  FAIL  ..." lines; run.sh counts them.
# Usage: missed.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

start_xvfb "$OUT" || fail "Xvfb did not start (see $OUT/xvfb.log)"
LOG="$OUT/missed.jsonl"; REC="$OUT/missed.rec"
if start_app "$LOG" --demo swipe --size 1000x700 --record "$REC"; then
  if [ "$SX" -lt 20 ]; then
    fail "no surround left of the stage to press on (stage at $SX,$SY)"
  else
    # 1. a click on empty stage: the stage's top edge, centred, above the card.
    xdotool mousemove $(( WX + SX + SW / 2 )) $(( WY + SY + 4 )) sleep 0.05 mousedown 1 sleep 0.05 mouseup 1
    wait_log "$LOG" 1 gesture_ended
    # 2. a drag begun on the surround, left of the stage, moving onto it.
    drag $(( SX / 2 )) $(( SY + SH / 2 )) 120 0 10 0.01 0
    wait_log "$LOG" 2 gesture_ended
  fi
  stop_app
  got=$(python3 - "$LOG" "$SW" "$SH" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
sw, sh = float(sys.argv[2]), float(sys.argv[3])
began = [l for l in lines if l["event"] == "gesture_began" and l.get("kind") == "missed"]
ended = [l for l in lines if l["event"] == "gesture_ended" and l.get("kind") == "missed"]
problems = []
if [b.get("on") for b in began] != ["stage", "surround"]:
    problems.append(f"missed presses {[(b.get('on'), b.get('at')) for b in began]}")
if len(ended) != 2 or any(e["outcome"] != "cancelled" or "card" in e for e in ended):
    problems.append(f"missed ends {ended}")
if len(began) == 2:
    (x1, y1), (x2, y2) = began[0]["at"], began[1]["at"]
    if not (0 <= x1 <= sw and 0 <= y1 <= sh) or x2 >= 0:
        problems.append(f"where: stage {x1},{y1}, surround {x2},{y2}")
print("; ".join(problems) if problems else "ok %.1f,%.1f %.1f,%.1f" % (began[0]["at"][0], began[0]["at"][1], began[1]["at"][0], began[1]["at"][1]))
PY
)
  case "$got" in
    ok*) read -r _ p1 p2 <<<"$got"
         pass "a click on empty stage and a drag begun on the surround: 2 missed gestures, at $p1 (stage) and $p2 (surround, scene points), each ended cancelled on no card" ;;
    *) fail "missed presses in the log: $got (log at $LOG)" ;;
  esac
  if (cd "$OUT" && "$BIN" --headless --replay "$REC" --log "$OUT/replay.jsonl" >"$OUT/replay.out" 2>&1); then
    if diff <(grep '"missed"' "$LOG") <(grep '"missed"' "$OUT/replay.jsonl") >"$OUT/missed.diff" && [ "$(grep -c '"missed"' "$LOG")" = 4 ]; then
      pass "the recording replays to the same 4 missed lines, where they landed included"
    else
      fail "replay's missed lines differ: $(head -c 400 "$OUT/missed.diff")"
    fi
  else
    fail "headless replay: $(cat "$OUT/replay.out")"
  fi
  if (cd "$OUT" && "$BIN" report "$LOG" --out "$OUT/report" >"$OUT/report.out" 2>&1) \
     && grep -q '<td class="misclicks">2 of 2</td>' "$OUT/report/report.html"; then
    pass "flick report: misclicks 2 of 2 presses"
  else
    fail "flick report misclicks: $(grep -o '<td class="misclicks">[^<]*' "$OUT/report/report.html" 2>/dev/null) $(cat "$OUT/report.out")"
  fi
else
  fail "the app did not start under Xvfb: $(cat "$LOG.out" 2>/dev/null)"
fi
finish
