#!/usr/bin/env python3
"""No orphan, no leftovers: `flick export` killed with SIGKILL mid-run.

The ffmpeg it started must be gone within 1 s (the kernel ends it: PR_SET_PDEATHSIG), whatever it
was doing (encoding, or a stalled fake ffmpeg that never reads), and the temporary files the
killed run left (the video's, a GIF's palette) are removed by the next export into that folder,
whatever file that one writes.

Usage: Tests/e2e/orphans.py path/to/flick [work-folder]
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
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
WORK = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="flick-orphans-"))
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy")
ENV.pop("DISPLAY", None)
ENV.pop("WAYLAND_DISPLAY", None)


def children(pid):
    """(pid, name) of the processes whose parent is pid."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid:
            out.append((int(entry), name))
    return out


def alive(pid):
    """Runs (a zombie, dead and waiting to be reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        return stat[stat.rindex(")") + 2] not in "ZX"
    except OSError:
        return False


def temporaries(folder):
    return sorted(n for n in os.listdir(folder) if ".tmp-" in n)


def setup():
    shutil.rmtree(WORK, ignore_errors=True)
    cards = os.path.join(WORK, "cards")
    os.makedirs(cards)
    for name in sorted(os.listdir(os.path.join(ROOT, "assets")))[:4]:
        if name.endswith(".png"):
            shutil.copy(os.path.join(ROOT, "assets", name), cards)
    rec = os.path.join(WORK, "short.rec")
    r = subprocess.run([BIN, "--headless", "--demo", "now", "--cards", cards, "--replay",
                        os.path.join(ROOT, "docs", "sessions", "now.jsonl"), "--frames", "120", "--record", rec],
                       env=ENV, capture_output=True)
    if r.returncode != 0:
        print(f"orphans: could not make the recording: {r.stderr.decode(errors='replace')}")
        sys.exit(1)
    # An hour of session clock: the export is still encoding when it is killed.
    long_rec = os.path.join(WORK, "long.rec")
    # The input goes before the recording's end line (nothing may follow it), and the end
    # moves with it.
    with open(rec) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    if lines and "end" in json.loads(lines[-1]):
        lines.pop()
    lines += [json.dumps({"t": 3600, "command": "next"}), json.dumps({"t": 3600, "end": "quit"})]
    with open(long_rec, "w") as g:
        g.write("\n".join(lines) + "\n")
    stalls = os.path.join(WORK, "fake", "ffmpeg")
    os.makedirs(os.path.dirname(stalls))
    with open(stalls, "w") as f:
        f.write("#!/bin/sh\nexec sleep 1000\n")
    os.chmod(stalls, 0o755)
    return rec, long_rec, os.path.dirname(stalls)


def case(name, args, env, child_name, rec):
    folder = os.path.join(WORK, name.replace(" ", "-"))
    os.makedirs(folder)
    problems = []
    p = subprocess.Popen([BIN] + args(folder), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    child, deadline = None, time.time() + 20
    while child is None and time.time() < deadline and p.poll() is None:
        found = [c for c in children(p.pid) if c[1] == child_name]
        child = found[0][0] if found else None
        time.sleep(0.05)
    if child is None:
        p.kill()
        p.wait()
        return [f"no {child_name} child appeared (exit {p.returncode})"], ""
    time.sleep(1.0)                       # mid-run: frames going in, the file growing
    left_before = temporaries(folder)
    p.send_signal(signal.SIGKILL)
    p.wait()
    t0 = time.time()
    while alive(child) and time.time() - t0 < 3:
        time.sleep(0.02)
    gone = time.time() - t0
    if alive(child):
        problems.append(f"{child_name} (pid {child}) still runs 3 s after flick was killed")
        os.kill(child, signal.SIGKILL)
    elif gone > 1.0:
        problems.append(f"{child_name} ended {gone:.2f} s after flick was killed (at most 1 s)")
    left = temporaries(folder)
    # The next export into the same folder, of another file: no temporary may remain.
    r = subprocess.run([BIN, "export", rec, "--out", os.path.join(folder, "next.mp4"), "--size", "320x240"],
                       env=ENV, capture_output=True, timeout=120)
    if r.returncode != 0:
        problems.append(f"the next export exited {r.returncode}: {r.stderr.decode(errors='replace').strip()}")
    after = temporaries(folder)
    if after:
        problems.append("temporaries left after the next export: " + ", ".join(after))
    return problems, f"{child_name} gone {gone * 1000:.0f} ms after SIGKILL; the killed run left {len(left)} temporaries " \
                     f"({', '.join(left) or 'none'}; {len(left_before)} before the kill), the next export removed them"


def main():
    if not os.access(BIN, os.X_OK):
        print(f"orphans: no binary at {BIN}")
        return 1
    rec, long_rec, fake = setup()
    stalled = dict(ENV, PATH=fake + ":/usr/bin:/bin")
    cases = [
        ("SIGKILL mid MP4 export", lambda d: ["export", long_rec, "--out", os.path.join(d, "clip.mp4"), "--size", "640x360"], ENV, "ffmpeg"),
        ("SIGKILL mid GIF export", lambda d: ["export", long_rec, "--out", os.path.join(d, "clip.gif"), "--size", "320x240"], ENV, "ffmpeg"),
        ("SIGKILL with a stalled ffmpeg", lambda d: ["export", long_rec, "--out", os.path.join(d, "clip.mp4"), "--size", "320x240"], stalled, "sleep"),
    ]
    return e2elib.report("orphans", cases, lambda name, args, env, child_name: case(name, args, env, child_name, rec))


if __name__ == "__main__":
    sys.exit(main())
