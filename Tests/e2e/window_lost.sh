#!/usr/bin/env bash
# A window destroyed by another X client (XDestroyWindow from a client of its own, as a tool that
# closes windows by force does) ends the session through its recorded quit path: Xlib's default
# error handler used to print "BadWindow" and exit(1) on the next request, with no quit line in
# the log and no end in the recording.
# - a recorded facilitated session whose facilitator window is destroyed: exit 0 within 5 s, one
#   line saying so, the log's last line its quit, the recording's its end, and the recording
#   replays;
# - the participant window of a recorded facilitated session destroyed: the same, at once (its
#   quit would ask to be confirmed);
# - a plain session whose window is destroyed: the same quit line.
# Usage: window_lost.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

start_xvfb "$OUT" 1920x1080 || fail "Xvfb did not start (see $OUT/xvfb.log)"

# XDestroyWindow WID from a connection of its own (xdotool's windowkill kills the client instead).
destroy() {
  python3 - "$1" <<'PY'
import ctypes, sys
x = ctypes.cdll.LoadLibrary("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
d = ctypes.c_void_p(x.XOpenDisplay(None))
x.XDestroyWindow(d, ctypes.c_ulong(int(sys.argv[1])))
x.XSync(d, 0)
x.XCloseDisplay(d)
PY
}

# Waits up to 5 s for APP to end; sets RC (its exit code, "running" when it did not end) and
# MS (the milliseconds it took).
ended() {
  local end t0; end=$(deadline_us 5); t0=$(now_us)
  while kill -0 "$APP" 2>/dev/null && [ "$(now_us)" -lt "$end" ]; do sleep 0.05; done
  MS=$(( ($(now_us) - t0) / 1000 ))
  if kill -0 "$APP" 2>/dev/null; then RC=running; return 1; fi
  wait "$APP"; RC=$?
}

last_line() { tail -n 1 "$1" 2>/dev/null; }

LOG="$OUT/facilitated.jsonl"; REC="$OUT/facilitated.rec.jsonl"
rm -f "$LOG" "$REC"
if start_app "$LOG" --facilitator --record "$REC" --size 900x800; then
  FWID=$(wait_window 'facilitator$')
  wait_still "$FWID" "$OUT/facilitated-before.png"   # drawn and at rest: the session under way
  destroy "$FWID"
  ended
  if [ "$RC" = 0 ] && [[ "$(last_line "$LOG")" == *'"event":"quit"'* ]] && [[ "$(last_line "$REC")" == *'"end":"quit"'* ]] \
     && grep -q "the facilitator window was destroyed by another program" "$LOG.out"; then
    pass "facilitator window destroyed by another client: exit 0 in $MS ms, the log's quit line, the recording's end, said once"
  else
    fail "facilitator window destroyed: exit '$RC', log ends '$(last_line "$LOG")', recording ends '$(last_line "$REC")'; stderr: $(tail -n 3 "$LOG.out")"
  fi
  if "$BIN" --headless --replay "$REC" --log "$OUT/replay.jsonl" --overwrite >"$OUT/replay.out" 2>&1; then
    pass "its recording replays"
  else
    fail "its recording does not replay: $(cat "$OUT/replay.out")"
  fi
else
  fail "the facilitated session did not start"
fi

# The participant's window of a recorded facilitated session: its quit would ask to be
# confirmed; its loss ends the session at once.
LOG="$OUT/participant.jsonl"; REC="$OUT/participant.rec.jsonl"
rm -f "$LOG" "$REC"
if start_app "$LOG" --facilitator --record "$REC" --size 900x800; then
  PWID=$(wait_window 'switcher$')
  wait_still "$PWID" "$OUT/participant-before.png"   # drawn and at rest: the session under way
  destroy "$PWID"
  ended
  if [ "$RC" = 0 ] && [[ "$(last_line "$LOG")" == *'"event":"quit"'* ]] && [[ "$(last_line "$REC")" == *'"end":"quit"'* ]] \
     && grep -q "the session's window was destroyed by another program" "$LOG.out"; then
    pass "participant window of a recorded facilitated session destroyed: exit 0 in $MS ms, the quit line, the recording's end"
  else
    fail "participant window destroyed: exit '$RC', log ends '$(last_line "$LOG")', recording ends '$(last_line "$REC")'; stderr: $(tail -n 3 "$LOG.out")"
  fi
else
  fail "the facilitated session did not start"
fi

LOG="$OUT/plain.jsonl"
rm -f "$LOG"
if start_app "$LOG" --size 900x800; then
  wait_still "$WID" "$OUT/plain-before.png"   # drawn and at rest: the session under way
  destroy "$WID"
  ended
  if [ "$RC" = 0 ] && [[ "$(last_line "$LOG")" == *'"event":"quit"'* ]]; then
    pass "a session's window destroyed by another client: exit 0 in $MS ms, the log's quit line"
  else
    fail "window destroyed: exit '$RC', log ends '$(last_line "$LOG")'; stderr: $(tail -n 3 "$LOG.out")"
  fi
else
  fail "the session did not start"
fi

stop_xvfb
finish
