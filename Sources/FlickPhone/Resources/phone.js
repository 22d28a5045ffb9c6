// Flick's phone page: draws the render list the host sends, sends the finger's touches with
// their own timestamps, keeps the phone's clock mapped to the host's. No other resource.
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("t") || "";
  const canvas = document.getElementById("stage");
  const ctx = canvas.getContext("2d", { alpha: false });
  const status = document.getElementById("status");
  const state = {
    welcome: null, frame: null, drawnFrame: -1, drawnT: 0, drawnCount: 0, closeCode: null,
    connected: false, faces: new Map(), shadows: new Map(), facesLoaded: 0, socket: null, retry: 500, touchId: null,
    clockTimer: null, dpr: 1, width: 0, height: 0, lastSceneTime: 0,
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

  // The scene's viewport fitted into the page (1:1 when the scene runs at this phone's size).
  function fit() {
    const v = state.welcome ? state.welcome.viewport : { width: state.width, height: state.height };
    const s = Math.min(state.width / v.width, state.height / v.height);
    return { s: s, x: (state.width - v.width * s) / 2, y: (state.height - v.height * s) / 2 };
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
             userAgent: navigator.userAgent.slice(0, 512), touch: ("ontouchstart" in window) || navigator.maxTouchPoints > 0 });
    };
    ws.onmessage = function (e) {
      let m;
      try { m = JSON.parse(e.data); } catch (_) { return; }
      if (m.type === "frame") {
        state.frame = m;
      } else if (m.type === "clock") {
        send({ type: "sync", t0: m.t0, t1: performance.now(), s: m.s });
      } else if (m.type === "welcome") {
        state.welcome = m;
        state.connected = true;
        state.retry = 500;
        state.closeCode = null;
        say("");
        exchangeClock();
        clearInterval(state.clockTimer);
        state.clockTimer = setInterval(exchangeClock, (m.clockInterval || 3) * 1000);
      }
    };
    ws.onclose = function (e) {
      state.connected = false;
      state.closeCode = e.code;
      state.touchId = null;
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
    for (const s of samples.length ? samples : [e]) touchMessage(phase, s.clientX, s.clientY, s.timeStamp);
    if (phase === "up" || phase === "cancel") state.touchId = null;
  }

  // MARK: drawing

  // A card's face at device pixels: the image the host made at this size, on the card's
  // background, its corners rounded, made once per face and size (drawn each frame as one image).
  function faceSprite(index, w, h, cw, ch) {
    const faces = state.welcome && state.welcome.faces;
    if (!faces || index < 0 || index >= faces.length) return null;
    const key = faces[index].hash + "/" + w + "x" + h;
    let entry = state.faces.get(key);
    if (!entry) {
      const img = new Image();
      entry = { sprite: null };
      img.onload = function () {
        entry.sprite = sprite(w, h, function (c) {
          c.scale(w / cw, h / ch);
          c.translate(cw / 2, ch / 2);
          roundRect(c, cw, ch, state.welcome.cornerRadius);
          c.fillStyle = state.welcome.cardBackground;
          c.fill();
          c.clip();
          c.drawImage(img, -cw / 2, -ch / 2, cw, ch);
        });
        state.facesLoaded += 1;
        state.redraw = true;
      };
      img.src = "/face/" + faces[index].hash + "?w=" + w + "&h=" + h + "&t=" + encodeURIComponent(token);
      state.faces.set(key, entry);
    }
    return entry.sprite;
  }

  function sprite(w, h, paint) {
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    paint(canvas.getContext("2d"));
    return canvas;
  }

  // The soft shadow under a card of cw x ch points at k pixels a point, blurred once.
  function shadowSprite(cw, ch, k) {
    const sh = state.welcome.shadow, pad = sh.blur * 2;
    const key = cw + "x" + ch + "@" + k.toFixed(3);
    let s = state.shadows.get(key);
    if (!s) {
      const w = Math.ceil((cw + 2 * pad) * k), h = Math.ceil((ch + 2 * pad) * k);
      s = { pad: pad, canvas: sprite(w, h, function (c) {
        c.scale(k, k);
        c.translate(cw / 2 + pad, ch / 2 + pad);
        c.shadowColor = "rgba(0,0,0," + sh.opacity + ")";
        c.shadowBlur = sh.blur * k;
        // The shape is drawn far off the sprite; only its shadow lands on it.
        c.shadowOffsetX = 10000 * k;
        c.translate(-10000, 0);
        roundRect(c, cw, ch, state.welcome.cornerRadius);
        c.fillStyle = "#000";
        c.fill();
      }) };
      if (state.shadows.size > 32) state.shadows.clear();
      state.shadows.set(key, s);
    }
    return s;
  }

  function roundRect(c, w, h, r) {
    c.beginPath();
    c.moveTo(-w / 2 + r, -h / 2);
    c.arcTo(w / 2, -h / 2, w / 2, h / 2, r);
    c.arcTo(w / 2, h / 2, -w / 2, h / 2, r);
    c.arcTo(-w / 2, h / 2, -w / 2, -h / 2, r);
    c.arcTo(-w / 2, -h / 2, w / 2, -h / 2, r);
    c.closePath();
  }

  function draw() {
    const frame = state.frame, w = state.welcome;
    const dpr = state.dpr, f = fit(), k = dpr * f.s;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = "#16181e";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (!frame || !w) return;
    ctx.fillStyle = frame.stage;
    ctx.fillRect(Math.round(f.x * dpr), Math.round(f.y * dpr), Math.round(w.viewport.width * k), Math.round(w.viewport.height * k));
    ctx.save();
    ctx.beginPath();
    ctx.rect(f.x * dpr, f.y * dpr, w.viewport.width * k, w.viewport.height * k);
    ctx.clip();
    const sh = w.shadow, radius = w.cornerRadius;
    for (const c of frame.cards) {
      const cw = c[1], ch = c[2];
      const scale = Math.hypot(c[3], c[4]) * k;
      const ox = f.x * dpr, oy = f.y * dpr;
      ctx.globalAlpha = c[9];
      // The shadow: offset on the screen (down), whatever the card's turn.
      const s = shadowSprite(cw, ch, Math.max(0.25, Math.round(scale * 4) / 4));
      ctx.setTransform(k * c[3], k * c[4], k * c[5], k * c[6], k * c[7] + ox + sh.dx * k, k * c[8] + oy + sh.dy * k);
      ctx.drawImage(s.canvas, -cw / 2 - s.pad, -ch / 2 - s.pad, cw + 2 * s.pad, ch + 2 * s.pad);
      ctx.setTransform(k * c[3], k * c[4], k * c[5], k * c[6], k * c[7] + ox, k * c[8] + oy);
      const face = faceSprite(c[0], Math.max(1, Math.round(cw * scale / 8) * 8), Math.max(1, Math.round(ch * scale / 8) * 8), cw, ch);
      if (face) {
        ctx.drawImage(face, -cw / 2, -ch / 2, cw, ch);
      } else {
        roundRect(ctx, cw, ch, radius);
        ctx.fillStyle = w.cardBackground;
        ctx.fill();
      }
    }
    if (frame.label) drawLabel(frame, k, f, dpr);
    ctx.restore();
    if (frame.hint) {
      ctx.setTransform(k, 0, 0, k, f.x * dpr, f.y * dpr);
      ctx.globalAlpha = 1;
      ctx.fillStyle = "#5a5e68";
      ctx.font = Math.min(15, Math.max(10, w.viewport.width / 28)) + "px sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(frame.hint, w.viewport.width / 2, w.viewport.height / 2);
    }
  }

  // The swipe deck's stamp (LIKE, NOPE, SUPER) on its card, as the window draws it.
  function drawLabel(frame, k, f, dpr) {
    const l = frame.label, c = frame.cards[l.card];
    if (!c) return;
    const cw = c[1], ch = c[2];
    const points = Math.min(40, Math.max(12, cw / 9));
    ctx.setTransform(k * c[3], k * c[4], k * c[5], k * c[6], k * c[7] + f.x * dpr, k * c[8] + f.y * dpr);
    ctx.globalAlpha = c[9] * l.opacity;
    ctx.font = "bold " + points + "px sans-serif";
    const text = l.text.toUpperCase();
    const tw = ctx.measureText(text).width + points * 0.8, th = points * 1.4;
    const margin = cw * 0.08;
    let x, y;
    if (l.direction === "right") { x = -cw / 2 + margin + tw / 2; y = -ch / 2 + margin + th / 2; }
    else if (l.direction === "left") { x = cw / 2 - margin - tw / 2; y = -ch / 2 + margin + th / 2; }
    else { x = 0; y = ch / 2 - margin - th / 2; }
    ctx.strokeStyle = l.color;
    ctx.fillStyle = l.color;
    ctx.lineWidth = Math.max(2, points / 10);
    ctx.strokeRect(x - tw / 2, y - th / 2, tw, th);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, x, y);
  }

  function tick() {
    const frame = state.frame;
    if (frame && (frame.n !== state.drawnFrame || state.redraw)) {
      const start = performance.now();
      draw();
      state.drawMs = performance.now() - start;
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
