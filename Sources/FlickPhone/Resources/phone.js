// Flick's phone page: draws the render list the host sends, sends the finger's touches with
// their own timestamps, keeps the phone's clock mapped to the host's, and shows the participant's
// side of a study (the host's `side` messages). With the host's `--phone-engine` (the welcome's
// `engine`) the page runs the engine itself (flick-engine.wasm): each touch goes into it at its
// own time, each animation frame draws its render list, and every input it gave the engine goes
// to the host numbered, with the digest of its events (the host replays them and compares).
// No other resource.
//
// Element ids (stable: the end-to-end tests and the study suite drive them):
//   #stage                         the canvas the scene is drawn on (touches on it are the stage's)
//   #panel                         the participant's side below the stage (hidden without one)
//   #task-text                     the task under way ("Task 2 of 5: ..."); #waiting the waiting line
//   #done, #give-up                the task's Done and Give up
//   #undo                          Undo (the Z key's command), shown where it is a participant's action
//   #sheet                         a questionnaire over the page: #q-title, #q-text, #end-low, #end-high
//   #seq button[data-value]        the SEQ's answers 1-7
//   #sus button[data-value]        a SUS item's answers 1-5
//   #status                        the connection's line
// body[data-side] is the side's state: off, task, running, seq, sus or waiting; window.flick.side
// the host's last `side` message.
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("t") || "";
  const canvas = document.getElementById("stage");
  const ctx = canvas.getContext("2d", { alpha: false });
  const status = document.getElementById("status");
  const $ = function (id) { return document.getElementById(id); };
  const panel = $("panel"), sheet = $("sheet");
  const state = {
    welcome: null, frame: null, drawnFrame: -1, drawnT: 0, drawnCount: 0, closeCode: null,
    connected: false, faces: new Map(), shadows: new Map(), facesLoaded: 0, socket: null, retry: 500, touchId: null,
    clockTimer: null, dpr: 1, width: 0, height: 0, lastSceneTime: 0, side: null, answered: null, sent: [],
    // --phone-engine: the engine, the session it runs, its clock, and its records from `base`
    // on (the host has those before `base`); `unsent` is the first not sent yet.
    engine: null, engineSession: null, engineLoading: false, engineFailed: null, origin: 0, start: 0, lateWindow: 0,
    lastInputT: -Infinity, lastFrameT: -Infinity, records: [], base: 0, unsent: 0, pendingInputs: [], engineFrames: 0, assigned: new Map(),
    // The page's own figures: each frame's draw (ms; with --phone-engine its engine step and
    // draw), and with --phone-engine each touch sample's time from its event to the end of the
    // frame that drew it (ms); the last 4096 of each.
    frameMs: [], touchMs: [], touchesWaiting: [],
    // Frames drawn with each stamp (the swipe deck's `like`), by its text.
    stamped: {},
    // Records a reloaded page took from this tab's storage (unsent when the last page went).
    restored: 0,
  };
  window.flick = state;   // read by the end-to-end tests over the DevTools protocol

  function say(text) {
    status.textContent = text || "";
    status.className = text ? "" : "hidden";
  }

  function resize() {
    state.dpr = window.devicePixelRatio || 1;
    state.width = window.innerWidth;
    state.height = window.innerHeight;
    canvas.width = Math.round(state.width * state.dpr);
    canvas.height = Math.round(state.height * state.dpr);
    state.redraw = true;
  }

  // CSS pixels the page asks to keep below the stage for the participant's side (the host
  // grants them only to a session that has one: the welcome's `panel`).
  function panelAsked() {
    return Math.round(Math.min(132, Math.max(88, state.height * 0.15)));
  }

  // The stage's height: the page above the panel the host granted.
  function stageHeight() {
    const granted = state.welcome && state.welcome.panel > 0 ? state.welcome.panel : 0;
    return Math.max(1, state.height - granted);
  }

  // The scene's viewport fitted into the stage (1:1 when the scene runs at this phone's size).
  function fit() {
    const h = stageHeight();
    const v = state.engine ? state.engineViewport : state.welcome ? state.welcome.viewport : { width: state.width, height: h };
    const s = Math.min(state.width / v.width, h / v.height);
    return { s: s, x: (state.width - v.width * s) / 2, y: (h - v.height * s) / 2 };
  }

  function send(object) {
    const ws = state.socket;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(object));
  }

  function connect() {
    say(state.drawnCount ? "Reconnecting…" : "Connecting to Flick…");
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?t=" + encodeURIComponent(token));
    state.socket = ws;
    ws.onopen = function () {
      send({ type: "hello", v: 1, viewport: { width: state.width, height: state.height }, pixelRatio: state.dpr,
             userAgent: navigator.userAgent.slice(0, 512), touch: ("ontouchstart" in window) || navigator.maxTouchPoints > 0,
             panel: panelAsked(), at: state.engine ? sessionNow() : undefined });
    };
    ws.onmessage = function (e) {
      let m;
      try { m = JSON.parse(e.data); } catch (_) { return; }
      if (m.type === "frame") {
        state.frame = m;
      } else if (m.type === "input") {
        if (state.engine) giveHosts(m); else state.pendingInputs.push(m);
      } else if (m.type === "faces") {
        state.assigned = new Map(Array.isArray(m.assigned) ? m.assigned : []);
        state.redraw = true;
      } else if (m.type === "history") {
        takeHistory(m);
      } else if (m.type === "ack") {
        acknowledged(m.next);
        state.unsent = Math.max(state.unsent, state.base);
      } else if (m.type === "resend") {
        if (m.from >= state.base && m.from <= state.base + state.records.length) state.unsent = m.from;
      } else if (m.type === "clock") {
        send({ type: "sync", t0: m.t0, t1: performance.now(), s: m.s });
      } else if (m.type === "welcome") {
        state.welcome = m;
        layOutPanel();
        state.redraw = true;
        state.connected = true;
        state.retry = 500;
        state.closeCode = null;
        say("");
        if (m.engine) startEngine(m);
        exchangeClock();
        clearInterval(state.clockTimer);
        state.clockTimer = setInterval(exchangeClock, (m.clockInterval || 3) * 1000);
      } else if (m.type === "side") {
        showSide(m);
      }
    };
    ws.onclose = function (e) {
      state.connected = false;
      state.closeCode = e.code;
      // The page's own engine goes on with the finger; the host's session cancels it.
      if (!state.engine) state.touchId = null;
      clearInterval(state.clockTimer);
      if (e.code === 4409) {
        say("Another phone is connected to this session.");
        setTimeout(connect, 5000);
      } else if (e.code === 4000) {
        say("The session is over.");
      } else {
        say("Connection lost, reconnecting…" + (e.code ? " (" + e.code + ")" : ""));
        setTimeout(connect, state.retry);
        state.retry = Math.min(5000, state.retry * 2);
      }
    };
  }

  function exchangeClock() { send({ type: "clock", t0: performance.now() }); }

  // MARK: the engine on the page (--phone-engine)

  // The session's time (seconds) of a page time (ms): the page's clock from the session time the
  // host started it at.
  function sessionTime(ms) { return state.start + (ms - state.origin) / 1000; }
  function sessionNow() { return sessionTime(performance.now()); }

  // A welcome with `engine`: a page that runs this session's engine already sends again from the
  // record the host expects; a new page loads the module and starts the scene as the host did.
  function startEngine(m) {
    const e = m.engine;
    if (state.engine && state.engineSession === m.session) {
      acknowledged(e.next);
      state.unsent = Math.max(state.base, Math.min(e.next, state.base + state.records.length));
      return;
    }
    if (state.engineLoading) return;
    state.engineLoading = true;
    if (e.next > 0) {
      // A page reloaded during the session: the host sends what the engine was given so far.
      state.history = { setup: e, session: m.session, records: [] };
      say("Taking the session up again…");
      send({ type: "history" });
      return;
    }
    loadEngine(e, m.session, []);
  }

  // The host has every record before `next`: the page keeps only those after.
  function acknowledged(next) {
    const drop = Math.max(0, Math.min(state.records.length, next - state.base));
    state.records.splice(0, drop);
    state.base += drop;
  }

  // A part of the session's records for a reloaded page; with the last, the engine starts.
  function takeHistory(m) {
    const h = state.history;
    if (!h || m.first !== h.records.length) return;
    for (const r of m.records) h.records.push(r);
    if (!m.last) return;
    state.history = null;
    if (h.records.length !== h.setup.next) {
      state.engineLoading = false;
      state.engineFailed = "history of " + h.records.length + " records, expected " + h.setup.next;
      say("The session's records did not come whole: reload the page.");
      return;
    }
    loadEngine(h.setup, h.session, h.records);
  }

  // Loads the module, starts the scene as the host did, gives it `history` (records the host
  // has already) and then what the host sent while it loaded; the clock goes on from the last.
  function loadEngine(e, session, history) {
    const q = "?t=" + encodeURIComponent(token);
    Promise.all([import(e.script + q), fetch("/flick-engine.wasm" + q).then(function (r) {
      if (!r.ok) throw new Error("flick-engine.wasm: HTTP " + r.status);
      return r.arrayBuffer();
    })]).then(function (loaded) {
      return loaded[0].FlickEngine.load(loaded[1]);
    }).then(function (engine) {
      engine.create({ interaction: e.interaction, count: e.count, width: e.viewport.width, height: e.viewport.height,
                      lateWindow: e.lateWindow, config: e.config, configText: e.configText || [] });
      state.engineViewport = { width: e.viewport.width, height: e.viewport.height };
      let start = e.start;
      const retake = function (r) {
        engine.input(r[0], r[1], r[2], r[3], r[4]);
        if (r[0] === 7) state.lastFrameT = Math.max(state.lastFrameT, r[4]); else state.lastInputT = Math.max(state.lastInputT, r[4]);
        if (r[0] === 3) state.engineViewport = { width: r[1], height: r[2] };
        start = Math.max(start, r[4]);
      };
      for (const r of history) retake(r);
      // What this tab's page had given its engine and the host had not acknowledged when it
      // went (reloaded, or closed and reopened): given again, as they were, and sent.
      const saved = savedRecords(session);
      const extra = saved && saved.first <= history.length ? saved.records.slice(history.length - saved.first) : [];
      for (const r of extra) retake(r);
      state.restored = extra.length;
      state.records = extra;
      state.base = state.unsent = history.length;
      state.engine = engine;
      state.engineSession = session;
      state.engineStages = e.stages;
      state.engineUndo = e.undo;
      state.engineStamps = e.stamps;
      state.engineHint = e.hint;
      state.lateWindow = e.lateWindow;
      state.start = start;
      state.origin = performance.now();
      state.engineLoading = false;
      say("");
      const pending = state.pendingInputs;
      state.pendingInputs = [];
      for (const p of pending) giveHosts(p);
    }).catch(function (error) {
      state.engineLoading = false;
      state.engineFailed = String(error);
      say("The engine did not load: " + error);
    });
  }

  // The records the host has not acknowledged, kept in this tab as the page goes (a reload, a
  // closed tab reopened) and given to the next page's engine after the host's history.
  const savedKey = "flick-engine-records:" + token;
  function saveRecords() {
    if (!state.engine) return;
    try {
      sessionStorage.setItem(savedKey, JSON.stringify({ session: state.engineSession, first: state.base, records: state.records }));
    } catch (error) {
      console.warn("flick: the unsent records could not be kept: " + error);
    }
  }
  function savedRecords(session) {
    let saved = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(savedKey) || "null");
      sessionStorage.removeItem(savedKey);
    } catch (_) { return null; }
    if (!saved || saved.session !== session || !Array.isArray(saved.records) || typeof saved.first !== "number") return null;
    const ok = saved.records.every(function (r) {
      return Array.isArray(r) && r.length === 5 && r.every(function (x) { return typeof x === "number" && isFinite(x); });
    });
    return ok ? saved : null;
  }
  window.addEventListener("pagehide", saveRecords);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") saveRecords(); });

  // One input to the page's engine, recorded. Its time keeps the session's rule for late input
  // (SessionRunner.submit): never before the last input, nor older than the late window before
  // the last frame; the host applies the same rule to the same numbers and so moves nothing.
  function give(kind, a, b, c, t) {
    if (kind === 7) {
      t = Math.max(t, state.lastFrameT, state.lastInputT);
      state.lastFrameT = t;
    } else {
      t = Math.max(t, state.lastInputT, state.lastFrameT - state.lateWindow);
      state.lastInputT = t;
    }
    // +0: a record is sent as JSON text, which has no negative zero.
    a += 0; b += 0; c += 0; t += 0;
    if (kind === 3) state.engineViewport = { width: a, height: b };
    // Kinds from 100 are the session's (an answer), recorded but not the engine's.
    const result = kind >= 100 ? 0 : state.engine.input(kind, a, b, c, t);
    state.records.push([kind, a, b, c, t]);
    return result;
  }

  // An input the host sent: given at the page's own time. A task's start deck comes with the
  // image each of its cards shows, in deck order: the cards the engine dealt get them at once.
  function giveHosts(m) {
    give(m.kind, m.a, m.b, m.c, sessionNow());
    if (m.kind === 9 && Array.isArray(m.faces)) {
      m.faces.forEach(function (face, i) {
        const card = state.engine.deckCard(i);
        if (card >= 0 && face >= 0) state.assigned.set(card, face);
      });
    }
  }

  // The records not sent yet, in messages the host takes (at most 2 KB each), each with the
  // engine's event count and digest after everything given so far.
  function sendRecords() {
    const ws = state.socket;
    if (!state.engine || !ws || ws.readyState !== WebSocket.OPEN || !state.connected) return;
    const tail = { events: state.engine.eventCount(), digest: state.engine.eventsDigest().toString(16).padStart(16, "0") };
    let messages = 0;
    while (state.unsent < state.base + state.records.length && messages < 64) {
      const first = state.unsent, list = [];
      let bytes = 120;
      for (let i = first - state.base; i < state.records.length; i++) {
        const text = JSON.stringify(state.records[i]);
        if (bytes + text.length + 1 > 1900 && list.length) break;
        list.push(state.records[i]);
        bytes += text.length + 1;
      }
      ws.send(JSON.stringify({ type: "records", first: first, records: list, events: tail.events, digest: tail.digest }));
      state.unsent = first + list.length;
      messages += 1;
    }
  }

  function keep(list, value) {
    if (list.length >= 4096) list.shift();
    list.push(value);
  }

  // The engine's frame as the host's frames come (FlickCards.engineFrame), numbered.
  function engineFrame() {
    state.engineFrames += 1;
    const look = { faces: state.welcome.faces, stamps: state.engineStamps, stages: state.engineStages, hint: state.engineHint };
    const frame = FlickCards.engineFrame(state.engine, look, state.assigned);
    frame.n = state.engineFrames;
    frame.t = state.lastFrameT;
    return frame;
  }

  // MARK: the participant's side. Every text is set as text (textContent), never as markup:
  // the task's name comes from the researcher's file.

  function layOutPanel() {
    const h = state.welcome && state.welcome.panel > 0 ? state.welcome.panel : 0;
    panel.hidden = h === 0;
    panel.style.height = h + "px";
    status.style.bottom = (h + 24) + "px";
    if (!h) { sheet.hidden = true; document.body.dataset.side = "off"; }
  }

  function showSide(m) {
    state.side = m;
    state.answered = null;
    document.body.dataset.side = m.state;
    const task = m.state === "task" || m.state === "running";
    $("task-text").hidden = !task;
    $("task-text").textContent = task ? m.text : "";
    $("waiting").hidden = m.state !== "waiting";
    $("waiting").textContent = m.state === "waiting" ? m.text : "";
    $("done").hidden = $("give-up").hidden = m.state !== "task";
    $("undo").hidden = !m.undo;
    const asking = m.state === "seq" || m.state === "sus";
    sheet.hidden = !asking;
    $("seq").hidden = m.state !== "seq";
    $("sus").hidden = m.state !== "sus";
    $("q-title").textContent = asking ? (m.title || "") : "";
    $("q-text").textContent = asking ? m.text : "";
    $("end-low").textContent = asking && m.ends ? m.ends[0] : "";
    $("end-high").textContent = asking && m.ends ? m.ends[1] : "";
    for (const b of document.querySelectorAll("#panel button, #sheet button")) b.disabled = false;
  }

  // One answer for the panel on show: the buttons wait for the host's next `side` (a second
  // tap before it comes answers nothing twice).
  function answer(e, fields) {
    const m = state.side;
    if (!m || state.answered || !(state.connected || state.engine)) return;
    state.answered = fields.kind;
    if (state.engine) {
      // A record of the page's own (kind 100: PageInput), in its place among the touches; the
      // engine never sees it. b: the value; c: the task answered, or the SUS item.
      const code = { done: 0, give_up: 1, seq: 2, sus: 3 }[fields.kind];
      give(100, code, fields.value || 0, fields.kind === "sus" ? fields.item : m.task || 0, sessionTime(e.timeStamp));
    } else {
      fields.type = "answer";
      fields.t = Math.max(0, e.timeStamp);
      if (fields.kind !== "sus") fields.task = m.task;
      send(fields);
      state.sent.push(fields);
    }
    for (const b of document.querySelectorAll("#panel button:not(#undo), #sheet button")) b.disabled = true;
  }

  function wireSide() {
    $("done").addEventListener("click", function (e) { answer(e, { kind: "done" }); });
    $("give-up").addEventListener("click", function (e) { answer(e, { kind: "give_up" }); });
    $("undo").addEventListener("click", function (e) {
      if (!state.side || !state.side.undo) return;
      if (state.engine) {
        // The participant's Undo is a command of the page's own engine (the Z key's), recorded.
        give(1, state.engineUndo, 0, 0, sessionTime(e.timeStamp));
        return;
      }
      const m = { type: "undo", t: Math.max(0, e.timeStamp) };
      send(m);
      state.sent.push(m);
    });
    for (const b of document.querySelectorAll("#seq button")) {
      b.addEventListener("click", function (e) { answer(e, { kind: "seq", value: Number(b.dataset.value) }); });
    }
    for (const b of document.querySelectorAll("#sus button")) {
      b.addEventListener("click", function (e) {
        if (state.side && state.side.item) answer(e, { kind: "sus", item: state.side.item, value: Number(b.dataset.value) });
      });
    }
  }

  // MARK: touches: the first finger down is the one that counts until it lifts.

  function touchMessage(phase, x, y, t) {
    const f = fit();
    send({ type: "touch", id: 1, phase: phase, x: Math.round((x - f.x) / f.s * 100) / 100,
           y: Math.round((y - f.y) / f.s * 100) / 100, t: Math.max(0, t) });
  }

  // Touch events only keep the browser from scrolling, zooming or making mouse events of a
  // touch; the touches themselves come as pointer events, whose moves carry every sample the
  // device took since the last one delivered (getCoalescedEvents), each at its own time. A
  // browser busy drawing delivers one move a frame, and a fling read at that rate would have
  // gaps long enough to count as a finger that stopped before it lifted.
  function onTouch(e) { e.preventDefault(); }

  function onPointer(e) {
    const phase = { pointerdown: "down", pointermove: "move", pointerup: "up", pointercancel: "cancel" }[e.type];
    if (phase === "down") {
      if (state.touchId !== null) return;
      state.touchId = e.pointerId;
    } else if (state.touchId !== e.pointerId) {
      return;
    }
    const samples = phase === "move" && e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    if (state.engine) {
      const f = fit(), code = { down: 0, move: 1, up: 2, cancel: 3 }[phase];
      for (const s of samples.length ? samples : [e]) {
        give(0, code, (s.clientX - f.x) / f.s, (s.clientY - f.y) / f.s, sessionTime(s.timeStamp));
        state.touchesWaiting.push(s.timeStamp);
      }
    } else {
      for (const s of samples.length ? samples : [e]) touchMessage(phase, s.clientX, s.clientY, s.timeStamp);
    }
    if (phase === "up" || phase === "cancel") state.touchId = null;
  }

  // MARK: drawing (cards.js)

  const painter = new FlickCards.Painter(ctx, token, function () {
    state.facesLoaded = painter.facesLoaded;
    state.redraw = true;
  });
  // Read by the end-to-end tests: faces asked for and not yet come.
  Object.defineProperty(state, "facesPending", { get: function () { return painter.facesPending; } });

  function draw() {
    const frame = state.frame, w = state.welcome;
    const view = state.engine ? state.engineViewport : w && w.viewport;
    painter.draw(frame, w, view, fit(), state.dpr);
    if (frame && w && frame.label) state.stamped[frame.label.text] = (state.stamped[frame.label.text] || 0) + 1;
  }

  function tick() {
    if (state.engine) {
      // The page's own frame: the engine moves to now, the frame is drawn, the records go.
      const start = performance.now();
      give(7, 0, 0, 0, sessionTime(start));
      state.frame = engineFrame();
      const stepped = performance.now();
      draw();
      const end = performance.now();
      state.drawMs = end - stepped;
      state.stepMs = stepped - start;
      keep(state.frameMs, end - start);
      for (const t of state.touchesWaiting) keep(state.touchMs, end - t);
      state.touchesWaiting.length = 0;
      state.drawnFrame = state.frame.n;
      state.drawnT = state.frame.t;
      state.drawnCount += 1;
      sendRecords();
      requestAnimationFrame(tick);
      return;
    }
    const frame = state.frame;
    if (frame && (frame.n !== state.drawnFrame || state.redraw)) {
      const start = performance.now();
      draw();
      state.drawMs = performance.now() - start;
      keep(state.frameMs, state.drawMs);
      state.redraw = false;
      if (frame.n !== state.drawnFrame) {
        state.drawnFrame = frame.n;
        state.drawnT = frame.t;
        state.drawnCount += 1;
        send({ type: "drawn", frame: frame.n, t: performance.now() });
      }
    } else if (!frame && state.redraw) {
      draw();
      state.redraw = false;
    }
    requestAnimationFrame(tick);
  }

  resize();
  wireSide();
  window.addEventListener("resize", resize);
  for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"]) {
    canvas.addEventListener(type, onTouch, { passive: false });
  }
  for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) {
    canvas.addEventListener(type, onPointer);
  }
  if (!token) { say("This page needs the session's link (with its token)."); return; }
  connect();
  requestAnimationFrame(tick);
})();
