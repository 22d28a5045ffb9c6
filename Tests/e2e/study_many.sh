#!/usr/bin/env bash
# flick study end to end: a small real study recorded through the window under Xvfb (3
# participants with different gesture styles, 2 presets as conditions, a task with markers),
# then `flick study` over the recordings with a design CSV; its tables checked against the
# logs (counted here independently), its page rendered in headless Chromium.
# Prints "  ok    ..." / "  FAIL  ..." lines; run.sh counts them.
# Usage: study_many.sh path/to/flick OUTDIR [KEEP_DIR]   (KEEP_DIR: copy the sessions there)
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
KEEP=${3:-}
start_xvfb "$OUT" || fail "Xvfb did not start (see $OUT/xvfb.log)"

# gesture X0 Y0 HOLD SEGMENT... : press at (X0, Y0) (window points), wait HOLD s, then each
# SEGMENT "DX DY STEPS STEP_SECONDS [PAUSE]" moves by (DX, DY) in STEPS and rests PAUSE s; release.
# One xdotool process for the whole chain.
gesture() {
  local x=$(( WX + $1 )) y=$(( WY + $2 )) hold=$3; shift 3
  local args=(mousemove "$x" "$y" sleep 0.05 mousedown 1 sleep "$hold")
  for seg in "$@"; do
    read -r dx dy steps dt pause <<<"$seg"
    local x0=$x y0=$y
    for i in $(seq 1 "$steps"); do
      x=$(( x0 + dx * i / steps )); y=$(( y0 + dy * i / steps ))
      args+=(mousemove "$x" "$y" sleep "$dt")
    done
    [ -n "${pause:-}" ] && args+=(sleep "$pause")
  done
  args+=(mouseup 1)
  xdotool "${args[@]}"
}

# settled LOG N: N card motions have ended (a throw's `deleted` or a `snapped_back`).
settled() {
  local end; end=$(deadline_us 20)
  while [ $(( $(count_events "$1" deleted) + $(count_events "$1" snapped_back) )) -lt "$2" ]; do
    [ "$(now_us)" -ge "$end" ] && { echo "  (waited for $2 card motions in $1)"; return 1; }
    sleep 0.05
  done
}

# The styles: each a card drag from the stack's centre, leftwards.
FIRM="-170 0 8 0.01"              # long and fast: throws under both presets
MILD="-95 0 10 0.03"              # 95 pt at ~300 pt/s: throws under snappy (70 pt), snaps back under floaty (150 pt)
RECORD_OK=1
record() {   # record PARTICIPANT CONDITION STYLE
  local who=$1 cond=$2 style=$3 log="$OUT/$1-$2.jsonl" rec="$OUT/$1-$2.rec" n=0 ended=0
  if ! start_app "$log" --demo stack --size 900x700 --record "$rec" --config "$ROOT/assets/presets/$cond.json" \
       --participant "$who" --task triage; then RECORD_OK=0; return; fi
  local cx=$(( SX + SW / 2 )) cy=$(( SY + SH / 2 ))
  step() {   # step HOLD SEGMENT...: one gesture, then wait for its release and its motion
    ended=$(( ended + 1 )); n=$(( n + 1 ))
    gesture "$cx" "$cy" "$@"
    wait_log "$log" "$ended" gesture_ended || RECORD_OK=0
  }
  key() { xdotool key --window "$WID" "$1"; }
  key m; wait_log "$log" 1 marker || RECORD_OK=0
  case $style in
    decisive)   # fast, sure throws; one mild drag, retried at once with a firm one
      step 0 "$FIRM"; settled "$log" 1
      step 0 "$FIRM"; settled "$log" 2
      step 0 "$MILD"                      # under floaty: snaps back; retried within 2 s
      step 0 "$FIRM"; settled "$log" 3
      ;;
    hesitant)   # holds before moving, rests mid-drag; undoes one throw
      step 0.45 "-40 0 6 0.03 0.35" "-55 0 6 0.03"; settled "$log" 1
      step 0.45 "$MILD"; settled "$log" 2
      step 0.3 "$FIRM"; settled "$log" 3
      key z; wait_log "$log" 1 restored || RECORD_OK=0
      ;;
    reverser)   # goes out, changes their mind, comes back
      step 0 "-120 0 10 0.02" "70 0 8 0.02"; settled "$log" 1
      step 0 "-130 0 10 0.02" "80 0 8 0.02"; settled "$log" 2
      step 0 "$FIRM"; settled "$log" 3
      ;;
  esac
  key m; wait_log "$log" 2 marker || RECORD_OK=0
  stop_app
}
SESSIONS=()
for who in p1:decisive p2:hesitant p3:reverser; do
  for cond in snappy floaty; do
    record "${who%%:*}" "$cond" "${who##*:}"
    SESSIONS+=("$OUT/${who%%:*}-$cond.rec")
  done
done
if [ "$RECORD_OK" = 1 ]; then
  pass "a study recorded under Xvfb: 3 participants (decisive, hesitant, reverser) x 2 presets (snappy, floaty), task markers"
else
  fail "recording the study under Xvfb (see $OUT/*.jsonl.out)"
fi
[ -n "$KEEP" ] && { mkdir -p "$KEEP"; cp "$OUT"/p?-*.rec "$KEEP"/; }

# The design names the conditions by preset (the recordings only hold the config).
DESIGN="$OUT/design.csv"
{ echo "file,participant,task,condition"
  for s in "${SESSIONS[@]}"; do b=$(basename "$s" .rec); echo "$(basename "$s"),${b%%-*},triage,${b#*-}"; done; } > "$DESIGN"
STUDY="$OUT/study"
if "$BIN" study "${SESSIONS[@]}" --design "$DESIGN" --out "$STUDY" >"$OUT/study.out" 2>&1; then
  pass "flick study over the 6 recordings: $(cat "$OUT/study.out")"
else
  fail "flick study: $(cat "$OUT/study.out")"
fi

# The same study again, pinned to one core: the same bytes (the bootstrap's seed is fixed, and
# sessions read in parallel join the study in the order given).
same=1
taskset -c 0 "$BIN" study "${SESSIONS[@]}" --design "$DESIGN" --out "$OUT/again" >/dev/null 2>&1 || same=0
for f in study.html gestures.csv participants.csv conditions.csv comparisons.csv; do cmp -s "$STUDY/$f" "$OUT/again/$f" || same=0; done
if [ "$same" = 1 ]; then
  pass "flick study twice (on every core, then pinned to one): byte-identical page and tables"
else
  fail "flick study twice: the outputs differ ($(for f in "$STUDY"/*; do cmp "$f" "$OUT/again/$(basename "$f")" 2>&1; done | head -c 300))"
fi

# The tables against the logs, counted here from the log lines with the definitions of the
# README (repeated: a non-throw card drag followed within 2 s by a drag on the same card;
# undone: its card restored within 3 s), and the pointer measures against the styles.
got=$(python3 - "$STUDY" "$OUT" <<'PY'
import csv, json, sys, glob, os, statistics
out, work = sys.argv[1], sys.argv[2]
rows = list(csv.DictReader(open(os.path.join(out, "gestures.csv"))))
expect = {"gestures": 0, "repeated": 0, "undone": 0, "throws": 0}
for log in sorted(glob.glob(os.path.join(work, "p?-*.jsonl"))):
    ev = [json.loads(l) for l in open(log)]
    began = {}; drags = []; restores = []
    for e in ev:
        if e["event"] == "gesture_began": began[e["kind"]] = e
        elif e["event"] == "gesture_ended":
            b = began.pop(e["kind"], None)
            expect["gestures"] += 1
            if e["kind"] == "card" and b and "card" in b: drags.append((b["t"], e["t"], b["card"], e["outcome"]))
        elif e["event"] == "restored": restores.append((e["t"], e["card"]))
    for i, (s, end, card, outcome) in enumerate(drags):
        if outcome == "thrown":
            expect["throws"] += 1
            if any(c == card and end <= t <= end + 3 for t, c in restores): expect["undone"] += 1
        else:
            nxt = [d for d in drags[i + 1:] if d[2] == card]
            if nxt and 0 <= nxt[0][0] - end <= 2: expect["repeated"] += 1
seen = {"gestures": len(rows), "repeated": sum(r["repeated"] == "true" for r in rows),
        "undone": sum(r["undone"] == "true" for r in rows), "throws": sum(r["outcome"] == "thrown" and r["kind"] == "card" for r in rows)}
cards = [r for r in rows if r["kind"] == "card"]
hes = {p: statistics.median(float(r["hesitation"]) for r in cards if r["participant"] == p and r["hesitation"]) for p in ("p1", "p2", "p3")}
rev = {p: sum(r["reversed"] == "true" for r in cards if r["participant"] == p) for p in ("p1", "p2", "p3")}
pauses = {p: sum(int(r["pauses"] or 0) for r in cards if r["participant"] == p) for p in ("p1", "p2", "p3")}
press = all(0 <= float(r["press_on_card_x"]) <= 1 and 0 <= float(r["press_on_card_y"]) <= 1 for r in cards)
cond = list(csv.DictReader(open(os.path.join(out, "conditions.csv"))))
comp = list(csv.DictReader(open(os.path.join(out, "comparisons.csv"))))
parts = list(csv.DictReader(open(os.path.join(out, "participants.csv"))))
ok = (seen == expect and hes["p2"] >= 0.4 > max(hes["p1"], hes["p3"]) and rev["p3"] >= 4 and rev["p1"] == 0
      and pauses["p2"] >= 2 and press and {r["condition"] for r in cond} == {"snappy", "floaty"}
      and len(parts) == 6 and any(r["measure"] == "snap_back" and r["fisher_p"] for r in comp))
print(ok, json.dumps({"expect": expect, "seen": seen, "hesitation": hes, "reversals": rev, "pauses": pauses,
                      "conditions": len(cond), "comparisons": len(comp), "participant_rows": len(parts)}))
PY
)
if [ "${got%% *}" = True ]; then
  pass "study tables match the logs and the styles: ${got#* }"
else
  fail "study tables: $got"
fi

# The tables as pandas reads them with no option (Debian's python3-pandas): counts are integers,
# rates and intervals floats, flags booleans, one row per gesture.
tidy=$(python3 - "$STUDY" <<'PY' 2>&1
import sys, os
import pandas as pd
out = sys.argv[1]
g = pd.read_csv(os.path.join(out, "gestures.csv"))
p = pd.read_csv(os.path.join(out, "participants.csv"))
c = pd.read_csv(os.path.join(out, "conditions.csv"))
k = pd.read_csv(os.path.join(out, "comparisons.csv"))
checks = {
    "gesture rows": len(g) == 20,
    "start float": g["start"].dtype == "float64",
    "card drags have attempt numbers": g.loc[g["kind"] == "card", "attempt"].notna().all(),
    "participant counts int": p["card_drags"].dtype == "int64" and p["sessions"].dtype == "int64",
    "rates float": c["rate"].dtype == "float64" and c["ci_low"].dtype == "float64" and c["wilson_high"].dtype == "float64",
    "rates within intervals": ((c["wilson_low"] <= c["rate"] + 1e-9) & (c["rate"] <= c["wilson_high"] + 1e-9) | c["rate"].isna()).all(),
    "fisher p float in 0..1": k["fisher_p"].dtype == "float64" and k["fisher_p"].between(0, 1).all(),
    "repeated flags": set(g["repeated"].dropna().astype(str)) <= {"True", "False"},
    "snap-back per participant": set(p["participant"]) == {"p1", "p2", "p3"},
}
bad = [name for name, ok in checks.items() if not ok]
print("ok" if not bad else "bad: " + ", ".join(bad), len(g), len(p), len(c), len(k))
PY
)
if [ "${tidy%% *}" = ok ]; then
  pass "the four tables read by pandas with no option: typed columns (counts int, rates and p float, flags bool), $tidy rows"
else
  fail "tables in pandas: $tidy"
fi

# The page in headless Chromium: the DOM it parsed has a dot per participant in every rate
# strip (3 participants), no external resource; the screenshot shows both conditions' colours.
if command -v chromium >/dev/null; then
  timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$STUDY/study.html" >"$OUT/study.dom" 2>"$OUT/chromium.err"
  timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1300,2600 \
    --screenshot="$OUT/study.png" "file://$STUDY/study.html" >"$OUT/chromium.out" 2>&1
  seen=$(python3 - "$OUT/study.dom" "$OUT/study.png" "$STUDY/gestures.csv" <<'PY'
import sys, re, csv
from html.parser import HTMLParser
from PIL import Image
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.strips = []; self.inside = False; self.external = 0
    def handle_starttag(self, tag, a):
        a = dict(a)
        if tag in ("script", "link", "img") and not (a.get("src") or "").startswith("data:"): self.external += 1
        if tag == "svg" and a.get("class") == "rate-strip": self.strips.append(set()); self.inside = True
        if tag == "circle" and self.inside and "participant-dot" in (a.get("class") or ""): self.strips[-1].add(a["data-participant"])
    def handle_endtag(self, tag):
        if tag == "svg": self.inside = False
p = P(); p.feed(open(sys.argv[1]).read())
rows = list(csv.DictReader(open(sys.argv[3])))
im = Image.open(sys.argv[2]).convert("RGB"); px = im.load(); w, h = im.size
def count(t): return sum(1 for y in range(0, h, 2) for x in range(0, w, 2) if all(abs(a - b) <= 10 for a, b in zip(px[x, y], t)))
# Snap-back strips: every participant made card drags under both conditions.
full = sum(1 for s in p.strips if s == {"p1", "p2", "p3"})
print(len(p.strips), full, p.external, count((0x19, 0x71, 0xc2)), count((0xe8, 0x59, 0x0c)), w, h)
PY
)
  read -r strips full external blue orange pw ph <<<"$seen"
  if [ "${strips:-0}" -ge 8 ] && [ "${full:-0}" -ge 4 ] && [ "$external" = 0 ] && [ "${blue:-0}" -gt 50 ] && [ "${orange:-0}" -gt 50 ]; then
    pass "study.html in headless Chromium (${pw}x$ph): $strips rate strips, $full with a dot for each of the 3 participants, no external resource, both conditions drawn ($blue and $orange px)"
  else
    fail "study.html in Chromium: strips $strips, full $full, external $external, colours $blue $orange: $(tail -n 2 "$OUT/chromium.err")"
  fi
else
  fail "chromium is not installed (make deps installs it)"
fi

# A design CSV with a wrong file or a missing column is refused with its line, and no output.
printf 'file,participant,task,condition\np1-snappy.rec,p1,triage,snappy\nnobody.rec,p9,triage,snappy\n' > "$OUT/bad1.csv"
printf 'file,participant,condition\np1-snappy.rec,p1,snappy\n' > "$OUT/bad2.csv"
e1=$("$BIN" study "${SESSIONS[@]}" --design "$OUT/bad1.csv" --out "$OUT/refused" 2>&1); c1=$?
e2=$("$BIN" study "${SESSIONS[@]}" --design "$OUT/bad2.csv" --out "$OUT/refused" 2>&1); c2=$?
e3=$("$BIN" study "$OUT/p1-snappy.rec" "$OUT/p2-snappy.rec" "$OUT/p1-snappy.jsonl" --out "$OUT/refused" 2>&1); c3=$?
if [ "$c3" != 0 ] && [[ "$e3" == "flick: '$OUT/p1-snappy.rec' and '$OUT/p1-snappy.jsonl' are the same session (id "*"): give each session once, as its log or its recording" ]]; then
  pass "a session given as its log and its recording is refused (it would count twice): exit $c3"
else
  fail "log and recording of one session: exit $c3 '$e3'"
fi
if [ "$c1" != 0 ] && [ "$c2" != 0 ] && [ ! -e "$OUT/refused" ] \
   && [ "$e1" = "flick: $OUT/bad1.csv line 3: 'nobody.rec' is not one of the sessions given (by path or file name)" ] \
   && [[ "$e2" == "flick: $OUT/bad2.csv line 1: no 'task' column"* ]]; then
  pass "design CSV refused with its line (wrong file: line 3; missing column: line 1), exit $c1/$c2, no output folder"
else
  fail "design CSV refusals: exit $c1 '$e1' / exit $c2 '$e2'"
fi

# --- flick tune over the same recordings ---------------------------------------------------------
# stack.throwDistance swept 20..300 pt. At each session's own value the config is the one it was
# recorded with, so its throws must be the live log's; a longer threshold never throws more.
TUNE="$OUT/tune"
if "$BIN" tune "${SESSIONS[@]}" --key stack.throwDistance --values 20:300:10 --out "$TUNE" >"$OUT/tune.out" 2>"$OUT/tune.err"; then
  got=$(python3 - "$TUNE/tune.csv" "${SESSIONS[@]}" <<'PY'
import csv, json, sys, collections
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["point"] == "swept"]
by = collections.defaultdict(dict)
for r in rows: by[r["recording"]][float(r["stack.throwDistance"])] = r
match, checked = 0, 0
for rec in sys.argv[2:]:
    own = json.loads(open(rec).readline())["config"]["stack"]["throwDistance"]
    log = rec[:-4] + ".jsonl"
    live = sum(1 for l in open(log) if '"gesture_ended"' in l and json.loads(l).get("kind") == "card" and json.loads(l).get("outcome") == "thrown")
    row = by[rec].get(float(own))
    if row is None: continue
    checked += 1
    match += int(row["throws"]) == live
totals = collections.defaultdict(int)
for r in rows: totals[float(r["stack.throwDistance"])] += int(r["throws"])
values = sorted(totals)
monotone = all(totals[a] >= totals[b] for a, b in zip(values, values[1:]))
print(len(rows), checked, match, int(monotone), totals[values[0]], totals[values[-1]])
PY
)
  read -r nrows checked match monotone lo hi <<<"$got"
  if [ "$nrows" = $(( 29 * ${#SESSIONS[@]} )) ] && [ "$checked" = "${#SESSIONS[@]}" ] && [ "$match" = "$checked" ] \
     && [ "$monotone" = 1 ] && [ "$lo" -gt "$hi" ]; then
    pass "flick tune over the ${#SESSIONS[@]} recordings: $nrows rows; at each session's own value its throws are the live log's ($match of $checked); throws fall from $lo to $hi as throwDistance rises ($(tail -n 1 "$OUT/tune.out" | sed 's/.*: //'))"
  else
    fail "flick tune: rows $nrows, own value checked $checked matched $match, monotone $monotone ($lo -> $hi); $(cat "$OUT/tune.err" | tail -n 2)"
  fi
  if command -v chromium >/dev/null; then
    timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$TUNE/tune.html" >"$OUT/tune.dom" 2>/dev/null
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,1000 \
      --screenshot="$OUT/tune.png" "file://$TUNE/tune.html" >/dev/null 2>&1
    lines=$(grep -o '<polyline' "$OUT/tune.dom" | wc -l); best=$(grep -c 'class="best"' "$OUT/tune.dom")
    external=$(grep -Eo '(src|href)="(https?:)?//' "$OUT/tune.dom" | wc -l)
    colours=$(convert "$OUT/tune.png" -fuzz 8% -fill black +opaque '#2f9e44' -fill white -opaque '#2f9e44' -format '%[fx:round(mean*w*h)]' info: 2>/dev/null)
    if [ "$lines" = 6 ] && [ "$best" -ge 1 ] && [ "$external" = 0 ] && grep -q 'proxies' "$OUT/tune.dom" && [ "${colours:-0}" -gt 200 ]; then
      pass "tune.html in headless Chromium: 6 count lines, the best value marked, the proxies said, no external resource ($colours px of the throws line)"
    else
      fail "tune.html in Chromium: lines $lines, best $best, external $external, throws-line px $colours"
    fi
  fi
else
  fail "flick tune failed: $(tail -n 3 "$OUT/tune.err")"
fi
# Refusals: a log (events, not inputs), an unknown key; no folder left behind.
t1=$("$BIN" tune "$OUT/p1-snappy.jsonl" --key stack.throwDistance --values 20:300:10 --out "$OUT/tune-refused" 2>&1); c1=$?
t2=$("$BIN" tune "${SESSIONS[@]}" --key stack.throwDistanse --values 20:300:10 --out "$OUT/tune-refused" 2>&1); c2=$?
if [ "$c1" != 0 ] && [ "$c2" != 0 ] && [ ! -e "$OUT/tune-refused" ] \
   && [ "$t1" = "flick: recording file '$OUT/p1-snappy.jsonl' is an interaction log, not a recording: a log holds what happened, not the inputs to replay (give the file --record wrote)" ] \
   && [[ "$t2" == "flick: --key 'stack.throwDistanse' is not a config key"* ]]; then
  pass "flick tune refuses a log and an unknown key by name (exit $c1/$c2), no output folder"
else
  fail "flick tune refusals: exit $c1 '$t1' / exit $c2 '$t2'"
fi
finish
