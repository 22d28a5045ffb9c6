#!/usr/bin/env python3
"""Writes docs/fit-cards/: five screenshots whose shapes differ from the phone's, for the README
pictures of `--fit fit` and `--fit fill` (and to try them: flick --cards docs/fit-cards).

  01-transparent.png  1024x1024, an app icon on a transparent background (RGBA)
  02-landscape.png    1920x1080, a video player (16:9)
  03-tall.png          900x3000, a long article page, captured whole
  04-tablet.png       1366x1024, a tablet calendar (4:3)
  05-square.png       1080x1080, a photo post

Every image has an orange corner mark in each of its four corners and its size written on it,
so a picture shows at a glance whether the whole image is on the card. Drawn with Pillow at 2x
and downsampled; no randomness, so the output is the same on every run of one Pillow version.
Usage: python3 docs/make_fit_cards.py [OUT_DIR]   (default docs/fit-cards)
"""

import os
import sys

try:
    from PIL import Image, ImageDraw, ImageFont
except ImportError:
    print("make_fit_cards.py: missing Python module 'PIL' (Pillow) in " + sys.executable
          + "; run 'make deps' (installs python3-pil) or: pip install Pillow", file=sys.stderr)
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
ASSETS = os.path.join(HERE, "..", "assets")
S = 2  # supersampling

MARK = (255, 138, 0)
INK = (28, 28, 30)
GREY = (142, 142, 147)
LIGHT = (229, 229, 234)
WHITE = (255, 255, 255)

_fonts = {}


def font(px, bold=False):
    key = (px, bold)
    if key not in _fonts:
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        _fonts[key] = ImageFont.truetype(os.path.join(ASSETS, name), px * S)
    return _fonts[key]


class Canvas:
    """Draws in output pixels on a 2x image."""

    def __init__(self, w, h, fill, mode="RGB"):
        self.w, self.h = w, h
        self.img = Image.new(mode, (w * S, h * S), fill)
        self.d = ImageDraw.Draw(self.img)

    def rect(self, x0, y0, x1, y1, fill, r=0):
        box = [x0 * S, y0 * S, x1 * S - 1, y1 * S - 1]
        if r:
            self.d.rounded_rectangle(box, radius=r * S, fill=fill)
        else:
            self.d.rectangle(box, fill=fill)

    def ellipse(self, x0, y0, x1, y1, fill):
        self.d.ellipse([x0 * S, y0 * S, x1 * S, y1 * S], fill=fill)

    def poly(self, pts, fill):
        self.d.polygon([(x * S, y * S) for x, y in pts], fill=fill)

    def text(self, x, y, s, px, fill, bold=False, anchor="la"):
        self.d.text((x * S, y * S), s, font=font(px, bold), fill=fill, anchor=anchor)

    def vgradient(self, x0, y0, x1, y1, top, bottom):
        for y in range(y0 * S, y1 * S):
            t = (y - y0 * S) / max(1, (y1 - y0) * S - 1)
            c = tuple(int(round(a + (b - a) * t)) for a, b in zip(top, bottom))
            self.d.line([(x0 * S, y), (x1 * S - 1, y)], fill=c)

    def corner_marks(self, size, thick, color=MARK):
        """An L in each corner, flush with the image's edges."""
        w, h = self.w, self.h
        for (x, y, sx, sy) in ((0, 0, 1, 1), (w, 0, -1, 1), (0, h, 1, -1), (w, h, -1, -1)):
            xs = sorted((x, x + sx * size))
            ys = sorted((y, y + sy * thick))
            self.rect(xs[0], ys[0], xs[1], ys[1], color)
            xs = sorted((x, x + sx * thick))
            ys = sorted((y, y + sy * size))
            self.rect(xs[0], ys[0], xs[1], ys[1], color)

    def size_label(self, x, y, px, fill=INK, anchor="mm"):
        self.text(x, y, f"{self.w} × {self.h}", px, fill, bold=True, anchor=anchor)

    def save(self, path):
        out = self.img.resize((self.w, self.h), Image.LANCZOS)
        out.save(path, optimize=True)


def landscape():
    c = Canvas(1920, 1080, (12, 12, 16))
    # The frame of the video: a dusk landscape.
    c.vgradient(0, 0, 1920, 1080, (40, 48, 110), (240, 140, 90))
    c.ellipse(1220, 330, 1520, 630, (255, 214, 140))
    c.poly([(0, 760), (300, 520), (560, 700), (900, 430), (1240, 720), (1560, 540), (1920, 780),
            (1920, 1080), (0, 1080)], (44, 40, 80))
    c.poly([(0, 880), (420, 720), (820, 860), (1260, 700), (1920, 900), (1920, 1080), (0, 1080)],
           (26, 24, 52))
    # Player chrome: title bar, controls, progress.
    c.rect(0, 0, 1920, 110, (10, 10, 14))
    c.text(70, 55, "Trailer · Night Drive", 44, WHITE, bold=True, anchor="lm")
    c.text(1850, 55, "16:9", 40, GREY, anchor="rm")
    c.rect(0, 940, 1920, 1080, (10, 10, 14))
    c.rect(70, 975, 1850, 985, (80, 80, 88), r=5)
    c.rect(70, 975, 760, 985, (255, 69, 58), r=5)
    c.ellipse(744, 964, 776, 996, WHITE)
    c.poly([(90, 1012), (90, 1060), (130, 1036)], WHITE)
    c.text(170, 1036, "1:24 / 3:30", 34, LIGHT, anchor="lm")
    c.size_label(960, 540, 120, WHITE)
    c.text(960, 640, "landscape", 56, WHITE, anchor="mm")
    c.corner_marks(150, 26)
    return c


def tall():
    c = Canvas(900, 3000, WHITE)
    c.rect(0, 0, 900, 200, (0, 122, 255))
    c.text(60, 100, "The Long Read", 64, WHITE, bold=True, anchor="lm")
    c.text(450, 330, "top of the page", 44, GREY, anchor="mm")
    y = 420
    colors = [(255, 204, 0), (52, 199, 89), (175, 82, 222), (255, 45, 85)]
    for block in range(4):
        for i in range(7):
            w = 780 if i < 6 else 460
            c.rect(60, y, 60 + w, y + 26, LIGHT, r=13)
            y += 56
        y += 30
        c.rect(60, y, 840, y + 360, colors[block], r=24)
        y += 420
    c.size_label(450, 1500, 110, INK)
    c.text(450, 1610, "tall page, captured whole", 48, INK, anchor="mm")
    c.rect(0, 2800, 900, 3000, (44, 44, 46))
    c.text(450, 2900, "bottom of the page", 48, WHITE, anchor="mm")
    c.corner_marks(120, 24)
    return c


def transparent():
    c = Canvas(1024, 1024, (0, 0, 0, 0), mode="RGBA")
    # A soft glow, more transparent towards the outside.
    for i in range(12):
        inset = 64 + i * 7
        c.rect(inset, inset, 1024 - inset, 1024 - inset, (255, 59, 48, 10 + i * 6), r=220 - i * 5)
    # The icon: a rounded square with a vertical gradient, pasted through a rounded mask.
    icon = Canvas(724, 724, (0, 0, 0))
    icon.vgradient(0, 0, 724, 724, (255, 94, 58), (255, 42, 104))
    mask = Image.new("L", (724 * S, 724 * S), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, 724 * S - 1, 724 * S - 1], radius=170 * S, fill=255)
    c.img.paste(icon.img, (150 * S, 150 * S), mask)
    c.ellipse(330, 260, 694, 624, WHITE)
    c.ellipse(400, 330, 624, 554, (255, 59, 48))
    c.size_label(512, 740, 80, WHITE)
    c.text(512, 1000, "transparent PNG", 36, INK, anchor="mm")
    c.corner_marks(110, 20)
    return c


def tablet():
    c = Canvas(1366, 1024, (242, 242, 247))
    c.rect(0, 0, 1366, 120, WHITE)
    c.text(60, 60, "November", 56, INK, bold=True, anchor="lm")
    c.text(1306, 60, "4:3", 40, GREY, anchor="rm")
    days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    cw, top = (1366 - 120) // 7, 150
    for i, d in enumerate(days):
        c.text(60 + i * cw + cw // 2, top + 20, d, 30, GREY, anchor="mm")
    events = {(0, 1): (0, 122, 255), (1, 3): (52, 199, 89), (2, 0): (255, 149, 0),
              (3, 5): (175, 82, 222), (3, 2): (255, 45, 85), (4, 0): (90, 200, 250)}
    for row in range(5):
        for col in range(7):
            x, y = 60 + col * cw, top + 60 + row * 150
            day = row * 7 + col + 1
            if day > 30:
                continue
            c.rect(x + 4, y + 4, x + cw - 4, y + 146, WHITE, r=14)
            c.text(x + 20, y + 30, str(day), 30, INK, anchor="lm")
            if (row, col) in events:
                c.rect(x + 14, y + 70, x + cw - 14, y + 120, events[(row, col)], r=10)
    c.rect(356, 420, 1010, 640, (255, 255, 255), r=30)
    c.size_label(683, 500, 90, INK)
    c.text(683, 590, "tablet landscape", 44, GREY, anchor="mm")
    c.corner_marks(130, 24)
    return c


def square():
    c = Canvas(1080, 1080, (0, 0, 0))
    c.vgradient(0, 0, 1080, 1080, (86, 204, 242), (47, 128, 237))
    c.ellipse(-200, 620, 700, 1400, (39, 174, 96))
    c.ellipse(400, 700, 1300, 1500, (33, 150, 83))
    c.ellipse(700, 140, 940, 380, (255, 236, 153))
    c.rect(0, 0, 1080, 110, (255, 255, 255))
    c.ellipse(40, 25, 100, 85, (255, 149, 0))
    c.text(125, 55, "maya.alvarez", 38, INK, bold=True, anchor="lm")
    c.size_label(540, 520, 110, WHITE)
    c.text(540, 630, "square photo", 52, WHITE, anchor="mm")
    c.corner_marks(130, 24)
    return c


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "fit-cards")
    os.makedirs(out, exist_ok=True)
    for name, make in (("01-transparent", transparent), ("02-landscape", landscape), ("03-tall", tall),
                       ("04-tablet", tablet), ("05-square", square)):
        path = os.path.join(out, name + ".png")
        make().save(path)
        print(path)


if __name__ == "__main__":
    main()
