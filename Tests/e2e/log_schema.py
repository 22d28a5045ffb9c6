#!/usr/bin/env python3
"""Checks a log (or, with --recording, a recording) line by line against its JSON Schema in
docs/schema/ (log.schema.json, recording.schema.json), with Debian's python3-jsonschema. The
schema is the one definition; this file only reads JSON Lines and reports.
Usage: log_schema.py [--recording] FILE.jsonl (exit 1 and one line per problem);
log_schema.py --plan PLAN.json checks a study plan (plan.schema.json) whole."""
import json
import math
import os
import sys
import warnings

import jsonschema

SCHEMAS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "schema")


def validator(name):
    """A validator for docs/schema/NAME, resolving references to its sibling files."""
    path = os.path.realpath(os.path.join(SCHEMAS, name))
    with open(path) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    with warnings.catch_warnings():
        # jsonschema >= 4.18 prefers the `referencing` package; RefResolver is what Debian's has.
        warnings.simplefilter("ignore", DeprecationWarning)
        resolver = jsonschema.RefResolver(base_uri="file://" + path, referrer=schema)
    return cls(schema, resolver=resolver)


def non_finite(value, where=""):
    """Where `value` holds NaN or an infinity: Python's json reads them, JSON has no such number."""
    if isinstance(value, float) and not math.isfinite(value):
        return [where or "(line)"]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    return [w for k, v in items for w in non_finite(v, f"{where}.{k}" if where else str(k))]


def schema_problems(lines, recording=False):
    """One string per problem for parsed lines (dicts, line 1 first), naming the line and where."""
    check = validator("recording.schema.json" if recording else "log.schema.json")
    found = []
    for n, line in enumerate(lines, 1):
        event = line.get("event", "") if isinstance(line, dict) else ""
        prefix = f"line {n}: {event + ' ' if event else ''}"
        if recording and n > 1 and isinstance(line, dict) and "flick_recording" in line:
            found.append(f"{prefix}a recording header after line 1")
        found += [f"{prefix}{where}: not a finite number" for where in non_finite(line)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            errors = sorted(check.iter_errors(line), key=lambda e: [str(p) for p in e.absolute_path])
        for e in errors:
            where = ".".join(str(p) for p in e.absolute_path) or "(line)"
            found.append(f"{prefix}{where}: {e.message}")
    return found


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--plan":
        with open(args[1]) as f:
            plan = json.load(f)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            errors = list(validator("plan.schema.json").iter_errors(plan))
        for e in errors:
            print(f"{'.'.join(str(p) for p in e.absolute_path) or '(plan)'}: {e.message}")
        sys.exit(1 if errors else 0)
    recording = "--recording" in args
    args = [a for a in args if a != "--recording"]
    with open(args[0]) as f:
        found = schema_problems([json.loads(l) for l in f if l.strip()], recording)
    for p in found:
        print(p)
    sys.exit(1 if found else 0)
