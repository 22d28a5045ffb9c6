// Flick's study-by-link page (docs/study-by-link.md): the participant opens a link on their own
// phone; the page asks for consent, runs each session's engine itself (flick-engine.wasm), gives
// it the finger's pointer events at their own times and a frame every animation frame, runs the
// session's tasks, SEQ and SUS in a panel below the stage, and keeps every record it made: in
// this browser's IndexedDB as it makes them, and at the host through an upload loop that never
// holds the engine or the tasks up (the page goes on offline). A reloaded or reopened page takes
// the session up again from its own records (or the host's, when its storage was lost).
// No other resource; every text from the study is set as text, never as markup.
//
// Element ids (stable: the end-to-end tests drive them):
//   #consent, #agree, #decline     the consent screen (#consent-text: the researcher's paragraphs)
//   #intro, #begin                 a session's intro ("Part k of n")
//   #stage                         the canvas the session's scene is drawn on
//   #panel, #task-text             the panel below the stage, with the task's text
//   #start-task                    starts the next task; #done, #give-up, #undo during a task
//   #sheet, #seq, #sus             a questionnaire over the page (buttons data-value 1-7 / 1-5)
//   #thanks                        the final thank-you; #declined the one after "I do not agree"
//   #status                        one line: loading, taking up, sending, errors
// body[data-state]: loading, consent, declined, intro, waiting (between tasks), task, seq, sus,
// ending, thanks or error. window.flickLink: the page's state for test drivers.
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("t") || "";
  const q = "?t=" + encodeURIComponent(token);
  const $ = function (id) { return document.getElementById(id); };
  const canvas = $("stage");
  const ctx = canvas.getContext("2d", { alpha: false });
  const statusLine = $("status");
  const panel = $("panel"), sheet = $("sheet");
  const MAX_RECORDS = 2000, MAX_BYTES = 240 * 1024;

  // What a test driver reads (kept current).
  const L = {
    state: "loading", session: null, records: 0, acknowledged: 0, events: 0, digest: "", uploads: 0, errors: [],
    task: null, susItem: null, statuses: [], rejected: 0, restored: 0, fromHost: 0, storage: "none", drawn: 0,
    recordList: function () { return S ? S.records.slice() : []; },
  };
  window.flickLink = L;

  let study = null;          // GET /api/study
  let consented = false;
  let owner = "";
  let metas = new Map();     // session number -> { session, stage, acknowledged, complete }
  let S = null;              // the session under way (below)
  let declined = false;
  let statusText = "";
  let dpr = 1, screenW = 0, screenH = 0;

  function say(text) {
    statusText = text || "";
    statusLine.textContent = "";
    if (statusText) {
      const span = document.createElement("span");
      span.textContent = statusText.replace(/\s+/g, " ");
      statusLine.appendChild(span);
    }
    statusLine.className = statusText ? "" : "hidden";
  }

  function fail(text) {
    L.errors.push(text);
    if (L.errors.length > 100) L.errors.shift();
  }

  // MARK: layout

  function panelHeight() { return Math.round(Math.min(132, Math.max(88, screenH * 0.15))); }
  function stageSize() { return { width: Math.max(1, screenW), height: Math.max(1, screenH - panelHeight()) }; }

  function resize() {
    dpr = window.devicePixelRatio || 1;
    screenW = window.innerWidth;
    screenH = window.innerHeight;
    const st = stageSize();
    canvas.style.height = st.height + "px";
    canvas.width = Math.round(st.width * dpr);
    canvas.height = Math.round(st.height * dpr);
    panel.style.height = panelHeight() + "px";
    statusLine.style.bottom = (panelHeight() + 16) + "px";
    if (S) S.redraw = true;
  }

  // The engine's viewport fitted into the stage (1:1 when the stage kept its size).
  function fit() {
    const st = stageSize(), v = S.viewport;
    const s = Math.min(st.width / v.width, st.height / v.height);
    return { s: s, x: (st.width - v.width * s) / 2, y: (st.height - v.height * s) / 2 };
  }

  // MARK: storage: one IndexedDB database per token. `records` holds each record under
  // [session, number]; `sessions` each session's stage, acknowledged count and completion;
  // `meta` the consent and the study as last fetched (so a reload offline goes on).

  let db = null;
  function openStore() {
    return new Promise(function (resolve) {
      let request;
      try {
        request = indexedDB.open("flick-link-" + token, 1);
      } catch (error) {
        fail("storage: " + error);
        resolve(null);
        return;
      }
      request.onupgradeneeded = function () {
        const d = request.result;
        if (!d.objectStoreNames.contains("records")) d.createObjectStore("records");
        if (!d.objectStoreNames.contains("sessions")) d.createObjectStore("sessions", { keyPath: "session" });
        if (!d.objectStoreNames.contains("meta")) d.createObjectStore("meta");
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { fail("storage: " + request.error); resolve(null); };
      request.onblocked = function () { fail("storage: blocked"); };
    });
  }

  function idb(storeName, mode, work) {
    return new Promise(function (resolve, reject) {
      if (!db) { resolve(undefined); return; }
      let tx, result;
      try {
        tx = db.transaction(storeName, mode);
        const r = work(tx.objectStore(storeName));
        if (r) r.onsuccess = function () { result = r.result; };
      } catch (error) { reject(error); return; }
      tx.oncomplete = function () { resolve(result); };
      tx.onerror = tx.onabort = function () { reject(tx.error); };
    });
  }
  const sessionRange = function (n) { return IDBKeyRange.bound([n, 0], [n, Infinity]); };

  function saveMeta(s) {
    if (!s) return;
    const m = { session: s.setup.session, stage: s.stage, acknowledged: s.acknowledged, complete: s.complete };
    metas.set(m.session, m);
    idb("sessions", "readwrite", function (o) { o.put(m); }).catch(function (e) { fail("storage: " + e); });
  }

  // The records made since the last write, in one transaction (called each frame and after taps).
  function flush() {
    const s = S;
    if (!db || !s || s.complete || s.saved >= s.records.length || s.saving) return;
    const from = s.saved, to = s.records.length, n = s.setup.session;
    s.saving = true;
    let tx;
    try {
      tx = db.transaction(["records", "sessions"], "readwrite");
      const o = tx.objectStore("records");
      for (let i = from; i < to; i++) o.put(s.records[i], [n, i]);
      tx.objectStore("sessions").put({ session: n, stage: s.stage, acknowledged: s.acknowledged, complete: false });
    } catch (error) {
      s.saving = false;
      fail("storage: " + error);
      return;
    }
    tx.oncomplete = function () { s.saved = Math.max(s.saved, to); s.saving = false; };
    tx.onerror = tx.onabort = function () { s.saving = false; fail("storage: " + tx.error); };
  }

  function forget(n) {
    return idb("records", "readwrite", function (o) { o.delete(sessionRange(n)); }).catch(function (e) { fail("storage: " + e); });
  }

  // MARK: the engine

  let moduleLoad = null;
  function loadModule() {
    if (!moduleLoad) {
      moduleLoad = Promise.all([import("/flick-engine.mjs" + q), fetch("/flick-engine.wasm" + q).then(function (r) {
        if (!r.ok) throw new Error("flick-engine.wasm: HTTP " + r.status);
        return r.arrayBuffer();
      })]).then(function (loaded) { return { FlickEngine: loaded[0].FlickEngine, bytes: loaded[1] }; });
      moduleLoad.catch(function () { moduleLoad = null; });
    }
    return moduleLoad;
  }

  // A session's runtime: its engine, clock, records (every one from 0, with the engine's event
  // count and digest after each), task state and upload position.
  function newSession(setup, stage, engine) {
    engine.create({ interaction: setup.interaction, count: setup.count, width: stage.width, height: stage.height,
                    lateWindow: setup.lateWindow || 0, config: setup.config || [], configText: setup.configText || [] });
    return {
      setup: setup, stage: stage, engine: engine, viewport: { width: stage.width, height: stage.height },
      records: [], marks: [], saved: 0, saving: false, acknowledged: 0, sendFrom: 0,
      origin: performance.now(), start: 0, lastFrameT: -Infinity, lastInputT: -Infinity, lateWindow: setup.lateWindow || 0,
      assigned: new Map(), assignPending: null,
      phase: "waiting", task: 0, susItem: 0, answers: [], ended: false, endMark: null, complete: false,
      frames: 0, frame: null, redraw: true, touchId: null,
      retryAt: 0, retry: 500, inflight: false, chunkMax: MAX_RECORDS,
    };
  }

  function sessionTime(ms) { return S.start + (ms - S.origin) / 1000; }

  function mark() { return [S.engine.eventCount(), S.engine.eventsDigest()]; }
  function hex(d) { return d.toString(16).padStart(16, "0"); }

  // One record: given to the engine (kinds 0-9) and kept. Its time keeps the session's rule for
  // late input (as phone.js: a frame never before the last input or frame; any other record
  // never before the last input, nor older than the late window before the last frame).
  function give(kind, a, b, c, t) {
    if (!S || S.ended || S.complete) return null;
    t = Math.max(0, t);
    if (kind === 7) {
      t = Math.max(t, S.lastFrameT, S.lastInputT);
      S.lastFrameT = t;
    } else {
      t = Math.max(t, S.lastInputT, S.lastFrameT - S.lateWindow);
      S.lastInputT = t;
    }
    // +0: a record goes as JSON text, which has no negative zero.
    const r = [kind, a + 0, b + 0, c + 0, t + 0];
    if (kind < 100) {
      const result = S.engine.input(r[0], r[1], r[2], r[3], r[4]);
      if (result < 0) fail("engine refused [" + r.join(",") + "]: " + result);
      else if (result > 0) L.rejected += 1;
    }
    S.records.push(r);
    S.marks.push(mark());
    track(r);
    return r;
  }

  // A record the session already has (a reload): given again as it was.
  function retake(r) {
    if (r[0] === 7) S.lastFrameT = Math.max(S.lastFrameT, r[4]); else S.lastInputT = Math.max(S.lastInputT, r[4]);
    if (r[0] < 100) S.engine.input(r[0], r[1], r[2], r[3], r[4]);
    S.records.push(r);
    S.marks.push(mark());
    track(r);
  }

  function taskAt(number) {
    const tasks = S.setup.tasks || [];
    for (let i = 0; i < tasks.length; i++) if (taskNumber(i) === number) return i;
    return -1;
  }
  function taskNumber(i) { const t = S.setup.tasks[i]; return typeof t.number === "number" ? t.number : i + 1; }
  function asksSeq(i) { return !!(S.setup.seq && S.setup.tasks[i] && S.setup.tasks[i].seq); }

  // The task state a record leaves (the same for a record made now and one taken up again).
  function track(r) {
    const kind = r[0];
    if (kind === 3) S.viewport = { width: r[1], height: r[2] };
    if (kind < 100) {
      if (S.assignPending && --S.assignPending.left <= 0) assign();
      return;
    }
    if (kind === 101) {
      const i = taskAt(r[1]);
      S.task = i >= 0 ? i : S.task;
      S.phase = "task";
      const start = (S.setup.tasks[S.task] && S.setup.tasks[S.task].start) || [];
      S.assignPending = { task: S.task, left: start.length };
      if (!start.length) assign();
    } else if (kind === 100 && (r[1] === 0 || r[1] === 1) && S.phase === "task") {
      S.answers.push({ task: r[3], answer: r[1] === 0 ? "done" : "gave up" });
      if (asksSeq(S.task)) S.phase = "seq"; else nextTask();
    } else if (kind === 100 && r[1] === 2 && S.phase === "seq") {
      S.answers.push({ task: r[3], seq: r[2] });
      nextTask();
    } else if (kind === 102) {
      S.phase = "sus";
      S.susItem = 1;
    } else if (kind === 100 && r[1] === 3 && S.phase === "sus") {
      S.answers.push({ item: r[3], sus: r[2] });
      S.susItem = r[3] + 1;
      if (S.susItem > 10) S.phase = "ending";
    }
  }

  function nextTask() {
    S.task += 1;
    if (S.task < S.setup.tasks.length) S.phase = "waiting";
    else if (S.setup.sus) S.phase = "sus-start";
    else S.phase = "ending";
  }

  // A task's start deck shows the faces its `assigned` gives, in deck order.
  function assign() {
    const p = S.assignPending;
    S.assignPending = null;
    const task = p && S.setup.tasks[p.task];
    if (!task || !Array.isArray(task.assigned)) return;
    task.assigned.forEach(function (face, i) {
      const card = S.engine.deckCard(i);
      if (card >= 0 && face >= 0) S.assigned.set(card, face);
    });
  }

  // After a record from a tap: the SUS comes up, or the session ends; then the page shows it.
  function settle(t) {
    if (S.phase === "sus-start") give(102, 0, 0, 0, t);
    if (S.phase === "ending" && !S.ended) end();
    flush();
    show();
  }

  // The session's last record is made: the engine commits, and the upload loop sends the end.
  function end() {
    S.engine.commit();
    S.ended = true;
    S.endMark = mark();
    publish();
    pump();
  }

  // MARK: starting and taking up a session

  function begin() {
    const setup = S ? null : currentSetup();
    if (!setup) return;
    $("begin").disabled = true;
    say("Loading…");
    loadModule().then(function (m) { return m.FlickEngine.load(m.bytes); }).then(function (engine) {
      S = newSession(setup, stageSize(), engine);
      say("");
      saveMeta(S);
      show();
    }).catch(function (error) {
      $("begin").disabled = false;
      fail("engine: " + error);
      L.state = document.body.dataset.state = "error";
      say("The session could not start: " + error);
    });
  }

  // A session with records (here or at the host): a new engine made as before, given every
  // record in order; the clock goes on from the last record's time.
  async function takeUp(setup, local, meta) {
    L.state = document.body.dataset.state = "loading";
    say("Taking the session up again…");
    const hostNext = setup.next || 0;
    let records = local;
    if (records.length < hostNext) {
      // This browser lost (some of) its storage: the host's records are the session's.
      let delay = 500;
      for (;;) {
        try {
          const r = await fetch("/api/records" + q + "&session=" + encodeURIComponent(setup.session) + "&owner=" + owner, { cache: "no-store" });
          if (r.status === 403) throw new Fatal("This link is no longer valid.");
          if (!r.ok) throw new Error("HTTP " + r.status);
          const body = await r.json();
          if (!Array.isArray(body.records) || body.records.length < hostNext) throw new Error("the host sent " + (body.records || []).length + " records of " + hostNext);
          records = body.records.concat(local.slice(body.records.length));
          L.fromHost = body.records.length;
          if (body.stage && !(meta && meta.stage)) meta = { stage: body.stage };
          break;
        } catch (error) {
          if (error instanceof Fatal) throw error;
          fail("records: " + error);
          say("Taking the session up again… (" + error.message + ", trying again)");
          await sleep(delay);
          delay = Math.min(5000, delay * 2);
        }
      }
    }
    const m = await loadModule();
    const engine = await m.FlickEngine.load(m.bytes);
    const stage = meta && meta.stage && meta.stage.width > 0 ? meta.stage : stageSize();
    S = newSession(setup, stage, engine);
    for (const r of records) {
      if (!validRecord(r)) throw new Error("a stored record is malformed: " + JSON.stringify(r));
      retake(r);
    }
    L.restored = records.length;
    S.saved = Math.min(local.length, records.length);
    S.acknowledged = S.sendFrom = Math.min(hostNext, records.length);
    S.start = records.length ? records[records.length - 1][4] : 0;
    S.origin = performance.now();
    say("");
    saveMeta(S);
    if (S.phase === "sus-start") give(102, 0, 0, 0, S.start);
    if (S.phase === "ending") end();
    flush();
    show();
  }

  function validRecord(r) {
    return Array.isArray(r) && r.length === 5 && r.every(function (x) { return typeof x === "number" && isFinite(x); });
  }

  function Fatal(message) { this.message = message; }
  Fatal.prototype = Object.create(Error.prototype);
  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  // MARK: the upload loop: one request at a time, about once a second while records wait.

  function pump() {
    const s = S;
    if (!s || s.inflight || s.complete || performance.now() < s.retryAt) return;
    // Only records this browser has stored go (a reload then never finds the host ahead of it);
    // without storage, every record.
    const total = db ? Math.min(s.saved, s.records.length) : s.records.length;
    if (s.sendFrom >= total && !(s.ended && total === s.records.length)) return;
    const first = Math.min(s.sendFrom, total), list = [];
    let bytes = 400;
    for (let i = first; i < total && list.length < s.chunkMax; i++) {
      const size = JSON.stringify(s.records[i]).length + 1;
      if (bytes + size > MAX_BYTES && list.length) break;
      list.push(s.records[i]);
      bytes += size;
    }
    const last = first + list.length;
    const isEnd = s.ended && last === s.records.length;
    const m = isEnd ? s.endMark : last > 0 ? s.marks[last - 1] : [0, 0n];
    const body = { session: s.setup.session, first: first, records: list, events: m[0], digest: hex(m[1]), end: isEnd, owner: owner };
    if (first === 0) {
      body.device = { stage: s.stage, viewport: { width: window.innerWidth, height: window.innerHeight },
                      pixelRatio: window.devicePixelRatio || 1, userAgent: navigator.userAgent.slice(0, 512) };
    }
    s.inflight = true;
    let status = 0;
    fetch("/api/records" + q, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), cache: "no-store" })
      .then(function (r) {
        status = r.status;
        return r.text().then(function (text) {
          let json = null;
          try { json = JSON.parse(text); } catch (_) { /* a 403's text */ }
          return json;
        });
      })
      .then(function (json) { answered(s, status, json, body, last); },
            function (error) { answered(s, 0, null, body, last, error); });
  }

  function answered(s, status, json, body, last, error) {
    s.inflight = false;
    L.uploads += 1;
    L.statuses.push(status);
    if (L.statuses.length > 50) L.statuses.shift();
    const next = json && typeof json.next === "number" ? json.next : null;
    if (status === 200 && next !== null) {
      s.retry = 500;
      s.retryAt = 0;
      s.acknowledged = Math.min(next, s.records.length);
      s.sendFrom = s.acknowledged;
      if (body.end && next >= s.records.length) { completed(s); return; }
      saveMeta(s);
      if (statusText && S === s && !s.ended) say("");
      if (s.records.length - s.sendFrom >= s.chunkMax || s.ended) setTimeout(pump, 0);
    } else if (status === 409 && next !== null) {
      s.retry = 500;
      if (next > s.records.length) {
        fail("the host has " + next + " records of session " + s.setup.session + ", this page " + s.records.length);
        retryLater(s, "The host has more of this session than this page: reload it.");
        return;
      }
      s.acknowledged = s.sendFrom = next;
      saveMeta(s);
      setTimeout(pump, 0);
    } else if (status === 410) {
      completed(s);
    } else if (status === 423) {
      s.inflight = true;   // nothing more goes from here: another browser took the session up
      L.state = document.body.dataset.state = "error";
      say("This session goes on in another browser or on another device; nothing more is sent from here.");
      fail("423");
    } else if (status === 403) {
      s.inflight = true;   // nothing more goes: the link is gone
      L.state = document.body.dataset.state = "error";
      say("This link is no longer valid (it expired or was revoked).");
      fail("403");
    } else {
      if (status === 413) s.chunkMax = Math.max(50, Math.floor(s.chunkMax / 2));
      const why = status === 0 ? "offline" : "HTTP " + status + (json && json.error ? ": " + json.error : "");
      if (status !== 0) fail("upload: " + why);
      retryLater(s, s.ended ? "Sending the session… (" + why + ", trying again)" : "");
    }
    publish();
  }

  function retryLater(s, text) {
    s.retryAt = performance.now() + s.retry;
    s.retry = Math.min(5000, s.retry * 2);
    if (text && S === s) say(text);
  }

  // The host has the whole session: this browser forgets its records and goes on.
  function completed(s) {
    s.complete = true;
    s.acknowledged = s.records.length;
    saveMeta(s);
    forget(s.setup.session);
    publish();
    if (S !== s) return;
    S = null;
    canvas.hidden = true;
    say("");
    choose();
  }

  // MARK: which screen

  function currentSetup() {
    if (!study) return null;
    const sessions = study.sessions || [];
    for (const s of sessions) {
      const m = metas.get(s.session);
      if (s.status === "complete" || s.status === "diverged" || (m && m.complete)) continue;
      return s;
    }
    return null;
  }

  function choose() {
    const setup = currentSetup();
    if (!setup) { L.state = "thanks"; show(); return; }
    if (!consented) { L.state = "consent"; show(); return; }
    const n = setup.session;
    const load = db ? idb("records", "readonly", function (o) { return o.getAll(sessionRange(n)); }) : Promise.resolve([]);
    load.then(function (local) {
      local = local || [];
      if (!local.length && !(setup.next > 0)) {
        L.state = "intro";
        show();
        return;
      }
      return takeUp(setup, local, metas.get(n));
    }).catch(function (error) {
      fail("take up: " + error.message);
      L.state = "error";
      show();
      say(error instanceof Fatal ? error.message : "The session could not be taken up again: " + error.message);
    });
  }

  // Shows the screen of the page's state (the session's phase while one runs).
  function show() {
    if (S) L.state = S.phase === "sus-start" ? "sus" : S.phase;
    const state = L.state;
    document.body.dataset.state = state;
    const inSession = !!S && ["waiting", "task", "seq", "sus", "ending"].indexOf(state) >= 0;
    $("consent").hidden = state !== "consent";
    $("declined").hidden = state !== "declined";
    $("intro").hidden = state !== "intro";
    $("thanks").hidden = state !== "thanks";
    canvas.hidden = !inSession;
    panel.hidden = !inSession;
    if (state === "intro") {
      const setup = currentSetup(), all = study.sessions || [];
      $("intro-part").textContent = "Part " + (all.indexOf(setup) + 1) + " of " + all.length;
      $("begin").disabled = false;
    }
    if (state === "thanks" && study) say("");
    if (!inSession) { sheet.hidden = true; publish(); return; }
    const tasks = S.setup.tasks || [], task = tasks[S.task];
    // The host's text may already say "Task 1 of 2: ..."; else the page says it.
    const text = task ? String(task.text || task.name || "") : "";
    const label = !task ? "" : /^Task \d+ of \d+/.test(text) ? text : "Task " + (S.task + 1) + " of " + tasks.length + ": " + text;
    $("task-text").textContent = state === "waiting" || state === "task" ? label : state === "ending" ? "Sending the session…" : "";
    $("start-task").hidden = state !== "waiting";
    $("done").hidden = $("give-up").hidden = state !== "task";
    $("undo").hidden = !(state === "task" && S.setup.undoOffered);
    const asking = state === "seq" || state === "sus";
    sheet.hidden = !asking;
    $("seq").hidden = state !== "seq";
    $("sus").hidden = state !== "sus";
    if (state === "seq") {
      $("q-title").textContent = label;
      $("q-text").textContent = S.setup.seq.question || "";
      ends(S.setup.seq.ends);
    } else if (state === "sus") {
      const items = S.setup.sus.items || [];
      $("q-title").textContent = "Question " + S.susItem + " of 10";
      $("q-text").textContent = items[S.susItem - 1] || "";
      ends(S.setup.sus.ends);
    }
    if (state === "ending" && !statusText) say("Sending the session…");
    for (const b of document.querySelectorAll("#panel button, #sheet button")) b.disabled = false;
    publish();
  }

  function ends(e) {
    $("end-low").textContent = Array.isArray(e) ? e[0] || "" : "";
    $("end-high").textContent = Array.isArray(e) ? e[1] || "" : "";
  }

  function publish() {
    L.session = S ? S.setup.session : null;
    L.records = S ? S.records.length : 0;
    L.acknowledged = S ? S.acknowledged : 0;
    if (S) {
      const m = S.ended ? S.endMark : S.marks.length ? S.marks[S.marks.length - 1] : [0, 0n];
      L.events = m[0];
      L.digest = hex(m[1]);
    }
    L.task = S && S.phase !== "ending" && S.setup.tasks[S.task] ? S.task + 1 : null;
    L.susItem = S && S.phase === "sus" ? S.susItem : null;
    L.phase = S ? S.phase : null;
  }

  // MARK: the participant's taps. Each is a record at the tap's own time.

  function tapTime(e) { return sessionTime(e.timeStamp || performance.now()); }

  function wire() {
    $("agree").addEventListener("click", function () {
      consented = true;
      idb("meta", "readwrite", function (o) { o.put({ agreed: true, at: new Date().toISOString() }, "consent"); })
        .catch(function (e) { fail("storage: " + e); });
      choose();
    });
    $("decline").addEventListener("click", function () {
      declined = true;
      L.state = "declined";
      show();
    });
    $("begin").addEventListener("click", begin);
    $("start-task").addEventListener("click", function (e) {
      if (!S || S.phase !== "waiting") return;
      const i = S.task, task = S.setup.tasks[i];
      const r = give(101, taskNumber(i), 0, 0, tapTime(e));
      if (!r) return;
      for (const s of task.start || []) give(s[0], s[1], s[2], s[3], r[4]);
      settle(r[4]);
    });
    const answer = function (code) {
      return function (e) {
        if (!S || S.phase !== "task") return;
        const r = give(100, code, 0, taskNumber(S.task), tapTime(e));
        if (r) settle(r[4]);
      };
    };
    $("done").addEventListener("click", answer(0));
    $("give-up").addEventListener("click", answer(1));
    $("undo").addEventListener("click", function (e) {
      if (!S || S.phase !== "task" || !S.setup.undoOffered) return;
      give(1, S.setup.undo, 0, 0, tapTime(e));
      flush();
    });
    for (const b of document.querySelectorAll("#seq button")) {
      b.addEventListener("click", function (e) {
        if (!S || S.phase !== "seq") return;
        const r = give(100, 2, Number(b.dataset.value), taskNumber(S.task), tapTime(e));
        if (r) settle(r[4]);
      });
    }
    for (const b of document.querySelectorAll("#sus button")) {
      b.addEventListener("click", function (e) {
        if (!S || S.phase !== "sus") return;
        const r = give(100, 3, Number(b.dataset.value), S.susItem, tapTime(e));
        if (r) settle(r[4]);
      });
    }
    // A second tap before the page shows the next panel answers nothing twice.
    for (const b of document.querySelectorAll("#panel button:not(#undo), #sheet button")) {
      b.addEventListener("click", function () { b.disabled = true; }, true);
    }
  }

  // MARK: touches: the first finger down counts until it lifts; every coalesced sample goes to
  // the engine at its own time (as phone.js).

  function onPointer(e) {
    if (!S || S.ended) return;
    const phase = { pointerdown: 0, pointermove: 1, pointerup: 2, pointercancel: 3 }[e.type];
    if (phase === 0) {
      if (S.touchId !== null) return;
      S.touchId = e.pointerId;
      try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* a pointer already gone */ }
    } else if (S.touchId !== e.pointerId) {
      return;
    }
    const samples = phase === 1 && e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    const f = fit();
    for (const s of samples.length ? samples : [e]) {
      give(0, phase, (s.clientX - f.x) / f.s, (s.clientY - f.y) / f.s, sessionTime(s.timeStamp));
    }
    if (phase >= 2) S.touchId = null;
  }

  // MARK: drawing (cards.js, as the phone's page draws its engine's frames)

  const painter = new FlickCards.Painter(ctx, token, function () { if (S) S.redraw = true; },
                                         function (hash) { fail("face " + hash + " did not load"); });

  function engineFrame() { return FlickCards.engineFrame(S.engine, S.setup, S.assigned); }

  function draw(frame) { painter.draw(frame, S.setup, S.viewport, fit(), dpr); }

  // Each animation frame: the engine moves to now (a frame record), the frame is drawn, the
  // new records are written to storage.
  function tick() {
    if (S && !S.ended && !S.complete) {
      give(7, 0, 0, 0, sessionTime(performance.now()));
      S.frame = engineFrame();
      draw(S.frame);
      L.drawn += 1;
      flush();
      publish();
    } else if (S && S.frame && S.redraw) {
      draw(S.frame);
    }
    if (S) S.redraw = false;
    requestAnimationFrame(tick);
  }

  // MARK: the start

  async function boot() {
    resize();
    wire();
    window.addEventListener("resize", resize);
    for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"]) {
      canvas.addEventListener(type, function (e) { e.preventDefault(); }, { passive: false });
    }
    for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) canvas.addEventListener(type, onPointer);
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") flush(); });
    setInterval(pump, 1000);
    setInterval(flush, 500);
    requestAnimationFrame(tick);
    if (!token) { L.state = document.body.dataset.state = "error"; say("This page needs its link (with its token)."); return; }
    say("Loading…");
    db = typeof indexedDB !== "undefined" ? await openStore() : null;
    L.storage = db ? "indexeddb" : "none";
    if (!db) fail("storage: IndexedDB is not available; nothing survives a reload");
    // One page of this link at a time: a second tab waits until the first has gone.
    if (navigator.locks && navigator.locks.request) {
      await new Promise(function (resolve) {
        navigator.locks.request("flick-link-" + token, { ifAvailable: true }, function (lock) {
          if (lock) { resolve(); return new Promise(function () {}); }
          say("This study is open in another tab or window: close it to go on here.");
          navigator.locks.request("flick-link-" + token, function () { resolve(); return new Promise(function () {}); });
          return null;
        });
      });
    }
    try {
      const stored = await Promise.all([
        idb("meta", "readonly", function (o) { return o.get("consent"); }),
        idb("meta", "readonly", function (o) { return o.get("study"); }),
        idb("sessions", "readonly", function (o) { return o.getAll(); }),
      ]);
      consented = !!(stored[0] && stored[0].agreed);
      owner = await ownerOfThisBrowser();
      for (const m of stored[2] || []) metas.set(m.session, m);
      study = await fetchStudy(stored[1]);
    } catch (error) {
      L.state = document.body.dataset.state = "error";
      fail("study: " + error.message);
      say(error instanceof Fatal ? error.message : "The study could not be loaded: " + error.message);
      return;
    }
    say("");
    setConsent(study.consent || "");
    choose();
  }

  // This browser's own name for the sessions it uploads (128 random bits, kept): the host
  // takes a session's chunks from one browser at a time, and from another only once that one
  // has taken the session up (GET /api/records with its name).
  async function ownerOfThisBrowser() {
    const kept = db ? await idb("meta", "readonly", function (o) { return o.get("owner"); }) : null;
    if (typeof kept === "string" && /^[0-9a-f]{32}$/.test(kept)) return kept;
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    const made = Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
    if (db) await idb("meta", "readwrite", function (o) { o.put(made, "owner"); });
    return made;
  }

  // The study from the host; offline, the copy this browser kept (else it tries again).
  async function fetchStudy(cached) {
    let delay = 500;
    for (;;) {
      let r;
      try {
        r = await fetch("/api/study" + q, { cache: "no-store" });
      } catch (error) {
        if (cached && cached.sessions) { fail("study: offline, the kept copy is used"); return cached; }
        say("Cannot reach the study (offline?), trying again…");
        await sleep(delay);
        delay = Math.min(5000, delay * 2);
        continue;
      }
      if (r.status === 403) throw new Fatal("This link is not valid: it may have expired or been revoked.");
      if (r.status === 429 || r.status >= 500) {
        if (cached && cached.sessions) return cached;
        say("The study is busy, trying again…");
        await sleep(delay);
        delay = Math.min(5000, delay * 2);
        continue;
      }
      if (!r.ok) throw new Error("HTTP " + r.status);
      const body = await r.json();
      if (!body || !Array.isArray(body.sessions)) throw new Error("the study has no sessions");
      idb("meta", "readwrite", function (o) { o.put(body, "study"); }).catch(function (e) { fail("storage: " + e); });
      return body;
    }
  }

  // The researcher's consent text: a paragraph per block between blank lines; a single line break
  // inside one is kept as a line break (link.css: pre-line).
  function setConsent(text) {
    const box = $("consent-text");
    box.textContent = "";
    const parts = String(text).replace(/\r\n?/g, "\n").split(/\n\s*\n/).map(function (p) { return p.trim(); }).filter(Boolean);
    for (const part of parts.length ? parts : ["The researcher gave no text."]) {
      const p = document.createElement("p");
      p.textContent = part;
      box.appendChild(p);
    }
  }

  boot();
})();
