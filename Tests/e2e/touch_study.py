"""A short study of mouse against touch, recorded by the e2e drivers: the same task (swipe six
cards of the swipe deck away, a plan of fast and slow swipes left and right) done by two scripted
participants with a mouse (the real window under Xvfb, xdotool, 125 Hz moves) and by the same
two on a phone (headless Chromium at 390x844, 3x, Input.dispatchTouchEvent at ~120 Hz); then
`flick study` on the four recordings, which takes the device as the condition (mouse, touch).
Checks that the study saw both conditions and every gesture; writes the recordings, the study
(study.html and its CSV tables) and table.md (the short table README shows) into OUT, and with
--readme also replaces README's table between its `mouse-touch` markers.
Usage: touch_study.py path/to/flick WORKDIR [OUT] [--readme README.md]"""

import asyncio
import csv
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phonelib import App, Chromium, MouseWindow, Page, Xvfb, await_gestures, log_events, wait_gestures  # noqa: E402

args = [a for a in sys.argv[1:]]
README = None
if "--readme" in args:
    i = args.index("--readme")
    README = os.path.abspath(args[i + 1])
    del args[i:i + 2]
BIN = os.path.abspath(args[0])
WORK = os.path.abspath(args[1])
OUT = os.path.abspath(args[2]) if len(args) > 2 else os.path.join(WORK, "touch-study")
os.makedirs(WORK, exist_ok=True)
FAILED = 0

# The task, in stage points (the 390x844 stage): (direction, distance, seconds) from the
# card's centre. Participant p2 is slower: every duration x1.3.
CENTRE = (195, 422)
PLAN = [(1, 230, 0.12), (-1, 230, 0.12), (1, 150, 0.30), (-1, 200, 0.20), (1, 110, 0.15), (-1, 260, 0.10)]
PEOPLE = {"p1": 1.0, "p2": 1.3}
TASK = "swipe-away"
# The phone's pixel ratio: 1, not the suite's 3, so that headless Chromium, drawing in software,
# keeps up with a finger's 120 Hz moves (at 3x it composites a 1170x2532 canvas in ~100 ms and
# coalesces a fast swipe's moves into one or two events).
RATIO = float(os.environ.get("FLICK_STUDY_RATIO", "1"))


def check(ok, what, detail=""):
    global FAILED
    print(f"  {'ok  ' if ok else 'FAIL'}  {what}{'' if ok else ': ' + detail}")
    sys.stdout.flush()
    if not ok:
        FAILED += 1
    return ok


def gestures_ended(log):
    return [e for e in log_events(log) if e.get("event") == "gesture_ended"]


async def touch_session(chrome, x, who, scale):
    rec, log = os.path.join(OUT, f"touch-{who}.rec"), os.path.join(WORK, f"touch-{who}.jsonl")
    app = App(BIN, WORK, x.display, ["--demo", "swipe", "--count", "20", "--participant", who, "--task", TASK,
                                     "--record", rec, "--log", log, "--size", "480x640", "--phone-thin"], name=f"touch-{who}")
    page = await Page.open(chrome.endpoint)
    try:
        await page.phone(ratio=RATIO)
        await page.goto(app.url)
        ok = await page.wait_for("window.flick && flick.connected && flick.drawnCount > 0", 15)
        if not check(ok, f"touch {who}: the phone connects", app.text()[-300:]):
            return None
        await page.frames(3)
        for k, (direction, distance, seconds) in enumerate(PLAN):
            end = (CENTRE[0] + direction * distance, CENTRE[1] + 6)
            await page.drag(CENTRE, end, seconds * scale)
            # The gesture's end at the app and its card at rest before the next.
            if not await await_gestures(log, k + 1):
                print(f"    (touch {who}: gesture {k + 1} did not end with its card at rest in 20 s)", flush=True)
    finally:
        await page.close()
        app.quit()
    return rec, log


def mouse_session(x, who, scale):
    rec, log = os.path.join(OUT, f"mouse-{who}.rec"), os.path.join(WORK, f"mouse-{who}.jsonl")
    window = MouseWindow(BIN, WORK, x.display, ["--demo", "swipe", "--count", "20", "--participant", who, "--task", TASK,
                                                "--record", rec, "--size", "480x640"], log, name=f"mouse-{who}")
    try:
        if not check(bool(window.wid), f"mouse {who}: the window opens"):
            return None
        for k, (direction, distance, seconds) in enumerate(PLAN):
            window.drag(CENTRE, (CENTRE[0] + direction * distance, CENTRE[1] + 6), seconds * scale)
            if not wait_gestures(log, k + 1):
                print(f"    (mouse {who}: gesture {k + 1} did not end with its card at rest in 20 s)", flush=True)
    finally:
        window.quit()
    return rec, log


def median(values):
    v = sorted(values)
    if not v:
        return None
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2


def table(study):
    """The short table, from the study's own CSV tables: per condition, the gestures, how many
    were thrown or snapped back, the narrow throws and pauses (rates with their Wilson 95 %
    intervals), the hesitation before moving, and the release's speed and distance as fractions
    of the throw thresholds (medians over the gestures)."""
    conditions = list(csv.DictReader(open(os.path.join(study, "conditions.csv"))))
    gestures = list(csv.DictReader(open(os.path.join(study, "gestures.csv"))))
    lines = ["| device | participants | gestures | thrown | snapped back | narrow throws | paused | hesitation, median | "
             "release speed / threshold, median | distance / threshold, median |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for condition in sorted({r["condition"] for r in conditions}):
        m = {r["measure"]: r for r in conditions if r["condition"] == condition}
        g = [r for r in gestures if r["condition"] == condition]

        def rate(name):
            r = m[name]
            return f"{int(r['events'])} of {r['trials']} ({float(r['wilson_low']) * 100:.0f}-{float(r['wilson_high']) * 100:.0f} %)"

        def frac(name):
            v = median([float(r[name]) for r in g if r[name] not in ("", None)])
            return "-" if v is None else f"{v:.2f}"
        thrown = sum(1 for r in g if r["outcome"] == "thrown")
        snapped = sum(1 for r in g if r["outcome"] == "snapped_back")
        lines.append(f"| {condition} | {m['snap_back']['participants']} | {len(g)} | {thrown} | {snapped} | {rate('narrow_throw')} | "
                     f"{rate('paused')} | {float(m['hesitation_seconds']['median']) * 1000:.0f} ms | {frac('speed_fraction')} | "
                     f"{frac('distance_fraction')} |")
    return "\n".join(lines) + "\n"


async def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    x = Xvfb(WORK)
    chrome = Chromium(WORK)
    sessions = []
    try:
        for who, scale in PEOPLE.items():
            sessions.append(mouse_session(x, who, scale))
            sessions.append(await touch_session(chrome, x, who, scale))
    finally:
        chrome.stop()
        x.stop()
    sessions = [s for s in sessions if s]
    for rec, log in sessions:
        g = gestures_ended(log)
        check(len(g) == len(PLAN), f"{os.path.basename(rec)}: {len(g)} gestures of {len(PLAN)}",
              f"{[(e.get('kind'), e.get('outcome')) for e in g]}")
    # The card store beside the recordings holds copies of the bundled cards only (the headers
    # say bundled_cards; a replay finds them in the build): not kept in docs/.
    shutil.rmtree(os.path.join(OUT, "flick-cards"), ignore_errors=True)
    study = os.path.join(OUT, "study")
    # Relative names, so the study's tables name the files as they sit beside it.
    r = subprocess.run([BIN, "study", *[os.path.basename(rec) for rec, _ in sessions], "--out", "study",
                        "--title", "Mouse against touch (e2e drivers)"], capture_output=True, text=True, timeout=300, cwd=OUT)
    check(r.returncode == 0, "flick study on the recordings", r.stderr[-400:])
    if r.returncode != 0:
        return study
    conditions = {row["condition"] for row in csv.DictReader(open(os.path.join(study, "conditions.csv")))}
    counted = len(list(csv.DictReader(open(os.path.join(study, "gestures.csv")))))
    check(conditions == {"mouse", "touch"} and counted == len(PLAN) * len(sessions),
          f"the study takes the device as the condition ({', '.join(sorted(conditions))}) and counts all {counted} gestures",
          f"{conditions}, {counted} gestures")
    text = table(study)
    open(os.path.join(OUT, "table.md"), "w").write(text)
    print(text)
    if README:
        readme = open(README).read()
        begin, end = "<!-- mouse-touch table: Tests/e2e/touch_study.py writes it -->\n", "<!-- end mouse-touch table -->"
        if check(begin in readme and end in readme, "README has the table's markers"):
            head, rest = readme.split(begin, 1)
            open(README, "w").write(head + begin + text + rest[rest.index(end):])
    return study


study = asyncio.run(main())
print(f"touch_study: {FAILED} failed; study in {study}")
sys.exit(1 if FAILED else 0)
