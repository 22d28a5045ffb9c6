#!/usr/bin/env python3
"""The pages at 800 px in headless Chromium: no interval cell over one line, nothing wider.

Makes the pages the study tools write (study.html of the hand-counted study, report.html,
tune.html, compare's report.html), frames each in a wrapper page 800 px wide and measures it in
headless Chromium: every table cell that holds an interval ("a–b", "a to b") must lay its text
out on one line, the page must not scroll sideways, and no element of the body may reach past
the window's right edge (a table that scrolls inside its own `.scroll` box may).

Usage: Tests/e2e/pages_narrow.py path/to/flick [work-folder]
Prints "  ok    ..." / "  FAIL  ..." per page and a count line; exit code 1 if any failed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from e2elib import report

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/flick")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
WORK = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="flick-pages-"))
WIDTH = 800

MEASURE = """<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="%s" style="border:0;width:%dpx;height:3000px"></iframe>
<pre id="r">waiting</pre><script>
document.getElementById('f').onload = function () {
  var d = this.contentDocument, w = d.documentElement.clientWidth;
  var interval = /^[-+\u2212]?[0-9.]+( ?%%| pt| s| ms)? ?(\u2013|to) ?[-+\u2212]?[0-9.]+/;
  var cells = 0, tall = [], wide = [];
  d.querySelectorAll('td').forEach(function (c) {
    var text = c.textContent.trim();
    if (!interval.test(text)) return;
    cells++;
    var range = d.createRange(); range.selectNodeContents(c);
    var tops = {};
    Array.prototype.forEach.call(range.getClientRects(), function (r) { if (r.width > 0) tops[Math.round(r.top)] = 1; });
    if (Object.keys(tops).length > 1) tall.push(text.replace(/\\s+/g, ' '));
  });
  function inScroll(e) { for (var p = e; p; p = p.parentElement) if (p.classList && p.classList.contains('scroll')) return true; return false; }
  d.querySelectorAll('body *').forEach(function (e) {
    if (inScroll(e.parentElement)) return;
    if (e.getBoundingClientRect().right > w + 1) wide.push(e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + e.className : ''));
  });
  document.getElementById('r').textContent = JSON.stringify({width: w, scroll: d.documentElement.scrollWidth, cells: cells, tall: tall.slice(0, 5), ntall: tall.length, wide: wide.slice(0, 5), nwide: wide.length});
};
</script></body></html>"""


def run(args, cwd):
    r = subprocess.run([BIN] + args, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"pages_narrow: flick {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")


def make_pages():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    py = sys.executable
    subprocess.run([py, os.path.join(HERE, "fixtures", "hand_study.py"),
                    os.path.join(ROOT, "docs", "study", "sample", "p1-floaty.rec"), os.path.join(WORK, "sessions")],
                   check=True, capture_output=True)
    sample = sorted(os.path.join(ROOT, "docs", "study", "sample", n) for n in os.listdir(os.path.join(ROOT, "docs", "study", "sample"))
                    if n.endswith(".rec"))
    hand = sorted(os.path.join("sessions", n) for n in os.listdir(os.path.join(WORK, "sessions")) if n.endswith(".rec"))
    run(["study"] + hand + ["--design", "sessions/design.csv", "--out", "study"], WORK)
    run(["report"] + hand + ["--allow-missing-cards", "--out", "report"], WORK)
    run(["tune"] + sample + ["--key", "stack.throwDistance", "--values", "20:300:10", "--out", "tune"], WORK)
    run(["compare", "--replay", sample[0], "--config", os.path.join(ROOT, "assets", "presets", "snappy.json"),
         "--config", os.path.join(ROOT, "assets", "presets", "floaty.json"), "--out", "compare"], WORK)
    return ["study/study.html", "report/report.html", "tune/tune.html", "compare/report.html"]


def measure(page):
    import json
    wrapper = os.path.join(WORK, "measure-" + page.replace("/", "-"))
    with open(wrapper, "w") as f:
        f.write(MEASURE % (page, WIDTH))
    out = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                          "--virtual-time-budget=5000", f"--window-size={WIDTH + 40},3000", "--dump-dom", "file://" + wrapper],
                         capture_output=True, text=True, timeout=120).stdout
    m = re.search(r'<pre id="r">([^<]*)<', out)
    if not m or m.group(1) == "waiting":
        return None
    return json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&"))


def check(page):
    got = measure(page)
    if got is None:
        return [f"Chromium measured nothing (open {os.path.join(WORK, page)})"], ""
    problems = []
    if got["ntall"]:
        problems.append(f"{got['ntall']} of {got['cells']} interval cells over more than one line, e.g. {got['tall']}")
    if got["scroll"] > got["width"]:
        problems.append(f"the page is {got['scroll']} px wide in a {got['width']} px window")
    if got["nwide"]:
        problems.append(f"{got['nwide']} elements reach past the right edge: {got['wide']}")
    return problems, f"at {got['width']} px: {got['cells']} interval cells each on one line, page {got['scroll']} px wide, nothing past the edge"


if __name__ == "__main__":
    if shutil.which("chromium") is None:
        print("  FAIL  pages at 800 px: chromium is not installed (make deps installs it)")
        sys.exit(1)
    pages = make_pages()
    sys.exit(report("pages_narrow", [(p,) for p in pages], check))
