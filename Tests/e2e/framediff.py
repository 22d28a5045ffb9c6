"""The same picture from two renderers: the live window (GL on llvmpipe, or X's copy of it) and a
headless replay (software) sample scaled textures half a pixel apart, so each live pixel is
compared with the closest of the replay's pixels around it (3x3), a few pixels in from the
edges. Used by study.sh and facilitator.sh."""
from PIL import ImageChops, ImageStat


def phone_difference(live, replay, inset=2):
    """(share of pixels more than 40/255 apart, mean difference /255) of two same-size RGB images."""
    w, h = live.size
    best = None
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            d = ImageChops.difference(live, ImageChops.offset(replay, dx, dy)).convert("L")
            best = d if best is None else ImageChops.darker(best, d)
    best = best.crop((inset, inset, w - inset, h - inset))
    px = list(best.getdata())
    return sum(1 for p in px if p > 40) / len(px), ImageStat.Stat(best).mean[0]
