#!/usr/bin/env bash
# Runs inside the test root (test-deb.sh copies it beside the e2e scripts): the installed flick's
# window under Xvfb, a card thrown by a real xdotool drag, the log written and closed; the phone
# page served on 127.0.0.1, and the engine it runs with --phone-engine.
# Usage: window.sh path/to/flick OUTDIR
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

start_xvfb "$OUT" || fail "Xvfb did not start (see $OUT/xvfb.log)"
LOG="$OUT/stack.jsonl"
if start_app "$LOG" --demo stack --size 1000x700; then
  pass "window opened (id $WID, ${WIDTH}x$HEIGHT, stage ${SW}x$SH at $SX,$SY) and its log started"
  CX=$(( SX + SW / 2 )); CY=$(( SY + SH / 2 ))
  # The stack throws its top card left past 800 pt/s or 100 pt: 160 px in 12 steps of 10 ms.
  drag $(( CX + 60 )) "$CY" -160 0 12 0.01 0
  if wait_log "$LOG" 1 deleted; then
    pass "a fast drag left threw the top card: $(grep -m1 '"event":"deleted"' "$LOG" | cut -c1-160)"
  else
    fail "no card thrown; log $LOG"
  fi
  kill -HUP "$APP"; wait "$APP"; rc=$?
  if [ $rc = 129 ] && tail -n 1 "$LOG" | grep -q '"quit"'; then
    pass "SIGHUP ended the window (exit 129); the log ends with quit ($(wc -l <"$LOG") lines)"
  else
    fail "window end: exit $rc, last line $(tail -n 1 "$LOG")"
  fi
else
  fail "the window did not open: $(cat "$LOG.out" 2>/dev/null)"
fi

# The phone page, served from the installed resources (a missing bundle stops flick at its
# first request): --phone alone listens on 127.0.0.1.
PLOG="$OUT/phone.jsonl"
if start_app "$PLOG" --demo stack --phone; then
  wait_text "$PLOG.out" "open http://" 10 >/dev/null
  url=$(grep -o 'open http://[^ ]*' "$PLOG.out" | head -n 1 | cut -c6-)
  page=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())' "$url" 2>&1)
  css=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())' "${url%%/\?*}/phone.css?t=${url##*t=}" 2>&1)
  if printf '%s' "$page" | grep -q '<canvas id="stage">' && printf '%s' "$css" | grep -q '{'; then
    pass "the phone page and its stylesheet served from /usr/share/flick ($url)"
  else
    fail "phone page at '$url': $(printf '%s' "$page" | head -c 300) / $(tail -n 3 "$PLOG.out")"
  fi
  stop_app
else
  fail "the window with --phone did not open: $(cat "$PLOG.out" 2>/dev/null)"
fi

# The engine the page runs with --phone-engine, served from the installed files: the bytes the
# package put in /usr/share/flick.
ELOG="$OUT/phone-engine.jsonl"
if start_app "$ELOG" --demo stack --phone --phone-engine; then
  wait_text "$ELOG.out" "open http://" 10 >/dev/null
  url=$(grep -o 'open http://[^ ]*' "$ELOG.out" | head -n 1 | cut -c6-)
  got=$(python3 - "${url%%/\?*}/flick-engine.wasm?t=${url##*t=}" /usr/share/flick/flick-engine.wasm <<'PY' 2>&1
import sys, urllib.request
body = urllib.request.urlopen(sys.argv[1], timeout=10).read()
print("same" if body == open(sys.argv[2], "rb").read() and body[:4] == b"\0asm" else f"{len(body)} bytes that differ")
PY
)
  if [ "$got" = same ]; then
    pass "--phone-engine serves the installed flick-engine.wasm ($(wc -c </usr/share/flick/flick-engine.wasm) bytes)"
  else
    fail "--phone-engine's module at '$url': $got / $(tail -n 3 "$ELOG.out")"
  fi
  stop_app
else
  fail "the window with --phone --phone-engine did not open: $(tail -n 3 "$ELOG.out" 2>/dev/null)"
fi
finish
