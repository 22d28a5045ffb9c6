#!/usr/bin/env python3
"""Flicks under load: the same scripted flicks, 50 per direction in every interaction, by the
mouse (xdotool under Xvfb) and by the phone (headless Chromium over the DevTools protocol), once
on an idle machine and once with every core saturated by a CPU hog. Each flick's outcome
(gesture kind, outcome, direction) and release speed are read from the interaction log; the
report gives, per device, the share of flicks whose outcome differs between the two runs (goal 0)
and the loaded speed over the idle speed, flick by flick (goal within 5 %).

The devices are given the machine's input hardware's place: Xvfb (which stamps each pointer
event) and xdotool run at real-time priority, and the phone's touches are stamped with the time
the script puts the finger there, so the load falls on flick itself, as on a participant's busy
laptop. Not run in CI (about 25 minutes; root for the real-time priority).

Usage: flicks_under_load.py path/to/flick WORKDIR [--per N] [--devices mouse,touch]
        [--interactions now,switcher,...]   (prints a Markdown table, writes WORKDIR/result.json)"""

import asyncio
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "e2e"))
from phonelib import App, Chromium, MouseWindow, Page, Xvfb, log_events  # noqa: E402

args = sys.argv[1:]


def option(name, default):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


PER = int(option("--per", "50"))
DEVICES = option("--devices", "mouse,touch").split(",")
INTERACTIONS = option("--interactions", "now,switcher,stack,carousel,swipe").split(",")
BIN = os.path.abspath(args[0])
WORK = os.path.abspath(args[1])
os.makedirs(WORK, exist_ok=True)

# Stage points (390x844). Each flick: 70 ms, 240 pt from the centre, a move every 8 ms.
CENTRE = (195, 422)
DIRECTIONS = {
    "now": ["left", "right", "up", "down"],
    "switcher": ["left", "right", "up"],
    "stack": ["left", "right"],
    "carousel": ["left", "right", "up"],
    "swipe": ["left", "right", "up"],
}
UNIT = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
# Directions that scroll or page: their momentum is still running when the next press comes, so
# where that press lands depends on the driver's timing, not on the flick being measured.
SCROLLS = {"now": ["up", "down"], "switcher": ["left", "right"], "carousel": ["left", "right"]}
DISTANCE, SECONDS, PAUSE = 240, 0.07, 0.5


def plan(interaction):
    """The flicks of one session, in order: the throws first (each direction in turn; the stack
    alternates a throw and a bring-back), then the scrolls and pages, each direction in turn. A
    throw never follows a scroll, so every throw's press lands on a list at rest, in both runs."""
    dirs = DIRECTIONS[interaction]
    scrolls = SCROLLS.get(interaction, [])
    throws = [d for d in dirs if d not in scrolls]
    return [d for _ in range(PER) for d in throws] + [d for _ in range(PER) for d in scrolls]


class Hog:
    """A busy loop on every core, ended on stop."""

    def __init__(self):
        self.procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(multiprocessing.cpu_count())]

    def stop(self):
        for p in self.procs:
            p.kill()
            p.wait()


def flicks_of(log):
    out = []
    for e in log_events(log):
        if e.get("event") == "gesture_ended":
            v = e.get("velocity", [0, 0])
            out.append({"kind": e.get("kind"), "outcome": e.get("outcome"), "direction": e.get("direction"),
                        "speed": (v[0] ** 2 + v[1] ** 2) ** 0.5, "estimate": e.get("velocityEstimate", "fit")})
    return out


def mouse_session(x, interaction, tag):
    log = os.path.join(WORK, f"mouse-{interaction}-{tag}.jsonl")
    rec = os.path.join(WORK, f"mouse-{interaction}-{tag}.rec")
    window = MouseWindow(BIN, WORK, x.display, ["--demo", interaction, "--count", "400", "--record", rec,
                                                "--size", "480x640"], log, name=f"mouse-{interaction}-{tag}",
                         priority=50 if os.geteuid() == 0 else None)
    try:
        if not window.wid:
            raise RuntimeError(f"mouse {interaction}: no window")
        time.sleep(0.5)
        for d in plan(interaction):
            u = UNIT[d]
            window.drag(CENTRE, (CENTRE[0] + u[0] * DISTANCE, CENTRE[1] + u[1] * DISTANCE), SECONDS)
            time.sleep(PAUSE)
    finally:
        window.quit()
    return flicks_of(log)


async def touch_session(chrome, x, interaction, tag):
    log = os.path.join(WORK, f"touch-{interaction}-{tag}.jsonl")
    rec = os.path.join(WORK, f"touch-{interaction}-{tag}.rec")
    app = App(BIN, WORK, x.display, ["--demo", interaction, "--count", "400", "--log", log, "--record", rec,
                                     "--size", "480x640"], name=f"touch-{interaction}-{tag}")
    page = await Page.open(chrome.endpoint)
    try:
        await page.phone(ratio=1)
        await page.goto(app.url)
        if not await page.wait_for("window.flick && flick.connected && flick.drawnCount > 0", 30):
            raise RuntimeError(f"touch {interaction}: the phone did not connect")
        await asyncio.sleep(0.5)
        for d in plan(interaction):
            u = UNIT[d]
            await page.drag(CENTRE, (CENTRE[0] + u[0] * DISTANCE, CENTRE[1] + u[1] * DISTANCE), SECONDS)
            await asyncio.sleep(PAUSE)
        await asyncio.sleep(0.5)
    finally:
        await page.close()
        app.quit()
    return flicks_of(log)


async def run(tag):
    x = Xvfb(WORK)
    subprocess.run(["chrt", "-f", "-p", "50", str(x.proc.pid)], capture_output=True)
    chrome = Chromium(WORK) if "touch" in DEVICES else None
    if chrome:
        subprocess.run(["chrt", "-f", "-a", "-p", "50", str(chrome.proc.pid)], capture_output=True)
    hog = Hog() if tag == "loaded" else None
    result = {}
    try:
        for device in DEVICES:
            for interaction in INTERACTIONS:
                started = time.time()
                if device == "mouse":
                    flicks = mouse_session(x, interaction, tag)
                else:
                    flicks = await touch_session(chrome, x, interaction, tag)
                result[f"{device}/{interaction}"] = flicks
                print(f"  {tag} {device} {interaction}: {len(flicks)} gestures in {time.time() - started:.0f} s", flush=True)
    finally:
        if hog:
            hog.stop()
        if chrome:
            chrome.stop()
        x.stop()
    return result


def compare(idle, loaded):
    rows = []
    for device in DEVICES:
        differ = total = 0
        ratios, degraded, idle_zero, loaded_zero, missing = [], 0, 0, 0, 0
        for interaction in INTERACTIONS:
            a, b = idle[f"{device}/{interaction}"], loaded[f"{device}/{interaction}"]
            expected = len(plan(interaction))
            missing += max(0, expected - len(a)) + max(0, expected - len(b))
            for fa, fb in zip(a, b):
                total += 1
                if (fa["kind"], fa["outcome"], fa["direction"]) != (fb["kind"], fb["outcome"], fb["direction"]):
                    differ += 1
                if fb["estimate"] != "fit":
                    degraded += 1
                idle_zero += fa["speed"] == 0
                loaded_zero += fb["speed"] == 0
                if fa["speed"] > 0:
                    ratios.append(fb["speed"] / fa["speed"])
        q = statistics.quantiles(ratios, n=20) if len(ratios) > 1 else [float("nan")] * 19
        rows.append({"device": device, "flicks": total, "missing": missing, "differ": differ,
                     "ratio_median": statistics.median(ratios) if ratios else float("nan"),
                     "ratio_p5": q[0], "ratio_p95": q[-1], "degraded": degraded,
                     "idle_zero": idle_zero, "loaded_zero": loaded_zero})
    return rows


async def main():
    idle = await run("idle")
    loaded = await run("loaded")
    rows = compare(idle, loaded)
    json.dump({"idle": idle, "loaded": loaded, "rows": rows}, open(os.path.join(WORK, "result.json"), "w"), indent=1)
    print("| device | flicks | outcome differs | loaded / idle speed, median (p5-p95) | marked degraded (loaded) | 0 pt/s idle / loaded | missing |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['device']} | {r['flicks']} | {r['differ']} ({100 * r['differ'] / max(1, r['flicks']):.1f} %) | "
              f"{r['ratio_median']:.3f} ({r['ratio_p5']:.3f}-{r['ratio_p95']:.3f}) | {r['degraded']} | "
              f"{r['idle_zero']} / {r['loaded_zero']} | {r['missing']} |")


asyncio.run(main())
