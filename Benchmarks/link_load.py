#!/usr/bin/env python3
"""A study by link under load: one `flick host` (release build) and many participants at once over
loopback, each a scripted page in Node (Tests/e2e/link_client.mjs: the engine in wasm, frames at
60 Hz, drags and flings with a move every 8 ms, the tasks, SEQ and SUS, about 30 s of session
time) with real-time pacing off, so every participant sends its chunks as fast as the host takes
them. The participants run in a few Node processes (all of them concurrently in each), started
together.

Afterwards every session must be complete with no divergence (the researcher's
GET /api/participants, and each participant's GET /api/study). Measured: the host's CPU seconds
(utime + stime, /proc/PID/stat) and its peak resident memory (VmHWM, and VmRSS sampled every
100 ms, /proc/PID/status), over the whole run and per participant; the wall time; every upload's
latency as the client saw it (POST to its answer), median and p99. Prints a Markdown table and
writes WORK/result.json.

Usage: link_load.py path/to/flick [--participants 200] [--procs 4] [--tasks 3] [--task-seconds 5]
                    [--work DIR] [--realtime]"""

import csv
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, ".."))
CLIENT = os.path.join(ROOT, "Tests", "e2e", "link_client.mjs")
TICK = os.sysconf("SC_CLK_TCK")
args = sys.argv[1:]


def option(name, default):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


PARTICIPANTS = int(option("--participants", "200"))
PROCS = int(option("--procs", "4"))
TASKS = int(option("--tasks", "3"))
TASK_SECONDS = option("--task-seconds", "5")
WORK = option("--work", None) or tempfile.mkdtemp(prefix="flick-link-load-")
# --realtime: each participant's session takes its own time (frames and touches at their real
# pace), as 200 phones at once would; without it they send as fast as the host takes them.
REALTIME = "--realtime" in args
if REALTIME:
    args.remove("--realtime")
if len(args) != 1:
    sys.exit(__doc__)
BIN = os.path.abspath(args[0])


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def memory_kib(pid):
    out = {}
    for line in open(f"/proc/{pid}/status"):
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


class Sampler(threading.Thread):
    """The host's VmRSS every 100 ms (its peak), and its CPU seconds at the end."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.samples, self.running = pid, 0, 0, True

    def run(self):
        while self.running:
            try:
                self.peak = max(self.peak, memory_kib(self.pid).get("VmRSS", 0))
                self.samples += 1
            except OSError:
                return
            time.sleep(0.1)


def get(url):
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def quantile(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))] if v else float("nan")


def main():
    os.makedirs(WORK, exist_ok=True)
    tasks = {"participantSide": {"taskText": True, "seq": True, "sus": True},
             "tasks": [{"name": f"Task {k + 1}", **({"start": {"interaction": "stack", "reset": True}} if k == 0 else {})}
                       for k in range(TASKS)]}
    json.dump(tasks, open(os.path.join(WORK, "tasks.json"), "w"))
    shutil.copy(os.path.join(ROOT, "assets", "presets", "snappy.json"), os.path.join(WORK, "snappy.json"))
    r = subprocess.run([BIN, "plan", "--condition", "snappy,config=snappy.json", "--participants", str(PARTICIPANTS),
                        "--tasks", "tasks.json", "--out", "plan.json"], capture_output=True, text=True, cwd=WORK)
    if r.returncode:
        sys.exit(f"flick plan: {r.stderr}")
    folder = os.path.join(WORK, "host")
    shutil.rmtree(folder, ignore_errors=True)
    out_path = os.path.join(WORK, "host.out")
    host = subprocess.Popen([BIN, "host", "plan.json", "--out", folder], stdout=open(out_path, "w"), stderr=subprocess.STDOUT,
                            cwd=WORK, start_new_session=True)
    try:
        base = None
        deadline = time.time() + 30
        while time.time() < deadline and host.poll() is None and base is None:
            m = re.search(r"(http://127\.0\.0\.1:\d+)/", open(out_path).read())
            if m and os.path.exists(os.path.join(folder, "links.csv")) and os.path.exists(os.path.join(folder, "host.json")):
                base = m.group(1)
            time.sleep(0.05)
        if base is None:
            sys.exit(f"flick host printed no address: {open(out_path).read()[-500:]}")
        text = open(out_path).read()
        m = re.search(r"/r\?t=([0-9a-f]{32})", text)
        researcher = m.group(1) if m else None
        with open(os.path.join(folder, "links.csv")) as f:
            links = [(row["participant"], base + "/p?" + row["link"].split("?", 1)[1]) for row in csv.DictReader(f)]
        time.sleep(1)
        cpu0, mem0 = cpu_seconds(host.pid), memory_kib(host.pid)
        sampler = Sampler(host.pid)
        sampler.start()

        groups = [links[i::PROCS] for i in range(PROCS)]
        procs = []
        start = time.time()
        for g, group in enumerate(groups):
            path = os.path.join(WORK, f"links-{g}.csv")
            with open(path, "w") as f:
                f.write("participant,link\n" + "".join(f"{p},{l}\n" for p, l in group))
            procs.append(subprocess.Popen(["node", CLIENT, "--links", path, "--task-seconds", TASK_SECONDS, "--latencies"]
                                         + (["--realtime"] if REALTIME else []),
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        results, errors = [], []
        for p in procs:
            stdout, stderr = p.communicate(timeout=3600)
            for line in stdout.splitlines():
                if line.startswith("{"):
                    results.append(json.loads(line))
            if p.returncode:
                errors.append(f"node exit {p.returncode}: {stderr[-300:]}")
        clients_done = time.time() - start

        # The host may still be replaying: wait until every session says complete (or 120 s).
        statuses = {}
        deadline = time.time() + 120
        while time.time() < deadline:
            statuses = {}
            for who, link in links:
                token = link.split("t=", 1)[1]
                for s in get(f"{base}/api/study?t={token}")["sessions"]:
                    statuses[(who, s["session"])] = s["status"]
            if all(v in ("complete", "diverged", "refused") for v in statuses.values()):
                break
            time.sleep(1)
        wall = time.time() - start
        sampler.running = False
        sampler.join()
        cpu = cpu_seconds(host.pid) - cpu0
        mem = memory_kib(host.pid)
        diverged = 0
        if researcher:
            doc = get(f"{base}/api/participants?t={researcher}")
            people = doc.get("participants", []) if isinstance(doc, dict) else doc
            for p in people:
                for s in p.get("sessions", []):
                    diverged += int(s.get("divergences", 0) or 0) + (s.get("status") == "diverged")
    finally:
        host.send_signal(signal.SIGTERM)
        try:
            host.wait(30)
        except subprocess.TimeoutExpired:
            host.kill()

    failed = [r for r in results if "error" in r]
    latencies = [x for r in results for x in r.get("latencies", [])]
    complete = sum(1 for v in statuses.values() if v == "complete")
    records = sum(r.get("records", 0) for r in results)
    n = len(links)
    result = {
        "participants": n, "node processes": PROCS, "tasks": TASKS, "sessions": len(statuses), "complete": complete,
        "divergences": diverged if researcher else None, "client errors": len(failed) + len(errors),
        "records": records, "uploads": sum(r.get("uploads", 0) for r in results),
        "retries": sum(r.get("retries", 0) for r in results), "conflicts": sum(r.get("conflicts", 0) for r in results),
        "wall s": round(wall, 2), "clients s": round(clients_done, 2),
        "host cpu s": round(cpu, 2), "host cpu ms per participant": round(cpu * 1000 / n, 1),
        "host rss before MiB": round(mem0.get("VmRSS", 0) / 1024, 1), "host peak rss MiB": round(max(sampler.peak, mem.get("VmHWM", 0)) / 1024, 1),
        "host peak rss per participant KiB": round((max(sampler.peak, mem.get("VmHWM", 0)) - mem0.get("VmRSS", 0)) / n, 1),
        "upload median ms": round(quantile(latencies, 0.5), 2), "upload p99 ms": round(quantile(latencies, 0.99), 2),
        "upload max ms": round(max(latencies), 2) if latencies else None,
        "session seconds (mean)": round(statistics.mean(s["seconds"] for r in results for s in r.get("sessions", [])), 1)
        if results else None,
        "errors": [r.get("error") for r in failed][:5] + errors[:5],
        "why retried": sorted({f for r in results for f in r.get("failures", [])}),
    }
    json.dump(result, open(os.path.join(WORK, "result.json"), "w"), indent=2)
    print(f"{n} participants, one session each of {TASKS} tasks, {result['session seconds (mean)']} s of session time on average; "
          f"real-time pacing {'on' if REALTIME else 'off'}")
    print(f"| participants | sessions complete | divergences | records | uploads | wall | host CPU (per participant) "
          f"| host peak RSS (per participant) | upload median / p99 |")
    print("|---|---|---|---|---|---|---|---|---|")
    print(f"| {n} ({PROCS} Node processes) | {complete} of {len(statuses)} | {result['divergences']} | {records:,} | "
          f"{result['uploads']:,} ({result['retries']} retries) | {wall:.1f} s | {cpu:.1f} s ({result['host cpu ms per participant']} ms) | "
          f"{result['host peak rss MiB']} MiB ({result['host peak rss per participant KiB']} KiB over {result['host rss before MiB']} MiB) | "
          f"{result['upload median ms']} / {result['upload p99 ms']} ms |")
    if result["why retried"]:
        print("retried after:", ", ".join(result["why retried"]))
    if result["errors"]:
        print("errors:", *result["errors"], sep="\n  ")
    print(f"(files in {WORK})")
    ok = complete == n * 1 and complete == len(statuses) and not failed and not errors and (diverged == 0)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
