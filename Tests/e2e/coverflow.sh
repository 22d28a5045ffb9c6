#!/usr/bin/env bash
# A sixth interaction written outside Flick (Examples/CoverFlow, its own package) in Flick's
# window shell under Xvfb: `coverflow --demo coverflow` opens, a real flick sideways browses
# (a page turned), a real swipe down on the centre card deletes it; the log names the cover
# flow and the deletion's way.
# Usage: coverflow.sh path/to/flick [OUTDIR]   (the cover flow's binary: COVERFLOW_BIN, else
#        Examples/CoverFlow/.build/release/coverflow)
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
BIN=$(readlink -f "${COVERFLOW_BIN:-$ROOT/Examples/CoverFlow/.build/release/coverflow}")
[ -x "$BIN" ] || { fail "no coverflow binary at $BIN (cd Examples/CoverFlow && swift build -c release)"; finish; }

start_xvfb "$OUT" || { fail "Xvfb did not start (see $OUT/xvfb.log)"; finish; }
LOG="$OUT/coverflow.jsonl"
if start_app "$LOG" --demo coverflow --size 1000x700 --cards "$ROOT/assets"; then
  CX=$(( SX + SW / 2 )); CY=$(( SY + SH / 2 ))
  if head -n 1 "$LOG" | grep -q '"demo":"coverflow"'; then
    pass "the window opened on the cover flow (the started line names it)"
  else
    fail "the started line does not name the cover flow: $(head -n 1 "$LOG")"
  fi
  # A fast flick to the left: 150 px in 10 steps of 10 ms.
  drag $(( CX + 80 )) "$CY" -150 0 10 0.01 0
  if wait_log "$LOG" 1 gesture_ended && wait_log "$LOG" 1 paged; then
    pass "a flick browses: $(grep '"event":"paged"' "$LOG" | head -n 1)"
  else
    fail "no page turned after a flick (log at $LOG)"
  fi
  # A swipe down on the centre card: 160 px in 12 steps of 10 ms.
  drag "$CX" $(( CY - 40 )) 0 160 12 0.01 0
  if wait_log "$LOG" 2 gesture_ended && wait_log "$LOG" 1 deleted; then
    line=$(grep '"event":"deleted"' "$LOG" | head -n 1)
    if grep -q '"direction":"down"' <<<"$line" && grep -q '"label":"delete"' <<<"$line"; then
      pass "a swipe down deletes the centre card: $line"
    else
      fail "the deletion does not say it went down as a delete: $line"
    fi
  else
    fail "no card deleted after a swipe down (log at $LOG)"
  fi
  stop_app
else
  fail "coverflow did not start under Xvfb: $(cat "$LOG.out" 2>/dev/null)"
fi
stop_xvfb
finish
