#!/usr/bin/env python3
"""The interaction log's schema (docs/log-schema.md, version 1) as a checker: required fields and
their types per event. Usage: log_schema.py LOG.jsonl (exit 1 and one line per problem)."""
import json
import math
import sys

SCHEMA = 1
NUM, INT, STR, VEC, OBJ = "number", "integer", "string", "[dx, dy]", "object"
KINDS = {"scroll", "card", "bring_back", "tap"}
OUTCOMES = {"scrolled", "paged", "stayed", "thrown", "snapped_back", "brought_back", "sent_back",
            "selected", "cancelled"}
INTERACTIONS = {"now", "switcher", "stack", "carousel", "swipe"}
DIRECTIONS = {"left", "right", "up", "down"}
# event name -> (required fields, optional fields); every line also has "event" and "t".
EVENTS = {
    "started": ({"schema": INT, "demo": INTERACTIONS, "cards": INT, "window": (NUM, 2), "stage": (NUM, 4)},
                {"wallClock": STR, "session": STR, "participant": STR, "task": STR, "viewport": (NUM, 2),
                 "config": OBJ}),
    "quit": ({}, {}),
    "marker": ({"label": STR}, {"task": STR}),
    "config_reloaded": ({"path": STR}, {"config": OBJ}),
    "gesture_began": ({"kind": KINDS}, {"card": INT}),
    "gesture_ended": ({"kind": KINDS, "translation": VEC, "velocity": VEC, "outcome": OUTCOMES},
                      {"direction": DIRECTIONS, "label": STR, "distanceFraction": NUM, "speedFraction": NUM}),
    "paged": ({"from": INT, "to": INT}, {}),
    "deleted": ({"card": INT, "index": INT}, {}),
    "restored": ({"card": INT, "index": INT}, {}),
    "inserted": ({"card": INT, "index": INT}, {}),
    "snapped_back": ({"card": INT}, {}),
    "selected": ({"card": INT}, {}),
    "reset": ({}, {}),
    "interaction_changed": ({"from": INTERACTIONS, "to": INTERACTIONS}, {}),
}


def is_num(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def fits(value, kind):
    if kind == NUM:
        return is_num(value)
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == STR:
        return isinstance(value, str)
    if kind == OBJ:
        return isinstance(value, dict)
    if kind == VEC:
        return isinstance(value, list) and len(value) == 2 and all(is_num(v) for v in value)
    if isinstance(kind, set):
        return value in kind
    if isinstance(kind, tuple):
        return isinstance(value, list) and len(value) == kind[1] and all(is_num(v) for v in value)
    return False


def schema_problems(lines):
    """One string per problem, naming the line (1-based) and the field."""
    problems = []
    for n, e in enumerate(lines, 1):
        name = e.get("event")
        if name not in EVENTS:
            problems.append(f"line {n}: unknown event {name!r}")
            continue
        if not is_num(e.get("t")):
            problems.append(f"line {n}: {name} has no finite time 't'")
        required, optional = EVENTS[name]
        for key, kind in required.items():
            if key not in e or not fits(e[key], kind):
                problems.append(f"line {n}: {name}.{key} = {e.get(key)!r} is not {kind}")
        for key, kind in optional.items():
            if key in e and not fits(e[key], kind):
                problems.append(f"line {n}: {name}.{key} = {e[key]!r} is not {kind}")
        extra = set(e) - {"event", "t"} - set(required) - set(optional)
        if extra:
            problems.append(f"line {n}: {name} has unknown fields {sorted(extra)}")
    if lines and lines[0].get("event") == "started" and lines[0].get("schema") != SCHEMA:
        problems.append(f"line 1: schema {lines[0].get('schema')!r}, expected {SCHEMA}")
    return problems


if __name__ == "__main__":
    found = schema_problems([json.loads(l) for l in open(sys.argv[1]) if l.strip()])
    for p in found:
        print(p)
    sys.exit(1 if found else 0)
