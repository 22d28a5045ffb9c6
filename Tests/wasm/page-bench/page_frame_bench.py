"""The engine on the page, timed: headless Chromium over the DevTools protocol as a 390x844 phone
at pixel ratio 3, the page (bench.html) running flick-engine.wasm and drawing its own frames on
a canvas, touches dispatched as a finger drags and flings (a move every 8 ms). Prints, for each
CPU throttling rate (1 and 4, Emulation.setCPUThrottlingRate), the page's engine step, draw and
step + draw per frame (median, p99) and each touch to the frame that shows it.

usage: page_frame_bench.py MODULE.wasm [SECONDS]   (15 s of gestures a rate)"""

import asyncio
import functools
import http.server
import os
import shutil
import socketserver
import statistics
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "e2e"))
from phonelib import Chromium, Page  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Static files, quietly, cross-origin isolated (COOP and COEP): the page's timers then
    resolve 5 µs instead of 100 µs."""
    extensions_map = {".html": "text/html", ".mjs": "text/javascript", ".wasm": "application/wasm", "": "application/octet-stream"}

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(folder):
    server = socketserver.TCPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def p(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


async def run(module, seconds):
    work = tempfile.mkdtemp(prefix="flick-page-bench-")
    site = os.path.join(work, "site")
    os.makedirs(site)
    shutil.copy(module, os.path.join(site, "flick-engine.wasm"))
    shutil.copy(os.path.join(ROOT, "Wasm", "flick-engine.mjs"), site)
    shutil.copy(os.path.join(HERE, "bench.html"), site)
    server = serve(site)
    chromium = Chromium(work)
    results = {}
    try:
        page = await Page.open(chromium.endpoint)
        await page.phone()
        for rate in (1, 4):
            await page.send("Emulation.setCPUThrottlingRate", rate=1)
            await page.goto(f"http://127.0.0.1:{server.server_address[1]}/bench.html?interaction=2")
            if not await page.wait_for("window.flickBench && window.flickBench.frames > 30", timeout=30):
                raise RuntimeError("the page did not start its frames: " + str(await page.eval("document.body.innerText")))
            await page.send("Emulation.setCPUThrottlingRate", rate=rate)
            await page.eval("Object.assign(window.flickBench, {steps: [], draws: [], touchToFrame: [], handledToFrame: [], "
                            "frames: 0, refused: 0})")
            end = asyncio.get_event_loop().time() + seconds
            k = 0
            while asyncio.get_event_loop().time() < end:
                # Throws to the left, bring-backs to the right, slow drags let go: the stack's life.
                if k % 3 == 0:
                    await page.drag((300, 420), (60, 430), 0.12)
                elif k % 3 == 1:
                    await page.drag((40, 420), (330, 420), 0.35)
                else:
                    await page.drag((200, 420), (240, 520), 0.6, hold=0.1)
                await asyncio.sleep(0.25)
                k += 1
            await asyncio.sleep(0.5)
            b = await page.eval("window.flickBench")
            both = [s + d for s, d in zip(b["steps"], b["draws"])]
            results[rate] = b
            print(f"page-frame-bench: CPU throttling {rate}x, {b['frames']} frames, {len(b['touchToFrame'])} touches "
                  f"({b['refused']} refused): engine step median {statistics.median(b['steps']):.3f} ms, p99 {p(b['steps'], 0.99):.3f}; "
                  f"draw median {statistics.median(b['draws']):.3f} ms, p99 {p(b['draws'], 0.99):.3f}; "
                  f"step + draw median {statistics.median(both):.3f} ms, p99 {p(both, 0.99):.3f}; "
                  f"touch handled to its frame drawn median {statistics.median(b['handledToFrame']):.1f} ms, "
                  f"p99 {p(b['handledToFrame'], 0.99):.1f}; touch's own time to its frame median "
                  f"{statistics.median(b['touchToFrame']):.1f} ms, p99 {p(b['touchToFrame'], 0.99):.1f}; "
                  f"isolated {b['isolated']}")
        await page.close()
    finally:
        chromium.stop()
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    return results


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    asyncio.run(run(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 15))
