#!/usr/bin/env python3
"""No markup from outside: every page Flick writes (report.html of a recording and of a log,
study.html, compare's report.html, tune.html), made from session files whose every text field
holds markup (the swipe deck's direction names, a config's description, the participant, the
session id, task names, a note, a design's participant, condition and task, a file's name, a
preset's name, --title), is parsed by headless Chromium over the DevTools protocol and must hold
exactly the elements and attributes of the same page made with plain values, with no dialog
opened and the hostile texts shown as text. The tables made alongside must hold no cell a
spreadsheet would evaluate.

Usage: markup.py path/to/flick OUTDIR"""

import asyncio
import csv
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from e2elib import report  # noqa: E402
from phonelib import Chromium, Page  # noqa: E402

BIN, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ROOT = os.path.dirname(os.path.dirname(HERE))
TEMPLATE = os.path.join(ROOT, "docs/study/sample/p1-floaty.rec")

# Each value fits its text limit (direction names 40 characters, one line) and breaks out of
# text, an attribute in either quotes, a style block, CDATA or a title if written raw.
HOSTILE = {
    "left": "<img src=x onerror=alert(1)>",
    "right": "\"><svg onload=alert(2)>",
    "up": "'onmouseover='alert(3)' x='",
    "down": "</style><script>alert(4)</script>",
    "description": "<img src=x onerror=alert(5)>]]>",
    "participant": "=HYPERLINK(\"http://x\")<b>",
    "session": "<script>alert(6)</script>",
    "task": "</title><img src=x onerror=alert(7)>",
    "note": "&amp;<a href=javascript:alert(8)>n</a>",
    "condition": "@SUM(1)\"><iframe onload=alert(9)>",
    "design_task": "-1+2<svg onload=alert(10)>",
    "file": "<img src=x onerror=alert(11)>",
    "preset": "'><svg onload=alert(12)>",
    "title": "<script>alert(13)</script>&amp;",
}
BENIGN = {k: f"plain {k}" for k in HOSTILE}


def recording(values, participant, cond, right, left):
    """A swipe recording: `right` flings right and `left` left, keys, a note, a task."""
    header = json.loads(open(TEMPLATE).readline())
    config = header["config"]
    for d in ("left", "right", "up", "down"):
        config["swipe"][d + "Name"] = values[d]
    config["description"] = values["description"]
    header.update(session=values["session"] + participant + cond, participant=participant + values["participant"], demo="swipe",
                  tasks={"tasks": [{"name": values["task"], "goal": {"thrown": {"as": values["right"], "count": 2}}, "timeLimit": 30}]})
    header.pop("task", None)
    lines, t = [], 0.5
    lines.append({"t": t, "marker": {"label": "start"}})
    for dx in [250] * right + [-250] * left:
        t += 1.0
        x, y = 195.0, 420.0
        for i, phase in [(0, "down")] + [(i, "move") for i in range(1, 11)] + [(10, "up")]:
            when = round(t + 0.008 * i + (0.0 if phase != "up" else 0.0), 6)
            lines.append({"t": when, "pointer": {"device": "mouse", "phase": phase, "pointerID": 0,
                                                 "position": {"x": x + dx * i / 10, "y": y}, "time": when}})
    lines.append({"t": t + 0.5, "command": "throw_up"})
    lines.append({"t": t + 0.7, "note": values["note"]})
    lines.append({"t": t + 1.0, "marker": {"label": "end"}})
    return header, lines


def write_set(values, folder):
    """Four recordings, a log replayed from one, a design, a preset; returns the file names."""
    os.makedirs(folder, exist_ok=True)
    names = []
    for who, right, left in [("p1", 2, 1), ("p2", 1, 2)]:
        for cond in ("a", "b"):
            name = f"{who}-{cond}-{values['file']}.rec"
            header, lines = recording(values, who, cond, right, left)
            with open(os.path.join(folder, name), "w") as f:
                f.write(json.dumps(header, sort_keys=True) + "\n")
                for line in lines:
                    f.write(json.dumps(line, sort_keys=True) + "\n")
            names.append((name, who, cond))
    with open(os.path.join(folder, "design.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["file", "participant", "task", "condition"])
        for name, who, cond in names:
            w.writerow([name, who + values["participant"], values["design_task"], cond + values["condition"]])
    for suffix, ratio in (("", 0.3), (" 2", 0.5)):
        preset = {"description": values["description"], "swipe": {d + "Name": values[d] for d in ("left", "right", "up", "down")}}
        preset["swipe"]["horizontalDistanceRatio"] = ratio
        with open(os.path.join(folder, values["preset"] + suffix + ".json"), "w") as f:
            json.dump(preset, f)
    return [n for n, _, _ in names]


def run(args, cwd):
    p = subprocess.run([BIN] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    return p.returncode, (p.stderr or p.stdout).strip().splitlines()[-1:] if p.returncode else []


def make_pages(values, folder):
    """Runs every page-making command on the set; returns ({page: path}, problems)."""
    recs = write_set(values, folder)
    problems, pages = [], {}
    log = "replayed.jsonl"
    steps = [
        ("log", ["--headless", "--replay", recs[0], "--log", log]),
        ("report", ["report", *recs[:2], "--out", "report", "--title", values["title"]]),
        ("report of a log", ["report", log, "--out", "report-log", "--title", values["title"]]),
        ("study", ["study", *recs, "--design", "design.csv", "--out", "study", "--title", values["title"]]),
        ("study of a log", ["study", log, recs[1], "--out", "study-log"]),
        ("compare", ["compare", "--replay", recs[0], "--config", values["preset"] + ".json", "--config",
                     values["preset"] + " 2.json", "--out", "compare"]),
        ("tune", ["tune", *recs, "--key", "swipe.horizontalDistanceRatio", "--values", "0.3,0.4", "--out", "tune",
                  "--title", values["title"]]),
    ]
    for what, args in steps:
        rc, err = run(args, folder)
        if rc != 0:
            problems.append(f"{what}: exit {rc} {err}")
    for page in ["report/report.html", "report-log/report.html", "study/study.html", "study-log/study.html",
                 "compare/report.html", "tune/tune.html"]:
        path = os.path.join(folder, page)
        if os.path.exists(path):
            pages[page] = path
        else:
            problems.append(f"no {page}")
    return pages, problems


# Before any page script: a dialog is recorded, not shown (a shown one would hold the page).
HOOK = """window.__dialogs = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = (m) => { window.__dialogs.push(name + ': ' + String(m)); };
}"""

# Every element of the document as "tag attr attr ...", sorted; the page's text; the dialogs.
SHAPE = """(() => {
  const all = [...document.querySelectorAll('*')].map(e => [e.tagName.toLowerCase(), ...[...e.attributes].map(a => a.name).sort()].join(' '));
  return JSON.stringify({elements: all.sort(), text: document.documentElement.textContent, dialogs: window.__dialogs || []});
})()"""


async def shapes(paths):
    chrome = Chromium(OUT)
    try:
        page = await Page.open(chrome.endpoint)
        await page.send("Page.addScriptToEvaluateOnNewDocument", source=HOOK)
        out = {}
        for key, path in paths.items():
            page.events.clear()
            try:
                await page.goto("file://" + path)
                await page.wait_for("document.readyState === 'complete' && location.href.startsWith('file:')", timeout=30)
                await page.painted()
                shape = json.loads(await page.eval(SHAPE))
            except (asyncio.TimeoutError, RuntimeError) as e:
                shape = {"elements": [], "text": "", "dialogs": [f"the page did not answer ({type(e).__name__})"]}
            shape["dialogs"] += [e["params"].get("message") for e in page.events if e.get("method") == "Page.javascriptDialogOpening"]
            out[key] = shape
        await page.close()
        return out
    finally:
        chrome.stop()


def spreadsheet_formulas(folder):
    """Cells of every CSV under `folder` that a spreadsheet would evaluate, as (file, cell)."""
    bad = []
    for base, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".csv") and name != "design.csv":
                path = os.path.join(base, name)
                for row in list(csv.reader(open(path, newline="")))[1:]:
                    for cell in row:
                        if cell[:1] in ("=", "+", "@", "\t", "\r") or (cell[:1] == "-" and not is_number(cell)):
                            bad.append((os.path.relpath(path, folder), cell))
    return bad


def is_number(s):
    try:
        float(s)
        return True
    except ValueError:
        return False


def main():
    os.makedirs(OUT, exist_ok=True)
    hostile_pages, hostile_problems = make_pages(HOSTILE, os.path.join(OUT, "hostile"))
    benign_pages, benign_problems = make_pages(BENIGN, os.path.join(OUT, "benign"))
    seen_h = asyncio.run(shapes(hostile_pages))
    seen_b = asyncio.run(shapes(benign_pages))
    cases = [("hostile session files make every page", hostile_problems, f"{len(hostile_pages)} pages"),
             ("plain session files make every page", benign_problems, f"{len(benign_pages)} pages")]
    for key in sorted(set(seen_h) & set(seen_b)):
        h, b = seen_h[key], seen_b[key]
        problems = []
        if h["dialogs"]:
            problems.append(f"dialogs opened: {h['dialogs']}")
        extra = sorted(set(h["elements"]) - set(b["elements"]))
        if h["elements"] != b["elements"]:
            problems.append(f"elements differ from the plain page's: {len(h['elements'])} vs {len(b['elements'])}, new {extra[:5]}")
        shown = [k for k in ("left", "right", "up", "down", "title", "note", "task", "condition", "file", "preset", "session", "participant",
                                  "description", "design_task")
                 if HOSTILE[k] in h["text"]]
        if not shown:
            problems.append("no hostile text shown as text")
        cases.append((key, problems, f"{len(h['elements'])} elements and attributes as with plain values, no dialog, "
                                     f"{len(shown)} hostile texts shown as text ({', '.join(shown)})"))
    bad = spreadsheet_formulas(os.path.join(OUT, "hostile"))
    cases.append(("tables of the hostile set", [f"{f}: {c!r}" for f, c in bad[:5]],
                  "no cell begins with =, +, -, @, tab or CR unless it is a number"))
    return report("markup", cases, lambda name, problems, what: (problems, what))


if __name__ == "__main__":
    sys.exit(main())
