// The stage's cards on a canvas, as the window draws them: each card's soft shadow (blurred once
// a card size), its face (the image the host composes at the card's pixel size, fetched by
// content hash, its corners rounded once), its affine transform and alpha; the swipe deck's
// stamp on the card it names; the empty deck's hint. The phone's page (phone.js) and a study by
// link's page (link.js) both draw with it, and both read their engine's frames through it.
"use strict";
window.FlickCards = (function () {
  function roundRect(c, w, h, r) {
    r = Math.max(0, Math.min(r, w / 2, h / 2));
    c.beginPath();
    c.moveTo(-w / 2 + r, -h / 2);
    c.arcTo(w / 2, -h / 2, w / 2, h / 2, r);
    c.arcTo(w / 2, h / 2, -w / 2, h / 2, r);
    c.arcTo(-w / 2, h / 2, -w / 2, -h / 2, r);
    c.arcTo(-w / 2, -h / 2, w / 2, -h / 2, r);
    c.closePath();
  }

  function sprite(w, h, paint) {
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    paint(canvas.getContext("2d"));
    return canvas;
  }

  const defaultShadow = { blur: 12, dx: 0, dy: 4, opacity: 0.3 };

  // A frame of the page's own engine as a host's frame comes: each card
  // [face, w, h, a, b, c, d, tx, ty, alpha] back to front, the face its task start assigned it or
  // its id modulo the faces; the stamp on the card it names (the last of its views); the hint on
  // an empty deck at rest. `look`: faces, stamps (colour by direction), stages (by interaction), hint.
  function engineFrame(engine, look, assigned) {
    const n = (look.faces || []).length;
    const raw = engine.cards();
    const cards = raw.map(function (c) {
      const t = c.transform;
      const face = assigned.has(c.card) ? assigned.get(c.card) : n ? ((c.card % n) + n) % n : -1;
      return [face, c.width, c.height, t[0], t[1], t[2], t[3], t[4], t[5], c.alpha];
    });
    const l = engine.label();
    let label = null;
    if (l) {
      let i = -1;
      raw.forEach(function (c, k) { if (c.card === l.card) i = k; });
      const colours = look.stamps || {};
      if (i >= 0) label = { card: i, text: l.text, color: colours[l.direction] || "#ffffff", opacity: l.opacity, direction: l.direction };
    }
    const hint = engine.cardCount() === 0 && engine.atRest() ? look.hint : null;
    const stages = look.stages || [];
    return { stage: stages[engine.interaction()] || stages[0] || "#101418", cards: cards, label: label, hint: hint };
  }

  // Draws frames on `ctx` (the page's canvas). Faces are asked for with `token`; `onFace` is
  // called when one has loaded (the page draws again), `onFaceError(hash)` when one did not.
  function Painter(ctx, token, onFace, onFaceError) {
    const faces = new Map(), shadows = new Map();
    const painter = this;
    this.facesLoaded = 0;
    // Faces asked for and not yet loaded (or failed): a card drawn meanwhile shows its
    // background only, as one growing to a new size does until its face at that size comes.
    this.facesPending = 0;

    // A card's face at device pixels, made once per face and size (drawn each frame as one image).
    function face(look, index, w, h, cw, ch) {
      const list = look.faces;
      if (!list || index < 0 || index >= list.length) return null;
      const key = list[index].hash + "/" + w + "x" + h;
      let entry = faces.get(key);
      if (!entry) {
        const img = new Image();
        entry = { sprite: null };
        painter.facesPending += 1;
        img.onload = function () {
          painter.facesPending -= 1;
          entry.sprite = sprite(w, h, function (c) {
            c.scale(w / cw, h / ch);
            c.translate(cw / 2, ch / 2);
            roundRect(c, cw, ch, look.cornerRadius || 0);
            c.fillStyle = look.cardBackground || "#ffffff";
            c.fill();
            c.clip();
            c.drawImage(img, -cw / 2, -ch / 2, cw, ch);
          });
          painter.facesLoaded += 1;
          if (onFace) onFace();
        };
        img.onerror = function () {
          painter.facesPending -= 1;
          if (onFaceError) onFaceError(list[index].hash);
        };
        img.src = "/face/" + encodeURIComponent(list[index].hash) + "?w=" + w + "&h=" + h + "&t=" + encodeURIComponent(token);
        if (faces.size > 256) faces.clear();
        faces.set(key, entry);
      }
      return entry.sprite;
    }

    // The soft shadow under a card of cw x ch points at k pixels a point, blurred once.
    function shadow(look, cw, ch, k) {
      const sh = look.shadow || defaultShadow, pad = sh.blur * 2;
      const key = cw + "x" + ch + "@" + k.toFixed(3);
      let s = shadows.get(key);
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
          roundRect(c, cw, ch, look.cornerRadius || 0);
          c.fillStyle = "#000";
          c.fill();
        }) };
        if (shadows.size > 32) shadows.clear();
        shadows.set(key, s);
      }
      return s;
    }

    // The swipe deck's stamp (LIKE, NOPE, SUPER) on its card, as the window draws it.
    function stamp(frame, k, ox, oy) {
      const l = frame.label, c = frame.cards[l.card];
      if (!c) return;
      const cw = c[1], ch = c[2];
      const points = Math.min(40, Math.max(12, cw / 9));
      ctx.setTransform(k * c[3], k * c[4], k * c[5], k * c[6], k * c[7] + ox, k * c[8] + oy);
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

    // The whole canvas: the page's background, then `frame` on a stage of `view` points placed
    // at `f` ({x, y} CSS pixels, s: CSS pixels a point), `dpr` device pixels a CSS pixel.
    // `frame` null: the background alone.
    this.draw = function (frame, look, view, f, dpr) {
      const k = dpr * f.s, ox = f.x * dpr, oy = f.y * dpr;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = 1;
      ctx.fillStyle = "#16181e";
      ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      if (!frame || !look || !view) return;
      ctx.fillStyle = frame.stage;
      ctx.fillRect(Math.round(ox), Math.round(oy), Math.round(view.width * k), Math.round(view.height * k));
      ctx.save();
      ctx.beginPath();
      ctx.rect(ox, oy, view.width * k, view.height * k);
      ctx.clip();
      const sh = look.shadow || defaultShadow;
      for (const c of frame.cards) {
        const cw = c[1], ch = c[2], scale = Math.hypot(c[3], c[4]) * k;
        ctx.globalAlpha = c[9];
        // The shadow: offset on the screen (down), whatever the card's turn. One blurred sprite
        // a card size, at the page's own pixels a point, drawn under the card's transform: a
        // card's scale changing (a throw, a lift) makes no new blur, which in software takes
        // tens of milliseconds a sprite.
        const s = shadow(look, cw, ch, Math.max(0.25, Math.round(k * 4) / 4));
        ctx.setTransform(k * c[3], k * c[4], k * c[5], k * c[6], k * c[7] + ox + sh.dx * k, k * c[8] + oy + sh.dy * k);
        ctx.drawImage(s.canvas, -cw / 2 - s.pad, -ch / 2 - s.pad, cw + 2 * s.pad, ch + 2 * s.pad);
        ctx.setTransform(k * c[3], k * c[4], k * c[5], k * c[6], k * c[7] + ox, k * c[8] + oy);
        const sprite = face(look, c[0], Math.max(1, Math.round(cw * scale / 8) * 8), Math.max(1, Math.round(ch * scale / 8) * 8), cw, ch);
        if (sprite) {
          ctx.drawImage(sprite, -cw / 2, -ch / 2, cw, ch);
        } else {
          roundRect(ctx, cw, ch, look.cornerRadius || 0);
          ctx.fillStyle = look.cardBackground || "#ffffff";
          ctx.fill();
        }
      }
      if (frame.label) stamp(frame, k, ox, oy);
      ctx.restore();
      if (frame.hint) {
        ctx.setTransform(k, 0, 0, k, ox, oy);
        ctx.globalAlpha = 1;
        ctx.fillStyle = "#5a5e68";
        ctx.font = Math.min(15, Math.max(10, view.width / 28)) + "px sans-serif";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(frame.hint, view.width / 2, view.height / 2);
      }
    };
  }

  return { Painter: Painter, engineFrame: engineFrame, roundRect: roundRect };
})();
