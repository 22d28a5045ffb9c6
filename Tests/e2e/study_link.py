#!/usr/bin/env python3
"""A study by link, end to end (docs/study-by-link.md): `flick plan` makes a plan of two
conditions (the default and the snappy preset) for six participants with two tasks (SEQ and SUS
on); `flick host` serves it on 127.0.0.1; six participants take part over its links:

- in Node (Tests/e2e/link_client.mjs, the page's engine in wasm): P1 as asked, P2 with the
  network failing mid-task (its chunks wait and go later), P3 stopping mid-task for good;
- in headless Chromium as a 390x844 phone at pixel ratio 3 with touch emulation, the real page
  driven by its stable ids and by touches (Input.dispatchTouchEvent): P4 as asked, P5 reloaded
  mid-task (Page.reload), P6 giving up task 1 of each session.

Each ends with every session complete (P3: every record it made at the host) and no divergence
(the researcher's GET /api/participants). `flick study` over the host's folder must equal
`flick study` over the same recordings replayed locally (flick window --headless --replay), table
by table. Then the hostile cases, over raw HTTP: a wrong token, an expired one, another
participant's token, chunks out of order and twice, a chunk too large, a client sending its body
at a byte a second, paths in names; after each the host still answers and no file was made
outside its folder.
Usage: study_link.py path/to/flick WORKDIR"""

import asyncio
import csv
import hashlib
import http.client
import json
import os
import re
import select
import shutil
import signal
import ssl
import socket
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from phonelib import Chromium, Page  # noqa: E402

BIN = os.path.abspath(sys.argv[1])
WORK = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else f"/tmp/flick-study-link.{os.getpid()}")
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
CLIENT = os.path.join(HERE, "link_client.mjs")
os.makedirs(WORK, exist_ok=True)
DIR = os.path.join(WORK, "host")
SCRATCH = os.path.join(WORK, "scratch")   # this script's own files, made while others are watched
os.makedirs(SCRATCH, exist_ok=True)
PASSED = FAILED = 0
TASKS = {"participantSide": {"taskText": True, "seq": True, "sus": True},
         "tasks": [{"name": "Throw some away", "start": {"interaction": "stack", "reset": True}},
                   {"name": "Look around"}]}
NODE = {"P1": [], "P2": ["--drop-at", "3", "--drop-for", "3"], "P3": ["--never-finish", "4"]}
PHONE = {"P4": "normal", "P5": "reload", "P6": "give-up"}


def check(ok, what, detail=""):
    global PASSED, FAILED
    print(f"  {'ok  ' if ok else 'FAIL'}  {what}{'' if ok else ': ' + str(detail)}")
    sys.stdout.flush()
    if ok:
        PASSED += 1
    else:
        FAILED += 1
    return ok


def finish():
    if not os.environ.get("E2E_RUN"):
        print(f"study_link: {PASSED} passed, {FAILED} failed (files in {WORK})")
    sys.exit(1 if FAILED else 0)


# ---------------------------------------------------------------------------------------------
# The host

class Host:
    """flick host PLAN --out DIR on 127.0.0.1: its base URL, the researcher's token and every
    participant's link (stdout, links.csv, host.json)."""

    def __init__(self, *extra):
        self.out_path = os.path.join(SCRATCH, f"host-{int(time.time() * 1000)}.out")
        self.out = open(self.out_path, "w")
        self.proc = subprocess.Popen([BIN, "host", "plan.json", "--out", DIR, *extra], stdout=self.out, stderr=subprocess.STDOUT,
                                     cwd=WORK, start_new_session=True)
        self.base = self.researcher = None
        deadline = time.time() + 30
        while time.time() < deadline and self.proc.poll() is None:
            text = self.text()
            m = re.search(r"(http://127\.0\.0\.1:\d+)/", text)
            if m and os.path.exists(os.path.join(DIR, "links.csv")) and os.path.exists(os.path.join(DIR, "host.json")):
                self.base = m.group(1)
                r = re.search(r"/r\?t=([0-9a-f]{32})", text)
                self.researcher = r.group(1) if r else None
                break
            time.sleep(0.05)
        if self.base is None:
            raise RuntimeError(f"flick host printed no http://127.0.0.1:PORT/ (exit {self.proc.poll()}): {self.text()[-600:]}")
        self.port = int(self.base.rsplit(":", 1)[1])
        self.links, self.tokens = {}, {}
        with open(os.path.join(DIR, "links.csv")) as f:
            for row in csv.DictReader(f):
                m = re.search(r"[?&]t=([0-9a-f]+)", row["link"])
                self.tokens[row["participant"]] = m.group(1)
                self.links[row["participant"]] = f"{self.base}/p?t={m.group(1)}"
        if self.researcher is None:
            self.researcher = researcher_token(json.load(open(os.path.join(DIR, "host.json"))))

    def text(self):
        return open(self.out_path).read()

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


def researcher_token(doc):
    """The researcher's token in host.json: the 32 hex digits under a key that names the researcher."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            if "researcher" in k.lower():
                if isinstance(v, str) and re.fullmatch(r"[0-9a-f]{32}", v):
                    return v
                if isinstance(v, dict) and isinstance(v.get("token"), str):
                    return v["token"]
        for v in doc.values():
            t = researcher_token(v)
            if t:
                return t
    return None


def request(host, method, path, body=None, timeout=30, headers=None):
    """(status, body bytes) of one request; (None, reason) when the connection failed."""
    c = http.client.HTTPConnection("127.0.0.1", host.port, timeout=timeout)
    try:
        data = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
        c.request(method, path, body=data, headers={"content-type": "application/json", **(headers or {})})
        r = c.getresponse()
        return r.status, r.read()
    except (OSError, http.client.HTTPException) as error:
        return None, str(error).encode()
    finally:
        c.close()


def get_json(host, path):
    status, body = request(host, "GET", path)
    if status != 200:
        raise RuntimeError(f"GET {path}: {status} {body[:200]!r}")
    return json.loads(body)


def study_of(host, who):
    return get_json(host, f"/api/study?t={host.tokens[who]}")


def records_of(host, who, session):
    return get_json(host, f"/api/records?t={host.tokens[who]}&session={session}")["records"]


def divergences(host):
    """Every session's divergences and status as the researcher's page has them:
    {(participant, session): (status, divergences)}; the raw answer too."""
    doc = get_json(host, f"/api/participants?t={host.researcher}")
    out = {}
    people = doc.get("participants", doc) if isinstance(doc, dict) else doc
    for p in people if isinstance(people, list) else []:
        pid = p.get("participant") or p.get("id")
        for s in p.get("sessions", []):
            out[(pid, s.get("session"))] = (s.get("status"), s.get("divergences", 0))
    return out, doc


def files_outside():
    """Every path under WORK outside the host's folder (and the scratch folders of this script)."""
    seen = set()
    for folder, dirs, files in os.walk(WORK):
        if folder == WORK:
            dirs[:] = [d for d in dirs if d not in ("host", "scratch", "study-host", "study-replay", "replay") and not d.startswith("chromium-")]
        for name in files + dirs:
            seen.add(os.path.relpath(os.path.join(folder, name), WORK))
    for name in ("x", "x.rec", "x.jsonl", "x.json", "x-s1.rec", "x-s1.jsonl"):
        for where in (os.path.dirname(WORK), os.path.dirname(DIR), "/tmp"):
            if os.path.exists(os.path.join(where, name)):
                seen.add(os.path.join(where, name))
    return seen


# ---------------------------------------------------------------------------------------------
# The participants

def node_participant(host, who, extra, store=None):
    """One run of link_client.mjs; its final JSON line (or {'error': ...})."""
    store = store or os.path.join(WORK, f"node-{who}.json")
    cmd = ["node", CLIENT, "--link", host.links[who], "--store", store, "--task-seconds", "5", *extra]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    lines = [l for l in r.stdout.strip().split("\n") if l.startswith("{")]
    out = json.loads(lines[-1]) if lines else {"error": f"exit {r.returncode}: {r.stderr[-400:]}"}
    out["exit"] = r.returncode
    if r.returncode and "error" not in out:
        out["error"] = r.stderr[-400:]
    return out


class PhoneParticipant:
    """The real participant's page in Chromium, driven by its stable ids and by touches."""

    def __init__(self, host, chrome, who, mode):
        self.host, self.chrome, self.who, self.mode = host, chrome, who, mode
        self.states, self.tasks, self.reloaded, self.taps = [], 0, False, 0

    async def visible(self, selector):
        return await self.page.visible(selector)

    async def tap(self, selector):
        """A tap on `selector` (when shown), then until the page has moved on from it."""
        if not await self.page.visible(selector):
            return False
        self.taps += 1
        if not await self.page.tap_on(selector):
            print(f"    ({self.who}: the page stayed at {await self.page.place()!r} 15 s after a tap on {selector})")
        return True

    async def gestures(self, n):
        centre = await self.page.stage_centre("canvas")
        for k in range(n):
            await self.page.gesture(centre, k)
            await self.page.frames(2)   # the page has drawn what the gesture did

    def complete(self):
        try:
            s = study_of(self.host, self.who)
        except RuntimeError:
            return False
        return all(x["status"] in ("complete", "diverged") for x in s["sessions"])

    async def run(self, timeout=300):
        self.page = await Page.open(self.chrome.endpoint)
        await self.page.phone(390, 844, 3)
        await self.page.goto(self.host.links[self.who])
        deadline = time.time() + timeout
        seq_value, sus_value = 3, 1
        idle = 0
        while time.time() < deadline:
            state = await self.page.eval("document.body ? document.body.dataset.state || '' : ''")
            if not self.states or self.states[-1] != state:
                self.states.append(state)
            if await self.tap("#agree") or await self.tap("#begin") or await self.tap("#start-task"):
                idle = 0
                continue
            if await self.visible("#done"):
                idle = 0
                self.tasks += 1
                await self.gestures(2)
                if self.mode == "reload" and not self.reloaded:
                    # Mid-task: the page goes (its records kept in its storage) and comes back.
                    self.reloaded = True
                    await self.page.eval("window.flickOldDocument = true")
                    await self.page.send("Page.reload")
                    # The new document (without the old one's mark), its script run, past loading.
                    if not await self.page.wait_for("!window.flickOldDocument && document.readyState === 'complete' "
                                                    "&& !!window.flickLink && document.body.dataset.state !== 'loading'", 30):
                        print(f"    ({self.who}: the reloaded page was not up 30 s later)")
                    self.tasks -= 1
                    continue
                await self.gestures(2)
                give_up = self.mode == "give-up" and self.tasks % 2 == 1
                await self.tap("#give-up" if give_up else "#done")
                continue
            if await self.visible("#seq button[data-value]"):
                idle = 0
                await self.tap(f'#seq button[data-value="{seq_value}"]')
                seq_value = seq_value % 7 + 1
                continue
            if await self.visible("#sus button[data-value]"):
                idle = 0
                await self.tap(f'#sus button[data-value="{sus_value}"]')
                sus_value = sus_value % 5 + 1
                continue
            idle += 1
            if idle % 10 == 0 and self.complete():
                break
            # Nothing to tap: the page is loading, sending or between sessions; the next look in
            # a moment (a poll).
            await asyncio.sleep(0.2)
        self.link_state = await self.page.eval("(function () { try { return JSON.parse(JSON.stringify(window.flickLink)); } "
                                               "catch (e) { return String(e); } })()")
        await self.page.close()
        return self.complete()


# ---------------------------------------------------------------------------------------------
# Checks over the host's records

def count_records(records):
    c = {"tasks": 0, "done": 0, "gave_up": 0, "seq": 0, "sus_shown": 0, "sus": 0, "pointer": 0, "frames": 0}
    for kind, a, b, cc, t in records:
        if kind == 101:
            c["tasks"] += 1
        elif kind == 100:
            c[["done", "gave_up", "seq", "sus"][int(a)]] += 1
        elif kind == 102:
            c["sus_shown"] += 1
        elif kind == 0:
            c["pointer"] += 1
        elif kind == 7:
            c["frames"] += 1
    return c


def check_complete(host, who, gave_up=0):
    study = study_of(host, who)
    statuses = [(s["session"], s["status"]) for s in study["sessions"]]
    check(all(st == "complete" for _, st in statuses), f"{who}: every session complete", statuses)
    totals = {}
    for s in study["sessions"]:
        recs = records_of(host, who, s["session"])
        check(len(recs) == s["next"], f"{who} session {s['session']}: GET /api/records has next ({s['next']}) records", len(recs))
        c = count_records(recs)
        for k, v in c.items():
            totals[k] = totals.get(k, 0) + v
        ok = c["tasks"] == 2 and c["done"] + c["gave_up"] == 2 and c["seq"] == 2 and c["sus_shown"] == 1 and c["sus"] == 10
        check(ok, f"{who} session {s['session']}: 2 task starts, 2 ends, 2 SEQ, the SUS shown once and 10 answers, "
                  f"{c['pointer']} pointer records, {c['frames']} frames", c)
        for name in (f"{who}-s{s['session']}.rec", f"{who}-s{s['session']}.jsonl"):
            path = os.path.join(DIR, name)
            check(os.path.exists(path) and os.path.getsize(path) > 0, f"{who} session {s['session']}: DIR/{name} written",
                  "missing or empty")
    check(totals.get("gave_up", 0) == gave_up, f"{who}: {gave_up} task(s) given up", totals.get("gave_up"))


def check_divergences(host, who):
    table, doc = divergences(host)
    mine = {k: v for k, v in table.items() if k[0] == who}
    bad = {k: v for k, v in mine.items() if v[1] or v[0] == "diverged"}
    check(mine and not bad, f"{who}: 0 divergences over {len(mine)} sessions (GET /api/participants)",
          bad or f"no sessions of {who} in {json.dumps(doc)[:400]}")


# ---------------------------------------------------------------------------------------------
# flick study over the host's folder against flick study over local replays

def read_tables(folder):
    tables = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".csv"):
            with open(os.path.join(folder, name), newline="") as f:
                tables[name] = list(csv.reader(f))
    return tables


def normal(cell):
    """A cell with a file's path reduced to its session's name (P1-s1), so a table of the host's
    folder and one of local replays name the same session the same way."""
    m = re.fullmatch(r"(?:.*/)?([^/]+?)(?:\.replay)?\.(?:rec|jsonl)", cell)
    return m.group(1) if m else cell


def compare_studies(host, plan):
    """flick study over the host's folder against flick study over the same recordings copied
    to a local folder, table by table; and the log the host wrote live for each session that
    ended must be what its recording replays to headless, line by line (wall clocks aside)."""
    a, b, replay = (os.path.join(WORK, n) for n in ("study-host", "study-replay", "replay"))
    for d in (a, b, replay):
        shutil.rmtree(d, ignore_errors=True)
    os.makedirs(replay)
    r = subprocess.run([BIN, "study", DIR, "--out", a], capture_output=True, text=True, timeout=300, cwd=WORK)
    check(r.returncode == 0, f"flick study DIR --out A (exit {r.returncode})", r.stderr[-400:])
    open_sessions = {f"{who}-s{s['session']}" for who in host.tokens for s in study_of(host, who)["sessions"]
                     if s["status"] not in ("complete", "diverged") and s["next"] > 0}
    recs = sorted(n for n in os.listdir(DIR) if n.endswith(".rec"))
    logs, bad = [], []
    for n in recs:
        log = os.path.join(replay, n[:-4] + ".jsonl")
        rr = subprocess.run([BIN, "window", "--headless", "--replay", os.path.join(DIR, n), "--log", log],
                            capture_output=True, text=True, timeout=300, cwd=WORK)
        if rr.returncode != 0:
            bad.append(f"{n}: exit {rr.returncode} {rr.stderr[-200:]}")
        logs.append(log)
    check(recs and not bad, f"{len(recs)} recordings of DIR replay headless (sessions under way: {', '.join(sorted(open_sessions)) or 'none'})",
          bad or "no recordings")
    for n in recs:
        name = n[:-4]
        if name in open_sessions:
            continue
        def lines(path):
            out = []
            for e in log_lines(path):
                for k in ("wallClock", "wall_clock", "session"):
                    e.pop(k, None)
                if e.get("event") not in ("started", "phone"):
                    out.append(json.dumps(e, sort_keys=True))
            return out
        live, again = lines(os.path.join(DIR, name + ".jsonl")), lines(os.path.join(replay, name + ".jsonl"))
        first = next((i for i, (x, y) in enumerate(zip(live, again)) if x != y), None)
        check(live == again and len(live) > 10, f"{name}: the host's live log is its recording's replay ({len(live)} lines)",
              f"{len(live)} lines against {len(again)}; first difference at {first}: "
              f"{live[first][:160] if first is not None else ''} / {again[first][:160] if first is not None else ''}")
    local = os.path.join(WORK, "local-recordings")
    shutil.rmtree(local, ignore_errors=True)
    os.makedirs(local)
    for n in recs:
        shutil.copy(os.path.join(DIR, n), os.path.join(local, n))
    r = subprocess.run([BIN, "study", *[os.path.join(local, n) for n in recs], "--plan", plan, "--out", b],
                       capture_output=True, text=True, timeout=300, cwd=WORK)
    check(r.returncode == 0, f"flick study of the {len(recs)} recordings copied here --plan plan.json --out B (exit {r.returncode})", r.stderr[-400:])
    ta, tb = read_tables(a) if os.path.isdir(a) else {}, read_tables(b) if os.path.isdir(b) else {}
    check(ta and set(ta) == set(tb), f"the same tables ({', '.join(sorted(ta))})", f"A {sorted(ta)} B {sorted(tb)}")
    for name in sorted(set(ta) & set(tb)):
        ra = [[normal(c) for c in row] for row in ta[name]]
        rb = [[normal(c) for c in row] for row in tb[name]]
        diff = next(((i, x, y) for i, (x, y) in enumerate(zip(ra, rb)) if x != y), None)
        check(ra == rb, f"{name}: {len(ra) - 1} rows, equal",
              f"{len(ra)} rows against {len(rb)}; first difference at row {diff[0]}: {diff[1]} / {diff[2]}" if diff
              else f"{len(ra)} rows against {len(rb)}")


def log_lines(path):
    out = []
    if os.path.exists(path):
        for line in open(path):
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
    return out


# ---------------------------------------------------------------------------------------------
# Hostile cases

def dir_state():
    """Every file under DIR with its size and digest, but the host's log of refused requests
    (host-refusals.jsonl), where each refusal is said."""
    out = {}
    for folder, _, files in os.walk(DIR):
        for n in files:
            if folder == DIR and n == "host-refusals.jsonl":
                continue
            p = os.path.join(folder, n)
            try:
                out[os.path.relpath(p, DIR)] = (os.path.getsize(p), hashlib.sha1(open(p, "rb").read()).hexdigest())
            except OSError:
                pass
    return out


def still_fine(host, what, before_outside):
    status, _ = request(host, "GET", f"/api/study?t={host.tokens['P1']}", timeout=10)
    outside = files_outside() - before_outside
    check(host.alive() and status == 200 and not outside, f"after {what}: the host answers, no file outside DIR",
          f"alive {host.alive()}, GET /api/study {status}, new outside: {sorted(outside)}")


def slow_client(host, token, n=4, seconds=90):
    """n connections that send a chunk's body at a byte a second, and meanwhile the host's
    answers to others: (when each was cut off, in seconds, or None; the others' latencies)."""
    cut = [None] * n

    def one(i):
        body = json.dumps({"session": 1, "first": 0, "records": [], "events": 0, "digest": "0" * 16, "end": False}).encode()
        body += b" " * 400   # longer than any cut-off the host should allow, at a byte a second
        head = (f"POST /api/records?t={token} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        s = socket.create_connection(("127.0.0.1", host.port), timeout=5)
        t0 = time.time()
        try:
            s.sendall(head)
            for k in range(len(body)):
                if select.select([s], [], [], 0)[0]:   # an answer (408, 400) or the close: cut off
                    cut[i] = time.time() - t0
                    return
                if time.time() - t0 > seconds:
                    return
                s.send(body[k:k + 1])
                time.sleep(1)   # deliberate: the slow client's pace, a byte a second
        except OSError:
            cut[i] = time.time() - t0
        finally:
            s.close()

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    latencies = []
    time.sleep(1)   # deliberate: the slow clients a second into their bodies before the first probe
    while any(t.is_alive() for t in threads):
        t0 = time.time()
        status, _ = request(host, "GET", f"/api/study?t={host.tokens['P1']}", timeout=10)
        latencies.append(time.time() - t0 if status == 200 else float("inf"))
        time.sleep(1)   # deliberate: one probe a second while they last
    return cut, latencies


def changed(before):
    after = dir_state()
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def hostile(host, plan):
    outside = files_outside()
    t1, t2, t3 = host.tokens["P1"], host.tokens["P2"], host.tokens["P3"]

    # A wrong token: every route refuses it.
    wrong = "0123456789abcdef0123456789abcdef"
    codes = [request(host, m, p, b)[0] for m, p, b in (("GET", f"/api/study?t={wrong}", None), ("GET", f"/p?t={wrong}", None),
                                                        ("GET", f"/api/records?t={wrong}&session=1", None),
                                                        ("POST", f"/api/records?t={wrong}", {"session": 1, "first": 0, "records": []}),
                                                        ("GET", f"/api/participants?t={wrong}", None), ("GET", "/api/study", None),
                                                        ("GET", f"/api/participants?t={t1}", None))]
    check(all(c == 403 for c in codes), "a wrong token (and a participant's on the researcher's route, and none): 403 on every route", codes)
    still_fine(host, "a wrong token", outside)

    # Another participant's token: it reaches its own session only.
    before = dir_state()
    p1_files = {k: v for k, v in before.items() if "P1" in k}
    chunk = {"session": 1, "first": 0, "participant": "P1", "records": [[7, 0, 0, 0, 0.5]], "events": 0, "digest": "0" * 16,
             "device": {"stage": {"width": 390, "height": 717}, "viewport": {"width": 390, "height": 844}, "pixelRatio": 3,
                        "userAgent": "e2e"}, "end": False}
    status, body = request(host, "POST", f"/api/records?t={t2}", chunk)
    touched = changed(before)
    check(status in (409, 410) and not [k for k in touched if "P1" in k] and p1_files,
          f"P2's token posting as P1's session 1: {status} (P2's own session), none of P1's {len(p1_files)} files touched",
          f"{status} {body[:200]!r}; changed {touched}")
    status, body = request(host, "GET", f"/api/records?t={t2}&session=1&participant=P1")
    mine = records_of(host, "P2", 1)
    check(status == 200 and json.loads(body)["records"] == mine, "GET /api/records with P2's token and participant=P1: P2's records",
          status)
    still_fine(host, "another participant's token", outside)

    # Chunks out of order and twice, on P3's open session (a valid chunk made by the client).
    path = os.path.join(SCRATCH, "p3-next.json")
    r = subprocess.run(["node", CLIENT, "--link", host.links["P3"], "--prepare-chunk", path, "--prepare-frames", "30"],
                       capture_output=True, text=True, timeout=120)
    if check(r.returncode == 0 and os.path.exists(path), "a valid next chunk of P3's open session made (link_client --prepare-chunk)",
             r.stderr[-300:] or r.stdout[-300:]):
        good = json.load(open(path))
        first = good["first"]
        ahead = dict(good, first=first + 5)
        before = dir_state()
        status, body = request(host, "POST", f"/api/records?t={t3}", ahead)
        answer = json.loads(body) if status == 409 else {}
        check(status == 409 and answer.get("next") == first and dir_state() == before,
              f"a chunk past the next record (first {first + 5}, the host has {first}): 409 with next {first}, nothing written",
              f"{status} {body[:200]!r}; changed {changed(before)}")
        still_fine(host, "a chunk out of order", outside)
        status, body = request(host, "POST", f"/api/records?t={t3}", good)
        check(status == 200 and json.loads(body).get("next") == first + len(good["records"]),
              f"the chunk itself: 200, next {first + len(good['records'])}", f"{status} {body[:200]!r}")
        before = dir_state()
        status, body = request(host, "POST", f"/api/records?t={t3}", good)
        answer = json.loads(body) if status == 409 else {}
        chunks = [n for n in os.listdir(os.path.join(DIR, "chunks", "P3-s1")) if n.split(".")[0].isdigit() and int(n.split(".")[0]) == first] \
            if os.path.isdir(os.path.join(DIR, "chunks", "P3-s1")) else []
        check(status == 409 and answer.get("next") == first + len(good["records"]) and dir_state() == before and len(chunks) == 1,
              "the same chunk again: 409 with the next, nothing written twice (one chunk file, the recording unchanged)",
              f"{status} {body[:200]!r}; chunk files {chunks}; changed {changed(before)}")
        table, _ = divergences(host)
        check(table.get(("P3", 1), ("?", 1))[1] == 0, "P3's session 1 still without a divergence", table.get(("P3", 1)))
        still_fine(host, "the same chunk twice", outside)

    # Too large: more than 256 KiB, and more than 2,000 records.
    s3 = study_of(host, "P3")["sessions"][0]
    big = {"session": 1, "first": s3["next"], "records": [[7, 0, 0, 0, 1e6 + k * 0.01] for k in range(12000)], "events": 0,
           "digest": "0" * 16, "end": False}
    before = dir_state()
    status, body = request(host, "POST", f"/api/records?t={t3}", big)
    check(status == 413 and dir_state() == before, f"a chunk of {len(json.dumps(big)) >> 10} KiB: 413, nothing written",
          f"{status} {body[:200]!r}; changed {changed(before)}")
    many = dict(big, records=big["records"][:2001])
    status, body = request(host, "POST", f"/api/records?t={t3}", many)
    check(status == 413 and dir_state() == before, f"a chunk of 2,001 records ({len(json.dumps(many)) >> 10} KiB): 413, nothing written",
          f"{status} {body[:200]!r}; changed {changed(before)}")
    status, body = request(host, "POST", f"/api/records?t={t3}", b"x" * (8 << 20))
    check(status in (413, None) and host.alive(), f"8 MiB of junk: 413 or the connection closed ({status})", f"{status} {body[:200]!r}")
    still_fine(host, "chunks too large", outside)

    # Slow clients: bodies at a byte a second, cut off, and the others answered meanwhile.
    cut, latencies = slow_client(host, t3)
    worst = max(latencies) if latencies else float("inf")
    check(all(c is not None for c in cut) and worst < 2,
          f"4 clients sending a body at 1 byte/s: cut off after {', '.join(f'{c:.0f}' if c else 'never' for c in cut)} s; "
          f"{len(latencies)} requests of others meanwhile, the slowest {worst * 1000:.0f} ms",
          f"cut {cut}, latencies {latencies}")
    still_fine(host, "slow clients", outside)

    # Paths in names.
    before = dir_state()
    cases = [("GET", f"/api/records?t={t1}&session=../x", None),
             ("GET", f"/api/records?t={t1}&session=..%2F..%2Fx", None),
             ("POST", f"/api/records?t={t3}", {"session": "../x", "first": 0, "records": [], "events": 0, "digest": "0" * 16}),
             ("POST", f"/api/records?t={t3}", {"session": "1/../../x", "first": 0, "records": [], "events": 0, "digest": "0" * 16}),
             ("POST", f"/api/records?t={t3}", {"session": 99, "first": 0, "records": [], "events": 0, "digest": "0" * 16}),
             ("GET", f"/qr?t={host.researcher}&p=../x", None),
             ("GET", f"/qr?t={host.researcher}&p=..%2F..%2Fhost", None),
             ("GET", f"/face/..%2F..%2Fhost.json?w=10&h=10&t={t1}", None),
             ("GET", f"/face/../../host.json?w=10&h=10&t={t1}", None),
             ("GET", f"/../host.json?t={t1}", None),
             ("GET", f"/%2e%2e/host.json?t={t1}", None),
             ("GET", f"/p?t=../x", None)]
    results = []
    for m, p, b in cases:
        status, body = request(host, m, p, b)
        leaked = host.researcher.encode() in body or t2.encode() in body
        results.append((p if b is None else json.dumps(b)[:40], status, leaked))
    bad = [r for r in results if r[1] not in (400, 403, 404) or r[2]]
    check(not bad and dir_state() == before, f"{len(cases)} paths in names (session, participant, face): 400, 403 or 404, "
          "no token shown, nothing written", bad or f"changed {changed(before)}")
    still_fine(host, "paths in names", outside)


def expired_case(plan):
    """P1's token made to expire in host.json, the host started again: P1 refused, the others not."""
    outside = files_outside()
    path = os.path.join(DIR, "host.json")
    doc = json.load(open(path))
    token = None
    with open(os.path.join(DIR, "links.csv")) as f:
        token = next(re.search(r"t=([0-9a-f]+)", r["link"]).group(1) for r in csv.DictReader(f) if r["participant"] == "P1")

    def mark(node):
        if isinstance(node, dict):
            if token in [v for v in node.values() if isinstance(v, str)]:
                node["expires"] = "2000-01-01T00:00:00Z"
                return True
            return any(mark(v) for v in node.values())
        if isinstance(node, list):
            return any(mark(v) for v in node)
        return False

    if not check(mark(doc), "host.json holds P1's token (to give it an expiry)", json.dumps(doc)[:300]):
        return None
    json.dump(doc, open(path, "w"), indent=2)
    host = Host("--revoke", "P2")
    a = request(host, "GET", f"/api/study?t={host.tokens['P1']}")[0]
    b = request(host, "POST", f"/api/records?t={host.tokens['P1']}", {"session": 1, "first": 0, "records": []})[0]
    c = request(host, "GET", f"/api/study?t={host.tokens['P4']}")[0]
    d = request(host, "GET", f"/api/records?t={host.tokens['P2']}&session=1")[0]
    check(a == 403 and b == 403 and c == 200 and d == 403,
          "P1's token expired in host.json, P2's revoked (--revoke P2): 403 for both (study and records), 200 for P4",
          f"P1 {a} {b}, P4 {c}, P2 {d}")
    still_fine_other(host, outside)
    return host


def tls_case():
    """flick host serving HTTPS itself (--tls-cert/--tls-key, the fixture's self-signed
    certificate for 127.0.0.1): the page's study over TLS, verified against the certificate; plain
    HTTP on its port gets no page. A file that is no certificate is refused in one line, and the
    run leaves no folder."""
    tls = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "tls")
    cert, key = os.path.join(tls, "cert.pem"), os.path.join(tls, "key.pem")
    out = os.path.join(WORK, "tls-host")
    shutil.rmtree(out, ignore_errors=True)
    log = open(os.path.join(SCRATCH, "tls-host.out"), "w")
    proc = subprocess.Popen([BIN, "host", "plan.json", "--out", out, "--tls-cert", cert, "--tls-key", key],
                            stdout=log, stderr=subprocess.STDOUT, cwd=WORK, start_new_session=True)
    try:
        base = None
        deadline = time.time() + 30
        while time.time() < deadline and proc.poll() is None and base is None:
            m = re.search(r"listening: (https://127\.0\.0\.1:(\d+))", open(log.name).read())
            base = m and (m.group(1), int(m.group(2)))
            time.sleep(0.05)
        if not check(base is not None, "flick host --tls-cert/--tls-key listens on https://127.0.0.1", open(log.name).read()[-300:]):
            return
        with open(os.path.join(out, "links.csv")) as f:
            row = next(csv.DictReader(f))
        check(row["link"].startswith("https://127.0.0.1:"), f"the links are https ({row['link'][:40]}…)", row["link"])
        token = re.search(r"t=([0-9a-f]{32})", row["link"]).group(1)
        context = ssl.create_default_context(cafile=cert)
        c = http.client.HTTPSConnection("127.0.0.1", base[1], timeout=20, context=context)
        try:
            c.request("GET", f"/api/study?t={token}")
            r = c.getresponse()
            body = r.read()
            ok = r.status == 200 and json.loads(body).get("participant") == row["participant"]
        except (OSError, ssl.SSLError, http.client.HTTPException, ValueError) as error:
            ok, body = False, str(error).encode()
        finally:
            c.close()
        check(ok, "over TLS, verified against the certificate: the participant's study (200)", body[:200])
        plain = http.client.HTTPConnection("127.0.0.1", base[1], timeout=10)
        try:
            plain.request("GET", f"/api/study?t={token}")
            status = plain.getresponse().status
        except (OSError, http.client.HTTPException):
            status = None
        finally:
            plain.close()
        check(status is None, f"plain HTTP on the TLS port gets no page ({status})", str(status))
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
    bad = os.path.join(WORK, "tls-bad")
    shutil.rmtree(bad, ignore_errors=True)
    r = subprocess.run([BIN, "host", "plan.json", "--out", bad, "--tls-cert", os.path.join(WORK, "plan.json"), "--tls-key", key],
                       capture_output=True, text=True, timeout=60, cwd=WORK)
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 2 and len(lines) == 1 and "--tls-cert" in lines[0] and not os.path.exists(bad),
          f"a --tls-cert that is no certificate: exit 2, one line, no folder ({lines[:1]})", f"exit {r.returncode} {r.stderr[-300:]}")


def still_fine_other(host, outside):
    status, _ = request(host, "GET", f"/api/study?t={host.tokens['P4']}", timeout=10)
    new = files_outside() - outside
    check(host.alive() and status == 200 and not new, "after an expired token: the host answers, no file outside DIR",
          f"alive {host.alive()} {status} {sorted(new)}")


# ---------------------------------------------------------------------------------------------

async def phones(host):
    chrome = Chromium(WORK)
    try:
        for who, mode in PHONE.items():
            p = PhoneParticipant(host, chrome, who, mode)
            try:
                done = await p.run()
            except Exception as error:  # noqa: BLE001 - one participant's failure is a FAIL line, the rest goes on
                done = False
                p.states.append(f"error: {error}")
            check(done, f"{who} ({mode}) in Chromium: the page went through every session "
                        f"(states {' > '.join(s for s in p.states if s)[:200]}, {p.taps} taps)",
                  f"states {p.states[-12:]}; window.flickLink {json.dumps(getattr(p, 'link_state', None))[:300]}")
            if mode == "reload":
                check(p.reloaded, f"{who}: reloaded mid-task (Page.reload)", "never reached a task")
            check_complete(host, who, gave_up=2 if mode == "give-up" else 0)
            check_divergences(host, who)
            device = first_chunk_device(who)
            check(device and device.get("viewport") == {"width": 390, "height": 844} and device.get("pixelRatio") == 3
                  and device.get("stage", {}).get("width") == 390,
                  f"{who}: the first chunk names the phone (viewport 390x844 at 3x, stage {device and device.get('stage')})", device)
    finally:
        chrome.stop()


def first_chunk_device(who):
    """The device of the first chunk the host kept of the participant's session 1."""
    folder = os.path.join(DIR, "chunks", f"{who}-s1")
    names = sorted((n for n in os.listdir(folder) if n.split(".")[0].isdigit()), key=lambda n: int(n.split(".")[0])) \
        if os.path.isdir(folder) else []
    if not names:
        return None
    try:
        return json.load(open(os.path.join(folder, names[0]))).get("device")
    except (OSError, ValueError):
        return None


def main():
    if "host" not in re.findall(r"^\s{2}(\w+)\s", subprocess.run([BIN, "--help"], capture_output=True, text=True).stdout, re.M):
        print(f"study_link: skipped: {BIN} has no host subcommand yet")
        finish()
    snappy = os.path.join(ROOT, "assets", "presets", "snappy.json")
    shutil.copy(snappy, os.path.join(WORK, "snappy.json"))
    json.dump(TASKS, open(os.path.join(WORK, "tasks.json"), "w"))
    open(os.path.join(WORK, "consent.txt"), "w").write("You agree to take part.\nYou may stop at any time.\n")
    r = subprocess.run([BIN, "plan", "--condition", "default", "--condition", "snappy,config=snappy.json", "--participants", "6",
                        "--tasks", "tasks.json", "--out", "plan.json"], capture_output=True, text=True, cwd=WORK)
    if not check(r.returncode == 0, "flick plan: 2 conditions (default, snappy), 6 participants, 2 tasks with SEQ and SUS", r.stderr):
        finish()
    shutil.rmtree(DIR, ignore_errors=True)
    host = Host("--consent", "consent.txt")
    try:
        check(len(host.links) == 6 and host.researcher, f"flick host on {host.base}: 6 links in links.csv, the researcher's token",
              f"{host.links} {host.researcher}")
        check(all(re.fullmatch(r"[0-9a-f]{32}", t) for t in host.tokens.values()), "every participant's token is 128 bits in hex",
              host.tokens)

        # Node participants, all three at once.
        results = {}
        threads = [threading.Thread(target=lambda w=w: results.__setitem__(w, node_participant(host, w, NODE[w]))) for w in NODE]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for who, out in results.items():
            what = {"P1": "as asked", "P2": "the network down mid-task", "P3": "stops mid-task for good"}[who]
            check("error" not in out, f"{who} in Node ({what}): {out.get('records')} records, {out.get('uploads')} uploads, "
                                      f"{out.get('retries')} retries, digest {out.get('digest')}", out.get("error"))
        if "error" not in results["P2"]:
            check(results["P2"]["retries"] > 0, f"P2: uploads failed during the drop ({results['P2']['retries']}) and went later",
                  results["P2"])
        for who in ("P1", "P2"):
            check_complete(host, who)
            check_divergences(host, who)
            if "error" not in results[who]:
                last = results[who]["sessions"][-1]
                ses = study_of(host, who)["sessions"]
                check(ses[-1]["next"] == last["records"], f"{who}: the host has every record of its last session ({last['records']})",
                      f"{ses[-1]['next']} against {last['records']}")
        if "error" not in results["P3"]:
            s3 = results["P3"]["sessions"][0]
            st = study_of(host, "P3")["sessions"][0]
            check(results["P3"].get("stopped") == "never-finish" and st["next"] == s3["records"] and st["status"] == "uploading",
                  f"P3: stopped mid-task, every record at the host ({st['next']} of {s3['records']}), status {st['status']}", (st, s3))
            check_divergences(host, "P3")

        # FLICK_LINK_PHONES=0 leaves the Chromium participants out (a quick look while writing a change).
        if os.environ.get("FLICK_LINK_PHONES", "1") != "0":
            asyncio.run(phones(host))

        # The host's folder and local replays make the same study.
        compare_studies(host, os.path.join(WORK, "plan.json"))

        hostile(host, os.path.join(WORK, "plan.json"))
    finally:
        rc = host.stop()
    check(rc == 128 + signal.SIGTERM and "stopped;" in host.text(), f"flick host stops on SIGTERM (exit {rc}) with its summary line",
          host.text()[-300:])
    refusals = log_lines(os.path.join(DIR, "host-refusals.jsonl"))
    check(refusals and all(r.get("status") in (400, 403, 408, 409, 410, 413, 423, 429) and r.get("error") for r in refusals),
          f"host-refusals.jsonl: {len(refusals)} refusals, each with its status and reason", refusals[:3])
    host = expired_case(os.path.join(WORK, "plan.json"))
    if host:
        host.stop()
    tls_case()
    finish()


if __name__ == "__main__":
    main()
