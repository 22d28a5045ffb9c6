#!/usr/bin/env python3
"""Generate Flick's demo card images: portrait phone app screens.

Run from anywhere:  python3 assets/make_assets.py   (or: make assets)

Every image is drawn with Pillow at 2x and downsampled with LANCZOS for
anti-aliasing. All text uses the committed DejaVu Sans fonts next to this
script; all randomness uses fixed seeds, so the output is deterministic for a
given Pillow version. Output: assets/NN-name.png, 720x1558 (the aspect of Flick's
default 390x844 stage, so no card crops or letterboxes them), file-name order is
the demo order. Screens are laid out for 720x1280; the extra height goes into the
calmest row between the content and the bottom bars.
"""

import math
import os
import random
import sys

try:
    from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont
except ImportError:
    print("make_assets.py: missing Python module 'PIL' (Pillow) in " + sys.executable + "; run 'make assets' (installs python3-pil) or: "
          "pip install Pillow", file=sys.stderr)
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
FONT_REGULAR = os.path.join(HERE, "DejaVuSans.ttf")
FONT_BOLD = os.path.join(HERE, "DejaVuSans-Bold.ttf")

W, H = 720, 1280          # the logical drawing space, pixels
H_OUT = 1558              # output height: 720x1558 is the default stage's 390x844 aspect
S = 2                     # supersampling factor
MAX_BYTES = 300 * 1024    # size budget per PNG

WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def rgba(c, a):
    """Colour c with alpha a (0..255)."""
    return (c[0], c[1], c[2], int(a))


def mix(c1, c2, t):
    return tuple(int(round(a + (b - a) * t)) for a, b in zip(c1, c2))


# --------------------------------------------------------------------------
# Canvas: draws in logical 720x1280 coordinates on a 2x RGB image.
# --------------------------------------------------------------------------

_fonts = {}


def font(size, bold=False):
    key = (size, bold)
    if key not in _fonts:
        _fonts[key] = ImageFont.truetype(FONT_BOLD if bold else FONT_REGULAR, round(size * S))
    return _fonts[key]


def _sc(v):
    return int(round(v * S))


def _sb(b):
    return tuple(_sc(v) for v in b)


class Canvas:
    def __init__(self, w=W, h=H, bg=WHITE):
        self.w, self.h = w, h
        self.img = Image.new("RGB", (_sc(w), _sc(h)), bg[:3])
        self.d = ImageDraw.Draw(self.img, "RGBA")

    # ---- primitives ------------------------------------------------------
    def rect(self, b, fill=None, r=0, outline=None, width=1):
        x0, y0, x1, y1 = _sb(b)
        if x1 <= x0 or y1 <= y0:
            return
        if r > 0:
            self.d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), _sc(r), fill=fill,
                                     outline=outline, width=_sc(width) if outline else 0)
        else:
            self.d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill, outline=outline,
                             width=_sc(width) if outline else 0)

    def circle(self, cx, cy, r, fill=None, outline=None, width=1):
        self.d.ellipse(_sb((cx - r, cy - r, cx + r, cy + r)), fill=fill, outline=outline,
                       width=_sc(width) if outline else 0)

    def ellipse(self, b, fill=None):
        self.d.ellipse(_sb(b), fill=fill)

    def line(self, pts, fill, width=2, caps=True):
        spts = [(_sc(x), _sc(y)) for x, y in pts]
        self.d.line(spts, fill=fill, width=_sc(width), joint="curve")
        if caps and width > 1.5:
            for x, y in (pts[0], pts[-1]):
                self.circle(x, y, width / 2 - 0.25, fill=fill)

    def poly(self, pts, fill):
        self.d.polygon([(_sc(x), _sc(y)) for x, y in pts], fill=fill)

    def arc(self, cx, cy, r, start, end, fill, width, caps=True):
        """Arc centred on radius r; angles in degrees, 0 = 3 o'clock, clockwise."""
        h = width / 2
        self.d.arc(_sb((cx - r - h, cy - r - h, cx + r + h, cy + r + h)), start, end,
                   fill=fill, width=_sc(width))
        if caps:
            for a in (start, end):
                t = math.radians(a)
                self.circle(cx + r * math.cos(t), cy + r * math.sin(t), h - 0.25, fill=fill)

    def pie(self, cx, cy, r, start, end, fill):
        self.d.pieslice(_sb((cx - r, cy - r, cx + r, cy + r)), start, end, fill=fill)

    # ---- text ------------------------------------------------------------
    def text(self, x, y, s, size, fill, bold=False, anchor="ls", halo=None):
        """Text at (x, y) with a Pillow anchor; halo = outline colour (map labels)."""
        kw = {"stroke_width": _sc(3), "stroke_fill": halo} if halo else {}
        self.d.text((_sc(x), _sc(y)), s, font=font(size, bold), fill=fill, anchor=anchor, **kw)

    @staticmethod
    def tw(s, size, bold=False):
        return font(size, bold).getlength(s) / S

    def wrap(self, s, size, bold, maxw):
        lines, cur = [], ""
        for word in s.split():
            t = (cur + " " + word).strip()
            if self.tw(t, size, bold) <= maxw or not cur:
                cur = t
            else:
                lines.append(cur)
                cur = word
        if cur:
            lines.append(cur)
        return lines

    def ellipsize(self, s, size, bold, maxw):
        if self.tw(s, size, bold) <= maxw:
            return s
        while s and self.tw(s + "…", size, bold) > maxw:
            s = s[:-1]
        return s.rstrip() + "…"

    def para(self, x, y, s, size, fill, bold=False, maxw=600, lh=None, max_lines=99):
        """Wrapped text, first baseline at y; returns the baseline after the last line."""
        lh = lh or size * 1.35
        lines = self.wrap(s, size, bold, maxw)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = self.ellipsize(lines[-1] + " …", size, bold, maxw - 4)
        for i, ln in enumerate(lines):
            self.text(x, y + i * lh, ln, size, fill, bold)
        return y + len(lines) * lh

    # ---- compositing helpers ---------------------------------------------
    def mask(self, b, r):
        x0, y0, x1, y1 = _sb(b)
        m = Image.new("L", (x1 - x0, y1 - y0), 0)
        ImageDraw.Draw(m).rounded_rectangle((0, 0, x1 - x0 - 1, y1 - y0 - 1), _sc(r), fill=255)
        return m

    def paste(self, im, b, r=0):
        """Paste a 2x image into logical box b, clipped to a rounded rectangle."""
        x0, y0, x1, y1 = _sb(b)
        if im.size != (x1 - x0, y1 - y0):
            im = im.resize((x1 - x0, y1 - y0), Image.LANCZOS)
        self.img.paste(im.convert("RGB"), (x0, y0), self.mask(b, r) if r else None)

    def grad(self, b, c1, c2, r=0, direction="v"):
        x0, y0, x1, y1 = _sb(b)
        self.paste(gradient((x1 - x0, y1 - y0), c1, c2, direction), b, r)

    def shadow(self, b, r=20, blur=14, alpha=40, dy=8, color=BLACK):
        x0, y0, x1, y1 = _sb(b)
        pad = _sc(blur) * 3
        w, h = x1 - x0, y1 - y0
        m = Image.new("L", (w + 2 * pad, h + 2 * pad), 0)
        ImageDraw.Draw(m).rounded_rectangle(
            (pad, pad + _sc(dy), pad + w, pad + h + _sc(dy)), _sc(r), fill=int(alpha))
        m = m.filter(ImageFilter.GaussianBlur(_sc(blur) / 2))
        self.img.paste(Image.new("RGB", m.size, color[:3]), (x0 - pad, y0 - pad), m)

    def glow(self, cx, cy, r, color, alpha=120):
        m = ImageChops.invert(Image.radial_gradient("L")).point(
            lambda v: int(max(0, v - 128) * 2 * alpha / 255))
        size = _sc(2 * r)
        m = m.resize((size, size), Image.LANCZOS)
        self.img.paste(Image.new("RGB", m.size, color[:3]), (_sc(cx - r), _sc(cy - r)), m)

    def fill_under(self, pts, bottom, color, a_top=110, a_bottom=0):
        """Fill the area under a polyline with a vertically fading colour."""
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        b = (min(xs), min(ys), max(xs), bottom)
        x0, y0, x1, y1 = _sb(b)
        m = Image.new("L", (x1 - x0, y1 - y0), 0)
        ImageDraw.Draw(m).polygon([(_sc(x) - x0, _sc(y) - y0) for x, y in pts] +
                                  [(_sc(max(xs)) - x0, y1 - y0), (_sc(min(xs)) - x0, y1 - y0)],
                                  fill=255)
        g = Image.linear_gradient("L").resize(m.size).point(
            lambda v: int(a_top + (a_bottom - a_top) * v / 255))
        m = ImageChops.multiply(m, g)
        self.img.paste(Image.new("RGB", m.size, color[:3]), (x0, y0), m)

    def finish(self):
        return self.img.resize((self.w, self.h), Image.LANCZOS)

    def finish_tall(self, height):
        """The screen at `height` logical pixels: the layout is drawn for 720x1280, and the
        extra height goes into the calmest row between the content and the bottom bars (the
        row with the least variation, stretched), so nothing is squeezed or cut."""
        extra = _sc(height - self.h)
        if extra <= 0:
            return self.finish()
        gray = self.img.convert("L")
        best, best_y = None, _sc(self.h * 0.6)
        for y in range(_sc(self.h * 0.55), _sc(self.h - 150), S):
            row = gray.crop((0, y, gray.width, y + 1)).getextrema()
            spread = row[1] - row[0]
            # Prefer lower rows when equally calm: the gap then sits above the bottom bars.
            if best is None or spread <= best:
                best, best_y = spread, y
        tall = Image.new("RGB", (self.img.width, self.img.height + extra))
        tall.paste(self.img.crop((0, 0, self.img.width, best_y)), (0, 0))
        band = self.img.crop((0, best_y, self.img.width, best_y + 1)).resize((self.img.width, extra))
        tall.paste(band, (0, best_y))
        tall.paste(self.img.crop((0, best_y, self.img.width, self.img.height)), (0, best_y + extra))
        return tall.resize((self.w, height), Image.LANCZOS)


def gradient(size, c1, c2, direction="v"):
    """RGB gradient image (pixel size) from c1 to c2; direction v, h or d (diagonal)."""
    w, h = size
    lg = Image.linear_gradient("L")
    if direction == "v":
        g = lg.resize((w, h))
    elif direction == "h":
        g = lg.transpose(Image.Transpose.ROTATE_90).transpose(
            Image.Transpose.FLIP_LEFT_RIGHT).resize((w, h))
    else:
        gv = lg.resize((w, h))
        gh = lg.transpose(Image.Transpose.ROTATE_90).transpose(
            Image.Transpose.FLIP_LEFT_RIGHT).resize((w, h))
        g = Image.blend(gv, gh, 0.5)
    return Image.composite(Image.new("RGB", (w, h), c2[:3]), Image.new("RGB", (w, h), c1[:3]), g)


# --------------------------------------------------------------------------
# Icons: simple geometric glyphs, centred on (cx, cy), about s wide.
# --------------------------------------------------------------------------

def icon(c, name, cx, cy, s, col, w=None, bg=WHITE):
    w = w or max(2.0, s * 0.09)
    h = s / 2
    if name == "home":
        c.line([(cx - h * .85, cy - h * .05), (cx, cy - h * .85), (cx + h * .85, cy - h * .05)], col, w)
        c.line([(cx - h * .6, cy - h * .25), (cx - h * .6, cy + h * .8), (cx + h * .6, cy + h * .8),
                (cx + h * .6, cy - h * .25)], col, w)
        c.rect((cx - h * .18, cy + h * .3, cx + h * .18, cy + h * .8), col)
    elif name == "search":
        c.circle(cx - h * .15, cy - h * .15, h * .55, outline=col, width=w)
        c.line([(cx + h * .27, cy + h * .27), (cx + h * .8, cy + h * .8)], col, w * 1.1)
    elif name == "heart":
        c.circle(cx - h * .42, cy - h * .22, h * .45, fill=col)
        c.circle(cx + h * .42, cy - h * .22, h * .45, fill=col)
        c.poly([(cx - h * .84, cy - h * .08), (cx + h * .84, cy - h * .08), (cx, cy + h * .85)], col)
        c.rect((cx - h * .45, cy - h * .45, cx + h * .45, cy + h * .05), col)
    elif name == "heart_o":
        c.line([(cx, cy + h * .8), (cx - h * .8, cy - h * .02)], col, w)
        c.line([(cx, cy + h * .8), (cx + h * .8, cy - h * .02)], col, w)
        c.arc(cx - h * .4, cy - h * .3, h * .42, 140, 340, col, w)
        c.arc(cx + h * .4, cy - h * .3, h * .42, 200, 40, col, w)
    elif name == "user":
        c.circle(cx, cy - h * .38, h * .38, fill=col)
        c.d.pieslice(_sb((cx - h * .8, cy + h * .12, cx + h * .8, cy + h * 1.5)), 180, 360, fill=col)
    elif name == "gear":
        for i in range(8):
            a = math.radians(i * 45)
            ca, sa = math.cos(a), math.sin(a)
            c.line([(cx + ca * h * .45, cy + sa * h * .45), (cx + ca * h * .8, cy + sa * h * .8)],
                   col, h * .3, caps=False)
        c.circle(cx, cy, h * .62, fill=col)
        c.circle(cx, cy, h * .25, fill=bg)
    elif name == "bell":
        c.d.pieslice(_sb((cx - h * .6, cy - h * .8, cx + h * .6, cy + h * .4)), 180, 360, fill=col)
        c.rect((cx - h * .6, cy - h * .2, cx + h * .6, cy + h * .45), col)
        c.rect((cx - h * .85, cy + h * .38, cx + h * .85, cy + h * .58), col, r=h * .08)
        c.circle(cx, cy + h * .72, h * .17, fill=col)
        c.circle(cx, cy - h * .85, h * .1, fill=col)
    elif name == "play":
        c.poly([(cx - h * .55, cy - h * .75), (cx + h * .8, cy), (cx - h * .55, cy + h * .75)], col)
    elif name == "pause":
        c.rect((cx - h * .6, cy - h * .7, cx - h * .15, cy + h * .7), col, r=h * .08)
        c.rect((cx + h * .15, cy - h * .7, cx + h * .6, cy + h * .7), col, r=h * .08)
    elif name in ("next", "prev"):
        k = 1 if name == "next" else -1
        for off in (-h * .75, 0):
            x = cx + k * off
            c.poly([(x - k * h * .05, cy - h * .6), (x + k * h * .75, cy), (x - k * h * .05, cy + h * .6)], col)
        c.rect((cx + k * h * .72 - h * .08, cy - h * .6, cx + k * h * .72 + h * .08, cy + h * .6), col)
    elif name == "plus":
        c.line([(cx - h * .7, cy), (cx + h * .7, cy)], col, w)
        c.line([(cx, cy - h * .7), (cx, cy + h * .7)], col, w)
    elif name == "chev_r":
        c.line([(cx - h * .25, cy - h * .55), (cx + h * .3, cy), (cx - h * .25, cy + h * .55)], col, w)
    elif name == "chev_l":
        c.line([(cx + h * .25, cy - h * .55), (cx - h * .3, cy), (cx + h * .25, cy + h * .55)], col, w)
    elif name == "chev_d":
        c.line([(cx - h * .55, cy - h * .25), (cx, cy + h * .3), (cx + h * .55, cy - h * .25)], col, w)
    elif name == "grid":
        for dx in (-1, 1):
            for dy in (-1, 1):
                c.rect((cx + dx * h * .1 - (h * .7 if dx < 0 else 0), cy + dy * h * .1 - (h * .7 if dy < 0 else 0),
                        cx + dx * h * .1 + (h * .7 if dx > 0 else 0), cy + dy * h * .1 + (h * .7 if dy > 0 else 0)),
                       col, r=h * .15)
    elif name == "list":
        for dy in (-h * .6, 0, h * .6):
            c.circle(cx - h * .7, cy + dy, w * .75, fill=col)
            c.line([(cx - h * .35, cy + dy), (cx + h * .8, cy + dy)], col, w)
    elif name == "mic":
        c.rect((cx - h * .3, cy - h * .85, cx + h * .3, cy + h * .25), col, r=h * .3)
        c.arc(cx, cy - h * .1, h * .55, 0, 180, col, w)
        c.line([(cx, cy + h * .45), (cx, cy + h * .85)], col, w)
    elif name == "send":
        c.poly([(cx - h * .8, cy - h * .75), (cx + h * .85, cy), (cx - h * .8, cy + h * .75),
                (cx - h * .5, cy)], col)
    elif name == "arrow_up":
        c.line([(cx, cy + h * .6), (cx, cy - h * .6)], col, w)
        c.line([(cx - h * .5, cy - h * .1), (cx, cy - h * .62), (cx + h * .5, cy - h * .1)], col, w)
    elif name == "pin":
        c.circle(cx, cy - h * .3, h * .62, fill=col)
        c.poly([(cx - h * .55, cy - h * .05), (cx + h * .55, cy - h * .05), (cx, cy + h * .95)], col)
        c.circle(cx, cy - h * .3, h * .25, fill=bg)
    elif name == "bolt":
        c.poly([(cx + h * .15, cy - h * .95), (cx - h * .6, cy + h * .12), (cx - h * .02, cy + h * .12),
                (cx - h * .15, cy + h * .95), (cx + h * .6, cy - h * .12), (cx + h * .02, cy - h * .12)], col)
    elif name == "moon":
        c.circle(cx, cy, h * .75, fill=col)
        c.circle(cx + h * .38, cy - h * .3, h * .6, fill=bg)
    elif name == "plane":
        c.poly([(cx - h * .12, cy - h * .9), (cx + h * .12, cy - h * .9), (cx + h * .14, cy - h * .2),
                (cx + h * .9, cy + h * .2), (cx + h * .9, cy + h * .4), (cx + h * .14, cy + h * .2),
                (cx + h * .1, cy + h * .62), (cx + h * .4, cy + h * .82), (cx + h * .4, cy + h * .95),
                (cx, cy + h * .85), (cx - h * .4, cy + h * .95), (cx - h * .4, cy + h * .82),
                (cx - h * .1, cy + h * .62), (cx - h * .14, cy + h * .2), (cx - h * .9, cy + h * .4),
                (cx - h * .9, cy + h * .2), (cx - h * .14, cy - h * .2)], col)
    elif name == "wifi":
        c.pie(cx, cy + h * .65, h * .35, 225, 315, col)
        c.arc(cx, cy + h * .65, h * .8, 225, 315, col, w * 1.1, caps=False)
        c.arc(cx, cy + h * .65, h * 1.25, 225, 315, col, w * 1.1, caps=False)
    elif name == "clock":
        c.circle(cx, cy, h * .85, outline=col, width=w)
        c.line([(cx, cy - h * .5), (cx, cy), (cx + h * .38, cy + h * .22)], col, w)
    elif name == "calendar":
        c.rect((cx - h * .85, cy - h * .65, cx + h * .85, cy + h * .85), outline=col, width=w, r=h * .2)
        c.rect((cx - h * .85, cy - h * .65, cx + h * .85, cy - h * .25), col, r=h * .15)
        for i in range(3):
            for j in range(2):
                c.circle(cx - h * .45 + i * h * .45, cy + h * .12 + j * h * .38, w * .7, fill=col)
        c.line([(cx - h * .45, cy - h * .95), (cx - h * .45, cy - h * .55)], col, w)
        c.line([(cx + h * .45, cy - h * .95), (cx + h * .45, cy - h * .55)], col, w)
    elif name == "star":
        pts = []
        for i in range(10):
            a = math.radians(-90 + i * 36)
            r = h * (0.95 if i % 2 == 0 else 0.42)
            pts.append((cx + r * math.cos(a), cy + h * .08 + r * math.sin(a)))
        c.poly(pts, col)
    elif name == "compose":
        c.line([(cx + h * .05, cy - h * .75), (cx - h * .75, cy - h * .75), (cx - h * .75, cy + h * .75),
                (cx + h * .75, cy + h * .75), (cx + h * .75, cy - h * .05)], col, w)
        c.line([(cx - h * .15, cy + h * .15), (cx + h * .8, cy - h * .8)], col, w * 1.1)
    elif name == "video":
        c.rect((cx - h * .9, cy - h * .5, cx + h * .35, cy + h * .5), col, r=h * .15)
        c.poly([(cx + h * .25, cy), (cx + h * .9, cy - h * .45), (cx + h * .9, cy + h * .45)], col)
    elif name == "phone":
        c.arc(cx + h * .2, cy - h * .2, h * .75, 90, 180, col, w * 1.6)
        c.line([(cx - h * .75, cy - h * .55), (cx - h * .45, cy - h * .85)], col, w * 2)
        c.line([(cx + h * .55, cy + h * .75), (cx + h * .85, cy + h * .45)], col, w * 2)
    elif name == "info":
        c.circle(cx, cy, h * .85, outline=col, width=w)
        c.circle(cx, cy - h * .38, w * .7, fill=col)
        c.line([(cx, cy - h * .1), (cx, cy + h * .45)], col, w)
    elif name == "dots":
        for dx in (-h * .65, 0, h * .65):
            c.circle(cx + dx, cy, h * .15, fill=col)
    elif name == "speaker":
        c.poly([(cx - h * .85, cy - h * .25), (cx - h * .45, cy - h * .25), (cx, cy - h * .7),
                (cx, cy + h * .7), (cx - h * .45, cy + h * .25), (cx - h * .85, cy + h * .25)], col)
        c.arc(cx, cy, h * .45, -45, 45, col, w, caps=True)
        c.arc(cx, cy, h * .8, -45, 45, col, w, caps=True)
    elif name == "hourglass":
        c.poly([(cx - h * .6, cy - h * .85), (cx + h * .6, cy - h * .85), (cx, cy)], col)
        c.poly([(cx - h * .6, cy + h * .85), (cx + h * .6, cy + h * .85), (cx, cy)], col)
    elif name == "sun":
        c.circle(cx, cy, h * .42, fill=col)
        for i in range(8):
            a = math.radians(i * 45)
            c.line([(cx + math.cos(a) * h * .65, cy + math.sin(a) * h * .65),
                    (cx + math.cos(a) * h * .9, cy + math.sin(a) * h * .9)], col, w)
    elif name == "globe":
        c.circle(cx, cy, h * .85, outline=col, width=w)
        c.d.ellipse(_sb((cx - h * .38, cy - h * .85, cx + h * .38, cy + h * .85)), outline=col, width=_sc(w))
        c.line([(cx - h * .85, cy), (cx + h * .85, cy)], col, w, caps=False)
    elif name == "alarm":
        c.circle(cx, cy + h * .1, h * .72, outline=col, width=w)
        c.line([(cx, cy - h * .3), (cx, cy + h * .1), (cx + h * .3, cy + h * .3)], col, w)
        c.arc(cx - h * .62, cy - h * .6, h * .3, 180, 290, col, w)
        c.arc(cx + h * .62, cy - h * .6, h * .3, 250, 360, col, w)
    elif name == "stopwatch":
        c.circle(cx, cy + h * .12, h * .75, outline=col, width=w)
        c.line([(cx, cy + h * .12), (cx, cy - h * .3)], col, w)
        c.rect((cx - h * .22, cy - h * .95, cx + h * .22, cy - h * .78), col, r=h * .06)
    elif name == "bookmark":
        c.poly([(cx - h * .6, cy - h * .85), (cx + h * .6, cy - h * .85), (cx + h * .6, cy + h * .9),
                (cx, cy + h * .45), (cx - h * .6, cy + h * .9)], col)
    elif name == "photo":
        c.rect((cx - h * .9, cy - h * .7, cx + h * .9, cy + h * .7), outline=col, width=w, r=h * .2)
        c.poly([(cx - h * .7, cy + h * .5), (cx - h * .2, cy - h * .1), (cx + h * .15, cy + h * .25),
                (cx + h * .35, cy + h * .05), (cx + h * .7, cy + h * .5)], col)
        c.circle(cx + h * .4, cy - h * .3, h * .14, fill=col)
    elif name == "album":
        c.rect((cx - h * .9, cy - h * .55, cx + h * .55, cy + h * .9), col, r=h * .18)
        c.line([(cx - h * .55, cy - h * .85), (cx + h * .85, cy - h * .85), (cx + h * .85, cy + h * .55)], col, w)
    elif name == "chart":
        c.line([(cx - h * .85, cy + h * .5), (cx - h * .3, cy - h * .1), (cx + h * .1, cy + h * .25),
                (cx + h * .85, cy - h * .6)], col, w)
    elif name == "share":
        c.line([(cx - h * .35, cy - h * .3), (cx - h * .7, cy - h * .3), (cx - h * .7, cy + h * .9),
                (cx + h * .7, cy + h * .9), (cx + h * .7, cy - h * .3), (cx + h * .35, cy - h * .3)], col, w)
        c.line([(cx, cy + h * .3), (cx, cy - h * .9)], col, w)
        c.line([(cx - h * .35, cy - h * .55), (cx, cy - h * .9), (cx + h * .35, cy - h * .55)], col, w)
    elif name == "trash":
        c.line([(cx - h * .8, cy - h * .6), (cx + h * .8, cy - h * .6)], col, w)
        c.line([(cx - h * .25, cy - h * .6), (cx - h * .25, cy - h * .85), (cx + h * .25, cy - h * .85),
                (cx + h * .25, cy - h * .6)], col, w)
        c.line([(cx - h * .6, cy - h * .5), (cx - h * .5, cy + h * .85), (cx + h * .5, cy + h * .85),
                (cx + h * .6, cy - h * .5)], col, w)
    elif name == "flame":
        c.circle(cx, cy + h * .3, h * .58, fill=col)
        c.poly([(cx - h * .57, cy + h * .25), (cx - h * .1, cy - h * .95), (cx + h * .2, cy - h * .35),
                (cx + h * .35, cy - h * .6), (cx + h * .57, cy + h * .25)], col)
    elif name == "shoe":
        c.poly([(cx - h * .85, cy - h * .4), (cx - h * .35, cy - h * .4), (cx - h * .1, cy),
                (cx + h * .6, cy + h * .15), (cx + h * .9, cy + h * .45), (cx + h * .9, cy + h * .65),
                (cx - h * .85, cy + h * .65)], col)
    elif name == "drop":
        c.circle(cx, cy + h * .3, h * .55, fill=col)
        c.poly([(cx - h * .52, cy + h * .15), (cx, cy - h * .9), (cx + h * .52, cy + h * .15)], col)
    elif name == "lock":
        c.rect((cx - h * .7, cy - h * .15, cx + h * .7, cy + h * .85), col, r=h * .15)
        c.arc(cx, cy - h * .3, h * .42, 180, 360, col, w * 1.2, caps=False)
        c.line([(cx - h * .42, cy - h * .3), (cx - h * .42, cy - h * .1)], col, w * 1.2, caps=False)
        c.line([(cx + h * .42, cy - h * .3), (cx + h * .42, cy - h * .1)], col, w * 1.2, caps=False)
    elif name == "eye":
        c.d.chord(_sb((cx - h * .95, cy - h * .2, cx + h * .95, cy + h * 1.6)), 200, 340, fill=col)
        c.d.chord(_sb((cx - h * .95, cy - h * 1.6, cx + h * .95, cy + h * .2)), 20, 160, fill=col)
        c.circle(cx, cy, h * .32, fill=bg)
        c.circle(cx, cy, h * .16, fill=col)
    elif name == "battery":
        c.rect((cx - h * .9, cy - h * .45, cx + h * .7, cy + h * .45), outline=col, width=w, r=h * .15)
        c.rect((cx - h * .65, cy - h * .22, cx + h * .3, cy + h * .22), col, r=h * .05)
        c.rect((cx + h * .75, cy - h * .18, cx + h * .92, cy + h * .18), col, r=h * .05)
    elif name == "brightness":
        c.circle(cx, cy, h * .35, fill=col)
        for i in range(8):
            a = math.radians(i * 45)
            c.circle(cx + math.cos(a) * h * .72, cy + math.sin(a) * h * .72, h * .1, fill=col)
    elif name == "toggles":
        c.rect((cx - h * .85, cy - h * .75, cx + h * .85, cy - h * .15), col, r=h * .3)
        c.circle(cx + h * .55, cy - h * .45, h * .2, fill=bg)
        c.rect((cx - h * .85, cy + h * .15, cx + h * .85, cy + h * .75), outline=col, width=w, r=h * .3)
        c.circle(cx - h * .55, cy + h * .45, h * .2, fill=col)
    elif name == "filter":
        c.poly([(cx - h * .9, cy - h * .7), (cx + h * .9, cy - h * .7), (cx + h * .15, cy + h * .1),
                (cx + h * .15, cy + h * .8), (cx - h * .15, cy + h * .6), (cx - h * .15, cy + h * .1)], col)
    else:
        raise ValueError(name)


# --------------------------------------------------------------------------
# Shared chrome: status bar, home indicator, tab bar, avatars.
# --------------------------------------------------------------------------

def status_bar(c, fg, time="9:41"):
    c.text(66, 46, time, 26, fg, bold=True, anchor="ms")
    for i in range(4):
        x = 554 + i * 10
        c.rect((x, 44 - 7 - i * 4, x + 7, 44), fg, r=1.5)
    # wifi
    cx, cy = 615, 45
    c.pie(cx, cy, 6, 225, 315, fg)
    c.arc(cx, cy, 11.5, 227, 313, fg, 3.4, caps=False)
    c.arc(cx, cy, 18, 229, 311, fg, 3.4, caps=False)
    # battery
    c.rect((642, 26, 688, 45), outline=rgba(fg, 110), width=2, r=6)
    c.rect((645.5, 29.5, 676, 41.5), fg, r=3.5)
    c.rect((690, 32, 693, 39), rgba(fg, 110), r=1.5)


def home_indicator(c, col):
    c.rect((W / 2 - 112, 1256, W / 2 + 112, 1264), col, r=4)


def tab_bar(c, items, active, bg, fg, accent, top=1130, divider=None):
    c.rect((0, top, W, H), bg)
    if divider:
        c.rect((0, top, W, top + 1), divider)
    n = len(items)
    for i, (ic, label) in enumerate(items):
        cx = W * (i + 0.5) / n
        col = accent if i == active else fg
        icon(c, ic, cx, top + 42, 38, col, bg=bg if len(bg) == 3 else WHITE)
        c.text(cx, top + 92, label, 17, col, bold=(i == active), anchor="ms")


def avatar(c, cx, cy, r, initials, c1, c2, size=None):
    x0, y0 = cx - r, cy - r
    g = gradient((_sc(2 * r), _sc(2 * r)), c1, c2, "d")
    m = Image.new("L", g.size, 0)
    ImageDraw.Draw(m).ellipse((0, 0, g.size[0] - 1, g.size[1] - 1), fill=255)
    c.img.paste(g, (_sc(x0), _sc(y0)), m)
    if initials:
        c.text(cx, cy, initials, size or r * 0.78, WHITE, bold=True, anchor="mm")


def large_title(c, x, y, s, col, size=54):
    c.text(x, y, s, size, col, bold=True)


def search_field(c, b, bg, fg, placeholder="Search"):
    c.rect(b, bg, r=(b[3] - b[1]) / 2 if b[3] - b[1] < 60 else 18)
    cy = (b[1] + b[3]) / 2
    icon(c, "search", b[0] + 34, cy, 26, fg, bg=bg)
    c.text(b[0] + 62, cy, placeholder, 24, fg, anchor="lm")


def toggle(c, x, y, on, accent=(52, 199, 89)):
    """Toggle switch with its left edge at x, vertically centred at y."""
    w, h = 76, 44
    c.rect((x, y - h / 2, x + w, y + h / 2), accent if on else (225, 225, 230), r=h / 2)
    kx = x + w - h / 2 if on else x + h / 2
    c.circle(kx, y + 1.5, h / 2 - 3, fill=(0, 0, 0, 30))
    c.circle(kx, y, h / 2 - 3.5, fill=WHITE)


# --------------------------------------------------------------------------
# Procedural "photos": small landscape / still life pictures for thumbnails.
# --------------------------------------------------------------------------

SKIES = [
    ((255, 183, 94), (237, 111, 122)),
    ((104, 170, 255), (208, 232, 255)),
    ((44, 62, 140), (244, 134, 120)),
    ((14, 22, 56), (74, 54, 130)),
    ((255, 220, 170), (255, 154, 139)),
    ((120, 200, 220), (235, 245, 230)),
]


def scene(kind, seed, size):
    """A picture of the given kind, pixel size (w, h)."""
    rng = random.Random(seed)
    w, h = size
    sky = SKIES[rng.randrange(len(SKIES))]
    im = gradient(size, sky[0], sky[1], "v")
    d = ImageDraw.Draw(im, "RGBA")

    def ridge(base, amp, col, step):
        pts = [(0, h)]
        x, y = 0, base
        while x <= w + step:
            pts.append((x, y))
            x += step * rng.uniform(0.6, 1.4)
            y = min(h, max(h * 0.15, y + rng.uniform(-amp, amp)))
        pts.append((w, h))
        d.polygon(pts, fill=col)

    if kind == "mountains":
        sun = (rng.uniform(0.2, 0.8) * w, h * rng.uniform(0.2, 0.35))
        r = w * 0.09
        d.ellipse((sun[0] - r, sun[1] - r, sun[0] + r, sun[1] + r), fill=(255, 245, 220, 230))
        base = mix(sky[1], (30, 40, 80), 0.35)
        for i, t in enumerate((0.45, 0.58, 0.72)):
            ridge(h * t, h * 0.09, mix(base, (20, 26, 50), i * 0.3), w / 7)
    elif kind == "sea":
        hz = h * rng.uniform(0.52, 0.6)
        r = w * 0.14
        sx = w * rng.uniform(0.35, 0.65)
        d.ellipse((sx - r, hz - r, sx + r, hz + r), fill=(255, 236, 190))
        sea = gradient((w, int(h - hz)), mix(sky[1], (20, 60, 120), 0.5), (10, 40, 80), "v")
        im.paste(sea, (0, int(hz)))
        for i in range(9):
            y = hz + 6 + i * (h - hz) / 10
            ww = r * (1.2 - i * 0.08) * rng.uniform(0.6, 1.0)
            d.rounded_rectangle((sx - ww, y, sx + ww, y + max(2, h * 0.008)), 3, fill=(255, 226, 170, 150))
    elif kind == "dunes":
        d.ellipse((w * .62, h * .12, w * .82, h * .32), fill=(255, 250, 230, 220))
        cols = [(236, 170, 110), (214, 140, 86), (186, 110, 66)]
        for i, col in enumerate(cols):
            y0 = h * (0.5 + i * 0.15)
            ph = rng.uniform(0, 6.28)
            pts = [(0, h)] + [(x, y0 + math.sin(x / w * 4 + ph) * h * 0.05) for x in range(0, w + 8, 8)] + [(w, h)]
            d.polygon(pts, fill=col)
    elif kind == "forest":
        ridge(h * 0.5, h * 0.04, mix(sky[1], (60, 110, 90), 0.6), w / 5)
        for layer in range(3):
            col = mix((70, 130, 90), (16, 50, 40), layer / 2)
            for _ in range(7 + layer * 2):
                x = rng.uniform(-0.05, 1.05) * w
                base = h * (0.68 + layer * 0.12) + rng.uniform(-8, 8)
                th = h * (0.25 + layer * 0.05) * rng.uniform(0.7, 1.1)
                tw_ = th * 0.38
                d.polygon([(x, base - th), (x - tw_, base), (x + tw_, base)], fill=col)
            d.rectangle((0, h * (0.68 + layer * 0.12), w, h), fill=col)
    elif kind == "city":
        im.paste(gradient(size, (12, 18, 48), (70, 48, 120), "v"))
        d.ellipse((w * .7, h * .1, w * .82, h * .22), fill=(250, 240, 210))
        x = 0
        while x < w:
            bw = w * rng.uniform(0.09, 0.17)
            bh = h * rng.uniform(0.3, 0.72)
            col = mix((30, 30, 60), (60, 50, 100), rng.random())
            d.rectangle((x, h - bh, x + bw, h), fill=col)
            for wy in range(int(h - bh + 10), int(h - 6), max(6, int(h * 0.045))):
                for wx in range(int(x + 6), int(x + bw - 8), max(6, int(w * 0.035))):
                    if rng.random() < 0.45:
                        d.rectangle((wx, wy, wx + w * 0.015, wy + h * 0.02), fill=(255, 214, 120, 220))
            x += bw + 2
    elif kind == "bokeh":
        im.paste(gradient(size, (30, 20, 50), (80, 30, 70), "d"))
        lay = Image.new("RGBA", size, (0, 0, 0, 0))
        ld = ImageDraw.Draw(lay)
        for _ in range(16):
            r = w * rng.uniform(0.05, 0.16)
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            col = rng.choice([(255, 190, 90), (255, 120, 150), (140, 200, 255), (255, 240, 200)])
            ld.ellipse((x - r, y - r, x + r, y + r), fill=col + (rng.randint(70, 170),))
        lay = lay.filter(ImageFilter.GaussianBlur(w * 0.012))
        im.paste(lay, (0, 0), lay)
    elif kind == "food":
        table = rng.choice([(222, 196, 160), (60, 70, 80), (200, 220, 215)])
        im.paste(table, (0, 0, w, h))
        cx, cy, r = w * 0.5, h * 0.52, min(w, h) * 0.38
        d.ellipse((cx - r + 6, cy - r + 10, cx + r + 6, cy + r + 10), fill=(0, 0, 0, 40))
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(250, 250, 248))
        d.ellipse((cx - r * .78, cy - r * .78, cx + r * .78, cy + r * .78), fill=(238, 238, 232))
        for _ in range(9):
            a, rr = rng.uniform(0, 6.28), rng.uniform(0, r * 0.5)
            x, y = cx + math.cos(a) * rr, cy + math.sin(a) * rr
            s = r * rng.uniform(0.12, 0.25)
            col = rng.choice([(230, 80, 60), (120, 180, 70), (250, 200, 80), (90, 140, 60), (240, 150, 70)])
            d.ellipse((x - s, y - s, x + s, y + s), fill=col)
        d.rounded_rectangle((w * 0.06, h * 0.2, w * 0.1, h * 0.85), 4, fill=(200, 200, 205))
    elif kind == "portrait":
        bgc = rng.choice([((250, 210, 200), (240, 160, 150)), ((200, 225, 250), (140, 180, 230)),
                          ((220, 240, 210), (150, 200, 160))])
        im.paste(gradient(size, bgc[0], bgc[1], "d"))
        skin = rng.choice([(241, 194, 160), (198, 134, 96), (141, 85, 58), (255, 220, 190)])
        hair = rng.choice([(50, 35, 30), (120, 70, 40), (230, 190, 120), (30, 30, 30)])
        shirt = rng.choice([(60, 90, 160), (220, 90, 80), (250, 250, 250), (50, 120, 100)])
        cx = w * rng.uniform(0.42, 0.58)
        d.ellipse((cx - w * .42, h * .7, cx + w * .42, h * 1.35), fill=shirt)
        d.rectangle((cx - w * .07, h * .52, cx + w * .07, h * .75), fill=mix(skin, BLACK, 0.1))
        if rng.random() < 0.5:   # long hair
            d.rounded_rectangle((cx - w * .21, h * .2, cx + w * .21, h * .7), w * .08, fill=hair)
        d.ellipse((cx - w * .2, h * .13, cx + w * .2, h * .5), fill=hair)
        d.ellipse((cx - w * .16, h * .2, cx + w * .16, h * .6), fill=skin)
        d.chord((cx - w * .185, h * .14, cx + w * .185, h * .44), 180, 360, fill=hair)
        d.ellipse((cx - w * .2, h * .36, cx - w * .14, h * .46), fill=skin)
        d.ellipse((cx + w * .14, h * .36, cx + w * .2, h * .46), fill=skin)
    else:  # abstract
        im.paste(gradient(size, rng.choice(SKIES)[0], rng.choice(SKIES)[1], "d"))
        for _ in range(5):
            r = w * rng.uniform(0.15, 0.4)
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            d.ellipse((x - r, y - r, x + r, y + r), fill=rng.choice(
                [(255, 255, 255, 70), (255, 120, 90, 120), (40, 60, 160, 110), (255, 210, 80, 130)]))
    return im


def put_scene(c, kind, seed, b, r=0):
    x0, y0, x1, y1 = _sb(b)
    c.paste(scene(kind, seed, (x1 - x0, y1 - y0)), b, r)


# --------------------------------------------------------------------------
# The screens.
# --------------------------------------------------------------------------

def weather_icon(c, kind, cx, cy, s):
    h = s / 2
    sun_col, cloud_col = (255, 204, 77), WHITE
    if kind in ("sun", "partly"):
        ox, oy = (-h * .25, -h * .25) if kind == "partly" else (0, 0)
        icon(c, "sun", cx + ox, cy + oy, s * (0.85 if kind == "partly" else 1), sun_col, w=s * 0.08)
    if kind in ("cloud", "partly", "rain", "storm"):
        k = 0.8 if kind == "partly" else 1
        ox, oy = (h * .15, h * .2) if kind == "partly" else (0, -h * .1)
        x, y = cx + ox, cy + oy
        col = cloud_col if kind != "storm" else (215, 225, 240)
        c.circle(x - h * .35 * k, y + h * .05 * k, h * .33 * k, fill=col)
        c.circle(x + h * .1 * k, y - h * .15 * k, h * .45 * k, fill=col)
        c.circle(x + h * .5 * k, y + h * .1 * k, h * .3 * k, fill=col)
        c.rect((x - h * .35 * k, y + h * .05 * k, x + h * .5 * k, y + h * .4 * k), col, r=h * .02)
        c.circle(x - h * .35 * k, y + h * .1 * k, h * .3 * k, fill=col)
        c.circle(x + h * .5 * k, y + h * .13 * k, h * .27 * k, fill=col)
    if kind == "rain":
        for dx in (-h * .35, 0, h * .35):
            c.line([(cx + dx + h * .08, cy + h * .45), (cx + dx - h * .05, cy + h * .8)], (120, 200, 255), s * .07)
    if kind == "storm":
        icon(c, "bolt", cx + h * .05, cy + h * .62, s * .4, sun_col)


def screen_weather():
    c = Canvas()
    c.grad((0, 0, W, H), (38, 98, 214), (118, 182, 246))
    c.glow(520, 300, 330, (255, 226, 150), 80)
    status_bar(c, WHITE)
    c.text(W / 2, 146, "Lisbon", 40, WHITE, bold=True, anchor="ms")
    c.text(W / 2, 188, "Thursday · Mostly Sunny", 23, rgba(WHITE, 215), anchor="ms")
    # hero illustration
    c.glow(412, 276, 140, (255, 220, 120), 150)
    c.circle(412, 276, 66, fill=(255, 207, 72))
    c.circle(412, 276, 54, fill=(255, 219, 102))
    x, y = 330, 322
    for (dx, dy, r) in ((-58, 8, 44), (0, -24, 64), (66, 0, 48)):
        c.circle(x + dx, y + dy, r, fill=(255, 255, 255, 250))
    c.rect((x - 102, y + 6, x + 114, y + 62), (255, 255, 255, 250), r=28)
    c.text(W / 2 + 14, 570, "23°", 150, WHITE, anchor="ms")
    c.text(W / 2, 610, "H:26°   L:17°", 26, rgba(WHITE, 225), anchor="ms")
    # hourly card
    card = (32, 650, 688, 868)
    c.rect(card, (255, 255, 255, 46), r=30)
    c.text(62, 694, "HOURLY FORECAST", 18, rgba(WHITE, 190), bold=True)
    c.rect((62, 712, 658, 714), (255, 255, 255, 60))
    hours = [("Now", "sun", "23°"), ("10", "sun", "24°"), ("11", "partly", "25°"),
             ("12", "partly", "26°"), ("13", "cloud", "25°"), ("14", "rain", "21°")]
    for i, (t, k, temp) in enumerate(hours):
        cx = 62 + 596 * (i + 0.5) / len(hours)
        c.text(cx, 752, t, 22, WHITE, bold=(i == 0), anchor="ms")
        weather_icon(c, k, cx, 790, 42)
        c.text(cx, 848, temp, 24, WHITE, bold=True, anchor="ms")
    # daily card
    card = (32, 888, 688, 1228)
    c.rect(card, (255, 255, 255, 46), r=30)
    icon(c, "calendar", 72, 924, 20, rgba(WHITE, 190), w=2)
    c.text(92, 932, "7-DAY FORECAST", 18, rgba(WHITE, 190), bold=True)
    days = [("Today", "sun", 17, 26), ("Fri", "partly", 16, 24), ("Sat", "rain", 14, 19),
            ("Sun", "storm", 13, 18), ("Mon", "cloud", 15, 22)]
    lo_all, hi_all = 12, 28
    for i, (dname, k, lo, hi) in enumerate(days):
        y = 986 + i * 54
        c.rect((62, y - 40, 658, y - 38), (255, 255, 255, 50))
        c.text(62, y, dname, 26, WHITE, bold=(i == 0), anchor="ls")
        weather_icon(c, k, 222, y - 10, 38)
        c.text(322, y, f"{lo}°", 26, rgba(WHITE, 170), anchor="rs")
        c.text(658, y, f"{hi}°", 26, WHITE, anchor="rs")
        bx0, bx1 = 350, 598
        c.rect((bx0, y - 15, bx1, y - 7), (20, 50, 120, 70), r=4)
        a = bx0 + (bx1 - bx0) * (lo - lo_all) / (hi_all - lo_all)
        b = bx0 + (bx1 - bx0) * (hi - lo_all) / (hi_all - lo_all)
        c.grad((a, y - 15, b, y - 7), (120, 220, 200), (255, 190, 70), r=4, direction="h")
        if i == 0:
            c.circle(a + (b - a) * 0.68, y - 11, 6.5, fill=WHITE)
    home_indicator(c, WHITE)
    return c


def album_art(seed, size):
    """Synthwave-style cover: gradient sky, striped sun, mountains, perspective grid."""
    w, h = size
    rng = random.Random(seed)
    im = gradient(size, (38, 14, 82), (232, 72, 130), "v")
    d = ImageDraw.Draw(im, "RGBA")
    hz = h * 0.64
    cx, r = w / 2, w * 0.26
    sun = gradient((int(2 * r), int(2 * r)), (255, 226, 110), (255, 84, 140), "v")
    m = Image.new("L", sun.size, 0)
    md = ImageDraw.Draw(m)
    md.ellipse((0, 0, sun.size[0] - 1, sun.size[1] - 1), fill=255)
    for i in range(6):
        y = r * (1.0 + i * 0.16)
        md.rectangle((0, y, 2 * r, y + r * 0.03 * (i + 1)), fill=0)
    im.paste(sun, (int(cx - r), int(hz - r * 1.55)), m)
    for k, col in ((0.1, (70, 20, 110)), (0.05, (44, 12, 80))):
        pts, x = [(0, hz)], 0
        while x < w:
            x += w * rng.uniform(0.05, 0.12)
            pts.append((x, hz - h * rng.uniform(0.02, k + 0.06)))
        pts.append((w, hz))
        d.polygon(pts, fill=col)
    d.rectangle((0, hz, w, h), fill=(28, 8, 54))
    grid = (255, 80, 200, 200)
    lw = max(2, int(w * 0.006))
    for i in range(1, 9):
        y = hz + (h - hz) * (i / 8) ** 1.8
        d.line((0, y, w, y), fill=grid, width=lw)
    for i in range(-8, 9):
        d.line((cx + i * w * 0.03, hz, cx + i * w * 0.22, h), fill=grid, width=lw)
    return im


def screen_music():
    c = Canvas(bg=(20, 14, 38))
    c.grad((0, 0, W, H), (92, 36, 140), (18, 12, 34))
    status_bar(c, WHITE)
    icon(c, "chev_d", 58, 106, 30, WHITE, w=3.2)
    c.text(W / 2, 98, "PLAYING FROM PLAYLIST", 16, rgba(WHITE, 160), bold=True, anchor="ms")
    c.text(W / 2, 124, "Night Drive Mix", 22, WHITE, bold=True, anchor="ms")
    icon(c, "dots", 664, 106, 30, WHITE)
    art = (70, 170, 650, 750)
    c.shadow(art, r=24, blur=30, alpha=140, dy=20)
    c.paste(album_art(2, (_sc(580), _sc(580))), art, r=24)
    c.text(70, 818, "Midnight Drive", 38, WHITE, bold=True)
    c.text(70, 860, "The Neon Coast", 26, rgba(WHITE, 170))
    icon(c, "heart", 636, 830, 40, (255, 92, 140))
    # progress
    y, x0, x1 = 918, 70, 650
    c.rect((x0, y - 3, x1, y + 3), (255, 255, 255, 60), r=3)
    p = x0 + (x1 - x0) * 0.38
    c.rect((x0, y - 3, p, y + 3), WHITE, r=3)
    c.circle(p, y, 10, fill=WHITE)
    c.text(x0, y + 40, "1:24", 19, rgba(WHITE, 160))
    c.text(x1, y + 40, "-2:21", 19, rgba(WHITE, 160), anchor="rs")
    # controls
    cy = 1052
    icon(c, "prev", 200, cy, 52, WHITE)
    c.circle(W / 2, cy, 58, fill=WHITE)
    icon(c, "pause", W / 2, cy, 46, (60, 24, 100))
    icon(c, "next", 520, cy, 52, WHITE)
    # shuffle / repeat markers
    c.line([(70, cy - 8), (84, cy - 8), (104, cy + 10), (116, cy + 10)], rgba(WHITE, 150), 3)
    c.line([(70, cy + 10), (84, cy + 10), (104, cy - 8), (116, cy - 8)], rgba(WHITE, 150), 3)
    c.rect((604, cy - 12, 650, cy + 12), outline=(255, 92, 140), width=3, r=10)
    c.circle(634, cy - 12, 4, fill=(255, 92, 140))
    # volume
    vy = 1160
    icon(c, "speaker", 78, vy, 26, rgba(WHITE, 160))
    c.rect((112, vy - 3, 608, vy + 3), (255, 255, 255, 60), r=3)
    c.rect((112, vy - 3, 112 + 496 * 0.7, vy + 3), rgba(WHITE, 220), r=3)
    c.circle(112 + 496 * 0.7, vy, 9, fill=WHITE)
    icon(c, "speaker", 640, vy, 30, rgba(WHITE, 160))
    icon(c, "list", 640, 1218, 26, rgba(WHITE, 170))
    icon(c, "mic", 80, 1218, 26, rgba(WHITE, 170))
    home_indicator(c, WHITE)
    return c


def bubble(c, x, y, text, mine, maxw=440, color=(0, 122, 255), other=(236, 236, 240)):
    """A chat bubble whose top is at y; x is the left edge (theirs) or right edge (mine)."""
    size, lh = 25, 34
    lines = c.wrap(text, size, False, maxw - 48)
    tw = max(c.tw(l, size) for l in lines)
    bw, bh = tw + 48, len(lines) * lh + 28
    b = (x - bw, y, x, y + bh) if mine else (x, y, x + bw, y + bh)
    fill = color if mine else other
    c.rect(b, fill, r=min(28, bh / 2))
    tx = b[0] + 24
    for i, ln in enumerate(lines):
        c.text(tx, y + 14 + (i + 0.5) * lh, ln, size, WHITE if mine else (20, 20, 24), anchor="lm")
    return y + bh


def screen_chat():
    c = Canvas(bg=WHITE)
    status_bar(c, BLACK)
    blue = (0, 122, 255)
    icon(c, "chev_l", 36, 112, 34, blue, w=3.4)
    avatar(c, 100, 112, 30, "MA", (255, 154, 120), (232, 74, 120), 22)
    c.circle(124, 134, 8, fill=WHITE)
    c.circle(124, 134, 5.5, fill=(52, 199, 89))
    c.text(146, 106, "Maya Alvarez", 27, BLACK, bold=True)
    c.text(146, 136, "online", 20, (52, 170, 80))
    icon(c, "video", 580, 112, 38, blue)
    icon(c, "info", 654, 112, 34, blue, w=2.6)
    c.rect((0, 166, W, 167), (225, 225, 230))
    # date chip
    c.text(W / 2, 214, "Today 9:12", 18, (140, 140, 148), bold=True, anchor="ms")
    y = 236
    y = bubble(c, 24, y, "Morning! Did you get a chance to try the new card prototype?", False) + 10
    y = bubble(c, 696, y, "Yes! The flick to dismiss feels so good", True) + 8
    y = bubble(c, 696, y, "Momentum is spot on now", True) + 16
    # photo message
    pb = (24, y, 384, y + 230)
    put_scene(c, "sea", 11, pb, r=26)
    y = pb[3] + 10
    y = bubble(c, 24, y, "Took this on the way in", False) + 10
    y = bubble(c, 24, y, "Can we demo it to the team at 3?", False, maxw=520) + 10
    y = bubble(c, 696, y, "Perfect, I'll bring the laptop and a few screenshots", True)
    c.text(696, y + 26, "Read 9:24", 17, (150, 150, 158), anchor="rs")
    y += 46
    # typing indicator
    c.rect((24, y, 124, y + 56), (236, 236, 240), r=28)
    for i, a in enumerate((200, 150, 100)):
        c.circle(50 + i * 24, y + 28, 7, fill=(110, 110, 118, a))
    # input bar
    c.rect((0, 1140, W, H), (248, 248, 250))
    c.rect((0, 1140, W, 1141), (225, 225, 230))
    c.circle(52, 1192, 24, fill=(232, 232, 238))
    icon(c, "plus", 52, 1192, 26, (110, 110, 118), w=3)
    c.rect((92, 1166, 690, 1218), WHITE, r=26, outline=(214, 214, 220), width=2)
    c.text(118, 1192, "Message", 24, (160, 160, 168), anchor="lm")
    icon(c, "mic", 656, 1192, 28, (140, 140, 150))
    home_indicator(c, BLACK)
    return c



def screen_maps():
    c = Canvas(bg=(241, 238, 230))
    rng = random.Random(4)
    # buildings (drawn first; roads and water cover them)
    for _ in range(260):
        x, y = rng.uniform(-20, W), rng.uniform(0, H)
        bw, bh = rng.uniform(18, 46), rng.uniform(16, 40)
        c.rect((x, y, x + bw, y + bh), (229, 225, 216), r=3)
    # parks
    c.poly([(430, 250), (600, 230), (640, 380), (470, 420)], (200, 231, 183))
    c.rect((40, 610, 230, 780), (200, 231, 183), r=24)
    c.circle(140, 700, 38, fill=(176, 214, 160))
    # river
    river = [(x, 880 + 90 * math.sin(x / 170.0) - x * 0.18) for x in range(-40, W + 60, 20)]
    c.line(river, (160, 204, 240), 96)
    c.line(river, (170, 211, 244), 80)
    # streets: two families of slanted lines
    hs = [(150 + i * 128 + rng.uniform(-14, 14), 0.12) for i in range(9)]
    vs = [(40 + j * 150 + rng.uniform(-14, 14), -0.1) for j in range(6)]

    def hline(a, k):
        return [(-20, a - 20 * k), (W + 20, a + (W + 20) * k)]

    def vline(b, k):
        return [(b - 20 * k, -20), (b + (H + 20) * k, H + 20)]

    majors_h, majors_v = {2, 5}, {1, 3}
    for i, (a, k) in enumerate(hs):
        if i not in majors_h:
            c.line(hline(a, k), (255, 255, 255), 12, caps=False)
    for j, (b, k) in enumerate(vs):
        if j not in majors_v:
            c.line(vline(b, k), (255, 255, 255), 12, caps=False)
    for i in majors_h:
        c.line(hline(*hs[i]), (238, 200, 110), 24, caps=False)
        c.line(hline(*hs[i]), (255, 224, 140), 19, caps=False)
    for j in majors_v:
        c.line(vline(*vs[j]), (238, 200, 110), 24, caps=False)
        c.line(vline(*vs[j]), (255, 224, 140), 19, caps=False)

    def meet(i, j):
        a, kh = hs[i]
        b, kv = vs[j]
        y = (a + kh * b) / (1 - kh * kv)
        return (b + kv * y, y)

    c.text(560, 388, "Jardim da Estrela", 17, (66, 130, 60), bold=True, anchor="ms", halo=(236, 246, 230))
    c.text(300, 560, "BAIXA", 18, (140, 134, 122), bold=True, anchor="ms", halo=(246, 244, 238))
    c.text(520, 650, "ALFAMA", 18, (140, 134, 122), bold=True, anchor="ms", halo=(246, 244, 238))
    c.text(545, 794, "Rio Tejo", 19, (70, 130, 190), bold=True, anchor="ms", halo=(190, 222, 248))
    # route
    route = [meet(5, 1), meet(5, 3), meet(3, 3), meet(3, 4), meet(2, 4)]
    route[-1] = (route[-1][0] - 40, route[-1][1] - 4)
    c.line(route, (20, 84, 190), 18)
    c.line(route, (58, 130, 247), 12)
    sx, sy = route[0]
    c.circle(sx, sy, 40, fill=(58, 130, 247, 50))
    c.circle(sx, sy, 15, fill=WHITE)
    c.circle(sx, sy, 11, fill=(58, 130, 247))
    ex, ey = route[-1]
    c.circle(ex, ey + 2, 9, fill=(0, 0, 0, 50))
    icon(c, "pin", ex, ey - 36, 58, (234, 67, 53), bg=WHITE)
    c.rect((ex + 30, ey - 84, ex + 150, ey - 44), WHITE, r=12)
    c.text(ex + 90, ey - 64, "12 min", 20, (20, 130, 60), bold=True, anchor="mm")
    # top search card and chips
    status_bar(c, BLACK)
    card = (24, 72, 696, 150)
    c.shadow(card, r=39, blur=12, alpha=60, dy=4)
    c.rect(card, WHITE, r=39)
    icon(c, "pin", 70, 111, 32, (234, 67, 53))
    c.text(104, 111, "Search here", 26, (90, 90, 96), anchor="lm")
    icon(c, "mic", 592, 111, 28, (90, 90, 96))
    avatar(c, 648, 111, 26, "A", (120, 140, 255), (70, 70, 200), 22)
    x = 24
    for ic, label in (("star", "Saved"), ("dots", "Coffee"), ("bolt", "Charging"), ("home", "Hotels")):
        wdt = 76 + c.tw(label, 21, True)
        b = (x, 170, x + wdt, 222)
        c.shadow(b, r=26, blur=8, alpha=40, dy=3)
        c.rect(b, WHITE, r=26)
        icon(c, ic, x + 34, 196, 24, (70, 70, 80), bg=WHITE)
        c.text(x + 56, 196, label, 21, (50, 50, 56), bold=True, anchor="lm")
        x += wdt + 12
    # floating buttons
    for cy, ic in ((700, "send"), (790, "chart")):
        c.shadow((616, cy - 36, 688, cy + 36), r=36, blur=8, alpha=50, dy=3)
        c.circle(652, cy, 36, fill=WHITE)
    icon(c, "send", 652, 700, 30, (58, 130, 247))
    c.text(652, 790, "3D", 22, (70, 70, 80), bold=True, anchor="mm")
    # bottom sheet
    top = 860
    c.shadow((0, top, W, H + 40), r=36, blur=20, alpha=60, dy=-4)
    c.rect((0, top, W, H + 40), WHITE, r=36)
    c.rect((W / 2 - 34, top + 14, W / 2 + 34, top + 21), (210, 210, 215), r=4)
    c.text(36, top + 78, "Blue Door Coffee", 34, (20, 20, 24), bold=True)
    c.text(36, top + 118, "4.7", 22, (80, 80, 88), bold=True)
    for i in range(5):
        icon(c, "star", 90 + i * 26, top + 110, 22, (251, 188, 5))
    c.text(226, top + 118, "(1,204) · Café · $$ · 0.4 km", 22, (110, 110, 118))
    c.text(36, top + 154, "Open", 22, (24, 150, 70), bold=True)
    c.text(106, top + 154, "· Closes 6 PM", 22, (110, 110, 118))
    x = 36
    for i, (label, ic) in enumerate((("Directions", "send"), ("Start", "arrow_up"),
                                     ("Call", "phone"), ("Save", "bookmark"))):
        wdt = 86 + c.tw(label, 21, True)
        b = (x, top + 180, x + wdt, top + 230)
        if i == 0:
            c.rect(b, (26, 115, 232), r=25)
            col = WHITE
        else:
            c.rect(b, WHITE, r=25, outline=(214, 218, 226), width=2)
            col = (26, 115, 232)
        icon(c, ic, x + 36, top + 205, 22, col, bg=WHITE)
        c.text(x + 60, top + 205, label, 21, col, bold=True, anchor="lm")
        x += wdt + 10
    for i, kind in enumerate(("food", "portrait", "bokeh")):
        x0 = 36 + i * 222
        put_scene(c, kind, 40 + i, (x0, top + 252, x0 + 206, top + 380), r=16)
    home_indicator(c, BLACK)
    return c


def screen_calendar():
    c = Canvas(bg=WHITE)
    red = (255, 69, 58)
    grey = (142, 142, 147)
    status_bar(c, BLACK)
    icon(c, "chev_l", 34, 100, 30, red, w=3.2)
    c.text(56, 100, "2025", 26, red, anchor="lm")
    icon(c, "list", 560, 100, 30, red)
    icon(c, "search", 618, 100, 30, red, w=3)
    icon(c, "plus", 676, 100, 34, red, w=3.2)
    large_title(c, 24, 180, "September", BLACK)
    for i, d in enumerate("MTWTFSS"):
        c.text(24 + 96 * (i + 0.5), 232, d, 19, grey, bold=True, anchor="ms")
    events = {2: [(0, 122, 255)], 4: [(255, 149, 0)], 9: [(0, 122, 255), (175, 82, 222)],
              11: [(52, 199, 89)], 15: [(255, 149, 0)], 18: [(0, 122, 255), (255, 149, 0), (175, 82, 222)],
              19: [(52, 199, 89)], 23: [(0, 122, 255)], 25: [(175, 82, 222)], 26: [(255, 149, 0)], 30: [(0, 122, 255)]}
    for day in range(1, 31):
        r, col = divmod(day - 1, 7)
        cx, top = 24 + 96 * (col + 0.5), 250 + r * 76
        if col == 0:
            c.rect((24, top, 696, top + 1), (230, 230, 234))
        if day == 18:
            c.circle(cx, top + 34, 27, fill=red)
            c.text(cx, top + 34, "18", 25, WHITE, bold=True, anchor="mm")
        else:
            c.text(cx, top + 34, str(day), 25, grey if col >= 5 else BLACK, anchor="mm")
        for k, ec in enumerate(events.get(day, [])):
            n = len(events[day])
            c.circle(cx + (k - (n - 1) / 2) * 13, top + 66, 4, fill=ec)
    c.rect((0, 640, W, 648), (242, 242, 247))
    c.text(24, 690, "Thursday, 18 September", 25, BLACK, bold=True)
    c.text(696, 690, "22° ☀", 22, grey, anchor="rs")
    y0, ph = 716, 64
    for i, hr in enumerate(("9 AM", "10 AM", "11 AM", "Noon", "1 PM", "2 PM", "3 PM")):
        y = y0 + i * ph
        c.text(88, y + 7, hr, 17, grey, anchor="rs")
        c.rect((100, y, 696, y + 1), (230, 230, 234))

    def ev(start, end, title, sub, col, x0=112, x1=690):
        ya, yb = y0 + (start - 9) * ph + 2, y0 + (end - 9) * ph - 2
        c.rect((x0, ya, x1, yb), rgba(col, 40), r=10)
        c.rect((x0, ya, x0 + 6, yb), col, r=3)
        dark = mix(col, BLACK, 0.45)
        if yb - ya < 40:
            c.text(x0 + 20, (ya + yb) / 2, title, 18, dark, bold=True, anchor="lm")
            return
        c.text(x0 + 20, ya + 28, title, 21, dark, bold=True)
        if sub:
            c.text(x0 + 20, ya + 52, sub, 18, rgba(dark, 210))

    ev(9.0, 10.0, "Design review", "Studio 2 · Priya, Jonas", (0, 122, 255))
    ev(11.5, 12.5, "Lunch with Sam", "Time Out Market", (255, 149, 0), x1=440)
    ev(12.0, 13.0, "Dentist", "", (255, 45, 85), x0=448)
    ev(13.25, 14.75, "Prototype testing", "Usability lab · 5 participants", (175, 82, 222))
    ev(15.0, 15.5, "1:1 with Priya", "", (52, 199, 89))
    # now line
    ny = y0 + (10.67 - 9) * ph
    c.text(24, ny + 7, "10:40", 17, red, bold=True)
    c.circle(104, ny, 6, fill=red)
    c.rect((104, ny - 1.5, 696, ny + 1.5), red)
    # toolbar
    c.rect((0, 1150, W, H), (249, 249, 251, 245))
    c.rect((0, 1150, W, 1151), (220, 220, 225))
    c.text(36, 1200, "Today", 24, red, bold=True, anchor="lm")
    c.text(W / 2, 1200, "Calendars", 24, red, anchor="mm")
    c.text(684, 1200, "Inbox", 24, red, anchor="rm")
    home_indicator(c, BLACK)
    return c


def screen_photos():
    c = Canvas(bg=WHITE)
    status_bar(c, BLACK)
    large_title(c, 24, 150, "Library", BLACK)
    c.text(24, 188, "Sep 12 – 18, 2025", 23, (142, 142, 147), bold=True)
    c.rect((538, 108, 632, 150), (236, 236, 240), r=21)
    c.text(585, 129, "Select", 21, (0, 122, 255), bold=True, anchor="mm")
    c.circle(670, 129, 21, fill=(236, 236, 240))
    icon(c, "dots", 670, 129, 24, (0, 122, 255))
    kinds = ["mountains", "portrait", "sea", "food", "city", "forest", "dunes", "bokeh",
             "portrait", "abstract", "mountains", "sea", "food", "forest", "portrait"]
    ts, gap, top = (W - 4) / 3, 2, 212
    for i, k in enumerate(kinds):
        r, col = divmod(i, 3)
        x0, y0 = col * (ts + gap), top + r * (ts + gap)
        b = (x0, y0, x0 + ts, y0 + ts)
        put_scene(c, k, 100 + i, b)
        if i in (2, 9):
            c.text(b[2] - 10, b[3] - 12, "0:" + ("32" if i == 2 else "08"), 18, WHITE, bold=True, anchor="rs")
        if i in (1, 6, 11):
            icon(c, "heart", b[0] + 22, b[3] - 20, 20, WHITE)
    # segmented control floating over the grid
    seg = (42, 1040, 678, 1096)
    c.shadow(seg, r=28, blur=14, alpha=60, dy=4)
    c.rect(seg, (44, 44, 50, 225), r=28)
    labels = ["Years", "Months", "Days", "All Photos"]
    widths = [c.tw(l, 20, True) + 44 for l in labels]
    x = seg[0] + (seg[2] - seg[0] - sum(widths)) / 2
    for i, (l, wdt) in enumerate(zip(labels, widths)):
        if i == 3:
            c.rect((x, seg[1] + 6, x + wdt, seg[3] - 6), (120, 120, 128, 200), r=22)
        c.text(x + wdt / 2, (seg[1] + seg[3]) / 2, l, 20, WHITE, bold=True, anchor="mm")
        x += wdt
    tab_bar(c, [("photo", "Library"), ("heart", "For You"), ("album", "Albums"), ("search", "Search")],
            0, (250, 250, 252, 250), (150, 150, 156), (0, 122, 255), top=1132, divider=(220, 220, 225))
    home_indicator(c, BLACK)
    return c


def settings_row(c, y, x0, x1, ic, ic_col, label, value=None, tog=None, sep=True, h=68):
    cy = y + h / 2
    c.rect((x0 + 22, cy - 22, x0 + 66, cy + 22), ic_col, r=11)
    icon(c, ic, x0 + 44, cy, 26, WHITE, w=2.6, bg=ic_col)
    c.text(x0 + 86, cy, label, 25, BLACK, anchor="lm")
    if tog is not None:
        toggle(c, x1 - 98, cy, tog)
    else:
        icon(c, "chev_r", x1 - 26, cy, 22, (196, 196, 200), w=2.8)
        if value:
            c.text(x1 - 46, cy, value, 24, (142, 142, 147), anchor="rm")
    if sep:
        c.rect((x0 + 86, y + h - 1, x1, y + h), (226, 226, 230))


def screen_settings():
    bg = (242, 242, 247)
    c = Canvas(bg=bg)
    status_bar(c, BLACK)
    large_title(c, 24, 150, "Settings", BLACK)
    search_field(c, (24, 176, 696, 230), (227, 227, 233), (142, 142, 147))
    x0, x1 = 24, 696
    c.rect((x0, 256, x1, 372), WHITE, r=22)
    avatar(c, 84, 314, 40, "AM", (100, 180, 255), (90, 90, 230), 28)
    c.text(142, 304, "Alex Morgan", 28, BLACK, bold=True)
    c.text(142, 338, "Account, Cloud & Purchases", 20, (142, 142, 147))
    icon(c, "chev_r", x1 - 26, 314, 22, (196, 196, 200), w=2.8)
    groups = [
        [("plane", (255, 149, 0), "Airplane Mode", None, False),
         ("wifi", (0, 122, 255), "Wi-Fi", "Studio-5G", None),
         ("bolt", (0, 122, 255), "Bluetooth", "On", None),
         ("chart", (52, 199, 89), "Mobile Data", None, None),
         ("globe", (52, 199, 89), "Personal Hotspot", "Off", None),
         ("battery", (52, 199, 89), "Battery", "82%", None)],
        [("bell", (255, 59, 48), "Notifications", None, None),
         ("speaker", (255, 45, 85), "Sounds & Haptics", None, None),
         ("moon", (88, 86, 214), "Focus", "Work", None),
         ("hourglass", (88, 86, 214), "Screen Time", None, None)],
        [("gear", (142, 142, 147), "General", None, None),
         ("toggles", (142, 142, 147), "Control Centre", None, None),
         ("brightness", (0, 122, 255), "Display & Brightness", None, None)],
    ]
    y = 398
    for g in groups:
        c.rect((x0, y, x1, y + 68 * len(g)), WHITE, r=22)
        for i, (ic, col, label, val, tog) in enumerate(g):
            settings_row(c, y + i * 68, x0, x1, ic, col, label, val, tog, sep=i < len(g) - 1)
        y += 68 * len(g) + 26
    home_indicator(c, BLACK)
    return c


def screen_fitness():
    c = Canvas(bg=BLACK)
    red, green, cyan = (250, 17, 79), (166, 255, 0), (0, 214, 255)
    card = (28, 28, 30)
    grey = (142, 142, 147)
    status_bar(c, WHITE)
    c.text(24, 104, "THURSDAY, 18 SEPTEMBER", 18, grey, bold=True)
    large_title(c, 24, 160, "Summary", WHITE)
    avatar(c, 660, 134, 28, "AM", (100, 180, 255), (90, 90, 230), 20)
    c.text(24, 226, "Activity Rings", 28, WHITE, bold=True)
    c.rect((24, 246, 696, 626), card, r=28)
    cx, cy = 214, 436
    for r, col, frac in ((140, red, 0.78), (100, green, 0.8), (60, cyan, 0.75)):
        c.arc(cx, cy, r, 0, 360, rgba(col, 55), 36, caps=False)
        c.arc(cx, cy, r, -90, -90 + 360 * frac, col, 36)
        c.text(cx, cy - r, "→", 24, BLACK, bold=True, anchor="mm")
    stats = (("Move", "468/600", "KCAL", red), ("Exercise", "24/30", "MIN", green),
             ("Stand", "9/12", "HRS", cyan))
    for i, (lab, val, unit, col) in enumerate(stats):
        y = 316 + i * 108
        c.text(400, y, lab, 22, WHITE, bold=True)
        c.text(400, y + 46, val, 40, col, bold=True)
        c.text(400 + c.tw(val, 40, True) + 8, y + 46, unit, 22, col, bold=True)
    # step + distance cards
    c.rect((24, 650, 354, 862), card, r=28)
    c.text(48, 694, "Step Count", 22, grey, bold=True)
    c.text(48, 748, "8,432", 44, WHITE, bold=True)
    steps = [0.4, 0.55, 0.7, 0.45, 0.9, 0.62, 0.8]
    for i, v in enumerate(steps):
        x = 54 + i * 40
        c.rect((x, 836 - 62 * v, x + 22, 836), red if i == 6 else (80, 80, 86), r=6)
    c.rect((366, 650, 696, 862), card, r=28)
    c.text(390, 694, "Distance", 22, grey, bold=True)
    c.text(390, 748, "6.2", 44, WHITE, bold=True)
    c.text(390 + c.tw("6.2", 44, True) + 8, 748, "KM", 22, WHITE, bold=True)
    rng = random.Random(8)
    pts, v = [], 0.5
    for i in range(14):
        v = min(1, max(0, v + rng.uniform(-0.25, 0.3)))
        pts.append((394 + i * 20, 836 - 58 * v))
    c.fill_under(pts, 840, cyan, 120, 0)
    c.line(pts, cyan, 4)
    # workouts
    c.text(24, 912, "Workouts", 28, WHITE, bold=True)
    rows = (("shoe", green, "Outdoor Run", "5.12 KM", "Today"),
            ("flame", (255, 149, 0), "HIIT", "312 KCAL", "Tuesday"))
    for i, (ic, col, title, val, when) in enumerate(rows):
        y = 932 + i * 108
        c.rect((24, y, 696, y + 98), card, r=24)
        c.circle(84, y + 49, 32, fill=rgba(col, 50))
        icon(c, ic, 84, y + 49, 34, col, bg=card)
        c.text(138, y + 42, title, 24, WHITE, bold=True)
        c.text(138, y + 80, val, 28, col, bold=True)
        c.text(672, y + 42, when, 20, grey, anchor="rs")
    tab_bar(c, [("chart", "Summary"), ("play", "Fitness+"), ("user", "Sharing")], 0,
            (18, 18, 20), (120, 120, 126), green, top=1156, divider=(40, 40, 44))
    home_indicator(c, WHITE)
    return c


def screen_news():
    c = Canvas(bg=WHITE)
    red = (226, 44, 64)
    grey = (134, 134, 140)
    status_bar(c, BLACK)
    c.text(24, 104, "THURSDAY, 18 SEPTEMBER", 18, grey, bold=True)
    large_title(c, 24, 160, "Today", BLACK)
    c.rect((604, 108, 696, 150), red, r=21)
    c.text(650, 129, "News+", 19, WHITE, bold=True, anchor="mm")
    x = 24
    for i, label in enumerate(("Top Stories", "Tech", "Science", "Culture", "Sports")):
        wdt = c.tw(label, 20, True) + 40
        c.rect((x, 184, x + wdt, 228), BLACK if i == 0 else (242, 242, 246), r=22)
        c.text(x + wdt / 2, 206, label, 20, WHITE if i == 0 else (60, 60, 66), bold=True, anchor="mm")
        x += wdt + 10
    hero = (24, 252, 696, 556)
    put_scene(c, "mountains", 7, hero, r=24)
    c.rect((44, 272, 152, 306), (0, 0, 0, 110), r=17)
    c.text(98, 289, "LIVE", 17, WHITE, bold=True, anchor="mm")
    c.circle(60, 289, 5, fill=(255, 70, 80))
    c.text(24, 596, "THE DAILY LENS", 18, red, bold=True)
    y = c.para(24, 638, "Engineers turn an alpine valley into Europe's largest solar garden",
               31, (16, 16, 20), bold=True, maxw=660, lh=40)
    c.text(24, y + 4, "2h ago · 6 min read", 19, grey)
    icon(c, "share", 606, y - 4, 26, grey, w=2.4)
    icon(c, "bookmark", 664, y - 4, 24, grey)
    y += 34
    items = (("MORNING BRIEF", (0, 110, 230), "Five things to know about the new transit fares before Monday",
              "city", "45m ago"),
             ("TASTE", (230, 120, 20), "The 20-minute weeknight pasta everyone is cooking this month",
              "food", "3h ago"))
    for src, col, head, kind, when in items:
        c.rect((24, y, 696, y + 1), (228, 228, 232))
        put_scene(c, kind, len(head), (536, y + 22, 696, y + 182), r=16)
        c.text(24, y + 48, src, 17, col, bold=True)
        yy = c.para(24, y + 86, head, 24, (16, 16, 20), bold=True, maxw=490, lh=32, max_lines=3)
        c.text(24, yy + 2, when, 18, grey)
        y += 196
    tab_bar(c, [("home", "Today"), ("star", "News+"), ("globe", "Sports"), ("list", "Following")],
            0, (250, 250, 252, 245), (150, 150, 156), red, top=1140, divider=(222, 222, 226))
    home_indicator(c, BLACK)
    return c


def screen_mail():
    c = Canvas(bg=WHITE)
    blue = (0, 122, 255)
    grey = (134, 134, 140)
    status_bar(c, BLACK)
    icon(c, "chev_l", 34, 100, 30, blue, w=3.2)
    c.text(56, 100, "Mailboxes", 26, blue, anchor="lm")
    c.text(696, 100, "Edit", 26, blue, anchor="rm")
    large_title(c, 24, 180, "Inbox", BLACK)
    search_field(c, (24, 204, 696, 256), (236, 236, 241), grey)
    mails = [
        ("Priya Shah", "PS", ((255, 160, 110), (236, 80, 110)), "9:32", "Prototype feedback, round 2",
         "Loved the new stack physics! Two notes on the throw threshold and one on the undo toast timing.",
         True),
        ("Flick CI", "CI", ((80, 220, 140), (30, 160, 110)), "8:15", "✓ Build #482 passed on main",
         "All 214 tests passed in 6m 12s. Benchmarks are within 2% of the baseline.", False),
        ("Jonas Weber", "JW", ((120, 190, 255), (60, 100, 230)), "Yesterday", "Lunch on Friday?",
         "There's a new ramen place by the office, want to try it? I can book a table for 12:30.", True),
        ("Travel Desk", "TD", ((255, 210, 90), (245, 150, 40)), "Yesterday", "Your trip to Porto is confirmed",
         "Flight TP1942 departs Friday at 7:05. Hotel check-in from 15:00. Have a great trip!", False),
        ("Emma Lindqvist", "EL", ((200, 140, 255), (120, 80, 230)), "Tuesday", "Design tokens v3",
         "Attached is the updated palette with the dark mode variants. Let me know what you think.", False),
    ]
    y = 276
    for name, ini, cols, when, subj, prev, unread in mails:
        if unread:
            c.circle(20, y + 34, 7, fill=blue)
        avatar(c, 68, y + 46, 30, ini, cols[0], cols[1], 20)
        c.text(116, y + 40, name, 25, BLACK, bold=True)
        c.text(662, y + 40, when, 20, grey, anchor="rs")
        icon(c, "chev_r", 682, y + 32, 18, (196, 196, 200), w=2.4)
        c.text(116, y + 74, c.ellipsize(subj, 23, False, 570), 23, BLACK)
        c.para(116, y + 106, prev, 21, grey, maxw=570, lh=28, max_lines=2)
        c.rect((116, y + 163, 720, y + 164), (228, 228, 232))
        y += 164
    c.rect((0, 1140, W, H), (249, 249, 251))
    c.rect((0, 1140, W, 1141), (222, 222, 226))
    icon(c, "filter", 48, 1186, 30, blue)
    c.text(W / 2, 1180, "Updated Just Now", 19, BLACK, anchor="ms")
    c.text(W / 2, 1206, "2 Unread", 17, grey, anchor="ms")
    icon(c, "compose", 670, 1186, 34, blue, w=3)
    home_indicator(c, BLACK)
    return c


def check_box(c, x, y, done, col):
    if done:
        c.rect((x, y - 12, x + 24, y + 12), col, r=6)
        c.line([(x + 5, y), (x + 10, y + 6), (x + 19, y - 6)], WHITE, 3)
    else:
        c.rect((x, y - 12, x + 24, y + 12), outline=col, width=2.4, r=6)


def screen_notes():
    bg = (252, 250, 244)
    c = Canvas(bg=bg)
    ink, soft = (40, 36, 30), (96, 90, 80)
    status_bar(c, BLACK)
    large_title(c, 24, 150, "Notes", ink)
    icon(c, "grid", 604, 128, 30, soft)
    avatar(c, 666, 128, 26, "AM", (100, 180, 255), (90, 90, 230), 18)
    c.rect((24, 176, 696, 230), (240, 236, 226), r=27)
    icon(c, "search", 58, 203, 26, soft)
    c.text(86, 203, "Search your notes", 23, soft, anchor="lm")
    notes = [
        ((255, 240, 168), "Groceries", [("Oat milk", False), ("Sourdough", True), ("Lemons", False),
                                        ("Basil", False), ("Coffee beans", True)], None),
        ((206, 231, 255), "Flick demo ideas",
         "Swipe-to-dismiss on the news feed, a stack of boarding passes, undo with a shake.", None),
        ((255, 221, 228), "Book club",
         "Next: The Overstory, chapters 12–18 by 2 October. Bring snacks!", None),
        ((255, 226, 196), "Trip to Porto", "Livraria Lello · Ribeira · Francesinha at Café Santiago",
         "sea"),
        ((220, 242, 214), "Run plan", [("Mon  5 km easy", True), ("Wed  intervals", True),
                                       ("Sat  12 km long", False)], None),
        ((232, 224, 255), "Quote",
         "“Simple things should be simple, complex things should be possible.” — Alan Kay", None),
        ((255, 255, 255), "Studio Wi-Fi", "studio-5g · password on the fridge", None),
    ]
    colx = [24, 366]
    coly = [254, 254]
    cw = 330
    for i, (col, title, body, pic) in enumerate(notes):
        k = 0 if coly[0] <= coly[1] else 1
        x, y = colx[k], coly[k]
        inner = []  # deferred drawing, after measuring height
        hgt = 26
        if pic:
            hgt += 150
        hgt += 28
        if isinstance(body, list):
            hgt += 16 + 40 * len(body)
        else:
            lines = c.wrap(body, 21, False, cw - 48)
            hgt += 14 + 29 * len(lines)
        hgt += 22
        b = (x, y, x + cw, y + hgt)
        if col == WHITE:
            c.rect(b, WHITE, r=22, outline=(226, 222, 212), width=2)
        else:
            c.shadow(b, r=22, blur=10, alpha=22, dy=4)
            c.rect(b, col, r=22)
        yy = y + 26
        if pic:
            put_scene(c, pic, 77, (x, y, x + cw, y + 150), r=22)
            c.rect((x, y + 130, x + cw, y + 150), col)
            yy = y + 170
        c.text(x + 24, yy + 20, title, 24, ink, bold=True)
        yy += 28
        if isinstance(body, list):
            yy += 16
            for item, done in body:
                check_box(c, x + 24, yy + 10, done, soft)
                tcol = (150, 144, 132) if done else ink
                c.text(x + 62, yy + 10, item, 21, tcol, anchor="lm")
                if done:
                    c.rect((x + 60, yy + 10, x + 64 + c.tw(item, 21), yy + 12), tcol)
                yy += 40
        else:
            c.para(x + 24, yy + 34, body, 21, soft, maxw=cw - 48, lh=29)
        coly[k] = y + hgt + 14
        if i == 0:
            icon(c, "pin", x + cw - 34, y + 34, 22, soft, bg=col)
    # bottom bar + FAB
    c.shadow((0, 1150, W, H + 40), r=0, blur=12, alpha=40, dy=-2)
    c.rect((0, 1150, W, H), WHITE)
    for i, ic in enumerate(("list", "compose", "mic", "photo")):
        icon(c, ic, 54 + i * 76, 1198, 30, soft)
    fab = (568, 1086, 676, 1194)
    c.shadow(fab, r=30, blur=14, alpha=70, dy=6)
    c.rect(fab, (255, 196, 40), r=30)
    icon(c, "plus", 622, 1140, 46, ink, w=5)
    home_indicator(c, BLACK)
    return c


def screen_calculator():
    c = Canvas(bg=BLACK)
    status_bar(c, WHITE)
    icon(c, "list", 52, 108, 32, (255, 159, 10))
    c.text(696, 262, "1,200 + 34.56", 40, (142, 142, 147), anchor="rs")
    c.text(700, 382, "1,234.56", 104, WHITE, anchor="rs")
    keys = [["AC", "±", "%", "÷"], ["7", "8", "9", "×"], ["4", "5", "6", "−"],
            ["1", "2", "3", "+"], ["0", None, ".", "="]]
    d, gap = 142, 22
    x0 = (W - 4 * d - 3 * gap) / 2
    y0 = 1230 - 5 * d - 4 * gap
    for r, row in enumerate(keys):
        for col, k in enumerate(row):
            if k is None:
                continue
            x, y = x0 + col * (d + gap), y0 + r * (d + gap)
            if col == 3:
                fill, fg = (255, 159, 10), WHITE
                if k == "+":
                    fill, fg = WHITE, (255, 159, 10)
            elif r == 0:
                fill, fg = (165, 165, 165), BLACK
            else:
                fill, fg = (51, 51, 51), WHITE
            if k == "0":
                c.rect((x, y, x + 2 * d + gap, y + d), fill, r=d / 2)
                c.text(x + d / 2, y + d / 2, k, 56, fg, anchor="mm")
                continue
            c.circle(x + d / 2, y + d / 2, d / 2, fill=fill)
            size = 44 if k == "AC" else (62 if col == 3 else 56)
            c.text(x + d / 2, y + d / 2 + (0 if col < 3 else -3), k, size, fg, anchor="mm")
    home_indicator(c, WHITE)
    return c


def sparkline(rng, n, drift):
    v, out = 0.0, []
    for _ in range(n):
        v += rng.gauss(drift, 1.0)
        out.append(v)
    return out


def screen_stocks():
    bg = (10, 14, 24)
    c = Canvas(bg=bg)
    green, red = (48, 209, 88), (255, 69, 58)
    grey = (138, 144, 158)
    status_bar(c, WHITE)
    large_title(c, 24, 150, "Stocks", WHITE)
    c.text(24, 190, "18 September", 24, grey, bold=True)
    c.circle(670, 130, 24, fill=(36, 42, 58))
    icon(c, "dots", 670, 130, 24, WHITE)
    c.text(24, 262, "FLKR", 40, WHITE, bold=True)
    c.text(152, 262, "Flick Robotics Inc.", 22, grey)
    c.text(24, 340, "$184.27", 62, WHITE, bold=True)
    chg = "+3.42 (+1.89%)"
    wdt = c.tw(chg, 22, True) + 30
    c.rect((24, 360, 24 + wdt, 400), rgba(green, 45), r=12)
    c.text(24 + wdt / 2, 380, chg, 22, green, bold=True, anchor="mm")
    c.text(48 + wdt, 380, "Today", 22, grey, anchor="lm")
    # chart
    rng = random.Random(13)
    vals = sparkline(rng, 64, 0.18)
    lo, hi = min(vals), max(vals)
    cx0, cx1, cy0, cy1 = 24, 620, 440, 720
    pts = [(cx0 + (cx1 - cx0) * i / (len(vals) - 1), cy1 - (cy1 - cy0) * (v - lo) / (hi - lo))
           for i, v in enumerate(vals)]
    for i in range(5):
        y = cy0 + (cy1 - cy0) * i / 4
        for x in range(cx0, cx1, 14):
            c.rect((x, y, x + 6, y + 1.5), (255, 255, 255, 34))
        c.text(696, y + 7, f"{190 - i * 4}", 18, grey, anchor="rs")
    base = cy0 + (cy1 - cy0) * 0.62
    for x in range(cx0, cx1, 10):
        c.rect((x, base, x + 4, base + 2), (255, 255, 255, 90))
    c.fill_under(pts, cy1 + 10, green, 100, 0)
    c.line(pts, green, 4)
    ex, ey = pts[-1]
    c.circle(ex, ey, 16, fill=rgba(green, 60))
    c.circle(ex, ey, 8, fill=green)
    for i, lab in enumerate(("Aug 18", "Aug 25", "Sep 1", "Sep 8", "Sep 15")):
        c.text(cx0 + 30 + i * 134, cy1 + 40, lab, 17, grey, anchor="ms")
    # ranges
    x = 24
    for i, r in enumerate(("1D", "1W", "1M", "3M", "6M", "1Y", "5Y")):
        b = (x, 784, x + 88, 828)
        if i == 2:
            c.rect(b, (44, 52, 72), r=12)
        c.text(x + 44, 806, r, 20, WHITE if i == 2 else grey, bold=True, anchor="mm")
        x += 96
    # key stats
    stats = (("Open", "181.02"), ("High", "185.40"), ("Low", "179.88"), ("Vol", "12.4M"))
    for i, (k, v) in enumerate(stats):
        x = 24 + i * 172
        c.text(x, 878, k, 19, grey)
        c.text(x, 908, v, 23, WHITE, bold=True)
    c.rect((24, 934, 696, 935), (40, 46, 62))
    # watchlist
    c.text(24, 982, "Watchlist", 28, WHITE, bold=True)
    rows = (("NOVA", "Nova Energy", "42.18", "+2.41%", 0.25),
            ("ORBT", "Orbital Freight", "118.60", "−1.07%", -0.22),
            ("KELP", "Kelp Foods", "23.95", "+0.36%", 0.05))
    for i, (t, name, price, ch, drift) in enumerate(rows):
        y = 1010 + i * 84
        up = not ch.startswith("−")
        col = green if up else red
        c.text(24, y + 38, t, 25, WHITE, bold=True)
        c.text(24, y + 66, name, 18, grey)
        v = sparkline(random.Random(20 + i), 30, drift)
        lo, hi = min(v), max(v)
        sp = [(270 + 150 * j / 29, y + 66 - 46 * (q - lo) / (hi - lo)) for j, q in enumerate(v)]
        c.line(sp, col, 3)
        c.text(560, y + 48, price, 24, WHITE, bold=True, anchor="rm")
        c.rect((580, y + 28, 696, y + 68), col, r=10)
        c.text(638, y + 48, ch, 20, WHITE, bold=True, anchor="mm")
        if i < len(rows) - 1:
            c.rect((24, y + 83, 696, y + 84), (40, 46, 62))
    home_indicator(c, WHITE)
    return c


def screen_timer():
    c = Canvas(bg=(14, 12, 30))
    c.grad((0, 0, W, H), (36, 30, 82), (10, 10, 22))
    orange = (255, 159, 10)
    grey = (150, 150, 170)
    status_bar(c, WHITE)
    icon(c, "plus", 672, 100, 34, orange, w=3.4)
    large_title(c, 24, 170, "Timers", WHITE)
    cx, cy, r = 360, 468, 210
    for i in range(60):
        a = math.radians(i * 6)
        r0 = r - 34 if i % 5 == 0 else r - 28
        c.line([(cx + math.cos(a) * r0, cy + math.sin(a) * r0),
                (cx + math.cos(a) * (r - 22), cy + math.sin(a) * (r - 22))],
               (255, 255, 255, 70 if i % 5 == 0 else 35), 2.4 if i % 5 == 0 else 1.6)
    frac = 272 / 600
    c.arc(cx, cy, r, 0, 360, (255, 255, 255, 30), 14, caps=False)
    c.arc(cx, cy, r, -90, -90 + 360 * frac, orange, 14)
    a = math.radians(-90 + 360 * frac)
    c.circle(cx + r * math.cos(a), cy + r * math.sin(a), 14, fill=WHITE)
    c.text(cx, cy - 62, "Focus · 10 min", 22, grey, anchor="ms")
    c.text(cx, cy + 36, "04:32", 96, WHITE, anchor="ms")
    icon(c, "bell", cx - 62, cy + 84, 22, grey)
    c.text(cx - 42, cy + 86, "10:47 AM", 22, grey, anchor="lm")
    for x, label, fill, fg in ((112, "Cancel", (60, 58, 80), WHITE), (608, "Pause", rgba(orange, 60), orange)):
        c.circle(x, 790, 72, outline=fill if len(fill) == 3 else rgba(orange, 90), width=3)
        c.circle(x, 790, 64, fill=fill)
        c.text(x, 790, label, 22, fg, bold=True, anchor="mm")
    c.text(24, 906, "RECENTS", 18, grey, bold=True)
    for i, (t, lab) in enumerate((("5:00", "Tea"), ("25:00", "Deep work"))):
        y = 922 + i * 102
        c.rect((24, y, 696, y + 90), (255, 255, 255, 18), r=22)
        c.text(48, y + 60, t, 42, WHITE)
        c.text(60 + c.tw(t, 42), y + 60, lab, 22, grey)
        c.circle(640, y + 45, 28, fill=(48, 209, 88, 60))
        icon(c, "play", 643, y + 45, 24, (48, 209, 88))
    tab_bar(c, [("globe", "World Clock"), ("alarm", "Alarms"), ("stopwatch", "Stopwatch"),
                ("hourglass", "Timers")], 3, (16, 15, 30), (130, 130, 150), orange, top=1140,
            divider=(44, 42, 70))
    home_indicator(c, WHITE)
    return c

SCREENS = [
    ("01-weather", screen_weather),
    ("02-music", screen_music),
    ("03-chat", screen_chat),
    ("04-maps", screen_maps),
    ("05-calendar", screen_calendar),
    ("06-photos", screen_photos),
    ("07-settings", screen_settings),
    ("08-fitness", screen_fitness),
    ("09-news", screen_news),
    ("10-mail", screen_mail),
    ("11-notes", screen_notes),
    ("12-calculator", screen_calculator),
    ("13-stocks", screen_stocks),
    ("14-timer", screen_timer),
]


def save(img, path):
    """Save as PNG; fall back to a 256-colour palette if over the size budget."""
    img.save(path, optimize=True)
    if os.path.getsize(path) > MAX_BYTES:
        q = img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        q.save(path, optimize=True)
    return os.path.getsize(path)


def main(argv):
    out_dir = HERE
    only = set(argv[1:])
    for name, fn in SCREENS:
        if only and name not in only and name.split("-", 1)[1] not in only:
            continue
        random.seed(0)
        img = fn().finish_tall(H_OUT)
        path = os.path.join(out_dir, name + ".png")
        n = save(img, path)
        print(f"{name}.png  {img.size[0]}x{img.size[1]}  {n // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
