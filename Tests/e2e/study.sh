#!/usr/bin/env bash
# Study tools end to end: presets, recordings that stand alone, replay, report, compare, export.
# Prints "  ok    ..." / "  FAIL  ..." lines; run.sh counts them.
# Usage: study.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

# --- presets: each loads, says what it is in one line, and differs from the defaults where it says
for preset in uikit snappy floaty; do
  file="$ROOT/assets/presets/$preset.json"
  desc=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["description"]; assert isinstance(d,str) and "\n" not in d and d; print(d)' "$file" 2>&1)
  if [ $? = 0 ] && (cd "$ROOT" && "$BIN" --headless --frames 1 --config "$file" >/dev/null 2>"$OUT/preset-$preset.err"); then
    pass "preset $preset loads: $desc"
  else
    fail "preset $preset: $desc $(cat "$OUT/preset-$preset.err" 2>/dev/null)"
  fi
done

# --- a session recorded through the real window (Xvfb + xdotool), replayed with no options ------
start_xvfb "$OUT" || fail "Xvfb did not start (see $OUT/xvfb.log)"

key() { xdotool key --window "$WID" "$1"; }

# events LOG: the log without its session lines (started, quit), for comparing sessions.
events() { python3 -c 'import json,sys
for l in open(sys.argv[1]):
    if json.loads(l)["event"] not in ("started", "quit"): print(l, end="")' "$1"; }

REC="$OUT/session.rec"; LIVE="$OUT/live.jsonl"; CONF="$OUT/feel.json"
echo '{"description": "e2e", "stack": {"throwSpeed": 800}}' > "$CONF"
if start_app "$LIVE" --demo carousel --size 1000x700 --record "$REC" --config "$CONF" --participant p7 --task e2e; then
  read -r SX SY SW SH <<<"$(python3 -c 'import json,sys; s=json.loads(open(sys.argv[1]).readline())["stage"]; print(*[round(v) for v in s])' "$LIVE")"
  CX=$(( SX + SW / 2 )); CY=$(( SY + SH / 2 ))
  # Each step waits for the log line that says it happened (and for the motion it started to
  # end) before the next one.
  key m; wait_log "$LIVE" 1 marker                                    # task start
  drag $(( CX + 60 )) "$CY" -120 0 12 0.01; wait_log "$LIVE" 1 paged  # flick: pages
  drag $(( CX + 60 )) "$CY" -120 0 12 0.01; wait_log "$LIVE" 2 paged  # flick again
  drag "$CX" $(( CY + 80 )) 0 -140 12 0.01; wait_log "$LIVE" 1 deleted  # throw a card up
  key z; wait_log "$LIVE" 1 restored                                  # undo it
  key 3; wait_log "$LIVE" 1 interaction_changed                       # switch to the stack
  drag $(( CX + 40 )) "$CY" -60 0 12 0.025; wait_log "$LIVE" 1 snapped_back  # gentle: snaps back at 800 pt/s
  echo '{"stack": {"throwSpeed": 150, "throwDistance": 40}}' > "$CONF"
  wait_log "$LIVE" 1 config_reloaded                                  # reload
  drag $(( CX + 40 )) "$CY" -60 0 12 0.025; wait_log "$LIVE" 2 deleted  # the same drag now throws
  key m; wait_log "$LIVE" 2 marker                                    # task end
  stop_app
  kinds=$(python3 - "$LIVE" <<'PY'
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
names = [e["event"] for e in ev]
ended = [e for e in ev if e["event"] == "gesture_ended"]
print(names.count("paged"), sum(e["outcome"] == "thrown" for e in ended), names.count("restored"),
      names.count("interaction_changed"), names.count("config_reloaded"), names.count("marker"),
      [e["outcome"] for e in ended if e["kind"] == "card"])
PY
)
  read -r paged thrown restored switched reloaded markers outcomes <<<"$kinds"
  if [ "$paged" -ge 2 ] && [ "$thrown" -ge 2 ] && [ "$restored" -ge 1 ] && [ "$switched" = 1 ] && [ "$reloaded" = 1 ] && [ "$markers" = 2 ]; then
    pass "live session under Xvfb: $paged pages, $thrown throws, $restored undo, 1 switch, 1 config reload, 2 markers (card outcomes $outcomes)"
  else
    fail "live session: pages $paged throws $thrown restored $restored switches $switched reloads $reloaded markers $markers: $(cat "$LIVE")"
  fi
  if out=$(python3 "$HERE/log_schema.py" "$LIVE" 2>&1); then pass "the study session's log (markers, config reload, session fields) follows the log schema"; else fail "log schema: $out"; fi
  if head -n 1 "$REC" | python3 -c 'import json,sys; h=json.loads(sys.stdin.readline()); assert h["flick_recording"]==2 and h["look"]["fit"]=="fit" and h["demo"]=="carousel" and h["participant"]=="p7" and h["task"]=="e2e" and h["card_files"] and h["config"]["stack"]["throwSpeed"]==800 and h["window"]["width"]==1000'; then
    pass "recording header: format 2, the look, demo, participant, task, card files with sizes, window, config"
  else
    fail "recording header: $(head -c 400 "$REC")"
  fi
  # Headless, no other option, twice: the same events as live, byte-identical final frames.
  ok=1
  for run in 1 2; do
    if ! (cd /tmp && "$BIN" --headless --replay "$REC" --log "$OUT/replay$run.jsonl" --screenshot "$OUT/replay$run.png" 2>"$OUT/replay$run.err"); then
      fail "headless replay $run: $(cat "$OUT/replay$run.err")"; ok=0
    fi
  done
  if [ $ok = 1 ]; then
    n=$(events "$LIVE" | wc -l)
    if diff <(events "$LIVE") <(events "$OUT/replay1.jsonl") >"$OUT/replay.diff"; then
      pass "headless replay with no options (from another folder): the live session's $n events, names, cards, indices and times to the microsecond"
    else
      fail "headless replay events differ from live: $(head -c 600 "$OUT/replay.diff")"
    fi
    # The recording's last line is the live quit; the replay's session ends at exactly that time.
    quits=$(python3 - "$LIVE" "$OUT/replay1.jsonl" "$REC" <<'PY'
import json, sys
last = lambda p: json.loads(open(p).read().splitlines()[-1])
live, replay, rec = (last(p) for p in sys.argv[1:])
print(live.get("event"), live.get("t"), replay.get("event"), replay.get("t"), rec.get("end"), rec.get("t"))
PY
)
    read -r le lt re rt ee et <<<"$quits"
    if [ "$le $re $ee" = "quit quit quit" ] && [ "$lt" = "$rt" ] && [ "$lt" = "$et" ]; then
      pass "the replay's quit is the live one: $lt s (the recording's end line)"
    else
      fail "quit times: live $le $lt, replay $re $rt, recording's end $ee $et"
    fi
    if cmp -s "$OUT/replay1.png" "$OUT/replay2.png" && diff -q <(events "$OUT/replay1.jsonl") <(events "$OUT/replay2.jsonl") >/dev/null; then
      pass "two headless replays: byte-identical final screenshots ($(stat -c %s "$OUT/replay1.png") bytes) and events"
    else
      fail "two headless replays differ"
    fi
  fi
  # In a window at half speed: the same events, and it says when it has ended.
  # The clock starts before the app does: the replay runs while start_app still looks for the
  # window, and on a busy machine that took long enough to put a correct run under the bound.
  t0=$(date +%s.%N)
  if start_app "$OUT/slow.jsonl" --replay "$REC" --speed 0.5; then
    dur=$(tail -n 1 "$REC" | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["t"])')
    for _ in $(seq 1 600); do grep -q "replay ended" "$OUT/slow.jsonl.out" && break; sleep 0.1; done
    t1=$(date +%s.%N)
    stop_app
    took=$(python3 -c "print(round($t1 - $t0, 1))")
    if grep -q "replay ended" "$OUT/slow.jsonl.out" && diff -q <(events "$LIVE") <(events "$OUT/slow.jsonl") >/dev/null \
       && python3 -c "import sys; sys.exit(0 if $took >= 2 * $dur * 0.9 else 1)"; then
      pass "replay in a window at --speed 0.5: same events, ended after ${took} s for a ${dur} s recording"
    else
      fail "window replay at 0.5: took ${took} s (recording ${dur} s); $(tail -n 2 "$OUT/slow.jsonl.out"); $(diff <(events "$LIVE") <(events "$OUT/slow.jsonl") | head -c 400)"
    fi
  else
    fail "window replay did not start: $(cat "$OUT/slow.jsonl.out")"
  fi
  # A changed card folder replays from the pictures kept beside the recording (flick-cards/);
  # without them it is refused, and --allow-missing-cards plays it with placeholders.
  mkdir -p "$OUT/cards"; cp "$ROOT"/assets/0[1-4]-*.png "$OUT/cards/"
  (cd "$ROOT" && "$BIN" --headless --replay "$REC" --cards "$OUT/cards" --frames 2 --record "$OUT/own.rec" >/dev/null 2>&1)
  rm "$OUT/cards/02-music.png"
  out=$("$BIN" --headless --replay "$OUT/own.rec" 2>&1); rc=$?
  if [ $rc = 0 ]; then pass "a changed card folder replays from the kept pictures"; else fail "changed card folder with its kept pictures: exit $rc: $out"; fi
  rm -rf "$OUT/flick-cards"
  out=$("$BIN" --headless --replay "$OUT/own.rec" 2>&1); rc=$?
  if [ $rc = 2 ] && printf '%s' "$out" | grep -q "changed since the recording (02-music.png is missing)"; then
    pass "a changed card folder is refused: $out"
  else
    fail "changed card folder: exit $rc: $out"
  fi
  out=$("$BIN" --headless --replay "$OUT/own.rec" --allow-missing-cards --screenshot "$OUT/missing.png" 2>&1); rc=$?
  if [ $rc = 0 ] && [ -s "$OUT/missing.png" ]; then pass "--allow-missing-cards replays with placeholders"; else fail "--allow-missing-cards: exit $rc: $out"; fi
else
  fail "the app did not start under Xvfb: $(cat "$LIVE.out" 2>/dev/null)"
fi
cp "$REC" "$OUT/../session.rec" 2>/dev/null

# --- flick report ---------------------------------------------------------------------------
# Metrics on a crafted log whose counts are known (fixtures/crafted.jsonl, comments in the test):
# 2 near misses (distance 0.9 snapped back, speed 0.875 snapped back; speed 0.9 thrown by its
# distance is a throw, not a near miss), 1 throw undone within 3 s of its deletion (the other
# comes back after 4.8 s), 1 accidental page
# (0 -> 1, back within 0.9 s; the page back is not one), 8 gestures, a task of 19 s.
CRAFTED="$HERE/fixtures/crafted.jsonl"
if "$BIN" report "$CRAFTED" --out "$OUT/crafted" >"$OUT/crafted.out" 2>&1; then
  got=$(python3 - "$OUT/crafted" <<'PY'
import csv, re, sys
html = open(sys.argv[1] + "/report.html").read()
big = dict(re.findall(r'class="big ([a-z-]+)">(\d+)', html))
rows = list(csv.DictReader(open(sys.argv[1] + "/gestures.csv")))
task = re.search(r'<table class="tasks">.*?<td>crafted</td><td>[\d.]+</td><td>([\d.]+)</td>', html)
print(big.get("near-misses"), big.get("undone-throws"), big.get("accidental-pages"), len(rows),
      sum(r["near_miss"] == "true" for r in rows), task.group(1) if task else None,
      ",".join(r["distance_fraction"] for r in rows[:5]), ",".join(r["speed_fraction"] for r in rows[:5]))
PY
)
  if [ "$got" = "2 1 1 8 2 19.00 0.9,1.5,0.2,2,1.3 0.125,1.125,0.875,1.5,0.9" ]; then
    pass "report metrics on a crafted log: 2 near misses, 1 throw undone, 1 accidental page, 8 gestures, task 19 s, threshold fractions"
  else
    fail "report metrics on the crafted log: got '$got'"
  fi
else
  fail "flick report on the crafted log: $(cat "$OUT/crafted.out")"
fi

# The report of the Xvfb session (its recording and its log, a report each): one SVG point per
# gesture, rendered by headless Chromium with its charts visible.
# The session's recording and its log are one session: given together they are refused (they
# would count it twice); each alone gives the same rows.
both=$("$BIN" report "$REC" "$LIVE" --out "$OUT/report-both" 2>&1); both_rc=$?
if [ $both_rc = 2 ] && [[ "$both" == *"are the same session"* ]] && [ ! -e "$OUT/report-both" ]; then
  pass "a session given as its recording and its log is refused: $both"
else
  fail "report of a recording and its log: exit $both_rc: $both"
fi
if [ -s "$REC" ] && "$BIN" report "$REC" --out "$OUT/report" >"$OUT/report.out" 2>&1 \
   && "$BIN" report "$LIVE" --out "$OUT/report-log" >>"$OUT/report.out" 2>&1; then
  got=$(python3 - "$OUT/report" "$LIVE" "$OUT/report-log" <<'PY'
import csv, json, re, sys
html = open(sys.argv[1] + "/report.html").read()
ended = [json.loads(l) for l in open(sys.argv[2])]
ended = [e for e in ended if e["event"] == "gesture_ended"]
cards = [e for e in ended if e["kind"] in ("card", "bring_back")]
points = len(re.findall(r'<circle class="gesture ', html))
releases = len(re.findall(r'<circle class="release ', html))
def rows(folder):
    out = []
    for r in csv.DictReader(open(folder + "/gestures.csv")):
        r.pop("file"); r.pop("session")   # each row names the file it came from
        out.append(r)
    return out
same = rows(sys.argv[1]) == rows(sys.argv[3]) and len(rows(sys.argv[1])) > 0
remote = re.findall(r'(?:src|href)="(?!data:|#)[^"]+"', html)   # links within the page are not resources
thumbs = len(re.findall(r'<img class="thumb"', html))
print(points == len(ended), releases == len(cards), same, len(remote) == 0, thumbs > 0, len(ended), len(cards), thumbs)
PY
)
  read -r points_ok releases_ok same_ok self_ok thumbs_ok n_ended n_cards n_thumbs <<<"$got"
  if [ "$points_ok $releases_ok $same_ok $self_ok $thumbs_ok" = "True True True True True" ]; then
    pass "report of the Xvfb session: one timeline point per gesture ($n_ended per column), one decision-map point per card release ($n_cards), recording and log give the same gestures.csv rows, no external resource, $n_thumbs contact-sheet frames"
  else
    fail "report of the Xvfb session: $got"
  fi
  if command -v chromium >/dev/null; then
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,2400 \
      --screenshot="$OUT/report.png" "file://$OUT/report/report.html" >"$OUT/chromium.out" 2>&1
    # The charts as drawn: the decision maps' dashed boundary (#d9480f) and the histogram bars (#4263eb).
    seen=$(python3 - "$OUT/report.png" <<'PY'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
px = im.load(); w, h = im.size
def near(c, t): return all(abs(a - b) <= 12 for a, b in zip(c, t))
boundary = bars = 0
for y in range(0, h, 2):
    for x in range(0, w, 2):
        c = px[x, y]
        if near(c, (0xd9, 0x48, 0x0f)): boundary += 1
        if near(c, (0x42, 0x63, 0xeb)): bars += 1
print(boundary, bars, w, h)
PY
)
    read -r boundary bars pw ph <<<"$seen"
    if [ -s "$OUT/report.png" ] && [ "${boundary:-0}" -gt 50 ] && [ "${bars:-0}" -gt 200 ]; then
      pass "report rendered by headless Chromium (${pw}x$ph): decision-map boundary and points ($boundary px), histogram bars ($bars px) on screen"
    else
      fail "report in Chromium: boundary $boundary px, bars $bars px: $(tail -n 2 "$OUT/chromium.out")"
    fi
  else
    fail "chromium is not installed (make deps installs it)"
  fi
else
  fail "flick report on the Xvfb session: $(cat "$OUT/report.out" 2>/dev/null)"
fi

# --- flick compare ---------------------------------------------------------------------------
# Two presets whose stack thresholds differ by far: the same recorded stack drags are thrown
# under one and snap back under the other; the sheet is the recording as recorded, then a row
# per preset, a column (240 px wide) per gesture whose outcome differs.
echo '{"description": "easy to throw", "stack": {"throwSpeed": 100, "throwDistance": 20}}' > "$OUT/easy.json"
echo '{"description": "hard to throw", "stack": {"throwSpeed": 5000, "throwDistance": 300}}' > "$OUT/hard.json"
if [ -s "$REC" ] && "$BIN" compare --replay "$REC" --config "$OUT/easy.json" --config "$OUT/hard.json" --out "$OUT/compare" >"$OUT/compare.out" 2>&1; then
  read -r cols <<<"$(sed -n 's/.*presets x \([0-9]*\) moments.*/\1/p' "$OUT/compare.out")"
  size=$(identify -format '%wx%h' "$OUT/compare/contact-sheet.png" 2>/dev/null)
  expected="$(( 170 + ${cols:-0} * 240 ))x$(( 24 + 3 * 519 ))"
  diffs=$(python3 - "$OUT/compare/differences.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(sum(r["kind"] == "card" and r["easy"] == "thrown" and r["hard"] == "snapped_back" for r in rows), len(rows))
PY
)
  read -r flipped total <<<"$diffs"
  moments=$(( total < 8 ? total : 8 ))
  if [ "${flipped:-0}" -ge 2 ] && [ "$size" = "$expected" ] && [ "${cols:-0}" = "$moments" ] \
     && grep -q 'class="difference"' "$OUT/compare/report.html" && grep -q '<th>as recorded</th>' "$OUT/compare/report.html"; then
    pass "compare easy vs hard: $flipped stack releases thrown under easy snap back under hard ($total differences); contact sheet $size = as recorded + 2 rows x $cols moments, one per changed gesture"
  else
    fail "compare: flipped ${flipped:-?} of ${total:-?}, sheet $size (expected $expected): $(cat "$OUT/compare.out")"
  fi
else
  fail "flick compare: $(cat "$OUT/compare.out" 2>/dev/null)"
fi
out=$("$BIN" compare --replay "$REC" --config "$OUT/easy.json" --out "$OUT/compare1" 2>&1); rc=$?
if [ $rc = 2 ] && printf '%s' "$out" | grep -q "2 to 4 --config presets"; then pass "compare with one preset is refused: $out"; else fail "compare with one preset: exit $rc: $out"; fi

# --- flick export ----------------------------------------------------------------------------
for spec in "mp4 30 1" "gif 30 2"; do
  read -r ext fps speed <<<"$spec"
  clip="$OUT/clip.$ext"
  if [ -s "$REC" ] && "$BIN" export "$REC" --out "$clip" --size 320x240 --fps "$fps" --speed "$speed" >"$OUT/export-$ext.out" 2>"$OUT/export-$ext.err"; then
    frames=$(sed -n 's/.*: \([0-9]*\) frames at.*/\1/p' "$OUT/export-$ext.out")
    probe=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames,width,height:format=duration -of default=nw=1:nk=1 "$clip" | tr '\n' ' ')
    read -r pw ph pframes pdur <<<"$probe"
    dur=$(tail -n 1 "$REC" | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["t"])')
    if [ "$pframes" = "$frames" ] && [ "$pw" = 320 ] && [ "$ph" = 240 ] \
       && python3 -c "import sys; f,d,fps,s,rd=$frames,$pdur,$fps,$speed,$dur; sys.exit(0 if abs(d - f / fps) <= 1.5 / fps and f >= rd / s * fps else 1)"; then
      pass "export $ext at $fps fps, speed $speed: ffprobe finds $pframes frames of 320x240, ${pdur} s (the ${dur} s recording and its settling)"
    else
      fail "export $ext: ffprobe '$probe', flick said $frames frames: $(cat "$OUT/export-$ext.out" "$OUT/export-$ext.err")"
    fi
  else
    fail "flick export $ext: $(cat "$OUT/export-$ext.err" 2>/dev/null)"
  fi
done

# --- recordings of format 1 still replay to the events they were made with ----------------------
if out=$(cd /tmp && "$BIN" --headless --replay "$ROOT/docs/study/session.rec" --log "$OUT/v1.jsonl" 2>&1); then
  # The replay's card releases also carry the throw rule's verdict, which logs of that time lack.
  plain() { events "$1" | python3 -c 'import json,sys
for l in sys.stdin:
    e = json.loads(l)
    for k in ("direction", "label", "distanceFraction", "speedFraction", "cause"): e.pop(k, None)
    if e["event"] == "gesture_ended": e.pop("card", None)
    print(json.dumps(e, sort_keys=True))'; }
  if diff <(plain "$ROOT/docs/study/session.jsonl") <(plain "$OUT/v1.jsonl") >"$OUT/v1.diff"; then
    pass "a format 1 recording (docs/study/session.rec) replays to its log's $(events "$OUT/v1.jsonl" | wc -l) events"
  else
    fail "format 1 replay differs from its log: $(head -c 400 "$OUT/v1.diff")"
  fi
else
  fail "format 1 replay: $out"
fi
printf '{"flick_recording": 3, "demo": "now"}\n' > "$OUT/v3.rec"
out=$("$BIN" --headless --replay "$OUT/v3.rec" 2>&1); rc=$?
if [ $rc = 2 ] && printf '%s' "$out" | grep -q "is recording format 3, newer than this flick reads (2); update flick"; then
  pass "a newer recording format is refused: $out"
else
  fail "newer recording format: exit $rc: $out"
fi

# --- the look in the record: a --fit fill --titles name --stage iphone-se session under Xvfb ------
# For every interaction: two gestures, then at rest the live window's phone screen (an X
# screenshot) and the headless replay's final frame are the same picture within the two
# renderers' antialiasing; for now, the exported video's last frame shows the same phone (fill,
# titles, square corners), scaled.
look_compare() {   # WORK LOG REC EXPORT_PNG_OR_-: prints share mean export_mean fit titles stage shown
  python3 - "$HERE" "$@" <<'PY'
import json, sys
sys.path.insert(0, sys.argv.pop(1))
from PIL import Image, ImageChops, ImageStat
from framediff import phone_difference
work, log, rec, exported_png = sys.argv[1:5]
header = json.loads(open(rec).readline())
x, y, w, h = [round(v) for v in json.loads(open(log).readline())["stage"]]
live = Image.open(work + "/look-live.png").convert("RGB").crop((x, y, x + w, y + h))
replay = Image.open(work + "/look-replay.png").convert("RGB").crop((x, y, x + w, y + h))
# Within antialiasing (framediff.py).
share, mean = phone_difference(live, replay)
emean = -1
if exported_png != "-":
    # The export: the phone fitted into 640x480 as Stage does it (a margin of 4 % of the
    # shorter side, centred); compared at that size, a few pixels in from the edges.
    exp = Image.open(exported_png).convert("RGB")
    vw, vh = header["stage"]["width"], header["stage"]["height"]
    m = 480 * 0.04
    sc = min((640 - 2 * m) / vw, (480 - 2 * m) / vh)
    ew, eh = round(vw * sc), round(vh * sc)
    ex, ey = round((640 - vw * sc) / 2), round((480 - vh * sc) / 2)
    exported = exp.crop((ex + 3, ey + 3, ex + ew - 3, ey + eh - 3))
    scaled = replay.resize((ew, eh), Image.LANCZOS).crop((3, 3, ew - 3, eh - 3))
    emean = sum(ImageStat.Stat(ImageChops.difference(exported, scaled)).mean) / 3
look = header.get("look", {})
print(f"{share:.4f} {mean:.2f} {emean:.2f} {look.get('fit')} {look.get('titles')} {header['stage']['width']}x{header['stage']['height']} {w}x{h}")
PY
}
for demo in now switcher stack carousel swipe; do
  LOOKREC="$OUT/look-$demo.rec"; LOOKLOG="$OUT/look-$demo.jsonl"
  rm -f "$OUT/look-live.png" "$OUT/look-replay.png" "$OUT/look-export.png"
  if start_app "$LOOKLOG" --demo "$demo" --size 900x700 --fit fill --titles name --stage iphone-se --record "$LOOKREC"; then
    CX=$(( SX + SW / 2 )); CY=$(( SY + SH / 2 ))
    drag $(( CX + 80 )) $(( CY + 60 )) -200 0 12 0.01; wait_log "$LOOKLOG" 1 gesture_ended
    # Held still before the release: nothing coasts, so the scene is at rest for the screenshot.
    drag "$CX" $(( CY + 120 )) 0 -220 12 0.01 0.3; wait_log "$LOOKLOG" 2 gesture_ended
    quiet_log "$LOOKLOG" paged 1.2
    import -window "$WID" "$OUT/look-live.png" 2>/dev/null
    stop_app
    exported="-"
    ok=1
    (cd /tmp && "$BIN" --headless --replay "$LOOKREC" --screenshot "$OUT/look-replay.png" >/dev/null 2>"$OUT/look-replay.err") || ok=0
    if [ $ok = 1 ] && [ "$demo" = now ]; then
      exported="$OUT/look-export.png"
      { "$BIN" export "$LOOKREC" --out "$OUT/look.mp4" --size 640x480 >/dev/null 2>"$OUT/look-export.err" \
        && ffmpeg -v error -sseof -0.1 -i "$OUT/look.mp4" -update 1 -frames:v 1 "$exported" 2>>"$OUT/look-export.err"; } || ok=0
    fi
    if [ $ok = 1 ]; then
      got=$(look_compare "$OUT" "$LOOKLOG" "$LOOKREC" "$exported")
      read -r share mean emean fit titles stagesize shown <<<"$got"
      if [ "$fit $titles $stagesize" = "fill name 375x667" ] && python3 -c "import sys; sys.exit(0 if $share <= 0.01 and $mean <= 2.0 and $emean <= 12 else 1)"; then
        pass "look recorded, $demo (fit $fit, titles $titles, stage $stagesize): live window vs headless replay phone ($shown px): $share of pixels differ by > 40/255 within a pixel's antialiasing (mean $mean/255)$( [ "$exported" != - ] && echo "; export's last frame vs replay mean $emean/255")"
      else
        cp "$OUT/look-live.png" "$OUT/look-live-$demo.png"; cp "$OUT/look-replay.png" "$OUT/look-replay-$demo.png"
        fail "look, $demo: '$got' (live $OUT/look-live-$demo.png, replay $OUT/look-replay-$demo.png)"
      fi
    else
      fail "look replay/export, $demo: $(cat "$OUT/look-replay.err" "$OUT/look-export.err" 2>/dev/null | head -c 400)"
    fi
  else
    fail "the look session ($demo) did not start: $(cat "$LOOKLOG.out" 2>/dev/null)"
  fi
done

# --- a panel slider that flips a throw, in the live window, and the headless replay -------------
# The tuning panel's rows at --size 1280x800 (ImGui lays them out the same way every run):
# stack.throwSpeed's field at (1138, 483), stack.throwDistance's at (1118, 506); a pixel of drag
# moves a value by half a percent (800 -> ~400 pt/s over 140 px, 100 -> ~37 pt over 200). A
# layout change shows here as "no config_changed".
PREC="$OUT/panel.rec"; PLOG="$OUT/panel.jsonl"
if start_app "$PLOG" --demo stack --size 1280x800 --panel --record "$PREC"; then
  CX=$(( SX + SW / 2 )); CY=$(( SY + SH / 2 ))
  drag $(( CX + 40 )) "$CY" -60 0 12 0.025; wait_log "$PLOG" 1 snapped_back      # gentle: snaps back
  drag 1138 483 -140 0 10 0.02; wait_log "$PLOG" 1 config_changed               # throwSpeed down
  drag 1118 506 -200 0 10 0.02; wait_log "$PLOG" 2 config_changed               # throwDistance down
  drag $(( CX + 40 )) "$CY" -60 0 12 0.025; wait_log "$PLOG" 1 deleted           # the same drag throws
  stop_app
  got=$(python3 - "$PLOG" <<'PY'
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
changes = [e for e in ev if e["event"] == "config_changed"]
cards = [e["outcome"] for e in ev if e["event"] == "gesture_ended" and e["kind"] == "card"]
keys = sorted({k for c in changes for k in c["changed"]})
speed = changes[-1]["config"]["stack"]["throwSpeed"] if changes else None
print(len(changes), ",".join(c["source"] for c in changes), ",".join(keys), ",".join(cards), speed)
PY
)
  read -r nchanges sources keys outcomes speed <<<"$got"
  if [ "$nchanges" -ge 2 ] && [ "$sources" = "panel,panel" ] && [ "$keys" = "stack.throwDistance,stack.throwSpeed" ] \
     && [ "$outcomes" = "snapped_back,thrown" ]; then
    pass "panel sliders in the live window: config_changed x$nchanges ($keys, throwSpeed now $speed pt/s), the same drag snapped back before and is thrown after"
  else
    fail "panel session: '$got' (log $PLOG)"
  fi
  if (cd /tmp && "$BIN" --headless --replay "$PREC" --log "$OUT/panel-replay.jsonl" >/dev/null 2>"$OUT/panel-replay.err") \
     && diff <(events "$PLOG") <(events "$OUT/panel-replay.jsonl") >"$OUT/panel.diff"; then
    pass "its headless replay gives the live session's $(events "$PLOG" | wc -l) events, the panel's config changes among them"
  else
    fail "panel replay differs: $(cat "$OUT/panel-replay.err") $(head -c 500 "$OUT/panel.diff")"
  fi
else
  fail "the panel session did not start: $(cat "$PLOG.out" 2>/dev/null)"
fi
finish
