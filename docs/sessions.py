#!/usr/bin/env python3
"""Writes the scripted sessions behind the README screenshots: pointer events in scene points
(the phone screen, 390x844 unless a shot names another stage) at 60 Hz, as `flick --record`
would, the frame each interaction's picture is taken at (sessions/frames.json, also read by the
e2e tests), and the list of pictures docs/make_screenshots.sh takes (sessions/shots.json).

A picture is taken while the pointer is still down (the gesture is held), so it shows the
interaction mid-gesture and, in presentation mode, the touch dot. Every held card is kept
inside the phone so the whole screenshot on it shows."""
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
    # Now: scroll down a little, then pull the centred card 75 pt to the right and hold it there
    # (tilted, the whole screen on it still inside the phone).
    "now": drag(0.2, 195, 600, 0, -260, 0.5) + drag(1.6, 140, 420, 75, 0, 0.5, hold=True),
    # Switcher: a slow drag to the left, caught mid-way so the cards fan out.
    "switcher": drag(0.2, 300, 420, -150, 0, 0.8, hold=True),
    # Stack: throw the top card, then drag the next one 45 pt left, holding it tilted.
    "stack": drag(0.2, 195, 400, -240, 10, 0.15) + drag(1.4, 200, 420, -45, 10, 0.5, hold=True),
    # Carousel: page once, then lift the centred card 115 pt, held (its top still on screen;
    # the pointer on the dark part of the card, where the touch dot shows best).
    "carousel": drag(0.2, 300, 420, -180, 0, 0.12) + drag(1.4, 195, 600, 0, -115, 0.5, hold=True),
    # The stack on an iPhone SE stage (375x667 points): the same throw and held drag.
    "stack-se": drag(0.2, 187, 330, -240, 10, 0.15) + drag(1.4, 200, 420, -45, 10, 0.5, hold=True),
    # Swipe: a nope (thrown left), then the next card grabbed in its upper half and held
    # 95 pt to the right, tilted, its LIKE label most of the way in.
    "swipe": drag(0.2, 195, 400, -240, 10, 0.15) + drag(1.4, 195, 300, 95, -12, 0.5, hold=True),
    # Fit and fill: the now list held mid-scroll so two cards show whole.
    "fit": drag(0.2, 195, 700, 0, -200, 0.8, hold=True),
}
frames = {"now": 150, "switcher": 70, "stack": 130, "carousel": 130, "stack-se": 130, "fit": 70, "swipe": 130}

# Each picture: file in docs/, session, interaction, frame, and flick's other options.
shots = [
    ["now.png", "now", "now", frames["now"], []],
    ["switcher.png", "switcher", "switcher", frames["switcher"], []],
    ["stack.png", "stack", "stack", frames["stack"], []],
    ["carousel.png", "carousel", "carousel", frames["carousel"], []],
    ["swipe.png", "swipe", "swipe", frames["swipe"], []],
    # The tuning panel beside the phone, debug overlay on, mid-swipe of the now session.
    ["panel.png", "now", "now", 120, ["--panel", "--debug-overlay"]],
    # Presentation mode: only the phone, scaled to the window, the touch dot under the pointer.
    ["present.png", "now", "now", frames["now"], ["--present"]],
    ["present-se.png", "stack-se", "stack", frames["stack-se"], ["--present", "--stage", "iphone-se"]],
    # Screenshots of other shapes (docs/fit-cards, made by make_fit_cards.py), fitted and filled.
    ["fit.png", "fit", "now", frames["fit"], ["--cards", "docs/fit-cards", "--fit", "fit"]],
    ["fill.png", "fit", "now", frames["fit"], ["--cards", "docs/fit-cards", "--fit", "fill"]],
]

os.makedirs(OUT, exist_ok=True)
for name, events in sessions.items():
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e, sort_keys=True) + "\n")
with open(os.path.join(OUT, "frames.json"), "w") as f:
    json.dump(frames, f, indent=1, sort_keys=True)
with open(os.path.join(OUT, "shots.json"), "w") as f:
    json.dump(shots, f, indent=1)
