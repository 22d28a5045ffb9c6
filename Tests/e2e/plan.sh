#!/usr/bin/env bash
# A study plan: `flick plan` makes a counterbalanced plan of two conditions for
# two participants; each of the four sessions is opened with nothing but --plan, --participant
# and --session under Xvfb, with a known number of card throws in each; the headers and logs name
# plan, participant, session, condition and task order; `flick study --plan` counts each
# condition's gestures as counted here by hand, from the plan alone (no --design), and refuses a
# plan that is not the sessions' own.
# Usage: plan.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

S="$OUT/study"; rm -rf "$S"; mkdir -p "$S/presets"
cp "$ROOT/assets/presets/snappy.json" "$S/presets/snappy.json"
cat >"$S/tasks.json" <<'JSON'
{"tasks": [{"name": "one"}, {"name": "two"}, {"name": "three"}]}
JSON
(cd "$S" && "$BIN" plan --condition plain,interaction=stack --condition "snappy,config=presets/snappy.json,interaction=stack" \
   --participants 2 --tasks tasks.json --markers "found it,gave up" --out plan.json) >"$OUT/plan.out" 2>&1 \
  && pass "flick plan wrote the plan: $(head -1 "$OUT/plan.out")" || fail "flick plan: $(cat "$OUT/plan.out")"
"$PY" "$HERE/log_schema.py" --plan "$S/plan.json" >"$OUT/plan-schema.out" 2>&1 \
  && pass "the plan follows docs/schema/plan.schema.json" || fail "plan schema: $(cat "$OUT/plan-schema.out")"
"$PY" - "$S/plan.json" <<'PY' && pass "P1 takes plain then snappy, P2 snappy then plain; tasks in Williams rows" || fail "plan (above)"
import json, sys
plan = json.load(open(sys.argv[1]))
got = {p["id"]: [(s["condition"], s["tasks"]) for s in p["sessions"]] for p in plan["participants"]}
want = {"P1": [("plain", ["one", "two", "three"]), ("snappy", ["two", "three", "one"])],
        "P2": [("snappy", ["two", "three", "one"]), ("plain", ["three", "one", "two"])]}
if got != want: print("    got", got); sys.exit(1)
if "seed" in plan: print("    a seed where nothing is shuffled"); sys.exit(1)
PY

# The throws of each session: the hand count.
declare -A THROWS=([P1-1]=1 [P1-2]=2 [P2-1]=3 [P2-2]=1)
start_xvfb "$OUT" 1280x900 || fail "Xvfb did not start"
for key in P1-1 P1-2 P2-1 P2-2; do
  who=${key%-*} n=${key#*-}
  LOG="$S/$who-$n.jsonl"; REC="$S/$who-$n.rec"
  start_app "$LOG" --plan "$S/plan.json" --participant "$who" --session "$n" --record "$REC" --size 700x860 \
    || { fail "$key: the app did not start: $(cat "$LOG.out")"; continue; }
  # (lib.sh's drag uses the shell's i: this loop counts with its own name)
  for throw in $(seq 1 "${THROWS[$key]}"); do
    drag $(( SX + SW / 2 )) $(( SY + SH / 2 )) -260 0 8 0.012
    wait_log "$LOG" "$throw" deleted 10 >/dev/null || fail "$key: throw $throw left no deleted line"
  done
  wait_still "$WID" "$S/$who-$n.end.png"   # the last throw's gap closed: the deck at rest
  stop_app
done
stop_xvfb

"$PY" - "$S" <<'PY' && pass "every header and log names its plan, participant, session, condition and task order" || fail "headers (above)"
import json, os, sys
S = sys.argv[1]
want = {"P1-1": ("plain", ["one", "two", "three"]), "P1-2": ("snappy", ["two", "three", "one"]),
        "P2-1": ("snappy", ["two", "three", "one"]), "P2-2": ("plain", ["three", "one", "two"])}
problems = []
for key, (cond, tasks) in want.items():
    who, n = key.split("-")
    head = json.loads(open(os.path.join(S, key + ".rec")).readline())
    log = json.loads(open(os.path.join(S, key + ".jsonl")).readline())
    for name, line in [("header", head), ("log", log)]:
        plan = line.get("plan", {})
        if (plan.get("participant"), plan.get("session"), plan.get("condition"), plan.get("tasks")) != (who, int(n), cond, tasks):
            problems.append(f"{key} {name}: plan {plan}")
    if [t["name"] for t in head["tasks"]["tasks"]] != tasks: problems.append(f"{key}: header tasks {head['tasks']}")
    if head["markers"] != ["found it", "gave up"]: problems.append(f"{key}: markers {head['markers']}")
    if head["demo"] != "stack": problems.append(f"{key}: demo {head['demo']}")
    speed = head["config"]["stack"]["throwSpeed"]
    snappy = json.load(open(os.path.join(S, "presets", "snappy.json")))["stack"]["throwSpeed"]
    if (speed == snappy) != (cond == "snappy"): problems.append(f"{key}: throwSpeed {speed} under {cond}")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY

"$PY" "$HERE/log_schema.py" "$S/P2-1.jsonl" >"$OUT/log-schema.out" 2>&1 && "$PY" "$HERE/log_schema.py" --recording "$S/P2-1.rec" >>"$OUT/log-schema.out" 2>&1 \
  && pass "a planned session's log and recording follow their schemas (plan included)" || fail "schemas: $(head -5 "$OUT/log-schema.out")"

rm -rf "$OUT/study-out"
"$BIN" study "$S"/P*.rec --plan "$S/plan.json" --out "$OUT/study-out" >"$OUT/study.out" 2>&1 \
  || fail "flick study --plan: $(cat "$OUT/study.out")"
"$PY" - "$OUT/study-out/gestures.csv" <<'PY' && pass "flick study --plan: plain 2 throws (P1 session 1, P2 session 2), snappy 5 (P1 2, P2 3), as thrown by hand" || fail "study counts (above)"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
got = {}
for r in rows:
    if r["outcome"] == "thrown": got[(r["condition"], r["participant"])] = got.get((r["condition"], r["participant"]), 0) + 1
want = {("plain", "P1"): 1, ("plain", "P2"): 1, ("snappy", "P1"): 2, ("snappy", "P2"): 3}
if got != want: print("    got", got, "want", want); sys.exit(1)
PY
# The recorded header alone names the condition too (no --plan, no --design).
rm -rf "$OUT/study-hdr"
"$BIN" study "$S"/P*.jsonl --out "$OUT/study-hdr" >"$OUT/study-hdr.out" 2>&1 \
  && grep -q '^"\?P2"\?,"\?snappy' "$OUT/study-hdr/gestures.csv" && ! grep -q ',default,' "$OUT/study-hdr/gestures.csv" \
  && pass "flick study of the logs alone takes each condition from the recorded plan" || fail "study from headers: $(cat "$OUT/study-hdr.out"; head -3 "$OUT/study-hdr/gestures.csv" 2>/dev/null)"
# Another plan (the conditions swapped) is not the sessions' own: refused, nothing written.
"$PY" - "$S/plan.json" "$OUT/other-plan.json" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
for p in plan["participants"]:
    for s in p["sessions"]: s["condition"] = {"plain": "snappy", "snappy": "plain"}[s["condition"]]
plan["tasks"] = None; del plan["tasks"]
for p in plan["participants"]:
    for s in p["sessions"]: s.pop("tasks", None)
json.dump(plan, open(sys.argv[2], "w"))
PY
rm -rf "$OUT/study-other"
"$BIN" study "$S"/P*.rec --plan "$OUT/other-plan.json" --out "$OUT/study-other" >"$OUT/other.out" 2>&1; rc=$?
[ "$rc" = 2 ] && grep -q "but the --plan file" "$OUT/other.out" && [ ! -e "$OUT/study-other" ] \
  && pass "flick study refuses a plan that is not the sessions' own (exit 2, nothing written): $(head -c 160 "$OUT/other.out")" \
  || fail "another plan: exit $rc, $(cat "$OUT/other.out")"

# Both plans given: each session goes to the plan its header names (plan.json), so the
# conditions are those of the study from plan.json alone, gesture for gesture.
"$BIN" study "$S"/P*.rec --plan "$OUT/other-plan.json" --plan "$S/plan.json" --out "$OUT/study-two" >"$OUT/two.out" 2>&1 \
  && cmp -s <(cut -d, -f1,2 "$OUT/study-out/gestures.csv") <(cut -d, -f1,2 "$OUT/study-two/gestures.csv") \
  && pass "flick study with two --plan files takes each session's condition from the plan its header names" \
  || fail "two plans: $(cat "$OUT/two.out")"

# A device per participant (between subjects): P1 and P3 the mouse, P2 the phone.
(cd "$S" && "$BIN" plan --condition a --condition b --participants 3 --devices mouse,touch --out devices.json >"$OUT/devices.out" 2>&1) \
  && "$PY" -c 'import json,sys; p=json.load(open(sys.argv[1])); sys.exit(0 if [x.get("device") for x in p["participants"]] == ["mouse", "touch", "mouse"] else 1)' "$S/devices.json" \
  && pass "flick plan --devices mouse,touch gives P1 and P3 the mouse, P2 the phone" \
  || fail "plan --devices: $(cat "$OUT/devices.out")"
finish
