#!/usr/bin/env python3
"""No orphan, no leftovers: `flick export` killed with SIGKILL mid-run.

The ffmpeg it started must be gone within 1 s (the kernel ends it: PR_SET_PDEATHSIG), whatever it
was doing (encoding, or a stalled fake ffmpeg that never reads), and the temporary files the
killed run left (the video's, a GIF's palette) are removed by the next export into that folder,
whatever file that one writes.

An ffmpeg that is a wrapper script starting a child of its own (`sleep 1000 &`) leaves no
child either: ffmpeg runs in a process group of its own, and flick ends the group when it stops
the export (SIGTERM, SIGINT) and when ffmpeg has finished. (A `kill -9` of flick reaches only
ffmpeg itself, through the death signal.)

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


def reading(pid, timeout=20, enough=2 << 20):
    """Until process `pid` (the export's ffmpeg) has read `enough` bytes (rchar in /proc/PID/io):
    frames going in, mid-run, whatever it writes meanwhile (a GIF's only at its end). False
    after `timeout` seconds."""
    def read():
        try:
            with open(f"/proc/{pid}/io") as f:
                return next(int(l.split()[1]) for l in f if l.startswith("rchar:")) >= enough
        except (OSError, StopIteration, ValueError):
            return False
    return e2elib.wait_until(read, timeout)


def growing(folder, timeout=20):
    """Until the export's temporary file in `folder` holds bytes (ffmpeg is writing the clip):
    mid-run. False after `timeout` seconds."""
    def written():
        try:
            return any(os.path.getsize(os.path.join(folder, n)) > 0 for n in temporaries(folder))
        except OSError:
            return False
    return e2elib.wait_until(written, timeout)


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
    if child_name == "ffmpeg":
        # Mid-run: frames going in.
        if not reading(child):
            problems.append(f"ffmpeg (pid {child}) read no {2 << 20} bytes of frames in 20 s")
    else:
        time.sleep(1.0)   # deliberate: a stalled ffmpeg writes nothing to await; a second into the run
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


def wrapper(folder, mode):
    """A folder holding an `ffmpeg` script that starts `sleep 1000` in the background, writes its
    pid to FOLDER/sleep.pid and then runs the real ffmpeg (mode "wait": as its child, waited for;
    "exec": in its place)."""
    real = shutil.which("ffmpeg", path=ENV.get("PATH", "/usr/bin:/bin"))
    fake = os.path.join(folder, "bin")
    os.makedirs(fake)
    with open(os.path.join(fake, "ffmpeg"), "w") as f:
        run = f'exec "{real}" "$@"' if mode == "exec" else f'"{real}" "$@"\nexit $?'
        f.write(f"#!/bin/sh\nsleep 1000 &\necho $! > '{folder}/sleep.pid'\n{run}\n")
    os.chmod(os.path.join(fake, "ffmpeg"), 0o755)
    return dict(ENV, PATH=fake + ":" + ENV.get("PATH", "/usr/bin:/bin"))


def sleep_gone(folder, within):
    """Problems when the wrapper's sleep still runs `within` seconds from now."""
    try:
        with open(os.path.join(folder, "sleep.pid")) as f:
            pid = int(f.read())
    except (OSError, ValueError):
        return ["the wrapper's sleep never started"], None
    t0 = time.time()
    while alive(pid) and time.time() - t0 < within:
        time.sleep(0.02)
    if alive(pid):
        os.kill(pid, signal.SIGKILL)
        return [f"the wrapper's child sleep (pid {pid}) still runs {within:.0f} s after flick ended"], None
    return [], time.time() - t0


def group_case(name, sig, rec, long_rec):
    folder = os.path.join(WORK, name.replace(" ", "-").replace(",", ""))
    os.makedirs(folder)
    mode = "exec" if sig is None else "wait"
    env = wrapper(folder, mode)
    if sig is None:
        r = subprocess.run([BIN, "export", rec, "--out", os.path.join(folder, "clip.mp4"), "--size", "320x240"],
                           env=env, capture_output=True, timeout=120)
        if r.returncode != 0:
            return [f"export exited {r.returncode}: {r.stderr.decode(errors='replace').strip()}"], ""
        problems, gone = sleep_gone(folder, 1.0)
        return problems, f"export done (rc 0), the wrapper's sleep was gone {(gone or 0) * 1000:.0f} ms after"
    p = subprocess.Popen([BIN, "export", long_rec, "--out", os.path.join(folder, "clip.mp4"), "--size", "320x240"],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 20
    while not os.path.exists(os.path.join(folder, "sleep.pid")) and time.time() < deadline and p.poll() is None:
        time.sleep(0.05)
    # Mid-run: the real ffmpeg under the wrapper writing the clip.
    mid = growing(folder)
    p.send_signal(sig)
    try:
        rc = p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        return [f"flick still ran 10 s after {signal.Signals(sig).name}"], ""
    problems, gone = sleep_gone(folder, 1.0)
    if not mid:
        problems.append("the export's temporary file got no bytes in 20 s (signalled then anyway)")
    if rc != 128 + sig:
        problems.append(f"exit {rc}, expected {128 + sig}")
    left = temporaries(folder)
    if left:
        problems.append("temporaries left: " + ", ".join(left))
    return problems, f"exit {rc}; the wrapper's sleep was gone {(gone or 0) * 1000:.0f} ms after flick ended"


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
    cases += [
        ("SIGTERM mid export through an ffmpeg wrapper with a child", "group", signal.SIGTERM),
        ("SIGINT mid export through an ffmpeg wrapper with a child", "group", signal.SIGINT),
        ("export done through an ffmpeg wrapper with a child", "group", None),
    ]

    def check(name, a, b, c=None):
        if a == "group":
            return group_case(name, b, rec, long_rec)
        return case(name, a, b, c, rec)
    return e2elib.report("orphans", cases, check)


if __name__ == "__main__":
    sys.exit(main())
