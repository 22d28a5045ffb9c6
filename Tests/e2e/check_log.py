#!/usr/bin/env python3
"""Checks the interaction log of the e2e session (see run.sh): four gestures, in order:
a slow drag, a fast flick, a vertical flick on a card, a drag held still before release.
Every line is first checked against the schema (docs/log-schema.md, version 1)."""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from log_schema import schema_problems  # noqa: E402

path = sys.argv[1]
events = [json.loads(line) for line in open(path) if line.strip()]
problems = []

def expect(cond, what):
    print(("    yes  " if cond else "    NO   ") + what)
    if not cond:
        problems.append(what)

bad = schema_problems(events)
expect(not bad, f"every line follows schema 1 ({len(events)} lines{': ' + '; '.join(bad[:3]) if bad else ''})")
expect(events and events[0]["event"] == "started", "the log opens with 'started'")
expect(events and events[-1]["event"] == "quit", "the log closes with 'quit'")
times = [e["t"] for e in events]
expect(times == sorted(times), "times never go backwards")

# Split the log into the four gestures: each segment runs from one gesture_ended to the next.
ends = [i for i, e in enumerate(events) if e["event"] == "gesture_ended"]
expect(len(ends) == 4, f"four gestures ended (got {len(ends)})")
if len(ends) == 4:
    bounds = ends + [len(events)]
    seg = [events[bounds[k]:bounds[k + 1]] for k in range(4)]
    g = [events[i] for i in ends]
    speed = [math.hypot(*e["velocity"]) for e in g]
    print("    gestures: " + "; ".join(
        f'{e["kind"]} t={e["translation"]} v={[round(v) for v in e["velocity"]]} -> {e["outcome"]}' for e in g))

    paged = lambda s: [e for e in s if e["event"] == "paged"]
    deleted = lambda s: [e for e in s if e["event"] == "deleted"]
    expect(g[0]["kind"] == "scroll" and g[0]["outcome"] == "stayed" and not paged(seg[0]),
           "slow drag: a scroll that stays on its page, no 'paged'")
    p = paged(seg[1])
    # How fast xdotool delivered the moves depends on the machine's load (on a busy 2-core machine
    # its last moves can bunch up, and the release speed fall to a fifth of the drag's mean): the
    # release speed is judged against the drag's own mean speed, gesture_began to gesture_ended,
    # with that margin; the page turned once is the point.
    began = [e for e in events[ends[0]:ends[1]] if e["event"] == "gesture_began"]
    span = g[1]["t"] - began[-1]["t"] if began else 0
    mean = math.hypot(*g[1]["translation"]) / span if span > 0 else 0
    expect(g[1]["kind"] == "scroll" and g[1]["outcome"] == "paged" and len(p) == 1
           and abs(p[0]["to"] - p[0]["from"]) == 1 and speed[1] >= 0.15 * mean and speed[1] > 100,
           f"fast flick (|v| {speed[1]:.0f} pt/s, the drag's mean {mean:.0f} pt/s): exactly one page turned ({p})")
    d = deleted(seg[2])
    expect(g[2]["kind"] == "card" and g[2]["outcome"] == "thrown" and len(d) == 1,
           f"vertical flick: the card is thrown and exactly one 'deleted' ({d})")
    expect(g[3]["kind"] == "scroll" and speed[3] < 50 and g[3]["outcome"] == "stayed" and not paged(seg[3]),
           f"held release: |v| {speed[3]:.1f} < 50 pt/s, no coasting, no page turned")
    expect(sum(1 for e in events if e["event"] == "deleted") == 1, "one deletion in the whole session")

sys.exit(1 if problems else 0)
