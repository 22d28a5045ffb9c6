#!/usr/bin/env bash
# Real pointer input under Xvfb: the X server refuses no client while others come and go; drags
# and flicks through xdotool, checked in the interaction log (check_log.py); a config reloaded
# live (refused when out of range, the window running on); SIGHUP ends the window within a frame.
# Usage: pointer.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

start_xvfb "$OUT" || fail "Xvfb did not start (see $OUT/xvfb.log)"
# The cause of the first app refused on fresh machines: a server that resets when its last
# client leaves kills clients that connect meanwhile (lib.sh, at start_xvfb, says more).
read -r refused tried <<<"$(race_clients 150)"
if [ "$refused" = 0 ] && [ "$tried" -gt 20 ]; then
  pass "Xvfb never resets: 0 of $tried connections refused while 150 short-lived clients came and went"
else
  fail "Xvfb refused $refused of $tried connections while short-lived clients came and went"
fi

LOG="$OUT/carousel.jsonl"
if start_app "$LOG" --demo carousel --size 1000x700; then
  # The phone screen's place in the window (points): SX SY SW SH, from the log's first line.
  CX=$(( SX + SW / 2 )); CY=$(( SY + SH / 2 ))
  pass "window opened (id $WID at $WX,$WY ${WIDTH}x$HEIGHT, stage ${SW}x$SH at $SX,$SY) and log started"
  # Each gesture waits for its gesture_ended line, and for what it sets going (a page turned,
  # a card deleted) to end, before the next one starts.
  # 1. slow drag: 40 px left over ~0.6 s, released while still moving slowly.
  drag $(( CX + 60 )) "$CY" -40 0 20 0.03 0
  wait_log "$LOG" 1 gesture_ended
  # 2. fast flick: 120 px left in 12 steps of 10 ms (~12 px per 10 ms).
  drag $(( CX + 60 )) "$CY" -120 0 12 0.01 0
  wait_log "$LOG" 2 gesture_ended && wait_log "$LOG" 1 paged
  # 3. vertical flick up on the current card: 140 px in 12 steps of 10 ms.
  drag "$CX" $(( CY + 80 )) 0 -140 12 0.01 0
  wait_log "$LOG" 3 gesture_ended && wait_log "$LOG" 1 deleted
  # 4. a drag of 70 px, then holding still for 0.3 s before the release.
  drag $(( CX + 40 )) "$CY" -70 0 14 0.01 0.3
  wait_log "$LOG" 4 gesture_ended
  # Nothing may follow the held release: no page turned within the time a coast would take.
  quiet_log "$LOG" paged 0.8 || echo "  (a page turned after the held release)"
  stop_app
  python3 "$HERE/check_log.py" "$LOG" && pass "log: slow drag stays, flick pages once, vertical flick deletes once, held release does not coast" || fail "log checks (log at $LOG)"
else
  fail "the app did not start under Xvfb: $(cat "$LOG.out" 2>/dev/null)"
fi

# Live reload of a config out of range is refused (the window keeps the last good settings and
# keeps running); a good one is taken. Then SIGHUP ends the window within a frame, quit logged.
LIVE="$OUT/live.jsonl"
echo '{"now": {"heightRatio": 0.6}}' > "$OUT/live.json"
if start_app "$LIVE" --demo now --config "$OUT/live.json"; then
  echo '{"now": {"heightRatio": 1e15}}' > "$OUT/live.json"
  wait_text "$LIVE.out" "keeping the previous settings"
  echo '{"now": {"heightRatio": 0.5}}' > "$OUT/live.json"
  wait_log "$LIVE" 1 config_reloaded
  alive=no; kill -0 "$APP" 2>/dev/null && alive=yes
  t0=$(date +%s%N); kill -HUP "$APP"; wait "$APP"; rc=$?; t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))
  if [ $alive = yes ] && grep -q "'now.heightRatio' = 1e+15 is out of range (expected 0.05 to 4); keeping the previous settings" "$LIVE.out" \
     && grep -q '"config_reloaded"' "$LIVE"; then
    pass "live reload: heightRatio 1e15 refused with its range, the window kept running, 0.5 taken"
  else
    fail "live reload: alive=$alive: $(cat "$LIVE.out")"
  fi
  # Within a frame on a quiet machine (tens of ms); 3 s holds on a loaded 2-core one.
  if [ $rc = 129 ] && [ $ms -lt 3000 ] && tail -n 1 "$LIVE" | grep -q '"quit"'; then
    pass "SIGHUP ends the window in $ms ms (under 3000), exit 129, log ends with quit"
  else
    fail "SIGHUP: exit $rc after $ms ms, last line $(tail -n 1 "$LIVE")"
  fi
else
  fail "the app did not start for the live reload check: $(cat "$LIVE.out" 2>/dev/null)"
fi
finish
