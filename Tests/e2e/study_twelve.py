"""The twelve-session study, run as a researcher runs it and counted by hand: `flick plan` makes
a counterbalanced plan of two conditions (the snappy and floaty presets, the swipe deck) for six
participants, p1-p3 with the mouse in the window (xdotool under Xvfb), p4-p6 on the phone page
(headless Chromium, touches over the DevTools protocol). Every session has a facilitator window
(Enter starts the next task; a note; a marker) and three tasks with the participant's side
(task text, Done and Give up, the SEQ after each task, the SUS at the end). The participant
swipes, undoes a decision with Z, answers Done or Give up, the SEQ and the SUS: with the mouse and
keys in the participant's window, or on the phone page where it offers them.

The script counts by hand everything it did (task runs per participant, condition and task with
their outcome, decisions per direction, undos, SEQ and SUS answers), runs `flick study` over the
twelve recordings and checks: every task run present, every number of the study's CSV tables
(and of study.html's task rows) equal to the hand count, every interval inside its scale, and
every recording replaying headless to its live log.
Usage: study_twelve.py path/to/flick WORKDIR"""

import asyncio
import collections
import csv
import html
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from phonelib import Chromium, Page, Xvfb, log_events, xdo  # noqa: E402
from e2elib import wait_until  # noqa: E402

BIN = os.path.abspath(sys.argv[1])
WORK = os.path.abspath(sys.argv[2])
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
os.makedirs(WORK, exist_ok=True)
PASSED = FAILED = 0
MOUSE, PHONE = ["p1", "p2", "p3"], ["p4", "p5", "p6"]
PEOPLE = MOUSE + PHONE
# Only these participants (comma-separated), for a quick look while writing a change.
if os.environ.get("FLICK_STUDY_ONLY"):
    PEOPLE = [p for p in PEOPLE if p in os.environ["FLICK_STUDY_ONLY"].split(",")]
TASKS = {"participantSide": {"taskText": True, "seq": True, "sus": True},
         "giveUp": "gave up",
         "tasks": [{"name": "Like two", "goal": {"thrown": {"as": "like", "count": 2}}},
                   {"name": "Pass on one", "goal": {"thrown": {"as": "nope", "count": 1}}},
                   {"name": "Look and decide"}]}
CENTRE = (195, 422)   # the top card's centre, stage points (the 390x844 stage)
SWIPE = {"like": (230, 6), "nope": (-230, 6), "super": (0, -330)}


def check(ok, what, detail=""):
    global PASSED, FAILED
    print(f"  {'ok  ' if ok else 'FAIL'}  {what}{'' if ok else ': ' + detail}")
    sys.stdout.flush()
    if ok:
        PASSED += 1
    else:
        FAILED += 1
    return ok


def count(log, event, **match):
    return sum(1 for e in log_events(log) if e.get("event") == event and all(e.get(k) == v for k, v in match.items()))


def wait(log, event, n, secs=10, **match):
    deadline = time.time() + secs
    while time.time() < deadline:
        if count(log, event, **match) >= n:
            return True
        time.sleep(0.05)
    return False


def sus_score(answers):
    return sum((a - 1) if i % 2 == 0 else (5 - a) for i, a in enumerate(answers)) * 2.5


class Hand:
    """What the script did, counted as it did it."""

    def __init__(self):
        self.runs = collections.Counter()        # (participant, condition, task, outcome)
        self.decisions = collections.Counter()   # (participant, condition, label)
        self.in_task = collections.Counter()     # (participant, condition, task, label)
        self.undos = collections.Counter()       # (participant, condition)
        self.seq = collections.Counter()         # (participant, condition, task, value)
        self.sus = {}                            # (participant, condition) -> score
        self.notes = collections.Counter()       # (participant, condition)
        self.markers = collections.Counter()     # (participant, condition)


HAND = Hand()


def plan_files():
    """The plan: one file with the device per participant when `flick plan` takes it, else one
    plan per device (the same two conditions, touch for p4-p6). Returns the plan paths and a map
    participant -> plan."""
    json.dump(TASKS, open(os.path.join(WORK, "tasks.json"), "w"))
    snappy, floaty = (os.path.join(ROOT, "assets", "presets", f"{n}.json") for n in ("snappy", "floaty"))
    helptext = subprocess.run([BIN, "plan", "--help"], capture_output=True, text=True).stdout
    common = ["--tasks", "tasks.json", "--markers", "found it,gave up", "--task-order", "williams"]
    if "--devices" in helptext:
        cmd = [BIN, "plan", "--condition", f"snappy,config={snappy},interaction=swipe",
               "--condition", f"floaty,config={floaty},interaction=swipe", "--ids", ",".join(MOUSE + PHONE),
               "--devices", ",".join(["mouse"] * 3 + ["touch"] * 3), *common, "--out", "plan.json"]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=WORK)
        check(r.returncode == 0, "flick plan: one plan, device per participant (p1-p3 mouse, p4-p6 touch)", r.stderr.strip())
        return ["plan.json"], {p: "plan.json" for p in MOUSE + PHONE}
    plans = {}
    for name, ids, device in (("plan-mouse.json", MOUSE, "mouse"), ("plan-phone.json", PHONE, "touch")):
        cmd = [BIN, "plan", "--condition", f"snappy,config={snappy},interaction=swipe,device={device}",
               "--condition", f"floaty,config={floaty},interaction=swipe,device={device}", "--ids", ",".join(ids),
               *common, "--out", name]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=WORK)
        check(r.returncode == 0, f"flick plan: {name} ({device}, {', '.join(ids)}; one plan cannot give participants different devices)",
              r.stderr.strip())
        plans.update({p: name for p in ids})
    return ["plan-mouse.json", "plan-phone.json"], plans


def panel_point(w, h, what, n=0, value=0):
    """The window point of the participant panel's button (ParticipantPanelLayout): done,
    give_up, or answer `value` of a questionnaire of `n` answers."""
    if what in ("done", "give_up"):
        hh = min(64, h / 3)
        bw = min(104, max(56, w / 5))
        bh = min(42, hh - 14)
        y = h - hh + (hh - bh) / 2
        gx = w - 12 - bw
        dx = gx - 10 - bw
        x = dx if what == "done" else gx
        return round(x + bw / 2), round(y + bh / 2)
    pw, ph = min(w - 24, 560), min(h - 24, 280)
    px, py = round((w - pw) / 2), round((h - ph) / 2)
    side = max(24, min(64, (pw - 40 - (n - 1) * 8) / n))
    row = n * side + (n - 1) * 8
    x0, y = px + (pw - row) / 2, py + ph - 20 - 44 - side
    return round(x0 + (value - 1) * (side + 8) + side / 2), round(y + side / 2)


class Session:
    """One planned session: the flick process with its two windows under Xvfb, and for a phone
    participant the phone page in Chromium."""

    def __init__(self, display, who, n, plan, chrome):
        self.display, self.who, self.n, self.chrome = display, who, n, chrome
        self.phone = who in PHONE
        self.rec = os.path.join(WORK, f"{who}-{n}.rec")
        self.log = os.path.join(WORK, f"{who}-{n}.jsonl")
        self.out_path = os.path.join(WORK, f"{who}-{n}.out")
        env = dict(os.environ, DISPLAY=display)
        env.pop("WAYLAND_DISPLAY", None)
        self.proc = subprocess.Popen([BIN, "window", "--software", "--plan", plan, "--participant", who, "--session", str(n),
                                      "--facilitator", "--record", self.rec, "--log", self.log, "--size", "700x760"],
                                     stdout=open(self.out_path, "w"), stderr=subprocess.STDOUT, env=env, cwd=WORK)
        self.page = None
        deadline = time.time() + 30
        while time.time() < deadline and self.proc.poll() is None and not wait(self.log, "started", 1, 0.1):
            pass
        started = [e for e in log_events(self.log) if e.get("event") == "started"]
        if not started:
            raise RuntimeError(f"{who}-{n}: no started line: {open(self.out_path).read()[-400:]}")
        self.started = started[0]
        self.condition = self.started.get("plan", {}).get("condition")
        self.tasks = self.started.get("plan", {}).get("tasks") or []
        self.pwid = self.window(r"swipe$")
        self.fwid = self.window(r"facilitator$")
        g = dict(re.findall(r"(\w+)=(\d+)", xdo(display, "getwindowgeometry", "--shell", self.pwid)))
        self.origin, self.size = (int(g["X"]), int(g["Y"])), (int(g["WIDTH"]), int(g["HEIGHT"]))
        sx, sy, sw, _ = self.started["stage"]
        self.stage, self.scale = (sx, sy), sw / 390

    def window(self, pattern):
        deadline = time.time() + 10
        while time.time() < deadline:
            wid = xdo(self.display, "search", "--onlyvisible", "--name", pattern).split("\n")[0].strip()
            if wid:
                return wid
            time.sleep(0.1)
        raise RuntimeError(f"{self.who}-{self.n}: no window /{pattern}/")

    async def connect(self):
        deadline = time.time() + 15
        url = None
        while time.time() < deadline and url is None:
            m = re.search(r"open (http://\S+)", open(self.out_path).read())
            url = m.group(1) if m else None
            await asyncio.sleep(0.05)
        if url is None:
            raise RuntimeError(f"{self.who}-{self.n}: no phone URL: {open(self.out_path).read()[-400:]}")
        self.page = await Page.open(self.chrome.endpoint)
        await self.page.phone(ratio=1)
        await self.page.goto(url)
        if not await self.page.wait_for("window.flick && flick.connected && flick.drawnCount > 0", 15):
            raise RuntimeError(f"{self.who}-{self.n}: the phone did not connect")

    def focus(self, wid):
        """The keyboard to window `wid`, returning once the server has it there."""
        xdo(self.display, "windowfocus", "--sync", wid)
        if not wait_until(lambda: xdo(self.display, "getwindowfocus").strip() == wid, 10):
            print(f"    ({self.who}-{self.n}: the keyboard did not go to window {wid} in 10 s)", flush=True)

    async def shows(self, selector):
        """On a phone session, until the phone page shows `selector` (what the next tap needs);
        nothing to await in a window session."""
        if self.page and not await self.page.wait_for(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); "
                                                      "return !!e && e.offsetParent !== null && !e.disabled; })()", 10):
            print(f"    ({self.who}-{self.n}: the phone page did not show {selector} in 10 s)", flush=True)

    def fkey(self, *keys):
        """Keys pressed by the facilitator, in the facilitator's window."""
        self.focus(self.fwid)
        xdo(self.display, "key", "--delay", "40", *keys)

    def ftype(self, text):
        self.focus(self.fwid)
        xdo(self.display, "type", "--delay", "30", text)

    def pkey(self, key):
        """A key pressed by the participant, in the participant's window."""
        self.focus(self.pwid)
        xdo(self.display, "key", key)

    def click(self, point):
        x, y = self.origin[0] + point[0], self.origin[1] + point[1]
        xdo(self.display, "mousemove", x, y, "sleep", 0.05, "click", 1)

    def at(self, p):
        return (round(self.origin[0] + self.stage[0] + p[0] * self.scale),
                round(self.origin[1] + self.stage[1] + p[1] * self.scale))

    async def swipe(self, label):
        dx, dy = SWIPE[label]
        end = (CENTRE[0] + dx, CENTRE[1] + dy)
        if self.phone:
            cx, cy, k = await self.phone_stage()
            await self.page.drag((cx, cy), (cx + dx * k, cy + dy * k), 0.12)
            return
        x0, y0 = self.at(CENTRE)
        x1, y1 = self.at(end)
        cmd = ["mousemove", x0, y0, "sleep", 0.05, "mousedown", 1]
        for i in range(1, 16):
            cmd += ["sleep", 0.008, "mousemove", round(x0 + (x1 - x0) * i / 15), round(y0 + (y1 - y0) * i / 15)]
        cmd += ["sleep", 0.001, "mouseup", 1]
        xdo(self.display, *cmd)

    async def phone_tap(self, selector):
        """A finger's tap on the phone page's element `selector` (phone.js names them at its top)
        when it is shown; False when the page has no such element showing."""
        if not self.page:
            return False
        rect = await self.page.eval(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); "
                                    "if (!e || e.offsetParent === null || e.disabled) return null; "
                                    "const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        if not rect:
            return False
        await self.page.touch("touchStart", *rect)
        await asyncio.sleep(0.05)   # deliberate: the finger's hold
        await self.page.touch("touchEnd")
        return True

    async def phone_stage(self):
        """The phone page's stage centre and scale (CSS px per stage point): the scene's viewport
        fitted above the participant's panel, as phone.js fits it."""
        return await self.page.eval("""(() => { const w = flick.welcome, W = innerWidth;
            const h = Math.max(1, innerHeight - (w && w.panel > 0 ? w.panel : 0));
            const v = w ? w.viewport : {width: W, height: h}; const s = Math.min(W / v.width, h / v.height);
            return [W / 2, h / 2, s]; })()""")

    async def answer_end(self, what):
        """The participant's Done or Give up: a tap on the phone page when it offers it, else a
        click in the participant's window."""
        if await self.phone_tap({"done": "#done", "give_up": "#give-up"}[what]):
            return "phone"
        self.click(panel_point(*self.size, what))
        return "window"

    async def answer_scale(self, kind, value):
        """An SEQ (1-7) or SUS item (1-5) answer: a tap on the phone page's answer when it offers
        one, else the digit key in the participant's window."""
        if await self.phone_tap(f'#{kind} button[data-value="{value}"]'):
            return "phone"
        self.pkey(str(value))
        return "window"

    async def undo(self):
        """The participant's undo: the phone page's Undo when it offers one, else Z in the
        participant's window."""
        if await self.phone_tap("#undo"):
            return "phone"
        self.pkey("z")
        return "window"

    async def close(self):
        if self.page:
            await self.page.close()
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


async def run_session(x, chrome, who, n, plan, problems):
    """One session as scripted below, counted in HAND as it goes."""
    i = PEOPLE.index(who) + 1 if who in PEOPLE else 1
    s = Session(x.display, who, n, plan, chrome)
    key = (who, s.condition)
    where = collections.Counter()
    try:
        if s.phone:
            await s.connect()
        decided = ended = answers = undone = 0
        for k, task in enumerate(s.tasks):
            s.fkey("Return")
            # The script goes on as a facilitator would whatever happened: its counts are of what
            # it did, and a task run lost on the way is missing from the study.
            if not wait(s.log, "task_started", k + 1, 10):
                problems.append(f"{who}-{n}: Enter did not start task {k + 1} ({task})")
            await s.shows("#done")
            if k == 0:
                s.ftype(f"note {who} {n}")
                s.fkey("Return")
                HAND.notes[key] += 1
                wait(s.log, "note", 1, 5)
            if k == 1:
                s.fkey("F1")
                HAND.markers[key] += 1
            if task == "Like two":
                plan = (["nope"] if (i + n) % 2 == 0 else []) + ["like", "like"]
                outcome = "success"
            elif task == "Pass on one":
                plan = ["nope"]
                outcome = "success"
            else:
                plan = ["super"]
                outcome = "success" if (i + n) % 2 == 1 else "gave_up"
            for label in plan:
                await s.swipe(label)
                decided += 1
                if not wait(s.log, "deleted", decided, 8):
                    problems.append(f"{who}-{n}: the {label} swipe in '{task}' left no deleted line")
                HAND.decisions[key + (label,)] += 1
                HAND.in_task[key + (task, label)] += 1
            if task == "Look and decide":
                # Z undoes the decision just made (a participant key in the swipe deck).
                where[await s.undo()] += 1
                HAND.undos[key] += 1
                undone += 1
                if not wait(s.log, "restored", undone, 10):
                    problems.append(f"{who}-{n}: Z restored nothing")
                where[await s.answer_end("done" if outcome == "success" else "give_up")] += 1
                answers += 1
            ended += 1
            if not wait(s.log, "task_ended", ended, 10):
                problems.append(f"{who}-{n}: '{task}' did not end")
            HAND.runs[key + (task, outcome)] += 1
            if not wait(s.log, "questionnaire", k + 1, 10, questionnaire="seq", what="shown"):
                problems.append(f"{who}-{n}: no SEQ came up after '{task}'")
            await s.shows("#seq button")
            value = (i + n + k) % 7 + 1
            where[await s.answer_scale("seq", value)] += 1
            answers += 1
            if not wait(s.log, "answer", answers, 10):
                problems.append(f"{who}-{n}: the SEQ {value} of '{task}' gave no answer")
            HAND.seq[key + (task, value)] += 1
        # The facilitator ends the session: the SUS comes up for the participant.
        s.fkey("ctrl+q")
        if not wait(s.log, "questionnaire", 1, 5, questionnaire="sus", what="shown"):
            problems.append(f"{who}-{n}: Ctrl+Q showed no SUS")
        await s.shows("#sus button")
        sus = [min(5, max(1, b + (i + 2 * n + j) % 3 - 1)) for j, b in enumerate([4, 2, 5, 1, 4, 2, 3, 2, 4, 1])]
        for j, v in enumerate(sus):
            if s.page:
                await s.page.wait_for(f"flick.side && flick.side.state === 'sus' && flick.side.item === {j + 1}", 10)
            where[await s.answer_scale("sus", v)] += 1
            if not wait(s.log, "answer", answers + j + 1, 10):
                problems.append(f"{who}-{n}: SUS item {j + 1} gave no answer")
        HAND.sus[key] = sus_score(sus)
        if not wait_until(lambda: s.proc.poll() is not None, 10):
            problems.append(f"{who}-{n}: the session went on after the SUS")
    finally:
        await s.close()
    return s, where


def replay_matches(s):
    rlog = s.log.replace(".jsonl", ".replay.jsonl")
    r = subprocess.run([BIN, "--replay", s.rec, "--headless", "--log", rlog], capture_output=True, text=True, timeout=120, cwd=WORK)
    kinds = {"task_started", "task_ended", "answer", "questionnaire", "deleted", "restored", "note", "marker",
             "gesture_began", "gesture_ended", "input_refused", "quit"}
    live = [e for e in log_events(s.log) if e.get("event") in kinds]
    replay = [e for e in log_events(rlog) if e.get("event") in kinds]
    if live == replay and r.returncode == 0:
        return None, len(live)
    for a, b in zip(live, replay):
        if a != b:
            return f"exit {r.returncode}; {len(live)} live lines, {len(replay)} replayed; first difference live {a} replay {b}", 0
    return f"exit {r.returncode}; {len(live)} live lines, {len(replay)} replayed {r.stderr[-200:]}", 0


def rows(study, name):
    path = os.path.join(study, name)
    return list(csv.DictReader(open(path))) if os.path.exists(path) else None


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def intervals(study):
    """Every interval of the study's CSV tables against its scale: (table, row label, low, high,
    scale) for each one outside."""
    out, checked = [], 0
    pairs = [("ci_low", "ci_high"), ("wilson_low", "wilson_high"), ("newcombe_low", "newcombe_high"),
             ("diff_low", "diff_high"), ("difference_low", "difference_high"), ("success_low", "success_high"),
             ("rate_low", "rate_high"), ("gave_up_low", "gave_up_high"), ("time_limit_low", "time_limit_high"), ("time_low", "time_high")]
    for name in sorted(os.listdir(study)):
        if not name.endswith(".csv"):
            continue
        table = rows(study, name)
        for r in table:
            for lo_k, hi_k in pairs:
                if lo_k not in r:
                    continue
                lo, hi = num(r[lo_k]), num(r[hi_k])
                if lo is None or hi is None:
                    continue
                measure = r.get("measure") or r.get("questionnaire") or ""
                if lo_k == "time_low":
                    scale = (0, None)
                elif name == "questionnaires.csv":
                    scale = (0, 100) if r.get("questionnaire") == "sus" else (1, 7)
                elif name == "comparisons.csv":
                    rate = num(r.get("difference") or r.get("diff"))
                    scale = (None, None) if measure.endswith("_seconds") or measure == "attempts_per_throw" else (-1, 1)
                    if "percent" in lo_k or (rate is not None and abs(rate) > 1):
                        scale = (-100, 100)
                elif measure.endswith("_seconds") or measure == "attempts_per_throw":
                    scale = (0, None)
                else:
                    scale = (0, 1)
                checked += 1
                if (scale[0] is not None and lo < scale[0] - 1e-9) or (scale[1] is not None and hi > scale[1] + 1e-9):
                    out.append(f"{name} {measure} {r.get('condition', '')} {r.get('task', '')}: {lo_k} {lo:g} .. {hi:g} outside {scale}")
    return out, checked


def check_study(study, sessions):
    # Task runs: every one present, each with its participant, condition, task and outcome.
    tasks = rows(study, "tasks.csv") or []
    # With the device a factor, the study names each condition with its device ("touch,
    # snappy"): the hand's conditions are named so too, and the groups are device x preset.
    if any(r["condition"].startswith(("mouse, ", "touch, ")) for r in tasks):
        device = lambda p: "mouse" if p in MOUSE else "touch"
        for name in ("runs", "decisions", "in_task", "undos", "seq", "notes", "markers"):
            old = getattr(HAND, name)
            setattr(HAND, name, collections.Counter({(k[0], f"{device(k[0])}, {k[1]}") + k[2:]: v for k, v in old.items()}))
        HAND.sus = {(k[0], f"{device(k[0])}, {k[1]}"): v for k, v in HAND.sus.items()}
    got = collections.Counter((r["participant"], r["condition"], r["task"], r["outcome"]) for r in tasks)
    want = sum(HAND.runs.values())
    check(got == HAND.runs, f"tasks.csv: every task run present, {len(tasks)} of {want}, each with its participant, condition, task "
          "and outcome as done by hand", f"missing {dict(HAND.runs - got)}, extra {dict(got - HAND.runs)}")
    # Decisions per participant, condition and direction; undos.
    dec = rows(study, "decisions.csv") or []
    label = "label" if dec and "label" in dec[0] else "direction"
    got = collections.Counter((r["participant"], r["condition"], r[label]) for r in dec if r.get("personal", "true") == "true")
    check(got == HAND.decisions, f"decisions.csv: {sum(got.values())} decisions per participant, condition and direction "
          f"({dict(collections.Counter(k[2] for k in got.elements()))}) as made by hand",
          f"missing {dict(HAND.decisions - got)}, extra {dict(got - HAND.decisions)}")
    # Each decision inside the task it was made in (a goal's last decision included).
    got = collections.Counter((r["participant"], r["condition"], r["task"], r[label]) for r in dec if r.get("personal", "true") == "true")
    check(got == HAND.in_task, f"decisions.csv: every decision inside the task it was made in ({sum(got.values())} decisions)",
          f"missing {dict(HAND.in_task - got)}, extra {dict(got - HAND.in_task)}")
    got = collections.Counter((r["participant"], r["condition"]) for r in dec if r.get("undo_seconds"))
    check(got == HAND.undos, f"decisions.csv: {sum(got.values())} undone (Z) per participant and condition as done by hand",
          f"missing {dict(HAND.undos - got)}, extra {dict(got - HAND.undos)}")
    # SEQ answers.
    seq = rows(study, "seq.csv") or []
    got = collections.Counter((r["participant"], r["condition"], r["task"], int(r["value"])) for r in seq if r.get("value"))
    check(got == HAND.seq, f"seq.csv: {sum(got.values())} SEQ answers, each with its task and value as given by hand",
          f"missing {dict(HAND.seq - got)}, extra {dict(got - HAND.seq)}")
    # SUS scores.
    sus = rows(study, "sus.csv") or []
    got = {(r["participant"], r["condition"]): num(r["score"]) for r in sus if r.get("complete") == "true"}
    check(got == HAND.sus, f"sus.csv: {len(got)} complete SUS, each scored as by hand",
          f"got {got}, want {HAND.sus}")
    # Questionnaire means per condition: each participant's mean, then the mean over them.
    q = rows(study, "questionnaires.csv") or []
    bad = []
    for cond in sorted({k[1] for k in HAND.sus}):
        scores = [v for k, v in HAND.sus.items() if k[1] == cond]
        row = [r for r in q if r["questionnaire"] == "sus" and r["condition"] == cond]
        if len(row) != 1 or num(row[0]["mean"]) is None or abs(num(row[0]["mean"]) - sum(scores) / len(scores)) > 0.051 \
                or int(row[0]["participants"]) != len(scores):
            bad.append(f"SUS {cond}: {row} want mean {sum(scores) / len(scores)} of {len(scores)}")
        per = collections.defaultdict(list)
        for (p, c, _t, v), m in HAND.seq.items():
            if c == cond:
                per[p] += [v] * m
        means = [sum(v) / len(v) for v in per.values()]
        row = [r for r in q if r["questionnaire"] == "seq" and r["condition"] == cond and r["task"] == ""]
        if len(row) != 1 or num(row[0]["mean"]) is None or abs(num(row[0]["mean"]) - sum(means) / len(means)) > 0.0051 \
                or int(row[0]["answers"]) != sum(len(v) for v in per.values()):
            bad.append(f"SEQ {cond}: {row} want mean {sum(means) / len(means):.3f} of {sum(len(v) for v in per.values())} answers")
    check(not bad, f"questionnaires.csv: SUS and SEQ means per condition equal the hand's (over {len(HAND.sus)} sessions)", "; ".join(bad))
    # The page's task rows: runs, successes, give-ups per task and condition.
    page = open(os.path.join(study, "study.html")).read()
    cells = lambda row: [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    first = lambda s: int(s.split(" ")[0]) if s and s[0].isdigit() else 0
    got = {}
    for row in re.findall(r'<tr class="task-summary-row">(.*?)</tr>', page, re.S):
        c = cells(row)
        got[(c[0], c[1])] = (int(c[3]), first(c[4]), first(c[6]))
    want = {}
    for (p, c, t, o), m in HAND.runs.items():
        r, su, g = want.get((t, c), (0, 0, 0))
        want[(t, c)] = (r + m, su + m * (o == "success"), g + m * (o == "gave_up"))
    check(got == want, f"study.html: {len(got)} task x condition rows, runs, successes and give-ups as by hand", f"got {got}, want {want}")
    # Task success rates in a CSV table (a researcher working from the tables needs them): the
    # same counts as the page's, and each rate inside its interval.
    rates = rows(study, "task_rates.csv")
    if check(rates is not None, "task_rates.csv: the task success rates in a CSV table", "no task_rates.csv"):
        got = {(r["task"], r["condition"]): (int(r["runs"]), int(r["success"] or 0), int(r["gave_up"] or 0)) for r in rates}
        inside = all(num(r["success_low"]) <= num(r["success_rate"]) <= num(r["success_high"]) for r in rates if r["success_rate"])
        check(got == want and inside, f"task_rates.csv: {len(got)} rows, runs, successes and give-ups as by hand, each rate inside its interval",
              f"got {got}, want {want}, rates inside their intervals: {inside}")
    # The device kept as a column.
    g = rows(study, "gestures.csv") or []
    dev = {(r["participant"], r.get("device", "")) for r in g} | {(r["participant"], r.get("device", "")) for r in tasks}
    want = {(p, "mouse" if p in MOUSE else "touch") for p in PEOPLE}
    check(dev == want, "gestures.csv and tasks.csv: every participant's device (mouse p1-p3, touch p4-p6) in a device column",
          f"got {sorted(dev)}")
    out, checked = intervals(study)
    check(checked > 0 and not out, f"every interval of the CSV tables inside its scale ({checked} intervals: rates 0-1, SUS 0-100, "
          "SEQ 1-7, differences of rates -1..1, times >= 0)", f"{len(out)} of {checked} outside: " + "; ".join(out[:8]))
    # The page's intervals: percentages inside 0-100, differences inside -100..100.
    bad = [m for m in re.findall(r"(-?\d+(?:\.\d+)?)\s*(?:–|-|to)\s*(-?\d+(?:\.\d+)?)\s*%", html.unescape(page))
           if num(m[0]) < -100 or num(m[1]) > 100]
    check(not bad, "study.html: every percent interval inside -100..100", f"{bad[:6]}")


async def main():
    t0 = time.time()
    plans, plan_of = plan_files()
    x = Xvfb(WORK, size="1920x1080")
    chrome = Chromium(WORK)
    sessions, where = [], collections.Counter()
    problems = []
    try:
        for who in PEOPLE:
            for n in (1, 2):
                try:
                    s, w = await run_session(x, chrome, who, n, plan_of[who], problems)
                    sessions.append(s)
                    where.update({(who in PHONE, k): v for k, v in w.items()})
                except RuntimeError as e:
                    problems.append(str(e))
    finally:
        chrome.stop()
        x.stop()
    print(f"    (sessions recorded in {time.time() - t0:.0f} s; phone participants answered "
          f"{where[(True, 'phone')]} times on the phone, {where[(True, 'window')]} in the laptop's window)")
    check(not problems and len(sessions) == 2 * len(PEOPLE),
          f"{len(sessions)} sessions recorded, every scripted step logged", "; ".join(problems[:10]))
    check(where[(True, "phone")] > 0 and where[(True, "window")] == 0, "phone participants answered everything on the phone page "
          f"({where[(True, 'phone')]} answers there)", f"{where[(True, 'window')]} answers sent to the laptop's window")
    for s in sessions:
        log = log_events(s.log)
        notes = [e["text"] for e in log if e.get("event") == "note"]
        found = count(s.log, "marker", label="found it")
        check(notes == [f"note {s.who} {s.n}"] and found == 1 and count(s.log, "questionnaire", questionnaire="sus", what="completed") == 1,
              f"{s.who}-{s.n}: the facilitator's note whole, their F1 marker once, the SUS completed", f"notes {notes}, {found} F1 markers, SUS lines "
              f"{[e for e in log if e.get('event') == 'questionnaire' and e.get('questionnaire') == 'sus']}")
        err, n = replay_matches(s)
        check(err is None, f"{s.who}-{s.n}: the recording replays headless to its live log ({n} lines)", err or "")
    study = os.path.join(WORK, "study")
    shutil.rmtree(study, ignore_errors=True)
    cmd = [BIN, "study", *[os.path.basename(s.rec) for s in sessions], "--out", "study"]
    helptext = subprocess.run([BIN, "study", "--help"], capture_output=True, text=True).stdout
    if len(plans) == 1 or "plans" in helptext.lower() or "several" in helptext.lower():
        for p in plans:
            cmd += ["--plan", p]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=WORK)
    if check(r.returncode == 0, f"flick study over the {len(sessions)} recordings ({' '.join(cmd[cmd.index('--out'):])})", r.stderr[-400:]):
        check_study(study, sessions)
    print(f"    (run time {time.time() - t0:.0f} s)")


asyncio.run(main())
if not os.environ.get("E2E_RUN"):
    print(f"study_twelve: {PASSED} passed, {FAILED} failed")
sys.exit(1 if FAILED else 0)
