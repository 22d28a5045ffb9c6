#!/usr/bin/env bash
# Runs the engine benchmarks and checks the performance budgets; exits 1 when one is missed.
#
#   Benchmarks/check.sh                 run everything, then check
#   Benchmarks/check.sh --from FILE     check the text output of an earlier run (no build, no run)
#   make bench-check                    the same as the first form, from the root
#
# Budgets (medians, p50):
#   - engine frame during a fling <= 5 us at 1,000,000 cards, for each interaction;
#   - that frame within 1.5x of the same interaction's 10-card frame;
#   - zero heap allocations in every measured steady-state frame (p100 of mallocCountTotal),
#     during a fling and during a throw;
#   - Deck delete(at:) and undoLastDeletion at 1,000,000 cards <= 1 ms each;
#   - the calibration benchmark sees exactly one allocation (else the zeros mean nothing).
#
# Wall-clock medians move with the machine's load (a shared 2-core box moves them by up to
# ~50%); the p0 ratio printed next to the median ratio shows the intrinsic cost. Not run in CI.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="/opt/swift/usr/bin:$PATH"

if [[ "${1:-}" == "--from" ]]; then
  out="$2"
else
  out="$(mktemp -t flick-bench.XXXXXX)"
  swift package benchmark run --no-progress --target EngineBenchmarks --time-units nanoseconds | tee "$out"
fi

python3 - "$out" <<'PY'
import re, sys

text = open(sys.argv[1], encoding="utf-8").read()
results = {}   # name -> {"time": [p0..p100], "malloc": [...]}
name = None
for line in text.splitlines():
    line = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", line).rstrip()
    if re.match(r"^(Frame|Deck|VelocityTracker|Calibration) ", line):
        name = line.strip()
        results.setdefault(name, {})
        continue
    if name and line.startswith("│"):
        cells = [c.strip() for c in line.strip("│").split("│")]
        if len(cells) < 8:
            continue
        metric = cells[0]
        try:
            values = [float(v) for v in cells[1:8]]   # p0 p25 p50 p75 p90 p99 p100
        except ValueError:
            continue
        if metric.startswith("Time (wall clock)"):
            unit = re.search(r"\((ns|us|μs|ms|s)\)", metric)
            scale = {"ns": 1, "us": 1e3, "μs": 1e3, "ms": 1e6, "s": 1e9}[unit.group(1)] if unit else 1
            results[name]["time"] = [v * scale for v in values]
        elif metric.startswith("Malloc (total)"):
            results[name]["malloc"] = values

P0, P50, P100 = 0, 2, 6
failures = []

# Summary: medians per interaction x deck size, then everything else.
def cell(name, metric, i):
    r = results.get(name, {}).get(metric)
    return "-" if r is None else f"{r[i]:g}"
sizes = ["10", "1,000", "100,000", "1,000,000"]
print()
print("Median engine frame, ns (max mallocs in any measured frame)")
print(f"| {'motion':<16} | " + " | ".join(f"{s:>15}" for s in sizes) + " |")
print(f"|{'-' * 18}|" + "|".join("-" * 17 for _ in sizes) + "|")
for kind in ["fling", "throw"]:
    for interaction in ["now", "switcher", "stack", "carousel"]:
        row = []
        for s in sizes:
            n = f"Frame {kind} {interaction} {s}"
            row.append("-" if n not in results else f"{cell(n, 'time', P50)} ({cell(n, 'malloc', P100)})")
        print(f"| {kind + ' ' + interaction:<16} | " + " | ".join(f"{c:>15}" for c in row) + " |")
print()
for n in sorted(k for k in results if not k.startswith("Frame ")):
    print(f"{n}: p50 {cell(n, 'time', P50)} ns, p0 {cell(n, 'time', P0)} ns, mallocs p50 {cell(n, 'malloc', P50)}, max {cell(n, 'malloc', P100)}")

def check(ok, message):
    print(("PASS  " if ok else "FAIL  ") + message)
    if not ok:
        failures.append(message)

def get(name, metric):
    r = results.get(name, {}).get(metric)
    if r is None:
        failures.append(f"missing result: {name} / {metric}")
        print(f"FAIL  missing result: {name} / {metric}")
    return r

print()
print("Budget check (times in ns)")
cal = get("Calibration one heap allocation", "malloc")
if cal:
    check(cal[P50] == 1, f"calibration: malloc counter sees 1 allocation per iteration (p50 {cal[P50]:g})")

for interaction in ["now", "switcher", "stack", "carousel"]:
    big = get(f"Frame fling {interaction} 1,000,000", "time")
    small = get(f"Frame fling {interaction} 10", "time")
    if big and small:
        check(big[P50] <= 5000, f"{interaction}: frame at 1,000,000 cards p50 {big[P50]:.0f} <= 5000")
        ratio, ratio0 = big[P50] / small[P50], big[P0] / small[P0]
        check(ratio <= 1.5, f"{interaction}: 1,000,000 / 10 cards p50 ratio {ratio:.2f} <= 1.5 (p0 ratio {ratio0:.2f})")

frames = [n for n in results if n.startswith("Frame ")]
allocating = [n for n in frames if results[n].get("malloc", [1] * 7)[P100] != 0]
check(bool(frames) and not allocating,
      f"zero heap allocations in every measured frame of {len(frames)} frame benchmarks"
      + (f" (allocating: {', '.join(allocating)})" if allocating else ""))

for op in ["Deck delete(at:) middle 1,000,000", "Deck undoLastDeletion middle 1,000,000"]:
    t = get(op, "time")
    if t:
        check(t[P50] <= 1_000_000, f"{op}: p50 {t[P50]:.0f} <= 1,000,000 (1 ms)")

print()
if failures:
    print(f"{len(failures)} budget(s) missed")
    sys.exit(1)
print("all budgets met")
PY
