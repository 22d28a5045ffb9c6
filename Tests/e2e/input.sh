#!/usr/bin/env bash
# Wheel and tap through a real X server (its own Xvfb) and the real binary, checked in the log:
# - carousel: one wheel notch turns one page and logs one `paged`; a burst of five notches turns
#   one more page and logs one more `paged`;
# - now: a tap on the card below the current one brings it to the centre (`selected` names it,
#   `paged` 0 -> 1 follows).
# Usage: input.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

start_xvfb "$OUT" || fail "Xvfb did not start (see $OUT/xvfb.log)"

# events LOG NAME: the log's events of that name as "from>to" or card ids, one line.
events() {
  python3 - "$1" "$2" <<'PY'
import json, sys
out = []
for line in open(sys.argv[1]):
    e = json.loads(line)
    if e.get("event") != sys.argv[2]: continue
    out.append(f'{e["from"]}>{e["to"]}' if "from" in e else str(e.get("card")))
print(" ".join(out))
PY
}

LOG="$OUT/wheel.jsonl"
if start_app "$LOG" --demo carousel --size 1000x700; then
  xdotool mousemove $((WX + SX + SW / 2)) $((WY + SY + SH / 2)) sleep 0.2 click 5
  wait_log "$LOG" 1 paged && quiet_log "$LOG" paged 0.5
  one=$(events "$LOG" paged)
  [ "$one" = "0>1" ] && pass "one wheel notch: one page, one 'paged' ($one)" \
                     || fail "one wheel notch: expected paged 0>1, got '$one' (log $LOG)"
  xdotool click --repeat 5 --delay 15 5
  # One more page must come; a second one would follow within the settle time.
  wait_log "$LOG" 2 paged && quiet_log "$LOG" paged 0.8
  burst=$(events "$LOG" paged)
  [ "$burst" = "0>1 1>2" ] && pass "a burst of five notches: one more page, one more 'paged' ($burst)" \
                           || fail "a burst of notches: expected paged 0>1 1>2, got '$burst' (log $LOG)"
  stop_app
else
  fail "wheel: the app did not start"
fi

LOG="$OUT/tap.jsonl"
if start_app "$LOG" --demo now --size 1000x700; then
  # The card below the current one shows at the bottom of the phone.
  xdotool mousemove $((WX + SX + SW / 2)) $((WY + SY + SH - 25)) sleep 0.2 click 1
  wait_log "$LOG" 1 selected && wait_log "$LOG" 1 paged
  selected=$(events "$LOG" selected); paged=$(events "$LOG" paged)
  [ "$selected" = "1" ] && [ "$paged" = "0>1" ] && pass "a tap on the next card centres it (selected $selected, paged $paged)" \
    || fail "tap on a neighbour: selected '$selected' (want 1), paged '$paged' (want 0>1) (log $LOG)"
  stop_app
else
  fail "tap: the app did not start"
fi
finish
