// Flick's researcher page (docs/study-by-link.md): polls GET /api/participants every 2 s and
// shows each participant's status and sessions, their link and its QR code, with counters and
// the command that makes the study once the sessions are in. Every text is set as text.
//
// Element ids (stable for tests): #title, #counters (.counter[data-status]), #command,
// #copy-command, #updated (the poll's line), #rows (one tr[data-participant] a participant).
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("t") || "";
  const q = "?t=" + encodeURIComponent(token);
  const $ = function (id) { return document.getElementById(id); };
  const STATUSES = ["complete", "uploading", "started", "invited", "diverged", "refused"];
  const rows = new Map();    // participant id -> { tr, json }
  let last = null, timer = null, failures = 0;
  const state = { polls: 0, errors: 0, data: null };
  window.flickResearcher = state;

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function badge(status) {
    return el("span", "badge " + String(status || "").replace(/[^a-z-]/gi, ""), status || "?");
  }

  function copy(text, button) {
    const done = function (ok) {
      const was = button.textContent;
      button.textContent = ok ? "Copied" : "Select and copy";
      setTimeout(function () { button.textContent = was; }, 1200);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallbackCopy(text)); });
    } else {
      done(fallbackCopy(text));
    }
  }

  function fallbackCopy(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (_) { ok = false; }
    area.remove();
    return ok;
  }

  // Task states: the host's outcome names (TaskRun.Outcome) and plain words alike.
  const TASK_CLASS = { pending: "pending", running: "running", done: "done", success: "done", ended: "done",
                       "gave up": "gave-up", gave_up: "gave-up", "timed out": "timed-out", timed_out: "timed-out",
                       time_limit: "timed-out", session_ended: "cut-short" };
  const TASK_WORDS = { success: "done", ended: "ended", gave_up: "gave up", time_limit: "timed out", timed_out: "timed out",
                       session_ended: "the session ended first" };
  const FINISHED = { done: true, "gave-up": true, "timed-out": true };

  function sessionBlock(s) {
    const box = el("div", "session");
    box.dataset.session = s.session;
    box.appendChild(el("span", "name", "Part " + s.session + " · " + (s.condition || "")));
    box.appendChild(badge(s.status));
    const tasks = Array.isArray(s.tasks) ? s.tasks : [];
    const strip = el("span", "strip");
    let finished = 0;
    for (const t of tasks) {
      const kind = TASK_CLASS[t.state] || "pending";
      if (FINISHED[kind]) finished += 1;
      const cell = el("i", kind);
      cell.title = "Task " + t.number + (t.name ? " (" + t.name + ")" : "") + ": " + (TASK_WORDS[t.state] || t.state || "pending");
      strip.appendChild(cell);
    }
    box.appendChild(strip);
    const numbers = el("div", "numbers");
    numbers.appendChild(document.createTextNode(
      (tasks.length ? finished + " of " + tasks.length + " tasks · " : "") + Number(s.records || 0).toLocaleString("en") + " records"));
    if (s.divergences) {
      numbers.appendChild(document.createTextNode(" · "));
      numbers.appendChild(el("span", "bad", s.divergences + (s.divergences === 1 ? " divergence" : " divergences")));
    }
    if (s.problems) {
      numbers.appendChild(document.createTextNode(" · "));
      numbers.appendChild(el("span", "bad", s.problems + (s.problems === 1 ? " problem" : " problems")));
    }
    box.appendChild(numbers);
    if (s.error) box.appendChild(el("div", "error", s.error));
    return box;
  }

  function row(p) {
    const tr = el("tr");
    tr.dataset.participant = p.id;
    const who = el("td", "who");
    who.appendChild(el("div", "id", p.id));
    who.appendChild(badge(p.status));
    if (p.revoked) { who.appendChild(document.createTextNode(" ")); who.appendChild(badge("revoked")); }
    if (p.expires) {
      const when = new Date(p.expires);
      const expired = !isNaN(when) && when.getTime() < Date.now();
      who.appendChild(el("div", "note", (expired ? "expired " : "expires ") + (isNaN(when) ? p.expires : when.toLocaleString())));
    }
    tr.appendChild(who);

    const sessions = el("td");
    const list = el("div", "sessions");
    for (const s of p.sessions || []) list.appendChild(sessionBlock(s));
    sessions.appendChild(list);
    tr.appendChild(sessions);

    const link = el("td", "link");
    const line = el("div", "row");
    const input = el("input");
    input.type = "text";
    input.readOnly = true;
    input.value = p.link || "";
    input.setAttribute("aria-label", "Link for " + p.id);
    input.addEventListener("focus", function () { input.select(); });
    const button = el("button", null, "Copy");
    button.type = "button";
    button.addEventListener("click", function () { copy(input.value, button); });
    line.appendChild(input);
    line.appendChild(button);
    link.appendChild(line);
    tr.appendChild(link);

    const qr = el("td", "qr");
    const src = "/qr" + q + "&p=" + encodeURIComponent(p.id);
    const a = el("a");
    a.href = src;
    a.target = "_blank";
    a.rel = "noreferrer";
    const img = el("img");
    img.alt = "QR code of " + p.id + "'s link";
    img.src = src;
    a.appendChild(img);
    qr.appendChild(a);
    tr.appendChild(qr);
    return tr;
  }

  function render(data) {
    state.data = data;
    if (data.title) { $("title").textContent = data.title; document.title = "Flick study: " + data.title; }
    $("command").textContent = "flick study " + shellQuote(data.folder || "HOSTFOLDER");
    const people = Array.isArray(data.participants) ? data.participants : [];
    // Counters.
    const counts = {};
    for (const p of people) counts[p.status] = (counts[p.status] || 0) + 1;
    const counters = $("counters");
    counters.textContent = "";
    const order = STATUSES.concat(Object.keys(counts).filter(function (s) { return STATUSES.indexOf(s) < 0; }));
    const total = el("div", "counter");
    total.dataset.status = "all";
    total.appendChild(el("b", null, people.length));
    total.appendChild(el("span", null, "participants"));
    counters.appendChild(total);
    for (const s of order) {
      const c = el("div", "counter");
      c.dataset.status = s;
      c.appendChild(el("b", null, counts[s] || 0));
      c.appendChild(badge(s));
      counters.appendChild(c);
    }
    // Rows: each rebuilt only when its participant changed (a link being selected, a QR code
    // loaded, stay as they are).
    const body = $("rows");
    const seen = new Set();
    let previous = null;
    for (const p of people) {
      const json = JSON.stringify(p);
      seen.add(p.id);
      let entry = rows.get(p.id);
      if (!entry || entry.json !== json) {
        const tr = row(p);
        if (entry) entry.tr.replaceWith(tr);
        entry = { tr: tr, json: json };
        rows.set(p.id, entry);
      }
      const want = previous ? previous.nextSibling : body.firstChild;
      if (want !== entry.tr) body.insertBefore(entry.tr, want);
      previous = entry.tr;
    }
    for (const [id, entry] of rows) if (!seen.has(id)) { entry.tr.remove(); rows.delete(id); }
    $("empty").hidden = people.length > 0;
  }

  function shellQuote(s) {
    return /^[A-Za-z0-9_\/.,:@%+=-]+$/.test(s) ? s : "'" + String(s).replace(/'/g, "'\\''") + "'";
  }

  function said(text, error) {
    const u = $("updated");
    u.textContent = text;
    u.className = error ? "error" : "";
  }

  function poll() {
    clearTimeout(timer);
    fetch("/api/participants" + q, { cache: "no-store" }).then(function (r) {
      if (r.status === 403) throw new Error("this researcher link is not valid");
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json();
    }).then(function (data) {
      state.polls += 1;
      failures = 0;
      const text = JSON.stringify(data);
      if (text !== last) { last = text; render(data); }
      said("Updated " + new Date().toLocaleTimeString() + " (every 2 s)", false);
      timer = setTimeout(poll, 2000);
    }).catch(function (error) {
      state.errors += 1;
      failures += 1;
      said("Could not update: " + error.message + (failures > 1 ? " (" + failures + " tries)" : "") + "; trying again", true);
      timer = setTimeout(poll, Math.min(10000, 2000 * failures));
    });
  }

  $("copy-command").addEventListener("click", function () { copy($("command").textContent, $("copy-command")); });
  if (!token) { said("This page needs its link (with its token).", true); return; }
  poll();
})();
