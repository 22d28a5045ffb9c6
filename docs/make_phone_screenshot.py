"""docs/phone.png: the phone (headless Chromium as a 390x844 phone at pixel ratio 3) beside the
desktop window and the facilitator window with the QR code, all of one live session under a
private Xvfb. Usage: python3 docs/make_phone_screenshot.py path/to/flick"""

import asyncio
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "e2e"))
from phonelib import App, Chromium, Page, Xvfb  # noqa: E402
from PIL import Image  # noqa: E402


async def main(binary):
    work = tempfile.mkdtemp(prefix="flick-phone-shot-")
    x = Xvfb(work, "1280x800")
    app = App(binary, work, x.display, ["--demo", "swipe", "--facilitator", "--size", "560x720", "--participant", "p7"], name="app")
    chrome = Chromium(work)
    try:
        page = await Page.open(chrome.endpoint)
        await page.phone()
        await page.goto(app.url)
        await page.wait_for("window.flick && flick.connected && flick.facesLoaded > 0", 20)
        await asyncio.sleep(0.5)
        # A drag to the right, held: the card turns and LIKE shows on the phone and the window.
        page.unacknowledged = []
        await page.touch("touchStart", 195, 430, wait=False)
        for i in range(1, 25):
            await page.touch("touchMove", 195 + i * 4.5, 430 + i * 0.8, wait=False)
            await asyncio.sleep(0.02)
        await asyncio.gather(*page.unacknowledged)
        await asyncio.sleep(1.5)
        phone_png = os.path.join(work, "phone.png")
        await page.screenshot(phone_png)
        desk_png = os.path.join(work, "desk.png")
        subprocess.run(["import", "-display", x.display, "-window", "root", desk_png], check=True)
        await page.touch("touchEnd")
        await page.close()
    finally:
        chrome.stop()
        app.quit()
        x.stop()
    phone = Image.open(phone_png).convert("RGB").resize((390, 844), Image.LANCZOS)
    desk = Image.open(desk_png).convert("RGB")
    desk = desk.resize((int(desk.width * 844 / desk.height), 844), Image.LANCZOS)
    out = Image.new("RGB", (phone.width + 24 + desk.width, 844), (22, 24, 30))
    out.paste(phone, (0, 0))
    out.paste(desk, (phone.width + 24, 0))
    out = out.resize((out.width * 2 // 3, out.height * 2 // 3), Image.LANCZOS)
    target = os.path.join(HERE, "phone.png")
    out.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)
    print(f"wrote {target} ({os.path.getsize(target) // 1024} KB)")


asyncio.run(main(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/flick")))
