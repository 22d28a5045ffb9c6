"""The participant's own phone (flick window --phone), end to end: headless Chromium as a
390x844 phone at pixel ratio 3 with touch emulation, driven over the DevTools protocol
(Input.dispatchTouchEvent drags and flings), against the real flick window under Xvfb.

- The five interactions: a slow drag stays, a fling deletes (or pages) exactly once, a 6 pt
  wiggle is a tap (the touch slop, 8 pt, not the mouse's 4); the recording names the device
  and its pointer events are touches; the headless replay of the recording logs the very same
  scene events; the phone's screenshot matches the headless replay's frame at the same time.
- The network face: no or a wrong token gets a short 403 on every route; a second device is
  refused (4409); malformed (4400), binary (4400) and oversized (1009) messages get their close
  codes and are said, and so does a frame without the mask bit (1002); a silent WebSocket
  (4401), one stopped in the middle of a frame (4401) and a stalled HTTP request are closed; a device
  flooding messages past the rate limit is closed with 4429 (said and logged); a drop
  mid-gesture cancels the gesture and the page reconnects and goes on; 200 connections opened
  and closed and 1,000 hostile clients leave the app running, its file descriptors and memory
  where they were, and the phone still working.
Usage: phone.py path/to/flick WORKDIR"""

import asyncio
import csv
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phonelib import (App, Chromium, Page, Xvfb, await_gestures, await_log, await_until, log_events, releases,  # noqa: E402
                      waited, window_key)
from e2elib import wait_until  # noqa: E402
import websockets  # noqa: E402

BIN = os.path.abspath(sys.argv[1])
WORK = os.path.abspath(sys.argv[2])
os.makedirs(WORK, exist_ok=True)
PASSED = FAILED = 0


def check(ok, what, detail=""):
    global PASSED, FAILED
    if ok:
        PASSED += 1
        print(f"  ok    {what}")
    else:
        FAILED += 1
        print(f"  FAIL  {what}{': ' + detail if detail else ''}")
    sys.stdout.flush()
    return ok


def scene_lines(path):
    """The log's scene events (what a replay must reproduce), as JSON objects."""
    skip = {"started", "quit", "input_refused", "phone"}
    return [e for e in log_events(path) if e.get("event") not in skip]


def gestures(events):
    return [e for e in events if e["event"] == "gesture_ended"]


def count(events, name):
    return sum(1 for e in events if e["event"] == name)


# Per interaction: where the finger goes. (slow drag, fling) as (start, end, seconds); what the
# fling must do: "deleted" (thrown) or "paged".
PLANS = {
    "now": (((195, 422), (235, 422), 0.7), ((150, 422), (400, 430), 0.1), "deleted"),
    "switcher": (((195, 500), (195, 470), 0.7), ((195, 520), (195, 180), 0.1), "deleted"),
    "stack": (((195, 422), (160, 422), 0.7), ((300, 422), (20, 430), 0.1), "deleted"),
    "carousel": (((250, 422), (215, 422), 0.7), ((300, 422), (60, 422), 0.12), "paged"),
    "swipe": (((195, 422), (235, 422), 0.7), ((195, 422), (430, 430), 0.1), "deleted"),
}


async def caught_up(page, log, what, timeout=10):
    """Until the page has drawn the scene up to the log's last scene event (flick.drawnT, the scene
    time of its last frame): on a loaded machine the page runs behind the app."""
    events = scene_lines(log)
    t = events[-1]["t"] if events else 0
    return await waited(page.wait_for(f"window.flick && flick.drawnT >= {t - 0.05}", timeout), f"{what}: the page's frames up to t={t:.3f}")


async def wait_connected(page, app, timeout=15):
    ok = await page.wait_for("window.flick && flick.connected && flick.drawnCount > 0", timeout)
    return ok


def gesture_detail(events, rec):
    """What the app made of the gestures and what it was given, for a failure's message: each
    gesture's outcome, translation and velocity, the refused inputs, each touch sequence's moves
    (count, first and last x, time span)."""
    said = [f"{e['kind']} {e['outcome']} {e.get('translation')} {[round(v) for v in e.get('velocity', [])]}"
            for e in gestures(events)]
    refused = count(events, "input_refused")
    strokes, cur = [], None
    for line in (json.loads(s) for s in open(rec)) if os.path.exists(rec) else []:
        p = line.get("pointer")
        if not p:
            continue
        if p["phase"] == "down":
            cur = [p]
            strokes.append(cur)
        elif cur is not None:
            cur.append(p)
    touches = [f"{len(s)} inputs x {s[0]['position']['x']}->{s[-1]['position']['x']} in "
               f"{(s[-1]['time'] - s[0]['time']) * 1000:.0f} ms, last {s[-1]['phase']}" for s in strokes]
    return f"gestures {said}; refused {refused}; touches {touches}"


async def interaction(chrome, x, demo, attempt=1, engine=False):
    """One session on the phone: three gestures, their outcomes, the recording, the replay.
    With `engine` the page runs the engine itself (--phone-engine): the same, and the host's
    events equal the page's (every digest compared, none different).
    The browser schedules the driver's touches, and a loaded machine can deliver a fling late
    enough that the session's late-input rule bunches it: should an attempt's gestures not be
    the ones driven, they are said with what the app was given (and its files kept as
    `<demo>-try<N>.*`) and the session runs again, up to three attempts; the last must pass."""
    name = f"{demo}-engine" if engine else demo
    log, rec = os.path.join(WORK, f"{name}.jsonl"), os.path.join(WORK, f"{name}.rec")
    extra = []
    if engine and demo == "swipe":
        # The session's own name for a direction (a text key) reaches the page's engine.
        names = os.path.join(WORK, "swipe-names.json")
        with open(names, "w") as f:
            json.dump({"swipe": {"rightName": "yes"}}, f)
        extra = ["--config", names]
    app = App(BIN, WORK, x.display, ["--demo", demo, "--log", log, "--record", rec, "--size", "480x640"]
              + (["--phone-engine"] if engine else ["--phone-thin"]) + extra, name=name)
    demo_name = demo
    demo = name
    page = await Page.open(chrome.endpoint)
    shot = None
    try:
        await page.phone()
        await page.goto(app.url)
        if not check(await wait_connected(page, app), f"{demo}: the phone connects and draws", app.text()[-300:]):
            return
        await page.wait_for("flick.facesLoaded > 0", 10)
        if engine and not check(await page.wait_for("flick.engine !== null && flick.records.length > 0", 10),
                                f"{demo}: the page runs the engine (flick-engine.wasm) and draws its frames",
                                f"{await page.eval('flick.engineFailed')} {app.text()[-300:]}"):
            return
        slow, fling, effect = PLANS[demo_name]
        await page.drag(*slow)
        await waited(await_gestures(log, 1), f"{demo}: the slow drag's end, its card at rest")
        await caught_up(page, log, demo)
        if demo_name == "swipe":
            # The slow drag right leaned the card toward `like` (or the config's name for it):
            # the page drew its stamp (and `nope` perhaps, as the card swung back past home).
            stamped = await page.eval("flick.stamped")
            right = "yes" if engine else "like"
            check(stamped.get(right, 0) > 0, f"{demo}: the slow drag right drew the card's stamp '{right}' on the page "
                  f"(frames by stamp: {stamped})", f"frames by stamp {stamped}")
        await page.drag(*fling)
        # The fling's card at rest, the page's frames up to it, and the faces those frames asked
        # for come (the new top card's face at its new size, else it shows its background).
        await waited(await_gestures(log, 2), f"{demo}: the fling's end, its card at rest")
        await caught_up(page, log, demo)
        await page.wait_for("flick.facesPending === 0", 10)
        if demo_name == "swipe":
            # The phone's picture of this moment, against the replay's frame at its scene time.
            shot = (os.path.join(WORK, "phone-swipe.png"), await page.eval("flick.drawnT"))
            await page.screenshot(shot[0])
        # 6 pt: past the mouse's slop (4 pt), within the touch slop (8 pt): a tap on a phone.
        before = releases(rec)
        await page.drag((200, 300), (206, 300), 0.15)
        # The tap must make no gesture: the session ends once the app has recorded its release.
        await waited(await_until(lambda: releases(rec) > before, 10), f"{demo}: the tap's release reaches the app")
    finally:
        await page.close()
        rc = app.quit()
    events = scene_lines(log)
    g = gestures(events)
    began = [e for e in events if e["event"] == "gesture_began"]
    ok = len(g) == 2 and len(began) == 2
    if ok:
        first_end = events.index(g[0])
        before = events[:first_end + 1]
        ok = (count(before, "deleted") == 0 and count(before, "paged") == 0
              and g[0]["outcome"] in ("stayed", "snapped_back", "scrolled")
              and g[1]["outcome"] == ("paged" if effect == "paged" else "thrown")
              and count(events, effect) == 1)
    detail = f"deleted {count(events, 'deleted')}, paged {count(events, 'paged')}, exit {rc}; {gesture_detail(events, rec)}"
    if not ok and attempt < 3:
        for path in (log, rec, app.out_path):
            if os.path.exists(path):
                base, ext = os.path.splitext(path)
                os.replace(path, f"{base}-try{attempt}{ext}")
        print(f"  note  {demo}: attempt {attempt}'s gestures were not the ones driven ({detail}); once more")
        sys.stdout.flush()
        return await interaction(chrome, x, demo_name, attempt=attempt + 1, engine=engine)
    check(ok, f"{demo}: slow drag stays, the fling {'pages' if effect == 'paged' else 'deletes'} exactly once, a 6 pt wiggle "
          f"starts no drag (the touch slop, 8 pt; the mouse's is 4)", detail)
    lines = [json.loads(line) for line in open(rec)] if os.path.exists(rec) else []
    header = lines[0] if lines else {}
    device = header.get("device", {})
    pointers = [line["pointer"] for line in lines[1:] if "pointer" in line]
    check(device.get("input") == "touch" and device.get("viewport") == {"width": 390, "height": 844}
          and device.get("pixel_ratio") == 3 and "FlickE2E" in device.get("user_agent", "")
          and pointers and all(p["device"] == "touch" for p in pointers),
          f"{demo}: the recording's header names the phone (touch, 390x844 at 3x, its user agent); {len(pointers)} touch inputs",
          f"device {device}, pointer devices {set(p['device'] for p in pointers)}")
    replay_log = os.path.join(WORK, f"{demo}-replay.jsonl")
    r = subprocess.run([BIN, "window", "--headless", "--replay", rec, "--log", replay_log], capture_output=True, text=True, timeout=60)
    replayed = scene_lines(replay_log)
    check(r.returncode == 0 and replayed == events and len(events) >= 6,
          f"{demo}: the headless replay logs the same {len(events)} scene events, times and values included",
          f"exit {r.returncode} {r.stderr[-200:]}; live {len(events)} replay {len(replayed)}; first difference "
          f"{next(((a, b) for a, b in zip(events, replayed) if a != b), None)}")
    if shot:
        compare_screenshot(rec, *shot)
    if engine:
        summary = [e for e in log_events(log) if e.get("event") == "phone" and e.get("what") == "summary"]
        s = summary[-1] if summary else {}
        diverged = [e for e in log_events(log) if e.get("event") == "phone" and e.get("what") in ("diverged", "records")]
        # A digest is compared for each batch once the host has as many events: a slow page
        # draws fewer frames and sends fewer batches, so the floor is 20, not the usual 50-190.
        check(s.get("records", 0) > 100 and s.get("digests", 0) >= 20 and s.get("divergences") == 0 and not diverged,
              f"{demo}: the host took the page's {s.get('records')} records and compared {s.get('digests')} event digests: "
              f"{s.get('divergences')} divergences", f"summary {s}; problems {diverged[:3]}")
    return app


def mean_difference(a, b):
    from PIL import Image, ImageChops, ImageStat
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def compare_screenshot(rec, phone_png, t):
    """The phone's screenshot (1170x2532) at 390x844 against the headless replay's frame at the
    scene time the page last drew; the replay at the session's start is the control."""
    from PIL import Image
    frames = {}
    for name, at in (("same", t), ("start", 0.0)):
        out = os.path.join(WORK, f"replay-{name}.png")
        r = subprocess.run([BIN, "window", "--headless", "--replay", rec, "--stage", "window", "--size", "390x844",
                            "--screenshot", out, "--at", f"{at:.6f}"], capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            check(False, "the headless replay draws the frame at the phone's time", r.stderr[-300:])
            return
        frames[name] = Image.open(out)
    phone = Image.open(phone_png)
    small = phone.resize((390, 844), Image.LANCZOS)
    same, control = mean_difference(small, frames["same"]), mean_difference(small, frames["start"])
    check(phone.size == (1170, 2532) and same < 10 and same * 3 < control,
          f"the phone's screenshot ({phone.size[0]}x{phone.size[1]}) matches the headless replay's frame at t={t:.3f} s: "
          f"mean difference {same:.1f} of 255 (the frame at the start: {control:.1f})",
          f"size {phone.size}, same {same:.1f}, control {control:.1f}")


def http_get(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read(), dict(e.headers)


def fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def rss_kb(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return -1


async def ws_close_code(url, send=None, wait=8):
    """Connects, sends `send` (text, bytes, or None), returns the close code (None: still open)."""
    try:
        async with websockets.connect(url, max_size=1 << 20, open_timeout=5, close_timeout=2, ping_interval=None) as ws:
            if send is not None:
                await ws.send(send)
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), wait)
            except websockets.ConnectionClosed as e:
                return e.code
            except asyncio.TimeoutError:
                return None
    except websockets.ConnectionClosed as e:
        return e.code
    except websockets.InvalidStatusCode as e:
        return f"http {e.status_code}"


def stalled_http(host, port, limit):
    """A request that never finishes its headers: seconds until the server closes it."""
    s = socket.create_connection((host, port), timeout=limit)
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    start = time.time()
    try:
        while s.recv(1024):
            pass
    except OSError:
        pass
    s.close()
    return time.time() - start


def stalled_ws_frame(host, port, token, limit):
    """A WebSocket that sends the head and 10 bytes of a 60-byte frame, then nothing: seconds
    until the server closes it, and the close code it sent (None: none)."""
    s = socket.create_connection((host, port), timeout=limit)
    s.sendall(f"GET /ws?t={token} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = s.recv(4096)
        if not chunk:
            return 0.0, None
        got += chunk
    got = got.split(b"\r\n\r\n", 1)[1]
    s.sendall(bytes([0x81, 0x80 | 60, 1, 2, 3, 4]) + bytes(10))
    start = time.time()
    try:
        while True:
            chunk = s.recv(1024)
            if not chunk:
                break
            got += chunk
    except OSError:
        pass
    s.close()
    code = int.from_bytes(got[2:4], "big") if len(got) >= 4 and got[0] & 0x0F == 8 else None
    return time.time() - start, code


def unmasked_frame(host, port, token):
    """A WebSocket that says hello in a frame without the mask bit (RFC 6455 5.1 wants it on
    every client frame): the close code the server sent (None: none) and whether it closed."""
    s = socket.create_connection((host, port), timeout=5)
    s.sendall(f"GET /ws?t={token} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = s.recv(4096)
        if not chunk:
            return None, True
        got += chunk
    got = got.split(b"\r\n\r\n", 1)[1]
    hello = json.dumps({"type": "hello", "v": 1, "viewport": {"width": 390, "height": 844}, "pixelRatio": 3,
                        "userAgent": "phone.py unmasked", "touch": True}).encode()
    s.sendall(bytes([0x81, len(hello)]) + hello)
    closed = False
    try:
        while True:
            chunk = s.recv(1024)
            if not chunk:
                closed = True
                break
            got += chunk
    except OSError:
        pass
    s.close()
    code = int.from_bytes(got[2:4], "big") if len(got) >= 4 and got[0] & 0x0F == 8 else None
    return code, closed


async def hostile(app, i):
    """One of 1,000 hostile clients, by kind."""
    kind = i % 8
    base = f"http://{app.host}:{app.port}"
    loop = asyncio.get_event_loop()
    try:
        if kind == 0:
            await loop.run_in_executor(None, http_get, base + "/phone.js")
        elif kind == 1:
            await ws_close_code(app.ws_url("0" * 32), wait=2)
        elif kind == 2:
            r, w = await asyncio.wait_for(asyncio.open_connection(app.host, app.port), 10)
            try:
                w.write(os.urandom(512))
                await w.drain()
                await asyncio.wait_for(r.read(4096), 2)
            finally:
                w.close()
        elif kind == 3:
            r, w = await asyncio.wait_for(asyncio.open_connection(app.host, app.port), 10)
            w.write(b"GET /?t=" + app.token.encode() + b" HTTP/1.1\r\nHost: x\r\n")
            await w.drain()
            await asyncio.sleep(1.0)   # deliberate: a client that stops mid-head for a second, then goes
            w.close()
        elif kind == 4:
            await ws_close_code(app.ws_url(), "{\"type\":\"touch\",\"x\":\"nan\"}", wait=3)
        elif kind == 5:
            await ws_close_code(app.ws_url(), "x" * 8000, wait=3)
        elif kind == 6:
            await ws_close_code(app.ws_url(), b"\x00\x01\x02", wait=3)
        else:
            r, w = await asyncio.wait_for(asyncio.open_connection(app.host, app.port), 10)
            w.close()
    except Exception:
        pass


async def network(chrome, x):
    log, rec = os.path.join(WORK, "net.jsonl"), os.path.join(WORK, "net.rec")
    app = App(BIN, WORK, x.display, ["--demo", "swipe", "--count", "200", "--log", log, "--record", rec, "--size", "480x640",
                                     "--phone-thin"], name="net")
    page = await Page.open(chrome.endpoint)
    await page.phone()
    await page.goto(app.url)
    check(await wait_connected(page, app), "network: the phone connects", app.text()[-300:])
    base = f"http://{app.host}:{app.port}"

    # The token, on every route.
    bad = []
    for path in ["/", "/phone.js", "/phone.css", "/face/0123456789abcdef?w=10&h=10", "/ws", "/other",
                 f"/?t={'f' * 32}", f"/?t={app.token[:-1]}", f"/?t={app.token.upper()}", f"/phone.js?t={app.token}x"]:
        status, body, headers = await asyncio.get_event_loop().run_in_executor(None, http_get, base + path)
        if status != 403 or len(body) > 200 or b"token" not in body or "default-src 'none'" not in headers.get("Content-Security-Policy", ""):
            bad.append((path, status, body[:60]))
    status, body, headers = http_get(base + f"/?t={app.token}")
    check(not bad and status == 200 and b"phone.js?t=" in body and "script-src 'self'" in headers.get("Content-Security-Policy", "")
          and b"http://" not in body and b"https://" not in body,
          "every route without the token (10 tries: none, wrong, one short, upper case, one long) gets a short 403 with the CSP; "
          "the page with it loads nothing from outside", f"{bad}, page {status}")
    one_off = app.token[:-1] + ("1" if app.token.endswith("0") else "0")   # never the token itself
    codes = [await ws_close_code(app.ws_url(t)) for t in ("", "0" * 32, one_off)]
    check(codes == ["http 400"] * 3, "a WebSocket without the right token is refused before the upgrade (HTTP 400, no body)", f"{codes}")

    # A second device while the first is there.
    second = await Page.open(chrome.endpoint)
    await second.phone()
    await second.goto(app.url)
    refused = await second.wait_for("window.flick && flick.closeCode === 4409", 8)
    text = await second.eval("document.getElementById('status').textContent")
    still = await page.eval("flick.connected")
    await second.send("Page.close")
    await second.close()
    await page.send("Page.bringToFront")
    check(refused and still and "Another phone" in (text or ""),
          "a second device is refused (close 4409, 'Another phone is connected'); the first stays connected", f"{refused} {text} {still}")

    # Malformed, binary, oversized, silent, stalled.
    results = await asyncio.gather(
        ws_close_code(app.ws_url(), "not json at all"),
        ws_close_code(app.ws_url(), '{"type":"touch","id":1,"phase":"wiggle","x":1,"y":1,"t":1}'),
        ws_close_code(app.ws_url(), b"\x00\x01binary"),
        ws_close_code(app.ws_url(), "{" + "x" * 5000 + "}"),
        ws_close_code(app.ws_url(), None, wait=9),
        asyncio.get_event_loop().run_in_executor(None, stalled_http, app.host, app.port, 20),
        asyncio.get_event_loop().run_in_executor(None, stalled_ws_frame, app.host, app.port, app.token, 20))
    took, code = results[6]
    check(code == 4401 and 4.5 < took < 8, f"a WebSocket that stops in the middle of a frame is closed after {took:.1f} s with {code} "
          "(no whole hello within 5 s)", f"{took:.1f} s, code {code}")
    check(results[:5] == [4400, 4400, 4400, 1009, 4401],
          "malformed (4400), a bad phase (4400), binary (4400), oversized (1009), no hello within 5 s (4401): each its close code",
          f"{results[:5]}")
    check(results[5] < 14, f"a request that stalls in its headers is closed after {results[5]:.1f} s (idle limit 10 s)", f"{results[5]:.1f}")
    code, closed = await asyncio.get_event_loop().run_in_executor(None, unmasked_frame, app.host, app.port, app.token)
    check(code == 1002 and closed and await page.eval("flick.connected"),
          "a hello in a frame without the mask bit is closed with 1002 (protocol error); the phone stays connected",
          f"code {code}, closed {closed}")
    said = ("4400 malformed message: not a JSON object", "4400 malformed message: binary data", "4401 expected hello first",
            "request head did not come whole", "1002 protocol error: a frame without the mask bit")
    wait_until(lambda: all(x in app.text() for x in said), 10)
    out = app.text()
    check("4400 malformed message: not a JSON object" in out and "4400 malformed message: binary data" in out
          and "4401 expected hello first" in out and "request head did not come whole" in out
          and "1002 protocol error: a frame without the mask bit" in out,
          "the refusals are said on the terminal with their close codes and reasons", out[-400:])

    # A drop in the middle of a gesture: cancelled; the page reconnects and the session goes on.
    began = count(scene_lines(log), "gesture_began")
    page.unacknowledged = []
    await page.touch("touchStart", 195, 422, wait=False)
    for i in range(1, 8):
        await page.touch("touchMove", 195 + i * 10, 422, wait=False)
        await asyncio.sleep(0.02)   # deliberate: a finger's pace
    await asyncio.gather(*page.unacknowledged)
    await waited(await_log(log, "gesture_began", began + 1), "the drag's start at the app")
    await page.eval("flick.socket.close()")
    await waited(page.wait_for("flick.connected === false"), "the page's connection down")
    await page.touch("touchEnd", wait=False)
    back = await page.wait_for("flick.connected === true && flick.closeCode === null", 10)
    await waited(await_log(log, "gesture_ended", where=lambda e: e.get("outcome") == "cancelled"), "the cut gesture's end (cancelled)")
    await page.drag((195, 422), (430, 430), 0.1)
    await waited(await_log(log, "deleted"), "the fling's deletion after the reconnect")
    events = scene_lines(log)
    g = gestures(events)
    check(back and len(g) >= 2 and g[0]["outcome"] == "cancelled" and g[1]["outcome"] == "thrown" and count(events, "deleted") == 1
          and "phone reconnected" in app.text(),
          "a drop mid-gesture ends it cancelled; the page reconnects, the session resumes, the next fling deletes",
          f"back {back}, gestures {[(e['kind'], e['outcome']) for e in g]}")

    # 200 connections opened and closed, then 1,000 hostile clients.
    await asyncio.sleep(1)   # deliberate: the reconnect's old sockets a second to close before the baseline
    fd0, rss0 = fds(app.proc.pid), rss_kb(app.proc.pid)

    opened = []

    async def open_close(i):
        try:
            async with websockets.connect(app.ws_url(), open_timeout=10, close_timeout=2, ping_interval=None):
                opened.append(i)
        except Exception:
            pass
    start = time.time()
    for batch in range(10):
        await asyncio.gather(*(open_close(i) for i in range(20)))
    took = time.time() - start
    # Each closed on the client's side: the app's ends close as it reads their close (10 s at most).
    wait_until(lambda: fds(app.proc.pid) <= fd0 + 4, 10)
    fd1 = fds(app.proc.pid)
    check(app.alive() and len(opened) == 200 and fd1 <= fd0 + 4 and await page.eval("flick.connected"),
          f"{len(opened)} WebSockets opened and closed in {took:.1f} s: the app runs, file descriptors {fd0} -> {fd1}, the phone stays connected",
          f"alive {app.alive()}, fds {fd0} -> {fd1}")
    start = time.time()
    sem = asyncio.Semaphore(100)

    async def limited(i):
        async with sem:
            await asyncio.wait_for(hostile(app, i), 20)
    await asyncio.gather(*(limited(i) for i in range(1000)), return_exceptions=True)
    took = time.time() - start
    # Connections the clients left half-said are closed by the server's own limits (10 s at most).
    deadline = time.time() + 15
    while fds(app.proc.pid) > fd0 + 4 and time.time() < deadline:
        await asyncio.sleep(0.5)   # a poll
    fd2, rss2 = fds(app.proc.pid), rss_kb(app.proc.pid)
    before = count(scene_lines(log), "deleted")
    await page.drag((195, 422), (430, 430), 0.1)
    await waited(await_log(log, "deleted", before + 1), "the fling's deletion after the hostile clients")
    after = count(scene_lines(log), "deleted")
    check(app.alive() and fd2 <= fd0 + 4 and rss2 - rss0 < 64 * 1024 and after == before + 1,
          f"1,000 hostile clients (no token, wrong token, garbage bytes, stalled headers, malformed, oversized, binary, "
          f"half-open) in {took:.1f} s: no crash, file descriptors {fd0} -> {fd2}, memory {rss0 // 1024} -> {rss2 // 1024} MB, "
          f"the phone still flings",
          f"alive {app.alive()}, fds {fd0} -> {fd2}, rss {rss0} -> {rss2} kB, deleted {before} -> {after}")
    await page.send("Page.close")   # the tab itself: its socket closes and the device slot frees
    await page.close()

    # A device that sends more than a finger can: past the burst, closed with 4429, said and logged.
    flood_code, flood_took = None, 0.0
    for attempt in range(20):   # until the closed page's device slot is free (4409 before)
        try:
            async with websockets.connect(app.ws_url(), open_timeout=10, close_timeout=2, ping_interval=None) as ws:
                await ws.send(json.dumps({"type": "hello", "v": 1, "viewport": {"width": 390, "height": 844}, "pixelRatio": 3,
                                          "userAgent": "phone.py flood", "touch": True}))
                await asyncio.wait_for(ws.recv(), 5)   # the welcome: this connection is the device
                start = time.time()
                try:
                    for i in range(3000):
                        await ws.send(f'{{"type":"drawn","frame":{i},"t":{i}}}')
                    while True:
                        await asyncio.wait_for(ws.recv(), 5)
                except websockets.ConnectionClosed as e:
                    flood_code = e.code
                flood_took = time.time() - start
        except websockets.ConnectionClosed as e:
            flood_code = e.code
        except Exception as e:
            flood_code = repr(e)
        if flood_code != 4409:
            break
        await asyncio.sleep(0.5)   # a poll: the closed page's slot not free yet
    await waited(await_log(log, "phone", where=lambda e: e.get("what") == "dropped" and "4429" in e.get("detail", "")),
                 "the log's line for the flood's 4429")
    wait_until(lambda: "4429 too many messages" in app.text(), 10)
    flood_lines = [e for e in log_events(log) if e["event"] == "phone" and e.get("what") == "dropped" and "4429" in e.get("detail", "")]
    check(flood_code == 4429 and flood_lines and "4429 too many messages" in app.text() and app.alive(),
          f"a device flooding {3000} messages is closed with 4429 after {flood_took:.2f} s (600 a second, burst 1,200); "
          "the terminal and the log say it, the app runs", f"code {flood_code}, log lines {len(flood_lines)}")
    rc = app.quit()
    summary = [line for line in app.text().splitlines() if "touch to phone frame" in line]
    phone_lines = [e for e in log_events(log) if e["event"] == "phone"]
    whats = [e["what"] for e in phone_lines]
    check(whats[:1] == ["connected"] and "dropped" in whats and "reconnected" in whats and "refused" in whats
          and whats[-1] == "summary" and phone_lines[-1].get("touches", 0) > 0 and phone_lines[-1].get("refused", 0) >= 300
          and whats.count("refused") <= 100,
          f"the log says the phone's connect, drop, reconnect, the first {whats.count('refused')} refusals and the summary "
          f"({phone_lines[-1].get('latencyMedianMs') if phone_lines else None} ms median, {phone_lines[-1].get('refused') if phone_lines else None} refused)",
          f"{whats[:5]} ... {whats[-3:]}")
    check(rc == 143 and summary and "refused" in summary[-1],
          "the session ends on SIGTERM with the phone's summary: " + (summary[-1].split("phone: ", 1)[-1] if summary else "none"),
          f"exit {rc}, {app.text()[-300:]}")


# The participant's side on the phone: a task name with markup in it (shown as text), a task
# with no goal (ended by Done), one given up, the SEQ after each, the SUS at the end.
SIDE_TASK = 'Like a card <img src=x id=injected> & "keep" it'
SIDE_TASKS = {"participantSide": {"taskText": True, "seq": True, "sus": True},
              "tasks": [{"name": SIDE_TASK}, {"name": "Find the map"}]}
SUS_ANSWERS = [4, 2, 5, 1, 4, 2, 3, 2, 4, 1]   # a score of 80 by hand


def non_blank(png):
    """The screenshot's distinct colours (a blank page has one or two) and the share of its
    pixels that differ from the most common colour."""
    from PIL import Image
    im = Image.open(png).convert("RGB").resize((390, 844))
    colours = im.getcolors(390 * 844)
    top = max(colours)[0]
    return len(colours), 1 - top / (390 * 844)


async def side_state(page, state, timeout=10):
    return await page.wait_for(f"window.flick && flick.side && flick.side.state === {json.dumps(state)}", timeout)


async def participant(chrome, x, engine=False):
    """A study session done on the phone alone: the laptop gets the facilitator's keys (M starts a
    task, Q asks the SUS), the phone every answer (Done, Give up, two SEQs, the SUS's ten items)
    and an undo. The recording holds them as the participant's, the replay reproduces the log,
    `flick study` counts them; each state of the page is captured. With `engine` the page runs
    the engine itself (--phone-engine): the same, and 0 divergences."""
    side = "side-engine" if engine else "side"
    tasks = os.path.join(WORK, "side-tasks.json")
    with open(tasks, "w") as f:
        json.dump(SIDE_TASKS, f)
    log, rec = os.path.join(WORK, f"{side}.jsonl"), os.path.join(WORK, f"{side}.rec")
    app = App(BIN, WORK, x.display, ["--demo", "swipe", "--tasks", tasks, "--log", log, "--record", rec, "--size", "480x640"]
              + (["--phone-engine"] if engine else ["--phone-thin"]), name=side)
    page = await Page.open(chrome.endpoint)
    shots, laptop_keys = {}, []
    try:
        await page.phone()
        await page.goto(app.url)
        if not check(await wait_connected(page, app) and await side_state(page, "waiting"),
                     f"{side}: the phone connects and waits for the first task (never a blank page)", app.text()[-300:]):
            return
        await page.wait_for("flick.facesLoaded > 0", 10)
        geometry = await page.eval("(function () { const p = document.getElementById('panel').getBoundingClientRect(); "
                                   "const v = flick.engine ? flick.engineViewport : flick.welcome.viewport; return {panel: flick.welcome.panel, top: p.top, height: innerHeight, "
                                   "vw: v.width, vh: v.height, text: document.getElementById('waiting').textContent}; })()")
        check(geometry["panel"] > 0 and geometry["vh"] + geometry["panel"] == geometry["height"] == 844 and geometry["vw"] == 390
              and geometry["top"] >= geometry["vh"],
              f"{side}: the stage is the phone's {geometry['vw']}x{geometry['vh']} above a {geometry['panel']} px panel (its top at "
              f"{geometry['top']:.0f}, the stage's bottom at {geometry['vh']}): no control over the stage",
              f"{geometry}")
        shots["waiting"] = os.path.join(WORK, f"{side}-waiting.png")
        await page.screenshot(shots["waiting"])

        # Task 1: its text as text, a fling, Undo, Done, the SEQ 6.
        laptop_keys.append("m")
        window_key(x.display, "m")
        ok = await side_state(page, "task")
        text = await page.eval("document.getElementById('task-text').textContent")
        injected = await page.eval("document.getElementById('injected') !== null || document.querySelectorAll('#panel img').length")
        check(ok and text == f"Task 1 of 2: {SIDE_TASK}" and not injected,
              f"{side}: task 1's text on the phone, its markup shown as text (no element made of it)", f"{ok} {text!r} {injected}")
        shots["task"] = os.path.join(WORK, f"{side}-task.png")
        await page.screenshot(shots["task"])
        await page.drag((195, 380), (430, 390), 0.1)
        await waited(await_gestures(log, 1), f"{side}: the fling's end, its card thrown")
        await waited(page.wait_for("!document.getElementById('undo').hidden"), f"{side}: Undo on the phone")
        undo_shown = await page.eval("!document.getElementById('undo').hidden")
        await page.tap("#undo")
        await waited(await_log(log, "restored"), f"{side}: the undo's restored card")
        await page.tap("#done")
        check(undo_shown and await side_state(page, "seq"), f"{side}: Undo is offered in the swipe deck; Done brings the SEQ up on the phone")
        shots["seq"] = os.path.join(WORK, f"{side}-seq.png")
        await page.screenshot(shots["seq"])
        await page.tap('#seq button[data-value="6"]')
        check(await side_state(page, "waiting"), f"{side}: the SEQ answered 6 on the phone; the page waits for the next task")

        # Task 2: given up, its SEQ 3.
        laptop_keys.append("m")
        window_key(x.display, "m")
        await side_state(page, "task")
        await page.tap("#give-up")
        await side_state(page, "seq")
        await page.tap('#seq button[data-value="3"]')
        await side_state(page, "waiting")

        # Q on the laptop asks the SUS; the phone answers its ten items and the session ends.
        laptop_keys.append("q")
        window_key(x.display, "q")
        ok = await side_state(page, "sus")
        shots["sus"] = os.path.join(WORK, f"{side}-sus.png")
        await page.screenshot(shots["sus"])
        answered = 0
        for i, v in enumerate(SUS_ANSWERS):
            if not await page.wait_for(f"flick.side && flick.side.state === 'sus' && flick.side.item === {i + 1}", 8):
                break
            await page.tap(f'#sus button[data-value="{v}"]')
            answered += 1
        check(ok and answered == 10, f"{side}: Q on the laptop put the SUS on the phone; its {answered} items answered there")
    finally:
        await page.close()
        try:
            rc = app.proc.wait(15)
        except subprocess.TimeoutExpired:
            rc = app.quit()
    check(rc == 0, f"{side}: the session ended by itself once the SUS was answered (exit 0)", f"exit {rc}, {app.text()[-300:]}")

    # The laptop's window: its phone-sized stage ends above the participant's task bar.
    started = log_events(log)[0] if log_events(log) else {}
    (ww, wh), (_, sy, _, sh) = started.get("window", (0, 0)), started.get("stage", (0, 0, 0, 0))
    bar_top = wh - min(64, wh / 3)
    check(wh > 0 and sy + sh <= bar_top,
          f"{side}: in the laptop's {ww}x{wh} window the stage ends at {sy + sh:.0f}, above the task bar (from {bar_top:.0f})",
          f"{started.get('window')} {started.get('stage')}")

    lines = [json.loads(line) for line in open(rec)] if os.path.exists(rec) else []
    inputs = lines[1:]
    answers = [(i["answer"]["kind"], i["answer"].get("item"), i["answer"].get("value")) for i in inputs if "answer" in i]
    want = [("done", None, None), ("seq", None, 6), ("give_up", None, None), ("seq", None, 3)] + \
           [("sus", i + 1, v) for i, v in enumerate(SUS_ANSWERS)]
    undos = [i for i in inputs if i.get("command") == "undo"]
    by_facilitator = [i for i in inputs if ("answer" in i or i.get("command") == "undo") and i.get("by")]
    pointers = [i["pointer"] for i in inputs if "pointer" in i]
    check(answers == want and len(undos) == 1 and not by_facilitator and pointers and all(p["device"] == "touch" for p in pointers)
          and lines[0].get("device", {}).get("input") == "touch",
          f"{side}: the recording holds the phone's {len(answers)} answers (Done, SEQ 6, Give up, SEQ 3, SUS x10) and its undo, "
          "each the participant's, in a touch session", f"answers {answers}, undos {len(undos)}, by {by_facilitator}")
    events = log_events(log)
    ended = [(e["number"], e["outcome"], e.get("by")) for e in events if e["event"] == "task_ended"]
    done = [e for e in events if e["event"] == "questionnaire" and e["what"] == "completed"]
    restored = [e for e in events if e["event"] == "restored" and e.get("cause") == "key"]
    deleted = [e for e in events if e["event"] == "deleted"]
    seqs = [(e["number"], e["value"]) for e in events if e["event"] == "answer" and e["question"] == "seq"]
    check(ended == [(1, "success", "participant"), (2, "gave_up", "participant")] and seqs == [(1, 6), (2, 3)]
          and [(e["questionnaire"], e.get("score")) for e in done] == [("seq", None), ("seq", None), ("sus", 80)]
          and len(deleted) == 1 and len(restored) == 1 and restored[0]["card"] == deleted[0]["card"],
          f"{side}: the log ends task 1 a success and task 2 given up, both by the participant; SEQ 6 and 3; SUS 80; the "
          "flung card deleted once and brought back by the phone's Undo (cause key, as the Z key's)",
          f"ended {ended}, seq {seqs}, completed {[(e['questionnaire'], e.get('score')) for e in done]}, "
          f"deleted {len(deleted)}, restored {restored}")
    replay_log = os.path.join(WORK, f"{side}-replay.jsonl")
    r = subprocess.run([BIN, "window", "--headless", "--replay", rec, "--log", replay_log], capture_output=True, text=True, timeout=60)
    live, replayed = scene_lines(log), scene_lines(replay_log)
    check(r.returncode == 0 and live == replayed and sum(1 for e in live if e["event"] == "answer") == 14,
          f"{side}: the headless replay logs the same {len(live)} lines, the 14 answers included",
          f"exit {r.returncode} {r.stderr[-200:]}; first difference {next(((a, b) for a, b in zip(live, replayed) if a != b), None)}")
    study = os.path.join(WORK, f"{side}-study")
    r = subprocess.run([BIN, "study", rec, "--out", study], capture_output=True, text=True, timeout=120)
    sus = list(csv.DictReader(open(os.path.join(study, "sus.csv")))) if r.returncode == 0 else []
    seq = list(csv.DictReader(open(os.path.join(study, "seq.csv")))) if r.returncode == 0 else []
    check(r.returncode == 0 and [row["score"] for row in sus] == ["80"]
          and [(row["number"], row["value"], row["outcome"]) for row in seq] == [("1", "6", "success"), ("2", "3", "gave_up")],
          f"{side}: flick study counts the phone's answers (SUS 80; SEQ 6 and 3)", f"exit {r.returncode} {r.stderr[-300:]}; sus {sus}; seq {seq}")
    # Trips to the laptop: every answer and the undo came from the phone; the laptop had only the
    # facilitator's keys.
    check(laptop_keys == ["m", "m", "q"],
          f"{side}: the participant's trips to the laptop: 0 (the phone made all {len(answers)} answers and the undo; the laptop got "
          f"only the facilitator's {len(laptop_keys)} keys)")
    blank = {name: non_blank(path) for name, path in shots.items()}
    check(len(blank) == 4 and all(c >= 8 and share > 0.02 for c, share in blank.values()),
          f"{side}: each state of the page (waiting, task, SEQ, SUS) is drawn: " +
          ", ".join(f"{name} {c} colours, {share:.0%} off its background" for name, (c, share) in blank.items()), f"{blank}")
    if engine:
        device = lines[0].get("device", {}) if lines else {}
        check(device.get("engine") is True and device.get("input") == "touch",
              f"{side}: the recording's header says the page ran the engine (its questionnaire kept its stage; a replay "
              "blocks none of its touches)", f"device {device}")
        summary = next((e for e in reversed(log_events(log)) if e.get("event") == "phone" and e.get("what") == "summary"), {})
        problems = [e for e in log_events(log) if e.get("event") == "phone" and e.get("what") in ("diverged", "records")]
        check(summary.get("divergences") == 0 and summary.get("digests", 0) >= 10 and not problems,
              f"{side}: the page's engine and the host's session agree through the tasks, answers and questionnaires: "
              f"{summary.get('digests')} digests, {summary.get('divergences')} divergences", f"summary {summary}, problems {problems[:3]}")
    else:
        composite(shots)


def composite(shots):
    """The four states side by side at 390x844 each: docs/phone-participant.png when FLICK_DOCS
    names the docs folder, else in the work folder."""
    from PIL import Image
    order = [n for n in ("waiting", "task", "seq", "sus") if n in shots]
    out = Image.new("RGB", (len(order) * 390 + (len(order) - 1) * 12, 844), (255, 255, 255))
    for i, name in enumerate(order):
        out.paste(Image.open(shots[name]).convert("RGB").resize((390, 844), Image.LANCZOS), (i * 402, 0))
    target = os.path.join(os.environ.get("FLICK_DOCS", WORK), "phone-participant.png")
    out.save(target, optimize=True)
    print(f"  note  the page's states: {target}")


async def engine_network(chrome, x, attempt=1):
    """--phone-engine when the network fails and when the stream is tampered with. The browser
    schedules the driver's touches: should a fling come to the page's engine bunched (its
    samples later than the late-input window, so moved to one time), it is said, with its
    files kept as `engine-cut-try<N>.*`, and the cut runs again (`retry_bunched`: up to three
    attempts; the last must pass)."""
    log, rec = os.path.join(WORK, "engine-cut.jsonl"), os.path.join(WORK, "engine-cut.rec")
    app = App(BIN, WORK, x.display, ["--demo", "now", "--log", log, "--record", rec, "--size", "480x640", "--phone-engine"],
              name="engine-cut")
    page = await Page.open(chrome.endpoint)
    try:
        await page.phone()
        await page.goto(app.url)
        ok = await wait_connected(page, app) and await page.wait_for("flick.engine !== null && flick.records.length > 0", 10)
        if not check(ok, "engine cut: the page runs the engine", app.text()[-300:]):
            return
        await page.frames(3)   # the page drawing again: ready for touches
        # A fling whose middle and end happen while the connection is down, then a second one
        # wholly inside the gap: the page's engine goes on, the records wait on the page.
        page.unacknowledged = []
        await page.touch("touchStart", 150, 422, wait=False)
        for i in range(1, 4):
            await page.touch("touchMove", 150 + i * 8, 422, wait=False)
            await asyncio.sleep(0.016)   # deliberate: a finger's pace
        await page.eval("flick.retry = 3000, flick.socket.close()")   # a gap of 3 s
        for i in range(4, 12):
            await page.touch("touchMove", 150 + i * 25, 424, wait=False)
            await asyncio.sleep(0.012)   # deliberate: a finger's pace
        await page.touch("touchEnd", wait=False)
        await asyncio.gather(*page.unacknowledged)
        # Deliberate: the thrown card's flight, a second of the 3 s gap, before the next fling.
        await asyncio.sleep(1.0)
        down = await page.eval("flick.connected")
        # 310 pt: past the list's distance threshold (250 pt), so it throws however the browser
        # delivers it.
        await page.drag((60, 422), (370, 430), 0.1)
        back = await page.wait_for("flick.connected === true && flick.closeCode === null", 10)
        await page.wait_for("flick.unsent === flick.base + flick.records.length", 5)
        await waited(await_gestures(log, 2), "engine cut: both flings' ends and deletions at the host")
        await page.wait_for("flick.unsent === flick.base + flick.records.length", 5)
        # Counted between two frames (everything given is sent by then), and the page closed
        # before it gives another.
        page_events, page_records, sent = await page.eval(
            "(() => { const n = [flick.engine.eventCount(), flick.base + flick.records.length, flick.unsent];"
            " flick.socket.onclose = null; flick.socket.close(); return n; })()")
    finally:
        await page.close()
        rc = app.quit()
    lines = log_events(log)
    events = scene_lines(log)
    g = gestures(events)
    phone = [e for e in lines if e.get("event") == "phone"]
    whats = [e["what"] for e in phone]
    summary = phone[-1] if phone and phone[-1]["what"] == "summary" else {}
    dropped = next((e for e in phone if e["what"] == "dropped"), None)
    again = next((e for e in phone if e["what"] == "reconnected"), None)
    if retry_bunched("engine cut", attempt, events, 2, (log, rec, app.out_path)):
        return await engine_network(chrome, x, attempt + 1)
    check(down is False and back and [e["outcome"] for e in g] == ["thrown", "thrown"] and count(events, "deleted") == 2
          and dropped is not None and again is not None,
          "engine cut: a fling under way when the connection drops and one made in the gap both throw on the page; "
          f"the log says when the gap started ({dropped and dropped['t']} s) and ended ({again and again['t']} s)",
          f"connected in the gap {down}, back {back}, gestures {[(e['kind'], e['outcome']) for e in g]}, phone lines {whats}, exit {rc}")
    check(summary.get("records") == page_records == sent and summary.get("divergences") == 0 and "diverged" not in whats
          and "records" not in whats and len(events) <= page_events + 1,
          f"engine cut: every one of the page's {page_records} records came once ({summary.get('records')} taken), "
          f"{summary.get('digests')} digests compared, {summary.get('divergences')} divergences",
          f"summary {summary}; page events {page_events}, host scene lines {len(events)}")
    replay_log = os.path.join(WORK, "engine-cut-replay.jsonl")
    r = subprocess.run([BIN, "window", "--headless", "--replay", rec, "--log", replay_log], capture_output=True, text=True, timeout=60)
    check(r.returncode == 0 and scene_lines(replay_log) == events,
          f"engine cut: the recording is whole: its headless replay logs the same {len(events)} scene events",
          f"exit {r.returncode} {r.stderr[-200:]}")

    # A tampered stream from a client of its own: the same records twice, a gap, a frame that
    # goes back, a record that is no input, a wrong digest. Each refused or logged with its reason.
    log = os.path.join(WORK, "engine-tamper.jsonl")
    app = App(BIN, WORK, x.display, ["--demo", "now", "--log", log, "--size", "480x640", "--phone-engine"], name="engine-tamper")
    basis = "cbf29ce484222325"   # the digest of no events

    def batch(first, records, digest=basis, events=0):
        return json.dumps({"type": "records", "first": first, "records": records, "events": events, "digest": digest})
    said = []
    try:
        async with websockets.connect(app.ws_url(), open_timeout=10, close_timeout=2, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "viewport": {"width": 390, "height": 844}, "pixelRatio": 3,
                                      "userAgent": "phone.py tamper", "touch": True}))
            frames = [[7, 0, 0, 0, 0.1 + i / 60] for i in range(6)]
            await ws.send(batch(0, frames[:3]))
            await ws.send(batch(1, frames[1:4]))                       # 1-2 twice, 3 new
            await ws.send(batch(9, frames[4:6]))                       # 4-8 never came
            await ws.send(batch(4, [[7, 0, 0, 0, 0.01]]))             # a frame before the last
            await ws.send(batch(5, [[42, 1, 2, 3, 0.2]]))             # no such kind
            await ws.send(batch(6, [[7, 0, 0, 0, 0.3]], digest="0123456789abcdef"))   # not the host's digest
            await ws.send(batch(7, [[9, 1, 3, 1, 0.35]]))              # a task start the host never sent
            try:
                while True:
                    m = json.loads(await asyncio.wait_for(ws.recv(), 1.5))
                    if m.get("type") == "resend":
                        said.append(m)
            except (asyncio.TimeoutError, websockets.ConnectionClosed):
                pass
    finally:
        app.quit()
    problems = [e["detail"] for e in log_events(log) if e.get("event") == "phone" and e.get("what") in ("records", "diverged")]
    expected = ["records 1-2 came twice", "records 4 to 8 never came", "a frame at 0.01 s, before the last frame",
                "record 5 (kind 42", "diverged: after 0 events (record 6)", "record 7: a task start the host never sent"]
    missing = [x for x in expected if not any(x in p for p in problems)]
    check(not missing and said == [{"type": "resend", "from": 4}] and app.proc.returncode is not None,
          "engine tamper: records twice (skipped), a gap (refused, resend asked from 4), a frame going back, a record that is no "
          "input (refused), a wrong digest (diverged), a task start the host never sent (refused): each logged with its reason, "
          "the session goes on",
          f"missing {missing}; logged {problems}; asked {said}; exit {app.proc.returncode}")


def retry_bunched(what, attempt, events, want_deleted, paths):
    """True when a fling came to the page's engine bunched (its touches later than the
    late-input window, as a loaded machine delivers them) and so threw fewer cards than the
    test drove: the attempt's files are kept as `<name>-try<N>.*` and said, and the caller runs
    the session again (up to three attempts; the last must pass)."""
    bunched = [e for e in gestures(events) if e.get("velocityEstimate") == "bunched"]
    if not bunched or count(events, "deleted") == want_deleted or attempt >= 3:
        return False
    for path in paths:
        if os.path.exists(path):
            base, ext = os.path.splitext(path)
            os.replace(path, f"{base}-try{attempt}{ext}")
    print(f"  note  {what}: attempt {attempt} had a fling bunched ({[(e['outcome'], e['t']) for e in bunched]}), "
          f"{count(events, 'deleted')} cards thrown of {want_deleted}; once more")
    sys.stdout.flush()
    return True


async def engine_host(chrome, x, attempt=1):
    """--phone-engine with what the host changes: the config file's keys reach the page's engine
    as it starts; a key on the host's window (Z) and a reload of the config file go to the page,
    which gives them to its engine and sends them back as its own records."""
    log, rec, cfg = (os.path.join(WORK, n) for n in ("engine-host.jsonl", "engine-host.rec", "engine-host.json"))
    with open(cfg, "w") as f:
        json.dump({"now": {"throwSpeed": 700}}, f)
    app = App(BIN, WORK, x.display, ["--demo", "now", "--log", log, "--record", rec, "--size", "480x640", "--phone-engine",
                                     "--config", cfg], name="engine-host")
    page = await Page.open(chrome.endpoint)
    try:
        await page.phone()
        await page.goto(app.url)
        ok = await wait_connected(page, app) and await page.wait_for("flick.engine !== null && flick.records.length > 0", 10)
        if not check(ok, "engine host: the page runs the engine", app.text()[-300:]):
            return
        await page.frames(3)   # the page drawing again: ready for touches
        await page.drag(*PLANS["now"][1])
        await waited(await_gestures(log, 1), "engine host: the first fling's end and deletion")
        pressed = window_key(x.display, "z")
        await waited(await_log(log, "restored"), "engine host: Z's restored card")
        with open(cfg + ".tmp", "w") as f:
            json.dump({"now": {"throwSpeed": 300}}, f)
        os.replace(cfg + ".tmp", cfg)
        # The reload as the page's own record (config_reloaded), all the page's records sent.
        await waited(await_log(log, "config_reloaded"), "engine host: the config file's reload")
        await page.wait_for("flick.unsent === flick.base + flick.records.length", 5)
        await page.frames(3)   # the page drawing again: ready for touches
        await page.drag(*PLANS["now"][1])
        await waited(await_gestures(log, 2), "engine host: the second fling's end and deletion")
        # The page reloaded mid-session: it asks for the session's records, gives them to a new
        # engine, and the next fling throws the next card.
        await page.send("Page.reload")
        reloaded = await page.wait_for("window.flick && flick.engine !== null && flick.connected && flick.base > 0", 15)
        await page.frames(3)   # the page drawing again: ready for touches
        await page.drag(*PLANS["now"][1])
        await waited(await_gestures(log, 3), "engine host: the fling after the reload, its end and deletion")
        # The connection down (no reconnect for 30 s), a fling on the page, then the page
        # reloaded: the new page gives its engine the host's history and then this tab's records
        # the host never had, and sends them; the fling made offline throws on the host too.
        await page.eval("flick.retry = 30000, flick.socket.close()")
        await waited(page.wait_for("flick.connected === false"), "engine host: the page's connection down")
        await page.drag((60, 422), (370, 430), 0.1)
        await waited(page.wait_for("flick.base + flick.records.length - flick.unsent > 0"), "engine host: the offline fling's records waiting on the page")
        await page.frames(3)   # the page drawing again: ready for touches
        offline = await page.eval("[flick.connected, flick.base + flick.records.length - flick.unsent]")
        await page.send("Page.reload")
        restored = await page.wait_for("window.flick && flick.engine !== null && flick.connected && flick.restored > 0", 15)
        restored_n = await page.eval("flick.restored")
        await page.wait_for("flick.unsent === flick.base + flick.records.length", 5)
        await waited(await_gestures(log, 4), "engine host: the offline fling's end and deletion at the host")
    finally:
        await page.close()
        app.quit()
    lines = log_events(log)
    events = scene_lines(log)
    if retry_bunched("engine host", attempt, events, 4, (log, rec, app.out_path)):
        return await engine_host(chrome, x, attempt + 1)
    check(offline[0] is False and offline[1] > 0 and restored and restored_n >= offline[1] and count(events, "deleted") == 4,
          f"engine host: a page reloaded while the connection was down keeps its {offline[1]} unsent records in the tab, "
          f"gives its new engine the host's history and then {restored_n} of its own, and sends them: the fling made "
          f"offline throws on the host too ({count(events, 'deleted')} cards thrown in all)",
          f"offline [connected, unsent] {offline}, restored {restored} ({restored_n}), deleted {count(events, 'deleted')}")
    reloads = [e for e in lines if e.get("event") == "config_reloaded"]
    summary = next((e for e in reversed(lines) if e.get("event") == "phone" and e.get("what") == "summary"), {})
    speed = [e.get("config", {}).get("now", {}).get("throwSpeed") for e in reloads]
    # The host's edits as the recording has them: each taken from the page's own record.
    recorded = [json.loads(line) for line in open(rec)][1:] if os.path.exists(rec) else []
    relayed = [f"{k} at {line.get('t')} s" for line in recorded for k in ("command", "config") if k in line]
    check(pressed and reloaded and count(events, "deleted") == 4 and count(events, "restored") == 1 and speed == [300]
          and summary.get("divergences") == 0 and summary.get("digests", 0) > 20,
          "engine host: Z on the host's window brings the card back and the reloaded file's throwSpeed (300) reaches the "
          f"page's engine, each as the page's own record ({relayed}); the page reloaded takes the session up from its records "
          f"and throws the next card; {summary.get('digests')} digests, "
          f"{summary.get('divergences')} divergences",
          f"key pressed {pressed}, reloaded {reloaded}, deleted {count(events, 'deleted')}, restored {count(events, 'restored')}, reloads {speed}, "
          f"summary {summary}, out {app.text()[-300:]}")
    replay_log = os.path.join(WORK, "engine-host-replay.jsonl")
    r = subprocess.run([BIN, "window", "--headless", "--replay", rec, "--log", replay_log], capture_output=True, text=True, timeout=60)
    check(r.returncode == 0 and scene_lines(replay_log) == events,
          f"engine host: the headless replay logs the same {len(events)} scene events", f"exit {r.returncode} {r.stderr[-200:]}")


async def engine_tasks(chrome, x, attempt=1):
    """--phone-engine with --tasks and --cards: each task's start state (another interaction, a
    config, three of the folder's cards in an order of its own; then a reset) is set up by the
    page's engine at the time the host's session sets it up, so the two agree to the bit; the
    start deck shows its own faces on the page from its first frame. Three task keys pressed at
    once on the laptop: the end waits behind the start under way. A file added to the folder
    cannot reach the page's deck: refused, said and logged, and the session goes on."""
    from PIL import Image, ImageDraw
    folder = os.path.join(WORK, "engine-tasks")
    cards = os.path.join(folder, "cards")
    os.makedirs(cards, exist_ok=True)
    colours = {"a": (200, 40, 40), "b": (40, 160, 60), "c": (40, 80, 200), "d": (230, 180, 20)}
    if os.path.exists(os.path.join(cards, "e.png")):
        os.remove(os.path.join(cards, "e.png"))   # added by an earlier attempt
    for name, colour in colours.items():
        im = Image.new("RGB", (360, 640), colour)
        ImageDraw.Draw(im).rectangle((40, 40, 320, 200), fill=(255, 255, 255))
        im.save(os.path.join(cards, f"{name}.png"))
    tasks, slow = os.path.join(folder, "tasks.json"), os.path.join(folder, "slow.json")
    with open(slow, "w") as f:
        json.dump({"stack": {"minThrowDuration": 0.8, "maxThrowDuration": 1.2}}, f)
    with open(tasks, "w") as f:
        json.dump({"tasks": [
            {"name": "Throw one from the stack of three",
             "start": {"interaction": "stack", "config": "slow.json", "cards": ["d", "a", "c"]}},
            {"name": "Back to the list", "start": {"interaction": "now", "reset": True}},
        ]}, f)
    log, rec = os.path.join(WORK, "engine-tasks.jsonl"), os.path.join(WORK, "engine-tasks.rec")
    app = App(BIN, WORK, x.display, ["--cards", cards, "--demo", "now", "--tasks", tasks, "--log", log, "--record", rec,
                                     "--size", "480x640", "--phone-engine"], name="engine-tasks")
    page = await Page.open(chrome.endpoint)
    faces, shot, deck_before, deck_after = None, None, None, None
    try:
        await page.phone()
        await page.goto(app.url)
        ok = await wait_connected(page, app) and await page.wait_for("flick.engine !== null && flick.records.length > 0", 10)
        if not check(ok, "engine tasks: the page runs the engine with the folder's cards", app.text()[-300:]):
            return
        await page.wait_for("flick.facesLoaded > 0", 10)
        window_key(x.display, "m")
        started = await page.wait_for("flick.engine.cardCount() === 3 && flick.assigned.size === 3", 10)
        await page.frames(3)
        # The page's start deck: d, a, c (images 3, 0, 2), each by the map the start came with.
        faces = await page.eval("Array.from({length: flick.engine.cardCount()}, function (_, i) { "
                                "return flick.assigned.get(flick.engine.deckCard(i)); })")
        check(started and faces == [3, 0, 2],
              f"engine tasks: M on the laptop starts task 1 on the page's engine: the stack of d, a, c, each drawn with its "
              f"own face from the start (images {faces})", f"started {started}, faces {faces}")
        await waited(page.still(), "engine tasks: the page's picture at rest")
        shot = (os.path.join(WORK, "phone-engine-tasks.png"), await page.eval("flick.drawnT"))
        await page.screenshot(shot[0])
        await page.drag(*PLANS["stack"][1])
        await waited(await_gestures(log, 1), "engine tasks: the fling's end and deletion in task 1")
        # End task 1, start task 2 and end it, all at once: the third M ends the task the second
        # starts, though the page may not have set it up yet (the end waits behind the start).
        for _ in range(3):
            window_key(x.display, "m")
        await waited(await_log(log, "task_ended", 2), "engine tasks: both tasks' ends")
        await waited(await_log(log, "interaction_changed", 2), "engine tasks: task 2's switch to now")
        await page.wait_for("flick.unsent === flick.base + flick.records.length", 5)
        await page.frames(3)   # the page drawing again: ready for touches
        await page.drag(*PLANS["now"][1])
        await waited(await_gestures(log, 2), "engine tasks: the second fling's end and deletion")
        # A file added to the folder: refused for the page's engine, the deck as it was.
        deck_before = await page.eval("flick.engine.cardCount()")
        Image.new("RGB", (360, 640), (120, 0, 160)).save(os.path.join(cards, "e.png"))
        await waited(await_log(log, "phone", where=lambda e: e.get("what") == "refused" and "cards refused" in e.get("detail", "")),
                     "engine tasks: the refusal of e.png")
        await page.frames(3)
        deck_after = await page.eval("flick.engine.cardCount()")
    finally:
        await page.close()
        rc = app.quit()
    lines = log_events(log)
    events = scene_lines(log)
    if retry_bunched("engine tasks", attempt, events, 2, (log, rec, app.out_path)):
        return await engine_tasks(chrome, x, attempt + 1)
    tasks_seen = [(e["event"], e.get("number"), e.get("outcome")) for e in lines if e.get("event") in ("task_started", "task_ended")]
    times = [e["t"] for e in lines if e.get("event") in ("task_started", "task_ended")]
    resets = [e for e in events if e["event"] == "reset"]
    switched = [e.get("to") for e in events if e["event"] == "interaction_changed"]
    reloads = [e for e in lines if e.get("event") == "config_reloaded"]
    summary = next((e for e in reversed(lines) if e.get("event") == "phone" and e.get("what") == "summary"), {})
    problems = [e for e in lines if e.get("event") == "phone" and e.get("what") in ("diverged", "records")]
    check(tasks_seen == [("task_started", 1, None), ("task_ended", 1, "ended"), ("task_started", 2, None), ("task_ended", 2, "ended")]
          and times == sorted(times) and len(resets) == 2 and all(e.get("cause") == "facilitator" for e in resets)
          and switched == ["stack", "now"] and len(reloads) == 1 and count(events, "deleted") == 2
          and summary.get("divergences") == 0 and summary.get("digests", 0) >= 10 and not problems,
          f"engine tasks: both tasks start and end in order ({len(tasks_seen)} lines, times {[round(t, 2) for t in times]}), their "
          f"start states set up as the facilitator's ({len(resets)} resets, cause facilitator; switches {switched}; slow.json loaded), "
          f"two cards thrown; {summary.get('digests')} digests, {summary.get('divergences')} divergences",
          f"tasks {tasks_seen}, times {times}, resets {[(e.get('t'), e.get('cause')) for e in resets]}, reloads {len(reloads)}, "
          f"deleted {count(events, 'deleted')}, summary {summary}, problems {problems[:3]}, exit {rc}, out {app.text()[-300:]}")
    refused = [e for e in lines if e.get("event") == "phone" and e.get("what") == "refused" and "cards refused" in e.get("detail", "")]
    check(len(refused) == 1 and "e.png" in refused[0]["detail"] and "cards refused" in app.text() and deck_after == deck_before
          and count(events, "inserted") == 0,
          f"engine tasks: e.png added to the folder is refused for the page's engine, said and logged once "
          f"({refused[0]['detail'][:70] if refused else None}...); the page's deck keeps its {deck_after} cards",
          f"refused {refused}, deck after {deck_after}, inserted {count(events, 'inserted')}, out {app.text()[-300:]}")
    replay_log = os.path.join(WORK, "engine-tasks-replay.jsonl")
    r = subprocess.run([BIN, "window", "--headless", "--replay", rec, "--log", replay_log], capture_output=True, text=True, timeout=60)
    replayed = scene_lines(replay_log)
    check(r.returncode == 0 and replayed == events,
          f"engine tasks: the headless replay logs the same {len(events)} scene events, the start states included",
          f"exit {r.returncode} {r.stderr[-200:]}; first difference {next(((a, b) for a, b in zip(events, replayed) if a != b), None)}")
    if shot:
        compare_screenshot(rec, *shot)


async def main():
    only = os.environ.get("FLICK_PHONE_ONLY")   # side, engine, engine-tasks, or every part
    x = Xvfb(WORK)
    chrome = Chromium(WORK)
    try:
        if only is None:
            for demo in ["now", "switcher", "stack", "carousel", "swipe"]:
                await interaction(chrome, x, demo)
        if only in (None, "engine"):
            # Again with the engine on the page (--phone-engine).
            for demo in ["now", "switcher", "stack", "carousel", "swipe"]:
                await interaction(chrome, x, demo, engine=True)
            await engine_network(chrome, x)
            await engine_host(chrome, x)
            await engine_tasks(chrome, x)
        if only == "engine-tasks":
            await engine_tasks(chrome, x)
        if only in (None, "engine", "engine-side"):
            await participant(chrome, x, engine=True)
        if only in (None, "side"):
            await participant(chrome, x)
        if only is None:
            await network(chrome, x)
    finally:
        chrome.stop()
        x.stop()


started = time.time()
try:
    asyncio.run(main())
except Exception as e:  # a crash of the driver is a failure, said with its cause
    import traceback
    traceback.print_exc()
    check(False, "the phone suite ran to its end", repr(e))
print(f"phone: {PASSED} passed, {FAILED} failed ({time.time() - started:.0f} s)")
sys.exit(1 if FAILED else 0)
