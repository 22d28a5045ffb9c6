#!/usr/bin/env python3
"""Bad input through the real binary, one table row per case.

Each row: a name, the command's arguments, the expected exit code, a fragment the one-line
message must hold, and the files the run may create or change (every other file in the work
folder and in the card folders must be byte-for-byte as before: nothing clobbered).

Usage: Tests/e2e/bad_input.py path/to/flick [work-folder]
Prints "  ok    ..." / "  FAIL  ..." per row and a count line; exit code 1 if any row failed.
"""
import hashlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crafted  # noqa: E402

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/flick")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
W = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="flick-bad-")
FULL_MOUNTED = False
os.makedirs(W, exist_ok=True)
ASSETS = os.path.join(ROOT, "assets")
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy")
ENV.pop("DISPLAY", None)
ENV.pop("WAYLAND_DISPLAY", None)


def w(*parts):
    return os.path.join(W, *parts)


def write(name, text, mode=None):
    path = w(name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode())
    if mode is not None:
        os.chmod(path, mode)
    return path


# --------------------------------------------------------------------------------------------
# Fixtures

GOOD_IMAGE = os.path.join(ASSETS, "01-weather.png")


# Pillow's progressive 16x16 JPEG of one colour.
PROGRESSIVE_JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wgARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAVAQEBAAAAAAAAAAAAAAAAAAAFB//aAAwDAQACEAMQAAABjARaP//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAQUCH//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQMBAT8Bf//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQIBAT8Bf//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEABj8CH//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAT8hH//aAAwDAQACAAMAAAAQ+//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQMBAT8Qf//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQIBAT8Qf//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAT8QH//Z"


def png_header(width, height, interlace=0):
    """A PNG whose IHDR claims width x height; the pixels are missing (never needed)."""
    import struct
    import zlib
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, interlace)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
            + struct.pack(">I", zlib.crc32(chunk) & 0xFFFFFFFF)
            + struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND") & 0xFFFFFFFF))


def recording_line(t, phase, x, y, pid=0):
    return json.dumps({"t": t, "pointer": {"device": "mouse", "phase": phase, "pointerID": pid,
                                           "position": {"x": x, "y": y}, "time": t}})


FULL = w("full")   # a 12 KiB tmpfs, filled to its last page, when we may mount one (root)


def mount_full():
    """A tiny file system with 4 KiB left, for write errors at any point; False if not possible."""
    os.makedirs(FULL, exist_ok=True)
    if os.geteuid() != 0:
        return False
    if subprocess.run(["mountpoint", "-q", FULL]).returncode != 0:
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", FULL],
                          stderr=subprocess.DEVNULL).returncode != 0:
            return False
    with open(os.path.join(FULL, "filler"), "wb") as f:
        f.write(b"\0" * 7000)
    return True


def unmount_full():
    if subprocess.run(["mountpoint", "-q", FULL]).returncode == 0:
        subprocess.run(["umount", FULL])


def long_session():
    """200 flings, one every 0.7 s: a log of many lines."""
    lines, t = [], 0.2
    for _ in range(200):
        lines.append(recording_line(round(t, 4), "down", 300, 420))
        for i in range(1, 8):
            t += 0.016
            lines.append(recording_line(round(t, 4), "move", 300 - 30 * i, 420))
        lines.append(recording_line(round(t, 4), "up", 90, 420))
        t += 0.7
    return "\n".join(lines) + "\n"


def setup():
    write("long.replay", long_session())
    write("c.json", "{}\n")
    write("bad-type.json", '{"now": {"throwSpeed": "fast"}}\n')
    write("not-json.json", "not json\n")
    write("array.json", "[1, 2]\n")
    write("empty.json", "")
    write("huge-ratio.json", '{"now": {"heightRatio": 1e15}}\n')
    write("big-ratio.json", '{"now": {"heightRatio": 100000}}\n')
    write("max-ratio.json", '{"carousel": {"pageRatio": 1e308}}\n')
    write("intmax.json", '{"pan": {"velocity": {"capacity": 9223372036854775807}}}\n')
    write("frac-count.json", '{"pan": {"velocity": {"capacity": 2.5}}}\n')
    write("scale-pitch.json", '{"switcher": {"scalePerPitch": -3293}}\n')
    write("neg-duration.json", '{"now": {"minThrowDuration": -1}}\n')
    write("zero-response.json", '{"snapBackSpring": {"response": 0}}\n')
    write("rate-one.json", '{"scroll": {"decelerationRate": 1}}\n')
    write("bool.json", '{"stack": {"throwSpeed": true}}\n')
    write("null.json", '{"stack": {"viewCount": null}}\n')
    write("section-number.json", '{"now": 7}\n')
    write("unknown-key.json", '{"now": {"throwSped": 600}}\n')
    write("unknown-section.json", '{"cube": {}}\n')
    write("axis.json", '{"pan": {"axisLock": "diagonal"}}\n')
    write("desc.json", '{"description": 5}\n')
    write("too-deep.json", "[" * 100000 + "]" * 100000)
    write("ok.jsonl", recording_line(0.1, "down", 200, 400) + "\n" + recording_line(0.2, "up", 200, 400) + "\n")
    write("bad.replay", '{"t": 1, "pointer": 7}\n')
    write("blank-lines.replay", recording_line(0.1, "down", 200, 400) + "\n\n\n" + "garbage\n")
    write("backwards.replay", recording_line(0.5, "down", 200, 400) + "\n" + recording_line(0.2, "up", 200, 400) + "\n")
    write("nan.replay", '{"t": 0.1, "pointer": {"device": "mouse", "phase": "down", "pointerID": 0, '
                        '"position": {"x": 1e999, "y": 0}, "time": 0.1}}\n')
    write("inf-drag.replay", recording_line(0.1, "down", 200, 400) + "\n"
          + recording_line(0.2, "move", 1e308, -1e308) + "\n" + recording_line(0.3, "up", 1e308, -1e308) + "\n")
    write("binary.replay", bytes(range(256)) * 4)
    write("old.jsonl", '{"event":"started"}\n')
    write("empty.replay", "")
    write("blank.replay", "\n \n\n")
    write("nan-header.replay", '{"flick_recording": 2, "count": NaN}\n')
    write("old-rec.jsonl", recording_line(0.1, "down", 200, 400) + "\n")
    write("readonly.jsonl", "keep\n", mode=0o444)
    os.makedirs(w("empty"), exist_ok=True)
    os.makedirs(w("dir.png"), exist_ok=True)
    os.makedirs(w("no-images"), exist_ok=True)
    write("no-images/readme.txt", "nothing here\n")
    os.makedirs(w("cards"), exist_ok=True)
    shutil.copy(GOOD_IMAGE, w("cards", "01-good.png"))
    write("cards/02-zero.png", b"")
    write("cards/03-text.png", "this is not an image\n")
    write("cards/04-noise.jpg", os.urandom(4096))
    write("cards/05-giant.png", png_header(23180, 23180))
    write("cards/06-truncated.png", open(GOOD_IMAGE, "rb").read()[:2000])
    os.makedirs(w("cards", "07-folder.png"), exist_ok=True)
    if not os.path.lexists(w("cards", "08-loop.png")):
        os.symlink("08-loop.png", w("cards", "08-loop.png"))
    if not os.path.exists(w("cards", "09-fifo.png")):
        os.mkfifo(w("cards", "09-fifo.png"))
    os.makedirs(w("fifo-cards"), exist_ok=True)
    shutil.copy(GOOD_IMAGE, w("fifo-cards", "a.png"))
    if not os.path.exists(w("fifo-cards", "x.png")):
        os.mkfifo(w("fifo-cards", "x.png"))
    os.makedirs(w("giant-cards"), exist_ok=True)
    write("giant-cards/giant.png", png_header(23180, 23180))
    shutil.copy(GOOD_IMAGE, w("giant-cards", "ok.png"))
    # A BMP named .png was decoded whole past the pixel limit (4.4 GB);
    # the header below claims 33000x33000 at 32 bits.
    os.makedirs(w("bmp-cards"), exist_ok=True)
    import struct
    bmp = b"BM" + struct.pack("<IHHI", 54 + 64, 0, 0, 54) + struct.pack("<IiiHHIIiiII", 40, 33000, 33000, 1, 32, 0, 0, 2835, 2835, 0, 0) + bytes(64)
    write("bmp-cards/01-big.png", bmp)
    write("bmp-cards/02-anim.png", b"GIF89a" + bytes(32))
    shutil.copy(GOOD_IMAGE, w("bmp-cards", "03-ok.png"))
    # An interlaced PNG is decoded whole by SDL_image, whose 32-bit row offsets crashed libpng
    # past 2 GB when --max-image-pixels allowed it (up to 1e9).
    os.makedirs(w("interlaced-cards"), exist_ok=True)
    write("interlaced-cards/01-adam7.png", png_header(30000, 30000, interlace=1))
    shutil.copy(GOOD_IMAGE, w("interlaced-cards", "02-ok.png"))
    # A progressive JPEG whose last scan repeats 20,000 times kept the decoder (and a quitting
    # app) busy for 11 minutes at 4000x4000; Flick's own JPEG reader refuses past 100 scans.
    import base64
    jpeg = base64.b64decode(PROGRESSIVE_JPEG)
    last, end = jpeg.rfind(b"\xff\xda"), jpeg.rfind(b"\xff\xd9")
    os.makedirs(w("scans-cards"), exist_ok=True)
    with open(w("scans-cards", "01-scans.jpg"), "wb") as f:
        f.write(jpeg[:end] + jpeg[last:end] * 20000 + b"\xff\xd9")
    shutil.copy(GOOD_IMAGE, w("scans-cards", "02-ok.png"))
    # --tasks files: not JSON, a goal naming a card that is not there, a bad limit.
    write("tasks-notjson.json", "{tasks: [")
    write("tasks-nocard.json", '{"tasks": [{"name": "find it", "goal": {"reached": "99-nowhere.png"}}]}')
    write("tasks-limit.json", '{"tasks": [{"name": "quick", "timeLimit": 1e300}]}')
    write("tasks-side.json", '{"participantSide": {"seq": "yes"}, "tasks": [{"name": "quick"}]}')
    # A Latin-1 file name (not UTF-8): it was "missing"; now said by its bytes and skipped.
    os.makedirs(w("latin1-cards"), exist_ok=True)
    shutil.copy(GOOD_IMAGE, os.path.join(os.fsencode(w("latin1-cards")), b"caf\xe9.png"))
    shutil.copy(GOOD_IMAGE, w("latin1-cards", "ok.png"))
    os.makedirs(w("card-copy"), exist_ok=True)
    shutil.copy(GOOD_IMAGE, w("card-copy", "a.png"))
    if not os.path.exists(w("fifo")):
        os.mkfifo(w("fifo"))
    for name, target in [("link.jsonl", "old.jsonl"), ("dangling.jsonl", "nowhere.jsonl"),
                         ("loop1", "loop2"), ("loop2", "loop1"), ("cfg-loop.json", "cfg-loop.json")]:
        if not os.path.lexists(w(name)):
            os.symlink(target, w(name))
    if not os.path.exists(w("sock")):
        import socket
        s = socket.socket(socket.AF_UNIX)
        s.bind(w("sock"))
        s.close()


# --------------------------------------------------------------------------------------------
# The table: (name, args, exit code, message fragment, files the run may create or change)

H = ["--headless", "--frames", "2"]
OUT = "@out"   # a fresh output path per row, in W

ROWS = [
    # Command line values
    ("unknown demo lists the valid ones", ["--demo", "cube"], 2, "The value 'cube' is invalid for '--demo <demo>'. Please provide one of 'now', 'switcher', 'stack', 'carousel' or 'swipe'", []),
    ("malformed --size", ["--size", "12by7"], 2, "The value '12by7' is invalid for '--size <WxH>': expected WIDTHxHEIGHT, each side 64 to 16384", []),
    ("zero --size", ["--size", "0x600"], 2, "The value '0x600' is invalid for '--size <WxH>': expected WIDTHxHEIGHT", []),
    ("huge --size", ["--size", "99999x99999"], 2, "The value '99999x99999' is invalid for '--size <WxH>': expected WIDTHxHEIGHT", []),
    ("negative --size", ["--size=-5x600"], 2, "The value '-5x600' is invalid for '--size <WxH>'", []),
    ("unknown --stage", ["--stage", "phone"], 2, "The value 'phone' is invalid for '--stage <WxH|device|window>': expected WIDTHxHEIGHT in points", []),
    ("negative --count", ["--count=-1"] + H, 2, "--count -1 is out of range", []),
    ("huge --count", ["--count", "99999999999"] + H, 2, "--count 99999999999 is out of range", []),
    ("--count not a number", ["--count", "many"], 2, "many", []),
    ("zero --frames", ["--frames", "0", "--headless"], 2, "--frames 0 is out of range", []),
    ("huge --frames", ["--frames", "2000000", "--headless"], 2, "--frames 2000000 is out of range", []),
    ("--screenshot without --headless", ["--screenshot", OUT + ".png"], 2, "--screenshot needs --headless", []),
    ("unknown option", ["--frobnicate"], 2, "--frobnicate", []),
    ("no display suggests --headless", ["@nodisplay"], 2, "use --headless", []),
    # Cards folder
    ("missing --cards folder", ["--cards", w("nope")] + H, 2, f"--cards folder '{w('nope')}' does not exist", []),
    ("empty --cards folder", ["--cards", w("empty")] + H, 2, "holds no PNG or JPEG images", []),
    ("--cards folder without images", ["--cards", w("no-images")] + H, 2, "holds no PNG or JPEG images", []),
    ("--cards is a file", ["--cards", w("c.json")] + H, 2, "is not a folder", []),
    ("--cards is a FIFO", ["--cards", w("fifo")] + H, 2, "is not a folder", []),
    ("--shots folder missing", ["--shots", w("nope")] + H, 2, f"--shots folder '{w('nope')}' does not exist", []),
    ("--shots is a file", ["--shots", w("c.json")] + H, 2, "is not a folder: it is a file of", []),
    ("--shots is a device", ["--shots", "/dev/null"] + H, 2, "--shots '/dev/null' is not a folder: it is a device", []),
    ("--cards is a symlink loop", ["--cards", w("loop1")] + H, 2, "it is a symlink loop", []),
    # Config files
    ("--config with a wrong type", ["--config", w("bad-type.json")] + H, 2, "wrong type at 'now.throwSpeed': expected a number", []),
    ("--config true for a number", ["--config", w("bool.json")] + H, 2, "wrong type at 'stack.throwSpeed': expected a number, found true", []),
    ("--config null for a count", ["--config", w("null.json")] + H, 2, "wrong type at 'stack.viewCount': expected a whole number, found null", []),
    ("--config number for a section", ["--config", w("section-number.json")] + H, 2, "wrong type at 'now': expected an object", []),
    ("--config fraction for a count", ["--config", w("frac-count.json")] + H, 2, "wrong type at 'pan.velocity.capacity': expected a whole number", []),
    ("--config not JSON", ["--config", w("not-json.json")] + H, 2, "is not valid JSON", []),
    ("--config an array", ["--config", w("array.json")] + H, 2, "is not a JSON object", []),
    ("--config empty", ["--config", w("empty.json")] + H, 2, "is not valid JSON", []),
    ("--config nested 100000 deep", ["--config", w("too-deep.json")] + H, 2, "--config file", []),
    ("--config missing", ["--config", w("none.json")] + H, 2, "does not exist", []),
    ("--config is a directory", ["--config", w("empty")] + H, 2, f"--config file '{w('empty')}' is a directory", []),
    ("--config is a FIFO (no hang)", ["--config", w("fifo")] + H, 2, "is a FIFO", []),
    ("--config is a symlink loop", ["--config", w("cfg-loop.json")] + H, 2, "is a symlink loop", []),
    ("--config is a device", ["--config", "/dev/zero"] + H, 2, "is a device", []),
    ("--config unknown key", ["--config", w("unknown-key.json")] + H, 2, "unknown key 'now.throwSped'", []),
    ("--config unknown section", ["--config", w("unknown-section.json")] + H, 2, "unknown key 'cube'", []),
    ("--config bad axis lock", ["--config", w("axis.json")] + H, 2, "wrong value at 'pan.axisLock' (expected one of: horizontal, vertical, free)", []),
    ("--config description not a string", ["--config", w("desc.json")] + H, 2, "wrong type at 'description'", []),
    ("--config heightRatio 1e15", ["--config", w("huge-ratio.json")] + H, 2, "'now.heightRatio' = 1e+15 is out of range (expected 0.05 to 4)", []),
    ("--config heightRatio 1e5", ["--config", w("big-ratio.json")] + H, 2, "'now.heightRatio' = 100000 is out of range", []),
    ("--config a ratio at 1e308", ["--config", w("max-ratio.json")] + H, 2, "'carousel.pageRatio' = 1e+308 is out of range", []),
    ("--config capacity Int.max", ["--config", w("intmax.json")] + H, 2, "'pan.velocity.capacity' = 9.223372036854776e+18 is out of range (expected a whole number from 3 to 4096)", []),
    ("--config scalePerPitch -3293", ["--config", w("scale-pitch.json")] + H, 2, "'switcher.scalePerPitch' = -3293 is out of range (expected -0.2 to 0.2)", []),
    ("--config negative duration", ["--config", w("neg-duration.json")] + H, 2, "'now.minThrowDuration' = -1 is out of range", []),
    ("--config zero spring response", ["--config", w("zero-response.json")] + H, 2, "'snapBackSpring.response' = 0 is out of range", []),
    ("--config deceleration rate 1", ["--config", w("rate-one.json")] + H, 2, "'scroll.decelerationRate' = 1 is out of range", []),
    # Replays
    ("--replay with a bad line", ["--replay", w("bad.replay")] + H, 2, "line 1 is not a recorded input", []),
    ("--replay line number counts blank lines", ["--replay", w("blank-lines.replay")] + H, 2, "line 4 is not a recorded input", []),
    ("--replay going back in time", ["--replay", w("backwards.replay")] + H, 2, "line 2 goes back in time", []),
    ("--replay with a number too big for JSON", ["--replay", w("nan.replay")] + H, 2, "line 1 is not a recorded input", []),
    ("--replay of binary bytes", ["--replay", w("binary.replay")] + H, 2, "line 1 is not a recorded input", []),
    ("--replay of an empty file", ["--replay", w("empty.replay")] + H, 2, "is empty (expected a recording", []),
    ("--replay of blank lines only", ["--replay", w("blank.replay")] + H, 2, "is empty (expected a recording", []),
    ("--replay of a log", ["--replay", w("old.jsonl")] + H, 2, "is an interaction log, not a recording", []),
    ("--replay header with NaN", ["--replay", w("nan-header.replay")] + H, 2, "line 1 is not a valid recording header (not JSON: NaN and Infinity", []),
    ("--replay missing", ["--replay", w("none.jsonl")] + H, 2, "does not exist", []),
    ("--replay is a directory", ["--replay", w("empty")] + H, 2, "is a directory", []),
    ("--replay is a FIFO (no hang)", ["--replay", w("fifo")] + H, 2, "is a FIFO", []),
    ("--replay is a symlink loop", ["--replay", w("loop1")] + H, 2, "is a symlink loop", []),
    # Outputs: never clobber, never write through odd files
    ("--log onto --replay", ["--replay", w("ok.jsonl"), "--log", w("ok.jsonl")] + H, 2, "it is the --replay file of this run", []),
    ("--log onto --replay with --overwrite", ["--replay", w("ok.jsonl"), "--log", w("ok.jsonl"), "--overwrite"] + H, 2, "it is the --replay file of this run", []),
    ("--log onto --config", ["--config", w("c.json"), "--log", w("c.json"), "--overwrite"] + H, 2, "it is the --config file of this run", []),
    ("--log onto --record", ["--record", OUT + "-same.jsonl", "--log", OUT + "-same.jsonl"] + H, 2, "it is also the log file of this run", []),
    ("--log onto --record, two spellings", ["--record", w("same2.jsonl"), "--log", w(".", "..", os.path.basename(W), "same2.jsonl")] + H, 2, "it is also the log file of this run", []),
    ("--log onto a card image", ["--cards", w("card-copy"), "--log", w("card-copy", "a.png"), "--overwrite"] + H, 2, "it is a card image (a.png) of this run", []),
    ("--screenshot onto a card image", ["--cards", w("card-copy"), "--screenshot", w("card-copy", "a.png")] + H, 2, "it is a card image (a.png) of this run", []),
    ("--record X --replay X", ["--replay", w("old-rec.jsonl"), "--record", w("old-rec.jsonl")] + H, 2, "it is the --replay file of this run", []),
    ("--log onto yesterday's log", ["--log", w("old.jsonl")] + H, 2, "already exists (give --overwrite", []),
    ("--record onto yesterday's recording", ["--record", w("old-rec.jsonl")] + H, 2, "already exists (give --overwrite", []),
    ("--log through a symlink", ["--log", w("link.jsonl"), "--overwrite"] + H, 2, "it is a symlink", []),
    ("--record through a symlink", ["--record", w("link.jsonl"), "--overwrite"] + H, 2, "it is a symlink", []),
    ("--log onto a dangling symlink", ["--log", w("dangling.jsonl")] + H, 2, "it is a symlink", []),
    ("--log onto a symlink loop", ["--log", w("loop1")] + H, 2, "it is a symlink loop", []),
    ("--log onto a FIFO", ["--log", w("fifo")] + H, 2, "it is a FIFO (named pipe), not a regular file", []),
    ("--record onto a FIFO", ["--record", w("fifo"), "--overwrite"] + H, 2, "it is a FIFO", []),
    ("--log onto a socket", ["--log", w("sock")] + H, 2, "it is a socket", []),
    ("--log /dev/full", ["--log", "/dev/full"] + H, 2, "'/dev/full': it is a device", []),
    ("--screenshot /dev/full", ["--screenshot", "/dev/full"] + H, 2, "'/dev/full': it is a device", []),
    ("--record /dev/null", ["--record", "/dev/null"] + H, 2, "it is a device", []),
    ("--log onto a directory", ["--log", w("empty")] + H, 2, f"cannot write the log file '{w('empty')}': it is a directory", []),
    ("--screenshot onto a directory", ["--screenshot", w("dir.png")] + H, 2, "it is a directory", []),
    ("--log onto a read-only file", ["--log", w("readonly.jsonl"), "--overwrite"] + H, 2, "it is read-only", []),
    ("--record onto a read-only file", ["--record", w("readonly.jsonl"), "--overwrite"] + H, 2, "it is read-only", []),
    ("--log in a missing folder", ["--log", w("nope", "log.jsonl")] + H, 2, "its folder", []),
    ("--log under /proc", ["--log", "/proc/nope/log.jsonl"] + H, 2, "cannot write the log file '/proc/nope/log.jsonl'", []),
    ("--log empty path", ["--log", ""] + H, 2, "--log '': the path is empty", []),
    # Degenerate output paths are refused by their spelling (Tests/e2e/outputs.py runs every
    # subcommand with them from an empty folder); before, `compare --out ''` wrote /contact-sheet.png.
    ("--record ending in /", ["--record", w("x.jsonl") + "/"] + H, 2, "the path ends in '/'", []),
    ("--shots with a newline", ["--shots", "a\nb"] + H, 2, "--shots 'a\\nb': the path holds a control character", []),
    # Images: placeholders, never a crash or a hang
    ("bad images become placeholders", ["--cards", w("cards"), "--log", OUT + ".jsonl", "--screenshot", OUT + ".png", "--frames", "3", "--headless"], 0, "warning:", [OUT + ".jsonl", OUT + ".png"]),
    ("a FIFO named x.png does not block start-up", ["--cards", w("fifo-cards")] + H, 0, "x.png", []),
    ("--tasks file that is not JSON", ["--tasks", w("tasks-notjson.json"), "--headless"], 2, "is not JSON", []),
    ("--tasks goal naming a card not in the deck", ["--tasks", w("tasks-nocard.json"), "--headless"], 2, "names the card '99-nowhere.png', which is not among the cards", []),
    ("--tasks time limit of 1e300 s", ["--tasks", w("tasks-limit.json"), "--headless"], 2, "'timeLimit' = 1e+300 is out of range", []),
    ("--tasks participantSide of a wrong type", ["--tasks", w("tasks-side.json"), "--headless"], 2, "tasks-side.json': 'participantSide.seq' = \"yes\" is not true or false", []),
    ("--tasks file missing", ["--tasks", w("no-such-tasks.json"), "--headless"], 2, "no-such-tasks.json", []),
    ("--markers with ten labels", ["--markers", "a,b,c,d,e,f,g,h,i,j", "--headless"], 2, "has 10 labels (expected 1 to 9", []),
    ("--markers reusing the task marker's label", ["--markers", "found it,start", "--headless"], 2, "'start' is the task marker's own label", []),
    ("a JPEG of 20,000 scans is refused past 100, the other card still drawn", ["--cards", w("scans-cards"), "--frames", "120", "--headless"], 0, "has more than 100 scans", []),
    ("a 900-megapixel interlaced PNG is refused even under a high limit", ["--cards", w("interlaced-cards"), "--max-image-pixels", "1000000000", "--frames", "3", "--headless"], 0, "a JPEG or interlaced PNG is decoded whole, at most 536.9 megapixels", []),
    ("a file name that is not UTF-8 is said by its bytes", ["--cards", w("latin1-cards"), "--frames", "3", "--headless"], 0, "the file name 'caf\\xE9.png' is not UTF-8 text", []),
    ("a BMP named .png is refused by its content", ["--cards", w("bmp-cards"), "--frames", "3", "--headless"], 0, "01-big.png' is a BMP image, not a PNG or JPEG image", []),
    ("a GIF named .png is refused by its content", ["--cards", w("bmp-cards"), "--frames", "3", "--headless"], 0, "is a GIF image, not a PNG or JPEG image", []),
    ("a 23180x23180 PNG is refused by size", ["--cards", w("giant-cards"), "--frames", "3", "--headless"], 0, "23180x23180", []),
    ("--max-image-pixels 0", ["--max-image-pixels", "0"] + H, 2, "--max-image-pixels", []),
    # Signals: a long headless run (or replay) ends within a frame, quit line written, files closed
    ("SIGTERM ends a million-frame headless run", ["@signal:TERM", "--headless", "--frames", "1000000", "--log", OUT + ".jsonl", "--record", OUT + "-rec.jsonl"], 143, "stopped by SIGTERM", [OUT + ".jsonl", OUT + "-rec.jsonl"]),
    ("SIGINT ends a headless replay", ["@signal:INT", "--headless", "--frames", "1000000", "--replay", w("ok.jsonl"), "--log", OUT + ".jsonl"], 130, "stopped by SIGINT", [OUT + ".jsonl"]),
    ("SIGHUP ends a headless run", ["@signal:HUP", "--headless", "--frames", "1000000", "--log", OUT + ".jsonl"], 129, "stopped by SIGHUP", [OUT + ".jsonl"]),
    # Full disk: the write fails mid-session; exit 3 naming the file, every line before it whole
    ("log on a full disk stops with exit 3", ["@full", "--headless", "--frames", "9000", "--demo", "switcher", "--replay", w("long.replay"), "--log", os.path.join(FULL, "log.jsonl")], 3, f"cannot write the log file '{FULL}/log.jsonl': No space left on device", [os.path.join(FULL, "log.jsonl")]),
    ("recording on a full disk stops with exit 3", ["@full", "--headless", "--frames", "9000", "--replay", w("long.replay"), "--record", os.path.join(FULL, "rec.jsonl")], 3, f"'{FULL}/", [os.path.join(FULL, "rec.jsonl")]),
    ("screenshot on a full disk stops with exit 3", ["@full", "--headless", "--frames", "2", "--size", "1280x800", "--screenshot", os.path.join(FULL, "shot.png")], 3, f"cannot write the screenshot '{FULL}/shot.png'", []),
    # Numbers
    ("a replay dragging to 1e308 logs only finite numbers", ["--replay", w("inf-drag.replay"), "--log", OUT + ".jsonl", "--headless", "--frames", "40"], 0, "", [OUT + ".jsonl"]),
]


# Crafted session files through every command that reads them. Each is a
# one-line refusal (exit 2) naming the line and the field; before, these trapped (SIGILL), walked
# 6e8 frames, or opened files outside the card folder.
CRAFTED = crafted.make(w("crafted"), ASSETS)
PRESETS = [write("preset-a.json", '{"now": {"throwSpeed": 500}}\n'), write("preset-b.json", '{"now": {"throwSpeed": 900}}\n')]


def crafted_rows():
    rows = []
    for name, (path, culprit) in sorted(CRAFTED.items()):
        if not culprit:
            continue
        if name.endswith(".log"):
            rows.append((f"report of {name}", ["report", path, "--out", OUT + "-report"], 2, culprit, []))
            continue
        rows += [
            (f"--replay {name}", ["--replay", path] + H, 2, culprit, []),
            (f"report {name}", ["report", path, "--out", OUT + "-report"], 2, culprit, []),
            (f"compare {name}", ["compare", "--replay", path, "--config", PRESETS[0], "--config", PRESETS[1], "--out", OUT + "-cmp"], 2, culprit, []),
            (f"export {name}", ["export", path, "--out", OUT + ".mp4"], 2, culprit, []),
        ]
    return rows


ROWS += crafted_rows()


# The card store proves its pictures: a kept copy is hashed again when its recording is opened,
# and one that is not its picture (one byte changed, the same size) or is a symlink is refused
# naming the card, by every command that opens it; a symlinked store is never written through.
# Before, each was drawn (rc 0) and a recording wrote its copies where the link led.
def card_store_setup():
    import hashlib
    weather = open(GOOD_IMAGE, "rb").read()
    digest = hashlib.sha256(weather).hexdigest()
    head = crafted.header(ASSETS)
    head["card_files"][0]["hash"] = digest
    for name, make in [("tampered", "byte"), ("linked", "link")]:
        folder = w("store-" + name)
        os.makedirs(os.path.join(folder, "flick-cards"), exist_ok=True)
        write(os.path.join(folder, "s.rec"), crafted.recording(head, crafted.fling()))
        copy = os.path.join(folder, "flick-cards", digest + ".png")
        if os.path.lexists(copy):
            os.remove(copy)
        if make == "byte":
            write(copy, weather[:1000] + bytes([weather[1000] ^ 1]) + weather[1001:])
        else:
            os.symlink(GOOD_IMAGE, copy)
    os.makedirs(w("store-symlink", "elsewhere"), exist_ok=True)
    if not os.path.lexists(w("store-symlink", "flick-cards")):
        os.symlink("elsewhere", w("store-symlink", "flick-cards"))


card_store_setup()
for _name, _why in [("tampered", "is not that picture"), ("linked", "is a symlink")]:
    _rec = w("store-" + _name, "s.rec")
    _culprit = "the card store's copy of '01-weather.png' (flick-cards/"
    ROWS += [
        (f"--replay of a {_name} kept copy", ["--replay", _rec] + H, 2, _culprit, []),
        (f"report of a {_name} kept copy", ["report", _rec, "--out", OUT + "-report"], 2, _why, []),
        (f"compare of a {_name} kept copy", ["compare", "--replay", _rec, "--config", PRESETS[0], "--config", PRESETS[1], "--out", OUT + "-cmp"], 2, _why, []),
        (f"export of a {_name} kept copy", ["export", _rec, "--out", OUT + ".mp4"], 2, _culprit, []),
    ]
ROWS += [
    ("--record beside a symlinked card store", H + ["--record", w("store-symlink", "s.rec")], 2,
     "flick-cards' is a symlink (expected a real folder beside the recording", []),
]


# A recording of a large folder keeps its pictures while the session runs: SIGTERM 1.5 s in,
# mid-keeping, ends it within a second with the log's quit line and whole lines. The folder (6,000
# distinct small PNGs) and its store live beside W, outside the snapshot every row takes.
def many_cards():
    folder = W.rstrip("/") + "-many"
    cards = os.path.join(folder, "cards")
    shutil.rmtree(os.path.join(folder, "flick-cards"), ignore_errors=True)
    os.makedirs(cards, exist_ok=True)
    import struct
    import zlib

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(b"\x00" + b"\x30\x60\x90" * 2 + b"\x00" + b"\x90\x60\x30" * 2)) + chunk(b"IEND", b""))
    for i in range(6000):
        path = os.path.join(cards, f"{i:04d}.png")
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(png + i.to_bytes(4, "big"))   # bytes after IEND: a distinct file each
    return folder


MANY = many_cards()
ROWS += [
    ("SIGTERM while keeping 6,000 cards", ["@signal:TERM", "--headless", "--frames", "1000000", "--cards", os.path.join(MANY, "cards"),
                                           "--record", os.path.join(MANY, "s.rec"), "--log", os.path.join(MANY, "s.jsonl"), "--overwrite"],
     143, "stopped by SIGTERM", [os.path.join(MANY, "s.jsonl"), os.path.join(MANY, "s-rec.jsonl")]),
]


# Every file a study command writes goes through the output policy. Before,
# `export r.mp4 --out r.mp4` replaced the recording with its video, and report/compare replaced
# read-only files, symlinks, FIFOs, their own inputs and presets; thumbnails went through a
# predictable /tmp name.
GOOD_REC = CRAFTED["good.rec"][0]
GOOD_LOG = CRAFTED["good.log"][0]


def study_setup():
    rec = open(GOOD_REC).read()
    # Five hours of session clock: the replay walk of report/compare/export takes seconds.
    write("five-hours.rec", rec + json.dumps({"t": 18000, "command": "next"}) + "\n")
    write("rec-named.mp4", rec)
    write("ro.mp4", "keep\n", mode=0o444)
    os.makedirs(w("dir.mp4"), exist_ok=True)
    for name, target in [("link.mp4", "old.jsonl"), ("rep-link/report.html", "../old.jsonl"),
                         ("cmp-link/differences.csv", "../old.jsonl")]:
        os.makedirs(os.path.dirname(w(name)), exist_ok=True)
        if not os.path.lexists(w(name)):
            os.symlink(target, w(name))
    for name in ["fifo.mp4", "rep-fifo/gestures.csv"]:
        os.makedirs(os.path.dirname(w(name)), exist_ok=True)
        if not os.path.exists(w(name)):
            os.mkfifo(w(name))
    write("rep-ro/report.html", "keep\n", mode=0o444)
    write("rep-self/report.html", open(GOOD_LOG).read())
    write("cmp-preset/report.html", '{"now": {"throwSpeed": 700}}\n')
    write("cmp-self/gestures.csv", rec)
    write("cmp-ro/contact-sheet.png", "keep\n", mode=0o444)
    os.makedirs(w("no-tmp"), exist_ok=True)


study_setup()
REPORT_OUT = [OUT + "-report", OUT + "-report/report.html", OUT + "-report/gestures.csv"]
CMP_OUT = [OUT + "-cmp"] + [OUT + "-cmp/" + f for f in ("contact-sheet.png", "report.html", "gestures.csv", "differences.csv")]
CMP = ["compare", "--replay", GOOD_REC, "--config", PRESETS[0], "--config", PRESETS[1], "--out"]
ROWS += [
    ("export onto its own recording", ["export", w("rec-named.mp4"), "--out", w("rec-named.mp4")], 2, "it is the recording of this run", []),
    ("export onto its own recording, another spelling", ["export", w("rec-named.mp4"), "--out", w("empty", "..", "rec-named.mp4")], 2, "it is the recording of this run", []),
    ("export onto a read-only file", ["export", GOOD_REC, "--out", w("ro.mp4")], 2, "it is read-only", []),
    ("export through a symlink", ["export", GOOD_REC, "--out", w("link.mp4")], 2, "it is a symlink", []),
    ("export onto a FIFO", ["export", GOOD_REC, "--out", w("fifo.mp4")], 2, "it is a FIFO", []),
    ("export onto a directory", ["export", GOOD_REC, "--out", w("dir.mp4")], 2, "it is a directory", []),
    ("export into a missing folder", ["export", GOOD_REC, "--out", w("nope", "x.mp4")], 2, "does not exist", []),
    ("report onto a read-only report.html", ["report", GOOD_LOG, "--out", w("rep-ro")], 2, "it is read-only", []),
    ("report through a symlinked report.html", ["report", GOOD_LOG, "--out", w("rep-link")], 2, "it is a symlink", []),
    ("report onto a FIFO gestures.csv", ["report", GOOD_LOG, "--out", w("rep-fifo")], 2, "it is a FIFO", []),
    ("report onto its own session file", ["report", w("rep-self", "report.html"), "--out", w("rep-self")], 2, "it is a session file of this run", []),
    ("compare --out with --size (a window option)", ["compare", "--replay", GOOD_REC, "--config", PRESETS[0], "--config", PRESETS[1], "--out", OUT + "-cmp", "--size", "64x64"], 2, "--size is for the compare window", []),
    ("compare --out with --speed and --loop", ["compare", "--replay", GOOD_REC, "--config", PRESETS[0], "--config", PRESETS[1], "--out", OUT + "-cmp", "--speed", "8", "--loop"], 2, "--speed, --loop are for the compare window", []),
    ("report --out is a file", ["report", GOOD_LOG, "--out", w("c.json")], 2, "is a file of 3 bytes (expected a folder)", []),
    ("report --out under a file", ["report", GOOD_LOG, "--out", w("c.json") + "/sub"], 2, "its folder '" + w("c.json") + "' is a file of 3 bytes (expected a folder)", []),
    ("tune --out under a file, before any replay", ["tune", GOOD_REC, "--key", "stack.throwSpeed", "--values", "300,600", "--out", w("c.json") + "/sub"], 2, "its folder '" + w("c.json") + "' is a file", []),
    ("compare onto a preset in --out", ["compare", "--replay", GOOD_REC, "--config", w("cmp-preset", "report.html"), "--config", PRESETS[1], "--out", w("cmp-preset")], 2, "it is a --config preset of this run", []),
    ("compare onto its own recording", ["compare", "--replay", w("cmp-self", "gestures.csv"), "--config", PRESETS[0], "--config", PRESETS[1], "--out", w("cmp-self")], 2, "it is the --replay file of this run", []),
    ("compare through a symlinked differences.csv", CMP + [w("cmp-link")], 2, "it is a symlink", []),
    ("compare onto a read-only contact sheet", CMP + [w("cmp-ro")], 2, "it is read-only", []),
    ("report of a recording makes thumbnails without a temporary folder", ["@env:TMPDIR=" + w("no-tmp", "missing"), "report", GOOD_REC, "--out", OUT + "-report"], 0, "", REPORT_OUT),
    ("compare makes its sheet without a temporary folder", ["@env:TMPDIR=" + w("no-tmp", "missing")] + CMP + [OUT + "-cmp"], 0, "", CMP_OUT),
    ("report of a good log", ["report", GOOD_LOG, "--out", OUT + "-report"], 0, "", REPORT_OUT),
    ("compare --out ''", CMP + [""], 2, "--out '': the path is empty (expected a folder path)", []),
    ("report --out '.'", ["report", GOOD_LOG, "--out", "."], 2, "--out '.': the path names '.'", []),
    ("export --out ending in /", ["export", GOOD_REC, "--out", OUT + ".mp4/"], 2, "the path ends in '/'", []),
]
# flick study: design CSV refusals name their line; outputs follow the output policy; a refused
# session leaves no folder behind.
write("design-wrong.csv", "file,participant,task,condition\n" + os.path.basename(GOOD_LOG) + ",p1,t,a\nnobody.rec,p9,t,a\n")
write("design-nocol.csv", "file,participant,task\n" + os.path.basename(GOOD_LOG) + ",p1,t\n")
write("stu-self/comparisons.csv", "file,participant,task,condition\n")
os.makedirs(w("stu-link"), exist_ok=True)
if not os.path.lexists(w("stu-link", "study.html")):
    os.symlink("../old.jsonl", w("stu-link", "study.html"))
write("not-a-session.rec", "garbage\n")
STUDY_OUT = [OUT + "-study"] + [OUT + "-study/" + f for f in ("study.html", "gestures.csv", "participants.csv", "conditions.csv", "comparisons.csv", "tasks.csv", "task_rates.csv", "decisions.csv", "sus.csv", "seq.csv", "questionnaires.csv")]
ROWS += [
    ("study with a design naming a file not given", ["study", GOOD_LOG, GOOD_REC, "--design", w("design-wrong.csv"), "--out", OUT + "-study"], 2, "design-wrong.csv line 3: 'nobody.rec' is not one of the sessions given", []),
    ("study with a design missing a column", ["study", GOOD_LOG, "--design", w("design-nocol.csv"), "--out", OUT + "-study"], 2, "design-nocol.csv line 1: no 'condition' column", []),
    ("study with a directory as design", ["study", GOOD_LOG, "--design", w("empty"), "--out", OUT + "-study"], 2, "is a directory (expected a regular file)", []),
    ("study onto its own design file", ["study", GOOD_LOG, "--design", w("stu-self", "comparisons.csv"), "--out", w("stu-self")], 2, "it is the --design file of this run", []),
    ("study through a symlinked study.html", ["study", GOOD_LOG, "--out", w("stu-link")], 2, "it is a symlink", []),
    ("study of a file that is no session", ["study", GOOD_LOG, w("not-a-session.rec"), "--out", OUT + "-study"], 2, "is neither an interaction log", []),
    ("study of a session given twice", ["study", GOOD_LOG, GOOD_LOG, "--out", OUT + "-study"], 2, "is given twice", []),
    ("study of a log and a recording", ["study", GOOD_LOG, GOOD_REC, "--out", OUT + "-study"], 0, "", STUDY_OUT),
]
# One session, counted once: the same file under two names, a copy of a recording (the same
# session id) and the same preset twice are refused with both names; a second preset file that
# sets the same config is said.
shutil.copyfile(GOOD_REC, w("copy-of-good.rec"))
if not os.path.lexists(w("link-good.jsonl")):
    os.symlink(GOOD_LOG, w("link-good.jsonl"))
SPELLED = os.path.join(os.path.dirname(GOOD_LOG), ".", os.path.basename(GOOD_LOG))
PRESET_A_AGAIN = write("preset-a-again.json", '{"now": {"throwSpeed": 500}}\n')
ROWS += [
    ("report of one log under two spellings", ["report", GOOD_LOG, SPELLED, "--out", OUT + "-report"], 2, "are the same file (give each once)", []),
    ("report of a log and a symlink to it", ["report", GOOD_LOG, w("link-good.jsonl"), "--out", OUT + "-report"], 2, "are the same file (give each once)", []),
    ("report of a recording and its copy", ["report", GOOD_REC, w("copy-of-good.rec"), "--out", OUT + "-report"], 2, "are the same session (id ", []),
    ("study of a recording and its copy", ["study", GOOD_REC, w("copy-of-good.rec"), "--out", OUT + "-study"], 2, "are the same session (id ", []),
    ("tune of a recording and its copy", ["tune", GOOD_REC, w("copy-of-good.rec"), "--key", "stack.throwSpeed", "--values", "400,600", "--out", OUT + "-tune"], 2, "are the same session (id ", []),
    ("tune of one recording under two spellings", ["tune", GOOD_REC, os.path.join(os.path.dirname(GOOD_REC), ".", os.path.basename(GOOD_REC)), "--key", "stack.throwSpeed", "--values", "400,600", "--out", OUT + "-tune"], 2, "are the same file (give each once)", []),
    ("compare with one preset twice", ["compare", "--replay", GOOD_REC, "--config", PRESETS[0], "--config", os.path.join(os.path.dirname(PRESETS[0]), ".", os.path.basename(PRESETS[0])), "--out", OUT + "-cmp"], 2, "are the same file (give each once)", []),
    ("compare with two presets of one config", ["compare", "--replay", GOOD_REC, "--config", PRESETS[0], "--config", PRESET_A_AGAIN, "--out", OUT + "-cmp"], 0, "warning: --config 'preset-a' and 'preset-a-again' set the same config: their rows are the same", CMP_OUT),
]
# SDL_VIDEODRIVER set but empty with a dead display ran invisibly at 1 GB
# in a driver that shows nothing and crashed on SIGTERM; a refused run left an empty log.
ROWS += [
    ("an empty SDL_VIDEODRIVER with a dead display", ["@env:SDL_VIDEODRIVER=", "@env:DISPLAY=:987", "--log", OUT + ".jsonl"], 2, "no display available at DISPLAY=:987", []),
    ("an empty SDL_VIDEODRIVER and no display", ["@env:SDL_VIDEODRIVER=", "--log", OUT + ".jsonl"], 2, "no display available (neither DISPLAY nor WAYLAND_DISPLAY is set)", []),
]

# flick tune: the values grammar names the value, a log is refused (it holds events, not
# inputs), outputs follow the output policy, a refused run leaves no folder.
TUNE_OUT = [OUT + "-tune", OUT + "-tune/tune.html", OUT + "-tune/tune.csv"]
TK = ["--key", "stack.throwSpeed"]
ROWS += [
    # Outputs never land in Flick's checkout, however spelt; nothing is made there.
    ("a recording inside the checkout", ["--record", os.path.join(ROOT, "docs", "..", "p7-bad-input.rec"), "--frames", "2", "--headless"], 2, "would land in Flick's checkout", []),
    ("a screenshot deep inside the checkout", ["--screenshot", os.path.join(ROOT, "docs", "new-bad-input", "s.png"), "--frames", "2", "--headless"], 2, "would land in Flick's checkout", []),
    ("tune --out inside the checkout", ["tune", GOOD_REC] + TK + ["--values", "300,600", "--out", os.path.join(ROOT, "bad-input-tune")], 2, "would land in Flick's checkout", []),
    ("tune with an unknown key", ["tune", GOOD_REC, "--key", "stack.throwSped", "--values", "300:900:50", "--out", OUT + "-tune"], 2, "--key 'stack.throwSped' is not a config key", []),
    ("tune with a backwards range", ["tune", GOOD_REC] + TK + ["--values", "900:300:50", "--out", OUT + "-tune"], 2, "TO (300) is below FROM (900)", []),
    ("tune with a zero step", ["tune", GOOD_REC] + TK + ["--values", "300:900:0", "--out", OUT + "-tune"], 2, "the step must be above 0", []),
    ("tune with a million values", ["tune", GOOD_REC] + TK + ["--values", "1:100000:0.1", "--out", OUT + "-tune"], 2, "values (at most 200", []),
    ("tune with a value out of range", ["tune", GOOD_REC] + TK + ["--values", "0,1e300", "--out", OUT + "-tune"], 2, "is outside its range (expected 1 to 100000", []),
    ("tune with a NaN value", ["tune", GOOD_REC] + TK + ["--values", "nan", "--out", OUT + "-tune"], 2, "'nan' is not a number", []),
    ("tune with --key but no --values", ["tune", GOOD_REC] + TK + ["--out", OUT + "-tune"], 2, "flick: 1 --key and 0 --values", []),
    ("tune with three keys", ["tune", GOOD_REC] + TK + ["--values", "500"] + ["--key", "now.throwSpeed", "--values", "500", "--key", "carousel.throwSpeed", "--values", "500", "--out", OUT + "-tune"], 2, "a sweep takes one key or a grid of two", []),
    ("tune of a log", ["tune", GOOD_LOG] + TK + ["--values", "300:900:100", "--out", OUT + "-tune"], 2, "is an interaction log, not a recording", []),
    ("tune of a file that is no recording", ["tune", w("not-a-session.rec")] + TK + ["--values", "300:900:100", "--out", OUT + "-tune"], 2, "not-a-session.rec", []),
    ("tune with --jobs 0", ["tune", GOOD_REC] + TK + ["--values", "500", "--jobs", "0", "--out", OUT + "-tune"], 2, "--jobs 0 is out of range", []),
    ("tune onto its own recording", ["tune", w("tune-self", "tune.csv")] + TK + ["--values", "500", "--out", w("tune-self")], 2, "tune.csv", []),
    ("tune of a recording", ["tune", GOOD_REC] + TK + ["--values", "300:900:100", "--out", OUT + "-tune"], 0, "", TUNE_OUT),
]
os.makedirs(w("tune-self"), exist_ok=True)
shutil.copy(GOOD_REC, w("tune-self", "tune.csv"))

# Valid but absurd proportions: a 1x16384 stage made compare hang on a 2.4-million-pixel-tall
# cell; a 16384x1 one failed with an SDL error. Cells keep within 1:8 to 8:1, letterboxed.
for shape, stage in [("thin", {"width": 1, "height": 16384}), ("wide", {"width": 16384, "height": 1})]:
    write(f"{shape}.rec", crafted.recording(crafted.header(ASSETS, stage=stage, stage_corner_radius=0), crafted.fling()))
    ROWS += [
        (f"compare of a {stage['width']}x{stage['height']} stage", ["compare", "--replay", w(f"{shape}.rec"), "--config", PRESETS[0], "--config", PRESETS[1], "--out", OUT + "-cmp"], 0, "", CMP_OUT),
        (f"report of a {stage['width']}x{stage['height']} stage", ["report", w(f"{shape}.rec"), "--out", OUT + "-report"], 0, "", REPORT_OUT),
    ]

# Signals and descriptors in every command. Before, report ignored SIGINT
# and SIGTERM once SDL was up, SIGQUIT was ignored everywhere, a closed stderr pipe killed a
# session by SIGPIPE, and with stderr closed the log opened on descriptor 2.
FIVE = w("five-hours.rec")
# A fling at the start and one five hours on: the report walks to it twice, the second time with
# SDL up drawing the contact sheet (where SDL used to swallow SIGINT and SIGTERM).
write("late.rec", crafted.recording(crafted.header(ASSETS), crafted.fling() + crafted.fling(18000.0)))
# Several sessions make a longer walk; each its own session (a tool counts a session once).
def other_session(path, n):
    text = open(path).read().replace("00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-%012d" % n, 1)
    return write(os.path.basename(path).replace(".rec", "-%d.rec" % n), text)
FIVES = [other_session(FIVE, n) for n in range(1, 7)]
LATE_2 = other_session(w("late.rec"), 2)
MORE_PRESETS = [write("preset-c.json", '{"now": {"throwSpeed": 700}}\n'), write("preset-d.json", '{"now": {"throwSpeed": 1100}}\n')]
FIVE_CMP = ["compare", "--replay", FIVE] + [x for p in PRESETS + MORE_PRESETS for x in ("--config", p)] + ["--out", OUT + "-cmp"]
ROWS += [
    ("SIGTERM stops report mid-walk", ["@signal:TERM", "report"] + FIVES + ["--out", OUT + "-report"], 143, "stopped by SIGTERM", REPORT_OUT),
    ("SIGTERM stops report with SDL up", ["@signal:TERM", "report", w("late.rec"), LATE_2, "--out", OUT + "-report"], 143, "stopped by SIGTERM", REPORT_OUT),
    ("SIGINT stops report mid-walk", ["@signal:INT", "report"] + FIVES + ["--out", OUT + "-report"], 130, "stopped by SIGINT", REPORT_OUT),
    ("SIGHUP stops compare mid-walk", ["@signal:HUP"] + FIVE_CMP, 129, "stopped by SIGHUP", CMP_OUT),
    ("SIGQUIT stops compare mid-walk", ["@signal:QUIT"] + FIVE_CMP, 131, "stopped by SIGQUIT", CMP_OUT),
    ("SIGTERM stops export mid-walk", ["@signal:TERM", "export", FIVE, "--out", OUT + ".mp4"], 143, "stopped by SIGTERM", []),
    ("SIGQUIT stops export mid-walk", ["@signal:QUIT", "export", FIVE, "--out", OUT + ".gif"], 131, "stopped by SIGQUIT", []),
    ("SIGQUIT ends a headless run", ["@signal:QUIT", "--headless", "--frames", "1000000", "--log", OUT + ".jsonl"], 131, "stopped by SIGQUIT", [OUT + ".jsonl"]),
    ("SIGQUIT ends a headless replay", ["@signal:QUIT", "--headless", "--frames", "1000000", "--replay", GOOD_REC, "--log", OUT + ".jsonl", "--record", OUT + "-rec.jsonl"], 131, "stopped by SIGQUIT", [OUT + ".jsonl", OUT + "-rec.jsonl"]),
    ("a closed stderr pipe is no SIGPIPE death", ["@brokenstderr", "--cards", w("cards"), "--headless", "--frames", "120", "--log", OUT + ".jsonl", "--record", OUT + "-rec.jsonl"], 0, "", [OUT + ".jsonl", OUT + "-rec.jsonl"]),
    ("with stderr closed the log is not descriptor 2", ["@closefd:2", "--cards", w("cards"), "--headless", "--frames", "3", "--log", OUT + ".jsonl"], 0, "", [OUT + ".jsonl"]),
    ("with stdin, stdout and stderr closed a run still works", ["@closefd:0,1,2", "--headless", "--frames", "3", "--log", OUT + ".jsonl", "--record", OUT + "-rec.jsonl"], 0, "", [OUT + ".jsonl", OUT + "-rec.jsonl"]),
    ("with stderr closed report writes its folder", ["@closefd:2", "report", GOOD_LOG, "--out", OUT + "-report"], 0, "", REPORT_OUT),
]

# Ffmpeg is a child to supervise. Fake ffmpegs (first on PATH) fail, flood
# standard error, stall, or write a broken file; export stops with exit 3 naming the video, keeps
# no temporary file, and leaves no ffmpeg behind.
FAKES = w("fake-ffmpeg")


def fake(name, body):
    folder = os.path.join(FAKES, name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "ffmpeg")
    with open(path, "w") as f:
        f.write("#!/bin/sh\necho $$ > " + w("fake.pid") + "\n" + body + "\n")
    os.chmod(path, 0o755)
    return "@env:PATH=" + folder + ":/usr/bin:/bin"


FAKE_FAILS = fake("fails", 'echo "fake ffmpeg: unknown encoder" >&2; exit 1')
FAKE_FLOODS = fake("floods", "head -c 20000000 /dev/zero | tr '\\0' x >&2; cat >/dev/null; exit 0")
FAKE_STALLS = fake("stalls", "exec sleep 1000")
FAKE_GARBAGE = fake("garbage", 'for a; do last=$a; done; cat >/dev/null; printf garbage > "$last"; exit 0')
PID = w("fake.pid")
ROWS += [
    ("export with an ffmpeg that fails: exit 3", [FAKE_FAILS, "@nochild", "export", GOOD_REC, "--out", OUT + ".mp4"], 3, "cannot write the video", [PID]),
    ("export with an ffmpeg flooding stderr: no deadlock, exit 3", [FAKE_FLOODS, "@nochild", "export", GOOD_REC, "--out", OUT + ".mp4"], 3, "the video came out unplayable", [PID]),
    ("export with an ffmpeg writing garbage: probed, exit 3", [FAKE_GARBAGE, "@nochild", "export", GOOD_REC, "--out", OUT + ".mp4"], 3, "the video came out unplayable", [PID]),
    ("export with a garbage GIF: probed, exit 3", [FAKE_GARBAGE, "@nochild", "export", GOOD_REC, "--out", OUT + ".gif"], 3, "the video came out unplayable", [PID]),
    ("SIGTERM ends export with a stalled ffmpeg, and the ffmpeg", ["@signal:TERM", FAKE_STALLS, "@nochild", "export", GOOD_REC, "--out", OUT + ".mp4"], 143, "stopped by SIGTERM", [PID]),
    ("SIGINT ends export with a stalled ffmpeg, and the ffmpeg", ["@signal:INT", FAKE_STALLS, "@nochild", "export", GOOD_REC, "--out", OUT + ".gif"], 130, "stopped by SIGINT", [PID]),
    ("export on a full disk: exit 3, nothing kept", ["@full", "export", GOOD_REC, "--out", os.path.join(FULL, "v.mp4")], 3, f"cannot write the video '{FULL}/v.mp4'", []),
    ("export of a GIF: two passes, a playable file", ["export", GOOD_REC, "--out", OUT + ".gif", "--size", "320x240"], 0, "", [OUT + ".gif"]),
]

# The video is judged by Flick itself, from its container, not only by ffprobe (which may be
# missing): a real ffmpeg whose file a full disk cut short. Fake ffmpegs run the real one, then
# cut the MP4 at 32 KB, drop its index (written last without +faststart), or drop a GIF's last
# bytes (the palette pass's PNG is left whole). Before, without ffprobe, each was kept, rc 0.
REAL_FFMPEG = shutil.which("ffmpeg", path="/usr/bin:/bin:/usr/local/bin") or "/usr/bin/ffmpeg"
LAST_ARG = 'for a; do last=$a; done; '
FAKE_CUT_32K = fake("cut-32k", LAST_ARG + f'"{REAL_FFMPEG}" "$@" || exit $?; truncate -s 32768 "$last"')
DROP_MOOV = write("drop-moov.py", "import struct, sys\n"
                  "b = open(sys.argv[1], 'rb').read()\n"
                  "i = 0\n"
                  "while i + 8 <= len(b):\n"
                  "    n = struct.unpack('>I', b[i:i + 4])[0]\n"
                  "    if b[i + 4:i + 8] == b'moov':\n"
                  "        b = b[:i] + b[i + n:]\n"
                  "        break\n"
                  "    i += max(n, 8)\n"
                  "open(sys.argv[1], 'wb').write(b)\n")
FAKE_NO_MOOV = fake("no-moov", LAST_ARG + 'for a; do shift; [ "$a" = "+faststart" ] && a="+default_base_moof"; set -- "$@" "$a"; done; '
                    + f'"{REAL_FFMPEG}" "$@" || exit $?; python3 {DROP_MOOV} "$last"')
FAKE_GIF_CUT = fake("gif-cut", LAST_ARG + f'"{REAL_FFMPEG}" "$@" || exit $?; case "$last" in *.png) ;; *) truncate -s -100 "$last";; esac')
ROWS += [
    ("export whose MP4 a full disk cut at 32 KB: exit 3", [FAKE_CUT_32K, "@nochild", "export", GOOD_REC, "--out", OUT + ".mp4"], 3, "the video came out truncated (its '", [PID]),
    ("export whose MP4 lost its index (no moov): exit 3", [FAKE_NO_MOOV, "@nochild", "export", GOOD_REC, "--out", OUT + ".mp4"], 3, "the video came out without its index (no 'moov' box; disk full?)", [PID]),
    ("export whose GIF lost its trailer: exit 3", [FAKE_GIF_CUT, "@nochild", "export", GOOD_REC, "--out", OUT + ".gif", "--size", "320x240"], 3, "the video came out truncated (no GIF trailer; disk full?)", [PID]),
]

# A full disk is never silent (reliability round four, item 5): every writer of every command
# stops with exit 3 naming the file (the window's P screenshot: Tests/e2e/screen.sh). Before,
# --print-keys or --print-config into a full file exited 0 with the file cut short.
F = lambda *p: os.path.join(FULL, *p)   # noqa: E731
ROWS += [
    ("a headless replay's log on a full disk: exit 3", ["@full", "--headless", "--demo", "switcher", "--replay", w("long.replay"), "--log", F("log.jsonl")], 3, f"cannot write the log file '{F('log.jsonl')}': No space left on device", [F("log.jsonl")]),
    ("log and recording on a full disk: exit 3", ["@full", "--headless", "--replay", w("long.replay"), "--log", F("log.jsonl"), "--record", F("rec.jsonl")], 3, f"'{FULL}/", [F("log.jsonl"), F("rec.jsonl")]),
    ("report on a full disk: exit 3, no file", ["@full", "report", GOOD_REC, "--out", F("rep")], 3, f"cannot write the report '{F('rep', 'report.html')}'", [F("rep")]),
    ("study on a full disk: exit 3, names its file, no file", ["@full", "study", GOOD_LOG, "--out", F("stu")], 3, f"'{F('stu')}/", [F("stu")]),
    ("tune on a full disk: exit 3, no file", ["@full", "tune", GOOD_REC, "--key", "stack.throwSpeed", "--values", "500,700", "--out", F("tune")], 3, f"cannot write the tune page '{F('tune', 'tune.html')}'", [F("tune")]),
    ("compare on a full disk: exit 3, no file", ["@full", "compare", "--replay", GOOD_REC, "--config", PRESETS[0], "--config", PRESETS[1], "--out", F("cmp")], 3, f"cannot write the contact sheet '{F('cmp', 'contact-sheet.png')}'", [F("cmp")]),
    ("--print-keys into a full file: exit 3", ["@full", "@stdout:" + F("keys.md"), "--print-keys"], 3, f"cannot write the standard output '{F('keys.md')}'", [F("keys.md")]),
    ("--print-config into a full file: exit 3", ["@full", "@pad:3000", "@stdout:" + F("feel.json"), "--print-config"], 3, f"cannot write the standard output '{F('feel.json')}'", [F("feel.json"), F("pad")]),
    ("--print-config into /dev/full: exit 3", ["@stdout:/dev/full", "--print-config"], 3, "cannot write the standard output '/dev/full'", []),
    ("soak's log on a full disk: exit 3", ["@full", "@lab", "soak", "--minutes", "2", "--log-file", F("soak.jsonl")], 3, f"cannot write the log file '{F('soak.jsonl')}': No space left on device", [F("soak.jsonl")]),
    ("fuzz inputs on a full disk: exit 3", ["@full", "@pad:4000", "@lab", "fuzz", "--inputs", "20", "--work", FULL, "--recording-seed", GOOD_REC, "--log-seed", GOOD_LOG], 3, "cannot write the fuzz input", [F("pad")] + [F(n) for n in ("current.json", "current.recording.jsonl", "current.log.jsonl", "current.structured.recording.jsonl", "current.structured.log.jsonl")]),
]

# Bounded text (reliability round four, item 3): every text that is drawn or put in a page has a
# limit, refused with one line naming it, in under 5 s. Before, a preset with a 5 MB description
# kept compare laying out text past 60 s (and deaf to SIGTERM meanwhile).
BIG = "x " * 2_500_000          # 5 MB, in files
ARG = "y" * 100_000             # 100 KB, on the command line (an argument holds at most 128 KiB)
write("desc-5mb.json", json.dumps({"description": BIG, "now": {"throwSpeed": 500}}))
write("desc-501.json", json.dumps({"description": "d" * 501}))
write("desc-500.json", json.dumps({"description": "d" * 500, "now": {"throwSpeed": 700}}))
write("swipe-name.json", json.dumps({"swipe": {"leftName": BIG}}))
write("titles-big.json", json.dumps({"01-weather.png": BIG[:1_000_000]}))
write("design-big.csv", "file,participant,task,condition\n" + os.path.basename(GOOD_LOG) + "," + "p" * 1_000_000 + ",t,a\n")
write("participant-big.rec", crafted.recording(crafted.header(ASSETS, participant=BIG), crafted.fling()))
write("marker-task-big.rec", crafted.recording(crafted.header(ASSETS), crafted.fling())
      + json.dumps({"t": 3.0, "marker": {"label": "start", "task": BIG}}) + "\n")
W5 = "@within:5"
ROWS += [
    ("compare with a 5 MB preset description (under 5 s)", [W5, "compare", "--replay", GOOD_REC, "--config", w("desc-5mb.json"), "--config", PRESETS[1], "--out", OUT + "-cmp"], 2, "'description' has 5000000 characters (at most 500)", []),
    ("a 501-character description is refused, naming the limit", [W5, "--config", w("desc-501.json")] + H, 2, "'description' has 501 characters (at most 500)", []),
    ("compare with a 500-character description", ["compare", "--replay", GOOD_REC, "--config", w("desc-500.json"), "--config", PRESETS[1], "--out", OUT + "-cmp"], 0, "", CMP_OUT),
    ("a 5 MB swipe direction name (under 5 s)", [W5, "--config", w("swipe-name.json"), "--demo", "swipe"] + H, 2, "'swipe.leftName' = 'x x x x", []),
    ("a 1 MB card title (under 5 s)", [W5, "--titles", w("titles-big.json")] + H, 2, "the title of '01-weather.png' has 1000000 characters (at most 200)", []),
    ("report --title of 100 KB (under 5 s)", [W5, "report", GOOD_LOG, "--title", ARG, "--out", OUT + "-report"], 2, "--title 'yyyy", []),
    ("study --title of two lines", [W5, "study", GOOD_LOG, "--title", "a\nb", "--out", OUT + "-study"], 2, "--title 'a\\nb' holds a line break", []),
    ("tune --title of 100 KB (under 5 s)", [W5, "tune", GOOD_REC, "--key", "stack.throwSpeed", "--values", "500", "--title", ARG, "--out", OUT + "-tune"], 2, "has 100000 characters (at most 200)", []),
    ("--task of 100 KB (under 5 s)", [W5, "--task", ARG] + H, 2, "--task 'yyyy", []),
    ("--participant of 100 KB (under 5 s)", [W5, "--participant", ARG] + H, 2, "has 100000 characters (at most 100)", []),
    ("--markers with a 100 KB label: a short message (under 5 s)", [W5, "--markers", ARG, "--headless"], 2, "must be 1 to 40 characters", []),
    ("a study design cell of 1 MB (under 5 s)", [W5, "study", GOOD_LOG, "--design", w("design-big.csv"), "--out", OUT + "-study"], 2, "has 1000000 characters (at most 200)", []),
    ("a recording whose participant is 5 MB (under 5 s)", [W5, "report", w("participant-big.rec"), "--out", OUT + "-report"], 2, "'participant' = 'x x x", []),
    ("a recording whose marker task is 5 MB (under 5 s)", [W5, "report", w("marker-task-big.rec"), "--out", OUT + "-report"], 2, "'marker.task' = 'x x x", []),
]


# --------------------------------------------------------------------------------------------

def snapshot():
    """Every file under W and the assets folder: type, size, content hash (and link target)."""
    state = {}
    for top in (W, ASSETS):
        for dirpath, dirnames, filenames in os.walk(top):
            for name in dirnames + filenames:
                p = os.path.join(dirpath, name)
                try:
                    st = os.lstat(p)
                except FileNotFoundError:
                    continue
                if stat.S_ISREG(st.st_mode):
                    with open(p, "rb") as f:
                        state[p] = ("file", st.st_size, hashlib.sha1(f.read()).hexdigest(), stat.S_IMODE(st.st_mode))
                elif stat.S_ISLNK(st.st_mode):
                    state[p] = ("link", os.readlink(p))
                elif stat.S_ISFIFO(st.st_mode):
                    state[p] = ("fifo",)
                elif stat.S_ISDIR(st.st_mode):
                    state[p] = ("dir",)
                else:
                    state[p] = ("other", stat.S_IFMT(st.st_mode))
    return state


def run_row(n, row):
    name, args, code, fragment, allowed = row
    out_base = w(f"out{n:03d}")
    args = [a.replace(OUT, out_base) for a in args]
    allowed = {a.replace(OUT, out_base) for a in allowed}
    env = dict(ENV)
    if args and args[0] == "@nodisplay":
        args = []
        env.pop("SDL_VIDEODRIVER", None)
        env["DISPLAY"] = ":987"
        env["WAYLAND_DISPLAY"] = ""
    sig = None
    while args and args[0].startswith("@env:"):
        key, _, value = args[0][5:].partition("=")
        env[key] = value
        args = args[1:]
    if args and args[0] == "@full":
        args = args[1:]
        for name in os.listdir(FULL):
            if name != "filler":
                p = os.path.join(FULL, name)
                shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
        if not FULL_MOUNTED:
            return None, "skipped", "(no small file system could be mounted: not root?)", 0
        if args and args[0].startswith("@pad:"):   # less room still: N more bytes taken
            with open(os.path.join(FULL, "pad"), "wb") as f:
                f.write(b"\0" * int(args[0].split(":")[1]))
            args = args[1:]
    stdout_path = None
    if args and args[0].startswith("@stdout:"):
        stdout_path = args[0][len("@stdout:"):]
        args = args[1:]
    binary = BIN
    if args and args[0] == "@lab":
        binary = os.path.join(os.path.dirname(BIN), "flick-lab")
        args = args[1:]
    if args and args[0].startswith("@signal:"):
        sig = getattr(signal, "SIG" + args[0].split(":")[1])
        args = args[1:]
    while args and args[0].startswith("@env:"):
        key, _, value = args[0][5:].partition("=")
        env[key] = value
        args = args[1:]
    within = None
    if args and args[0].startswith("@within:"):
        within = float(args[0].split(":")[1])
        args = args[1:]
    nochild = bool(args) and args[0] == "@nochild"
    if nochild:
        args = args[1:]
        if os.path.exists(w("fake.pid")):
            os.remove(w("fake.pid"))
    close_fds, broken = [], False
    if args and args[0].startswith("@closefd:"):
        close_fds = [int(x) for x in args[0].split(":")[1].split(",")]
        args = args[1:]
    if args and args[0] == "@brokenstderr":
        broken = True
        args = args[1:]
    before = snapshot()
    t0 = time.time()
    if sig is not None:
        # Started, given a second to get going, then signalled: it must end within a second.
        p = subprocess.Popen([BIN] + args, cwd=W, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             start_new_session=True)
        time.sleep(1.5)   # deliberate: the case is a signal to a run well under way
        t0 = time.time()
        p.send_signal(sig)
        try:
            _, err = p.communicate(timeout=10)
            rc, err = p.returncode, err.decode(errors="replace")
        except subprocess.TimeoutExpired:
            p.kill()
            rc, err = "timeout", ""
    elif broken:
        # Standard error a pipe nobody reads any more: writes fail (EPIPE), the run goes on.
        r, wr = os.pipe()
        os.close(r)
        p = subprocess.Popen([BIN] + args, cwd=W, env=env, stdout=subprocess.DEVNULL, stderr=wr,
                             start_new_session=True)
        os.close(wr)
        try:
            rc, err = p.wait(timeout=30), ""
        except subprocess.TimeoutExpired:
            p.kill()
            rc, err = "timeout", ""
    elif close_fds:
        def closer():
            for fd in close_fds:
                os.close(fd)
        p = subprocess.Popen([BIN] + args, cwd=W, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             preexec_fn=closer, start_new_session=True)
        try:
            p.communicate(timeout=30)
            rc, err = p.returncode, ""
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            rc, err = "timeout", ""
    else:
        out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
        p = subprocess.Popen([binary] + args, cwd=W, env=env, stdout=out, stderr=subprocess.PIPE,
                             start_new_session=True)
        if stdout_path:
            out.close()
        try:
            _, err = p.communicate(timeout=30)
            rc, err = p.returncode, err.decode(errors="replace")
        except subprocess.TimeoutExpired:
            p.kill()
            _, err = p.communicate()
            rc, err = "timeout", err.decode(errors="replace")
    took = time.time() - t0
    problems = []
    # No process left behind: the run had a process group of its own (an ffmpeg it started is in
    # it); once flick has ended, nothing of that group may still run.
    try:
        time.sleep(0.05)   # deliberate: the grace the check allows the group to be gone
        os.killpg(p.pid, 0)
        problems.append("processes of its group still run after it ended")
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    except PermissionError:
        problems.append("processes of its group still run after it ended")
    after = snapshot()
    if nochild:
        try:
            child = int(open(w("fake.pid")).read().strip())
            time.sleep(0.2)   # deliberate: the grace the check allows ffmpeg to be gone
            os.kill(child, 0)
            problems.append(f"ffmpeg (pid {child}) still runs")
            os.kill(child, signal.SIGKILL)
        except (FileNotFoundError, ValueError):
            problems.append("the fake ffmpeg never ran")
        except ProcessLookupError:
            pass
    if sig is not None or broken:
        if sig is not None and took > 1.0:
            problems.append(f"took {took:.2f} s after the signal")
        logs = [a for a in allowed if a.endswith(".jsonl") and "-rec" not in a]
        for lp in logs:
            last = open(lp, "rb").read().splitlines()[-1:] if os.path.exists(lp) else []
            if not last or json.loads(last[0]).get("event") != "quit":
                problems.append(f"{os.path.basename(lp)} does not end with a quit line")
    if within is not None and took > within:
        problems.append(f"took {took:.2f} s (at most {within:g})")
    if rc != code:
        problems.append(f"exit {rc}, expected {code}")
    if fragment not in err:
        problems.append(f"message lacks {fragment!r}")
    # tune's progress lines (every tenth of the way) are not messages about the problem.
    lines = [l for l in err.splitlines() if l.strip() and not re.match(r"flick tune: \d+/\d+ ", l)]
    if code in (2, 3) and len(lines) != 1:
        problems.append(f"{len(lines)} lines of message, expected one")
    if isinstance(rc, int) and rc < 0:
        problems.append(f"killed by signal {-rc}")
    # A recorded run keeps the pictures it showed in flick-cards/ beside the recording (the card
    # store): an output of --record, not a stray file.
    records = "--record" in args
    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p) and p not in allowed
                     and not (records and "/flick-cards" in p))
    if changed:
        problems.append("changed: " + ", ".join(os.path.relpath(p, W) for p in changed))
    # Outputs that were written hold only complete, finite JSON lines (no NaN, no Infinity).
    for p in allowed:
        if p.endswith(".jsonl") and os.path.exists(p):
            data = open(p, "rb").read()
            if data and not data.endswith(b"\n"):
                problems.append(f"{os.path.basename(p)} ends mid-line")
            for i, line in enumerate(data.splitlines()):
                try:
                    json.loads(line, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
                except ValueError as e:
                    problems.append(f"{os.path.basename(p)} line {i + 1} is not finite JSON ({e})")
                    break
    first = lines[0] if lines else ""
    return problems, rc, first, took


def plan_setup():
    """A study plan of two conditions, and plans wrong in one way each."""
    write("plan/presets/snappy.json", '{"description": "snappy", "stack": {"throwSpeed": 300}}\n')
    write("plan/tasks.json", '{"tasks": [{"name": "one"}, {"name": "two"}]}\n')
    plan = {"flick_plan": 1, "design": "williams", "assignment": "in-order", "taskOrder": "williams", "tasks": "tasks.json",
            "conditions": [{"name": "plain"}, {"name": "snappy", "config": "presets/snappy.json", "interaction": "stack"}],
            "participants": [{"id": "P1", "row": 1, "sessions": [{"session": 1, "condition": "plain", "tasks": ["one", "two"]},
                                                                  {"session": 2, "condition": "snappy", "tasks": ["two", "one"]}]}]}
    write("plan/plan.json", json.dumps(plan))
    write("plan/newer.json", json.dumps(dict(plan, flick_plan=7)))
    write("plan/notjson.json", "{flick_plan: 1")
    write("plan/gone.json", json.dumps(dict(plan, conditions=[plan["conditions"][0], dict(plan["conditions"][1], config="presets/gone.json")])))
    write("plan/badtask.json", json.dumps(dict(plan, participants=[dict(plan["participants"][0], sessions=[
        {"session": 1, "condition": "plain", "tasks": ["one", "three"]}])])))
    write("plan/badcond.json", json.dumps(dict(plan, participants=[dict(plan["participants"][0], sessions=[
        {"session": 1, "condition": "fast"}])])))
    write("plan/existing.json", "keep\n")


plan_setup()
PLAN = w("plan", "plan.json")
PL = ["--participant", "P1", "--log", OUT + ".jsonl", "--record", OUT + ".rec"] + H
ROWS += [
    ("--plan with a participant not in it", ["--plan", PLAN, "--participant", "P9", "--session", "1", "--log", OUT + ".jsonl"] + H, 2, "--participant 'P9' is not in the plan", []),
    ("--plan with a session the participant does not have", ["--plan", PLAN, "--session", "3"] + PL, 2, "--session 3 is not one of participant 'P1''s sessions in the plan", []),
    ("--plan without --session", ["--plan", PLAN] + PL, 2, "needs --participant ID and --session N", []),
    ("--plan with --config as well", ["--plan", PLAN, "--session", "1", "--config", PRESETS[0]] + PL, 2, "--config cannot be given with --plan", []),
    ("--plan that is not JSON", ["--plan", w("plan", "notjson.json"), "--session", "1"] + PL, 2, "notjson.json' is not a JSON object (expected a study plan", []),
    ("--plan of a newer format", ["--plan", w("plan", "newer.json"), "--session", "1"] + PL, 2, "is plan format 7, newer than this flick reads", []),
    ("--plan whose config file is gone", ["--plan", w("plan", "gone.json"), "--session", "2"] + PL, 2, "condition 'snappy' names the config", []),
    ("--plan ordering a task the tasks file lacks", ["--plan", w("plan", "badtask.json"), "--session", "1"] + PL, 2, "orders the task 'three', which the tasks file", []),
    ("--plan naming an undefined condition", ["--plan", w("plan", "badcond.json"), "--session", "1"] + PL, 2, "names the condition 'fast', which the plan does not define", []),
    ("--plan missing", ["--plan", w("plan", "nope.json"), "--session", "1"] + PL, 2, "nope.json", []),
    ("plan with a seed but nothing shuffled", ["plan", "--condition", "a", "--condition", "b", "--participants", "4", "--seed", "3", "--out", OUT + ".json"], 2, "--seed is used only when something is shuffled", []),
    ("plan shuffled without a seed", ["plan", "--condition", "a", "--condition", "b", "--participants", "4", "--assignment", "shuffled", "--out", OUT + ".json"], 2, "need --seed N", []),
    ("plan without conditions", ["plan", "--participants", "4", "--out", OUT + ".json"], 2, "missing --condition", []),
    ("plan with an unknown condition key", ["plan", "--condition", "a,speed=3", "--participants", "4", "--out", OUT + ".json"], 2, "unknown key 'speed'", []),
    ("plan with a condition's config missing", ["plan", "--condition", "a,config=" + w("plan", "nope.json"), "--participants", "2", "--out", OUT + ".json"], 2, "condition 'a' names the config", []),
    ("plan with the same condition twice", ["plan", "--condition", "a", "--condition", "a", "--participants", "2", "--out", OUT + ".json"], 2, "the condition 'a' is named twice", []),
    ("plan onto an existing file", ["plan", "--condition", "a", "--participants", "2", "--out", w("plan", "existing.json")], 2, "already exists (give --overwrite", []),
    ("study --plan of sessions not opened from it", ["study", GOOD_LOG, "--plan", PLAN, "--out", OUT + "-study"], 2, "was not opened from a plan", []),
]


# The smaller items of reliability round five, each taken silently or refused for the wrong
# reason before: a plan --plan cannot open and cards=/proc, a log that is not one session in
# time order, a minimum above its maximum, a null direction name, NaN in a config, a PNG
# signature alone, FLICK_ASSETS blamed on --cards, --max-image-pixels 1 as "limit of 0".
def small_setup():
    write("small/tasks-long.json", json.dumps({"tasks": [{"name": "%03d " % i + "t" * 196} for i in range(100)]}))
    started, *events, quit = [json.loads(l) for l in crafted.log().splitlines()]
    lines = lambda objs: "".join(json.dumps(o) + "\n" for o in objs)   # noqa: E731
    write("small/twice.log", lines(o for o in [started] + events + [quit] for _ in range(2)))
    write("small/two-sessions.log", crafted.log() + crafted.log({"session": "y"}))
    write("small/cut-then-another.log", lines([started] + events) + crafted.log({"session": "y"}))
    write("small/shuffled.log", lines([started, events[2], events[0], events[1], quit]))
    write("small/min-over-max.json", '{"now": {"minThrowDuration": 3, "maxThrowDuration": 2}}\n')
    write("small/swipe-min.json", '{"swipe": {"minThrowDuration": 0.9}}\n')
    write("small/left-null.json", '{"swipe": {"leftName": null}}\n')
    write("small/nan.json", '{"now": {"throwSpeed": NaN}}\n')
    write("small/crossed.rec", crafted.recording(crafted.header(ASSETS, config={"stack": {"minThrowDuration": 0.6}}), crafted.fling()))
    os.makedirs(w("small", "sig-cards"), exist_ok=True)
    write("small/sig-cards/01-signature.png", b"\x89PNG\r\n\x1a\n")
    shutil.copy(GOOD_IMAGE, w("small", "sig-cards", "02-ok.png"))


small_setup()
SP = ["plan", "--condition", "a", "--condition", "b", "--participants", "2", "--out", OUT + ".json"]
ROWS += [
    ("plan of 10000 participants x 12 long tasks is refused before it is made", [W5, "plan"] + [x for c in "abcdefghijkl" for x in ("--condition", c)] + ["--participants", "10000", "--tasks", w("small", "tasks-long.json"), "--out", OUT + ".json"], 2, "more than the 64 MB flick --plan opens", []),
    ("plan with a condition's cards=/proc", SP[:2] + ["a,cards=/proc"] + SP[3:], 2, "condition 'a': cards folder '/proc' holds no PNG or JPEG images", []),
    ("plan --cards /proc", SP + ["--cards", "/proc"], 2, "cards folder '/proc' holds no PNG or JPEG images", []),
    ("plan with a condition's cards a file", SP[:2] + ["a,cards=" + w("c.json")] + SP[3:], 2, "names the card folder", []),
    ("report of a log with every line twice", ["report", w("small", "twice.log"), "--out", OUT + "-report"], 2, "line 2: a second 'started' line (the first is line 1", []),
    ("study of a log of two sessions", ["study", w("small", "two-sessions.log"), "--out", OUT + "-study"], 2, "line 6: a line after the 'quit' line 5", []),
    ("study of a cut-off session then another", ["study", w("small", "cut-then-another.log"), "--out", OUT + "-study"], 2, "line 5: a second 'started' line", []),
    ("report of a log with shuffled lines", ["report", w("small", "shuffled.log"), "--out", OUT + "-report"], 2, "line 3: 't' = 0.216 goes back in time from 0.66 on line 2", []),
    ("--config with minThrowDuration above maxThrowDuration", ["--config", w("small", "min-over-max.json")] + H, 2, "'now.minThrowDuration' = 3 is above 'now.maxThrowDuration' = 2", []),
    ("--config with swipe.minThrowDuration above the default max", ["--config", w("small", "swipe-min.json"), "--demo", "swipe"] + H, 2, "'swipe.minThrowDuration' = 0.9 is above 'swipe.maxThrowDuration' = 0.5", []),
    ("a recording whose config has a min above its max", ["report", w("small", "crossed.rec"), "--out", OUT + "-report"], 2, "'stack.minThrowDuration' = 0.6 is above 'stack.maxThrowDuration' = 0.5", []),
    ("tune to a min above its max", ["tune", GOOD_REC, "--key", "now.minThrowDuration", "--values", "0.5,3", "--out", OUT + "-tune"], 2, "the point now.minThrowDuration = 3: 'now.minThrowDuration' = 3 is above", []),
    ("--config swipe.leftName null", ["--config", w("small", "left-null.json"), "--demo", "swipe"] + H, 2, "wrong type at 'swipe.leftName': expected a string, found null", []),
    ("--config with NaN says NaN", ["--config", w("small", "nan.json")] + H, 2, "NaN at line 1, column 24 is not a JSON number", []),
    ("a PNG signature alone is a truncated PNG", ["--cards", w("small", "sig-cards"), "--frames", "3", "--headless"], 0, "01-signature.png' is a truncated PNG (8 bytes: the PNG signature alone", []),
    ("FLICK_ASSETS missing is named as itself", ["@env:FLICK_ASSETS=" + w("small", "nope")] + H, 2, f"$FLICK_ASSETS folder '{w('small', 'nope')}' does not exist", []),
    ("--max-image-pixels 1 says a limit of 1 pixel", ["--max-image-pixels", "1", "--frames", "3", "--headless"], 0, "over the limit of 1 pixel;", []),
]


def main():
    if not os.access(BIN, os.X_OK):
        print(f"bad input: no binary at {BIN}")
        return 1
    setup()
    global FULL_MOUNTED
    FULL_MOUNTED = mount_full()
    passed = failed = skipped = 0
    try:
        only = re.compile(os.environ.get("BAD_INPUT_ONLY", ""))   # a pattern of row names, to run a few
        results = [(row, run_row(n, row)) for n, row in enumerate(ROWS) if only.search(row[0])]
    finally:
        unmount_full()
    for row, (problems, rc, first, took) in results:
        if problems is None:
            skipped += 1
            print(f"  skip  {row[0]} {first}")
        elif problems:
            failed += 1
            print(f"  FAIL  {row[0]}: {'; '.join(problems)} [{first}]")
        else:
            passed += 1
            print(f"  ok    {row[0]} (exit {rc}, {took:.1f} s: {first[:150]})")
    print(f"bad input: {passed} passed, {failed} failed, {skipped} skipped ({len(results)} of {len(ROWS)} rows)")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
