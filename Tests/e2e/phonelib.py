"""The phone side of the e2e phone suite: headless Chromium driven over the DevTools protocol
(a 390x844 phone at pixel ratio 3 with touch emulation, touches through
Input.dispatchTouchEvent), the flick window under a private Xvfb, and raw WebSocket clients for
the hostile cases. Debian's python3-websockets (10.x, the asyncio API)."""

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

    async def tap(self, selector, hold=0.06):
        """A finger's tap on the centre of the element `selector` (a CSS selector): touchStart,
        `hold` seconds, touchEnd, as a tap on a phone's button. False when no such element is
        shown (or it is disabled)."""
        box = await self.eval(f"(function () {{ const e = document.querySelector({json.dumps(selector)}); "
                              "if (!e || e.disabled || e.closest('[hidden]')) return null; const r = e.getBoundingClientRect(); "
                              "return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        if not box:
            return False
        await self.touch("touchStart", *box)
        await asyncio.sleep(hold)
        await self.touch("touchEnd")
        return True

    async def screenshot(self, path):
        r = await self.send("Page.captureScreenshot", format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    async def close(self):
        self.reader.cancel()
        await self.ws.close()


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
