#!/usr/bin/env python3
"""Writes the scripted sessions behind the README screenshots: pointer events in scene points
(the 390x844 phone screen) at 60 Hz, as `flick --record` would, and the frame to capture."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "sessions")


def drag(t0, x0, y0, dx, dy, seconds, hold=False):
    """A press at (x0, y0), moves over `seconds` to (x0+dx, y0+dy); released unless `hold`."""
    steps = max(2, int(seconds * 60))
    events = [{"t": round(t0, 4), "pointer": {"pointerID": 0, "phase": "down", "position": {"x": x0, "y": y0},
                                               "time": t0, "device": "mouse"}}]
    for i in range(1, steps + 1):
        t = t0 + seconds * i / steps
        events.append({"t": round(t, 4), "pointer": {"pointerID": 0, "phase": "move",
                       "position": {"x": x0 + dx * i / steps, "y": y0 + dy * i / steps}, "time": t, "device": "mouse"}})
    if not hold:
        t = t0 + seconds + 0.004
        events.append({"t": round(t, 4), "pointer": {"pointerID": 0, "phase": "up",
                       "position": {"x": x0 + dx, "y": y0 + dy}, "time": t, "device": "mouse"}})
    return events


sessions = {
    # Now: scroll down a little, then pull the centred card 45% to the right and hold it there.
    "now": drag(0.2, 195, 600, 0, -260, 0.5) + drag(1.6, 140, 420, 150, 0, 0.5, hold=True),
    # Switcher: a slow drag to the left, caught mid-way so the cards fan out.
    "switcher": drag(0.2, 300, 420, -150, 0, 0.8, hold=True),
    # Stack: throw the top card, then drag the next one left, holding it tilted.
    "stack": drag(0.2, 195, 400, -240, 10, 0.15) + drag(1.4, 200, 420, -90, 20, 0.5, hold=True),
    # Carousel: page once, then lift the centred card halfway up, held.
    "carousel": drag(0.2, 300, 420, -180, 0, 0.12) + drag(1.4, 195, 520, 0, -200, 0.5, hold=True),
}
frames = {"now": 150, "switcher": 70, "stack": 130, "carousel": 130}

os.makedirs(OUT, exist_ok=True)
for name, events in sessions.items():
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e, sort_keys=True) + "\n")
with open(os.path.join(OUT, "frames.json"), "w") as f:
    json.dump(frames, f, indent=1, sort_keys=True)
