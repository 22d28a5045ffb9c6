#!/usr/bin/env python3
"""Every tool stops on a signal: flick-lab (soak, fuzz) and flick-bench (each of its parts) get
SIGTERM or SIGINT at a few points of their run and must end within 1 s, with exit 128 + the
signal's number and the report of what they measured until then on standard output.

Usage: Tests/e2e/tools_stop.py path/to/flick [work-folder]   (flick-lab and flick-bench beside it)
Prints "  ok    ..." / "  FAIL  ..." per case and a count line; exit code 1 if any failed.
"""
import os
import re
import select
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
WORK = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="flick-tools-stop-"))
LAB = os.path.join(os.path.dirname(BIN), "flick-lab")
BENCH = os.path.join(os.path.dirname(BIN), "flick-bench")
PROBE = os.path.join(os.path.dirname(BIN), "libFlickPresentProbe.so")
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy")
ENV.pop("DISPLAY", None)
ENV.pop("WAYLAND_DISPLAY", None)


def stop(name, argv, sig, when, report, cwd=None):
    """Starts argv, waits for `when` (seconds, or a pattern of its standard error), sends `sig`;
    the problems found and a one-line summary."""
    p = subprocess.Popen(argv, cwd=cwd or WORK, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    err = b""
    deadline = time.time() + 120
    if isinstance(when, str):
        # Wait until the tool says it reached that point (its progress on standard error).
        while time.time() < deadline and p.poll() is None and not re.search(when.encode(), err):
            ready, _, _ = select.select([p.stderr], [], [], 0.2)
            if ready:
                chunk = os.read(p.stderr.fileno(), 65536)
                if not chunk:
                    break
                err += chunk
        if not re.search(when.encode(), err):
            p.kill()
            out, rest = p.communicate()
            return [f"never reached /{when}/ (exit {p.returncode}): {(err + rest).decode(errors='replace')[-300:]}"], ""
    else:
        # `when` seconds after the tool catches the signal: a loaded machine can take longer
        # than that to load a large binary, and a signal before its handler is in place ends
        # it by the default action, which says nothing about the tool.
        while time.time() < deadline and p.poll() is None and not e2elib.catches(p.pid, sig):
            time.sleep(0.005)
        time.sleep(when)
    if p.poll() is not None:
        out, rest = p.communicate()
        return [f"ended before the signal (exit {p.returncode}): {(err + rest).decode(errors='replace')[-300:]}"], ""
    t0 = time.time()
    p.send_signal(sig)
    try:
        out, rest = p.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, rest = p.communicate()
        return ["still running 10 s after the signal"], ""
    took = time.time() - t0
    out, err = out.decode(errors="replace"), (err + rest).decode(errors="replace")
    problems = []
    if took > 1.0:
        problems.append(f"took {took:.2f} s after the signal (at most 1 s)")
    if p.returncode != 128 + sig:
        problems.append(f"exit {p.returncode}, expected {128 + sig}")
    name_of = {signal.SIGTERM: "SIGTERM", signal.SIGINT: "SIGINT"}[sig]
    if f"stopped by {name_of}" not in err:
        problems.append(f"no 'stopped by {name_of}' on standard error")
    if not re.search(report, out, re.M):
        problems.append(f"no partial report /{report}/ on standard output: {out[-300:]!r}")
    # Nothing of its process group (a child it started) may outlive it: a child that got the
    # same signal is given a second to end.
    def group_gone():
        try:
            os.killpg(p.pid, 0)
            return False
        except ProcessLookupError:
            return True
    if not e2elib.wait_until(group_gone, 1.0, poll=0.02):
        problems.append("processes of its group still run a second after it ended")
        os.killpg(p.pid, signal.SIGKILL)
    last = next((l for l in reversed(out.splitlines()) if l.strip()), "")
    return problems, f"exit {p.returncode} {took * 1000:.0f} ms after {name_of}; last line: {last[:110]}"


def main():
    for tool in (LAB, BENCH):
        if not os.access(tool, os.X_OK):
            print(f"tools-stop: no {os.path.basename(tool)} beside {BIN}")
            print("tools-stop: 0 passed, 1 failed")
            return 1
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "fuzz"))
    rec = os.path.join(WORK, "seed.rec")
    log = os.path.join(WORK, "seed.log")
    subprocess.run([BIN, "--headless", "--demo", "now", "--replay", os.path.join(ROOT, "docs", "sessions", "now.jsonl"),
                    "--frames", "120", "--record", rec, "--log", log], env=ENV, capture_output=True, cwd=ROOT)
    soak = [LAB, "soak", "--minutes", "600", "--seed", "3"]
    fuzz = [LAB, "fuzz", "--inputs", "1000000", "--work", os.path.join(WORK, "fuzz"), "--recording-seed", rec,
            "--log-seed", log]
    quick = ["--repeat", "50", "--interactions", "now,stack,carousel", "--size", "640x400", "--count", "12"]
    T, I = signal.SIGTERM, signal.SIGINT
    frames_report = r"^now +640x400 +software"
    cases = [
        ("soak: SIGTERM at 0.3 s", soak, T, 0.3, r"^soak: \d+ frames"),
        ("soak: SIGINT at 2 s", soak, I, 2.0, r"^soak: \d+ frames"),
        ("fuzz: SIGTERM at 0.5 s", fuzz, T, 0.5, r"^fuzz config: \d+ inputs"),
        ("fuzz: SIGINT at 3 s", fuzz, I, 3.0, r"^fuzz config: \d+ inputs"),
        ("bench: SIGTERM while it starts", [BENCH, "--only", "frames"] + quick, T, 0.2, r"Partial report: stopped by SIGTERM"),
        # Three passes, not fifty: the first interaction must end (here 50 passes of `now`
        # took 155 s) before the signal, and the second is still running when it comes.
        ("bench frames: SIGTERM after the first interaction, with its figures",
         [BENCH, "--only", "frames"] + quick[:1] + ["3"] + quick[2:], T, r"software \([^)]*\) stack:", frames_report),
        ("bench frames: SIGINT mid-session", [BENCH, "--only", "frames"] + quick, I, r"software \([^)]*\) now:", r"Partial report: stopped by SIGINT"),
        ("bench faces: SIGTERM while it writes its screenshots",
         [BENCH, "--only", "faces", "--screens-dir", os.path.join(WORK, "screens"), "--faces-sizes", "390x844"], T, r"faces: writing", r"Partial report: stopped by SIGTERM"),
        ("bench faces: SIGINT after a measure, with it",
         [BENCH, "--only", "faces", "--screens-dir", os.path.join(WORK, "screens"), "--faces-sizes", "390x844,1280x800"], I, r"faces now 390x844", r"^now +390x844 +bundled"),
        ("bench latency: SIGTERM mid-session", [BENCH, "--only", "latency", "--interactions", "now,stack"], T, 1.0, r"Partial report: stopped by SIGTERM"),
        ("bench phone: SIGTERM while its phone drags (a child process)",
         [BENCH, "--only", "phone", "--interactions", "now,stack"], T, 4.0, r"Partial report: stopped by SIGTERM"),
        ("bench memory: SIGTERM while it writes its cards",
         [BENCH, "--only", "memory", "--memory-cards", "100000", "--memory-dir", os.path.join(WORK, "memory")], T, r"memory: writing", r"Partial report: stopped by SIGTERM"),
        ("bench memory: SIGINT in its child run",
         [BENCH, "--only", "memory", "--memory-cards", "200", "--memory-frames", "100000", "--memory-dir", os.path.join(WORK, "memory2")], I, r"headless frames on them", r"Partial report: stopped by SIGINT"),
        ("bench stall: SIGTERM while it paints its photos",
         [BENCH, "--only", "stall", "--stall-photos", "30", "--stall-dir", os.path.join(WORK, "stall")], T, r"stall: writing", r"Partial report: stopped by SIGTERM"),
    ]
    if os.path.exists(PROBE):
        cases.append(("bench first-frame: SIGTERM between launches",
                      [BENCH, "--only", "first-frame", "--first-frame-runs", "100", "--memory-cards", "20",
                       "--memory-dir", os.path.join(WORK, "ff")], T, r"first frame: \d+ launches", r"Partial report: stopped by SIGTERM"))
    return e2elib.report("tools-stop", cases, stop)


if __name__ == "__main__":
    sys.exit(main())
