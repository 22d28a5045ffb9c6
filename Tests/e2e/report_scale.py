"""Reports that scale to a study: `flick report` over 2, 10 and 50 sessions (and `flick study`
over 10, whose page shares the charts), each page opened in headless Chromium at 1400 and 800
px wide: no element wider than its box (scrollWidth <= clientWidth for every element, every
session's details opened), the page no wider than the window, the summary first with a row per
session, charts on axes every session shares (a participant whose releases are all 0 pt/s is a
narrow bar at 0, not the whole width), and a screenshot of each kept (OUT/shots) for a look.

The sessions are recordings written here (crafted.py's header, the bundled cards): each a few
stack, swipe or switcher flings of its own speed and length, with task markers, from 4 to 140 s
long; one only drags held still before their release (every release at 0 pt/s) and one a 90-character name.
Usage: report_scale.py path/to/flick OUTDIR   (E2E_DEVTOOLS_PORT: Chromium's port, default free)
"""
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import crafted  # noqa: E402
from phonelib import Page  # noqa: E402

BIN, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ASSETS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "assets")
os.makedirs(OUT, exist_ok=True)
passed = failed = 0


def result(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print(f"  ok    {what}", flush=True)
    else:
        failed += 1
        print(f"  FAIL  {what}", flush=True)


def pointer(t, phase, x, y):
    return crafted.pointer(round(t, 4), phase, x, y)


def drag(t, x, y, dx, dy, seconds, steps=8):
    out = [pointer(t, "down", x, y)]
    for i in range(1, steps + 1):
        out.append(pointer(t + seconds * i / steps, "move", x + dx * i / steps, y + dy * i / steps))
    out.append(pointer(t + seconds, "up", x + dx, y + dy))
    return out


def session(i, rng):
    """The recording of session i: its demo, its style of drags, its length."""
    demo = ["stack", "swipe", "switcher"][i % 3]
    length = [4, 12, 30, 60, 140][i % 5] + rng.random()
    inputs = [{"t": 0.1, "marker": {"label": "start", "task": "triage"}}]
    t = 0.5
    count = 0
    while t < length - 1.5 and count < 14:
        if i == 1:   # drags held still before the release: every release at 0 pt/s
            inputs += drag(t, 195, 420, -60, 0, 0.4)[:-1]
            inputs.append(pointer(t + 0.7, "move", 135, 420))
            inputs.append(pointer(t + 0.75, "up", 135, 420))
        else:
            speed = rng.choice([250, 500, 900, 1600, 2600]) * (0.5 + (i % 7) / 6)
            dist = rng.choice([40, 90, 160])
            dx, dy = (-dist, 0) if demo != "switcher" else (0, -dist)
            inputs += drag(t, 195, 420, dx, dy, dist / speed)
        count += 1
        t += max(0.9, (length - 2) / 14) * (0.6 + rng.random() * 0.8)
    inputs.append({"t": round(length - 0.5, 4), "marker": {"label": "end", "task": "triage"}})
    inputs.sort(key=lambda x: x["t"])
    head = crafted.header(ASSETS, demo=demo, session=f"00000000-0000-0000-0000-{i:012d}",
                          participant=f"p{i + 1:02d}", task="triage")
    return crafted.recording(head, inputs) + json.dumps({"t": round(length, 6), "end": "quit"}) + "\n"


def make_sessions(folder, n):
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(37)
    paths = []
    for i in range(n):
        name = f"p{i + 1:02d}-" + ("a-participant-whose-session-name-runs-on-and-on-past-any-column-anyone-would-draw-" if i == 3 else "") + "triage.rec"
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(session(i, rng))
        paths.append(path)
    return paths


class Chromium:
    """Headless Chromium, its DevTools port E2E_DEVTOOLS_PORT (or a free one)."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="chromium-", dir=OUT)
        port = os.environ.get("E2E_DEVTOOLS_PORT", "0")
        self.proc = subprocess.Popen(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                      "--no-default-browser-check", f"--remote-debugging-port={port}",
                                      "--remote-debugging-address=127.0.0.1", f"--user-data-dir={self.dir}",
                                      "--hide-scrollbars", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.dir, "DevToolsActivePort")
        deadline = time.time() + 30
        self.endpoint = None
        while self.endpoint is None:
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("chromium did not start")
            if port == "0" and os.path.exists(port_file) and open(port_file).read().strip():
                lines = open(port_file).read().split("\n")
                self.endpoint = f"ws://127.0.0.1:{lines[0].strip()}{lines[1].strip()}"
            elif port != "0":
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=2) as r:
                        self.endpoint = json.load(r)["webSocketDebuggerUrl"]
                except OSError:
                    pass
            time.sleep(0.05)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


# Everything that is wider than its own box, and the page's width, with every <details> open.
MEASURE = r"""(() => {
  const folded = document.querySelectorAll('details:not([open])').length;
  const shotHeight = document.documentElement.scrollHeight;
  for (const d of document.querySelectorAll('details')) d.open = true;
  const bad = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      bad.push(`${el.tagName.toLowerCase()}.${el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className} ${el.scrollWidth}>${el.clientWidth}`);
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > document.documentElement.clientWidth + 1)
      bad.push(`${el.tagName.toLowerCase()}.${el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className} right ${Math.round(r.right)}`);
  }
  const headings = [...document.querySelectorAll('h2')].map(h => h.textContent);
  const rows = document.querySelectorAll('table.sessions tr.session-row').length;
  // Bars of the histograms: the widest as a share of its chart.
  let widest = 0;
  for (const svg of document.querySelectorAll('svg.velocity-histogram, svg.gap-histogram')) {
    const w = svg.viewBox.baseVal.width;
    for (const b of svg.querySelectorAll('rect.bar')) widest = Math.max(widest, b.width.baseVal.value / w);
  }
  const lanes = [...document.querySelectorAll('svg.velocity-lanes, svg.timeline')].map(s => s.getBoundingClientRect().width);
  return {bad: bad.slice(0, 8), badCount: bad.length, pageWidth: document.documentElement.scrollWidth,
          view: document.documentElement.clientWidth, headings, rows, widest, lanes, folded, shotHeight,
          height: document.documentElement.scrollHeight};
})()"""


async def check_page(page, html, label, sessions, shots):
    problems = []
    measured = {}
    for width in (1400, 800):
        await page.send("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=False)
        await page.goto("file://" + html)
        await page.wait_for("document.readyState === 'complete' && document.body !== null", 30)
        await page.painted()
        # A screenshot of the page as a reader opens it (the top 5000 px).
        h = await page.eval("document.documentElement.scrollHeight")
        shot = os.path.join(shots, f"{label}-{width}.png")
        r = await page.send("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                            clip={"x": 0, "y": 0, "width": width, "height": min(h, 5000), "scale": 1})
        import base64
        with open(shot, "wb") as f:
            f.write(base64.b64decode(r["data"]))
        m = await page.eval(MEASURE)
        measured[width] = m
        if m["badCount"]:
            problems.append(f"{width} px: {m['badCount']} elements overflow ({', '.join(m['bad'])})")
        if m["pageWidth"] > m["view"]:
            problems.append(f"{width} px: the page is {m['pageWidth']} px wide in a {m['view']} px window")
        if sessions is not None:
            if not m["headings"] or m["headings"][0] != "Summary":
                problems.append(f"the first section is {m['headings'][:1]}, not the summary")
            if m["rows"] != sessions:
                problems.append(f"{m['rows']} session rows in the summary for {sessions} sessions")
            if m["widest"] > 0.1:
                problems.append(f"a histogram bar {m['widest']:.0%} of its chart wide")
            if any(w > m["view"] for w in m["lanes"]):
                problems.append(f"a lane chart wider than the window: {m['lanes']}")
    return problems, measured


async def main():
    sessions = make_sessions(os.path.join(OUT, "sessions"), 50)
    shots = os.path.join(OUT, "shots")
    os.makedirs(shots, exist_ok=True)
    pages = []
    for n in (2, 10, 50):
        folder = os.path.join(OUT, f"report-{n}")
        t0 = time.time()
        p = subprocess.run([BIN, "report", *sessions[:n], "--out", folder], capture_output=True, text=True)
        took = time.time() - t0
        ok = p.returncode == 0 and os.path.exists(os.path.join(folder, "report.html"))
        result(ok, f"flick report of {n} sessions in {took:.1f} s: {p.stdout.strip() or p.stderr.strip()[:300]}")
        if ok:
            pages.append((f"report-{n}", os.path.join(folder, "report.html"), n))
    # --at adds a contact-sheet frame at that session time to each recording's sheet.
    folder = os.path.join(OUT, "report-at")
    p = subprocess.run([BIN, "report", sessions[2], "--at", "1.25", "--at", "2.5", "--out", folder], capture_output=True, text=True)
    html = open(os.path.join(folder, "report.html")).read() if p.returncode == 0 else ""
    found = [a for a in ("at 1.25 s", "at 2.50 s") if f'<img class="thumb" alt="{a}"' in html]
    result(len(found) == 2, f"flick report --at 1.25 --at 2.5: contact-sheet frames {found}" + ("" if p.returncode == 0 else f" ({p.stderr.strip()[:200]})"))
    folder = os.path.join(OUT, "study-10")
    p = subprocess.run([BIN, "study", *sessions[:10], "--out", folder], capture_output=True, text=True)
    ok = p.returncode == 0
    result(ok, f"flick study of 10 sessions: {p.stdout.strip() or p.stderr.strip()[:300]}")
    if ok:
        pages.append(("study-10", os.path.join(folder, "study.html"), None))
    chromium = Chromium()
    try:
        page = await Page.open(chromium.endpoint)
        for label, html, n in pages:
            problems, m = await check_page(page, html, label, n, shots)
            kb = os.path.getsize(html) // 1024
            what = (f"{label} ({kb} KB) in Chromium: at 1400 px {m[1400]['height']} px tall, at 800 px {m[800]['height']} px; "
                    f"no element wider than its box, page width {m[1400]['pageWidth']} / {m[800]['pageWidth']} px"
                    + (f"; summary first, {n} session rows, widest histogram bar {m[800]['widest']:.1%} of its chart, "
                       f"{m[800]['folded']} sessions folded" if n else "")
                    + f"; screenshots {label}-1400.png, {label}-800.png")
            result(not problems, what if not problems else f"{label}: " + "; ".join(problems))
        await page.close()
    finally:
        chromium.stop()


asyncio.run(main())
if os.environ.get("E2E_RUN") is None:
    print(f"report_scale: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
