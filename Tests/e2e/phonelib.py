"""The phone side of the e2e phone suite: headless Chromium driven over the DevTools protocol
(a 390x844 phone at pixel ratio 3 with touch emulation, touches through
Input.dispatchTouchEvent), the flick window under a private Xvfb, and raw WebSocket clients for
the hostile cases. Debian's python3-websockets (10.x, the asyncio API).

What drives a participant's page (the phone page and flick host's link page), shared by
study_link.py and docs/make_link_screenshots.py:
  Page.visible(selector)      the centre of a shown element (VISIBLE), else None
  Page.tap(selector, hold)    a finger's tap on it; False when it is not shown
  Page.place()                where the page is: body[data-state], the task and the SUS item
  Page.tap_on(selector)       a tap, then a wait until the page has moved on (place() changed);
                              False when nothing was tapped or the page stayed
  Page.stage_centre(selector) the centre of the stage element (its canvas)
  Page.gesture(centre, k)     the k-th of alternating gestures: a fling sideways (a throw), then
                              a slower drag up and back
  Page.frames(n)              until the page has drawn n more frames (DRAWN)
  Page.painted()              until two animation frames have run (any page: what it holds is shown)
  Page.still()                until two small pictures of the page in a row are the same
Waits (each polls its condition to a deadline; e2elib.wait_until is the shared form):
  Page.wait_for(expression, timeout)   until the expression is true in the page
  wait_log(path, event, count, timeout) until the interaction log holds count lines of event
  await_log(path, event, count, timeout, where)
                                       the same in a coroutine, optionally only lines where(line)
  await_gestures(path, n, timeout)     until n gestures have ended in the log and their cards are
                                       at rest (snapped back, deleted, paged); wait_gestures
                                       the same outside a coroutine
  waited(awaitable, what)              any of these, saying what did not come when it did not"""

import asyncio
import base64
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import websockets

from e2elib import wait_until

HERE = os.path.dirname(os.path.abspath(__file__))


class Xvfb:
    """A private X server on a free display (-displayfd picks it), ended by pid."""

    def __init__(self, work, size="1280x800"):
        r, w = os.pipe()
        self.log = open(os.path.join(work, "xvfb.log"), "w")
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-noreset", "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                                     pass_fds=(w,), stdout=self.log, stderr=self.log)
        os.close(w)
        with os.fdopen(r) as f:
            self.display = ":" + f.readline().strip()

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class App:
    """flick window --phone under Xvfb; the URL read from its terminal line."""

    def __init__(self, binary, work, display, args=(), name="app"):
        self.out_path = os.path.join(work, f"{name}.out")
        self.out = open(self.out_path, "w")
        env = dict(os.environ, DISPLAY=display)
        env.pop("WAYLAND_DISPLAY", None)
        self.proc = subprocess.Popen([binary, "window", "--software", "--phone", *args], stdout=self.out, stderr=subprocess.STDOUT,
                                     env=env, cwd=work)
        self.url = None
        deadline = time.time() + 20
        while time.time() < deadline and self.proc.poll() is None:
            m = re.search(r"open (http://\S+)", open(self.out_path).read())
            if m:
                self.url = m.group(1)
                break
            time.sleep(0.05)
        if self.url is None:
            raise RuntimeError(f"flick printed no phone URL: {open(self.out_path).read()[-400:]}")
        m = re.match(r"http://([^/:]+):(\d+)/\?t=([0-9a-f]+)", self.url)
        self.host, self.port, self.token = m.group(1), int(m.group(2)), m.group(3)

    def text(self):
        return open(self.out_path).read()

    def ws_url(self, token=None):
        return f"ws://{self.host}:{self.port}/ws?t={self.token if token is None else token}"

    def quit(self, timeout=15):
        """SIGTERM (the session closes as a quit does); returns the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def alive(self):
        return self.proc.poll() is None


def xdo(display, *argv, priority=None):
    """One xdotool call on `display`, its standard output; `priority` runs it under chrt -f
    PRIORITY (real time: the input hardware's place, on a loaded machine)."""
    cmd = ["xdotool", *map(str, argv)]
    if priority:
        cmd = ["chrt", "-f", str(priority), *cmd]
    return subprocess.run(cmd, env=dict(os.environ, DISPLAY=display), capture_output=True, text=True, timeout=60).stdout


class MouseWindow:
    """flick window (no phone) under Xvfb, its log's first line read for the stage, and the
    mouse driven by xdotool in stage points (390x844)."""

    def __init__(self, binary, work, display, args, log, name="mouse", priority=None):
        self.display, self.priority = display, priority
        self.out = open(os.path.join(work, f"{name}.out"), "w")
        env = dict(os.environ, DISPLAY=display)
        env.pop("WAYLAND_DISPLAY", None)
        self.proc = subprocess.Popen([binary, "window", "--software", *args, "--log", log], stdout=self.out,
                                     stderr=subprocess.STDOUT, env=env, cwd=work)
        deadline = time.time() + 30
        wid = ""
        while time.time() < deadline and not wid and self.proc.poll() is None:
            if os.path.exists(log) and '"started"' in open(log).read():
                wid = xdo(display, "search", "--onlyvisible", "--name", "^flick").split("\n")[0].strip()
            time.sleep(0.1)
        self.wid = wid
        if not wid:
            return
        geometry = dict(re.findall(r"(\w+)=(\d+)", xdo(display, "getwindowgeometry", "--shell", wid)))
        self.origin = (int(geometry["X"]), int(geometry["Y"]))
        sx, sy, sw, _ = json.loads(open(log).readline())["stage"]
        self.stage, self.scale = (sx, sy), sw / 390

    def at(self, p):
        """Screen pixels of stage point `p`."""
        return (round(self.origin[0] + self.stage[0] + p[0] * self.scale),
                round(self.origin[1] + self.stage[1] + p[1] * self.scale))

    def drag(self, start, end, duration):
        """A button-down at `start`, a move every ~8 ms to `end` in `duration` seconds, button-up
        a millisecond after the last move: one xdotool process for the chain, as a device sends
        it, and timed as Page.drag times a finger (the first move a step after the press, not in
        the same millisecond: a 30 pt jump in no time is no hand's)."""
        steps = max(2, int(duration / 0.008))
        x0, y0 = self.at(start)
        x1, y1 = self.at(end)
        step = f"{duration / steps:.4f}"
        cmd = ["mousemove", x0, y0, "sleep", 0.05, "mousedown", 1]
        for i in range(1, steps + 1):
            cmd += ["sleep", step, "mousemove", round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)]
        cmd += ["sleep", 0.001, "mouseup", 1]
        xdo(self.display, *cmd, priority=self.priority)

    def quit(self):
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait(30)
        self.out.close()


class Chromium:
    """Headless Chromium with its DevTools endpoint; one page target in flat session mode."""

    def __init__(self, work, extra=()):
        self.dir = tempfile.mkdtemp(prefix="chromium-", dir=work)
        self.proc = subprocess.Popen(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                      "--no-default-browser-check", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
                                      f"--user-data-dir={self.dir}", "--disable-background-timer-throttling",
                                      "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows", *extra, "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.dir, "DevToolsActivePort")
        deadline = time.time() + 30
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.time() > deadline:
                raise RuntimeError("chromium did not start")
            time.sleep(0.05)
        lines = open(port_file).read().split("\n")
        self.endpoint = f"ws://127.0.0.1:{lines[0].strip()}{lines[1].strip()}"

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


class Page:
    """A DevTools session on one page: commands, events, the phone's metrics."""

    def __init__(self, ws, session):
        self.ws, self.session, self.next_id = ws, session, 0
        self.pending, self.events = {}, []
        self.reader = None

    @classmethod
    async def open(cls, endpoint):
        ws = await websockets.connect(endpoint, max_size=64 << 20)
        browser = cls(ws, None)
        browser.reader = asyncio.ensure_future(browser._read())
        target = (await browser.send("Target.createTarget", url="about:blank"))["targetId"]
        session = (await browser.send("Target.attachToTarget", targetId=target, flatten=True))["sessionId"]
        page = cls(ws, session)
        page.pending, page.reader, page.browser = browser.pending, browser.reader, browser
        browser.page = page
        await page.send("Page.enable")
        await page.send("Runtime.enable")
        return page

    async def _read(self):
        async for raw in self.ws:
            m = json.loads(raw)
            if "id" in m and m["id"] in self.pending:
                self.pending.pop(m["id"]).set_result(m)
            elif "method" in m:
                getattr(self, "page", self).events.append(m)

    async def send(self, method, **params):
        self.browser_id = getattr(self, "browser", self)
        owner = self.browser_id
        owner.next_id += 1
        i = owner.next_id
        fut = asyncio.get_event_loop().create_future()
        self.pending[i] = fut
        msg = {"id": i, "method": method, "params": params}
        if self.session:
            msg["sessionId"] = self.session
        await self.ws.send(json.dumps(msg))
        r = await asyncio.wait_for(fut, 30)
        if "error" in r:
            raise RuntimeError(f"{method}: {r['error']}")
        return r.get("result", {})

    async def phone(self, width=390, height=844, ratio=3):
        await self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=ratio, mobile=True)
        await self.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        await self.send("Emulation.setUserAgentOverride",
                        userAgent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 FlickE2E")

    async def goto(self, url):
        await self.send("Page.navigate", url=url)

    async def eval(self, expression):
        r = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return r.get("result", {}).get("value")

    async def wait_for(self, expression, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if await self.eval(expression):
                return True
            await asyncio.sleep(0.05)
        return False

    async def touch(self, kind, x=None, y=None, wait=True, at=None):
        """One touch event, stamped with `at` (wall-clock seconds: when the scripted finger is
        there, the phone's own time, as a finger's event is stamped on a phone), else with the
        time of its sending. With wait=False the command is not awaited: a headless phone
        drawing at pixel ratio 3 in software takes a frame or more to acknowledge each one, and
        a finger does not wait for its screen."""
        points = [] if kind in ("touchEnd", "touchCancel") else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
        call = self.send("Input.dispatchTouchEvent", type=kind, touchPoints=points,
                         timestamp=time.time() if at is None else at)
        if wait:
            await call
        else:
            self.unacknowledged.append(asyncio.ensure_future(call))

    async def drag(self, start, end, duration, steps=None, hold=0.0):
        """A finger from start to end (CSS px) in `duration` seconds, a move every ~8 ms, then
        lifted (after `hold` seconds of stillness). Each event is sent at its time and stamped
        with the time the script puts the finger there, not the time it got sent: on a busy
        machine the driver itself runs late, and the app must be measured, not the driver."""
        self.unacknowledged = []
        steps = steps or max(2, int(duration / 0.008))
        t0 = time.time()
        await self.touch("touchStart", *start, wait=False, at=t0)
        for i in range(1, steps + 1):
            f = i / steps
            at = t0 + duration * f
            delay = at - time.time()
            if delay > 0:
                await asyncio.sleep(delay)
            await self.touch("touchMove", start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f,
                             wait=False, at=at)
        at = t0 + duration
        if hold:
            at += hold
            delay = at - time.time()
            if delay > 0:
                await asyncio.sleep(delay)
            await self.touch("touchMove", *end, wait=False, at=at)
        await self.touch("touchEnd", wait=False, at=at + 0.001)
        await asyncio.gather(*self.unacknowledged)

    async def visible(self, selector):
        """The centre [x, y] of the element `selector` when it is shown and enabled, else None."""
        return await self.eval(VISIBLE % json.dumps(selector))

    async def tap(self, selector, hold=0.06):
        """A finger's tap on the centre of the element `selector` (a CSS selector): touchStart,
        `hold` seconds (the finger's, deliberate), touchEnd, as a tap on a phone's button. False
        when no such element is shown (or it is disabled)."""
        box = await self.visible(selector)
        if not box:
            return False
        await self.touch("touchStart", *box)
        await asyncio.sleep(hold)
        await self.touch("touchEnd")
        return True

    async def place(self):
        """Where the page is: its body[data-state], and the task and SUS item it shows."""
        return await self.eval(PLACE)

    async def tap_on(self, selector, timeout=15):
        """A tap on `selector`, then until the page has moved on from where it was (place()).
        False when nothing was tapped, or the page stayed put for `timeout` seconds."""
        before = await self.place()
        if not await self.tap(selector):
            return False
        return await self.wait_for(f"({PLACE}) !== {json.dumps(before)}", timeout)

    async def stage_centre(self, selector="canvas"):
        """The centre of the stage (the element `selector`), or the phone's middle when it is not
        laid out yet."""
        box = await self.eval(f"(function () {{ const c = document.querySelector({json.dumps(selector)}); "
                              "if (!c) return null; const r = c.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
        if not box or box[2] < 10:
            return (195, 358)
        return (box[0] + box[2] / 2, box[1] + box[3] / 2)

    async def gesture(self, centre, k):
        """The k-th of a participant's gestures on the stage: alternately a fling sideways (a throw,
        right then left) and a slower drag up and back."""
        cx, cy = centre
        if k % 2 == 0:
            await self.drag((cx, cy), (cx + (160 if k % 4 == 0 else -160), cy + 10), 0.1)
        else:
            await self.drag((cx, cy), (cx + 20, cy - 120), 0.35)

    async def painted(self, timeout=10):
        """Until two animation frames have run in the page (what it holds now is on its screen)."""
        r = await self.send("Runtime.evaluate", expression="new Promise(function (done) { requestAnimationFrame(function () { "
                            "requestAnimationFrame(function () { done(true); }); }); })", awaitPromise=True, returnByValue=True,
                            timeout=timeout * 1000)
        return r.get("result", {}).get("value") is True

    async def still(self, timeout=10):
        """Until two small pictures of the page in a row, a tenth of a second apart, are the same
        (what moved is at rest: a card's flight, a gap closing); False after `timeout` seconds."""
        deadline = time.time() + timeout
        size = await self.eval("[innerWidth, innerHeight]")
        clip = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 0.25}
        last = None
        while time.time() < deadline:
            shot = (await self.send("Page.captureScreenshot", format="png", clip=clip))["data"]
            if shot == last:
                return True
            last = shot
            await asyncio.sleep(0.1)   # a poll: the next picture
        return False

    async def frames(self, n=2, timeout=10):
        """Until the page has drawn `n` more frames (DRAWN: the link page's flickLink.drawn, the
        phone page's flick.drawnCount), so a screenshot shows what came before; False when it did
        not within `timeout` seconds."""
        drawn = await self.eval(DRAWN)
        return await self.wait_for(f"{DRAWN} >= {drawn + n}", timeout)

    async def screenshot(self, path):
        r = await self.send("Page.captureScreenshot", format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    async def close(self):
        self.reader.cancel()
        await self.ws.close()


# The centre of a shown, enabled element (a CSS selector), or null: not hidden by an ancestor, laid
# out, visible, at least a pixel each way.
VISIBLE = """(function (sel) {
  const e = document.querySelector(sel);
  if (!e || e.disabled || e.closest('[hidden]') || !e.getClientRects().length) return null;
  const s = getComputedStyle(e); if (s.visibility === 'hidden' || s.display === 'none') return null;
  const r = e.getBoundingClientRect(); if (r.width < 1 || r.height < 1) return null;
  return [r.left + r.width / 2, r.top + r.height / 2];
})(%s)"""

# The frames a page has drawn: the link page's and the phone page's counters.
DRAWN = "((window.flickLink ? window.flickLink.drawn : window.flick ? window.flick.drawnCount : 0) || 0)"

# What each gesture's outcome ends with in the log once its card is at rest (await_gestures).
SETTLES = {"snapped_back": "snapped_back", "thrown": "deleted", "paged": "paged"}

# Where a participant's page is, as one string: its state, the task, the SUS item.
PLACE = """(function () {
  const L = window.flickLink || {};
  return [document.body ? document.body.dataset.state || '' : '', L.task == null ? '' : JSON.stringify(L.task),
          L.susItem == null ? '' : L.susItem].join('|');
})()"""


def wait_log(path, event, count=1, timeout=20):
    """Until the interaction log at `path` holds `count` lines of `event`: True, or False after
    `timeout` seconds."""
    return wait_until(lambda: sum(1 for l in log_events(path) if l.get("event") == event) >= count, timeout)


async def await_until(condition, timeout=20, poll=0.05):
    """wait_until for a coroutine (the DevTools reader goes on meanwhile): condition() polled
    until it is true (True) or `timeout` seconds have passed (False)."""
    deadline = time.time() + timeout
    while not condition():
        if time.time() >= deadline:
            return False
        await asyncio.sleep(poll)
    return True


async def await_log(path, event, count=1, timeout=20, where=None):
    """wait_log for a coroutine: until the log at `path` holds `count` lines of `event` (those
    for which where(line) is true, when given). True, or False after `timeout` seconds."""
    return await await_until(
        lambda: sum(1 for l in log_events(path) if l.get("event") == event and (where is None or where(l))) >= count, timeout)


def gestures_at_rest(path, n):
    """Whether the log at `path` holds `n` gesture ends and each one's card is at rest: its
    snapped_back, deleted or paged line (SETTLES) there too."""
    events = log_events(path)
    ends = [e for e in events if e.get("event") == "gesture_ended"]
    if len(ends) < n:
        return False
    need = {}
    for e in ends:
        if e.get("outcome") in SETTLES:
            need[SETTLES[e["outcome"]]] = need.get(SETTLES[e["outcome"]], 0) + 1
    return all(sum(1 for x in events if x.get("event") == k) >= v for k, v in need.items())


async def await_gestures(path, n, timeout=20):
    """Until gestures_at_rest(path, n), polled in a coroutine: True, or False after `timeout` s."""
    return await await_until(lambda: gestures_at_rest(path, n), timeout)


def releases(path):
    """The touch and mouse releases (up or cancel) the recording at `path` holds so far."""
    return sum(1 for l in log_events(path) if (l.get("pointer") or {}).get("phase") in ("up", "cancel"))


def wait_gestures(path, n, timeout=20):
    """await_gestures outside a coroutine."""
    return wait_until(lambda: gestures_at_rest(path, n), timeout)


async def waited(awaitable, what):
    """The result of a wait (await_log, Page.wait_for, ...); when it is False a line says what did
    not come, "    (waited for WHAT: it did not come)", so the check that follows is read with it."""
    ok = await awaitable
    if not ok:
        print(f"    (waited for {what}: it did not come)", flush=True)
    return ok


def window_key(display, key, name="^flick"):
    """Key `key` (xdotool's name) in the flick window on `display`: the facilitator's hand on the
    laptop (a task marker, quitting), never the participant's."""
    wid = xdo(display, "search", "--onlyvisible", "--name", name).split("\n")[0].strip()
    if not wid:
        return False
    xdo(display, "windowfocus", "--sync", wid)
    xdo(display, "key", key)
    return True


def log_events(path):
    out = []
    if not os.path.exists(path):
        return out
    for line in open(path):
        line = line.strip()
        if line:
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
    return out


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p
