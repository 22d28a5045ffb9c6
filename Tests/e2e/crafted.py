"""Crafted session files for bad_input.py: a valid recording and log, and copies of them with
one field made absurd (hostile users).

make(folder, assets) writes them and returns {name: (path, culprit)}: `culprit` is a fragment the
one-line refusal must hold (the field, or the value).
"""
import json
import os


def header(assets, **changes):
    files = sorted(f for f in os.listdir(assets) if f.lower().endswith((".png", ".jpg", ".jpeg")))
    h = {"flick_recording": 2, "flick_version": "0.4.0", "session": "00000000-0000-0000-0000-000000000000",
         "started": "2026-01-01T00:00:00.000Z", "demo": "switcher", "card_folder": assets, "bundled_cards": True,
         "card_files": [{"name": f, "size": os.path.getsize(os.path.join(assets, f))} for f in files],
         "count": len(files), "window": {"width": 1280, "height": 800}, "stage": {"width": 390, "height": 844},
         "stage_corner_radius": 40, "config": {},
         "look": {"cardBackground": "#f2f2f7", "fit": "fit", "present": False, "titles": "none"}}
    h.update(changes)
    return h


def pointer(t, phase, x, y):
    return {"t": t, "pointer": {"device": "mouse", "phase": phase, "pointerID": 0,
                                "position": {"x": x, "y": y}, "time": t}}


def fling(t0=0.2):
    out, t = [pointer(t0, "down", 300, 420)], t0
    for i in range(1, 8):
        t = round(t + 0.016, 4)
        out.append(pointer(t, "move", 300 - 30 * i, 420))
    out.append(pointer(t, "up", 90, 420))
    return out


def recording(head, inputs):
    return "\n".join(json.dumps(x) for x in [head] + inputs) + "\n"


def log(started_changes=None, events=None):
    started = {"event": "started", "schema": 1, "t": 0, "demo": "switcher", "cards": 14, "window": [1280, 800],
               "stage": [445, 0, 390, 800], "viewport": [390, 844], "session": "x", "wallClock": "2026-01-01T00:00:00.000Z"}
    started.update(started_changes or {})
    if events is None:
        events = [{"event": "gesture_began", "kind": "scroll", "t": 0.216},
                  {"event": "gesture_ended", "kind": "scroll", "outcome": "paged", "t": 0.312,
                   "translation": [-206, 0], "velocity": [-1875, 0]},
                  {"event": "paged", "from": 0, "t": 0.66, "to": 1}]
    return "\n".join(json.dumps(x) for x in [started] + events + [{"event": "quit", "t": 1}]) + "\n"


def make(folder, assets):
    os.makedirs(folder, exist_ok=True)
    out = {}

    def put(name, text, culprit):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(text)
        out[name] = (path, culprit)

    good = fling()
    put("good.rec", recording(header(assets), good), "")
    # Header fields
    put("count-1e12.rec", recording(header(assets, count=10**12), good), "'count' = 1000000000000")
    put("stage-1e20.rec", recording(header(assets, stage={"width": 1e20, "height": 1e20}), good), "'stage.width' = 1e+20")
    put("stage-tiny.rec", recording(header(assets, stage={"width": 1e-300, "height": 844}), good), "'stage.width' = 1e-300")
    put("window-1e20.rec", recording(header(assets, window={"width": 1280, "height": 1e20}), good), "'window.height' = 1e+20")
    put("window-zero.rec", recording(header(assets, window={"width": 0, "height": 800}), good), "'window.width' = 0")
    put("corner-1e300.rec", recording(header(assets, stage_corner_radius=1e300), good), "'stage_corner_radius' = 1e+300")
    put("corner-negative.rec", recording(header(assets, stage_corner_radius=-5), good), "'stage_corner_radius' = -5")
    put("count-negative.rec", recording(header(assets, count=-1), good), "'count' = -1")
    passwd = header(assets)
    passwd["card_files"][0]["name"] = "../../../etc/passwd"
    put("card-passwd.rec", recording(passwd, good), "'card_files[0].name' = '../../../etc/passwd' is not a plain file name")
    absolute = header(assets)
    absolute["card_files"][1]["name"] = "/etc/shadow"
    put("card-absolute.rec", recording(absolute, good), "'card_files[1].name' = '/etc/shadow'")
    # A kept card's hash names its copy in the card store: a path there would lead out of it.
    outside = header(assets)
    outside["card_files"][0]["hash"] = "../../private/photo"
    put("card-hash-outside.rec", recording(outside, good),
        "'card_files[0].hash' of card '01-weather.png' = '../../private/photo' is not a card hash")
    dotdot = header(assets)
    dotdot["card_files"][0]["name"] = ".."
    put("card-dotdot.rec", recording(dotdot, good), "'card_files[0].name' = '..'")
    negsize = header(assets)
    negsize["card_files"][0]["size"] = -1
    put("card-size.rec", recording(negsize, good), "'card_files[0].size' = -1")
    put("folder-relative.rec", recording(header(assets, bundled_cards=False, card_folder="../etc"), good), "'card_folder' = '../etc'")
    put("config-unknown.rec", recording(header(assets, config={"now": {"throwSped": 600}}), good), "unknown key 'now.throwSped'")
    put("config-range.rec", recording(header(assets, config={"now": {"heightRatio": 1e15}}), good), "'now.heightRatio' = 1e+15 is out of range")
    put("config-type.rec", recording(header(assets, config={"stack": {"throwSpeed": "fast"}}), good), "wrong type at 'stack.throwSpeed'")
    put("config-array.rec", recording(header(assets, config=[1, 2]), good), "'config' is not an object")
    # Inputs
    put("viewport-tiny.rec", recording(header(assets), good + [{"t": 2, "viewport": {"width": 1e-300, "height": 844}, "window": {"width": 1280, "height": 800}}]), "'viewport.width' = 1e-300")
    put("viewport-huge.rec", recording(header(assets), good + [{"t": 2, "viewport": {"width": 390, "height": 1e300}}]), "'viewport.height' = 1e+300")
    put("input-window.rec", recording(header(assets), good + [{"t": 2, "viewport": {"width": 390, "height": 844}, "window": {"width": -1, "height": 800}}]), "'window.width' = -1")
    put("notches-intmax.rec", recording(header(assets), good + [{"t": 2, "notches": 9223372036854775807}]), "'notches' = 9223372036854775807")
    put("notches-intmin.rec", recording(header(assets), good + [{"t": 2, "notches": -9223372036854775808}]), "'notches' = -9223372036854775808")
    put("wheel-1e300.rec", recording(header(assets), good + [{"t": 2, "wheel": 1e300}]), "'wheel' = 1e+300")
    put("time-1e7.rec", recording(header(assets), good + [{"t": 1e7, "command": "next"}]), "'t' = 10000000")
    put("time-1e300.rec", recording(header(assets), good + [{"t": 1e300, "command": "next"}]), "'t' = 1e+300")
    put("time-negative.rec", recording(header(assets), [{"t": -5, "command": "next"}] + good), "'t' = -5")
    put("reload-range.rec", recording(header(assets), good + [{"t": 2, "config": {"stack": {"throwSpeed": 1e300}}, "configPath": "x.json"}]), "'stack.throwSpeed' = 1e+300 is out of range")
    put("reload-unknown.rec", recording(header(assets), good + [{"t": 2, "config": {"cube": {}}, "configPath": "x.json"}]), "line 11: config has an unknown key 'cube'")
    put("config-source.rec", recording(header(assets), good + [{"t": 2, "config": {}, "configSource": "hacker"}]), "'configSource' = 'hacker'")
    # Logs
    put("good.log", log(), "")
    put("log-velocity.log", log(events=[{"event": "gesture_ended", "kind": "scroll", "outcome": "paged", "t": 0.3, "translation": [-206, 0], "velocity": [1e300, 0]}]), "'velocity[0]' = 1e+300")
    put("log-translation.log", log(events=[{"event": "gesture_ended", "kind": "scroll", "outcome": "paged", "t": 0.3, "translation": [-1e300, 0], "velocity": [10, 0]}]), "'translation[0]' = -1e+300")
    put("log-translation-type.log", log(events=[{"event": "gesture_ended", "kind": "scroll", "outcome": "paged", "t": 0.3, "translation": "left", "velocity": [10, 0]}]), "log-translation-type.log' line 2 is not a log line of schema 1 ('translation' is not an array)")
    put("log-unknown-event.log", log(events=[{"event": "frobnicate", "t": 0.3}]), "('event' has the value 'frobnicate', which is not one Flick knows)")
    put("log-null-schema.log", log({"schema": None}), "'schema' is null (expected a number)")
    put("log-time.log", log(events=[{"event": "paged", "from": 0, "t": 1e7, "to": 1}]), "'t' = 10000000")
    put("log-page-intmax.log", log(events=[{"event": "paged", "from": 0, "t": 0.5, "to": 9223372036854775807}]), "'to' = 9.223372036854776e+18")
    put("log-window.log", log({"window": [1280, 1e-300]}), "'window[1]' = 1e-300")
    put("log-viewport.log", log({"viewport": [1e20, 844]}), "'viewport[0]' = 1e+20")
    put("log-cards.log", log({"cards": 10**12}), "'cards' = 1000000000000")
    put("log-config.log", log({"config": {"now": {"heightRatio": 1e15}}}), "'now.heightRatio' = 1e+15 is out of range")
    put("log-config-unknown.log", log({"config": {"cube": 1}}), "unknown key 'cube'")
    put("log-reload-range.log", log(events=[{"event": "config_reloaded", "t": 0.5, "path": "x.json", "config": {"scroll": {"decelerationRate": 1}}}]), "'scroll.decelerationRate' = 1 is out of range")
    return out


if __name__ == "__main__":
    import sys
    for name, (path, culprit) in make(sys.argv[1], sys.argv[2]).items():
        print(name, path, culprit, sep="\t")
