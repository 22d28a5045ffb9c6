"""The phone's costs over loopback, without a browser's drawing in them: a synthetic phone (a
WebSocket client speaking the page's protocol) drags at 120 Hz for a few seconds against
`flick window --phone` under a private Xvfb and answers each frame with `drawn` as it arrives.
Prints the app's own figures (touch to the frame's arrival on the phone, median and p99; the
render list's bytes per frame) and the app's CPU per second with the phone dragging, against the
same app idle with the phone connected.
Usage: python3 Benchmarks/phone_loopback.py path/to/flick [seconds]"""

import asyncio
import json
import os
import re
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "e2e"))
from phonelib import App, Xvfb  # noqa: E402
import websockets  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def phone_ms():
    return time.monotonic() * 1000


async def main(binary, seconds):
    work = tempfile.mkdtemp(prefix="flick-phone-bench-")
    x = Xvfb(work)
    app = App(binary, work, x.display, ["--demo", "now", "--count", "200", "--size", "480x640"], name="bench")
    frames = 0
    try:
        async with websockets.connect(app.ws_url(), ping_interval=None, max_size=1 << 20) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "viewport": {"width": 390, "height": 844}, "pixelRatio": 3,
                                      "userAgent": "flick phone_loopback.py", "touch": True}))

            async def reader():
                nonlocal frames
                async for raw in ws:
                    m = json.loads(raw)
                    if m["type"] == "frame":
                        frames += 1
                        await ws.send(json.dumps({"type": "drawn", "frame": m["n"], "t": phone_ms()}))
                    elif m["type"] == "clock":
                        await ws.send(json.dumps({"type": "sync", "t0": m["t0"], "t1": phone_ms(), "s": m["s"]}))
            task = asyncio.ensure_future(reader())
            for _ in range(5):
                await ws.send(json.dumps({"type": "clock", "t0": phone_ms()}))
                await asyncio.sleep(0.2)
            idle0 = cpu_seconds(app.proc.pid)
            await asyncio.sleep(seconds)
            idle = (cpu_seconds(app.proc.pid) - idle0) / seconds
            busy0 = cpu_seconds(app.proc.pid)
            start = time.time()
            y, direction, down = 600.0, -1, False
            while time.time() - start < seconds:
                if not down:
                    await ws.send(json.dumps({"type": "touch", "id": 1, "phase": "down", "x": 195, "y": y, "t": phone_ms()}))
                    down, travelled = True, 0
                y += direction * 3
                travelled += 3
                await ws.send(json.dumps({"type": "touch", "id": 1, "phase": "move", "x": 195, "y": y, "t": phone_ms()}))
                if travelled >= 300:
                    await ws.send(json.dumps({"type": "touch", "id": 1, "phase": "up", "x": 195, "y": y, "t": phone_ms()}))
                    down, direction = False, -direction
                await asyncio.sleep(1 / 120)
            if down:
                await ws.send(json.dumps({"type": "touch", "id": 1, "phase": "up", "x": 195, "y": y, "t": phone_ms()}))
            busy = (cpu_seconds(app.proc.pid) - busy0) / (time.time() - start)
            await asyncio.sleep(0.5)
            task.cancel()
    finally:
        app.quit()
        x.stop()
    summary = [line for line in app.text().splitlines() if "touch to phone frame" in line]
    figures = re.search(r"touch to phone frame ([\d.]+) ms median, ([\d.]+) ms p99 over (\d+) touches; (\d+) frames sent, (\d+) bytes each",
                        summary[-1] if summary else "")
    if not figures:
        print("phone_loopback: no figures from the app:", app.text()[-400:])
        return 1
    median, p99, touches, sent, size = figures.groups()
    print(f"phone over loopback, {seconds:.0f} s of dragging at 120 Hz ({touches} touches, {frames} frames received):")
    print(f"  touch to frame on the phone: {median} ms median, {p99} ms p99")
    print(f"  render list: {size} bytes a frame ({sent} frames sent)")
    print(f"  flick's CPU: {busy * 100:.0f} % of a core while the phone drags, {idle * 100:.0f} % idle with it connected")
    return 0


sys.exit(asyncio.run(main(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/flick"),
                          float(sys.argv[2]) if len(sys.argv) > 2 else 5.0)))
