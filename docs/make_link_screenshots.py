"""docs/link-participant.png and docs/link-researcher.png (docs/study-by-link.md): a small plan (2
participants, the conditions default and stack, 2 tasks with the participant's side on, the
repository's assets/ as cards) served by `flick host` on 127.0.0.1; P1 and P2 take part through
both of their sessions in headless Chromium as a 390x844 phone at pixel ratio 3 with touch
emulation (taps on the page's stable ids, drags on the stage by Input.dispatchTouchEvent).
On the way, six screens of P1's first session, each scaled to 390x844, side by side (2340x844):
consent, a task's Start, the task under way mid-drag, the SEQ, a SUS item, the thank-you. Then,
with every session complete, the researcher's page at 1280x900.
Needs Pillow and websockets: run it with the e2e virtualenv's interpreter (make e2e makes it).
Usage: .build/e2e-python/bin/python3 docs/make_link_screenshots.py path/to/flick [OUTDIR (default docs/)]"""

import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "e2e"))
from phonelib import Chromium, Page  # noqa: E402
from PIL import Image  # noqa: E402

TASKS = {"participantSide": True,
         "tasks": [{"name": "Throw some away", "start": {"interaction": "stack", "reset": True}},
                   {"name": "Look around"}]}
CONSENT = ("You are invited to take part in a study of card gestures.\n\n"
           "We record your touches and answers. Nothing else.\n")
SHOTS = ["consent", "waiting", "task", "seq", "sus", "thanks"]   # the montage's order

# Every card face the page asked for has come (and at least one did).
FACES_IN = """(function () {
  const faces = performance.getEntriesByType('resource').filter(function (e) { return e.name.indexOf('/face/') >= 0; });
  return faces.length > 0 && faces.every(function (e) { return e.responseEnd > 0; });
})()"""


class Host:
    """flick host plan.json --out host on 127.0.0.1 in `work`: its links and the researcher's URL
    from its standard output; stopped by its pid."""

    def __init__(self, binary, work):
        self.out_path = os.path.join(work, "host.out")
        self.proc = subprocess.Popen([binary, "host", "plan.json", "--out", "host", "--consent", "consent.txt"],
                                     stdout=open(self.out_path, "w"), stderr=subprocess.STDOUT, cwd=work)
        self.researcher = None
        deadline = time.time() + 30
        while time.time() < deadline and self.proc.poll() is None and self.researcher is None:
            m = re.search(r"^researcher: (http://\S+)$", open(self.out_path).read(), re.M)
            self.researcher = m and m.group(1)
            time.sleep(0.05)
        if self.researcher is None:
            raise RuntimeError(f"flick host printed no researcher's URL: {open(self.out_path).read()[-400:]}")
        self.base = self.researcher.split("/r?", 1)[0]
        self.links = {}
        for line in open(os.path.join(work, "host", "links.csv")).read().splitlines()[1:]:
            who, link = line.split(",", 1)
            self.links[who] = link.strip()

    def overview(self):
        with urllib.request.urlopen(self.researcher.replace("/r?", "/api/participants?"), timeout=10) as r:
            return json.load(r)

    def complete(self):
        doc = self.overview()
        sessions = [s for p in doc["participants"] for s in p["sessions"]]
        return bool(sessions) and all(s["status"] == "complete" for s in sessions)

    def stop(self):
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


class Participant:
    """The participant's page in Chromium as a phone, driven through every session; `shots` (a
    folder) takes the six screens of the first session (and the thank-you) there."""

    def __init__(self, chrome, link, shots=None):
        self.chrome, self.link, self.shots = chrome, link, shots
        self.taken = {}

    async def visible(self, selector):
        return await self.page.visible(selector)

    async def tap(self, selector):
        """A tap on `selector`, then until the page has moved on (phonelib's Page.tap_on)."""
        if not await self.page.tap_on(selector):
            raise RuntimeError(f"a tap on {selector} did not move the page on (it is at {await self.page.place()!r})")

    async def shot(self, name):
        """The screen as it is, once per name (session 1, or the thank-you)."""
        if not self.shots or name in self.taken:
            return
        if name not in ("consent", "thanks") and await self.page.eval("window.flickLink.session") != 1:
            return
        path = os.path.join(self.shots, f"{name}.png")
        await self.page.screenshot(path)
        self.taken[name] = path

    async def task(self):
        cx, cy = await self.page.stage_centre("#stage")
        if self.shots and "task" not in self.taken:
            # A card taken up and to the right, held there while the screen is taken.
            self.page.unacknowledged = []
            t0 = time.time()
            await self.page.touch("touchStart", cx, cy, wait=False, at=t0)
            for i in range(1, 41):
                at = t0 + i * 0.01
                await asyncio.sleep(max(0, at - time.time()))
                await self.page.touch("touchMove", cx + i * 1.6, cy - i * 2.0, wait=False, at=at)
            await asyncio.gather(*self.page.unacknowledged)
            await self.page.frames(3)   # the card drawn where the finger holds it
            await self.shot("task")
            await self.page.touch("touchEnd")
            await self.page.frames(3)
        for k in range(3):
            await self.page.gesture((cx, cy), k)
            await self.page.frames(2)

    async def run(self, timeout=240):
        self.page = await Page.open(self.chrome.endpoint)
        await self.page.phone(390, 844, 3)
        await self.page.goto(self.link)
        deadline = time.time() + timeout
        seq, sus = 5, 4
        try:
            while time.time() < deadline:
                state = await self.page.eval("document.body ? document.body.dataset.state || '' : ''")
                if state == "consent" and await self.visible("#agree"):
                    await self.page.frames(2)
                    await self.shot("consent")
                    await self.tap("#agree")
                elif state == "intro" and await self.visible("#begin"):
                    await self.tap("#begin")
                elif state == "waiting" and await self.visible("#start-task"):
                    if self.shots and "waiting" not in self.taken:
                        await self.page.wait_for(FACES_IN, 20)
                        await asyncio.sleep(1.5)   # deliberate: the faces come in and settle (a picture)
                        await self.shot("waiting")
                    await self.tap("#start-task")
                elif state == "task" and await self.visible("#done"):
                    await self.task()
                    await self.tap("#done")
                elif state == "seq" and await self.visible("#seq button[data-value]"):
                    await self.page.frames(2)
                    await self.shot("seq")
                    await self.tap(f'#seq button[data-value="{seq}"]')
                    seq = seq % 7 + 1
                elif state == "sus" and await self.visible("#sus button[data-value]"):
                    await self.page.frames(2)
                    await self.shot("sus")
                    await self.tap(f'#sus button[data-value="{sus}"]')
                    sus = sus % 5 + 1
                elif state == "thanks":
                    await self.page.frames(2)
                    await self.shot("thanks")
                    return
                elif state in ("error", "declined"):
                    raise RuntimeError(f"the page says {state}: {await self.page.eval('document.body.innerText')!r}")
                else:
                    await asyncio.sleep(0.2)   # loading, sending: the next look in a moment (a poll)
            raise RuntimeError(f"{self.link}: not through in {timeout} s (state {state})")
        finally:
            await self.page.close()


async def researcher_page(chrome, host, path):
    page = await Page.open(chrome.endpoint)
    try:
        await page.send("Emulation.setDeviceMetricsOverride", width=1280, height=900, deviceScaleFactor=1, mobile=False)
        await page.goto(host.researcher)
        ok = await page.wait_for("(function () { const q = document.querySelectorAll('td.qr img'); "
                                 "return q.length === 2 && Array.from(q).every(function (i) { return i.complete && i.naturalWidth > 0; }) "
                                 "&& document.querySelectorAll('#rows tr').length === 2; })()", 20)
        if not ok:
            raise RuntimeError("the researcher's page did not show 2 participants with their QR codes")
        await page.painted()
        await page.screenshot(path)
    finally:
        await page.close()


async def drive(host, work):
    chrome = Chromium(work)
    try:
        p1 = Participant(chrome, host.links["P1"], shots=work)
        await p1.run()
        missing = [s for s in SHOTS if s not in p1.taken]
        if missing:
            raise RuntimeError(f"P1's screens not taken: {missing}")
        await Participant(chrome, host.links["P2"]).run()
        deadline = time.time() + 30
        while not host.complete():
            if time.time() > deadline:
                raise RuntimeError(f"the sessions are not all complete: {json.dumps(host.overview())[:600]}")
            await asyncio.sleep(0.5)
        await researcher_page(chrome, host, os.path.join(work, "researcher.png"))
        return p1.taken
    finally:
        chrome.stop()


def main(binary, outdir):
    t0 = time.time()
    work = tempfile.mkdtemp(prefix="flick-link-")
    json.dump(TASKS, open(os.path.join(work, "tasks.json"), "w"))
    open(os.path.join(work, "consent.txt"), "w").write(CONSENT)
    subprocess.run([binary, "plan", "--condition", "default", "--condition", "stack,interaction=stack", "--participants", "2",
                    "--tasks", "tasks.json", "--cards", os.path.join(ROOT, "assets"), "--out", "plan.json"],
                   check=True, cwd=work, stdout=subprocess.DEVNULL)
    host = Host(binary, work)
    try:
        taken = asyncio.run(drive(host, work))
    except BaseException:
        print(f"make_link_screenshots: failed; files in {work}", file=sys.stderr)
        raise
    finally:
        host.stop()
    os.makedirs(outdir, exist_ok=True)
    montage = Image.new("RGB", (390 * len(SHOTS), 844))
    for i, name in enumerate(SHOTS):
        montage.paste(Image.open(taken[name]).convert("RGB").resize((390, 844), Image.LANCZOS), (390 * i, 0))
    written = []
    target = os.path.join(outdir, "link-participant.png")
    montage.save(target, optimize=True)
    written.append(target)
    target = os.path.join(outdir, "link-researcher.png")
    Image.open(os.path.join(work, "researcher.png")).convert("RGB").save(target, optimize=True)
    written.append(target)
    shutil.rmtree(work, ignore_errors=True)
    for target in written:
        size = Image.open(target).size
        print(f"wrote {target} ({size[0]}x{size[1]}, {os.path.getsize(target) // 1024} KB)")
    print(f"make_link_screenshots: {time.time() - t0:.0f} s")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    main(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else HERE))
