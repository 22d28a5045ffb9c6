#!/usr/bin/env python3
"""Outputs only where asked: every subcommand run with hostile output paths inside a sandbox.

Each run starts in an empty folder (sandbox/cwd) with HOME, the pictures folder and TMPDIR inside
the sandbox too. A degenerate --out, --log, --record, --screenshot or --shots (empty, only spaces,
'.', '..', a file path ending in '/', a newline, the root) must be refused with exit 2 and one
line naming the option and the value, and nothing may appear or change anywhere: not in the
sandbox, not in the folder above it, not at the root of the file system.

Usage: Tests/e2e/outputs.py path/to/flick [work-folder]
Prints "  ok    ..." / "  FAIL  ..." per case and a count line; exit code 1 if any failed.
"""
import hashlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/flick")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
WORK = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="flick-outputs-"))
SANDBOX = os.path.join(WORK, "sandbox")
CWD = os.path.join(SANDBOX, "cwd")
IN = os.path.join(SANDBOX, "in")


def tree(top):
    """Every entry under top: type, size and content hash."""
    state = {}
    for dirpath, dirnames, filenames in os.walk(top):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode):
                with open(p, "rb") as f:
                    state[p] = ("file", st.st_size, hashlib.sha1(f.read()).hexdigest())
            else:
                state[p] = (stat.S_IFMT(st.st_mode),)
    return state


def listing(folder):
    try:
        return set(os.listdir(folder))
    except OSError:
        return set()


def setup():
    shutil.rmtree(SANDBOX, ignore_errors=True)
    for d in (CWD, IN, os.path.join(SANDBOX, "home"), os.path.join(SANDBOX, "pictures"), os.path.join(SANDBOX, "tmp"),
              os.path.join(IN, "cards")):
        os.makedirs(d, exist_ok=True)
    for name in sorted(os.listdir(os.path.join(ROOT, "assets")))[:4]:
        if name.endswith(".png"):
            shutil.copy(os.path.join(ROOT, "assets", name), os.path.join(IN, "cards", name))
    rec, log = os.path.join(IN, "rec.jsonl"), os.path.join(IN, "log.jsonl")
    r = subprocess.run([BIN, "--headless", "--demo", "now", "--cards", os.path.join(IN, "cards"),
                        "--replay", os.path.join(ROOT, "docs", "sessions", "now.jsonl"), "--frames", "120",
                        "--record", rec, "--log", log], cwd=IN, env=ENV, capture_output=True)
    if r.returncode != 0:
        print(f"outputs: could not make the fixtures: {r.stderr.decode(errors='replace')}")
        sys.exit(1)
    for name, speed in (("a.json", 500), ("b.json", 900)):
        with open(os.path.join(IN, name), "w") as f:
            f.write('{"description": "preset %s", "now": {"throwSpeed": %d}}\n' % (name, speed))
    return rec, log


ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", HOME=os.path.join(SANDBOX, "home"),
           XDG_PICTURES_DIR=os.path.join(SANDBOX, "pictures"), TMPDIR=os.path.join(SANDBOX, "tmp"))
ENV.pop("DISPLAY", None)
ENV.pop("WAYLAND_DISPLAY", None)

# Hostile values: for an option naming a file, and for one naming a folder.
FILE_VALUES = ["", " ", "   ", ".", "..", "./", "../", "sub/", "x.jsonl/", "a\nb.jsonl", "/", "../..", "in/.", "\t"]
FOLDER_VALUES = ["", " ", "   ", ".", "..", "./", "../", "a\nb", "/", "../..", "in/..", "\r"]


def cases(rec, log):
    a, b = os.path.join(IN, "a.json"), os.path.join(IN, "b.json")
    cards = ["--cards", os.path.join(IN, "cards")]
    headless = ["--headless", "--frames", "3"] + cards
    out = []
    for v in FILE_VALUES:
        out += [
            ("window --log", ["window"] + headless + ["--log", v], "--log"),
            ("window --record", ["window"] + headless + ["--record", v], "--record"),
            ("window --screenshot", ["window"] + headless + ["--screenshot", v], "--screenshot"),
            ("window --replay --log", ["window", "--headless", "--replay", rec, "--log", v], "--log"),
        ]
    for v in FILE_VALUES:
        out.append(("plan --out", ["plan", "--condition", "a", "--condition", "b", "--participants", "2", "--out", v], "--out"))
    for v in FILE_VALUES + [".mp4/", "..mp4/", "x.gif/", " \n.gif"]:
        out.append(("export --out", ["export", rec, "--out", v, "--size", "320x240"], "--out"))
    for v in FOLDER_VALUES:
        out += [
            ("window --shots", ["window"] + headless + ["--shots", v], "--shots"),
            ("report --out", ["report", log, rec, "--out", v], "--out"),
            ("study --out", ["study", log, rec, "--out", v], "--out"),
            ("tune --out", ["tune", rec, "--key", "now.throwSpeed", "--values", "400,800", "--out", v], "--out"),
            ("compare --out", ["compare", "--replay", rec, "--config", a, "--config", b, "--out", v], "--out"),
        ]
    return out


def main():
    if not os.access(BIN, os.X_OK):
        print(f"outputs: no binary at {BIN}")
        return 1
    rec, log = setup()
    passed = failed = 0
    for name, args, option in cases(rec, log):
        value = args[args.index(option) + 1]
        before_sandbox, before_work, before_root = tree(SANDBOX), listing(WORK), listing("/")
        try:
            r = subprocess.run([BIN] + args, cwd=CWD, env=ENV, capture_output=True, timeout=60)
            rc, err = r.returncode, r.stderr.decode(errors="replace")
        except subprocess.TimeoutExpired:
            rc, err = "timeout", ""
        problems = []
        lines = [l for l in err.splitlines() if l.strip()]
        if rc != 2:
            problems.append(f"exit {rc}, expected 2")
        if len(lines) != 1:
            problems.append(f"{len(lines)} lines of message, expected one")
        shown = value.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
        if not lines or f"{option} '{shown}'" not in lines[0]:
            problems.append(f"the message does not name {option} '{shown}'")
        after_sandbox = tree(SANDBOX)
        changed = sorted(p for p in set(before_sandbox) | set(after_sandbox) if before_sandbox.get(p) != after_sandbox.get(p))
        if changed:
            problems.append("changed in the sandbox: " + ", ".join(os.path.relpath(p, SANDBOX) for p in changed))
        new_work = listing(WORK) - before_work
        if new_work:
            problems.append("appeared beside the sandbox: " + ", ".join(sorted(new_work)))
        new_root = listing("/") - before_root
        if new_root:
            problems.append("appeared at the root: " + ", ".join(sorted(new_root)))
            for n in new_root:   # never leave what a failing run wrote at the root
                p = os.path.join("/", n)
                if os.path.isfile(p) and not os.path.islink(p):
                    os.remove(p)
        label = f"{name} {value!r}"
        if problems:
            failed += 1
            print(f"  FAIL  {label}: {'; '.join(problems)} [{lines[0] if lines else ''}]")
        else:
            passed += 1
            print(f"  ok    {label} (exit 2: {lines[0][:140]})")
    print(f"outputs: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
