#!/usr/bin/env bash
# Wheel and tap through a real X server (its own Xvfb) and the real binary, checked in the log:
# - carousel: one wheel notch turns one page and logs one `paged`; a burst of five notches turns
#   one more page and logs one more `paged`;
# - now: a tap on the card below the current one brings it to the centre (`selected` names it,
#   `paged` 0 -> 1 follows).
# Usage: input.sh path/to/flick OUTDIR
set -u
BIN=$1; OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
mkdir -p "$OUT"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; }
trap cleanup EXIT
ok() { echo "  ok    $1"; }
fail() { echo "  FAIL  $1"; }

N=""
for n in $(seq 141 190); do
  if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then N=$n; break; fi
done
Xvfb ":$N" -screen 0 1280x800x24 -nolisten tcp >"$OUT/xvfb.log" 2>&1 &
PIDS+=($!)
export DISPLAY=":$N"
for _ in $(seq 1 100); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done

start_app() {
  local log=$1; shift
  (cd "$ROOT" && exec "$BIN" --log "$log" "$@") >"$log.out" 2>&1 &
  APP=$!
  PIDS+=($APP)
  WID=""
  for _ in $(seq 1 150); do
    WID=$(xdotool search --onlyvisible --name '^flick' 2>/dev/null | head -n 1)
    [ -n "$WID" ] && grep -q '"started"' "$log" 2>/dev/null && break
    sleep 0.1
  done
  [ -n "$WID" ] || { echo "  (app did not open a window: $(cat "$log.out"))"; return 1; }
  eval "$(xdotool getwindowgeometry --shell "$WID")"
  WX=$X; WY=$Y
  read -r SX SY SW SH <<<"$(python3 -c 'import json,sys; s=json.loads(open(sys.argv[1]).readline())["stage"]; print(*[round(v) for v in s])' "$log")"
}
stop_app() {
  kill -TERM "$APP" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 "$APP" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$APP" 2>/dev/null
  wait "$APP" 2>/dev/null
}
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
  sleep 1.2
  one=$(events "$LOG" paged)
  [ "$one" = "0>1" ] && ok "one wheel notch: one page, one 'paged' ($one)" \
                     || fail "one wheel notch: expected paged 0>1, got '$one' (log $LOG)"
  xdotool click --repeat 5 --delay 15 5
  sleep 1.5
  burst=$(events "$LOG" paged)
  [ "$burst" = "0>1 1>2" ] && ok "a burst of five notches: one more page, one more 'paged' ($burst)" \
                           || fail "a burst of notches: expected paged 0>1 1>2, got '$burst' (log $LOG)"
  stop_app
else
  fail "wheel: the app did not start"
fi

LOG="$OUT/tap.jsonl"
if start_app "$LOG" --demo now --size 1000x700; then
  # The card below the current one shows at the bottom of the phone.
  xdotool mousemove $((WX + SX + SW / 2)) $((WY + SY + SH - 25)) sleep 0.2 click 1
  sleep 1.2
  selected=$(events "$LOG" selected); paged=$(events "$LOG" paged)
  [ "$selected" = "1" ] && [ "$paged" = "0>1" ] && ok "a tap on the next card centres it (selected $selected, paged $paged)" \
    || fail "tap on a neighbour: selected '$selected' (want 1), paged '$paged' (want 0>1) (log $LOG)"
  stop_app
else
  fail "tap: the app did not start"
fi
