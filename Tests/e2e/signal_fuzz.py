#!/usr/bin/env python3
"""Every signal at any moment stops cleanly: SIGINT, SIGTERM and SIGHUP sent at a random moment,
and SIGXFSZ provoked by a random file-size limit (RLIMIT_FSIZE, as `ulimit -f` sets it), to
every subcommand (a headless run that logs and records, the window under SDL's dummy driver,
report, compare, study, tune, export, plan). Each run must end with its documented exit code
(128 + the signal's number; 3 for a write the limit refused, with one line naming the file; 0
when it finished first; killed by the signal only when it came before the process could catch
it, read from /proc), leave only complete JSON lines in every log and recording, every
recording it made must replay headless to the gestures of its log, no temporary file
(`.NAME.tmp-PID-N`) may be left, the files of one result are all there or none, and nothing
crashes (no 132, 134, 139, no runtime trap message).

Usage: Tests/e2e/signal_fuzz.py path/to/flick [work-folder]
FLICK_SIGNAL_FUZZ_RUNS sets the number of runs (default 48), FLICK_SIGNAL_FUZZ_SEED the seed.
Prints "  ok    ..." / "  FAIL  ..." per run and a count line; exit code 1 if any failed.
"""
import json
import os
import random
import re
import resource
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
WORK = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="flick-signal-fuzz-"))
RUNS = int(os.environ.get("FLICK_SIGNAL_FUZZ_RUNS", "48"))
SEED = int(os.environ.get("FLICK_SIGNAL_FUZZ_SEED", "5"))
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy")
ENV.pop("DISPLAY", None)
ENV.pop("WAYLAND_DISPLAY", None)
TEMPORARY = re.compile(r"^\..+\.tmp-\d+-\d+")
CRASH = re.compile(r"Fatal error|Illegal instruction|Segmentation fault|Program crashed|Aborted|core dumped")


def session(inputs, session_id):
    """A recording of `inputs` pointer inputs (throws left on the stack, 60 Hz moves) under the
    sample study's header (bundled cards, so any working folder replays it)."""
    with open(os.path.join(ROOT, "docs/study/sample/p1-snappy.rec")) as f:
        head = json.loads(f.readline())
    head["session"] = session_id
    lines, t, n = [json.dumps(head)], 0.2, 0
    while n < inputs:
        def pointer(phase, x):
            return json.dumps({"t": round(t, 4), "pointer": {"device": "mouse", "phase": phase, "pointerID": 0,
                                                            "position": {"x": x, "y": 420.0}, "time": round(t, 4)}})
        lines.append(pointer("down", 300.0))
        for i in range(1, 9):
            t += 1 / 60
            lines.append(pointer("move", 300.0 - 25 * i))
        lines.append(pointer("up", 100.0))
        n += 10
        t += 0.35
    return "\n".join(lines) + "\n"


def setup():
    os.makedirs(WORK, exist_ok=True)
    inputs = os.path.join(WORK, "inputs")
    os.makedirs(inputs, exist_ok=True)
    files = {"short.rec": (160, "00000000-0000-0000-0000-00000000000a"),
             "long.rec": (3000, "00000000-0000-0000-0000-00000000000b"),
             "other.rec": (1500, "00000000-0000-0000-0000-00000000000c")}
    for name, (n, sid) in files.items():
        with open(os.path.join(inputs, name), "w") as f:
            f.write(session(n, sid))
    for name, speed in (("a.json", 700), ("b.json", 1100)):
        with open(os.path.join(inputs, name), "w") as f:
            json.dump({"stack": {"throwSpeed": speed}}, f)
    return inputs


def commands(inputs):
    """name: (argv in a run's folder, the result set it writes, runs until signalled)."""
    i = lambda n: os.path.join(inputs, n)  # noqa: E731
    return {
        "headless run": ([BIN, "--replay", i("short.rec"), "--headless", "--log", "live.jsonl", "--record", "live.rec"],
                         [], False),
        "window": ([BIN, "--demo", "stack", "--log", "live.jsonl", "--record", "live.rec"], [], True),
        "window replay": ([BIN, "--replay", i("short.rec"), "--log", "live.jsonl"], [], True),
        "report": ([BIN, "report", i("long.rec"), "--out", "out"], ["out/report.html", "out/gestures.csv"], False),
        "compare": ([BIN, "compare", "--replay", i("long.rec"), "--config", i("a.json"), "--config", i("b.json"), "--out", "out"],
                    ["out/contact-sheet.png", "out/report.html", "out/gestures.csv", "out/differences.csv"], False),
        "study": ([BIN, "study", i("long.rec"), i("other.rec"), "--out", "out"], ["out/study.html"], False),
        "tune": ([BIN, "tune", i("long.rec"), i("other.rec"), "--key", "stack.throwDistance", "--values", "20:300:20",
                  "--out", "out"], ["out/tune.html", "out/tune.csv"], False),
        "export": ([BIN, "export", i("short.rec"), "--out", "video.mp4"], ["video.mp4"], False),
        "plan": ([BIN, "plan", "--condition", "plain,interaction=stack", "--condition", "other,interaction=swipe",
                  "--participants", "40", "--out", "plan.json"], ["plan.json"], False),
    }


def lines_problems(path):
    """A log or recording: only complete lines, each a JSON object."""
    with open(path, "rb") as f:
        data = f.read()
    if not data:
        return []
    if not data.endswith(b"\n"):
        return [f"{os.path.basename(path)} ends in a torn line ({data[-40:]!r})"]
    for n, line in enumerate(data.split(b"\n")[:-1], 1):
        try:
            if not isinstance(json.loads(line), dict):
                raise ValueError
        except ValueError:
            return [f"{os.path.basename(path)} line {n} is not a JSON object"]
    return []


def events(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def replay_problems(folder):
    """The recording the run made replays headless, and its log's gestures up to the last input
    it holds are the live log's."""
    rec, log = os.path.join(folder, "live.rec"), os.path.join(folder, "live.jsonl")
    if not os.path.exists(rec) or os.path.getsize(rec) == 0:
        return []
    inputs = [e for e in events(rec)[1:] if "end" not in e]
    rlog = os.path.join(folder, "replayed.jsonl")
    p = subprocess.run([BIN, "--replay", rec, "--headless", "--log", rlog], cwd=folder, env=ENV,
                       capture_output=True, timeout=300)
    if p.returncode != 0:
        return [f"live.rec does not replay (exit {p.returncode}): {p.stderr.decode(errors='replace').strip()[-200:]}"]
    if not os.path.exists(log) or os.path.getsize(log) == 0 or not inputs:
        return []
    live = events(log)
    # Up to the last input the recording holds (inputs at its very time may have been cut
    # after it) and the last line the log holds.
    until = min(inputs[-1]["t"], live[-1]["t"])

    def shape(es):
        return [(e["event"], e.get("kind"), e.get("outcome"), e.get("t")) for e in es
                if e["event"] in ("gesture_began", "gesture_ended", "thrown", "paged") and e["t"] < until]
    if shape(live) != shape(events(rlog)):
        a, b = shape(live), shape(events(rlog))
        first = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        return [f"the replay's gestures differ from the live log's at #{first}: "
                f"{a[first:first + 2]} live, {b[first:first + 2]} replayed (until {until} s)"]
    return []


def run_case(name, argv, outputs, endless, sig, delay, limit, folder):
    """Runs argv in `folder`; with `limit` under that file-size limit (signalled only when it
    would run forever), else signalled with `sig` after `delay` seconds. The problems, and what
    happened."""
    os.makedirs(os.path.join(folder, "out"), exist_ok=True)
    os.rmdir(os.path.join(folder, "out"))   # made by the run itself

    def preexec():
        if limit:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    p = subprocess.Popen(argv, cwd=folder, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=preexec, start_new_session=True)
    sent = None
    caught = True
    if sig is not None:
        try:
            p.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            # A signal that comes before the process has installed its handlers (the runtime is
            # still loading) kills it as the kernel's default does: that is allowed, provided
            # it left nothing behind, which the checks below still ask.
            caught = e2elib.catches(p.pid, sig)
            p.send_signal(sig)
            sent = sig
    try:
        out, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return [f"still running 120 s after the signal (killed)"], ""
    rc = p.returncode
    text = err.decode(errors="replace")
    problems = []
    if sent is not None and rc == -sent and not caught:
        pass
    elif rc < 0 or rc in (132, 134, 135, 136, 139) or CRASH.search(text):
        problems.append(f"crashed (exit {rc}): {text.strip()[-300:]}")
    else:
        allowed = {0}
        if sent is not None:
            allowed.add(128 + sent)
        if limit:
            allowed.add(3)
        if rc not in allowed:
            problems.append(f"exit {rc}, expected one of {sorted(allowed)}: {text.strip()[-200:]}")
        if rc == 3 and not re.search(r"cannot write .*'[^']+'", text):
            problems.append(f"exit 3 without a line naming the file and its reason: {text.strip()[-200:]}")
    # Logs and recordings: complete lines; no temporary anywhere in the run's folder.
    for dirpath, _, names in os.walk(folder):
        for n in names:
            path = os.path.join(dirpath, n)
            if TEMPORARY.match(n):
                problems.append(f"temporary file left: {os.path.relpath(path, folder)}")
            if n.endswith((".jsonl", ".rec")):
                problems += lines_problems(path)
    # A result is a set: all of its files or none of them (all of them when it ended well).
    there = [o for o in outputs if os.path.exists(os.path.join(folder, o))]
    if rc == 0 and len(there) != len(outputs):
        problems.append(f"ended well without {sorted(set(outputs) - set(there))}")
    elif there and len(there) != len(outputs):
        problems.append(f"half a result: {there} without {sorted(set(outputs) - set(there))}")
    if sent is not None and rc == 128 + sent and os.path.exists(os.path.join(folder, "live.jsonl")):
        log = events(os.path.join(folder, "live.jsonl"))
        if log and log[-1].get("event") != "quit":
            problems.append(f"stopped by a signal, the log ends with {log[-1].get('event')}, not its quit line")
    if not problems:
        problems += replay_problems(folder)
    how = f"limit {limit} bytes" if limit else "no limit"
    how += f", {signal.Signals(sig).name} at {delay:.2f} s" if sig is not None else ""
    early = " (before it caught signals)" if sent is not None and not caught else ""
    return problems, f"{how}: exit {rc}{early}" + ("" if sent is not None or sig is None else " (finished first)")


def main():
    inputs = setup()
    cmds = commands(inputs)
    rng = random.Random(SEED)
    # How long each takes unsignalled (the window: a few seconds of it), so the moments drawn
    # fall inside the run.
    span = {}
    for name, (argv, outputs, endless) in cmds.items():
        folder = os.path.join(WORK, f"baseline-{name.replace(' ', '-')}")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        t0 = time.time()
        if endless:
            span[name] = 3.0
            continue
        p = subprocess.run(argv, cwd=folder, env=ENV, capture_output=True, timeout=300)
        span[name] = max(0.2, time.time() - t0)
        print(f"  {name}: {span[name]:.2f} s unsignalled", flush=True)
        if p.returncode != 0:
            print(f"  FAIL  baseline {name}: exit {p.returncode}: {p.stderr.decode(errors='replace').strip()[-300:]}")
            return 1
    cases = []
    names = list(cmds)
    for k in range(RUNS):
        name = names[k % len(names)]
        argv, outputs, endless = cmds[name]
        kind = rng.choice(["SIGINT", "SIGTERM", "SIGHUP", "SIGXFSZ"])
        if kind == "SIGXFSZ":
            limit = rng.choice([rng.randint(1, 4096), rng.randint(4096, 65536), rng.randint(65536, 400000)])
            sig = signal.SIGTERM if endless else None
            delay = rng.uniform(0.5, span[name]) if endless else 0
        else:
            limit, sig = 0, getattr(signal, kind)
            delay = rng.uniform(0.02, span[name] * 1.1)
        folder = os.path.join(WORK, f"run-{k:04d}")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        cases.append((f"{name} #{k} ({kind})", argv, outputs, endless, sig, delay, limit, folder))

    def check(title, argv, outputs, endless, sig, delay, limit, folder):
        problems, what = run_case(title, argv, outputs, endless, sig, delay, limit, folder)
        if not problems:
            shutil.rmtree(folder, ignore_errors=True)
        return problems, what
    return e2elib.report(f"signal fuzz ({RUNS} runs, seed {SEED})", cases, check)


if __name__ == "__main__":
    sys.exit(main())
