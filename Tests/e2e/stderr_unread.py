#!/usr/bin/env python3
"""Standard error never blocks flick: run with stderr on a pipe nobody reads (as
`flick ... 2>&1 | (sleep 1000)` leaves it), a run that says a lot still finishes on time, its log
whole, and the pipe holds whole lines only (what did not fit was dropped, never torn).

The run: 2,000 cards that are BMPs named .png (a warning each, about 300 KB of standard error,
where a pipe holds 64 KB) in a headless session of 120 frames, and a window session (dummy
video driver) of the same cards quit by SIGTERM after 2 s. Before, the first full pipe blocked
the run for as long as nobody read it.

Usage: Tests/e2e/stderr_unread.py path/to/flick [work-folder]
Prints "  ok    ..." / "  FAIL  ..." per case and a count line; exit code 1 if any failed.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2elib  # noqa: E402  (beside this script)

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/flick")
WORK = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="flick-stderr-"))
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy")
ENV.pop("DISPLAY", None)
ENV.pop("WAYLAND_DISPLAY", None)
CARDS = 2000


def setup():
    shutil.rmtree(WORK, ignore_errors=True)
    cards = os.path.join(WORK, "cards")
    os.makedirs(cards)
    for i in range(CARDS):
        with open(os.path.join(cards, f"card{i:04d}.png"), "wb") as f:
            f.write(b"BM" + b"x" * 60)
    return cards


def drain(fd, seconds):
    """What the pipe holds, read for up to `seconds` (until its write end is closed)."""
    os.set_blocking(fd, False)
    out, until = b"", time.time() + seconds
    while time.time() < until:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            time.sleep(0.01)   # a poll
            continue
        if not chunk:
            break
        out += chunk
    return out.decode(errors="replace")


def case(name, args, stop_after, budget, cards):
    folder = os.path.join(WORK, name.replace(" ", "-").replace(",", ""))
    os.makedirs(folder)
    log = os.path.join(folder, "log.jsonl")
    r, w = os.pipe()
    os.set_blocking(r, True)
    t0 = time.time()
    p = subprocess.Popen([BIN] + args(cards, log), env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=w)
    os.close(w)
    problems = []
    if stop_after is not None:
        time.sleep(stop_after)   # deliberate: the moment of the SIGTERM is the case
        p.send_signal(signal.SIGTERM)
    try:
        rc = p.wait(timeout=budget)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        os.close(r)
        return [f"still running {budget:.0f} s later with standard error unread (blocked on it)"], ""
    took = time.time() - t0
    text = drain(r, 5)
    os.close(r)
    expected = 0 if stop_after is None else 128 + signal.SIGTERM
    if rc != expected:
        problems.append(f"exit {rc}, expected {expected}")
    try:
        with open(log) as f:
            lines = [json.loads(line) for line in f.read().splitlines()]
        if not lines or "quit" not in json.dumps(lines[-1]):
            problems.append("the log does not end with its quit line")
    except (OSError, ValueError) as e:
        problems.append(f"the log is not whole: {e}")
    got = [line for line in text.splitlines() if "card" in line and "BMP" in line]
    torn = [line for line in text.splitlines() if not line.startswith("flick: ")]
    if torn:
        problems.append(f"{len(torn)} torn lines on standard error, the first: {torn[0][:80]!r}")
    if not got:
        problems.append("no warning came out")
    return problems, (f"exit {rc} in {took:.1f} s with standard error unread; then {len(got)} whole warning lines "
                      f"({len(text) // 1024} KB, what the pipe held), the rest dropped")


def main():
    if not os.access(BIN, os.X_OK):
        print(f"stderr_unread: no binary at {BIN}")
        return 1
    cards = setup()
    cases = [
        ("a headless session with 2,000 warnings", lambda c, log: ["--headless", "--cards", c, "--frames", "120", "--log", log], None, 60),
        ("a window session with 2,000 warnings, SIGTERM after 3 s", lambda c, log: ["--cards", c, "--log", log], 3.0, 30),
    ]
    return e2elib.report("stderr unread", cases, lambda name, args, stop, budget: case(name, args, stop, budget, cards))


if __name__ == "__main__":
    sys.exit(main())
