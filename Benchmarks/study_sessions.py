#!/usr/bin/env python3
"""Writes N synthetic recordings for measuring `flick study` at scale (README: "flick study at
200 sessions"). Each is a copy of a real recording's header (its cards, window, stage, demo)
with a new participant, task and config, and MINUTES of generated mouse input: a card drag
every 0.9-1.6 s at 120 Hz (firm throws, mild drags that may snap back and are retried, hesitant
presses, reversals, mid-drag rests), an undo now and then, a reset every 15 gestures, task
markers every minute. Seeded: the same arguments give the same files.

    Benchmarks/study_sessions.py SOURCE.rec OUT_DIR [N=200] [MINUTES=3] [PARTICIPANTS=20]
"""
import json, os, random, sys

src, out = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 200
minutes = float(sys.argv[4]) if len(sys.argv) > 4 else 3
people = int(sys.argv[5]) if len(sys.argv) > 5 else 20
header = json.loads(open(src).readline())
os.makedirs(out, exist_ok=True)
stage = header.get("stage") or header["window"]
cx, cy = stage["width"] / 2, stage["height"] / 2
design = ["file,participant,task,condition"]

for i in range(n):
    rng = random.Random(i)
    who, condition = f"p{i % people + 1:02d}", ("snappy", "floaty")[(i // people) % 2]
    task = f"task{i // (2 * people) % 5 + 1}"
    h = dict(header, participant=who, task=task, session=f"synthetic-{i:04d}")
    cfg = json.loads(json.dumps(header["config"]))
    cfg["stack"].update({"throwSpeed": 500, "throwDistance": 70} if condition == "snappy" else {"throwSpeed": 1300, "throwDistance": 150})
    h["config"] = cfg
    lines = [json.dumps(h, separators=(",", ":"), sort_keys=True)]
    t, end, count = 0.5, minutes * 60, 0
    def put(obj):
        lines.append(json.dumps(obj, separators=(",", ":"), sort_keys=True))
    def pointer(phase, x, y):
        put({"pointer": {"device": "mouse", "phase": phase, "pointerID": 0, "position": {"x": round(x, 3), "y": round(y, 3)}, "time": round(t, 4)}, "t": round(t, 4)})
    next_marker = 1.0
    task_open = False
    while t < end:
        if t >= next_marker:
            put({"marker": {"label": "end" if task_open else "start", "task": task}, "t": round(t, 4)})
            task_open = not task_open
            next_marker += 30
        x0, y0 = cx + rng.uniform(-60, 60), cy + rng.uniform(-80, 80)
        style = rng.random()
        dist = rng.uniform(140, 220) if style < 0.5 else rng.uniform(60, 120)
        dur = rng.uniform(0.08, 0.15) if style < 0.5 else rng.uniform(0.2, 0.45)
        sign = -1 if rng.random() < 0.6 else 1
        pointer("down", x0, y0)
        t += rng.uniform(0.25, 0.6) if rng.random() < 0.15 else rng.uniform(0.0, 0.04)   # hesitation
        steps = max(2, int(dur * 120))
        reverse = rng.random() < 0.1
        for s in range(1, steps + 1):
            f = s / steps
            if reverse and f > 0.6: f = 0.6 - (f - 0.6) * 1.2
            t += 1 / 120
            if rng.random() < 0.05: t += rng.uniform(0.25, 0.5)   # a rest mid-drag
            pointer("move", x0 + sign * dist * f, y0 + rng.uniform(-2, 2))
        t += 1 / 120
        pointer("up", x0 + sign * dist * f, y0)
        count += 1
        t += rng.uniform(0.9, 1.6)
        if rng.random() < 0.06:
            put({"command": "undo", "t": round(t, 4)}); t += 0.4
        if count % 15 == 0:
            put({"command": "reset", "t": round(t, 4)}); t += 0.6
    if task_open:
        put({"marker": {"label": "end", "task": task}, "t": round(t, 4)})
    name = f"s{i:04d}.rec"
    open(os.path.join(out, name), "w").write("\n".join(lines) + "\n")
    design.append(f"{name},{who},{task},{condition}")
open(os.path.join(out, "design.csv"), "w").write("\n".join(design) + "\n")
print(f"{n} recordings of {minutes:g} min in {out}")
