"""The study's numbers from outside Flick: docs/sql/participant-rates.sql, run by DuckDB over a
folder of interaction logs as they are, must give flick study's own counts and rates
(participants.csv, summed over tasks) for every participant and interaction. The logs are
flick-lab soaks of random gestures in all five interactions, with three participants.
Usage: duckdb_rates.py path/to/flick WORKDIR"""
import collections
import csv
import json
import os
import subprocess
import sys

from e2elib import report

BIN = os.path.abspath(sys.argv[1])
W = sys.argv[2]
LAB = os.path.join(os.path.dirname(BIN), "flick-lab")
SQL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "sql", "participant-rates.sql")
COUNTS = ["gestures", "card_drags", "throws", "card_releases", "near_misses", "narrow_throws", "snap_backs",
          "decisions", "undone_decisions"]
RATES = {"near_miss_rate": ("near_misses", "card_releases"), "narrow_throw_rate": ("narrow_throws", "card_releases"),
         "undone_rate": ("undone_decisions", "decisions"), "snap_back_rate": ("snap_backs", "card_drags")}


def sessions():
    logs = os.path.join(W, "logs")
    os.makedirs(logs, exist_ok=True)
    paths = []
    for seed in range(1, 7):
        path = os.path.join(logs, f"s{seed}.jsonl")
        subprocess.run([LAB, "soak", "--minutes", "3", "--seed", str(seed), "--log-file", path, "--overwrite-log"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        # The participant's name in the started line, as `flick --participant` writes it.
        lines = open(path).read().splitlines()
        started = json.loads(lines[0])
        started["participant"] = f"P{seed % 3 + 1}"
        lines[0] = json.dumps(started, sort_keys=True, separators=(",", ":"))
        open(path, "w").write("\n".join(lines) + "\n")
        paths.append(path)
    return logs, paths


def check():
    try:
        import duckdb
    except ImportError:
        return ["DuckDB's Python package is missing (make deps-test installs it with pip)"], ""
    logs, paths = sessions()
    out = os.path.join(W, "study")
    r = subprocess.run([BIN, "study", *paths, "--out", out], capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return [f"flick study exited {r.returncode}: {r.stderr.strip()[:300]}"], ""
    study = collections.defaultdict(collections.Counter)
    for row in csv.DictReader(open(os.path.join(out, "participants.csv"))):
        for k in COUNTS:
            study[(row["participant"], row["interaction"])][k] += int(row[k])
    con = duckdb.connect()
    con.execute("SET VARIABLE logs = ?", [os.path.join(logs, "*.jsonl")])
    result = con.execute(open(SQL).read())
    columns = [d[0] for d in result.description]
    sql = {(d["participant"], d["interaction"]): d for d in (dict(zip(columns, row)) for row in result.fetchall())}
    problems = []
    if set(sql) != set(study):
        problems.append(f"rows differ: SQL only {sorted(set(sql) - set(study))}, study only {sorted(set(study) - set(sql))}")
    compared = 0
    for key in sorted(set(sql) & set(study)):
        for k in COUNTS:
            compared += 1
            if sql[key][k] != study[key][k]:
                problems.append(f"{key} {k}: SQL {sql[key][k]}, flick study {study[key][k]}")
        for rate, (events, trials) in RATES.items():
            want = study[key][events] / study[key][trials] if study[key][trials] else None
            got = sql[key][rate]
            if (want is None) != (got is None) or (want is not None and abs(got - want) > 1e-12):
                problems.append(f"{key} {rate}: SQL {got}, from flick study's counts {want}")
    total = sum(study[k]["gestures"] for k in study)
    return problems[:8], f"{len(sql)} participant x interaction rows, {compared} counts and their rates equal over {total} gestures"


sys.exit(report("duckdb", [("the SQL of docs/sql over the logs gives flick study's counts",)], lambda _: check()))
