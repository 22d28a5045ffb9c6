"""The participant's phone page, timed in its two modes in one run: headless Chromium over the
DevTools protocol as a 390x844 phone at pixel ratio 3, against the real flick window (flick
window --software --phone, demo "now", 200 cards) under a private Xvfb.

- thin: the host runs the session and sends render lists over the WebSocket; the page only draws.
- engine (--phone-engine): the page runs flick-engine.wasm itself and draws its own frames; the
  host replays the page's records and compares event digests.

For each CPU throttling rate (1 and 4, Emulation.setCPUThrottlingRate) and each mode, a fresh
app and a fresh page, SECONDS of drags and flings (a vertical fling, a slow sideways drag, a
sideways throw, a move every 8 ms), then a markdown table:

- frame ms: the page's own `flick.frameMs` (engine: step + draw of each frame, every animation
  frame; thin: the draw of each render list received, so idle time draws nothing);
- touch -> drawn: engine, the page's `flick.touchMs` (each touch sample's own time to the end of
  the frame that drew it); thin, the host's summary line (latencyMedianMs, latencyP99Ms: the
  touch on the phone to the page's drawn frame that showed it, over the whole session);
- engine only: the host summary's divergences and the page's records it took.

Exits non-zero only when a run's page does not connect (or, with the engine, does not load it).
The wasm module and its .mjs are found next to the build, or in FLICK_WASM_DIR; the cards in
FLICK_ASSETS, else the repository's assets folder.

usage: phone_page_bench.py path/to/flick [SECONDS]   (60 s of gestures a run: a throttled run draws about 9 frames a second,
and its p99 needs a few hundred of them)"""

import asyncio
import json
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "e2e"))
from phonelib import App, Chromium, Page, Xvfb, log_events  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
RATES = (1, 4)
MODES = ("thin", "engine")
# What the finger does, in turn, in the "now" demo (CSS px = stage points at 390x844): a fling up
# the list, a slow sideways drag let go (it stays), a sideways throw (a card deleted; 200 cards
# so the deck never runs out). A short pause after each lets the motion settle and be drawn.
GESTURES = (((195, 600), (195, 250), 0.12), ((195, 422), (235, 422), 0.7), ((150, 422), (400, 430), 0.1))
PAUSE = 0.25
# The page keeps the last 4096 of frameMs and touchMs: more frames than that in a run and the
# first ones are gone (said in the table's notes).
KEPT = 4096


def p(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else None


def median(values):
    return statistics.median(values) if values else None


def summary_line(log):
    lines = [e for e in log_events(log) if e.get("event") == "phone" and e.get("what") == "summary"]
    return lines[-1] if lines else {}


async def one_run(binary, work, x, chromium, rate, mode, seconds, apps):
    """One fresh app and page in `mode`, throttled `rate`x while the gestures run; its figures,
    or a dict with "failed" when the page did not connect (or load the engine)."""
    name = f"{mode}-{rate}x"
    log = os.path.join(work, f"{name}.jsonl")
    args = ["--demo", "now", "--count", "200", "--log", log, "--size", "480x640"] + (["--phone-engine"] if mode == "engine" else ["--phone-thin"])
    app = App(binary, work, x.display, args, name=name)
    apps.append(app)
    page = await Page.open(chromium.endpoint)
    result = {"mode": mode, "rate": rate}
    try:
        await page.phone()
        # Loaded unthrottled (the wasm module's compile is not what is measured), then throttled.
        await page.send("Emulation.setCPUThrottlingRate", rate=1)
        await page.goto(app.url)
        if not await page.wait_for("window.flick && flick.connected && flick.drawnCount > 0", 20):
            result["failed"] = f"the page did not connect: {app.text()[-300:]!r}"
            return result
        if mode == "engine" and not await page.wait_for("flick.engine !== null", 20):
            result["failed"] = f"the page did not load the engine: {await page.eval('flick.engineFailed')} {app.text()[-300:]!r}"
            return result
        await page.wait_for("flick.facesLoaded > 0", 10)
        await page.send("Emulation.setCPUThrottlingRate", rate=rate)
        # Only what the gestures cause is counted: the load's frames and any touch not yet drawn go.
        drawn0 = await page.eval("flick.frameMs = [], flick.touchMs = [], flick.touchesWaiting = [], flick.drawnCount")
        started = time.time()
        end = started + seconds
        k = 0
        while time.time() < end:
            await page.drag(*GESTURES[k % len(GESTURES)])
            await asyncio.sleep(PAUSE)
            k += 1
        await asyncio.sleep(0.5)   # the last motion drawn
        figures = await page.eval("({frameMs: flick.frameMs, touchMs: flick.touchMs, drawn: flick.drawnCount, "
                                  "connected: flick.connected, closeCode: flick.closeCode, engineFailed: flick.engineFailed})")
        elapsed = time.time() - started
        await page.send("Emulation.setCPUThrottlingRate", rate=1)
        result.update(figures, gestures=k, drawnDuring=figures["drawn"] - drawn0, elapsed=elapsed)
    finally:
        await page.close()
        rc = app.quit()
    # The host writes its summary line as the session ends: read after the quit.
    result["summary"] = summary_line(log)
    result["exit"] = rc
    return result


def fmt(v, digits=2):
    return "-" if v is None else f"{v:.{digits}f}"


def table(results):
    rows = ["| mode | CPU throttle | frames counted | frame ms median | frame ms p99 | touch→drawn ms median | "
            "touch→drawn ms p99 | touches | divergences | records |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    notes = []
    for r in results:
        label = f"{r['mode']} ({'page engine' if r['mode'] == 'engine' else 'host engine'})"
        if "failed" in r:
            rows.append(f"| {label} | {r['rate']}x | failed | | | | | | | |")
            notes.append(f"{r['mode']} {r['rate']}x: {r['failed']}")
            continue
        frames, s = r["frameMs"], r["summary"]
        if r["mode"] == "engine":
            touch = r["touchMs"]
            t_med, t_p99, touches = median(touch), p(touch, 0.99), len(touch)
            div, rec = s.get("divergences"), s.get("records")
        else:
            t_med, t_p99, touches = s.get("latencyMedianMs"), s.get("latencyP99Ms"), s.get("touches")
            div = rec = None
        rows.append(f"| {label} | {r['rate']}x | {len(frames)} | {fmt(median(frames))} | {fmt(p(frames, 0.99))} | "
                    f"{fmt(t_med, 1)} | {fmt(t_p99, 1)} | {'-' if touches is None else touches} | "
                    f"{'-' if div is None else div} | {'-' if rec is None else rec} |")
        if r["drawnDuring"] > KEPT:
            notes.append(f"{r['mode']} {r['rate']}x: {r['drawnDuring']} frames drawn, only the last {KEPT} kept by the page")
        if not s:
            notes.append(f"{r['mode']} {r['rate']}x: no summary line in the host's log (exit {r['exit']})")
        if not r["connected"] or r["closeCode"] is not None:
            notes.append(f"{r['mode']} {r['rate']}x: the page was disconnected at the end (close code {r['closeCode']})")
        if r["mode"] == "engine" and (s.get("divergences") or r["engineFailed"]):
            notes.append(f"{r['mode']} {r['rate']}x: divergences {s.get('divergences')}, engine failure {r['engineFailed']}")
        # 143 is a SIGTERM's quit (128 + 15), the way each run is ended.
        if r["exit"] not in (0, 143):
            notes.append(f"{r['mode']} {r['rate']}x: the app exited {r['exit']}")
    return "\n".join(rows), notes


async def run(binary, seconds, work, x, chromium, apps):
    results = []
    for rate in RATES:
        for mode in MODES:
            r = await one_run(binary, work, x, chromium, rate, mode, seconds, apps)
            results.append(r)
            if "failed" in r:
                print(f"phone-page-bench: {mode} {rate}x FAILED: {r['failed']}")
            else:
                # Frames a second: frameMs times only the page's script, not its raster or
                # compositing, so a slow page shows here and not in the frame ms.
                print(f"phone-page-bench: {mode} {rate}x: {r['gestures']} gestures, {len(r['frameMs'])} frames "
                      f"({r['drawnDuring'] / r['elapsed']:.1f} drawn a second), "
                      f"{len(r['touchMs'])} page touch samples; host summary {json.dumps(r['summary'])}")
            sys.stdout.flush()
    return results


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    work = tempfile.mkdtemp(prefix="flick-phone-page-bench-")
    # The app runs in the work folder: a binary copied out of the build (so a rebuild cannot
    # change it mid-run) finds the bundled cards neither there nor beside itself.
    os.environ.setdefault("FLICK_ASSETS", os.path.join(ROOT, "assets"))
    # SIGTERM ends the run as Ctrl-C does, so the processes below are stopped either way.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    apps, x, chromium = [], None, None
    load_before = os.getloadavg()
    try:
        x = Xvfb(work)
        chromium = Chromium(work)
        results = asyncio.run(run(binary, seconds, work, x, chromium, apps))
    finally:
        for app in apps:
            app.quit()
        if chromium:
            chromium.stop()
        if x:
            x.stop()
        shutil.rmtree(work, ignore_errors=True)
    text, notes = table(results)
    print()
    print(text)
    print()
    print(f"{seconds:g} s of gestures a run; load average (1, 5, 15 min) before {', '.join(f'{v:.2f}' for v in load_before)}, "
          f"after {', '.join(f'{v:.2f}' for v in os.getloadavg())}")
    for n in notes:
        print(f"note: {n}")
    sys.exit(1 if any("failed" in r for r in results) else 0)


if __name__ == "__main__":
    main()
