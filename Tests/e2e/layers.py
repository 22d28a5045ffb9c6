#!/usr/bin/env python3
"""FlickSession's folders as layers: a folder uses a type of another folder only below it.

A folder *uses* another when one of its files names a type (struct, class, enum, protocol,
typealias, actor) declared in the other; comments and string literals do not count. The check
fails when two folders use each other, or when the uses go round in a longer cycle, and says
which files and names make the use. Usage: layers.py [BIN OUT] (run.sh's arguments, unused)."""
import graphlib
import itertools
import os
import re
import sys

from e2elib import report

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DECL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|"
                  r"nonisolated|indirect)\s+)*(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)", re.M)


def code(src):
    """The source without comments and string literals' text."""
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    src = re.sub(r"//.*", "", src)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', src)


def uses_of(target):
    """{folder: {other folder: ["file:Name", ...]}} for the target's top-level folders."""
    base = os.path.join(ROOT, "Sources", target)
    files, owner = {}, {}
    for folder in sorted(os.listdir(base)):
        if not os.path.isdir(os.path.join(base, folder)):
            continue
        for dirpath, _, names in os.walk(os.path.join(base, folder)):
            for name in sorted(n for n in names if n.endswith(".swift")):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    src = f.read()
                files.setdefault(folder, []).append((name, src))
                for m in DECL.finditer(code(src)):
                    # A name declared in two folders (a nested `CodingKeys`) is nobody's.
                    owner[m.group(1)] = None if m.group(1) in owner and owner[m.group(1)] != folder else folder
    uses = {f: {} for f in files}
    for folder, sources in files.items():
        for name, src in sources:
            for word in sorted(set(re.findall(r"\b[A-Z]\w*\b", code(src)))):
                other = owner.get(word)
                if other and other != folder:
                    uses[folder].setdefault(other, []).append(f"{name}:{word}")
    return uses


def check(target):
    uses = uses_of(target)
    problems = []
    for a, b in itertools.combinations(sorted(uses), 2):
        if b in uses[a] and a in uses[b]:
            problems.append(f"{a} and {b} use each other ({a}: {', '.join(uses[a][b][:4])}; "
                            f"{b}: {', '.join(uses[b][a][:4])})")
    try:
        order = list(graphlib.TopologicalSorter({f: set(u) for f, u in uses.items()}).static_order())
    except graphlib.CycleError as e:
        problems.append(f"the folders' uses go round: {' -> '.join(e.args[1])}")
        order = []
    return problems, f"{len(uses)} folders in layers, bottom first: {' < '.join(order)}"


if __name__ == "__main__":
    sys.exit(report("layers", [("FlickSession",)], check))
