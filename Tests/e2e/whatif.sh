#!/usr/bin/env bash
# What-ifs on the recorded course: three recordings with tasks, the participant's Done and a SEQ
# after each task (fixtures/whatif_study.py), swept by `flick tune` over swipe.horizontalSpeed,
# compared under two presets and replayed under one with --config. Under every value each
# recording's card drags and its presses held by a recorded SEQ are the live ones, each task ends
# when and how it was recorded (the Done stays with its task), and the goals met are reported
# apart (tune.csv goals_met, the compare report's task table, task_ended.whatIf).
# Prints "  ok    ..." / "  FAIL  ..." lines; run.sh counts them.
# Usage: whatif.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
WORK=$OUT

python3 "$HERE/fixtures/whatif_study.py" "$ROOT/docs/study/sample/p1-floaty.rec" "$WORK/sessions" || { fail "whatif_study.py"; finish; }
cd "$WORK"
for r in w1 w2 w3; do
  "$BIN" --headless --replay "sessions/$r.rec" --log "$r-live.jsonl" >/dev/null 2>&1 || fail "replay of $r.rec as recorded"
done

if "$BIN" tune sessions/*.rec --key swipe.horizontalSpeed --values 400:2000:200 --out tune >tune.out 2>tune.err; then
  got=$(python3 - tune/tune.csv tune/tune.html <<'PY'
import csv, sys
from collections import defaultdict
rows = list(csv.DictReader(open(sys.argv[1])))
by = defaultdict(list)
for r in rows:
    by[r["recording"]].append(r)
problems, drags, changed = [], [], 0
for rec, rs in sorted(by.items()):
    d = {int(r["card_drags"]) for r in rs}
    held = {int(r["held_by_panel"]) for r in rs}
    throws = [int(r["throws"]) for r in rs if r["point"] == "swept"]
    changed += sum(int(r["tasks_changed"]) for r in rs)
    if len(d) != 1 or len(held) != 1:
        problems.append(f"{rec}: card drags {sorted(d)}, held {sorted(held)}")
    if len(set(throws)) < 2:
        problems.append(f"{rec}: throws {throws} do not change with the value")
    drags.append(f"{rec.split('/')[-1]} {d.pop()} drags ({held.pop()} held), throws {min(throws)}-{max(throws)}")
page = open(sys.argv[2]).read()
if 'class="changed-tasks"' not in page or changed == 0:
    problems.append(f"no task course change reported ({changed})")
print("; ".join(problems) if problems else "OK " + "; ".join(drags) + f"; {changed} task goals changed across the sweep")
PY
)
  case "$got" in OK*) pass "tune: card drags the same at every value of swipe.horizontalSpeed 400-2000 (${got#OK })";; *) fail "tune: $got";; esac
else
  fail "flick tune: $(tail -n 2 tune.err)"
fi

echo '{"description": "stiff throws", "swipe": {"horizontalSpeed": 1400}}' >stiff.json
echo '{"description": "loose throws", "swipe": {"horizontalSpeed": 400}}' >loose.json
if "$BIN" compare --replay sessions/w1.rec --config loose.json --config stiff.json --out cmp >cmp.out 2>cmp.err; then
  rows=$(grep -o '<tr[^>]*><td>[0-9]\. [^<]*</td><td>[^<]*</td>' cmp/report.html | sed 's/<[^>]*>/|/g' | tr -s '|')
  if grep -q "task 1 'like two': goal met as recorded, met under loose, not met under stiff" cmp.out \
     && grep -q '|2. look around|success by participant|' <<<"$rows" && grep -q '<table class="tasks">' cmp/report.html; then
    pass "compare: the Done stays with 'look around' under both presets; the goals changed are named ($(grep -o "task 1 'like two'[^;]*" cmp.out))"
  else
    fail "compare: $(tail -n 1 cmp.out) / $rows"
  fi
else
  fail "flick compare: $(tail -n 2 cmp.err)"
fi

if "$BIN" --headless --replay sessions/w1.rec --config stiff.json --log w1-stiff.jsonl >/dev/null 2>&1; then
  got=$(python3 - w1-live.jsonl w1-stiff.jsonl <<'PY'
import json, sys
def lines(p, events):
    return [json.loads(l) for l in open(p) if json.loads(l).get("event") in events]
live, stiff = (lines(p, ("task_ended", "answer", "questionnaire", "task_started")) for p in sys.argv[1:])
strip = lambda ls: [{k: v for k, v in l.items() if k != "whatIf"} for l in ls]
ends = [l for l in stiff if l["event"] == "task_ended"]
if strip(stiff) != strip(live):
    print(f"course differs: {len(live)} live lines, {len(stiff)} under --config")
elif [e.get("whatIf", {}).get("goalMet") for e in ends] != [False, None, False, False]:
    print(f"whatIf {[e.get('whatIf') for e in ends]}")
else:
    print(f"OK {len(live)} task, answer and questionnaire lines as recorded; goals met live {sum(e['outcome'] == 'success' and 'by' not in e for e in ends)}, under 1400 pt/s 0")
PY
)
  case "$got" in OK*) pass "--replay --config: ${got#OK }";; *) fail "--replay --config: $got";; esac
else
  fail "flick --replay --config"
fi
finish
