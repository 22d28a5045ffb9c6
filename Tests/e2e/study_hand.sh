#!/usr/bin/env bash
# The hand-counted study: five recordings written by fixtures/hand_study.py (mouse, keys and both;
# goals of every kind; a card file removed mid-task; a give-up; time limits; a late end marker),
# measured by `flick study`; every number of its task table and decision table must equal the
# counts made by hand in the script, and the page must show every task row at 1400 and 800 px in
# headless Chromium with nothing wider than the window.
# Prints "  ok    ..." / "  FAIL  ..." lines; run.sh counts them.
# Usage: study_hand.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
WORK=$OUT

python3 "$HERE/fixtures/hand_study.py" "$ROOT/docs/study/sample/p1-floaty.rec" "$WORK/sessions" || { fail "hand_study.py"; finish; }
if ! (cd "$WORK" && "$BIN" study sessions/*.rec --design sessions/design.csv --out "$WORK/out" >"$WORK/study.out" 2>&1); then
  fail "flick study on the hand-counted study: $(cat "$WORK/study.out")"
  finish
fi

got=$(python3 - "$WORK/out" "$WORK/sessions/hand.json" <<'PY'
import csv, html, json, re, sys
out, hand = sys.argv[1], json.load(open(sys.argv[2]))
page = open(out + "/study.html").read()
cells = lambda row: [html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
problems = []
# Tasks: task, condition, participants, runs, success "k (..)", CI, gave up, time limit, ...
rows = {}
for row in re.findall(r'<tr class="task-summary-row">(.*?)</tr>', page):
    c = cells(row)
    count = lambda s: int(s.split(" ")[0]) if s != "—" else 0
    rows[(c[0], c[1])] = (int(c[3]), count(c[4]), count(c[6]), count(c[7]))
want = {(t, cond): tuple(v) for t, cond, *v in hand["tasks"]}
if rows != want:
    problems.append(f"tasks {rows} != {want}")
dirs = {}
for row in re.findall(r'<tr class="direction-row">(.*?)</tr>', page):
    c = cells(row)
    dirs[(c[0], c[1])] = int(c[2])
if dirs != {(d, cond): n for d, cond, n in hand["directions"]}:
    problems.append(f"directions {dirs}")
summary = re.search(r'<p class="summary">(.*?)</p>', page, re.S).group(1)
if f"{hand['personal']} decisions" not in summary or "4 tasks" not in summary:
    problems.append(f"summary: {html.unescape(re.sub('<[^>]+>', '', summary))}")
decisions = list(csv.DictReader(open(out + "/decisions.csv")))
tally = (len(decisions), sum(r["personal"] == "true" for r in decisions),
         sum(r["cause"] == "folder" for r in decisions), sum(r["undo_seconds"] != "" for r in decisions))
if tally != (hand["decisions"], hand["personal"], hand["folder"], hand["undos"]):
    problems.append(f"decisions.csv {tally}")
tasks = list(csv.DictReader(open(out + "/tasks.csv")))
if len(tasks) != sum(v[0] for _, _, *v in hand["tasks"]) or any(not r["session_id"] or not r["file"] for r in tasks):
    problems.append(f"tasks.csv: {len(tasks)} rows")
if any(r["device"] != "mouse" for r in tasks):
    problems.append(f"tasks.csv devices {sorted({r['device'] for r in tasks})}")
# task_rates.csv: the page's task table as a CSV, the same hand counts, and each rate's adjusted-
# Wald interval (Agresti and Coull) computed here, inside 0-1.
rates = {(r["task"], r["condition"]): r for r in csv.DictReader(open(out + "/task_rates.csv"))}
num = lambda s: int(s) if s else 0
got = {k: (int(r["runs"]), num(r["success"]), num(r["gave_up"]), num(r["time_limit"])) for k, r in rates.items()}
if got != want:
    problems.append(f"task_rates.csv {got} != {want}")
z = 1.959963984540054
for k, r in rates.items():
    n = int(r["judged_runs"])
    if n == 0:
        continue
    for what in ("success", "gave_up", "time_limit"):
        x = int(r[what]); na = n + z * z; p = (x + z * z / 2) / na; h = z * (p * (1 - p) / na) ** 0.5
        lo, hi = max(0, p - h), min(1, p + h)
        if abs(float(r[what + "_rate"]) - x / n) > 1e-6 or abs(float(r[what + "_low"]) - lo) > 1e-6 or abs(float(r[what + "_high"]) - hi) > 1e-6 \
                or not 0 <= float(r[what + "_low"]) <= float(r[what + "_high"]) <= 1:
            problems.append(f"task_rates.csv {k} {what}: {r[what + '_rate']} {r[what + '_low']}-{r[what + '_high']}, expected {x / n:.6f} {lo:.6f}-{hi:.6f}")
print("; ".join(problems) if problems else f"ok {len(rows)} {len(tasks)}")
PY
)
case "$got" in
  ok*) read -r _ nrows nruns <<<"$got"
       pass "hand-counted study (5 recordings, mouse and keys, goals of every kind, a folder change): all $nrows task x condition rows ($nruns runs; study.html and task_rates.csv, its rates' adjusted-Wald intervals recomputed), the decisions per direction, 31 decisions (30 the participants', 1 the folder's) and 4 undos equal the counts made by hand" ;;
  *) fail "hand-counted study: $got" ;;
esac

# The page in headless Chromium at 1400 and 800 px: every task row laid out inside the window,
# nothing wider than it (a page framed in a wrapper that measures it; file:// pages may read
# each other only with --allow-file-access-from-files).
if command -v chromium >/dev/null; then
  for width in 1400 800; do
    cat >"$WORK/measure-$width.html" <<HTML
<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="out/study.html" style="border:0;width:${width}px;height:3000px"></iframe>
<pre id="r">waiting</pre><script>
document.getElementById('f').onload = function () {
  var d = this.contentDocument, w = d.documentElement.clientWidth, rows = d.querySelectorAll('tr.task-summary-row');
  var shown = 0, wide = [];
  rows.forEach(function (r) { var b = r.getBoundingClientRect(); if (b.height > 0 && b.right <= w + 1) shown++; });
  d.querySelectorAll('body > *').forEach(function (e) { if (e.getBoundingClientRect().right > w + 1) wide.push(e.tagName + '.' + e.className); });
  document.getElementById('r').textContent = 'rows ' + rows.length + ' shown ' + shown + ' scroll ' + d.documentElement.scrollWidth + ' width ' + w + ' wide ' + wide.slice(0, 5).join(',');
};
</script></body></html>
HTML
    dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --allow-file-access-from-files \
          --virtual-time-budget=5000 --window-size=$((width + 40)),3000 --dump-dom "file://$WORK/measure-$width.html" 2>/dev/null)
    line=$(printf '%s' "$dom" | sed -n 's/.*<pre id="r">\([^<]*\)<.*/\1/p')
    read -r _ nrows _ nshown _ scroll _ w _ wide <<<"$line"
    if [ -n "$nrows" ] && [ "$nrows" -gt 0 ] && [ "$nrows" = "$nshown" ] && [ "$scroll" -le "$w" ] && [ -z "${wide:-}" ]; then
      pass "study.html at ${width} px in headless Chromium: all $nshown task rows laid out inside the window, page $scroll px wide of $w"
    else
      fail "study.html at ${width} px: '$line'"
    fi
  done
else
  fail "chromium is not installed (make deps installs it)"
fi
finish
