#!/usr/bin/env python3
"""Checks, before the e2e suite runs, that the interpreter running this file (the suite's own,
`make e2e-python`) imports every module any e2e script imports, and finds each where the project
put it: Python's standard library, Debian's packages (TEST_PACKAGES in the Makefile) or the
suite's environment (Tests/e2e/requirements.txt). A module found anywhere else (pip installed by
hand into /usr/local, a user's site folder, pyenv) is one that only some machines have, and fails
the check as surely as a missing one.

The list is found, not kept: every .py file below Tests/e2e is parsed, and so is the Python each
.sh file runs inline (`python3 - <<'PY' ... PY` blocks and `python3 -c '...'` strings).
Usage: imports.py [E2E_DIR] (exit 1 and one line per module that fails; --list prints them)."""
import ast
import importlib.util
import os
import re
import sys
import sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))


def modules_of(source, where):
    """Top-level names of the modules `source` imports (absolute imports only)."""
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise SystemExit(f"imports.py: {where}: not Python ({error.msg}, line {error.lineno})")
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


HEREDOC = re.compile(r"<<\s*'?(PY\w*)'?[^\n]*\n(.*?)\n\s*\1\s*$", re.S | re.M)
INLINE = re.compile(r"""(?:python3?|\$PY|"\$PY"|\$\{?PYTHON\}?|"\$PYTHON")\s+-c\s+(?:'([^']*)'|"((?:[^"\\]|\\.)*)")""", re.S)


def inline_python(shell):
    """The Python a shell script runs inline: heredoc blocks and -c strings."""
    for match in HEREDOC.finditer(shell):
        yield match.group(2)
    for match in INLINE.finditer(shell):
        code = match.group(1) if match.group(1) is not None else match.group(2)
        # A -c string may hold shell expansions ($x); only its import lines are read.
        yield "\n".join(line.strip() for line in re.split(r"[;\n]", code)
                        if re.match(r"\s*(import|from)\s", line))


def scan(root):
    """{module: first file that imports it} for every script below `root`."""
    local = set()
    found = {}
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".py"):
                local.add(name[:-3])
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, os.path.dirname(os.path.dirname(root)))
            if name.endswith(".py"):
                with open(path, encoding="utf-8") as f:
                    names = modules_of(f.read(), rel)
            elif name.endswith(".sh"):
                with open(path, encoding="utf-8") as f:
                    shell = f.read()
                names = set()
                for i, code in enumerate(inline_python(shell)):
                    names |= modules_of(code, f"{rel} (inline Python {i + 1})")
            else:
                continue
            for module in names - local - {"__future__"}:
                found.setdefault(module, rel)
    return found


def allowed_roots():
    """Folders a module may come from: the standard library, Debian's packages, this environment."""
    roots = {sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"],
             sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    if os.path.isdir("/usr/lib/python3/dist-packages"):
        roots.add("/usr/lib/python3/dist-packages")
    return sorted(os.path.realpath(r) for r in roots)


def problem(module, roots):
    """None when `module` imports from an allowed place, else why not."""
    if module in sys.builtin_module_names:
        return None
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError) as error:
        return f"cannot be found ({error})"
    if spec is None:
        return "is not installed"
    places = [spec.origin] if spec.origin not in (None, "built-in", "frozen") else []
    places += list(spec.submodule_search_locations or [])
    for place in places:
        real = os.path.realpath(place)
        if not any(real == r or real.startswith(r + os.sep) for r in roots):
            return f"comes from {place}, outside the suite's interpreter and Debian's packages"
    return None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = os.path.abspath(args[0] if args else HERE)
    found = scan(root)
    if "--list" in sys.argv:
        for module in sorted(found):
            print(f"{module}\t{found[module]}")
        return 0
    roots = allowed_roots()
    bad = 0
    for module in sorted(found):
        why = problem(module, roots)
        if why:
            bad += 1
            fix = ("add it to TEST_PACKAGES (Debian) or Tests/e2e/requirements.txt (PyPI), then run `make e2e-python`"
                   if why.startswith("comes from") else "run `make e2e-python`")
            print(f"e2e interpreter {sys.executable}: module '{module}' (imported by {found[module]}) {why}; {fix}",
                  file=sys.stderr)
    if bad:
        return 1
    print(f"e2e interpreter {sys.executable}: all {len(found)} modules the scripts import are there")
    return 0


if __name__ == "__main__":
    sys.exit(main())
